"""common_fan (the common fan table 常用麻将算番规则表): the worked examples C-a..C-c through
``mjsim.score``, each item of the table and its exclusions, the free-form reading 十三不靠, the
six items the text leaves without a value (门清, 缺门, 单调, 断幺, 五将, 缺字: the Chinese Official
values, 五将 a chosen reading), scripted walls for 扣听 (ready with the first discard only) and
地胡 (a win on the dealer's first discard), and self-play with the invariants checked
(docs/variants/common_fan.md)."""

from __future__ import annotations

import helpers
import numpy as np
import pytest
from invariant_hands import check_random_hands, check_slow_random_hands

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
    # 清一色 15 + 一条龙 8 + 不求人 7 = 30 (the text's example; 缺门 and 缺字 go with 清一色,
    # 门清 with 不求人); a closed wait on 2m, the pair of 9s
    r = score("123456789m123m99m", "2m", self_drawn=True)
    assert r.total == 30 and items(r) == {"清一色": 15, "一条龙": 8, "不求人": 7}
    assert r.payments == [-30, 90, -30, -30]
    # the pair of 5s waited on alone adds 单调 1 and 五将 1
    r = score("123456789m123m55m", "5m", self_drawn=True)
    assert r.total == 32
    assert items(r) == {"清一色": 15, "一条龙": 8, "不求人": 7, "单调": 1, "五将": 1}


def test_c_b_big_four_winds_with_an_honour_pair() -> None:
    # 大四喜 25 + 全风对对胡 25 = 50: 对对胡 is not counted ("不算对对胡"), 全风 adds on top
    # (won on a pung wait: 全风对对胡 cancels 缺门, as 全风七对 does)
    r = score("444z55z", "4z", melds=["pung 111z", "pung 222z", "pung 333z"])
    assert r.total == 50 and items(r) == {"大四喜": 25, "全风对对胡": 25}
    assert r.payments == [0, 50, -50, 0]  # the discarder pays
    # concealed, the four pungs are also 三箱次 (three concealed pungs) and the hand 门清 2
    r = score("111z222z333z444z55z", "4z")
    assert r.total == 62
    assert items(r) == {"大四喜": 25, "全风对对胡": 25, "三箱次": 10, "门清": 2}
    # won on the lone 5z instead: 单调 1 more
    r = score("444z55z", "5z", melds=["pung 111z", "pung 222z", "pung 333z"])
    assert r.total == 51 and items(r) == {"大四喜": 25, "全风对对胡": 25, "单调": 1}


def test_c_c_a_win_with_no_item_is_qiong_hu() -> None:
    # claimed chows (not 门清), all three suits (not 缺门), an honour pair (not 缺字), a
    # two-sided wait (not 单调)
    r = score("234m567m11z", "4m", melds=["chow 456p", "chow 789s"])
    assert r.total == 7 and items(r) == {"穷胡": 7}
    # a concealed hand without honours has items, so it is not 穷胡: 门清 2 + 缺字 1 = 3
    r = score("123m456p789s234m99s", "3m")
    assert r.total == 3 and items(r) == {"门清": 2, "缺字": 1}


