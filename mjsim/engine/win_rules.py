"""Jitted win requirements beyond the shape: suit count, terminals, single tile, 2-5-8, win filters.

Each function reads a seat's concealed counts ``h`` (``uint8[>=34]``, the winning tile included)
and its meld rows ``melds`` (``int8[MAX_MELDS, 3]``, rows ``(meld_type, tile, source)``), plus the
compiled ``params`` (``int64[NP]``, :mod:`mjsim.rules.params`). They are called by
:mod:`mjsim.engine.shapes` for the WIN action and for the ready declaration; nothing here touches
the game state.

Rule sources:

- ``free_shape_ok``: 将将胡 / 将一色 "玩家手上每一张牌都为 2 、 5 、 8"; 风一色 /
  乱风 "全副牌都是风向牌，可以是乱风向的牌"; rizhao winds only.
- ``terminal_ok``: changchun "不能缺1，9，当手牌中有风、字牌的时候可免1、9"; harbin
  "红中就可代替这个“幺九牌条件”"; neimenggu "必须有幺九或箭刻".
- ``suit count``: harbin "清一色不能听，必须有两种色以上。（注：红中不算色）".
- ``win_filter``: changchun "使用红中、发财、白板做将牌时可免"; harbin "红中" pair as the
  pung; rizhao "但必须至少有一对是258".
- ``has_258_tile``: yantai "添加和牌牌型中有且至少有２、５、８中的一个".
- ``single_tile_ok``: changchun "胡牌时只有飘胡允许手把一".
- ``small_win_ok``: wuhan 屁胡 "两个癞子胡屁胡不能胡" and the big-hand list "碰碰胡、将一色、清一色、风一色、
  全求人、杠开、海底捞、抢杠都算大胡。其他就都是屁胡" (a 屁胡
  needs a 2-5-8 pair).
- ``is_pinghu``: guizhou 平胡 ([rec] not 大对子 "4个三张相同的和1个对", not 七对, not 清一色), for
  ``win_filter="plain_discard_needs_kong"`` ("在有“豆”情况下允许点胡"; :mod:`mjsim.engine.hooks_guizhou`).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim.engine.special_kongs import special_tally
from mjsim.kernels.shanten import is_win
from mjsim.melds import (
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_HONOR_CHOW,
    MELD_NONE,
    MELD_PUNG,
    MELD_SPECIAL_KONG,
)
from mjsim.rules.params import (
    P_FREE_HONORS,
    P_HONOR_CHOWS,
    P_MUST_HAVE_258_TILE,
    P_SINGLE_TILE_WIN,
    P_SUIT_RULE,
    P_TERMINAL_RULE,
    P_WIN_FILTER,
    PAIR_258,
    SHAPE_ALL_258_FREE,
    SHAPE_ALL_HONORS_FREE,
    SHAPE_SEVEN_PAIRS,
    SHAPE_SEVEN_PAIRS_DISTINCT,
    SHAPE_STANDARD,
    SINGLE_TILE_ALL_PUNGS,
    SUIT_AT_LEAST_TWO,
    TERMINAL_OR_DRAGON_PUNG,
    TERMINAL_OR_RED,
    TERMINAL_TERMINAL,
    WIN_FILTER_NONE,
    WIN_FILTER_PUNG_OR_DRAGON_PAIR,
    WIN_FILTER_PUNG_OR_RED_DRAGON_PAIR,
)

FREE_SHAPES = SHAPE_ALL_258_FREE | SHAPE_ALL_HONORS_FREE


@nb.njit(cache=True)
def _is_258(k):
    return k < 27 and (k % 9 == 1 or k % 9 == 4 or k % 9 == 7)


@nb.njit(cache=True)
def free_kind(k, shape, winds_only):
    """Kind ``k`` (int, 0-33) fits the structure-free shape ``shape`` (one ``SHAPE_*`` bit): a
    2/5/8 of a suit (``all_258_free``, 将一色) or an honour (``all_honors_free``, 风一色; winds
    only when ``winds_only``). Shared by the engine's win check and the greedy bot."""
    if shape == SHAPE_ALL_258_FREE:
        return _is_258(k)
    if winds_only:
        return 27 <= k <= 30
    return k >= 27


@nb.njit(cache=True)
def free_shape_ok(params, h, wild, use_wild, melds, shapes):
    """True if the hand is a structure-free win of one of the ``shapes`` bits in FREE_SHAPES:
    every natural tile (concealed ``h``, wilds ``wild[k] != 0`` excluded when ``use_wild``, and
    every meld) is a
    2/5/8 of a suit (``all_258_free``) or an honour (``all_honors_free``; winds only when
    ``free_honors="winds"``). The caller checks the tile count (3n + 2)."""
    winds_only = params[P_FREE_HONORS] != 0
    for shape in (SHAPE_ALL_258_FREE, SHAPE_ALL_HONORS_FREE):
        if (shapes & shape) == 0:
            continue
        ok = True
        for k in range(34):
            if (
                h[k] != 0
                and not (use_wild and wild[k] != 0)
                and not free_kind(k, shape, winds_only)
            ):
                ok = False
                break
        if ok:
            for i in range(melds.shape[0]):
                mt = melds[i, 0]
                if mt == MELD_NONE:
                    continue
                if mt == MELD_CHOW or not free_kind(np.int64(melds[i, 1]), shape, winds_only):
                    ok = False
                    break
        if ok:
            return True
    return False


