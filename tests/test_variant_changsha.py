"""changsha in the engine: scripted flows (Changsha rules: a bird hit example 5, 漏胡 example 9, the
2-5-8 pair vs big-win legality) and invariants over random self-play.

Deal order of a scripted wall (docs/engine.md): seats from the dealer take 13 tiles each from the
head, then the dealer one more; normal draws continue from the head. The bird is the next wall
tile after the win.
"""

from __future__ import annotations

from functools import partial

import helpers
import numpy as np
import pytest
from invariant_hands import check_random_hands

from mjsim.actions import PASS, WIN, action_from_name
from mjsim.engine import Game
from mjsim.scoring import changsha as C
from mjsim.tiles import parse_tiles

# steps a Game outside the "game" compile family: compile it under its lock (conftest)
pytestmark = pytest.mark.usefixtures("game_compiled")

V = "changsha"


#: the 108-tile set: kinds 0-26 only
make_wall = partial(helpers.make_wall, kinds=27)


def play_on(g: Game) -> Game:
    """Every seat asked about its opening small wins plays on (PASS)."""
    while g.phase == "declare":
        g.step(PASS)
    return g


discard_drawn = helpers.discard_drawn


def pass_until(g: Game, seat: int) -> None:
    while g.phase == "react" and g.current_player != seat:
        g.step(PASS)


def test_t2_5_bird_hits_the_winner_doubles_the_discarders_payment() -> None:
    # seat 1 (the dealer's 下家) wins a 小胡 on seat 2's 2p; the bird (next wall tile) is 6s:
    # rank 6 -> the dealer's 下家 = the winner -> seat 2 pays 2 x 10.
    w = make_wall(
        {1: "1m2m3m 4m5m6m 7p8p9p 5s5s 3p4p", 2: "1s1s1s 3s4s 7s8s 9m9m 6p6p 8p8p"},
        "9s",
        draws="9s 2p 6s",
    )
    g = play_on(Game(V, wall=w))
    g.step(action_from_name("discard 9s"))
    pass_until(g, -1)
    discard_drawn(g)  # seat 1 discards 9s
    pass_until(g, -1)
    assert g.current_player == 2
    g.step(action_from_name("discard 2p"))
    pass_until(g, 1)
    assert g.current_player == 1 and WIN in g.legal_actions()
    g.step(WIN)
    pass_until(g, -1)
    assert g.winners == [1] and g.win_kind == "discard" and g.win_from == 2
    assert int(g.values[1]) == 1 and g.items[1][C.SMALL_WIN] == 1
    assert int(g.state.tv[0, 39]) == parse_tiles("6s")[0]  # the bird
    assert list(g.payments) == [0, 20, -20, 0]
    assert int(g.state.tv[0, 36]) == 1  # rule B: the winner deals next


def test_t2_9_missed_win_on_that_tile_until_the_players_own_draw() -> None:
    # seat 2 waits on 5m; it passes the dealer's 5m (地胡); seat 1's 5m: no WIN; seat 2 draws;
    # seat 3's 5m: WIN again -> small discard win paid by seat 3 (bird 1p hits the dealer: x1).
    w = make_wall({2: "1p2p3p 4p5p6p 7s8s9s 8s8s 4m6m"}, "5m", draws="5m 9p 5m 1p")
    g = play_on(Game(V, wall=w))
    g.step(action_from_name("discard 5m"))
    pass_until(g, 2)
    assert g.current_player == 2 and WIN in g.legal_actions()
    g.step(PASS)
    pass_until(g, -1)
    assert g.current_player == 1
    g.step(action_from_name("discard 5m"))
    while g.phase == "react":
        assert not (g.current_player == 2 and WIN in g.legal_actions())
        g.step(PASS)
    assert g.current_player == 2
    discard_drawn(g)  # seat 2 drew 9p: the lock ends
    pass_until(g, -1)
    assert g.current_player == 3
    g.step(action_from_name("discard 5m"))
    pass_until(g, 2)
    assert g.current_player == 2 and WIN in g.legal_actions()
    g.step(WIN)
    pass_until(g, -1)
    assert g.winners == [2] and g.win_from == 3
    assert g.items[2][C.SMALL_WIN] == 1
    assert list(g.payments) == [0, 0, 10, -10]


