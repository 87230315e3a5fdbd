"""The reaction window: who may claim a discard (or rob a kong), and with what.

Owns :func:`_open_window` (after a discard, an added kong or a robbable concealed kong: every seat
with an option is asked in turn order after the discarder; seats that cannot use the tile are
skipped by cheap tests), :func:`_react_options` (a seat's ``O_*`` options: win, pung, kong, chows,
chow-ready 吃听, under the lockouts, the void suit, wild discards, ``min_hand_after_call``,
standing tiles) and the chow-ready options (:func:`_chow_ready_opts`, :func:`_chow_ready_mask`).
The answers are resolved by :mod:`mjsim.engine.claims`.
"""

from __future__ import annotations

import numpy as np

from mjsim._jit import internal
from mjsim.actions import CHOW_READY_LOW
from mjsim.engine.board import (
    O_CHOW_HIGH,
    O_CHOW_LOW,
    O_CHOW_MID,
    O_CHOW_READY_LOW,
    O_KONG,
    O_PUNG,
    O_WIN,
    _discarded_by,
    _in_void,
    _void_count,
    can_draw_normal,
    remaining,
)
from mjsim.engine.honor_chows import honor_chow_bits
from mjsim.engine.lockouts import _locked
from mjsim.engine.shapes import (
    _chow_shape,
    _lone_tile,
    _lone_tile_rules,
    _simple_win_ruled_out,
    _tenpai,
)
from mjsim.engine.standing import _stand_react
from mjsim.engine.state import (
    PH_REACT,
    PV_CAN_WIN,
    PV_CHOICE,
    PV_DICE_LOCK,
    PV_N_EXPOSED,
    PV_N_MELDS,
    PV_OPTS,
    PV_PUNG_LOCK,
    PV_READY,
    PV_WON,
    RK_DISCARD,
    RK_ROB_ADDED,
    RK_ROB_CONCEALED,
    TV_ASK0,
    TV_FROM,
    TV_N_KONGS,
    TV_PHASE,
    TV_REACT_KIND,
    TV_REACT_N,
    TV_REACT_POS,
    TV_SEABED_TAKER,
    TV_TILE,
    WK_DISCARD,
    WK_ROB_KONG,
)
from mjsim.engine.win_check import _win_ok
from mjsim.melds import MELD_CHOW, MELD_NONE
from mjsim.rules.params import (
    OWN_DISCARD_WIN_AND_CHOW,
    P_ALLOW_CHOW,
    P_ALLOW_EXPOSED_KONG,
    P_ALLOW_PUNG,
    P_CHOW_LEFT_ONLY,
    P_CHOW_READY_ANY_SEAT,
    P_DORA,
    P_FORBID_CHOW_SAME_DISCARD,
    P_HONOR_CHOWS,
    P_LAST_TILE_REPLACEMENT,
    P_MIN_HAND_AFTER_CALL,
    P_N_PLAYERS,
    P_NO_CLAIMS_LAST_DISCARD,
    P_OWN_DISCARD_LOCKOUT,
    P_ROB_KONG_BY_PUNG,
    P_SCORING,
    P_STANDING_TILES,
    P_VOID_KONG,
    P_WILD_DISCARD_CLAIMABLE,
    SCORING_CHANGSHA,
    VOID_KONG_ANY,
)


