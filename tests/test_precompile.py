"""``mjsim compile`` and the first use of each entry point (mjsim/precompile.py).

The real compiles here are of one cheap entry point (the hebei scorer, seconds) into a fresh
temporary cache; the plan and the command line's errors compile nothing.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mjsim import _cache, precompile
from mjsim.cli import main


def test_default_plan_has_one_entry_per_compiled_code():
    """gym is the vector env's compiled code, the engine compiles once per scorer and each
    scoring family's scorer once: the default plan has each engine entry point for one
    variant per scorer, the tables, and one scorer per family."""
    from mjsim import variants

    names = [ep.name for ep in precompile.plan()]
    kinds = {variants.get(v).scorer_kind() for v in variants.names()}
    sims = [n for n in names if n.startswith("simulate:")]
    assert names[0] == "simulate:hebei"
    assert {variants.get(n.partition(":")[2]).scorer_kind() for n in sims} == kinds
    assert len(sims) == len(kinds)
    for target in ("game", "aec", "vector", "agent"):
        assert [n for n in names if n.startswith(target + ":")] == [
            s.replace("simulate", target) for s in sims
        ]
    assert "tables" in names
    scores = [n for n in names if n.startswith("score:")]
    families = {variants.get(n.partition(":")[2]).scoring for n in scores}
    assert len(scores) == len(families)  # sichuan, chengdu, sichuan_xuezhan: one compile
    assert families == {variants.get(v).scoring for v in variants.names()}
    assert [ep.name for ep in precompile.plan(["vector", "gym"], ["hebei"])] == ["vector:hebei"]
    assert [ep.name for ep in precompile.plan(["gym", "vector"], ["hebei"])] == ["gym:hebei"]


def test_plan_follows_targets_and_variants():
    plan = precompile.plan(["score", "simulate"], ["chengdu", "sichuan", "hebei", "tianjin"])
    assert [ep.name for ep in plan] == [
        "score:chengdu",
        "score:hebei",
        "score:tianjin",
        "simulate:chengdu",
        "simulate:hebei",
    ]
    assert plan[0].what == "the sichuan scorer (chengdu)" and not plan[0].engine
    assert plan[3].engine and plan[3].code == "selfplay:sichuan"
    assert plan[4].code == "selfplay:table"  # hebei and tianjin: one compiled loop
    assert "(table scorer)" in plan[4].what
    assert precompile.variant_of("simulate", ["tianjin"]) == "tianjin"
    assert precompile.variant_of("simulate:guobiao", ["tianjin"]) == "guobiao"
    assert precompile.variant_of("score:riichi", ["tianjin"]) == "riichi"
    assert precompile.variant_of("game") == precompile.DEFAULT_VARIANT
    assert precompile.entry_point("aec:riichi").code == "aec:riichi"
    with pytest.raises(ValueError, match="aec:richi: unknown variant 'richi'; did you mean riichi"):
        precompile.entry_point("aec:richi")


@pytest.mark.parametrize(
    ("targets", "variants", "message"),
    [
        (["simulte"], [], "unknown compile target 'simulte'; known: simulate, game, aec"),
        (["score:hebie"], [], "no scorer for variant 'hebie'; did you mean hebei?"),
        (["score"], ["sichaun"], "unknown variant 'sichaun'; did you mean sichuan?"),
    ],
)
def test_plan_names_bad_targets_and_variants(targets, variants, message):
    with pytest.raises(ValueError, match=message.replace("?", r"\?")):
        precompile.plan(targets, variants)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--jobs", "0"], "--jobs=0 must be an integer >= 1"),
        (["--targets", "simulate,,game"], "--targets 'simulate,,game': an empty name"),
        (["--targets", "nope"], "unknown compile target 'nope'"),
        (["--variants", "hebei,nope"], "unknown variant 'nope'"),
    ],
)
def test_cli_errors_name_the_option(argv, message, capsys):
    assert main(["compile", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mjsim: error: ") and message in err, err


def _fresh_env(cache: Path) -> dict[str, str]:
    """A child's environment with an empty mjsim cache of its own (nothing inherited)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "MJSIM_"))}
    env.update(MJSIM_CACHE_DIR=str(cache), PYTHONUNBUFFERED="1")
    return env


def _mjsim(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    code = "import sys; from mjsim.cli import main; sys.exit(main())"
    return subprocess.run(
        [sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, timeout=900
    )


def test_compile_then_everything_is_already_compiled(tmp_path):
    """A cold run compiles the hebei scorer into the cache and says so; the second run loads it
    and reports it already compiled; a process using it afterwards compiles nothing."""
    env = _fresh_env(tmp_path / "cache")
    argv = ["compile", "--targets", "score", "--variants", "hebei", "--jobs", "2"]
    cold = _mjsim(argv, env)
    assert cold.returncode == 0, cold.stderr
    assert "mjsim: compiling 1 entry point for this machine's CPU into " in cold.stderr
    assert "mjsim: score:hebei: compiled the hebei scorer in " in cold.stderr
    assert cold.stdout.startswith("1 entry point: 1 compiled, 0 already compiled, 0 failed")
    place = cold.stdout.rpartition("(cache: ")[2].rstrip(")\n")
    assert Path(place).parent == tmp_path / "cache" / "numba"
    assert _cache.holds_compiled_code(Path(place))
    warm = _mjsim(argv, env)
    assert warm.returncode == 0, warm.stderr
    assert "mjsim: score:hebei: already compiled (loaded in " in warm.stderr
    assert warm.stdout.startswith("1 entry point: 0 compiled, 1 already compiled, 0 failed")
    quiet = _mjsim([*argv, "--quiet"], env)
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (0, "", "")
    use = subprocess.run(
        [sys.executable, "-m", "mjsim.precompile", "score:hebei"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert use.returncode == 0, use.stderr
    assert '"compiled": false' in use.stdout and use.stderr == ""


def _processes_with(marker: str) -> list[int]:
    """Live processes whose environment holds ``marker``."""
    pids = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit() or int(d.name) == os.getpid():
            continue
        try:
            if marker.encode() in (d / "environ").read_bytes():
                pids.append(int(d.name))
        except OSError:
            continue
    return pids


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs Linux /proc")
def test_ctrl_c_stops_the_workers_at_once(tmp_path):
    """Ctrl-C during a compile: the command says what it abandons, exits 130 within seconds,
    and leaves no worker process compiling on."""
    cache = tmp_path / "cache-ctrl-c"
    env = _fresh_env(cache)
    code = "import sys; from mjsim.cli import main; sys.exit(main())"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            code,
            "compile",
            "--targets",
            "score:hebei,score:riichi",
            "--jobs",
            "2",
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    while len(_processes_with(str(cache))) < 3 and time.monotonic() < deadline:
        time.sleep(0.2)  # the command and its two workers
    time.sleep(3)  # the workers are compiling (or still importing)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "mjsim: stopping… (compiles abandoned: score:hebei, score:riichi)" in err
    time.sleep(0.5)
    assert _processes_with(str(cache)) == []
