"""The deal: a hand starts here.

Owns :func:`reset_table` (clear the table keeping the running scores, shuffle from the hand key,
deal, standing tiles, the wild indicator, the opening flower replacement, the wild kinds and the
宝, then the first phase: the dealer's turn, 定缺, changsha's opening small wins, pre-hand stakes
or the opening exchange), :func:`next_hand` (the next hand of a match from the carry-over computed
at settlement) and :func:`_turn_indicator` (the wild indicator turned at the deal).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.engine.bets import bet_start
from mjsim.engine.board import (
    _flower_quad_reserve,
    _is_flower,
    _keeps_flower,
    _rec,
    _set_aside,
    _wild_flower_group,
    wild_successor,
)
from mjsim.engine.carry import carry_pot_in, carry_pot_out
from mjsim.engine.draws import _draw_tile, _take
from mjsim.engine.hooks_changsha import changsha_next_declarer
from mjsim.engine.pool import exchange_start, pool_reset
from mjsim.engine.red import red_deal, red_deal_hands
from mjsim.engine.rng import AGENT_SALT, below, dice_pair, splitmix64
from mjsim.engine.standing import _deal_standing
from mjsim.engine.state import (
    EV_DEAL,
    EV_DRAW_TAIL,
    EV_FLOWER,
    EV_INDICATOR,
    PH_CHOOSE_SUIT,
    PH_DECLARE,
    PH_TURN,
    PV_CHOICE,
    PV_HELD_FLOWERS,
    PV_MISSING,
    PV_N_FLOWERS,
    PV_SCORE,
    TV_DEALER,
    TV_DICE0,
    TV_DICE1,
    TV_DRAWN,
    TV_FIRST_DEALER,
    TV_FIRST_ROUND,
    TV_FLOWER_HOLD,
    TV_FORBID0,
    TV_FORBID1,
    TV_FROM,
    TV_HAND_NO,
    TV_HEAD,
    TV_IND_OUT,
    TV_IND_POS,
    TV_INDICATOR,
    TV_MULT,
    TV_N_DRAWS,
    TV_NEXT_DEALER,
    TV_NEXT_LEVEL,
    TV_NEXT_MULT,
    TV_NEXT_REPEAT,
    TV_NEXT_ROUND_WIND,
    TV_NEXT_STAKE,
    TV_NEXT_STREAK,
    TV_PHASE,
    TV_RED_POS,
    TV_REPEAT,
    TV_ROUND_WIND,
    TV_SEAT,
    TV_STAND_FOR,
    TV_STREAK,
    TV_TAIL,
    TV_TILE,
    TV_WALL_LEN,
    TV_WIN_FROM,
    TV_WIN_TILE,
)
from mjsim.engine.treasure import _treasure_reset
from mjsim.melds import MELD_NONE
from mjsim.rules.params import (
    IND_DICE_SMALL,
    IND_DICE_SUM,
    IND_TAIL_FIRST,
    OPENING_FLOWERS_ROUNDS,
    P_FLOWER_REPLACEMENT,
    P_HAND_SIZE,
    P_HONORS_ARE_FLOWERS,
    P_INDICATOR_IN_PLAY,
    P_INDICATOR_SOURCE,
    P_MISSING_SUIT_CHOICE,
    P_N_PLAYERS,
    P_N_TILES,
    P_OPENING_EXCHANGE,
    P_OPENING_FLOWER_ORDER,
    P_PRE_HAND_BET,
    P_RED_FIVES,
    P_SCORING,
    P_STANDING_TILES,
    P_WALL_TILES_USED,
    P_WILD_FLOWER_GROUPS,
    P_WILD_OFFSETS,
    P_WILD_RULE,
    P_WILD_STAND_IN,
    SCORING_CHANGSHA,
    WILD_FIXED,
    WILD_INDICATOR,
    WILD_INDICATOR_NEXT,
    WILD_TREASURE,
)
from mjsim.rules.scorer import only_for
from mjsim.scoring.changsha import CS_OPENING

#: opening small wins, compiled only for the changsha scorer (-1: nobody declares)
_changsha_next_declarer = only_for("changsha", changsha_next_declarer, default=-1)


@nb.njit(cache=True)
def reset_table(
    s, r, t, key, hand_no, dealer, round_wind, repeat, mult, shuffle, first_dealer=-1, streak=0
):
    """Start a hand on table ``t``: clear it (running scores kept), shuffle the wall from ``key``
    (uint64) unless ``shuffle`` is False (then ``s.wall[t]`` holds a scripted order), deal and
    replace flowers. Leaves the dealer to act.

    The opening dice ``tv[t, TV_DICE0 / TV_DICE1]`` (1..6) are a pure function of ``key``
    (:func:`mjsim.engine.rng.dice_pair`), so they do not depend on the thread count and a replay
    rolls the same. ``first_dealer``: dealer of the match's first hand (``round_wind_rule=
    "advance_after_cycle"``); -1 (default) = seat 0. ``streak``: the carry-over draw counter
    (``draw_counter_rule``) carried in."""
    n = r.params[P_N_PLAYERS]
    red_pos = np.zeros(12, np.int32)  # red fives placed by the caller of a scripted wall
    for i in range(12):
        red_pos[i] = s.tv[t, TV_RED_POS + i]
    s.hands[t, :, :] = 0
    s.melds[t, :, :, :] = MELD_NONE
    s.river[t, :, :] = 0
    s.river_flags[t, :, :] = 0
    s.tv[t, :] = 0
    for p in range(s.pv.shape[1]):
        sc = s.pv[t, p, PV_SCORE]
        s.pv[t, p, :] = 0
        s.pv[t, p, PV_SCORE] = sc
        s.pv[t, p, PV_MISSING] = -1
        s.pv[t, p, PV_CHOICE] = -1
    s.wild[t, :] = 0
    s.items[t, :, :] = 0
    s.rng[t, 0] = key
    s.rng[t, 1] = np.uint64(0)
    s.rng[t, 2] = splitmix64(key ^ AGENT_SALT)
    s.rng[t, 3] = np.uint64(0)
    total = r.params[P_N_TILES]
    if shuffle:
        i = 0
        for k in range(42):
            for _ in range(r.tile_counts[k]):
                s.wall[t, i] = k
                i += 1
        for i in range(total - 1, 0, -1):
            j = below(s.rng, t, 0, i + 1)
            tmp = s.wall[t, i]
            s.wall[t, i] = s.wall[t, j]
            s.wall[t, j] = tmp
        # the game stream serves only the shuffle: restart its counter so that a replay from the
        # recorded wall (no shuffle) ends in an identical state
        s.rng[t, 1] = np.uint64(0)
    tv = s.tv
    if not shuffle:
        for i in range(12):
            tv[t, TV_RED_POS + i] = red_pos[i]
    red_deal(s, r, t, not shuffle)
    tv[t, TV_HEAD] = 0
    tv[t, TV_TAIL] = total
    if r.params[P_WALL_TILES_USED] > 0:
        tv[t, TV_TAIL] = r.params[P_WALL_TILES_USED]  # the rest is an unused pool
        pool_reset(s, r, t)
    tv[t, TV_WALL_LEN] = total
    tv[t, TV_DEALER] = dealer
    tv[t, TV_ROUND_WIND] = round_wind
    tv[t, TV_HAND_NO] = hand_no
    tv[t, TV_REPEAT] = repeat
    tv[t, TV_MULT] = mult
    tv[t, TV_TILE] = -1
    tv[t, TV_FROM] = -1
    tv[t, TV_DRAWN] = -1
    tv[t, TV_FORBID0] = -1
    tv[t, TV_FORBID1] = -1
    tv[t, TV_WIN_FROM] = -1
    tv[t, TV_WIN_TILE] = -1
    tv[t, TV_INDICATOR] = -1
    tv[t, TV_FIRST_ROUND] = 1
    tv[t, TV_NEXT_DEALER] = dealer
    tv[t, TV_NEXT_REPEAT] = repeat
    tv[t, TV_NEXT_MULT] = mult
    d0, d1 = dice_pair(key, 0)
    tv[t, TV_DICE0] = d0
    tv[t, TV_DICE1] = d1
    tv[t, TV_FIRST_DEALER] = first_dealer if first_dealer >= 0 else 0
    tv[t, TV_NEXT_ROUND_WIND] = round_wind
    tv[t, TV_STREAK] = streak
    tv[t, TV_NEXT_STREAK] = streak
    _rec(s, t, EV_DEAL, dealer, hand_no)
    hs = r.params[P_HAND_SIZE]
    head = 0
    for i in range(n):
        seat = (dealer + i) % n
        for _ in range(hs):
            k = np.int64(s.wall[t, head])
            s.hands[t, seat, k] += 1
            if (k == 4 or k == 13 or k == 22) and r.params[P_RED_FIVES] != 0:
                red_deal_hands(s, r, t, seat, head, k)  # only a five may be red
            head += 1
    last = np.int64(s.wall[t, head])
    s.hands[t, dealer, last] += 1
    if (last == 4 or last == 13 or last == 22) and r.params[P_RED_FIVES] != 0:
        red_deal_hands(s, r, t, dealer, head, last)
    head += 1
    tv[t, TV_HEAD] = head
    if r.params[P_STANDING_TILES] != 0:
        _deal_standing(s, r, t, dealer)
    if r.params[P_WILD_FLOWER_GROUPS] != 0:
        _turn_indicator(s, r, t, dealer)  # a turned flower's group is kept, not replaced
    # flower replacement from the tail, from the dealer: seat by seat, or in rounds
    f_lo = 27 if r.params[P_HONORS_ARE_FLOWERS] != 0 else 34
    if r.params[P_OPENING_FLOWER_ORDER] == OPENING_FLOWERS_ROUNDS:
        last = _opening_flowers_in_rounds(s, r, t, dealer, f_lo, last)
    else:  # each seat replaces until it holds no flower (a drawn flower at once)
        for i in range(n):
            seat = (dealer + i) % n
            nf = 0
            for f in range(f_lo, 42):
                if f >= 34 and s.hands[t, seat, f] > 0 and _keeps_flower(s, t, seat, f):
                    continue  # a wild flower stays in the hand
                for _ in range(s.hands[t, seat, f]):
                    _rec(s, t, EV_FLOWER, seat, f)
                    nf += 1
                if f < 34:
                    for _ in range(s.hands[t, seat, f]):
                        _set_aside(s, t, seat, f)
                        _flower_quad_reserve(s, r, t, seat, f)
            s.pv[t, seat, PV_N_FLOWERS] = nf
            for _ in range(nf):
                k = _take(s, r, t, seat, True)
                if seat == dealer and k >= 0:
                    last = k
    if _is_flower(r, last) and (
        last < 34 or (s.pv[t, dealer, PV_HELD_FLOWERS] >> (last - 34)) & 1 == 0
    ):
        last = -1
    if r.params[P_WILD_FLOWER_GROUPS] == 0:
        tv[t, TV_IND_POS] = -1
    tv[t, TV_STAND_FOR] = -1
    if r.params[P_WILD_RULE] == WILD_FIXED:
        for k in range(34):
            s.wild[t, k] = r.wild[k]
    elif (
        r.params[P_WILD_RULE] == WILD_INDICATOR or r.params[P_WILD_RULE] == WILD_INDICATOR_NEXT
    ) and r.params[P_WILD_FLOWER_GROUPS] == 0:
        _turn_indicator(s, r, t, dealer)
    elif r.params[P_WILD_RULE] == WILD_TREASURE:
        _treasure_reset(s, r, t)
    if r.params[P_WILD_STAND_IN] >= 0:
        for k in range(34):
            if s.wild[t, k] != 0:
                tv[t, TV_STAND_FOR] = k
                break
    tv[t, TV_PHASE] = PH_TURN
    tv[t, TV_SEAT] = dealer
    tv[t, TV_DRAWN] = last
    tv[t, TV_FLOWER_HOLD] = r.params[P_FLOWER_REPLACEMENT]  # from now on flowers are held
    if r.params[P_MISSING_SUIT_CHOICE] != 0:
        # 定缺: every seat from the dealer chooses a void suit before play (CHOOSE_SUIT)
        tv[t, TV_PHASE] = PH_CHOOSE_SUIT
    if r.params[P_SCORING] == SCORING_CHANGSHA and r.score_table[CS_OPENING] != 0:
        # changsha: seats with an opening small win may declare it (DECLARE) or play on (PASS)
        q = _changsha_next_declarer(r.scorer, s, r, t, -1)
        if q >= 0:
            tv[t, TV_PHASE] = PH_DECLARE
            tv[t, TV_SEAT] = q
    if r.params[P_PRE_HAND_BET] != 0:
        bet_start(s, r, t)  # 下炮子 / 坐庄·拉庄: stakes before the dealer's first action
    if r.params[P_OPENING_EXCHANGE] != 0:
        exchange_start(s, r, t)  # 开始时换牌: swaps with the unused pool before play


@nb.njit(cache=True)
def next_hand(s, r, t, key):
    """Deal the next hand of a match on table ``t`` after a finished one, from the game key
    ``key`` (uint64): hand number + 1 and the carry-over the engine computed at settlement
    (``TV_NEXT_DEALER``, ``TV_NEXT_ROUND_WIND`` per ``round_wind_rule``, ``TV_NEXT_REPEAT``,
    ``TV_NEXT_MULT``, the match's first dealer); running scores are kept."""
    tv = s.tv
    pot = carry_pot_out(s, r, t)
    lv = tv[t, TV_NEXT_LEVEL]
    st = tv[t, TV_NEXT_STAKE]
    reset_table(
        s,
        r,
        t,
        key,
        np.int64(tv[t, TV_HAND_NO] + 1),
        np.int64(tv[t, TV_NEXT_DEALER]),
        np.int64(tv[t, TV_NEXT_ROUND_WIND]),
        np.int64(tv[t, TV_NEXT_REPEAT]),
        np.int64(tv[t, TV_NEXT_MULT]),
        np.bool_(True),
        np.int64(tv[t, TV_FIRST_DEALER]),
        np.int64(tv[t, TV_NEXT_STREAK]),
    )
    carry_pot_in(s, t, pot, lv, st)


@internal
def _opening_flowers_in_rounds(s, r, t, dealer, f_lo, last):
    """The opening flower replacement in rounds (``opening_flower_order="rounds"``; fuzhou
    "通过多轮直到所有玩家手上的牌均是“索、万、饼”为止"): in each round every seat holding a flower, in
    turn from the dealer, sets aside all it holds (kinds ``f_lo``..41; a wild flower stays in the
    hand) and draws as many from the tail; a flower drawn waits for the next round, and rounds
    repeat until no seat holds one. Returns the dealer's last drawn tile (``last``, its 17th
    dealt tile, if it drew none)."""
    n = r.params[P_N_PLAYERS]
    held = np.zeros((n, 42), np.int64)  # flowers each seat sets aside in this round
    for seat in range(n):
        for f in range(f_lo, 42):
            c = s.hands[t, seat, f]
            if c > 0 and not (f >= 34 and _keeps_flower(s, t, seat, f)):
                held[seat, f] = c
    more = True
    while more:
        more = False
        drawn = np.zeros((n, 42), np.int64)  # flowers drawn in this round: the next round's
        for i in range(n):
            seat = (dealer + i) % n
            nf = 0
            for f in range(f_lo, 42):
                for _ in range(held[seat, f]):
                    _rec(s, t, EV_FLOWER, seat, f)
                    _set_aside(s, t, seat, f)
                    _flower_quad_reserve(s, r, t, seat, f)
                    nf += 1
            s.pv[t, seat, PV_N_FLOWERS] += nf
            for _ in range(nf):
                k = _draw_tile(s, r, t, seat, True)
                if k < 0:
                    break
                if seat == dealer:
                    last = k
                if _is_flower(r, k) and not _keeps_flower(s, t, seat, k):
                    drawn[seat, k] += 1
                    more = True
        held = drawn
    return last


@internal
def _turn_indicator(s, r, t, dealer):
    """Turn the wild indicator and mark the wild kinds; the indicator stays in
    the wall (``indicator_in_play``) or is skipped by every later draw.

    Sources: "tail_first" = the first tile from the tail after flower replacement, a flower there
    goes to the dealer and the next is turned (fuzhou "补完花后从牌尾翻开的第一张就是“金”");
    "dice_small_from_tail" / "dice_sum_from_tail" = the top tile of the d-th stack from the tail
    (ningbo "小点确定百搭"; tianjin): stack 1 = wall positions tail-1 (top) and
    tail-2; a flower there is passed over toward the head; "last_wall_tile" = wall[tail - 1]
    (harbin/yingkou "最后一张牌是会"). The dice are the hand's opening roll
    ``TV_DICE0 / TV_DICE1`` (set by reset_table from the hand key, so a replay rolls the same)."""
    src = r.params[P_INDICATOR_SOURCE]
    head = s.tv[t, TV_HEAD]
    tail = s.tv[t, TV_TAIL]
    if src == IND_TAIL_FIRST:
        while tail - 1 > head and _is_flower(r, np.int64(s.wall[t, tail - 1])):
            f = np.int64(s.wall[t, tail - 1])
            tail -= 1
            s.tv[t, TV_TAIL] = tail
            _rec(s, t, EV_DRAW_TAIL, dealer, f)
            _rec(s, t, EV_FLOWER, dealer, f)
            s.hands[t, dealer, f] += 1
            _set_aside(s, t, dealer, f)
            _flower_quad_reserve(s, r, t, dealer, f)
            s.pv[t, dealer, PV_N_FLOWERS] += 1
            s.tv[t, TV_N_DRAWS] += 1
        pos = tail - 1
    elif src == IND_DICE_SMALL or src == IND_DICE_SUM:
        d0 = s.tv[t, TV_DICE0]
        d1 = s.tv[t, TV_DICE1]
        d = min(d0, d1) if src == IND_DICE_SMALL else d0 + d1
        pos = max(tail - 2 * d + 1, head)
    else:
        pos = tail - 1
    while (
        pos > head
        and _is_flower(r, np.int64(s.wall[t, pos]))
        and r.params[P_WILD_FLOWER_GROUPS] == 0
    ):
        pos -= 1
    ind = np.int64(s.wall[t, pos])
    s.tv[t, TV_IND_POS] = pos
    s.tv[t, TV_IND_OUT] = 0 if r.params[P_INDICATOR_IN_PLAY] != 0 else 1
    s.tv[t, TV_INDICATOR] = ind
    _rec(s, t, EV_INDICATOR, dealer, ind)
    if ind >= 34:
        _wild_flower_group(s, t, ind)  # wild_flower_groups: never with flowers passed over
        return
    offs = r.params[P_WILD_OFFSETS]
    k = ind
    for o in range(3):
        if (offs >> o) & 1:
            s.wild[t, k] = 1
        k = wild_successor(r, k)
