"""Weihai 威海麻将 (``weihai``) as a table: 2^N, N the sum of the 番 of every item.

Rules (docs/variants/weihai.md), the 番 table of the Shandong rule text (山东麻将规则, 威海麻将):
"所有的番种都可以组合计算，本表中的番数均按照2的N次方计算" (N = the sum, the payment 2^N;
"0番对应2的0次方"). 推倒和 0; 听牌 1 ("听牌和牌加1番"); 海底捞月 1; 碰碰和 1; 混一色 1; 门清 1
("没有任何吃、碰、杠牌、放风和牌": a kong of any kind or a 放风 breaks it); 手把一 1 (every set
called, the last tile a single wait); 杠上开花 1; 边张 1; 夹张 1; 地和 2; 七对 2; 清一色 2; 豪华七对 3;
天和 3; 超级豪华七对 4; 至尊豪华七对 5; the winner's kongs 明杠 / 补杠 1 and 暗杠 2 ("明杠、补杠
1番；暗杠2番"). Readings where the text is silent (the worked examples W-c and W-e follow them):
the seven-pairs family counts its best member only, and a seven-pairs hand is not also 门清.

The payer terms are the payment record's: the discarder alone pays a discard win (not stated;
as Yantai and Jinan), every other player a self-draw; 庄家 1 番 in every pair with the dealer,
win or lose, is a factor 2 on that pair's share (``dealer_mult``). The drawn-hand multiplier is
the engine's carried counter; 补风 money (each payer pays the winner's 补风 count less its own)
is the engine's ``honor_set_exposure`` settlement.

Parameters (:data:`PARAMS`): ``dealer_mult`` (2: the dealer's 番 in a pair, 2^1).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"dealer_mult": 2}


def table(variant: str = "weihai", **params) -> FanTable:
    """Weihai's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    sp = "seven_pairs"
    rows = (
        {"zh": "推倒和", "en": "win", "when": "win", "value": 0},
        {"zh": "听牌", "en": "ready declared", "when": "ready", "value": 1},
        {"zh": "海底捞月", "en": "self-draw of the last tile", "when": "last_tile_self_draw",
         "value": 1},
        {"zh": "碰碰和", "en": "all pungs", "when": "all_pungs", "value": 1},
        {"zh": "混一色", "en": "half flush", "when": "half_flush", "value": 1},
        {"zh": "门清", "en": "concealed hand (no call, kong or 放风)", "when": "concealed_hand",
         "value": 1},
        {"zh": "手把一", "en": "all sets called, single wait", "when": "pair_only_concealed",
         "value": 1},
        {"zh": "杠上开花", "en": "win on a kong replacement", "when": "kong_bloom", "value": 1},
        {"zh": "边张", "en": "edge wait", "when": "edge_wait", "value": 1},
        {"zh": "夹张", "en": "closed wait", "when": "closed_wait", "value": 1},
        {"zh": "地和", "en": "earthly hand", "when": "earthly", "value": 2},
        {"zh": "七对", "en": "seven pairs", "when": sp, "value": 2, "group": sp,
         "cancels": ("门清",)},
        {"zh": "清一色", "en": "full flush", "when": "full_flush", "value": 2},
        {"zh": "豪华七对", "en": "seven pairs with a four", "when": "seven_pairs_fours",
         "value": 3, "per": "once", "group": sp, "cancels": ("门清",)},
        {"zh": "天和", "en": "heavenly hand", "when": "heavenly", "value": 3},
        {"zh": "超级豪华七对", "en": "seven pairs with two fours", "when": "seven_pairs_fours",
         "min": 2, "value": 4, "per": "once", "group": sp, "cancels": ("门清",)},
        {"zh": "至尊豪华七对", "en": "seven pairs with three fours", "when": "seven_pairs_fours",
         "min": 3, "value": 5, "per": "once", "group": sp, "cancels": ("门清",)},
        {"zh": "明杠", "en": "exposed or added kong (the winner's)", "when": "exposed_kongs",
         "value": 1},
        {"zh": "暗杠", "en": "concealed kong (the winner's)", "when": "concealed_kongs",
         "value": 2},
        {"zh": "有杠不算门清", "en": "a kong breaks the concealed hand", "when": "kongs",
         "value": 0, "kind": "condition", "cancels": ("门清",)},
        {"zh": "放风不算门清", "en": "放风 breaks the concealed hand", "when": "honor_tiles_out",
         "value": 0, "kind": "condition", "cancels": ("门清",)},
    )  # fmt: skip
    return FanTable(
        name=variant,
        rows=rows,
        combine="pow2",
        unit="units",
        shapes=("standard", "seven_pairs"),
        source="山东麻将规则, 威海麻将 (番种 table, 2的N次方)",
        params=p,
    )


def payment(variant: str = "weihai", **params) -> PaymentRecord:
    """Weihai's payments: 2^N from the discarder alone on a discard win, from each other player
    on a self-draw; the dealer's share ``dealer_mult`` times (its 1 番, win or lose)."""
    p = table_params(variant, PARAMS, params)
    return PaymentRecord(
        name=variant, amount="value", discard="discarder", dealer_mult=p["dealer_mult"]
    )
