"""Payment records as data (mjsim.scoring.payments): validation, each term, zero sum, and the
differential check against the families' payment functions."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjsim.scoring import differential
from mjsim.scoring.payments import PaymentRecord, compile_record, pay, unready_discarder_pay
from mjsim.scoring.table_score import score_win


def _pay(rec, value, winner, discarder, dealer=0, still_in=(1, 1, 1, 1), liable=-1, robbed=False):
    out = np.zeros(4, np.int64)
    got = pay(
        compile_record(rec), value, winner, discarder, dealer, np.array(still_in, np.bool_),
        liable, robbed, out,
    )  # fmt: skip
    return int(got), [int(x) for x in out]


def test_each_term():
    r = PaymentRecord("t")
    assert _pay(r, 5, 1, 3) == (5, [0, 5, 0, -5])  # the discarder pays
    assert _pay(r, 5, 1, -1) == (15, [-5, 15, -5, -5])  # each pays a self-draw
    # Sichuan: b 2^番 + 加底, blood battle (seat 2 already won pays nothing)
    r = PaymentRecord("t", amount="pow2", unit=2, self_draw_extra=1)
    assert _pay(r, 3, 1, -1, still_in=(1, 1, 0, 1)) == (36, [-18, 36, 0, -18])
    # everybody pays a discard win, the discarder double; the dealer's shares doubled
    r = PaymentRecord("t", discard="everyone", discarder_mult=2, dealer_mult=2)
    assert _pay(r, 1, 1, 3, dealer=0) == (5, [-2, 5, -1, -2])
    # liability: seat 2 pays every share of the self-draw
    r = PaymentRecord("t", liability="pays_all")
    assert _pay(r, 4, 0, -1, liable=2) == (12, [12, 0, -12, 0])
    # a robbed kong paid as a self-draw by the robbed seat; or as a discard
    assert _pay(PaymentRecord("t", rob_kong="self_draw_by_robbed"), 4, 0, 3, robbed=True) == (
        12, [12, 0, 0, -12],
    )  # fmt: skip
    assert _pay(PaymentRecord("t"), 4, 0, 3, robbed=True) == (4, [4, 0, 0, -4])
    assert _pay(PaymentRecord("t", self_draw="none"), 4, 0, -1) == (0, [0, 0, 0, 0])


def test_dealer_and_unready_discarder_terms():
    # 太原: 庄家 +1 in every pair with the dealer (+2 on a self-draw), +1 from an unready discarder
    r = PaymentRecord("t", discard="everyone", dealer_add=1, dealer_add_self_draw=2,
                      unready_discarder_add=1)  # fmt: skip
    assert _pay(r, 21, 1, 3, dealer=0) == (64, [-22, 64, -21, -21])
    assert _pay(r, 8, 1, -1, dealer=0) == (26, [-10, 26, -8, -8])
    assert _pay(r, 42, 0, -1, dealer=0) == (132, [132, -44, -44, -44])
    out = np.zeros(4, np.int64)
    assert unready_discarder_pay(compile_record(r), 1, 3, False, out) == 1
    assert list(out) == [0, 1, 0, -1]
    assert unready_discarder_pay(compile_record(r), 1, 3, True, out) == 0
    assert unready_discarder_pay(compile_record(r), 1, -1, False, out) == 0
    assert list(out) == [0, 1, 0, -1]


@pytest.mark.parametrize(
    ("kw", "match"),
    [
        ({"amount": "double"}, r"amount: 'double' is not one of \['pow2', 'value'\]"),
        ({"unit": 0}, r"unit: must be an integer >= 1"),
        ({"discard": "all"}, r"discard: 'all' is not one of"),
        ({"self_draw_extra": -1}, r"self_draw_extra: must be an integer >= 0"),
        ({"liability": True}, r"liability: True is not one of"),
        ({"rob_kong": "self_draw"}, r"rob_kong: 'self_draw' is not one of"),
        ({"dealer_add": -1}, r"dealer_add: must be an integer >= 0"),
        ({"unready_discarder_add": "1"}, r"unready_discarder_add: must be an integer >= 0"),
    ],
)
def test_bad_records_are_named(kw, match):
    with pytest.raises(ValueError, match="payment record 't', " + match):
        compile_record(PaymentRecord("t", **kw))


@settings(max_examples=200, deadline=None)
@given(
    st.builds(
        PaymentRecord,
        name=st.just("t"),
        amount=st.sampled_from(["value", "pow2"]),
        unit=st.integers(1, 5),
        discard=st.sampled_from(["discarder", "everyone"]),
        discarder_mult=st.integers(1, 3),
        self_draw=st.sampled_from(["each", "none"]),
        self_draw_extra=st.integers(0, 2),
        dealer_mult=st.integers(1, 3),
        liability=st.sampled_from(["none", "pays_all"]),
        rob_kong=st.sampled_from(["discard", "self_draw_by_robbed"]),
        dealer_add=st.integers(0, 2),
        dealer_add_self_draw=st.integers(0, 4),
        unready_discarder_add=st.integers(0, 2),
    ),
    st.integers(0, 8),
    st.integers(0, 3),
    st.integers(-1, 3),
    st.integers(0, 3),
    st.lists(st.booleans(), min_size=4, max_size=4),
    st.integers(-1, 3),
    st.booleans(),
)
def test_payments_sum_to_zero_and_pay_the_winner(
    rec, value, winner, discarder, dealer, still, liable, robbed
):
    if discarder == winner:
        discarder = -1
    still[winner] = True
    if discarder >= 0:
        still[discarder] = True
    if liable == winner:
        liable = -1
    got, out = _pay(rec, value, winner, discarder, dealer, still, liable, robbed)
    assert sum(out) == 0
    assert out[winner] == got >= 0


@pytest.mark.parametrize("family", differential.FAMILIES)
def test_records_match_the_families_payments(family):
    rep = differential.check_payments(family, 3000, seed=13)
    assert rep.mismatches == 0, rep.examples
    if family == "sichuan":
        rep = differential.check_payments(family, 1000, seed=14, params={"self_draw_bonus": "fan"})
        assert rep.mismatches == 0, rep.examples


def test_score_win_pays_by_the_record():
    r = score_win(
        "sichuan", "11122299m", win_tile="9m", melds=["concealed_kong 5555p", "pung 333m"],
        self_drawn=True, kong_replacement=True, base=2,
    )  # fmt: skip
    assert r.value == 3 and r.payments == [54, -18, -18, -18]  # 2 x 2^3 + 2 (自摸加底) each
    # 抢杠 in the chicken hand: at least 3 番, paid as a self-draw by the robbed seat
    r = score_win(
        "guangdong_jipinghu", "123m555m789p234s11z", win_tile="2s", robbing_kong=True,
        discarder=2,
    )  # fmt: skip
    assert r.payments == [24, 0, -24, 0]
    # below Tianjin's 2-番 minimum: no payment
    r = score_win("tianjin", "123m456m789p11z22z3p", win_tile="2z", self_drawn=True, wilds="3p4p")
    assert r.value == 1 and not r.valid and r.payments == [0, 0, 0, 0]
    with pytest.raises(ValueError, match=r"liable \(包\) pays a self-draw of another player"):
        score_win("guangdong_jipinghu", "123m555m789p234s11z", win_tile="2s", liable=1)