def test_small_win_needs_a_258_pair_big_win_does_not() -> None:
    # seat 2 holds a complete-but-for-3p/6p hand with a 3s pair: no 2-5-8 pair, not big -> no WIN
    w = make_wall({2: "1m2m3m 4m5m6m 7p8p9p 3s3s 4p5p"}, "9s", draws="6p")
    g = play_on(Game(V, wall=w))
    g.step(action_from_name("discard 9s"))
    pass_until(g, -1)
    g.step(action_from_name("discard 6p"))
    while g.phase == "react":
        assert not (g.current_player == 2 and WIN in g.legal_actions())
        g.step(PASS)
    # all pungs (碰碰胡, a big win) with a 3s pair wins: 60 from the discarder
    w = make_wall({2: "1m1m1m 4m4m4m 7p7p7p 3s3s 6p6p"}, "9s", draws="6p 1p")
    g = play_on(Game(V, wall=w))
    g.step(action_from_name("discard 9s"))
    pass_until(g, -1)
    g.step(action_from_name("discard 6p"))
    pass_until(g, 2)
    assert g.current_player == 2 and WIN in g.legal_actions()
    g.step(WIN)
    pass_until(g, -1)
    assert g.items[2][C.ALL_PUNGS] == 1 and C.changsha_is_big(g.items[2])
    assert list(g.payments) == [0, -60, 60, 0]


def test_t2_7_opening_small_wins_declared_after_the_deal() -> None:
    # seat 1 is dealt 四喜 (1m x4) + 六六顺 (three pungs: one pair of pungs) -> k = 2 small
    # self-draws: dealer 2 x 10 + 10, others 2 x 10; the bird 4s (rank 4 -> the dealer's 上家 =
    # seat 3) doubles seat 3's share. The hand ends; the winner deals next (rule B).
    w = make_wall(
        {
            0: "2m3m4m 4p5p6p 7s8s9s 2m6p 4s8s",
            1: "1m1m1m1m 2p2p2p 3s3s3s 5m7p9s",
            2: "3m4m5m 6m7m 1p3p 8p9p 1s2s 5s6s",
            3: "6m7m8m 9m9m 1p3p 4p 6s7s 9s 2s 4s",
        },
        "9m",
        draws="4s",
    )
    g = Game(V, wall=w)
    assert g.phase == "declare" and g.current_player == 1
    assert set(g.legal_action_names()) == {"declare 0", "pass"}
    g.step(action_from_name("declare 0"))
    assert g.done and g.winners == [1] and g.win_kind == "self_draw"
    it = g.items[1]
    assert it[C.FOUR_BLESSINGS] == 1 and it[C.TWO_PUNGS] == 1 and int(g.values[1]) == 2
    assert list(g.payments) == [-30, 90, -20, -40]
    assert int(g.state.tv[0, 36]) == 1
    # declining plays on: the dealer discards
    g = Game(V, wall=w)
    g.step(PASS)
    assert g.phase == "turn" and g.current_player == 0 and not g.done


