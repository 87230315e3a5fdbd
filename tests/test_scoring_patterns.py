"""The pattern vocabulary of table-driven scoring (mjsim.scoring.patterns)."""

from __future__ import annotations

import pytest

from mjsim.scoring import patterns as pt


def test_every_pattern_is_documented_once():
    keys = [p.key for p in pt.PATTERNS]
    assert len(keys) == len(set(keys)) == pt.N_PATTERNS
    for p in pt.PATTERNS:
        assert p.zh and p.en and p.definition, p.key
        assert p.scope in pt.SCOPES, p.key
        assert getattr(pt, p.key.upper()) == pt.index(p.key)


def test_recurring_patterns_are_in_the_vocabulary():
    # the most recurring scoring items across the catalogue's rule sets
    for key in (
        "all_pungs", "full_flush", "half_flush", "seven_pairs", "seven_pairs_fours",
        "all_honors", "pure_straight", "kong_bloom", "kong_discard", "last_tile_self_draw",
        "robbing_kong", "heavenly", "earthly", "self_drawn", "concealed_hand", "all_called",
        "pair_only_concealed", "edge_wait", "closed_wait", "single_wait", "kongs", "fours",
        "all_simples",
    ):  # fmt: skip
        assert key in pt.INDEX


def test_unknown_pattern_names_the_known_ones():
    with pytest.raises(ValueError, match="unknown pattern 'all_pung'.*all_pungs"):
        pt.index("all_pung")


def test_patterns_page_lists_every_pattern():
    page = pt.patterns_page()
    for p in pt.PATTERNS:
        assert f"`{p.key}`" in page and p.zh in page
