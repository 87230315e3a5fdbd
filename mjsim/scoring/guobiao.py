"""Chinese Official (guobiao / MCR) scoring: all 81 fans, jitted.

Rule source: the Chinese Official rules (the rule text and the public rulebook, COMH):
the 81-fan table with its 不计 exclusions, the counting principles 不重复, 不拆移, 不得相同,
就高不就低 (highest-scoring decomposition) and 套算一次, flowers "每花计一分。不计在起和分内"
payments "自摸和牌：(8+番数)×3", "别人点炮和：8×3+番数".

Readings follow the competition calculator used by Botzone (MahjongGB, PyPI ``pymahjonggb``), which
is this module's test oracle. Where that reading differs from the literal rulebook the literal one is
an option bit (``F_GB_OPTIONS`` flag, ``OPT_*`` bits; see ``docs/guobiao.md``).

Algorithm structure ported from ``fan_calculator.cpp`` of ChineseOfficialMahjongHelper
(https://github.com/summerinsects/ChineseOfficialMahjongHelper), as vendored by PyMahjongGB 1.4.0:

    Copyright (c) 2016-2023 Jeff Wang <summer_insects@163.com>
    Permission is hereby granted, free of charge, to any person obtaining a copy of this software
    and associated documentation files (the "Software"), to deal in the Software without
    restriction, including without limitation the rights to use, copy, modify, merge, publish,
    distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
    Software is furnished to do so, subject to the following conditions: The above copyright notice
    and this permission notice shall be included in all copies or substantial portions of the
    Software. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND (MIT License).

Internally the kernel works on *spaced codes* ``suit * 16 + rank`` (characters 0x11-0x19,
bamboo 0x21-0x29, dots 0x31-0x39, honors 0x41-0x47 in the order E S W N Red Green White), so that
"same suit, rank + k" is plain integer arithmetic and never crosses a suit. The suit order of the
codes (m, s, p) is the reference calculator's, so that ties between equally scoring decompositions
resolve to the same fan list. The public interface uses mjsim tile kinds (0-33).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from mjsim._jit import internal
from mjsim.melds import MELD_ADDED_KONG, MELD_CHOW, MELD_CONCEALED_KONG, MELD_KONG, MELD_PUNG
from mjsim.scoring.context import (
    F_FLOWERS,
    F_FOURTH_TILE,
    F_HEAVENLY,
    F_KONG_REPLACEMENT,
    F_LAST_WALL_TILE,
    F_ROBBING_KONG,
    F_ROUND_WIND,
    F_SEAT_WIND,
    F_SELF_DRAWN,
)
from mjsim.scoring.guobiao_fans import (
    ALL_CHOWS,
    ALL_EVEN_PUNGS,
    ALL_FIVE,
    ALL_GREEN,
    ALL_HONORS,
    ALL_PUNGS,
    ALL_SIMPLES,
    ALL_TERMINALS,
    ALL_TERMINALS_AND_HONORS,
    ALL_TYPES,
    BIG_FOUR_WINDS,
    BIG_THREE_DRAGONS,
    BIG_THREE_WINDS,
    CHICKEN_HAND,
    CLOSED_WAIT,
    CONCEALED_AND_MELDED_KONG,
    CONCEALED_HAND,
    CONCEALED_KONG,
    DOUBLE_PUNG,
    DRAGON_PUNG,
    EDGE_WAIT,
    FAN_VALUES,
    FLOWER_TILES,
    FOUR_CONCEALED_PUNGS,
    FOUR_KONGS,
    FOUR_PURE_SHIFTED_CHOWS,
    FOUR_PURE_SHIFTED_PUNGS,
    FULL_FLUSH,
    FULLY_CONCEALED_HAND,
    GREATER_HONORS_AND_KNITTED,
    HALF_FLUSH,
    KNITTED_STRAIGHT,
    LAST_TILE,
    LAST_TILE_CLAIM,
    LAST_TILE_DRAW,
    LESSER_HONORS_AND_KNITTED,
    LITTLE_FOUR_WINDS,
    LITTLE_THREE_DRAGONS,
    LOWER_FOUR,
    LOWER_TILES,
    MELDED_HAND,
    MELDED_KONG,
    MIDDLE_TILES,
    MIXED_DOUBLE_CHOW,
    MIXED_SHIFTED_CHOWS,
    MIXED_SHIFTED_PUNGS,
    MIXED_STRAIGHT,
    MIXED_TRIPLE_CHOW,
    N_GUOBIAO_ITEMS,
    NINE_GATES,
    NO_HONORS,
    ONE_VOIDED_SUIT,
    OUT_WITH_REPLACEMENT_TILE,
    OUTSIDE_HAND,
    PREVALENT_WIND,
    PUNG_OF_TERMINALS_OR_HONORS,
    PURE_DOUBLE_CHOW,
    PURE_SHIFTED_CHOWS,
    PURE_SHIFTED_PUNGS,
    PURE_STRAIGHT,
    PURE_TERMINAL_CHOWS,
    PURE_TRIPLE_CHOW,
    QUADRUPLE_CHOW,
    REVERSIBLE_TILES,
    ROBBING_THE_KONG,
    SEAT_WIND,
    SELF_DRAWN,
    SEVEN_PAIRS,
    SEVEN_SHIFTED_PAIRS,
    SHORT_STRAIGHT,
    SINGLE_WAIT,
    THIRTEEN_ORPHANS,
    THREE_CONCEALED_PUNGS,
    THREE_KONGS,
    THREE_SUITED_TERMINAL_CHOWS,
    TILE_HOG,
    TRIPLE_PUNG,
    TWO_CONCEALED_KONGS,
    TWO_CONCEALED_PUNGS,
    TWO_DRAGON_PUNGS,
    TWO_MELDED_KONGS,
    TWO_TERMINAL_CHOWS,
    UPPER_FOUR,
    UPPER_TILES,
)

# --- variant-specific flag (context.py reserves indices 19..23) and its option bits ---------------
F_GB_OPTIONS = 19
"""Index in ``flags`` of the guobiao option bits (0 = the competition readings, the default)."""
OPT_KONG_PAIR_LITERAL = 1
"""One melded + one concealed kong scores 明杠 1 + 暗杠 2 = 3 (literal table) instead of 明暗杠 5."""
OPT_SPECIALS_ADD_FULLY_CONCEALED = 2
"""九莲宝灯 / 连七对 / 十三幺 won by self-draw add 不求人 (the rule text 图解: "自摸加计不求人")."""
OPT_ALL_TERMINALS_DOUBLE_PUNG = 4
"""清幺九 may add 双同刻 (the rule text 图解: "可加计双同刻、三同刻")."""
OPT_KNITTED_BODY_NO_WAIT_FANS = 8
"""A wait inside a standard-form 组合龙 scores no 边张 / 嵌张 / 单钓将 (the Chinese Official rules
wait-fan rule: "If the wait lies inside the 9 tiles of a standard-form 组合龙, these three are not
counted"); the competition calculator counts them when the wait can also be read that way."""

# error returns of the kernels (never a legal total, which is >= 8 or >= 1 with options)
ERR_NOT_WIN = -1
ERR_TILE_COUNT = -2

# --- spaced codes ----------------------------------------------------------------------------------
_SUIT_CODE = (1, 3, 2)  # mjsim suit 0 (m), 1 (p), 2 (s) -> code suit (m=1, s=2, p=3)
CODE_OF_KIND = np.zeros(34, dtype=np.int64)
for _k in range(27):
    CODE_OF_KIND[_k] = _SUIT_CODE[_k // 9] * 16 + _k % 9 + 1
# honors: mjsim 27..33 = E S W N White Green Red; codes 0x41..0x47 = E S W N Red Green White
for _k, _c in zip(range(27, 34), (0x41, 0x42, 0x43, 0x44, 0x47, 0x46, 0x45), strict=True):
    CODE_OF_KIND[_k] = _c
CODE_OF_KIND.setflags(write=False)
KIND_OF_CODE = np.full(0x48, -1, dtype=np.int64)
for _k in range(34):
    KIND_OF_CODE[CODE_OF_KIND[_k]] = _k
KIND_OF_CODE.setflags(write=False)
ALL_CODES = np.array(sorted(int(c) for c in CODE_OF_KIND), dtype=np.int64)
ALL_CODES.setflags(write=False)
TABLE = 0x48

# the six knitted straights (147/258/369 across the three suits), codes
_KNITTED = []
for _a, _b, _c in ((1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1)):
    # rank start a in characters, b in bamboo, c in dots
    _KNITTED.append(
        [
            0x10 + _a,
            0x13 + _a,
            0x16 + _a,
            0x20 + _b,
            0x23 + _b,
            0x26 + _b,
            0x30 + _c,
            0x33 + _c,
            0x36 + _c,
        ]
    )
KNITTED_STRAIGHTS = np.array(_KNITTED, dtype=np.int64)
KNITTED_STRAIGHTS.setflags(write=False)
ORPHANS = np.array(
    [0x11, 0x19, 0x21, 0x29, 0x31, 0x39, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47], dtype=np.int64
)
ORPHANS.setflags(write=False)

# pack = offer << 12 | type << 8 | code; offer 0 = concealed; chow code = MIDDLE tile
P_CHOW = 1
P_PUNG = 2
P_KONG = 3
P_PAIR = 4

W_SELF_DRAWN = 1
W_LAST_TILE = 2
W_KONG = 4
W_WALL_LAST = 8
W_INITIAL = 16

MAX_DIVISIONS = 20
WS_SIZE = 676  # int64 workspace of one call, see guobiao_fan_without_flowers


@njit(cache=True, inline="always")
def _mk(offer, ptype, tile):
    return (offer << 12) | (ptype << 8) | tile


@njit(cache=True, inline="always")
def _ptile(p):
    return p & 0xFF


@njit(cache=True, inline="always")
def _ptype(p):
    return (p >> 8) & 0xF


@njit(cache=True, inline="always")
def _melded(p):
    return (p & 0x3000) != 0


@njit(cache=True, inline="always")
def _suit(t):
    return t >> 4


@njit(cache=True, inline="always")
def _rank(t):
    return t & 0xF


@njit(cache=True, inline="always")
def _numbered(t):
    return t < 0x40


@njit(cache=True, inline="always")
def _winds(t):
    return 0x40 < t < 0x45


@njit(cache=True, inline="always")
def _dragons(t):
    return 0x44 < t < 0x48


@njit(cache=True, inline="always")
def _honor(t):
    return 0x40 < t < 0x48


@njit(cache=True, inline="always")
def _terminal(t):
    return t < 0x40 and ((t & 0xF) == 1 or (t & 0xF) == 9)


@njit(cache=True, inline="always")
def _term_or_honor(t):
    return _terminal(t) or _honor(t)


@njit(cache=True, inline="always")
def _green(t):
    return t == 0x22 or t == 0x23 or t == 0x24 or t == 0x26 or t == 0x28 or t == 0x46


@njit(cache=True, inline="always")
def _reversible(t):
    if 0x20 < t < 0x2A:
        r = t & 0xF
        return r == 2 or r == 4 or r == 5 or r == 6 or r == 8 or r == 9
    if 0x30 < t < 0x3A:
        r = t & 0xF
        return r != 6 and r != 7
    return t == 0x47


# --- decomposition into 4 sets + pair (fixed packs first) -------------------------------------------


@internal
def _add_division(fixed_cnt, work, divs, count):
    n = count[0]
    if n >= MAX_DIVISIONS:
        return
    row = divs[n]
    for i in range(5):
        row[i] = work[i]
    # insertion sort of the concealed sets
    for i in range(fixed_cnt + 1, 4):
        v = row[i]
        j = i - 1
        while j >= fixed_cnt and row[j] > v:
            row[j + 1] = row[j]
            j -= 1
        row[j + 1] = v
    for d in range(n):
        same = True
        for i in range(fixed_cnt, 4):
            if divs[d, i] != row[i]:
                same = False
                break
        if same:
            return
    count[0] = n + 1


@internal
def _next_set(table, pos, d, prev_eigen, prune, codes, n_codes):
    """Advance ``pos[d]`` to the next set (pung before chow, tiles in code order) whose eigen
    value does not go below ``prev_eigen`` (so each multiset of sets is visited once); remove it
    from ``table`` and return ``(pack, eigen)``, or ``(0, 0)`` when there is none.

    Dead branches are cut: every later set starts at or after this one, so the tiles left below
    the start of this set can only be the pair (one kind, two tiles). This never removes a
    complete decomposition, so the decompositions and their order are the reference's. (Only
    with ``prune``: the wait search explores incomplete hands.)"""
    below = 0
    below_kinds = 0
    start = pos[d] >> 1
    for j in range(start):
        c = table[codes[j]]
        if c > 0:
            below += c
            below_kinds += 1
    end = 2 * n_codes
    while pos[d] < end:
        i = pos[d] >> 1
        kind = pos[d] & 1
        t = codes[i]
        if kind == 0 and i > start:
            c = table[codes[i - 1]]
            if c > 0:
                below += c
                below_kinds += 1
            start = i
        if prune and (below > 2 or below_kinds > 1 or below == 1):
            pos[d] = end
            return 0, 0
        pos[d] += 1
        if table[t] < 1:
            continue
        if kind == 0:
            if table[t] > 2:
                eigen = (t << 16) | (t << 8) | t
                if eigen > prev_eigen:
                    table[t] -= 3
                    return _mk(0, P_PUNG, t), eigen
        elif t < 0x40 and (t & 0xF) < 8 and table[t + 1] > 0 and table[t + 2] > 0:
            eigen = (t << 16) | ((t + 1) << 8) | (t + 2)
            if eigen >= prev_eigen:
                table[t] -= 1
                table[t + 1] -= 1
                table[t + 2] -= 1
                return _mk(0, P_CHOW, t + 1), eigen
    return 0, 0


@njit(cache=True, inline="always")
def _undo_set(table, pack):
    t = _ptile(pack)
    if _ptype(pack) == P_PUNG:
        table[t] += 3
    else:
        table[t - 1] += 1
        table[t] += 1
        table[t + 1] += 1


@internal
def _divide(table, fixed_cnt, work, divs, count, dfs, codes, n_codes):
    """Enumerate the decompositions of ``table`` into ``4 - fixed_cnt`` sets + a pair into
    ``divs`` (rows of 5 packs, ``work[:fixed_cnt]`` = the fixed packs). Iterative depth-first
    search (numba cannot cache recursive functions); same visiting order as the reference."""
    n_sets = 4 - fixed_cnt
    pos = dfs[0:6]
    eig = dfs[6:12]
    removed = dfs[12:18]
    pos[0] = 0
    d = 0
    while d >= 0:
        if d == n_sets:
            for i in range(n_codes):
                t = codes[i]
                if table[t] == 2:
                    work[4] = _mk(0, P_PAIR, t)
                    _add_division(fixed_cnt, work, divs, count)
                    break
            d -= 1
            if d >= 0:
                _undo_set(table, removed[d])
            continue
        prev = eig[d - 1] if d > 0 else 0
        pack, eigen = _next_set(table, pos, d, prev, True, codes, n_codes)
        if pack != 0:
            removed[d] = pack
            eig[d] = eigen
            work[fixed_cnt + d] = pack
            d += 1
            pos[d] = 0
        else:
            d -= 1
            if d >= 0:
                _undo_set(table, removed[d])


@njit(cache=True)
def _has_pair(table):
    for i in range(34):
        if table[ALL_CODES[i]] > 1:
            return True
    return False


# --- chow / pung relations ---------------------------------------------------------------------------


@njit(cache=True)
def _shifted1_unordered(r0, r1, r2):
    lo = min(r0, min(r1, r2))
    hi = max(r0, max(r1, r2))
    return hi == lo + 2 and r0 != r1 and r0 != r2 and r1 != r2


@njit(cache=True)
def _mixed(s0, s1, s2):
    return s0 != s1 and s0 != s2 and s1 != s2


@njit(cache=True)
def _four_chows_fan(t0, t1, t2, t3):
    if t0 + 2 == t1 and t1 + 2 == t2 and t2 + 2 == t3:
        return FOUR_PURE_SHIFTED_CHOWS
    if t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return FOUR_PURE_SHIFTED_CHOWS
    if t0 == t1 and t0 == t2 and t0 == t3:
        return QUADRUPLE_CHOW
    return 0


@njit(cache=True)
def _three_chows_fan(t0, t1, t2):
    s0, s1, s2 = _suit(t0), _suit(t1), _suit(t2)
    r0, r1, r2 = _rank(t0), _rank(t1), _rank(t2)
    if _mixed(s0, s1, s2):
        if _shifted1_unordered(r0, r1, r2):
            return MIXED_SHIFTED_CHOWS
        if r0 == r1 and r1 == r2:
            return MIXED_TRIPLE_CHOW
        if min(r0, min(r1, r2)) == 2 and max(r0, max(r1, r2)) == 8 and r0 + r1 + r2 == 15:
            return MIXED_STRAIGHT
    else:
        if t0 + 3 == t1 and t1 + 3 == t2:
            return PURE_STRAIGHT
        if t0 + 2 == t1 and t1 + 2 == t2:
            return PURE_SHIFTED_CHOWS
        if t0 + 1 == t1 and t1 + 1 == t2:
            return PURE_SHIFTED_CHOWS
        if t0 == t1 and t0 == t2:
            return PURE_TRIPLE_CHOW
    return 0


@njit(cache=True)
def _two_chows_fan(t0, t1):
    if _suit(t0) != _suit(t1):
        if _rank(t0) == _rank(t1):
            return MIXED_DOUBLE_CHOW
    else:
        if t0 + 3 == t1 or t1 + 3 == t0:
            return SHORT_STRAIGHT
        r0 = _rank(t0)
        r1 = _rank(t1)
        if (r0 == 2 and r1 == 8) or (r0 == 8 and r1 == 2):
            return TWO_TERMINAL_CHOWS
        if t0 == t1:
            return PURE_DOUBLE_CHOW
    return 0


@njit(cache=True)
def _four_pungs_fan(t0, t1, t2, t3):
    if t0 < 0x40 and t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return FOUR_PURE_SHIFTED_PUNGS
    if t0 == 0x41 and t1 == 0x42 and t2 == 0x43 and t3 == 0x44:
        return BIG_FOUR_WINDS
    return 0


@njit(cache=True)
def _three_pungs_fan(t0, t1, t2):
    if t0 < 0x40 and t1 < 0x40 and t2 < 0x40:
        s0, s1, s2 = _suit(t0), _suit(t1), _suit(t2)
        r0, r1, r2 = _rank(t0), _rank(t1), _rank(t2)
        if _mixed(s0, s1, s2):
            if _shifted1_unordered(r0, r1, r2):
                return MIXED_SHIFTED_PUNGS
            if r0 == r1 and r1 == r2:
                return TRIPLE_PUNG
        else:
            if t0 + 1 == t1 and t1 + 1 == t2:
                return PURE_SHIFTED_PUNGS
    else:
        if _winds(t0) and _winds(t1) and _winds(t2):
            return BIG_THREE_WINDS
        if t0 == 0x45 and t1 == 0x46 and t2 == 0x47:
            return BIG_THREE_DRAGONS
    return 0


@njit(cache=True)
def _two_pungs_fan(t0, t1):
    if t0 < 0x40 and t1 < 0x40:
        if _rank(t0) == _rank(t1):
            return DOUBLE_PUNG
    else:
        if _dragons(t0) and _dragons(t1):
            return TWO_DRAGON_PUNGS
    return 0


@njit(cache=True)
def _one_pung_fan(t):
    if _dragons(t):
        return DRAGON_PUNG
    if _terminal(t) or _winds(t):
        return PUNG_OF_TERMINALS_OR_HONORS
    return 0


@njit(cache=True)
def _chow_extra_fan(t0, t1, t2, te):
    f0 = _two_chows_fan(t0, te)
    f1 = _two_chows_fan(t1, te)
    f2 = _two_chows_fan(t2, te)
    for f in (PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT, TWO_TERMINAL_CHOWS):
        if f0 == f or f1 == f or f2 == f:
            return f
    return 0


@internal
def _exclusionary(all_fans, n, max_cnt, ft, table):
    """套算一次 / 不得相同: keep at most ``max_cnt`` pairwise chow fans, dropping repeats first."""
    table[:] = 0  # 一般高 喜相逢 连六 老少副
    cnt = 0
    for i in range(n):
        if all_fans[i] != 0:
            cnt += 1
            table[all_fans[i] - PURE_DOUBLE_CHOW] += 1
    limit = 1
    while cnt > max_cnt and limit >= 0:
        idx = 4
        while cnt > max_cnt and idx > 0:
            idx -= 1
            while table[idx] > limit and cnt > max_cnt:
                table[idx] -= 1
                cnt -= 1
        limit -= 1
    ft[PURE_DOUBLE_CHOW] = table[0]
    ft[MIXED_DOUBLE_CHOW] = table[1]
    ft[SHORT_STRAIGHT] = table[2]
    ft[TWO_TERMINAL_CHOWS] = table[3]


@njit(cache=True)
def _three_of_four_chows(t0, t1, t2, te, ft):
    f = _three_chows_fan(t0, t1, t2)
    if f != 0:
        ft[f] = 1
        g = _chow_extra_fan(t0, t1, t2, te)
        if g != 0:
            ft[g] = 1
        return True
    return False


@njit(cache=True)
def _calc_4_chows(m, ft, sc):
    f = _four_chows_fan(m[0], m[1], m[2], m[3])
    if f != 0:
        ft[f] = 1
        return
    if (
        _three_of_four_chows(m[0], m[1], m[2], m[3], ft)
        or _three_of_four_chows(m[0], m[1], m[3], m[2], ft)
        or _three_of_four_chows(m[0], m[2], m[3], m[1], ft)
        or _three_of_four_chows(m[1], m[2], m[3], m[0], ft)
    ):
        return
    a = sc[0:6]
    a[0] = _two_chows_fan(m[0], m[1])
    a[1] = _two_chows_fan(m[0], m[2])
    a[2] = _two_chows_fan(m[0], m[3])
    a[3] = _two_chows_fan(m[1], m[2])
    a[4] = _two_chows_fan(m[1], m[3])
    a[5] = _two_chows_fan(m[2], m[3])
    max_cnt = 3
    if a[0] == 0 and a[1] == 0 and a[2] == 0:
        max_cnt -= 1
    if a[0] == 0 and a[3] == 0 and a[4] == 0:
        max_cnt -= 1
    if a[1] == 0 and a[3] == 0 and a[5] == 0:
        max_cnt -= 1
    if a[2] == 0 and a[4] == 0 and a[5] == 0:
        max_cnt -= 1
    if max_cnt > 0:
        _exclusionary(a, 6, max_cnt, ft, sc[6:10])


@njit(cache=True)
def _calc_3_chows(m, ft, sc):
    f = _three_chows_fan(m[0], m[1], m[2])
    if f != 0:
        ft[f] = 1
        return
    a = sc[0:3]
    a[0] = _two_chows_fan(m[0], m[1])
    a[1] = _two_chows_fan(m[0], m[2])
    a[2] = _two_chows_fan(m[1], m[2])
    _exclusionary(a, 3, 2, ft, sc[6:10])


@internal
def _calc_kongs(cp, mk, ck, ft, opts):
    """Kong and concealed-pung fans from the numbers of concealed pungs, melded / concealed kongs."""
    kc = mk + ck
    if kc == 0:
        if cp == 2:
            ft[TWO_CONCEALED_PUNGS] = 1
        elif cp == 3:
            ft[THREE_CONCEALED_PUNGS] = 1
        elif cp == 4:
            ft[FOUR_CONCEALED_PUNGS] = 1
    elif kc == 1:
        if mk == 1:
            ft[MELDED_KONG] = 1
            if cp == 2:
                ft[TWO_CONCEALED_PUNGS] = 1
            elif cp == 3:
                ft[THREE_CONCEALED_PUNGS] = 1
        else:
            ft[CONCEALED_KONG] = 1
            if cp == 1:
                ft[TWO_CONCEALED_PUNGS] = 1
            elif cp == 2:
                ft[THREE_CONCEALED_PUNGS] = 1
            elif cp == 3:
                ft[FOUR_CONCEALED_PUNGS] = 1
    elif kc == 2:
        if ck == 0:
            ft[TWO_MELDED_KONGS] = 1
            if cp == 2:
                ft[TWO_CONCEALED_PUNGS] = 1
        elif ck == 1:
            if opts & OPT_KONG_PAIR_LITERAL:
                ft[MELDED_KONG] = 1
                ft[CONCEALED_KONG] = 1
            else:
                ft[CONCEALED_AND_MELDED_KONG] = 1
            if cp == 1:
                ft[TWO_CONCEALED_PUNGS] = 1
            elif cp == 2:
                ft[THREE_CONCEALED_PUNGS] = 1
        else:
            ft[TWO_CONCEALED_KONGS] = 1
            if cp == 1:
                ft[THREE_CONCEALED_PUNGS] = 1
            elif cp == 2:
                ft[FOUR_CONCEALED_PUNGS] = 1
    elif kc == 3:
        ft[THREE_KONGS] = 1
        if ck == 1:
            if cp > 0:
                ft[TWO_CONCEALED_PUNGS] = 1
        elif ck == 2:
            if cp == 0:
                ft[TWO_CONCEALED_PUNGS] = 1
            else:
                ft[THREE_CONCEALED_PUNGS] = 1
        elif ck == 3:
            if cp == 0:
                ft[THREE_CONCEALED_PUNGS] = 1
            else:
                ft[FOUR_CONCEALED_PUNGS] = 1
    else:
        ft[FOUR_KONGS] = 1
        if ck == 2:
            ft[TWO_CONCEALED_PUNGS] = 1
        elif ck == 3:
            ft[THREE_CONCEALED_PUNGS] = 1
        elif ck == 4:
            ft[FOUR_CONCEALED_PUNGS] = 1


@njit(cache=True)
def _calc_4_pungs(m, ft):
    f = _four_pungs_fan(m[0], m[1], m[2], m[3])
    if f != 0:
        ft[f] = 1
        return
    free = -1
    f = _three_pungs_fan(m[0], m[1], m[2])
    if f != 0:
        free = 3
    else:
        f = _three_pungs_fan(m[0], m[1], m[3])
        if f != 0:
            free = 2
        else:
            f = _three_pungs_fan(m[0], m[2], m[3])
            if f != 0:
                free = 1
            else:
                f = _three_pungs_fan(m[1], m[2], m[3])
                if f != 0:
                    free = 0
    if free >= 0:
        ft[f] = 1
        for i in range(4):
            if i == free:
                continue
            g = _two_pungs_fan(m[i], m[free])
            if g != 0:
                ft[g] += 1
                break
        return
    for i in range(4):
        for j in range(i + 1, 4):
            g = _two_pungs_fan(m[i], m[j])
            if g != 0:
                ft[g] += 1


@njit(cache=True)
def _calc_3_pungs(m, ft):
    f = _three_pungs_fan(m[0], m[1], m[2])
    if f != 0:
        ft[f] = 1
        return
    for i in range(3):
        for j in range(i + 1, 3):
            g = _two_pungs_fan(m[i], m[j])
            if g != 0:
                ft[g] += 1


@internal
def _is_pure_terminal_chows(chows, pair):
    pt = _ptile(pair)
    if _rank(pt) != 5:
        return False
    c123 = 0
    c789 = 0
    for i in range(4):
        t = _ptile(chows[i])
        if _suit(t) != _suit(pt):
            return False
        r = _rank(t)
        if r == 2:
            c123 += 1
        elif r == 8:
            c789 += 1
        else:
            return False
    return c123 == 2 and c789 == 2


@internal
def _is_three_suited_terminal_chows(chows, pair):
    pt = _ptile(pair)
    if _rank(pt) != 5:
        return False
    s123 = 0
    s789 = 0
    ps = _suit(pt)
    for i in range(4):
        t = _ptile(chows[i])
        s = _suit(t)
        if s == ps:
            return False
        r = _rank(t)
        if r == 2:
            s123 |= 1 << s
        elif r == 8:
            s789 |= 1 << s
        else:
            return False
    if ps == 4:
        return False
    for s in range(1, 4):
        if s != ps and ((s123 >> s) & 1 == 0 or (s789 >> s) & 1 == 0):
            return False
    return True


# --- waits -----------------------------------------------------------------------------------------


@njit(cache=True)
def _seven_pairs_waiting(table, waiting):
    pairs = 0
    for i in range(34):
        c = table[ALL_CODES[i]]
        if c == 2 or c == 3:
            pairs += 1
        elif c == 4:
            pairs += 2
    if pairs == 6:
        for i in range(34):
            t = ALL_CODES[i]
            if table[t] == 1 or table[t] == 3:
                waiting[t] = 1
                break


@njit(cache=True)
def _pack_waiting(table, waiting):
    for i in range(34):
        t = ALL_CODES[i]
        if table[t] < 1:
            continue
        if table[t] > 1:
            waiting[t] = 1
            return
        if t < 0x40:
            r = t & 0xF
            if r > 1 and table[t - 1] > 0:
                if r < 9:
                    waiting[t + 1] = 1
                if r > 2:
                    waiting[t - 2] = 1
                return
            if r > 2 and table[t - 2] > 0:
                waiting[t - 1] = 1
                return


@njit(cache=True)
def _regular_waiting(table, cnt0, waiting, dfs):
    """Mark in ``waiting`` the tiles that complete ``table`` (``cnt0`` tiles = 3k + 1) as sets +
    pair. Iterative version of the reference's recursion (same set enumeration as _divide)."""
    pos = dfs[0:6]
    eig = dfs[6:12]
    removed = dfs[12:18]
    d = 0
    entering = True
    while d >= 0:
        cnt = cnt0 - 3 * d
        if entering:
            entering = False
            pos[d] = 0
            if cnt == 1:
                for i in range(34):
                    t = ALL_CODES[i]
                    if table[t] == 1:
                        waiting[t] = 1
                        break
                d -= 1
                if d >= 0:
                    _undo_set(table, removed[d])
                continue
            if cnt == 4:
                for i in range(34):
                    t = ALL_CODES[i]
                    if table[t] < 2:
                        continue
                    table[t] -= 2
                    _pack_waiting(table, waiting)
                    table[t] += 2
        prev = eig[d - 1] if d > 0 else 0
        pack, eigen = _next_set(table, pos, d, prev, False, ALL_CODES, 34)
        if pack != 0:
            removed[d] = pack
            eig[d] = eigen
            d += 1
            entering = True
        else:
            d -= 1
            if d >= 0:
                _undo_set(table, removed[d])


@njit(cache=True)
def _unique_waiting(table, cnt, win, waiting, dfs):
    """True when the hand minus the winning tile waits on exactly one tile kind."""
    waiting[:] = 0
    table[win] -= 1
    if cnt == 13:
        _seven_pairs_waiting(table, waiting)
    _regular_waiting(table, cnt, waiting, dfs)
    table[win] += 1
    n = 0
    for i in range(34):
        if waiting[ALL_CODES[i]] != 0:
            n += 1
            if n > 1:
                return False
    return n == 1


@njit(cache=True)
def _melds_only_suit(table, base, g):
    """Whether the 9 counts ``table[base:base + 9]`` split into chows and pungs only (greedy: at
    the lowest rank with ``c`` tiles, ``c % 3`` chows must start there)."""
    for i in range(9):
        g[i] = table[base + i]
    g[9] = 0
    g[10] = 0
    for r in range(9):
        k = g[r] % 3
        if k:
            if g[r + 1] < k or g[r + 2] < k:
                return False
            g[r + 1] -= k
            g[r + 2] -= k
    return True


@njit(cache=True)
def _group_ok(table, grp, g):
    """Whether group ``grp`` (1-3 = suits in code order, 4 = honors) is sets (+ one pair when
    its tile count is 2 mod 3)."""
    base = grp * 16 + 1
    n = 0
    for i in range(9 if grp < 4 else 7):
        n += table[base + i]
    m = n % 3
    if m == 1:
        return False
    if grp == 4:
        pairs = 0
        for i in range(7):
            c = table[base + i] % 3
            if c == 1:
                return False
            if c == 2:
                pairs += 1
        return pairs == (1 if m == 2 else 0)
    if m == 0:
        return _melds_only_suit(table, base, g)
    for r in range(9):
        if table[base + r] >= 2:
            table[base + r] -= 2
            ok = _melds_only_suit(table, base, g)
            table[base + r] += 2
            if ok:
                return True
    return False


@njit(cache=True)
def _unique_waiting_fast(table, cnt, win, g):
    """Same answer as :func:`_unique_waiting` (waits = tiles completing 4 sets + pair, five
    copies allowed as in the reference, plus its seven-pairs wait), by testing each candidate tile
    near the hand instead of enumerating partial decompositions."""
    table[win] -= 1
    w7 = -1
    if cnt == 13:
        pairs = 0
        for i in range(34):
            c = table[ALL_CODES[i]]
            if c == 2 or c == 3:
                pairs += 1
            elif c == 4:
                pairs += 2
        if pairs == 6:
            for i in range(34):
                t = ALL_CODES[i]
                if table[t] == 1 or table[t] == 3:
                    w7 = t
                    break
    # group status without the candidate: mod 3 of the size, and completeness
    mods = g[16:21]
    oks = g[21:26]
    for grp in range(1, 5):
        base = grp * 16 + 1
        n = 0
        for i in range(9 if grp < 4 else 7):
            n += table[base + i]
        mods[grp] = n % 3
        oks[grp] = 1 if (mods[grp] != 1 and _group_ok(table, grp, g)) else 0
    n_waits = 1 if w7 >= 0 else 0
    for i in range(34):
        t = ALL_CODES[i]
        grp = t >> 4
        if grp < 4:
            if table[t - 2] + table[t - 1] + table[t] + table[t + 1] + table[t + 2] == 0:
                continue
        elif table[t] == 0:
            continue
        if t == w7:
            continue
        # every other group complete, exactly one pair overall
        ok = True
        pair_groups = 0
        for o in range(1, 5):
            if o == grp:
                continue
            if oks[o] == 0:
                ok = False
                break
            if mods[o] == 2:
                pair_groups += 1
        if not ok:
            continue
        new_mod = (mods[grp] + 1) % 3
        if new_mod == 1 or pair_groups + (1 if new_mod == 2 else 0) != 1:
            continue
        table[t] += 1
        ok = _group_ok(table, grp, g)
        table[t] -= 1
        if ok:
            n_waits += 1
            if n_waits > 1:
                break
    table[win] += 1
    return n_waits == 1


# --- adjustments -------------------------------------------------------------------------------------


@internal
def _adjust_self_drawn(packs, fixed_cnt, self_drawn, ft):
    melded = 0
    for i in range(fixed_cnt):
        if _melded(packs[i]):
            melded += 1
    if melded == 0:
        if self_drawn:
            ft[FULLY_CONCEALED_HAND] = 1
        else:
            ft[CONCEALED_HAND] = 1
    elif melded == 4:
        if self_drawn:
            ft[SELF_DRAWN] = 1
        else:
            ft[MELDED_HAND] = 1
    elif self_drawn:
        ft[SELF_DRAWN] = 1


@internal
def _adjust_pair(pair_tile, chow_cnt, ft):
    if chow_cnt == 4:
        if pair_tile < 0x40:
            ft[ALL_CHOWS] = 1
        return
    if ft[TWO_DRAGON_PUNGS] != 0:
        if _dragons(pair_tile):
            ft[LITTLE_THREE_DRAGONS] = 1
            ft[TWO_DRAGON_PUNGS] = 0
        return
    if ft[BIG_THREE_WINDS] != 0:
        if _winds(pair_tile):
            ft[LITTLE_FOUR_WINDS] = 1
            ft[BIG_THREE_WINDS] = 0


@internal
def _adjust_suits(uniq, n, ft):
    mask = 0
    wind = False
    dragon = False
    for i in range(n):
        t = uniq[i]
        mask |= 1 << _suit(t)
        if _winds(t):
            wind = True
        elif _dragons(t):
            dragon = True
    if not mask & 16:
        ft[NO_HONORS] = 1
    voided = 0
    for s in range(1, 4):
        if not (mask >> s) & 1:
            voided += 1
    ft[ONE_VOIDED_SUIT] = voided
    if voided == 2:
        ft[ONE_VOIDED_SUIT] = 0
        if ft[NO_HONORS] == 0:
            ft[HALF_FLUSH] = 1
        else:
            ft[FULL_FLUSH] = 1
            ft[NO_HONORS] = 0
    if mask == 0x1E and wind and dragon:
        ft[ALL_TYPES] = 1


@internal
def _adjust_rank_range(uniq, n, ft):
    flag = 0
    for i in range(n):
        t = uniq[i]
        if t > 0x40:
            return
        flag |= 1 << (t & 0xF)
    if (flag & 0xFFE1) == 0:
        if flag & 0x0010:
            ft[LOWER_FOUR] = 1
        else:
            ft[LOWER_TILES] = 1
        return
    if (flag & 0xFC3F) == 0:
        if flag & 0x0040:
            ft[UPPER_FOUR] = 1
        else:
            ft[UPPER_TILES] = 1
        return
    if (flag & 0xFF8F) == 0:
        ft[MIDDLE_TILES] = 1


@njit(cache=True)
def _adjust_packs_traits(packs, ft):
    term = 0
    honor = 0
    five = 0
    even = 0
    for i in range(5):
        t = _ptile(packs[i])
        if t < 0x40:
            r = t & 0xF
            if _ptype(packs[i]) == P_CHOW:
                if r == 2 or r == 8:
                    term += 1
                elif r == 4 or r == 5 or r == 6:
                    five += 1
            else:
                if r == 1 or r == 9:
                    term += 1
                elif r == 5:
                    five += 1
                elif r == 2 or r == 4 or r == 6 or r == 8:
                    even += 1
        else:
            honor += 1
    if term + honor == 5:
        ft[OUTSIDE_HAND] = 1
        return
    if five == 5:
        ft[ALL_FIVE] = 1
        return
    if even == 5:
        ft[ALL_EVEN_PUNGS] = 1


@internal
def _adjust_tiles_traits(uniq, n, ft):
    simples = True
    rev = True
    green = True
    honors = True
    terms = True
    toh = True
    for i in range(n):
        t = uniq[i]
        th = _term_or_honor(t)
        if th:
            simples = False
        else:
            toh = False
        if not _reversible(t):
            rev = False
        if not _green(t):
            green = False
        if not _honor(t):
            honors = False
        if not _terminal(t):
            terms = False
    if simples:
        ft[ALL_SIMPLES] = 1
    if rev:
        ft[REVERSIBLE_TILES] = 1
    if green:
        ft[ALL_GREEN] = 1
    if ft[ALL_SIMPLES] != 0:
        return
    if honors:
        ft[ALL_HONORS] = 1
        return
    if terms:
        ft[ALL_TERMINALS] = 1
        return
    if toh:
        ft[ALL_TERMINALS_AND_HONORS] = 1


@njit(cache=True)
def _adjust_tile_hog_merged(fixed_table, standing_table, kong_cnt, ft):
    c = 0
    for i in range(34):
        t = ALL_CODES[i]
        if fixed_table[t] + standing_table[t] == 4:
            c += 1
    ft[TILE_HOG] = c - kong_cnt


@njit(cache=True)
def _adjust_tile_hog(table, kong_cnt, ft):
    c = 0
    for i in range(34):
        if table[ALL_CODES[i]] == 4:
            c += 1
    ft[TILE_HOG] = c - kong_cnt


@njit(cache=True)
def _adjust_waiting_form(packs, start, n, win, ft):
    if ft[MELDED_HAND] != 0 or ft[FOUR_KONGS] != 0:
        return
    _apply_waiting_pos(_waiting_pos(packs, start, n, win), ft)


@internal
def _waiting_pos(packs, start, n, win):
    """Where the winning tile sits: 1 = end of a concealed chow, 2 = middle, 4 = the pair."""
    pos = 0
    for i in range(start, start + n):
        p = packs[i]
        pt = _ptype(p)
        t = _ptile(p)
        if pt == P_CHOW:
            if t == win:
                pos |= 2
            elif t + 1 == win or t - 1 == win:
                pos |= 1
        elif pt == P_PAIR:
            if t == win:
                pos |= 4
    return pos


@njit(cache=True)
def _apply_waiting_pos(pos, ft):
    if pos & 1:
        ft[EDGE_WAIT] = 1
    elif pos & 2:
        ft[CLOSED_WAIT] = 1
    elif pos & 4:
        ft[SINGLE_WAIT] = 1


@njit(cache=True)
def _final_adjust(ft, opts):
    """The 不计 (not counted) rules of the fan table (the Chinese Official rules, "Excl" column)."""
    if ft[BIG_FOUR_WINDS]:
        ft[ALL_PUNGS] = 0
        ft[PUNG_OF_TERMINALS_OR_HONORS] = 0
    if ft[BIG_THREE_DRAGONS]:
        ft[DRAGON_PUNG] = 0
    if ft[ALL_GREEN]:
        ft[HALF_FLUSH] = 0
        ft[ONE_VOIDED_SUIT] = 0
    if ft[FOUR_KONGS]:
        ft[SINGLE_WAIT] = 0
    if ft[ALL_TERMINALS]:
        ft[ALL_PUNGS] = 0
        ft[OUTSIDE_HAND] = 0
        ft[PUNG_OF_TERMINALS_OR_HONORS] = 0
        ft[NO_HONORS] = 0
        if not (opts & OPT_ALL_TERMINALS_DOUBLE_PUNG):
            ft[DOUBLE_PUNG] = 0
    if ft[LITTLE_FOUR_WINDS]:
        ft[PUNG_OF_TERMINALS_OR_HONORS] = 0
    if ft[LITTLE_THREE_DRAGONS]:
        ft[DRAGON_PUNG] = 0
    if ft[ALL_HONORS]:
        ft[ALL_PUNGS] = 0
        ft[OUTSIDE_HAND] = 0
        ft[PUNG_OF_TERMINALS_OR_HONORS] = 0
        ft[ONE_VOIDED_SUIT] = 0
    if ft[FOUR_CONCEALED_PUNGS]:
        ft[ALL_PUNGS] = 0
        ft[CONCEALED_HAND] = 0
        if ft[FULLY_CONCEALED_HAND]:
            ft[FULLY_CONCEALED_HAND] = 0
            ft[SELF_DRAWN] = 1
    if ft[PURE_TERMINAL_CHOWS]:
        ft[FULL_FLUSH] = 0
        ft[ALL_CHOWS] = 0
        ft[NO_HONORS] = 0
    if ft[FOUR_PURE_SHIFTED_PUNGS]:
        ft[ALL_PUNGS] = 0
    if ft[ALL_TERMINALS_AND_HONORS]:
        ft[ALL_PUNGS] = 0
        ft[OUTSIDE_HAND] = 0
        ft[PUNG_OF_TERMINALS_OR_HONORS] = 0
    if ft[ALL_EVEN_PUNGS]:
        ft[ALL_PUNGS] = 0
        ft[ALL_SIMPLES] = 0
        ft[NO_HONORS] = 0
    if ft[UPPER_TILES]:
        ft[NO_HONORS] = 0
    if ft[MIDDLE_TILES]:
        ft[ALL_SIMPLES] = 0
        ft[NO_HONORS] = 0
    if ft[LOWER_TILES]:
        ft[NO_HONORS] = 0
    if ft[THREE_SUITED_TERMINAL_CHOWS]:
        ft[ALL_CHOWS] = 0
        ft[NO_HONORS] = 0
    if ft[ALL_FIVE]:
        ft[ALL_SIMPLES] = 0
        ft[NO_HONORS] = 0
    if ft[UPPER_FOUR]:
        ft[NO_HONORS] = 0
    if ft[LOWER_FOUR]:
        ft[NO_HONORS] = 0
    if ft[BIG_THREE_WINDS]:
        if not ft[ALL_HONORS] and not ft[ALL_TERMINALS_AND_HONORS]:
            ft[PUNG_OF_TERMINALS_OR_HONORS] -= 3
    if ft[REVERSIBLE_TILES]:
        ft[ONE_VOIDED_SUIT] = 0
    if ft[LAST_TILE_DRAW]:
        ft[SELF_DRAWN] = 0
    if ft[OUT_WITH_REPLACEMENT_TILE]:
        ft[SELF_DRAWN] = 0
    if ft[MELDED_HAND]:
        ft[SINGLE_WAIT] = 0
    if ft[TWO_DRAGON_PUNGS]:
        ft[DRAGON_PUNG] = 0
    if ft[FULLY_CONCEALED_HAND]:
        ft[SELF_DRAWN] = 0
    if ft[ALL_CHOWS]:
        ft[NO_HONORS] = 0
    if ft[ALL_SIMPLES]:
        ft[NO_HONORS] = 0


@njit(cache=True)
def _adjust_winds(t, prevalent, seat, ft):
    deducted = (
        ft[BIG_THREE_WINDS] != 0
        or ft[ALL_TERMINALS_AND_HONORS] != 0
        or ft[ALL_HONORS] != 0
        or ft[LITTLE_FOUR_WINDS] != 0
    )
    delta = t - 0x41
    if delta == prevalent:
        ft[PREVALENT_WIND] = 1
        if not deducted:
            ft[PUNG_OF_TERMINALS_OR_HONORS] -= 1
    if delta == seat:
        ft[SEAT_WIND] = 1
        if seat != prevalent and not deducted:
            ft[PUNG_OF_TERMINALS_OR_HONORS] -= 1


@njit(cache=True)
def _adjust_win_flag(wf, ft):
    if wf & W_LAST_TILE:
        ft[LAST_TILE] = 1
    if wf & W_SELF_DRAWN:
        ft[SELF_DRAWN] = 1
        if wf & W_WALL_LAST:
            ft[LAST_TILE_DRAW] = 1
            ft[SELF_DRAWN] = 0
        if wf & W_KONG:
            ft[OUT_WITH_REPLACEMENT_TILE] = 1
            ft[SELF_DRAWN] = 0
    else:
        if wf & W_WALL_LAST:
            ft[LAST_TILE_CLAIM] = 1
        if wf & W_KONG:
            ft[ROBBING_THE_KONG] = 1
            ft[LAST_TILE] = 0


@internal
def _sort_small(a, n):
    for i in range(1, n):
        v = a[i]
        j = i - 1
        while j >= 0 and a[j] > v:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = v


# --- scoring one decomposition ----------------------------------------------------------------------


@internal
def _regular_fan(
    packs, fixed_cnt, fixed_table, standing_table, standing_cnt, uniq, n_uniq, win, prevalent,
    seat, uw, wf, opts, ft, sc, waiting, dfs,
):  # fmt: skip
    """Fans of one decomposition ``packs`` (4 sets + pair) into ``ft``. ``uw[0]``: unique wait
    (-1 = not computed yet); ``sc``, ``waiting``, ``dfs``: scratch."""
    pair = 0
    chows = sc[10:14]
    pungs = sc[14:18]
    n_chow = 0
    n_pung = 0
    cp = 0
    mk = 0
    ck = 0
    for i in range(5):
        p = packs[i]
        pt = _ptype(p)
        if pt == P_CHOW:
            chows[n_chow] = p
            n_chow += 1
        elif pt == P_PUNG:
            pungs[n_pung] = p
            n_pung += 1
            if not _melded(p):
                cp += 1
        elif pt == P_KONG:
            pungs[n_pung] = p
            n_pung += 1
            if _melded(p):
                mk += 1
            else:
                ck += 1
        elif pt == P_PAIR:
            pair = p
    if pair == 0 or n_chow + n_pung != 4:
        return
    _adjust_win_flag(wf, ft)
    # on a discard win, a concealed pung completed by the winning tile counts as exposed unless the
    # tile can be read as part of a concealed chow
    if (wf & W_SELF_DRAWN) == 0:
        in_chow = False
        for i in range(n_chow):
            t = _ptile(chows[i])
            if not _melded(chows[i]) and (t - 1 == win or t == win or t + 1 == win):
                in_chow = True
        if not in_chow:
            for i in range(n_pung):
                if _ptile(pungs[i]) == win and not _melded(pungs[i]):
                    cp -= 1
    if n_pung != 0:
        _calc_kongs(cp, mk, ck, ft, opts)
        if n_pung == 4 and ft[FOUR_KONGS] == 0 and ft[FOUR_CONCEALED_PUNGS] == 0:
            ft[ALL_PUNGS] = 1
        for i in range(n_pung):
            f = _one_pung_fan(_ptile(pungs[i]))
            if f != 0:
                ft[f] += 1
    m = sc[18:22]
    if n_chow == 4:
        if _is_three_suited_terminal_chows(chows, pair):
            ft[THREE_SUITED_TERMINAL_CHOWS] = 1
        elif _is_pure_terminal_chows(chows, pair):
            ft[PURE_TERMINAL_CHOWS] = 1
        else:
            for i in range(4):
                m[i] = _ptile(chows[i])
            _sort_small(m, 4)
            _calc_4_chows(m, ft, sc)
    elif n_chow == 3:
        for i in range(3):
            m[i] = _ptile(chows[i])
        _sort_small(m, 3)
        _calc_3_chows(m, ft, sc)
    elif n_chow == 2:
        f = _two_chows_fan(_ptile(chows[0]), _ptile(chows[1]))
        if f != 0:
            ft[f] += 1
        f = _two_pungs_fan(_ptile(pungs[0]), _ptile(pungs[1]))
        if f != 0:
            ft[f] += 1
    elif n_chow == 1:
        for i in range(3):
            m[i] = _ptile(pungs[i])
        _sort_small(m, 3)
        _calc_3_pungs(m, ft)
    else:
        for i in range(4):
            m[i] = _ptile(pungs[i])
        _sort_small(m, 4)
        _calc_4_pungs(m, ft)

    _adjust_self_drawn(packs, fixed_cnt, (wf & W_SELF_DRAWN) != 0, ft)
    _adjust_pair(_ptile(pair), n_chow, ft)
    _adjust_packs_traits(packs, ft)
    _adjust_suits(uniq, n_uniq, ft)
    _adjust_tiles_traits(uniq, n_uniq, ft)
    _adjust_rank_range(uniq, n_uniq, ft)
    if ft[QUADRUPLE_CHOW] == 0:  # 一色四同顺 excludes 四归一
        _adjust_tile_hog_merged(fixed_table, standing_table, mk + ck, ft)
    # 边张 / 嵌张 / 单钓将 need a unique wait; it is computed once per hand, when first needed
    if ft[MELDED_HAND] == 0 and ft[FOUR_KONGS] == 0:
        pos = _waiting_pos(packs, fixed_cnt, 5 - fixed_cnt, win)
        if pos != 0:
            if uw[0] < 0:
                uw[0] = int(_unique_waiting_fast(standing_table, standing_cnt, win, waiting))
            if uw[0] == 1:
                _apply_waiting_pos(pos, ft)
    _final_adjust(ft, opts)
    if ft[BIG_FOUR_WINDS] == 0:
        for i in range(n_pung):
            t = _ptile(pungs[i])
            if _winds(t):
                _adjust_winds(t, prevalent, seat, ft)
    empty = True
    for i in range(N_GUOBIAO_ITEMS):
        if ft[i] != 0:
            empty = False
            break
    if empty:
        ft[CHICKEN_HAND] = 1


# --- special shapes ----------------------------------------------------------------------------------


@internal
def _knitted_straight_fan(
    fixed_packs, fixed_cnt, fixed_table, standing_table, win, prevalent, seat, wf, opts, ft,
    table, divs, count, work, dfs, waiting, dfs2, codes,
):  # fmt: skip
    if not _has_pair(standing_table):
        return False
    matched = -1
    for k in range(6):
        ok = True
        for j in range(9):
            if standing_table[KNITTED_STRAIGHTS[k, j]] == 0:
                ok = False
                break
        if ok:
            matched = k
            break
    if matched < 0:
        return False
    table[:] = standing_table
    for j in range(9):
        table[KNITTED_STRAIGHTS[matched, j]] -= 1
    count[0] = 0
    work[:] = 0
    if fixed_cnt == 1:
        work[3] = fixed_packs[0]
    n_codes = 0
    for i in range(34):
        if table[ALL_CODES[i]] > 0:
            codes[n_codes] = ALL_CODES[i]
            n_codes += 1
    _divide(table, fixed_cnt + 3, work, divs, count, dfs, codes, n_codes)
    if count[0] != 1:
        return False
    packs = divs[0]
    inv = packs[3]
    pair_tile = _ptile(packs[4])
    ft[KNITTED_STRAIGHT] = 1
    itype = _ptype(inv)
    if itype == P_CHOW:
        if pair_tile < 0x40:
            ft[ALL_CHOWS] = 1
        if fixed_table[pair_tile] + standing_table[pair_tile] == 4:
            ft[TILE_HOG] = 1
    else:
        it = _ptile(inv)
        if _honor(it):
            if _winds(it):
                ft[PUNG_OF_TERMINALS_OR_HONORS] = 1
                _adjust_winds(it, prevalent, seat, ft)
                if _dragons(pair_tile):
                    ft[ALL_TYPES] = 1
            else:
                ft[DRAGON_PUNG] = 1
                if _winds(pair_tile):
                    ft[ALL_TYPES] = 1
        else:
            if _terminal(it):
                ft[PUNG_OF_TERMINALS_OR_HONORS] = 1
            if not _honor(pair_tile):
                ft[NO_HONORS] = 1
            if itype != P_KONG and fixed_table[it] + standing_table[it] == 4:
                ft[TILE_HOG] = 1
    _adjust_win_flag(wf, ft)
    if _melded(inv):
        if itype == P_KONG:
            ft[MELDED_KONG] = 1
    else:
        if itype == P_KONG:
            ft[CONCEALED_KONG] = 1
        if wf & W_SELF_DRAWN:
            ft[FULLY_CONCEALED_HAND] = 1
            ft[SELF_DRAWN] = 0
        else:
            ft[CONCEALED_HAND] = 1
    heavenly = (
        seat == 0
        and fixed_cnt == 0
        and (wf & (W_INITIAL | W_SELF_DRAWN)) == (W_INITIAL | W_SELF_DRAWN)
    )
    in_body = False
    for j in range(9):
        if KNITTED_STRAIGHTS[matched, j] == win:
            in_body = True
    if (opts & OPT_KNITTED_BODY_NO_WAIT_FANS) and in_body:
        pass  # rulebook: a wait inside the knitted straight scores no 边张 / 嵌张 / 单钓将
    elif fixed_cnt == 0:
        if not heavenly and _unique_waiting(table, 4, win, waiting, dfs2):
            _adjust_waiting_form(packs, 3, 2, win, ft)
    elif not in_body or standing_table[win] == 3:
        ft[SINGLE_WAIT] = 1
    _final_adjust(ft, opts)
    return True


@njit(cache=True)
def _is_seven_shifted_pairs(table, s):
    if s == 4:
        return False
    t3 = s * 16 + 3
    if table[t3] == 2 and table[t3 + 1] == 2 and table[t3 + 2] == 2 and table[t3 + 3] == 2:
        if table[t3 + 4] == 2:
            if table[t3 - 1] == 2:
                return table[t3 - 2] == 2 or table[t3 + 5] == 2
            return table[t3 + 5] == 2 and table[t3 + 6] == 2
    return False


@njit(cache=True)
def _special_add_fully_concealed(wf, opts, ft):
    if (opts & OPT_SPECIALS_ADD_FULLY_CONCEALED) and (wf & W_SELF_DRAWN):
        ft[FULLY_CONCEALED_HAND] = 1
        ft[SELF_DRAWN] = 0


@internal
def _special_form_fan(standing_table, win, uniq, n_uniq, wf, opts, ft):
    # seven pairs (a four of a kind counts as two pairs)
    odd = False
    for i in range(34):
        if standing_table[ALL_CODES[i]] & 1:
            odd = True
            break
    if not odd:
        s = _suit(win)
        if _is_seven_shifted_pairs(standing_table, s):
            ft[SEVEN_SHIFTED_PAIRS] = 1
            if standing_table[s * 16 + 1] == 0 and standing_table[s * 16 + 9] == 0:
                ft[ALL_SIMPLES] = 1
            _adjust_win_flag(wf, ft)
            _special_add_fully_concealed(wf, opts, ft)
        else:
            ft[SEVEN_PAIRS] = 1
            _adjust_suits(uniq, n_uniq, ft)
            _adjust_tiles_traits(uniq, n_uniq, ft)
            _adjust_rank_range(uniq, n_uniq, ft)
            _adjust_tile_hog(standing_table, 0, ft)
            _adjust_win_flag(wf, ft)
            _final_adjust(ft, opts)
        return True
    # honors and knitted tiles (14 distinct tiles)
    if n_uniq == 14:
        n_num = 0
        for i in range(14):
            if uniq[i] < 0x40:
                n_num += 1
        if 7 <= n_num <= 9:
            ok = False
            for k in range(6):
                all_in = True
                for i in range(n_num):
                    found = False
                    for j in range(9):
                        if KNITTED_STRAIGHTS[k, j] == uniq[i]:
                            found = True
                            break
                    if not found:
                        all_in = False
                        break
                if all_in:
                    ok = True
                    break
            if ok:
                # the 14 distinct tiles hold 14 - n_num distinct honors: 7 = all of them
                if n_num == 7:
                    ft[GREATER_HONORS_AND_KNITTED] = 1
                else:
                    ft[LESSER_HONORS_AND_KNITTED] = 1
                    if n_num == 9:
                        ft[KNITTED_STRAIGHT] = 1
                _adjust_win_flag(wf, ft)
                return True
    # thirteen orphans
    if n_uniq == 13:
        ok = True
        for i in range(13):
            if standing_table[ORPHANS[i]] == 0:
                ok = False
                break
        if ok:
            ft[THIRTEEN_ORPHANS] = 1
            _adjust_win_flag(wf, ft)
            _special_add_fully_concealed(wf, opts, ft)
            return True
    return False


@njit(cache=True)
def _nine_gates_fan(table, win, seat, wf, opts, ft):
    if win > 0x40:
        return False
    heavenly = seat == 0 and (wf & (W_INITIAL | W_SELF_DRAWN)) == (W_INITIAL | W_SELF_DRAWN)
    s = _suit(win)
    b = s * 16
    if heavenly:
        win2 = 0
        for i in range(2, 9):
            c = table[b + i]
            if c == 0:
                return False
            elif c == 2:
                win2 = b + i
        if win2 != 0:
            if table[b + 1] == 3 and table[b + 9] == 3:
                r = _rank(win2)
            else:
                return False
        else:
            if table[b + 1] == 4 and table[b + 9] == 3:
                r = 1
            elif table[b + 1] == 3 and table[b + 9] == 4:
                r = 2  # (sic: the reference calculator's reading)
            else:
                return False
    else:
        r = _rank(win)
        if r == 1 or r == 9:
            other = b + 10 - r
            if table[win] != 4 or table[other] != 3:
                return False
            for i in range(2, 9):
                if table[b + i] != 1:
                    return False
        else:
            if table[win] != 2 or table[b + 1] != 3 or table[b + 9] != 3:
                return False
            for i in range(2, 9):
                if i != r and table[b + i] != 1:
                    return False
    ft[NINE_GATES] = 1
    if r == 1 or r == 9:
        ft[PURE_STRAIGHT] = 1
        ft[TILE_HOG] = 1
    elif r == 2 or r == 8:
        ft[TWO_CONCEALED_PUNGS] = 1
        ft[SHORT_STRAIGHT] = 1
        ft[PUNG_OF_TERMINALS_OR_HONORS] = 1
    elif r == 5:
        ft[TWO_CONCEALED_PUNGS] = 1
        ft[PUNG_OF_TERMINALS_OR_HONORS] = 1
    else:
        ft[SHORT_STRAIGHT] = 1
    _adjust_win_flag(wf, ft)
    _special_add_fully_concealed(wf, opts, ft)
    return True


@njit(cache=True)
def _table_fan(ft):
    total = 0
    for i in range(1, N_GUOBIAO_ITEMS):
        if ft[i] != 0:
            total += FAN_VALUES[i] * ft[i]
    return total


# --- entry points ------------------------------------------------------------------------------------


@njit(cache=True)
def guobiao_fan_without_flowers(concealed, melds, win_tile, flags, items):
    """Guobiao fan of a winning hand WITHOUT flowers (the value checked against the 8-fan minimum).

    Same arguments and ``items`` filling as :func:`guobiao_fan` except that ``items[FLOWER_TILES]``
    is left 0. Returns ``ERR_NOT_WIN`` (-1) when the tiles do not form a winning hand and
    ``ERR_TILE_COUNT`` (-2) when the tile count does not match the melds.
    """
    ws = np.empty(WS_SIZE, dtype=np.int64)
    divs = np.empty((MAX_DIVISIONS, 5), dtype=np.int64)
    return _fan_core(concealed, melds, win_tile, flags, items, ws, divs)


@internal
def _fan_core(concealed, melds, win_tile, flags, items, ws, divs):
    """guobiao_fan_without_flowers with caller-provided scratch (reused across a batch)."""
    items[:] = 0
    # one zeroed workspace per call, carved into views (allocation dominates otherwise)
    # ws: int64[WS_SIZE] scratch, divs: int64[MAX_DIVISIONS, 5]; every part is written before
    # it is read except the two tile tables and the fan table, zeroed here
    ws[0:144] = 0
    ws[326:409] = 0
    fixed_table = ws[0:72]
    standing = ws[72:144]
    table = ws[144:216]
    waiting = ws[216:288]
    fixed = ws[288:292]
    uniq = ws[292:326]
    tmp = ws[326:409]
    best = ws[409:492]
    cur = ws[492:575]
    count = ws[575:576]
    work = ws[576:581]
    dfs = ws[581:599]
    dfs2 = ws[599:617]
    sc = ws[617:641]
    uw = ws[641:642]
    codes = ws[642:676]
    fixed_cnt = 0
    for i in range(melds.shape[0]):
        mt = melds[i, 0]
        if mt < 0:
            continue
        if fixed_cnt == 4:
            return ERR_TILE_COUNT
        k = melds[i, 1]
        src = melds[i, 2]
        offer = src if src > 0 else 1
        if mt == MELD_CHOW:
            c = CODE_OF_KIND[k + 1]
            fixed[fixed_cnt] = _mk(offer, P_CHOW, c)
            fixed_table[c - 1] += 1
            fixed_table[c] += 1
            fixed_table[c + 1] += 1
        elif mt == MELD_PUNG:
            c = CODE_OF_KIND[k]
            fixed[fixed_cnt] = _mk(offer, P_PUNG, c)
            fixed_table[c] += 3
        elif mt == MELD_KONG or mt == MELD_ADDED_KONG:
            c = CODE_OF_KIND[k]
            fixed[fixed_cnt] = _mk(offer, P_KONG, c)
            fixed_table[c] += 4
        elif mt == MELD_CONCEALED_KONG:
            c = CODE_OF_KIND[k]
            fixed[fixed_cnt] = _mk(0, P_KONG, c)
            fixed_table[c] += 4
        else:
            return ERR_TILE_COUNT
        fixed_cnt += 1
    n_standing = 0
    for k in range(34):
        c = concealed[k]
        standing[CODE_OF_KIND[k]] = c
        n_standing += c
    if n_standing != 14 - 3 * fixed_cnt:
        return ERR_TILE_COUNT
    win = CODE_OF_KIND[win_tile]
    if standing[win] == 0:
        return ERR_NOT_WIN
    standing_cnt = n_standing - 1  # the reference counts the standing tiles without the win tile

    n_uniq = 0
    for i in range(34):
        t = ALL_CODES[i]
        if fixed_table[t] != 0 or standing[t] != 0:
            uniq[n_uniq] = t
            n_uniq += 1

    wf = 0
    self_drawn = flags[F_SELF_DRAWN] != 0
    if self_drawn:
        wf |= W_SELF_DRAWN
    if flags[F_FOURTH_TILE] != 0:
        wf |= W_LAST_TILE
    if flags[F_KONG_REPLACEMENT] != 0 or flags[F_ROBBING_KONG] != 0:
        wf |= W_KONG
    if flags[F_LAST_WALL_TILE] != 0:
        wf |= W_WALL_LAST
    if flags[F_HEAVENLY] != 0:
        wf |= W_INITIAL
    prevalent = flags[F_ROUND_WIND]
    seat = flags[F_SEAT_WIND]
    opts = flags[F_GB_OPTIONS]

    # 和绝张 is impossible when the winner holds another copy; certain when 3 copies are melded
    if standing[win] != 1:
        wf &= ~W_LAST_TILE
    if fixed_table[win] == 3:
        wf |= W_LAST_TILE
    if wf & W_KONG:
        if wf & W_SELF_DRAWN:
            has_kong = False
            for i in range(fixed_cnt):
                if _ptype(fixed[i]) == P_KONG:
                    has_kong = True
            if not has_kong:
                wf &= ~W_KONG
        elif fixed_table[win] != 0 or standing[win] != 1:
            wf &= ~W_KONG

    max_fan = 0
    if fixed_cnt == 0:
        if (
            _special_form_fan(standing, win, uniq, n_uniq, wf, opts, tmp)
            or _knitted_straight_fan(
                fixed,
                fixed_cnt,
                fixed_table,
                standing,
                win,
                prevalent,
                seat,
                wf,
                opts,
                tmp,
                table,
                divs,
                count,
                work,
                dfs,
                waiting,
                dfs2,
                codes,
            )  # fmt: skip
            or _nine_gates_fan(standing, win, seat, wf, opts, tmp)
        ):
            max_fan = _table_fan(tmp)
    elif fixed_cnt == 1:
        if _knitted_straight_fan(
            fixed, fixed_cnt, fixed_table, standing, win, prevalent, seat, wf, opts, tmp,
            table, divs, count, work, dfs, waiting, dfs2, codes,
        ):  # fmt: skip
            max_fan = _table_fan(tmp)

    if max_fan == 0 or tmp[SEVEN_PAIRS] == 1:
        heavenly = (
            seat == 0
            and fixed_cnt == 0
            and (wf & (W_INITIAL | W_SELF_DRAWN)) == (W_INITIAL | W_SELF_DRAWN)
        )
        uw[0] = 0 if heavenly else -1  # computed on first need
        if _has_pair(standing):
            count[0] = 0
            work[:] = 0
            for i in range(fixed_cnt):
                work[i] = fixed[i]
            table[:] = standing
            n_codes = 0
            for i in range(n_uniq):
                if standing[uniq[i]] > 0:
                    codes[n_codes] = uniq[i]
                    n_codes += 1
            _divide(table, fixed_cnt, work, divs, count, dfs, codes, n_codes)
            was_seven_pairs = tmp[SEVEN_PAIRS] == 1
            selected = False
            for d in range(count[0]):
                cur[:] = 0
                _regular_fan(
                    divs[d], fixed_cnt, fixed_table, standing, standing_cnt, uniq, n_uniq, win,
                    prevalent, seat, uw, wf, opts, cur, sc, waiting, dfs2,
                )  # fmt: skip
                f = _table_fan(cur)
                take = False
                if f > max_fan:
                    max_fan = f
                    take = True
                elif f == max_fan:
                    # ties: prefer 一色三同顺, 三同刻, and a standard reading over 七对 (as the
                    # reference calculator does)
                    if cur[PURE_TRIPLE_CHOW] == 1 or was_seven_pairs or cur[TRIPLE_PUNG] != 0:
                        take = True
                if take:
                    best[:] = cur
                    selected = True
            if selected:
                tmp[:] = best
    if max_fan == 0:
        return ERR_NOT_WIN
    for i in range(N_GUOBIAO_ITEMS):
        items[i] = tmp[i]
    items[FLOWER_TILES] = 0
    return max_fan


@njit(cache=True)
def guobiao_fan(concealed, melds, win_tile, flags, items):
    """Total guobiao (MCR) fan of a winning hand, flowers included.

    Args:
        concealed: ``uint8[34]`` (or ``[42]``, flowers ignored) concealed tiles INCLUDING the
            winning tile, mjsim tile kinds.
        melds: ``int8[MAX_MELDS, 3]`` rows ``(meld_type, tile, source)`` (:mod:`mjsim.melds`); unused
            rows have ``meld_type == MELD_NONE``.
        win_tile: kind (0-33) of the winning tile.
        flags: ``int64[N_FLAGS]`` win context (:mod:`mjsim.scoring.context`); guobiao reads
            ``F_SELF_DRAWN F_SEAT_WIND F_ROUND_WIND F_FLOWERS F_FOURTH_TILE F_LAST_WALL_TILE
            F_KONG_REPLACEMENT F_ROBBING_KONG F_HEAVENLY`` and the option bits ``F_GB_OPTIONS``.
        items: ``int32[N_GUOBIAO_ITEMS]`` output, the count of each fan id
            (:mod:`mjsim.scoring.guobiao_fans`), ``items[FLOWER_TILES]`` = flowers.

    Returns:
        Total fan including flowers (1 each); the 8-fan minimum applies to the total without
        flowers, ``total - flags[F_FLOWERS]``. Negative on an invalid hand: ``ERR_NOT_WIN`` (-1)
        not a winning shape, ``ERR_TILE_COUNT`` (-2) tile count inconsistent with the melds.

    Rule source: the Chinese Official rules (the rule text and the public rulebook).
    """
    base = guobiao_fan_without_flowers(concealed, melds, win_tile, flags, items)
    if base < 0:
        return base
    items[FLOWER_TILES] = flags[F_FLOWERS]
    return base + flags[F_FLOWERS]


@njit(cache=True)
def guobiao_payments(total_fan, winner, discarder, self_drawn, out):
    """Fill ``out: int32[4]`` with the guobiao payments of one win (zero-sum, winner positive).

    Self-draw: each of the three others pays ``8 + fan``. Discard win: each of the three others
    pays the base 8 and the discarder also pays ``fan``. ``total_fan`` includes flowers. Seats are
    absolute 0-3; ``discarder`` is ignored on a self-draw.

    Rule source: the rule text via the Chinese Official rules: "自摸和牌：(8+番数)×3"; "别人点炮和：8×3+番数";
    "点炮者：-(8+番数)"; "非点炮者：-8".
    """
    for s in range(4):
        out[s] = 0
    for s in range(4):
        if s == winner:
            continue
        pay = 8
        if self_drawn or s == discarder:
            pay += total_fan
        out[s] = -pay
        out[winner] += pay


@njit(cache=True)
def _fan_with_flowers(concealed, melds, win_tile, flags, items, ws, divs):
    base = _fan_core(concealed, melds, win_tile, flags, items, ws, divs)
    if base < 0:
        return base
    items[FLOWER_TILES] = flags[F_FLOWERS]
    return base + flags[F_FLOWERS]


@njit(cache=True)
def guobiao_fan_batch(concealed, melds, win_tile, flags, items):
    """:func:`guobiao_fan` over a batch, one thread.

    Args: ``concealed uint8[N, 34]``, ``melds int8[N, MAX_MELDS, 3]``, ``win_tile int64[N]``,
    ``flags int64[N, N_FLAGS]``, ``items int32[N, N_GUOBIAO_ITEMS]`` (output).
    Returns ``int64[N]`` totals (negative = invalid hand, as :func:`guobiao_fan`).
    """
    n = concealed.shape[0]
    out = np.empty(n, dtype=np.int64)
    ws = np.empty(WS_SIZE, dtype=np.int64)
    divs = np.empty((MAX_DIVISIONS, 5), dtype=np.int64)
    for i in range(n):
        out[i] = _fan_with_flowers(
            concealed[i], melds[i], win_tile[i], flags[i], items[i], ws, divs
        )
    return out


@njit(cache=True, parallel=True)
def guobiao_fan_batch_parallel(concealed, melds, win_tile, flags, items):
    """:func:`guobiao_fan_batch` with the hands spread over numba's threads (``prange``)."""
    n = concealed.shape[0]
    out = np.empty(n, dtype=np.int64)
    chunk = 256
    n_chunks = (n + chunk - 1) // chunk
    for c in prange(n_chunks):
        ws = np.empty(WS_SIZE, dtype=np.int64)
        divs = np.empty((MAX_DIVISIONS, 5), dtype=np.int64)
        for i in range(c * chunk, min(n, (c + 1) * chunk)):
            out[i] = _fan_with_flowers(
                concealed[i], melds[i], win_tile[i], flags[i], items[i], ws, divs
            )
    return out
