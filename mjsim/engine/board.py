"""Table-state primitives every phase of play uses.

Owns: the event record (:func:`_rec`), the live wall count and the normal-draw limit
(:func:`remaining`, :func:`can_draw_normal`, the reserve), river and meld rows (:func:`_add_river`,
:func:`_add_meld`, which clips the seat's standing tiles), flowers set aside or held in the hand,
the wild kinds of a table (:func:`wild_successor`, :func:`_wilds_active`, :func:`_split_wilds`), small
per-seat predicates (void suit 定缺, pungs held, seats that have won) and the option bits ``O_*`` of
a reaction window (``pv[PV_OPTS]``). Nothing here changes the phase of play.

All functions take ``(s, r, t, ...)``: the :class:`~mjsim.engine.state.State`, the
:class:`~mjsim.rules.CompiledRules` and the table index.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.engine.state import (
    ERR_RECORD_FULL,
    ERR_RIVER_FULL,
    MAX_RIVER,
    PV_HELD_FLOWERS,
    PV_HONOR_FLOWERS,
    PV_MISSING,
    PV_N_MELDS,
    PV_N_RIVER,
    PV_READY,
    PV_STANDING,
    PV_WON,
    TV_ERROR,
    TV_FLOWER_HOLD,
    TV_HEAD,
    TV_IND_OUT,
    TV_IND_POS,
    TV_REC_N,
    TV_RESERVE_EXTRA,
    TV_TAIL,
    TV_WILD_FLOWERS,
)
from mjsim.melds import MELD_PUNG
from mjsim.rules.params import (
    P_HONORS_ARE_FLOWERS,
    P_IMAGINED_WILD,
    P_N_PLAYERS,
    P_RESERVE_PER_FLOWER_QUAD,
    P_RESERVE_ROUNDING,
    P_WALL_END_AT_INDICATOR,
    P_WALL_RESERVE,
    P_WILD_AFTER_READY_ONLY,
    P_WILD_HONOR_CYCLE,
    P_WILD_RULE,
    RESERVE_CEIL_STACKS,
    RESERVE_FLOOR_STACKS,
    WILD_CYCLE_SINGLE,
    WILD_NONE,
    WILD_TREASURE,
)

# option bits of a reaction
O_WIN = 1


O_PUNG = 2


O_KONG = 4


O_CHOW_LOW = 8


O_CHOW_MID = 16


O_CHOW_HIGH = 32


@nb.njit(cache=True, inline="always")
def _rec(s, t, kind, seat, arg):
    """Append the event ``kind | seat << 8 | arg << 12`` (int32, docs/records.md) to table ``t``'s
    record; nothing when recording is off (``rec`` has no columns). Inlined at numba level: it
    runs at every action and draw, and a call passes the whole state. The operands are widened to
    int64 first, as the ``@internal`` wrapper it had did, so the packed word is the same for any
    argument type. This inline (like four other small functions) needs
    ``mjsim._jit.keep_writes``: without it numba's dead-code elimination deletes their writes
    (reproducers: tests/test_jit_aliases.py)."""
    cap = s.rec.shape[1]
    if cap == 0:
        return
    n = s.tv[t, TV_REC_N]
    if n >= cap:
        s.tv[t, TV_ERROR] = ERR_RECORD_FULL
        return
    s.rec[t, n] = np.int32(np.int64(kind) | (np.int64(seat) << 8) | (np.int64(arg) << 12))
    s.tv[t, TV_REC_N] = n + 1


@nb.njit(cache=True, inline="always")
def remaining(s, t):
    """Live tiles left in the wall of table ``t`` (an indicator out of play not counted)."""
    head = s.tv[t, TV_HEAD]
    tail = s.tv[t, TV_TAIL]
    if s.tv[t, TV_IND_OUT] != 0 and head <= s.tv[t, TV_IND_POS] < tail:
        return tail - head - 1
    return tail - head


@nb.njit(cache=True, inline="always")
def can_draw_normal(s, r, t):
    """Whether a normal draw is allowed (the wall has not reached the reserve)."""
    rem = remaining(s, t)
    if r.params[P_WALL_END_AT_INDICATOR] != 0:
        # tianjin "当抓完翻混的前一张牌时...即荒庄": normal draws stop at the indicator's stack (wall
        # positions 2j, 2j+1 form stack j) until replacement draws from the tail pass it
        pos = s.tv[t, TV_IND_POS]
        if pos >= 0 and s.tv[t, TV_TAIL] > pos and s.tv[t, TV_HEAD] >= pos - pos % 2:
            return False
    reserve = r.params[P_WALL_RESERVE] + s.tv[t, TV_RESERVE_EXTRA]
    rnd = r.params[P_RESERVE_ROUNDING]
    if rnd == RESERVE_FLOOR_STACKS:
        return (rem // 2) * 2 > reserve
    if rnd == RESERVE_CEIL_STACKS:
        return ((rem + 1) // 2) * 2 > reserve
    return rem > reserve


@nb.njit(cache=True, inline="always")
def _is_flower(r, k):
    """Flower tiles (34-41) and, with ``honors_are_flowers``, the honours (27-33)."""
    return k >= 34 or (k >= 27 and r.params[P_HONORS_ARE_FLOWERS] != 0)


@internal
def _set_aside(s, t, seat, k):
    """A flower already counted in ``hands[t, seat, k]``: an honour flower moves out of the
    concealed counts into the packed ``PV_HONOR_FLOWERS`` (3 bits per kind)."""
    if 27 <= k < 34:
        s.hands[t, seat, k] -= 1
        s.pv[t, seat, PV_HONOR_FLOWERS] += 1 << (3 * (k - 27))


@internal
def _flower_quad_reserve(s, r, t, seat, k):
    """The fourth identical honour flower ``k`` a seat sets aside enlarges the reserve by
    ``reserve_per_flower_quad`` tiles (Fuzhou: "个一样的花也要多留两张": a player who
    exposes four 南 as flowers enlarges the reserve by 2)."""
    if 27 <= k < 34 and r.params[P_RESERVE_PER_FLOWER_QUAD] != 0:
        if honor_flowers(s, t, seat, k) == 4:
            s.tv[t, TV_RESERVE_EXTRA] += r.params[P_RESERVE_PER_FLOWER_QUAD]


@internal
def _keeps_flower(s, t, seat, k):
    """A flower ``k`` (34-41) just added to ``seat``'s hand stays there, concealed (bit in
    ``PV_HELD_FLOWERS``), if it is wild (ningbo "做百搭的花牌不能补花") or if flowers are
    exposed by their holder's action (after the opening replacement: "打出手中的花牌，叫杠花")."""
    if k < 34:
        return False
    bit = 1 << (k - 34)
    if (s.tv[t, TV_WILD_FLOWERS] & bit) == 0 and s.tv[t, TV_FLOWER_HOLD] == 0:
        return False
    s.pv[t, seat, PV_HELD_FLOWERS] |= bit
    return True


