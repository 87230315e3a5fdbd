"""Combined win check and shanten over the hand shapes a rule set allows.

``shapes`` is a bit mask of ``SHAPE_*`` (see :mod:`mjsim.kernels`):

- ``SHAPE_STANDARD``: ``n_melds`` melds + a pair (:mod:`mjsim.kernels.standard`).
- ``SHAPE_SEVEN_PAIRS``: seven pairs, a four of a kind counting as two pairs (the Chinese rule
  sets: MCR #19 "a four of a kind counts as 2 pairs"); ``SHAPE_SEVEN_PAIRS_DISTINCT``: seven
  DIFFERENT pairs (Riichi, the ``mahjong`` package). Giving both is the same as the first.
- ``SHAPE_THIRTEEN_ORPHANS``, ``SHAPE_KNITTED`` (全不靠 incl. 七星不靠), ``SHAPE_SHISANLAN`` (十三烂).
- ``SHAPE_KNITTED_STRAIGHT``: 组合龙 + ``n_melds - 3`` melds + a pair (needs ``n_melds >= 3``).
- ``SHAPE_KNITTED_HONOR_PAIR``: 十三不靠 with an honour pair (以字作将; common fan table).
- ``SHAPE_WILD_SIMPLES`` (a modifier, not a shape): the wilds stand only for simples
  (:mod:`mjsim.kernels.restricted`).
- ``SHAPE_WILD_FIFTH`` (a modifier, not a shape): a wild may stand for a fifth copy of a kind
  in the standard shape (:mod:`mjsim.kernels.fifth`); not together with ``SHAPE_WILD_SIMPLES``.

The special shapes (all but standard and knitted straight) are fully concealed 14-tile
shapes: they count only when ``n_melds == 4`` and the hand holds 13 or 14 tiles (wilds
included). A 16-tile hand (``n_melds == 5``) has no special shape ("eight pairs" is not a
thing in the 16-tile rule sets).

Shanten is the minimum over the allowed shapes; -1 = complete. The special-shape kernels come
from :mod:`mjsim.kernels.special`.
"""

from __future__ import annotations

import numba
import numpy as np

from mjsim.kernels import (
    SHAPE_KNITTED,
    SHAPE_KNITTED_HONOR_PAIR,
    SHAPE_KNITTED_STRAIGHT,
    SHAPE_SEVEN_PAIRS,
    SHAPE_SEVEN_PAIRS_DISTINCT,
    SHAPE_SHISANLAN,
    SHAPE_STANDARD,
    SHAPE_THIRTEEN_ORPHANS,
    SHAPE_WILD_FIFTH,
    SHAPE_WILD_SIMPLES,
)
from mjsim.kernels.fifth import is_standard_win_fifth, standard_shanten_fifth
from mjsim.kernels.restricted import is_win_simples, shanten_simples, special_simples
from mjsim.kernels.special import (
    is_knitted,
    is_knitted_honor_pair,
    is_knitted_straight_win,
    is_seven_pairs,
    is_seven_pairs_distinct,
    is_shisanlan,
    is_thirteen_orphans,
    knitted_honor_pair_shanten,
    knitted_shanten,
    knitted_straight_shanten,
    seven_pairs_shanten,
    seven_pairs_shanten_quads,
    shisanlan_shanten,
    thirteen_orphans_shanten,
)
from mjsim.kernels.standard import BIG, is_standard_win, standard_shanten


@numba.njit(cache=True)
def _total(counts: np.ndarray) -> int:
    t = 0
    for k in range(34):
        t += counts[k]
    return t


