"""Beijing 北京麻将 (``beijing``) as a table: additive 番, paid as a base per payer × 2^番.

Rules (docs/variants/beijing.md), the 番 of the rule text (麻将规则 collection: 北京麻将,
麻将规则第4稿), "番数相加；一番乘2，二番4，三番8，四番16，五番32": 推倒和 0 (a plain win, paid
the base only and won by self-draw only: the rule set's ``min_fan_discard=1``); 门清 1 (no chow,
pung or exposed kong; "暗杠算门清"); 对对和 1; 混一色 1; 大钓 1 (every set called, the pair
wait: "12 tiles called"); 捉五魁 1 (the 5万 as a closed wait in 4-5-6万); 海底捞月 1 (the last
wall tile, or the last discard won on: "如果最后一张所出的牌给别人放了铳，也是“海底捞月”");
一条龙 3; 七对 4; 杠上开花 1; 清一色 5; 豪华七对 七对 + 1 (seven pairs holding a four).
The 番 add up (门清 counts with 七对 too: the literal reading), capped at 6
("每盘最高番数不超过6番").

Payments (the payment record): one payer's share is its base × 2^番, the base depending on who
wins and who pays ("平点:20 庄点:30 点庄:40 平摸:40,其中庄20,平10 庄摸:60,各家20": unit 10 and
``pair_units=(2, 3, 4, 1, 2, 2)``), each payer paying at most 640 ("每人最多输640"; the dealer
as well, "庄家本应输1280,庄家也降低为640"). The discarder alone pays a discard win, every other
seat a self-draw. The winner's kongs only are paid, on top and uncapped: a concealed kong 20
from each other seat, an exposed kong 10 from its discarder, an added kong 10 from the seat
whose discard was punged (the recommended reading of "谁打谁付" for 加杠)
("明杠10元，不赢没钱，赢了谁打谁付；暗杠20，不赢没钱，赢了每家都付20").

Parameters (:data:`PARAMS`): ``cap`` (6: the 番 cap), ``payer_cap`` (640).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"cap": 6, "payer_cap": 640}


def table(variant: str = "beijing", **params) -> FanTable:
    """Beijing's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    sp = "seven_pairs"
    rows = (
        {"zh": "推倒和", "en": "plain win (self-draw only)", "when": "win", "value": 0},
        {"zh": "门清", "en": "concealed hand", "when": "concealed_hand", "value": 1},
        {"zh": "对对和", "en": "all pungs", "when": "all_pungs", "value": 1},
        {"zh": "混一色", "en": "half flush", "when": "half_flush", "value": 1},
        {"zh": "大钓", "en": "every set called, pair wait", "when": "pair_only_concealed",
         "value": 1},
        {"zh": "捉五魁", "en": "5万 as a closed wait", "when": "catch_five", "value": 1},
        {"zh": "海底捞月", "en": "the last tile (drawn or discarded)", "when": "last_tile",
         "value": 1},
        {"zh": "一条龙", "en": "pure straight", "when": "pure_straight", "value": 3},
        {"zh": "七对", "en": "seven pairs", "when": sp, "value": 4},
        {"zh": "杠上开花", "en": "win on a kong replacement", "when": "kong_bloom", "value": 1},
        {"zh": "清一色", "en": "full flush", "when": "full_flush", "value": 5},
        {"zh": "豪华七对", "en": "seven pairs with a four (七对 + 1)", "when":
         "seven_pairs_fours", "value": 1, "per": "once"},
    )  # fmt: skip
    # 推倒和 is the plain win: every other item cancels it
    rows = rows[:1] + tuple({**r, "cancels": ("推倒和",)} for r in rows[1:])
    return FanTable(
        name=variant,
        rows=rows,
        combine="sum",
        unit="fan",
        cap=p["cap"],
        shapes=("standard", "seven_pairs"),
        source="麻将规则 collection: 北京麻将 (麻将规则第4稿); 门清 with 七对 is the literal reading",
        params=p,
    )


def payment(variant: str = "beijing", **params) -> PaymentRecord:
    """Beijing's payments: base per payer (20 / 30 / 40 on a discard; 10 or 20 from each on a
    self-draw) × 2^番, at most ``payer_cap`` per payer; the winner's kongs on top."""
    p = table_params(variant, PARAMS, params)
    return PaymentRecord(
        name=variant,
        amount="pow2",
        unit=10,
        discard="discarder",
        pair_units=(2, 3, 4, 1, 2, 2),
        payer_cap=p["payer_cap"],
        winner_kongs=(20, 10, 10),
    )
