"""The Chinese Official (guobiao / MCR) fan table: ids, names, values.

Ids 1-81 are the standard MCR numbering (the order of the 1998 Mahjong Competition Rules and of
the Chinese Official rules); id 81 is the flower tiles (1 fan each, not counted
toward the 8-fan minimum, the rule text: "每花计一分。不计在起和分内"). Id 82 is 明暗杠 (one melded and
one concealed kong, 5 fan), the current competition reading of rulebook #57's note
("一明杠与一暗杠计5分", the Chinese Official rules item 7); with the literal-rulebook option it is scored
as 明杠 1 + 暗杠 2 instead. Index 0 is unused, so an ``items`` array has ``N_GUOBIAO_ITEMS = 83``
entries indexed by fan id.

Ids are stable: the engine, records and tests refer to them.
"""

from __future__ import annotations

import numpy as np

BIG_FOUR_WINDS = 1
BIG_THREE_DRAGONS = 2
ALL_GREEN = 3
NINE_GATES = 4
FOUR_KONGS = 5
SEVEN_SHIFTED_PAIRS = 6
THIRTEEN_ORPHANS = 7
ALL_TERMINALS = 8
LITTLE_FOUR_WINDS = 9
LITTLE_THREE_DRAGONS = 10
ALL_HONORS = 11
FOUR_CONCEALED_PUNGS = 12
PURE_TERMINAL_CHOWS = 13
QUADRUPLE_CHOW = 14
FOUR_PURE_SHIFTED_PUNGS = 15
FOUR_PURE_SHIFTED_CHOWS = 16
THREE_KONGS = 17
ALL_TERMINALS_AND_HONORS = 18
SEVEN_PAIRS = 19
GREATER_HONORS_AND_KNITTED = 20
ALL_EVEN_PUNGS = 21
FULL_FLUSH = 22
PURE_TRIPLE_CHOW = 23
PURE_SHIFTED_PUNGS = 24
UPPER_TILES = 25
MIDDLE_TILES = 26
LOWER_TILES = 27
PURE_STRAIGHT = 28
THREE_SUITED_TERMINAL_CHOWS = 29
PURE_SHIFTED_CHOWS = 30
ALL_FIVE = 31
TRIPLE_PUNG = 32
THREE_CONCEALED_PUNGS = 33
LESSER_HONORS_AND_KNITTED = 34
KNITTED_STRAIGHT = 35
UPPER_FOUR = 36
LOWER_FOUR = 37
BIG_THREE_WINDS = 38
MIXED_STRAIGHT = 39
REVERSIBLE_TILES = 40
MIXED_TRIPLE_CHOW = 41
MIXED_SHIFTED_PUNGS = 42
CHICKEN_HAND = 43
LAST_TILE_DRAW = 44
LAST_TILE_CLAIM = 45
OUT_WITH_REPLACEMENT_TILE = 46
ROBBING_THE_KONG = 47
ALL_PUNGS = 48
HALF_FLUSH = 49
MIXED_SHIFTED_CHOWS = 50
ALL_TYPES = 51
MELDED_HAND = 52
TWO_CONCEALED_KONGS = 53
TWO_DRAGON_PUNGS = 54
OUTSIDE_HAND = 55
FULLY_CONCEALED_HAND = 56
TWO_MELDED_KONGS = 57
LAST_TILE = 58
DRAGON_PUNG = 59
PREVALENT_WIND = 60
SEAT_WIND = 61
CONCEALED_HAND = 62
ALL_CHOWS = 63
TILE_HOG = 64
DOUBLE_PUNG = 65
TWO_CONCEALED_PUNGS = 66
CONCEALED_KONG = 67
ALL_SIMPLES = 68
PURE_DOUBLE_CHOW = 69
MIXED_DOUBLE_CHOW = 70
SHORT_STRAIGHT = 71
TWO_TERMINAL_CHOWS = 72
PUNG_OF_TERMINALS_OR_HONORS = 73
MELDED_KONG = 74
ONE_VOIDED_SUIT = 75
NO_HONORS = 76
EDGE_WAIT = 77
CLOSED_WAIT = 78
SINGLE_WAIT = 79
SELF_DRAWN = 80
FLOWER_TILES = 81
CONCEALED_AND_MELDED_KONG = 82

N_GUOBIAO_ITEMS = 83
GUOBIAO_MIN_FAN = 8

