"""Lockouts: when a seat may not win (or pung) for a while because of what it passed or
discarded.

Owns the missed-win lockout 漏胡 / 漏和 (:func:`_missed_win`, set when a seat declines a win;
``missed_win_lockout``, ``missed_win_scope``, ``missed_win_lift``), what lifts it at a draw
(:func:`_lift_on_draw`, also the missed-pung lockout), the own-discard lockout (furiten,
``own_discard_lockout``: :func:`_furiten`), the ready lock (:func:`_locked`: after declaring
ready the seat discards only its drawn tile) and 过胡 (``missed_win_threshold="higher_value"``: a
locked seat may still win a discard worth more than every win it passed, :func:`_lock_worth`).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.engine.settle import worth
from mjsim.engine.shapes import _shape_win
from mjsim.engine.state import (
    PV_LOCK,
    PV_LOCK_HAND,
    PV_LOCK_VALUE,
    PV_N_RIVER,
    PV_PUNG_LOCK,
    PV_READY,
    RK_DISCARD,
    TV_FROM,
    TV_REACT_KIND,
    TV_TILE,
    WK_DISCARD,
    WK_ROB_KONG,
)
from mjsim.engine.win_context import _value_with_tile
from mjsim.rules.params import (
    LOCKOUT_NONE,
    MW_LIFT_ANY_MOVE,
    MW_LIFT_OWN_DRAW,
    MW_SCOPE_ALL,
    MW_THRESHOLD_NONE,
    OWN_DISCARD_NONE,
    OWN_DISCARD_WIN,
    P_MISSED_WIN_LOCKOUT,
    P_MW_LIFT,
    P_MW_SCOPE,
    P_MW_THRESHOLD,
    P_MW_UNREADY_ONLY,
    P_OWN_DISCARD_LOCKOUT,
    P_READY_LOCKOUT_WHOLE_HAND,
    P_READY_LOCKS_HAND,
    P_WIN_SHAPES,
)


@nb.njit(cache=True)
def _furiten(s, r, t, p, tile):
    """own_discard_lockout: may seat ``p`` NOT win on ``tile`` because of its own discards?"""
    mode = r.params[P_OWN_DISCARD_LOCKOUT]
    if mode == OWN_DISCARD_NONE:
        return False
    n = s.pv[t, p, PV_N_RIVER]
    for i in range(n):
        if s.river[t, p, i] == tile:
            return True
    if mode != OWN_DISCARD_WIN:
        return False
    shapes = r.params[P_WIN_SHAPES]
    h = s.hands[t, p]
    for i in range(n):
        x = np.int64(s.river[t, p, i])
        if h[x] >= 4:
            continue
        h[x] += 1
        w = _shape_win(s, r, t, p, h, shapes, np.int64(0))
        h[x] -= 1
        if w:
            return True
    return False


@nb.njit(cache=True, inline="always")
def _locked(s, r, t, p):
    return s.pv[t, p, PV_READY] != 0 and r.params[P_READY_LOCKS_HAND] != 0


@nb.njit(cache=True)
def _missed_win(s, r, t, p):
    """Seat ``p`` declined a win on ``tv[TV_TILE]``: set its lockout."""
    prm = r.params
    ready = s.pv[t, p, PV_READY] != 0
    if ready and prm[P_READY_LOCKOUT_WHOLE_HAND] != 0:
        s.pv[t, p, PV_LOCK_HAND] = 1
    if prm[P_MISSED_WIN_LOCKOUT] == LOCKOUT_NONE:
        return
    if ready and prm[P_MW_UNREADY_ONLY] != 0:
        return
    if prm[P_MW_THRESHOLD] != MW_THRESHOLD_NONE:
        _lock_worth(s, r, t, p)
    if prm[P_MW_SCOPE] == MW_SCOPE_ALL:
        s.pv[t, p, PV_LOCK] = 1
    else:
        s.pv[t, p, PV_LOCK] = s.tv[t, TV_TILE] + 1  # only this kind


@internal
def _lock_worth(s, r, t, p):
    """过胡 (``missed_win_threshold="higher_value"``): seat ``p`` passes the win on
    ``tv[TV_TILE]``; ``PV_LOCK_VALUE`` = the largest worth (:func:`mjsim.engine.settle.worth`)
    of the wins it passed while its lockout lasted (a new lockout, or another kind under a
    one-tile lockout, starts again from this one)."""
    k = np.int64(s.tv[t, TV_TILE])
    wk = np.int64(WK_DISCARD if s.tv[t, TV_REACT_KIND] == RK_DISCARD else WK_ROB_KONG)
    v = _value_with_tile(s, r, t, p, k, wk, np.int64(s.tv[t, TV_FROM]))
    w = worth(r, v if v > 0 else 0, s.items[t, p])  # no reading (-1): worth nothing
    s.items[t, p, :] = 0
    lock = s.pv[t, p, PV_LOCK]
    fresh = lock == 0 or (r.params[P_MW_SCOPE] != MW_SCOPE_ALL and lock != k + 1)
    if fresh or w > s.pv[t, p, PV_LOCK_VALUE]:
        s.pv[t, p, PV_LOCK_VALUE] = w


@nb.njit(cache=True, inline="always")
def _lift_on_draw(s, r, t, q):
    """Seat ``q`` drew (normal or replacement): lift its draw-bound lockouts."""
    lift = r.params[P_MW_LIFT]
    if lift == MW_LIFT_OWN_DRAW or lift == MW_LIFT_ANY_MOVE:
        s.pv[t, q, PV_LOCK] = 0
    s.pv[t, q, PV_PUNG_LOCK] = 0