def test_t2_10_seabed_refused_then_taken_and_won_by_a_third_player() -> None:
    # passive play to the last tile (seat 3 is first offered it): seat 3 refuses, the dealer
    # takes it and cannot win, so it is exposed; seat 1 wins on it: 海底炮, a big discard win paid
    # by the taker: 60 + 10 (the dealer pays); the bird is the 海底 tile itself (3p: rank
    # 3 -> seat 2, not involved). The winner deals next (rule B).
    w = make_wall(
        {1: "1m2m3m 4m5m6m 7s8s9s 5s5s 1p2p", 2: "3p3p3p 4m4m 6m6m 7m7m 9p9p 8s9s"},
        "9m",
        draws="",
    )
    j = max(i for i in range(53, 108) if w[i] == parse_tiles("3p")[0])
    w[j], w[107] = w[107], w[j]
    g = play_on(Game(V, wall=w))
    while g.phase != "seabed":
        assert not g.done
        if g.phase in ("react", "declare"):
            g.step(PASS)
        else:
            discard_drawn(g)
    assert g.tiles_left == 1 and g.current_player == 3
    assert set(g.legal_action_names()) == {"declare 1", "pass"}
    g.step(PASS)  # refuse
    assert g.phase == "seabed" and g.current_player == 0
    g.step(action_from_name("declare 1"))  # take
    assert g.tiles_left == 0 and g.current_player == 0
    assert g.legal_action_names() == ["discard 3p"]  # cannot win: expose it
    g.step(action_from_name("discard 3p"))
    asked = []
    while g.phase == "react":
        asked.append(g.current_player)
        names = set(g.legal_action_names())
        assert names <= {"win", "pass"}  # only 海底炮, no pung of the 海底 tile
        g.step(WIN if "win" in names else PASS)
    assert 1 in asked
    assert g.winners == [1] and g.win_from == 0
    assert g.items[1][C.SEABED_DISCARD] == 1 and C.changsha_is_big(g.items[1])
    assert int(g.state.tv[0, 39]) == parse_tiles("3p")[0]
    assert list(g.payments) == [-70, 70, 0, 0]
    assert int(g.state.tv[0, 36]) == 1


def test_seabed_refused_by_all_is_a_draw_first_offered_deals() -> None:
    w = make_wall({}, "9m")
    g = play_on(Game(V, wall=w))
    while g.phase != "seabed":
        assert not g.done
        if g.phase in ("react", "declare"):
            g.step(PASS)
        else:
            discard_drawn(g)
    first = g.current_player
    for _ in range(4):
        g.step(PASS)
    assert g.done and g.winners == [] and list(g.payments) == [0, 0, 0, 0]
    assert int(g.state.tv[0, 36]) == first  # rule D


# ---------------------------------------------------------------- 开杠 (dice kong) vs 补张, rule F
def _dice_sum(seed: int = 0, hand_no: int = 0, roll: int = 1) -> int:
    from mjsim.engine.rng import dice_pair, hand_key

    d0, d1 = dice_pair(np.uint64(hand_key(seed, hand_no)), roll)
    return int(d0 + d1)


def _put(w: list[int], pos: int, tile: str) -> None:
    """Move a copy of ``tile`` from the undealt wall (index >= 53) to ``pos``."""
    k = parse_tiles(tile)[0]
    j = next(i for i in range(53, 108) if w[i] == k and i != pos)
    w[j], w[pos] = w[pos], w[j]


def test_t2_11_dice_kong_illegal_when_not_ready_only_buzhang() -> None:
    g = play_on(Game(V, wall=make_wall({0: "1m1m1m 2p5p8p 3s6s9s 2m5m 8m9m"}, "1m")))
    names = g.legal_action_names()
    assert "kong 1m" in names and "kong_dice 1m" not in names


DEALER_READY = "1m1m1m 2p3p4p 5s6s7s 2m2m 8p9p"  # + 1m: after a kong of 1m it waits on 7p


def test_dice_kong_replacement_is_the_dth_stack_from_the_tail_and_wins_kong_flower() -> None:
    d = _dice_sum()
    pos = 108 - 2 * d + 1  # top tile of the d-th stack counted back from the tail
    w = make_wall({0: DEALER_READY}, "1m")
    _put(w, pos, "7p")  # the dice-chosen replacement is the winning 7p
    g = play_on(Game(V, wall=w))
    assert g.dice == (int(g.state.tv[0, 64]), int(g.state.tv[0, 65]))
    assert all(1 <= x <= 6 for x in g.dice)
    names = g.legal_action_names()
    assert "kong_dice 1m" in names and "kong 1m" in names
    g.step(action_from_name("kong_dice 1m"))
    assert int(g.state.tv[0, 67]) == d  # TV_KONG_DICE
    assert int(g.state.tv[0, 20]) == parse_tiles("7p")[0]  # drawn: the d-th stack's top
    assert g.tiles_left == 108 - 53 - 1
    assert "win" in g.legal_action_names()
    g.step(WIN)
    assert g.winners == [0] and g.items[0][C.KONG_FLOWER] == 1 and C.changsha_is_big(g.items[0])


