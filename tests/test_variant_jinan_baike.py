"""jinan_baike (Jinan short form 济南麻将): the worked examples of its rules through
``mjsim.score``, the two shown ready kinds 明摸 / 明打 through scripted walls, and self-play with
the invariants checked (docs/variants/jinan_baike.md)."""

from __future__ import annotations

import helpers
import numpy as np
import pytest
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.actions import PASS, READY_DISCARD, READY_SHOWN, WIN, action_from_name
from mjsim.engine import Game

HAND = "123m456m789m234p55s"  # a 2-5-8 pair (5s); wins on the 5s


def test_worked_example_shown_self_draw_non_dealer() -> None:
    # a non-dealer wins by self-draw after 明摸: each non-dealer pays 4, the dealer 8 (16)
    r = mjsim.score(
        "jinan_baike", HAND, win_tile="5s", self_drawn=True, seat=1, dealer=0,
        ready_kind="shown_self_draw_only",
    )  # fmt: skip
    assert r.total == 4 and r.item_counts() == {"shown ready, self-draw only": 1}
    assert r.payments == [-8, 16, -4, -4]


def test_worked_example_shown_discard_win_on_the_dealer() -> None:
    # 明打, the dealer discards the winning tile: the dealer pays 16
    r = mjsim.score(
        "jinan_baike", HAND, win_tile="5s", seat=2, dealer=0, discarder=0, ready_kind="shown"
    )
    assert r.total == 8 and r.payments == [-16, 0, 16, 0]


def test_ordinary_win_with_kongs_and_flowers() -> None:
    # 推倒胡 1 + a kong 1 + two flowers 2 = 4 番, from the (non-dealer) discarder
    r = mjsim.score(
        "jinan_baike", "456m789m234p55s", win_tile="5s", melds=["kong 1111z"], seat=1,
        dealer=0, discarder=2, flowers=2,
    )  # fmt: skip
    assert r.total == 4
    assert {zh: n for _i, _en, zh, _v, n in r.items} == {"推倒胡": 1, "杠": 1, "花": 2}
    assert r.payments == [0, 4, -4, 0]


def test_ordinary_self_draw_each_pays_the_dealer_double() -> None:
    r = mjsim.score("jinan_baike", HAND, win_tile="5s", self_drawn=True, seat=3, dealer=0)
    assert r.total == 1 and r.payments == [-2, -1, -1, 4]


def test_mingda_self_draw_and_the_other_readings() -> None:
    r = mjsim.score("jinan_baike", HAND, win_tile="5s", self_drawn=True, seat=1, ready_kind="shown")
    assert r.total == 4 and r.payments == [-8, 16, -4, -4]
    r = mjsim.score(
        "jinan_baike", HAND, win_tile="5s", self_drawn=True, seat=1, ready_kind="shown",
        mingda_self_draw=8,
    )  # fmt: skip
    assert r.total == 8
    # everybody pays a discard win (the other reading of "放炮即1全部人1番")
    r = mjsim.score("jinan_baike", HAND, win_tile="5s", seat=1, discarder=2, discard_everyone=True)
    assert r.payments == [-2, 4, -1, -1]
    spec = variants.get("jinan_baike", score_values=(4, 1, 2))
    assert spec.compile().pay_record[2] == 1  # discard = everyone


def test_refusals() -> None:
    with pytest.raises(ValueError, match="明摸"):
        mjsim.score("jinan_baike", HAND, win_tile="5s", seat=1, ready_kind="shown_self_draw_only")
    with pytest.raises(ValueError, match="not a winning hand"):
        mjsim.score("jinan_baike", "123m456m789m234p77s", win_tile="7s", seat=1)  # pair 7s
    with pytest.raises(ValueError, match="ready_kind="):
        mjsim.score("jinan_baike", HAND, win_tile="5s", seat=1, ready_kind="open")


def _ready_wall() -> list[int]:
    # the dealer holds 123m 456m 789m 234p 5s + 7z: it discards 7z declaring ready on 5s; seat 1
    # holds a 5s and discards it after drawing 5z; seats 2, 3 discard 6z, 7z; the dealer draws 5s
    return helpers.make_wall(
        {0: "123m456m789m234p5s", 1: "5s 111z 222z 333z 444z"},
        "7z",
        draws="5z 6z 7z 5s",
        flowers=8,
    )


def _to_dealer_turn(g: Game, seat1_discard: str) -> None:
    while g.phase == "react":
        g.step(PASS)
    g.step(action_from_name(f"discard {seat1_discard}"))


def test_scripted_mingmo_may_not_win_on_a_discard_and_self_draws() -> None:
    g = Game("jinan_baike", wall=_ready_wall())
    g.step(READY_DISCARD + 33)  # 明摸 (the first ready kind), discarding 7z
    while g.phase == "react":
        g.step(PASS)
    assert g.current_player == 1
    g.step(action_from_name("discard 5s"))
    if g.phase == "react":  # 明摸 may not win on a discard
        assert g.current_player != 0 or WIN not in g.legal_actions()
    while g.phase == "react":
        assert g.current_player != 0 or WIN not in g.legal_actions()
        g.step(PASS)
    for _ in range(2):  # seats 2 and 3 discard what they drew
        helpers.discard_drawn(g)
        while g.phase == "react":
            g.step(PASS)
    assert g.current_player == 0 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [0]
    assert list(g.payments) == [24, -8, -8, -8]  # 4 番 each, doubled for the dealer


def test_scripted_mingda_wins_on_a_discard() -> None:
    g = Game("jinan_baike", wall=_ready_wall())
    g.step(READY_SHOWN + 33)  # 明打 (the second ready kind), discarding 7z
    while g.phase == "react":
        g.step(PASS)
    g.step(action_from_name("discard 5s"))
    assert g.phase == "react" and g.current_player == 0 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [0]
    assert list(g.payments) == [16, -16, 0, 0]  # 8 番 from the discarder, doubled


def test_greedy_declares_the_ready_kind_the_table_values_more() -> None:
    from mjsim.agents.greedy import valued_ready_kind

    assert valued_ready_kind(variants.get("jinan_baike").compile()) == 2  # 明打 8 > 明摸 4
    assert valued_ready_kind(variants.get("hebei").compile()) == 0  # ready worth nothing
    rows = mjsim.simulate("jinan_baike", 400, agents="greedy", seed=3, threads=1)
    items = np.concatenate([rows[f"item{i}"] for i in range(6)])
    assert (items == 2).sum() > 0  # the 明打 row is row 2 of the table


def test_random_hands_keep_every_invariant() -> None:
    r, _, won = check_random_hands("jinan_baike", 2000, seed=5, threads=1)
    assert np.all(r["value"][won] >= 1)


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("jinan_baike")