@pytest.mark.parametrize(
    ("hand", "win", "kw", "want"),
    [
        # 十三幺 30 + 五门齐 5 (+ 不求人 7 on a self-draw)
        ("19m19p19s1234567z1m", "1m", {"self_drawn": True},
         {"十三幺": 30, "五门齐": 5, "不求人": 7}),
        # 全风七对 30: not 七对, 不求人 (nor 门清, 缺门, 单调, 全带幺)
        ("11z22z33z44z55z66z77z", "7z", {"self_drawn": True}, {"全风七对": 30}),
        # 七对 10: not 门清, 单调
        ("1133m4466p7799s11z", "1z", {}, {"七对": 10}),
        # 十三不靠 15 (以字作将): not 不求人
        ("147m258p369s11234z", "4z", {"self_drawn": True}, {"十三不靠": 15}),
        # 大三元 20 + 混一色 8 + 三箱次 10 + 对对胡 7 + 全带幺 5 (+ 门清 2, 单调 1 on the lone
        # 9m); 小三元 15 + 混一色 8 + 全带幺 5 (+ 门清 2, 单调 1); 混一色 cancels 缺门
        ("555z666z777z111m99m", "9m", {},
         {"大三元": 20, "混一色": 8, "三箱次": 10, "对对胡": 7, "全带幺": 5, "门清": 2,
          "单调": 1}),
        ("555z666z77z123m789m", "7z", {},
         {"小三元": 15, "混一色": 8, "全带幺": 5, "门清": 2, "单调": 1}),
        # 小四喜 20 + 混一色 8 (其它番另算)
        ("111z222z333z44z123m", "4z", {},
         {"小四喜": 20, "三箱次": 10, "混一色": 8, "全带幺": 5, "门清": 2, "单调": 1}),
        # 全带五 15 + 喜相逢 5 (the same chow in three suits) + 门清 2: not 断幺, 五将, 缺字;
        # the 5s also completes 345s with 2s, so it is no 单调
        ("345m345p345s555m55s", "5s", {}, {"全带五": 15, "喜相逢": 5, "门清": 2}),
        # 三姐妹 10: three identical chows of one suit; 门清, 单调, 五将, 缺字
        ("123m123m123m456p55s", "5s", {},
         {"三姐妹": 10, "门清": 2, "单调": 1, "五将": 1, "缺字": 1}),
        # 喜相逢 by pungs + 对对胡 + 三箱次 + 五门齐 + 门清
        ("555m555p555s11z666z", "6z", {},
         {"喜相逢(碰)": 5, "对对胡": 7, "三箱次": 10, "五门齐": 5, "门清": 2}),
        # 小于五 7 / 大于五 7: not 缺字; each won on the lone pair tile, 单调 1
        ("123m234m44p", "4p", {"melds": ["chow 123p", "chow 234s"]}, {"小于五": 7, "单调": 1}),
        ("678m789m99p", "9p", {"melds": ["chow 678p", "chow 789s"]}, {"大于五": 7, "单调": 1}),
        # 五门齐 5: the three suits, a wind and a dragon (+ 门清 2, 单调 1)
        ("123m456p789s111z55z", "5z", {}, {"五门齐": 5, "门清": 2, "单调": 1}),
    ],
)  # fmt: skip
def test_each_item_and_its_exclusions(hand, win, kw, want) -> None:
    r = score(hand, win, **kw)
    assert items(r) == want
    assert r.total == sum(want.values())


def test_heavenly_and_earthly_hands() -> None:
    # 天胡 30, not 不求人; the dealer wins
    r = score("123456789m123m99m", "2m", seat=0, self_drawn=True, heavenly=True)
    assert items(r) == {"天胡": 30, "清一色": 15, "一条龙": 8}
    # 地胡 30: a non-dealer wins on the dealer's first discard (人和 from the dealer); not
    # 门清; 缺门 (no bamboo) and 单调 (the lone 7z)
    r = score("123m456m789m234p77z", "7z", discarder=0, human=True)
    assert items(r) == {"地胡": 30, "一条龙": 8, "缺门": 1, "单调": 1}
    r = score("123m456m789m234p77z", "7z", discarder=3, human=True)  # not the dealer's tile
    assert items(r) == {"一条龙": 8, "门清": 2, "缺门": 1, "单调": 1}


def test_kou_ting_is_ready_with_the_first_discard_and_cancels_menqing() -> None:
    kw = {"ready_kind": "hidden", "ready_first_discard": True}
    minor = {"单调": 1, "五将": 1, "缺字": 1}  # the lone 5s of the pair, no honour
    r = score("123m456m789m234p55s", "5s", **kw)
    assert items(r) == {"扣听": 25, "一条龙": 8, **minor}  # 不算门清
    assert r.total == 36
    r = score("123m456m789m234p55s", "5s")
    assert items(r) == {"一条龙": 8, "门清": 2, **minor}


NONE = {k: 0 for k in ("concealed", "missing_suit", "single_wait", "all_simples", "five_pair",
                        "no_honors")}  # fmt: skip


