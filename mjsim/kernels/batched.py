"""Batched kernels over many hands, parallel over rows (``numba.prange``).

``hands``: uint8[N, 34] count vectors without the wilds. ``n_melds`` and ``n_wild``: either one
int for every row or an int array of shape (N,). ``pair_rule``, ``honor_chow``, ``shapes``:
one value for the whole batch (see :mod:`mjsim.kernels`). Threads: numba's default (all cores;
``numba.set_num_threads`` to change).
"""

from __future__ import annotations

import numba
import numpy as np
from numba import types
from numba.extending import overload

from mjsim.kernels.shanten import is_win, shanten
from mjsim.kernels.waits import waits


def _at(x, i):  # type: ignore[no-untyped-def]  # pragma: no cover - replaced by the overload
    raise NotImplementedError


@overload(_at, inline="always")
def _at_impl(x, i):  # type: ignore[no-untyped-def]
    if isinstance(x, types.Integer):
        return lambda x, i: x
    return lambda x, i: x[i]


@numba.njit(cache=True, parallel=True)
def batch_is_win(
    hands: np.ndarray, n_melds, n_wild, pair_rule: int, honor_chow: int, shapes: int
) -> np.ndarray:  # type: ignore[no-untyped-def]
    """bool[N]: row i is complete (:func:`mjsim.kernels.shanten.is_win`)."""
    n = hands.shape[0]
    out = np.empty(n, dtype=np.bool_)
    for i in numba.prange(n):
        out[i] = is_win(hands[i], _at(n_melds, i), _at(n_wild, i), pair_rule, honor_chow, shapes)
    return out


@numba.njit(cache=True, parallel=True)
def batch_shanten(
    hands: np.ndarray, n_melds, n_wild, pair_rule: int, honor_chow: int, shapes: int
) -> np.ndarray:  # type: ignore[no-untyped-def]
    """int16[N]: shanten of each row (:func:`mjsim.kernels.shanten.shanten`)."""
    n = hands.shape[0]
    out = np.empty(n, dtype=np.int16)
    for i in numba.prange(n):
        out[i] = shanten(hands[i], _at(n_melds, i), _at(n_wild, i), pair_rule, honor_chow, shapes)
    return out


@numba.njit(cache=True, parallel=True)
def batch_waits(
    hands: np.ndarray, n_melds, n_wild, pair_rule: int, honor_chow: int, shapes: int
) -> np.ndarray:  # type: ignore[no-untyped-def]
    """bool[N, 34]: the waits of each row (:func:`mjsim.kernels.waits.waits`, phantom waits
    on a fifth copy included)."""
    n = hands.shape[0]
    out = np.zeros((n, 34), dtype=np.bool_)
    for i in numba.prange(n):
        waits(hands[i], _at(n_melds, i), _at(n_wild, i), pair_rule, honor_chow, shapes, out[i])
    return out
