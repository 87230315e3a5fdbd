"""rizhao (Rizhao 日照麻将): the worked examples RZ-a..RZ-f of its rules through ``mjsim.score``
and scripted walls (no discard win after a shown ready, 天听, the 2-5-8 pair of seven pairs), and
self-play with the invariants checked (docs/variants/rizhao.md)."""

from __future__ import annotations

import helpers
import numpy as np
import pytest
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.actions import PASS, READY_DISCARD, WIN, action_from_name
from mjsim.engine import Game

HAND = "234m567m789p234s55s"  # a plain hand with a 2-5-8 pair, won on the 5s


def score(hand=HAND, win="5s", **kw):
    kw.setdefault("self_drawn", True)
    return mjsim.score("rizhao", hand, win_tile=win, seat=1, dealer=0, **kw)


def names(r) -> set[str]:
    return {zh for _i, _en, zh, _v, _n in r.items}


def test_rz_a_plain_self_draw() -> None:
    r = score(ready_kind="shown")
    assert r.total == 1 and names(r) == {"推倒和"}
    assert r.payments == [-10, 30, -10, -10]


def test_rz_b_kong_bloom_with_one_kong() -> None:
    # (推倒和 1 + 杠 1) x 2 (杠开) = 4: 40 from each
    r = score("234m567m789p55s", melds=["kong 1111z"], kong_replacement=True)
    assert r.total == 4 and names(r) == {"推倒和", "杠", "杠开"}
    assert r.payments == [-40, 120, -40, -40]


def test_rz_c_full_flush_all_pungs_two_kongs() -> None:
    # 清一色 2 + 碰碰和 2 + two kongs 2 = 6 (推倒和 replaced by the big hands): 60 from each
    r = score("666m777m55m", "5m", melds=["kong 1111m", "concealed_kong 3333m"],
              ready_kind="shown")  # fmt: skip
    assert r.total == 6 and names(r) == {"清一色", "碰碰和", "杠"}
    assert r.payments == [-60, 180, -60, -60]


def test_rz_f_after_one_drawn_hand_and_the_doublers() -> None:
    assert score(ready_kind="shown", carry_mult=2).payments == [-20, 60, -20, -20]
    r = score(ready_kind="shown", ready_first_discard=True, last_wall_tile=True)
    assert r.total == 4 and names(r) == {"推倒和", "天听", "海底捞月"}  # 1 x 2 x 2
    with pytest.raises(ValueError, match="ready_first_discard"):
        score(ready_first_discard=True)


@pytest.mark.parametrize(
    ("hand", "win", "item"),
    [
        ("258m258m258p22s55s8s", "8s", "将一色"),  # every tile a 2, 5 or 8: no shape needed
        ("11112222333444z", "4z", "风一色"),  # every tile a wind: no shape needed
        ("147m258p3s1234567z", "7z", "十三不靠"),  # knitted tiles and the seven honours
    ],
)
def test_the_free_form_hands(hand, win, item) -> None:
    r = score(hand, win, ready_kind="shown")
    assert names(r) == {item} and r.total == 2
    assert r.payments == [-20, 60, -20, -20]


def test_the_free_form_readings_are_named() -> None:
    from mjsim.scoring.table_score import score_win

    kw = dict(self_drawn=True, seat=1, dealer=0, ready_kind="shown")
    r = score_win("rizhao", "258m258m258p22s55s8s", win_tile="8s", **kw)
    assert r.shape == "all_258_free" and r.counts["all_258"] == 1
    r = score_win("rizhao", "147m258p3s1234567z", win_tile="7z", **kw)
    assert r.shape == "knitted" and r.counts["knitted"] == 1
    # a standard hand of 2-5-8 pungs keeps its better standard reading (将一色 + 碰碰和)
    r = score_win("rizhao", "222m555m888p555s22s", win_tile="5s", **kw)
    assert r.shape == "standard" and r.value == 4


