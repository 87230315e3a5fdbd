"""Grabbing the gold 抢金 (``grab_wild``).

The gold is the turned indicator. The dealer may grab on its first turn (it discards a useless
tile first, :func:`_grab_dealer`); the non-dealers may grab right after the dealer's first discard,
the dealer's next seat first (phase ``PH_GRAB``, :func:`_grab_step`); priority 天胡 (the dealer's
own WIN) > a non-dealer's grab > the dealer's grab; a grab needs a shape win (never 三金倒) and is
scored as a self-draw. Source: fuzhou "庄家开局时出首张牌时只要打出一张没用的牌，再将开出来的“金”换进，
即可胡牌的", "闲家在庄家出过首张牌后将“金”抓进，即可和牌的", "即优先级为：天胡&闲家抢金&庄家抢金",
"上手有两张金牌，不能以胡“三金倒”的胡型来抢金", "特殊胡牌类型中的天胡、抢金也算自摸".
"""

from __future__ import annotations

import numpy as np

from mjsim._jit import internal
from mjsim.actions import DECLARE
from mjsim.engine.board import _add_river, _rec
from mjsim.engine.draws import _draw_turn
from mjsim.engine.reaction import _open_window
from mjsim.engine.shapes import _extra_ok, _shape_win, _suit_terminal_pung_ok
from mjsim.engine.state import (
    EV_ACT,
    PH_GRAB,
    PH_TURN,
    PV_WON,
    RK_DISCARD,
    TV_DEALER,
    TV_DRAWN,
    TV_FROM,
    TV_GRAB,
    TV_GRABBED,
    TV_HEAD,
    TV_IND_OUT,
    TV_IND_POS,
    TV_INDICATOR,
    TV_N_DISCARDS,
    TV_PHASE,
    TV_SEAT,
    TV_TAIL,
    TV_TILE,
    WK_SELF_DRAW,
)
from mjsim.engine.wins import _finish_win
from mjsim.rules.params import P_N_PLAYERS, P_WIN_SHAPES


@internal
def _grab_ok(s, r, t, q):
    """Would the revealed gold complete seat ``q``'s concealed hand (a shape win, not 三金倒)?"""
    g = np.int64(s.tv[t, TV_INDICATOR])
    h = s.hands[t, q]
    if g < 0 or g >= 34 or h[g] >= 4 or s.pv[t, q, PV_WON] != 0:
        return False
    h[g] += 1
    ok = (
        _shape_win(s, r, t, q, h, r.params[P_WIN_SHAPES], np.int64(0))
        and _suit_terminal_pung_ok(s, r, t, q, h)
        and _extra_ok(s, r, t, q, h)
    )
    h[g] -= 1
    return ok


@internal
def _grab_dealer_discard(s, r, t, p):
    """The lowest plain (not wild) kind whose discard lets the revealed gold complete the
    dealer's hand, -1 if none."""
    h = s.hands[t, p]
    for k in range(34):
        if h[k] == 0 or s.wild[t, k] != 0:
            continue
        h[k] -= 1
        ok = _grab_ok(s, r, t, p)
        h[k] += 1
        if ok:
            return k
    return -1


@internal
def _grab_next(s, r, t, after):
    """Ask the next non-dealer after seat ``after`` (in turn order, the dealer's next seat
    first) that the gold would complete; False if there is none."""
    n = r.params[P_N_PLAYERS]
    dealer = s.tv[t, TV_DEALER]
    q = (after + 1) % n
    while q != dealer:
        if _grab_ok(s, r, t, q):
            s.tv[t, TV_PHASE] = PH_GRAB
            s.tv[t, TV_SEAT] = q
            return True
        q = (q + 1) % n
    return False


@internal
def _grab_win(s, r, t, q):
    """Seat ``q`` takes the gold out of the wall and wins by self-draw."""
    g = np.int64(s.tv[t, TV_INDICATOR])
    pos = s.tv[t, TV_IND_POS]
    tail = s.tv[t, TV_TAIL]
    if s.tv[t, TV_HEAD] <= pos < tail:
        for i in range(pos, tail - 1):
            s.wall[t, i] = s.wall[t, i + 1]
        s.wall[t, tail - 1] = g  # kept past the live wall (the wall array stays a permutation)
        s.tv[t, TV_TAIL] = tail - 1
    s.tv[t, TV_IND_OUT] = 0
    s.tv[t, TV_IND_POS] = -1
    s.hands[t, q, g] += 1
    s.tv[t, TV_GRAB] = 3
    s.tv[t, TV_GRABBED] = q + 1
    _finish_win(s, r, t, 1 << q, np.int64(WK_SELF_DRAW), np.int64(-1), g)


@internal
def _grab_close(s, r, t):
    """No non-dealer grabbed: the dealer's declared grab wins, else the dealer's first discard
    goes to the reaction window as usual."""
    if s.tv[t, TV_GRAB] == 1:
        _grab_win(s, r, t, np.int64(s.tv[t, TV_DEALER]))
        return
    s.tv[t, TV_GRAB] = 3
    k = np.int64(s.tv[t, TV_TILE])
    p = np.int64(s.tv[t, TV_FROM])
    s.tv[t, TV_PHASE] = PH_TURN
    if _open_window(s, r, t, np.int64(RK_DISCARD), k, p) == 0:
        _draw_turn(s, r, t, (p + 1) % r.params[P_N_PLAYERS])


@internal
def _grab_after_discard(s, r, t, p, k):
    """After the dealer's first discard ``k``: open the grab window if a non-dealer can grab."""
    if s.tv[t, TV_GRAB] != 0 or p != s.tv[t, TV_DEALER] or s.tv[t, TV_N_DISCARDS] != 1:
        return False
    s.tv[t, TV_GRAB] = 2
    s.tv[t, TV_TILE] = k
    s.tv[t, TV_FROM] = p
    if _grab_next(s, r, t, p):
        return True
    s.tv[t, TV_GRAB] = 3
    return False


@internal
def _grab_dealer(s, r, t, p):
    """The dealer's 抢金 (``DECLARE + 5`` on its first turn): it discards the lowest plain tile
    that lets the gold complete its hand (no reaction window), then the non-dealers that can
    grab are asked first; if none does, the dealer wins."""
    k = _grab_dealer_discard(s, r, t, p)
    s.hands[t, p, k] -= 1
    _add_river(s, t, p, k, np.int64(0))
    s.tv[t, TV_N_DISCARDS] += 1
    s.tv[t, TV_DRAWN] = -1
    s.tv[t, TV_GRAB] = 1
    s.tv[t, TV_TILE] = k
    s.tv[t, TV_FROM] = p
    if not _grab_next(s, r, t, p):
        _grab_win(s, r, t, p)


@internal
def _grab_step(s, r, t, a):
    """PH_GRAB: the asked seat grabs (``DECLARE + 5``) or passes."""
    q = np.int64(s.tv[t, TV_SEAT])
    _rec(s, t, EV_ACT, q, a)
    if a == DECLARE + 5:
        _grab_win(s, r, t, q)
        return
    if not _grab_next(s, r, t, q):
        _grab_close(s, r, t)
