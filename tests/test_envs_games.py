"""Whole-game episodes of the AEC environment (``episode="game"``): the episode ends where the
rules end the game (:mod:`mjsim.games`), every agent's info holds the game's result, and the
rewards of ``game_reward`` (per hand, final points, placement points, rank) add up."""

from __future__ import annotations

import mjsim.envs as E
import numpy as np
import pytest

from mjsim.games import END_NAMES

pytestmark = pytest.mark.usefixtures("game_compiled")


def _play(env, seed: int | None) -> tuple[dict[str, float], dict]:
    """Random legal actions to the end of the episode: each agent's summed rewards and the
    game result of the infos (``seed=None``: the env goes on with its next hand numbers)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed or 0)
    total = dict.fromkeys(env.possible_agents, 0.0)
    game: dict = {}
    for agent in env.agent_iter():
        obs, rew, term, trunc, info = env.last()
        total[agent] += rew
        if term or trunc:
            game = info["game"]
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
    return total, game


@pytest.mark.parametrize("reward", ["hand", "points", "placement", "rank"])
def test_a_game_episode_ends_by_the_rules_and_its_rewards_add_up(reward: str) -> None:
    env = E.make("aec", "riichi", episode="game", game_reward=reward, match="east")
    total, game = _play(env, 11)
    assert game["end"] in END_NAMES and game["end"] != "unfinished"
    assert game["hands"] >= 4 or game["end"] == "bust"
    assert sum(game["points"]) == 100_000
    assert sorted(game["places"]) == [1, 2, 3, 4]
    assert abs(sum(game["placement"])) < 1e-9
    seat = {a: i for i, a in enumerate(env.possible_agents)}  # fixed seating in riichi
    got = [total[a] for a in env.possible_agents]
    if reward == "points":
        assert got == [p - 25_000 for p in game["points"]]
    elif reward == "placement":
        assert got == pytest.approx(game["placement"])
    elif reward == "rank":
        assert got == [2.5 - game["places"][seat[a]] for a in env.possible_agents]
    else:  # each hand's points as paid: the final points less the deposits still on the table
        assert sum(got) <= 0 and all(float(x).is_integer() for x in got)


def test_the_next_game_deals_from_the_hand_after_the_last_one() -> None:
    env = E.make("aec", "riichi", episode="game", game_reward="rank", match="east")
    _, first = _play(env, 11)
    assert first["first_dealer"] == 0
    last = env.unwrapped.hand_number
    total, game = _play(env, None)  # reset() without a seed: the next hand numbers
    assert game["first_dealer"] == (last + 1) % 4
    assert game["end"] != "unfinished" and sum(game["points"]) == 100_000
    assert sorted(game["places"]) == [1, 2, 3, 4]
    got = [total[a] for a in env.possible_agents]
    assert got == [2.5 - game["places"][i] for i in range(4)]


def test_game_episode_options_are_checked() -> None:
    with pytest.raises(ValueError, match="episode"):
        E.make("aec", "riichi", episode="match")
    with pytest.raises(ValueError, match="match"):
        E.make("aec", "hebei", episode="game")
    with pytest.raises(ValueError, match="game_reward"):
        E.make("aec", "riichi", game_reward="rank")
    with pytest.raises(ValueError, match="game_reward"):
        E.make("aec", "riichi", episode="game", game_reward="uma")
