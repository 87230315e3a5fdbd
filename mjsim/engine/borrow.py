"""Views of the state and the rules that numba's reference counting skips (hot loops only).

Every engine function takes the whole :class:`~mjsim.engine.state.State` (11 arrays) and the
:class:`~mjsim.rules.CompiledRules` (8 arrays), and numba increments the reference count of
every array argument when a function starts and decrements it when it returns: about 30 atomic
operations per call, which the profile of the self-play loop put at about 40% of its time
(``docs/engine.md``, "Where the time goes"). An array whose NRT meminfo pointer is null is
skipped by both operations (``NRT_incref`` returns at once), so a loop that works on
:func:`borrow`-ed views pays only for the calls.

Use: at the top of a compiled loop that owns ``s`` and ``r`` for its whole run
(``s, r = borrow(s, r)``), never for arrays returned to Python or kept after the loop ends.
Numba frees nothing through a borrowed view; the originals keep the memory alive.
"""

from __future__ import annotations

import numba as nb
from numba.core import cgutils, types
from numba.extending import intrinsic

from mjsim.engine.state import State
from mjsim.rules.spec import CompiledRules


@intrinsic
def unowned(typingctx, arr):  # type: ignore[no-untyped-def]
    """The array ``arr`` (same type, same data) with a null meminfo and parent: reference
    counting ignores it. The caller must keep ``arr`` alive while the view is used."""
    if not isinstance(arr, types.Array):
        return None

    def codegen(context, builder, sig, args):  # type: ignore[no-untyped-def]
        ary = context.make_array(sig.args[0])(context, builder, value=args[0])
        ary.meminfo = cgutils.get_null_value(ary.meminfo.type)
        ary.parent = cgutils.get_null_value(ary.parent.type)
        return ary._getvalue()

    return arr(arr), codegen


@nb.njit(cache=True)
def borrow(s, r):
    """``(State, CompiledRules)`` of :func:`unowned` views of every array of ``s`` and ``r``
    (same shapes, dtypes and memory; writes go to the originals)."""
    s2 = State(
        unowned(s.wall),
        unowned(s.hands),
        unowned(s.melds),
        unowned(s.river),
        unowned(s.river_flags),
        unowned(s.tv),
        unowned(s.pv),
        unowned(s.wild),
        unowned(s.rng),
        unowned(s.items),
        unowned(s.rec),
    )
    r2 = CompiledRules(
        unowned(r.params),
        unowned(r.tile_counts),
        unowned(r.wild),
        unowned(r.score_table),
        unowned(r.fan_rows),
        unowned(r.fan_cancels),
        unowned(r.fan_header),
        unowned(r.pay_record),
        unowned(r.scorer),
    )
    return s2, r2
