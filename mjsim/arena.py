"""Arena: rank bots by mean points per hand, with duplicate play so that luck cancels.

Duplicate play (the bridge / duplicate-mahjong format): every wall (hand ``i`` of seed ``S``,
dealt from the RNG key ``(S, i)`` with dealer ``i % n_players``) is replayed once per rotation
of the agents through the seats, so every agent meets the same tiles from every seat. An
agent's score on a wall is its mean payment over the rotations; the luck of the deal is common
to all agents and cancels in the differences. The plain-play comparison uses rotation 0 alone
(one seating per wall).

Agents are the in-kernel bots (``"greedy"``, ``"random"``: they play inside the compiled loop)
and Python agents (the :class:`mjsim.agents.Agent` protocol: ``act(observation, mask) -> int``),
named by a name registered with :func:`mjsim.agents.register_agent` in the same process, by
import path (``"mypkg.mybot:MyBot"``: a class, a factory or an agent object), or passed as
objects to :func:`arena`. A table with a Python agent is stepped from Python
(:class:`mjsim.engine.Game`, the in-kernel bots through :class:`mjsim.agents.KernelAgent`), on
the same walls and with the same bots' random streams as the compiled loop: a Python agent
that plays exactly like an in-kernel bot gets exactly its results.

Walls are played in blocks, each block in every seating before the next one starts, so an
interrupted arena (Ctrl-C, or ``KeyboardInterrupt`` raised by an agent) still reports a true
duplicate comparison over the walls finished in every seating, and says how many hands of the
unfinished block it left out.

``mjsim.arena(...)`` is :func:`arena` (the module can be called).
"""

from __future__ import annotations

import importlib
import math
import sys
import types
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from mjsim._text import columns, ljust, width
from mjsim.rules.spec import RuleSpec
from mjsim.stats import Estimate, fmt, mean_ci, paired_diff, per_player

#: fewest walls for which :func:`arena` estimates the variance removed by duplicate play. The
#: estimate is a ratio of two sample variances; each has a relative standard error of about
#: ``sqrt(2 / (n - 1))`` for ``n`` walls (more with the heavy tails of mahjong payments): 0.47 at
#: 10 walls, where the ratio can come out anywhere (-351% was printed for 10 walls), 0.14 at
#: 100. Below it the report says "n/a (sample too small: N walls ...)" instead of a number.
MIN_VARIANCE_WALLS = 100

#: what the report and ``docs/cli.md`` say "variance removed" means
VARIANCE_REMOVED_MEANING = (
    "variance removed = how much less an agent's mean score varies from run to run with "
    "duplicate play than with plain play of as many hands (1 - Var(duplicate mean) / "
    "Var(plain mean)): 100% = the luck of the deal fully cancelled, 0% = no gain"
)

#: observation a Python agent gets by default: the :class:`mjsim.engine.Game` itself
OBS_GAME = "game"


@dataclass(frozen=True)
class Entrant:
    """One agent of an arena: ``label`` (its name in the ranking), and either ``kernel`` (an
    in-kernel bot name) or ``make`` (builds the Python agent of one seat: a new instance per
    seat, or the same object for an agent passed as an object)."""

    label: str
    kernel: str | None = None
    make: Callable[[], Any] | None = None


def _agent_error(token: str, what: str) -> ValueError:
    return ValueError(f"agent {token!r}: {what}")


def _check_agent(obj: Any, token: str, what: str) -> Any:
    """``obj`` if it has a callable ``act`` (the Agent protocol); ``ValueError`` saying what is
    missing otherwise."""
    act = getattr(obj, "act", None)
    if act is None:
        raise _agent_error(
            token,
            f"{what} is not an Agent: it has no act(observation, mask) method "
            "(an Agent returns a legal action id from act(observation, mask))",
        )
    if not callable(act):
        raise _agent_error(token, f"{what} is not an Agent: its act is not callable")
    return obj


def _from_object(obj: Any, token: str, what: str) -> Entrant:
    """An :class:`Entrant` from a class (one instance per seat), an agent object (shared) or a
    factory (called once per seat)."""
    from mjsim.agents import KernelAgent

    if isinstance(obj, KernelAgent):
        return Entrant(token, kernel=obj.name)
    if isinstance(obj, type):
        _check_agent(obj, token, f"class {obj.__qualname__}")
        return Entrant(token, make=_factory(obj, token, f"{obj.__qualname__}()"))
    if getattr(obj, "act", None) is None and callable(obj):  # a factory returning an Agent
        call = f"{getattr(obj, '__qualname__', None) or what}()"
        return Entrant(token, make=_factory(obj, token, call))
    _check_agent(obj, token, what)
    return Entrant(token, make=lambda: obj)


