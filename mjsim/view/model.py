"""A hand as the viewer draws it: one table picture per event of a record.

:func:`hand_model` replays a :class:`~mjsim.engine.records.Record` through the engine
(:func:`mjsim.engine.replay.replay_steps`, which checks every event) and turns the engine's
state after each decision into a *picture* of the table: a JSON-ready dict of what lies on it
(hands, melds with who supplied them, discards with their marks, flowers, the wild or 宝
indicator, the wall count, scores); honours put out face up beside a hand (放风 / 补风, honours
kept as flowers) are among that seat's ``flowers``, at their kinds 27-33. One decision produces
several events (a discard, then the next seat's draw; a pass, then the claim): the picture of an
earlier event of the same decision is the picture after it with the later events taken back
(the drawn tile out of the hand, the claimed tile back in the river), so the viewer's slider
moves one event at a time.

Pictures hold every tile. What a seat may not see of the others (their concealed tiles, a
concealed kong laid face down, a face-down discard, the secret 宝) is marked, and
:func:`seat_view` removes it: the viewer's seat view and ``mjsim play`` show only that.

Layout of a picture (``docs/viewing.md``)::

    {"phase": "turn", "to_act": 1, "dealer": 0, "round_wind": 0, "wall": 52, "draws_left": 52,
     "indicator": -1, "wild": [], "treasure": -1, "bird": -1,
     "react": {"tile": 4, "from": 0} | None,
     "seats": [{"hand": [kinds], "drawn": kind | -1, "hidden": n (seat view only),
                "melds": [{"type": "pung", "tiles": [..], "from": seat | -1,
                           "claimed": kind | -1, "hidden": bool}],
                "river": [[kind, RF_* bits, claimer | -1]], "flowers": [kinds],
                "score": int, "ready": bool, "void": -1 | 0 | 1 | 2, "won": bool,
                "value": int, "looked": bool, "wind": 0..3}, ...],
     "result": None | {...}}

Plain Python: nothing here is compiled (the engine it drives is).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import numpy as np

from mjsim.actions import decode as decode_action
from mjsim.engine.records import Record
from mjsim.engine.state import (
    EV_ACT,
    EV_CALL,
    EV_DEAL,
    EV_DRAW,
    EV_DRAW_TAIL,
    EV_END,
    EV_FLOWER,
    EV_INDICATOR,
    EV_PAY,
    EV_WIN,
    EVENT_NAMES,
    PHASE_NAMES,
    PV_HELD_FLOWERS,
    PV_HONOR_FLOWERS,
    PV_LOOKED,
    PV_MISSING,
    PV_N_MELDS,
    PV_N_RIVER,
    PV_PAY,
    PV_READY,
    PV_SCORE,
    PV_VALUE,
    PV_WON,
    RF_CLAIMED,
    RF_FACE_DOWN,
    RF_KONG_TILE,
    RF_OLD_TREASURE,
    RF_READY,
    RF_ROBBED,
    RF_WILD_KONG,
    RF_WON,
    TV_ASK0,
    TV_BIRD,
    TV_DEALER,
    TV_DICE0,
    TV_DICE1,
    TV_DRAWN,
    TV_ERROR,
    TV_FROM,
    TV_HEAD,
    TV_IND_OUT,
    TV_IND_POS,
    TV_INDICATOR,
    TV_N_KONGS,
    TV_PHASE,
    TV_RC_DORA_LATE,
    TV_REACT_KIND,
    TV_REACT_POS,
    TV_ROUND_WIND,
    TV_SEAT,
    TV_TAIL,
    TV_TILE,
    TV_TREASURE,
    TV_WALL_LEN,
    TV_WIN_FROM,
    TV_WIN_KIND,
    TV_WIN_TILE,
    TV_WINNERS,
    WIN_KIND_NAMES,
    decode_event,
)
from mjsim.melds import MELD_CONCEALED_KONG, MELD_NAMES, MELD_NONE, meld_kinds
from mjsim.tiles import CHINESE_NAMES, MPSZ_NAMES

#: wind names of seats and of the prevailing wind, 0..3
WINDS = ("East", "South", "West", "North")
WINDS_ZH = "东南西北"
#: the river flag bits a picture's ``river`` entries carry, by name (the page marks them)
RIVER_FLAGS = {
    "claimed": RF_CLAIMED,
    "ready": RF_READY,
    "won": RF_WON,
    "robbed": RF_ROBBED,
    "wild_kong": RF_WILD_KONG,
    "old_treasure": RF_OLD_TREASURE,
    "face_down": RF_FACE_DOWN,
    "kong_tile": RF_KONG_TILE,
}
SUIT_NAMES = ("characters (m)", "dots (p)", "bamboo (s)")
_PH_REACT = PHASE_NAMES.index("react")
_PH_DONE = PHASE_NAMES.index("done")


def tile_label(k: int) -> str:
    """``"5m"``, ``"7z"``, ``"3f"``: the mpsz name of kind ``k`` (0-41)."""
    return MPSZ_NAMES[int(k)]


# ------------------------------------------------------------------------------ pictures
def _kinds(counts: np.ndarray) -> list[int]:
    return [k for k in range(len(counts)) for _ in range(int(counts[k]))]


def to_act(state: Any, t: int = 0) -> int:
    """The seat to decide on table ``t`` (as :attr:`mjsim.engine.Game.current_player`), -1
    when the hand is over."""
    tv = state.tv[t]
    ph = int(tv[TV_PHASE])
    if ph == _PH_DONE or int(tv[TV_ERROR]) != 0:
        return -1
    if ph == _PH_REACT:
        return int(tv[TV_ASK0 + int(tv[TV_REACT_POS])])
    return int(tv[TV_SEAT])


def picture(
    state: Any,
    spec: Any,
    rules: Any = None,
    t: int = 0,
    *,
    claimed: list[list[int]] | None = None,
    claimers: dict[tuple[int, int], int] | None = None,
) -> dict[str, Any]:
    """The table ``t`` of an engine ``state`` (:class:`mjsim.engine.state.State`) under
    ``spec`` now, every tile shown, as a JSON-ready dict (the module docstring has the layout).

    ``rules`` (``spec.compile()``) adds the draws left before a drawn hand. ``claimed[p][i]``:
    the tile seat ``p`` claimed for its meld row ``i``, and ``claimers[(p, i)]``: the seat that
    claimed discard ``i`` of seat ``p`` (the engine keeps neither; :func:`hand_model` tracks them
    from the calls)."""
    s = state
    tv = s.tv[t]
    n = int(spec.n_players)
    dealer = int(tv[TV_DEALER])
    phase = PHASE_NAMES[int(tv[TV_PHASE])]
    seats = []
    for p in range(n):
        pv = s.pv[t, p]
        h = s.hands[t, p]
        held_bits = int(pv[PV_HELD_FLOWERS])
        hand = _kinds(h[:34]) + [k for k in range(34, 42) if h[k] and (held_bits >> (k - 34)) & 1]
        # honours put out face up beside the hand (放风 / 补风, honours as flowers), then flowers
        packed = int(pv[PV_HONOR_FLOWERS])
        flowers = [k for k in range(27, 34) for _ in range((packed >> (3 * (k - 27))) & 7)]
        flowers += [k for k in range(34, 42) if h[k] and not (held_bits >> (k - 34)) & 1]
        drawn = -1
        if phase == "turn" and p == int(tv[TV_SEAT]) and 0 <= int(tv[TV_DRAWN]) < 42:
            d = int(tv[TV_DRAWN])
            if d in hand:
                hand.remove(d)
                drawn = d
        melds = []
        for i in range(int(pv[PV_N_MELDS])):
            mt, k, src = (int(x) for x in s.melds[t, p, i])
            if mt == MELD_NONE:
                continue
            concealed = mt == MELD_CONCEALED_KONG
            c = claimed[p][i] if claimed is not None and i < len(claimed[p]) else -1
            try:
                tiles = meld_kinds(mt, k)
            except ValueError:
                tiles = [k]
            melds.append(
                {
                    "type": MELD_NAMES.get(mt, str(mt)),
                    "tiles": tiles,
                    "from": -1 if concealed or src == 0 else (p + src) % n,
                    "claimed": c,
                    "hidden": bool(concealed and not spec.concealed_kong_shown),
                }
            )
        river = []
        for i in range(int(pv[PV_N_RIVER])):
            by = claimers.get((p, i), -1) if claimers else -1
            river.append([int(s.river[t, p, i]), int(s.river_flags[t, p, i]), by])
        seats.append(
            {
                "hand": hand,
                "drawn": drawn,
                "melds": melds,
                "river": river,
                "flowers": flowers,
                "score": int(pv[PV_SCORE]),
                "ready": bool(pv[PV_READY]),
                "void": int(pv[PV_MISSING]),
                "won": bool(pv[PV_WON]),
                "value": int(pv[PV_VALUE]),
                "looked": bool(pv[PV_LOOKED]),
                "wind": (p - dealer) % n,
            }
        )
    live = int(tv[TV_TAIL]) - int(tv[TV_HEAD])
    if int(tv[TV_IND_OUT]) != 0 and int(tv[TV_HEAD]) <= int(tv[TV_IND_POS]) < int(tv[TV_TAIL]):
        live -= 1  # an indicator out of play is not a live tile (Game.tiles_left)
    draws = live
    if rules is not None:
        from mjsim.engine.wall import draws_left

        draws = int(draws_left(s, rules, t))
    dora: list[int] = []
    ura: list[int] = []
    if spec.dora:  # riichi: the dora indicators in the dead wall, one plus one per kong
        from mjsim.engine.hooks_riichi import DORA_OFFSET, URA_OFFSET

        end = int(tv[TV_WALL_LEN])
        if spec.flower_dora:  # kita: the indicators sit past the flowers' replacement draws
            end -= int(spec.compile().tile_counts[34:].sum())
        shown = range(min(5, 1 + int(tv[TV_N_KONGS]) - int(tv[TV_RC_DORA_LATE])))
        dora = [int(s.wall[t, end - DORA_OFFSET - i]) for i in shown]
        if phase == "done" and any(st["won"] and st["ready"] for st in seats):
            ura = [int(s.wall[t, end - URA_OFFSET - i]) for i in shown]  # under a ready winner
    ind = int(tv[TV_INDICATOR])
    treasure = int(tv[TV_TREASURE])
    bird = int(tv[TV_BIRD])
    react = None
    if phase == "react" and 0 <= int(tv[TV_TILE]) < 42:
        react = {"tile": int(tv[TV_TILE]), "from": int(tv[TV_FROM])}
    return {
        "phase": phase,
        "to_act": to_act(s, t),
        "dealer": dealer,
        "round_wind": int(tv[TV_ROUND_WIND]),
        "wall": live,
        "draws_left": draws,
        "dice": [int(tv[TV_DICE0]), int(tv[TV_DICE1])],
        "indicator": ind if 0 <= ind < 42 else -1,
        "dora": dora,
        "ura": ura,
        "wild": [int(k) for k in np.flatnonzero(s.wild[t])],
        "treasure": treasure if spec.wild_rule == "treasure" and 0 <= treasure < 34 else -1,
        "bird": bird if spec.birds > 0 and 0 <= bird < 42 else -1,
        "react": react,
        "seats": seats,
        "result": None,
    }


def seat_view(pic: dict[str, Any], seat: int) -> dict[str, Any]:
    """``pic`` as seat ``seat`` sees it (a copy): the other seats' concealed tiles become a
    count (``hand`` empty, ``hidden`` = how many, their drawn tile too), a concealed kong laid
    face down and a face-down discard lose their kind (-1), the 宝 stays secret unless this seat
    has looked at it. A finished hand (``phase == "done"``) is shown whole, as the table lays it
    open."""
    if pic.get("phase") == "done":
        return pic
    out = copy.deepcopy(pic)
    for p, st in enumerate(out["seats"]):
        if p == seat:
            continue
        st["hidden"] = len(st["hand"]) + (1 if st["drawn"] >= 0 else 0)
        st["hand"] = []
        st["drawn"] = -1
        for m in st["melds"]:
            if m["hidden"]:
                m["tiles"] = [-1] * len(m["tiles"])
        for r in st["river"]:
            if r[1] & RF_FACE_DOWN:
                r[0] = -1
        if out["phase"] == "choose_suit":
            st["void"] = -1
    me = out["seats"][seat] if 0 <= seat < len(out["seats"]) else None
    if me is None or not me["looked"]:
        out["treasure"] = -1
    return out


# ------------------------------------------------------------------------------ words
def _seat(p: int) -> str:
    return f"seat {p}"


def _t(k: int) -> str:
    return tile_label(k) if 0 <= k < 42 else "?"


def event_words(
    kind: int, seat: int, arg: int, *, phase: str = "turn", tile: int = -1, secret: bool = False
) -> tuple[str, str | None]:
    """One event in words: ``(text, public)``; ``public`` is what the other seats read when the
    event holds something they may not see (a drawn tile, an answer in a reaction window, a
    concealed kong, a void suit), else ``None``.

    ``phase``: the phase the decision was taken in; ``tile``: the tile under reaction when a
    claim won; ``secret``: an own-turn kong is laid face down."""
    who = _seat(seat)
    if kind == EV_DEAL:
        return f"{who} deals (hand {arg})", None
    if kind == EV_DRAW:
        return f"{who} draws {_t(arg)}", f"{who} draws"
    if kind == EV_DRAW_TAIL:
        return f"{who} draws {_t(arg)} from the end of the wall", f"{who} draws a replacement"
    if kind == EV_FLOWER:
        return f"{who} sets aside flower {_t(arg)} ({CHINESE_NAMES[arg]})", None
    if kind == EV_WIN:
        return f"{who} wins (hand value {arg})", None
    if kind == EV_PAY:
        return f"{who} {'receives' if arg >= 0 else 'pays'} {abs(arg)}", None
    if kind == EV_END:
        winners = [p for p in range(4) if (arg >> p) & 1]
        if not winners:
            return "the hand is drawn: nobody won", None
        names = ", ".join(_seat(p) for p in winners)
        if len(winners) > 1:
            return f"the hand is over: {names} won", None
        how = WIN_KIND_NAMES[seat] if seat < len(WIN_KIND_NAMES) else str(seat)
        return f"the hand is over: {names} won ({how.replace('_', ' ')})", None
    if kind == EV_INDICATOR:
        return f"the indicator {_t(arg)} ({CHINESE_NAMES[arg]}) is turned", None
    if kind == EV_CALL:
        block, _ = decode_action(arg)
        what = {
            "chow_low": "chows",
            "chow_mid": "chows",
            "chow_high": "chows",
            "pung": "pungs",
            "exposed_kong": "kongs",
            "chow_ready_low": "chows (declaring ready)",
            "chow_ready_mid": "chows (declaring ready)",
            "chow_ready_high": "chows (declaring ready)",
        }.get(block, block)
        return f"{who} {what} {_t(tile)}", None
    if kind == 11:  # pool: a tile taken from the unused pool
        return f"{who} takes {_t(arg)} from the pool", f"{who} takes a tile from the pool"
    if kind == 12:  # red: red fives moved by the seat's previous event (red_fives)
        k, n = arg & 63, arg >> 6
        red = f"0{'mps'[k // 9]}" if k in (4, 13, 22) else _t(k)
        text = f"{who}: {'the tile is' if n == 1 else f'{n} of the tiles are'} red ({red})"
        return text, ""  # after a draw it is the drawer's secret: the others read nothing
    if kind != EV_ACT:
        return f"{who} {EVENT_NAMES.get(kind, kind)} {arg}", None
    try:
        block, k = decode_action(arg)
    except ValueError:
        return f"{who} <bad action {arg}>", None
    hidden = None
    if phase == "react":
        text = {
            "pass": f"{who} passes",
            "win": f"{who} claims a win on {_t(tile)}",
            "pung": f"{who} asks to pung {_t(tile)}",
            "exposed_kong": f"{who} asks to kong {_t(tile)}",
        }.get(block, f"{who} asks to {block.replace('_', ' ')} {_t(tile)}")
        return text, f"{who} answers"
    if block == "discard":
        text = f"{who} discards {_t(k)}"
    elif block == "kong":
        text = f"{who} declares a kong of {_t(k)}"
        if secret:
            hidden = f"{who} declares a concealed kong"
    elif block == "kong_dice":
        text = f"{who} declares a kong of {_t(k)} (replacement by the dice)"
    elif block == "ready_discard":
        text = f"{who} declares ready and discards {_t(k)}"
    elif block == "ready_shown":
        text = f"{who} declares a shown ready and discards {_t(k)}"
    elif block == "win":
        text = f"{who} declares a self-drawn win"
    elif block == "pass":
        text = f"{who} passes"
    elif block == "choose_suit":
        text = f"{who} chooses to void the {SUIT_NAMES[k]}"
        hidden = f"{who} chooses a suit to void"
    elif block == "feng":
        text = f"{who} puts {_t(k)} out (放风)"
    elif block == "bet":
        text = f"{who} bets {k}"
    elif block == "declare":
        text = f"{who} declares ({phase} {k})"
    else:
        text = f"{who} {block.replace('_', ' ')} {k if k >= 0 else ''}".rstrip()
    return text, hidden


# ------------------------------------------------------------------------------ take back
def _remove(st: dict[str, Any], k: int) -> None:
    if st["drawn"] == k:
        st["drawn"] = -1
    elif k in st["hand"]:
        st["hand"].remove(k)


def _take_back(pic: dict[str, Any], kind: int, seat: int, arg: int) -> dict[str, Any]:
    """The picture before event ``(kind, seat, arg)``, given the picture after it (a copy)."""
    out = copy.deepcopy(pic)
    out["to_act"] = -1
    st = out["seats"][seat] if 0 <= seat < len(out["seats"]) else None
    if kind in (EV_DRAW, EV_DRAW_TAIL) and st is not None:
        _remove(st, arg)
        out["wall"] += 1
        out["draws_left"] += 1
    elif kind == 11 and st is not None:  # pool
        _remove(st, arg)
    elif kind == EV_FLOWER and st is not None:
        if arg in st["flowers"]:
            st["flowers"].remove(arg)
            if st["drawn"] < 0 and out["phase"] == "turn":
                st["drawn"] = arg
            else:
                st["hand"].append(arg)
                st["hand"].sort()
    elif kind == EV_CALL and st is not None and st["melds"]:
        m = st["melds"].pop()
        tiles = list(m["tiles"])
        if m["claimed"] in tiles:
            tiles.remove(m["claimed"])
        st["hand"] = sorted(st["hand"] + tiles)
        if 0 <= m["from"] < len(out["seats"]):
            river = out["seats"][m["from"]]["river"]
            for r in reversed(river):
                if r[1] & RF_CLAIMED and r[2] == seat:
                    r[1] &= ~RF_CLAIMED
                    r[2] = -1
                    out["react"] = {"tile": r[0], "from": m["from"]}
                    break
        out["phase"] = "react"
    elif kind == EV_WIN and st is not None:
        st["won"] = False
        st["value"] = 0
    elif kind == EV_PAY and st is not None:
        st["score"] -= arg
    elif kind == EV_END:
        out["result"] = None
        out["phase"] = "turn"
    elif kind == EV_INDICATOR:
        out["indicator"] = -1
        out["wild"] = []
    return out


# ------------------------------------------------------------------------------ the result
def _item_rows(spec: Any) -> dict[int, tuple[Any, ...]]:
    from mjsim.distributed import item_table

    rows = item_table(spec)
    return {int(r[0]): tuple(r) for r in rows} if rows else {}


def _item_value(spec: Any, row: tuple[Any, ...], open_hand: bool) -> int | None:
    if len(row) < 4 or isinstance(row[3], bool) or not isinstance(row[3], int):
        return None
    if spec.scoring == "riichi" and len(row) > 4 and open_hand:
        return int(row[4])  # (id, english, japanese, han closed, han open)
    return int(row[3])


def result_of(
    state: Any,
    spec: Any,
    scores_before: list[int],
    t: int = 0,
    wins: list[dict[str, int]] | None = None,
) -> dict[str, Any]:
    """The end of a hand as the viewer's scoring panel shows it: the wins in the order they
    happened (``wins``, as :class:`Tracker` follows them; without it, the engine's last win
    for every winner), each winner's value and scoring items (``[chinese, english, value,
    count]``; value ``None`` where the family's table gives none), payments and scores before
    and after."""
    tv = state.tv[t]
    n = int(spec.n_players)
    winners = [p for p in range(n) if (int(tv[TV_WINNERS]) >> p) & 1]
    if wins is None:
        wins = [
            {
                "seat": p,
                "kind": WIN_KIND_NAMES[int(tv[TV_WIN_KIND])],
                "tile": int(tv[TV_WIN_TILE]),
                "from": int(tv[TV_WIN_FROM]),
            }
            for p in winners
        ]
    wins = [dict(w, value=int(state.pv[t, w["seat"], PV_VALUE])) for w in wins]
    table = _item_rows(spec)
    names = None
    if not table:
        from mjsim.distributed import item_names

        names = item_names(spec)
    items: dict[int, list[list[Any]]] = {}
    for p in winners:
        open_hand = any(
            int(state.melds[t, p, i, 0]) not in (MELD_NONE, MELD_CONCEALED_KONG)
            for i in range(int(state.pv[t, p, PV_N_MELDS]))
        )
        rows = []
        for it in np.flatnonzero(state.items[t, p]):
            count = int(state.items[t, p, it])
            row = table.get(int(it))
            if row is not None:
                rows.append([str(row[2]), str(row[1]), _item_value(spec, row, open_hand), count])
            else:
                name = names[it] if names is not None and it < len(names) else f"item {it}"
                rows.append(["", str(name), None, count])
        items[p] = rows
    pay = [int(state.pv[t, p, PV_PAY]) for p in range(n)]
    return {
        "winners": winners,
        "wins": wins,
        "values": [int(state.pv[t, p, PV_VALUE]) for p in range(n)],
        "items": {str(p): rows for p, rows in items.items()},
        "pay": pay,
        "before": [int(x) for x in scores_before],
        "after": [int(state.pv[t, p, PV_SCORE]) for p in range(n)],
    }


# ------------------------------------------------------------------------------ the hand
class Tracker:
    """What the pictures need that the engine does not keep, followed decision by decision:
    the tile each meld claimed (``claimed[p][i]``) and who claimed each discard
    (``claimers[(p, i)]``), plus what the table showed before the decision in play
    (``before``: ``phase`` name, ``tile`` under reaction and its ``from`` seat)."""

    def __init__(self, n_players: int) -> None:
        self.claimed: list[list[int]] = [[] for _ in range(n_players)]
        self.claimers: dict[tuple[int, int], int] = {}
        self.before: dict[str, Any] = {"phase": "turn", "tile": -1, "from": -1, "drawn": -1}
        #: the wins so far, in order: ``{"seat", "kind", "tile", "from"}``
        self.wins: list[dict[str, int]] = []

    def update(self, state: Any, decoded: list[tuple[int, int, int]]) -> None:
        """Take in the events ``decoded`` (``(kind, seat, arg)``) that the last decision (or the
        deal) produced, with ``state`` the engine state after them."""
        n = len(self.claimed)
        for p in range(n):
            nm = int(state.pv[0, p, PV_N_MELDS])
            self.claimed[p] = (self.claimed[p] + [-1] * nm)[:nm]
        for kind, seat, _arg in decoded:
            if kind == EV_WIN and 0 <= seat < n:
                b = self.before
                if b["phase"] == "react":
                    how = "discard" if b["react_kind"] == 0 else "rob_kong"
                    self.wins.append(
                        {"seat": seat, "kind": how, "tile": b["tile"], "from": b["from"]}
                    )
                else:
                    self.wins.append(
                        {"seat": seat, "kind": "self_draw", "tile": b["drawn"], "from": -1}
                    )
            if kind != EV_CALL or not 0 <= seat < n:
                continue
            nm = int(state.pv[0, seat, PV_N_MELDS])
            if nm:
                self.claimed[seat][nm - 1] = self.before["tile"]
            src = self.before["from"]
            if 0 <= src < n:
                for i in range(int(state.pv[0, src, PV_N_RIVER]) - 1, -1, -1):
                    if state.river_flags[0, src, i] & RF_CLAIMED and (src, i) not in self.claimers:
                        self.claimers[(src, i)] = seat
                        break

    def picture(self, state: Any, spec: Any, rules: Any = None) -> dict[str, Any]:
        """:func:`picture` of table 0 with the tracked claims."""
        return picture(state, spec, rules, claimed=self.claimed, claimers=self.claimers)

    def next_decision(self, state: Any) -> None:
        """Note what the table shows before the next decision is applied."""
        tv = state.tv[0]
        self.before = {
            "phase": PHASE_NAMES[int(tv[TV_PHASE])],
            "tile": int(tv[TV_TILE]),
            "from": int(tv[TV_FROM]),
            "react_kind": int(tv[TV_REACT_KIND]),
            "drawn": int(tv[TV_DRAWN]),
        }

    def words(self, pic: dict[str, Any], kind: int, seat: int, arg: int) -> tuple[str, str | None]:
        """:func:`event_words` of an event of the decision just applied (``pic``: after it)."""
        secret = False
        if kind == EV_ACT and self.before["phase"] == "turn":
            block, k = decode_action(arg)
            secret = block == "kong" and any(
                m["hidden"] and m["tiles"][0] == k for m in pic["seats"][seat]["melds"]
            )
        return event_words(
            kind,
            seat,
            arg,
            phase=self.before["phase"],
            tile=self.before["tile"],
            secret=secret,
        )


def hand_model(record: Record, *, partial: bool = True) -> dict[str, Any]:
    """A hand for the viewer: its header, the distinct table pictures, and one entry per event
    of ``record`` naming the picture after it.

    Returns ``{"variant", "rules_version", "seed", "hand_no", "n_players", "hand_size",
    "dealer", "round_wind", "scores", "done", "pictures": [picture, ...], "start": index of the
    picture of the deal, "events": [{"i", "kind", "seat", "arg", "text", "public", "who",
    "pic"}, ...]}``: ``text`` is the event in words, ``public`` the words the other seats read
    (``None``: the same), ``who`` the seat the secret belongs to. ``partial=True`` (the default)
    also takes a hand in progress. ``ValueError`` names the first event the engine does not
    reproduce (:func:`mjsim.engine.replay.replay_steps`)."""
    from mjsim.engine.records import record_label
    from mjsim.engine.replay import replay_steps

    events = np.asarray(record.events, dtype=np.int64)
    decoded = [decode_event(int(e)) for e in events]
    pictures: list[dict[str, Any]] = []
    seen: dict[str, int] = {}

    def keep(pic: dict[str, Any]) -> int:
        key = json.dumps(pic, sort_keys=True, separators=(",", ":"))
        if key not in seen:
            seen[key] = len(pictures)
            pictures.append(pic)
        return seen[key]

    out_events: list[dict[str, Any]] = [{} for _ in range(len(events))]
    tracker: Tracker | None = None
    game = None
    start_pic = 0
    for game, start, stop in replay_steps(record, partial=partial):
        s = game.state
        if tracker is None:
            tracker = Tracker(game.n_players)
        tracker.update(s, decoded[start:stop])
        pic = tracker.picture(s, game.spec, game.rules)
        if game.done and stop == len(events):
            pic["result"] = result_of(s, game.spec, record.scores, wins=tracker.wins)
        for j in range(stop - 1, start - 1, -1):
            kind, seat, arg = decoded[j]
            text, public = tracker.words(pic, kind, seat, arg)
            out_events[j] = {
                "i": j,
                "kind": EVENT_NAMES.get(kind, str(kind)),
                "seat": seat,
                "arg": arg,
                "text": text,
                "public": public,
                "who": seat,
                "pic": keep(pic),
            }
            pic = _take_back(pic, kind, seat, arg)
        if start == 0:
            start_pic = keep(pic)
        tracker.next_decision(s)
    assert game is not None
    spec = game.spec
    return {
        "variant": record_label(record),
        "rules_version": record.rules_version,
        "seed": int(record.seed),
        "hand_no": int(record.hand_no),
        "n_players": int(spec.n_players),
        "hand_size": int(spec.hand_size),
        "dealer": int(record.dealer),
        "round_wind": int(record.round_wind),
        "scores": [int(x) for x in record.scores],
        "done": bool(game.done),
        "pictures": pictures,
        "start": start_pic,
        "events": out_events,
    }


def read_records(text: str) -> list[Record]:
    """Every hand of a JSON-lines file (:func:`mjsim.engine.records.to_jsonl` output, one hand
    or several one after the other, as ``mjsim play`` saves a session). ``ValueError`` naming
    the first bad line by its line number in ``text``; for text with no header."""
    from mjsim.engine.records import from_jsonl

    lines = text.splitlines()
    starts = []
    for n, ln in enumerate(lines):
        if '"header"' in ln:
            try:
                if json.loads(ln).get("type") == "header":
                    starts.append(n)
            except (json.JSONDecodeError, AttributeError):
                pass
    if not starts or any(ln.strip() for ln in lines[: starts[0]]):
        return [from_jsonl(text)]  # names the first bad line
    out = []
    for a, b in zip(starts, starts[1:] + [len(lines)], strict=True):
        # blank lines in front keep from_jsonl's line numbers those of the file
        out.append(from_jsonl("\n" * a + "\n".join(lines[a:b])))
    return out
