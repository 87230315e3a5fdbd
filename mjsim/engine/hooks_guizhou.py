"""Guizhou 捉鸡 hooks: chickens 鸡 and the 豆 test of
``win_filter="plain_discard_needs_kong"``.

Chickens are scoring tiles, not wilds. At the settlement of a win (not of a drawn hand:
[rec] "no chicken settlement on a draw") the chicken kinds are:

- 翻鸡 (``chicken_flip``): the next undrawn tile is turned; the kind one rank above it (9 -> 1) is a
  chicken ("胡牌后翻开下一张未摸得牌，如翻开的是2万，即3万是鸡牌"; "after_self_draw": only after a
  self-draw, "自抠（自摸）后翻一张牌"); none when the wall is empty;
- 打明鸡 (``open_chicken``): the tile at stack 3 from the head after the deal, one stack further
  per kong declared, names a chicken the same way ("起牌后三墩翻起～如翻2条，3条就是鸡…有杠牌就要
  翻第四墩～以此类推"); the top tile of stack ``j`` is wall position ``head0 + 2 (j - 1)``;
- 英雄鸡 (``hero_chicken``): 1s (幺鸡) is always a chicken ("英雄鸡一条每次都是鸡").

Every seat's chicken tiles (concealed or melded; a discard winner's winning tile included) are
paid ``chicken_value`` by each other seat ([rec] "each chicken tile a player holds ... is
worth 1 base unit ... from each other player, settled for every player"; "胡牌的人可能赔钱，被胡的人
可能赢钱"). A kind named by two sources counts once. The kinds are kept in
``tv[t, TV_CHICKEN_FLIP / TV_CHICKEN_OPEN / TV_CHICKEN_HERO]`` (-1 = none).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.engine.hooks_kong import kong_income
from mjsim.engine.state import (
    PV_PAY,
    TV_AFTER_KONG,
    TV_CHICKEN_FLIP,
    TV_CHICKEN_HERO,
    TV_CHICKEN_OPEN,
    TV_HEAD,
    TV_N_KONGS,
    TV_TAIL,
    TV_WALL_LEN,
    WK_SELF_DRAW,
)
from mjsim.engine.win_rules import is_pinghu
from mjsim.melds import MELD_CHOW, MELD_NONE, MELD_PUNG
from mjsim.rules.params import (
    CHICKEN_FLIP_AFTER_SELF_DRAW,
    CHICKEN_FLIP_NONE,
    P_CHICKEN_FLIP,
    P_CHICKEN_VALUE,
    P_HAND_SIZE,
    P_HERO_CHICKEN,
    P_N_PLAYERS,
    P_OPEN_CHICKEN,
    P_WIN_SHAPES,
)

HERO = 18  # 1s, 幺鸡


@nb.njit(cache=True)
def chicken_of(k):
    """The chicken kind named by a turned tile ``k``: one rank above in its suit (9 -> 1); -1
    for an honour or a flower."""
    if k < 0 or k >= 27:
        return -1
    return (k // 9) * 9 + (k % 9 + 1) % 9


@nb.njit(cache=True)
def chickens_active(r):
    """Any chicken rule on (``chicken_flip``, ``open_chicken``, ``hero_chicken``)."""
    p = r.params
    return (
        p[P_CHICKEN_FLIP] != CHICKEN_FLIP_NONE or p[P_OPEN_CHICKEN] != 0 or p[P_HERO_CHICKEN] != 0
    )


@internal
def chicken_settle(s, r, t, winners, win_kind, tile):
    """Name the hand's chicken kinds and pay every seat's chicken tiles (``PV_PAY``, zero-sum).
    ``winners``: bitmask; ``tile``: the winning tile (counted in a discard winner's hand)."""
    prm = r.params
    n = prm[P_N_PLAYERS]
    flip = -1
    cf = prm[P_CHICKEN_FLIP]
    if cf != CHICKEN_FLIP_NONE and (cf != CHICKEN_FLIP_AFTER_SELF_DRAW or win_kind == WK_SELF_DRAW):
        if s.tv[t, TV_HEAD] < s.tv[t, TV_TAIL]:
            flip = chicken_of(np.int64(s.wall[t, s.tv[t, TV_HEAD]]))
    opened = -1
    if prm[P_OPEN_CHICKEN] != 0:
        pos = n * prm[P_HAND_SIZE] + 1 + 2 * (2 + s.tv[t, TV_N_KONGS])
        if pos < s.tv[t, TV_WALL_LEN]:
            opened = chicken_of(np.int64(s.wall[t, pos]))
    hero = HERO if prm[P_HERO_CHICKEN] != 0 else -1
    s.tv[t, TV_CHICKEN_FLIP] = flip
    s.tv[t, TV_CHICKEN_OPEN] = opened
    s.tv[t, TV_CHICKEN_HERO] = hero
    is_chicken = np.zeros(34, dtype=np.bool_)
    for k in (flip, opened, hero):
        if k >= 0:
            is_chicken[k] = True
    cnt = np.zeros(4, dtype=np.int64)
    total = np.int64(0)
    for q in range(n):
        c = 0
        for k in range(34):
            if is_chicken[k]:
                c += s.hands[t, q, k]
        if win_kind != WK_SELF_DRAW and (winners >> q) & 1 and is_chicken[tile]:
            c += 1  # the discard / robbed tile the seat won on
        for i in range(s.melds.shape[2]):
            mt = s.melds[t, q, i, 0]
            if mt == MELD_NONE:
                continue
            mk = np.int64(s.melds[t, q, i, 1])
            if mt == MELD_CHOW:
                for j in range(3):
                    if is_chicken[mk + j]:
                        c += 1
            elif is_chicken[mk]:
                c += 3 if mt == MELD_PUNG else 4
        cnt[q] = c
        total += c
    v = prm[P_CHICKEN_VALUE]
    for q in range(n):
        # q receives v from each other seat per own chicken, pays v per chicken of each other
        s.pv[t, q, PV_PAY] += v * (cnt[q] * (n - 1) - (total - cnt[q]))


@internal
def kong_income_discard_win_ok(s, r, t, p, h):
    """``win_filter="plain_discard_needs_kong"`` for a discard win of seat ``p`` (``h``: its concealed hand with
    the discard): a 平胡 needs a 豆 (kong income this hand, :func:`kong_income`) or a 热炮 (the
    discard came right after the discarder's kong); bigger hands always win ("在有“豆”情况
    下允许点胡": a 平胡 with no 豆 may win in this case). 抢杠 is not a discard win: exempt."""
    if s.tv[t, TV_AFTER_KONG] != 0 or kong_income(s, t, p) > 0:
        return True
    return not is_pinghu(h, s.melds[t, p], r.params[P_WIN_SHAPES])
