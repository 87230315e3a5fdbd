"""Contradictory win contexts are refused at the boundary (mjsim.scoring.win_checks): by the
table-driven scoring from strings (mjsim.scoring.table_score.score_win) and by mjsim.score's family
scorers (guangdong_jipinghu, changsha, the Sichuan family, guobiao's 天和)."""

from __future__ import annotations

import pytest

import mjsim
from mjsim.scoring.table_score import score_win

HAND = "11122233399m555p"  # a Sichuan all-pungs hand (9m the winning tile)
KONG_HAND = "11122299m"  # with a concealed kong of 5p and a pung of 3m


@pytest.mark.parametrize(
    ("kw", "match"),
    [
        (dict(hand=KONG_HAND, melds=["concealed_kong 5555p", "pung 333m"], self_drawn=True,
              kong_replacement=True, last_wall_tile=True), r"杠上开花.*海底捞月.*此局无海底牌"),
        (dict(after_kong_discard=True, last_wall_tile=True), r"杠上炮.*海底炮"),
        (dict(after_kong_discard=True, self_drawn=True), r"杠上炮\) is a discard win"),
        (dict(hand="11122233344m456p", win_tile="5p", robbing_kong=True,
              after_kong_discard=True), r"抢杠\) with after_kong_discard \(杠上炮\)"),
        (dict(heavenly=True, self_drawn=True, seat=1, dealer=0), r"天和\) is the dealer's win"),
        (dict(hand=KONG_HAND, melds=["concealed_kong 5555p", "pung 333m"], heavenly=True, self_drawn=True),
         r"天和\) is a win on the dealt hand: it has no meld"),
        (dict(heavenly=True), r"天和\) is a self-draw"),
        (dict(human=True, self_drawn=True, seat=1), r"人和\) is a win on a discard"),
        (dict(human=True, seat=0, dealer=0), r"人和\) is a non-dealer's win"),
        (dict(earthly=True, self_drawn=True), r"地和\) is a non-dealer's win"),
        (dict(seat=1, dealer=0, seat_wind="E"), r"seat_wind E does not match seat 1 with dealer 0: that seat's wind is S"),
        (dict(has_won=[False, True, True, True], seat=0, discarder=1), r"discarder \(seat 1\) as already out"),
        (dict(has_won=[False, True, True, True], self_drawn=True), r"three seats have already won"),
        (dict(has_won=[True, False, False, False], self_drawn=True), r"winner \(seat 0\) as already out"),
        (dict(n_winners=2, self_drawn=True), r"a self-draw has one winner"),
        (dict(kap=3), r"unknown parameter 'kap'"),
    ],
)  # fmt: skip
def test_contradictions_are_named(kw, match):
    kw = dict(kw)
    hand = kw.pop("hand", HAND)
    kw.setdefault("win_tile", "9m")
    with pytest.raises(ValueError, match=match):
        score_win("sichuan", hand, **kw)


def test_a_consistent_win_scores_with_chinese_and_english_items():
    r = score_win(
        "sichuan", KONG_HAND, win_tile="9m", melds=["concealed_kong 5555p", "pung 333m"], self_drawn=True,
        kong_replacement=True,
    )  # fmt: skip
    # 对对胡 1 + 根 1 + 杠上开花 1 = 3
    assert r.value == 3
    assert [(en, zh) for _i, en, zh, _v, _n in r.items] == [
        ("All pungs", "对对胡"), ("Root (four identical tiles)", "根"),
        ("Win on a kong replacement", "杠上开花"),
    ]  # fmt: skip


def test_wilds_and_parameters_reach_the_table():
    r = score_win("tianjin", "123456789m111s1z3p", win_tile="5m", self_drawn=True, wilds="3p4p")
    assert r.value == 7 and r.item_counts() == {"捉5": 1, "龙": 1}
    r = score_win("sichuan", HAND, win_tile="9m", cap=0)
    assert r.value == 0 and r.uncapped == 1
    with pytest.raises(ValueError, match="wilds must be tiles or kinds 0-33"):
        score_win("tianjin", "123456789m111s1z3p", win_tile="5m", self_drawn=True, wilds=[40])


def test_an_earthly_discard_win_is_no_contradiction():
    """地和 on a discard (the engine's reading: a non-dealer's win in the first go-round before its
    own first discard) is scored; it was refused as "a self-draw" before."""
    r = score_win("ningbo", "111m345m678m99m123m", win_tile="2m", seat=1, discarder=0, earthly=True)
    assert r.item_counts()["地胡"] == 1
    with pytest.raises(ValueError, match=r"地和\) is a non-dealer's win"):
        score_win("ningbo", "111m345m678m99m123m", win_tile="2m", seat=0, discarder=1, earthly=True)


# ------------------------------------------------------- mjsim.score's family scorers
CHICKEN = "123m456p789s222m55z"  # guangdong_jipinghu 鸡和, 5z the winning tile
CS_SMALL = "123m456m789p234s55s"  # changsha small win, 5s the winning tile
SC_PUNGS = "11122233399m555p"  # Sichuan all pungs, 9m the winning tile
SC_KONG = "11122299m"  # with a concealed kong of 5p and a pung of 3m
SC_KONG_MELDS = ["concealed_kong 5555p", "pung 333m"]


