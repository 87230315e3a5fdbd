"""taiyuan (太原立四麻将): the worked examples of its points and payments through
``mjsim.score``, a scripted hand through the engine (立牌 ready declaration, forced win, the
unready discarder's extra point, the dealer's point in every pair), and self-play with the
invariants checked. The 立牌 rules themselves are tested in tests/test_rules_standing.py."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import make_wall
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.engine import Game


def score(hand, win, **kw):
    return mjsim.score("taiyuan", hand, win_tile=win, **kw)


def test_t9_6_self_draw_closed_wait_missing_suit_concealed_kong() -> None:
    # (1 + 嵌张 1 + 缺门 1) x 2 + 暗杠 2 = 8 per payer; the dealer pays 2 more (庄家 +1, doubled)
    r = score("123m456m123p77m", "2p", melds=["concealed_kong 1111z"], self_drawn=True,
              seat=1, dealer=0)  # fmt: skip
    assert r.total == 8
    assert {zh for _i, _en, zh, _v, _n in r.items} == {"和牌", "缺门", "嵌张", "自摸", "暗杠"}
    assert r.payments == [-10, 26, -8, -8]


def test_t9_7_pure_straight_from_an_unready_discarder_all_pay() -> None:
    # 1 + 青龙 20 = 21 from each; the unready discarder C pays 1 more
    kw = dict(seat=1, dealer=0, discarder=3, discarder_ready=False)
    r = score("123456789m123p55s", "5s", dealer_bonus=0, **kw)
    assert r.total == 21 and r.payments == [-21, 64, -21, -22]
    # with the dealer's point (default): the dealer, seat 0, pays 1 more
    r = score("123456789m123p55s", "5s", **kw)
    assert r.payments == [-22, 65, -21, -22]


@pytest.mark.parametrize(("ready", "want"), [(True, 2), (False, 3)])
def test_ta_tb_closed_wait_discarder_pays(ready, want) -> None:
    # the other reading: the discarder alone pays; +1 when it was not ready
    r = score("234m456m789s123p55s", "2p", seat=1, dealer=0, discarder=2,
              discarder_ready=ready, discard_everyone=False)  # fmt: skip
    assert r.total == 2 and r.payments == [0, want, -want, 0]


def test_tc_self_draw_edge_wait_missing_suit_exposed_kong() -> None:
    # (1 + 镶边 1 + 缺门 1) x 2 + 明杠 1 = 7 per payer; the dealer 9
    r = score("123m456p789p55p", "3m", melds=["kong 1111z"], self_drawn=True, seat=1, dealer=0)
    assert r.total == 7 and r.payments == [-9, 23, -7, -7]


def test_td_dealer_self_draw_pure_straight() -> None:
    # (1 + 青龙 20 + 庄家 1) x 2 = 44 per payer
    r = score("123456789m234p55s", "5s", self_drawn=True, seat=0, dealer=0)
    assert r.total == 42 and r.payments == [132, -44, -44, -44]


def test_closed_and_edge_waits_need_the_only_winning_tile() -> None:
    # 3m completes 12m (an edge wait), but 12m 345m also waits on 6m (123m + 45m): no 镶边
    r = score("123m345m789p123s55s", "3m", seat=1, discarder=2, discarder_ready=True)
    assert "镶边" not in {zh for _i, _en, zh, _v, _n in r.items}
    r = score("123m345m789p123s55s", "3m", seat=1, discarder=2, unique_wait=False)
    assert r.total == 2 and "镶边" in {zh for _i, _en, zh, _v, _n in r.items}


def test_a_flush_is_not_one_suit_missing() -> None:
    r = score("123456789m111z22z", "2z", seat=1, discarder=2, discarder_ready=True)
    assert {zh for _i, _en, zh, _v, _n in r.items} == {"和牌", "青龙"} and r.total == 21


def test_only_standard_hands_and_the_parameters() -> None:
    with pytest.raises(ValueError, match="not a winning hand"):
        score("1122m3344p5566s77z", "7z", seat=1)
    spec = variants.get("taiyuan", score_values=(0, 1, 1, 1, 20))
    assert spec.compile().pay_record[2] == 0  # the discarder alone pays


# the dealer's 13 dealt tiles start with its four standing tiles 5s 1m 2m 3m
DEALER = "5s1m2m3m4m5m6m7m8m9m1p1p2p"
SEAT1 = "5s5s1z1z2z2z3z3z4z4z6z6z7z"
SEAT2 = "7s7s7s9s9s9s8s8s8s6s6s6s2s"
SEAT3 = "9m9m2m2m3m3m5p5p6p6p7p7p8p"


def test_scripted_ready_forced_win_and_payments() -> None:
    # the dealer declares ready with its standing 5s (123m 456m 789m 11p 23p: waits 1p / 4p);
    # seat 1, not ready, discards 4p; the dealer must win: 1 + 缺门 1 + 青龙 20 = 22 from each,
    # +1 in each pair with the dealer, +1 from the unready discarder
    g = Game("taiyuan", wall=make_wall({0: DEALER, 1: SEAT1, 2: SEAT2, 3: SEAT3}, "3p", "4p"))
    g.step("ready_discard 5s")
    assert g.current_player == 1
    g.step("discard 4p")
    assert g.current_player == 0 and g.legal_action_names() == ["win"]  # forced
    g.step("win")
    assert g.done and g.winners == [0]
    assert list(g.payments) == [70, -24, -23, -23]


def test_random_hands_keep_every_invariant() -> None:
    r, _, won = check_random_hands("taiyuan", 2000, seed=5, threads=1)
    assert np.all(r["n_winners"] <= 1)  # one winner per hand
    assert np.all(r["value"][won] >= 1)
    assert np.all(r["tiles_left"][~won] >= 13)  # at least 7 stacks kept back


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("taiyuan")
