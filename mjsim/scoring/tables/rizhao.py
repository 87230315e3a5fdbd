"""Rizhao 日照麻将 (``rizhao``) as a table: 10 豆 × (hand 番 + the winner's kongs) × 2 per doubler.

Rules (docs/variants/rizhao.md), the 番 table of the Shandong rule text (山东麻将规则, 日照麻将):
推倒和 1 (小和); the 大和 清一色, 将一色 (every tile a 2, 5 or 8, any shape), 风一色 (every tile a
wind, any shape), 碰碰和, 一条龙, 十三不靠 and 七对 (with a 2-5-8 pair) 2 each; 大哥大 (豪华七对: a
triplet held and the fourth copy won, "要求手中有三张一样的牌，并且和第四张") 4; each kong of the winner 1 番, exposed or concealed alike ("杠牌不区分明杠、暗杠。每个杠都对应1番");
杠开, 天和, 天听 and 海底捞月 each double the hand ("杠开、天和、天听、海底捞月均番倍"); 1 番 is 10 豆
("以1番10豆为例").

The combination is the recommended reading (the text gives none): the 大和 items add up and
replace 推倒和; the kongs add to them; the doublers multiply the sum. Every other player pays a
win, which is always a self-draw ("日照麻将没有点炮一说，只能和自摸").

Parameters (:data:`PARAMS`): ``unit`` (10 豆 a 番); ``wind_hand`` (``"winds"``: 风一色 is every
tile a wind, "手上全部是风牌"; ``"any"``: every tile an honour, the dragons too; in play it is the spec's
``free_honors``: :data:`mjsim.scoring.tables.SPEC_FIELD_PARAMS`).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"unit": 10, "wind_hand": "winds"}
_WIND_HANDS = ("winds", "any")

_BIG = ("推倒和",)


def table(variant: str = "rizhao", **params) -> FanTable:
    """Rizhao's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    if p["wind_hand"] not in _WIND_HANDS:
        raise ValueError(
            f"fan table {variant!r}: wind_hand={p['wind_hand']!r} is not one of {list(_WIND_HANDS)}"
        )
    wind_item = "all_winds" if p["wind_hand"] == "winds" else "all_honors"
    sp = "seven_pairs"
    rows = (
        {"zh": "推倒和", "en": "win", "when": "win", "value": 1},
        {"zh": "清一色", "en": "full flush", "when": "full_flush", "value": 2, "cancels": _BIG},
        {"zh": "将一色", "en": "all 2-5-8", "when": "all_258", "value": 2, "cancels": _BIG},
        {"zh": "风一色", "en": "all winds", "when": wind_item, "value": 2, "cancels": _BIG},
        {"zh": "碰碰和", "en": "all pungs", "when": "all_pungs", "value": 2, "cancels": _BIG},
        {"zh": "一条龙", "en": "pure straight", "when": "pure_straight", "value": 2,
         "cancels": _BIG},
        {"zh": "十三不靠", "en": "knitted tiles and honours", "when": "knitted", "value": 2,
         "cancels": _BIG},
        {"zh": "七对", "en": "seven pairs (a 2-5-8 pair)", "when": (sp, "pair_258"), "value": 2,
         "group": sp, "cancels": _BIG},
        {"zh": "大哥大", "en": "seven pairs won on a fourth copy",
         "when": ("seven_pairs_won_four", "pair_258"), "value": 4, "per": "once", "group": sp,
         "cancels": _BIG},
        {"zh": "杠", "en": "kong (the winner's)", "when": "kongs", "value": 1},
        {"zh": "杠开", "en": "win on a kong replacement", "when": "kong_bloom", "value": 2,
         "kind": "mul"},
        {"zh": "天和", "en": "heavenly hand", "when": "heavenly", "value": 2, "kind": "mul"},
        {"zh": "天听", "en": "ready with the first discard", "when": "ready_first_discard",
         "value": 2, "kind": "mul"},
        {"zh": "海底捞月", "en": "self-draw of the last tile", "when": "last_tile_self_draw",
         "value": 2, "kind": "mul"},
    )  # fmt: skip
    return FanTable(
        name=variant,
        rows=rows,
        combine="product",
        unit="fan",
        shapes=("standard", "seven_pairs", "all_258_free", "all_honors_free", "knitted"),
        pair_rule="258",
        free_honors=p["wind_hand"],
        source="山东麻将规则, 日照麻将 (番 table); the combination is the recommended reading",
        params=p,
    )


def payment(variant: str = "rizhao", **params) -> PaymentRecord:
    """Rizhao's payments: every other player pays ``unit`` 豆 a 番 of a self-draw (the only
    win)."""
    p = table_params(variant, PARAMS, params)
    return PaymentRecord(name=variant, unit=p["unit"], discard="everyone")
