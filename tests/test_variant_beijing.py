"""beijing (Beijing 北京麻将): the worked examples B1..B8 of its rules through ``mjsim.score``,
scripted hands through the engine (an opened hand wins by self-draw only, the winner's exposed
kong paid by its discarder, 跟庄, 上楼, the three-kong draw), and self-play with the invariants
checked (docs/variants/beijing.md)."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import discard_drawn, make_wall
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.actions import PASS, WIN
from mjsim.engine import Game
from mjsim.engine.state import PV_PAY, TV_LEVEL, TV_NEXT_LEVEL
from mjsim.stats import paired_diff

# a plain opened hand: 789m chowed, 234m 567p 345s 55s concealed, the 5s drawn (推倒和, 0 番)
PLAIN, PLAIN_MELDS = "234m567p345s55s", ["chow 789m"]
# a closed hand with no other item: 门清 1 番
CLOSED = "123m789m567p345s55s"


def score(hand, win, **kw):
    return mjsim.score("beijing", hand, win_tile=win, **kw)


def names(r) -> set[str]:
    return {zh for _i, _en, zh, _v, _n in r.items}


def test_b1_non_dealer_self_draws_a_plain_win() -> None:
    r = score(PLAIN, "5s", melds=PLAIN_MELDS, self_drawn=True, seat=1, dealer=0)
    assert r.total == 0 and names(r) == {"推倒和"}
    assert r.payments == [-20, 40, -10, -10]  # 平摸: the dealer 20, each other 10


def test_b2_dealer_self_draws_a_plain_win() -> None:
    r = score(PLAIN, "5s", melds=PLAIN_MELDS, self_drawn=True, seat=0, dealer=0)
    assert r.total == 0 and r.payments == [60, -20, -20, -20]  # 庄摸: 20 from each


def test_b3_closed_hand_wins_on_a_non_dealers_discard() -> None:
    r = score(CLOSED, "5s", seat=1, dealer=0, discarder=2)
    assert r.total == 1 and names(r) == {"门清"}
    assert r.payments == [0, 40, -40, 0]  # 平点 20 x 2


def test_b4_dealer_closed_hand_wins_on_a_discard() -> None:
    r = score(CLOSED, "5s", seat=0, dealer=0, discarder=2)
    assert r.payments == [60, 0, -60, 0]  # 庄点 30 x 2


def test_b5_dealer_deals_into_a_closed_all_pungs() -> None:
    r = score("111m333p777s999s22z", "9s", seat=1, dealer=0, discarder=0)
    assert r.total == 2 and names(r) == {"门清", "对对和"}
    assert r.payments == [-160, 160, 0, 0]  # 点庄 40 x 4


def test_b6_the_cap_of_six_fan_and_640_per_payer() -> None:
    # 清一色 5 + 门清 1 + 一条龙 3 = 9 番, capped at 6: 10 x 64 = 640 from each non-dealer;
    # the dealer's 20 x 64 = 1280 is cut to 640
    r = score("123m456m789m234m55m", "2m", self_drawn=True, seat=1, dealer=0)
    assert r.total == 6 and names(r) == {"清一色", "门清", "一条龙"}
    assert r.payments == [-640, 1920, -640, -640]
    # the parameters: a 5 番 cap and no per-payer cap
    r = score("123m456m789m234m55m", "2m", self_drawn=True, seat=1, dealer=0, cap=5, payer_cap=0)
    assert r.payments == [-640, 1280, -320, -320]


def test_b8_the_winners_kongs_are_paid_on_top() -> None:
    # an exposed kong of 5z fed by seat 3 and a concealed kong of 1p; 推倒和 by self-draw:
    # the hand 20 / 10 / 10, the concealed kong 20 from each, the exposed kong 10 from seat 3
    r = score(
        "234m567p55s", "5s", melds=["kong 5555z from 2", "concealed_kong 1111p"],
        self_drawn=True, seat=1, dealer=0,
    )  # fmt: skip
    assert r.total == 0
    assert r.payments == [-40, 110, -30, -40]
    # an added kong is paid by the seat whose discard was punged; kongs are not capped
    r = score(
        "234m567m789p99m", "9m", melds=["added_kong 5555z from 1"], self_drawn=True, seat=1,
        dealer=0,
    )  # fmt: skip
    assert r.total == 0 and r.payments == [-20, 50, -20, -10]


def test_the_other_items() -> None:
    # 七对 4 + 门清 1; 豪华七对 one more; 捉五魁 (5万 in 4_6万); 海底捞月 on the last discard
    r = score("1122m3344p5566s77z", "7z", seat=1, dealer=0, discarder=2)
    assert r.total == 5 and names(r) == {"七对", "门清"}
    r = score("1111m3344p5566s77z", "7z", seat=1, dealer=0, discarder=2)
    assert r.total == 6 and names(r) == {"七对", "豪华七对", "门清"}
    r = score("456m789m567p345s55s", "5m", seat=1, dealer=0, discarder=2)
    assert names(r) == {"门清", "捉五魁"} and r.total == 2
    r = score(CLOSED, "5s", seat=1, dealer=0, discarder=2, last_wall_tile=True)
    assert names(r) == {"门清", "海底捞月"}
    r = score("55s", "5s", melds=["chow 123m", "chow 456m", "pung 777p", "pung 111z"],
              self_drawn=True, seat=1, dealer=0)  # fmt: skip
    assert names(r) == {"大钓"}
    r = score(PLAIN, "5s", melds=["kong 5555z from 2"], self_drawn=True, seat=1, dealer=0,
              kong_replacement=True)  # fmt: skip
    assert names(r) == {"杠上开花"}


def test_the_spec() -> None:
    spec = variants.get("beijing")
    assert spec.open_hand_self_draw_only and spec.min_fan_discard == 1
    assert spec.dealer_level_max == 2 and spec.follow_dealer == 10
    assert spec.abort_on_kongs == "three_players"
    assert (spec.wall_reserve, spec.reserve_per_kong, spec.reserve_free_kongs) == (14, 2, 1)
    rec = variants.get("beijing", score_values=(6, 0)).compile().pay_record
    from mjsim.scoring.payments import K_PAYER_CAP

    assert rec[K_PAYER_CAP] == 0


# seat 1: 23m 456p 789p 234s 5s 7z; it chows the dealer's 4m (chow_high), discards 7z and waits
# on 5s; seat 2 draws the 5s and discards it
SEAT1_OPEN = "23m456p789p234s5s7z"


def test_b7_an_opened_hand_may_not_win_on_a_discard() -> None:
    other = "1s6s7s8s2p3p5m6m7m1z2z3z4z"  # seats 2 and 3: no claim, no win
    hands = {0: "4m1m1m1m9m9m9m1p1p1p9s9s9s", 1: SEAT1_OPEN, 2: other, 3: other}
    wall = make_wall(hands, "3z", draws="5s")
    g = Game("beijing", wall=wall)
    g.step("discard 4m")
    assert g.current_player == 1 and "chow_high" in g.legal_action_names()
    g.step("chow_high")
    g.step("discard 7z")
    while g.phase == "react":
        g.step(PASS)
    assert g.current_player == 2
    g.step("discard 5s")
    while g.phase == "react":
        assert g.current_player != 1 or WIN not in g.legal_actions()
        g.step(PASS)


def test_a_closed_hand_wins_on_a_discard() -> None:
    # seat 1 holds 123m 456p 789p 234s 5s (closed, waiting on 5s): 门清 1, 平点 20 x 2
    other = "1s6s7s8s2p3p5m6m7m1z2z3z4z"
    hands = {0: "5s1m1m1m9m9m9m1p1p1p9s9s9s", 1: "123m456p789p234s5s", 2: other, 3: other}
    wall = make_wall(hands, "3z")
    g = Game("beijing", wall=wall)
    g.step("discard 5s")
    assert g.current_player == 1 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [1]
    assert list(g.payments) == [-80, 80, 0, 0]  # 点庄: the dealer deals in, 40 x 2


def test_the_winners_exposed_kong_is_paid_by_its_discarder() -> None:
    # seat 1 kongs the dealer's 1z and self-draws 5s on the replacement: 杠上开花 1 番 (the
    # hand is open): 20 x 2 from the dealer, 10 x 2 from each other; the kong 10 from the dealer
    seat1 = "1z1z1z1m2m3m4m5m6m7p8p9p5s"
    wall = make_wall({0: "1z2m3m4m5m6m7m8m1p2p3p4p9m", 1: seat1}, "6p", tail="5s")
    g = Game("beijing", wall=wall)
    g.step("discard 1z")
    g.step("exposed_kong")
    assert g.current_player == 1 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [1]
    assert list(g.payments) == [-50, 90, -20, -20]


# every seat holds one 9m: the dealer's first discard followed by all three (跟庄)
DEALER = "1m2m3m4m5m6m7m8m1p2p3p4p9m"
SEAT1 = "1s2s3s4s5s6s7s8s1z1z2z2z9m"
SEAT2 = "2m3m4m6p7p8p9p9s9s3z3z4z9m"
SEAT3 = "3m4m5m6m7m8m1p2p3p4p6z6z9m"


def _pass_or(g: Game, action: str) -> None:
    while action not in g.legal_action_names():
        g.step("pass")
    g.step(action)


def test_follow_the_dealer_pays_each_ten() -> None:
    wall = make_wall({0: DEALER, 1: SEAT1, 2: SEAT2, 3: SEAT3}, "5p", "7z7z7z1s")
    g = Game("beijing", wall=wall)
    g.step("discard 9m")
    for _ in range(3):
        _pass_or(g, "discard 9m")
    while g.phase == "react":  # the dealer may chow the last 9m: it passes
        g.step("pass")
    assert g.current_player == 0
    assert [int(g.state.pv[0, q, PV_PAY]) for q in range(4)] == [-30, 10, 10, 10]


def _play_to_draw(g: Game) -> None:
    while not g.done:
        if g.phase == "react":
            g.step(PASS)
        else:
            discard_drawn(g)


def test_dealer_levels_double_the_hand_not_the_kongs() -> None:
    # the dealer's 14 tiles are complete: after two drawn hands (上楼 twice) it wins at once
    w = make_wall({0: "123m456m789m123p5p"}, "5p")
    g = Game("beijing", wall=w)
    ref = Game("beijing", wall=w, dealer_level_max=0)
    for lv in (1, 2):
        _play_to_draw(g)
        _play_to_draw(ref)
        assert g.winners == [] and list(g.payments) == list(ref.payments)
        assert int(g.state.tv[0, TV_NEXT_LEVEL]) == lv
        g.next_hand()
        ref.next_hand()
        assert int(g.state.tv[0, TV_LEVEL]) == lv
    g.step(WIN)
    ref.step(WIN)
    assert g.winners == [0] == ref.winners
    # 门清 1 + 一条龙 3 = 4 番: 20 x 16 = 320 from each (under the 640 cap), x 4 at level 2
    assert list(ref.payments) == [960, -320, -320, -320]
    assert list(g.payments) == [3840, -1280, -1280, -1280]


def test_random_hands_keep_every_invariant() -> None:
    r, pays, won = check_random_hands("beijing", 2000, seed=5, threads=1)
    assert won.any() and np.all(r["n_winners"] <= 1)
    # a drawn hand pays nothing (kongs are paid to a winner only) but 跟庄
    for row in pays[~won]:
        assert not row.any() or sorted(row.tolist()) == [-30, 10, 10, 10]
    # a payer pays at most 640 x 4 (上楼 level 2) for the hand, 20 per kong of the winner and
    # 30 for 跟庄 (the dealer)
    assert np.all(pays.min(axis=1) >= -(640 * 4 + 4 * 20 + 30))


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("beijing")


def test_greedy_beats_random() -> None:
    agents = ["greedy", "random"] * 2
    rows = mjsim.simulate("beijing", 400, agents, seed=11, threads=1, check=True)
    assert (rows["error"] == 0).all()
    g = np.mean([rows["pay0"], rows["pay2"]], axis=0)
    r = np.mean([rows["pay1"], rows["pay3"]], axis=0)
    d, _p = paired_diff(g, r)
    assert d.lo > 0, d


@pytest.mark.parametrize("rule", ["three_players", "none"])
def test_kongs_by_three_seats_end_the_hand_as_a_draw(rule: str) -> None:
    # the dealer, seat 1 and seat 2 each hold a four and kong it on their turn (三家杠荒牌)
    hands = {
        0: "1111m4p5p6p7s8s9s1z2z3z",
        1: "2222m4p5p6p7s8s9s1z2z3z",
        2: "3333m4p5p6p7s8s9s4z6z7z",
        3: "5m6m7m4p5p6p7s8s9s4z6z7z9m",
    }
    wall = make_wall(hands, "5z", draws="8m9m", tail="9p9p8p")
    g = Game(variants.get("beijing", abort_on_kongs=rule), wall=wall)
    for seat, kind in ((0, "1m"), (1, "2m"), (2, "3m")):
        while not (g.phase == "turn" and g.current_player == seat):
            g.step(PASS)
        g.step(f"kong {kind}")
        if seat < 2:
            discard_drawn(g)
    if rule == "none":
        assert not g.done
    else:
        assert g.done and g.winners == [] and list(g.payments) == [0, 0, 0, 0]
