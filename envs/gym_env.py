"""Gymnasium single-agent environment ``mjsim/Mahjong-v0``: one learner seat against in-kernel
bots.

``gymnasium.make("mjsim/Mahjong-v0", variant=..., opponents="random", seat=0)``. The learner's
action is applied, then the opponents (``mjsim.agents.policies``, run inside the compiled loop)
play every decision until the learner must decide again (its own turn, or a reaction window in
which it has an option besides ``pass``) or the episode ends.

- Observation ``{"observation": <encoder output>, "action_mask": int8[120]}``; the mask is also
  in ``info["action_mask"]`` (all zeros after the episode ended).
- Reward: the learner's points change since its previous decision (payments of the variant,
  ``normalize_rewards=True`` divides by ``reward_scale``).
- Episode: ``hands`` hands (a match with carry-over when > 1). A hand that ends before the
  learner's first decision of the episode (an opponent's heavenly / early win) is re-dealt as
  the next hand number; later hands of a match that end without a learner decision still count.
- Seeding: ``reset(seed=s)`` -> episode ``e`` (0, 1, ... for later resets without a seed) is
  dealt from seed ``episode_seed(s, e)``; the first dealer rotates with ``e``.
- ``opponents``: a name from ``mjsim.agents.policies.AGENT_IDS`` for every opponent, or a
  sequence of one name per seat (the learner's entry is ignored). ``"greedy"`` maps to the best
  bot the dispatch offers; while there is none it falls back to ``"random"`` with a warning.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from mjsim.envs.encoders import N_PLANES, get_encoder
from mjsim.envs.kernels import episode_seed, learner_reset, learner_step_flat, seat_totals
from mjsim.envs.mahjong_v0 import DEFAULT_REWARD_SCALE, default_variant

from mjsim.actions import N_ACTIONS, action_name
from mjsim.engine.records import render_table
from mjsim.engine.state import new_state
from mjsim.rules.spec import check_playable


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

    Args:
        variant: registered id; ``None`` = ``default_variant()`` (``"sichuan"`` if registered,
            else the first registered id).
        opponents: bot name(s) (``"random"``, ``"greedy"`` ...).
        seat: the learner's seat, 0..n_players-1.
        obs: ``"planes-v0"`` or ``"dict-v0"``.
        hands: hands per episode.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        normalize_rewards, reward_scale: as in ``mahjong_v0.raw_env``.
        overrides: ``RuleSpec`` fields.
    """

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        variant: str | None = None,
        opponents: str | Sequence[str] = "random",
        seat: int = 0,
        obs: str = "planes-v0",
        hands: int = 1,
        render_mode: str | None = None,
        normalize_rewards: bool = False,
        reward_scale: float = DEFAULT_REWARD_SCALE,
        **overrides: Any,
    ) -> None:
        from mjsim import variants

        if variant is None:
            variant = default_variant()
        self.variant = variant
        self.spec_rules = variants.get(variant, **overrides)
        check_playable(self.spec_rules)
        self.n_players = self.spec_rules.n_players
        if not isinstance(seat, int | np.integer) or not 0 <= seat < self.n_players:
            raise ValueError(f"seat={seat!r} must be a seat 0..{self.n_players - 1}")
        if not isinstance(hands, int | np.integer) or hands < 1:
            raise ValueError(f"hands={hands!r} must be an integer >= 1")
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode={render_mode!r}; valid: None, 'human', 'ansi'")
        if reward_scale <= 0:
            raise ValueError(f"reward_scale={reward_scale!r} must be > 0")
        self.render_mode = render_mode
        self.seat = int(seat)
        self.hands = int(hands)
        self._scale = float(reward_scale) if normalize_rewards else 1.0
        self._agents = opponent_ids(opponents, self.n_players)
        self._rules = self.spec_rules.compile()
        self.encoder = get_encoder(obs)
        self.observation_space = gym.spaces.Dict(
            {
                "observation": self.encoder.space(self.n_players),
                "action_mask": gym.spaces.Box(0, 1, (N_ACTIONS,), np.int8),
            }
        )
        self.action_space = gym.spaces.Discrete(N_ACTIONS)
        self._state = new_state(1, rec_cap=0)
        self._mask = np.zeros(N_ACTIONS, np.bool_)
        self._totals = np.zeros(4, np.int64)
        self._flat = (*self._state, *self._rules)
        self._planes = self.encoder.name == "planes-v0"
        self._seed: int | None = None
        self._episode = 0
        self._done = True

    def _obs(self, planes: np.ndarray | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        mask = self._mask.astype(np.int8)
        if planes is None:
            planes = self.encoder.encode(self._state, self._rules, 0, self.seat)
        o = {"observation": planes, "action_mask": mask}
        return o, {"action_mask": mask.copy()}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seed = int(seed)
            self._episode = 0
        elif self._seed is None:
            self._seed = int(self.np_random.integers(0, 2**62))
        es = int(episode_seed(self._seed, self._episode))
        self._first_dealer = self._episode % self.n_players
        self._ep_seed = es
        learner_reset(
            self._state,
            self._rules,
            0,
            es,
            self._first_dealer,
            self.seat,
            self._agents,
            self._mask,
        )
        self._episode += 1
        self._hands_left = self.hands - 1
        seat_totals(self._state, self._rules, 0, self._totals)
        self._done = False
        if self.render_mode == "human":
            self.render()
        return self._obs()

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self._done:
            raise ValueError("the episode is over: call reset()")
        a = int(action)
        if not 0 <= a < N_ACTIONS or not self._mask[a]:
            legal = ", ".join(
                f"{action_name(int(x))} ({int(x)})" for x in np.flatnonzero(self._mask)
            )
            shown = action_name(a) if 0 <= a < N_ACTIONS else repr(action)
            raise ValueError(f"illegal action {shown} for seat {self.seat}; legal: {legal}")
        out = np.empty((N_PLANES, 34), np.int8) if self._planes else None
        rew, hl, done = learner_step_flat(
            *self._flat,
            a,
            self.seat,
            self._agents,
            self._ep_seed,
            self._hands_left,
            self._first_dealer,
            self._totals,
            self._mask,
            out if out is not None else np.empty((N_PLANES, 34), np.int8),
        )
        self._hands_left = int(hl)
        self._done = bool(done)
        if self.render_mode == "human":
            self.render()
        obs, info = self._obs(out)
        return obs, float(rew) / self._scale, self._done, False, info

    def action_masks(self) -> np.ndarray:
        """``bool[120]`` legal actions of the learner (sb3-contrib's MaskablePPO protocol)."""
        return self._mask.copy()

    def render(self) -> str | None:
        """``"ansi"``: the table as text with unicode tiles (all hands face up); ``"human"``:
        print it."""
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode (use 'ansi' or 'human')")
            return None
        text = f"Mahjong-v0 {self.variant}, learner seat {self.seat}\n" + render_table(
            self._state, self.n_players, 0, True
        )
        if self.render_mode == "human":
            print(text)
            return None
        return text
