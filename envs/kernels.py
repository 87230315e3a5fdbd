"""Jitted helpers shared by the environments: match flow (next hand with carry-over), reward
bookkeeping, in-kernel opponents, and the one-call batched step of the vector env.

All functions read and write the engine's :class:`~mjsim.engine.state.State` arrays through the
public kernels of the engine (:mod:`mjsim.engine.deal`, :mod:`mjsim.engine.legal`,
:mod:`mjsim.engine.step`); nothing here changes the rules.
"""

from __future__ import annotations

from collections.abc import Sequence

import numba as nb
import numpy as np
from mjsim.agents.policies import choose_action_counted
from mjsim.envs.encoders import encode_any
from numba.core import cgutils, types
from numba.extending import intrinsic

from mjsim.engine import deal, legal, step
from mjsim.engine.game_end import END_GOES_ON, game_end
from mjsim.engine.rng import hand_key
from mjsim.engine.state import (
    PH_DONE,
    PV_PAY,
    PV_SCORE,
    TV_HAND_NO,
    TV_PHASE,
    State,
)
from mjsim.rules.params import P_N_PLAYERS
from mjsim.rules.spec import CompiledRules


@nb.njit(cache=True, inline="always")
def seat_total(s, t, p):
    """Seat ``p``'s points so far: running score + this hand's unsettled payments (such as
    immediate kong points) while the hand is in play."""
    v = np.int64(s.pv[t, p, PV_SCORE])
    if s.tv[t, TV_PHASE] != PH_DONE:
        v += s.pv[t, p, PV_PAY]
    return v


@nb.njit(cache=True, inline="always")
def seat_totals(s, r, t, out):
    """Each seat's points so far (:func:`seat_total`) into ``out`` (int64[4])."""
    n = r.params[P_N_PLAYERS]
    for p in range(n):
        out[p] = seat_total(s, t, p)


@nb.njit(cache=True, inline="always")
def seat_deltas(s, r, t, totals, out):
    """Each seat's points change since ``totals`` (int64[4]: :func:`seat_total` when last
    read, then updated to the current totals) into ``out`` (int64 or float64, >= n_players
    long; the n_players seats of table ``t``). Returns whether some change is not zero. The
    one reward loop of the AEC env (:func:`aec_step`) and the vector env
    (:func:`vector_step_h`)."""
    n = r.params[P_N_PLAYERS]
    nonzero = False
    for p in range(n):
        v = seat_total(s, t, p)
        d = v - totals[p]
        out[p] = d
        totals[p] = v
        nonzero |= d != 0
    return nonzero


@nb.njit(cache=True)
def start_match(s, r, t, seed, hand_no, dealer):
    """First hand of a match on table ``t``: scores cleared, prevailing wind East, RNG key
    ``(seed, hand_no)``, ``dealer`` deals and is the match's first dealer."""
    for p in range(s.pv.shape[1]):
        s.pv[t, p, PV_SCORE] = 0
    z = np.int64(0)
    d = np.int64(dealer)
    # the same compiled signature of reset_table as mjsim.selfplay's and Game's
    deal.reset_table(
        s, r, t, hand_key(seed, hand_no), np.int64(hand_no), d, z, z, z + 1, np.bool_(True), d, z
    )


@nb.njit(cache=True)
def next_hand(s, r, t, seed, first_dealer):
    """Deal the next hand of a match after a finished one with the engine's carry-over
    (:func:`mjsim.engine.deal.next_hand`: scores, next dealer, prevailing wind per the
    variant's ``round_wind_rule``, dealer-repeat counter, multiplier, draw streak), RNG key
    ``(seed, hand_no + 1)``. ``first_dealer`` is kept for the callers' signature (the engine
    reads the match's first dealer from the state)."""
    deal.next_hand(s, r, t, hand_key(seed, np.int64(s.tv[t, TV_HAND_NO]) + 1))


