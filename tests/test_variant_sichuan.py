"""Sichuan family in the engine: sichuan, sichuan_xuezhan, chengdu.

Seed examples 1-7 of the Sichuan rules (docs/variants/sichuan.md) (b = 1) through scripted
deals (fixed walls): 定缺 as a decision and its discard order, 刮风下雨 kong payments, a robbed
added kong that pays nothing, 呼叫转移, the 查花猪/查大叫 draw settlement, the last-four-tiles forced
win, a blood-battle hand with three winners; invariants over random hands.
"""

from __future__ import annotations

from functools import partial

import helpers
import numpy as np
import pytest
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim.actions import CHOOSE_SUIT, PASS, WIN, action_from_name
from mjsim.engine import Game
from mjsim.engine.invariants import check_invariants
from mjsim.engine.state import PV_MISSING, TV_DRAWN, TV_NEXT_DEALER
from mjsim.scoring.sichuan import default_params
from mjsim.tiles import parse_tiles
from mjsim.variants import get, names

# steps a Game outside the "game" compile family: compile it under its lock (conftest)
pytestmark = pytest.mark.usefixtures("game_compiled")

N_TILES = 108


make_wall = partial(helpers.make_wall, kinds=27)


def choose_forced_suits(g: Game) -> None:
    """Every seat takes its (single) legal 定缺 choice."""
    while g.phase == "choose_suit":
        legal = g.legal_actions()
        assert all(CHOOSE_SUIT <= a < CHOOSE_SUIT + 3 for a in legal)
        g.step(legal[0])


def passive(g: Game, until=None) -> None:
    """Discard the drawn tile (else the first legal discard), pass every reaction."""
    while not g.done and not (until and until(g)):
        legal = g.legal_actions()
        if legal == [WIN]:  # the last-four-tiles forced win
            g.step(WIN)
            continue
        if PASS in legal:
            g.step(PASS)
            continue
        drawn = int(g.state.tv[0, TV_DRAWN])
        g.step(drawn if drawn in legal else min(a for a in legal if a < 34))


def test_registered() -> None:
    for v in ("sichuan", "sichuan_xuezhan", "chengdu"):
        assert v in names()
    assert get("chengdu").replace(name="sichuan") == get("sichuan")
    assert get("sichuan_xuezhan").blood_battle and not get("sichuan").blood_battle


def test_t3_7_void_suit_choice_and_discard_order() -> None:
    # seat 0 holds all three suits: any void may be chosen; it chooses s and must then discard
    # its s tiles first: discarding a p tile raises ValueError naming the legal discards
    wall = make_wall(
        {
            0: "123459m567p11p23s",
            1: "123p456p789p1234m",
            2: "111s222s333s4567m",
            3: "444s555s666s6789m",
        },
        dealer_extra="9s",
    )
    g = Game("sichuan", wall=wall)
    assert g.phase == "choose_suit" and g.current_player == 0
    assert sorted(g.legal_actions()) == [CHOOSE_SUIT, CHOOSE_SUIT + 1, CHOOSE_SUIT + 2]
    g.step("choose_suit s")
    # seat 1 holds p and m only: s is forced
    assert g.legal_actions() == [CHOOSE_SUIT + 2]
    choose_forced_suits(g)
    assert [int(x) for x in g.state.pv[0, :4, PV_MISSING]] == [2, 2, 1, 1]
    assert g.phase == "turn" and g.current_player == 0
    legal = g.legal_actions()
    assert sorted(legal) == sorted(
        action_from_name(x) for x in ("discard 2s", "discard 3s", "discard 9s")
    )
    with pytest.raises(ValueError, match="illegal"):
        g.step("discard 1p")


def _dealer_can_win(hand13: str, extra: str, **fields) -> bool:
    """Whether the dealer may declare WIN on its 14 dealt tiles (after any 定缺 choices)."""
    g = Game("sichuan", wall=make_wall({0: hand13}, dealer_extra=extra), **fields)
    choose_forced_suits(g)
    assert g.phase == "turn" and g.current_player == 0
    return WIN in g.legal_actions()


def test_a_win_lacks_a_suit_by_the_suit_rule_field() -> None:
    # 缺一门 ("必须缺门可胡") is the spec's suit_rule="missing_one": a complete hand holding all
    # three suits is no win; the same hand wins with suit_rule="none"
    assert _dealer_can_win("123m456m789m11p55p", "5p", missing_suit_choice=False)
    assert not _dealer_can_win("123m456p789s11m55m", "5m", missing_suit_choice=False)
    assert _dealer_can_win("123m456p789s11m55m", "5m", missing_suit_choice=False, suit_rule="none")