@internal
def _react_options(s, r, t, p):
    """Bitmask of ``O_*`` options of seat ``p`` in the open reaction window (PASS implied)."""
    prm = r.params
    k = np.int64(s.tv[t, TV_TILE])
    d = np.int64(s.tv[t, TV_FROM])
    kind = s.tv[t, TV_REACT_KIND]
    opts = 0
    if kind != RK_DISCARD:
        wk = np.int64(WK_ROB_KONG)
        if _win_ok(s, r, t, p, k, wk, d, kind == RK_ROB_CONCEALED):
            opts |= O_WIN
        if (
            kind == RK_ROB_ADDED
            and prm[P_ROB_KONG_BY_PUNG] != 0
            and prm[P_ALLOW_PUNG] != 0
            and s.hands[t, p, k] >= 2
            and not _locked(s, r, t, p)
            and not _in_void(s, t, p, k)
            and s.pv[t, p, PV_PUNG_LOCK] != k + 1
        ):
            opts |= O_PUNG  # pung the added tile; the addition is void (抢叉)
        return opts
    if prm[P_WILD_DISCARD_CLAIMABLE] == 0 and s.wild[t, k] != 0:
        return 0  # a discarded wild cannot be chowed, punged, konged or won on
    if _win_ok(s, r, t, p, k, np.int64(WK_DISCARD), d, np.bool_(False)):
        opts |= O_WIN
    if prm[P_SCORING] == SCORING_CHANGSHA and s.tv[t, TV_SEABED_TAKER] != 0:
        return opts  # the exposed 海底 tile: only 海底炮
    if _locked(s, r, t, p) or s.pv[t, p, PV_DICE_LOCK] != 0:
        return opts  # a ready-locked or 开杠-locked hand may only win
    h = s.hands[t, p]
    if _in_void(s, t, p, k):
        return opts
    if prm[P_NO_CLAIMS_LAST_DISCARD] != 0 and not can_draw_normal(s, r, t):
        return opts  # the last discard may only be won
    # a call and its discard must leave min_hand_after_call concealed tiles
    held = 0
    for j in range(34):
        held += h[j]
    if held - 3 < prm[P_MIN_HAND_AFTER_CALL]:
        return opts
    if prm[P_ALLOW_PUNG] != 0 and h[k] >= 2 and s.pv[t, p, PV_PUNG_LOCK] != k + 1:
        opts |= O_PUNG
    if (
        prm[P_ALLOW_EXPOSED_KONG] != 0
        and h[k] == 3
        and remaining(s, t) > prm[P_LAST_TILE_REPLACEMENT]  # kept_back: 1 tile stays
        and not (prm[P_DORA] != 0 and s.tv[t, TV_N_KONGS] >= 4)  # riichi: at most 4 kongs
    ):
        if _void_count(s, t, p, h) == 0 or prm[P_VOID_KONG] == VOID_KONG_ANY:
            opts |= O_KONG
    n = prm[P_N_PLAYERS]
    no_chow = prm[P_OWN_DISCARD_LOCKOUT] == OWN_DISCARD_WIN_AND_CHOW and _discarded_by(s, t, p, k)
    if prm[P_ALLOW_CHOW] != 0 and k < 27 and not no_chow:
        if prm[P_CHOW_LEFT_ONLY] == 0 or p == (d + 1) % n:
            r9 = k % 9
            forbid = prm[P_FORBID_CHOW_SAME_DISCARD] != 0
            none = np.int64(-1)  # (not a literal: one compiled signature)
            if r9 <= 6 and h[k + 1] > 0 and h[k + 2] > 0:
                if not forbid or _chow_leaves_discard(
                    h, k, k, k + 1, k + 2, k + 3 if r9 <= 5 else none
                ):
                    opts |= O_CHOW_LOW
            if 1 <= r9 <= 7 and h[k - 1] > 0 and h[k + 1] > 0:
                if not forbid or _chow_leaves_discard(h, k, k - 1, k + 1, none, none):
                    opts |= O_CHOW_MID
            if r9 >= 2 and h[k - 2] > 0 and h[k - 1] > 0:
                if not forbid or _chow_leaves_discard(
                    h, k, k - 2, k - 1, k - 3 if r9 >= 3 else none, none
                ):
                    opts |= O_CHOW_HIGH
    if prm[P_ALLOW_CHOW] != 0 and k >= 27 and prm[P_HONOR_CHOWS] != 0 and not no_chow:
        if prm[P_CHOW_LEFT_ONLY] == 0 or p == (d + 1) % n:
            forbid = prm[P_FORBID_CHOW_SAME_DISCARD] != 0
            opts |= O_CHOW_LOW * honor_chow_bits(h, k, prm[P_HONOR_CHOWS], forbid)  # honour chow
    if prm[P_CHOW_READY_ANY_SEAT] != 0:
        opts |= _chow_ready_opts(s, r, t, p, k, d)
    if prm[P_STANDING_TILES] != 0:
        opts = _stand_react(s, t, p, k, opts)
    return opts


@internal
def _chow_leaves_discard(h, k, a, b, f1, f2):
    """After chowing ``k`` with ``a`` and ``b`` from ``h``, is some kind other than the
    forbidden ``k``/``f1``/``f2`` left to discard?"""
    for j in range(34):
        c = np.int64(h[j])
        if j == a:
            c -= 1
        if j == b:
            c -= 1
        if c > 0 and j != k and j != f1 and j != f2:
            return True
    return False


