"""Ningbo 宁波百搭 (``ningbo``) as a table: 1 + Σ台, a win needs at least 4 台.

Rules (docs/variants/ningbo.md), the scoring of the rule text (《全国各地麻将玩法总汇》浙江宁波
麻将, "胡牌后将下列可积分项累加得出基础分"): the base point 1 ("胡牌基本分") plus the 台 of the
winner's hand; only the 台 count toward the minimum of 4 ("必须达到4台或更高台数": the base
point is a row that does not qualify). 自摸 1; 排糊 0 (no wait item); 平糊 1 (four chows and a
pair); 边 1, 夹 1, 单吊 1, 对倒 1 (the winning tile's set, the best reading kept); 大吊 1 (every set
called, a single wait: also 单吊, "大吊胡牌时，必然包含单吊，也要算上单吊的分"); 碰碰糊 2; 杠上开花
1; 硬糊 1 (no wild in the hand, "手中没百搭"); 三财神 3 (three wilds, self-drawn, "3张财神必须
自摸"); 抢杠 1; 海捞 1 (self-drawing the last tile); 天胡 8; 地胡 6; 清一色 4; 混一色 2; 字一色 8;
杠花: each own-seat flower 1, a full set of 春夏秋冬 or 梅兰竹菊 2, all eight 8
("如果一局内杠到此 8 张花算 8 台"); 中 / 发 / 白 pungs 1 each, the seat wind's pung 1, the round
wind's pung 1 (both when they are the same wind).

Parameters (:data:`PARAMS`): ``min_tai`` (4: the minimum 台; 0 = none), ``all_flowers`` (8).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"min_tai": 4, "all_flowers": 8}


def table(variant: str = "ningbo", **params) -> FanTable:
    """Ningbo's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    rows = (
        {"zh": "胡牌基本分", "en": "base point", "when": "win", "value": 1, "qualifying": False},
        {"zh": "自摸", "en": "self-draw", "when": "self_drawn", "value": 1},
        {"zh": "平糊", "en": "all chows", "when": "all_chows", "value": 1},
        {"zh": "边", "en": "edge wait", "when": "edge_wait", "value": 1},
        {"zh": "夹", "en": "closed wait", "when": "closed_wait", "value": 1},
        {"zh": "单吊", "en": "single wait", "when": "single_wait", "value": 1},
        {"zh": "对倒", "en": "pung wait (two pairs)", "when": "pung_wait", "value": 1},
        {"zh": "大吊", "en": "every set called, single wait", "when":
         ("pair_only_concealed", "single_wait"), "value": 1},
        {"zh": "碰碰糊", "en": "all pungs", "when": "all_pungs", "value": 2},
        {"zh": "杠上开花", "en": "win on a kong or 杠花 replacement", "when": "kong_bloom",
         "value": 1},
        {"zh": "硬糊", "en": "no wild in the hand", "when": "no_wild", "value": 1},
        {"zh": "三财神", "en": "three wilds, self-drawn", "when": "wilds_held", "min": 3,
         "value": 3, "per": "once"},
        {"zh": "三财神须自摸", "en": "three wilds count on a self-draw only", "when":
         "discard_win", "value": 0, "kind": "condition", "cancels": ("三财神",)},
        {"zh": "抢杠", "en": "robbing a kong", "when": "robbing_kong", "value": 1},
        {"zh": "海捞", "en": "self-draw of the last tile", "when": "last_tile_self_draw",
         "value": 1},
        {"zh": "天胡", "en": "heavenly hand", "when": "heavenly", "value": 8},
        {"zh": "地胡", "en": "earthly hand", "when": "earthly", "value": 6},
        {"zh": "清一色", "en": "full flush", "when": "full_flush", "value": 4},
        {"zh": "混一色", "en": "half flush", "when": "half_flush", "value": 2},
        {"zh": "字一色", "en": "all honours", "when": "all_honors", "value": 8},
        {"zh": "正花", "en": "own-seat flower", "when": "seat_flowers", "value": 1},
        {"zh": "花齐", "en": "a full flower set", "when": "flower_sets", "value": 2},
        {"zh": "八花", "en": "all eight flowers", "when": "all_flowers",
         "value": p["all_flowers"], "cancels": ("正花", "花齐")},
        {"zh": "箭刻", "en": "dragon pung", "when": "dragon_pungs", "value": 1},
        {"zh": "位风", "en": "seat-wind pung", "when": "seat_wind_pung", "value": 1},
        {"zh": "圈风", "en": "round-wind pung", "when": "round_wind_pung", "value": 1},
    )  # fmt: skip
    return FanTable(
        name=variant,
        rows=rows,
        combine="sum",
        unit="points",
        min_to_win=p["min_tai"],
        shapes=("standard",),
        source="全国各地麻将玩法总汇, 浙江宁波麻将 (台数计算)",
        params=p,
    )


def payment(variant: str = "ningbo", **params) -> PaymentRecord:
    """Ningbo's payments: the discarder pays a discard win, each of the three a self-draw
    ("三家都要输分"); no kong or flower money."""
    table_params(variant, PARAMS, params)
    return PaymentRecord(name=variant)
