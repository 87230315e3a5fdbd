"""Every decomposition of a complete standard hand into a pair + melds, with wild assignments.

A decomposition is written as ``DECOMP_ROWS`` (6) rows of ``(set_type, tile_kind, wilds_used)``
(``int8``): row 0 is the pair, rows 1..n_melds the melds in ascending order of
``(set_type, tile, wilds_used)``, rows beyond ``n_melds`` are ``(SET_NONE, -1, 0)``.

- ``SET_PAIR`` / ``SET_PUNG``: ``tile`` = the kind of the set.
- ``SET_CHOW``: ``tile`` = the lowest kind of the sequence.
- ``SET_HONOR_CHOW``: ``tile`` 27-30 = three different winds, ``tile`` being the wind LEFT OUT
  (27 = South-West-North, ..., 30 = East-South-West); ``tile`` 31 = White-Green-Red.
- ``wilds_used``: how many members of the set are wild tiles (they stand for the set's other
  kinds). A set made only of wilds is reported once per kind it can stand for.

Two decompositions are the same when their multisets of rows are equal (which natural copy
went where does not matter). The search is an explicit-stack depth-first search (numba cannot
cache recursive functions): the lowest natural tile left must belong to a set containing it;
once no natural tile is left, the wilds left form whole sets in canonical order. Results are
deduplicated and sorted by a 64-bit key, so the output order is deterministic.

Rule source: the scorers of every variant choose the best reading of a winning hand
(e.g. MCR "组成番种的牌... 取最大" / the public rule: score the highest decomposition).
"""

from __future__ import annotations

import numba
import numpy as np

from mjsim.kernels import (
    DECOMP_ROWS,
    PAIR_258,
    PAIR_ANY,
    SET_CHOW,
    SET_HONOR_CHOW,
    SET_NONE,
    SET_PAIR,
    SET_PUNG,
)


