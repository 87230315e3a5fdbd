"""Pre-hand stakes (``pre_hand_bet``): the phase ``PH_BET`` and the money.

After the deal, the flower replacement and the wild indicator, and before the dealer's first
action, every seat from the dealer in turn order chooses a stake with ``BET + k`` (``BET + 0`` =
no stake, the pass). The choices are public (each is recorded as an ``act`` event when made) and
kept in ``pv[t, seat, PV_BET]``; a replay re-validates each against the mask.

- ``"paozi"`` (shaanxi 下炮子, [public]: "Before each hand, every player
  declares 0–4 炮子"; "the amount is base_win + 炮子(winner) + 炮子(payer)"): each seat
  ``k`` = 0..4. Every seat that paid a win pays ``(炮子(winner) + 炮子(payer)) x mult`` more.
- ``"tianjin"`` ([rec] "庄家可选择是否坐庄"; "每个闲家最多可拉两次庄，每拉一庄倍数加倍"; "杠分
  计算也是如此"): the dealer sits (``k`` = 1) or not (0); each non-dealer 拉 ``k`` = 0..2 times.
  Every payment between the dealer and seat X (the win, and the kong points settled at the end
  of the hand) is multiplied by ``(坐庄 ? 2 : 1) x 2 ** 拉(X)``; payments between non-dealers
  are unchanged (recommended closed form; example: the dealer sits, B 拉 1 and self-draws
  4 番: the dealer pays 16, A and C pay 4 each). Kong points paid at once
  (``kong_payment_timing="immediate"``) are not multiplied (tianjin settles them at the end).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.actions import BET
from mjsim.engine.state import (
    PH_BET,
    PH_TURN,
    PV_BET,
    PV_PAY,
    TV_DEALER,
    TV_PHASE,
    TV_SEAT,
)
from mjsim.engine.win_payers import paid_since
from mjsim.rules.params import (
    P_N_PLAYERS,
    P_PRE_HAND_BET,
    PRE_BET_PAOZI,
    PRE_BET_SIT_AND_PULL,
)


@nb.njit(cache=True)
def bet_max(r, seat, dealer):
    """Largest stake ``k`` of ``BET + k`` for ``seat``: paozi 4; tianjin 1 (the dealer: sit or
    not) or 2 (a non-dealer: 拉 0-2 times); 0 without ``pre_hand_bet``."""
    rule = r.params[P_PRE_HAND_BET]
    if rule == PRE_BET_PAOZI:
        return 4
    if rule == PRE_BET_SIT_AND_PULL:
        return 1 if seat == dealer else 2
    return 0


@internal
def bet_start(s, r, t):
    """End of ``reset_table``: open the stake phase with the dealer to choose."""
    s.tv[t, TV_PHASE] = PH_BET
    s.tv[t, TV_SEAT] = s.tv[t, TV_DEALER]


@internal
def bet_mask(s, r, t, mask):
    """``PH_BET`` legality: ``BET + 0 .. BET + bet_max``; returns the count."""
    p = s.tv[t, TV_SEAT]
    m = bet_max(r, p, s.tv[t, TV_DEALER])
    for k in range(m + 1):
        mask[BET + k] = True
    return m + 1


@internal
def bet_step(s, r, t, a):
    """Apply ``BET + k`` of the seat to act (the caller records the ``act`` event); after the
    last seat the dealer plays its first turn."""
    p = np.int64(s.tv[t, TV_SEAT])
    s.pv[t, p, PV_BET] = a - BET
    q = (p + 1) % r.params[P_N_PLAYERS]
    s.tv[t, TV_SEAT] = q
    if q == s.tv[t, TV_DEALER]:
        s.tv[t, TV_PHASE] = PH_TURN


@nb.njit(cache=True)
def bet_pair_mult(s, r, t, p, q):
    """Multiplier of every payment between seats ``p`` and ``q`` (tianjin 坐庄 / 拉庄), else 1."""
    if r.params[P_PRE_HAND_BET] != PRE_BET_SIT_AND_PULL:
        return 1
    dealer = s.tv[t, TV_DEALER]
    if p == dealer:
        x = q
    elif q == dealer:
        x = p
    else:
        return 1
    return (2 if s.pv[t, dealer, PV_BET] != 0 else 1) << s.pv[t, x, PV_BET]


@internal
def bet_win_payments(s, r, t, p, before, mult):
    """Seat ``p``'s win was just paid (``before``: ``PV_PAY`` of the four seats before it): each
    seat that paid pays the stake part: paozi ``(炮子(p) + 炮子(q)) x mult`` more; tianjin its
    payment times :func:`bet_pair_mult` (``m - 1`` times more)."""
    rule = r.params[P_PRE_HAND_BET]
    paid_by = paid_since(s, r, t, p, before)
    for q in range(r.params[P_N_PLAYERS]):
        paid = paid_by[q]
        if paid == 0:
            continue
        if rule == PRE_BET_PAOZI:
            extra = (s.pv[t, p, PV_BET] + s.pv[t, q, PV_BET]) * mult
        else:
            extra = paid * (bet_pair_mult(s, r, t, p, q) - 1)
        s.pv[t, q, PV_PAY] -= extra
        s.pv[t, p, PV_PAY] += extra
