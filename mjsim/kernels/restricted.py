"""Restricted wilds: a wild may stand only for a simple (a 2-8 of a suit), never for a 1, 9 or an
honour (Yingkou 会, the Yingkou rules: "最后一张牌是会（万能牌）可替代除了幺久的任何牌").

Selected by the modifier bit ``SHAPE_WILD_SIMPLES`` in the ``shapes`` mask of the combined
kernels (:func:`mjsim.kernels.shanten.is_win`, :func:`~mjsim.kernels.shanten.shanten`,
:func:`mjsim.kernels.waits.waits_detail` and the batched versions); this module holds the
branches they take when the bit is set and ``n_wild > 0``.

Definitions (the wilds' stand-ins ``a``: a multiset of simple kinds, ``|a| = n_wild``, with
``counts + a`` at most 4 per kind):

- complete: some ``a`` makes ``counts + a`` a complete hand of an allowed shape without wilds;
- shanten: ``min over a`` of the no-wild shanten of ``counts + a`` (a wild fills a simple slot of
  a target hand only; every other missing tile must be drawn).

Standard shape, exact and table-driven: the honours must be complete on their own; each suit is
completed by additions on its ranks 2-8 only. ``is_win`` asks the one-byte WIN tables for the
least such additions per suit (with and without the pair); shanten takes, per suit and per
number ``w`` of wilds given to it, the least DIST vector over the suit's completions by at most
``w`` simples, then the min-plus combination over the groups and the wild split. A suit has at
most ``C(w + 7, 7)`` such additions (330 for ``w = 4``). Spare wilds (a multiple of 3 once the
groups are complete) always find a simple kind held by nobody for a pung: 21 simple kinds, at
most 17 tiles.

Other shapes: thirteen orphans cannot use such a wild at all; seven pairs, the knitted shapes
(十三不靠 with an honour pair included), the knitted straight and 十三烂 enumerate the stand-ins (``C(20 + w, w)`` multisets over the
21 simple kinds: 10,626 for ``w = 4``; Python-boundary and rule-study speed, not the hot path).
Decompositions (:mod:`mjsim.kernels.decompose`) do not implement the restriction.
"""

from __future__ import annotations

import numba
import numpy as np

from mjsim.kernels.special import (
    is_knitted,
    is_knitted_honor_pair,
    is_knitted_straight_win,
    is_seven_pairs,
    is_seven_pairs_distinct,
    is_shisanlan,
    knitted_honor_pair_shanten,
    knitted_shanten,
    knitted_straight_shanten,
    seven_pairs_shanten,
    seven_pairs_shanten_quads,
    shisanlan_shanten,
    thirteen_orphans_shanten,
)
from mjsim.kernels.standard import (
    BIG,
    _honor_code,
    _suit_code,
    phantom_wait_no_wild,
)
from mjsim.kernels.tables import (
    HON_DIST_OFF,
    HON_WIN_OFF,
    INF,
    MAX_M,
    N_HON,
    SUIT_DIST_OFF,
    SUIT_WIN_OFF,
    tables,
)

# Mirrors of mjsim.kernels constants (no import cycle: mjsim.kernels imports nothing from here).
_PAIR_258 = 1
_SHAPE_STANDARD = 1
_SHAPE_SEVEN_PAIRS = 2
_SHAPE_THIRTEEN_ORPHANS = 4
_SHAPE_KNITTED = 8
_SHAPE_KNITTED_STRAIGHT = 16
_SHAPE_SHISANLAN = 32
_SHAPE_SEVEN_PAIRS_DISTINCT = 64
_SHAPE_KNITTED_HONOR_PAIR = 1024

#: The 21 simple kinds (2-8 of each suit) a restricted wild may stand for.
SIMPLE_KINDS = np.array([9 * s + r for s in range(3) for r in range(1, 8)], dtype=np.int64)
_POW5 = np.array([5**j for j in range(9)], dtype=np.int64)


@numba.njit(cache=True)
def _next_multiset(a: np.ndarray, cap: np.ndarray, w: int, s: int) -> int:
    """Odometer step over the vectors ``0 <= a[i] <= cap[i]`` with ``sum(a) <= w``; ``s`` =
    ``sum(a)``. Returns the new sum, or -1 after the last vector (``a`` is then all zero)."""
    for i in range(a.shape[0]):
        if a[i] < cap[i] and s < w:
            a[i] += 1
            return s + 1
        s -= a[i]
        a[i] = 0
    return -1