@nb.njit(cache=True)
def aec_step(s, r, t, a, seed, hands_left, first_dealer, totals, rewards, mask):
    """Apply legal action ``a`` on table ``t``; when the hand ends and ``hands_left > 0`` deal
    the next hand of the match. ``rewards`` (int64[4]) receives each seat's points change,
    ``totals`` (int64[4]) is updated; ``mask`` (bool[N_ACTIONS]) gets the next decision's legal
    actions. Returns ``(current player or -1, 1 if a hand ended)``."""
    step.apply_action(s, r, t, a)
    ended = 0
    if s.tv[t, TV_PHASE] == PH_DONE:
        ended = 1
    seat_deltas(s, r, t, totals, rewards)
    if ended and hands_left > 0:
        next_hand(s, r, t, seed, first_dealer)
    cp = legal.current_player(s, t)
    legal.legal_mask(s, r, t, mask)
    return cp, ended


#: agent id of a seat whose decisions the caller takes (the vector env's self-play mode)
CALLER = -1


@nb.njit(cache=True, inline="always")  # in learner_step (per env-step) and learner_reset
def play_opponents(s, r, t, learner, agents, mask):
    """In-kernel agents (``agents``: int64[4] ids) play every decision of table ``t`` until
    seat ``learner`` or a seat whose agent id is :data:`CALLER` (-1) must decide, or the hand
    is over. Returns the current player (-1 = over); ``mask`` holds that seat's legal actions
    when it returns a seat."""
    while True:
        p = legal.current_player(s, t)
        if p < 0:
            return p
        n = legal.legal_mask(s, r, t, mask)
        if p == learner or agents[p] == CALLER:
            return p
        a = choose_action_counted(agents[p], s, r, t, mask, n)
        step.apply_action(s, r, t, a)


@nb.njit(cache=True)
def episode_seed(seed, episode):
    """The seed of episode ``episode`` of a table seeded ``seed`` (int64 >= 0 -> int64 >= 0)."""
    return np.int64(hand_key(seed, episode) >> np.uint64(1))


@nb.njit(cache=True)
def learner_reset(s, r, t, seed, dealer, learner, agents, mask):
    """Start a match on table ``t`` (first hand dealt by ``dealer``, RNG ``(seed, hand)``) and
    let the opponents play up to the learner's first decision. A hand that ends before the
    learner ever decides is re-dealt as the next hand number (documented in the Gymnasium
    env); returns that hand number (usually 0)."""
    h = 0
    while True:
        start_match(s, r, t, seed, h, dealer)
        if play_opponents(s, r, t, learner, agents, mask) >= 0:
            return h
        h += 1


@nb.njit(cache=True, inline="always")  # one caller: vector_step_h
def learner_step(s, r, t, a, learner, agents, seed, hands_left, first_dealer, mask, game):
    """Apply the deciding seat's action ``a`` (legal: checked by the caller), then let the
    in-kernel opponents play until the next decision of the learner (or of a :data:`CALLER`
    seat), dealing further hands of a match while ``hands_left > 0`` (decremented per extra
    hand dealt), or with ``game`` (whole-game episodes) until the game ends
    (:func:`mjsim.engine.game_end.game_end`). Returns ``(current player or -1, hands_left,
    game end code or -1)``; ``mask`` holds the current player's legal actions, all False when
    the episode is over."""
    step.apply_action(s, r, t, a)
    end = END_GOES_ON
    while True:
        cp = play_opponents(s, r, t, learner, agents, mask)
        if cp >= 0:
            break
        if game:
            end = game_end(s, r, t)
            if end != END_GOES_ON:
                break
            next_hand(s, r, t, seed, first_dealer)
            continue
        if hands_left > 0:
            hands_left -= 1
            next_hand(s, r, t, seed, first_dealer)
            continue
        break
    if cp < 0:
        mask[:] = False
    return cp, hands_left, end


# per-table integer columns of the vector env's ``ti`` array (int64[B, N_TI])
TI_LEARNER = 0  # the learner's seat
TI_SEED = 1  # the table's seed (episode e is dealt from episode_seed(seed, e))
TI_EPISODE = 2  # episodes started so far
TI_EP_SEED = 3  # seed of the episode in play
TI_FIRST_DEALER = 4  # first dealer of the episode in play
TI_HANDS_LEFT = 5  # further hands of the match after the one in play
TI_NEEDS_RESET = 6  # 1: the next step starts a new episode (ignores the action)
TI_ILLEGAL = 7  # 1: the last action given for this table was illegal (not applied)
TI_SEAT = 8  # the seat whose observation obs[t] is (the seat to act; at an episode's end the
# seat that took its last action)
TI_FIRST_HAND = 9  # hand number of the episode's first hand (learner_reset)
TI_GAME_END = 10  # whole-game episodes: why the game ended (mjsim.engine.game_end), -1 before
N_TI = 11


