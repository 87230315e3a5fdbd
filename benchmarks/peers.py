"""Peers measured beside mjsim: a private virtual environment and drivers for its measurements.

The peers (riichienv, pymahjong, RLCard, mahjax + CPU JAX, mahjong, pymahjonggb, PettingZoo)
live in ``benchmarks/.peers-venv``, created on first use from ``benchmarks/peers-requirements.txt``
with one ``pip install`` per requirement line, so a peer that fails to install is reported by
name (never silently skipped) and never becomes an mjsim dependency. Each measurement runs in
that venv as a subprocess (``benchmarks/peers/worker.py``) and returns JSON.

Python API (used by ``run_all.py`` and the other benchmark modules)::

    from peers import ensure_venv, run_peer_once, PeerSession, PEERS

    ensure_venv()                                   # {requirement: "ok" | "failed: ..."}
    res = run_peer_once("riichienv", repeats=3, seconds=2.0)
    res["samples"][0]["hands/s"], res["peak_rss"]  # or res["error"] when it failed
    with PeerSession("rlcard_aec") as s:           # one process, many interleavable repeats
        s.measure(2.0)["steps/s"]

Command line::

    python benchmarks/peers.py [--install] [--only ID[,ID...]] [--quick] [--json]

prints every peer's figures (median and min-max of the repeats) and its peak RSS.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import BENCH_DIR, Stat, format_bytes, format_rate, run_subprocess  # noqa: E402

VENV_DIR = BENCH_DIR / ".peers-venv"
REQUIREMENTS = BENCH_DIR / "peers-requirements.txt"
WORKER = BENCH_DIR / "peers" / "worker.py"
STATUS_FILE = VENV_DIR / "mjsim-install-status.json"


@dataclass(frozen=True)
class PeerSpec:
    """One peer measurement.

    Attributes:
        id: the measure id understood by ``peers/worker.py``.
        label: short name for tables, e.g. ``"riichienv"``.
        packages: distribution names that must have installed for this measure.
        unit: the headline unit (a key of the worker's result dict).
        what: what is measured, one line.
        counterpart: the mjsim figure it is paired with in ``run_all.py``
            ("selfplay", "aec", "shanten", "scoring_guobiao", "scoring_riichi"; "step": the
            per-step Python API rows of ``run_all.py``'s ``riichi`` area).
    """

    id: str
    label: str
    packages: tuple[str, ...]
    unit: str
    what: str
    counterpart: str


PEERS: dict[str, PeerSpec] = {
    p.id: p
    for p in (
        PeerSpec(
            "riichienv",
            "riichienv",
            ("riichienv",),
            "hands/s",
            "4-player Riichi (red fives), one hand per reset, random legal actions, one core (Rust)",
            "selfplay",
        ),
        PeerSpec(
            "riichienv_obs",
            "riichienv step+encode",
            ("riichienv",),
            "steps/s",
            "RiichiEnv.step loop, random legal action per observed player after "
            "Observation.encode() (74x34 float32 features) to numpy, one core (Rust)",
            "step",
        ),
        PeerSpec(
            "pymahjong",
            "pymahjong",
            ("pymahjong",),
            "hands/s",
            "4-player Riichi (red fives), one hand per reset, random legal actions, one core (C++)",
            "selfplay",
        ),
        PeerSpec(
            "rlcard_raw",
            "RLCard raw",
            ("rlcard",),
            "hands/s",
            "RLCard mahjong (Chinese, no scoring), random legal actions, its own API (Python)",
            "selfplay",
        ),
        PeerSpec(
            "rlcard_aec",
            "RLCard via PettingZoo AEC",
            ("rlcard", "pettingzoo"),
            "steps/s",
            "RLCard mahjong through PettingZoo AEC (mahjong_v4 rebuilt), random masked actions",
            "aec",
        ),
        PeerSpec(
            "mahjax",
            "mahjax (CPU)",
            ("jax", "jaxlib", "mahjax"),
            "steps/s",
            "mahjax red_mahjong (red fives) on CPU JAX, jit(vmap) batch 1, random legal actions",
            "selfplay",
        ),
        PeerSpec(
            "mahjong_shanten",
            "mahjong (shanten)",
            ("mahjong",),
            "shanten/s",
            "mahjong package Shanten.calculate_shanten on random 13-tile hands (Python)",
            "shanten",
        ),
        PeerSpec(
            "mahjong_riichi_score",
            "mahjong (Riichi scoring)",
            ("mahjong",),
            "hands/s",
            "mahjong package HandCalculator.estimate_hand_value on random winning hands",
            "scoring_riichi",
        ),
        PeerSpec(
            "pymahjonggb_fan",
            "pymahjonggb",
            ("pymahjonggb",),
            "hands/s",
            "MahjongGB MahjongFanCalculator (MCR fans, C++) on random winning hands",
            "scoring_guobiao",
        ),
    )
}


# --------------------------------------------------------------------------- the venv


def venv_python() -> Path:
    """Path of the peers venv's Python interpreter (it may not exist yet)."""
    return VENV_DIR / "bin" / "python"


def requirement_lines(path: Path = REQUIREMENTS) -> list[str]:
    """Requirement specifiers in ``peers-requirements.txt`` (comments and blanks dropped)."""
    out = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out.append(line)
    return out


def _dist_name(req: str) -> str:
    for sep in ("==", ">=", "<=", "~=", "[", "<", ">", " "):
        req = req.split(sep, 1)[0]
    return req.strip().lower()


def install_status() -> dict[str, str]:
    """Last recorded install result per requirement line (empty when never installed)."""
    try:
        return json.loads(STATUS_FILE.read_text())
    except (OSError, ValueError):
        return {}


def ensure_venv(
    verbose: bool = True, retry_failed: bool = False, only: list[str] | None = None
) -> dict[str, str]:
    """Create ``benchmarks/.peers-venv`` if needed and install each requirement line separately.

    Lines already installed (per the status file) are skipped; a failed line is retried only
    with ``retry_failed``; with ``only`` (measure ids), only the lines those measures need.
    Returns ``{requirement: "ok" | "failed: <pip's last lines>"}`` and records it in
    ``.peers-venv/mjsim-install-status.json``. Raises ``RuntimeError`` only if the venv itself
    cannot be created.
    """
    py = venv_python()
    if not py.exists():
        if verbose:
            print(f"[peers] creating {VENV_DIR} ...", file=sys.stderr)
        proc = subprocess.run(
            [sys.executable, "-m", "venv", str(VENV_DIR)], capture_output=True, text=True
        )
        if proc.returncode != 0:
            raise RuntimeError(f"python -m venv {VENV_DIR} failed: {proc.stderr[-2000:]}")
    status = install_status()
    # numpy: every peer worker hands its arrays back with it (riichienv does not depend on it)
    wanted = None if only is None else {"numpy"} | {p for m in only for p in PEERS[m].packages}
    for req in requirement_lines():
        if wanted is not None and _dist_name(req) not in wanted:
            continue
        prev = status.get(req, "")
        if prev == "ok" or (prev.startswith("failed") and not retry_failed):
            continue
        if verbose:
            print(f"[peers] pip install {req} ...", file=sys.stderr)
        try:
            proc = subprocess.run(
                [str(py), "-m", "pip", "install", "--disable-pip-version-check", req],
                capture_output=True,
                text=True,
                timeout=1800,
            )
            ok = proc.returncode == 0
            tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-3:])
        except subprocess.TimeoutExpired:
            ok, tail = False, "pip timed out after 1800 s"
        status[req] = "ok" if ok else f"failed: {tail}"
        if verbose and not ok:
            print(f"[peers] FAILED {req}: {tail}", file=sys.stderr)
        STATUS_FILE.write_text(json.dumps(status, indent=1))
    return status


