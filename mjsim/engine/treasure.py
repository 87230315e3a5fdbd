"""The treasure tile 宝 (``wild_rule="treasure"``).

The 宝 kind is ``tv[TV_TREASURE]`` and is secret: ``s.wild`` stays empty, so no hand test treats a
held 宝 as wild; only the tile a ready seat self-draws stands for another. Owns how the 宝 is chosen
(the last wall tile after the deal, taken out of play, or a dice roll at the first ready seat's
draw: :func:`_treasure_reset`, :func:`_treasure_from_tail`, :func:`_treasure_roll`), when it is
changed 换宝 (:func:`_treasure_visible`, :func:`_treasure_on_draw`) and which kind a ready seat's
drawn tile stands for in a 宝 win (:func:`_treasure_x`; settled by
:func:`mjsim.engine.wins._treasure_win`).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.engine.board import _add_river
from mjsim.engine.honor_chows import in_honor_chow
from mjsim.engine.rng import dice_pair
from mjsim.engine.special_kongs import special_copies
from mjsim.engine.state import (
    PV_LOOKED,
    PV_N_MELDS,
    PV_N_RIVER,
    PV_READY,
    RF_CLAIMED,
    RF_OLD_TREASURE,
    TV_DEALER,
    TV_DRAWN,
    TV_HEAD,
    TV_IND_OUT,
    TV_IND_POS,
    TV_N_ROLLS,
    TV_TAIL,
    TV_TREASURE,
    WK_SELF_DRAW,
)
from mjsim.engine.win_check import _win_ok
from mjsim.melds import (
    MELD_ADDED_KONG,
    MELD_CHOW,
    MELD_HONOR_CHOW,
    MELD_KONG,
    MELD_PUNG,
    MELD_SPECIAL_KONG,
)
from mjsim.rules.params import (
    P_N_PLAYERS,
    P_TREASURE_CHANGE_AT,
    P_TREASURE_COUNT_MELDS,
    P_TREASURE_MATCH_WINS,
    P_TREASURE_SOURCE,
    P_WILD_RULE,
    TREASURE_LAST_WALL_TILE,
    WILD_TREASURE,
)


@nb.njit(cache=True)
def _treasure_reset(s, r, t):
    """After the deal: "last_wall_tile_after_deal" takes the last wall tile out of play as the 宝
    (harbin "所有玩家抓完牌后，牌墙中的最后一张牌为“宝”牌。宝牌将被拿出来并背面朝上显示"); the
    dice source leaves it unknown until the first ready seat's next draw."""
    s.tv[t, TV_TREASURE] = -1
    if r.params[P_TREASURE_SOURCE] == TREASURE_LAST_WALL_TILE:
        _treasure_from_tail(s, t)


@internal
def _treasure_from_tail(s, t):
    """The last live wall tile becomes the 宝, out of play (draws from either end skip it, as an
    indicator out of play: ``TV_IND_POS`` / ``TV_IND_OUT``); none if the wall is empty."""
    head = s.tv[t, TV_HEAD]
    tail = s.tv[t, TV_TAIL]
    if tail <= head:
        s.tv[t, TV_TREASURE] = -1
        s.tv[t, TV_IND_POS] = -1
        s.tv[t, TV_IND_OUT] = 0
        return
    s.tv[t, TV_IND_POS] = tail - 1
    s.tv[t, TV_IND_OUT] = 1
    s.tv[t, TV_TREASURE] = s.wall[t, tail - 1]


@internal
def _treasure_roll(s, t):
    """changchun: roll two dice (sum ``d``) and look at the top tile of the ``d``-th stack from the
    tail ("打几点就从牌墙后面往前数几摞，自己翻开看"); the tile stays in the wall. The dice
    are ``dice_pair(hand key, roll)`` with the hand's roll counter (``TV_N_ROLLS``)."""
    head = s.tv[t, TV_HEAD]
    tail = s.tv[t, TV_TAIL]
    if tail <= head:
        s.tv[t, TV_TREASURE] = -1
        return
    roll = s.tv[t, TV_N_ROLLS] + 1
    s.tv[t, TV_N_ROLLS] = roll
    d0, d1 = dice_pair(s.rng[t, 0], roll)
    d = d0 + d1
    n_stacks = (tail - head + 1) // 2
    if d > n_stacks:
        d = n_stacks
    pos = max(tail - 2 * d + 1, head)
    s.tv[t, TV_TREASURE] = s.wall[t, pos]


