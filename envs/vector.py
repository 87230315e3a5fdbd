"""``MahjongVectorEnv``: ``num_envs`` tables stepped in one jitted call (Gymnasium ``VectorEnv``).

Each table seats one learner (``seat``) against in-kernel bots. One :meth:`step` applies the
learner's action on every table, lets the opponents play until each learner's next decision,
encodes every learner's ``planes-v0`` / ``-v1`` / ``-v2`` / ``-v3`` observation and legal mask into
preallocated buffers - all inside one compiled call (``mjsim.envs.kernels.vector_step_h``; with
``threads > 1`` each thread runs one such GIL-free call on a slice of the tables). No Python
runs per table and no array is allocated per step (with ``copy=False``: read-only views of the
buffers, in two new small dicts per step).

Self-play (``opponents=None``): no in-kernel bots; every seat's decision is an env step, as in
pgx's and mjx's batched environments (one policy plays all seats). ``info["current_player"]``
(``int64[N]``) names the seat to act, whose observation and mask the step returns (the
reaction window asks each seat with an option in turn, as the AEC env does: a seat never sees
another's pending answer), and the rewards are every seat's points change of the step
(``float64[N, n_players]``, pgx's convention: the acting seat alone cannot carry the payments
of a hand's end). Table ``t`` of a self-play env plays exactly like the AEC env
``mahjong_v0.raw_env`` reset with ``episode_seed(seed + t, 0)`` given the same actions.

Autoreset (``autoreset_mode``, also in ``metadata["autoreset_mode"]``):

- ``"next_step"`` (the default, Gymnasium's default): the step that ends a table's episode
  returns ``terminated[t] = True`` with the final observation and an all-zero mask; the next
  :meth:`step` ignores that table's action and returns the first observation of its new episode
  (reward 0, not terminated): a training loop must drop that transition.
- ``"same_step"``: the step that ends a table's episode also starts the next one: it returns
  ``terminated[t] = True``, the episode's final reward and the NEW episode's first observation
  and mask; the final observation is in ``info["final_obs"]`` (a dict like the observation,
  rows valid where ``info["_final_obs"]``) and the final step's info in ``info["final_info"]``
  (Gymnasium's same-step layout). Every action is a real decision: no junk steps.
  :class:`~mjsim.envs.sb3.MahjongSB3VecEnv` (Stable-Baselines3) uses it.

``close()`` shuts the worker threads down; ``step`` then raises ``ClosedEnvironmentError``
until ``reset()``, which starts the env again (threads included): the same rule in all three
interfaces (``docs/observations.md``).

Outcome: the ``info`` of the step that ends table ``t``'s episode carries the outcome of its last
hand (:mod:`mjsim.outcome`) in Gymnasium's vector-info layout (with ``"same_step"`` autoreset:
in ``info["final_info"]``): every key has a mask ``_key`` (``bool[N]``, True at the tables that
just ended), ``payments`` / ``values`` / ``scores`` are ``int64[N, n_players]``, ``value`` /
``discarder`` / ``dealer`` ``int[N]``, and ``winners`` (seat lists), ``win_kind``, ``win_tile``
and ``items`` object arrays (``None`` at the other tables). ``docs/observations.md`` "The
outcome of an episode" lists the keys.

Whole games (``episode="game"``, as the AEC env): each episode is one game of the spec's
``match`` (riichi: East-South; :mod:`mjsim.games`), dealt on with the engine's carry-over until
the rules end the game (:mod:`mjsim.engine.game_end`, compiled into the step), and
``game_reward`` says what the rewards are (each hand's points as paid, or only at the end the
final points, placement points or rank). The step that ends a table's game adds ``info["game"]``
(an object array: at that table the dict of the AEC env's ``infos[agent]["game"]``: ``end``,
``hands``, ``first_dealer`` and per seat ``points``, ``places``, ``placement``; ``None``
elsewhere) with its mask ``info["_game"]``.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.error import ClosedEnvironmentError
from gymnasium.vector import AutoresetMode, VectorEnv
from mjsim.envs.encoders import (
    MASK_DTYPE,
    NORM_MUL_V0,
    NORM_RECENCY_V0,
    get_encoder,
    observation_space,
    scale_planes,
)
from mjsim.envs.kernels import (
    C_GAME,
    C_N_HANDS,
    C_V_VERSION,
    CALLER,
    N_TI,
    N_V_CTL,
    STATE_LAYOUT,
    TI_EPISODE,
    TI_FIRST_DEALER,
    TI_FIRST_HAND,
    TI_GAME_END,
    TI_LEARNER,
    TI_NEEDS_RESET,
    TI_SEED,
    V_CTL,
    VECTOR_LAYOUT,
    first_illegal_h,
    make_header,
    vector_step_h,
)
from mjsim.envs.mahjong_v0 import DEFAULT_REWARD_SCALE, check_shaping, default_variant
from mjsim.envs.shaping import potentials

from mjsim import _compile_notice
from mjsim.actions import N_ACTIONS, action_name
from mjsim.engine.state import PV_SCORE, TV_HAND_NO, new_state
from mjsim.games import END_NAMES, check_game_episode, game_result, game_rewards
from mjsim.outcome import OutcomeReader
from mjsim.rules.spec import check_playable

#: first-use key of the batched step kernels (mjsim._compile_notice)
VECTOR_KEY = "envs.vector"


def _is_int(x: Any) -> bool:
    """An integer that is not a bool (``True`` is not a table count)."""
    return isinstance(x, int | np.integer) and not isinstance(x, bool | np.bool_)


def _read_only(a: np.ndarray) -> np.ndarray:
    """A read-only view of ``a`` (``a`` itself stays writeable for the kernel)."""
    v = a.view()
    v.flags.writeable = False
    return v


class MahjongVectorEnv(VectorEnv):
    """``num_envs`` tables of ``variant``, one learner seat each, batched in one jitted step.

    Args:
        variant: registered id (``None`` = ``default_variant()``).
        num_envs: number of tables ``N`` (>= 1).
        opponents: in-kernel bot name(s) (as ``mjsim/Mahjong-v0``), or ``None``: self-play,
            every seat decides through :meth:`step` (module docstring).
        obs: ``"planes-v0"`` (41 planes), ``"planes-v1"`` (53: + decision planes) or
            ``"planes-v2"`` (58: + standing tiles, 宝, 吃听, ready kinds) or ``"planes-v3"`` (63: +
            honours set aside, stakes, 补风 counts) or ``"planes-v4"`` (69: + red fives), int8;
            ``"planes-norm-v0"``: ``planes-v3``
            as float32 in [0, 1] (``docs/observations.md``).
        seat: the learner's seat at every table (kept for the whole episode; a guobiao
            match's West-round seat change is played by the AEC env and self-play only);
            default 0; must be left unset with ``opponents=None``.
        hands: hands per episode (a match with carry-over when > 1).
        episode, game_reward: as in ``mahjong_v0.raw_env``: ``episode="game"`` plays one
            whole game of the spec's ``match`` per episode (it ends where the rules end the
            game, :mod:`mjsim.engine.game_end`), and ``game_reward`` says what the rewards
            are (``"hand"``: each hand's points as they are paid; ``"points"`` /
            ``"placement"`` / ``"rank"``: 0 until the game ends, then the final points minus
            ``start_points``, the placement points in thousands, or ``(n + 1) / 2 - place``).
            The step that ends a game carries ``info["game"]`` (module docstring).
        normalize_rewards, reward_scale, reward_shaping, shaping_coef: as in
            ``mahjong_v0.raw_env`` (points by default; shaping in self-play: every seat's).
        autoreset_mode: ``"next_step"`` (default) or ``"same_step"`` (module docstring), or
            the ``gymnasium.vector.AutoresetMode`` member.
        copy: return copies of the batch buffers (default); ``False`` returns read-only views
            of the internal buffers, overwritten by the next step (fastest), in new dicts
            each step (wrappers may add keys to ``info``).
        threads: worker threads, each stepping a slice of the tables in a GIL-free compiled
            call (default: the CPU count, up to 8, when ``num_envs >= 64``, else 1). Results do
            not depend on it (each table has its own RNG streams).
        quiet: no compile notice on the first ``reset`` (default: ``MJSIM_QUIET``). On sources
            this machine has not compiled yet, the first ``reset`` of a process compiles the
            batched step (minutes, once, then cached) and says so on stderr with the elapsed
            time.
        overrides: ``RuleSpec`` fields.

    Observations: ``{"observation": int8[N, C, 34], "action_mask": int8[N, N_ACTIONS]}`` (``C`` = 41
    for ``planes-v0``, 53 for ``planes-v1``, 58 for ``planes-v2``, 63 for ``planes-v3``, 69 for ``planes-v4``;
    ``float32[N, 63, 34]`` for ``planes-norm-v0``) of the
    seat to act (the learner; in self-play ``info["current_player"]``); also
    ``info["action_mask"]`` (``int8[N, N_ACTIONS]``, the same mask; :meth:`action_masks`) and
    ``info["current_player"]`` (``int64[N]``,
    -1 where the episode just ended). Rewards ``float64[N]`` (the learner's) or, in self-play,
    ``float64[N, n_players]`` (every seat's), in points (or normalised); ``terminated``
    ``bool[N]``, ``truncated`` always False. When a self-play episode ends, the observation is
    that of the seat that took the last action.

    Raises:
        ValueError: bad arguments; an illegal action names the first table with one, the
        action and the legal ones, and no table is advanced (the step is all or nothing).
        gymnasium.error.ClosedEnvironmentError: ``step`` after ``close()`` (``reset()`` starts
        the env again).
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        variant: str | None = None,
        num_envs: int = 1,
        opponents: str | Sequence[str] | None = "random",
        obs: str = "planes-v0",
        seat: int | None = None,
        hands: int = 1,
        episode: str = "hands",
        game_reward: str = "hand",
        normalize_rewards: bool = False,
        reward_scale: float = DEFAULT_REWARD_SCALE,
        copy: bool = True,
        threads: int | None = None,
        autoreset_mode: str | AutoresetMode = "next_step",
        reward_shaping: str | None = None,
        shaping_coef: float = 1.0,
        quiet: bool | None = None,
        **overrides: Any,
    ) -> None:
        from mjsim import variants

        if variant is None:
            variant = default_variant()
        self.variant = variant
        self._quiet = quiet
        #: what the compile notice names (MahjongEnv, the Gymnasium env, names itself)
        self._compiles_what = "the vector environment's batched step kernels"
        self.rule_spec = variants.get(variant, **overrides)
        check_playable(self.rule_spec)
        n = self.rule_spec.n_players
        encoder = get_encoder(obs)
        if not encoder.is_planes:
            from mjsim.envs.encoders import ENCODERS

            known = ", ".join(repr(k) for k in ENCODERS if get_encoder(k).is_planes)
            raise ValueError(f"obs={obs!r}: the vector env supports only {known}")
        self.obs_name = obs
        self.encoder = encoder
        n_planes, self._version = encoder.n_planes, encoder.version
        modes = {"next_step": AutoresetMode.NEXT_STEP, "same_step": AutoresetMode.SAME_STEP}
        if isinstance(autoreset_mode, AutoresetMode):
            mode = autoreset_mode if autoreset_mode in modes.values() else None
        else:
            mode = modes.get(autoreset_mode)
        if mode is None:
            raise ValueError(f"autoreset_mode={autoreset_mode!r}; valid: 'next_step', 'same_step'")
        self.autoreset_mode = mode
        self.metadata = {**type(self).metadata, "autoreset_mode": mode}
        self._same_step = mode == AutoresetMode.SAME_STEP
        if not _is_int(num_envs) or num_envs < 1:
            raise ValueError(f"num_envs={num_envs!r} must be an integer >= 1")
        self.selfplay = opponents is None
        if self.selfplay and seat is not None:
            raise ValueError(f"seat={seat!r}: with opponents=None (self-play) every seat decides")
        if seat is None:
            seat = 0
        if not _is_int(seat) or not 0 <= seat < n:
            raise ValueError(f"seat={seat!r} must be a seat 0..{n - 1}")
        if not _is_int(hands) or hands < 1:
            raise ValueError(f"hands={hands!r} must be an integer >= 1")
        check_game_episode(self.rule_spec, episode, game_reward, hands)
        self.episode = episode
        self.game_reward = game_reward
        if (
            isinstance(reward_scale, bool)
            or not isinstance(reward_scale, int | float | np.integer | np.floating)
            or not math.isfinite(reward_scale)
            or reward_scale <= 0
        ):
            raise ValueError(f"reward_scale={reward_scale!r} must be a finite number > 0")
        N = int(num_envs)
        self.num_envs = N
        self.n_players = n
        self.hands = int(hands)
        self.copy = bool(copy)
        self._scale = float(reward_scale) if normalize_rewards else 1.0
        self.reward_shaping = check_shaping(reward_shaping, shaping_coef)
        # the shaping potential in reward units (points / scale): 0 = no shaping
        self._coef = float(shaping_coef) / self._scale if self.reward_shaping else 0.0
        from mjsim.envs.gym_env import opponent_ids

        if self.selfplay:
            self._agents = np.full(4, CALLER, np.int64)
        else:
            self._agents = opponent_ids(opponents, n)
        self._rules = self.rule_spec.compile()
        self._outcome = OutcomeReader(self.rule_spec, self._rules)
        self.single_observation_space = observation_space(encoder.space(n))
        self.single_action_space = gym.spaces.Discrete(N_ACTIONS)
        self.observation_space = gym.vector.utils.batch_space(self.single_observation_space, N)
        self.action_space = gym.vector.utils.batch_space(self.single_action_space, N)
        self._state = new_state(N, rec_cap=0)
        self._ti = np.zeros((N, N_TI), np.int64)
        self._ti[:, TI_LEARNER] = -1 if self.selfplay else int(seat)
        self._ti[:, TI_NEEDS_RESET] = 1
        self._totals = np.zeros((N, 4), np.int64)
        self._obs = np.zeros((N, n_planes, 34), np.int8)
        # planes-norm-v*: the kernel's int8 planes scaled into this buffer (_slice)
        self._fobs = np.zeros((N, n_planes, 34), np.float32) if encoder.scaled else None
        self._masks = np.zeros((N, N_ACTIONS), np.bool_)
        self._rewards = np.zeros(N, np.float64)
        self._seat_rewards = np.zeros((N, n), np.float64)
        self._current = np.full(N, -1, np.int64)
        self._terminated = np.zeros(N, np.bool_)
        self._truncated = np.zeros(N, np.bool_)
        self._actions = np.zeros(N, np.int64)
        self._has_mask = np.ones(N, np.bool_)
        # shaping: each table's potential (learner seat / every seat) and the last step's shaping
        self._phi = np.zeros((N, 4), np.float64)
        self._shaping = np.zeros((N, n) if self.selfplay else N, np.float64)
        # same-step autoreset: the finished tables' final observations, rewards, terminations
        self._final_obs = np.zeros_like(self._fobs if encoder.scaled else self._obs)
        self._final_masks = np.zeros((N, N_ACTIONS), MASK_DTYPE)
        self._out_rewards = np.zeros_like(self._seat_rewards if self.selfplay else self._rewards)
        self._out_terminated = np.zeros(N, np.bool_)
        # episode="game": the result of each table's game on the step that ends it (else None)
        self._games = np.full(N, None, dtype=object)
        self._buffers()
        self._started = False
        if threads is None:
            threads = min(os.cpu_count() or 1, 8) if N >= 64 else 1
        if not _is_int(threads) or threads < 1:
            raise ValueError(f"threads={threads!r} must be an integer >= 1")
        self.threads = int(min(threads, N))
        self._pool = ThreadPoolExecutor(self.threads - 1) if self.threads > 1 else None
        per = -(-N // self.threads)
        self._slices = [(lo, min(N, lo + per)) for lo in range(0, N, per)]

    def _buffers(self) -> None:
        """Read-only views of the batch buffers (what ``copy=False`` returns: a caller writing
        into a returned mask must not change what the next step accepts) and the int64 header
        addressing every array of the batch for the kernel (``mjsim.envs.kernels.make_header``)."""
        same = self._same_step
        self._views = {
            k: _read_only(a)
            for k, a in (
                ("observation", self._obs if self._fobs is None else self._fobs),
                ("action_mask", self._masks.view(MASK_DTYPE)),
                ("has", self._has_mask),
                ("current_player", self._current),
                (
                    "rewards",
                    self._out_rewards
                    if same
                    else (self._seat_rewards if self.selfplay else self._rewards),
                ),
                ("terminated", self._out_terminated if same else self._terminated),
                ("truncated", self._truncated),
                ("final_obs", self._final_obs),
                ("final_mask", self._final_masks),
                ("final", self._out_terminated),
                ("shaping", self._shaping),
            )
        }
        self._h = make_header(
            (
                *self._state,
                *self._rules.arrays(),
                self._actions,
                self._ti,
                self._agents,
                self._totals,
                self._obs,
                self._masks,
                self._rewards,
                self._terminated,
                self._seat_rewards,
                self._current,
            ),
            STATE_LAYOUT + VECTOR_LAYOUT,
            N_V_CTL,
        )
        self._h[V_CTL + C_N_HANDS] = self.hands
        self._h[V_CTL + C_V_VERSION] = self._version
        self._h[V_CTL + C_GAME] = 1 if self.episode == "game" else 0

    def __getstate__(self) -> dict[str, Any]:
        # copies (copy.deepcopy, pickle) get their own header, views and thread pool
        d = self.__dict__.copy()
        for k in ("_h", "_pool", "_views"):
            d.pop(k, None)
        return d

    def __setstate__(self, d: dict[str, Any]) -> None:
        self.__dict__.update(d)
        self._buffers()
        self._pool = None
        if self.threads > 1 and not self.closed:
            self._pool = ThreadPoolExecutor(self.threads - 1)

    def _call(self) -> int:
        """Step every table (one compiled call per thread); the number of illegal actions."""
        if self._pool is None:
            return self._slice(0, self.num_envs)
        # the calling thread steps the first slice itself (the kernel releases the GIL)
        jobs = [self._pool.submit(self._slice, lo, hi) for lo, hi in self._slices[1:]]
        bad = self._slice(*self._slices[0])
        return bad + sum(j.result() for j in jobs)

    def _slice(self, lo: int, hi: int) -> int:
        bad = vector_step_h(self._h, self._rules.scorer, lo, hi, self._scale)
        if self._fobs is not None:  # planes-norm-v*: scaled on the same thread
            scale_planes(self._obs, NORM_MUL_V0, NORM_RECENCY_V0, self._fobs, lo, hi)
        return bad

    def _advance(self) -> None:
        """Step every table with the checked ``_actions`` (the kernel call, then the opt-in
        shaping, then in same-step mode the finished tables' new episodes). The single-learner
        env steps its one table through this too."""
        fresh = self._ti[:, TI_NEEDS_RESET] != 0  # these tables start an episode: no shaping
        if self._call():  # the kernel's own guard: unreachable after first_illegal_h
            raise RuntimeError("vector_step_h refused an action that first_illegal_h accepted")
        if self.episode == "game":
            self._end_games()
        if self._coef:
            self._shape(fresh)
        if self._same_step:
            rew = self._seat_rewards if self.selfplay else self._rewards
            self._out_rewards[...] = rew
            self._out_terminated[:] = self._terminated

    def _end_games(self) -> None:
        """``episode="game"``: the result of every game that ended on this step
        (:func:`mjsim.games.game_result`) into ``_games``, and the rewards of ``game_reward``
        other than ``"hand"``: nothing before the end, then each seat's game reward."""
        self._games[:] = None
        kind = self.game_reward
        if kind != "hand":
            self._rewards[:] = 0.0
            self._seat_rewards[...] = 0.0
        n, spec, tv, pv = self.n_players, self.rule_spec, self._state.tv, self._state.pv
        for t in np.flatnonzero(self._terminated).tolist():
            row = self._ti[t]
            hands = int(tv[t, TV_HAND_NO]) - int(row[TI_FIRST_HAND]) + 1
            res = game_result(
                pv[t, :n, PV_SCORE].tolist(),
                spec,
                int(row[TI_FIRST_DEALER]),
                END_NAMES[int(row[TI_GAME_END])],
                hands,
            )
            self._games[t] = res
            rew = game_rewards(res, spec, kind)
            if rew is not None:
                x = np.asarray(rew, np.float64) / self._scale
                self._seat_rewards[t, :n] = x
                learner = int(row[TI_LEARNER])
                self._rewards[t] = x[learner] if learner >= 0 else 0.0

    def _seats_to_shape(self) -> np.ndarray:
        """``bool[N, 4]``: the seats whose potential counts (the learner's; every seat in
        self-play), none at a table whose episode is over (terminal potential 0)."""
        seats = np.zeros((self.num_envs, 4), np.bool_)
        live = ~self._terminated
        if self.selfplay:
            seats[:, : self.n_players] = live[:, None]
        else:
            seats[np.arange(self.num_envs), self._ti[:, TI_LEARNER]] = live
        return seats

    def _shape(self, fresh: np.ndarray) -> None:
        """Add the shaping ``Φ(now) - Φ(before)`` (``mjsim.envs.shaping``) to the rewards of
        the tables that took a step (``~fresh``); remember ``Φ(now)``."""
        phi = potentials(self._state, self._rules, self._seats_to_shape(), self._coef)
        delta = phi - self._phi
        delta[fresh] = 0.0
        self._phi = phi
        if self.selfplay:
            self._shaping[...] = delta[:, : self.n_players]
            self._seat_rewards += self._shaping
        else:
            self._shaping[:] = delta[np.arange(self.num_envs), self._ti[:, TI_LEARNER]]
            self._rewards += self._shaping

    def _start_finished(self) -> dict[str, Any]:
        """Same-step autoreset: keep the finished tables' final observations, then start their
        next episodes now (the kernel's reset pass over each run of finished tables; the others
        are not touched). Returns Gymnasium's same-step info keys (``final_obs``,
        ``final_info`` - the finished tables' outcomes, :meth:`_add_outcomes` -, their ``_``
        masks)."""
        done = self._out_terminated
        idx = np.flatnonzero(done)
        final_info: dict[str, Any] = {}
        if idx.size == 0:
            return {}
        obs = self._obs if self._fobs is None else self._fobs
        self._final_obs[idx] = obs[idx]
        self._final_masks[idx] = 0
        self._add_outcomes(final_info)  # read before the tables are dealt again
        # runs of consecutive finished tables: one compiled call each
        cut = np.flatnonzero(np.diff(idx) != 1) + 1
        for run in np.split(idx, cut):
            self._slice(int(run[0]), int(run[-1]) + 1)
        if self._coef:  # the new episodes' potentials, no reward for them
            phi = potentials(self._state, self._rules, self._seats_to_shape(), self._coef)
            self._phi[idx] = phi[idx]
        v = self._views
        final_obs = {"observation": v["final_obs"], "action_mask": v["final_mask"]}
        if self.copy:
            final_obs = {k: a.copy() for k, a in final_obs.items()}
        return {
            "final_obs": final_obs,
            "_final_obs": done.copy(),
            "final_info": final_info,
            "_final_info": done.copy(),
        }

    def _out(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """The step's ``(obs, info)``: new dicts over the read-only views (wrappers add keys to
        ``info``), or over writeable copies with ``copy=True``."""
        v = self._views
        obs = {"observation": v["observation"], "action_mask": v["action_mask"]}
        info = {
            "action_mask": v["action_mask"],
            "_action_mask": v["has"],
            "current_player": v["current_player"],
            "_current_player": v["has"],
        }
        if self._coef:
            info["shaping"] = v["shaping"]
            info["_shaping"] = v["has"]
        if self.copy:
            obs = {k: a.copy() for k, a in obs.items()}
            info = {k: a.copy() for k, a in info.items()}
        return obs, info

    def state_nbytes(self) -> dict[str, int]:
        """Memory of the batch: bytes of engine state, per-table bookkeeping,
        observation and mask buffers, each summed over the ``N`` tables, plus ``"per_table"``
        (their sum / ``N``). Constant over the env's life: nothing is allocated per step."""
        state = sum(a.nbytes for a in self._state)
        book = sum(
            a.nbytes
            for a in (
                self._ti,
                self._totals,
                self._rewards,
                self._seat_rewards,
                self._current,
                self._terminated,
                self._truncated,
                self._actions,
                self._has_mask,
            )
        )
        out = {
            "state": state,
            "bookkeeping": book,
            "observation": self._obs.nbytes + (0 if self._fobs is None else self._fobs.nbytes),
            "mask": self._masks.nbytes,
        }
        out["per_table"] = sum(out.values()) // self.num_envs
        return out

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start a new episode on every table. ``seed``: an int (table ``t`` gets seed
        ``seed + t``), a sequence of ``N`` ints, or ``None`` (random); every table's seed must
        lie in ``0 .. 2**63 - 1``.

        Raises:
            ValueError: a seed that is not an integer or out of range; any ``options`` (the
                AEC env's ``{"hand": i}`` has no vector form: each table deals its episodes
                from its own seed).

        After ``close()``, ``reset`` starts the env again (its worker threads included).
        """
        self._reopen()
        if options:
            raise ValueError(
                f"options={options!r}: MahjongVectorEnv.reset takes no options (each table "
                "deals its episodes from its own seed)"
            )
        top = 2**63 - 1
        if seed is None:
            if not self._started:
                ss = np.random.SeedSequence()
                gen = ss.generate_state(self.num_envs, np.uint64) >> np.uint64(2)
                self._ti[:, TI_SEED] = gen.astype(np.int64)
        elif _is_int(seed):
            if not 0 <= seed <= top - (self.num_envs - 1):
                raise ValueError(
                    f"seed={seed!r}: table seeds seed .. seed + {self.num_envs - 1} must lie in "
                    "0 .. 2**63 - 1"
                )
            self._ti[:, TI_SEED] = int(seed) + np.arange(self.num_envs)
            self._ti[:, TI_EPISODE] = 0
        else:
            given = np.asarray(seed)
            if (
                given.shape != (self.num_envs,)
                or given.dtype.kind not in "iu"
                or (given < 0).any()
                or (given > top).any()
            ):
                raise ValueError(
                    f"seed: expected an int or {self.num_envs} integers in 0 .. 2**63 - 1, got "
                    f"{given.dtype} of shape {given.shape}"
                )
            seeds = given.astype(np.int64)
            self._ti[:, TI_SEED] = seeds
            self._ti[:, TI_EPISODE] = 0
        self._started = True
        self._ti[:, TI_NEEDS_RESET] = 1
        key = f"{VECTOR_KEY}:{self.rule_spec.scorer_kind()}"  # one compiled engine per scorer
        if not _compile_notice.loaded(key):
            _compile_notice.first_use(
                key, self._compiles_what, self._load_kernels, quiet=self._quiet
            )
        self._call()
        if self._coef:
            self._phi = potentials(self._state, self._rules, self._seats_to_shape(), self._coef)
            self._shaping[...] = 0.0
        self._out_rewards[...] = 0.0
        self._out_terminated[:] = False
        return self._out()

    def _load_kernels(self) -> None:
        """Compile (or load) the step's kernels by calls that step no table and only read."""
        vector_step_h(self._h, self._rules.scorer, 0, 0, self._scale)
        first_illegal_h(self._h)
        if self._fobs is not None:
            scale_planes(self._obs, NORM_MUL_V0, NORM_RECENCY_V0, self._fobs, 0, 0)
        if self._coef:  # no seat asked: compiles the distance kernel, computes nothing
            potentials(self._state, self._rules, np.zeros((self.num_envs, 4), np.bool_), 1.0)

    def step(
        self, actions: np.ndarray | Sequence[int]
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Apply ``actions`` (``int[N]``) and advance every table to its learner's next decision
        (self-play: to the next decision of any seat). Returns ``(obs, rewards, terminated,
        truncated, info)`` as in the class docstring (rewards ``float64[N, n_players]`` in
        self-play).

        Raises:
            ValueError: ``reset`` not called; ``actions`` of another shape or not integers; an
                action not in its table's current mask (``info["action_mask"]``; tables whose
                episode ended on the previous step ignore theirs). Nothing is advanced then:
                the error names the first such table, its action and its legal actions.
            gymnasium.error.ClosedEnvironmentError: after ``close()`` (``reset()`` starts the env
                again).
        """
        self._check_open()
        if not self._started:
            raise ValueError("call reset() before step()")
        a = np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions: expected shape ({self.num_envs},), got {a.shape}")
        if a.dtype.kind not in "iu":
            # a float array was cast silently (0.5 -> action 0)
            raise ValueError(f"actions: expected integer action ids, got dtype {a.dtype}")
        if a.dtype.kind == "u" and a.size and int(a.max()) >= N_ACTIONS:
            t = int(np.argmax(a >= N_ACTIONS))  # before the cast to int64 wraps 2**64 - 1 to -1
            raise ValueError(
                f"illegal action {int(a[t])} (not an action id 0..{N_ACTIONS - 1}) at table {t} "
                "(no table was advanced)"
            )
        self._actions[:] = a
        # all or nothing: every action is checked against the current masks before any table
        # moves (a table awaiting its autoreset ignores its action)
        t = first_illegal_h(self._h)
        if t >= 0:
            act = int(self._actions[t])
            legal = ", ".join(action_name(int(x)) for x in np.flatnonzero(self._masks[t]))
            shown = (
                f"{action_name(act)} ({act})"
                if 0 <= act < N_ACTIONS
                else f"{act} (not an action id 0..{N_ACTIONS - 1})"
            )
            raise ValueError(
                f"illegal action {shown} at table {t}; legal: {legal} (no table was advanced)"
            )
        self._advance()
        final = self._start_finished() if self._same_step else None
        obs, info = self._out()
        if self._same_step:
            info.update(final)  # the outcomes are in info["final_info"]
        else:
            self._add_outcomes(info)
        v = self._views
        if self.copy:
            return obs, v["rewards"].copy(), v["terminated"].copy(), self._truncated.copy(), info
        return obs, v["rewards"], v["terminated"], v["truncated"], info

    def outcome(self, t: int) -> dict[str, Any]:
        """The outcome of table ``t``'s hand (:mod:`mjsim.outcome`): what the ``info`` of the step
        that ends its episode carries for it. Only meaningful on that step (the table's next
        step deals a new episode)."""
        return self._outcome(self._state, t)

    def _add_outcomes(self, info: dict[str, Any]) -> None:
        """Add the outcome of every table whose episode ended on this step to ``info``
        (Gymnasium's vector-info layout: a ``_key`` mask per key; module docstring), built for
        all of them at once (:meth:`mjsim.outcome.OutcomeReader.batch`)."""
        done = np.flatnonzero(self._terminated)
        if done.size:
            info.update(self._outcome.batch(self._state, done, self.num_envs))
            if self.episode == "game":
                info["game"] = self._games.copy()
                info["_game"] = self._terminated.copy()

    def action_masks(self) -> np.ndarray:
        """``int8[N, N_ACTIONS]`` legal actions of every table's deciding seat (the mask dtype
        of every env, ``mjsim.envs.encoders.MASK_DTYPE``)."""
        return self._masks.view(MASK_DTYPE).copy()

    def _check_open(self, name: str = "MahjongVectorEnv") -> None:
        """Raise ``gymnasium.error.ClosedEnvironmentError`` once ``close()`` was called, until
        ``reset()``: the thread pool is gone, and a closed env that kept stepping would
        silently run on one thread."""
        if self.closed:
            raise ClosedEnvironmentError(
                f"Trying to step `{name}` after a call to `close()`: call reset() to start it again"
            )

    def _reopen(self) -> None:
        """Undo ``close()`` (restart the worker threads); a no-op on an open env."""
        if self.closed:
            self.closed = False
            if self.threads > 1:
                self._pool = ThreadPoolExecutor(self.threads - 1)

    def close_extras(self, **kwargs: Any) -> None:
        """Shut the worker threads down (``close()``; idempotent); the episode in play ends:
        ``step`` raises until ``reset()``."""
        self._started = False
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None