# ---- headers: the environments' arrays passed to a kernel as ONE int64 array of addresses.
# numba's dispatch unboxes every array argument (type fingerprint, buffer, meminfo): about
# 0.4 us each, 9 us for the 24 arguments of a per-decision AEC call. A header holds, for each
# array, its data address and shape in a SLOT of int64s, then a few mutable int64 scalars; the
# kernel rebuilds the arrays as ``numba.carray`` views (same types as the originals, no NRT
# meminfo: like ``mjsim.engine.borrow``, no reference counting in the engine calls, and no
# atomic reference counts shared between the vector env's threads). The owner (the env object)
# keeps the arrays alive and never reallocates them; headers are never pickled (rebuilt on
# unpickling / copy).
SLOT = 5  # address + up to 4 dimensions
H_STATE = 0  # slots 0..10: the State arrays in field order
H_RULES = 11  # slots 11..18: the CompiledRules arrays in field order
H_EXTRA = 19  # first slot of the env's own arrays

#: dtype and number of dimensions of the State and CompiledRules arrays, in field order
STATE_LAYOUT: tuple[tuple[type, int], ...] = (
    (np.uint8, 2),  # wall
    (np.uint8, 3),  # hands
    (np.int8, 4),  # melds
    (np.uint8, 3),  # river
    (np.uint8, 3),  # river_flags
    (np.int32, 2),  # tv
    (np.int32, 3),  # pv
    (np.uint8, 2),  # wild
    (np.uint64, 2),  # rng
    (np.int32, 3),  # items
    (np.int32, 2),  # rec
    (np.int64, 1),  # params
    (np.uint8, 1),  # tile_counts
    (np.uint8, 1),  # rules wild
    (np.int64, 1),  # score_table
    (np.int64, 2),  # fan_rows
    (np.int64, 2),  # fan_cancels
    (np.int64, 1),  # fan_header
    (np.int64, 1),  # pay_record
)

# AEC header (table 0): extra slots and scalars
# totals int64[4], rewards int64[4], mask bool[A] (the engine's legal mask), obs int8[K, C, 34]
# and masks bool[K, A]: a block of K rows, each the observation planes and mask of one decision
# (the kernels write each decision into the next row; the env gives them another block when
# one is full, reusing a block only once no observation served from it is alive)
AEC_TOTALS, AEC_REWARDS, AEC_MASK, AEC_OBS, AEC_MASKS = 19, 20, 21, 22, 23
AEC_LAYOUT = ((np.int64, 1), (np.int64, 1), (np.bool_, 1), (np.int8, 3), (np.bool_, 2))
# scalars: + 0 seed, + 1 hands left, + 2 first dealer, + 3 encoder version, + 4 the row of the
# last decision written (-1: none in this block)
AEC_CTL = 24 * SLOT
C_SEED, C_HANDS_LEFT, C_FIRST_DEALER, C_VERSION, C_ROW = 0, 1, 2, 3, 4
N_AEC_CTL = 5
# aec_step_h / aec_reset_h return code: (current player + 1) | ENDED | DEALT | REWARDED | FULL
# | row << CODE_ROW, or CODE_ILLEGAL
CODE_ILLEGAL = -1  # the action is out of range or not in the legal mask: nothing applied
CODE_SEAT = 7
CODE_ENDED = 8  # a hand ended
CODE_DEALT = 16  # ... and the next hand of the match was dealt
CODE_REWARDED = 32  # some seat's reward is not zero
CODE_FULL = 64  # the decision went into the block's last row: the env replaces the block
CODE_ROW = 8  # code >> CODE_ROW: the row the decision went into (0 when none was written)
#: a step the env's fast path cannot take (anything but the next seat and its row)
CODE_SLOW = CODE_ENDED | CODE_DEALT | CODE_REWARDED | CODE_FULL

