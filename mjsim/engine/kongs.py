"""Kongs and the other own-turn set-asides that take a replacement from the tail.

Owns :func:`_complete_kong` (a kong not robbed: the kong count, ippatsu ended, the reserve grown,
the abortive draw by kongs, kong payments through :func:`mjsim.engine.hooks_kong.pay_kong` or kong
points, the replacement from the tail or the dice-kong 开杠), the special kongs 旋风杠 / 喜杠 /
幺九蛋 and additions to them (:func:`_special_kong`, :func:`_special_add`), honour-set exposure
放风 / 补风 (:func:`_feng`), wild kongs 赖子杠 (:func:`_wild_kong`), kong-only tiles 红中杠 / 杠牌
(:func:`_kong_tile`) and exposing a held flower 杠花 (:func:`_flower_action`).
"""

from __future__ import annotations

import numpy as np

from mjsim._jit import internal
from mjsim.engine.board import _add_river, _rec, _set_aside, _wild_kong_kind, remaining
from mjsim.engine.draws import _replace_from_tail, _take, _take_dice
from mjsim.engine.hand_end import _finish_draw, _kong_abort
from mjsim.engine.honor_sets import feng_put_out
from mjsim.engine.hooks_kong import pay_kong
from mjsim.engine.hooks_riichi import riichi_kong_dora
from mjsim.engine.kong_tiles import is_money_tile
from mjsim.engine.lockouts import _lift_on_draw
from mjsim.engine.reaction import _open_window
from mjsim.engine.settle import kong_points
from mjsim.engine.special_kongs import special_kong_add, special_kong_declare
from mjsim.engine.state import (
    EV_FLOWER,
    PH_TURN,
    PV_DICE_LOCK,
    PV_HELD_FLOWERS,
    PV_KONG,
    PV_N_FLOWERS,
    PV_N_KONG_MONEY,
    PV_N_KONG_TILES,
    PV_N_WILD_KONGS,
    PV_RC_IPPATSU,
    RF_KONG_TILE,
    RF_WILD_KONG,
    RK_ROB_ADDED,
    TV_DICE_PENDING,
    TV_DICE_REPL,
    TV_DRAWN,
    TV_FORBID0,
    TV_FORBID1,
    TV_N_KONGS,
    TV_PHASE,
    TV_REPLACEMENT,
    TV_RESERVE_EXTRA,
    TV_SEABED_REPL,
    TV_SEAT,
    TV_TILE,
    TV_WILD_FLOWERS,
)
from mjsim.melds import MELD_ADDED_KONG, MELD_CONCEALED_KONG
from mjsim.rules.params import (
    KONG_PAY_IMMEDIATE,
    KONG_RULE_WIND_AND_RAIN,
    P_KAN_DORA_LATE,
    P_KONG_PAY_RULE,
    P_KONG_PAYMENT_TIMING,
    P_N_PLAYERS,
    P_RESERVE_FREE_KONGS,
    P_RESERVE_PER_CONCEALED_KONG,
    P_RESERVE_PER_KONG,
    P_ROB_KONG,
    ROB_ADDED,
    ROB_ADDED_AND_CONCEALED,
)


@internal
def _flower_action(s, r, t, p):
    """杠花 (``DECLARE + 2``): the lowest held flower that is not wild is set aside (counted in
    ``PV_N_FLOWERS``), then a replacement from the tail; a win on it is a kong-replacement win
    (杠上开花, ningbo "打出手中的花牌，叫杠花，要补一张牌")."""
    b = s.pv[t, p, PV_HELD_FLOWERS] & ~s.tv[t, TV_WILD_FLOWERS]
    j = 0
    while (b >> j) & 1 == 0:
        j += 1
    s.pv[t, p, PV_HELD_FLOWERS] &= ~(1 << j)
    _rec(s, t, EV_FLOWER, p, 34 + j)
    s.pv[t, p, PV_N_FLOWERS] += 1
    _replace_from_tail(s, r, t, p)


