"""Where numba's cold compile of an mjsim entry point spends its time, and what a first use costs.

    python benchmarks/compile_time.py [--target simulate|envs|game] [--json OUT]
    python benchmarks/compile_time.py --first-use all|TARGET[,TARGET...] [--python PY] [--json OUT]
    python benchmarks/compile_time.py --cpu-cost HANDS [--repeats N]

``--target``: run it on an EMPTY cache (a fresh ``MJSIM_CACHE_DIR``, or after any source edit)
— on a warm cache it only measures loading. It compiles the target once and prints:

- the process CPU seconds and wall time of the compile (plus the import),
- the split of the compile: numba's front end (bytecode analysis, type inference, lowering to
  LLVM IR — everything not listed below), LLVM function passes (per function, when IR is added
  to a library), LLVM module passes (``_optimize_final_module``: the O3 pipeline over a library
  and everything linked into it), machine-code generation (``finalize_object``), linking,
- the dispatchers compiled (``numba:compile`` events), how many signatures each function got,
  and the 25 with the most exclusive time (their own typing/lowering/LLVM, callees excluded).

Numba links every callee's final module into its caller's library and re-optimises and
re-generates machine code for the whole closure at every level (``CPUCodeLibrary.finalize``),
which is what the LLVM rows measure.

``--first-use``: what a new user waits for. Each target runs in a fresh process with an empty
temporary ``MJSIM_CACHE_DIR`` (so the kernels' lookup tables are built too), one after the
other; the table gives its wall and CPU seconds from start to exit, its peak resident memory
(``ru_maxrss`` of the command and of the processes it waited for: the largest one, not a sum)
and the compile times its notices reported. Targets: ``main-job`` (the README's ``mjsim
simulate sichuan_xuezhan --hands 100000``, hands included), each entry point of
``mjsim.precompile`` (``simulate``, ``game``, ``aec``, ``gym``, ``vector``, ``agent``,
``score`` = ``score:sichuan``, ``score:VARIANT``), whose first use is the code ``mjsim compile``
runs, and ``compile`` (``mjsim compile``: all of them ahead of time on every core). Then, if the
peers venv has it (``python benchmarks/peers.py --install --only mahjax``), mahjax's cold
compile in the same run: import and ``jit`` of its batched init and of one random step.
``--python`` runs the targets with another interpreter: a venv with an installed wheel (with or
without a shipped cache, docs/performance.md). Run it on an idle machine: each target is
minutes of single-threaded compile.

``--cpu-cost HANDS``: the warm speed of numba's generic CPU target (the portable cache) against
this machine's, on the self-play loop (hebei, greedy bots, one thread), interleaved.

Not a test: prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import resource
import sys
import tempfile
import time
from pathlib import Path


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


class Recorder:
    """numba:compile events (nested) and timed LLVM stages of CPUCodeLibrary."""

    def __init__(self) -> None:
        self.stack: list[dict] = []
        self.done: list[dict] = []
        self.outside = collections.Counter()  # LLVM stage time outside any compile event

    # numba event listener -------------------------------------------------------------
    def on_start(self, ev) -> None:
        d = ev.data["dispatcher"]
        name = f"{getattr(d.py_func, '__module__', '?')}.{d.py_func.__qualname__}"
        args = ev.data["args"]
        self.stack.append(
            {
                "name": name,
                "args": ", ".join(str(a) for a in args),
                "t0": time.perf_counter(),
                "c0": _cpu(),
                "children": 0.0,
                "stages": collections.Counter(),
                "depth": len(self.stack),
            }
        )

    def on_end(self, ev) -> None:
        rec = self.stack.pop()
        rec["incl"] = time.perf_counter() - rec.pop("t0")
        rec["cpu_incl"] = _cpu() - rec.pop("c0")
        rec["excl"] = rec["incl"] - rec["children"]
        if self.stack:
            self.stack[-1]["children"] += rec["incl"]
        rec["stages"] = dict(rec["stages"])
        self.done.append(rec)

    def stage(self, key: str, dt: float) -> None:
        if self.stack:
            self.stack[-1]["stages"][key] += dt
        else:
            self.outside[key] += dt


def install(rec: Recorder) -> None:
    from numba.core import codegen, event

    class L(event.Listener):
        def on_start(self, ev):
            rec.on_start(ev)

        def on_end(self, ev):
            rec.on_end(ev)

    event.register("numba:compile", L())

    lib = codegen.CPUCodeLibrary
    jit = codegen.JITCodeLibrary

    def timed(cls, attr, key):
        orig = getattr(cls, attr)

        def wrapper(self, *a, **k):
            t = time.perf_counter()
            try:
                return orig(self, *a, **k)
            finally:
                rec.stage(key, time.perf_counter() - t)

        setattr(cls, attr, wrapper)

    timed(lib, "_optimize_functions", "llvm_function_passes")
    timed(lib, "_optimize_final_module", "llvm_module_passes")
    timed(jit, "_finalize_specific", "machine_code")
    timed(lib, "serialize_using_bitcode", "cache_serialize")
    if "finalize" in jit.__dict__:  # mjsim._jit.link_only_callees: finalize only links
        timed(jit, "finalize", "link")
        timed(jit, "serialize_using_object_code", "cache_serialize")
    else:  # numba's: linking = finalize minus the module passes and machine code inside it
        timed(lib, "finalize", "finalize_total")
        timed(lib, "serialize_using_object_code", "cache_serialize")


def run_target(target: str) -> None:
    import numpy as np

    import mjsim

    if target == "simulate":
        mjsim.simulate("sichuan_xuezhan", 10, ["greedy"], seed=0, threads=1)
    elif target == "envs":
        from mjsim.envs import MahjongVectorEnv

        vec = MahjongVectorEnv("sichuan_xuezhan", 2)
        vec.reset(seed=0)
        vec.step(np.array([int(np.flatnonzero(m)[0]) for m in vec.action_masks()]))
    elif target == "game":
        from mjsim.engine import game

        g = game.Game("sichuan_xuezhan", seed=0)
        g.step(g.legal_actions()[0])
    else:
        raise ValueError(target)


#: first-use targets beyond the package's entry points -> (python arguments, what it is)
EXTRA_TARGETS = {
    "main-job": (
        ["-m", "mjsim.cli", "simulate", "sichuan_xuezhan", "--hands", "100000"],
        "the README's main job: mjsim simulate sichuan_xuezhan --hands 100000",
    ),
    "compile": (
        ["-m", "mjsim.cli", "compile"],
        "mjsim compile: every entry point ahead of time, every core",
    ),
}
#: ``--first-use all``: the README's main job, each entry point once, then mjsim compile
ALL_TARGETS = ("main-job", "simulate", "game", "aec", "gym", "vector", "agent", "score", "compile")


def first_use_command(target: str) -> tuple[list[str], str]:
    """The python arguments and the label of a ``--first-use`` target: a key of
    :data:`EXTRA_TARGETS`, or an entry point of ``mjsim.precompile`` (``score`` is
    ``score:sichuan``), whose first use ``python -m mjsim.precompile TARGET`` runs, the code
    ``mjsim compile`` runs in its workers."""
    if target in EXTRA_TARGETS:
        return EXTRA_TARGETS[target]
    from mjsim import precompile

    if target == "score":
        target = "score:sichuan"
    try:
        ep = precompile.entry_point(target)
    except ValueError as e:
        raise SystemExit(f"--first-use: {e}; or one of: {', '.join(EXTRA_TARGETS)}") from None
    return ["-m", "mjsim.precompile", target], f"{ep.what} (first use)"


MIB = 2**20
HEADER = f"{'target':<14} {'wall s':>8} {'CPU s':>8} {'peak MiB':>9} {'rc':>3}  compiled (notice)"


def _row_text(target: str, wall: float, cpu: float, peak: int, rc: int | str, notes: str) -> str:
    peak_text = f"{peak / MIB:9.0f}" if peak > 0 else f"{'-':>9}"
    return f"{target:<14} {wall:8.1f} {cpu:8.1f} {peak_text} {rc!s:>3}  {notes}"


def first_use(targets: list[str], python: str = sys.executable) -> list[dict]:
    """Run each target in a fresh process on an empty temporary cache; print and return its
    wall and CPU seconds, its peak resident memory (the largest process: ``ru_maxrss`` of the
    command and the processes it waited for) and the compile times its notices reported."""
    from common import run_subprocess

    results = []
    print(HEADER)
    for target in targets:
        args, label = first_use_command(target)
        with tempfile.TemporaryDirectory(prefix="mjsim-cold-") as cache:
            env = {"MJSIM_CACHE_DIR": cache, "PYTHONUNBUFFERED": "1", "MJSIM_QUIET": "0"}
            # the child computes its own cache directory and CPU target under MJSIM_CACHE_DIR
            inherited = ("NUMBA_CACHE_DIR", "MJSIM_NUMBA_CACHE_AUTO", "NUMBA_CPU_NAME")
            inherited += ("NUMBA_CPU_FEATURES", "MJSIM_NUMBA_CPU_AUTO")
            saved = {k: os.environ.pop(k) for k in inherited if k in os.environ}
            try:
                # run outside the source tree: ``python -m`` puts the working directory first
                # on sys.path, which would import the sources instead of an installed wheel
                res = run_subprocess([python, *args], env=env, timeout=7200, cwd=cache)
            finally:
                os.environ.update(saved)
        compiled = re.findall(r"mjsim: (?:\S+: )?compiled (.+?) in ([^\r\n]+)", res.stderr)
        row = {
            "target": target,
            "what": label,
            "wall_s": round(res.seconds, 1),
            "cpu_s": round(res.cpu_seconds, 1),
            "peak_rss_mib": round(res.peak_rss / MIB) if res.peak_rss > 0 else None,
            "returncode": res.returncode,
            "compiled": [{"what": w, "took": t} for w, t in compiled],
        }
        results.append(row)
        notes = "; ".join(f"{w}: {t}" for w, t in compiled) or "(no notice)"
        print(_row_text(target, res.seconds, res.cpu_seconds, res.peak_rss, res.returncode, notes))
        if res.returncode != 0:
            print(f"  {label}: exit code {res.returncode}; stderr tail:\n{res.stderr[-1500:]}")
        sys.stdout.flush()
    return results


def mahjax_row() -> dict:
    """mahjax's compile in the same run (the peers venv, ``benchmarks/README.md``): import,
    ``jit`` of its batched init and of one random step (batch 1), cold (JAX keeps no persistent
    compilation cache unless told to). Prints its row, or why there is none."""
    import peers

    ok, why = peers.peer_available("mahjax")
    if not ok:
        print(
            f"{'mahjax':<14} not measured: {why} (python benchmarks/peers.py --install --only mahjax)"
        )
        return {"target": "mahjax", "error": why}
    res = peers.run_peer_once(
        "mahjax", repeats=1, seconds=0.2, env={"JAX_ENABLE_COMPILATION_CACHE": "false"}
    )
    if "error" in res:
        print(f"{'mahjax':<14} failed: {res['error'][:300]}")
        return {"target": "mahjax", "error": res["error"]}
    notes = f"mahjax {res['version']}: import + jit of init and one step {res['setup_s']:.1f} s"
    print(_row_text("mahjax", res["wall_s"], res.get("cpu_s", -1.0), res["peak_rss"], 0, notes))
    return {
        "target": "mahjax",
        "what": "mahjax (peer): import, jit of init and of one random step, batch 1",
        "version": res["version"],
        "setup_s": round(res["setup_s"], 1),
        "wall_s": round(res["wall_s"], 1),
        "cpu_s": round(res.get("cpu_s", -1.0), 1),
        "peak_rss_mib": round(res["peak_rss"] / MIB) if res["peak_rss"] > 0 else None,
    }


#: one warm timing of the self-play loop (``mjsim simulate hebei``: greedy bots), in hands/s
CPU_COST_RUN = """
import sys, time, mjsim
hands = int(sys.argv[1])
mjsim.simulate("hebei", 64, "greedy", seed=0, threads=1, quiet=True)  # compile or load first
t = time.perf_counter()
mjsim.simulate("hebei", hands, "greedy", seed=1, threads=1, quiet=True)
print(hands / (time.perf_counter() - t))
"""


def cpu_cost(hands: int, repeats: int) -> list[dict]:
    """Warm speed of numba's generic CPU target against this machine's
    (``MJSIM_NUMBA_CPU=generic|host``): ``hands`` hands of ``mjsim simulate hebei`` (greedy
    bots, one thread), each in a fresh process that first compiles or loads the loop (a
    target whose cache is empty compiles once, minutes), interleaved host, generic, host, ...
    Prints hands/s per target and the generic/host ratio of the medians."""
    import statistics

    from common import run_subprocess

    root = Path(__file__).resolve().parents[1]
    rates: dict[str, list[float]] = {"host": [], "generic": []}
    for _ in range(repeats):
        for cpu in rates:
            env = {"MJSIM_NUMBA_CPU": cpu, "MJSIM_QUIET": "1"}
            for k in ("NUMBA_CPU_NAME", "NUMBA_CPU_FEATURES", "MJSIM_NUMBA_CPU_AUTO"):
                os.environ.pop(k, None)  # each child chooses from MJSIM_NUMBA_CPU alone
            args = [sys.executable, "-c", CPU_COST_RUN, str(hands)]
            res = run_subprocess(args, env=env, timeout=7200, cwd=root)
            if res.returncode != 0:
                raise SystemExit(f"--cpu-cost ({cpu}): {res.stderr[-1500:]}")
            rates[cpu].append(float(res.stdout.split()[-1]))
    for cpu, xs in rates.items():
        med = statistics.median(xs)
        print(f"{cpu:<8} {med:10.0f} hands/s (min {min(xs):.0f}, max {max(xs):.0f}, n {len(xs)})")
    ratio = statistics.median(rates["generic"]) / statistics.median(rates["host"])
    print(f"generic / host: {ratio:.3f} (hebei, greedy bots, 1 thread, {hands} hands per run)")
    return [{"cpu": cpu, "hands_per_s": xs} for cpu, xs in rates.items()] + [{"ratio": ratio}]


#: the section of RESULTS.md that ``--first-use ... --write`` replaces
SECTION = "## First use (compile time)"


def results_markdown(rows: list[dict], argv: list[str]) -> str:
    """The ``--first-use`` rows as the body of :data:`SECTION` (command, machine, table)."""
    from common import machine_markdown

    lines = [
        f"Written by `python benchmarks/compile_time.py {' '.join(argv)}`: each target in a fresh "
        "process on an empty temporary `MJSIM_CACHE_DIR`, one after the other; peak memory is "
        "the largest process of the command. mahjax: import and `jit` of its batched init and "
        "of one random step (batch 1), in the peers venv.",
        "",
        machine_markdown(),
        "",
        "| target | what | wall s | CPU s | peak MiB | compiled (notice) |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        if "error" in r:
            lines.append(f"| {r['target']} | not measured: {r['error']} | - | - | - | - |")
            continue
        notes = "; ".join(f"{c['what']}: {c['took']}" for c in r.get("compiled", []))
        if r["target"] == "mahjax":
            notes = f"mahjax {r['version']}: setup {r['setup_s']} s"
        elif r.get("returncode"):
            notes = f"exit code {r['returncode']}"
        peak = r.get("peak_rss_mib") or "-"
        lines.append(
            f"| {r['target']} | {r['what']} | {r['wall_s']} | {r['cpu_s']} | {peak} | "
            f"{notes or '(no notice)'} |"
        )
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", default="simulate", choices=["simulate", "envs", "game"])
    ap.add_argument(
        "--first-use",
        default=None,
        metavar="TARGETS",
        help="comma-separated first-use targets, or 'all': each cold in a fresh process "
        f"({', '.join(ALL_TARGETS)}, score:VARIANT), then mahjax's compile if installed",
    )
    ap.add_argument(
        "--python",
        default=sys.executable,
        help="with --first-use: the interpreter that runs the targets (e.g. a venv with an "
        "installed wheel; default: this one)",
    )
    ap.add_argument("--no-peer", action="store_true", help="with --first-use: leave mahjax out")
    ap.add_argument(
        "--cpu-cost",
        type=int,
        default=None,
        metavar="HANDS",
        help="warm hands/s of the self-play loop for numba's generic CPU vs this machine's "
        "(compiles either target once if its cache is empty)",
    )
    ap.add_argument("--repeats", type=int, default=3, help="with --cpu-cost: runs per target")
    ap.add_argument("--json", default=None, help="write every compile event (or row) here")
    ap.add_argument(
        "--write",
        action="store_true",
        help=f"with --first-use: write the table into RESULTS.md ({SECTION!r})",
    )
    args = ap.parse_args()
    rows = None
    if args.first_use is not None:
        names = [n.strip() for n in args.first_use.split(",") if n.strip()]
        if names == ["all"]:
            names = list(ALL_TARGETS)
        for n in names:
            first_use_command(n)  # every name checked before anything runs
        rows = first_use(names, args.python)
        if not args.no_peer:
            rows.append(mahjax_row())
        if args.write:
            from common import write_heading_section

            write_heading_section(SECTION, results_markdown(rows, sys.argv[1:]))
    elif args.cpu_cost is not None:
        rows = cpu_cost(args.cpu_cost, args.repeats)
    if rows is not None:
        if args.json:
            with open(args.json, "w") as f:
                json.dump(rows, f, indent=1)
        return

    c0 = _cpu()
    import mjsim  # noqa: F401

    rec = Recorder()
    install(rec)
    c1, t1 = _cpu(), time.perf_counter()
    run_target(args.target)
    c2, t2 = _cpu(), time.perf_counter()

    import numba

    from mjsim import _cache

    print(f"numba {numba.__version__}, NUMBA_OPT={os.environ.get('NUMBA_OPT', '(default 3)')}")
    print(f"cache dir: {_cache.CACHE_DIR}")
    print(
        f"target {args.target}: import {c1 - c0:.1f} CPU-s; compile+run {c2 - c1:.1f} CPU-s, "
        f"{t2 - t1:.1f} s wall"
    )
    top = [r for r in rec.done if r["depth"] == 0]
    total_incl = sum(r["incl"] for r in top)
    stages = collections.Counter()
    for r in rec.done:
        stages.update(r["stages"])
    stages.update(rec.outside)
    inner = ("llvm_module_passes", "machine_code")

    def linking(st) -> float:
        if "link" in st:
            return st["link"]
        if "finalize_total" in st:
            return st["finalize_total"] - sum(st.get(k, 0.0) for k in inner)
        return 0.0

    link = linking(stages)
    llvm = sum(stages.get(k, 0.0) for k in ("llvm_function_passes", *inner)) + link
    print(f"compile events: {len(rec.done)} ({len(top)} top-level), {total_incl:.1f} s inside")
    rows = [
        ("LLVM function passes", stages.get("llvm_function_passes", 0.0)),
        (
            "LLVM module passes (O3 over each library + linked callees)",
            stages.get("llvm_module_passes", 0.0),
        ),
        ("machine code (finalize_object)", stages.get("machine_code", 0.0)),
        ("linking callee modules", link),
        ("cache serialisation", stages.get("cache_serialize", 0.0)),
        (
            "numba front end (typing, lowering, rest)",
            total_incl - llvm - stages.get("cache_serialize", 0.0),
        ),
    ]
    for k, v in rows:
        print(f"  {k:<60s} {v:8.1f} s  {100 * v / max(total_incl, 1e-9):5.1f}%")
    sigs = collections.defaultdict(set)
    for r in rec.done:
        sigs[r["name"]].add(r["args"])
    multi = {k: v for k, v in sigs.items() if len(v) > 1}
    print(f"functions compiled: {len(sigs)}; with more than one signature: {len(multi)}")
    for k, v in sorted(multi.items(), key=lambda kv: -len(kv[1]))[:15]:
        print(f"  {len(v)} x {k}")
    print("top 25 by exclusive seconds (own typing + lowering + LLVM of its library):")
    print(f"  {'excl':>7s} {'mod':>6s} {'code':>6s} {'link':>6s}  function")
    for r in sorted(rec.done, key=lambda r: -r["excl"])[:25]:
        s = r["stages"]
        lk = linking(s)
        print(
            f"  {r['excl']:7.2f} {s.get('llvm_module_passes', 0):6.2f} "
            f"{s.get('machine_code', 0):6.2f} {lk:6.2f}  {r['name']}"
        )
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"events": rec.done, "stages": dict(stages), "cpu": c2 - c1}, f)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
