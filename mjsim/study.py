"""Rule-balance studies: a grid of rule overrides played on the same seeds, compared with the base.

``study("hebei", {"allow_chow": [True, False], "min_fan": [0, 1]}, 10_000)`` plays the base
rules and every cell of the grid on the same hand indices of the same seed (hand ``i`` is dealt
from ``(seed, i)`` in every cell; with the same tile set the walls are identical), so the
differences against the base are paired per hand. Writes ``study.csv`` and PNG plots.

Per cell: drawn-hand rate, win rate and mean payment by seat relative to the dealer (the
dealer's edge; seats labelled per player count by :data:`SEAT_LABELS`), the self-draw share of
the won hands and of all hands (``self_draw_of_won_hands``, ``self_draw_of_all_hands``), the
winners per hand (``n_winners_<k>``: share of all hands with exactly ``k`` winners), mean hand
value of won hands, mean turn of the winning tile; each with a 95% CI (rates: Wilson intervals,
as ``mjsim simulate``'s summary; means: normal), and the paired difference against the base
with its CI.

Qualifier fields follow the fields they qualify (``mjsim.rules.spec.QUALIFIERS``): a cell that
switches chows off plays without ``chow_left_only`` instead of being invalid. A grid field that
has no effect in some cells (a qualifier whose needs the cell switches off, a field of
``mjsim.rules.spec.INERT`` such as ``forced_win_tiles`` under 定缺, a field of
``mjsim.rules.spec.BETWEEN_HANDS`` such as ``dealer_rotation``: a study deals every hand
afresh) is named before anything plays (:func:`plan_study`).
"""

from __future__ import annotations

import itertools
import math
import re
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from mjsim._args import check_int, resolve_threads, seat_agents
from mjsim._text import columns
from mjsim.stats import Estimate, fmt, mean_ci, paired_diff, proportion_ci

#: seats relative to the dealer by player count: label ``j`` is seat ``(dealer + j) % n``, in
#: turn order. "next" plays right after the dealer (its right, 下家), "previous" right before it
#: (its left, 上家); only at 4 players is a seat "opposite". At 3 players seat ``dealer + 2`` is
#: the previous seat; at 2 the one other seat is both next and previous: "other".
SEAT_LABELS = {
    2: ("dealer", "other"),
    3: ("dealer", "next", "previous"),
    4: ("dealer", "next", "opposite", "previous"),
}


def seat_labels(n_players: int) -> tuple[str, ...]:
    """Labels of the seats ``dealer + 0 .. n_players - 1`` (:data:`SEAT_LABELS`); the metric
    columns are ``win_<label>`` and ``pay_<label>``. ``ValueError`` for a count not 2..4."""
    if n_players not in SEAT_LABELS:
        raise ValueError(f"n_players={n_players!r}: seat labels exist for 2, 3 or 4 players")
    return SEAT_LABELS[n_players]


def parse_grid(items: Sequence[str]) -> dict[str, list[Any]]:
    """``["allow_chow=true,false", "min_fan=0,8"]`` -> ``{"allow_chow": [True, False], ...}``.

    Alternatives are separated by commas; for tuple-valued fields (``win_shapes``,
    ``wild_tiles``...) by ``;`` (each alternative then uses commas). Values are converted by
    the field's type; ``ValueError`` names a bad field or value. A key given again adds its
    values to the key's list (``["allow_chow=true", "allow_chow=false"]`` is the same grid as
    ``["allow_chow=true,false"]``); a value repeated is kept once."""
    import typing

    from mjsim.rules.spec import RuleSpec
    from mjsim.variants import parse_override

    hints = typing.get_type_hints(RuleSpec)
    grid: dict[str, list[Any]] = {}
    for text in items:
        if "=" not in text:
            raise ValueError(f"bad --set {text!r}: expected key=value[,value...]")
        key, vals = text.split("=", 1)
        key = key.strip()
        tp = str(hints.get(key, ""))
        sep = ";" if "tuple" in tp else ","
        alts = [v.strip() for v in vals.split(sep) if v.strip()]
        if not alts:
            raise ValueError(f"bad --set {text!r}: no value")
        for v in (parse_override(f"{key}={v}")[1] for v in alts):
            if v not in grid.setdefault(key, []):  # a repeated key adds its values
                grid[key].append(v)
    return grid


