"""Fan tables as data (mjsim.scoring.fan_table): validation, combine modes, the jitted evaluator.

The evaluator is checked against a plain-Python reading of the module's documented semantics
(:func:`reference`) on random tables and random pattern counts (hypothesis), and on worked
examples of each combine mode.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjsim.scoring import fan_table as ft
from mjsim.scoring.patterns import INDEX, N_PATTERNS


def _eval(table: ft.FanTable, counts: dict[str, int], shape: int = ft.SHAPE_STANDARD):
    comp = ft.compile_table(table)
    c = np.zeros(N_PATTERNS, np.int64)
    for k, v in counts.items():
        c[INDEX[k]] = v
    applied = np.zeros(comp.rows.shape[0], np.int64)
    v, u, q, _limit = ft.evaluate(c, shape, comp.rows, comp.cancels, comp.header, applied)
    items = {comp.names[r][0]: int(applied[r]) for r in range(len(applied)) if applied[r]}
    return int(v), int(u), int(q), items


def _t(rows, **kw) -> ft.FanTable:
    return ft.FanTable(name="t", rows=tuple(rows), **kw)


# ---- worked examples of each combine mode -------------------------------------------------------


def test_sum_with_cap_cancels_and_floor():
    rows = [
        {"zh": "平胡", "when": "win", "value": 0},
        {"zh": "对对胡", "when": "all_pungs", "value": 1, "cancels": ("平胡",)},
        {"zh": "清一色", "when": "full_flush", "value": 2, "cancels": ("平胡",)},
        {"zh": "根", "when": "fours", "value": 1},
        {"zh": "杠开", "when": "kong_bloom", "value": 3, "kind": "floor"},
    ]
    t = _t(rows, cap=3)
    # 对对胡 1 + 清一色 2 + 根 2 = 5, capped at 3; 平胡 cancelled
    assert _eval(t, {"win": 1, "all_pungs": 1, "full_flush": 1, "fours": 2}) == (
        3, 5, 3, {"对对胡": 1, "清一色": 1, "根": 2},
    )  # fmt: skip
    # a plain win is 0, raised to 3 by the floor
    assert _eval(t, {"win": 1, "kong_bloom": 1}) == (3, 0, 3, {"平胡": 1, "杠开": 1})
    assert _eval(t, {"win": 1}) == (0, 0, 0, {"平胡": 1})


def test_partial_cancel_and_per_once():
    rows = [
        {"zh": "七对", "when": "seven_pairs", "value": 2},
        {"zh": "龙七对", "when": "seven_pairs_fours", "value": 3, "per": "once",
         "cancels": ("七对", ("根", 1))},
        {"zh": "根", "when": "fours", "value": 1},
    ]  # fmt: skip
    t = _t(rows, shapes=("seven_pairs",))
    got = _eval(t, {"seven_pairs": 1, "seven_pairs_fours": 2, "fours": 2}, ft.SHAPE_SEVEN_PAIRS)
    assert got == (4, 4, 4, {"龙七对": 1, "根": 1})
    # rows do not apply in a reading their table does not consider
    assert _eval(t, {"seven_pairs": 1}, ft.SHAPE_STANDARD) == (0, 0, 0, {})


def test_pow2():
    rows = [{"zh": "番", "when": "fours", "value": 1}]
    assert _eval(_t(rows, combine="pow2", cap=3, pow2_unit=5), {"fours": 2})[0] == 20
    assert _eval(_t(rows, combine="pow2", cap=3, pow2_unit=5), {"fours": 4})[:2] == (40, 4)


def test_product_with_groups():
    rows = [
        {"zh": "平胡", "when": "win", "value": 1},
        {"zh": "自摸", "when": "self_drawn", "value": 2, "kind": "mul"},
        {"zh": "碰碰胡", "when": "all_pungs", "value": 2, "kind": "mul", "group": "shape"},
        {"zh": "清一色", "when": "full_flush", "value": 4, "kind": "mul", "group": "shape"},
    ]
    t = _t(rows, combine="product")
    # only the largest shape multiplier counts: 1 x 2 x 4
    got = _eval(t, {"win": 1, "self_drawn": 1, "all_pungs": 1, "full_flush": 1})
    assert got == (8, 8, 8, {"平胡": 1, "自摸": 1, "清一色": 1})


def test_group_tie_keeps_the_earlier_row():
    rows = [
        {"zh": "A", "when": "all_pungs", "value": 2, "group": "g"},
        {"zh": "B", "when": "half_flush", "value": 2, "group": "g"},
    ]
    assert _eval(_t(rows), {"all_pungs": 1, "half_flush": 1})[3] == {"A": 1}


def test_limit_rows_replace_everything():
    rows = [
        {"zh": "自摸", "when": "self_drawn", "value": 1},
        {"zh": "清一色", "when": "full_flush", "value": 4, "kind": "limit"},
        {"zh": "清碰", "when": ("full_flush", "all_pungs"), "value": 5, "kind": "limit"},
        {"zh": "杠开", "when": "kong_bloom", "value": 3, "kind": "floor"},
    ]
    t = _t(rows, cap=3)
    assert _eval(t, {"self_drawn": 1, "full_flush": 1, "kong_bloom": 1}) == (
        4, 4, 4, {"清一色": 1},
    )  # fmt: skip
    assert _eval(t, {"full_flush": 1, "all_pungs": 1})[3] == {"清碰": 1}


def test_qualifying_value_leaves_out_bonuses():
    rows = [
        {"zh": "番", "when": "all_pungs", "value": 2},
        {"zh": "花", "when": "flowers", "value": 1, "qualifying": False},
    ]
    assert _eval(_t(rows, min_to_win=3), {"all_pungs": 1, "flowers": 3})[:3] == (5, 5, 2)


def test_a_condition_row_only_cancels():
    # "杠开 does not count on a plain hand": the condition applies on a plain hand (the
    # non-plain row 龙 cancels it) and cancels 杠开; it is worth nothing itself
    rows = [
        {"zh": "提溜", "when": "win", "value": 1},
        {"zh": "龙", "when": "pure_straight", "value": 4, "cancels": ("提溜", "plain")},
        {"zh": "杠开", "when": "kong_bloom", "value": 2, "kind": "mul"},
        {"zh": "plain", "when": "win", "value": 0, "kind": "condition", "cancels": ("杠开",)},
    ]
    t = _t(rows, combine="product")
    assert _eval(t, {"win": 1, "kong_bloom": 1})[:2] == (1, 1)
    assert _eval(t, {"win": 1, "kong_bloom": 1, "pure_straight": 1}) == (
        8, 8, 8, {"龙": 1, "杠开": 1},
    )  # fmt: skip


def test_tables_have_no_fixed_size():
    rows = [{"zh": f"r{i}", "when": "win", "value": 1} for i in range(200)]
    assert _eval(_t(rows), {"win": 1})[0] == 200


# ---- validation: every bad entry is named, with the legal values --------------------------------


@pytest.mark.parametrize(
    ("rows", "kw", "match"),
    [
        ([], {}, "at least one row"),
        ([{"zh": "x", "when": "all_pung", "value": 1}], {}, r"row 0 \(x\).*unknown pattern 'all_pung'.*all_pungs"),
        ([{"zh": "x", "when": "win", "value": 1, "kind": "double"}], {}, r"row 0 \(x\) kind.*'double'.*'add'"),
        ([{"zh": "x", "when": "win", "value": 1, "colour": 1}], {}, r"unknown key\(s\) \['colour'\]"),
        ([{"zh": "x", "when": "win"}], {}, r"row 0 \(x\): needs a 'value'"),
        ([{"zh": "x", "when": "win", "value": "1"}], {}, r"row 0 \(x\) value: must be an integer"),
        ([{"zh": "x", "when": "win", "value": 0, "kind": "mul"}], {}, r"row 0 \(x\) value: must be in 1"),
        ([{"zh": "x", "when": "win", "value": 1}, {"zh": "x", "when": "win", "value": 1}], {}, "duplicate row name"),
        ([{"zh": "x", "when": "win", "value": 1, "cancels": ("y",)}], {}, r"no row named 'y'; rows: x"),
        ([{"zh": "x", "when": "win", "value": 1, "per": "each"}], {}, r"'each' is not one of \['unit', 'once'\]"),
        ([{"zh": "x", "when": "win", "value": 1, "shapes": ("knitted_straight",)}], {},
         r"shapes: 'knitted_straight' is not one of"),
        ([{"zh": "x", "when": (), "value": 1}], {}, "'when' must be a pattern key"),
        ([{"en": "x", "when": "win", "value": 1}], {}, r"row 0: needs a non-empty 'zh'"),
        ([{"zh": "x", "when": "win", "value": 1}], {"combine": "max"}, r"combine: 'max' is not one of"),
        ([{"zh": "x", "when": "win", "value": 1}], {"free_honors": "dragons"},
         r"free_honors: 'dragons' is not one of"),
        ([{"zh": "x", "when": "win", "value": 1}], {"cap": -2}, r"cap: must be in -1"),
        ([{"zh": "x", "when": "win", "value": 1}], {"pair_rule": "2-5-8"}, r"pair_rule: '2-5-8'"),
    ],
)  # fmt: skip
def test_bad_tables_are_named(rows, kw, match):
    with pytest.raises(ValueError, match=match):
        ft.compile_table(_t(rows, **kw))


def test_table_params_names_unknown_and_ill_typed():
    with pytest.raises(ValueError, match=r"unknown parameter 'kap'; parameters: \['cap'"):
        ft.table_params("t", {"cap": 3, "flag": True}, {"kap": 4})
    with pytest.raises(ValueError, match="cap must be an integer"):
        ft.table_params("t", {"cap": 3}, {"cap": "4"})
    with pytest.raises(ValueError, match="flag must be True or False"):
        ft.table_params("t", {"flag": True}, {"flag": 1})
    assert ft.table_params("t", {"cap": 3, "flag": True}, {"cap": 4}) == {"cap": 4, "flag": True}


# ---- property tests -----------------------------------------------------------------------------

_KEYS = ["win", "all_pungs", "full_flush", "fours", "self_drawn", "kong_bloom", "flowers"]
_row = st.fixed_dictionaries(
    {
        "when": st.one_of(st.sampled_from(_KEYS), st.lists(st.sampled_from(_KEYS), min_size=1, max_size=3).map(tuple)),
        "value": st.integers(1, 6),
        "kind": st.sampled_from(["add", "add", "mul", "limit", "floor", "condition"]),
        "per": st.sampled_from(["unit", "once"]),
        "min": st.integers(1, 2),
        "group": st.sampled_from([None, None, "g1", "g2"]),
        "qualifying": st.booleans(),
    }
)  # fmt: skip


@st.composite
def _tables(draw):
    rows = draw(st.lists(_row, min_size=1, max_size=7))
    rows = [{"zh": f"r{i}", **r} for i, r in enumerate(rows)]
    for i, r in enumerate(rows):
        targets = draw(st.lists(st.integers(0, len(rows) - 1), max_size=2))
        r["cancels"] = tuple(
            f"r{j}" if draw(st.booleans()) else (f"r{j}", draw(st.integers(1, 2)))
            for j in targets
            if j != i
        )
    combine = draw(st.sampled_from(["sum", "pow2", "product"]))
    return _t(rows, combine=combine, cap=draw(st.integers(-1, 8)), base=draw(st.integers(0, 2)))


def reference(table: ft.FanTable, counts: dict[str, int]) -> tuple[int, int, int]:
    """The module docstring's evaluation order in plain Python."""
    rows = table.rows
    applied = []
    for r in rows:
        keys = (r["when"],) if isinstance(r["when"], str) else r["when"]
        n = min(counts.get(k, 0) for k in keys)
        n = 0 if n < r.get("min", 1) else (n if r.get("per", "unit") == "unit" else 1)
        applied.append(n)
    pos = {r["zh"]: i for i, r in enumerate(rows)}
    for i, r in enumerate(rows):
        for c in r.get("cancels", ()):
            name, k = (c, None) if isinstance(c, str) else c
            if applied[i] > 0:
                j = pos[name]
                applied[j] = 0 if k is None else max(0, applied[j] - k)
    keep = list(applied)
    for i, r in enumerate(rows):
        if r.get("group") is None or applied[i] == 0:
            continue
        for j, r2 in enumerate(rows):
            if j != i and r2.get("group") == r["group"] and applied[j] > 0:
                mine, other = r["value"] * applied[i], r2["value"] * applied[j]
                if other > mine or (other == mine and j < i):
                    keep[i] = 0
    applied = keep
    limits = [i for i, r in enumerate(rows) if applied[i] and r.get("kind") == "limit"]
    if limits:
        best = max(limits, key=lambda i: (rows[i]["value"], -i))
        v = rows[best]["value"]
        if table.combine == "pow2":
            v = table.pow2_unit << v
        return v, v, v if rows[best].get("qualifying", True) else 0

    def combine(qual_only):
        use = [
            (r, n) for r, n in zip(rows, applied, strict=True)
            if n and (r.get("qualifying", True) or not qual_only)
        ]  # fmt: skip
        s = table.base + sum(r["value"] * n for r, n in use if r.get("kind", "add") == "add")
        if table.combine == "product":
            for r, n in use:
                if r.get("kind") == "mul":
                    s *= r["value"] ** n
        u = s
        if table.cap >= 0:
            s = min(s, table.cap)
        for r, _n in use:
            if r.get("kind") == "floor":
                s = max(s, r["value"])
        if table.combine == "pow2":
            s = table.pow2_unit << s
        return s, u

    v, u = combine(False)
    q, _ = combine(True)
    return v, u, q


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    _tables(),
    st.fixed_dictionaries({k: st.integers(0, 3) for k in _KEYS}),
)
def test_evaluator_matches_the_documented_semantics(table, counts):
    v, u, q, _items = _eval(table, counts)
    assert (v, u, q) == reference(table, counts)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.dictionaries(
            st.sampled_from([*ft.ROW_KEYS_ALL, "colour"]),
            st.one_of(
                st.sampled_from(["win", "all_pungs", "nope", "add", "mul", "once", "x", "y"]),
                st.integers(-3, 5),
                st.none(),
                st.tuples(st.sampled_from(["win", "x", "nope"])),
            ),
        ),
        max_size=4,
    ),
    st.sampled_from(["sum", "pow2", "product", "max"]),
)
def test_any_malformed_table_raises_value_error_naming_where(rows, combine):
    try:
        comp = ft.compile_table(_t(rows, combine=combine))
    except ValueError as e:
        assert str(e).startswith("fan table 't', ")
        return
    assert comp.rows.shape == (len(rows), ft.N_COLS)
