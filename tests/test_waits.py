"""Waits and live counts: worked examples, brute force over every added tile, properties."""

from __future__ import annotations

import numba
import numpy as np
from bruteforce import bf_is_standard_win, bf_is_standard_win_lim, random_complete_like
from hypothesis import given, settings
from hypothesis import strategies as st

from mjsim.kernels import (
    HONOR_CHOW_WINDS,
    PAIR_258,
    PAIR_ANY,
    SHAPE_SEVEN_PAIRS,
    SHAPE_STANDARD,
    SHAPE_THIRTEEN_ORPHANS,
    SHAPES_RIICHI,
)
from mjsim.kernels.shanten import is_win
from mjsim.kernels.standard import standard_shanten
from mjsim.kernels.waits import live_wait_count, waits, waits_detail
from mjsim.tiles import as_counts


def c34(text: str) -> np.ndarray:
    return np.asarray(as_counts(text), dtype=np.uint8)[:34].copy()


def kinds_of(
    h: str,
    n_melds: int = 4,
    n_wild: int = 0,
    pr: int = 0,
    hc: int = 0,
    shapes: int = SHAPE_STANDARD,
) -> tuple[list[int], list[int]]:
    a = np.zeros(34, dtype=np.bool_)
    b = np.zeros(34, dtype=np.bool_)
    waits_detail(c34(h), n_melds, n_wild, pr, hc, shapes, a, b)
    return np.flatnonzero(a).tolist(), np.flatnonzero(b).tolist()


def test_worked_examples() -> None:
    assert kinds_of("1112345678999m") == (list(range(9)), [])
    assert kinds_of("23m456p789p123s55z") == ([0, 3], [])  # 1m-4m two-sided
    assert kinds_of("13m456p789p123s55z") == ([1], [])  # closed wait
    assert kinds_of("123m456p789p123s5z") == ([31], [])  # single wait on White
    # 2-5-8 pair rule: the single wait on White is gone, 25s shanpon keeps only...
    assert kinds_of("123m456p789p123s5z", pr=PAIR_258) == ([], [])
    assert kinds_of("123m456p789p11s55s", pr=PAIR_258) == ([18], [])  # pung 1s, pair 55s
    # phantom wait: the fifth 1m
    assert kinds_of("1111m234p567p789p") == ([], [0])
    assert kinds_of("1111m3m567p789p11s") == ([1], [])  # 111m + 13m closed wait on 2m
    # seven pairs and thirteen orphans waits
    assert kinds_of("1122m3344p5566s7z", shapes=SHAPE_SEVEN_PAIRS) == ([33], [])
    assert kinds_of("19m19p19s1234567z", shapes=SHAPE_THIRTEEN_ORPHANS) == (
        [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33],
        [],
    )
    # 16-tile hand (5 melds)
    assert kinds_of("123456789m111p22s33z", n_melds=5) == ([19, 29], [])
    # wind chow: 12z + any... East-South wait West or North
    assert kinds_of("12z123m456m789m55p", hc=HONOR_CHOW_WINDS) == ([29, 30], [])
    # a wild: 123m456p789p123s + wild -> every kind completes (the wild pairs with it)
    assert kinds_of("123m456p789p123s", n_wild=1) == (list(range(34)), [])


def test_waits_counts_and_live() -> None:
    out = np.zeros(34, dtype=np.bool_)
    assert waits(c34("1111m234p567p789p"), 4, 0, PAIR_ANY, 0, SHAPE_STANDARD, out) == 1
    assert out[0]
    vis = np.zeros(34, dtype=np.uint8)
    h = c34("23m456p789p123s55z")
    assert live_wait_count(h, 4, 0, PAIR_ANY, 0, SHAPE_STANDARD, vis) == 8
    vis[0] = 3
    vis[3] = 1
    assert live_wait_count(h, 4, 0, PAIR_ANY, 0, SHAPE_STANDARD, vis) == 4
    # own copies are not live: 1112345678999m waits on 9 kinds, 36 - 13 own = 23 live
    vis[:] = 0
    assert live_wait_count(c34("1112345678999m"), 4, 0, PAIR_ANY, 0, SHAPE_STANDARD, vis) == 23


