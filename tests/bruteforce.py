"""Slow, obviously-correct reference implementations for the hand-kernel tests.

Different algorithms from the kernels (which are table-driven):

- :func:`bf_is_standard_win`: recursive meld search. The lowest natural tile left must belong to
  some set (pair, pung, chow, honour chow); try every such set and every way of filling its other
  members with natural tiles or wilds; the wilds left at the end must make whole sets. A wild
  may not make a fifth copy of a kind.
- :func:`bf_standard_shanten`: the definition itself — enumerate every target hand ``H``
  (``n_melds`` melds drawn from the meld types touching the hand, plus "elsewhere" melds that
  share nothing with it, plus a pair) with at most 4 copies per kind, and return
  ``3*n_melds + 2 - max overlap(H, hand) - n_wild - 1``.

Not cached (``cache=False``): numba segfaults when loading cached mutually recursive
functions, and these are recursive.

Shared with the special-shape tests (``tests/test_kernels_special.py`` may import it).
"""

from __future__ import annotations

import numba
import numpy as np

PAIR_ANY, PAIR_258, PAIR_NOT_28 = 0, 1, 2

# honour chows: member kinds
_WIND_CHOWS = np.array([[27, 28, 29], [27, 28, 30], [27, 29, 30], [28, 29, 30]], dtype=np.int64)
_DRAGON_CHOW = np.array([[31, 32, 33]], dtype=np.int64)


@numba.njit(cache=False)
def pair_allowed(k: int, pair_rule: int) -> bool:
    if pair_rule == PAIR_ANY:
        return True
    if k >= 27:
        return pair_rule == PAIR_NOT_28
    r = k % 9
    if pair_rule == PAIR_258:
        return r == 1 or r == 4 or r == 7
    return r != 1 and r != 7


@numba.njit(cache=False)
def meld_types(honor_chow: int) -> np.ndarray:
    """All meld types as rows of 3 member kinds (pungs, suited chows, honour chows)."""
    rows = []
    for k in range(34):
        rows.append((k, k, k))
    for s in range(3):
        for j in range(7):
            k = 9 * s + j
            rows.append((k, k + 1, k + 2))
    if honor_chow & 1:
        for i in range(4):
            rows.append((_WIND_CHOWS[i, 0], _WIND_CHOWS[i, 1], _WIND_CHOWS[i, 2]))
    if honor_chow & 2:
        rows.append((31, 32, 33))
    out = np.empty((len(rows), 3), dtype=np.int64)
    for i in range(len(rows)):
        out[i, 0] = rows[i][0]
        out[i, 1] = rows[i][1]
        out[i, 2] = rows[i][2]
    return out


# ------------------------------------------------------------------------------------------------
# win check: recursive search
# ------------------------------------------------------------------------------------------------


@numba.njit(cache=False)
def _fill(
    members: np.ndarray,
    i: int,
    c: np.ndarray,
    h: np.ndarray,
    w: int,
    melds_left: int,
    need_pair: bool,
    types: np.ndarray,
    pair_rule: int,
    lim: np.ndarray,
) -> bool:
    """Supply member i.. of the set being built from a natural tile or a wild, then recurse."""
    if i == members.shape[0]:
        return _search(c, h, w, melds_left, need_pair, types, pair_rule, lim)
    k = members[i]
    if h[k] >= lim[k]:  # the set would use a fifth copy of k
        return False
    h[k] += 1
    if c[k] > 0:
        c[k] -= 1
        ok = _fill(members, i + 1, c, h, w, melds_left, need_pair, types, pair_rule, lim)
        c[k] += 1
        if ok:
            h[k] -= 1
            return True
    if w > 0:
        ok = _fill(members, i + 1, c, h, w - 1, melds_left, need_pair, types, pair_rule, lim)
        if ok:
            h[k] -= 1
            return True
    h[k] -= 1
    return False


@numba.njit(cache=False)
def _search(
    c: np.ndarray,
    h: np.ndarray,
    w: int,
    melds_left: int,
    need_pair: bool,
    types: np.ndarray,
    pair_rule: int,
    lim: np.ndarray,
) -> bool:
    low = -1
    for k in range(34):
        if c[k] > 0:
            low = k
            break
    if low < 0:
        # only wilds left: they must make exactly the remaining sets
        return w == 3 * melds_left + (2 if need_pair else 0)
    # the lowest natural tile is in the pair ...
    if need_pair and pair_allowed(low, pair_rule) and h[low] + 2 <= lim[low]:
        c[low] -= 1
        h[low] += 1
        mem = np.array([low])
        ok = _fill(mem, 0, c, h, w, melds_left, False, types, pair_rule, lim)
        c[low] += 1
        h[low] -= 1
        if ok:
            return True
    # ... or in a meld containing it (members below it can only be wilds)
    if melds_left == 0:
        return False
    for t in range(types.shape[0]):
        a, b, d = types[t, 0], types[t, 1], types[t, 2]
        if a != low and b != low and d != low:
            continue
        # members other than one copy of `low`
        rest = np.empty(2, dtype=np.int64)
        n = 0
        used = False
        for x in (a, b, d):
            if x == low and not used:
                used = True
            else:
                rest[n] = x
                n += 1
        if h[low] >= lim[low]:
            continue
        c[low] -= 1
        h[low] += 1
        ok = _fill(rest, 0, c, h, w, melds_left - 1, need_pair, types, pair_rule, lim)
        c[low] += 1
        h[low] -= 1
        if ok:
            return True
    return False


@numba.njit(cache=False)
def bf_is_standard_win(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int
) -> bool:
    """Reference standard win check (recursive search); same contract as the kernel."""
    return bf_is_standard_win_lim(counts, n_melds, n_wild, pair_rule, honor_chow, 4)