@numba.njit(cache=True)
def _suit_caps(counts: np.ndarray, base: int, w: int, cap: np.ndarray) -> None:
    """``cap[i]`` = copies of rank ``i + 2`` of the suit at ``base`` a wild may still add."""
    for i in range(7):
        c = 4 - np.int64(counts[base + 1 + i])
        cap[i] = min(c, w) if c > 0 else 0


@numba.njit(cache=True)
def _suit_min_wilds(counts: np.ndarray, base: int, w: int, pbit: int, out: np.ndarray) -> None:
    """``out[0]`` / ``out[1]``: least simples (at most ``w``) completing the suit at ``base``
    into melds / melds + a pair (``pbit``: the WIN bit of the rule's pair variant); INF if none."""
    t = tables()
    code0 = _suit_code(counts, base)
    cap = np.empty(7, dtype=np.int64)
    _suit_caps(counts, base, w, cap)
    a = np.zeros(7, dtype=np.int64)
    out[0] = INF
    out[1] = INF
    s = 0
    while s >= 0:
        code = code0
        for i in range(7):
            code += a[i] * _POW5[i + 1]
        b = t[SUIT_WIN_OFF + code]
        if b & 1 and s < out[0]:
            out[0] = s
        if b & pbit and s < out[1]:
            out[1] = s
        s = _next_multiset(a, cap, w, s)


@numba.njit(cache=True)
def is_standard_win_simples(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int
) -> bool:
    """:func:`mjsim.kernels.standard.is_standard_win` with wilds standing for simples only."""
    total = 0
    for k in range(34):
        if counts[k] > 4:
            return False
        total += counts[k]
    if total + n_wild != 3 * n_melds + 2 or n_melds < 0 or n_melds >= MAX_M:
        return False
    t = tables()
    bh = t[HON_WIN_OFF + honor_chow * N_HON + _honor_code(counts)]
    h0 = 0 if bh & 1 else INF
    h1 = 0 if (bh & 2 and pair_rule != _PAIR_258) else INF
    pbit = 2 << pair_rule
    mw = np.empty((3, 2), dtype=np.int64)
    for g in range(3):
        _suit_min_wilds(counts, 9 * g, n_wild, pbit, mw[g])
    need = h0 + mw[0, 0] + mw[1, 0] + mw[2, 0]
    best = need - h0 + h1
    for g in range(3):
        v = need - mw[g, 0] + mw[g, 1]
        if v < best:
            best = v
    return best <= n_wild


@numba.njit(cache=True)
def _suit_dist_by_wilds(
    counts: np.ndarray, base: int, w: int, n: int, pv: int, out: np.ndarray
) -> None:
    """``out[x, p, m]`` (``x <= w``, ``m <= n``) = least DIST entry (``p``: with the rule's pair)
    of the suit at ``base`` after adding at most ``x`` simples of it (see the module docstring)."""
    t = tables()
    code0 = _suit_code(counts, base)
    cap = np.empty(7, dtype=np.int64)
    _suit_caps(counts, base, w, cap)
    a = np.zeros(7, dtype=np.int64)
    for x in range(w + 1):
        for p in range(2):
            for m in range(n + 1):
                out[x, p, m] = BIG
    s = 0
    while s >= 0:
        code = code0
        for i in range(7):
            code += a[i] * _POW5[i + 1]
        b = SUIT_DIST_OFF + code * 4 * MAX_M
        for m in range(n + 1):
            v0 = np.int64(t[b + m])
            if v0 < out[s, 0, m]:
                out[s, 0, m] = v0
            v1 = np.int64(t[b + pv * MAX_M + m])
            if v1 < out[s, 1, m]:
                out[s, 1, m] = v1
        s = _next_multiset(a, cap, w, s)
    for x in range(1, w + 1):  # at most x wilds
        for p in range(2):
            for m in range(n + 1):
                if out[x - 1, p, m] < out[x, p, m]:
                    out[x, p, m] = out[x - 1, p, m]


@numba.njit(cache=True)
def _combine(a: np.ndarray, b: np.ndarray, w: int, n: int, out: np.ndarray) -> None:
    """Min-plus over the wild split, the pair and the melds: ``out[x, p, m]``."""
    for x in range(w + 1):
        for p in range(2):
            for m in range(n + 1):
                best = BIG
                for xa in range(x + 1):
                    for pa in range(p + 1):
                        for ma in range(m + 1):
                            v = a[xa, pa, ma] + b[x - xa, p - pa, m - ma]
                            if v < best:
                                best = v
                out[x, p, m] = best