# (id, English name, Chinese name, fan value); English names are the MCR (1998 / 2006 English
# edition) names as used by the MahjongGB calculator.
GUOBIAO_FANS: tuple[tuple[int, str, str, int], ...] = (
    (1, "Big Four Winds", "大四喜", 88),
    (2, "Big Three Dragons", "大三元", 88),
    (3, "All Green", "绿一色", 88),
    (4, "Nine Gates", "九莲宝灯", 88),
    (5, "Four Kongs", "四杠", 88),
    (6, "Seven Shifted Pairs", "连七对", 88),
    (7, "Thirteen Orphans", "十三幺", 88),
    (8, "All Terminals", "清幺九", 64),
    (9, "Little Four Winds", "小四喜", 64),
    (10, "Little Three Dragons", "小三元", 64),
    (11, "All Honors", "字一色", 64),
    (12, "Four Concealed Pungs", "四暗刻", 64),
    (13, "Pure Terminal Chows", "一色双龙会", 64),
    (14, "Quadruple Chow", "一色四同顺", 48),
    (15, "Four Pure Shifted Pungs", "一色四节高", 48),
    (16, "Four Pure Shifted Chows", "一色四步高", 32),
    (17, "Three Kongs", "三杠", 32),
    (18, "All Terminals and Honors", "混幺九", 32),
    (19, "Seven Pairs", "七对", 24),
    (20, "Greater Honors and Knitted Tiles", "七星不靠", 24),
    (21, "All Even Pungs", "全双刻", 24),
    (22, "Full Flush", "清一色", 24),
    (23, "Pure Triple Chow", "一色三同顺", 24),
    (24, "Pure Shifted Pungs", "一色三节高", 24),
    (25, "Upper Tiles", "全大", 24),
    (26, "Middle Tiles", "全中", 24),
    (27, "Lower Tiles", "全小", 24),
    (28, "Pure Straight", "清龙", 16),
    (29, "Three-Suited Terminal Chows", "三色双龙会", 16),
    (30, "Pure Shifted Chows", "一色三步高", 16),
    (31, "All Fives", "全带五", 16),
    (32, "Triple Pung", "三同刻", 16),
    (33, "Three Concealed Pungs", "三暗刻", 16),
    (34, "Lesser Honors and Knitted Tiles", "全不靠", 12),
    (35, "Knitted Straight", "组合龙", 12),
    (36, "Upper Four", "大于五", 12),
    (37, "Lower Four", "小于五", 12),
    (38, "Big Three Winds", "三风刻", 12),
    (39, "Mixed Straight", "花龙", 8),
    (40, "Reversible Tiles", "推不倒", 8),
    (41, "Mixed Triple Chow", "三色三同顺", 8),
    (42, "Mixed Shifted Pungs", "三色三节高", 8),
    (43, "Chicken Hand", "无番和", 8),
    (44, "Last Tile Draw", "妙手回春", 8),
    (45, "Last Tile Claim", "海底捞月", 8),
    (46, "Out with Replacement Tile", "杠上开花", 8),
    (47, "Robbing the Kong", "抢杠和", 8),
    (48, "All Pungs", "碰碰和", 6),
    (49, "Half Flush", "混一色", 6),
    (50, "Mixed Shifted Chows", "三色三步高", 6),
    (51, "All Types", "五门齐", 6),
    (52, "Melded Hand", "全求人", 6),
    (53, "Two Concealed Kongs", "双暗杠", 6),
    (54, "Two Dragon Pungs", "双箭刻", 6),
    (55, "Outside Hand", "全带幺", 4),
    (56, "Fully Concealed Hand", "不求人", 4),
    (57, "Two Melded Kongs", "双明杠", 4),
    (58, "Last Tile", "和绝张", 4),
    (59, "Dragon Pung", "箭刻", 2),
    (60, "Prevalent Wind", "圈风刻", 2),
    (61, "Seat Wind", "门风刻", 2),
    (62, "Concealed Hand", "门前清", 2),
    (63, "All Chows", "平和", 2),
    (64, "Tile Hog", "四归一", 2),
    (65, "Double Pung", "双同刻", 2),
    (66, "Two Concealed Pungs", "双暗刻", 2),
    (67, "Concealed Kong", "暗杠", 2),
    (68, "All Simples", "断幺", 2),
    (69, "Pure Double Chow", "一般高", 1),
    (70, "Mixed Double Chow", "喜相逢", 1),
    (71, "Short Straight", "连六", 1),
    (72, "Two Terminal Chows", "老少副", 1),
    (73, "Pung of Terminals or Honors", "幺九刻", 1),
    (74, "Melded Kong", "明杠", 1),
    (75, "One Voided Suit", "缺一门", 1),
    (76, "No Honors", "无字", 1),
    (77, "Edge Wait", "边张", 1),
    (78, "Closed Wait", "嵌张", 1),
    (79, "Single Wait", "单钓将", 1),
    (80, "Self-Drawn", "自摸", 1),
    (81, "Flower Tiles", "花牌", 1),
    (82, "Concealed Kong and Melded Kong", "明暗杠", 5),
)

FAN_VALUES = np.zeros(N_GUOBIAO_ITEMS, dtype=np.int32)
"""``int32[N_GUOBIAO_ITEMS]``: fan value of each id (index 0 unused, 0)."""
for _id, _en, _zh, _value in GUOBIAO_FANS:
    FAN_VALUES[_id] = _value
FAN_VALUES.setflags(write=False)

FAN_BY_ID: dict[int, tuple[int, str, str, int]] = {row[0]: row for row in GUOBIAO_FANS}
