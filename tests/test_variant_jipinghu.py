"""guangdong_jipinghu in the engine: flows of the Guangdong chicken-hand rules through scripted walls (G-e, G-f,
G-g, G-h), 包自摸 liability, and invariants over random self-play.

Deal order of a scripted wall (docs/engine.md): seats from the dealer take 13 tiles each from the
head, then the dealer one more; normal draws continue from the head.
"""

from __future__ import annotations

import helpers
import numpy as np
import pytest
from invariant_hands import check_random_hands

from mjsim.actions import KONG, PASS, PUNG, WIN, action_from_name
from mjsim.engine import Game
from mjsim.scoring import jipinghu as J
from mjsim.tiles import parse_tiles

# steps a Game outside the "game" compile family: compile it under its lock (conftest)
pytestmark = pytest.mark.usefixtures("game_compiled")

V = "guangdong_jipinghu"


make_wall = helpers.make_wall


def drawn(g: Game) -> int:
    return int(g.state.tv[0, 20])


discard_drawn = helpers.discard_drawn


def pass_all(g: Game) -> None:
    while g.phase == "react":
        g.step(PASS)


def test_g_g_twelve_exposed_liability_first_enabler_pays_all() -> None:
    # seat 1 pungs 1m 2m 3p 4p (the dealer's discards), 12 tiles exposed, single wait on 6s;
    # it self-draws 6s: 碰碰和 2 + 自摸 1 = 3 番 = 8; the dealer enabled the 4th meld: pays 24.
    w = make_wall(
        {0: "1m2m3p4p 7m8m 9p 1z2z3z4z5z6z", 1: "1m1m2m2m 3p3p4p4p 5s5s6s6s7s"},
        "7z",
        draws="1z1z1z 2z2z2z 3z3z3z 4z4z4z 6s",
    )
    g = Game(V, wall=w)
    plan0 = ["1m", "2m", "3p", "4p"]
    plan1 = ["7s", "5s", "5s", "6s"]
    pungs = 0
    while not g.done:
        p = g.current_player
        if g.phase == "react":
            tile = int(g.state.tv[0, 11])
            if p == 1 and PUNG in g.legal_actions() and tile < 27:
                g.step(PUNG)
                pass_all(g)  # the other asked seats answer (hidden choices)
                assert g.current_player == 1 and g.phase == "turn"
                g.step(action_from_name("discard " + plan1[pungs]))
                pungs += 1
            else:
                g.step(PASS)
            continue
        if p == 1 and WIN in g.legal_actions():
            g.step(WIN)
            break
        if p == 0 and plan0:
            g.step(action_from_name("discard " + plan0.pop(0)))
        else:
            discard_drawn(g)
    assert pungs == 4
    assert g.winners == [1] and g.win_kind == "self_draw"
    assert int(g.values[1]) == 8
    items = g.items[1]
    assert items[J.ALL_PUNGS] == 1 and items[J.SELF_DRAW] == 1
    assert list(g.payments) == [-24, 24, 0, 0]


def test_g_f_robbing_a_kong_after_a_lockout_that_a_draw_lifted() -> None:
    # seat 2 waits on 5p (4p6p); it passes seat 1's 5p (漏和: locked on 5p), the dealer pungs it;
    # seat 2 draws (a move: the lock ends); the dealer draws the 4th 5p and adds the kong; seat 2
    # robs it: 抢杠 counts as a self-draw at >= 3 番, the robbed dealer pays 3 x 8 = 24.
    w = make_wall(
        {0: "5p5p 1s3s 7s9s 1z2z3z4z5z6z7z", 2: "123m 789m 123s 9p9p 4p6p"},
        "9m",
        draws="5p 1z 2z 3z 5p",
    )
    g = Game(V, wall=w)
    g.step(action_from_name("discard 9m"))
    pass_all(g)
    assert g.current_player == 1
    g.step(action_from_name("discard 5p"))
    assert g.current_player == 2 and WIN in g.legal_actions()
    g.step(PASS)
    assert int(g.state.pv[0, 2, 4]) == parse_tiles("5p")[0] + 1  # locked on 5p only
    while g.current_player != 0:
        g.step(PASS)
    g.step(PUNG)
    g.step(action_from_name("discard 1z"))
    pass_all(g)
    for _ in range(3):  # seats 1, 2, 3 draw and discard
        discard_drawn(g)
        pass_all(g)
    assert int(g.state.pv[0, 2, 4]) == 0  # seat 2 drew: lock lifted
    assert g.current_player == 0 and drawn(g) == 13
    g.step(KONG + 13)
    assert g.current_player == 2 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.win_kind == "rob_kong" and g.winners == [2]
    assert g.items[2][J.ROBBING_KONG] == 1 and int(g.values[2]) == 8
    assert list(g.payments) == [-24, 0, 24, 0]


