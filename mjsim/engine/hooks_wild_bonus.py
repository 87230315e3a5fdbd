"""The 精 bonus (``wild_bonus``): every seat's wild tiles held are paid at the end of the hand.

Nanchang rewards holding 精 whoever wins ("引入了霸王精、冲关等奖励分，使“一局翻盘”是成为了可能"):
at the end of a hand (``wild_bonus="win"``: a won hand only; ``"every_hand"``: a drawn hand
too) each seat counts its 精 points ``n``: 2 for each tile of the first wild kind (正精, the
indicator advanced by the lowest of ``wild_offsets``) and 1 for each tile of the later ones
(副精), concealed or melded; a discard winner's winning tile counts. The seat receives from
each other seat ``n``, or ``(n - 3) * n`` from 5 points on (冲关: 5 -> 10, 6 -> 18, 7 -> 28),
doubled when no other seat holds any 精 (霸王精). The values are those of the public Taihe
冲关 tables (a near relative of Nanchang scoring); every transfer is between two seats, so
the settlement is zero-sum. Shared by every rule set with an indicator wild and this field.

``wild_bonus_feeder_pays`` (南昌麻将怎么算子: "如果是因为某家打出了精被吃掉而冲关，其他的人照常
结算，打出精的人要出冲关的钱"): the engine keeps, per seat, the points of the 精 it claimed
from discards (chow, pung, exposed kong; the discard or robbed kong tile it won on counts too)
and the seat that fed the last of them (``PV_WILD_FED``, ``PV_WILD_FEEDER``). A seat whose
points reach 冲关 only with those tiles (``n >= 5`` and ``n - fed < 5``) is paid by the feeder
its 冲关 for every other seat, ``(n - 3) * n * (seats - 1)``, and by each other seat the plain
``n`` (霸王精 doubles both). The page's example: A 5 points (one of them C's claimed 精), B 1,
C and D 0: D pays A 5 and B 1 (4 + 1 + 1), B pays A 5 and receives 1 from each (5 - 1 x 3),
C pays A 5 x 2 x 3 and B 1 (5 x 2 x 3 + 1).
"""

from __future__ import annotations

import numpy as np

from mjsim._jit import internal
from mjsim.engine.board import wild_successor
from mjsim.engine.honor_chows import in_honor_chow
from mjsim.engine.state import (
    PV_PAY,
    PV_WILD_FED,
    PV_WILD_FEEDER,
    TV_INDICATOR,
    TV_WIN_FROM,
    TV_WIN_TILE,
    WK_SELF_DRAW,
)
from mjsim.melds import (
    MELD_ADDED_KONG,
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_HONOR_CHOW,
    MELD_KONG,
    MELD_PUNG,
)
from mjsim.rules.params import (
    P_N_PLAYERS,
    P_WILD_BONUS,
    P_WILD_BONUS_FEEDER,
    P_WILD_OFFSETS,
    WILD_BONUS_EVERY_HAND,
    WILD_BONUS_NONE,
)

#: points of one tile of the first wild kind (正精) and of the later ones (副精)
PRIMARY_POINTS = 2
SECONDARY_POINTS = 1
#: 冲关 from this many points on: (n - 3) * n from each other seat
CHONGGUAN_FROM = 5


@internal
def wild_kind_points(s, r, t):
    """The 精 points of one tile of each kind (``int64[34]``): 2 for the first wild kind, 1 for
    the later ones, 0 for the others (none before the indicator is turned)."""
    pts = np.zeros(34, np.int64)
    ind = s.tv[t, TV_INDICATOR]
    if 0 <= ind < 34:
        offs = r.params[P_WILD_OFFSETS]
        k = np.int64(ind)
        first = True
        for o in range(3):
            if (offs >> o) & 1:
                if pts[k] == 0:
                    pts[k] = PRIMARY_POINTS if first else SECONDARY_POINTS
                first = False
            k = wild_successor(r, k)
    return pts


