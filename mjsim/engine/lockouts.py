"""Lockouts: when a seat may not win (or pung) for a while because of what it passed or
discarded.

Owns the missed-win lockout 漏胡 / 漏和 (:func:`_missed_win`, set when a seat declines a win;
``missed_win_lockout``, ``missed_win_scope``, ``missed_win_lift``), what lifts it at a draw
(:func:`_lift_on_draw`, also the missed-pung lockout), the own-discard lockout (furiten,
``own_discard_lockout``: :func:`_furiten`) and the ready lock (:func:`_locked`: after declaring
ready the seat discards only its drawn tile).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim.engine.shapes import _shape_win
from mjsim.engine.state import PV_LOCK, PV_LOCK_HAND, PV_N_RIVER, PV_PUNG_LOCK, PV_READY, TV_TILE
from mjsim.rules.params import (
    LOCKOUT_NONE,
    MW_LIFT_ANY_MOVE,
    MW_LIFT_OWN_DRAW,
    MW_SCOPE_ALL,
    OWN_DISCARD_NONE,
    OWN_DISCARD_WIN,
    P_MISSED_WIN_LOCKOUT,
    P_MW_LIFT,
    P_MW_SCOPE,
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
    if prm[P_MW_SCOPE] == MW_SCOPE_ALL:
        s.pv[t, p, PV_LOCK] = 1
    else:
        s.pv[t, p, PV_LOCK] = s.tv[t, TV_TILE] + 1  # only this kind


@nb.njit(cache=True, inline="always")
def _lift_on_draw(s, r, t, q):
    """Seat ``q`` drew (normal or replacement): lift its draw-bound lockouts."""
    lift = r.params[P_MW_LIFT]
    if lift == MW_LIFT_OWN_DRAW or lift == MW_LIFT_ANY_MOVE:
        s.pv[t, q, PV_LOCK] = 0
    s.pv[t, q, PV_PUNG_LOCK] = 0