@internal
def _chow_ready_opts(s, r, t, p, k, d):
    """吃听 ("特殊：吃听牌"): the ``O_CHOW_READY_*`` bits of the chows of the discard ``k``
    (from seat ``d``) after which seat ``p``, from any seat, has a discard leaving it ready. The
    chow is counted as a meld for the win requirements (``must_have_chow``, ``win_filter``...)."""
    prm = r.params
    if s.pv[t, p, PV_READY] != 0 or k >= 27:
        return 0
    h = s.hands[t, p]
    n = prm[P_N_PLAYERS]
    forbid = prm[P_FORBID_CHOW_SAME_DISCARD] != 0
    i = s.pv[t, p, PV_N_MELDS]
    r9 = k % 9
    out = 0
    for j in range(3):
        lo = k - j
        if lo < 0 or lo // 9 != k // 9 or lo % 9 > 6:
            continue
        a = lo if lo != k else lo + 1
        b = lo + 2 if lo + 2 != k else lo + 1
        if h[a] == 0 or h[b] == 0:
            continue
        f1 = -1  # forbid_chow_same_discard: the kind completing the sequence at the other end
        if j == 0 and r9 <= 5:
            f1 = k + 3
        elif j == 2 and r9 >= 3:
            f1 = k - 3
        h[a] -= 1
        h[b] -= 1
        s.melds[t, p, i, 0] = MELD_CHOW
        s.melds[t, p, i, 1] = lo
        s.melds[t, p, i, 2] = (d - p) % n
        s.pv[t, p, PV_N_MELDS] = i + 1
        s.pv[t, p, PV_N_EXPOSED] += 1
        ok = False
        for x in range(34):
            if h[x] == 0 or (forbid and (x == k or x == f1)):
                continue
            h[x] -= 1
            ok = _tenpai(s, r, t, p, h)
            h[x] += 1
            if ok:
                break
        s.pv[t, p, PV_N_EXPOSED] -= 1
        s.pv[t, p, PV_N_MELDS] = i
        for f in range(3):
            s.melds[t, p, i, f] = MELD_NONE
        h[a] += 1
        h[b] += 1
        if ok:
            out |= O_CHOW_READY_LOW << j
    return out


@internal
def _chow_ready_mask(opts, mask):
    """Set ``CHOW_READY_LOW + j`` for the 吃听 option bits in ``opts``; returns how many."""
    c = 0
    for j in range(3):
        if opts & (O_CHOW_READY_LOW << j):
            mask[CHOW_READY_LOW + j] = True
            c += 1
    return c


@internal
def _open_window(s, r, t, kind, k, frm):
    """Ask every seat with an option, in turn order after ``frm``. Returns seats asked."""
    n = r.params[P_N_PLAYERS]
    s.tv[t, TV_TILE] = k
    s.tv[t, TV_FROM] = frm
    s.tv[t, TV_REACT_KIND] = kind
    quick = _lone_tile_rules(r, k) if kind == RK_DISCARD else 0
    chow = r.params[P_ALLOW_CHOW] != 0 and k < 27
    m = 0
    for i in range(1, n):
        q = (frm + i) % n
        if s.pv[t, q, PV_WON] != 0:
            continue
        if quick != 0:
            h = s.hands[t, q]
            if quick == 2 and _lone_tile(h, k):
                continue  # no win, pung, kong or chow can use the tile (see _lone_tile_rules)
            if (
                h[k] < 2
                and not (
                    chow
                    and (r.params[P_CHOW_LEFT_ONLY] == 0 or q == (frm + 1) % n)
                    and _chow_shape(h, k)
                )
                and _simple_win_ruled_out(s, r, t, h, k)
            ):
                continue  # no pung, kong or chow, and the shape test of a win fails
        opts = _react_options(s, r, t, q)
        if opts != 0:
            s.tv[t, TV_ASK0 + m] = q
            s.pv[t, q, PV_CAN_WIN] = 1 if (opts & O_WIN) else 0
            s.pv[t, q, PV_OPTS] = opts
            s.pv[t, q, PV_CHOICE] = -1
            m += 1
    s.tv[t, TV_REACT_N] = m
    s.tv[t, TV_REACT_POS] = 0
    if m > 0:
        s.tv[t, TV_PHASE] = PH_REACT
    return m
