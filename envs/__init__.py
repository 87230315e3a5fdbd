"""PettingZoo and Gymnasium interfaces, importable as ``mjsim.envs``.

- ``mjsim.envs.mahjong_v0``: PettingZoo AEC env (``env()``, ``raw_env``); registered as
  ``pettingzoo.make("aec", "mjsim/mahjong_v0", variant=...)``.
- ``gymnasium.make("mjsim/Mahjong-v0", variant=..., opponents=..., seat=...)``:
  :class:`~mjsim.envs.gym_env.MahjongEnv`, one learner against in-kernel bots.
- :class:`MahjongVectorEnv`: ``N`` tables stepped in one jitted call.
- ``MahjongSB3VecEnv``: the vector env as a Stable-Baselines3 ``VecEnv`` (same-step autoreset;
  imports ``stable_baselines3`` on first use: ``pip install "mjsim[rl]"``), :mod:`mjsim.envs.sb3`.
- :func:`make`: ``make("aec" | "gym" | "vector", variant=..., **kwargs)`` without any registry.
- Encoders ``planes-v0`` to ``planes-v4``, ``planes-norm-v0`` (float32 in [0, 1]), ``dict-v0``
  and ``dict-v1``: :mod:`mjsim.envs.encoders`, ``docs/observations.md``.
- Training recipes (Stable-Baselines3, sb3-contrib, PettingZoo, a single-file PPO):
  ``docs/training.md``.
"""

from __future__ import annotations

import importlib
from typing import Any

from mjsim.envs import mahjong_v0
from mjsim.envs.encoders import (
    ENCODERS,
    MASK_DTYPE,
    N_PLANES,
    N_PLANES_V1,
    N_PLANES_V2,
    N_PLANES_V3,
    N_PLANES_V4,
    PLANE_NAMES,
    PLANE_NAMES_V1,
    PLANE_NAMES_V2,
    PLANE_NAMES_V3,
    PLANE_NAMES_V4,
    get_encoder,
)
from mjsim.envs.gym_env import MahjongEnv
from mjsim.envs.registration import GYMNASIUM_ID, PETTINGZOO_ID, register_all
from mjsim.envs.vector import MahjongVectorEnv

register_all()


def make(kind: str = "aec", variant: str | None = None, **kwargs: Any) -> Any:
    """An environment without going through a registry: ``kind`` = ``"aec"``
    (``mahjong_v0.env``, with PettingZoo's checks), ``"raw_aec"``, ``"gym"`` (:class:`MahjongEnv`) or ``"vector"``
    (:class:`MahjongVectorEnv`). ``ValueError`` for another kind."""
    if kind == "aec":
        return mahjong_v0.env(variant, **kwargs)
    if kind == "raw_aec":
        return mahjong_v0.raw_env(variant, **kwargs)
    if kind == "gym":
        return MahjongEnv(variant, **kwargs)
    if kind == "vector":
        return MahjongVectorEnv(variant, **kwargs)
    raise ValueError(f"kind={kind!r}; valid: 'aec', 'raw_aec', 'gym', 'vector'")


def __getattr__(name: str) -> Any:
    # MahjongSB3VecEnv subclasses stable_baselines3's VecEnv: its module imports SB3, an
    # optional dependency, so it is loaded on first use only
    if name == "MahjongSB3VecEnv":
        return importlib.import_module(__name__ + ".sb3").MahjongSB3VecEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ENCODERS",
    "GYMNASIUM_ID",
    "MASK_DTYPE",
    "N_PLANES",
    "N_PLANES_V1",
    "N_PLANES_V2",
    "N_PLANES_V3",
    "N_PLANES_V4",
    "PETTINGZOO_ID",
    "PLANE_NAMES",
    "PLANE_NAMES_V1",
    "PLANE_NAMES_V2",
    "PLANE_NAMES_V3",
    "PLANE_NAMES_V4",
    "MahjongEnv",
    "MahjongVectorEnv",
    "get_encoder",
    "mahjong_v0",
    "make",
]
