"""What RL libraries need from the envs: one mask dtype (int8, Gymnasium's masked ``sample()``),
observation spaces in the order of the returned dicts, one ``close()`` rule, the normalised
encoder ``planes-norm-v0``, same-step autoreset, reward options (points, normalised, opt-in
shanten shaping) and the evaluation helper."""

from __future__ import annotations

import gymnasium
import mjsim.envs as E
import numpy as np
import pytest
from gymnasium.error import ClosedEnvironmentError
from mjsim.envs import encoders as enc
from mjsim.envs import mahjong_v0
from mjsim.envs.evaluation import evaluate, random_policy
from mjsim.envs.shaping import seat_distance

from mjsim.actions import N_ACTIONS

V = "hebei"


def _first(mask: np.ndarray) -> np.ndarray:
    """The first legal action of each row of ``mask`` (0 for an empty row)."""
    return np.asarray(mask).argmax(-1)


# ---------------------------------------------------------------------------- masks
def test_one_mask_dtype_everywhere_and_gymnasium_sample_takes_it():
    """Every mask is int8 - AEC observation, Gymnasium observation, ``info`` and
    ``action_masks()``, vector observation, ``info`` and ``action_masks()`` - and Gymnasium's
    ``Discrete.sample(mask=...)`` (which refuses bool) draws only legal actions from it."""
    env = E.MahjongEnv(V)
    obs, info = env.reset(seed=3)
    for m in (obs["action_mask"], info["action_mask"], env.action_masks()):
        assert m.dtype == np.int8 and m.shape == (N_ACTIONS,)
    np.testing.assert_array_equal(env.action_masks(), obs["action_mask"])
    for _ in range(20):
        assert obs["action_mask"][env.action_space.sample(mask=env.action_masks())] == 1
    assert env.observation_space["action_mask"].dtype == np.int8

    aec = mahjong_v0.env(V)
    aec.reset(seed=3)
    ob, *_ = aec.last()
    assert ob["action_mask"].dtype == np.int8
    a = aec.action_space(aec.agent_selection).sample(mask=ob["action_mask"])
    assert ob["action_mask"][a] == 1

    for mode in ("next_step", "same_step"):
        vec = E.MahjongVectorEnv(V, 3, autoreset_mode=mode)
        vobs, vinfo = vec.reset(seed=3)
        for m in (vobs["action_mask"], vinfo["action_mask"], vec.action_masks()):
            assert m.dtype == np.int8 and m.shape == (3, N_ACTIONS)
        np.testing.assert_array_equal(vinfo["action_mask"], vobs["action_mask"])
        assert vec.single_observation_space["action_mask"].dtype == np.int8
        assert vec.single_action_space.sample(mask=vinfo["action_mask"][0]) in np.flatnonzero(
            vinfo["action_mask"][0]
        )


# ---------------------------------------------------------------------------- key order
@pytest.mark.parametrize("obs_name", ["planes-v0", "planes-norm-v0", "dict-v0", "dict-v1"])
def test_observation_space_key_order_is_the_returned_order(obs_name):
    """The spaces list their keys in the order of the dicts the envs return (a dict given to
    ``spaces.Dict`` is sorted, which put ``action_mask`` first), so ``FlattenObservation``
    starts with the observation and ends with the mask."""
    env = E.MahjongEnv(V, obs=obs_name)
    obs, _ = env.reset(seed=0)
    assert list(env.observation_space.spaces) == list(obs) == ["observation", "action_mask"]
    if obs_name.startswith("dict"):
        inner = env.observation_space["observation"]
        assert list(inner.spaces) == list(obs["observation"])
    assert env.observation_space.contains(obs)
    aec = mahjong_v0.raw_env(V, obs=obs_name)
    aec.reset(seed=0)
    o = aec.observe(aec.agent_selection)
    assert list(aec.observation_space(aec.agent_selection).spaces) == list(o)
    flat = gymnasium.wrappers.FlattenObservation(E.MahjongEnv(V, obs=obs_name))
    fo, _ = flat.reset(seed=0)
    np.testing.assert_array_equal(fo[-N_ACTIONS:], obs["action_mask"])
    if not obs_name.startswith("dict"):
        np.testing.assert_array_equal(fo[: obs["observation"].size], obs["observation"].ravel())
        vec = E.MahjongVectorEnv(V, 2, obs=obs_name)
        vo, _ = vec.reset(seed=0)
        assert list(vec.single_observation_space.spaces) == list(vo)