# vector env header: extra slots and scalars
(V_ACTIONS, V_TI, V_AGENTS, V_TOTALS, V_OBS, V_MASKS, V_REWARDS, V_TERMINATED) = range(19, 27)
V_SEAT_REWARDS, V_CURRENT = 27, 28
VECTOR_LAYOUT = (
    (np.int64, 1),  # actions int64[B]
    (np.int64, 2),  # ti int64[B, N_TI]
    (np.int64, 1),  # agents int64[4]
    (np.int64, 2),  # totals int64[B, 4]
    (np.int8, 3),  # obs int8[B, C, 34]
    (np.bool_, 2),  # masks bool[B, A]
    (np.float64, 1),  # rewards float64[B]
    (np.bool_, 1),  # terminated bool[B]
    (np.float64, 2),  # seat_rewards float64[B, n_players]
    (np.int64, 1),  # current int64[B]
)
V_CTL = 29 * SLOT  # scalars: + 0 hands per episode, + 1 encoder version, + 2 whole games
C_N_HANDS, C_V_VERSION, C_GAME = 0, 1, 2
N_V_CTL = 3


def make_header(
    arrays: Sequence[np.ndarray], layout: Sequence[tuple[type, int]], n_ctl: int
) -> np.ndarray:
    """``int64[len(arrays) * SLOT + n_ctl]``: address and shape of each array (checked against
    ``layout``: dtype, number of dimensions, C-contiguous, writeable), then ``n_ctl`` zeroed
    scalars. The caller keeps ``arrays`` alive and in place while the header is used."""
    if len(arrays) != len(layout):
        raise ValueError(f"{len(arrays)} arrays for a layout of {len(layout)}")
    h = np.zeros(len(arrays) * SLOT + n_ctl, np.int64)
    for i, (a, (dt, nd)) in enumerate(zip(arrays, layout, strict=True)):
        if a.dtype != np.dtype(dt) or a.ndim != nd:
            raise ValueError(
                f"header array {i}: {a.dtype}[{a.ndim}d], expected {np.dtype(dt)}[{nd}d]"
            )
        if not (a.flags.c_contiguous and a.flags.writeable):
            raise ValueError(f"header array {i} must be C-contiguous and writeable")
        h[i * SLOT] = a.ctypes.data
        h[i * SLOT + 1 : i * SLOT + 1 + nd] = a.shape
    return h


def entry_point(dispatcher, *args):  # type: ignore[no-untyped-def]
    """The compiled entry of the jitted ``dispatcher`` for the numba types of ``args``
    (``Dispatcher.get_overload``), or ``dispatcher`` itself when it has no such compiled
    overload (not compiled yet, or ``NUMBA_DISABLE_JIT``).

    Calling the entry skips numba's per-call type dispatch (the type fingerprint of every
    argument and the overload lookup: about 0.3 us of a step with a header, a scorer marker and
    an int), and with it the type checks: the caller must pass arguments of exactly the types of
    ``args`` (an int that does not fit int64 raises ``OverflowError``; an array of another dtype
    or number of dimensions is not detected). The envs call it with their own header arrays."""
    try:
        sig = tuple(nb.typeof(a) for a in args)
        return dispatcher.overloads[sig].entry_point
    except (AttributeError, KeyError, TypeError, ValueError):
        return dispatcher


@intrinsic
def _voidptr(typingctx, addr):  # type: ignore[no-untyped-def]
    """The integer ``addr`` as a ``void*`` (for ``numba.carray``)."""
    if not isinstance(addr, types.Integer):
        return None

    def codegen(context, builder, sig, args):  # type: ignore[no-untyped-def]
        return builder.inttoptr(args[0], cgutils.voidptr_t)

    return types.voidptr(addr), codegen


@nb.njit(inline="always")
def _v1(h, i, dt):
    o = i * SLOT
    return nb.carray(_voidptr(h[o]), (h[o + 1],), dt)


@nb.njit(inline="always")
def _v2(h, i, dt):
    o = i * SLOT
    return nb.carray(_voidptr(h[o]), (h[o + 1], h[o + 2]), dt)


@nb.njit(inline="always")
def _v3(h, i, dt):
    o = i * SLOT
    return nb.carray(_voidptr(h[o]), (h[o + 1], h[o + 2], h[o + 3]), dt)


@nb.njit(inline="always")
def _v4(h, i, dt):
    o = i * SLOT
    return nb.carray(_voidptr(h[o]), (h[o + 1], h[o + 2], h[o + 3], h[o + 4]), dt)


