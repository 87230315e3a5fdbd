"""Episodes report their outcome: the terminal ``info`` of the AEC, Gymnasium and vector envs
carries the winners, win kind, hand value, scoring items and payments of the last hand, equal to
what the engine's own ``Game`` gives for the same seed and actions."""

from __future__ import annotations

import re
from pathlib import Path

import gymnasium
import mjsim.envs as E
import numpy as np
import pytest
from mjsim.agents import KernelAgent
from mjsim.envs import mahjong_v0
from mjsim.envs.kernels import episode_seed

from mjsim.engine import Game
from mjsim.engine.state import TV_RC_POT, TV_RC_POT_IN
from mjsim.outcome import ITEM_TABLES, item_rows
from mjsim.tiles import MPSZ_NAMES

# Game and KernelAgent (the reference games) compiled under the warm-up lock: conftest
pytestmark = pytest.mark.usefixtures("kernel_agent_compiled")

KEYS = {
    "winners",
    "win_kind",
    "discarder",
    "win_tile",
    "dealer",
    "value",
    "values",
    "items",
    "payments",
    "deposits",
    "scores",
}
GREEDY = KernelAgent("greedy")


def _greedy_hand(variant: str, seed: int) -> tuple[Game, list[int]]:
    """Hand 0 of ``seed`` (dealer 0) played by greedy at every seat; the game and its actions."""
    g = Game(variant, seed=seed, record=False)
    actions = []
    while not g.done:
        a = GREEDY.act(g, g.legal_mask())
        actions.append(a)
        g.step(a)
    return g, actions


def _expected(g: Game) -> dict:
    """The outcome as the engine's ``Game`` reports it (its own properties)."""
    n = g.n_players
    winners = g.winners
    first = -1
    for j in range(n):  # first winner in turn order after the discarder
        q = (g.win_from + 1 + j) % n if g.win_from >= 0 else j
        if q in winners:
            first = q
            break
    names = {int(r[0]): (r[1], r[2]) for r in item_rows(g.spec.scoring)}
    items = g.items
    return {
        "winners": winners,
        "win_kind": g.win_kind,
        "discarder": g.win_from if winners else -1,
        "win_tile": MPSZ_NAMES[g.win_tile] if winners else None,
        "dealer": g.dealer,
        "value": int(g.values[first]) if winners else 0,
        "values": [int(x) for x in g.values],
        "payments": [int(x) for x in g.payments],
        "deposits": int(g.state.tv[0, TV_RC_POT] - g.state.tv[0, TV_RC_POT_IN]),
        "scores": [int(x) for x in g.scores],
        "items": [
            [(int(i), *names[int(i)], int(items[p, i])) for i in np.flatnonzero(items[p])]
            for p in winners
        ],
    }


def _check(info: dict, want: dict) -> None:
    assert KEYS <= set(info)
    got = {k: info[k] for k in want if k != "items"}
    assert got == {k: v for k, v in want.items() if k != "items"}
    items = [[(i["id"], i["name"], i["name_zh"], i["count"]) for i in w] for w in info["items"]]
    assert items == want["items"]
    # zero-sum in every registered variant, riichi's deposits on the table counted
    assert sum(info["payments"]) + info["deposits"] == 0
    assert all(isinstance(i["value"], int) for w in info["items"] for i in w)


@pytest.mark.parametrize("variant", ["hebei", "sichuan_xuezhan", "guobiao", "riichi", "changsha"])
def test_aec_terminal_infos_match_the_game(variant):
    """The AEC env stepped with the actions of a greedy ``Game`` of the same seed: at the end
    every agent's info is that game's outcome (and its seat), the rewards sum to its payments;
    before the end the infos are empty. In blood battle a hand with several winners occurs."""
    several = False
    for seed in range(3):
        g, actions = _greedy_hand(variant, seed)
        env = mahjong_v0.raw_env(variant=variant)
        env.reset(seed=seed)
        total = dict.fromkeys(env.agents, 0.0)
        for k, a in enumerate(actions):
            assert not any(env.terminations.values()) and all(i == {} for i in env.infos.values())
            env.step(a)
            for ag, r in env.rewards.items():
                total[ag] += r
            assert all(env.terminations.values()) == (k == len(actions) - 1)
        want = _expected(g)
        for ag in env.agents:
            info = env.infos[ag]
            _check(info, want)
            assert info["seat"] == env.seat_of(ag)
            assert total[ag] == want["payments"][info["seat"]]
        # one outcome, one fresh copy per agent: no list or dict shared between two infos
        first, *rest = (env.infos[ag] for ag in env.agents)
        for other in rest:
            assert other["items"] == first["items"]
            for key in ("winners", "values", "items", "payments", "scores"):
                assert other[key] is not first[key]
            assert all(a is not b for a, b in zip(other["items"], first["items"], strict=True))
        several |= len(want["winners"]) > 1
        assert want["deposits"] == 0 or variant == "riichi"  # riichi's sticks on the table
    if variant == "sichuan_xuezhan":
        assert several


def test_wrapped_aec_last_returns_the_outcome():
    """Through ``mahjong_v0.env`` (PettingZoo's checks), ``env.last()`` at each agent's final turn returns the
    outcome; every agent's cumulative reward is its seat's payment."""
    env = mahjong_v0.env(variant="sichuan")
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    ended = {}
    for agent in env.agent_iter():
        obs, rew, term, trunc, info = env.last()
        if term:
            ended[agent] = (rew, info)
            env.step(None)
            continue
        assert info == {}
        mask = obs["action_mask"].astype(bool)
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert set(ended) == {f"player_{i}" for i in range(4)}
    payments = next(iter(ended.values()))[1]["payments"]
    assert sum(payments) == 0
    for _agent, (_rew, info) in ended.items():
        assert KEYS <= set(info) and info["payments"] == payments


