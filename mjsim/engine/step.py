"""Apply an action: the switch over the phases of play.

Owns :func:`apply_action` (a reaction-window answer, a pre-play choice 定缺 / opening small win /
stake / exchange, the Changsha 海底 offer, a grab, a final ready draw, or an own-turn action: win,
set-asides, kongs, a discard or a ready declaration, which opens the reaction window) and
:func:`step` (the same after checking the action against :func:`mjsim.engine.legal.legal_mask`).
The phase handlers of the pre-play choices and the 海底 offer live here too.

Order of play (rulebook order): deal (dealer ``hand_size + 1``, others ``hand_size``) -> flower
replacement from the tail -> the dealer's turn -> [own turn: discard / concealed or added kong /
self-draw win / declare ready] -> reaction window for the other seats (each seat with an option
is asked in turn order after the discarder; the hidden choices are resolved after all answered:
win > pung/kong > chow; all winners or only the nearest) -> claim or next seat's draw ... ->
robbing-a-kong window after an added (or concealed) kong -> replacement draw from the tail ->
exhaustive draw when the wall reaches the reserve -> settlement.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.actions import (
    CHOOSE_SUIT,
    DECLARE,
    FENG,
    KONG,
    KONG_DICE,
    N_ACTIONS,
    PUNG,
    READY_DISCARD,
    READY_SHOWN,
    SPECIAL_KONG,
    WIN,
)
from mjsim.engine.bets import bet_step
from mjsim.engine.board import O_PUNG, _add_meld, _add_river, _has_pung, _rec, _stand_clip
from mjsim.engine.claims import _resolve
from mjsim.engine.draws import SEABED_FORCED, SEABED_NOBODY, _draw_turn, _seabed_ask
from mjsim.engine.grab import _grab_after_discard, _grab_dealer, _grab_step
from mjsim.engine.hand_end import _abortive_draw, _end_hand, _finish_draw
from mjsim.engine.hooks_changsha import (
    changsha_declare,
    changsha_next_declarer,
    changsha_opening_settle,
)
from mjsim.engine.hooks_riichi import riichi_discard_dora
from mjsim.engine.kong_tiles import is_kong_only
from mjsim.engine.kongs import (
    _complete_kong,
    _feng,
    _flower_action,
    _kong_tile,
    _special_add,
    _special_kong,
    _wild_kong,
)
from mjsim.engine.legal import legal_mask
from mjsim.engine.lockouts import _missed_win
from mjsim.engine.pool import exchange_step
from mjsim.engine.reaction import _open_window
from mjsim.engine.red import red_added_kong, red_concealed_kong, red_discard
from mjsim.engine.special_kongs import added_group
from mjsim.engine.standing import _standing_discard
from mjsim.engine.state import (
    ERR_DONE,
    ERR_ILLEGAL,
    EV_ACT,
    EV_POOL,
    EV_WIN,
    PH_BET,
    PH_CHOOSE_SUIT,
    PH_DECLARE,
    PH_DONE,
    PH_EXCHANGE,
    PH_GRAB,
    PH_POOL_DRAW,
    PH_REACT,
    PH_SEABED,
    PH_TURN,
    PV_CAN_WIN,
    PV_CHOICE,
    PV_CHOW_READY,
    PV_LOCK,
    PV_MISSING,
    PV_N_RIVER,
    PV_N_WILD_DISCARDED,
    PV_OPTS,
    PV_PAY,
    PV_PUNG_LOCK,
    PV_RC_DOUBLE,
    PV_RC_IPPATSU,
    PV_READY,
    PV_READY_KIND,
    PV_VALUE,
    PV_WON,
    RF_FACE_DOWN,
    RF_READY,
    RK_DISCARD,
    RK_ROB_ADDED,
    RK_ROB_CONCEALED,
    TV_AFTER_DICE_KONG,
    TV_AFTER_KONG,
    TV_ASK0,
    TV_DEALER,
    TV_DICE_PENDING,
    TV_DICE_REPL,
    TV_DRAWN,
    TV_ERROR,
    TV_FIRST_READY,
    TV_FIRST_ROUND,
    TV_FORBID0,
    TV_FORBID1,
    TV_LAST_REGION,
    TV_N_DECISIONS,
    TV_N_DISCARDS,
    TV_PHASE,
    TV_RC_DORA_LATE,
    TV_RC_POT,
    TV_REACT_N,
    TV_REACT_POS,
    TV_REPLACEMENT,
    TV_SEABED0,
    TV_SEABED_N,
    TV_SEABED_TAKER,
    TV_SEAT,
    TV_TILE,
    TV_TILE_RED,
    WK_SELF_DRAW,
)
from mjsim.engine.win_context import _count_piao
from mjsim.engine.wins import _finish_win, _treasure_win
from mjsim.melds import MELD_ADDED_KONG, MELD_CONCEALED_KONG
from mjsim.rules.params import (
    MW_LIFT_OWN_DISCARD,
    P_GRAB_WILD,
    P_KAN_DORA_LATE,
    P_KONG_ONLY_TILES,
    P_MISSED_PUNG_LOCKOUT,
    P_MW_LIFT,
    P_N_PLAYERS,
    P_READY_DEPOSIT,
    P_READY_MODE0,
    P_READY_MODE1,
    P_RED_FIVES,
    P_ROB_KONG,
    P_SCORING,
    P_SPECIAL_KONGS,
    P_WILD_WAIT_CONTEXT,
    ROB_ADDED,
    ROB_ADDED_AND_CONCEALED,
    SCORING_RIICHI,
)
from mjsim.rules.scorer import only_for


@internal
def _pool_draw_step(s, r, t, a):
    """``PH_POOL_DRAW``: ``WIN`` is a self-draw win on the pool tile (海底捞月, flag
    ``F_POOL_DRAW``); ``PASS`` discards it and the next pool draw follows (or the hand is drawn)."""
    p = np.int64(s.tv[t, TV_SEAT])
    k = np.int64(s.tv[t, TV_DRAWN])
    _rec(s, t, EV_ACT, p, a)
    if a == WIN:
        _finish_win(s, r, t, 1 << p, np.int64(WK_SELF_DRAW), np.int64(-1), k)
        return
    s.hands[t, p, k] -= 1
    _add_river(s, t, p, k, 0)
    _finish_draw(s, r, t)


@nb.njit(cache=True)
def _choose_suit(s, r, t, a):
    """定缺: the current seat's hidden choice; revealed when every seat has chosen, then the
    dealer plays ("定缺：摸牌结束后由玩家选择一门花色作为该局游戏的定缺花色")."""
    n = r.params[P_N_PLAYERS]
    p = np.int64(s.tv[t, TV_SEAT])
    _rec(s, t, EV_ACT, p, a)
    s.pv[t, p, PV_CHOICE] = a - CHOOSE_SUIT
    q = (p + 1) % n
    dealer = s.tv[t, TV_DEALER]
    s.tv[t, TV_SEAT] = q
    if q == dealer:
        for i in range(n):
            s.pv[t, i, PV_MISSING] = s.pv[t, i, PV_CHOICE]
            s.pv[t, i, PV_CHOICE] = -1
        s.tv[t, TV_PHASE] = PH_TURN


@nb.njit(cache=True)
def _seabed(s, r, t, a):
    """changsha 海底漫游: the offered seat takes the last tile (DECLARE + 1) or refuses (PASS);
    when all refuse, the hand is drawn (rule D: the first seat offered deals), or the first seat
    offered must take it (``seabed_refused="first_seat_takes"``)."""
    p = np.int64(s.tv[t, TV_SEAT])
    _rec(s, t, EV_ACT, p, a)
    if a == DECLARE + 1:
        s.tv[t, TV_SEABED_TAKER] = p + 1
        _draw_turn(s, r, t, p)
        return
    n = r.params[P_N_PLAYERS]
    s.tv[t, TV_SEABED_N] += 1
    if s.tv[t, TV_SEABED_N] < n:
        s.tv[t, TV_SEAT] = (p + 1) % n
    asked = _seabed_ask(s, r, t)
    if asked == SEABED_NOBODY:
        _finish_draw(s, r, t)
    elif asked == SEABED_FORCED:
        _draw_turn(s, r, t, np.int64(s.tv[t, TV_SEABED0]))


@nb.njit(cache=True)
def _declare(s, r, t, a):
    """changsha opening small wins: the asked seat declares (DECLARE) or plays on (PASS); after
    the last asked seat the hand ends if anyone declared (the recommended default), else the dealer plays."""
    p = np.int64(s.tv[t, TV_SEAT])
    _rec(s, t, EV_ACT, p, a)
    if a == DECLARE:
        changsha_declare(s, r, t, p)
    q = changsha_next_declarer(s, r, t, p)
    if q >= 0:
        s.tv[t, TV_SEAT] = q
        return
    n = r.params[P_N_PLAYERS]
    dealer = s.tv[t, TV_DEALER]
    winners = 0
    first = -1
    for i in range(n):
        w = (dealer + i) % n
        if s.pv[t, w, PV_WON] != 0:
            winners |= 1 << w
            if first < 0:
                first = w
            _rec(s, t, EV_WIN, w, s.pv[t, w, PV_VALUE])
    s.tv[t, TV_SEAT] = dealer
    if winners == 0:
        s.tv[t, TV_PHASE] = PH_TURN
        return
    changsha_opening_settle(s, r, t, winners)
    _end_hand(s, r, t, winners, WK_SELF_DRAW, first)


#: the opening-small-win phase exists in changsha only: other scorers do not compile it
_declare_changsha = only_for("changsha", _declare)


@internal
def _declare_ready(s, t, p, kind):
    """Seat ``p`` declares ready with ready kind ``kind`` (``PV_READY_KIND``); the first seat
    to declare is remembered for the pool draws (final ready draws, "由先听牌的玩家进行海底捞月")."""
    s.pv[t, p, PV_READY] = 1
    if s.tv[t, TV_FIRST_READY] == 0:
        s.tv[t, TV_FIRST_READY] = p + 1
    s.pv[t, p, PV_READY_KIND] = kind


@nb.njit(cache=True)
def apply_action(s, r, t, a):
    """Apply action ``a`` for the current player WITHOUT checking legality (callers that took
    ``a`` from ``legal_mask`` use this; everyone else calls :func:`step`)."""
    ph = s.tv[t, TV_PHASE]
    s.tv[t, TV_N_DECISIONS] += 1
    if ph == PH_REACT:
        pos = s.tv[t, TV_REACT_POS]
        p = np.int64(s.tv[t, TV_ASK0 + pos])
        _rec(s, t, EV_ACT, p, a)
        s.pv[t, p, PV_CHOICE] = a
        if a != WIN and s.pv[t, p, PV_CAN_WIN] != 0:
            _missed_win(s, r, t, p)
        if (
            r.params[P_MISSED_PUNG_LOCKOUT] != 0
            and a != PUNG
            and a != WIN
            and (s.pv[t, p, PV_OPTS] & O_PUNG) != 0
        ):
            s.pv[t, p, PV_PUNG_LOCK] = s.tv[t, TV_TILE] + 1  # missed_pung_lockout
        pos += 1
        s.tv[t, TV_REACT_POS] = pos
        if pos >= s.tv[t, TV_REACT_N]:
            _resolve(s, r, t)
        return
    if ph == PH_CHOOSE_SUIT:
        _choose_suit(s, r, t, a)
        return
    if ph == PH_DECLARE:
        _declare_changsha(r.scorer, s, r, t, a)  # compiled for the changsha scorer only
        return
    if ph == PH_SEABED:
        _seabed(s, r, t, a)
        return
    if ph == PH_GRAB:
        _grab_step(s, r, t, a)  # 抢金
        return
    if ph == PH_BET:
        _rec(s, t, EV_ACT, np.int64(s.tv[t, TV_SEAT]), a)
        bet_step(s, r, t, a)  # pre-hand stakes
        return
    if ph == PH_EXCHANGE:
        p = np.int64(s.tv[t, TV_SEAT])
        _rec(s, t, EV_ACT, p, a)
        k = exchange_step(s, r, t, a)  # opening exchange
        if k >= 0:
            _rec(s, t, EV_POOL, p, k)
        return
    if ph == PH_POOL_DRAW:
        _pool_draw_step(s, r, t, a)  # final ready draws
        return
    p = np.int64(s.tv[t, TV_SEAT])
    _rec(s, t, EV_ACT, p, a)
    h = s.hands[t, p]
    if a == WIN:
        if _treasure_win(s, r, t, p):
            return
        _finish_win(
            s, r, t, 1 << p, np.int64(WK_SELF_DRAW), np.int64(-1), np.int64(s.tv[t, TV_DRAWN])
        )
        return
    if a == DECLARE + 3:
        _wild_kong(s, r, t, p)
        return
    if a == DECLARE + 2:
        _flower_action(s, r, t, p)  # 杠花
        return
    if a == DECLARE + 5:
        _grab_dealer(s, r, t, p)  # the dealer's 抢金
        return
    if a == DECLARE + 4:
        _abortive_draw(s, r, t)  # 九種九牌
        return
    if a >= FENG:
        _feng(s, r, t, p, np.int64(a - FENG))  # 放风 / 补风
        return
    if a >= SPECIAL_KONG:
        _special_kong(s, r, t, p, np.int64(a - SPECIAL_KONG))  # special kongs
        return
    if (
        KONG <= a < READY_DISCARD
        and r.params[P_SPECIAL_KONGS] != 0
        and added_group(s, t, p, a - KONG) >= 0
    ):
        _special_add(s, r, t, p, np.int64(a - KONG))  # 补杠 on a special kong
        return
    if (
        KONG <= a < READY_DISCARD
        and r.params[P_KONG_ONLY_TILES] != 0
        and is_kong_only(r.params, s.wild[t], a - KONG)
    ):
        _kong_tile(s, r, t, p, np.int64(a - KONG))
        return
    if KONG <= a < READY_DISCARD or KONG_DICE <= a < READY_SHOWN:
        dice = a >= KONG_DICE
        k = a - KONG_DICE if dice else a - KONG
        s.tv[t, TV_DICE_PENDING] = 1 if dice else 0
        rob = r.params[P_ROB_KONG]
        if h[k] == 4:
            red_concealed_kong(s, r, t, p, k)
            h[k] = 0
            _add_meld(s, t, p, MELD_CONCEALED_KONG, k, 0)
            if rob == ROB_ADDED_AND_CONCEALED:
                if _open_window(s, r, t, np.int64(RK_ROB_CONCEALED), k, p) > 0:
                    return
            _complete_kong(s, r, t, p, np.int64(MELD_CONCEALED_KONG), dice)
        else:
            red_added_kong(s, r, t, p, k)
            h[k] -= 1
            _stand_clip(s, t, p)
            i = _has_pung(s, t, p, k)
            s.melds[t, p, i, 0] = MELD_ADDED_KONG
            if rob == ROB_ADDED or rob == ROB_ADDED_AND_CONCEALED:
                if _open_window(s, r, t, np.int64(RK_ROB_ADDED), k, p) > 0:
                    return
            _complete_kong(s, r, t, p, np.int64(MELD_ADDED_KONG), dice)
        return
    # discard (plain or declaring ready)
    flag = 0
    if a >= READY_SHOWN:
        k = a - READY_SHOWN
        _declare_ready(s, t, p, r.params[P_READY_MODE1])  # the second ready kind
        flag = RF_READY
        if s.tv[t, TV_FIRST_ROUND] != 0 and s.pv[t, p, PV_N_RIVER] == 0:
            s.pv[t, p, PV_RC_DOUBLE] = 1  # 天听: ready on the first discard before any call
    elif a >= READY_DISCARD:
        k = a - READY_DISCARD
        _declare_ready(s, t, p, r.params[P_READY_MODE0])
        flag = RF_READY
        # riichi: deposit, ippatsu window, double riichi on the first discard before any call
        dep = r.params[P_READY_DEPOSIT]
        if dep > 0:
            s.pv[t, p, PV_PAY] -= dep
            s.tv[t, TV_RC_POT] += dep
        if s.tv[t, TV_FIRST_ROUND] != 0 and s.pv[t, p, PV_N_RIVER] == 0:
            s.pv[t, p, PV_RC_DOUBLE] = 1  # double riichi, 天听
        if r.params[P_SCORING] == SCORING_RIICHI:
            s.pv[t, p, PV_RC_IPPATSU] = 1
    else:
        k = a
        s.pv[t, p, PV_RC_IPPATSU] = 0  # riichi: the seat's next discard ends its ippatsu
    if r.params[P_MW_LIFT] == MW_LIFT_OWN_DISCARD:
        s.pv[t, p, PV_LOCK] = 0
    if flag != 0 or s.pv[t, p, PV_CHOW_READY] != 0:
        flag = _standing_discard(s, r, t, p, k, flag)  # else a no-op (saves the call)
    if r.params[P_RED_FIVES] != 0:
        # red fives: which copy goes (the plain one first); any other kind is never red
        if k == 4 or k == 13 or k == 22:
            red_discard(s, r, t, p, k)
        else:
            s.tv[t, TV_TILE_RED] = 0
    h[k] -= 1
    if s.wild[t, k] != 0:
        s.pv[t, p, PV_N_WILD_DISCARDED] += 1
        if r.params[P_WILD_WAIT_CONTEXT] != 0:
            _count_piao(s, r, t, p, k)  # 财飘
    _add_river(s, t, p, k, flag)
    s.tv[t, TV_N_DISCARDS] += 1
    if r.params[P_KAN_DORA_LATE] != 0 and s.tv[t, TV_RC_DORA_LATE] != 0:
        riichi_discard_dora(s, t)  # riichi: a waiting kan dora indicator is turned
    if s.pv[t, p, PV_N_RIVER] > 1:
        s.tv[t, TV_FIRST_ROUND] = 0
    s.tv[t, TV_AFTER_KONG] = s.tv[t, TV_REPLACEMENT]
    s.tv[t, TV_AFTER_DICE_KONG] = s.tv[t, TV_DICE_REPL]
    s.tv[t, TV_FORBID0] = -1
    s.tv[t, TV_FORBID1] = -1
    s.tv[t, TV_DRAWN] = -1
    if s.tv[t, TV_LAST_REGION] != 0:
        # a discard in the last-tiles region is dead (nobody claims or wins on it)
        s.tv[t, TV_LAST_REGION] = 0
        _draw_turn(s, r, t, (p + 1) % r.params[P_N_PLAYERS])
        return
    if (flag & RF_FACE_DOWN) != 0:
        # the standing tile of a ready declaration lies face down; nobody claims or wins it
        _draw_turn(s, r, t, (p + 1) % r.params[P_N_PLAYERS])
        return
    if r.params[P_GRAB_WILD] != 0 and _grab_after_discard(s, r, t, p, k):
        return  # the non-dealers may grab the gold before anyone claims the discard
    if _open_window(s, r, t, np.int64(RK_DISCARD), k, p) == 0:
        _draw_turn(s, r, t, (p + 1) % r.params[P_N_PLAYERS])


@nb.njit(cache=True)
def step(s, r, t, a, mask):
    """Check and apply action ``a`` on table ``t``; ``mask`` is a bool[N_ACTIONS] scratch buffer.

    Returns 0, or an error code (``ERR_ILLEGAL``: the action is outside the legal mask; the table
    stops with ``tv[t, TV_ERROR]`` set; ``ERR_DONE``: the hand is over)."""
    if s.tv[t, TV_ERROR] != 0:
        return s.tv[t, TV_ERROR]
    if s.tv[t, TV_PHASE] == PH_DONE:
        return ERR_DONE
    legal_mask(s, r, t, mask)
    if a < 0 or a >= N_ACTIONS or not mask[a]:
        s.tv[t, TV_ERROR] = ERR_ILLEGAL
        return ERR_ILLEGAL
    apply_action(s, r, t, a)
    return s.tv[t, TV_ERROR]
