"""``mjsim.replay(record)``: rebuild a hand from its record, validating every event."""

from __future__ import annotations

import os

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


def replay(record: Record | str) -> Game:
    """Replay ``record`` (a :class:`Record` or its JSON-lines text) and return the finished
    :class:`Game`, whose state equals the original final state.

    Every event is checked against what the engine produces: the deal, each draw and flower,
    each decision (it must be the current player's and legal), each call, win, payment and the
    end. Raises ``ValueError`` naming the first bad event (index and content) for a truncated,
    reordered or tampered record; never applies an event the rules reject. A path (a
    ``pathlib.Path``, or a string that is no record text) is refused with a message saying how to
    load the file: ``mjsim.replay(pathlib.Path(p).read_text())``.
    """
    record = _as_record(record)
    try:
        spec = RuleSpec.from_dict(record.spec)
    except (TypeError, ValueError) as e:
        raise ValueError(f"record header: bad spec: {e}") from None
    try:
        g = Game(
            spec,
            seed=record.seed,
            wall=record.wall,
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
    ev = np.asarray(record.events, dtype=np.int64)
    i = 0
    while True:
        n = int(g.state.tv[0, TV_REC_N])
        produced = g.state.rec[0, :n]
        while i < n:
            if i >= len(ev):
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
        if g.done:
            break
        cp = g.current_player
        if i >= len(ev):
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
    return g
