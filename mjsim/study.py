"""Rule-balance studies: a grid of rule overrides played on the same seeds, compared with the base.

``study("hebei", {"allow_chow": [True, False], "min_fan": [0, 1]}, 10_000)`` plays the base
rules and every cell of the grid on the same hand indices of the same seed (hand ``i`` is dealt
from ``(seed, i)`` in every cell; with the same tile set the walls are identical), so the
differences against the base are paired per hand. Writes ``study.csv`` and PNG plots.

Per cell: drawn-hand rate, win rate and mean payment by seat relative to the dealer (the
dealer's edge; seats labelled per player count by :data:`SEAT_LABELS`), self-draw share, mean hand value of won hands, mean turn of the winning tile;
each with a 95% CI, and the paired difference against the base with its CI.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from mjsim._args import check_int, resolve_threads, seat_agents
from mjsim._text import columns
from mjsim.stats import Estimate, fmt, mean_ci, paired_diff

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


def cell_metrics(rows: np.ndarray, n_players: int, level: float = 0.95) -> dict[str, Any]:
    """Per-hand samples and estimates of one cell (see the module docstring)."""
    won = rows["n_winners"] > 0
    samples = {
        "drawn_rate": (~won).astype(np.float64),
        "self_draw": (rows["win_kind"] == 1).astype(np.float64),
    }
    wins = _won_by(rows, n_players)
    pays = _relative(rows, n_players, "pay")
    for j, label in enumerate(seat_labels(n_players)):
        samples[f"win_{label}"] = wins[:, j]
        samples[f"pay_{label}"] = pays[:, j]
    est = {k: mean_ci(v, level) for k, v in samples.items()}
    est["self_draw_share"] = mean_ci(samples["self_draw"][won], level)
    est["mean_value"] = mean_ci(rows["value"][won], level)
    turn = rows["draws"].astype(np.float64) // n_players + 1
    est["win_turn"] = mean_ci(turn[won], level)
    return {"samples": samples, "est": est, "values": rows["value"][won], "turns": turn[won]}


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
) -> Any:
    """Play the base rules and every grid cell on the same seed; return the side-by-side table
    (``pandas.DataFrame``, one row per cell, ``<metric>``, ``<metric>_lo``, ``<metric>_hi``
    and the paired ``d_<metric>`` against the base with its CI bounds). With ``out_dir``: write
    ``study.csv`` and the PNG plots there (see :func:`plot_study`).

    ``agents``: as for :func:`mjsim.simulate` (a name means every seat, a shorter list
    repeats), sized to each cell's seat count (a grid over ``n_players`` plays every cell with
    its own number of agents; the paired differences then cover the seats the base has).

    A cell with the base rules reuses the base's hands. Ctrl-C keeps what finished (see
    :func:`play_study`): the table then has the finished cells (``hands`` below ``n_hands`` for
    the interrupted one), ``df.attrs["interrupted"]`` is True and ``df.attrs["missing"]``
    lists the cells not (fully) played; it is written to ``out_dir`` as usual.

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
    )
    if out_dir is not None:
        write_study(played, out_dir, plots)
    return played.table


