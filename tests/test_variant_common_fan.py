"""common_fan (the common fan table 常用麻将算番规则表): the worked examples C-a..C-c through
``mjsim.score``, each item of the table and its exclusions, the free-form reading 十三不靠, the
items without a value in the text, scripted walls for 扣听 (ready with the first discard only) and
地胡 (a win on the dealer's first discard), and self-play with the invariants checked
(docs/variants/common_fan.md)."""

from __future__ import annotations

import helpers
import numpy as np
import pytest

import mjsim
from mjsim import variants
from mjsim.actions import PASS, READY_DISCARD, WIN
from mjsim.engine import Game


def score(hand, win, **kw):
    if not kw.get("self_drawn"):
        kw.setdefault("discarder", 2)
    kw.setdefault("seat", 1)
    return mjsim.score("common_fan", hand, win_tile=win, dealer=0, **kw)


def items(r) -> dict[str, int]:
    return {zh: v for _i, _en, zh, v, _n in r.items}


def test_c_a_full_flush_straight_concealed_self_draw() -> None:
    # 清一色 15 + 一条龙 8 + 不求人 7 = 30 (the text's example)
    r = score("123456789m123m55m", "5m", self_drawn=True)
    assert r.total == 30 and items(r) == {"清一色": 15, "一条龙": 8, "不求人": 7}
    assert r.payments == [-30, 90, -30, -30]


def test_c_b_big_four_winds_with_an_honour_pair() -> None:
    # 大四喜 25 + 全风对对胡 25 = 50: 对对胡 is not counted ("不算对对胡"), 全风 adds on top
    r = score("444z55z", "5z", melds=["pung 111z", "pung 222z", "pung 333z"])
    assert r.total == 50 and items(r) == {"大四喜": 25, "全风对对胡": 25}
    assert r.payments == [0, 50, -50, 0]  # the discarder pays
    # concealed, the four pungs are also 三箱次 (three concealed pungs)
    r = score("111z222z333z444z55z", "5z")
    assert r.total == 60 and items(r) == {"大四喜": 25, "全风对对胡": 25, "三箱次": 10}


def test_c_c_a_win_with_no_item_is_qiong_hu() -> None:
    r = score("123m456p789s234m99s", "3m")
    assert r.total == 7 and items(r) == {"穷胡": 7}


@pytest.mark.parametrize(
    ("hand", "win", "kw", "want"),
    [
        # 十三幺 30 + 五门齐 5 (+ 不求人 7 on a self-draw)
        ("19m19p19s1234567z1m", "1m", {"self_drawn": True},
         {"十三幺": 30, "五门齐": 5, "不求人": 7}),
        # 全风七对 30: not 七对, 不求人 (nor 门清, 缺门, 单调, 全带幺)
        ("11z22z33z44z55z66z77z", "7z", {"self_drawn": True}, {"全风七对": 30}),
        ("1133m4466p7799s11z", "1z", {}, {"七对": 10}),
        # 十三不靠 15 (以字作将): not 不求人
        ("147m258p369s11234z", "4z", {"self_drawn": True}, {"十三不靠": 15}),
        # 大三元 20 + 混一色 8 + 三箱次 10 + 对对胡 7 + 全带幺 5; 小三元 15 + 混一色 8 + 全带幺 5
        ("555z666z777z111m99m", "9m", {},
         {"大三元": 20, "混一色": 8, "三箱次": 10, "对对胡": 7, "全带幺": 5}),
        ("555z666z77z123m789m", "7z", {}, {"小三元": 15, "混一色": 8, "全带幺": 5}),
        # 小四喜 20 + 混一色 8 (其它番另算)
        ("111z222z333z44z123m", "4z", {},
         {"小四喜": 20, "三箱次": 10, "混一色": 8, "全带幺": 5}),
        # 全带五 15 + 喜相逢 5 (the same chow in three suits)
        ("345m345p345s555m55s", "5s", {}, {"全带五": 15, "喜相逢": 5}),
        # 三姐妹 10: three identical chows of one suit
        ("123m123m123m456p55s", "5s", {}, {"三姐妹": 10}),
        # 喜相逢 by pungs + 对对胡 + 三箱次 + 五门齐
        ("555m555p555s11z666z", "6z", {},
         {"喜相逢(碰)": 5, "对对胡": 7, "三箱次": 10, "五门齐": 5}),
        # 小于五 7 / 大于五 7
        ("123m234m44p", "4p", {"melds": ["chow 123p", "chow 234s"]}, {"小于五": 7}),
        ("678m789m99p", "9p", {"melds": ["chow 678p", "chow 789s"]}, {"大于五": 7}),
        # 五门齐 5: the three suits, a wind and a dragon
        ("123m456p789s111z55z", "5z", {}, {"五门齐": 5}),
    ],
)  # fmt: skip
def test_each_item_and_its_exclusions(hand, win, kw, want) -> None:
    r = score(hand, win, **kw)
    assert items(r) == want
    assert r.total == sum(want.values())


def test_heavenly_and_earthly_hands() -> None:
    # 天胡 30, not 不求人; the dealer wins
    r = score("123456789m123m55m", "5m", seat=0, self_drawn=True, heavenly=True)
    assert items(r) == {"天胡": 30, "清一色": 15, "一条龙": 8}
    # 地胡 30: a non-dealer wins on the dealer's first discard (人和 from the dealer)
    r = score("123m456m789m234p77z", "7z", discarder=0, human=True)
    assert items(r) == {"地胡": 30, "一条龙": 8}
    r = score("123m456m789m234p77z", "7z", discarder=3, human=True)  # not the dealer's tile
    assert items(r) == {"一条龙": 8}


