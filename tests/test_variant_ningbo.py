"""ningbo (宁波百搭): the worked examples of its 台 (examples 1-4) and the flower 台 through
``mjsim.score``; scripted hands through the engine: the 4-台 gate with the base point excluded,
example 6 (no kong in the turn of a pung), example 7 (no discard of either end of a chowed
sequence), example 8 (a lone-wild wait wins by self-draw only), example 9 (only the nearest
claimant wins), example 5 (the dice place the 百搭 indicator; a turned 夏 makes the other
seasons wild, and they score no flower 台); self-play with the invariants checked."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import make_wall
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.actions import DECLARE, WIN
from mjsim.distributed import item_names
from mjsim.engine import Game
from mjsim.engine.state import (
    PV_HELD_FLOWERS,
    PV_N_FLOWERS,
    TV_IND_POS,
    TV_INDICATOR,
    TV_WILD_FLOWERS,
)


def score(hand, win, **kw):
    kw.setdefault("seat", 1)
    kw.setdefault("dealer", 0)
    return mjsim.score("ningbo", hand, win_tile=win, **kw)


def names(r) -> set[str]:
    return {zh for _i, _en, zh, _v, _n in r.items}


def test_t4_1_and_t4_2_below_four_tai_cannot_win() -> None:
    # the rule text's 排糊: 123 456 777 88 + 23 won on 4 (here with two suits, so no flush):
    # 排糊 0 + 硬糊 1 = 1 台 (the base point does not count): no win
    r = score("123m456m777s88s23m4m", "4m", discarder=2)
    assert r.qualifying_total == 1 and not r.valid and r.payments == [0, 0, 0, 0]
    assert names(r) == {"胡牌基本分", "硬糊"}
    # self-drawn: 自摸 1 + 硬糊 1 = 2 台
    r = score("123m456m777s88s23m4m", "4m", self_drawn=True)
    assert r.qualifying_total == 2 and not r.valid
    # the example exactly as written is all 万, so it is also 清一色: 5 台, a win
    r = score("123m456m777m88m23m4m", "4m", discarder=2)
    assert r.qualifying_total == 5 and r.valid and r.total == 6


def test_t4_3_full_flush_closed_wait_self_draw_no_wild() -> None:
    # 清一色 4 + 夹 1 + 自摸 1 + 硬糊 1 = 7 台: 8 from each
    r = score("111m345m678m99m123m", "2m", self_drawn=True)
    assert r.qualifying_total == 7 and r.total == 8 and r.valid
    assert names(r) == {"胡牌基本分", "清一色", "夹", "自摸", "硬糊"}
    assert r.payments == [-8, 24, -8, -8]


def test_t4_4_winds_dragon_all_pungs_with_a_wild() -> None:
    # South seat, East round: 位风 1 + 圈风 1 + 中 1 + 碰碰糊 2 = 5 台; the discarder pays 6
    r = score("111z222z777z555p9s3s", "5p", discarder=2, wilds="3s")
    assert r.qualifying_total == 5 and r.total == 6
    assert names(r) == {"胡牌基本分", "位风", "圈风", "箭刻", "碰碰糊"}
    assert r.payments == [0, 6, -6, 0]


def test_wait_items() -> None:
    # 对倒 (two pairs, the winning tile makes a pung) + 平糊 needs all chows: here 对倒 + 硬糊
    r = score("123m456p789s11z22z2z", "2z", discarder=2, min_tai=0)
    assert {"对倒", "硬糊"} <= names(r)
    # 大吊: every set called, a single wait: also 单吊
    r = score("5p5p", "5p", melds=["pung 111m", "pung 999s", "chow 234p", "pung 777z"],
              discarder=2, min_tai=0)  # fmt: skip
    assert {"大吊", "单吊"} <= names(r)
    # 平糊 + 边
    r = score("123m456m789p234s55s", "3m", discarder=2, min_tai=0)
    assert {"平糊", "边"} <= names(r)


def test_flower_tai() -> None:
    hand = "123m456m789p234s55s"
    # East (the dealer) exposed 春 and 梅, its own flowers: 2 台; 夏 is not its own
    r = score(hand, "5s", seat=0, self_drawn=True, exposed_flowers="1f5f2f", min_tai=0)
    got = {zh: n for _i, _en, zh, _v, n in r.items}
    assert got["正花"] == 2
    # a full set of seasons: 花齐 2; all eight: 8 台 in place of the rest
    r = score(hand, "5s", seat=0, self_drawn=True, exposed_flowers="1f2f3f4f", min_tai=0)
    assert {zh: n for _i, _en, zh, _v, n in r.items}["花齐"] == 1
    r = score(hand, "5s", seat=0, self_drawn=True, exposed_flowers="1f2f3f4f5f6f7f8f")
    assert "八花" in names(r) and not {"正花", "花齐"} & names(r)


def test_three_wilds_self_drawn() -> None:
    r = score("123m456p789s3s3s3s5z5z", "5z", self_drawn=True, wilds="3s")
    # 三财神 3 + 自摸 1 + 平糊 1 (the three wilds read as a chow)
    assert "三财神" in names(r) and r.qualifying_total == 5
    r = score("123m456p789s3s3s3s5z5z", "5z", discarder=2, wilds="3s", min_tai=0)
    assert "三财神" not in names(r)


# ---- scripted hands: honours 北 / 中 / 发 fill the wall's tail, so the turned 百搭 (the
# smaller die counts stacks from the tail) is one of them; the hands hold none
TAIL = "4z4z4z4z6z6z6z6z7z7z7z7z"


def _pass_or(g: Game, action: str) -> None:
    while action not in g.legal_action_names():
        g.step("pass")
    g.step(action)


@pytest.mark.parametrize(("seat1", "can_win"), [("123m456p777s88s23p", False),
                                                ("111m345m678m99m13m", True)])  # fmt: skip
def test_the_four_tai_gate_excludes_the_base(seat1: str, can_win: bool) -> None:
    # seat 3 discards seat 1's winning tile (4p: 1 台; 2m: 清一色 夹 硬糊 = 6 台)
    win = "4p" if not can_win else "2m"
    dealer = "1s2s3s4s5s6s7s8s9s1z1z2z2z"
    wall = make_wall({0: dealer, 1: seat1, 3: "3z3z3z5z5z5s9p9p8p" + win + "1s9s9s"}, "2z",
                     "5s9p5s", tail=TAIL, flowers=8)  # fmt: skip
    g = Game("ningbo", wall=wall, seed=1)
    g.step("discard 1z")
    _pass_or(g, "discard 5s")  # seat 1 draws 5s and throws it
    _pass_or(g, "discard 9p")  # seat 2
    _pass_or(g, f"discard {win}")  # seat 3
    for _ in range(4):
        if g.current_player == 1 or "pass" not in g.legal_action_names():
            break
        g.step("pass")
    assert (g.current_player == 1 and "win" in g.legal_action_names()) == can_win


def test_an_earthly_discard_win_scores_as_the_engine_pays_it() -> None:
    # seat 1 wins on the dealer's first discard, 2m: 清一色 4 + 夹 1 + 硬糊 1 + 地胡 6 = 12 台,
    # 13 from the discarder (the engine flags 地胡 on any first-go-round win before the
    # winner's own first discard)
    seat1 = "111m345m678m99m13m"
    wall = make_wall({0: "1s2s3s4s5s6s7s8s9s1z1z2z2z", 1: seat1}, "2m", tail=TAIL, flowers=8)
    g = Game("ningbo", wall=wall, seed=1)
    wilds = [int(k) for k in np.flatnonzero(g.state.wild[0][:34])]
    assert wilds and all(k >= 27 for k in wilds)  # an honour from the tail: not in seat 1's hand
    g.step("discard 2m")
    _pass_or(g, "win")
    while not g.done:
        g.step("pass")
    assert g.winners == [1] and list(g.payments) == [-13, 13, 0, 0]
    r = score("111m345m678m99m123m", "2m", discarder=0, earthly=True, wilds=wilds)
    assert names(r) == {"胡牌基本分", "清一色", "夹", "硬糊", "地胡"}
    assert r.payments == list(g.payments)
    # without 地胡 it is 6 台: the flag is what the engine paid
    assert score("111m345m678m99m123m", "2m", discarder=0, wilds=wilds).payments == [-7, 7, 0, 0]


def test_random_hands_keep_every_invariant() -> None:
    r, _, won = check_random_hands("ningbo", 2000, seed=5, threads=1)
    assert won.any() and np.all(r["n_winners"] <= 1)
    assert np.all(r["value"][won] >= 5)  # 1 + at least 4 台


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("ningbo")


def test_spec_fields() -> None:
    spec = variants.get("ningbo")
    assert spec.tile_set == "144" and spec.wild_flower_groups and spec.min_fan == 1
    assert spec.compile().fan_header[3] == 4  # min_to_win: 4 台


def _game_with_north_wild(wall: list[int]) -> Game:
    """The first seed whose dice turn a 北 from the tail (the tail is 北 x3 then 8s / 9s)."""
    for seed in range(64):
        g = Game("ningbo", wall=wall, seed=seed)
        if g.state.wild[0, 30]:
            return g
    raise AssertionError("no seed turns a 北")


def test_t4_8_a_lone_wild_wait_wins_by_self_draw_only() -> None:
    # seat 1: 123m 456m 中中中 发发发 + 北 (the wild): every tile wins; on the dealer's first
    # discard it would be 箭刻 2 + 地胡 6 = 8 台, but a lone wild wait may not win on a discard;
    # its self-draw may
    seat1 = "1m2m3m4m5m6m7z7z7z6z6z6z4z"
    dealer = "1s2s3s4s5s6s7s1p2p3p5p6p7p"
    wall = make_wall({0: dealer, 1: seat1}, "9p", "5p", tail="4z4z4z8s8s8s8s9s9s9s9s1s",
                     flowers=8, avoid="4z6z7z")  # fmt: skip
    g = _game_with_north_wild(wall)
    g.step("discard 9p")
    assert not (g.phase == "react" and "win" in g.legal_action_names())  # no discard win
    while g.current_player != 1:
        g.step("pass")
    assert g.phase == "turn" and "win" in g.legal_action_names()  # its draw, 5p
    g.step("win")
    # 1 + 箭刻 2 + 自摸 1 + 地胡 6 (its first draw) = 10 from each
    assert g.done and list(g.payments) == [-10, 30, -10, -10]


def _react(g: Game, wins: dict[int, str]) -> None:
    """Answer the reaction window: seat ``p`` plays ``wins[p]`` when a win is offered, every
    other answer is a pass."""
    while not g.done and g.phase == "react":
        offered = "win" in g.legal_action_names()
        g.step(wins.get(g.current_player, "pass") if offered else "pass")


def test_t4_6_no_kong_in_the_turn_of_a_pung() -> None:
    # seat 1 holds three 6s and pungs the dealer's 6s: the fourth 6s may not be added to the
    # pung in the same turn, only on its next draw ("碰后不能立即杠牌")
    dealer = "1m2m3m4m5m6m7m8m9m1z1z2z6s"
    seat1 = "6s6s6s1p2p3p4p5p6p7p8p9p3z"
    wall = make_wall({0: dealer, 1: seat1}, "2z", "3z3z3z9s", tail=TAIL, flowers=8)
    g = Game("ningbo", wall=wall, seed=1)
    g.step("discard 6s")
    _pass_or(g, "pung")
    assert g.current_player == 1 and g.phase == "turn"
    assert not any(n.startswith("kong") for n in g.legal_action_names())
    g.step("discard 3z")
    for _ in range(3):  # seats 2, 3 and the dealer throw the 3z they draw
        _pass_or(g, "discard 3z")
    while g.phase == "react":
        g.step("pass")
    assert g.current_player == 1 and g.phase == "turn"  # its draw, 9s
    assert "kong 6s" in g.legal_action_names()


def test_t4_7_after_a_chow_neither_end_of_the_sequence_may_be_discarded() -> None:
    # seat 1 chows the dealer's 1m with 2m 3m: it may then throw neither 1m nor 4m
    # ("吃牌123万，吃1万，就不能出1万和4万")
    dealer = "1m5m6m7m8m9m1s2s3s4s5s6s7s"
    seat1 = "1m2m3m4m1p2p3p4p5p6p7p8p9p"
    wall = make_wall({0: dealer, 1: seat1}, "8s", tail=TAIL, flowers=8)
    g = Game("ningbo", wall=wall, seed=1)
    g.step("discard 1m")
    _pass_or(g, "chow_low")
    while g.phase == "react":  # seat 2 may pung the 1m: it passes
        g.step("pass")
    assert g.current_player == 1 and g.phase == "turn"
    legal = g.legal_action_names()
    assert "discard 1m" not in legal and "discard 4m" not in legal
    assert "discard 9p" in legal


@pytest.mark.parametrize(("seat1_answer", "winner"), [("win", 1), ("pass", 2)])
def test_t4_9_only_the_nearest_claimant_wins(seat1_answer: str, winner: int) -> None:
    # seats 1 and 2 both win on the dealer's 2m (seat 1: 清一色 夹 硬糊; seat 2: 位风 箭刻 夹
    # 硬糊, each at least 4 台): seat 1, the nearest after the discarder, wins alone; seat 2
    # wins only when seat 1 lets the tile go
    dealer = "1s2s3s4s5s6s7s8s9s1z1z2z2m"
    seat1 = "3m4m5m6m7m8m9m9m9m1m1m1m3m"
    seat2 = "3z3z3z5z5z5z1p1p1p2p2p1m3m"
    wall = make_wall({0: dealer, 1: seat1, 2: seat2}, "2z", tail=TAIL, flowers=8)
    g = Game("ningbo", wall=wall, seed=1)
    g.step("discard 2m")
    _react(g, {1: seat1_answer, 2: "win"})
    assert g.done
    pays = list(g.payments)
    assert pays[winner] > 0 and pays[0] == -pays[winner]  # the discarder pays the winner
    assert all(pays[p] == 0 for p in (1, 2, 3) if p != winner)


# ---- example 5: the dice place the indicator; a turned season makes the seasons wild
SPRING, SUMMER, AUTUMN, PLUM, ORCHID = 34, 35, 36, 38, 39
FLOWER_KONG = DECLARE + 2  # 杠花


def _t4_5_game() -> Game:
    """The first seed whose opening roll is a 5 and a 2, on a wall whose 141st tile (0-based:
    the top of the second stack from the tail) is 夏. The dealer (East) holds 123m 456m 789m
    123p and 梅 and draws 春 as its 14th tile; 梅 is replaced from the tail by 5p. Seat 1 holds
    秋, seat 2 兰 (replaced by 9s)."""
    dealer = "1m2m3m4m5m6m7m8m9m1p2p3p5f"
    seat1 = "3f1s1s2s2s3s4s4s6s6s7s7s8s"
    seat2 = "6f1z1z2z2z3z3z4z4z5z5z6z6z"
    wall = make_wall({0: dealer, 1: seat1, 2: seat2}, "1f", "7s", tail="5p9s2f", flowers=8)
    assert wall[141] == SUMMER
    for seed in range(400):
        g = Game("ningbo", wall=wall, seed=seed)
        if sorted(g.dice) == [2, 5]:
            return g
    raise AssertionError("no seed rolls a 5 and a 2")


def test_t4_5_dice_place_the_indicator_and_a_turned_season_makes_the_seasons_wild() -> None:
    """Worked example 5: dice 5 and 2, the indicator is the top tile of the 2nd stack from
    the end of the wall (the smaller die); it is 夏, so 春 / 秋 / 冬 are wild, are never
    replaced nor exposed as 杠花, and score no flower 台. (The wall a ``Game`` is given already
    starts at the break, so the larger die has nothing left to place.)"""
    g = _t4_5_game()
    s = g.state
    assert int(s.tv[0, TV_IND_POS]) == 144 - 2 * 2 + 1  # stack 2 from the tail, its top tile
    assert int(s.tv[0, TV_INDICATOR]) == SUMMER and int(s.tv[0, TV_WILD_FLOWERS]) == 0x0F
    assert not s.wild[0].any()  # no suited or honour kind is wild
    # the wild 秋 and 春 stay in the hands (no 补花); 兰 and 梅 are set aside and replaced
    assert int(s.pv[0, 1, PV_HELD_FLOWERS]) == 1 << (AUTUMN - 34)
    assert int(s.pv[0, 1, PV_N_FLOWERS]) == 0 and int(s.pv[0, 2, PV_N_FLOWERS]) == 1
    assert int(s.pv[0, 0, PV_HELD_FLOWERS]) == 1 << (SPRING - 34)
    assert int(s.pv[0, 0, PV_N_FLOWERS]) == 1 and g.hands[0, PLUM] == 1
    assert g.hands[2, ORCHID] == 1 and int(g.hands[2, :34].sum()) == 13  # 兰 replaced by 9s
    assert FLOWER_KONG not in g.legal_actions()  # the dealer's wild 春 is never exposed
    g.step("discard 9m")
    while g.phase == "react":
        g.step("pass")
    # seat 1 draws 7s: its wild 秋 may not be exposed either
    assert g.current_player == 1 and g.phase == "turn"
    assert g.hands[1, AUTUMN] == 1 and FLOWER_KONG not in g.legal_actions()


def test_t4_5_a_wild_season_completes_the_hand_and_scores_no_flower_tai() -> None:
    """Worked example 5, scored: the dealer's 14th tile, the wild 春, is its second 5p: 天胡.
    Its exposed 梅 scores 正花 1, its 春 (also an East flower) nothing: 1 + 自摸 1 + 平糊 1 +
    天胡 8 + 正花 1 = 12 from each, what the same hand pays with a suited wild in 春's place."""
    g = _t4_5_game()
    assert WIN in g.legal_actions()
    g.step(WIN)
    assert g.winners == [0]
    zh = [n.rsplit(" ", 1)[-1] for n in item_names(g.spec)]
    got = {zh[i]: int(n) for i, n in enumerate(g.items[0]) if n}
    assert got["正花"] == 1 and got["天胡"] == 1  # 梅 only
    assert list(g.payments) == [36, -12, -12, -12]
    same = mjsim.score("ningbo", "123m456m789m123p5p9s", win_tile="9s", seat=0, dealer=0,
                       self_drawn=True, heavenly=True, exposed_flowers="5f", wilds="9s")  # fmt: skip
    assert same.payments == [36, -12, -12, -12]


