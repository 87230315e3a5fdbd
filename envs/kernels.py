"""Jitted helpers shared by the environments: match flow (next hand with carry-over), reward
bookkeeping, in-kernel opponents, and the one-call batched step of the vector env.

All functions read and write the engine's :class:`~mjsim.engine.state.State` arrays through the
public kernels of :mod:`mjsim.engine.core`; nothing here changes the rules.
"""

from __future__ import annotations

import numba as nb
import numpy as np
from mjsim.agents.policies import choose_action
from mjsim.envs.encoders import encode_any

from mjsim.engine import core
from mjsim.engine.borrow import borrow
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


@nb.njit(cache=True)
def seat_total(s, t, p):
    """Seat ``p``'s points so far: running score + this hand's unsettled payments (such as
    immediate kong points) while the hand is in play."""
    v = np.int64(s.pv[t, p, PV_SCORE])
    if s.tv[t, TV_PHASE] != PH_DONE:
        v += s.pv[t, p, PV_PAY]
    return v


@nb.njit(cache=True)
def seat_totals(s, r, t, out):
    """Each seat's points so far (:func:`seat_total`) into ``out`` (int64[4])."""
    n = r.params[P_N_PLAYERS]
    for p in range(n):
        out[p] = seat_total(s, t, p)


@nb.njit(cache=True)
def start_match(s, r, t, seed, hand_no, dealer):
    """First hand of a match on table ``t``: scores cleared, prevailing wind East, RNG key
    ``(seed, hand_no)``, ``dealer`` deals and is the match's first dealer."""
    for p in range(s.pv.shape[1]):
        s.pv[t, p, PV_SCORE] = 0
    z = np.int64(0)
    d = np.int64(dealer)
    # the same compiled signature of reset_table as mjsim.selfplay's and Game's
    core.reset_table(
        s, r, t, hand_key(seed, hand_no), np.int64(hand_no), d, z, z, z + 1, np.bool_(True), d, z
    )


@nb.njit(cache=True)
def next_hand(s, r, t, seed, first_dealer):
    """Deal the next hand of a match after a finished one with the engine's carry-over
    (:func:`mjsim.engine.core.next_hand`: scores, next dealer, prevailing wind per the
    variant's ``round_wind_rule``, dealer-repeat counter, multiplier, draw streak), RNG key
    ``(seed, hand_no + 1)``. ``first_dealer`` is kept for the callers' signature (the engine
    reads the match's first dealer from the state)."""
    core.next_hand(s, r, t, hand_key(seed, np.int64(s.tv[t, TV_HAND_NO]) + 1))


@nb.njit(cache=True)
def aec_step(s, r, t, a, seed, hands_left, first_dealer, totals, rewards, mask):
    """Apply legal action ``a`` on table ``t``; when the hand ends and ``hands_left > 0`` deal
    the next hand of the match. ``rewards`` (int64[4]) receives each seat's points change,
    ``totals`` (int64[4]) is updated; ``mask`` (bool[N_ACTIONS]) gets the next decision's legal
    actions. Returns ``(current player or -1, 1 if a hand ended)``."""
    n = r.params[P_N_PLAYERS]
    core.apply_action(s, r, t, a)
    ended = 0
    if s.tv[t, TV_PHASE] == PH_DONE:
        ended = 1
    for p in range(n):
        v = seat_total(s, t, p)
        rewards[p] = v - totals[p]
        totals[p] = v
    if ended and hands_left > 0:
        next_hand(s, r, t, seed, first_dealer)
    cp = core.current_player(s, t)
    core.legal_mask(s, r, t, mask)
    return cp, ended


@nb.njit(cache=True)
def play_opponents(s, r, t, learner, agents, mask):
    """In-kernel agents (``agents``: int64[4] ids) play every decision of table ``t`` until
    seat ``learner`` must decide or the hand is over. Returns the current player (-1 = over);
    ``mask`` holds the learner's legal actions when it returns ``learner``."""
    while True:
        p = core.current_player(s, t)
        if p < 0:
            return p
        core.legal_mask(s, r, t, mask)
        if p == learner:
            return p
        a = choose_action(agents[p], s, r, t, mask)
        core.apply_action(s, r, t, a)


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


@nb.njit(cache=True)
def learner_step(s, r, t, a, learner, agents, seed, hands_left, first_dealer, totals, mask):
    """Apply the learner's action ``a`` (legal: checked by the caller), then let the opponents
    play until the learner's next decision, dealing further hands of a match while
    ``hands_left > 0`` (decremented per extra hand dealt). Returns ``(reward in points,
    hands_left, done)``; ``totals`` (int64[4]) tracks every seat's points."""
    core.apply_action(s, r, t, a)
    while True:
        cp = play_opponents(s, r, t, learner, agents, mask)
        if cp >= 0:
            break
        if hands_left > 0:
            hands_left -= 1
            next_hand(s, r, t, seed, first_dealer)
            continue
        break
    rew = seat_total(s, t, learner) - totals[learner]
    seat_totals(s, r, t, totals)
    if cp < 0:
        mask[:] = False
    return rew, hands_left, cp < 0


# per-table integer columns of the vector env's ``ti`` array (int64[B, N_TI])
TI_LEARNER = 0  # the learner's seat
TI_SEED = 1  # the table's seed (episode e is dealt from episode_seed(seed, e))
TI_EPISODE = 2  # episodes started so far
TI_EP_SEED = 3  # seed of the episode in play
TI_FIRST_DEALER = 4  # first dealer of the episode in play
TI_HANDS_LEFT = 5  # further hands of the match after the one in play
TI_NEEDS_RESET = 6  # 1: the next step starts a new episode (ignores the action)
TI_ILLEGAL = 7  # 1: the last action given for this table was illegal (not applied)
N_TI = 8