def test_kou_ting_is_ready_with_the_first_discard_and_cancels_menqing() -> None:
    kw = {"ready_kind": "hidden", "ready_first_discard": True}
    r = score("123m456m789m234p55s", "5s", **kw)
    assert items(r) == {"扣听": 25, "一条龙": 8}
    r = score("123m456m789m234p55s", "5s", **kw, concealed=2)
    assert items(r) == {"扣听": 25, "一条龙": 8}  # 不算门清
    assert items(score("123m456m789m234p55s", "5s", concealed=2)) == {"一条龙": 8, "门清": 2}


def test_the_items_without_a_value_are_parameters() -> None:
    hand, win = "234m567m345p678p55s", "5s"  # 断幺, 五将, 缺字; single wait on the 5s
    assert items(score(hand, win)) == {"穷胡": 7}
    r = score(hand, win, concealed=1, missing_suit=1, single_wait=1, all_simples=1,
              five_pair=1, no_honors=1)  # fmt: skip
    assert items(r) == {"门清": 1, "单调": 1, "断幺": 1, "五将": 1, "缺字": 1}  # not 穷胡
    # 全带五 cancels 断幺, 五将, 缺字; 清一色 cancels 缺门 and 缺字
    r = score("345m345p345s555m55s", "5s", all_simples=1, five_pair=1, no_honors=1)
    assert items(r) == {"全带五": 15, "喜相逢": 5}
    r = score("123456789m123m55m", "5m", self_drawn=True, missing_suit=1, no_honors=1)
    assert items(r) == {"清一色": 15, "一条龙": 8, "不求人": 7}
    with pytest.raises(ValueError, match="unknown keyword .menqing"):
        score(hand, win, menqing=1)


def test_the_spec_values_follow_score_values() -> None:
    from mjsim.scoring import tables

    spec = variants.get("common_fan", score_values=(2, 3, 0, 0, 0, 0, 0))
    assert tables.spec_params("common_fan", spec.score_values)["concealed"] == 3
    compiled = tables.get("common_fan", **tables.spec_params("common_fan", spec.score_values))
    assert ("门清", "concealed hand") in compiled.names


def _kou_ting_wall() -> list[int]:
    # the dealer holds 123m 456m 789m 234p 5s + 7z: ready with 7z on the 5s; seat 1 draws 6z
    # and discards it, seat 2 draws a 5s and discards it
    return helpers.make_wall(
        {0: "123m456m789m234p5s", 1: "111z 222z 333z 444z 1s", 2: "11p 99p 11s 99s 99m 11m 5z"},
        "7z",
        draws="6z 5s",
    )


def test_kou_ting_scripted_ready_on_the_first_discard_then_win() -> None:
    g = Game("common_fan", wall=_kou_ting_wall())
    assert READY_DISCARD + 33 in g.legal_actions()
    g.step(READY_DISCARD + 33)  # 扣听 with the first discard
    while g.phase == "react":
        g.step(PASS)
    helpers.discard_drawn(g)  # seat 1: 6z
    while g.phase == "react":
        g.step(PASS)
    helpers.discard_drawn(g)  # seat 2: 5s
    assert g.current_player == 0 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [0]
    # 扣听 25 + 一条龙 8 = 33, the discarder pays
    assert list(g.payments) == [33, 0, -33, 0]


def test_ready_is_legal_only_with_the_first_discard() -> None:
    wall = helpers.make_wall({0: "123m456m789m234p5s"}, "7z", draws="1z 2z 3z 6z")
    for first_only in (True, False):
        g = Game(variants.get("common_fan", ready_first_discard_only=first_only), wall=wall)
        g.step(33)  # the dealer discards 7z without declaring
        for _ in range(3):
            while g.phase == "react":
                g.step(PASS)
            helpers.discard_drawn(g)
        while g.phase == "react":
            g.step(PASS)
        assert g.current_player == 0
        assert (READY_DISCARD + 32 in g.legal_actions()) is (not first_only)


def test_earthly_hand_scripted() -> None:
    wall = helpers.make_wall({1: "123m456m789m234p7z"}, "7z")
    g = Game("common_fan", wall=wall)
    g.step(33)  # the dealer's first discard: 7z
    assert g.phase == "react" and g.current_player == 1 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [1]
    assert list(g.payments) == [-38, 38, 0, 0]  # 地胡 30 + 一条龙 8


def test_knitted_honour_pair_wins_in_play() -> None:
    wall = helpers.make_wall({0: "147m258p369s1123z"}, "4z")
    g = Game("common_fan", wall=wall)
    assert WIN in g.legal_actions()
    g.step(WIN)
    assert list(g.payments) == [15 * 3 + 30 * 3, -45, -45, -45]  # 天胡 30 + 十三不靠 15


def test_the_greedy_bot_values_kou_ting() -> None:
    from mjsim.agents.greedy import values_first_ready

    assert values_first_ready(variants.get("common_fan").compile())
    assert not values_first_ready(variants.get("yantai").compile())


def test_random_hands_keep_every_invariant() -> None:
    r = mjsim.simulate("common_fan", 2000, seed=5, check=True, threads=1)
    assert np.all(r["error"] == 0)
    pays = np.stack([r[f"pay{p}"] for p in range(4)], axis=1)
    assert np.all(pays.sum(axis=1) == 0)
    won = r["n_winners"] > 0
    assert np.all(r["value"][won] >= 5)  # 穷胡 7 at least, but for 全带幺 / 五门齐 / 喜相逢 alone


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    r = mjsim.simulate("common_fan", 10_000, seed=7, check=True)
    assert np.all(r["error"] == 0)
    pays = np.stack([r[f"pay{p}"] for p in range(4)], axis=1)
    assert np.all(pays.sum(axis=1) == 0)
