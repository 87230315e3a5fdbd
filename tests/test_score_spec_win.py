"""``mjsim.score`` refuses a hand the variant's rule set would not let win, naming the
``RuleSpec`` rule (:mod:`mjsim.engine.spec_win`): the engine's win requirements, not only the
fan table's readings. One refused hand per rule kind, next to the same hand made legal."""

from __future__ import annotations

import pytest

import mjsim


def _refused(rule: str, variant: str, hand: str, win: str, **kw) -> str:
    with pytest.raises(ValueError, match=f"not a legal win under RuleSpec.{rule}") as e:
        mjsim.score(variant, hand, win_tile=win, **kw)
    assert str(e.value).startswith(f"{variant}:")
    return str(e.value)


# ---------------------------------------------------------------------- rizhao: 258 seven pairs
RIZHAO = dict(seat=1, dealer=0, self_drawn=True, ready_kind="shown")


def test_rizhao_seven_pairs_without_a_258_pair_is_refused() -> None:
    # "但必须至少有一对是258": 11m 33m 44p 66p 77s 99s 11z has no 2, 5 or 8 pair
    msg = _refused(
        "win_filter='seven_pairs_258_pair'", "rizhao", "1133m4466p7799s11z", "1z", **RIZHAO
    )
    assert "2, 5 or 8" in msg


def test_rizhao_seven_pairs_with_a_258_pair_scores() -> None:
    r = mjsim.score("rizhao", "1155m4466p7799s11z", win_tile="1z", **RIZHAO)
    assert r.valid and r.total == 2  # 七对 2 番, scored as before


def test_rizhao_discard_win_is_refused_self_draw_only() -> None:
    msg = _refused(
        "self_draw_only=True", "rizhao", "234m567m789p55s111z", "5s",
        seat=1, dealer=0, ready_kind="shown",
    )  # fmt: skip
    assert "self-draw only" in msg


# ---------------------------------------------------------------- tuidaohu: 抢杠 as a self-draw
def test_self_draw_only_lets_a_robbed_kong_win_where_it_counts_as_a_self_draw() -> None:
    # guangdong_tuidaohu: self-draw only, but 抢杠 counts as a self-draw (抢杠全包)
    hand = "123m456m789p77s345s"
    _refused("self_draw_only=True", "guangdong_tuidaohu", hand, "5s", seat=1, dealer=0)
    r = mjsim.score("guangdong_tuidaohu", hand, win_tile="5s", seat=1, dealer=0, robbing_kong=True)
    assert r.total > 0


# ------------------------------------------------------------- beijing: open hands self-draw only
def test_beijing_discard_win_after_a_pung_is_refused() -> None:
    kw = dict(melds=["pung 777p"], seat=1, dealer=0)
    msg = _refused("open_hand_self_draw_only=True", "beijing", "123m456m789s55s", "5s", **kw)
    assert "self-draw only" in msg
    assert mjsim.score("beijing", "123m456m789s55s", win_tile="5s", self_drawn=True, **kw).valid


# --------------------------------------------------------------------------- wuhan: must open
def test_wuhan_concealed_hand_is_refused_must_open() -> None:
    _refused(
        "must_open=True", "wuhan", "234m567p22s345s678m", "5s",
        seat=1, dealer=0, self_drawn=True, wilds="9p",
    )  # fmt: skip


# ------------------------------------------------------------------- wuhan: 屁胡 needs 258 pair
WUHAN = dict(melds=["chow 678m"], seat=1, dealer=0, wilds="9p")


def test_wuhan_small_win_without_a_258_pair_is_refused() -> None:
    msg = _refused(
        "win_filter='small_win_258_pair'", "wuhan", "234m567p33s345s", "5s",
        self_drawn=True, **WUHAN,
    )  # fmt: skip
    assert "屁胡" in msg


def test_wuhan_small_win_with_two_wilds_is_refused() -> None:
    # "两个癞子胡屁胡不能胡": the 2s pair made of two 赖子
    _refused(
        "win_filter='small_win_258_pair'", "wuhan", "234m567p9p9p345s", "5s",
        self_drawn=True, **WUHAN,
    )  # fmt: skip


def test_wuhan_sea_bottom_makes_any_pair_a_big_win() -> None:
    # 海底捞 (a self-draw among the last four tiles) is a 大胡: any pair
    r = mjsim.score(
        "wuhan", "234m567p33s345s", win_tile="5s", self_drawn=True, tiles_left=2, **WUHAN
    )
    assert r.total > 0


# --------------------------------------------------------------- yingkou: suits and a terminal
YINGKOU = dict(seat=1, dealer=0, melds=["chow 567m"])


def test_yingkou_hand_missing_a_suit_is_refused() -> None:
    msg = _refused(
        "suit_rule='all_three'", "yingkou", "456m789m11z234m", "4m", discarder=2, **YINGKOU
    )
    assert "三门齐" in msg and "1 suit(s)" in msg


def test_yingkou_hand_without_a_terminal_is_refused() -> None:
    # all three suits, pair not a 2 or 8, but no 1, 9 or honour
    _refused("must_have_terminal=True", "yingkou", "456p678s33p234m", "4m", discarder=2, **YINGKOU)


def test_yingkou_wild_standing_for_simples_is_no_terminal() -> None:
    # the 会 9s stands for simples only: the 9s is not the 1/9/honour the rule asks for
    _refused(
        "must_have_terminal=True", "yingkou", "456p67s9s33p234m", "4m",
        discarder=2, wilds="9s", **YINGKOU,
    )  # fmt: skip


def test_yingkou_worked_hand_still_scores() -> None:
    r = mjsim.score("yingkou", "456p789s11z234m", win_tile="4m", discarder=2, **YINGKOU)
    assert r.total == 2


# ----------------------------------------------------------------- sichuan: 缺一门 (own scorer)
def test_sichuan_hand_with_three_suits_is_refused() -> None:
    _refused("suit_rule='missing_one'", "sichuan", "123m456p789s11s234m", "4m", self_drawn=True)
