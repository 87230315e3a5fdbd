"""Engine-side hooks of the Changsha family (``scoring="changsha"``): the win flags, the money of
a win with its bird 扎鸟, dealer succession, and the opening-hand small wins 起手小胡.

The hand value and the payment arithmetic are the jitted scorer's (:mod:`mjsim.scoring.changsha`:
``changsha_value``, ``changsha_win_payments``, ``changsha_bird_seat``); these functions read and
write the table state around them. The rules they play (the rule text 全国各地麻将玩法总汇; the
variant's spec and its sources: :mod:`mjsim.variants.changsha`):

- 杠上开花 / 杠上炮 only after a dice kong 开杠 (a 补张 replacement is an ordinary draw); no 海底
  when a replacement took the last tile; 地胡 = a win on the dealer's first discard
  (:func:`changsha_flags`).
- Money (:func:`changsha_pay`): small self-draw 10 / discard 10, big self-draw 30 / discard 60,
  dealer +10, times the birds: one bird, the next wall tile after the win, the 海底 tile after a
  海底 win ("玩家胡牌后，再摸紧跟着的牌即为鸟"; "如果海底胡，即以海底为牌为鸟"), counted from the dealer
  ("一表示庄家，二表示下家，三为对家，四为上家"), revealed by :func:`mjsim.engine.hooks_birds.reveal_birds`.
- Dealer succession (``dealer_rotation="hook"``, :func:`changsha_next_dealer`): the winner deals;
  after 通炮 the discarder; after a drawn hand the seat that took the 海底 (or drew it as a
  replacement), or the first seat offered when all refused; several opening-hand winners: the
  seat the bird names.
- Opening-hand small wins (四喜, 板板胡, 缺一色, 六六顺; "等同小胡自摸"), switched on by
  ``score_values[CS_OPENING]``: after the deal each seat holding one is asked in order from the
  dealer (:func:`changsha_next_declarer`, :func:`changsha_declare`); if anyone declared, the hand
  ends and each declarer is paid ``k`` small self-draws with one bird
  (:func:`changsha_opening_settle`).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.engine.hooks_birds import reveal_birds
from mjsim.engine.state import (
    PV_PAY,
    PV_VALUE,
    PV_WON,
    TV_AFTER_DICE_KONG,
    TV_BIRD,
    TV_DEALER,
    TV_DICE_REPL,
    TV_MULT,
    TV_N_DISCARDS,
    TV_SEABED0,
    TV_SEABED_N,
    TV_SEABED_REPL,
    TV_SEABED_TAKER,
    TV_SEAT,
    TV_WIN_FROM,
    WK_SELF_DRAW,
)
from mjsim.rules.params import (
    BIRD_RULE_RANK_SEAT_DOUBLING,
    P_BIRD_RULE,
    P_N_PLAYERS,
    P_OPENING_SAME_RANK_PAIRS,
)
from mjsim.scoring.changsha import (
    changsha_bird_seat,
    changsha_is_big,
    changsha_opening_wins,
    changsha_win_payments,
)
from mjsim.scoring.context import (
    F_AFTER_KONG_DISCARD,
    F_DISCARDER_SEAT,
    F_EARTHLY,
    F_KONG_REPLACEMENT,
    F_LAST_WALL_TILE,
    F_SELF_DRAWN,
)


@nb.njit(cache=True)
def changsha_flags(s, t, flags):
    """杠上开花 / 杠上炮 only after a 开杠 (dice kong; a 补张 replacement is an ordinary draw); no
    海底 when a replacement took it (rule F); 地胡 = a win on the dealer's first discard."""
    on_self = flags[F_SELF_DRAWN] != 0
    flags[F_KONG_REPLACEMENT] = 1 if (on_self and s.tv[t, TV_DICE_REPL] != 0) else 0
    flags[F_AFTER_KONG_DISCARD] = 1 if (not on_self and s.tv[t, TV_AFTER_DICE_KONG] != 0) else 0
    if s.tv[t, TV_SEABED_REPL] != 0:
        flags[F_LAST_WALL_TILE] = 0
    first_discard = s.tv[t, TV_N_DISCARDS] == 1
    from_dealer = flags[F_DISCARDER_SEAT] == s.tv[t, TV_DEALER]
    on_discard = flags[F_SELF_DRAWN] == 0
    flags[F_EARTHLY] = 1 if (on_discard and first_discard and from_dealer) else 0


