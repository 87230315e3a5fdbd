"""``mjsim._jit.internal``: one compiled signature whatever the callers pass (cold-compile cost)."""

import numba as nb
import numpy as np
import pytest

from mjsim._jit import internal


@internal
def _add(a, k, flag, u):
    return a[0] + k + (1 if flag else 0) + np.int64(u)


@nb.njit(cache=False)
def _caller(a):
    u = np.uint8(5)
    # literal, int32, int64 and bool literal arguments: would be four specialisations with njit
    return _add(a, 3, True, u) + _add(a, np.int32(4), False, u) + _add(a, a[0], True, u)


def test_one_signature_and_same_values() -> None:
    a = np.ones(3, np.int64)
    assert _caller(a) == (1 + 3 + 1 + 5) + (1 + 4 + 0 + 5) + (1 + 1 + 1 + 5)
    sigs = [tuple(str(t) for t in s) for s in _add.impl.signatures]
    assert sigs == [("array(int64, 1d, C)", "int64", "bool", "uint8")]


def test_rejects_defaults() -> None:
    def f(a, b=1):
        return a + b

    with pytest.raises(TypeError, match="'b'"):
        internal(f)
