"""Statistics of self-play results: confidence intervals, per-seat / per-agent summaries.

Everything here is plain numpy on the result rows of :func:`mjsim.simulate`
(``mjsim.selfplay.RESULT_DTYPE``; a structured array or a ``pandas.DataFrame`` with those
columns). Hands are independent deals, so a per-hand quantity is an i.i.d. sample and the normal
approximation gives its confidence interval; proportions use the Wilson score interval
(Wilson 1927, "Probable inference, the law of succession, and statistical inference").

Seats and players: the row columns ``pay0..3`` / ``value0..3`` / ``winners`` are per seat;
``player0..3`` name the player at each seat (guobiao matches move players between rounds).
Per-agent figures follow the players (:func:`per_player`); per-seat figures stay per seat.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

import numpy as np

from mjsim._text import columns


def _z(level: float) -> float:
    if not 0.0 < level < 1.0:
        raise ValueError(f"level={level!r} must be in (0, 1)")
    return NormalDist().inv_cdf(0.5 + level / 2.0)


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its two-sided confidence interval ``[lo, hi]`` and sample size."""

    value: float
    lo: float
    hi: float
    n: int

    @property
    def half_width(self) -> float:
        """Half the interval width (the ``±`` of ``value``)."""
        return (self.hi - self.lo) / 2.0

    def __str__(self) -> str:
        return fmt(self)


def fmt(e: Estimate, digits: int = 3, pct: bool = False) -> str:
    """``"0.123 ± 0.004"`` (or ``"12.3% ± 0.4%"`` with ``pct``) when the interval is symmetric
    at the printed precision; otherwise the bounds, ``"0.0% [0.0%, 3.7%]"`` (a Wilson interval
    of a rare or zero-event rate: never ``± 0``). An interval of zero width (every sample
    equal) prints ``"0.000 (all equal)"``; no sample prints ``"n/a"``."""
    if e.n == 0 or math.isnan(e.value):
        return "n/a"
    scale, unit, d = (100.0, "%", max(digits - 2, 1)) if pct else (1.0, "", digits)
    v, lo, hi = scale * e.value, scale * e.lo, scale * e.hi
    if e.lo == e.hi:
        return f"{v:.{d}f}{unit} (all equal)"
    below, above = f"{v - lo:.{d}f}", f"{hi - v:.{d}f}"
    if below == above and float(above) > 0:
        return f"{v:.{d}f}{unit} ± {above}{unit}"
    return f"{v:.{d}f}{unit} [{lo:.{d}f}{unit}, {hi:.{d}f}{unit}]"


def winners_distribution(rows: Any, n_players: int, level: float = 0.95) -> list[Estimate]:
    """Share of all hands with exactly ``k`` winners, ``k = 0 .. n_players - 1`` (the row
    column ``n_winners``; a blood battle 血战 can end with ``n_players - 1`` winners), each with
    its Wilson interval. ``ValueError`` for ``n_players`` outside 2..4."""
    if n_players not in (2, 3, 4):
        raise ValueError(f"n_players={n_players!r} must be 2, 3 or 4")
    n_win = _col(rows, "n_winners").astype(np.int64)
    n = len(n_win)
    return [proportion_ci(int((n_win == k).sum()), n, level) for k in range(n_players)]


def mean_ci(x: Any, level: float = 0.95) -> Estimate:
    """Mean of the samples ``x`` (1-D, any numeric dtype) with a normal-approximation CI.

    ``n < 2`` gives an interval of zero width (``n == 0``: NaN). ``ValueError`` for a bad level.
    """
    a = np.asarray(x, dtype=np.float64).ravel()
    z = _z(level)
    n = a.size
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    m = float(a.mean())
    if n < 2:
        return Estimate(m, m, m, n)
    se = float(a.std(ddof=1)) / math.sqrt(n)
    return Estimate(m, m - z * se, m + z * se, n)


def proportion_ci(k: int, n: int, level: float = 0.95) -> Estimate:
    """Proportion ``k / n`` with the Wilson score interval (``n == 0``: NaN)."""
    k = int(k)
    n = int(n)
    if n < 0 or not 0 <= k <= max(n, 0):
        raise ValueError(f"proportion_ci: need 0 <= k <= n, got k={k}, n={n}")
    z = _z(level)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = k / n
    den = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    lo = 0.0 if k == 0 else max(0.0, min(p, centre - half))
    hi = 1.0 if k == n else min(1.0, max(p, centre + half))
    return Estimate(p, lo, hi, n)


