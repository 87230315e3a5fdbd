"""mjsim.score: worked examples of the Chinese Official rules, the 8-fan boundary, payments, options,
input errors, the registry and the meld parser."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjsim
from mjsim.melds import MAX_MELDS, MELD_CHOW, MELD_CONCEALED_KONG, MELD_NONE, MELD_PUNG
from mjsim.scoring import ScoreResult, known_variants, register_scorer
from mjsim.scoring.api import build_win
from mjsim.scoring.context import F_FLOWERS, F_SELF_DRAWN, N_FLAGS
from mjsim.scoring.guobiao import guobiao_fan, guobiao_fan_without_flowers, guobiao_payments
from mjsim.scoring.guobiao_fans import N_GUOBIAO_ITEMS
from mjsim.scoring.melds_parse import parse_meld, parse_melds

# --- worked examples, Chinese Official rules ------------------------------------------------------------


def test_m4_big_four_winds_self_drawn() -> None:
    r = mjsim.score(
        "guobiao", "333z444z55p", win_tile="4z", melds=["pung 111z", "kong 2222z"], self_drawn=True
    )
    assert r.total == 98
    assert r.item_counts() == {
        "Big Four Winds": 1,
        "Half Flush": 1,
        "Two Concealed Pungs": 1,
        "Melded Kong": 1,
        "Self-Drawn": 1,
    }
    assert r.payments == [318, -106, -106, -106]
    assert r.valid and r.unit == "fan" and isinstance(r, ScoreResult)


def test_m5_highest_decomposition() -> None:
    r = mjsim.score("guobiao", "555666777p55567s", win_tile="7s", self_drawn=True)
    assert r.total == 48  # 就高不就低: 567p x3 + 567s + 55s, not the pung reading (47)
    assert r.item_counts() == {
        "Pure Triple Chow": 1,
        "All Fives": 1,
        "Fully Concealed Hand": 1,
        "All Chows": 1,
        "Mixed Double Chow": 1,
        "One Voided Suit": 1,
    }
    assert r.payments == [168, -56, -56, -56]


def test_m6_seven_pairs_discard() -> None:
    r = mjsim.score("guobiao", "1111m99p99s3344z55z", win_tile="5z", seat=0, discarder=2)
    assert r.total == 64
    assert r.payments == [88, -8, -72, -8]


def test_m7_account_once() -> None:
    # 123m 789m 123s 789s: 2 x 老少副 + 1 x 喜相逢 or 1 + 2 -- 3 fan, not 4 (套算一次)
    r = mjsim.score("guobiao", "123789m123789s11z", win_tile="1z")
    counts = r.item_counts()
    assert counts["Two Terminal Chows"] + counts["Mixed Double Chow"] == 3
    assert counts == {
        "Outside Hand": 1,
        "Concealed Hand": 1,
        "Mixed Double Chow": 2,
        "Two Terminal Chows": 1,
        "One Voided Suit": 1,
        "Single Wait": 1,
    }


def test_m8_chicken_hand_and_payments() -> None:
    r = mjsim.score(
        "guobiao",
        "678p567s33z",
        win_tile="7s",
        melds=["chow 123m", "chow 345m"],
        seat=1,
        discarder=0,
    )
    assert r.item_counts() == {"Chicken Hand": 1}
    assert r.total == 8 and r.valid
    assert r.payments == [-16, 32, -8, -8]


def test_m1_m2_payment_formulas() -> None:
    out = np.zeros(4, dtype=np.int32)
    guobiao_payments(10, 2, -1, True, out)
    assert out.tolist() == [-18, -18, 54, -18]
    guobiao_payments(10, 2, 3, False, out)
    assert out.tolist() == [-8, -8, 34, -18]


@settings(max_examples=200, deadline=None)
@given(
    fan=st.integers(8, 400),
    winner=st.integers(0, 3),
    other=st.integers(1, 3),
    self_drawn=st.booleans(),
)
def test_payments_zero_sum(fan: int, winner: int, other: int, self_drawn: bool) -> None:
    out = np.zeros(4, dtype=np.int32)
    discarder = (winner + other) % 4
    guobiao_payments(fan, winner, discarder, self_drawn, out)
    assert out.sum() == 0
    assert out[winner] == (3 * (8 + fan) if self_drawn else 24 + fan)
    if not self_drawn:
        assert out[discarder] == -(8 + fan)


# --- the 8-fan minimum (flowers do not count toward it) ----------------------------------------------


def test_seven_fan_plus_flowers_is_not_a_legal_win() -> None:
    kw = {"win_tile": "5m", "melds": ["chow 123m", "chow 456m", "pung 888m"]}
    r = mjsim.score("guobiao", "567m11z", flowers=2, **kw)
    assert r.item_counts() == {"Half Flush": 1, "Short Straight": 1, "Flower Tiles": 2}
    assert (r.total, r.qualifying_total, r.valid) == (9, 7, False)
    assert r.payments == [0, 0, 0, 0]
    r8 = mjsim.score("guobiao", "567m11z", flowers="1f2f", self_drawn=True, **kw)
    assert (r8.total, r8.qualifying_total, r8.valid) == (10, 8, True)
    assert r8.payments == [54, -18, -18, -18]


def test_engine_entry_matches_api() -> None:
    win = build_win(
        "567m11z", win_tile="5m", melds=["chow 123m", "chow 456m", "pung 888m"], flowers=3
    )
    items = np.zeros(N_GUOBIAO_ITEMS, dtype=np.int32)
    flags = win.flags.copy()
    assert flags.shape == (N_FLAGS,) and flags[F_FLOWERS] == 3 and flags[F_SELF_DRAWN] == 0
    assert guobiao_fan(win.concealed, win.melds, win.win_tile, flags, items) == 10
    assert guobiao_fan_without_flowers(win.concealed, win.melds, win.win_tile, flags, items) == 7


# --- options (readings that differ from the literal rulebook) ----------------------------------------


def test_option_open_plus_concealed_kong() -> None:
    kw = {"win_tile": "5z", "melds": ["kong 1111m", "concealed_kong 2222p"]}
    assert (
        mjsim.score("guobiao", "345678s55z", **kw).item_counts()["Concealed Kong and Melded Kong"]
        == 1
    )
    lit = mjsim.score("guobiao", "345678s55z", open_plus_concealed_kong=3, **kw).item_counts()
    assert lit["Melded Kong"] == 1 and lit["Concealed Kong"] == 1


def test_option_specials_add_fully_concealed() -> None:
    hand = "11112345678999m"
    default = mjsim.score("guobiao", hand, win_tile="1m", self_drawn=True)
    assert default.item_counts() == {
        "Nine Gates": 1,
        "Pure Straight": 1,
        "Tile Hog": 1,
        "Self-Drawn": 1,
    }
    seed = mjsim.score(
        "guobiao", hand, win_tile="1m", self_drawn=True, concealed_specials_add_fully_concealed=True
    )
    assert seed.total == default.total + 3
    assert "Fully Concealed Hand" in seed.item_counts()


def test_option_all_terminals_double_pung() -> None:
    hand = "111999m111999p99s"
    assert "Double Pung" not in mjsim.score("guobiao", hand, win_tile="9s").item_counts()
    r = mjsim.score("guobiao", hand, win_tile="9s", all_terminals_double_pung=True)
    assert r.item_counts()["Double Pung"] == 2


# --- input errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "kw", "message"),
    [
        ("123m456p789s123s5z", {"win_tile": "5z"}, "wrong tile count"),
        ("123m456p789s123s55x", {"win_tile": "5z"}, "55x"),
        ("11123m456p789s11z", {"win_tile": "1m", "melds": []}, "wrong tile count"),
        ("1m456p789s11z", {"win_tile": "1m", "melds": ["kong 1111m"]}, "wrong tile count"),
        (
            "123m456p789s11z",
            {"win_tile": "1m", "melds": ["kong 1111m"]},
            "fifth copy of 1 Characters",
        ),
        ("456p789s11z", {"win_tile": "1z", "melds": ["chow 124m"]}, "is not a chow"),
        ("456p789s11z", {"win_tile": "1z", "melds": ["pung 556z"]}, "is not a pung"),
        ("456p789s11z", {"win_tile": "1z", "melds": ["chow 789m from 0"]}, "source seat"),
        ("456p789s11z", {"win_tile": "1z", "melds": ["triple 555z"]}, "unknown meld type"),
        ("123m456p789s123s55z", {"win_tile": "9m"}, "not among the concealed tiles"),
        ("123m456p789s123s55z", {"win_tile": "5z", "discarder": 0}, "discarder == seat"),
        (
            "123m456p789s123s55z",
            {"win_tile": "5z", "self_drawn": True, "discarder": 1},
            "no discarder",
        ),
        ("123m456p789s124s55z", {"win_tile": "5z"}, "not a winning hand"),
        (
            "123m456p789s123s55z",
            {"win_tile": "5z", "kong_replacement": True, "self_drawn": True},
            "needs a kong",
        ),
        (
            "123m456p789s123s55z",
            {"win_tile": "5z", "robbing_kong": True, "self_drawn": True},
            "self_drawn=False",
        ),
        ("123m456p789s123s55z", {"win_tile": "5z", "robbing_kong": True}, "no other copy"),
        ("123m456p789s123s55z", {"win_tile": "5z", "seat_wind": "X"}, "seat_wind"),
        ("123m456p789s123s55z", {"win_tile": "5z", "flowers": 9}, "flowers"),
        ("123m456p789s123s55z", {"win_tile": "5z", "kong_bonus": 2}, "unknown guobiao keyword"),
        ("123m456p789s123s55z", {"win_tile": "5z", "open_plus_concealed_kong": 4}, "must be 5"),
    ],
)
def test_bad_input_raises(hand: str, kw: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        mjsim.score("guobiao", hand, **kw)


def test_unknown_variant_lists_known() -> None:
    with pytest.raises(ValueError, match="unknown variant 'gubiao'.*guobiao"):
        mjsim.score("gubiao", "123m456p789s123s55z", win_tile="5z")


def test_register_scorer() -> None:
    def adapter(win, **context):
        return ScoreResult("test_fixed", 1, [], True, [1, -1, 0, 0], "points", 1)

    register_scorer("test_fixed", adapter, hand_size=14)
    assert "test_fixed" in known_variants() and "guobiao" in known_variants()
    assert mjsim.score("test_fixed", "123m456p789s123s55z", win_tile="5z").payments == [1, -1, 0, 0]
    with pytest.raises(ValueError, match="3k \\+ 2"):
        register_scorer("test_bad", adapter, hand_size=15)


# --- meld parser -------------------------------------------------------------------------------------


def test_parse_melds_layout() -> None:
    rows = parse_melds(
        ["chow 345p", "pung 777z from 2", "concealed_kong 1111s", "added_kong 9999m"]
    )
    assert rows.shape == (MAX_MELDS, 3) and rows.dtype == np.int8
    assert rows[:4].tolist() == [[0, 11, 3], [1, 33, 2], [4, 18, 0], [3, 8, 3]]
    assert (rows[4:, 0] == MELD_NONE).all()
    assert parse_meld("Pung 一万一万一万") == (MELD_PUNG, 0, 3)


@settings(max_examples=150, deadline=None)
@given(kind=st.integers(0, 33), meld_type=st.sampled_from([MELD_CHOW, MELD_PUNG, 2, 3, MELD_CONCEALED_KONG]),
       src=st.integers(1, 3))  # fmt: skip
def test_parse_meld_roundtrip(kind: int, meld_type: int, src: int) -> None:
    from mjsim.melds import MELD_NAMES
    from mjsim.tiles import format_tiles

    if meld_type == MELD_CHOW and (kind >= 27 or kind % 9 > 6):
        with pytest.raises(ValueError):
            parse_meld(f"chow {format_tiles([kind] * 3)}")
        return
    n = {MELD_CHOW: 3, MELD_PUNG: 3}.get(meld_type, 4)
    tiles = [kind, kind + 1, kind + 2] if meld_type == MELD_CHOW else [kind] * n
    text = f"{MELD_NAMES[meld_type]} {format_tiles(tiles)}"
    if meld_type == MELD_CONCEALED_KONG:
        assert parse_meld(text) == (meld_type, kind, 0)
        with pytest.raises(ValueError, match="no source seat"):
            parse_meld(f"{text} from {src}")
    else:
        assert parse_meld(f"{text} from {src}") == (meld_type, kind, src)


def test_option_knitted_body_wait_fans() -> None:
    hand = "11147m258p369s555z"  # 组合龙 147m 258p 369s + 555z + 11m, won on 1m
    default = mjsim.score("guobiao", hand, win_tile="1m").item_counts()
    assert default == {
        "Knitted Straight": 1,
        "Dragon Pung": 1,
        "Concealed Hand": 1,
        "Single Wait": 1,
    }
    literal = mjsim.score("guobiao", hand, win_tile="1m", knitted_body_wait_fans=False)
    assert "Single Wait" not in literal.item_counts() and literal.total == 17 - 1
    outside = mjsim.score(
        "guobiao", "147m258p369s55566z", win_tile="6z", knitted_body_wait_fans=False
    )
    assert outside.item_counts()["Single Wait"] == 1  # a wait outside the knitted straight