@nb.njit(cache=True)
def _tally(h, melds, suit):
    """suit[0..3] += tiles per suit / honours; flags bits: 1 terminal, 2 honour, 4 red, 8 dragon
    pung, 16 pung/kong (meld or concealed triplet), 32 a 2/5/8 tile, 64 a chow meld, 128 a kong
    meld."""
    f = 0
    for k in range(34):
        c = h[k]
        if c == 0:
            continue
        suit[min(k // 9, 3)] += c
        if k < 27:
            if k % 9 == 0 or k % 9 == 8:
                f |= 1
            if k % 9 == 1 or k % 9 == 4 or k % 9 == 7:
                f |= 32
        else:
            f |= 2
            if k == 33:
                f |= 4
            if c >= 3 and k >= 31:
                f |= 8
        if c >= 3:
            f |= 16
    for i in range(melds.shape[0]):
        mt = melds[i, 0]
        if mt == MELD_NONE:
            continue
        k = np.int64(melds[i, 1])
        if mt == MELD_SPECIAL_KONG:
            f |= special_tally(k, suit)  # 旋风杠 / 喜杠 / 幺九蛋: a kong
            continue
        if mt == MELD_HONOR_CHOW:
            suit[3] += 3  # three different honours: no pung, no terminal
            f |= 2 | 64
            if k == 31:
                f |= 4
            continue
        if mt == MELD_CHOW:
            suit[k // 9] += 3
            f |= 64
            if k % 9 == 0 or k % 9 == 6:
                f |= 1
            f |= 32  # any three consecutive ranks hold a 2, 5 or 8
            continue
        suit[min(k // 9, 3)] += 3
        f |= 16
        if mt != MELD_PUNG:
            f |= 128
        if k < 27:
            if k % 9 == 0 or k % 9 == 8:
                f |= 1
            if k % 9 == 1 or k % 9 == 4 or k % 9 == 7:
                f |= 32
        else:
            f |= 2
            if k == 33:
                f |= 4
            if k >= 31:
                f |= 8
    return f


@nb.njit(cache=True)
def requirements_ok(params, h, melds, exempt_258):
    """The further win requirements over concealed ``h`` (winning tile included) and ``melds``:
    suit_rule="at_least_two", terminal_rule (all but "terminal_or_honor", which the engine's
    older must_have_terminal check applies), single_tile_win, must_have_258_tile (waived when
    ``exempt_258``: the caller found a seven-pairs / thirteen-orphans win) and win_filter."""
    suit = np.zeros(4, dtype=np.int64)
    f = _tally(h, melds, suit)
    if params[P_SUIT_RULE] == SUIT_AT_LEAST_TWO:
        n = 0
        for i in range(3):
            if suit[i] > 0:
                n += 1
        if n < 2:
            return False
    tr = params[P_TERMINAL_RULE]
    if tr == TERMINAL_TERMINAL and (f & 1) == 0:
        return False
    if tr == TERMINAL_OR_RED and (f & 5) == 0:
        return False
    if tr == TERMINAL_OR_DRAGON_PUNG and (f & 9) == 0:
        return False
    if params[P_SINGLE_TILE_WIN] == SINGLE_TILE_ALL_PUNGS and (f & 64) != 0:
        n = 0
        for k in range(34):
            n += h[k]
        if n == 2:
            return False
    if params[P_MUST_HAVE_258_TILE] != 0 and (f & 32) == 0 and not exempt_258:
        return False
    return win_filter(params[P_WIN_FILTER], h, melds, f)


@nb.njit(cache=True)
def win_filter(fid, h, melds, f):
    """The ``win_filter`` hook: a regional win predicate, a switch on the family id ``fid``
    (``WIN_FILTER_*``). ``f``: the bits of :func:`_tally`. The variants using a filter that
    replaces the pung requirement set ``must_have_pung=False``.

    - changchun: a pung/kong is needed, or a dragon pair as the eye (with no honour chows a
      dragon held exactly twice in a complete hand IS the eye): "使用红中、发财、白板做将牌时可免".
    - harbin: a pung/kong is needed; a pair of 红中 counts as one.
    - rizhao: handled by the engine (it needs the shape test): seven pairs need a 2-5-8 pair.
    """
    if fid == WIN_FILTER_NONE:
        return True
    if fid == WIN_FILTER_PUNG_OR_DRAGON_PAIR:
        if (f & 16) != 0:
            return True
        for k in range(31, 34):
            if h[k] == 2:
                return True
        return False
    if fid == WIN_FILTER_PUNG_OR_RED_DRAGON_PAIR:
        return (f & 16) != 0 or h[33] >= 2
    return True


@nb.njit(cache=True)
def has_258_pair(h):
    """Some 2, 5 or 8 of a suit held at least twice (rizhao seven pairs)."""
    for k in range(27):
        if (k % 9 == 1 or k % 9 == 4 or k % 9 == 7) and h[k] >= 2:
            return True
    return False


@nb.njit(cache=True)
def all_pungs_ok(c, nw):
    """Natural counts ``c`` (``uint8[34]``) plus ``nw`` wilds form pungs and one pair (碰碰胡)."""
    total = nw
    for k in range(34):
        total += c[k]
    if total % 3 != 2:
        return False
    for x in range(-1, 34):
        if x >= 0 and c[x] == 0:
            continue
        need = 2 if x < 0 else 0
        for k in range(34):
            cnt = np.int64(c[k])
            if k == x:
                take = min(cnt, 2)
                need += 2 - take
                cnt -= take
            if cnt > 0:
                need += (3 - cnt % 3) % 3
        if need <= nw and (nw - need) % 3 == 0:
            return True
    return False


@nb.njit(cache=True)
def small_win_ok(params, c, nw, melds, discard_win, big_event):
    """``win_filter="small_win_258_pair"`` over a complete hand: natural concealed counts ``c`` (``uint8[34]``,
    the winning tile included, wilds removed), ``nw`` wilds (赖子) held, the seat's ``melds``.

    A 大胡 may win with any pair and any number of 赖子: ``big_event`` (杠开 = a self-draw on a
    replacement, 海底捞 = a self-draw among the last four tiles, 抢杠), 全求人 (``discard_win``
    with only the pair concealed and no concealed kong), 清一色 (one suit, "将是乱将"), 将一色 (every
    tile a 2, 5 or 8), 风一色 (every tile an honour), 碰碰胡 (no chow; pungs and a pair). Anything
    else is a 屁胡: at most one 赖子 ("两个癞子胡屁胡不能胡") and a standard hand whose pair is a 2, 5
    or 8 of a suit ("2-5-8 pair"). The caller has checked the shape."""
    if big_event:
        return True
    n_conc = 0
    suits = 0
    only258 = True
    for k in range(34):
        if c[k] == 0:
            continue
        n_conc += c[k]
        suits |= 1 << min(k // 9, 3)
        if not _is_258(k):
            only258 = False
    chow = False
    closed_kong = False
    for i in range(melds.shape[0]):
        mt = melds[i, 0]
        if mt == MELD_NONE:
            continue
        k = np.int64(melds[i, 1])
        if mt == MELD_CHOW or mt == MELD_HONOR_CHOW:
            chow = True
            only258 = False
        elif not _is_258(k):
            only258 = False
        if mt == MELD_CONCEALED_KONG:
            closed_kong = True
        suits |= 1 << (3 if mt == MELD_HONOR_CHOW else min(k // 9, 3))
    if discard_win and n_conc + nw == 2 and not closed_kong:
        return True  # 全求人
    if suits == 1 or suits == 2 or suits == 4 or suits == 8 or only258:
        return True  # 清一色 / 风一色 / 将一色
    if not chow and all_pungs_ok(c, nw):
        return True  # 碰碰胡
    if nw > 1:
        return False
    n_sets = (n_conc + nw - 2) // 3
    return is_win(
        c,
        np.int64(n_sets),
        np.int64(nw),
        np.int64(PAIR_258),
        params[P_HONOR_CHOWS],
        np.int64(SHAPE_STANDARD),
    )


@nb.njit(cache=True)
def is_pinghu(h, melds, shapes):
    """True if the complete hand (concealed ``h`` with the winning tile, ``melds``) is a guizhou
    平胡: not one suit (清一色), not seven pairs (七对 / 龙七对, when ``shapes`` allows them), not
    all pungs (大对子: no chow, concealed counts 0 / 2 / 3 with exactly one pair). Honours count
    as no suit. Source: the guizhou rules (the hand table; "平胡 10 basic hand")."""
    suits = 0
    n_melds = 0
    chow = False
    for k in range(34):
        if h[k] != 0:
            suits |= 1 << min(k // 9, 3)
    for i in range(melds.shape[0]):
        mt = melds[i, 0]
        if mt == MELD_NONE:
            continue
        n_melds += 1
        k = np.int64(melds[i, 1])
        suits |= 1 << min(k // 9, 3)
        if mt == MELD_CHOW:
            chow = True
    if suits == 1 or suits == 2 or suits == 4:
        return False  # 清一色 (honours, bit 8, are no suit but break it)
    if n_melds == 0 and (shapes & (SHAPE_SEVEN_PAIRS | SHAPE_SEVEN_PAIRS_DISTINCT)) != 0:
        even = True
        n = 0
        quad = False
        for k in range(34):
            n += h[k]
            if h[k] % 2 != 0:
                even = False
            if h[k] == 4:
                quad = True
        distinct = (shapes & SHAPE_SEVEN_PAIRS_DISTINCT) != 0
        if even and n == 14 and not (distinct and quad):
            return False  # 七对 / 龙七对
    if not chow:
        pairs = 0
        ok = True
        for k in range(34):
            c = h[k]
            if c == 2:
                pairs += 1
            elif c != 0 and c != 3:
                ok = False
        if ok and pairs == 1:
            return False  # 大对子
    return True
