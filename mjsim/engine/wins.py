"""Settle a win: values, payments, the blood battle, the 宝 win.

Owns :func:`_finish_win` (each winner in turn order after the discarder: value, record, the
family's payments or the one-payer-share rule, birds / horses, pre-hand stakes, 补风, carried
stakes; then 呼叫转移, 热炮, chickens, kong settlement and the end of the hand), the blood battle
血战到底 that plays on after a win (:func:`_blood_battle_goes_on`) and the 宝 win
(:func:`_treasure_win`).
"""

from __future__ import annotations

import numpy as np

from mjsim._jit import internal
from mjsim._stack import stack_empty
from mjsim.engine.bets import bet_win_payments
from mjsim.engine.board import _add_river, _rec, _won_mask
from mjsim.engine.carry import level_mult, stake_payments
from mjsim.engine.draws import _draw_turn
from mjsim.engine.hand_end import _end_hand, _settle_kongs
from mjsim.engine.honor_sets import feng_win_payments
from mjsim.engine.hooks_birds import bird_bonus
from mjsim.engine.hooks_changsha import changsha_pay
from mjsim.engine.hooks_guizhou import chicken_settle, chickens_active
from mjsim.engine.hooks_jipinghu import jipinghu_pay
from mjsim.engine.hooks_kong import kong_hot_shot
from mjsim.engine.hooks_riichi import riichi_pay
from mjsim.engine.hooks_sichuan import sichuan_transfer
from mjsim.engine.settle import win_payments
from mjsim.engine.state import (
    EV_WIN,
    PV_KONG_FROM,
    PV_N_KONG_TILES,
    PV_N_WILD_KONGS,
    PV_PAY,
    PV_READY,
    PV_READY_KIND,
    PV_SCORE,
    PV_VALUE,
    PV_WON,
    RF_WON,
    TV_AFTER_KONG,
    TV_DEALER,
    TV_DRAWN,
    TV_MULT,
    TV_N_KONGS,
    TV_REPLACEMENT,
    TV_SEAT,
    TV_WIN_FROM,
    TV_WIN_KIND,
    TV_WIN_TILE,
    TV_WINNERS,
    WK_DISCARD,
    WK_NONE,
    WK_ROB_KONG,
    WK_SELF_DRAW,
)
from mjsim.engine.treasure import _treasure_x
from mjsim.engine.win_check import _win_ok
from mjsim.engine.win_context import _value_with_tile
from mjsim.engine.win_payers import pay_snapshot
from mjsim.rules.params import (
    P_BIRDS,
    P_BLOOD_BATTLE,
    P_HONOR_SET_EXPOSURE,
    P_KONG_BLOOM_LIABLE,
    P_KONG_HOT_SHOT,
    P_N_PLAYERS,
    P_PRE_HAND_BET,
    P_ROB_KONG_AS_SELF_DRAW,
    P_SCORING,
    P_SHORT_DISCARDER_SPLIT,
    P_START_POINTS,
    P_WILD_RULE,
    SCORING_CHANGSHA,
    SCORING_JIPINGHU,
    SCORING_RIICHI,
    SCORING_SICHUAN,
    SCORING_TABLE,
    WILD_TREASURE,
)
from mjsim.rules.scorer import only_for
from mjsim.scoring.payments import (
    bonus_applies,
    dealer_terms_apply,
    pay_extras,
    pay_per_payer,
    payer_doublings,
    per_payer_on,
    responsible_bonus_pay,
    unready_discarder_pay,
    winner_kong_pay,
)

#: the payments of the families with a scorer of their own, compiled only for that scorer
_changsha_pay = only_for("changsha", changsha_pay)
_riichi_pay = only_for("riichi", riichi_pay)


@internal
def _treasure_win(s, r, t, p):
    """Apply a 宝 win of seat ``p`` (WIN at its turn when the drawn tile does not win naturally):
    the drawn tile stands for the kind of :func:`_treasure_x` while the win is scored and settled
    (the scorer sees a complete hand; ``TV_WIN_TILE`` is that kind), then the hand is restored.
    Returns False if this is not a 宝 win."""
    if r.params[P_WILD_RULE] != WILD_TREASURE:
        return False
    d = np.int64(s.tv[t, TV_DRAWN])
    if d < 0 or _win_ok(s, r, t, p, d, np.int64(WK_SELF_DRAW), np.int64(-1), np.bool_(False)):
        return False
    x = _treasure_x(s, r, t, p)
    if x < 0:
        return False
    h = s.hands[t, p]
    h[d] -= 1
    h[x] += 1
    _finish_win(s, r, t, 1 << p, np.int64(WK_SELF_DRAW), np.int64(-1), x)
    h[x] -= 1
    h[d] += 1
    return True


