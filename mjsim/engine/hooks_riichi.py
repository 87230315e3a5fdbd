"""Engine-side hooks of the Japanese Riichi family (``scoring="riichi"``): the dora indicators of
the dead wall, the win flags, and the payments of a win with honba and deposits.

The han / fu / points are the jitted scorer's (:mod:`mjsim.scoring.riichi`, ``riichi_eval``,
``riichi_win_payments``); these functions read and write the table state around it (the variant's
spec and its sources: :mod:`mjsim.variants.riichi`):

- dora indicators (``dora``) sit at fixed dead-wall positions: ``wall[L - 5 - i]`` for the
  first indicator and the kan dora (``i = 1..4``, one per kong), ura dora ``wall[L - 10 - i]``
  (:func:`riichi_indicators`);
- flags (:func:`riichi_flags`): double riichi, ippatsu, dora / ura-dora counts (ura dora for a
  ready winner only); tenhou / chiihou need a self-draw and no meld;
- payments (:func:`riichi_pay`): the scorer's payments; the first winner of the hand also takes
  the honba (``repeat_counter="honba"``: +300 from the discarder, or +100 from each payer of a
  self-draw) and the deposits on the table (``TV_RC_POT``, carried ones included).
"""

from __future__ import annotations

import numpy as np

from mjsim._jit import internal
from mjsim.engine.state import (
    PV_N_MELDS,
    PV_PAY,
    PV_RC_DOUBLE,
    PV_RC_IPPATSU,
    PV_READY,
    TV_DEALER,
    TV_N_KONGS,
    TV_RC_POT,
    TV_REPEAT,
    TV_WALL_LEN,
    WK_SELF_DRAW,
)
from mjsim.melds import MELD_CHOW, MELD_NONE, MELD_PUNG
from mjsim.rules.params import P_DORA
from mjsim.scoring.context import F_EARTHLY, F_HEAVENLY, F_HUMAN, F_SELF_DRAWN
from mjsim.scoring.riichi import (
    F_RC_DORA,
    F_RC_DOUBLE_RIICHI,
    F_RC_IPPATSU,
    F_RC_OPTIONS,
    count_dora,
    riichi_win_payments,
)

#: dead-wall offsets from the wall end: dora indicators ``L - 5 - i``, ura ``L - 10 - i``
DORA_OFFSET = 5
URA_OFFSET = 10


@internal
def riichi_indicators(s, t, out_dora, out_ura):
    """Fill the revealed dora / ura-dora indicator kinds of table ``t``; returns their number
    (1 + kongs declared, at most 5)."""
    n = 1 + s.tv[t, TV_N_KONGS]
    if n > 5:
        n = 5
    end = s.tv[t, TV_WALL_LEN]
    for i in range(n):
        out_dora[i] = s.wall[t, end - DORA_OFFSET - i]
        out_ura[i] = s.wall[t, end - URA_OFFSET - i]
    return n


@internal
def riichi_flags(s, r, t, p, flags):
    """Riichi's win-context flags for seat ``p`` (the winning tile already in its hand):
    double riichi, ippatsu, dora / ura-dora counts; tenhou / chiihou need a self-draw and no
    meld."""
    flags[F_RC_DOUBLE_RIICHI] = s.pv[t, p, PV_RC_DOUBLE]
    flags[F_RC_IPPATSU] = 1 if (s.pv[t, p, PV_READY] != 0 and s.pv[t, p, PV_RC_IPPATSU]) else 0
    flags[F_RC_OPTIONS] = r.score_table[0]
    # renhou: a non-dealer's discard win in the first go-round before its own first discard
    # (the engine's F_EARTHLY test), no meld; the scorer counts it only under ``renhou``
    renhou = flags[F_SELF_DRAWN] == 0 and flags[F_EARTHLY] != 0 and s.pv[t, p, PV_N_MELDS] == 0
    flags[F_HUMAN] = 1 if renhou else 0
    if flags[F_SELF_DRAWN] == 0 or s.pv[t, p, PV_N_MELDS] > 0:
        flags[F_HEAVENLY] = 0
        flags[F_EARTHLY] = 0
    if r.params[P_DORA] == 0:
        flags[F_RC_DORA] = 0
        return
    full = np.zeros(34, np.uint8)
    for k in range(34):
        full[k] = s.hands[t, p, k]
    for i in range(s.melds.shape[2]):
        mt = s.melds[t, p, i, 0]
        if mt == MELD_NONE:
            continue
        k = np.int64(s.melds[t, p, i, 1])
        if mt == MELD_CHOW:
            full[k] += 1
            full[k + 1] += 1
            full[k + 2] += 1
        elif mt == MELD_PUNG:
            full[k] += 3
        else:
            full[k] += 4
    dora = np.zeros(5, np.int64)
    ura = np.zeros(5, np.int64)
    n = riichi_indicators(s, t, dora, ura)
    nd = count_dora(full, dora, n)
    nu = count_dora(full, ura, n) if s.pv[t, p, PV_READY] != 0 else 0
    flags[F_RC_DORA] = nd | (nu << 16)


@internal
def riichi_pay(s, r, t, p, v, win_kind, frm, first):
    """Payments of seat ``p``'s win of ``v`` basic points; the first winner also takes the honba
    (``TV_REPEAT`` under ``repeat_counter="honba"``: +300 each from the discarder of a discard win,
    +100 each from every payer of a self-draw, the public rule) and the deposits on the table
    (``TV_RC_POT``, including those carried in from drawn hands: ``carry_deposits``)."""
    out = np.zeros(4, np.int64)
    d = -1 if win_kind == WK_SELF_DRAW else frm
    honba = s.tv[t, TV_REPEAT] if first else 0
    riichi_win_payments(v, p, d, s.tv[t, TV_DEALER], honba, 0, out)
    for q in range(4):
        s.pv[t, q, PV_PAY] += out[q]
    if first:
        s.pv[t, p, PV_PAY] += s.tv[t, TV_RC_POT]
        s.tv[t, TV_RC_POT] = 0
