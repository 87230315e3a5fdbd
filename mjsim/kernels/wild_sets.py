"""Sets with wild tiles: can a hand of naturals plus a number of wilds split into sets (and a pair)?

A small depth-first search for the scorers that need to try each role of the winning tile and
of the wilds themselves (the table detector :mod:`mjsim.scoring.detect` and the Tianjin scorer
:mod:`mjsim.scoring.tianjin`). ``c`` is an int64[34] count vector of the natural tiles, modified
during the search and restored on return; a wild stands for any kind, with no limit of four
copies (a wild may be a fifth copy of a kind, as the Tianjin texts count 混). Natural tiles are
placed before wilds (an exchange argument: a natural tile is never worse than a wild in the same
place).
"""

from __future__ import annotations

import numba as nb


@nb.njit(cache=True)
def sets_only(c, n_sets, jokers):
    """Can ``c`` (int64[34], modified and restored) plus ``jokers`` form exactly ``n_sets``
    pungs/chows (no pair)? Natural tiles are used before jokers (an exchange argument: a natural
    tile is never worse than a joker in the same place)."""
    k = 0
    while k < 34 and c[k] == 0:
        k += 1
    if k == 34:
        return jokers == 3 * n_sets
    if n_sets == 0:
        return False
    # a pung of k (jokers for the missing copies)
    u = c[k] if c[k] < 3 else 3
    if 3 - u <= jokers:
        c[k] -= u
        ok = sets_only(c, n_sets - 1, jokers - (3 - u))
        c[k] += u
        if ok:
            return True
    # a chow holding k as its lowest natural tile
    if k < 27 and k % 9 <= 7:
        need = 0
        take1 = k + 1 <= k - k % 9 + 8 and c[k + 1] > 0
        take2 = k % 9 <= 6 and c[k + 2] > 0
        if not take1:
            need += 1
        if not take2:
            need += 1
        if need <= jokers and need < 2:
            c[k] -= 1
            if take1:
                c[k + 1] -= 1
            if take2:
                c[k + 2] -= 1
            ok = sets_only(c, n_sets - 1, jokers - need)
            c[k] += 1
            if take1:
                c[k + 1] += 1
            if take2:
                c[k + 2] += 1
            if ok:
                return True
    return False


@nb.njit(cache=True)
def with_pair(c, n_sets, jokers):
    """``c`` + ``jokers`` = ``n_sets`` sets + one pair (any pair)."""
    for k in range(34):
        if c[k] >= 2:
            c[k] -= 2
            ok = sets_only(c, n_sets, jokers)
            c[k] += 2
            if ok:
                return True
        elif c[k] == 1 and jokers >= 1:
            c[k] -= 1
            ok = sets_only(c, n_sets, jokers - 1)
            c[k] += 1
            if ok:
                return True
    if jokers >= 2:
        return sets_only(c, n_sets, jokers - 2)
    return False


@nb.njit(cache=True)
def take(c, k, j):
    """Remove one tile of kind ``k`` (the natural one if held, else a joker); returns the jokers
    left (< 0 = impossible)."""
    if c[k] > 0:
        c[k] -= 1
        return j
    return j - 1