def _factory(build: Callable[[], Any], token: str, call: str) -> Callable[[], Any]:
    def make() -> Any:
        try:
            agent = build()
        except Exception as e:  # noqa: BLE001 - named with the agent, re-raised as ValueError
            raise _agent_error(token, f"{call} failed: {type(e).__name__}: {e}") from e
        return _check_agent(agent, token, f"{call} returned {type(agent).__name__} that")

    return make


def _import_path(token: str) -> Entrant:
    """``"pkg.mod:Attr"`` (``Attr`` may be dotted) or ``"pkg.mod.Attr"``."""
    if ":" in token:
        mod, _, attr = token.partition(":")
    else:
        mod, _, attr = token.rpartition(".")
    if not mod or not attr:
        raise _agent_error(token, "an import path is written module:attribute (mypkg.mybot:MyBot)")
    try:
        obj: Any = importlib.import_module(mod)
    except Exception as e:  # noqa: BLE001 - any import failure is the user's to see, named
        raise _agent_error(token, f"cannot import module {mod!r}: {type(e).__name__}: {e}") from e
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise _agent_error(token, f"module {mod!r} has no attribute {attr!r}") from None
    return _from_object(obj, token, f"{mod}:{attr} (a {type(obj).__name__})")


def resolve_agent(agent: Any) -> Entrant:
    """The :class:`Entrant` of one ``--agents`` entry.

    ``agent``: an in-kernel bot name (``mjsim.agents.policies.AGENT_IDS``), a name registered
    with :func:`mjsim.agents.register_agent` (a factory returning a
    :class:`mjsim.agents.KernelAgent` counts as that in-kernel bot), an import path
    ``"module:attribute"`` (or ``"module.attribute"``) of an Agent class (instantiated once per
    seat), factory or object, or, from Python, an agent object or class itself (its label is
    its ``name`` attribute, else its class name).

    Raises ``ValueError`` naming the entry: an unknown name (listing the known ones), an import
    that fails (with the error), an attribute the module lacks, an object without ``act``.
    Building the Python agents (:attr:`Entrant.make`) raises the same way."""
    from mjsim.agents import KernelAgent, agent_names, make_agent
    from mjsim.agents.policies import AGENT_IDS

    if not isinstance(agent, str):
        label = getattr(agent, "name", None)
        if not isinstance(label, str) or not label:
            label = agent.__name__ if isinstance(agent, type) else type(agent).__name__
        what = f"class {agent.__qualname__}" if isinstance(agent, type) else f"{label} object"
        return _from_object(agent, label, what)
    token = agent.strip()
    if token in agent_names():
        probe = make_agent(token)
        if isinstance(probe, KernelAgent):
            return Entrant(token, kernel=probe.name)
        _check_agent(probe, token, f"registered agent {token!r} ({type(probe).__name__})")
        return Entrant(token, make=lambda: make_agent(token))
    if token in AGENT_IDS:
        return Entrant(token, kernel=token)
    if ":" in token or "." in token:
        return _import_path(token)
    known = sorted(set(AGENT_IDS) | set(agent_names()))
    raise _agent_error(
        token,
        f"unknown agent; in-kernel and registered agents: {', '.join(known)}; a Python agent "
        "is named by import path (mypkg.mybot:MyBot) or registered with "
        "mjsim.agents.register_agent(name, factory)",
    )


