"""The ``mjsim`` command line, in process (``main([...])``) and one SIGINT subprocess run."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pandas as pd
import pytest

import mjsim
from mjsim import variants
from mjsim.arena import arena, rotations
from mjsim.cli import main, read_rows
from mjsim.distributed import run


def test_variants_list_and_show(capsys):
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    for vid in variants.names():
        assert re.search(rf"^{vid}\s+\S", out, re.M)
    assert main(["variants", "--show", "hebei"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"allow_chow\s+= False\s+claim a discard", out)
    assert "wall_reserve" in out and "scoring" in out
    assert main(["variants", "--show", "nope"]) == 2
    assert "unknown variant 'nope'" in capsys.readouterr().err


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_simulate_writes_rows_and_summary(tmp_path, capsys, suffix):
    out = tmp_path / f"r{suffix}"
    argv = ["simulate", "hebei", "--hands", "300", "--agents", "greedy,random", "--seed", "4"]
    argv += ["--threads", "2", "--chunk", "128", "--out", str(out), "--quiet"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    for key in ("win rate", "mean payment", "drawn hands", "self-draw share", "multi-winner"):
        assert key in text
    assert "top scoring items" in text and "basic_win" in text
    df = read_rows(out)
    ref = pd.DataFrame(mjsim.simulate("hebei", 300, ["greedy", "random"] * 2, seed=4, threads=1))
    pd.testing.assert_frame_equal(df, ref, check_dtype=suffix == ".parquet")


def test_simulate_match_hands_carries_state_like_simulate(tmp_path, capsys):
    # riichi matches: honba and deposits carry over; chunks are rounded to whole matches (12 -> 16)
    out = tmp_path / "m.csv"
    argv = ["simulate", "riichi", "--hands", "40", "--match-hands", "8", "--agents", "random"]
    argv += ["--seed", "3", "--threads", "2", "--chunk", "12", "--out", str(out), "--quiet"]
    assert main(argv) == 0
    df = read_rows(out)
    ref = pd.DataFrame(mjsim.simulate("riichi", 40, ["random"] * 4, seed=3, match_hands=8))
    pd.testing.assert_frame_equal(df, ref, check_dtype=False)
    assert (df["repeat"] > 0).any()  # some hand started with honba on the table
    assert main(argv[:5] + ["0", "--quiet"]) == 2
    assert "match_hands=0" in capsys.readouterr().err


def test_simulate_bad_input(capsys, tmp_path):
    assert main(["simulate", "hebei", "--hands", "5", "--agents", "greedy,x", "--quiet"]) == 2
    assert "agents" in capsys.readouterr().err
    assert main(["simulate", "hebei", "--hands", "5", "--agents", "bogus", "--quiet"]) == 2
    assert "unknown agent 'bogus'" in capsys.readouterr().err
    assert main(["simulate", "hebei", "--hands", "5", "--set", "allow_chow=maybe"]) == 2
    assert "expected true/false" in capsys.readouterr().err
    assert main(["simulate", "hebei", "--hands", "5", "--out", str(tmp_path / "x.txt")]) == 2
    assert ".parquet or .csv" in capsys.readouterr().err


def test_chunks_and_ranges_do_not_change_rows():
    a = run("hebei", 250, ["greedy", "random"] * 2, seed=3, threads=2, chunk=250).rows
    b = run("hebei", 250, ["greedy", "random"] * 2, seed=3, threads=1, chunk=37).rows
    assert np.array_equal(a, b)
    c = run("hebei", 100, ["greedy", "random"] * 2, seed=3, threads=1, first_hand=150).rows
    assert np.array_equal(a[150:], c)


def test_rotations():
    assert rotations(["a", "b", "c", "d"], True)[1] == ["d", "a", "b", "c"]
    assert rotations(["a", "b", "a", "b"], True) == [["a", "b", "a", "b"], ["b", "a", "b", "a"]]
    assert rotations(["a", "b", "c", "d"], False) == [["a", "b", "c", "d"]]


def test_arena_duplicate(capsys):
    argv = ["arena", "hebei", "--agents", "greedy,random,greedy,random", "--hands", "150"]
    assert main(argv + ["--duplicate", "--quiet", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^1\s+greedy", out, re.M)
    assert "greedy - random" in out and "variance of the mean removed" in out
    res = arena("hebei", ["greedy", "random", "greedy", "random"], 150, seed=2, duplicate=True)
    assert res.n_rotations == 2 and res.n_walls == 150 and res.errors == 0
    (a, b), (d, p) = next(iter(res.pairwise.items()))
    assert (a, b) == ("greedy", "random") and d.lo > 0 and p < 0.01
    # zero-sum with two agents: a wall's scores are exact opposites, so the deal's luck cancels
    assert np.allclose(res.scores["greedy"], -res.scores["random"])
    v_plain = np.var(res.plain["greedy"], ddof=1) / (150 * 2)
    v_dup = np.var(res.scores["greedy"], ddof=1) / 150
    assert res.variance_removed["greedy"] == pytest.approx(1 - v_dup / v_plain)
    plain = arena("hebei", ["greedy", "random", "greedy", "random"], 150, seed=2, duplicate=False)
    assert plain.n_rotations == 1 and np.isnan(plain.variance_removed["greedy"])


def test_study_grid(tmp_path, capsys):
    out = tmp_path / "st"
    argv = ["study", "hebei", "--set", "allow_chow=true,false", "--set", "wall_reserve=0,12"]
    argv += ["--hands", "120", "--out", str(out), "--quiet", "--threads", "2"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "base" in text and "allow_chow=True wall_reserve=0" in text
    df = pd.read_csv(out / "study.csv")
    assert len(df) == 5 and df["cell"][0] == "base"
    # the base rules (no chow, 12 reserved) appear again as a cell: identical play, zero diff
    same = df[df["cell"] == "allow_chow=False wall_reserve=12"].iloc[0]
    assert same["drawn_rate"] == df["drawn_rate"][0] and same["d_drawn_rate"] == 0.0
    for name in ("value_distribution", "win_rate_by_seat", "winning_turn", "drawn_rate"):
        assert (out / f"{name}.png").stat().st_size > 1000
    assert main(["study", "hebei", "--set", "min_fan=-1", "--hands", "5"]) == 2
    assert "min_fan" in capsys.readouterr().err


def test_sigint_keeps_finished_hands(tmp_path):
    """Ctrl-C during `mjsim simulate` writes the hands finished so far and exits 130."""
    out = tmp_path / "part.csv"
    cmd = [sys.executable, "-m", "mjsim.cli", "simulate", "hebei", "--hands", "2000000"]
    cmd += ["--agents", "random", "--chunk", "400", "--threads", "1", "--out", str(out)]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    # the child must see Ctrl-C as a terminal user's process does: pytest-xdist workers (and
    # background jobs of a non-interactive shell) ignore SIGINT, and an ignored SIGINT is
    # inherited, so Python would never raise KeyboardInterrupt in the child
    proc = subprocess.Popen(
        cmd,
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    seen = threading.Event()

    def watch():
        buf = b""
        while True:
            ch = proc.stderr.read(1)
            if not ch:
                return
            buf = (buf + ch)[-200:]
            if re.search(rb"\s([1-9]\d*)/2000000", buf):
                seen.set()

    threading.Thread(target=watch, daemon=True).start()
    # the subprocess may compile the self-play loop cold (minutes on a loaded 2-core machine)
    assert seen.wait(1800), "no progress within 30 minutes"
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    rc = proc.wait(600)
    assert rc == 130
    df = pd.read_csv(out)
    assert 400 <= len(df) < 2_000_000 and len(df) % 400 == 0
    assert (df["hand"].to_numpy() == np.arange(len(df))).all()
