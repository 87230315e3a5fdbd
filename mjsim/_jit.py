"""``@internal``: a jitted helper that is compiled for ONE signature, whatever its callers pass.

Numba compiles a separate specialisation of a jitted function for every distinct argument type
its callers use, and a literal constant is its own type (``_end_hand(s, r, t, 0, 2, -1)`` and
``_end_hand(s, r, t, w, k, -1)`` are two compilations). Each specialisation links and re-optimises
everything it calls, so in the engine — where a scorer sits below many levels of helpers — cold
compilation grew several-fold (the self-play loop had 442 specialisations of 215 functions).

``@internal`` replaces ``@nb.njit(cache=True)`` on helpers that are called only from jitted code:
the body is compiled once (``cache=True``) and the name is bound to a thin ``inline="always"``
wrapper that converts every signed integer (or integer literal) argument to ``int64`` and every
boolean to ``bool`` before the call. The wrapper is inlined into each caller at the untyped-IR
level, so it adds no specialisation and no run-time cost. Unsigned integers (tile counts, RNG
keys) and arrays pass through unchanged. Do not use it on functions called from Python: the
wrapper itself is not cached.
"""

from __future__ import annotations

import inspect

import numba as nb
import numpy as np
from numba import types
from numba.extending import overload


def _canon(x):
    return x


@overload(_canon, inline="always")
def _canon_overload(x):
    if isinstance(x, types.Boolean):
        return lambda x: np.bool_(x)
    if isinstance(x, types.Integer) and (x.signed or isinstance(x, types.Literal)):
        return lambda x: np.int64(x)
    return lambda x: x


def internal(fn):
    """Decorator: compile ``fn`` once (cached) and bind its name to a canonicalising wrapper.

    The compiled body is available as ``wrapper.impl``. Raises ``TypeError`` for functions with
    ``*args``, ``**kwargs`` or default values (the generated wrapper could not forward them).
    """
    sig = inspect.signature(fn)
    for p in sig.parameters.values():
        if p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) or p.default is not p.empty:
            raise TypeError(f"@internal: {fn.__qualname__} parameter {p.name!r} is not plain")
    impl = nb.njit(cache=True)(fn)
    names = list(sig.parameters)
    src = "def {}({}):\n    return _impl({})\n".format(
        fn.__name__, ", ".join(names), ", ".join(f"_canon({n})" for n in names)
    )
    env = {"_impl": impl, "_canon": _canon}
    exec(compile(src, fn.__code__.co_filename, "exec"), env)  # noqa: S102 - generated forwarder
    wrapper = nb.njit(inline="always")(env[fn.__name__])
    wrapper.impl = impl
    wrapper.__doc__ = fn.__doc__
    return wrapper
