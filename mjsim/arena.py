"""Arena: rank bots by mean points per hand, with duplicate play so that luck cancels.

Duplicate play (the bridge / duplicate-mahjong format): every wall (hand ``i`` of seed ``S``,
dealt from the RNG key ``(S, i)``) is replayed once per rotation of the agents through the seats,
so every agent meets the same tiles from every seat. An agent's score on a wall is its mean
payment over the rotations; the luck of the deal is common to all agents and cancels in the
differences. The plain-play comparison uses rotation 0 alone (one seating per wall).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from mjsim._args import seat_agents
from mjsim._text import columns, ljust, width
from mjsim.rules.spec import RuleSpec
from mjsim.stats import Estimate, fmt, mean_ci, paired_diff, per_player

#: fewest walls for which :func:`arena` estimates the variance removed by duplicate play. The
#: estimate is a ratio of two sample variances; each has a relative standard error of about
#: ``sqrt(2 / (n - 1))`` for ``n`` walls (more with the heavy tails of mahjong payments): 0.47 at
#: 10 walls, where the ratio can come out anywhere (-351% was printed for 10 walls), 0.14 at
#: 100. Below it the report says "n/a (sample too small: N walls ...)" instead of a number.
MIN_VARIANCE_WALLS = 100


@dataclass
class ArenaResult:
    """Outcome of :func:`arena`.

    - ``ranking``: ``(agent, mean points per hand, Estimate)`` best first;
    - ``pairwise``: ``(a, b) -> (Estimate of mean(a - b) per wall, p-value)``;
    - ``scores``: agent -> float64[n_walls] per-wall score (mean over rotations and seats);
    - ``plain``: agent -> float64[n_walls] score from rotation 0 only (plain play);
    - ``variance_removed``: agent -> ``1 - Var(duplicate mean) / Var(plain mean)`` for the same
      number of hands played (NaN without ``duplicate``, and below :data:`MIN_VARIANCE_WALLS`
      walls, where the estimate means nothing: :func:`format_arena` says so);
    - ``n_walls``, ``n_rotations``, ``interrupted``.
    """

    ranking: list[tuple[str, Estimate]]
    pairwise: dict[tuple[str, str], tuple[Estimate, float]]
    scores: dict[str, np.ndarray]
    plain: dict[str, np.ndarray]
    variance_removed: dict[str, float]
    n_walls: int
    n_rotations: int
    duplicate: bool
    interrupted: bool = False
    errors: int = 0
    meta: dict[str, Any] = field(default_factory=dict)


def rotations(agents: Sequence[str], duplicate: bool) -> list[list[str]]:
    """Seatings: rotation ``k`` puts ``agents[(p - k) % n]`` at seat ``p`` (only rotation 0
    without ``duplicate``); repeated seatings are dropped (``a,b,a,b`` has two)."""
    n = len(agents)
    ks = range(n) if duplicate else range(1)
    out: list[list[str]] = []
    for k in ks:
        seating = [agents[(p - k) % n] for p in range(n)]
        if seating not in out:  # a periodic list (a,b,a,b) repeats its rotations
            out.append(seating)
    return out


def _seat_scores(rows: np.ndarray, seating: list[str], name: str) -> np.ndarray:
    # per player (seating[p] is player p's agent), following any seat change of a match
    players = [p for p, a in enumerate(seating) if a == name]
    pays = per_player(rows, "pay", len(seating)).astype(np.float64)
    return pays[:, players].mean(axis=1)


def arena(
    variant: str | RuleSpec,
    agents: Sequence[str],
    n_hands: int,
    seed: int = 0,
    threads: int | None = None,
    *,
    duplicate: bool = True,
    backend: str = "local",
    address: str | None = None,
    progress: bool = False,
    level: float = 0.95,
    **overrides: Any,
) -> ArenaResult:
    """Play ``n_hands`` walls (each once per rotation with ``duplicate``: ``n_players * n_hands``
    hands) and rank the distinct agent names by mean payment per hand.

    ``agents``: in-kernel agent names by seat (names may repeat), a sequence or a
    comma-separated string; a shorter list repeats when its length divides the seat count
    (``greedy,random`` -> greedy, random, greedy, random: :func:`mjsim._args.seat_agents`).
    Raises ``ValueError`` for a list of another length, an empty or unknown agent name, an
    unknown variant, fewer than two distinct agents.
    """
    from mjsim import variants
    from mjsim.distributed import run

    spec = variants.get(variant, **overrides)
    agents = seat_agents(agents, spec.n_players, "arena: agents")
    names = list(dict.fromkeys(agents))
    if len(names) < 2:
        raise ValueError("arena: needs at least two different agents")
    seatings = rotations(agents, duplicate)
    per_rot: list[dict[str, np.ndarray]] = []
    interrupted = False
    errors = 0
    n_walls = int(n_hands)
    for k, seating in enumerate(seatings):
        res = run(
            spec,
            n_walls,
            seating,
            seed,
            threads,
            backend=backend,
            address=address,
            progress=progress,
            desc=f"rotation {k + 1}/{len(seatings)}",
        )
        rows = res.rows
        errors += int((rows["error"] != 0).sum())
        n_walls = min(n_walls, len(rows))
        per_rot.append({a: _seat_scores(rows, seating, a) for a in names})
        if res.interrupted:
            interrupted = True
            break
    scores = {a: np.mean([d[a][:n_walls] for d in per_rot], axis=0) for a in names}
    plain = {a: per_rot[0][a][:n_walls] for a in names}
    ranking = sorted(((a, mean_ci(scores[a], level)) for a in names), key=lambda x: -x[1].value)
    pairwise = {}
    for i, (a, _) in enumerate(ranking):
        for b, _ in ranking[i + 1 :]:
            pairwise[(a, b)] = paired_diff(scores[a], scores[b], level)
    n_rot = len(per_rot)
    removed = {
        a: variance_removed(plain[a], scores[a], n_rot) if duplicate else math.nan for a in names
    }
    return ArenaResult(
        ranking,
        pairwise,
        scores,
        plain,
        removed,
        n_walls,
        n_rot,
        duplicate,
        interrupted,
        errors,
        {"variant": spec.name, "agents": agents, "seed": seed},
    )


def variance_removed(plain: np.ndarray, duplicate: np.ndarray, n_rotations: int) -> float:
    """Share of the variance of an agent's mean removed by duplicate play, for the same number
    of hands: ``1 - Var(duplicate mean) / Var(plain mean)``, where ``plain`` (float64[n_walls])
    holds its rotation-0 score per wall (``n_walls * n_rotations`` plain hands would give
    ``Var / (n_walls * n_rotations)``) and ``duplicate`` (float64[n_walls]) its mean over the
    ``n_rotations`` rotations per wall. NaN with fewer than two rotations, fewer than
    :data:`MIN_VARIANCE_WALLS` walls (the estimate is then noise: it was -351% at 10 walls) or
    no variance in plain play."""
    n_walls = len(plain)
    if n_rotations < 2 or n_walls < MIN_VARIANCE_WALLS:
        return math.nan
    v_plain = float(np.var(plain, ddof=1)) / (n_walls * n_rotations)
    v_dup = float(np.var(duplicate, ddof=1)) / n_walls
    return 1.0 - v_dup / v_plain if v_plain > 0 else math.nan


def _removed_text(v: float, n_walls: int) -> str:
    if n_walls < MIN_VARIANCE_WALLS:
        return f"n/a (sample too small: {n_walls} walls, needs at least {MIN_VARIANCE_WALLS})"
    return "n/a" if math.isnan(v) else f"{100 * v:.1f}%"


def format_p(p: float) -> str:
    """``"p = 0.032"``; ``"p < 1e-16"`` below double precision's resolution near 1, where the
    normal approximation's ``1 - cdf`` rounds to 0 (it printed ``p = 0``)."""
    if p < 1e-16:
        return "p < 1e-16"
    return f"p = {p:.2g}"


