"""Special kongs ``special_kongs`` (changchun): 旋风杠 / 喜杠 / 幺九蛋
from the dealt hand, additions to them (补杠) and 抢叉 of an addition.

Scripted walls (tests/helpers.py ``make_wall``): seat 0 deals; ``tail`` holds the replacements.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import discard_drawn, make_wall

import mjsim
from mjsim.actions import KONG, PASS, PUNG, SPECIAL_KONG, WIN, action_from_name, action_name
from mjsim.engine import Game
from mjsim.engine.invariants import check_invariants
from mjsim.engine.state import PV_N_MELDS, PV_SK_EXTRA, TV_DRAWN, TV_N_KONGS
from mjsim.melds import MELD_PUNG, MELD_SPECIAL_KONG, meld_kinds
from mjsim.tiles import parse_tiles
from mjsim.variants import get

# steps a Game outside the "game" compile family: compile it under its lock (conftest)
pytestmark = pytest.mark.usefixtures("game_compiled")

RULES = dict(
    special_kongs=True, rob_kong="added", rob_kong_by_pung=True, first_turn_no_added_kong=True
)


def _kinds(text: str) -> list[int]:
    return list(parse_tiles(text))


def test_winds_and_dragons_from_the_dealt_hand_then_a_heavenly_win() -> None:
    # the dealer: E S W N + 白 发 中 + 1234m 99p, then 5m; the 旋风杠's replacement is 6m
    wall = make_wall({0: "1234567z1234m99p"}, "5m", tail="6m", avoid="6m")
    g = Game("hebei", wall=wall, **RULES)
    s = g.state
    legal = g.legal_actions()
    assert SPECIAL_KONG + 0 in legal and SPECIAL_KONG + 1 in legal
    assert SPECIAL_KONG + 2 not in legal and SPECIAL_KONG + 3 not in legal
    g.step(SPECIAL_KONG + 0)  # 旋风杠: four tiles out, a replacement from the tail
    assert list(s.melds[0, 0, 0]) == [MELD_SPECIAL_KONG, 27, 0]
    assert int(s.tv[0, TV_DRAWN]) == _kinds("6m")[0] and int(s.tv[0, TV_N_KONGS]) == 1
    assert SPECIAL_KONG + 1 in g.legal_actions() and SPECIAL_KONG + 0 not in g.legal_actions()
    g.step(SPECIAL_KONG + 1)  # 喜杠: three tiles out, no replacement
    assert list(s.melds[0, 0, 1]) == [MELD_SPECIAL_KONG, 31, 0]
    assert int(s.pv[0, 0, PV_N_MELDS]) == 2 and int(s.hands[0, 0, :34].sum()) == 8
    assert int(s.tv[0, TV_N_KONGS]) == 2 and check_invariants(s, g.rules, 0) == 0
    # 123m 456m 99p + two special sets: a complete hand
    assert WIN in g.legal_actions()
    g.step(WIN)
    assert g.winners == [0] and g.payments.sum() == 0 and g.payments[0] > 0
    assert meld_kinds(MELD_SPECIAL_KONG, 27) == [27, 28, 29, 30]


def _yaodan_game() -> Game:
    # the dealer holds 1m 1p 1s (幺蛋); seat 1 holds a pair of 1m; the dealer's 5th draw is 1m
    wall = make_wall(
        {0: "1m1p1s2345678m23p4s", 1: "11m567p567s11223z"},
        "9s",
        draws="8p8s7z1m",
        tail="9p",
        avoid="1m9s8p8s7z9p",
    )
    g = Game("hebei", wall=wall, **RULES)
    assert SPECIAL_KONG + 2 in g.legal_actions()
    g.step(SPECIAL_KONG + 2)
    assert SPECIAL_KONG + 2 not in g.legal_actions()
    discard_drawn(g)  # the 9s
    for _ in range(3):  # seats 1-3 draw and discard; nobody claims
        while g.phase == "react":
            g.step(PASS)
        discard_drawn(g)
    while g.phase == "react":
        g.step(PASS)
    assert g.current_player == 0 and int(g.state.tv[0, TV_DRAWN]) == 0  # drew 1m
    assert SPECIAL_KONG + 2 not in g.legal_actions()  # only from the dealt hand
    assert KONG + 0 in g.legal_actions()  # 补杠 on the 幺蛋
    g.step(KONG + 0)
    assert int(g.state.pv[0, 0, PV_SK_EXTRA + 2]) == 1
    return g


def test_addition_to_a_special_kong_completes_as_a_kong() -> None:
    g = _yaodan_game()
    s = g.state
    assert g.phase == "react" and g.current_player == 1  # 抢叉 window
    assert sorted(g.legal_actions()) == [PUNG, PASS]
    while g.phase == "react":  # seat 2's filler could also rob the 1m (123 234 234 456 55m)
        g.step(PASS)
    assert int(s.tv[0, TV_N_KONGS]) == 2 and int(s.tv[0, TV_DRAWN]) == _kinds("9p")[0]
    assert int(s.pv[0, 0, PV_SK_EXTRA + 2]) == 1 and check_invariants(s, g.rules, 0) == 0


def test_robbed_addition_is_void() -> None:
    g = _yaodan_game()
    s = g.state
    g.step(PUNG)  # 抢叉: seat 1 pungs the added 1m
    while g.phase == "react":  # seat 2 passes its robbing win
        g.step(PASS)
    assert int(s.pv[0, 0, PV_SK_EXTRA + 2]) == 0 and int(s.tv[0, TV_N_KONGS]) == 1
    assert g.current_player == 1 and list(s.melds[0, 1, 0]) == [MELD_PUNG, 0, 3]
    assert check_invariants(s, g.rules, 0) == 0


def test_validation_names_and_self_play() -> None:
    with pytest.raises(ValueError, match="special_kongs"):
        get("hebei", special_kongs=True, honors_are_flowers=True)
    assert action_name(SPECIAL_KONG + 3) == "special_kong 3"
    assert action_from_name("special_kong 1") == SPECIAL_KONG + 1
    rows = mjsim.simulate(
        "hebei", 200, ("random", "greedy") * 2, seed=2, threads=1, check=True, **RULES
    )
    assert np.all(rows["error"] == 0)
    pay = np.stack([rows[f"pay{p}"] for p in range(4)])
    assert np.all(pay.sum(axis=0) == 0)
