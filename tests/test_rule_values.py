"""Rule values name features, not places: the former city-name spellings are still accepted, and
the seating of a match is a spec field (a spec's name decides nothing)."""

from __future__ import annotations

import dataclasses

import pytest

from mjsim import variants
from mjsim.engine.seating import players_at_seats, seating_table
from mjsim.rules import params as P
from mjsim.rules.spec import FORMER_VALUES, SEATINGS, RuleSpec


@pytest.mark.parametrize(
    ("field", "former", "current"),
    [(f, old, new) for f, m in FORMER_VALUES.items() for old, new in m.items()],
)
def test_former_spellings_read_as_the_feature_name(field: str, former: str, current: str) -> None:
    codes = {
        "win_filter": P.WIN_FILTER_CODES,
        "kong_only_tiles": P.KONG_ONLY_CODES,
        "pre_hand_bet": P.PRE_HAND_BET_CODES,
        "draw_counter_rule": P.DRAW_COUNTER_CODES,
        "kong_pay_rule": P.KONG_RULE_CODES,
    }[field]
    assert current in codes and former not in codes
    base = {
        "win_filter": ("hebei", {"kong_payment_timing": "immediate"}),
        "kong_only_tiles": ("hebei", {}),
        "pre_hand_bet": ("hebei", {}),
        "draw_counter_rule": ("hebei", {}),
        "kong_pay_rule": ("sichuan", {}),
    }[field]
    old = variants.get(base[0], **base[1], **{field: former})
    new = variants.get(base[0], **base[1], **{field: current})
    assert getattr(old, field) == current
    assert old == new and (old.compile().params == new.compile().params).all()


def test_unknown_value_error_lists_feature_names() -> None:
    with pytest.raises(ValueError, match="small_win_258_pair") as e:
        RuleSpec(win_filter="beijing")
    assert "wuhan" not in str(e.value)


def test_seating_is_a_spec_field() -> None:
    gb = variants.get("guobiao")
    assert gb.seating == "swap_pairs_at_west"
    assert seating_table(gb).tolist() == [list(r) for r in SEATINGS["swap_pairs_at_west"]]
    # before the West round the players sit at their own seats, from it on in swapped pairs
    assert players_at_seats(gb, 1) == (0, 1, 2, 3)
    assert players_at_seats(gb, 2) == (1, 0, 3, 2)
    # the name decides nothing: a guobiao-named spec with fixed seats keeps them, and any
    # four-player spec may swap
    fixed = dataclasses.replace(gb, seating="fixed")
    assert fixed.name == "guobiao" and players_at_seats(fixed, 2) == (0, 1, 2, 3)
    swapped = variants.get("hebei", seating="swap_pairs_at_west")
    assert players_at_seats(swapped, 3, first_dealer=1) == players_at_seats(gb, 3, first_dealer=1)


def test_seating_needs_four_players() -> None:
    with pytest.raises(ValueError, match="seating='swap_pairs_at_west' needs n_players=4"):
        variants.get("hebei", n_players=3, seating="swap_pairs_at_west")
    with pytest.raises(ValueError, match="seating"):
        variants.get("hebei", seating="rotate_each_round")
    assert seating_table(variants.get("hebei", n_players=3)).tolist() == [[0, 1, 2, 3]] * 4
