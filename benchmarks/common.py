"""Shared helpers for every mjsim benchmark script (not part of the installed package).

The module protocol (documented in ``benchmarks/README.md``): a benchmark module
``benchmarks/<area>.py`` exposes

* ``AREA: str`` - a short area name ("kernels", "selfplay", "scoring", "envs", "bots"), and
* ``run(quick: bool = False) -> list[Row]`` - measures mjsim (and, where it has one, the peer
  measured in the same run) and returns one :class:`Row` per configuration.

``benchmarks/run_all.py`` imports each module, calls ``run(quick)`` and prints/writes the rows.
A module's own ``__main__`` may do more (print, write its own ``## ...`` section of
``RESULTS.md`` with :func:`write_heading_section`).

Scripts import this file as ``from common import Row, interleave, ...``: running
``python benchmarks/<area>.py`` puts ``benchmarks/`` first on ``sys.path``; ``run_all.py`` and
the smoke test add it explicitly.

Timing rules: the machine is shared and noisy, so a claim is a ratio measured side by
side in the same run. :func:`interleave` alternates the contenders (A B A B ...), takes >= 3
repeats each and reports the median with the min-max spread (:class:`Stat`).
"""

from __future__ import annotations

import argparse
import fcntl
import json
import math
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
REPO_DIR = BENCH_DIR.parent
RESULTS_MD = BENCH_DIR / "RESULTS.md"

#: samples shared between area modules run in one process (``run_all.py``): e.g. the
#: self-play samples of ``selfplay.py`` reused by ``bots.py``. Key: a tuple naming the
#: measurement (area, variant, quick); value: whatever the producing module stores.
SAMPLE_CACHE: dict[tuple[Any, ...], Any] = {}

__all__ = [
    "SAMPLE_CACHE",
    "BENCH_DIR",
    "REPO_DIR",
    "RESULTS_MD",
    "Stat",
    "Row",
    "measure_rate",
    "interleave",
    "machine_info",
    "machine_markdown",
    "peak_rss_bytes",
    "run_subprocess",
    "SubprocessResult",
    "format_rate",
    "format_bytes",
    "rows_markdown",
    "rows_text",
    "write_block",
    "write_heading_section",
]


# --------------------------------------------------------------------------- statistics


@dataclass(frozen=True)
class Stat:
    """Median and min-max spread of repeated measurements of one quantity.

    ``samples`` are rates (units per second) unless the row's unit says otherwise
    (e.g. "s" for a cold-start time or "MiB" for peak RSS).
    """

    median: float
    min: float
    max: float
    n: int
    samples: tuple[float, ...] = ()

    @classmethod
    def of(cls, samples: Sequence[float]) -> Stat:
        """Build a Stat from raw samples; raises ``ValueError`` on an empty or non-finite list."""
        values = [float(v) for v in samples]
        if not values:
            raise ValueError("Stat.of needs at least one sample")
        bad = [v for v in values if not math.isfinite(v)]
        if bad:
            raise ValueError(f"Stat.of got non-finite samples {bad!r}")
        return cls(
            median=statistics.median(values),
            min=min(values),
            max=max(values),
            n=len(values),
            samples=tuple(values),
        )

    def spread(self) -> str:
        """``"min-max"`` as short text with the same formatting as the median."""
        return f"{format_rate(self.min)}-{format_rate(self.max)}"


@dataclass
class Row:
    """One configuration of one benchmark: mjsim's figure, the peer's figure, their ratio.

    Fields:
        area: benchmark area ("kernels", "selfplay", "scoring", "envs", "bots", "memory",
            "scaling", "startup", "peers").
        config: what was run, e.g. ``"hebei, random bots, 1 thread"``.
        unit: unit of the medians, e.g. ``"hands/s"``, ``"decisions/s"``, ``"s"``, ``"MiB"``.
        mjsim: mjsim's measurement, or ``None`` when mjsim has no counterpart (yet).
        peer: peer name (``"riichienv 0.4.11"``), or ``""`` when there is no peer.
        peer_stat: the peer's measurement in the same run.
        compared: what the pair compares, e.g. ``"Riichi hands vs hebei hands: different
            rules, same loop of draw/discard/call decisions"``.
        note: anything the reader needs (errors, caveats).
        status: ``"ok"``, ``"missing"`` (module or function not written yet),
            ``"not available yet"``, ``"failed"`` (raised; ``note`` has the error) or
            ``"peer failed"``.
        higher_is_better: ``True`` for rates; ``False`` for times and memory. The ratio is
            always "how many times better mjsim is" (> 1 means mjsim wins).
    """

    area: str
    config: str
    unit: str
    mjsim: Stat | None = None
    peer: str = ""
    peer_stat: Stat | None = None
    compared: str = ""
    note: str = ""
    status: str = "ok"
    higher_is_better: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ratio(self) -> float | None:
        """mjsim/peer (rates) or peer/mjsim (times, memory): > 1 means mjsim is better."""
        if self.mjsim is None or self.peer_stat is None:
            return None
        a, b = self.mjsim.median, self.peer_stat.median
        if not self.higher_is_better:
            a, b = b, a
        if b == 0:
            return None
        return a / b

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["ratio"] = self.ratio
        return d


