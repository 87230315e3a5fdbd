"""Peer-side worker: runs ONE peer measurement inside ``benchmarks/.peers-venv``.

Started by ``benchmarks/peers.py`` with the venv's Python, never imported by mjsim::

    python worker.py MEASURE_ID [--config JSON] [--once --repeats N --seconds S]

``MEASURE_ID`` is a key of ``MEASURES`` below; it names a module ``peer_<package>.py`` in this
folder that defines ``setup(config) -> ctx``, ``measure(ctx, seconds) -> dict`` (rates, e.g.
``{"hands/s": ..., "steps/s": ...}``) and ``VERSION_OF`` (the distribution name whose version
is reported).

Line protocol (default mode): after setup the worker prints one JSON line
``{"ready": true, "setup_s": ..., "version": ...}`` (``setup_s`` = import + setup, i.e. the
peer's cold start including any JIT compilation); then for each stdin line ``{"seconds": S}``
it prints one JSON line of rates; ``{"quit": true}`` (or EOF) makes it print
``{"bye": true, "peak_rss": BYTES}`` and exit. This lets ``run_all.py`` interleave a peer with
mjsim (A B A B ...) without paying the peer's import/compile cost per repeat.
``--once`` runs ``--repeats`` measurements and prints a single JSON summary instead.

Errors are printed as ``{"error": "..."}`` and the exit code is 1.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
import time
import traceback
from importlib.metadata import version
from pathlib import Path

# measure id -> (module, default config)
MEASURES: dict[str, tuple[str, dict]] = {
    "riichienv": ("peer_riichienv", {}),
    "riichienv_obs": ("peer_riichienv", {"encode": True}),
    "pymahjong": ("peer_pymahjong", {}),
    "rlcard_raw": ("peer_rlcard", {"api": "raw"}),
    "rlcard_aec": ("peer_rlcard", {"api": "aec"}),
    "mahjax": ("peer_mahjax", {"batch": 1, "env_id": "red_mahjong"}),
    "mahjong_shanten": ("peer_mahjong", {"what": "shanten"}),
    "mahjong_riichi_score": ("peer_mahjong", {"what": "score"}),
    "pymahjonggb_fan": ("peer_pymahjonggb", {}),
}


def _peak_rss() -> int:
    text = Path("/proc/self/status").read_text()
    m = re.search(r"^VmHWM:\s*(\d+) kB", text, re.MULTILINE)
    return int(m.group(1)) * 1024 if m else -1


def _timed(mod, ctx, seconds: float) -> dict:
    """``mod.measure`` plus ``cpu_share``: process CPU time / wall time during the measurement.

    A share well below 1.0 means the machine was contended and the process did not get a full
    core; above 1.0 means the peer used more than one thread.
    """
    w0, c0 = time.perf_counter(), time.process_time()
    out = mod.measure(ctx, seconds)
    out["cpu_share"] = (time.process_time() - c0) / max(time.perf_counter() - w0, 1e-9)
    return out


def _emit(obj: dict) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("measure", choices=sorted(MEASURES))
    ap.add_argument("--config", default="{}", help="JSON dict merged over the default config")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    modname, default = MEASURES[args.measure]
    config = {**default, **json.loads(args.config)}
    try:
        t0 = time.perf_counter()
        mod = importlib.import_module(modname)
        ctx = mod.setup(config)
        setup_s = time.perf_counter() - t0
        head = {
            "measure": args.measure,
            "config": config,
            "version": version(mod.VERSION_OF),
            "setup_s": setup_s,
        }
        if args.once:
            samples = [_timed(mod, ctx, args.seconds) for _ in range(args.repeats)]
            _emit({**head, "samples": samples, "peak_rss": _peak_rss()})
            return 0
        _emit({"ready": True, **head})
        for line in sys.stdin:
            line = line.strip()
            if not line:
                continue
            req = json.loads(line)
            if req.get("quit"):
                break
            _emit(_timed(mod, ctx, float(req.get("seconds", 2.0))))
        _emit({"bye": True, "peak_rss": _peak_rss()})
        return 0
    except Exception as exc:
        _emit({"error": f"{type(exc).__name__}: {exc}", "traceback": traceback.format_exc()})
        return 1


if __name__ == "__main__":
    sys.exit(main())
