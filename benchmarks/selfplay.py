"""Self-play benchmark: hands/s and decisions/s of ``mjsim.simulate``, every registered variant.

    python benchmarks/selfplay.py [--quick] [--no-write] [--variants a,b] [--cold]

Measures, in one run, for every variant of ``mjsim.variants.names()`` (random and
greedy bots, one thread and all threads):

* in-kernel random bots and in-kernel greedy bots on every seat, on 1 thread and on all
  threads, interleaved (random/1, greedy/1, random/all, greedy/all, then again ...; one
  discarded warm-up call each, >= 3 repeats, median and min-max; see ``benchmarks/common.py``),
  per hand and per decision (``decisions``: every action taken, passes in reaction windows
  included);
* hebei with the per-step invariant checker on (``check=True``) for its cost;
* with ``--cold``: cold start, a subprocess with an EMPTY numba cache (``NUMBA_CACHE_DIR`` in
  a temp dir) that imports mjsim and plays 100 hands, then the same on the filled cache.
  ``benchmarks/run_all.py --only startup`` measures the same beside the peers, so ``run()``
  (what ``run_all`` calls) leaves it out.

Each sample plays batches of hands (the batch doubles until one call lasts a quarter of the
sample) for at least ``seconds`` of wall time. The samples are kept in
``common.SAMPLE_CACHE`` so that ``benchmarks/bots.py`` (greedy vs random ratio) reuses them in
the same ``run_all`` process instead of measuring everything twice. The peers' self-play
figures are measured live beside mjsim in ``run_all.py``'s peers area. Writes the
"## Self-play" section of ``benchmarks/RESULTS.md`` only.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (  # noqa: E402
    SAMPLE_CACHE,
    Row,
    Stat,
    bench_parser,
    command_line,
    interleave,
    machine_info,
    report,
    run_subprocess,
)

import mjsim  # noqa: E402
from mjsim import variants  # noqa: E402

AREA = "selfplay"
CHECK_VARIANT = "hebei"
BOTS = ("random", "greedy")

_COLD = r"""
import json, time
t0 = time.perf_counter()
import mjsim
r = mjsim.simulate("{variant}", 100, seed=0, threads=1)
t1 = time.perf_counter()
print(json.dumps({{"seconds": t1 - t0, "hands": len(r)}}))
"""


def all_threads() -> int:
    """Worker threads of the "all threads" configurations: the usable cores."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - non-Linux
        return os.cpu_count() or 1


def measurer(
    variant: str, bot: str, threads: int, seconds: float, check: bool = False
) -> Callable[[], dict[str, float]]:
    """A zero-argument sampler -> ``{"hands/s", "decisions/s", "hands"}`` over ``simulate``.

    Every seat plays ``bot``; each call of the sampler plays batches (new seeds each time) for
    at least ``seconds`` of wall time; the batch doubles while one call is shorter than a
    quarter of that (so slow bots, e.g. greedy in guobiao, still give short samples)."""
    n_players = variants.get(variant).n_players
    agents = [bot] * n_players
    state = {"n": 4 * threads, "seed": 1}

    def sample() -> dict[str, float]:
        hands = decisions = 0
        t0 = time.perf_counter()
        while True:
            n = state["n"]
            t1 = time.perf_counter()
            r = mjsim.simulate(variant, n, agents, seed=state["seed"], threads=threads, check=check)
            call = time.perf_counter() - t1
            state["seed"] += 1
            hands += n
            decisions += int(r["decisions"].sum())
            dt = time.perf_counter() - t0
            if call < seconds / 4:
                state["n"] = min(2 * n, 1 << 18)
            if dt >= seconds:
                break
        return {"hands/s": hands / dt, "decisions/s": decisions / dt, "hands": float(hands)}

    return sample


def measure_variant(variant: str, quick: bool) -> dict[tuple[str, int], list[dict[str, float]]]:
    """Samples of (bot, threads) for one variant, interleaved; cached in ``SAMPLE_CACHE``."""
    key = ("selfplay", variant, quick)
    if key in SAMPLE_CACHE:
        return SAMPLE_CACHE[key]
    seconds = 0.5 if quick else 1.5
    repeats = 1 if quick else 3
    fns = {
        (bot, t): measurer(variant, bot, t, seconds)
        for t in sorted({1, all_threads()})
        for bot in BOTS
    }
    out: dict[tuple[str, int], list[dict[str, float]]] = {k: [] for k in fns}
    for f in fns.values():  # warm-up (compile / load the cache), discarded
        f()
    for _ in range(repeats):  # A B C D A B C D ...
        for k, f in fns.items():
            out[k].append(f())
    SAMPLE_CACHE[key] = out
    return out


