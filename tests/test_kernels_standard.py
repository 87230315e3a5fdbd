"""Standard-shape win check: worked examples, exhaustive single-suit and random multi-suit hands
against the recursive brute force (tests/bruteforce.py), and hypothesis properties."""

from __future__ import annotations

import numba
import numpy as np
from bruteforce import (
    all_single_suit_hands,
    bf_is_standard_win,
    random_complete_like,
    random_hands,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from mjsim.kernels import (
    HONOR_CHOW_DRAGONS,
    HONOR_CHOW_WINDS,
    PAIR_258,
    PAIR_ANY,
    PAIR_NOT_28,
)
from mjsim.kernels.standard import is_standard_win
from mjsim.tiles import as_counts


def c34(text: str) -> np.ndarray:
    return np.asarray(as_counts(text), dtype=np.uint8)[:34].copy()


# ------------------------------------------------------------------------------------------------
# worked examples
# ------------------------------------------------------------------------------------------------


def test_worked_examples() -> None:
    # nine gates + any suit tile completes it
    for extra in "123456789":
        assert is_standard_win(c34(f"1112345678999m{extra}m"), 4, 0, PAIR_ANY, 0)
    assert not is_standard_win(c34("1112345678999m1p"), 4, 0, PAIR_ANY, 0)
    # 2-5-8 pair rule
    h = c34("123m456m789m123p55s")
    assert is_standard_win(h, 4, 0, PAIR_258, 0)
    h = c34("123m456m789m123p44s")
    assert is_standard_win(h, 4, 0, PAIR_ANY, 0)
    assert not is_standard_win(h, 4, 0, PAIR_258, 0)
    assert is_standard_win(h, 4, 0, PAIR_NOT_28, 0)
    h = c34("123m456m789m123p22s")
    assert not is_standard_win(h, 4, 0, PAIR_NOT_28, 0)
    assert is_standard_win(h, 4, 0, PAIR_258, 0)
    # honour pair: allowed except under the 2-5-8 rule
    h = c34("123m456m789m123p11z")
    assert is_standard_win(h, 4, 0, PAIR_NOT_28, 0)
    assert not is_standard_win(h, 4, 0, PAIR_258, 0)
    # wind chow (any three different winds) and dragon chow
    h = c34("124z567z123m456m99p")
    assert not is_standard_win(h, 4, 0, PAIR_ANY, 0)
    assert not is_standard_win(h, 4, 0, PAIR_ANY, HONOR_CHOW_WINDS)
    assert is_standard_win(h, 4, 0, PAIR_ANY, HONOR_CHOW_WINDS | HONOR_CHOW_DRAGONS)
    # 16-tile hand: 5 melds + pair
    h = c34("123456789m111p22s333z")
    assert is_standard_win(h, 5, 0, PAIR_ANY, 0)
    assert not is_standard_win(h, 4, 0, PAIR_ANY, 0)
    # after two exposed melds
    assert is_standard_win(c34("123m55p777s"), 2, 0, PAIR_ANY, 0)


def test_wild_examples() -> None:
    # 13 natural tiles + 1 wild: the wild completes a ready hand
    assert is_standard_win(c34("123m456m789m123p5s"), 4, 1, PAIR_ANY, 0)
    # two wilds form the pair
    assert is_standard_win(c34("123m456m789m123p"), 4, 2, PAIR_258, 0)
    # a wild may not stand for a fifth copy: 1111m + wild cannot be 111m + 11m
    h = c34("1111m456p789p123s")
    assert not is_standard_win(h, 4, 1, PAIR_ANY, 0)
    assert is_standard_win(c34("1112m456p789p123s"), 4, 1, PAIR_ANY, 0)
    # 4 wilds + 10 scattered tiles; 7 wilds + 7 tiles
    assert is_standard_win(c34("19m19p19s1234z"), 4, 4, PAIR_ANY, 0) is False
    assert is_standard_win(c34("1m4m7m2p5p8p3s6s9s1z"), 4, 4, PAIR_ANY, 0) is False
    assert is_standard_win(c34("13m46m79m2p"), 4, 7, PAIR_ANY, 0)


def test_wrong_totals_and_bad_counts() -> None:
    assert not is_standard_win(c34("123m456m789m123p5s"), 4, 0, PAIR_ANY, 0)
    bad = c34("123m456m789m123p55s")
    bad[0] = 5
    assert not is_standard_win(bad, 4, 0, PAIR_ANY, 0)


# ------------------------------------------------------------------------------------------------
# exhaustive single-suit comparison
# ------------------------------------------------------------------------------------------------


@numba.njit(cache=False)  # calls the recursive brute force: numba cannot cache that
def _count_mismatches(hands9: np.ndarray, offset: int, n_wild: int, pair_rule: int) -> np.ndarray:
    bad = np.zeros(hands9.shape[0], dtype=np.bool_)
    c = np.zeros(34, dtype=np.uint8)
    for i in range(hands9.shape[0]):
        c[:] = 0
        tot = 0
        for j in range(9):
            c[offset + j] = hands9[i, j]
            tot += hands9[i, j]
        n = (tot + n_wild - 2) // 3
        a = is_standard_win(c, n, n_wild, pair_rule, 0)
        b = bf_is_standard_win(c, n, n_wild, pair_rule, 0)
        bad[i] = a != b
    return bad


def test_exhaustive_single_suit_no_wilds() -> None:
    hands = all_single_suit_hands((2, 5, 8, 11, 14))
    assert hands.shape[0] == 45 + 1278 + 11385 + 48879 + 118800
    for pair_rule in (PAIR_ANY, PAIR_258, PAIR_NOT_28):
        bad = _count_mismatches(hands, 0, 0, pair_rule)
        assert not bad.any(), hands[bad][:5]


def test_exhaustive_single_suit_with_wilds() -> None:
    # tiles + wilds = 2, 5, 8, 11 (14 is covered by random tests; keeps the run short)
    for n_wild in (1, 2, 3):
        totals = tuple(t - n_wild for t in (2, 5, 8, 11) if t - n_wild >= 0)
        hands = all_single_suit_hands(totals)
        for pair_rule in (PAIR_ANY, PAIR_258):
            bad = _count_mismatches(hands, 9, n_wild, pair_rule)
            assert not bad.any(), (n_wild, pair_rule, hands[bad][:5])


def test_positive_count_single_suit() -> None:
    """The exhaustive test is not vacuous: known numbers of complete one-suit hands."""
    hands = all_single_suit_hands((14,))
    c = np.zeros((hands.shape[0], 34), dtype=np.uint8)
    c[:, :9] = hands
    wins = sum(bool(is_standard_win(row, 4, 0, PAIR_ANY, 0)) for row in c[:20000])
    assert wins > 0
    # every pure nine-gates wait hand is complete (9 positives among them)
    assert all(is_standard_win(c34(f"1112345678999m{k}m"), 4, 0, PAIR_ANY, 0) for k in "123456789")


# ------------------------------------------------------------------------------------------------
# random multi-suit hands with wilds, all rules
# ------------------------------------------------------------------------------------------------


@numba.njit(cache=False)
def _compare_batch(
    hands: np.ndarray, wilds: np.ndarray, n_melds: int, rules: np.ndarray
) -> tuple[int, int]:
    mismatches = 0
    positives = 0
    for i in range(hands.shape[0]):
        pr = rules[i, 0]
        hc = rules[i, 1]
        a = is_standard_win(hands[i], n_melds, wilds[i], pr, hc)
        b = bf_is_standard_win(hands[i], n_melds, wilds[i], pr, hc)
        if a != b:
            mismatches += 1
        if b:
            positives += 1
    return mismatches, positives


def _near_complete_with_wilds(
    rng: np.random.Generator, n: int, n_melds: int, hc: int
) -> tuple[np.ndarray, np.ndarray]:
    hands = random_complete_like(rng, n, n_melds, 1, hc)
    wilds = rng.integers(0, 4, size=n)
    for i in range(n):
        for _ in range(wilds[i]):
            nz = np.flatnonzero(hands[i])
            hands[i, rng.choice(nz)] -= 1
    return hands, wilds


def test_random_multi_suit_vs_bruteforce() -> None:
    rng = np.random.default_rng(20261129)
    total = 0
    for n_melds, n_tiles in ((4, 14), (5, 17)):
        for hc in (0, HONOR_CHOW_WINDS | HONOR_CHOW_DRAGONS):
            n = 30000 if n_melds == 4 else 6000
            hands, wilds = _near_complete_with_wilds(rng, n, n_melds, hc)
            rules = np.zeros((n, 2), dtype=np.int64)
            rules[:, 0] = rng.integers(0, 3, size=n)
            rules[:, 1] = hc
            mism, pos = _compare_batch(hands, wilds, n_melds, rules)
            assert mism == 0
            assert pos > n // 10  # the sample holds many complete hands
            total += n
            # plain wall draws (mostly negative)
            hands, wilds = random_hands(rng, n // 2, n_tiles, 3)
            rules = rules[: n // 2]
            mism, _ = _compare_batch(hands, wilds, n_melds, rules)
            assert mism == 0
            total += n // 2
    assert total >= 100_000


# ------------------------------------------------------------------------------------------------
# hypothesis
# ------------------------------------------------------------------------------------------------


@st.composite
def hands_with_wilds(draw: st.DrawFn) -> tuple[np.ndarray, int, int]:
    n_melds = draw(st.integers(0, 5))
    n_wild = draw(st.integers(0, min(8, 3 * n_melds + 2)))
    n_nat = 3 * n_melds + 2 - n_wild
    tiles = draw(st.lists(st.integers(0, 33), min_size=n_nat, max_size=n_nat))
    c = np.bincount(np.array(tiles, dtype=np.int64), minlength=34)
    c = np.minimum(c, 4)
    n_wild = 3 * n_melds + 2 - int(c.sum())
    return c.astype(np.uint8), n_melds, n_wild


@settings(max_examples=300, deadline=None)
@given(hands_with_wilds(), st.integers(0, 2), st.integers(0, 3))
def test_hypothesis_matches_bruteforce(h: tuple[np.ndarray, int, int], pr: int, hc: int) -> None:
    c, n_melds, n_wild = h
    if n_wild > 8:
        return
    assert is_standard_win(c, n_melds, n_wild, pr, hc) == bf_is_standard_win(
        c, n_melds, n_wild, pr, hc
    )


@settings(max_examples=200, deadline=None)
@given(hands_with_wilds(), st.integers(0, 2))
def test_hypothesis_wild_monotone(h: tuple[np.ndarray, int, int], pr: int) -> None:
    """Replacing a natural tile by a wild never breaks a complete hand."""
    c, n_melds, n_wild = h
    if n_wild >= 8 or not is_standard_win(c, n_melds, n_wild, pr, 0):
        return
    for k in np.flatnonzero(c):
        c2 = c.copy()
        c2[k] -= 1
        assert is_standard_win(c2, n_melds, n_wild + 1, pr, 0)
