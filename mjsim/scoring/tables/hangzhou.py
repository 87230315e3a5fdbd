"""Hangzhou 杭州麻将 (``hangzhou``) as a table: 财神 wilds, multipliers on a base of 1.

Rules (docs/variants/hangzhou.md). The rule text gives the shapes (four sets and a pair, any
pair, "乱将即可") and names 爆头, 财飘 and 杠开 ("讲究爆头、财飘、杠开等规则"); the values are the
public Hangzhou tables': a win is 1; 爆头 ×2 (a self-draw on a lone-wild wait, every tile
winning); 财飘 ×4 for the first wild discarded from such a wait, ×2 again for each further one
(财飘两次 ×8, 三次 ×16), instead of 爆头's ×2; 杠开 ×2; 杠飘 (杠开 after a 财飘) both factors;
三财倒 ×4 (three wilds held, self-drawn); 全风字 (all honours) ×4; 天胡 and 地胡 ×8;
海底捞月 ×2; with ``seven_pairs`` (off: the rule text allows the standard shapes only) 七对 ×2
and each four among the pairs ×2 more (豪华 ×4, 双豪华 ×8, 三豪华 ×16).

Parameters (:data:`PARAMS`): ``seven_pairs`` (False), ``piao`` (4: the first 财飘's factor).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"seven_pairs": False, "piao": 4}


def table(variant: str = "hangzhou", **params) -> FanTable:
    """Hangzhou's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    rows = [
        {"zh": "平胡", "en": "win", "when": "win", "value": 1},
        {"zh": "爆头", "en": "self-draw on a lone-wild wait", "when":
         ("lone_wild_wait", "self_drawn"), "value": 2, "kind": "mul"},
        {"zh": "财飘", "en": "self-draw after discarding a wild from a lone-wild wait",
         "when": ("wild_piao", "lone_wild_wait", "self_drawn"), "value": p["piao"],
         "kind": "mul", "per": "once", "cancels": ("爆头",)},
        {"zh": "再飘", "en": "each further wild discarded so", "when": "wild_piao", "min": 2,
         "value": 2, "kind": "mul"},
        {"zh": "首飘", "en": "the first wild discarded so", "when": "wild_piao", "value": 0,
         "kind": "condition", "cancels": (("再飘", 1),)},
        {"zh": "杠开", "en": "win on a kong replacement", "when": "kong_bloom", "value": 2,
         "kind": "mul"},
        {"zh": "三财倒", "en": "three wilds, self-drawn", "when": "wilds_held", "min": 3,
         "value": 4, "kind": "mul", "per": "once"},
        {"zh": "须自摸", "en": "三财倒 and 财飘 count on a self-draw only", "when":
         "discard_win", "value": 0, "kind": "condition", "cancels": ("三财倒", "财飘", "再飘")},
        {"zh": "全风字", "en": "all honours", "when": "all_honors", "value": 4, "kind": "mul"},
        {"zh": "天胡", "en": "heavenly hand", "when": "heavenly", "value": 8, "kind": "mul"},
        {"zh": "地胡", "en": "earthly hand", "when": "earthly", "value": 8, "kind": "mul"},
        {"zh": "海底捞月", "en": "self-draw of the last tile", "when": "last_tile_self_draw",
         "value": 2, "kind": "mul"},
    ]  # fmt: skip
    if p["seven_pairs"]:
        rows += [
            {"zh": "七对", "en": "seven pairs", "when": "seven_pairs", "value": 2,
             "kind": "mul"},
            {"zh": "豪华七对", "en": "luxury seven pairs (each four)", "when":
             "seven_pairs_fours", "value": 2, "kind": "mul"},
        ]  # fmt: skip
    return FanTable(
        name=variant,
        rows=tuple(rows),
        combine="product",
        unit="points",
        shapes=("standard", "seven_pairs") if p["seven_pairs"] else ("standard",),
        source="麻将规则 collection, 杭州麻将 (shapes, 爆头 / 财飘 / 杠开 named); public Hangzhou "
        "tables (values)",
        params=p,
    )


def payment(variant: str = "hangzhou", **params) -> PaymentRecord:
    """Hangzhou's payments: the discarder pays a discard win, each of the three a
    self-draw."""
    table_params(variant, PARAMS, params)
    return PaymentRecord(name=variant)
