"""PettingZoo and Gymnasium interfaces, importable as ``mjsim.envs``.

- ``mjsim.envs.mahjong_v0``: PettingZoo AEC env (``env()``, ``raw_env``); registered as
  ``pettingzoo.make("aec", "mjsim/mahjong_v0", variant=...)``.
- ``gymnasium.make("mjsim/Mahjong-v0", variant=..., opponents=..., seat=...)``:
  :class:`~mjsim.envs.gym_env.MahjongEnv`, one learner against in-kernel bots.
- :class:`MahjongVectorEnv`: ``N`` tables stepped in one jitted call.
- :func:`make`: ``make("aec" | "gym" | "vector", variant=..., **kwargs)`` without any registry.
- Encoders ``planes-v0`` to ``planes-v3``, ``dict-v0`` and ``dict-v1``: :mod:`mjsim.envs.encoders`, ``docs/observations.md``.
"""

from __future__ import annotations

from typing import Any

from mjsim.envs import mahjong_v0
from mjsim.envs.encoders import (
    ENCODERS,
    N_PLANES,
    N_PLANES_V1,
    N_PLANES_V2,
    N_PLANES_V3,
    PLANE_NAMES,
    PLANE_NAMES_V1,
    PLANE_NAMES_V2,
    PLANE_NAMES_V3,
    get_encoder,
)
from mjsim.envs.gym_env import MahjongEnv
from mjsim.envs.registration import GYMNASIUM_ID, PETTINGZOO_ID, register_all
from mjsim.envs.vector import MahjongVectorEnv

register_all()


def make(kind: str = "aec", variant: str | None = None, **kwargs: Any) -> Any:
    """An environment without going through a registry: ``kind`` = ``"aec"`` (wrapped
    ``mahjong_v0.env``), ``"raw_aec"``, ``"gym"`` (:class:`MahjongEnv`) or ``"vector"``
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


__all__ = [
    "ENCODERS",
    "GYMNASIUM_ID",
    "N_PLANES",
    "N_PLANES_V1",
    "N_PLANES_V2",
    "N_PLANES_V3",
    "PETTINGZOO_ID",
    "PLANE_NAMES",
    "PLANE_NAMES_V1",
    "PLANE_NAMES_V2",
    "PLANE_NAMES_V3",
    "MahjongEnv",
    "MahjongVectorEnv",
    "get_encoder",
    "mahjong_v0",
    "make",
]
