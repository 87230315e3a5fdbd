"""Test-session infrastructure.

Tests marked ``@pytest.mark.slow`` (long exhaustive checks, e.g. a 200,000-hand differential
run) are skipped unless ``--run-slow`` is given or the marker is selected explicitly
(``-m slow``): the default ``pytest`` is the CI suite, which must stay within its time budget.

``--cpu-durations=N`` lists the N tests that used the most CPU time (this process plus the
subprocesses it waited for), next to their wall time. On a shared, loaded machine wall-clock
``--durations`` mostly measures the other jobs; CPU seconds say what a test costs (numba
compilation is single-threaded, so a compile's CPU time is the wall time it takes on an idle
machine). ``--cpu-log=PATH`` appends every test's figures as tab-separated lines while the run
goes (readable even when a long run is stopped): CPU s, wall s, node id, xdist worker, start
time (Unix s) — enough to see each worker's load and the run's critical path.

Hypothesis runs without its per-example deadline (profile ``mjsim``): the first example of a
kernel test includes numba's compilation, and on a loaded CI machine any example can stall; a
deadline there only produces flaky failures. Tests still set their own ``max_examples``.

Parallel runs (pytest-xdist; ``-n 2`` is the default in pyproject.toml, ``-n 0`` runs in one
process): almost all of a cold run is numba compiling a few large entry points, and two workers
compiling the same entry point at the same time would each pay for it. Each test file belongs to
the compile family of the entry point it needs (``compile_family``: ``selfplay`` for files that
call the self-play loop — ``simulate``, the CLI, arenas, studies, Ray, subprocesses — ``envs`` for
the PettingZoo / Gymnasium kernels, ``game`` for ``Game`` and the scripted-wall tests, none for
kernels and scorers). Before a worker runs its first test of a family it compiles that family's
entry points under a file lock (``_warm``): the first worker compiles, the other waits and loads
numba's disk cache. With link-only callees (the default) the self-play warm-up
comes first for every family: it types the whole engine once and caches every callee (as LLVM
bitcode, ``mjsim._jit.link_only_callees``), so the env kernels and ``Game``'s entry points load
the engine instead of typing it again; in numba's eager mode (``MJSIM_NUMBA_LINK_ONLY=0``) the families compile
in parallel. The collection
starts with one self-play test (the first worker compiles the engine) followed by the tests of
no family (the other worker runs them meanwhile). ``--dist load`` (the default) runs with the
scheduler of ``tests/xdist_family.py``: tests go out one at a time, and a worker is not handed a
test of a family that the other worker is still compiling (xdist's own chunks left about 140
kernel tests queued behind the engine compile while the other worker waited on its lock, idle).
CI budget: the whole suite must stay well under 20 minutes on 2 cores (docs/testing.md).

The header names numba's cache directory (see ``mjsim/_cache.py``): a cold directory means the
run pays the full compilation.
"""

from __future__ import annotations

import os
import re
import resource
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("mjsim", deadline=None)
settings.load_profile("mjsim")


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mjsim")
    group.addoption(
        "--cpu-durations",
        type=int,
        default=None,
        metavar="N",
        help="show the N tests with the most CPU seconds (0: all)",
    )
    group.addoption(
        "--run-slow", action="store_true", help="also run the tests marked slow (long checks)"
    )
    group.addoption(
        "--cpu-log", default=None, metavar="PATH", help="append per-test CPU/wall seconds to PATH"
    )


_TIMES: list[tuple[float, float, str]] = []
_START = pytest.StashKey[tuple[float, float]]()


#: words in a test file's source that mean it compiles the self-play loop (family "selfplay")
SELFPLAY_WORDS = re.compile(r"\b(simulate|selfplay|subprocess|arena|study|ray)\b")
#: words that mean it compiles the env kernels (family "envs"), checked after SELFPLAY_WORDS
ENVS_WORDS = re.compile(r"\bmjsim\.envs\b|\bfrom mjsim import envs\b")
#: words that mean it steps a ``Game`` (family "game": ``mjsim.engine.step.step``, ``mjsim.engine.legal.legal_mask``, ...)
GAME_WORDS = re.compile(r"\bGame\b|\bmake_wall\b")
_FAMILIES: dict[str, str | None] = {}
_WARM: set[str] = set()