# ---------------------------------------------------------------------------- close()
def test_close_is_the_same_rule_in_all_three_interfaces():
    """``close()`` is idempotent and ends the episode in play: ``step`` raises
    ``ClosedEnvironmentError`` saying to call ``reset()``, which starts the env again and it
    plays a whole episode - the AEC env as the Gymnasium and vector envs."""
    raw = mahjong_v0.raw_env(V)
    raw.reset(seed=2)
    raw.close()
    raw.close()
    with pytest.raises(ClosedEnvironmentError, match=r"reset\(\)"):
        raw.step(int(np.flatnonzero(raw.observe(raw.agent_selection)["action_mask"])[0]))
    with pytest.raises(ClosedEnvironmentError, match=r"reset\(\)"):
        raw.observe(raw.agent_selection)
    raw.reset(seed=2)
    while raw.agents:
        ag = raw.agent_selection
        if raw.terminations[ag]:
            raw.step(None)
        else:
            raw.step(int(_first(raw.observe(ag)["action_mask"])))
    wrapped = mahjong_v0.env(V)
    wrapped.reset(seed=2)
    wrapped.close()
    with pytest.raises(ClosedEnvironmentError):
        wrapped.step(0)
    wrapped.reset(seed=2)
    ob, *_ = wrapped.last()
    assert ob["action_mask"].any()


def test_sb3_check_env_passes_and_the_default_env_says_how():
    """Stable-Baselines3's ``check_env``, render check included (it closes the env, then resets
    and steps it), passes with ``strict=False``; on the default strict env it stops at its first
    unmasked sample with an error that names ``strict=False``."""
    env_checker = pytest.importorskip("stable_baselines3.common.env_checker")
    for obs in ("planes-v0", "planes-norm-v0"):
        env = E.MahjongEnv(V, strict=False, obs=obs, render_mode="ansi")
        env_checker.check_env(env, skip_render_check=False)
    strict = E.MahjongEnv(V)
    strict.action_space.seed(0)  # the checker's samples: the first one is illegal
    with pytest.raises(ValueError, match="strict=False"):
        env_checker.check_env(strict)


# ---------------------------------------------------------------------------- planes-norm-v0
def _expected_norm(planes: np.ndarray) -> np.ndarray:
    """The documented scaling of ``planes-norm-v0``, in numpy: 0 where x <= 0, 1 / x on the
    recency planes, else min(x * mul, 1)."""
    x = planes.astype(np.float64)
    out = np.minimum(x * enc.NORM_MUL_V0, 1.0)
    rec = np.where(x > 0, 1.0 / np.where(x > 0, x, 1.0), 0.0)
    out[..., enc.NORM_RECENCY_V0, :] = rec[..., enc.NORM_RECENCY_V0, :]
    out[x <= 0] = 0.0
    return out.astype(np.float32)