@nb.njit(cache=True, inline="always")
def _held_wild_flowers(s, t, p):
    """Wild flowers in seat ``p``'s concealed hand: jokers of every win check."""
    w = s.tv[t, TV_WILD_FLOWERS]
    if w == 0:
        return 0
    n = 0
    for j in range(8):
        if (w >> j) & 1:
            n += s.hands[t, p, 34 + j]
    return n


@nb.njit(cache=True, inline="always")
def _holds_plain_flower(s, t, p):
    """Seat ``p`` holds a flower that is not wild (kept concealed until its 杠花, ningbo
    "打出手中的花牌，叫杠花"). Such a flower is a tile of the hand that belongs to no set, so
    the hand is no win and no wait while it is held. The win checks count kinds 0-33 and the
    wild flowers only: without this test a hand holding three plain flowers (a multiple of
    three, so the tile count still looked 3n+2) read as a win with a set fewer, and a plain
    flower just drawn reached the fan detector as the winning kind (34-41), which indexes
    arrays of the 34 kinds with it."""
    return (s.pv[t, p, PV_HELD_FLOWERS] & ~s.tv[t, TV_WILD_FLOWERS]) != 0


@nb.njit(cache=True, inline="always")
def _n_held_flowers(s, t, p):
    """Flower tiles in seat ``p``'s concealed hand (``PV_HELD_FLOWERS``; one copy per kind)."""
    b = s.pv[t, p, PV_HELD_FLOWERS]
    n = 0
    for j in range(8):
        n += (b >> j) & 1
    return n


