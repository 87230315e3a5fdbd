"""Standard shape (``n_melds`` melds + one pair): win check and shanten, wild-aware.

Definitions (exact, table-driven; see :mod:`mjsim.kernels.tables`):

- A hand (``counts`` + ``n_wild`` wilds) is a standard win when ``sum(counts) + n_wild ==
  3*n_melds + 2`` and the tiles split into ``n_melds`` melds (chows of one suit, pungs, and honour
  chows if enabled) plus one pair allowed by the pair rule, each wild standing for one tile,
  no kind used more than 4 times.
- Shanten: ``min over complete targets H of |H minus hand| - n_wild - 1``, where a target ``H``
  is any complete standard hand (``n_melds`` melds + pair, at most 4 copies of a kind) and
  ``|H minus hand|`` counts the tiles of ``H`` the natural tiles do not supply (multiset
  difference). For a hand of ``3*n_melds + 1`` tiles this is "tiles still needed to be ready"
  (0 = ready); for ``3*n_melds + 2`` tiles -1 means complete. This is the usual number
  (e.g. the ``mahjong`` package's ``8 - 2*melds - partials - pair`` for 13/14-tile hands) and it
  honours the four-copy limit: a hand whose only "wait" is a fifth copy is not ready.

Rule source: standard shape "四副面子 + 一对将" of every variant in ``/work/shared/rules/``
(2-5-8 pair: "将牌必须是二、五、八"; Nanchang wind chows: any three different winds).
"""

from __future__ import annotations

import numba
import numpy as np

from mjsim.kernels import PAIR_258
from mjsim.kernels.tables import (
    HON_DIST_OFF,
    HON_MINW_OFF,
    HON_WIN_OFF,
    INF,
    MAX_M,
    N_HON,
    SUIT_DIST_OFF,
    SUIT_MINW_OFF,
    SUIT_WIN_OFF,
    tables,
)

BIG = 1000  # returned shanten for invalid input (a count above 4, a meld count outside 0..5)


@numba.njit(cache=True)
def _suit_code(counts: np.ndarray, base: int) -> int:
    return counts[base] + 5 * (
        counts[base + 1]
        + 5
        * (
            counts[base + 2]
            + 5
            * (
                counts[base + 3]
                + 5
                * (
                    counts[base + 4]
                    + 5
                    * (
                        counts[base + 5]
                        + 5 * (counts[base + 6] + 5 * (counts[base + 7] + 5 * counts[base + 8]))
                    )
                )
            )
        )
    )


@numba.njit(cache=True)
def _honor_code(counts: np.ndarray) -> int:
    return counts[27] + 5 * (
        counts[28]
        + 5 * (counts[29] + 5 * (counts[30] + 5 * (counts[31] + 5 * (counts[32] + 5 * counts[33]))))
    )


@numba.njit(cache=True)
def _valid_counts(counts: np.ndarray) -> bool:
    mx = 0
    for k in range(34):
        if counts[k] > mx:
            mx = counts[k]
    return mx <= 4


@numba.njit(cache=True)
def _win_no_wild(counts: np.ndarray, pair_rule: int, honor_chow: int) -> bool:
    """Zero-wild win check from the one-byte WIN tables (tile total already checked)."""
    t = tables()
    pbit = 2 << pair_rule  # WIN bit of the rule's pair variant (pv = 1 + pair_rule)
    b0 = t[SUIT_WIN_OFF + _suit_code(counts, 0)]
    b1 = t[SUIT_WIN_OFF + _suit_code(counts, 9)]
    b2 = t[SUIT_WIN_OFF + _suit_code(counts, 18)]
    bh = t[HON_WIN_OFF + honor_chow * N_HON + _honor_code(counts)]
    # every group complete; exactly one of them (its tiles = 2 mod 3) holds the pair
    hpair = 2 if pair_rule != PAIR_258 else 0
    if not (b0 & 1 or b0 & pbit) or not (b1 & 1 or b1 & pbit) or not (b2 & 1 or b2 & pbit):
        return False
    if not (bh & 1 or bh & hpair):
        return False
    return (b0 & 1) + (b1 & 1) + (b2 & 1) + (bh & 1) == 3


