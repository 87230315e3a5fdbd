"""Whole-game episodes (``episode="game"``) of the vector and Gymnasium environments: a
self-play table ends its game where the AEC env ends the same game (same seed, same actions:
the compiled game end against mjsim.games.game_length), the rewards of each ``game_reward``
add up to the game's result, and the options are checked as in the AEC env."""

from __future__ import annotations

import mjsim.envs as E
import numpy as np
import pytest
from mjsim.envs.kernels import episode_seed

from mjsim.games import END_NAMES


def _selfplay(env, seed: int) -> tuple[list[list[tuple[int, int]]], np.ndarray, list[dict]]:
    """Random legal actions on every table of a self-play vector env until each table's first
    episode ends: per table its (seat, action) sequence, its summed seat rewards and its
    ``info["game"]``."""
    n = env.num_envs
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    total = np.zeros((n, env.n_players))
    games: list[dict | None] = [None] * n
    while any(g is None for g in games):
        mask = info["action_mask"]
        a = np.zeros(n, np.int64)
        for t in range(n):
            legal = np.flatnonzero(mask[t])
            if legal.size:
                a[t] = legal[rng.integers(legal.size)]
            if games[t] is None:
                actions[t].append((int(info["current_player"][t]), int(a[t])))
        obs, rew, term, trunc, info = env.step(a)
        for t in range(n):
            if games[t] is None:
                total[t] += rew[t]
                if term[t]:
                    assert info["_game"][t]
                    games[t] = info["game"][t]
    return actions, total, games  # type: ignore[return-value]


def test_a_self_play_table_ends_its_game_where_the_aec_env_does() -> None:
    vec = E.make("vector", "riichi", num_envs=2, opponents=None, episode="game", match="east")
    actions, total, games = _selfplay(vec, 5)
    for t in range(2):
        aec = E.make("raw_aec", "riichi", episode="game", match="east")
        aec.reset(seed=int(episode_seed(5 + t, 0)))
        for seat, a in actions[t]:
            assert aec.agent_selection == f"player_{seat}"
            aec.step(a)
        assert all(aec.terminations.values())
        assert aec.infos["player_0"]["game"] == games[t]
        assert games[t]["end"] in END_NAMES and games[t]["end"] != "unfinished"


@pytest.mark.parametrize("reward", ["hand", "points", "placement", "rank"])
def test_vector_game_rewards_add_up_to_the_games_result(reward: str) -> None:
    vec = E.make(
        "vector", "riichi", num_envs=2, opponents=None, episode="game", game_reward=reward,
        match="east",
    )  # fmt: skip
    _, total, games = _selfplay(vec, 3)
    for t in range(2):
        g = games[t]
        assert sum(g["points"]) == 100_000 and sorted(g["places"]) == [1, 2, 3, 4]
        assert abs(sum(g["placement"])) < 1e-9
        if reward == "points":
            assert total[t].tolist() == [p - 25_000 for p in g["points"]]
        elif reward == "placement":
            assert total[t].tolist() == pytest.approx(g["placement"])
        elif reward == "rank":
            assert total[t].tolist() == [2.5 - x for x in g["places"]]
        else:  # each hand's points as paid; the deposits left on the table go to the first
            diff = [g["points"][p] - 25_000 - total[t][p] for p in range(4)]
            first = g["places"].index(1)
            assert [d for p, d in enumerate(diff) if p != first] == [0, 0, 0]
            assert diff[first] == -sum(total[t]) and diff[first] % 1000 == 0


def test_same_step_autoreset_puts_the_game_in_final_info() -> None:
    vec = E.make(
        "vector", "riichi", num_envs=1, opponents=None, episode="game", game_reward="rank",
        match="east", autoreset_mode="same_step",
    )  # fmt: skip
    obs, info = vec.reset(seed=1)
    rng = np.random.default_rng(1)
    total = 0.0
    while True:
        legal = np.flatnonzero(info["action_mask"][0])
        obs, rew, term, trunc, info = vec.step(np.array([legal[rng.integers(legal.size)]]))
        total += float(rew[0].sum())
        if term[0]:
            break
    game = info["final_info"]["game"][0]
    assert info["final_info"]["_game"][0] and sorted(game["places"]) == [1, 2, 3, 4]
    assert total == 0.0  # the ranks' rewards sum to 0 over the seats
    assert info["action_mask"][0].any()  # the next game has started


@pytest.mark.parametrize("reward", ["rank", "hand"])
def test_gym_env_plays_a_whole_game_against_the_bots(reward: str) -> None:
    env = E.make(
        "gym", "riichi", opponents="random", seat=2, episode="game", game_reward=reward,
        match="east",
    )  # fmt: skip
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    total = 0.0
    hands_seen = 0
    while True:
        legal = np.flatnonzero(info["action_mask"])
        obs, r, term, trunc, info = env.step(int(legal[rng.integers(legal.size)]))
        total += r
        hands_seen += 1
        if term:
            break
    g = info["game"]
    assert g["end"] in END_NAMES and g["end"] != "unfinished"
    assert g["hands"] >= 4 or g["end"] == "bust"
    assert sum(g["points"]) == 100_000 and sorted(g["places"]) == [1, 2, 3, 4]
    if reward == "rank":
        assert total == 2.5 - g["places"][2]
    else:
        assert total == g["points"][2] - 25_000 or g["places"][2] == 1
    assert "winners" in info  # the outcome of the game's last hand, as with hands
    with pytest.raises(ValueError, match="episode is over"):
        env.step(0)


def test_game_episode_options_are_checked_as_in_the_aec_env() -> None:
    with pytest.raises(ValueError, match="match"):
        E.make("vector", "hebei", episode="game")
    with pytest.raises(ValueError, match="hands"):
        E.make("vector", "riichi", episode="game", hands=4)
    with pytest.raises(ValueError, match="game_reward"):
        E.make("gym", "riichi", game_reward="placement")
    with pytest.raises(ValueError, match="episode"):
        E.make("gym", "riichi", episode="games")


def test_sb3_vec_env_passes_the_game_result_into_infos() -> None:
    pytest.importorskip("stable_baselines3")
    env = E.MahjongSB3VecEnv(
        "riichi", 2, opponents="random", episode="game", game_reward="rank", match="east"
    )
    env.seed(2)
    env.reset()
    rng = np.random.default_rng(2)
    ranks: list[float] = []
    while len(ranks) < 2:
        masks = env.action_masks()
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        env.step_async(acts)
        _, rew, dones, infos = env.step_wait()
        for i in np.flatnonzero(dones).tolist():
            g = infos[i]["game"]
            assert sorted(g["places"]) == [1, 2, 3, 4]
            assert rew[i] == 2.5 - g["places"][0]
            ranks.append(float(rew[i]))