def test_no_win_while_holding_the_void_suit() -> None:
    # 定缺 ("手上不能留定缺花色的牌"): with missing_suit_choice a seat holding a tile of its
    # declared void suit cannot win; dealt m and p, the dealer's void is s and it may win
    wall = make_wall({0: "123m456m789m11p55p"}, dealer_extra="5p")
    g = Game("sichuan", wall=wall)
    choose_forced_suits(g)
    assert int(g.state.pv[0, 0, PV_MISSING]) == 2 and WIN in g.legal_actions()
    g.state.pv[0, 0, PV_MISSING] = 1  # the same hand with p as its void suit
    assert WIN not in g.legal_actions()
    g.state.pv[0, 0, PV_MISSING] = 0  # m void: also held
    assert WIN not in g.legal_actions()


def test_t3_1_exposed_kong_pays_2_from_the_discarder() -> None:
    hands = {
        0: "123m456m789m11p99p",
        1: "555p111s222s333s4s",
        2: "234m567m88m12p34p6p",
        3: "678p99p456s789s11m",
    }
    wall = make_wall(hands, dealer_extra="5p")
    for opt, want in ((0, [-2, 2, 0, 0]), (1, [-2, 4, -1, -1])):
        params = tuple(int(x) for x in default_params(exposed_kong=opt))
        g = Game("sichuan", wall=wall, score_values=(*params, 1))
        choose_forced_suits(g)
        g.step("discard 5p")
        assert g.current_player == 1
        g.step("exposed_kong")
        while g.phase == "react":
            g.step(PASS)  # seat 2 could win on 5p and passes
        assert g.payments.tolist() == want  # 承包制 / 家家有 (example 1)


def test_t3_2_robbed_added_kong_pays_nothing() -> None:
    # B pungs A's 7s, later draws the 4th 7s and adds it (面下杠); C robs it (抢杠胡, 1 fan):
    # the kong pays nothing, B pays C 2
    hands = {
        0: "123m456m789m11p99p",
        1: "77s12356s99s33m58m",
        2: "123s456s89s11m345m",
        3: "222p333p444p56p88s",
    }
    wall = make_wall(hands, dealer_extra="7s", draws="9m9m9m7s")
    g = Game("sichuan", wall=wall)
    g.step("choose_suit s")
    choose_forced_suits(g)
    g.step("discard 7s")
    assert g.current_player == 1
    g.step("pung")
    assert g.current_player == 2 and WIN in g.legal_actions()
    g.step("pass")  # C passes its win on the discard (locked until its next draw)
    assert g.current_player == 1
    g.step("discard 8m")
    passive(g, until=lambda g: g.current_player == 1 and g.phase == "turn")
    assert int(g.state.tv[0, TV_DRAWN]) == parse_tiles("7s")[0]
    g.step("kong 7s")
    assert g.current_player == 2 and g.legal_actions() == sorted([WIN, PASS])
    g.step("win")
    while not g.done:
        g.step(PASS)
    assert g.winners == [2] and g.win_kind == "rob_kong"
    assert int(g.values[2]) == 1
    assert g.payments.tolist() == [0, -2, 2, 0]


def test_t3_5_call_transfer_on_kong_discard() -> None:
    # B (seat 1) makes a concealed kong (下雨: A, C, D pay 2 each), then discards 3m, which C wins
    # (杠上炮, 1 fan -> 2 from B); B's kong income (6) is transferred to C (呼叫转移)
    hands = {
        0: "123m456m789m45p99p",
        1: "7777s123s569s3m88m",
        2: "12m456m789m11p555p",
        3: "222p333p444p44s56s",
    }
    wall = make_wall(hands, dealer_extra="6m", draws="9s", tail="4s")
    g = Game("sichuan", wall=wall)
    choose_forced_suits(g)
    g.step("discard 6m")
    passive(g, until=lambda g: g.current_player == 1 and g.phase == "turn")
    g.step("kong 7s")
    assert g.payments.tolist() == [-2, 6, -2, -2]
    g.step("discard 3m")
    while not g.done:
        g.step(WIN if g.current_player == 2 else PASS)
    assert g.winners == [2]
    assert int(g.values[2]) == 1  # 杠上炮
    assert g.payments.tolist() == [-2, 6 - 6 - 2, -2 + 6 + 2, -2]
    assert int(g.state.tv[0, TV_NEXT_DEALER]) == 1  # the discarder deals next


def test_t3_4_draw_settlement_pig_and_dajiao() -> None:
    # no 定缺 (pig = three suits). A ready (大叫 1 fan = 2), B a pig, C ready (大叫 2 fan = 4),
    # D not ready. Every winning tile of A and C is dead in D's hand, so the hand is drawn.
    hands = {
        0: "111m222m333s444s5m",  # 对对胡 on 5m: 1 fan
        1: "1368m2368p15789s",
        2: "11p33p55p77p22s88s6s",  # 七对 on 6s: 2 fan
        3: "255579m3666899s",
    }
    wall = make_wall(hands, dealer_extra="9s")
    g = Game("sichuan", wall=wall, missing_suit_choice=False)
    passive(g)
    assert g.winners == []
    # 查花猪: B pays 16 to A, C, D; 查大叫: D pays 4 to C and 2 to A
    assert g.payments.tolist() == [16 + 2, -48, 16 + 4, 16 - 6]
    assert int(g.state.tv[0, TV_NEXT_DEALER]) == 0  # a drawn hand: the dealer repeats


