"""Guobiao players change seats before the West round, and the agents move with them (rule text:
"第三圈（西圈）开始前，东家跟南家，西家跟北家对调座位，由原本的南家先做庄").

Players are numbered by their seats in the first hand of a match. Self-play seats each player's
agent per hand and reports ``player0..3`` (who sat at each seat); the AEC env's ``player_k`` is a
player whose observations, turns and rewards follow it to its new seat.
"""

from __future__ import annotations

import numpy as np
import pytest
from mjsim.agents.policies import agent_id, choose_action
from mjsim.envs.mahjong_v0 import raw_env

import mjsim
from mjsim.engine import Game
from mjsim.engine.seating import players_at_seats
from mjsim.engine.state import PV_SCORE
from mjsim.stats import agent_payments, per_player, player_seats, summarize
from mjsim.variants import get
from mjsim.variants.guobiao import MATCH_HANDS, competition_schedule

# steps a Game outside the "game" compile family: compile it under its lock (conftest)
pytestmark = pytest.mark.usefixtures("kernel_agent_compiled")

AGENTS = ("greedy", "random", "random", "random")
SEED_AEC = 3


def test_schedule_swaps_east_south_and_west_north_before_the_west_round() -> None:
    spec = get("guobiao")
    for i in range(2 * MATCH_HANDS):
        wind, dealer, players = competition_schedule(i)
        assert players == ((0, 1, 2, 3) if i % MATCH_HANDS < 8 else (1, 0, 3, 2))
        assert players_at_seats(spec, wind) == players
    # "由原本的南家先做庄": the original South (player 1) deals the first West-round hand
    wind, dealer, players = competition_schedule(8)
    assert (wind, players[dealer]) == (2, 1)
    # every player deals once per round, after the swap too
    for rnd in range(4):
        sched = [competition_schedule(4 * rnd + j) for j in range(4)]
        assert sorted(p[d] for _, d, p in sched) == [0, 1, 2, 3]
    # a match first dealt by seat 2: the swap is counted from the first dealer
    assert players_at_seats(spec, 2, first_dealer=2) == (1, 0, 3, 2)
    assert players_at_seats(spec, 3, first_dealer=1) == (3, 2, 1, 0)
    assert players_at_seats(get("hebei"), 2) == (0, 1, 2, 3)  # no seat change elsewhere


def _emulate(seed: int, seating: bool) -> list[tuple[int, ...]]:
    """The match of ``simulate(guobiao, 16, AGENTS, seed, match_hands=16)`` replayed through
    ``Game`` with the in-kernel agents called from Python: player ``p``'s agent acts at the seat
    the schedule gives it (or at seat ``p`` when ``seating`` is False)."""
    ids = [agent_id(a) for a in AGENTS]
    g = Game("guobiao", seed=seed, record=False)
    out = []
    for i in range(MATCH_HANDS):
        players = g.players_at_seats if seating else (0, 1, 2, 3)
        while not g.done:
            mask = g.legal_mask()
            seat = g.current_player
            g.step(int(choose_action(np.int64(ids[players[seat]]), g.state, g.rules, 0, mask)))
        out.append((*(int(x) for x in g.payments), len(g.winners)))
        if i + 1 < MATCH_HANDS:
            g.next_hand()
    return out


def test_simulated_match_seats_each_agent_where_the_schedule_says() -> None:
    seed = 5
    rows = mjsim.simulate("guobiao", MATCH_HANDS, AGENTS, seed, threads=1, match_hands=MATCH_HANDS)
    assert np.all(rows["error"] == 0)
    for row in rows:
        _, _, players = competition_schedule(int(row["hand"]))
        assert tuple(int(row[f"player{s}"]) for s in range(4)) == players
    got = [(*(int(row[f"pay{s}"]) for s in range(4)), int(row["n_winners"])) for row in rows]
    assert got == _emulate(seed, seating=True)
    # the swap is played, not only reported: agents kept at their first seats play differently
    assert got[8:] != _emulate(seed, seating=False)[8:]
    assert got[:8] == _emulate(seed, seating=False)[:8]


def test_per_player_results_are_zero_sum_and_feed_the_agent_summary() -> None:
    rows = mjsim.simulate("guobiao", 2 * MATCH_HANDS, AGENTS, 2, threads=2, match_hands=16)
    seats = player_seats(rows, 4)
    assert seats[:8].tolist() == [[0, 1, 2, 3]] * 8
    assert seats[8:16].tolist() == [[1, 0, 3, 2]] * 8
    pays = per_player(rows, "pay", 4)
    assert np.all(pays.sum(axis=1) == 0)
    assert np.all(pays.reshape(2, MATCH_HANDS, 4).sum(axis=(1, 2)) == 0)
    # player 0 (greedy) is paid at seat 1 from the West round on
    assert np.array_equal(pays[8:16, 0], rows["pay1"][8:16])
    by_agent = agent_payments(rows, AGENTS, 4)
    assert np.allclose(by_agent["greedy"], pays[:, 0])
    assert np.allclose(by_agent["random"], pays[:, 1:].mean(axis=1))
    summ = summarize(rows, AGENTS, 4)
    assert summ["seats"][1]["agent"] == "greedy/random"
    wins = per_player(rows, "win", 4)
    assert summ["agents"]["greedy"]["win_rate"].value == pytest.approx(wins[:, 0].mean())
    # same run on one thread: identical rows
    one = mjsim.simulate("guobiao", 2 * MATCH_HANDS, AGENTS, 2, threads=1, match_hands=16)
    assert np.array_equal(one, rows)


def test_aec_players_move_with_their_seats_and_keep_their_rewards() -> None:
    env = raw_env("guobiao", hands=MATCH_HANDS)
    env.reset(seed=SEED_AEC)
    greedy = np.int64(agent_id("greedy"))  # random play never reaches 8 fan: greedy wins
    totals = dict.fromkeys(env.possible_agents, 0.0)
    actions = []
    while not all(env.terminations.values()):
        hand = env.hand_number
        _, _, players = competition_schedule(hand)
        assert env.agent_at_seat == [f"player_{p}" for p in players]
        agent = env.agent_selection
        seat = env.seat_of(agent)
        ob = env.observe(agent)
        mask = ob["action_mask"].astype(np.bool_)
        assert mask.any()
        a = int(choose_action(greedy, env.state_arrays, env._rules, 0, mask))
        assert mask[a]
        actions.append((hand, seat, a))
        env.step(a)
        for ag, r in env.rewards.items():
            totals[ag] += r
    assert env.hand_number == MATCH_HANDS - 1
    # running scores moved with the players: the engine's seat score is its occupant's total
    pv = env.state_arrays.pv[0]
    for ag in env.possible_agents:
        assert pv[env.seat_of(ag), PV_SCORE] == totals[ag]
    assert sum(totals.values()) == 0
    # the same decisions through Game (seats): per-player sums of the seat payments
    g = Game("guobiao", seed=SEED_AEC, record=False)
    expect = np.zeros(4, dtype=np.int64)
    after_swap = 0
    for i in range(MATCH_HANDS):
        for _, seat, a in (x for x in actions if x[0] == i):
            assert g.current_player == seat
            g.step(a)
        assert g.done
        for s, p in enumerate(g.players_at_seats):
            expect[p] += int(g.payments[s])
            after_swap += abs(int(g.payments[s])) if i >= 8 else 0
        if i + 1 < MATCH_HANDS:
            g.next_hand()
    assert [totals[f"player_{p}"] for p in range(4)] == expect.tolist()
    assert after_swap != 0  # someone won after the seat change
