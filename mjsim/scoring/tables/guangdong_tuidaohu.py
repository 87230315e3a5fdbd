"""Guangdong push-down 广东推倒胡 (``guangdong_tuidaohu``) as a table: 番 multiply, self-draw
only, each of the three others pays.

Rules (docs/variants/guangdong_tuidaohu.md). Every win is 1 番 whatever its shape ("普通自摸胡
牌都叫平胡，算1番（无论胡型）", 星辰广东麻将's 推倒胡 rules); 无鬼 ×2, a win with no wild in the
hand ("无鬼：X2，胡牌时手中无鬼牌"); 杠开 ×2 ("杠开：X2"). The 大胡 multipliers of the usual
platform tables are on by default (``big_hands``): 碰碰胡 ×2, 七小对 ×2 (豪华七小对, a four
among the pairs, ×2 more), 清一色 ×2, 十三幺 ×8; ``big_hands=False`` is the plain reading
(every shape 1 番). A robbed kong counts as a self-draw that the robbed seat pays in full
(抢杠全包, the spec's ``rob_kong_as_self_draw``); 杠爆全包, 买马 horses and 跟庄 are spec fields
(``kong_bloom_liable``, ``birds`` / ``bird_rule="horse"``, ``follow_dealer``).

Parameters (:data:`PARAMS`): ``big_hands`` (True), ``no_wild`` (2: the 无鬼 factor; 1 = off),
``kong_bloom`` (2: the 杠开 factor).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"big_hands": True, "no_wild": 2, "kong_bloom": 2}


def table(variant: str = "guangdong_tuidaohu", **params) -> FanTable:
    """Guangdong push-down's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    rows = [
        {"zh": "平胡", "en": "win (any shape)", "when": "win", "value": 1},
        {"zh": "无鬼", "en": "no wild in the hand", "when": "no_wild", "value": p["no_wild"],
         "kind": "mul"},
        {"zh": "杠开", "en": "win on a kong replacement", "when": "kong_bloom",
         "value": p["kong_bloom"], "kind": "mul"},
    ]  # fmt: skip
    if p["big_hands"]:
        rows += [
            {"zh": "碰碰胡", "en": "all pungs", "when": "all_pungs", "value": 2, "kind": "mul"},
            {"zh": "七小对", "en": "seven pairs", "when": "seven_pairs", "value": 2,
             "kind": "mul"},
            {"zh": "豪华七小对", "en": "luxury seven pairs (a four)", "when":
             "seven_pairs_fours", "value": 2, "kind": "mul", "per": "once"},
            {"zh": "清一色", "en": "full flush", "when": "full_flush", "value": 2,
             "kind": "mul"},
            {"zh": "十三幺", "en": "thirteen orphans", "when": "thirteen_orphans", "value": 8,
             "kind": "mul"},
        ]  # fmt: skip
    rows = [r for r in rows if r["value"] != 1 or r.get("kind") != "mul"]
    return FanTable(
        name=variant,
        rows=tuple(rows),
        combine="product",
        unit="fan",
        shapes=("standard", "seven_pairs", "thirteen_orphans"),
        source="星辰广东麻将, 推倒胡规则 (平胡 1 番, 无鬼 ×2, 杠开 ×2); the usual platform 大胡 "
        "multipliers (碰碰胡, 七小对, 清一色 ×2, 十三幺 ×8)",
        params=p,
    )


def payment(variant: str = "guangdong_tuidaohu", **params) -> PaymentRecord:
    """Guangdong push-down's payments: a self-draw only game ("不许吃牌只许自摸"): each of the
    three others pays the 番 in units; a robbed kong is paid in full by the robbed seat."""
    table_params(variant, PARAMS, params)
    return PaymentRecord(name=variant, rob_kong="self_draw_by_robbed")
