"""pymahjonggb (MahjongGB, C++ core of the Botzone MCR fan calculator): fan calculations/s.

``MahjongGB.MahjongFanCalculator(pack, hand, winTile, flowerCount, isSelfDrawn, is4thTile,
isAboutKong, isWallLast, seatWind, prevalentWind)`` on random concealed standard winning hands
(4 sets + pair, see ``_hands.py``), self-draw and discard wins alternating. The calculator
raises ``TypeError`` for a hand below its fan threshold or an invalid one; those calls are timed
too and counted in ``error_fraction``.
"""

from __future__ import annotations

import time

from _hands import random_winning_hands
from MahjongGB import MahjongFanCalculator

VERSION_OF = "pymahjonggb"

_NAMES = (
    [f"W{i}" for i in range(1, 10)]  # characters (m)
    + [f"B{i}" for i in range(1, 10)]  # dots (p)
    + [f"T{i}" for i in range(1, 10)]  # bamboo (s)
    + ["F1", "F2", "F3", "F4", "J1", "J2", "J3"]  # winds E S W N, dragons red green white
)
# mjsim dragon order is White Green Red (31 32 33); MahjongGB's J1 J2 J3 are Red Green White.
_NAMES[31], _NAMES[33] = "J3", "J1"


def setup(config: dict) -> dict:
    pool = []
    for i, (counts, win) in enumerate(random_winning_hands(1000, config.get("seed", 0))):
        counts = list(counts)
        counts[win] -= 1
        hand = tuple(_NAMES[k] for k in range(34) for _ in range(counts[k]))
        pool.append((hand, _NAMES[win], bool(i % 2)))
    return {"pool": pool}


def measure(ctx: dict, seconds: float) -> dict:
    pool = ctx["pool"]
    done = errors = 0
    t0 = time.perf_counter()
    while True:
        for hand, win, tsumo in pool:
            try:
                MahjongFanCalculator((), hand, win, 0, tsumo, False, False, False, 0, 0)
            except TypeError:
                errors += 1
        done += len(pool)
        dt = time.perf_counter() - t0
        if dt >= seconds:
            break
    return {"hands/s": done / dt, "calls": done, "error_fraction": errors / done}
