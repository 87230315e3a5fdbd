"""Evaluate a policy: mean points per hand of one learner seat against in-kernel bots, on fixed
deals.

``evaluate(act, variant, opponents="greedy", episodes=256, seed=0)`` plays ``episodes`` one-hand
episodes, episode ``i`` on the deal of ``MahjongEnv`` reset with ``seed=seed + i`` (table ``i``
of a :class:`~mjsim.envs.vector.MahjongVectorEnv` reset with ``seed``), so two policies
evaluated with the same ``seed`` play the same walls and the difference of their means is
not the luck of the deal. The reward is raw points (no normalisation, no shaping).

``act(obs, masks) -> actions``: ``obs`` the batched observation dict (``observation``
``[N, C, 34]``, ``action_mask`` ``int8[N, 208]``), ``masks`` the same masks; it returns ``N``
legal action ids. :func:`random_policy` is the uniform baseline;
``mjsim.envs.sb3.sb3_policy(model)`` wraps a Stable-Baselines3 / sb3-contrib model.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from mjsim.envs.vector import MahjongVectorEnv

Policy = Callable[[dict[str, np.ndarray], np.ndarray], np.ndarray]


@dataclass(frozen=True)
class Evaluation:
    """Result of :func:`evaluate`: ``mean`` points per hand of the learner, its standard
    error ``stderr``, the number of ``episodes`` and each episode's ``points``."""

    mean: float
    stderr: float
    episodes: int
    points: np.ndarray

    def __str__(self) -> str:
        return f"{self.mean:+.3f} ± {self.stderr:.3f} points per hand ({self.episodes} hands)"


def random_policy(seed: int = 0) -> Policy:
    """A uniformly random legal action per table (``numpy`` generator seeded ``seed``)."""
    rng = np.random.default_rng(seed)

    def act(obs: dict[str, np.ndarray], masks: np.ndarray) -> np.ndarray:
        # argmax of uniform noise over the legal actions: one random legal action per row
        return np.argmax(rng.random(masks.shape) * masks, axis=1)

    return act


def evaluate(
    act: Policy,
    variant: str | None = None,
    *,
    opponents: str | Sequence[str] = "greedy",
    episodes: int = 256,
    seed: int = 0,
    obs: str = "planes-v0",
    seat: int = 0,
    **overrides: Any,
) -> Evaluation:
    """Mean points per hand of ``act`` in seat ``seat`` against ``opponents`` over
    ``episodes`` fixed deals (module docstring). ``obs`` must be the encoder the policy was
    trained on. ``ValueError`` for ``episodes < 1`` or a policy that returns an illegal
    action (the message names the table and the legal actions)."""
    if isinstance(episodes, bool) or not isinstance(episodes, int) or episodes < 1:
        raise ValueError(f"episodes={episodes!r} must be an integer >= 1")
    env = MahjongVectorEnv(
        variant,
        episodes,
        opponents=opponents,
        seat=seat,
        obs=obs,
        threads=1,
        autoreset_mode="same_step",  # every observation has a legal move: no empty masks
        **overrides,
    )
    try:
        o, info = env.reset(seed=seed)
        points = np.zeros(episodes, np.float64)
        live = np.ones(episodes, np.bool_)
        while live.any():
            a = np.asarray(act(o, info["action_mask"]), np.int64).reshape(episodes)
            # a finished table has started its next episode: it plays on, its points no
            # longer count
            o, rew, term, _trunc, info = env.step(a)
            points += np.where(live, rew, 0.0)
            live &= ~term
    finally:
        env.close()
    se = float(points.std(ddof=1) / np.sqrt(episodes)) if episodes > 1 else float("nan")
    return Evaluation(float(points.mean()), se, episodes, points)
