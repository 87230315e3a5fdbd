"""PettingZoo AEC env ``mahjong_v0``: the official API/seed tests for every registered variant,
masks vs the engine's ``Game``, rewards = payments, hidden reaction choices, matches, render."""

from __future__ import annotations

import copy

import mjsim.envs as E
import numpy as np
import pettingzoo
import pytest
from mjsim.agents.random import random_action
from pettingzoo.test import api_test, seed_test

import mjsim
from mjsim import variants
from mjsim.actions import N_ACTIONS, PASS, WIN
from mjsim.engine import Game
from mjsim.engine.legal import legal_mask
from mjsim.engine.state import (
    PH_REACT,
    PV_SCORE,
    TV_DEALER,
    TV_HEAD,
    TV_N_DECISIONS,
    TV_PHASE,
    TV_REACT_N,
    TV_REACT_POS,
    TV_TAIL,
    TV_WINNERS,
)

# steps a Game outside the "game" compile family: compile it under its lock (conftest)
pytestmark = pytest.mark.usefixtures("game_compiled")

VARIANTS = variants.names()


def _play_random(env, rng, on_step=None):
    """Play one episode of a (wrapped or raw) AEC env with random legal actions."""
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        a = int(legal[rng.integers(len(legal))])
        if on_step is not None:
            on_step(agent, obs, a)
        env.step(a)


@pytest.mark.parametrize("variant", VARIANTS)
def test_api_test(variant):
    api_test(E.mahjong_v0.env(variant), num_cycles=40)


@pytest.mark.parametrize("variant", VARIANTS)
def test_seed_test(variant):
    seed_test(lambda: E.mahjong_v0.env(variant), num_cycles=40)


@pytest.mark.parametrize("variant", VARIANTS)
def test_dict_obs_api(variant):
    api_test(E.mahjong_v0.env(variant, obs="dict-v0"), num_cycles=10)


def test_registry_and_default_variant():
    e = pettingzoo.make("aec", "mjsim/mahjong_v0", variant=VARIANTS[0])
    e.reset(seed=0)
    assert e.unwrapped.variant == VARIANTS[0]
    assert e.possible_agents == [f"player_{i}" for i in range(e.unwrapped.n_players)]
    want = "sichuan" if "sichuan" in VARIANTS else VARIANTS[0]
    assert E.mahjong_v0.default_variant() == want
    assert E.mahjong_v0.raw_env().variant == want
    assert isinstance(E.make("aec", VARIANTS[0]), pettingzoo.AECEnv)


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown variant"):
        E.mahjong_v0.env("nope")
    with pytest.raises(ValueError, match="unknown observation encoder"):
        E.mahjong_v0.env(VARIANTS[0], obs="planes-v9")
    with pytest.raises(ValueError, match="hands"):
        E.mahjong_v0.env(VARIANTS[0], hands=0)
    with pytest.raises(ValueError, match="render_mode"):
        E.mahjong_v0.env(VARIANTS[0], render_mode="rgb")
    raw = E.mahjong_v0.raw_env(VARIANTS[0])
    raw.reset(seed=3)
    obs = raw.observe(raw.agent_selection)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="illegal action .* legal: "):
        raw.step(bad)
    with pytest.raises(
        ValueError,
        match=rf"action {N_ACTIONS} out of range 0..{N_ACTIONS - 1} for {raw.agent_selection}; "
        "legal: ",
    ):
        raw.step(N_ACTIONS)  # out of range: the same error (docs/observations.md)


