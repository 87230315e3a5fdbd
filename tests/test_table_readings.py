"""A registered rule set may not allow a win its fan table cannot value: such a win would only
show as ``unscored_win`` in check runs. :func:`mjsim.scoring.tables.check_readings` names the
win shape (or mechanism) the table has no reading for, and :func:`mjsim.variants.get` applies it
to every registered variant; a spec built with overrides stays free to experiment."""

from __future__ import annotations

import sys
import types

import pytest

from mjsim import variants
from mjsim.scoring import tables


@pytest.mark.parametrize("vid", variants.names())
def test_every_registered_variant_can_value_every_win_it_allows(vid):
    assert tables.unread_wins(variants.get(vid)) == []


def test_unread_wins_names_each_shape_and_mechanism():
    base = variants.get("hebei_basic")  # its table reads the standard shape only
    assert tables.unread_wins(base) == []
    spec = base.replace(win_shapes=("standard", "thirteen_orphans", "knitted"))
    assert tables.unread_wins(spec) == ["win_shapes: 'thirteen_orphans'", "win_shapes: 'knitted'"]
    wild = variants.get("fuzhou")  # its table reads 三金倒 (three_wilds)
    assert tables.unread_wins(wild) == []
    eight = base.replace(flower_instant_win=8, flowers="bonus", tile_set="144")
    assert tables.unread_wins(eight) == ["flower_instant_win: 8 (八花齐)"]


def test_a_spec_without_a_fan_table_has_nothing_unread():
    assert tables.unread_wins(variants.get("guobiao")) == []  # its own scorer


@pytest.fixture
def registered_module():
    """Register a throw-away variant module; unregister it afterwards."""
    names: list[str] = []

    def make(vid: str, spec) -> None:
        mod = types.ModuleType(f"_test_variant_{vid}")
        mod.SPEC = spec
        sys.modules[mod.__name__] = mod
        variants.register(vid, mod.__name__)
        names.append(vid)

    yield make
    for vid in names:
        variants._REGISTRY.pop(vid, None)
        variants._READINGS_CHECKED.discard(vid)
        sys.modules.pop(f"_test_variant_{vid}", None)


def test_registering_a_variant_whose_table_cannot_read_a_shape_is_refused(registered_module):
    spec = variants.get("hebei_basic", win_shapes=("standard", "thirteen_orphans"))
    registered_module("hebei_orphans", spec)
    with pytest.raises(ValueError) as e:
        variants.get("hebei_orphans")
    msg = str(e.value)
    assert "'hebei_orphans'" in msg and "win_shapes: 'thirteen_orphans'" in msg
    assert "fan table 'hebei_basic'" in msg and "readings: standard" in msg


def test_registering_three_wilds_without_the_reading_is_refused(registered_module):
    registered_module("ningbo_three", variants.get("ningbo", three_wild_win=True))
    with pytest.raises(ValueError, match=r"three_wild_win: 'three_wilds' \(三金倒\)"):
        variants.get("ningbo_three")


def test_a_variant_whose_table_reads_every_win_registers(registered_module):
    registered_module("hebei_basic_copy", variants.get("hebei_basic"))
    assert variants.get("hebei_basic_copy").win_shapes == ("standard",)


def test_overrides_may_still_allow_an_unread_shape():
    # an experiment (tests/test_unscored_win.py): the win shows as unscored_win in check runs
    spec = variants.get("hebei_basic", win_shapes=("standard", "thirteen_orphans"))
    assert "thirteen_orphans" in spec.win_shapes
