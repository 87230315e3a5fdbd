"""Shared test helpers: scripted walls for :class:`mjsim.engine.Game` and hands built from sets.

Imported by the test modules as ``from helpers import ...`` (pytest puts ``tests/`` on
``sys.path``: the test directory has no ``__init__.py``).
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from mjsim.tiles import parse_tiles


def make_wall(
    hands: dict[int, str],
    dealer_extra: str,
    draws: str = "",
    tail: str = "",
    dealer: int = 0,
    *,
    kinds: int = 34,
    flowers: int = 0,
    avoid: str = "",
) -> list[int]:
    """A scripted wall (list of tile kinds, head first) for ``Game(..., wall=...)``.

    Deal order (docs/engine.md): seats from ``dealer`` take 13 consecutive tiles each from the
    head, then the dealer one more (``dealer_extra``); normal draws continue from the head
    (``draws``); kong / flower replacements come from the tail, so ``tail`` ends the wall
    reversed (``tail[0]`` is the first replacement). Seats missing from ``hands`` get 13 filler
    tiles in kind order, without flowers and without the ``avoid`` kinds; the unused tiles then
    follow ``draws`` in kind order.

    Args:
        hands: seat -> 13 tiles (any notation :func:`mjsim.tiles.parse_tiles` reads).
        kinds: tile kinds 0..kinds-1 with four copies each (27: the 108-tile set, 34: 136).
        flowers: one copy each of the flower kinds 34..34+flowers-1 (8: the 144-tile set).

    Returns:
        ``4 * kinds + flowers`` tile kinds.

    Raises:
        AssertionError: a fifth copy of a kind, or a hand that is not 13 tiles.
    """
    pool = Counter({k: 4 for k in range(kinds)})
    pool.update({34 + f: 1 for f in range(flowers)})
    parts = {p: parse_tiles(h) for p, h in hands.items()}
    extra = parse_tiles(dealer_extra)
    nxt = parse_tiles(draws) if draws else []
    back = parse_tiles(tail) if tail else []
    for group in [*parts.values(), extra, nxt, back]:
        for k in group:
            pool[k] -= 1
            assert pool[k] >= 0, f"too many copies of kind {k}"
    bad = set(parse_tiles(avoid)) if avoid else set()
    safe = [k for k in range(min(kinds, 34)) if k not in bad for _ in range(pool[k])]
    wall: list[int] = []
    for i in range(4):
        seat = (dealer + i) % 4
        if seat in parts:
            assert len(parts[seat]) == 13, seat
            wall += parts[seat]
        else:
            wall += safe[:13]
            for k in safe[:13]:
                pool[k] -= 1
            safe = safe[13:]
    rest = [k for k in sorted(pool) for _ in range(pool[k])]
    wall += extra + nxt + rest + back[::-1]
    assert len(wall) == 4 * kinds + flowers
    return wall


def discard_drawn(g) -> None:
    """Discard the tile the seat to act just drew (``TV_DRAWN``) if that is legal, else its lowest
    legal discard (a turn that began with a claim has no drawn tile)."""
    legal = g.legal_actions()
    d = int(g.state.tv[0, 20])
    g.step(d if d >= 0 and d in legal else min(a for a in legal if a < 34))


def counts_from_sets(pair: int, sets: list[tuple[int, int]]) -> np.ndarray:
    """34-kind ``uint8`` counts of a pair of ``pair`` plus ``sets`` (``(1, t)`` a pung of ``t``,
    ``(2, t)`` a chow starting at ``t``). A kind may exceed 4 copies: callers reject those."""
    c = np.zeros(34, np.uint8)
    c[pair] += 2
    for kind, t in sets:
        for k in (t, t, t) if kind == 1 else (t, t + 1, t + 2):
            c[k] += 1
    return c


# Rule sets of not-yet-registered variants, as overrides of ``hebei`` (shared by the rule tests
# and the bot tests).
#: 144 tiles with bonus flowers (ningbo-like tables)
FLOWERS = dict(tile_set="144", flowers="bonus", allow_ready=False, reserve_whole_stacks=False)
#: ningbo: the last wall tile turned; a turned flower makes its group wild; flowers drawn in
#: play are held until exposed with 杠花
NINGBO_LIKE = dict(
    wild_rule="indicator",
    indicator_source="last_wall_tile",
    wild_flower_groups=True,
    flower_replacement="action",
    wild_discard_claimable=False,
    **FLOWERS,
)
#: fuzhou: the turned gold may be grabbed (抢金); three golds win
FUZHOU_GOLD = dict(
    wild_rule="indicator",
    indicator_source="last_wall_tile",
    grab_wild=True,
    three_wild_win=True,
    win_shapes=("standard",),
)
