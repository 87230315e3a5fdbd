"""Waits of a ready hand and live-tile counts.

``waits`` tries every kind: it is a wait when adding one natural tile of that kind completes
the hand in one of the allowed ``shapes`` (:func:`mjsim.kernels.shanten.is_win`). A kind the
hand already holds four of cannot be drawn; it is still reported by :func:`waits` when a fifth
copy would complete the STANDARD shape (a "phantom" wait), and :func:`waits_detail` separates
the two lists. (A fifth copy can never complete seven pairs, thirteen orphans or the knitted
shapes, and the knitted-straight shape is not examined for phantom waits.)

With ``SHAPE_WILD_FIFTH`` (wilds may stand for a fifth copy, :mod:`mjsim.kernels.fifth`) and
wilds held, every kind is tried with the combined win check.

Wild tiles: the caller removes the wild kind's copies from ``counts``; drawing a wild always
completes a ready hand, so the wild kind itself is reported only if a natural tile of it
completes the shape. Live counts (:func:`live_wait_count`) count natural copies only.
"""

from __future__ import annotations

import numba
import numpy as np

from mjsim.kernels import SHAPE_STANDARD, SHAPE_WILD_FIFTH, SHAPE_WILD_SIMPLES
from mjsim.kernels.decompose import search
from mjsim.kernels.fifth import phantom_wait_fifth
from mjsim.kernels.restricted import phantom_wait_simples
from mjsim.kernels.shanten import is_win
from mjsim.kernels.standard import phantom_wait_no_wild, standard_wait_mask


@numba.njit(cache=True)
def _phantom_wait(
    c: np.ndarray, k: int, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int
) -> bool:
    """Would a fifth copy of ``k`` (``c[k] == 4``) complete the standard shape?"""
    if n_wild == 0:
        return phantom_wait_no_wild(c, k, n_melds, pair_rule, honor_chow)
    lim = np.full(34, 4, dtype=np.int64)
    lim[k] = 5
    c[k] += 1
    n, _ = search(c, n_melds, n_wild, pair_rule, honor_chow, lim, False)
    c[k] -= 1
    return n > 0


@numba.njit(cache=True)
def waits_detail(
    counts: np.ndarray,
    n_melds: int,
    n_wild: int,
    pair_rule: int,
    honor_chow: int,
    shapes: int,
    out_kinds: np.ndarray,
    out_exhausted: np.ndarray,
) -> int:
    """Split waits: ``out_kinds[k]`` = a drawable kind (held < 4) that completes the hand;
    ``out_exhausted[k]`` = a kind held 4 times whose fifth copy would complete it.

    ``counts``: uint8[34] of ``3*n_melds + 1`` tiles with the wilds; ``out_kinds``,
    ``out_exhausted``: bool[34], overwritten. Returns the number of drawable wait kinds.
    """
    for k in range(34):
        out_kinds[k] = False
        out_exhausted[k] = False
    simples = (shapes & SHAPE_WILD_SIMPLES) != 0 and n_wild > 0
    fifth = (shapes & SHAPE_WILD_FIFTH) != 0 and n_wild > 0
    if shapes & SHAPE_STANDARD and not simples and not fifth:
        standard_wait_mask(counts, n_melds, n_wild, pair_rule, honor_chow, out_kinds)
    other = shapes if (simples or fifth) else shapes & ~SHAPE_STANDARD
    c = counts.copy()
    for k in range(34):
        if c[k] < 4:
            if other != 0 and not out_kinds[k]:
                c[k] += 1
                if is_win(c, n_melds, n_wild, pair_rule, honor_chow, other):
                    out_kinds[k] = True
                c[k] -= 1
        elif c[k] == 4 and shapes & SHAPE_STANDARD:
            if simples:
                out_exhausted[k] = phantom_wait_simples(
                    c, k, n_melds, n_wild, pair_rule, honor_chow
                )
            elif fifth:
                out_exhausted[k] = phantom_wait_fifth(c, k, n_melds, n_wild, pair_rule, honor_chow)
            else:
                out_exhausted[k] = _phantom_wait(c, k, n_melds, n_wild, pair_rule, honor_chow)
    n = 0
    for k in range(34):
        if out_kinds[k]:
            n += 1
    return n


@numba.njit(cache=True)
def waits(
    counts: np.ndarray,
    n_melds: int,
    n_wild: int,
    pair_rule: int,
    honor_chow: int,
    shapes: int,
    out: np.ndarray,
) -> int:
    """``out[k]`` (bool[34], overwritten) = adding one tile of kind ``k`` completes the hand,
    including kinds already held 4 times (see :func:`waits_detail` to tell them apart).

    Returns the number of kinds set in ``out`` (0 = not ready).
    """
    ex = np.zeros(34, dtype=np.bool_)
    waits_detail(counts, n_melds, n_wild, pair_rule, honor_chow, shapes, out, ex)
    n = 0
    for k in range(34):
        if ex[k]:
            out[k] = True
        if out[k]:
            n += 1
    return n


@numba.njit(cache=True)
def live_wait_count(
    counts: np.ndarray,
    n_melds: int,
    n_wild: int,
    pair_rule: int,
    honor_chow: int,
    shapes: int,
    visible: np.ndarray,
) -> int:
    """Unseen copies of the waits: sum over drawable wait kinds of ``4 - own - visible``.

    ``visible``: uint8[34] copies the player can see outside the hand (discards, exposed melds,
    dora indicators...). Never negative per kind.
    """
    kinds = np.zeros(34, dtype=np.bool_)
    ex = np.zeros(34, dtype=np.bool_)
    waits_detail(counts, n_melds, n_wild, pair_rule, honor_chow, shapes, kinds, ex)
    total = 0
    for k in range(34):
        if kinds[k]:
            left = 4 - np.int64(counts[k]) - np.int64(visible[k])
            if left > 0:
                total += left
    return total