@numba.njit(cache=True)
def is_standard_win(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int
) -> bool:
    """True if ``counts`` + ``n_wild`` wilds form ``n_melds`` melds and one pair.

    ``counts``: uint8[34] (no wilds, each 0-4); ``n_melds``: 0-5; ``n_wild``: 0-8;
    ``pair_rule``: PAIR_ANY / PAIR_258 / PAIR_NOT_28; ``honor_chow``: HONOR_CHOW_* bit flags.
    Returns False for a wrong tile total or any count above 4 (never raises).
    """
    total = 0
    mx = 0
    for k in range(34):
        v = counts[k]
        total += v
        mx = max(mx, v)
    if mx > 4 or total + n_wild != 3 * n_melds + 2 or n_melds < 0 or n_melds >= MAX_M:
        return False
    if n_wild == 0:
        return _win_no_wild(counts, pair_rule, honor_chow)
    t = tables()
    pv = 1 + pair_rule
    r0 = SUIT_MINW_OFF + 4 * _suit_code(counts, 0)
    r1 = SUIT_MINW_OFF + 4 * _suit_code(counts, 9)
    r2 = SUIT_MINW_OFF + 4 * _suit_code(counts, 18)
    rh = HON_MINW_OFF + 2 * (honor_chow * N_HON + _honor_code(counts))
    a0 = np.int64(t[r0])
    a1 = np.int64(t[r1])
    a2 = np.int64(t[r2])
    ah = np.int64(t[rh])
    need = a0 + a1 + a2 + ah  # every group completed without a pair
    best = need + 2  # a pair made of two wilds
    v = need - a0 + t[r0 + pv]
    if v < best:
        best = v
    v = need - a1 + t[r1 + pv]
    if v < best:
        best = v
    v = need - a2 + t[r2 + pv]
    if v < best:
        best = v
    if pair_rule != PAIR_258:
        v = need - ah + t[rh + 1]
        if v < best:
            best = v
    return best <= n_wild


@numba.njit(cache=True)
def _group_val(t: np.ndarray, base: int, stride_p: int, p: int, m: int) -> int:
    return np.int64(t[base + p * stride_p + m])


@numba.njit(cache=True)
def standard_distance(counts: np.ndarray, n_melds: int, pair_rule: int, honor_chow: int) -> int:
    """Least number of tiles to add so that the natural tiles contain a complete standard hand.

    ``min over targets H of |H minus counts|`` (see the module docstring); ``BIG`` on bad input.
    """
    if n_melds < 0 or n_melds >= MAX_M or not _valid_counts(counts):
        return BIG
    t = tables()
    pv = 1 + pair_rule
    # base offsets of the (p, m) vectors; suits: p=0 -> pv 0, p=1 -> pv; stride between p rows
    b0 = SUIT_DIST_OFF + _suit_code(counts, 0) * 4 * MAX_M
    b1 = SUIT_DIST_OFF + _suit_code(counts, 9) * 4 * MAX_M
    b2 = SUIT_DIST_OFF + _suit_code(counts, 18) * 4 * MAX_M
    bh = HON_DIST_OFF + (honor_chow * N_HON + _honor_code(counts)) * 2 * MAX_M
    sp = pv * MAX_M  # stride from the no-pair row to the rule's pair row (suits)
    hp_ok = pair_rule != PAIR_258
    n = n_melds
    best = BIG
    # A = man + pin, B = sou + honours; answer = min over splits of A[p1][m1] + B[1-p1][n-m1]
    for p1 in range(2):
        for m1 in range(n + 1):
            # A[p1][m1]
            av = BIG
            for pa in range(p1 + 1):
                for ma in range(m1 + 1):
                    v = _group_val(t, b0, sp, pa, ma) + _group_val(t, b1, sp, p1 - pa, m1 - ma)
                    if v < av:
                        av = v
            if av >= best:
                continue
            p2 = 1 - p1
            m2 = n - m1
            bv = BIG
            for pc in range(p2 + 1):
                ph = p2 - pc
                if ph == 1 and not hp_ok:
                    continue
                for mc in range(m2 + 1):
                    v = _group_val(t, b2, sp, pc, mc) + _group_val(t, bh, MAX_M, ph, m2 - mc)
                    if v < bv:
                        bv = v
            if av + bv < best:
                best = av + bv
    if best >= INF:
        # cannot happen for valid hands (there is always room for the pair somewhere)
        return BIG
    return best


