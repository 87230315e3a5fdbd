"""Fujian 百搭 福建百搭 (``fujian_baida``) as a table: a moving wild (百搭), factors on a base
of 1.

Rules (docs/variants/fujian_baida.md). The rule text gives only the wild (the turned tile's
kind, or the kind after it, is 百搭; a 白板 stands for the turned kind); the values are the most
common published 百搭 rules: a win is 1; 自摸 ×2, 无百搭 (no wild in the hand) ×2, 七对 ×2,
对对胡 ×2, 混一色 ×2, 清一色 ×4, 字一色 ×8 (the best of the three flushes), 杠开 ×2,
抢杠 ×2, 海底捞月 ×2, 天胡 / 地胡 ×8.

Parameters (:data:`PARAMS`): ``seven_pairs`` (True: 七对 wins), ``no_wild`` (2: the 无百搭
factor).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"seven_pairs": True, "no_wild": 2}


def table(variant: str = "fujian_baida", **params) -> FanTable:
    """Fujian 百搭's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    rows = [
        {"zh": "平胡", "en": "win", "when": "win", "value": 1},
        {"zh": "自摸", "en": "self-draw", "when": "self_drawn", "value": 2, "kind": "mul"},
        {"zh": "无百搭", "en": "no wild in the hand", "when": "no_wild", "value": p["no_wild"],
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
    if p["seven_pairs"]:
        rows.append(
            {"zh": "七对", "en": "seven pairs", "when": "seven_pairs", "value": 2, "kind": "mul"}
        )
    return FanTable(
        name=variant,
        rows=tuple(rows),
        combine="product",
        unit="points",
        shapes=("standard", "seven_pairs") if p["seven_pairs"] else ("standard",),
        source="麻将规则 collection, 福建麻将 (the 百搭 wild); the common published 百搭 rules "
        "(values)",
        params=p,
    )


def payment(variant: str = "fujian_baida", **params) -> PaymentRecord:
    """Fujian 百搭's payments: the discarder pays a discard win, each of the three a
    self-draw."""
    table_params(variant, PARAMS, params)
    return PaymentRecord(name=variant)
