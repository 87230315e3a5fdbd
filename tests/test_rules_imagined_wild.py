"""Jiangnan 心皇 (``hand_size=12``, ``imagined_wild=1``; "每家少拿一张牌，心中想象一张牌"; "心皇牌不能用来上牌或碰牌，只能用作和牌"):
12-tile hands and one imagined wild per seat that joins every win / ready check only."""

from __future__ import annotations

import numpy as np
import pytest

import mjsim
from mjsim.engine import Game
from mjsim.engine.state import TV_DEALER, WK_DISCARD, WK_SELF_DRAW
from mjsim.engine.win_check import _win_ok
from mjsim.rules import check_playable
from mjsim.tiles import as_counts
from mjsim.variants import get

# steps a Game outside the "game" compile family: compile it under its lock (conftest)
pytestmark = pytest.mark.usefixtures("game_compiled")

JIANGNAN = dict(hand_size=12, imagined_wild=1)


def test_spec_validation() -> None:
    with pytest.raises(ValueError, match="imagined_wild"):
        get("hebei", hand_size=12)
    with pytest.raises(ValueError, match="imagined_wild"):
        get("hebei", imagined_wild=1)
    with pytest.raises(ValueError, match="imagined_wild"):
        get("hebei", hand_size=12, imagined_wild=2)
    check_playable(get("hebei", **JIANGNAN))


def _set(g: Game, p: int, text: str) -> None:
    g.state.hands[0, p, :34] = np.asarray(as_counts(text), dtype=np.uint8)[:34]


def test_deal_and_win_checks() -> None:
    g = Game(get("hebei", **JIANGNAN), seed=1)
    s, r = g.state, g.rules
    d = int(s.tv[0, TV_DEALER])
    sizes = s.hands[0, :, :34].sum(axis=1)
    assert [int(sizes[(d + i) % 4]) for i in range(4)] == [13, 12, 12, 12]
    # the dealer's 13 tiles + the imagined tile (as a 5z) make 4 melds + a pair
    _set(g, d, "123m456m789m123p5z")
    assert _win_ok(s, r, 0, d, 31, WK_SELF_DRAW, -1, False)
    _set(g, d, "123m456m789m13p5z6z")  # would need two jokers
    assert not _win_ok(s, r, 0, d, 31, WK_SELF_DRAW, -1, False)
    # a 12-tile seat wins on a discarded 3p (12p + the imagined 3p... or 123p + 5z pair) or 5z
    q = (d + 1) % 4
    _set(g, q, "123m456m789m12p5z")
    assert _win_ok(s, r, 0, q, 11, WK_DISCARD, 3, False)
    assert _win_ok(s, r, 0, q, 31, WK_DISCARD, 3, False)
    assert not _win_ok(s, r, 0, q, 12, WK_DISCARD, 3, False)  # 124p: no
    # without the imagined wild (a plain 13-tile table) the same 14 tiles need a real pair
    g13 = Game(get("hebei"), seed=1)
    _set(g13, q, "123m456m789m12p5z6z")
    assert not _win_ok(g13.state, g13.rules, 0, q, 11, WK_DISCARD, 3, False)


def test_self_play_keeps_invariants() -> None:
    spec = get("hebei", allow_chow=True, chow_left_only=True, **JIANGNAN)
    rows = mjsim.simulate(spec, 60, ("greedy", "random") * 2, seed=4, threads=2, check=True)
    assert np.all(rows["error"] == 0)
    assert (rows["n_winners"] > 0).sum() > 0
