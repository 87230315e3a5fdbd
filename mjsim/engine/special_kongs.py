"""Special kongs 旋风杠 / 喜杠 / 幺蛋 / 九蛋 (``special_kongs``; changchun).

Rule source (changchun): "特殊杠牌只有起手牌才算，后续抓齐的杠不算";
"当发完牌后，手牌中有东、西、南、北风时，可以亮出算一个明杠，如果再有其他的风牌可以补杠，每补一张风牌多
算一个明杠"; 喜杠 中发白, 幺蛋 1条 1饼 1万, 九蛋 9条 9饼 9万 likewise; "起手杠的旋风杠、喜杠还有幺九蛋
不算补杠，以后再摸到一张，才是补杠"; "被抢叉（碰）和抢胡的杠就不再算数".

Groups ``g`` (action ``SPECIAL_KONG + g``): 0 旋风杠 东南西北 (4 tiles), 1 喜杠 白发中, 2 幺蛋 1m 1p
1s, 3 九蛋 9m 9p 9s (3 tiles each). The meld row is ``(MELD_SPECIAL_KONG, lowest kind of the
group, 0)`` (27, 31, 0 or 8); :func:`mjsim.melds.meld_kinds` expands it. Readings:

- Declared on the seat's first turn only (no discard yet, no claimed meld: the tiles come from
  the dealt hand and the first draw), one action per group; not robbable (not a 补杠).
- The row counts as one set of the hand. The 4-tile 旋风杠 takes a replacement from the tail
  like any kong; a 3-tile group takes none (the rule text does not say; the replacement is inferred: with one, a
  3-tile set would leave the hand a tile too long for four sets and a pair).
- Every special kong is a kong: the kong count and the reserve grow (the recommended reading),
  and it is paid as an added kong (each other seat pays; there is no discarder).
- A later copy of a group kind is added with ``KONG + k`` (an added kong: robbing window, 抢叉
  with ``rob_kong_by_pung``, replacement draw; ``first_turn_no_added_kong`` applies). The added
  copies are kept per seat and group in ``pv[PV_SK_EXTRA + g]`` (2 bits per member, in group
  order); a robbed addition is void.
- 大蛋 (a concealed kong of 1s, 1p, 中, 发 or 白 paying 2x / 4x) is the scorer's business (no
  changchun scorer exists yet).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.actions import KONG, SPECIAL_KONG
from mjsim.engine.hooks_kong import pay_kong
from mjsim.engine.settle import kong_points
from mjsim.engine.state import (
    PV_KONG,
    PV_N_MELDS,
    PV_N_RIVER,
    PV_SK_EXTRA,
    TV_N_KONGS,
    TV_RESERVE_EXTRA,
)
from mjsim.melds import MELD_ADDED_KONG, MELD_CONCEALED_KONG, MELD_SPECIAL_KONG
from mjsim.rules.params import (
    KONG_PAY_IMMEDIATE,
    KONG_RULE_WIND_AND_RAIN,
    P_ALLOW_ADDED_KONG,
    P_KONG_PAY_RULE,
    P_KONG_PAYMENT_TIMING,
    P_RESERVE_FREE_KONGS,
    P_RESERVE_PER_KONG,
)

#: lowest kind of each group (the meld row's ``tile``)
GROUP_TILES = (27, 31, 0, 8)


@nb.njit(cache=True)
def group_size(g):
    """Tiles of group ``g``: 4 (旋风杠) or 3."""
    return 4 if g == 0 else 3


@nb.njit(cache=True)
def group_kind(g, j):
    """Kind of member ``j`` of group ``g``."""
    if g == 0:
        return 27 + j
    if g == 1:
        return 31 + j
    if g == 2:
        return 9 * j
    return 8 + 9 * j


@nb.njit(cache=True)
def group_of_tile(tile):
    """Group of a special-kong row from its ``tile`` (27 -> 0, 31 -> 1, 0 -> 2, 8 -> 3)."""
    if tile == 27:
        return 0
    if tile == 31:
        return 1
    if tile == 0:
        return 2
    return 3


@nb.njit(cache=True)
def member(g, k):
    """Index of kind ``k`` in group ``g``, or -1."""
    for j in range(group_size(g)):
        if group_kind(g, j) == k:
            return j
    return -1


@nb.njit(cache=True)
def member_added(s, t, q, g, j):
    """Copies of member ``j`` of group ``g`` that seat ``q`` added to its special row (the 2-bit
    field ``j`` of ``pv[PV_SK_EXTRA + g]``, 0..3)."""
    return (s.pv[t, q, PV_SK_EXTRA + g] >> (2 * j)) & 3


@nb.njit(cache=True)
def added_copies(s, t, q, g):
    """Copies seat ``q`` added to its special kong of group ``g`` in all (0 without one; the
    ``dict-v1`` encoder's ``special_kong_added``)."""
    n = 0
    for j in range(group_size(g)):
        n += member_added(s, t, q, g, j)
    return n


@nb.njit(cache=True)
def special_copies(s, t, q, tile, k):
    """Copies of kind ``k`` in seat ``q``'s special-kong row of ``tile`` (base + additions)."""
    g = group_of_tile(tile)
    j = member(g, k)
    if j < 0:
        return 0
    return 1 + member_added(s, t, q, g, j)


@nb.njit(cache=True)
def _special_row(s, t, p, g):
    for i in range(s.pv[t, p, PV_N_MELDS]):
        if s.melds[t, p, i, 0] == MELD_SPECIAL_KONG and s.melds[t, p, i, 1] == GROUP_TILES[g]:
            return i
    return -1


@nb.njit(cache=True)
def added_group(s, t, p, k):
    """Group of seat ``p``'s special-kong row that kind ``k`` would be added to, or -1."""
    for g in range(4):
        if member(g, k) >= 0 and _special_row(s, t, p, g) >= 0:
            return g
    return -1


@nb.njit(cache=True)
def _first_turn(s, t, p):
    """Seat ``p`` has not discarded and holds no claimed meld (its tiles are the dealt hand)."""
    if s.pv[t, p, PV_N_RIVER] != 0:
        return False
    for i in range(s.pv[t, p, PV_N_MELDS]):
        mt = s.melds[t, p, i, 0]
        if mt != MELD_SPECIAL_KONG and mt != MELD_CONCEALED_KONG:
            return False
    return True


@internal
def special_kong_mask(s, r, t, p, kong_turn, first_dealer, n_remaining, mask):
    """Own-turn legality: ``SPECIAL_KONG + g`` on the seat's first turn for each group it holds
    (the 旋风杠 needs a tile left for its replacement); ``KONG + k`` adding a held copy to one
    of its special rows (a turn that began with a draw, a tile left, ``allow_added_kong``, not
    the dealer's first turn under ``first_turn_no_added_kong``). Returns the count added."""
    h = s.hands[t, p]
    n = 0
    if _first_turn(s, t, p):
        for g in range(4):
            if _special_row(s, t, p, g) >= 0 or (g == 0 and n_remaining <= 0):
                continue
            ok = True
            for j in range(group_size(g)):
                if h[group_kind(g, j)] == 0:
                    ok = False
            if ok:
                mask[SPECIAL_KONG + g] = True
                n += 1
    if kong_turn and n_remaining > 0 and r.params[P_ALLOW_ADDED_KONG] != 0 and not first_dealer:
        for g in range(4):
            if _special_row(s, t, p, g) < 0:
                continue
            for j in range(group_size(g)):
                k = group_kind(g, j)
                if h[k] > 0 and not mask[KONG + k]:
                    mask[KONG + k] = True
                    n += 1
    return n


@internal
def special_kong_declare(s, r, t, p, g):
    """Expose group ``g`` from the hand as a meld row. Returns True when the caller must
    complete it as a kong with a replacement (旋风杠); a 3-tile group is paid and counted here."""
    for j in range(group_size(g)):
        s.hands[t, p, group_kind(g, j)] -= 1
    i = s.pv[t, p, PV_N_MELDS]
    s.melds[t, p, i, 0] = MELD_SPECIAL_KONG
    s.melds[t, p, i, 1] = GROUP_TILES[g]
    s.melds[t, p, i, 2] = 0
    s.pv[t, p, PV_N_MELDS] = i + 1
    if g == 0:
        return True
    # a kong without a replacement: the count, the reserve and the payment of _complete_kong
    s.tv[t, TV_N_KONGS] += 1
    if s.tv[t, TV_N_KONGS] > r.params[P_RESERVE_FREE_KONGS]:
        s.tv[t, TV_RESERVE_EXTRA] += r.params[P_RESERVE_PER_KONG]
    if (
        r.params[P_KONG_PAY_RULE] == KONG_RULE_WIND_AND_RAIN
        or r.params[P_KONG_PAYMENT_TIMING] == KONG_PAY_IMMEDIATE
    ):
        pay_kong(s, r, t, p, np.int64(MELD_ADDED_KONG))
    else:
        s.pv[t, p, PV_KONG] += kong_points(r, np.int64(MELD_ADDED_KONG))
    return False


@internal
def special_kong_add(s, t, p, k):
    """Add kind ``k`` from seat ``p``'s hand to its special row (the caller opens the robbing
    window and completes the added kong)."""
    g = added_group(s, t, p, k)
    s.hands[t, p, k] -= 1
    s.pv[t, p, PV_SK_EXTRA + g] += 1 << (2 * member(g, k))


@internal
def special_kong_unadd(s, t, p, k):
    """A robbed addition of ``k`` (抢叉 / 抢胡) is void: the copy leaves the special row (the
    caller lays it in the river). No-op when ``p`` has no special row holding an added ``k``."""
    g = added_group(s, t, p, k)
    if g < 0:
        return
    j = member(g, k)
    if member_added(s, t, p, g, j) != 0:
        s.pv[t, p, PV_SK_EXTRA + g] -= 1 << (2 * j)


@nb.njit(cache=True)
def special_tally(tile, suit):
    """Win-requirement view of a special row: ``suit[0..3]`` += its tiles per suit / honours;
    returns the :func:`mjsim.engine.win_rules._tally` bits (terminal 1, honour 2, red 4, a kong
    16 | 128: it waives the pung requirement, changchun "当手牌有各种杠牌（包括旋风杠、喜杠和幺九蛋）
    时可免")."""
    g = group_of_tile(tile)
    if g <= 1:
        suit[3] += 3
        return 2 | 16 | 128 | (4 if g == 1 else 0)
    suit[0] += 1
    suit[1] += 1
    suit[2] += 1
    return 1 | 16 | 128