@dataclass
class ArenaResult:
    """Outcome of :func:`arena`.

    - ``ranking``: ``(agent, Estimate of mean points per hand)`` best first;
    - ``pairwise``: ``(a, b) -> (Estimate of mean(a - b) per wall, p-value)``;
    - ``scores``: agent -> float64[n_walls] per-wall score (mean over rotations and seats);
    - ``plain``: agent -> float64[n_walls] score from rotation 0 only (plain play);
    - ``variance_removed``: agent -> ``1 - Var(duplicate mean) / Var(plain mean)`` for the same
      number of hands played (NaN without ``duplicate``, and below :data:`MIN_VARIANCE_WALLS`
      walls, where the estimate means nothing: :func:`format_arena` says so);
    - ``n_walls``: walls counted (played in every seating), ``n_rotations``: seatings per wall;
    - ``interrupted``: stopped early (Ctrl-C or an agent's ``KeyboardInterrupt``): everything
      above covers the ``n_walls`` walls finished in every seating, and ``not_counted`` hands of
      the unfinished block were played but left out;
    - ``seatings``: the agent label at each seat, per rotation; ``rows``: per rotation, the
      result rows (``mjsim.selfplay.RESULT_DTYPE``) of its ``n_walls`` counted hands (see
      :meth:`hand_rows`); ``requested``: walls asked for; ``errors``: engine errors.
    """

    ranking: list[tuple[str, Estimate]]
    pairwise: dict[tuple[str, str], tuple[Estimate, float]]
    scores: dict[str, np.ndarray]
    plain: dict[str, np.ndarray]
    variance_removed: dict[str, float]
    n_walls: int
    n_rotations: int
    duplicate: bool
    interrupted: bool = False
    errors: int = 0
    meta: dict[str, Any] = field(default_factory=dict)
    seatings: list[list[str]] = field(default_factory=list)
    rows: list[np.ndarray] = field(default_factory=list)
    requested: int = 0
    not_counted: int = 0
    level: float = 0.95

    def hand_rows(self) -> Any:
        """One row per counted hand (a ``pandas.DataFrame``): ``wall`` (the hand index: the deal
        of ``mjsim.simulate(variant, seed=seed)``'s row ``wall``), ``rotation``, ``agent0 ..``
        (the agent at each seat) and the result-row columns of ``mjsim.selfplay.RESULT_DTYPE``
        (``pay0 ..``, ``winners``, ``win_kind`` ...), ordered by wall, then rotation."""
        import pandas as pd

        parts = []
        for k, (seating, rows) in enumerate(zip(self.seatings, self.rows, strict=True)):
            df = pd.DataFrame(rows)
            head = {"wall": df.pop("hand"), "rotation": np.full(len(df), k, np.int8)}
            for p, a in enumerate(seating):
                head[f"agent{p}"] = np.full(len(df), a, dtype=object)
            parts.append(pd.concat([pd.DataFrame(head), df], axis=1))
        if not parts:
            return pd.DataFrame()
        out = pd.concat(parts, ignore_index=True)
        return out.sort_values(["wall", "rotation"], kind="stable", ignore_index=True)

    def summary(self) -> dict[str, Any]:
        """The report as JSON-ready values (``--json``): run settings, per-agent table (rank,
        mean points per hand with its interval, variance removed and its reading), pairwise
        differences with p-values and verdicts. NaN is written as ``None``."""
        from mjsim import __version__

        def num(x: float) -> float | None:
            return None if x is None or math.isnan(x) else float(x)

        table = []
        for i, (a, e) in enumerate(self.ranking):
            v = self.variance_removed.get(a, math.nan)
            table.append(
                {
                    "rank": i + 1,
                    "agent": a,
                    "points_per_hand": num(e.value),
                    "lo": num(e.lo),
                    "hi": num(e.hi),
                    "walls": e.n,
                    "variance_removed": num(v),
                    "variance_removed_text": _removed_text(v, self.n_walls)
                    if self.duplicate
                    else "n/a (plain play)",
                }
            )
        pairs = [
            {
                "a": a,
                "b": b,
                "difference": num(e.value),
                "lo": num(e.lo),
                "hi": num(e.hi),
                "p": num(p),
                "verdict": _verdict(self, p),
            }
            for (a, b), (e, p) in self.pairwise.items()
        ]
        return {
            **self.meta,
            "mjsim_version": __version__,
            "mode": "duplicate" if self.duplicate else "plain",
            "walls": self.n_walls,
            "walls_requested": self.requested,
            "rotations": self.n_rotations,
            "seatings": self.seatings,
            "hands": self.n_walls * self.n_rotations,
            "interrupted": self.interrupted,
            "hands_not_counted": self.not_counted,
            "engine_errors": self.errors,
            "level": self.level,
            "variance_removed_meaning": VARIANCE_REMOVED_MEANING,
            "agents_table": table,
            "pairwise": pairs,
        }


def rotations(agents: Sequence[str], duplicate: bool) -> list[list[str]]:
    """Seatings: rotation ``k`` puts ``agents[(p - k) % n]`` at seat ``p`` (only rotation 0
    without ``duplicate``); repeated seatings are dropped (``a,b,a,b`` has two)."""
    return [[agents[j] for j in pos] for pos in _rotation_positions(agents, duplicate)]