@pytest.mark.parametrize(
    ("variant", "hand", "kw", "match"),
    [
        ("guangdong_jipinghu", CHICKEN, dict(win_tile="5z", seat=1, self_drawn=True, heavenly=True),
         r"heavenly \(天和\) is the dealer's win: seat 1 is not the dealer \(0\)"),
        ("guangdong_jipinghu", CHICKEN, dict(win_tile="5z", seat=0, discarder=1, heavenly=True),
         r"heavenly \(天和\) is a self-draw: self_drawn must be True"),
        ("guangdong_jipinghu", "123m456p789s55z",
         dict(win_tile="5z", melds=["pung 222m"], seat=0, self_drawn=True, heavenly=True),
         r"heavenly \(天和\) is a win on the dealt hand: it has no meld"),
        ("guangdong_jipinghu", CHICKEN, dict(win_tile="5z", seat=0, self_drawn=True, earthly=True),
         r"earthly \(地和\) is a non-dealer's win: the winner is the dealer"),
        ("guangdong_jipinghu", CHICKEN, dict(win_tile="5z", seat=1, self_drawn=True, human=True),
         r"human \(人和\) is a win on a discard: self_drawn must be False"),
        ("guangdong_jipinghu", CHICKEN, dict(win_tile="5z", seat=1, discarder=0, seat_wind="W"),
         r"seat_wind W does not match seat 1 with dealer 0: that seat's wind is S"),
        ("guangdong_jipinghu", "123m456p789s55z",
         dict(win_tile="5z", melds=["kong 7777p"], seat=1, self_drawn=True, kong_replacement=True,
              last_wall_tile=True),
         r"kong_replacement \(杠上开花\) with last_wall_tile \(海底捞月\)"),
        ("guangdong_jipinghu", "123m456p789s55z",
         dict(win_tile="5z", melds=["kong 7777p"], seat=1, discarder=0, kong_replacement=True),
         r"kong_replacement \(杠上开花\) needs self_drawn=True"),
        ("guangdong_jipinghu", CHICKEN, dict(win_tile="5z", seat=1, self_drawn=True, robbing_kong=True),
         r"robbing_kong \(抢杠和\) is a win on another player's tile: self_drawn=False"),
        ("changsha", "123m456m234s55s",
         dict(win_tile="5s", melds=["kong 7777p"], seat=1, self_drawn=True, kong_replacement=True,
              last_wall_tile=True),
         r"kong_replacement \(杠上开花\) with last_wall_tile \(海底捞月\).*此局无海底牌"),
        ("changsha", CS_SMALL,
         dict(win_tile="5s", seat=1, discarder=2, after_kong_discard=True, last_wall_tile=True),
         r"after_kong_discard \(杠上炮\) with last_wall_tile \(海底炮\)"),
        ("changsha", CS_SMALL, dict(win_tile="5s", seat=1, discarder=2, seat_wind="N"),
         r"seat_wind N does not match seat 1 with dealer 0: that seat's wind is S"),
        ("changsha", CS_SMALL, dict(win_tile="5s", seat=1, self_drawn=True, heavenly=True),
         r"heavenly \(天和\) is the dealer's win: seat 1 is not the dealer \(0\)"),
        ("sichuan", SC_PUNGS,
         dict(win_tile="9m", seat=1, discarder=2, after_kong_discard=True, last_wall_tile=True),
         r"after_kong_discard \(杠上炮\) with last_wall_tile \(海底炮\)"),
        ("sichuan", SC_KONG,
         dict(win_tile="9m", melds=SC_KONG_MELDS, seat=1, self_drawn=True, kong_replacement=True,
              last_wall_tile=True),
         r"kong_replacement \(杠上开花\) with last_wall_tile \(海底捞月\)"),
        ("sichuan_xuezhan", SC_PUNGS,
         dict(win_tile="9m", seat=1, self_drawn=True, has_won=[True, False, True, True]),
         r"three seats have already won \(has_won\): the blood battle is over"),
        ("chengdu", "11122233344m456p",
         dict(win_tile="5p", seat=1, discarder=2, robbing_kong=True, after_kong_discard=True),
         r"robbing_kong \(抢杠\) with after_kong_discard \(杠上炮\)"),
        ("guobiao", "123m456m789m123p11z", dict(win_tile="1z", seat=1, self_drawn=True, heavenly=True),
         r"heavenly \(天和\) is the dealer's win: seat 1 is not the dealer \(0\)"),
        ("guobiao", "123m456m789m123p11z", dict(win_tile="1z", seat=0, discarder=1, heavenly=True),
         r"heavenly \(天和\) is a self-draw: self_drawn must be True"),
    ],
)  # fmt: skip
def test_family_scorers_refuse_contradictions_naming_both(variant, hand, kw, match):
    """mjsim.score's own family scorers run the shared boundary check (check_win_context) on the
    win and their situational keywords: a contradiction is refused, not scored."""
    with pytest.raises(ValueError, match=match):
        mjsim.score(variant, hand, **kw)


