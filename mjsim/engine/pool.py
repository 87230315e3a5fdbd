"""The unused pool of ``wall_tiles_used`` in play: the opening exchange and the final ready draws.

Two-player 71-tile mahjong plays only 71 random tiles of the 136
(``wall_tiles_used``): ``wall[t, 0:N]`` is the hand's wall and
``wall[t, N:]`` the unused pool. Two rules of the two-player game play with that pool:

- **Opening exchange** (``opening_exchange``; "庄家发完14 张牌、闲家发完13 张牌后，系统允许
  玩家选择需要换掉的麻将牌，不限张数"): phase ``PH_EXCHANGE`` after the deal, each seat from the
  dealer in turn order. ``DISCARD + k`` swaps one held ``k``: the pool tile at
  ``wall[t, tv[TV_POOL_CUR]]`` comes into the hand and ``k`` takes its place ([rec]:
  "swapped tiles are replaced from the unused 65-tile pool and the swapped-out tiles go back to
  it"); the cursor moves up, so a swapped-out tile never comes back this hand and the pool's
  shuffle makes every replacement random. ``PASS`` ends the seat's exchange. A seat swaps at
  most ``hand_size + 1`` times ("不限张数": every held tile once), so the phase always ends.
- **Final ready draws** (``final_ready_draws`` = N; "一旦71 张牌全部使用完毕后，即游戏结束。
  若有听牌则海底捞月，若均没 听牌则流局"; "若两人全部听 牌 ... 由先听牌的玩家进行海底捞月"): when the
  wall runs out and a seat has declared ready, the first seat to have declared
  (``tv[TV_FIRST_READY]``) draws up to N tiles from the top of the pool (``wall[t, end - 1]``,
  ``tv[TV_POOL_END]`` moves down), one at a time; phase ``PH_POOL_DRAW`` offers ``WIN`` / ``PASS``
  on a tile that completes the hand, a tile that does not is discarded at once (the ready
  seat's hand is played by the system: "此后不允许换张并由系统自动帮玩家摸牌打牌"). The number of
  draws is not in the seed ([rec] "draws once ... (configurable number of draws)").

``check_invariants`` counts ``wall[t, N:tv[TV_POOL_END]]`` as the pool, so tile conservation holds
at every step. Every swap and pool draw is recorded as an ``EV_POOL`` event (after the ``act``
of a swap), so ``mjsim.replay`` rebuilds and checks both. The callers (:mod:`mjsim.engine.step`,
:mod:`mjsim.engine.hand_end`) record the events.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.actions import DISCARD, PASS
from mjsim.engine.state import (
    PH_EXCHANGE,
    PH_TURN,
    TV_DEALER,
    TV_DRAWN,
    TV_EXCH_N,
    TV_PHASE,
    TV_POOL_CUR,
    TV_POOL_DRAWS,
    TV_POOL_END,
    TV_SEAT,
)
from mjsim.rules.params import P_HAND_SIZE, P_N_PLAYERS, P_N_TILES, P_WALL_TILES_USED


@internal
def pool_reset(s, r, t):
    """``reset_table``, with ``wall_tiles_used`` > 0: the pool is ``wall[t, N:set size]``."""
    s.tv[t, TV_POOL_CUR] = r.params[P_WALL_TILES_USED]
    s.tv[t, TV_POOL_END] = r.params[P_N_TILES]


@internal
def exchange_start(s, r, t):
    """End of ``reset_table``: open the exchange with the dealer to choose."""
    s.tv[t, TV_PHASE] = PH_EXCHANGE
    s.tv[t, TV_SEAT] = s.tv[t, TV_DEALER]
    s.tv[t, TV_EXCH_N] = 0


@internal
def exchange_mask(s, r, t, mask):
    """``PH_EXCHANGE`` legality: ``PASS``, and ``DISCARD + k`` for every held kind ``k`` while the
    seat has swaps left (``hand_size + 1``) and the pool has tiles; returns the count."""
    p = np.int64(s.tv[t, TV_SEAT])
    mask[PASS] = True
    n = 1
    if s.tv[t, TV_EXCH_N] <= r.params[P_HAND_SIZE] and s.tv[t, TV_POOL_CUR] < s.tv[t, TV_POOL_END]:
        for k in range(34):
            if s.hands[t, p, k] > 0:
                mask[DISCARD + k] = True
                n += 1
    return n


@internal
def exchange_step(s, r, t, a):
    """Apply ``a`` of the seat to act (the caller records its ``act`` event): ``DISCARD + k``
    swaps one ``k`` with the next pool tile and returns the kind swapped in (the caller records
    ``EV_POOL``); ``PASS`` hands the exchange to the next seat (after the last one the dealer
    plays its first turn) and returns -1. When the dealer swaps away the last copy of the kind of
    its 14th tile (``TV_DRAWN``), the tile swapped in takes that role."""
    p = np.int64(s.tv[t, TV_SEAT])
    if a == PASS:
        s.tv[t, TV_EXCH_N] = 0
        q = (p + 1) % r.params[P_N_PLAYERS]
        s.tv[t, TV_SEAT] = q
        if q == s.tv[t, TV_DEALER]:
            s.tv[t, TV_PHASE] = PH_TURN
        return -1
    k = a - DISCARD
    pos = s.tv[t, TV_POOL_CUR]
    new = np.int64(s.wall[t, pos])
    s.wall[t, pos] = k
    s.tv[t, TV_POOL_CUR] = pos + 1
    s.tv[t, TV_EXCH_N] += 1
    s.hands[t, p, k] -= 1
    s.hands[t, p, new] += 1
    d = s.tv[t, TV_DRAWN]
    if p == s.tv[t, TV_DEALER] and d >= 0 and s.hands[t, p, d] == 0:
        s.tv[t, TV_DRAWN] = new
    return new


@nb.njit(cache=True)
def pool_take(s, t):
    """Take the top pool tile for a final ready draw (``TV_POOL_END`` moves down; the caller adds
    it to the hand and records it); -1 when the pool is spent (never with validated rules)."""
    end = s.tv[t, TV_POOL_END]
    if end <= s.tv[t, TV_POOL_CUR]:
        return -1
    s.tv[t, TV_POOL_END] = end - 1
    s.tv[t, TV_POOL_DRAWS] += 1
    return np.int64(s.wall[t, end - 1])