def _rotation_positions(agents: Sequence[str], duplicate: bool) -> list[list[int]]:
    """:func:`rotations` as positions in ``agents`` (seat ``p`` of rotation ``k`` holds entry
    ``(p - k) % n``), one per distinct seating."""
    n = len(agents)
    out: list[list[int]] = []
    seen: list[list[str]] = []
    for k in range(n) if duplicate else range(1):
        pos = [(p - k) % n for p in range(n)]
        seating = [agents[j] for j in pos]
        if seating not in seen:  # a periodic list (a,b,a,b) repeats its rotations
            seen.append(seating)
            out.append(pos)
    return out


def _seat_scores(rows: np.ndarray, seating: list[str], name: str) -> np.ndarray:
    # per player (seating[p] is player p's agent), following any seat change of a match
    players = [p for p, a in enumerate(seating) if a == name]
    pays = per_player(rows, "pay", len(seating)).astype(np.float64)
    return pays[:, players].mean(axis=1)


def arena(
    variant: str | RuleSpec,
    agents: str | Sequence[Any],
    n_hands: int,
    seed: int = 0,
    threads: int | None = None,
    *,
    duplicate: bool = True,
    backend: str = "local",
    address: str | None = None,
    progress: bool = False,
    level: float = 0.95,
    obs: str = OBS_GAME,
    agents_option: str = "arena: agents",
    **overrides: Any,
) -> ArenaResult:
    """Play ``n_hands`` walls (each once per rotation with ``duplicate``: ``n_players * n_hands``
    hands for distinct rotations) and rank the distinct agents by mean payment per hand.

    Args:
        variant: registered id or ``RuleSpec``; ``overrides``: spec fields.
        agents: one entry per seat, a sequence or a comma-separated string; a shorter list
            repeats when its length divides the seat count (``greedy,random`` -> greedy,
            random, greedy, random: :func:`mjsim._args.seat_agents`). An entry is an in-kernel
            bot name, a registered name, an import path ``"mypkg.mybot:MyBot"`` or (from
            Python) an agent object or class (:func:`resolve_agent`).
        n_hands: walls (with ``duplicate``) or hands, >= 1.
        seed, threads, backend, address: as for :func:`mjsim.distributed.run` (walls of
            in-kernel tables only: a table with a Python agent is stepped in this process, and
            ``backend="ray"`` then raises ``ValueError``).
        progress: a tqdm bar on stderr.
        level: confidence level of the intervals.
        obs: what a Python agent's ``act`` receives as ``observation``: ``"game"`` (default,
            the :class:`mjsim.engine.Game`, as :func:`mjsim.agents.play_hand` passes it) or an
            encoder name of :mod:`mjsim.envs.encoders` (``"planes-v1"``, ``"dict-v0"`` ...):
            then ``{"observation": <that seat's encoding>, "action_mask": int8[N_ACTIONS]}``,
            the environments' format.
        agents_option: how error messages name ``agents`` (the command line: ``"--agents"``).

    Returns:
        :class:`ArenaResult`. Ctrl-C (``KeyboardInterrupt``, also raised by an agent) stops
        the run: the result covers the walls finished in every seating (``interrupted``).

    Raises:
        ValueError: a list of another length, an empty or unknown agent, an import path that
        fails, an object that is not an Agent, fewer than two distinct agents, an unknown
        variant or encoder, an agent's action that is not a legal action id (naming the agent,
        its seat and the hand).
    """
    from mjsim import variants
    from mjsim._args import check_int, seat_agents
    from mjsim.rules.spec import check_playable

    spec = variants.get(variant, **overrides)
    check_playable(spec)
    n_walls = check_int("n_hands", n_hands, 1)
    seed = check_int("seed", seed, 0)
    resolved: dict[Any, Entrant] = {}  # entry (a name, or an object by identity) -> Entrant

    def resolve(a: Any) -> Entrant:
        key = a.strip() if isinstance(a, str) else id(a)
        if key not in resolved:
            try:
                resolved[key] = resolve_agent(a)
            except ValueError as e:
                raise ValueError(f"{agents_option}: {e}") from e.__cause__
        return resolved[key]

    if obs != OBS_GAME:
        from mjsim.envs.encoders import get_encoder

        get_encoder(obs)  # a bad name is an error even when no Python agent needs it
    entries = seat_agents(agents, spec.n_players, agents_option, check=resolve)
    entrants = [resolve(a) for a in entries]
    labels = [e.label for e in entrants]
    names = list(dict.fromkeys(labels))
    if len(names) < 2:
        raise ValueError("arena: needs at least two different agents")
    by_label: dict[str, Entrant] = {}
    for e in resolved.values():  # a label names one agent: two objects may not share it
        prev = by_label.setdefault(e.label, e)
        if prev is not e and (prev.kernel is None or prev.kernel != e.kernel):
            raise ValueError(
                f"{agents_option}: two different agents are both named {e.label!r} (give each "
                "agent object its own name attribute)"
            )
    positions = _rotation_positions(labels, duplicate)
    seatings = [[labels[j] for j in pos] for pos in positions]
    python = any(e.kernel is None for e in entrants)
    if python:
        if backend != "local":
            raise ValueError(
                f"arena: backend={backend!r} plays in-kernel agents only; tables with a Python "
                "agent are stepped in this process (backend='local')"
            )
        from mjsim.agents import KernelAgent

        # one agent per entry of the seat list: it follows its entry through the rotations
        try:
            built = [KernelAgent(e.kernel) if e.kernel else _build(e) for e in entrants]
        except ValueError as e:
            raise ValueError(f"{agents_option}: {e}") from e.__cause__
        play: _PythonTables | _KernelTables = _PythonTables(
            spec, entrants, built, positions, seed, obs
        )
    else:
        play = _KernelTables(spec, entrants, positions, seed, threads, backend, address)
    per_rot, n_done, interrupted, not_counted = play.run(n_walls, progress)
    return _result(
        per_rot,
        seatings,
        names,
        n_done,
        n_walls,
        duplicate,
        interrupted,
        not_counted,
        level,
        {"variant": spec.name, "agents": labels, "seed": seed, "overrides": overrides},
    )


