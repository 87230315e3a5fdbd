"""Hand records: the compact event array of a table, its JSON-lines form, and text rendering.

Schema: ``docs/records.md``. A :class:`Record` is the header (spec, seed, deal parameters, the
wall order) plus ``events: int32[n]``, each event ``kind | seat << 8 | arg << 12`` (arg signed),
kinds ``EV_*`` of :mod:`mjsim.engine.state`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from mjsim.actions import action_name
from mjsim.engine.state import (
    EV_ACT,
    EV_CALL,
    EV_END,
    EV_FLOWER,
    EV_RED,
    EVENT_NAMES,
    PHASE_NAMES,
    PV_HELD_FLOWERS,
    PV_HONOR_FLOWERS,
    PV_N_MELDS,
    PV_N_RIVER,
    PV_READY,
    PV_RED_HAND,
    PV_RED_MELD,
    PV_RED_RIVER,
    PV_SCORE,
    RF_CLAIMED,
    RF_FACE_DOWN,
    RF_READY,
    RF_WON,
    TV_DEALER,
    TV_HEAD,
    TV_IND_OUT,
    TV_IND_POS,
    TV_PHASE,
    TV_TAIL,
    WIN_KIND_NAMES,
    decode_event,
    encode_event,
)
from mjsim.melds import MELD_CONCEALED_KONG, MELD_NAMES, MELD_NONE, meld_kinds

RECORD_VERSION = 1
_NAME_TO_EV = {v: k for k, v in EVENT_NAMES.items()}


@dataclass
class Record:
    """One hand: everything needed to replay it exactly.

    - ``spec``: ``RuleSpec.to_dict()`` of the rules;
    - ``seed``, ``hand_no``: the RNG inputs (informational when ``wall`` is given);
    - ``dealer``, ``round_wind``, ``repeat``, ``mult``: deal parameters and carry-over;
    - ``deposits``: ready deposits (points) carried into the hand (``carry_deposits``; 0 if none);
    - ``level``, ``stake``: the 上楼 dealer level and the dealer stake carried in (0 if none);
    - ``scores``: running scores before the hand (``n_players`` ints);
    - ``wall``: the tile order (kinds), ``events``: ``int32[n]`` packed events;
    - ``red``: the wall positions of the red fives (``red_fives``; ``[]`` if none), sorted;
    - ``variant``: the rules' canonical name, ``"changsha(allow_chow=false)"``
      (:func:`mjsim.variants.label.variant_label`; ``""`` if unknown);
    - ``rules_version``: the version of mjsim whose rules played the hand (``""`` if unknown).

    In Jupyter a record shows itself as the hand viewer (:func:`mjsim.view.record_html`).
    """

    spec: dict[str, Any]
    seed: int
    hand_no: int
    dealer: int
    round_wind: int
    repeat: int
    mult: int
    scores: list[int]
    wall: list[int]
    events: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int32))
    deposits: int = 0
    level: int = 0
    stake: int = 0
    variant: str = ""
    rules_version: str = ""
    red: list[int] = field(default_factory=list)

    def event_tuples(self) -> list[tuple[int, int, int]]:
        """Events as ``(kind, seat, arg)``."""
        return [decode_event(e) for e in self.events]

    def __repr__(self) -> str:
        """One line: variant, deal, the wall's first tiles by name and the number of events (the
        full spec stays in ``record.spec``; ``print(record)`` shows the whole hand)."""
        head = " ".join(_tile(int(k)) for k in self.wall[:8])
        more = " ..." if len(self.wall) > 8 else ""
        return (
            f"Record(variant={record_label(self)!r}, seed={self.seed}, hand_no={self.hand_no}, "
            f"dealer={self.dealer}, round_wind={self.round_wind}, scores={list(self.scores)}, "
            f"wall=<{len(self.wall)} tiles: {head}{more}>, events=<{len(self.events)}>)"
        )

    def __str__(self) -> str:
        """The whole hand as text (:func:`render_record`): header, the wall in rows of tile
        names, then one line per event."""
        return render_record(self)

    def _repr_html_(self) -> str:
        """The hand viewer (one self-contained HTML block), as Jupyter shows a record."""
        from mjsim.view import record_html

        return record_html(self)


def _tile(k: int, red: bool = False) -> str:
    if red and k in (4, 13, 22):
        return f"0{'mps'[k // 9]}"
    if k < 27:
        return f"{k % 9 + 1}{'mps'[k // 9]}"
    if k < 34:
        return f"{k - 26}z"
    return f"{k - 33}f"


def event_text(ev: int) -> str:
    """Readable form of one packed event, e.g. ``"seat 2 act discard 5m"``."""
    kind, seat, arg = decode_event(ev)
    name = EVENT_NAMES.get(kind, f"unknown({kind})")
    if kind in (EV_ACT, EV_CALL):
        try:
            return f"seat {seat} {name} {action_name(arg)}"
        except ValueError:
            return f"seat {seat} {name} <bad action {arg}>"
    if kind in (2, 3, EV_FLOWER):  # draw, draw_tail, flower
        return f"seat {seat} {name} {_tile(arg) if 0 <= arg < 42 else arg}"
    if kind == EV_RED:
        k, n = arg & 63, arg >> 6
        return f"seat {seat} {name} {_tile(k, True) if 0 <= k < 42 else k}" + (
            f" x{n}" if n != 1 else ""
        )
    if kind == EV_END:
        wk = WIN_KIND_NAMES[seat] if seat < len(WIN_KIND_NAMES) else seat
        return f"end {wk} winners={[p for p in range(4) if (arg >> p) & 1]}"
    return f"seat {seat} {name} {arg}"


def record_label(record: Record) -> str:
    """``record.variant``, else the label of its spec (:func:`mjsim.variants.label.variant_label`;
    the spec's ``name`` if the spec does not validate)."""
    if record.variant:
        return record.variant
    from mjsim.rules.spec import RuleSpec
    from mjsim.variants.label import variant_label

    try:
        return variant_label(RuleSpec.from_dict(record.spec))
    except (TypeError, ValueError):
        return str(record.spec.get("name", ""))


def to_jsonl(record: Record) -> str:
    """JSON lines: a header object, then one object per event (``docs/records.md``)."""
    head = {
        "type": "header",
        "version": RECORD_VERSION,
        "variant": record_label(record),
        "rules_version": str(record.rules_version),
        "spec": record.spec,
        "seed": int(record.seed),
        "hand_no": int(record.hand_no),
        "dealer": int(record.dealer),
        "round_wind": int(record.round_wind),
        "repeat": int(record.repeat),
        "mult": int(record.mult),
        "deposits": int(record.deposits),
        "level": int(record.level),
        "stake": int(record.stake),
        "scores": [int(x) for x in record.scores],
        "wall": [int(x) for x in record.wall],
    }
    if record.red:
        head["red"] = [int(x) for x in record.red]
    lines = [json.dumps(head, ensure_ascii=False)]
    for i, ev in enumerate(record.events):
        kind, seat, arg = decode_event(ev)
        lines.append(
            json.dumps(
                {
                    "i": i,
                    "ev": EVENT_NAMES.get(kind, str(kind)),
                    "seat": seat,
                    "arg": arg,
                    "text": event_text(ev),
                },
                ensure_ascii=False,
            )
        )
    return "\n".join(lines) + "\n"


def from_jsonl(text: str) -> Record:
    """Parse :func:`to_jsonl` output. ``ValueError`` names the first malformed line by its
    1-based line number in ``text`` (as editors show it, blank lines counted)."""
    # (line number as an editor shows it, 1-based and counting blank lines; text)
    lines = [(n, ln) for n, ln in enumerate(text.splitlines(), start=1) if ln.strip()]
    if not lines:
        raise ValueError("empty record")
    n0, first = lines[0]
    try:
        head = json.loads(first)
    except json.JSONDecodeError as e:
        raise ValueError(f"record line {n0} is not JSON: {e}") from None
    if not isinstance(head, dict) or head.get("type") != "header":
        raise ValueError(f"record line {n0} must be the header object")
    if head.get("version") != RECORD_VERSION:
        raise ValueError(f"record version {head.get('version')!r} != {RECORD_VERSION}")
    events = []
    for n, ln in lines[1:]:
        try:
            obj = json.loads(ln)
            kind = _NAME_TO_EV[obj["ev"]]
            seat = int(obj["seat"])
            arg = int(obj["arg"])
        except (json.JSONDecodeError, KeyError, TypeError, ValueError) as e:
            raise ValueError(f"record line {n} is not a valid event: {ln[:80]!r} ({e})") from None
        if not 0 <= seat < 16 or not -(1 << 19) <= arg < (1 << 19):
            raise ValueError(f"record line {n}: seat/arg out of range: {ln[:80]!r}")
        events.append(encode_event(kind, seat, arg))
    try:
        return Record(
            spec=dict(head["spec"]),
            seed=int(head["seed"]),
            hand_no=int(head["hand_no"]),
            dealer=int(head["dealer"]),
            round_wind=int(head["round_wind"]),
            repeat=int(head["repeat"]),
            mult=int(head["mult"]),
            scores=[int(x) for x in head["scores"]],
            wall=[int(x) for x in head["wall"]],
            events=np.array(events, dtype=np.int32),
            deposits=int(head.get("deposits", 0)),
            level=int(head.get("level", 0)),
            stake=int(head.get("stake", 0)),
            variant=str(head.get("variant", "")),
            rules_version=str(head.get("rules_version", "")),
            red=[int(x) for x in head.get("red", [])],
        )
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"record header is missing or has a bad field: {e}") from None


