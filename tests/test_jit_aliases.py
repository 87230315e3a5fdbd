"""Numba's dead-code elimination must never drop a write into an array (``mjsim._jit.keep_writes``).

Session 9's numba-level inlining of ``core._add_river`` lost river entries in ``_wild_kong``,
``_kong_tile`` and ``_grab_dealer``: no error, the ``SetItem`` statements were deleted at compile
time by numba's ``remove_dead``, which the typed ``InlineOverloads`` pass runs whenever it
inlined an ``@overload(inline="always")`` (in mjsim: the ``_canon`` calls of every ``@internal``
wrapper). Numba's alias analysis (``ir_utils.find_potential_aliases``) is order-dependent and
never ties a call's result (``s, r = borrow(s, r)``) to the arguments. These are the two
standalone reproducers (docs/engine.md "numba inline='always'"); each write below is deleted by
numba 0.68 without the patch that ``import mjsim`` installs, so the test fails if a numba upgrade
turns the patch into a no-op while the bugs remain. Small uncached compiles (a few seconds).
"""

from __future__ import annotations

from collections import namedtuple

import numba as nb
import numpy as np
from numba.core import ir_utils
from numba.extending import overload

import mjsim  # noqa: F401 - installs the numba patches of mjsim._jit

Buf = namedtuple("Buf", "data n")


def _ident(x):
    return x


@overload(_ident, inline="always")  # a typed-level inline: InlineOverloads splits the block
def _ident_overload(x):
    return lambda x: x


@nb.njit(inline="always")  # untyped-level inline: binds `b_copy = b` in the caller
def _push(b, v):
    n = b.n[0]
    if n >= b.data.shape[0]:
        return
    b.data[n] = v  # after the branch: `getattr(b_copy, "data")[n] = v`, the dropped write
    b.n[0] = n + 1


@nb.njit
def _push_after_overload(b, v):
    v = _ident(v)
    _push(b, v)


@nb.njit
def _push_plain(b, v):
    _push(b, v)


@nb.njit
def _view(b):
    return (b,)  # a call result: numba does not know it aliases the argument (like borrow)


@nb.njit
def _write_through_call_result(b, i, v):
    (b,) = _view(b)
    v = _ident(v)
    b.data[i] = v  # variable index: a SetItem, deleted when not kept


def _buf() -> Buf:
    return Buf(np.zeros(3, np.int64), np.zeros(1, np.int64))


def test_patch_is_installed() -> None:
    assert getattr(ir_utils.find_potential_aliases, "_mjsim_keep_writes", False)


def test_inlined_write_after_a_split_block_is_kept() -> None:
    for f in (_push_plain, _push_after_overload):
        b = _buf()
        f(b, 7)
        f(b, 8)
        assert b.data.tolist() == [7, 8, 0] and int(b.n[0]) == 2, f.__name__
        f(b, 9)
        f(b, 10)  # full: nothing written, the count stays
        assert b.data.tolist() == [7, 8, 9] and int(b.n[0]) == 3, f.__name__


def test_write_through_a_call_result_is_kept() -> None:
    b = _buf()
    _write_through_call_result(b, 1, 5)
    assert b.data.tolist() == [0, 5, 0]
