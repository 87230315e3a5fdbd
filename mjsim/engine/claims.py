"""How a discard is claimed: resolve the answers of a reaction window.

Owns :func:`_resolve`: when every asked seat has answered, win > kong / pung > chow-ready 吃听 >
chow (all winners, or the nearest, or the two-wild pair first, per ``multi_winner``; three
discard winners abort under ``all_max2``); a robbed kong leaves its meld; a pung of an added tile
voids the addition (抢叉); otherwise the claim is applied (:func:`_after_claim`: the missed-win
lockout ends, the family's claim hook) or the next seat draws. Also honour chows
(:func:`_honor_chow_claim`) and the chow-ready claim (:func:`_chow_ready_claim`).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.actions import (
    CHOW_HIGH,
    CHOW_LOW,
    CHOW_MID,
    CHOW_READY_LOW,
    EXPOSED_KONG,
    PASS,
    PUNG,
    WIN,
)
from mjsim.engine.board import _add_meld, _add_river, _rec
from mjsim.engine.draws import _draw_turn
from mjsim.engine.hand_end import _end_hand
from mjsim.engine.honor_chows import honor_chow_tiles
from mjsim.engine.hooks_jipinghu import jipinghu_on_claim
from mjsim.engine.hooks_riichi import riichi_pao_claim
from mjsim.engine.hooks_wild_bonus import wild_bonus_on_claim
from mjsim.engine.kongs import _complete_kong
from mjsim.engine.red import red_call, red_claimed, red_robbed, red_robbed_concealed
from mjsim.engine.shapes import _wild_pair
from mjsim.engine.special_kongs import special_kong_unadd
from mjsim.engine.state import (
    EV_CALL,
    PH_TURN,
    PV_CAN_WIN,
    PV_CHOICE,
    PV_CHOW_READY,
    PV_KONG_FROM,
    PV_LOCK,
    PV_N_EXPOSED,
    PV_N_MELDS,
    PV_N_RIVER,
    PV_RC_IPPATSU,
    RF_CLAIMED,
    RF_ROBBED,
    RF_WON,
    RK_DISCARD,
    RK_ROB_ADDED,
    TV_ASK0,
    TV_DICE_PENDING,
    TV_DICE_REPL,
    TV_DRAWN,
    TV_FIRST_ROUND,
    TV_FORBID0,
    TV_FORBID1,
    TV_FROM,
    TV_N_KONGS,
    TV_PHASE,
    TV_RC_ABORT,
    TV_REACT_KIND,
    TV_REACT_N,
    TV_REACT_POS,
    TV_REPLACEMENT,
    TV_SEAT,
    TV_TILE,
    WK_DISCARD,
    WK_ROB_KONG,
)
from mjsim.engine.wins import _finish_win
from mjsim.melds import (
    MELD_ADDED_KONG,
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_HONOR_CHOW,
    MELD_KONG,
    MELD_NONE,
    MELD_PUNG,
)
from mjsim.rules.params import (
    MULTI_ALL_MAX2,
    MULTI_NEAREST,
    MULTI_NEAREST_WILD_PAIR,
    MW_LIFT_ANY_MOVE,
    P_FORBID_CHOW_SAME_DISCARD,
    P_FORBID_PUNG_SAME_DISCARD,
    P_KONG_BLOOM_LIABLE,
    P_MULTI_WINNER,
    P_MW_LIFT,
    P_N_PLAYERS,
    P_PAO,
    P_SCORING,
    P_SPECIAL_KONGS,
    P_WILD_BONUS_FEEDER,
    SCORING_JIPINGHU,
)


@internal
def _chow_ready_claim(s, t, p, ca):
    """A 吃听 claim won the window: seat ``p`` must declare ready with its discard; returns the
    plain chow action it applies."""
    if ca >= CHOW_READY_LOW:
        s.pv[t, p, PV_CHOW_READY] = 1
        return ca - CHOW_READY_LOW + CHOW_LOW
    return ca


@internal
def _honor_chow_claim(s, r, t, claimer, d, k, ca, src):
    """nanchang "三张不重复的同类的字牌可以组成一副顺子": the honour chow ``ca`` (CHOW_LOW /
    MID / HIGH = choice 0 / 1 / 2 of :func:`mjsim.engine.honor_chows.honor_chow_tiles`) of the
    discarded honour ``k``; meld row ``(MELD_HONOR_CHOW, left-out wind or 31, src)``."""
    a, b, mk = honor_chow_tiles(k, np.int64(ca - CHOW_LOW))
    h = s.hands[t, claimer]
    h[a] -= 1
    h[b] -= 1
    _add_meld(s, t, claimer, MELD_HONOR_CHOW, mk, src)
    _after_claim(s, r, t, claimer, d, ca)
    if r.params[P_FORBID_CHOW_SAME_DISCARD] != 0:
        s.tv[t, TV_FORBID0] = k


@internal
def _after_claim(s, r, t, claimer, d, action):
    """A claim was applied (meld added): a claim is a move (漏和 ends), then the family hook."""
    if r.params[P_MW_LIFT] == MW_LIFT_ANY_MOVE:
        s.pv[t, claimer, PV_LOCK] = 0
    if r.params[P_SCORING] == SCORING_JIPINGHU:
        jipinghu_on_claim(s, r, t, claimer, d, action)
    elif r.params[P_KONG_BLOOM_LIABLE] != 0 and action == EXPOSED_KONG:
        # 杠爆全包: the replacement draw that follows is kong number TV_N_KONGS + 1
        s.pv[t, claimer, PV_KONG_FROM] = 8 * (s.tv[t, TV_N_KONGS] + 1) + 1 + d


@nb.njit(cache=True)
def _resolve(s, r, t):
    """All asked seats answered: apply win > pung/kong > chow, else continue play."""
    n = r.params[P_N_PLAYERS]
    m = s.tv[t, TV_REACT_N]
    kind = s.tv[t, TV_REACT_KIND]
    k = np.int64(s.tv[t, TV_TILE])
    d = np.int64(s.tv[t, TV_FROM])
    winners = 0
    mw = r.params[P_MULTI_WINNER]
    nearest = mw == MULTI_NEAREST or mw == MULTI_NEAREST_WILD_PAIR
    wild_pair = -1  # the nearest winner whose pair is two wilds (金雀)
    claimer = -1
    ca = PASS
    chower = -1
    cha = PASS
    crdy = -1  # 吃听 (chow_ready_any_seat): the nearest chow-ready claimant
    cra = PASS
    for i in range(m):
        q = s.tv[t, TV_ASK0 + i]
        c = s.pv[t, q, PV_CHOICE]
        s.pv[t, q, PV_CHOICE] = -1
        s.pv[t, q, PV_CAN_WIN] = 0
        if c == WIN:
            if not (nearest and winners != 0):
                winners |= 1 << q
            if mw == MULTI_NEAREST_WILD_PAIR and wild_pair < 0 and _wild_pair(s, r, t, q, k):
                wild_pair = q
        elif c == PUNG or c == EXPOSED_KONG:
            if claimer < 0:
                claimer = q
                ca = c
        elif c == CHOW_LOW or c == CHOW_MID or c == CHOW_HIGH:
            if chower < 0:
                chower = q
                cha = c
        elif c >= CHOW_READY_LOW:
            if crdy < 0:
                crdy = q
                cra = c
    s.tv[t, TV_REACT_N] = 0
    s.tv[t, TV_REACT_POS] = 0
    if wild_pair >= 0:
        winners = 1 << wild_pair  # fuzhou "不论位置先后，金雀优先胡"
    if winners != 0 and mw == MULTI_ALL_MAX2:
        nw = 0
        for q in range(n):
            nw += (winners >> q) & 1
        if nw >= 3:
            # riichi: three discard winners = abortive draw (三家和)
            s.tv[t, TV_RC_ABORT] = 1
            _end_hand(s, r, t, 0, 0, -1)
            return
    if winners != 0:
        if kind == RK_DISCARD:
            i = s.pv[t, d, PV_N_RIVER] - 1
            s.river_flags[t, d, i] |= RF_WON
            _finish_win(s, r, t, winners, np.int64(WK_DISCARD), d, k)
        else:
            # the robbed tile leaves the kong: an added kong reverts to a pung, a robbed
            # concealed kong goes back to three concealed tiles; the tile lies in the river
            for i in range(s.pv[t, d, PV_N_MELDS]):
                mt = s.melds[t, d, i, 0]
                if s.melds[t, d, i, 1] == k and (
                    mt == MELD_ADDED_KONG or mt == MELD_CONCEALED_KONG
                ):
                    if mt == MELD_ADDED_KONG:
                        s.melds[t, d, i, 0] = MELD_PUNG
                    else:
                        last = s.pv[t, d, PV_N_MELDS] - 1
                        for f in range(3):
                            s.melds[t, d, i, f] = s.melds[t, d, last, f]
                            s.melds[t, d, last, f] = MELD_NONE
                        s.pv[t, d, PV_N_MELDS] = last
                        s.hands[t, d, k] += 3
                    break
            if r.params[P_SPECIAL_KONGS] != 0 and kind == RK_ROB_ADDED:
                special_kong_unadd(s, t, d, k)  # a robbed addition to a special kong
            _add_river(s, t, d, k, RF_ROBBED | RF_WON)
            if kind == RK_ROB_ADDED:
                red_robbed(s, r, t, d, k)  # a red added tile goes to the river
            else:
                red_robbed_concealed(s, r, t, d, k)
            _finish_win(s, r, t, winners, np.int64(WK_ROB_KONG), d, k)
        return
    if kind != RK_DISCARD:
        if kind == RK_ROB_ADDED and claimer >= 0 and ca == PUNG:
            # 抢叉: the addition is void (the kong reverts to a pung) and the added tile,
            # placed in the konger's river, is punged like a discard
            for i in range(s.pv[t, d, PV_N_MELDS]):
                if s.melds[t, d, i, 0] == MELD_ADDED_KONG and s.melds[t, d, i, 1] == k:
                    s.melds[t, d, i, 0] = MELD_PUNG
                    break
            if r.params[P_SPECIAL_KONGS] != 0:
                special_kong_unadd(s, t, d, k)  # 抢叉 of an addition to a special kong
            _add_river(s, t, d, k, np.int64(RF_ROBBED))
            red_robbed(s, r, t, d, k)
            s.tv[t, TV_DICE_PENDING] = 0
        else:
            mtype = np.int64(MELD_ADDED_KONG if kind == RK_ROB_ADDED else MELD_CONCEALED_KONG)
            _complete_kong(s, r, t, d, mtype, s.tv[t, TV_DICE_PENDING] != 0)
            return
    if crdy >= 0 and (claimer < 0 or ca == PUNG):
        claimer = crdy  # 胡 > 杠 > 吃听 > 碰 > 吃
        ca = cra
    if claimer < 0 and chower >= 0:
        claimer = chower
        ca = cha
    if claimer < 0:
        _draw_turn(s, r, t, (d + 1) % n)
        return
    i = s.pv[t, d, PV_N_RIVER] - 1
    s.river_flags[t, d, i] |= RF_CLAIMED
    _rec(s, t, EV_CALL, claimer, ca)
    ca = _chow_ready_claim(s, t, claimer, ca)
    src = (d - claimer) % n
    s.tv[t, TV_FIRST_ROUND] = 0
    for q in range(n):
        s.pv[t, q, PV_RC_IPPATSU] = 0  # riichi: a call ends every ippatsu
    h = s.hands[t, claimer]
    red_claimed(s, r, t, claimer, k)  # a red discard goes into the meld
    s.pv[t, claimer, PV_N_EXPOSED] += 1
    if r.params[P_WILD_BONUS_FEEDER] != 0:
        wild_bonus_on_claim(s, r, t, claimer, d, k)  # who fed a claimed 精
    s.tv[t, TV_SEAT] = claimer
    s.tv[t, TV_PHASE] = PH_TURN
    s.tv[t, TV_DRAWN] = -1
    s.tv[t, TV_REPLACEMENT] = 0
    s.tv[t, TV_DICE_REPL] = 0
    s.tv[t, TV_FORBID0] = -1
    s.tv[t, TV_FORBID1] = -1
    s.tv[t, TV_TILE] = -1
    if ca == PUNG:
        red_call(s, r, t, claimer, k, np.int64(2))
        h[k] -= 2
        _add_meld(s, t, claimer, MELD_PUNG, k, src)
        _after_claim(s, r, t, claimer, d, ca)
        if r.params[P_PAO] != 0:
            riichi_pao_claim(s, r, t, claimer, d, k, np.int64(MELD_PUNG))  # riichi pao
        if r.params[P_FORBID_PUNG_SAME_DISCARD] != 0:
            s.tv[t, TV_FORBID0] = k  # kuikae: not the claimed kind again this turn
    elif ca == EXPOSED_KONG:
        red_call(s, r, t, claimer, k, np.int64(3))
        h[k] -= 3
        _add_meld(s, t, claimer, MELD_KONG, k, src)
        _after_claim(s, r, t, claimer, d, ca)
        if r.params[P_PAO] != 0:
            riichi_pao_claim(s, r, t, claimer, d, k, np.int64(MELD_KONG))  # riichi pao
        _complete_kong(s, r, t, claimer, np.int64(MELD_KONG), False)
    elif k >= 27:
        _honor_chow_claim(s, r, t, claimer, d, k, ca, src)  # honour chow
    else:
        lo = k if ca == CHOW_LOW else (k - 1 if ca == CHOW_MID else k - 2)
        for j in range(lo, lo + 3):
            if j != k:
                red_call(s, r, t, claimer, np.int64(j), np.int64(1))
                h[j] -= 1
        _add_meld(s, t, claimer, MELD_CHOW, lo, src)
        _after_claim(s, r, t, claimer, d, ca)
        if r.params[P_FORBID_CHOW_SAME_DISCARD] != 0:
            s.tv[t, TV_FORBID0] = k
            if ca == CHOW_LOW and k % 9 <= 5:
                s.tv[t, TV_FORBID1] = k + 3
            elif ca == CHOW_HIGH and k % 9 >= 3:
                s.tv[t, TV_FORBID1] = k - 3
