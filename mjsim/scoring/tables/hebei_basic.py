"""Hebei short form 河北麻将（简单规则）(``hebei_basic``) as a table: a win is worth the stake.

The rule text is one sentence: two-high stacks, a win with fourteen tiles, chow and pung allowed,
no flowers, "基点为1、2、3". It names no scoring item and no multiplier, so every win is a plain
推倒和 worth the base stake (基点), which a table sets to 1, 2 or 3 (parameter ``stake``,
default 1): the discarder alone pays a discard win, each of the other three pays a self-draw.
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

#: ``stake``: the base points of the table, 1, 2 or 3 ("基点为1、2、3")
PARAMS = {"stake": 1}
STAKES = (1, 2, 3)


def _params(variant: str, params: dict) -> dict:
    p = table_params(variant, PARAMS, params)
    if p["stake"] not in STAKES:
        raise ValueError(
            f"fan table {variant!r}: stake must be one of {list(STAKES)} (基点为1、2、3), "
            f"got {p['stake']!r}"
        )
    return p


def table(variant: str = "hebei_basic", **params: int) -> FanTable:
    """The short form's table: one row, 平胡 = ``stake``; parameters :data:`PARAMS`.

    Raises ``ValueError`` for a stake other than 1, 2 or 3."""
    p = _params(variant, params)
    rows = ({"zh": "平胡", "en": "win (the stake)", "when": "win", "value": p["stake"]},)
    return FanTable(
        name=variant,
        rows=rows,
        combine="sum",
        unit="points",
        shapes=("standard",),
        source="麻将规则 collection, 河北麻将简单规则（可吃碰牌）: 基点为1、2、3",
        params=p,
    )


def payment(variant: str = "hebei_basic", **params: int) -> PaymentRecord:
    """The short form's payments: the discarder pays a discard win, each of the three others a
    self-draw, one stake each (the text names no other payer)."""
    _params(variant, params)
    return PaymentRecord(name=variant)
