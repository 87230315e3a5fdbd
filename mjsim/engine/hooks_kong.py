"""The kong-payment hook and the generic kong ledger.

Every kong paid when it is declared (``kong_payment_timing="immediate"``, and the Sichuan family
whatever its timing) goes through ONE jitted hook, :func:`kong_pay`, a switch on the case id
``params[P_KONG_PAY_RULE]`` (``KONG_RULE_*``, compiled from ``RuleSpec.kong_pay_rule``):

- ``KONG_RULE_POINTS``: the scoring family's ``kong_points`` times the carried multiplier from
  every other seat (the engine's rule before the hook; 0 for the families without kong points);
- ``KONG_RULE_WIND_AND_RAIN``: 刮风下雨, :func:`mjsim.scoring.sichuan.sichuan_kong_payment` (the rule text
  "面下杠时立刻收取其他未胡者1倍点数"; "下雨立刻收取其他未胡者2倍点数"; "承包制：玩家直杠时，
  只收取点杠(引杠)玩家2倍基础分");
- ``KONG_RULE_TABLE``: ``kong_pay_values`` = (concealed: each other seat still in pays, added: each
  other seat still in pays, exposed: its discarder pays), times the carried multiplier: guizhou 豆
  (20, 10, 10; "闷豆：即暗杠"; "豆者20番，可叠加"; "点豆：手中有3张相同的牌，然后杠了
  其他玩家的一张牌"), changchun (2, 1, 1; [public] "exposed kong from a discard
  -> the discarder pays 1 stake; added kong -> each other pays 1; concealed kong -> each pays 2"),
  guangdong_tuidaohu / qingyuan (2, 1, 3; "开杠杠谁的就谁多输3点，暗杠的话，三家每多
  家输2点").

The engine side (:func:`pay_kong`) keeps the per-hand ledger for every case: ``pv[t, payer,
PV_LEDGER0 + receiver]`` (what ``payer`` paid ``receiver`` for kongs this hand) and ``pv[t, q,
PV_LAST_KONG]`` (what ``q`` paid for the most recent kong). A robbed kong is never paid: the hook
runs after the robbing window has closed. Readers of the ledger: 呼叫转移 and 退税
(:mod:`mjsim.engine.hooks_sichuan`), guizhou 热炮 (:func:`kong_hot_shot`) and the guizhou 豆 test of
``win_filter="plain_discard_needs_kong"`` (:func:`kong_income`).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.engine.hooks_sichuan import BASE, _ledger, _still_in, _store
from mjsim.engine.settle import kong_points
from mjsim.engine.state import PV_LAST_KONG, PV_LEDGER0, TV_FROM, TV_MULT
from mjsim.melds import MELD_CONCEALED_KONG, MELD_KONG
from mjsim.rules.params import (
    KONG_RULE_TABLE,
    KONG_RULE_WIND_AND_RAIN,
    P_KONG_PAY_ADDED,
    P_KONG_PAY_CONCEALED,
    P_KONG_PAY_EXPOSED,
    P_KONG_PAY_RULE,
    P_N_PLAYERS,
)
from mjsim.scoring.sichuan import sichuan_kong_payment


@nb.njit(cache=True)
def _move(ledger, out, payer, receiver, amount):
    out[payer] -= amount
    out[receiver] += amount
    ledger[payer, receiver] += amount


@nb.njit(cache=True)
def kong_pay(fid, kong_type, konger, supplier, still_in, pts, mult, params, table, ledger, out):
    """The immediate payment of one (not robbed) kong: a switch on the case ``fid``.

    Args:
        fid: ``KONG_RULE_*`` (``params[P_KONG_PAY_RULE]``).
        kong_type: ``MELD_KONG`` (exposed, claimed from ``supplier``), ``MELD_ADDED_KONG`` or
            ``MELD_CONCEALED_KONG``.
        konger: absolute seat; supplier: the discarder of an exposed kong, else -1.
        still_in: ``bool[4]``, seats that have not won (only they pay, except in "points").
        pts: the scoring family's kong points (``settle.kong_points``; the "points" case).
        mult: the carried payment multiplier (``TV_MULT``; "points" and "table").
        params: ``int64[NP]`` compiled rules; table: ``int64[32]`` the family's score values.
        ledger: ``int64[4, 4]`` ``[payer, receiver]`` kong ledger, updated.
        out: ``int64[4]`` payment deltas, updated (zero-sum).
    """
    n = params[P_N_PLAYERS]
    if fid == KONG_RULE_WIND_AND_RAIN:
        sichuan_kong_payment(
            kong_type, konger, supplier, still_in, False, table[:BASE], table[BASE], ledger, out
        )
        return
    if fid == KONG_RULE_TABLE:
        if kong_type == MELD_KONG:
            if supplier >= 0:
                _move(ledger, out, supplier, konger, params[P_KONG_PAY_EXPOSED] * mult)
            return
        if kong_type == MELD_CONCEALED_KONG:
            each = params[P_KONG_PAY_CONCEALED]
        else:
            each = params[P_KONG_PAY_ADDED]
        for q in range(n):
            if q != konger and still_in[q]:
                _move(ledger, out, q, konger, each * mult)
        return
    # KONG_RULE_POINTS: every other seat pays the family's kong points
    for q in range(n):
        if q != konger:
            _move(ledger, out, q, konger, pts * mult)


@internal
def pay_kong(s, r, t, p, mtype):
    """Seat ``p``'s kong of ``mtype`` (not robbed) pays at once through :func:`kong_pay`;
    updates ``PV_PAY``, the ledger ``PV_LEDGER0 + receiver`` and ``PV_LAST_KONG``."""
    sup = np.int64(s.tv[t, TV_FROM]) if mtype == MELD_KONG else np.int64(-1)
    led = _ledger(s, t)
    before = led[:, p].copy()
    out = np.zeros(4, dtype=np.int64)
    pts = np.int64(kong_points(r, mtype))
    mult = np.int64(s.tv[t, TV_MULT])
    fid = r.params[P_KONG_PAY_RULE]
    kong_pay(fid, mtype, p, sup, _still_in(s, r, t), pts, mult, r.params, r.score_table, led, out)
    for q in range(4):
        s.pv[t, q, PV_LAST_KONG] = led[q, p] - before[q]
    _store(s, t, led, out)


@internal
def kong_hot_shot(s, r, t, konger, winners):
    """guizhou 热炮 (``kong_hot_shot="refund_and_pay"``): ``konger`` dealt in right after its
    kong; each payer of that kong (``PV_LAST_KONG``) is refunded and ``konger`` pays each winner
    of the bitmask ``winners`` the kong's whole value (闷豆 60, 转弯豆 30, 点豆 10 with the 豆
    table), on top of the win payment. Source: "点热炮者点炮前成的那个豆不算…
    闷豆60番、转弯豆30番、点豆10番…此外还需要付点炮的钱"."""
    n = r.params[P_N_PLAYERS]
    led = _ledger(s, t)
    out = np.zeros(4, dtype=np.int64)
    total = np.int64(0)
    for q in range(n):
        x = np.int64(s.pv[t, q, PV_LAST_KONG])
        if q != konger and x != 0:
            out[q] += x
            out[konger] -= x
            led[q, konger] -= x
            total += x
            s.pv[t, q, PV_LAST_KONG] = 0
    for w in range(n):
        if (winners >> w) & 1:
            out[konger] -= total
            out[w] += total
    _store(s, t, led, out)


@nb.njit(cache=True)
def kong_income(s, t, p):
    """What seat ``p`` has received for kongs this hand (the ledger's column ``p``)."""
    x = 0
    for q in range(4):
        x += s.pv[t, q, PV_LEDGER0 + p]
    return x
