"""Soak checks: play many hands with every invariant checked at every step and report each
violation with a record that reproduces it (``mjsim check`` on the command line).

    from mjsim.soak import check, check_record

    report = check("hebei", 100_000, agents="greedy,random", seed=0, threads=1)
    report.clean, report.counts, report.hands_per_s
    for v in report.violations:  # the first few of each kind
        print(v.kind, v.hand, v.detail, v.reproduce)
    check_record("mjsim-check-records/hebei-s0-h123.jsonl")  # the Violation again, or None

How: the hands are played by the compiled self-play loop (:func:`mjsim.simulate` with
``check=True``), which verifies at every step that the seat to act has a non-empty legal mask
whose count agrees with it, that the bot's action is in it, the engine's invariants
(:func:`mjsim.engine.invariants.check_invariants`: tile conservation, hand sizes, meld counts,
payments zero-sum with the deposits on the table counted) and that the hand has taken fewer than
:func:`mjsim.selfplay.step_bound` decisions; each result row is then checked per hand for
zero-sum payments (:func:`balanced`). A hand that fails is played again in Python, one
:class:`mjsim.engine.Game` step at a time with the same bots (:class:`mjsim.agents.KernelAgent`
makes the same choices as the compiled loop) and the same checks, which names the invariant,
the seat and the decision, and keeps the hand's :class:`~mjsim.engine.records.Record` up to the
violation (an illegal choice is kept as the record's last event). :func:`check_record` replays
such a record with the same checks and finds the violation again.

Zero-sum: every settlement of the engine (wins, kongs, birds, chickens, Sichuan's end-of-hand
checks, noten payments, ...) moves points between seats, so a hand's payments sum to zero. The
one exception the spec declares is ``ready_deposit > 0`` (Riichi's 1000-point deposits): a
deposit leaves its seat for the table, the first winner of the hand takes all of them, and a
drawn hand leaves them on the table. Per hand this module therefore requires ``sum(pay) == 0``
for a spec without deposits; with deposits, ``-sum(pay)`` is the deposits left on the table: a
multiple of ``ready_deposit``, at most one per seat, and zero when someone won (independent
hands carry no deposits in). The step check inside the loop counts the table's deposits exactly.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from mjsim import __version__
from mjsim._args import check_int, resolve_threads, seat_agents
from mjsim.rules.spec import RuleSpec

#: violation kinds, in report order, and what each one means
KINDS: dict[str, str] = {
    "tile_conservation": "every tile of the set is in exactly one place (wall, unused pool, an "
    "indicator out of play, hands, flowers set aside, melds, unclaimed discards)",
    "hand_size": "each seat holds hand_size tiles (a meld counts 3), the seat to act one more",
    "meld_count": "a seat's meld counter equals its meld rows",
    "zero_sum": "payments sum to zero at every step and per hand (ready deposits left on the "
    "table counted)",
    "unscored_win": "every win the engine allows has a reading in the scorer (a fan table's "
    "value -1 is paid as 0)",
    "empty_mask": "the seat to act has at least one legal action",
    "mask_count": "legal_mask's count equals the True entries of the mask",
    "illegal_action": "no action outside the legal mask is applied (the bot's choice is checked)",
    "step_bound": "the hand ends within step_bound decisions",
    "engine_error": "the engine did not stop the table with an error (record or river full)",
    "not_reproduced": "a hand the compiled loop flagged fails again when replayed in Python",
    "unclassified": "a flagged hand past max_replays, counted by the loop's error but not replayed",
}
#: the codes of mjsim.engine.invariants.check_invariants
INVARIANT_KINDS = {
    1: "tile_conservation",
    2: "hand_size",
    3: "zero_sum",
    4: "meld_count",
    5: "unscored_win",
}
#: what the run checks at every step / per hand (the report's header)
CHECKED = (
    "tile conservation, hand sizes, meld counts, zero-sum payments (every step and per hand), "
    "a scoring reading of every win, "
    "a non-empty legal mask that agrees with its count, the chosen action in the mask, "
    "hand termination"
)
#: the default records directory of the command line
RECORDS_DIR = "mjsim-check-records"
#: events recorded per decision in a replayed hand (a hand cut by the step bound fits)
_EVENTS_PER_DECISION = 8


# ---------------------------------------------------------------------------------- results
@dataclass
class Violation:
    """One hand that broke an invariant.

    - ``kind``: a key of :data:`KINDS`; ``detail``: what was seen, in words;
    - ``hand``, ``seed``: the hand index and run seed (hand ``i`` is dealt from ``(seed, i)``
      with dealer ``i % n_players``);
    - ``seat``: the seat to act (-1 if none), ``decision``: the decisions applied before the
      violation (-1 if unknown);
    - ``record``: the hand up to the violation (``None`` when not replayed), ``record_path``:
      where it was written (``None`` if not written);
    - ``regenerate``: the ``mjsim check`` command that plays this one hand again (``None`` for
      a spec that is not a registered variant with ``--set`` overrides).
    """

    kind: str
    hand: int
    seed: int
    seat: int = -1
    decision: int = -1
    detail: str = ""
    record: Any = None
    record_path: str | None = None
    regenerate: str | None = None

    @property
    def reproduce(self) -> str | None:
        """The command that replays the written record with every check: ``mjsim check
        --replay FILE`` (prints the violation, exits 1)."""
        return None if self.record_path is None else f"mjsim check --replay {self.record_path}"

    @property
    def python(self) -> str | None:
        """The Python line that finds the violation again in the written record."""
        if self.record_path is None:
            return None
        return f"from mjsim.soak import check_record; print(check_record({self.record_path!r}))"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields (the record as its file path, not its events)."""
        return {
            "kind": self.kind,
            "hand": self.hand,
            "seed": self.seed,
            "seat": self.seat,
            "decision": self.decision,
            "detail": self.detail,
            "record": self.record_path,
            "reproduce": self.reproduce,
            "python": self.python,
            "regenerate": self.regenerate,
        }

    def __str__(self) -> str:
        where = f"hand {self.hand} (seed {self.seed})"
        if self.seat >= 0:
            where += f", seat {self.seat}"
        if self.decision >= 0:
            where += f", decision {self.decision}"
        return f"{self.kind}: {where}: {self.detail}"


