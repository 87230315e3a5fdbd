"""yantai (Yantai 烟台麻将): the worked examples Y-a..Y-f of its rules through ``mjsim.score``,
the two ready kinds 明楼 / 暗楼, the dealer's 番 in every pair and the 2-5-8 option through
scripted walls, the drawn-hand multiplier, and self-play with the invariants checked
(docs/variants/yantai.md)."""

from __future__ import annotations

import helpers
import numpy as np
import pytest
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.actions import PASS, READY_DISCARD, READY_SHOWN, WIN, action_from_name
from mjsim.engine import Game

# an ordinary hand: 789m called, 234m 567p 345s 55s concealed, won on the 5s (no other item)
HAND, MELDS = "234m567p345s55s", ["chow 789m"]


def score(hand=HAND, win="5s", **kw):
    kw.setdefault("melds", MELDS)
    return mjsim.score("yantai", hand, win_tile=win, **kw)


def names(r) -> set[str]:
    return {zh for _i, _en, zh, _v, _n in r.items}


def test_y_a_ordinary_discard_win() -> None:
    r = score(seat=1, dealer=0, discarder=2)
    assert r.total == 1 and names(r) == {"推倒和"}
    assert r.payments == [0, 1, -1, 0]  # the discarder alone pays


def test_y_b_hidden_ready() -> None:
    r = score(seat=1, dealer=0, discarder=2, ready_kind="hidden")
    assert r.total == 2 and names(r) == {"推倒和", "暗楼"}
    assert r.payments == [0, 2, -2, 0]


def test_y_c_the_dealer_discards() -> None:
    r = score(seat=1, dealer=0, discarder=0)
    assert r.total == 1 and r.payments == [-2, 2, 0, 0]  # 1 + 庄家 1


def test_y_d_shown_ready_self_draw_concealed_kong() -> None:
    # 推倒和 1 + 明楼 2 + 自摸 2 + 门清 2 (a concealed kong keeps it) + 暗杠 2 = 9 番
    r = score(melds=["concealed_kong 1111z"], self_drawn=True, seat=1, dealer=0,
              ready_kind="shown_self_draw_only")  # fmt: skip
    assert r.total == 9
    assert names(r) == {"推倒和", "明楼", "自摸", "门清", "暗杠"}
    assert r.payments == [-10, 28, -9, -9]  # each pays 9, the dealer 10


def test_y_e_full_flush_after_two_drawn_hands() -> None:
    # 清一色 4 + 推倒和 1 = 5 番, x 4 after two consecutive drawn hands
    kw = dict(melds=["chow 789m", "pung 111m"], seat=1, dealer=0, discarder=2)
    r = score("234m567m22m", "2m", **kw, carry_mult=4)
    assert r.total == 5 and names(r) == {"推倒和", "清一色"}
    assert r.payments == [0, 20, -20, 0]
    assert score("234m567m22m", "2m", **kw).payments == [0, 5, -5, 0]
    with pytest.raises(ValueError, match="carry_mult"):
        score("234m567m22m", "2m", **kw, carry_mult=0)


def test_y_f_shown_ready_cannot_win_on_a_discard() -> None:
    with pytest.raises(ValueError, match="明摸"):
        score(seat=1, dealer=0, discarder=2, ready_kind="shown_self_draw_only")


def test_the_winners_kongs_count_and_the_seven_pairs_family_its_best() -> None:
    r = score(melds=["kong 7777z"], seat=1, dealer=0, discarder=2)  # an exposed kong
    assert r.total == 2 and names(r) == {"推倒和", "明杠"}
    # two fours in seven pairs: 超级豪华七对 6 alone (not 七对 3 + 豪华七对 4), + 门清 2 + 1
    r = score("1111m2222p334455s", "5s", melds=[], seat=1, dealer=0, discarder=2)
    assert r.total == 9 and names(r) == {"推倒和", "门清", "超级豪华七对"}
    r = score("1122m3344p5566s77z", "7z", melds=[], seat=1, dealer=0, discarder=2)
    assert r.total == 6 and names(r) == {"推倒和", "门清", "七对"}
    # thirteen orphans: 1 + 十三么 2 + 门清 2
    r = score("19m19p19s12345677z", "7z", melds=[], seat=1, dealer=0, discarder=2)
    assert r.total == 5 and "十三么" in names(r)


