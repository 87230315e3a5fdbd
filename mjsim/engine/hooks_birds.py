"""Birds 扎鸟 and horses 买马 ``birds`` tiles revealed after a win.

After a win the next ``params[P_BIRDS]`` tiles at the wall head are turned (they stay in the
wall; the hand is over); when the wall is empty the winning tile itself is the one bird (changsha
"如果海底胡，即以海底为牌为鸟"), or, with ``seabed_birds="all"`` (``P_SEABED_BIRDS``), every one of
the birds (扎N鸟 on a 海底 win: all N on the 海底 tile's seat). Each bird names a seat by its rank counted from the dealer: 1/5/9,
东, 中 -> the dealer; 2/6, 南, 发 -> the next seat; 3/7, 西, 白 -> the seat opposite; 4/8, 北 -> the
previous seat (changsha "一表示庄家，二表示下家，三为对家，四为上家，依此类推"; the usual 买马
mapping for honours [public]). ``tv[t, TV_BIRD]`` keeps the first bird (-1 = none).

How birds change the money (``params[P_BIRD_RULE]``):

- ``BIRD_RULE_RANK_SEAT`` (扎鸟, changsha "玩家胡牌后，再摸紧跟着的牌即为鸟"): each payer pays
  ``x (1 + birds on the winner + birds on the payer)``; the changsha scorer applies it itself
  (``changsha_win_payments``), other families through :func:`bird_bonus`;
- ``BIRD_RULE_RANK_SEAT_DOUBLING`` (扎鸟, each bird doubles): ``x 2 ** (birds on the winner +
  birds on the payer)``;
- ``BIRD_RULE_HORSE`` (买马, guangdong_tuidaohu "bonus 'horse' tiles drawn after a win"):
  each payer pays ``x (1 + horses on the winner)``.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.engine.state import PV_PAY, TV_BIRD, TV_DEALER, TV_HEAD, TV_TAIL
from mjsim.engine.win_payers import paid_since
from mjsim.rules.params import (
    BIRD_RULE_HORSE,
    BIRD_RULE_RANK_SEAT_DOUBLING,
    P_BIRD_RULE,
    P_BIRDS,
    P_N_PLAYERS,
    P_SCORING,
    P_SEABED_BIRDS,
    SCORING_CHANGSHA,
    SEABED_BIRDS_ALL,
)


@nb.njit(cache=True)
def bird_seat(tile, dealer):
    """Seat (0..3) named by a bird ``tile`` (kind 0..41) when ``dealer`` deals."""
    if tile < 27:
        off = tile % 9
    elif tile < 31:
        off = tile - 27  # 东 南 西 北
    elif tile < 34:
        off = 33 - tile  # 中 -> 0, 发 -> 1, 白 -> 2
    else:
        off = tile - 34  # flowers: 春 夏 秋 冬 / 梅 兰 竹 菊 -> 0..3
    return (dealer + off) % 4


@internal
def reveal_birds(s, r, t, tile, hits):
    """Turn the hand's birds: ``hits`` (int64[4]) += birds per seat; ``TV_BIRD`` = the first bird
    (-1 if ``birds`` is 0). ``tile``: the winning tile (the bird when the wall is empty).
    Returns the number of birds turned."""
    nbirds = r.params[P_BIRDS]
    dealer = s.tv[t, TV_DEALER]
    head = s.tv[t, TV_HEAD]
    tail = s.tv[t, TV_TAIL]
    s.tv[t, TV_BIRD] = -1
    m = 0
    for i in range(nbirds):
        if head + i >= tail:
            break
        k = np.int64(s.wall[t, head + i])
        if m == 0:
            s.tv[t, TV_BIRD] = k
        hits[bird_seat(k, dealer)] += 1
        m += 1
    if nbirds > 0 and m == 0:
        s.tv[t, TV_BIRD] = tile
        m = nbirds if r.params[P_SEABED_BIRDS] == SEABED_BIRDS_ALL else 1
        hits[bird_seat(tile, dealer)] += m
    return m


@internal
def bird_bonus(s, r, t, p, tile, before):
    """Seat ``p``'s win was just paid (``before`` = :func:`mjsim.engine.win_payers.pay_snapshot` taken before it): turn
    the birds and let each payer pay its share again per bird on the winner (and, for 扎鸟, per
    bird on the payer). The changsha family pays its birds in its own scorer: nothing here."""
    if r.params[P_BIRDS] == 0 or r.params[P_SCORING] == SCORING_CHANGSHA:
        return
    hits = np.zeros(4, dtype=np.int64)
    reveal_birds(s, r, t, tile, hits)
    rule = r.params[P_BIRD_RULE]
    paid_by = paid_since(s, r, t, p, before)
    for q in range(r.params[P_N_PLAYERS]):
        paid = paid_by[q]
        if paid == 0:
            continue
        f = hits[p] + (hits[q] if rule != BIRD_RULE_HORSE else 0)
        if rule == BIRD_RULE_RANK_SEAT_DOUBLING:
            f = (1 << f) - 1  # x 2 ** hits in all: the share again 2 ** hits - 1 times
        s.pv[t, q, PV_PAY] -= paid * f
        s.pv[t, p, PV_PAY] += paid * f