@numba.njit(cache=False)
def bf_is_standard_win_lim(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int, limit: int
) -> bool:
    """As :func:`bf_is_standard_win` with at most ``limit`` copies of a kind (5: no limit)."""
    total = 0
    for k in range(34):
        total += counts[k]
    if total + n_wild != 3 * n_melds + 2:
        return False
    c = counts.astype(np.int64)
    for k in range(34):
        if c[k] > limit:
            return False
    # h[k]: copies of k placed into the target so far (natural or wild); every natural ends up
    # placed, so keeping h[k] <= 4 at every step is exactly the no-fifth-copy rule.
    h2 = np.zeros(34, dtype=np.int64)
    types = meld_types(honor_chow)
    lim = np.full(34, limit, dtype=np.int64)
    return _search(c, h2, n_wild, n_melds, True, types, pair_rule, lim)


# ------------------------------------------------------------------------------------------------
# shanten: enumerate targets
# ------------------------------------------------------------------------------------------------


@numba.njit(cache=False)
def _best_overlap(
    c: np.ndarray,
    h: np.ndarray,
    cand: np.ndarray,
    start: int,
    melds_left: int,
    pair_rule: int,
) -> int:
    if melds_left == 0:
        # best pair: a kind of the hand (gain up to 2) or any allowed kind elsewhere (gain 0)
        best = 0  # a pair elsewhere (a kind the hand does not hold) always fits
        for k in range(34):
            if c[k] > 0 and pair_allowed(k, pair_rule) and h[k] + 2 <= 4:
                g = min(h[k] + 2, c[k]) - min(h[k], c[k])
                if g > best:
                    best = g
        base = 0
        for k in range(34):
            base += min(h[k], c[k])
        return base + best
    # an "elsewhere" meld shares nothing with the hand: every later meld is one too
    best = _best_overlap(c, h, cand, cand.shape[0], 0, pair_rule)
    for t in range(start, cand.shape[0]):
        ok = True
        for j in range(3):
            h[cand[t, j]] += 1
        for j in range(3):
            if h[cand[t, j]] > 4:
                ok = False
        if ok:
            v = _best_overlap(c, h, cand, t, melds_left - 1, pair_rule)
            if v > best:
                best = v
        for j in range(3):
            h[cand[t, j]] -= 1
    return best


@numba.njit(cache=False)
def bf_standard_distance(counts: np.ndarray, n_melds: int, pair_rule: int, honor_chow: int) -> int:
    """min over targets H of |H minus counts| (targets: n_melds melds + pair, <= 4 per kind)."""
    types = meld_types(honor_chow)
    keep = np.zeros(types.shape[0], dtype=np.bool_)
    for t in range(types.shape[0]):
        for j in range(3):
            if counts[types[t, j]] > 0:
                keep[t] = True
    cand = types[keep]
    c = counts.astype(np.int64)
    h = np.zeros(34, dtype=np.int64)
    ov = _best_overlap(c, h, cand, 0, n_melds, pair_rule)
    return 3 * n_melds + 2 - ov


@numba.njit(cache=False)
def bf_standard_shanten(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int
) -> int:
    """Reference standard shanten by the definition (exhaustive over targets)."""
    d = bf_standard_distance(counts, n_melds, pair_rule, honor_chow)
    return max(d - n_wild - 1, -1)


def all_single_suit_hands(totals: tuple[int, ...]) -> np.ndarray:
    """Every count vector over one suit (9 kinds, 0-4 each) whose total is in ``totals``.

    Returns uint8[N, 9].
    """
    codes = np.arange(5**9, dtype=np.int64)
    digits = np.empty((codes.size, 9), dtype=np.uint8)
    x = codes.copy()
    for j in range(9):
        digits[:, j] = x % 5
        x //= 5
    s = digits.sum(axis=1)
    return digits[np.isin(s, np.array(totals))]


def random_hands(
    rng: np.random.Generator, n: int, n_tiles: int, n_wild_max: int = 0
) -> tuple[np.ndarray, np.ndarray]:
    """``n`` hands drawn from a 136-tile wall: (uint8[n, 34] without wilds, int64[n] wilds).

    Each hand has ``n_tiles`` tiles in total, of which 0..n_wild_max are wilds.
    """
    wall = np.repeat(np.arange(34), 4)
    out = np.zeros((n, 34), dtype=np.uint8)
    wilds = rng.integers(0, n_wild_max + 1, size=n)
    for i in range(n):
        tiles = rng.choice(wall, n_tiles - wilds[i], replace=False)
        out[i] = np.bincount(tiles, minlength=34)
    return out, wilds


def random_complete_like(
    rng: np.random.Generator, n: int, n_melds: int, swaps_max: int, honor_chow: int = 0
) -> np.ndarray:
    """Hands near completion: a random complete hand, then 0..swaps_max random tile swaps.

    Returns uint8[n, 34] of ``3*n_melds + 2`` tiles (no wilds). Stresses ready/complete hands,
    which random wall draws almost never produce.
    """
    types = meld_types(honor_chow)
    out = np.zeros((n, 34), dtype=np.uint8)
    i = 0
    while i < n:
        c = np.zeros(34, dtype=np.int64)
        for _ in range(n_melds):
            for k in types[rng.integers(types.shape[0])]:
                c[k] += 1
        c[rng.integers(34)] += 2
        if c.max() > 4:
            continue
        for _ in range(rng.integers(0, swaps_max + 1)):
            nz = np.flatnonzero(c)
            c[rng.choice(nz)] -= 1
            free = np.flatnonzero(c < 4)
            c[rng.choice(free)] += 1
        out[i] = c
        i += 1
    return out
