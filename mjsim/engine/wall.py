"""Draws left: how many tiles can still be drawn before a hand is drawn.

The live wall (:func:`mjsim.engine.board.remaining`: ``tail - head``, an indicator out of play
not counted; ``Game.tiles_left``, the row column ``tiles_left`` and the encoders' ``tiles_left``)
includes the reserve that is never drawn (``RuleSpec.wall_reserve``, enlarged by kongs per
``reserve_per_kong`` and compared per ``reserve_rounding``; hebei keeps 12 tiles back in whole
stacks, so its hands end with 13 tiles in the wall; ``wall_end_at_indicator`` stops normal
draws at the indicator's stack). The draws still possible can be fewer: a normal draw is allowed
while :func:`mjsim.engine.board.can_draw_normal` holds, and a flower or kong replacement taken
from the tail uses up one of them too (it shortens the live wall by one tile). Without a reserve
both counts are equal.
"""

from __future__ import annotations

import numba as nb

from mjsim.engine.board import can_draw_normal
from mjsim.engine.state import TV_HEAD, TV_IND_OUT, TV_IND_POS, TV_TAIL


@nb.njit(cache=True)
def draws_left(s, r, t):
    """Normal draws still possible on table ``t`` before the hand is drawn, if no further flower,
    kong replacement or kong changes the wall (int64; 0 when the next draw would end the hand).

    Counted by the engine's own rule rather than a formula: the head is advanced the way
    ``_draw_turn`` / ``_take`` advance it (:func:`mjsim.engine.board.can_draw_normal` before each
    draw; an indicator out of play is skipped) and restored afterwards, so every reserve rule
    (``wall_reserve``, ``reserve_rounding``, kong reserve, ``wall_end_at_indicator``) is
    followed exactly. At most ``tail - head`` steps."""
    h0 = s.tv[t, TV_HEAD]
    n = 0
    while s.tv[t, TV_HEAD] < s.tv[t, TV_TAIL] and can_draw_normal(s, r, t):
        if s.tv[t, TV_IND_OUT] != 0 and s.tv[t, TV_HEAD] == s.tv[t, TV_IND_POS]:
            s.tv[t, TV_HEAD] += 1  # the indicator out of play is skipped, as _take skips it
            if s.tv[t, TV_HEAD] >= s.tv[t, TV_TAIL]:
                break
        s.tv[t, TV_HEAD] += 1
        n += 1
    s.tv[t, TV_HEAD] = h0
    return n