@pytest.mark.parametrize("variant", ["sichuan", "hebei"])
def test_planes_norm_v0_is_planes_v3_scaled_into_unit_interval(variant):
    """``planes-norm-v0`` is float32 in [0, 1], equals the documented scaling of ``planes-v3``
    on the same table (AEC, Gymnasium and vector envs alike), and scales no mask: the mask is a
    separate key, still int8 0/1."""
    e = enc.get_encoder("planes-norm-v0")
    assert e.scaled and e.n_planes == enc.N_PLANES_V3 and e.dtype == np.float32
    sp = e.space(4)
    assert sp.dtype == np.float32 and sp.low.min() == 0.0 and sp.high.max() == 1.0
    # hand copies 4 -> 1, 2 -> 0.5; latest discard 1, the one before 0.5
    planes = np.zeros((enc.N_PLANES_V3, 34), np.int8)
    planes[enc.PL_HAND, :2] = (4, 2)
    planes[enc.PL_RECENCY, :2] = (1, 2)
    planes[enc.PL_TILES_LEFT, :] = 127
    got = e.scale(planes)
    assert got[enc.PL_HAND, :2].tolist() == [1.0, 0.5]
    assert got[enc.PL_RECENCY, :2].tolist() == [1.0, 0.5]
    assert (got[enc.PL_TILES_LEFT] == 1.0).all()

    n = 6
    raw3 = E.MahjongVectorEnv(variant, n, obs="planes-v3", opponents="greedy")
    norm = E.MahjongVectorEnv(variant, n, obs="planes-norm-v0", opponents="greedy", threads=2)
    single = E.MahjongEnv(variant, obs="planes-norm-v0", opponents="greedy")
    o3, i3 = raw3.reset(seed=11)
    on, _ = norm.reset(seed=11)
    so, _ = single.reset(seed=11)
    np.testing.assert_array_equal(so["observation"], on["observation"][0])
    sdone = False
    for _ in range(60):
        assert on["observation"].dtype == np.float32
        assert on["observation"].min() >= 0.0 and on["observation"].max() <= 1.0
        np.testing.assert_array_equal(on["observation"], _expected_norm(o3["observation"]))
        np.testing.assert_array_equal(on["action_mask"], o3["action_mask"])
        assert set(np.unique(on["action_mask"])) <= {0, 1}
        acts = _first(i3["action_mask"])
        o3, _, _, _, i3 = raw3.step(acts)
        on, _, _, _, _ = norm.step(acts)
        if not sdone:
            so, _, sdone, _, _ = single.step(int(acts[0]))
            np.testing.assert_array_equal(so["observation"], on["observation"][0])
    aec = mahjong_v0.raw_env(variant, obs="planes-norm-v0")
    aec3 = mahjong_v0.raw_env(variant, obs="planes-v3")
    aec.reset(seed=5)
    aec3.reset(seed=5)
    for _ in range(40):
        if not aec.agents or aec.terminations[aec.agent_selection]:
            break
        for ag in aec.possible_agents:  # every agent's view, not only the one to act
            np.testing.assert_array_equal(
                aec.observe(ag)["observation"], _expected_norm(aec3.observe(ag)["observation"])
            )
        a = int(_first(aec.observe(aec.agent_selection)["action_mask"]))
        aec.step(a)
        aec3.step(a)


def test_norm_scales_cover_every_plane_group():
    """The scaling table of docs/observations.md is ``NORM_SCALES``, row for row, and every
    plane group of ``planes-v3`` that is not 0/1 has its own row."""
    from pathlib import Path

    text = (Path(__file__).parents[1] / "docs" / "observations.md").read_text(encoding="utf-8")
    for group, how in enc.NORM_SCALES.items():
        name = group if group == "every other plane" else f"`{group}`"
        assert f"| {name} | {how} |" in text, group
    scaled = {int(c) for c in np.flatnonzero((enc.NORM_MUL_V0 != 1).any(1) | enc.NORM_RECENCY_V0)}
    named = {enc.PLANE_NAMES_V3[c].rstrip("0123") for c in scaled}
    documented = {g.split("_rel")[0].rstrip("0123") for g in enc.NORM_SCALES}
    assert {n.split("_rel")[0] for n in named} <= documented