@nb.njit(cache=True)
def header_state(h, sc):
    """``(State, CompiledRules)`` viewing the arrays of header ``h`` (slots 0..18), with the
    scorer marker ``sc`` (``CompiledRules.scorer``: part of the type, not of the header)."""
    s = State(
        _v2(h, 0, np.uint8),
        _v3(h, 1, np.uint8),
        _v4(h, 2, np.int8),
        _v3(h, 3, np.uint8),
        _v3(h, 4, np.uint8),
        _v2(h, 5, np.int32),
        _v3(h, 6, np.int32),
        _v2(h, 7, np.uint8),
        _v2(h, 8, np.uint64),
        _v3(h, 9, np.int32),
        _v2(h, 10, np.int32),
    )
    r = CompiledRules(
        _v1(h, 11, np.int64),
        _v1(h, 12, np.uint8),
        _v1(h, 13, np.uint8),
        _v1(h, 14, np.int64),
        _v2(h, 15, np.int64),
        _v2(h, 16, np.int64),
        _v1(h, 17, np.int64),
        _v1(h, 18, np.int64),
        sc,
    )
    return s, r


@nb.njit(cache=True)
def first_illegal_h(h):
    """The first table ``t`` of the vector env whose arrays header ``h`` addresses
    (:data:`VECTOR_LAYOUT`) whose action ``actions[t]`` is not in its legal mask ``masks[t]``
    (out of range included), tables awaiting a new episode (``ti[t, TI_NEEDS_RESET]``: their
    action is ignored) excepted; ``-1`` when every action is legal. Reads only, one pass, so
    the env can refuse a batch before any table moves (:meth:`MahjongVectorEnv.step`)."""
    actions = _v1(h, V_ACTIONS, np.int64)
    ti = _v2(h, V_TI, np.int64)
    masks = _v2(h, V_MASKS, np.bool_)
    na = masks.shape[1]
    for t in range(actions.shape[0]):
        if ti[t, TI_NEEDS_RESET] != 0:
            continue
        a = actions[t]
        if a < 0 or a >= na or not masks[t, a]:
            return t
    return -1


