"""Taiyuan stand-four 太原立四麻将 (``taiyuan``) as a table: additive points, self-draw doubles
all but the kong points.

Rules (docs/variants/taiyuan.md), the 番种及分数 of the rule text: a win is worth 1 ("和牌基本分
1分"); 缺门 +1, a hand missing exactly one of the three suits, a flush not counting
("混一色或清一色不算缺门"); 嵌张 +1 and 镶边 +1, a win on the middle tile of a chow or on the 3 of
1-2 / the 7 of 8-9, when it was the hand's only winning tile ("玩家必须只能胡一个牌", "单调不是砍张");
青龙 +20, 1-9 of one suit ("同一门花色的123 456 789"); the winner's own kongs, 明杠 +1 and 暗杠
+2 each ("和家有杠才算分"); a self-draw doubles the points but not the kong points
("自摸所得分加倍，杠所得的分不加倍").

The payer-dependent terms are the payment record's: 庄家 +1 in every pair with the dealer,
doubled on a self-draw ("庄家+1分"), and +1 from a discarder who had not declared ready
("当玩家未听牌时放铳，放铳者给和家+1分"). Who pays a discard win has two readings: every other
player ("和牌者胜，其他三家负", the default) or the discarder alone.

Parameters (:data:`PARAMS`): ``discard_everyone`` (True: all three pay a discard win; False:
the discarder alone), ``dealer_bonus`` (1), ``unready_bonus`` (1), ``unique_wait`` (True:
嵌张 / 镶边 need the only winning tile; False: any closed / edge wait), ``pure_straight`` (20).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {
    "discard_everyone": True,
    "dealer_bonus": 1,
    "unready_bonus": 1,
    "unique_wait": True,
    "pure_straight": 20,
}


def table(variant: str = "taiyuan", **params) -> FanTable:
    """Taiyuan's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    closed = ("closed_wait", "unique_wait") if p["unique_wait"] else "closed_wait"
    edge = ("edge_wait", "unique_wait") if p["unique_wait"] else "edge_wait"
    rows = (
        {"zh": "和牌", "en": "win", "when": "win", "value": 1},
        {"zh": "缺门", "en": "one suit missing", "when": "suits_missing", "value": 1,
         "per": "once"},
        {"zh": "嵌张", "en": "closed wait, the only winning tile", "when": closed, "value": 1,
         "per": "once"},
        {"zh": "镶边", "en": "edge wait, the only winning tile", "when": edge, "value": 1,
         "per": "once"},
        {"zh": "青龙", "en": "pure straight (1-9 of one suit)", "when": "pure_straight",
         "value": p["pure_straight"], "per": "once"},
        {"zh": "自摸", "en": "self-draw (doubles all but kongs)", "when": "self_drawn",
         "value": 2, "kind": "mul"},
        {"zh": "明杠", "en": "exposed kong (the winner's)", "when": "exposed_kongs", "value": 1,
         "kind": "post"},
        {"zh": "暗杠", "en": "concealed kong (the winner's)", "when": "concealed_kongs",
         "value": 2, "kind": "post"},
        # a flush (one suit, with or without honours) or all honours is not 缺门
        {"zh": "清一色不算缺门", "en": "a flush is not one suit missing", "when": "full_flush",
         "value": 0, "kind": "condition", "cancels": ("缺门",)},
        {"zh": "混一色不算缺门", "en": "a half flush is not one suit missing", "when":
         "half_flush", "value": 0, "kind": "condition", "cancels": ("缺门",)},
        {"zh": "字一色不算缺门", "en": "all honours is not one suit missing", "when":
         "all_honors", "value": 0, "kind": "condition", "cancels": ("缺门",)},
    )  # fmt: skip
    return FanTable(
        name=variant,
        rows=rows,
        combine="product",
        unit="points",
        shapes=("standard",),
        source="麻将规则 collection, 太原麻将 七、番种及分数; 全国各地麻将玩法总汇, 山西太原立四麻将",
        params=p,
    )


def payment(variant: str = "taiyuan", **params) -> PaymentRecord:
    """Taiyuan's payments: every other player pays a discard win (the discarder alone with
    ``discard_everyone=False``) and a self-draw; 庄家 +``dealer_bonus`` in a pair with the dealer
    (×2 on a self-draw); an unready discarder pays ``unready_bonus`` more."""
    p = table_params(variant, PARAMS, params)
    return PaymentRecord(
        name=variant,
        discard="everyone" if p["discard_everyone"] else "discarder",
        dealer_add=p["dealer_bonus"],
        dealer_add_self_draw=2 * p["dealer_bonus"],
        unready_discarder_add=p["unready_bonus"],
    )