def cells(grid: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """The cartesian product of the grid as override dicts (the base ``{}`` not included)."""
    keys = list(grid)
    return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*grid.values())]


def cell_label(overrides: dict[str, Any]) -> str:
    """``"allow_chow=False min_fan=8"`` (``"base"`` for no overrides)."""
    if not overrides:
        return "base"
    return " ".join(f"{k}={v}" for k, v in overrides.items())


def _relative(rows: np.ndarray, n_players: int, col: str) -> np.ndarray:
    """``out[i, j]``: the value of seat ``(dealer + j) % n`` in hand ``i``."""
    dealer = rows["dealer"].astype(np.int64)
    out = np.zeros((len(rows), n_players), dtype=np.float64)
    cols = np.stack([rows[f"{col}{p}"] for p in range(n_players)], axis=1).astype(np.float64)
    for j in range(n_players):
        out[:, j] = cols[np.arange(len(rows)), (dealer + j) % n_players]
    return out


def _won_by(rows: np.ndarray, n_players: int) -> np.ndarray:
    dealer = rows["dealer"].astype(np.int64)
    w = rows["winners"].astype(np.int64)
    out = np.zeros((len(rows), n_players), dtype=np.float64)
    for j in range(n_players):
        out[:, j] = (w >> ((dealer + j) % n_players)) & 1
    return out


def is_rate(metric: str) -> bool:
    """Is the study metric ``metric`` (a column name; a ``d_`` prefix allowed) a share of hands
    (``drawn_rate``, ``win_<seat>``, ``self_draw_of_*``, ``n_winners_<k>``)? Rates get Wilson
    intervals (:func:`mjsim.stats.proportion_ci`, as ``mjsim simulate``'s summary), the other
    metrics (payments, hand value, winning turn) normal intervals of their mean."""
    m = metric.removeprefix("d_")
    if m == "win_turn":
        return False
    return m == "drawn_rate" or m.startswith(("win_", "self_draw_of_", "n_winners_"))


def cell_metrics(rows: np.ndarray, n_players: int, level: float = 0.95) -> dict[str, Any]:
    """Per-hand samples and estimates of one cell (see the module docstring).

    ``samples``: per-hand values (0/1 for the rates) that the paired differences use:
    ``drawn_rate``, ``self_draw_of_all_hands`` (hands whose first win was a self-draw),
    ``win_<seat>`` / ``pay_<seat>`` by seat relative to the dealer (:func:`seat_labels`) and
    ``n_winners_<k>`` (hands with exactly ``k`` winners, ``k = 0 .. n_players - 1``). ``est``:
    their estimates (rates with Wilson intervals, means with normal ones) and
    ``self_draw_of_won_hands``, ``mean_value`` and ``win_turn`` over the won hands."""
    won = rows["n_winners"] > 0
    self_drawn = won & (rows["win_kind"] == 1)
    samples = {
        "drawn_rate": (~won).astype(np.float64),
        "self_draw_of_all_hands": self_drawn.astype(np.float64),
    }
    wins = _won_by(rows, n_players)
    pays = _relative(rows, n_players, "pay")
    for j, label in enumerate(seat_labels(n_players)):
        samples[f"win_{label}"] = wins[:, j]
        samples[f"pay_{label}"] = pays[:, j]
    n_win = rows["n_winners"].astype(np.int64)
    for k in range(n_players):
        samples[f"n_winners_{k}"] = (n_win == k).astype(np.float64)
    n = len(rows)
    est = {
        k: proportion_ci(int(v.sum()), n, level) if is_rate(k) else mean_ci(v, level)
        for k, v in samples.items()
    }
    est["self_draw_of_won_hands"] = proportion_ci(int(self_drawn.sum()), int(won.sum()), level)
    est["mean_value"] = mean_ci(rows["value"][won], level)
    turn = rows["draws"].astype(np.float64) // n_players + 1
    est["win_turn"] = mean_ci(turn[won], level)
    return {"samples": samples, "est": est, "values": rows["value"][won], "turns": turn[won]}


@dataclass
class Cell:
    """One cell of a study: its grid ``overrides``, the ``spec`` it plays, the ``agents`` per
    seat, and ``inert``: the overrides that have no effect under the cell's other rules, with
    why (:func:`mjsim.rules.spec.inert_reason`). A qualifier whose needs the cell switches off
    (``chow_left_only`` in a cell with ``allow_chow=False``) is not applied: it would make the
    spec invalid, and it has no effect there."""

    overrides: dict[str, Any]
    spec: Any
    agents: list[str]
    inert: dict[str, str] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return cell_label(self.overrides)