@pytest.mark.parametrize("variant", ["hebei", "sichuan_xuezhan"])
def test_vector_selfplay_final_infos_match_the_game(variant):
    """Self-play vector env, table ``t`` seeded ``9 + t`` and stepped with the actions of the
    greedy ``Game`` of seed ``episode_seed(9 + t, 0)``: on the step that ends table ``t``'s
    episode, ``info`` holds that game's outcome at index ``t`` with Gymnasium's ``_key`` masks
    (True exactly at the tables that ended), per-seat arrays ``int64[N, n_players]``."""
    N = 3
    vec = E.MahjongVectorEnv(variant, N, opponents=None)
    vec.reset(seed=9)
    games = [_greedy_hand(variant, int(episode_seed(9 + t, 0))) for t in range(N)]
    pos = [0] * N
    seen = set()  # tables whose first episode ended (then: any legal action)
    info = {"action_mask": vec.action_masks()}
    while len(seen) < N:
        acts = np.array(
            [
                games[t][1][pos[t]] if t not in seen else int(info["action_mask"][t].argmax())
                for t in range(N)
            ],
            dtype=np.int64,
        )
        obs, rew, term, trunc, info = vec.step(acts)
        newly = []
        for t in range(N):
            if t not in seen:
                pos[t] += 1
                assert term[t] == (pos[t] == len(games[t][1]))
                if term[t]:
                    newly.append(t)
        if not term.any():
            assert "winners" not in info
            continue
        for k in KEYS:
            np.testing.assert_array_equal(info[f"_{k}"], term)
        assert info["payments"].shape == (N, vec.n_players) and info["payments"].dtype == np.int64
        for t in newly:
            one = {k: info[k][t] for k in KEYS}
            for k in ("values", "payments", "scores"):
                one[k] = [int(x) for x in one[k]]
            for k in ("discarder", "dealer", "value", "deposits"):
                one[k] = int(one[k])
            _check(one, _expected(games[t][0]))
            assert vec.outcome(int(t))["winners"] == one["winners"]
            seen.add(int(t))
        for t in np.flatnonzero(~term):
            assert info["winners"][t] is None and not info["payments"][t].any()


def test_vector_with_opponents_reports_the_learners_hand():
    """Learner at seat 1 against greedy bots: on each terminal step the learner's rewards of
    the episode sum to its payment in the outcome; the payments are zero-sum."""
    N = 4
    vec = E.MahjongVectorEnv("sichuan", N, opponents="greedy", seat=1)
    obs, info = vec.reset(seed=2)
    ret = np.zeros(N)
    skip = np.zeros(N, bool)
    done = 0
    while done < 12:
        acts = np.array([m.argmax() for m in info["action_mask"]])
        obs, rew, term, trunc, info = vec.step(acts)
        ret += rew * ~skip
        for t in np.flatnonzero(term):
            assert info["payments"][t][1] == ret[t] and info["payments"][t].sum() == 0
            assert len(info["items"][t]) == len(info["winners"][t])
            assert info["win_kind"][t] in ("none", "self_draw", "discard", "rob_kong")
            ret[t] = 0.0
            done += 1
        skip = term.copy()


def test_gym_terminal_info_has_the_outcome():
    """``gymnasium.make("mjsim/Mahjong-v0")``: the terminal step's info carries the outcome
    (the learner's rewards sum to its payment); the steps before carry only the mask."""
    env = gymnasium.make("mjsim/Mahjong-v0", variant="guobiao", opponents="greedy", seat=2)
    won = 0
    for episode in range(10):
        obs, info = env.reset(seed=30 + episode)
        total, term = 0.0, False
        while not term:
            assert set(info) == {"action_mask"}
            obs, rew, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            total += rew
        assert KEYS <= set(info)
        assert info["payments"][2] == total and sum(info["payments"]) == 0
        assert len(info["items"]) == len(info["winners"])
        for p, items in zip(info["winners"], info["items"], strict=True):
            assert info["values"][p] > 0 and items
            assert all(i["name"] and i["name_zh"] and i["value"] > 0 for i in items)
        won += bool(info["winners"])
    assert won


def test_item_tables_cover_every_scoring_family():
    """Every registered variant has item names in English and Chinese (Japanese for riichi):
    its family's item table, or its fan table's rows (a table-driven variant)."""
    from mjsim import variants
    from mjsim.outcome import spec_item_rows

    for v in variants.names():
        spec = variants.get(v)
        if spec.effective_fan_table():
            rows = spec_item_rows(spec)
        else:
            assert spec.scoring in ITEM_TABLES, v
            rows = item_rows(spec.scoring)
        assert rows and all(isinstance(r[1], str) and r[2] for r in rows), v


def test_examples_read_no_private_state():
    """The shipped examples use the envs' public API (the outcome in ``info``), never private
    attributes such as ``env._state``."""
    root = Path(__file__).resolve().parents[1] / "examples"
    for path in root.glob("*.py"):
        text = path.read_text()
        assert not re.search(r"\w\._[a-z]\w*", text), path.name
        assert "mjsim.engine.state" not in text, path.name
