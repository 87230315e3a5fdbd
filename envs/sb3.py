"""Stable-Baselines3 ``VecEnv`` over :class:`~mjsim.envs.vector.MahjongVectorEnv`.

Stable-Baselines3 accepts only its own vector-env class, so a Gymnasium vector env such as
``MahjongVectorEnv`` cannot be handed to ``PPO`` / ``MaskablePPO`` directly.
:class:`MahjongSB3VecEnv` is that class: ``num_envs`` tables stepped in one compiled call, one
learner seat each against in-kernel bots, with SB3's conventions:

- same-step autoreset: the step that ends a table's episode returns ``done = True``, the final
  reward and already the next episode's first observation; the final observation is in
  ``infos[i]["terminal_observation"]`` (as SB3's ``DummyVecEnv`` / ``SubprocVecEnv``). No junk
  step: every transition is a decision of the learner.
- ``env_method("action_masks")`` gives each table's legal mask (``int8[208]``), which
  sb3-contrib's ``MaskablePPO`` reads before every step; :meth:`action_masks` returns them all
  as ``int8[N, 208]``.
- rewards ``float32[N]``: the learner's points (or ``normalize_rewards`` / ``reward_shaping``,
  as in :class:`~mjsim.envs.gym_env.MahjongEnv`; the shaping part is in ``infos[i]["shaping"]``).
- ``seed(s)`` then ``reset()`` seeds table ``i`` with ``s + i`` (SB3's rule), which is the same
  deal as ``MahjongEnv`` reset with ``seed=s + i``.

This module imports ``stable_baselines3`` (``pip install "mjsim[rl]"``); ``mjsim.envs`` loads it
only when ``mjsim.envs.MahjongSB3VecEnv`` is first used. Recipes: ``docs/training.md``.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

try:
    from stable_baselines3.common.vec_env.base_vec_env import VecEnv
except ImportError as exc:  # an optional dependency
    raise ImportError(
        'mjsim.envs.MahjongSB3VecEnv needs Stable-Baselines3: pip install "mjsim[rl]" '
        "(or pip install stable-baselines3)"
    ) from exc

from mjsim.envs.mahjong_v0 import DEFAULT_REWARD_SCALE
from mjsim.envs.vector import MahjongVectorEnv


class MahjongSB3VecEnv(VecEnv):
    """``num_envs`` tables of ``variant`` as a Stable-Baselines3 ``VecEnv`` (module docstring).

    Args:
        variant: registered id (``None``: ``mjsim.envs.mahjong_v0.default_variant()``).
        num_envs: number of tables.
        opponents: in-kernel bot name(s) for the other seats (``"random"``, ``"greedy"``).
            Self-play (``None``) has no SB3 form: every seat's decision is a step of one
            table, and SB3 keeps one trajectory per table; see ``docs/training.md``.
        seat: the learner's seat at every table.
        obs: a planes encoder (``"planes-v0"`` ... ``"planes-v4"``, ``"planes-norm-v0"``:
            float32 in [0, 1], the one to feed a network as it is).
        hands, episode, game_reward, normalize_rewards, reward_scale, reward_shaping,
            shaping_coef, threads, overrides: as in :class:`~mjsim.envs.vector.MahjongVectorEnv`
            (``episode="game"``: whole games; the ``infos[i]`` of the step that ends one hold
            its ``game`` result beside ``terminal_observation``).

    Raises:
        ValueError: bad arguments (as ``MahjongVectorEnv``), ``opponents=None``; at ``step``,
        an illegal action (the message names the table, the action and the legal ones: train
        with ``sb3_contrib.MaskablePPO``, which samples legal actions only).
    """

    def __init__(
        self,
        variant: str | None = None,
        num_envs: int = 8,
        opponents: str | Sequence[str] = "random",
        seat: int = 0,
        obs: str = "planes-v0",
        hands: int = 1,
        episode: str = "hands",
        game_reward: str = "hand",
        normalize_rewards: bool = False,
        reward_scale: float = DEFAULT_REWARD_SCALE,
        reward_shaping: str | None = None,
        shaping_coef: float = 1.0,
        threads: int | None = None,
        **overrides: Any,
    ) -> None:
        if opponents is None:
            raise ValueError(
                "opponents=None (self-play) has no Stable-Baselines3 form: SB3 keeps one "
                "trajectory per table, while in self-play the seats of a table take turns; use "
                "MahjongVectorEnv(opponents=None) with a loop that keeps one trajectory per "
                "seat (docs/training.md, examples/selfplay_vector.py)"
            )
        self.venv = MahjongVectorEnv(
            variant,
            num_envs,
            opponents=opponents,
            obs=obs,
            seat=seat,
            hands=hands,
            episode=episode,
            game_reward=game_reward,
            normalize_rewards=normalize_rewards,
            reward_scale=reward_scale,
            reward_shaping=reward_shaping,
            shaping_coef=shaping_coef,
            threads=threads,
            copy=True,  # SB3 stores the previous observation after the next step
            autoreset_mode="same_step",
            **overrides,
        )
        self.variant = self.venv.variant
        self._actions = np.zeros(num_envs, np.int64)
        super().__init__(
            num_envs, self.venv.single_observation_space, self.venv.single_action_space
        )

    # ---- VecEnv API
    def reset(self) -> dict[str, np.ndarray]:
        """Start every table (seeds from :meth:`seed`, else random); the observations."""
        seeds = self._seeds
        if all(s is None for s in seeds):
            seed: Any = None
        else:
            fill = np.random.SeedSequence().generate_state(self.num_envs, np.uint64) >> 2
            seed = np.array(
                [int(f) if s is None else int(s) for s, f in zip(seeds, fill, strict=True)],
                np.int64,
            )
        if any(self._options):
            raise ValueError(f"options {self._options!r}: MahjongSB3VecEnv takes no reset options")
        obs, _info = self.venv.reset(seed=seed)
        self._reset_seeds()
        self._reset_options()
        self.reset_infos = [{} for _ in range(self.num_envs)]
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions).reshape(self.num_envs)

    def step_wait(self) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, list[dict]]:
        try:
            obs, rew, term, trunc, info = self.venv.step(self._actions)
        except ValueError as e:
            if "illegal action" not in str(e):
                raise
            raise ValueError(
                f"{e}. Stable-Baselines3's PPO samples every action id; train with "
                "sb3_contrib.MaskablePPO, which reads MahjongSB3VecEnv.env_method('action_masks')"
            ) from None
        dones = term | trunc
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        if "shaping" in info:
            for i, x in enumerate(info["shaping"].tolist()):
                infos[i]["shaping"] = x
        if dones.any():
            final_obs = info["final_obs"]
            final_info = info.get("final_info", {})
            for i in np.flatnonzero(dones).tolist():
                d = infos[i]
                d["terminal_observation"] = {k: a[i] for k, a in final_obs.items()}
                d["TimeLimit.truncated"] = bool(trunc[i] and not term[i])
                for k, a in final_info.items():
                    if not k.startswith("_") and final_info.get(f"_{k}", dones)[i]:
                        d[k] = a[i]
        return obs, rew.astype(np.float32), dones, infos

    def close(self) -> None:
        """Close the vector env (its worker threads); ``reset()`` starts it again."""
        self.venv.close()

    def action_masks(self) -> np.ndarray:
        """``int8[N, 208]``: every table's legal actions."""
        return self.venv.action_masks()

    def _indices(self, indices: None | int | Iterable[int]) -> list[int]:
        return list(self._get_indices(indices))

    def get_attr(self, attr_name: str, indices: None | int | Iterable[int] = None) -> list[Any]:
        """The vector env's attribute ``attr_name``, once per index (the tables share it)."""
        value = getattr(self.venv, attr_name)
        return [value] * len(self._indices(indices))

    def set_attr(
        self, attr_name: str, value: Any, indices: None | int | Iterable[int] = None
    ) -> None:
        """Set ``attr_name`` on the vector env (shared by every table)."""
        setattr(self.venv, attr_name, value)

    def env_method(
        self,
        method_name: str,
        *method_args: Any,
        indices: None | int | Iterable[int] = None,
        **method_kwargs: Any,
    ) -> list[Any]:
        """``"action_masks"``: each table's ``int8[208]`` mask (sb3-contrib's protocol). The
        tables have no other per-table methods: ``AttributeError`` names this one."""
        if method_name == "action_masks":
            masks = self.venv.action_masks()
            return [masks[i] for i in self._indices(indices)]
        raise AttributeError(
            f"MahjongSB3VecEnv.env_method({method_name!r}): the tables are stepped together in "
            "one compiled call and offer only 'action_masks'"
        )

    def env_is_wrapped(
        self, wrapper_class: type, indices: None | int | Iterable[int] = None
    ) -> list[bool]:
        """No table is wrapped (there are no per-table Gymnasium envs)."""
        return [False] * len(self._indices(indices))

    def get_images(self) -> Sequence[np.ndarray | None]:
        return [None] * self.num_envs


def sb3_policy(model: Any, deterministic: bool = True) -> Any:
    """A policy for :func:`mjsim.envs.evaluation.evaluate` from an SB3 / sb3-contrib model:
    ``act(obs, masks) -> actions`` calling ``model.predict`` (with ``action_masks`` for a
    ``MaskablePPO``)."""
    masked = "action_masks" in inspect.signature(model.predict).parameters

    def act(obs: dict[str, np.ndarray], masks: np.ndarray) -> np.ndarray:
        if masked:
            a, _ = model.predict(obs, action_masks=masks, deterministic=deterministic)
        else:
            a, _ = model.predict(obs, deterministic=deterministic)
        return np.asarray(a)

    return act
