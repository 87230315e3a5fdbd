"""``mjsim._jit.link_only_callees``: callees compiled for jitted callers only are linked as LLVM IR
(no machine code of their own); the same values, from Python and from a cache, either way.

The subprocess tests turn link-only on themselves (``MJSIM_NUMBA_LINK_ONLY=1``), whatever the
mode of the test run; the in-process test needs the run itself in link-only mode."""

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

in_link_only_mode = pytest.mark.skipif(
    not link_only_enabled(), reason="eager mode: MJSIM_NUMBA_LINK_ONLY=0"
)
#: TESTS_DIR: tests/bruteforce.py (mutually recursive jitted functions)
TESTS_DIR = os.path.dirname(os.path.abspath(__file__))


def _link_only_env(tmp_path) -> dict[str, str]:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"), MJSIM_NUMBA_LINK_ONLY="1")
    env.pop("MJSIM_NUMBA_CACHE_AUTO", None)
    return env


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


@in_link_only_mode
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
    env = _link_only_env(tmp_path)

    def run(call_leaf: bool) -> list[int]:
        code = _SCRIPT.format(d=str(tmp_path), call_leaf=call_leaf)
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        return [int(x) for x in out.stdout.split()]

    assert run(False) == [13, -1, 0]  # compiles: leaf cached as IR, top as machine code
    assert run(True) == [13, 12, 1]  # top from the cache; leaf loaded, generated, re-cached
    assert run(True) == [13, 12, 1]  # leaf now loads as machine code


# Mutual recursion (numba calls back into a function of a recursive cycle still being compiled
# through a pointer that its run-time linker fills in, ``.numba.unresolved$<symbol>``) in link-only
# mode: the session-6 CI segmentation fault (tests/bruteforce.py's _fill/_search under
# test_exhaustive_single_suit_no_wilds). Fresh processes: the crash needs numba's runtime library
# still link-only (the first compile after ``import mjsim``). Recursive functions cannot be
# cached by numba, so they compile in each process. See docs/performance.md.
_REC_MODULE = (
    _MODULE
    + """
@nb.njit(cache=False)
def fill(a, i, d):
    if d > 3:
        return 0
    return search(a, i + 1, d + 1) + 1

@nb.njit(cache=False)
def search(a, i, d):
    if i >= a.shape[0]:
        return 0
    return a[i] + fill(a, i, d)

@nb.njit(cache=False)
def bf(a):
    return search(a, np.int64(0), np.int64(0)) + leaf(a, np.int64(1))
"""
)

_REC_SCRIPT = """
import sys
sys.path.insert(0, {d!r})
import mjsim, numpy as np, tmod_link_only_rec as t
a = np.arange(8, dtype=np.int64)
print(t.top(a), t.bf(a), t.leaf(a, 3), t.search(a, 0, 0), t.bf(a[::-1].copy()))
"""


def _run(code: str, env: dict[str, str]) -> list[int]:
    out = subprocess.run(
        [sys.executable, "-X", "faulthandler", "-c", code], env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr[-3000:]  # -11: the segmentation fault
    return [int(x) for x in out.stdout.split()]


def test_mutual_recursion_after_link_only_callee(tmp_path) -> None:
    (tmp_path / "tmod_link_only_rec.py").write_text(textwrap.dedent(_REC_MODULE))
    env = _link_only_env(tmp_path)
    code = _REC_SCRIPT.format(d=str(tmp_path))
    # search(a, 0, 0) = a[0] + ... + a[4] + 4 (fill adds 1 per level, stops at depth 4)
    want = [57, 14 + 28, 84, 14, (7 + 6 + 5 + 4 + 3 + 4) + 28]
    assert _run(code, env) == want  # compiles: top/leaf cached, leaf as bitcode
    assert _run(code, env) == want  # loads top/leaf from the cache


_BF_SCRIPT = """
import sys
sys.path.insert(0, {d!r})
import mjsim, numpy as np
from bruteforce import bf_is_standard_win
from mjsim.tiles import as_counts

def c34(text):
    return np.asarray(as_counts(text), dtype=np.uint8)[:34].copy()

for text, n, w in [("123m456m789m123p55s", 4, 0), ("123m456m789m123p5s", 4, 1),
                   ("123m456m789m124p55s", 4, 0), ("11m", 0, 0), ("13m", 0, 1)]:
    print(int(bf_is_standard_win(c34(text), n, w, 0, 0)))
"""


def test_recursive_cycle_with_literal_specialisations(tmp_path) -> None:
    """tests/bruteforce.py: a recursive cycle whose literal arguments make several
    specialisations that call each other only through run-time pointers (never linked into
    their callers): each still gets machine code (was "aborted due to unresolved symbol")."""
    code = _BF_SCRIPT.format(d=TESTS_DIR)
    assert _run(code, _link_only_env(tmp_path)) == [1, 1, 0, 1, 0]
