"""mjai interop for Riichi: mjsim hand records to and from mjai event streams.

mjai is the JSON-lines protocol of Riichi bots and logs (Mortal, mjai.app, RiichiEnv). Its
reference is the original mjai server's protocol page
(https://gimite.net/pukiwiki/index.php?Mjai%20%E9%BA%BB%E9%9B%80AI%E5%AF%BE%E6%88%A6%E3%82%B5%E3%83%BC%E3%83%90)
as Mortal implements it (``libriichi/src/mjai/event.rs`` in https://github.com/Equim-chan/Mortal,
the schema followed here field for field) and as mjai.app uses it for bots on standard input
and output (https://github.com/smly/mjai.app, README "Protocol"). One JSON object per line::

    {"type":"start_game","names":["0","1","2","3"]}
    {"type":"start_kyoku","bakaze":"E","dora_marker":"5s","kyoku":1,"honba":0,"kyotaku":0,
     "oya":0,"scores":[25000,25000,25000,25000],"tehais":[[13 tiles] x 4]}
    {"type":"tsumo","actor":0,"pai":"1m"}
    {"type":"dahai","actor":0,"pai":"2m","tsumogiri":false}
    {"type":"chi","actor":1,"target":0,"pai":"6s","consumed":["5s","7s"]}   (pon, daiminkan alike)
    {"type":"kakan","actor":3,"pai":"S","consumed":["S","S","S"]}
    {"type":"ankan","actor":0,"consumed":["9m","9m","9m","9m"]}
    {"type":"dora","dora_marker":"3s"}
    {"type":"reach","actor":1}   then its dahai, then {"type":"reach_accepted","actor":1}
    {"type":"hora","actor":3,"target":1,"deltas":[0,-8000,0,9000],"ura_markers":["4p"]}
    {"type":"ryukyoku","deltas":[0,1500,0,-1500]}
    {"type":"end_kyoku"}
    {"type":"end_game"}

Tiles: ``1m``-``9m``, ``1p``-``9p``, ``1s``-``9s``, ``E S W N`` (winds), ``P F C`` (white, green,
red dragon); ``5mr 5pr 5sr`` are the red fives and ``?`` a tile hidden from the seat.

How mjsim maps (``docs/mjai.md``):

- one mjsim hand :class:`~mjsim.engine.records.Record` = one kyoku; seats are the same numbers
  (mjai seat 0 is the first dealer, 起家: ``kyoku = oya + 1``); ``bakaze`` is the record's
  ``round_wind``, ``honba`` its ``repeat``, ``kyotaku`` its ``deposits / 1000``;
- scores: mjsim's riichi scores count from 0, mjai's from the starting points:
  ``mjai score = mjsim score + start_points`` (25,000 by default);
- the wall layout is mjsim's (``mjsim.engine.hooks_riichi``): the deal from ``wall[0]``, the
  dealer's 14th tile ``wall[52]`` (its first ``tsumo``), draws from the head, kong replacements
  from the end, dora indicators ``wall[L-5-i]``, ura ``wall[L-10-i]``. A kan dora's ``dora``
  event comes when the engine turns it (``kan_dora_timing``): right before the replacement
  ``tsumo`` (a concealed kong, or any kong under ``"immediate"``; after the ``kakan``'s robbing
  window), or right after the konger's next ``dahai`` or kong (an exposed or added kong under
  ``"after_discard"``, as Tenhou);
- ``tsumogiri`` is true when the discarded tile is the kind the seat drew this turn, red or
  plain as the drawn one; passes are not mjai events;
- ``deltas`` are each seat's payment of the win (or drawn hand) as mjai counts them: the
  riichi sticks put down by ``reach_accepted`` are not in them, the sticks on the table go to
  the first winner. With a double ron the first ``hora`` (the first winner after the
  discarder) carries the honba and the sticks;
- red fives (``red_fives``): ``5mr 5pr 5sr`` are the record's red fives (its ``red`` wall
  positions; each move of one is an ``EV_RED`` record event). The engine discards, and calls
  with, the plain copy of a five first (a red five goes only as the last five of its kind in
  the hand), so a stream that discards or calls with a red five while the seat still holds a
  plain one is refused by name on import. A stream without the ``"mjsim"`` field places the red
  fives it does not show on the first unseen fives of their suit; a stream that shows more red
  fives than the rules have, or shows every copy of a five plain where the rules have a red
  one, is refused (import it with the rules it was played by: ``variant="riichi_wrc"`` or a
  spec with ``red_fives=(0, 0, 0)`` for a game without red fives).

Exports carry a ``"mjsim"`` field in ``start_kyoku`` (the variant, spec, seed, hand index, the
full wall and the reactions that lost their window, which no mjai event shows; mjai readers
ignore unknown fields) so that import gives back the identical record;
without it (a stream from elsewhere) the unseen tiles of the wall are filled in kind order.
Import replays the stream through the engine (:func:`mjsim.engine.replay.replay_steps`), then
exports the engine's record and compares it with the stream event by event: every draw, call,
kong, riichi, dora, win and payment must match, or ``ValueError`` names the first event that
differs.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from mjsim.actions import (
    CHOW_HIGH,
    CHOW_LOW,
    CHOW_MID,
    DISCARD,
    EXPOSED_KONG,
    KONG,
    NINE_TERMINALS,
    PASS,
    PUNG,
    READY_DISCARD,
    WIN,
    action_name,
)

#: mjai names of tile kinds 0-33 (``1m`` .. ``9s``, ``E S W N P F C``)
TILES: tuple[str, ...] = tuple(
    [f"{r}{s}" for s in "mps" for r in range(1, 10)] + ["E", "S", "W", "N", "P", "F", "C"]
)
_KIND = {name: k for k, name in enumerate(TILES)}
#: the red fives of mjai and the kinds they are fives of
RED_FIVES = {"5mr": 4, "5pr": 13, "5sr": 22}
_RED_NAME = {k: name for name, k in RED_FIVES.items()}
WINDS = ("E", "S", "W", "N")
#: what mjsim's riichi scores (from 0) are shifted by in mjai (the usual starting points)
START_POINTS = 25_000


def _spec_field(spec: Any, name: str, default: Any) -> Any:
    """Field ``name`` of ``spec`` (a dict or a RuleSpec), ``default`` where it has none."""
    if isinstance(spec, dict):
        return spec.get(name, default)
    return getattr(spec, name, default)


def _start_points(spec: Any, start_points: int | None) -> int:
    """``start_points`` if given, else the spec's (a dict or a RuleSpec), else 25,000."""
    if start_points is not None:
        return int(start_points)
    value = (
        spec.get("start_points") if isinstance(spec, dict) else getattr(spec, "start_points", None)
    )
    return int(value) if value else START_POINTS