@dataclass
class CheckReport:
    """What :func:`check` played and found.

    ``hands``: hands played and checked (fewer than ``requested`` when ``interrupted``);
    ``counts``: violations by kind (only kinds seen); ``violations``: the first ``examples`` of
    each kind, in hand order; ``wall_time``: seconds of play and checks (the compile or cache
    load of the loop before the first hand left out); ``step_bound``: the decisions a hand may
    take."""

    variant: str
    overrides: dict[str, Any]
    agents: list[str]
    seed: int
    first_hand: int
    requested: int
    hands: int
    threads: int
    wall_time: float
    step_bound: int
    interrupted: bool = False
    counts: dict[str, int] = field(default_factory=dict)
    violations: list[Violation] = field(default_factory=list)
    version: str = __version__

    @property
    def clean(self) -> bool:
        """No violation in the hands played."""
        return not any(self.counts.values())

    @property
    def n_violations(self) -> int:
        return int(sum(self.counts.values()))

    @property
    def hands_per_s(self) -> float:
        return self.hands / self.wall_time if self.wall_time > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready summary (``mjsim check --json``)."""
        return {
            "variant": self.variant,
            "overrides": {k: _jsonable(v) for k, v in self.overrides.items()},
            "agents": list(self.agents),
            "seed": self.seed,
            "first_hand": self.first_hand,
            "requested": self.requested,
            "hands": self.hands,
            "interrupted": self.interrupted,
            "threads": self.threads,
            "wall_time_s": round(self.wall_time, 3),
            "hands_per_s": round(self.hands_per_s, 1),
            "step_bound": self.step_bound,
            "checked": CHECKED,
            "clean": self.clean,
            "violations_total": self.n_violations,
            "counts": {k: int(v) for k, v in self.counts.items()},
            "violations": [v.to_dict() for v in self.violations],
            "version": self.version,
        }

    def format(self) -> str:
        """The text report of ``mjsim check``."""
        title = self.variant
        if self.overrides:
            title += " " + " ".join(f"{k}={_set_text(v)}" for k, v in self.overrides.items())
        threads = f"{self.threads} thread{'s' if self.threads != 1 else ''}"
        played = f"{self.hands:,} hands"
        if self.interrupted:
            played += f" of {self.requested:,} (interrupted)"
        lines = [
            f"mjsim check {title}: {played}, agents {','.join(self.agents)}, seed {self.seed}, "
            f"{threads}: {self.wall_time:.1f} s, {self.hands_per_s:,.0f} hands/s",
            f"checked at every step: {CHECKED} (at most {self.step_bound} decisions a hand)",
        ]
        if self.clean:
            lines.append("violations: none")
            return "\n".join(lines)
        n = self.n_violations
        lines.append(f"violations: {n} hand{'s' if n != 1 else ''} (the first violation of each)")
        width = max(len(k) for k in self.counts)
        for k, n in self.counts.items():
            lines.append(f"  {k:<{width}}  {n}")
        for v in self.violations:
            lines.append(f"- {v}")
            if v.record_path is not None:
                lines.append(f"    record:     {v.record_path}")
                lines.append(f"    reproduce:  {v.reproduce}")
                lines.append(f"    python:     {v.python}")
            if v.regenerate is not None:
                lines.append(f"    regenerate: {v.regenerate}")
        return "\n".join(lines)


def _jsonable(v: Any) -> Any:
    return list(v) if isinstance(v, tuple) else v


def _set_text(v: Any) -> str:
    """A field value as ``--set`` reads it back (mjsim.variants.parse_override)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "none"
    if isinstance(v, tuple | list):
        return ",".join(str(x) for x in v)
    return str(v)


