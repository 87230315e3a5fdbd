"""The ONE jitted game loop: ``reset_table``, ``legal_mask``, ``apply_action``, ``step``.

Every variant runs through these functions; rules are data (``CompiledRules``), and the only
variant-specific code is the scoring dispatch in :mod:`mjsim.engine.settle`.

Order of play (rulebook order): deal (dealer ``hand_size + 1``, others ``hand_size``) -> flower
replacement from the tail -> the dealer's turn -> [own turn: discard / concealed or added kong /
self-draw win / declare ready] -> reaction window for the other seats (each seat with an option
is asked in turn order after the discarder; the hidden choices are resolved after all answered:
win > pung/kong > chow; all winners or only the nearest) -> claim or next seat's draw ... ->
robbing-a-kong window after an added (or concealed) kong -> replacement draw from the tail ->
exhaustive draw when the wall reaches the reserve -> settlement.

All functions take ``(s, r, t, ...)``: the :class:`~mjsim.engine.state.State`, the
:class:`~mjsim.rules.CompiledRules` and the table index.
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
    CHOW_READY_LOW,
    DECLARE,
    EXPOSED_KONG,
    FENG,
    KONG,
    KONG_DICE,
    N_ACTIONS,
    PASS,
    PUNG,
    READY_DISCARD,
    READY_SHOWN,
    SPECIAL_KONG,
    WIN,
)
from mjsim.engine.aborts import abort_before_draw, nine_terminals
from mjsim.engine.bets import bet_mask, bet_pair_mult, bet_start, bet_step, bet_win_payments
from mjsim.engine.carry import (
    carry_pot_in,
    carry_pot_out,
    end_carry,
    level_mult,
    stake_payments,
)
from mjsim.engine.hand_bits import SIMPLES, hand_bits, isolated_bits, popcount
from mjsim.engine.honor_chows import honor_chow_bits, honor_chow_tiles, in_honor_chow
from mjsim.engine.honor_sets import feng_mask, feng_pending, feng_put_out, feng_win_payments
from mjsim.engine.hooks_birds import bird_bonus
from mjsim.engine.hooks_guizhou import chicken_settle, chickens_active, guizhou_discard_win_ok
from mjsim.engine.hooks_kong import kong_hot_shot, pay_kong
from mjsim.engine.hooks_sichuan import sichuan_draw, sichuan_transfer
from mjsim.engine.kong_tiles import holds_kong_only, is_kong_only, is_money_tile, kong_only_mask
from mjsim.engine.meld_tiles import add_meld_tiles
from mjsim.engine.pool import (
    exchange_mask,
    exchange_start,
    exchange_step,
    pool_reset,
    pool_take,
)
from mjsim.engine.rng import AGENT_SALT, below, dice_pair, splitmix64
from mjsim.engine.settle import (
    hand_value,
    kong_points,
    qualifying_value,
    variant_flags,
    win_payments,
    worth,
)
from mjsim.engine.special_kongs import (
    added_group,
    special_copies,
    special_kong_add,
    special_kong_declare,
    special_kong_mask,
    special_kong_unadd,
    special_tally,
)
from mjsim.engine.stack import stack_empty
from mjsim.engine.state import (
    ERR_DONE,
    ERR_ILLEGAL,
    ERR_RECORD_FULL,
    ERR_RIVER_FULL,
    EV_ACT,
    EV_CALL,
    EV_DEAL,
    EV_DRAW,
    EV_DRAW_TAIL,
    EV_END,
    EV_FLOWER,
    EV_INDICATOR,
    EV_PAY,
    EV_POOL,
    EV_WIN,
    MAX_RIVER,
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
    PV_DICE_LOCK,
    PV_HELD_FLOWERS,
    PV_HONOR_FLOWERS,
    PV_KONG,
    PV_LOCK,
    PV_LOCK_HAND,
    PV_LOCK_VALUE,
    PV_LOOKED,
    PV_MISSING,
    PV_N_EXPOSED,
    PV_N_FLOWERS,
    PV_N_KONG_MONEY,
    PV_N_KONG_TILES,
    PV_N_MELDS,
    PV_N_PIAO,
    PV_N_RIVER,
    PV_N_WILD_DISCARDED,
    PV_N_WILD_KONGS,
    PV_OPTS,
    PV_PAY,
    PV_PUNG_LOCK,
    PV_RC_DOUBLE,
    PV_RC_IPPATSU,
    PV_READY,
    PV_READY_KIND,
    PV_SCORE,
    PV_STANDING,
    PV_VALUE,
    PV_WON,
    RF_CLAIMED,
    RF_FACE_DOWN,
    RF_KONG_TILE,
    RF_OLD_TREASURE,
    RF_READY,
    RF_ROBBED,
    RF_WILD_KONG,
    RF_WON,
    RK_DISCARD,
    RK_ROB_ADDED,
    RK_ROB_CONCEALED,
    TV_AFTER_DICE_KONG,
    TV_AFTER_KONG,
    TV_ASK0,
    TV_DEALER,
    TV_DICE0,
    TV_DICE1,
    TV_DICE_PENDING,
    TV_DICE_REPL,
    TV_DRAWN,
    TV_ERROR,
    TV_FIRST_DEALER,
    TV_FIRST_READY,
    TV_FIRST_ROUND,
    TV_FLOWER_HOLD,
    TV_FORBID0,
    TV_FORBID1,
    TV_FROM,
    TV_GRAB,
    TV_GRABBED,
    TV_HAND_NO,
    TV_HEAD,
    TV_IND_OUT,
    TV_IND_POS,
    TV_INDICATOR,
    TV_KONG_DICE,
    TV_LAST_REGION,
    TV_MULT,
    TV_N_DECISIONS,
    TV_N_DISCARDS,
    TV_N_DRAWS,
    TV_N_KONGS,
    TV_N_ROLLS,
    TV_NEXT_DEALER,
    TV_NEXT_LEVEL,
    TV_NEXT_MULT,
    TV_NEXT_REPEAT,
    TV_NEXT_ROUND_WIND,
    TV_NEXT_STAKE,
    TV_NEXT_STREAK,
    TV_PHASE,
    TV_POOL_DRAWS,
    TV_POOL_END,
    TV_RC_ABORT,
    TV_RC_POT,
    TV_RC_POT_IN,
    TV_REACT_KIND,
    TV_REACT_N,
    TV_REACT_POS,
    TV_REC_N,
    TV_REPEAT,
    TV_REPLACEMENT,
    TV_RESERVE_EXTRA,
    TV_ROUND_WIND,
    TV_SEABED0,
    TV_SEABED_N,
    TV_SEABED_REPL,
    TV_SEABED_TAKER,
    TV_SEAT,
    TV_STAND_FOR,
    TV_STREAK,
    TV_TAIL,
    TV_TILE,
    TV_TREASURE,
    TV_WALL_LEN,
    TV_WILD_FLOWERS,
    TV_WIN_FROM,
    TV_WIN_KIND,
    TV_WIN_TILE,
    TV_WINNERS,
    WK_DISCARD,
    WK_NONE,
    WK_ROB_KONG,
    WK_SELF_DRAW,
)
from mjsim.engine.win_payers import pay_snapshot
from mjsim.engine.win_rules import (
    FREE_SHAPES,
    free_shape_ok,
    has_258_pair,
    requirements_ok,
    wuhan_ok,
)
from mjsim.kernels.shanten import is_win, shanten
from mjsim.melds import (
    MELD_ADDED_KONG,
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_HONOR_CHOW,
    MELD_KONG,
    MELD_NONE,
    MELD_PUNG,
    MELD_SPECIAL_KONG,
)
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
    DRAW_COUNTER_SHANGHAI,
    DRAW_DEALER_NEXT,
    DRAW_DEALER_NEXT_IF_ANY_KONG,
    DRAW_DEALER_STAYS_IF_READY,
    FORCED_WIN_WHEN_READY,
    IND_DICE_SMALL,
    IND_DICE_SUM,
    IND_TAIL_FIRST,
    KONG_AFTER_PUNG_ANY,
    KONG_PAY_AT_END,
    KONG_PAY_IMMEDIATE,
    KONG_PAY_WINNER_ONLY,
    KONG_READY_ANY,
    KONG_READY_KEEP_WAITS,
    KONG_READY_NONE,
    KONG_RULE_SICHUAN,
    LOCKOUT_NONE,
    MULTI_ALL_MAX2,
    MULTI_DEALER_DISCARDER,
    MULTI_DEALER_NEAREST_WINNER,
    MULTI_DEALER_STAYS_IF_DEALER_WON,
    MULTI_NEAREST,
    MULTI_NEAREST_WILD_PAIR,
    MW_LIFT_ANY_MOVE,
    MW_LIFT_OWN_DISCARD,
    MW_LIFT_OWN_DRAW,
    MW_SCOPE_ALL,
    MW_THRESHOLD_NONE,
    OWN_DISCARD_NONE,
    OWN_DISCARD_WIN,
    OWN_DISCARD_WIN_AND_CHOW,
    P_ABORT_ON_KONGS,
    P_ALLOW_ADDED_KONG,
    P_ALLOW_CHOW,
    P_ALLOW_CONCEALED_KONG,
    P_ALLOW_EXPOSED_KONG,
    P_ALLOW_PUNG,
    P_ALLOW_READY,
    P_BIRDS,
    P_BLOOD_BATTLE,
    P_CHOW_LEFT_ONLY,
    P_CHOW_READY_ANY_SEAT,
    P_DEALER_AFTER_MULTI_WIN,
    P_DEALER_ON_DRAW,
    P_DEALER_ROTATION,
    P_DICE_KONG,
    P_DISCARD_WIN_REQUIRES_READY,
    P_DORA,
    P_DRAW_COUNTER_RULE,
    P_DRAW_MULTIPLIER,
    P_DRAW_MULTIPLIER_AFTER_CAP,
    P_DRAW_MULTIPLIER_CAP,
    P_FINAL_READY_DRAWS,
    P_FIRST_TURN_NO_ADDED_KONG,
    P_FLOWER_INSTANT_WIN,
    P_FLOWER_REPLACEMENT,
    P_FORBID_CHOW_SAME_DISCARD,
    P_FORCED_WIN,
    P_FORCED_WIN_TILES,
    P_GRAB_WILD,
    P_HAND_SIZE,
    P_HONOR_CHOWS,
    P_HONOR_SET_EXPOSURE,
    P_HONORS_ARE_FLOWERS,
    P_IMAGINED_WILD,
    P_INDICATOR_IN_PLAY,
    P_INDICATOR_SOURCE,
    P_KONG_AFTER_PUNG,
    P_KONG_AFTER_READY,
    P_KONG_HOT_SHOT,
    P_KONG_ONLY_TILES,
    P_KONG_PAY_RULE,
    P_KONG_PAYMENT_TIMING,
    P_LAST_TILE_REPLACEMENT,
    P_LAST_TILES_SELF_DRAW_ONLY,
    P_MIN_FAN_DISCARD,
    P_MIN_FAN_SELF_DRAW,
    P_MIN_HAND_AFTER_CALL,
    P_MISSED_PUNG_LOCKOUT,
    P_MISSED_WIN_LOCKOUT,
    P_MISSING_SUIT_CHOICE,
    P_MULTI_WINNER,
    P_MUST_BE_READY,
    P_MUST_HAVE_258_TILE,
    P_MUST_HAVE_CHOW,
    P_MUST_HAVE_PUNG,
    P_MUST_HAVE_TERMINAL,
    P_MUST_OPEN,
    P_MW_LIFT,
    P_MW_SCOPE,
    P_MW_THRESHOLD,
    P_MW_UNREADY_ONLY,
    P_N_PLAYERS,
    P_N_TILES,
    P_NO_CLAIMS_LAST_DISCARD,
    P_NO_KONG_AFTER_PUNG,
    P_NOTEN_PENALTY,
    P_OPEN_HAND_SELF_DRAW_ONLY,
    P_OPENING_EXCHANGE,
    P_OWN_DISCARD_LOCKOUT,
    P_PAIR_RULE,
    P_PRE_HAND_BET,
    P_READY_DEPOSIT,
    P_READY_EXEMPT_KONG_REPLACEMENT,
    P_READY_LOCKOUT_WHOLE_HAND,
    P_READY_LOCKS_HAND,
    P_READY_MODE0,
    P_READY_MODE1,
    P_READY_REQUIRES_CLOSED,
    P_RESERVE_FREE_KONGS,
    P_RESERVE_PER_CONCEALED_KONG,
    P_RESERVE_PER_FLOWER_QUAD,
    P_RESERVE_PER_KONG,
    P_RESERVE_ROUNDING,
    P_RIICHI_ABORTS,
    P_ROB_KONG,
    P_ROB_KONG_AS_SELF_DRAW,
    P_ROB_KONG_BY_PUNG,
    P_ROUND_WIND_RULE,
    P_SCORING,
    P_SEABED_OFFER,
    P_SEABED_REFUSED,
    P_SELF_DRAW_ONLY,
    P_SINGLE_TILE_WIN,
    P_SPECIAL_KONGS,
    P_STANDING_TILES,
    P_SUIT_RULE,
    P_TERMINAL_RULE,
    P_THREE_WILD_WIN,
    P_TREASURE_CHANGE_AT,
    P_TREASURE_COUNT_MELDS,
    P_TREASURE_MATCH_WINS,
    P_TREASURE_SOURCE,
    P_VOID_KONG,
    P_WALL_END_AT_INDICATOR,
    P_WALL_RESERVE,
    P_WALL_TILES_USED,
    P_WILD_AFTER_READY_ONLY,
    P_WILD_DISCARD_CLAIMABLE,
    P_WILD_DISCARD_PENALTY,
    P_WILD_FLOWER_GROUPS,
    P_WILD_HONOR_CYCLE,
    P_WILD_KONG,
    P_WILD_OFFSETS,
    P_WILD_RULE,
    P_WILD_SINGLE_WAIT_SELF_DRAW,
    P_WILD_STAND_IN,
    P_WILD_WAIT_CONTEXT,
    P_WIN_FILTER,
    P_WIN_SHAPES,
    READY_MODE_SHOWN_SELF_DRAW_ONLY,
    RESERVE_CEIL_STACKS,
    RESERVE_FLOOR_STACKS,
    ROB_ADDED,
    ROB_ADDED_AND_CONCEALED,
    ROUND_WIND_ADVANCE,
    SCORING_CHANGSHA,
    SCORING_JIPINGHU,
    SCORING_RIICHI,
    SCORING_SICHUAN,
    SEABED_OFFER_EVERY_SEAT,
    SEABED_REFUSED_FIRST_TAKES,
    SHAPE_SEVEN_PAIRS,
    SHAPE_SEVEN_PAIRS_DISTINCT,
    SHAPE_STANDARD,
    SHAPE_THIRTEEN_ORPHANS,
    SHAPE_WILD_FIFTH,
    SHAPE_WILD_SIMPLES,
    SINGLE_TILE_ANY,
    SUIT_ALL_THREE,
    SUIT_AT_LEAST_TWO,
    SUIT_MISSING_ONE,
    SUIT_NONE,
    SUIT_ONE_SUIT_8,
    TERMINAL_NONE,
    TERMINAL_OR_HONOR,
    TREASURE_LAST_WALL_TILE,
    VOID_KONG_ANY,
    VOID_KONG_NONE,
    WILD_CYCLE_SINGLE,
    WILD_FIXED,
    WILD_INDICATOR,
    WILD_INDICATOR_NEXT,
    WILD_NONE,
    WILD_PENALTY_NO_WIN,
    WILD_PENALTY_NONE,
    WILD_PENALTY_SELF_DRAW_ONLY,
    WILD_TREASURE,
    WIN_FILTER_GUIZHOU,
    WIN_FILTER_NONE,
    WIN_FILTER_RIZHAO,
    WIN_FILTER_WUHAN,
)
from mjsim.scoring.context import (
    F_AFTER_KONG_DISCARD,
    F_CARRY_MULT,
    F_DEALER_REPEATS,
    F_DEALER_SEAT,
    F_DICE0,
    F_DICE1,
    F_DISCARDER_SEAT,
    F_EARTHLY,
    F_FIRST_TURN,
    F_FLOWERS,
    F_FOURTH_TILE,
    F_GRABBED,
    F_HAND_NO,
    F_HEAVENLY,
    F_IS_DEALER,
    F_KONG_DICE,
    F_KONG_MONEY,
    F_KONG_REPLACEMENT,
    F_KONG_TILES,
    F_LAST_WALL_TILE,
    F_N_WILD,
    F_POOL_DRAW,
    F_READY,
    F_ROBBING_KONG,
    F_ROUND_WIND,
    F_SEAT_WIND,
    F_SELF_DRAWN,
    F_WILD_KINDS,
    F_WILD_KONGS,
    F_WILD_PIAO,
    F_WILD_WAIT,
    F_WINNER_SEAT,
    N_FLAGS,
)
from mjsim.variants.changsha import (
    CS_OPENING,
    changsha_declare,
    changsha_flags,
    changsha_next_dealer,
    changsha_next_declarer,
    changsha_opening_settle,
    changsha_pay,
)
from mjsim.variants.guangdong_jipinghu import jipinghu_flags, jipinghu_on_claim, jipinghu_pay
from mjsim.variants.riichi import riichi_flags, riichi_pay

# option bits of a reaction
O_WIN = 1
O_PUNG = 2
O_KONG = 4
O_CHOW_LOW = 8
O_CHOW_MID = 16
O_CHOW_HIGH = 32

_ORPHANS = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33], dtype=np.int64)
# the shapes whose necessary conditions (no isolated tile for a standard hand, no odd count for
# seven pairs, no simple tile for thirteen orphans) the pre-tests below check before the full test;
# riichi's distinct seven pairs (seven_pairs_quads=False) shares seven pairs' condition
_SIMPLE_SHAPES = (
    SHAPE_STANDARD | SHAPE_SEVEN_PAIRS | SHAPE_SEVEN_PAIRS_DISTINCT | SHAPE_THIRTEEN_ORPHANS
)
_SEVEN_PAIRS_ANY = SHAPE_SEVEN_PAIRS | SHAPE_SEVEN_PAIRS_DISTINCT


# ---------------------------------------------------------------------------------- records
@nb.njit(cache=True, inline="always")
def _rec(s, t, kind, seat, arg):
    """Append the event ``kind | seat << 8 | arg << 12`` (int32, docs/records.md) to table ``t``'s
    record; nothing when recording is off (``rec`` has no columns). Inlined at numba level: it
    runs at every action and draw, and a call passes the whole state. The operands are widened to
    int64 first, as the ``@internal`` wrapper it had did, so the packed word is the same for any
    argument type. This inline (with four other small helpers) needs ``mjsim._jit.keep_writes``:
    without it numba's dead-code elimination deleted their writes in session 9 (docs/engine.md
    "numba inline='always'")."""
    cap = s.rec.shape[1]
    if cap == 0:
        return
    n = s.tv[t, TV_REC_N]
    if n >= cap:
        s.tv[t, TV_ERROR] = ERR_RECORD_FULL
        return
    s.rec[t, n] = np.int32(np.int64(kind) | (np.int64(seat) << 8) | (np.int64(arg) << 12))
    s.tv[t, TV_REC_N] = n + 1


# ---------------------------------------------------------------------------------- wall
@nb.njit(cache=True, inline="always")
def remaining(s, t):
    """Live tiles left in the wall of table ``t`` (an indicator out of play not counted)."""
    head = s.tv[t, TV_HEAD]
    tail = s.tv[t, TV_TAIL]
    if s.tv[t, TV_IND_OUT] != 0 and head <= s.tv[t, TV_IND_POS] < tail:
        return tail - head - 1
    return tail - head


@nb.njit(cache=True, inline="always")
def can_draw_normal(s, r, t):
    """Whether a normal draw is allowed (the wall has not reached the reserve)."""
    rem = remaining(s, t)
    if r.params[P_WALL_END_AT_INDICATOR] != 0:
        # tianjin "当抓完翻混的前一张牌时...即荒庄": normal draws stop at the indicator's stack (wall
        # positions 2j, 2j+1 form stack j) until replacement draws from the tail pass it
        pos = s.tv[t, TV_IND_POS]
        if pos >= 0 and s.tv[t, TV_TAIL] > pos and s.tv[t, TV_HEAD] >= pos - pos % 2:
            return False
    reserve = r.params[P_WALL_RESERVE] + s.tv[t, TV_RESERVE_EXTRA]
    rnd = r.params[P_RESERVE_ROUNDING]
    if rnd == RESERVE_FLOOR_STACKS:
        return (rem // 2) * 2 > reserve
    if rnd == RESERVE_CEIL_STACKS:
        return ((rem + 1) // 2) * 2 > reserve
    return rem > reserve


@internal
def _take(s, r, t, seat, from_tail):
    """Draw one tile for ``seat``; flowers are set aside and replaced from the tail.

    Returns the (non-flower) kind drawn, or -1 if the wall is empty.
    """
    while True:
        head = s.tv[t, TV_HEAD]
        tail = s.tv[t, TV_TAIL]
        if s.tv[t, TV_IND_OUT] != 0:
            # an indicator out of play is skipped by draws from either end (G9)
            pos = s.tv[t, TV_IND_POS]
            if from_tail and tail - 1 == pos:
                tail -= 1
                s.tv[t, TV_TAIL] = tail
            elif not from_tail and head == pos:
                head += 1
                s.tv[t, TV_HEAD] = head
        if tail <= head:
            return -1
        if from_tail:
            tail -= 1
            s.tv[t, TV_TAIL] = tail
            k = np.int64(s.wall[t, tail])
            _rec(s, t, EV_DRAW_TAIL, seat, k)
        else:
            k = np.int64(s.wall[t, head])
            s.tv[t, TV_HEAD] = head + 1
            _rec(s, t, EV_DRAW, seat, k)
        s.tv[t, TV_N_DRAWS] += 1
        s.hands[t, seat, k] += 1
        if not _is_flower(r, k):
            return k
        if _keeps_flower(s, t, seat, k):
            return k  # G11 a wild flower; G21 a flower its holder exposes by 杠花 (DECLARE + 2)
        _rec(s, t, EV_FLOWER, seat, k)
        _set_aside(s, t, seat, k)
        _flower_quad_reserve(s, r, t, seat, k)
        s.pv[t, seat, PV_N_FLOWERS] += 1
        from_tail = True


@nb.njit(cache=True, inline="always")
def _is_flower(r, k):
    """Flower tiles (34-41) and, with ``honors_are_flowers``, the honours (27-33)."""
    return k >= 34 or (k >= 27 and r.params[P_HONORS_ARE_FLOWERS] != 0)


@internal
def _set_aside(s, t, seat, k):
    """A flower already counted in ``hands[t, seat, k]``: an honour flower moves out of the
    concealed counts into the packed ``PV_HONOR_FLOWERS`` (3 bits per kind)."""
    if 27 <= k < 34:
        s.hands[t, seat, k] -= 1
        s.pv[t, seat, PV_HONOR_FLOWERS] += 1 << (3 * (k - 27))


@internal
def _flower_quad_reserve(s, r, t, seat, k):
    """G53d: the fourth identical honour flower ``k`` a seat sets aside enlarges the reserve by
    ``reserve_per_flower_quad`` tiles (fuzhou A §11.6 "个一样的花也要多留两张"; T11.4: "A player
    exposing four 南 → +2")."""
    if 27 <= k < 34 and r.params[P_RESERVE_PER_FLOWER_QUAD] != 0:
        if honor_flowers(s, t, seat, k) == 4:
            s.tv[t, TV_RESERVE_EXTRA] += r.params[P_RESERVE_PER_FLOWER_QUAD]


@internal
def _keeps_flower(s, t, seat, k):
    """A flower ``k`` (34-41) just added to ``seat``'s hand stays there, concealed (bit in
    ``PV_HELD_FLOWERS``), if it is wild (G11, ningbo "做百搭的花牌不能补花") or if flowers are
    exposed by their holder's action (G21, after the opening replacement: "打出手中的花牌，叫杠花")."""
    if k < 34:
        return False
    bit = 1 << (k - 34)
    if (s.tv[t, TV_WILD_FLOWERS] & bit) == 0 and s.tv[t, TV_FLOWER_HOLD] == 0:
        return False
    s.pv[t, seat, PV_HELD_FLOWERS] |= bit
    return True


@nb.njit(cache=True, inline="always")
def _held_wild_flowers(s, t, p):
    """Wild flowers (G11) in seat ``p``'s concealed hand: jokers of every win check."""
    w = s.tv[t, TV_WILD_FLOWERS]
    if w == 0:
        return 0
    n = 0
    for j in range(8):
        if (w >> j) & 1:
            n += s.hands[t, p, 34 + j]
    return n


@nb.njit(cache=True, inline="always")
def _n_held_flowers(s, t, p):
    """Flower tiles in seat ``p``'s concealed hand (``PV_HELD_FLOWERS``; one copy per kind)."""
    b = s.pv[t, p, PV_HELD_FLOWERS]
    n = 0
    for j in range(8):
        n += (b >> j) & 1
    return n


@internal
def _wild_flower_group(s, t, ind):
    """G11: a turned flower makes its group wild: a season 春夏秋冬 (34-37) the four seasons, a
    plant 梅兰竹菊 (38-41) the four plants (ningbo A §4.3 "翻开的牌是春、夏、秋、冬中的一张，则春夏秋冬
    四张都作为百搭牌"); the turned one is out of play, so 3 wild flowers are in play."""
    s.tv[t, TV_WILD_FLOWERS] = 0x0F if ind < 38 else 0xF0


@internal
def _flower_action_mask(s, r, t, p, mask):
    """G21 杠花: ``DECLARE + 2`` exposes a held flower that is not wild, with a replacement from
    the tail, on a turn that began with a draw (the caller's kong-turn test: "碰后不能立即杠牌
    （包括杠花），下一轮才能杠", ningbo A §4.2). Returns how many were set (0 or 1)."""
    if remaining(s, t) <= 0:
        return 0
    if (s.pv[t, p, PV_HELD_FLOWERS] & ~s.tv[t, TV_WILD_FLOWERS]) == 0:
        return 0
    mask[DECLARE + 2] = True
    return 1


@internal
def _replace_from_tail(s, r, t, p):
    """Seat ``p`` has just set a tile aside on its own turn (杠花 flower, 赖子杠 wild, kong-only
    tile): it draws a replacement from the tail (a win on it is a kong-replacement win) and keeps
    the turn; with no tile left to draw the hand is drawn."""
    d = _take(s, r, t, p, True)
    if d < 0:
        _finish_draw(s, r, t)
        return
    _lift_on_draw(s, r, t, p)
    s.tv[t, TV_DRAWN] = d
    s.tv[t, TV_REPLACEMENT] = 1
    s.tv[t, TV_FORBID0] = -1
    s.tv[t, TV_FORBID1] = -1


@internal
def _flower_action(s, r, t, p):
    """G21 杠花 (``DECLARE + 2``): the lowest held flower that is not wild is set aside (counted in
    ``PV_N_FLOWERS``), then a replacement from the tail; a win on it is a kong-replacement win
    (杠上开花, ningbo A §4.2 "打出手中的花牌，叫杠花，要补一张牌")."""
    b = s.pv[t, p, PV_HELD_FLOWERS] & ~s.tv[t, TV_WILD_FLOWERS]
    j = 0
    while (b >> j) & 1 == 0:
        j += 1
    s.pv[t, p, PV_HELD_FLOWERS] &= ~(1 << j)
    _rec(s, t, EV_FLOWER, p, 34 + j)
    s.pv[t, p, PV_N_FLOWERS] += 1
    _replace_from_tail(s, r, t, p)


@nb.njit(cache=True)
def honor_flowers(s, t, seat, k):
    """Copies of honour ``k`` (27-33) that ``seat`` set aside as flowers (honors_are_flowers)."""
    return (s.pv[t, seat, PV_HONOR_FLOWERS] >> (3 * (k - 27))) & 7


@nb.njit(cache=True)
def wild_successor(r, k):
    """The kind after ``k`` for indicator wilds (G7): cyclic within a suit (9 -> 1), winds
    E->S->W->N->E, dragons 中->发->白->中 (33->32->31) or, with ``wild_honor_cycle="single"``,
    E->S->W->N->中->发->白->E. Kinds absent from the tile set are skipped."""
    single = r.params[P_WILD_HONOR_CYCLE] == WILD_CYCLE_SINGLE
    x = k
    for _ in range(9):
        if x < 27:
            base = x - x % 9
            x = base + (x % 9 + 1) % 9
        elif x < 30:
            x = x + 1
        elif x == 30:
            x = 33 if single else 27
        elif x == 31:
            x = 27 if single else 33
        else:
            x = x - 1  # 33 -> 32 (中 -> 发), 32 -> 31 (发 -> 白)
        if r.tile_counts[x] > 0:
            return x
    return k


# ---------------------------------------------------------------------------------- reset
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
    tv[t, TV_HEAD] = 0
    tv[t, TV_TAIL] = total
    if r.params[P_WALL_TILES_USED] > 0:
        tv[t, TV_TAIL] = r.params[P_WALL_TILES_USED]  # G4: the rest is an unused pool
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
            s.hands[t, seat, s.wall[t, head]] += 1
            head += 1
    last = np.int64(s.wall[t, head])
    s.hands[t, dealer, last] += 1
    head += 1
    tv[t, TV_HEAD] = head
    if r.params[P_STANDING_TILES] != 0:
        _deal_standing(s, r, t, dealer)
    if r.params[P_WILD_FLOWER_GROUPS] != 0:
        _turn_indicator(s, r, t, dealer)  # G11: a turned flower's group is kept, not replaced
    # flower replacement from the tail, seat by seat from the dealer
    f_lo = 27 if r.params[P_HONORS_ARE_FLOWERS] != 0 else 34
    for i in range(n):
        seat = (dealer + i) % n
        nf = 0
        for f in range(f_lo, 42):
            if f >= 34 and s.hands[t, seat, f] > 0 and _keeps_flower(s, t, seat, f):
                continue  # G11: a wild flower stays in the hand
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
    tv[t, TV_FLOWER_HOLD] = r.params[P_FLOWER_REPLACEMENT]  # G21: from now on flowers are held
    if r.params[P_MISSING_SUIT_CHOICE] != 0:
        # 定缺: every seat from the dealer chooses a void suit before play (CHOOSE_SUIT)
        tv[t, TV_PHASE] = PH_CHOOSE_SUIT
    if r.params[P_SCORING] == SCORING_CHANGSHA and r.score_table[CS_OPENING] != 0:
        # changsha: seats with an opening small win may declare it (DECLARE) or play on (PASS)
        q = changsha_next_declarer(s, r, t, -1)
        if q >= 0:
            tv[t, TV_PHASE] = PH_DECLARE
            tv[t, TV_SEAT] = q
    if r.params[P_PRE_HAND_BET] != 0:
        bet_start(s, r, t)  # G57 下炮子 / 坐庄·拉庄: stakes before the dealer's first action
    if r.params[P_OPENING_EXCHANGE] != 0:
        exchange_start(s, r, t)  # G56 开始时换牌: swaps with the unused pool before play


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
def _turn_indicator(s, r, t, dealer):
    """Turn the wild indicator (G8) and mark the wild kinds (G6, G7); the indicator stays in
    the wall (``indicator_in_play``) or is skipped by every later draw (G9).

    Sources: "tail_first" = the first tile from the tail after flower replacement, a flower there
    goes to the dealer and the next is turned (fuzhou A §11.3 "补完花后从牌尾翻开的第一张就是“金”");
    "dice_small_from_tail" / "dice_sum_from_tail" = the top tile of the d-th stack from the tail
    (ningbo A §4.1 "小点确定百搭"; tianjin A §6.1): stack 1 = wall positions tail-1 (top) and
    tail-2; a flower there is passed over toward the head; "last_wall_tile" = wall[tail - 1]
    (harbin/yingkou B §6 "最后一张牌是会"). The dice are the hand's opening roll
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
        _wild_flower_group(s, t, ind)  # G11 (wild_flower_groups; never with flowers passed over)
        return
    offs = r.params[P_WILD_OFFSETS]
    k = ind
    for o in range(3):
        if (offs >> o) & 1:
            s.wild[t, k] = 1
        k = wild_successor(r, k)


# ---------------------------------------------------------------------------------- hand tests
@nb.njit(cache=True)
def _isolated(h, honor_chow, limit):
    """Kinds held 1 or 4 times with no tile of the same suit within distance 2 (cannot be in a
    standard win without a wild); the count stops at ``limit + 1`` (every caller only asks
    whether it is ``<= limit``). Branch-free bit masks (:mod:`mjsim.engine.hand_bits`)."""
    _total, occ, _odd, lone, _four = hand_bits(h)
    iso = popcount(isolated_bits(occ, lone, honor_chow))
    return iso if iso <= limit else limit + 1


@nb.njit(cache=True)
def _orphan_kinds(h):
    n = 0
    for j in range(13):
        if h[_ORPHANS[j]] > 0:
            n += 1
    return n


@nb.njit(cache=True)
def _non_orphans(h):
    n = 0
    for k in range(27):
        r9 = k % 9
        if r9 != 0 and r9 != 8:
            n += h[k]
    return n


@nb.njit(cache=True, inline="always")
def _wilds_active(s, r, t, p):
    wr = r.params[P_WILD_RULE]
    if wr == WILD_NONE or wr == WILD_TREASURE:
        return False  # the 宝 is never wild in the hand: only as a drawn tile (_treasure_x)
    if r.params[P_WILD_AFTER_READY_ONLY] != 0 and s.pv[t, p, PV_READY] == 0:
        return False
    return True


@internal
def _shape_win(s, r, t, p, h, shapes, extra_wild):
    """Does the concealed part ``h`` (uint8[>=34], winning tile included) plus ``extra_wild``
    jokers form a legal shape with seat ``p``'s melds? (+ the imagined wild 心皇, G2)"""
    extra_wild = extra_wild + r.params[P_IMAGINED_WILD]
    extra_wild = extra_wild + _held_wild_flowers(s, t, p)  # G11
    total = 0
    for k in range(34):
        total += h[k]
    total += extra_wild
    if total % 3 != 2:
        return False
    if (shapes & FREE_SHAPES) != 0:
        # gapsA G37: structure-free shapes (将将胡, 风一色) read the melds too
        use_wild = _wilds_active(s, r, t, p)
        if free_shape_ok(r.params, h, s.wild[t], use_wild, s.melds[t, p], shapes):
            return True
        shapes = shapes & ~FREE_SHAPES
        if shapes == 0:
            return False
    n_sets = (total - 2) // 3
    pair_rule = r.params[P_PAIR_RULE]
    honor_chow = r.params[P_HONOR_CHOWS]
    if _wilds_active(s, r, t, p):
        c = np.zeros(34, dtype=np.uint8)
        nw = extra_wild
        for k in range(34):
            if s.wild[t, k] != 0:
                nw += h[k]
            else:
                c[k] = h[k]
        si = r.params[P_WILD_STAND_IN]
        if si >= 0 and s.tv[t, TV_STAND_FOR] >= 0 and s.wild[t, si] == 0:
            # G16: the stand-in's copies are natural copies of the wild kind
            c[s.tv[t, TV_STAND_FOR]] = c[si]
            c[si] = 0
        return is_win(c, n_sets, nw, pair_rule, honor_chow, shapes)
    if extra_wild == 0 and (shapes & ~_SIMPLE_SHAPES) == 0:
        if not _simple_shape_possible(h, np.int64(-1), n_sets, shapes, honor_chow):
            return False
    return is_win(h[:34], n_sets, extra_wild, pair_rule, honor_chow, shapes)


# ---------------------------------------------------------------------------------- gapsA rules
_STD_SHAPE = SHAPE_STANDARD
_PAIRS_SHAPES = _SEVEN_PAIRS_ANY


@nb.njit(cache=True)
def _extra_active(r):
    """Any of the gap-work win requirements (suit / terminal / chow / 258 / filter) is on."""
    prm = r.params
    tr = prm[P_TERMINAL_RULE]
    return (
        prm[P_SUIT_RULE] == SUIT_AT_LEAST_TWO
        or (tr != TERMINAL_NONE and tr != TERMINAL_OR_HONOR)
        or prm[P_SINGLE_TILE_WIN] != SINGLE_TILE_ANY
        or prm[P_MUST_HAVE_258_TILE] != 0
        or prm[P_WIN_FILTER] != WIN_FILTER_NONE
        or prm[P_MUST_HAVE_CHOW] != 0
    )


@nb.njit(cache=True)
def _split_wilds(s, r, t, p, h):
    """``(natural counts uint8[34], wilds held)`` of ``h`` for seat ``p``."""
    c = np.zeros(34, dtype=np.uint8)
    nw = r.params[P_IMAGINED_WILD]  # G2: the imagined wild joins every win check
    nw += _held_wild_flowers(s, t, p)  # G11: wild flowers
    active = _wilds_active(s, r, t, p)
    for k in range(34):
        if active and s.wild[t, k] != 0:
            nw += h[k]
        else:
            c[k] = h[k]
    return c, nw


@nb.njit(cache=True)
def _has_chow(s, r, t, p, h):
    """A chow meld, or a standard decomposition of ``h`` (3n+2 tiles) holding a chow."""
    for i in range(s.pv[t, p, PV_N_MELDS]):
        if s.melds[t, p, i, 0] == MELD_CHOW:
            return True
    c, nw = _split_wilds(s, r, t, p, h)
    total = nw
    for k in range(34):
        total += c[k]
    n_sets = (total - 2) // 3
    if n_sets < 1:
        return False
    for a in range(27):
        if a % 9 > 6 or c[a] == 0 or c[a + 1] == 0 or c[a + 2] == 0:
            continue
        c[a] -= 1
        c[a + 1] -= 1
        c[a + 2] -= 1
        ok = is_win(
            c, n_sets - 1, nw, r.params[P_PAIR_RULE], r.params[P_HONOR_CHOWS], np.int64(_STD_SHAPE)
        )
        c[a] += 1
        c[a + 1] += 1
        c[a + 2] += 1
        if ok:
            return True
    return False


@nb.njit(cache=True)
def _pairs_only_win(s, r, t, p, h, shapes):
    """``h`` wins as seven pairs / thirteen orphans (one of ``shapes``) but not as a standard
    hand."""
    if s.pv[t, p, PV_N_MELDS] != 0 or (shapes & ~SHAPE_STANDARD) == 0:
        return False
    c, nw = _split_wilds(s, r, t, p, h)
    prm = r.params
    four = np.int64(4)  # a variable, not a literal: no extra compilation of is_win
    if is_win(c, four, nw, prm[P_PAIR_RULE], prm[P_HONOR_CHOWS], shapes & _STD_SHAPE):
        return False
    return is_win(c, four, nw, prm[P_PAIR_RULE], prm[P_HONOR_CHOWS], shapes & ~_STD_SHAPE)


@nb.njit(cache=True)
def _extra_ok(s, r, t, p, h):
    """The gap-work requirements for the complete concealed hand ``h`` (winning tile in it)."""
    if not _extra_active(r):
        return True
    prm = r.params
    exempt = False
    if prm[P_MUST_HAVE_258_TILE] != 0:
        exempt = _pairs_only_win(s, r, t, p, h, np.int64(_PAIRS_SHAPES | SHAPE_THIRTEEN_ORPHANS))
    if not requirements_ok(prm, h, s.melds[t, p], exempt):
        return False
    if prm[P_MUST_HAVE_CHOW] != 0 and not _has_chow(s, r, t, p, h):
        return False
    if prm[P_WIN_FILTER] == WIN_FILTER_RIZHAO:
        # rizhao: seven pairs need a 2-5-8 pair ("但必须至少有一对是258")
        if _pairs_only_win(s, r, t, p, h, np.int64(_PAIRS_SHAPES)):
            return has_258_pair(h)
    return True


@nb.njit(cache=True)
def _wait_mask(s, r, t, p, h, out):
    """``out`` (bool[34]) = kinds completing ``h`` (3n+1 tiles) into an allowed shape."""
    shapes = r.params[P_WIN_SHAPES]
    for x in range(34):
        out[x] = False
        if h[x] >= 4:
            continue
        h[x] += 1
        out[x] = _shape_win(s, r, t, p, h, shapes, np.int64(0))
        h[x] -= 1


@nb.njit(cache=True)
def _furiten(s, r, t, p, tile):
    """own_discard_lockout: may seat ``p`` NOT win on ``tile`` because of its own discards?"""
    mode = r.params[P_OWN_DISCARD_LOCKOUT]
    if mode == OWN_DISCARD_NONE:
        return False
    n = s.pv[t, p, PV_N_RIVER]
    for i in range(n):
        if s.river[t, p, i] == tile:
            return True
    if mode != OWN_DISCARD_WIN:
        return False
    shapes = r.params[P_WIN_SHAPES]
    h = s.hands[t, p]
    for i in range(n):
        x = np.int64(s.river[t, p, i])
        if h[x] >= 4:
            continue
        h[x] += 1
        w = _shape_win(s, r, t, p, h, shapes, np.int64(0))
        h[x] -= 1
        if w:
            return True
    return False


@nb.njit(cache=True)
def _discarded_by(s, t, p, k):
    for i in range(s.pv[t, p, PV_N_RIVER]):
        if s.river[t, p, i] == k:
            return True
    return False


@nb.njit(cache=True)
def _live_draws(s, r, t):
    """Normal draws left before the reserve (approximate with whole-stack reserves)."""
    reserve = r.params[P_WALL_RESERVE] + s.tv[t, TV_RESERVE_EXTRA]
    return remaining(s, t) - reserve


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


@nb.njit(cache=True)
def _tenpai(s, r, t, p, h):
    """Is the concealed part ``h`` (3n+1 tiles) one tile from a win of an allowed shape?"""
    shapes = r.params[P_WIN_SHAPES]
    if _extra_active(r) or (shapes & (SHAPE_WILD_SIMPLES | SHAPE_WILD_FIFTH)) != 0:
        # the gap-work requirements bind the ready declaration too (G38, G42); G15: a joker
        # standing for the missing tile would be restricted to the simples like the wilds;
        # wild_fifth_copy: a joker could stand for a fifth copy, a drawn tile cannot
        for x in range(34):
            if h[x] >= 4:
                continue
            h[x] += 1
            ok = _shape_win(s, r, t, p, h, shapes, np.int64(0)) and _extra_ok(s, r, t, p, h)
            h[x] -= 1
            if ok:
                return True
        return False
    if (
        _wilds_active(s, r, t, p)
        or (shapes & ~_SIMPLE_SHAPES) != 0
        or r.params[P_IMAGINED_WILD] != 0
    ):
        return _shape_win(s, r, t, p, h, shapes, np.int64(1))
    honor_chow = r.params[P_HONOR_CHOWS]
    total = 0
    pairs = 0
    orph = 0
    for k in range(34):
        total += h[k]
        pairs += h[k] // 2
    for j in range(13):
        if h[_ORPHANS[j]] > 0:
            orph += 1
    possible = (shapes & SHAPE_STANDARD) != 0 and _isolated(h, honor_chow, np.int64(1)) <= 1
    if total == 13:
        if (shapes & _SEVEN_PAIRS_ANY) != 0 and pairs >= 6:
            possible = True
        if (shapes & SHAPE_THIRTEEN_ORPHANS) != 0 and orph >= 12 and _non_orphans(h) == 0:
            possible = True
    if not possible:
        return False
    # a kind held four times is skipped: a hand whose only wait is a fifth copy of a kind in
    # its concealed part is not ready (riichi: no riichi declaration, noten at a draw; the most
    # common published rule, docs/riichi.md "Ready hands")
    for x in range(34):
        if h[x] >= 4:
            continue
        near = h[x] > 0
        if not near:
            if x < 27:
                r9 = x % 9
                near = (
                    (r9 >= 1 and h[x - 1] > 0)
                    or (r9 >= 2 and h[x - 2] > 0)
                    or (r9 <= 7 and h[x + 1] > 0)
                    or (r9 <= 6 and h[x + 2] > 0)
                )
            elif honor_chow != 0:
                near = True
            if not near and (shapes & SHAPE_THIRTEEN_ORPHANS) != 0 and total == 13:
                near = x >= 27 or x % 9 == 0 or x % 9 == 8
        if not near:
            continue
        h[x] += 1
        ok = _shape_win(s, r, t, p, h, shapes, np.int64(0))
        h[x] -= 1
        if ok:
            return True
    return False


@internal
def _requirements_ok(s, r, t, p, h):
    """Suit rule, must-have-terminal and must-have-pung over concealed ``h`` + melds."""
    sr = r.params[P_SUIT_RULE]
    need_term = r.params[P_MUST_HAVE_TERMINAL] != 0
    need_pung = r.params[P_MUST_HAVE_PUNG] != 0
    if sr == SUIT_NONE and not need_term and not need_pung:
        return True
    suit = stack_empty(4, np.int64)  # no heap allocation per win check (engine/stack.py)
    suit[:] = 0
    term = False
    pung = False
    # G15: a wild standing for simples only is never the 1/9/honour the rule asks for
    natural = (r.params[P_WIN_SHAPES] & SHAPE_WILD_SIMPLES) != 0 and _wilds_active(s, r, t, p)
    for k in range(34):
        c = h[k]
        if c == 0:
            continue
        suit[min(k // 9, 3)] += c
        if (k >= 27 or k % 9 == 0 or k % 9 == 8) and not (natural and s.wild[t, k] != 0):
            term = True
        if c >= 3:
            pung = True
    for i in range(s.melds.shape[2]):
        mt = s.melds[t, p, i, 0]
        if mt == MELD_NONE:
            continue
        k = np.int64(s.melds[t, p, i, 1])
        if mt == MELD_CHOW:
            suit[k // 9] += 3
            if k % 9 == 0 or k % 9 == 6:
                term = True
        elif mt == MELD_HONOR_CHOW:
            suit[3] += 3  # three different honours (G67): honours, not a pung
            term = True
        elif mt == MELD_SPECIAL_KONG:
            special_tally(k, suit)  # G31: terminals or honours, and a kong
            pung = True
            term = True
        else:
            suit[min(k // 9, 3)] += 3
            pung = True
            if k >= 27 or k % 9 == 0 or k % 9 == 8:
                term = True
    if need_term and not term:
        return False
    if need_pung and not pung:
        return False
    n_suits = 0
    big = 0
    for i in range(3):
        if suit[i] > 0:
            n_suits += 1
        if suit[i] > big:
            big = suit[i]
    if sr == SUIT_MISSING_ONE and n_suits > 2:
        return False
    if sr == SUIT_ALL_THREE and n_suits < 3:
        return False
    if sr == SUIT_ONE_SUIT_8 and big < 8:
        return False
    return True


@internal
def _fill_flags(s, r, t, p, tile, win_kind, frm, flags):
    n = r.params[P_N_PLAYERS]
    dealer = s.tv[t, TV_DEALER]
    flags[:] = 0
    self_drawn = win_kind == WK_SELF_DRAW
    flags[F_SELF_DRAWN] = 1 if self_drawn else 0
    flags[F_SEAT_WIND] = (p - dealer) % n
    flags[F_ROUND_WIND] = s.tv[t, TV_ROUND_WIND]
    flags[F_FLOWERS] = s.pv[t, p, PV_N_FLOWERS]
    # copies of the winning tile visible outside the winner's concealed hand
    seen = 0
    for q in range(n):
        for i in range(s.pv[t, q, PV_N_RIVER]):
            if s.river[t, q, i] == tile and (s.river_flags[t, q, i] & RF_CLAIMED) == 0:
                seen += 1
        for i in range(s.melds.shape[2]):
            mt = s.melds[t, q, i, 0]
            if mt == MELD_NONE:
                continue
            mk = np.int64(s.melds[t, q, i, 1])
            if mt == MELD_CHOW:
                if mk <= tile <= mk + 2:
                    seen += 1
            elif mt == MELD_HONOR_CHOW:
                seen += in_honor_chow(mk, tile)
            elif mt == MELD_SPECIAL_KONG:
                seen += special_copies(s, t, q, mk, tile)
            elif mk == tile:
                seen += 3 if mt == MELD_PUNG else 4
    # the winning tile is in the hand now; on a discard/rob it is also in a river: count it once
    total = seen + np.int64(s.hands[t, p, tile]) - (0 if self_drawn else 1)
    flags[F_FOURTH_TILE] = 1 if total >= 4 else 0
    flags[F_LAST_WALL_TILE] = 0 if can_draw_normal(s, r, t) else 1
    flags[F_KONG_REPLACEMENT] = 1 if (self_drawn and s.tv[t, TV_REPLACEMENT] != 0) else 0
    flags[F_ROBBING_KONG] = 1 if win_kind == WK_ROB_KONG else 0
    if win_kind == WK_ROB_KONG and r.params[P_ROB_KONG_AS_SELF_DRAW] != 0:
        flags[F_SELF_DRAWN] = 1  # G36b: scored as a self-draw ("记分按自摸计")
    flags[F_IS_DEALER] = 1 if p == dealer else 0
    first = s.tv[t, TV_FIRST_ROUND] != 0
    flags[F_HEAVENLY] = 1 if (self_drawn and p == dealer and s.tv[t, TV_N_DISCARDS] == 0) else 0
    flags[F_EARTHLY] = 1 if (first and p != dealer and s.pv[t, p, PV_N_RIVER] == 0) else 0
    flags[F_READY] = s.pv[t, p, PV_READY]
    nw = 0
    wmask = np.int64(0)
    if _wilds_active(s, r, t, p):
        for k in range(34):
            if s.wild[t, k] != 0:
                nw += s.hands[t, p, k]
                wmask |= np.int64(1) << np.int64(k)
        nw += _held_wild_flowers(s, t, p)  # G11: wild flowers, bits 34-41 of F_WILD_KINDS
        wmask |= np.int64(s.tv[t, TV_WILD_FLOWERS]) << np.int64(34)
    flags[F_N_WILD] = nw
    flags[F_WILD_KINDS] = wmask
    flags[F_AFTER_KONG_DISCARD] = 1 if (not self_drawn and s.tv[t, TV_AFTER_KONG] != 0) else 0
    flags[F_FIRST_TURN] = 1 if first else 0
    flags[F_WINNER_SEAT] = p
    flags[F_DISCARDER_SEAT] = -1 if self_drawn else frm
    flags[F_DEALER_SEAT] = dealer
    flags[F_DICE0] = s.tv[t, TV_DICE0]
    flags[F_DICE1] = s.tv[t, TV_DICE1]
    flags[F_DEALER_REPEATS] = s.tv[t, TV_REPEAT]
    flags[F_CARRY_MULT] = s.tv[t, TV_MULT]
    flags[F_KONG_DICE] = s.tv[t, TV_KONG_DICE]
    flags[F_HAND_NO] = s.tv[t, TV_HAND_NO]
    flags[F_GRABBED] = 1 if s.tv[t, TV_GRABBED] == p + 1 else 0  # G19 抢金
    # G60: the final ready draw won on, 1 = the first (海底捞月 from the unused pool), else 0
    flags[F_POOL_DRAW] = s.tv[t, TV_POOL_DRAWS] if s.tv[t, TV_PHASE] == PH_POOL_DRAW else 0
    if r.params[P_WILD_WAIT_CONTEXT] != 0:
        _wild_wait_flags(s, r, t, p, tile, flags)  # G63 爆头 / 财飘
    flags[F_WILD_KONGS] = s.pv[t, p, PV_N_WILD_KONGS]
    flags[F_KONG_TILES] = s.pv[t, p, PV_N_KONG_TILES]
    flags[F_KONG_MONEY] = s.pv[t, p, PV_N_KONG_MONEY]
    variant_flags(r, flags, s.pv[t, p, PV_MISSING])
    if r.params[P_SCORING] == SCORING_JIPINGHU:
        jipinghu_flags(s, t, p, win_kind, flags)
    elif r.params[P_SCORING] == SCORING_CHANGSHA:
        changsha_flags(s, t, flags)
    elif r.params[P_SCORING] == SCORING_RIICHI:
        riichi_flags(s, r, t, p, flags)


@internal
def _wild_wait_flags(s, r, t, p, tile, flags):
    """G63 (hangzhou 爆头 / 财飘): ``F_WILD_WAIT`` = seat ``p``'s hand (the winning ``tile`` in
    it) without that tile waited on every tile with a lone wild; ``F_WILD_PIAO`` = its 财飘
    count (``PV_N_PIAO``)."""
    h = s.hands[t, p]
    h[tile] -= 1
    flags[F_WILD_WAIT] = 1 if _lone_wild_wait(s, r, t, p, tile) else 0
    h[tile] += 1
    flags[F_WILD_PIAO] = s.pv[t, p, PV_N_PIAO]


@internal
def _count_piao(s, r, t, p, k):
    """G63 财飘: seat ``p`` just discarded the wild ``k`` (already out of its hand); it counts if
    the hand before the discard without the drawn tile was 爆头 (a lone wild waiting on every
    tile: the seat gave up a self-draw win to throw the wild)."""
    d = np.int64(s.tv[t, TV_DRAWN])
    if d < 0:
        return
    h = s.hands[t, p]
    h[k] += 1
    h[d] -= 1
    if _lone_wild_wait(s, r, t, p, d):
        s.pv[t, p, PV_N_PIAO] += 1
    h[d] += 1
    h[k] -= 1


@internal
def _value_with_tile(s, r, t, p, tile, win_kind, frm):
    """Hand value of seat ``p`` winning on ``tile`` (fills ``s.items[t, p]``)."""
    flags = np.zeros(N_FLAGS, dtype=np.int64)
    if win_kind != WK_SELF_DRAW:
        s.hands[t, p, tile] += 1
    _fill_flags(s, r, t, p, tile, win_kind, frm, flags)
    s.items[t, p, :] = 0
    v = hand_value(r, s.hands[t, p], s.melds[t, p], tile, flags, s.items[t, p])
    if win_kind != WK_SELF_DRAW:
        s.hands[t, p, tile] -= 1
    return v


@internal
def _win_ok(s, r, t, p, tile, win_kind, frm, orphans_only):
    """May seat ``p`` win on ``tile`` (``win_kind``: WK_SELF_DRAW with the tile already in hand,
    else WK_DISCARD / WK_ROB_KONG with the tile outside the hand)?"""
    pv = s.pv
    prm = r.params
    if pv[t, p, PV_WON] != 0:
        return False
    # robbing a kong counted as a self-draw (G36b): the self-draw-only rules do not bar it
    as_self = win_kind == WK_SELF_DRAW or (
        win_kind == WK_ROB_KONG and prm[P_ROB_KONG_AS_SELF_DRAW] != 0
    )
    if not as_self:
        if prm[P_SELF_DRAW_ONLY] != 0:
            return False
        if prm[P_OPEN_HAND_SELF_DRAW_ONLY] != 0 and pv[t, p, PV_N_EXPOSED] != 0:
            return False
        if pv[t, p, PV_READY] != 0 and pv[t, p, PV_READY_KIND] == READY_MODE_SHOWN_SELF_DRAW_ONLY:
            return False
    over = np.int64(-1)  # 过胡 (missed_win_threshold): a locked win must be worth more than this
    if win_kind != WK_SELF_DRAW:
        lock = pv[t, p, PV_LOCK]
        if lock != 0 and (prm[P_MW_SCOPE] == MW_SCOPE_ALL or lock == tile + 1):
            if prm[P_MW_THRESHOLD] == MW_THRESHOLD_NONE:
                return False
            over = np.int64(pv[t, p, PV_LOCK_VALUE])
        if pv[t, p, PV_LOCK_HAND] != 0:
            return False
        if prm[P_DISCARD_WIN_REQUIRES_READY] != 0 and pv[t, p, PV_READY] == 0:
            return False
    # furiten (own_discard_lockout) is tested after the shape test below: it tries every own
    # discard as a wait, and the checks in between are pure and return True only on a self-draw
    if prm[P_MUST_BE_READY] != 0 and pv[t, p, PV_READY] == 0:
        if not (
            prm[P_READY_EXEMPT_KONG_REPLACEMENT] != 0
            and win_kind == WK_SELF_DRAW
            and s.tv[t, TV_REPLACEMENT] != 0
        ):
            return False
    if prm[P_MUST_OPEN] != 0 and pv[t, p, PV_N_EXPOSED] == 0:
        return False
    if win_kind == WK_SELF_DRAW and prm[P_FLOWER_INSTANT_WIN] > 0:
        nf = 0
        for f in range(34, 42):
            if s.hands[t, p, f] > 0:
                nf += 1
        if nf >= prm[P_FLOWER_INSTANT_WIN]:
            return True  # G23: shanghai 八花齐 "如果这8个花抓起即可胡牌"
    if prm[P_WILD_RULE] != WILD_NONE:
        pen = prm[P_WILD_DISCARD_PENALTY]
        if pen != WILD_PENALTY_NONE and pv[t, p, PV_N_WILD_DISCARDED] > 0:
            # G13: fuzhou "打金牌的人只能自摸"; tianjin 小相公 "该局此玩家不能胡牌"
            if pen == WILD_PENALTY_NO_WIN:
                return False
            if pen == WILD_PENALTY_SELF_DRAW_ONLY and win_kind != WK_SELF_DRAW:
                return False
        if win_kind != WK_SELF_DRAW and prm[P_WILD_SINGLE_WAIT_SELF_DRAW] != 0:
            if _lone_wild_wait(s, r, t, p, tile):
                return False  # G14: ningbo "财神单吊时，不能捉冲，只能自摸"
        if (
            win_kind == WK_SELF_DRAW
            and prm[P_THREE_WILD_WIN] != 0
            and _n_wild_held(s, r, t, p, s.hands[t, p]) >= 3
        ):
            return True  # G18: fuzhou 三金倒 "只要抓到三张“金”，就可胡牌，不用根据基本牌型"
    shapes = prm[P_WIN_SHAPES]
    if orphans_only:
        shapes = shapes & (SHAPE_THIRTEEN_ORPHANS | SHAPE_WILD_SIMPLES)
        if (shapes & SHAPE_THIRTEEN_ORPHANS) == 0:
            return False
    h = s.hands[t, p]
    if win_kind != WK_SELF_DRAW:
        h[tile] += 1
    ok = (
        _shape_win(s, r, t, p, h, shapes, np.int64(0))
        and _requirements_ok(s, r, t, p, h)
        and _void_count(s, t, p, h) == 0
        and _extra_ok(s, r, t, p, h)
        and _gaps_e_win_ok(s, r, t, p, h, win_kind)
    )
    if ok and win_kind == WK_DISCARD and prm[P_WIN_FILTER] == WIN_FILTER_GUIZHOU:
        ok = guizhou_discard_win_ok(s, r, t, p, h)  # G42: 平胡 on a discard needs a 豆
    if win_kind != WK_SELF_DRAW:
        h[tile] -= 1
        if ok and prm[P_OWN_DISCARD_LOCKOUT] != OWN_DISCARD_NONE and _furiten(s, r, t, p, tile):
            ok = False
    # minimum qualifying value by win kind (G43; both are >= min_fan, see RuleSpec.compile)
    need = prm[P_MIN_FAN_SELF_DRAW] if as_self else prm[P_MIN_FAN_DISCARD]
    if ok and (need > 0 or over >= 0):
        v = _value_with_tile(s, r, t, p, tile, win_kind, frm)
        if over >= 0 and worth(r, v, s.items[t, p]) <= over:
            ok = False  # 过胡: not worth more than a win passed under this lockout
        s.items[t, p, :] = 0
        if ok and need > 0:
            ok = qualifying_value(r, v, s.pv[t, p, PV_N_FLOWERS]) >= need
    return ok


@internal
def _n_wild_held(s, r, t, p, h):
    """Wild tiles in ``h`` that count as wild for seat ``p``."""
    if not _wilds_active(s, r, t, p):
        return 0
    nw = 0
    for k in range(34):
        if s.wild[t, k] != 0:
            nw += h[k]
    return nw + _held_wild_flowers(s, t, p)  # G11


@internal
def _lone_wild_wait(s, r, t, p, tile):
    """Seat ``p`` (its hand without ``tile``) holds a wild and waits on every tile: the wild
    waits to become the pair (财神单吊). Checked on a discard/rob win, ``tile`` not in the hand."""
    h = s.hands[t, p]
    if _n_wild_held(s, r, t, p, h) == 0:
        return False
    shapes = r.params[P_WIN_SHAPES]
    for x in range(34):
        if r.tile_counts[x] == 0 or h[x] >= 4:
            continue
        h[x] += 1
        ok = _shape_win(s, r, t, p, h, shapes, 0)
        h[x] -= 1
        if not ok:
            return False
    return True


@internal
def _wild_pair(s, r, t, p, tile):
    """Seat ``p`` wins on ``tile`` (not in its hand) with two wilds as the pair (金雀): the rest,
    other wilds as jokers, forms complete sets. Checked with a stand-in pair of an honour kind
    the hand lacks (it can only be the pair, or a pung with a joker, which leaves the rest as
    sets as well); False when no such honour exists."""
    h = s.hands[t, p]
    h[tile] += 1
    nw = _n_wild_held(s, r, t, p, h)
    ok = False
    if nw >= 2 and r.params[P_HONOR_CHOWS] == 0:
        c = np.zeros(34, dtype=np.uint8)
        total = 0
        for k in range(34):
            total += h[k]
            if s.wild[t, k] == 0:
                c[k] = h[k]
        total += _held_wild_flowers(s, t, p)  # G11
        si = r.params[P_WILD_STAND_IN]
        if si >= 0 and s.tv[t, TV_STAND_FOR] >= 0 and s.wild[t, si] == 0:
            c[s.tv[t, TV_STAND_FOR]] = c[si]
            c[si] = 0
        for j in range(27, 34):
            if c[j] == 0 and s.wild[t, j] == 0:
                c[j] = 2
                zero = np.int64(0)
                ok = is_win(
                    c,
                    np.int64((total - 2) // 3),
                    np.int64(nw - 2),
                    zero,
                    zero,
                    np.int64(SHAPE_STANDARD),
                )
                break
    h[tile] -= 1
    return ok


@nb.njit(cache=True, inline="always")
def _void_count(s, t, p, h):
    """Tiles of seat ``p``'s declared void suit (定缺) in ``h``; 0 without a choice."""
    v = s.pv[t, p, PV_MISSING]
    if v < 0:
        return 0
    c = 0
    for k in range(9 * v, 9 * v + 9):
        c += h[k]
    return c


@nb.njit(cache=True, inline="always")
def _in_void(s, t, p, k):
    v = s.pv[t, p, PV_MISSING]
    return v >= 0 and 9 * v <= k < 9 * v + 9


@nb.njit(cache=True, inline="always")
def _forced_win(s, r, t):
    """Last-tiles forced win (sichuan "最后四张自动胡"); off with 定缺 ("定缺规则中最后四张可以不胡")."""
    f = r.params[P_FORCED_WIN_TILES]
    return f > 0 and r.params[P_MISSING_SUIT_CHOICE] == 0 and remaining(s, t) <= f


@nb.njit(cache=True)
def _has_pung(s, t, p, k):
    for i in range(s.melds.shape[2]):
        if s.melds[t, p, i, 0] == MELD_PUNG and s.melds[t, p, i, 1] == k:
            return i
    return -1


@nb.njit(cache=True, inline="always")
def _pung_bits(s, t, p):
    """Bit ``k`` set when seat ``p`` has an exposed pung of kind ``k`` (one pass over the melds)."""
    bits = 0
    for i in range(s.pv[t, p, PV_N_MELDS]):
        if s.melds[t, p, i, 0] == MELD_PUNG:
            bits |= 1 << np.int64(s.melds[t, p, i, 1])
    return bits


@nb.njit(cache=True, inline="always")
def _locked(s, r, t, p):
    return s.pv[t, p, PV_READY] != 0 and r.params[P_READY_LOCKS_HAND] != 0


@internal
def _react_options(s, r, t, p):
    """Bitmask of ``O_*`` options of seat ``p`` in the open reaction window (PASS implied)."""
    prm = r.params
    k = np.int64(s.tv[t, TV_TILE])
    d = np.int64(s.tv[t, TV_FROM])
    kind = s.tv[t, TV_REACT_KIND]
    opts = 0
    if kind != RK_DISCARD:
        wk = np.int64(WK_ROB_KONG)
        if _win_ok(s, r, t, p, k, wk, d, kind == RK_ROB_CONCEALED):
            opts |= O_WIN
        if (
            kind == RK_ROB_ADDED
            and prm[P_ROB_KONG_BY_PUNG] != 0
            and prm[P_ALLOW_PUNG] != 0
            and s.hands[t, p, k] >= 2
            and not _locked(s, r, t, p)
            and not _in_void(s, t, p, k)
            and s.pv[t, p, PV_PUNG_LOCK] != k + 1
        ):
            opts |= O_PUNG  # G36a: pung the added tile; the addition is void (抢叉)
        return opts
    if prm[P_WILD_DISCARD_CLAIMABLE] == 0 and s.wild[t, k] != 0:
        return 0  # G12: a discarded wild cannot be chowed, punged, konged or won on
    if _win_ok(s, r, t, p, k, np.int64(WK_DISCARD), d, np.bool_(False)):
        opts |= O_WIN
    if prm[P_SCORING] == SCORING_CHANGSHA and s.tv[t, TV_SEABED_TAKER] != 0:
        return opts  # the exposed 海底 tile: only 海底炮
    if _locked(s, r, t, p) or s.pv[t, p, PV_DICE_LOCK] != 0:
        return opts  # a ready-locked or 开杠-locked hand may only win
    h = s.hands[t, p]
    if _in_void(s, t, p, k):
        return opts
    if prm[P_NO_CLAIMS_LAST_DISCARD] != 0 and not can_draw_normal(s, r, t):
        return opts  # G35: the last discard may only be won
    # G27: a call and its discard must leave min_hand_after_call concealed tiles
    held = 0
    for j in range(34):
        held += h[j]
    if held - 3 < prm[P_MIN_HAND_AFTER_CALL]:
        return opts
    if prm[P_ALLOW_PUNG] != 0 and h[k] >= 2 and s.pv[t, p, PV_PUNG_LOCK] != k + 1:
        opts |= O_PUNG
    if (
        prm[P_ALLOW_EXPOSED_KONG] != 0
        and h[k] == 3
        and remaining(s, t) > prm[P_LAST_TILE_REPLACEMENT]  # kept_back: 1 tile stays
        and not (prm[P_DORA] != 0 and s.tv[t, TV_N_KONGS] >= 4)  # riichi: at most 4 kongs
    ):
        if _void_count(s, t, p, h) == 0 or prm[P_VOID_KONG] == VOID_KONG_ANY:
            opts |= O_KONG
    n = prm[P_N_PLAYERS]
    no_chow = prm[P_OWN_DISCARD_LOCKOUT] == OWN_DISCARD_WIN_AND_CHOW and _discarded_by(s, t, p, k)
    if prm[P_ALLOW_CHOW] != 0 and k < 27 and not no_chow:
        if prm[P_CHOW_LEFT_ONLY] == 0 or p == (d + 1) % n:
            r9 = k % 9
            forbid = prm[P_FORBID_CHOW_SAME_DISCARD] != 0
            none = np.int64(-1)  # (not a literal: one compiled signature)
            if r9 <= 6 and h[k + 1] > 0 and h[k + 2] > 0:
                if not forbid or _chow_leaves_discard(
                    h, k, k, k + 1, k + 2, k + 3 if r9 <= 5 else none
                ):
                    opts |= O_CHOW_LOW
            if 1 <= r9 <= 7 and h[k - 1] > 0 and h[k + 1] > 0:
                if not forbid or _chow_leaves_discard(h, k, k - 1, k + 1, none, none):
                    opts |= O_CHOW_MID
            if r9 >= 2 and h[k - 2] > 0 and h[k - 1] > 0:
                if not forbid or _chow_leaves_discard(
                    h, k, k - 2, k - 1, k - 3 if r9 >= 3 else none, none
                ):
                    opts |= O_CHOW_HIGH
    if prm[P_ALLOW_CHOW] != 0 and k >= 27 and prm[P_HONOR_CHOWS] != 0 and not no_chow:
        if prm[P_CHOW_LEFT_ONLY] == 0 or p == (d + 1) % n:
            forbid = prm[P_FORBID_CHOW_SAME_DISCARD] != 0
            opts |= O_CHOW_LOW * honor_chow_bits(h, k, prm[P_HONOR_CHOWS], forbid)  # G67
    if prm[P_CHOW_READY_ANY_SEAT] != 0:
        opts |= _chow_ready_opts(s, r, t, p, k, d)
    if prm[P_STANDING_TILES] != 0:
        opts = _stand_react(s, t, p, k, opts)
    return opts


@internal
def _chow_leaves_discard(h, k, a, b, f1, f2):
    """After chowing ``k`` with ``a`` and ``b`` from ``h``, is some kind other than the
    forbidden ``k``/``f1``/``f2`` left to discard?"""
    for j in range(34):
        c = np.int64(h[j])
        if j == a:
            c -= 1
        if j == b:
            c -= 1
        if c > 0 and j != k and j != f1 and j != f2:
            return True
    return False


# ---------------------------------------------------------------------------------- gapsD rules
# 立牌 (standing_tiles, G29), 吃听 (chow_ready_any_seat, G26), forced_win="when_ready" (G48)
O_CHOW_READY_LOW = 64  # option bits of 吃听 (CHOW_READY_LOW / MID / HIGH)
O_CHOW_READY_MID = 128
O_CHOW_READY_HIGH = 256


@nb.njit(cache=True)
def _deal_standing(s, r, t, dealer):
    """立牌: the first ``standing_tiles`` tiles dealt to each seat stand apart (A §9.1 "第一手抓的
    四张牌放在前面立着，称为立牌"); kept as kinds + 1 in 6-bit fields of ``pv[PV_STANDING]``."""
    n = r.params[P_N_PLAYERS]
    hs = r.params[P_HAND_SIZE]
    for i in range(n):
        v = 0
        j = 0
        for x in range(r.params[P_STANDING_TILES]):
            k = np.int64(s.wall[t, i * hs + x])
            if k < 34:  # a flower is set aside at once: it never stands
                v |= (k + 1) << (6 * j)
                j += 1
        s.pv[t, (dealer + i) % n, PV_STANDING] = v


@internal
def _stand_n(s, t, p, k):
    """Standing tiles of kind ``k`` held by seat ``p`` (``k < 0``: of every kind)."""
    v = np.int64(s.pv[t, p, PV_STANDING])
    c = 0
    for i in range(4):
        x = (v >> (6 * i)) & 63
        if x != 0 and (k < 0 or x == k + 1):
            c += 1
    return c


@internal
def _stand_remove(s, t, p, k):
    """Seat ``p`` gives up one standing tile of kind ``k`` (its ready declaration's discard)."""
    v = np.int64(s.pv[t, p, PV_STANDING])
    out = 0
    j = 0
    done = False
    for i in range(4):
        x = (v >> (6 * i)) & 63
        if x == 0:
            continue
        if not done and x == k + 1:
            done = True
            continue
        out |= x << (6 * j)
        j += 1
    s.pv[t, p, PV_STANDING] = out


@internal
def _stand_clip(s, t, p):
    """After a call or a kong: keep only the standing entries whose kind is still held that many
    times (the call took the other copies first, then standing ones)."""
    v = np.int64(s.pv[t, p, PV_STANDING])
    if v == 0:
        return
    out = 0
    j = 0
    for i in range(4):
        x = (v >> (6 * i)) & 63
        if x == 0:
            continue
        kept = 0
        for jj in range(j):
            if (out >> (6 * jj)) & 63 == x:
                kept += 1
        if s.hands[t, p, x - 1] > kept:
            out |= x << (6 * j)
            j += 1
    s.pv[t, p, PV_STANDING] = out


@internal
def _stand_left(s, t, p, a, na, b, nb2):
    """Standing tiles seat ``p`` keeps after giving ``na`` copies of ``a`` and ``nb2`` copies of
    ``b`` to a meld (the non-standing copies first)."""
    h = s.hands[t, p]
    left = _stand_n(s, t, p, -1)
    free = np.int64(h[a]) - _stand_n(s, t, p, a)
    if na > free:
        left -= na - free
    if nb2 > 0:
        free = np.int64(h[b]) - _stand_n(s, t, p, b)
        if nb2 > free:
            left -= nb2 - free
    return left


@internal
def _stand_react(s, t, p, k, opts):
    """standing_tiles: drop the calls of ``k`` that would leave seat ``p`` no standing tile or
    nothing else to discard (A §9.2 "吃碰杠等操作都必须保证完成动作后，手里要留有一张立牌用于在听牌时打出，
    否则不允许操作")."""
    held = 0
    for j in range(34):
        held += s.hands[t, p, j]
    none = np.int64(-1)
    zero = np.int64(0)
    if opts & O_PUNG:
        left = _stand_left(s, t, p, k, 2, none, zero)
        if left < 1 or held - 2 - left < 1:
            opts &= ~O_PUNG
    if opts & O_KONG and _stand_left(s, t, p, k, 3, none, zero) < 1:
        opts &= ~O_KONG
    for j in range(3):
        bits = (O_CHOW_LOW | O_CHOW_READY_LOW) << j
        if opts & bits:
            lo = k - j
            a = lo if lo != k else lo + 1
            b = lo + 2 if lo + 2 != k else lo + 1
            left = _stand_left(s, t, p, a, 1, b, 1)
            if left < 1 or held - 2 - left < 1:
                opts &= ~bits
    return opts


@internal
def _chow_ready_opts(s, r, t, p, k, d):
    """吃听 (A §10.2 "特殊：吃听牌"): the ``O_CHOW_READY_*`` bits of the chows of the discard ``k``
    (from seat ``d``) after which seat ``p``, from any seat, has a discard leaving it ready. The
    chow is counted as a meld for the win requirements (``must_have_chow``, ``win_filter``...)."""
    prm = r.params
    if s.pv[t, p, PV_READY] != 0 or k >= 27:
        return 0
    h = s.hands[t, p]
    n = prm[P_N_PLAYERS]
    forbid = prm[P_FORBID_CHOW_SAME_DISCARD] != 0
    i = s.pv[t, p, PV_N_MELDS]
    r9 = k % 9
    out = 0
    for j in range(3):
        lo = k - j
        if lo < 0 or lo // 9 != k // 9 or lo % 9 > 6:
            continue
        a = lo if lo != k else lo + 1
        b = lo + 2 if lo + 2 != k else lo + 1
        if h[a] == 0 or h[b] == 0:
            continue
        f1 = -1  # forbid_chow_same_discard: the kind completing the sequence at the other end
        if j == 0 and r9 <= 5:
            f1 = k + 3
        elif j == 2 and r9 >= 3:
            f1 = k - 3
        h[a] -= 1
        h[b] -= 1
        s.melds[t, p, i, 0] = MELD_CHOW
        s.melds[t, p, i, 1] = lo
        s.melds[t, p, i, 2] = (d - p) % n
        s.pv[t, p, PV_N_MELDS] = i + 1
        s.pv[t, p, PV_N_EXPOSED] += 1
        ok = False
        for x in range(34):
            if h[x] == 0 or (forbid and (x == k or x == f1)):
                continue
            h[x] -= 1
            ok = _tenpai(s, r, t, p, h)
            h[x] += 1
            if ok:
                break
        s.pv[t, p, PV_N_EXPOSED] -= 1
        s.pv[t, p, PV_N_MELDS] = i
        for f in range(3):
            s.melds[t, p, i, f] = MELD_NONE
        h[a] += 1
        h[b] += 1
        if ok:
            out |= O_CHOW_READY_LOW << j
    return out


@internal
def _chow_ready_mask(opts, mask):
    """Set ``CHOW_READY_LOW + j`` for the 吃听 option bits in ``opts``; returns how many."""
    c = 0
    for j in range(3):
        if opts & (O_CHOW_READY_LOW << j):
            mask[CHOW_READY_LOW + j] = True
            c += 1
    return c


@internal
def _chow_ready_claim(s, t, p, ca):
    """A 吃听 claim won the window: seat ``p`` must declare ready with its discard; returns the
    plain chow action it applies."""
    if ca >= CHOW_READY_LOW:
        s.pv[t, p, PV_CHOW_READY] = 1
        return ca - CHOW_READY_LOW + CHOW_LOW
    return ca


@internal
def _must_win(s, r, t, p):
    """WIN is the only legal action of seat ``p`` when it is legal: the last-tiles rule
    (``forced_win_tiles``) or a ready seat under ``forced_win="when_ready"`` (A §9.5
    "若能胡则系统强制胡牌")."""
    if r.params[P_FORCED_WIN] == FORCED_WIN_WHEN_READY and s.pv[t, p, PV_READY] != 0:
        return True
    return _forced_win(s, r, t)


@nb.njit(cache=True, inline="always")
def _gaps_d_discard(s, r, t, p, k, flag):
    """Seat ``p`` discards ``k`` (``flag`` = RF_READY when it declares ready): a 吃听 turn ends; under
    ``standing_tiles`` the ready declaration gives up a standing tile, face down (A §9.2 "听牌时打出
    的立牌以暗牌方式显示，其他三家不可碰杠胡该牌"). Returns the river flag."""
    s.pv[t, p, PV_CHOW_READY] = 0
    if flag != 0 and r.params[P_STANDING_TILES] != 0:
        _stand_remove(s, t, p, k)
        return flag | RF_FACE_DOWN
    return flag


@nb.njit(cache=True)
def _turn_mask_gaps_d(s, r, t, p, mask):
    """Own-turn mask under ``standing_tiles`` (a standing tile is discarded only to declare ready,
    and a ready declaration must discard one: A §9.2 "这四张牌只有听牌时，才可以打出一张，而且听牌时必须
    打出这四张中的一张才能听"; an own-turn kong must leave a standing tile) and after a 吃听 claim
    (only ready declarations). Returns the number of legal actions (never 0)."""
    h = s.hands[t, p]
    if r.params[P_STANDING_TILES] != 0:
        none = np.int64(-1)
        zero = np.int64(0)
        for k in range(34):
            if h[k] == 0:
                continue
            sk = _stand_n(s, t, p, k)
            if mask[KONG + k] or mask[KONG_DICE + k]:
                take = 4 if h[k] == 4 else 1
                if _stand_left(s, t, p, k, take, none, zero) < 1:
                    mask[KONG + k] = False
                    mask[KONG_DICE + k] = False
            if sk >= h[k]:
                mask[k] = False
            if sk == 0:
                mask[READY_DISCARD + k] = False
                mask[READY_SHOWN + k] = False
    if s.pv[t, p, PV_CHOW_READY] != 0:
        ready = False
        for k in range(34):
            ready = ready or mask[READY_DISCARD + k] or mask[READY_SHOWN + k]
        if ready:
            for a in range(N_ACTIONS):
                if a < READY_DISCARD or READY_DISCARD + 34 <= a < READY_SHOWN:
                    mask[a] = False
                elif a >= READY_SHOWN + 34:
                    mask[a] = False
    c = 0
    for a in range(N_ACTIONS):
        if mask[a]:
            c += 1
    if c == 0:  # safety net: never leave a live decision without a discard
        for k in range(34):
            if h[k] > 0:
                mask[k] = True
                c += 1
    return c


# ---------------------------------------------------------------------------------- gapsD: 宝
# The treasure tile (wild_rule="treasure", docs/spec_gaps.md G17): harbin A §10.1-10.3,
# changchun A §8.3. The 宝 kind is tv[TV_TREASURE] (secret: s.wild stays empty, so no hand
# test treats a held 宝 as wild); only the tile a ready seat self-draws stands for another.
@nb.njit(cache=True)
def _treasure_reset(s, r, t):
    """After the deal: "last_wall_tile_after_deal" takes the last wall tile out of play as the 宝
    (harbin A §10.1 "所有玩家抓完牌后，牌墙中的最后一张牌为“宝”牌。宝牌将被拿出来并背面朝上显示"); the
    dice source leaves it unknown until the first ready seat's next draw."""
    s.tv[t, TV_TREASURE] = -1
    if r.params[P_TREASURE_SOURCE] == TREASURE_LAST_WALL_TILE:
        _treasure_from_tail(s, t)


@internal
def _treasure_from_tail(s, t):
    """The last live wall tile becomes the 宝, out of play (draws from either end skip it, as an
    indicator out of play: ``TV_IND_POS`` / ``TV_IND_OUT``); none if the wall is empty."""
    head = s.tv[t, TV_HEAD]
    tail = s.tv[t, TV_TAIL]
    if tail <= head:
        s.tv[t, TV_TREASURE] = -1
        s.tv[t, TV_IND_POS] = -1
        s.tv[t, TV_IND_OUT] = 0
        return
    s.tv[t, TV_IND_POS] = tail - 1
    s.tv[t, TV_IND_OUT] = 1
    s.tv[t, TV_TREASURE] = s.wall[t, tail - 1]


@internal
def _treasure_roll(s, t):
    """changchun: roll two dice (sum ``d``) and look at the top tile of the ``d``-th stack from the
    tail (A §8.3 "打几点就从牌墙后面往前数几摞，自己翻开看"); the tile stays in the wall. The dice
    are ``dice_pair(hand key, roll)`` with the hand's roll counter (``TV_N_ROLLS``)."""
    head = s.tv[t, TV_HEAD]
    tail = s.tv[t, TV_TAIL]
    if tail <= head:
        s.tv[t, TV_TREASURE] = -1
        return
    roll = s.tv[t, TV_N_ROLLS] + 1
    s.tv[t, TV_N_ROLLS] = roll
    d0, d1 = dice_pair(s.rng[t, 0], roll)
    d = d0 + d1
    n_stacks = (tail - head + 1) // 2
    if d > n_stacks:
        d = n_stacks
    pos = max(tail - 2 * d + 1, head)
    s.tv[t, TV_TREASURE] = s.wall[t, pos]


@internal
def _treasure_visible(s, r, t, k):
    """Copies of kind ``k`` seen on the table for 换宝: river tiles (with ``treasure_count_melds``
    the unclaimed ones plus the exposed melds, harbin "明现"; else every discard, changchun
    "三张宝牌被打出")."""
    melds = r.params[P_TREASURE_COUNT_MELDS] != 0
    c = 0
    for q in range(r.params[P_N_PLAYERS]):
        for i in range(s.pv[t, q, PV_N_RIVER]):
            if s.river[t, q, i] == k and (not melds or (s.river_flags[t, q, i] & RF_CLAIMED) == 0):
                c += 1
        if not melds:
            continue
        for i in range(s.pv[t, q, PV_N_MELDS]):
            mt = s.melds[t, q, i, 0]
            mk = np.int64(s.melds[t, q, i, 1])
            if mt == MELD_CHOW:
                if mk <= k <= mk + 2:
                    c += 1
            elif mt == MELD_HONOR_CHOW:
                c += in_honor_chow(mk, k)
            elif mt == MELD_SPECIAL_KONG:
                c += special_copies(s, t, q, mk, k)
            elif mt == MELD_PUNG and mk == k:
                c += 3
            elif (mt == MELD_KONG or mt == MELD_ADDED_KONG) and mk == k:
                c += 4
    return c


@nb.njit(cache=True)
def _treasure_on_draw(s, r, t, q):
    """At seat ``q``'s normal draw: 换宝 while ``treasure_change_at`` copies of the 宝 are visible
    (harbin A §10.3: the old 宝 goes to the dealer's river, the new last wall tile is the 宝,
    "换宝没有次数上限"; changchun A §8.3: roll again, the old tile stays in its place), then a ready
    seat looks (the first look of "dice_from_tail_at_first_ready" chooses the 宝)."""
    at = r.params[P_TREASURE_CHANGE_AT]
    harbin = r.params[P_TREASURE_SOURCE] == TREASURE_LAST_WALL_TILE
    for _ in range(36):
        k = np.int64(s.tv[t, TV_TREASURE])
        if at == 0 or k < 0 or _treasure_visible(s, r, t, k) < at:
            break
        if harbin:
            pos = s.tv[t, TV_IND_POS]
            head = s.tv[t, TV_HEAD]
            tail = s.tv[t, TV_TAIL]
            if head <= pos < tail:
                # the old 宝 leaves the wall: the tiles behind it close up
                for i in range(pos, tail - 1):
                    s.wall[t, i] = s.wall[t, i + 1]
                s.wall[t, tail - 1] = k
                s.tv[t, TV_TAIL] = tail - 1
            s.tv[t, TV_IND_POS] = -1
            s.tv[t, TV_IND_OUT] = 0
            _add_river(s, t, s.tv[t, TV_DEALER], k, RF_OLD_TREASURE)
            _treasure_from_tail(s, t)
        else:
            _treasure_roll(s, t)
        # a new 宝 is unseen until each ready seat's own next draw (A §8.3 "轮到自己摸牌时，发现
        # 宝牌..."): nobody has looked at it yet (the observation encoders show it only then)
        for x in range(s.hands.shape[1]):
            s.pv[t, x, PV_LOOKED] = 0
    if s.pv[t, q, PV_READY] != 0:
        if s.tv[t, TV_TREASURE] < 0 and not harbin:
            _treasure_roll(s, t)
        s.pv[t, q, PV_LOOKED] = 1


@internal
def _treasure_x(s, r, t, p):
    """The kind that seat ``p``'s drawn tile stands for in a 宝 win at its turn, or -1. 摸宝: a
    ready seat self-draws the 宝 kind, which replaces any tile (A §10.3 "宝牌只有在听牌后自摸摸到，
    才可替代任何牌和牌"; a 宝 discarded by another seat, or drawn before ready, is an ordinary tile).
    对宝 (``treasure_match_wins``): a seat that has looked wins when the 宝 kind completes its hand
    (A §8.3 "若玩家已经听牌，换宝后，轮到自己摸牌时，发现宝牌正好是要胡的牌，也可以直接对宝")."""
    if r.params[P_WILD_RULE] != WILD_TREASURE or s.pv[t, p, PV_READY] == 0:
        return -1
    d = np.int64(s.tv[t, TV_DRAWN])
    k = np.int64(s.tv[t, TV_TREASURE])
    if d < 0 or k < 0:
        return -1
    h = s.hands[t, p]
    sd = np.int64(WK_SELF_DRAW)
    none = np.int64(-1)
    no = np.bool_(False)
    if d == k:
        for x in range(34):
            if x == d or h[x] >= 4:
                continue
            h[d] -= 1
            h[x] += 1
            ok = _win_ok(s, r, t, p, x, sd, none, no)
            h[x] -= 1
            h[d] += 1
            if ok:
                return x
        return -1
    if r.params[P_TREASURE_MATCH_WINS] != 0 and s.pv[t, p, PV_LOOKED] != 0 and h[k] < 4:
        h[d] -= 1
        h[k] += 1
        ok = _win_ok(s, r, t, p, k, sd, none, no)
        h[k] -= 1
        h[d] += 1
        if ok:
            return k
    return -1


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


# ---------------------------------------------------------------------------------- legality
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
        mask[DECLARE + 5] = True  # G19 抢金: grab the gold and win, or pass
        mask[PASS] = True
        return 2
    if ph == PH_BET:
        return bet_mask(s, r, t, mask)  # G57 pre-hand stakes
    if ph == PH_EXCHANGE:
        return exchange_mask(s, r, t, mask)  # G56 opening exchange
    if ph == PH_POOL_DRAW:
        mask[WIN] = True  # G60: the pool tile completes the first ready seat's hand
        mask[PASS] = True
        return 2
    if ph == PH_CHOOSE_SUIT:
        # 定缺 (003): two suits dealt -> the third is forced; one suit -> either other one
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
        nf = feng_mask(s, r, t, p, drawn, remaining(s, t), mask)  # G24: finish the 放风 set
        if nf > 0:
            return nf
    locked = _locked(s, r, t, p)
    if r.params[P_SCORING] == SCORING_CHANGSHA and s.tv[t, TV_SEABED_TAKER] == p + 1:
        locked = True  # the 海底 taker wins or exposes the tile (A2.5 DEFAULT)
    n = 0
    if (
        drawn >= 0
        and not _simple_win_ruled_out(s, r, t, h, np.int64(-1))
        and _win_ok(s, r, t, p, drawn, np.int64(WK_SELF_DRAW), np.int64(-1), np.bool_(False))
    ) or (prm[P_WILD_RULE] == WILD_TREASURE and _treasure_x(s, r, t, p) >= 0):
        mask[WIN] = True
        n += 1
        if _must_win(s, r, t, p):
            return 1
    if (s.tv[t, TV_LAST_REGION] != 0 or s.pv[t, p, PV_DICE_LOCK] != 0) and drawn >= 0:
        # G51: in the last-tiles region the drawer wins or gives up the drawn tile;
        # 开杠 made (changsha): "一旦掷骰子后摸进任何牌掷骰子者如果不能胡则必须打出"
        mask[drawn] = True
        return n + 1
    vh = _void_count(s, t, p, h)
    kong_turn = drawn >= 0 or prm[P_KONG_AFTER_PUNG] == KONG_AFTER_PUNG_ANY
    if prm[P_NO_CLAIMS_LAST_DISCARD] != 0 and not can_draw_normal(s, r, t):
        kong_turn = False  # G35: no kong after drawing the last tile
    if prm[P_DORA] != 0 and s.tv[t, TV_N_KONGS] >= 4:
        kong_turn = False  # riichi: at most 4 kongs
    first_dealer = (
        prm[P_FIRST_TURN_NO_ADDED_KONG] != 0
        and p == s.tv[t, TV_DEALER]
        and s.pv[t, p, PV_N_RIVER] == 0
    )
    kar = prm[P_KONG_AFTER_READY]
    # one branch-free pass; the mask functions below read h (trials restore it)
    total, occ, _odd, lone, four = hand_bits(h)
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
        # G31 旋风杠 / 喜杠 / 幺九蛋 on the first turn, and additions to them
        n += special_kong_mask(s, r, t, p, kong_turn, first_dealer, remaining(s, t), mask)
    if prm[P_HONOR_SET_EXPOSURE] != 0:
        n += feng_mask(s, r, t, p, drawn, remaining(s, t), mask)  # G24 放风 / 补风
    if prm[P_WILD_KONG] != 0 and not locked and remaining(s, t) > 0:
        if _wild_kong_kind(s, t, p) >= 0:
            mask[DECLARE + 3] = True  # G20: set a wild aside (赖子杠)
            n += 1
    if prm[P_FLOWER_REPLACEMENT] != 0 and kong_turn and not locked:
        n += _flower_action_mask(s, r, t, p, mask)  # G21 杠花
    if prm[P_GRAB_WILD] != 0 and s.tv[t, TV_GRAB] == 0 and s.tv[t, TV_N_DISCARDS] == 0:
        if p == s.tv[t, TV_DEALER] and _grab_dealer_discard(s, r, t, p) >= 0:
            mask[DECLARE + 5] = True  # G19: the dealer's 抢金
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
                        mask[READY_SHOWN + k] = True  # G45: the second ready kind
                        n += 1
    if prm[P_RIICHI_ABORTS] != 0 and nine_terminals(s, t, p):
        mask[DECLARE + 4] = True  # G54: 九種九牌 (abortive draw, the seat's choice)
        n += 1
    if prm[P_STANDING_TILES] != 0 or s.pv[t, p, PV_CHOW_READY] != 0:
        n = _turn_mask_gaps_d(s, r, t, p, mask)
    if prm[P_KONG_ONLY_TILES] != 0:
        n = kong_only_mask(prm, s.wild[t], h, remaining(s, t), mask, n)  # G22
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
    kong leaves the hand ready (system-judged: some tile completes an allowed shape) [003:
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


# ---------------------------------------------------------------------------------- transitions
@internal
def _add_meld(s, t, p, mtype, k, src):
    i = s.pv[t, p, PV_N_MELDS]
    s.melds[t, p, i, 0] = mtype
    s.melds[t, p, i, 1] = k
    s.melds[t, p, i, 2] = src
    s.pv[t, p, PV_N_MELDS] = i + 1
    _stand_clip(s, t, p)


@nb.njit(cache=True, inline="always")
def _add_river(s, t, p, k, flag):
    i = s.pv[t, p, PV_N_RIVER]
    if i >= MAX_RIVER:
        s.tv[t, TV_ERROR] = ERR_RIVER_FULL
        return
    s.river[t, p, i] = k
    s.river_flags[t, p, i] = flag
    s.pv[t, p, PV_N_RIVER] = i + 1


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
                m = pts * mult * bet_pair_mult(s, r, t, p, q)  # G57 坐庄 / 拉庄
                s.pv[t, q, PV_PAY] -= m
                s.pv[t, p, PV_PAY] += m


@nb.njit(cache=True)
def _dealer_after_draw(s, r, t, dealer):
    """Next dealer after an exhaustive draw (``dealer_on_draw``, spec_gaps.md G65)."""
    n = r.params[P_N_PLAYERS]
    od = r.params[P_DEALER_ON_DRAW]
    if od == DRAW_DEALER_NEXT:
        return (dealer + 1) % n
    if od == DRAW_DEALER_NEXT_IF_ANY_KONG:
        # A §9.6 "荒庄时，若4人均无杠，则庄家继续坐庄；有杠则下家做庄"
        return (dealer + 1) % n if s.tv[t, TV_N_KONGS] > 0 else dealer
    if od == DRAW_DEALER_STAYS_IF_READY:
        if s.tv[t, TV_RC_ABORT] != 0:
            return dealer  # riichi: an abortive draw (triple ron) keeps the dealer
        h = s.hands[t, dealer]
        return dealer if _tenpai(s, r, t, dealer, h) else (dealer + 1) % n
    return dealer


@nb.njit(cache=True)
def _dealer_hook(s, r, t, winners, first_winner):
    """Hook point (d) of spec_gaps.md G61: the scoring family's jitted dealer succession, for
    ``dealer_rotation="hook"`` (changsha rules A-G: :func:`changsha_next_dealer`)."""
    if r.params[P_SCORING] == SCORING_CHANGSHA:
        return changsha_next_dealer(s, t, winners, first_winner)
    return first_winner if first_winner >= 0 else s.tv[t, TV_DEALER]


@nb.njit(cache=True)
def _draw_counter(s, r, t, winners):
    """Carry-over counter and the next hand's multiplier (``draw_counter_rule``, G64):
    "double_per_draw" (B §32 "至多连续5局荒庄翻至32倍，5局以上荒庄按照8倍计算") and "shanghai"
    (A §1.7 荒番: "每有人胡1次则荒番减1")."""
    rule = r.params[P_DRAW_COUNTER_RULE]
    c = s.tv[t, TV_STREAK]
    if rule == DRAW_COUNTER_SHANGHAI:
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
            # several winners on one discard (spec_gaps.md G65 dealer_after_multi_win)
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
            nxt = s.tv[t, TV_WIN_FROM]  # 点炮者坐庄 (sichuan); a self-draw: the winner (A3.6)
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
        # (variants_B.md §2.1 "每打完一圈，则按照东、南、西、北的次序转换风圈"; A §4.6)
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
    ``noten_penalty`` in total to the ready ones (B §27.1 "ready players receive 3000 in total
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


@nb.njit(cache=True)
def _finish_draw(s, r, t):
    if r.params[P_FINAL_READY_DRAWS] > 0 and _pool_ready_draws(s, r, t):
        return  # G60: the first ready seat may win on a pool tile
    _settle_kongs(s, r, t, np.int64(0), np.bool_(True))
    if r.params[P_NOTEN_PENALTY] > 0:
        _ready_draw(s, r, t)
    if r.params[P_SCORING] == SCORING_SICHUAN:
        dajiao = np.zeros(4, dtype=np.int64)
        sichuan_draw(s, r, t, dajiao)  # 查花猪, 查大叫, 退税 among the seats still in
    won = _won_mask(s, r, t)
    if won != 0:
        # blood battle: the wall ran out after some wins
        _end_hand(s, r, t, won, np.int64(s.tv[t, TV_WIN_KIND]), np.int64(-1))
        return
    _end_hand(s, r, t, np.int64(0), np.int64(0), np.int64(-1))


@internal
def _pool_ready_draws(s, r, t):
    """G60 ``final_ready_draws`` (two_player B §29 "若有听牌则海底捞月"): the wall has run out and
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
def _won_mask(s, r, t):
    m = 0
    for q in range(r.params[P_N_PLAYERS]):
        if s.pv[t, q, PV_WON] != 0:
            m |= 1 << q
    return m


@internal
def _blood_battle_goes_on(s, r, t, winners, win_kind, frm, tile, last):
    """血战到底: after a win the hand continues until n - 1 seats have won or the wall ends
    (003, "1家胡了并不结束该局，而是未胡的玩家继续打，直到有3家都胡或者余下的玩家家流局"). The first
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
def _finish_win(s, r, t, winners, win_kind, frm, tile):
    n = r.params[P_N_PLAYERS]
    mult = level_mult(s, r, t, s.tv[t, TV_MULT])  # G64 上楼 (dealer_level_max)
    first = -1
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
        buf = stack_empty(4, np.int64)  # no heap allocation per win (engine/stack.py)
        buf[:] = 0
        still = stack_empty(4, np.bool_)
        still[:] = False
        for q in range(n):
            still[q] = s.pv[t, q, PV_WON] == 0 or q == p
        pay0 = pay_snapshot(s, t)  # G58: birds / horses multiply this win's payments
        if r.params[P_SCORING] == SCORING_JIPINGHU:
            jipinghu_pay(s, r, t, p, v, win_kind, frm, mult)
        elif r.params[P_SCORING] == SCORING_CHANGSHA:
            changsha_pay(s, r, t, p, v, win_kind, frm, tile, mult)
        elif r.params[P_SCORING] == SCORING_RIICHI:
            riichi_pay(s, r, t, p, v, win_kind, frm, first == p)
        elif win_payments(
            r, v, p, frm if (win_kind != WK_SELF_DRAW and not rob_self) else -1, still, buf
        ):
            # the family produced the whole payment vector of this win
            if rob_self:
                # G36b 抢杠全包: the robbed seat pays every share of the self-draw
                for q in range(n):
                    if q != p and q != frm:
                        buf[frm] += buf[q]
                        buf[q] = 0
            for q in range(n):
                s.pv[t, q, PV_PAY] += buf[q] * mult
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
            bet_win_payments(s, r, t, p, pay0, mult)  # G57 stakes
        if r.params[P_HONOR_SET_EXPOSURE] != 0:
            feng_win_payments(s, r, t, p, pay0)  # G24: ± 补风
        stake_payments(s, r, t, p, frm if (win_kind != WK_SELF_DRAW and not rob_self) else -1)
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
        chicken_settle(s, r, t, winners, win_kind, tile)  # G59 guizhou chickens
    _settle_kongs(s, r, t, winners, np.bool_(False))
    _end_hand(s, r, t, winners, win_kind, first)


@internal
def _abortive_draw(s, r, t):
    """End the hand as an abortive draw (riichi 途中流局: no payments, ``TV_RC_ABORT``)."""
    s.tv[t, TV_RC_ABORT] = 1
    _end_hand(s, r, t, 0, 0, -1)


@internal
def _draw_turn(s, r, t, q):
    """Seat ``q`` draws from the head and takes its turn (or the hand ends in a draw)."""
    if r.params[P_RIICHI_ABORTS] != 0 and abort_before_draw(s, r, t):
        _abortive_draw(s, r, t)  # G54: 四風連打, 四家立直, 四槓散了
        return
    for _ in range(r.params[P_N_PLAYERS]):
        if s.pv[t, q, PV_WON] == 0:
            break
        q = (q + 1) % r.params[P_N_PLAYERS]  # blood battle: seats that have won sit out
    if not can_draw_normal(s, r, t):
        _finish_draw(s, r, t)
        return
    if (
        r.params[P_SCORING] == SCORING_CHANGSHA
        and s.tv[t, TV_SEABED_TAKER] == 0
        and remaining(s, t) == 1
    ):
        # changsha 海底漫游: the last tile is offered in seat order, from the seat to draw
        s.tv[t, TV_PHASE] = PH_SEABED
        s.tv[t, TV_SEAT] = q
        s.tv[t, TV_SEABED0] = q
        s.tv[t, TV_SEABED_N] = 0
        s.tv[t, TV_TILE] = -1
        if r.params[P_SEABED_OFFER] == SEABED_OFFER_EVERY_SEAT:
            return
        asked = _seabed_ask(s, r, t)  # seabed_offer="ready_seats": pass over unready seats
        if asked == SEABED_ASKED:
            return
        if asked == SEABED_NOBODY:
            _finish_draw(s, r, t)
            return
        # seabed_refused="first_seat_takes": seat q (the first offered) draws the 海底
    k = _take(s, r, t, q, False)
    if k < 0:
        _finish_draw(s, r, t)
        return
    if r.params[P_WILD_RULE] == WILD_TREASURE:
        _treasure_on_draw(s, r, t, q)
    lift = r.params[P_MW_LIFT]
    if lift == MW_LIFT_OWN_DRAW or lift == MW_LIFT_ANY_MOVE or s.pv[t, q, PV_PUNG_LOCK] != 0:
        _lift_on_draw(s, r, t, q)  # else a no-op (saves the call)
    # G51: the last N drawable tiles (counted before this draw) are self-draw only
    nl = r.params[P_LAST_TILES_SELF_DRAW_ONLY]
    s.tv[t, TV_LAST_REGION] = 1 if (nl > 0 and _live_draws(s, r, t) < nl) else 0
    if q == s.tv[t, TV_DEALER]:
        s.tv[t, TV_FIRST_ROUND] = 0
    s.tv[t, TV_SEAT] = q
    s.tv[t, TV_PHASE] = PH_TURN
    s.tv[t, TV_DRAWN] = k
    s.tv[t, TV_REPLACEMENT] = 0
    s.tv[t, TV_DICE_REPL] = 0
    s.tv[t, TV_FORBID0] = -1
    s.tv[t, TV_FORBID1] = -1
    s.tv[t, TV_TILE] = -1


@nb.njit(cache=True)
def _take_dice(s, r, t, p):
    """开杠 replacement (changsha, A §2.2): roll two dice (sum ``d``) and take the top tile of the
    ``d``-th stack counted back from the tail [003: "骰子开几点，即取倒数第几叠牌的最上面一张"]; if
    ``d`` exceeds the stacks left, the last stack of the count (the one at the head end) [003:
    "如果投掷骰子出来的数目大于牌局上墩数，则在最后一墩牌上取牌补张"]. The live wall is read as stacks
    of two from its tail end (stack ``j`` = tiles ``tail-2j+1`` (top) and ``tail-2j``); the taken
    tile leaves the live wall and the tiles behind it close up (their order is kept). Returns the
    kind drawn (flowers replaced from the tail), or -1 if the wall is empty."""
    head = s.tv[t, TV_HEAD]
    tail = s.tv[t, TV_TAIL]
    if tail <= head:
        return -1
    roll = s.tv[t, TV_N_ROLLS] + 1
    s.tv[t, TV_N_ROLLS] = roll
    d0, d1 = dice_pair(s.rng[t, 0], roll)
    d = d0 + d1
    s.tv[t, TV_KONG_DICE] = d
    n_stacks = (tail - head + 1) // 2
    if d > n_stacks:
        d = n_stacks
    pos = max(tail - 2 * d + 1, head)
    k = np.int64(s.wall[t, pos])
    for i in range(pos, tail - 1):
        s.wall[t, i] = s.wall[t, i + 1]
    s.wall[t, tail - 1] = k
    s.tv[t, TV_TAIL] = tail - 1
    _rec(s, t, EV_DRAW_TAIL, p, k)
    s.tv[t, TV_N_DRAWS] += 1
    s.hands[t, p, k] += 1
    if k < 34:
        return k
    _rec(s, t, EV_FLOWER, p, k)
    s.pv[t, p, PV_N_FLOWERS] += 1
    return _take(s, r, t, p, True)


@internal
def _complete_kong(s, r, t, p, mtype, dice):
    """Kong declared and not robbed: points, then the replacement draw from the tail (``dice``:
    the 开杠 replacement of :func:`_take_dice`, after which the seat is locked)."""
    n = r.params[P_N_PLAYERS]
    s.tv[t, TV_N_KONGS] += 1
    for q in range(n):
        s.pv[t, q, PV_RC_IPPATSU] = 0  # riichi: a kong ends every ippatsu
    if s.tv[t, TV_N_KONGS] > r.params[P_RESERVE_FREE_KONGS]:
        # G53: the reserve grows per kong after the free ones, by the kong's type
        if mtype == MELD_CONCEALED_KONG:
            s.tv[t, TV_RESERVE_EXTRA] += r.params[P_RESERVE_PER_CONCEALED_KONG]
        else:
            s.tv[t, TV_RESERVE_EXTRA] += r.params[P_RESERVE_PER_KONG]
    if _kong_abort(s, r, t):
        s.tv[t, TV_DICE_PENDING] = 0
        _finish_draw(s, r, t)  # G54a: 三家杠荒牌 / four kongs by several seats
        return
    if (
        r.params[P_KONG_PAY_RULE] == KONG_RULE_SICHUAN
        or r.params[P_KONG_PAYMENT_TIMING] == KONG_PAY_IMMEDIATE
    ):
        # G61b: the kong_pay hook (刮风下雨, 豆, ...) and the kong ledger (G62), paid once the
        # robbing window has closed
        pay_kong(s, r, t, p, mtype)
    else:
        s.pv[t, p, PV_KONG] += kong_points(r, mtype)
    if remaining(s, t) == 1:
        # the replacement takes the 海底 tile: "该海底牌不做原有功能使用此局无海底牌" (changsha rule F)
        s.tv[t, TV_SEABED_REPL] = p + 1
    if dice:
        k = _take_dice(s, r, t, p)
        s.pv[t, p, PV_DICE_LOCK] = 1
    else:
        k = _take(s, r, t, p, True)
    s.tv[t, TV_DICE_PENDING] = 0
    if k < 0:
        _finish_draw(s, r, t)
        return
    _lift_on_draw(s, r, t, p)
    s.tv[t, TV_SEAT] = p
    s.tv[t, TV_PHASE] = PH_TURN
    s.tv[t, TV_DRAWN] = k
    s.tv[t, TV_REPLACEMENT] = 1
    s.tv[t, TV_DICE_REPL] = 1 if dice else 0
    s.tv[t, TV_FORBID0] = -1
    s.tv[t, TV_FORBID1] = -1
    s.tv[t, TV_TILE] = -1


@internal
def _special_kong(s, r, t, p, g):
    """G31: expose special kong group ``g``; the 旋风杠 completes as a kong with a replacement,
    a 3-tile group takes none (a drawn tile it used is no longer the drawn tile)."""
    if special_kong_declare(s, r, t, p, g):
        _complete_kong(s, r, t, p, np.int64(MELD_ADDED_KONG), False)
        return
    d = s.tv[t, TV_DRAWN]
    if d >= 0 and s.hands[t, p, d] == 0:
        s.tv[t, TV_DRAWN] = -1


@internal
def _feng(s, r, t, p, j):
    """G24 放风 / 补风: honour ``27 + j`` goes out face up (beside the hand, like an honour
    flower) and a replacement comes from the tail."""
    feng_put_out(s, t, p, j)
    _set_aside(s, t, p, np.int64(27 + j))
    _replace_from_tail(s, r, t, p)


@internal
def _special_add(s, r, t, p, k):
    """G31: add ``k`` to seat ``p``'s special kong: an added kong (robbing window, then points
    and the replacement)."""
    special_kong_add(s, t, p, k)
    s.tv[t, TV_DICE_PENDING] = 0
    rob = r.params[P_ROB_KONG]
    if rob == ROB_ADDED or rob == ROB_ADDED_AND_CONCEALED:
        if _open_window(s, r, t, np.int64(RK_ROB_ADDED), k, p) > 0:
            return
    _complete_kong(s, r, t, p, np.int64(MELD_ADDED_KONG), False)


@internal
def _wild_kong_kind(s, t, p):
    """The lowest wild kind seat ``p`` holds, -1 if none."""
    for k in range(34):
        if s.wild[t, k] != 0 and s.hands[t, p, k] > 0:
            return k
    return -1


@internal
def _wild_kong(s, r, t, p):
    """G20 赖子杠 (wuhan B §22 "红中、癞子、四张杠上开花"): one wild leaves the hand face up (into
    the river, flagged ``RF_WILD_KONG``), then a replacement draw from the tail; not a discard (no
    reaction window), not a kong of the wall reserve."""
    k = _wild_kong_kind(s, t, p)
    s.hands[t, p, k] -= 1
    _add_river(s, t, p, k, RF_WILD_KONG)
    s.pv[t, p, PV_N_WILD_KONGS] += 1
    _replace_from_tail(s, r, t, p)


@internal
def _kong_tile(s, r, t, p, k):
    """G22 红中杠 / 杠牌 (wuhan B §22 "红中留在手上不能胡"; anqing B §26 "只能用来杠"): one
    kong-only tile ``k`` leaves the hand face up (into the river, flagged ``RF_KONG_TILE``;
    ``PV_N_KONG_TILES``, anqing money tiles ``PV_N_KONG_MONEY``), then a replacement draw from the
    tail; not a discard (no reaction window), not a kong of the wall reserve or the kong count."""
    s.hands[t, p, k] -= 1
    _add_river(s, t, p, k, RF_KONG_TILE)
    s.pv[t, p, PV_N_KONG_TILES] += 1
    if is_money_tile(r.params, s.wild[t], k):
        s.pv[t, p, PV_N_KONG_MONEY] += 1
    _replace_from_tail(s, r, t, p)


@internal
def _gaps_e_win_ok(s, r, t, p, h, win_kind):
    """G22: a hand holding a kong-only tile cannot win ("红中留在手上不能胡", "手上有，就不能胡牌");
    G42 wuhan: :func:`mjsim.engine.win_rules.wuhan_ok` (屁胡 vs 大胡). ``h``: the complete hand."""
    prm = r.params
    if holds_kong_only(prm, s.wild[t], h):
        return False
    if prm[P_WIN_FILTER] == WIN_FILTER_WUHAN:
        c, nw = _split_wilds(s, r, t, p, h)
        self_drawn = win_kind == WK_SELF_DRAW
        big = win_kind == WK_ROB_KONG or (
            self_drawn and (s.tv[t, TV_REPLACEMENT] != 0 or remaining(s, t) < 4)
        )  # 抢杠, 杠开, 海底捞 ("只剩最后四张牌")
        return wuhan_ok(prm, c, nw, s.melds[t, p], win_kind == WK_DISCARD, big)
    return True


@internal
def _honor_chow_claim(s, r, t, claimer, d, k, ca, src):
    """G67 (nanchang "三张不重复的同类的字牌可以组成一副顺子"): the honour chow ``ca`` (CHOW_LOW /
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


@nb.njit(cache=True)
def _lone_tile_rules(r, k):
    """Which per-seat skips of the reaction check the rules allow for a discarded ``k``:

    - ``1``: a seat with fewer than two copies of ``k``, no chow of it (where it may chow) and a
      hand plus ``k`` that fails the necessary shape conditions (:func:`_simple_win_ruled_out`)
      has no option. Rules: no wilds, only the simple shapes, no imagined wild, no chow-ready or
      standing-tile options (then the options are win, pung, kong and chow: pung and kong need
      two copies, a discard win needs the shape, :func:`_win_ok`), and no honour chows for an
      honour (the window's chow test is the suited one).
    - ``2``: that, and also a seat that holds no copy of ``k`` and no suit neighbour of it
      (:func:`_lone_tile`) has no option: a lone tile fails the standard shape's and seven
      pairs' necessary conditions of :func:`_shape_win`, and thirteen orphans' when ``k`` is
      simple (so ``2`` needs no thirteen orphans, or a simple ``k``).
    - ``0``: no skip."""
    prm = r.params
    shapes = prm[P_WIN_SHAPES]
    if prm[P_WILD_RULE] != WILD_NONE or (shapes & ~_SIMPLE_SHAPES) != 0:
        return 0
    if prm[P_IMAGINED_WILD] != 0:
        return 0  # G2: the imagined wild pairs with a lone tile (心皇单吊)
    if prm[P_CHOW_READY_ANY_SEAT] != 0 or prm[P_STANDING_TILES] != 0:
        return 0
    if k >= 27 and prm[P_HONOR_CHOWS] != 0:
        return 0
    if (shapes & SHAPE_THIRTEEN_ORPHANS) == 0:
        return 2
    r9 = k % 9
    return 2 if k < 27 and r9 != 0 and r9 != 8 else 1


@nb.njit(cache=True, inline="always")
def _lone_tile(h, k):
    """Seat hand ``h`` holds no copy of ``k`` and (a suited ``k``) no tile of its suit within
    distance 2 (the neighbour test of :func:`_shape_win`)."""
    if h[k] != 0:
        return False
    if k >= 27:
        return True
    r9 = k % 9
    return not (
        (r9 >= 1 and h[k - 1] > 0)
        or (r9 >= 2 and h[k - 2] > 0)
        or (r9 <= 7 and h[k + 1] > 0)
        or (r9 <= 6 and h[k + 2] > 0)
    )


@nb.njit(cache=True, inline="always")
def _simple_shape_possible(h, x, n_sets, shapes, honor_chow):
    """The necessary conditions of the simple shapes (no wilds) that :func:`_shape_win` checks
    before the full test, on the counts ``h`` (uint8[>=34]) plus one tile of kind ``x`` (-1:
    none), ``n_sets`` sets: a single (or four) with no neighbour within two in its suit cannot
    be in a standard hand (an honour: unless honour chows), seven pairs needs no odd count,
    thirteen orphans no simple tile. False: no shape of ``shapes`` can be complete."""
    _total, occ, odd, lone, _four = hand_bits(h)
    return _simple_shape_bits(h, x, occ, odd, lone, n_sets, shapes, honor_chow)


@nb.njit(cache=True)
def _simple_shape_bits(h, x, occ, odd, lone, n_sets, shapes, honor_chow):
    """:func:`_simple_shape_possible` from the masks ``occ``, ``odd``, ``lone`` of ``h``
    (:func:`mjsim.engine.hand_bits.hand_bits`) and one more tile of kind ``x`` (-1: none)."""
    if 0 <= x < 34:
        b = np.int64(1) << x
        c = np.int64(h[x]) + 1
        occ |= b
        odd ^= b
        lone = (lone & ~b) | (b if (c == 1 or c == 4) else 0)
    std = (shapes & SHAPE_STANDARD) != 0 and isolated_bits(occ, lone, honor_chow) == 0
    sp = (shapes & _SEVEN_PAIRS_ANY) != 0 and n_sets == 4 and odd == 0
    to = (shapes & SHAPE_THIRTEEN_ORPHANS) != 0 and n_sets == 4 and (occ & SIMPLES) == 0
    return std or sp or to


@nb.njit(cache=True, inline="always")
def _simple_win_ruled_out(s, r, t, h, x):
    """Under rules without wilds (no wild rule, imagined wild or wild flowers), with the simple
    shapes only and no flower instant win: do the necessary conditions of
    :func:`_simple_shape_possible` rule out a win of the concealed counts ``h`` plus ``x`` (-1:
    ``h`` holds the winning tile)? Then :func:`_win_ok` is False (its shape test fails) and
    need not be called. False when the rules are not of that kind."""
    prm = r.params
    shapes = prm[P_WIN_SHAPES]
    if (
        prm[P_WILD_RULE] != WILD_NONE
        or (shapes & ~_SIMPLE_SHAPES) != 0
        or prm[P_IMAGINED_WILD] != 0
        or prm[P_FLOWER_INSTANT_WIN] > 0
        or s.tv[t, TV_WILD_FLOWERS] != 0
    ):
        return False
    total, occ, odd, lone, _four = hand_bits(h)
    if x >= 0:
        total += 1
    if total % 3 != 2:
        return True
    return not _simple_shape_bits(
        h, x, occ, odd, lone, (total - 2) // 3, shapes, prm[P_HONOR_CHOWS]
    )


@nb.njit(cache=True, inline="always")
def _chow_shape(h, k):
    """Seat hand ``h`` holds the two other tiles of some chow of the suited kind ``k``."""
    r9 = k % 9
    return (
        (r9 <= 6 and h[k + 1] > 0 and h[k + 2] > 0)
        or (1 <= r9 <= 7 and h[k - 1] > 0 and h[k + 1] > 0)
        or (r9 >= 2 and h[k - 2] > 0 and h[k - 1] > 0)
    )


@internal
def _open_window(s, r, t, kind, k, frm):
    """Ask every seat with an option, in turn order after ``frm``. Returns seats asked."""
    n = r.params[P_N_PLAYERS]
    s.tv[t, TV_TILE] = k
    s.tv[t, TV_FROM] = frm
    s.tv[t, TV_REACT_KIND] = kind
    quick = _lone_tile_rules(r, k) if kind == RK_DISCARD else 0
    chow = r.params[P_ALLOW_CHOW] != 0 and k < 27
    m = 0
    for i in range(1, n):
        q = (frm + i) % n
        if s.pv[t, q, PV_WON] != 0:
            continue
        if quick != 0:
            h = s.hands[t, q]
            if quick == 2 and _lone_tile(h, k):
                continue  # no win, pung, kong or chow can use the tile (see _lone_tile_rules)
            if (
                h[k] < 2
                and not (
                    chow
                    and (r.params[P_CHOW_LEFT_ONLY] == 0 or q == (frm + 1) % n)
                    and _chow_shape(h, k)
                )
                and _simple_win_ruled_out(s, r, t, h, k)
            ):
                continue  # no pung, kong or chow, and the shape test of a win fails
        opts = _react_options(s, r, t, q)
        if opts != 0:
            s.tv[t, TV_ASK0 + m] = q
            s.pv[t, q, PV_CAN_WIN] = 1 if (opts & O_WIN) else 0
            s.pv[t, q, PV_OPTS] = opts
            s.pv[t, q, PV_CHOICE] = -1
            m += 1
    s.tv[t, TV_REACT_N] = m
    s.tv[t, TV_REACT_POS] = 0
    if m > 0:
        s.tv[t, TV_PHASE] = PH_REACT
    return m


@internal
def _after_claim(s, r, t, claimer, d, action):
    """A claim was applied (meld added): a claim is a move (漏和 ends), then the family hook."""
    if r.params[P_MW_LIFT] == MW_LIFT_ANY_MOVE:
        s.pv[t, claimer, PV_LOCK] = 0
    if r.params[P_SCORING] == SCORING_JIPINGHU:
        jipinghu_on_claim(s, r, t, claimer, d, action)


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
    wild_pair = -1  # G50b: the nearest winner whose pair is two wilds (金雀)
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
            # riichi (G50a): three discard winners = abortive draw (三家和)
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
                special_kong_unadd(s, t, d, k)  # G31: a robbed addition to a special kong
            _add_river(s, t, d, k, RF_ROBBED | RF_WON)
            _finish_win(s, r, t, winners, np.int64(WK_ROB_KONG), d, k)
        return
    if kind != RK_DISCARD:
        if kind == RK_ROB_ADDED and claimer >= 0 and ca == PUNG:
            # G36a 抢叉: the addition is void (the kong reverts to a pung) and the added tile,
            # placed in the konger's river, is punged like a discard
            for i in range(s.pv[t, d, PV_N_MELDS]):
                if s.melds[t, d, i, 0] == MELD_ADDED_KONG and s.melds[t, d, i, 1] == k:
                    s.melds[t, d, i, 0] = MELD_PUNG
                    break
            if r.params[P_SPECIAL_KONGS] != 0:
                special_kong_unadd(s, t, d, k)  # G31: 抢叉 of an addition to a special kong
            _add_river(s, t, d, k, np.int64(RF_ROBBED))
            s.tv[t, TV_DICE_PENDING] = 0
        else:
            mtype = np.int64(MELD_ADDED_KONG if kind == RK_ROB_ADDED else MELD_CONCEALED_KONG)
            _complete_kong(s, r, t, d, mtype, s.tv[t, TV_DICE_PENDING] != 0)
            return
    if crdy >= 0 and (claimer < 0 or ca == PUNG):
        claimer = crdy  # 胡 > 杠 > 吃听 > 碰 > 吃 (A §10.2)
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
    s.pv[t, claimer, PV_N_EXPOSED] += 1
    s.tv[t, TV_SEAT] = claimer
    s.tv[t, TV_PHASE] = PH_TURN
    s.tv[t, TV_DRAWN] = -1
    s.tv[t, TV_REPLACEMENT] = 0
    s.tv[t, TV_DICE_REPL] = 0
    s.tv[t, TV_FORBID0] = -1
    s.tv[t, TV_FORBID1] = -1
    s.tv[t, TV_TILE] = -1
    if ca == PUNG:
        h[k] -= 2
        _add_meld(s, t, claimer, MELD_PUNG, k, src)
        _after_claim(s, r, t, claimer, d, ca)
    elif ca == EXPOSED_KONG:
        h[k] -= 3
        _add_meld(s, t, claimer, MELD_KONG, k, src)
        _after_claim(s, r, t, claimer, d, ca)
        _complete_kong(s, r, t, claimer, np.int64(MELD_KONG), False)
    elif k >= 27:
        _honor_chow_claim(s, r, t, claimer, d, k, ca, src)  # G67
    else:
        lo = k if ca == CHOW_LOW else (k - 1 if ca == CHOW_MID else k - 2)
        for j in range(lo, lo + 3):
            if j != k:
                h[j] -= 1
        _add_meld(s, t, claimer, MELD_CHOW, lo, src)
        _after_claim(s, r, t, claimer, d, ca)
        if r.params[P_FORBID_CHOW_SAME_DISCARD] != 0:
            s.tv[t, TV_FORBID0] = k
            if ca == CHOW_LOW and k % 9 <= 5:
                s.tv[t, TV_FORBID1] = k + 3
            elif ca == CHOW_HIGH and k % 9 >= 3:
                s.tv[t, TV_FORBID1] = k - 3


@nb.njit(cache=True)
def _choose_suit(s, r, t, a):
    """定缺: the current seat's hidden choice; revealed when every seat has chosen, then the
    dealer plays (003, "定缺：摸牌结束后由玩家选择一门花色作为该局游戏的定缺花色")."""
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


#: :func:`_seabed_ask` outcomes
SEABED_ASKED = 0  # the seat TV_SEAT is asked
SEABED_NOBODY = 1  # every seat refused: the hand is drawn
SEABED_FORCED = 2  # every seat refused: the first seat offered takes it (TV_SEABED_TAKER set)


@nb.njit(cache=True)
def _seabed_ask(s, r, t):
    """The 海底 offer goes to seat ``TV_SEAT`` unless it may not be asked
    (``seabed_offer="ready_seats"``: a seat whose hand is not ready is passed over as a
    refusal). Once all seats refused: :data:`SEABED_NOBODY` (the hand is drawn; rule D) or, with
    ``seabed_refused="first_seat_takes"``, :data:`SEABED_FORCED` (the first seat offered is the
    taker: it wins on the tile or exposes it)."""
    n = r.params[P_N_PLAYERS]
    if r.params[P_SEABED_OFFER] != SEABED_OFFER_EVERY_SEAT:
        while s.tv[t, TV_SEABED_N] < n:
            q = np.int64(s.tv[t, TV_SEAT])
            if _tenpai(s, r, t, q, s.hands[t, q]):
                break
            s.tv[t, TV_SEABED_N] += 1
            s.tv[t, TV_SEAT] = (q + 1) % n
    if s.tv[t, TV_SEABED_N] < n:
        return SEABED_ASKED
    if r.params[P_SEABED_REFUSED] == SEABED_REFUSED_FIRST_TAKES:
        s.tv[t, TV_SEABED_TAKER] = s.tv[t, TV_SEABED0] + 1
        return SEABED_FORCED
    return SEABED_NOBODY


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
    the last asked seat the hand ends if anyone declared (A2.2 default), else the dealer plays."""
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


@nb.njit(cache=True)
def _missed_win(s, r, t, p):
    """Seat ``p`` declined a win on ``tv[TV_TILE]``: set its lockout (G49)."""
    prm = r.params
    ready = s.pv[t, p, PV_READY] != 0
    if ready and prm[P_READY_LOCKOUT_WHOLE_HAND] != 0:
        s.pv[t, p, PV_LOCK_HAND] = 1
    if prm[P_MISSED_WIN_LOCKOUT] == LOCKOUT_NONE:
        return
    if ready and prm[P_MW_UNREADY_ONLY] != 0:
        return
    if prm[P_MW_THRESHOLD] != MW_THRESHOLD_NONE:
        _lock_worth(s, r, t, p)
    if prm[P_MW_SCOPE] == MW_SCOPE_ALL:
        s.pv[t, p, PV_LOCK] = 1
    else:
        s.pv[t, p, PV_LOCK] = s.tv[t, TV_TILE] + 1  # only this kind


@internal
def _lock_worth(s, r, t, p):
    """过胡 (``missed_win_threshold="higher_value"``): seat ``p`` passes the win on
    ``tv[TV_TILE]``; ``PV_LOCK_VALUE`` = the largest worth (:func:`mjsim.engine.settle.worth`)
    of the wins it passed while its lockout lasted (a new lockout, or another kind under a
    one-tile lockout, starts again from this one)."""
    k = np.int64(s.tv[t, TV_TILE])
    wk = np.int64(WK_DISCARD if s.tv[t, TV_REACT_KIND] == RK_DISCARD else WK_ROB_KONG)
    v = _value_with_tile(s, r, t, p, k, wk, np.int64(s.tv[t, TV_FROM]))
    w = worth(r, v, s.items[t, p])
    s.items[t, p, :] = 0
    lock = s.pv[t, p, PV_LOCK]
    fresh = lock == 0 or (r.params[P_MW_SCOPE] != MW_SCOPE_ALL and lock != k + 1)
    if fresh or w > s.pv[t, p, PV_LOCK_VALUE]:
        s.pv[t, p, PV_LOCK_VALUE] = w


@nb.njit(cache=True, inline="always")
def _lift_on_draw(s, r, t, q):
    """Seat ``q`` drew (normal or replacement): lift its draw-bound lockouts."""
    lift = r.params[P_MW_LIFT]
    if lift == MW_LIFT_OWN_DRAW or lift == MW_LIFT_ANY_MOVE:
        s.pv[t, q, PV_LOCK] = 0
    s.pv[t, q, PV_PUNG_LOCK] = 0


@internal
def _declare_ready(s, t, p, kind):
    """Seat ``p`` declares ready with ready kind ``kind`` (``PV_READY_KIND``, G45); the first seat
    to declare is remembered for the pool draws (G60 "由先听牌的玩家进行海底捞月")."""
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
            s.pv[t, p, PV_PUNG_LOCK] = s.tv[t, TV_TILE] + 1  # G28
        pos += 1
        s.tv[t, TV_REACT_POS] = pos
        if pos >= s.tv[t, TV_REACT_N]:
            _resolve(s, r, t)
        return
    if ph == PH_CHOOSE_SUIT:
        _choose_suit(s, r, t, a)
        return
    if ph == PH_DECLARE:
        _declare(s, r, t, a)
        return
    if ph == PH_SEABED:
        _seabed(s, r, t, a)
        return
    if ph == PH_GRAB:
        _grab_step(s, r, t, a)  # G19 抢金
        return
    if ph == PH_BET:
        _rec(s, t, EV_ACT, np.int64(s.tv[t, TV_SEAT]), a)
        bet_step(s, r, t, a)  # G57 pre-hand stakes
        return
    if ph == PH_EXCHANGE:
        p = np.int64(s.tv[t, TV_SEAT])
        _rec(s, t, EV_ACT, p, a)
        k = exchange_step(s, r, t, a)  # G56 opening exchange
        if k >= 0:
            _rec(s, t, EV_POOL, p, k)
        return
    if ph == PH_POOL_DRAW:
        _pool_draw_step(s, r, t, a)  # G60 final ready draws
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
        _flower_action(s, r, t, p)  # G21 杠花
        return
    if a == DECLARE + 5:
        _grab_dealer(s, r, t, p)  # G19 the dealer's 抢金
        return
    if a == DECLARE + 4:
        _abortive_draw(s, r, t)  # G54: 九種九牌
        return
    if a >= FENG:
        _feng(s, r, t, p, np.int64(a - FENG))  # G24 放风 / 补风
        return
    if a >= SPECIAL_KONG:
        _special_kong(s, r, t, p, np.int64(a - SPECIAL_KONG))  # G31
        return
    if (
        KONG <= a < READY_DISCARD
        and r.params[P_SPECIAL_KONGS] != 0
        and added_group(s, t, p, a - KONG) >= 0
    ):
        _special_add(s, r, t, p, np.int64(a - KONG))  # G31: 补杠 on a special kong
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
            h[k] = 0
            _add_meld(s, t, p, MELD_CONCEALED_KONG, k, 0)
            if rob == ROB_ADDED_AND_CONCEALED:
                if _open_window(s, r, t, np.int64(RK_ROB_CONCEALED), k, p) > 0:
                    return
            _complete_kong(s, r, t, p, np.int64(MELD_CONCEALED_KONG), dice)
        else:
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
        _declare_ready(s, t, p, r.params[P_READY_MODE1])  # G45: the second ready kind
        flag = RF_READY
    elif a >= READY_DISCARD:
        k = a - READY_DISCARD
        _declare_ready(s, t, p, r.params[P_READY_MODE0])
        flag = RF_READY
        # riichi: deposit, ippatsu window, double riichi on the first discard before any call
        dep = r.params[P_READY_DEPOSIT]
        if dep > 0:
            s.pv[t, p, PV_PAY] -= dep
            s.tv[t, TV_RC_POT] += dep
        if r.params[P_SCORING] == SCORING_RIICHI:
            s.pv[t, p, PV_RC_IPPATSU] = 1
            if s.tv[t, TV_FIRST_ROUND] != 0 and s.pv[t, p, PV_N_RIVER] == 0:
                s.pv[t, p, PV_RC_DOUBLE] = 1
    else:
        k = a
        s.pv[t, p, PV_RC_IPPATSU] = 0  # riichi: the seat's next discard ends its ippatsu
    if r.params[P_MW_LIFT] == MW_LIFT_OWN_DISCARD:
        s.pv[t, p, PV_LOCK] = 0
    if flag != 0 or s.pv[t, p, PV_CHOW_READY] != 0:
        flag = _gaps_d_discard(s, r, t, p, k, flag)  # else a no-op (saves the call)
    h[k] -= 1
    if s.wild[t, k] != 0:
        s.pv[t, p, PV_N_WILD_DISCARDED] += 1
        if r.params[P_WILD_WAIT_CONTEXT] != 0:
            _count_piao(s, r, t, p, k)  # G63 财飘
    _add_river(s, t, p, k, flag)
    s.tv[t, TV_N_DISCARDS] += 1
    if s.pv[t, p, PV_N_RIVER] > 1:
        s.tv[t, TV_FIRST_ROUND] = 0
    s.tv[t, TV_AFTER_KONG] = s.tv[t, TV_REPLACEMENT]
    s.tv[t, TV_AFTER_DICE_KONG] = s.tv[t, TV_DICE_REPL]
    s.tv[t, TV_FORBID0] = -1
    s.tv[t, TV_FORBID1] = -1
    s.tv[t, TV_DRAWN] = -1
    if s.tv[t, TV_LAST_REGION] != 0:
        # G51: a discard in the last-tiles region is dead (nobody claims or wins on it)
        s.tv[t, TV_LAST_REGION] = 0
        _draw_turn(s, r, t, (p + 1) % r.params[P_N_PLAYERS])
        return
    if (flag & RF_FACE_DOWN) != 0:
        # G29: the standing tile of a ready declaration lies face down; nobody claims or wins it
        _draw_turn(s, r, t, (p + 1) % r.params[P_N_PLAYERS])
        return
    if r.params[P_GRAB_WILD] != 0 and _grab_after_discard(s, r, t, p, k):
        return  # G19: the non-dealers may grab the gold before anyone claims the discard
    if _open_window(s, r, t, np.int64(RK_DISCARD), k, p) == 0:
        _draw_turn(s, r, t, (p + 1) % r.params[P_N_PLAYERS])


# ---------------------------------------------------------------------------------- 抢金 (G19)
# fuzhou A §11.5: "庄家开局时出首张牌时只要打出一张没用的牌，再将开出来的“金”换进，即可胡牌的" (the
# dealer), "闲家在庄家出过首张牌后将“金”抓进，即可和牌的" (a non-dealer); "即优先级为：天胡&闲家抢金&
# 庄家抢金" (天胡 is the dealer's own WIN before any discard; among non-dealers the nearest after
# the dealer first); "上手有两张金牌，不能以胡“三金倒”的胡型来抢金" (a grab needs a shape win);
# "特殊胡牌类型中的天胡、抢金也算自摸" (scored as a self-draw). The gold is the turned indicator.
@internal
def _grab_ok(s, r, t, q):
    """Would the revealed gold complete seat ``q``'s concealed hand (a shape win, not 三金倒)?"""
    g = np.int64(s.tv[t, TV_INDICATOR])
    h = s.hands[t, q]
    if g < 0 or g >= 34 or h[g] >= 4 or s.pv[t, q, PV_WON] != 0:
        return False
    h[g] += 1
    ok = (
        _shape_win(s, r, t, q, h, r.params[P_WIN_SHAPES], np.int64(0))
        and _requirements_ok(s, r, t, q, h)
        and _extra_ok(s, r, t, q, h)
    )
    h[g] -= 1
    return ok


@internal
def _grab_dealer_discard(s, r, t, p):
    """The lowest plain (not wild) kind whose discard lets the revealed gold complete the
    dealer's hand, -1 if none."""
    h = s.hands[t, p]
    for k in range(34):
        if h[k] == 0 or s.wild[t, k] != 0:
            continue
        h[k] -= 1
        ok = _grab_ok(s, r, t, p)
        h[k] += 1
        if ok:
            return k
    return -1


@internal
def _grab_next(s, r, t, after):
    """Ask the next non-dealer after seat ``after`` (in turn order, the dealer's next seat
    first) that the gold would complete; False if there is none."""
    n = r.params[P_N_PLAYERS]
    dealer = s.tv[t, TV_DEALER]
    q = (after + 1) % n
    while q != dealer:
        if _grab_ok(s, r, t, q):
            s.tv[t, TV_PHASE] = PH_GRAB
            s.tv[t, TV_SEAT] = q
            return True
        q = (q + 1) % n
    return False


@internal
def _grab_win(s, r, t, q):
    """Seat ``q`` takes the gold out of the wall and wins by self-draw."""
    g = np.int64(s.tv[t, TV_INDICATOR])
    pos = s.tv[t, TV_IND_POS]
    tail = s.tv[t, TV_TAIL]
    if s.tv[t, TV_HEAD] <= pos < tail:
        for i in range(pos, tail - 1):
            s.wall[t, i] = s.wall[t, i + 1]
        s.wall[t, tail - 1] = g  # kept past the live wall (the wall array stays a permutation)
        s.tv[t, TV_TAIL] = tail - 1
    s.tv[t, TV_IND_OUT] = 0
    s.tv[t, TV_IND_POS] = -1
    s.hands[t, q, g] += 1
    s.tv[t, TV_GRAB] = 3
    s.tv[t, TV_GRABBED] = q + 1
    _finish_win(s, r, t, 1 << q, np.int64(WK_SELF_DRAW), np.int64(-1), g)


@internal
def _grab_close(s, r, t):
    """No non-dealer grabbed: the dealer's declared grab wins, else the dealer's first discard
    goes to the reaction window as usual."""
    if s.tv[t, TV_GRAB] == 1:
        _grab_win(s, r, t, np.int64(s.tv[t, TV_DEALER]))
        return
    s.tv[t, TV_GRAB] = 3
    k = np.int64(s.tv[t, TV_TILE])
    p = np.int64(s.tv[t, TV_FROM])
    s.tv[t, TV_PHASE] = PH_TURN
    if _open_window(s, r, t, np.int64(RK_DISCARD), k, p) == 0:
        _draw_turn(s, r, t, (p + 1) % r.params[P_N_PLAYERS])


@internal
def _grab_after_discard(s, r, t, p, k):
    """After the dealer's first discard ``k``: open the grab window if a non-dealer can grab."""
    if s.tv[t, TV_GRAB] != 0 or p != s.tv[t, TV_DEALER] or s.tv[t, TV_N_DISCARDS] != 1:
        return False
    s.tv[t, TV_GRAB] = 2
    s.tv[t, TV_TILE] = k
    s.tv[t, TV_FROM] = p
    if _grab_next(s, r, t, p):
        return True
    s.tv[t, TV_GRAB] = 3
    return False


@internal
def _grab_dealer(s, r, t, p):
    """The dealer's 抢金 (``DECLARE + 5`` on its first turn): it discards the lowest plain tile
    that lets the gold complete its hand (no reaction window), then the non-dealers that can
    grab are asked first; if none does, the dealer wins."""
    k = _grab_dealer_discard(s, r, t, p)
    s.hands[t, p, k] -= 1
    _add_river(s, t, p, k, np.int64(0))
    s.tv[t, TV_N_DISCARDS] += 1
    s.tv[t, TV_DRAWN] = -1
    s.tv[t, TV_GRAB] = 1
    s.tv[t, TV_TILE] = k
    s.tv[t, TV_FROM] = p
    if not _grab_next(s, r, t, p):
        _grab_win(s, r, t, p)


@internal
def _grab_step(s, r, t, a):
    """PH_GRAB: the asked seat grabs (``DECLARE + 5``) or passes."""
    q = np.int64(s.tv[t, TV_SEAT])
    _rec(s, t, EV_ACT, q, a)
    if a == DECLARE + 5:
        _grab_win(s, r, t, q)
        return
    if not _grab_next(s, r, t, q):
        _grab_close(s, r, t)


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


# ---------------------------------------------------------------------------------- invariants
@nb.njit(cache=True)
def check_invariants(s, r, t):
    """0 if table ``t`` is consistent, else 1 (tile conservation), 2 (hand size), 3 (payments
    not zero-sum), 4 (meld count)."""
    n = r.params[P_N_PLAYERS]
    cnt = np.zeros(42, dtype=np.int64)
    for i in range(s.tv[t, TV_HEAD], s.tv[t, TV_TAIL]):
        cnt[s.wall[t, i]] += 1
    if r.params[P_WALL_TILES_USED] > 0:
        for i in range(r.params[P_WALL_TILES_USED], s.tv[t, TV_POOL_END]):
            cnt[s.wall[t, i]] += 1  # G4: the unused pool (less the G60 final ready draws)
    pos = s.tv[t, TV_IND_POS]
    if s.tv[t, TV_IND_OUT] != 0 and not (s.tv[t, TV_HEAD] <= pos < s.tv[t, TV_TAIL]):
        cnt[s.wall[t, pos]] += 1  # the indicator out of play, already passed by the draws
    for p in range(n):
        for k in range(42):
            cnt[k] += s.hands[t, p, k]
        for k in range(27, 34):
            cnt[k] += honor_flowers(s, t, p, k)
        nm = 0
        for i in range(s.melds.shape[2]):
            if s.melds[t, p, i, 0] != MELD_NONE:
                nm += 1
                add_meld_tiles(s, t, p, i, cnt)
        if nm != s.pv[t, p, PV_N_MELDS]:
            return 4
        for i in range(s.pv[t, p, PV_N_RIVER]):
            if (s.river_flags[t, p, i] & RF_CLAIMED) == 0:
                cnt[s.river[t, p, i]] += 1
    for k in range(42):
        if cnt[k] != r.tile_counts[k]:
            return 1
    ph = s.tv[t, TV_PHASE]
    if ph != PH_DONE:
        hs = r.params[P_HAND_SIZE]
        for p in range(n):
            c = 3 * s.pv[t, p, PV_N_MELDS]
            for k in range(34):
                c += s.hands[t, p, k]
            c += _n_held_flowers(s, t, p)  # G11 / G21: flowers held in the hand
            own = ((ph == PH_TURN or ph == PH_POOL_DRAW) and p == s.tv[t, TV_SEAT]) or (
                (ph == PH_CHOOSE_SUIT or ph == PH_DECLARE or ph == PH_BET or ph == PH_EXCHANGE)
                and p == s.tv[t, TV_DEALER]
            )
            want = hs + (1 if own else 0)
            if c != want:
                return 2
    tot = s.tv[t, TV_RC_POT] - s.tv[t, TV_RC_POT_IN]  # riichi deposits on the table
    for p in range(n):
        tot += s.pv[t, p, PV_PAY]
    if tot != 0:
        return 3
    return 0
