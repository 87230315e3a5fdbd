"""The Ray backend gives exactly the local backend's rows (local ``ray.init(num_cpus=2)``)."""

from __future__ import annotations

import numpy as np
import pytest

from mjsim.distributed import ray_available, run

pytestmark = pytest.mark.skipif(
    not ray_available(), reason="ray is not installed (optional extra: pip install ray)"
)


@pytest.fixture(scope="module")
def local_ray():
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_ray_matches_local(local_ray):
    agents = ["greedy", "random", "greedy", "random"]
    local = run("hebei", 300, agents, seed=7, threads=1).rows
    sharded = run("hebei", 300, agents, seed=7, threads=1, backend="ray", chunk=70).rows
    assert np.array_equal(local, sharded)
    off = run("hebei", 100, agents, seed=7, threads=1, backend="ray", chunk=40, first_hand=200)
    assert np.array_equal(local[200:], off.rows)


def test_cli_ray_backend(local_ray, capsys):
    from mjsim.cli import main

    argv = ["simulate", "hebei", "--hands", "120", "--backend", "ray", "--quiet"]
    assert main(argv + ["--agents", "greedy,random"]) == 0
    assert "win rate" in capsys.readouterr().out