# ---------------------------------------------------------------------------------- the rules
def spec_step_bound(spec: RuleSpec) -> int:
    """The decisions a hand of ``spec`` may take (:func:`mjsim.selfplay.step_bound` of its seat
    and tile counts), the same bound the compiled loop applies under ``check``."""
    from mjsim.selfplay import step_bound

    return int(step_bound.py_func(spec.n_players, sum(spec.counts())))


def balanced(spec: RuleSpec, pay_sum: Any, winners: Any) -> np.ndarray:
    """Whether each hand's payments add up under ``spec`` (``bool`` array, vectorised).

    ``pay_sum``: the sum of the seats' payments of each hand; ``winners``: its winner bitmask.
    Without ready deposits (``ready_deposit == 0``) the sum must be 0. With them, ``-pay_sum``
    is what the hand left on the table: a multiple of ``ready_deposit`` between 0 and one
    deposit per seat, and 0 when the hand was won (the first winner takes the deposits;
    independent hands carry none in)."""
    total = np.asarray(pay_sum, dtype=np.int64)
    d = int(spec.ready_deposit)
    if d == 0:
        return total == 0
    left = -total
    won = np.asarray(winners, dtype=np.int64) != 0
    ok = (left >= 0) & (left % d == 0) & (left <= spec.n_players * d)
    return ok & ~(won & (left != 0))


def default_agents(n_players: int) -> list[str]:
    """The bots of a check when none are given: greedy and random by turns (greedy reaches the
    wins and their settlements, random the rarely chosen actions)."""
    return ["greedy" if p % 2 == 0 else "random" for p in range(n_players)]


def _registered_overrides(spec: RuleSpec) -> dict[str, Any] | None:
    """``spec``'s fields that differ from the registered variant of its name, or ``None`` if
    its name is not a registered id."""
    from mjsim import variants

    try:
        base = variants.get(spec.name)
    except ValueError:
        return None
    a, b = base.to_dict(), spec.to_dict()
    out = {}
    for k, v in b.items():
        if k != "extra" and a.get(k) != v:
            out[k] = tuple(v) if isinstance(v, list) else v
    return out


def _regenerate_line(spec: RuleSpec, agents: Sequence[str], seed: int, hand: int) -> str | None:
    over = _registered_overrides(spec)
    if over is None:
        return None
    sets = "".join(f" --set {k}={_set_text(v)}" for k, v in over.items())
    return (
        f"mjsim check {spec.name}{sets} --agents {','.join(agents)} --seed {seed} "
        f"--first-hand {hand} --hands 1"
    )


# ---------------------------------------------------------------------------------- stepping
@dataclass
class _Found:
    kind: str
    seat: int
    decision: int
    detail: str
    action: int = -1  # an illegal action: kept as the record's last event


