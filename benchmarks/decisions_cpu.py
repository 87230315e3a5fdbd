"""Warm speed of the self-play loop in decisions per CPU second, for comparing two builds.

    python benchmarks/decisions_cpu.py [--agents random] sichuan_xuezhan:40000 hebei:20000

For each ``VARIANT:HANDS``: one small call loads the compiled loop (``seed=0``), then
``mjsim.simulate(VARIANT, HANDS, AGENTS, seed=1, threads=1)`` (default agents: greedy) is timed in process CPU seconds
(``getrusage``: user + system) and wall seconds. The hands are the same for every build, so two
builds that play alike print the same decision counts. CPU seconds, not wall time: on a shared
machine the figure moves less with the other jobs' load. Prints one line per variant; asserts
nothing.
"""

from __future__ import annotations

import argparse
import resource
import time

import mjsim


def cpu_seconds() -> float:
    """User + system CPU seconds of this process so far."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", nargs="+", help="VARIANT:HANDS, e.g. sichuan_xuezhan:40000")
    ap.add_argument("--agents", default="greedy", help="in-kernel bots (default: greedy)")
    args = ap.parse_args()
    for run in args.runs:
        variant, _, hands = run.partition(":")
        if not hands.isdigit():
            ap.error(f"{run!r}: expected VARIANT:HANDS, e.g. sichuan_xuezhan:40000")
        mjsim.simulate(variant, 16, args.agents, seed=0, threads=1)  # load the compiled loop
        c0, t0 = cpu_seconds(), time.perf_counter()
        rows = mjsim.simulate(variant, int(hands), args.agents, seed=1, threads=1)
        cpu, wall = cpu_seconds() - c0, time.perf_counter() - t0
        d = int(rows["decisions"].sum())
        print(
            f"{variant} hands={hands} decisions={d} cpu_s={cpu:.2f} wall_s={wall:.2f} "
            f"decisions_per_cpu_s={d / cpu:.0f} decisions_per_wall_s={d / wall:.0f}"
        )


if __name__ == "__main__":
    main()
