"""The end of a hand: drawn hands, kong settlement, payments into scores, the next hand's
dealer, wind and counters.

Owns :func:`_end_hand` (every hand ends here: payments recorded and added to the running scores,
next dealer per ``dealer_rotation`` / ``dealer_on_draw`` / ``dealer_after_multi_win`` or the
family's dealer hook, prevailing wind, repeat counter, draw counter and multiplier, carry-over),
the exhaustive draw (:func:`_finish_draw`: final ready draws from the unused pool, kong settlement,
noten payments, the Sichuan draw checks), the abortive draws (:func:`_abortive_draw`,
:func:`_kong_abort` for ``abort_on_kongs``) and the kong settlement by ``kong_payment_timing``
(:func:`_settle_kongs`).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.engine.bets import bet_pair_mult
from mjsim.engine.board import _add_river, _rec, _won_mask, can_draw_normal
from mjsim.engine.carry import end_carry
from mjsim.engine.hooks_changsha import changsha_next_dealer
from mjsim.engine.hooks_sichuan import sichuan_draw
from mjsim.engine.hooks_wild_bonus import wild_bonus_settle
from mjsim.engine.pool import pool_take
from mjsim.engine.rng import below
from mjsim.engine.shapes import _simple_win_ruled_out, _tenpai
from mjsim.engine.state import (
    EV_END,
    EV_PAY,
    EV_POOL,
    PH_DONE,
    PH_POOL_DRAW,
    PV_KONG,
    PV_N_MELDS,
    PV_N_RIVER,
    PV_PAY,
    PV_READY,
    PV_SCORE,
    PV_WON,
    RF_CLAIMED,
    TV_DEALER,
    TV_DRAWN,
    TV_FIRST_DEALER,
    TV_FIRST_READY,
    TV_MULT,
    TV_N_DRAWS,
    TV_N_KONGS,
    TV_NEXT_DEALER,
    TV_NEXT_MULT,
    TV_NEXT_REPEAT,
    TV_NEXT_ROUND_WIND,
    TV_NEXT_STREAK,
    TV_PHASE,
    TV_POOL_DRAWS,
    TV_RC_ABORT,
    TV_REPEAT,
    TV_REPLACEMENT,
    TV_ROUND_WIND,
    TV_SEAT,
    TV_STREAK,
    TV_TILE,
    TV_WIN_FROM,
    TV_WIN_KIND,
    TV_WINNERS,
    WK_DISCARD,
    WK_SELF_DRAW,
)
from mjsim.engine.win_check import _win_ok
from mjsim.engine.win_context import _value_with_tile
from mjsim.melds import MELD_CHOW, MELD_HONOR_CHOW, MELD_NONE, MELD_PUNG
from mjsim.rules.params import (
    ABORT_KONGS_FOUR_TWO_PLAYERS,
    ABORT_KONGS_NONE,
    ABORT_KONGS_THREE_PLAYERS,
    DEALER_DISCARDER_DEALS,
    DEALER_HOOK,
    DEALER_RANDOM,
    DEALER_ROTATE,
    DEALER_WINNER_STAYS,
    DRAW_COUNTER_MULTIPLY,
    DRAW_COUNTER_UP_DOWN,
    DRAW_DEALER_NEXT,
    DRAW_DEALER_NEXT_IF_ANY_KONG,
    DRAW_DEALER_STAYS_IF_READY,
    KONG_PAY_AT_END,
    KONG_PAY_IMMEDIATE,
    KONG_PAY_WINNER_ONLY,
    MULTI_DEALER_DISCARDER,
    MULTI_DEALER_NEAREST_WINNER,
    MULTI_DEALER_STAYS_IF_DEALER_WON,
    P_ABORT_ON_KONGS,
    P_BLOOD_BATTLE,
    P_DEALER_AFTER_MULTI_WIN,
    P_DEALER_ON_DRAW,
    P_DEALER_ROTATION,
    P_DRAW_COUNTER_RULE,
    P_DRAW_MULTIPLIER,
    P_DRAW_MULTIPLIER_AFTER_CAP,
    P_DRAW_MULTIPLIER_CAP,
    P_DRAW_READY_PAY,
    P_FINAL_READY_DRAWS,
    P_KONG_PAYMENT_TIMING,
    P_N_PLAYERS,
    P_NAGASHI_MANGAN,
    P_NOTEN_PENALTY,
    P_ROUND_WIND_RULE,
    P_SCORING,
    P_WILD_BONUS,
    ROUND_WIND_ADVANCE,
    SCORING_CHANGSHA,
    SCORING_SICHUAN,
    SCORING_TABLE,
)
from mjsim.rules.scorer import only_for
from mjsim.scoring.payments import K_PAYER_CAP, pay_amount

#: 查大叫 and the rest of the drawn-hand settlement, compiled only for the table scorer (the
#: Sichuan family is table-driven; 查大叫 values ready hands by the spec's fan table)
_sichuan_draw = only_for("table", sichuan_draw)


@nb.njit(cache=True)
def _kong_abort(s, r, t):
    """abort_on_kongs: do the kongs declared so far end the hand as a draw?"""
    mode = r.params[P_ABORT_ON_KONGS]
    if mode == ABORT_KONGS_NONE:
        return False
    seats = 0
    for q in range(r.params[P_N_PLAYERS]):
        for i in range(s.pv[t, q, PV_N_MELDS]):
            mt = s.melds[t, q, i, 0]
            if mt != MELD_PUNG and mt != MELD_CHOW and mt != MELD_NONE and mt != MELD_HONOR_CHOW:
                seats += 1
                break
    if mode == ABORT_KONGS_THREE_PLAYERS:
        return seats >= 3
    if mode == ABORT_KONGS_FOUR_TWO_PLAYERS:
        return s.tv[t, TV_N_KONGS] >= 4 and seats >= 2
    return False


@internal
def _settle_kongs(s, r, t, winners, drawn_hand):
    timing = r.params[P_KONG_PAYMENT_TIMING]
    if timing == KONG_PAY_IMMEDIATE:
        return
    if drawn_hand and timing != KONG_PAY_AT_END:
        return
    n = r.params[P_N_PLAYERS]
    mult = s.tv[t, TV_MULT]
    for p in range(n):
        pts = s.pv[t, p, PV_KONG]
        if pts == 0:
            continue
        if timing == KONG_PAY_WINNER_ONLY and (winners >> p) & 1 == 0:
            continue
        for q in range(n):
            if q != p:
                m = pts * mult * bet_pair_mult(s, r, t, p, q)  # 坐庄 / 拉庄
                s.pv[t, q, PV_PAY] -= m
                s.pv[t, p, PV_PAY] += m


@nb.njit(cache=True)
def _dealer_after_draw(s, r, t, dealer):
    """Next dealer after an exhaustive draw (``dealer_on_draw``)."""
    n = r.params[P_N_PLAYERS]
    od = r.params[P_DEALER_ON_DRAW]
    if od == DRAW_DEALER_NEXT:
        return (dealer + 1) % n
    if od == DRAW_DEALER_NEXT_IF_ANY_KONG:
        # "荒庄时，若4人均无杠，则庄家继续坐庄；有杠则下家做庄"
        return (dealer + 1) % n if s.tv[t, TV_N_KONGS] > 0 else dealer
    if od == DRAW_DEALER_STAYS_IF_READY:
        if s.tv[t, TV_RC_ABORT] != 0:
            return dealer  # riichi: an abortive draw (triple ron) keeps the dealer
        h = s.hands[t, dealer]
        return dealer if _tenpai(s, r, t, dealer, h) else (dealer + 1) % n
    return dealer


@nb.njit(cache=True)
def _dealer_hook(s, r, t, winners, first_winner):
    """The scoring family's jitted dealer succession, for
    ``dealer_rotation="hook"`` (changsha rules A-G: :func:`changsha_next_dealer`)."""
    if r.params[P_SCORING] == SCORING_CHANGSHA:
        return changsha_next_dealer(s, t, winners, first_winner)
    return first_winner if first_winner >= 0 else s.tv[t, TV_DEALER]


@nb.njit(cache=True)
def _draw_counter(s, r, t, winners):
    """Carry-over counter and the next hand's multiplier (``draw_counter_rule``):
    "double_per_draw" ("至多连续5局荒庄翻至32倍，5局以上荒庄按照8倍计算") and "up_per_draw_down_per_win"
    (荒番: "每有人胡1次则荒番减1")."""
    rule = r.params[P_DRAW_COUNTER_RULE]
    c = s.tv[t, TV_STREAK]
    if rule == DRAW_COUNTER_UP_DOWN:
        c = c + 1 if winners == 0 else max(c - 1, 0)
        s.tv[t, TV_NEXT_MULT] = 2 if c >= 1 else 1
    else:
        c = c + 1 if winners == 0 else 0
        m = 1
        for _ in range(c):
            m *= 2
            if m > r.params[P_DRAW_MULTIPLIER_CAP]:
                m = r.params[P_DRAW_MULTIPLIER_AFTER_CAP]
                break
        s.tv[t, TV_NEXT_MULT] = m
    s.tv[t, TV_NEXT_STREAK] = c


@internal
def _end_hand(s, r, t, winners, win_kind, first_winner):
    n = r.params[P_N_PLAYERS]
    dealer = s.tv[t, TV_DEALER]
    if r.params[P_WILD_BONUS] != 0:
        wild_bonus_settle(s, r, t, winners, win_kind)  # 精 bonus for every seat (wild_bonus)
    for p in range(n):
        _rec(s, t, EV_PAY, p, s.pv[t, p, PV_PAY])
        s.pv[t, p, PV_SCORE] += s.pv[t, p, PV_PAY]
    _rec(s, t, EV_END, win_kind, winners)
    mult = s.tv[t, TV_MULT]
    rot = r.params[P_DEALER_ROTATION]
    if rot == DEALER_RANDOM:
        # sichuan blood battle "每局投骰": dice every hand (the game stream, after the shuffle)
        nxt = below(s.rng, t, 0, n)
        s.tv[t, TV_NEXT_MULT] = mult if winners == 0 else 1
    elif winners == 0:
        nxt = _dealer_after_draw(s, r, t, dealer)
        s.tv[t, TV_NEXT_MULT] = mult * r.params[P_DRAW_MULTIPLIER]
    else:
        md = r.params[P_DEALER_AFTER_MULTI_WIN]
        n_win = 0
        for q in range(n):
            n_win += (winners >> q) & 1
        if n_win >= 2 and md != 0 and r.params[P_BLOOD_BATTLE] == 0 and first_winner >= 0:
            # several winners on one discard (dealer_after_multi_win)
            if md == MULTI_DEALER_NEAREST_WINNER:
                nxt = first_winner
            elif md == MULTI_DEALER_DISCARDER and s.tv[t, TV_WIN_FROM] >= 0:
                nxt = s.tv[t, TV_WIN_FROM]
            elif md == MULTI_DEALER_STAYS_IF_DEALER_WON and (winners >> dealer) & 1:
                nxt = dealer
            else:
                nxt = first_winner
        elif rot == DEALER_WINNER_STAYS:
            nxt = dealer if (winners >> dealer) & 1 else (dealer + 1) % n
        elif rot == DEALER_ROTATE:
            nxt = (dealer + 1) % n
        elif rot == DEALER_DISCARDER_DEALS and s.tv[t, TV_WIN_FROM] >= 0:
            nxt = s.tv[t, TV_WIN_FROM]  # 点炮者坐庄 (sichuan); a self-draw: the winner
        else:
            nxt = first_winner
        s.tv[t, TV_NEXT_MULT] = 1
    if r.params[P_DRAW_COUNTER_RULE] != DRAW_COUNTER_MULTIPLY:
        _draw_counter(s, r, t, winners)
    if rot == DEALER_HOOK:
        nxt = _dealer_hook(s, r, t, winners, first_winner)
    s.tv[t, TV_NEXT_DEALER] = nxt
    rw = s.tv[t, TV_ROUND_WIND]
    if r.params[P_ROUND_WIND_RULE] == ROUND_WIND_ADVANCE:
        # the prevailing wind advances when the deal returns to the match's first dealer
        # ("每打完一圈，则按照东、南、西、北的次序转换风圈")
        if nxt != dealer and nxt == s.tv[t, TV_FIRST_DEALER]:
            rw = (rw + 1) % 4
    s.tv[t, TV_NEXT_ROUND_WIND] = rw
    s.tv[t, TV_NEXT_REPEAT] = s.tv[t, TV_REPEAT] + 1 if nxt == dealer else 0
    end_carry(s, r, t, winners)
    s.tv[t, TV_WINNERS] = winners
    s.tv[t, TV_WIN_KIND] = win_kind
    s.tv[t, TV_PHASE] = PH_DONE


@internal
def _ready_draw(s, r, t):
    """riichi exhaustive draw: which seats are ready (tenpai); the non-ready seats pay
    ``noten_penalty`` in total to the ready ones ("ready players receive 3000 in total
    from non-ready players"). The dealer's stay is ``dealer_on_draw="stays_if_ready"``."""
    n = r.params[P_N_PLAYERS]
    ready = np.zeros(4, dtype=np.bool_)
    nr = 0
    for p in range(n):
        ready[p] = s.pv[t, p, PV_READY] != 0 or _tenpai(s, r, t, p, s.hands[t, p])
        if ready[p]:
            nr += 1
    pen = r.params[P_NOTEN_PENALTY]
    if pen > 0 and 0 < nr < n:
        for p in range(n):
            if ready[p]:
                s.pv[t, p, PV_PAY] += pen // nr
            else:
                s.pv[t, p, PV_PAY] -= pen // (n - nr)


@internal
def _nagashi_mangan(s, r, t):
    """Riichi 流し満貫 (``nagashi_mangan``) at an exhaustive draw: each seat whose river holds
    only terminals and honours, none of them claimed, is paid a mangan as on a self-draw
    (basic points 2000: 4000 from each seat to the dealer; 4000 from the dealer and 2000 from
    each other seat to a non-dealer), no honba; returns True if any seat qualified (the noten
    payments are then not made, as on Tenhou)."""
    n = r.params[P_N_PLAYERS]
    dealer = s.tv[t, TV_DEALER]
    any_paid = False
    for p in range(n):
        m = s.pv[t, p, PV_N_RIVER]
        if m == 0:
            continue
        ok = True
        for i in range(m):
            k = np.int64(s.river[t, p, i])
            if (s.river_flags[t, p, i] & RF_CLAIMED) != 0 or (k < 27 and 0 < k % 9 < 8):
                ok = False
                break
        if not ok:
            continue
        any_paid = True
        for q in range(n):
            if q == p:
                continue
            pay = 4000 if (p == dealer or q == dealer) else 2000
            s.pv[t, q, PV_PAY] -= pay
            s.pv[t, p, PV_PAY] += pay
    return any_paid


@nb.njit(cache=True)
def draw_ready_pay(s, r, t):
    """查大叫 (``draw_ready_pay``) at an exhaustive draw: each seat still in is ready when some
    kind would complete a discard win its rules allow (:func:`mjsim.engine.win_check._win_ok`,
    every restriction applied, the discard taken as its next seat's); its 大叫 is the best value
    of those wins by the spec's fan table. Each seat still in and not ready pays each ready seat
    one share of the payment record for that value (:func:`mjsim.scoring.payments.pay_amount`,
    capped at ``payer_cap``), into ``PV_PAY``. Returns the amount moved."""
    n = r.params[P_N_PLAYERS]
    best = np.full(4, -2, np.int64)  # -2: out (already won), -1: not ready, > 0: the 大叫
    for q in range(n):
        if s.pv[t, q, PV_WON] != 0:
            continue
        best[q] = -1
        frm = np.int64((q + 1) % n)
        for k in range(34):
            if s.hands[t, q, k] >= 4:
                continue
            if _win_ok(s, r, t, q, np.int64(k), np.int64(WK_DISCARD), frm, np.bool_(False)):
                v = _value_with_tile(s, r, t, q, np.int64(k), np.int64(WK_DISCARD), frm)
                if v > best[q]:
                    best[q] = v
        s.items[t, q, :] = 0
        if best[q] == 0:
            best[q] = -1
    rec = r.pay_record
    moved = np.int64(0)
    for q in range(n):
        if best[q] != -1:
            continue
        for w in range(n):
            if best[w] <= 0:
                continue
            a = pay_amount(rec, best[w])
            if rec[K_PAYER_CAP] > 0 and a > rec[K_PAYER_CAP]:
                a = rec[K_PAYER_CAP]
            s.pv[t, q, PV_PAY] -= a
            s.pv[t, w, PV_PAY] += a
            moved += a
    return moved


_draw_ready_pay = only_for("table", draw_ready_pay)


@nb.njit(cache=True)
def _finish_draw(s, r, t):
    if r.params[P_FINAL_READY_DRAWS] > 0 and _pool_ready_draws(s, r, t):
        return  # the first ready seat may win on a pool tile
    _settle_kongs(s, r, t, np.int64(0), np.bool_(True))
    if r.params[P_NAGASHI_MANGAN] != 0 and _nagashi_mangan(s, r, t):
        pass  # nagashi mangan paid: no noten payments
    elif r.params[P_NOTEN_PENALTY] > 0:
        _ready_draw(s, r, t)
    if r.params[P_SCORING] == SCORING_SICHUAN:
        dajiao = np.zeros(4, dtype=np.int64)
        _sichuan_draw(r.scorer, s, r, t, dajiao)  # 查花猪, 查大叫, 退税 among the seats still in
    elif r.params[P_DRAW_READY_PAY] != 0 and r.params[P_SCORING] == SCORING_TABLE:
        _draw_ready_pay(r.scorer, s, r, t)  # 查大叫 (wuhan)
    won = _won_mask(s, r, t)
    if won != 0:
        # blood battle: the wall ran out after some wins
        _end_hand(s, r, t, won, np.int64(s.tv[t, TV_WIN_KIND]), np.int64(-1))
        return
    _end_hand(s, r, t, np.int64(0), np.int64(0), np.int64(-1))


@internal
def _pool_ready_draws(s, r, t):
    """``final_ready_draws`` (two_player "若有听牌则海底捞月"): the wall has run out and
    a seat declared ready: the first one (``TV_FIRST_READY``) draws from the unused pool
    (:func:`mjsim.engine.pool.pool_take`, recorded ``EV_POOL``) until a tile completes its hand
    (phase ``PH_POOL_DRAW``, returns True: WIN / PASS) or it has drawn ``final_ready_draws``
    tiles (returns False: the hand is drawn). A tile that does not complete the hand goes to the
    seat's river at once (the system plays a ready hand: "由系统自动帮玩家摸牌打牌")."""
    p = np.int64(s.tv[t, TV_FIRST_READY] - 1)
    if p < 0 or s.pv[t, p, PV_WON] != 0 or can_draw_normal(s, r, t):
        return False  # nobody ready, or the hand did not end by running out of tiles
    while s.tv[t, TV_POOL_DRAWS] < r.params[P_FINAL_READY_DRAWS]:
        k = pool_take(s, t)
        if k < 0:
            return False
        _rec(s, t, EV_POOL, p, k)
        s.tv[t, TV_N_DRAWS] += 1
        s.hands[t, p, k] += 1
        s.tv[t, TV_PHASE] = PH_POOL_DRAW  # seen by the scorer's F_POOL_DRAW flag
        s.tv[t, TV_SEAT] = p
        s.tv[t, TV_DRAWN] = k
        s.tv[t, TV_REPLACEMENT] = 0
        s.tv[t, TV_TILE] = -1
        if not _simple_win_ruled_out(s, r, t, s.hands[t, p], np.int64(-1)) and _win_ok(
            s, r, t, p, k, np.int64(WK_SELF_DRAW), np.int64(-1), np.bool_(False)
        ):
            return True
        s.hands[t, p, k] -= 1
        _add_river(s, t, p, k, 0)
    return False


@internal
def _abortive_draw(s, r, t):
    """End the hand as an abortive draw (riichi 途中流局: no payments, ``TV_RC_ABORT``)."""
    s.tv[t, TV_RC_ABORT] = 1
    _end_hand(s, r, t, 0, 0, -1)
