"""Jitted helpers shared by the environments: match flow (next hand with carry-over), reward
bookkeeping, in-kernel opponents, and the one-call batched step of the vector env.

All functions read and write the engine's :class:`~mjsim.engine.state.State` arrays through the
public kernels of :mod:`mjsim.engine.core`; nothing here changes the rules.
"""

from __future__ import annotations

import numba as nb
import numpy as np
from mjsim.agents.policies import choose_action
from mjsim.envs.encoders import encode_planes

from mjsim.engine import core
from mjsim.engine.rng import hand_key
from mjsim.engine.state import (
    PH_DONE,
    PV_PAY,
    PV_SCORE,
    TV_DEALER,
    TV_HAND_NO,
    TV_NEXT_DEALER,
    TV_NEXT_MULT,
    TV_NEXT_REPEAT,
    TV_PHASE,
    TV_ROUND_WIND,
    State,
)
from mjsim.rules.params import P_N_PLAYERS
from mjsim.rules.spec import CompiledRules


@nb.njit(cache=True)
def seat_totals(s, r, t, out):
    """Each seat's points so far (running score + this hand's unsettled payments such as
    immediate kong points) into ``out`` (int64[4])."""
    n = r.params[P_N_PLAYERS]
    done = s.tv[t, TV_PHASE] == PH_DONE
    for p in range(n):
        v = np.int64(s.pv[t, p, PV_SCORE])
        if not done:
            v += s.pv[t, p, PV_PAY]
        out[p] = v


@nb.njit(cache=True)
def start_match(s, r, t, seed, hand_no, dealer):
    """First hand of a match on table ``t``: scores cleared, prevailing wind East, RNG key
    ``(seed, hand_no)``."""
    for p in range(s.pv.shape[1]):
        s.pv[t, p, PV_SCORE] = 0
    core.reset_table(s, r, t, hand_key(seed, hand_no), hand_no, dealer, 0, 0, 1, True)


@nb.njit(cache=True)
def next_hand(s, r, t, seed, first_dealer):
    """Deal the next hand of a match after a finished one, carrying the scores, dealer,
    dealer-repeat counter and multiplier (the engine's ``TV_NEXT_*``); the prevailing wind
    advances each time the deal returns to ``first_dealer``."""
    n = r.params[P_N_PLAYERS]
    dealer = s.tv[t, TV_DEALER]
    nd = s.tv[t, TV_NEXT_DEALER]
    rw = s.tv[t, TV_ROUND_WIND]
    if nd != dealer and nd == first_dealer % n:
        rw = (rw + 1) % 4
    hand_no = s.tv[t, TV_HAND_NO] + 1
    core.reset_table(
        s,
        r,
        t,
        hand_key(seed, hand_no),
        hand_no,
        nd,
        rw,
        s.tv[t, TV_NEXT_REPEAT],
        s.tv[t, TV_NEXT_MULT],
        True,
    )


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
    cur = np.zeros(4, dtype=np.int64)
    seat_totals(s, r, t, cur)
    for p in range(n):
        rewards[p] = cur[p] - totals[p]
        totals[p] = cur[p]
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
    cur = np.zeros(4, dtype=np.int64)
    seat_totals(s, r, t, cur)
    rew = cur[learner] - totals[learner]
    for p in range(4):
        totals[p] = cur[p]
    if cp < 0:
        mask[:] = False
    return rew, hands_left, cp < 0


@nb.njit(cache=True, nogil=True)
def vector_step(
    lo,
    hi,
    s,
    r,
    actions,
    learners,
    agents,
    seeds,
    episodes,
    ep_seeds,
    first_dealers,
    hands,
    hands_left,
    needs_reset,
    totals,
    scale,
    obs,
    masks,
    rewards,
    terminated,
    illegal,
):
    """One step of tables ``lo .. hi-1`` in one compiled call (releases the GIL, so slices of
    the batch can run on several threads).

    Tables flagged ``needs_reset`` (finished on the previous step: Gymnasium's "next-step"
    autoreset, or never started) start episode ``episodes[t]`` (then incremented) and ignore
    ``actions``; the others apply the learner's action ``actions[t]`` and the in-kernel
    opponents play until the learner's next decision. An action that is not in ``masks[t]``
    is not applied: ``illegal[t]`` is set and the table is left unchanged (the caller raises).
    Writes the learner's ``planes-v0`` observation ``obs[t]``, legal mask ``masks[t]`` (all
    False when the episode ended), reward ``rewards[t]`` (points / ``scale``) and
    ``terminated[t]``.

    Arrays: ``actions, learners, seeds, episodes, ep_seeds, first_dealers, hands_left``:
    int64[B]; ``agents``: int64[4]; ``needs_reset, terminated, illegal``: bool[B]; ``totals``:
    int64[B, 4]; ``obs``: int8[B, N_PLANES, 34]; ``masks``: bool[B, N_ACTIONS]; ``rewards``:
    float64[B].
    """
    n = r.params[P_N_PLAYERS]
    na = masks.shape[1]
    for t in range(lo, hi):
        learner = learners[t]
        illegal[t] = False
        if needs_reset[t]:
            es = episode_seed(seeds[t], episodes[t])
            d = episodes[t] % n
            ep_seeds[t] = es
            first_dealers[t] = d
            learner_reset(s, r, t, es, d, learner, agents, masks[t])
            episodes[t] += 1
            hands_left[t] = hands - 1
            seat_totals(s, r, t, totals[t])
            rewards[t] = 0.0
            terminated[t] = False
            needs_reset[t] = False
        else:
            a = actions[t]
            if a < 0 or a >= na or not masks[t, a]:
                illegal[t] = True
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
                ep_seeds[t],
                hands_left[t],
                first_dealers[t],
                totals[t],
                masks[t],
            )
            hands_left[t] = hl
            rewards[t] = rew / scale
            terminated[t] = done
            needs_reset[t] = done
        encode_planes(s, r, t, learner, obs[t])


# ---- flat-argument entry points: numba dispatches plain arrays faster than a NamedTuple of
# arrays, which matters for the per-decision calls of the AEC and Gymnasium envs.
@nb.njit(cache=True)
def aec_step_flat(
    wall, hands, melds, river, river_flags, tv, pv, wild, rng, items, rec,
    params, tile_counts, rwild, score_table,
    a, seed, hands_left, first_dealer, totals, rewards, mask,
):  # fmt: skip
    """:func:`aec_step` on table 0 with the state and rules passed as their arrays."""
    s = State(wall, hands, melds, river, river_flags, tv, pv, wild, rng, items, rec)
    r = CompiledRules(params, tile_counts, rwild, score_table)
    return aec_step(s, r, 0, a, seed, hands_left, first_dealer, totals, rewards, mask)


@nb.njit(cache=True)
def encode_flat(
    wall, hands, melds, river, river_flags, tv, pv, wild, rng, items, rec,
    params, tile_counts, rwild, score_table,
    me, out,
):  # fmt: skip
    """:func:`mjsim.envs.encoders.encode_planes` of table 0 with flat arguments."""
    s = State(wall, hands, melds, river, river_flags, tv, pv, wild, rng, items, rec)
    r = CompiledRules(params, tile_counts, rwild, score_table)
    encode_planes(s, r, 0, me, out)
