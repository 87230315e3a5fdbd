"""Rule-reading options (the other reading of an ambiguity of the rule texts): RuleSpec
validation and compilation, and the changsha scorer's readings through ``mjsim.score``
(birds 1 + hits vs 2 ** hits, 豪华七对 levels, the 三同 opening small win). The engine flows are
in ``tests/test_rule_readings.py``.
"""

from __future__ import annotations

import pytest

import mjsim
import mjsim.scoring.changsha as C
from mjsim import variants
from mjsim.rules import params as P

#: field -> (default, the other reading(s)); every one validated and compiled to its P_ slot
FIELDS = {
    "void_suit_kong": ("none", ("concealed", "any"), P.P_VOID_KONG, P.VOID_KONG_CODES),
    "last_tile_replacement": (
        "allowed",
        ("kept_back",),
        P.P_LAST_TILE_REPLACEMENT,
        P.LAST_TILE_REPLACEMENT_CODES,
    ),
    "seabed_offer": ("every_seat", ("ready_seats",), P.P_SEABED_OFFER, P.SEABED_OFFER_CODES),
    "seabed_refused": (
        "drawn_hand",
        ("first_seat_takes",),
        P.P_SEABED_REFUSED,
        P.SEABED_REFUSED_CODES,
    ),
    "seabed_birds": ("one", ("all",), P.P_SEABED_BIRDS, P.SEABED_BIRDS_CODES),
    "missed_win_threshold": (
        "none",
        ("higher_value",),
        P.P_MW_THRESHOLD,
        P.MW_THRESHOLD_CODES,
    ),
    "bird_rule": ("rank_seat", ("rank_seat_doubling",), P.P_BIRD_RULE, P.BIRD_RULE_CODES),
}
BOOLS = {
    "opening_same_rank_pairs": P.P_OPENING_SAME_RANK_PAIRS,
    "luxury_levels": P.P_LUXURY_LEVELS,
    "wild_fifth_copy": P.P_WILD_FIFTH_COPY,
}


@pytest.mark.parametrize("name", sorted(FIELDS))
def test_enum_fields_default_validate_and_compile(name: str) -> None:
    default, others, slot, codes = FIELDS[name]
    for v in ("sichuan", "changsha"):
        spec = variants.get(v)
        assert getattr(spec, name) == default
        assert spec.compile().params[slot] == codes[default]
        for other in others:
            assert variants.get(v, **{name: other}).compile().params[slot] == codes[other]
    with pytest.raises(ValueError) as err:
        variants.get("changsha", **{name: "sometimes"})
    msg = str(err.value)
    assert name in msg and "'sometimes'" in msg
    for legal in (default, *others):
        assert repr(legal) in msg


@pytest.mark.parametrize("name", sorted(BOOLS))
def test_bool_fields_default_validate_and_compile(name: str) -> None:
    assert getattr(variants.get("changsha"), name) is False
    spec = variants.get("changsha", **{name: True})
    assert spec.compile().params[BOOLS[name]] == 1
    with pytest.raises(ValueError, match=name):
        variants.get("changsha", **{name: 2})


def test_inert_readings_do_not_make_a_spec_invalid() -> None:
    # a reading of a rule that is off is inert, not an error (no 定缺, no birds, no wilds)
    spec = variants.get(
        "hebei",
        void_suit_kong="concealed",
        seabed_birds="all",
        seabed_offer="ready_seats",
        wild_fifth_copy=True,
        opening_same_rank_pairs=True,
    )
    assert spec.compile().params[P.P_VOID_KONG] == P.VOID_KONG_CONCEALED


def test_wild_fifth_copy_compiles_to_the_kernel_modifier_bit() -> None:
    base = variants.get("hebei", wild_rule="fixed", wild_tiles=(33,))
    assert not base.compile().params[P.P_WIN_SHAPES] & P.SHAPE_WILD_FIFTH
    spec = base.replace(wild_fifth_copy=True)
    assert spec.compile().params[P.P_WIN_SHAPES] & P.SHAPE_WILD_FIFTH
    with pytest.raises(ValueError, match="wild_substitutes='simples'"):
        base.replace(wild_fifth_copy=True, wild_substitutes="simples")


