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
    DECLARE,
    EXPOSED_KONG,
    KONG,
    N_ACTIONS,
    PASS,
    PUNG,
    READY_DISCARD,
    WIN,
)
from mjsim.engine.hooks_sichuan import sichuan_draw, sichuan_kong, sichuan_transfer
from mjsim.engine.rng import AGENT_SALT, below, splitmix64
from mjsim.engine.settle import (
    hand_value,
    kong_points,
    qualifying_value,
    variant_flags,
    win_payments,
)
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
    EV_PAY,
    EV_WIN,
    MAX_RIVER,
    PH_CHOOSE_SUIT,
    PH_DECLARE,
    PH_DONE,
    PH_REACT,
    PH_SEABED,
    PH_TURN,
    PV_CAN_WIN,
    PV_CHOICE,
    PV_KONG,
    PV_LOCK,
    PV_MISSING,
    PV_N_EXPOSED,
    PV_N_FLOWERS,
    PV_N_MELDS,
    PV_N_RIVER,
    PV_OPTS,
    PV_PAY,
    PV_RC_DOUBLE,
    PV_RC_IPPATSU,
    PV_READY,
    PV_SCORE,
    PV_VALUE,
    PV_WON,
    RF_CLAIMED,
    RF_READY,
    RF_ROBBED,
    RF_WON,
    RK_DISCARD,
    RK_ROB_ADDED,
    RK_ROB_CONCEALED,
    TV_AFTER_KONG,
    TV_ASK0,
    TV_DEALER,
    TV_DRAWN,
    TV_ERROR,
    TV_FIRST_ROUND,
    TV_FORBID0,
    TV_FORBID1,
    TV_FROM,
    TV_HAND_NO,
    TV_HEAD,
    TV_INDICATOR,
    TV_MULT,
    TV_N_DECISIONS,
    TV_N_DISCARDS,
    TV_N_DRAWS,
    TV_N_KONGS,
    TV_NEXT_DEALER,
    TV_NEXT_MULT,
    TV_NEXT_REPEAT,
    TV_PHASE,
    TV_RC_ABORT,
    TV_RC_DEALER_READY,
    TV_RC_POT,
    TV_REACT_KIND,
    TV_REACT_N,
    TV_REACT_POS,
    TV_REC_N,
    TV_REPEAT,
    TV_REPLACEMENT,
    TV_ROUND_WIND,
    TV_SEABED0,
    TV_SEABED_N,
    TV_SEABED_TAKER,
    TV_SEAT,
    TV_TAIL,
    TV_TILE,
    TV_WALL_LEN,
    TV_WIN_FROM,
    TV_WIN_KIND,
    TV_WIN_TILE,
    TV_WINNERS,
    WK_DISCARD,
    WK_NONE,
    WK_ROB_KONG,
    WK_SELF_DRAW,
)
from mjsim.kernels.shanten import is_win, shanten
from mjsim.melds import (
    MELD_ADDED_KONG,
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_KONG,
    MELD_NONE,
    MELD_PUNG,
)
from mjsim.rules.params import (
    DEALER_DISCARDER_DEALS,
    DEALER_RANDOM,
    DEALER_ROTATE,
    DEALER_WINNER_STAYS,
    KONG_PAY_AT_END,
    KONG_PAY_IMMEDIATE,
    KONG_PAY_WINNER_ONLY,
    LOCKOUT_NONE,
    LOCKOUT_SAME_TILE,
    LOCKOUT_UNTIL_NEXT_DRAW,
    MULTI_ALL_MAX2,
    MULTI_NEAREST,
    P_ALLOW_ADDED_KONG,
    P_ALLOW_CHOW,
    P_ALLOW_CONCEALED_KONG,
    P_ALLOW_EXPOSED_KONG,
    P_ALLOW_PUNG,
    P_ALLOW_READY,
    P_BLOOD_BATTLE,
    P_CHOW_LEFT_ONLY,
    P_DEALER_ROTATION,
    P_DEALER_STAYS_IF_READY,
    P_DEALER_STAYS_ON_DRAW,
    P_DORA,
    P_DRAW_MULTIPLIER,
    P_FORBID_CHOW_SAME_DISCARD,
    P_FORCED_WIN_TILES,
    P_HAND_SIZE,
    P_HONOR_CHOWS,
    P_KONG_PAYMENT_TIMING,
    P_MIN_FAN,
    P_MISSED_WIN_LOCKOUT,
    P_MISSING_SUIT_CHOICE,
    P_MULTI_WINNER,
    P_MUST_BE_READY,
    P_MUST_HAVE_PUNG,
    P_MUST_HAVE_TERMINAL,
    P_MUST_OPEN,
    P_N_PLAYERS,
    P_N_TILES,
    P_NO_KONG_AFTER_PUNG,
    P_NOTEN_PENALTY,
    P_OWN_DISCARD_FURITEN,
    P_PAIR_RULE,
    P_READY_DEPOSIT,
    P_READY_LOCKS_HAND,
    P_READY_REQUIRES_CLOSED,
    P_RESERVE_PER_KONG,
    P_RESERVE_WHOLE_STACKS,
    P_ROB_KONG,
    P_SCORING,
    P_SELF_DRAW_ONLY,
    P_SUIT_RULE,
    P_WALL_RESERVE,
    P_WILD_AFTER_READY_ONLY,
    P_WILD_RULE,
    P_WIN_SHAPES,
    ROB_ADDED,
    ROB_ADDED_AND_CONCEALED,
    SCORING_CHANGSHA,
    SCORING_JIPINGHU,
    SCORING_RIICHI,
    SCORING_SICHUAN,
    SHAPE_SEVEN_PAIRS,
    SHAPE_STANDARD,
    SHAPE_THIRTEEN_ORPHANS,
    SUIT_ALL_THREE,
    SUIT_MISSING_ONE,
    SUIT_NONE,
    SUIT_ONE_SUIT_8,
    WILD_FIXED,
    WILD_NONE,
)
from mjsim.scoring.context import (
    F_AFTER_KONG_DISCARD,
    F_DEALER_SEAT,
    F_DISCARDER_SEAT,
    F_EARTHLY,
    F_FIRST_TURN,
    F_FLOWERS,
    F_FOURTH_TILE,
    F_HEAVENLY,
    F_IS_DEALER,
    F_KONG_REPLACEMENT,
    F_LAST_WALL_TILE,
    F_N_WILD,
    F_READY,
    F_ROBBING_KONG,
    F_ROUND_WIND,
    F_SEAT_WIND,
    F_SELF_DRAWN,
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
_SIMPLE_SHAPES = SHAPE_STANDARD | SHAPE_SEVEN_PAIRS | SHAPE_THIRTEEN_ORPHANS


# ---------------------------------------------------------------------------------- records
@internal
def _rec(s, t, kind, seat, arg):
    cap = s.rec.shape[1]
    if cap == 0:
        return
    n = s.tv[t, TV_REC_N]
    if n >= cap:
        s.tv[t, TV_ERROR] = ERR_RECORD_FULL
        return
    s.rec[t, n] = np.int32(kind | (seat << 8) | (arg << 12))
    s.tv[t, TV_REC_N] = n + 1


# ---------------------------------------------------------------------------------- wall
@nb.njit(cache=True)
def remaining(s, t):
    """Live tiles left in the wall of table ``t``."""
    return s.tv[t, TV_TAIL] - s.tv[t, TV_HEAD]


@nb.njit(cache=True)
def can_draw_normal(s, r, t):
    """Whether a normal draw is allowed (the wall has not reached the reserve)."""
    rem = s.tv[t, TV_TAIL] - s.tv[t, TV_HEAD]
    reserve = r.params[P_WALL_RESERVE] + r.params[P_RESERVE_PER_KONG] * s.tv[t, TV_N_KONGS]
    if r.params[P_RESERVE_WHOLE_STACKS] != 0:
        return (rem // 2) * 2 > reserve
    return rem > reserve


@internal
def _take(s, t, seat, from_tail):
    """Draw one tile for ``seat``; flowers are set aside and replaced from the tail.

    Returns the (non-flower) kind drawn, or -1 if the wall is empty.
    """
    while True:
        head = s.tv[t, TV_HEAD]
        tail = s.tv[t, TV_TAIL]
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
        if k < 34:
            return k
        _rec(s, t, EV_FLOWER, seat, k)
        s.pv[t, seat, PV_N_FLOWERS] += 1
        from_tail = True


# ---------------------------------------------------------------------------------- reset
@nb.njit(cache=True)
def reset_table(s, r, t, key, hand_no, dealer, round_wind, repeat, mult, shuffle):
    """Start a hand on table ``t``: clear it (running scores kept), shuffle the wall from ``key``
    (uint64) unless ``shuffle`` is False (then ``s.wall[t]`` holds a scripted order), deal and
    replace flowers. Leaves the dealer to act."""
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
    # flower replacement from the tail, seat by seat from the dealer
    for i in range(n):
        seat = (dealer + i) % n
        nf = 0
        for f in range(34, 42):
            for _ in range(s.hands[t, seat, f]):
                _rec(s, t, EV_FLOWER, seat, f)
                nf += 1
        s.pv[t, seat, PV_N_FLOWERS] = nf
        for _ in range(nf):
            k = _take(s, t, seat, True)
            if seat == dealer and k >= 0:
                last = k
    if last >= 34:
        last = -1
    if r.params[P_WILD_RULE] == WILD_FIXED:
        for k in range(34):
            s.wild[t, k] = r.wild[k]
    tv[t, TV_PHASE] = PH_TURN
    tv[t, TV_SEAT] = dealer
    tv[t, TV_DRAWN] = last
    if r.params[P_MISSING_SUIT_CHOICE] != 0:
        # 定缺: every seat from the dealer chooses a void suit before play (CHOOSE_SUIT)
        tv[t, TV_PHASE] = PH_CHOOSE_SUIT
    if r.params[P_SCORING] == SCORING_CHANGSHA and r.score_table[CS_OPENING] != 0:
        # changsha: seats with an opening small win may declare it (DECLARE) or play on (PASS)
        q = changsha_next_declarer(s, t, -1)
        if q >= 0:
            tv[t, TV_PHASE] = PH_DECLARE
            tv[t, TV_SEAT] = q


# ---------------------------------------------------------------------------------- hand tests
@nb.njit(cache=True)
def _isolated(h, honor_chow):
    """Kinds held 1 or 4 times with no tile of the same suit within distance 2 (cannot be in a
    standard win without a wild)."""
    iso = 0
    for k in range(34):
        c = h[k]
        if c != 1 and c != 4:
            continue
        if k >= 27:
            if honor_chow == 0:
                iso += 1
            continue
        r9 = k % 9
        if r9 >= 1 and h[k - 1] > 0:
            continue
        if r9 >= 2 and h[k - 2] > 0:
            continue
        if r9 <= 7 and h[k + 1] > 0:
            continue
        if r9 <= 6 and h[k + 2] > 0:
            continue
        iso += 1
    return iso


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


@internal
def _wilds_active(s, r, t, p):
    wr = r.params[P_WILD_RULE]
    if wr == WILD_NONE:
        return False
    if r.params[P_WILD_AFTER_READY_ONLY] != 0 and s.pv[t, p, PV_READY] == 0:
        return False
    return True


@internal
def _shape_win(s, r, t, p, h, shapes, extra_wild):
    """Does the concealed part ``h`` (uint8[>=34], winning tile included) plus ``extra_wild``
    jokers form a legal shape with seat ``p``'s melds?"""
    total = 0
    for k in range(34):
        total += h[k]
    total += extra_wild
    if total % 3 != 2:
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
        return is_win(c, n_sets, nw, pair_rule, honor_chow, shapes)
    if extra_wild == 0 and (shapes & ~_SIMPLE_SHAPES) == 0:
        # one pass of necessary conditions: a single (or four) with no neighbour cannot be in a
        # standard hand; seven pairs needs no odd count; thirteen orphans no simple tile. The
        # pass stops as soon as every allowed shape is excluded (the common case).
        std = (shapes & SHAPE_STANDARD) != 0
        sp = (shapes & SHAPE_SEVEN_PAIRS) != 0 and n_sets == 4
        to = (shapes & SHAPE_THIRTEEN_ORPHANS) != 0 and n_sets == 4
        for k in range(34):
            c = h[k]
            if c == 0:
                continue
            if c & 1:
                sp = False
            if k >= 27:
                if (c == 1 or c == 4) and honor_chow == 0:
                    std = False
            else:
                r9 = k % 9
                if r9 != 0 and r9 != 8:
                    to = False
                if std and (c == 1 or c == 4):
                    if not (
                        (r9 >= 1 and h[k - 1] > 0)
                        or (r9 >= 2 and h[k - 2] > 0)
                        or (r9 <= 7 and h[k + 1] > 0)
                        or (r9 <= 6 and h[k + 2] > 0)
                    ):
                        std = False
            if not (std or sp or to):
                return False
        if not (std or sp or to):
            return False
    return is_win(h[:34], n_sets, extra_wild, pair_rule, honor_chow, shapes)


@nb.njit(cache=True)
def _tenpai(s, r, t, p, h):
    """Is the concealed part ``h`` (3n+1 tiles) one tile from a win of an allowed shape?"""
    shapes = r.params[P_WIN_SHAPES]
    if _wilds_active(s, r, t, p) or (shapes & ~_SIMPLE_SHAPES) != 0:
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
    possible = (shapes & SHAPE_STANDARD) != 0 and _isolated(h, honor_chow) <= 1
    if total == 13:
        if (shapes & SHAPE_SEVEN_PAIRS) != 0 and pairs >= 6:
            possible = True
        if (shapes & SHAPE_THIRTEEN_ORPHANS) != 0 and orph >= 12 and _non_orphans(h) == 0:
            possible = True
    if not possible:
        return False
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
    suit = np.zeros(4, dtype=np.int64)
    term = False
    pung = False
    for k in range(34):
        c = h[k]
        if c == 0:
            continue
        suit[min(k // 9, 3)] += c
        if k >= 27 or k % 9 == 0 or k % 9 == 8:
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
            elif mk == tile:
                seen += 3 if mt == MELD_PUNG else 4
    # the winning tile is in the hand now; on a discard/rob it is also in a river: count it once
    total = seen + np.int64(s.hands[t, p, tile]) - (0 if self_drawn else 1)
    flags[F_FOURTH_TILE] = 1 if total >= 4 else 0
    flags[F_LAST_WALL_TILE] = 0 if can_draw_normal(s, r, t) else 1
    flags[F_KONG_REPLACEMENT] = 1 if (self_drawn and s.tv[t, TV_REPLACEMENT] != 0) else 0
    flags[F_ROBBING_KONG] = 1 if win_kind == WK_ROB_KONG else 0
    flags[F_IS_DEALER] = 1 if p == dealer else 0
    first = s.tv[t, TV_FIRST_ROUND] != 0
    flags[F_HEAVENLY] = 1 if (self_drawn and p == dealer and s.tv[t, TV_N_DISCARDS] == 0) else 0
    flags[F_EARTHLY] = 1 if (first and p != dealer and s.pv[t, p, PV_N_RIVER] == 0) else 0
    flags[F_READY] = s.pv[t, p, PV_READY]
    nw = 0
    if _wilds_active(s, r, t, p):
        for k in range(34):
            if s.wild[t, k] != 0:
                nw += s.hands[t, p, k]
    flags[F_N_WILD] = nw
    flags[F_AFTER_KONG_DISCARD] = 1 if (not self_drawn and s.tv[t, TV_AFTER_KONG] != 0) else 0
    flags[F_FIRST_TURN] = 1 if first else 0
    flags[F_WINNER_SEAT] = p
    flags[F_DISCARDER_SEAT] = -1 if self_drawn else frm
    flags[F_DEALER_SEAT] = dealer
    variant_flags(r, flags, s.pv[t, p, PV_MISSING])
    if r.params[P_SCORING] == SCORING_JIPINGHU:
        jipinghu_flags(s, t, p, win_kind, flags)
    elif r.params[P_SCORING] == SCORING_CHANGSHA:
        changsha_flags(s, t, flags)
    elif r.params[P_SCORING] == SCORING_RIICHI:
        riichi_flags(s, r, t, p, flags)


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
def _furiten(s, r, t, p):
    """riichi (``own_discard_furiten``): is a wait of seat ``p``'s concealed part among its own
    discards (claimed ones included)? (B §27.1 "no ron if any of your waiting tiles is in your
    own discards")"""
    h = s.hands[t, p]
    shapes = r.params[P_WIN_SHAPES]
    seen = np.zeros(34, dtype=np.bool_)
    for i in range(s.pv[t, p, PV_N_RIVER]):
        k = np.int64(s.river[t, p, i])
        if k >= 34 or seen[k] or h[k] >= 4:
            continue
        seen[k] = True
        h[k] += 1
        ok = _shape_win(s, r, t, p, h, shapes, 0)
        h[k] -= 1
        if ok:
            return True
    return False


@internal
def _win_ok(s, r, t, p, tile, win_kind, frm, orphans_only):
    """May seat ``p`` win on ``tile`` (``win_kind``: WK_SELF_DRAW with the tile already in hand,
    else WK_DISCARD / WK_ROB_KONG with the tile outside the hand)?"""
    pv = s.pv
    prm = r.params
    if pv[t, p, PV_WON] != 0:
        return False
    if win_kind != WK_SELF_DRAW:
        if prm[P_SELF_DRAW_ONLY] != 0:
            return False
        lock = pv[t, p, PV_LOCK]
        if lock != 0 and (prm[P_MISSED_WIN_LOCKOUT] < LOCKOUT_SAME_TILE or lock == tile + 1):
            return False
        if prm[P_OWN_DISCARD_FURITEN] != 0 and _furiten(s, r, t, p):
            return False
    if prm[P_MUST_BE_READY] != 0 and pv[t, p, PV_READY] == 0:
        return False
    if prm[P_MUST_OPEN] != 0 and pv[t, p, PV_N_EXPOSED] == 0:
        return False
    shapes = prm[P_WIN_SHAPES]
    if orphans_only:
        shapes = shapes & SHAPE_THIRTEEN_ORPHANS
        if shapes == 0:
            return False
    h = s.hands[t, p]
    if win_kind != WK_SELF_DRAW:
        h[tile] += 1
    ok = (
        _shape_win(s, r, t, p, h, shapes, np.int64(0))
        and _requirements_ok(s, r, t, p, h)
        and _void_count(s, t, p, h) == 0
    )
    if win_kind != WK_SELF_DRAW:
        h[tile] -= 1
    if ok and prm[P_MIN_FAN] > 0:
        v = _value_with_tile(s, r, t, p, tile, win_kind, frm)
        s.items[t, p, :] = 0
        ok = qualifying_value(r, v, s.pv[t, p, PV_N_FLOWERS]) >= prm[P_MIN_FAN]
    return ok


@internal
def _void_count(s, t, p, h):
    """Tiles of seat ``p``'s declared void suit (定缺) in ``h``; 0 without a choice."""
    v = s.pv[t, p, PV_MISSING]
    if v < 0:
        return 0
    c = 0
    for k in range(9 * v, 9 * v + 9):
        c += h[k]
    return c


@internal
def _in_void(s, t, p, k):
    v = s.pv[t, p, PV_MISSING]
    return v >= 0 and 9 * v <= k < 9 * v + 9


@nb.njit(cache=True)
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


@nb.njit(cache=True)
def _pung_bits(s, t, p):
    """Bit ``k`` set when seat ``p`` has an exposed pung of kind ``k`` (one pass over the melds)."""
    bits = 0
    for i in range(s.pv[t, p, PV_N_MELDS]):
        if s.melds[t, p, i, 0] == MELD_PUNG:
            bits |= 1 << np.int64(s.melds[t, p, i, 1])
    return bits


@internal
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
        return opts
    if _win_ok(s, r, t, p, k, np.int64(WK_DISCARD), d, np.bool_(False)):
        opts |= O_WIN
    if prm[P_SCORING] == SCORING_CHANGSHA and s.tv[t, TV_SEABED_TAKER] != 0:
        return opts  # the exposed 海底 tile: only 海底炮
    if _locked(s, r, t, p):
        return opts
    h = s.hands[t, p]
    if _in_void(s, t, p, k):
        return opts
    if prm[P_ALLOW_PUNG] != 0 and h[k] >= 2:
        opts |= O_PUNG
    if (
        prm[P_ALLOW_EXPOSED_KONG] != 0
        and h[k] == 3
        and remaining(s, t) > 0
        and not (prm[P_DORA] != 0 and s.tv[t, TV_N_KONGS] >= 4)  # riichi: at most 4 kongs
    ):
        if _void_count(s, t, p, h) == 0:
            opts |= O_KONG
    n = prm[P_N_PLAYERS]
    if prm[P_ALLOW_CHOW] != 0 and k < 27:
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


# ---------------------------------------------------------------------------------- legality
@nb.njit(cache=True)
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
        if (opts & O_WIN) and _forced_win(s, r, t):
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
        return n
    # own turn
    p = np.int64(s.tv[t, TV_SEAT])
    h = s.hands[t, p]
    drawn = np.int64(s.tv[t, TV_DRAWN])
    locked = _locked(s, r, t, p)
    if r.params[P_SCORING] == SCORING_CHANGSHA and s.tv[t, TV_SEABED_TAKER] == p + 1:
        locked = True  # the 海底 taker wins or exposes the tile (A2.5 DEFAULT)
    n = 0
    if drawn >= 0 and _win_ok(
        s, r, t, p, drawn, np.int64(WK_SELF_DRAW), np.int64(-1), np.bool_(False)
    ):
        mask[WIN] = True
        n += 1
        if _forced_win(s, r, t):
            return 1
    vh = _void_count(s, t, p, h)
    max_kongs = prm[P_DORA] != 0 and s.tv[t, TV_N_KONGS] >= 4  # riichi: at most 4 kongs
    if drawn >= 0 and remaining(s, t) > 0 and vh == 0 and not max_kongs:
        pungs = _pung_bits(s, t, p)
        for k in range(34):
            c = h[k]
            if c == 0:
                continue
            ok = False
            if c == 4 and prm[P_ALLOW_CONCEALED_KONG] != 0:
                ok = True
            elif prm[P_ALLOW_ADDED_KONG] != 0 and (pungs >> k) & 1:
                ok = prm[P_NO_KONG_AFTER_PUNG] == 0 or k == drawn
            if ok and locked:
                if k != drawn:
                    ok = False
                else:
                    rm = 4 if c == 4 else 1
                    h[k] -= rm
                    ok = _tenpai(s, r, t, p, h)
                    h[k] += rm
            if ok:
                mask[KONG + k] = True
                n += 1
    f0 = s.tv[t, TV_FORBID0]
    f1 = s.tv[t, TV_FORBID1]
    nd = 0
    for k in range(34):
        if h[k] == 0 or k == f0 or k == f1:
            continue
        if locked and drawn >= 0 and k != drawn:
            continue
        if vh > 0 and not _in_void(s, t, p, k):
            continue  # 定缺: the void suit's tiles are discarded first
        mask[k] = True
        nd += 1
    if nd == 0:  # safety net: never leave a live decision without a discard
        for k in range(34):
            if h[k] > 0:
                mask[k] = True
                nd += 1
    n += nd
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
        if (shapes & ~_SIMPLE_SHAPES) == 0 and not _wilds_active(s, r, t, p):
            # necessary conditions; removing one tile lowers the isolated count by at most one
            maybe = False
            if (shapes & SHAPE_STANDARD) != 0 and _isolated(h, prm[P_HONOR_CHOWS]) <= 2:
                total = 0
                for k in range(34):
                    total += h[k]
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
                maybe = (shapes & SHAPE_SEVEN_PAIRS) != 0 and pairs >= 6
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
                    mask[READY_DISCARD + k] = True
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


@internal
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
                s.pv[t, q, PV_PAY] -= pts * mult
                s.pv[t, p, PV_PAY] += pts * mult


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
        nxt = dealer if r.params[P_DEALER_STAYS_ON_DRAW] != 0 else (dealer + 1) % n
        s.tv[t, TV_NEXT_MULT] = mult * r.params[P_DRAW_MULTIPLIER]
    else:
        rot = r.params[P_DEALER_ROTATION]
        if rot == DEALER_WINNER_STAYS:
            nxt = dealer if (winners >> dealer) & 1 else (dealer + 1) % n
        elif rot == DEALER_ROTATE:
            nxt = (dealer + 1) % n
        elif rot == DEALER_DISCARDER_DEALS and s.tv[t, TV_WIN_FROM] >= 0:
            nxt = s.tv[t, TV_WIN_FROM]  # 点炮者坐庄 (sichuan); a self-draw: the winner (A3.6)
        else:
            nxt = first_winner
        s.tv[t, TV_NEXT_MULT] = 1
    if winners == 0 and r.params[P_DEALER_STAYS_IF_READY] != 0:
        # riichi: the dealer stays after an abortive draw or if ready at an exhaustive draw
        stays = s.tv[t, TV_RC_DEALER_READY] != 0 or s.tv[t, TV_RC_ABORT] != 0
        nxt = dealer if stays else (dealer + 1) % n
    if r.params[P_SCORING] == SCORING_CHANGSHA:
        nxt = changsha_next_dealer(s, t, winners, first_winner)
    s.tv[t, TV_NEXT_DEALER] = nxt
    s.tv[t, TV_NEXT_REPEAT] = s.tv[t, TV_REPEAT] + 1 if nxt == dealer else 0
    s.tv[t, TV_WINNERS] = winners
    s.tv[t, TV_WIN_KIND] = win_kind
    s.tv[t, TV_PHASE] = PH_DONE


@internal
def _ready_draw(s, r, t):
    """riichi exhaustive draw: which seats are ready (tenpai); the non-ready seats pay
    ``noten_penalty`` in total to the ready ones (B §27.1 "ready players receive 3000 in total
    from non-ready players"); records whether the dealer was ready."""
    n = r.params[P_N_PLAYERS]
    ready = np.zeros(4, dtype=np.bool_)
    nr = 0
    for p in range(n):
        ready[p] = s.pv[t, p, PV_READY] != 0 or _tenpai(s, r, t, p, s.hands[t, p])
        if ready[p]:
            nr += 1
    s.tv[t, TV_RC_DEALER_READY] = 1 if ready[s.tv[t, TV_DEALER]] else 0
    pen = r.params[P_NOTEN_PENALTY]
    if pen > 0 and 0 < nr < n:
        for p in range(n):
            if ready[p]:
                s.pv[t, p, PV_PAY] += pen // nr
            else:
                s.pv[t, p, PV_PAY] -= pen // (n - nr)


@nb.njit(cache=True)
def _finish_draw(s, r, t):
    _settle_kongs(s, r, t, np.int64(0), np.bool_(True))
    if r.params[P_NOTEN_PENALTY] > 0 or r.params[P_DEALER_STAYS_IF_READY] != 0:
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
    mult = s.tv[t, TV_MULT]
    first = -1
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
        buf = np.zeros(4, dtype=np.int64)
        still = np.zeros(4, dtype=np.bool_)
        for q in range(n):
            still[q] = s.pv[t, q, PV_WON] == 0 or q == p
        if r.params[P_SCORING] == SCORING_JIPINGHU:
            jipinghu_pay(s, r, t, p, v, win_kind, frm, mult)
        elif r.params[P_SCORING] == SCORING_CHANGSHA:
            changsha_pay(s, r, t, p, v, win_kind, frm, tile, mult)
        elif r.params[P_SCORING] == SCORING_RIICHI:
            riichi_pay(s, r, t, p, v, win_kind, frm, first == p)
        elif win_payments(r, v, p, frm if win_kind != WK_SELF_DRAW else -1, still, buf):
            # the family produced the whole payment vector of this win
            for q in range(n):
                s.pv[t, q, PV_PAY] += buf[q] * mult
        elif win_kind == WK_SELF_DRAW:
            for q in range(n):
                if q != p:
                    s.pv[t, q, PV_PAY] -= v * mult
                    s.pv[t, p, PV_PAY] += v * mult
        else:
            s.pv[t, frm, PV_PAY] -= v * mult
            s.pv[t, p, PV_PAY] += v * mult
    if r.params[P_SCORING] == SCORING_SICHUAN and win_kind == WK_DISCARD:
        if s.tv[t, TV_AFTER_KONG] != 0:
            sichuan_transfer(s, r, t, frm, winners)  # 呼叫转移 on 杠上炮
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
    _settle_kongs(s, r, t, winners, np.bool_(False))
    _end_hand(s, r, t, winners, win_kind, first)


@internal
def _draw_turn(s, r, t, q):
    """Seat ``q`` draws from the head and takes its turn (or the hand ends in a draw)."""
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
        return
    k = _take(s, t, q, False)
    if k < 0:
        _finish_draw(s, r, t)
        return
    if (
        r.params[P_MISSED_WIN_LOCKOUT] == LOCKOUT_UNTIL_NEXT_DRAW
        or r.params[P_MISSED_WIN_LOCKOUT] >= LOCKOUT_SAME_TILE  # same-tile codes 3 and 4
    ) and not (r.params[P_OWN_DISCARD_FURITEN] != 0 and s.pv[t, q, PV_READY] != 0):
        s.pv[t, q, PV_LOCK] = 0  # riichi: after a ready declaration the lock stays
    if q == s.tv[t, TV_DEALER]:
        s.tv[t, TV_FIRST_ROUND] = 0
    s.tv[t, TV_SEAT] = q
    s.tv[t, TV_PHASE] = PH_TURN
    s.tv[t, TV_DRAWN] = k
    s.tv[t, TV_REPLACEMENT] = 0
    s.tv[t, TV_FORBID0] = -1
    s.tv[t, TV_FORBID1] = -1
    s.tv[t, TV_TILE] = -1


@internal
def _complete_kong(s, r, t, p, mtype):
    """Kong declared and not robbed: points, then the replacement draw from the tail."""
    n = r.params[P_N_PLAYERS]
    s.tv[t, TV_N_KONGS] += 1
    for q in range(n):
        s.pv[t, q, PV_RC_IPPATSU] = 0  # riichi: a kong ends every ippatsu
    pts = kong_points(r, mtype)
    if r.params[P_SCORING] == SCORING_SICHUAN:
        sichuan_kong(s, r, t, p, mtype)  # 刮风下雨, paid once the robbing window has closed
    elif r.params[P_KONG_PAYMENT_TIMING] == KONG_PAY_IMMEDIATE:
        mult = s.tv[t, TV_MULT]
        for q in range(n):
            if q != p:
                s.pv[t, q, PV_PAY] -= pts * mult
                s.pv[t, p, PV_PAY] += pts * mult
    else:
        s.pv[t, p, PV_KONG] += pts
    k = _take(s, t, p, True)
    if k < 0:
        _finish_draw(s, r, t)
        return
    if (
        r.params[P_MISSED_WIN_LOCKOUT] == LOCKOUT_UNTIL_NEXT_DRAW
        or r.params[P_MISSED_WIN_LOCKOUT] >= LOCKOUT_SAME_TILE  # same-tile codes 3 and 4
    ) and not (r.params[P_OWN_DISCARD_FURITEN] != 0 and s.pv[t, p, PV_READY] != 0):
        s.pv[t, p, PV_LOCK] = 0  # riichi: after a ready declaration the lock stays
    s.tv[t, TV_SEAT] = p
    s.tv[t, TV_PHASE] = PH_TURN
    s.tv[t, TV_DRAWN] = k
    s.tv[t, TV_REPLACEMENT] = 1
    s.tv[t, TV_FORBID0] = -1
    s.tv[t, TV_FORBID1] = -1
    s.tv[t, TV_TILE] = -1


@internal
def _open_window(s, r, t, kind, k, frm):
    """Ask every seat with an option, in turn order after ``frm``. Returns seats asked."""
    n = r.params[P_N_PLAYERS]
    s.tv[t, TV_TILE] = k
    s.tv[t, TV_FROM] = frm
    s.tv[t, TV_REACT_KIND] = kind
    m = 0
    for i in range(1, n):
        q = (frm + i) % n
        if s.pv[t, q, PV_WON] != 0:
            continue
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
    if r.params[P_MISSED_WIN_LOCKOUT] == LOCKOUT_SAME_TILE:
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
    nearest = r.params[P_MULTI_WINNER] == MULTI_NEAREST
    claimer = -1
    ca = PASS
    chower = -1
    cha = PASS
    for i in range(m):
        q = s.tv[t, TV_ASK0 + i]
        c = s.pv[t, q, PV_CHOICE]
        s.pv[t, q, PV_CHOICE] = -1
        s.pv[t, q, PV_CAN_WIN] = 0
        if c == WIN:
            if not (nearest and winners != 0):
                winners |= 1 << q
        elif c == PUNG or c == EXPOSED_KONG:
            if claimer < 0:
                claimer = q
                ca = c
        elif c == CHOW_LOW or c == CHOW_MID or c == CHOW_HIGH:
            if chower < 0:
                chower = q
                cha = c
    s.tv[t, TV_REACT_N] = 0
    s.tv[t, TV_REACT_POS] = 0
    if winners != 0 and r.params[P_MULTI_WINNER] == MULTI_ALL_MAX2:
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
            _add_river(s, t, d, k, RF_ROBBED | RF_WON)
            _finish_win(s, r, t, winners, np.int64(WK_ROB_KONG), d, k)
        return
    if kind != RK_DISCARD:
        mtype = np.int64(MELD_ADDED_KONG if kind == RK_ROB_ADDED else MELD_CONCEALED_KONG)
        _complete_kong(s, r, t, d, mtype)
        return
    if claimer < 0 and chower >= 0:
        claimer = chower
        ca = cha
    if claimer < 0:
        _draw_turn(s, r, t, (d + 1) % n)
        return
    i = s.pv[t, d, PV_N_RIVER] - 1
    s.river_flags[t, d, i] |= RF_CLAIMED
    _rec(s, t, EV_CALL, claimer, ca)
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
        _complete_kong(s, r, t, claimer, np.int64(MELD_KONG))
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


@nb.njit(cache=True)
def _seabed(s, r, t, a):
    """changsha 海底漫游: the offered seat takes the last tile (DECLARE + 1) or refuses (PASS);
    when all refuse, the hand is drawn (rule D: the first seat offered deals)."""
    p = np.int64(s.tv[t, TV_SEAT])
    _rec(s, t, EV_ACT, p, a)
    if a == DECLARE + 1:
        s.tv[t, TV_SEABED_TAKER] = p + 1
        _draw_turn(s, r, t, p)
        return
    n = r.params[P_N_PLAYERS]
    s.tv[t, TV_SEABED_N] += 1
    if s.tv[t, TV_SEABED_N] >= n:
        _finish_draw(s, r, t)
        return
    s.tv[t, TV_SEAT] = (p + 1) % n


@nb.njit(cache=True)
def _declare(s, r, t, a):
    """changsha opening small wins: the asked seat declares (DECLARE) or plays on (PASS); after
    the last asked seat the hand ends if anyone declared (A2.2 default), else the dealer plays."""
    p = np.int64(s.tv[t, TV_SEAT])
    _rec(s, t, EV_ACT, p, a)
    if a == DECLARE:
        changsha_declare(s, t, p)
    q = changsha_next_declarer(s, t, p)
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
            lk = r.params[P_MISSED_WIN_LOCKOUT]
            if lk >= LOCKOUT_SAME_TILE:  # same-tile codes: remember the kind
                s.pv[t, p, PV_LOCK] = s.tv[t, TV_TILE] + 1
            elif lk != LOCKOUT_NONE:
                s.pv[t, p, PV_LOCK] = 1
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
    p = np.int64(s.tv[t, TV_SEAT])
    _rec(s, t, EV_ACT, p, a)
    h = s.hands[t, p]
    if a == WIN:
        _finish_win(
            s, r, t, 1 << p, np.int64(WK_SELF_DRAW), np.int64(-1), np.int64(s.tv[t, TV_DRAWN])
        )
        return
    if KONG <= a < READY_DISCARD:
        k = a - KONG
        rob = r.params[P_ROB_KONG]
        if h[k] == 4:
            h[k] = 0
            _add_meld(s, t, p, MELD_CONCEALED_KONG, k, 0)
            if rob == ROB_ADDED_AND_CONCEALED:
                if _open_window(s, r, t, np.int64(RK_ROB_CONCEALED), k, p) > 0:
                    return
            _complete_kong(s, r, t, p, np.int64(MELD_CONCEALED_KONG))
        else:
            h[k] -= 1
            i = _has_pung(s, t, p, k)
            s.melds[t, p, i, 0] = MELD_ADDED_KONG
            if rob == ROB_ADDED or rob == ROB_ADDED_AND_CONCEALED:
                if _open_window(s, r, t, np.int64(RK_ROB_ADDED), k, p) > 0:
                    return
            _complete_kong(s, r, t, p, np.int64(MELD_ADDED_KONG))
        return
    # discard (plain or declaring ready)
    flag = 0
    if a >= READY_DISCARD:
        k = a - READY_DISCARD
        s.pv[t, p, PV_READY] = 1
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
    h[k] -= 1
    _add_river(s, t, p, k, flag)
    s.tv[t, TV_N_DISCARDS] += 1
    if s.pv[t, p, PV_N_RIVER] > 1:
        s.tv[t, TV_FIRST_ROUND] = 0
    s.tv[t, TV_AFTER_KONG] = s.tv[t, TV_REPLACEMENT]
    s.tv[t, TV_FORBID0] = -1
    s.tv[t, TV_FORBID1] = -1
    s.tv[t, TV_DRAWN] = -1
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


# ---------------------------------------------------------------------------------- invariants
@nb.njit(cache=True)
def check_invariants(s, r, t):
    """0 if table ``t`` is consistent, else 1 (tile conservation), 2 (hand size), 3 (payments
    not zero-sum), 4 (meld count)."""
    n = r.params[P_N_PLAYERS]
    cnt = np.zeros(42, dtype=np.int64)
    for i in range(s.tv[t, TV_HEAD], s.tv[t, TV_TAIL]):
        cnt[s.wall[t, i]] += 1
    for p in range(n):
        for k in range(42):
            cnt[k] += s.hands[t, p, k]
        nm = 0
        for i in range(s.melds.shape[2]):
            mt = s.melds[t, p, i, 0]
            if mt == MELD_NONE:
                continue
            nm += 1
            k = s.melds[t, p, i, 1]
            if mt == MELD_CHOW:
                cnt[k] += 1
                cnt[k + 1] += 1
                cnt[k + 2] += 1
            elif mt == MELD_PUNG:
                cnt[k] += 3
            else:
                cnt[k] += 4
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
            own = (ph == PH_TURN and p == s.tv[t, TV_SEAT]) or (
                (ph == PH_CHOOSE_SUIT or ph == PH_DECLARE) and p == s.tv[t, TV_DEALER]
            )
            want = hs + (1 if own else 0)
            if c != want:
                return 2
    tot = s.tv[t, TV_RC_POT]  # riichi deposits still on the table
    for p in range(n):
        tot += s.pv[t, p, PV_PAY]
    if tot != 0:
        return 3
    return 0
