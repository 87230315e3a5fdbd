"""May this seat win now? The legality of WIN.

Owns :func:`_win_ok`, the one test behind every WIN in the legal mask and in a reaction window:
a seat that has won (blood battle) or is locked out may not; self-draw-only rules (``self_draw_only``,
``open_hand_self_draw_only``, a shown self-draw-only ready hand, robbing counted as a self-draw),
``must_be_ready``, ``must_open``, the flower instant win (八花齐), wild-tile rules (a seat that
discarded a wild, a lone-wild wait on a discard, three wilds 三金倒), the shape and the further
requirements (:mod:`mjsim.engine.shapes`), a held kong-only tile and the small-win filter
(:func:`_kong_only_and_filter_ok`), a plain win on a discard that needs kong income
(``win_filter="plain_discard_needs_kong"``), furiten, and the minimum value by win kind. Also the
forced win (:func:`_must_win`: WIN as the only legal action).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.engine.board import (
    _holds_plain_flower,
    _n_wild_held,
    _split_wilds,
    _void_count,
    remaining,
)
from mjsim.engine.hooks_guizhou import kong_income_discard_win_ok
from mjsim.engine.kong_tiles import holds_kong_only
from mjsim.engine.lockouts import _furiten
from mjsim.engine.settle import qualifying_value, worth
from mjsim.engine.shapes import _extra_ok, _lone_wild_wait, _shape_win, _suit_terminal_pung_ok
from mjsim.engine.state import (
    PV_LOCK,
    PV_LOCK_HAND,
    PV_LOCK_VALUE,
    PV_N_EXPOSED,
    PV_N_FLOWERS,
    PV_N_WILD_DISCARDED,
    PV_READY,
    PV_READY_KIND,
    PV_WON,
    TV_LAST_REGION,
    TV_REPLACEMENT,
    TV_SEAT,
    WK_DISCARD,
    WK_ROB_KONG,
    WK_SELF_DRAW,
)
from mjsim.engine.win_context import _value_with_tile
from mjsim.engine.win_rules import small_win_ok
from mjsim.rules.params import (
    FORCED_WIN_LAST_TILES,
    FORCED_WIN_WHEN_READY,
    MW_SCOPE_ALL,
    MW_THRESHOLD_NONE,
    OWN_DISCARD_NONE,
    P_DISCARD_WIN_REQUIRES_READY,
    P_FLOWER_INSTANT_WIN,
    P_FORCED_WIN,
    P_FORCED_WIN_TILES,
    P_MIN_FAN_DISCARD,
    P_MIN_FAN_SELF_DRAW,
    P_MISSING_SUIT_CHOICE,
    P_MUST_BE_READY,
    P_MUST_OPEN,
    P_MW_SCOPE,
    P_MW_THRESHOLD,
    P_OPEN_HAND_SELF_DRAW_ONLY,
    P_OWN_DISCARD_LOCKOUT,
    P_READY_EXEMPT_KONG_REPLACEMENT,
    P_ROB_KONG_AS_SELF_DRAW,
    P_SELF_DRAW_ONLY,
    P_THREE_WILD_WIN,
    P_WILD_DISCARD_PENALTY,
    P_WILD_RULE,
    P_WILD_SINGLE_WAIT_SELF_DRAW,
    P_WIN_FILTER,
    P_WIN_SHAPES,
    READY_MODE_SHOWN_SELF_DRAW_ONLY,
    SHAPE_THIRTEEN_ORPHANS,
    SHAPE_WILD_SIMPLES,
    WILD_NONE,
    WILD_PENALTY_NO_WIN,
    WILD_PENALTY_NONE,
    WILD_PENALTY_SELF_DRAW_ONLY,
    WIN_FILTER_PLAIN_DISCARD_NEEDS_KONG,
    WIN_FILTER_SMALL_WIN_258_PAIR,
)


@internal
def _win_ok(s, r, t, p, tile, win_kind, frm, orphans_only):
    """May seat ``p`` win on ``tile`` (``win_kind``: WK_SELF_DRAW with the tile already in hand,
    else WK_DISCARD / WK_ROB_KONG with the tile outside the hand)?"""
    pv = s.pv
    prm = r.params
    if pv[t, p, PV_WON] != 0:
        return False
    # robbing a kong counted as a self-draw: the self-draw-only rules do not bar it
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
            return True  # shanghai 八花齐 "如果这8个花抓起即可胡牌"
    if _holds_plain_flower(s, t, p):
        # a held flower that is not wild is in no set (the shape test says the same); tested
        # here too so that no rule below (三金倒) wins past it and no plain flower (34-41)
        # ever reaches the value as the winning tile
        return False
    if prm[P_WILD_RULE] != WILD_NONE:
        pen = prm[P_WILD_DISCARD_PENALTY]
        if pen != WILD_PENALTY_NONE and pv[t, p, PV_N_WILD_DISCARDED] > 0:
            # fuzhou "打金牌的人只能自摸"; tianjin 小相公 "该局此玩家不能胡牌"
            if pen == WILD_PENALTY_NO_WIN:
                return False
            if pen == WILD_PENALTY_SELF_DRAW_ONLY and win_kind != WK_SELF_DRAW:
                return False
        if win_kind != WK_SELF_DRAW and prm[P_WILD_SINGLE_WAIT_SELF_DRAW] != 0:
            if _lone_wild_wait(s, r, t, p, tile):
                return False  # ningbo "财神单吊时，不能捉冲，只能自摸"
        if (
            win_kind == WK_SELF_DRAW
            and prm[P_THREE_WILD_WIN] != 0
            and _n_wild_held(s, r, t, p, s.hands[t, p]) >= 3
        ):
            return True  # fuzhou 三金倒 "只要抓到三张“金”，就可胡牌，不用根据基本牌型"
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
        and _suit_terminal_pung_ok(s, r, t, p, h)
        and _void_count(s, t, p, h) == 0
        and _extra_ok(s, r, t, p, h)
        and _kong_only_and_filter_ok(s, r, t, p, h, win_kind)
    )
    if ok and win_kind == WK_DISCARD and prm[P_WIN_FILTER] == WIN_FILTER_PLAIN_DISCARD_NEEDS_KONG:
        ok = kong_income_discard_win_ok(
            s, r, t, p, h
        )  # a 平胡 on a discard needs a 豆 (kong income)
    if win_kind != WK_SELF_DRAW:
        h[tile] -= 1
        if ok and prm[P_OWN_DISCARD_LOCKOUT] != OWN_DISCARD_NONE and _furiten(s, r, t, p, tile):
            ok = False
    # minimum qualifying value by win kind (both are >= min_fan, see RuleSpec.compile)
    need = prm[P_MIN_FAN_SELF_DRAW] if as_self else prm[P_MIN_FAN_DISCARD]
    if ok and (need > 0 or over >= 0):
        v = _value_with_tile(s, r, t, p, tile, win_kind, frm)
        if over >= 0 and worth(r, v, s.items[t, p]) <= over:
            ok = False  # 过胡: not worth more than a win passed under this lockout
        s.items[t, p, :] = 0
        if ok and need > 0:
            ok = qualifying_value(r, v, s.pv[t, p, PV_N_FLOWERS]) >= need
    return ok


@nb.njit(cache=True, inline="always")
def _forced_win(s, r, t):
    """Last-tiles forced win (sichuan "最后四张自动胡"); off with 定缺 ("定缺规则中最后四张可以不胡")."""
    f = r.params[P_FORCED_WIN_TILES]
    return f > 0 and r.params[P_MISSING_SUIT_CHOICE] == 0 and remaining(s, t) <= f


@internal
def _must_win(s, r, t, p):
    """WIN is the only legal action of seat ``p`` when it is legal: the last-tiles rule
    (``forced_win_tiles``), a ready seat under ``forced_win="when_ready"`` (
    "若能胡则系统强制胡牌"), or the drawer in the ``last_tiles_self_draw_only`` region under
    ``forced_win="last_tiles"`` (fuzhou "若抓的牌就能胡牌则由服务器自动胡掉")."""
    fw = r.params[P_FORCED_WIN]
    if fw == FORCED_WIN_WHEN_READY and s.pv[t, p, PV_READY] != 0:
        return True
    if fw == FORCED_WIN_LAST_TILES and s.tv[t, TV_LAST_REGION] != 0 and s.tv[t, TV_SEAT] == p:
        return True
    return _forced_win(s, r, t)


@internal
def _kong_only_and_filter_ok(s, r, t, p, h, win_kind):
    """A hand holding a kong-only tile cannot win ("红中留在手上不能胡", "手上有，就不能胡牌");
    the small-win filter ``win_filter="small_win_258_pair"``:
    :func:`mjsim.engine.win_rules.small_win_ok` (屁胡 vs 大胡). ``h``: the complete hand."""
    prm = r.params
    if holds_kong_only(prm, s.wild[t], h):
        return False
    if prm[P_WIN_FILTER] == WIN_FILTER_SMALL_WIN_258_PAIR:
        c, nw = _split_wilds(s, r, t, p, h)
        self_drawn = win_kind == WK_SELF_DRAW
        big = win_kind == WK_ROB_KONG or (
            self_drawn and (s.tv[t, TV_REPLACEMENT] != 0 or remaining(s, t) < 4)
        )  # 抢杠, 杠开, 海底捞 ("只剩最后四张牌")
        return small_win_ok(prm, c, nw, s.melds[t, p], win_kind == WK_DISCARD, big)
    return True