def cell_spec(variant: str, overrides: dict[str, Any]) -> tuple[Any, dict[str, str]]:
    """The spec of a study cell and its inert overrides (field -> why; see :class:`Cell`).
    ``ValueError`` / ``NotImplementedError`` for a cell the engine cannot play."""
    from mjsim import variants
    from mjsim.rules.spec import (
        QUALIFIERS,
        check_playable,
        condition_holds,
        field_names,
        follow_qualifiers,
    )
    from mjsim.rules.spec import inert_reason as reason_of
    from mjsim.variants import _convert

    base = variants.get(variant)
    kept = {k: _convert(k, v) for k, v in overrides.items()}  # "true" -> True, as get() does
    inert: dict[str, str] = {}
    while True:  # drop the qualifiers whose needs the cell's other overrides switch off
        values = {f: getattr(base, f) for f in field_names()}
        values.update(follow_qualifiers(base, kept))
        unmet = [
            q for q in QUALIFIERS if q in kept
            and not all(condition_holds(values, c) for c in QUALIFIERS[q][1])
        ]  # fmt: skip
        if not unmet:
            break
        q = unmet[0]
        inert[q] = reason_of(values, q) or "what it qualifies is off in this cell"
        del kept[q]
    spec = variants.get(base, **kept)
    check_playable(spec)
    for k in overrides:
        if k not in inert:
            why = reason_of(spec, k, independent_hands=True)
            if why is not None:
                inert[k] = why
    return spec, inert


def study(
    variant: str,
    grid: dict[str, list[Any]],
    n_hands: int,
    agents: str | Sequence[str] = "greedy",
    seed: int = 0,
    threads: int | None = None,
    *,
    out_dir: str | Path | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: bool = False,
    level: float = 0.95,
    plots: bool = True,
    notify: Callable[[str], None] | None = None,
) -> Any:
    """Play the base rules and every grid cell on the same seed; return the side-by-side table
    (``pandas.DataFrame``, one row per cell, ``<metric>``, ``<metric>_lo``, ``<metric>_hi``
    and the paired ``d_<metric>`` against the base with its CI bounds and ``d_<metric>_p``;
    rates with Wilson intervals, :func:`is_rate`). With ``out_dir``: write ``study.csv``, its
    metadata ``study.csv.meta.json`` and the PNG plots there (see :func:`write_study`).

    ``agents``: as for :func:`mjsim.simulate` (a name means every seat, a shorter list
    repeats), sized to each cell's seat count (a grid over ``n_players`` plays every cell with
    its own number of agents; the paired differences then cover the seats the base has).

    Before playing, a grid field that has no effect in some cells is named with why
    (:func:`plan_study`): through ``notify(message)`` (default: ``warnings.warn`` with
    :class:`StudyWarning`), and in ``df.attrs["warnings"]``.

    A cell with the rules of an earlier cell (the base included) reuses its hands. Ctrl-C keeps
    what finished (see :func:`play_study`): the table then has the finished cells (``hands``
    below ``n_hands`` for the interrupted one), ``df.attrs["interrupted"]`` is True and
    ``df.attrs["missing"]`` lists the cells not (fully) played; it is written to ``out_dir`` as
    usual.

    Raises ``ValueError`` (before playing anything) for ``n_hands`` < 1, bad ``threads``, an
    unknown field, a bad value, an impossible cell spec or agents that do not fit a cell's
    seats, naming the cell.
    """
    played = play_study(
        variant,
        grid,
        n_hands,
        agents,
        seed,
        threads,
        backend=backend,
        address=address,
        progress=progress,
        level=level,
        notify=notify,
    )
    if out_dir is not None:
        write_study(played, out_dir, plots, notify=notify)
    return played.table


class StudyWarning(UserWarning):
    """A rule study varies a field that has no effect in some of its cells, or cannot draw its
    plots."""


def _warn(message: str) -> None:
    warnings.warn(message, StudyWarning, stacklevel=3)