def _recording_game(
    spec: RuleSpec,
    seed: int,
    hand_no: int,
    dealer: int,
    bound: int,
    *,
    round_wind: int = 0,
    wall: Sequence[int] | None = None,
    scores: Sequence[int] | None = None,
    repeat: int = 0,
    mult: int = 1,
    deposits: int = 0,
    level: int = 0,
    stake: int = 0,
) -> Any:
    """A :class:`~mjsim.engine.Game` at the start of a hand whose record holds every event of a
    hand cut at the step bound (``Game``'s own record stops at ``REC_CAP`` events)."""
    from mjsim.engine import Game
    from mjsim.engine.state import PV_SCORE, REC_CAP, new_state

    g = Game(
        spec,
        seed=seed,
        wall=wall,
        dealer=dealer,
        round_wind=round_wind,
        hand_no=hand_no,
        first_dealer=0 if wall is None else None,
        record=False,
    )
    g.state = new_state(1, max(REC_CAP, _EVENTS_PER_DECISION * bound))
    if scores is not None:
        g.state.pv[0, : g.n_players, PV_SCORE] = list(scores)
    g._start(hand_no, dealer, round_wind, repeat, mult, deposits=deposits, level=level, stake=stake)
    return g


def _legal_text(mask: np.ndarray, limit: int = 12) -> str:
    from mjsim.actions import action_name

    ids = np.flatnonzero(mask)
    names = [action_name(int(a)) for a in ids[:limit]]
    more = f", ... ({len(ids)} in all)" if len(ids) > limit else ""
    return ", ".join(names) + more


def _run_checked(g: Any, choose: Callable[[int, np.ndarray], int | None], bound: int) -> Any:
    """Step ``g`` to the end of its hand with every check at every step.

    ``choose(seat, mask)`` gives each action (``None``: stop here, no more actions). Returns the
    first :class:`_Found` violation, ``None`` when the hand ended clean, or ``"stopped"`` when
    ``choose`` returned ``None``."""
    from mjsim.actions import N_ACTIONS, action_name
    from mjsim.engine import invariants, legal, step
    from mjsim.engine.state import ERROR_NAMES, PV_PAY, TV_ERROR, TV_N_DECISIONS, TV_WINNERS

    s, r = g.state, g.rules
    mask = np.zeros(N_ACTIONS, dtype=np.bool_)
    scratch = np.zeros(N_ACTIONS, dtype=np.bool_)
    while True:
        p = int(legal.current_player(s, 0))
        if p < 0:
            break
        dec = int(s.tv[0, TV_N_DECISIONS])
        if dec >= bound:
            return _Found("step_bound", p, dec, f"still in play after {dec} decisions")
        mask[:] = False
        count = int(legal.legal_mask(s, r, 0, mask))
        held = int(mask.sum())
        if held == 0:
            return _Found(
                "empty_mask", p, dec, f"seat {p} is to act ({g.phase}) with no legal action"
            )
        if count != held:
            return _Found(
                "mask_count", p, dec, f"legal_mask counts {count} but the mask holds {held}"
            )
        a = choose(p, mask)
        if a is None:
            return "stopped"
        a = int(a)
        if not (0 <= a < N_ACTIONS and mask[a]):
            name = action_name(a) if 0 <= a < N_ACTIONS else f"id {a}"
            return _Found(
                "illegal_action",
                p,
                dec,
                f"{name} is not in the legal mask ({_legal_text(mask)})",
                action=a,
            )
        err = int(step.step(s, r, 0, a, scratch))
        if err != 0:
            return _Found("engine_error", p, dec, f"{ERROR_NAMES[err]} after {action_name(a)}")
        code = int(invariants.check_invariants(s, r, 0))
        if code != 0:
            return _Found(
                INVARIANT_KINDS.get(code, "engine_error"),
                p,
                dec,
                f"broken by seat {p}'s {action_name(a)} (check_invariants code {code})",
            )
    err = int(s.tv[0, TV_ERROR])
    dec = int(s.tv[0, TV_N_DECISIONS])
    if err != 0:
        return _Found("engine_error", -1, dec, f"the table stopped with {ERROR_NAMES[err]}")
    pays = [int(x) for x in s.pv[0, : g.n_players, PV_PAY]]
    if not bool(balanced(g.spec, sum(pays), int(s.tv[0, TV_WINNERS]))):
        return _Found("zero_sum", -1, dec, f"the hand's payments {pays} do not balance")
    return None


