"""PettingZoo AEC environment ``mahjong_v0``: every registered mjsim variant, one seat per agent.

``env(variant=DEFAULT_VARIANT, render_mode=None, obs="planes-v0", hands=1, **overrides)`` returns
a :class:`checked_env`: the environment with the checks of PettingZoo's standard classic-game
wrappers (``OrderEnforcingWrapper``, ``AssertOutOfBoundsWrapper``,
``TerminateIllegalWrapper``, as in ``pettingzoo/classic/tictactoe``) made by the env itself, in
their order and with their errors and outcomes, rather than by three wrapper layers around
every call; ``raw_env`` is the bare :class:`~pettingzoo.AECEnv` (an illegal action raises).

Semantics (``docs/observations.md``):

- Agents ``player_0 .. player_{n-1}`` are players: ``player_k`` sits at engine seat ``k`` in the
  first hand of an episode; every dict (``rewards``, ``terminations``, ``infos`` ...) is built
  in that order. A player keeps its seat for the whole episode except where the variant changes
  seats between rounds: in a guobiao match (``hands=16``) East swaps with South and West with
  North before the West round (the rule text, ``mjsim.engine.seating``), and ``player_k``'s
  observations, action masks, turns and rewards follow it to its new seat; the running scores
  (``dict-v0`` ``scores``, the render header) move with it too. ``seat_of(agent)`` and
  ``agent_at_seat`` tell where everyone sits in the hand in play.
- The agent to act is the engine's current player. After a discard the engine's reaction window
  asks every seat that has an option besides ``pass``, one at a time in turn order after the
  discarder; each answer stays hidden (no observation shows it) until all have answered, then
  the engine applies win > pung/kong > chow. A seat with no option is not asked.
- Observation ``{"observation": <encoder output>, "action_mask": int8[N_ACTIONS] (208)}`` (``bool``
  with ``mask_dtype="bool"``); the mask is the engine's legal mask
  (``mjsim.engine.legal.legal_mask``) for the agent to act and all zeros for the others.
  Actions are ``mjsim.actions`` ids (``docs/actions.md``). An observation is never written
  again once returned (it stays valid after later steps): ``last()`` serves the agent to act's
  decision as views of a row the step kernel wrote for it in a block of :data:`BLOCK_ROWS`
  rows (no copy; a block is reused only when no observation served from it is alive, and a
  kept observation keeps its block alive), every other observation is a fresh array.
- Rewards are payments in the variant's points as they happen (immediate kong points at the
  kong, the hand's settlement at its end); ``normalize_rewards=True`` divides them by
  ``reward_scale``. A hand's rewards sum to each seat's payment of the hand. Opt-in
  ``reward_shaping="shanten"`` adds a potential-based dense term (``mjsim.envs.shaping``) to
  every agent's reward at every step, also in ``infos[agent]["shaping"]``.
- ``close()`` ends the episode in play: ``step`` / ``observe`` raise
  ``gymnasium.error.ClosedEnvironmentError`` until ``reset()``, which starts the env again (the
  same rule as the Gymnasium envs).
- ``hands > 1`` plays a match: the next hand is dealt with the carry-over the engine computes
  (``mjsim.engine.deal.next_hand``: dealer rotation, prevailing wind per the variant's
  ``round_wind_rule``, dealer-repeat counter, drawn-hand multiplier, draw streak, running
  scores). The episode ends after ``hands``
  hands; there is no truncation (every hand ends by a win or an exhaustive draw).
- ``episode="game"`` plays one whole game of the spec's ``match`` (riichi: East-South with
  bust, agari yame and the West extension; :mod:`mjsim.games`): the episode ends where the
  rules end the game, ``infos[agent]["game"]`` holds its result, and ``game_reward`` says what
  the rewards are (each hand's points, or at the end only the final points, the placement
  points or the rank).
- Seeding: ``reset(seed=s)`` deals hand ``i`` of the run from the RNG key ``(s, i)`` (the same
  keys as ``mjsim.simulate``); a later ``reset()`` without a seed continues with the next hand
  numbers; ``reset(options={"hand": i})`` starts at hand ``i``. The first dealer is
  ``hand_number % n_players`` (seat 0 after a seeded reset). Hand ``i`` of seed ``s`` is the
  deal of ``mjsim.simulate(variant, seed=s)``'s row ``i`` (same key, same dealer).
- Outcome: when the episode ends, every agent's ``infos[agent]`` holds the outcome of the last
  hand (:mod:`mjsim.outcome`: ``winners`` (seats), ``win_kind``, ``discarder``, ``win_tile``,
  ``dealer``, ``value`` / ``values``, ``items`` (names in English and Chinese, counts and
  values), ``payments`` and ``scores`` per seat, ``deposits``) and ``seat``, the agent's seat in that hand.
  Before that the infos are empty dicts.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.error import ClosedEnvironmentError
from mjsim.envs.encoders import get_encoder, mask_space, observation_space
from mjsim.envs.kernels import (
    AEC_CTL,
    AEC_LAYOUT,
    AEC_MASKS,
    AEC_OBS,
    C_FIRST_DEALER,
    C_HANDS_LEFT,
    C_ROW,
    C_SEED,
    C_VERSION,
    CODE_DEALT,
    CODE_ENDED,
    CODE_FULL,
    CODE_ILLEGAL,
    CODE_REWARDED,
    CODE_ROW,
    CODE_SEAT,
    CODE_SLOW,
    N_AEC_CTL,
    SLOT,
    STATE_LAYOUT,
    aec_reset_h,
    aec_step_h,
    encode_h,
    encode_seats_h,
    entry_point,
    make_header,
    next_hand,
    seat_totals,
    start_match,
)
from pettingzoo import AECEnv
from pettingzoo.utils.env import AECIterable
from pettingzoo.utils.env_logger import EnvLogger

from mjsim import _compile_notice
from mjsim.actions import N_ACTIONS, action_name
from mjsim.engine import legal
from mjsim.engine.records import render_table
from mjsim.engine.seating import seating_table
from mjsim.engine.state import (
    PH_DONE,
    PV_SCORE,
    TV_FIRST_DEALER,
    TV_HAND_NO,
    TV_PHASE,
    TV_ROUND_WIND,
    new_state,
)
from mjsim.engine.wall import draws_left
from mjsim.games import (
    HAND_DTYPE,
    check_game_episode,
    game_length,
    game_result,
    game_rewards,
)
from mjsim.outcome import OutcomeReader
from mjsim.rules.spec import check_playable


def default_variant() -> str:
    """``"sichuan"`` if it is registered, else the first registered variant (sorted)."""
    from mjsim import variants

    names = variants.names()
    return "sichuan" if "sichuan" in names else names[0]


DEFAULT_REWARD_SCALE = 10.0
#: first-use key and notice text of the AEC env's kernels (mjsim._compile_notice)
AEC_KEY = "envs.aec"
AEC_WHAT = "the AEC environment's reset, step and observation kernels"


def check_shaping(reward_shaping: str | None, shaping_coef: float) -> str | None:
    """``reward_shaping`` checked: ``None`` (off, the default) or ``"shanten"``
    (``mjsim.envs.shaping``); ``shaping_coef`` must be a finite number > 0. ``ValueError``
    naming the bad value and the valid ones."""
    import math

    from mjsim.envs.shaping import SHAPINGS

    if reward_shaping is not None and reward_shaping not in SHAPINGS:
        valid = ", ".join(repr(x) for x in (None, *SHAPINGS))
        raise ValueError(f"reward_shaping={reward_shaping!r}; valid: {valid}")
    if (
        isinstance(shaping_coef, bool)
        or not isinstance(shaping_coef, int | float | np.integer | np.floating)
        or not math.isfinite(shaping_coef)
        or shaping_coef <= 0
    ):
        raise ValueError(f"shaping_coef={shaping_coef!r} must be a finite number > 0")
    return reward_shaping


def env(
    variant: str | None = None,
    render_mode: str | None = None,
    obs: str = "planes-v0",
    hands: int = 1,
    **kwargs: Any,
) -> AECEnv:
    """The AEC environment with PettingZoo's classic-game checks (see the module docstring): a
    :class:`checked_env`, which makes the checks of ``OrderEnforcingWrapper``,
    ``AssertOutOfBoundsWrapper`` and ``TerminateIllegalWrapper(illegal_reward=-1)`` itself, in
    the same order and with the same errors, warnings and outcomes, without three wrapper
    layers around every call. ``variant=None`` picks :func:`default_variant`; other keyword
    arguments go to :class:`raw_env` (``normalize_rewards``, ``reward_scale``, ``quiet`` ...) or
    are ``RuleSpec`` overrides. An illegal action ends the game with reward -1 for the
    offender."""
    return checked_env(variant, render_mode=render_mode, obs=obs, hands=hands, **kwargs)


#: types of the values of an outcome that need no copy
_ATOMS = frozenset((int, float, str, bool, type(None)))


def _fresh(value: Any) -> Any:
    """A copy of ``value`` with every list and dict copied (the rest is immutable)."""
    if type(value) is list:
        return [x if type(x) in _ATOMS else _fresh(x) for x in value]
    if type(value) is dict:
        return {k: x if type(x) in _ATOMS else _fresh(x) for k, x in value.items()}
    return value


#: the keys of an outcome (OutcomeReader.__call__): ints, strings or None, except the int
#: lists (winners, values, payments, scores) and the items (per winner, a list of dicts of
#: ints, strings or None)
_OUTCOME_KEYS = frozenset(
    ("winners", "win_kind", "discarder", "win_tile", "dealer", "value", "values", "items",
     "payments", "deposits", "scores")
)  # fmt: skip


def _fresh_outcome(out: dict[str, Any]) -> dict[str, Any]:
    """:func:`_fresh` of an outcome dict (:class:`mjsim.outcome.OutcomeReader`), faster when it
    has the reader's layout: its int lists sliced, its items' dicts copied flat."""
    if out.keys() == _OUTCOME_KEYS:  # the reader's layout: no test per value
        d = out.copy()
        d["winners"] = out["winners"][:]
        d["values"] = out["values"][:]
        d["payments"] = out["payments"][:]
        d["scores"] = out["scores"][:]
        d["items"] = [[i.copy() for i in w] for w in out["items"]]
        return d
    return _fresh(out)


#: decisions per block of observation rows (:meth:`raw_env._next_block`): the env changes
#: blocks every ``BLOCK_ROWS`` decisions, and an observation kept keeps its block alive (~45 KB
#: for ``planes-v0``)
BLOCK_ROWS = 32


def _block_refs(block: tuple[Any, ...]) -> tuple[int, int]:
    """The reference counts of a block's planes and masks (``block``: the tuple of
    :meth:`raw_env._new_block`), read the same way for the calibration below and the check."""
    return sys.getrefcount(block[0]), sys.getrefcount(block[1])


def _free_block_refs() -> tuple[int, int]:
    """:func:`_block_refs` of a block that only its tuple holds (its masks also by their view in
    the observations' dtype): what the interpreter counts, measured rather than assumed."""
    masks = np.zeros((1, 1), np.bool_)
    block = (np.zeros((1, 1, 1), np.int8), masks, masks.view(np.int8), 0, 0)
    del masks
    return _block_refs(block)


#: references to a spare block's planes and masks when no observation served from it is alive
#: (:meth:`raw_env._next_block`); any other count (an observation holds a row) means "in use"
_FREE_REFS = _free_block_refs()

#: ``mask_dtype`` option -> the dtype of the mask in observations
_MASK_DTYPES = {"int8": mask_space().dtype.type, "bool": np.bool_}

#: attributes PettingZoo's OrderEnforcingWrapper refuses before the first reset
_BEFORE_RESET = frozenset(
    ("rewards", "terminations", "truncations", "infos", "agent_selection", "num_agents", "agents")
)


class _AgentIterable(AECIterable):
    """``agent_iter`` of :class:`checked_env`: the checks of PettingZoo's
    ``AECOrderEnforcingIterator`` (a ``step`` or ``reset`` between two agents; at most
    ``max_iter`` agents; the loop ends when no agent is left)."""

    def __iter__(self) -> Iterator[str]:
        return _agents(self.env, self.max_iter)


def _agents(env: checked_env, max_iter: int) -> Iterator[str]:
    if max_iter >= 2**62:  # PettingZoo's default 2**63: no count (an int that size never runs out)
        while env.agents:
            assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
            env._has_updated = False
            yield env.agent_selection
        return
    while env.agents and max_iter > 0:
        max_iter -= 1
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        yield env.agent_selection


class _Discrete(gym.spaces.Discrete):
    """``Discrete(n)`` whose ``contains`` answers a plain ``int`` without numpy conversions
    (``AssertOutOfBoundsWrapper`` calls it on every step), and whose ``sample(mask=...)`` also
    takes a bool mask (``mask_dtype="bool"``; Gymnasium's takes int8 only); anything else as
    ``Discrete``."""

    def contains(self, x: Any) -> bool:
        if type(x) is int:
            return self.start <= x < self.start + self.n
        return super().contains(x)

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if isinstance(mask, np.ndarray) and mask.dtype == np.bool_:
            mask = mask.view(np.int8)
        if probability is None:  # (Gymnasium releases without a probability argument)
            return super().sample(mask=mask)
        return super().sample(mask=mask, probability=probability)


class raw_env(AECEnv):
    """The bare AEC environment.

    Args:
        variant: a registered id (``mjsim.variants.names()``); ``None`` = :func:`default_variant`.
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the table as text with unicode
            tiles), ``"human"`` (prints it) or ``"rgb_array"`` (``render()`` returns a picture
            of the table, ``uint8[H, W, 3]``, for video recorders; needs Pillow).
        obs: encoder name: ``"planes-v0"`` (``int8[41, 34]``), ``"planes-v1"``
            (``int8[53, 34]``: + decision planes), ``"planes-v2"`` (``int8[58, 34]``: + the
            standing-tile / 宝 / 吃听 / ready-kind planes), ``"planes-v3"`` (``int8[63, 34]``: + honours set
            aside, stakes, 补风), ``"planes-v4"`` (``int8[69, 34]``: + red fives), ``"planes-norm-v0"`` (``float32[63, 34]`` in [0, 1]:
            ``planes-v3`` scaled per plane) or ``"dict-v0"`` / ``"dict-v1"``.
        hands: hands per episode (a match with carry-over when > 1).
        episode: ``"hands"`` (the default: ``hands`` hands) or ``"game"``: one whole game of
            the spec's ``match`` (``"east"`` / ``"east_south"``: it ends by the rules' game end,
            :mod:`mjsim.games`); ``infos[agent]["game"]`` then holds the game's end, its
            hands, its first dealer's seat and, by seat, the final points, places and
            placement points. The next ``reset()`` without a seed deals from the hand number
            after the game's last hand.
        game_reward: with ``episode="game"``: ``"hand"`` (the default: each hand's points as
            they are paid, as with ``hands``), ``"points"`` (nothing until the game ends, then
            each agent's final points minus ``start_points``), ``"placement"`` (then its
            placement points, in thousands: uma / oka) or ``"rank"`` (then ``(n + 1) / 2 -
            place``: 1.5, 0.5, -0.5, -1.5 for four players). Divided by ``reward_scale`` with
            ``normalize_rewards``.
        normalize_rewards: divide points by ``reward_scale`` (default 10).
        reward_shaping: ``None`` (the default: points only) or ``"shanten"``: add
            ``Φ(after) - Φ(before)`` of every agent's hand at every step, ``Φ = -shaping_coef *
            (distance to a win + 1)`` points, 0 once the episode is over
            (``mjsim.envs.shaping``; divided by ``reward_scale`` with ``normalize_rewards``).
        shaping_coef: points per step of distance (default 1).
        mask_dtype: dtype of ``observation["action_mask"]``: ``"int8"`` (the default, as every
            env's mask: what Gymnasium's masked ``sample()`` takes) or ``"bool"`` (the same
            0/1 values as ``np.bool_``: numpy's ``mask.nonzero()`` / ``np.flatnonzero`` are
            about twice as fast on a bool array; the env's action spaces sample from either).
        quiet: no compile notice on the first ``reset`` (default: ``MJSIM_QUIET``). On sources
            this machine has not compiled yet, the first ``reset`` of a process compiles every
            kernel of ``reset``, ``step`` and ``observe`` (minutes, once, then cached) and says
            so on stderr with the elapsed time.
        overrides: ``RuleSpec`` fields (``mjsim.variants.get``).

    Raises:
        ValueError: unknown variant / encoder / render mode / override, ``hands < 1``;
        ``NotImplementedError`` for rule values the engine does not play yet.
    """

    metadata = {
        "render_modes": ["human", "ansi", "rgb_array"],
        "name": "mahjong_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        variant: str | None = None,
        render_mode: str | None = None,
        obs: str = "planes-v0",
        hands: int = 1,
        episode: str = "hands",
        game_reward: str = "hand",
        normalize_rewards: bool = False,
        reward_scale: float = DEFAULT_REWARD_SCALE,
        reward_shaping: str | None = None,
        shaping_coef: float = 1.0,
        mask_dtype: str = "int8",
        quiet: bool | None = None,
        **overrides: Any,
    ) -> None:
        from mjsim import variants

        super().__init__()
        self._quiet = quiet
        if variant is None:
            variant = default_variant()
        self.spec = variants.get(variant, **overrides)
        check_playable(self.spec)
        self.variant = variant
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(
                f"render_mode={render_mode!r}; valid: None, 'human', 'ansi', 'rgb_array'"
            )
        self.render_mode = render_mode
        if not isinstance(hands, int | np.integer) or hands < 1:
            raise ValueError(f"hands={hands!r} must be an integer >= 1")
        self.hands = int(hands)
        check_game_episode(self.spec, episode, game_reward, hands)
        self.episode = episode
        self.game_reward = game_reward
        self._game_rows: list[tuple[int, int, int, int, list[int]]] = []
        if reward_scale <= 0:
            raise ValueError(f"reward_scale={reward_scale!r} must be > 0")
        self._scale = float(reward_scale) if normalize_rewards else 1.0
        self.reward_shaping = check_shaping(reward_shaping, shaping_coef)
        if mask_dtype not in _MASK_DTYPES:
            raise ValueError(f"mask_dtype={mask_dtype!r}; valid: 'int8', 'bool'")
        self.mask_dtype = mask_dtype
        self._coef = float(shaping_coef) / self._scale if self.reward_shaping else 0.0
        self._phi = np.zeros(4, np.float64)  # each seat's shaping potential
        self._closed = False
        self._rules = self.spec.compile()
        self._outcome = OutcomeReader(self.spec, self._rules)
        self.n_players = self.spec.n_players
        self.encoder = get_encoder(obs)
        self.possible_agents = [f"player_{i}" for i in range(self.n_players)]
        # seat <-> agent of the hand in play (players change seats in guobiao matches)
        self._seating = seating_table(self.spec)
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.agent_at_seat: list[str] = list(self.possible_agents)
        self.observation_spaces = {
            a: observation_space(self.encoder.space(self.n_players), _MASK_DTYPES[mask_dtype])
            for a in self.possible_agents
        }
        self.action_spaces = {a: _Discrete(N_ACTIONS) for a in self.possible_agents}
        self._state = new_state(1, rec_cap=0)
        self._mask = np.zeros(N_ACTIONS, np.bool_)
        # the mask as observations show it (a view of the engine's bool mask)
        self._mask8 = self._mask.view(_MASK_DTYPES[mask_dtype])
        self._no_mask = np.zeros(N_ACTIONS, _MASK_DTYPES[mask_dtype])
        self._totals = np.zeros(4, np.int64)
        self._rew = np.zeros(4, np.int64)
        self._planes = self.encoder.is_planes
        # observe() of the agent to act copies the planes the step kernel encoded
        self._plain = self._planes and not self.encoder.scaled
        self._live = False  # reset() done, not closed, the agent to act not terminated
        # the episode is over (every agent terminated), not closed: agents leave by step(None)
        self._ended = False
        self._skip_agent_selection: str | None = None  # PettingZoo's dead-step bookkeeping
        # the episode is over: the agents' final observations not served yet (last())
        self._finals: dict[str, dict[str, np.ndarray]] | None = None
        self._version = self.encoder.version if self._planes else -1
        # the shape of an observation's planes (a scratch array: encode_h's argument type)
        self._obs_buf = np.zeros((self.encoder.n_planes if self._planes else 1, 34), np.int8)
        # the block of decisions the kernels write (row _row: the agent to act's planes, valid
        # for _obs_seat, and mask), and the other block, reused when nothing served from it is
        # alive: _next_block
        self._spare: tuple[Any, ...] | None = None
        self._obs_rows, self._mask_rows, self._mask_rows8, *_ = self._new_block()
        self._row = -1
        self._obs_seat = -1
        # the agent to act when the kernel wrote its decision (last() serves its row), else
        # None; set with _obs_seat by reset() and step()
        self._obs_agent: str | None = None
        self._rewarded = False  # the last step gave some seat a non-zero reward
        # a step that ends no hand and pays nothing needs no reward bookkeeping (no shaping,
        # rewards per hand, planes served from the kernel's buffer, no printing)
        self._calm_config = (
            not self._coef
            and self.game_reward == "hand"
            and self._plain
            and self.render_mode != "human"
        )
        self._calm = False  # _calm_config and the last step paid nothing
        # seating rows as Python ints (reset() and a new hand of a match read them)
        self._seating_rows = [[int(x) for x in row] for row in np.asarray(self._seating)]
        self._fixed_seats = all(
            row[: self.n_players] == list(range(self.n_players)) for row in self._seating_rows
        )
        self._compile_key = f"{AEC_KEY}:{self.spec.scorer_kind()}"  # one engine per scorer
        # reset()'s dicts in agent order (copied), and the seats of the first hand
        self._zeros = dict.fromkeys(self.possible_agents, 0.0)
        self._falses = dict.fromkeys(self.possible_agents, False)
        self._seat0 = {a: i for i, a in enumerate(self.possible_agents)}
        self._sc = self._rules.scorer
        self._set_entries(resolve=False)
        self._make_header()
        self._seed: int | None = None
        self._next_hand_no = 0
        self.agents: list[str] = []

    def _make_header(self) -> None:
        """The int64 header addressing the state, rules and step buffers (one kernel argument
        instead of 24: ``mjsim.envs.kernels.make_header``); the scalars are set by reset()."""
        self._h = make_header(
            (
                *self._state,
                *self._rules.arrays(),
                self._totals,
                self._rew,
                self._mask,
                self._obs_rows,
                self._mask_rows,
            ),
            STATE_LAYOUT + AEC_LAYOUT,
            N_AEC_CTL,
        )
        self._h[AEC_CTL + C_VERSION] = self._version
        self._h[AEC_CTL + C_ROW] = self._row

    def _new_block(self) -> tuple[Any, ...]:
        """A zeroed block of :data:`BLOCK_ROWS` decisions for the kernels to write: its planes
        ``int8[BLOCK_ROWS, C, 34]``, its masks ``bool[BLOCK_ROWS, N_ACTIONS]``, the masks in
        the observations' dtype, and the two arrays' addresses."""
        obs = np.zeros((BLOCK_ROWS, *self._obs_buf.shape), np.int8)
        masks = np.zeros((BLOCK_ROWS, N_ACTIONS), np.bool_)
        masks8 = masks.view(_MASK_DTYPES[self.mask_dtype])
        return obs, masks, masks8, obs.ctypes.data, masks.ctypes.data

    def _next_block(self) -> None:
        """The kernels wrote the decision in play into the last row of the block: the kernels
        go on in the other block (``last()`` hands out views of rows, and a row is written once
        in its block's turn, so an observation stays valid after later steps without a copy).
        The other block is the spare when no observation served from it is alive (its
        reference counts, :data:`_FREE_REFS`: the common loop that keeps no observation, or
        copies it into its own buffer, changes between two blocks), else a new one; the
        decision in play is copied into its row 0."""
        h = self._h
        full = (
            self._obs_rows,
            self._mask_rows,
            self._mask_rows8,
            int(h[AEC_OBS * SLOT]),
            int(h[AEC_MASKS * SLOT]),
        )
        nxt = self._spare
        if nxt is None or _block_refs(nxt) != _FREE_REFS:
            nxt = self._new_block()
        obs, masks, masks8, obs_at, masks_at = nxt
        row = self._row
        obs[0] = full[0][row]
        masks[0] = full[1][row]
        self._obs_rows, self._mask_rows, self._mask_rows8 = obs, masks, masks8
        self._spare = full
        self._row = 0
        h[AEC_OBS * SLOT] = obs_at
        h[AEC_MASKS * SLOT] = masks_at
        h[AEC_CTL + C_ROW] = 0

    def _set_entries(self, resolve: bool) -> None:
        """The kernels ``step``, ``reset`` and ``observe`` call: with ``resolve``, their compiled
        entries for this env's argument types (:func:`mjsim.envs.kernels.entry_point`: no
        per-call type dispatch), else the jitted functions themselves."""
        if resolve:
            h, sc = self._h, self._sc
            self._kstep = entry_point(aec_step_h, h, sc, 0)
            self._kreset = entry_point(aec_reset_h, h, sc, 0, 0)
            self._kencode = entry_point(encode_h, h, sc, 0, self._obs_buf, self._version)
            self._kencode_seats = entry_point(
                encode_seats_h, h, sc, self._obs_buf[None], self._version
            )
        else:
            self._kstep, self._kreset, self._kencode = aec_step_h, aec_reset_h, encode_h
            self._kencode_seats = encode_seats_h

    def __getstate__(self) -> dict[str, Any]:
        # the header holds addresses: never copied, rebuilt for the copied arrays; the compiled
        # entries are looked up again
        d = self.__dict__.copy()
        d["_ctl"] = d.pop("_h")[AEC_CTL:].copy()
        for k in ("_kstep", "_kreset", "_kencode", "_kencode_seats"):
            d.pop(k, None)
        d["_spare"] = None  # (holds addresses)
        return d

    def __setstate__(self, d: dict[str, Any]) -> None:
        ctl = d.pop("_ctl")
        self.__dict__.update(d)
        # a copied view no longer aliases the mask (nor the block's masks)
        self._mask8 = self._mask.view(_MASK_DTYPES[d.get("mask_dtype", "int8")])
        self._mask_rows8 = self._mask_rows.view(_MASK_DTYPES[d.get("mask_dtype", "int8")])
        self._sc = self._rules.scorer
        self._make_header()
        self._h[AEC_CTL:] = ctl
        self._set_entries(resolve=True)

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> gym.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gym.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ lifecycle
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start an episode (module docstring: seeding, ``options={"hand": i}``); also after
        ``close()``."""
        self._closed = False
        self._ended = False
        self._finals = None
        self._skip_agent_selection = None
        if seed is not None:
            if not isinstance(seed, int | np.integer) or seed < 0:
                raise ValueError(f"seed={seed!r} must be an integer >= 0")
            self._seed = int(seed)
            self._next_hand_no = 0
        elif self._seed is None:
            self._seed = int(np.random.SeedSequence().entropy % (2**62))
            self._next_hand_no = 0
        if options and "hand" in options:
            h0 = options["hand"]
            if not isinstance(h0, int | np.integer) or h0 < 0:
                raise ValueError(f"options['hand']={h0!r} must be an integer >= 0")
            self._next_hand_no = int(h0)
        key = self._compile_key
        if not _compile_notice.loaded(key):
            _compile_notice.first_use(key, AEC_WHAT, self._compile_kernels, quiet=self._quiet)
        if self._kstep is aec_step_h:
            self._set_entries(resolve=True)
        h = self._next_hand_no
        n = self.n_players
        self._first_dealer = d = h % n
        ctl = self._h
        ctl[AEC_CTL + C_SEED] = self._seed
        ctl[AEC_CTL + C_HANDS_LEFT] = self.hands - 1  # episode="game": 0, Python deals on
        ctl[AEC_CTL + C_FIRST_DEALER] = d
        self._game_rows = []
        self._next_hand_no = h + self.hands
        self._rewarded = False
        # deal, totals, mask and the planes of the seat to act: one jitted call
        code = self._kreset(ctl, self._sc, h, d)
        self._obs_seat = cp = (code & CODE_SEAT) - 1
        self._row = code >> CODE_ROW
        if code & CODE_FULL:
            self._next_block()
        agents = self.possible_agents
        zeros, falses = self._zeros, self._falses  # in agent order, copied
        self._seat = self._seat0.copy()
        self.agent_at_seat = agents[:]
        if not self._fixed_seats:
            self._reseat()
        self.agents = agents[:]
        self.rewards = zeros.copy()
        self._cumulative_rewards = zeros.copy()
        self.terminations = falses.copy()
        self.truncations = falses.copy()
        self.infos = {a: {} for a in agents}
        self.agent_selection = self.agent_at_seat[cp]
        self._live = True
        self._calm = self._calm_config
        self._obs_agent = self.agent_selection if self._plain and cp >= 0 else None
        if self._coef:
            self._phi = self._potentials(False)

    def _compile_kernels(self) -> None:
        """Compile (or load) every kernel ``reset``, ``step`` and ``observe`` call, for the
        argument types they pass, without running them: the first ``step`` then does not
        stop to compile the engine on its own."""
        s, r, cf = self._state, self._rules, _compile_notice.compile_for
        cf(start_match, s, r, 0, 0, 0, 0)
        cf(seat_totals, s, r, 0, self._totals)
        cf(legal.legal_mask, s, r, 0, self._mask)
        cf(legal.current_player, s, 0)
        cf(aec_step_h, self._h, self._rules.scorer, 0)
        cf(aec_reset_h, self._h, self._rules.scorer, 0, 0)
        if self.episode == "game":
            cf(next_hand, s, r, 0, 0, 0)
        if self._planes:
            cf(encode_h, self._h, self._rules.scorer, 0, self._obs_buf, self._version)
            cf(encode_seats_h, self._h, self._rules.scorer, self._obs_buf[None], self._version)
        if self.encoder.scaled:
            from mjsim.envs.encoders import NORM_MUL_V0, NORM_RECENCY_V0, scale_planes

            f = np.zeros((1, *self._obs_buf.shape), np.float32)
            cf(scale_planes, self._obs_buf[None], NORM_MUL_V0, NORM_RECENCY_V0, f, 0, 0)
        if self._coef:
            from mjsim.envs.shaping import distances

            cf(distances, s, r, np.zeros((1, 4), np.bool_), np.zeros((1, 4)))

    def _game_goes_on(self) -> bool:
        """``episode="game"``: note the hand just settled and say whether the game goes on
        (:func:`mjsim.games.game_length` over the hands so far and the next hand's dealer and
        prevailing wind, which the settlement has set)."""
        from mjsim.engine.state import (
            PV_PAY,
            TV_DEALER,
            TV_NEXT_DEALER,
            TV_NEXT_ROUND_WIND,
            TV_RC_ABORT,
            TV_WINNERS,
        )

        tv, pv, n = self._state.tv[0], self._state.pv[0], self.n_players
        winners = int(tv[TV_WINNERS])
        exhaustive = winners == 0 and int(tv[TV_RC_ABORT]) == 0
        pays = [int(pv[q, PV_PAY]) for q in range(n)] + [0] * (4 - n)
        self._game_rows.append(
            (int(tv[TV_ROUND_WIND]), int(tv[TV_DEALER]), winners, 0 if exhaustive else 1, pays)
        )
        nxt = (int(tv[TV_NEXT_ROUND_WIND]), int(tv[TV_NEXT_DEALER]), 0, 1, [0, 0, 0, 0])
        rows = np.zeros(len(self._game_rows) + 1, dtype=HAND_DTYPE)
        for i, (rw, d, w, left, pays) in enumerate([*self._game_rows, nxt]):
            rows[i]["round_wind"], rows[i]["dealer"], rows[i]["winners"] = rw, d, w
            rows[i]["draws_left"] = left
            for q in range(4):
                rows[i][f"pay{q}"] = pays[q]
        _, end = game_length(rows, self.spec, self._first_dealer)
        self._game_end = end
        return end == "unfinished"

    def _deal_next_hand(self) -> int:
        """Deal the next hand of the game (the engine's carry-over), seat its players and
        return the seat to act."""
        s = self._state
        next_hand(s, self._rules, 0, self._seed, self._first_dealer)
        seat_totals(s, self._rules, 0, self._totals)
        legal.legal_mask(s, self._rules, 0, self._mask)
        self._obs_seat = -1
        self._obs_agent = None
        self._reseat()
        return int(legal.current_player(s, 0))

    def _end_game(self) -> None:
        """``episode="game"`` is over: the game's result into every agent's info, and the
        rewards of ``game_reward`` other than ``"hand"``."""
        n = self.n_players
        pays = [sum(r[4][q] for r in self._game_rows) for q in range(n)]
        game = game_result(
            pays, self.spec, self._first_dealer, self._game_end, len(self._game_rows)
        )
        # the next episode deals from the hand number after the game's last hand
        self._next_hand_no = int(self._state.tv[0, TV_HAND_NO]) + 1
        rew = game_rewards(game, self.spec, self.game_reward)
        for ag in self.agents:
            seat = self._seat[ag]
            self.infos[ag]["game"] = game
            if rew is not None:
                x = rew[seat] / self._scale
                self.rewards[ag] = x
                self._cumulative_rewards[ag] += x

    def seat_of(self, agent: str) -> int:
        """The engine seat ``agent`` occupies in the hand in play (``KeyError`` for an unknown
        agent)."""
        return self._seat[agent]

    def _reseat(self) -> None:
        """Seat the players of the hand just dealt (``mjsim.engine.seating``); when anyone moved,
        move each player's running score (engine ``PV_SCORE`` and the reward baseline) along."""
        tv = self._state.tv[0]
        n = self.n_players
        w, d = int(tv[TV_ROUND_WIND]) % 4, int(tv[TV_FIRST_DEALER])
        row = self._seating_rows[w]
        new = [self.possible_agents[(d + row[(q - d) % n]) % n] for q in range(n)]
        if new == self.agent_at_seat:
            return
        old = [self._seat[a] for a in new]  # the seat each new occupant comes from
        pv = self._state.pv[0]
        scores = pv[:n, PV_SCORE].copy()
        totals = self._totals[:n].copy()
        for q in range(n):
            pv[q, PV_SCORE] = scores[old[q]]
            self._totals[q] = totals[old[q]]
        self.agent_at_seat = new
        self._seat = {a: q for q, a in enumerate(new)}

    def observe(self, agent: str) -> dict[str, Any]:
        """``{"observation": ..., "action_mask": int8[N_ACTIONS] (208)}`` (``bool`` with
        ``mask_dtype="bool"``) of ``agent`` (fresh arrays: an observation stays valid after
        later steps; ``last()`` serves the agent to act's without a copy)."""
        seat = self._seat[agent]
        if self._live and agent == self.agent_selection:
            if seat == self._obs_seat and self._plain:  # the planes the kernel encoded
                return {
                    "observation": self._obs_rows[self._row].copy(),
                    "action_mask": self._mask8.copy(),
                }
            mask = self._mask8.copy()
        elif self._closed:
            self._raise_closed()
        else:
            mask = self._no_mask.copy()
        if self._planes:
            if seat == self._obs_seat:
                o = self._obs_rows[self._row].copy()
            else:
                o = np.empty_like(self._obs_buf)
                self._kencode(self._h, self._sc, seat, o, self._version)
            if self.encoder.scaled:
                o = self.encoder.scale(o)
        else:
            o = self.encoder.encode(self._state, self._rules, 0, seat)
        return {"observation": o, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """``AECEnv.last``: the observation (with ``observe``), cumulative reward, termination,
        truncation and info of the agent to act."""
        agent = self.agent_selection
        if agent is self._obs_agent and observe and self._live:
            # the decision the kernel wrote, served once as views of its row (never written
            # again); a second last() before the next step takes observe()'s copies
            row = self._row
            obs = {"observation": self._obs_rows[row], "action_mask": self._mask_rows8[row]}
            self._obs_agent = None
        elif not observe:
            obs = None
        elif self._ended and self._plain:  # the episode is over: the agent's final planes
            finals = self._finals
            if finals is None:
                finals = self._finals = self._final_observations()
            obs = finals.pop(agent, None)  # each served once, then observe()'s fresh arrays
            if obs is None:
                obs = self.observe(agent)
        else:
            obs = self.observe(agent)
        return (
            obs,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def _final_observations(self) -> dict[str, dict[str, np.ndarray]]:
        """The episode is over: every agent's final observation (its planes, an all-zero
        mask), encoded for every seat in one kernel call, for ``last()`` to serve once each."""
        n = self.n_players
        planes = np.empty((n, *self._obs_buf.shape), np.int8)
        self._kencode_seats(self._h, self._sc, planes, self._version)
        masks = np.zeros((n, N_ACTIONS), self._no_mask.dtype)
        seat = self._seat
        return {
            ag: {"observation": planes[seat[ag]], "action_mask": masks[seat[ag]]}
            for ag in self.agents
        }

    def step(self, action: int | None) -> None:
        """Apply ``action`` for the agent to act; ``None`` for an agent already terminated.
        ``ValueError`` naming the legal actions for ``None``, an illegal or out-of-range id."""
        if type(action) is int and self._live and 0 <= action < N_ACTIONS:
            code = self._kstep(self._h, self._sc, action)  # CODE_ILLEGAL: nothing applied
            if code >= 0:
                self._after_step(code)
                return
        if action is None and self._ended and self.agents:  # every agent is terminated
            self._was_dead_step(None)
            return
        if self._closed:
            self._raise_closed()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._advance(self._checked_action(agent, action))

    def _checked_action(self, agent: str, action: Any) -> int:
        """``action`` of the live ``agent`` as a legal action id, or ``ValueError`` naming the
        legal actions."""
        if action is None:
            raise ValueError(
                f"action None for {agent} (seat {self._seat[agent]}), who is to act: None is "
                "only for an agent already terminated or truncated; pass a legal action id "
                "(observation['action_mask'])"
            )
        a = int(action)
        if not 0 <= a < N_ACTIONS or not self._mask[a]:
            legal = ", ".join(
                f"{action_name(int(x))} ({int(x)})" for x in np.flatnonzero(self._mask)
            )
            what = (
                f"illegal action {action_name(a)}"
                if 0 <= a < N_ACTIONS
                else f"action {a} out of range 0..{N_ACTIONS - 1}"
            )
            raise ValueError(f"{what} for {agent}; legal: {legal}")
        return a

    def _advance(self, a: int) -> None:
        """Play the legal action ``a`` of the agent to act: one jitted call (engine step,
        rewards, next mask and the next agent's planes), then the bookkeeping in Python."""
        code = self._kstep(self._h, self._sc, a)
        if code == CODE_ILLEGAL:  # the callers checked the mask
            raise AssertionError(f"action {a} is not legal")
        self._after_step(code)

    def _after_step(self, code: int) -> None:
        """The bookkeeping of a step the kernel applied (``code``: its return code) for the
        agent to act: rewards, the hand's end, the next agent."""
        agent = self.agent_selection
        cum = self._cumulative_rewards
        if not code & CODE_SLOW and self._calm:  # no hand ended, nothing paid now or before
            cum[agent] = 0.0
            self._obs_seat = cp = (code & CODE_SEAT) - 1
            self._row = code >> CODE_ROW
            self._obs_agent = self.agent_selection = self.agent_at_seat[cp]
            return
        cum[agent] = 0.0
        cp = (code & CODE_SEAT) - 1
        self._obs_seat = cp
        self._row = code >> CODE_ROW
        if code & CODE_FULL:
            self._next_block()
        if self._coef:  # every step pays the shaping: the points of the seating that earned them
            sc = self._scale
            base = [v / sc for v in self._rew.tolist()[: self.n_players]]
            points = dict(zip(self.agent_at_seat, base, strict=True))
        elif self.game_reward != "hand":
            pass  # rewards at the end of the game only
        elif code & CODE_REWARDED or self._rewarded:
            # the rewards belong to the seating of the hand that produced them
            self._rewarded = bool(code & CODE_REWARDED)
            sc = self._scale
            rewards = self.rewards
            for ag, v in zip(self.agent_at_seat, self._rew.tolist(), strict=False):
                x = v / sc
                rewards[ag] = x
                cum[ag] += x
        if code & CODE_ENDED:
            if code & CODE_DEALT:
                self._reseat()
            elif self.episode == "game" and self._game_goes_on():
                cp = self._deal_next_hand()
            else:
                self._live = False
                self._ended = True
                self.terminations = dict.fromkeys(self.agents, True)
                # the outcome of the last hand, read once: the first agent's info, a fresh
                # copy for every other (module docstring: no two agents' infos share a list or
                # dict); the copies are made before any "seat" is added, so that each has the
                # reader's layout (_fresh_outcome's fast path)
                out = self._outcome(self._state, 0)
                seat = self._seat
                agents = self.agents
                infos = self.infos = {}
                copies = [_fresh_outcome(out) for _ in range(len(agents) - 1)]
                for ag, info in zip(agents, [out, *copies], strict=True):
                    info["seat"] = seat[ag]
                    infos[ag] = info
                if self.episode == "game":
                    self._end_game()
        if self._coef:
            self._shape(points, bool(code & CODE_ENDED) and not code & CODE_DEALT)
        if cp >= 0:
            self.agent_selection = self.agent_at_seat[cp]
        self._calm = self._calm_config and not self._rewarded
        self._obs_agent = (
            self.agent_selection if self._live and self._plain and cp == self._obs_seat else None
        )
        if self.render_mode == "human":
            self.render()

    def _was_dead_step(self, action: None) -> None:
        """PettingZoo's ``AECEnv._was_dead_step`` with the same effects, in fewer operations:
        the terminated or truncated agent to act leaves ``agents`` and every per-agent dict;
        the next agent is the first dead one left (the agent that stepped first noted in
        ``_skip_agent_selection``), else the noted one; the rewards left are set to 0.

        Raises:
            ValueError: ``action`` is not ``None`` (the only action of a dead agent).
        """
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        term, trunc = self.terminations, self.truncations
        assert term[agent] or trunc[agent], "an agent that was not dead as attempted to be removed"
        del term[agent]
        del trunc[agent]
        rewards = self.rewards
        del rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        agents = self.agents
        agents.remove(agent)
        for ag in agents:
            if term[ag] or trunc[ag]:
                if self._skip_agent_selection is None:
                    self._skip_agent_selection = agent
                self.agent_selection = ag
                break
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        for ag in rewards:
            rewards[ag] = 0

    # ------------------------------------------------------------------ read access
    @property
    def state_arrays(self):
        """The engine :class:`~mjsim.engine.state.State` (one table): full information, for
        debugging and tests only (never part of an observation)."""
        return self._state

    @property
    def hand_number(self) -> int:
        """Index of the hand in play (the RNG key is ``(seed, hand_number)``)."""
        return int(self._state.tv[0, TV_HAND_NO])

    def render(self, all_hands: bool = False) -> str | np.ndarray | None:
        """``"ansi"``: the table as text (unicode tiles) as the agent to act sees it: its own
        tiles, the other seats' concealed tiles as a count (see
        :func:`mjsim.engine.records.render_table`); every hand face up with ``all_hands=True``
        (``env.unwrapped.render(all_hands=True)`` through a wrapper) or once the hand is over.
        ``"human"``: print it. ``"rgb_array"``: the same view as a picture, ``uint8[H, W, 3]``
        (:func:`mjsim.view.table_image`). ``None`` without a render mode (with a
        gymnasium-style warning)."""
        if self.render_mode is None:
            gym.logger.warn(
                "render() called without a render_mode (use 'ansi', 'human' or 'rgb_array')"
            )
            return None
        s = self._state
        done = int(s.tv[0, TV_PHASE]) == PH_DONE
        head = (
            f"mahjong_v0 {self.variant} hand {self.hand_number}"
            + (" (over)" if done else f", to act: {self.agent_selection}")
            + f" | scores {[int(x) for x in self._totals[: self.n_players]]}"
        )
        seats = ", ".join(f"{q}: {a}" for q, a in enumerate(self.agent_at_seat))
        left = int(draws_left(s, self._rules, 0))
        view = None if all_hands or done else self._seat[self.agent_selection]
        if self.render_mode == "rgb_array":
            from mjsim.view import table_image

            return table_image(s, self.spec, self._rules, view=view, title=head)
        text = f"{head}\nseats {seats}\n" + render_table(
            s,
            self.n_players,
            0,
            True,
            left,
            view=view,
            concealed_kong_shown=self.spec.concealed_kong_shown,
        )
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _potentials(self, over: bool) -> np.ndarray:
        """Each agent's shaping potential (``float64[n_players]`` in ``possible_agents`` order,
        from the seat it holds now; 0 for all once the episode is ``over``)."""
        from mjsim.envs.shaping import potentials

        seats = np.zeros((1, 4), np.bool_)
        seats[0, : self.n_players] = not over
        phi = potentials(self._state, self._rules, seats, self._coef)[0]
        return np.array([phi[self._seat[a]] for a in self.possible_agents])

    def _shape(self, points: dict[str, float], over: bool) -> None:
        """The rewards of a step with shaping: each agent's ``points`` (already / scale) plus
        its ``Φ(after) - Φ(before)`` (``mjsim.envs.shaping``; per agent, so a seat change in a
        match does not mix two players' potentials), also in ``infos[agent]["shaping"]``."""
        phi = self._potentials(over)
        delta = (phi - self._phi).tolist()
        self._phi = phi
        rewards = self.rewards
        cum = self._cumulative_rewards
        for i, ag in enumerate(self.possible_agents):
            x = points[ag] + delta[i]
            rewards[ag] = x
            cum[ag] += x
            self.infos[ag]["shaping"] = delta[i]
        self._rewarded = True

    def _raise_closed(self) -> None:
        raise ClosedEnvironmentError(
            "Trying to step mahjong_v0 after a call to `close()`: call reset() to start it again"
        )

    def close(self) -> None:
        """End the episode in play (idempotent): ``step`` and ``observe`` raise
        ``gymnasium.error.ClosedEnvironmentError`` until ``reset()`` starts the env again. The
        env holds no threads, files or windows, so nothing else is released."""
        self._closed = True
        self._live = False
        self._ended = False
        self._obs_agent = None


class checked_env(raw_env):
    """:class:`raw_env` that validates itself as PettingZoo's classic games are validated by
    their three wrappers (what :func:`env` returns). The checks, in the wrappers' order:

    - ``OrderEnforcingWrapper``: ``rewards``, ``terminations``, ``truncations``, ``infos``,
      ``agent_selection``, ``agents`` and ``num_agents`` raise ``AttributeError`` "... cannot be
      accessed before reset"; ``step``, ``observe``, ``render``, ``state`` and ``agent_iter``
      before ``reset`` raise PettingZoo's errors; a ``step`` once every agent has left warns;
      ``agent_iter`` asserts a ``step`` between two agents.
    - ``AssertOutOfBoundsWrapper``: an action outside ``Discrete(N_ACTIONS)`` (``None`` for an
      agent who is to act) raises ``AssertionError`` "action is not in action space".
    - ``TerminateIllegalWrapper(illegal_reward=-1)``: an illegal action (not in the agent's
      action mask) ends the game: PettingZoo logs "Illegal move made, game terminating",
      every agent is terminated and truncated, the offender's reward is ``illegal_reward`` and
      the others' 0.

    A legal ``int`` action of the agent to act takes one test (``type``, range, mask) before
    the jitted step; everything else goes through the checks above.
    """

    def __init__(self, *args: Any, illegal_reward: float = -1, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._illegal_value = illegal_reward
        self._has_reset = False
        self._has_updated = False
        del self.agents  # refused before reset
        if type(self) is checked_env:
            # Until the first reset the env is a _BeforeReset, whose __getattr__ refuses the
            # attributes PettingZoo refuses before reset; reset() makes it a checked_env again.
            # A class with __getattr__ would make every attribute read of a playing env a
            # generic lookup (CPython specialises attribute reads only without one).
            self.__class__ = _BeforeReset

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if type(self) is _BeforeReset:
            self.__class__ = checked_env
        self._has_reset = True
        self._has_updated = True
        super().reset(seed=seed, options=options)

    def step(self, action: int | None) -> None:
        if type(action) is int and self._live and 0 <= action < N_ACTIONS:
            code = self._kstep(self._h, self._sc, action)  # CODE_ILLEGAL: nothing applied
            if code >= 0:
                self._has_updated = True
                if not code & CODE_SLOW and self._calm:  # _after_step's first case, inlined
                    self._cumulative_rewards[self.agent_selection] = 0.0
                    self._obs_seat = cp = (code & CODE_SEAT) - 1
                    self._row = code >> CODE_ROW
                    self._obs_agent = self.agent_selection = self.agent_at_seat[cp]
                else:
                    self._after_step(code)
                return
        if action is None and self._ended and self.agents:  # every agent is terminated
            self._has_updated = True
            self._was_dead_step(None)
            return
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        if self._closed:
            self._raise_closed()
        agent = self.agent_selection
        dead = self.terminations[agent] or self.truncations[agent]
        if action is None and not dead:
            raise ValueError(
                f"action None for {agent} (seat {self._seat[agent]}), who is to act: None is "
                "only for an agent already terminated or truncated; pass a legal action id "
                "(observation['action_mask'])"
            )
        assert (action is None and dead) or self.action_spaces[agent].contains(action), (
            f"action is not in action space: {action!r} for {agent} (seat {self._seat[agent]}); "
            f"action ids are 0..{N_ACTIONS - 1}"
        )
        if dead:
            self._was_dead_step(action)
        elif not self._mask[action]:
            EnvLogger.warn_on_illegal_move()
            self._live = False
            self._ended = True
            self._obs_agent = None
            self._cumulative_rewards[agent] = 0
            self.terminations = dict.fromkeys(self.agents, True)
            self.truncations = dict.fromkeys(self.agents, True)
            self.rewards = dict.fromkeys(self.truncations, 0)
            self.rewards[agent] = float(self._illegal_value)
            self._accumulate_rewards()
            self._deads_step_first()
        else:
            self._advance(int(action))

    def observe(self, agent: str) -> dict[str, Any]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return super().observe(agent)

    def render(self, all_hands: bool = False) -> str | np.ndarray | None:
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        return super().render(all_hands=all_hands)

    def state(self) -> np.ndarray:
        if not self._has_reset:
            EnvLogger.error_state_before_reset()
        return super().state()

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _AgentIterable(self, max_iter)


class _BeforeReset(checked_env):
    """A :class:`checked_env` before its first ``reset()`` (which makes it a ``checked_env``):
    reading ``rewards``, ``terminations``, ``truncations``, ``infos``, ``agent_selection``,
    ``agents`` or ``num_agents`` raises PettingZoo's ``AttributeError`` "... cannot be accessed
    before reset"."""

    def __getattr__(self, name: str) -> Any:
        # only reached when the attribute is missing: before the first reset
        if name in _BEFORE_RESET:
            raise AttributeError(f"{name} cannot be accessed before reset")
        raise AttributeError(f"'checked_env' object has no attribute {name!r}")
