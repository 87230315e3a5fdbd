"""Red fives (``red_fives``): which copies of 5m / 5p / 5s are red, and where they are.

Tile kinds stay 34: a red five plays as its five everywhere. Its identity is kept in a compact
form beside the counts (:mod:`mjsim.engine.state`):

- in the wall: ``tv[TV_RED_POS + 4 * suit + j]`` = 1 + the wall position of red copy ``j`` of
  the suit's five (0 = none). A shuffled deal makes the first ``red_fives[suit]`` fives of the
  suit in wall order red (the shuffle is uniform, so every copy is equally likely to be red); a
  scripted wall keeps the positions its caller set (:class:`mjsim.engine.game.Game`'s ``red``);
- in a concealed hand: ``pv[PV_RED_HAND + suit]`` red copies among the seat's fives of the suit;
- in the melds: ``pv[PV_RED_MELD + suit]``;
- in a river: one bit per river entry (``PV_RED_RIVER``), and ``TV_TILE_RED`` for the tile under
  reaction (a discard or a kong's tile).

Which copy leaves a hand that holds a red and a plain five of one kind: the plain one, for a
discard and for the tiles a call or an added kong takes; the red copy goes only when it is the
last five of that kind in the hand (a concealed kong takes every copy). Every move of a red five
is recorded as an ``EV_RED`` event after the event that moved it (``arg = kind | n << 6``).

Every function here returns at once when the spec has no red fives (``P_RED_FIVES == 0``), so
the rule sets without them play, and record, exactly as before.
"""

from __future__ import annotations

import numpy as np

from mjsim._jit import internal
from mjsim.engine.board import _rec
from mjsim.engine.state import (
    EV_RED,
    PV_N_RIVER,
    PV_RED_HAND,
    PV_RED_MELD,
    PV_RED_RIVER,
    RF_CLAIMED,
    TV_HEAD,
    TV_RED_POS,
    TV_TAIL,
    TV_TILE_RED,
)
from mjsim.melds import MELD_CHOW, MELD_NONE, MELD_PUNG
from mjsim.rules.params import P_N_PLAYERS, P_RED_FIVES

#: river entries per ``PV_RED_RIVER`` slot (24 bits of an int32, clear of the sign bit)
RIVER_BITS = 24


@internal
def red_suit(k):
    """The suit (0 m, 1 p, 2 s) of kind ``k`` if it is a five, else -1."""
    if k == 4:
        return 0
    if k == 13:
        return 1
    if k == 22:
        return 2
    return -1


@internal
def red_count(r, suit):
    """Red copies of ``suit``'s five in the tile set (``red_fives[suit]``)."""
    return (r.params[P_RED_FIVES] >> (4 * suit)) & 15


@internal
def red_deal(s, r, t, keep):
    """Mark the red fives of table ``t``'s wall (``TV_RED_POS``) before the deal; ``keep``:
    positions set by the caller for a scripted wall stay if any is set. Else the first
    ``red_fives[suit]`` fives of each suit in wall order are red."""
    if r.params[P_RED_FIVES] == 0:
        for i in range(12):
            s.tv[t, TV_RED_POS + i] = 0
        return
    if keep:
        for i in range(12):
            if s.tv[t, TV_RED_POS + i] != 0:
                return
    for suit in range(3):
        want = red_count(r, suit)
        five = 4 + 9 * suit
        j = 0
        for i in range(4):
            s.tv[t, TV_RED_POS + 4 * suit + i] = 0
        for pos in range(s.wall.shape[1]):
            if j >= want:
                break
            if s.wall[t, pos] == five:
                s.tv[t, TV_RED_POS + 4 * suit + j] = pos + 1
                j += 1


@internal
def red_at(s, t, pos, k):
    """1 if wall position ``pos`` (holding kind ``k``) is a red five, else 0."""
    suit = red_suit(k)
    if suit < 0:
        return 0
    for j in range(4):
        if s.tv[t, TV_RED_POS + 4 * suit + j] == pos + 1:
            return 1
    return 0


