"""What the outputs tell a game designer: winners per hand (a blood battle's 0-3 winners),
self-draw shares named by their denominator, result files that record what produced them
(variant with overrides, seed, agents, hands, version), one helper that decodes result codes by
name, and study plots that name the variant and hands, use the table's units, draw degenerate
distributions and order seats by turn."""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest

import mjsim
import mjsim.distributed
import mjsim.study
from mjsim import variants
from mjsim.cli import main
from mjsim.distributed import RunResult
from mjsim.results import decode, read_rows, run_metadata, variant_label, write_rows
from mjsim.selfplay import RESULT_DTYPE
from mjsim.stats import format_summary, summarize

ROOT = Path(__file__).parents[1]


def blood_rows() -> np.ndarray:
    """10 hands at 4 seats: 1 drawn, 3 with one winner, 4 with two, 2 with three."""
    n_win = [0, 1, 1, 1, 2, 2, 2, 2, 3, 3]
    rows = np.zeros(10, dtype=RESULT_DTYPE)
    rows["hand"] = np.arange(10)
    rows["n_winners"] = n_win
    rows["winners"] = [(1 << k) - 1 for k in n_win]
    rows["win_kind"] = [0, 1, 2, 2, 1, 2, 2, 2, 1, 2]
    rows["discarder"] = [-1, -1, 3, 3, -1, 3, 3, 3, -1, 3]
    rows["win_tile"] = [-1, 4, 33, 0, 9, 9, 9, 9, 27, 27]
    rows["value"] = [0, 2, 1, 1, 4, 4, 4, 4, 8, 8]
    rows["item0"] = [-1, 0, 1, 0, 0, 0, 0, 0, 0, 0]
    for i in range(1, 6):
        rows[f"item{i}"] = -1
    rows["draws"] = 40
    rows["error"] = [0] * 9 + [3]
    for p in range(4):
        rows[f"player{p}"] = p
    return rows


# ------------------------------------------------------------------ winners per hand, shares
def test_summary_gives_winners_per_hand_and_names_both_self_draw_shares():
    s = summarize(blood_rows(), ["greedy"] * 4, 4)
    assert [e.value for e in s["winners_per_hand"]] == [0.1, 0.3, 0.4, 0.2]
    assert s["self_draw_of_won_hands"].value == pytest.approx(3 / 9)
    assert s["self_draw_of_all_hands"].value == pytest.approx(3 / 10)
    assert "self_draw_share" not in s and "multi_winner_rate" not in s  # one name, one meaning
    text = format_summary(s)
    assert "winners per hand (share of all hands):" in text
    assert "3 winners:  20.0% [" in text and "0 winners:  10.0% [" in text
    assert "of won hands, 30.0% [" in text and "of all hands" in text