@internal
def _blood_battle_goes_on(s, r, t, winners, win_kind, frm, tile, last):
    """血战到底: after a win the hand continues until n - 1 seats have won or the wall ends
    ("1家胡了并不结束该局，而是未胡的玩家继续打，直到有3家都胡或者余下的玩家家流局"). The first
    win's kind / discarder / tile are kept; a self-drawn winning tile leaves the hand (flagged
    ``RF_WON`` in the winner's river) so every seat that has won keeps ``hand_size`` tiles.
    Returns True if play went on (the next seat after ``last`` still in draws)."""
    n = r.params[P_N_PLAYERS]
    if s.tv[t, TV_WIN_KIND] == WK_NONE:
        s.tv[t, TV_WIN_KIND] = win_kind
        s.tv[t, TV_WIN_FROM] = frm
        s.tv[t, TV_WIN_TILE] = tile
    if win_kind == WK_SELF_DRAW:
        s.hands[t, last, tile] -= 1
        _add_river(s, t, last, tile, RF_WON)
    won = _won_mask(s, r, t)
    n_won = 0
    for q in range(n):
        n_won += (won >> q) & 1
    s.tv[t, TV_WINNERS] = won
    if n_won >= n - 1:
        return False
    _draw_turn(s, r, t, (last + 1) % n)
    return True


@internal
def _kong_bloom_liable(s, t, p):
    """杠爆全包 (``kong_bloom_liable``): the seat that discarded the tile of the exposed kong
    whose replacement seat ``p`` has just drawn (and self-draws on), -1 when the win is not on
    such a replacement (``PV_KONG_FROM`` = 8 * kong number + 1 + discarder, recorded by the
    claim)."""
    kf = s.pv[t, p, PV_KONG_FROM]
    if s.tv[t, TV_REPLACEMENT] == 1 and kf > 0 and (kf >> 3) == s.tv[t, TV_N_KONGS]:
        return (kf & 7) - 1
    return -1


@internal
def _per_payer_pay(s, r, t, p, v, frm, robbed, still, dealer, buf):
    """Replace ``buf`` by the payments of a win whose shares depend on each payer's own melds
    (the payment record's per-payer terms, 武汉 开口翻 / 口口翻:
    :func:`mjsim.scoring.payments.pay_per_payer`). ``frm``: the discarder or robbed seat, -1
    on a self-draw; ``dealer``: the dealer's seat, -1 when the record's dealer terms do not
    apply to this win."""
    n = r.params[P_N_PLAYERS]
    kt = stack_empty(4, np.int64)
    wk = stack_empty(4, np.int64)
    d = stack_empty(4, np.int64)
    for q in range(4):
        kt[q] = s.pv[t, q, PV_N_KONG_TILES] if q < n else 0
        wk[q] = s.pv[t, q, PV_N_WILD_KONGS] if q < n else 0
        d[q] = 0
    payer_doublings(r.pay_record, s.melds[t], kt, wk, p, n, d)
    buf[:] = 0
    pay_per_payer(r.pay_record, v, p, frm, dealer, still, robbed, d, buf)


@internal
def _short_discarder_split(s, r, t, frm, owed, before):
    """``short_discarder_split`` (济南 "按照实际番数比例分配"): when two or more winners of one
    discard are owed ``owed`` (int64[4], what the discarder ``frm`` paid each for its win) and
    the discarder's points (``start_points`` + its score + ``before``, its ``PV_PAY`` before
    these wins) fall short of the total, it pays what it has (at least 0), shared in proportion
    to what each is owed; the integer remainder goes to the nearest winner after the discarder.
    Only money between the discarder and the winners moves: the vector stays zero-sum."""
    n = r.params[P_N_PLAYERS]
    total = np.int64(0)
    nw = 0
    for q in range(n):
        if owed[q] > 0:
            total += owed[q]
            nw += 1
    if nw < 2:
        return
    avail = np.int64(r.params[P_START_POINTS] + s.pv[t, frm, PV_SCORE] + before)
    if avail >= total:
        return
    if avail < 0:
        avail = np.int64(0)
    given = np.int64(0)
    first = -1
    for i in range(1, n):
        q = (frm + i) % n
        if owed[q] <= 0:
            continue
        if first < 0:
            first = q
        share = avail * owed[q] // total
        back = owed[q] - share
        s.pv[t, frm, PV_PAY] += back
        s.pv[t, q, PV_PAY] -= back
        given += share
    if first >= 0:
        s.pv[t, frm, PV_PAY] -= avail - given
        s.pv[t, first, PV_PAY] += avail - given


