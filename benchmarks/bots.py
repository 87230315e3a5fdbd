"""Bot throughput: hands/s of ``mjsim.simulate`` with greedy bots, per registered variant.

    python benchmarks/bots.py [--quick] [--no-write] [--main-job]

Per variant: four greedy bots vs four uniform-random bots, interleaved A B A B (after a warm-up
call that compiles), 1 thread and all threads. The "peer" column is the random-bot loop of the
same run: the ratio greedy/random is the price of the greedy policy (shanten + live waits at
every decision) over the bare engine. ``--main-job`` also times the README's main-job command
(``mjsim simulate <variant> --hands 100000``, greedy bots, a subprocess: start-up, cached
compilation and play).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (  # noqa: E402
    Row,
    Stat,
    interleave,
    machine_markdown,
    rows_markdown,
    rows_text,
    run_subprocess,
    write_heading_section,
)

import mjsim  # noqa: E402
from mjsim import variants  # noqa: E402

AREA = "bots"
COMMAND = "python benchmarks/bots.py --main-job"
MAIN_JOB_VARIANT = "sichuan_xuezhan"


def _rate(variant: str, agents: list[str], n: int, threads: int):
    seed = [0]

    def fn() -> float:
        seed[0] += 1
        t0 = time.perf_counter()
        mjsim.simulate(variant, n, agents, seed=seed[0], threads=threads)
        return n / (time.perf_counter() - t0)

    return fn


def run(quick: bool = False) -> list[Row]:
    """hands/s with greedy bots vs random bots, per variant, 1 thread and all threads."""
    rows = []
    n_cpu = os.cpu_count() or 1
    repeats = 1 if quick else 3
    for v in variants.names():
        np_ = variants.get(v).n_players
        for threads in sorted({1, n_cpu}):
            n = (200 if quick else 1500) * threads
            try:
                st = interleave(
                    {
                        "greedy": _rate(v, ["greedy"] * np_, n, threads),
                        "random": _rate(v, ["random"] * np_, n, threads),
                    },
                    repeats=repeats,
                )
            except Exception as e:  # noqa: BLE001 - reported in the table
                rows.append(Row(AREA, f"{v}, greedy x{np_}, {threads} thr", "hands/s",
                                status="failed", note=repr(e)[:200]))  # fmt: skip
                continue
            rows.append(
                Row(
                    AREA,
                    f"{v}, greedy x{np_}, {threads} thread{'s' if threads > 1 else ''}",
                    "hands/s",
                    st["greedy"],
                    f"mjsim random x{np_} (same run)",
                    st["random"],
                    "same variant and seeds: greedy policy vs uniform random legal actions",
                    f"{n} hands per sample; ratio < 1 = the greedy policy's cost",
                )
            )
    return rows


def main_job(variant: str, hands: int) -> Row:
    """Wall time of ``mjsim simulate VARIANT --hands N`` (greedy bots) in a subprocess."""
    cmd = [sys.executable, "-m", "mjsim.cli", "simulate", variant, "--hands", str(hands)]
    cmd += ["--quiet"]
    t0 = time.perf_counter()
    res = run_subprocess(cmd)
    dt = time.perf_counter() - t0
    ok = getattr(res, "returncode", 0) == 0
    return Row(
        AREA,
        f"`mjsim simulate {variant} --hands {hands}` (greedy x4, all threads)",
        "s",
        Stat.of([dt]),
        note="wall time incl. start-up and cached compilation",
        status="ok" if ok else "failed",
        higher_is_better=False,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--main-job", action="store_true")
    parser.add_argument("--hands", type=int, default=100_000)
    args = parser.parse_args()
    t0 = time.perf_counter()
    rows = run(args.quick)
    if args.main_job:
        v = MAIN_JOB_VARIANT if MAIN_JOB_VARIANT in variants.names() else variants.names()[0]
        rows.append(main_job(v, args.hands))
    print(rows_text(rows))
    print(machine_markdown())
    if not args.no_write:
        cmd = "python benchmarks/bots.py" + (" --quick" if args.quick else "")
        cmd += " --main-job" if args.main_job else ""
        reps = "1 repeat (--quick)" if args.quick else "medians of 3 interleaved repeats"
        body = "\n\n".join(
            [
                f"Command: `{cmd}` ({time.perf_counter() - t0:.0f} s). Ratio = greedy / "
                f"random hands/s in the same run (the cost of the greedy policy); {reps}, "
                "min-max in brackets.",
                rows_markdown(rows),
                machine_markdown(),
            ]
        )
        write_heading_section("## Bots", body)


if __name__ == "__main__":
    main()