@pytest.mark.parametrize("variant", VARIANTS)
def test_masks_and_rewards_match_engine_game(variant):
    """Replay the AEC episode in ``mjsim.engine.Game`` (same seed -> same deal): the agent to
    act, its mask and every other agent's zero mask match; each agent's summed reward is its
    payment of the hand."""
    for seed in (5, 6):
        raw = E.mahjong_v0.raw_env(variant)
        raw.reset(seed=seed)
        game = Game(variant, seed=seed, dealer=0, hand_no=0, record=False)
        rng = np.random.default_rng(seed)
        total = dict.fromkeys(raw.possible_agents, 0.0)
        steps = 0
        for agent in raw.agent_iter():
            obs, _, term, trunc, _ = raw.last()
            if term or trunc:
                raw.step(None)
                continue
            assert agent == f"player_{game.current_player}"
            np.testing.assert_array_equal(obs["action_mask"].astype(bool), game.legal_mask())
            for other in raw.agents:
                if other != agent:
                    assert not raw.observe(other)["action_mask"].any()
            legal = np.flatnonzero(obs["action_mask"])
            a = int(legal[rng.integers(len(legal))])
            raw.step(a)
            game.step(a)
            for ag, r in raw.rewards.items():
                total[ag] += r
            steps += 1
        assert game.done and steps == game.state.tv[0, 27]  # TV_N_DECISIONS
        pay = game.payments
        for i, ag in enumerate(raw.possible_agents):
            assert total[ag] == pytest.approx(float(pay[i]))
        assert sum(total.values()) == pytest.approx(float(pay.sum()))


@pytest.mark.parametrize("variant", VARIANTS)
def test_rewards_equal_simulate_payments(variant):
    """Driven by the in-kernel random bot (same RNG stream as ``mjsim.simulate``), hand ``i`` of
    seed ``s`` replays ``simulate``'s row ``i``: the summed rewards are its payments; with
    ``normalize_rewards`` they are divided by ``reward_scale``."""
    seed = 0
    # 1,000 hands: random bots win about 1 hand in 100 where a ready declaration with a
    # standing tile is needed (taiyuan; the first win is hand 381 of seed 0)
    res = mjsim.simulate(variant, 1000, seed=seed, threads=1)
    won = np.flatnonzero(res["winners"] != 0)[:3]
    rows = list(won) + [0, 1]
    raw = E.mahjong_v0.raw_env(variant)
    # random bots practically never self-draw a 2-番 hand (tianjin: 0 wins in 2,000 hands);
    # elsewhere the replay must include won hands
    assert len(won) > 0 or (raw.spec.self_draw_only and raw.spec.min_fan >= 2)
    norm = E.mahjong_v0.raw_env(variant, normalize_rewards=True, reward_scale=4.0)
    for i in rows:
        for e, scale in ((raw, 1.0), (norm, 4.0)):
            e.reset(seed=seed, options={"hand": int(i)})
            tot = np.zeros(e.n_players)
            mask = np.zeros(N_ACTIONS, np.bool_)
            for _agent in e.agent_iter():
                _, _, term, trunc, _ = e.last()
                if term or trunc:
                    e.step(None)
                    continue
                legal_mask(e.state_arrays, e._rules, 0, mask)
                e.step(int(random_action(e.state_arrays, e._rules, 0, mask)))
                tot += [e.rewards[x] for x in e.possible_agents]
            want = [res[f"pay{p}"][i] for p in range(e.n_players)]
            np.testing.assert_allclose(tot * scale, want)


def _rig_two_seat_window(variant: str, seed: int = 0):
    """A raw env at the dealer's first turn, rigged (tiles moved only between the other seats'
    concealed hands and the live wall, so the tile set is conserved) so that discarding ``k``
    lets seat 1 pung it and seat 2 win on it (four concealed pungs + a single wait on ``k``).
    Returns ``(raw, k)`` or ``None`` if the variant's rules do not open that window."""
    raw = E.mahjong_v0.raw_env(variant)
    raw.reset(seed=seed)
    s, n = raw.state_arrays, raw.n_players
    if n < 3:
        return None
    h = s.hands[0]
    head, tail = int(s.tv[0, TV_HEAD]), int(s.tv[0, TV_TAIL])
    pool = np.zeros(34, np.int64)
    for q in range(1, n):
        pool += h[q, :34]
    live_pos = [i for i in range(head, tail) if s.wall[0, i] < 34]
    for i in live_pos:
        pool[s.wall[0, i]] += 1
    singles = [k for k in range(34) if h[0, k] == 1 and pool[k] >= 3]
    if not singles:
        return None
    k = singles[0]
    pool[k] -= 3
    pungs = [x for x in range(34) if x != k and pool[x] >= 3][:4]
    if len(pungs) < 4:
        return None
    hs = int(raw.spec.hand_size)
    if hs != 13:
        return None
    new = np.zeros((n, 34), np.int64)
    new[1, k] = 2
    new[2, k] = 1
    for x in pungs:
        new[2, x] = 3
        pool[x] -= 3
    rest = [x for x in range(34) for _ in range(int(pool[x]))]
    rng = np.random.default_rng(seed)
    rng.shuffle(rest)
    fill = {1: hs - 2}
    for q in range(3, n):
        fill[q] = hs
    for q, m in fill.items():
        for x in rest[:m]:
            new[q, x] += 1
        rest = rest[m:]
    for q in range(1, n):
        h[q, :34] = new[q]
    for i, x in zip(live_pos, rest, strict=True):
        s.wall[0, i] = x
    legal_mask(s, raw._rules, 0, raw._mask)
    if not raw._mask[k]:
        return None
    raw.step(k)
    tv = s.tv[0]
    if tv[TV_PHASE] != PH_REACT or tv[TV_REACT_N] < 2 or tv[TV_REACT_POS] != 0:
        return None
    return raw, k


