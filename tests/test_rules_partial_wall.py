"""``wall_tiles_used`` (two-player: "随机选出71 张牌进行游戏"): only the
first N tiles of the shuffled wall are played; the rest is an unused pool."""

from __future__ import annotations

import numpy as np
import pytest

import mjsim
from mjsim.engine import Game
from mjsim.engine.board import remaining
from mjsim.engine.invariants import check_invariants
from mjsim.engine.state import TV_TAIL
from mjsim.variants import get

# steps a Game outside the "game" compile family: compile it under its lock (conftest)
pytestmark = pytest.mark.usefixtures("game_compiled")

TWO = dict(n_players=2, wall_tiles_used=71, wall_reserve=0, reserve_whole_stacks=False)


@pytest.mark.parametrize("seed", [0, 1])
def test_only_71_tiles_are_played(seed: int) -> None:
    g = Game("hebei", seed=seed, **TWO)
    s = g.state
    pool = s.wall[0, 71:136].copy()
    # "After dealing 14 + 13 = 27, 44 tiles are left to draw"
    assert int(s.tv[0, TV_TAIL]) == 71 and remaining(s, 0) == 44
    rng = np.random.default_rng(seed)
    while not g.done:
        g.step(int(rng.choice(g.legal_actions())))
        assert check_invariants(s, g.rules, 0) == 0
    assert np.array_equal(s.wall[0, 71:136], pool) and int(s.tv[0, TV_TAIL]) <= 71
    assert np.array_equal(mjsim.replay(g.record).state.hands, s.hands)


def test_validation_and_self_play() -> None:
    with pytest.raises(ValueError, match="wall_tiles_used"):
        get("hebei", n_players=2, wall_tiles_used=27)
    with pytest.raises(ValueError, match="wall_tiles_used"):
        get("hebei", wall_tiles_used=137)
    rows = mjsim.simulate("hebei", 200, ("random", "greedy"), seed=1, threads=1, check=True, **TWO)
    assert np.all(rows["error"] == 0) and np.all(rows["tiles_left"] <= 44)