@internal
def red_draw(s, r, t, seat, pos, k):
    """Seat ``seat`` drew wall position ``pos`` (kind ``k``): a red five joins its hand."""
    if r.params[P_RED_FIVES] == 0:
        return
    if red_at(s, t, pos, k) != 0:
        s.pv[t, seat, PV_RED_HAND + red_suit(k)] += 1
        _rec(s, t, EV_RED, seat, k | (1 << 6))


@internal
def red_deal_hands(s, r, t, seat, pos, k):
    """The deal gave seat ``seat`` wall position ``pos`` (kind ``k``): no event (the record's
    wall and red positions say it)."""
    if r.params[P_RED_FIVES] == 0:
        return
    if red_at(s, t, pos, k) != 0:
        s.pv[t, seat, PV_RED_HAND + red_suit(k)] += 1


@internal
def red_take(s, t, p, k, n):
    """Seat ``p`` takes ``n`` copies of kind ``k`` from its concealed hand (the hand still holds
    them): how many of them are red, plain copies first. Moves nothing."""
    suit = red_suit(k)
    if suit < 0:
        return 0
    red = s.pv[t, p, PV_RED_HAND + suit]
    plain = np.int64(s.hands[t, p, k]) - red
    if plain >= n:
        return 0
    return min(n - plain, red)