def paired_diff(x: Any, y: Any, level: float = 0.95) -> tuple[Estimate, float]:
    """Mean of ``x - y`` over paired samples with its CI and the two-sided p-value of "mean 0"
    (normal approximation). ``ValueError`` if the lengths differ."""
    a = np.asarray(x, dtype=np.float64).ravel()
    b = np.asarray(y, dtype=np.float64).ravel()
    if a.shape != b.shape:
        raise ValueError(f"paired_diff: {a.size} vs {b.size} samples")
    e = mean_ci(a - b, level)
    return e, _p_value(e, level)


def diff_ci(x: Any, y: Any, level: float = 0.95) -> tuple[Estimate, float]:
    """Difference of the means of two independent samples (Welch) with CI and p-value."""
    a = np.asarray(x, dtype=np.float64).ravel()
    b = np.asarray(y, dtype=np.float64).ravel()
    if a.size < 2 or b.size < 2:
        return Estimate(math.nan, math.nan, math.nan, 0), math.nan
    d = float(a.mean() - b.mean())
    se = math.sqrt(a.var(ddof=1) / a.size + b.var(ddof=1) / b.size)
    z = _z(level)
    e = Estimate(d, d - z * se, d + z * se, min(a.size, b.size))
    return e, _p_value(e, level)


def _p_value(e: Estimate, level: float) -> float:
    se = e.half_width / _z(level)
    if e.n == 0 or math.isnan(e.value):
        return math.nan
    if se == 0:
        return 0.0 if e.value != 0 else 1.0
    return 2.0 * (1.0 - NormalDist().cdf(abs(e.value) / se))


# ----------------------------------------------------------------------------- summaries
def _col(rows: Any, name: str) -> np.ndarray:
    return np.asarray(rows[name])


def _has(rows: Any, name: str) -> bool:
    names = getattr(getattr(rows, "dtype", None), "names", None)
    if names is not None:
        return name in names
    return name in getattr(rows, "columns", ())


def player_seats(rows: Any, n_players: int) -> np.ndarray:
    """``int64[n_hands, n_players]``: the seat each player sat at in each hand, from the row
    columns ``player{s}`` (the player at seat ``s``; guobiao matches move players between
    seats, ``mjsim.engine.seating``). Rows without those columns, or with all of them 0 (rows
    filled by hand): player ``p`` at seat ``p``. ``ValueError`` if a row is not a permutation."""
    n = len(_col(rows, "hand"))
    seats = np.tile(np.arange(n_players, dtype=np.int64), (n, 1))
    if not _has(rows, "player0"):
        return seats
    at = np.stack([_col(rows, f"player{s}").astype(np.int64) for s in range(n_players)], axis=1)
    unset = (at == 0).all(axis=1)  # zero-filled rows (built by hand): players at their own seats
    at[unset] = seats[unset]
    if n and not np.array_equal(np.sort(at, axis=1), seats):
        raise ValueError("rows: the player0.. columns are not a permutation of the players")
    np.put_along_axis(seats, at, np.arange(n_players, dtype=np.int64)[None, :], axis=1)
    return seats


def per_player(rows: Any, column: str, n_players: int) -> np.ndarray:
    """``int64[n_hands, n_players]``: a per-seat column (``"pay"``, ``"value"``) read per
    player: entry ``[i, p]`` = ``rows[f"{column}{s}"][i]`` for the seat ``s`` player ``p`` sat
    at in hand ``i`` (:func:`player_seats`). ``column="win"`` reads the ``winners`` bitmask."""
    seats = player_seats(rows, n_players)
    if column == "win":
        w = _col(rows, "winners").astype(np.int64)
        return (w[:, None] >> seats) & 1
    by_seat = np.stack(
        [_col(rows, f"{column}{s}").astype(np.int64) for s in range(n_players)], axis=1
    )
    return np.take_along_axis(by_seat, seats, axis=1)