@numba.njit(cache=True)
def standard_shanten_simples(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int
) -> int:
    """:func:`mjsim.kernels.standard.standard_shanten` with wilds standing for simples only
    (-1 complete, 0 ready; ``BIG`` on invalid input)."""
    for k in range(34):
        if counts[k] > 4:
            return BIG
    if n_melds < 0 or n_melds >= MAX_M or n_wild < 0:
        return BIG
    t = tables()
    n = n_melds
    w = n_wild
    pv = 1 + pair_rule
    acc = np.empty((w + 1, 2, n + 1), dtype=np.int64)
    grp = np.empty((w + 1, 2, n + 1), dtype=np.int64)
    tmp = np.empty((w + 1, 2, n + 1), dtype=np.int64)
    # the honours take no wild: x = 0 only
    hb = HON_DIST_OFF + (honor_chow * N_HON + _honor_code(counts)) * 2 * MAX_M
    for x in range(w + 1):
        for m in range(n + 1):
            acc[x, 0, m] = np.int64(t[hb + m]) if x == 0 else BIG
            ok1 = x == 0 and pair_rule != _PAIR_258
            acc[x, 1, m] = np.int64(t[hb + MAX_M + m]) if ok1 else BIG
    for g in range(3):
        _suit_dist_by_wilds(counts, 9 * g, w, n, pv, grp)
        _combine(acc, grp, w, n, tmp)
        acc[:] = tmp
    best = BIG
    for x in range(w + 1):
        if acc[x, 1, n] < best:
            best = acc[x, 1, n]
    if best >= INF:
        return BIG
    return max(best - 1, -1)


@numba.njit(cache=True)
def _special_win(c: np.ndarray, n_melds: int, pair_rule: int, honor_chow: int, shapes: int) -> bool:
    """No-wild special-shape check of ``c`` (``shapes`` without the standard bit)."""
    if shapes & _SHAPE_KNITTED_STRAIGHT and n_melds >= 3:
        if is_knitted_straight_win(c, n_melds, 0, pair_rule, honor_chow):
            return True
    if n_melds != 4:
        return False
    if shapes & _SHAPE_SEVEN_PAIRS:
        if is_seven_pairs(c, 0):
            return True
    elif shapes & _SHAPE_SEVEN_PAIRS_DISTINCT:
        if is_seven_pairs_distinct(c, 0):
            return True
    if shapes & _SHAPE_KNITTED and is_knitted(c, 0):
        return True
    if shapes & _SHAPE_SHISANLAN and is_shisanlan(c, 0):
        return True
    if shapes & _SHAPE_KNITTED_HONOR_PAIR and is_knitted_honor_pair(c, 0):
        return True
    return False


@numba.njit(cache=True)
def _special_shanten(
    c: np.ndarray, n_melds: int, pair_rule: int, honor_chow: int, shapes: int, best: int
) -> int:
    """Min of ``best`` and the no-wild special-shape shanten of ``c`` (no thirteen orphans)."""
    if shapes & _SHAPE_KNITTED_STRAIGHT and n_melds >= 3:
        v = knitted_straight_shanten(c, n_melds, 0, pair_rule, honor_chow)
        if v < best:
            best = v
    if n_melds != 4:
        return best
    if shapes & _SHAPE_SEVEN_PAIRS:
        v = seven_pairs_shanten_quads(c, 0)
        if v < best:
            best = v
    elif shapes & _SHAPE_SEVEN_PAIRS_DISTINCT:
        v = seven_pairs_shanten(c, 0)
        if v < best:
            best = v
    if shapes & _SHAPE_KNITTED:
        v = knitted_shanten(c, 0)
        if v < best:
            best = v
    if shapes & _SHAPE_SHISANLAN:
        v = shisanlan_shanten(c, 0)
        if v < best:
            best = v
    if shapes & _SHAPE_KNITTED_HONOR_PAIR:
        v = knitted_honor_pair_shanten(c, 0)
        if v < best:
            best = v
    return best


