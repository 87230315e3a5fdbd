"""Nanchang 南昌麻将 (``nanchang``) as a table: the hand multiplier H × the 德国 factor G, doubled
on a self-draw; every seat pays a discard win (the discarder double), a pair with the dealer
doubles; the 德国 +5 of each responsible payer.

Rules (docs/variants/nanchang.md). The payment table of the rule text (南昌麻将算子规则: 7 hands ×
4 cases) fits ``pay(payer) = H × D × S × G (+ 5 for 德国 when the payer is responsible)``:
H = 平胡 1, 小七对 2, 十三烂 2, 大七对 (all pungs) 4, 七星十三烂 4 (天胡 / 地胡 4 too: no
published value, valued as the largest 大胡, the best of the hand group counting); D = 2 when the payer or the
winner is the dealer; S = 2 on a self-draw and for the discarder of a discard win; G = 2 for
德国 (no 精 standing for another tile), 4 for 德国小七对 (the rule text's numbers); the +5 is paid
by every payer of a self-draw and by the discarder of a discard win. The hand value here is
H × G × (2 on a self-draw); D and the discarder's S are the payment record's
``dealer_mult`` and ``discarder_mult``; the +5 is its ``bonus_add`` on the 德国 row.

Parameters (:data:`PARAMS`): ``seed_de_seven_pairs`` (True: 德国小七对 is ×4 as the rule text's
"德国7星" row prices it; False: ×2 like every other 德国 hand, the formula reading),
``de_bonus`` (5: the 德国 +5 of each responsible payer).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"seed_de_seven_pairs": True, "de_bonus": 5}

#: the row of 德国 (the payment record's bonus_row)
DE_ROW = 8


def table(variant: str = "nanchang", **params) -> FanTable:
    """Nanchang's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    rows = [
        {"zh": "平胡", "en": "win (the base)", "when": "win", "value": 1},
        {"zh": "自摸", "en": "self-draw", "when": "self_drawn", "value": 2, "kind": "mul"},
        {"zh": "小七对", "en": "seven pairs", "when": "seven_pairs", "value": 2, "kind": "mul",
         "group": "hand"},
        {"zh": "十三烂", "en": "thirteen rotten", "when": "shisanlan", "value": 2,
         "kind": "mul", "group": "hand"},
        {"zh": "大七对", "en": "all pungs", "when": "all_pungs", "value": 4, "kind": "mul",
         "group": "hand"},
        {"zh": "七星十三烂", "en": "thirteen rotten with all seven honours",
         "when": "shisanlan_seven_stars", "value": 4, "kind": "mul", "group": "hand"},
        {"zh": "天胡", "en": "heavenly hand (valued as the largest 大胡)", "when": "heavenly",
         "value": 4, "kind": "mul", "group": "hand"},
        {"zh": "地胡", "en": "earthly hand (valued as the largest 大胡)", "when": "earthly",
         "value": 4, "kind": "mul", "group": "hand"},
        {"zh": "德国", "en": "no 精 used as a wild", "when": "no_wild_used", "value": 2,
         "kind": "mul"},
    ]  # fmt: skip
    assert rows[DE_ROW]["zh"] == "德国"
    if p["seed_de_seven_pairs"]:
        rows.append(
            {"zh": "德国小七对", "en": "seven pairs with no 精 used (德国 ×4 in all)",
             "when": ("no_wild_used", "seven_pairs"), "value": 2, "kind": "mul"},
        )  # fmt: skip
    return FanTable(
        name=variant,
        rows=tuple(rows),
        combine="product",
        unit="units (个)",
        shapes=("standard", "seven_pairs", "shisanlan"),
        honor_chows=3,
        source="麻将规则 collection, 南昌麻将 (南昌麻将算子规则: the payment table); the Taihe 冲关 "
        "tables of wddqxz.cn (七星十三烂)",
        params=p,
    )


def payment(variant: str = "nanchang", **params) -> PaymentRecord:
    """Nanchang's payments: every seat pays a discard win, the discarder two shares; a share
    paid or received by the dealer doubles; the 德国 +5 of each responsible payer."""
    p = table_params(variant, PARAMS, params)
    return PaymentRecord(
        name=variant,
        discard="everyone",
        discarder_mult=2,
        dealer_mult=2,
        bonus_add=p["de_bonus"],
        bonus_row=DE_ROW,
    )
