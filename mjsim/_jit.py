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

:func:`canonical_calls` does the same for every other mjsim kernel, at the level of numba's
dispatcher: installed once by ``import mjsim``, it types a call from jitted code to a jitted
function of mjsim (``mjsim.*``, ``mjsim.envs.*``, ``mjsim.agents.*``) with its literal arguments
widened to their plain types and its narrow signed integers to ``int64``. Before it, a single
``aec_step(s, r, 0, ...)`` in the env kernels recompiled the whole engine below it
(``apply_action``, ``_resolve``, ``legal_mask``, ...) for ``Literal[int](0)``: 213 extra
specialisations of 161 functions, about a fifth of the compiled code and of CI's time.
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


def _canon_type(t):
    """The numba type a jit-to-jit call argument is compiled for (literal -> plain type,
    signed integer -> ``int64``); other types unchanged."""
    t = types.unliteral(t)
    if isinstance(t, types.Integer) and t.signed and t.bitwidth < 64:
        return types.int64
    return t


def canonical_calls() -> None:
    """Make numba compile mjsim's kernels once per plain signature when jitted code calls them.

    Patches ``numba.core.dispatcher.Dispatcher.get_call_template`` (idempotent): for a callee
    whose ``py_func.__module__`` is ``mjsim`` or below, the argument types of the call are
    canonicalised by :func:`_canon_type` before numba looks up or compiles the specialisation;
    the caller's literal / narrow values are converted at the call (numba's implicit casts), so
    results are unchanged. Functions of other packages keep numba's behaviour. Calls from Python
    are typed from the values (``int`` is already ``int64``) and are not affected.
    """
    from numba.core.dispatcher import Dispatcher

    if getattr(Dispatcher.get_call_template, "_mjsim_canonical", False):
        return
    original = Dispatcher.get_call_template

    def get_call_template(self, args, kws):
        module = getattr(self.py_func, "__module__", "") or ""
        if module == "mjsim" or module.startswith("mjsim."):
            args = tuple(_canon_type(a) for a in args)
            kws = {k: _canon_type(v) for k, v in kws.items()}
        return original(self, args, kws)

    get_call_template._mjsim_canonical = True
    Dispatcher.get_call_template = get_call_template


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
