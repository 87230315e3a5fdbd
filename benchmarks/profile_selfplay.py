"""Where the self-play loop (or the vector env, or the AEC env) spends its time: a flat perf
profile of numba's compiled code.

    python benchmarks/profile_selfplay.py [--variant sichuan_xuezhan] [--hands 2000]
        [--agents greedy] [--seed 7] [--threads 1] [--top 25] [--keep DIR]
    python benchmarks/profile_selfplay.py --target vector [--variant hebei] [--n 1024]
        [--steps 300] [--obs planes-v0] [--agents random|none] [--threads 1]
    python benchmarks/profile_selfplay.py --target aec [--variant riichi] [--steps 20000]

Runs ``mjsim.simulate(variant, hands, agents, seed, threads)`` (``--target selfplay``, the
default) or ``--steps`` calls of ``MahjongVectorEnv(variant, n, opponents=agents, obs=obs,
copy=False, threads=threads).step`` with uniformly random legal actions (``--target vector``;
the unit is then the env-step, one table's step) or ``--steps`` steps of the PettingZoo AEC
env's loop as ``run_all.mjsim_aec`` runs it (``--target aec``: ``env.last()``, a random legal
action, ``env.step``; the unit is the AEC step, and the rows "outside compiled code" are the
env's Python, the interpreter and numpy) in a child process under
``perf record`` (``/usr/bin/perf``, or ``$PERF``; software event ``cpu-clock``, user space only,
so ``kernel.perf_event_paranoid`` up to 2 is enough) and prints one row per compiled function:
its share of the samples in compiled code, its share of all samples, and the microseconds of CPU
per decision (per env-step for ``--target vector``) it stands for (the run's CPU time per unit
times the share of compiled samples: the run is almost all compiled code, while the import and
warm-up are not).

Why a helper is needed: numba loads its machine code from the on-disk cache into anonymous
memory, so perf sees bare addresses. The child therefore keeps the ELF object code of every
library numba loads from its cache (a wrapper around ``CPUCodeLibrary._set_compiled_object``),
and after the run writes ``/tmp/perf-<pid>.map`` (perf's JIT map: ``start size name``) from the
object's symbol table (sizes) and the JIT engine's symbol addresses. Functions numba compiles in
the process (NRT's ``NRT_incref`` / ``NRT_decref``, helpers of a cold cache) are named from the
engine too, their size being the gap to the next known symbol. numba's own
``NUMBA_ENABLE_PROFILING`` covers only code compiled in the process, hence this route.

Reading the table: the LLVM inliner merges small helpers (and every ``inline="always"`` one)
into their callers, so a row is a function plus whatever was inlined into it. The first
simulate call (a few hands) is a warm-up that loads the cache; run once beforehand with the same
sources if the cache is cold (the compile would otherwise be profiled as Python). Numba's
mangled names are shortened to ``module.function`` (``mjsim.`` / ``agents.`` prefixes kept
short). Uses the caller's environment (``MJSIM_ROOT``, ``MJSIM_CACHE_DIR``, ...), so it
profiles whatever ``import mjsim`` loads. Method and past profiles: docs/performance.md and
benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

PERF = os.environ.get("PERF", "/usr/bin/perf")


# ----------------------------------------------------------------------------- child side


def elf_functions(obj: bytes) -> dict[str, int]:
    """``{symbol name: size in bytes}`` of the defined function symbols (``STT_FUNC``) of a
    64-bit little-endian ELF object (numba's cached object code)."""
    if obj[:4] != b"\x7fELF" or obj[4] != 2 or obj[5] != 1:
        raise ValueError("not a 64-bit little-endian ELF object")
    e_shoff = struct.unpack_from("<Q", obj, 0x28)[0]
    e_shentsize, e_shnum = struct.unpack_from("<HH", obj, 0x3A)
    sections = [
        struct.unpack_from("<IIQQQQIIQQ", obj, e_shoff + i * e_shentsize) for i in range(e_shnum)
    ]
    out: dict[str, int] = {}
    for sh in sections:
        if sh[1] != 2:  # SHT_SYMTAB
            continue
        off, size, link, entsize = sh[4], sh[5], sh[6], sh[9]
        stroff = sections[link][4]
        for j in range(size // entsize):
            st_name, st_info, _, st_shndx, _, st_size = struct.unpack_from(
                "<IBBHQQ", obj, off + j * entsize
            )
            if (st_info & 0xF) != 2 or st_shndx == 0:  # STT_FUNC, defined
                continue
            end = obj.index(b"\0", stroff + st_name)
            out[obj[stroff + st_name : end].decode()] = st_size
    return out


def _run_selfplay(args: argparse.Namespace, agents: list[str]):  # type: ignore[no-untyped-def]
    """Warm up ``mjsim.simulate``; returns the measured run: ``() -> (decisions, "N hands")``."""
    import mjsim

    mjsim.simulate(args.variant, 20, agents, seed=args.seed + 1, threads=args.threads)

    def work() -> tuple[int, str]:
        res = mjsim.simulate(args.variant, args.hands, agents, seed=args.seed, threads=args.threads)
        return int(res["decisions"].sum()), f"{len(res)} hands"

    return work


def _opponents(agents: list[str]):  # type: ignore[no-untyped-def]
    """``--agents`` as ``MahjongVectorEnv``'s ``opponents``: ``none`` is self-play
    (``opponents=None``: every seat's decision is an env step)."""
    if agents == ["none"]:
        return None
    return agents if len(agents) > 1 else agents[0]


def _run_vector(args: argparse.Namespace, agents: list[str]):  # type: ignore[no-untyped-def]
    """Warm up a ``MahjongVectorEnv``; returns the measured run: ``() -> (env-steps, "N
    steps of M tables")``. Actions: uniformly random legal ones (numpy, outside the kernel)."""
    import numpy as np
    from mjsim.envs import MahjongVectorEnv

    env = MahjongVectorEnv(
        args.variant, args.n, opponents=_opponents(agents), obs=args.obs, copy=False,
        threads=args.threads,
    )  # fmt: skip
    rng = np.random.default_rng(args.seed)
    _obs, info = env.reset(seed=args.seed)

    def steps(k: int) -> None:
        nonlocal info
        for _ in range(k):
            m = info["action_mask"]
            acts = np.argmax(rng.random(m.shape, np.float32) * m, axis=1)
            _obs, _r, _te, _tr, info = env.step(acts)

    steps(20)

    def work() -> tuple[int, str]:
        steps(args.steps)
        return args.steps * args.n, f"{args.steps} steps of {args.n} tables"

    return work


def _run_aec(args: argparse.Namespace, agents: list[str]):  # type: ignore[no-untyped-def]
    """Warm up ``mahjong_v0.env(variant=..., obs=...)``; returns the measured run: ``() ->
    (AEC steps, "N steps")``. The loop of ``run_all.mjsim_aec``: ``env.last()``, a legal action
    drawn with ``random.Random.choice`` from ``obs["action_mask"]``, ``env.step``."""
    import random

    from mjsim.envs import mahjong_v0

    env = mahjong_v0.env(variant=args.variant, obs=args.obs)
    rng = random.Random(args.seed)

    def steps(k: int) -> int:
        n = 0
        while n < k:
            env.reset(seed=rng.randrange(1 << 30))
            for _agent in env.agent_iter():
                obs, _r, term, trunc, _info = env.last()
                if term or trunc:
                    action = None
                else:
                    action = rng.choice(obs["action_mask"].nonzero()[0].tolist())
                    n += 1
                env.step(action)
        return n

    steps(2000)

    def work() -> tuple[int, str]:
        n = steps(args.steps)
        return n, f"{n} AEC steps"

    return work


def _child(args: argparse.Namespace) -> None:
    import resource

    from numba.core import codegen

    objects: list[tuple[object, bytes]] = []
    orig = codegen.CPUCodeLibrary._set_compiled_object

    def keep(self, value):  # type: ignore[no-untyped-def]
        objects.append((self, bytes(value)))
        return orig(self, value)

    codegen.CPUCodeLibrary._set_compiled_object = keep

    agents = args.agents.split(",")
    run = {"vector": _run_vector, "aec": _run_aec}.get(args.target, _run_selfplay)
    work = run(args, agents)
    ru0 = resource.getrusage(resource.RUSAGE_SELF)
    units, done = work()
    ru1 = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (ru1.ru_utime - ru0.ru_utime) + (ru1.ru_stime - ru0.ru_stime)

    from numba.core.registry import cpu_target
    from numba.core.runtime import nrt

    engine = cpu_target.target_context.codegen()._engine
    syms: dict[int, tuple[int, str]] = {}
    for _lib, obj in objects:
        for name, size in elf_functions(obj).items():
            addr = engine.get_function_address(name)
            if addr:
                syms[addr] = (size, name)
    for fn in nrt.rtsys.library._final_module.functions:
        if not fn.is_declaration:
            addr = engine.get_function_address(fn.name)
            if addr and addr not in syms:
                syms[addr] = (0, fn.name)
    starts = sorted(syms)
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as f:
        for i, a in enumerate(starts):
            size, name = syms[a]
            if size == 0:
                gap = starts[i + 1] - a if i + 1 < len(starts) else 4096
                size = min(gap, 4096)
            f.write(f"{a:x} {size:x} {short_name(name)}\n")
    print(
        json.dumps(
            {
                "done": done,
                "units": units,
                "cpu_s": cpu,
                "symbols": len(starts),
                "map": f"/tmp/perf-{os.getpid()}.map",
            }
        )
    )


# ----------------------------------------------------------------------------- parent side

_PARTS = re.compile(r"(\d+)")


def short_name(sym: str) -> str:
    """``module.function`` of a numba-mangled Itanium name (``_ZN5mjsim6engine4core10legal_mask
    B..E..`` -> ``core.legal_mask``); other names unchanged. ABI tags (``B<n>...``) are skipped."""
    if not sym.startswith("_ZN"):
        return sym
    i = 3
    parts: list[str] = []
    while i < len(sym) and sym[i] != "E":
        tag = sym[i] == "B"
        if tag:
            i += 1
        m = _PARTS.match(sym, i)
        if not m:
            break
        n = int(m.group(1))
        i = m.end()
        if not tag:
            parts.append(sym[i : i + n])
        i += n
    parts = [p for p in parts if p not in ("mjsim", "agents", "numba", "cpython")]
    if len(parts) >= 2:
        return ".".join(parts[-2:])
    return ".".join(parts) or sym


def profile(args: argparse.Namespace) -> tuple[dict, list[tuple[str, float, float]], int]:
    """Run the child under perf; returns (child's json, [(function, share of compiled samples,
    share of all samples)] sorted by share, total samples)."""
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="mjprof-"))
    work.mkdir(parents=True, exist_ok=True)
    data = work / "perf.data"
    cmd = [
        PERF, "record", "-q", "-e", "cpu-clock:u", "-F", str(args.freq), "-o", str(data), "--",
        sys.executable, os.path.abspath(__file__), "--child",
        "--variant", args.variant, "--hands", str(args.hands), "--agents", args.agents,
        "--seed", str(args.seed), "--threads", str(args.threads), "--target", args.target,
        "--n", str(args.n), "--steps", str(args.steps), "--obs", args.obs,
    ]  # fmt: skip
    run = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise SystemExit(f"perf record failed ({run.returncode}):\n{run.stderr}")
    info = json.loads(run.stdout.strip().splitlines()[-1])
    rep = subprocess.run(
        [PERF, "report", "-i", str(data), "--stdio", "--no-children", "-F", "sample,dso,sym",
         "--sort", "dso,sym", "-t", "\t"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    by_fn: dict[str, int] = defaultdict(int)
    outside: dict[str, int] = defaultdict(int)
    total = 0
    compiled = 0
    for line in rep.stdout.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        cols = [c.strip() for c in line.split("\t")]
        if len(cols) < 3 or not cols[0].isdigit():
            continue
        n = int(cols[0])
        dso, sym = cols[1], cols[2]
        total += n
        if not (dso.startswith("perf-") or dso.startswith("[JIT]")):
            outside[Path(dso).name + ": " + re.sub(r"^\[\.\] ", "", sym)] += n
            continue  # not JIT code: the interpreter, numpy, libc, ...
        name = re.sub(r"^\[\.\] ", "", sym)
        if name.startswith("0x"):
            name = "(unnamed JIT code)"
        compiled += n
        by_fn[name] += n
    rows = sorted(
        ((fn, n / max(compiled, 1), n / max(total, 1)) for fn, n in by_fn.items()),
        key=lambda x: -x[1],
    )
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    try:
        os.unlink(info["map"])
    except OSError:
        pass
    info["samples"] = total
    info["compiled_samples"] = compiled
    info["outside"] = sorted(outside.items(), key=lambda x: -x[1])[:10]
    return info, rows, total


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--target", choices=("selfplay", "vector", "aec"), default="selfplay")
    ap.add_argument("--variant", help="default: sichuan_xuezhan (selfplay), hebei (vector)")
    ap.add_argument("--hands", type=int, default=2000, help="selfplay: hands played")
    ap.add_argument("--n", type=int, default=1024, help="vector: number of tables")
    ap.add_argument(
        "--steps", type=int, default=300, help="vector: step calls measured; aec: AEC steps"
    )
    ap.add_argument("--obs", default="planes-v0", help="vector: observation encoder")
    ap.add_argument(
        "--agents", help="one agent, or one per seat, comma-separated (default: greedy for "
        "selfplay, random for vector: the in-kernel opponents; none for vector: self-play, "
        "every seat's decision is an env step)",
    )  # fmt: skip
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--top", type=int, default=25, help="rows printed")
    ap.add_argument("--freq", type=int, default=1999, help="samples per second")
    ap.add_argument("--keep", help="keep perf.data in this directory")
    ap.add_argument("--json", help="also write the table here")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    vector = args.target == "vector"
    if args.variant is None:
        args.variant = "sichuan_xuezhan" if args.target == "selfplay" else "hebei"
    if args.agents is None:
        args.agents = "random" if vector else "greedy"
    if args.child:
        _child(args)
        return
    info, rows, _ = profile(args)
    unit = {"vector": "env-step", "aec": "AEC step"}.get(args.target, "decision")
    us = 1e6 * info["cpu_s"] / max(info["units"], 1)
    print(
        f"{args.target} {args.variant}, {info['done']}, agents {args.agents}, {args.threads} "
        f"thread(s): {info['cpu_s']:.2f} CPU-s, {info['units']} {unit}s, {us:.2f} us/{unit}; "
        f"{info['samples']} samples, {100 * info['compiled_samples'] / max(info['samples'], 1):.1f}%"
        " in compiled code"
    )
    print(f"\n| function | share of compiled | share of all | us/{unit} |")
    print("|---|---|---|---|")
    for fn, sc, sa in rows[: args.top]:
        print(f"| `{fn}` | {100 * sc:.1f}% | {100 * sa:.1f}% | {us * sc:.2f} |")
    print("\nOutside compiled code (interpreter, libraries; start-up included):")
    for name, n in info["outside"]:
        print(f"  {100 * n / max(info['samples'], 1):5.1f}%  {name[:100]}")
    if args.json:
        Path(args.json).write_text(json.dumps({"info": info, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
