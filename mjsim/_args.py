"""Argument checks shared by the Python API (:func:`mjsim.simulate`, :func:`mjsim.distributed.run`,
:func:`mjsim.study.study`) and the ``mjsim`` command line, so that both accept the same values
and name the bad one the same way (``name`` is the keyword or the command-line option)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import numpy as np


def check_int(name: str, value: Any, lo: int = 0) -> int:
    """``value`` as an ``int`` if it is an integer (Python or numpy, not a bool) ``>= lo``.

    Raises ``ValueError`` naming ``name`` otherwise: a float such as ``1e5`` or ``10.5`` is
    refused rather than truncated."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        raise ValueError(f"{name}={value!r} must be an integer >= {lo}, not {type(value).__name__}")
    if value < lo:
        raise ValueError(f"{name}={value!r} must be an integer >= {lo}")
    return int(value)


def resolve_threads(threads: Any, name: str = "threads") -> int:
    """Worker threads: ``None`` -> every core (``os.cpu_count()``), else an integer 1..1024.

    ``0`` and negative counts raise ``ValueError`` naming ``name`` (there is no "0 = all cores"
    shorthand: leave the option out for that)."""
    n_cpu = os.cpu_count() or 1
    if threads is None:
        return n_cpu
    n = check_int(name, threads, 1)
    if n > 1024:
        raise ValueError(f"{name}={n} must be at most 1024 (this machine has {n_cpu} cores)")
    return n


def seat_agents(agents: str | Sequence[str | int], n_players: int, name: str = "agents") -> list:
    """One in-kernel agent per seat from a name, a comma-separated string or a sequence.

    A string is split on commas (``"greedy"`` -> every seat; ``"greedy,random"``); a list whose
    length divides ``n_players`` repeats (``["greedy", "random"]`` -> g, r, g, r for 4 seats);
    any other length raises ``ValueError`` naming ``name``, as does an unknown agent (listing
    the known ones, :func:`mjsim.agents.policies.agent_id`). Returns a list of ``n_players``
    names (or integer agent ids, kept as given)."""
    from mjsim.agents.policies import agent_id

    if isinstance(agents, str):
        names: list = [a.strip() for a in agents.split(",") if a.strip()]
    else:
        names = list(agents)
    if names and len(names) < n_players and n_players % len(names) == 0:
        names = names * (n_players // len(names))  # "greedy,random" -> g,r,g,r
    if len(names) != n_players:
        raise ValueError(
            f"{name}: {len(names)} given for {n_players} seats ({agents!r}; one name means "
            "every seat, a shorter list repeats if its length divides the seat count)"
        )
    for a in names:
        agent_id(a)
    return names
