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

from mjsim.rules.spec import RuleSpec
from mjsim.stats import Estimate, fmt, mean_ci, paired_diff, per_player


@dataclass
class ArenaResult:
    """Outcome of :func:`arena`.

    - ``ranking``: ``(agent, mean points per hand, Estimate)`` best first;
    - ``pairwise``: ``(a, b) -> (Estimate of mean(a - b) per wall, p-value)``;
    - ``scores``: agent -> float64[n_walls] per-wall score (mean over rotations and seats);
    - ``plain``: agent -> float64[n_walls] score from rotation 0 only (plain play);
    - ``variance_removed``: agent -> ``1 - Var(duplicate mean) / Var(plain mean)`` for the same
      number of hands played (NaN without ``duplicate``);
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

    ``agents``: one in-kernel agent name per seat (names may repeat). Raises ``ValueError`` for
    a wrong number of agents, an unknown agent or variant, fewer than two distinct agents.
    """
    from mjsim import variants
    from mjsim.distributed import run

    spec = variants.get(variant, **overrides)
    agents = list(agents)
    if len(agents) != spec.n_players:
        raise ValueError(f"arena: {len(agents)} agents for {spec.n_players} seats")
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
    removed = {}
    n_rot = len(per_rot)
    for a in names:
        if not duplicate or n_rot < 2 or n_walls < 2:
            removed[a] = math.nan
            continue
        # same number of hands played: n_walls * n_rot plain hands vs n_walls duplicate walls
        v_plain = float(np.var(plain[a], ddof=1)) / (n_walls * n_rot)
        v_dup = float(np.var(scores[a], ddof=1)) / n_walls
        removed[a] = 1.0 - v_dup / v_plain if v_plain > 0 else math.nan
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
    lines.append(f"{'rank':<6}{'agent':<14}{'points per hand (95% CI)':>28}")
    for i, (a, e) in enumerate(res.ranking):
        lines.append(f"{i + 1:<6}{a:<14}{fmt(e):>28}")
    lines.append("")
    lines.append("pairwise (row minus column, per wall; p = two-sided, normal approximation):")
    for (a, b), (e, p) in res.pairwise.items():
        sig = "significant" if p < 0.05 else "not significant"
        lines.append(f"  {a} - {b}: {fmt(e)}  p = {p:.2g}  ({sig} at 5%)")
    if res.duplicate:
        lines.append("")
        lines.append("variance of the mean removed by duplicate play (same number of hands):")
        for a, v in res.variance_removed.items():
            lines.append(f"  {a:<14}{'n/a' if math.isnan(v) else f'{100 * v:.1f}%'}")
    return "\n".join(lines)
