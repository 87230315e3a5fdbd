"""Jiangnan 江南麻将, the 心皇 game (``jiangnan``) as a table: a base of 1 times the factors of
the common Jiangnan (杭州 / 温州 family) tables.

Rules (docs/variants/jiangnan.md). The rule text (江南麻将, 心皇麻将) gives the imagined tile and
the lockout on one's own discards but no scoring; the values are the factors the published
tables of the region share (the Hangzhou table of treyo-mahjongtables.com, "Hangzhou Mahjong
Playing", and the common Wenzhou 财神 rules): 自摸 ×2, 对对胡 ×2, 混一色 ×2, 清一色 ×4,
字一色 ×8 (the best of the three flushes), 七对 ×2 (an option), 杠开 ×2, 抢杠 ×2, 海底捞月 ×2,
天胡 / 地胡 ×8. The discarder pays a discard win, each of the three a self-draw.

Parameters (:data:`PARAMS`): ``seven_pairs`` (True: seven pairs is a win, ×2).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"seven_pairs": True}


def table(variant: str = "jiangnan", **params) -> FanTable:
    """Jiangnan's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    rows = [
        {"zh": "平和", "en": "win (the base)", "when": "win", "value": 1},
        {"zh": "自摸", "en": "self-draw", "when": "self_drawn", "value": 2, "kind": "mul"},
        {"zh": "对对和", "en": "all pungs", "when": "all_pungs", "value": 2, "kind": "mul"},
        {"zh": "混一色", "en": "one suit and honours", "when": "half_flush", "value": 2,
         "kind": "mul", "group": "flush"},
        {"zh": "清一色", "en": "one suit", "when": "full_flush", "value": 4, "kind": "mul",
         "group": "flush"},
        {"zh": "字一色", "en": "all honours", "when": "all_honors", "value": 8, "kind": "mul",
         "group": "flush"},
        {"zh": "杠上开花", "en": "win on a kong replacement", "when": "kong_bloom", "value": 2,
         "kind": "mul"},
        {"zh": "抢杠", "en": "robbing a kong", "when": "robbing_kong", "value": 2,
         "kind": "mul"},
        {"zh": "海底捞月", "en": "self-draw of the last tile", "when": "last_tile_self_draw",
         "value": 2, "kind": "mul"},
        {"zh": "天和", "en": "heavenly hand", "when": "heavenly", "value": 8, "kind": "mul",
         "group": "first"},
        {"zh": "地和", "en": "earthly hand", "when": "earthly", "value": 8, "kind": "mul",
         "group": "first"},
    ]  # fmt: skip
    shapes: tuple[str, ...] = ("standard",)
    if p["seven_pairs"]:
        rows.append(
            {"zh": "七对", "en": "seven pairs", "when": "seven_pairs", "value": 2, "kind": "mul"}
        )
        shapes = ("standard", "seven_pairs")
    return FanTable(
        name=variant,
        rows=tuple(rows),
        combine="product",
        unit="points",
        shapes=shapes,
        source="麻将规则 collection, 江南麻将 (心皇: the imagined tile, no scoring); "
        "treyo-mahjongtables.com, Hangzhou Mahjong Playing, and the common Wenzhou 财神 rules "
        "(the factors)",
        params=p,
    )


def payment(variant: str = "jiangnan", **params) -> PaymentRecord:
    """Jiangnan's payments: the discarder pays a discard win, each of the three a self-draw."""
    table_params(variant, PARAMS, params)
    return PaymentRecord(name=variant)
