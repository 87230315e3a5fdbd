"""Engine-side hooks of the Japanese Riichi family (``scoring="riichi"``): the dora indicators of
the dead wall, the win flags, and the payments of a win with honba and deposits.

The han / fu / points are the jitted scorer's (:mod:`mjsim.scoring.riichi`, ``riichi_eval``,
``riichi_win_payments``); these functions read and write the table state around it (the variant's
spec and its sources: :mod:`mjsim.variants.riichi`):

- dora indicators (``dora``) sit at fixed dead-wall positions: ``wall[L - 5 - i]`` for the
  first indicator and the kan dora (``i = 1..4``, one per kong), ura dora ``wall[L - 10 - i]``
  (:func:`riichi_indicators`); under ``kan_dora_timing="after_discard"`` (Tenhou) an open or
  added kong's indicator is turned by the konger's next discard or kong
  (:func:`riichi_kong_dora`, :func:`riichi_discard_dora`), a concealed kong's at once;
- pao 責任払い (``pao``): the seat whose discard was claimed for the last set of 大三元 / 大四喜
  (/ 四槓子) is liable (:func:`riichi_pao_claim`); it pays the whole of a self-draw, half of a
  discard win by another seat (:func:`riichi_pay`);
- flags (:func:`riichi_flags`): double riichi, ippatsu, dora / ura-dora counts (ura dora for a
  ready winner only); tenhou / chiihou need a self-draw and no meld;
- payments (:func:`riichi_pay`): the scorer's payments; the first winner of the hand also takes
  the honba (``repeat_counter="honba"``: +300 from the discarder, or +100 from each payer of a
  self-draw) and the deposits on the table (``TV_RC_POT``, carried ones included).
"""

from __future__ import annotations

import numpy as np

from mjsim._jit import internal
from mjsim.engine.red import red_held
from mjsim.engine.state import (
    PV_N_FLOWERS,
    PV_N_MELDS,
    PV_PAY,
    PV_RC_DOUBLE,
    PV_RC_IPPATSU,
    PV_RC_PAO,
    PV_READY,
    TV_DEALER,
    TV_N_KONGS,
    TV_RC_DORA_LATE,
    TV_RC_POT,
    TV_REPEAT,
    TV_TILE_RED,
    TV_WALL_LEN,
    WK_SELF_DRAW,
)
from mjsim.melds import (
    MELD_ADDED_KONG,
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_KONG,
    MELD_NONE,
    MELD_PUNG,
)
from mjsim.rules.params import (
    P_DORA,
    P_FLOWER_DORA,
    P_KAN_DORA_LATE,
    P_MISSING_SEAT,
    P_N_PLAYERS,
    P_PAO,
    P_RED_FIVES,
    PAO_DAISANGEN,
    PAO_DAISUUSHII,
    PAO_SUUKANTSU,
)
from mjsim.scoring.context import F_EARTHLY, F_HEAVENLY, F_HUMAN, F_SELF_DRAWN
from mjsim.scoring.riichi import (
    F_RC_DORA,
    F_RC_DOUBLE_RIICHI,
    F_RC_IPPATSU,
    F_RC_OPTIONS,
    count_dora_in,
    dora_kind_in,
    riichi_win_payments,
)
from mjsim.scoring.riichi_yaku import Y_DAISANGEN, Y_DAISUUSHII, Y_SUUKANTSU

#: dead-wall offsets from the wall end: dora indicators ``L - 5 - i``, ura ``L - 10 - i``
DORA_OFFSET = 5
URA_OFFSET = 10


@internal
def riichi_indicators(s, r, t, out_dora, out_ura):
    """Fill the revealed dora / ura-dora indicator kinds of table ``t``; returns their number
    (1 + kongs declared whose indicator is turned, at most 5). Under ``flower_dora`` the
    indicators sit one tile further from the wall end per flower copy in the tile set (the
    replacement draws of the set-aside flowers come from the end too)."""
    n = 1 + s.tv[t, TV_N_KONGS] - s.tv[t, TV_RC_DORA_LATE]
    if n > 5:
        n = 5
    end = s.tv[t, TV_WALL_LEN] - dora_shift(r)
    for i in range(n):
        out_dora[i] = s.wall[t, end - DORA_OFFSET - i]
        out_ura[i] = s.wall[t, end - URA_OFFSET - i]
    return n


@internal
def dora_shift(r):
    """Extra dead-wall offset of the dora indicators: the flower copies in the tile set under
    ``flower_dora`` (kita draws its replacements from the wall end), else 0."""
    if r.params[P_FLOWER_DORA] == 0:
        return 0
    f = 0
    for k in range(34, 42):
        f += r.tile_counts[k]
    return f


@internal
def riichi_kong_dora(s, r, t, mtype):
    """A kong of ``mtype`` stood (not robbed; ``TV_N_KONGS`` counts it): under
    ``kan_dora_timing="after_discard"`` (Tenhou) an exposed or added kong's indicator waits for
    the konger's next discard (``TV_RC_DORA_LATE`` = 1), a concealed kong's is turned at once;
    either kong turns a waiting indicator of an earlier kong first."""
    if r.params[P_KAN_DORA_LATE] == 0:
        return
    if mtype == MELD_KONG or mtype == MELD_ADDED_KONG:
        s.tv[t, TV_RC_DORA_LATE] = 1
    else:
        s.tv[t, TV_RC_DORA_LATE] = 0


@internal
def riichi_discard_dora(s, t):
    """A discard turns the waiting kan dora indicator (before anyone may win on it: a win on
    the konger's discard counts it, a win on the replacement tile does not)."""
    s.tv[t, TV_RC_DORA_LATE] = 0