@dataclass
class StudyRun:
    """What :func:`play_study` played: ``table`` (the DataFrame :func:`study` returns; one
    row per finished cell, ``hands`` the hands it played), the per-cell metrics
    (:func:`cell_metrics`) and labels of those rows, the largest seat count, whether Ctrl-C
    stopped the run and the labels of the cells not (fully) played."""

    table: Any
    results: list[dict[str, Any]]
    labels: list[str]
    n_players: int
    interrupted: bool = False
    missing: list[str] = field(default_factory=list)


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
) -> StudyRun:
    """Play the cells of :func:`study` without writing anything (same arguments and errors).

    A cell whose rules equal the base rules (``--set allow_chow=false`` on hebei) is not
    played again: it reuses the base cell's hands. Ctrl-C (``KeyboardInterrupt`` while a cell
    plays) keeps the finished cells and the interrupted cell's finished hands (its paired
    differences then use the base's same first hands); ``interrupted`` is then True and
    ``missing`` names the cells not (fully) played."""
    import pandas as pd

    from mjsim import variants
    from mjsim.distributed import run
    from mjsim.rules.spec import check_playable

    n_hands = check_int("n_hands", n_hands, 1)
    threads = resolve_threads(threads)
    all_cells = [{}] + [c for c in cells(grid) if c]
    specs, cell_agents = [], []
    for c in all_cells:
        try:
            spec = variants.get(variant, **c)
            check_playable(spec)
            cell_agents.append(seat_agents(agents, spec.n_players))  # sized to the cell's seats
        except (ValueError, NotImplementedError) as e:
            raise ValueError(f"study cell {cell_label(c)!r}: {e}") from None
        specs.append(spec)
    results: list[dict[str, Any]] = []
    played: list[int] = []  # hands finished per cell, in order
    interrupted = False
    for i, spec in enumerate(specs):
        if i > 0 and spec == specs[0] and cell_agents[i] == cell_agents[0] and played[0] > 0:
            results.append(results[0])  # the base rules again: same seeds, same hands
            played.append(played[0])
            continue
        try:
            res = run(
                spec,
                n_hands,
                cell_agents[i],
                seed,
                threads,
                backend=backend,
                address=address,
                progress=progress,
                desc=f"cell {i + 1}/{len(all_cells)}",
            )
        except KeyboardInterrupt:  # outside the chunk loop (before the first chunk started)
            interrupted = True
            break
        if len(res.rows):
            results.append(cell_metrics(res.rows, spec.n_players, level))
            played.append(len(res.rows))
        if res.interrupted:
            interrupted = True
            break
    done = len(results)
    missing = [cell_label(c) for k, c in enumerate(all_cells) if k >= done or played[k] < n_hands]
    table = []
    base_m = results[0] if results else None
    for c, m, n in zip(all_cells, results, played, strict=False):
        row: dict[str, Any] = {"cell": cell_label(c), "hands": int(n)}
        for k, e in m["est"].items():
            row[k] = e.value
            row[f"{k}_lo"] = e.lo
            row[f"{k}_hi"] = e.hi
        for k, x in m["samples"].items():
            if k == "self_draw" or k not in base_m["samples"]:
                continue  # (a seat the base table does not have: other n_players)
            # an interrupted cell pairs its finished hands with the base's same hands
            d, p = paired_diff(x, base_m["samples"][k][: len(x)], level)
            row[f"d_{k}"] = d.value
            row[f"d_{k}_lo"] = d.lo
            row[f"d_{k}_hi"] = d.hi
            row[f"d_{k}_p"] = p
        table.append(row)
    n = max(sp.n_players for sp in specs[: max(done, 1)])
    df = pd.DataFrame(table)
    df.attrs["interrupted"] = interrupted
    df.attrs["missing"] = missing
    return StudyRun(
        df,
        results,
        [cell_label(c) for c in all_cells[:done]],
        n,
        interrupted,
        missing,
    )


