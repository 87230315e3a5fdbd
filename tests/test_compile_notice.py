"""First uses that compile say so, and interrupts answer (mjsim/_compile_notice.py).

A cold first use sat silent for minutes (the README's AEC loop among them), Ctrl-C during a
compile could not answer until it ended and left an empty ``--out`` file, and SIGTERM killed a
run without writing its finished hands. Nothing here compiles mjsim's engine for the test: the
notice is checked on a one-line kernel in a fresh cache, the entry points' wiring with the
compile stopped at its door, the interrupts on the self-play loop the suite compiles anyway.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pandas as pd
import pytest
from numba.core import event

import mjsim
import mjsim.distributed
import mjsim.selfplay
from mjsim import _compile_notice


def _fake_compile(seconds: float = 0.0, value: object = None):
    """A ``work`` for first_use that numba would report as compiling (one compile event)."""

    def work():
        with event.trigger_event("numba:compile", data={}):
            time.sleep(seconds)
        return value

    return work


@pytest.fixture
def fresh(monkeypatch):
    """No first use done yet in this process, no quiet setting inherited."""
    monkeypatch.setattr(_compile_notice, "_loaded", set())
    monkeypatch.delenv(_compile_notice.QUIET_ENV, raising=False)


def _child_env(**extra: str) -> dict[str, str]:
    """The environment of a child process: unbuffered, no quiet setting, ``extra`` added."""
    env = {k: v for k, v in os.environ.items() if k != "MJSIM_QUIET"}
    env.update(PYTHONUNBUFFERED="1", **extra)
    return env


# ------------------------------------------------------------------ the notice
def test_notice_on_a_cold_compile_and_nothing_when_warm(tmp_path):
    """A real (one-line) kernel in a fresh cache: the first process compiles it and says so,
    the second loads it and prints nothing."""
    (tmp_path / "tiny_kernel.py").write_text(
        "import numba\n\n@numba.njit(cache=True)\ndef plus_one(x):\n    return x + 1\n"
    )
    code = textwrap.dedent(
        """
        import mjsim
        from mjsim import _compile_notice
        import tiny_kernel
        value = _compile_notice.first_use("t", "a tiny kernel", lambda: tiny_kernel.plus_one(41))
        assert value == 42 and _compile_notice.loaded("t")
        """
    )
    cache = tmp_path / "cache"
    env = _child_env(MJSIM_CACHE_DIR=str(cache), PYTHONPATH=str(tmp_path))
    for inherited in ("NUMBA_CACHE_DIR", "MJSIM_NUMBA_CACHE_AUTO"):  # a fresh cache
        env.pop(inherited, None)
    cold = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert cold.returncode == 0, cold.stderr
    lines = cold.stderr.splitlines()
    assert lines[0].startswith("mjsim: compiling a tiny kernel (first use of these sources")
    assert f"once, then cached in {cache}" in lines[0]
    assert re.fullmatch(r"mjsim: compiled a tiny kernel in \d+\.\d s", lines[-1]), lines
    warm = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert warm.returncode == 0, warm.stderr
    assert warm.stderr == ""


def test_loading_prints_nothing_and_a_loaded_key_runs_directly(fresh, capsys):
    where = []
    work = lambda: where.append(threading.current_thread()) or 7  # noqa: E731
    assert _compile_notice.first_use("k", "x", work) == 7
    assert where[0] is not threading.current_thread()  # the first use: in a worker thread
    assert capsys.readouterr().err == ""  # no numba:compile event: loaded from the cache
    assert _compile_notice.first_use("k", "x", work) == 7
    assert where[1] is threading.current_thread()


def test_notice_names_what_compiles_with_its_time(fresh, capsys):
    assert _compile_notice.first_use("k", "the thing", _fake_compile(0.25, 5)) == 5
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("mjsim: compiling the thing (first use of these sources on this")
    assert re.fullmatch(r"mjsim: compiled the thing in 0\.\d s", err[-1]), err


def test_errors_of_the_first_use_are_raised_to_the_caller(fresh):
    def bad():
        raise ValueError("bad hand")

    with pytest.raises(ValueError, match="bad hand"):
        _compile_notice.first_use("k", "x", bad)
    assert not _compile_notice.loaded("k")  # tried again next time


@pytest.mark.parametrize("how", ["keyword", "env", "scope"])
def test_quiet_silences_the_notice(fresh, capsys, monkeypatch, how):
    quiet = True if how == "keyword" else None
    if how == "env":
        monkeypatch.setenv("MJSIM_QUIET", "1")
    with _compile_notice.silenced(True) if how == "scope" else _nothing():
        _compile_notice.first_use("k", "x", _fake_compile(), quiet=quiet)
    assert capsys.readouterr().err == ""
    monkeypatch.setenv("MJSIM_QUIET", "0")
    assert _compile_notice.is_quiet() is False  # the scope did not stick; "0" is not quiet
    _compile_notice.first_use("k2", "x", _fake_compile())
    assert "mjsim: compiling x" in capsys.readouterr().err


def _nothing():
    from contextlib import nullcontext

    return nullcontext()


def test_elapsed_time(fresh):
    assert _compile_notice.fmt_seconds(4.24) == "4.2 s"
    assert _compile_notice.fmt_seconds(38.4) == "38 s"
    assert _compile_notice.fmt_seconds(218) == "3 min 38 s"


class _Door(Exception):
    """Stops an entry point at its first use: the wiring is checked, nothing compiles."""


@pytest.fixture
def door(fresh, monkeypatch):
    seen: list[tuple[str, str, bool | None]] = []

    def first_use(key, what, work, *, quiet=None):
        seen.append((key, what, quiet))
        raise _Door

    monkeypatch.setattr(_compile_notice, "first_use", first_use)
    return seen


def test_every_entry_point_that_compiles_goes_through_its_first_use(door):
    """The README's AEC loop, gymnasium.make with greedy opponents, the vector env, Game,
    simulate and score each pass their first compiling call through first_use, which names
    what compiles (and takes their quiet keyword)."""
    import gymnasium
    import mjsim.envs  # noqa: F401 - registers mjsim/Mahjong-v0
    from mjsim.envs import MahjongVectorEnv, mahjong_v0

    from mjsim.engine import Game

    calls = [
        lambda: mahjong_v0.env(variant="hebei", quiet=True).reset(seed=0),
        lambda: gymnasium.make("mjsim/Mahjong-v0", variant="hebei", opponents="greedy").reset(),
        lambda: MahjongVectorEnv("hebei", 2).reset(seed=0),
        lambda: Game("hebei", seed=0),
        lambda: mjsim.simulate("hebei", 10, quiet=False),
        lambda: mjsim.selfplay.warm_up("sichuan_xuezhan", "greedy"),
        lambda: mjsim.score("sichuan", "11122233344455m", win_tile="5m", self_drawn=True),
    ]
    for call in calls:
        with pytest.raises(_Door):
            call()
    keys = [k for k, _, _ in door]
    # the engine's keys name the scorer (one compiled engine per scorer); sichuan_xuezhan and
    # hebei are both table-driven
    assert keys[:6] == [
        "envs.aec:table",
        "envs.vector:table",
        "envs.vector:table",
        "engine.game:table",
        "selfplay:table",
        "selfplay:table",
    ]
    assert keys[6:] == [
        "scoring:mjsim.scoring.sichuan",
    ]
    what = [w for _, w, _ in door]
    assert "AEC environment" in what[0] and "Gymnasium environment" in what[1]
    assert "vector environment" in what[2] and "Game" in what[3]
    assert "self-play game loop" in what[4] and what[6] == "the sichuan scorer"
    assert door[0][2] is True and door[4][2] is False


def test_the_progress_bar_shows_the_compile_and_its_time(fresh, capsys, monkeypatch):
    """mjsim simulate's bar sat frozen at 0 with no time during the compile."""
    monkeypatch.setattr(
        mjsim.selfplay,
        "warm_up",
        lambda *a, **k: _compile_notice.first_use("w", "the game loop", _fake_compile(1.3)),
    )
    res = mjsim.distributed.run("hebei", 8, ["random"] * 4, threads=1, progress=True)
    assert len(res.rows) == 8 and not res.interrupted
    err = capsys.readouterr().err
    assert "mjsim: compiling the game loop (first use" in err
    assert re.search(r"compiling\.\.\. 1\.\d s", err), err  # the bar's status: elapsed time
    assert re.search(r"mjsim: compiled the game loop in 1\.\d s", err)
    assert "8/8" in err


