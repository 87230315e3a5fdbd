"""Guangdong 鸡平胡 scoring: ordinary hands within the 爆和 cap, special hands, minimum-3-番
situations, liability (包) and 一炮三响.

Test cases G-a..G-g of the Guangdong chicken-hand rules; G-h (漏和) is engine flow.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import counts_from_sets
from hypothesis import given, settings
from hypothesis import strategies as st

import mjsim
from mjsim.scoring import jipinghu as J
from mjsim.scoring.melds_parse import parse_melds
from mjsim.tiles import parse_tiles

A, B, C, D = 0, 1, 2, 3


def score(hand, melds=(), **kw):
    kw.setdefault("win_tile", parse_tiles(hand)[-1])
    if not kw.get("self_drawn"):
        kw.setdefault("discarder", A)
    kw.setdefault("seat", B)
    return mjsim.score("guangdong_jipinghu", hand, melds=melds, **kw)


def fan_items(hand, melds=(), **kw):
    r = score(hand, melds, **kw)
    return r.total, {k: v for k, v in r.item_counts().items() if v}


CHICKEN = "123m456p789s222m55z"
ALL_CHOWS = "123m456p789s234s55m"


@pytest.mark.parametrize(
    ("hand", "kw", "expected"),
    [
        (CHICKEN, {}, (0, {"Chicken hand": 1})),
        (ALL_CHOWS, {}, (1, {"All chows": 1})),
        ("111m555p999s333s22m", {}, (2, {"All pungs": 1})),
        # the winner (seat B) is the dealer, East: its 南 pung is no wind's pung
        ("123m456m789m222z11z", {"dealer": B}, (2, {"Half flush": 1})),
        ("123m456m789m234m11z", {}, (3, {"All chows": 1, "Half flush": 1})),  # 平和 + 混一色 add up
        ("123m456m789m234m11z", {"additive": 0}, (2, {"Half flush": 1})),
        (ALL_CHOWS, {"self_drawn": True}, (2, {"All chows": 1, "Self-draw": 1})),
        ("123m456p789s222z55m", {"seat_wind": "S"}, (1, {"Chicken hand": 1, "Seat-wind pung": 1})),
        (
            "123m456p789s222z55m",
            {"round_wind": "S", "dealer": B},  # the winner is East
            (1, {"Chicken hand": 1, "Round-wind pung": 1}),
        ),
        ("123m456p789s555z55m", {}, (1, {"Chicken hand": 1, "Dragon pung": 1})),
        # specials (fixed value, no extras)
        ("123m456m789m234m55m", {}, (4, {"Full flush": 1})),
        ("111m333m999m222z11z", {}, (4, {"Half flush all pungs": 1})),
        ("111m333m555m777m99m", {}, (5, {"Full flush all pungs": 1})),
        ("111m999p111s222z33z", {}, (5, {"Terminals and honours": 1})),
        ("555z666z77z123m456m", {}, (5, {"Little three dragons": 1})),
        ("111z222z333z44z123m", {}, (5, {"Little four winds": 1})),
        ("111z222z333z555z66z", {}, (6, {"All honours": 1})),
        ("111m999m111p999p11s", {}, (6, {"All terminals": 1})),
        ("555z666z777z123m11m", {}, (6, {"Big three dragons": 1})),
        ("111z222z333z444z11m", {}, (6, {"Big four winds": 1})),
        ("11123456789995m", {}, (6, {"Nine gates": 1})),
        ("19m19p19s1234567z1z", {}, (6, {"Thirteen orphans": 1})),
        # no extra above the cap: a self-drawn full flush is still 4
        ("123m456m789m234m55m", {"self_drawn": True}, (4, {"Full flush": 1})),
    ],
)
def test_items(hand, kw, expected):
    assert fan_items(hand, **kw) == expected


def test_cap_and_floors():
    # G-c: 碰碰和 2 + two dragon pungs 2 + 自摸 1 = 5 -> 3
    assert fan_items("111m555z666z999p22s", self_drawn=True)[0] == 3
    assert fan_items("111m555z666z999p22s", self_drawn=True, cap=5)[0] == 5
    # minimum-3 situations raise a chicken hand to 3, never lower a special
    kong = ("kong 7777p",)
    assert score("123m456p789s55z", kong, self_drawn=True, kong_replacement=True).total == 3
    assert score(CHICKEN, self_drawn=True, last_wall_tile=True).total == 3
    assert score(CHICKEN, last_wall_tile=True).total == 0  # 海底 on a discard: no floor
    assert score(CHICKEN, n_winners=3).total == 3
    assert score(CHICKEN, n_winners=2).total == 0
    assert score("123m456m789m234m55m", n_winners=3).total == 4
    assert score(CHICKEN, seat=A, self_drawn=True, heavenly=True).total == 3
    assert score(CHICKEN, self_drawn=True, earthly=True).total == 3
    assert score(CHICKEN, human=True).total == 3
    assert score(CHICKEN, human=True, opening_floor=0).total == 0


def test_negative_cases():
    assert "All chows" not in score(CHICKEN).item_counts()
    assert "All pungs" not in score(ALL_CHOWS).item_counts()
    # nine gates needs a concealed hand; melded it is a full flush
    nine = score("11123456789m", ("pung 999m",), win_tile="5m")
    assert nine.total == 4
    with pytest.raises(ValueError, match="seven"):
        score("1122m3344p5566s77z")  # seven pairs: not a win by default
    assert score("1122m3344p5566s77z", seven_pairs=1).total == 0
    with pytest.raises(ValueError, match="liable"):
        score(CHICKEN, liable=C)  # 包 only for a self-draw


# ---- payments: G-a .. G-g -----------------------------------------------------------------


def test_g_a_chicken_discard():
    assert score(CHICKEN, discarder=A).payments == [-1, 1, 0, 0]


def test_g_b_all_chows_self_draw():
    assert score(ALL_CHOWS, self_drawn=True).payments == [-4, 12, -4, -4]


def test_g_c_capped_self_draw():
    assert score("111m555z666z999p22s", self_drawn=True).payments == [-8, 24, -8, -8]


def test_g_d_full_flush():
    flush = "123m456m789m234m55m"
    assert score(flush, discarder=A).payments == [-16, 16, 0, 0]
    assert score(flush, self_drawn=True).payments == [-16, 48, -16, -16]


def test_g_e_three_winners():
    hands = {B: CHICKEN, C: ALL_CHOWS, D: "123m456m789m234m55m"}
    total = np.zeros(4, np.int64)
    for seat, hand in hands.items():
        total += score(hand, seat=seat, discarder=A, n_winners=3).payments
    assert total.tolist() == [-32, 8, 8, 16]


def test_g_f_robbing_kong():
    r = score(CHICKEN, win_tile="9s", discarder=C, robbing_kong=True)
    assert r.total == 3 and r.payments == [0, 24, -24, 0]


def test_g_g_twelve_tiles_exposed():
    melds = ("pung 111m from 3", "pung 999p", "pung 333s", "pung 777s")
    assert J.jipinghu_call_liability(parse_melds(melds)) == J.LIABLE_TWELVE_EXPOSED
    assert J.jipinghu_call_liability(parse_melds(melds[:3])) == J.LIABLE_NONE
    r = score("55p", melds, self_drawn=True, liable=A)
    assert r.total == 3 and r.payments == [-24, 24, 0, 0]


def test_big_winds_and_dragons_liability():
    winds = ("pung 111z", "pung 222z", "pung 333z", "pung 444z")
    assert J.jipinghu_call_liability(parse_melds(winds)) == J.LIABLE_BIG_WINDS
    dragons = ("pung 555z", "pung 666z", "pung 777z")
    assert J.jipinghu_call_liability(parse_melds(dragons)) == J.LIABLE_BIG_DRAGONS
    r = score("123m11m", dragons, self_drawn=True, liable=D)
    assert r.total == 6 and r.payments == [0, 192, 0, -192]


@settings(max_examples=300, deadline=None)
@given(
    fan=st.integers(0, 6),
    winner=st.integers(0, 3),
    other=st.integers(1, 3),
    self_drawn=st.booleans(),
    liable=st.booleans(),
)
def test_payments_zero_sum(fan, winner, other, self_drawn, liable):
    payer = (winner + other) % 4
    out = np.zeros(4, np.int64)
    got = J.jipinghu_win_payments(
        fan, winner, -1 if self_drawn else payer, self_drawn, payer if liable else -1, out
    )
    assert out.sum() == 0 and got == out[winner]
    assert got == (3 if self_drawn else 1) * 2**fan
    if liable and self_drawn:
        assert out[payer] == -got


# ---- the shared shape predicates against a brute-force reference ------------------------------


def _bf_bits(c):
    """Brute force: (any reading, 2-5-8-pair reading, all-pungs reading, all-chows reading)."""
    c = list(int(x) for x in c[:34])
    found = set()

    def melds(i, kinds):
        while i < 34 and c[i] == 0:
            i += 1
        if i == 34:
            found.add(kinds)
            return
        if c[i] >= 3:
            c[i] -= 3
            melds(i, kinds | 1)
            c[i] += 3
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            melds(i, kinds | 2)
            for k in (i, i + 1, i + 2):
                c[k] += 1

    out = [False, False, False, False]
    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            found.clear()
            melds(0, 0)
            if found:
                out[0] = True
                out[1] |= p < 27 and p % 9 in (1, 4, 7)
                out[2] |= any(k & 2 == 0 for k in found)
                out[3] |= any(k & 1 == 0 for k in found)
            c[p] += 2
    return out


_set = st.one_of(
    st.tuples(st.just(1), st.integers(0, 33)),
    st.tuples(st.just(2), st.sampled_from([s * 9 + r for s in range(3) for r in range(7)])),
)


@settings(max_examples=400, deadline=None)
@given(
    pair=st.integers(0, 33),
    sets=st.lists(_set, min_size=1, max_size=4),
    swap=st.one_of(st.none(), st.tuples(st.integers(0, 33), st.integers(0, 33))),
)
def test_shape_predicates_match_brute_force(pair, sets, swap):
    from mjsim.kernels import PAIR_258, PAIR_ANY
    from mjsim.kernels.standard import is_standard_win
    from mjsim.scoring.settlement import standard_shape

    c = counts_from_sets(pair, sets)
    if swap is not None and c[swap[0]] > 0:
        c[swap[0]] -= 1
        c[swap[1]] += 1
    if c.max() > 4:
        return
    any_, p258, pungs, chows = _bf_bits(c)
    bits = standard_shape(c, PAIR_ANY)
    assert bool(bits & 1) == any_
    assert bool(bits & 2) == (any_ and pungs)
    assert bool(bits & 4) == (any_ and chows)
    assert bool(standard_shape(c, PAIR_258) & 1) == p258
    n = len(sets)
    assert is_standard_win(c, n, 0, PAIR_ANY, 0) == any_
    assert is_standard_win(c, n, 0, PAIR_258, 0) == p258


def test_earthly_on_a_discard_is_refused_naming_the_rule():
    # the engine's jipinghu hook reads 地和 as a self-draw only; a first-go-round discard win is
    # 人和 (mjsim.engine.hooks_jipinghu.jipinghu_flags): mjsim.score agrees
    with pytest.raises(
        ValueError, match=r"RuleSpec\.scoring='jipinghu'.*地和.*self-draw.*human=True"
    ):
        score(CHICKEN, earthly=True)