@nb.njit(cache=True, nogil=True)
def vector_step_h(h, sc, lo, hi, scale):
    """One step of tables ``lo .. hi-1`` of the vector env whose arrays header ``h`` addresses
    (:data:`VECTOR_LAYOUT`), in one compiled call that releases the GIL, so slices of the batch
    can run on several threads.

    With the scalar ``C_GAME`` set, an episode is one whole game: hands are dealt on until
    :func:`mjsim.engine.game_end.game_end` ends it (``ti[t, TI_GAME_END]``: why; the hands
    ``ti[t, TI_FIRST_HAND] ..`` the state's hand number), whatever ``C_N_HANDS`` says.

    Tables with ``ti[t, TI_NEEDS_RESET]`` (finished on the previous step: Gymnasium's
    "next-step" autoreset, or never started) start episode ``ti[t, TI_EPISODE]`` (then
    incremented) and ignore ``actions``; the others apply the deciding seat's action
    ``actions[t]`` and the in-kernel opponents play until the next decision of the learner
    seat ``ti[t, TI_LEARNER]`` or of a seat whose agent is :data:`CALLER` (self-play: every
    seat; then ``TI_LEARNER`` is -1). An action that is not in ``masks[t]`` is not applied:
    ``ti[t, TI_ILLEGAL]`` is set and the table is left unchanged (a guard only: the env
    refuses such a batch with :func:`first_illegal_h` before this call, so that no table
    moves). Writes the deciding seat ``current[t]`` (-1 when the episode ended), its
    ``planes-v{version}`` observation ``obs[t]`` (at an episode's end: of the learner, or in
    self-play of the seat that took the last action; ``ti[t, TI_SEAT]``), its legal mask
    ``masks[t]`` (all False when the episode ended), every seat's points change
    ``seat_rewards[t]`` (points / ``scale``), the learner's ``rewards[t]`` (0 in self-play)
    and ``terminated[t]``.

    Arrays: ``actions``: int64[B]; ``ti``: int64[B, N_TI] (``TI_*`` columns); ``agents``:
    int64[4]; ``totals``: int64[B, 4]; ``obs``: int8[B, C, 34]; ``masks``: bool[B, N_ACTIONS];
    ``rewards``: float64[B]; ``terminated``: bool[B]; ``seat_rewards``: float64[B,
    n_players]; ``current``: int64[B]. Returns the number of illegal actions.
    """
    s, r = header_state(h, sc)
    actions = _v1(h, V_ACTIONS, np.int64)
    ti = _v2(h, V_TI, np.int64)
    agents = _v1(h, V_AGENTS, np.int64)
    totals = _v2(h, V_TOTALS, np.int64)
    obs = _v3(h, V_OBS, np.int8)
    masks = _v2(h, V_MASKS, np.bool_)
    rewards = _v1(h, V_REWARDS, np.float64)
    terminated = _v1(h, V_TERMINATED, np.bool_)
    seat_rewards = _v2(h, V_SEAT_REWARDS, np.float64)
    current = _v1(h, V_CURRENT, np.int64)
    n_hands = h[V_CTL + C_N_HANDS]
    version = h[V_CTL + C_V_VERSION]
    game = h[V_CTL + C_GAME] != 0
    n = r.params[P_N_PLAYERS]
    na = masks.shape[1]
    bad = 0
    for t in range(lo, hi):
        row = ti[t]
        learner = row[TI_LEARNER]
        reset = row[TI_NEEDS_RESET] != 0
        a = actions[t]
        illegal = not reset and (a < 0 or a >= na or not masks[t, a])
        row[TI_ILLEGAL] = 1 if illegal else 0
        if reset or illegal:  # no reward: a new episode's first step, or nothing applied
            for p in range(n):
                seat_rewards[t, p] = 0.0
            rewards[t] = 0.0
            terminated[t] = False
        if illegal:
            bad += 1
            continue
        if reset:
            es = episode_seed(row[TI_SEED], row[TI_EPISODE])
            d = row[TI_EPISODE] % n
            row[TI_EP_SEED] = es
            row[TI_FIRST_DEALER] = d
            row[TI_FIRST_HAND] = learner_reset(s, r, t, es, d, learner, agents, masks[t])
            row[TI_GAME_END] = END_GOES_ON
            row[TI_EPISODE] += 1
            row[TI_HANDS_LEFT] = n_hands - 1
            seat_totals(s, r, t, totals[t])
            row[TI_NEEDS_RESET] = 0
            cp = legal.current_player(s, t)
        else:
            cp, hl, end = learner_step(
                s,
                r,
                t,
                a,
                learner,
                agents,
                row[TI_EP_SEED],
                row[TI_HANDS_LEFT],
                row[TI_FIRST_DEALER],
                masks[t],
                game,
            )
            row[TI_HANDS_LEFT] = hl
            row[TI_GAME_END] = end
            # points changes in place, then / scale (the same doubles as (v - total) / scale;
            # most steps pay nothing and skip the divisions)
            if seat_deltas(s, r, t, totals[t], seat_rewards[t]) and scale != 1.0:
                for p in range(n):
                    seat_rewards[t, p] /= scale
            rewards[t] = seat_rewards[t, learner] if learner >= 0 else 0.0
            terminated[t] = cp < 0
            row[TI_NEEDS_RESET] = 1 if cp < 0 else 0
        current[t] = cp
        if learner >= 0:
            row[TI_SEAT] = learner
        elif cp >= 0:
            row[TI_SEAT] = cp
        encode_any(s, r, t, row[TI_SEAT], obs[t], version)
    return bad


@nb.njit(cache=True, inline="always")
def _write_row(h, s, r, cp, mask, version):
    """The decision of seat ``cp`` (its legal ``mask`` and, with ``version >= 0``, its
    ``planes-v{version}``) into the next row of the AEC header's block (the row after
    ``C_ROW``; past the last row, row 0: the env replaces a full block before that). Returns
    ``row << CODE_ROW``, with ``CODE_FULL`` when that was the block's last row."""
    masks = _v2(h, AEC_MASKS, np.bool_)
    row = h[AEC_CTL + C_ROW] + 1
    if row >= masks.shape[0]:
        row = 0
    h[AEC_CTL + C_ROW] = row
    dst = masks[row]
    for i in range(mask.shape[0]):
        dst[i] = mask[i]
    if version >= 0:
        encode_any(s, r, 0, cp, _v3(h, AEC_OBS, np.int8)[row], version)
    code = row << CODE_ROW
    if row == masks.shape[0] - 1:
        code |= CODE_FULL
    return code


