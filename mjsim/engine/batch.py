"""Batched jitted primitives over ``B`` tables (for vector environments).

Each takes the whole :class:`~mjsim.engine.state.State` and works table by table; a table whose
action is illegal gets ``tv[t, TV_ERROR] = ERR_ILLEGAL`` and stops (its later steps return the
error code again), never silently applied.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim.engine import core
from mjsim.engine.borrow import borrow
from mjsim.engine.rng import hand_key
from mjsim.engine.state import TV_ERROR


@nb.njit(cache=True)
def reset_tables(s, r, seed, hand_nos, dealers, round_winds, done_only):
    """Reset every table ``t`` (or only finished / errored ones if ``done_only``) to hand
    ``hand_nos[t]`` (int64[B]) with dealer ``dealers[t]``; RNG key from ``(seed, hand_nos[t])``."""
    s, r = borrow(s, r)
    B = s.tv.shape[0]
    for t in range(B):
        if done_only and core.current_player(s, t) >= 0:
            continue
        core.reset_table(
            s,
            r,
            t,
            hand_key(seed, hand_nos[t]),
            hand_nos[t],
            dealers[t],
            round_winds[t],
            0,
            1,
            True,
        )


@nb.njit(cache=True)
def legal_masks(s, r, masks):
    """Fill ``masks`` (bool[B, N_ACTIONS]); returns ``int64[B]`` legal counts (0 = finished)."""
    s, r = borrow(s, r)
    B = s.tv.shape[0]
    out = np.zeros(B, dtype=np.int64)
    for t in range(B):
        out[t] = core.legal_mask(s, r, t, masks[t])
    return out


@nb.njit(cache=True)
def current_players(s):
    """``int64[B]`` seat to act per table (-1 when finished or errored)."""
    B = s.tv.shape[0]
    out = np.empty(B, dtype=np.int64)
    for t in range(B):
        out[t] = core.current_player(s, t)
    return out


@nb.njit(cache=True)
def step_tables(s, r, actions, scratch):
    """Apply ``actions[t]`` (int64[B]) to every live table (``actions[t] < 0`` skips it).

    ``scratch``: bool[N_ACTIONS]. Returns ``int64[B]`` error codes (0 = ok)."""
    s, r = borrow(s, r)
    B = s.tv.shape[0]
    out = np.zeros(B, dtype=np.int64)
    for t in range(B):
        if actions[t] < 0 or core.current_player(s, t) < 0:
            out[t] = s.tv[t, TV_ERROR]
            continue
        out[t] = core.step(s, r, t, actions[t], scratch)
    return out
