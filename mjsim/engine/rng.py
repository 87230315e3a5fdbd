"""Counter-based RNG (splitmix64 of key + counter): results never depend on thread count.

Each table holds two streams in ``state.rng[t]``: ``(game key, counter, agent key, counter)``.
The game stream shuffles the wall; the agent stream serves in-kernel bots. Keys derive from
``(seed, hand index)`` only (:func:`hand_key`).
"""

from __future__ import annotations

import numba as nb
import numpy as np

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S33 = np.uint64(33)
AGENT_SALT = np.uint64(0xA5A5A5A55A5A5A5A)


@nb.njit(cache=True)
def splitmix64(x):
    """One splitmix64 output for the 64-bit input ``x`` (uint64 -> uint64)."""
    z = x + GOLDEN
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@nb.njit(cache=True)
def hand_key(seed, hand_no):
    """Game key of hand ``hand_no`` of a run seeded with ``seed`` (both int64 >= 0)."""
    return splitmix64(splitmix64(np.uint64(seed)) ^ (np.uint64(hand_no) * GOLDEN))


@nb.njit(cache=True)
def next_u64(rng, t, stream):
    """Next uint64 of stream 0 (game) or 1 (agent) of table ``t``; advances its counter."""
    i = 2 * stream
    rng[t, i + 1] += np.uint64(1)
    return splitmix64(rng[t, i] ^ (rng[t, i + 1] * GOLDEN))


@nb.njit(cache=True)
def below(rng, t, stream, n):
    """Uniform int in ``[0, n)`` from the stream (n >= 1; bias < 2**-31)."""
    return np.int64(next_u64(rng, t, stream) >> _S33) % n


DICE_SALT = np.uint64(0xD1CED1CE5EED5EED)


@nb.njit(cache=True)
def dice_pair(key, roll):
    """Two dice (each 1..6) of roll number ``roll`` (0 = the opening roll) of the hand whose game
    key is ``key`` (uint64). Counter-based: a pure function of ``(key, roll)``, so it does not
    advance or depend on the game stream (the shuffle and the random dealer are unchanged) and a
    replay from the recorded wall rolls the same dice."""
    z = splitmix64(key ^ DICE_SALT ^ (np.uint64(roll + 1) * GOLDEN))
    d0 = np.int64(z >> _S33) % 6 + 1
    d1 = np.int64((z >> np.uint64(8)) & np.uint64(0xFFFFFF)) % 6 + 1
    return d0, d1
