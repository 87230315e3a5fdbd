"""``mjsim._jit.link_only_callees``: callees compiled for jitted callers only are linked as LLVM IR
(no machine code of their own); the same values, from Python and from a cache, either way."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numba as nb
import numpy as np
import pytest

import mjsim  # noqa: F401  (installs the patches)
from mjsim._cache import link_only_enabled
from mjsim._jit import LinkOnlyEntry

pytestmark = pytest.mark.skipif(
    not link_only_enabled(), reason="link-only callees are opt-in: MJSIM_NUMBA_LINK_ONLY=1"
)


@nb.njit(cache=False)
def _leaf(a, k):
    s = 0
    for i in range(a.shape[0]):
        s += a[i] * k
    if s < 0:
        raise ValueError("negative sum")
    return s


@nb.njit(cache=False)
def _mid(a):
    b = np.zeros(a.shape[0], dtype=np.int64)
    for i in range(a.shape[0]):
        b[i] = _leaf(a, np.int64(i))
    return b


@nb.njit(cache=False)
def _top(a):
    return _mid(a).sum() + _leaf(a, np.int64(3))


def test_callee_is_link_only_until_python_calls_it() -> None:
    a = np.arange(5, dtype=np.int64)
    assert _top(a) == 10 * (0 + 1 + 2 + 3 + 4) + 30
    (cres,) = _mid.overloads.values()
    assert isinstance(cres.entry_point, LinkOnlyEntry)  # only _top got machine code
    assert _mid(a).tolist() == [0, 10, 20, 30, 40]  # now generated for Python
    (cres,) = _mid.overloads.values()
    assert not isinstance(cres.entry_point, LinkOnlyEntry)
    assert _leaf(a, 2) == 20
    with pytest.raises(ValueError, match="negative sum"):
        _leaf(-a, 1)
    with pytest.raises(ValueError, match="negative sum"):
        _top(-a - 1)


_MODULE = """
import numba as nb
import numpy as np

@nb.njit(cache=True)
def leaf(a, k):
    return (a * k).sum()

@nb.njit(cache=True)
def top(a):
    return leaf(a, np.int64(2)) + 1
"""

_SCRIPT = """
import sys
sys.path.insert(0, {d!r})
import mjsim, numpy as np, tmod_link_only as t
a = np.arange(4, dtype=np.int64)
print(t.top(a), t.leaf(a, 2) if {call_leaf} else -1, sum(t.leaf.stats.cache_hits.values()))
"""


def test_cached_callee_loads_for_python_and_jit(tmp_path) -> None:
    (tmp_path / "tmod_link_only.py").write_text(textwrap.dedent(_MODULE))
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("MJSIM_NUMBA_CACHE_AUTO", None)

    def run(call_leaf: bool) -> list[int]:
        code = _SCRIPT.format(d=str(tmp_path), call_leaf=call_leaf)
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        return [int(x) for x in out.stdout.split()]

    assert run(False) == [13, -1, 0]  # compiles: leaf cached as IR, top as machine code
    assert run(True) == [13, 12, 1]  # top from the cache; leaf loaded, generated, re-cached
    assert run(True) == [13, 12, 1]  # leaf now loads as machine code