def compile_family(path: str) -> str | None:
    """The compile family of the test file at ``path`` ("selfplay", "envs", "game" or
    ``None``)."""
    if path not in _FAMILIES:
        try:
            text = open(path, encoding="utf-8").read()
        except OSError:
            text = ""
        family = None
        if SELFPLAY_WORDS.search(text):
            family = "selfplay"
        elif ENVS_WORDS.search(text):
            family = "envs"
        elif GAME_WORDS.search(text):
            family = "game"
        _FAMILIES[path] = family
    return _FAMILIES[path]


def _warm_selfplay() -> None:
    import mjsim

    mjsim.simulate("hebei", 4, ("greedy", "random") * 2, seed=0, threads=2, check=True)


def _warm_envs() -> None:
    import numpy as np
    from mjsim.envs import MahjongVectorEnv, mahjong_v0

    env = mahjong_v0.env(variant="hebei")
    env.reset(seed=0)
    for _ in range(8):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    vec = MahjongVectorEnv("hebei", 2)
    vec.reset(seed=0)
    vec.step(np.array([int(np.flatnonzero(m)[0]) for m in vec.action_masks()]))


def _warm_game() -> None:
    from mjsim.engine import Game

    g = Game("hebei", seed=0)
    for _ in range(500):  # to the end of the hand (first legal action: discards, passes)
        if g.done:
            g.next_hand()
            break
        g.step(g.legal_actions()[0])


def _warm_kernel_agent() -> None:
    """``KernelAgent.act``: the in-kernel bots called from Python on a ``Game`` (its own entry
    point, used by tests/test_agents.py only)."""
    from mjsim.agents import KernelAgent

    from mjsim.engine import Game

    g = Game("hebei", seed=0, record=False)
    for name in ("greedy", "random"):
        KernelAgent(name).act(g, g.legal_mask())


_WARMERS = {
    "selfplay": _warm_selfplay,
    "envs": _warm_envs,
    "game": _warm_game,
    "kernel_agent": _warm_kernel_agent,
}


@pytest.fixture
def game_compiled() -> None:
    """For a test of another compile family ("selfplay" or "envs": the file also mentions
    ``simulate``, ``mjsim.envs``...) that also steps a ``Game``: compile ``Game``'s entry
    points under the "game" family's warm-up lock (``_warm``), so that two xdist workers never
    both compile them (about 30 CPU-s each time). Such files use it for all their tests
    (``pytestmark = pytest.mark.usefixtures("game_compiled")``): a worker loads the compiled
    ``Game`` once either way. Nothing to do without xdist."""
    if os.environ.get("PYTEST_XDIST_WORKER") and "game" not in _WARM:
        _warm("game")


@pytest.fixture
def kernel_agent_compiled(game_compiled: None) -> None:
    """As :func:`game_compiled`, for tests that also call the in-kernel bots from Python
    (``KernelAgent.act``, ``choose_action`` on a ``Game``'s state): that entry point too."""
    if os.environ.get("PYTEST_XDIST_WORKER") and "kernel_agent" not in _WARM:
        _warm("kernel_agent")


def _prerequisites(family: str) -> tuple[str, ...]:
    """The families whose warm-up ``family``'s warm-up runs first (see ``_warm``)."""
    from mjsim._cache import link_only_enabled  # (imported late: mjsim configures its cache)

    return ("selfplay",) if family != "selfplay" and link_only_enabled() else ()


