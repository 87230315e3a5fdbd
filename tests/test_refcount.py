"""Borrowed (reference-count-free) views of the state in the hot loops (``mjsim.engine.borrow``)
and stack scratch arrays (``mjsim._stack``): same memory, nothing leaked, nothing freed
twice.

``simulate`` and the batched primitives work on views whose NRT meminfo is null, so numba's
reference counting skips them. NRT's allocation statistics show that every array allocated
inside the kernels during a self-play run is still freed exactly once.
"""

from __future__ import annotations

import sys

import numba as nb
import numpy as np
import pytest
from numba.core.runtime import _nrt_python, rtsys

import mjsim
from mjsim import variants
from mjsim._stack import stack_empty
from mjsim.engine.borrow import borrow, unowned
from mjsim.engine.state import new_state


@nb.njit(cache=True)
def _write_through(s, r):
    s2, r2 = borrow(s, r)
    s2.tv[0, 3] = 7
    v = unowned(s.hands)[0]  # a view of a view
    v[0, 5] = 2
    return r2.params[0] + s2.hands[0, 0, 5]


def test_borrowed_views_share_memory() -> None:
    s = new_state(1, rec_cap=0)
    r = variants.get("hebei").compile()
    before = sys.getrefcount(s.tv), sys.getrefcount(r.params)
    assert _write_through(s, r) == r.params[0] + 2
    assert s.tv[0, 3] == 7 and s.hands[0, 0, 5] == 2
    assert (sys.getrefcount(s.tv), sys.getrefcount(r.params)) == before


@nb.njit
def _stack_sums(n):
    out = np.zeros(n, dtype=np.int64)
    for it in range(n):  # a fresh fill per iteration: the slot is reused, never reallocated
        a = stack_empty(24, np.int64).reshape((4, 6))
        b = stack_empty(34, np.uint8)
        b[:] = 1
        for i in range(4):
            for j in range(6):
                a[i, j] = i * j + it
        out[it] = a.sum() + b.sum()
    return out


def test_stack_arrays_allocate_nothing() -> None:
    if not _nrt_python.memsys_stats_enabled():
        _nrt_python.memsys_enable_stats()
    _stack_sums(1)  # compile
    a0, f0, m0, mf0 = _stats()
    got = _stack_sums(5)
    a1, f1, m1, mf1 = _stats()
    # sum over i < 4, j < 6 of i * j + it = 6 * 15 + 24 * it, plus 34 ones
    assert got.tolist() == [90 + 24 * it + 34 for it in range(5)]
    assert (a1 - a0, m1 - m0) == (1, 1)  # the returned np.zeros only
    assert (f1 - f0, mf1 - mf0) == (0, 0)


def _stats() -> tuple[int, int, int, int]:
    st = rtsys.get_allocation_stats()
    return st.alloc, st.free, st.mi_alloc, st.mi_free


@pytest.mark.parametrize("variant", variants.names())
def test_selfplay_frees_every_array(variant: str) -> None:
    if not _nrt_python.memsys_stats_enabled():
        _nrt_python.memsys_enable_stats()
    a0, f0, m0, mf0 = _stats()
    n = variants.get(variant).n_players
    for agents in (["random"], ["greedy", "random", "greedy", "random"][:n]):
        rows = mjsim.simulate(variant, 30, agents=agents, seed=5, threads=1)
        assert (rows["error"] == 0).all()
        assert np.all(rows["decisions"] > 0)
    a1, f1, m1, mf1 = _stats()
    assert a1 - a0 > 0  # the scorers allocate scratch arrays: the counters are live
    assert a1 - a0 == f1 - f0
    assert m1 - m0 == mf1 - mf0


_RUNTIME_ATTRS = """
import sys
{imports}
import numba, numpy as np
from numba.core.runtime import nrt

@numba.njit
def f(a):
    return a.sum()

f(np.ones(3))  # compiles numba's runtime module
m = nrt.rtsys.library._final_module
print(sum(b"noinline" in b" ".join(m.get_function(n).attributes)
          for n in ("NRT_incref", "NRT_decref")))
"""


@pytest.mark.parametrize("imports, expected", [("import mjsim", "0"), ("", "2")])
def test_refcount_calls_inlinable_after_import_mjsim(imports, expected):
    """``mjsim._jit.inline_refcounts`` (installed by ``import mjsim``) drops numba's
    ``noinline`` from ``NRT_incref`` / ``NRT_decref`` so the full LLVM pipeline inlines them
    (docs/performance.md); a process that does not import mjsim
    keeps numba's definitions. A numba upgrade that renames the runtime's definers makes the
    patch a no-op: this test then fails instead of the engine silently getting slower."""
    import subprocess

    code = _RUNTIME_ATTRS.format(imports=imports)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
    )
    assert out.stdout.strip().splitlines()[-1] == expected