@internal
def riichi_pao_claim(s, r, t, p, d, k, mtype):
    """Seat ``p`` claimed seat ``d``'s discard ``k`` for a pung or exposed kong (``mtype``, the
    meld already added): mark ``d`` liable (``PV_RC_PAO``) when that set is the third dragon set
    (大三元), the fourth wind set (大四喜) or, for an exposed kong, the fourth kong (四槓子), as
    ``pao`` enables. Sets already laid down count whatever their kind (a concealed kong is
    shown); a seat keeps the first liability it got."""
    bits = r.params[P_PAO]
    if bits == 0 or s.pv[t, p, PV_RC_PAO] != 0:
        return
    n_dragon = 0
    n_wind = 0
    n_kong = 0
    for i in range(s.pv[t, p, PV_N_MELDS]):
        mt = s.melds[t, p, i, 0]
        if mt == MELD_NONE or mt == MELD_CHOW:
            continue
        kk = s.melds[t, p, i, 1]
        if kk >= 31:
            n_dragon += 1
        elif kk >= 27:
            n_wind += 1
        if mt == MELD_KONG or mt == MELD_ADDED_KONG or mt == MELD_CONCEALED_KONG:
            n_kong += 1
    what = 0
    if (bits & PAO_DAISANGEN) and k >= 31 and n_dragon == 3:
        what = PAO_DAISANGEN
    elif (bits & PAO_DAISUUSHII) and 27 <= k < 31 and n_wind == 4:
        what = PAO_DAISUUSHII
    elif (bits & PAO_SUUKANTSU) and mtype == MELD_KONG and n_kong == 4:
        what = PAO_SUUKANTSU
    if what != 0:
        s.pv[t, p, PV_RC_PAO] = (1 + d) | (what << 4)


@internal
def riichi_liable(s, t, p):
    """The seat liable for seat ``p``'s win just scored (``s.items[t, p]`` filled): the pao
    seat if the win holds the yakuman it is liable for, else -1."""
    pao = s.pv[t, p, PV_RC_PAO]
    if pao == 0:
        return -1
    what = pao >> 4
    it = s.items[t, p]
    if (
        ((what & PAO_DAISANGEN) and it[Y_DAISANGEN] != 0)
        or ((what & PAO_DAISUUSHII) and it[Y_DAISUUSHII] != 0)
        or ((what & PAO_SUUKANTSU) and it[Y_SUUKANTSU] != 0)
    ):
        return (pao & 15) - 1
    return -1


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
    # red fives (aka dora): in the hand and melds, and the discard or robbed kong tile won on
    aka = red_held(s, r, t, p)
    if flags[F_SELF_DRAWN] == 0 and r.params[P_RED_FIVES] != 0:
        aka += s.tv[t, TV_TILE_RED]
    if r.params[P_DORA] == 0:
        flags[F_RC_DORA] = aka << 8
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
    n = riichi_indicators(s, r, t, dora, ura)
    counts = np.zeros(34, np.int64)
    for k in range(34):
        counts[k] = r.tile_counts[k]
    nf = 0
    if r.params[P_FLOWER_DORA] != 0:
        counts[30] = 4  # the flowers play as the Norths (kita): an indicator may show North
        nf = s.pv[t, p, PV_N_FLOWERS]
    nd = count_dora_in(full, dora, n, counts) + nf
    nu = count_dora_in(full, ura, n, counts) if s.pv[t, p, PV_READY] != 0 else 0
    if nf > 0:
        for i in range(n):
            if dora_kind_in(dora[i], counts) == 30:
                nd += nf
            if s.pv[t, p, PV_READY] != 0 and dora_kind_in(ura[i], counts) == 30:
                nu += nf
    flags[F_RC_DORA] = nd | (aka << 8) | (nu << 16)


@internal
def riichi_pay(s, r, t, p, v, win_kind, frm, first):
    """Payments of seat ``p``'s win of ``v`` basic points; the first winner also takes the honba
    (``TV_REPEAT`` under ``repeat_counter="honba"``: +300 each from the discarder of a discard win,
    +100 each from every payer of a self-draw, the public rule) and the deposits on the table
    (``TV_RC_POT``, including those carried in from drawn hands: ``carry_deposits``).

    Pao (:func:`riichi_liable`, Tenhou): on a self-draw the liable seat pays the whole value
    and the honba; on a discard win by a seat other than the liable one, the discarder and the
    liable seat pay half of the value each, and the liable seat the honba."""
    out = np.zeros(4, np.int64)
    n_players = r.params[P_N_PLAYERS]
    bisect = r.params[P_MISSING_SEAT]
    d = -1 if win_kind == WK_SELF_DRAW else frm
    honba = s.tv[t, TV_REPEAT] if first else 0
    dealer = s.tv[t, TV_DEALER]
    liable = riichi_liable(s, t, p) if r.params[P_PAO] != 0 else -1
    if liable >= 0 and liable != p and d != liable:
        if d < 0:
            riichi_win_payments(v, p, d, dealer, honba, 0, out, n_players, bisect)
            for q in range(r.params[P_N_PLAYERS]):
                if q != p and q != liable:
                    out[liable] += out[q]
                    out[q] = 0
        else:
            full = 6 * v if p == dealer else 4 * v
            full = (full + 99) // 100 * 100
            half = full // 2
            out[d] -= half
            out[liable] -= full - half + 300 * honba
            out[p] += full + 300 * honba
    else:
        riichi_win_payments(v, p, d, dealer, honba, 0, out, n_players, bisect)
    for q in range(4):
        s.pv[t, q, PV_PAY] += out[q]
    if first:
        s.pv[t, p, PV_PAY] += s.tv[t, TV_RC_POT]
        s.tv[t, TV_RC_POT] = 0