@internal
def wild_bonus_on_claim(s, r, t, claimer, d, k):
    """Seat ``claimer`` claimed seat ``d``'s discard ``k`` (a call, or the tile it won on):
    remember the 精 points fed and the feeder (``wild_bonus_feeder_pays``)."""
    if not (0 <= k < 34):
        return
    v = wild_kind_points(s, r, t)[k]
    if v > 0:
        s.pv[t, claimer, PV_WILD_FED] += v
        s.pv[t, claimer, PV_WILD_FEEDER] = 1 + d


@internal
def wild_bonus_points(s, r, t, winners, win_kind):
    """Each seat's 精 points (``int64[4]``) at the end of the hand (module docstring);
    ``win_kind``: the hand's ``WK_*`` (a discard winner's tile is not in its hand)."""
    n = r.params[P_N_PLAYERS]
    pts = wild_kind_points(s, r, t)
    out = np.zeros(4, np.int64)
    win_tile = s.tv[t, TV_WIN_TILE]
    discard_win = winners != 0 and win_kind != WK_SELF_DRAW
    for q in range(n):
        c = np.int64(0)
        for k in range(34):
            if pts[k] != 0:
                c += pts[k] * s.hands[t, q, k]
        if discard_win and (winners >> q) & 1 and 0 <= win_tile < 34:
            c += pts[win_tile]  # the discard the seat won on
        for i in range(s.melds.shape[2]):
            mt = s.melds[t, q, i, 0]
            mk = np.int64(s.melds[t, q, i, 1])
            if mt == MELD_CHOW:
                for j in range(3):
                    c += pts[mk + j]
            elif mt == MELD_HONOR_CHOW:
                for k in range(27, 34):
                    c += pts[k] * in_honor_chow(mk, k)
            elif mt == MELD_PUNG:
                c += pts[mk] * 3
            elif mt == MELD_KONG or mt == MELD_ADDED_KONG or mt == MELD_CONCEALED_KONG:
                c += pts[mk] * 4
        out[q] = c
    return out


@internal
def wild_bonus_settle(s, r, t, winners, win_kind):
    """Pay every seat's 精 bonus into ``PV_PAY`` (zero-sum); ``winners``: bitmask, 0 for a
    drawn hand (settled only under ``wild_bonus="every_hand"``); ``win_kind``: ``WK_*``."""
    mode = r.params[P_WILD_BONUS]
    if mode == WILD_BONUS_NONE or (winners == 0 and mode != WILD_BONUS_EVERY_HAND):
        return
    n = r.params[P_N_PLAYERS]
    feeder_pays = r.params[P_WILD_BONUS_FEEDER] != 0
    if feeder_pays and winners != 0 and win_kind != WK_SELF_DRAW:
        d = s.tv[t, TV_WIN_FROM]
        if 0 <= d < n:
            for q in range(n):
                if (winners >> q) & 1 and q != d:
                    wild_bonus_on_claim(s, r, t, q, d, s.tv[t, TV_WIN_TILE])  # the tile won on
    pts = wild_bonus_points(s, r, t, winners, win_kind)
    holders = 0
    for q in range(n):
        if pts[q] > 0:
            holders += 1
    for q in range(n):
        v = pts[q]
        if v == 0:
            continue
        a = (v - 3) * v if v >= CHONGGUAN_FROM else v
        f = -1  # the seat that pays the 冲关 it fed (wild_bonus_feeder_pays)
        if feeder_pays and v >= CHONGGUAN_FROM and v - s.pv[t, q, PV_WILD_FED] < CHONGGUAN_FROM:
            f = s.pv[t, q, PV_WILD_FEEDER] - 1
            if f == q or f >= n:
                f = -1
        m = 2 if holders == 1 else 1  # 霸王精: no other seat holds a 精
        for o in range(n):
            if o == q:
                continue
            if f < 0:
                x = a * m
            elif o == f:
                x = a * (n - 1) * m  # the feeder pays the 冲关 of every other seat
            else:
                x = v * m  # the others pay as without 冲关
            s.pv[t, o, PV_PAY] -= x
            s.pv[t, q, PV_PAY] += x