#: the deposit of one riichi stick (points)
STICK = 1000
#: the hand size and seats this mapping is for (four-player Riichi)
N_SEATS = 4
HAND = 13
#: dead-wall offsets of mjsim's riichi (``mjsim.engine.hooks_riichi``: ``DORA_OFFSET``,
#: ``URA_OFFSET``); copied here so that this module imports no compiled code
DORA_OFFSET = 5
URA_OFFSET = 10
#: mjai event types a seat decides (the others follow from the wall and the rules)
DECISIONS = ("dahai", "chi", "pon", "daiminkan", "kakan", "ankan", "hora", "ryukyoku", "reach")

# record event kinds and win kinds (mjsim.engine.state.EV_* / WK_*), copied so that importing
# this module loads no compiled code (tests/test_mjai.py checks that they agree)
_EV_DEAL, _EV_DRAW, _EV_DRAW_TAIL, _EV_ACT = 1, 2, 3, 5
_EV_CALL, _EV_WIN, _EV_PAY, _EV_END = 6, 7, 8, 9
_EV_RED = 12
_WK_SELF_DRAW, _WK_DISCARD, _WK_ROB_KONG = 1, 2, 3


def tile_to_mjai(kind: int, red: bool = False) -> str:
    """The mjai name of tile kind ``kind`` (0-33): ``tile_to_mjai(31) == "P"``; ``red=True``
    names a red five (``tile_to_mjai(13, True) == "5pr"``). ``ValueError`` outside 0-33
    (flowers have no mjai name) and for ``red`` on a tile that is not a five."""
    k = int(kind)
    if not 0 <= k < 34:
        raise ValueError(f"tile kind {kind!r} has no mjai name (mjai tiles are kinds 0-33)")
    if red:
        if k not in _RED_NAME:
            raise ValueError(f"{TILES[k]} has no red copy (red fives: 5mr 5pr 5sr)")
        return _RED_NAME[k]
    return TILES[k]


def tile_red_from_mjai(name: Any, where: str = "") -> tuple[int, bool]:
    """``(kind, red)`` of mjai tile ``name``: ``("5mr") -> (4, True)``. ``ValueError`` as
    :func:`tile_from_mjai`."""
    if isinstance(name, str) and name in RED_FIVES:
        return RED_FIVES[name], True
    return tile_from_mjai(name, where), False


def tile_from_mjai(name: Any, where: str = "") -> int:
    """The kind (0-33) of mjai tile ``name`` (a red five ``5mr`` is kind 4, as ``5m``).
    ``ValueError`` naming the tile (and ``where``, the event it came from) for a hidden ``?``
    tile and any other token."""
    at = f" in {where}" if where else ""
    if not isinstance(name, str):
        raise ValueError(f"bad mjai tile {name!r}{at}: a tile is a string such as '5m' or 'E'")
    if name in _KIND:
        return _KIND[name]
    if name in RED_FIVES:
        return RED_FIVES[name]
    if name == "?":
        raise ValueError(
            f"hidden tile '?'{at}: a seat's view of a game cannot be imported, only a full log"
        )
    raise ValueError(f"bad mjai tile {name!r}{at}; tiles are {' '.join(TILES)} (and 5mr 5pr 5sr)")


def _decode(ev: int) -> tuple[int, int, int]:
    # mjsim.engine.state.decode_event: kind | seat << 8 | arg << 12, arg signed
    ev = int(ev)
    return ev & 0xFF, (ev >> 8) & 0xF, ev >> 12


def _check_riichi_spec(spec: dict[str, Any], what: str) -> None:
    if (
        spec.get("scoring") != "riichi"
        or spec.get("n_players") != N_SEATS
        or spec.get("hand_size") != HAND
    ):
        raise ValueError(
            f"{what}: mjai interop is for four-player Riichi records (scoring 'riichi', 4 "
            f"players, 13 tiles); got scoring={spec.get('scoring')!r}, "
            f"n_players={spec.get('n_players')!r}, hand_size={spec.get('hand_size')!r}"
        )


# -------------------------------------------------------------------------------------- export
#: the mjai events whose tiles an ``EV_RED`` record event marks red
_RED_CARRIERS = ("tsumo", "dahai", "chi", "pon", "daiminkan", "ankan", "kakan")


def _order(name: str) -> tuple[int, str]:
    """Sort key of mjai tile names: by kind (a red five beside its five)."""
    return (RED_FIVES[name] if name in RED_FIVES else _KIND[name], name)


