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

Rule source: standard shape "四副面子 + 一对将" of every variant in the catalogue
(2-5-8 pair: "将牌必须是二、五、八"; Nanchang wind chows: any three different winds).
"""

from __future__ import annotations

import numba
import numpy as np

from mjsim.kernels import PAIR_258, PAIR_ANY
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


@numba.njit(cache=True, inline="always")
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


@numba.njit(cache=True, inline="always")
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


@numba.njit(cache=True, inline="always")
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


@numba.njit(cache=True, inline="always")
def group_code(counts: np.ndarray, g: int) -> int:
    """The base-5 table code of group ``g`` of ``counts`` (0-2: the suits, 3: the honours)."""
    if g < 3:
        return _suit_code(counts, 9 * g)
    return _honor_code(counts)


@numba.njit(cache=True, inline="always")
def _group_row(g: int, code: int, pair_rule: int, honor_chow: int) -> tuple[int, int, bool]:
    """(offset of the no-pair DIST row, stride to the rule's pair row, pair allowed) of group
    ``g`` with table code ``code``."""
    if g < 3:
        return SUIT_DIST_OFF + code * 4 * MAX_M, (1 + pair_rule) * MAX_M, True
    return HON_DIST_OFF + (honor_chow * N_HON + code) * 2 * MAX_M, MAX_M, pair_rule != PAIR_258


@numba.njit(cache=True)
def add_group(g: int, code: int, n: int, pair_rule: int, honor_chow: int, acc: np.ndarray) -> None:
    """In place: ``acc[p, m] <- min row[pa, ma] + acc[p - pa, m - ma]`` (``pa + pb = p``,
    ``ma + mb = m``, ``m <= n``), ``row`` the DIST entries of group ``g`` with table code
    ``code`` (a pair the rule forbids in the group costs ``INF``): the min-plus product of
    :func:`standard_distance` with one more group, without scratch arrays (``acc``:
    int64[2, >= n+1]). Each entry only reads entries of lower or equal ``m`` (and ``p = 0``
    while ``p = 1`` is written), so ``p = 1`` then ``p = 0``, ``m`` descending, is exact."""
    t = tables()
    b, sp, pair_ok = _group_row(g, code, pair_rule, honor_chow)
    for m in range(n, -1, -1):
        best = BIG
        for ma in range(m + 1):
            v = np.int64(t[b + ma]) + acc[1, m - ma]
            if v < best:
                best = v
            pv = np.int64(t[b + sp + ma]) if pair_ok else np.int64(INF)
            v = pv + acc[0, m - ma]
            if v < best:
                best = v
        acc[1, m] = best
    for m in range(n, -1, -1):
        best = BIG
        for ma in range(m + 1):
            v = np.int64(t[b + ma]) + acc[0, m - ma]
            if v < best:
                best = v
        acc[0, m] = best


@numba.njit(cache=True)
def rest_distance(
    codes: np.ndarray, ga: int, gb: int, n: int, pair_rule: int, honor_chow: int, out: np.ndarray
) -> None:
    """``out[p, m]`` (int64[2, >= n+1]) = least additions for ``m`` melds (+ the pair if ``p``)
    from the groups other than ``ga`` and ``gb`` (their codes in ``codes``; ``ga == gb``: the
    three other groups). No scratch arrays (:func:`add_group`)."""
    t = tables()
    first = True
    for h in range(4):
        if h == ga or h == gb:
            continue
        if first:
            b, sp, pair_ok = _group_row(h, codes[h], pair_rule, honor_chow)
            for m in range(n + 1):
                out[0, m] = t[b + m]
                out[1, m] = t[b + sp + m] if pair_ok else INF
            first = False
            continue
        add_group(h, codes[h], n, pair_rule, honor_chow, out)


@numba.njit(cache=True)
def others_distance(
    codes: np.ndarray, g: int, n: int, pair_rule: int, honor_chow: int, out: np.ndarray
) -> None:
    """``out[p, m]`` (int64[2, >= n+1]) = least additions for ``m`` melds (+ the pair if ``p``)
    from the three groups other than ``g`` (their codes in ``codes``): the min-plus part of
    :func:`standard_distance` that a change of group ``g`` alone leaves as it is."""
    rest_distance(codes, g, g, n, pair_rule, honor_chow, out)


@numba.njit(cache=True, inline="always")
def distance_with_group(
    g: int, code: int, others: np.ndarray, n: int, pair_rule: int, honor_chow: int
) -> int:
    """:func:`standard_distance` of the hand whose group ``g`` has table code ``code`` and whose
    other groups give ``others`` (:func:`others_distance`): the same number, from one table row
    instead of four (the greedy bot's live-wait loop changes one kind at a time)."""
    t = tables()
    if g < 3:
        b = SUIT_DIST_OFF + code * 4 * MAX_M
        sp = (1 + pair_rule) * MAX_M
    else:
        b = HON_DIST_OFF + (honor_chow * N_HON + code) * 2 * MAX_M
        sp = MAX_M
    best = BIG
    for m in range(n + 1):
        v = np.int64(t[b + m]) + others[1, n - m]
        if v < best:
            best = v
        if g < 3 or pair_rule != PAIR_258:
            v = np.int64(t[b + sp + m]) + others[0, n - m]
            if v < best:
                best = v
    if best >= INF:
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
        if n_wild == 0 and counts[k] == 0 and not _has_neighbour(counts, k, honor_chow):
            continue  # a lone new tile cannot join a set without wilds
        step = 1
        for _ in range(j):
            step *= 5
        if n_wild == 0:
            # one-byte WIN tables: every group complete, exactly one holding the pair
            ok = True
            n_plain = 0
            for h in range(4):
                if h < 3:
                    b = t[SUIT_WIN_OFF + codes[h] + (step if h == g else 0)]
                    pb = 2 << pair_rule
                else:
                    b = t[HON_WIN_OFF + honor_chow * N_HON + codes[h] + (step if h == g else 0)]
                    pb = 2 if pair_rule != PAIR_258 else 0
                if b & 1:
                    n_plain += 1
                elif not b & pb:
                    ok = False
            if ok and n_plain == 3:
                if not out[k]:
                    n += 1
                out[k] = True
            continue
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


@numba.njit(cache=True)
def _has_neighbour(counts: np.ndarray, k: int, honor_chow: int) -> bool:
    """Does the hand hold a kind that can share a set with ``k`` (other than ``k`` itself)?"""
    if k < 27:
        lo = k - k % 9
        for x in range(max(lo, k - 2), min(lo + 9, k + 3)):
            if x != k and counts[x] > 0:
                return True
        return False
    if k <= 30:
        if honor_chow & 1:
            for x in range(27, 31):
                if x != k and counts[x] > 0:
                    return True
        return False
    if honor_chow & 2:
        for x in range(31, 34):
            if x != k and counts[x] > 0:
                return True
    return False


@numba.njit(cache=True)
def phantom_wait_no_wild(
    counts: np.ndarray, k: int, n_melds: int, pair_rule: int, honor_chow: int
) -> bool:
    """Would a fifth copy of ``k`` (the hand holds 4, no wilds) complete the standard shape?

    The five copies lie in sets; remove one set holding a copy (pair, pung, chow or honour
    chow of natural tiles) and ask the tables whether the rest is complete.
    """
    c = counts.copy()
    c[k] += 1  # 5 copies: never encoded, always reduced below before a lookup
    if pair_rule == PAIR_ANY or _pair_ok(k, pair_rule):
        c[k] -= 2
        ok = _melds_only(c, n_melds, honor_chow)
        c[k] += 2
        if ok:
            return True
    if n_melds == 0:
        return False
    c[k] -= 3
    ok = is_standard_win(c, n_melds - 1, 0, pair_rule, honor_chow)
    c[k] += 3
    if ok:
        return True
    for s in range(k - 2, k + 1):
        a, b, d = _set_members(s, k, honor_chow, 0)
        if a < 0:
            continue
        if not _take(c, a, b, d):
            continue
        ok = is_standard_win(c, n_melds - 1, 0, pair_rule, honor_chow)
        c[a] += 1
        c[b] += 1
        c[d] += 1
        if ok:
            return True
    if k >= 27:
        for v in range(5):
            a, b, d = _set_members(v, k, honor_chow, 1)
            if a < 0:
                continue
            if not _take(c, a, b, d):
                continue
            ok = is_standard_win(c, n_melds - 1, 0, pair_rule, honor_chow)
            c[a] += 1
            c[b] += 1
            c[d] += 1
            if ok:
                return True
    return False


@numba.njit(cache=True)
def _pair_ok(k: int, pair_rule: int) -> bool:
    if k >= 27:
        return pair_rule != PAIR_258
    r = k % 9
    if pair_rule == PAIR_258:
        return r == 1 or r == 4 or r == 7
    return r != 1 and r != 7


@numba.njit(cache=True)
def _take(c: np.ndarray, a: int, b: int, d: int) -> bool:
    """Remove one of each of a, b, d if all are held; True on success (else unchanged)."""
    c[a] -= 1
    c[b] -= 1
    c[d] -= 1
    if c[a] > 250 or c[b] > 250 or c[d] > 250:  # uint8 wrapped below zero
        c[a] += 1
        c[b] += 1
        c[d] += 1
        return False
    return True


@numba.njit(cache=True)
def _set_members(s: int, k: int, honor_chow: int, honor: int) -> tuple[int, int, int]:
    """Members of a chow holding ``k``: suited chow starting at ``s`` (honor=0) or honour chow
    number ``s`` (honor=1: 0-3 the wind chow leaving out wind s, 4 the dragon chow);
    (-1, -1, -1) when there is no such chow."""
    if honor == 0:
        if k >= 27 or s < 0 or s // 9 != k // 9 or s % 9 > 6:
            return -1, -1, -1
        return s, s + 1, s + 2
    if s < 4:
        if not honor_chow & 1 or k > 30 or k == 27 + s:
            return -1, -1, -1
        m = np.empty(3, dtype=np.int64)
        i = 0
        for w in range(27, 31):
            if w != 27 + s:
                m[i] = w
                i += 1
        return m[0], m[1], m[2]
    if not honor_chow & 2 or k < 31:
        return -1, -1, -1
    return 31, 32, 33


@numba.njit(cache=True)
def _melds_only(c: np.ndarray, n_melds: int, honor_chow: int) -> bool:
    """Do the tiles (no wilds) form exactly ``n_melds`` melds and no pair?"""
    total = 0
    for x in range(34):
        if c[x] > 4:
            return False
        total += c[x]
    if total != 3 * n_melds:
        return False
    t = tables()
    b0 = t[SUIT_WIN_OFF + _suit_code(c, 0)]
    b1 = t[SUIT_WIN_OFF + _suit_code(c, 9)]
    b2 = t[SUIT_WIN_OFF + _suit_code(c, 18)]
    bh = t[HON_WIN_OFF + honor_chow * N_HON + _honor_code(c)]
    return (b0 & b1 & b2 & bh & 1) != 0