def _warm(family: str) -> None:
    """Compile ``family``'s entry points once for the whole run: the first xdist worker to get
    here compiles them holding a file lock, the other waits and then loads numba's disk cache.
    A failure is left to the tests themselves to report.

    With link-only callees (the default), every family but "selfplay" first
    waits for the self-play warm-up: it types the whole engine and caches each callee as bitcode
    (``mjsim._jit.link_only_callees``), which the other families' entry points then load. In
    numba's eager mode (``MJSIM_NUMBA_LINK_ONLY=0``) that wait left the other worker idle for the whole engine
    compile (session-6 CI check), so there the families compile in parallel."""
    for first in _prerequisites(family):
        if first not in _WARM:
            _warm(first)  # link-only mode: the engine's callees are then cached as bitcode
    _WARM.add(family)
    uid = os.environ.get("PYTEST_XDIST_TESTRUNUID", "solo")
    lock = Path(tempfile.gettempdir()) / f"mjsim-warm-{uid}-{family}.lock"
    try:
        import fcntl
    except ImportError:  # no fcntl (Windows): each worker compiles for itself
        fcntl = None
    with open(lock, "w") as f:
        if fcntl is not None:
            fcntl.flock(f, fcntl.LOCK_EX)
        try:
            _WARMERS[family]()
        except Exception:  # noqa: BLE001 - the tests report real errors
            pass


def pytest_runtest_setup(item: pytest.Item) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    family = compile_family(str(item.path))
    if family is not None and family not in _WARM:
        _warm(family)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """``--dist load`` (the default) as ``xdist_family.FamilyScheduling``: one test at a time,
    and no worker is handed a test of a family that the other worker is still compiling."""
    if config.getvalue("dist") != "load":
        return None
    from xdist_family import FamilyScheduling

    return FamilyScheduling(config, log, family=compile_family, prerequisites=_prerequisites)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.pluginmanager.hasplugin("xdist"):
        # a self-play test first (the first worker begins with the long compile of the
        # engine), then the tests of no family (kernels, scorers: the other worker runs them
        # meanwhile), then the families; every worker computes the same order
        head = next((i for i in items if compile_family(str(i.path)) == "selfplay"), None)
        rest = [i for i in items if i is not head]
        rest.sort(key=lambda i: compile_family(str(i.path)) is not None)
        items[:] = ([head] if head is not None else []) + rest
    if config.getoption("--run-slow") or "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow check: run with --run-slow (or -m slow)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def pytest_report_header(config: pytest.Config) -> str:
    import mjsim  # noqa: F401  (configures numba's cache directory)

    d = os.environ.get("NUMBA_CACHE_DIR") or "numba default (__pycache__ next to each module)"
    return f"mjsim numba cache: {d}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    item.stash[_START] = (time.perf_counter(), _cpu())
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    # The teardown report carries the test's CPU/wall seconds to the controller (xdist) too.
    if call.when == "teardown" and _START in item.stash:
        t0, c0 = item.stash[_START]
        wall, cpu = time.perf_counter() - t0, _cpu() - c0
        item.user_properties.append(("mjsim_cpu_wall", (cpu, wall)))
        path = item.config.getoption("--cpu-log")
        if path:
            worker = os.environ.get("PYTEST_XDIST_WORKER", "-")
            with open(path, "a") as f:
                f.write(
                    f"{cpu:.2f}\t{wall:.2f}\t{item.nodeid}\t{worker}\t{time.time() - wall:.1f}\n"
                )
    yield


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when != "teardown":
        return
    for key, value in report.user_properties:
        if key == "mjsim_cpu_wall":
            cpu, wall = value
            _TIMES.append((cpu, wall, report.nodeid))


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    n = config.getoption("--cpu-durations")
    if n is None or not _TIMES:
        return
    rows = sorted(_TIMES, reverse=True)
    total = sum(r[0] for r in rows)
    terminalreporter.write_sep("=", f"slowest {n or len(rows)} tests by CPU seconds")
    for cpu, wall, nodeid in rows[: n or None]:
        terminalreporter.write_line(f"{cpu:8.1f}s cpu {wall:8.1f}s wall  {nodeid}")
    terminalreporter.write_line(f"{total:8.1f}s cpu in {len(rows)} tests")
