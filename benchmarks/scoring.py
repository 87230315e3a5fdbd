"""Scoring throughput: mjsim's jitted guobiao (MCR) scorer beside pymahjonggb, same hands.

    python benchmarks/scoring.py [--quick] [--no-write]

Hands: ``mjsim.scoring.guobiao_samples.random_wins`` (random LEGAL winning hands: standard and
every special shape, random chows / pungs / kongs, winds, flowers, win flags), built once. The
same hands are scored by

* mjsim ``guobiao_fan_batch`` (jitted loop, 1 thread) and ``guobiao_fan_batch_parallel``
  (``prange`` over numba's threads), from the context arrays the engine holds;
* ``MahjongGB.MahjongFanCalculator`` (pymahjonggb, C++ behind a Python call; the calculator
  Botzone uses) from pre-built argument tuples, 1 thread. pymahjonggb is mjsim's own test
  dependency, so it is measured in-process on exactly the same hands (the peer-venv figure
  ``pymahjonggb_fan`` of ``run_all.py`` uses concealed-only hands);
* ``mjsim.score`` (the Python API: parse strings, validate, score one hand) for reference.

Contenders are interleaved A B A B ... after one warm-up call; medians of >= 3 repeats.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numba  # noqa: E402
import numpy as np  # noqa: E402
from common import (  # noqa: E402
    Row,
    bench_parser,
    command_line,
    interleave,
    measure_rate,
    report,
)

import mjsim  # noqa: E402
from mjsim.scoring.guobiao import guobiao_fan_batch, guobiao_fan_batch_parallel  # noqa: E402
from mjsim.scoring.guobiao_fans import N_GUOBIAO_ITEMS  # noqa: E402
from mjsim.scoring.guobiao_samples import (  # noqa: E402
    meld_strings,
    random_wins,
    to_arrays,
    to_mahjonggb,
)

AREA = "scoring"


def cpu_rate(fn, min_seconds: float) -> float:
    """Units per second of this process's CPU time (``time.process_time``): on a shared,
    overloaded machine this is steadier than wall time for single-threaded contenders."""
    units = 0.0
    t0 = time.process_time()
    while True:
        units += float(fn())
        elapsed = time.process_time() - t0
        if elapsed >= min_seconds:
            return units / elapsed


def run(quick: bool = False) -> list[Row]:
    """Measure hands scored per second, mjsim vs pymahjonggb, interleaved."""
    try:
        import MahjongGB
    except ImportError:  # pragma: no cover - test dependency missing
        MahjongGB = None
    n = 5_000 if quick else 20_000
    repeats = 1 if quick else 3
    seconds = 0.3 if quick else 2.0
    samples = random_wins(n, seed=2026)
    concealed, melds, win, flags = to_arrays(samples)
    items = np.zeros((n, N_GUOBIAO_ITEMS), dtype=np.int32)
    oracle_args = [to_mahjonggb(s) for s in samples]
    threads = numba.get_num_threads()

    def serial_once() -> int:
        return len(guobiao_fan_batch(concealed, melds, win, flags, items))

    def ours_serial() -> float:
        return measure_rate(serial_once, seconds)

    def ours_serial_cpu() -> float:
        return cpu_rate(serial_once, seconds)

    def ours_parallel() -> float:
        return measure_rate(
            lambda: len(guobiao_fan_batch_parallel(concealed, melds, win, flags, items)), seconds
        )

    def peer_once() -> int:
        calc = MahjongGB.MahjongFanCalculator
        for a in oracle_args:
            try:
                calc(*a)
            except TypeError:
                pass
        return len(oracle_args)

    def peer() -> float:
        return measure_rate(peer_once, seconds)

    def peer_cpu() -> float:
        return cpu_rate(peer_once, seconds)

    api_inputs = [
        (
            s["concealed"],
            dict(
                win_tile=s["win_tile"],
                melds=meld_strings(s),
                self_drawn=s["self_drawn"],
                seat_wind=s["seat_wind"],
                round_wind=s["round_wind"],
                flowers=s["flowers"],
                fourth_tile=s["fourth_tile"],
                last_wall_tile=s["last_wall_tile"],
                kong_replacement=s["kong_replacement"],
                robbing_kong=s["robbing_kong"],
            ),
        )
        for s in samples[:2000]
    ]

    def ours_api() -> float:
        def once() -> int:
            for hand, kw in api_inputs:
                mjsim.score("guobiao", hand, **kw)
            return len(api_inputs)

        return measure_rate(once, seconds)

    contenders = {
        "serial": ours_serial,
        "parallel": ours_parallel,
        "api": ours_api,
        "serial_cpu": ours_serial_cpu,
    }
    if MahjongGB is not None:
        contenders["peer"] = peer
        contenders["peer_cpu"] = peer_cpu
    stats = interleave(contenders, repeats=repeats)
    peer_name = "pymahjonggb 1.4.0 (MahjongFanCalculator, 1 thread)"
    compared = "same random legal guobiao winning hands, total fan + fan list per hand"
    peer_stat = stats.get("peer")
    status = "ok" if peer_stat is not None else "peer failed"
    return [
        Row(AREA, "guobiao fan, jitted batch, 1 thread", "hands/s", stats["serial"], peer_name,
            peer_stat, compared, f"{n} hands", status),
        Row(AREA, f"guobiao fan, jitted batch, prange {threads} threads", "hands/s",
            stats["parallel"], peer_name, peer_stat, compared,
            "threads share the machine with other jobs", status),
        Row(AREA, "mjsim.score() Python API, 1 thread", "hands/s", stats["api"], peer_name,
            peer_stat, compared, "parse meld/hand strings + validate + score, per call", status),
        Row(AREA, "guobiao fan, jitted batch, 1 thread, per CPU second", "hands/CPU-s",
            stats["serial_cpu"], peer_name, stats.get("peer_cpu"), compared,
            "time.process_time: steadier than wall time on a loaded machine", status),
    ]  # fmt: skip


def main() -> None:
    args = bench_parser(__doc__).parse_args()
    t0 = time.perf_counter()
    rows = run(args.quick)
    intro = (
        f"Command: `{command_line('scoring.py')}` ({time.perf_counter() - t0:.0f} s). "
        "Ratio = mjsim / pymahjonggb on the same hands (> 1: mjsim faster); "
        "medians of 3 interleaved repeats, min-max in brackets."
    )
    report("## Scoring (guobiao)", intro, rows, write=not args.no_write)


if __name__ == "__main__":
    main()