@internal
def _finish_win(s, r, t, winners, win_kind, frm, tile):
    n = r.params[P_N_PLAYERS]
    mult = level_mult(s, r, t, s.tv[t, TV_MULT])  # 上楼 (dealer_level_max)
    first = -1
    split = r.params[P_SHORT_DISCARDER_SPLIT] != 0 and frm >= 0 and win_kind == WK_DISCARD
    owed = stack_empty(4, np.int64)
    owed[:] = 0
    before = np.int64(s.pv[t, frm, PV_PAY]) if frm >= 0 else np.int64(0)
    rob_self = win_kind == WK_ROB_KONG and r.params[P_ROB_KONG_AS_SELF_DRAW] != 0
    s.tv[t, TV_WINNERS] = winners  # visible to the scorer's flags (一炮三响)
    for i in range(n):
        # winners in turn order after the discarder (self-draw: the drawer)
        p = (frm + 1 + i) % n if frm >= 0 else (s.tv[t, TV_SEAT] + i) % n
        if (winners >> p) & 1 == 0:
            continue
        if first < 0:
            first = p
        v = _value_with_tile(s, r, t, p, tile, win_kind, frm)
        s.pv[t, p, PV_VALUE] = v
        s.pv[t, p, PV_WON] = 1
        _rec(s, t, EV_WIN, p, v)
        if v < 0:
            # the fan table has no reading of a win the engine allowed: kept as -1 in
            # PV_VALUE (an invariant violation, mjsim.engine.invariants) and paid as 0
            v = 0
        buf = stack_empty(4, np.int64)  # no heap allocation per win (mjsim/_stack.py)
        buf[:] = 0
        still = stack_empty(4, np.bool_)
        still[:] = False
        for q in range(n):
            still[q] = s.pv[t, q, PV_WON] == 0 or q == p
        pay0 = pay_snapshot(s, t)  # birds / horses multiply this win's payments
        d0 = np.int64(s.pv[t, frm, PV_PAY]) if frm >= 0 else np.int64(0)
        dl = np.int64(s.tv[t, TV_DEALER])
        if r.params[P_SCORING] == SCORING_TABLE and not dealer_terms_apply(
            r.pay_record, s.items[t, p]
        ):
            dl = np.int64(-1)  # the record's dealer terms are for one row only (武汉 屁胡)
        if r.params[P_SCORING] == SCORING_JIPINGHU:
            jipinghu_pay(s, r, t, p, v, win_kind, frm, mult)
        elif r.params[P_SCORING] == SCORING_CHANGSHA:
            _changsha_pay(r.scorer, s, r, t, p, v, win_kind, frm, tile, mult)
        elif r.params[P_SCORING] == SCORING_RIICHI:
            _riichi_pay(r.scorer, s, r, t, p, v, win_kind, frm, first == p)
        elif win_payments(
            r,
            v,
            p,
            frm if (win_kind != WK_SELF_DRAW and not rob_self) else -1,
            dl,
            still,
            buf,
        ):
            # the family produced the whole payment vector of this win
            if r.params[P_SCORING] == SCORING_TABLE and per_payer_on(r.pay_record):
                _per_payer_pay(
                    s, r, t, p, v, frm if win_kind != WK_SELF_DRAW else -1,
                    win_kind == WK_ROB_KONG, still, dl, buf,
                )  # fmt: skip
            if r.params[P_SCORING] == SCORING_TABLE and win_kind != WK_SELF_DRAW and not rob_self:
                # the payment record's unready-discarder term (太原 放铳 +1)
                unready_discarder_pay(r.pay_record, p, frm, s.pv[t, frm, PV_READY] != 0, buf)
                # the shown-ready discarder pays double (济南 明楼), 承包 after three chows
                shown = s.pv[t, frm, PV_READY] != 0 and s.pv[t, frm, PV_READY_KIND] != 0
                pay_extras(r.pay_record, p, frm, n, s.melds[t, p], shown, buf)
            if r.params[P_SCORING] == SCORING_TABLE and bonus_applies(r.pay_record, s.items[t, p]):
                # the payment record's bonus for its responsible payers (南昌 德国 +5)
                responsible_bonus_pay(
                    r.pay_record,
                    p,
                    frm if (win_kind != WK_SELF_DRAW and not rob_self) else -1,
                    still,
                    True,
                    buf,
                )
            if rob_self:
                # 抢杠全包: the robbed seat pays every share of the self-draw
                for q in range(n):
                    if q != p and q != frm:
                        buf[frm] += buf[q]
                        buf[q] = 0
            elif r.params[P_KONG_BLOOM_LIABLE] != 0 and win_kind == WK_SELF_DRAW:
                lb = _kong_bloom_liable(s, t, p)
                if lb >= 0:
                    # 杠爆全包: the kong tile's discarder pays every share
                    for q in range(n):
                        if q != p and q != lb:
                            buf[lb] += buf[q]
                            buf[q] = 0
            for q in range(n):
                s.pv[t, q, PV_PAY] += buf[q] * mult
            if r.params[P_SCORING] == SCORING_TABLE:
                # kong money to the winner only (北京 "不赢没钱"), not levelled up ("杠不上楼")
                buf[:] = 0
                winner_kong_pay(r.pay_record, s.melds[t, p], p, n, s.tv[t, TV_MULT], buf)
                for q in range(n):
                    s.pv[t, q, PV_PAY] += buf[q]
        elif win_kind == WK_SELF_DRAW or rob_self:
            for q in range(n):
                if q != p:
                    payer = frm if rob_self else q
                    s.pv[t, payer, PV_PAY] -= v * mult
                    s.pv[t, p, PV_PAY] += v * mult
        else:
            s.pv[t, frm, PV_PAY] -= v * mult
            s.pv[t, p, PV_PAY] += v * mult
        if r.params[P_BIRDS] > 0:
            bird_bonus(s, r, t, p, tile, pay0)
        if r.params[P_PRE_HAND_BET] != 0:
            bet_win_payments(s, r, t, p, pay0, mult)  # pre-hand stakes
        if r.params[P_HONOR_SET_EXPOSURE] != 0:
            feng_win_payments(s, r, t, p, pay0)  # ± 补风
        stake_payments(s, r, t, p, frm if (win_kind != WK_SELF_DRAW and not rob_self) else -1)
        if split:
            owed[p] = d0 - s.pv[t, frm, PV_PAY]
    if split:
        _short_discarder_split(s, r, t, frm, owed, before)  # 济南: a discarder short of points
    if r.params[P_SCORING] == SCORING_SICHUAN and win_kind == WK_DISCARD:
        if s.tv[t, TV_AFTER_KONG] != 0:
            sichuan_transfer(s, r, t, frm, winners)  # 呼叫转移 on 杠上炮
    if r.params[P_KONG_HOT_SHOT] != 0 and win_kind == WK_DISCARD and s.tv[t, TV_AFTER_KONG] != 0:
        kong_hot_shot(s, r, t, frm, winners)  # guizhou 热炮
    if r.params[P_BLOOD_BATTLE] != 0:
        last = s.tv[t, TV_SEAT] if frm < 0 else frm
        for i in range(n):
            q = (frm + 1 + i) % n if frm >= 0 else last
            if (winners >> q) & 1:
                last = q
        if _blood_battle_goes_on(s, r, t, winners, win_kind, frm, tile, last):
            return
        won = np.int64(s.tv[t, TV_WINNERS])
        _settle_kongs(s, r, t, won, np.bool_(False))
        _end_hand(s, r, t, won, np.int64(s.tv[t, TV_WIN_KIND]), first)
        return
    s.tv[t, TV_WIN_FROM] = frm
    s.tv[t, TV_WIN_TILE] = tile
    if chickens_active(r):
        chicken_settle(
            s, r, t, winners, win_kind, tile
        )  # chickens 鸡 (chicken_flip, open_chicken, hero_chicken)
    _settle_kongs(s, r, t, winners, np.bool_(False))
    _end_hand(s, r, t, winners, win_kind, first)
