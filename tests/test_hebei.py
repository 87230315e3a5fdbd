"""Hebei worked examples 1-3 of the Hebei rules through scripted walls.

Deal order of a scripted wall (docs/engine.md): seats from the dealer take 13 consecutive tiles
each from the head, then the dealer takes one more; normal draws continue from the head;
kong replacements come from the tail.
"""

from __future__ import annotations

import helpers
import numpy as np

from mjsim.actions import PASS, WIN, action_from_name
from mjsim.engine import Game

make_wall = helpers.make_wall


def passive_play(g: Game, stop_at: int | None = None) -> None:
    """Every seat discards the tile it drew (or its first tile) and passes every reaction."""
    while not g.done and (stop_at is None or g.tiles_left > stop_at):
        legal = g.legal_actions()
        if PASS in legal:
            g.step(PASS)
            continue
        drawn = int(g.state.tv[0, 20])
        g.step(drawn if drawn >= 0 and drawn in legal else min(a for a in legal if a < 34))


def test_t7_1_wall_end_keeps_six_stacks() -> None:
    # example 1: 14 tiles left -> the next player may draw; after that draw (13 left) no more draws.
    g = Game("hebei", seed=3)
    passive_play(g, stop_at=14)
    assert not g.done and g.tiles_left == 14 and g.phase == "turn"
    seat = g.current_player
    g.step(min(a for a in g.legal_actions() if a < 34))
    while g.phase == "react":
        g.step(PASS)
    assert g.tiles_left == 13 and g.current_player == (seat + 1) % 4  # drew at 14 left
    g.step(min(a for a in g.legal_actions() if a < 34))
    while g.phase == "react":
        g.step(PASS)
    assert g.done and g.winners == [] and g.win_kind == "none"  # 荒庄 with 13 left
    assert g.tiles_left == 13
    assert list(g.payments) == [0, 0, 0, 0]
    assert int(g.state.tv[0, 36]) == g.dealer  # dealer stays on a drawn hand


def test_t7_1_kong_does_not_enlarge_the_reserve() -> None:
    # dealer holds four East: a concealed kong takes a replacement from the tail; the reserve
    # stays 6 stacks, so normal draws still run down to 13 left (a reserve_per_kong variant
    # would stop earlier).
    w = make_wall({0: "1111z 123m 456p 789s"}, "5z")
    g = Game("hebei", wall=w)
    g.step(action_from_name("kong 1z"))
    assert g.tiles_left == 136 - 53 - 1
    passive_play(g)
    assert g.done and g.tiles_left == 13 and int(g.state.tv[0, 22]) == 1
    g2 = Game("hebei", wall=w, reserve_per_kong=2)
    g2.step(action_from_name("kong 1z"))
    passive_play(g2)
    assert g2.done and g2.tiles_left == 15


def test_t7_2_seven_pairs_and_thirteen_orphans_only_the_discarder_pays() -> None:
    # seat 1 waits on 9s with thirteen orphans; seat 2 waits on 9s... no: seat 2 has seven pairs
    # waiting on 5p; the dealer discards 9s, seat 1 wins, only the dealer pays (8 = 1 x 8).
    w = make_wall(
        {0: "2m3m4m 6p7p8p 2s3s4s 6s7s8s 5z", 1: "119m19p1s 1234567z"},
        "9s",
    )
    g = Game("hebei", wall=w)
    g.step(action_from_name("discard 9s"))
    assert g.current_player == 1 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [1] and g.win_kind == "discard" and g.win_from == 0
    assert list(g.payments) == [-8, 8, 0, 0]
    from mjsim.scoring.hebei import I_THIRTEEN_ORPHANS

    assert g.items[1, I_THIRTEEN_ORPHANS] == 1
    # seven pairs by discard
    w = make_wall({0: "2m3m4m 6p7p8p 2s3s4s 6s7s8s 5z", 2: "1122m 3344p 5566s 7z"}, "7z")
    g = Game("hebei", wall=w)
    g.step(action_from_name("discard 7z"))
    assert g.current_player == 2
    g.step(WIN)
    assert g.winners == [2] and list(g.payments) == [-2, 0, 2, 0]


