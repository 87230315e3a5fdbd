"""放风 / 补风 ``honor_set_exposure`` (weihai).

Scripted wall (tests/helpers.py ``make_wall``): the dealer (seat 0) holds 东 南 中; ``tail`` holds
the replacements, the first one last.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import make_wall

import mjsim
from mjsim.actions import FENG, PASS, WIN, action_from_name, action_name, encode_discard
from mjsim.engine import Game
from mjsim.engine.board import honor_flowers
from mjsim.engine.invariants import check_invariants
from mjsim.engine.state import PV_FENG, PV_VALUE, TV_DRAWN
from mjsim.tiles import parse_tiles
from mjsim.variants import get

# steps a Game outside the "game" compile family: compile it under its lock (conftest)
pytestmark = pytest.mark.usefixtures("game_compiled")

AVOID = "1z2z7z4z6z8p8s5s1s2s3s9m"


def _k(tile: str) -> int:
    return int(parse_tiles(tile)[0])


def test_set_then_bufeng_then_win_pays_the_bufeng() -> None:
    wall = make_wall({0: "127z12345678m99p"}, "5s", draws="8p8s6z4z", tail="1s2s3s9m", avoid=AVOID)
    g = Game("hebei", wall=wall, honor_set_exposure=True)
    s = g.state
    legal = g.legal_actions()
    assert [a for a in legal if a >= FENG] == [FENG + 0, FENG + 1, FENG + 6]  # 东 南 中
    g.step(FENG + 0)
    assert g.legal_actions() == [FENG + 1, FENG + 6]  # the set must be finished
    g.step(FENG + 6)
    assert g.legal_actions() == [FENG + 1]
    g.step(FENG + 1)
    assert int(s.pv[0, 0, PV_FENG]) == 0b1000011 | 128
    assert [honor_flowers(s, 0, 0, k) for k in (27, 28, 33)] == [1, 1, 1]
    assert int(s.tv[0, TV_DRAWN]) == _k("3s") and check_invariants(s, g.rules, 0) == 0
    assert all(a < FENG for a in g.legal_actions())  # no 补风 of a tile that was not drawn
    g.step(encode_discard(_k("5s")))
    for _ in range(3):
        while g.phase == "react":
            g.step(PASS)
        g.step(int(s.tv[0, TV_DRAWN]))  # seats 1-3 discard what they drew
    while g.phase == "react":
        g.step(PASS)
    assert g.current_player == 0 and int(s.tv[0, TV_DRAWN]) == _k("4z")
    assert FENG + 3 in g.legal_actions()  # 补风 of the drawn 北
    g.step(FENG + 3)
    assert int(s.pv[0, 0, PV_FENG]) >> 8 == 1 and check_invariants(s, g.rules, 0) == 0
    g.step(WIN)  # 123m 456m 789m 99p 123s on the 补风 replacement
    v = int(s.pv[0, 0, PV_VALUE])
    assert g.winners == [0] and list(g.payments) == [3 * (v + 1), -(v + 1), -(v + 1), -(v + 1)]


def test_validation_and_names() -> None:
    with pytest.raises(ValueError, match="honor_set_exposure"):
        get("hebei", honor_set_exposure=True, special_kongs=True)
    with pytest.raises(ValueError, match="honor_set_exposure"):
        get("hebei", honor_set_exposure=True, honors_are_flowers=True)
    assert action_name(FENG + 6) == "feng 7z" and action_from_name("feng 2z") == FENG + 1
    with pytest.raises(ValueError):
        action_from_name("feng 5m")


def test_self_play_with_honour_sets() -> None:
    rows = mjsim.simulate(
        "hebei",
        200,
        ("greedy", "random") * 2,
        seed=4,
        threads=1,
        check=True,
        honor_set_exposure=True,
    )
    assert np.all(rows["error"] == 0)
    pay = np.stack([rows[f"pay{p}"] for p in range(4)])
    assert np.all(pay.sum(axis=0) == 0)
