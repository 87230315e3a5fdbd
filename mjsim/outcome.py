"""The outcome of a finished hand as plain Python values: who won, how, for how much, who paid.

:class:`OutcomeReader` reads it from an engine state (a :class:`mjsim.engine.Game`'s, an
environment's table) once the hand is over; the environments put it in the ``info`` of the
step that ends an episode (``docs/observations.md`` "The outcome of an episode"), so training
code never reads engine arrays::

    from mjsim.engine import Game
    from mjsim.outcome import OutcomeReader

    g = Game("sichuan", seed=3)
    ...  # play the hand to the end
    out = OutcomeReader(g.spec, g.rules)(g.state)
    out["winners"], out["win_kind"], out["payments"], out["items"]

Keys (seats are engine seats ``0 .. n_players - 1``; lists have one entry per seat):

- ``winners``: ``list[int]``, the winning seats in ascending order (empty on a drawn hand;
  several after a multiple win on one discard or in a blood battle 血战, where the hand goes on
  after each win);
- ``win_kind``: ``"none"`` (drawn hand), ``"self_draw"``, ``"discard"`` or ``"rob_kong"``
  (:data:`mjsim.engine.state.WIN_KIND_NAMES`; in a blood battle the kind of the last win);
- ``discarder``: the seat that dealt in (discard or robbed kong), ``-1`` otherwise;
- ``win_tile``: the winning tile in ``mpsz`` notation (``"5m"``), ``None`` on a drawn hand;
- ``dealer``: the dealer's seat;
- ``value``: the hand value of the first winner (in turn order after the discarder; the
  result rows' ``value`` column), 0 on a drawn hand; ``values``: every seat's hand value (0 for a
  seat that did not win). The family's unit: fan (guobiao, sichuan, guangdong, tianjin), points
  (hebei), small / big wins (changsha), basic points (riichi);
- ``items``: one list per winner, in the order of ``winners``, of the scoring items of that
  win: ``{"id": int, "name": English name, "name_zh": original name (Chinese; Japanese for
  riichi), "count": how often it applies, "value": its value per occurrence}`` by item id;
  ``value`` is what the family's item table gives (as :func:`mjsim.score` lists it: fan or han
  (riichi: closed or open hand), 1 per small or big win (changsha); hebei: the base points of a
  basic win or the multiplier of the other items, from ``RuleSpec.score_values``), ``None``
  where a family has no item table;
- ``payments``: ``list[int]``, every seat's payment of the hand (positive = received; kong
  payments and settlements of the hand included);
- ``deposits``: how much the hand added to the deposits lying on the table (riichi's 1000-point
  sticks: positive when a drawn hand leaves new ones, negative when a winner collects those
  carried in; 0 in the other variants): ``sum(payments) + deposits == 0`` in every registered
  variant;
- ``scores``: ``list[int]``, the running scores of a match (equal to ``payments`` in a
  one-hand episode).
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from mjsim.engine.state import (
    PV_PAY,
    PV_SCORE,
    PV_VALUE,
    TV_DEALER,
    TV_RC_POT,
    TV_RC_POT_IN,
    TV_WIN_FROM,
    TV_WIN_KIND,
    TV_WIN_TILE,
    TV_WINNERS,
    WIN_KIND_NAMES,
)
from mjsim.melds import MELD_CONCEALED_KONG, MELD_NONE
from mjsim.rules.spec import RuleSpec
from mjsim.tiles import MPSZ_NAMES

#: scoring family -> (module, table) whose rows start with (item id, English name, Chinese
#: name); the fourth column, where there is one, is the item's value (riichi: han closed, then
#: han open)
ITEM_TABLES = {
    "sichuan": ("mjsim.scoring.sichuan", "SICHUAN_ITEMS"),
    "changsha": ("mjsim.scoring.changsha", "CHANGSHA_ITEMS"),
    "jipinghu": ("mjsim.scoring.jipinghu", "JIPINGHU_ITEMS"),
    "guobiao": ("mjsim.scoring.guobiao_fans", "GUOBIAO_FANS"),
    "riichi": ("mjsim.scoring.riichi_yaku", "RIICHI_YAKU"),
    "tianjin": ("mjsim.scoring.tianjin", "TIANJIN_ITEMS"),
    "hebei": ("mjsim.scoring.hebei", "HEBEI_ITEMS"),
}


def item_rows(scoring: str) -> tuple[tuple[Any, ...], ...] | None:
    """The item table of scoring family ``scoring`` (rows ``(id, English, Chinese, ...)``), or
    ``None`` for a family without one."""
    if scoring not in ITEM_TABLES:
        return None
    mod, attr = ITEM_TABLES[scoring]
    return tuple(getattr(importlib.import_module(mod), attr))


def spec_item_rows(spec: RuleSpec) -> tuple[tuple[Any, ...], ...] | None:
    """The item rows ``(id, English, Chinese, value)`` of ``spec``: a table-driven spec's fan
    table rows (``id`` = the row, ``value`` = one occurrence's value; condition rows are not
    items), else the family's item table (:func:`item_rows`)."""
    name = spec.effective_fan_table()
    if not name:
        return item_rows(spec.scoring)
    from mjsim.scoring import tables
    from mjsim.scoring.fan_table import C_KIND, C_VALUE, KIND_CONDITION

    compiled = tables.get(name, **tables.spec_params(name, tuple(spec.score_values)))
    return tuple(
        (r, en, zh, int(compiled.rows[r, C_VALUE]))
        for r, (zh, en) in enumerate(compiled.names)
        if compiled.rows[r, C_KIND] != KIND_CONDITION
    )


