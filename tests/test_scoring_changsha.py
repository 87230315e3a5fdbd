"""Changsha scoring: small / big classification, combination, payments, birds (扎鸟).

Worked examples 1-8 of the Changsha rules. Examples 9 (漏胡), 10 (海底 roaming flow) and 11
(dice 杠 legality) are engine flow; their arithmetic (海底炮 paid by the taker, bird = the 海底
tile) is tested here.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import counts_from_sets
from hypothesis import given, settings
from hypothesis import strategies as st

import mjsim
from mjsim.scoring import changsha as CS
from mjsim.tiles import parse_tiles

DEALER, B, C, D = 0, 1, 2, 3


def score(hand, melds=(), **kw):
    kw.setdefault("win_tile", parse_tiles(hand)[-1])
    if not kw.get("self_drawn"):
        kw.setdefault("discarder", C)
    kw.setdefault("seat", B)
    return mjsim.score("changsha", hand, melds=melds, **kw)


def wins(hand, melds=(), **kw):
    r = score(hand, melds, **kw)
    return r.unit, r.total, {k: v for k, v in r.item_counts().items() if v}


SMALL = "123m456m789p234s55s"


@pytest.mark.parametrize(
    ("hand", "melds", "kw", "expected"),
    [
        (SMALL, (), {}, ("small wins", 1, {"Small win (2-5-8 pair)": 1})),
        ("111m222p999s333s44p", (), {}, ("big wins", 1, {"All pungs": 1})),
        ("2255888m2258p258s", (), {}, ("big wins", 1, {"All 2-5-8": 1})),
        ("123m456m789m123m11m", (), {}, ("big wins", 1, {"Full flush": 1})),
        ("1133m5577p99s1122s", (), {}, ("big wins", 1, {"Seven pairs": 1})),
        (
            SMALL,
            (),
            {"self_drawn": True, "last_wall_tile": True},
            ("big wins", 1, {"Self-draw of the seabed tile": 1}),
        ),
        (SMALL, (), {"last_wall_tile": True}, ("big wins", 1, {"Win on the seabed tile": 1})),
        (
            "123m456m234s55s",
            ("kong 7777p",),
            {"self_drawn": True, "kong_replacement": True},
            ("big wins", 1, {"Win on a kong replacement": 1}),
        ),
        (
            SMALL,
            (),
            {"robbing_kong": True, "win_tile": "9p"},
            ("big wins", 1, {"Robbing a kong": 1}),
        ),
        (
            SMALL,
            (),
            {"after_kong_discard": True},
            ("big wins", 1, {"Win on the kong replacement discard": 1}),
        ),
        (
            SMALL,
            (),
            {"seat": DEALER, "self_drawn": True, "heavenly": True},
            ("big wins", 1, {"Heavenly hand": 1}),
        ),
        (SMALL, (), {"discarder": DEALER, "earthly": True}, ("big wins", 1, {"Earthly hand": 1})),
        # big + big add; small + big counts only the big
        ("111m222m999m333m44m", (), {}, ("big wins", 2, {"All pungs": 1, "Full flush": 1})),
        ("1133m5577m99m1122m", (), {}, ("big wins", 2, {"Seven pairs": 1, "Full flush": 1})),
    ],
)
def test_classification(hand, melds, kw, expected):
    assert wins(hand, melds, **kw) == expected


def test_negative_and_options():
    with pytest.raises(ValueError, match="2/5/8 pair"):
        score("123m456m789p234s11s")  # small win with a 1 pair
    with pytest.raises(ValueError, match="2/5/8 pair"):
        score("123m456m789p234s11s", self_drawn=True, last_wall_tile=True)  # 海底 needs the pair
    with pytest.raises(ValueError, match="2/5/8 pair"):
        score("2255888m2258p258s", jiangjiang_shape=1)  # option: 将将胡 needs a shape
    assert wins("222m555m888p22p555s", jiangjiang_shape=1)[1] == 2  # shape present: + 碰碰胡
    with pytest.raises(ValueError, match="honours"):
        score("123m456m789p11z555s")
    with pytest.raises(ValueError, match="heavenly"):
        score(SMALL, heavenly=True)
    # a 补张 win is a plain self-draw (no 杠上开花 flag)
    assert wins("123m456m234s55s", ("kong 7777p",), self_drawn=True)[0] == "small wins"
    # 豪华七对 and 全求人 (Changsha options)
    assert wins("1111m5577p99s1133s")[1] == 1
    assert wins("1111m5577p99s1133s", luxury_pairs=1)[1] == 2
    m4 = ("pung 111m", "chow 123p", "pung 999s", "chow 456s")
    assert wins("55m", m4) == ("small wins", 1, {"Small win (2-5-8 pair)": 1})
    assert wins("55m", m4, all_melded=1) == ("big wins", 1, {"All melded (option)": 1})


# ---- payments: examples 1-8 ---------------------------------------------------------------


def test_t2_1_small_self_draw():
    assert score(SMALL, self_drawn=True).payments == [-20, 40, -10, -10]


def test_t2_2_dealer_big_self_draw():
    r = score("111m222p999s333s44p", seat=DEALER, self_drawn=True)
    assert r.payments == [120, -40, -40, -40]


def test_t2_3_small_discard():
    assert score(SMALL, discarder=C).payments == [0, 10, -10, 0]
    assert score(SMALL, discarder=DEALER).payments == [-20, 20, 0, 0]
    assert score(SMALL, seat=DEALER, discarder=C).payments == [20, 0, -20, 0]


def test_t2_4_big_discard():
    big = "111m222p999s333s44p"
    assert score(big, discarder=DEALER).payments == [-70, 70, 0, 0]
    assert score(big, discarder=C).payments == [0, 60, -60, 0]


def test_t2_5_bird_on_discard_win():
    assert CS.changsha_bird_seat(parse_tiles("6s")[0], DEALER) == B
    assert score(SMALL, discarder=C, birds=["6s"]).payments == [0, 20, -20, 0]
    assert score(SMALL, discarder=C, birds=["3p"]).payments == [0, 20, -20, 0]  # on the discarder
    assert score(SMALL, discarder=C, birds=["4p"]).payments == [0, 10, -10, 0]  # on D: no effect


def test_t2_6_bird_on_self_draw():
    big = "111m222p999s333s44p"
    assert score(big, self_drawn=True, birds="3m").payments == [-40, 130, -60, -30]
    assert score(big, self_drawn=True, birds="6m").payments == [-80, 200, -60, -60]  # on winner


def test_t2_7_opening_small_wins():
    r = CS.score_opening_hand("1111m222p333s4m5p6s", seat=B, dealer=DEALER)
    assert r.total == 2 and r.payments == [-30, 70, -20, -20]
    assert r.item_counts() == {"Opening: four identical tiles": 1, "Opening: two pungs": 1}
    alt = CS.score_opening_hand("1111m222p333s4m5p6s", seat=B, combine=CS.COMBINE_MULTIPLY)
    assert alt.payments == [-40, 80, -20, -20]
    r = CS.score_opening_hand("1133m4679p13467s", seat=B)  # no 2/5/8 and ...
    assert r.item_counts() == {"Opening: no 2, 5 or 8": 1}
    r = CS.score_opening_hand("1133m4679m13467s", seat=B)  # ... a suit missing too
    assert r.total == 2
    assert not CS.score_opening_hand("123m456p789s2345m", seat=B).valid


def test_t2_8_seven_pairs_heavenly():
    r = score("1133m5577p99s1122s", seat=DEALER, self_drawn=True, heavenly=True)
    assert r.total == 2 and r.payments == [210, -70, -70, -70]
    r = score(
        "1133m5577p99s1122s",
        seat=DEALER,
        self_drawn=True,
        heavenly=True,
        combine=CS.COMBINE_MULTIPLY,
    )
    assert r.payments == [240, -80, -80, -80]


def test_t2_10_seabed_discard_by_the_taker():
    # C took the 海底 (5s) and could not use it; B wins it: big discard paid by C; the bird is
    # the 海底 itself: rank 5 -> the dealer, who is not involved (no doubling)
    r = score(SMALL, win_tile="5s", discarder=C, last_wall_tile=True, birds=["5s"])
    assert r.unit == "big wins" and CS.changsha_bird_seat(parse_tiles("5s")[0], DEALER) == DEALER
    assert r.payments == [0, 60, -60, 0]


def test_bird_seats_cycle():
    seats = [CS.changsha_bird_seat(k, 2) for k in range(9)]
    assert seats == [2, 3, 0, 1, 2, 3, 0, 1, 2]


@settings(max_examples=300, deadline=None)
@given(
    k=st.integers(1, 6),
    big=st.booleans(),
    winner=st.integers(0, 3),
    disc=st.integers(-1, 3),
    dealer=st.integers(0, 3),
    hits=st.lists(st.integers(0, 2), min_size=4, max_size=4),
    combine=st.sampled_from([CS.COMBINE_ADD, CS.COMBINE_MULTIPLY]),
)
def test_payments_zero_sum_and_birds_double(k, big, winner, disc, dealer, hits, combine):
    if disc == winner:
        disc = -1
    p = CS.default_params(combine=combine)
    out = np.zeros(4, np.int64)
    got = CS.changsha_win_payments(k, big, winner, disc, dealer, np.array(hits, np.int64), p, out)
    plain = np.zeros(4, np.int64)
    CS.changsha_win_payments(k, big, winner, disc, dealer, np.zeros(4, np.int64), p, plain)
    assert out.sum() == 0 and got == out[winner] > 0
    for s in range(4):
        if s != winner:
            assert out[s] == plain[s] * (1 + hits[winner] + hits[s])


@settings(max_examples=300, deadline=None)
@given(
    pair=st.sampled_from([1, 4, 7, 10, 13, 16, 19, 22, 25]),
    sets=st.lists(
        st.one_of(
            st.tuples(st.just(1), st.integers(0, 26)),
            st.tuples(st.just(2), st.sampled_from([s * 9 + r for s in range(3) for r in range(7)])),
        ),
        min_size=4,
        max_size=4,
    ),
    self_drawn=st.booleans(),
)
def test_random_258_wins_are_small_or_big(pair, sets, self_drawn):
    """Every 2-5-8 pair + 4 sets is a win; it is small exactly when no big pattern applies."""
    from mjsim.scoring.context import F_SELF_DRAWN, N_FLAGS
    from mjsim.scoring.sichuan import empty_melds

    c = counts_from_sets(pair, sets)
    if c.max() > 4:
        return
    f = np.zeros(N_FLAGS, np.int64)
    f[F_SELF_DRAWN] = self_drawn
    it = np.zeros(CS.N_ITEMS, np.int32)
    k = CS.changsha_value(c, empty_melds(), pair, f, CS.default_params(), it)
    big = CS.changsha_is_big(it)
    assert k >= 1
    one_suit = any(c[s * 9 : s * 9 + 9].sum() == 14 for s in range(3))
    pungs = all(n in (0, 2, 3) for n in c) and (c == 2).sum() == 1
    all258 = all(c[i] == 0 or i % 9 in (1, 4, 7) for i in range(27))
    assert big == (one_suit or pungs or all258 or it[CS.SEVEN_PAIRS] == 1)
    assert k == (int(it[CS.ITEM_BIG].sum()) if big else 1)


def test_birds_as_a_list_are_copy_checked_with_the_hand_and_melds():
    """``birds=["1s"] * 9`` used to be accepted (x10 payment); the string form already refused
    a fifth copy within the string."""
    with pytest.raises(ValueError, match=r"fifth copy of 1 Bamboo: 9 bird\(s\) \+ 0 in hand"):
        score(SMALL, self_drawn=True, birds=["1s"] * 9)
    with pytest.raises(ValueError, match=r"fifth copy of 5 Bamboo: 3 bird\(s\) \+ 2 in hand"):
        score(SMALL, self_drawn=True, birds=["5s", "5s", 22])
    with pytest.raises(
        ValueError, match=r"fifth copy of 7 \w+: 2 bird\(s\) \+ 3 in hand and melds"
    ):
        score("123m456m234s55s", melds=["pung 777p"], self_drawn=True, birds=["7p", "7p"])
    with pytest.raises(ValueError, match=r"fifth copy of 2s"):
        score(SMALL, self_drawn=True, birds=["2s2s2s2s2s"])
    with pytest.raises(ValueError, match=r"fifth copy of 1 \w+: 1 bird\(s\) \+ 4 in hand"):
        CS.score_opening_hand("1111m222p333s4m5p6s", seat=1, dealer=0, birds=["1m"])
    assert score(SMALL, self_drawn=True, birds=["5s", "5s"]).valid  # 2 + 2 copies


def test_haitei_bird_is_the_win_tile_itself():
    # 4 copies of 9p held (the 海底 win tile among them) and the bird is that same tile
    r = score("123m789p999p234s55s", win_tile="9p", discarder=C, last_wall_tile=True, birds=["9p"])
    assert r.valid
