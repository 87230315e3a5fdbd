"""Carry-over between the hands of a match beyond the dealer and the draw counter
(docs/spec_gaps.md G64): the riichi honba counter and the riichi deposit pool.

Called from :mod:`mjsim.engine.core`: :func:`end_carry` by ``_end_hand`` once the dealer
succession and the dealer-repeat counter are set, :func:`carry_pot_out` / :func:`carry_pot_in`
by ``core.next_hand`` around the deal of the next hand (``Game.next_hand`` does the same from
Python). State: ``tv[TV_REPEAT]`` / ``tv[TV_NEXT_REPEAT]`` (the honba counter under
``repeat_counter="honba"``), ``tv[TV_RC_POT]`` (deposits on the table) and ``tv[TV_RC_POT_IN]``
(deposits carried into the hand, so that ``sum(payments) + pot - pot_in == 0`` at every step).

Sources: B §27 "东二局 3 本场" (the honba counter) and "立直需要拿出1000点供托" (deposits); the
public rule (Tenhou): honba +1 after a dealer win or any drawn hand (abortive draws included), reset
by a non-dealer win; deposits left by a drawn hand go to the next winner.
"""

from __future__ import annotations

from mjsim._jit import internal
from mjsim.engine.state import TV_DEALER, TV_NEXT_REPEAT, TV_RC_POT, TV_RC_POT_IN, TV_REPEAT
from mjsim.rules.params import P_CARRY_DEPOSITS, P_REPEAT_COUNTER, REPEAT_HONBA


@internal
def end_carry(s, r, t, winners):
    """Next hand's carried counters of table ``t`` after a hand with ``winners`` (bitmask, 0 =
    drawn): ``repeat_counter="honba"`` -> ``TV_NEXT_REPEAT`` = honba + 1 after a dealer win or a
    drawn hand, else 0."""
    if r.params[P_REPEAT_COUNTER] == REPEAT_HONBA:
        dealer = s.tv[t, TV_DEALER]
        if winners == 0 or (winners >> dealer) & 1:
            s.tv[t, TV_NEXT_REPEAT] = s.tv[t, TV_REPEAT] + 1
        else:
            s.tv[t, TV_NEXT_REPEAT] = 0


@internal
def carry_pot_out(s, r, t):
    """Deposits the finished hand of table ``t`` passes to the next one (``carry_deposits``):
    what is left on the table (0 after a win, which takes them)."""
    if r.params[P_CARRY_DEPOSITS] == 0:
        return 0
    return s.tv[t, TV_RC_POT]


@internal
def carry_pot_in(s, t, pot):
    """Put ``pot`` carried-in deposit points on the table of the freshly dealt hand ``t``."""
    s.tv[t, TV_RC_POT] = pot
    s.tv[t, TV_RC_POT_IN] = pot