@internal
def _complete_kong(s, r, t, p, mtype, dice):
    """Kong declared and not robbed: points, then the replacement draw from the tail (``dice``:
    the 开杠 replacement of :func:`_take_dice`, after which the seat is locked)."""
    n = r.params[P_N_PLAYERS]
    s.tv[t, TV_N_KONGS] += 1
    for q in range(n):
        s.pv[t, q, PV_RC_IPPATSU] = 0  # riichi: a kong ends every ippatsu
    if r.params[P_KAN_DORA_LATE] != 0:
        riichi_kong_dora(s, r, t, mtype)  # riichi: when its kan dora indicator is turned
    if s.tv[t, TV_N_KONGS] > r.params[P_RESERVE_FREE_KONGS]:
        # the reserve grows per kong after the free ones, by the kong's type
        if mtype == MELD_CONCEALED_KONG:
            s.tv[t, TV_RESERVE_EXTRA] += r.params[P_RESERVE_PER_CONCEALED_KONG]
        else:
            s.tv[t, TV_RESERVE_EXTRA] += r.params[P_RESERVE_PER_KONG]
    if _kong_abort(s, r, t):
        s.tv[t, TV_DICE_PENDING] = 0
        _finish_draw(s, r, t)  # 三家杠荒牌 / four kongs by several seats
        return
    if (
        r.params[P_KONG_PAY_RULE] == KONG_RULE_WIND_AND_RAIN
        or r.params[P_KONG_PAYMENT_TIMING] == KONG_PAY_IMMEDIATE
    ):
        # the kong_pay hook (刮风下雨, 豆, ...) and the kong ledger, paid once the
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
    """Expose special kong group ``g``; the 旋风杠 completes as a kong with a replacement,
    a 3-tile group takes none (a drawn tile it used is no longer the drawn tile)."""
    if special_kong_declare(s, r, t, p, g):
        _complete_kong(s, r, t, p, np.int64(MELD_ADDED_KONG), False)
        return
    d = s.tv[t, TV_DRAWN]
    if d >= 0 and s.hands[t, p, d] == 0:
        s.tv[t, TV_DRAWN] = -1


@internal
def _feng(s, r, t, p, j):
    """放风 / 补风: honour ``27 + j`` goes out face up (beside the hand, like an honour
    flower) and a replacement comes from the tail."""
    feng_put_out(s, t, p, j)
    _set_aside(s, t, p, np.int64(27 + j))
    _replace_from_tail(s, r, t, p)


@internal
def _special_add(s, r, t, p, k):
    """Add ``k`` to seat ``p``'s special kong: an added kong (robbing window, then points
    and the replacement)."""
    special_kong_add(s, t, p, k)
    s.tv[t, TV_DICE_PENDING] = 0
    rob = r.params[P_ROB_KONG]
    if rob == ROB_ADDED or rob == ROB_ADDED_AND_CONCEALED:
        if _open_window(s, r, t, np.int64(RK_ROB_ADDED), k, p) > 0:
            return
    _complete_kong(s, r, t, p, np.int64(MELD_ADDED_KONG), False)


@internal
def _wild_kong(s, r, t, p):
    """赖子杠 (wuhan "红中、癞子、四张杠上开花"): one wild leaves the hand face up (into
    the river, flagged ``RF_WILD_KONG``), then a replacement draw from the tail; not a discard (no
    reaction window), not a kong of the wall reserve."""
    k = _wild_kong_kind(s, t, p)
    s.hands[t, p, k] -= 1
    _add_river(s, t, p, k, RF_WILD_KONG)
    s.pv[t, p, PV_N_WILD_KONGS] += 1
    _replace_from_tail(s, r, t, p)


@internal
def _kong_tile(s, r, t, p, k):
    """红中杠 / 杠牌 (wuhan "红中留在手上不能胡"; anqing "只能用来杠"): one
    kong-only tile ``k`` leaves the hand face up (into the river, flagged ``RF_KONG_TILE``;
    ``PV_N_KONG_TILES``, anqing money tiles ``PV_N_KONG_MONEY``), then a replacement draw from the
    tail; not a discard (no reaction window), not a kong of the wall reserve or the kong count."""
    s.hands[t, p, k] -= 1
    _add_river(s, t, p, k, RF_KONG_TILE)
    s.pv[t, p, PV_N_KONG_TILES] += 1
    if is_money_tile(r.params, s.wild[t], k):
        s.pv[t, p, PV_N_KONG_MONEY] += 1
    _replace_from_tail(s, r, t, p)