_ENUM_SHAPES = (
    _SHAPE_SEVEN_PAIRS
    | _SHAPE_SEVEN_PAIRS_DISTINCT
    | _SHAPE_KNITTED
    | _SHAPE_KNITTED_STRAIGHT
    | _SHAPE_SHISANLAN
    | _SHAPE_KNITTED_HONOR_PAIR
)


@numba.njit(cache=True)
def _stand_in_caps(counts: np.ndarray, w: int, skip: int, cap: np.ndarray) -> None:
    for i in range(21):
        k = SIMPLE_KINDS[i]
        c = 4 - np.int64(counts[k])
        cap[i] = 0 if (k == skip or c <= 0) else min(c, w)


@numba.njit(cache=True)
def special_simples(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int, shapes: int
) -> int:
    """Shanten over the special shapes of ``shapes`` with wilds standing for simples only
    (``BIG`` if none applies); thirteen orphans ignore such wilds."""
    tot = n_wild
    for k in range(34):
        tot += counts[k]
    best = BIG
    specials = n_melds == 4 and (tot == 13 or tot == 14)
    if shapes & _SHAPE_THIRTEEN_ORPHANS and specials:
        best = thirteen_orphans_shanten(counts, 0)
    if (shapes & _ENUM_SHAPES) == 0 or not (specials or shapes & _SHAPE_KNITTED_STRAIGHT):
        return best
    c = counts.copy()
    cap = np.empty(21, dtype=np.int64)
    _stand_in_caps(counts, n_wild, -1, cap)
    a = np.zeros(21, dtype=np.int64)
    s = 0
    while s >= 0:
        if s == n_wild:
            for i in range(21):
                c[SIMPLE_KINDS[i]] = counts[SIMPLE_KINDS[i]] + a[i]
            best = _special_shanten(c, n_melds, pair_rule, honor_chow, shapes, best)
            if best == -1:
                break
        s = _next_multiset(a, cap, n_wild, s)
    return best


@numba.njit(cache=True)
def is_win_simples(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int, shapes: int
) -> bool:
    """:func:`mjsim.kernels.shanten.is_win` with wilds standing for simples only."""
    if shapes & _SHAPE_STANDARD:
        if is_standard_win_simples(counts, n_melds, n_wild, pair_rule, honor_chow):
            return True
    tot = n_wild
    for k in range(34):
        tot += counts[k]
    if tot != 3 * n_melds + 2 or (shapes & _ENUM_SHAPES) == 0:
        return False  # thirteen orphans: a restricted wild can never stand for an orphan
    if n_melds != 4 and not (shapes & _SHAPE_KNITTED_STRAIGHT and n_melds >= 3):
        return False
    c = counts.copy()
    cap = np.empty(21, dtype=np.int64)
    _stand_in_caps(counts, n_wild, -1, cap)
    a = np.zeros(21, dtype=np.int64)
    s = 0
    while s >= 0:
        if s == n_wild:
            for i in range(21):
                c[SIMPLE_KINDS[i]] = counts[SIMPLE_KINDS[i]] + a[i]
            if _special_win(c, n_melds, pair_rule, honor_chow, shapes):
                return True
        s = _next_multiset(a, cap, n_wild, s)
    return False


@numba.njit(cache=True)
def shanten_simples(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int, shapes: int
) -> int:
    """:func:`mjsim.kernels.shanten.shanten` with wilds standing for simples only."""
    best = BIG
    if shapes & _SHAPE_STANDARD:
        best = standard_shanten_simples(counts, n_melds, n_wild, pair_rule, honor_chow)
        if best == -1:
            return -1
    v = special_simples(counts, n_melds, n_wild, pair_rule, honor_chow, shapes)
    return v if v < best else best


@numba.njit(cache=True)
def phantom_wait_simples(
    c: np.ndarray, k: int, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int
) -> bool:
    """Would a fifth copy of ``k`` (``c[k] == 4``) complete the standard shape, the wilds
    standing for simples (never for ``k``: it has four copies already)?"""
    d = c.copy()
    cap = np.empty(21, dtype=np.int64)
    _stand_in_caps(c, n_wild, k, cap)
    a = np.zeros(21, dtype=np.int64)
    s = 0
    while s >= 0:
        if s == n_wild:
            for i in range(21):
                d[SIMPLE_KINDS[i]] = c[SIMPLE_KINDS[i]] + a[i]
            if phantom_wait_no_wild(d, k, n_melds, pair_rule, honor_chow):
                return True
        s = _next_multiset(a, cap, n_wild, s)
    return False
