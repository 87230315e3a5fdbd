"""Wenzhou 温州麻将 (``wenzhou``) as a table: 财神 wilds, 16-tile hands, factors on a base that
each 连庄 raises.

Rules (docs/variants/wenzhou.md). The rule text gives the hand (16 tiles, the dealer 17), the
财神 ("财神可当任何牌") and that a dealer who stays on raises the base (底数); the values are the
most common published Wenzhou 财神 rules: the base is 1 plus 1 for each hand the dealer has
kept (连庄); the factors are 自摸 ×2, 硬胡 (no 财神 in the hand) ×2, 对对胡 ×2, 混一色 ×2,
清一色 ×4, 字一色 ×8 (the best of the three flushes), 杠开 ×2, 抢杠 ×2, 海底捞月 ×2 and
天胡 / 地胡 ×8.

Parameters (:data:`PARAMS`): ``repeat_base`` (1: what each 连庄 adds to the base; 0 turns the
raise off), ``no_wild`` (2: the 硬胡 factor).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"repeat_base": 1, "no_wild": 2}


def table(variant: str = "wenzhou", **params) -> FanTable:
    """Wenzhou's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    rows = [
        {"zh": "底", "en": "win (the base)", "when": "win", "value": 1},
        {"zh": "自摸", "en": "self-draw", "when": "self_drawn", "value": 2, "kind": "mul"},
        {"zh": "硬胡", "en": "no wild in the hand", "when": "no_wild", "value": p["no_wild"],
         "kind": "mul"},
        {"zh": "对对胡", "en": "all pungs", "when": "all_pungs", "value": 2, "kind": "mul"},
        {"zh": "混一色", "en": "one suit and honours", "when": "half_flush", "value": 2,
         "kind": "mul", "group": "flush"},
        {"zh": "清一色", "en": "one suit", "when": "full_flush", "value": 4, "kind": "mul",
         "group": "flush"},
        {"zh": "字一色", "en": "all honours", "when": "all_honors", "value": 8, "kind": "mul",
         "group": "flush"},
        {"zh": "杠开", "en": "win on a kong replacement", "when": "kong_bloom", "value": 2,
         "kind": "mul"},
        {"zh": "抢杠", "en": "robbing a kong", "when": "robbing_kong", "value": 2,
         "kind": "mul"},
        {"zh": "海底捞月", "en": "self-draw of the last tile", "when": "last_tile_self_draw",
         "value": 2, "kind": "mul"},
        {"zh": "天胡", "en": "heavenly hand", "when": "heavenly", "value": 8, "kind": "mul",
         "group": "first"},
        {"zh": "地胡", "en": "earthly hand", "when": "earthly", "value": 8, "kind": "mul",
         "group": "first"},
    ]  # fmt: skip
    if p["repeat_base"]:
        rows.insert(
            1,
            {"zh": "连庄", "en": "each hand the dealer kept (raises the base)",
             "when": "dealer_repeats", "value": p["repeat_base"], "qualifying": False},
        )  # fmt: skip
    return FanTable(
        name=variant,
        rows=tuple(rows),
        combine="product",
        unit="points",
        shapes=("standard",),
        source="麻将规则 collection, 温州麻将 (16 tiles, 财神, 连庄 raises the base); the common "
        "published Wenzhou 财神 rules (values)",
        params=p,
    )


def payment(variant: str = "wenzhou", **params) -> PaymentRecord:
    """Wenzhou's payments: the discarder pays a discard win, each of the three a self-draw."""
    table_params(variant, PARAMS, params)
    return PaymentRecord(name=variant)