def _result(
    per_rot: list[np.ndarray],
    seatings: list[list[str]],
    names: list[str],
    n_walls: int,
    requested: int,
    duplicate: bool,
    interrupted: bool,
    not_counted: int,
    level: float,
    meta: dict[str, Any],
) -> ArenaResult:
    """Scores, ranking, pairwise tests and variance removed of the ``n_walls`` counted walls
    (``per_rot[k]``: rotation ``k``'s result rows, one per wall)."""
    errors = int(sum((rows["error"] != 0).sum() for rows in per_rot))
    by_rot = [
        {a: _seat_scores(rows, s, a) for a in names}
        for rows, s in zip(per_rot, seatings, strict=True)
    ]
    if n_walls == 0:
        empty = np.zeros(0)
        scores = {a: empty for a in names}
        plain = {a: empty for a in names}
    else:
        scores = {a: np.mean([d[a] for d in by_rot], axis=0) for a in names}
        plain = {a: by_rot[0][a] for a in names}
    ranking = sorted(((a, mean_ci(scores[a], level)) for a in names), key=lambda x: -x[1].value)
    if n_walls == 0:
        ranking = []
    pairwise = {}
    for i, (a, _) in enumerate(ranking):
        for b, _ in ranking[i + 1 :]:
            pairwise[(a, b)] = paired_diff(scores[a], scores[b], level)
    n_rot = len(seatings)
    removed = {
        a: variance_removed(plain[a], scores[a], n_rot) if duplicate else math.nan for a in names
    }
    return ArenaResult(
        ranking,
        pairwise,
        scores,
        plain,
        removed,
        n_walls,
        n_rot,
        duplicate,
        interrupted,
        errors,
        meta,
        seatings,
        per_rot,
        requested,
        not_counted,
        level,
    )


# ------------------------------------------------------------------------------ playing tables
def _block_walls(n_walls: int, threads: int) -> int:
    """Walls per block: a block is played in every seating before the next one starts (an
    interrupted arena keeps whole blocks). About 1% of the run, as ``simulate``'s chunks."""
    from mjsim.distributed import default_chunk

    return default_chunk(n_walls, threads)


