"""Wilds that may stand for a fifth copy of a kind (the modifier bit ``SHAPE_WILD_FIFTH``).

The default reading of every kernel: a wild stands for any kind, but the natural copies of a
kind plus the wilds standing for it are at most 4. The other reading (some wild-tile tables:
赖子可当第五张) drops that limit for the wilds: four natural 5m and one wild may read as a pung
of 5m and a pair of 5m. Natural tiles are still at most 4 of a kind, so a tile still to be drawn
is never a fifth natural copy.

Selected by ``SHAPE_WILD_FIFTH`` in the ``shapes`` mask of the combined kernels
(:func:`mjsim.kernels.shanten.is_win`, :func:`~mjsim.kernels.shanten.shanten`,
:func:`mjsim.kernels.waits.waits_detail` and the batched versions); this module holds the
standard-shape branches they take when the bit is set and ``n_wild > 0`` (without wilds both
readings are the same).

Definitions (standard shape, ``n_melds`` melds + a pair):

- complete: the naturals and the wilds split into the melds and the pair, each wild standing
  for one tile of any kind, any number of copies (:func:`is_standard_win_fifth`, the
  depth-first search of :mod:`mjsim.kernels.decompose` with the copy limit raised);
- shanten: ``min over targets H of |H minus hand| - n_wild - 1`` as for the default reading,
  where a target may hold more than 4 copies of a kind as long as the copies beyond 4 (which
  can only be wilds) number at most ``n_wild`` (:func:`standard_distance_fifth`: a dynamic
  programme per group with the excess copies as one more dimension, then a min-plus over the
  four groups).

The other shapes are unchanged: seven pairs, thirteen orphans and the knitted shapes never
need a wild as a fifth copy (a lone wild pairs with a single, two wilds pair as a kind nobody
holds), so they keep the four-copy kernels. Rule-study and boundary speed, not the hot path:
the default reading keeps the table-driven kernels.
"""

from __future__ import annotations

import numba
import numpy as np

from mjsim.kernels.decompose import search
from mjsim.kernels.standard import BIG

_PAIR_258 = 1  # mirrors mjsim.kernels.PAIR_258 / PAIR_NOT_28
_PAIR_NOT_28 = 2
_INF = 10_000


@numba.njit(cache=True)
def _pair_ok(k: int, pair_rule: int) -> bool:
    if k >= 27:
        return pair_rule != _PAIR_258
    r = k % 9
    if pair_rule == _PAIR_258:
        return r == 1 or r == 4 or r == 7
    if pair_rule == _PAIR_NOT_28:
        return r != 1 and r != 7
    return True


@numba.njit(cache=True)
def is_standard_win_fifth(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int
) -> bool:
    """True if ``counts`` + ``n_wild`` wilds form ``n_melds`` melds and one pair, a wild
    standing for any kind without the four-copy limit (arguments as for
    :func:`mjsim.kernels.standard.is_standard_win`; False for a count above 4 or a wrong total)."""
    lim = np.full(34, 4 + max(n_wild, 0), dtype=np.int64)
    for k in range(34):
        if counts[k] > 4:
            return False
    n, _ = search(counts, n_melds, n_wild, pair_rule, honor_chow, lim, False)
    return n > 0


@numba.njit(cache=True)
def phantom_wait_fifth(
    c: np.ndarray, k: int, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int
) -> bool:
    """Would a fifth natural copy of ``k`` (``c[k] == 4``) complete the standard shape, the wilds
    standing for any kind without the copy limit?"""
    lim = np.full(34, 5 + max(n_wild, 0), dtype=np.int64)
    c[k] += 1
    n, _ = search(c, n_melds, n_wild, pair_rule, honor_chow, lim, False)
    c[k] -= 1
    return n > 0


@numba.njit(cache=True)
def _suit_dp(counts: np.ndarray, base: int, n: int, w: int, pair_rule: int, out: np.ndarray):
    """``out[p, m, e]`` = least additions to the suit at ``base`` for ``m`` melds (+ the pair if
    ``p``) with ``e`` copies beyond the fourth of its kinds (``_INF``: impossible).

    Kinds in order, state ``(a, b)`` = chows started one / two kinds back (they need this kind);
    at each kind ``z`` chows start, ``x`` pungs and ``y`` pairs (0/1) are placed."""
    cur = np.full((n + 1, n + 1, 2, n + 1, w + 1), _INF, dtype=np.int64)
    nxt = np.full((n + 1, n + 1, 2, n + 1, w + 1), _INF, dtype=np.int64)
    cur[0, 0, 0, 0, 0] = 0
    for i in range(9):
        nxt[:] = _INF
        ci = np.int64(counts[base + i])
        pair_here = _pair_ok(base + i, pair_rule)
        zmax_kind = n if i <= 6 else 0
        for a in range(n + 1):
            for b in range(n + 1):
                for p in range(2):
                    for m in range(n + 1):
                        for e in range(w + 1):
                            v = cur[a, b, p, m, e]
                            if v >= _INF:
                                continue
                            for z in range(min(zmax_kind, n - m) + 1):
                                for x in range(n - m - z + 1):
                                    for y in range(2):
                                        if y == 1 and (p == 1 or not pair_here):
                                            continue
                                        h = a + b + z + 3 * x + 2 * y
                                        ne = e + (h - 4 if h > 4 else 0)
                                        if ne > w:
                                            continue
                                        cost = v + (h - ci if h > ci else 0)
                                        mm = m + z + x
                                        if cost < nxt[z, a, p + y, mm, ne]:
                                            nxt[z, a, p + y, mm, ne] = cost
        cur, nxt = nxt, cur
    for p in range(2):
        for m in range(n + 1):
            for e in range(w + 1):
                out[p, m, e] = cur[0, 0, p, m, e]


