"""Draws left: how many tiles can still be drawn before a hand is drawn.

The live wall ``wall[head:tail]`` (``tail - head`` = ``Game.tiles_left``, the row column
``tiles_left`` and the encoders' ``tiles_left``) includes the reserve that is never drawn
(``RuleSpec.wall_reserve``, enlarged by kongs per ``reserve_per_kong`` and compared per
``reserve_rounding``; hebei keeps 12 tiles back in whole stacks, so its hands end with 13 tiles
in the wall). The draws still possible are fewer: a normal draw is allowed while
:func:`mjsim.engine.core.can_draw_normal` holds, and a flower or kong replacement taken from the
tail uses up one of them too (it shortens the live wall by one tile). Without a reserve both
counts are equal.
"""

from __future__ import annotations

import numba as nb

from mjsim.engine.state import TV_HEAD, TV_RESERVE_EXTRA, TV_TAIL
from mjsim.rules.params import (
    P_RESERVE_ROUNDING,
    P_WALL_RESERVE,
    RESERVE_CEIL_STACKS,
    RESERVE_FLOOR_STACKS,
)


@nb.njit(cache=True)
def draws_left(s, r, t):
    """Tiles of table ``t`` that can still be drawn (normal draws, each possibly followed by
    flower replacements) before the hand is drawn, if no further kong enlarges the reserve.

    ``0`` when the next draw would end the hand. Equal to ``tail - head`` without a reserve.
    The smallest live count ``m`` that still allows a normal draw is ``reserve + 1`` (tiles),
    ``2 * (reserve // 2) + 2`` (whole stacks, floor) or ``2 * (reserve // 2) + 1`` (a single
    tile counts as a stack, ceil); then ``draws_left = max(0, live - m + 1)``. Returns int64."""
    live = s.tv[t, TV_TAIL] - s.tv[t, TV_HEAD]
    reserve = r.params[P_WALL_RESERVE] + s.tv[t, TV_RESERVE_EXTRA]
    rnd = r.params[P_RESERVE_ROUNDING]
    if rnd == RESERVE_FLOOR_STACKS:
        m = 2 * (reserve // 2) + 2
    elif rnd == RESERVE_CEIL_STACKS:
        m = 2 * (reserve // 2) + 1
    else:
        m = reserve + 1
    return max(live - m + 1, 0)