def record_to_mjai(
    record: Any, *, start_points: int | None = None, extension: bool = True
) -> list[dict[str, Any]]:
    """The mjai events of one hand: ``start_kyoku`` ... ``end_kyoku`` (no ``start_game``).

    ``record``: a :class:`mjsim.engine.records.Record` of a riichi hand (``Game.record``), finished
    or in progress (a hand in progress gives the events so far, the last ``reach`` without its
    ``reach_accepted`` while its discard may still be won on). ``start_points`` is added to the
    record's scores (default: the spec's ``start_points``, 25,000 where it has none). ``extension=True`` adds the ``"mjsim"`` field to ``start_kyoku`` (variant,
    spec, seed, hand index and the whole wall, for an exact :func:`records_from_mjai`); never
    send it to a bot: it shows the wall. ``ValueError`` for a record of another rule family.
    """
    _check_riichi_spec(record.spec, "record")
    start_points = _start_points(record.spec, start_points)
    wall = [int(k) for k in record.wall]
    n_wall = len(wall)
    dealer = int(record.dealer)
    red = {int(x) for x in getattr(record, "red", [])}  # wall positions of the red fives
    out: list[dict[str, Any]] = []

    def at(pos: int) -> str:
        return tile_to_mjai(wall[pos], pos in red)

    dora_markers = [at(n_wall - DORA_OFFSET - i) for i in range(5)]
    ura_markers = [at(n_wall - URA_OFFSET - i) for i in range(5)]
    n_kongs = 0
    pungs: list[set[int]] = [set() for _ in range(N_SEATS)]
    drawn: list[int | None] = [None] * N_SEATS  # kind drawn this turn (tsumogiri)
    drawn_red = [False] * N_SEATS  # that tile is a red five
    pung_red: list[dict[int, int]] = [{} for _ in range(N_SEATS)]  # red fives in each pon
    dahai_drawn: tuple[int | None, bool] = (None, False)  # the drawn tile before the last dahai
    last_discard_red = False
    reached: set[int] = set()  # riichi declared (reach sent)
    accepted: set[int] = set()  # riichi accepted (its stick is down)
    pending: int | None = None  # the riichi whose discard is under reaction
    last_discard: tuple[int, int] | None = None  # (seat, kind)
    last_kong: int | None = None  # the seat of the last kong (robbed kongs)
    kong_pending = False  # a kong declared, its replacement not drawn yet
    kong_open = False  # that kong is exposed or added (its indicator may wait for the discard)
    late = _spec_field(record.spec, "kan_dora_timing", "immediate") == "after_discard"
    waiting = 0  # kan dora indicators waiting for the konger's discard (kan_dora_timing)
    wins: list[int] = []
    pays = [0] * N_SEATS
    n_act = 0  # decisions so far (act events)
    window = False  # acts now are answers in a reaction window
    reactions: dict[str, int] = {}  # decision index -> a reaction other than pass

    def accept() -> None:
        nonlocal pending
        if pending is not None:
            out.append({"type": "reach_accepted", "actor": pending})
            accepted.add(pending)
            pending = None

    def kong_dora() -> None:
        nonlocal n_kongs
        n_kongs += 1
        if n_kongs <= 4:
            out.append({"type": "dora", "dora_marker": dora_markers[n_kongs]})

    def turn_waiting() -> None:
        nonlocal waiting
        while waiting:
            waiting -= 1
            kong_dora()

    def mark_red(seat: int, k: int, n: int) -> None:
        """An ``EV_RED`` event: ``n`` red copies of kind ``k`` moved by ``seat``'s last mjai
        event (a tsumo, a dahai, the consumed tiles of a call or kong, a kakan's tile)."""
        nonlocal last_discard_red
        e = next(
            (x for x in reversed(out) if x.get("actor") == seat and x["type"] in _RED_CARRIERS),
            None,
        )
        if e is None:
            raise ValueError(f"record event red {TILES[k]} of seat {seat} follows no tile move")
        plain, name = TILES[k], tile_to_mjai(k, True)
        if e["type"] == "tsumo":
            e["pai"] = name
            drawn_red[seat] = True
        elif e["type"] in ("dahai", "kakan"):
            e["pai"] = name
            if e["type"] == "dahai":
                e["tsumogiri"] = dahai_drawn == (k, True)
                last_discard_red = True
        else:
            consumed = e["consumed"]
            for _ in range(n):
                consumed[consumed.index(plain)] = name
            if e["type"] == "pon":
                pung_red[seat][k] = pung_red[seat].get(k, 0) + n

    for ev in record.events:
        kind, seat, arg = _decode(ev)
        if kind == _EV_RED:
            mark_red(seat, arg & 63, arg >> 6)
            continue
        if kind == _EV_ACT:
            n_act += 1
            if window:
                if arg != PASS:
                    reactions[str(n_act - 1)] = arg
                continue
        window = False
        if kind == _EV_DEAL:
            tehais = []
            for p in range(N_SEATS):
                i = (p - dealer) % N_SEATS
                tehais.append(sorted((at(j) for j in range(HAND * i, HAND * i + HAND)), key=_order))
            start: dict[str, Any] = {
                "type": "start_kyoku",
                "bakaze": WINDS[int(record.round_wind)],
                "dora_marker": dora_markers[0],
                "kyoku": dealer + 1,
                "honba": int(record.repeat),
                "kyotaku": int(record.deposits) // STICK,
                "oya": dealer,
                "scores": [int(s) + start_points for s in record.scores],
                "tehais": tehais,
            }
            if extension:
                from mjsim.engine.records import record_label

                start["mjsim"] = {
                    "variant": record_label(record),
                    "rules_version": str(record.rules_version),
                    "spec": record.spec,
                    "seed": int(record.seed),
                    "hand_no": int(record.hand_no),
                    "mult": int(record.mult),
                    "level": int(record.level),
                    "stake": int(record.stake),
                    "wall": wall,
                    "reactions": reactions,  # filled as the walk goes on
                }
                if red:
                    start["mjsim"]["red"] = sorted(red)
            out.append(start)
            k = wall[HAND * N_SEATS]
            out.append({"type": "tsumo", "actor": dealer, "pai": at(HAND * N_SEATS)})
            drawn[dealer] = k
            drawn_red[dealer] = HAND * N_SEATS in red
        elif kind in (_EV_DRAW, _EV_DRAW_TAIL):
            accept()
            if kind == _EV_DRAW_TAIL and kong_pending:
                # the kong stood (it was not robbed): its indicator is turned now, or after
                # the konger's discard (an exposed / added kong under after_discard)
                if late and kong_open:
                    waiting += 1
                else:
                    kong_dora()
                kong_pending = False
            out.append({"type": "tsumo", "actor": seat, "pai": tile_to_mjai(arg)})
            drawn[seat] = arg
            drawn_red[seat] = False  # an EV_RED follows a red one
        elif kind == _EV_ACT:
            if 0 <= arg < KONG or READY_DISCARD <= arg < READY_DISCARD + 34:
                k = arg - DISCARD if arg < KONG else arg - READY_DISCARD
                if arg >= READY_DISCARD:
                    out.append({"type": "reach", "actor": seat})
                    reached.add(seat)
                    pending = seat
                out.append(
                    {
                        "type": "dahai",
                        "actor": seat,
                        "pai": tile_to_mjai(k),
                        "tsumogiri": drawn[seat] == k and not drawn_red[seat],
                    }
                )
                dahai_drawn = (drawn[seat], drawn_red[seat])
                drawn[seat] = None
                drawn_red[seat] = False
                last_discard = (seat, k)
                last_discard_red = False
                turn_waiting()  # a waiting kan dora indicator is turned by the discard
                window = True
            elif KONG <= arg < KONG + 34:  # own-turn kong: added (kakan) or concealed (ankan)
                k = arg - KONG
                name = tile_to_mjai(k)
                if k in pungs[seat]:
                    pungs[seat].discard(k)
                    n_red = pung_red[seat].pop(k, 0)
                    consumed = [tile_to_mjai(k, n_red > 0)] * n_red + [name] * (3 - n_red)
                    out.append({"type": "kakan", "actor": seat, "pai": name, "consumed": consumed})
                else:
                    out.append({"type": "ankan", "actor": seat, "consumed": [name] * 4})
                kong_open = out[-1]["type"] == "kakan"
                turn_waiting()  # another kong turns a waiting indicator
                last_kong = seat
                kong_pending = True
                window = True  # robbing the kong
            # wins and nine-terminals declarations: told by the win / end events
        elif kind == _EV_CALL:
            if last_discard is None:
                raise ValueError(f"record event call {action_name(arg)} with no discard before it")
            target, k = last_discard
            plain = tile_to_mjai(k)
            name = tile_to_mjai(k, last_discard_red)  # the claimed tile
            accept()
            if arg in (CHOW_LOW, CHOW_MID, CHOW_HIGH):
                lo = k - (arg - CHOW_LOW)
                consumed = [tile_to_mjai(x) for x in (lo, lo + 1, lo + 2) if x != k]
                out.append(
                    {
                        "type": "chi",
                        "actor": seat,
                        "target": target,
                        "pai": name,
                        "consumed": consumed,
                    }
                )
            elif arg == PUNG:
                pungs[seat].add(k)
                pung_red[seat][k] = 1 if last_discard_red else 0
                out.append(
                    {
                        "type": "pon",
                        "actor": seat,
                        "target": target,
                        "pai": name,
                        "consumed": [plain] * 2,
                    }
                )
            elif arg == EXPOSED_KONG:
                out.append(
                    {
                        "type": "daiminkan",
                        "actor": seat,
                        "target": target,
                        "pai": name,
                        "consumed": [plain] * 3,
                    }
                )
                last_kong = seat
                kong_pending = True
                kong_open = True
            else:
                raise ValueError(f"record call {action_name(arg)} has no mjai event")
            drawn[seat] = None
            drawn_red[seat] = False
        elif kind == _EV_WIN:
            wins.append(seat)
        elif kind == _EV_PAY:
            pays[seat] = arg
        elif kind == _EV_END:
            win_kind, winners = seat, arg
            if win_kind == _WK_DISCARD and last_discard is not None and pending == last_discard[0]:
                pending = None  # the riichi discard was won on: no stick
            accept()
            total = [pays[p] + (STICK if p in accepted else 0) for p in range(N_SEATS)]
            if not winners:
                out.append({"type": "ryukyoku", "deltas": total})
            else:
                order = wins or [p for p in range(N_SEATS) if (winners >> p) & 1]
                if win_kind == _WK_SELF_DRAW:
                    target = order[0]
                elif win_kind == _WK_ROB_KONG:
                    target = last_kong if last_kong is not None else order[0]
                else:
                    target = last_discard[0] if last_discard is not None else order[0]
                later = []
                for w in order[1:]:
                    d = [0] * N_SEATS
                    d[w] = total[w]
                    d[target] -= total[w]
                    later.append(d)
                first = list(total)
                for d in later:
                    first = [a - b for a, b in zip(first, d, strict=True)]
                n_ind = min(1 + n_kongs, 5)
                for w, d in zip(order, [first, *later], strict=True):
                    out.append(
                        {
                            "type": "hora",
                            "actor": w,
                            "target": target,
                            "deltas": d,
                            "ura_markers": ura_markers[:n_ind] if w in reached else [],
                        }
                    )
            out.append({"type": "end_kyoku"})
    return out