class _KernelTables:
    """Every agent in-kernel: each block of walls is one compiled run per seating
    (:func:`mjsim.distributed.run` with ``first_hand``)."""

    def __init__(
        self,
        spec: RuleSpec,
        entrants: list[Entrant],
        positions: list[list[int]],
        seed: int,
        threads: int | None,
        backend: str,
        address: str | None,
    ) -> None:
        from mjsim._args import resolve_threads

        self.spec = spec
        self.seatings = [[entrants[j].kernel for j in pos] for pos in positions]
        self.seed = seed
        self.threads = resolve_threads(threads)
        self.backend = backend
        self.address = address

    def run(self, n_walls: int, progress: bool) -> tuple[list[np.ndarray], int, bool, int]:
        from mjsim import _compile_notice
        from mjsim.distributed import _bar, _notice_display, _restart_clock, run
        from mjsim.selfplay import warm_up

        blk = _block_walls(n_walls, self.threads)
        done: list[list[np.ndarray]] = [[] for _ in self.seatings]
        n_done = 0
        played = 0  # hands played, counted or not
        interrupted = False
        with _bar(n_walls * len(self.seatings), progress, "hands") as bar:
            try:
                # the loop compiles (first use of these sources: minutes) or loads before any
                # hand, its notice and elapsed time on the bar; Ctrl-C meanwhile stops at once
                with _compile_notice.shown_by(_notice_display(bar)) if progress else nullcontext():
                    warm_up(self.spec, self.seatings[0])
                _restart_clock(bar, 0)  # the rate and the ETA leave out the compile
                for lo in range(0, n_walls, blk):
                    m = min(blk, n_walls - lo)
                    block = []
                    for seating in self.seatings:
                        res = run(
                            self.spec,
                            m,
                            seating,
                            self.seed,
                            self.threads,
                            backend=self.backend,
                            address=self.address,
                            chunk=m if self.backend == "local" else None,
                            first_hand=lo,
                        )
                        played += len(res.rows)
                        if res.interrupted:
                            raise KeyboardInterrupt
                        block.append(res.rows)
                        bar.update(m)
                    for k, rows in enumerate(block):
                        done[k].append(rows)
                    n_done += m
            except KeyboardInterrupt:
                interrupted = True
        per_rot = [_concat(parts) for parts in done]
        return per_rot, n_done, interrupted, played - n_done * len(self.seatings)


class _PythonTables:
    """At least one Python agent: every hand is a :class:`mjsim.engine.Game` stepped here, the
    in-kernel bots acting through :class:`mjsim.agents.KernelAgent` (their own random streams,
    as in the compiled loop). Each wall is played in every seating before the next."""

    def __init__(
        self,
        spec: RuleSpec,
        entrants: list[Entrant],
        agents: list[Any],
        positions: list[list[int]],
        seed: int,
        obs: str,
    ) -> None:
        self.spec = spec
        self.seed = seed
        self.encoder = None
        if obs != OBS_GAME:
            from mjsim.envs.encoders import get_encoder

            self.encoder = get_encoder(obs)
        self.kernel = [e.kernel is not None for e in entrants]
        self.labels = [e.label for e in entrants]
        self.positions = positions
        self.agents = agents  # agents[j]: the agent of entry j, in every rotation

    def _observation(self, g: Any, seat: int, mask: np.ndarray) -> Any:
        if self.encoder is None:
            return g
        return {
            "observation": self.encoder.encode(g.state, g.rules, 0, seat),
            "action_mask": mask.view(np.int8).copy(),
        }

    def _play(self, hand: int, k: int) -> np.void:
        from mjsim.agents import checked_action
        from mjsim.engine import Game

        n = self.spec.n_players
        # recorded: a Python agent may read the hand so far from Game.record (MjaiAgent does)
        g = Game(self.spec, self.seed, hand_no=hand, dealer=hand % n, first_dealer=0)
        pos = self.positions[k]
        while not g.done:
            p = g.current_player
            j = pos[p]
            mask = g.legal_mask()
            agent = self.agents[j]
            where = f"agent {self.labels[j]!r} at seat {p} (hand {hand}, rotation {k})"
            try:
                a = agent.act(g if self.kernel[j] else self._observation(g, p, mask), mask)
            except KeyboardInterrupt:
                raise
            except Exception as e:
                e.add_note(f"mjsim arena: raised by {where}")
                raise
            try:
                a = checked_action(agent, a, p, mask)  # None, non-integers, illegal ids
            except ValueError as e:
                raise ValueError(f"arena: {where}: {e}") from None
            g.step(a)
        return game_row(g, hand)

    def run(self, n_walls: int, progress: bool) -> tuple[list[np.ndarray], int, bool, int]:
        from mjsim import _compile_notice
        from mjsim.distributed import _bar, _notice_display, _restart_clock, _set_status
        from mjsim.selfplay import RESULT_DTYPE

        n_rot = len(self.positions)
        out = [np.zeros(n_walls, dtype=RESULT_DTYPE) for _ in range(n_rot)]
        n_done = 0
        partial = 0  # hands of the wall in flight finished before the interrupt
        interrupted = False
        with _bar(n_walls * n_rot, progress, "hands") as bar:
            try:
                for i in range(n_walls):
                    partial = 0
                    for k in range(n_rot):
                        if i == 0 and k == 0:
                            # the first hand compiles (first run: minutes) or loads Game's entry
                            # points and the in-kernel bots': notice on the bar, no rate from it
                            _set_status(bar, "first hand: compiling or loading the engine...")
                            with (
                                _compile_notice.shown_by(_notice_display(bar))
                                if progress
                                else nullcontext()
                            ):
                                out[k][i] = self._play(i, k)
                            _restart_clock(bar, 1)
                        else:
                            out[k][i] = self._play(i, k)
                            bar.update(1)
                        partial += 1
                    n_done += 1
                    partial = 0
            except KeyboardInterrupt:
                interrupted = True
        return [o[:n_done] for o in out], n_done, interrupted, partial