# ---------------------------------------------------------------------------------- rendering
#: the mark after a red five's glyph (unicode has no red-five glyph)
RED_GLYPH_MARK = "\u02b3"


def _glyphs(kinds: list[int], red: list[bool] | None = None) -> str:
    try:
        from mjsim.tiles import format_tiles

        if not red or not any(red):
            return format_tiles(kinds, "glyph")
        return "".join(
            format_tiles([k], "glyph") + (RED_GLYPH_MARK if r else "")
            for k, r in zip(kinds, red, strict=True)
        )
    except Exception:  # noqa: BLE001 - rendering must never fail
        return " ".join(_tile(k) for k in kinds)


def _mpsz(kinds: list[int], red: list[bool] | None = None) -> str:
    try:
        from mjsim.tiles import format_tiles

        return format_tiles(kinds, "mpsz", red=red)
    except Exception:  # noqa: BLE001
        return " ".join(_tile(k) for k in kinds)


def _red_flags(kinds: list[int], reds: list[int]) -> list[bool]:
    """Flags marking ``reds[suit]`` copies of each suit's five in ``kinds`` red (the first
    ones); ``reds`` is consumed."""
    out = []
    for k in kinds:
        suit = (4, 13, 22).index(k) if k in (4, 13, 22) else -1
        if suit >= 0 and reds[suit] > 0:
            reds[suit] -= 1
            out.append(True)
        else:
            out.append(False)
    return out


