"""The common additive fan table 常用麻将算番规则表 (``common_fan``): items add up, with exclusions.

Rules (docs/variants/common_fan.md), the table "常用麻将算番规则表" of the 麻将规则 collection
("通称番数基本规则及说明"): 天胡 30 (不算不求人); 地胡 30, a non-dealer winning on the dealer's
first discard ("庄打一张非庄即胡", 不算门清); 十三幺 30; 全风七对 30, seven pairs of honours
(不算不求人、门清、缺门、单调、全带幺); 全风对对胡 25, all honour pungs ("有四喜、三元另加番");
扣听 25, ready declared on the first discard, the hand then locked ("庄打一张报听 ... 以后不能再换
牌", 不算门清); 大四喜 25 (不算对对胡; "全风、混一色另加番"); 大三元 20; 小四喜 20 ("其它番另算");
十三不靠 15, the knitted 147/258/369 with an honour pair ("以字作将", 不算不求人、门清); 小三元 15;
清一色 15; 全带五 15 (不算断幺、五将、缺字); 七对 10; 三姐妹 10, three identical chows of one suit;
三箱次 10, three concealed pungs, a concealed kong counting ("暗扛算暗坎"); 一条龙 8; 混一色 8;
不求人 7, concealed and self-drawn; 对对胡 7; 小于五 7 and 大于五 7 (不算缺字); 穷胡 7, a win with no
other item ("胡牌后算不出一番牌来"); 喜相逢 5, the same chow or pung in each of the three suits;
全带幺 5; 五门齐 5.

The surviving text is cut after 五门齐. Six items it names in its exclusions are not valued in
it: 门清, 缺门, 单调, 断幺, 五将, 缺字. They take the values of the same-named items of the Chinese
Official rules (中国麻将竞赛规则, 1998; the fan list of :mod:`mjsim.scoring.guobiao_fans`): 门清
门前清 2, 缺门 缺一门 1, 单调 单钓将 1 (the winning tile completes the pair and is the hand's
only winning tile), 断幺 2, 缺字 无字 1; 五将, not an Official item, is read as a pair of 5s, the
item 全带五 cancels with 断幺 and 缺字, and valued 1 like the other small items of a set or pair
(a chosen reading). Each is a named parameter; a row worth 0 is left out of the table, its
exclusions with it. Each cancels 穷胡, and the exclusions of the shapes that contain them
apply (清一色 cancels 缺门 and 缺字, 混一色 缺门, 七对 门清 and 单调, 不求人 门清, 断幺 缺字 as
the Official 断幺 does 无字).

Recommended readings where the table is silent: a specialised item cancels the item it
specialises (全风七对 cancels 七对, 全风对对胡 cancels 对对胡), and 全风对对胡 cancels 全带幺 and
缺门 as 全风七对 does (every set of an all-honour hand holds an honour, and it holds no suit);
喜相逢 counts once whether its three sets are chows or pungs; 穷胡 is cancelled by every other
item.

The payer terms are the recommended reading (the table gives none): the discarder pays a discard
win, each other player a self-draw, ``unit`` a 番.

Parameters (:data:`PARAMS`): ``unit`` (1); ``concealed`` (门清, 2), ``missing_suit`` (缺门, 1),
``single_wait`` (单调, 1), ``all_simples`` (断幺, 2), ``five_pair`` (五将, 1), ``no_honors``
(缺字, 1).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {
    "unit": 1,
    "concealed": 2,
    "missing_suit": 1,
    "single_wait": 1,
    "all_simples": 2,
    "five_pair": 1,
    "no_honors": 1,
}

#: the six items the text names in its exclusions without a value:
#: (zh, en, pattern, param, cancels)
MINOR = (
    ("门清", "concealed hand", "concealed_hand", "concealed", ()),
    ("缺门", "a suit missing", "suits_missing", "missing_suit", ()),
    ("单调", "single wait, the only winning tile", ("single_wait", "unique_wait"),
     "single_wait", ()),
    ("断幺", "all simples", "all_simples", "all_simples", ("缺字",)),
    ("五将", "pair of fives", "five_pair", "five_pair", ()),
    ("缺字", "no honours", "no_honors", "no_honors", ()),
)  # fmt: skip


def table(variant: str = "common_fan", **params) -> FanTable:
    """The common fan table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    rows = [
        {"zh": "天胡", "en": "heavenly hand", "when": "heavenly", "value": 30,
         "cancels": ("不求人", "门清")},
        {"zh": "地胡", "en": "win on the dealer's first discard",
         "when": ("human", "dealer_discarded"), "value": 30, "cancels": ("门清",)},
        {"zh": "十三幺", "en": "thirteen orphans", "when": "thirteen_orphans", "value": 30,
         "cancels": ("门清",)},
        {"zh": "全风七对", "en": "seven pairs of honours", "when": ("seven_pairs", "all_honors"),
         "value": 30, "cancels": ("七对", "不求人", "门清", "缺门", "单调", "全带幺")},
        {"zh": "全风对对胡", "en": "all honour pungs", "when": ("all_pungs", "all_honors"),
         "value": 25, "cancels": ("对对胡", "全带幺", "缺门")},
        {"zh": "扣听", "en": "ready on the first discard", "when": "ready_first_discard",
         "value": 25, "cancels": ("门清",)},
        {"zh": "大四喜", "en": "big four winds", "when": "big_four_winds", "value": 25,
         "cancels": ("对对胡",)},
        {"zh": "大三元", "en": "big three dragons", "when": "big_three_dragons", "value": 20},
        {"zh": "小四喜", "en": "little four winds", "when": "little_four_winds", "value": 20},
        {"zh": "十三不靠", "en": "knitted tiles with an honour pair",
         "when": "knitted_honor_pair", "value": 15, "cancels": ("不求人", "门清")},
        {"zh": "小三元", "en": "little three dragons", "when": "little_three_dragons",
         "value": 15},
        {"zh": "清一色", "en": "full flush", "when": "full_flush", "value": 15,
         "cancels": ("缺门", "缺字")},
        {"zh": "全带五", "en": "a five in every set", "when": "all_fives", "value": 15,
         "cancels": ("断幺", "五将", "缺字")},
        {"zh": "七对", "en": "seven pairs", "when": "seven_pairs", "value": 10,
         "cancels": ("门清", "单调")},
        {"zh": "三姐妹", "en": "three identical chows", "when": "pure_triple_chow", "value": 10},
        {"zh": "三箱次", "en": "three concealed pungs", "when": "concealed_pungs", "min": 3,
         "per": "once", "value": 10},
        {"zh": "一条龙", "en": "pure straight", "when": "pure_straight", "value": 8},
        {"zh": "混一色", "en": "half flush", "when": "half_flush", "value": 8,
         "cancels": ("缺门",)},
        {"zh": "不求人", "en": "concealed self-draw", "when": ("concealed_hand", "self_drawn"),
         "value": 7, "cancels": ("门清",)},
        {"zh": "对对胡", "en": "all pungs", "when": "all_pungs", "value": 7},
        {"zh": "小于五", "en": "all below five", "when": "all_below_five", "value": 7,
         "cancels": ("缺字",)},
        {"zh": "大于五", "en": "all above five", "when": "all_above_five", "value": 7,
         "cancels": ("缺字",)},
        {"zh": "喜相逢", "en": "the same chow in three suits", "when": "mixed_triple_chow",
         "value": 5},
        {"zh": "喜相逢(碰)", "en": "the same pung in three suits", "when": "triple_pung",
         "value": 5},
        {"zh": "全带幺", "en": "a terminal or honour in every set", "when": "outside_hand",
         "value": 5},
        {"zh": "五门齐", "en": "all five kinds", "when": "five_kinds", "value": 5},
    ]  # fmt: skip
    for zh, en, pattern, key, cancels in MINOR:
        if p[key] > 0:
            rows.append({"zh": zh, "en": en, "when": pattern, "value": p[key], "per": "once",
                         "cancels": cancels})  # fmt: skip
    present = {row["zh"] for row in rows}
    for row in rows:  # exclusions of the rows left out go with them
        row["cancels"] = tuple(c for c in row.get("cancels", ()) if c in present)
    rows.append(
        {"zh": "穷胡", "en": "a win with no item", "when": "win", "value": 7, "per": "once"}
    )
    for row in rows[:-1]:
        row["cancels"] = (*row["cancels"], "穷胡")
    return FanTable(
        name=variant,
        rows=tuple(rows),
        combine="sum",
        unit="fan",
        shapes=("standard", "seven_pairs", "thirteen_orphans", "knitted_honor_pair"),
        source="麻将规则 collection, 常用麻将算番规则表; 门清, 缺门, 单调, 断幺, 缺字: Chinese Official "
        "rules (中国麻将竞赛规则, 1998); 五将: chosen reading",
        params=p,
    )


def payment(variant: str = "common_fan", **params) -> PaymentRecord:
    """The common table's payments (recommended reading): the discarder pays a discard win,
    each other player a self-draw, ``unit`` a 番."""
    p = table_params(variant, PARAMS, params)
    return PaymentRecord(name=variant, unit=p["unit"], discard="discarder")