def _build(e: Entrant) -> Any:
    assert e.make is not None  # a Python entrant
    return e.make()


def _concat(parts: list[np.ndarray]) -> np.ndarray:
    from mjsim.selfplay import RESULT_DTYPE

    return np.concatenate(parts) if parts else np.zeros(0, dtype=RESULT_DTYPE)


def game_row(g: Any, hand: int) -> np.void:
    """The result row (``mjsim.selfplay.RESULT_DTYPE``) of the finished hand of ``g`` (a
    :class:`mjsim.engine.Game`), as the compiled loop writes it for hand index ``hand``."""
    from mjsim.engine.state import (
        PV_PAY,
        PV_VALUE,
        TV_DEALER,
        TV_ERROR,
        TV_N_DECISIONS,
        TV_N_DRAWS,
        TV_N_KONGS,
        TV_REPEAT,
        TV_ROUND_WIND,
        TV_WIN_FROM,
        TV_WIN_KIND,
        TV_WIN_TILE,
        TV_WINNERS,
    )
    from mjsim.selfplay import N_TOP_ITEMS, RESULT_DTYPE

    n = g.n_players
    tv = g.state.tv[0]
    pv = g.state.pv[0]
    row = np.zeros((), dtype=RESULT_DTYPE)
    bits = int(tv[TV_WINNERS])
    frm = int(tv[TV_WIN_FROM])
    row["hand"] = hand
    row["dealer"] = tv[TV_DEALER]
    row["round_wind"] = tv[TV_ROUND_WIND]
    row["repeat"] = tv[TV_REPEAT]
    row["winners"] = bits
    row["n_winners"] = bits.bit_count()
    row["win_kind"] = tv[TV_WIN_KIND]
    row["discarder"] = frm
    row["win_tile"] = tv[TV_WIN_TILE]
    row["decisions"] = tv[TV_N_DECISIONS]
    row["draws"] = tv[TV_N_DRAWS]
    row["kongs"] = tv[TV_N_KONGS]
    row["tiles_left"] = g.tiles_left
    row["draws_left"] = g.draws_left
    row["error"] = tv[TV_ERROR]
    first = -1
    if bits:
        for j in range(n):  # the first winner in turn order after the discarder
            q = (frm + 1 + j) % n if frm >= 0 else j
            if (bits >> q) & 1:
                first = q
                break
    players = g.players_at_seats
    for p in range(4):
        row[f"player{p}"] = players[p] if p < n else p
        row[f"pay{p}"] = pv[p, PV_PAY] if p < n else 0
        row[f"value{p}"] = pv[p, PV_VALUE] if p < n else 0
    row["value"] = pv[first, PV_VALUE] if first >= 0 else 0
    ids = np.flatnonzero(g.state.items[0, first])[:N_TOP_ITEMS] if first >= 0 else []
    for i in range(N_TOP_ITEMS):
        row[f"item{i}"] = ids[i] if i < len(ids) else -1
        row[f"item{i}_n"] = g.state.items[0, first, ids[i]] if i < len(ids) else 0
    return row