def test_g_h_missed_win_locks_only_that_tile_until_a_move() -> None:
    # the dealer (ready on 2p/5p) passes seat 1's 5p; seat 2's 5p comes before its next draw:
    # no WIN; seat 3's 2p may be won (人和: first go-around, at least 3 番 -> 8 from seat 3).
    w = make_wall(
        {0: "1m2m3m 4m5m6m 7s8s9s 3p4p 1z1z", 1: "9m9m 1s2s 3s4s 5s6s 2z3z4z6z7z"},
        "7z",
        draws="5p5p2p",
    )
    g = Game(V, wall=w)
    g.step(action_from_name("discard 7z"))
    pass_all(g)
    discard_drawn(g)  # seat 1: 5p
    asked = []
    while g.phase == "react":
        asked.append(g.current_player)
        if g.current_player == 0:
            assert WIN in g.legal_actions()
        g.step(PASS)
    assert 0 in asked
    assert g.current_player == 2
    discard_drawn(g)  # seat 2: 5p
    while g.phase == "react":
        assert not (g.current_player == 0 and WIN in g.legal_actions())
        g.step(PASS)
    assert g.current_player == 3
    discard_drawn(g)  # seat 3: 2p
    while g.phase == "react" and g.current_player != 0:
        g.step(PASS)
    assert g.current_player == 0 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.winners == [0] and g.win_from == 3
    assert g.items[0][J.HUMAN] == 1 and int(g.values[0]) == 8
    assert list(g.payments) == [8, 0, 0, -8]


def test_g_e_three_winners_on_one_discard() -> None:
    # 鸡和, 平和, 清一色 on the dealer's 5p: each at least 3 番 -> the dealer pays 8 + 8 + 16.
    w = make_wall(
        {
            0: "1z2z3z4z 5z6z7z 1z2z3z 4z5z6z",
            1: "1m1m1m 4s5s6s 7s8s9s 1z1z 4p6p".replace("1z1z", "7z7z"),
            2: "1m2m3m 4m5m6m 7m8m9m 3p4p 9s9s",
            3: "1p1p 1p2p3p 7p8p9p 7p8p9p 6p7p",
        },
        "5p",
    )
    g = Game(V, wall=w)
    g.step(action_from_name("discard 5p"))
    while g.phase == "react":
        assert WIN in g.legal_actions()
        g.step(WIN)
    assert g.winners == [1, 2, 3] and g.win_kind == "discard"
    assert [int(x) for x in g.values] == [0, 8, 8, 16]
    assert g.items[3][J.FULL_FLUSH] == 1 and g.items[2][J.ALL_CHOWS] == 1
    assert list(g.payments) == [-32, 8, 8, 16]
    assert int(g.state.tv[0, 36]) == 1  # dealer not among the winners: the next seat deals


def test_invariants_over_random_hands() -> None:
    # tile conservation, hand sizes and zero-sum payments checked at every step (check=True)
    res, _, won = check_random_hands(V, 10_000, seed=7, threads=2)
    assert won.sum() > 0
    # every win pays a power of two per payer, at least 1
    v = res["value"][won]
    assert np.all((v > 0) & ((v & (v - 1)) == 0))
