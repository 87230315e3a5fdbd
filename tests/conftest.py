"""Test-session infrastructure.

Tests marked ``@pytest.mark.slow`` (long exhaustive checks, e.g. a 200,000-hand differential
run) are skipped unless ``--run-slow`` is given or the marker is selected explicitly
(``-m slow``): the default ``pytest`` is the CI suite, which must stay within its time budget.

``--cpu-durations=N`` lists the N tests that used the most CPU time (this process plus the
subprocesses it waited for), next to their wall time. On a shared, loaded machine wall-clock
``--durations`` mostly measures the other jobs; CPU seconds say what a test costs (numba
compilation is single-threaded, so a compile's CPU time is the wall time it takes on an idle
machine). ``--cpu-log=PATH`` appends every test's figures as tab-separated lines while the run
goes (readable even when a long run is stopped).

Hypothesis runs without its per-example deadline (profile ``mjsim``): the first example of a
kernel test includes numba's compilation, and on a loaded CI machine any example can stall; a
deadline there only produces flaky failures. Tests still set their own ``max_examples``.

The header names numba's cache directory (see ``mjsim/_cache.py``): a cold directory means the
run pays the full compilation.
"""

from __future__ import annotations

import os
import resource
import time

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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
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
    t0, c0 = time.perf_counter(), _cpu()
    yield
    wall, cpu = time.perf_counter() - t0, _cpu() - c0
    _TIMES.append((cpu, wall, item.nodeid))
    path = item.config.getoption("--cpu-log")
    if path:
        with open(path, "a") as f:
            f.write(f"{cpu:.2f}\t{wall:.2f}\t{item.nodeid}\n")


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