# ---------------------------------------------------------------------------- autoreset
@pytest.mark.parametrize("opponents", ["random", None])
def test_same_step_autoreset_is_next_step_without_the_junk_steps(opponents):
    """A deterministic policy (first legal action) plays the same decisions in both autoreset
    modes; ``"same_step"`` returns them without the next-step env's reset steps: the finishing
    step gives the final reward, ``terminated``, the next episode's first observation, and the
    final observation in ``info["final_obs"]`` (rows masked by ``info["_final_obs"]``)."""
    n = 3
    envs = {
        mode: E.MahjongVectorEnv(V, n, opponents=opponents, autoreset_mode=mode)
        for mode in ("next_step", "same_step")
    }
    assert envs["same_step"].metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    # per table: the decisions (reward, terminated, the observation after it: the final one at
    # an episode's end) and the first observation of every episode after the first
    steps = {m: [[] for _ in range(n)] for m in envs}
    firsts = {m: [[] for _ in range(n)] for m in envs}
    for mode, env in envs.items():
        obs, info = env.reset(seed=7)
        was_end = np.zeros(n, bool)
        for _ in range(250):
            if mode == "same_step":
                assert info["action_mask"].any(1).all()  # never an empty mask: no junk step
            obs, rew, term, _, info = env.step(_first(info["action_mask"]))
            o = obs["observation"]
            if mode == "same_step" and term.any():
                assert info["_final_obs"].tolist() == term.tolist()
                assert not info["final_obs"]["action_mask"][term].any()
            for t in range(n):
                if was_end[t]:  # next-step mode: the reset step, not a decision
                    assert rew[t].tolist() == np.zeros_like(rew[t]).tolist() and not term[t]
                    firsts[mode][t].append(o[t].copy())
                    was_end[t] = False
                    continue
                after = (
                    info["final_obs"]["observation"][t] if mode == "same_step" and term[t] else o[t]
                )
                # the hand's outcome: in info on the last step, in info["final_info"] same-step
                src = info.get("final_info", {}) if mode == "same_step" else info
                paid = src["payments"][t].tolist() if term[t] else None
                assert bool(src.get("_payments", np.zeros(n, bool))[t]) == bool(term[t])
                steps[mode][t].append(
                    (np.asarray(rew[t]).tolist(), bool(term[t]), paid, after.copy())
                )
                if term[t]:
                    if mode == "same_step":
                        firsts[mode][t].append(o[t].copy())
                    else:
                        was_end[t] = True
    ends = 0
    for t in range(n):
        a, b = steps["next_step"][t], steps["same_step"][t]
        k = min(len(a), len(b))
        assert k > 50
        for x, y in zip(a[:k], b[:k], strict=True):
            assert x[:3] == y[:3]
            np.testing.assert_array_equal(x[3], y[3])
        ends += sum(x[1] for x in a[:k])
        fa, fb = firsts["next_step"][t], firsts["same_step"][t]
        for x, y in zip(fa, fb, strict=False):
            np.testing.assert_array_equal(x, y)
    assert ends > 0


# ---------------------------------------------------------------------------- rewards
def test_reward_options_points_normalised_and_shaping():
    """Raw points by default (no ``shaping`` key); ``normalize_rewards`` divides them by
    ``reward_scale``; ``reward_shaping="shanten"`` adds ``Φ(after) - Φ(before)``, reported in
    ``info["shaping"]``, so that reward - shaping is the raw reward, and an episode's shaping
    telescopes to ``coef * (distance at the start + 1)``."""
    seeds = 20
    pts = E.MahjongVectorEnv(V, 4, opponents="random")
    nrm = E.MahjongVectorEnv(V, 4, opponents="random", normalize_rewards=True, reward_scale=4.0)
    shp = E.MahjongVectorEnv(V, 4, opponents="random", reward_shaping="shanten", shaping_coef=0.5)
    op, ip = pts.reset(seed=seeds)
    nrm.reset(seed=seeds)
    _, ish = shp.reset(seed=seeds)
    assert "shaping" not in ip and "shaping" in ish
    start = np.array(
        [seat_distance(shp._state, shp._rules, t, 0, np.zeros(34, np.uint8)) for t in range(4)],
        np.float64,
    )
    shaped_sum = np.zeros(4)
    raw_sum = np.zeros(4)
    done = np.zeros(4, bool)
    nonzero = False
    while not done.all():
        acts = _first(ip["action_mask"])
        op, rp, tp, _, ip = pts.step(acts)
        _, rn, _, _, _ = nrm.step(acts)
        _, rs, _, _, ish = shp.step(acts)
        np.testing.assert_allclose(rn, rp / 4.0)
        np.testing.assert_allclose(rs - ish["shaping"], rp)
        live = ~done
        shaped_sum[live] += ish["shaping"][live]
        raw_sum[live] += rp[live]
        nonzero |= bool((ish["shaping"] != 0).any())
        done |= tp
    assert nonzero
    np.testing.assert_allclose(shaped_sum, 0.5 * (start + 1))
    for bad, match in (
        (dict(reward_shaping="ukeire"), r"reward_shaping='ukeire'; valid: None, 'shanten'"),
        (dict(reward_shaping="shanten", shaping_coef=0), "shaping_coef=0"),
        (dict(reward_shaping="shanten", shaping_coef=float("nan")), "shaping_coef=nan"),
    ):
        with pytest.raises(ValueError, match=match):
            E.MahjongVectorEnv(V, 2, **bad)
        with pytest.raises(ValueError, match=match):
            mahjong_v0.raw_env(V, **bad)


