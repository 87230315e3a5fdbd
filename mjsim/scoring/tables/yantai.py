"""Yantai 烟台麻将 (``yantai``) as a table: additive 番 with the ready kind and the winner's kongs.

Rules (docs/variants/yantai.md), the 番数 table of the Shandong rule text (山东麻将规则, 烟台麻将):
推倒和 1 is the base of every win; 抢杠和 1 ("抢补杠和牌"); 暗楼 1 and 明楼 2, the two ready kinds
("明楼2番，暗楼为1番"; 明楼 wins by self-draw only); 自摸 2; 门清 2 (a concealed kong keeps it,
"暗杠算门清"); 混一色 2; 一条龙 2; 杠上开花 2; 十三么 2; 大吊车 2 (every set called, a single
wait); 碰碰和 2; 海底捞月 2; 七对 3; 地和 4; 清一色 4; 豪华七对 4; 天和 6; 超级豪华七对 6;
至尊豪华七对 8. The winner's own kongs add 1 番 each (exposed or added) and 2 番 each (concealed):
"不和牌，杠不计算。明杠、补杠 1番；暗杠2番".

The text does not say how the items combine. The recommended reading, used here: the 番 of
every applicable item add up (its values 3, 6 and 8 suggest linear counting, and the text never
says 2^N as Weihai's does); the seven-pairs family counts its highest member only.

The payer terms are the payment record's: the discarder alone pays a discard win ("谁点炮谁
负责。其他人不输游戏豆"), every other player a self-draw; the dealer wins and loses one 番 more
in every pair it is part of ("庄家比他人输赢多出1番"; ``dealer_add``). The drawn-hand multiplier
(×2 per consecutive drawn hand) is carried by the engine (``RuleSpec.draw_counter_rule``) and
multiplies every payment of the hand.

Parameters (:data:`PARAMS`): ``dealer_bonus`` (1: the dealer's 番 in each pair),
``shown_ready`` (2: 明楼), ``hidden_ready`` (1: 暗楼).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"dealer_bonus": 1, "shown_ready": 2, "hidden_ready": 1}


def table(variant: str = "yantai", **params) -> FanTable:
    """Yantai's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    sp = "seven_pairs"
    rows = (
        {"zh": "推倒和", "en": "win", "when": "win", "value": 1},
        {"zh": "抢杠和", "en": "robbing a kong", "when": "robbing_kong", "value": 1},
        {"zh": "暗楼", "en": "hidden ready", "when": "ready_hidden", "value": p["hidden_ready"]},
        {"zh": "明楼", "en": "shown ready (self-draw only)", "when":
         "ready_shown_self_draw_only", "value": p["shown_ready"]},
        {"zh": "自摸", "en": "self-draw", "when": "self_drawn", "value": 2},
        {"zh": "门清", "en": "concealed hand", "when": "concealed_hand", "value": 2},
        {"zh": "混一色", "en": "half flush", "when": "half_flush", "value": 2},
        {"zh": "一条龙", "en": "pure straight", "when": "pure_straight", "value": 2},
        {"zh": "杠上开花", "en": "win on a kong replacement", "when": "kong_bloom", "value": 2},
        {"zh": "十三么", "en": "thirteen orphans", "when": "thirteen_orphans", "value": 2},
        {"zh": "大吊车", "en": "all called, single wait", "when": "all_called", "value": 2},
        {"zh": "碰碰和", "en": "all pungs", "when": "all_pungs", "value": 2},
        {"zh": "海底捞月", "en": "self-draw of the last tile", "when": "last_tile_self_draw",
         "value": 2},
        {"zh": "七对", "en": "seven pairs", "when": sp, "value": 3, "group": sp},
        {"zh": "地和", "en": "earthly hand", "when": "earthly", "value": 4},
        {"zh": "清一色", "en": "full flush", "when": "full_flush", "value": 4},
        {"zh": "豪华七对", "en": "seven pairs with a four", "when": "seven_pairs_fours",
         "value": 4, "per": "once", "group": sp},
        {"zh": "天和", "en": "heavenly hand", "when": "heavenly", "value": 6},
        {"zh": "超级豪华七对", "en": "seven pairs with two fours", "when": "seven_pairs_fours",
         "min": 2, "value": 6, "per": "once", "group": sp},
        {"zh": "至尊豪华七对", "en": "seven pairs with three fours", "when": "seven_pairs_fours",
         "min": 3, "value": 8, "per": "once", "group": sp},
        {"zh": "明杠", "en": "exposed or added kong (the winner's)", "when": "exposed_kongs",
         "value": 1},
        {"zh": "暗杠", "en": "concealed kong (the winner's)", "when": "concealed_kongs",
         "value": 2},
    )  # fmt: skip
    return FanTable(
        name=variant,
        rows=rows,
        combine="sum",
        unit="fan",
        shapes=("standard", "seven_pairs", "thirteen_orphans"),
        source="山东麻将规则, 烟台麻将 (番数 名称 牌型); the combination is the recommended reading",
        params=p,
    )


def payment(variant: str = "yantai", **params) -> PaymentRecord:
    """Yantai's payments: the discarder alone pays a discard win, each other player a
    self-draw; ``dealer_bonus`` 番 more in every pair with the dealer."""
    p = table_params(variant, PARAMS, params)
    return PaymentRecord(
        name=variant,
        discard="discarder",
        dealer_add=p["dealer_bonus"],
        dealer_add_self_draw=p["dealer_bonus"],
    )
