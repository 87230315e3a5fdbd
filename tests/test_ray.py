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


def test_a_fresh_ray_worker_loads_the_compiled_code(local_ray):
    """A new worker process on the head's machine finds the head's compiled code (the hebei
    scorer, a cheap entry point) and loads it: no numba compile in the worker."""
    from mjsim import precompile

    precompile.first_use("score:hebei")  # compiled (or loaded) here first
    fresh = {"runtime_env": {"env_vars": {"MJSIM_TEST_FRESH_WORKER": "1"}}}  # a new process
    task = local_ray.remote(max_calls=1)(precompile.first_use).options(**fresh)
    used = local_ray.get(task.remote("score:hebei"))
    assert used["compiled"] is False and used["target"] == "score:hebei"


def test_a_worker_without_the_cache_unpacks_the_heads(local_ray, tmp_path):
    """Another machine, simulated by a worker with an empty cache of its own: it unpacks the
    head's cache shipped through the object store before its first use, and loads."""
    from mjsim import _cache, precompile
    from mjsim.distributed import adopt_bundle, cache_bundle

    precompile.first_use("score:hebei")  # the head's cache holds the hebei scorer
    precompile.first_use("tables")  # and the tables' builders (the node has no tables file)
    name, blob = cache_bundle()
    assert name == _cache.CACHE_DIR.name
    ref = local_ray.put(blob)
    elsewhere = {"runtime_env": {"env_vars": {"MJSIM_CACHE_DIR": str(tmp_path / "node")}}}
    adopt = local_ray.remote(max_calls=1)(adopt_bundle).options(**elsewhere)
    assert local_ray.get(adopt.remote("0.0.0-other-sources", [ref])) is False
    assert local_ray.get(adopt.remote(name, [ref])) is True
    assert (tmp_path / "node" / "numba" / name).is_dir()
    use = local_ray.remote(max_calls=1)(precompile.first_use).options(**elsewhere)
    assert local_ray.get(use.remote("score:hebei"))["compiled"] is False


def test_shipping_the_cache_keeps_the_rows(local_ray):
    """The Ray backend with the head's cache in the object store (what a cluster with other
    nodes gets): the same rows; workers whose cache has the loop do not unpack it."""
    from mjsim import variants
    from mjsim.distributed import _run_ray

    spec, agents = variants.get("hebei"), ["greedy"] * 4
    local = run(spec, 60, agents, seed=3, threads=1).rows
    shipped = _run_ray(spec, 60, agents, 3, 1, None, False, 30, 0, 1, ship_cache=True)
    assert np.array_equal(local, shipped.rows)
