"""The pattern vocabulary of table-driven scoring: every hand feature a fan table may value.

A *pattern* is one countable fact about a winning hand: a hand shape (碰碰胡 all pungs), a tile
class (清一色 full flush), a meld fact (暗杠 concealed kongs), a wait (单钓 single wait) or a
circumstance of the win read from the win-context flags (杠上开花 win on a kong replacement). The
detector (:mod:`mjsim.scoring.detect`) fills one count per pattern for a winning hand; a fan
table (:mod:`mjsim.scoring.fan_table`) says what each count is worth in one variant. The same
vocabulary serves every table-driven variant, so a pattern is defined once, here, and a variant
that scores it under another name (对对胡 / 碰碰和 / 大对子) only names its table row differently.

Each pattern has a *scope*:

- ``hand``: a fact of the tiles held (concealed tiles and melds together), the same for every
  reading of the hand;
- ``reading``: a fact of one reading of the hand (one decomposition into sets and a pair and
  the set that holds the winning tile; the seven-pairs reading; the thirteen-orphans reading;
  the free-form readings, see below). Where readings differ the detector evaluates the
  variant's table on each and keeps the highest value (就高不就低);
- ``context``: a circumstance of the win, read from the win-context flags
  (:mod:`mjsim.scoring.context`) or the detector's context array.

Free-form readings: a rule text may make a hand a win whatever its decomposition, because
every tile has some property (将一色: every tile a 2, 5 or 8; 风一色: every tile a wind or an
honour) or because the tiles make a fixed pattern of singles (十三不靠 / 全不靠: knitted tiles and
honours). A fan table lists such readings in its ``shapes`` (``all_258_free``,
``all_honors_free``, ``knitted``, ``knitted_honor_pair``: the names of the matching
``RuleSpec.win_shapes``); the detector then tries each as one more reading of the hand, with
``win`` = 1 and the pattern that names it (``all_258``, ``all_winds`` / ``all_honors``,
``knitted``, ``knitted_honor_pair``) set, and no set-structure pattern. A hand that is also a
standard hand is scored both ways and the better reading kept, like seven pairs.

Counting conventions (what "the tiles held" means): the concealed tiles include the winning tile;
a kong counts four copies of its kind; a wild tile counts as its own printed kind for the ``hand``
patterns (a flush holding a wild of another suit is not a flush), while the ``reading`` patterns
use the kinds the wilds stand for in that reading.

:data:`PATTERNS` is the table; :func:`index` gives a pattern's position in the count vector,
and the module constants (``ALL_PUNGS``, ``FULL_FLUSH``, ...) are those positions for the jitted
detector. The documentation page ``docs/reference/patterns.md`` is generated from this table
(``python -m mjsim.docs_gen``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pattern:
    """One entry of the vocabulary.

    Attributes:
        key: identifier used in fan tables (``"all_pungs"``).
        zh: the usual Chinese name(s), ``/``-separated where regions differ.
        en: English name.
        scope: ``"hand"``, ``"reading"`` or ``"context"`` (module docstring).
        definition: the exact definition the detector implements; the count it yields.
        readings: which readings of the hand are considered, and known readings of the rule
            texts that the definition does not take (a table then needs another pattern).
    """

    key: str
    zh: str
    en: str
    scope: str
    definition: str
    readings: str = ""


_STD = (
    "standard decompositions (4 sets + a pair; melds are fixed sets; held wilds stand for any "
    "kind, never a fifth copy)"
)

#: The vocabulary, in count-vector order.
PATTERNS: tuple[Pattern, ...] = (
    # ---- the win itself
    Pattern(
        "win",
        "胡 / 平胡 / 鸡和",
        "any win",
        "reading",
        "1 for every winning reading. A table values a plain win (平胡, 鸡和, 提溜) with a row on "
        "this pattern that the shape rows cancel (不计).",
        "every reading the table's shapes allow",
    ),
    # ---- hand shapes (reading)
    Pattern(
        "all_pungs",
        "碰碰胡 / 对对胡 / 碰碰和 / 大对子",
        "all pungs",
        "reading",
        "1 when every set of the reading is a pung or a kong (melds included) and the hand has "
        "its pair: 4 pungs/kongs + a pair.",
        _STD,
    ),
    Pattern(
        "all_chows",
        "平和 / 平胡 (all chows)",
        "all chows",
        "reading",
        "1 when every set of the reading is a chow (melds included); the pair is any pair.",
        _STD + "; readings that also ask for a two-sided wait or a non-value pair need their own "
        "pattern",
    ),
    Pattern(
        "seven_pairs",
        "七对 / 七小对 / 小七对",
        "seven pairs",
        "reading",
        "1 in the seven-pairs reading: seven pairs, no meld; four of a kind counts as two pairs "
        "(wilds pair with any tile).",
        "the seven-pairs reading only (a hand that is also standard is scored both ways and the "
        "better reading kept)",
    ),
    Pattern(
        "seven_pairs_fours",
        "豪华七对 / 龙七对 / 双豪华 / 三豪华",
        "luxury seven pairs (fours)",
        "reading",
        "In the seven-pairs reading, the number of kinds held four times (0-3), wilds placed to "
        "make as many fours as possible. A table values the luxury levels by this count.",
        "the seven-pairs reading only",
    ),
    Pattern(
        "thirteen_orphans",
        "十三幺 / 国士无双",
        "thirteen orphans",
        "reading",
        "1 in the thirteen-orphans reading: one of each terminal and honour plus a second copy of "
        "one of them, no meld.",
        "the thirteen-orphans reading only",
    ),
    Pattern(
        "pure_straight",
        "一条龙 / 青龙 / 清龙 / 龙",
        "pure straight",
        "reading",
        "1 when the reading holds the chows 123, 456 and 789 of one suit (melds included; wilds "
        "may stand in them).",
        _STD + "; with wilds held, each suit for the straight is tried",
    ),
    Pattern(
        "concealed_pungs",
        "暗刻",
        "concealed pungs",
        "reading",
        "Pungs formed inside the concealed hand plus concealed kongs; a pung completed by a "
        "claimed discard counts as exposed.",
        _STD + " and the set holding the winning tile (no wild held)",
    ),
    # ---- waits (reading)
    Pattern(
        "edge_wait",
        "边张 / 边",
        "edge wait",
        "reading",
        "1 when the winning tile is the 3 of a 1-2-3 chow or the 7 of a 7-8-9 chow of the reading.",
        "the set holding the winning tile, in each standard decomposition (no wild held); a "
        "variant that asks that it be the hand's only winning tile needs that as its own rule",
    ),
    Pattern(
        "closed_wait",
        "坎张 / 嵌张 / 夹 / 卡",
        "closed wait",
        "reading",
        "1 when the winning tile is the middle tile of a chow of the reading.",
        "as edge_wait",
    ),
    Pattern(
        "single_wait",
        "单钓 / 单吊",
        "single wait",
        "reading",
        "1 when the winning tile completes the pair of the reading.",
        "as edge_wait",
    ),
    Pattern(
        "catch_five",
        "捉5 / 捉五魁",
        "catch the five",
        "reading",
        "1 when the winning tile (5万, or a wild standing for it) is the 5 of a 4-5-6万 chow; "
        "the 4万 and 6万 may be wilds.",
        "the set holding the winning tile; with wilds held, every role of the winning tile",
    ),
    # ---- wild roles (reading)
    Pattern(
        "wild_single_wait",
        "混吊 / 单混吊 / 爆头",
        "wild single wait",
        "reading",
        "1 when the winning tile forms the pair with a wild (or, when the winning tile is itself "
        "wild, with another wild). A wild drawn onto a natural single is not this pattern.",
        "with wilds held: every role of the winning tile (pair partner, set with two wilds, the "
        "5 of 4-5-6万, or no particular role) and every suit for pure_straight",
    ),
    Pattern(
        "wild_double_wait",
        "双混吊",
        "double wild wait",
        "reading",
        "1 when the winning tile completes a set with two wilds (a 4-5-6万 chow whose 4 and 6 "
        "are wilds around a winning 5万 included).",
        "as wild_single_wait",
    ),
    Pattern(
        "straight_in_wild_suit",
        "本混 / 本混龙",
        "straight in the wild's suit",
        "reading",
        "1 when the reading's pure straight is in the suit of a wild kind.",
        "as wild_single_wait",
    ),
    # ---- tile classes (hand)
    Pattern(
        "full_flush",
        "清一色",
        "full flush",
        "hand",
        "1 when every tile held is of one suit (no honour).",
    ),
    Pattern(
        "half_flush",
        "混一色",
        "half flush",
        "hand",
        "1 when the tiles held are one suit and honours, both present.",
    ),
    Pattern(
        "all_honors",
        "字一色 / 风一色 (all honours)",
        "all honours",
        "hand",
        "1 when every tile held is an honour.",
        "风一色 read as 'winds only' is not this pattern",
    ),
    Pattern(
        "all_terminals",
        "清幺九",
        "all terminals",
        "hand",
        "1 when every tile held is a 1 or a 9 of a suit.",
    ),
    Pattern(
        "terminals_and_honors",
        "混幺九",
        "terminals and honours",
        "hand",
        "1 when every tile held is a terminal or an honour, and both are present.",
    ),
    Pattern(
        "all_simples",
        "断幺九 / 断幺",
        "all simples",
        "hand",
        "1 when no tile held is a terminal or an honour.",
    ),
    Pattern(
        "suits_missing",
        "缺门 / 缺一门",
        "missing suits",
        "hand",
        "The number of the three suits of which no tile is held (0-3).",
    ),
    Pattern(
        "no_wild",
        "素的 / 无鬼 / 硬胡 / 德国",
        "no wild",
        "hand",
        "1 when the concealed hand holds no tile of a wild kind (flags F_WILD_KINDS; always 1 "
        "without wilds).",
    ),
    Pattern(
        "wilds_held",
        "财神数 / 混数",
        "wilds held",
        "hand",
        "The number of concealed tiles of a wild kind (三财神 = 3).",
    ),
    # ---- fours and kongs (hand)
    Pattern(
        "fours",
        "根",
        "fours (roots)",
        "hand",
        "The number of kinds held four times, kongs included (Sichuan 根).",
    ),
    Pattern(
        "fours_not_konged",
        "四归一 / 活",
        "fours not konged",
        "hand",
        "The number of kinds held four times without a kong of that kind.",
    ),
    Pattern(
        "kongs",
        "杠",
        "kongs",
        "hand",
        "The number of kong melds, concealed and exposed.",
    ),
    Pattern(
        "concealed_kongs",
        "暗杠",
        "concealed kongs",
        "hand",
        "The number of concealed kongs.",
    ),
    Pattern(
        "exposed_kongs",
        "明杠",
        "exposed kongs",
        "hand",
        "The number of exposed kongs (claimed or added to a pung).",
    ),
    # ---- melds (hand)
    Pattern(
        "concealed_hand",
        "门清 / 门前清 / 立胡",
        "concealed hand",
        "hand",
        "1 when no meld was claimed from another seat (concealed kongs allowed).",
    ),
    Pattern(
        "pair_only_concealed",
        "金钩钓 / 单钓将",
        "golden hook",
        "hand",
        "1 when every set is a meld (concealed kongs included) and only the pair is concealed.",
    ),
    Pattern(
        "all_called",
        "全求人 / 大吊车 / 手把一",
        "all called",
        "hand",
        "1 when every set is a claimed meld (no concealed kong) and the pair was completed by a "
        "discard.",
    ),
    # ---- honour pungs (hand)
    Pattern(
        "dragon_pungs",
        "箭刻",
        "dragon pungs",
        "hand",
        "The number of dragon kinds held three or four times.",
    ),
    Pattern(
        "seat_wind_pung",
        "门风刻 / 门风",
        "seat-wind pung",
        "hand",
        "1 when the seat wind (F_SEAT_WIND) is held three or four times.",
    ),
    Pattern(
        "round_wind_pung",
        "圈风刻 / 圈风",
        "round-wind pung",
        "hand",
        "1 when the round wind (F_ROUND_WIND) is held three or four times.",
    ),
    Pattern(
        "big_three_dragons",
        "大三元",
        "big three dragons",
        "hand",
        "1 when all three dragons are held three or four times.",
    ),
    Pattern(
        "little_three_dragons",
        "小三元",
        "little three dragons",
        "hand",
        "1 when two dragons are held three or four times and the third twice.",
    ),
    Pattern(
        "big_four_winds",
        "大四喜",
        "big four winds",
        "hand",
        "1 when all four winds are held three or four times.",
    ),
    Pattern(
        "little_four_winds",
        "小四喜",
        "little four winds",
        "hand",
        "1 when three winds are held three or four times and the fourth twice.",
    ),
    Pattern(
        "nine_gates",
        "九莲宝灯",
        "nine gates",
        "hand",
        "1 when the hand has no meld and is 1112345678999 of one suit plus one more tile of that "
        "suit.",
    ),
    # ---- circumstances (context)
    Pattern(
        "self_drawn",
        "自摸",
        "self-draw",
        "context",
        "1 when the win is a self-draw (F_SELF_DRAWN).",
    ),
    Pattern(
        "kong_bloom",
        "杠上开花 / 杠开",
        "win on a kong replacement",
        "context",
        "1 when the win is self-drawn on a kong's replacement tile (F_KONG_REPLACEMENT and "
        "F_SELF_DRAWN).",
    ),
    Pattern(
        "kong_discard",
        "杠上炮",
        "win on a discard after a kong",
        "context",
        "1 when the win is on a discard made right after the discarder's kong "
        "(F_AFTER_KONG_DISCARD, not self-drawn).",
    ),
    Pattern(
        "robbing_kong",
        "抢杠 / 抢杠胡",
        "robbing a kong",
        "context",
        "1 when the winning tile was robbed from a kong (F_ROBBING_KONG).",
    ),
    Pattern(
        "last_tile",
        "海底",
        "win on the last tile",
        "context",
        "1 when the win is on the last tile of the wall, self-drawn or discarded "
        "(F_LAST_WALL_TILE).",
    ),
    Pattern(
        "last_tile_self_draw",
        "海底捞月 / 妙手回春",
        "self-draw of the last tile",
        "context",
        "1 when the win is self-drawn on the last tile of the wall (F_LAST_WALL_TILE and "
        "F_SELF_DRAWN).",
    ),
    Pattern(
        "last_tile_discard",
        "海底炮",
        "win on the last discard",
        "context",
        "1 when the win is on the discard of the last tile of the wall (F_LAST_WALL_TILE, not "
        "self-drawn).",
    ),
    Pattern(
        "heavenly",
        "天胡 / 天和",
        "heavenly hand",
        "context",
        "1 when the dealer wins on the deal (F_HEAVENLY).",
    ),
    Pattern(
        "earthly",
        "地胡 / 地和",
        "earthly hand",
        "context",
        "1 when a non-dealer wins in the first go-round (F_EARTHLY; which draws or discards "
        "count is the variant's reading, set by whoever fills the flag).",
    ),
    Pattern(
        "human",
        "人和 / 人胡",
        "human hand",
        "context",
        "1 when a non-dealer wins on a discard of the first go-round (F_HUMAN).",
    ),
    Pattern(
        "dealer",
        "庄家",
        "dealer",
        "context",
        "1 when the winner is the dealer (F_IS_DEALER).",
    ),
    Pattern(
        "dealer_repeats",
        "连庄",
        "dealer repeats",
        "context",
        "The dealer-repeat counter carried into the hand (F_DEALER_REPEATS).",
    ),
    Pattern(
        "flowers",
        "花",
        "flowers",
        "context",
        "The number of flower tiles the winner holds (F_FLOWERS).",
    ),
    Pattern(
        "ready",
        "报听 / 听",
        "declared ready",
        "context",
        "1 when the winner had declared ready (F_READY).",
    ),
    Pattern(
        "triple_ron",
        "一炮三响",
        "three winners on one discard",
        "context",
        "1 when three players win on the same discard (the detector's context CTX_N_WINNERS).",
    ),
    Pattern(
        "ready_hidden",
        "暗听 / 暗楼",
        "hidden ready",
        "context",
        "1 when the winner had declared ready without showing the hand (F_READY_KIND, the "
        "ready kind hidden).",
    ),
    Pattern(
        "ready_shown",
        "明楼 / 明打",
        "shown ready",
        "context",
        "1 when the winner had declared ready showing the hand, discard wins still allowed "
        "(F_READY_KIND, the ready kind shown).",
    ),
    Pattern(
        "ready_shown_self_draw_only",
        "明摸",
        "shown ready, self-draw only",
        "context",
        "1 when the winner had declared ready showing the hand and so may win by self-draw "
        "only (F_READY_KIND, the ready kind shown_self_draw_only).",
    ),
    Pattern(
        "unique_wait",
        "只胡一张 / 独听",
        "one winning tile",
        "hand",
        "1 when the hand without the winning tile waited on one kind only: exactly one kind of "
        "the 34 (a fifth copy excluded) completes it in the standard shape with the table's "
        "pair rule. With a wild held: 0. Computed only for a table that values it.",
        "the standard shape only (a variant that also counts seven pairs waits needs another "
        "pattern); the tiles still unseen are not considered",
    ),
    Pattern(
        "pung_wait",
        "对倒 / 双碰",
        "pung wait (two pairs)",
        "reading",
        "1 when the winning tile completes a pung of the reading (the hand waited on two pairs).",
        "as edge_wait",
    ),
    Pattern(
        "seat_flowers",
        "本位花 / 正花",
        "own-seat flowers",
        "context",
        "The winner's exposed flowers of its own seat: of 春夏秋冬 and 梅兰竹菊, the one "
        "numbered like the seat wind (East 春 / 梅, South 夏 / 兰, West 秋 / 竹, North 冬 / 菊), "
        "0-2 (F_FLOWER_KINDS, F_SEAT_WIND). Wild flowers held in the hand do not count.",
    ),
    Pattern(
        "flower_sets",
        "四季 / 四君子 (花齐)",
        "full flower sets",
        "context",
        "The number of complete flower sets the winner has exposed, 春夏秋冬 and 梅兰竹菊 "
        "(0-2, F_FLOWER_KINDS).",
    ),
    Pattern(
        "all_flowers",
        "八花 / 八仙过海",
        "all eight flowers",
        "context",
        "1 when the winner has exposed all eight flowers (F_FLOWER_KINDS).",
    ),
    Pattern(
        "lone_wild_wait",
        "爆头",
        "lone-wild wait",
        "context",
        "1 when the hand without the winning tile was ready with a lone wild that made every "
        "tile a winning tile (F_WILD_WAIT; the engine fills it under wild_wait_context).",
    ),
    Pattern(
        "wild_piao",
        "财飘",
        "wild discarded from a lone-wild wait",
        "context",
        "The number of wilds the winner discarded from a lone-wild wait before winning "
        "(F_WILD_PIAO; wild_wait_context).",
    ),
    Pattern(
        "discard_win",
        "点炮 / 捉冲",
        "discard win",
        "context",
        "1 when the win is not a self-draw (F_SELF_DRAWN is 0): a table row that holds on a "
        "self-draw only is cancelled by a condition row on this pattern.",
    ),
    Pattern(
        "honor_tiles_out",
        "放风 / 补风",
        "honour tiles put out",
        "context",
        "The number of honour tiles the winner put out beside the hand by 放风 / 补风 "
        "(F_HONOR_TILES_OUT; honor_set_exposure): a table lets it break 门清.",
    ),
    Pattern(
        "ready_first_discard",
        "天听",
        "ready on the first discard",
        "context",
        "1 when the winner declared ready with its first discard, before any call "
        "(F_READY_FIRST_DISCARD).",
    ),
    Pattern(
        "grabbed",
        "抢金",
        "grabbing the gold",
        "context",
        "1 when the win is a grab of the turned wild indicator (F_GRABBED; grab_wild).",
    ),
    Pattern(
        "wild_pair",
        "金雀 / 财神对",
        "pair of wilds",
        "reading",
        "1 when the pair of the reading is two wilds and the rest of the concealed hand forms "
        "its sets (computed only for a table that values it).",
        "a reading of its own: the other set patterns of the hand are not counted in it",
    ),
    Pattern(
        "wild_pung",
        "金龙",
        "pung of wilds",
        "reading",
        "1 when three wilds form a set of the reading (a pung of their own kind) and the rest "
        "of the concealed hand forms the other sets and the pair (computed only for a table "
        "that values it).",
        "a reading of its own: the other set patterns of the hand are not counted in it",
    ),
    Pattern(
        "three_wilds",
        "三金倒 / 三财倒",
        "three wilds",
        "reading",
        "1 in the three-wilds reading: a self-drawn hand holding three or more wilds, whatever "
        "the rest of it (the table's shape three_wilds; three_wild_win).",
        "the three-wilds reading only (a hand that is also standard is scored both ways and "
        "the better reading kept)",
    ),
    Pattern(
        "honor_flower_quads",
        "四张相同字花",
        "four identical honour flowers",
        "context",
        "The number of honour kinds the winner has set aside as flowers four times "
        "(F_HONOR_FLOWER_QUADS; honors_are_flowers).",
    ),
    Pattern(
        "kong_money",
        "发 (杠牌钱)",
        "money kong tiles",
        "context",
        "The money tiles the winner has set aside as kong-only tiles (F_KONG_MONEY: Anqing "
        "发, or 红中 when 发 is the wild).",
    ),
    Pattern(
        "all_258",
        "将一色 / 将将胡",
        "all 2-5-8",
        "hand",
        "1 when every tile held is a 2, 5 or 8 of a suit (melds included). In the structure-free "
        "reading ``all_258_free`` the wilds count as 2-5-8 tiles.",
        "every reading; with the table shape all_258_free the hand also wins with no structure",
    ),
    Pattern(
        "all_winds",
        "风一色 (winds only)",
        "all winds",
        "hand",
        "1 when every tile held is a wind (melds included). In the structure-free reading "
        "``all_honors_free`` the wilds count as winds.",
        "every reading; 风一色 read as 'every tile an honour' is all_honors",
    ),
    Pattern(
        "knitted",
        "十三不靠 / 全不靠 / 七星不靠",
        "knitted tiles (honours and knitted)",
        "reading",
        "1 in the knitted reading: fourteen different tiles, no meld, taken from the seven "
        "honours and the nine tiles of one knitted arrangement (147, 258 and 369, each in a "
        "different suit); 七星不靠 (all seven honours) included.",
        "the knitted reading only (table shape knitted)",
    ),
    Pattern(
        "knitted_honor_pair",
        "十三不靠 (以字作将)",
        "knitted tiles with an honour pair",
        "reading",
        "1 in the knitted-with-an-honour-pair reading: the nine tiles of one knitted "
        "arrangement each once, plus four different honours, one of them paired (9 + 5 = 14), "
        "no meld.",
        "the knitted_honor_pair reading only (table shape knitted_honor_pair)",
    ),
    Pattern(
        "dealer_discarded",
        "庄家放炮 / 点庄",
        "the dealer fed the win",
        "context",
        "1 when the winning tile was discarded (or robbed from a kong) by the dealer "
        "(F_DISCARDER_SEAT is F_DEALER_SEAT); 0 on a self-draw.",
    ),
    Pattern(
        "pure_triple_chow",
        "一色三同顺 / 三姐妹",
        "pure triple chow",
        "reading",
        "1 when the reading holds three (or four) identical chows of one suit (melds included).",
        _STD + "; with wilds held: 0",
    ),
    Pattern(
        "mixed_triple_chow",
        "三色三同顺 / 喜相逢 (chows)",
        "mixed triple chow",
        "reading",
        "1 when the reading holds a chow of the same numbers in each of the three suits (melds "
        "included).",
        _STD + "; with wilds held: 0. MCR's 喜相逢 (two suits) is not this pattern",
    ),
    Pattern(
        "triple_pung",
        "三同刻 / 喜相逢 (pungs)",
        "triple pung",
        "reading",
        "1 when the reading holds a pung or kong of the same number in each of the three suits "
        "(melds included).",
        _STD + "; with wilds held: 0",
    ),
    Pattern(
        "outside_hand",
        "全带幺 / 混全带幺九",
        "outside hand",
        "reading",
        "1 when every set and the pair of the reading holds a terminal or an honour (melds "
        "included).",
        _STD + "; with wilds held: 0",
    ),
    Pattern(
        "all_fives",
        "全带五",
        "all fives",
        "reading",
        "1 when every set and the pair of the reading holds a 5 of a suit (melds included).",
        _STD + "; with wilds held: 0",
    ),
    Pattern(
        "five_pair",
        "五将",
        "pair of fives",
        "reading",
        "1 when the pair of the reading is a 5 of a suit.",
        _STD + "; with wilds held: 0",
    ),
    Pattern(
        "all_below_five",
        "小于五",
        "all below five",
        "hand",
        "1 when every tile held is a 1, 2, 3 or 4 of a suit.",
    ),
    Pattern(
        "all_above_five",
        "大于五",
        "all above five",
        "hand",
        "1 when every tile held is a 6, 7, 8 or 9 of a suit.",
    ),
    Pattern(
        "no_honors",
        "缺字 / 无字",
        "no honours",
        "hand",
        "1 when no tile held is an honour.",
    ),
    Pattern(
        "five_kinds",
        "五门齐",
        "all five kinds",
        "hand",
        "1 when the tiles held include each of the three suits, a wind and a dragon.",
    ),
    Pattern(
        "seven_pairs_won_four",
        "大哥大 (和第四张)",
        "seven pairs won on a fourth copy",
        "reading",
        "1 in the seven-pairs reading when the winning tile is the fourth natural copy of its "
        "kind in the hand (three held, the fourth won).",
        "the seven-pairs reading only; a wild winning tile: 0",
    ),
    Pattern(
        "pair_258",
        "二五八将 / 258对",
        "a 2-5-8 pair",
        "reading",
        "1 when the pair of the reading is a 2, 5 or 8 of a suit; in the seven-pairs reading, "
        "when at least one of its pairs is (a four counts as a pair).",
        _STD + " and the seven-pairs reading; with wilds held: 0",
    ),
    Pattern(
        "treasure_draw",
        "摸宝",
        "drawing the treasure",
        "context",
        "1 when a ready winner self-drew the 宝 kind (wild_rule treasure) and won with it: as a "
        "wild standing for the tile it needed, or as the tile itself (F_TREASURE_WIN = 1); "
        "0 for 宝中宝.",
    ),
    Pattern(
        "treasure_match",
        "对宝",
        "matching the treasure",
        "context",
        "1 when a ready winner who has looked at the 宝 won at its turn because the 宝 kind "
        "completes its hand, the drawn tile standing for it (treasure_match_wins; "
        "F_TREASURE_WIN = 2); 0 for 宝中宝.",
    ),
    Pattern(
        "treasure_in_treasure",
        "宝中宝",
        "treasure within the treasure",
        "context",
        "1 when the ready winner's hand without the winning tile waited on one kind only, that "
        "kind is the 宝, and the winner drew the 宝 kind or matched it (对宝) (F_TREASURE_WIN = "
        "3). The rule text asks for a 卡当 (closed) wait: a table that keeps to it also asks "
        "for its closed-wait pattern.",
    ),
    Pattern(
        "open_melds",
        "开口",
        "open melds",
        "hand",
        "The number of the winner's claimed melds: chows, pungs and kongs other than concealed "
        "ones (an added kong counts once, as the pung it grew from).",
    ),
    Pattern(
        "kong_tiles",
        "红中杠 / 杠牌",
        "kong-only tiles set aside",
        "context",
        "The kong-only tiles the winner set aside one at a time (kong_only_tiles; F_KONG_TILES).",
    ),
    Pattern(
        "wild_kongs",
        "赖子杠",
        "wilds set aside as kongs",
        "context",
        "The wilds the winner set aside one at a time as kongs (wild_kong; F_WILD_KONGS).",
    ),
    Pattern(
        "last_four_self_draw",
        "海底捞 (最后四张)",
        "self-draw among the last four tiles",
        "context",
        "1 when the win is a self-draw and at most three live tiles are left in the wall after "
        "the winning tile (F_TILES_LEFT 1-4; 0 = not known, never counted).",
    ),
    Pattern(
        "full_flush_wilds_free",
        "清一色 (赖子任意)",
        "full flush, wilds standing for the suit",
        "hand",
        "1 when every natural tile (concealed, wilds left out, and in the melds) is of one "
        "suit: the held wilds stand for that suit (清一色 with 赖子).",
    ),
    Pattern(
        "all_258_wilds_free",
        "将一色",
        "all 2-5-8, wilds free",
        "hand",
        "1 when every natural tile (concealed, wilds left out, and in the melds; no chow) is a "
        '2, 5 or 8 of a suit, with no set structure needed (将一色 "凑足所有牌是将就OK").',
    ),
    Pattern(
        "all_honors_wilds_free",
        "风一色",
        "all honours, wilds free",
        "hand",
        "1 when every natural tile (concealed, wilds left out, and in the melds) is an honour, "
        'with no set structure needed (风一色 "凑足所有牌是风就OK").',
    ),
    Pattern(
        "shisanlan",
        "十三烂",
        "thirteen rotten",
        "reading",
        "1 in the 十三烂 reading (table shape shisanlan; no meld): 14 single tiles, tiles of one "
        "suit pairwise at least 3 apart, the honours all different; wilds fill missing tiles.",
    ),
    Pattern(
        "shisanlan_seven_stars",
        "七星十三烂",
        "seven-star thirteen rotten",
        "reading",
        "1 in the 十三烂 reading when it holds all seven honours (wilds may stand for them).",
    ),
    Pattern(
        "no_wild_used",
        "德国 / 精还原",
        "no wild used as a wild",
        "reading",
        "1 when no wild is held, and in the readings that count every held wild as its own "
        "printed kind (the hand wins without any wild standing for another tile).",
        "Such a reading is tried only when the table uses this pattern.",
    ),
    Pattern(
        "honor_pungs_exposed",
        "风碰 / 箭碰 (花)",
        "exposed honour pungs",
        "hand",
        "The number of the winner's melded pungs (claimed, not upgraded to a kong) of a wind "
        "or dragon. A pung completed by the winning tile is not a meld and does not count.",
    ),
    Pattern(
        "honor_exposed_kongs",
        "风明杠 / 风补杠",
        "exposed honour kongs",
        "hand",
        "The number of the winner's exposed or added kongs of a wind or dragon (a part of "
        "exposed_kongs).",
    ),
    Pattern(
        "honor_concealed_kongs",
        "风暗杠",
        "concealed honour kongs",
        "hand",
        "The number of the winner's concealed kongs of a wind or dragon (a part of "
        "concealed_kongs).",
    ),
)

#: position of each pattern in the count vector
INDEX: dict[str, int] = {p.key: i for i, p in enumerate(PATTERNS)}
N_PATTERNS = len(PATTERNS)
SCOPES = ("hand", "reading", "context")
assert len(INDEX) == N_PATTERNS, "duplicate pattern key"
assert all(p.scope in SCOPES for p in PATTERNS)


def index(key: str) -> int:
    """Position of pattern ``key`` in the count vector.

    Raises ``ValueError`` naming the unknown key and listing the known ones.
    """
    try:
        return INDEX[key]
    except KeyError:
        raise ValueError(f"unknown pattern {key!r}; known patterns: {', '.join(INDEX)}") from None


# positions as module constants, for the jitted detector (numba reads them as constants)
WIN = INDEX["win"]
ALL_PUNGS = INDEX["all_pungs"]
ALL_CHOWS = INDEX["all_chows"]
SEVEN_PAIRS = INDEX["seven_pairs"]
SEVEN_PAIRS_FOURS = INDEX["seven_pairs_fours"]
THIRTEEN_ORPHANS = INDEX["thirteen_orphans"]
PURE_STRAIGHT = INDEX["pure_straight"]
CONCEALED_PUNGS = INDEX["concealed_pungs"]
EDGE_WAIT = INDEX["edge_wait"]
CLOSED_WAIT = INDEX["closed_wait"]
SINGLE_WAIT = INDEX["single_wait"]
CATCH_FIVE = INDEX["catch_five"]
WILD_SINGLE_WAIT = INDEX["wild_single_wait"]
WILD_DOUBLE_WAIT = INDEX["wild_double_wait"]
STRAIGHT_IN_WILD_SUIT = INDEX["straight_in_wild_suit"]
FULL_FLUSH = INDEX["full_flush"]
HALF_FLUSH = INDEX["half_flush"]
ALL_HONORS = INDEX["all_honors"]
ALL_TERMINALS = INDEX["all_terminals"]
TERMINALS_AND_HONORS = INDEX["terminals_and_honors"]
ALL_SIMPLES = INDEX["all_simples"]
SUITS_MISSING = INDEX["suits_missing"]
NO_WILD = INDEX["no_wild"]
WILDS_HELD = INDEX["wilds_held"]
FOURS = INDEX["fours"]
FOURS_NOT_KONGED = INDEX["fours_not_konged"]
KONGS = INDEX["kongs"]
CONCEALED_KONGS = INDEX["concealed_kongs"]
EXPOSED_KONGS = INDEX["exposed_kongs"]
CONCEALED_HAND = INDEX["concealed_hand"]
PAIR_ONLY_CONCEALED = INDEX["pair_only_concealed"]
ALL_CALLED = INDEX["all_called"]
DRAGON_PUNGS = INDEX["dragon_pungs"]
SEAT_WIND_PUNG = INDEX["seat_wind_pung"]
ROUND_WIND_PUNG = INDEX["round_wind_pung"]
BIG_THREE_DRAGONS = INDEX["big_three_dragons"]
LITTLE_THREE_DRAGONS = INDEX["little_three_dragons"]
BIG_FOUR_WINDS = INDEX["big_four_winds"]
LITTLE_FOUR_WINDS = INDEX["little_four_winds"]
NINE_GATES = INDEX["nine_gates"]
SELF_DRAWN = INDEX["self_drawn"]
KONG_BLOOM = INDEX["kong_bloom"]
KONG_DISCARD = INDEX["kong_discard"]
ROBBING_KONG = INDEX["robbing_kong"]
LAST_TILE = INDEX["last_tile"]
LAST_TILE_SELF_DRAW = INDEX["last_tile_self_draw"]
LAST_TILE_DISCARD = INDEX["last_tile_discard"]
HEAVENLY = INDEX["heavenly"]
EARTHLY = INDEX["earthly"]
HUMAN = INDEX["human"]
DEALER = INDEX["dealer"]
DEALER_REPEATS = INDEX["dealer_repeats"]
FLOWERS = INDEX["flowers"]
READY = INDEX["ready"]
TRIPLE_RON = INDEX["triple_ron"]
READY_HIDDEN = INDEX["ready_hidden"]
READY_SHOWN = INDEX["ready_shown"]
READY_SHOWN_SELF_DRAW_ONLY = INDEX["ready_shown_self_draw_only"]
UNIQUE_WAIT = INDEX["unique_wait"]
PUNG_WAIT = INDEX["pung_wait"]
SEAT_FLOWERS = INDEX["seat_flowers"]
FLOWER_SETS = INDEX["flower_sets"]
ALL_FLOWERS = INDEX["all_flowers"]
LONE_WILD_WAIT = INDEX["lone_wild_wait"]
WILD_PIAO = INDEX["wild_piao"]
DISCARD_WIN = INDEX["discard_win"]
HONOR_TILES_OUT = INDEX["honor_tiles_out"]
READY_FIRST_DISCARD = INDEX["ready_first_discard"]
GRABBED = INDEX["grabbed"]
WILD_PAIR = INDEX["wild_pair"]
WILD_PUNG = INDEX["wild_pung"]
THREE_WILDS = INDEX["three_wilds"]
HONOR_FLOWER_QUADS = INDEX["honor_flower_quads"]
KONG_MONEY = INDEX["kong_money"]
ALL_258 = INDEX["all_258"]
ALL_WINDS = INDEX["all_winds"]
KNITTED = INDEX["knitted"]
KNITTED_HONOR_PAIR = INDEX["knitted_honor_pair"]
DEALER_DISCARDED = INDEX["dealer_discarded"]
PURE_TRIPLE_CHOW = INDEX["pure_triple_chow"]
MIXED_TRIPLE_CHOW = INDEX["mixed_triple_chow"]
TRIPLE_PUNG = INDEX["triple_pung"]
OUTSIDE_HAND = INDEX["outside_hand"]
ALL_FIVES = INDEX["all_fives"]
FIVE_PAIR = INDEX["five_pair"]
ALL_BELOW_FIVE = INDEX["all_below_five"]
ALL_ABOVE_FIVE = INDEX["all_above_five"]
NO_HONORS = INDEX["no_honors"]
FIVE_KINDS = INDEX["five_kinds"]
SEVEN_PAIRS_WON_FOUR = INDEX["seven_pairs_won_four"]
PAIR_258 = INDEX["pair_258"]
TREASURE_DRAW = INDEX["treasure_draw"]
TREASURE_MATCH = INDEX["treasure_match"]
TREASURE_IN_TREASURE = INDEX["treasure_in_treasure"]
OPEN_MELDS = INDEX["open_melds"]
KONG_TILES = INDEX["kong_tiles"]
WILD_KONGS = INDEX["wild_kongs"]
LAST_FOUR_SELF_DRAW = INDEX["last_four_self_draw"]
FULL_FLUSH_WILDS_FREE = INDEX["full_flush_wilds_free"]
ALL_258_WILDS_FREE = INDEX["all_258_wilds_free"]
ALL_HONORS_WILDS_FREE = INDEX["all_honors_wilds_free"]
SHISANLAN = INDEX["shisanlan"]
SHISANLAN_SEVEN_STARS = INDEX["shisanlan_seven_stars"]
NO_WILD_USED = INDEX["no_wild_used"]
HONOR_PUNGS_EXPOSED = INDEX["honor_pungs_exposed"]
HONOR_EXPOSED_KONGS = INDEX["honor_exposed_kongs"]
HONOR_CONCEALED_KONGS = INDEX["honor_concealed_kongs"]


def patterns_page() -> str:
    """The Markdown page ``docs/reference/patterns.md``: the vocabulary as a table."""
    out = [
        "# Scoring patterns",
        "",
        "<!-- generated by python -m mjsim.docs_gen from mjsim/scoring/patterns.py; "
        "do not edit -->",
        "",
        "The vocabulary of table-driven scoring (`mjsim.scoring.patterns`): every fact about a "
        "winning hand that a variant's fan table (`mjsim.scoring.fan_table`) can value. One "
        "jitted detector (`mjsim.scoring.detect`) counts them for a winning hand; where the "
        "readings of a hand differ, it evaluates the variant's table on each reading and keeps "
        "the highest value (就高不就低).",
        "",
        "Scopes: **hand** = a fact of the tiles held (concealed tiles and melds, the winning "
        "tile included; a wild counts as its printed kind), the same in every reading; "
        "**reading** = a fact of one reading (a decomposition into sets and a pair with the set "
        "holding the winning tile, the seven-pairs reading, the thirteen-orphans reading, the "
        "free-form readings of the table's shapes all_258_free, all_honors_free, knitted and "
        "knitted_honor_pair, which hold whatever the decomposition; "
        "wilds count as what they stand for); **context** = a circumstance of the win, from the "
        "win-context flags.",
        "",
        "**Free-form readings.** Some rule texts make a hand a win whatever its decomposition: "
        "every tile a 2, 5 or 8 (将一色), every tile a wind or an honour (风一色), or a fixed "
        "pattern of single tiles (十三不靠 / 全不靠: knitted tiles and honours). A fan table "
        "asks for them in its `shapes` (`all_258_free`, `all_honors_free`, `knitted`, "
        "`knitted_honor_pair`, named as the `RuleSpec.win_shapes` that let the engine accept "
        'the win; `free_honors="winds"` limits `all_honors_free` to winds). The detector '
        "tries each as one more reading of the hand: `win` is 1, the pattern that names the "
        "reading (`all_258`, `all_winds` or `all_honors`, `knitted`, `knitted_honor_pair`) is "
        "set, no set-structure pattern is; a hand that is also a standard hand is scored both "
        "ways and the better reading kept.",
        "",
        "| # | key | 中文 | English | scope | definition (the count) | readings considered |",
        "|---|---|---|---|---|---|---|",
    ]
    for i, p in enumerate(PATTERNS):
        out.append(
            f"| {i} | `{p.key}` | {p.zh} | {p.en} | {p.scope} | {p.definition} | "
            f"{p.readings or '—'} |"
        )
    return "\n".join(out) + "\n"
