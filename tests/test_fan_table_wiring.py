"""Fan tables in the engine: a spec names its table (``RuleSpec.fan_table``, or its scoring
family's own table), ``RuleSpec.compile`` turns it into fixed-type arrays of
:class:`mjsim.rules.CompiledRules`, and the one jitted table branch of
:func:`mjsim.engine.settle.hand_value` reads them. These tests compile nothing: they check
what the game loop is typed on.
"""

from __future__ import annotations

import numba
import numpy as np
import pytest

from mjsim import variants
from mjsim.outcome import spec_item_rows
from mjsim.rules import spec as spec_mod
from mjsim.scoring import tables
from mjsim.scoring.fan_table import FanTable, compile_table
from mjsim.scoring.hebei import HEBEI_ITEMS
from mjsim.scoring.payments import PaymentRecord, compile_record

#: the variants whose hand value is their fan table in the game loop
TABLE_DRIVEN = ("hebei", "guangdong_jipinghu", "tianjin", "sichuan", "chengdu", "sichuan_xuezhan")


def _synthetic(spec: object) -> tuple[np.ndarray, ...]:
    """A made-up table of another size (7 rows, cancels, a cap) and a doubling record."""
    rows = (
        {"zh": "和", "en": "win", "when": "win", "value": 1},
        {"zh": "自摸", "en": "self-draw", "when": "self_drawn", "value": 1},
        {"zh": "碰碰和", "en": "all pungs", "when": "all_pungs", "value": 2, "cancels": ("和",)},
        {"zh": "七对", "en": "seven pairs", "when": "seven_pairs", "value": 2},
        {"zh": "清一色", "en": "full flush", "when": "full_flush", "value": 3},
        {"zh": "字一色", "en": "all honors", "when": "all_honors", "value": 6, "kind": "limit"},
        {"zh": "杠开", "en": "kong bloom", "when": "kong_bloom", "value": 1},
    )
    c = compile_table(
        FanTable(name="synthetic", rows=rows, cap=4, shapes=("standard", "seven_pairs"))
    )
    rec = compile_record(PaymentRecord(name="synthetic", amount="pow2", self_draw_extra=1))
    return c.rows, c.cancels, c.header, rec


@pytest.mark.parametrize("variant", TABLE_DRIVEN)
def test_table_driven_variant_compiles_its_table(variant: str) -> None:
    spec = variants.get(variant)
    name = spec.effective_fan_table()
    assert name == ("sichuan" if spec.scoring == "sichuan" else variant)
    assert name in tables.names()
    rules = spec.compile()
    values = tuple(spec.score_values)
    want = tables.get(name, **tables.spec_params(name, values))
    assert np.array_equal(rules.fan_rows, want.rows)
    assert np.array_equal(rules.fan_cancels, want.cancels)
    assert np.array_equal(rules.fan_header, want.header)
    params = {**tables.spec_params(name, values), **tables.spec_payment_params(name, values)}
    assert np.array_equal(rules.pay_record, tables.compiled_payment(name, **params))


def test_scorer_families_have_no_table() -> None:
    for variant in ("guobiao", "riichi", "changsha"):
        rules = variants.get(variant).compile()
        assert variants.get(variant).effective_fan_table() == ""
        assert rules.fan_rows.shape == (0, 10)
        assert rules.fan_cancels.shape == (0, 3)


def test_another_table_driven_variant_adds_no_jitted_code() -> None:
    """A spec with another table, of another size, is the same numba type as hebei's: the game
    loop compiled for one table-driven variant runs every other one without a new compile."""
    spec_mod.register_fan_table("synthetic", _synthetic)
    try:
        other = variants.get("hebei").replace(name="synthetic", fan_table="synthetic")
        rules = other.compile()
        assert rules.fan_rows.shape == (7, 10)
        base = variants.get("hebei").compile()
        assert numba.typeof(rules) == numba.typeof(base)
        for variant in TABLE_DRIVEN:
            assert numba.typeof(variants.get(variant).compile()) == numba.typeof(rules)
    finally:
        del spec_mod.FAN_TABLES["synthetic"]


def test_unknown_fan_table_is_refused_with_the_tables_named() -> None:
    with pytest.raises(ValueError, match=r"fan_table='nope'.*hebei"):
        variants.get("hebei", fan_table="nope")


def test_hebei_table_follows_score_values() -> None:
    """A study that changes hebei's score_values changes its table (base 3, all pungs x5)."""
    spec = variants.get("hebei", score_values=(3, 2, 5, 2, 8, 2, 1))
    rows = spec.compile().fan_rows
    from mjsim.scoring.fan_table import C_VALUE

    assert rows[0, C_VALUE] == 3  # 平胡
    assert rows[2, C_VALUE] == 5  # 碰碰胡


def test_hebei_items_are_named_from_the_table_as_before() -> None:
    rows = spec_item_rows(variants.get("hebei"))
    assert [(r[0], r[1], r[2]) for r in rows] == [tuple(r) for r in HEBEI_ITEMS]
    assert [r[3] for r in rows] == [1, 2, 2, 2, 8]