def _templates() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Set templates ``(set_type, tile, size, m0, m1, m2)`` and, per kind, the templates holding it."""
    rows = []
    for k in range(34):
        rows.append((SET_PAIR, k, 2, k, k, -1))
    for k in range(34):
        rows.append((SET_PUNG, k, 3, k, k, k))
    for s in range(3):
        for j in range(7):
            k = 9 * s + j
            rows.append((SET_CHOW, k, 3, k, k + 1, k + 2))
    for left_out in range(27, 31):
        m = [w for w in range(27, 31) if w != left_out]
        rows.append((SET_HONOR_CHOW, left_out, 3, m[0], m[1], m[2]))
    rows.append((SET_HONOR_CHOW, 31, 3, 31, 32, 33))
    tpl = np.array(rows, dtype=np.int64)
    by_kind = np.full((34, 16), -1, dtype=np.int64)
    n_by_kind = np.zeros(34, dtype=np.int64)
    for t, r in enumerate(rows):
        for k in sorted({r[3], r[4], r[5]} - {-1}):
            by_kind[k, n_by_kind[k]] = t
            n_by_kind[k] += 1
    return tpl, by_kind, n_by_kind


TEMPLATES, TEMPLATES_BY_KIND, N_TEMPLATES_BY_KIND = _templates()
N_TEMPLATES = TEMPLATES.shape[0]


@numba.njit(cache=True)
def _pair_allowed(k: int, pair_rule: int) -> bool:
    if pair_rule == PAIR_ANY:
        return True
    if k >= 27:
        return pair_rule != PAIR_258
    r = k % 9
    if pair_rule == PAIR_258:
        return r == 1 or r == 4 or r == 7
    return r != 1 and r != 7


@numba.njit(cache=True)
def _template_allowed(tpl: np.ndarray, t: int, honor_chow: int) -> bool:
    ty = tpl[t, 0]
    if ty != SET_HONOR_CHOW:
        return True
    if tpl[t, 1] == 31:
        return (honor_chow & 2) != 0
    return (honor_chow & 1) != 0


@numba.njit(cache=True)
def _try_apply(
    tpl: np.ndarray,
    t: int,
    mask: int,
    low: int,
    c: np.ndarray,
    h: np.ndarray,
    lim: np.ndarray,
    w: int,
) -> int:
    """Apply template ``t`` with natural-member ``mask``; return wilds used, or -1 (unchanged).

    ``low`` >= 0: the set must hold the natural tile ``low`` (its first copy natural; identical
    members natural as a prefix). ``low`` < 0: an all-wild set (mask must be 0).
    """
    size = tpl[t, 2]
    if mask >= (1 << size):
        return -1
    same = tpl[t, 0] == SET_PAIR or tpl[t, 0] == SET_PUNG
    if low >= 0:
        first_low = -1
        for i in range(size):
            if tpl[t, 3 + i] == low:
                first_low = i
                break
        if first_low < 0 or not (mask >> first_low) & 1:
            return -1
        if same:
            # naturals form a prefix: mask in {1, 3, 7}
            if mask & (mask + 1) != 0:
                return -1
    elif mask != 0:
        return -1
    used = 0
    ok = True
    for i in range(size):
        k = tpl[t, 3 + i]
        h[k] += 1
        if h[k] > lim[k]:
            ok = False
        if (mask >> i) & 1:
            c[k] -= 1
            if c[k] < 0:
                ok = False
        else:
            used += 1
    if used > w:
        ok = False
    if not ok:
        _revert(tpl, t, mask, c, h)
        return -1
    return used


@numba.njit(cache=True)
def _revert(tpl: np.ndarray, t: int, mask: int, c: np.ndarray, h: np.ndarray) -> None:
    size = tpl[t, 2]
    for i in range(size):
        k = tpl[t, 3 + i]
        h[k] -= 1
        if (mask >> i) & 1:
            c[k] += 1


@numba.njit(cache=True)
def _set_code(tpl: np.ndarray, t: int, wilds: int) -> int:
    return (tpl[t, 0] * 34 + tpl[t, 1]) * 4 + wilds


@numba.njit(cache=True)
def _key(tpl: np.ndarray, n_sets: int, st: np.ndarray, sw: np.ndarray) -> int:
    pair = 0
    codes = np.zeros(5, dtype=np.int64)
    nm = 0
    for d in range(n_sets):
        code = _set_code(tpl, st[d], sw[d])
        if tpl[st[d], 0] == SET_PAIR:
            pair = code
        else:
            # insertion into descending order (zero padding stays last)
            i = nm
            while i > 0 and codes[i - 1] < code:
                codes[i] = codes[i - 1]
                i -= 1
            codes[i] = code
            nm += 1
    key = pair
    for i in range(5):
        key = (key << 10) | codes[i]
    return key


@numba.njit(cache=True)
def search(
    counts: np.ndarray,
    n_melds: int,
    n_wild: int,
    pair_rule: int,
    honor_chow: int,
    lim: np.ndarray,
    collect: bool,
) -> tuple[int, np.ndarray]:
    """Depth-first search over standard decompositions (see :func:`_search`)."""
    return _search(
        TEMPLATES,
        TEMPLATES_BY_KIND,
        N_TEMPLATES_BY_KIND,
        counts,
        n_melds,
        n_wild,
        pair_rule,
        honor_chow,
        lim,
        collect,
    )


@numba.njit(cache=True)
def _search(
    tpl: np.ndarray,
    by_kind: np.ndarray,
    n_by_kind: np.ndarray,
    counts: np.ndarray,
    n_melds: int,
    n_wild: int,
    pair_rule: int,
    honor_chow: int,
    lim: np.ndarray,
    collect: bool,
) -> tuple[int, np.ndarray]:
    """Depth-first search over standard decompositions.

    ``lim``: int64[34] largest number of copies of each kind a decomposition may use (4, or 5
    to ask "would a fifth copy complete the shape"). ``collect`` False: stop at the first
    decomposition, return (1 or 0, empty). True: return (number of keys, int64 keys with
    possible duplicates) for :func:`decompose`.
    """
    keys = np.empty(64 if collect else 0, dtype=np.int64)
    nkeys = 0
    total = 0
    for k in range(34):
        total += counts[k]
    if n_melds < 0 or n_melds > 5 or n_wild < 0 or total + n_wild != 3 * n_melds + 2:
        return 0, keys
    c = np.empty(34, dtype=np.int64)
    for k in range(34):
        c[k] = counts[k]
        if c[k] > lim[k]:
            return 0, keys
    h = np.zeros(34, dtype=np.int64)
    maxd = n_melds + 1
    st = np.zeros(maxd + 1, dtype=np.int64)  # template per depth
    sm = np.zeros(maxd + 1, dtype=np.int64)  # natural mask per depth
    sw = np.zeros(maxd + 1, dtype=np.int64)  # wilds used per depth
    ci = np.zeros(maxd + 1, dtype=np.int64)  # cursor: candidate index
    mi = np.zeros(maxd + 1, dtype=np.int64)  # cursor: mask
    w = n_wild
    nat = total
    melds = 0
    pair_used = False
    depth = 0
    while depth >= 0:
        advanced = False
        if depth < maxd:
            low = -1
            if nat > 0:
                for k in range(34):
                    if c[k] > 0:
                        low = k
                        break
            if low >= 0:
                while ci[depth] < n_by_kind[low]:
                    t = by_kind[low, ci[depth]]
                    m = mi[depth]
                    if m >= 8:
                        ci[depth] += 1
                        mi[depth] = 0
                        continue
                    mi[depth] += 1
                    is_pair = tpl[t, 0] == SET_PAIR
                    if is_pair:
                        if pair_used or not _pair_allowed(low, pair_rule):
                            continue
                    elif melds >= n_melds or not _template_allowed(tpl, t, honor_chow):
                        continue
                    u = _try_apply(tpl, t, m, low, c, h, lim, w)
                    if u < 0:
                        continue
                    st[depth] = t
                    sm[depth] = m
                    sw[depth] = u
                    advanced = True
                    break
            elif w == 3 * (n_melds - melds) + (0 if pair_used else 2):
                while ci[depth] < tpl.shape[0]:
                    t = ci[depth]
                    ci[depth] += 1
                    is_pair = tpl[t, 0] == SET_PAIR
                    if is_pair:
                        if pair_used or not _pair_allowed(tpl[t, 1], pair_rule):
                            continue
                    elif melds >= n_melds or not _template_allowed(tpl, t, honor_chow):
                        continue
                    u = _try_apply(tpl, t, 0, -1, c, h, lim, w)
                    if u < 0:
                        continue
                    st[depth] = t
                    sm[depth] = 0
                    sw[depth] = u
                    advanced = True
                    break
        if advanced:
            t = st[depth]
            is_pair = tpl[t, 0] == SET_PAIR
            w -= sw[depth]
            nat -= tpl[t, 2] - sw[depth]
            if is_pair:
                pair_used = True
            else:
                melds += 1
            if nat == 0 and w == 0 and melds == n_melds and pair_used:
                if not collect:
                    return 1, keys
                if nkeys == keys.shape[0]:
                    bigger = np.empty(2 * nkeys, dtype=np.int64)
                    bigger[:nkeys] = keys
                    keys = bigger
                keys[nkeys] = _key(tpl, depth + 1, st, sw)
                nkeys += 1
                # undo and keep trying at this depth
                _revert(tpl, t, sm[depth], c, h)
                w += sw[depth]
                nat += tpl[t, 2] - sw[depth]
                if is_pair:
                    pair_used = False
                else:
                    melds -= 1
                continue
            depth += 1
            if sw[depth - 1] == tpl[st[depth - 1], 2]:
                ci[depth] = st[depth - 1]  # all-wild sets in non-decreasing template order
            else:
                ci[depth] = 0
            mi[depth] = 0
        else:
            depth -= 1
            if depth >= 0:
                t = st[depth]
                _revert(tpl, t, sm[depth], c, h)
                w += sw[depth]
                nat += tpl[t, 2] - sw[depth]
                if tpl[t, 0] == SET_PAIR:
                    pair_used = False
                else:
                    melds -= 1
    return nkeys, keys


@numba.njit(cache=True)
def _shell_sort(a: np.ndarray) -> None:
    """In-place ascending sort (small code: np.sort would compile a large quicksort)."""
    n = a.shape[0]
    gap = 1
    while gap < n // 3:
        gap = 3 * gap + 1
    while gap >= 1:
        for i in range(gap, n):
            x = a[i]
            j = i
            while j >= gap and a[j - gap] > x:
                a[j] = a[j - gap]
                j -= gap
            a[j] = x
        gap //= 3


@numba.njit(cache=True)
def decompose(
    counts: np.ndarray,
    n_melds: int,
    n_wild: int,
    pair_rule: int,
    honor_chow: int,
    out: np.ndarray,
) -> int:
    """Write every distinct decomposition of a complete standard hand into ``out``.

    ``counts``: uint8[34] without wilds; ``out``: int8[max_decomp, 6, 3], rows as in the module
    docstring. Returns the number of distinct decompositions (0 if the hand is not a complete
    standard hand); when it exceeds ``out.shape[0]`` only the first ``out.shape[0]`` (in key
    order) are written. Unwritten entries of ``out`` are left untouched.
    """
    lim = np.full(34, 4, dtype=np.int64)
    n, keys = search(counts, n_melds, n_wild, pair_rule, honor_chow, lim, True)
    if n == 0:
        return 0
    ks = keys[:n]
    _shell_sort(ks)
    n_unique = 0
    for i in range(n):
        if i > 0 and ks[i] == ks[i - 1]:
            continue
        if n_unique < out.shape[0]:
            key = ks[i]
            for r in range(DECOMP_ROWS):
                out[n_unique, r, 0] = SET_NONE
                out[n_unique, r, 1] = -1
                out[n_unique, r, 2] = 0
            # low bits: the 5 meld codes (ascending as extracted, zero = no meld); high: the pair
            row = 1
            for _ in range(5):
                code = key & 1023
                key >>= 10
                if code != 0:
                    out[n_unique, row, 0] = code // 136
                    out[n_unique, row, 1] = (code // 4) % 34
                    out[n_unique, row, 2] = code % 4
                    row += 1
            code = key
            out[n_unique, 0, 0] = code // 136
            out[n_unique, 0, 1] = (code // 4) % 34
            out[n_unique, 0, 2] = code % 4
        n_unique += 1
    return n_unique


__all__ = ["decompose", "search", "SET_CHOW", "SET_HONOR_CHOW", "SET_PAIR", "SET_PUNG"]