@internal
def _wild_flower_group(s, t, ind):
    """A turned flower makes its group wild: a season 春夏秋冬 (34-37) the four seasons, a
    plant 梅兰竹菊 (38-41) the four plants (ningbo "翻开的牌是春、夏、秋、冬中的一张，则春夏秋冬
    四张都作为百搭牌"); the turned one is out of play, so 3 wild flowers are in play."""
    s.tv[t, TV_WILD_FLOWERS] = 0x0F if ind < 38 else 0xF0


@nb.njit(cache=True)
def honor_flowers(s, t, seat, k):
    """Copies of honour ``k`` (27-33) that ``seat`` set aside as flowers (honors_are_flowers)."""
    return (s.pv[t, seat, PV_HONOR_FLOWERS] >> (3 * (k - 27))) & 7


@nb.njit(cache=True)
def wild_successor(r, k):
    """The kind after ``k`` for indicator wilds: cyclic within a suit (9 -> 1), winds
    E->S->W->N->E, dragons 中->发->白->中 (33->32->31) or, with ``wild_honor_cycle="single"``,
    E->S->W->N->中->发->白->E. Kinds absent from the tile set are skipped."""
    single = r.params[P_WILD_HONOR_CYCLE] == WILD_CYCLE_SINGLE
    x = k
    for _ in range(9):
        if x < 27:
            base = x - x % 9
            x = base + (x % 9 + 1) % 9
        elif x < 30:
            x = x + 1
        elif x == 30:
            x = 33 if single else 27
        elif x == 31:
            x = 27 if single else 33
        else:
            x = x - 1  # 33 -> 32 (中 -> 发), 32 -> 31 (发 -> 白)
        if r.tile_counts[x] > 0:
            return x
    return k


@nb.njit(cache=True, inline="always")
def _wilds_active(s, r, t, p):
    wr = r.params[P_WILD_RULE]
    if wr == WILD_NONE or wr == WILD_TREASURE:
        return False  # the 宝 is never wild in the hand: only as a drawn tile (_treasure_x)
    if r.params[P_WILD_AFTER_READY_ONLY] != 0 and s.pv[t, p, PV_READY] == 0:
        return False
    return True


@nb.njit(cache=True)
def _split_wilds(s, r, t, p, h):
    """``(natural counts uint8[34], wilds held)`` of ``h`` for seat ``p``."""
    c = np.zeros(34, dtype=np.uint8)
    nw = r.params[P_IMAGINED_WILD]  # the imagined wild joins every win check
    nw += _held_wild_flowers(s, t, p)  # wild flowers
    active = _wilds_active(s, r, t, p)
    for k in range(34):
        if active and s.wild[t, k] != 0:
            nw += h[k]
        else:
            c[k] = h[k]
    return c, nw


@nb.njit(cache=True)
def _discarded_by(s, t, p, k):
    for i in range(s.pv[t, p, PV_N_RIVER]):
        if s.river[t, p, i] == k:
            return True
    return False


@nb.njit(cache=True)
def _live_draws(s, r, t):
    """Normal draws left before the reserve (approximate with whole-stack reserves)."""
    reserve = r.params[P_WALL_RESERVE] + s.tv[t, TV_RESERVE_EXTRA]
    return remaining(s, t) - reserve