@pytest.mark.parametrize("variant", VARIANTS)
def test_reaction_choice_is_hidden(variant):
    """In a window asking several seats, whatever the first asked seat answers, every other
    seat's observation afterwards is the same, and the engine resolves only after all answered
    (a discard win beats the pung)."""
    rig = _rig_two_seat_window(variant)
    if rig is None:
        pytest.skip(f"{variant}: rules do not allow the rigged pung + win window")
    raw, _k = rig
    first = raw.agent_selection
    legal = np.flatnonzero(raw.observe(first)["action_mask"])
    assert PASS in legal and len(legal) >= 2
    seen = []
    for a in legal:
        e = copy.deepcopy(raw)
        e.step(int(a))
        assert e.agent_selection == "player_2"  # the window moved on to the next asked seat
        assert int(e.state_arrays.tv[0, TV_PHASE]) == PH_REACT
        seen.append({ag: e.observe(ag) for ag in e.possible_agents if ag != first})
        if a != PASS:
            e.step(WIN)  # seat 2 wins on the discard whatever seat 1 chose
            assert e.state_arrays.tv[0, TV_WINNERS] == 1 << 2
    for other in seen[1:]:
        for ag, o in other.items():
            np.testing.assert_array_equal(o["observation"], seen[0][ag]["observation"])
            np.testing.assert_array_equal(o["action_mask"], seen[0][ag]["action_mask"])


def test_match_carry_over_matches_engine():
    """``hands=3``: one episode of three hands; replayed in ``Game`` with ``next_hand()`` (the
    engine's carry-over: dealer, repeat counter, multiplier, scores) the masks, agents and the
    dealers agree, and each agent's summed reward is its final running score."""
    v = VARIANTS[0]
    raw = E.mahjong_v0.raw_env(v, hands=3)
    raw.reset(seed=11)
    game = Game(v, seed=11, dealer=0, hand_no=0, record=False)
    rng = np.random.default_rng(0)
    total = np.zeros(raw.n_players)
    hands_seen = [raw.hand_number]
    for agent in raw.agent_iter():
        obs, _, term, trunc, _ = raw.last()
        if term or trunc:
            raw.step(None)
            continue
        if game.done:
            game.next_hand()
            hands_seen.append(raw.hand_number)
            assert int(raw.state_arrays.tv[0, TV_DEALER]) == game.dealer
        assert agent == f"player_{game.current_player}"
        np.testing.assert_array_equal(obs["action_mask"].astype(bool), game.legal_mask())
        legal = np.flatnonzero(obs["action_mask"])
        a = int(legal[rng.integers(len(legal))])
        raw.step(a)
        game.step(a)
        total += [raw.rewards[x] for x in raw.possible_agents]
    assert game.done and hands_seen == [0, 1, 2]
    np.testing.assert_allclose(total, game.scores)
    np.testing.assert_allclose(total, raw.state_arrays.pv[0, : raw.n_players, PV_SCORE])
    raw.reset()  # continues the hand numbering
    assert raw.hand_number == 3


