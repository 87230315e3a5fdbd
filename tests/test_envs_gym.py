"""Gymnasium ``mjsim/Mahjong-v0`` and ``MahjongVectorEnv``: env checker, masks, rewards =
payments, seeding, autoreset, vector == single env, errors."""

from __future__ import annotations

import copy
import re
import warnings

import gymnasium
import mjsim.envs as E
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from mjsim.envs import encoders as enc

from mjsim import variants
from mjsim.actions import N_ACTIONS, action_name
from mjsim.engine.state import PV_SCORE

VARIANTS = variants.names()


def _rand(mask, rng):
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))])


@pytest.mark.parametrize("variant", VARIANTS)
def test_check_env(variant):
    # check_env steps action_space.sample() (unmasked): the documented strict=False mode
    kw = dict(variant=variant, opponents="random", seat=1, strict=False)
    env = gymnasium.make("mjsim/Mahjong-v0", **kw)
    check_env(env.unwrapped, skip_render_check=True)
    env = E.MahjongEnv(variant, obs="dict-v0", strict=False)
    check_env(env, skip_render_check=True)


def test_human_render_prints_each_board_once(capsys):
    """``check_env`` with its render check printed the board twice: ``reset`` prints in
    ``"human"`` mode (Gymnasium's contract) and the checker then calls ``render()``. An explicit
    ``render()`` now prints only a table that changed since."""
    title = f"Mahjong-v0 {VARIANTS[0]}, learner seat 0"
    env = gymnasium.make("mjsim/Mahjong-v0", variant=VARIANTS[0], seat=0, strict=False)
    check_env(env.unwrapped)  # re-makes the env in "human" and "ansi" mode from its spec
    assert capsys.readouterr().out.count(title) == 1
    human = E.MahjongEnv(VARIANTS[0], render_mode="human")
    obs, _ = human.reset(seed=0)
    human.render()
    assert capsys.readouterr().out.count(title) == 1
    human.step(int(np.flatnonzero(obs["action_mask"])[0]))
    human.render()
    human.render()
    assert capsys.readouterr().out.count(title) == 1
    human.reset(seed=0)  # a reset always prints, even the same table again
    assert capsys.readouterr().out.count(title) == 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_episode_reward_is_payment(variant):
    """The learner's summed reward over an episode equals its payment (its final score)."""
    env = E.MahjongEnv(variant, seat=2)
    rng = np.random.default_rng(0)
    for ep in range(6):
        obs, info = env.reset(seed=100 + ep)
        np.testing.assert_array_equal(obs["action_mask"], info["action_mask"])
        total, done = 0.0, False
        while not done:
            assert obs["action_mask"].any()
            obs, r, done, trunc, info = env.step(_rand(obs["action_mask"], rng))
            assert not trunc
            np.testing.assert_array_equal(obs["action_mask"], info["action_mask"])
            total += r
        assert not obs["action_mask"].any()
        assert total == float(env._state.pv[0, 2, PV_SCORE])


def test_seeding_reproducible_and_greedy_fallback():
    v = VARIANTS[0]
    runs = []
    for _ in range(2):
        with warnings.catch_warnings(record=True):
            warnings.simplefilter("always")
            env = gymnasium.make("mjsim/Mahjong-v0", variant=v, opponents="greedy", seat=0)
        rng = np.random.default_rng(5)
        obs, _ = env.reset(seed=9)
        trace = [obs["observation"].copy()]
        done = False
        while not done:
            obs, r, done, _, _ = env.step(_rand(obs["action_mask"], rng))
            trace.append((obs["observation"].copy(), r))
        runs.append(trace)
    assert len(runs[0]) == len(runs[1])
    for a, b in zip(runs[0][1:], runs[1][1:], strict=True):
        np.testing.assert_array_equal(a[0], b[0])
        assert a[1] == b[1]


