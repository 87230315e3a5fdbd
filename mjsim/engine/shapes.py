"""Hand shapes under a table's rules: is a concealed hand complete, or one tile from complete?

Owns :func:`_shape_win` (the win shapes of ``win_shapes`` with the table's wilds, the imagined
wild 心皇, wild flowers and the wild stand-in), the further win requirements of a complete hand
(:func:`_extra_ok`: suit count, terminal, chow, 2-5-8 tile, ``win_filter``; the pure predicates are
in :mod:`mjsim.engine.win_rules`; :func:`_suit_terminal_pung_ok`: suit rule, must-have-terminal,
must-have-pung), readiness (:func:`_tenpai`, :func:`_wait_mask`), lone-wild waits (财神单吊) and
the two-wild pair (金雀), and the cheap necessary conditions that let the loop skip a full win
test (:func:`_simple_win_ruled_out`, :func:`_lone_tile_rules`). Reads the state, never writes it
(trial counts are restored).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim._stack import stack_empty
from mjsim.engine.board import (
    _held_wild_flowers,
    _holds_plain_flower,
    _n_wild_held,
    _split_wilds,
    _wilds_active,
)
from mjsim.engine.hand_bits import SIMPLES, hand_bits, isolated_bits, popcount
from mjsim.engine.special_kongs import special_tally
from mjsim.engine.state import PV_N_MELDS, TV_STAND_FOR, TV_WILD_FLOWERS
from mjsim.engine.win_rules import FREE_SHAPES, free_shape_ok, has_258_pair, requirements_ok
from mjsim.kernels.shanten import is_win
from mjsim.melds import MELD_CHOW, MELD_HONOR_CHOW, MELD_NONE, MELD_SPECIAL_KONG
from mjsim.rules.params import (
    P_CHOW_READY_ANY_SEAT,
    P_FLOWER_INSTANT_WIN,
    P_HONOR_CHOWS,
    P_IMAGINED_WILD,
    P_MUST_HAVE_258_TILE,
    P_MUST_HAVE_CHOW,
    P_MUST_HAVE_PUNG,
    P_MUST_HAVE_TERMINAL,
    P_PAIR_RULE,
    P_SINGLE_TILE_WIN,
    P_STANDING_TILES,
    P_SUIT_RULE,
    P_TERMINAL_RULE,
    P_WILD_RULE,
    P_WILD_STAND_IN,
    P_WIN_FILTER,
    P_WIN_SHAPES,
    SHAPE_SEVEN_PAIRS,
    SHAPE_SEVEN_PAIRS_DISTINCT,
    SHAPE_STANDARD,
    SHAPE_THIRTEEN_ORPHANS,
    SHAPE_WILD_FIFTH,
    SHAPE_WILD_SIMPLES,
    SINGLE_TILE_ANY,
    SUIT_ALL_THREE,
    SUIT_AT_LEAST_TWO,
    SUIT_MISSING_ONE,
    SUIT_NONE,
    SUIT_ONE_SUIT_8,
    TERMINAL_NONE,
    TERMINAL_OR_HONOR,
    WILD_NONE,
    WIN_FILTER_NONE,
    WIN_FILTER_SEVEN_PAIRS_258_PAIR,
)

_ORPHANS = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33], dtype=np.int64)


# the shapes whose necessary conditions (no isolated tile for a standard hand, no odd count for
# seven pairs, no simple tile for thirteen orphans) the pre-tests below check before the full test;
# riichi's distinct seven pairs (seven_pairs_quads=False) shares seven pairs' condition
_SIMPLE_SHAPES = (
    SHAPE_STANDARD | SHAPE_SEVEN_PAIRS | SHAPE_SEVEN_PAIRS_DISTINCT | SHAPE_THIRTEEN_ORPHANS
)


_SEVEN_PAIRS_ANY = SHAPE_SEVEN_PAIRS | SHAPE_SEVEN_PAIRS_DISTINCT


@nb.njit(cache=True)
def _isolated(h, honor_chow, limit):
    """Kinds held 1 or 4 times with no tile of the same suit within distance 2 (cannot be in a
    standard win without a wild); the count stops at ``limit + 1`` (every caller only asks
    whether it is ``<= limit``). Branch-free bit masks (:mod:`mjsim.engine.hand_bits`)."""
    _total, occ, _odd, lone, _four = hand_bits(h)
    iso = popcount(isolated_bits(occ, lone, honor_chow))
    return iso if iso <= limit else limit + 1


@nb.njit(cache=True)
def _orphan_kinds(h):
    n = 0
    for j in range(13):
        if h[_ORPHANS[j]] > 0:
            n += 1
    return n


@nb.njit(cache=True)
def _non_orphans(h):
    n = 0
    for k in range(27):
        r9 = k % 9
        if r9 != 0 and r9 != 8:
            n += h[k]
    return n


@internal
def _shape_win(s, r, t, p, h, shapes, extra_wild):
    """Does the concealed part ``h`` (uint8[>=34], winning tile included) plus ``extra_wild``
    jokers form a legal shape with seat ``p``'s melds? (+ the imagined wild 心皇)

    A held flower that is not wild belongs to no set: no shape while one is held
    (:func:`mjsim.engine.board._holds_plain_flower`; ``h`` counts kinds 0-33 only)."""
    if _holds_plain_flower(s, t, p):
        return False
    extra_wild = extra_wild + r.params[P_IMAGINED_WILD]
    extra_wild = extra_wild + _held_wild_flowers(s, t, p)  # wild flowers
    total = 0
    for k in range(34):
        total += h[k]
    total += extra_wild
    if total % 3 != 2:
        return False
    if (shapes & FREE_SHAPES) != 0:
        # structure-free shapes (将将胡, 风一色) read the melds too
        use_wild = _wilds_active(s, r, t, p)
        if free_shape_ok(r.params, h, s.wild[t], use_wild, s.melds[t, p], shapes):
            return True
        shapes = shapes & ~FREE_SHAPES
        if shapes == 0:
            return False
    n_sets = (total - 2) // 3
    pair_rule = r.params[P_PAIR_RULE]
    honor_chow = r.params[P_HONOR_CHOWS]
    if _wilds_active(s, r, t, p):
        c = np.zeros(34, dtype=np.uint8)
        nw = extra_wild
        for k in range(34):
            if s.wild[t, k] != 0:
                nw += h[k]
            else:
                c[k] = h[k]
        si = r.params[P_WILD_STAND_IN]
        if si >= 0 and s.tv[t, TV_STAND_FOR] >= 0 and s.wild[t, si] == 0:
            # the stand-in's copies are natural copies of the wild kind
            c[s.tv[t, TV_STAND_FOR]] = c[si]
            c[si] = 0
        return is_win(c, n_sets, nw, pair_rule, honor_chow, shapes)
    if extra_wild == 0 and (shapes & ~_SIMPLE_SHAPES) == 0:
        if not _simple_shape_possible(h, np.int64(-1), n_sets, shapes, honor_chow):
            return False
    return is_win(h[:34], n_sets, extra_wild, pair_rule, honor_chow, shapes)


_STD_SHAPE = SHAPE_STANDARD


_PAIRS_SHAPES = _SEVEN_PAIRS_ANY


@nb.njit(cache=True)
def _extra_active(r):
    """Any of the further win requirements (suit count, terminal, single tile, 2-5-8 tile, win
    filter, chow) is on."""
    prm = r.params
    tr = prm[P_TERMINAL_RULE]
    return (
        prm[P_SUIT_RULE] == SUIT_AT_LEAST_TWO
        or (tr != TERMINAL_NONE and tr != TERMINAL_OR_HONOR)
        or prm[P_SINGLE_TILE_WIN] != SINGLE_TILE_ANY
        or prm[P_MUST_HAVE_258_TILE] != 0
        or prm[P_WIN_FILTER] != WIN_FILTER_NONE
        or prm[P_MUST_HAVE_CHOW] != 0
    )


@nb.njit(cache=True)
def _has_chow(s, r, t, p, h):
    """A chow meld, or a standard decomposition of ``h`` (3n+2 tiles) holding a chow."""
    for i in range(s.pv[t, p, PV_N_MELDS]):
        if s.melds[t, p, i, 0] == MELD_CHOW:
            return True
    c, nw = _split_wilds(s, r, t, p, h)
    total = nw
    for k in range(34):
        total += c[k]
    n_sets = (total - 2) // 3
    if n_sets < 1:
        return False
    for a in range(27):
        if a % 9 > 6 or c[a] == 0 or c[a + 1] == 0 or c[a + 2] == 0:
            continue
        c[a] -= 1
        c[a + 1] -= 1
        c[a + 2] -= 1
        ok = is_win(
            c, n_sets - 1, nw, r.params[P_PAIR_RULE], r.params[P_HONOR_CHOWS], np.int64(_STD_SHAPE)
        )
        c[a] += 1
        c[a + 1] += 1
        c[a + 2] += 1
        if ok:
            return True
    return False


@nb.njit(cache=True)
def _pairs_only_win(s, r, t, p, h, shapes):
    """``h`` wins as seven pairs / thirteen orphans (one of ``shapes``) but not as a standard
    hand."""
    if s.pv[t, p, PV_N_MELDS] != 0 or (shapes & ~SHAPE_STANDARD) == 0:
        return False
    c, nw = _split_wilds(s, r, t, p, h)
    prm = r.params
    four = np.int64(4)  # a variable, not a literal: no extra compilation of is_win
    if is_win(c, four, nw, prm[P_PAIR_RULE], prm[P_HONOR_CHOWS], shapes & _STD_SHAPE):
        return False
    return is_win(c, four, nw, prm[P_PAIR_RULE], prm[P_HONOR_CHOWS], shapes & ~_STD_SHAPE)


@nb.njit(cache=True)
def _extra_ok(s, r, t, p, h):
    """The further win requirements for the complete concealed hand ``h`` (winning tile in it)."""
    if not _extra_active(r):
        return True
    prm = r.params
    exempt = False
    if prm[P_MUST_HAVE_258_TILE] != 0:
        exempt = _pairs_only_win(s, r, t, p, h, np.int64(_PAIRS_SHAPES | SHAPE_THIRTEEN_ORPHANS))
    if not requirements_ok(prm, h, s.melds[t, p], exempt):
        return False
    if prm[P_MUST_HAVE_CHOW] != 0 and not _has_chow(s, r, t, p, h):
        return False
    if prm[P_WIN_FILTER] == WIN_FILTER_SEVEN_PAIRS_258_PAIR:
        # rizhao: seven pairs need a 2-5-8 pair ("但必须至少有一对是258")
        if _pairs_only_win(s, r, t, p, h, np.int64(_PAIRS_SHAPES)) and not has_258_pair(h):
            # not as seven pairs; a structure-free win (风一色 as seven pairs of winds) stands
            shapes = prm[P_WIN_SHAPES]
            if (shapes & FREE_SHAPES) == 0:
                return False
            use_wild = _wilds_active(s, r, t, p)
            return free_shape_ok(prm, h, s.wild[t], use_wild, s.melds[t, p], shapes)
    return True


@nb.njit(cache=True)
def _wait_mask(s, r, t, p, h, out):
    """``out`` (bool[34]) = kinds completing ``h`` (3n+1 tiles) into an allowed shape."""
    shapes = r.params[P_WIN_SHAPES]
    for x in range(34):
        out[x] = False
        if h[x] >= 4:
            continue
        h[x] += 1
        out[x] = _shape_win(s, r, t, p, h, shapes, np.int64(0))
        h[x] -= 1


@nb.njit(cache=True)
def _tenpai(s, r, t, p, h):
    """Is the concealed part ``h`` (3n+1 tiles) one tile from a win of an allowed shape?"""
    shapes = r.params[P_WIN_SHAPES]
    if _extra_active(r) or (shapes & (SHAPE_WILD_SIMPLES | SHAPE_WILD_FIFTH)) != 0:
        # the further requirements bind the ready declaration too; with wilds for simples a joker
        # standing for the missing tile would be restricted to the simples like the wilds;
        # wild_fifth_copy: a joker could stand for a fifth copy, a drawn tile cannot
        for x in range(34):
            if h[x] >= 4:
                continue
            h[x] += 1
            ok = _shape_win(s, r, t, p, h, shapes, np.int64(0)) and _extra_ok(s, r, t, p, h)
            h[x] -= 1
            if ok:
                return True
        return False
    if (
        _wilds_active(s, r, t, p)
        or (shapes & ~_SIMPLE_SHAPES) != 0
        or r.params[P_IMAGINED_WILD] != 0
    ):
        return _shape_win(s, r, t, p, h, shapes, np.int64(1))
    honor_chow = r.params[P_HONOR_CHOWS]
    total = 0
    pairs = 0
    orph = 0
    for k in range(34):
        total += h[k]
        pairs += h[k] // 2
    for j in range(13):
        if h[_ORPHANS[j]] > 0:
            orph += 1
    possible = (shapes & SHAPE_STANDARD) != 0 and _isolated(h, honor_chow, np.int64(1)) <= 1
    if total == 13:
        if (shapes & _SEVEN_PAIRS_ANY) != 0 and pairs >= 6:
            possible = True
        if (shapes & SHAPE_THIRTEEN_ORPHANS) != 0 and orph >= 12 and _non_orphans(h) == 0:
            possible = True
    if not possible:
        return False
    # a kind held four times is skipped: a hand whose only wait is a fifth copy of a kind in
    # its concealed part is not ready (riichi: no riichi declaration, noten at a draw; the most
    # common published rule, docs/riichi.md "Ready hands")
    for x in range(34):
        if h[x] >= 4:
            continue
        near = h[x] > 0
        if not near:
            if x < 27:
                r9 = x % 9
                near = (
                    (r9 >= 1 and h[x - 1] > 0)
                    or (r9 >= 2 and h[x - 2] > 0)
                    or (r9 <= 7 and h[x + 1] > 0)
                    or (r9 <= 6 and h[x + 2] > 0)
                )
            elif honor_chow != 0:
                near = True
            if not near and (shapes & SHAPE_THIRTEEN_ORPHANS) != 0 and total == 13:
                near = x >= 27 or x % 9 == 0 or x % 9 == 8
        if not near:
            continue
        h[x] += 1
        ok = _shape_win(s, r, t, p, h, shapes, np.int64(0))
        h[x] -= 1
        if ok:
            return True
    return False


@internal
def _suit_terminal_pung_ok(s, r, t, p, h):
    """Suit rule, must-have-terminal and must-have-pung over concealed ``h`` + melds."""
    sr = r.params[P_SUIT_RULE]
    need_term = r.params[P_MUST_HAVE_TERMINAL] != 0
    need_pung = r.params[P_MUST_HAVE_PUNG] != 0
    if sr == SUIT_NONE and not need_term and not need_pung:
        return True
    suit = stack_empty(4, np.int64)  # no heap allocation per win check (mjsim/_stack.py)
    suit[:] = 0
    term = False
    pung = False
    # a wild standing for simples only is never the 1/9/honour the rule asks for
    natural = (r.params[P_WIN_SHAPES] & SHAPE_WILD_SIMPLES) != 0 and _wilds_active(s, r, t, p)
    for k in range(34):
        c = h[k]
        if c == 0:
            continue
        suit[min(k // 9, 3)] += c
        if (k >= 27 or k % 9 == 0 or k % 9 == 8) and not (natural and s.wild[t, k] != 0):
            term = True
        if c >= 3:
            pung = True
    for i in range(s.melds.shape[2]):
        mt = s.melds[t, p, i, 0]
        if mt == MELD_NONE:
            continue
        k = np.int64(s.melds[t, p, i, 1])
        if mt == MELD_CHOW:
            suit[k // 9] += 3
            if k % 9 == 0 or k % 9 == 6:
                term = True
        elif mt == MELD_HONOR_CHOW:
            suit[3] += 3  # three different honours: honours, not a pung
            term = True
        elif mt == MELD_SPECIAL_KONG:
            special_tally(k, suit)  # terminals or honours, and a kong
            pung = True
            term = True
        else:
            suit[min(k // 9, 3)] += 3
            pung = True
            if k >= 27 or k % 9 == 0 or k % 9 == 8:
                term = True
    if need_term and not term:
        return False
    if need_pung and not pung:
        return False
    n_suits = 0
    big = 0
    for i in range(3):
        if suit[i] > 0:
            n_suits += 1
        if suit[i] > big:
            big = suit[i]
    if sr == SUIT_MISSING_ONE and n_suits > 2:
        return False
    if sr == SUIT_ALL_THREE and n_suits < 3:
        return False
    if sr == SUIT_ONE_SUIT_8 and big < 8:
        return False
    return True


@internal
def _lone_wild_wait(s, r, t, p, tile):
    """Seat ``p`` (its hand without ``tile``) holds a wild and waits on every tile: the wild
    waits to become the pair (财神单吊). Checked on a discard/rob win, ``tile`` not in the hand.
    A kind the seat holds three or four of is not asked: its next copy could pair with the
    wild only as a fifth copy."""
    h = s.hands[t, p]
    if _n_wild_held(s, r, t, p, h) == 0:
        return False
    shapes = r.params[P_WIN_SHAPES]
    for x in range(34):
        if r.tile_counts[x] == 0 or h[x] >= 3:
            continue
        h[x] += 1
        ok = _shape_win(s, r, t, p, h, shapes, 0)
        h[x] -= 1
        if not ok:
            return False
    return True


@internal
def _wild_pair(s, r, t, p, tile):
    """Seat ``p`` wins on ``tile`` (not in its hand) with two wilds as the pair (金雀): the rest,
    other wilds as jokers, forms complete sets. Checked with a stand-in pair of an honour kind
    the hand lacks (it can only be the pair, or a pung with a joker, which leaves the rest as
    sets as well); False when no such honour exists."""
    h = s.hands[t, p]
    h[tile] += 1
    nw = _n_wild_held(s, r, t, p, h)
    ok = False
    if nw >= 2 and r.params[P_HONOR_CHOWS] == 0:
        c = np.zeros(34, dtype=np.uint8)
        total = 0
        for k in range(34):
            total += h[k]
            if s.wild[t, k] == 0:
                c[k] = h[k]
        total += _held_wild_flowers(s, t, p)  # wild flowers
        si = r.params[P_WILD_STAND_IN]
        if si >= 0 and s.tv[t, TV_STAND_FOR] >= 0 and s.wild[t, si] == 0:
            c[s.tv[t, TV_STAND_FOR]] = c[si]
            c[si] = 0
        for j in range(27, 34):
            if c[j] == 0 and s.wild[t, j] == 0:
                c[j] = 2
                zero = np.int64(0)
                ok = is_win(
                    c,
                    np.int64((total - 2) // 3),
                    np.int64(nw - 2),
                    zero,
                    zero,
                    np.int64(SHAPE_STANDARD),
                )
                break
    h[tile] -= 1
    return ok


@nb.njit(cache=True)
def _lone_tile_rules(r, k):
    """Which per-seat skips of the reaction check the rules allow for a discarded ``k``:

    - ``1``: a seat with fewer than two copies of ``k``, no chow of it (where it may chow) and a
      hand plus ``k`` that fails the necessary shape conditions (:func:`_simple_win_ruled_out`)
      has no option. Rules: no wilds, only the simple shapes, no imagined wild, no chow-ready or
      standing-tile options (then the options are win, pung, kong and chow: pung and kong need
      two copies, a discard win needs the shape, :func:`_win_ok`), and no honour chows for an
      honour (the window's chow test is the suited one).
    - ``2``: that, and also a seat that holds no copy of ``k`` and no suit neighbour of it
      (:func:`_lone_tile`) has no option: a lone tile fails the standard shape's and seven
      pairs' necessary conditions of :func:`_shape_win`, and thirteen orphans' when ``k`` is
      simple (so ``2`` needs no thirteen orphans, or a simple ``k``).
    - ``0``: no skip."""
    prm = r.params
    shapes = prm[P_WIN_SHAPES]
    if prm[P_WILD_RULE] != WILD_NONE or (shapes & ~_SIMPLE_SHAPES) != 0:
        return 0
    if prm[P_IMAGINED_WILD] != 0:
        return 0  # the imagined wild pairs with a lone tile (心皇单吊)
    if prm[P_CHOW_READY_ANY_SEAT] != 0 or prm[P_STANDING_TILES] != 0:
        return 0
    if k >= 27 and prm[P_HONOR_CHOWS] != 0:
        return 0
    if (shapes & SHAPE_THIRTEEN_ORPHANS) == 0:
        return 2
    r9 = k % 9
    return 2 if k < 27 and r9 != 0 and r9 != 8 else 1


@nb.njit(cache=True, inline="always")
def _lone_tile(h, k):
    """Seat hand ``h`` holds no copy of ``k`` and (a suited ``k``) no tile of its suit within
    distance 2 (the neighbour test of :func:`_shape_win`)."""
    if h[k] != 0:
        return False
    if k >= 27:
        return True
    r9 = k % 9
    return not (
        (r9 >= 1 and h[k - 1] > 0)
        or (r9 >= 2 and h[k - 2] > 0)
        or (r9 <= 7 and h[k + 1] > 0)
        or (r9 <= 6 and h[k + 2] > 0)
    )


@nb.njit(cache=True, inline="always")
def _simple_shape_possible(h, x, n_sets, shapes, honor_chow):
    """The necessary conditions of the simple shapes (no wilds) that :func:`_shape_win` checks
    before the full test, on the counts ``h`` (uint8[>=34]) plus one tile of kind ``x`` (-1:
    none), ``n_sets`` sets: a single (or four) with no neighbour within two in its suit cannot
    be in a standard hand (an honour: unless honour chows), seven pairs needs no odd count,
    thirteen orphans no simple tile. False: no shape of ``shapes`` can be complete."""
    _total, occ, odd, lone, _four = hand_bits(h)
    return _simple_shape_bits(h, x, occ, odd, lone, n_sets, shapes, honor_chow)


@nb.njit(cache=True)
def _simple_shape_bits(h, x, occ, odd, lone, n_sets, shapes, honor_chow):
    """:func:`_simple_shape_possible` from the masks ``occ``, ``odd``, ``lone`` of ``h``
    (:func:`mjsim.engine.hand_bits.hand_bits`) and one more tile of kind ``x`` (-1: none)."""
    if 0 <= x < 34:
        b = np.int64(1) << x
        c = np.int64(h[x]) + 1
        occ |= b
        odd ^= b
        lone = (lone & ~b) | (b if (c == 1 or c == 4) else 0)
    std = (shapes & SHAPE_STANDARD) != 0 and isolated_bits(occ, lone, honor_chow) == 0
    sp = (shapes & _SEVEN_PAIRS_ANY) != 0 and n_sets == 4 and odd == 0
    to = (shapes & SHAPE_THIRTEEN_ORPHANS) != 0 and n_sets == 4 and (occ & SIMPLES) == 0
    return std or sp or to


@nb.njit(cache=True, inline="always")
def _simple_win_ruled_out(s, r, t, h, x):
    """Under rules without wilds (no wild rule, imagined wild or wild flowers), with the simple
    shapes only and no flower instant win: do the necessary conditions of
    :func:`_simple_shape_possible` rule out a win of the concealed counts ``h`` plus ``x`` (-1:
    ``h`` holds the winning tile)? Then :func:`_win_ok` is False (its shape test fails) and
    need not be called. False when the rules are not of that kind."""
    if not _simple_win_rules(s, r, t):
        return False
    total, occ, odd, lone, _four = hand_bits(h)
    return _simple_win_ruled_out_bits(r, h, x, total, occ, odd, lone)


@nb.njit(cache=True, inline="always")
def _simple_win_rules(s, r, t):
    """The rules under which :func:`_simple_win_ruled_out` may rule a win out: no wild rule,
    imagined wild or wild flowers, the simple shapes only, no flower instant win."""
    prm = r.params
    return not (
        prm[P_WILD_RULE] != WILD_NONE
        or (prm[P_WIN_SHAPES] & ~_SIMPLE_SHAPES) != 0
        or prm[P_IMAGINED_WILD] != 0
        or prm[P_FLOWER_INSTANT_WIN] > 0
        or s.tv[t, TV_WILD_FLOWERS] != 0
    )


@nb.njit(cache=True, inline="always")
def _simple_win_ruled_out_bits(r, h, x, total, occ, odd, lone):
    """:func:`_simple_win_ruled_out` under :func:`_simple_win_rules`, from the
    :func:`mjsim.engine.hand_bits.hand_bits` of ``h`` (``total``, ``occ``, ``odd``, ``lone``)."""
    prm = r.params
    shapes = prm[P_WIN_SHAPES]
    if x >= 0:
        total += 1
    if total % 3 != 2:
        return True
    return not _simple_shape_bits(
        h, x, occ, odd, lone, (total - 2) // 3, shapes, prm[P_HONOR_CHOWS]
    )


@nb.njit(cache=True, inline="always")
def _chow_shape(h, k):
    """Seat hand ``h`` holds the two other tiles of some chow of the suited kind ``k``."""
    r9 = k % 9
    return (
        (r9 <= 6 and h[k + 1] > 0 and h[k + 2] > 0)
        or (1 <= r9 <= 7 and h[k - 1] > 0 and h[k + 1] > 0)
        or (r9 >= 2 and h[k - 2] > 0 and h[k - 1] > 0)
    )
