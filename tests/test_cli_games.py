"""``mjsim games``: whole games from the command line. The summary is the games'
(``mjsim.play_games`` with the same seed), the file holds one row per game, a spec without a
game end is refused naming ``--match``, and Ctrl-C keeps the finished games."""

from __future__ import annotations

import json
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
from mjsim.cli import main
from mjsim.games import END_NAMES, format_games, summarize_games
from mjsim.results import read_metadata

AGENTS = ["greedy", "random", "greedy", "random"]


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_games_writes_the_games_of_play_games_and_summarises_them(tmp_path, capsys, suffix):
    out = tmp_path / f"games{suffix}"
    argv = ["games", "riichi", "--games", "6", "--match", "east", "--seed", "3"]
    argv += ["--agents", "greedy,random", "--threads", "1", "--chunk", "4", "--quiet"]
    argv += ["--out", str(out), "--json", str(tmp_path / "s.json")]
    assert main(argv) == 0
    text = capsys.readouterr().out
    _, games = mjsim.play_games("riichi", 6, AGENTS, seed=3, threads=1, match="east")
    df = pd.read_csv(out) if suffix == ".csv" else pd.read_parquet(out)
    assert len(df) == 6 and list(df["game"]) == list(range(6))
    for p in range(4):
        assert list(df[f"points{p}"]) == list(games[f"points{p}"])
        assert list(df[f"place{p}"]) == list(games[f"place{p}"])
    assert list(df["end"]) == [END_NAMES[e] for e in games["end"]]
    assert (df[[f"points{p}" for p in range(4)]].sum(axis=1) == 100_000).all()
    meta = read_metadata(out)
    assert meta["games"] == 6 and meta["seed"] == 3 and meta["spec"]["match"] == "east"
    summ = json.loads((tmp_path / "s.json").read_text())
    assert summ["games"] == 6
    assert summ["seats"][0]["points"][0] == pytest.approx(games["points0"].mean())
    assert format_games(summarize_games(games, mjsim.variants.get("riichi"), AGENTS)) in text
    assert "6 games" in text and "game ends:" in text


def test_games_summary_worked_example() -> None:
    games = np.zeros(4, dtype=mjsim.games.GAME_DTYPE)
    games["hands"] = [8, 9, 10, 3]
    games["end"] = [0, 0, 2, 1]
    pts = [[40000, 30000, 20000, 10000], [10000, 20000, 30000, 40000]] * 2
    for g in range(4):
        place, pp = mjsim.games.placements(pts[g], mjsim.variants.get("riichi"))
        for p in range(4):
            games[g][f"points{p}"] = pts[g][p]
            games[g][f"place{p}"] = place[p]
            games[g][f"placement{p}"] = pp[p]
    s = summarize_games(games, mjsim.variants.get("riichi"), AGENTS)
    assert s["games"] == 4 and s["ends"] == {"last_round": 2, "bust": 1, "agari_yame": 1}
    assert s["mean_hands"][0] == 7.5
    seat0 = s["seats"][0]
    assert seat0["agent"] == "greedy"
    assert seat0["points"][0] == 25000
    assert seat0["points"][1] == pytest.approx(np.std([40000, 10000] * 2, ddof=1) / 2)
    # first twice (+50 = 40 - 30 + 20 + 20), fourth twice (10 - 30 - 20 = -40)
    assert seat0["placement"][0] == pytest.approx(5.0)
    assert seat0["places"][0] == [0.5, pytest.approx(0.25)]
    assert seat0["places"][1] == [0.0, 0.0]
    assert seat0["place"][0] == 2.5
    text = format_games(s, "t")
    assert "25000 ± 8660" in text and "agari_yame:" in text and "50.0% ± 25.0%" in text


def test_a_spec_without_a_game_end_is_refused_naming_match(capsys) -> None:
    assert main(["games", "hebei", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert "mjsim: error: hebei" in err and "match='hands'" in err and "--match east" in err
    assert main(["games", "riichi", "--match", "east", "--set", "match=east_south"]) == 2
    assert "give the match once" in capsys.readouterr().err
    assert main(["games", "riichi", "--games", "0"]) == 2
    assert "--games" in capsys.readouterr().err
    assert main(["games", "riichi", "--out", "x.txt"]) == 2
    assert ".parquet or .csv" in capsys.readouterr().err


def test_sigint_keeps_finished_games(tmp_path):
    """Ctrl-C during `mjsim games` writes the games finished so far and exits 130."""
    out = tmp_path / "part.csv"
    cmd = [sys.executable, "-m", "mjsim.cli", "games", "riichi", "--games", "200000"]
    cmd += ["--agents", "random", "--chunk", "20", "--threads", "1", "--out", str(out)]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    # the child must see Ctrl-C as a terminal's process does (an ignored SIGINT is inherited)
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
            if re.search(rb"\s([1-9]\d*)/200000", buf):
                seen.set()

    threading.Thread(target=watch, daemon=True).start()
    # the subprocess may compile the self-play loop cold (minutes on a loaded 2-core machine)
    assert seen.wait(1800), "no progress within 30 minutes"
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    rc = proc.wait(600)
    assert rc == 130
    df = pd.read_csv(out)
    assert 20 <= len(df) < 200_000 and len(df) % 20 == 0
    assert (df["game"].to_numpy() == np.arange(len(df))).all()
