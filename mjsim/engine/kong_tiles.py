"""Kong-only tiles (红中杠 / 杠牌, ``kong_only_tiles``): which kinds they are
at a table, and the own-turn legality mask that sets them aside.

A kong-only tile is never discarded, never called and never part of a winning hand: on its own
turn the holder sets it aside face up with ``KONG + k`` (one copy; the tile goes to its river
flagged ``RF_KONG_TILE``) and draws a replacement from the tail, like a flower; it counts as a
kong for the scorer (``F_KONG_TILES``) but not for the reserve, the kong count or robbing.
``KONG + k`` can name it without ambiguity because a kong-only kind is never in a pung or in a
concealed four that could be konged the usual way.

- ``"red_dragon"`` (wuhan, the rule text "红中留在手上不能胡"; "discarding
  红中 counts as a kong"): 红中 (33). Setting it aside is the seat's CHOICE (the seed says a held
  红中 blocks the win, so it can be held); it is never a plain discard.
- ``"two_dragons"`` (anqing, the rule text "发财和白板是杠牌，只能用来杠，手上有，就不能胡牌"; "发：必须亮出了，
  且从牌尾补牌"; "如果是中发白的钻牌。则其余两个就成了杠牌"): 发 and 白 (32, 31), or, when the 钻
  (wild) is a dragon, the two other dragons. They "must" be shown: at its own turn a seat holding
  one has ``KONG + k`` of its kong-only kinds as its ONLY legal actions (set aside before anything
  else, one per decision), so the reading is "automatic, at the holder's turn". The money
  tile (each earns one unit: "几个发算几个翻的钱") is 发, or 红中 when 发 is the 钻 ("当发为钻时，
  红中充当发牌"); ``PV_N_KONG_MONEY`` / ``F_KONG_MONEY`` count it.

- ``"seven_pi"`` (七皮四赖, a wuhan option: the Hubei room option "七皮四赖杠"): the 皮子, the
  turned kind (its three copies left in play) and the kind before it (four copies), seven tiles;
  the wild (赖子) is the kind after the turned one. The kinds follow from the wild kind
  (:func:`pi_kinds`), cyclic within a suit, the winds or the dragons as
  :func:`mjsim.engine.board.wild_successor` counts; set aside when the holder chooses, like 红中.

With no live tile left to replace it, a kong-only tile may be discarded (nothing else could make
the decision legal); a wild kind is never kong-only (wuhan: a 赖子 that happens to be 红中 is a 赖子).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim.actions import KONG, N_ACTIONS
from mjsim.rules.params import (
    KONG_ONLY_NONE,
    KONG_ONLY_RED_DRAGON,
    KONG_ONLY_SEVEN_PI,
    KONG_ONLY_TWO_DRAGONS,
    P_KONG_ONLY_TILES,
    P_WILD_HONOR_CYCLE,
    WILD_CYCLE_SINGLE,
)


@nb.njit(cache=True)
def _successor(params, k):
    """The kind after ``k`` in the indicator order (as :func:`mjsim.engine.board.wild_successor`
    for a tile set holding every kind)."""
    single = params[P_WILD_HONOR_CYCLE] == WILD_CYCLE_SINGLE
    if k < 27:
        return k - k % 9 + (k % 9 + 1) % 9
    if k < 30:
        return k + 1
    if k == 30:
        return 33 if single else 27
    if k == 31:
        return 27 if single else 33
    return k - 1


@nb.njit(cache=True)
def pi_kinds(params, wild):
    """七皮四赖's 皮子 kinds ``(turned, before)``: the kinds one and two steps before the wild
    kind (the first kind with ``wild[k] != 0``); ``(-1, -1)`` without a wild."""
    w = -1
    for k in range(34):
        if wild[k] != 0:
            w = k
            break
    if w < 0:
        return -1, -1
    turned = -1
    before = -1
    for k in range(34):
        if _successor(params, k) == w:
            turned = k
    for k in range(34):
        if turned >= 0 and _successor(params, k) == turned:
            before = k
    return turned, before


@nb.njit(cache=True)
def is_kong_only(params, wild, k):
    """Is kind ``k`` a kong-only tile under ``params`` (``int64[NP]``) with this table's wild
    kinds ``wild`` (``uint8[34]``)?"""
    mode = params[P_KONG_ONLY_TILES]
    if mode == KONG_ONLY_NONE or k < 0 or k > 33 or wild[k] != 0:
        return False
    if mode == KONG_ONLY_SEVEN_PI:
        turned, before = pi_kinds(params, wild)
        return k == turned or k == before
    if k < 31:
        return False
    if mode == KONG_ONLY_RED_DRAGON:
        return k == 33
    if mode == KONG_ONLY_TWO_DRAGONS:
        if wild[31] != 0 or wild[32] != 0 or wild[33] != 0:
            return True  # a dragon 钻: the other two dragons
        return k != 33  # 发 and 白; 红中 stands for the 钻's natural tile
    return False


@nb.njit(cache=True)
def is_money_tile(params, wild, k):
    """anqing: the kong-only tile that earns one unit (发, or 红中 when 发 is the 钻)."""
    if params[P_KONG_ONLY_TILES] != KONG_ONLY_TWO_DRAGONS:
        return False
    return k == (33 if wild[32] != 0 else 32) and is_kong_only(params, wild, k)


@nb.njit(cache=True)
def holds_kong_only(params, wild, h):
    """Does the concealed count vector ``h`` (``uint8[>=34]``) hold a kong-only tile?"""
    if params[P_KONG_ONLY_TILES] == KONG_ONLY_NONE:
        return False
    lo = 0 if params[P_KONG_ONLY_TILES] == KONG_ONLY_SEVEN_PI else 31
    for k in range(lo, 34):
        if h[k] > 0 and is_kong_only(params, wild, k):
            return True
    return False


@nb.njit(cache=True)
def kong_only_mask(params, wild, h, live, mask, n):
    """Adjust the own-turn mask ``mask`` (``bool[N_ACTIONS]``, ``n`` legal) of a seat holding
    ``h``: ``KONG + k`` for each kong-only kind held and no discard of one; under "two_dragons" those
    are the only legal actions. ``live``: live tiles left (0: no replacement, nothing changes).
    Returns the new number of legal actions."""
    if live <= 0 or not holds_kong_only(params, wild, h):
        return n
    if params[P_KONG_ONLY_TILES] == KONG_ONLY_TWO_DRAGONS:
        for a in range(N_ACTIONS):
            mask[a] = False
    lo = 0 if params[P_KONG_ONLY_TILES] == KONG_ONLY_SEVEN_PI else 31
    for k in range(lo, 34):
        if is_kong_only(params, wild, k):
            mask[k] = False
            mask[KONG + k] = h[k] > 0
    c = 0
    for a in range(N_ACTIONS):
        if mask[a]:
            c += 1
    return np.int64(c)
