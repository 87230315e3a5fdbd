"""Invariants of a table: what must hold after every action (the self-play checker)."""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim.engine.board import _n_held_flowers, honor_flowers
from mjsim.engine.meld_tiles import add_meld_tiles
from mjsim.engine.red import red_conserved
from mjsim.engine.state import (
    PH_BET,
    PH_CHOOSE_SUIT,
    PH_DECLARE,
    PH_DONE,
    PH_EXCHANGE,
    PH_POOL_DRAW,
    PH_TURN,
    PV_N_MELDS,
    PV_N_RIVER,
    PV_PAY,
    PV_VALUE,
    PV_WON,
    RF_CLAIMED,
    TV_DEALER,
    TV_HEAD,
    TV_IND_OUT,
    TV_IND_POS,
    TV_PHASE,
    TV_POOL_END,
    TV_RC_POT,
    TV_RC_POT_IN,
    TV_SEAT,
    TV_TAIL,
)
from mjsim.melds import MELD_NONE
from mjsim.rules.params import P_HAND_SIZE, P_N_PLAYERS, P_WALL_TILES_USED


@nb.njit(cache=True)
def check_invariants(s, r, t):
    """0 if table ``t`` is consistent, else 1 (tile conservation, red fives included), 2 (hand size), 3 (payments
    not zero-sum), 4 (meld count), 5 (a seat won a hand its scorer finds no reading of: the
    fan table's value -1 in ``PV_VALUE``, paid as 0)."""
    n = r.params[P_N_PLAYERS]
    cnt = np.zeros(42, dtype=np.int64)
    for i in range(s.tv[t, TV_HEAD], s.tv[t, TV_TAIL]):
        cnt[s.wall[t, i]] += 1
    if r.params[P_WALL_TILES_USED] > 0:
        for i in range(r.params[P_WALL_TILES_USED], s.tv[t, TV_POOL_END]):
            cnt[s.wall[t, i]] += 1  # the unused pool (less the final ready draws)
    pos = s.tv[t, TV_IND_POS]
    if s.tv[t, TV_IND_OUT] != 0 and not (s.tv[t, TV_HEAD] <= pos < s.tv[t, TV_TAIL]):
        cnt[s.wall[t, pos]] += 1  # the indicator out of play, already passed by the draws
    for p in range(n):
        for k in range(42):
            cnt[k] += s.hands[t, p, k]
        for k in range(27, 34):
            cnt[k] += honor_flowers(s, t, p, k)
        nm = 0
        for i in range(s.melds.shape[2]):
            if s.melds[t, p, i, 0] != MELD_NONE:
                nm += 1
                add_meld_tiles(s, t, p, i, cnt)
        if nm != s.pv[t, p, PV_N_MELDS]:
            return 4
        for i in range(s.pv[t, p, PV_N_RIVER]):
            if (s.river_flags[t, p, i] & RF_CLAIMED) == 0:
                cnt[s.river[t, p, i]] += 1
    for k in range(42):
        if cnt[k] != r.tile_counts[k]:
            return 1
    if not red_conserved(s, r, t):
        return 1  # the red fives (red_fives) are tiles too
    ph = s.tv[t, TV_PHASE]
    if ph != PH_DONE:
        hs = r.params[P_HAND_SIZE]
        for p in range(n):
            c = 3 * s.pv[t, p, PV_N_MELDS]
            for k in range(34):
                c += s.hands[t, p, k]
            c += _n_held_flowers(s, t, p)  # flowers held in the hand
            own = ((ph == PH_TURN or ph == PH_POOL_DRAW) and p == s.tv[t, TV_SEAT]) or (
                (ph == PH_CHOOSE_SUIT or ph == PH_DECLARE or ph == PH_BET or ph == PH_EXCHANGE)
                and p == s.tv[t, TV_DEALER]
            )
            want = hs + (1 if own else 0)
            if c != want:
                return 2
    tot = s.tv[t, TV_RC_POT] - s.tv[t, TV_RC_POT_IN]  # riichi deposits on the table
    for p in range(n):
        tot += s.pv[t, p, PV_PAY]
    if tot != 0:
        return 3
    for p in range(n):
        if s.pv[t, p, PV_WON] != 0 and s.pv[t, p, PV_VALUE] < 0:
            return 5
    return 0
