"""``mjsim.replay(record)``: rebuild a hand from its record, validating every event."""

from __future__ import annotations

import os
from collections.abc import Iterator

import numpy as np

from mjsim.actions import action_name
from mjsim.engine.game import Game
from mjsim.engine.records import Record, event_text, from_jsonl
from mjsim.engine.state import EV_ACT, PV_SCORE, TV_REC_N, decode_event
from mjsim.rules.spec import RuleSpec


def _as_record(record: object) -> Record:
    """``record`` as a :class:`Record`: a Record as is, JSON-lines text parsed. ``ValueError``
    for a path (saying how to load the file) and for any other type."""

    def expects(path: str) -> str:
        return (
            "it takes a Record (Game.record) or the JSON-lines text of one (to_jsonl); "
            f"load a file with mjsim.replay(pathlib.Path({path!r}).read_text())"
        )

    if isinstance(record, Record):
        return record
    if isinstance(record, os.PathLike):
        p = str(os.fspath(record))
        raise ValueError(f"mjsim.replay got a path ({p!r}): {expects(p)}")
    if isinstance(record, str):
        line = record.strip()
        if line and not line.startswith("{") and "\n" not in line:
            # one line that is no JSON object: a file name, not a record
            raise ValueError(
                f"mjsim.replay got {record!r}, not a record (a path?): {expects(record)}"
            )
        return from_jsonl(record)  # names its first bad line
    raise ValueError(f"mjsim.replay got a {type(record).__name__}: {expects('hand.jsonl')}")


def _start_game(record: Record) -> Game:
    """A :class:`Game` dealt as ``record`` says (spec, wall, seating, carry-over, scores);
    ``ValueError`` naming a bad header field."""
    try:
        spec = RuleSpec.from_dict(record.spec)
    except (TypeError, ValueError) as e:
        if not record.variant:
            raise ValueError(f"record header: bad spec: {e}") from None
        # written by another version of mjsim: the rules by their canonical name
        from mjsim.variants.label import spec_from_label

        try:
            spec = spec_from_label(record.variant)
        except ValueError as e2:
            raise ValueError(f"record header: bad spec ({e}) and variant ({e2})") from None
    try:
        g = Game(
            spec,
            seed=record.seed,
            wall=record.wall,
            red=record.red or None,
            dealer=record.dealer,
            round_wind=record.round_wind,
            hand_no=record.hand_no,
        )
    except ValueError as e:
        raise ValueError(f"record header: {e}") from None
    if len(record.scores) != g.n_players:
        raise ValueError(f"record header: {len(record.scores)} scores for {g.n_players} seats")
    if min(record.repeat, record.deposits, record.level, record.stake) < 0 or record.mult < 1:
        raise ValueError(
            "record header: repeat, deposits, level and stake must be >= 0 and mult >= 1"
        )
    if record.deposits and not g.spec.carry_deposits:
        raise ValueError("record header: deposits carried in but the spec has carry_deposits=False")
    g.state.pv[0, : g.n_players, PV_SCORE] = record.scores
    g._start(
        record.hand_no,
        record.dealer,
        record.round_wind,
        record.repeat,
        record.mult,
        deposits=record.deposits,
        level=record.level,
        stake=record.stake,
    )
    return g


def replay_steps(record: Record | str, *, partial: bool = False) -> Iterator[tuple[Game, int, int]]:
    """Replay ``record`` one decision at a time, checking every event as :func:`replay` does.

    Yields ``(game, start, stop)`` after the deal (``start == 0``) and after each decision:
    the live :class:`Game` (read it, do not step it) and the slice ``record.events[start:stop]``
    of the events the deal or that decision produced (the decision's own ``act`` first).
    ``partial=True`` accepts a record that stops before the hand is over (a hand in progress):
    the last yield is then the game after its last event. ``ValueError`` as :func:`replay`.
    """
    record = _as_record(record)
    g = _start_game(record)
    ev = np.asarray(record.events, dtype=np.int64)
    i = 0
    while True:
        n = int(g.state.tv[0, TV_REC_N])
        produced = g.state.rec[0, :n]
        start = i
        while i < n:
            if i >= len(ev):
                if partial:
                    break
                raise ValueError(
                    f"record truncated at event {i}: the engine continues with "
                    f"{event_text(int(produced[i]))!r}"
                )
            if int(produced[i]) != int(ev[i]):
                raise ValueError(
                    f"event {i} ({event_text(int(ev[i]))!r}) does not match the game: "
                    f"expected {event_text(int(produced[i]))!r}"
                )
            i += 1
        yield g, start, i
        if g.done:
            break
        cp = g.current_player
        if i >= len(ev):
            if partial:
                return
            raise ValueError(f"record truncated at event {i}: seat {cp} is to act")
        kind, seat, arg = decode_event(int(ev[i]))
        if kind != EV_ACT or seat != cp:
            raise ValueError(
                f"event {i} ({event_text(int(ev[i]))!r}) does not match the game: "
                f"expected an action of seat {cp}"
            )
        mask = g.legal_mask()
        if not 0 <= arg < mask.shape[0] or not mask[arg]:
            legal = ", ".join(action_name(int(a)) for a in np.flatnonzero(mask))
            raise ValueError(
                f"event {i} ({event_text(int(ev[i]))!r}) is illegal here; legal: {legal}"
            )
        g.step(arg)
    if i < len(ev):
        raise ValueError(f"event {i} ({event_text(int(ev[i]))!r}) comes after the end of the hand")


def replay(record: Record | str) -> Game:
    """Replay ``record`` (a :class:`Record` or its JSON-lines text) and return the finished
    :class:`Game`, whose state equals the original final state.

    Every event is checked against what the engine produces: the deal, each draw and flower,
    each decision (it must be the current player's and legal), each call, win, payment and the
    end. Raises ``ValueError`` naming the first bad event (index and content) for a truncated,
    reordered or tampered record; never applies an event the rules reject. A path (a
    ``pathlib.Path``, or a string that is no record text) is refused with a message saying how to
    load the file: ``mjsim.replay(pathlib.Path(p).read_text())``. A record whose spec no longer
    validates (written by another version of mjsim) is played by its ``variant`` label.
    :func:`replay_steps` gives the game after each decision.
    """
    steps = replay_steps(record)
    game = next(steps)[0]
    for _ in steps:
        pass
    return game