def test_the_spec_and_its_parameters() -> None:
    spec = variants.get("yantai")
    assert spec.ready_modes == ("hidden", "shown_self_draw_only")
    assert spec.draw_counter_rule == "double_per_draw" and spec.draw_multiplier_cap == 32
    r = score(seat=1, dealer=0, discarder=0, dealer_bonus=0)
    assert r.payments == [-1, 1, 0, 0]
    rec = variants.get("yantai", score_values=(0, 2, 1)).compile().pay_record
    assert rec[9] == 0 and rec[10] == 0  # dealer_add, dealer_add_self_draw


# the dealer holds 123m 456m 789m 234p 5s + 7z: it discards 7z declaring ready on 5s; seat 1
# holds a 5s and discards it after drawing 5z; seats 2, 3 discard 6z, 7z; the dealer draws 5s
def _ready_wall() -> list[int]:
    return helpers.make_wall(
        {0: "123m456m789m234p5s", 1: "5s 111z 222z 333z 444z"},
        "7z",
        draws="5z 6z 7z 5s",
        flowers=8,
    )


def test_scripted_shown_ready_may_not_win_on_a_discard_and_self_draws() -> None:
    g = Game("yantai", wall=_ready_wall())
    g.step(READY_SHOWN + 33)  # 明楼 (the second ready kind), discarding 7z
    while g.phase == "react":
        g.step(PASS)
    assert g.current_player == 1
    g.step(action_from_name("discard 5s"))
    while g.phase == "react":  # 明楼 may not win on a discard
        assert g.current_player != 0 or WIN not in g.legal_actions()
        g.step(PASS)
    for _ in range(2):  # seats 2 and 3 discard what they drew
        helpers.discard_drawn(g)
        while g.phase == "react":
            g.step(PASS)
    assert g.current_player == 0 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [0]
    # 推倒和 1 + 明楼 2 + 自摸 2 + 门清 2 + 一条龙 2 = 9, and the dealer's 1 in every pair
    assert list(g.payments) == [30, -10, -10, -10]


def test_scripted_hidden_ready_wins_on_a_discard() -> None:
    g = Game("yantai", wall=_ready_wall())
    g.step(READY_DISCARD + 33)  # 暗楼, discarding 7z
    while g.phase == "react":
        g.step(PASS)
    g.step(action_from_name("discard 5s"))
    assert g.phase == "react" and g.current_player == 0 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [0]
    # 推倒和 1 + 暗楼 1 + 门清 2 + 一条龙 2 = 6, + 1 for the dealer, from the discarder alone
    assert list(g.payments) == [7, -7, 0, 0]


@pytest.mark.parametrize(("option", "can_win"), [(False, True), (True, False)])
def test_scripted_258_option(option, can_win) -> None:
    # the dealer is dealt 111m 333m 444m 999p 77s: a win with no 2, 5 or 8
    wall = helpers.make_wall({0: "111m333m444m999p7s"}, "7s", flowers=8)
    g = Game(variants.get("yantai", must_have_258_tile=option), wall=wall)
    assert (WIN in g.legal_actions()) is can_win


def test_the_greedy_bot_declares_the_shown_ready() -> None:
    from mjsim.agents.greedy import valued_ready_kind

    assert valued_ready_kind(variants.get("yantai").compile()) == 2  # 明楼 2 > 暗楼 1


def test_random_hands_keep_every_invariant() -> None:
    r, _, won = check_random_hands("yantai", 2000, seed=5, threads=1)
    assert np.all(r["n_winners"] <= 1)  # one winner per hand
    assert np.all(r["value"][won] >= 1)
    # 13 stacks kept back: normal draws stop at 26 tiles; the replacement of a flower drawn
    # last still comes from the tail
    assert np.all(r["tiles_left"][~won] >= 24) and np.median(r["tiles_left"][~won]) >= 26


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("yantai")