def peer_available(measure_id: str, status: dict[str, str] | None = None) -> tuple[bool, str]:
    """Whether every package the measure needs installed; otherwise (False, reason)."""
    spec = PEERS[measure_id]
    status = install_status() if status is None else status
    by_dist = {_dist_name(req): (req, st) for req, st in status.items()}
    for pkg in spec.packages:
        if pkg not in by_dist:
            return False, f"{pkg} not installed (run: python benchmarks/peers.py --install)"
        req, st = by_dist[pkg]
        if st != "ok":
            return False, f"{req} failed to install: {st}"
    return True, ""


# --------------------------------------------------------------------------- running peers


def _peer_env() -> dict[str, str]:
    # one core for every peer ("one core"); JAX on CPU only.
    return {
        "OMP_NUM_THREADS": "1",
        "OPENBLAS_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
        "JAX_PLATFORMS": "cpu",
        "XLA_FLAGS": "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1",
        "PYTHONHASHSEED": "0",
    }


def run_peer_once(
    measure_id: str,
    repeats: int = 3,
    seconds: float = 2.0,
    config: dict[str, Any] | None = None,
    timeout: float = 1200.0,
    env: dict[str, str] | None = None,
) -> dict[str, Any]:
    """Run one peer measurement in its own subprocess (``--once``) and return its JSON.

    The result has ``version``, ``setup_s`` (import/compile), ``samples`` (one dict of rates per
    repeat), ``stats`` (unit -> :class:`Stat` as dict), ``peak_rss`` (bytes, the worker's own
    VmHWM), ``wall_s`` and ``cpu_s`` (the worker process's user + system CPU seconds, -1 if
    unknown); or ``{"error": ...}`` if the peer is missing, failed or timed out. ``env``: extra
    environment variables for the worker.
    """
    if measure_id not in PEERS:
        raise ValueError(f"unknown peer measure {measure_id!r}; known: {sorted(PEERS)}")
    ok, why = peer_available(measure_id)
    if not ok:
        return {"measure": measure_id, "error": why}
    args = [str(venv_python()), str(WORKER), measure_id, "--once"]
    args += ["--repeats", str(repeats), "--seconds", str(seconds)]
    if config:
        args += ["--config", json.dumps(config)]
    try:
        res = run_subprocess(args, env={**_peer_env(), **(env or {})}, timeout=timeout)
    except TimeoutError as exc:
        return {"measure": measure_id, "error": str(exc)}
    try:
        out = res.last_json()
    except ValueError as exc:
        return {"measure": measure_id, "error": str(exc)}
    if "error" in out:
        return {"measure": measure_id, **out}
    out["wall_s"] = res.seconds
    out["cpu_s"] = res.cpu_seconds
    out["stats"] = {
        k: vars(Stat.of([s[k] for s in out["samples"]]))
        for k in out["samples"][0]
        if k.endswith("/s")
    }
    return out