@numba.njit(cache=True)
def standard_shanten(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int
) -> int:
    """Shanten of the standard shape: -1 complete, 0 ready, k = k more useful tiles needed.

    Valid for hands of ``3*n_melds + 1`` or ``3*n_melds + 2`` tiles (wilds included), i.e.
    13/14 and 16/17-tile hands and the same after calls. ``counts``: uint8[34] without the
    wilds; ``n_wild``: 0-8 wilds (each removes one needed tile). Returns ``BIG`` (1000) for
    invalid input (a count above 4, ``n_melds`` outside 0-5).
    """
    d = standard_distance(counts, n_melds, pair_rule, honor_chow)
    if d >= BIG:
        return BIG
    s = d - n_wild - 1
    if s < -1:
        s = -1
    return s


@numba.njit(cache=True)
def _best_with_pair(t: np.ndarray, need: int, rows: np.ndarray, pv: int, pair_rule: int) -> int:
    """Least wilds over the pair's placement; ``rows``: MINW row offsets of the 4 groups."""
    best = need + 2  # a pair made of two wilds
    for g in range(3):
        v = need - t[rows[g]] + t[rows[g] + pv]
        if v < best:
            best = v
    if pair_rule != PAIR_258:
        v = need - t[rows[3]] + t[rows[3] + 1]
        if v < best:
            best = v
    return best


@numba.njit(cache=True)
def standard_wait_mask(
    counts: np.ndarray,
    n_melds: int,
    n_wild: int,
    pair_rule: int,
    honor_chow: int,
    out: np.ndarray,
) -> int:
    """``out[k]`` |= adding one natural tile of kind ``k`` (held < 4) completes the standard
    shape. Adding a tile changes one group's code only, so each kind costs one table lookup.

    ``counts``: uint8[34] of ``3*n_melds + 1`` tiles with the wilds; ``out``: bool[34]
    (bits are only set, never cleared). Returns the number of kinds set by this call.
    """
    total = 0
    mx = 0
    for k in range(34):
        v = counts[k]
        total += v
        mx = max(mx, v)
    if mx > 4 or total + n_wild + 1 != 3 * n_melds + 2 or n_melds < 0 or n_melds >= MAX_M:
        return 0
    t = tables()
    pv = 1 + pair_rule
    codes = np.empty(4, dtype=np.int64)
    codes[0] = _suit_code(counts, 0)
    codes[1] = _suit_code(counts, 9)
    codes[2] = _suit_code(counts, 18)
    codes[3] = _honor_code(counts)
    rows = np.empty(4, dtype=np.int64)
    for g in range(3):
        rows[g] = SUIT_MINW_OFF + 4 * codes[g]
    rows[3] = HON_MINW_OFF + 2 * (honor_chow * N_HON + codes[3])
    need = 0
    for g in range(4):
        need += np.int64(t[rows[g]])
    n = 0
    for k in range(34):
        if counts[k] >= 4:
            continue
        g = k // 9 if k < 27 else 3
        j = k - 9 * g
        step = 1
        for _ in range(j):
            step *= 5
        old = rows[g]
        if g < 3:
            rows[g] = SUIT_MINW_OFF + 4 * (codes[g] + step)
        else:
            rows[g] = HON_MINW_OFF + 2 * (honor_chow * N_HON + codes[g] + step)
        need_k = need - t[old] + t[rows[g]]
        if _best_with_pair(t, need_k, rows, pv, pair_rule) <= n_wild:
            if not out[k]:
                n += 1
            out[k] = True
        rows[g] = old
    return n
