"""十三不靠 with an honour pair (以字作将, the common fan table; ``knitted_honor_pair``):
the kernels against the definition (every target hand: 6 knitted arrangements x 4 of the 7
honours x the paired one), worked examples, the public API and the engine's win check."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import mjsim
from mjsim.kernels import SHAPE_KNITTED_HONOR_PAIR, SHAPE_STANDARD, SHAPE_WILD_SIMPLES
from mjsim.kernels.shanten import is_win, shanten
from mjsim.kernels.special import KNITTED_TILES
from mjsim.tiles import as_counts


def _targets() -> np.ndarray:
    rows = []
    for a in range(6):
        for hon in itertools.combinations(range(27, 34), 4):
            for p in hon:
                t = np.zeros(34, dtype=np.int64)
                t[KNITTED_TILES[a]] = 1
                t[list(hon)] = 1
                t[p] = 2
                rows.append(t)
    return np.array(rows)


TARGETS = _targets()  # (840, 34), 14 tiles each


def ref_shanten(counts: np.ndarray, w: int) -> int:
    overlap = np.minimum(TARGETS, counts[None, :].astype(np.int64)).sum(axis=1).max()
    return int(13 - w - overlap)


def c34(text: str) -> np.ndarray:
    return np.asarray(as_counts(text), dtype=np.uint8)[:34].copy()


F = SHAPE_KNITTED_HONOR_PAIR


def test_worked_examples() -> None:
    # 147m 258p 369s + East East South West North
    assert len(TARGETS) == 840 and set(TARGETS.sum(axis=1)) == {14}
    assert is_win(c34("147m258p369s11234z"), 4, 0, 0, 0, F)
    assert mjsim.is_winning("147m258p369s11234z", shapes=["knitted_honor_pair"])
    assert not mjsim.is_winning("147m258p369s11234z")  # not a default shape
    # a suited pair, or five different honours without a pair, is not this shape
    assert not is_win(c34("1477m258p369s1234z"), 4, 0, 0, 0, F)
    assert not is_win(c34("147m258p369s12345z"), 4, 0, 0, 0, F)
    # the MCR 全不靠 (14 singles) is not it either, and this is not 全不靠
    assert not is_win(c34("147m258p3s1234567z"), 4, 0, 0, 0, F)
    assert not mjsim.is_winning("147m258p369s11234z", shapes=["knitted"])
    # wilds: one for the missing 9s, one as the North
    assert is_win(c34("147m258p36s1123z"), 4, 2, 0, 0, F)
    assert mjsim.shanten("147m258p36s12345z", shapes=["knitted_honor_pair"]) == 1
    w = mjsim.waits("147m258p369s1234z", shapes=["knitted_honor_pair"])
    assert w == ["1z", "2z", "3z", "4z"]
    # restricted wilds: a wild may be the 5p, never the 9s or an honour
    r = F | SHAPE_WILD_SIMPLES
    assert is_win(c34("147m28p369s11234z"), 4, 1, 0, 0, r)
    assert not is_win(c34("147m258p36s11234z"), 4, 1, 0, 0, r)
    assert not is_win(c34("147m258p369s1234z"), 4, 1, 0, 0, r)
    assert is_win(c34("147m258p369s1234z"), 4, 1, 0, 0, F)
    assert shanten(c34("147m258p369s1234z"), 4, 1, 0, 0, r) == 0


def test_random_hands_against_every_target() -> None:
    rng = np.random.default_rng(7)
    pool = np.array([k for k in range(34) for _ in range(4)])
    for i in range(3000):
        w = i % 3
        n = (13 if i % 2 else 14) - w
        if i % 3 == 0:  # mostly knitted and honour tiles, so that near-complete hands occur
            a = rng.integers(0, 6)
            cand = np.concatenate([KNITTED_TILES[a], np.arange(27, 34)])
            kinds = rng.choice(cand, size=n, replace=True)
        else:
            kinds = rng.choice(pool, size=n, replace=False)
        c = np.bincount(kinds, minlength=34).astype(np.uint8)
        if c.max() > 4:
            continue
        want = ref_shanten(c, w)
        assert int(shanten(c, 4, w, 0, 0, F)) == want, (c, w)
        if n + w == 14:
            assert bool(is_win(c, 4, w, 0, 0, F)) == (want == -1)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=13, max_size=14), st.integers(0, 2))
def test_hypothesis_min_with_standard(kinds: list[int], w: int) -> None:
    c = np.bincount(np.array(kinds[: len(kinds) - w], dtype=np.int64), minlength=34)
    if c.max() > 4:
        return
    c = c.astype(np.uint8)
    both = int(shanten(c, 4, w, 0, 0, F | SHAPE_STANDARD))
    assert both == min(int(shanten(c, 4, w, 0, 0, F)), int(shanten(c, 4, w, 0, 0, SHAPE_STANDARD)))
    assert int(shanten(c, 4, w, 0, 0, F)) == ref_shanten(c, w)


def test_engine_and_spec() -> None:
    from mjsim.engine import Game
    from mjsim.engine.state import WK_DISCARD
    from mjsim.engine.win_check import _win_ok
    from mjsim.rules import check_playable
    from mjsim.variants import get

    spec = get("hebei", win_shapes=("standard", "seven_pairs", "knitted_honor_pair"))
    check_playable(spec)
    g = Game(spec, seed=0)
    s, r = g.state, g.rules
    s.hands[0, 1, :34] = c34("147m258p369s1234z")  # waits on E, S, W or N for the pair
    assert _win_ok(s, r, 0, 1, 27, WK_DISCARD, 0, False)
    assert not _win_ok(s, r, 0, 1, 31, WK_DISCARD, 0, False)
    g = Game(get("hebei"), seed=0)
    g.state.hands[0, 1, :34] = c34("147m258p369s1234z")
    assert not _win_ok(g.state, g.rules, 0, 1, 27, WK_DISCARD, 0, False)