class PeerSession:
    """A long-lived peer worker: setup once, then measure repeatedly (for A B A B interleaving).

    Use as a context manager. ``header`` holds the worker's ready line (version, setup_s);
    :meth:`measure` returns one dict of rates; ``peak_rss`` (bytes, the worker's own VmHWM
    from /proc/self/status, exact per address space) is set on close. Raises ``RuntimeError`` with the peer's error text if setup or a measurement fails,
    and ``TimeoutError`` if the worker does not answer within ``timeout`` seconds.
    """

    def __init__(
        self, measure_id: str, config: dict[str, Any] | None = None, timeout: float = 900.0
    ) -> None:
        if measure_id not in PEERS:
            raise ValueError(f"unknown peer measure {measure_id!r}; known: {sorted(PEERS)}")
        self.measure_id = measure_id
        self.config = config or {}
        self.timeout = timeout
        self.header: dict[str, Any] = {}
        self.peak_rss: int | None = None
        self._proc: subprocess.Popen[str] | None = None
        self._stderr = tempfile.TemporaryFile("w+")

    def __enter__(self) -> PeerSession:
        ok, why = peer_available(self.measure_id)
        if not ok:
            raise RuntimeError(why)
        args = [str(venv_python()), str(WORKER), self.measure_id]
        if self.config:
            args += ["--config", json.dumps(self.config)]
        self._proc = subprocess.Popen(
            args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            text=True,
            bufsize=1,
            env={**os.environ, **_peer_env()},
        )
        self.header = self._read()
        return self

    def _read(self) -> dict[str, Any]:
        assert self._proc is not None and self._proc.stdout is not None
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"peer {self.measure_id} gave no answer in {self.timeout} s")
            ready, _, _ = select.select([self._proc.stdout], [], [], min(left, 1.0))
            if not ready:
                continue
            line = self._proc.stdout.readline()
            if not line:
                self._stderr.seek(0)
                raise RuntimeError(f"peer {self.measure_id} exited: {self._stderr.read()[-1500:]}")
            line = line.strip()
            if line.startswith("{"):
                obj = json.loads(line)
                if "error" in obj:
                    raise RuntimeError(f"peer {self.measure_id}: {obj['error']}")
                return obj

    def measure(self, seconds: float) -> dict[str, Any]:
        """One timed measurement of about ``seconds`` seconds; returns the worker's rates."""
        assert self._proc is not None and self._proc.stdin is not None
        self._proc.stdin.write(json.dumps({"seconds": seconds}) + "\n")
        self._proc.stdin.flush()
        return self._read()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        proc = self._proc
        if proc is None:
            return
        self._proc = None
        try:
            if proc.stdin is not None and proc.poll() is None:
                proc.stdin.write(json.dumps({"quit": True}) + "\n")
                proc.stdin.close()
                self._proc, self.timeout = proc, 30.0
                bye = self._read()  # the worker's own VmHWM (per address space, exact)
                self.peak_rss = int(bye.get("peak_rss", -1))
        except (BrokenPipeError, OSError, RuntimeError, TimeoutError, ValueError):
            pass
        self._proc = None
        t_end = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                break
            if time.monotonic() > t_end:
                proc.kill()
                proc.wait()
                break
            time.sleep(0.02)
        self._stderr.close()


