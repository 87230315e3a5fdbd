"""Draws from the wall: from the head on a turn, from the tail as a replacement.

Owns :func:`_take` (one tile for a seat; flowers are set aside and replaced from the tail, an
indicator out of play is skipped), :func:`_draw_turn` (the next seat still in draws and takes its
turn, or the hand ends: abortive draws, the reserve, the Changsha 海底 offer, the last-tiles
region, the 宝 check), the Changsha 海底 offer (:func:`_seabed_ask`: who is asked next, or what
happens when every seat refused), :func:`_replace_from_tail` (after a tile set aside on one's own
turn) and the dice-kong replacement 开杠 (:func:`_take_dice`).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.engine.aborts import abort_before_draw
from mjsim.engine.board import (
    _flower_quad_reserve,
    _is_flower,
    _keeps_flower,
    _live_draws,
    _rec,
    _set_aside,
    can_draw_normal,
    remaining,
)
from mjsim.engine.hand_end import _abortive_draw, _finish_draw
from mjsim.engine.lockouts import _lift_on_draw
from mjsim.engine.red import red_draw
from mjsim.engine.rng import dice_pair
from mjsim.engine.shapes import _tenpai
from mjsim.engine.state import (
    EV_DRAW,
    EV_DRAW_TAIL,
    EV_FLOWER,
    PH_SEABED,
    PH_TURN,
    PV_N_FLOWERS,
    PV_N_RIVER,
    PV_PAY,
    PV_PUNG_LOCK,
    PV_READY,
    PV_WON,
    TV_DEALER,
    TV_DICE_REPL,
    TV_DRAWN,
    TV_FIRST_ROUND,
    TV_FORBID0,
    TV_FORBID1,
    TV_HEAD,
    TV_IND_OUT,
    TV_IND_POS,
    TV_KONG_DICE,
    TV_LAST_REGION,
    TV_N_DISCARDS,
    TV_N_DRAWS,
    TV_N_KONGS,
    TV_N_ROLLS,
    TV_PHASE,
    TV_REPLACEMENT,
    TV_SEABED0,
    TV_SEABED_N,
    TV_SEABED_TAKER,
    TV_SEAT,
    TV_TAIL,
    TV_TILE,
)
from mjsim.engine.treasure import _treasure_on_draw
from mjsim.rules.params import (
    MW_LIFT_ANY_MOVE,
    MW_LIFT_OWN_DRAW,
    P_FLOWER_BLOOM,
    P_FOLLOW_DEALER,
    P_LAST_TILES_NO_FLOWER_REPLACEMENT,
    P_LAST_TILES_SELF_DRAW_ONLY,
    P_MW_LIFT,
    P_N_PLAYERS,
    P_RED_FIVES,
    P_RIICHI_ABORTS,
    P_SCORING,
    P_SEABED_OFFER,
    P_SEABED_REFUSED,
    P_WILD_RULE,
    SCORING_CHANGSHA,
    SEABED_OFFER_EVERY_SEAT,
    SEABED_REFUSED_FIRST_TAKES,
    WILD_TREASURE,
)

#: what :func:`_take` returns for a flower set aside and not replaced (the
#: ``last_tiles_flower_replacement=False`` region)
FLOWER_UNREPLACED = -2


@internal
def _draw_tile(s, r, t, seat, from_tail):
    """Draw one tile for ``seat`` from the head or the tail (an indicator out of play is passed
    over) into its hand, recorded, a flower included and left there; returns its kind, or -1 if
    the wall is empty. :func:`_take` replaces flowers; the opening replacement in rounds
    (``opening_flower_order="rounds"``) leaves a drawn flower for the next round."""
    head = s.tv[t, TV_HEAD]
    tail = s.tv[t, TV_TAIL]
    if s.tv[t, TV_IND_OUT] != 0:
        # an indicator out of play is skipped by draws from either end
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
        if (k == 4 or k == 13 or k == 22) and r.params[P_RED_FIVES] != 0:
            red_draw(s, r, t, seat, tail, k)  # only a five may be red
    else:
        k = np.int64(s.wall[t, head])
        s.tv[t, TV_HEAD] = head + 1
        _rec(s, t, EV_DRAW, seat, k)
        if (k == 4 or k == 13 or k == 22) and r.params[P_RED_FIVES] != 0:
            red_draw(s, r, t, seat, head, k)  # only a five may be red
    s.tv[t, TV_N_DRAWS] += 1
    s.hands[t, seat, k] += 1
    return k


@internal
def _take(s, r, t, seat, from_tail):
    """Draw one tile for ``seat``; flowers are set aside and replaced from the tail.

    Returns the (non-flower) kind drawn, -1 if the wall is empty, or ``FLOWER_UNREPLACED`` for
    a flower set aside in the last-tiles region under ``last_tiles_flower_replacement=False``
    (set only by a normal draw, :func:`_draw_turn`).
    """
    k = _draw_tile(s, r, t, seat, from_tail)
    if k < 0:
        return -1
    if not _is_flower(r, k):
        return k
    return _flower_drawn(s, r, t, seat, k)


@internal
def _flower_drawn(s, r, t, seat, k):
    """:func:`_take` after its draw brought the flower ``k`` (:func:`mjsim.engine.board._is_flower`)
    into ``seat``'s hand: kept, or set aside and replaced from the tail until a non-flower comes
    (the same returns as :func:`_take`). A separate function so that the common draw of a
    non-flower makes one call, not two (:func:`_draw_turn` inlines :func:`_take`'s test)."""
    while True:
        if _keeps_flower(s, t, seat, k):
            return k  # a wild flower; a flower its holder exposes by 杠花 (DECLARE + 2)
        _rec(s, t, EV_FLOWER, seat, k)
        _set_aside(s, t, seat, k)
        _flower_quad_reserve(s, r, t, seat, k)
        s.pv[t, seat, PV_N_FLOWERS] += 1
        if s.tv[t, TV_LAST_REGION] != 0 and r.params[P_LAST_TILES_NO_FLOWER_REPLACEMENT] != 0:
            return FLOWER_UNREPLACED  # fuzhou 最后一组 "不再补花"
        k = _draw_tile(s, r, t, seat, True)
        if k < 0:
            return -1
        if not _is_flower(r, k):
            return k


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
def _follow_dealer(s, r, t):
    """跟庄 (``follow_dealer``): when the first go-round has gone by uninterrupted (no call, no
    kong) and each seat's one discard is the same kind as the dealer's, the dealer pays each
    other seat ``follow_dealer`` units, once (checked before the next draw). Returns True when
    it paid."""
    n = r.params[P_N_PLAYERS]
    if s.tv[t, TV_FIRST_ROUND] == 0 or s.tv[t, TV_N_DISCARDS] != n or s.tv[t, TV_N_KONGS] != 0:
        return False
    dealer = s.tv[t, TV_DEALER]
    k = s.river[t, dealer, 0]
    for q in range(n):
        if s.pv[t, q, PV_N_RIVER] != 1 or s.river[t, q, 0] != k:
            return False
    a = r.params[P_FOLLOW_DEALER]
    for q in range(n):
        if q != dealer:
            s.pv[t, q, PV_PAY] += a
            s.pv[t, dealer, PV_PAY] -= a
    return True


@internal
def _draw_turn(s, r, t, q):
    """Seat ``q`` draws from the head and takes its turn (or the hand ends in a draw)."""
    if (
        r.params[P_RIICHI_ABORTS] != 0
        and (
            s.tv[t, TV_FIRST_ROUND] != 0  # 四風連打
            or s.pv[t, 0, PV_READY] != 0  # 四家立直: every seat, seat 0 too
            or s.tv[t, TV_N_KONGS] >= 4  # 四槓散了
        )
        and abort_before_draw(s, r, t)
    ):
        _abortive_draw(s, r, t)  # 四風連打, 四家立直, 四槓散了
        return
    if r.params[P_FOLLOW_DEALER] != 0:
        _follow_dealer(s, r, t)  # 跟庄
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
    # the last N drawable tiles (counted before this draw) are self-draw only
    nl = r.params[P_LAST_TILES_SELF_DRAW_ONLY]
    s.tv[t, TV_LAST_REGION] = 1 if (nl > 0 and _live_draws(s, r, t) <= nl) else 0
    nf = s.pv[t, q, PV_N_FLOWERS]
    k = _draw_tile(s, r, t, q, False)  # _take(s, r, t, q, False), one call for a non-flower
    if k >= 0 and _is_flower(r, k):
        k = _flower_drawn(s, r, t, q, k)
    while k == FLOWER_UNREPLACED:
        # 最后一组 "不再补花和出牌": the flower stays aside unreplaced, nothing is discarded and
        # the next seat draws
        q = (q + 1) % r.params[P_N_PLAYERS]
        if not can_draw_normal(s, r, t):
            break
        nf = s.pv[t, q, PV_N_FLOWERS]
        k = _take(s, r, t, q, False)
    if k < 0:
        s.tv[t, TV_LAST_REGION] = 0
        _finish_draw(s, r, t)
        return
    if r.params[P_WILD_RULE] == WILD_TREASURE:
        _treasure_on_draw(s, r, t, q)
    lift = r.params[P_MW_LIFT]
    if lift == MW_LIFT_OWN_DRAW or lift == MW_LIFT_ANY_MOVE or s.pv[t, q, PV_PUNG_LOCK] != 0:
        _lift_on_draw(s, r, t, q)  # else a no-op (saves the call)
    if q == s.tv[t, TV_DEALER]:
        s.tv[t, TV_FIRST_ROUND] = 0
    s.tv[t, TV_SEAT] = q
    s.tv[t, TV_PHASE] = PH_TURN
    s.tv[t, TV_DRAWN] = k
    # flower_bloom: a flower's replacement counts as a kong replacement (2: not a kong's)
    bloom = r.params[P_FLOWER_BLOOM] != 0 and s.pv[t, q, PV_N_FLOWERS] != nf
    s.tv[t, TV_REPLACEMENT] = 2 if bloom else 0
    s.tv[t, TV_DICE_REPL] = 0
    s.tv[t, TV_FORBID0] = -1
    s.tv[t, TV_FORBID1] = -1
    s.tv[t, TV_TILE] = -1


@nb.njit(cache=True)
def _take_dice(s, r, t, p):
    """开杠 replacement (changsha,): roll two dice (sum ``d``) and take the top tile of the
    ``d``-th stack counted back from the tail [ "骰子开几点，即取倒数第几叠牌的最上面一张"]; if
    ``d`` exceeds the stacks left, the last stack of the count (the one at the head end) [
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