def test_t3_6_forced_win_in_the_last_four_tiles() -> None:
    # seat 3 waits on 5p (single); its only live copy is the last wall tile, drawn by seat 3
    hands = {
        0: "111m222m333m4m1p7s9s",
        1: "555m666m777m8m2p6s8s",
        2: "111s222s333s4s6s7p9p",
        3: "123m456m789m123p5p",
    }
    wall = make_wall(hands, dealer_extra="9m")
    i5 = [i for i in range(53, N_TILES) if wall[i] == parse_tiles("5p")[0]]
    # move every live 5p to the very end (index 107 is drawn by seat 3)
    rest = [k for i, k in enumerate(wall[53:], 53) if i not in i5]
    wall = wall[:53] + rest + [wall[i] for i in i5]
    g = Game("sichuan", wall=wall, missing_suit_choice=False)
    forced_seen = []

    def stop(g: Game) -> bool:
        if g.current_player == 3 and WIN in g.legal_actions():
            forced_seen.append((g.tiles_left, g.legal_actions()))
            return g.tiles_left <= 4
        return False

    passive(g, until=stop)
    assert forced_seen and forced_seen[-1][0] <= 4
    assert forced_seen[-1][1] == [WIN]  # the mask is WIN only
    assert any(len(a) > 1 for t, a in forced_seen if t > 4) or len(forced_seen) == 1
    g.step(WIN)
    assert g.winners == [3]


def test_xuezhan_three_winners_and_kong_after_a_win() -> None:
    hands = {
        0: "123m456m789m45p99p",  # A: waits 3p/6p (3p dead in D's hand)
        1: "123p456p789p34m11m",  # B: wins on A's 5m
        2: "7777s123s5s24m68m9m",
        3: "111p222p333p44s56s",  # D: waits 4s (7s dead)
    }
    wall = make_wall(hands, dealer_extra="5m", draws="9s4s6p", tail="6s")
    g = Game("sichuan_xuezhan", wall=wall)
    choose_forced_suits(g)
    g.step("discard 5m")
    assert g.current_player == 1 and WIN in g.legal_actions()
    g.step("win")  # B wins 0 fan: A pays 1; B drops out
    assert not g.done and g.current_player == 2
    g.step("kong 7s")  # 下雨 after B has won: A and D pay 2 each, B nothing (example 3)
    assert g.payments.tolist() == [-1 - 2, 1, 4, -2]
    g.step("discard 9s")
    while g.current_player != 3 or g.phase != "turn":
        g.step(PASS)
    g.step("win")  # D self-draws 4s: A and C pay 1 + 1 (自摸加底)
    assert not g.done and g.current_player == 0
    g.step("win")  # A self-draws 6p: only C pays 2
    assert g.done
    assert sorted(g.winners) == [0, 1, 3]
    assert g.payments.tolist() == [-3 - 2 + 2, 1, 4 - 2 - 2, -2 + 4]
    assert int(g.payments.sum()) == 0
    assert check_invariants(g.state, g.rules, 0) == 0


SICHUAN_FAMILY = ["sichuan", "sichuan_xuezhan", "chengdu"]


def _check_random_hands(r: np.ndarray, won: np.ndarray) -> None:
    assert (r["n_winners"] <= 3).all()
    assert won.any()


@pytest.mark.parametrize("variant", SICHUAN_FAMILY)
def test_random_hands_invariants(variant: str) -> None:
    # no hand breaks an engine invariant (check=True) and every hand's payments sum to 0
    r, _, won = check_random_hands(variant, 10_000, seed=3, threads=2)
    _check_random_hands(r, won)


@pytest.mark.slow
@pytest.mark.parametrize("variant", SICHUAN_FAMILY)
def test_ten_thousand_random_hands_keep_every_invariant(variant: str) -> None:
    r, _, won = check_slow_random_hands(variant)
    _check_random_hands(r, won)


def test_random_game_hands_with_choices_keep_invariants() -> None:
    rng = np.random.default_rng(0)
    for variant in ("sichuan", "sichuan_xuezhan"):
        for seed in range(15):
            g = Game(variant, seed=seed)
            while not g.done:
                legal = g.legal_actions()
                assert legal
                g.step(int(rng.choice(legal)))
                assert check_invariants(g.state, g.rules, 0) == 0
            assert int(g.payments.sum()) == 0


def test_determinism() -> None:
    a = mjsim.simulate("sichuan_xuezhan", 300, seed=9, threads=1)
    b = mjsim.simulate("sichuan_xuezhan", 300, seed=9, threads=2)
    assert (a == b).all()