def test_changsha_birds_cannot_be_horses() -> None:
    with pytest.raises(ValueError, match="rank_seat_doubling"):
        variants.get("changsha", bird_rule="horse")


def test_defaults_compile_to_zero_in_the_new_slots() -> None:
    # the default of every reading is code 0: a spec without them compiles as before
    for v in variants.names():
        p = variants.get(v).compile().params
        assert not p[183:192].any(), v


# ---------------------------------------------------------------- changsha scorer readings
HAND = "123m456m789p234s55s"  # a small win (2-5-8 pair) on 5s


def test_two_birds_on_the_winner_add_or_double() -> None:
    # seat 1 wins a small win on seat 2's discard; birds 2p and 6p both name seat 1 (rank 2 and
    # 6 from the dealer): 10 x (1 + 2) = 30, or 10 x 2 ** 2 = 40
    kw = dict(win_tile="5s", seat=1, discarder=2, birds=["2p", "6p"])
    assert mjsim.score("changsha", HAND, **kw).payments == [0, 30, -30, 0]
    doubled = mjsim.score("changsha", HAND, bird_rule="rank_seat_doubling", **kw)
    assert doubled.payments == [0, 40, -40, 0]
    # one bird pays double under both readings (the seed's "双倍")
    one = dict(win_tile="5s", seat=1, discarder=2, birds=["2p"])
    assert mjsim.score("changsha", HAND, **one).payments == [0, 20, -20, 0]
    assert mjsim.score("changsha", HAND, bird_rule="rank_seat_doubling", **one).payments == [
        0,
        20,
        -20,
        0,
    ]
    with pytest.raises(ValueError, match="bird_rule='horse'"):
        mjsim.score("changsha", HAND, bird_rule="horse", **kw)


def test_luxury_seven_pairs_levels() -> None:
    # 七小对 with two fours (1m, 2p) won by the dealer on seat 2's 5s: big discard 60 + 10
    hand = "1111m2222p33s44s55s"
    kw = dict(win_tile="5s", discarder=2)
    plain = mjsim.score("changsha", hand, **kw)
    assert plain.total == 1 and plain.payments == [70, 0, -70, 0]
    lux = mjsim.score("changsha", hand, luxury_pairs=1, **kw)
    assert lux.total == 2 and lux.payments == [130, 0, -130, 0]  # 豪华: one more, however many
    lev = mjsim.score("changsha", hand, luxury_pairs=1, luxury_levels=True, **kw)
    assert lev.total == 3 and lev.payments == [190, 0, -190, 0]  # 双豪华: one more per four
    items = {zh: n for _i, _en, zh, _v, n in lev.items}
    assert items == {"七小对": 1, "豪华七对": 2}
    # a single four: both readings give 豪华 +1
    one = "1111m22p33p33s44s55s"
    a = mjsim.score("changsha", one, luxury_pairs=1, **kw)
    b = mjsim.score("changsha", one, luxury_pairs=1, luxury_levels=True, **kw)
    assert a.total == b.total == 2
    # levels without the 豪华 option change nothing
    assert mjsim.score("changsha", hand, luxury_levels=True, **kw).total == 1


def test_three_same_rank_pairs_opening_win() -> None:
    # 22m 22p 22s: 三同, and no other opening small win (all suits, a 2-5-8, no four, no pungs)
    hand = "22m22p22s1m3m4m7p9p1s3s"
    off = C.score_opening_hand(hand, seat=1, dealer=0)
    assert off.total == 0 and not off.valid
    on = C.score_opening_hand(hand, seat=1, dealer=0, same_rank_pairs=True)
    assert on.total == 1 and on.items == [(C.SAME_RANK_PAIRS, *C.CHANGSHA_ITEMS[18][1:3], 1, 1)]
    assert on.payments == [-20, 40, -10, -10]  # a small self-draw, the dealer pays 10 more
    # two ranks paired in every suit: two 三同 (+ 六六顺? no: pairs, not pungs)
    two = C.score_opening_hand("22m22p22s55m55p55s9m", seat=1, dealer=0, same_rank_pairs=True)
    assert two.total == 2
    with pytest.raises(ValueError, match="same_rank_pairs"):
        C.score_opening_hand(hand, seat=1, dealer=0, same_rank_pairs="yes")
