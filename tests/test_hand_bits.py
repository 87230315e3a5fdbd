"""mjsim.engine.hand_bits: the bit masks against per-kind definitions (random hands, brute
force), and the engine's shape pre-tests built on them against their per-kind statement."""

import numpy as np

from mjsim.engine.hand_bits import hand_bits, isolated_bits, near_bits, popcount
from mjsim.engine.shapes import (
    _SIMPLE_SHAPES,
    _isolated,
    _simple_shape_bits,
    _simple_shape_possible,
)


def _hands(n, seed):
    rng = np.random.default_rng(seed)
    for i in range(n):
        h = np.zeros(42, np.uint8)
        kinds = rng.integers(0, 34, size=int(rng.integers(1, 18)))
        if i % 3 == 0:  # terminals and honours: the thirteen-orphans side
            kinds = rng.choice([0, 8, 9, 17, 18, 26, *range(27, 34), 4], size=kinds.size)
        for k in kinds:
            h[k] = min(4, h[k] + 1)
        yield h


def _near(h, k):
    """A same-suit tile within rank distance 2 (honours: never)."""
    if k >= 27:
        return False
    r9 = k % 9
    return any(0 <= r9 + d <= 8 and h[k + d] > 0 for d in (-2, -1, 1, 2))


def test_hand_bits_match_per_kind_definitions():
    for h in _hands(400, 1):
        total, occ, odd, lone, four = hand_bits(h)
        assert total == int(h[:34].sum())
        for k in range(34):
            c = int(h[k])
            assert (occ >> k) & 1 == (c > 0)
            assert (odd >> k) & 1 == (c % 2)
            assert (lone >> k) & 1 == (c in (1, 4))
            assert (four >> k) & 1 == (c == 4)
            assert (near_bits(occ) >> k) & 1 == _near(h, k)
        assert popcount(occ) == bin(occ).count("1")
        for hc in (0, 1):
            iso = isolated_bits(occ, lone, hc)
            want = [
                k for k in range(34) if h[k] in (1, 4) and not _near(h, k) and (k < 27 or hc == 0)
            ]
            assert [k for k in range(34) if (iso >> k) & 1] == want
            assert _isolated(h, hc, np.int64(2)) == min(len(want), 3)


def test_simple_shape_possible_per_kind_statement():
    """Standard: no lone (1 or 4) kind without a neighbour (honours: unless honour chows);
    seven pairs, also riichi's distinct seven pairs (``SHAPE_SEVEN_PAIRS_DISTINCT`` = 64; 4
    sets): no odd count; thirteen orphans (4 sets): no simple tile."""
    rng = np.random.default_rng(2)
    for h in _hands(300, 3):
        x = int(rng.integers(-1, 34))
        if x >= 0 and h[x] >= 4:
            x = -1
        g = h.copy()
        if x >= 0:
            g[x] += 1
        for hc in (0, 1):
            std = all(g[k] not in (1, 4) or _near(g, k) or (k >= 27 and hc) for k in range(34))
            sp = all(g[k] % 2 == 0 for k in range(34))
            to = all(g[k] == 0 or k >= 27 or k % 9 in (0, 8) for k in range(34))
            for shapes in [*range(1, 8), *(64 | b for b in range(0, 8, 2))]:
                for n_sets in (3, 4):
                    want = (
                        (shapes & 1 and std)
                        or (shapes & 66 and n_sets == 4 and sp)
                        or (shapes & 4 and n_sets == 4 and to)
                    )
                    got = _simple_shape_bits(h, np.int64(x), *hand_bits(h)[1:4], n_sets, shapes, hc)
                    assert got == bool(want), (h[:34], x, hc, shapes, n_sets)


def test_simple_shape_possible_is_necessary_for_riichi_shapes():
    """Every winning hand of riichi's shapes (standard, distinct seven pairs, thirteen orphans)
    passes the pre-test, with the tile in the hand or as ``x``, and so does every 13-tile hand
    that a joker completes (the ``_tenpai`` test riichi uses)."""
    from mjsim.kernels import SHAPES_RIICHI
    from mjsim.kernels.shanten import is_win

    assert (SHAPES_RIICHI & ~_SIMPLE_SHAPES) == 0
    rng = np.random.default_rng(4)
    wins = 0
    for i in range(3000):
        h = np.zeros(34, np.uint8)
        if i % 3 == 0:  # seven (maybe not distinct) pairs
            for k in rng.integers(0, 34, size=7):
                h[k] = min(4, h[k] + 2)
        elif i % 3 == 1:  # thirteen orphans side
            for k in rng.choice([0, 8, 9, 17, 18, 26, *range(27, 34)], size=14):
                h[k] = min(4, h[k] + 1)
        else:  # four sets and a pair
            for _ in range(4):
                a = int(rng.integers(0, 34))
                if a < 27 and a % 9 <= 6 and rng.random() < 0.6:
                    for d in range(3):
                        h[a + d] = min(4, h[a + d] + 1)
                else:
                    h[a] = min(4, h[a] + 3)
            b = int(rng.integers(0, 34))
            h[b] = min(4, h[b] + 2)
        if int(h.sum()) != 14:
            continue
        if not is_win(h, 4, 0, 0, 0, SHAPES_RIICHI):
            continue
        wins += 1
        assert _simple_shape_possible(h, np.int64(-1), 4, SHAPES_RIICHI, 0)
        for x in np.flatnonzero(h):
            g = h.copy()
            g[x] -= 1
            assert _simple_shape_possible(g, np.int64(x), 4, SHAPES_RIICHI, 0)
            assert is_win(g, 4, 1, 0, 0, SHAPES_RIICHI)  # the joker test of _tenpai
            total, pairs = int(g.sum()), int((g // 2).sum())
            orph = sum(g[k] > 0 for k in (0, 8, 9, 17, 18, 26, *range(27, 34)))
            nonorph = sum(int(g[k]) for k in range(27) if k % 9 not in (0, 8))
            assert (
                _isolated(g, 0, np.int64(1)) <= 1
                or (total == 13 and pairs >= 6)
                or (total == 13 and orph >= 12 and nonorph == 0)
            )
    assert wins > 300