def agent_payments(rows: Any, agents: Sequence[str], n_players: int) -> dict[str, np.ndarray]:
    """Per-hand mean payment of each distinct agent name over the players it plays.

    ``agents``: the agent name of each player (= of each seat in the first hand of a match;
    ``len == n_players``). Players who change seats (guobiao matches) are followed through the
    ``player{s}`` columns (:func:`per_player`). Returns name -> float64[n_hands]; with one agent
    per player and no seat change this is the seat's ``pay`` column."""
    if len(agents) != n_players:
        raise ValueError(f"agents: {len(agents)} names for {n_players} seats")
    pays = per_player(rows, "pay", n_players).astype(np.float64)
    out: dict[str, np.ndarray] = {}
    for name in dict.fromkeys(agents):
        held = [p for p in range(n_players) if agents[p] == name]
        out[name] = pays[:, held].mean(axis=1)
    return out


def summarize(
    rows: Any,
    agents: Sequence[str],
    n_players: int = 4,
    item_names: Sequence[str] | None = None,
    level: float = 0.95,
) -> dict[str, Any]:
    """The summary of a run: a JSON-ready dict (see :func:`format_summary` for the printout).

    Keys: ``n_hands``, ``errors``, ``seats`` (win rate and mean payment per seat with CIs),
    ``agents`` (mean payment and win rate per agent name; ``players``: the players it holds,
    which are not fixed seats when a match swaps seats, ``seats`` the same list under its old
    name), ``drawn_rate`` (of all hands), ``self_draw_of_won_hands`` and
    ``self_draw_of_all_hands`` (hands whose (first) win was a self-draw, as a share of the won
    hands and of all hands), ``multi_winner_of_won_hands`` (won hands with two or more
    winners), ``winners_per_hand`` (share of all hands with exactly 0, 1, .. n_players - 1
    winners: :func:`winners_distribution`), ``value_percentiles`` (hand value of
    the first winner over won hands: p50/p75/p90/p99/max; each the smallest value with at least
    that share of won hands at or below it, numpy's ``inverted_cdf``, so always a value that
    occurred), ``top_items`` (the 10 most frequent
    scoring items of the first winner: ``(name, hands, share of won hands)``), ``mean_draws``
    (tiles drawn after the deal), ``mean_turns`` (draws per seat), ``mean_decisions``.
    """
    n = len(_col(rows, "hand"))
    winners = _col(rows, "winners").astype(np.int64)
    n_win = _col(rows, "n_winners").astype(np.int64)
    won = n_win > 0
    n_won = int(won.sum())
    seats = []
    at = player_seats(rows, n_players)
    for p in range(n_players):
        # the agents that sat at seat p (several when players changed seats in a match)
        names = dict.fromkeys(
            agents[int(q)] for q in np.unique(np.flatnonzero(at == p) % n_players)
        )
        seats.append(
            {
                "seat": p,
                "agent": "/".join(names) if names else agents[p],
                "win_rate": proportion_ci(int(((winners >> p) & 1).sum()), n, level),
                "mean_pay": mean_ci(_col(rows, f"pay{p}"), level),
            }
        )
    per_agent = {}
    pays = agent_payments(rows, agents, n_players)
    player_won = per_player(rows, "win", n_players)
    for name, x in pays.items():
        held = [p for p in range(n_players) if agents[p] == name]
        wins = int(player_won[:, held].sum())
        per_agent[name] = {
            "players": held,  # players (agents[p] is player p's agent), not seats: guobiao's
            "seats": held,  # seat swap moves players between seats; kept for old readers
            "mean_pay": mean_ci(x, level),
            "win_rate": proportion_ci(wins, n * len(held), level),
        }
    values = _col(rows, "value")[won]
    pct = {}
    if values.size:
        for q in (50, 75, 90, 99):
            # a value that occurred (no interpolation between integer payments): the smallest
            # value with at least q% of the won hands at or below it
            pct[f"p{q}"] = float(np.percentile(values, q, method="inverted_cdf"))
        pct["max"] = float(values.max())
    items: Counter[int] = Counter()
    for i in range(6):
        col = f"item{i}"
        if not _has(rows, col):
            break
        ids = _col(rows, col)
        ids = ids[ids >= 0]
        items.update(int(v) for v in ids)
    top = []
    for it, c in items.most_common(10):
        name = item_names[it] if item_names is not None and it < len(item_names) else f"item {it}"
        top.append((name, c, c / n_won if n_won else math.nan))
    draws = _col(rows, "draws").astype(np.float64)
    self_drawn = int((_col(rows, "win_kind")[won] == 1).sum())
    return {
        "n_hands": n,
        "errors": int((_col(rows, "error") != 0).sum()),
        "seats": seats,
        "agents": per_agent,
        "drawn_rate": proportion_ci(n - n_won, n, level),
        "self_draw_of_won_hands": proportion_ci(self_drawn, n_won, level),
        "self_draw_of_all_hands": proportion_ci(self_drawn, n, level),
        "multi_winner_of_won_hands": proportion_ci(int((n_win > 1).sum()), n_won, level),
        "winners_per_hand": winners_distribution(rows, n_players, level),
        "value_percentiles": pct,
        "top_items": top,
        "mean_draws": mean_ci(draws, level),
        "mean_turns": mean_ci(draws / n_players, level),
        "mean_decisions": mean_ci(_col(rows, "decisions"), level),
    }


