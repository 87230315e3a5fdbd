"""Opt-in dense reward shaping for the environments (``reward_shaping="shanten"``).

Raw points are sparse: in a variant such as hebei most hands pay nothing to most seats, so a
learning curve stays flat until a policy wins by chance. Shanten shaping adds, at every step, the
change of a potential ``Φ`` of each seat's hand, potential-based shaping in the sense of Ng,
Harada and Russell (1999, "Policy invariance under reward transformations"):

- ``Φ(seat) = -coef * (d + 1)`` with ``d`` the seat's distance to a winning hand: the shanten of
  its concealed tiles under the variant's win shapes, pair rule, honour chows and wilds (what
  the greedy bot minimises, ``mjsim.agents.greedy``: towards a fan-rich hand where the variant
  has a minimum fan, such as guobiao's 8), plus the tiles it still holds of the suit it must
  shed (Sichuan's 定缺 void suit), capped at :data:`DISTANCE_CAP`; ``-1`` (``Φ = 0``) for a
  complete hand and for a seat that has already won (blood battle).
- ``Φ = 0`` once the episode is over, so the shaping of an episode telescopes to
  ``Φ(end) - Φ(start) = -Φ(start)``: a constant of the deal that no action changes. The best
  policy for the shaped return is the best policy for the points (undiscounted); the shaping
  only makes progress visible early.

The environments report the shaping part of each reward in ``info["shaping"]`` (raw points =
reward - shaping), and it is never on unless asked for.
"""

from __future__ import annotations

import numba as nb
import numpy as np
from mjsim.agents.greedy import _sh, _split, _void_suit

from mjsim.engine.state import PV_WON
from mjsim.rules.params import P_N_PLAYERS

#: distances above this are counted as this (shanten is at most 6 for the standard shapes; a
#: hand that no allowed shape can complete would otherwise count 1000)
DISTANCE_CAP = 8

#: the shaping choices of ``reward_shaping`` (None: off, the default)
SHAPINGS = ("shanten",)


@nb.njit(cache=True)
def seat_distance(s, r, t, p, c):
    """Seat ``p``'s distance to a winning hand on table ``t`` (module docstring): shanten of
    its concealed tiles (``c``: a ``uint8[34]`` scratch array) plus the tiles held of the suit
    it must shed, in ``-1 .. DISTANCE_CAP``; ``-1`` for a seat that has already won."""
    if s.pv[t, p, PV_WON] != 0:
        return -1
    nw = _split(s, r, t, p, c)
    d = _sh(r, c, nw)
    v = _void_suit(s, r, t, p, c)
    if v >= 0:
        held = 0
        for k in range(9 * v, 9 * v + 9):
            held += c[k]
        if held > 0:
            d = max(d, 0) + held
    return min(d, DISTANCE_CAP)


@nb.njit(cache=True, nogil=True)
def distances(s, r, seats, out):
    """``out[t, i]`` (``float64[B, 4]``) = :func:`seat_distance` of seat ``i`` of table ``t``
    where ``seats[t, i]`` is True (``bool[B, 4]``); 0 elsewhere."""
    c = np.zeros(34, np.uint8)
    n = r.params[P_N_PLAYERS]
    for t in range(out.shape[0]):
        for p in range(4):
            out[t, p] = 0.0
            if p < n and seats[t, p]:
                out[t, p] = seat_distance(s, r, t, p, c)


def potentials(state, rules, seats: np.ndarray, coef: float) -> np.ndarray:
    """``Φ = -coef * (distance + 1)`` (``float64[B, 4]``) of the seats where ``seats``
    (``bool[B, 4]``) is True, 0 elsewhere (module docstring)."""
    out = np.zeros(seats.shape, np.float64)
    distances(state, rules, seats, out)
    out += 1.0
    out *= -coef
    out[~seats] = 0.0
    return out
