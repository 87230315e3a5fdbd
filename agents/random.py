"""Uniform-random legal actions: the in-kernel baseline bot (agent id ``AGENT_RANDOM``)."""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim.engine.rng import below


@nb.njit(cache=True)
def n_legal(mask):
    """How many entries of ``mask`` (bool[N_ACTIONS]) are True (int64)."""
    n = 0
    for a in range(mask.shape[0]):
        if mask[a]:
            n += 1
    return n


@nb.njit(cache=True)
def random_action(s, r, t, mask):
    """A uniformly random legal action of table ``t`` (``mask``: bool[N_ACTIONS], >= 1 True),
    drawn from the table's agent RNG stream (deterministic per hand). Returns -1 if the mask is
    empty."""
    return random_action_counted(s, r, t, mask, np.int64(-1))


@nb.njit(cache=True)
def random_action_counted(s, r, t, mask, n):
    """:func:`random_action` when the number ``n`` (int64) of True entries of ``mask`` is
    known (the return value of :func:`mjsim.engine.legal.legal_mask`); ``n < 0``: count them
    here. The same action as :func:`random_action` for the same mask and RNG state."""
    if n < 0:
        n = n_legal(mask)
    if n == 0:
        return -1
    j = below(s.rng, t, 1, n)
    for a in range(mask.shape[0]):
        if mask[a]:
            if j == 0:
                return a
            j -= 1
    return -1