# --------------------------------------------------------------------------- CLI


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Install and measure mjsim's peers.")
    ap.add_argument("--install", action="store_true", help="(re)try failed installs")
    ap.add_argument("--only", default="", help="comma-separated measure ids: " + ",".join(PEERS))
    ap.add_argument("--quick", action="store_true", help="1 repeat of 1 s (smoke run)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--json", action="store_true", help="print one JSON object instead")
    args = ap.parse_args(argv)
    ids = [s for s in args.only.split(",") if s] or list(PEERS)
    unknown = [i for i in ids if i not in PEERS]
    if unknown:
        ap.error(f"unknown peer ids {unknown}; known: {', '.join(PEERS)}")
    only = ids if args.only else None  # --only: install what those peers need, no more
    status = ensure_venv(verbose=True, retry_failed=args.install, only=only)
    repeats, seconds = (1, 1.0) if args.quick else (args.repeats, args.seconds)
    results = {}
    for pid in ids:
        print(f"[peers] measuring {pid} ...", file=sys.stderr)
        results[pid] = run_peer_once(pid, repeats=repeats, seconds=seconds)
    if args.json:
        print(json.dumps({"install": status, "results": results}, indent=1, default=str))
        return 0
    for req, st in status.items():
        if st != "ok":
            print(f"INSTALL FAILED  {req}: {st}")
    for pid, res in results.items():
        spec = PEERS[pid]
        if "error" in res:
            print(f"{spec.label:28s} ERROR {res['error'][:200]}")
            continue
        figs = "  ".join(
            f"{unit} {format_rate(st['median'])} ({format_rate(st['min'])}-{format_rate(st['max'])})"
            for unit, st in res["stats"].items()
        )
        share = Stat.of([s_["cpu_share"] for s_ in res["samples"]]).median
        print(
            f"{spec.label} {res['version']:8s} {figs}  setup {res['setup_s']:.2f} s  "
            f"peak RSS {format_bytes(res['peak_rss'])}  CPU share {share:.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
