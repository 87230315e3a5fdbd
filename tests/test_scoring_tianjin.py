"""Tianjin scoring: every worked example of the Tianjin rules (the text's 33 examples) through
``mjsim.score``, payments and input errors (the engine side: tests/test_variant_tianjin.py).

The rule text's numbers are used as printed, except the 天胡 maximum, printed "28*4=102": read
as 112 (its example 31).
"""

from __future__ import annotations

import pytest

import mjsim
from mjsim.scoring.tianjin import wild_kinds

KONG = ["concealed_kong 2222p"]


def _score(hand, win, ind="7z", **kw):
    # indicator 7z (中) -> 混 = 中 and 发 (7z, 6z): honours, so no 本混 unless said otherwise
    return mjsim.score("tianjin", hand, win_tile=win, self_drawn=True, wild_indicator=ind, **kw)


# (id, hand, winning tile, indicator, melds, kong_replacement, heavenly, 番, items)
CASES = [
    ("ex1", "123m456p789s234s11z", "1z", "7z", [], False, False, 2, {"提溜", "素的"}),
    ("ex2", "123m789s234s11z", "1z", "7z", KONG, True, False, 4, {"提溜", "素的", "杠开"}),
    ("ex3", "456m123p789s234s11z", "5m", "7z", [], False, False, 6, {"捉5", "素的"}),
    ("ex4", "456m789s234s1z7z", "5m", "7z", ["kong 2222p"], True, False, 6, {"捉5", "杠开"}),
    (
        "ex5",
        "456m789s234s11z",
        "5m",
        "7z",
        ["kong 2222p"],
        True,
        False,
        12,
        {"捉5", "素的", "杠开"},
    ),
    ("ex6", "123m456p789s234s1z7z", "1z", "7z", [], False, False, 2, {"提溜", "混吊"}),
    ("ex7", "123m789s234s1z7z", "1z", "7z", KONG, True, False, 4, {"提溜", "混吊", "杠开"}),
    ("ex8", "123m456p789s11s2z6z7z", "2z", "7z", [], False, False, 2, {"提溜", "双混吊"}),
    ("ex9", "123m789s11s2z6z7z", "2z", "7z", KONG, True, False, 4, {"提溜", "双混吊", "杠开"}),
    ("ex10", "5m123p789s234s11z6z7z", "5m", "7z", [], False, False, 6, {"捉5", "双混吊"}),
    ("ex11", "5m789s234s11z6z7z", "5m", "7z", KONG, True, False, 12, {"捉5", "双混吊", "杠开"}),
    ("ex12", "123456789p23s7z11z", "9p", "7z", [], False, False, 4, {"龙"}),
    ("ex13", "123456789p1s7z", "9p", "7z", ["kong 2222m"], True, False, 8, {"龙", "杠开"}),
    ("ex14", "123456789p234s11z", "5p", "7z", [], False, False, 8, {"龙", "素的"}),
    ("ex15", "123456789p11z", "5p", "7z", ["kong 2222m"], True, False, 16, {"龙", "素的", "杠开"}),
    ("ex16", "123456789m23s7z11z", "5m", "7z", [], False, False, 7, {"捉5", "龙"}),
    ("ex17", "123456789m1s7z", "5m", "7z", KONG, True, False, 14, {"捉5", "龙", "杠开"}),
    ("ex18", "123456789m234s11z", "5m", "7z", [], False, False, 14, {"捉5", "龙", "素的"}),
    ("ex19", "123456789m11z", "5m", "7z", KONG, True, False, 28, {"捉5", "龙", "素的", "杠开"}),
    ("ex20", "123456789p234s1z7z", "1z", "7z", [], False, False, 8, {"龙", "混吊"}),
    (
        "ex21",
        "123456789p1z7z",
        "1z",
        "7z",
        ["kong 2222m"],
        True,
        False,
        16,
        {"龙", "混吊", "杠开"},
    ),
    # indicator 5p: 混 = 5p and 6p, the 龙 in 饼 is 本混
    ("ex22", "123456789p234s11z", "1p", "5p", [], False, False, 8, {"龙", "本混"}),
    ("ex23", "123456789p11z", "1p", "5p", ["kong 2222m"], True, False, 16, {"龙", "本混", "杠开"}),
    ("ex24", "1234566789p234s1z", "1z", "5p", [], False, False, 16, {"龙", "本混", "混吊"}),
    (
        "ex25",
        "1234566789p1z",
        "1z",
        "5p",
        ["kong 2222m"],
        True,
        False,
        32,
        {"龙", "本混", "混吊", "杠开"},
    ),
    # indicator 1m: 混 = 1m and 2m
    ("ex26", "123456789m234s11z", "5m", "1m", [], False, False, 14, {"捉5", "龙", "本混"}),
    ("ex27", "123456789m11z", "5m", "1m", KONG, True, False, 28, {"捉5", "龙", "本混", "杠开"}),
    ("ex28", "123m5m789m234s11z6z7z", "5m", "7z", [], False, False, 14, {"捉5", "龙", "双混吊"}),
    # indicator 3m: 混 = 3m and 4m; 123m + (混)5m(混) + 789m
    (
        "ex29",
        "123345789m234s11z",
        "5m",
        "3m",
        [],
        False,
        False,
        28,
        {"捉5", "龙", "本混", "双混吊"},
    ),
    ("ex30", "123m456p789s234s1z7z", "2s", "7z", [], False, True, 4, {"提溜", "天胡"}),
    # the seed prints "28*4=102"; 28 x 4 = 112
    (
        "ex31",
        "123345789m234s11z",
        "5m",
        "3m",
        [],
        False,
        True,
        112,
        {"捉5", "龙", "本混", "双混吊", "天胡"},
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_worked_examples(case) -> None:
    _id, hand, win, ind, melds, kong_repl, heavenly, fan, items = case
    r = _score(
        hand.replace(" ", ""),
        win,
        ind,
        melds=melds,
        kong_replacement=kong_repl,
        heavenly=heavenly,
    )
    assert r.total == fan
    assert {zh for _i, _en, zh, _v, _c in r.items} == items
    assert r.valid
    assert sum(r.payments) == 0
    assert r.payments[0] == 3 * fan and r.payments[1:] == [-fan] * 3


@pytest.mark.parametrize("draw", ["3s", "6s", "1m"])
def test_t6_32_plain_tiliu_cannot_win(draw) -> None:
    # 3W3W 1T2T3T 1B2B3B 4W5W9W(混) 4T5T + 3T / 6T / a 混: only 提溜, 1 番 ("只有1番，不能胡");
    # indicator 9m: 混 = 9m and 1m
    hand = "33m123s123p45m9m45s" + draw
    r = _score(hand, draw, "9m")
    assert r.total == 1 and not r.valid and r.payments == [0, 0, 0, 0]


def test_t6_34_wild_kinds() -> None:
    assert wild_kinds(26) == (26, 18)  # 9条 -> 9条 + 1条
    assert wild_kinds(30) == (30, 27)  # 北 -> 北 + 东
    assert wild_kinds(31) == (31, 33)  # 白 -> 白 + 中
    assert wild_kinds(11) == (11, 12)  # 3筒 -> 3筒 + 4筒


def test_kong_bloom_on_plain_tiliu_option() -> None:
    # 杠开 on a plain 提溜 with a 混 = 2 番, legal by default; the option makes it 1 (illegal)
    hand, melds = "123m789s234s1z7z", ["concealed_kong 2222p"]
    r = _score(hand, "2s", melds=melds, kong_replacement=True)
    assert r.total == 2 and r.valid
    r = _score(hand, "2s", melds=melds, kong_replacement=True, score_values=(0, 1, 2, 4))
    assert r.total == 1 and not r.valid


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="self-draw only"):
        mjsim.score("tianjin", "123m456p789s234s11z", win_tile="1z", wild_indicator="7z")
    with pytest.raises(ValueError, match="not a winning hand"):
        _score("123m456p789s234s12z", "1z")
    with pytest.raises(ValueError, match="unknown keyword"):
        _score("123m456p789s234s11z", "1z", bird=1)
    with pytest.raises(ValueError, match="wild_indicator"):
        _score("123m456p789s234s11z", "1z", ind="xx")
    with pytest.raises(ValueError, match="dealer"):
        _score("123m456p789s234s11z", "1z", heavenly=True, seat=1)
    with pytest.raises(ValueError, match="wild_indicator is required"):
        mjsim.score("tianjin", "123m456p789s234s11z", win_tile="1z", self_drawn=True)