@dataclass
class StudyRun:
    """What :func:`play_study` played: ``table`` (the DataFrame :func:`study` returns; one
    row per finished cell, ``hands`` the hands it played), the per-cell metrics
    (:func:`cell_metrics`) and labels of those rows, the largest seat count, whether Ctrl-C
    stopped the run and the labels of the cells not (fully) played; what was asked
    (``variant``, ``grid``, ``n_hands``, ``seed``, ``agents``), the planned ``cells`` and the
    inert-field ``warnings`` given before the run."""

    table: Any
    results: list[dict[str, Any]]
    labels: list[str]
    n_players: int
    interrupted: bool = False
    missing: list[str] = field(default_factory=list)
    variant: str = ""
    grid: dict[str, list[Any]] = field(default_factory=dict)
    n_hands: int = 0
    seed: int = 0
    agents: Any = "greedy"
    cells: list[Cell] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def plan_study(
    variant: str, grid: dict[str, list[Any]], agents: str | Sequence[str] = "greedy"
) -> tuple[list[Cell], list[str]]:
    """The cells of a study, the base first (:class:`Cell`, :func:`cell_spec`), and one
    warning per grid field that has no effect in some cells: ``"forced_win_tiles has no effect
    in every cell: the last-tiles forced win is not applied with 定缺 (...)"``, or ``"in 2 of 4
    cells (...)"``. ``ValueError`` naming the cell for a cell that cannot be played."""
    out = []
    for c in [{}] + [c for c in cells(grid) if c]:
        try:
            spec, inert = cell_spec(variant, c)
            seats = seat_agents(agents, spec.n_players)  # sized to the cell's seats
        except (ValueError, NotImplementedError) as e:
            raise ValueError(f"study cell {cell_label(c)!r}: {e}") from None
        out.append(Cell(c, spec, seats, inert))
    played = out[1:]
    notes = []
    for name in grid:
        by_reason: dict[str, list[str]] = {}
        for c in played:
            if name in c.inert:
                by_reason.setdefault(c.inert[name], []).append(c.label)
        for why, labels in by_reason.items():
            where = (
                "in every cell"
                if len(labels) == len(played)
                else f"in {len(labels)} of {len(played)} cells ({', '.join(labels)})"
            )
            notes.append(f"{name} has no effect {where}: {why}")
    return out, notes


def play_study(
    variant: str,
    grid: dict[str, list[Any]],
    n_hands: int,
    agents: str | Sequence[str] = "greedy",
    seed: int = 0,
    threads: int | None = None,
    *,
    backend: str = "local",
    address: str | None = None,
    progress: bool = False,
    level: float = 0.95,
    notify: Callable[[str], None] | None = None,
) -> StudyRun:
    """Play the cells of :func:`study` without writing anything (same arguments and errors).

    The inert-field warnings of :func:`plan_study` go to ``notify`` before anything plays. A
    cell whose rules and agents equal an earlier cell's (``--set allow_chow=false`` on hebei
    repeats the base) is not played again: it reuses that cell's hands. Ctrl-C
    (``KeyboardInterrupt`` while a cell plays) keeps the finished cells and the interrupted
    cell's finished hands (its paired differences then use the base's same first hands);
    ``interrupted`` is then True and ``missing`` names the cells not (fully) played."""
    import pandas as pd

    from mjsim.distributed import run

    n_hands = check_int("n_hands", n_hands, 1)
    threads = resolve_threads(threads)
    planned, notes = plan_study(variant, grid, agents)
    for note in notes:
        (notify or _warn)(note)
    results: list[dict[str, Any]] = []
    played: list[int] = []  # hands finished per cell, in order
    interrupted = False
    for i, cell in enumerate(planned):
        same = next(
            (
                j
                for j in range(i)
                if planned[j].spec == cell.spec
                and planned[j].agents == cell.agents
                and played[j] == n_hands
            ),
            None,
        )
        if same is not None:
            results.append(results[same])  # the same rules again: same seeds, same hands
            played.append(played[same])
            continue
        try:
            res = run(
                cell.spec,
                n_hands,
                cell.agents,
                seed,
                threads,
                backend=backend,
                address=address,
                progress=progress,
                desc=f"cell {i + 1}/{len(planned)}",
            )
        except KeyboardInterrupt:  # outside the chunk loop (before the first chunk started)
            interrupted = True
            break
        if len(res.rows):
            results.append(cell_metrics(res.rows, cell.spec.n_players, level))
            played.append(len(res.rows))
        if res.interrupted:
            interrupted = True
            break
    done = len(results)
    missing = [c.label for k, c in enumerate(planned) if k >= done or played[k] < n_hands]
    table = []
    base_m = results[0] if results else None
    for c, m, n in zip(planned, results, played, strict=False):
        row: dict[str, Any] = {"cell": c.label, "hands": int(n)}
        for k, e in m["est"].items():
            row[k] = e.value
            row[f"{k}_lo"] = e.lo
            row[f"{k}_hi"] = e.hi
        for k, x in m["samples"].items():
            if k not in base_m["samples"]:
                continue  # (a seat the base table does not have: other n_players)
            # an interrupted cell pairs its finished hands with the base's same hands
            d, p = paired_diff(x, base_m["samples"][k][: len(x)], level)
            row[f"d_{k}"] = d.value
            row[f"d_{k}_lo"] = d.lo
            row[f"d_{k}_hi"] = d.hi
            row[f"d_{k}_p"] = p
        table.append(row)
    n = max(c.spec.n_players for c in planned[: max(done, 1)])
    df = pd.DataFrame(table)
    df.attrs["interrupted"] = interrupted
    df.attrs["missing"] = missing
    df.attrs["warnings"] = notes
    return StudyRun(
        df,
        results,
        [c.label for c in planned[:done]],
        n,
        interrupted,
        missing,
        variant=variant,
        grid=grid,
        n_hands=n_hands,
        seed=seed,
        agents=agents,
        cells=planned,
        warnings=notes,
    )