def records_to_mjai(
    records: Any,
    *,
    names: Sequence[str] | None = None,
    start_points: int | None = None,
    extension: bool = True,
) -> list[dict[str, Any]]:
    """A whole mjai game: ``start_game``, the kyoku of every record in order
    (:func:`record_to_mjai`), ``end_game``. ``names``: the four players' names (default
    ``"0".."3"``)."""
    from mjsim.engine.records import Record

    if isinstance(records, Record):
        records = [records]
    names = [str(i) for i in range(N_SEATS)] if names is None else [str(n) for n in names]
    if len(names) != N_SEATS:
        raise ValueError(f"names: {len(names)} names for {N_SEATS} seats")
    out: list[dict[str, Any]] = [{"type": "start_game", "names": names}]
    for r in records:
        out.extend(record_to_mjai(r, start_points=start_points, extension=extension))
    out.append({"type": "end_game"})
    return out


def dumps(events: Iterable[dict[str, Any]]) -> str:
    """mjai JSON lines: one compact JSON object per line."""
    return "".join(json.dumps(e, separators=(",", ":"), ensure_ascii=False) + "\n" for e in events)


def loads(text: str) -> list[dict[str, Any]]:
    """Parse mjai JSON lines (blank lines skipped). ``ValueError`` names the first line that is
    not a JSON object with a ``type``, by its 1-based number."""
    events = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise ValueError(f"mjai line {n} is not JSON: {e}: {line[:80]!r}") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
            raise ValueError(
                f"mjai line {n} is not an event (a JSON object with a 'type'): {line[:80]!r}"
            )
        events.append(obj)
    return events


