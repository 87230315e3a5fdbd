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


def test_no_bare_top_level_packages():
    import importlib.util

    # envs/ and agents/ must only be reachable through mjsim.*
    for name in ("envs", "agents"):
        spec = importlib.util.find_spec(name)
        assert spec is None or "mjsim" not in (spec.origin or ""), name
