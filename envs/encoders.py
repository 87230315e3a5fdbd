"""Observation encoders, named and versioned: ``planes-v0`` (int8 planes x 34 kinds, jitted,
batched), ``planes-v1`` (``planes-v0`` + which decision the observer is asked, the seat the
tile under reaction comes from, replacement draw, missed-win lockout), ``planes-v2``
(``planes-v1`` + own standing tiles 立牌, the 宝 once the observer has looked at it, replaced 宝,
a pending 吃听, face-down discards and ready kinds per seat), ``planes-v3`` (+ honours set
aside, stakes, 补风 counts), ``planes-v4`` (+ red fives) and ``dict-v0`` (a readable dict of
named arrays). A published name never changes meaning: a new layout is a new
version.

Both read only what the observing seat may know (see ``docs/observations.md``): its own
concealed tiles and drawn tile, every seat's discards, exposed melds, flowers and honours set
aside face up, ready / void-suit / won flags, the wild tiles and the live-wall count. Opponents' concealed tiles, the wall order,
the tiles of an opponent's concealed kong and the hidden choices of an open reaction window are
never read. ``tests/test_envs_encoders.py`` checks this by swapping hidden tiles.

Seats are *relative*: index 0 is the observer, 1 the next seat in turn order (下家), 2 the one
after, 3 the previous seat (上家). Variants with fewer seats leave the missing seats' planes zero,
so one network shape serves every variant.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numba as nb
import numpy as np

from mjsim.actions import N_ACTIONS
from mjsim.engine.board import honor_flowers, remaining
from mjsim.engine.honor_sets import n_bufeng
from mjsim.engine.meld_tiles import add_meld_tiles, meld_kind_shown
from mjsim.engine.special_kongs import added_copies
from mjsim.engine.state import (
    PH_CHOOSE_SUIT,
    PH_DECLARE,
    PH_DONE,
    PH_LAST,
    PH_REACT,
    PH_SEABED,
    PH_TURN,
    PV_BET,
    PV_CHOW_READY,
    PV_HELD_FLOWERS,
    PV_HONOR_FLOWERS,
    PV_LOCK,
    PV_LOOKED,
    PV_MISSING,
    PV_N_RIVER,
    PV_READY,
    PV_READY_KIND,
    PV_RED_HAND,
    PV_RED_MELD,
    PV_RED_RIVER,
    PV_SCORE,
    PV_STANDING,
    PV_WON,
    RF_CLAIMED,
    RF_FACE_DOWN,
    RF_KONG_TILE,
    RF_OLD_TREASURE,
    RF_WILD_KONG,
    TV_ASK0,
    TV_DEALER,
    TV_DRAWN,
    TV_ERROR,
    TV_FIRST_ROUND,
    TV_FROM,
    TV_HEAD,
    TV_IND_OUT,
    TV_IND_POS,
    TV_INDICATOR,
    TV_MULT,
    TV_PHASE,
    TV_REACT_KIND,
    TV_REACT_POS,
    TV_REPEAT,
    TV_REPLACEMENT,
    TV_ROUND_WIND,
    TV_SEAT,
    TV_TAIL,
    TV_TILE,
    TV_TILE_RED,
    TV_TREASURE,
    State,
)
from mjsim.melds import (
    MAX_MELDS,
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_HONOR_CHOW,
    MELD_NONE,
    MELD_PUNG,
    MELD_SPECIAL_KONG,
)
from mjsim.rules.params import P_CONCEALED_KONG_SHOWN, P_N_PLAYERS, P_RED_FIVES

# ---- planes-v0 layout (plane index -> content); see docs/observations.md
PL_HAND = 0  # own concealed counts 0-4
PL_DRAWN = 1  # one-hot: the tile this seat just drew (own turn begun by a draw)
PL_TARGET = 2  # one-hot: the tile under reaction (discard or kong tile being added)
PL_ASKED = 3  # broadcast: 1 = this seat is asked about a discard, 2 = about robbing a kong
PL_MY_TURN = 4  # broadcast: 1 = this seat's own turn (discard / kong / win / ready)
PL_DISCARDS = 5  # 5..8: discards per relative seat, counts 0-4 (claimed ones included)
PL_RECENCY = 9  # 9..12: per relative seat, 1 = its latest discard, 2 = the one before ... (<=127)
PL_MELDS = 13  # 13..16: exposed meld tiles per relative seat (chow +1 each, pung 3, kong 4;
# + an opponent's concealed kong where its kind is shown, ``concealed_kong_shown``: riichi)
PL_OWN_CONCEALED_KONGS = 17  # own concealed kongs (4 at the kind)
PL_FLOWERS = 18  # 18..21: per relative seat, cell f = flower 34+f set aside (f = 0..7);
# cells 27..33: copies of that honour set aside face up (放风 / 补风, honours as flowers), 0-4
PL_WILD = 22  # 1 where a kind is wild this hand
PL_INDICATOR = 23  # one-hot wild indicator
PL_SEAT_WIND = 24  # one-hot at 27 + seat wind (0 = East = the dealer)
PL_ROUND_WIND = 25  # one-hot at 27 + prevailing wind
PL_MISSING = 26  # 26..29: per relative seat, 1 on the nine kinds of its chosen void suit
PL_READY = 30  # 30..33: broadcast, the relative seat has declared ready
PL_WON = 34  # 34..37: broadcast, the relative seat has already won (blood battle)
PL_TILES_LEFT = 38  # broadcast: live wall tiles, clipped to 127
PL_UNSEEN = 39  # copies of each kind this seat has not seen (tile set - visible), 0-4; the
# indicator counts as seen while apart from the hands (indicator_apart), a drawn one where seen
PL_SCALARS = 40  # cells 0-3 concealed kongs per relative seat; 4-7 dealer one-hot (relative);
# 8 first-round flag; 9 dealer repeat count (<=127); 10 payment multiplier (<=127);
# 11 number of seats
N_PLANES = 41

PLANE_NAMES: tuple[str, ...] = (
    "hand",
    "drawn",
    "target",
    "asked",
    "my_turn",
    *(f"discards_rel{i}" for i in range(4)),
    *(f"recency_rel{i}" for i in range(4)),
    *(f"melds_rel{i}" for i in range(4)),
    "own_concealed_kongs",
    *(f"flowers_rel{i}" for i in range(4)),
    "wild",
    "indicator",
    "seat_wind",
    "round_wind",
    *(f"missing_suit_rel{i}" for i in range(4)),
    *(f"ready_rel{i}" for i in range(4)),
    *(f"won_rel{i}" for i in range(4)),
    "tiles_left",
    "unseen",
    "scalars",
)
assert len(PLANE_NAMES) == N_PLANES

# ---- planes-v1 = planes-v0 (planes 0..40, unchanged) + the planes below
PL_DECIDE = 41  # 41..47: broadcast, the decision the observer is asked now (one plane set):
DECIDE_TURN = 0  # own turn: discard / kong / self-draw win / ready
DECIDE_DISCARD_REACTION = 1  # reaction window on a discard: win / pung / kong / chow / pass
DECIDE_ROB_KONG = 2  # reaction window on a kong: rob it (win) / pass
DECIDE_CHOOSE_SUIT = 3  # 定缺: choose the void suit
DECIDE_DECLARE = 4  # changsha opening small wins: declare / pass
DECIDE_SEABED = 5  # changsha 海底: take the last tile / pass
DECIDE_OTHER = 6  # a decision of a phase added to the engine after planes-v1
N_DECIDE = 7
PL_SOURCE = 48  # 48..50: broadcast, rel 1..3 discarded (or konged) the tile under reaction
PL_REPLACEMENT = 51  # broadcast: own turn began with a kong replacement draw
PL_LOCKED = 52  # broadcast: own missed-win lockout is active (may not win on discards now)
N_PLANES_V1 = 53

PLANE_NAMES_V1: tuple[str, ...] = (
    *PLANE_NAMES,
    "decide_turn",
    "decide_discard_reaction",
    "decide_rob_kong",
    "decide_choose_suit",
    "decide_declare",
    "decide_seabed",
    "decide_other",
    *(f"source_rel{i}" for i in range(1, 4)),
    "replacement_draw",
    "locked",
)
assert len(PLANE_NAMES_V1) == N_PLANES_V1

# ---- planes-v2 = planes-v1 (planes 0..52, unchanged) + standing tiles, the 宝, chow-ready, face-down discards
PL_STANDING = 53  # own 立牌 still held (standing_tiles, taiyuan): count per kind 0-4
PL_TREASURE = 54  # one-hot: the 宝 kind, once the observer (a ready seat) has looked at it
PL_OLD_TREASURES = 55  # replaced 宝 laid face up in the dealer's river (换宝): count per kind
PL_CHOW_READY = 56  # broadcast: own 吃听 pending (the observer's discard must declare ready)
PL_SCALARS_V2 = 57  # cells 0-3 face-down (立牌) discards per relative seat; 4 a 宝 is in play;
# 5-8 ready kind per relative seat (READY_MODE_* + 1 once ready: 1 hidden, 2 shown, 3 shown and
# self-draw only; 0 not ready)
N_PLANES_V2 = 58

PLANE_NAMES_V2: tuple[str, ...] = (
    *PLANE_NAMES_V1,
    "standing",
    "treasure",
    "old_treasures",
    "chow_ready",
    "scalars_v2",
)
assert len(PLANE_NAMES_V2) == N_PLANES_V2

# ---- planes-v3 = planes-v2 (planes 0..57, unchanged) + honours set aside, stakes, 补风 counts
PL_SET_ASIDE_HONORS = 58  # 58..61: per relative seat, honours set aside face up (放风 sets,
# honours as flowers): copies per kind 27-33, 0-4
PL_SCALARS_V3 = 62  # cells 0-3 pre-hand stake per relative seat (炮子 0-4 / tianjin 拉庄
# 坐庄 code, pv[PV_BET], <=127); cells 4-7 补风 count per relative seat (<=127)
N_PLANES_V3 = 63

PLANE_NAMES_V3: tuple[str, ...] = (
    *PLANE_NAMES_V2,
    *(f"set_aside_honors_rel{i}" for i in range(4)),
    "scalars_v3",
)
assert len(PLANE_NAMES_V3) == N_PLANES_V3

# ---- planes-v4 = planes-v3 (planes 0..62, unchanged) + red fives (red_fives)
PL_RED_HAND = 63  # own concealed red fives: copies at kinds 4 / 13 / 22 (5m / 5p / 5s)
PL_RED_OPEN = 64  # 64..67: per relative seat, red fives in its exposed melds (a concealed kong's
# where its kind is shown) and in its river (claimed discards aside: they count in the meld)
PL_RED_TARGET = 68  # 1 at the kind of the tile under reaction when it is a red five
N_PLANES_V4 = 69

PLANE_NAMES_V4: tuple[str, ...] = (
    *PLANE_NAMES_V3,
    "red_hand",
    *(f"red_open_rel{i}" for i in range(4)),
    "red_target",
)
assert len(PLANE_NAMES_V4) == N_PLANES_V4

#: planes encoder name -> (number of planes, plane names, version id of :func:`encode_any`)
PLANE_ENCODERS: dict[str, tuple[int, tuple[str, ...], int]] = {
    "planes-v0": (N_PLANES, PLANE_NAMES, 0),
    "planes-v1": (N_PLANES_V1, PLANE_NAMES_V1, 1),
    "planes-v2": (N_PLANES_V2, PLANE_NAMES_V2, 2),
    "planes-v3": (N_PLANES_V3, PLANE_NAMES_V3, 3),
    "planes-v4": (N_PLANES_V4, PLANE_NAMES_V4, 4),
}


# ---- planes-norm-v0: planes-v3 as float32 in [0, 1]
#: normalised encoder name -> the planes encoder it scales
NORM_ENCODERS: dict[str, str] = {"planes-norm-v0": "planes-v3"}


def _norm_scales_v0() -> tuple[np.ndarray, np.ndarray, dict[str, str]]:
    """``planes-norm-v0``'s scaling of ``planes-v3``: ``(mul float32[63, 34], recency
    bool[63], doc)``. A cell ``x`` of plane ``c`` becomes ``0`` if ``x <= 0``, ``1 / x`` on the
    recency planes (latest discard 1, the one before 0.5, ...), else ``min(x * mul[c, k], 1)``;
    ``doc`` names the scaling of each plane group (``docs/observations.md``)."""
    mul = np.ones((N_PLANES_V3, 34), np.float32)
    rec = np.zeros(N_PLANES_V3, np.bool_)
    doc: dict[str, str] = {}

    def planes(first: int, count: int, factor: float, what: str, names: str) -> None:
        mul[first : first + count] = factor
        doc[names] = what

    planes(PL_HAND, 1, 1 / 4, "copies / 4", "hand")
    planes(PL_ASKED, 1, 1 / 2, "1 -> 0.5 (a discard), 2 -> 1 (a kong to rob)", "asked")
    planes(PL_DISCARDS, 4, 1 / 4, "copies / 4", "discards_rel0..3")
    rec[PL_RECENCY : PL_RECENCY + 4] = True
    doc["recency_rel0..3"] = "1 / x: the latest discard 1, the one before 0.5, ...; 0 = none"
    planes(PL_MELDS, 4, 1 / 4, "copies / 4", "melds_rel0..3")
    planes(PL_OWN_CONCEALED_KONGS, 1, 1 / 4, "copies / 4", "own_concealed_kongs")
    mul[PL_FLOWERS : PL_FLOWERS + 4, 27:34] = 1 / 4  # honours set aside: copies 0-4
    doc["flowers_rel0..3"] = "cells 0-7 as is (0/1); cells 27-33 (honours set aside) copies / 4"
    planes(PL_TILES_LEFT, 1, 1 / 127, "live wall tiles / 127", "tiles_left")
    planes(PL_UNSEEN, 1, 1 / 4, "copies / 4", "unseen")
    sc = mul[PL_SCALARS]
    sc[0:4] = 1 / 4  # concealed kongs per seat (at most 4)
    sc[9] = 1 / 8  # dealer repeat count, clipped at 8
    sc[10] = 1 / 8  # payment multiplier, clipped at 8
    sc[11] = 1 / 4  # number of seats
    doc["scalars"] = (
        "cells 0-3 concealed kongs / 4; 4-8 as is (0/1); 9 dealer repeats / 8 and 10 payment "
        "multiplier / 8 (both clipped at 1); 11 seats / 4"
    )
    planes(PL_STANDING, 1, 1 / 4, "copies / 4", "standing")
    planes(PL_OLD_TREASURES, 1, 1 / 4, "copies / 4", "old_treasures")
    s2 = mul[PL_SCALARS_V2]
    s2[0:4] = 1 / 4  # face-down discards per seat, clipped at 4
    s2[5:9] = 1 / 3  # ready kind 1..3
    doc["scalars_v2"] = "cells 0-3 face-down discards / 4 (clipped); 4 as is; 5-8 ready kind / 3"
    planes(PL_SET_ASIDE_HONORS, 4, 1 / 4, "copies / 4", "set_aside_honors_rel0..3")
    s3 = mul[PL_SCALARS_V3]
    s3[0:4] = 1 / 4  # pre-hand stake, clipped at 4
    s3[4:8] = 1 / 4  # 补风 tiles, clipped at 4
    doc["scalars_v3"] = "cells 0-3 stakes / 4, 4-7 补风 tiles / 4 (both clipped at 1)"
    doc["every other plane"] = "as is (0 or 1: one-hot, broadcast flags)"
    return mul, rec, doc


NORM_MUL_V0, NORM_RECENCY_V0, NORM_SCALES = _norm_scales_v0()


@nb.njit(cache=True, nogil=True)
def scale_planes(src, mul, recency, out, lo, hi):
    """``planes-norm-v*`` of tables ``lo .. hi-1``: ``src`` (``int8[B, C, 34]`` planes) scaled
    into ``out`` (``float32[B, C, 34]``): 0 where ``x <= 0``, ``1 / x`` on the planes where
    ``recency[c]``, else ``min(x * mul[c, k], 1)`` (:func:`_norm_scales_v0`). Every value lies
    in [0, 1]."""
    for t in range(lo, hi):
        for c in range(src.shape[1]):
            inv = recency[c]
            for k in range(34):
                x = src[t, c, k]
                if x <= 0:
                    out[t, c, k] = 0.0
                elif inv:
                    out[t, c, k] = 1.0 / x
                else:
                    v = x * mul[c, k]
                    out[t, c, k] = v if v < 1.0 else 1.0


@nb.njit(cache=True)
def _clip(x):
    if x > 127:
        return 127
    if x < 0:
        return 0
    return x


@nb.njit(cache=True, inline="always")
def indicator_apart(tv):
    """Whether the turned wild indicator of a table (its ``tv`` row) is a copy apart from every
    hand, river and meld: out of play (``TV_IND_OUT``) or still face up in the live wall. Under
    ``indicator_in_play`` (anqing, yingkou) a drawn indicator is a tile of the drawer's hand:
    counted where it is seen from then on (the own hand, a river, a meld), not twice."""
    if tv[TV_IND_OUT] != 0:
        return True
    pos = tv[TV_IND_POS]
    return tv[TV_HEAD] <= pos < tv[TV_TAIL]


@nb.njit(cache=True)
def _fill(out, plane, v):
    for k in range(34):
        out[plane, k] = v


@nb.njit(cache=True)
def _encode(s, r, t, me, out, version):
    """``planes-v{version}`` (0 to 4) of seat ``me``, table ``t`` into ``out`` (every plane of
    ``out`` overwritten), the body of every planes encoder: one pass over the seats, their
    rivers and melds for all versions. Reads the state through plain 2-4-d indexes of ``s`` and
    ``out`` (no views: each is a reference count and a stride lookup per call) and skips empty
    rivers, meld rows and flags; the planes of each version are those of its docstring below.
    Reads only information public to ``me`` (plus its own hand, standing tiles, 宝 look, 吃听
    and lockout)."""
    n = r.params[P_N_PLAYERS]
    for c in range(out.shape[0]):
        for k in range(34):
            out[c, k] = 0
    phase = s.tv[t, TV_PHASE]
    # copies seen by ``me`` are counted in the ``unseen`` plane, converted at the end
    for k in range(34):
        c = s.hands[t, me, k]
        out[PL_HAND, k] = c
        out[PL_UNSEEN, k] = c
    live = phase != PH_DONE and s.tv[t, TV_ERROR] == 0
    if live and phase == PH_TURN and s.tv[t, TV_SEAT] == me:
        _fill(out, PL_MY_TURN, 1)
        d = s.tv[t, TV_DRAWN]
        if 0 <= d < 34:
            out[PL_DRAWN, d] = 1
    if live and phase == PH_REACT:
        k = s.tv[t, TV_TILE]
        if 0 <= k < 34:
            out[PL_TARGET, k] = 1
        if s.tv[t, TV_ASK0 + s.tv[t, TV_REACT_POS]] == me:
            _fill(out, PL_ASKED, 1 if s.tv[t, TV_REACT_KIND] == 0 else 2)
    dealer = s.tv[t, TV_DEALER]
    red = version >= 4 and r.params[P_RED_FIVES] != 0
    ck_hidden = r.params[P_CONCEALED_KONG_SHOWN] == 0
    me0 = me % n
    for rel in range(n):
        q = me0 + rel  # (me + rel) % n, without a division per seat
        if q >= n:
            q -= n
        # discards and recency (the first loop: v0, v1 and v4 without red fives; the second
        # adds the v2 face-down and replaced-宝 counts and the v4 red fives of the river)
        nr = s.pv[t, q, PV_N_RIVER]
        fd = 0
        red0 = 0
        red1 = 0
        red2 = 0
        for i in range(0 if (version >= 2 or red) else nr):
            k = s.river[t, q, i]
            if k >= 34:
                continue
            f = s.river_flags[t, q, i]
            if rel != 0 and (f & RF_FACE_DOWN) != 0:
                continue
            out[PL_DISCARDS + rel, k] += 1
            out[PL_RECENCY + rel, k] = _clip(nr - i)
            if (f & RF_CLAIMED) == 0:
                out[PL_UNSEEN, k] += 1
        for i in range(nr if (version >= 2 or red) else 0):
            k = s.river[t, q, i]
            f = s.river_flags[t, q, i]
            if version >= 2:
                if (f & RF_FACE_DOWN) != 0:
                    fd += 1
                if (f & RF_OLD_TREASURE) != 0 and k < 34:
                    out[PL_OLD_TREASURES, k] += 1
            if red and (f & RF_CLAIMED) == 0:
                if (s.pv[t, q, PV_RED_RIVER + i // 24] >> (i % 24)) & 1 != 0:
                    d = k // 9
                    if d == 0:
                        red0 += 1
                    elif d == 1:
                        red1 += 1
                    elif d == 2:
                        red2 += 1
            if k >= 34:
                continue
            if rel != 0 and (f & RF_FACE_DOWN) != 0:
                continue  # 立牌: a standing tile discarded face down is hidden from others
            out[PL_DISCARDS + rel, k] += 1
            out[PL_RECENCY + rel, k] = _clip(nr - i)
            if (f & RF_CLAIMED) == 0:
                out[PL_UNSEEN, k] += 1
        # melds; exposed meld tiles are seen (added to ``unseen`` as they are laid out)
        nck = 0
        hide = 0  # bit suit: a face-down concealed kong of its five (v4 red fives hidden)
        pl = PL_MELDS + rel
        for i in range(MAX_MELDS):
            mt = s.melds[t, q, i, 0]
            if mt == MELD_NONE:
                continue
            k = np.int64(s.melds[t, q, i, 1])
            if mt == MELD_CONCEALED_KONG:
                nck += 1
                if rel == 0:
                    out[PL_OWN_CONCEALED_KONGS, k] = 4
                    out[PL_UNSEEN, k] += 4
                    continue
                if ck_hidden:
                    if k == 4 or k == 13 or k == 22:
                        hide |= 1 << (k // 9)  # all four fives of the suit lie face down
                    continue  # face down: the others see that it exists (nck), not its kind
            # add_plain_meld inline: chows, pungs and kongs; honour chows and special kongs
            # read the state (add_meld_tiles)
            if k < 0:
                continue
            if mt == MELD_CHOW:
                out[pl, k] += 1
                out[pl, k + 1] += 1
                out[pl, k + 2] += 1
                out[PL_UNSEEN, k] += 1
                out[PL_UNSEEN, k + 1] += 1
                out[PL_UNSEEN, k + 2] += 1
            elif mt == MELD_PUNG:
                out[pl, k] += 3
                out[PL_UNSEEN, k] += 3
            elif mt == MELD_HONOR_CHOW or mt == MELD_SPECIAL_KONG:
                add_meld_tiles(s, t, q, i, out[pl])
                add_meld_tiles(s, t, q, i, out[PL_UNSEEN])
            else:
                out[pl, k] += 4
                out[PL_UNSEEN, k] += 4
        out[PL_SCALARS, rel] = nck
        hf = s.pv[t, q, PV_HONOR_FLOWERS]
        if hf != 0:  # honours set aside face up (放风 / 补风, honours as flowers): public,
            # shown at their kinds in the seat's flower plane (and, v3, set_aside_honors)
            for k in range(27, 34):
                c = (hf >> (3 * (k - 27))) & 7
                out[PL_FLOWERS + rel, k] = c
                out[PL_UNSEEN, k] += c
                if version >= 3:
                    out[PL_SET_ASIDE_HONORS + rel, k] = c
        # flowers set aside (public); a flower still held in a hand (a wild flower, or one
        # not yet exposed under flower_replacement="action") is a concealed tile: shown to
        # its owner only
        held = 0 if rel == 0 else s.pv[t, q, PV_HELD_FLOWERS]
        for f in range(8):
            if s.hands[t, q, 34 + f] > 0 and (held >> f) & 1 == 0:
                out[PL_FLOWERS + rel, f] = 1
        m = s.pv[t, q, PV_MISSING]
        if 0 <= m < 3:
            for k in range(9 * m, 9 * m + 9):
                out[PL_MISSING + rel, k] = 1
        ready = s.pv[t, q, PV_READY] != 0
        if ready:
            _fill(out, PL_READY + rel, 1)
        if s.pv[t, q, PV_WON] != 0:
            _fill(out, PL_WON + rel, 1)
        if q == dealer:
            out[PL_SCALARS, 4 + rel] = 1
        if version >= 2:
            out[PL_SCALARS_V2, rel] = _clip(fd)
            if ready:
                out[PL_SCALARS_V2, 5 + rel] = _clip(s.pv[t, q, PV_READY_KIND] + 1)
        if version >= 3:
            out[PL_SCALARS_V3, rel] = _clip(s.pv[t, q, PV_BET])
            out[PL_SCALARS_V3, 4 + rel] = _clip(n_bufeng(s, t, q))
        if red:  # red fives in the seat's melds (not in a face-down kong) and river
            for suit in range(3):
                x = 0 if (hide >> suit) & 1 else s.pv[t, q, PV_RED_MELD + suit]
                x += red0 if suit == 0 else (red1 if suit == 1 else red2)
                out[PL_RED_OPEN + rel, 4 + 9 * suit] = _clip(x)
    for k in range(34):
        if s.wild[t, k] != 0:
            out[PL_WILD, k] = 1
    ind = s.tv[t, TV_INDICATOR]
    if 0 <= ind < 34:
        out[PL_INDICATOR, ind] = 1
        pos = s.tv[t, TV_IND_POS]  # indicator_apart without a view of the row
        if s.tv[t, TV_IND_OUT] != 0 or s.tv[t, TV_HEAD] <= pos < s.tv[t, TV_TAIL]:
            out[PL_UNSEEN, ind] += 1
    out[PL_SEAT_WIND, 27 + (me - dealer + n) % n] = 1
    out[PL_ROUND_WIND, 27 + s.tv[t, TV_ROUND_WIND] % 4] = 1
    left = _clip(remaining(s, t))
    for k in range(34):
        out[PL_TILES_LEFT, k] = left
        u = np.int64(r.tile_counts[k]) - np.int64(out[PL_UNSEEN, k])
        out[PL_UNSEEN, k] = u if u > 0 else 0
    out[PL_SCALARS, 8] = 1 if s.tv[t, TV_FIRST_ROUND] != 0 else 0
    out[PL_SCALARS, 9] = _clip(s.tv[t, TV_REPEAT])
    out[PL_SCALARS, 10] = _clip(s.tv[t, TV_MULT])
    out[PL_SCALARS, 11] = n
    if version >= 1 and live:
        # planes-v1: the decision ``me`` is asked now, its source, replacement draw, lockout
        if phase == PH_REACT:
            if s.tv[t, TV_ASK0 + s.tv[t, TV_REACT_POS]] == me:
                d = DECIDE_DISCARD_REACTION if s.tv[t, TV_REACT_KIND] == 0 else DECIDE_ROB_KONG
                _fill(out, PL_DECIDE + d, 1)
                rel = (s.tv[t, TV_FROM] - me + n) % n
                if 1 <= rel <= 3:
                    _fill(out, PL_SOURCE + rel - 1, 1)
                if s.pv[t, me, PV_LOCK] != 0:
                    _fill(out, PL_LOCKED, 1)
        else:
            if s.tv[t, TV_SEAT] == me:
                if phase == PH_TURN:
                    _fill(out, PL_DECIDE + DECIDE_TURN, 1)
                    if s.tv[t, TV_REPLACEMENT] != 0 and s.tv[t, TV_DRAWN] >= 0:
                        _fill(out, PL_REPLACEMENT, 1)
                elif phase == PH_CHOOSE_SUIT:
                    _fill(out, PL_DECIDE + DECIDE_CHOOSE_SUIT, 1)
                elif phase == PH_DECLARE:
                    _fill(out, PL_DECIDE + DECIDE_DECLARE, 1)
                elif phase == PH_SEABED:
                    _fill(out, PL_DECIDE + DECIDE_SEABED, 1)
                else:
                    _fill(out, PL_DECIDE + DECIDE_OTHER, 1)
            if s.pv[t, me, PV_LOCK] != 0:
                _fill(out, PL_LOCKED, 1)
    if version >= 2:
        # planes-v2: own standing tiles, the 宝 once looked at, 吃听 (per-seat cells above)
        v = np.int64(s.pv[t, me, PV_STANDING])
        for i in range(4):
            x = (v >> (6 * i)) & 63
            if 1 <= x <= 34:
                out[PL_STANDING, x - 1] += 1
        kt = s.tv[t, TV_TREASURE]
        if 0 <= kt < 34:
            out[PL_SCALARS_V2, 4] = 1
            if s.pv[t, me, PV_LOOKED] != 0:
                out[PL_TREASURE, kt] = 1
        if s.pv[t, me, PV_CHOW_READY] != 0 and phase != PH_DONE:
            _fill(out, PL_CHOW_READY, 1)
    if red:
        # planes-v4: own concealed red fives, the tile under reaction (open ones above)
        for suit in range(3):
            out[PL_RED_HAND, 4 + 9 * suit] = _clip(s.pv[t, me, PV_RED_HAND + suit])
        k = s.tv[t, TV_TILE]
        if phase == PH_REACT and k >= 0 and s.tv[t, TV_TILE_RED] != 0:
            out[PL_RED_TARGET, k] = 1


@nb.njit(cache=True)
def encode_planes(s, r, t, me, out):
    """Write seat ``me``'s ``planes-v0`` observation of table ``t`` into ``out``
    (``int8[N_PLANES, 34]``, overwritten). Reads only information public to ``me``."""
    _encode(s, r, t, me, out, 0)


@nb.njit(cache=True)
def encode_planes_v1(s, r, t, me, out):
    """Write seat ``me``'s ``planes-v1`` observation of table ``t`` into ``out``
    (``int8[N_PLANES_V1, 34]``, overwritten): planes 0..40 are exactly ``planes-v0``, then

    - 41..47 ``decide_*``: broadcast 1 on the one plane naming the decision ``me`` is asked
      now (own turn, discard reaction, robbing a kong, 定缺, declaration, 海底 tile, other);
      all zero when ``me`` is not the seat to decide (so an observer never learns who else
      is being asked in a reaction window);
    - 48..50 ``source_rel1..3``: broadcast 1 on the relative seat whose discard / kong tile
      ``me`` is asked about (zero otherwise);
    - 51 ``replacement_draw``: broadcast 1 on ``me``'s own turn begun by a kong replacement draw;
    - 52 ``locked``: broadcast 1 while ``me``'s missed-win lockout is active.

    Reads only information public to ``me`` (its own decision, its own lockout)."""
    _encode(s, r, t, me, out, 1)


@nb.njit(cache=True)
def encode_planes_v2(s, r, t, me, out):
    """Write seat ``me``'s ``planes-v2`` observation of table ``t`` into ``out``
    (``int8[N_PLANES_V2, 34]``, overwritten): planes 0..52 are exactly ``planes-v1``, then

    - 53 ``standing``: the observer's own 立牌 still held (``standing_tiles``, taiyuan Taiyuan rules
      "这四张牌只有听牌时，才可以打出一张"), count per kind; other seats' are hidden;
    - 54 ``treasure``: one-hot 宝 kind once the observer has looked at it (a ready seat at its
      draw, ``PV_LOOKED``; harbin Harbin rules, changchun Changchun rules "自己翻开看"); zero otherwise;
    - 55 ``old_treasures``: replaced 宝 (换宝) laid face up in the dealer's river, count per kind;
    - 56 ``chow_ready``: broadcast 1 while the observer's 吃听 claim waits for its ready discard;
    - 57 ``scalars_v2``: cells 0-3 face-down 立牌 discards per relative seat (their kinds are
      hidden, their number is not); cell 4 = 1 while a 宝 is in play (its kind stays secret);
      cells 5-8 ready kind per relative seat (``READY_MODE_*`` + 1, 0 = not ready).

    Reads only information public to ``me`` plus its own standing tiles, 宝 look and 吃听."""
    _encode(s, r, t, me, out, 2)


@nb.njit(cache=True)
def encode_planes_v3(s, r, t, me, out):
    """Write seat ``me``'s ``planes-v3`` observation of table ``t`` into ``out``
    (``int8[N_PLANES_V3, 34]``, overwritten): planes 0..57 are exactly ``planes-v2``, then

    - 58..61 ``set_aside_honors_rel0..3``: honours each relative seat has set aside face up,
      copies per kind (27-33): 放风 sets (``honor_set_exposure``, weihai:
      "放风") and honours kept as flowers (``honors_are_flowers``); the same copies as cells
      27-33 of ``flowers_rel0..3`` (planes 18-21, every ``planes-v*``);
    - 62 ``scalars_v3``: cells 0-3 the pre-hand stake of each relative seat (``pre_hand_bet``,
      炮子 0-4 for "paozi"; the 坐庄/拉庄 choice for "sit_and_pull"; announced, so
      public), cells 4-7 the number of 补风 tiles each relative seat added to its 放风 set.

    Reads only information public to ``me``."""
    _encode(s, r, t, me, out, 3)


@nb.njit(cache=True)
def encode_planes_v4(s, r, t, me, out):
    """Write seat ``me``'s ``planes-v4`` observation of table ``t`` into ``out``
    (``int8[N_PLANES_V4, 34]``, overwritten): planes 0..62 are exactly ``planes-v3``, then the
    red fives (``red_fives``; all zero without them):

    - 63 ``red_hand``: the observer's concealed red fives, copies at kinds 4 / 13 / 22;
    - 64..67 ``red_open_rel0..3``: per relative seat, the red fives in its melds (not those of
      an opponent's concealed kong laid face down) and in its river (a claimed red discard is
      counted in the claimer's melds), copies at kinds 4 / 13 / 22;
    - 68 ``red_target``: 1 at the kind of the tile under reaction (``target``) if it is red.

    Reads only information public to ``me``."""
    _encode(s, r, t, me, out, 4)


@nb.njit(cache=True, inline="always")
def encode_any(s, r, t, me, out, version):
    """``planes-v{version}`` (0 to 4; see :data:`PLANE_ENCODERS`) of seat ``me``, table
    ``t`` into ``out`` (``int8[C, 34]`` with ``C`` that version's plane count)."""
    _encode(s, r, t, me, out, version if 1 <= version <= 4 else 0)


@nb.njit(cache=True)
def encode_planes_batch(s, r, seats, out, version=0):
    """``planes-v{version}`` of every table: seat ``seats[t]`` (int64[B]) of table ``t`` into
    ``out[t]`` (``int8[B, C, 34]``, ``C`` = 41 for v0, 53 for v1, 58 for v2, 63 for v3, 69 for
    v4)."""
    for t in range(s.tv.shape[0]):
        encode_any(s, r, t, seats[t], out[t], version)


# ---------------------------------------------------------------------------------- dict-v0/v1
#: dict encoder name -> version id of :func:`encode_dict`
DICT_ENCODERS: dict[str, int] = {"dict-v0": 0, "dict-v1": 1}


def _dict_space(n_players: int, version: int = 0) -> gym.spaces.Dict:
    i8 = np.int8
    keys = {
        "seat": gym.spaces.Box(0, 3, (), i8),
        "dealer": gym.spaces.Box(0, 3, (), i8),
        "seat_wind": gym.spaces.Box(0, 3, (), i8),
        "round_wind": gym.spaces.Box(0, 3, (), i8),
        "phase": gym.spaces.Box(0, PH_LAST, (), i8),
        "to_act": gym.spaces.Box(-1, 3, (), i8),
        "tiles_left": gym.spaces.Box(0, 144, (), np.int16),
        "hand": gym.spaces.Box(0, 4, (34,), i8),
        "drawn": gym.spaces.Box(-1, 33, (), i8),
        "target": gym.spaces.Box(-1, 33, (), i8),
        "discards": gym.spaces.Box(-1, 41, (4, 48), i8),
        "discard_flags": gym.spaces.Box(0, 127, (4, 48), i8),
        "melds": gym.spaces.Box(-1, 33, (4, MAX_MELDS, 3), i8),
        "flowers": gym.spaces.Box(0, 1, (4, 8), i8),
        "wild": gym.spaces.Box(0, 1, (34,), i8),
        "indicator": gym.spaces.Box(-1, 33, (), i8),
        "missing_suit": gym.spaces.Box(-1, 2, (4,), i8),
        "ready": gym.spaces.Box(0, 1, (4,), i8),
        "won": gym.spaces.Box(0, 1, (4,), i8),
        "scores": gym.spaces.Box(-(2**31), 2**31 - 1, (4,), np.int32),
    }
    if version >= 1:
        keys["set_aside_honors"] = gym.spaces.Box(0, 4, (4, 7), i8)
        keys["stakes"] = gym.spaces.Box(0, 127, (4,), i8)
        keys["bufeng"] = gym.spaces.Box(0, 127, (4,), i8)
        keys["special_kong_added"] = gym.spaces.Box(0, 12, (4, 4), i8)
    # pairs keep this order (a dict given to spaces.Dict is sorted by key): the order in which
    # encode_dict returns the keys, so flattening wrappers see the same layout in both
    return gym.spaces.Dict(list(keys.items()))


def encode_dict(s: State, r: Any, t: int, me: int, version: int = 0) -> dict[str, np.ndarray]:
    """Seat ``me``'s ``dict-v0`` (``version=0``) or ``dict-v1`` (``version=1``) observation of
    table ``t``: a dict of named numpy arrays (shapes and dtypes of :func:`_dict_space`),
    relative seats (0 = ``me``).

    ``dict-v1`` = ``dict-v0`` + ``set_aside_honors`` (``int8[4, 7]``: honours 1z-7z each seat set
    aside face up: 放风 sets, and honours kept as flowers), ``stakes`` (``int8[4]``: the
    announced pre-hand stake, ``pv[PV_BET]``), ``bufeng`` (``int8[4]``: 补风 tiles added)
    and ``special_kong_added`` (``int8[4, 4]``: copies added to each special-kong group
    0 旋风 1 喜 2 幺蛋 3 九蛋).

    ``melds`` rows are ``(meld_type, tile, source)`` of :mod:`mjsim.melds`; an opponent's
    concealed kong shows type 4 with tile -1 (face down), or its kind where the rules show it
    (``concealed_kong_shown``: riichi). ``discards`` are kinds in order, -1
    padded; ``discard_flags`` the ``RF_*`` bits (claimed 1, ready 2, won on 4, robbed 8, set
    aside as a kong 16 (a wild kong, or a kong-only tile: ``RF_KONG_TILE``), face down 32 (its
    kind is -1 for other seats), old treasure 64).
    """
    n = int(r.params[P_N_PLAYERS])
    tv = s.tv[t]
    phase = int(tv[TV_PHASE])
    order = [(me + i) % n for i in range(n)]
    dealer = int(tv[TV_DEALER])
    out: dict[str, np.ndarray] = {}
    cur = -1
    if phase == PH_TURN and tv[TV_ERROR] == 0:
        cur = int(tv[TV_SEAT])
    elif phase == PH_REACT and tv[TV_ERROR] == 0:
        cur = int(tv[TV_ASK0 + tv[TV_REACT_POS]])
    # to_act is public only as "me" or "someone else": a reaction asker is not revealed
    if phase == PH_REACT and cur != me:
        to_act = -1
    else:
        to_act = (cur - me) % n if cur >= 0 else -1
    out["seat"] = np.int8(me)
    out["dealer"] = np.int8((dealer - me) % n)
    out["seat_wind"] = np.int8((me - dealer) % n)
    out["round_wind"] = np.int8(int(tv[TV_ROUND_WIND]) % 4)
    out["phase"] = np.int8(phase)
    out["to_act"] = np.int8(to_act)
    out["tiles_left"] = np.int16(int(remaining(s, t)))
    out["hand"] = s.hands[t, me, :34].astype(np.int8)
    d = int(tv[TV_DRAWN])
    own_turn = phase == PH_TURN and cur == me
    out["drawn"] = np.int8(d if own_turn and 0 <= d < 34 else -1)
    k = int(tv[TV_TILE])
    out["target"] = np.int8(k if phase == PH_REACT and 0 <= k < 34 else -1)
    disc = np.full((4, 48), -1, np.int8)
    flags = np.zeros((4, 48), np.int8)
    melds = np.full((4, MAX_MELDS, 3), -1, np.int8)
    flowers = np.zeros((4, 8), np.int8)
    missing = np.full(4, -1, np.int8)
    ready = np.zeros(4, np.int8)
    won = np.zeros(4, np.int8)
    scores = np.zeros(4, np.int32)
    for rel, q in enumerate(order):
        nr = int(s.pv[t, q, PV_N_RIVER])
        disc[rel, :nr] = s.river[t, q, :nr]
        rf = s.river_flags[t, q, :nr].astype(np.int64)
        # a kong-only tile set aside (RF_KONG_TILE, 128: past int8) shows as a tile set aside
        # as a kong (16), as a wild kong does
        kt = (rf & RF_KONG_TILE) != 0
        rf[kt] = (rf[kt] & ~RF_KONG_TILE) | RF_WILD_KONG
        flags[rel, :nr] = rf
        if rel != 0:  # 立牌: others see that a face-down discard was made, not its kind
            disc[rel, :nr][(s.river_flags[t, q, :nr] & RF_FACE_DOWN) != 0] = -1
        m = s.melds[t, q].copy()
        if not meld_kind_shown(r, MELD_CONCEALED_KONG, q, me):  # face down: type 4, kind -1
            m[m[:, 0] == MELD_CONCEALED_KONG, 1] = -1
        melds[rel] = m
        flowers[rel] = (s.hands[t, q, 34:42] > 0).astype(np.int8)
        if rel != 0:  # held flowers (wild flowers, not yet exposed) are concealed
            held = int(s.pv[t, q, PV_HELD_FLOWERS])
            flowers[rel] &= np.array([1 - ((held >> f) & 1) for f in range(8)], np.int8)
        missing[rel] = s.pv[t, q, PV_MISSING]
        ready[rel] = 1 if s.pv[t, q, PV_READY] else 0
        won[rel] = 1 if s.pv[t, q, PV_WON] else 0
        scores[rel] = s.pv[t, q, PV_SCORE]
    out["discards"] = disc
    out["discard_flags"] = flags
    out["melds"] = melds
    out["flowers"] = flowers
    out["wild"] = s.wild[t].astype(np.int8)
    ind = int(tv[TV_INDICATOR])
    out["indicator"] = np.int8(ind if 0 <= ind < 34 else -1)
    out["missing_suit"] = missing
    out["ready"] = ready
    out["won"] = won
    out["scores"] = scores
    if version >= 1:
        honors = np.zeros((4, 7), np.int8)
        stakes = np.zeros(4, np.int8)
        bufeng = np.zeros(4, np.int8)
        sk_added = np.zeros((4, 4), np.int8)
        for rel, q in enumerate(order):
            for j in range(7):
                honors[rel, j] = honor_flowers(s, t, q, 27 + j)
            stakes[rel] = min(int(s.pv[t, q, PV_BET]), 127)
            bufeng[rel] = min(int(n_bufeng(s, t, q)), 127)
            for g in range(4):
                sk_added[rel, g] = added_copies(s, t, q, g)
        out["set_aside_honors"] = honors
        out["stakes"] = stakes
        out["bufeng"] = bufeng
        out["special_kong_added"] = sk_added
    # normalise scalars to 0-d arrays (gymnasium Box(shape=()) holds ndarrays)
    return {key: np.asarray(v) for key, v in out.items()}


# ---------------------------------------------------------------------------------- registry
class Encoder:
    """A named, versioned observation encoder.

    ``space(n_players)``: the gymnasium space of one observation; ``encode(s, r, t, seat)``:
    seat ``seat``'s observation of table ``t`` (a fresh array / dict). Planes encoders
    (``is_planes``: ``planes-v*`` and ``planes-norm-v*``) also have ``n_planes``,
    ``plane_names`` and ``version`` (the id :func:`encode_any` takes: for ``planes-norm-v0``
    that of ``planes-v3``, which it scales); ``scaled`` is True for the normalised ones (float32
    in [0, 1], :func:`scale_planes`), ``dtype`` is the array's dtype."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.scaled = name in NORM_ENCODERS
        base = NORM_ENCODERS.get(name, name)
        self.is_planes = base in PLANE_ENCODERS
        self.dtype = np.dtype(np.float32 if self.scaled else np.int8)
        if self.is_planes:
            self.n_planes, self.plane_names, self.version = PLANE_ENCODERS[base]
        else:
            self.version = DICT_ENCODERS[name]

    def space(self, n_players: int) -> gym.Space:
        if self.scaled:
            return gym.spaces.Box(0.0, 1.0, (self.n_planes, 34), np.float32)
        if self.is_planes:
            return gym.spaces.Box(-128, 127, (self.n_planes, 34), np.int8)
        return _dict_space(n_players, self.version)

    def encode(self, s: State, r: Any, t: int, seat: int) -> Any:
        if self.is_planes:
            out = np.empty((self.n_planes, 34), np.int8)
            encode_any(s, r, t, seat, out, self.version)
            return self.scale(out) if self.scaled else out
        return encode_dict(s, r, t, seat, self.version)

    def scale(self, planes: np.ndarray) -> np.ndarray:
        """``float32[C, 34]`` in [0, 1]: ``planes`` (``int8[C, 34]``, this encoder's base
        layout) scaled as this normalised encoder does (:func:`scale_planes`)."""
        out = np.empty(planes.shape, np.float32)
        scale_planes(planes[None], NORM_MUL_V0, NORM_RECENCY_V0, out[None], 0, 1)
        return out

    def __repr__(self) -> str:
        return f"Encoder({self.name!r})"


#: dtype of every action mask the environments return (in observations, in ``info`` and from
#: ``action_masks()``): the dtype Gymnasium's ``Discrete.sample(mask=...)`` accepts; sb3-contrib's
#: MaskablePPO and ``numpy`` boolean tests take it as it is (``mask.astype(bool)`` for ``~``).
MASK_DTYPE = np.int8


def mask_space(dtype: Any = MASK_DTYPE) -> gym.spaces.Box:
    """``Box(0, 1, (N_ACTIONS,), int8)``: the space of one legal-action mask (``dtype``: the
    AEC env's ``mask_dtype="bool"`` option gives ``np.bool_``)."""
    return gym.spaces.Box(0, 1, (N_ACTIONS,), dtype)


def observation_space(encoder_space: gym.Space, mask_dtype: Any = MASK_DTYPE) -> gym.spaces.Dict:
    """``Dict(observation=encoder_space, action_mask=mask_space(mask_dtype))`` with its keys in
    the order the environments return them (observation first: a plain dict would be sorted,
    putting the mask first in ``FlattenObservation``)."""
    return gym.spaces.Dict(
        [("observation", encoder_space), ("action_mask", mask_space(mask_dtype))]
    )


#: encoder names -> one-line description
ENCODERS: dict[str, str] = {
    "planes-v0": f"int8[{N_PLANES}, 34] planes (jitted, batched); docs/observations.md",
    "planes-v1": f"int8[{N_PLANES_V1}, 34]: planes-v0 + decision / source / replacement / "
    "lockout planes (jitted, batched); docs/observations.md",
    "planes-v2": f"int8[{N_PLANES_V2}, 34]: planes-v1 + own standing tiles, the 宝 once looked at, "
    "replaced 宝, 吃听, face-down discards, ready kinds (jitted, batched); docs/observations.md",
    "planes-v3": f"int8[{N_PLANES_V3}, 34]: planes-v2 + honours set aside (放风, honours as "
    "flowers), pre-hand stakes, 补风 counts (jitted, batched); docs/observations.md",
    "planes-v4": f"int8[{N_PLANES_V4}, 34]: planes-v3 + red fives (own concealed, open per "
    "seat, the tile under reaction) (jitted, batched); docs/observations.md",
    "planes-norm-v0": f"float32[{N_PLANES_V3}, 34] in [0, 1]: planes-v3 with one documented "
    "scale per plane (counts / 4, recency 1 / x, tiles left / 127, ...); docs/observations.md",
    "dict-v0": "dict of named int8/int16/int32 arrays (readable); docs/observations.md",
    "dict-v1": "dict-v0 + honours set aside, pre-hand stakes, 补风 counts, special-kong additions; "
    "docs/observations.md",
}


def get_encoder(name: str) -> Encoder:
    """The encoder called ``name``; ``ValueError`` listing the known names."""
    if name not in ENCODERS:
        raise ValueError(f"unknown observation encoder {name!r}; known: {', '.join(ENCODERS)}")
    return Encoder(name)
