"""Guangdong chicken hand 鸡平胡 (``guangdong_jipinghu``) as a table.

Rules (docs/variants/guangdong_jipinghu.md): 番 doubles ("番是2倍的意思") and the ordinary hand
is capped at 爆和 3 番 ("爆和为3番"); extras only count inside the cap ("附加情况只对爆和内牌型
有效"); the special hands are fixed values that do not stack ("特殊牌型不再叠加其他番种": the
best single one); 一炮三响, 杠上开花, 海底捞月, 抢杠 (and by default 天和 / 地和 / 人和) count at
least 3 番 ("不满3番牌型，按照3番满计算").
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"cap": 3, "seven_pairs": False, "additive": True, "opening_floor": True}


def table(variant: str = "guangdong_jipinghu", **params) -> FanTable:
    """The chicken-hand table; parameters :data:`PARAMS` (``cap`` 爆和; ``seven_pairs`` a
    winning shape (scored as 鸡和 + extras); ``additive`` 平和 + 混一色 add inside the cap
    (False: only the larger base); ``opening_floor`` 天和 / 地和 / 人和 count at least the
    cap)."""
    p = table_params(variant, PARAMS, params)
    cap = p["cap"]
    base_group = None if p["additive"] else "base"
    std = ("standard",)
    rows = [
        {"zh": "鸡和", "en": "Chicken hand", "when": "win", "value": 0},
        {"zh": "平和", "en": "All chows", "when": "all_chows", "value": 1, "group": base_group,
         "cancels": ("鸡和",)},
        {"zh": "碰碰和", "en": "All pungs", "when": "all_pungs", "value": 2, "group": base_group,
         "cancels": ("鸡和",)},
        {"zh": "混一色", "en": "Half flush", "when": "half_flush", "value": 2,
         "group": base_group, "cancels": ("鸡和",)},
        {"zh": "自摸", "en": "Self-draw", "when": "self_drawn", "value": 1},
        {"zh": "门风", "en": "Seat-wind pung", "when": "seat_wind_pung", "value": 1},
        {"zh": "圈风", "en": "Round-wind pung", "when": "round_wind_pung", "value": 1},
        {"zh": "箭刻", "en": "Dragon pung", "when": "dragon_pungs", "value": 1},
        # special hands: the best single one is the value
        {"zh": "清一色", "en": "Full flush", "when": "full_flush", "value": 4, "kind": "limit",
         "shapes": std},
        {"zh": "混碰", "en": "Half flush all pungs", "when": ("half_flush", "all_pungs"),
         "value": 4, "kind": "limit", "shapes": std},
        {"zh": "清碰", "en": "Full flush all pungs", "when": ("full_flush", "all_pungs"),
         "value": 5, "kind": "limit", "shapes": std},
        {"zh": "混幺九", "en": "Terminals and honours",
         "when": ("terminals_and_honors", "all_pungs"), "value": 5, "kind": "limit",
         "shapes": std},
        {"zh": "小三元", "en": "Little three dragons", "when": "little_three_dragons",
         "value": 5, "kind": "limit", "shapes": std},
        {"zh": "小四喜", "en": "Little four winds", "when": "little_four_winds", "value": 5,
         "kind": "limit", "shapes": std},
        {"zh": "字一色", "en": "All honours", "when": "all_honors", "value": 6, "kind": "limit",
         "shapes": std},
        {"zh": "清幺九", "en": "All terminals", "when": ("all_terminals", "all_pungs"),
         "value": 6, "kind": "limit", "shapes": std},
        {"zh": "大三元", "en": "Big three dragons", "when": "big_three_dragons", "value": 6,
         "kind": "limit", "shapes": std},
        {"zh": "大四喜", "en": "Big four winds", "when": "big_four_winds", "value": 6,
         "kind": "limit", "shapes": std},
        {"zh": "九莲宝灯", "en": "Nine gates", "when": "nine_gates", "value": 6,
         "kind": "limit"},
        {"zh": "十三幺", "en": "Thirteen orphans", "when": "thirteen_orphans", "value": 6,
         "kind": "limit"},
        # at least the cap
        {"zh": "一炮三响", "en": "Three winners on one discard (at least 3)",
         "when": "triple_ron", "value": cap, "kind": "floor"},
        {"zh": "杠上开花", "en": "Win on a kong replacement (at least 3)", "when": "kong_bloom",
         "value": cap, "kind": "floor"},
        {"zh": "海底捞月", "en": "Self-draw of the last tile (at least 3)",
         "when": "last_tile_self_draw", "value": cap, "kind": "floor"},
        {"zh": "抢杠", "en": "Robbing a kong (at least 3)", "when": "robbing_kong",
         "value": cap, "kind": "floor"},
    ]  # fmt: skip
    if p["opening_floor"]:
        rows += [
            {"zh": "天和", "en": "Heavenly hand (at least 3, option)", "when": "heavenly",
             "value": cap, "kind": "floor"},
            {"zh": "地和", "en": "Earthly hand (at least 3, option)", "when": "earthly",
             "value": cap, "kind": "floor"},
            {"zh": "人和", "en": "Human hand (at least 3, option)", "when": "human",
             "value": cap, "kind": "floor"},
        ]  # fmt: skip
    shapes = ("standard", "thirteen_orphans")
    if p["seven_pairs"]:
        shapes = ("standard", "seven_pairs", "thirteen_orphans")
    return FanTable(
        name=variant,
        rows=tuple(rows),
        combine="sum",
        unit="fan",
        cap=cap,
        shapes=shapes,
        source="Guangdong chicken-hand rules (docs/variants/guangdong_jipinghu.md)",
        params=p,
    )


def payment(variant: str = "guangdong_jipinghu", **params) -> PaymentRecord:
    """The chicken hand's payments: ``2 ** 番`` from the discarder, or from each of the three on
    a self-draw; a liable seat (包: "十二张落地包自摸", 大四喜 / 大三元 enablers, 杠上开花包杠,
    the robbed seat of 抢杠, whose win counts as a self-draw) pays all three shares."""
    table_params(variant, PARAMS, params)
    return PaymentRecord(
        name=variant, amount="pow2", liability="pays_all", rob_kong="self_draw_by_robbed"
    )