def measure_rate(fn: Callable[[], float], min_seconds: float = 0.0) -> float:
    """Call ``fn`` (which returns the number of units it processed) and return units/second.

    If ``min_seconds`` > 0, ``fn`` is called repeatedly until that much wall time has passed and
    the total is divided by the total time. Uses ``time.perf_counter``.
    """
    units = 0.0
    t0 = time.perf_counter()
    while True:
        units += float(fn())
        elapsed = time.perf_counter() - t0
        if elapsed >= min_seconds:
            break
    if elapsed <= 0:
        raise ValueError("measure_rate: zero elapsed time; give fn more work")
    return units / elapsed


def interleave(
    contenders: Mapping[str, Callable[[], float]],
    repeats: int = 3,
    warmup: bool = True,
) -> dict[str, Stat]:
    """Run each contender ``repeats`` times, alternating A B A B ..., and summarise each.

    Args:
        contenders: name -> zero-argument callable returning one sample (typically a rate from
            :func:`measure_rate`, or a time in seconds).
        repeats: samples per contender (>= 3 for a median with a spread; fewer is allowed for a
            smoke run).
        warmup: call every contender once first and discard the result (numba compilation,
            caches, JAX tracing).

    Returns:
        name -> :class:`Stat`. A contender that raises is re-raised after naming it.
    """
    if repeats < 1:
        raise ValueError(f"repeats must be >= 1, got {repeats}")
    samples: dict[str, list[float]] = {name: [] for name in contenders}
    if warmup:
        for name, fn in contenders.items():
            _call(name, fn)
    for _ in range(repeats):
        for name, fn in contenders.items():
            samples[name].append(_call(name, fn))
    return {name: Stat.of(vals) for name, vals in samples.items()}


def _call(name: str, fn: Callable[[], float]) -> float:
    try:
        return float(fn())
    except Exception as exc:  # re-raise with the contender's name
        raise RuntimeError(f"benchmark contender {name!r} failed: {exc!r}") from exc


# --------------------------------------------------------------------------- machine


def _read(path: str) -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return ""


def machine_info() -> dict[str, Any]:
    """Describe this machine and the software under test (for RESULTS.md).

    Returns a dict with cpu model, logical cores (os.cpu_count and the affinity set), memory
    (GiB, from /proc/meminfo), 1-minute load average, OS, Python, and versions of numpy/numba
    (None when not importable), the mjsim git commit, and a UTC timestamp.
    """
    cpuinfo = _read("/proc/cpuinfo")
    m = re.search(r"^model name\s*:\s*(.+)$", cpuinfo, re.MULTILINE)
    cpu = m.group(1).strip() if m else platform.processor() or platform.machine()
    mem = re.search(r"^MemTotal:\s*(\d+) kB", _read("/proc/meminfo"), re.MULTILINE)
    try:
        affinity = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        affinity = os.cpu_count()
    try:
        load1 = os.getloadavg()[0]
    except OSError:
        load1 = float("nan")
    info: dict[str, Any] = {
        "cpu": cpu,
        "logical_cores": os.cpu_count(),
        "usable_cores": affinity,
        "mem_gib": round(int(mem.group(1)) / 2**20, 1) if mem else None,
        "load1": round(load1, 2),
        "os": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "utc": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }
    for mod in ("numpy", "numba", "mjsim"):
        info[mod] = _version_of(mod)
    info["git_commit"] = _git_commit()
    return info


def _version_of(module: str) -> str | None:
    try:
        from importlib.metadata import version

        return version(module)
    except Exception:
        return None