def test_a_held_flower_that_is_not_wild_is_in_no_set() -> None:
    """A plain flower kept in the hand until its 杠花 is a tile of the hand that belongs to no
    set: the hand is no win while it is held. Self-play hand 2389 of seed 11 (greedy, random,
    greedy, random): seat 1 (random, which need not expose its flowers) holds three plain
    flowers (a multiple of three, so the count still looks 3n+2), 5p and its 1s wild, three
    melds, and draws the plain flower 8f. The shape test counted the 5p + wild pair as the whole
    hand (a win with a set fewer) and the value read the drawn flower (kind 41) as the winning
    kind, writing past the detector's 34-kind arrays (the heap corruption of a long
    ``simulate``)."""
    from mjsim.agents import KernelAgent

    from mjsim.engine.shapes import _shape_win
    from mjsim.engine.state import TV_DRAWN, WK_SELF_DRAW
    from mjsim.engine.win_context import _value_with_tile
    from mjsim.rules.params import P_WIN_SHAPES

    hand = 2389
    g = Game("ningbo", seed=11, hand_no=hand, dealer=hand % 4, first_dealer=0, record=False)
    bots = [KernelAgent(a) for a in ("greedy", "random", "greedy", "random")]
    s, r = g.state, g.rules
    plain_flowers = 0
    while not g.done:
        p = g.current_player
        plain = int(s.pv[0, p, PV_HELD_FLOWERS]) & ~int(s.tv[0, TV_WILD_FLOWERS])
        if p == 1 and int(s.tv[0, TV_DRAWN]) == 41 and plain.bit_count() == 3:
            plain_flowers = plain
            break
        g.step(bots[g.players_at_seats[p]].act(g, g.legal_mask()))
    assert plain_flowers == (1 << 0) | (1 << 3) | (1 << 7)  # 1f, 4f, 8f (8f just drawn)
    h = s.hands[0, 1]
    assert [k for k in range(34) if h[k]] == [13, 18] and int(s.wild[0, 18]) == 1  # 5p, 1s wild
    assert not _shape_win(s, r, 0, 1, h, r.params[P_WIN_SHAPES], 0)
    assert _value_with_tile(s, r, 0, 1, 41, WK_SELF_DRAW, -1) == -1
    assert not g.legal_mask()[WIN]