def replay_hand(
    spec: RuleSpec, seed: int, hand: int, agents: Sequence[str]
) -> tuple[Violation | None, Any]:
    """Play hand ``hand`` of seed ``seed`` in Python with the in-kernel bots ``agents`` (one per
    player) and every check at every step: the same hand as row ``hand`` of
    ``mjsim.simulate(spec, ..., agents, seed)``.

    Returns ``(violation or None, record)``: the record holds the hand up to the violation, an
    illegal choice as its last event (so :func:`check_record` and :func:`mjsim.replay` name it).
    """
    from mjsim.agents import KernelAgent
    from mjsim.engine.records import Record
    from mjsim.engine.state import EV_ACT, encode_event

    bound = spec_step_bound(spec)
    g = _recording_game(spec, seed, hand, hand % spec.n_players, bound)
    bots = [KernelAgent(agents[pl]) for pl in g.players_at_seats]
    found = _run_checked(g, lambda p, mask: bots[p].act(g, mask), bound)
    rec: Record = g.record
    if found is None:
        return None, rec
    if found.action >= 0:
        ev = encode_event(EV_ACT, found.seat, found.action)
        rec.events = np.append(rec.events, np.int32(ev)).astype(np.int32)
    v = Violation(
        found.kind,
        hand,
        seed,
        found.seat,
        found.decision,
        found.detail,
        record=rec,
        regenerate=_regenerate_line(spec, agents, seed, hand),
    )
    return v, rec


# ---------------------------------------------------------------------------------- records
def load_record(record: Any) -> Any:
    """A :class:`~mjsim.engine.records.Record` from a ``Record``, its JSON-lines text (starting
    with ``{``) or a path (``str`` or ``Path``) to a ``.jsonl`` file. ``ValueError`` for a
    missing file or a malformed record."""
    from mjsim.engine.records import Record, from_jsonl

    if isinstance(record, Record):
        return record
    if isinstance(record, str) and record.lstrip().startswith("{"):
        return from_jsonl(record)
    if isinstance(record, str | Path):
        p = Path(record)
        if not p.is_file():
            raise ValueError(f"no record file {str(record)!r}")
        return from_jsonl(p.read_text(encoding="utf-8"))
    raise ValueError(f"expected a Record, its JSON-lines text or a file path, not {record!r}")


def check_record(record: Any) -> Violation | None:
    """Replay a hand record with every check of :func:`check` at every step.

    ``record``: a :class:`~mjsim.engine.records.Record`, its JSON-lines text or a ``.jsonl``
    path (as written by ``mjsim check``). Returns the first :class:`Violation` (its ``record``
    is the one given), or ``None`` when the hand plays to its end clean.

    Raises ``ValueError`` when the record does not match the game (an event other than the one
    the engine produces, as :func:`mjsim.replay` reports it) or ends before the hand does
    without a violation."""
    from mjsim.engine.records import event_text
    from mjsim.engine.state import EV_ACT, TV_REC_N, decode_event

    rec = load_record(record)
    try:
        spec = RuleSpec.from_dict(rec.spec)
    except (TypeError, ValueError) as e:
        raise ValueError(f"record header: bad spec: {e}") from None
    bound = spec_step_bound(spec)
    g = _recording_game(
        spec,
        rec.seed,
        rec.hand_no,
        rec.dealer,
        bound,
        round_wind=rec.round_wind,
        wall=rec.wall,
        scores=rec.scores,
        repeat=rec.repeat,
        mult=rec.mult,
        deposits=rec.deposits,
        level=rec.level,
        stake=rec.stake,
    )
    ev = [int(x) for x in rec.events]
    pos = 0

    def compare() -> None:
        nonlocal pos
        n = int(g.state.tv[0, TV_REC_N])
        for i in range(pos, n):
            if i >= len(ev):
                return
            if int(g.state.rec[0, i]) != ev[i]:
                raise ValueError(
                    f"event {i} ({event_text(ev[i])!r}) does not match the game: expected "
                    f"{event_text(int(g.state.rec[0, i]))!r}"
                )
        pos = max(pos, min(n, len(ev)))

    def choose(p: int, mask: np.ndarray) -> int | None:
        nonlocal pos
        compare()
        if pos >= len(ev):
            return None
        kind, seat, arg = decode_event(ev[pos])
        if kind != EV_ACT or seat != p:
            raise ValueError(
                f"event {pos} ({event_text(ev[pos])!r}) does not match the game: expected an "
                f"action of seat {p}"
            )
        pos += 1
        return arg

    found = _run_checked(g, choose, bound)
    if found == "stopped":
        raise ValueError(
            f"the record ends at event {pos} with seat {g.current_player} to act and no "
            "violation before it"
        )
    if found is None:
        compare()
        if pos < len(ev):
            raise ValueError(f"event {pos} ({event_text(ev[pos])!r}) comes after the end")
        return None
    path = str(record) if isinstance(record, Path | str) and rec is not record else None
    if path is not None and path.lstrip().startswith("{"):
        path = None  # given as text, not as a file
    return Violation(
        found.kind,
        rec.hand_no,
        rec.seed,
        found.seat,
        found.decision,
        found.detail,
        record=rec,
        record_path=path,
    )