def test_render_modes(capsys):
    v = VARIANTS[0]
    e = E.mahjong_v0.env(v, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert isinstance(text, str) and "seat 0" in text
    assert any(0x1F000 <= ord(c) <= 0x1F02B for c in text)
    h = E.mahjong_v0.env(v, render_mode="human")
    h.reset(seed=0)
    assert h.render() is None
    assert "seat 0" in capsys.readouterr().out


def test_deterministic_dict_order():
    v = VARIANTS[0]
    e = E.mahjong_v0.env(v)
    e.reset(seed=1)
    agents = list(e.possible_agents)
    assert list(e.rewards) == agents and list(e.terminations) == agents
    assert list(e.infos) == agents
    assert e.action_space(agents[0]).n == N_ACTIONS


def test_env_makes_the_pettingzoo_wrapper_checks():
    """``env()`` is a ``checked_env`` that makes the checks of PettingZoo's classic-game wrappers
    itself: attributes and calls are refused before ``reset`` (``OrderEnforcingWrapper``), an
    out-of-range action is an ``AssertionError`` (``AssertOutOfBoundsWrapper``), an illegal
    action ends the game with -1 for the offender (``TerminateIllegalWrapper``), ``step`` after
    the end warns; and it plays the same game as the raw env."""
    v = VARIANTS[0]
    e = E.mahjong_v0.env(v)
    assert isinstance(e, E.mahjong_v0.checked_env) and e.unwrapped is e
    for name in ("agent_selection", "agents", "rewards", "infos", "num_agents"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(e, name)
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before step"):
        e.step(0)
    with pytest.raises(AssertionError, match="before observe"):
        e.observe("player_0")
    with pytest.raises(AssertionError, match="agent_iter"):
        e.agent_iter()
    e.reset(seed=3)
    raw = E.mahjong_v0.raw_env(v)
    raw.reset(seed=3)
    rng = np.random.default_rng(0)
    for i in range(30):
        obs = e.last()[0]
        robs = raw.observe(raw.agent_selection)
        assert e.agent_selection == raw.agent_selection
        np.testing.assert_array_equal(obs["observation"], robs["observation"])
        np.testing.assert_array_equal(obs["action_mask"], robs["action_mask"])
        legal = np.flatnonzero(obs["action_mask"])
        a = legal[rng.integers(len(legal))]  # numpy ints take the checked path
        e.step(int(a) if i % 2 else a)
        raw.step(int(a))
        assert e.rewards == raw.rewards
    agent = e.agent_selection
    with pytest.raises(AssertionError, match="action is not in action space"):
        e.step(N_ACTIONS)  # out of range (AssertOutOfBoundsWrapper's check)
    with pytest.raises(ValueError, match="None is only for an agent already terminated"):
        e.step(None)
    bad = int(np.flatnonzero(e.last()[0]["action_mask"] == 0)[0])
    e.step(bad)  # PettingZoo logs "Illegal move made, game terminating ..."
    # the game ends for everyone: -1 for the offender, 0 for the others (docs/observations.md)
    assert all(e.terminations.values()) and all(e.truncations.values())
    assert e.rewards == {a: (-1 if a == agent else 0) for a in e.possible_agents}
    assert not e.last()[0]["action_mask"].any()
    for _ in e.agent_iter():
        e.step(None)
    assert e.agents == []
    from pettingzoo.utils.env_logger import EnvLogger

    n = len(EnvLogger.mqueue)
    e.step(None)  # after the end: PettingZoo's warning, nothing else
    assert any("step" in str(m) for m in EnvLogger.mqueue[n:])


def test_agent_iter_keeps_order_checks():
    """``agent_iter`` keeps PettingZoo's ``AECOrderEnforcingIterator`` checks: a second
    ``next`` without a ``step`` fails, and ``max_iter`` bounds the loop."""
    e = E.mahjong_v0.env(VARIANTS[0])
    e.reset(seed=1)
    it = iter(e.agent_iter(max_iter=3))
    assert next(it) == e.agent_selection
    with pytest.raises(AssertionError, match="need to call step"):
        next(it)
    seen = []
    e.step(int(np.flatnonzero(e.last()[0]["action_mask"])[0]))
    for agent in e.agent_iter(max_iter=5):
        seen.append(agent)
        assert agent == e.agent_selection
        e.step(int(np.flatnonzero(e.last()[0]["action_mask"])[0]))
    assert len(seen) == 5


@pytest.mark.parametrize(
    ("variant", "obs"), [(VARIANTS[0], "planes-v1"), (VARIANTS[1], "planes-v2")]
)
def test_planes_v1_api_and_observation_cache(variant, obs):
    """``obs="planes-v1"`` / ``"planes-v2"`` pass the API test; ``observe`` of the agent to act
    (served from the planes the step kernel encoded) equals a fresh encoding, and observations
    are copies that later steps do not change."""
    api_test(E.mahjong_v0.env(variant, obs=obs), num_cycles=20)
    raw = E.mahjong_v0.raw_env(variant, obs=obs)
    raw.reset(seed=2)
    enc = E.get_encoder(obs)
    rng = np.random.default_rng(3)
    kept = []
    for _ in range(60):
        if raw.terminations[raw.agent_selection]:
            break
        me = raw._seat[raw.agent_selection]
        o = raw.observe(raw.agent_selection)
        fresh = enc.encode(raw.state_arrays, raw._rules, 0, me)
        np.testing.assert_array_equal(o["observation"], fresh)
        kept.append((o["observation"], o["observation"].copy()))
        legal = np.flatnonzero(o["action_mask"])
        raw.step(int(legal[rng.integers(len(legal))]))
    for seen, snapshot in kept:
        np.testing.assert_array_equal(seen, snapshot)


def test_readme_aec_loop_runs():
    """README.md's PettingZoo AEC loop (the block with ``agent_iter``), executed as written: it
    plays one hebei hand to its end (every agent leaves the env) and its payments are zero-sum."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```python\n")[1:]]
    (snippet,) = [b for b in blocks if "env.agent_iter()" in b]
    assert 'mahjong_v0.env(variant="hebei")' in snippet
    ns: dict = {}
    exec(compile(snippet, "README.md", "exec"), ns)
    env = ns["env"]
    assert env.agents == []  # the loop ran to the end of the hand
    s = env.unwrapped._state
    scores = s.pv[0, :4, PV_SCORE]  # the hand's payments per seat
    assert s.tv[0, TV_N_DECISIONS] > 40 and scores.sum() == 0  # a whole hand, zero-sum
    if s.tv[0, TV_WINNERS] == 0:  # (seed 0 with this rng: an exhaustive draw) hebei pays nothing
        assert not scores.any()


def test_step_kernel_refuses_an_illegal_action_without_changing_anything():
    """The AEC step kernel checks the action against the legal mask itself: an out-of-range or
    illegal id returns ``CODE_ILLEGAL`` and leaves every state array, the mask, the block of
    decisions and the header as they were (the env's ``step`` then takes its checked path)."""
    from mjsim.envs.kernels import CODE_ILLEGAL, aec_step_h

    raw = E.mahjong_v0.raw_env(VARIANTS[0])
    raw.reset(seed=4)
    illegal = int(np.flatnonzero(~raw._mask)[0])
    mine = [raw._mask, raw._obs_rows, raw._mask_rows, raw._h]
    before = [a.copy() for a in raw.state_arrays] + [a.copy() for a in mine]
    for a in (illegal, -1, N_ACTIONS, N_ACTIONS + 7):
        assert aec_step_h(raw._h, raw._rules.scorer, a) == CODE_ILLEGAL
        assert raw._kstep(raw._h, raw._sc, a) == CODE_ILLEGAL
    after = [*raw.state_arrays, *mine]
    for x, y in zip(before, after, strict=True):
        np.testing.assert_array_equal(x, y)
    # and the checked env still ends the game on it with -1 for the offender
    e = E.mahjong_v0.env(VARIANTS[0])
    e.reset(seed=4)
    offender = e.agent_selection
    e.step(illegal)
    assert all(e.terminations.values()) and e.rewards[offender] == -1


def test_entry_point_is_the_compiled_overload_or_the_dispatcher():
    """``kernels.entry_point`` returns the compiled entry for the arguments' numba types (the
    same results as the dispatcher) and the dispatcher itself for types never compiled."""
    from mjsim.envs.kernels import encode_h, entry_point

    raw = E.mahjong_v0.raw_env(VARIANTS[0])
    raw.reset(seed=6)
    fast = entry_point(encode_h, raw._h, raw._sc, 0, raw._obs_buf, 0)
    assert fast is not encode_h
    a, b = np.empty_like(raw._obs_buf), np.empty_like(raw._obs_buf)
    fast(raw._h, raw._sc, 1, a, 0)
    encode_h(raw._h, raw._sc, 1, b, 0)
    np.testing.assert_array_equal(a, b)
    assert entry_point(encode_h, raw._h, raw._sc, 0, np.zeros((3, 34), np.float32), 0) is encode_h


def test_checked_env_has_no_getattr_once_reset_and_survives_copies():
    """Before the first ``reset`` the env refuses PettingZoo's attributes (a ``__getattr__``
    of a subclass); from ``reset`` on it is a plain ``checked_env`` (no ``__getattr__``, so
    CPython specialises its attribute reads); a deep copy made before or after plays on."""
    e = E.mahjong_v0.env(VARIANTS[0])
    assert isinstance(e, E.mahjong_v0.checked_env)
    early = copy.deepcopy(e)
    with pytest.raises(AttributeError, match="agents cannot be accessed before reset"):
        early.agents  # noqa: B018
    e.reset(seed=5)
    assert type(e) is E.mahjong_v0.checked_env and not hasattr(type(e), "__getattr__")
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        e.nothing_here  # noqa: B018
    for env in (early, copy.deepcopy(e)):
        env.reset(seed=5)
        _play_random(env, np.random.default_rng(0))
        assert env.agents == []


def test_last_returns_fresh_observations():
    """``last()`` of the checked env (served from the planes the step kernel encoded) returns
    arrays that later steps do not change, equal to a fresh encoding, through a whole hand and
    its end (the terminated agents' final observations included)."""
    e = E.mahjong_v0.env(VARIANTS[0])
    e.reset(seed=8)
    rng = np.random.default_rng(8)
    kept = []
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        fresh = E.get_encoder("planes-v0").encode(e.state_arrays, e._rules, 0, e.seat_of(agent))
        np.testing.assert_array_equal(obs["observation"], fresh)
        kept.append((obs, {k: v.copy() for k, v in obs.items()}))
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.integers(len(legal))]))
    assert len(kept) > 20
    for seen, snapshot in kept:
        for k in snapshot:
            np.testing.assert_array_equal(seen[k], snapshot[k])


