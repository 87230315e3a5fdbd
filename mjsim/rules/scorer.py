"""The scorer of a rule set as a compile-time type, so that compiled code reaches only its own.

A win is valued by one of a few scorers: a fan table through the one pattern detector
(``"table"``: every table-driven rule set) or a family with a scorer of its own (``"guobiao"``,
``"riichi"``, ``"changsha"``). If the scorer were a run-time number, the game
loop would be compiled with every scorer in it, and every user's cold compile would pay for
rule sets they never play.

So :class:`mjsim.rules.spec.CompiledRules` carries the scorer in its numba **type**: the field
``scorer`` is a zero-length array whose structured dtype has one field named after the scorer
(:func:`marker`). Numba compiles a function once per distinct argument type, so the game loop
and every entry point are compiled once per scorer actually played, each reaching that scorer
only; the engine picks the scorer while typing (:func:`kind_of`, used by
``mjsim.engine.settle``). All table-driven rule sets share the type ``"table"``: their tables
are arrays of fixed types, so a new table-driven rule set adds no compiled code.

An array (not a Python object) carries the kind because numba recognises an array argument
from its C fingerprint in a fraction of a microsecond, while any other Python object costs a
Python-level type lookup of several microseconds on every call, too slow for an environment
step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numba.extending import overload

#: the scorers: ``table`` (a fan table through the pattern detector) and the families that keep
#: a scorer of their own
SCORERS = ("table", "guobiao", "riichi", "changsha")


def marker(kind: str) -> np.ndarray:
    """The ``CompiledRules.scorer`` value of the scorer ``kind``: ``uint8[0]`` with the
    structured dtype ``[(kind, uint8)]``.

    Raises:
        ValueError: ``kind`` is not one of :data:`SCORERS`.
    """
    if kind not in SCORERS:
        raise ValueError(f"scorer {kind!r} is not one of {', '.join(SCORERS)}")
    return np.zeros(0, dtype=np.dtype([(kind, np.uint8)], align=True))


def kind_of(numba_type: object) -> str:
    """The scorer named by the numba type of a :func:`marker` array (read while typing).

    Raises:
        TypeError: ``numba_type`` is not the type of a marker.
    """
    fields = getattr(getattr(numba_type, "dtype", None), "fields", None)
    if not fields or len(fields) != 1 or next(iter(fields)) not in SCORERS:
        raise TypeError(f"{numba_type} is not a scorer marker (mjsim.rules.scorer.marker)")
    return next(iter(fields))


def kind_of_array(arr: np.ndarray) -> str:
    """The scorer of a :func:`marker` array (Python side)."""
    names = arr.dtype.names or ()
    if len(names) != 1 or names[0] not in SCORERS:
        raise TypeError("not a scorer marker (mjsim.rules.scorer.marker)")
    return names[0]


def only_for(kind: str, fn: Callable[..., Any], default: int | None = None) -> Callable[..., Any]:
    """A jitted hook ``hook(scorer, *args)`` that is ``fn(*args)`` when the scorer type of
    ``scorer`` (``rules.scorer``) is ``kind`` and does nothing otherwise (returns ``default``),
    decided while typing: the game loop of another scorer does not compile ``fn`` at all.

    For a family's own hooks (Changsha's payments, Riichi's flags, the Sichuan drawn-hand checks
    that value ready hands by the table): the caller
    keeps its run-time test of the rules and calls the hook inside it.

    Raises:
        ValueError: ``kind`` is not one of :data:`SCORERS`.
    """
    if kind not in SCORERS:
        raise ValueError(f"scorer {kind!r} is not one of {', '.join(SCORERS)}")

    # an @internal function (mjsim._jit.internal) is an inline-always wrapper, which numba cannot
    # inline into a closure over *args: call its compiled body
    call = getattr(fn, "impl", fn)

    def hook(scorer, *args):  # type: ignore[no-untyped-def]
        raise NotImplementedError  # typed by the overload below; never called from Python

    @overload(hook, jit_options={"cache": True})
    def _typed(scorer, *args):  # type: ignore[no-untyped-def]
        if kind_of(scorer) == kind:

            def run(scorer, *args):  # type: ignore[no-untyped-def]
                return call(*args)

            return run
        if default is None:

            def skip(scorer, *args):  # type: ignore[no-untyped-def]
                return None

            return skip

        def constant(scorer, *args):  # type: ignore[no-untyped-def]
            return default

        return constant

    hook.__name__ = hook.__qualname__ = f"{getattr(fn, '__name__', 'hook')}_for_{kind}"
    hook.__module__ = getattr(fn, "__module__", __name__)
    return hook