def write_record(record: Any, directory: str | Path, name: str) -> str:
    """Write ``record`` as ``directory/name`` (JSON lines, :func:`mjsim.engine.records.to_jsonl`;
    the directory is created) and return the path as a string."""
    from mjsim.engine.records import to_jsonl

    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    p = d / name
    p.write_text(to_jsonl(record), encoding="utf-8")
    return str(p)


# ---------------------------------------------------------------------------------- the run
def _row_reasons(rows: np.ndarray, spec: RuleSpec, bound: int) -> list[tuple[int, str]]:
    """``(row index, reason)`` of each row that fails a check: the loop's error code by name,
    ``zero_sum`` (:func:`balanced`), ``step_bound`` (decisions at or over the bound)."""
    from mjsim.engine.state import ERROR_NAMES

    n = spec.n_players
    pay_sum = sum(rows[f"pay{p}"].astype(np.int64) for p in range(n))
    unbalanced = ~balanced(spec, pay_sum, rows["winners"])
    long = rows["decisions"].astype(np.int64) > bound
    bad = (rows["error"] != 0) | unbalanced | long
    out = []
    for i in np.flatnonzero(bad):
        err = int(rows["error"][i])
        if err != 0:
            reason = ERROR_NAMES[err] if err < len(ERROR_NAMES) else f"error {err}"
        elif unbalanced[i]:
            reason = "zero_sum"
        else:
            reason = "step_bound"
        out.append((int(i), reason))
    return out


