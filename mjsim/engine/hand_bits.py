"""Bit masks of a hand's 34 kind counts (bit ``k`` = kind ``k``): one branch-free pass over the
counts instead of a data-dependent branch per kind, for the necessary shape conditions of the
hot per-decision checks (:func:`mjsim.engine.shapes._isolated`,
:func:`mjsim.engine.shapes._simple_shape_possible`, the kong and discard candidates of
:func:`mjsim.engine.legal.legal_mask`). Random hands make every per-kind branch of those loops
unpredictable; here the work is a fixed sequence of shifts, ANDs and a population count.

Kinds: 0-26 the three suits (9 each, rank ``k % 9``), 27-33 the honours (:mod:`mjsim.tiles`).
"""

from __future__ import annotations

import numba as nb
import numpy as np


def _kinds(pred) -> int:  # noqa: ANN001 - module-level constant builder (Python only)
    return sum(1 << k for k in range(34) if pred(k))


#: the suited kinds (0-26) and the honours (27-33)
SUITED = _kinds(lambda k: k < 27)
HONORS = _kinds(lambda k: k >= 27)
#: suited kinds whose rank allows a same-suit neighbour at -1, -2, +1, +2
_HAS_M1 = _kinds(lambda k: k < 27 and k % 9 >= 1)
_HAS_M2 = _kinds(lambda k: k < 27 and k % 9 >= 2)
_HAS_P1 = _kinds(lambda k: k < 27 and k % 9 <= 7)
_HAS_P2 = _kinds(lambda k: k < 27 and k % 9 <= 6)
#: suited kinds of rank 2-8 (not terminals): none may appear in thirteen orphans
SIMPLES = _kinds(lambda k: k < 27 and k % 9 != 0 and k % 9 != 8)


@nb.njit(cache=True)
def hand_bits(h):
    """One pass over ``h[:34]`` (uint8 counts): ``(total, occ, odd, lone, four)`` where
    ``total`` is the number of tiles and the int64 masks have bit ``k`` set when ``h[k] > 0``
    (``occ``), ``h[k]`` is odd (``odd``), ``h[k]`` is 1 or 4 (``lone``: a count no set plus
    pair can use without a neighbour) and ``h[k] == 4`` (``four``)."""
    total = np.int64(0)
    occ = np.int64(0)
    odd = np.int64(0)
    lone = np.int64(0)
    four = np.int64(0)
    for k in range(34):
        c = np.int64(h[k])
        total += c
        b = np.int64(1) << k
        occ |= b if c > 0 else 0
        odd |= b if (c & 1) != 0 else 0
        lone |= b if (c == 1 or c == 4) else 0
        four |= b if c == 4 else 0
    return total, occ, odd, lone, four


@nb.njit(cache=True)
def near_bits(occ):
    """Suited kinds with a tile of the same suit within rank distance 2 in ``occ`` (the
    neighbour test of the standard shape; honours never have one)."""
    return (
        ((occ << 1) & _HAS_M1)
        | ((occ << 2) & _HAS_M2)
        | ((occ >> 1) & _HAS_P1)
        | ((occ >> 2) & _HAS_P2)
    )


@nb.njit(cache=True)
def popcount(x):
    """Number of set bits of ``x`` (int64, 0 <= x < 2**62)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@nb.njit(cache=True)
def isolated_bits(occ, lone, honor_chow):
    """Kinds held 1 or 4 times that no standard set can use without a wild: suited ones with no
    same-suit tile within distance 2, and the honours unless ``honor_chow`` is on."""
    iso = lone & SUITED & ~near_bits(occ)
    if honor_chow == 0:
        iso |= lone & HONORS
    return iso
