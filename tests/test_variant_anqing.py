"""anqing (安庆麻将): hands through ``mjsim.score`` (a plain win with and without a 钻, the
红中 stand-in, concealed and in a called pung or kong, the 发 money, the factors); scripted hands
through the engine (the 发 set aside at once and paid a unit on a kong-replacement 天胡, a
called 红中 pung in a one-suit win, the dealer's stake 庄底子 after a drawn hand); self-play with
the invariants checked; greedy beats random."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import make_wall
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.actions import DISCARD, PASS, WIN
from mjsim.engine import Game
from mjsim.scoring.table_score import score_win


def score(hand, win, **kw):
    kw.setdefault("seat", 1)
    kw.setdefault("dealer", 0)
    kw.setdefault("wilds", "5p")  # the 钻 of these examples (4p turned)
    if not kw.get("self_drawn"):
        kw.setdefault("discarder", 2)
    return mjsim.score("anqing", hand, win_tile=win, **kw)


def names(r) -> set[str]:
    return {zh for _i, _en, zh, _v, _n in r.items}


def test_a_plain_win_with_a_zuan_is_worth_the_base() -> None:
    r = score("123m456m789m46p5p11s", "1s")  # the 钻 5p stands for itself
    assert r.total == 1 and names(r) == {"底"} and r.payments == [0, 1, -1, 0]
    r = score("123m456m789m46p3s11s", "1s", wilds="3s")  # 3s stands for 5p
    assert r.total == 1


def test_no_zuan_doubles_and_self_draw_doubles() -> None:
    r = score("123m456m789m789p11s", "1s")
    assert r.total == 2 and names(r) == {"底", "无钻"}
    r = score("123m456m789m789p11s", "1s", self_drawn=True)
    assert r.total == 4 and r.payments == [-4, 12, -4, -4]


def test_red_dragon_plays_the_zuan_kind() -> None:
    # 4p 中 6p: 红中 is a natural 5p (the 钻's kind), so the hand holds no 钻
    r = score("123m456m789m4p7z6p11s", "1s")
    assert r.total == 2 and "无钻" in names(r)
    with pytest.raises(ValueError, match="not a winning hand"):
        score("123m456m789m4p7z6p11s", "1s", wilds="3s")


def test_a_called_red_dragon_pung_is_a_pung_of_the_zuan_kind() -> None:
    # 钻 = 7万: the three 红中 of a pung are real 7万 ("红中在这一盘就可以当7万用，可以碰"), so
    # 111m 456m 999m 22m + 中中中 is one suit: 1 x 无钻 2 x 清一色 4 = 8 (scored as a dragon
    # pung it was 混一色: 1 x 2 x 2 = 4); with a 红中 kong and all pungs 1 x 2 x 2 x 4 = 16 (was 8)
    r = score("111m456m999m22m", "2m", melds=["pung 777z from 1"], wilds="7m")
    assert r.total == 8 and names(r) == {"底", "无钻", "清一色"} and r.payments == [0, 8, -8, 0]
    c = score_win("anqing", "111m456m999m22m", win_tile="2m", melds=["pung 777z from 1"],
                  wilds="7m", seat=1, dealer=0, discarder=2).counts  # fmt: skip
    assert c["full_flush"] == 1 and "dragon_pungs" not in c and "half_flush" not in c
    r = score("111m444m999m22m", "2m", melds=["kong 7777z from 1"], wilds="7m")
    assert r.total == 16 and names(r) == {"底", "无钻", "碰碰胡", "清一色"}


def test_each_green_dragon_set_aside_earns_a_unit_not_multiplied() -> None:
    r = score("123m456m789m789p11s", "1s", self_drawn=True, kong_money=2)
    assert r.total == 4 + 2 and "发" in names(r)
    r = score("123m456m789m789p11s", "1s", kong_money=2, fa_unit=0)
    assert r.total == 2


def test_the_factors() -> None:
    r = score("111m222m333m555m99m", "9m")  # 碰碰胡 x 清一色 x 无钻 (the better reading)
    assert r.total == 2 * 4 * 2 and {"碰碰胡", "清一色"} <= names(r)
    r = score("11m22m33p44p66s77s99s", "9s")  # 七对 x 无钻
    assert r.total == 4 and "七对" in names(r)


def test_the_spec_plays_the_rule_text() -> None:
    spec = variants.get("anqing")
    assert not spec.allow_chow and spec.wild_rule == "indicator_next"
    assert spec.kong_only_tiles == "two_dragons" and spec.wild_stand_in == 33
    assert spec.draw_dealer_stake == 4 and not spec.wild_discard_claimable
    assert spec.dealer_rotation == "rotate" and spec.dealer_stays_on_draw


# ------------------------------------------------------------------------------ scripted hands
def test_scripted_green_dragon_set_aside_then_a_kong_replacement_heavenly_win() -> None:
    # the 钻 turned from the tail for the script (9s -> 1s); the dealer must set its 发 aside
    # and the replacement 1p completes the hand: 1 x 自摸 2 x 无钻 2 x 杠开 2 x 天胡 4 + 发 1
    spec = variants.get("anqing", indicator_source="tail_first", indicator_in_play=False)
    g = Game(spec, wall=make_wall({0: "123m456m789m456p6z"}, "1p", tail="9s1p"))
    assert g.legal_action_names() == ["kong 6z"]  # 必须亮出: nothing else
    g.step("kong 6z")
    assert WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and list(g.payments) == [99, -33, -33, -33]


def _pass_or(g: Game, action: str) -> None:
    while action not in g.legal_action_names():
        g.step("pass")
    g.step(action)


def test_scripted_red_dragon_pung_then_a_one_suit_win() -> None:
    # turned 6m -> the 钻 is 7万; seat 1 pungs the dealer's 红中 with its two, then wins on the
    # 2m seat 2 throws: 111m 456m 999m 22m + 中中中 (three real 7万) is 清一色 and 无钻,
    # 1 x 2 x 4 = 8 from the discarder (the 红中 pung as a dragon pung scored 混一色: 4)
    spec = variants.get("anqing", indicator_source="tail_first", indicator_in_play=False)
    hands = {0: "123p456p789p123s7z", 1: "111m456m999m2m7z7z9s",
             2: "3m8m5s7s8s1z2z3z4z1p5p9p6s", 3: "3m8m2p6p4s8s9s1z2z3z4z3p7p"}  # fmt: skip
    g = Game(spec, wall=make_wall(hands, "4s", "2m", tail="6m"))
    g.step("discard 7z")
    _pass_or(g, "pung")
    while g.phase == "react":
        g.step("pass")
    assert g.current_player == 1 and g.phase == "turn"
    g.step("discard 9s")
    _pass_or(g, "discard 2m")  # seat 2 throws the 2m it draws
    _pass_or(g, "win")
    while g.phase == "react":
        g.step("pass")
    assert g.done and g.winners == [1] and list(g.payments) == [0, 8, -8, 0]


def _play_to_draw(g: Game) -> None:
    """Pass every win and claim; discard the drawn tile when legal, else the first legal
    action that is not a win (a kong tile set aside, the lowest discard)."""
    while not g.done:
        if g.phase == "react":
            g.step(PASS)
            continue
        legal = [a for a in g.legal_actions() if a != WIN]
        drawn = int(g.state.tv[0, 20])  # TV_DRAWN
        g.step(DISCARD + drawn if DISCARD + drawn in legal else legal[0])


def test_scripted_dealer_stake_after_a_drawn_hand() -> None:
    # the dealer's 14 tiles are complete; every win is passed until the wall is drawn out:
    # the dealer stays with its stake 4, then wins at once and each payment carries the 4
    w = make_wall({0: "123m456m789m123p5p"}, "5p")
    g = Game("anqing", wall=w)
    ref = Game(variants.get("anqing", draw_dealer_stake=0), wall=w)
    for game in (g, ref):
        _play_to_draw(game)
        assert game.winners == [] and not any(game.payments)
        game.next_hand()
    g.step(WIN)
    ref.step(WIN)
    assert g.winners == [0] == ref.winners
    base = list(ref.payments)
    assert base[0] > 0
    assert list(g.payments) == [base[0] + 12, *(x - 4 for x in base[1:])]


def test_random_hands_keep_every_invariant() -> None:
    r, _, won = check_random_hands("anqing", 1000, seed=5, threads=1)
    assert won.any() and np.all(r["n_winners"] <= 1)


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("anqing")


def test_greedy_beats_random() -> None:
    from mjsim.stats import paired_diff

    agents = ["greedy", "random", "greedy", "random"]
    rows = mjsim.simulate("anqing", 400, agents, seed=3, check=True)
    assert np.all(rows["error"] == 0)
    g = (rows["pay0"] + rows["pay2"]) / 2
    r = (rows["pay1"] + rows["pay3"]) / 2
    d, _p = paired_diff(g, r)
    assert d.lo > 0, d  # the lower 95% bound of greedy's edge per hand


def test_a_green_dragon_set_aside_stays_inside_the_dict_observation_space() -> None:
    # RF_KONG_TILE (128) does not fit the int8 discard_flags: it shows as "set aside as a
    # kong" (16), and the observation stays inside its declared space
    from mjsim.envs.encoders import _dict_space, encode_dict

    spec = variants.get("anqing", indicator_source="tail_first", indicator_in_play=False)
    g = Game(spec, wall=make_wall({0: "123m456m789m456p6z"}, "1p", tail="9s1p"))
    g.step("kong 6z")
    for version in (0, 1):
        obs = encode_dict(g.state, g.rules, 0, 1, version)
        assert int(obs["discard_flags"][3, 0]) == 16  # the dealer is seat 3 seen from seat 1
        assert _dict_space(4, version).contains(obs)
