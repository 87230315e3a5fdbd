"""A wheel carries a compiled cache when the build tree has one (pyproject's package-data).

The build (``pip wheel``, as ``python -m build --wheel``) fetches its build requirements into an
isolated environment, seconds. Nothing compiles: the shipped cache here is a stand-in; the
adoption of a real one by a fresh install is tests/test_cache.py's portable-cache test.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from mjsim import _cache

REPO = Path(__file__).resolve().parents[1]


def test_the_wheel_ships_mjsim_precompiled(tmp_path):
    src = tmp_path / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc", "*.pyc", "_precompiled")
    for name in ("mjsim", "envs", "agents"):
        shutil.copytree(REPO / name, src / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(REPO / name, src / name)
    shipped = src / "mjsim" / "_precompiled" / "0.1.0-0123456789abcdef-generic"
    (shipped / "mjsim.engine").mkdir(parents=True)
    (shipped / _cache.MANIFEST).write_text(json.dumps(_cache.cache_manifest("generic")))
    (shipped / "mjsim.engine" / "rng.splitmix64-10.py311.nbi").write_bytes(b"index")
    (shipped / "mjsim.engine" / "rng.splitmix64-10.py311.1.nbc").write_bytes(b"code")
    out = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(src)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr
    (wheel,) = tmp_path.glob("mjsim-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    inside = "mjsim/_precompiled/0.1.0-0123456789abcdef-generic/"
    assert {
        inside + _cache.MANIFEST,
        inside + "mjsim.engine/rng.splitmix64-10.py311.nbi",
        inside + "mjsim.engine/rng.splitmix64-10.py311.1.nbc",
    } <= names
    assert "mjsim/envs/vector.py" in names and "mjsim/precompile.py" in names
    # every module of the source tree is in the wheel (a subpackage missing from pyproject's
    # `packages` list would install a mjsim that fails on import of that subpackage)
    sources = {
        f"mjsim/{p.relative_to(REPO / 'mjsim').as_posix()}" for p in (REPO / "mjsim").rglob("*.py")
    } | {
        f"mjsim/{top}/{p.relative_to(REPO / top).as_posix()}"
        for top in ("envs", "agents")
        for p in (REPO / top).rglob("*.py")
    }
    sources = {s for s in sources if "/_precompiled/" not in s and "__pycache__" not in s}
    assert sorted(sources - names) == []
