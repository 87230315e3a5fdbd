"""Observation encoder benchmark: ``planes-v0`` .. ``planes-v4`` per call in a jitted loop.

    python benchmarks/encoder.py [--quick] [--no-write] [--variant riichi] [--states 200]

The planes encoder runs on every step of the PettingZoo AEC env (``aec_step_h`` ->
``encode_any``) and of the vector env. This script records ``--states`` different mid-game
states of ``--variant`` (seeded random legal play through the AEC env, one state every few
steps once the rivers are filling, the seat to act as observer), then times, in one run and
interleaved (A B A B after a warm-up, ``benchmarks/common.py``), a jitted loop that cycles
through all of them calling :func:`mjsim.envs.encoders.encode_any` (borrowed views, as the
env kernels pass) beside the same loop over a copy of the encoders as they were before their
constant-factor pass (``_old_*`` below: byte-identical outputs, checked here on every state).
Cycling through many states keeps branch prediction and caches realistic (one state repeated
flatters the loop).

Also: cold start (empty numba cache, subprocess: import + the first ``encode_planes_batch`` of
each version) and warm start (same, cache populated).

Writes the "## Observation encoder" section of ``benchmarks/RESULTS.md`` (only that section).
"""

from __future__ import annotations

import sys
import tempfile

import mjsim.envs as E
import numba as nb
import numpy as np
from common import (
    Row,
    Stat,
    bench_parser,
    command_line,
    interleave,
    machine_info,
    measure_rate,
    report,
    run_subprocess,
)
from mjsim.envs.encoders import (
    DECIDE_CHOOSE_SUIT,
    DECIDE_DECLARE,
    DECIDE_DISCARD_REACTION,
    DECIDE_OTHER,
    DECIDE_ROB_KONG,
    DECIDE_SEABED,
    DECIDE_TURN,
    N_PLANES,
    N_PLANES_V1,
    N_PLANES_V2,
    N_PLANES_V3,
    PL_ASKED,
    PL_CHOW_READY,
    PL_DECIDE,
    PL_DISCARDS,
    PL_DRAWN,
    PL_FLOWERS,
    PL_HAND,
    PL_INDICATOR,
    PL_LOCKED,
    PL_MELDS,
    PL_MISSING,
    PL_MY_TURN,
    PL_OLD_TREASURES,
    PL_OWN_CONCEALED_KONGS,
    PL_READY,
    PL_RECENCY,
    PL_RED_HAND,
    PL_RED_OPEN,
    PL_RED_TARGET,
    PL_REPLACEMENT,
    PL_ROUND_WIND,
    PL_SCALARS,
    PL_SCALARS_V2,
    PL_SCALARS_V3,
    PL_SEAT_WIND,
    PL_SET_ASIDE_HONORS,
    PL_SOURCE,
    PL_STANDING,
    PL_TARGET,
    PL_TILES_LEFT,
    PL_TREASURE,
    PL_UNSEEN,
    PL_WILD,
    PL_WON,
    PLANE_ENCODERS,
    encode_any,
)