def test_shaping_in_the_single_and_aec_envs():
    """The Gymnasium env carries the same shaping (``info["shaping"]``, reward - shaping =
    points); in the AEC env every agent's shaping over an episode telescopes to
    ``coef * (its distance at the start + 1)`` and its points are unchanged."""
    g = E.MahjongEnv(V, seat=1, reward_shaping="shanten")
    plain = E.MahjongEnv(V, seat=1)
    o, i = g.reset(seed=4)
    plain.reset(seed=4)
    assert i["shaping"] == 0.0
    done = False
    while not done:
        a = int(_first(o["action_mask"]))
        o, r, done, _, i = g.step(a)
        _, rp, _, _, _ = plain.step(a)
        assert r - i["shaping"] == pytest.approx(rp)
    # an illegal action under strict=False plays nothing: its reward has no shaping part
    loose = E.MahjongEnv(V, strict=False, reward_shaping="shanten")
    o, _ = loose.reset(seed=4)
    o, _, done, _, _ = loose.step(int(_first(o["action_mask"])))
    assert not done
    o, r, done, _, i = loose.step(int(np.flatnonzero(o["action_mask"] == 0)[0]))
    assert done and r == -1.0 and i["shaping"] == 0.0 and "illegal_action" in i
    for seed in range(3):
        env = mahjong_v0.raw_env(V, reward_shaping="shanten", shaping_coef=2.0)
        ref = mahjong_v0.raw_env(V)
        env.reset(seed=seed)
        ref.reset(seed=seed)
        c = np.zeros(34, np.uint8)
        start = {
            a: seat_distance(env._state, env._rules, 0, env.seat_of(a), c)
            for a in env.possible_agents
        }
        shaping = dict.fromkeys(env.possible_agents, 0.0)
        total = dict.fromkeys(env.possible_agents, 0.0)
        points = dict.fromkeys(env.possible_agents, 0.0)
        while env.agents and not all(env.terminations.values()):
            a = int(_first(env.observe(env.agent_selection)["action_mask"]))
            env.step(a)
            ref.step(a)
            for ag in env.possible_agents:
                shaping[ag] += env.infos[ag]["shaping"]
                total[ag] += env.rewards[ag]
                points[ag] += ref.rewards[ag]
        for ag in env.possible_agents:
            assert shaping[ag] == pytest.approx(2.0 * (start[ag] + 1))
            assert total[ag] - shaping[ag] == pytest.approx(points[ag])


# ---------------------------------------------------------------------------- evaluation
def test_evaluate_plays_fixed_deals():
    """``evaluate`` plays episode ``i`` on the deal of ``MahjongEnv`` seeded ``seed + i``: the
    same seed gives the same result, and a policy's points per hand are the episode returns."""
    a = evaluate(random_policy(1), V, opponents="random", episodes=12, seed=30)
    b = evaluate(random_policy(1), V, opponents="random", episodes=12, seed=30)
    assert a.points.tolist() == b.points.tolist() and a.episodes == 12
    assert a.mean == pytest.approx(a.points.mean())
    # episode 0 of the evaluation = MahjongEnv reset with seed 30, same actions
    first = evaluate(lambda o, m: _first(m), V, opponents="greedy", episodes=3, seed=30)
    env = E.MahjongEnv(V, opponents="greedy")
    for i in range(3):
        o, _ = env.reset(seed=30 + i)
        total, done = 0.0, False
        while not done:
            o, r, done, _, _ = env.step(int(_first(o["action_mask"])))
            total += r
        assert total == first.points[i]
    with pytest.raises(ValueError, match="episodes=0"):
        evaluate(random_policy(), V, episodes=0)