@numba.njit(cache=True)
def is_win(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int, shapes: int
) -> bool:
    """True if the hand is complete in one of the allowed ``shapes``.

    ``counts``: uint8[34] without wilds; ``n_melds``: 0-5, the melds the hand still NEEDS
    besides the pair (4 for a 14-tile hand with no exposed meld, ``4 - exposed`` otherwise; not
    :func:`mjsim.shanten`'s exposed ``melds``); ``n_wild``: 0-8; ``pair_rule``,
    ``honor_chow``: as for :func:`mjsim.kernels.standard.is_standard_win`; ``shapes``: SHAPE_* mask.
    """
    if (shapes & SHAPE_WILD_SIMPLES) != 0 and n_wild > 0:
        return is_win_simples(counts, n_melds, n_wild, pair_rule, honor_chow, shapes)
    if (shapes & SHAPE_WILD_FIFTH) != 0 and n_wild > 0 and shapes & SHAPE_STANDARD:
        if is_standard_win_fifth(counts, n_melds, n_wild, pair_rule, honor_chow):
            return True
        shapes = shapes & ~SHAPE_STANDARD  # the other shapes never need a fifth copy
    if shapes & SHAPE_STANDARD and is_standard_win(counts, n_melds, n_wild, pair_rule, honor_chow):
        return True
    if shapes & SHAPE_KNITTED_STRAIGHT and n_melds >= 3:
        if is_knitted_straight_win(counts, n_melds, n_wild, pair_rule, honor_chow):
            return True
    if n_melds != 4 or _total(counts) + n_wild != 14:
        return False
    if shapes & SHAPE_SEVEN_PAIRS:
        if is_seven_pairs(counts, n_wild):
            return True
    elif shapes & SHAPE_SEVEN_PAIRS_DISTINCT:
        if is_seven_pairs_distinct(counts, n_wild):
            return True
    if shapes & SHAPE_THIRTEEN_ORPHANS and is_thirteen_orphans(counts, n_wild):
        return True
    if shapes & SHAPE_KNITTED and is_knitted(counts, n_wild):
        return True
    if shapes & SHAPE_SHISANLAN and is_shisanlan(counts, n_wild):
        return True
    if shapes & SHAPE_KNITTED_HONOR_PAIR and is_knitted_honor_pair(counts, n_wild):
        return True
    return False


@numba.njit(cache=True)
def shanten(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int, shapes: int
) -> int:
    """Minimum shanten over the allowed ``shapes`` (-1 complete, 0 ready).

    ``n_melds``: 0-5, the melds the hand still NEEDS besides the pair (4 for a 13/14-tile hand
    with no exposed meld, ``4 - exposed`` otherwise; not :func:`mjsim.shanten`'s exposed
    ``melds``); other arguments as for :func:`is_win`.
    Valid for hands of ``3*n_melds + 1`` or ``3*n_melds + 2`` tiles (wilds included). Returns
    ``BIG`` (1000) when no allowed shape applies or the input is invalid.
    """
    if (shapes & SHAPE_WILD_SIMPLES) != 0 and n_wild > 0:
        return shanten_simples(counts, n_melds, n_wild, pair_rule, honor_chow, shapes)
    best = BIG
    if shapes & SHAPE_STANDARD:
        if (shapes & SHAPE_WILD_FIFTH) != 0 and n_wild > 0:
            best = standard_shanten_fifth(counts, n_melds, n_wild, pair_rule, honor_chow)
        else:
            best = standard_shanten(counts, n_melds, n_wild, pair_rule, honor_chow)
    return shanten_given_standard(counts, n_melds, n_wild, pair_rule, honor_chow, shapes, best)


@numba.njit(cache=True)
def shanten_given_standard(
    counts: np.ndarray,
    n_melds: int,
    n_wild: int,
    pair_rule: int,
    honor_chow: int,
    shapes: int,
    best: int,
) -> int:
    """:func:`shanten` when the standard shape's shanten ``best`` is already known (``BIG`` if
    ``shapes`` has no standard shape): the minimum with the other allowed shapes. With
    ``SHAPE_WILD_SIMPLES`` and wilds, ``best`` must be the restricted standard shanten; with
    ``SHAPE_WILD_FIFTH`` and wilds, the fifth-copy one (:mod:`mjsim.kernels.fifth`)."""
    if best == -1:
        return -1
    if (shapes & SHAPE_WILD_SIMPLES) != 0 and n_wild > 0:
        v = special_simples(counts, n_melds, n_wild, pair_rule, honor_chow, shapes)
        return v if v < best else best
    if shapes & SHAPE_KNITTED_STRAIGHT and n_melds >= 3:
        v = knitted_straight_shanten(counts, n_melds, n_wild, pair_rule, honor_chow)
        if v < best:
            best = v
    tot = _total(counts) + n_wild
    if n_melds != 4 or (tot != 13 and tot != 14):
        return best
    if shapes & SHAPE_SEVEN_PAIRS:
        v = seven_pairs_shanten_quads(counts, n_wild)
        if v < best:
            best = v
    elif shapes & SHAPE_SEVEN_PAIRS_DISTINCT:
        v = seven_pairs_shanten(counts, n_wild)
        if v < best:
            best = v
    if shapes & SHAPE_THIRTEEN_ORPHANS:
        v = thirteen_orphans_shanten(counts, n_wild)
        if v < best:
            best = v
    if shapes & SHAPE_KNITTED:
        v = knitted_shanten(counts, n_wild)
        if v < best:
            best = v
    if shapes & SHAPE_SHISANLAN:
        v = shisanlan_shanten(counts, n_wild)
        if v < best:
            best = v
    if shapes & SHAPE_KNITTED_HONOR_PAIR:
        v = knitted_honor_pair_shanten(counts, n_wild)
        if v < best:
            best = v
    return best