@numba.njit(cache=True)
def _honor_kinds_dp(
    counts: np.ndarray, base_h: np.ndarray, t: int, n: int, w: int, pair_rule: int, out: np.ndarray
) -> None:
    """The honour kinds with ``base_h`` (int64[7]) slots already taken by ``t`` honour chows:
    ``out[p, m, e]`` = min(``out``, least additions) with pungs and the pair on top."""
    cur = np.full((2, n + 1, w + 1), _INF, dtype=np.int64)
    nxt = np.full((2, n + 1, w + 1), _INF, dtype=np.int64)
    cur[0, t, 0] = 0
    pair_here = pair_rule != _PAIR_258
    for j in range(7):
        nxt[:] = _INF
        cj = np.int64(counts[27 + j])
        for p in range(2):
            for m in range(n + 1):
                for e in range(w + 1):
                    v = cur[p, m, e]
                    if v >= _INF:
                        continue
                    for x in range(n - m + 1):
                        for y in range(2):
                            if y == 1 and (p == 1 or not pair_here):
                                continue
                            h = base_h[j] + 3 * x + 2 * y
                            ne = e + (h - 4 if h > 4 else 0)
                            if ne > w:
                                continue
                            cost = v + (h - cj if h > cj else 0)
                            if cost < nxt[p + y, m + x, ne]:
                                nxt[p + y, m + x, ne] = cost
        cur, nxt = nxt, cur
    for p in range(2):
        for m in range(n + 1):
            for e in range(w + 1):
                if cur[p, m, e] < out[p, m, e]:
                    out[p, m, e] = cur[p, m, e]


@numba.njit(cache=True)
def _honor_dp(
    counts: np.ndarray, n: int, w: int, pair_rule: int, honor_chow: int, out: np.ndarray
) -> None:
    """``out[p, m, e]`` for the honours: every count of each honour-chow type (three different
    winds, ``honor_chow & 1``: four types by the wind left out; White-Green-Red, ``& 2``), then
    :func:`_honor_kinds_dp`."""
    out[:] = _INF
    nw = n if (honor_chow & 1) != 0 else 0
    nd = n if (honor_chow & 2) != 0 else 0
    base_h = np.zeros(7, dtype=np.int64)
    u = np.zeros(4, dtype=np.int64)
    # odometer over (u0..u3, v) with u0 + u1 + u2 + u3 + v <= n
    while True:
        tw = u[0] + u[1] + u[2] + u[3]
        for v in range(nd + 1):
            if tw + v > n:
                break
            for j in range(4):
                base_h[j] = tw - u[j]  # every wind chow holds the three winds but the left-out one
            for j in range(4, 7):
                base_h[j] = v
            _honor_kinds_dp(counts, base_h, tw + v, n, w, pair_rule, out)
        i = 0
        while i < 4:
            u[i] += 1
            if u[i] <= nw and u[0] + u[1] + u[2] + u[3] <= n:
                break
            u[i] = 0
            i += 1
        if i == 4:
            break


@numba.njit(cache=True)
def standard_distance_fifth(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int
) -> int:
    """Least additions to the natural tiles for a complete standard hand whose copies beyond
    the fourth of a kind (wilds) number at most ``n_wild`` (module docstring); ``BIG`` on bad
    input or when none exists."""
    if n_melds < 0 or n_melds > 5 or n_wild < 0:
        return BIG
    for k in range(34):
        if counts[k] > 4:
            return BIG
    n = n_melds
    w = n_wild
    acc = np.full((2, n + 1, w + 1), _INF, dtype=np.int64)
    grp = np.empty((2, n + 1, w + 1), dtype=np.int64)
    tmp = np.empty((2, n + 1, w + 1), dtype=np.int64)
    _honor_dp(counts, n, w, pair_rule, honor_chow, acc)
    for g in range(3):
        _suit_dp(counts, 9 * g, n, w, pair_rule, grp)
        tmp[:] = _INF
        for pa in range(2):
            for ma in range(n + 1):
                for ea in range(w + 1):
                    va = acc[pa, ma, ea]
                    if va >= _INF:
                        continue
                    for pb in range(2 - pa):
                        for mb in range(n - ma + 1):
                            for eb in range(w - ea + 1):
                                v = va + grp[pb, mb, eb]
                                if v < tmp[pa + pb, ma + mb, ea + eb]:
                                    tmp[pa + pb, ma + mb, ea + eb] = v
        acc[:] = tmp
    best = _INF
    for e in range(w + 1):
        if acc[1, n, e] < best:
            best = acc[1, n, e]
    return BIG if best >= _INF else best


@numba.njit(cache=True)
def standard_shanten_fifth(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int
) -> int:
    """:func:`mjsim.kernels.standard.standard_shanten` with wilds that may stand for a fifth
    copy (-1 complete, 0 ready; ``BIG`` on invalid input)."""
    d = standard_distance_fifth(counts, n_melds, n_wild, pair_rule, honor_chow)
    if d >= BIG:
        return BIG
    return max(d - n_wild - 1, -1)
