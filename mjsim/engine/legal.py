"""Legal actions: who decides, and which actions are legal.

Owns :func:`current_player` and :func:`legal_mask` (every phase: the pre-play choices, the
reaction window from the options computed when it opened, and the own turn: self-draw win, the
last-tiles region, kongs under the ready lock (:func:`_kong_keeps_waits`), dice kongs
(:func:`_dice_kong_mask`), special kongs, honour sets, wild kongs, flowers (:func:`_flower_action_mask`),
the gold grab, discards, ready declarations, the nine-terminals abort, standing tiles and kong-only
tiles).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.actions import (
    CHOOSE_SUIT,
    CHOW_HIGH,
    CHOW_LOW,
    CHOW_MID,
    DECLARE,
    EXPOSED_KONG,
    KONG,
    KONG_DICE,
    PASS,
    PUNG,
    READY_DISCARD,
    READY_SHOWN,
    WIN,
)
from mjsim.engine.aborts import nine_terminals
from mjsim.engine.bets import bet_mask
from mjsim.engine.board import (
    O_CHOW_HIGH,
    O_CHOW_LOW,
    O_CHOW_MID,
    O_CHOW_READY_LOW,
    O_KONG,
    O_PUNG,
    O_WIN,
    _in_void,
    _pung_bits,
    _void_count,
    _wild_kong_kind,
    _wilds_active,
    can_draw_normal,
    remaining,
)
from mjsim.engine.grab import _grab_dealer_discard
from mjsim.engine.hand_bits import hand_bits, isolated_bits, popcount
from mjsim.engine.honor_sets import feng_mask, feng_pending
from mjsim.engine.kong_tiles import kong_only_mask
from mjsim.engine.lockouts import _locked
from mjsim.engine.pool import exchange_mask
from mjsim.engine.reaction import _chow_ready_mask
from mjsim.engine.shapes import (
    _SEVEN_PAIRS_ANY,
    _SIMPLE_SHAPES,
    _non_orphans,
    _orphan_kinds,
    _simple_win_ruled_out_bits,
    _simple_win_rules,
    _tenpai,
    _wait_mask,
)
from mjsim.engine.special_kongs import special_kong_mask
from mjsim.engine.standing import _standing_turn_mask
from mjsim.engine.state import (
    PH_BET,
    PH_CHOOSE_SUIT,
    PH_DECLARE,
    PH_DONE,
    PH_EXCHANGE,
    PH_GRAB,
    PH_POOL_DRAW,
    PH_REACT,
    PH_SEABED,
    PV_CHOW_READY,
    PV_DICE_LOCK,
    PV_HELD_FLOWERS,
    PV_MISSING,
    PV_N_EXPOSED,
    PV_N_MELDS,
    PV_N_RIVER,
    PV_OPTS,
    PV_READY,
    PV_SCORE,
    TV_ASK0,
    TV_DEALER,
    TV_DRAWN,
    TV_ERROR,
    TV_FIRST_ROUND,
    TV_FORBID0,
    TV_FORBID1,
    TV_GRAB,
    TV_LAST_REGION,
    TV_N_DISCARDS,
    TV_N_KONGS,
    TV_PHASE,
    TV_REACT_POS,
    TV_SEABED_TAKER,
    TV_SEAT,
    TV_WILD_FLOWERS,
    WK_SELF_DRAW,
)
from mjsim.engine.treasure import _treasure_x
from mjsim.engine.win_check import _must_win, _win_ok
from mjsim.kernels.shanten import shanten
from mjsim.rules.params import (
    KONG_AFTER_PUNG_ANY,
    KONG_READY_ANY,
    KONG_READY_KEEP_WAITS,
    KONG_READY_NONE,
    P_ALLOW_ADDED_KONG,
    P_ALLOW_CONCEALED_KONG,
    P_ALLOW_READY,
    P_DICE_KONG,
    P_DORA,
    P_FIRST_TURN_NO_ADDED_KONG,
    P_FLOWER_REPLACEMENT,
    P_GRAB_WILD,
    P_HONOR_CHOWS,
    P_HONOR_SET_EXPOSURE,
    P_IMAGINED_WILD,
    P_KONG_AFTER_PUNG,
    P_KONG_AFTER_READY,
    P_KONG_ONLY_TILES,
    P_LAST_TILE_REPLACEMENT,
    P_NO_CLAIMS_LAST_DISCARD,
    P_NO_KONG_AFTER_PUNG,
    P_PAIR_RULE,
    P_READY_FIRST_DISCARD_ONLY,
    P_READY_MIN_POINTS,
    P_READY_MODE0,
    P_READY_MODE1,
    P_READY_REQUIRES_CLOSED,
    P_RIICHI_ABORTS,
    P_SCORING,
    P_SPECIAL_KONGS,
    P_STANDING_TILES,
    P_START_POINTS,
    P_VOID_KONG,
    P_WALL_RESERVE,
    P_WILD_KONG,
    P_WILD_RULE,
    P_WIN_SHAPES,
    SCORING_CHANGSHA,
    SHAPE_STANDARD,
    SHAPE_THIRTEEN_ORPHANS,
    VOID_KONG_ANY,
    VOID_KONG_NONE,
    WILD_TREASURE,
)


@internal
def _flower_action_mask(s, r, t, p, mask):
    """杠花: ``DECLARE + 2`` exposes a held flower that is not wild, with a replacement from
    the tail, on a turn that began with a draw (the caller's kong-turn test: "碰后不能立即杠牌
    （包括杠花），下一轮才能杠", ningbo). Returns how many were set (0 or 1)."""
    if remaining(s, t) <= 0:
        return 0
    if (s.pv[t, p, PV_HELD_FLOWERS] & ~s.tv[t, TV_WILD_FLOWERS]) == 0:
        return 0
    mask[DECLARE + 2] = True
    return 1


@nb.njit(cache=True, inline="always")
def current_player(s, t):
    """Seat to decide on table ``t``, or -1 when the hand is over or the table has an error."""
    ph = s.tv[t, TV_PHASE]
    if ph == PH_DONE or s.tv[t, TV_ERROR] != 0:
        return -1
    if ph == PH_REACT:
        return s.tv[t, TV_ASK0 + s.tv[t, TV_REACT_POS]]
    return s.tv[t, TV_SEAT]


@nb.njit(cache=True)
def legal_mask(s, r, t, mask):
    """Fill ``mask`` (bool[N_ACTIONS]) with the legal actions of the current player of table
    ``t``; returns how many are legal (0 only when the hand is over or the table errored)."""
    mask[:] = False
    ph = s.tv[t, TV_PHASE]
    if ph == PH_DONE or s.tv[t, TV_ERROR] != 0:
        return 0
    prm = r.params
    if ph == PH_DECLARE:
        mask[DECLARE] = True
        mask[PASS] = True
        return 2
    if ph == PH_SEABED:
        mask[DECLARE + 1] = True
        mask[PASS] = True
        return 2
    if ph == PH_GRAB:
        mask[DECLARE + 5] = True  # 抢金: grab the gold and win, or pass
        mask[PASS] = True
        return 2
    if ph == PH_BET:
        return bet_mask(s, r, t, mask)  # pre-hand stakes
    if ph == PH_EXCHANGE:
        return exchange_mask(s, r, t, mask)  # opening exchange
    if ph == PH_POOL_DRAW:
        mask[WIN] = True  # the pool tile completes the first ready seat's hand
        mask[PASS] = True
        return 2
    if ph == PH_CHOOSE_SUIT:
        # 定缺 (全国各地麻将玩法总汇): two suits dealt -> the third is forced; one suit -> either other one
        p = np.int64(s.tv[t, TV_SEAT])
        held = 0
        for k in range(27):
            if s.hands[t, p, k] > 0:
                held |= 1 << (k // 9)
        n = 0
        for v in range(3):
            if held == 7 or (held >> v) & 1 == 0:
                mask[CHOOSE_SUIT + v] = True
                n += 1
        return n
    if ph == PH_REACT:
        p = np.int64(s.tv[t, TV_ASK0 + s.tv[t, TV_REACT_POS]])
        opts = s.pv[t, p, PV_OPTS]  # computed when the window opened (nothing it reads changed)
        if (opts & O_WIN) and _must_win(s, r, t, p):
            mask[WIN] = True
            return 1
        mask[PASS] = True
        n = 1
        if opts & O_WIN:
            mask[WIN] = True
            n += 1
        if opts & O_PUNG:
            mask[PUNG] = True
            n += 1
        if opts & O_KONG:
            mask[EXPOSED_KONG] = True
            n += 1
        if opts & O_CHOW_LOW:
            mask[CHOW_LOW] = True
            n += 1
        if opts & O_CHOW_MID:
            mask[CHOW_MID] = True
            n += 1
        if opts & O_CHOW_HIGH:
            mask[CHOW_HIGH] = True
            n += 1
        if opts >= O_CHOW_READY_LOW:
            n += _chow_ready_mask(opts, mask)
        return n
    # own turn
    p = np.int64(s.tv[t, TV_SEAT])
    h = s.hands[t, p]
    drawn = np.int64(s.tv[t, TV_DRAWN])
    if prm[P_HONOR_SET_EXPOSURE] != 0 and feng_pending(s, t, p):
        nf = feng_mask(s, r, t, p, drawn, remaining(s, t), mask)  # finish the 放风 set
        if nf > 0:
            return nf
    locked = _locked(s, r, t, p)
    if r.params[P_SCORING] == SCORING_CHANGSHA and s.tv[t, TV_SEABED_TAKER] == p + 1:
        locked = True  # the 海底 taker wins or exposes the tile (the recommended default)
    n = 0
    # one branch-free pass; the mask functions below read h (trials restore it)
    total, occ, odd, lone, four = hand_bits(h)
    if (
        drawn >= 0
        and not (
            _simple_win_rules(s, r, t)
            and _simple_win_ruled_out_bits(r, h, np.int64(-1), total, occ, odd, lone)
        )
        and _win_ok(s, r, t, p, drawn, np.int64(WK_SELF_DRAW), np.int64(-1), np.bool_(False))
    ) or (prm[P_WILD_RULE] == WILD_TREASURE and _treasure_x(s, r, t, p) >= 0):
        mask[WIN] = True
        n += 1
        if _must_win(s, r, t, p):
            return 1
    if (s.tv[t, TV_LAST_REGION] != 0 or s.pv[t, p, PV_DICE_LOCK] != 0) and drawn >= 0:
        # in the last-tiles region the drawer wins or gives up the drawn tile;
        # 开杠 made (changsha): "一旦掷骰子后摸进任何牌掷骰子者如果不能胡则必须打出"
        mask[drawn] = True
        return n + 1
    vh = _void_count(s, t, p, h)
    kong_turn = drawn >= 0 or prm[P_KONG_AFTER_PUNG] == KONG_AFTER_PUNG_ANY
    if prm[P_NO_CLAIMS_LAST_DISCARD] != 0 and not can_draw_normal(s, r, t):
        kong_turn = False  # no kong after drawing the last tile
    if prm[P_DORA] != 0 and s.tv[t, TV_N_KONGS] >= 4:
        kong_turn = False  # riichi: at most 4 kongs
    first_dealer = (
        prm[P_FIRST_TURN_NO_ADDED_KONG] != 0
        and p == s.tv[t, TV_DEALER]
        and s.pv[t, p, PV_N_RIVER] == 0
    )
    kar = prm[P_KONG_AFTER_READY]
    # void_suit_kong: kongs before the 定缺 suit is cleared; last_tile_replacement="kept_back"
    # (code 1): a kong needs a live tile besides the last one
    void_ok = vh == 0 or prm[P_VOID_KONG] != VOID_KONG_NONE
    if kong_turn and remaining(s, t) > prm[P_LAST_TILE_REPLACEMENT] and void_ok:
        pungs = _pung_bits(s, t, p)
        # the kinds that may pass the test below: four held, or a pung to add to
        cand = four if prm[P_ALLOW_CONCEALED_KONG] != 0 else 0
        if prm[P_ALLOW_ADDED_KONG] != 0 and not first_dealer:
            cand |= pungs & occ
        for k in range(34):
            if (cand >> k) & 1 == 0:
                continue
            c = h[k]
            ok = False
            if c == 4 and prm[P_ALLOW_CONCEALED_KONG] != 0:
                ok = True
            elif prm[P_ALLOW_ADDED_KONG] != 0 and (pungs >> k) & 1 and not first_dealer:
                ok = prm[P_NO_KONG_AFTER_PUNG] == 0 or k == drawn
            if ok and vh > 0:
                # a void-suit tile is held: never a kong of the void suit; "concealed" allows
                # only a concealed kong (four held), "any" an added kong too
                ok = not _in_void(s, t, p, k) and (c == 4 or prm[P_VOID_KONG] == VOID_KONG_ANY)
            if ok and locked and kar != KONG_READY_ANY:
                if k != drawn or kar == KONG_READY_NONE:
                    ok = False
                else:
                    rm = 4 if c == 4 else 1
                    if kar == KONG_READY_KEEP_WAITS:
                        ok = _kong_keeps_waits(s, r, t, p, h, k, rm)
                    else:
                        h[k] -= rm
                        ok = _tenpai(s, r, t, p, h)
                        h[k] += rm
            if ok:
                mask[KONG + k] = True
                n += 1
        if prm[P_DICE_KONG] != 0 and vh == 0:
            n += _dice_kong_mask(s, r, t, p, h, mask)
    if prm[P_SPECIAL_KONGS] != 0 and not locked and vh == 0:
        # 旋风杠 / 喜杠 / 幺九蛋 on the first turn, and additions to them
        n += special_kong_mask(s, r, t, p, kong_turn, first_dealer, remaining(s, t), mask)
    if prm[P_HONOR_SET_EXPOSURE] != 0:
        n += feng_mask(s, r, t, p, drawn, remaining(s, t), mask)  # 放风 / 补风
    if prm[P_WILD_KONG] != 0 and not locked and remaining(s, t) > 0:
        if _wild_kong_kind(s, t, p) >= 0:
            mask[DECLARE + 3] = True  # set a wild aside (赖子杠)
            n += 1
    if prm[P_FLOWER_REPLACEMENT] != 0 and kong_turn and not locked:
        n += _flower_action_mask(s, r, t, p, mask)  # 杠花
    if prm[P_GRAB_WILD] != 0 and s.tv[t, TV_GRAB] == 0 and s.tv[t, TV_N_DISCARDS] == 0:
        if p == s.tv[t, TV_DEALER] and _grab_dealer_discard(s, r, t, p) >= 0:
            mask[DECLARE + 5] = True  # the dealer's 抢金
            n += 1
    f0 = s.tv[t, TV_FORBID0]
    f1 = s.tv[t, TV_FORBID1]
    disc = occ  # the kinds held
    if f0 >= 0:
        disc &= ~(np.int64(1) << f0)
    if f1 >= 0:
        disc &= ~(np.int64(1) << f1)
    if locked and drawn >= 0:
        disc &= np.int64(1) << drawn
    if vh > 0:
        disc &= np.int64(0x1FF) << (9 * s.pv[t, p, PV_MISSING])  # 定缺: the void suit first
    if disc == 0:  # safety net: never leave a live decision without a discard
        disc = occ
    for k in range(34):
        mask[k] = mask[k] | ((disc >> k) & 1 != 0)
    n += popcount(disc)
    ready_ok = prm[P_ALLOW_READY] != 0 and s.pv[t, p, PV_READY] == 0
    if ready_ok and prm[P_READY_REQUIRES_CLOSED] != 0:
        # riichi: a closed hand, just drawn, with 4+ tiles left in the live wall
        ready_ok = (
            s.pv[t, p, PV_N_EXPOSED] == 0
            and drawn >= 0
            and remaining(s, t) - prm[P_WALL_RESERVE] >= 4
        )
    if ready_ok and prm[P_READY_FIRST_DISCARD_ONLY] != 0:
        # 扣听: only with the seat's first discard of the first go-round, before any call
        ready_ok = s.tv[t, TV_FIRST_ROUND] != 0 and s.pv[t, p, PV_N_RIVER] == 0
    if ready_ok and prm[P_READY_MIN_POINTS] > 0:
        # the points floor (riichi: 1000, the deposit): start_points + the running score
        ready_ok = prm[P_START_POINTS] + s.pv[t, p, PV_SCORE] >= prm[P_READY_MIN_POINTS]
    if ready_ok:
        shapes = prm[P_WIN_SHAPES]
        maybe = True
        if (
            (shapes & ~_SIMPLE_SHAPES) == 0
            and not _wilds_active(s, r, t, p)
            and prm[P_IMAGINED_WILD] == 0
        ):
            # necessary conditions; removing one tile lowers the isolated count by at most one
            maybe = False
            if (shapes & SHAPE_STANDARD) != 0 and popcount(
                isolated_bits(occ, lone, prm[P_HONOR_CHOWS])
            ) <= 2:
                sh = shanten(
                    h[:34],
                    (total - 2) // 3,
                    np.int64(0),
                    prm[P_PAIR_RULE],
                    prm[P_HONOR_CHOWS],
                    np.int64(SHAPE_STANDARD),
                )
                maybe = sh <= 0
            if not maybe and s.pv[t, p, PV_N_MELDS] == 0:
                pairs = 0
                for k in range(34):
                    pairs += h[k] // 2
                maybe = (shapes & _SEVEN_PAIRS_ANY) != 0 and pairs >= 6
                if not maybe and (shapes & SHAPE_THIRTEEN_ORPHANS) != 0:
                    maybe = _non_orphans(h) <= 1 and _orphan_kinds(h) >= 12
        if maybe:
            for k in range(34):
                if not mask[k]:
                    continue
                h[k] -= 1
                ok = _tenpai(s, r, t, p, h)
                h[k] += 1
                if ok:
                    if prm[P_READY_MODE0] >= 0:
                        mask[READY_DISCARD + k] = True
                        n += 1
                    if prm[P_READY_MODE1] >= 0:
                        mask[READY_SHOWN + k] = True  # the second ready kind
                        n += 1
    if prm[P_RIICHI_ABORTS] != 0 and s.tv[t, TV_FIRST_ROUND] != 0 and nine_terminals(s, t, p):
        mask[DECLARE + 4] = True  # 九種九牌 (abortive draw, the seat's choice)
        n += 1
    if prm[P_STANDING_TILES] != 0 or s.pv[t, p, PV_CHOW_READY] != 0:
        n = _standing_turn_mask(s, r, t, p, mask)
    if prm[P_KONG_ONLY_TILES] != 0:
        n = kong_only_mask(prm, s.wild[t], h, remaining(s, t), mask, n)  # kong-only tiles
    return n


@nb.njit(cache=True)
def _kong_keeps_waits(s, r, t, p, h, k, rm):
    """kong_after_ready="keep_waits": the waits before the draw (``h`` minus the drawn ``k``)
    equal the waits after the kong (``h`` minus ``rm`` copies of ``k``)."""
    before = np.zeros(34, dtype=np.bool_)
    after = np.zeros(34, dtype=np.bool_)
    h[k] -= 1
    _wait_mask(s, r, t, p, h, before)
    h[k] += 1
    h[k] -= rm
    _wait_mask(s, r, t, p, h, after)
    h[k] += rm
    any_wait = False
    for x in range(34):
        if before[x] != after[x]:
            return False
        any_wait = any_wait or after[x]
    return any_wait


@nb.njit(cache=True)
def _dice_kong_mask(s, r, t, p, h, mask):
    """开杠 (changsha, ``dice_kong``): ``KONG_DICE + k`` beside each legal ``KONG + k`` whose
    kong leaves the hand ready (system-judged: some tile completes an allowed shape) [
    "玩家的牌处于听牌状态（系统判断）才能掷骰子"]. Returns how many were set."""
    n = 0
    for k in range(34):
        if not mask[KONG + k]:
            continue
        rm = 4 if h[k] == 4 else 1
        h[k] -= rm
        ok = _tenpai(s, r, t, p, h)
        h[k] += rm
        if ok:
            mask[KONG_DICE + k] = True
            n += 1
    return n