def _git_commit() -> str | None:
    try:
        out = subprocess.run(
            ["git", "-C", str(REPO_DIR), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
        )
        return out.stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


def machine_markdown(info: Mapping[str, Any] | None = None) -> str:
    """One markdown bullet list describing the machine (see :func:`machine_info`)."""
    info = machine_info() if info is None else info
    return "\n".join(
        [
            f"- Machine: {info['cpu']}, {info['logical_cores']} logical cores "
            f"({info['usable_cores']} usable), {info['mem_gib']} GiB RAM, "
            f"load(1 min) {info['load1']} at start",
            f"- Software: {info['os']}, Python {info['python']}, numpy {info['numpy']}, "
            f"numba {info['numba']}, mjsim {info['mjsim']} (commit {info['git_commit']})",
            f"- Measured: {info['utc']}",
        ]
    )


# --------------------------------------------------------------------------- memory / subprocess


def peak_rss_bytes(pid: int | str = "self") -> int:
    """Peak resident set size (VmHWM in /proc/<pid>/status) of a live process, in bytes.

    Raises ``ValueError`` when the field is missing (non-Linux, or the process has exited).
    """
    text = _read(f"/proc/{pid}/status")
    m = re.search(r"^VmHWM:\s*(\d+) kB", text, re.MULTILINE)
    if not m:
        raise ValueError(f"no VmHWM in /proc/{pid}/status (process gone or not Linux)")
    return int(m.group(1)) * 1024


@dataclass
class SubprocessResult:
    """What :func:`run_subprocess` returns: exit code, outputs, wall time and the child's peak RSS."""

    returncode: int
    stdout: str
    stderr: str
    seconds: float
    peak_rss: int  # bytes: ru_maxrss of the command (see run_subprocess); -1 if unknown
    cpu_seconds: float = -1.0  # user + system CPU time of the command (wait4); -1 if unknown

    def last_json(self) -> Any:
        """Parse the last stdout line that is a JSON object; ``ValueError`` if there is none."""
        for line in reversed(self.stdout.strip().splitlines()):
            line = line.strip()
            if line.startswith("{"):
                return json.loads(line)
        raise ValueError(
            f"no JSON line in subprocess output (rc={self.returncode}); "
            f"stderr tail: {self.stderr[-800:]!r}"
        )


# A tiny launcher between the benchmark process and the measured command. Linux folds the
# pre-exec memory high-water mark into a child's ru_maxrss (exec_mmap records the old mm's
# hiwater), and a child forked from a big parent (run_all with numba loaded) starts from the
# parent's pages, so wait4 on a direct child over-reports. The launcher (python -S, ~10 MiB)
# forks the real command from a small process and reports the grandchild's ru_maxrss, which is
# max(launcher, command) - exact for any command larger than the launcher.
_RSS_LAUNCHER = """
import os, sys
pid = os.fork()
if pid == 0:
    try:
        os.execvpe(sys.argv[2], sys.argv[2:], os.environ)
    finally:
        os._exit(127)
_, status, ru = os.wait4(pid, 0)
with open(sys.argv[1], "w") as f:
    f.write(f"{ru.ru_maxrss} {ru.ru_utime + ru.ru_stime}")
code = os.waitstatus_to_exitcode(status)
sys.exit(code if code >= 0 else 128 - code)
"""


def run_subprocess(
    args: Sequence[str],
    env: Mapping[str, str] | None = None,
    timeout: float = 1800.0,
    cwd: str | os.PathLike[str] | None = None,
) -> SubprocessResult:
    """Run a command to completion; return its outputs, wall time and its OWN peak RSS.

    The peak RSS is ``ru_maxrss`` (``wait4``) of the command itself (and ``cpu_seconds`` its
    user + system CPU time, steadier than wall time on a shared machine), forked from a small
    launcher so that the calling process's size does not leak into it (see ``_RSS_LAUNCHER``);
    its floor is the launcher's ~10 MiB. No psutil needed. ``env`` entries are added to a copy
    of ``os.environ``. On timeout the whole process group is killed and ``TimeoutError`` raised.
    """
    full_env = dict(os.environ)
    if env:
        full_env.update(env)
    t0 = time.perf_counter()
    with (
        tempfile.TemporaryFile("w+") as out,
        tempfile.TemporaryFile("w+") as err,
        tempfile.NamedTemporaryFile("r", suffix=".rss") as rss_file,
    ):
        launcher = [sys.executable, "-S", "-c", _RSS_LAUNCHER, rss_file.name]
        proc = subprocess.Popen(
            [*launcher, *args],
            stdout=out,
            stderr=err,
            env=full_env,
            cwd=cwd,
            text=True,
            start_new_session=True,
        )
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait()
            raise TimeoutError(f"{' '.join(args)} exceeded {timeout:.0f} s") from None
        seconds = time.perf_counter() - t0
        out.seek(0)
        err.seek(0)
        rss_text = rss_file.read().split()
        return SubprocessResult(
            returncode=proc.returncode,
            stdout=out.read(),
            stderr=err.read(),
            seconds=seconds,
            peak_rss=int(rss_text[0]) * 1024 if rss_text else -1,
            cpu_seconds=float(rss_text[1]) if len(rss_text) > 1 else -1.0,
        )


# --------------------------------------------------------------------------- formatting


def format_rate(x: float | None) -> str:
    """Human figure with 3 significant digits: 1234567 -> '1.23M', 0.0123 -> '0.0123'."""
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return "-"
    ax = abs(x)
    for div, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if ax >= div:
            return f"{x / div:.3g}{suffix}"
    return f"{x:.3g}"


def format_bytes(n: float | None) -> str:
    """Bytes as B/KiB/MiB/GiB with 3 significant digits."""
    if n is None:
        return "-"
    for div, suffix in ((2**30, "GiB"), (2**20, "MiB"), (2**10, "KiB")):
        if abs(n) >= div:
            return f"{n / div:.3g} {suffix}"
    return f"{n:.0f} B"


def _stat_cell(s: Stat | None) -> str:
    if s is None:
        return "-"
    if s.n == 1:
        return format_rate(s.median)
    return f"{format_rate(s.median)} ({s.spread()})"


def _ratio_cell(r: Row) -> str:
    ratio = r.ratio
    return "-" if ratio is None else f"{ratio:.3g}x"


_COLUMNS = ("area", "config", "unit", "mjsim median (min-max)", "peer", "peer median (min-max)")


def _row_cells(r: Row) -> list[str]:
    note = r.note if r.status == "ok" else f"[{r.status}] {r.note}".strip()
    return [
        r.area,
        r.config,
        r.unit,
        _stat_cell(r.mjsim),
        r.peer or "-",
        _stat_cell(r.peer_stat),
        _ratio_cell(r),
        note,
    ]


def rows_markdown(rows: Sequence[Row]) -> str:
    """A markdown table of rows (ratio > 1 means mjsim is better)."""
    head = [*_COLUMNS, "ratio mjsim/peer", "note"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        cells = [c.replace("|", "\\|").replace("\n", " ") for c in _row_cells(r)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def rows_text(rows: Sequence[Row], max_note: int = 60) -> str:
    """A fixed-width text table for the terminal."""
    head = ["area", "config", "unit", "mjsim", "peer", "peer fig.", "ratio", "note"]
    table = [head]
    for r in rows:
        cells = _row_cells(r)
        cells[-1] = cells[-1][:max_note]
        table.append(cells)
    widths = [max(len(row[i]) for row in table) for i in range(len(head))]
    widths[1] = min(widths[1], 48)
    out = []
    for k, row in enumerate(table):
        out.append("  ".join(c[: widths[i]].ljust(widths[i]) for i, c in enumerate(row)).rstrip())
        if k == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


# --------------------------------------------------------------------------- RESULTS.md writers


def _locked_rewrite(path: Path, transform: Callable[[str], str]) -> None:
    """Read-modify-write ``path`` under an exclusive flock; write atomically (tmp + rename)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    lock_path = path.with_name(path.name + ".lock")
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        old = ""
        if path.exists():
            # newline="": keep the bytes outside the block exactly (no universal-newline folding)
            with open(path, encoding="utf-8", newline="") as f:
                old = f.read()
        new = transform(old)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(new)
        os.replace(tmp, path)
    try:
        lock_path.unlink()
    except OSError:
        pass


def write_block(name: str, body: str, path: Path = RESULTS_MD, after: str | None = None) -> None:
    """Replace the block ``<!-- name:begin --> ... <!-- name:end -->`` in ``path`` with ``body``.

    Everything outside the markers is preserved byte for byte. If the block does not exist it
    is inserted right after the block named ``after`` when that one exists, else appended at
    the end of the file (the file is created if needed). ``name`` must be a simple identifier
    (letters, digits, ``_``, ``-``); a begin marker without its end marker raises ``ValueError``.
    """
    if not re.fullmatch(r"[A-Za-z0-9_-]+", name):
        raise ValueError(f"block name must be [A-Za-z0-9_-]+, got {name!r}")
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    block = f"{begin}\n{body.rstrip()}\n{end}"

    def transform(old: str) -> str:
        i = old.find(begin)
        if i >= 0:
            j = old.find(end, i)
            if j < 0:
                raise ValueError(f"{path}: found {begin!r} without {end!r}; fix the file by hand")
            return old[:i] + block + old[j + len(end) :]
        if after is not None:
            after_end = f"<!-- {after}:end -->"
            k = old.find(after_end)
            if k >= 0:
                k += len(after_end)
                return old[:k] + "\n\n" + block + old[k:]
        sep = "" if not old or old.endswith("\n\n") else ("\n" if old.endswith("\n") else "\n\n")
        return old + sep + block + "\n"

    _locked_rewrite(path, transform)


def write_heading_section(heading: str, body: str, path: Path = RESULTS_MD) -> None:
    """Replace the markdown section that starts with the line ``heading`` (e.g. ``"## Kernels"``).

    The section runs to the next heading of the same or higher level, or the next
    ``<!-- ...:begin -->`` marker, whichever comes first. Other sections and ``write_block``
    blocks are preserved. Appended at the end if absent. ``body`` is the text under the heading.
    """
    m = re.fullmatch(r"(#+) \S.*", heading)
    if not m:
        raise ValueError(f"heading must look like '## Title', got {heading!r}")
    level = len(m.group(1))
    section = f"{heading}\n\n{body.strip()}\n"

    def transform(old: str) -> str:
        lines = old.splitlines(keepends=True)
        start = next((k for k, ln in enumerate(lines) if ln.rstrip("\n") == heading), None)
        if start is None:
            sep = (
                "" if not old or old.endswith("\n\n") else ("\n" if old.endswith("\n") else "\n\n")
            )
            return old + sep + section
        stop = len(lines)
        for k in range(start + 1, len(lines)):
            ln = lines[k]
            h = re.match(r"(#+) ", ln)
            if (h and len(h.group(1)) <= level) or re.match(r"<!-- [A-Za-z0-9_-]+:begin -->", ln):
                stop = k
                break
        tail = "".join(lines[stop:])
        return "".join(lines[:start]) + section + ("\n" + tail if tail else "")

    _locked_rewrite(path, transform)


if __name__ == "__main__":  # pragma: no cover - tiny manual check
    print(machine_markdown())
    print(json.dumps({"peak_rss": format_bytes(peak_rss_bytes())}))
    sys.exit(0)


def bench_parser(doc: str | None) -> argparse.ArgumentParser:
    """The command line every area script shares: its description (the first line of ``doc``),
    ``--quick`` (one short repeat per figure: a smoke run) and ``--no-write`` (print only, leave
    ``RESULTS.md`` alone). Scripts add their own options to the returned parser."""
    ap = argparse.ArgumentParser(description=(doc or "").strip().splitlines()[0] if doc else None)
    ap.add_argument("--quick", action="store_true", help="1 short repeat per figure")
    ap.add_argument("--no-write", action="store_true", help="do not touch RESULTS.md")
    return ap


def command_line(script: str, argv: Sequence[str] | None = None) -> str:
    """``python benchmarks/<script> <arguments as given>`` (``--no-write`` left out): the command
    recorded in ``RESULTS.md`` beside the figures it produced."""
    args = sys.argv[1:] if argv is None else argv
    return " ".join(["python", f"benchmarks/{script}", *(a for a in args if a != "--no-write")])


def report(
    heading: str,
    intro: str,
    rows: Sequence[Row],
    *,
    write: bool = True,
    info: Mapping[str, Any] | None = None,
) -> None:
    """Print the machine line and the rows; unless ``write`` is false, replace ``RESULTS.md``'s
    section ``heading`` with ``intro`` (the command, what the ratio means), the rows' table and
    the machine line. ``info``: :func:`machine_info` taken before the run (default: now)."""
    machine = machine_markdown(info)
    print(machine)
    print(rows_text(rows))
    if write:
        write_heading_section(heading, "\n\n".join([intro, rows_markdown(rows), machine]))