def test_t7_3_two_winners_on_one_discard() -> None:
    # seats 1 and 2 both wait on 5z (a pair wait each); the dealer discards it: both win, the
    # dealer pays each; the dealer is not a winner, so the dealer's next seat (1) deals next.
    w = make_wall(
        {
            0: "1m2m3m 4p5p6p 7s8s9s 1z1z2z 3z",
            1: "123m 456m 789m 123p 5z",
            2: "123s 456s 789s 789p 5z",
        },
        "5z",
    )
    g = Game("hebei", wall=w)
    g.step(action_from_name("discard 5z"))
    assert g.current_player == 1
    g.step(WIN)
    assert g.current_player == 2  # the second claimant is still asked
    g.step(WIN)
    assert g.done and g.winners == [1, 2] and g.win_kind == "discard"
    assert list(g.payments) == [-2, 1, 1, 0]
    assert int(g.state.tv[0, 36]) == 1  # next dealer
    # the dealer among the winners stays: seat 1 discards 5z, dealer (0) and seat 2 win
    w = make_wall(
        {
            0: "123m 456m 789m 123p 5z",
            1: "1m2m3m 4p5p6p 7s8s9s 1z1z2z 3z",
            2: "123s 456s 789s 789p 5z",
        },
        "4z",
        draws="5z",
    )
    g = Game("hebei", wall=w)
    g.step(action_from_name("discard 4z"))
    while g.phase == "react":
        g.step(PASS)
    assert g.current_player == 1
    g.step(action_from_name("discard 5z"))
    winners = []
    while g.phase == "react":
        winners.append(g.current_player)
        g.step(WIN)
    assert winners == [2, 0]  # asked in turn order after the discarder
    assert g.winners == [0, 2] and list(g.payments) == [1, -2, 1, 0]
    assert int(g.state.tv[0, 36]) == 0  # dealer stays


def test_no_chow_in_hebei_and_pung_priority() -> None:
    w = make_wall({0: "1m2m3m 4p5p6p 7s8s9s 1z1z2z 3z", 1: "4m5m 123p 456p 789p 1s9s"}, "6m")
    g = Game("hebei", wall=w)
    g.step(action_from_name("discard 6m"))
    # seat 1 could chow 4m5m+6m elsewhere, not in hebei: it is not asked, and no chow is ever
    # offered (a later seat may be asked for a pung)
    while g.phase == "react":
        assert g.current_player != 1
        assert not any(n.startswith("chow") for n in g.legal_action_names())
        g.step(PASS)
    assert g.phase == "turn" and g.current_player == 1
    g2 = Game("hebei", wall=w, allow_chow=True, chow_left_only=True)
    g2.step(action_from_name("discard 6m"))
    assert g2.current_player == 1 and "chow_high" in g2.legal_action_names()


def test_self_draw_win_all_three_pay_double() -> None:
    w = make_wall({0: "123m 456m 789m 123p 5z"}, "5z")
    g = Game("hebei", wall=w)
    assert WIN in g.legal_actions()  # heavenly hand
    g.step(WIN)
    assert g.win_kind == "self_draw" and list(g.payments) == [6, -2, -2, -2]


def test_missed_win_lock_is_lifted_by_the_next_draw() -> None:
    w = make_wall(
        {0: "1m2m3m 4p5p6p 7s8s9s 1z1z2z 3z", 1: "123m 456m 789m 123p 5z"}, "5z", draws="6z5z"
    )
    g = Game("hebei", wall=w)
    g.step(action_from_name("discard 5z"))
    assert g.current_player == 1 and WIN in g.legal_actions()
    g.step(PASS)
    assert g.current_player == 1 and g.phase == "turn"  # drew 6z: the lock is lifted
    g.step(action_from_name("discard 6z"))
    while g.phase == "react":
        g.step(PASS)
    assert np.all(g.state.pv[0, :, 4] == 0)
