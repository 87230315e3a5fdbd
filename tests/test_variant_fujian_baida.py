"""fujian_baida (福建百搭): the rule text's 带弟 examples (the wild after the turned tile, the
honours in one cycle), the 白板 stand-in through ``mjsim.score`` and the engine, the factors
(无百搭, 自摸, 七对, the flushes), a scripted 天胡 won with the stand-in, and self-play with the
invariants checked."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import make_wall
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.engine import Game
from mjsim.tiles import parse_tiles


def score(hand, win, **kw):
    kw.setdefault("seat", 1)
    kw.setdefault("dealer", 0)
    kw.setdefault("wilds", "5p")  # the 百搭 of these examples
    if not kw.get("self_drawn"):
        kw.setdefault("discarder", 2)
    return mjsim.score("fujian_baida", hand, win_tile=win, **kw)


def names(r) -> set[str]:
    return {zh for _i, _en, zh, _v, _n in r.items}


def test_plain_win_with_and_without_a_wild() -> None:
    r = score("123m46m789p111s44s5p", "4s")  # 5p (百搭) stands for 5m
    assert r.total == 1 and names(r) == {"平胡"} and r.payments == [0, 1, -1, 0]
    r = score("123m456m789p111s44s", "4s")
    assert r.total == 2 and names(r) == {"平胡", "无百搭"}
    r = score("123m456m789p111s44s", "4s", self_drawn=True)
    assert r.total == 4 and r.payments == [-4, 12, -4, -4]


def test_seven_pairs_and_flushes() -> None:
    r = score("1122m3344p5566s77z", "7z")
    assert r.total == 4 and names(r) == {"平胡", "无百搭", "七对"}
    with pytest.raises(ValueError, match="not a winning hand"):
        score("1122m3344p5566s77z", "7z", seven_pairs=False)
    r = score("111m234m567m999m88m", "8m")
    assert r.total == 8 and names(r) == {"平胡", "无百搭", "清一色"}


def test_white_dragon_plays_the_turned_kind() -> None:
    # 3s is the 百搭: 2s 白 4s is a chow with 白板 as a natural 3s; the hand holds no wild
    r = score("123m456m789p24s5z11z", "5z", wilds="3s")
    assert r.total == 2 and names(r) == {"平胡", "无百搭"}
    with pytest.raises(ValueError, match="not a winning hand"):
        score("123m456m789p24s5z11z", "5z", wilds="7z")  # 白 would be 中: no chow


def test_a_called_white_dragon_pung_is_a_pung_of_the_turned_kind() -> None:
    # 2s is the 百搭: the three 白板 of a pung are natural 2s, so 111s 345s 678s 99s + 白白白 is
    # one suit: 1 x 无百搭 2 x 清一色 4 = 8 (scored as a dragon pung it was 混一色: 1 x 2 x 2 = 4)
    r = score("111s345s678s99s", "9s", melds=["pung 555z from 1"], wilds="2s")
    assert r.total == 8 and names(r) == {"平胡", "无百搭", "清一色"}
    # when 白板 is itself the 百搭 it stands in for nothing: its pung stays a 白板 pung
    r = score("111s345s678s99s", "9s", melds=["pung 555z from 1"], wilds="5z")
    assert r.total == 4 and names(r) == {"平胡", "无百搭", "混一色"}


@pytest.mark.parametrize(("turned", "wild"), [("9m", "1m"), ("4z", "7z"), ("3m", "4m")])
def test_brother_wild_is_the_kind_after_the_turned_tile(turned: str, wild: str) -> None:
    # 带弟百搭: "开九万则以一万为百搭，开北则以红中为百搭"; turn 3m: 4m
    wall = make_wall({}, "1p", tail=turned, avoid=turned)
    g = Game("fujian_baida", wall=wall, wild_rule="indicator_next")
    wilds = np.flatnonzero(g.state.wild[0, :34])
    assert list(wilds) == parse_tiles(wild)


def test_moving_wild_is_the_turned_kind() -> None:
    g = Game("fujian_baida", wall=make_wall({}, "1p", tail="6z", avoid="6z"))
    assert list(np.flatnonzero(g.state.wild[0, :34])) == parse_tiles("6z")


def test_scripted_heavenly_win_with_the_stand_in() -> None:
    # the turned 3s is the 百搭; the dealer's 14th tile 白 fills 2s 白 4s: 天胡 on the deal,
    # 1 x 自摸 2 x 无百搭 2 x 天胡 8 = 32 from each
    wall = make_wall({0: "123m456m789p24s11z"}, "5z", tail="3s", avoid="5z3s")
    g = Game("fujian_baida", wall=wall)
    assert "win" in g.legal_action_names()
    g.step("win")
    assert g.done and list(g.payments) == [96, -32, -32, -32]


def test_the_spec() -> None:
    spec = variants.get("fujian_baida")
    assert spec.wild_rule == "indicator" and spec.wild_honor_cycle == "single"
    assert spec.wild_stand_in == 31 and spec.hand_size == 13


def test_random_hands_keep_every_invariant() -> None:
    r, _, won = check_random_hands("fujian_baida", 2000, seed=5, threads=1)
    assert won.any() and np.all(r["n_winners"] <= 1)


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("fujian_baida")
