"""Cold-compile cost of one rule set, and whether it grows with rule sets it does not play.

    python benchmarks/compile_isolation.py [--variants hebei,sichuan_xuezhan,guobiao]
        [--extra-tables 20] [--checkout DIR ...] [--repeats 1] [--json OUT]

For each variant, each checkout (``--checkout``: the source trees to compare, for example the
code before and after a change, each run by its ``.venv`` interpreter when it has one; default:
this one) and each number of extra tables (0 and
``--extra-tables``), a fresh process with an EMPTY temporary ``MJSIM_CACHE_DIR`` runs
``mjsim.simulate(variant, 1)`` and reports its CPU seconds (user + system, the process and its
children), wall seconds and peak memory. Runs alternate between checkouts, so a change of the
machine's load falls on both sides.

``--extra-tables N`` first registers N synthetic table-driven rule sets (fan tables of random
rows over the pattern vocabulary, each with its own payment record, ``scoring="table"``) before
the run, as a project with N more table-driven variants would: the figure shows what they add
to the cold compile of a variant that does not play them (by design nothing: the scorer is part
of the compiled type, ``mjsim.rules.scorer``, and every table has the same array types).

Not a test: prints figures, asserts nothing. Run it on an idle machine: every cell is minutes of
single-threaded compile.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import json, random, resource, sys, time
t0 = time.perf_counter()
import mjsim
n_extra = int(sys.argv[2])
if n_extra:
    from mjsim.rules.spec import register_fan_table
    from mjsim.scoring.fan_table import FanTable, compile_table
    from mjsim.scoring.patterns import PATTERNS
    from mjsim.scoring.payments import PaymentRecord, compile_record
    keys = [p.key for p in PATTERNS]
    rng = random.Random(0)
    for i in range(n_extra):
        rows = tuple(
            {"zh": f"x{i}_{j}", "en": f"x{i}_{j}", "when": rng.choice(keys),
             "value": rng.randint(1, 8)}
            for j in range(rng.randint(5, 40))
        )
        t = compile_table(FanTable(name=f"synthetic_{i}", rows=rows, combine="sum"))
        rec = compile_record(PaymentRecord(name=f"synthetic_{i}", unit=rng.randint(1, 4)))
        arrays = (t.rows, t.cancels, t.header, rec)
        register_fan_table(f"synthetic_{i}", lambda spec, a=arrays: a)
        spec = mjsim.variants.get("hebei").replace(scoring="table", fan_table=f"synthetic_{i}")
        assert spec.scorer_kind() == "table"
mjsim.simulate(sys.argv[1], 1)
r = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"cpu": r.ru_utime + r.ru_stime, "wall": time.perf_counter() - t0,
                  "rss_mb": r.ru_maxrss / 1024}))
"""


def python_of(checkout: Path) -> str:
    """The interpreter that imports ``checkout``'s sources: its ``.venv`` (an editable install
    of it), else this one (then ``checkout`` must be the installed tree)."""
    venv = checkout / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def run(checkout: Path, variant: str, n_extra: int) -> dict:
    """One cold run in a fresh process on an empty cache: ``{"cpu", "wall", "rss_mb"}``."""
    with tempfile.TemporaryDirectory(prefix="mjsim-iso-") as cache:
        env = dict(os.environ, MJSIM_CACHE_DIR=cache, MJSIM_QUIET="1")
        for k in ("NUMBA_CACHE_DIR", "MJSIM_NUMBA_CACHE_AUTO", "NUMBA_CPU_NAME"):
            env.pop(k, None)
        out = subprocess.run(
            [python_of(checkout), "-c", CHILD, variant, str(n_extra)],
            env=env,
            cwd=cache,
            capture_output=True,
            text=True,
            check=True,
        )
        return json.loads(out.stdout.strip().splitlines()[-1])


def _commit(checkout: Path) -> str:
    try:
        return subprocess.run(
            ["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", default="hebei,sichuan_xuezhan,guobiao")
    ap.add_argument("--extra-tables", type=int, default=0, help="also run with N synthetic tables")
    ap.add_argument(
        "--checkout",
        action="append",
        default=None,
        help="source tree to measure (repeat to compare; default: this one)",
    )
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--json", default=None)
    a = ap.parse_args()
    checkouts = [Path(c).resolve() for c in (a.checkout or [Path(__file__).resolve().parents[1]])]
    extras = [0] + ([a.extra_tables] if a.extra_tables else [])
    print(
        f"# {platform.processor() or platform.machine()}, {os.cpu_count()} logical cores, "
        f"Python {platform.python_version()}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
    )
    rows = []
    for rep in range(a.repeats):
        for variant in a.variants.split(","):
            for n_extra in extras:
                for c in checkouts:
                    r = run(c, variant, n_extra)
                    r.update(variant=variant, extra=n_extra, checkout=_commit(c), repeat=rep)
                    rows.append(r)
                    print(
                        f"{variant:18s} extra={n_extra:3d} {r['checkout']:>9s}  "
                        f"cpu {r['cpu']:7.1f} s  wall {r['wall']:7.1f} s  rss {r['rss_mb']:6.0f} MB",
                        flush=True,
                    )
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