def test_wind_hand_is_the_winds_unless_free_honors_takes_every_honour() -> None:
    with pytest.raises(ValueError, match="not a winning hand"):
        score("11112222555666z", "6z", ready_kind="shown")  # dragons: not 风一色
    r = score("11112222555666z", "6z", ready_kind="shown", wind_hand="any")
    assert names(r) == {"风一色"}
    from mjsim.scoring import tables

    spec = variants.get("rizhao", free_honors="any")
    rows, _c, header, _rec = tables.compile_for_spec(spec)
    from mjsim.scoring.fan_table import H_FREE_HONORS

    assert header[H_FREE_HONORS] == 0
    assert tables.compile_for_spec(variants.get("rizhao"))[2][H_FREE_HONORS] == 1


def test_da_ge_da_needs_the_fourth_copy_won() -> None:
    hand = "2222m55m88m11p55p99p"
    r = score(hand, "2m", ready_kind="shown")  # three 2m held, the fourth won
    assert names(r) == {"大哥大"} and r.total == 4
    r = score(hand, "5m", ready_kind="shown")  # the four was held before
    assert names(r) == {"七对"} and r.total == 2


@pytest.mark.parametrize(
    ("hand", "extra"),
    [
        ("258m258m258p22s55s", "8s"),  # 将一色
        ("1111222233334z", "4z"),  # 风一色 as seven pairs of winds (no 2-5-8 pair needed)
        ("147m258p1234567z", "3s"),  # 十三不靠
    ],
)
def test_free_form_hands_win_in_play(hand, extra) -> None:
    wall = helpers.make_wall({0: hand}, extra, flowers=8)
    g = Game(variants.get("rizhao", must_be_ready=False), wall=wall)
    assert WIN in g.legal_actions()
    g.step(WIN)
    # 天和 x2 on the 大和 item 2: 4 番, 40 from each
    assert g.done and list(g.payments) == [120, -40, -40, -40]


def _ready_wall() -> list[int]:
    # the dealer holds 123m 456m 789m 234p 5s + 7z: it declares ready with 7z on 5s; seat 1
    # discards a 5s after drawing 5z; seats 2, 3 discard 6z, 7z; the dealer draws 5s
    return helpers.make_wall(
        {0: "123m456m789m234p5s", 1: "5s 111z 222z 333z 444z"},
        "7z",
        draws="5z 6z 7z 5s",
        flowers=8,
    )


def test_rz_d_no_discard_win_and_heavenly_ready_self_draw() -> None:
    g = Game("rizhao", wall=_ready_wall())
    g.step(READY_DISCARD + 33)  # the shown ready, with the first discard (天听)
    while g.phase == "react":
        g.step(PASS)
    g.step(action_from_name("discard 5s"))
    while g.phase == "react":  # self-draw only
        assert g.current_player != 0 or WIN not in g.legal_actions()
        g.step(PASS)
    for _ in range(2):
        helpers.discard_drawn(g)
        while g.phase == "react":
            g.step(PASS)
    assert g.current_player == 0 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [0]
    # 一条龙 2 (replaces 推倒和) x 2 (天听) = 4 番: 40 from each
    assert list(g.payments) == [120, -40, -40, -40]


@pytest.mark.parametrize(("hand", "can_win"), [("1133m4466p7799s1z", False),
                                               ("1133m4466p7755s1z", True)])  # fmt: skip
def test_rz_e_seven_pairs_need_a_258_pair(hand, can_win) -> None:
    wall = helpers.make_wall({0: hand}, "1z", flowers=8)
    g = Game(variants.get("rizhao", must_be_ready=False), wall=wall)
    assert (WIN in g.legal_actions()) is can_win


def test_random_hands_keep_every_invariant() -> None:
    r, _, won = check_random_hands("rizhao", 2000, seed=5, threads=1)
    assert np.all(r["n_winners"] <= 1) and np.all(r["win_kind"][won] == 1)  # self-draws
    assert np.all(r["value"][won] >= 1)


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("rizhao")
