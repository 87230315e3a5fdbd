"""hangzhou (杭州麻将): the multipliers through ``mjsim.score`` (爆头, 财飘 and its escalation,
杠开 / 杠飘, 三财倒, 全风字, the seven-pairs option), a scripted 爆头 self-draw and a 财飘
through the engine, and self-play with the invariants checked."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import make_wall
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.engine import Game


def score(hand, win, **kw):
    kw.setdefault("self_drawn", True)
    kw.setdefault("seat", 1)
    kw.setdefault("dealer", 0)
    return mjsim.score("hangzhou", hand, win_tile=win, wilds="5z", **kw)


def names(r) -> set[str]:
    return {zh for _i, _en, zh, _v, _n in r.items}


LONE = "123m456m789p111s3s5z"  # 5z (白板, the 财神) pairs with the winning 3s


def test_plain_win() -> None:
    r = score("123m456m789p111s33s", "3s", discarder=2, self_drawn=False)
    assert r.total == 1 and r.payments == [0, 1, -1, 0]


@pytest.mark.parametrize(("piao", "want"), [(0, 2), (1, 4), (2, 8), (3, 16)])
def test_lone_wild_wait_and_piao(piao: int, want: int) -> None:
    r = score(LONE, "3s", wild_wait=True, wild_piao=piao)
    assert r.total == want and r.payments == [-want, 3 * want, -want, -want]
    assert ("爆头" in names(r)) == (piao == 0) and ("财飘" in names(r)) == (piao > 0)


def test_kong_bloom_and_kong_piao() -> None:
    hand = "123m456m3s5z"
    kw = dict(melds=["concealed_kong 1111z", "pung 777p"], kong_replacement=True)
    assert score(hand, "3s", **kw).total == 2  # 杠开
    assert score(hand, "3s", wild_wait=True, **kw).total == 4  # 杠开 x 爆头
    assert score(hand, "3s", wild_wait=True, wild_piao=1, **kw).total == 8  # 杠飘


def test_three_wilds_and_all_honours() -> None:
    r = score("123m456m789p5z5z5z11s", "1s")
    assert r.total == 4 and "三财倒" in names(r)
    r = score("123m456m789p5z5z5z11s", "1s", self_drawn=False, discarder=2)
    assert r.total == 1  # self-draw only
    r = score("111z222z333z444z66z", "6z")
    assert r.total == 4 and names(r) == {"平胡", "全风字"}


def test_seven_pairs_is_an_option() -> None:
    with pytest.raises(ValueError, match="not a winning hand"):
        score("1122m3344p5566s77z", "7z")
    assert score("1122m3344p5566s77z", "7z", seven_pairs=True).total == 2
    assert score("1111m3344p5566s77z", "7z", seven_pairs=True).total == 4  # 豪华
    spec = variants.get("hangzhou", score_values=(1, 4))
    assert spec.compile().fan_header[4] & 2  # the table reads seven pairs


# the dealer's 13: 123m 456m 789m 123p + 白 (爆头: every tile wins)
DEALER = "1m2m3m4m5m6m7m8m9m1p2p3p5z"


def test_scripted_lone_wild_self_draw() -> None:
    # the dealer's 14th tile 5s wins at once: 1 x 爆头 2 x 天胡 8 = 16 from each
    g = Game("hangzhou", wall=make_wall({0: DEALER}, "5s", avoid="5z"))
    assert "win" in g.legal_action_names()
    g.step("win")
    assert g.done and list(g.payments) == [48, -16, -16, -16]


def test_scripted_piao_then_self_draw() -> None:
    # the dealer throws a second 白 drawn onto its 爆头 hand (财飘), then self-draws: x4
    draws = "1z2z3z5s"  # seats 1-3 draw 1z 2z 3z and throw them; the dealer draws 5s
    g = Game("hangzhou", wall=make_wall({0: DEALER}, "5z", draws, avoid="5z1z2z3z"))
    g.step("discard 5z")
    for tile in ("1z", "2z", "3z"):
        while f"discard {tile}" not in g.legal_action_names():
            g.step("pass")
        g.step(f"discard {tile}")
    while "win" not in g.legal_action_names():
        g.step("pass")
    g.step("win")
    assert g.done and list(g.payments) == [12, -4, -4, -4]


def test_random_hands_keep_every_invariant() -> None:
    r, _, won = check_random_hands("hangzhou", 2000, seed=5, threads=1)
    assert won.any() and np.all(r["n_winners"] <= 1)


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("hangzhou")
