"""``MahjongVectorEnv(opponents=None)``: self-play, every seat's decision is an env step.

Checked against the AEC env (``mahjong_v0.raw_env``) table by table: same seat to act, same
observation and mask, same per-seat rewards, same end; then the invariants of the mode
(rewards sum to the hand's zero-sum payments, autoreset, thread count, errors)."""

from __future__ import annotations

import mjsim.envs as E
import numpy as np
import pytest
from mjsim.envs import mahjong_v0
from mjsim.envs.kernels import episode_seed

from mjsim import variants
from mjsim.engine.state import PV_SCORE

VARIANTS = variants.names()


def _random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per row of ``mask`` (int8[N, A]); 0 for an empty row."""
    return (rng.random(mask.shape) * mask).argmax(1)


@pytest.mark.parametrize("variant", VARIANTS)
def test_selfplay_matches_aec(variant):
    """Table ``t`` seeded ``40 + t`` plays its first episode exactly like the AEC env reset
    with ``episode_seed(40 + t, 0)``: the seat to act, its observation and mask, and every
    seat's reward at every step, then the same end."""
    N = 2
    vec = E.MahjongVectorEnv(variant, N, opponents=None)
    n = vec.n_players
    obs, info = vec.reset(seed=40)
    aecs = []
    for t in range(N):
        a = mahjong_v0.raw_env(variant=variant)
        a.reset(seed=int(episode_seed(40 + t, 0)))
        aecs.append(a)
    live = [True] * N
    rng = np.random.default_rng(3)
    steps = 0
    while any(live):
        for t, aec in enumerate(aecs):
            if not live[t]:
                continue
            agent = aec.agent_selection
            assert info["current_player"][t] == aec.seat_of(agent)
            o = aec.observe(agent)
            np.testing.assert_array_equal(obs["observation"][t], o["observation"])
            np.testing.assert_array_equal(obs["action_mask"][t], o["action_mask"])
        acts = _random_actions(info["action_mask"], rng)
        obs, rew, term, trunc, info = vec.step(acts)
        assert rew.shape == (N, n) and not trunc.any()
        steps += 1
        for t, aec in enumerate(aecs):
            if not live[t]:
                continue
            aec.step(int(acts[t]))
            for p in range(n):
                assert rew[t, p] == aec.rewards[aec.agent_at_seat[p]]
            assert term[t] == all(aec.terminations.values())
            if term[t]:
                live[t] = False
                assert info["current_player"][t] == -1
                assert not info["action_mask"][t].any()
    assert steps > 20


@pytest.mark.parametrize("variant", ["hebei", "sichuan_xuezhan"])
def test_selfplay_rewards_autoreset_threads(variant):
    """Per-seat rewards add up to the engine's running scores at each episode's end and sum to
    zero over seats (both variants settle zero-sum); the step after the end starts the next
    episode (rewards 0, a seat to act); the thread count changes nothing."""
    N = 8
    v1 = E.MahjongVectorEnv(variant, N, opponents=None, hands=2, threads=1, copy=False)
    v2 = E.MahjongVectorEnv(variant, N, opponents=None, hands=2, threads=2)
    n = v1.n_players
    o1, i1 = v1.reset(seed=9)
    o2, i2 = v2.reset(seed=9)
    total = np.zeros((N, n))
    rng = np.random.default_rng(4)
    ended = 0
    waiting = np.zeros(N, bool)
    while ended < 2 * N:
        np.testing.assert_array_equal(o1["observation"], o2["observation"])
        np.testing.assert_array_equal(i1["current_player"], i2["current_player"])
        live = i1["action_mask"].any(1)
        np.testing.assert_array_equal(live, i1["current_player"] >= 0)
        acts = _random_actions(i1["action_mask"], rng)
        o1, r1, t1, _, i1 = v1.step(acts)
        o2, r2, t2, _, i2 = v2.step(acts)
        np.testing.assert_array_equal(r1, r2)
        np.testing.assert_array_equal(t1, t2)
        assert (r1[waiting] == 0).all() and (i1["current_player"][waiting] >= 0).all()
        total += r1
        for t in np.flatnonzero(t1):
            scores = v1._state.pv[t, :n, PV_SCORE]
            np.testing.assert_array_equal(total[t], scores)
            assert scores.sum() == 0
            total[t] = 0
            ended += 1
        waiting = t1.copy()
    v2.close()


def test_selfplay_make_vec():
    """Gymnasium's vector entry point passes ``opponents=None`` through."""
    import gymnasium

    vec = gymnasium.make_vec(
        "mjsim/Mahjong-v0", num_envs=3, vectorization_mode="vector_entry_point", opponents=None
    )
    assert isinstance(vec, E.MahjongVectorEnv) and vec.selfplay
    obs, info = vec.reset(seed=1)
    assert (info["current_player"] >= 0).all() and info["_current_player"].all()
    obs, rew, term, _, info = vec.step(info["action_mask"].argmax(1))
    assert rew.shape == (3, vec.n_players)


def test_selfplay_errors():
    with pytest.raises(ValueError, match="every seat decides"):
        E.MahjongVectorEnv("hebei", 2, opponents=None, seat=1)
    with pytest.raises(ValueError, match="MahjongVectorEnv mode"):
        E.MahjongEnv("hebei", opponents=None)
    vec = E.MahjongVectorEnv("hebei", 2, opponents=None)
    obs, info = vec.reset(seed=0)
    bad = np.flatnonzero(info["action_mask"][1] == 0)[0]
    acts = np.array([np.flatnonzero(info["action_mask"][0])[0], bad])
    with pytest.raises(ValueError, match="at table 1"):
        vec.step(acts)
