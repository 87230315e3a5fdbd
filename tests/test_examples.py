"""The training recipes in ``examples/`` run on mjsim.envs: a few hundred decisions each, then
the evaluation on fixed deals. Skipped where their optional dependencies (the ``rl`` extra:
torch, stable-baselines3, sb3-contrib) are not installed."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).parents[1] / "examples"
SMALL_EVAL = ["--eval-episodes", "8", "--variant", "hebei"]


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _finite(results: dict) -> None:
    assert set(results) == {"random", "greedy"}
    assert all(math.isfinite(v) for v in results.values())


def test_sb3_maskable_ppo_recipe(capsys):
    pytest.importorskip("torch")
    pytest.importorskip("stable_baselines3")
    pytest.importorskip("sb3_contrib")
    ex = _load("sb3_maskable_ppo")
    out = ex.main(["--steps", "128", "--num-envs", "4", "--n-steps", "32", *SMALL_EVAL])
    assert set(out) == {"random policy", "MaskablePPO"}
    for row in out.values():
        assert set(row) == {"random", "greedy"}
        assert all(ev.episodes == 8 and math.isfinite(ev.mean) for ev in row.values())
    printed = capsys.readouterr().out
    assert "vs random" in printed and "MaskablePPO" in printed


def test_cleanrl_ppo_recipe():
    pytest.importorskip("torch")
    ex = _load("cleanrl_ppo")
    _finite(
        ex.main(["--total-timesteps", "128", "--num-envs", "4", "--num-steps", "32", *SMALL_EVAL])
    )


def test_selfplay_vector_recipe():
    pytest.importorskip("torch")
    ex = _load("selfplay_vector")
    _finite(ex.main(["--iterations", "1", "--num-envs", "2", "--num-steps", "150", *SMALL_EVAL]))


def test_pettingzoo_multiagent_recipe():
    pytest.importorskip("torch")
    ex = _load("pettingzoo_multiagent")
    _finite(ex.main(["--episodes", "2", "--batch", "2", *SMALL_EVAL]))


def test_selfplay_credit_follows_each_seat():
    """The self-play recipe's returns: the acting seat's rewards from its step to the end of
    its hand; a step after the table's last episode end is incomplete."""
    pytest.importorskip("torch")
    import numpy as np

    ex = _load("selfplay_vector")
    # one table, two seats: seat 0 acts at steps 0 and 2, seat 1 at 1 and 3; the hand ends at
    # step 2 (seat 0 +3, seat 1 -3), a new hand starts at step 3
    rew = np.zeros((4, 1, 2))
    rew[1, 0] = (0.0, 1.0)  # seat 1 earns 1 on its own step
    rew[2, 0] = (3.0, -3.0)  # the settlement pays both seats on seat 0's step
    term = np.array([[False], [False], [True], [False]])
    seats = np.array([[0], [1], [0], [1]])
    ret, ok = ex.seat_returns(rew, term, seats)
    assert ret[:, 0].tolist() == [3.0, -2.0, 3.0, 0.0]
    assert ok[:, 0].tolist() == [True, True, True, False]