def render_table(
    state: Any,
    n_players: int,
    t: int = 0,
    unicode: bool = True,
    draws_left: int | None = None,
    *,
    view: int | None = None,
    concealed_kong_shown: bool = False,
) -> str:
    """Text picture of table ``t``: wall count, each seat's hand, melds, discards and score.

    ``draws_left``: the draws still possible (:func:`mjsim.engine.wall.draws_left`, which needs
    the rules), shown beside the tiles in the wall when given. ``view``: the seat whose view is
    drawn: its own concealed tiles, and for every other seat only what lies open on the table
    (``[13 concealed]`` instead of the tiles, a concealed kong face down (``🀫``, ``?`` without
    unicode) unless ``concealed_kong_shown`` (the rules lay it face up: riichi), flowers set
    aside but not those still held, honours put out face up (放风 / 补风, honours as flowers)
    among the flowers, face-down 立牌 discards as ``🀫``); ``None`` (the default here) shows
    every hand face up."""
    fmt = _glyphs if unicode else _mpsz
    back = "\U0001f02b" if unicode else "?"
    tv = state.tv[t]
    live = int(tv[TV_TAIL] - tv[TV_HEAD])
    if tv[TV_IND_OUT] != 0 and tv[TV_HEAD] <= tv[TV_IND_POS] < tv[TV_TAIL]:
        live -= 1  # an indicator out of play is not a live tile (mjsim.engine.board.remaining)
    wall = f"wall={live} tiles left"
    if draws_left is not None:
        wall += f" ({int(draws_left)} to draw)"
    seen = "every hand shown" if view is None else f"seat {view}'s view"
    lines = [f"phase={PHASE_NAMES[tv[TV_PHASE]]} dealer={tv[TV_DEALER]} {wall} ({seen})"]
    for p in range(n_players):
        hidden = view is not None and p != view
        h = state.hands[t, p]
        kinds = [k for k in range(34) for _ in range(int(h[k]))]
        pv = state.pv[t, p]
        hand_red = _red_flags(kinds, [int(pv[PV_RED_HAND + i]) for i in range(3)])
        meld_reds = [int(pv[PV_RED_MELD + i]) for i in range(3)]
        held = int(state.pv[t, p, PV_HELD_FLOWERS]) if hidden else 0
        flowers = [k for k in range(34, 42) for _ in range(int(h[k])) if not (held >> (k - 34)) & 1]
        n_held = sum(int(h[k]) for k in range(34, 42)) - len(flowers)
        # honours set aside face up (放风 / 补风, honours as flowers): public, shown with them
        packed = int(pv[PV_HONOR_FLOWERS])
        honours = [k for k in range(27, 34) for _ in range((packed >> (3 * (k - 27))) & 7)]
        flowers = honours + flowers
        melds = []
        for i in range(int(state.pv[t, p, PV_N_MELDS])):
            mt, k, src = (int(x) for x in state.melds[t, p, i])
            if mt == MELD_NONE:
                continue
            tiles = meld_kinds(mt, k)
            meld_red = _red_flags(tiles, meld_reds)
            if hidden and mt == MELD_CONCEALED_KONG and not concealed_kong_shown:
                melds.append(f"{MELD_NAMES[mt]}[{back * len(tiles)}]")
            else:
                melds.append(f"{MELD_NAMES[mt]}[{fmt(tiles, meld_red)}]")
        river = []
        for i in range(int(state.pv[t, p, PV_N_RIVER])):
            k = int(state.river[t, p, i])
            f = int(state.river_flags[t, p, i])
            mark = "*" if f & RF_CLAIMED else ("!" if f & RF_WON else "")
            mark += "r" if f & RF_READY else ""
            red = (int(pv[PV_RED_RIVER + i // 24]) >> (i % 24)) & 1 == 1
            river.append((back if hidden and f & RF_FACE_DOWN else fmt([k], [red])) + mark)
        ready = " READY" if state.pv[t, p, PV_READY] else ""
        tiles_text = f"[{len(kinds) + n_held} concealed]" if hidden else fmt(kinds, hand_red)
        lines.append(
            f"seat {p}{' (dealer)' if p == tv[TV_DEALER] else ''}{ready} "
            f"score={int(state.pv[t, p, PV_SCORE])}: {tiles_text}"
            + (f" | {' '.join(melds)}" if melds else "")
            + (f" | flowers {fmt(flowers)}" if flowers else "")
        )
        lines.append(f"   discards: {' '.join(river)}")
    return "\n".join(lines)


def format_wall(wall: Any, per_row: int = 16, unicode: bool = False, red: Any = ()) -> str:
    """A wall order as readable rows: tile names (``1m``, ``5z``; glyphs with ``unicode=True``)
    in groups of four, ``per_row`` tiles a row, each row led by the position of its first tile
    (0 = the head, where the deal starts; replacements come from the end); ``red``: the wall
    positions of red fives, written ``0m / 0p / 0s`` (a glyph followed by ``ʳ``)::

          0  8s 2s 1m 1m  8p 3s 9s 8p  7s 8s 2p 7m  9m 1p 4m 1m
         16  ...
    """
    kinds = [int(k) for k in wall]
    reds = {int(x) for x in red}

    def name(i: int) -> str:
        if unicode:
            return _glyphs([kinds[i]], [i in reds])
        return _tile(kinds[i], i in reds)

    width = len(str(max(len(kinds) - 1, 0)))
    rows = []
    for start in range(0, len(kinds), per_row):
        row = range(start, min(start + per_row, len(kinds)))
        groups = [" ".join(name(i) for i in row[g : g + 4]) for g in range(0, len(row), 4)]
        rows.append(f"{start:>{width + 2}}  " + "  ".join(groups))
    return "\n".join(rows)


def render_record(record: Record) -> str:
    """The whole hand as text: one line per event."""
    out = [
        f"hand {record.hand_no} dealer {record.dealer} variant {record_label(record)}"
        + (f" (mjsim {record.rules_version})" if record.rules_version else ""),
        f"wall ({len(record.wall)} tiles, head first):",
        format_wall(record.wall, red=record.red),
        f"events ({len(record.events)}):",
    ]
    for i, ev in enumerate(record.events):
        out.append(f"{i:4d} {event_text(ev)}")
    return "\n".join(out)
