"""Gymnasium single-agent environment ``mjsim/Mahjong-v0``: one learner seat against in-kernel
bots.

``gymnasium.make("mjsim/Mahjong-v0", variant=..., opponents="random", seat=0)``. The learner's
action is applied, then the opponents (``mjsim.agents.policies``, run inside the compiled loop)
play every decision until the learner must decide again (its own turn, or a reaction window in
which it has an option besides ``pass``) or the episode ends.

- Observation ``{"observation": <encoder output>, "action_mask": int8[N_ACTIONS] (208)}``; the mask is also
  in ``info["action_mask"]`` (all zeros after the episode ended) and from :meth:`action_masks`
  (sb3-contrib's MaskablePPO), int8 everywhere.
- Reward: the learner's points change since its previous decision (payments of the variant,
  ``normalize_rewards=True`` divides by ``reward_scale``); opt-in ``reward_shaping="shanten"``
  adds a potential-based dense term (``mjsim.envs.shaping``), also in ``info["shaping"]``.
- ``close()`` ends the episode in play and releases the env's resources: ``step`` raises
  ``gymnasium.error.ClosedEnvironmentError`` until ``reset()`` starts it again (so
  Stable-Baselines3's ``check_env``, which closes the env and then resets it, passes).
- Episode: ``hands`` hands (a match with carry-over when > 1). A hand that ends before the
  learner's first decision of the episode (an opponent's heavenly / early win) is re-dealt as
  the next hand number; later hands of a match that end without a learner decision still count.
  ``episode="game"`` plays one whole game of the spec's ``match`` (riichi: East-South with
  bust, agari yame and the West extension; :mod:`mjsim.games`) and ``game_reward`` says what
  the learner's rewards are (as the AEC env ``mahjong_v0``: each hand's points as paid, or at
  the end only the final points, placement points or rank); the terminal step's ``info["game"]``
  holds the game's result (``end``, ``hands``, ``first_dealer``, per seat ``points``,
  ``places``, ``placement``).
- Seeding: ``reset(seed=s)`` -> episode ``e`` (0, 1, ... for later resets without a seed) is
  dealt from seed ``episode_seed(s, e)``; the first dealer rotates with ``e``.
- ``opponents``: a name from ``mjsim.agents.policies.AGENT_IDS`` for every opponent, or a
  sequence of one name per seat (the learner's entry is ignored). ``"greedy"`` maps to the best
  bot the dispatch offers; while there is none it falls back to ``"random"`` with a warning.
- Seats: the learner and every opponent keep their seats for the whole episode, also in a
  guobiao match (``hands=16``), where players would swap seats before the West round: that
  seat change is played by ``mjsim.simulate(..., match_hands=16)`` and the AEC env
  (``mahjong_v0``), not here.
- Outcome: the ``info`` of the step that ends the episode carries the outcome of its last hand
  (:mod:`mjsim.outcome`: ``winners`` (seats), ``win_kind``, ``discarder``, ``win_tile``,
  ``dealer``, ``value`` / ``values``, ``items`` (names in English and Chinese, counts and
  values), ``payments`` and ``scores`` per seat, ``deposits``), next to ``action_mask``. An episode ended by
  an illegal action (``strict=False``) has ``illegal_action`` instead.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from mjsim.envs.encoders import MASK_DTYPE, get_encoder, observation_space
from mjsim.envs.mahjong_v0 import DEFAULT_REWARD_SCALE, default_variant
from mjsim.envs.vector import MahjongVectorEnv

from mjsim._args import check_action
from mjsim.actions import N_ACTIONS, action_name
from mjsim.engine.records import render_table
from mjsim.rules.params import P_CONCEALED_KONG_SHOWN


def opponent_ids(opponents: str | Sequence[str], n_players: int) -> np.ndarray:
    """``int64[4]`` in-kernel agent ids from a name or one name per seat.

    ``"greedy"`` maps to the best available bot (``"greedy"`` itself if the dispatch has it);
    otherwise ``"random"`` with a ``UserWarning``. Unknown names raise ``ValueError`` listing the
    known ones."""
    from mjsim.agents.policies import AGENT_IDS, agent_id

    names = [opponents] * n_players if isinstance(opponents, str) else list(opponents)
    if len(names) != n_players:
        raise ValueError(f"opponents: {len(names)} names given for {n_players} seats")
    ids = np.zeros(4, np.int64)
    for p, name in enumerate(names):
        if name == "greedy" and "greedy" not in AGENT_IDS:
            best = next((b for b in ("expert", "heuristic", "shanten") if b in AGENT_IDS), None)
            if best is None:
                warnings.warn(
                    "opponents='greedy': no greedy bot in mjsim.agents yet; using 'random'",
                    UserWarning,
                    stacklevel=3,
                )
                best = "random"
            name = best
        ids[p] = agent_id(name)
    return ids


class MahjongEnv(gym.Env):
    """One learner seat of ``variant`` against in-kernel bots (see the module docstring).

    It is a one-table :class:`~mjsim.envs.vector.MahjongVectorEnv` (the same compiled step) with
    the single-env API: episode ``e`` after ``reset(seed=s)`` is the vector env's table 0 episode
    ``e`` for seed ``s``.

    Args:
        variant: registered id; ``None`` = ``default_variant()`` (``"sichuan"`` if registered,
            else the first registered id).
        opponents: bot name(s) (``"random"``, ``"greedy"`` ...).
        seat: the learner's seat, 0..n_players-1.
        obs: ``"planes-v0"``, ``"planes-v1"``, ``"planes-v2"``, ``"planes-v3"``, ``"planes-v4"``,
            ``"planes-norm-v0"`` (float32 in [0, 1]), ``"dict-v0"`` or ``"dict-v1"``.
        hands: hands per episode.
        episode, game_reward: ``"hands"`` (the default) or ``"game"``: one whole game per
            episode, with the rewards of ``game_reward`` (``"hand"``, ``"points"``,
            ``"placement"``, ``"rank"``), as in ``mahjong_v0.raw_env``.
        render_mode: ``None``, ``"ansi"``, ``"human"`` or ``"rgb_array"`` (a picture of the
            table, ``uint8[H, W, 3]``, for video recorders; needs Pillow).
        normalize_rewards, reward_scale, reward_shaping, shaping_coef: as in
            ``mahjong_v0.raw_env`` (the learner's points by default).
        strict: ``True`` (the default): an illegal or out-of-range action raises
            ``ValueError`` naming it and the legal ones (the project's rule for actions from
            Python, as the raw AEC env). ``False``, for training loops that sample unmasked
            actions (and for Gymnasium's ``check_env``, which steps ``action_space.sample()``):
            such an action ends the episode with reward ``illegal_reward`` and the message in
            ``info["illegal_action"]`` (as PettingZoo's ``TerminateIllegalWrapper``).
        illegal_reward: the reward of an illegal action with ``strict=False`` (default -1).
        quiet: no compile notice on the first ``reset`` (default: ``MJSIM_QUIET``). On sources
            this machine has not compiled yet, the first ``reset`` of a process compiles the
            step with its in-kernel opponents (minutes, once, then cached) and says so on
            stderr with the elapsed time.
        overrides: ``RuleSpec`` fields.

    Rendering: ``render_mode="human"`` prints the table at every ``reset`` and ``step``
    (Gymnasium's contract for ``"human"``); an explicit ``render()`` then prints only if the
    table changed since (a loop or ``check_env`` calling it after ``step`` would otherwise show
    every board twice).

    Raises:
        ValueError: bad arguments; an illegal action (unless ``strict=False``); ``step`` after
        the episode ended.
        gymnasium.error.ClosedEnvironmentError: ``step`` after ``close()`` (``reset()``
        starts the env again).
    """

    metadata = {"render_modes": ["human", "ansi", "rgb_array"], "render_fps": 1}

    def __init__(
        self,
        variant: str | None = None,
        opponents: str | Sequence[str] = "random",
        seat: int = 0,
        obs: str = "planes-v0",
        hands: int = 1,
        episode: str = "hands",
        game_reward: str = "hand",
        render_mode: str | None = None,
        normalize_rewards: bool = False,
        reward_scale: float = DEFAULT_REWARD_SCALE,
        strict: bool = True,
        illegal_reward: float = -1.0,
        reward_shaping: str | None = None,
        shaping_coef: float = 1.0,
        quiet: bool | None = None,
        **overrides: Any,
    ) -> None:
        self.strict = bool(strict)
        self.illegal_reward = float(illegal_reward)
        if variant is None:
            variant = default_variant()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(
                f"render_mode={render_mode!r}; valid: None, 'human', 'ansi', 'rgb_array'"
            )
        if opponents is None:
            raise ValueError(
                "opponents=None (self-play, every seat decides) is a MahjongVectorEnv mode; "
                "MahjongEnv has one learner seat: name its opponents"
            )
        self.encoder = get_encoder(obs)
        self._vec = MahjongVectorEnv(
            variant,
            1,
            opponents=opponents,
            obs=obs if self.encoder.is_planes else "planes-v0",
            seat=seat,
            hands=hands,
            episode=episode,
            game_reward=game_reward,
            normalize_rewards=normalize_rewards,
            reward_scale=reward_scale,
            copy=False,
            threads=1,
            reward_shaping=reward_shaping,
            shaping_coef=shaping_coef,
            quiet=quiet,
            **overrides,
        )
        self.reward_shaping = self._vec.reward_shaping
        self._vec._compiles_what = "the Gymnasium environment's step with in-kernel opponents"
        self.variant = variant
        self.render_mode = render_mode
        self.seat = int(seat)
        self.hands = int(hands)
        self.episode = episode
        self.game_reward = game_reward
        self.n_players = self._vec.n_players
        self._rules = self._vec._rules
        self._state = self._vec._state
        self.observation_space = observation_space(self.encoder.space(self.n_players))
        self.action_space = gym.spaces.Discrete(N_ACTIONS)
        self._seeded = False
        self._done = True
        self._shown: str | None = None  # the table text last printed in "human" mode

    def _obs(self, vobs: dict[str, np.ndarray]) -> tuple[dict[str, Any], dict[str, Any]]:
        mask = vobs["action_mask"][0].copy()
        if self.encoder.is_planes:
            o = vobs["observation"][0].copy()
        else:
            o = self.encoder.encode(self._state, self._rules, 0, self.seat)
        info: dict[str, Any] = {"action_mask": mask.copy()}
        if self.reward_shaping:
            info["shaping"] = float(self._vec._shaping[0])
        return {"observation": o, "action_mask": mask}, info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start an episode (module docstring: seeding); also after ``close()``."""
        super().reset(seed=seed)
        if seed is not None:
            s: int | None = int(seed)
        elif not self._seeded:
            s = int(self.np_random.integers(0, 2**62))
        else:
            s = None
        self._seeded = True
        vobs, _ = self._vec.reset(seed=s)
        self._done = False
        if self.render_mode == "human":
            self._shown = None  # reset / step always print in "human" mode
            self.render()
        return self._obs(vobs)

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        self._vec._check_open("MahjongEnv")
        if self._done:
            raise ValueError("the episode is over: call reset()")
        mask = self._vec._masks[0]

        def legal() -> str:
            return ", ".join(f"{action_name(int(x))} ({int(x)})" for x in np.flatnonzero(mask))

        try:
            a = check_action(action)
        except ValueError as e:
            raise ValueError(
                f"{e} (the learner, seat {self.seat}, is to act; legal: {legal()})"
            ) from None
        if not 0 <= a < N_ACTIONS or not mask[a]:
            what = (
                f"illegal action {action_name(a)}"
                if 0 <= a < N_ACTIONS
                else f"action {a} out of range 0..{N_ACTIONS - 1}"
            )
            msg = f"{what} for seat {self.seat}; legal: {legal()}"
            if self.strict:
                raise ValueError(
                    msg + " (strict=True: make the env with strict=False to end the episode "
                    "with illegal_reward instead, as random-action checkers such as gymnasium's "
                    "check_env need)"
                )
            # like PettingZoo's TerminateIllegalWrapper: the episode ends, reward illegal_reward
            self._done = True
            obs, info = self._obs(self._vec._out()[0])
            info["illegal_action"] = msg
            if self.reward_shaping:
                info["shaping"] = 0.0  # nothing was played: the reward is illegal_reward only
            return obs, self.illegal_reward, True, False, info
        vec = self._vec
        vec._actions[0] = a
        vec._advance()  # legal: checked above
        self._done = bool(vec._terminated[0])
        if self.render_mode == "human":
            self._shown = None  # reset / step always print in "human" mode
            self.render()
        obs, info = self._obs(vec._out()[0])
        if self._done:
            info.update(vec.outcome(0))
            if vec._games[0] is not None:
                info["game"] = vec._games[0]
        return obs, float(vec._rewards[0]), self._done, False, info

    def action_masks(self) -> np.ndarray:
        """``int8[N_ACTIONS]`` (208) legal actions of the learner (sb3-contrib's MaskablePPO
        protocol; the same dtype as the observation's and ``info``'s mask, which Gymnasium's
        ``action_space.sample(mask=...)`` takes)."""
        return self._vec._masks[0].view(MASK_DTYPE).copy()

    def render(self, all_hands: bool = False) -> str | np.ndarray | None:
        """``"ansi"``: the table as text with unicode tiles, as the learner sees it (its own
        tiles; the other seats' concealed tiles as a count, see
        :func:`mjsim.engine.records.render_table`); every hand face up with
        ``all_hands=True`` or once the episode is over. ``"human"``: print it.
        ``"rgb_array"``: the same view as a picture, ``uint8[H, W, 3]``
        (:func:`mjsim.view.table_image`)."""
        if self.render_mode is None:
            gym.logger.warn(
                "render() called without a render_mode (use 'ansi', 'human' or 'rgb_array')"
            )
            return None
        if self.render_mode == "rgb_array":
            from mjsim.view import table_image

            return table_image(
                self._state,
                self._vec.rule_spec,
                self._rules,
                view=None if all_hands or self._done else self.seat,
                title=f"Mahjong-v0 {self.variant}, learner seat {self.seat}",
            )
        text = f"Mahjong-v0 {self.variant}, learner seat {self.seat}\n" + render_table(
            self._state,
            self.n_players,
            0,
            True,
            view=None if all_hands or self._done else self.seat,
            concealed_kong_shown=bool(self._rules.params[P_CONCEALED_KONG_SHOWN]),
        )
        if self.render_mode == "human":
            if text != self._shown:  # already printed by reset / step: not twice
                print(text)
                self._shown = text
            return None
        return text

    def close(self) -> None:
        """End the episode in play and release the env's resources (idempotent): ``step``
        raises ``gymnasium.error.ClosedEnvironmentError`` until ``reset()`` starts it again."""
        self._vec.close()
        self._done = True