def study_metadata(played: StudyRun) -> dict[str, Any]:
    """What produced a study (:func:`mjsim.results.run_metadata` of the base rules, ``hands``
    per cell) plus its ``grid``, ``cells`` (labels and each cell's canonical variant label) and
    the inert-field ``warnings``."""
    from mjsim.results import run_metadata, variant_label

    base = played.cells[0] if played.cells else None
    if base is None:
        return {}
    return run_metadata(
        base.spec,
        played.seed,
        base.agents,
        int(played.table["hands"].min()) if len(played.table) else 0,
        variant_id=played.variant,
        requested=played.n_hands,
        grid={k: list(v) for k, v in played.grid.items()},
        cells=[
            {"cell": c.label, "variant": variant_label(c.spec, played.variant)}
            for c in played.cells
        ],
        warnings=played.warnings,
    )


#: the one line that says how to get plots when matplotlib cannot be imported
NO_MATPLOTLIB = "no plots: matplotlib is not installed (pip install matplotlib)"


def write_study(
    played: StudyRun,
    out_dir: str | Path,
    plots: bool = True,
    notify: Callable[[str], None] | None = None,
) -> list[Path]:
    """Write ``study.csv``, its metadata sidecar ``study.csv.meta.json``
    (:func:`study_metadata`; ``mjsim.results.read_rows("DIR/study.csv")`` gives the table with
    it in ``df.attrs["mjsim"]``) and, with ``plots``, the PNG plots of :func:`plot_study` into
    ``out_dir`` (created if missing); returns the paths written. Without matplotlib the plots
    are skipped with the one line :data:`NO_MATPLOTLIB` through ``notify`` (default
    ``warnings.warn``). ``OSError`` if the directory or a file cannot be written."""
    from mjsim.results import sidecar_path, write_rows

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    csv = write_rows(played.table, out / "study.csv", study_metadata(played))
    paths = [csv, sidecar_path(csv)]
    if plots and played.results:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            (notify or _warn)(NO_MATPLOTLIB)
        else:
            title = f"{played.variant}, {played.n_hands} hands per cell"
            paths += plot_study(
                played.table, played.results, played.labels, played.n_players, out, title
            )
    return paths


def _diff_text(row: Any, k: str, pct: bool) -> str:
    """``"Δ+1.20±0.50"`` (percentage points for a rate); ``"Δ+0.00"`` for a difference that is
    the same on every hand (no ``± 0``)."""
    scale = 100 if pct else 1
    d = scale * row[f"d_{k}"]
    half = scale * (row[f"d_{k}_hi"] - row[f"d_{k}_lo"]) / 2
    if f"{half:.2f}" == "0.00":
        return f"Δ{d:+.2f}"
    return f"Δ{d:+.2f}±{half:.2f}"


