"""yingkou (Yingkou 营口麻将): the win conditions of its rules on scripted walls (the 会 turned
at the end of the wall stands for simples only, all three suits, a 幺九 tile, no 2 or 8 pair),
worked examples of its doubling count through ``mjsim.score``, and self-play with the
invariants checked (docs/variants/yingkou.md)."""

from __future__ import annotations

import helpers
import numpy as np
import pytest
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.actions import WIN
from mjsim.engine import Game

HAND = "456p789s11z234m"  # a chow 567m called; won on the 4m (two-sided: 1m or 4m)


def score(hand=HAND, win="4m", melds=("chow 567m",), **kw):
    return mjsim.score("yingkou", hand, win_tile=win, melds=list(melds), seat=1, dealer=0, **kw)


def names(r) -> set[str]:
    return {zh for _i, _en, zh, _v, _n in r.items}


def test_plain_discard_win_discarder_and_dealer_pay_double() -> None:
    # 平胡 0 + 无会 1 = 1 番 = 2 points a share: the discarder 4, the dealer 4, the other 2
    r = score(discarder=2)
    assert r.total == 2 and names(r) == {"平胡", "无会"}
    assert r.payments == [-4, 10, -4, -2]


def test_held_wild_self_draw_closed_wait() -> None:
    # the 会 (5s) as the 3m of 2m-?-4m: no 无会; 自摸 1 + 门清 1 = 2 番 = 4 points; dealer x2
    r = score("24m5s456p789s11z678m", "4m", melds=(), self_drawn=True, wilds="5s")
    assert names(r) == {"平胡", "自摸", "门清"} and r.total == 4
    assert r.payments == [-8, 16, -4, -4]


def test_closed_wait_all_pungs_and_the_cap() -> None:
    # 夹胡 (3m between 2m and 4m) + 门清 + 自摸 + 无会 = 4 番 = 16
    r = score("234m456p789s11z567m", "3m", melds=(), self_drawn=True)
    assert names(r) == {"平胡", "自摸", "门清", "夹胡", "无会"} and r.total == 16
    # 飘胡 2 + 门清 1 + 自摸 1 + 无会 1 + 暗杠 2 = 7 番, capped at 5: 32
    r = score("111m999p333s11z", "3s", melds=("concealed_kong 2222z",), self_drawn=True)
    assert {"飘胡", "暗杠"} <= names(r) and r.total == 32
    assert score("111m999p333s11z", "3s", melds=("concealed_kong 2222z",), self_drawn=True,
                 cap=8).total == 128  # fmt: skip


def test_the_spec() -> None:
    spec = variants.get("yingkou")
    assert spec.wild_rule == "indicator" and spec.indicator_source == "last_wall_tile"
    assert spec.indicator_in_play and spec.wild_substitutes == "simples"
    assert spec.pair_rule == "not28" and spec.suit_rule == "all_three"
    assert spec.must_have_terminal


# ------------------------------------------------------------------------ scripted hands
@pytest.mark.parametrize(
    ("hand", "extra", "tail", "overrides", "can"),
    [
        ("234m678p345s1z1z6s7s", "5p", "5p", {}, True),  # the 会 5p as a 5s or 8s
        ("1m1m1m1m2m3m4p5p6p7s8s9s5p", "5p", "9p", {}, True),  # aaaabc abc abc aa
        ("234m678p345s1z1z2z2z", "5p", "5p", {}, False),  # the 会 would be an honour
        ("234m678p345s1z1z2z2z", "5p", "5p", {"wild_substitutes": "any"}, True),
        ("234m678p345s2z2z2z8m", "8m", "9p", {}, False),  # a pair of 8s
        ("234m678p345s2z2z2z8m", "8m", "9p", {"pair_rule": "any"}, True),
        ("123m456m789m1z1z1z5p", "5p", "9p", {}, False),  # no bamboo: three suits needed
        ("123m456m789m1z1z1z5p", "5p", "9p", {"suit_rule": "none"}, True),
        ("234m456p345s678s5m", "5m", "9p", {}, False),  # no 1, 9 or honour
        ("234m456p345s678s5m", "5m", "9p", {"must_have_terminal": False}, True),
    ],
)  # fmt: skip
def test_scripted_win_conditions(hand, extra, tail, overrides, can) -> None:
    wall = helpers.make_wall({0: hand}, extra, tail=tail)
    g = Game(variants.get("yingkou", **overrides), wall=wall)
    assert (WIN in g.legal_actions()) is can


# ------------------------------------------------------------------------ self-play
def _check(r, pays, won) -> None:
    assert np.all(r["n_winners"] <= 1) and np.all(r["value"][won] >= 1)


def test_random_hands_keep_every_invariant() -> None:
    r, pays, won = check_random_hands("yingkou", 2000, seed=5, threads=1)
    _check(r, pays, won)
    assert (r["n_winners"] > 0).mean() > 0.01


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    _check(*check_slow_random_hands("yingkou"))