@nb.njit(cache=True, nogil=True)
def vector_step(
    wall, hands, melds, river, river_flags, tv, pv, wild, rng, items, rec,
    params, tile_counts, rwild, score_table,
    lo, hi, actions, ti, agents, n_hands, totals, scale, obs, masks, rewards, terminated,
    version,
):  # fmt: skip
    """One step of tables ``lo .. hi-1`` in one compiled call (releases the GIL, so slices of
    the batch can run on several threads). The state and rules come as their arrays (numba
    dispatches flat arrays ~3x faster than NamedTuples of arrays).

    Tables with ``ti[t, TI_NEEDS_RESET]`` (finished on the previous step: Gymnasium's
    "next-step" autoreset, or never started) start episode ``ti[t, TI_EPISODE]`` (then
    incremented) and ignore ``actions``; the others apply the learner's action ``actions[t]``
    and the in-kernel opponents play until the learner's next decision. An action that is not
    in ``masks[t]`` is not applied: ``ti[t, TI_ILLEGAL]`` is set and the table is left
    unchanged. Writes the learner's ``planes-v{version}`` observation ``obs[t]``, legal mask
    ``masks[t]`` (all False when the episode ended), reward ``rewards[t]`` (points /
    ``scale``) and ``terminated[t]``.

    Arrays: ``actions``: int64[B]; ``ti``: int64[B, N_TI] (``TI_*`` columns); ``agents``:
    int64[4]; ``totals``: int64[B, 4]; ``obs``: int8[B, C, 34]; ``masks``: bool[B, N_ACTIONS];
    ``rewards``: float64[B]; ``terminated``: bool[B]. Returns the number of illegal actions.
    """
    s = State(wall, hands, melds, river, river_flags, tv, pv, wild, rng, items, rec)
    r = CompiledRules(params, tile_counts, rwild, score_table)
    s, r = borrow(s, r)  # no reference counting of the state in the engine calls (borrow.py)
    n = r.params[P_N_PLAYERS]
    na = masks.shape[1]
    bad = 0
    for t in range(lo, hi):
        row = ti[t]
        learner = row[TI_LEARNER]
        row[TI_ILLEGAL] = 0
        if row[TI_NEEDS_RESET] != 0:
            es = episode_seed(row[TI_SEED], row[TI_EPISODE])
            d = row[TI_EPISODE] % n
            row[TI_EP_SEED] = es
            row[TI_FIRST_DEALER] = d
            learner_reset(s, r, t, es, d, learner, agents, masks[t])
            row[TI_EPISODE] += 1
            row[TI_HANDS_LEFT] = n_hands - 1
            seat_totals(s, r, t, totals[t])
            rewards[t] = 0.0
            terminated[t] = False
            row[TI_NEEDS_RESET] = 0
        else:
            a = actions[t]
            if a < 0 or a >= na or not masks[t, a]:
                row[TI_ILLEGAL] = 1
                bad += 1
                rewards[t] = 0.0
                terminated[t] = False
                continue
            rew, hl, done = learner_step(
                s,
                r,
                t,
                a,
                learner,
                agents,
                row[TI_EP_SEED],
                row[TI_HANDS_LEFT],
                row[TI_FIRST_DEALER],
                totals[t],
                masks[t],
            )
            row[TI_HANDS_LEFT] = hl
            rewards[t] = rew / scale
            terminated[t] = done
            row[TI_NEEDS_RESET] = 1 if done else 0
        encode_any(s, r, t, learner, obs[t], version)
    return bad


# ---- flat-argument entry points: numba dispatches plain arrays faster than a NamedTuple of
# arrays, which matters for the per-decision calls of the AEC and Gymnasium envs.
@nb.njit(cache=True)
def aec_step_flat(
    wall, hands, melds, river, river_flags, tv, pv, wild, rng, items, rec,
    params, tile_counts, rwild, score_table,
    a, seed, hands_left, first_dealer, totals, rewards, mask, obs, version,
):  # fmt: skip
    """:func:`aec_step` on table 0 with the state and rules passed as their arrays, then (when
    ``version >= 0`` and a seat is to act) that seat's ``planes-v{version}`` observation into
    ``obs`` (``int8[C, 34]``), so the AEC env's ``observe`` of the agent to act needs no
    second call. Returns ``(current player or -1, 1 if a hand ended)``."""
    s = State(wall, hands, melds, river, river_flags, tv, pv, wild, rng, items, rec)
    r = CompiledRules(params, tile_counts, rwild, score_table)
    s, r = borrow(s, r)  # no reference counting of the state in the engine calls (borrow.py)
    cp, ended = aec_step(s, r, 0, a, seed, hands_left, first_dealer, totals, rewards, mask)
    if cp >= 0 and version >= 0:
        encode_any(s, r, 0, cp, obs, version)
    return cp, ended


@nb.njit(cache=True)
def encode_flat(
    wall, hands, melds, river, river_flags, tv, pv, wild, rng, items, rec,
    params, tile_counts, rwild, score_table,
    me, out, version,
):  # fmt: skip
    """:func:`mjsim.envs.encoders.encode_any` of table 0 with flat arguments."""
    s = State(wall, hands, melds, river, river_flags, tv, pv, wild, rng, items, rec)
    r = CompiledRules(params, tile_counts, rwild, score_table)
    encode_any(s, r, 0, me, out, version)