def test_last_serves_rows_of_blocks_that_are_never_written_again():
    """``last()`` serves the agent to act's decision as views of a row of the step kernel's
    block (mahjong_v0.BLOCK_ROWS rows): across several blocks and hands every observation and
    mask stays as it was served, equal to a fresh encoding and to the engine's legal mask; a
    second ``last()`` before the next step returns equal arrays that share no memory with the
    first (a finished agent's final observation too); a deep copy taken mid-block plays on
    exactly as the original."""
    from mjsim.envs.mahjong_v0 import BLOCK_ROWS

    e = E.mahjong_v0.env("riichi")
    enc = E.get_encoder("planes-v0")
    rng = np.random.default_rng(5)
    kept, served, blocks = [], 0, set()
    for seed in range(4):
        e.reset(seed=seed)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:  # a finished agent's final planes: served once, then fresh copies
                again = e.last()[0]
                fresh = enc.encode(e.state_arrays, e._rules, 0, e.seat_of(agent))
                for o in (obs, again):
                    np.testing.assert_array_equal(o["observation"], fresh)
                    assert not o["action_mask"].any()
                assert not np.shares_memory(obs["observation"], again["observation"])
                e.step(None)
                continue
            served += 1
            blocks.add(id(e.unwrapped._obs_rows))
            fresh = enc.encode(e.state_arrays, e._rules, 0, e.seat_of(agent))
            np.testing.assert_array_equal(obs["observation"], fresh)
            np.testing.assert_array_equal(obs["action_mask"], e.unwrapped._mask.view(np.int8))
            again = e.last()[0]
            for k in obs:
                np.testing.assert_array_equal(again[k], obs[k])
                assert not np.shares_memory(again[k], obs[k])
            kept.append((obs, {k: v.copy() for k, v in obs.items()}))
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.integers(len(legal))]))
    assert served > 3 * BLOCK_ROWS and len(blocks) >= 4
    for seen, snapshot in kept:
        for k in snapshot:
            np.testing.assert_array_equal(seen[k], snapshot[k])
    # a copy taken in the middle of a block plays on as the original, over a block boundary
    e.reset(seed=11)
    for _ in range(BLOCK_ROWS // 2 + 3):
        legal = np.flatnonzero(e.last()[0]["action_mask"])
        e.step(int(legal[len(legal) // 2]))
    twin = copy.deepcopy(e)
    for _ in range(BLOCK_ROWS):
        if not e.agents or e.terminations[e.agent_selection]:
            break
        a, b = e.last()[0], twin.last()[0]
        for k in a:
            np.testing.assert_array_equal(a[k], b[k])
            assert not np.shares_memory(a[k], b[k])
        legal = np.flatnonzero(a["action_mask"])
        e.step(int(legal[len(legal) // 2]))
        twin.step(int(legal[len(legal) // 2]))


def test_a_block_is_reused_only_when_nothing_served_from_it_is_alive():
    """A loop that keeps no observation steps through two blocks in turn (the spare is reused);
    an observation kept from a block keeps that block out of use: it is still as served after
    many later blocks, and the env takes new blocks meanwhile."""
    from mjsim.envs.mahjong_v0 import BLOCK_ROWS

    e = E.mahjong_v0.env("riichi")
    rng = np.random.default_rng(9)

    def play(steps, keep_at=-1):
        seen, kept = set(), None
        for i in range(steps):
            if not e.agents:
                e.reset()
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            seen.add(id(e.unwrapped._obs_rows))
            if i == keep_at:
                kept = (obs, {k: v.copy() for k, v in obs.items()})
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.integers(len(legal))]))
        return seen, kept

    e.reset(seed=3)
    seen, _ = play(6 * BLOCK_ROWS)
    assert len(seen) == 2
    seen, (obs, snapshot) = play(8 * BLOCK_ROWS, keep_at=BLOCK_ROWS + 3)
    assert len(seen) == 3  # the block holding the kept observation was set aside
    for k in snapshot:
        np.testing.assert_array_equal(obs[k], snapshot[k])


def test_outcome_infos_share_nothing():
    """The terminated agents' infos hold equal outcomes that share no list or dict (a faster
    copy of the outcome, ``_fresh_outcome``, equals the generic one)."""
    from mjsim.envs.mahjong_v0 import _fresh, _fresh_outcome

    out = {
        "winners": [1],
        "win_kind": "discard",
        "values": [0, 8, 0, 0],
        "items": [[{"id": 3, "name": "x", "name_zh": "y", "count": 1, "value": None}]],
        "payments": [-8, 8, 0, 0],
        "scores": [-8, 8, 0, 0],
        "extra": {"nested": [1, [2]]},
    }
    a = _fresh_outcome(out)
    assert a == out == _fresh(out)
    assert a["items"][0][0] is not out["items"][0][0] and a["items"][0] is not out["items"][0]
    assert a["extra"]["nested"][1] is not out["extra"]["nested"][1]
    for k in ("winners", "values", "payments", "scores"):
        assert a[k] is not out[k]
    e = E.mahjong_v0.env(VARIANTS[0])
    for seed in range(30):
        e.reset(seed=seed)
        _play_random(e, np.random.default_rng(seed))
        if e.unwrapped._outcome(e.state_arrays, 0)["winners"]:
            break
    # after the episode the infos were removed one by one: read them at the end instead
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    infos = {}
    for agent in e.agent_iter():
        obs, _, term, trunc, info = e.last()
        if term or trunc:
            infos[agent] = info
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.integers(len(legal))]))
    assert len(infos) == e.n_players and infos["player_0"]["winners"]
    ids = {}
    for ag, info in infos.items():
        assert {k: v for k, v in info.items() if k != "seat"} == {
            k: v for k, v in infos["player_0"].items() if k != "seat"
        }
        for k, v in info.items():
            if isinstance(v, list | dict):
                assert id(v) not in ids, (ag, k)
                ids[id(v)] = ag
        for w in info["items"]:
            assert id(w) not in ids
            ids[id(w)] = ag
            for item in w:
                assert id(item) not in ids
                ids[id(item)] = ag


def test_bool_mask_option_is_the_int8_mask_as_bool():
    """``mask_dtype="bool"``: the observation's mask and space are ``np.bool_``; every other
    value of every ``last()`` (planes, the mask's 0/1 values, rewards, terminations, infos) and
    the agent order equal the default env's on the same seeds; the action spaces sample legal
    actions from it; PettingZoo's API test passes; a copy keeps the dtype."""
    with pytest.raises(ValueError, match="mask_dtype"):
        E.mahjong_v0.env("riichi", mask_dtype="uint8")
    a, b = E.mahjong_v0.env("riichi"), E.mahjong_v0.env("riichi", mask_dtype="bool")
    assert a.observation_space("player_0")["action_mask"].dtype == np.int8
    assert b.observation_space("player_0")["action_mask"].dtype == np.bool_
    n = 0
    for seed in range(4):
        a.reset(seed=seed)
        b.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent, other in zip(a.agent_iter(), b.agent_iter(), strict=True):
            assert agent == other
            (oa, *ra), (ob, *rb) = a.last(), b.last()
            assert ob["action_mask"].dtype == np.bool_ and oa["action_mask"].dtype == np.int8
            np.testing.assert_array_equal(ob["action_mask"].view(np.int8), oa["action_mask"])
            np.testing.assert_array_equal(ob["observation"], oa["observation"])
            assert b.observation_space(agent).contains(ob) and ra == rb
            if ra[1] or ra[2]:
                a.step(None)
                b.step(None)
                continue
            assert ob["action_mask"][b.action_space(agent).sample(mask=ob["action_mask"])]
            legal = np.flatnonzero(oa["action_mask"])
            x = int(legal[rng.integers(len(legal))])
            a.step(x)
            b.step(x)
            n += 1
    assert n > 100
    b.reset(seed=9)
    c = copy.deepcopy(b)
    ob, *_ = c.last()
    assert ob["action_mask"].dtype == np.bool_
    api_test(E.mahjong_v0.env("riichi", mask_dtype="bool"), num_cycles=40)


@pytest.mark.parametrize("illegal", [False, True])
def test_dead_step_matches_pettingzoo(illegal):
    """The env's own ``_was_dead_step`` (the terminated agents leaving one by one by
    ``step(None)``) leaves ``agents``, ``agent_selection``, the rewards and every per-agent dict
    as PettingZoo's ``AECEnv._was_dead_step`` does, after a hand's end and after an illegal
    action (PettingZoo's ``_deads_step_first`` order)."""
    import types

    from pettingzoo import AECEnv

    envs = [E.mahjong_v0.env("riichi"), E.mahjong_v0.env("riichi")]
    envs[1]._was_dead_step = types.MethodType(AECEnv._was_dead_step, envs[1])
    for seed in range(3):
        rngs = [np.random.default_rng(seed), np.random.default_rng(seed)]
        for e in envs:
            e.reset(seed=seed)
        k = 0
        while envs[0].agents:
            seen = []
            for e, rng in zip(envs, rngs, strict=True):
                obs, rew, term, trunc, info = e.last()
                if term or trunc:
                    action = None
                else:
                    legal = np.flatnonzero(obs["action_mask"])
                    action = int(legal[rng.integers(len(legal))])
                    if illegal and k == 7:
                        action = int(np.flatnonzero(obs["action_mask"] == 0)[0])
                e.step(action)
                seen.append(
                    (
                        e.agent_selection,
                        list(e.agents),
                        dict(e.rewards),
                        dict(e._cumulative_rewards),
                        dict(e.terminations),
                        dict(e.truncations),
                        list(e.infos),
                        rew,
                        term,
                    )
                )
            assert seen[0] == seen[1], (seed, k)
            k += 1
        assert k > 8