def test_simulate_blood_battle_summary_shows_three_winners(capsys):
    argv = ["simulate", "sichuan_xuezhan", "--hands", "40", "--threads", "1", "--quiet"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "winners per hand" in text and "3 winners:" in text


# ------------------------------------------------------------------ outputs record their run
def test_variant_label_is_canonical():
    assert variant_label(variants.get("changsha", allow_chow=False)) == "changsha(allow_chow=false)"
    # the qualifier that followed is implied; the same spec gets the same label
    same = variants.get("changsha", allow_chow=False, chow_left_only=False)
    assert variant_label(same) == "changsha(allow_chow=false)"
    assert variant_label(variants.get("hebei", allow_chow=False)) == "hebei"
    spec = variants.get("hebei", min_fan=8, allow_chow=True)
    assert variant_label(spec) == "hebei(allow_chow=true, min_fan=8)"
    assert variants.get("hebei", allow_chow=True, min_fan=8) == spec


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_simulate_outputs_record_what_produced_them(tmp_path, capsys, suffix):
    """``--out`` and ``--json`` held no trace of the variant, overrides, seed or agents."""
    out, js = tmp_path / f"r{suffix}", tmp_path / "s.json"
    argv = ["simulate", "changsha", "--set", "allow_chow=false", "--hands", "12", "--seed", "5"]
    argv += ["--agents", "greedy,random", "--threads", "1", "--quiet", "--out", str(out)]
    assert main(argv + ["--json", str(js)]) == 0
    df = read_rows(out)
    meta = df.attrs["mjsim"]
    want = {
        "producer": "mjsim",
        "mjsim_version": mjsim.__version__,
        "variant": "changsha(allow_chow=false)",
        "variant_id": "changsha",
        "overrides": {"allow_chow": False},
        "seed": 5,
        "agents": ["greedy", "random", "greedy", "random"],
        "hands": 12,
        "hands_requested": 12,
        "match_hands": 1,
    }
    assert {k: meta[k] for k in want} == want
    assert variants.get(meta["variant_id"], **meta["overrides"]).to_dict() == meta["spec"]
    assert json.loads(js.read_text())["mjsim"]["variant"] == "changsha(allow_chow=false)"
    if suffix == ".parquet":  # in the pyarrow schema metadata
        raw = pq.read_schema(out).metadata[b"mjsim"]
        assert json.loads(raw)["seed"] == 5
    else:  # a plain CSV (pandas reads it as is) and its sidecar
        pd.testing.assert_frame_equal(pd.read_csv(out), df)
        assert json.loads((tmp_path / "r.csv.meta.json").read_text())["hands"] == 12


def test_write_rows_without_metadata_removes_a_stale_sidecar(tmp_path):
    rows = blood_rows()
    spec = variants.get("sichuan_xuezhan")
    p = write_rows(rows, tmp_path / "a.csv", run_metadata(spec, 1, "greedy", 10))
    assert read_rows(p).attrs["mjsim"]["variant"] == "sichuan_xuezhan"
    write_rows(rows, p)
    assert "mjsim" not in read_rows(p).attrs and not (tmp_path / "a.csv.meta.json").exists()


# ------------------------------------------------------------------ decoding
def test_decode_names_codes():
    from mjsim.distributed import item_names

    spec = variants.get("sichuan_xuezhan")
    names = item_names(spec)
    df = decode(blood_rows(), "sichuan_xuezhan")
    assert df["winners"].tolist()[:5] == [[], [0], [0], [0], [0, 1]]
    assert df["winners"][8] == [0, 1, 2]
    assert df["win_kind"].tolist()[:3] == ["none", "self_draw", "discard"]
    assert df["win_tile"].tolist()[:4] == [None, "5m", "7z", "1m"]
    assert df["item0"][1] == names[0] and df["item0"][2] == names[1] and df["item0"][0] is None
    assert df["item1"].isna().all() and (df["item0_n"] == 0).all()  # counts stay numbers
    assert df["discarder"].isna().tolist()[:3] == [True, True, False]
    assert df["round_wind"][0] == "east" and df["error"][9] == "river_full"
    assert df["value"].tolist() == blood_rows()["value"].tolist()
    # from a file: the recorded spec gives the item names
    assert decode(decode(blood_rows(), spec))["win_kind"][1] == "self_draw"  # idempotent


def test_decode_reads_the_variant_from_a_results_file(tmp_path):
    spec = variants.get("sichuan_xuezhan")
    p = write_rows(blood_rows(), tmp_path / "b.parquet", run_metadata(spec, 0, "greedy", 10))
    df = decode(read_rows(p))
    assert df["item0"][1] == mjsim.distributed.item_names(spec)[0]
    assert decode(blood_rows())["item0"][1] == "item 0"  # no variant known: the id


# ------------------------------------------------------------------ plots
def _fake_run(values_by_cell=None):
    def run(spec, n_hands, agents, seed=0, threads=None, **kw):
        rows = blood_rows()[:n_hands].copy()
        rows["dealer"] = np.arange(len(rows)) % 4
        if values_by_cell is not None:
            rows["value"] = values_by_cell
        return RunResult(rows, n_hands)

    return run


def test_matplotlib_is_a_core_dependency():
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert any(d.startswith("matplotlib") for d in deps)


def test_study_without_matplotlib_says_how_in_one_line(tmp_path, capsys, monkeypatch):
    """Without matplotlib the study printed a warnings.warn traceback-style line (file, line,
    source); now one line that says how to get plots."""
    monkeypatch.setattr(mjsim.distributed, "run", _fake_run())
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    argv = ["study", "sichuan_xuezhan", "--set", "min_fan=0,1", "--hands", "10", "--quiet"]
    assert main(argv + ["--threads", "1", "--out", str(tmp_path / "s")]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["mjsim: warning: no plots: matplotlib is not installed (pip install matplotlib)"]
    assert (tmp_path / "s" / "study.csv").exists()


def _bars(ax) -> list[float]:
    """Heights of the first bar series of ``ax`` (its error bars are separate containers)."""
    from matplotlib.container import BarContainer

    first = next(c for c in ax.containers if isinstance(c, BarContainer))
    return [b.get_height() for b in first]


def _figures(monkeypatch):
    figs = {}

    def keep(fig, path):
        figs[Path(path).stem] = fig
        return Path(path)

    monkeypatch.setattr(mjsim.study, "_save", keep)
    return figs


def test_plots_name_the_variant_use_table_units_and_turn_order(tmp_path, monkeypatch):
    monkeypatch.setattr(mjsim.distributed, "run", _fake_run())
    figs = _figures(monkeypatch)
    df = mjsim.study.study(
        "sichuan_xuezhan", {"min_fan": [1]}, 10, out_dir=tmp_path, threads=1, notify=print
    )
    assert set(figs) == {
        "value_distribution",
        "win_rate_by_seat",
        "winning_turn",
        "drawn_rate",
        "winners_per_hand",
    }
    for name, fig in figs.items():
        assert fig.axes[0].get_title().startswith("sichuan_xuezhan, 10 hands per cell: "), name
    ax = figs["win_rate_by_seat"].axes[0]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "dealer",
        "next",
        "opposite",
        "previous",
    ]
    assert "%" in ax.get_ylabel()
    assert _bars(ax) == pytest.approx(100 * df["win_dealer"].to_numpy())
    assert _bars(figs["drawn_rate"].axes[0]) == pytest.approx(100 * df["drawn_rate"].to_numpy())
    assert "%" in figs["value_distribution"].axes[0].get_ylabel()


def test_plots_draw_degenerate_distributions(tmp_path, monkeypatch):
    """One value for every won hand is one bin of 100%; no won hand at all says so."""
    monkeypatch.setattr(mjsim.distributed, "run", _fake_run([5] * 10))
    figs = _figures(monkeypatch)
    mjsim.study.study("sichuan_xuezhan", {"min_fan": [1]}, 10, out_dir=tmp_path, threads=1)
    ax = figs["value_distribution"].axes[0]
    assert ax.get_xlim() == (4.5, 5.5)
    heights = [p.get_data().values for p in ax.patches]
    assert all(list(h) == pytest.approx([100.0]) for h in heights)

    def drawn(spec, n_hands, agents, seed=0, threads=None, **kw):
        rows = np.zeros(n_hands, dtype=RESULT_DTYPE)
        rows["hand"] = np.arange(n_hands)
        return RunResult(rows, n_hands)

    monkeypatch.setattr(mjsim.distributed, "run", drawn)
    figs.clear()
    mjsim.study.study("hebei", {"min_fan": [1]}, 6, out_dir=tmp_path, threads=1)
    texts = [t.get_text() for t in figs["value_distribution"].axes[0].texts]
    assert texts == ["no won hands in any cell"]
    assert _bars(figs["drawn_rate"].axes[0]) == [100.0, 100.0]
