"""Hebei 河北麻将: the placeholder table as data (the seeds have no Hebei scoring table).

The values are the DEFAULT placeholder of :mod:`mjsim.variants.hebei` (``score_values``
``(1, 2, 2, 2, 8, ...)``): 平胡 1 point, times the largest shape multiplier (碰碰胡 ×2, 七对 ×2,
十三幺 ×8), times 2 on a self-draw (自摸, paid by all three).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {
    "base": 1,
    "self_draw_mult": 2,
    "all_pungs_mult": 2,
    "seven_pairs_mult": 2,
    "thirteen_orphans_mult": 8,
}


def table(variant: str = "hebei", **params: int) -> FanTable:
    """Hebei's placeholder table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    rows = (
        {"zh": "平胡", "en": "basic win", "when": "win", "value": p["base"]},
        {"zh": "自摸", "en": "self-draw", "when": "self_drawn", "value": p["self_draw_mult"],
         "kind": "mul"},
        {"zh": "碰碰胡", "en": "all pungs", "when": "all_pungs", "value": p["all_pungs_mult"],
         "kind": "mul", "group": "shape"},
        {"zh": "七对", "en": "seven pairs", "when": "seven_pairs", "value": p["seven_pairs_mult"],
         "kind": "mul", "group": "shape"},
        {"zh": "十三幺", "en": "thirteen orphans", "when": "thirteen_orphans",
         "value": p["thirteen_orphans_mult"], "kind": "mul", "group": "shape"},
    )  # fmt: skip
    return FanTable(
        name=variant,
        rows=rows,
        combine="product",
        unit="points",
        shapes=("standard", "seven_pairs", "thirteen_orphans"),
        source="DEFAULT placeholder (docs/variants/hebei.md); no Hebei table in the sources",
        params=p,
    )


def payment(variant: str = "hebei", **params: int) -> PaymentRecord:
    """Hebei's payments: the discarder alone pays a discard win ("只有放炮家输分"), all three pay
    a self-draw ("三家都要输分"), the hand value each."""
    table_params(variant, PARAMS, params)
    return PaymentRecord(name=variant)
