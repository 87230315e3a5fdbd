"""Who paid a win: snapshot the payment column before a win is settled, read each payer's share after.

Bonuses that multiply "what each payer paid for this win" — birds / horses
(:func:`mjsim.engine.hooks_birds.bird_bonus`) and pre-hand stakes
(:func:`mjsim.engine.bets.bet_win_payments`) — take :func:`pay_snapshot` before the win's
payments and :func:`paid_since` after them; the rule that defines each bonus stays in its module.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.engine.state import PV_PAY
from mjsim.rules.params import P_N_PLAYERS


@nb.njit(cache=True)
def pay_snapshot(s, t):
    """``PV_PAY`` of the four seats of table ``t`` (int64[4], points) before a win's payments."""
    out = np.zeros(4, dtype=np.int64)
    for q in range(4):
        out[q] = s.pv[t, q, PV_PAY]
    return out


@internal
def paid_since(s, r, t, p, before):
    """Points each seat paid since ``before`` (:func:`pay_snapshot`), int64[4]: ``before[q] -
    PV_PAY[q]`` for every seat ``q != p`` that paid (> 0), else 0 (the winner ``p``, non-payers,
    seats that received). The caller then charges each payer its bonus."""
    out = np.zeros(4, dtype=np.int64)
    for q in range(r.params[P_N_PLAYERS]):
        if q != p:
            out[q] = max(before[q] - s.pv[t, q, PV_PAY], 0)
    return out
