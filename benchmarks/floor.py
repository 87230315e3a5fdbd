"""Engine floor: CPU per decision of a bare draw/discard/claim loop beside mjsim's engine.

    python benchmarks/floor.py [--quick] [--no-write]

The vector env aims at 500,000 env-steps/s on this 2-core machine; one env step holds ~3.9
engine decisions (the learner's and the random opponents' up to its next one), so the aim needs
about 1 CPU-us per decision, env work included. How far is that from what a decision can cost
at all? The "floor" here is the least a 4-seat game with random legal actions must do per
decision, jitted with numba like mjsim: shuffle and deal, draw, a self-draw win check
(``mjsim.kernels.standard.is_standard_win``), a uniform choice among the legal actions, and on
every discard a reaction window (each other seat: discard win check, pung, chow for the next
seat; a seat with an option decides). No flowers, kongs, ready declarations, scoring, payments,
event records, rule flags or observations. The mjsim figure is ``mjsim.simulate("hebei", ...,
agents="random", threads=1)`` (hebei: chow, pung, kong, ready, seven pairs, thirteen orphans,
payments), CPU time per engine decision. Both interleaved (floor, mjsim, floor, mjsim ...).
The ratio is floor-CPU / mjsim-CPU per decision (< 1: mjsim costs more than the floor).
"""

from __future__ import annotations

import resource
import sys
import time
from pathlib import Path

import numba as nb
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (  # noqa: E402
    Row,
    Stat,
    bench_parser,
    command_line,
    report,
)

import mjsim  # noqa: E402
from mjsim.kernels.standard import is_standard_win  # noqa: E402

AREA = "floor"
VARIANT = "hebei"


# not cache=True: numba's disk cache records the module name this file was imported under
# (run_all: mjsim_bench_<area>; scripts: __main__ or a bare import) and a later run under
# another name failed to load it ("No module named 'mjsim_bench_envs'"); the same for these loops (a few seconds to compile)
@nb.njit
def _next(st):
    """xorshift64 step of ``st`` (uint64[1]); returns the new state."""
    x = st[0]
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    st[0] = x
    return x


@nb.njit
def _below(st, n):
    return np.int64(_next(st) % np.uint64(n))


@nb.njit
def floor_play(n_hands, seed):
    """Play ``n_hands`` bare hands (see the module docstring) with random legal actions.

    Returns ``(decisions, wins)`` (int64, int64)."""
    st = np.array([np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(1)], np.uint64)
    wall = np.empty(136, np.int64)
    hands = np.zeros((4, 34), np.uint8)
    n_melds = np.zeros(4, np.int64)
    mask = np.zeros(35, np.bool_)
    decisions = 0
    wins = 0
    for _ in range(n_hands):
        for i in range(136):
            wall[i] = i // 4
        for i in range(135, 0, -1):
            j = _below(st, i + 1)
            wall[i], wall[j] = wall[j], wall[i]
        hands[:] = 0
        n_melds[:] = 0
        head = 0
        for p in range(4):
            for _i in range(13):
                hands[p, wall[head]] += 1
                head += 1
        p = 0
        draw = True
        over = False
        while not over:
            h = hands[p]
            if draw:
                if head >= 122:  # a 14-tile dead wall
                    break
                h[wall[head]] += 1
                head += 1
            mask[:] = False
            n = 0
            if draw and is_standard_win(h, 4 - n_melds[p], 0, 0, 0):
                mask[34] = True
                n += 1
            for x in range(34):
                if h[x] > 0:
                    mask[x] = True
                    n += 1
            j = _below(st, n)
            a = -1
            for x in range(35):
                if mask[x]:
                    if j == 0:
                        a = x
                        break
                    j -= 1
            decisions += 1
            if a == 34:
                wins += 1
                break
            h[a] -= 1
            claimed = False
            for d in range(1, 4):  # the reaction window, in seat order
                q = (p + d) % 4
                hq = hands[q]
                opts = 0
                hq[a] += 1
                if is_standard_win(hq, 4 - n_melds[q], 0, 0, 0):
                    opts |= 1
                hq[a] -= 1
                if hq[a] >= 2:
                    opts |= 2
                if d == 1 and a < 27:
                    r9 = a % 9
                    if r9 <= 6 and hq[a + 1] > 0 and hq[a + 2] > 0:
                        opts |= 4
                    if 1 <= r9 <= 7 and hq[a - 1] > 0 and hq[a + 1] > 0:
                        opts |= 8
                    if r9 >= 2 and hq[a - 1] > 0 and hq[a - 2] > 0:
                        opts |= 16
                if opts == 0:
                    continue
                n_opts = 1
                for b in range(5):
                    n_opts += (opts >> b) & 1
                j = _below(st, n_opts)
                decisions += 1
                if j == 0:
                    continue  # pass
                b = 0
                for b in range(5):
                    if (opts >> b) & 1:
                        j -= 1
                        if j == 0:
                            break
                if b == 0:
                    wins += 1
                    over = True
                    break
                if b == 1:
                    hq[a] -= 2
                elif b == 2:
                    hq[a + 1] -= 1
                    hq[a + 2] -= 1
                elif b == 3:
                    hq[a - 1] -= 1
                    hq[a + 1] -= 1
                else:
                    hq[a - 1] -= 1
                    hq[a - 2] -= 1
                n_melds[q] += 1
                p = q
                draw = False
                claimed = True
                break
            if not claimed and not over:
                p = (p + 1) % 4
                draw = True
    return decisions, wins


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _floor_sample(hands: int, seed: list[int]) -> float:
    """Floor decisions per CPU second over ``hands`` hands."""
    seed[0] += 1
    c0 = _cpu()
    dec, _wins = floor_play(hands, seed[0])
    return dec / (_cpu() - c0)


