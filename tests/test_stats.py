"""mjsim.stats: confidence intervals against hand-computed values, properties, summaries."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjsim.selfplay import RESULT_DTYPE
from mjsim.stats import (
    diff_ci,
    format_summary,
    mean_ci,
    paired_diff,
    proportion_ci,
    summarize,
    to_jsonable,
)


def test_mean_ci_worked_example():
    x = [1.0, 2.0, 3.0, 4.0, 5.0]  # mean 3, sd sqrt(2.5), se sqrt(0.5)
    e = mean_ci(x)
    assert e.value == 3.0
    assert e.n == 5
    assert e.hi - 3.0 == pytest.approx(1.959964 * math.sqrt(0.5), rel=1e-6)
    assert e.lo == pytest.approx(6.0 - e.hi)
    assert mean_ci([7]).lo == mean_ci([7]).hi == 7.0
    assert math.isnan(mean_ci([]).value)
    with pytest.raises(ValueError, match="level"):
        mean_ci(x, level=1.5)


def test_wilson_interval_reference_values():
    # Wilson 95% for 5/10: [0.2366, 0.7634]; for 0/10: [0, 0.2775] (standard tables)
    e = proportion_ci(5, 10)
    assert (e.lo, e.hi) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    e = proportion_ci(0, 10)
    assert e.value == 0.0 and e.lo == 0.0
    assert e.hi == pytest.approx(0.2775, abs=1e-4)
    with pytest.raises(ValueError, match="k <= n"):
        proportion_ci(11, 10)


def test_paired_and_welch_differences():
    rng = np.random.default_rng(0)
    base = rng.normal(0, 10, 4000)
    x = base + 1.0 + rng.normal(0, 0.1, 4000)
    e, p = paired_diff(x, base)
    assert e.lo > 0.99 and e.hi < 1.01 and p < 1e-12
    e2, p2 = diff_ci(x, base)  # unpaired: the common noise stays, the CI is far wider
    assert e2.half_width > 20 * e.half_width
    e3, p3 = paired_diff(base, base)
    assert e3.value == 0.0 and p3 == 1.0
    with pytest.raises(ValueError, match="samples"):
        paired_diff([1, 2], [1])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=2, max_size=50))
def test_mean_ci_contains_mean(xs):
    e = mean_ci(xs)
    assert e.lo <= e.value + 1e-6 and e.value <= e.hi + 1e-6


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10_000), st.data())
def test_wilson_inside_unit_interval(n, data):
    k = data.draw(st.integers(0, n))
    e = proportion_ci(k, n)
    assert 0.0 <= e.lo <= e.value <= e.hi <= 1.0


def _rows() -> np.ndarray:
    r = np.zeros(4, dtype=RESULT_DTYPE)
    r["hand"] = np.arange(4)
    r["dealer"] = [0, 1, 2, 3]
    for i in range(6):
        r[f"item{i}"] = -1
    # hand 0: seat 1 self-draws for 2 (each other pays 2); hand 1: drawn;
    # hand 2: seats 0 and 2 win on seat 3's discard (1 each); hand 3: seat 1 wins 4 from seat 0
    r["winners"] = [0b0010, 0, 0b0101, 0b0010]
    r["n_winners"] = [1, 0, 2, 1]
    r["win_kind"] = [1, 0, 2, 2]
    r["value"] = [2, 0, 1, 4]
    pays = [[-2, 6, -2, -2], [0, 0, 0, 0], [1, 0, 1, -2], [-4, 4, 0, 0]]
    for p in range(4):
        r[f"pay{p}"] = [row[p] for row in pays]
    r["item0"] = [0, -1, 0, 0]
    r["item1"] = [1, -1, -1, 2]
    r["draws"] = [40, 70, 30, 50]
    r["decisions"] = 10
    return r


def test_summarize_worked_example():
    s = summarize(_rows(), ["greedy", "random", "greedy", "random"], 4, ("basic", "tsumo", "x"))
    assert s["n_hands"] == 4 and s["errors"] == 0
    assert s["seats"][1]["win_rate"].value == 0.5
    assert s["seats"][1]["mean_pay"].value == 2.5
    assert s["agents"]["greedy"]["mean_pay"].value == pytest.approx((-2 + 0 + 1 - 2) / 4)
    assert s["agents"]["random"]["win_rate"].value == pytest.approx(2 / 8)
    assert s["drawn_rate"].value == 0.25
    assert s["self_draw_of_won_hands"].value == pytest.approx(1 / 3)
    assert s["self_draw_of_all_hands"].value == pytest.approx(1 / 4)
    assert s["multi_winner_of_won_hands"].value == pytest.approx(1 / 3)
    assert [e.value for e in s["winners_per_hand"]] == [0.25, 0.5, 0.25, 0.0]
    assert s["value_percentiles"]["max"] == 4.0
    assert s["top_items"][0] == ("basic", 3, 1.0)
    assert s["mean_draws"].value == 47.5
    text = format_summary(s, "t")
    assert "drawn hands" in text and "basic" in text
    assert to_jsonable(s)["drawn_rate"]["value"] == 0.25


def test_item_names_come_from_the_family_tables() -> None:
    from mjsim import variants
    from mjsim.distributed import item_names
    from mjsim.scoring.sichuan import BASIC

    names = item_names(variants.get("sichuan_xuezhan"))
    assert names is not None and names[BASIC] == "Basic win 平胡"
    gb = item_names(variants.get("guobiao"))
    assert gb is not None and gb[1] == "Big Four Winds 大四喜"
    assert item_names(variants.get("hebei"))[:2] == ("basic win 平胡", "self-draw 自摸")
    assert item_names(variants.get("riichi"))[0] == "riichi 立直"
    assert item_names(variants.get("tianjin"))[1] == "catch the five 捉5"
