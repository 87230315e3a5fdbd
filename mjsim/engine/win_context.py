"""What a scorer is told about a win, and the value it returns.

Owns :func:`_fill_flags` (the win-context flags ``F_*`` of :mod:`mjsim.scoring.context`: self-draw,
seat and prevailing wind, fourth tile, last tile, kong replacement, robbing, heavenly / earthly,
wilds, dice, carry-over counters, plus each family's own flags through
:func:`mjsim.engine.settle.variant_flags` and the family hooks of :mod:`mjsim.engine.hooks_changsha` and the other ``hooks_*`` modules),
:func:`_value_with_tile` (the family's hand value of a seat winning on a tile), and the lone-wild
wait context 爆头 / 财飘 (``wild_wait_context``: :func:`_wild_wait_flags`, :func:`_count_piao`).
"""

from __future__ import annotations

import numpy as np

from mjsim._jit import internal
from mjsim.engine.board import (
    _held_wild_flowers,
    _wilds_active,
    can_draw_normal,
    honor_flowers,
    remaining,
)
from mjsim.engine.honor_chows import in_honor_chow
from mjsim.engine.hooks_changsha import changsha_flags
from mjsim.engine.hooks_jipinghu import jipinghu_flags
from mjsim.engine.hooks_riichi import riichi_flags
from mjsim.engine.settle import hand_value, variant_flags
from mjsim.engine.shapes import _lone_wild_wait, _shape_win
from mjsim.engine.special_kongs import special_copies
from mjsim.engine.state import (
    PH_POOL_DRAW,
    PV_FENG,
    PV_HELD_FLOWERS,
    PV_LOOKED,
    PV_MISSING,
    PV_N_FLOWERS,
    PV_N_KONG_MONEY,
    PV_N_KONG_TILES,
    PV_N_PIAO,
    PV_N_RIVER,
    PV_N_WILD_KONGS,
    PV_RC_DOUBLE,
    PV_READY,
    PV_READY_KIND,
    RF_CLAIMED,
    TV_AFTER_KONG,
    TV_DEALER,
    TV_DICE0,
    TV_DICE1,
    TV_DRAWN,
    TV_FIRST_ROUND,
    TV_GRABBED,
    TV_HAND_NO,
    TV_KONG_DICE,
    TV_MULT,
    TV_N_DISCARDS,
    TV_PHASE,
    TV_POOL_DRAWS,
    TV_REPEAT,
    TV_REPLACEMENT,
    TV_ROUND_WIND,
    TV_STAND_FOR,
    TV_TREASURE,
    TV_WILD_FLOWERS,
    WK_ROB_KONG,
    WK_SELF_DRAW,
)
from mjsim.melds import MELD_CHOW, MELD_HONOR_CHOW, MELD_NONE, MELD_PUNG, MELD_SPECIAL_KONG
from mjsim.rules.params import (
    P_IMAGINED_WILD,
    P_N_PLAYERS,
    P_ROB_KONG_AS_SELF_DRAW,
    P_SCORING,
    P_TREASURE_MATCH_WINS,
    P_WILD_RULE,
    P_WILD_STAND_IN,
    P_WILD_WAIT_CONTEXT,
    P_WIN_SHAPES,
    SCORING_CHANGSHA,
    SCORING_JIPINGHU,
    SCORING_RIICHI,
    WILD_TREASURE,
)
from mjsim.rules.scorer import only_for
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
    F_FLOWER_KINDS,
    F_FLOWERS,
    F_FOURTH_TILE,
    F_GRABBED,
    F_HAND_NO,
    F_HEAVENLY,
    F_HONOR_FLOWER_QUADS,
    F_HONOR_TILES_OUT,
    F_HUMAN,
    F_IMAGINED_WILD,
    F_IS_DEALER,
    F_KONG_DICE,
    F_KONG_MONEY,
    F_KONG_REPLACEMENT,
    F_KONG_TILES,
    F_LAST_WALL_TILE,
    F_N_WILD,
    F_POOL_DRAW,
    F_READY,
    F_READY_FIRST_DISCARD,
    F_READY_KIND,
    F_ROBBING_KONG,
    F_ROUND_WIND,
    F_SEAT_WIND,
    F_SELF_DRAWN,
    F_STAND_IN,
    F_TILES_LEFT,
    F_TREASURE_WIN,
    F_WILD_KINDS,
    F_WILD_KONGS,
    F_WILD_PIAO,
    F_WILD_WAIT,
    F_WINNER_SEAT,
    N_FLAGS,
)

