"""Registration of the mjsim environments with PettingZoo's and Gymnasium's registries.

Called on ``import mjsim.envs`` (idempotent):

- PettingZoo (>= 1.27 has a registry): ``pettingzoo.make("aec", "mjsim/mahjong_v0", variant=...)``
  (PettingZoo normalises the id to ``mjsim/mahjong-v0``).
- Gymnasium: ``gymnasium.make("mjsim/Mahjong-v0", variant=..., opponents=..., seat=...)`` and
  ``gymnasium.make_vec("mjsim/Mahjong-v0", num_envs=N, vectorization_mode="vector_entry_point")``
  (-> :class:`~mjsim.envs.vector.MahjongVectorEnv`).

Gymnasium 1.x has no plugin entry points any more; without importing mjsim first use its
``module:id`` form, ``gymnasium.make("mjsim.envs:mjsim/Mahjong-v0", ...)``, which imports
``mjsim.envs`` (and so registers) before the lookup. PettingZoo's registry has no plugin hook
either: ``import mjsim.envs`` before ``pettingzoo.make``.
"""

from __future__ import annotations

PETTINGZOO_ID = "mjsim/mahjong_v0"
GYMNASIUM_ID = "mjsim/Mahjong-v0"


def register_pettingzoo() -> bool:
    """Register ``mjsim/mahjong_v0`` in PettingZoo's AEC registry; False if this PettingZoo has
    no registry (then use ``mjsim.envs.make``)."""
    try:
        import pettingzoo
        from pettingzoo.env_registry.registration import aec_registry
    except ImportError:
        return False
    from pettingzoo.env_registry.spec import EnvSpec

    if EnvSpec(id=PETTINGZOO_ID).id in aec_registry:
        return True
    pettingzoo.register("aec", PETTINGZOO_ID, entry_point="mjsim.envs.mahjong_v0:env")
    return True


def register_gymnasium() -> None:
    """Register ``mjsim/Mahjong-v0`` (single env + vector entry point) with Gymnasium."""
    import gymnasium

    if GYMNASIUM_ID in gymnasium.registry:
        return
    gymnasium.register(
        GYMNASIUM_ID,
        entry_point="mjsim.envs.gym_env:MahjongEnv",
        vector_entry_point="mjsim.envs.vector:MahjongVectorEnv",
        disable_env_checker=False,
    )


def register_all() -> None:
    """Both registrations (idempotent)."""
    register_pettingzoo()
    register_gymnasium()