def _table_lines(table: list[list[str]]) -> list[str]:
    """Each column as wide as its widest entry in terminal columns (:mod:`mjsim._text`), the
    first left-aligned, the others right-aligned, two spaces between."""
    return columns(table, "l" + "r" * (len(table[0]) - 1))


def format_study(df: Any) -> str:
    """The printed side-by-side table: each metric with its 95% interval (rates in %, Wilson:
    ``value ± half-width`` where symmetric at the printed precision, else ``value [low,
    high]``; means ``value ± half-width``), the paired difference against the base ``Δd±h``
    (rates in percentage points), then the winners per hand (share of all hands with 0, 1, ..
    winners) of each cell."""
    metrics = [
        ("drawn_rate", "drawn", True),
        ("win_dealer", "dealer win", True),
        ("pay_dealer", "dealer pay", False),
        ("self_draw_of_won_hands", "self-draw of wins", True),
        ("mean_value", "value", False),
        ("win_turn", "win turn", False),
    ]
    table = [["cell"] + [t for _, t, _ in metrics]]
    full = int(df["hands"].max()) if len(df) else 0

    def name(row: Any) -> str:
        label = str(row["cell"])
        if int(row["hands"]) < full:  # the cell Ctrl-C interrupted
            label += f" ({int(row['hands'])} hands)"
        return label

    for _, row in df.iterrows():
        line = [name(row)]
        for k, _, pct in metrics:
            e = Estimate(row[k], row[f"{k}_lo"], row[f"{k}_hi"], int(row["hands"]))
            cell = fmt(e, 3, pct)
            dk = f"d_{k}"
            if dk in row and row["cell"] != "base" and not math.isnan(row[dk]):
                cell += " " + _diff_text(row, k, pct)
            line.append(cell)
        table.append(line)
    lines = _table_lines(table)
    lines.append(
        "(95% CIs: rates Wilson, [low, high] where not symmetric; Δ = paired difference "
        "against the base rules on the same seeds, rates in percentage points)"
    )
    ks = sorted(
        {int(c.removeprefix("n_winners_")) for c in df.columns if re.fullmatch(r"n_winners_\d+", c)}
    )
    if ks:
        lines.append("")
        lines.append("winners per hand (share of all hands):")
        wtable = [["cell"] + [f"{k} winner" + ("" if k == 1 else "s") for k in ks]]
        for _, row in df.iterrows():
            line = [name(row)]
            for k in ks:
                c = f"n_winners_{k}"
                ok = c in row and not math.isnan(row[c])
                e = (
                    Estimate(row[c], row[f"{c}_lo"], row[f"{c}_hi"], int(row["hands"]))
                    if ok
                    else None
                )
                line.append(fmt(e, 3, True) if e is not None else "")
            wtable.append(line)
        lines += _table_lines(wtable)
    return "\n".join(lines)


def _seat_order(n_players: int, df: Any) -> list[str]:
    """Seat labels in turn order from the dealer (the largest table first: dealer, next,
    opposite, previous; then "other" of a two-player cell), those the table has."""
    seats = list(dict.fromkeys(lab for n in range(n_players, 1, -1) for lab in seat_labels(n)))
    return [lab for lab in seats if f"win_{lab}" in df]


def _share_hist(ax: Any, labels: list[str], samples: list[np.ndarray], what: str) -> None:
    """Per cell, the share (%) of the won hands at each value of ``samples`` (a step outline
    over common bins: one bin per integer up to 60 distinct values, else 40 bins); no won hand
    at all: a note instead of an empty frame."""
    pooled = np.concatenate([x for x in samples if x.size] or [np.zeros(0)])
    if pooled.size == 0:
        ax.text(0.5, 0.5, "no won hands in any cell", ha="center", va="center",
                transform=ax.transAxes)  # fmt: skip
        ax.set_xticks([])
        return
    lo, hi = float(pooled.min()), float(pooled.max())
    if hi - lo < 60:
        edges = np.arange(np.floor(lo), np.floor(hi) + 2) - 0.5  # one bin per integer value
    else:
        edges = np.histogram_bin_edges(pooled, bins=40)
    for lab, x in zip(labels, samples, strict=True):
        if x.size:
            h, _ = np.histogram(x, bins=edges)
            ax.stairs(100.0 * h / x.size, edges, label=f"{lab} ({x.size} won)")
    ax.set_xlim(edges[0], edges[-1])
    ax.set_ylim(bottom=0)
    ax.set_ylabel(f"share of won hands (%) per {what}")
    ax.legend(fontsize=7)