#: the win-context flags of a family with a scorer of its own, compiled only for that scorer
_changsha_flags = only_for("changsha", changsha_flags)
_riichi_flags = only_for("riichi", riichi_flags)


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
    fk = 0
    for j in range(8):
        if s.hands[t, p, 34 + j] > 0 and (s.pv[t, p, PV_HELD_FLOWERS] >> j) & 1 == 0:
            fk |= 1 << j  # set aside (exposed), not held
    flags[F_FLOWER_KINDS] = fk
    quads = 0
    for k in range(27, 34):
        if honor_flowers(s, t, p, k) == 4:
            quads += 1  # four identical honour flowers (honors_are_flowers)
    flags[F_HONOR_FLOWER_QUADS] = quads
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
        flags[F_SELF_DRAWN] = 1  # scored as a self-draw ("记分按自摸计")
    flags[F_IS_DEALER] = 1 if p == dealer else 0
    first = s.tv[t, TV_FIRST_ROUND] != 0
    flags[F_HEAVENLY] = 1 if (self_drawn and p == dealer and s.tv[t, TV_N_DISCARDS] == 0) else 0
    flags[F_EARTHLY] = 1 if (first and p != dealer and s.pv[t, p, PV_N_RIVER] == 0) else 0
    # 人和: a non-dealer's win on a discard of the first go-round (family hooks may narrow it)
    flags[F_HUMAN] = 1 if (first and p != dealer and not self_drawn) else 0
    flags[F_READY] = s.pv[t, p, PV_READY]
    flags[F_READY_KIND] = s.pv[t, p, PV_READY_KIND] + 1 if s.pv[t, p, PV_READY] != 0 else 0
    nw = 0
    wmask = np.int64(0)
    if _wilds_active(s, r, t, p):
        for k in range(34):
            if s.wild[t, k] != 0:
                nw += s.hands[t, p, k]
                wmask |= np.int64(1) << np.int64(k)
        nw += _held_wild_flowers(s, t, p)  # wild flowers, bits 34-41 of F_WILD_KINDS
        wmask |= np.int64(s.tv[t, TV_WILD_FLOWERS]) << np.int64(34)
    flags[F_N_WILD] = nw
    flags[F_WILD_KINDS] = wmask
    si = r.params[P_WILD_STAND_IN]
    if wmask != 0 and si >= 0 and s.tv[t, TV_STAND_FOR] >= 0 and s.wild[t, si] == 0:
        flags[F_STAND_IN] = si + 1  # its copies are natural copies of the wild kind
    flags[F_IMAGINED_WILD] = r.params[P_IMAGINED_WILD]  # 心皇: a joker of every win
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
    flags[F_GRABBED] = 1 if s.tv[t, TV_GRABBED] == p + 1 else 0  # 抢金
    # the final ready draw won on, 1 = the first (海底捞月 from the unused pool), else 0
    flags[F_POOL_DRAW] = s.tv[t, TV_POOL_DRAWS] if s.tv[t, TV_PHASE] == PH_POOL_DRAW else 0
    if r.params[P_WILD_WAIT_CONTEXT] != 0:
        _wild_wait_flags(s, r, t, p, tile, flags)  # 爆头 / 财飘
    flags[F_WILD_KONGS] = s.pv[t, p, PV_N_WILD_KONGS]
    flags[F_KONG_TILES] = s.pv[t, p, PV_N_KONG_TILES]
    flags[F_KONG_MONEY] = s.pv[t, p, PV_N_KONG_MONEY]
    feng = s.pv[t, p, PV_FENG]  # 放风 set kinds (bits 0-6) and 补风 count (bits 8+)
    n_out = feng >> 8
    for j in range(7):
        n_out += (feng >> j) & 1
    flags[F_HONOR_TILES_OUT] = n_out
    flags[F_READY_FIRST_DISCARD] = 1 if s.pv[t, p, PV_RC_DOUBLE] != 0 else 0
    if r.params[P_WILD_RULE] == WILD_TREASURE and self_drawn and s.pv[t, p, PV_READY] != 0:
        flags[F_TREASURE_WIN] = _treasure_win_kind(s, r, t, p, tile)
    flags[F_TILES_LEFT] = remaining(s, t) + 1  # 海底捞 within the last four tiles
    variant_flags(r, flags, s.pv[t, p, PV_MISSING])
    if r.params[P_SCORING] == SCORING_JIPINGHU:
        jipinghu_flags(s, t, p, win_kind, flags)
    elif r.params[P_SCORING] == SCORING_CHANGSHA:
        _changsha_flags(r.scorer, s, t, flags)
    elif r.params[P_SCORING] == SCORING_RIICHI:
        _riichi_flags(r.scorer, s, r, t, p, flags)


