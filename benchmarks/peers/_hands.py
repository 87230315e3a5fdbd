"""Random hand pools shared by the peer kernel/scoring scripts (deterministic for a seed).

Tile kinds 0-33 as in mjsim: 1m-9m, 1p-9p, 1s-9s, then East South West North White Green Red.
"""

from __future__ import annotations

import random


def random_hands(n: int, size: int = 13, seed: int = 0) -> list[list[int]]:
    """``n`` hands of ``size`` tiles dealt from a freshly shuffled 136-tile wall; 34-count vectors."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    out = []
    for _ in range(n):
        rng.shuffle(wall)
        counts = [0] * 34
        for k in wall[:size]:
            counts[k] += 1
        out.append(counts)
    return out


def random_winning_hands(n: int, seed: int = 0) -> list[tuple[list[int], int]]:
    """``n`` concealed standard winning hands (4 sets + pair): (34-count vector, winning tile).

    Sets are chows (no honours) or pungs drawn uniformly; a draw that would need a fifth copy is
    redrawn. The winning tile is a uniformly chosen tile of the hand.
    """
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        counts = [0] * 34
        ok = True
        for _ in range(4):
            for _try in range(20):
                if rng.random() < 0.6:
                    suit, start = rng.randrange(3), rng.randrange(7)
                    tiles = [suit * 9 + start + i for i in range(3)]
                else:
                    tiles = [rng.randrange(34)] * 3
                if all(counts[t] + tiles.count(t) <= 4 for t in set(tiles)):
                    for t in tiles:
                        counts[t] += 1
                    break
            else:
                ok = False
        pair = rng.randrange(34)
        if not ok or counts[pair] + 2 > 4:
            continue
        counts[pair] += 2
        tiles = [k for k in range(34) for _ in range(counts[k])]
        out.append((counts, rng.choice(tiles)))
    return out
