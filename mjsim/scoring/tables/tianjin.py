"""Tianjin 天津麻将 (``tianjin``) as a table: 番 = base × 2 ** factors, 天胡 × 4.

Rules (docs/variants/tianjin.md): the bases add, 提溜 1 when nothing else ("但不能构成捉5、龙、
素的、（双）混吊，就算提溜"), 捉5 3, 龙 4 ("捉5+龙=3+4=7番"); each of 素的, 混吊 / 双混吊 (one
factor: "两种混吊在分数上没有区别"), 本混 and 杠开 doubles; 天胡 ×4, not after a kong
("庄家摸到牌后，暗杠，补杠后胡牌，不算天胡"); the best reading counts ("牌型取最大的一个"); a win
needs at least 2 番.
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"heavenly_mult": 4, "min_to_win": 2, "tiliu_kong_bloom": True}


def table(variant: str = "tianjin", **params) -> FanTable:
    """Tianjin's table; parameters :data:`PARAMS` (``tiliu_kong_bloom`` False: 杠开 does not
    double a plain 提溜 that holds a wild, so it cannot reach the 2-番 minimum: the other
    reading, see docs/variants/tianjin.md)."""
    p = table_params(variant, PARAMS, params)
    rows = [
        {"zh": "提溜", "en": "plain win", "when": "win", "value": 1},
        {"zh": "捉5", "en": "catch the five", "when": "catch_five", "value": 3,
         "cancels": ("提溜",)},
        {"zh": "龙", "en": "dragon (123-456-789 of one suit)", "when": "pure_straight",
         "value": 4, "cancels": ("提溜",)},
        {"zh": "素的", "en": "no wild", "when": "no_wild", "value": 2, "kind": "mul"},
        {"zh": "混吊", "en": "wild single wait", "when": "wild_single_wait", "value": 2,
         "kind": "mul"},
        {"zh": "双混吊", "en": "double wild wait", "when": "wild_double_wait", "value": 2,
         "kind": "mul"},
        {"zh": "本混", "en": "dragon in the wild's suit", "when": "straight_in_wild_suit",
         "value": 2, "kind": "mul"},
        {"zh": "杠开", "en": "win on a kong replacement", "when": "kong_bloom", "value": 2,
         "kind": "mul", "cancels": ("天胡",)},
        {"zh": "天胡", "en": "heavenly win", "when": "heavenly", "value": p["heavenly_mult"],
         "kind": "mul"},
    ]  # fmt: skip
    if not p["tiliu_kong_bloom"]:
        # a plain 提溜 with a wild: the readings with 捉5, 龙, 混吊 or 双混吊 are not plain
        for row in rows:
            if row["zh"] in ("捉5", "龙", "混吊", "双混吊"):
                row["cancels"] = (*row.get("cancels", ()), "提溜有混")
        rows.append(
            {"zh": "提溜有混", "en": "plain win holding a wild", "when": ("win", "wilds_held"),
             "value": 0, "kind": "condition", "cancels": ("杠开",)}
        )  # fmt: skip
    return FanTable(
        name=variant,
        rows=tuple(rows),
        combine="product",
        unit="fan",
        min_to_win=p["min_to_win"],
        shapes=("standard",),
        source="Tianjin rules (docs/variants/tianjin.md)",
        params=p,
    )


def payment(variant: str = "tianjin", **params) -> PaymentRecord:
    """Tianjin's payments: a self-draw only game ("天津麻将只能自摸或杠开胡"): each of the three
    pays the 番 (the 坐庄 / 拉庄 stakes multiply it in the engine's pre-hand bet)."""
    table_params(variant, PARAMS, params)
    return PaymentRecord(name=variant)