def _thr(t: int) -> str:
    return f"{t} thread{'s' if t > 1 else ''}"


def run(quick: bool = False, names: Sequence[str] | None = None) -> list[Row]:
    """Rows for ``benchmarks/run_all.py``: per variant, random and greedy bots, 1 thread and
    all threads (hands/s, decisions/s), plus hebei with the invariant checker."""
    rows: list[Row] = []
    for v in names or variants.names():
        n_players = variants.get(v).n_players
        try:
            samples = measure_variant(v, quick)
        except Exception as exc:  # reported, never skipped
            rows.append(Row(AREA, f"{v}, self-play", "hands/s", status="failed", note=repr(exc)))
            continue
        for (bot, t), ss in samples.items():
            per_hand = Stat.of([s["decisions/s"] / s["hands/s"] for s in ss]).median
            for unit in ("hands/s", "decisions/s"):
                rows.append(
                    Row(
                        area=AREA,
                        config=f"{v}, in-kernel {bot} bots x{n_players}, {_thr(t)}",
                        unit=unit,
                        mjsim=Stat.of([s[unit] for s in ss]),
                        note=(
                            f"{per_hand:.0f} decisions/hand; "
                            f"{int(sum(s['hands'] for s in ss))} hands timed"
                        )
                        if unit == "hands/s"
                        else "",
                    )
                )
    if names is None or CHECK_VARIANT in names:
        seconds = 0.5 if quick else 1.5
        f = measurer(CHECK_VARIANT, "random", 1, seconds, check=True)
        chk = interleave({"check": lambda: f()["hands/s"]}, 1 if quick else 3)
        rows.append(
            Row(
                area=AREA,
                config=f"{CHECK_VARIANT}, random bots, 1 thread, invariant checker at every step",
                unit="hands/s",
                mjsim=chk["check"],
                note="check=True: mask, tile conservation, hand sizes, zero-sum after each action",
            )
        )
    return rows


def cold_warm(variant: str = CHECK_VARIANT) -> list[Row]:
    """Cold start (empty numba cache) and warm start of import + 100 hands, in subprocesses."""
    code = _COLD.format(variant=variant)
    with tempfile.TemporaryDirectory(prefix="mjsim-bench-nc-") as cache:
        env = {"NUMBA_CACHE_DIR": cache}
        res = [run_subprocess([sys.executable, "-c", code], env=env, timeout=3600)]
        res.append(run_subprocess([sys.executable, "-c", code], env=env, timeout=3600))
    rows = []
    for what, r in zip(("cold", "warm"), res, strict=True):
        ok = r.returncode == 0
        rows.append(
            Row(
                area=AREA,
                config=f"{what} start: {'empty' if what == 'cold' else 'filled'} numba cache, "
                f"import + {variant} 100 hands (subprocess)",
                unit="s",
                mjsim=Stat.of([r.last_json()["seconds"]]) if ok else None,
                status="ok" if ok else "failed",
                higher_is_better=False,
                note="includes compiling the whole loop and the kernels it calls"
                if what == "cold"
                else r.stderr[-200:]
                if not ok
                else "",
            )
        )
    return rows


def main() -> None:
    ap = bench_parser(__doc__)
    ap.add_argument("--cold", action="store_true", help="also cold/warm start (minutes)")
    ap.add_argument("--variants", default="", help="comma-separated subset (default: all)")
    args = ap.parse_args()
    info = machine_info()
    t0 = time.perf_counter()
    names = [v for v in args.variants.split(",") if v] or None
    rows = run(args.quick, names)
    if args.cold:
        rows += cold_warm()
    reps = "1 repeat (--quick)" if args.quick else "medians of 3 interleaved repeats"
    intro = (
        f"Command: `{command_line('selfplay.py')}` ({time.perf_counter() - t0:.0f} s). {reps}, "
        "min-max in brackets; every seat plays the named in-kernel bot; decisions = every "
        "action taken (reaction-window passes included). Peers' self-play figures: the peers "
        "area of `benchmarks/run_all.py` (measured live beside mjsim). The machine is shared "
        "with other jobs: only same-run ratios are solid."
    )
    report("## Self-play", intro, rows, write=not args.no_write, info=info)
    print(json.dumps({"rows": len(rows)}))


if __name__ == "__main__":
    main()
