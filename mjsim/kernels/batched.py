"""Batched kernels over many hands, parallel over rows (``numba.prange``).

Public functions :func:`batch_is_win`, :func:`batch_shanten`, :func:`batch_waits` check their
arguments in Python (``ValueError`` naming the bad value) and call the jitted ``_batch_*``
kernels, which trust their input (a row of the wrong length is read past its end).

Arguments:

- ``hands``: ``(N, 34)`` array of counts 0-4 without the wilds, any integer dtype (converted to
  ``uint8``);
- ``n_melds``: the number of melds the hand still NEEDS besides the pair, i.e. the melds of its
  concealed part: 4 for a 13/14-tile hand with no exposed meld, ``4 - exposed`` otherwise (5
  for a 16/17-tile hand). This is NOT :func:`mjsim.shanten`'s ``melds`` (the exposed melds).
  0-5, one int for every row or an int array of shape ``(N,)``;
- ``n_wild``: wild tiles held, 0-8, one int or an int array of shape ``(N,)``;
- ``pair_rule`` (``PAIR_*``: 0-2), ``honor_chow`` (``HONOR_CHOW_*`` bits: 0-3), ``shapes``
  (``SHAPE_*`` mask of :mod:`mjsim.kernels`, at least one shape bit): one value for the batch.

Threads: numba's default (all cores; ``numba.set_num_threads`` to change).
"""

from __future__ import annotations

import numba
import numpy as np
from numba import types
from numba.extending import overload

from mjsim import kernels as K
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
def _batch_is_win(
    hands: np.ndarray, n_melds, n_wild, pair_rule: int, honor_chow: int, shapes: int
) -> np.ndarray:  # type: ignore[no-untyped-def]
    """bool[N]: row i is complete (:func:`mjsim.kernels.shanten.is_win`)."""
    n = hands.shape[0]
    out = np.empty(n, dtype=np.bool_)
    for i in numba.prange(n):
        out[i] = is_win(hands[i], _at(n_melds, i), _at(n_wild, i), pair_rule, honor_chow, shapes)
    return out


@numba.njit(cache=True, parallel=True)
def _batch_shanten(
    hands: np.ndarray, n_melds, n_wild, pair_rule: int, honor_chow: int, shapes: int
) -> np.ndarray:  # type: ignore[no-untyped-def]
    """int16[N]: shanten of each row (:func:`mjsim.kernels.shanten.shanten`)."""
    n = hands.shape[0]
    out = np.empty(n, dtype=np.int16)
    for i in numba.prange(n):
        out[i] = shanten(hands[i], _at(n_melds, i), _at(n_wild, i), pair_rule, honor_chow, shapes)
    return out


@numba.njit(cache=True, parallel=True)
def _batch_waits(
    hands: np.ndarray, n_melds, n_wild, pair_rule: int, honor_chow: int, shapes: int
) -> np.ndarray:  # type: ignore[no-untyped-def]
    """bool[N, 34]: the waits of each row (:func:`mjsim.kernels.waits.waits`, phantom waits
    on a fifth copy included)."""
    n = hands.shape[0]
    out = np.zeros((n, 34), dtype=np.bool_)
    for i in numba.prange(n):
        waits(hands[i], _at(n_melds, i), _at(n_wild, i), pair_rule, honor_chow, shapes, out[i])
    return out


#: shape bits the kernels know (mjsim.kernels.SHAPE_*); SHAPE_WILD_SIMPLES and SHAPE_WILD_FIFTH
#: are modifiers
_SHAPE_BITS = (
    K.SHAPE_STANDARD
    | K.SHAPE_SEVEN_PAIRS
    | K.SHAPE_THIRTEEN_ORPHANS
    | K.SHAPE_KNITTED
    | K.SHAPE_KNITTED_STRAIGHT
    | K.SHAPE_SHISANLAN
    | K.SHAPE_SEVEN_PAIRS_DISTINCT
    | K.SHAPE_KNITTED_HONOR_PAIR
)
_KNOWN_SHAPES = _SHAPE_BITS | K.SHAPE_WILD_SIMPLES | K.SHAPE_WILD_FIFTH


def _scalar(name: str, value, allowed: range | tuple[int, ...]) -> int:  # type: ignore[no-untyped-def]
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value not in allowed:
        shown = f"{allowed.start}-{allowed.stop - 1}" if isinstance(allowed, range) else allowed
        raise ValueError(f"{name}={value!r} must be an integer in {shown}")
    return int(value)