@internal
def _treasure_win_kind(s, r, t, p, tile):
    """``F_TREASURE_WIN`` of ready seat ``p`` self-drawing (the winning ``tile`` in its hand; for
    a 宝 win the drawn tile already replaced by the kind it stands for, as
    :func:`mjsim.engine.wins._treasure_win` scores it): 1 摸宝 when the drawn tile is the 宝 kind
    ("摸宝：听牌后，摸到宝牌胡牌"), 2 对宝 when the drawn tile stands for the 宝 kind that completes
    the hand (``treasure_match_wins``, a seat that has looked), 3 宝中宝 when, in either case, the
    hand without the winning tile waits on the 宝 kind alone ("宝中宝：在卡当的基础上，已经听牌的
    玩家要和的那张牌就是宝牌"; the single wait is any shape's), else 0."""
    d = np.int64(s.tv[t, TV_DRAWN])
    k = np.int64(s.tv[t, TV_TREASURE])
    if d < 0 or k < 0:
        return 0
    if d == k:
        kind = 1
    elif tile == k and r.params[P_TREASURE_MATCH_WINS] != 0 and s.pv[t, p, PV_LOOKED] != 0:
        kind = 2
    else:
        return 0
    if tile != k:
        return kind
    h = s.hands[t, p]
    h[tile] -= 1
    waits = 0
    for x in range(34):
        if h[x] >= 4:
            continue
        h[x] += 1
        if _shape_win(s, r, t, p, h, r.params[P_WIN_SHAPES], np.int64(0)):
            waits += 1
        h[x] -= 1
    h[tile] += 1
    return 3 if waits == 1 else kind


@internal
def _wild_wait_flags(s, r, t, p, tile, flags):
    """hangzhou 爆头 / 财飘: ``F_WILD_WAIT`` = seat ``p``'s hand (the winning ``tile`` in
    it) without that tile waited on every tile with a lone wild; ``F_WILD_PIAO`` = its 财飘
    count (``PV_N_PIAO``)."""
    h = s.hands[t, p]
    h[tile] -= 1
    flags[F_WILD_WAIT] = 1 if _lone_wild_wait(s, r, t, p, tile) else 0
    h[tile] += 1
    flags[F_WILD_PIAO] = s.pv[t, p, PV_N_PIAO]


@internal
def _count_piao(s, r, t, p, k):
    """财飘: seat ``p`` just discarded the wild ``k`` (already out of its hand); it counts if
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
    """Hand value of seat ``p`` winning on ``tile`` (fills ``s.items[t, p]``); -1 when the
    fan table finds no reading of the hand as a win (:func:`mjsim.engine.settle.hand_value`)."""
    flags = np.zeros(N_FLAGS, dtype=np.int64)
    if win_kind != WK_SELF_DRAW:
        s.hands[t, p, tile] += 1
    _fill_flags(s, r, t, p, tile, win_kind, frm, flags)
    s.items[t, p, :] = 0
    v = hand_value(r, s.hands[t, p], s.melds[t, p], tile, flags, s.items[t, p])
    if win_kind != WK_SELF_DRAW:
        s.hands[t, p, tile] -= 1
    return v
