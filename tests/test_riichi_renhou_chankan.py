"""Riichi rule options through the engine (``Game``), not only through ``mjsim.score``:
renhou (人和) scored on a non-dealer's win on the dealer's first discard under each ``renhou``
setting, and robbing a concealed kong (``rob_kong``): by thirteen orphans only under Tenhou's
``"added_and_concealed"``, by nobody under ``"added"``; scripted deals (docs/engine.md).
"""

from __future__ import annotations

import pytest
from helpers import make_wall

import mjsim
from mjsim.actions import KONG, PASS, WIN
from mjsim.engine import Game

pytestmark = pytest.mark.usefixtures("game_compiled")

V = "riichi"


def _renhou_game(renhou: str) -> Game:
    # seat 1: 123m 456p 789s 234s + 5s, no yaku of its own; waits 2s / 5s
    # the dora indicator wall[131] (tail[4]) is White: the dora, Green, is not in the hand
    w = make_wall({1: "123m456p789s2345s"}, "5s", tail="8m8m8m8m5z", avoid="2s5s")
    g = Game(mjsim.variants.get(V, renhou=renhou, red_fives=(0, 0, 0)), wall=w)
    g.step(22)  # the dealer's first discard: 5s
    return g


@pytest.mark.parametrize(
    ("renhou", "pays"),
    [("mangan", [-8000, 8000, 0, 0]), ("yakuman", [-32000, 32000, 0, 0])],
)
def test_renhou_scores_through_the_engine(renhou: str, pays: list[int]) -> None:
    g = _renhou_game(renhou)
    while g.phase == "react" and g.current_player != 1:
        g.step(PASS)
    assert g.phase == "react" and g.current_player == 1 and g.legal_mask()[WIN]
    g.step(WIN)
    while g.phase == "react":
        g.step(PASS)
    assert g.phase == "done" and int(g.state.tv[0, 23]) == 1 << 1
    assert g.payments.tolist() == pays


def test_renhou_off_is_no_yaku() -> None:
    g = _renhou_game("off")
    while g.phase == "react":
        assert not (g.current_player == 1 and g.legal_mask()[WIN])
        g.step(PASS)
    assert g.phase == "turn"


def _ankan_game(rob_kong: str) -> Game:
    # the dealer kongs 1m; seat 1 waits on 1m with thirteen orphans, seat 2 on 1m / 4m with
    # an ordinary hand (East pung)
    w = make_wall(
        {0: "1111m2345678p23s", 1: "9m1p9p1s9s1z2z3z4z5z6z7z7z", 2: "23m456p789s111z55z"},
        "4s",
    )
    g = Game(mjsim.variants.get(V, rob_kong=rob_kong), wall=w)
    g.step(KONG + 0)
    return g


def test_thirteen_orphans_robs_a_concealed_kong_and_nothing_else_does() -> None:
    g = _ankan_game("added_and_concealed")
    assert g.phase == "react" and g.current_player == 1 and g.legal_mask()[WIN]
    g.step(WIN)
    assert g.phase == "done" and int(g.state.tv[0, 24]) == 3  # robbing a kong
    assert g.payments.tolist() == [-32000, 32000, 0, 0]
    # passed: seat 2 (an ordinary hand waiting on 1m) is never asked; the dealer draws
    g = _ankan_game("added_and_concealed")
    g.step(PASS)
    assert g.phase == "turn" and g.current_player == 0


def test_no_concealed_kong_robbing_under_added() -> None:
    g = _ankan_game("added")
    assert g.phase == "turn" and g.current_player == 0
