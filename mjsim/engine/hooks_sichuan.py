"""Engine-side hooks of the Sichuan family (sichuan, sichuan_xuezhan, chengdu): the per-hand
kong-income ledger, 刮风下雨 kong payments, 呼叫转移 and the exhaustive-draw settlement.

The money arithmetic is :mod:`mjsim.scoring.sichuan`'s (its kong, transfer and drawn-hand
payments); the 大叫 of a ready hand is its best value by the spec's fan table
(:func:`mjsim.engine.settle.table_best_wait`). These functions move it in and out of the engine
state. 刮风下雨 itself is the "sichuan" case of the generic kong
hook (:func:`mjsim.engine.hooks_kong.kong_pay`). The ledger ``int64[4, 4]`` ``[payer, receiver]`` lives in
``pv[t, payer, PV_LEDGER0 + receiver]``; ``pv[t, q, PV_LAST_KONG]`` is what ``q`` paid for the
most recent kong. ``score_values`` layout: ``[0:8]`` the Sichuan options
(:func:`mjsim.scoring.sichuan.default_params`), ``[8]`` the base score b.

Rule text: "面下杠时立刻收取其他未胡者
1倍点数"; "下雨立刻收取其他未胡者2倍点数"; "承包制：玩家直杠时，只收取点杠(引杠)玩家2倍基础分"; robbed:
"玩家面下杠时，他家可以抢杠而胡，刮风下雨无效" (the payment is made only after the robbing window
closes, so a robbed kong never pays); "呼叫转移：即某玩家杠牌后打出的牌其他玩家可以胡，那么该玩家的刮风
下雨所得则转移给胡牌玩家"; draw: "花猪赔给非花猪玩家16倍点数", "没听牌的玩家（花猪不用）赔给听牌的玩家
最大的可能番（大叫），并退回所有刮风下雨所得".
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.engine.settle import table_best_wait
from mjsim.engine.state import (
    PV_LAST_KONG,
    PV_LEDGER0,
    PV_MISSING,
    PV_PAY,
    PV_WON,
)
from mjsim.rules.params import P_N_PLAYERS
from mjsim.scoring.sichuan import (
    N_PARAMS,
    P_DAJIAO_CAPPED,
    sichuan_call_transfer,
    sichuan_draw_payments,
    sichuan_is_pig,
)

BASE = N_PARAMS  # score_values index of the base score b


@nb.njit(cache=True)
def _ledger(s, t):
    led = np.zeros((4, 4), dtype=np.int64)
    for a in range(4):
        for b in range(4):
            led[a, b] = s.pv[t, a, PV_LEDGER0 + b]
    return led


@nb.njit(cache=True)
def _store(s, t, led, out):
    for a in range(4):
        s.pv[t, a, PV_PAY] += out[a]
        for b in range(4):
            s.pv[t, a, PV_LEDGER0 + b] = led[a, b]


@nb.njit(cache=True)
def _still_in(s, r, t):
    """``bool[4]``: the seats at the table (``n_players``) that have not won; a seat beyond
    ``n_players`` is never in (it must neither pay nor be paid)."""
    still = np.zeros(4, dtype=np.bool_)
    for q in range(r.params[P_N_PLAYERS]):
        still[q] = s.pv[t, q, PV_WON] == 0
    return still


@internal
def sichuan_transfer(s, r, t, konger, winners):
    """呼叫转移: ``konger`` dealt in right after its kong; its kong income goes to the seats of
    the bitmask ``winners`` (scope per the scorer's ``P_TRANSFER_SCOPE``)."""
    tab = r.score_table
    led = _ledger(s, t)
    last = np.zeros(4, dtype=np.int64)
    wb = np.zeros(4, dtype=np.bool_)
    for q in range(4):
        last[q] = s.pv[t, q, PV_LAST_KONG]
        wb[q] = (winners >> q) & 1 == 1
    out = np.zeros(4, dtype=np.int64)
    sichuan_call_transfer(konger, wb, last, tab[:BASE], led, out)
    _store(s, t, led, out)


@nb.njit(cache=True)
def sichuan_draw(s, r, t, dajiao):
    """Exhaustive draw: 查花猪, 查大叫, 退税 among the seats still in; ``dajiao`` (int64[4]) gets
    each seat's 大叫 (-1 not ready, -2 花猪, -3 already won): the best value of its ready hand by
    the spec's fan table, capped unless ``score_values[6]`` (``P_DAJIAO_CAPPED``) is 0."""
    tab = r.score_table
    capped = tab[P_DAJIAO_CAPPED] != 0
    hand = np.zeros(34, dtype=np.uint8)
    for q in range(4):
        for k in range(34):
            hand[k] = s.hands[t, q, k]
        void = np.int64(s.pv[t, q, PV_MISSING])
        # a seat beyond n_players counts as out (its empty hand is not "not ready": 查大叫)
        if s.pv[t, q, PV_WON] != 0 or q >= r.params[P_N_PLAYERS]:
            dajiao[q] = -3
        elif sichuan_is_pig(hand, s.melds[t, q], void):
            dajiao[q] = -2
        else:
            dajiao[q] = table_best_wait(r, hand, s.melds[t, q], void, capped)
    led = _ledger(s, t)
    out = np.zeros(4, dtype=np.int64)
    sichuan_draw_payments(dajiao, tab[:BASE], tab[BASE], led, out)
    _store(s, t, led, out)
