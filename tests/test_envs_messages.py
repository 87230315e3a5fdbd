"""The RL environments name bad input and render what the acting seat sees (mjsim.envs)."""

from __future__ import annotations

import re

import gymnasium
import mjsim.envs as E
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from mjsim.actions import N_ACTIONS


def _seat_line(text: str, p: int) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"seat {p}"))


def test_check_env_on_the_default_env_says_to_use_strict_false():
    """``check_env`` steps ``action_space.sample()``: the default (strict) env refuses an illegal
    sample, and the error says how to make an env that such a checker can drive."""
    env = gymnasium.make("mjsim/Mahjong-v0")
    with pytest.raises(ValueError, match=r"illegal action .* make the env with strict=False"):
        check_env(env.unwrapped)
    check_env(gymnasium.make("mjsim/Mahjong-v0", strict=False).unwrapped)  # passes


def test_gym_step_none_names_the_learner_seat():
    env = E.MahjongEnv(seat=2)
    env.reset(seed=0)
    with pytest.raises(
        ValueError,
        match=r"^action=None must be an integer action id, not NoneType \(the learner, seat 2, "
        r"is to act; legal: ",
    ):
        env.step(None)


def test_gym_render_shows_the_learners_view_by_default():
    env = E.MahjongEnv(seat=1, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert "(seat 1's view)" in text
    assert "concealed" not in _seat_line(text, 1)
    for p in (0, 2, 3):
        assert re.search(r": \[1[34] concealed\]$", _seat_line(text, p))
    god = env.render(all_hands=True)
    assert "(every hand shown)" in god and "concealed]" not in god


def test_aec_render_shows_the_acting_agents_view():
    env = E.mahjong_v0.env(render_mode="ansi")
    env.reset(seed=0)
    raw = env.unwrapped
    for _ in range(5):
        seat = raw.seat_of(env.agent_selection)
        text = env.render()
        assert f"(seat {seat}'s view)" in text
        assert "concealed" not in _seat_line(text, seat)
        assert all("concealed]" in _seat_line(text, p) for p in range(raw.n_players) if p != seat)
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert "(every hand shown)" in raw.render(all_hands=True)


def test_aec_step_none_for_the_agent_to_act_names_it():
    env = E.mahjong_v0.env()
    env.reset(seed=0)
    agent = env.agent_selection
    seat = env.unwrapped.seat_of(agent)
    msg = rf"^action None for {agent} \(seat {seat}\), who is to act: None is only for an agent"
    with pytest.raises(ValueError, match=msg):
        env.step(None)
    raw = E.mahjong_v0.raw_env()
    raw.reset(seed=0)
    with pytest.raises(ValueError, match=msg):
        raw.step(None)
    with pytest.raises(
        AssertionError,
        match=rf"action is not in action space: {N_ACTIONS} for {agent} \(seat {seat}\); "
        rf"action ids are 0..{N_ACTIONS - 1}",
    ):
        env.step(N_ACTIONS)


@pytest.mark.parametrize(
    "make",
    [
        lambda **kw: E.MahjongEnv(**kw),
        lambda **kw: E.MahjongVectorEnv(num_envs=2, **kw),
        lambda **kw: E.mahjong_v0.env(**kw),
        lambda **kw: gymnasium.make("mjsim/Mahjong-v0", **kw),
    ],
    ids=["MahjongEnv", "MahjongVectorEnv", "mahjong_v0.env", "gymnasium.make"],
)
def test_env_constructors_suggest_ids_and_fields(make):
    with pytest.raises(ValueError, match=r"did you mean sichuan_xuezhan\?"):
        make(variant="sichuan_xuezan")
    with pytest.raises(ValueError, match=r"'xuzhou' is a known rule set .* not playable yet"):
        make(variant="xuzhou")
    with pytest.raises(
        ValueError, match=r"unknown RuleSpec field 'alow_chow'; did you mean allow_chow\?"
    ):
        make(variant="hebei", alow_chow=True)