@numba.njit(cache=False)
def _compare(hands: np.ndarray, wilds: np.ndarray, n_melds: int, pr: int, hc: int) -> int:
    bad = 0
    a = np.zeros(34, dtype=np.bool_)
    b = np.zeros(34, dtype=np.bool_)
    for i in range(hands.shape[0]):
        c = hands[i].copy()
        waits_detail(c, n_melds, wilds[i], pr, hc, SHAPE_STANDARD, a, b)
        for k in range(34):
            c[k] += 1
            if c[k] <= 4:
                ref = bf_is_standard_win(c, n_melds, wilds[i], pr, hc)
                if ref != a[k] or b[k]:
                    bad += 1
            else:
                ref = wilds[i] == 0 and bf_is_standard_win_lim(c, n_melds, 0, pr, hc, 5)
                if wilds[i] == 0 and (ref != b[k] or a[k]):
                    bad += 1
            c[k] -= 1
    return bad


def _ready_like(rng: np.random.Generator, n: int, n_melds: int, hc: int):  # type: ignore[no-untyped-def]
    hands = random_complete_like(rng, n, n_melds, 1, hc)
    wilds = rng.integers(0, 3, size=n)
    wilds[: n // 2] = 0
    for i in range(n):
        for _ in range(1 + wilds[i]):
            hands[i, rng.choice(np.flatnonzero(hands[i]))] -= 1
    return hands, wilds


def test_waits_vs_bruteforce() -> None:
    rng = np.random.default_rng(3)
    for n_melds, n in ((4, 500), (5, 120), (2, 300)):
        for pr, hc in ((PAIR_ANY, 0), (PAIR_258, 0), (2, 3)):
            hands, wilds = _ready_like(rng, n, n_melds, hc)
            assert _compare(hands, wilds, n_melds, pr, hc) == 0


def test_phantom_waits_are_found() -> None:
    """Hands built around a four of a kind: phantom waits occur and match the brute force."""
    rng = np.random.default_rng(9)
    hands = []
    for _ in range(1500):
        c = np.zeros(34, dtype=np.int64)
        k = rng.integers(34)
        c[k] = 4
        while c.sum() < 13:
            j = rng.integers(max(0, k - 3), min(34, k + 4))
            if c[j] < 4:
                c[j] += 1
        hands.append(c.astype(np.uint8))
    hands = np.array(hands)
    wilds = np.zeros(len(hands), dtype=np.int64)
    assert _compare(hands, wilds, 4, PAIR_ANY, 0) == 0
    ex_found = 0
    a = np.zeros(34, dtype=np.bool_)
    b = np.zeros(34, dtype=np.bool_)
    for h in hands:
        waits_detail(h, 4, 0, PAIR_ANY, 0, SHAPE_STANDARD, a, b)
        ex_found += int(b.any())
    assert ex_found > 10


@st.composite
def ready_hand(draw: st.DrawFn) -> tuple[np.ndarray, int]:
    tiles = draw(st.lists(st.integers(0, 33), min_size=10, max_size=13))
    c = np.minimum(np.bincount(np.array(tiles), minlength=34), 4).astype(np.uint8)
    n_wild = 13 - int(c.sum())
    return c, n_wild


@settings(max_examples=300, deadline=None)
@given(ready_hand(), st.integers(0, 2), st.integers(0, 3))
def test_hypothesis_waits_complete_and_shanten(h: tuple[np.ndarray, int], pr: int, hc: int) -> None:
    c, n_wild = h
    if n_wild > 8:
        return
    a = np.zeros(34, dtype=np.bool_)
    b = np.zeros(34, dtype=np.bool_)
    n = waits_detail(c, 4, n_wild, pr, hc, SHAPES_RIICHI, a, b)
    assert n == int(a.sum())
    for k in np.flatnonzero(a):
        c2 = c.copy()
        c2[k] += 1
        assert is_win(c2, 4, n_wild, pr, hc, SHAPES_RIICHI)
    # standard shape: ready (shanten 0) iff there is a drawable wait
    a2 = np.zeros(34, dtype=np.bool_)
    n2 = waits_detail(c, 4, n_wild, pr, hc, SHAPE_STANDARD, a2, b)
    assert (standard_shanten(c, 4, n_wild, pr, hc) == 0) == (n2 > 0)