from mjsim.engine.board import honor_flowers, remaining
from mjsim.engine.borrow import borrow, unowned
from mjsim.engine.honor_sets import n_bufeng
from mjsim.engine.meld_tiles import add_meld_tiles, add_plain_meld, meld_kind_shown
from mjsim.engine.state import (
    PH_CHOOSE_SUIT,
    PH_DECLARE,
    PH_DONE,
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
    PV_STANDING,
    PV_WON,
    RF_CLAIMED,
    RF_FACE_DOWN,
    RF_OLD_TREASURE,
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
from mjsim.melds import MAX_MELDS, MELD_CONCEALED_KONG, MELD_NONE
from mjsim.rules.params import P_CONCEALED_KONG_SHOWN, P_N_PLAYERS, P_RED_FIVES

AREA = "encoder"

# ------------------------------------------------------------------ the encoders before the pass
# A verbatim copy (docstrings removed) of envs/encoders.py's planes encoders before their
# constant-factor pass: the same-run reference of the figures below.


@nb.njit(cache=True)
def _old_clip(x):
    if x > 127:
        return 127
    if x < 0:
        return 0
    return x


@nb.njit(cache=True, inline="always")
def _old_indicator_apart(tv):
    if tv[TV_IND_OUT] != 0:
        return True
    pos = tv[TV_IND_POS]
    return tv[TV_HEAD] <= pos < tv[TV_TAIL]


@nb.njit(cache=True)
def _old_encode_planes(s, r, t, me, out):
    out[:, :] = 0
    n = r.params[P_N_PLAYERS]
    # table t's rows, taken once (one view each instead of a 3-4-d index per read)
    tv = s.tv[t]
    pv = s.pv[t]
    hands = s.hands[t]
    river = s.river[t]
    rflags = s.river_flags[t]
    melds = s.melds[t]
    phase = tv[TV_PHASE]
    # copies seen by ``me``, counted in the ``unseen`` plane (no allocation), converted below
    visible = out[PL_UNSEEN]
    # own hand
    for k in range(34):
        c = hands[me, k]
        out[PL_HAND, k] = c
        visible[k] += c
    live = phase != PH_DONE and tv[TV_ERROR] == 0
    if live and phase == PH_TURN and tv[TV_SEAT] == me:
        out[PL_MY_TURN, :] = 1
        d = tv[TV_DRAWN]
        if 0 <= d < 34:
            out[PL_DRAWN, d] = 1
    if live and phase == PH_REACT:
        k = tv[TV_TILE]
        if 0 <= k < 34:
            out[PL_TARGET, k] = 1
        if tv[TV_ASK0 + tv[TV_REACT_POS]] == me:
            out[PL_ASKED, :] = 1 if tv[TV_REACT_KIND] == 0 else 2
    dealer = tv[TV_DEALER]
    exposed = 0  # bit rel: that seat's meld plane is not empty (added to ``visible`` below)
    for rel in range(n):
        q = (me + rel) % n
        # discards and recency
        nr = pv[q, PV_N_RIVER]
        for i in range(nr):
            k = river[q, i]
            if k >= 34:
                continue
            f = rflags[q, i]
            if rel != 0 and (f & RF_FACE_DOWN) != 0:
                continue  # 立牌: a standing tile discarded face down is hidden from others
            out[PL_DISCARDS + rel, k] += 1
            out[PL_RECENCY + rel, k] = _old_clip(nr - i)
            if (f & RF_CLAIMED) == 0:
                visible[k] += 1
        # melds
        nck = 0
        acc = out[PL_MELDS + rel]
        for i in range(MAX_MELDS):
            mt = melds[q, i, 0]
            if mt == MELD_NONE:
                continue
            if mt == MELD_CONCEALED_KONG:
                nck += 1
                if rel == 0:
                    k = np.int64(melds[q, i, 1])
                    out[PL_OWN_CONCEALED_KONGS, k] = 4
                    visible[k] += 4
                    continue
            if not meld_kind_shown(r, mt, q, me):
                continue  # face down: the other seats see that it exists (nck), not its kind
            # chows, pungs, kongs inline; honour chows and special kongs read the state
            if add_plain_meld(mt, np.int64(melds[q, i, 1]), acc) < 0:
                add_meld_tiles(s, t, q, i, acc)
            exposed |= 1 << rel
        out[PL_SCALARS, rel] = nck
        if pv[q, PV_HONOR_FLOWERS] != 0:  # honours set aside face up (放风 / 补风, honours
            # as flowers): public, shown at their kinds in the seat's flower plane
            for k in range(27, 34):
                c = honor_flowers(s, t, q, k)
                out[PL_FLOWERS + rel, k] = c
                visible[k] += c
        # flowers set aside (public); a flower still held in a hand (a wild flower, or one
        # not yet exposed under flower_replacement="action") is a concealed tile: shown to
        # its owner only
        held = 0 if rel == 0 else pv[q, PV_HELD_FLOWERS]
        for f in range(8):
            if hands[q, 34 + f] > 0 and (held >> f) & 1 == 0:
                out[PL_FLOWERS + rel, f] = 1
        m = pv[q, PV_MISSING]
        if 0 <= m < 3:
            out[PL_MISSING + rel, 9 * m : 9 * m + 9] = 1
        if pv[q, PV_READY] != 0:
            out[PL_READY + rel, :] = 1
        if pv[q, PV_WON] != 0:
            out[PL_WON + rel, :] = 1
        if q == dealer:
            out[PL_SCALARS, 4 + rel] = 1
    # exposed meld tiles are seen: each meld plane holds exactly the copies of its melds
    for rel in range(n):
        if (exposed >> rel) & 1:
            for k in range(34):
                visible[k] += out[PL_MELDS + rel, k]
    for k in range(34):
        if s.wild[t, k] != 0:
            out[PL_WILD, k] = 1
    ind = tv[TV_INDICATOR]
    if 0 <= ind < 34:
        out[PL_INDICATOR, ind] = 1
        if _old_indicator_apart(tv):
            visible[ind] += 1
    out[PL_SEAT_WIND, 27 + (me - dealer + n) % n] = 1
    out[PL_ROUND_WIND, 27 + tv[TV_ROUND_WIND] % 4] = 1
    left = _old_clip(remaining(s, t))
    for k in range(34):
        out[PL_TILES_LEFT, k] = left
        u = np.int64(r.tile_counts[k]) - np.int64(visible[k])
        out[PL_UNSEEN, k] = u if u > 0 else 0
    out[PL_SCALARS, 8] = 1 if tv[TV_FIRST_ROUND] != 0 else 0
    out[PL_SCALARS, 9] = _old_clip(tv[TV_REPEAT])
    out[PL_SCALARS, 10] = _old_clip(tv[TV_MULT])
    out[PL_SCALARS, 11] = n


@nb.njit(cache=True)
def _old_fill(out, plane, v):
    for k in range(34):
        out[plane, k] = v


@nb.njit(cache=True)
def _old_encode_planes_v1(s, r, t, me, out):
    _old_encode_planes(s, r, t, me, out[:N_PLANES])
    out[N_PLANES:, :] = 0
    n = r.params[P_N_PLAYERS]
    tv = s.tv[t]
    ph = tv[TV_PHASE]
    if ph == PH_DONE or tv[TV_ERROR] != 0:
        return
    if ph == PH_REACT:
        if tv[TV_ASK0 + tv[TV_REACT_POS]] != me:
            return
        d = DECIDE_DISCARD_REACTION if tv[TV_REACT_KIND] == 0 else DECIDE_ROB_KONG
        _old_fill(out, PL_DECIDE + d, 1)
        rel = (tv[TV_FROM] - me + n) % n
        if 1 <= rel <= 3:
            _old_fill(out, PL_SOURCE + rel - 1, 1)
    elif tv[TV_SEAT] == me:
        if ph == PH_TURN:
            _old_fill(out, PL_DECIDE + DECIDE_TURN, 1)
            if tv[TV_REPLACEMENT] != 0 and tv[TV_DRAWN] >= 0:
                _old_fill(out, PL_REPLACEMENT, 1)
        elif ph == PH_CHOOSE_SUIT:
            _old_fill(out, PL_DECIDE + DECIDE_CHOOSE_SUIT, 1)
        elif ph == PH_DECLARE:
            _old_fill(out, PL_DECIDE + DECIDE_DECLARE, 1)
        elif ph == PH_SEABED:
            _old_fill(out, PL_DECIDE + DECIDE_SEABED, 1)
        else:
            _old_fill(out, PL_DECIDE + DECIDE_OTHER, 1)
    if s.pv[t, me, PV_LOCK] != 0:
        _old_fill(out, PL_LOCKED, 1)


@nb.njit(cache=True)
def _old_encode_planes_v2(s, r, t, me, out):
    _old_encode_planes_v1(s, r, t, me, out[:N_PLANES_V1])
    out[N_PLANES_V1:, :] = 0
    n = r.params[P_N_PLAYERS]
    tv = s.tv[t]
    v = np.int64(s.pv[t, me, PV_STANDING])
    for i in range(4):
        x = (v >> (6 * i)) & 63
        if 1 <= x <= 34:
            out[PL_STANDING, x - 1] += 1
    kt = tv[TV_TREASURE]
    if 0 <= kt < 34:
        out[PL_SCALARS_V2, 4] = 1
        if s.pv[t, me, PV_LOOKED] != 0:
            out[PL_TREASURE, kt] = 1
    if s.pv[t, me, PV_CHOW_READY] != 0 and tv[TV_PHASE] != PH_DONE:
        _old_fill(out, PL_CHOW_READY, 1)
    for rel in range(n):
        q = (me + rel) % n
        fd = 0
        for i in range(s.pv[t, q, PV_N_RIVER]):
            f = s.river_flags[t, q, i]
            if (f & RF_FACE_DOWN) != 0:
                fd += 1
            if (f & RF_OLD_TREASURE) != 0:
                k = s.river[t, q, i]
                if k < 34:
                    out[PL_OLD_TREASURES, k] += 1
        out[PL_SCALARS_V2, rel] = _old_clip(fd)
        if s.pv[t, q, PV_READY] != 0:
            out[PL_SCALARS_V2, 5 + rel] = _old_clip(s.pv[t, q, PV_READY_KIND] + 1)


@nb.njit(cache=True)
def _old_encode_planes_v3(s, r, t, me, out):
    _old_encode_planes_v2(s, r, t, me, out[:N_PLANES_V2])
    out[N_PLANES_V2:, :] = 0
    n = r.params[P_N_PLAYERS]
    for rel in range(n):
        q = (me + rel) % n
        if s.pv[t, q, PV_HONOR_FLOWERS] != 0:
            for k in range(27, 34):
                out[PL_SET_ASIDE_HONORS + rel, k] = honor_flowers(s, t, q, k)
        out[PL_SCALARS_V3, rel] = _old_clip(s.pv[t, q, PV_BET])
        out[PL_SCALARS_V3, 4 + rel] = _old_clip(n_bufeng(s, t, q))


@nb.njit(cache=True)
def _old_encode_planes_v4(s, r, t, me, out):
    _old_encode_planes_v3(s, r, t, me, out[:N_PLANES_V3])
    out[N_PLANES_V3:, :] = 0
    if r.params[P_RED_FIVES] == 0:
        return
    n = r.params[P_N_PLAYERS]
    for suit in range(3):
        out[PL_RED_HAND, 4 + 9 * suit] = _old_clip(s.pv[t, me, PV_RED_HAND + suit])
    for rel in range(n):
        q = (me + rel) % n
        red = np.zeros(3, np.int64)
        for suit in range(3):
            red[suit] = s.pv[t, q, PV_RED_MELD + suit]
        if q != me and r.params[P_CONCEALED_KONG_SHOWN] == 0:
            for i in range(MAX_MELDS):
                k = s.melds[t, q, i, 1]
                if s.melds[t, q, i, 0] == MELD_CONCEALED_KONG and (k == 4 or k == 13 or k == 22):
                    red[k // 9] = 0  # all four fives are in the face-down kong
        for i in range(s.pv[t, q, PV_N_RIVER]):
            k = s.river[t, q, i]
            bit = (s.pv[t, q, PV_RED_RIVER + i // 24] >> (i % 24)) & 1
            if bit != 0 and (s.river_flags[t, q, i] & RF_CLAIMED) == 0:
                red[k // 9] += 1
        for suit in range(3):
            out[PL_RED_OPEN + rel, 4 + 9 * suit] = _old_clip(red[suit])
    k = s.tv[t, TV_TILE]
    if s.tv[t, TV_PHASE] == PH_REACT and k >= 0 and s.tv[t, TV_TILE_RED] != 0:
        out[PL_RED_TARGET, k] = 1


@nb.njit(cache=True, inline="always")
def _old_encode_any(s, r, t, me, out, version):
    if version == 4:
        _old_encode_planes_v4(s, r, t, me, out)
    elif version == 3:
        _old_encode_planes_v3(s, r, t, me, out)
    elif version == 2:
        _old_encode_planes_v2(s, r, t, me, out)
    elif version == 1:
        _old_encode_planes_v1(s, r, t, me, out)
    else:
        _old_encode_planes(s, r, t, me, out)


# ------------------------------------------------------------------------------------- states


def record_states(variant: str, n_states: int, seed: int = 0) -> tuple[State, object, np.ndarray]:
    """``n_states`` different mid-game states of ``variant`` stacked into one ``State`` (table
    ``i`` = state ``i``), its compiled rules, and the seat to act in each (the observer the AEC
    env encodes). Seeded random legal play through the raw AEC env; a state is kept every third
    step once at least eight tiles have been discarded, while the hand is live."""
    raw = E.mahjong_v0.raw_env(variant)
    rng = np.random.default_rng(seed)
    states: list[State] = []
    seats: list[int] = []
    hand = 0
    raw.reset(seed=seed)
    step = 0
    while len(states) < n_states:
        agent = raw.agent_selection
        if raw.terminations[agent] or raw.truncations[agent]:
            hand += 1
            raw.reset(seed=seed + 1000 * hand)
            continue
        s = raw.state_arrays
        discarded = int(s.pv[0, :, PV_N_RIVER].sum())
        step += 1
        if discarded >= 8 and step % 3 == 0 and s.tv[0, TV_PHASE] != PH_DONE:
            states.append(State(*(a.copy() for a in s)))
            seats.append(raw.seat_of(agent))
        legal = np.flatnonzero(raw.observe(agent)["action_mask"])
        raw.step(int(legal[rng.integers(len(legal))]))
    stacked = State(*(np.concatenate([getattr(x, f) for x in states]) for f in State._fields))
    return stacked, raw._rules, np.array(seats, np.int64)


# --------------------------------------------------------------------------------- jitted loops


@nb.njit(cache=True)
def loop_now(s, r, seats, out, reps, version):
    """``reps`` passes of ``encode_any`` over every table (borrowed views, as the env kernels)."""
    s, r = borrow(s, r)
    o = unowned(out)
    for _ in range(reps):
        for t in range(seats.shape[0]):
            encode_any(s, r, t, seats[t], o[t], version)


@nb.njit(cache=True)
def loop_before(s, r, seats, out, reps, version):
    """The same loop over the copy of the encoders before the pass."""
    s, r = borrow(s, r)
    o = unowned(out)
    for _ in range(reps):
        for t in range(seats.shape[0]):
            _old_encode_any(s, r, t, seats[t], o[t], version)


def call_rows(variant: str, n_states: int, quick: bool) -> list[Row]:
    s, r, seats = record_states(variant, n_states)
    n = len(seats)
    rows = []
    for name, (n_planes, _, version) in PLANE_ENCODERS.items():
        a = np.zeros((n, n_planes, 34), np.int8)
        b = np.ones((n, n_planes, 34), np.int8)
        loop_now(s, r, seats, a, 1, version)
        loop_before(s, r, seats, b, 1, version)
        if not np.array_equal(a, b):
            raise AssertionError(f"{name}: the encoders disagree with their copy before the pass")
        reps = 20 if quick else 500

        def now(a=a, version=version, reps=reps) -> float:
            return measure_rate(lambda: (loop_now(s, r, seats, a, reps, version), reps * n)[1])

        def before(b=b, version=version, reps=reps) -> float:
            return measure_rate(lambda: (loop_before(s, r, seats, b, reps, version), reps * n)[1])

        stats = interleave({"now": now, "before": before}, repeats=1 if quick else 5)
        us = {k: Stat.of([1e6 / x for x in v.samples]) for k, v in stats.items()}
        rows.append(
            Row(
                AREA,
                f"{name}, {variant}, {n} mid-game states cycled, 1 thread",
                "us/call",
                us["now"],
                peer="before the pass (same-run copy)",
                peer_stat=us["before"],
                compared="the same loop, states and outputs (byte-identical)",
                higher_is_better=False,
            )
        )
    return rows


# ------------------------------------------------------------------------------------- cold start

_COLD_SNIPPET = r"""
import json, time
t0 = time.perf_counter()
import numpy as np
from mjsim import variants
from mjsim.envs.encoders import PLANE_ENCODERS, encode_planes_batch
from mjsim.engine.state import new_state
r = variants.get("riichi").compile()
s = new_state(2)
t_import = time.perf_counter() - t0
for c, _, v in PLANE_ENCODERS.values():
    encode_planes_batch(s, r, np.zeros(2, np.int64), np.zeros((2, c, 34), np.int8), v)
print(json.dumps({"import_s": t_import, "total_s": time.perf_counter() - t0}))
"""


def _subprocess(env: dict[str, str]) -> dict[str, float]:
    """The snippet's JSON line, run in a fresh interpreter with ``env`` added to this one's."""
    res = run_subprocess([sys.executable, "-c", _COLD_SNIPPET], env=env, timeout=1800)
    if res.returncode != 0:
        raise RuntimeError(f"cold-start subprocess failed: {res.stderr[-800:]}")
    return res.last_json()


def startup_rows(quick: bool) -> list[Row]:
    with tempfile.TemporaryDirectory() as d:
        cold = _subprocess({"NUMBA_CACHE_DIR": d})
        warm = [_subprocess({"NUMBA_CACHE_DIR": d}) for _ in range(1 if quick else 3)]
    what = "import + first encode_planes_batch of planes-v0 .. v4"
    return [
        Row(
            AREA,
            f"cold start: {what}, empty numba cache",
            "s",
            Stat.of([cold["total_s"]]),
            higher_is_better=False,
            note="compiles the encoders once (subprocess)",
        ),
        Row(
            AREA,
            "warm start: same, numba cache populated",
            "s",
            Stat.of([w["total_s"] for w in warm]),
            higher_is_better=False,
        ),
    ]


def main(argv: list[str] | None = None) -> None:
    ap = bench_parser(__doc__)
    ap.add_argument("--variant", default="riichi")
    ap.add_argument("--states", type=int, default=200)
    ap.add_argument("--no-startup", action="store_true", help="skip the cold/warm start rows")
    args = ap.parse_args(argv)
    info = machine_info()
    rows = call_rows(args.variant, args.states, args.quick)
    if not args.no_startup:
        rows += startup_rows(args.quick)
    intro = (
        f"`{command_line('encoder.py', argv)}`. Per call of `encode_any` in a jitted loop that "
        f"cycles through {args.states} recorded mid-game states (borrowed views, as the env "
        "kernels pass); the peer column is the same loop over a copy of the encoders before "
        "their constant-factor pass (outputs checked byte-identical), run interleaved with it; "
        "ratio = before / now (> 1: faster now)."
    )
    report("## Observation encoder", intro, rows, write=not args.no_write, info=info)


if __name__ == "__main__":
    main()
