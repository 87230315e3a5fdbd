"""jinan (Jinan 济南麻将): the worked examples JN-a..JN-f of its rules through ``mjsim.score``
(the 花 of flowers, honour pungs and kongs, (花 + 5) x 番, 明楼, 承包, the 2-5-8 pair), the robbed
kong and the drawn-hand multiplier; scripted hands through the engine (杠爆 paid by the kong's
discarder, a 明楼 discarder paying double, 杠开 on a flower's replacement); and self-play with the
invariants checked (docs/variants/jinan.md)."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import discard_drawn, make_wall
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.actions import PASS, READY_SHOWN, WIN, action_from_name
from mjsim.engine import Game
from mjsim.stats import paired_diff

# an ordinary hand: 789m chowed, 234m 567p 345s 55s concealed, won on the 5s: 推倒和, 0 花
PLAIN, PLAIN_MELDS = "234m567p345s55s", ["chow 789m"]
# 混一色 with 2 flowers, a claimed pung of East and a concealed kong of Red: 花 = 2 + 1 + 3
FLUSH, FLUSH_MELDS = "123m456m55m", ["pung 111z", "concealed_kong 7777z"]


def score(hand, win, **kw):
    kw.setdefault("seat", 1)
    kw.setdefault("dealer", 0)
    return mjsim.score("jinan", hand, win_tile=win, **kw)


def names(r) -> set[str]:
    return {zh for _i, _en, zh, _v, _n in r.items}


def test_jn_a_plain_discard_win() -> None:
    r = score(PLAIN, "5s", melds=PLAIN_MELDS, discarder=2)
    assert r.total == 5 and names(r) == {"推倒和"}  # (0 + 5) x 1
    assert r.payments == [0, 5, -5, 0]


def test_jn_b_half_flush_with_flower_points() -> None:
    r = score(FLUSH, "5m", melds=FLUSH_MELDS, flowers=2, discarder=2)
    assert r.total == 22  # (6 + 5) x 2
    assert names(r) == {"花", "风碰", "暗杠", "风暗杠", "混一色"}
    assert r.payments == [0, 22, -22, 0]


def test_jn_c_shown_ready_self_draw_doubles() -> None:
    r = score(FLUSH, "5m", melds=FLUSH_MELDS, flowers=2, self_drawn=True,
              ready_kind="shown_self_draw_only")  # fmt: skip
    assert r.total == 44 and "明楼" in names(r)
    assert r.payments == [-44, 132, -44, -44]


def test_jn_d_three_chows_make_their_feeder_liable() -> None:
    # seat 1 chowed three times (and a fourth) from seat 0; seat 2 deals in: seat 0 pays 3 x 5
    melds = ["chow 789m from 3", "chow 123m from 3", "chow 456p from 3", "chow 123s from 3"]
    r = score("55s", "5s", melds=melds, discarder=2)
    assert r.total == 5 and r.payments == [-15, 15, 0, 0]
    # two chows only: the discarder pays
    r = score("55s", "5s", melds=[*melds[:2], "chow 456p from 2", "chow 123s from 1"], discarder=2)
    assert r.payments == [0, 5, -5, 0]
    # no liability on a self-draw (the rule speaks of discards only)
    r = score("55s", "5s", melds=melds, self_drawn=True)
    assert r.payments == [-5, 15, -5, -5]


def test_jn_e_the_pair_must_be_a_two_five_or_eight() -> None:
    with pytest.raises(ValueError, match="not a winning hand"):
        score("234m567p345s33s", "3s", melds=PLAIN_MELDS, discarder=2)
    # seven pairs have no single pair: no 2-5-8 needed
    r = score("1133m4466p7799s11z", "1z", discarder=2)
    assert r.total == 10 and names(r) == {"七对"}


def test_jn_f_a_pung_completed_by_the_winning_tile_is_no_flower() -> None:
    r = score("234m567p333z55s", "3z", melds=PLAIN_MELDS, discarder=2)
    assert r.total == 5 and names(r) == {"推倒和"}
    r = score("234m567p55s", "5s", melds=[*PLAIN_MELDS, "pung 333z"], discarder=2)
    assert r.total == 6 and names(r) == {"推倒和", "风碰"}


def test_the_kong_flowers_and_the_big_hands_add_up() -> None:
    # a suited exposed kong 1 花, an honour exposed kong 2 花: (3 + 5) x (碰碰和 2)
    r = score("555m88s", "8s", melds=["kong 2222p from 2", "kong 6666z from 1", "pung 999s"],
              discarder=2)  # fmt: skip
    assert r.total == 16 and names(r) == {"明杠", "风明杠", "碰碰和"}
    # 清一色 5 + 一条龙 2 = 7: (0 + 5) x 7
    r = score("123m456m789m234m55m", "2m", discarder=2)
    assert r.total == 35 and names(r) == {"清一色", "一条龙"}
    # 将一色 5 + 碰碰和 2
    r = score("222m555p888s22p", "2p", melds=["pung 555s"], discarder=2)
    assert r.total == 35 and names(r) == {"将一色", "碰碰和"}
    # 天和 6
    r = score("123m456p789s234s55s", "5s", seat=0, self_drawn=True, heavenly=True)
    assert r.total == 30 and names(r) == {"天和"}


def test_all_258_needs_sets_and_a_pair() -> None:
    # 将一色 is "由2、5、8将牌组成的和牌牌型": a winning shape of 2-5-8 tiles, not a free-form hand
    # (the rizhao reading "手上全部是258的牌，再抓到任意一张258就可以和牌")
    with pytest.raises(ValueError, match="not a winning hand"):
        score("258m258m258p22s55s8s", "8s", discarder=2)
    assert variants.get("jinan").win_shapes == ("standard", "seven_pairs")
    # rizhao wins by self-draw only (a discard win is refused there)
    r = mjsim.score(
        "rizhao", "258m258m258p22s55s8s", win_tile="8s", seat=1, dealer=0, self_drawn=True
    )
    assert "将一色" in names(r)


def test_a_shown_ready_discarder_pays_double() -> None:
    r = score(PLAIN, "5s", melds=PLAIN_MELDS, discarder=2, discarder_shown=True)
    assert r.payments == [0, 10, -10, 0]
    with pytest.raises(ValueError, match="discarder_shown"):
        score(PLAIN, "5s", melds=PLAIN_MELDS, self_drawn=True, discarder_shown=True)


def test_a_robbed_kong_is_paid_three_shares_by_the_robbed() -> None:
    r = score(PLAIN, "4s", melds=PLAIN_MELDS, discarder=2, robbing_kong=True)
    assert r.payments == [0, 15, -15, 0]


def test_kong_bloom_liability_and_the_drawn_hand_multiplier() -> None:
    r = score(PLAIN, "5s", melds=PLAIN_MELDS, self_drawn=True, liable=2)
    assert r.payments == [0, 15, -15, 0]  # 杠爆: the kong's discarder pays three shares
    r = score(PLAIN, "5s", melds=PLAIN_MELDS, discarder=2, carry_mult=4)
    assert r.payments == [0, 20, -20, 0]  # after two drawn hands


def test_the_spec() -> None:
    spec = variants.get("jinan")
    assert spec.pair_rule == "258" and spec.flower_bloom and spec.kong_bloom_liable
    assert spec.rob_kong_as_self_draw and spec.multi_winner == "all"
    assert spec.dealer_after_multi_win == "discarder" and spec.dealer_on_draw == "next"
    assert (spec.wall_reserve, spec.reserve_rounding) == (12, "ceil_stacks")
    r = score(PLAIN, "5s", melds=PLAIN_MELDS, discarder=2, di=10)
    assert r.total == 10
    with pytest.raises(ValueError, match="flower_bloom"):
        variants.get("jinan", tile_set="136", flowers="none", flower_bloom=True)


def test_scripted_kong_bloom_is_paid_by_the_kongs_discarder() -> None:
    # seat 1 kongs the dealer's 1z and self-draws 5s on the replacement: 花 2 (an honour
    # exposed kong), 杠上开花 2 番: (2 + 5) x 2 = 14 from each, all three paid by the dealer
    seat1 = "1z1z1z1m2m3m4m5m6m7p8p9p5s"
    wall = make_wall({0: "1z2m3m4m5m6m7m8m1p2p3p4p9m", 1: seat1}, "6p", tail="5s", flowers=8)
    g = Game("jinan", wall=wall)
    g.step("discard 1z")
    g.step("exposed_kong")
    assert g.current_player == 1 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [1]
    assert list(g.payments) == [-42, 42, 0, 0]


def test_scripted_shown_ready_discarder_pays_double() -> None:
    # the dealer declares 明楼 (ready on 5s) discarding 7z; seat 1 waits on 8s (all pungs);
    # the dealer draws the 8s and, its hand locked, discards it: seat 1 wins, (0 + 5) x
    # (碰碰和 2 + 混一色 2), paid double by the 明楼 discarder
    wall = make_wall(
        {0: "123m456m789m234p5s", 1: "111z222z333z444z8s"}, "7z", draws="5z 6z 7z 8s", flowers=8
    )
    g = Game("jinan", wall=wall)
    g.step(READY_SHOWN + 33)
    while g.phase == "react":
        g.step(PASS)
    for _ in range(3):  # seats 1, 2 and 3 discard what they drew
        discard_drawn(g)
        while g.phase == "react":
            g.step(PASS)
    assert g.current_player == 0
    g.step("discard 8s")
    while g.phase == "react" and g.current_player != 1:
        g.step(PASS)
    assert g.current_player == 1 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [1]
    assert list(g.payments) == [-40, 40, 0, 0]


def test_scripted_flower_replacement_is_a_kong_bloom() -> None:
    # seat 1 waits on 5s; on its first turn it draws a flower, sets it aside and draws the 5s
    # from the tail: 花 1; 地和 5 + 混一色 2 + 碰碰和 2 + 杠上开花 2 = 11 番: (1 + 5) x 11
    wall = make_wall({1: "111z222z333z444z5s"}, "7z", draws="1f", tail="5s", flowers=8)
    g = Game("jinan", wall=wall)
    discard_drawn(g)
    while g.phase == "react":
        g.step(PASS)
    assert g.current_player == 1 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [1]
    assert list(g.payments) == [-66, 198, -66, -66]
    off = Game(variants.get("jinan", flower_bloom=False), wall=wall)
    discard_drawn(off)
    while off.phase == "react":
        off.step(PASS)
    off.step(WIN)
    assert list(off.payments) == [-54, 162, -54, -54]  # (1 + 5) x 9, no 杠开


def test_random_hands_keep_every_invariant() -> None:
    r, pays, won = check_random_hands("jinan", 2000, seed=5, threads=1)
    assert won.any()
    assert np.all(r["value"][won] >= 5)
    assert not pays[~won].any()  # a drawn hand pays nothing


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("jinan")


def test_greedy_beats_random() -> None:
    agents = ["greedy", "random"] * 2
    rows = mjsim.simulate("jinan", 400, agents, seed=11, threads=1, check=True)
    assert (rows["error"] == 0).all()
    g = np.mean([rows["pay0"], rows["pay2"]], axis=0)
    r = np.mean([rows["pay1"], rows["pay3"]], axis=0)
    d, _p = paired_diff(g, r)
    assert d.lo > 0, d


def test_the_greedy_bot_declares_the_shown_ready() -> None:
    from mjsim.agents.greedy import valued_ready_kind

    assert valued_ready_kind(variants.get("jinan").compile()) == 2  # 明楼 x 2


def test_scripted_three_chows_from_the_dealer_make_it_pay_three_shares() -> None:
    # seat 1 chows the dealer's 3m, 3s and 9m (discarding 1z, 2z, 3z) and waits on 8s with
    # 777p 8s; seat 2 draws the 8s and discards it: 承包, the dealer pays 3 x 5, seat 2 nothing
    other = "4m6m8m4p8p9p5s7s9s4z5z6z7z"
    hands = {0: "3m9m3s1p2p3p4s5s6s4p5p6p9s", 1: "1m2m1s2s7m8m1z2z3z777p8s", 2: other, 3: other}
    g = Game("jinan", wall=make_wall(hands, "9p", draws="4z5z6z7z4z5z8s", flowers=8))
    for chowed, junk in (("3m", "1z"), ("3s", "2z"), ("9m", "3z")):
        while not (g.phase == "turn" and g.current_player == 0):
            if g.phase == "react":
                g.step(PASS)
            else:
                discard_drawn(g)
        g.step(f"discard {chowed}")
        while g.current_player != 1:
            g.step(PASS)
        g.step("chow_high")
        g.step(f"discard {junk}")
    while g.phase == "react":
        g.step(PASS)
    assert g.current_player == 2
    discard_drawn(g)  # the 8s
    while g.phase == "react" and g.current_player != 1:
        g.step(PASS)
    assert g.current_player == 1 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [1]
    assert list(g.payments) == [-15, 15, 0, 0]


def _double_ron(spec) -> Game:
    # the dealer's first discard 6s completes seat 1 (one-suit straight 123-789m, 2p pair) and
    # seat 2 (456s and a 5m pair): both win on it
    wall = make_wall(
        {1: "123m456m789m2p2p4s5s", 2: "123p789p456s5m5m7s8s"}, "6s", flowers=8, avoid="6s"
    )
    g = Game(spec, wall=wall)
    g.step(action_from_name("discard 6s"))
    while g.phase == "react":
        g.step(WIN if WIN in g.legal_actions() else PASS)
    assert g.done and g.winners == [1, 2]
    return g


def test_a_discarder_short_of_points_shares_them_out() -> None:
    # in full: seat 1 is owed (0 + 5) x (一条龙 2 + 地和 5) = 35, seat 2 (0 + 5) x 地和 5 = 25
    full = list(_double_ron(variants.get("jinan")).payments)
    assert full == [-60, 35, 25, 0]
    # with start_points=12 the dealer has 12 points, shared in proportion to 35 and 25: seat 2
    # gets 12 x 25 // 60 = 5, seat 1 the rest, 7 (the remainder goes to the nearest winner)
    g = _double_ron(variants.get("jinan", start_points=12, short_discarder_split=True))
    assert list(g.payments) == [-12, 7, 5, 0]
    # enough points: paid in full; the option off: paid in full whatever the points
    g = _double_ron(variants.get("jinan", start_points=60, short_discarder_split=True))
    assert list(g.payments) == full
    g = _double_ron(variants.get("jinan", start_points=12))
    assert list(g.payments) == full
    with pytest.raises(ValueError, match="short_discarder_split"):
        variants.get("jinan", short_discarder_split=True)
