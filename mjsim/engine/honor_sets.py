"""放风 / 补风 honour-set exposure (``honor_set_exposure``; weihai).

Rule source (weihai): "第一圈如果有东南西北风中的3颗不同的风就可以放
风，或者是中发白三颗也可以放风"; "以后再抓到这七张牌就可以补风（从牌墙末端补风）"; "如果赢家补风N，则在原先
赢的积分结算后加N，输家补风M则是在原先输的积分基础上减去M，并且补风不算作各种“番”内".

- 放风: before its first discard (and before any claim) a seat puts out a set — three different of
  {E, S, W, N, 中} or 白 发 中 — one tile at a time with ``FENG + j`` (kind ``27 + j``), each with a
  replacement from the tail. ``FENG + j`` is legal only if some set contains the kinds already
  put out plus ``27 + j`` and the seat holds its missing kinds; once a set is started, finishing
  it is the seat's only legal action (always possible: the held tiles stay held).
- 补风: after the set, a drawn honour (the tile just drawn, any of the seven) may be put out at
  once with ``FENG + j`` and a replacement from the tail.
- The tiles lie face up beside the hand like honour flowers (``pv[PV_HONOR_FLOWERS]``, the
  ``honors_are_flowers`` store; tile conservation counts them). ``pv[PV_FENG]``: bits 0-6 the
  set's kinds, bit 7 the set is complete, bits 8+ the 补风 count.
- Settlement: after a win's payments, each seat that paid pays ``N(winner) - M(payer)`` more (the
  补风 counts; the three tiles of the set are not 补风, W-d "winner has 2 补风, loser has 1 补风,
  base 8: that loser pays 8 + 2 - 1 = 9"). 门清 ("没有任何吃、碰、杠牌、放风和牌") is the weihai
  scorer's business (``PV_FENG != 0``); no weihai scorer exists yet.
"""

from __future__ import annotations

import numba as nb

from mjsim._jit import internal
from mjsim.actions import FENG
from mjsim.engine.state import PV_FENG, PV_N_MELDS, PV_N_RIVER, PV_PAY
from mjsim.rules.params import P_N_PLAYERS

SET_DONE = 1 << 7
BUFENG_ONE = 1 << 8


@nb.njit(cache=True)
def _valid_set(bits):
    """``bits`` (7 bits, honour kind 27 + j) is a 放风 set: three different of E S W N 中, or
    白 发 中."""
    if bits == 0b1110000:
        return True
    if bits & 0b0110000:
        return False  # 白 or 发 outside 白发中
    n = 0
    for j in range(7):
        n += (bits >> j) & 1
    return n == 3


@nb.njit(cache=True)
def _completable(h, bits, j):
    """Some set holds ``bits`` plus kind ``27 + j``, with its other kinds held in ``h``."""
    want = bits | (1 << j)
    for v in range(128):
        if (v & want) != want or not _valid_set(v):
            continue
        ok = True
        for i in range(7):
            if (v >> i) & 1 and not (want >> i) & 1 and h[27 + i] == 0:
                ok = False
        if ok:
            return True
    return False


@nb.njit(cache=True)
def feng_pending(s, t, p):
    """Seat ``p`` has started a 放风 set and not finished it (its only legal actions are FENG)."""
    x = s.pv[t, p, PV_FENG]
    return (x & 127) != 0 and (x & SET_DONE) == 0


@internal
def feng_mask(s, r, t, p, drawn, n_remaining, mask):
    """Own-turn ``FENG + j`` legality (see the module docstring); returns the count added."""
    if n_remaining <= 0:
        return 0
    h = s.hands[t, p]
    x = s.pv[t, p, PV_FENG]
    n = 0
    if (x & SET_DONE) != 0:
        if 27 <= drawn < 34 and h[drawn] > 0:
            mask[FENG + drawn - 27] = True  # 补风
            n = 1
        return n
    bits = x & 127
    if bits == 0 and (s.pv[t, p, PV_N_RIVER] != 0 or s.pv[t, p, PV_N_MELDS] != 0):
        return 0  # 放风 only before the seat's first discard or claim
    for j in range(7):
        if h[27 + j] > 0 and (bits >> j) & 1 == 0 and _completable(h, bits, j):
            mask[FENG + j] = True
            n += 1
    return n


@internal
def feng_put_out(s, t, p, j):
    """Book ``FENG + j`` in ``PV_FENG`` (the caller sets the tile aside and draws the
    replacement)."""
    x = s.pv[t, p, PV_FENG]
    if (x & SET_DONE) != 0:
        s.pv[t, p, PV_FENG] = x + BUFENG_ONE
        return
    x |= 1 << j
    if _valid_set(x & 127):
        x |= SET_DONE
    s.pv[t, p, PV_FENG] = x


@nb.njit(cache=True)
def n_bufeng(s, t, p):
    """Seat ``p``'s 补风 count."""
    return s.pv[t, p, PV_FENG] >> 8


@internal
def feng_win_payments(s, r, t, p, before):
    """Seat ``p``'s win was just paid (``before``: ``PV_PAY`` before it): each seat that paid pays
    ``N(p) - M(payer)`` more (补风 counts)."""
    for q in range(r.params[P_N_PLAYERS]):
        if q == p or before[q] - s.pv[t, q, PV_PAY] <= 0:
            continue
        x = n_bufeng(s, t, p) - n_bufeng(s, t, q)
        s.pv[t, q, PV_PAY] -= x
        s.pv[t, p, PV_PAY] += x
