"""Before/after: self-play speed of this checkout beside another checkout, in the same run.

    python benchmarks/compare.py --baseline /path/to/other/checkout [--baseline-cache DIR]
        [--variants sichuan_xuezhan,hebei] [--bots random,greedy] [--repeats 3] [--no-write]

Each sample is a fresh subprocess that imports ``mjsim`` (with ``mjsim.agents`` and
``mjsim.envs``) from one checkout and plays ``mjsim.simulate(variant, n, agents=[bot] * 4,
threads=1)`` after one warm-up call; the figure is hands per CPU second of that call
(``time.process_time``: steadier than wall time on a shared machine). The two checkouts
alternate (A B A B ..., :func:`common.interleave`), >= 3 repeats, median and min-max; ratio =
this checkout / baseline (> 1: this checkout is faster). The baseline imports with
``MJSIM_CACHE_DIR=--baseline-cache`` (default: ``~/.cache/mjsim``, where its compiled kernels
usually are); this checkout with the caller's environment. Both caches should be warm (a cold
one compiles first, minutes; the warm-up call absorbs it but not the import's table load).

Writes the ``## Before/after`` section of ``benchmarks/RESULTS.md`` (``--no-write``: print only).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (  # noqa: E402
    REPO_DIR,
    Row,
    bench_parser,
    command_line,
    interleave,
    machine_info,
    report,
    run_subprocess,
)

AREA = "compare"

_CODE = r"""
import importlib.abc, importlib.util, json, os, sys, time
root = {root!r}
sys.path.insert(0, root)


class _Finder(importlib.abc.MetaPathFinder):
    MAP = {{"mjsim.envs": os.path.join(root, "envs"), "mjsim.agents": os.path.join(root, "agents")}}

    def find_spec(self, name, path, target=None):
        d = self.MAP.get(name)
        if d is None or not os.path.isdir(d):
            return None
        return importlib.util.spec_from_file_location(
            name, os.path.join(d, "__init__.py"), submodule_search_locations=[d])


sys.meta_path.insert(0, _Finder())
import mjsim
assert mjsim.__file__.startswith(root), mjsim.__file__
mjsim.simulate({variant!r}, 50, agents=[{bot!r}], seed=1, threads=1)
c0 = time.process_time()
r = mjsim.simulate({variant!r}, {n}, agents=[{bot!r}], seed=2, threads=1)
dt = time.process_time() - c0
print(json.dumps({{"cpu": dt, "hands": len(r), "decisions": int(r["decisions"].sum())}}))
"""


def sampler(root: Path, cache: str | None, variant: str, bot: str, n: int):  # type: ignore[no-untyped-def]
    """A zero-argument callable: one subprocess sample, returns hands per CPU second."""
    # run_subprocess adds to os.environ: blank out whatever points at another checkout
    env = {k: "" for k in ("MJSIM_ROOT", "PYTHONPATH", "NUMBA_CACHE_DIR", "MJSIM_NUMBA_CACHE_AUTO")}
    env["MJSIM_CACHE_DIR"] = cache if cache is not None else ""
    code = _CODE.format(root=str(root), variant=variant, bot=bot, n=n)

    def sample() -> float:
        res = run_subprocess([sys.executable, "-c", code], timeout=3600, env=env)
        if res.returncode != 0:
            raise RuntimeError(f"{root}: {res.stderr[-500:]}")
        d = res.last_json()
        return d["hands"] / d["cpu"]

    return sample


def run(
    baseline: Path,
    baseline_cache: str | None,
    names: list[str],
    bots: list[str],
    repeats: int,
) -> list[Row]:
    rows = []
    here_cache = os.environ.get("MJSIM_CACHE_DIR")
    git = subprocess.run(
        ["git", "-C", str(baseline), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    )
    label = f"baseline {baseline} ({git.stdout.strip() or 'not a git checkout'})"
    for v in names:
        for bot in bots:
            n = 4000 if bot == "random" else 1500
            stats = interleave(
                {
                    "this": sampler(REPO_DIR, here_cache, v, bot, n),
                    "base": sampler(baseline, baseline_cache, v, bot, n),
                },
                repeats,
                warmup=False,
            )
            rows.append(
                Row(
                    area=AREA,
                    config=f"{v}, in-kernel {bot} bots x4, 1 thread",
                    unit="hands/CPU-s",
                    mjsim=stats["this"],
                    peer=label,
                    peer_stat=stats["base"],
                    note=f"{n} hands per sample",
                )
            )
    return rows


def main() -> None:
    ap = bench_parser(__doc__)
    ap.add_argument("--baseline", required=True, type=Path, help="another mjsim checkout")
    ap.add_argument("--baseline-cache", default=None, help="MJSIM_CACHE_DIR of the baseline")
    ap.add_argument("--variants", default="sichuan_xuezhan,hebei")
    ap.add_argument("--bots", default="random,greedy")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    info = machine_info()
    t0 = time.perf_counter()
    names = [v for v in args.variants.split(",") if v]
    bots = [b for b in args.bots.split(",") if b]
    rows = run(args.baseline.resolve(), args.baseline_cache, names, bots, args.repeats)
    intro = (
        f"Command: `{command_line('compare.py')}` ({time.perf_counter() - t0:.0f} s). Hands per "
        "CPU second of `mjsim.simulate(variant, n, agents=[bot] * 4, threads=1)` in fresh "
        "subprocesses, this checkout (mjsim column) and the baseline checkout (peer column) "
        f"alternating, medians of {args.repeats} repeats (min-max); ratio > 1: this checkout "
        "is faster."
    )
    report("## Before/after", intro, rows, write=not args.no_write, info=info)


if __name__ == "__main__":
    main()
