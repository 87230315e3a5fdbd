"""A guobiao match is played, not only described: 4 rounds x 4 hands, the deal
passing seat 0 -> 1 -> 2 -> 3 without repeat, the prevailing wind East, South, West, North
(Chinese Official rules: "每场一定是打16局", "无论是否和牌，庄家不连庄")."""

from __future__ import annotations

import numpy as np
import pytest

import mjsim
from mjsim.engine import Game
from mjsim.variants.guobiao import MATCH_HANDS, competition_schedule

# steps a Game outside the "game" compile family: compile it under its lock (conftest)
pytestmark = pytest.mark.usefixtures("game_compiled")


def test_simulated_matches_follow_the_competition_schedule_and_are_zero_sum() -> None:
    res = mjsim.simulate("guobiao", 2 * MATCH_HANDS, seed=11, threads=2, match_hands=MATCH_HANDS)
    assert np.all(res["error"] == 0)
    for row in res:
        wind, dealer, _ = competition_schedule(int(row["hand"]) % MATCH_HANDS)
        assert (int(row["dealer"]), int(row["round_wind"])) == (dealer, wind)
        assert int(row["repeat"]) == 0  # no dealer repeat
    pays = np.stack([res[f"pay{p}"] for p in range(4)], axis=1)
    assert np.all(pays.sum(axis=1) == 0)
    for m in range(2):
        assert pays[m * MATCH_HANDS : (m + 1) * MATCH_HANDS].sum() == 0
    # a match is never split between workers: identical for any thread count
    one = mjsim.simulate("guobiao", 2 * MATCH_HANDS, seed=11, threads=1, match_hands=MATCH_HANDS)
    assert np.array_equal(one, res)


def test_game_next_hand_plays_the_schedule_with_seat_winds() -> None:
    g = Game("guobiao", seed=4, record=False)
    rng = np.random.default_rng(0)
    total = np.zeros(4, dtype=np.int64)
    for i in range(MATCH_HANDS):
        wind, dealer, _ = competition_schedule(i)
        assert (g.dealer, g.round_wind) == (dealer, wind)
        assert g.seat_winds[dealer] == 0 and g.seat_winds[(dealer + 1) % 4] == 1
        while not g.done:
            g.step(int(rng.choice(g.legal_actions())))
        total += g.payments
        if i + 1 < MATCH_HANDS:
            g.next_hand()
    assert total.sum() == 0 and np.array_equal(g.scores, total)