@internal
def changsha_pay(s, r, t, p, v, win_kind, frm, tile, mult):
    """Money of seat ``p``'s win of ``v`` (= k) small/big wins, bird included (int PV_PAY)."""
    n = r.params[P_N_PLAYERS]
    dealer = s.tv[t, TV_DEALER]
    hits = np.zeros(4, np.int64)
    reveal_birds(s, r, t, tile, hits)  # birds=1: the next wall tile, the 海底 tile after 海底胡
    out = np.zeros(4, np.int64)
    big = changsha_is_big(s.items[t, p])
    d = -1 if win_kind == WK_SELF_DRAW else frm
    doubling = r.params[P_BIRD_RULE] == BIRD_RULE_RANK_SEAT_DOUBLING
    changsha_win_payments(v, big, p, d, dealer, hits, r.score_table, out, doubling)
    for q in range(n):
        s.pv[t, q, PV_PAY] += out[q] * mult


@internal
def changsha_next_dealer(s, t, winners, first_winner):
    """Rules B (the winner), E (通炮: the discarder), C (draw: who took the last tile), D (all
    refused the 海底: the first seat offered), F (draw after the 海底 went to a kong replacement:
    the seat that drew it), G (several opening-hand winners: the bird's seat)."""
    if winners == 0:
        if s.tv[t, TV_SEABED_REPL] > 0:  # F: the 海底 was drawn as a replacement
            return s.tv[t, TV_SEABED_REPL] - 1
        if s.tv[t, TV_SEABED_TAKER] > 0:  # C: the 海底 taker deals
            return s.tv[t, TV_SEABED_TAKER] - 1
        if s.tv[t, TV_SEABED_N] >= 4:  # D: all refused -> the first seat offered deals
            return s.tv[t, TV_SEABED0]
        return s.tv[t, TV_SEAT]
    nw = 0
    for q in range(4):
        nw += (winners >> q) & 1
    if nw >= 2 and s.tv[t, TV_WIN_FROM] >= 0:
        return s.tv[t, TV_WIN_FROM]
    if nw >= 2:  # G: several opening-hand winners -> the seat hit by the bird deals
        return changsha_bird_seat(s.tv[t, TV_BIRD], s.tv[t, TV_DEALER])
    return first_winner


@internal
def changsha_next_declarer(s, r, t, after):
    """Next seat (in order from the dealer, after seat ``after``; -1 = from the start) whose dealt
    hand holds an opening small win (四喜 / 板板胡 / 缺一色 / 六六顺, and 三同 with
    ``opening_same_rank_pairs``), or -1."""
    dealer = s.tv[t, TV_DEALER]
    items = np.zeros(s.items.shape[2], np.int32)
    started = after < 0
    for i in range(4):
        q = (dealer + i) % 4
        if not started:
            if q == after:
                started = True
            continue
        if changsha_opening_wins(s.hands[t, q, :34], items, _same_rank(r)) > 0:
            return q
    return -1


@nb.njit(cache=True, inline="always")
def _same_rank(r):
    """三同 counts as an opening small win (RuleSpec ``opening_same_rank_pairs``)."""
    return r.params[P_OPENING_SAME_RANK_PAIRS] != 0


@nb.njit(cache=True)
def changsha_declare(s, r, t, p):
    """Seat ``p`` declares its opening small wins: ``k`` is stored as its hand value."""
    k = changsha_opening_wins(s.hands[t, p, :34], s.items[t, p], _same_rank(r))
    s.pv[t, p, PV_VALUE] = k
    s.pv[t, p, PV_WON] = 1


@internal
def changsha_opening_settle(s, r, t, winners):
    """Pay every declarer ``k`` small self-draws (等同小胡自摸) with one bird (the next wall
    tile)."""
    dealer = s.tv[t, TV_DEALER]
    hits = np.zeros(4, np.int64)
    reveal_birds(s, r, t, 0, hits)  # the next wall tile
    out = np.zeros(4, np.int64)
    doubling = r.params[P_BIRD_RULE] == BIRD_RULE_RANK_SEAT_DOUBLING
    for p in range(4):
        if (winners >> p) & 1:
            changsha_win_payments(
                s.pv[t, p, PV_VALUE], False, p, -1, dealer, hits, r.score_table, out, doubling
            )
    for q in range(r.params[P_N_PLAYERS]):
        s.pv[t, q, PV_PAY] += out[q] * s.tv[t, TV_MULT]
