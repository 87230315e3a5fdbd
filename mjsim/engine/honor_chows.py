"""Honour-chow claims (``honor_chows``): nanchang "三张不重复的同类的字牌可以
组成一副顺子" — three different winds, or 中发白, form a chow.

A discarded honour can never make a suited chow, so the three chow action ids carry the honour
chows of a discarded honour ``k``:

- a wind (27-30): the three other winds are ``o0 < o1 < o2``; ``CHOW_LOW`` / ``CHOW_MID`` /
  ``CHOW_HIGH`` LEAVE OUT ``o0`` / ``o1`` / ``o2`` and take the other two from the hand. The meld
  row is ``(MELD_HONOR_CHOW, left-out wind, source)`` (:mod:`mjsim.melds`).
- a dragon (31-33): ``CHOW_LOW`` takes the other two dragons; the meld tile is 31 (中发白).

The action space, the envs and the recorded golden hashes are therefore unchanged. Claims follow
the chow rules (``allow_chow``, ``chow_left_only``, ``forbid_chow_same_discard`` forbids
discarding ``k`` itself right after).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim.rules.params import HONOR_CHOW_DRAGONS, HONOR_CHOW_WINDS


@nb.njit(cache=True)
def honor_chow_tiles(k, j):
    """``(a, b, meld_tile)`` of honour chow choice ``j`` (0, 1, 2 = CHOW_LOW/MID/HIGH) on the
    discarded honour ``k``: the two kinds taken from the hand and the meld row's tile; ``a = -1``
    when ``j`` is not a choice for ``k`` (a dragon has only ``j = 0``)."""
    if k >= 31:
        if j != 0:
            return -1, -1, -1
        a = 31 if k != 31 else 32
        b = 33 if k != 33 else 32
        return np.int64(a), np.int64(b), np.int64(31)
    out = -1
    a = -1
    b = -1
    i = 0
    for w in range(27, 31):
        if w == k:
            continue
        if i == j:
            out = w
        elif a < 0:
            a = w
        else:
            b = w
        i += 1
    return np.int64(a), np.int64(b), np.int64(out)


@nb.njit(cache=True)
def in_honor_chow(mk, k):
    """1 if kind ``k`` is in the honour chow whose meld tile is ``mk`` (the wind left out, 27-30,
    or 31 for White-Green-Red: the meld row convention of :mod:`mjsim.melds`), else 0."""
    if mk == 31:
        return 1 if 31 <= k <= 33 else 0
    return 1 if 27 <= k <= 30 and k != mk else 0


@nb.njit(cache=True)
def honor_chow_bits(h, k, mode, forbid):
    """Bits ``1 << j`` of the honour chows of the discarded honour ``k`` (27-33) that concealed
    counts ``h`` allow under ``mode`` (``HONOR_CHOW_*`` bits). With ``forbid``
    (``forbid_chow_same_discard``) a chow must leave a tile other than ``k`` to discard."""
    if k < 27:
        return 0
    if k >= 31 and (mode & HONOR_CHOW_DRAGONS) == 0:
        return 0
    if k < 31 and (mode & HONOR_CHOW_WINDS) == 0:
        return 0
    bits = 0
    for j in range(3):
        a, b, _ = honor_chow_tiles(k, j)
        if a < 0 or h[a] == 0 or h[b] == 0:
            continue
        if forbid:
            left = False
            for x in range(34):
                c = np.int64(h[x]) - (1 if x == a else 0) - (1 if x == b else 0)
                if c > 0 and x != k:
                    left = True
                    break
            if not left:
                continue
        bits |= 1 << j
    return bits
