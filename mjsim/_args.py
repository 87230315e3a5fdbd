"""Argument checks shared by the Python API (:func:`mjsim.simulate`, :func:`mjsim.distributed.run`,
:func:`mjsim.study.study`) and the ``mjsim`` command line, so that both accept the same values
and name the bad one the same way (``name`` is the keyword or the command-line option)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

# re-exported: the checks every boundary shares, defined in the lowest layer that needs them
from mjsim._text import did_you_mean as did_you_mean
from mjsim.actions import check_action as check_action

#: the largest value a count or seed may take: the engine holds them as int64
INT64_MAX = 2**63 - 1


def _is_integer(value: Any) -> bool:
    """A Python or numpy integer, not a bool (``True`` is an ``int`` to Python)."""
    return isinstance(value, int | np.integer) and not isinstance(value, bool | np.bool_)


def check_int(name: str, value: Any, lo: int = 0) -> int:
    """``value`` as an ``int`` if it is an integer (Python or numpy, not a bool) in
    ``lo .. INT64_MAX`` (the engine keeps seeds and counts as int64).

    Raises ``ValueError`` naming ``name`` otherwise: a float such as ``1e5`` or ``10.5`` is
    refused rather than truncated, and ``2**70`` rather than overflowing inside numpy."""
    if not _is_integer(value):
        raise ValueError(f"{name}={value!r} must be an integer >= {lo}, not {type(value).__name__}")
    if value < lo:
        raise ValueError(f"{name}={value!r} must be an integer >= {lo}")
    if value > INT64_MAX:
        raise ValueError(f"{name}={value!r} must be at most 2**63 - 1 (an int64)")
    return int(value)


def check_match_start(first_hand: int, match_hands: int) -> None:
    """Refuse a run that would start inside a match: ``first_hand`` (a checked integer >= 0) must
    be a multiple of ``match_hands``. Raises ``ValueError`` naming both numbers."""
    if first_hand % match_hands != 0:
        raise ValueError(
            f"first_hand={first_hand} must be a multiple of match_hands={match_hands} "
            "(a match is never split)"
        )


def check_whole_matches(
    n_hands: int, match_hands: int, hands_name: str = "n_hands", match_name: str = "match_hands"
) -> None:
    """Refuse a run that would end in a partial match: ``n_hands`` must be a multiple of
    ``match_hands`` (every match plays all its hands). Both counts are already checked integers.

    Raises ``ValueError`` naming both numbers and the nearest accepted counts. ``hands_name`` /
    ``match_name`` are the keywords (``n_hands=10``) or, starting with ``-``, the command-line
    options (``--hands 10``), so the API and the CLI give the same message."""
    if n_hands % match_hands == 0:
        return

    def show(name: str, value: int) -> str:
        return f"{name} {value}" if name.startswith("-") else f"{name}={value}"

    lo, hi = n_hands - n_hands % match_hands, n_hands - n_hands % match_hands + match_hands
    raise ValueError(
        f"{show(hands_name, n_hands)} is not a multiple of {show(match_name, match_hands)}: "
        f"every match plays all its {match_hands} hands (use {show(hands_name, hi)}"
        + (f" or {lo})" if lo else ")")
    )


def check_writable(
    name: str, path: str | Path, directory: bool = False, probe: str = "study.csv"
) -> Path:
    """Check, before a run starts, that its output can be written, by really creating it:
    ``path`` (a file; with ``directory`` a directory, probed by creating ``probe`` in it) is
    opened for append (created if missing) and removed again if it did not exist; missing
    directories are created for the probe and removed again. ``os.access`` is not enough (it
    says yes to root for ``/proc``, and it does not see a too-long file name).

    Raises ``ValueError`` naming ``name`` (the option) and the reason otherwise, so a long run
    never ends in a traceback that loses its results."""
    p = Path(path).expanduser()
    try:
        _probe_write(name, path, p, directory, probe)
    except OSError as e:  # e.g. a name too long even to stat
        raise ValueError(f"{name} {str(path)!r} cannot be written: {e.strerror or e}") from None
    return p


def _probe_write(name: str, path: str | Path, p: Path, directory: bool, probe: str) -> None:
    if p.exists():
        if directory and not p.is_dir():
            raise ValueError(f"{name} {str(path)!r}: exists and is not a directory")
        if not directory and p.is_dir():
            raise ValueError(f"{name} {str(path)!r}: is a directory, not a file")
    dir_ = p if directory else p.parent
    created: list[Path] = []  # directories this check makes, deepest first
    d = dir_
    while not d.exists() and d != d.parent:
        created.append(d)
        d = d.parent
    if not d.is_dir():
        raise ValueError(f"{name} {str(path)!r}: {str(d)!r} is not a directory")
    target = p / probe if directory else p
    existed = target.exists()
    try:
        for c in reversed(created):
            c.mkdir()
        with open(target, "a"):
            pass
    finally:  # an OSError becomes check_writable's ValueError
        if not existed:
            try:
                target.unlink()
            except OSError:
                pass
        for c in created:  # deepest first
            try:
                c.rmdir()
            except OSError:
                pass


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


def seat_agents(
    agents: str | Sequence[Any],
    n_players: int,
    name: str = "agents",
    check: Callable[[Any], Any] | None = None,
) -> list:
    """One in-kernel agent per seat from a name, a comma-separated string or a sequence.

    A string is split on commas (``"greedy"`` -> every seat; ``"greedy,random"``); a list whose
    length divides ``n_players`` repeats (``["greedy", "random"]`` -> g, r, g, r for 4 seats);
    any other length raises ``ValueError`` naming ``name``, as does an unknown agent (listing
    the known ones, :func:`mjsim.agents.policies.agent_id`) and an empty name (``"greedy,,random"``
    or a trailing comma: "empty agent name at position 2", counting from 1). Returns a list of
    ``n_players`` names (or integer agent ids, kept as given).

    ``check``: called on every entry instead of ``agent_id`` (it raises ``ValueError`` for an
    entry it does not know); the arena passes its resolver of Python agents
    (:func:`mjsim.arena.resolve_agent`)."""
    from mjsim.agents.policies import agent_id

    if check is None:
        check = agent_id
    if isinstance(agents, str):
        names: list = [a.strip() for a in agents.split(",")]
    else:
        names = list(agents)
    for i, a in enumerate(names):
        if isinstance(a, str) and not a.strip():
            raise ValueError(f"{name}: empty agent name at position {i + 1} ({agents!r})")
    if names and len(names) < n_players and n_players % len(names) == 0:
        names = names * (n_players // len(names))  # "greedy,random" -> g,r,g,r
    if len(names) != n_players:
        raise ValueError(
            f"{name}: {len(names)} given for {n_players} seats ({agents!r}; one name means "
            "every seat, a shorter list repeats if its length divides the seat count)"
        )
    for a in names:
        check(a)
    return names


__all__ = ["check_action", "did_you_mean"]  # re-exported from their own modules