def test_errors():
    v = VARIANTS[0]
    with pytest.raises(ValueError, match="seat"):
        E.MahjongEnv(v, seat=7)
    with pytest.raises(ValueError, match="unknown agent"):
        E.MahjongEnv(v, opponents="nobody")
    # by default (strict=True) an illegal or out-of-range action raises, naming it and the
    # legal ones (it used to end the episode with reward -1, undocumented)
    env = gymnasium.make("mjsim/Mahjong-v0", variant=v, seat=0)
    obs, _ = env.reset(seed=0)
    mask = obs["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    first = int(np.flatnonzero(mask)[0])
    legal = rf"legal: {re.escape(action_name(first))} \({first}\)"
    with pytest.raises(
        ValueError, match=rf"illegal action {re.escape(action_name(bad))} .*{legal}"
    ):
        env.step(bad)
    for out_of_range in (N_ACTIONS, -1):
        with pytest.raises(
            ValueError,
            match=rf"action {out_of_range} out of range 0..{N_ACTIONS - 1} for seat 0; {legal}",
        ):
            env.step(out_of_range)
    # a float or a string is not an action id (1.5 was silently truncated to action 1)
    for not_an_id in (first + 0.5, "a"):
        with pytest.raises(ValueError, match="must be an integer action id"):
            env.step(not_an_id)
    obs2, *_ = env.step(np.int64(first))  # the env is still usable after a refused action
    assert obs2["action_mask"].shape == (N_ACTIONS,)
    # strict=False (documented for training loops): the episode ends with illegal_reward
    lax = E.MahjongEnv(v, strict=False, illegal_reward=-2.5)
    lax.reset(seed=0)
    _, r, done, _, info = lax.step(bad)
    assert done and r == -2.5 and "legal: " in info["illegal_action"]
    with pytest.raises(ValueError, match="only 'planes-v0', 'planes-v1'"):
        E.MahjongVectorEnv(v, 2, obs="dict-v0")


def test_render_ansi():
    env = E.MahjongEnv(VARIANTS[0], render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert "learner seat 0" in text and any(0x1F000 <= ord(c) <= 0x1F02B for c in text)


@pytest.mark.parametrize("variant", VARIANTS)
def test_vector_matches_single_env(variant):
    """Table ``t`` of the vector env seeded ``s`` plays exactly like ``MahjongEnv`` seeded
    ``s + t`` given the same actions (observations, masks, rewards, autoreset)."""
    N = 3
    vec = E.MahjongVectorEnv(variant, N, seat=1)
    singles = [E.MahjongEnv(variant, seat=1) for _ in range(N)]
    obs, info = vec.reset(seed=40)
    assert obs["observation"].shape == (N, E.N_PLANES, 34)
    assert obs["action_mask"].shape == (N, N_ACTIONS) and info["action_mask"].dtype == np.int8
    sobs = [e.reset(seed=40 + t)[0] for t, e in enumerate(singles)]
    rng = np.random.default_rng(1)
    pending_reset = [False] * N
    episodes_done = 0
    for _ in range(400):
        for t in range(N):
            np.testing.assert_array_equal(obs["observation"][t], sobs[t]["observation"])
            np.testing.assert_array_equal(obs["action_mask"][t], sobs[t]["action_mask"])
        acts = np.array(
            [0 if pending_reset[t] else _rand(obs["action_mask"][t], rng) for t in range(N)]
        )
        obs, rew, term, trunc, info = vec.step(acts)
        assert not trunc.any()
        for t, e in enumerate(singles):
            if pending_reset[t]:
                sobs[t], _ = e.reset()
                assert rew[t] == 0 and not term[t]
                pending_reset[t] = False
                continue
            sobs[t], r, d, _, _ = e.step(int(acts[t]))
            assert rew[t] == r and term[t] == d
            if d:
                pending_reset[t] = True
                episodes_done += 1
    assert episodes_done >= N


@pytest.mark.parametrize(
    ("variant", "obs"), [(VARIANTS[0], "planes-v1"), (VARIANTS[1], "planes-v2")]
)
def test_vector_planes_v1_and_threads(variant, obs):
    """``planes-v1`` / ``planes-v2`` in the vector env: its first 41 planes are the
    ``planes-v0`` run's (same seeds, same actions), the learner is always told it decides
    (exactly one decision plane while its episode is live) and results do not depend on the
    thread count."""
    N = 6
    v0 = E.MahjongVectorEnv(variant, N, threads=1)
    v1 = E.MahjongVectorEnv(variant, N, obs=obs, threads=2)
    assert v1.single_observation_space["observation"].shape == (E.get_encoder(obs).n_planes, 34)
    o0, i0 = v0.reset(seed=5)
    o1, i1 = v1.reset(seed=5)
    rng = np.random.default_rng(2)
    for _ in range(150):
        np.testing.assert_array_equal(o1["observation"][:, : E.N_PLANES], o0["observation"])
        np.testing.assert_array_equal(i1["action_mask"], i0["action_mask"])
        live = i1["action_mask"].any(1)
        decide = o1["observation"][:, enc.PL_DECIDE : enc.PL_DECIDE + enc.N_DECIDE, 0]
        np.testing.assert_array_equal(decide.sum(1), live.astype(int))
        m = i0["action_mask"]
        acts = (rng.random(m.shape) * m).argmax(1)
        o0, r0, t0, _, i0 = v0.step(acts)
        o1, r1, t1, _, i1 = v1.step(acts)
        np.testing.assert_array_equal(r0, r1)
        np.testing.assert_array_equal(t0, t1)
    v1.close()


def test_vector_state_nbytes():
    """Memory per table: the engine state, bookkeeping and buffers, all preallocated."""
    vec = E.MahjongVectorEnv(VARIANTS[0], 16, obs="planes-v1")
    b = vec.state_nbytes()
    assert b["state"] == sum(a.nbytes for a in vec._state)
    assert b["observation"] == 16 * E.N_PLANES_V1 * 34
    assert b["mask"] == 16 * N_ACTIONS
    total = b["state"] + b["bookkeeping"] + b["observation"] + b["mask"]
    assert b["per_table"] == total // 16
    assert 4_000 < b["per_table"] < 8_000


def test_vector_rewards_sum_to_scores_and_errors():
    v = VARIANTS[0]
    N = 8
    vec = E.MahjongVectorEnv(v, N, hands=2, copy=False)
    obs, info = vec.reset(seed=0)
    total = np.zeros(N)
    rng = np.random.default_rng(0)
    finished = 0
    while finished < N:
        m = info["action_mask"]
        acts = (rng.random(m.shape) * m).argmax(1)
        obs, rew, term, _, info = vec.step(acts)
        total += rew
        for t in np.flatnonzero(term):
            assert total[t] == vec._state.pv[t, 0, PV_SCORE]
            total[t] = 0
            finished += 1
    while not (term.any() and (~term).any()):  # some table awaits its autoreset, some play
        m = info["action_mask"]
        obs, rew, term, _, info = vec.step((rng.random(m.shape) * m).argmax(1))
    m = info["action_mask"].copy()
    waiting = term.copy()  # copy=False: the buffers are overwritten by the next step
    live = np.flatnonzero(m.any(1))
    acts = np.zeros(N, np.int64)
    for t in live:
        acts[t] = int(np.flatnonzero(m[t])[0])
    acts[waiting] = 10_000  # ignored: those tables start a new episode
    bad = int(live[-1])
    acts[bad] = int(np.flatnonzero(~m[bad])[0])
    legal = ", ".join(action_name(int(a)) for a in np.flatnonzero(m[bad]))
    before = [a.copy() for a in (*vec._state, vec._ti, vec._totals, vec._obs, vec._masks)]
    # all or nothing: the whole batch is refused before any table moves
    with pytest.raises(
        ValueError,
        match=rf"illegal action .* at table {bad}; legal: {re.escape(legal)} \(no table was",
    ):
        vec.step(acts)
    after = (*vec._state, vec._ti, vec._totals, vec._obs, vec._masks)
    for x, y in zip(before, after, strict=True):
        np.testing.assert_array_equal(x, y)
    acts[bad] = int(np.flatnonzero(m[bad])[0])
    obs, rew, term2, _, info = vec.step(acts)  # the corrected batch steps every table
    assert not term2[waiting].any() and info["action_mask"][waiting].any(1).all()
    with pytest.raises(ValueError, match="shape"):
        vec.step(np.zeros(N + 1, np.int64))
    with pytest.raises(ValueError, match="expected integer action ids, got dtype float64"):
        vec.step(np.zeros(N) + 0.5)  # was cast silently to action 0


def test_gymnasium_registration_forms():
    v = VARIANTS[0]
    for env_id in ("mjsim/Mahjong-v0", "mjsim.envs:mjsim/Mahjong-v0"):
        env = gymnasium.make(env_id, variant=v, seat=0)
        assert isinstance(env.unwrapped, E.MahjongEnv)
    vec = gymnasium.make_vec(
        "mjsim/Mahjong-v0", num_envs=2, vectorization_mode="vector_entry_point", variant=v
    )
    assert isinstance(vec, E.MahjongVectorEnv) and vec.num_envs == 2


def test_deepcopy_steps_its_own_tables():
    """A deep copy of the Gymnasium env (and of its vector env) gets its own kernel header: it
    replays the original's future exactly, and stepping it leaves the original untouched."""
    env = E.MahjongEnv(VARIANTS[0])
    obs, _ = env.reset(seed=3)
    twin = copy.deepcopy(env)
    assert twin._vec._h[0] != env._vec._h[0]  # the copy's state arrays, not the original's
    before = env._vec._state.hands.copy()
    rng = np.random.default_rng(0)
    acts = []
    o2 = obs
    for _ in range(30):
        legal = np.flatnonzero(o2["action_mask"])
        acts.append(int(legal[rng.integers(len(legal))]))
        o2, _, done, _, _ = twin.step(acts[-1])
        if done:
            break
    np.testing.assert_array_equal(env._vec._state.hands, before)
    for a in acts:
        obs, _, done, _, _ = env.step(a)
    np.testing.assert_array_equal(obs["observation"], o2["observation"])
    np.testing.assert_array_equal(obs["action_mask"], o2["action_mask"])


def test_vector_outputs_are_read_only_and_arguments_checked():
    """``copy=False`` returns read-only views in new dicts: writing into a returned mask cannot
    get an illegal action past the check (it underflowed a hand count), and Gymnasium's
    ``RecordEpisodeStatistics`` (which adds keys to ``info``) works. Bad seeds, options, reward
    scales, boolean counts and unsigned actions are refused with a ``ValueError``."""
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    v = VARIANTS[0]
    vec = E.MahjongVectorEnv(v, 2, copy=False)
    obs, info = vec.reset(seed=0)
    with pytest.raises(ValueError, match="read-only"):
        obs["action_mask"][0, 0] = 1
    with pytest.raises(ValueError, match="read-only"):
        info["action_mask"][0, 0] = True
    obs2, rew, term, _, info2 = vec.step(info["action_mask"].argmax(1))
    assert info2 is not info and obs2 is not obs
    with pytest.raises(ValueError, match="read-only"):
        rew[0] = 1.0
    wrapped = RecordEpisodeStatistics(E.MahjongVectorEnv(v, 4, copy=False))
    _o, info = wrapped.reset(seed=1)
    rng = np.random.default_rng(0)
    episodes = 0
    while episodes < 6:
        m = info["action_mask"]
        _o, _r, term, _t, info = wrapped.step((rng.random(m.shape) * m).argmax(1))
        if "episode" in info:
            episodes += int(info["_episode"].sum())
    for seed in (2**63 - 1, 2**63, -1, [1.5, 2.5], ["a", "b"], [0, 2**63]):
        with pytest.raises(ValueError, match="seed"):
            vec.reset(seed=seed)
    with pytest.raises(ValueError, match="takes no options"):
        vec.reset(seed=0, options={"hand": 3})
    for bad in (dict(reward_scale=float("nan")), dict(reward_scale=float("inf"))):
        with pytest.raises(ValueError, match="reward_scale"):
            E.MahjongVectorEnv(v, 2, normalize_rewards=True, **bad)
    with pytest.raises(ValueError, match="num_envs=True"):
        E.MahjongVectorEnv(v, True)
    with pytest.raises(ValueError, match="threads=True"):
        E.MahjongVectorEnv(v, 2, threads=True)
    vec.reset(seed=0)
    with pytest.raises(ValueError, match=r"illegal action 18446744073709551615 \(not an action"):
        vec.step(np.array([0, 2**64 - 1], np.uint64))
    with pytest.raises(ValueError, match=rf"illegal action {N_ACTIONS} \(not an action id"):
        vec.step(np.array([N_ACTIONS, N_ACTIONS]))


def test_step_after_close_raises_until_reset():
    """After ``close()`` (idempotent) ``step`` raises Gymnasium's ``ClosedEnvironmentError``
    naming the env and ``reset()`` (instead of stepping on without the thread pool); ``reset``
    starts the env again, threads included, and it plays on (Stable-Baselines3's ``check_env``
    closes the env and then resets it)."""
    from gymnasium.error import ClosedEnvironmentError

    vec = E.MahjongVectorEnv(VARIANTS[0], 4, threads=2)
    _, info = vec.reset(seed=1)
    acts = info["action_mask"].argmax(1)
    vec.close()
    vec.close()
    with pytest.raises(ClosedEnvironmentError, match=r"MahjongVectorEnv.*call reset\(\)"):
        vec.step(acts)
    _, info2 = vec.reset(seed=1)
    assert vec._pool is not None and not vec.closed
    np.testing.assert_array_equal(info2["action_mask"], info["action_mask"])
    vec.step(info2["action_mask"].argmax(1))
    env = gymnasium.make("mjsim/Mahjong-v0", variant=VARIANTS[0], opponents="random").unwrapped
    _, info = env.reset(seed=1)
    env.close()
    env.close()
    with pytest.raises(ClosedEnvironmentError, match=r"MahjongEnv.*call reset\(\)"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    _, info2 = env.reset(seed=1)
    np.testing.assert_array_equal(info2["action_mask"], info["action_mask"])
    done = False
    while not done:
        _, _, done, _, info2 = env.step(int(np.flatnonzero(info2["action_mask"])[0]))
