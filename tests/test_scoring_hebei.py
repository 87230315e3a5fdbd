"""``mjsim.score("hebei", ...)``: the engine's placeholder scorer behind the scoring API."""

import pytest

import mjsim


def test_t7_2_seven_pairs_discard_win_only_the_discarder_pays():
    # example 2: "只有放炮家输分" - a seven-pairs (or thirteen-orphans) discard win is paid by the
    # discarder alone
    r = mjsim.score("hebei", "1122m3344p5566s77z", win_tile="7z", seat=2, discarder=0)
    assert [i[1] for i in r.items] == ["basic_win", "seven_pairs"]
    assert r.payments == [-r.total, 0, r.total, 0] and r.total == 2


def test_self_draw_all_three_pay_double():
    # "三家都要输分"; DEFAULT placeholder: self-draw x2
    r = mjsim.score("hebei", "123m456p789s11122z", win_tile="2z", self_drawn=True, seat=1)
    assert r.total == 2 and r.payments == [-2, 6, -2, -2]


def test_not_a_win_names_the_shapes():
    with pytest.raises(ValueError, match="not a winning hand"):
        mjsim.score("hebei", "123m456p789s11123z", win_tile="3z", discarder=1)