# ---------------------------------------------------------------------------- SB3 VecEnv
def test_only_the_sb3_module_imports_stable_baselines3():
    """``MahjongSB3VecEnv`` is loaded on first use (``mjsim.envs.__getattr__``): no other module
    of ``mjsim.envs`` imports Stable-Baselines3 or sb3-contrib, so ``import mjsim.envs`` works
    with the test extra alone."""
    import re
    from pathlib import Path

    for path in Path(E.__file__).parent.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        found = re.findall(r"^\s*(?:from|import)\s+(stable_baselines3|sb3_contrib)\b", text, re.M)
        assert not found or path.name == "sb3.py", path.name
    assert "MahjongSB3VecEnv" not in vars(E)  # not imported by mjsim.envs itself


def test_sb3_vec_env_is_the_single_env_batched_with_same_step_autoreset():
    """``MahjongSB3VecEnv`` is an SB3 ``VecEnv``: ``seed(s)`` + ``reset()`` deal table ``i`` as
    ``MahjongEnv`` reset with ``s + i``; the same actions give the same observations, float32
    rewards and dones; a finished table's final observation is in
    ``infos[i]["terminal_observation"]`` and its next episode starts on the same step (the
    single env's next ``reset()``); masks come from ``env_method("action_masks")``."""
    pytest.importorskip("stable_baselines3")
    from stable_baselines3.common.vec_env import VecEnv

    n = 3
    venv = E.MahjongSB3VecEnv(V, n, opponents="greedy", seat=1)
    assert isinstance(venv, VecEnv) and venv.num_envs == n
    assert venv.get_attr("render_mode") == [None] * n and venv.env_is_wrapped(object) == [False] * n
    venv.seed(40)
    obs = venv.reset()
    singles = [E.MahjongEnv(V, opponents="greedy", seat=1) for _ in range(n)]
    sobs = [e.reset(seed=40 + i)[0] for i, e in enumerate(singles)]
    dones_seen = 0
    for _ in range(120):
        masks = np.stack(venv.env_method("action_masks"))
        assert masks.dtype == np.int8
        np.testing.assert_array_equal(masks, venv.action_masks())
        for i in range(n):
            np.testing.assert_array_equal(obs["observation"][i], sobs[i]["observation"])
            np.testing.assert_array_equal(masks[i], sobs[i]["action_mask"])
        acts = _first(masks)
        obs, rew, dones, infos = venv.step(acts)
        assert rew.dtype == np.float32 and dones.dtype == bool and len(infos) == n
        for i, e in enumerate(singles):
            so, r, d, _, si = e.step(int(acts[i]))
            assert rew[i] == np.float32(r) and dones[i] == d
            if d:  # the hand's outcome, as the single env reports it
                assert infos[i]["winners"] == si["winners"]
                assert infos[i]["payments"].tolist() == si["payments"]
                final = infos[i]["terminal_observation"]
                np.testing.assert_array_equal(final["observation"], so["observation"])
                assert infos[i]["TimeLimit.truncated"] is False
                so, _ = e.reset()
                dones_seen += 1
            sobs[i] = so
    assert dones_seen > 0
    bad = np.array([int(np.flatnonzero(m == 0)[0]) for m in venv.action_masks()])
    with pytest.raises(ValueError, match="MaskablePPO"):
        venv.step(bad)
    with pytest.raises(AttributeError, match="only 'action_masks'"):
        venv.env_method("render")
    venv.close()
    venv.reset()  # starts again after close()
    with pytest.raises(ValueError, match="self-play"):
        E.MahjongSB3VecEnv(V, 2, opponents=None)


def test_vecnormalize_on_the_observation_key_leaves_the_mask_alone():
    """With an int8 encoder, SB3's ``VecNormalize(norm_obs_keys=["observation"])`` (the docs'
    advice) rescales the planes and passes the mask through unchanged."""
    pytest.importorskip("stable_baselines3")
    from stable_baselines3.common.vec_env import VecNormalize

    venv = VecNormalize(E.MahjongSB3VecEnv(V, 4), norm_obs_keys=["observation"], norm_reward=False)
    venv.seed(3)
    obs = venv.reset()
    for _ in range(20):
        masks = venv.venv.action_masks()
        np.testing.assert_array_equal(obs["action_mask"], masks)
        obs, _, _, _ = venv.step(_first(masks))
    assert obs["observation"].dtype != np.int8  # normalised
