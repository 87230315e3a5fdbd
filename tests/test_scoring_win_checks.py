"""Contradictory win contexts are refused at the boundary (mjsim.scoring.win_checks), and
table-driven scoring from strings (mjsim.scoring.table_score.score_win)."""

from __future__ import annotations

import pytest

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
