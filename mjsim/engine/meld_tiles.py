"""The tiles of a meld row, counted per kind: one definition for every reader of ``s.melds``.

A meld row is ``(meld_type, tile, source)`` (:mod:`mjsim.melds`): a chow is three consecutive
kinds from ``tile``, an honour chow three different honours (``in_honor_chow``), a special
kong its group's kinds with the added copies in ``pv[PV_SK_EXTRA + g]``, a pung three and
a kong four copies of ``tile``. Used by the tile-conservation check, the greedy bot's visible
counts and the observation encoders, so a new meld type is taught to all of them here.
:func:`meld_kind_shown` is the one rule for which meld rows a seat may see the kind of.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim.engine.honor_chows import in_honor_chow
from mjsim.engine.special_kongs import group_kind, group_of_tile, group_size, special_copies
from mjsim.melds import (
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_HONOR_CHOW,
    MELD_NONE,
    MELD_PUNG,
    MELD_SPECIAL_KONG,
)
from mjsim.rules.params import P_CONCEALED_KONG_SHOWN


@nb.njit(cache=True, inline="always")
def meld_kind_shown(r, mtype, owner, viewer):
    """Whether seat ``viewer`` sees the kind of a meld of type ``mtype`` (a ``MELD_*`` code,
    int) owned by seat ``owner`` (int); ``r`` are the compiled rules. Returns a bool.

    Every meld is public except another seat's concealed kong (``MELD_CONCEALED_KONG``): it
    lies face down, so the other seats see that it exists but not its kind (the rule text
    "暗杠时，4只牌牌面向下…唯在牌局完结后…都需打开供对手查阅"), unless the rules lay it face up
    (``RuleSpec.concealed_kong_shown``, ``P_CONCEALED_KONG_SHOWN``: riichi's closed kan). The
    owner always sees its own. The one predicate for every reader that shows or counts meld
    tiles from one seat's view (the observation encoders, the greedy bot's visible counts).
    Pure (no writes); inlined at numba level."""
    return mtype != MELD_CONCEALED_KONG or owner == viewer or r.params[P_CONCEALED_KONG_SHOWN] != 0


@nb.njit(cache=True, inline="always")
def add_plain_meld(mt, k, acc):
    """The part of :func:`add_meld_tiles` that needs only the row: add the copies of a meld of
    type ``mt`` (``MELD_*``, int) and kind ``k`` (int) to ``acc`` (integer array indexed by
    kind, >= 34 long) and return how many were added (0 for an empty row or a row without a
    kind); ``-1`` without writing for an honour chow or a special kong, whose tiles need the
    state (:func:`add_meld_tiles`). Inlined at numba level: a hot reader (the planes encoder)
    adds chows, pungs and kongs without a call that passes the whole ``State``."""
    if mt == MELD_NONE or k < 0:
        return 0
    if mt == MELD_CHOW:
        acc[k] += 1
        acc[k + 1] += 1
        acc[k + 2] += 1
        return 3
    if mt == MELD_HONOR_CHOW or mt == MELD_SPECIAL_KONG:
        return -1
    if mt == MELD_PUNG:
        acc[k] += 3
        return 3
    acc[k] += 4
    return 4


@nb.njit(cache=True)
def add_meld_tiles(s, t, q, i, acc):
    """Add the copies in seat ``q``'s meld row ``i`` of table ``t`` to ``acc`` (an integer array
    indexed by tile kind, >= 34 long; any integer dtype) and return how many were added (0 for
    an empty row or a row without a kind). Concealed kongs count like other kongs: a reader that
    counts from one seat's view skips the rows :func:`meld_kind_shown` hides from that seat."""
    mt = s.melds[t, q, i, 0]
    k = np.int64(s.melds[t, q, i, 1])
    got = add_plain_meld(mt, k, acc)
    if got >= 0:
        return got
    if mt == MELD_HONOR_CHOW:
        for j in range(27, 34):
            acc[j] += in_honor_chow(k, j)
        return 3
    if mt == MELD_SPECIAL_KONG:
        g = group_of_tile(k)
        n = 0
        for j in range(group_size(g)):
            kk = group_kind(g, j)
            c = special_copies(s, t, q, k, kk)
            acc[kk] += c
            n += c
        return n
    return 0  # unreachable: add_plain_meld handles every other type