def format_summary(summary: dict[str, Any], title: str = "") -> str:
    """A plain-text report of :func:`summarize` (95% CIs as ``±``)."""
    lines = []
    if title:
        lines.append(title)
    lines.append(f"hands: {summary['n_hands']}   engine errors: {summary['errors']}")
    lines.append("")
    seat_rows = [["seat", "agent", "win rate", "mean payment"]]
    for s in summary["seats"]:
        seat_rows.append(
            [str(s["seat"]), s["agent"], fmt(s["win_rate"], pct=True), fmt(s["mean_pay"])]
        )
    lines += _columns(seat_rows)
    lines.append("")
    # players, not seats: agents are given per player, and guobiao's seat swap moves players
    agent_rows = [["agent", "players", "win rate", "mean payment/hand"]]
    for name, a in summary["agents"].items():
        held = a.get("players", a.get("seats", []))
        agent_rows.append(
            [
                name,
                ",".join(str(p) for p in held),
                fmt(a["win_rate"], pct=True),
                fmt(a["mean_pay"]),
            ]
        )
    lines += _columns(agent_rows)
    lines.append("")
    lines.append(f"drawn hands:        {fmt(summary['drawn_rate'], pct=True)} of all hands")
    lines.append(
        f"self-draw share:    {fmt(summary['self_draw_of_won_hands'], pct=True)} of won hands, "
        f"{fmt(summary['self_draw_of_all_hands'], pct=True)} of all hands"
    )
    lines.append(
        f"multi-winner hands: {fmt(summary['multi_winner_of_won_hands'], pct=True)} of won hands"
    )
    lines.append("winners per hand (share of all hands):")
    lines += [
        "  " + line
        for line in _columns(
            [
                [f"{k} winner" + ("s" if k != 1 else "") + ":", fmt(e, pct=True)]
                for k, e in enumerate(summary["winners_per_hand"])
            ]
        )
    ]
    pct = summary["value_percentiles"]
    if pct:
        lines.append("hand value:         " + "  ".join(f"{k} {v:g}" for k, v in pct.items()))
    lines.append(
        f"mean turns:         {fmt(summary['mean_turns'], 2)} per seat "
        f"({fmt(summary['mean_draws'], 2)} draws, "
        f"{fmt(summary['mean_decisions'], 1)} decisions per hand)"
    )
    if summary["top_items"]:
        lines.append("top scoring items (first winner; share of won hands):")
        items = [[name, str(c), f"{100 * share:.2f}%"] for name, c, share in summary["top_items"]]
        lines += ["  " + line for line in columns(items, "lrr")]
    return "\n".join(lines)


def _columns(table: list[list[str]]) -> list[str]:
    """Rows of cells as aligned text: the first two columns left-aligned, the rest
    right-aligned, each as wide as its widest entry in terminal columns (a Chinese character
    takes two: :mod:`mjsim._text`), at least two spaces between columns (large numbers no
    longer run into the next column)."""
    return columns(table, "ll" + "r" * (len(table[0]) - 2))


def to_jsonable(obj: Any) -> Any:
    """``summarize`` output with :class:`Estimate` as ``{value, lo, hi, n}`` (for JSON)."""
    if isinstance(obj, Estimate):
        return {"value": obj.value, "lo": obj.lo, "hi": obj.hi, "n": obj.n}
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [to_jsonable(v) for v in obj]
    if isinstance(obj, np.generic):
        return obj.item()
    return obj
