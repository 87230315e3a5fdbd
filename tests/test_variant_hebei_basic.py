"""hebei_basic (Hebei short form 河北麻将简单规则): a win worth the base stake 1, 2 or 3, chow
allowed, through ``mjsim.score``, scripted walls and self-play with the invariants checked.

The rule text has no worked example; the tests check what it states ("可以吃、碰数次",
"无补花", "基点为1、2、3") and the recommended readings of docs/variants/hebei_basic.md.
"""

from __future__ import annotations

import helpers
import numpy as np
import pytest
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.actions import PASS, WIN, action_from_name
from mjsim.engine import Game


def test_spec_plays_what_the_text_states() -> None:
    spec = variants.get("hebei_basic")
    assert spec.allow_chow and spec.allow_pung and spec.flowers == "none"
    assert spec.tile_set == "136" and spec.hand_size == 13
    assert spec.win_shapes == ("standard",)
    assert (spec.scoring, spec.fan_table, spec.score_values) == ("table", "hebei_basic", (1,))


def test_discard_win_is_paid_by_the_discarder_one_stake() -> None:
    r = mjsim.score("hebei_basic", "123m456m789p234s55z", win_tile="5z", seat=1, discarder=3)
    assert (r.total, r.valid, r.unit) == (1, True, "points")
    assert r.payments == [0, 1, 0, -1]
    assert [(zh, n) for _i, _en, zh, _v, n in r.items] == [("平胡", 1)]


def test_self_draw_is_paid_by_each_of_the_three() -> None:
    r = mjsim.score("hebei_basic", "123m456m789p234s55z", win_tile="5z", self_drawn=True, seat=2)
    assert r.total == 1 and r.payments == [-1, -1, 3, -1]


@pytest.mark.parametrize("stake", [1, 2, 3])
def test_the_stake_is_1_2_or_3(stake: int) -> None:
    r = mjsim.score(
        "hebei_basic", "123m456m789p234s55z", win_tile="5z", self_drawn=True, stake=stake
    )
    assert r.total == stake and r.payments == [3 * stake, -stake, -stake, -stake]
    spec = variants.get("hebei_basic", score_values=(stake,))
    assert int(spec.compile().fan_rows[0, 4]) == stake


@pytest.mark.parametrize("stake", [0, 4])
def test_other_stakes_are_refused_naming_the_rule(stake: int) -> None:
    with pytest.raises(ValueError, match="stake must be one of \\[1, 2, 3\\]"):
        mjsim.score("hebei_basic", "123m456m789p234s55z", win_tile="5z", stake=stake)
    with pytest.raises(ValueError, match="stake must be one of"):
        variants.get("hebei_basic", score_values=(stake,)).compile()


def test_only_standard_hands_win() -> None:
    with pytest.raises(ValueError, match="not a winning hand"):
        mjsim.score("hebei_basic", "1122m3344p5566s77z", win_tile="7z")  # seven pairs
    with pytest.raises(ValueError, match="unknown keyword 'cap'"):
        mjsim.score("hebei_basic", "123m456m789p234s55z", win_tile="5z", cap=3)


def test_scripted_chow_then_win_on_a_discard() -> None:
    # seat 1 chows the dealer's 3m with 1m 2m (a chow from the previous seat: "可以吃"), then
    # wins on the 6s that seat 2 discards: the discarder alone pays one stake
    w = helpers.make_wall(
        {1: "12m 456m 789m 45s 55z 9p", 2: "6s 111z 222z 333z 999m"},
        "3m",
        draws="4z",
        avoid="3m6s",
    )
    g = Game("hebei_basic", wall=w)
    g.step(action_from_name("discard 3m"))
    assert g.current_player == 1 and action_from_name("chow_high") in g.legal_actions()
    g.step(action_from_name("chow_high"))
    g.step(action_from_name("discard 9p"))
    while g.phase == "react":
        g.step(PASS)
    assert g.current_player == 2
    g.step(action_from_name("discard 6s"))
    while g.phase == "react" and WIN not in g.legal_actions():
        g.step(PASS)
    assert g.current_player == 1 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [1]
    assert list(g.payments) == [0, 1, -1, 0]


def test_random_hands_keep_every_invariant() -> None:
    r, pays, won = check_random_hands("hebei_basic", 2000, seed=5, threads=1)
    assert np.all(r["value"][won] == 1)
    assert np.all(pays[~won] == 0)  # no kong money, nothing on a drawn hand


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("hebei_basic")
