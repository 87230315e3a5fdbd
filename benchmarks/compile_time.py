"""Where numba's cold compile of an mjsim entry point spends its time, and what a first use costs.

    python benchmarks/compile_time.py [--target simulate|envs|game] [--json OUT]
    python benchmarks/compile_time.py --first-use all|TARGET[,TARGET...] [--json OUT]

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
other; the table gives its wall and CPU seconds from start to exit and the compile seconds its
notice reported (``mjsim: compiled ... in ...``). Targets (:data:`FIRST_USE`): ``main-job``
(the README's ``mjsim simulate sichuan_xuezhan --hands 100000``, hands included), ``aec-loop``
(the README's PettingZoo loop, one hebei hand), ``gym-greedy`` (``gymnasium.make`` with greedy
opponents, one episode), ``game`` (``Game``, one hand), ``vector`` (``MahjongVectorEnv``, reset
and one step), ``score`` (``mjsim.score``, the sichuan family; ``score:VARIANT`` for another).
Run it on an idle machine: each target is minutes of single-threaded compile.

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


#: the README's PettingZoo AEC loop (random legal actions, one hebei hand)
AEC_LOOP = """
import numpy as np
from mjsim.envs import mahjong_v0

env = mahjong_v0.env(variant="hebei")
env.reset(seed=0)
rng = np.random.default_rng(0)
for agent in env.agent_iter():
    obs, reward, term, trunc, info = env.last()
    action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
    env.step(action)
env.close()
"""

GYM_GREEDY = """
import gymnasium, numpy as np
import mjsim.envs

env = gymnasium.make("mjsim/Mahjong-v0", variant="hebei", opponents="greedy", seat=0)
obs, info = env.reset(seed=0)
done = False
while not done:
    obs, reward, done, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
"""

GAME_HAND = """
from mjsim.engine import Game

g = Game("hebei", seed=0)
while not g.done:
    g.step(g.legal_actions()[0])
"""

VECTOR_STEP = """
import numpy as np
from mjsim.envs import MahjongVectorEnv

vec = MahjongVectorEnv("hebei", 2)
obs, info = vec.reset(seed=0)
vec.step(np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]))
"""

#: example wins scored by the ``score`` target, by variant
SCORE_HANDS = {
    "sichuan": ("11122233344455m", "5m"),
    "sichuan_xuezhan": ("11122233344455m", "5m"),
    "chengdu": ("11122233344455m", "5m"),
    "guobiao": ("123m456m789m123p11z", "1z"),
    "riichi": ("123m456m789m123p11z", "1z"),
}

#: first-use target -> (python arguments, what it is)
FIRST_USE = {
    "main-job": (
        ["-m", "mjsim.cli", "simulate", "sichuan_xuezhan", "--hands", "100000"],
        "mjsim simulate sichuan_xuezhan --hands 100000",
    ),
    "aec-loop": (["-c", AEC_LOOP], "the README's AEC loop (one hebei hand)"),
    "gym-greedy": (["-c", GYM_GREEDY], "gymnasium.make, greedy opponents, one episode"),
    "game": (["-c", GAME_HAND], "Game, one hand"),
    "vector": (["-c", VECTOR_STEP], "MahjongVectorEnv, reset and one step"),
}


def first_use_command(target: str) -> tuple[list[str], str]:
    """The python arguments and the label of a ``--first-use`` target (``score:VARIANT``
    scores one win of that variant's family; ``score`` is ``score:sichuan``)."""
    if target == "score" or target.startswith("score:"):
        variant = target.partition(":")[2] or "sichuan"
        hand, tile = SCORE_HANDS.get(variant, SCORE_HANDS["sichuan"])
        code = (
            "import mjsim\n"
            f"print(mjsim.score({variant!r}, {hand!r}, win_tile={tile!r}, self_drawn=True).total)"
        )
        return ["-c", code], f"mjsim.score, the {variant} family"
    if target not in FIRST_USE:
        known = ", ".join([*FIRST_USE, "score", "score:VARIANT"])
        raise SystemExit(f"--first-use: unknown target {target!r}; known: {known}")
    return FIRST_USE[target]


def first_use(targets: list[str]) -> list[dict]:
    """Run each target in a fresh process on an empty temporary cache; print and return its
    wall / CPU seconds and the compile seconds its notices reported."""
    from common import run_subprocess

    root = Path(__file__).resolve().parents[1]
    results = []
    print(f"{'target':<12} {'wall s':>8} {'CPU s':>8}  {'rc':>3}  compiles reported (notice)")
    for target in targets:
        args, label = first_use_command(target)
        with tempfile.TemporaryDirectory(prefix="mjsim-cold-") as cache:
            env = {"MJSIM_CACHE_DIR": cache, "PYTHONUNBUFFERED": "1", "MJSIM_QUIET": "0"}
            # the child computes its own cache directory under MJSIM_CACHE_DIR
            inherited = ("NUMBA_CACHE_DIR", "MJSIM_NUMBA_CACHE_AUTO")
            saved = {k: os.environ.pop(k) for k in inherited if k in os.environ}
            try:
                res = run_subprocess([sys.executable, *args], env=env, timeout=7200, cwd=root)
            finally:
                os.environ.update(saved)
        compiled = re.findall(r"mjsim: compiled (.+?) in ([^\r\n]+)", res.stderr)
        row = {
            "target": target,
            "what": label,
            "wall_s": round(res.seconds, 1),
            "cpu_s": round(res.cpu_seconds, 1),
            "returncode": res.returncode,
            "compiled": [{"what": w, "took": t} for w, t in compiled],
        }
        results.append(row)
        notes = "; ".join(f"{w}: {t}" for w, t in compiled) or "(none)"
        print(
            f"{target:<12} {res.seconds:8.1f} {res.cpu_seconds:8.1f}  {res.returncode:>3}  {notes}"
        )
        if res.returncode != 0:
            print(f"  {label}: exit code {res.returncode}; stderr tail:\n{res.stderr[-1500:]}")
        sys.stdout.flush()
    return results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", default="simulate", choices=["simulate", "envs", "game"])
    ap.add_argument(
        "--first-use",
        default=None,
        metavar="TARGETS",
        help="comma-separated first-use targets, or 'all': each cold in a fresh process "
        f"({', '.join(FIRST_USE)}, score, score:VARIANT)",
    )
    ap.add_argument("--json", default=None, help="write every compile event (or row) here")
    args = ap.parse_args()
    if args.first_use is not None:
        names = args.first_use.split(",")
        if names == ["all"]:
            names = [*FIRST_USE, "score"]
        rows = first_use([n.strip() for n in names if n.strip()])
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