class OutcomeReader:
    """Reads the outcome of a finished hand of ``spec`` (module docstring) from an engine state.

    ``rules``: the spec's compiled rules (unused: the item values come from the spec's fan table
    or its family's item table; kept for callers). Build one per environment or game and call it
    on every finished hand: the item table is looked up once."""

    def __init__(self, spec: RuleSpec, rules: Any = None) -> None:
        self.n_players = int(spec.n_players)
        self.scoring = spec.scoring
        rows = spec_item_rows(spec)
        self._names: dict[int, tuple[str, str]] = {}
        self._values: dict[int, int | None] = {}
        self._open_values: dict[int, int | None] = {}  # riichi: han in an open hand
        for row in rows or ():
            i = int(row[0])
            self._names[i] = (str(row[1]), str(row[2]))
            v = int(row[3]) if len(row) > 3 else None
            self._values[i] = v
            self._open_values[i] = int(row[4]) if spec.scoring == "riichi" else v
        self._seat_lists = [
            [p for p in range(self.n_players) if (bits >> p) & 1] for bits in range(1 << 4)
        ]

    def winners(self, bits: int) -> list[int]:
        """The seats of a winners bitmask (``TV_WINNERS``, the result rows' ``winners``)."""
        return list(self._seat_lists[int(bits) & 15])

    def items(self, state: Any, t: int, seat: int) -> list[dict[str, Any]]:
        """The scoring items of ``seat``'s win on table ``t`` (module docstring, ``items``)."""
        row = state.items[t, seat]
        ids = np.flatnonzero(row)
        if self.scoring == "riichi":  # han of an open hand: any meld but a concealed kong
            kinds = state.melds[t, seat, :, 0].tolist()
            values = (
                self._open_values
                if any(x != MELD_NONE and x != MELD_CONCEALED_KONG for x in kinds)
                else self._values
            )
        else:
            values = self._values
        item = self._item
        return [item(i, c, values) for i, c in zip(ids.tolist(), row[ids].tolist(), strict=True)]

    def _item(self, i: int, count: int, values: dict[int, Any]) -> dict[str, Any]:
        """One scoring item's dict (module docstring, ``items``): item ``i`` counted ``count``
        times, valued from ``values`` (the closed or the open hand's values)."""
        en, zh = self._names.get(i) or (f"item {i}", f"item {i}")
        return {"id": i, "name": en, "name_zh": zh, "count": count, "value": values.get(i)}

    def _item_lists(self, state: Any, tables: Any, seats: Any) -> list[list[dict[str, Any]]]:
        """:meth:`items` of the wins of ``seats[i]`` on ``tables[i]``, read in one pass."""
        tw = np.asarray(tables, dtype=np.int64)
        pw = np.asarray(seats, dtype=np.int64)
        out: list[list[dict[str, Any]]] = [[] for _ in range(len(tw))]
        if not len(tw):
            return out
        counts = state.items[tw, pw]
        if self.scoring == "riichi":  # han of an open hand: any meld but a concealed kong
            types = state.melds[tw, pw, :, 0]
            exposed = ((types != MELD_NONE) & (types != MELD_CONCEALED_KONG)).any(axis=1).tolist()
        else:
            exposed = [False] * len(tw)
        rows, ids = np.nonzero(counts)  # row by row, ids ascending
        closed, opened = self._values, self._open_values
        for r, i, c in zip(rows.tolist(), ids.tolist(), counts[rows, ids].tolist(), strict=True):
            out[r].append(self._item(i, c, opened if exposed[r] else closed))
        return out

    def __call__(self, state: Any, t: int = 0) -> dict[str, Any]:
        """The outcome of the hand on table ``t`` of ``state`` (a
        :class:`mjsim.engine.state.State`), as a new dict of plain Python values (module
        docstring). Call it once the hand is over: during play it describes the wins so far."""
        n = self.n_players
        tv = state.tv[t]
        pv = state.pv[t]
        winners = self.winners(int(tv[TV_WINNERS]))
        frm = int(tv[TV_WIN_FROM])
        first = -1
        for j in range(n):  # the first winner in turn order after the discarder (result rows)
            q = (frm + 1 + j) % n if frm >= 0 else j
            if q in winners:
                first = q
                break
        tile = int(tv[TV_WIN_TILE])
        values = pv[:n, PV_VALUE].tolist()
        return {
            "winners": winners,
            "win_kind": WIN_KIND_NAMES[int(tv[TV_WIN_KIND])],
            "discarder": frm if winners else -1,
            "win_tile": MPSZ_NAMES[tile] if winners and 0 <= tile < len(MPSZ_NAMES) else None,
            "dealer": int(tv[TV_DEALER]),
            "value": values[first] if first >= 0 else 0,
            "values": values,
            "items": [self.items(state, t, p) for p in winners],
            "payments": pv[:n, PV_PAY].tolist(),
            "deposits": int(tv[TV_RC_POT]) - int(tv[TV_RC_POT_IN]),
            "scores": pv[:n, PV_SCORE].tolist(),
        }

    def batch(self, state: Any, tables: Any, num_envs: int) -> dict[str, np.ndarray]:
        """The outcomes of the finished hands on ``tables`` (int indices) of a batch of
        ``num_envs`` tables, in Gymnasium's vector-info layout: every key of :meth:`__call__`
        maps to an array over the ``num_envs`` tables (``int64[num_envs]`` for ``discarder``,
        ``dealer``, ``value``, ``deposits``; ``int64[num_envs, n_players]`` for ``values``, ``payments``,
        ``scores``; object arrays for ``winners``, ``win_kind``, ``win_tile``, ``items``) set at
        ``tables`` (0 / ``None`` elsewhere), and ``"_" + key`` to a ``bool[num_envs]`` mask
        that is True at ``tables``. The same values as :meth:`__call__` table by table."""
        T = np.asarray(tables, dtype=np.int64)
        k, n, N = len(T), self.n_players, int(num_envs)
        tv = state.tv[T].astype(np.int64)
        pv = state.pv[T, :n].astype(np.int64)
        bits = tv[:, TV_WINNERS]
        frm = tv[:, TV_WIN_FROM]
        won = bits != 0
        first = np.full(k, -1, np.int64)
        for j in range(n):  # the first winner in turn order after the discarder (result rows)
            q = np.where(frm >= 0, (frm + 1 + j) % n, j)
            first = np.where((first < 0) & (((bits >> q) & 1) == 1), q, first)
        values = pv[:, :, PV_VALUE]
        tile = tv[:, TV_WIN_TILE]
        tile_ok = won & (tile >= 0) & (tile < len(MPSZ_NAMES))
        cols: dict[str, np.ndarray] = {
            "discarder": np.where(won, frm, -1),
            "dealer": tv[:, TV_DEALER],
            "value": np.where(first >= 0, values[np.arange(k), np.maximum(first, 0)], 0),
            "values": values,
            "payments": pv[:, :, PV_PAY],
            "deposits": tv[:, TV_RC_POT] - tv[:, TV_RC_POT_IN],
            "scores": pv[:, :, PV_SCORE],
            "win_kind": _WIN_KINDS[tv[:, TV_WIN_KIND]],
            "win_tile": np.where(tile_ok, _TILE_NAMES[np.where(tile_ok, tile, 0)], None),
        }
        winners = [self.winners(b) for b in bits.tolist()]
        ts = T.tolist()
        pairs = [(t, p) for t, w in zip(ts, winners, strict=True) for p in w]
        flat = iter(self._item_lists(state, [t for t, _ in pairs], [p for _, p in pairs]))
        items = [[next(flat) for _ in w] for w in winners]
        mask = np.zeros(N, np.bool_)
        mask[T] = True
        out: dict[str, np.ndarray] = {}
        for key, col in cols.items():
            full = (
                np.full(N, None, object)
                if col.dtype == object
                else np.zeros((N, *col.shape[1:]), np.int64)
            )
            full[T] = col
            out[key] = full
        for key, lists in (("winners", winners), ("items", items)):
            full = np.empty(N, object)  # (None everywhere)
            for t, x in zip(ts, lists, strict=True):
                full[t] = x
            out[key] = full
        for key in list(out):
            out[f"_{key}"] = mask.copy()
        return out


_WIN_KINDS = np.array(WIN_KIND_NAMES, dtype=object)
_TILE_NAMES = np.array(MPSZ_NAMES, dtype=object)


def hand_outcome(spec: RuleSpec, state: Any, t: int = 0, rules: Any = None) -> dict[str, Any]:
    """The outcome of the finished hand on table ``t`` of ``state`` (a one-off
    :class:`OutcomeReader`; build a reader to read many hands)."""
    return OutcomeReader(spec, rules)(state, t)
