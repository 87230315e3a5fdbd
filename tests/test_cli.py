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
    assert re.search(
        r"^  allow_chow = false \(default true\)\n +A seat may claim a discard", out, re.M
    )
    assert "wall_reserve = 12" in out and "scoring" in out
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
    assert "top scoring items" in text and "basic win 平胡" in text and "basic_win" not in text
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
    assert "--match-hands=0 must be an integer >= 1" in capsys.readouterr().err


def test_simulate_bad_input(capsys, tmp_path):
    assert main(["simulate", "hebei", "--hands", "5", "--agents", "greedy,x", "--quiet"]) == 2
    assert "agents" in capsys.readouterr().err
    assert main(["simulate", "hebei", "--hands", "5", "--agents", "bogus", "--quiet"]) == 2
    assert "unknown agent 'bogus'" in capsys.readouterr().err
    assert main(["simulate", "hebei", "--hands", "5", "--set", "allow_chow=maybe"]) == 2
    assert "expected true/false" in capsys.readouterr().err
    assert main(["simulate", "hebei", "--hands", "5", "--out", str(tmp_path / "x.txt")]) == 2
    assert ".parquet or .csv" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["simulate", "hebei", "--threads", "-1"], "--threads=-1 must be an integer >= 1"),
        (["simulate", "hebei", "--threads", "0"], "--threads=0 must be an integer >= 1"),
        (["arena", "hebei", "--agents", "greedy,random", "--threads", "-2"], "--threads=-2"),
        (["simulate", "hebei", "--hands", "0"], "--hands=0 must be an integer >= 1"),
        (["arena", "hebei", "--agents", "greedy,random", "--hands", "0"], "--hands=0 must be"),
        (["study", "hebei", "--set", "allow_chow=true", "--hands", "0"], "--hands=0 must be"),
        (["simulate", "hebei", "--chunk", "0"], "--chunk=0 must be an integer >= 1"),
        (
            ["simulate", "hebei", "--hands", "10", "--match-hands", "3"],
            "--hands 10 is not a multiple of --match-hands 3: every match plays all its 3 hands "
            "(use --hands 12 or 9)",
        ),
        (
            ["simulate", "hebei", "--hands", "2", "--match-hands", "3"],
            "--hands 2 is not a multiple of --match-hands 3: every match plays all its 3 hands "
            "(use --hands 3)",
        ),
        (["simulate", "hebei", "--agents", "greedy,random,greedy"], "--agents: 3 given for 4"),
        (
            ["simulate", "hebei", "--agents", "greedy,,random,greedy"],
            "--agents: empty agent name at position 2 ('greedy,,random,greedy')",
        ),
        (
            ["arena", "hebei", "--agents", "greedy,random,"],
            "--agents: empty agent name at position 3 ('greedy,random,')",
        ),
        (
            ["study", "hebei", "--set", "allow_chow=true", "--agents", ",greedy"],
            "agents: empty agent name at position 1 (',greedy')",
        ),
    ],
)
def test_counts_are_checked_before_anything_plays(argv, message, capsys):
    """Bad counts name the option (``--threads -1`` named ``chunk``, ``--hands 0`` printed
    nothing, ``--hands 10 --match-hands 3`` was accepted); checked before any compile."""
    assert main(argv + ["--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mjsim: error: ") and message in err, err


def test_partial_match_is_refused_by_the_api_as_by_the_cli():
    """``simulate(n_hands=10, match_hands=16)`` silently played a partial match; the API now
    refuses it with the CLI's message in keyword form (``mjsim._args.check_whole_matches``)."""
    msg = (
        "n_hands=10 is not a multiple of match_hands=16: every match plays all its 16 hands "
        "(use n_hands=16)"
    )
    with pytest.raises(ValueError, match=re.escape(msg)):
        mjsim.simulate("guobiao", n_hands=10, match_hands=16)
    with pytest.raises(ValueError, match=re.escape(msg)):
        run("guobiao", 10, ["random"], match_hands=16)
    with pytest.raises(ValueError, match=re.escape("(use n_hands=36 or 18)")):
        mjsim.simulate("riichi", 20, match_hands=18)
    # a run that would start inside a match: the same message from both entry points
    start = "first_hand=8 must be a multiple of match_hands=16 (a match is never split)"
    with pytest.raises(ValueError, match=re.escape(start)):
        mjsim.simulate("guobiao", 16, match_hands=16, first_hand=8)
    with pytest.raises(ValueError, match=re.escape(start)):
        run("guobiao", 16, ["random"], match_hands=16, first_hand=8)
    # arena and study take no match_hands: it is not a rule field, so it is refused by name
    with pytest.raises(ValueError, match="match_hands"):
        arena("hebei", ["greedy", "random"], 10, match_hands=16)


def test_empty_agent_name_is_named_with_its_position():
    """``greedy,,random,greedy`` reported "3 given"; an empty name is named where it is, in a
    string or a sequence, by every entry point."""
    from mjsim._args import seat_agents

    with pytest.raises(ValueError, match=r"^agents: empty agent name at position 2 "):
        seat_agents("greedy,,random,greedy", 4)
    with pytest.raises(ValueError, match=r"empty agent name at position 4"):
        seat_agents(["greedy", "random", "greedy", " "], 4)
    with pytest.raises(ValueError, match=r"empty agent name at position 1"):
        mjsim.simulate("hebei", 4, agents="")
    with pytest.raises(ValueError, match=r"^arena: agents: empty agent name at position 2"):
        arena("hebei", "greedy,,random,greedy", 10)
    assert seat_agents(" greedy , random ", 4) == ["greedy", "random"] * 2


@pytest.mark.parametrize("command", ["simulate", "arena", "study"])
def test_agents_help_says_how_a_shorter_list_repeats(command, capsys):
    """The help said "one agent per seat" while a shorter list cycles: it says exactly what
    happens (mjsim._args.seat_agents)."""
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "one agent per seat" not in text
    assert (
        "a shorter list repeats in order if its length divides the seat count (greedy,random at "
        "4 seats: greedy,random,greedy,random), any other length is an error" in text
    )
    assert ("one name: every seat" in text) == (command != "arena")  # arena needs two agents


def test_arena_variance_removed_needs_a_large_enough_sample():
    """At 10 walls the duplicate-play variance estimate came out as -351%: below
    ``MIN_VARIANCE_WALLS`` walls it is NaN and the report says why."""
    from mjsim.arena import MIN_VARIANCE_WALLS, ArenaResult, format_arena, variance_removed

    rng = np.random.default_rng(0)
    luck = rng.normal(0, 10, MIN_VARIANCE_WALLS)  # the deal's share of a wall's score
    plain = luck + rng.normal(0, 1, MIN_VARIANCE_WALLS)
    dup = rng.normal(0, 1, MIN_VARIANCE_WALLS)  # duplicate play: the luck cancelled
    v_plain = np.var(plain, ddof=1) / (MIN_VARIANCE_WALLS * 4)
    v_dup = np.var(dup, ddof=1) / MIN_VARIANCE_WALLS
    assert variance_removed(plain, dup, 4) == pytest.approx(1 - v_dup / v_plain)
    assert 0.9 < variance_removed(plain, dup, 4) < 1
    small = MIN_VARIANCE_WALLS - 1
    assert np.isnan(variance_removed(plain[:small], dup[:small], 4))
    assert np.isnan(variance_removed(plain, dup, 1))  # one rotation: nothing to compare
    res = ArenaResult([], {}, {}, {}, {"greedy": float("nan")}, 10, 4, True)
    assert (
        "  greedy        n/a (sample too small: 10 walls, needs at least 100)"
        in format_arena(res).splitlines()
    )
    res = ArenaResult([], {}, {}, {}, {"greedy": 0.25}, MIN_VARIANCE_WALLS, 4, True)
    assert "  greedy        25.0%" in format_arena(res).splitlines()


def test_study_seat_labels_follow_the_player_count():
    """Seats relative to the dealer in turn order: at 3 players the third seat plays right
    before the dealer ("previous"; it was labelled "opposite"), at 2 the other seat is both."""
    from mjsim.selfplay import RESULT_DTYPE
    from mjsim.study import cell_metrics, seat_labels

    assert seat_labels(4) == ("dealer", "next", "opposite", "previous")
    assert seat_labels(3) == ("dealer", "next", "previous")
    assert seat_labels(2) == ("dealer", "other")
    with pytest.raises(ValueError, match="n_players=5"):
        seat_labels(5)
    # dealer 1 in every hand; the winner sits at seat 0: dealer + 3 of 4 (previous), dealer + 2
    # of 3 (previous), dealer + 1 of 2 (other); the winner is paid 6 by the dealer
    for n, label in ((4, "previous"), (3, "previous"), (2, "other")):
        rows = np.zeros(3, dtype=RESULT_DTYPE)
        rows["dealer"] = 1
        rows["winners"] = 1
        rows["n_winners"] = 1
        rows["pay0"] = 6
        rows["pay1"] = -6
        m = cell_metrics(rows, n)
        wins = {lab: m["est"][f"win_{lab}"].value for lab in seat_labels(n)}
        assert wins == {lab: float(lab == label) for lab in seat_labels(n)}
        assert not any(k.endswith("_opposite") for k in m["est"]) or n == 4
        assert m["est"][f"pay_{label}"].value == 6 and m["est"]["pay_dealer"].value == -6


def test_threads_help_documents_zero(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--threads N worker threads, 1..1024 (default: every core; 0 is an error)" in text


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


def _columns(line: str) -> list[tuple[int, str]]:
    """(end position, text) of each column of a printed table line (columns are separated by
    two or more spaces; a column's text may hold single spaces)."""
    return [(m.end(), m.group()) for m in re.finditer(r"\S+(?: \S+)*", line)]


def test_study_sizes_agents_to_each_cell_and_aligns_its_table(capsys):
    """``--set n_players=2,3`` plays every cell with its own seat count (it failed with "agents:
    4 given for 2 seats"); the printed table keeps a separator after every ``[Δ]`` column."""
    argv = ["study", "sichuan", "--set", "n_players=2,3", "--hands", "24", "--seed", "1"]
    assert main(argv + ["--threads", "2", "--quiet", "--no-plots"]) == 0
    lines = capsys.readouterr().out.splitlines()
    table = lines[: lines.index(next(x for x in lines if x.startswith("(95% CIs")))]
    assert [x.split()[0] for x in table] == ["cell", "base", "n_players=2", "n_players=3"]
    header = _columns(table[0])
    assert [t for _, t in header] == [
        "cell", "drawn", "dealer win", "dealer pay", "self-draw of wins", "value", "win turn"
    ]  # fmt: skip
    for line in table[1:]:
        cols = _columns(line)
        assert len(cols) == len(header), line  # no two columns run together
        # right-aligned metric columns end where their header ends
        assert [e for e, _ in cols[1:]] == [e for e, _ in header[1:]], line
    assert "Δ" in table[2] and "Δ" in table[3]  # paired differences against the base
    # agents sized per cell: a list that fits 2 seats but not 3 names the cell
    from mjsim.study import study

    with pytest.raises(ValueError, match=r"study cell 'n_players=3': agents: 2 given for 3 seats"):
        study("sichuan", {"n_players": [2, 3]}, 8, ["greedy", "random"])


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


def test_output_paths_and_seed_are_checked_before_the_run(tmp_path, capsys):
    """An unwritable ``--out`` / ``--json`` raised a traceback AFTER the whole run (the rows
    were lost), and a seed above int64 an ``OverflowError``: both are now ``mjsim: error``
    before anything compiles or plays ."""
    a_file = tmp_path / "f"
    a_file.write_text("")
    cases = [
        (["simulate", "hebei", "--out", str(a_file / "y.csv")], "is not a directory"),
        (["simulate", "hebei", "--json", str(tmp_path)], "is a directory, not a file"),
        (["study", "hebei", "--set", "allow_chow=true", "--out", str(a_file)], "not a directory"),
        (["simulate", "hebei", "--seed", str(2**70)], "must be at most 2**63 - 1"),
        (["arena", "hebei", "--agents", "greedy,random", "--seed", "-1"], "--seed=-1 must be"),
    ]
    for argv, message in cases:
        assert main(argv + ["--hands", "4", "--quiet"]) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("mjsim: error: ") and message in err, (argv, err)
    with pytest.raises(ValueError, match=re.escape("seed=1180591620717411303424 must be at most")):
        mjsim.simulate("hebei", 4, seed=2**70)


def test_arena_hands_help_says_it_counts_walls_with_duplicate(capsys):
    """`arena --hands` with --duplicate counts walls (n_players x --hands hands are played);
    its help said only "hands to play"."""
    with pytest.raises(SystemExit):
        main(["arena", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--hands HANDS hands to play; with --duplicate, walls (each played once per seat" in text
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "--hands HANDS hands to play, >= 1" in " ".join(capsys.readouterr().out.split())