# ------------------------------------------------------------------ interrupts
def _start(cmd: list[str], env: dict[str, str]) -> subprocess.Popen:
    # the child must see Ctrl-C as a terminal user's process does (pytest-xdist workers ignore
    # SIGINT, and an ignored SIGINT is inherited)
    return subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


class _Watch:
    """Collects a child's stderr in a thread."""

    def __init__(self, proc: subprocess.Popen) -> None:
        self.buf = b""
        self._proc = proc
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            chunk = os.read(self._proc.stderr.fileno(), 4096)
            if not chunk:
                return
            self.buf += chunk

    def last(self, pattern: bytes) -> re.Match | None:
        found = list(re.finditer(pattern, self.buf))
        return found[-1] if found else None

    def wait_for(self, pattern: bytes, timeout: float, at_least: int | None = None) -> bool:
        """Until ``pattern`` shows up (with ``at_least``: its group 1, the last time, is at
        least that number); False after ``timeout`` seconds or once the child ended."""
        end = time.monotonic() + timeout
        while True:
            m = self.last(pattern)
            if m is not None and (at_least is None or int(m.group(1)) >= at_least):
                return True
            if time.monotonic() > end or not self._reader.is_alive():
                return False
            time.sleep(0.05)

    def finish(self) -> str:
        self._reader.join(10)
        return self.text

    @property
    def text(self) -> str:
        return self.buf.decode("utf-8", "replace")