@pytest.mark.parametrize(
    ("variant", "module", "attr"),
    [
        ("guangdong_jipinghu", "mjsim.scoring.jipinghu", "JIPINGHU_ITEMS"),
        ("tianjin", "mjsim.scoring.tianjin", "TIANJIN_ITEMS"),
    ],
)
def test_table_rows_keep_the_scorers_item_ids(variant: str, module: str, attr: str) -> None:
    """The table's rows are in the order of the hand-written scorer's items, so an item id
    names the same item in records written before the table and after."""
    import importlib

    old = getattr(importlib.import_module(module), attr)
    rows = spec_item_rows(variants.get(variant))
    assert [(r[0], r[2], r[3]) for r in rows] == [(r[0], r[2], r[3]) for r in old]


def test_jipinghu_table_follows_score_values() -> None:
    """score_values = [cap, seven_pairs, additive, opening_floor]: cap 4, no opening floors."""
    spec = variants.get("guangdong_jipinghu", score_values=(4, 0, 1, 0))
    rows = spec_item_rows(spec)
    assert "天和" not in [r[2] for r in rows]
    assert dict((r[2], r[3]) for r in rows)["杠上开花"] == 4


def test_sichuan_items_are_the_scorers_items() -> None:
    """The Sichuan table's rows keep the hand-written scorer's item ids, names and fan; 自摸加番
    is a row only under self_draw_bonus=1 (score_values[1])."""
    from mjsim.scoring.sichuan import SICHUAN_ITEMS

    rows = spec_item_rows(variants.get("chengdu"))
    assert [tuple(r) for r in rows] == [tuple(r) for r in SICHUAN_ITEMS[:11]]
    fan = variants.get("sichuan", score_values=(3, 1, 0, 1, 0, 16, 1, 1, 1))
    assert [tuple(r) for r in spec_item_rows(fan)] == [tuple(r) for r in SICHUAN_ITEMS]


def test_sichuan_table_and_record_follow_score_values() -> None:
    """score_values = [cap, self_draw_bonus, exposed_kong, golden_hook, transfer_scope,
    pig_penalty, dajiao_capped, seven_pairs, b]: the table reads cap, 金钩钓 and seven pairs, the
    payment record 自摸加底 and b."""
    from mjsim.scoring.fan_table import H_CAP, H_SHAPES, SHAPE_SEVEN_PAIRS
    from mjsim.scoring.payments import K_EXTRA, K_UNIT

    rules = variants.get("sichuan_xuezhan", score_values=(4, 1, 0, 2, 0, 16, 1, 0, 3)).compile()
    assert rules.fan_header[H_CAP] == 4
    assert rules.fan_header[H_SHAPES] & SHAPE_SEVEN_PAIRS == 0
    rows = spec_item_rows(variants.get("sichuan", score_values=(4, 1, 0, 2, 0, 16, 1, 0, 3)))
    assert dict((r[2], r[3]) for r in rows)["金钩钓"] == 2
    assert rules.pay_record[K_UNIT] == 3 and rules.pay_record[K_EXTRA] == 0
    default = variants.get("sichuan").compile()
    assert default.pay_record[K_UNIT] == 1 and default.pay_record[K_EXTRA] == 1


def test_sichuan_self_draw_bonus_code_is_checked() -> None:
    with pytest.raises(ValueError, match=r"score_values\[1\]=2"):
        variants.get("sichuan", score_values=(3, 2, 0, 1, 0, 16, 1, 1, 1))


@pytest.mark.parametrize(
    "variant",
    [
        "hebei_basic",
        "jinan_baike",
        "taiyuan",
        "yantai",
        "weihai",
        "rizhao",
        "common_fan",
        "wuhan",
        "yingkou",
    ],
)
def test_score_values_default_to_the_tables_parameters(variant: str) -> None:
    """A scoring="table" variant's default score_values (and the spec fields a table parameter
    follows, ``SPEC_FIELD_PARAMS``) are its table's default parameters, so mjsim.score (which
    scores by the table's defaults) and the game loop value a hand alike."""
    spec = variants.get(variant)
    assert spec.scoring == "table" and spec.effective_fan_table() == variant
    got = tables.spec_params(variant, tuple(spec.score_values))
    for fld, key in tables.SPEC_FIELD_PARAMS.get(variant, ()):
        got[key] = getattr(spec, fld)
    assert got == tables.parameters(variant)


def test_a_table_registered_first_keeps_the_shipped_tables() -> None:
    """A user who registers a fan table of their own before using any variant still finds the
    shipped tables (hebei's), in a fresh process where nothing loaded them yet."""
    import subprocess
    import sys

    code = (
        "import numpy as np\n"
        "from mjsim import variants\n"
        "from mjsim.rules.spec import register_fan_table\n"
        "register_fan_table('mine', lambda spec: (np.zeros((0, 10), np.int64),"
        " np.zeros((0, 3), np.int64), np.zeros(8, np.int64), np.zeros(12, np.int64)))\n"
        "print(variants.get('hebei').compile().fan_rows.shape[0] > 0)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-1500:]
    assert out.stdout.strip() == "True"