# ------------------------------------------------------------------------------ report
def variance_removed(plain: np.ndarray, duplicate: np.ndarray, n_rotations: int) -> float:
    """Share of the variance of an agent's mean removed by duplicate play, for the same number
    of hands: ``1 - Var(duplicate mean) / Var(plain mean)``, where ``plain`` (float64[n_walls])
    holds its rotation-0 score per wall (``n_walls * n_rotations`` plain hands would give
    ``Var / (n_walls * n_rotations)``) and ``duplicate`` (float64[n_walls]) its mean over the
    ``n_rotations`` rotations per wall. NaN with fewer than two rotations, fewer than
    :data:`MIN_VARIANCE_WALLS` walls (the estimate is then noise: it was -351% at 10 walls) or
    no variance in plain play. A negative value (duplicate play looked noisier on this sample)
    is reported as "no reduction on this sample"."""
    n_walls = len(plain)
    if n_rotations < 2 or n_walls < MIN_VARIANCE_WALLS:
        return math.nan
    v_plain = float(np.var(plain, ddof=1)) / (n_walls * n_rotations)
    v_dup = float(np.var(duplicate, ddof=1)) / n_walls
    return 1.0 - v_dup / v_plain if v_plain > 0 else math.nan


def _removed_text(v: float, n_walls: int) -> str:
    if n_walls < MIN_VARIANCE_WALLS:
        return f"n/a (sample too small: {n_walls} walls, needs at least {MIN_VARIANCE_WALLS})"
    if math.isnan(v):
        return "n/a"
    if v < 0:
        return f"no reduction on this sample (estimate {100 * v:.1f}%)"
    return f"{100 * v:.1f}%"


def _verdict(res: ArenaResult, p: float) -> str:
    """The pairwise line's verdict: none for an interrupted run (a run stopped when its numbers
    looked good would be tested as if its length had been fixed) or fewer than two walls."""
    if res.interrupted:
        return "no verdict: the run was interrupted"
    if res.n_walls < 2:
        return "no verdict: fewer than 2 walls"
    return "significant at 5%" if p < 0.05 else "not significant at 5%"


def format_p(p: float) -> str:
    """``"p = 0.032"``; ``"p < 1e-16"`` below double precision's resolution near 1, where the
    normal approximation's ``1 - cdf`` rounds to 0 (it printed ``p = 0``)."""
    if p < 1e-16:
        return "p < 1e-16"
    return f"p = {p:.2g}"


def format_arena(res: ArenaResult) -> str:
    """Plain-text ranking, pairwise table and variance report of an :class:`ArenaResult`."""
    if res.duplicate:
        mode = f"duplicate, {res.n_rotations} rotations x {res.n_walls} walls"
    else:
        mode = f"plain play, {res.n_walls} hands"
    lines = [f"arena {res.meta.get('variant', '')}: {mode}   engine errors: {res.errors}"]
    unit = "walls" if res.duplicate else "hands"
    every = " in every seating" if res.duplicate else ""
    if res.interrupted and res.n_walls == 0:
        return (
            f"arena {res.meta.get('variant', '')}: interrupted before any {unit[:-1]} was "
            f"finished{every}\nnothing to rank ({res.not_counted} hand(s) played, not counted)"
        )
    if res.interrupted:
        lines.append(
            f"(interrupted: {res.n_walls} of {res.requested or res.n_walls} {unit} played{every}; "
            f"the report covers only these"
            + (
                f", {res.not_counted} hand(s) of the unfinished block are not counted)"
                if res.not_counted
                else ")"
            )
        )
    lines.append("")
    table = [["rank", "agent", "points per hand (95% CI)"]]
    table += [[str(i + 1), a, fmt(e)] for i, (a, e) in enumerate(res.ranking)]
    lines += columns(table, "llr", gap=3)
    lines.append("")
    lines.append("pairwise (row minus column, per wall; p = two-sided, normal approximation):")
    for (a, b), (e, p) in res.pairwise.items():
        lines.append(f"  {a} - {b}: {fmt(e)}  {format_p(p)}  ({_verdict(res, p)})")
    if res.duplicate:
        lines.append("")
        lines.append("variance of the mean removed by duplicate play (same number of hands):")
        w = max([14] + [width(a) + 2 for a in res.variance_removed])
        for a, v in res.variance_removed.items():
            lines.append(f"  {ljust(a, w)}{_removed_text(v, res.n_walls)}")
        lines.append(f"  ({VARIANCE_REMOVED_MEANING})")
    return "\n".join(lines)


class _CallableModule(types.ModuleType):
    """``mjsim.arena`` itself: ``mjsim.arena(...)`` calls :func:`arena`."""

    def __call__(self, *args: Any, **kwargs: Any) -> ArenaResult:
        return arena(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
