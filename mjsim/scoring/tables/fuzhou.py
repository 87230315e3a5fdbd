"""Fuzhou 福州麻将 (``fuzhou``) as a table: a core of counts (doubled on a self-draw) plus the
best special row (not doubled).

Rules (docs/variants/fuzhou.md). The rule text (《全国各地麻将玩法总汇》福建麻将) names the
special wins but its numbers are lost; the values are the common published Fuzhou online rules
(the 福州麻将 room rules of the open-source Fuzhou implementations):

- core = 5 (底) + 花数 + 杠番 + 连庄数 + 金数, where 花数 is one per flower (the honour
  flowers included), +2 for each honour kind set aside four times, +2 for 春夏秋冬 and +2 for
  梅兰竹菊; 杠番 is 1 per exposed kong and 2 per concealed kong; 连庄数 the hands the dealer
  has kept; 金数 the golds in the winning hand;
- special = the best one of 一张花 15, 无花无杠 30, 天胡 30, 抢金 30, 三金倒 40, 金雀 60,
  金龙 120 (not added together);
- a self-draw (天胡 and 抢金 included) doubles the core: each of the three pays
  core × 2 + special; a discard win: the discarder pays core + special.

Parameters (:data:`PARAMS`): ``base`` (5: the 底 of the core), ``discard_everyone`` (False:
the discarder alone pays a discard win; True: every loser pays it, the reading of the
《福州麻将游戏规则》 based tables).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"base": 5, "discard_everyone": False}


def table(variant: str = "fuzhou", **params) -> FanTable:
    """Fuzhou's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    special = "special"
    rows = [
        {"zh": "底", "en": "win (the base of the core)", "when": "win", "value": p["base"]},
        {"zh": "花", "en": "each flower (honour flowers included)", "when": "flowers",
         "value": 1, "qualifying": False},
        {"zh": "四张相同字花", "en": "four identical honour flowers", "when":
         "honor_flower_quads", "value": 2, "qualifying": False},
        {"zh": "花齐", "en": "a full set 春夏秋冬 or 梅兰竹菊", "when": "flower_sets",
         "value": 2, "qualifying": False},
        {"zh": "明杠", "en": "each exposed kong", "when": "exposed_kongs", "value": 1},
        {"zh": "暗杠", "en": "each concealed kong", "when": "concealed_kongs", "value": 2},
        {"zh": "连庄", "en": "each hand the dealer kept", "when": "dealer_repeats", "value": 1,
         "qualifying": False},
        {"zh": "金", "en": "each gold in the hand", "when": "wilds_held", "value": 1},
        {"zh": "自摸", "en": "self-draw (天胡, 抢金 included): the core doubled",
         "when": "self_drawn", "value": 2, "kind": "mul"},
        {"zh": "天胡", "en": "heavenly hand", "when": "heavenly", "value": 30, "kind": "post",
         "group": special},
        {"zh": "抢金", "en": "grabbing the gold", "when": "grabbed", "value": 30,
         "kind": "post", "group": special},
        {"zh": "三金倒", "en": "three golds", "when": "three_wilds", "value": 40,
         "kind": "post", "group": special},
        {"zh": "金雀", "en": "a pair of golds", "when": "wild_pair", "value": 60,
         "kind": "post", "group": special},
        {"zh": "金龙", "en": "three golds as their own pung", "when": "wild_pung",
         "value": 120, "kind": "post", "group": special},
        {"zh": "一张花", "en": "one flower, no kong", "when": "flowers", "value": 15,
         "kind": "post", "per": "once", "group": special},
        {"zh": "无花无杠", "en": "no flower, no kong", "when": "win", "value": 30,
         "kind": "post", "per": "once", "group": special},
        # 平胡 conditions: a flower or a kong ends 无花无杠, a second flower or a kong 一张花
        {"zh": "有花", "en": "a flower", "when": "flowers", "value": 0, "kind": "condition",
         "cancels": ("无花无杠",)},
        {"zh": "两张花", "en": "two or more flowers", "when": "flowers", "min": 2, "value": 0,
         "kind": "condition", "cancels": ("一张花",)},
        {"zh": "有杠", "en": "a kong", "when": "kongs", "value": 0, "kind": "condition",
         "cancels": ("无花无杠", "一张花")},
        # a grab is a shape win: the golds it holds make no 三金倒 ("不能以胡三金倒的胡型来抢金")
        {"zh": "抢金非三金倒", "en": "a grab is no 三金倒", "when": "grabbed", "value": 0,
         "kind": "condition", "cancels": ("三金倒",)},
    ]  # fmt: skip
    return FanTable(
        name=variant,
        rows=tuple(rows),
        combine="product",
        unit="points",
        shapes=("standard", "three_wilds"),
        source="《全国各地麻将玩法总汇》福建麻将 (the special wins); the common published Fuzhou "
        "online rules (core = 花数 + 杠番 + 连庄数 + 金数 + 5; special 15-120)",
        params=p,
    )


def payment(variant: str = "fuzhou", **params) -> PaymentRecord:
    """Fuzhou's payments: the discarder pays a discard win (every loser with
    ``discard_everyone``), each of the three a self-draw."""
    p = table_params(variant, PARAMS, params)
    if p["discard_everyone"]:
        return PaymentRecord(name=variant, discard="everyone")
    return PaymentRecord(name=variant)
