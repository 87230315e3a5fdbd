"""Packaging: the distribution installs mjsim, mjsim.envs and mjsim.agents."""

import importlib

import mjsim


def test_version():
    assert isinstance(mjsim.__version__, str) and mjsim.__version__.count(".") == 2


def test_envs_and_agents_are_subpackages():
    envs = importlib.import_module("mjsim.envs")
    agents = importlib.import_module("mjsim.agents")
    assert envs.__name__ == "mjsim.envs"
    assert agents.__name__ == "mjsim.agents"


def test_no_bare_top_level_packages(tmp_path):
    """envs/ and agents/ are installed only as mjsim.envs / mjsim.agents: a fresh interpreter,
    started outside the source tree (so neither the repository root of ``python -m pytest`` nor
    the benchmarks/ directory that tests/test_benchmarks_smoke.py puts on ``sys.path`` is
    searched), finds no top-level package ``envs`` or ``agents`` of ours (recognised by a module
    only ours has)."""
    import subprocess
    import sys

    code = (
        "import importlib.util, pathlib\n"
        "for name, marker in (('envs', 'mahjong_v0.py'), ('agents', 'greedy.py')):\n"
        "    spec = importlib.util.find_spec(name)\n"
        "    for loc in (spec.submodule_search_locations or []) if spec else []:\n"
        "        if (pathlib.Path(loc) / marker).exists():\n"
        "            print(name, loc)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert out.stdout == "", f"bare top-level packages of mjsim: {out.stdout}"