@pytest.mark.parametrize(
    ("variant", "hand", "kw", "total", "payments"),
    [
        # 鸡和 0 + 自摸 1, 天和 at least 3 番: 2 ** 3 from each
        ("guangdong_jipinghu", CHICKEN, dict(win_tile="5z", seat=0, self_drawn=True, heavenly=True),
         3, [24, -8, -8, -8]),
        # 鸡和 0 + seat-wind (South) pung 1: 2 ** 1 from the discarder
        ("guangdong_jipinghu", "123m456p789s222z55m",
         dict(win_tile="5m", seat=1, discarder=0, seat_wind="S"), 1, [-2, 2, 0, 0]),
        ("guangdong_jipinghu", "123m456p789s55z",
         dict(win_tile="5z", melds=["kong 7777p"], seat=1, self_drawn=True, kong_replacement=True),
         3, [-8, 24, -8, -8]),
        ("guangdong_jipinghu", CHICKEN, dict(win_tile="5z", seat=1, discarder=0, human=True),
         3, [-8, 8, 0, 0]),
        # 七小对 + 天胡: 2 big wins, 70 from each (the dealer's self-draw)
        ("changsha", "1133m5577p99s1122s", dict(win_tile="2s", seat=0, self_drawn=True, heavenly=True),
         2, [210, -70, -70, -70]),
        ("changsha", "123m456m234s55s",
         dict(win_tile="5s", melds=["kong 7777p"], seat=1, self_drawn=True, kong_replacement=True),
         1, [-40, 100, -30, -30]),
        ("changsha", CS_SMALL, dict(win_tile="5s", seat=1, discarder=2, last_wall_tile=True),
         1, [0, 60, -60, 0]),
        # 对对胡 1 + 根 1 + 杠上开花 1 = 3: 2 ** 3 + 1 from each (自摸加底)
        ("sichuan", SC_KONG,
         dict(win_tile="9m", melds=SC_KONG_MELDS, seat=1, self_drawn=True, kong_replacement=True),
         3, [-9, 27, -9, -9]),
        # 对对胡 1 + 杠上炮 1 = 2: 2 ** 2 from the discarder
        ("sichuan_xuezhan", SC_PUNGS,
         dict(win_tile="9m", seat=1, discarder=2, after_kong_discard=True,
              has_won=[True, False, False, False]),
         2, [0, 4, -4, 0]),
        ("chengdu", SC_PUNGS, dict(win_tile="9m", seat=1, discarder=2, after_kong_discard=True),
         2, [0, 4, -4, 0]),
        # 清龙 16 + 不求人 4 + 喜相逢 1 + 缺一门 1 = 22: 8 + 22 from each
        ("guobiao", "123m456m789m123p11z", dict(win_tile="1z", seat=0, self_drawn=True, heavenly=True),
         22, [90, -30, -30, -30]),
    ],
)  # fmt: skip
def test_family_scorers_score_a_consistent_win_as_before(variant, hand, kw, total, payments):
    r = mjsim.score(variant, hand, **kw)
    assert (r.total, r.payments) == (total, payments)


def test_seat_wind_defaults_to_the_winners_own_wind() -> None:
    # the dealer is East: seat 1 with dealer 0 sits South, so its East pung is the round wind's
    # pung only (a default of East scored it as the seat wind's too: 3 番 instead of 2)
    hand = "111z234m567p789s55p"
    r = mjsim.score("guangdong_jipinghu", hand, win_tile="5p", self_drawn=True, seat=1, dealer=0)
    assert (r.total, r.payments) == (2, [-4, 12, -4, -4])
    assert [i[1] for i in r.items] == ["Chicken hand", "Self-draw", "Round-wind pung"]
    south = mjsim.score(
        "guangdong_jipinghu", hand, win_tile="5p", self_drawn=True, seat=1, dealer=0, seat_wind="S"
    )
    assert south == r
    with pytest.raises(ValueError, match="seat_wind E does not match seat 1 with dealer 0"):
        mjsim.score(
            "guangdong_jipinghu", hand, win_tile="5p", self_drawn=True, seat=1, dealer=0,
            seat_wind="E",
        )  # fmt: skip
    # riichi: seat 2 with dealer 0 is West (an East default was refused as the wrong wind)
    r = mjsim.score(
        "riichi", "234m567p789s55p333z", win_tile="5p", self_drawn=True, seat=2, dealer=0,
        riichi=True,
    )  # fmt: skip
    assert (r.total, r.payments) == (3, [-2600, -1300, 5200, -1300])  # riichi, tsumo, West
    # three-player riichi: seat 0 with dealer 1 is the third seat, West
    r = mjsim.score(
        "riichi", "111m567p789s55p333z", win_tile="5p", self_drawn=True, seat=0, dealer=1,
        riichi=True, players=3,
    )  # fmt: skip
    assert (r.total, r.payments) == (3, [3900, -2600, -1300, 0])