def _mjsim_sample(hands: int, seed: list[int]) -> float:
    """mjsim engine decisions per CPU second (hebei, random bots, one thread)."""
    seed[0] += 1
    c0 = _cpu()
    res = mjsim.simulate(VARIANT, hands, "random", seed=seed[0], threads=1)
    return float(res["decisions"].sum()) / (_cpu() - c0)


def run(quick: bool = False) -> list[Row]:
    """Rows: mjsim's decisions per CPU second beside the floor's, interleaved, and the implied
    CPU-us per decision."""
    fh, mh = (2_000, 400) if quick else (20_000, 4_000)
    repeats = 1 if quick else 3
    fs, ms = [0], [100]
    floor_play(10, 0)  # compile / load the cache
    mjsim.simulate(VARIANT, 20, "random", seed=0, threads=1)
    f_samples: list[float] = []
    m_samples: list[float] = []
    for _ in range(repeats):
        f_samples.append(_floor_sample(fh, fs))
        m_samples.append(_mjsim_sample(mh, ms))
    m, f = Stat.of(m_samples), Stat.of(f_samples)
    us_m, us_f = 1e6 / m.median, 1e6 / f.median
    return [
        Row(
            AREA,
            f"{VARIANT}, random bots, 1 thread: engine decisions per CPU second",
            "decisions/CPU-s",
            m,
            "bare draw/discard/claim loop (benchmarks/floor.py)",
            f,
            compared="the least a random-action game can do per decision (no flowers, kongs, "
            "ready, scoring, records) against the full engine",
            note=f"CPU-us per decision: mjsim {us_m:.2f}, floor {us_f:.2f}; the vector-env aim "
            f"of the vector env (500k env-steps/s on 2 cores, ~3.9 decisions per step) needs ~1.0",
        )
    ]


def main() -> None:
    args = bench_parser(__doc__).parse_args()
    t0 = time.perf_counter()
    rows = run(args.quick)
    intro = (
        f"Command: `{command_line('floor.py')}` ({time.perf_counter() - t0:.0f} s). CPU time "
        "per engine decision, medians of interleaved repeats (floor, mjsim, ...), min-max in "
        "brackets; ratio = mjsim / floor decisions per CPU second (< 1: mjsim costs more). "
        "What the floor does and leaves out: the docstring of `benchmarks/floor.py`."
    )
    report("## Engine floor", intro, rows, write=not args.no_write)


if __name__ == "__main__":
    main()
