"""The Riichi yaku table: ids, English / Japanese names and han (closed, open).

One row per scoring item of :mod:`mjsim.scoring.riichi` (the ``items`` vector is indexed by these
ids). ``han_open`` 0 = the yaku needs a closed hand (menzen). Yakuman rows (``YAKUMAN_FIRST`` ..
``YAKUMAN_LAST``) score 13 han each (one yakuman); the 13-sided thirteen orphans, the four
concealed pungs on a single wait and the pure nine gates score 26 (double yakuman) only with the
``double_yakuman`` option. Dora rows (``Y_DORA`` .. ``Y_URA_DORA``) are worth 1 han per tile and
do not qualify a hand (at least one real yaku is needed). The renhou rows (``Y_RENHOU``, 5 han;
``Y_RENHOU_YAKUMAN``, one yakuman) come after the dora rows and are scored only under the
``renhou`` option.

Rule source: the Riichi rules (Japanese Riichi, "日本麻将"), and where it is silent the
public Tenhou rules (the same table is used by the ``mahjong`` package, our oracle).
"""

from __future__ import annotations

# (id, english, japanese, han_closed, han_open)
RIICHI_YAKU: tuple[tuple[int, str, str, int, int], ...] = (
    (0, "riichi", "立直", 1, 0),
    (1, "double riichi", "両立直", 2, 0),
    (2, "ippatsu", "一発", 1, 0),
    (3, "fully concealed self-draw", "門前清自摸和", 1, 0),
    (4, "pinfu", "平和", 1, 0),
    (5, "all simples", "断幺九", 1, 1),
    (6, "pure double chow", "一盃口", 1, 0),
    (7, "last tile self-draw", "海底摸月", 1, 1),
    (8, "last discard win", "河底撈魚", 1, 1),
    (9, "after a kong", "嶺上開花", 1, 1),
    (10, "robbing a kong", "槍槓", 1, 1),
    (11, "white dragon", "役牌 白", 1, 1),
    (12, "green dragon", "役牌 發", 1, 1),
    (13, "red dragon", "役牌 中", 1, 1),
    (14, "seat wind", "自風牌", 1, 1),
    (15, "round wind", "場風牌", 1, 1),
    (16, "seven pairs", "七対子", 2, 0),
    (17, "outside hand", "混全帯幺九", 2, 1),
    (18, "pure straight", "一気通貫", 2, 1),
    (19, "mixed triple chow", "三色同順", 2, 1),
    (20, "triple pung", "三色同刻", 2, 2),
    (21, "three kongs", "三槓子", 2, 2),
    (22, "all pungs", "対々和", 2, 2),
    (23, "three concealed pungs", "三暗刻", 2, 2),
    (24, "little three dragons", "小三元", 2, 2),
    (25, "all terminals and honours", "混老頭", 2, 2),
    (26, "twice pure double chow", "二盃口", 3, 0),
    (27, "terminals in all sets", "純全帯幺九", 3, 2),
    (28, "half flush", "混一色", 3, 2),
    (29, "full flush", "清一色", 6, 5),
    (30, "thirteen orphans", "国士無双", 13, 0),
    (31, "thirteen orphans 13-sided wait", "国士無双十三面待ち", 13, 0),
    (32, "four concealed pungs", "四暗刻", 13, 0),
    (33, "four concealed pungs single wait", "四暗刻単騎", 13, 0),
    (34, "big three dragons", "大三元", 13, 13),
    (35, "little four winds", "小四喜", 13, 13),
    (36, "big four winds", "大四喜", 13, 13),
    (37, "all honours", "字一色", 13, 13),
    (38, "all terminals", "清老頭", 13, 13),
    (39, "all green", "緑一色", 13, 13),
    (40, "nine gates", "九蓮宝燈", 13, 0),
    (41, "pure nine gates", "純正九蓮宝燈", 13, 0),
    (42, "four kongs", "四槓子", 13, 13),
    (43, "heavenly hand", "天和", 13, 0),
    (44, "earthly hand", "地和", 13, 0),
    (45, "dora", "ドラ", 1, 1),
    (46, "red five", "赤ドラ", 1, 1),
    (47, "ura dora", "裏ドラ", 1, 0),
    (48, "blessing of man", "人和", 5, 0),
    (49, "blessing of man (yakuman)", "人和", 13, 0),
)

Y_RIICHI = 0
Y_DOUBLE_RIICHI = 1
Y_IPPATSU = 2
Y_TSUMO = 3
Y_PINFU = 4
Y_TANYAO = 5
Y_IIPEIKOU = 6
Y_HAITEI = 7
Y_HOUTEI = 8
Y_RINSHAN = 9
Y_CHANKAN = 10
Y_HAKU = 11
Y_HATSU = 12
Y_CHUN = 13
Y_SEAT_WIND = 14
Y_ROUND_WIND = 15
Y_CHIITOITSU = 16
Y_CHANTA = 17
Y_ITTSU = 18
Y_SANSHOKU = 19
Y_SANSHOKU_DOUKOU = 20
Y_SANKANTSU = 21
Y_TOITOI = 22
Y_SANANKOU = 23
Y_SHOUSANGEN = 24
Y_HONROUTOU = 25
Y_RYANPEIKOU = 26
Y_JUNCHAN = 27
Y_HONITSU = 28
Y_CHINITSU = 29
Y_KOKUSHI = 30
Y_KOKUSHI_13 = 31
Y_SUUANKOU = 32
Y_SUUANKOU_TANKI = 33
Y_DAISANGEN = 34
Y_SHOUSUUSHII = 35
Y_DAISUUSHII = 36
Y_TSUUIISOU = 37
Y_CHINROUTOU = 38
Y_RYUUIISOU = 39
Y_CHUUREN = 40
Y_CHUUREN_9 = 41
Y_SUUKANTSU = 42
Y_TENHOU = 43
Y_CHIIHOU = 44
Y_DORA = 45
Y_AKA_DORA = 46
Y_URA_DORA = 47
Y_RENHOU = 48  # renhou="mangan": a 5-han yaku (as the ``mahjong`` package's renhou)
Y_RENHOU_YAKUMAN = 49  # renhou="yakuman"
N_YAKU = 50

YAKUMAN_FIRST = Y_KOKUSHI
YAKUMAN_LAST = Y_CHIIHOU

assert len(RIICHI_YAKU) == N_YAKU
assert all(row[0] == i for i, row in enumerate(RIICHI_YAKU))
