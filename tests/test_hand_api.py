"""The Python API: mjsim.is_winning / waits / shanten."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjsim
from mjsim.hand import is_winning, shanten, waits
from mjsim.tiles import format_hand


def test_lazy_exports() -> None:
    assert mjsim.is_winning is is_winning
    assert mjsim.waits is waits
    assert mjsim.shanten is shanten


def test_examples_all_notations() -> None:
    assert is_winning("123m456m789m123p55s")
    assert is_winning("一万 二万 三万 四万 五万 六万 七万 八万 九万 一筒 二筒 三筒 五条 五条")
    assert is_winning(np.array([1] * 9 + [1, 1, 1] + [0] * 10 + [2] + [0] * 11))
    assert not is_winning("123m456m789m123p45s")
    assert shanten("123m456m789m123p5s") == 0
    assert shanten("19m19p19s1234567z") == 0
    assert shanten("19m19p19s1234567z", shapes=["standard"]) == 8
    assert waits("1112345678999m") == [f"{k}m" for k in range(1, 10)]


def test_rules_options() -> None:
    h = "123m456m789m123p44s"
    assert is_winning(h)
    assert not is_winning(h, pair_rule="258")
    assert is_winning("123m456m789m123p22s", pair_rule="258")
    assert not is_winning("123m456m789m123p22s", pair_rule="not28")
    h = "124z567z123m456m99p"
    assert not is_winning(h)
    assert not is_winning(h, honor_chows="winds")
    assert is_winning(h, honor_chows="both")
    assert is_winning(h, honor_chows=True)
    # seven pairs with a four of a kind: Chinese (default) vs distinct pairs
    h = "1111m22p33p44s55s66z"
    assert is_winning(h)
    assert not is_winning(h, shapes=["standard", "seven_pairs_distinct"])
    assert is_winning("147m258p369s12345z", shapes=["knitted"])


def test_melds_and_sizes() -> None:
    assert is_winning("123m55p777s", melds=2)
    assert waits("123m5p777s", melds=2) == ["5p"]
    assert is_winning("123456789m111p22s333z")  # 17 tiles: 5 melds
    assert shanten("123456789m111p22s33z") == 0
    assert waits("123456789m111p22s33z") == ["2s", "3z"]


def test_wilds() -> None:
    assert is_winning("123m456m789m123p5s", wilds=1)
    assert is_winning("123m456m789m123p5s5z", wild_tiles=["5z"])
    assert is_winning("123m456m789m123p5s5z", wild_tiles="白")
    assert shanten("123m456m789m1p", wilds=3) == 0
    assert not is_winning("1111m456p789p123s", wilds=1)  # a wild is not a fifth 1m
    d = waits("123m456m789m123p", wilds=1, detail=True)
    assert d["waits"] == [format_hand(np.eye(34, dtype=np.uint8)[k]) for k in range(34)]
    d = waits("1111m234p567p789p", detail=True)
    assert d == {"waits": [], "exhausted": ["1m"], "live": 0}
    d = waits("23m456p789p123s55z", detail=True, visible="1m1m4m")
    assert d["waits"] == ["1m", "4m"] and d["live"] == 5


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"hand": "123m456m789m123p5"}, "5"),
        ({"hand": "11111m456p789p123s"}, "1m"),
        ({"hand": "123m456m789m123p5s", "pair_rule": "369"}, "369"),
        ({"hand": "123m456m789m123p5s", "honor_chows": "flowers"}, "flowers"),
        ({"hand": "123m456m789m123p5s", "shapes": ["eight_pairs"]}, "eight_pairs"),
        ({"hand": "123m456m789m123p5s", "wilds": 9}, "at most 8"),
        ({"hand": "123m456m789m123p5s", "melds": 2}, "13/14"),
        ({"hand": "123m456m789m123p5s", "melds": -1}, "melds"),
        ({"hand": "123m456m789m123p", "wild_tiles": ["spring"]}, "flower"),
        ({"hand": "123m456m789m123p"}, "3n\\+1 or 3n\\+2"),
    ],
)
def test_errors(kwargs: dict, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        shanten(**kwargs)


def test_wrong_size_for_the_question() -> None:
    with pytest.raises(ValueError, match="3n\\+2"):
        is_winning("123m456m789m123p5s")
    with pytest.raises(ValueError, match="3n\\+1"):
        waits("123m456m789m123p55s")


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=13, max_size=13))
def test_hypothesis_string_and_array_agree(tiles: list[int]) -> None:
    c = np.bincount(np.array(tiles), minlength=34)
    if c.max() > 4:
        return
    text = format_hand(c)
    assert shanten(text) == shanten(c.astype(np.uint8))
    w = waits(text)
    assert (shanten(text, shapes=["standard"]) == 0) == bool(waits(text, shapes=["standard"]))
    for name in w:
        assert is_winning(text + name)


def test_waits_visible_is_copy_checked_with_the_hand():
    """22p in hand + visible 2p2p2p used to report live copies for five 2p in total."""
    with pytest.raises(ValueError, match=r"fifth copy of 2p: 2 in hand \+ 3 visible = 5"):
        waits("123m456m789m22p45s", detail=True, visible="2p2p2p")
    assert waits("123m456m789m22p45s", detail=True, visible="2p2p")["live"] == 8