@internal
def _river_bit(s, t, p, i):
    s.pv[t, p, PV_RED_RIVER + i // RIVER_BITS] |= 1 << (i % RIVER_BITS)


@internal
def red_river_at(s, t, p, i):
    """1 if river entry ``i`` of seat ``p`` is a red five, else 0."""
    return (s.pv[t, p, PV_RED_RIVER + i // RIVER_BITS] >> (i % RIVER_BITS)) & 1


@internal
def red_discard(s, r, t, p, k):
    """Seat ``p`` is about to discard kind ``k`` (still in its hand, not yet in its river): the
    red copy goes only if no plain copy is left. Sets ``TV_TILE_RED`` and the river bit of the
    entry the discard takes."""
    if r.params[P_RED_FIVES] == 0:
        return
    n = red_take(s, t, p, k, 1)
    s.tv[t, TV_TILE_RED] = n
    if n != 0:
        s.pv[t, p, PV_RED_HAND + red_suit(k)] -= 1
        _river_bit(s, t, p, s.pv[t, p, PV_N_RIVER])
        _rec(s, t, EV_RED, p, k | (1 << 6))


@internal
def red_call(s, r, t, claimer, k, n):
    """A call took ``n`` copies of kind ``k`` from ``claimer``'s hand (called before the hand's
    count drops) into a meld: plain copies first."""
    if r.params[P_RED_FIVES] == 0:
        return
    m = red_take(s, t, claimer, k, n)
    if m != 0:
        suit = red_suit(k)
        s.pv[t, claimer, PV_RED_HAND + suit] -= m
        s.pv[t, claimer, PV_RED_MELD + suit] += m
        _rec(s, t, EV_RED, claimer, k | (m << 6))


@internal
def red_claimed(s, r, t, claimer, k):
    """The tile under reaction (kind ``k``) goes into ``claimer``'s meld."""
    if r.params[P_RED_FIVES] == 0:
        return
    if s.tv[t, TV_TILE_RED] != 0:
        s.pv[t, claimer, PV_RED_MELD + red_suit(k)] += 1


@internal
def red_added_kong(s, r, t, p, k):
    """Seat ``p`` adds its copy of ``k`` (still in its hand) to a pung: ``TV_TILE_RED`` says
    whether the added tile is red (a robbing window shows it)."""
    if r.params[P_RED_FIVES] == 0:
        return
    n = red_take(s, t, p, k, 1)
    s.tv[t, TV_TILE_RED] = n
    if n != 0:
        suit = red_suit(k)
        s.pv[t, p, PV_RED_HAND + suit] -= 1
        s.pv[t, p, PV_RED_MELD + suit] += 1
        _rec(s, t, EV_RED, p, k | (1 << 6))


@internal
def red_concealed_kong(s, r, t, p, k):
    """Seat ``p`` sets its four ``k`` aside as a concealed kong (called before the hand's count
    drops): every red copy goes into the meld."""
    if r.params[P_RED_FIVES] == 0:
        return
    s.tv[t, TV_TILE_RED] = 0
    suit = red_suit(k)
    if suit < 0:
        return
    m = s.pv[t, p, PV_RED_HAND + suit]
    if m != 0:
        s.pv[t, p, PV_RED_HAND + suit] = 0
        s.pv[t, p, PV_RED_MELD + suit] += m
        _rec(s, t, EV_RED, p, k | (m << 6))


@internal
def red_robbed(s, r, t, d, k):
    """The added-kong tile under reaction (kind ``k``), red or not, leaves seat ``d``'s meld for
    ``d``'s river (the entry just added): robbed, or claimed by 抢叉."""
    if r.params[P_RED_FIVES] == 0:
        return
    if s.tv[t, TV_TILE_RED] != 0:
        s.pv[t, d, PV_RED_MELD + red_suit(k)] -= 1
        _river_bit(s, t, d, s.pv[t, d, PV_N_RIVER] - 1)


@internal
def red_robbed_concealed(s, r, t, d, k):
    """A robbed concealed kong of ``k`` went back to three concealed tiles of seat ``d`` and the
    fourth into ``d``'s river (the entry just added): the kong's red copies return to the hand,
    but for the robbed tile, red only if all four were red. Sets ``TV_TILE_RED``. (Under Riichi
    only thirteen orphans robs a concealed kong, so never a five.)"""
    if r.params[P_RED_FIVES] == 0:
        return
    suit = red_suit(k)
    s.tv[t, TV_TILE_RED] = 0
    if suit < 0:
        return
    m = s.pv[t, d, PV_RED_MELD + suit]  # all four fives are in this kong: every red is here
    robbed = 1 if m == 4 else 0
    s.pv[t, d, PV_RED_MELD + suit] = 0
    s.pv[t, d, PV_RED_HAND + suit] += m - robbed
    s.tv[t, TV_TILE_RED] = robbed
    if robbed != 0:
        _river_bit(s, t, d, s.pv[t, d, PV_N_RIVER] - 1)


@internal
def red_held(s, r, t, p):
    """Red fives counted for seat ``p``'s win: in its hand and melds (the winning tile of a
    self-draw is in the hand; a discard's or robbed kong's is added by the caller)."""
    if r.params[P_RED_FIVES] == 0:
        return 0
    n = 0
    for suit in range(3):
        n += s.pv[t, p, PV_RED_HAND + suit] + s.pv[t, p, PV_RED_MELD + suit]
    return n


@internal
def red_conserved(s, r, t):
    """True if table ``t``'s red fives are all accounted for: per suit, the red positions still
    in the live wall plus every seat's red fives in hand, melds and river (claimed discards
    aside) equal ``red_fives``, and no seat holds more red fives of a kind, in its hand or its
    melds, than fives of that kind there."""
    if r.params[P_RED_FIVES] == 0:
        return True
    n = r.params[P_N_PLAYERS]
    for suit in range(3):
        five = 4 + 9 * suit
        c = 0
        for j in range(4):
            pos = s.tv[t, TV_RED_POS + 4 * suit + j] - 1
            if pos >= 0 and s.tv[t, TV_HEAD] <= pos < s.tv[t, TV_TAIL]:
                if s.wall[t, pos] != five:
                    return False
                c += 1
        for p in range(n):
            h = s.pv[t, p, PV_RED_HAND + suit]
            m = s.pv[t, p, PV_RED_MELD + suit]
            if h < 0 or m < 0 or h > s.hands[t, p, five]:
                return False
            in_melds = 0
            for i in range(s.melds.shape[2]):
                mt = s.melds[t, p, i, 0]
                k = s.melds[t, p, i, 1]
                if mt == MELD_NONE:
                    continue
                if mt == MELD_CHOW:
                    if k <= five <= k + 2:
                        in_melds += 1
                elif k == five:
                    in_melds += 3 if mt == MELD_PUNG else 4
            if m > in_melds:
                return False
            c += h + m
            for i in range(s.pv[t, p, PV_N_RIVER]):
                if red_river_at(s, t, p, i) != 0:
                    if red_suit(np.int64(s.river[t, p, i])) < 0:
                        return False  # a red mark on a tile that is no five
                    if s.river[t, p, i] == five and (s.river_flags[t, p, i] & RF_CLAIMED) == 0:
                        c += 1
        if c != red_count(r, suit):
            return False
    return True
