"""PettingZoo AEC env ``mahjong_v0``: the official API/seed tests for every registered variant,
masks vs the engine's ``Game``, rewards = payments, hidden reaction choices, matches, render."""

from __future__ import annotations

import copy

import mjsim.envs as E
import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import api_test, seed_test

from mjsim import variants
from mjsim.actions import N_ACTIONS, PASS
from mjsim.engine import Game
from mjsim.engine.state import (
    PH_REACT,
    PV_SCORE,
    TV_DEALER,
    TV_PHASE,
    TV_REACT_N,
    TV_REACT_POS,
)

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


def test_normalized_rewards():
    v = VARIANTS[0]
    a = E.mahjong_v0.raw_env(v)
    b = E.mahjong_v0.raw_env(v, normalize_rewards=True, reward_scale=4.0)
    got = {}
    for name, e in (("a", a), ("b", b)):
        for seed in range(12):
            e.reset(seed=seed)
            rng = np.random.default_rng(seed)
            tot = np.zeros(e.n_players)

            for _agent in e.agent_iter():
                obs, _, term, trunc, _ = e.last()
                if term or trunc:
                    e.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                e.step(int(legal[rng.integers(len(legal))]))
                tot += [e.rewards[x] for x in e.possible_agents]
            got.setdefault(name, []).append(tot)
    ga, gb = np.array(got["a"]), np.array(got["b"])
    assert np.abs(ga).sum() > 0
    np.testing.assert_allclose(gb, ga / 4.0)


def _find_multi_window(variant, max_hands=400):
    """A raw env paused at a reaction window that asks >= 2 seats (random play)."""
    raw = E.mahjong_v0.raw_env(variant)
    for seed in range(max_hands):
        raw.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while not raw.terminations[raw.agent_selection]:
            tv = raw.state_arrays.tv[0]
            if tv[TV_PHASE] == PH_REACT and tv[TV_REACT_N] >= 2 and tv[TV_REACT_POS] == 0:
                return raw
            legal = np.flatnonzero(raw.observe(raw.agent_selection)["action_mask"])
            raw.step(int(legal[rng.integers(len(legal))]))
    return None


@pytest.mark.parametrize("variant", VARIANTS)
def test_reaction_choice_is_hidden(variant):
    """In a window asking several seats, whatever the first asked seat answers, every other
    seat's observation afterwards is the same (the engine resolves only when all answered)."""
    raw = _find_multi_window(variant)
    if raw is None:
        pytest.skip(f"{variant}: no multi-seat reaction window in 400 random hands")
    first = raw.agent_selection
    legal = np.flatnonzero(raw.observe(first)["action_mask"])
    assert PASS in legal and len(legal) >= 2
    seen = []
    for a in legal:
        e = copy.deepcopy(raw)
        e.step(int(a))
        assert e.agent_selection != first  # the window moved on to the next asked seat
        seen.append({ag: e.observe(ag)["observation"] for ag in e.possible_agents if ag != first})
    for other in seen[1:]:
        for ag, o in other.items():
            np.testing.assert_array_equal(o, seen[0][ag])


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
