"""List the jitted functions that numba compiled under more than one signature.

Usage: ``python tests/numba_signatures.py [CACHE_DIR] [--all]`` after a test run (default
``CACHE_DIR``: ``$NUMBA_CACHE_DIR``, else the directory ``import mjsim`` selects). Reads numba's
on-disk cache index files (``*.nbi``); prints, per function, the number of signatures, the size
of their object code and each signature.

Every extra signature is a full compilation of the function and of everything it calls. The
usual cause in mjsim is literal dispatch: a jitted caller passing a constant (``f(c, 0)``, a
module-level ``EV_*``/``P_*`` constant, ``True``) makes numba compile ``f`` again for
``Literal[int](0)`` instead of reusing the ``int64`` version compiled for Python callers; wrapping
the constant (``np.int64(0)``) reuses it. The other cause is mixed integer widths (an ``int32``
element of a state array passed where other callers pass ``int64``).
"""

from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path


def read_index(path: Path) -> list[tuple[str, int]]:
    """``[(signature text, object-code bytes), ...]`` of one numba index file."""
    with open(path, "rb") as f:
        pickle.load(f)  # numba version
        _stamp, overloads = pickle.loads(f.read())
    out = []
    for key, data_name in overloads.items():
        data = path.parent / data_name
        out.append((str(key[0]), data.stat().st_size if data.exists() else 0))
    return out


def report(root: Path, show_all: bool = False) -> str:
    rows = []
    for idx in sorted(root.rglob("*.nbi")):
        sigs = read_index(idx)
        rows.append((len(sigs), sum(s for _, s in sigs), idx.name, sigs))
    rows.sort(key=lambda r: (-r[0], -r[1]))
    n_sig = sum(r[0] for r in rows)
    extra = [r for r in rows if r[0] > 1]
    dup_bytes = sum(r[1] * (r[0] - 1) / r[0] for r in extra)
    total = sum(r[1] for r in rows)
    lines = [
        f"{len(rows)} functions, {n_sig} signatures, {total / 1e6:.1f} MB object code; "
        f"{sum(r[0] - 1 for r in extra)} extra signatures in {len(extra)} functions "
        f"(~{dup_bytes / 1e6:.1f} MB)"
    ]
    for n, size, name, sigs in rows if show_all else extra:
        lit = " literal" if any("Literal" in s for s, _ in sigs) else ""
        lines.append(f"{n:3d} sigs {size / 1e3:7.0f} kB  {name}{lit}")
        lines += [f"      {s}" for s, _ in sigs] if n > 1 else []
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    show_all = "--all" in argv
    args = [a for a in argv if a != "--all"]
    if args:
        root = Path(args[0])
    else:
        import mjsim  # noqa: F401  (selects numba's cache directory)

        env = os.environ.get("NUMBA_CACHE_DIR")
        if not env:
            print("no NUMBA_CACHE_DIR: pass the cache directory", file=sys.stderr)
            return 2
        root = Path(env)
    print(report(root, show_all))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
