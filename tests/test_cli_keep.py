"""The command line keeps finished results : outputs are probed by
really creating them before a run, a failed write at the end still prints the summary and writes
the other outputs, Ctrl-C during ``study`` keeps the finished cells; and the smaller findings
(repeated ``--set`` keys, ``--no-plots`` message, ``p = 0``, labels, columns, percentiles)."""

from __future__ import annotations

import errno
import json
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import mjsim
import mjsim.distributed
import mjsim.selfplay
from mjsim.arena import format_p
from mjsim.cli import main
from mjsim.stats import format_summary, summarize
from mjsim.study import parse_grid

LONG = "a" * 300


# ------------------------------------------------------------------ 1. outputs probed, kept
@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "hebei", "--out", f"{LONG}.csv"],
        ["simulate", "hebei", "--out", "/proc/x.csv"],
        ["simulate", "hebei", "--json", f"{LONG}.json"],
        ["simulate", "hebei", "--json", "/proc/x.json"],
        ["study", "hebei", "--set", "allow_chow=true", "--out", LONG],
        ["study", "hebei", "--set", "allow_chow=true", "--out", "/proc/xdir"],
    ],
)
def test_unwritable_outputs_are_refused_before_the_run(argv, capsys, tmp_path, monkeypatch):
    """os.access said yes (as root) to /proc and never saw a too-long name: the run played all
    its hands, then died in a traceback (rc 1, no summary)."""
    monkeypatch.chdir(tmp_path)
    called = []
    monkeypatch.setattr(mjsim.distributed, "run", lambda *a, **k: called.append(1))
    assert main(argv + ["--hands", "4", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mjsim: error: ") and "cannot be written" in err, err
    assert not called
    assert list(tmp_path.iterdir()) == []  # the probe left nothing behind


def test_output_probe_leaves_no_trace(tmp_path):
    from mjsim._args import check_writable

    check_writable("--out", tmp_path / "new" / "deeper" / "r.csv")
    check_writable("--out", tmp_path / "d", directory=True)
    assert list(tmp_path.iterdir()) == []
    keep = tmp_path / "old.csv"
    keep.write_text("x\n")
    check_writable("--out", keep)
    assert keep.read_text() == "x\n"


def test_a_failed_write_after_the_run_keeps_the_summary_and_other_outputs(
    tmp_path, capsys, monkeypatch
):
    def disk_full(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(mjsim.cli, "write_rows", disk_full)
    js = tmp_path / "s.json"
    argv = ["simulate", "hebei", "--hands", "40", "--threads", "1", "--quiet"]
    assert main(argv + ["--out", str(tmp_path / "r.csv"), "--json", str(js)]) == 1
    cap = capsys.readouterr()
    assert "win rate" in cap.out and "hebei: 40 hands" in cap.out
    assert "--out" in cap.err and "could not be written: No space left on device" in cap.err
    assert json.loads(js.read_text())["n_hands"] == 40

    monkeypatch.setattr(mjsim.study, "write_study", disk_full)
    argv = ["study", "hebei", "--set", "allow_chow=true", "--hands", "20", "--threads", "1"]
    assert main(argv + ["--quiet", "--out", str(tmp_path / "st")]) == 1
    cap = capsys.readouterr()
    assert "allow_chow=True" in cap.out and "could not be written" in cap.err


# ------------------------------------------------------------------ 2. Ctrl-C during study
def test_ctrl_c_during_study_keeps_the_finished_cells(tmp_path, capsys, monkeypatch):
    """Ctrl-C in the third cell printed only "interrupted" (rc 130): no table, no study.csv."""
    real = mjsim.selfplay.simulate
    calls = []

    def interrupt_in_cell_3(*a, **k):
        calls.append(1)
        if len(calls) == 6:  # cells of 2 chunks: cell 3's second chunk
            raise KeyboardInterrupt
        return real(*a, **k)

    monkeypatch.setattr(mjsim.selfplay, "simulate", interrupt_in_cell_3)
    monkeypatch.setattr(mjsim.distributed, "default_chunk", lambda n, t: 20)
    out = tmp_path / "s8"
    argv = ["study", "hebei", "--set", "allow_chow=true", "--set", "wall_reserve=0,2"]
    argv += ["--hands", "40", "--threads", "1", "--quiet", "--out", str(out), "--no-plots"]
    assert main(argv) == 130
    cap = capsys.readouterr()
    assert "allow_chow=True wall_reserve=0" in cap.out  # cell 2: finished
    assert "allow_chow=True wall_reserve=2 (20 hands)" in cap.out  # cell 3: half
    assert "not (fully) played: allow_chow=True wall_reserve=2" in cap.err
    df = pd.read_csv(out / "study.csv")
    assert list(df["cell"]) == [
        "base",
        "allow_chow=True wall_reserve=0",
        "allow_chow=True wall_reserve=2",
    ]
    assert list(df["hands"]) == [40, 40, 20]
    assert df["d_drawn_rate"].notna().all()


# ------------------------------------------------------------------ 3. repeated --set keys
def test_repeated_set_key_adds_values_and_base_cell_is_reused(capsys, monkeypatch):
    assert parse_grid(["allow_chow=true", "allow_chow=false", "allow_chow=true"]) == {
        "allow_chow": [True, False]
    }
    real = mjsim.distributed.run
    played = []
    monkeypatch.setattr(mjsim.distributed, "run", lambda *a, **k: played.append(1) or real(*a, **k))
    argv = ["study", "hebei", "--set", "allow_chow=true", "--set", "allow_chow=false"]
    assert main(argv + ["--hands", "30", "--threads", "1", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "allow_chow=True" in text and "allow_chow=False" in text
    assert len(played) == 2  # base and allow_chow=True; allow_chow=False is hebei's base


# ------------------------------------------------------------------ 4. --no-plots message
def test_no_plots_does_not_say_plots(tmp_path, capsys):
    out = tmp_path / "s3"
    argv = ["study", "hebei", "--set", "allow_chow=true", "--hands", "20", "--threads", "1"]
    assert main(argv + ["--quiet", "--no-plots", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert f"wrote {out / 'study.csv'}\n" in text and "and plots" not in text
    assert sorted(p.name for p in out.iterdir()) == ["study.csv", "study.csv.meta.json"]


# ------------------------------------------------------------------ 5. p underflow
def test_p_value_underflow_is_not_printed_as_zero():
    assert format_p(0.0) == "p < 1e-16"
    assert format_p(1e-20) == "p < 1e-16"
    assert format_p(0.0321) == "p = 0.032"


# ------------------------------------------------------------------ 7, 8. summary text, docs
def _rows(values, pays=None):
    n = len(values)
    rows = np.zeros(n, dtype=mjsim.selfplay.RESULT_DTYPE)
    rows["hand"] = np.arange(n)
    rows["n_winners"] = 1
    rows["winners"] = 1
    rows["value"] = values
    rows["item0"] = -1
    for p in range(4):
        rows[f"player{p}"] = p
    if pays is not None:
        rows["pay0"] = pays
        rows["pay1"] = -np.asarray(pays)
    return rows


def test_summary_percentiles_are_values_that_occurred():
    s = summarize(_rows([1, 2, 2, 3, 49, 50] * 20), ["greedy"] * 4)
    for k, v in s["value_percentiles"].items():
        assert v in (1, 2, 3, 49, 50), (k, v)


def test_summary_columns_do_not_run_together_and_agents_are_by_player():
    big = [279172874 * (-1) ** i * (i % 7) for i in range(40)]
    s = summarize(_rows([1] * 40, big), ["greedy", "random"] * 2)
    text = format_summary(s)
    for line in text.splitlines():
        assert not re.search(r"%-\d", line), line  # "3.0%-279172874.240"
    assert re.search(r"^agent\s+players\s+win rate", text, re.M)
    assert s["agents"]["greedy"]["players"] == [0, 2]


def test_docs_list_every_out_column():
    text = (Path(__file__).parents[1] / "docs" / "cli.md").read_text()
    para = " ".join(text[text.index("`--out` writes one row per hand") :].split("\n\n")[0].split())
    for name in mjsim.selfplay.RESULT_DTYPE.names:
        # pay2 as "pay0-3", item3_n as "item0_n-item5_n"
        assert name in para or re.sub(r"\d", "0", name) in para, name
    assert "round_wind" in para and "repeat" in para
    flat = " ".join((Path(__file__).parents[1] / "docs" / "studies.md").read_text().split())
    assert "`self_draw_of_all_hands` (the share of all hands" in flat
    assert "`self_draw_of_won_hands` (the share of the won hands" in flat


def test_progress_rate_and_eta_leave_out_the_first_chunk_compile():
    """A cold compile sat at 0% with an ETA of 9:37:06; the rate then averaged the compile in."""
    import io
    import time

    from tqdm import tqdm

    from mjsim.distributed import _restart_clock, _set_status

    buf = io.StringIO()
    bar = tqdm(total=1000, file=buf, mininterval=0, smoothing=0.1)
    _set_status(bar, "compiling the game loop (first run, once)...")
    assert "compiling" in buf.getvalue()
    time.sleep(0.6)  # the first chunk: compile + 10 hands
    _restart_clock(bar, 10)
    assert bar.n == 10 and bar.format_dict["elapsed"] < 0.3
    time.sleep(0.05)
    bar.update(10)
    assert bar.format_dict["rate"] > 50  # 10 hands / 0.05 s, not 20 hands / 0.65 s
    bar.close()
