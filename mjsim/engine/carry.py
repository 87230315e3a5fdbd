"""Carry-over between the hands of a match beyond the dealer and the draw counter
the riichi honba counter and deposit pool, the 上楼 dealer level
(``dealer_level_max``, beijing) and the dealer stake 庄底子 (``draw_dealer_stake``, anqing).

Called from the engine: :func:`end_carry` by ``_end_hand`` once the dealer
succession and the dealer-repeat counter are set, :func:`carry_pot_out` / :func:`carry_pot_in`
by ``mjsim.engine.deal.next_hand`` around the deal of the next hand (``Game.next_hand`` does the same from
Python). State: ``tv[TV_REPEAT]`` / ``tv[TV_NEXT_REPEAT]`` (the honba counter under
``repeat_counter="honba"``), ``tv[TV_RC_POT]`` (deposits on the table) and ``tv[TV_RC_POT_IN]``
(deposits carried into the hand, so that ``sum(payments) + pot - pot_in == 0`` at every step);
``tv[TV_LEVEL]`` / ``tv[TV_NEXT_LEVEL]`` and ``tv[TV_STAKE]`` / ``tv[TV_NEXT_STAKE]``.

Sources: "东二局 3 本场" (the honba counter) and "立直需要拿出1000点供托" (deposits); the
public rule (Tenhou): honba +1 after a dealer win or any drawn hand (abortive draws included), reset
by a non-dealer win; deposits left by a drawn hand go to the next winner. "庄家连庄或荒牌，
上楼，仅有2层" and "杠不上楼" (the x2 per level is the rulebook's [rec]); "荒庄庄连庄，庄底子加4，
闲底子不变".
"""

from __future__ import annotations

from mjsim._jit import internal
from mjsim.engine.state import (
    PV_PAY,
    TV_DEALER,
    TV_LEVEL,
    TV_NEXT_DEALER,
    TV_NEXT_LEVEL,
    TV_NEXT_REPEAT,
    TV_NEXT_STAKE,
    TV_RC_POT,
    TV_RC_POT_IN,
    TV_REPEAT,
    TV_STAKE,
)
from mjsim.rules.params import (
    P_CARRY_DEPOSITS,
    P_DEALER_LEVEL_MAX,
    P_DRAW_DEALER_STAKE,
    P_N_PLAYERS,
    P_REPEAT_COUNTER,
    REPEAT_HONBA,
)


@internal
def end_carry(s, r, t, winners):
    """Next hand's carried counters of table ``t`` after a hand with ``winners`` (bitmask, 0 =
    drawn), once ``TV_NEXT_DEALER`` is known: ``repeat_counter="honba"`` -> ``TV_NEXT_REPEAT`` =
    honba + 1 after a dealer win or a drawn hand, else 0; ``dealer_level_max`` -> the level + 1
    (capped) after a drawn hand or one the dealer keeps, else 0; ``draw_dealer_stake`` -> the
    stake + that after a drawn hand the dealer keeps, unchanged after a dealer win, 0 when the
    deal passes."""
    stays = s.tv[t, TV_NEXT_DEALER] == s.tv[t, TV_DEALER]
    lm = r.params[P_DEALER_LEVEL_MAX]
    if lm > 0:
        s.tv[t, TV_NEXT_LEVEL] = min(s.tv[t, TV_LEVEL] + 1, lm) if (winners == 0 or stays) else 0
    st = r.params[P_DRAW_DEALER_STAKE]
    if st > 0:
        if not stays:
            s.tv[t, TV_NEXT_STAKE] = 0
        elif winners == 0:
            s.tv[t, TV_NEXT_STAKE] = s.tv[t, TV_STAKE] + st
        else:
            s.tv[t, TV_NEXT_STAKE] = s.tv[t, TV_STAKE]
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
def carry_pot_in(s, t, pot, level, stake):
    """Put ``pot`` carried-in deposit points on the table of the freshly dealt hand ``t`` and set
    its 上楼 level and dealer stake (kept for the next hand unless the settlement changes them)."""
    s.tv[t, TV_RC_POT] = pot
    s.tv[t, TV_RC_POT_IN] = pot
    s.tv[t, TV_LEVEL] = level
    s.tv[t, TV_NEXT_LEVEL] = level
    s.tv[t, TV_STAKE] = stake
    s.tv[t, TV_NEXT_STAKE] = stake


@internal
def level_mult(s, r, t, mult):
    """The hand-payment multiplier ``mult`` times 2 ** (上楼 level) (``dealer_level_max``; kong
    payments keep ``mult``: "杠不上楼")."""
    if r.params[P_DEALER_LEVEL_MAX] == 0:
        return mult
    return mult << s.tv[t, TV_LEVEL]


@internal
def stake_payments(s, r, t, p, frm):
    """庄底子 (``draw_dealer_stake``): seat ``p``'s win; ``frm`` = the discarder (-1: every other
    seat pays). Each payment between the dealer and another seat grows by ``tv[TV_STAKE]``."""
    st = s.tv[t, TV_STAKE]
    if st == 0:
        return
    dealer = s.tv[t, TV_DEALER]
    for q in range(r.params[P_N_PLAYERS]):
        if q == p or (frm >= 0 and q != frm):
            continue
        if p == dealer or q == dealer:
            s.pv[t, q, PV_PAY] -= st
            s.pv[t, p, PV_PAY] += st
