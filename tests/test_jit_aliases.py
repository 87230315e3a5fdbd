"""Numba's dead-code elimination must never drop a write into an array (``mjsim._jit.keep_writes``).

Numba-level inlining of ``mjsim.engine.board._add_river`` lost river entries in ``_wild_kong``,
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
import pytest
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


def test_prange_kernels_compile_under_the_patch() -> None:
    """Parfor lowering calls the alias analysis with a dict for ``arg_aliases`` (numba 0.68):
    the patch must leave that call as numba wrote it. Before the fix every ``prange`` kernel with
    an array write failed to compile once ``import mjsim`` had installed the patch
    (``AttributeError: 'dict' object has no attribute 'add'``), e.g. mjsim.kernels.batched.
    Uncached, so the compile happens here whatever the cache holds."""

    @nb.njit(parallel=True)
    def doubled(x):
        out = np.empty_like(x)
        for i in nb.prange(x.shape[0]):
            out[i] = 2 * x[i]
        return out

    np.testing.assert_array_equal(doubled(np.arange(100)), 2 * np.arange(100))


def test_batched_kernels_match_single_hand_kernels() -> None:
    """``mjsim.kernels.batched`` (parallel) against the single-hand kernels on random hands."""
    from mjsim.kernels import batched
    from mjsim.kernels.shanten import is_win, shanten
    from mjsim.kernels.waits import waits

    rng = np.random.default_rng(3)
    hands = np.zeros((200, 34), np.uint8)
    for row in hands:
        for k in rng.choice(136, 14, replace=False) // 4:
            row[k] += 1
    hands[0] = 0
    hands[0, [0, 1, 2, 9, 10, 11, 18, 19, 20, 27]] = 1
    hands[0, 27] = 3
    hands[0, 33] = 2  # a complete hand: 123m 123p 123s 111z 77z
    win = batched.batch_is_win(hands, 4, 0, 0, 0, 1)
    sh = batched.batch_shanten(hands, 4, 0, 0, 0, 1)
    assert win[0] and sh[0] == -1
    assert (sh >= 0).sum() == len(sh) - win.sum()
    thirteen = hands.copy()
    for row in thirteen:
        row[int(np.flatnonzero(row)[0])] -= 1
    wt = batched.batch_waits(thirteen, 4, 0, 0, 0, 1)
    for i in range(hands.shape[0]):
        assert win[i] == is_win(hands[i], 4, 0, 0, 0, 1)
        assert sh[i] == shanten(hands[i], 4, 0, 0, 0, 1)
        one = np.zeros(34, np.bool_)
        waits(thirteen[i], 4, 0, 0, 0, 1, one)
        np.testing.assert_array_equal(wt[i], one)


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ((np.zeros((3, 33), np.uint8), 4, 0), r"hands must have shape \(N, 34\).*\(3, 33\)"),
        ((np.zeros(34, np.uint8), 4, 0), r"hands must have shape \(N, 34\)"),
        ((np.zeros((3, 34), np.float64), 4, 0), r"integer counts .*float64"),
        ((np.full((3, 34), 9, np.uint8), 4, 0), r"hands\[0, 0\]=9: counts must be in 0-4"),
        ((np.full((3, 34), -1, np.int64), 4, 0), r"hands\[0, 0\]=-1: counts must be in 0-4"),
        ((np.zeros((3, 34), np.uint8), 7, 0), r"n_melds=7 must be an integer in 0-5"),
        ((np.zeros((3, 34), np.uint8), np.array([4, 4, 6]), 0), r"n_melds\[2\]=6 must be in 0-5"),
        ((np.zeros((3, 34), np.uint8), np.array([4, 4]), 0), r"n_melds: .*shape \(3,\)"),
        ((np.zeros((3, 34), np.uint8), 4, -1), r"n_wild=-1 must be an integer in 0-8"),
        (
            (np.zeros((3, 34), np.uint8), 4, 0, 99),
            r"pair_rule=99 must be an integer in \(0, 1, 2\)",
        ),
        ((np.zeros((3, 34), np.uint8), 4, 0, 0, 4), r"honor_chow=4 must be an integer in 0-3"),
        ((np.zeros((3, 34), np.uint8), 4, 0, 0, 0, 256), r"shapes=256 must be a mask"),
        ((np.zeros((3, 34), np.uint8), 4, 0, 0, 0, 0), r"shapes=0 must be a mask"),
    ],
)
def test_batched_kernels_check_their_arguments(args, match) -> None:
    """The batched kernels used to validate nothing: (N, 33) read past each row, n_melds=7
    returned 1000, n_wild=-1 / pair_rule=99 / counts of 9 passed."""
    from mjsim.kernels import batched

    for fn in (batched.batch_is_win, batched.batch_shanten, batched.batch_waits):
        with pytest.raises(ValueError, match=match):
            fn(*args)


def test_batched_kernels_accept_int_arrays_per_row() -> None:
    from mjsim.kernels import batched

    h = np.zeros((2, 34), np.int64)
    h[:, [0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27]] = 1
    h[:, 27] = 3
    h[:, 33] = 2
    assert list(batched.batch_is_win(h, np.array([4, 4]), np.array([0, 0]), 0, 0, 1)) == [1, 1]
    assert list(batched.batch_shanten(h, [4, 4], 0)) == [-1, -1]