def test_buzhang_replacement_win_is_an_ordinary_self_draw() -> None:
    w = make_wall({0: DEALER_READY}, "1m")
    _put(w, 107, "7p")  # the 补张 replacement is the last wall tile
    g = play_on(Game(V, wall=w))
    g.step(action_from_name("kong 1m"))
    assert int(g.state.tv[0, 20]) == parse_tiles("7p")[0]
    g.step(WIN)
    assert g.winners == [0] and g.items[0][C.KONG_FLOWER] == 0


def test_dice_kong_discard_must_go_and_a_win_on_it_is_kong_discard() -> None:
    # the dice replacement (9s) does not win: it is the only legal discard; seat 1 wins on it
    # (杠上炮, a big win)
    pos = 108 - 2 * _dice_sum() + 1
    w = make_wall({0: DEALER_READY, 1: "1s2s3s 4s5s6s 7s8s 2p2p2p 5m5m"}, "1m")
    _put(w, pos, "9s")
    g = play_on(Game(V, wall=w))
    g.step(action_from_name("kong_dice 1m"))
    assert g.legal_action_names() == ["discard 9s"]
    g.step(action_from_name("discard 9s"))
    assert g.phase == "react" and g.current_player == 1 and "win" in g.legal_action_names()
    g.step(WIN)
    while not g.done:
        g.step(PASS)
    assert g.winners == [1] and g.items[1][C.KONG_DISCARD] == 1 and C.changsha_is_big(g.items[1])


def test_dice_kong_lock_forces_every_non_winning_draw_out() -> None:
    from mjsim.actions import action_name

    pos = 108 - 2 * _dice_sum() + 1
    w = make_wall({0: DEALER_READY}, "1m")
    _put(w, pos, "9s")
    g = play_on(Game(V, wall=w))
    g.step(action_from_name("kong_dice 1m"))
    g.step(action_from_name("discard 9s"))
    while g.current_player != 0 or g.phase != "turn":
        assert not g.done
        if g.phase == "react":
            if g.current_player == 0:  # a locked seat may only win
                assert set(g.legal_action_names()) <= {"win", "pass"}
            g.step(PASS)
        else:
            discard_drawn(g)
    drawn = int(g.state.tv[0, 20])
    assert set(g.legal_action_names()) - {"win"} == {action_name(drawn)}


def test_rule_f_seabed_drawn_as_a_replacement_no_seabed_and_that_seat_deals() -> None:
    # passive play; seat 2 draws w[106] (the second-to-last tile) = its fourth 5s and declares a
    # 补张 kong with one tile left: the replacement takes the 海底, the hand has no 海底 offer,
    # and after the drawn hand seat 2 deals (rule F)
    w = make_wall({2: "5s5s5s 1m4m7m 2p6p9p 3s8s 9m 1p"}, "9m")
    _put(w, 106, "5s")
    g = play_on(Game(V, wall=w))
    while not (g.phase == "turn" and g.tiles_left == 1 and g.current_player == 2):
        assert not g.done and g.phase != "seabed"
        if g.phase in ("react", "declare"):
            g.step(PASS)
        else:
            discard_drawn(g)
    g.step(action_from_name("kong 5s"))
    assert g.tiles_left == 0 and int(g.state.tv[0, 70]) == 3  # TV_SEABED_REPL = 1 + seat
    while not g.done:
        assert g.phase != "seabed"
        if g.phase == "react":
            g.step(PASS)
        else:
            discard_drawn(g)
    assert g.winners == [] and int(g.state.tv[0, 36]) == 2


def test_invariants_over_random_hands() -> None:
    # tile conservation, hand sizes and zero-sum payments checked at every step (check=True)
    _, pays, won = check_random_hands(V, 10_000, seed=5, threads=2)
    assert won.sum() > 0
    # Changsha money comes in multiples of 10
    assert np.all(pays % 10 == 0)
    assert np.all(np.abs(pays[won]).max(axis=1) >= 10)
