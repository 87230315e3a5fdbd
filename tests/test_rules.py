"""RuleSpec validation, compilation and the variant registry ."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mjsim.variants as V
from mjsim.rules import RuleSpec, field_names
from mjsim.rules import params as P


def test_hebei_spec_compiles_to_the_documented_params() -> None:
    spec = V.get("hebei")
    r = spec.compile()
    assert r.params[P.P_N_PLAYERS] == 4
    assert r.params[P.P_N_TILES] == 136
    assert r.params[P.P_ALLOW_CHOW] == 0
    assert r.params[P.P_WALL_RESERVE] == 12
    assert r.params[P.P_RESERVE_WHOLE_STACKS] == 1
    assert r.params[P.P_WIN_SHAPES] == (
        P.SHAPE_STANDARD | P.SHAPE_SEVEN_PAIRS | P.SHAPE_THIRTEEN_ORPHANS
    )
    assert r.params[P.P_MULTI_WINNER] == P.MULTI_ALL
    assert r.params[P.P_ROB_KONG] == P.ROB_NONE
    assert int(r.tile_counts.sum()) == 136
    assert list(r.score_table[:7]) == [1, 2, 2, 2, 8, 2, 1]


@pytest.mark.parametrize(
    ("preset", "total"),
    [("108", 108), ("112", 112), ("136", 136), ("144", 144), ("84", 84), ("100", 100)],
)
def test_tile_set_presets(preset: str, total: int) -> None:
    flowers = "bonus" if preset == "144" else "none"
    spec = RuleSpec(tile_set=preset, flowers=flowers, allow_chow=True)
    assert sum(spec.counts()) == total


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"hand_size": 14}, "hand_size"),
        ({"n_players": 5}, "n_players"),
        ({"allow_chow": False, "chow_left_only": True}, "chow_left_only"),
        (
            {"tile_set": "108", "pair_rule": "258", "tile_counts": (0,) * 27 + (4,) * 7 + (0,) * 8},
            "pair_rule",
        ),
        ({"min_fan": -1}, "min_fan"),
        ({"wild_rule": "fixed", "wild_tiles": (40,)}, "wild_tiles"),
        ({"tile_set": "108", "wild_rule": "fixed", "wild_tiles": (33,)}, "wild_tiles"),
        ({"wall_reserve": 200}, "wall_reserve"),
        ({"flowers": "bonus"}, "flowers"),
        ({"tile_set": "144"}, "flowers"),
        ({"multi_winner": "some"}, "multi_winner"),
        ({"win_shapes": ()}, "win_shapes"),
        ({"win_shapes": ("standard", "pungs")}, "win_shapes"),
        ({"must_be_ready": True, "allow_ready": False}, "must_be_ready"),
        ({"scoring": "nope"}, "scoring"),
        (
            {
                "tile_set": "84",
                "suit_rule": "all_three",
                "tile_counts": (0,) * 9 + (4,) * 25 + (0,) * 8,
            },
            "suit_rule",
        ),
    ],
)
def test_impossible_specs_name_the_field(overrides: dict, field: str) -> None:
    with pytest.raises(ValueError, match=field):
        V.get("hebei", **overrides)


def test_unknown_variant_lists_valid_ids() -> None:
    with pytest.raises(ValueError, match="hebei"):
        V.get("atlantis")
    assert "hebei" in V.names()


def test_unknown_field_lists_valid_fields() -> None:
    with pytest.raises(ValueError, match="allow_chow"):
        V.get("hebei", alow_chow=True)


def test_overrides_make_a_new_validated_spec() -> None:
    base = V.get("hebei")
    s = V.get("hebei", allow_chow="true", min_fan="8", win_shapes="standard,seven_pairs")
    assert s.allow_chow is True and s.min_fan == 8
    assert s.win_shapes == ("standard", "seven_pairs")
    assert base.allow_chow is False  # frozen original untouched


def test_parse_override_converts_by_field_type() -> None:
    assert V.parse_override("allow_chow=true") == ("allow_chow", True)
    assert V.parse_override("min_fan = 3") == ("min_fan", 3)
    assert V.parse_override("multi_winner=nearest") == ("multi_winner", "nearest")
    assert V.parse_override("score_values=1,2,3") == ("score_values", (1, 2, 3))
    assert V.parse_override("tile_counts=none") == ("tile_counts", None)
    with pytest.raises(ValueError, match="true/false"):
        V.parse_override("allow_chow=maybe")
    with pytest.raises(ValueError, match="integer"):
        V.parse_override("min_fan=lots")
    with pytest.raises(ValueError, match="key=value"):
        V.parse_override("allow_chow")


def test_to_dict_round_trip() -> None:
    spec = V.get("hebei", allow_chow=True)
    assert RuleSpec.from_dict(spec.to_dict()) == spec
    assert set(spec.to_dict()) == set(field_names())


@given(st.sampled_from(field_names()), st.text(max_size=8))
def test_parse_override_never_crashes(key: str, value: str) -> None:
    try:
        k, v = V.parse_override(f"{key}={value}")
        V.get("hebei", **{k: v})
    except ValueError:
        pass


def test_two_players_on_a_full_136_tile_wall_overflow_the_river() -> None:
    """Each seat's discards must fit its river row (MAX_RIVER = 48): two players drawing from a
    whole 136- or 144-tile wall would each discard about 55 tiles (the engine stopped such tables
    with river_full, and summaries counted them); the 71-tile two-player wall and 108 tiles fit."""
    from mjsim.engine.state import MAX_RIVER

    for variant in ("hebei", "guangdong_jipinghu", "tianjin"):
        with pytest.raises(ValueError, match=rf"n_players=2 with 1[34][46] tiles.*{MAX_RIVER}"):
            V.get(variant, n_players=2)
    assert V.get("sichuan", n_players=2).n_players == 2  # 108 tiles: at most 48 discards a seat
    two = V.get(
        "hebei", n_players=2, wall_tiles_used=71, wall_reserve=0, reserve_whole_stacks=False
    )
    assert two.wall_tiles_used == 71
    assert V.get("hebei", n_players=3).n_players == 3


def test_four_seat_settlements_refuse_fewer_players() -> None:
    """guobiao's and changsha's payments count three payers (and changsha's birds four seats):
    with 2 or 3 players the hands did not sum to zero (a missing seat "paid"), and changsha
    asked seat 3 of a 3-seat table to declare its opening wins. Refused with the reason."""
    for variant in ("guobiao", "changsha"):
        for n in (2, 3):
            with pytest.raises(ValueError, match=rf"n_players={n}: scoring='{variant}' settles"):
                V.get(variant, n_players=n)
    with pytest.raises(ValueError, match="birds=1 needs n_players=4"):
        V.get("sichuan", n_players=3, birds=1)


@pytest.mark.parametrize(
    ("variant", "n"),
    [("sichuan", 2), ("sichuan", 3), ("sichuan_xuezhan", 3), ("hebei", 3), ("tianjin", 3),
     ("guangdong_jipinghu", 3)],
)  # fmt: skip
def test_fewer_players_settle_zero_sum(variant, n) -> None:
    """With 2 or 3 seats every hand's payments sum to zero and the absent seats pay nothing.
    sichuan's kong payments and exhaustive draw (查大叫) counted the empty fourth seat as a
    player still in (it paid for kongs and, "not ready", paid 大叫), so its 3-seat hands
    paid out more than they took in."""
    import mjsim

    res = mjsim.simulate(variant, 300, "random", seed=1, threads=1, n_players=n)
    pay = [res[f"pay{q}"].astype("int64") for q in range(4)]
    assert (sum(pay[:n]) == 0).all()
    for q in range(n, 4):
        assert (pay[q] == 0).all()


def test_every_field_is_type_checked_naming_it() -> None:
    """One wrong-typed value per declared field type, for every field (``allow_chow=2`` and
    ``wall_reserve=True`` were accepted before): ``ValueError`` names the field; every
    registered variant still validates."""
    import dataclasses
    import re
    import typing

    hints = typing.get_type_hints(RuleSpec)
    bad_by_type = {bool: 2, int: True, str: 1}
    checked = 0
    for f in dataclasses.fields(RuleSpec):
        tp = hints[f.name]
        bad = bad_by_type.get(tp, (1.5,) if "tuple" in str(tp) else None)
        if bad is None:  # extra: free-form dict
            continue
        with pytest.raises(ValueError, match=re.escape(f"RuleSpec.{f.name}={bad!r} (")):
            V.get("hebei", **{f.name: bad})
        checked += 1
    assert checked == len(field_names())
    with pytest.raises(ValueError, match=r"RuleSpec\.allow_chow=2 \(int\) must be a bool"):
        V.get("hebei", allow_chow=2)
    with pytest.raises(ValueError, match=r"RuleSpec\.wall_reserve=True \(bool\) must be an int"):
        V.get("hebei", wall_reserve=True)
    for vid in V.names():
        V.get(vid).validate()


def test_numpy_values_become_python_values() -> None:
    import numpy as np

    s = V.get(
        "hebei", allow_chow=np.True_, min_fan=np.int64(2), wild_rule="fixed",
        wild_tiles=np.array([33]),
    )  # fmt: skip
    assert s.allow_chow is True and type(s.min_fan) is int and s.min_fan == 2
    assert s.wild_tiles == (33,) and type(s.wild_tiles[0]) is int


@pytest.mark.parametrize(
    ("values", "match"),
    [
        ("3000000000,2,2,2,8,2,1", r"score_values\[0\]=3000000000 exceeds 1048576 \(2\*\*20\)"),
        ((10**12,) * 7, r"score_values\[0\]=1000000000000 exceeds"),
        ((1, 2), r"scoring='hebei' reads exactly 7 values, got 2"),
        ((), r"scoring='hebei' reads exactly 7 values, got 0"),
        ((1, 2, 2, 2, 8, 2, 1, 5), r"reads exactly 7 values, got 8"),
        ((1, -2, 2, 2, 8, 2, 1), r"score_values\[1\]=-2 must be an integer >= 0"),
        ((1024, 1024, 2, 2, 8, 2, 1), r"base \* self_draw_mult .* = 8388608 exceeds"),
    ],
)
def test_score_values_are_checked(values, match) -> None:
    """score_values used to be taken as given: int32 overflow (payments no longer zero-sum),
    missing values read as 0, negatives accepted."""
    with pytest.raises(ValueError, match=match):
        V.get("hebei", score_values=values)


def test_score_values_checked_per_family() -> None:
    for name in (
        "hebei",
        "sichuan",
        "guobiao",
        "tianjin",
        "changsha",
        "guangdong_jipinghu",
        "riichi",
    ):
        V.get(name)  # every shipped table passes
    with pytest.raises(ValueError, match=r"scoring='riichi' reads exactly 1 values, got 7"):
        V.get("riichi", score_values=(1, 2, 2, 2, 8, 2, 1))
    with pytest.raises(ValueError, match=r"option bits 0\.\.7"):
        V.get("riichi", score_values=(8,))
    V.get("sichuan", score_values=(-1, 0, 0, 1, 0, 16, 1, 1, 1))  # cap -1 = none
    with pytest.raises(ValueError, match=r"score_values\[0\]=-2 must be an integer >= -1"):
        V.get("sichuan", score_values=(-2, 0, 0, 1, 0, 16, 1, 1, 1))
    with pytest.raises(ValueError, match=r"b \* 2 \*\* cap .* exceeds"):
        V.get("sichuan", score_values=(30, 0, 0, 1, 0, 16, 1, 1, 1))
    with pytest.raises(ValueError, match=r"2 \*\* cap .* exceeds"):
        V.get("guangdong_jipinghu", score_values=(40, 0, 1, 1))
    assert RuleSpec().score_values == V.get("hebei").score_values  # the default is hebei's


def test_score_values_checked_at_the_simulate_and_cli_boundary() -> None:
    import mjsim
    from mjsim.cli import main

    with pytest.raises(ValueError, match="reads exactly 7 values"):
        mjsim.simulate("hebei", 1, score_values=(1, 2))
    with pytest.raises((ValueError, SystemExit)):
        main(["simulate", "hebei", "-n", "1", "--set", "score_values=3000000000,2,2,2,8,2,1"])