def _per_row(name: str, value, n: int, hi: int):  # type: ignore[no-untyped-def]
    """One int for the batch or an int array of shape (n,), each in 0..hi."""
    if isinstance(value, np.ndarray) or isinstance(value, list | tuple):
        arr = np.asarray(value)
        if arr.shape != (n,) or arr.dtype.kind not in "iu":
            raise ValueError(
                f"{name}: an int array must have shape ({n},) (one value per hand), got "
                f"shape {arr.shape} dtype {arr.dtype}"
            )
        bad = np.flatnonzero((arr < 0) | (arr > hi))
        if bad.size:
            i = int(bad[0])
            raise ValueError(f"{name}[{i}]={int(arr[i])} must be in 0-{hi}")
        return np.ascontiguousarray(arr, dtype=np.int64)
    return _scalar(name, value, range(hi + 1))


def _check(hands, n_melds, n_wild, pair_rule, honor_chow, shapes):  # type: ignore[no-untyped-def]
    """Validate the batch arguments (module docstring); return them in the kernels' types."""
    arr = np.asarray(hands)
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise ValueError(f"hands must have shape (N, 34) (34 tile kinds), got {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise ValueError(
            f"hands must hold integer counts (uint8-compatible), got dtype {arr.dtype}"
        )
    # one max (and, for signed dtypes, one min) pass; the cell is located only when one is bad
    if arr.size and (arr.max() > 4 or (arr.dtype.kind == "i" and arr.min() < 0)):
        i, k = (int(x) for x in np.argwhere((arr < 0) | (arr > 4))[0])
        raise ValueError(f"hands[{i}, {k}]={int(arr[i, k])}: counts must be in 0-4")
    n = arr.shape[0]
    hands_u8 = np.ascontiguousarray(arr, dtype=np.uint8)
    melds = _per_row("n_melds", n_melds, n, 5)
    wild = _per_row("n_wild", n_wild, n, 8)
    pr = _scalar("pair_rule", pair_rule, (K.PAIR_ANY, K.PAIR_258, K.PAIR_NOT_28))
    hc = _scalar("honor_chow", honor_chow, range(4))
    if (
        isinstance(shapes, bool)
        or not isinstance(shapes, int | np.integer)
        or shapes & ~_KNOWN_SHAPES
        or not shapes & _SHAPE_BITS
    ):
        raise ValueError(
            f"shapes={shapes!r} must be a mask of mjsim.kernels.SHAPE_* bits "
            f"({_KNOWN_SHAPES:#x}) with at least one shape"
        )
    both = K.SHAPE_WILD_SIMPLES | K.SHAPE_WILD_FIFTH
    if shapes & both == both:
        raise ValueError(
            f"shapes={shapes!r}: SHAPE_WILD_SIMPLES and SHAPE_WILD_FIFTH are two readings of the "
            "wilds; give at most one"
        )
    return hands_u8, melds, wild, pr, hc, int(shapes)


def batch_is_win(hands, n_melds, n_wild, pair_rule=0, honor_chow=0, shapes=1) -> np.ndarray:  # type: ignore[no-untyped-def]
    """``bool[N]``: row i is complete (:func:`mjsim.kernels.shanten.is_win`).

    Arguments as in the module docstring (``n_melds`` = melds still needed: 4 for a 14-tile
    hand with no exposed meld). Raises ``ValueError`` naming a bad argument.
    """
    return _batch_is_win(*_check(hands, n_melds, n_wild, pair_rule, honor_chow, shapes))


def batch_shanten(hands, n_melds, n_wild, pair_rule=0, honor_chow=0, shapes=1) -> np.ndarray:  # type: ignore[no-untyped-def]
    """``int16[N]``: shanten of each row (:func:`mjsim.kernels.shanten.shanten`; -1 complete,
    1000 when no allowed shape applies).

    Arguments as in the module docstring (``n_melds`` = melds still needed: 4 for a 13/14-tile
    hand with no exposed meld). Raises ``ValueError`` naming a bad argument.
    """
    return _batch_shanten(*_check(hands, n_melds, n_wild, pair_rule, honor_chow, shapes))


def batch_waits(hands, n_melds, n_wild, pair_rule=0, honor_chow=0, shapes=1) -> np.ndarray:  # type: ignore[no-untyped-def]
    """``bool[N, 34]``: the waits of each row (:func:`mjsim.kernels.waits.waits`, phantom waits
    on a fifth copy included).

    Arguments as in the module docstring (``n_melds`` = melds still needed: 4 for a 13-tile
    hand with no exposed meld). Raises ``ValueError`` naming a bad argument.
    """
    return _batch_waits(*_check(hands, n_melds, n_wild, pair_rule, honor_chow, shapes))