def _rate_bars(ax: Any, x: np.ndarray, df: Any, col: str, width: float, offset: float,
               label: str | None = None) -> None:  # fmt: skip
    """Bars of a rate column in % with its (asymmetric, Wilson) 95% interval as error bars."""
    v = 100.0 * df[col].to_numpy(dtype=float)
    lo = 100.0 * df[f"{col}_lo"].to_numpy(dtype=float)
    hi = 100.0 * df[f"{col}_hi"].to_numpy(dtype=float)
    err = np.nan_to_num(np.vstack([v - lo, hi - v]))
    ax.bar(x + offset, np.nan_to_num(v), width, yerr=err, capsize=2, label=label)


def plot_study(
    df: Any,
    results: list[dict[str, Any]],
    labels: list[str],
    n_players: int,
    out: Path,
    title: str = "",
) -> list[Path]:
    """Write ``value_distribution.png``, ``win_rate_by_seat.png``, ``winning_turn.png``,
    ``drawn_rate.png`` and ``winners_per_hand.png`` into ``out`` (matplotlib, Agg backend);
    returns the paths. Each title starts with ``title`` (the variant and the hands per cell);
    rates are in % as in the printed table, with their Wilson intervals; seats in turn order
    from the dealer; a distribution with no won hand says so, one with a single value is one
    bin."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    head = f"{title}: " if title else ""
    paths = []
    x = np.arange(len(labels))

    fig, ax = plt.subplots(figsize=(8, 4.5))
    _share_hist(ax, labels, [m["values"] for m in results], "value")
    ax.set_xlabel("hand value of the (first) winner (the scoring family's unit)")
    ax.set_title(f"{head}hand value of won hands")
    paths.append(_save(fig, out / "value_distribution.png"))

    fig, ax = plt.subplots(figsize=(8, 4.5))
    seats = _seat_order(n_players, df)
    w = 0.8 / len(seats)
    for j, label in enumerate(seats):
        _rate_bars(ax, x, df, f"win_{label}", w, (j - (len(seats) - 1) / 2) * w, label)
    ax.set_xticks(x, labels, rotation=20, ha="right", fontsize=7)
    ax.set_ylim(bottom=0)
    ax.set_ylabel("win rate (% of hands, 95% CI)")
    ax.set_title(f"{head}win rate by seat (turn order from the dealer)")
    ax.legend(fontsize=7)
    paths.append(_save(fig, out / "win_rate_by_seat.png"))

    fig, ax = plt.subplots(figsize=(8, 4.5))
    _share_hist(ax, labels, [m["turns"] for m in results], "turn")
    ax.set_xlabel("turn of the winning tile (draws per seat)")
    ax.set_title(f"{head}turn of the winning tile")
    paths.append(_save(fig, out / "winning_turn.png"))

    fig, ax = plt.subplots(figsize=(8, 4.5))
    _rate_bars(ax, x, df, "drawn_rate", 0.6, 0.0)
    ax.set_xticks(x, labels, rotation=20, ha="right", fontsize=7)
    ax.set_ylim(bottom=0)
    ax.set_ylabel("drawn hands (% of hands, 95% CI)")
    ax.set_title(f"{head}drawn-hand rate per cell")
    paths.append(_save(fig, out / "drawn_rate.png"))

    fig, ax = plt.subplots(figsize=(8, 4.5))
    ks = [k for k in range(n_players) if f"n_winners_{k}" in df]
    w = 0.8 / len(ks)
    for j, k in enumerate(ks):
        label = f"{k} winner" + ("" if k == 1 else "s")
        _rate_bars(ax, x, df, f"n_winners_{k}", w, (j - (len(ks) - 1) / 2) * w, label)
    ax.set_xticks(x, labels, rotation=20, ha="right", fontsize=7)
    ax.set_ylim(bottom=0)
    ax.set_ylabel("share of all hands (%, 95% CI)")
    ax.set_title(f"{head}winners per hand")
    ax.legend(fontsize=7)
    paths.append(_save(fig, out / "winners_per_hand.png"))
    return paths


def _save(fig: Any, path: Path) -> Path:
    import matplotlib.pyplot as plt

    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