@pytest.mark.parametrize(
    ("hand", "win", "kw", "want"),
    [
        # 门清 2 (Official 门前清 2): concealed, won on a discard; 缺字 1 (无字 1)
        ("123m456p789s234m99s", "3m", {}, {"门清": 2, "缺字": 1}),
        # self-drawn it is 不求人, which cancels 门清
        ("123m456p789s234m99s", "3m", {"self_drawn": True}, {"不求人": 7, "缺字": 1}),
        # 缺门 1 (缺一门 1): no bamboo, an honour pair, claimed chows
        ("234m567m11z", "4m", {"melds": ["chow 456p", "chow 789p"]}, {"缺门": 1}),
        # 单调 1 (单钓将 1): the lone 1z is the only winning tile
        ("123m11z", "1z", {"melds": ["chow 456p", "chow 789s", "chow 234m"]}, {"单调": 1}),
        # the pair completed on a 1-4 wait is not 单调 (4m is not the only winning tile)
        ("12344m", "4m", {"melds": ["chow 456p", "chow 789s", "pung 111z"]}, {"穷胡": 7}),
        # 缺字 1 alone: open, all three suits, a two-sided wait (a win worth less than 穷胡)
        ("234m567m99s", "4m", {"melds": ["chow 456p", "chow 789s"]}, {"缺字": 1}),
        # 断幺 2 (断幺 2) cancels 缺字 as the Official 断幺 cancels 无字; 五将 1: a pair of 5s
        ("234m567m345p678p55s", "5s", {}, {"门清": 2, "单调": 1, "断幺": 2, "五将": 1}),
        # 清一色 cancels 缺门 and 缺字, not 断幺 or 五将
        ("234m345m567m678m55m", "5m", {}, {"清一色": 15, "门清": 2, "断幺": 2, "五将": 1}),
        # 混一色 cancels 缺门
        ("123m456m789m111z22z", "2z", {}, {"一条龙": 8, "混一色": 8, "门清": 2, "单调": 1}),
        # all six at 0 (a room rule without them): the items of the text alone
        ("234m567m345p678p55s", "5s", NONE, {"穷胡": 7}),
        ("111z222z333z444z55z", "4z", NONE, {"大四喜": 25, "全风对对胡": 25, "三箱次": 10}),
        ("123m456m789m234p77z", "7z", {"discarder": 0, "human": True, **NONE},
         {"地胡": 30, "一条龙": 8}),
    ],
)  # fmt: skip
def test_the_six_completed_items(hand, win, kw, want) -> None:
    r = score(hand, win, **kw)
    assert items(r) == want
    assert r.total == sum(want.values())


def test_the_six_completed_items_are_parameters() -> None:
    from mjsim.scoring.tables import common_fan

    assert {k: common_fan.PARAMS[k] for k in NONE} == {
        "concealed": 2, "missing_suit": 1, "single_wait": 1, "all_simples": 2, "five_pair": 1,
        "no_honors": 1,
    }  # fmt: skip
    assert variants.get("common_fan").score_values == (1, 2, 1, 1, 2, 1, 1)
    hand, win = "234m567m345p678p55s", "5s"
    r = score(hand, win, concealed=3, single_wait=0, all_simples=4, five_pair=2)
    assert items(r) == {"门清": 3, "断幺": 4, "五将": 2}
    # the Official values agree with mjsim's guobiao fan list
    from mjsim.scoring.guobiao_fans import GUOBIAO_FANS

    official = {zh: v for _i, _en, zh, v in GUOBIAO_FANS}
    assert [official[k] for k in ("门前清", "缺一门", "单钓将", "断幺", "无字")] == [2, 1, 1, 2, 1]
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
    # 扣听 25 + 一条龙 8 + 单调 1 + 五将 1 + 缺字 1 = 36, the discarder pays
    assert list(g.payments) == [36, 0, -36, 0]


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
    assert list(g.payments) == [-40, 40, 0, 0]  # 地胡 30 + 一条龙 8 + 缺门 1 + 单调 1
    # mjsim.score with earthly=True (the engine flags 地和 and 人和 on this discard) agrees
    r = score("123m456m789m234p77z", "7z", discarder=0, earthly=True)
    assert items(r) == {"地胡": 30, "一条龙": 8, "缺门": 1, "单调": 1}
    assert r.payments == list(g.payments)


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
    r, _, won = check_random_hands("common_fan", 2000, seed=5, threads=1)
    assert np.all(r["value"][won] >= 1)  # 缺字 1 alone is the smallest win


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("common_fan")
