"""Seating in a match: which player sits at which table seat in each hand.

The engine's seats are table positions: the deal, the seat winds and every array of
:class:`~mjsim.engine.state.State` are indexed by seat. Players (agents) are who sits there. In
most variants a player keeps one seat for the whole match; guobiao changes seats before the West
round: East swaps with South and West with North, and the original South deals first (the rule text,
"第三圈（西圈）开始前，东家跟南家，西家跟北家对调座位，由原本的南家先做庄").

A rule set states its seating in the spec field ``RuleSpec.seating``, a name of
:data:`mjsim.rules.spec.SEATINGS`: one row per prevailing wind (East South West North), entry
``i`` = the player, counted from the match's first dealer, who sits at seat ``first_dealer + i``.
Players are numbered by their seats in the first hand of the match (player ``p`` starts at seat
``p``). The self-play loop (:func:`mjsim.simulate` with ``match_hands``),
:attr:`mjsim.engine.Game.players_at_seats` and the AEC environment read the seating of every hand
from its prevailing wind and first dealer (``TV_ROUND_WIND``, ``TV_FIRST_DEALER``), so a match
keyed by rounds needs no hand counter.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim.rules.spec import SEATINGS, RuleSpec


def seating_table(spec: RuleSpec) -> np.ndarray:
    """``int64[4, 4]``: the rows of ``SEATINGS[spec.seating]`` (row = prevailing wind 0-3, entry
    ``i`` = player offset at seat offset ``i`` from the first dealer); identity rows for fewer
    than 4 players (validation allows only ``seating="fixed"`` there).

    Raises ``ValueError`` if the table is not 4 permutations of 0-3 with the identity for the
    East round."""
    table = np.tile(np.arange(4, dtype=np.int64), (4, 1))
    if spec.n_players != 4:
        return table
    seating = SEATINGS[spec.seating]
    arr = np.asarray(seating, dtype=np.int64)
    if (
        arr.shape != (4, 4)
        or any(sorted(row) != [0, 1, 2, 3] for row in arr.tolist())
        or arr[0].tolist() != [0, 1, 2, 3]
    ):
        raise ValueError(
            f"SEATINGS[{spec.seating!r}] must be 4 permutations of 0..3 (the East round's the "
            f"identity: players are numbered by their first seats), got {seating!r}"
        )
    return arr


@nb.njit(cache=True)
def seat_players(table, round_wind, first_dealer, n, out):
    """Players at seats ``0..n-1`` into ``out`` (int64[>= n]) for a hand with prevailing wind
    ``round_wind`` (0-3) in a match first dealt by seat ``first_dealer``; ``table``: int64[4, 4]
    from :func:`seating_table`."""
    for seat in range(n):
        i = (seat - first_dealer) % n
        out[seat] = (first_dealer + table[round_wind % 4, i]) % n


def players_at_seats(spec: RuleSpec, round_wind: int, first_dealer: int = 0) -> tuple[int, ...]:
    """``players[seat]`` for a hand with prevailing wind ``round_wind`` (0-3 = E S W N) in a
    match first dealt by seat ``first_dealer`` (Python twin of :func:`seat_players`).

    Raises ``ValueError`` for a wind outside 0-3 or a seat outside the table."""
    n = spec.n_players
    if not 0 <= round_wind < 4:
        raise ValueError(f"round_wind={round_wind!r} must be 0..3")
    if not 0 <= first_dealer < n:
        raise ValueError(f"first_dealer={first_dealer!r} must be a seat 0..{n - 1}")
    table = seating_table(spec)
    return tuple(
        int((first_dealer + table[round_wind, (seat - first_dealer) % n]) % n) for seat in range(n)
    )


__all__ = ["players_at_seats", "seat_players", "seating_table"]