def test_ctrl_c_during_the_compile_stops_at_once_and_writes_nothing(tmp_path):
    """The compile (simulated: it would take a minute) answers Ctrl-C at once with "stopping…"
    and exit code 130, and leaves no --out / --json file (an empty one was written)."""
    out, js = tmp_path / "x.parquet", tmp_path / "s.json"
    code = textwrap.dedent(
        f"""
        import sys, time
        from numba.core import event
        import mjsim.selfplay

        def compiling(*args):
            with event.trigger_event("numba:compile", data={{}}):
                time.sleep(60)

        mjsim.selfplay._run_slice = compiling
        from mjsim.cli import main
        sys.argv = ["mjsim", "simulate", "hebei", "--hands", "50", "--threads", "1",
                    "--out", {str(out)!r}, "--json", {str(js)!r}]
        sys.exit(main())
        """
    )
    proc = _start([sys.executable, "-c", code], _child_env())
    watch = _Watch(proc)
    assert watch.wait_for(rb"mjsim: compiling the self-play game loop", 120), watch.text
    proc.send_signal(signal.SIGINT)
    rc = proc.wait(30)  # the compile would run for another minute
    err = watch.finish()
    assert rc == 130, err
    assert "mjsim: stopping… (compile of the self-play game loop" in err
    assert list(tmp_path.iterdir()) == []  # no result file, no temporary file


@pytest.mark.parametrize(
    ("sig", "rc_expected", "how"),
    [(signal.SIGTERM, 143, "SIGTERM"), (signal.SIGINT, 130, "Ctrl-C")],
)
def test_sigterm_and_ctrl_c_keep_the_finished_hands(tmp_path, sig, rc_expected, how):
    """SIGTERM (a batch scheduler, ``timeout``) killed the run with nothing written; now it
    takes Ctrl-C's path: the chunk in flight finishes, every finished hand is written, and
    both say so."""
    out, js = tmp_path / "part.parquet", tmp_path / "s.json"
    argv = ["hebei", "--hands", "1000000", "--agents", "random", "--threads", "1"]
    argv += ["--chunk", "500", "--out", str(out), "--json", str(js)]
    mjsim.selfplay.warm_up("hebei")  # the child loads the loop from the cache
    proc = _start([sys.executable, "-m", "mjsim.cli", "simulate", *argv], _child_env())
    watch = _Watch(proc)
    assert watch.wait_for(rb"\s(\d+)/1000000\b", 600, at_least=1000), watch.text
    proc.send_signal(sig)
    rc = proc.wait(120)
    err = watch.finish()
    assert rc == rc_expected, err
    assert f"mjsim: {how}: finishing the hands in flight (chunk of 500)… " in err
    assert "press Ctrl-C again to abort" in err
    df = pd.read_parquet(out)
    n = len(df)
    assert n >= 1000 and n % 500 == 0, n
    assert (df["hand"].to_numpy() == np.arange(n)).all()
    ref = mjsim.simulate("hebei", n, "random", seed=0, threads=1)
    assert (df["pay0"].to_numpy() == ref["pay0"]).all()
    assert f'"n_hands": {n},' in js.read_text()


def test_a_second_ctrl_c_drops_the_chunk_in_flight(tmp_path):
    """The first Ctrl-C waits for the chunk in flight; the second stops at once without it."""
    out = tmp_path / "part.csv"
    code = textwrap.dedent(
        f"""
        import sys, time
        import mjsim.selfplay

        def slow_chunk(*args, **kwargs):
            print("chunk started", file=sys.stderr, flush=True)
            time.sleep(60)

        mjsim.selfplay.warm_up = lambda *args, **kwargs: None
        mjsim.selfplay.simulate = slow_chunk
        from mjsim.cli import main
        sys.argv = ["mjsim", "simulate", "hebei", "--hands", "9000", "--threads", "1",
                    "--chunk", "3000", "--out", {str(out)!r}]
        sys.exit(main())
        """
    )
    proc = _start([sys.executable, "-c", code], _child_env())
    watch = _Watch(proc)
    assert watch.wait_for(rb"chunk started", 120), watch.text
    proc.send_signal(signal.SIGINT)
    assert watch.wait_for(rb"finishing the hands in flight \(chunk of 3000\)", 30), watch.text
    proc.send_signal(signal.SIGINT)
    rc = proc.wait(30)  # not the rest of the minute-long chunk
    err = watch.finish()
    assert rc == 130, err
    assert "mjsim: stopping… (the chunk in flight is dropped)" in err
    assert "interrupted: 0 of 9000 hands finished" in err
    assert "no hand finished: nothing written" in err
    assert list(tmp_path.iterdir()) == []