def format_arena(res: ArenaResult) -> str:
    """Plain-text ranking, pairwise table and variance report of an :class:`ArenaResult`."""
    mode = (
        f"duplicate, {res.n_rotations} rotations x {res.n_walls} walls"
        if res.duplicate
        else f"plain play, {res.n_walls} hands"
    )
    lines = [f"arena {res.meta.get('variant', '')}: {mode}   engine errors: {res.errors}"]
    if res.interrupted:
        lines.append("(interrupted: partial results)")
    lines.append("")
    table = [["rank", "agent", "points per hand (95% CI)"]]
    table += [[str(i + 1), a, fmt(e)] for i, (a, e) in enumerate(res.ranking)]
    lines += columns(table, "llr", gap=3)
    lines.append("")
    lines.append("pairwise (row minus column, per wall; p = two-sided, normal approximation):")
    for (a, b), (e, p) in res.pairwise.items():
        sig = "significant" if p < 0.05 else "not significant"
        lines.append(f"  {a} - {b}: {fmt(e)}  {format_p(p)}  ({sig} at 5%)")
    if res.duplicate:
        lines.append("")
        lines.append("variance of the mean removed by duplicate play (same number of hands):")
        w = max([14] + [width(a) + 2 for a in res.variance_removed])
        for a, v in res.variance_removed.items():
            lines.append(f"  {ljust(a, w)}{_removed_text(v, res.n_walls)}")
    return "\n".join(lines)