@nb.njit(cache=True)
def aec_step_h(h, sc, a):
    """:func:`aec_step` on table 0 of the AEC env whose arrays header ``h`` addresses
    (:data:`AEC_LAYOUT`; scalars at ``AEC_CTL``: seed, hands left - decremented when the next
    hand of the match is dealt -, first dealer, encoder version, row), then, when a seat is to
    act, its decision into the next row of the header's block: its legal mask and, when
    ``version >= 0``, its ``planes-v{version}`` observation (:func:`_write_row`), so the env's
    ``last()`` of the agent to act needs no second call and no copy.

    Returns ``(current player + 1) | CODE_ENDED (a hand ended) | CODE_DEALT (and the match's
    next hand was dealt) | CODE_REWARDED (some seat's reward is not zero) | CODE_FULL (the
    block's last row was written) | row << CODE_ROW``, or :data:`CODE_ILLEGAL` (-1) without
    changing anything when ``a`` is out of range or not in the legal mask ``mask`` (so the
    env's step checks legality here, not in Python)."""
    mask = _v1(h, AEC_MASK, np.bool_)
    if a < 0 or a >= mask.shape[0] or not mask[a]:
        return CODE_ILLEGAL
    s, r = header_state(h, sc)
    totals = _v1(h, AEC_TOTALS, np.int64)
    rewards = _v1(h, AEC_REWARDS, np.int64)
    hl = h[AEC_CTL + C_HANDS_LEFT]
    cp, ended = aec_step(
        s, r, 0, a, h[AEC_CTL + C_SEED], hl, h[AEC_CTL + C_FIRST_DEALER], totals, rewards, mask
    )
    code = cp + 1
    if ended != 0:
        code |= CODE_ENDED
        if hl > 0:
            h[AEC_CTL + C_HANDS_LEFT] = hl - 1
            code |= CODE_DEALT
    for p in range(rewards.shape[0]):
        if rewards[p] != 0:
            code |= CODE_REWARDED
    if cp >= 0:
        code |= _write_row(h, s, r, cp, mask, h[AEC_CTL + C_VERSION])
    return code


@nb.njit(cache=True)
def aec_reset_h(h, sc, hand_no, dealer):
    """Reset of the AEC env whose arrays header ``h`` addresses, in one call: the first hand
    of a match on table 0 (:func:`start_match` with the seed at ``AEC_CTL``), each seat's
    running total into ``totals``, the legal mask of the seat to act into ``mask`` and its
    decision into the next row of the block (:func:`_write_row`). Returns the code of
    :func:`aec_step_h` (the seat to act + 1, ``CODE_FULL``, the row)."""
    s, r = header_state(h, sc)
    start_match(s, r, 0, h[AEC_CTL + C_SEED], hand_no, dealer)
    seat_totals(s, r, 0, _v1(h, AEC_TOTALS, np.int64))
    mask = _v1(h, AEC_MASK, np.bool_)
    legal.legal_mask(s, r, 0, mask)
    cp = legal.current_player(s, 0)
    code = cp + 1
    if cp >= 0:
        code |= _write_row(h, s, r, cp, mask, h[AEC_CTL + C_VERSION])
    return code


@nb.njit(cache=True)
def encode_seats_h(h, sc, out, version):
    """:func:`mjsim.envs.encoders.encode_any` of every seat ``p`` of table 0 of header ``h``'s
    state into ``out[p]`` (``int8[n_players, C, 34]``): the final planes of an episode's agents
    in one call."""
    s, r = header_state(h, sc)
    for p in range(out.shape[0]):
        encode_any(s, r, 0, p, out[p], version)


@nb.njit(cache=True)
def encode_h(h, sc, me, out, version):
    """:func:`mjsim.envs.encoders.encode_any` of seat ``me``, table 0 of header ``h``'s state,
    into ``out`` (``int8[C, 34]``)."""
    s, r = header_state(h, sc)
    encode_any(s, r, 0, me, out, version)