def check(
    variant: str | RuleSpec = "hebei",
    n_hands: int = 10_000,
    agents: str | Sequence[str] | None = None,
    seed: int = 0,
    threads: int | None = None,
    *,
    first_hand: int = 0,
    chunk: int | None = None,
    examples: int = 3,
    max_replays: int = 100,
    records_dir: str | Path | None = None,
    progress: bool = False,
    **overrides: Any,
) -> CheckReport:
    """Play ``n_hands`` hands of ``variant`` with every invariant checked at every step.

    Args:
        variant: a registered id or a ``RuleSpec``; ``overrides``: RuleSpec fields.
        n_hands: hands to play (>= 1), hands ``first_hand .. first_hand + n_hands - 1`` of the
            run ``seed`` (the rows of :func:`mjsim.simulate` with the same arguments).
        agents: in-kernel bots by player as for :func:`mjsim.simulate` (default
            :func:`default_agents`: greedy and random by turns).
        threads: worker threads (default: every core); the hands played and found do not
            depend on it.
        chunk: hands per compiled call (default: about 1% of the run, 256..20000). A first
            Ctrl-C (or the ``mjsim`` command's SIGTERM) lets the chunk in flight finish and
            stops; a second one drops it.
        examples: violations kept per kind (with records), the first ones in hand order.
        max_replays: flagged hands replayed in Python to name their invariant; further ones
            count as ``unclassified``.
        records_dir: write each kept violation's record there as
            ``{variant}-s{seed}-h{hand}.jsonl`` (``None``: keep them in memory only).
        progress: a tqdm bar on stderr.

    Returns:
        a :class:`CheckReport` (``clean``, ``counts``, ``violations``, ``hands_per_s``).
        Ctrl-C returns the report of the chunks finished, with ``interrupted=True``.

    Raises:
        ValueError: a bad variant, override, agent or count (before anything is played);
        NotImplementedError: rule values the engine does not play yet.
    """
    from mjsim import _compile_notice, variants
    from mjsim.distributed import (
        _bar,
        _finish_chunk,
        _notice_display,
        _restart_clock,
        default_chunk,
    )
    from mjsim.rules.spec import check_playable
    from mjsim.selfplay import simulate, warm_up

    spec = variants.get(variant, **overrides)
    check_playable(spec)
    n_hands = check_int("n_hands", n_hands, 1)
    seed = check_int("seed", seed, 0)
    first_hand = check_int("first_hand", first_hand, 0)
    examples = check_int("examples", examples, 0)
    max_replays = check_int("max_replays", max_replays, 0)
    threads = resolve_threads(threads)
    chunk = default_chunk(n_hands, threads) if chunk is None else check_int("chunk", chunk, 1)
    names = seat_agents(
        agents if agents is not None else default_agents(spec.n_players), spec.n_players
    )
    bound = spec_step_bound(spec)
    over = _registered_overrides(spec)
    report = CheckReport(
        variant=spec.name,
        overrides=over if over is not None else {},
        agents=list(names),
        seed=seed,
        first_hand=first_hand,
        requested=n_hands,
        hands=0,
        threads=threads,
        wall_time=0.0,
        step_bound=bound,
    )
    replays = 0
    kept: dict[str, int] = {}

    def flagged(rows: np.ndarray) -> list[Violation]:
        """The chunk's failing hands, each replayed in Python to name its violation."""
        nonlocal replays
        found: list[Violation] = []
        for i, reason in _row_reasons(rows, spec, bound):
            hand = int(rows["hand"][i])
            if replays >= max_replays:
                found.append(Violation("unclassified", hand, seed, detail=reason))
                continue
            replays += 1
            v, rec = replay_hand(spec, seed, hand, names)
            if v is None:
                v = Violation(
                    "not_reproduced",
                    hand,
                    seed,
                    detail=f"the compiled loop reported {reason}; the Python replay plays the "
                    "hand to its end clean",
                    record=rec,
                    regenerate=_regenerate_line(spec, names, seed, hand),
                )
            found.append(v)
        return found

    def keep(v: Violation) -> None:
        report.counts[v.kind] = report.counts.get(v.kind, 0) + 1
        if kept.get(v.kind, 0) >= examples:
            return
        kept[v.kind] = kept.get(v.kind, 0) + 1
        if records_dir is not None and v.record is not None:
            name = f"{spec.name}-s{seed}-h{v.hand}.jsonl"
            try:
                v.record_path = write_record(v.record, records_dir, name)
            except OSError as e:  # the run goes on; the record stays in memory
                v.detail += f" (record not written: {e.strerror or e})"
        report.violations.append(v)

    t0 = time.perf_counter()
    with _bar(n_hands, progress, f"check {spec.name}") as bar:
        try:
            # the loop compiles (first use of these sources) or loads before any hand is
            # played, its notice on the bar; Ctrl-C meanwhile stops at once
            with _compile_notice.shown_by(_notice_display(bar)) if progress else nullcontext():
                warm_up(spec, names)
            _restart_clock(bar, 0)
            t0 = time.perf_counter()  # hands/s leaves the compile or cache load out
            for lo in range(0, n_hands, chunk):
                m = min(chunk, n_hands - lo)
                # in a worker thread: the main thread answers Ctrl-C / SIGTERM meanwhile (the
                # first one lets the chunk in flight finish, a second one drops it)
                call = _compile_notice.Call(
                    partial(
                        simulate,
                        spec,
                        m,
                        names,
                        seed,
                        threads,
                        check=True,
                        chunk=m,
                        first_hand=first_hand + lo,
                    ),
                    name="mjsim check chunk",
                )
                call.start()
                rows, stop = _finish_chunk(call, m, bar)
                if rows is not None:
                    # a chunk counts once it is played and its failing hands are replayed
                    for v in flagged(rows):
                        keep(v)
                    report.hands += m
                    bar.update(m)
                if stop:
                    report.interrupted = True
                    break
        except KeyboardInterrupt:
            report.interrupted = True
    report.wall_time = time.perf_counter() - t0
    order = list(KINDS)
    report.counts = dict(sorted(report.counts.items(), key=lambda kv: order.index(kv[0])))
    report.violations.sort(key=lambda v: (order.index(v.kind), v.hand))
    return report


def print_json(report: CheckReport, path: str | Path | None) -> None:
    """Write ``report.to_dict()`` as JSON to ``path`` (``"-"`` or ``None``: stdout)."""
    text = json.dumps(report.to_dict(), indent=1, ensure_ascii=False)
    if path is None or str(path) == "-":
        sys.stdout.write(text + "\n")
    else:
        Path(path).write_text(text + "\n", encoding="utf-8")


__all__ = [
    "CHECKED",
    "KINDS",
    "CheckReport",
    "Violation",
    "balanced",
    "check",
    "check_record",
    "default_agents",
    "load_record",
    "replay_hand",
    "spec_step_bound",
    "write_record",
]