@internal
def _n_wild_held(s, r, t, p, h):
    """Wild tiles in ``h`` that count as wild for seat ``p``."""
    if not _wilds_active(s, r, t, p):
        return 0
    nw = 0
    for k in range(34):
        if s.wild[t, k] != 0:
            nw += h[k]
    return nw + _held_wild_flowers(s, t, p)  # wild flowers


@nb.njit(cache=True, inline="always")
def _void_count(s, t, p, h):
    """Tiles of seat ``p``'s declared void suit (定缺) in ``h``; 0 without a choice."""
    v = s.pv[t, p, PV_MISSING]
    if v < 0:
        return 0
    c = 0
    for k in range(9 * v, 9 * v + 9):
        c += h[k]
    return c


@nb.njit(cache=True, inline="always")
def _in_void(s, t, p, k):
    v = s.pv[t, p, PV_MISSING]
    return v >= 0 and 9 * v <= k < 9 * v + 9


@nb.njit(cache=True)
def _has_pung(s, t, p, k):
    for i in range(s.melds.shape[2]):
        if s.melds[t, p, i, 0] == MELD_PUNG and s.melds[t, p, i, 1] == k:
            return i
    return -1


@nb.njit(cache=True, inline="always")
def _pung_bits(s, t, p):
    """Bit ``k`` set when seat ``p`` has an exposed pung of kind ``k`` (one pass over the melds)."""
    bits = 0
    for i in range(s.pv[t, p, PV_N_MELDS]):
        if s.melds[t, p, i, 0] == MELD_PUNG:
            bits |= 1 << np.int64(s.melds[t, p, i, 1])
    return bits


O_CHOW_READY_LOW = 64  # option bits of 吃听 (CHOW_READY_LOW / MID / HIGH)


O_CHOW_READY_MID = 128


O_CHOW_READY_HIGH = 256


@internal
def _stand_clip(s, t, p):
    """After a call or a kong: keep only the standing entries whose kind is still held that many
    times (the call took the other copies first, then standing ones)."""
    v = np.int64(s.pv[t, p, PV_STANDING])
    if v == 0:
        return
    out = 0
    j = 0
    for i in range(4):
        x = (v >> (6 * i)) & 63
        if x == 0:
            continue
        kept = 0
        for jj in range(j):
            if (out >> (6 * jj)) & 63 == x:
                kept += 1
        if s.hands[t, p, x - 1] > kept:
            out |= x << (6 * j)
            j += 1
    s.pv[t, p, PV_STANDING] = out


@internal
def _add_meld(s, t, p, mtype, k, src):
    i = s.pv[t, p, PV_N_MELDS]
    s.melds[t, p, i, 0] = mtype
    s.melds[t, p, i, 1] = k
    s.melds[t, p, i, 2] = src
    s.pv[t, p, PV_N_MELDS] = i + 1
    _stand_clip(s, t, p)


@nb.njit(cache=True, inline="always")
def _add_river(s, t, p, k, flag):
    i = s.pv[t, p, PV_N_RIVER]
    if i >= MAX_RIVER:
        s.tv[t, TV_ERROR] = ERR_RIVER_FULL
        return
    s.river[t, p, i] = k
    s.river_flags[t, p, i] = flag
    s.pv[t, p, PV_N_RIVER] = i + 1


@nb.njit(cache=True)
def _won_mask(s, r, t):
    m = 0
    for q in range(r.params[P_N_PLAYERS]):
        if s.pv[t, q, PV_WON] != 0:
            m |= 1 << q
    return m


@internal
def _wild_kong_kind(s, t, p):
    """The lowest wild kind seat ``p`` holds, -1 if none."""
    for k in range(34):
        if s.wild[t, k] != 0 and s.hands[t, p, k] > 0:
            return k
    return -1