def seat_view(events: Iterable[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """What seat ``seat`` may see of ``events``: the other seats' dealt tiles and draws as
    ``"?"``, and no ``"mjsim"`` extension (it holds the wall). New dicts; ``events`` is left
    as it is."""
    view = []
    for e in events:
        t = e.get("type")
        if t == "start_kyoku":
            e = {k: v for k, v in e.items() if k != "mjsim"}
            e["tehais"] = [
                list(h) if p == seat else ["?"] * len(h) for p, h in enumerate(e["tehais"])
            ]
        elif t == "tsumo" and e.get("actor") != seat:
            e = {**e, "pai": "?"}
        else:
            e = dict(e)
        view.append(e)
    return view


# -------------------------------------------------------------------------------------- import
def _kyoku_groups(events: list[dict[str, Any]]) -> list[tuple[int, list[dict[str, Any]]]]:
    """``(index of start_kyoku in events, events from start_kyoku to end_kyoku)`` per kyoku."""
    groups: list[tuple[int, list[dict[str, Any]]]] = []
    cur: list[dict[str, Any]] | None = None
    for i, e in enumerate(events):
        t = e["type"]
        if t == "start_kyoku":
            if cur is not None:
                raise ValueError(
                    f"mjai event {i}: start_kyoku before the end_kyoku of the last one"
                )
            cur = [e]
            groups.append((i, cur))
        elif t in ("start_game", "end_game", "none"):
            if cur is not None and t != "none":
                raise ValueError(f"mjai event {i}: {t} inside a kyoku (no end_kyoku before it)")
        elif cur is None:
            raise ValueError(f"mjai event {i} ({t}) is outside a kyoku (no start_kyoku before it)")
        else:
            cur.append(e)
            if t == "end_kyoku":
                cur = None
    if cur is not None:
        raise ValueError("mjai stream: the last kyoku has no end_kyoku")
    return groups


def _field(e: dict[str, Any], key: str, where: str) -> Any:
    if key not in e:
        raise ValueError(f"{where} has no {key!r}")
    return e[key]


def _seat(e: dict[str, Any], key: str, where: str) -> int:
    v = _field(e, key, where)
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < N_SEATS:
        raise ValueError(f"{where}: {key}={v!r} must be a seat 0-3")
    return v


def _wall_from_events(
    kyoku: list[dict[str, Any]], where0: int, red_fives: Sequence[int] = (0, 0, 0)
) -> tuple[list[int], list[int]]:
    """mjsim's wall order for one kyoku's events (module docstring: the layout) and the wall
    positions of its red fives; the tiles no event shows fill the free places in kind order.
    ``red_fives``: the rules' red copies (m, p, s); those the stream does not show are the first
    unseen fives of their suit. ``ValueError`` when the stream shows more red fives than the
    rules have, or every copy of a five plain where the rules have a red one."""
    start = kyoku[0]
    n_wall = 136
    slots: list[int | None] = [None] * n_wall
    red: set[int] = set()

    def put(pos: int, name: Any, where: str) -> None:
        k, is_red = tile_red_from_mjai(name, where)
        slots[pos] = k
        if is_red:
            red.add(pos)

    oya = _seat(start, "oya", f"mjai event {where0} (start_kyoku)")
    tehais = _field(start, "tehais", f"mjai event {where0} (start_kyoku)")
    if not isinstance(tehais, list) or len(tehais) != N_SEATS:
        raise ValueError(f"mjai event {where0} (start_kyoku): tehais must be 4 hands of 13 tiles")
    for p, hand in enumerate(tehais):
        if not isinstance(hand, list) or len(hand) != HAND:
            raise ValueError(
                f"mjai event {where0} (start_kyoku): tehais[{p}] must be 13 tiles, got {hand!r}"
            )
        i = (p - oya) % N_SEATS
        where = f"mjai event {where0} (start_kyoku tehais[{p}])"
        tiles = sorted(tile_red_from_mjai(x, where) for x in hand)
        for j, (k, is_red) in enumerate(tiles):
            slots[HAND * i + j] = k
            if is_red:
                red.add(HAND * i + j)
    put(
        n_wall - DORA_OFFSET,
        _field(start, "dora_marker", f"mjai event {where0}"),
        f"mjai event {where0} (dora_marker)",
    )
    head = HAND * N_SEATS  # the dealer's 14th tile, then the live wall
    tail = n_wall - 1
    n_dora = 0
    kong_by: int | None = None
    ura_done = False
    for j, e in enumerate(kyoku[1:], start=1):
        where = f"mjai event {where0 + j} ({e['type']})"
        t = e["type"]
        if t == "tsumo":
            actor = _seat(e, "actor", where)
            name = _field(e, "pai", where)
            tile_from_mjai(name, where)
            if kong_by == actor:
                pos, tail = tail, tail - 1
                kong_by = None
            else:
                pos, head = head, head + 1
                if pos >= n_wall - 14:
                    raise ValueError(f"{where}: more draws than the live wall holds")
            put(pos, name, where)
        elif t in ("ankan", "kakan", "daiminkan"):
            kong_by = _seat(e, "actor", where)
        elif t == "dora":
            n_dora += 1
            if n_dora > 4:
                raise ValueError(f"{where}: a fifth kan dora")
            put(n_wall - DORA_OFFSET - n_dora, _field(e, "dora_marker", where), where)
        elif t == "hora" and not ura_done and e.get("ura_markers"):
            ura = e["ura_markers"]
            if not isinstance(ura, list) or len(ura) > 5:
                raise ValueError(f"{where}: ura_markers must be a list of at most 5 tiles")
            for i, x in enumerate(ura):
                put(n_wall - URA_OFFSET - i, x, where)
            ura_done = True
    used = Counter(k for k in slots if k is not None)
    for k, c in sorted(used.items()):
        if c > 4:
            raise ValueError(
                f"mjai kyoku at event {where0}: {c} copies of {TILES[k]} shown (a tile set has 4)"
            )
    rest = [k for k in range(34) for _ in range(4 - used.get(k, 0))]
    it = iter(rest)
    wall = [k if k is not None else next(it) for k in slots]
    for suit, five in enumerate((4, 13, 22)):
        shown = sum(1 for pos in red if wall[pos] == five)
        want = int(red_fives[suit])
        if shown > want:
            raise ValueError(
                f"mjai kyoku at event {where0}: {shown} red {TILES[five]} shown but the rules "
                f"have red_fives={tuple(red_fives)} ({want} red {TILES[five]})"
            )
        unseen = [pos for pos in range(n_wall) if slots[pos] is None and wall[pos] == five]
        if len(unseen) < want - shown:
            raise ValueError(
                f"mjai kyoku at event {where0}: every {TILES[five]} is shown plain but the rules "
                f"have red_fives={tuple(red_fives)}; import a stream without red fives with "
                "variant='riichi_wrc' or a spec with red_fives=(0, 0, 0)"
            )
        red.update(unseen[: want - shown])
    return wall, sorted(red)


def _next_decision(kyoku: list[dict[str, Any]], ptr: int) -> int:
    while ptr < len(kyoku) and kyoku[ptr]["type"] not in DECISIONS:
        ptr += 1
    return ptr


def _chow_action(e: dict[str, Any], k: int, where: str) -> int:
    consumed = _field(e, "consumed", where)
    if not isinstance(consumed, list) or len(consumed) != 2:
        raise ValueError(f"{where}: chi consumes 2 tiles, got {consumed!r}")
    a, b = sorted(tile_from_mjai(x, where) for x in consumed)
    for act, lo in ((CHOW_LOW, k), (CHOW_MID, k - 1), (CHOW_HIGH, k - 2)):
        if sorted({lo, lo + 1, lo + 2} - {k}) == [a, b] and k < 27 and lo // 9 == (lo + 2) // 9:
            return act
    raise ValueError(f"{where}: {consumed!r} with {TILES[k]} is no sequence")


def _action_for(
    kyoku: list[dict[str, Any]],
    ptr: int,
    game: Any,
    where0: int,
    reaction: int | None,
) -> tuple[int, int]:
    """The action of the seat to act in ``game`` that the stream's next decision event says,
    and the pointer after what it consumed. ``reaction``: the answer the ``"mjsim"`` field
    gives for this decision when it is a reaction (None: read it from the stream)."""
    cp = game.current_player
    j = _next_decision(kyoku, ptr)
    e = kyoku[j] if j < len(kyoku) else {"type": "end_kyoku"}
    where = f"mjai event {where0 + j} ({_compact(e)[:160]})"
    t = e["type"]
    if game.phase == "react":
        called = t in ("chi", "pon", "daiminkan") and e.get("actor") == cp
        if reaction is not None:
            return reaction, (j + 1 if called and reaction not in (PASS, WIN) else ptr)
        if t == "hora" and e.get("actor") != e.get("target"):
            winners = set()
            i = j
            while i < len(kyoku) and kyoku[i]["type"] == "hora":
                winners.add(_seat(kyoku[i], "actor", where))
                i += 1
            return (WIN if cp in winners else PASS), ptr
        if called:
            k = tile_from_mjai(_field(e, "pai", where), where)
            if t == "chi":
                return _chow_action(e, k, where), j + 1
            return (PUNG if t == "pon" else EXPOSED_KONG), j + 1
        return PASS, ptr
    if t == "ryukyoku":
        return NINE_TERMINALS, j + 1
    if t not in DECISIONS or "actor" not in e:
        raise ValueError(f"{where}: seat {cp} is to act in the engine, the stream has no decision")
    actor = _seat(e, "actor", where)
    if actor != cp:
        raise ValueError(f"{where}: seat {cp} is to act in the engine, not seat {actor}")
    if t == "reach":
        j2 = _next_decision(kyoku, j + 1)
        d = kyoku[j2] if j2 < len(kyoku) else {}
        if d.get("type") != "dahai" or d.get("actor") != cp:
            raise ValueError(f"{where}: a reach must be followed by the same seat's dahai")
        w2 = f"mjai event {where0 + j2} (dahai)"
        return READY_DISCARD + tile_from_mjai(_field(d, "pai", w2), w2), j2 + 1
    if t == "dahai":
        return DISCARD + tile_from_mjai(_field(e, "pai", where), where), j + 1
    if t == "ankan":
        consumed = _field(e, "consumed", where)
        if not isinstance(consumed, list) or not consumed:
            raise ValueError(f"{where}: ankan consumes 4 tiles, got {consumed!r}")
        return KONG + tile_from_mjai(consumed[0], where), j + 1
    if t == "kakan":
        return KONG + tile_from_mjai(_field(e, "pai", where), where), j + 1
    if t == "hora":
        return WIN, j + 1
    raise ValueError(f"{where}: seat {cp} is to act on its own turn; a {t} is a reaction")


_COMPARED = {
    "start_kyoku": ("bakaze", "dora_marker", "honba", "kyotaku", "oya", "scores", "tehais"),
    "tsumo": ("actor", "pai"),
    "dahai": ("actor", "pai"),
    "chi": ("actor", "target", "pai", "consumed"),
    "pon": ("actor", "target", "pai", "consumed"),
    "daiminkan": ("actor", "target", "pai", "consumed"),
    "kakan": ("actor", "pai", "consumed"),
    "ankan": ("actor", "consumed"),
    "reach": ("actor",),
    "reach_accepted": ("actor",),
    "hora": ("actor", "target", "deltas", "ura_markers"),
    "ryukyoku": ("deltas",),
    "end_kyoku": (),
}


def _norm(e: dict[str, Any], like: dict[str, Any]) -> tuple[Any, ...]:
    """Event ``e`` as compared on import: its type and the fields of :data:`_COMPARED`, tile
    lists as sorted multisets; ``tsumogiri`` and unknown fields are not compared, nor
    ``deltas`` / ``ura_markers`` where ``like`` (the stream's event) has none."""
    t = e.get("type")
    out: list[Any] = [t]
    for key in _COMPARED.get(t, ()):
        if key in ("deltas", "ura_markers") and like.get(key) is None:
            continue
        v = e.get(key)
        if key == "tehais" and isinstance(v, list):
            v = [sorted(map(str, h)) if isinstance(h, list) else h for h in v]
        elif key in ("consumed", "ura_markers") and isinstance(v, list):
            v = sorted(map(str, v))
        out.append((key, json.dumps(v, sort_keys=True)))
    return tuple(out)


def _plain(e: dict[str, Any]) -> dict[str, Any]:
    """``e`` with its red fives written as plain fives."""
    return json.loads(
        json.dumps(e).replace('"5mr"', '"5m"').replace('"5pr"', '"5p"').replace('"5sr"', '"5s"')
    )


def _compact(e: dict[str, Any]) -> str:
    return json.dumps(e, separators=(",", ":"), ensure_ascii=False)


def _compare(given: list[dict[str, Any]], made: list[dict[str, Any]], where0: int) -> None:
    """``ValueError`` naming the first event of ``given`` (one kyoku, from mjai event
    ``where0``) that the engine's export ``made`` does not match; dora events are compared as
    a sequence of their own (a log may reveal kan dora later than the engine does)."""

    def split(evs: list[dict[str, Any]]) -> tuple[list[Any], list[Any]]:
        rest: list[Any] = []
        dora: list[Any] = []
        for i, e in enumerate(evs):
            if e.get("type") != "none":
                (dora if e.get("type") == "dora" else rest).append((i, e))
        return rest, dora

    g_rest, g_dora = split(given)
    m_rest, m_dora = split(made)
    for seq_g, seq_m in ((g_rest, m_rest), (g_dora, m_dora)):
        for n in range(max(len(seq_g), len(seq_m))):
            if n >= len(seq_g):
                i = seq_g[-1][0] if seq_g else 0
                raise ValueError(
                    f"mjai event {where0 + i}: the stream has no more events here but the "
                    f"engine goes on with {_compact(seq_m[n][1])}"
                )
            i, e = seq_g[n]
            if n >= len(seq_m):
                raise ValueError(
                    f"mjai event {where0 + i} ({_compact(e)}): the engine's hand has ended "
                    "before it"
                )
            mine = seq_m[n][1]
            if _norm(e, e) != _norm(mine, e):
                hint = ""
                if _norm(_plain(e), e) == _norm(_plain(mine), e):
                    hint = (
                        " (only a red five differs: the engine discards, and calls with, the "
                        "plain copy of a five first; a red five goes only as the last five of "
                        "its kind in the hand)"
                    )
                raise ValueError(
                    f"mjai event {where0 + i} ({_compact(e)}) does not match the engine: "
                    f"{_compact(mine)}{hint}"
                )


def records_from_mjai(
    stream: str | Iterable[dict[str, Any]],
    *,
    variant: str = "riichi",
    start_points: int | None = None,
) -> list[Any]:
    """The mjsim :class:`~mjsim.engine.records.Record` of every kyoku of an mjai stream, each
    replayed through the engine and checked.

    ``stream``: mjai JSON lines (text) or a list of event dicts (Mortal's fields; the original
    server's ``uradora_markers`` is read as ``ura_markers``). ``variant``: the rules a kyoku
    without an ``"mjsim"`` field is played by (default ``"riichi"``; a registered id or a
    :class:`~mjsim.rules.spec.RuleSpec`). ``start_points`` is subtracted from the scores (default: the kyoku's spec's
    ``start_points``, 25,000 where it has none).

    Each kyoku: the wall is rebuilt (the ``"mjsim"`` field's wall, else from the shown tiles),
    the engine deals it with the kyoku's dealer, prevailing wind, honba, sticks and scores, and
    plays every decision the stream shows (a ``dahai`` after ``reach`` is a riichi; calls and
    wins by the seats that made them; every other seat asked passes). Then the engine's hand
    is exported and compared with the stream: ``ValueError`` names the first event that
    differs, a decision the engine refuses (with the legal actions), red fives the rules do not
    have, a hidden ``?`` tile, a bad tile or a malformed event.
    """
    from mjsim import variants
    from mjsim.engine.records import Record
    from mjsim.engine.replay import replay_steps

    events = (
        loads(stream)
        if isinstance(stream, str)
        else [dict(e) if isinstance(e, dict) else e for e in stream]
    )
    for i, e in enumerate(events):
        if not isinstance(e, dict) or not isinstance(e.get("type"), str):
            raise ValueError(f"mjai event {i} is not an event (a dict with a 'type'): {e!r}")
        if e["type"] == "hora" and "ura_markers" not in e and "uradora_markers" in e:
            events[i] = {**e, "ura_markers": e["uradora_markers"]}  # the original server's name
    records = []
    for n_kyoku, (where0, kyoku) in enumerate(_kyoku_groups(events)):
        start = kyoku[0]
        w0 = f"mjai event {where0} (start_kyoku)"
        ext = start.get("mjsim") if isinstance(start.get("mjsim"), dict) else {}
        if "spec" in ext:
            spec = dict(ext["spec"])
            label = str(ext.get("variant", ""))
        else:
            rs = variants.get(variant)
            spec = rs.to_dict()
            from mjsim.variants.label import variant_label

            label = variant_label(rs)
        _check_riichi_spec(spec, f"mjai kyoku at event {where0}")
        kyoku_start = _start_points(spec, start_points)
        bakaze = _field(start, "bakaze", w0)
        if bakaze not in WINDS:
            raise ValueError(f"{w0}: bakaze {bakaze!r} must be one of {' '.join(WINDS)}")
        scores = _field(start, "scores", w0)
        if not (isinstance(scores, list) and len(scores) == N_SEATS):
            raise ValueError(f"{w0}: scores must be 4 numbers, got {scores!r}")
        for key in ("honba", "kyotaku"):
            v = _field(start, key, w0)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"{w0}: {key}={v!r} must be an integer >= 0")
        kyoku_no = start.get("kyoku", 1)
        if isinstance(kyoku_no, bool) or not isinstance(kyoku_no, int) or not 1 <= kyoku_no <= 4:
            raise ValueError(f"{w0}: kyoku={kyoku_no!r} must be 1-4")
        if ext.get("wall"):
            wall, red = ext["wall"], [int(x) for x in ext.get("red", [])]
        else:
            wall, red = _wall_from_events(kyoku, where0, spec.get("red_fives", (0, 0, 0)))
        head = Record(
            spec=spec,
            seed=int(ext.get("seed", 0)),
            hand_no=int(ext.get("hand_no", n_kyoku)),
            dealer=_seat(start, "oya", w0),
            round_wind=WINDS.index(bakaze),
            repeat=int(start["honba"]),
            mult=int(ext.get("mult", 1)),
            scores=[int(s) - kyoku_start for s in scores],
            wall=[int(k) for k in wall],
            red=red,
            deposits=STICK * int(start["kyotaku"]),
            level=int(ext.get("level", 0)),
            stake=int(ext.get("stake", 0)),
            variant=label,
            rules_version=str(ext.get("rules_version", "")),
        )
        # the header dealt by the replay (spec, wall, seating, honba, sticks, scores); the
        # replay stops there (closed), and the game is stepped here from the stream
        steps = replay_steps(head, partial=True)
        try:
            game = next(steps)[0]
        except ValueError as e:
            raise ValueError(f"mjai kyoku at event {where0}: {e}") from None
        steps.close()
        ptr = 1
        n_act = 0
        reactions = ext.get("reactions") if isinstance(ext.get("reactions"), dict) else None
        while not game.done:
            r = None
            if reactions is not None and game.phase == "react":
                r = int(reactions.get(str(n_act), PASS))
            a, ptr = _action_for(kyoku, ptr, game, where0, r)
            n_act += 1
            mask = game.legal_mask()
            if not mask[a]:
                j = _next_decision(kyoku, ptr if ptr > 0 else 0)
                legal = ", ".join(action_name(int(x)) for x in np.flatnonzero(mask))
                raise ValueError(
                    f"mjai kyoku at event {where0}: seat {game.current_player} cannot play "
                    f"{action_name(a)} (near mjai event {where0 + min(j, len(kyoku) - 1)}); "
                    f"legal: {legal}"
                )
            game.step(a)
        rec = game.record
        rec.variant = label or rec.variant
        rec.rules_version = head.rules_version or rec.rules_version
        _compare(kyoku, record_to_mjai(rec, start_points=kyoku_start, extension=False), where0)
        records.append(rec)
    return records


def record_from_mjai(stream: str | Iterable[dict[str, Any]], **kwargs: Any) -> Any:
    """The one :class:`~mjsim.engine.records.Record` of a one-kyoku stream
    (:func:`records_from_mjai`); ``ValueError`` if the stream holds another number of kyoku."""
    recs = records_from_mjai(stream, **kwargs)
    if len(recs) != 1:
        raise ValueError(f"the mjai stream holds {len(recs)} kyoku, not one")
    return recs[0]