@internal
def _treasure_visible(s, r, t, k):
    """Copies of kind ``k`` seen on the table for 换宝: river tiles (with ``treasure_count_melds``
    the unclaimed ones plus the exposed melds, harbin "明现"; else every discard, changchun
    "三张宝牌被打出")."""
    melds = r.params[P_TREASURE_COUNT_MELDS] != 0
    c = 0
    for q in range(r.params[P_N_PLAYERS]):
        for i in range(s.pv[t, q, PV_N_RIVER]):
            if s.river[t, q, i] == k and (not melds or (s.river_flags[t, q, i] & RF_CLAIMED) == 0):
                c += 1
        if not melds:
            continue
        for i in range(s.pv[t, q, PV_N_MELDS]):
            mt = s.melds[t, q, i, 0]
            mk = np.int64(s.melds[t, q, i, 1])
            if mt == MELD_CHOW:
                if mk <= k <= mk + 2:
                    c += 1
            elif mt == MELD_HONOR_CHOW:
                c += in_honor_chow(mk, k)
            elif mt == MELD_SPECIAL_KONG:
                c += special_copies(s, t, q, mk, k)
            elif mt == MELD_PUNG and mk == k:
                c += 3
            elif (mt == MELD_KONG or mt == MELD_ADDED_KONG) and mk == k:
                c += 4
    return c


@nb.njit(cache=True)
def _treasure_on_draw(s, r, t, q):
    """At seat ``q``'s normal draw: 换宝 while ``treasure_change_at`` copies of the 宝 are visible
    (harbin: the old 宝 goes to the dealer's river, the new last wall tile is the 宝,
    "换宝没有次数上限"; changchun: roll again, the old tile stays in its place), then a ready
    seat looks (the first look of "dice_from_tail_at_first_ready" chooses the 宝)."""
    at = r.params[P_TREASURE_CHANGE_AT]
    harbin = r.params[P_TREASURE_SOURCE] == TREASURE_LAST_WALL_TILE
    for _ in range(36):
        k = np.int64(s.tv[t, TV_TREASURE])
        if at == 0 or k < 0 or _treasure_visible(s, r, t, k) < at:
            break
        if harbin:
            pos = s.tv[t, TV_IND_POS]
            head = s.tv[t, TV_HEAD]
            tail = s.tv[t, TV_TAIL]
            if head <= pos < tail:
                # the old 宝 leaves the wall: the tiles behind it close up
                for i in range(pos, tail - 1):
                    s.wall[t, i] = s.wall[t, i + 1]
                s.wall[t, tail - 1] = k
                s.tv[t, TV_TAIL] = tail - 1
            s.tv[t, TV_IND_POS] = -1
            s.tv[t, TV_IND_OUT] = 0
            _add_river(s, t, s.tv[t, TV_DEALER], k, RF_OLD_TREASURE)
            _treasure_from_tail(s, t)
        else:
            _treasure_roll(s, t)
        # a new 宝 is unseen until each ready seat's own next draw ("轮到自己摸牌时，发现
        # 宝牌..."): nobody has looked at it yet (the observation encoders show it only then)
        for x in range(s.hands.shape[1]):
            s.pv[t, x, PV_LOOKED] = 0
    if s.pv[t, q, PV_READY] != 0:
        if s.tv[t, TV_TREASURE] < 0 and not harbin:
            _treasure_roll(s, t)
        s.pv[t, q, PV_LOOKED] = 1


@internal
def _treasure_x(s, r, t, p):
    """The kind that seat ``p``'s drawn tile stands for in a 宝 win at its turn, or -1. 摸宝: a
    ready seat self-draws the 宝 kind, which replaces any tile ("宝牌只有在听牌后自摸摸到，
    才可替代任何牌和牌"; a 宝 discarded by another seat, or drawn before ready, is an ordinary tile).
    对宝 (``treasure_match_wins``): a seat that has looked wins when the 宝 kind completes its hand
    ("若玩家已经听牌，换宝后，轮到自己摸牌时，发现宝牌正好是要胡的牌，也可以直接对宝")."""
    if r.params[P_WILD_RULE] != WILD_TREASURE or s.pv[t, p, PV_READY] == 0:
        return -1
    d = np.int64(s.tv[t, TV_DRAWN])
    k = np.int64(s.tv[t, TV_TREASURE])
    if d < 0 or k < 0:
        return -1
    h = s.hands[t, p]
    sd = np.int64(WK_SELF_DRAW)
    none = np.int64(-1)
    no = np.bool_(False)
    if d == k:
        for x in range(34):
            if x == d or h[x] >= 4:
                continue
            h[d] -= 1
            h[x] += 1
            ok = _win_ok(s, r, t, p, x, sd, none, no)
            h[x] -= 1
            h[d] += 1
            if ok:
                return x
        return -1
    if r.params[P_TREASURE_MATCH_WINS] != 0 and s.pv[t, p, PV_LOOKED] != 0 and h[k] < 4:
        h[d] -= 1
        h[k] += 1
        ok = _win_ok(s, r, t, p, k, sd, none, no)
        h[k] -= 1
        h[d] += 1
        if ok:
            return k
    return -1