def write_study(played: StudyRun, out_dir: str | Path, plots: bool = True) -> list[Path]:
    """Write ``study.csv`` and (with ``plots`` and matplotlib installed) the PNG plots of
    :func:`plot_study` into ``out_dir`` (created if missing); returns the paths written.
    ``OSError`` if the directory or a file cannot be written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    played.table.to_csv(out / "study.csv", index=False)
    paths = [out / "study.csv"]
    if plots and played.results:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            import warnings

            warnings.warn(
                "matplotlib is not installed: no plots (pip install 'mjsim[plots]')",
                stacklevel=2,
            )
        else:
            paths += plot_study(played.table, played.results, played.labels, played.n_players, out)
    return paths


def format_study(df: Any) -> str:
    """The printed side-by-side table: each metric ``value ± half-width`` and the difference
    against the base ``[Δ ± half-width]``."""
    metrics = [
        ("drawn_rate", "drawn", True),
        ("win_dealer", "dealer win", True),
        ("pay_dealer", "dealer pay", False),
        ("self_draw_share", "self-draw", True),
        ("mean_value", "value", False),
        ("win_turn", "win turn", False),
    ]
    table = [["cell"] + [t for _, t, _ in metrics]]
    full = int(df["hands"].max()) if len(df) else 0
    for _, row in df.iterrows():
        line = [str(row["cell"])]
        if int(row["hands"]) < full:  # the cell Ctrl-C interrupted
            line[0] += f" ({int(row['hands'])} hands)"
        for k, _, pct in metrics:
            e = Estimate(row[k], row[f"{k}_lo"], row[f"{k}_hi"], int(row["hands"]))
            cell = fmt(e, 3, pct)
            dk = f"d_{k}"
            if dk in row and row["cell"] != "base" and not math.isnan(row[dk]):
                half = (row[f"{dk}_hi"] - row[f"{dk}_lo"]) / 2
                scale = 100 if pct else 1
                cell += f" [{scale * row[dk]:+.2f}±{scale * half:.2f}]"
            line.append(cell)
        table.append(line)
    # each column as wide as its widest entry (terminal columns), two spaces between columns
    lines = columns(table, "l" + "r" * (len(table[0]) - 1))
    lines.append("(95% CIs; [Δ±] = paired difference against the base rules, same seeds)")
    return "\n".join(lines)


def plot_study(
    df: Any, results: list[dict[str, Any]], labels: list[str], n_players: int, out: Path
) -> list[Path]:
    """Write ``value_distribution.png``, ``win_rate_by_seat.png``, ``winning_turn.png`` and
    ``drawn_rate.png`` into ``out`` (matplotlib, Agg backend); returns the paths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths = []
    x = np.arange(len(labels))

    fig, ax = plt.subplots(figsize=(8, 4.5))
    vmax = max((int(m["values"].max()) if m["values"].size else 0) for m in results)
    bins = np.arange(0, min(vmax, 200) + 2) - 0.5 if vmax < 60 else 40
    for lab, m in zip(labels, results, strict=True):
        if m["values"].size:
            ax.hist(m["values"], bins=bins, histtype="step", density=True, label=lab)
    ax.set_xlabel("hand value of the (first) winner")
    ax.set_ylabel("share of won hands")
    ax.set_title("hand-value distribution")
    ax.legend(fontsize=7)
    paths.append(_save(fig, out / "value_distribution.png"))

    fig, ax = plt.subplots(figsize=(8, 4.5))
    # every seat label of the cells' player counts (a grid over n_players mixes them)
    seats = list(dict.fromkeys(lab for n in range(2, n_players + 1) for lab in seat_labels(n)))
    seats = [lab for lab in seats if f"win_{lab}" in df]
    w = 0.8 / len(seats)
    for j, label in enumerate(seats):
        k = f"win_{label}"
        v = df[k].to_numpy()
        err = (df[f"{k}_hi"] - df[f"{k}_lo"]).to_numpy() / 2
        ax.bar(x + (j - (len(seats) - 1) / 2) * w, v, w, yerr=err, label=label)
    ax.set_xticks(x, labels, rotation=20, ha="right", fontsize=7)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title("win rate by seat (relative to the dealer)")
    ax.legend(fontsize=7)
    paths.append(_save(fig, out / "win_rate_by_seat.png"))

    fig, ax = plt.subplots(figsize=(8, 4.5))
    tmax = max((int(m["turns"].max()) if m["turns"].size else 1) for m in results)
    for lab, m in zip(labels, results, strict=True):
        if m["turns"].size:
            ax.hist(
                m["turns"],
                bins=np.arange(1, tmax + 2) - 0.5,
                histtype="step",
                density=True,
                label=lab,
            )
    ax.set_xlabel("turn of the winning tile (draws per seat)")
    ax.set_ylabel("share of won hands")
    ax.set_title("turn of the winning tile")
    ax.legend(fontsize=7)
    paths.append(_save(fig, out / "winning_turn.png"))

    fig, ax = plt.subplots(figsize=(8, 4.5))
    v = df["drawn_rate"].to_numpy()
    err = (df["drawn_rate_hi"] - df["drawn_rate_lo"]).to_numpy() / 2
    ax.bar(x, v, 0.6, yerr=err)
    ax.set_xticks(x, labels, rotation=20, ha="right", fontsize=7)
    ax.set_ylabel("drawn-hand rate (95% CI)")
    ax.set_title("drawn-hand rate per cell")
    paths.append(_save(fig, out / "drawn_rate.png"))
    return paths


def _save(fig: Any, path: Path) -> Path:
    import matplotlib.pyplot as plt

    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
