"""Bot throughput: hands/s of ``mjsim.simulate`` with greedy bots, per registered variant.

    python benchmarks/bots.py [--quick] [--no-write] [--main-job] [--cold] [--hands N]

Per variant: four greedy bots vs four uniform-random bots, interleaved
A B A B (after a warm-up call that compiles), 1 thread and all threads. The "peer" column is
the random-bot loop of the same run: the ratio greedy/random is the price of the greedy policy
(shanten + live waits at every decision) over the bare engine. The samples are the self-play
area's (``selfplay.measure_variant``): inside one ``run_all.py`` process they are measured
once and shared through ``common.SAMPLE_CACHE``.

``--main-job`` also times the README's main-job command (
``mjsim simulate sichuan_xuezhan --hands 100000``, default agents = greedy on every seat, all
threads) as a subprocess: warm (the numba cache in use already filled) and, with ``--cold``,
cold (an empty ``NUMBA_CACHE_DIR``: start-up + compiling the whole loop + play).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import selfplay  # noqa: E402
from common import (  # noqa: E402
    Row,
    Stat,
    bench_parser,
    command_line,
    report,
    run_subprocess,
)

from mjsim import variants  # noqa: E402

AREA = "bots"
MAIN_JOB_VARIANT = "sichuan_xuezhan"


def run(quick: bool = False) -> list[Row]:
    """hands/s with greedy bots vs random bots, per variant, 1 thread and all threads."""
    rows = []
    for v in variants.names():
        np_ = variants.get(v).n_players
        try:
            samples = selfplay.measure_variant(v, quick)
        except Exception as e:  # noqa: BLE001 - reported in the table
            rows.append(Row(AREA, f"{v}, greedy x{np_}", "hands/s", status="failed",
                            note=repr(e)[:200]))  # fmt: skip
            continue
        for t in sorted({t for _, t in samples}):
            g = samples[("greedy", t)]
            r = samples[("random", t)]
            rows.append(
                Row(
                    AREA,
                    f"{v}, greedy x{np_}, {t} thread{'s' if t > 1 else ''}",
                    "hands/s",
                    Stat.of([s["hands/s"] for s in g]),
                    f"mjsim random x{np_} (same run)",
                    Stat.of([s["hands/s"] for s in r]),
                    "same variant, same loop: greedy policy vs uniform random legal actions",
                    "ratio < 1 = the greedy policy's cost; greedy "
                    f"{Stat.of([s['decisions/s'] / s['hands/s'] for s in g]).median:.0f} vs "
                    f"random {Stat.of([s['decisions/s'] / s['hands/s'] for s in r]).median:.0f}"
                    " decisions/hand",
                )
            )
    return rows


def main_job(variant: str, hands: int, cold: bool = False) -> Row:
    """Wall time of ``mjsim simulate VARIANT --hands N`` (greedy bots) in a subprocess.

    ``cold``: on an empty ``NUMBA_CACHE_DIR`` (everything compiles); else on the cache in use
    (call once before to fill it)."""
    cmd = [sys.executable, "-m", "mjsim.cli", "simulate", variant, "--hands", str(hands)]
    cmd += ["--quiet"]
    with tempfile.TemporaryDirectory(prefix="mjsim-bench-nc-") as cache:
        env = {"NUMBA_CACHE_DIR": cache} if cold else None
        res = run_subprocess(cmd, env=env, timeout=7200)
    ok = res.returncode == 0
    return Row(
        AREA,
        f"`mjsim simulate {variant} --hands {hands}` (greedy x4, all threads), "
        + ("cold: empty numba cache" if cold else "warm: numba cache filled"),
        "s",
        Stat.of([res.seconds]),
        note=(
            "wall time incl. start-up and compiling everything"
            if cold
            else "wall time incl. start-up and loading the cached compilation"
        )
        + f"; CPU time {res.cpu_seconds:.0f} s; peak RSS {res.peak_rss / 2**20:.0f} MiB"
        + ("" if ok else f"; exit {res.returncode}: {res.stderr.strip()[-160:]}"),
        status="ok" if ok else "failed",
        higher_is_better=False,
    )


def main() -> None:
    parser = bench_parser(__doc__)
    parser.add_argument("--main-job", action="store_true")
    parser.add_argument("--cold", action="store_true", help="main job also on an empty cache")
    parser.add_argument("--no-table", action="store_true", help="main job only")
    parser.add_argument("--hands", type=int, default=100_000)
    args = parser.parse_args()
    t0 = time.perf_counter()
    rows = [] if args.no_table else run(args.quick)
    t_rows = time.perf_counter() - t0
    job: list[Row] = []
    if args.main_job:
        v = MAIN_JOB_VARIANT if MAIN_JOB_VARIANT in variants.names() else variants.names()[0]
        if args.cold:
            job.append(main_job(v, args.hands, cold=True))
        main_job(v, 200)  # fill the cache in use (a no-op when already filled)
        job.append(main_job(v, args.hands))
    write = not args.no_write
    if rows:
        reps = "1 repeat (--quick)" if args.quick else "medians of 3 interleaved repeats"
        intro = (
            f"Command: `{command_line('bots.py')}` ({t_rows:.0f} s). Ratio = greedy / random "
            f"hands/s in the same run (the cost of the greedy policy); {reps}, min-max in "
            "brackets. The machine is shared with other jobs (load in the machine line): "
            "absolute figures are below an idle machine's, the ratios hold."
        )
        report("## Bots", intro, rows, write=write)
    if job:
        intro = (
            f"Command: `{command_line('bots.py')}`: the README's main job as a "
            "subprocess, default agents (greedy on every seat), all threads, one run each. "
            "Cold = an empty `NUMBA_CACHE_DIR` (start-up + compiling the whole loop + play); "
            "warm = the cache filled (start-up + loading it + play)."
        )
        report("## Main job", intro, job, write=write)


if __name__ == "__main__":
    main()
