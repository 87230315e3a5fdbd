"""Self-play benchmark: hands/s and decisions/s of ``mjsim.simulate`` with in-kernel random bots.

    python benchmarks/selfplay.py [--quick] [--no-write]

Measures, in one run:

* warm throughput (numba cache populated) on 1 thread and on all threads, interleaved
  (1, all, 1, all, ...; >= 3 repeats, median and min-max; see ``benchmarks/common.py``);
* the same loop with the per-step invariant checker on (``check=True``) for its cost;
* cold start: a subprocess with an EMPTY numba cache (``NUMBA_CACHE_DIR`` in a temp dir) that
  imports mjsim and plays 100 hands (compilation included), then a second subprocess on the
  now-populated cache (warm start).

Peers' figures quoted by issue 3 (random actions, one core, this kind of machine): riichienv
~680 hands/s and ~60,000 steps/s, RLCard ~57 hands/s; ``benchmarks/run_all.py --only peers``
measures them live. Writes the "## Self-play" section of ``benchmarks/RESULTS.md`` only.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile

from common import (
    Row,
    Stat,
    interleave,
    machine_info,
    machine_markdown,
    rows_markdown,
    rows_text,
    run_subprocess,
    write_heading_section,
)

import mjsim

AREA = "selfplay"
VARIANT = "hebei"

_COLD = r"""
import json, time
t0 = time.perf_counter()
import mjsim
r = mjsim.simulate("hebei", 100, seed=0, threads=1)
t1 = time.perf_counter()
print(json.dumps({"seconds": t1 - t0, "hands": len(r)}))
"""


def _measure(threads: int, check: bool = False, seconds: float = 2.0):
    state = {"n": 512, "seed": 1}

    def once() -> dict[str, float]:
        import time

        hands = decisions = 0
        t0 = time.perf_counter()
        while True:
            n = state["n"]
            r = mjsim.simulate(VARIANT, n, seed=state["seed"], threads=threads, check=check)
            state["seed"] += 1
            hands += n
            decisions += int(r["decisions"].sum())
            dt = time.perf_counter() - t0
            if dt >= seconds:
                break
            if dt < seconds / 8:
                state["n"] = min(2 * n, 1 << 18)
        return {"hands/s": hands / dt, "decisions/s": decisions / dt}

    return once


def _cold_warm() -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as cache:
        env = {"NUMBA_CACHE_DIR": cache}
        cold = run_subprocess([sys.executable, "-c", _COLD], env=env, timeout=3600)
        if cold.returncode != 0:
            raise RuntimeError(cold.stderr[-800:])
        warm = run_subprocess([sys.executable, "-c", _COLD], env=env, timeout=3600)
        if warm.returncode != 0:
            raise RuntimeError(warm.stderr[-800:])
        return float(cold.last_json()["seconds"]), float(warm.last_json()["seconds"])


def run(quick: bool = False) -> list[Row]:
    """Rows for ``benchmarks/run_all.py``: warm 1 thread / all threads (hands/s, decisions/s),
    the invariant-checking loop, and cold/warm start."""
    n_cpu = os.cpu_count() or 1
    seconds = 1.0 if quick else 3.0
    repeats = 3
    mjsim.simulate(VARIANT, 64, seed=0, threads=1)  # compile / load the cache outside timing
    mjsim.simulate(VARIANT, 64, seed=0, threads=1, check=True)
    fns = {
        "1 thread": _measure(1, seconds=seconds),
        f"{n_cpu} threads": _measure(n_cpu, seconds=seconds),
    }
    samples: dict[str, list[dict[str, float]]] = {k: [] for k in fns}
    for _ in range(repeats):  # interleaved: 1, all, 1, all, ...
        for k, f in fns.items():
            samples[k].append(f())
    rows: list[Row] = []
    peers = {
        "hands/s": "riichienv ~680 hands/s, RLCard ~57 hands/s (issue 3, one core)",
        "decisions/s": "riichienv ~60,000 steps/s (issue 3, one core)",
    }
    for k, ss in samples.items():
        for unit in ("hands/s", "decisions/s"):
            rows.append(
                Row(
                    area=AREA,
                    config=f"{VARIANT}, in-kernel random bots, {k}, warm cache",
                    unit=unit,
                    mjsim=Stat.of([s[unit] for s in ss]),
                    note=f"quoted peers: {peers[unit]}",
                )
            )
    chk = interleave(
        {"check": lambda: _measure(1, check=True, seconds=seconds)()["hands/s"]}, repeats
    )
    rows.append(
        Row(
            area=AREA,
            config=f"{VARIANT}, random bots, 1 thread, invariant checker at every step",
            unit="hands/s",
            mjsim=chk["check"],
            note="check=True: mask, tile conservation, hand sizes, zero-sum after each action",
        )
    )
    if not quick:
        cold, warm = _cold_warm()
        rows.append(
            Row(
                area=AREA,
                config="cold start: empty numba cache, import + 100 hands (subprocess)",
                unit="s",
                mjsim=Stat.of([cold]),
                higher_is_better=False,
                note="includes compiling the whole loop and the kernels it calls",
            )
        )
        rows.append(
            Row(
                area=AREA,
                config="warm start: populated cache, import + 100 hands (subprocess)",
                unit="s",
                mjsim=Stat.of([warm]),
                higher_is_better=False,
            )
        )
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    info = machine_info()
    rows = run(args.quick)
    print(machine_markdown(info))
    print(rows_text(rows))
    if not args.no_write:
        body = (
            f"Command: `python benchmarks/selfplay.py{' --quick' if args.quick else ''}`. "
            "mjsim figures are medians of 3 interleaved repeats (min-max in brackets). "
            "The peers' figures are the ones quoted in issue 3 (not re-measured here; "
            "`benchmarks/run_all.py --only peers` measures them live on the same machine).\n\n"
            + rows_markdown(rows)
            + "\n\n"
            + machine_markdown(info)
        )
        write_heading_section("## Self-play", body)
    print(json.dumps({"rows": len(rows)}))


if __name__ == "__main__":
    main()
