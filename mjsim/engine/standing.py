"""Standing tiles 立牌 (``standing_tiles``): the first tiles dealt to each seat stand apart.

Owns their bookkeeping (``pv[PV_STANDING]``: kinds + 1 in 6-bit fields; :func:`_deal_standing`,
:func:`_stand_n`, :func:`_stand_remove`, :func:`_stand_left`), the calls they forbid
(:func:`_stand_react`: every call must leave a standing tile and another tile to discard), the
ready declaration that gives one up face down (:func:`_standing_discard`), and the own-turn mask
under standing tiles and after a chow-ready claim 吃听 (:func:`_standing_turn_mask`). Meld rows
clip them in :func:`mjsim.engine.board._add_meld`.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.actions import KONG, KONG_DICE, N_ACTIONS, READY_DISCARD, READY_SHOWN
from mjsim.engine.board import O_CHOW_LOW, O_CHOW_READY_LOW, O_KONG, O_PUNG
from mjsim.engine.state import PV_CHOW_READY, PV_STANDING, RF_FACE_DOWN
from mjsim.rules.params import P_HAND_SIZE, P_N_PLAYERS, P_STANDING_TILES


@nb.njit(cache=True)
def _deal_standing(s, r, t, dealer):
    """立牌: the first ``standing_tiles`` tiles dealt to each seat stand apart ("第一手抓的
    四张牌放在前面立着，称为立牌"); kept as kinds + 1 in 6-bit fields of ``pv[PV_STANDING]``."""
    n = r.params[P_N_PLAYERS]
    hs = r.params[P_HAND_SIZE]
    for i in range(n):
        v = 0
        j = 0
        for x in range(r.params[P_STANDING_TILES]):
            k = np.int64(s.wall[t, i * hs + x])
            if k < 34:  # a flower is set aside at once: it never stands
                v |= (k + 1) << (6 * j)
                j += 1
        s.pv[t, (dealer + i) % n, PV_STANDING] = v


@internal
def _stand_n(s, t, p, k):
    """Standing tiles of kind ``k`` held by seat ``p`` (``k < 0``: of every kind)."""
    v = np.int64(s.pv[t, p, PV_STANDING])
    c = 0
    for i in range(4):
        x = (v >> (6 * i)) & 63
        if x != 0 and (k < 0 or x == k + 1):
            c += 1
    return c


@internal
def _stand_remove(s, t, p, k):
    """Seat ``p`` gives up one standing tile of kind ``k`` (its ready declaration's discard)."""
    v = np.int64(s.pv[t, p, PV_STANDING])
    out = 0
    j = 0
    done = False
    for i in range(4):
        x = (v >> (6 * i)) & 63
        if x == 0:
            continue
        if not done and x == k + 1:
            done = True
            continue
        out |= x << (6 * j)
        j += 1
    s.pv[t, p, PV_STANDING] = out


@internal
def _stand_left(s, t, p, a, na, b, nb2):
    """Standing tiles seat ``p`` keeps after giving ``na`` copies of ``a`` and ``nb2`` copies of
    ``b`` to a meld (the non-standing copies first)."""
    h = s.hands[t, p]
    left = _stand_n(s, t, p, -1)
    free = np.int64(h[a]) - _stand_n(s, t, p, a)
    if na > free:
        left -= na - free
    if nb2 > 0:
        free = np.int64(h[b]) - _stand_n(s, t, p, b)
        if nb2 > free:
            left -= nb2 - free
    return left


@internal
def _stand_react(s, t, p, k, opts):
    """standing_tiles: drop the calls of ``k`` that would leave seat ``p`` no standing tile or
    nothing else to discard ("吃碰杠等操作都必须保证完成动作后，手里要留有一张立牌用于在听牌时打出，
    否则不允许操作")."""
    held = 0
    for j in range(34):
        held += s.hands[t, p, j]
    none = np.int64(-1)
    zero = np.int64(0)
    if opts & O_PUNG:
        left = _stand_left(s, t, p, k, 2, none, zero)
        if left < 1 or held - 2 - left < 1:
            opts &= ~O_PUNG
    if opts & O_KONG and _stand_left(s, t, p, k, 3, none, zero) < 1:
        opts &= ~O_KONG
    for j in range(3):
        bits = (O_CHOW_LOW | O_CHOW_READY_LOW) << j
        if opts & bits:
            lo = k - j
            a = lo if lo != k else lo + 1
            b = lo + 2 if lo + 2 != k else lo + 1
            left = _stand_left(s, t, p, a, 1, b, 1)
            if left < 1 or held - 2 - left < 1:
                opts &= ~bits
    return opts


@nb.njit(cache=True, inline="always")
def _standing_discard(s, r, t, p, k, flag):
    """Seat ``p`` discards ``k`` (``flag`` = RF_READY when it declares ready): a 吃听 turn ends; under
    ``standing_tiles`` the ready declaration gives up a standing tile, face down ("听牌时打出
    的立牌以暗牌方式显示，其他三家不可碰杠胡该牌"). Returns the river flag."""
    s.pv[t, p, PV_CHOW_READY] = 0
    if flag != 0 and r.params[P_STANDING_TILES] != 0:
        _stand_remove(s, t, p, k)
        return flag | RF_FACE_DOWN
    return flag


@nb.njit(cache=True)
def _standing_turn_mask(s, r, t, p, mask):
    """Own-turn mask under ``standing_tiles`` (a standing tile is discarded only to declare ready,
    and a ready declaration must discard one: "这四张牌只有听牌时，才可以打出一张，而且听牌时必须
    打出这四张中的一张才能听"; an own-turn kong must leave a standing tile) and after a 吃听 claim
    (only ready declarations). Returns the number of legal actions (never 0)."""
    h = s.hands[t, p]
    if r.params[P_STANDING_TILES] != 0:
        none = np.int64(-1)
        zero = np.int64(0)
        for k in range(34):
            if h[k] == 0:
                continue
            sk = _stand_n(s, t, p, k)
            if mask[KONG + k] or mask[KONG_DICE + k]:
                take = 4 if h[k] == 4 else 1
                if _stand_left(s, t, p, k, take, none, zero) < 1:
                    mask[KONG + k] = False
                    mask[KONG_DICE + k] = False
            if sk >= h[k]:
                mask[k] = False
            if sk == 0:
                mask[READY_DISCARD + k] = False
                mask[READY_SHOWN + k] = False
    if s.pv[t, p, PV_CHOW_READY] != 0:
        ready = False
        for k in range(34):
            ready = ready or mask[READY_DISCARD + k] or mask[READY_SHOWN + k]
        if ready:
            for a in range(N_ACTIONS):
                if a < READY_DISCARD or READY_DISCARD + 34 <= a < READY_SHOWN:
                    mask[a] = False
                elif a >= READY_SHOWN + 34:
                    mask[a] = False
    c = 0
    for a in range(N_ACTIONS):
        if mask[a]:
            c += 1
    if c == 0:  # safety net: never leave a live decision without a discard
        for k in range(34):
            if h[k] > 0:
                mask[k] = True
                c += 1
    return c
