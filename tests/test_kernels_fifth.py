"""Wilds that may stand for a fifth copy of a kind (``SHAPE_WILD_FIFTH``, RuleSpec
``wild_fifth_copy``): win check, shanten and waits against brute force over the targets, the
default four-copy reading unchanged.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

import mjsim
from mjsim import kernels as K
from mjsim.kernels.batched import batch_is_win, batch_shanten
from mjsim.kernels.fifth import standard_distance_fifth
from mjsim.kernels.shanten import is_win, shanten
from mjsim.kernels.standard import BIG, standard_distance
from mjsim.kernels.waits import waits_detail
from mjsim.tiles import parse_tiles

STD = K.SHAPE_STANDARD
FIFTH = K.SHAPE_STANDARD | K.SHAPE_WILD_FIFTH


def counts(tiles: str) -> np.ndarray:
    c = np.zeros(34, np.uint8)
    for k in parse_tiles(tiles):
        c[k] += 1
    return c


def test_four_naturals_and_a_wild_read_as_pung_and_pair_only_with_the_option() -> None:
    # 5555m + a wild + 123p 456p 789p: 555m + 5m(wild) needs a fifth 5m
    hand = "5555m123p456p789p"
    assert not mjsim.is_winning(hand, wilds=1)
    assert mjsim.is_winning(hand, wilds=1, wild_fifth_copy=True)
    assert mjsim.shanten(hand, wilds=1) == 0
    assert mjsim.shanten(hand, wilds=1, wild_fifth_copy=True) == -1
    # without a wild both readings agree
    assert mjsim.shanten("5555m123p456p789p", wild_fifth_copy=True) == mjsim.shanten(
        "5555m123p456p789p"
    )


def test_ready_only_with_the_fifth_copy_and_its_waits() -> None:
    # 5555m + wild + 123p 456p 78p: 555m + 5m-wild pair + 123p 456p + 78p -> waits 6p / 9p
    # (or 3p: 123p 345p 678p); with four copies only a wild must complete 78p or pair: one short
    hand = "5555m123p456p78p"
    assert mjsim.shanten(hand, wilds=1) == 1
    assert mjsim.shanten(hand, wilds=1, wild_fifth_copy=True) == 0
    assert mjsim.waits(hand, wilds=1) == []
    assert mjsim.waits(hand, wilds=1, wild_fifth_copy=True) == ["3p", "6p", "9p"]


def test_wild_tiles_keyword_and_bad_combination() -> None:
    assert mjsim.is_winning("5555m123p456p789p7z", wild_tiles="7z", wild_fifth_copy=True)
    with pytest.raises(ValueError, match="wild_substitutes"):
        mjsim.shanten("5555m123p456p78p", wilds=1, wild_fifth_copy=True, wild_substitutes="simples")
    with pytest.raises(ValueError, match="wild_fifth_copy"):
        mjsim.shanten("5555m123p456p78p", wilds=1, wild_fifth_copy=1)
    both = STD | K.SHAPE_WILD_FIFTH | K.SHAPE_WILD_SIMPLES
    with pytest.raises(ValueError, match="SHAPE_WILD_FIFTH"):
        batch_is_win(np.zeros((1, 34), np.uint8), 0, 2, shapes=both)


def _targets(n_melds: int, pair_rule: int, honor_chow: int) -> list[np.ndarray]:
    """Every standard target (``n_melds`` melds + a pair), copies unbounded."""
    sets = [[k] * 3 for k in range(34)]
    sets += [[9 * s + j, 9 * s + j + 1, 9 * s + j + 2] for s in range(3) for j in range(7)]
    if honor_chow & 1:
        sets += [[w for w in range(27, 31) if w != left] for left in range(27, 31)]
    if honor_chow & 2:
        sets += [[31, 32, 33]]
    pairs = [k for k in range(34) if _pair_ok(k, pair_rule)]
    out = []
    for combo in itertools.combinations_with_replacement(range(len(sets)), n_melds):
        base = np.zeros(34, np.int64)
        for i in combo:
            for k in sets[i]:
                base[k] += 1
        for p in pairs:
            h = base.copy()
            h[p] += 2
            out.append(h)
    return out


def _pair_ok(k: int, pair_rule: int) -> bool:
    if pair_rule == K.PAIR_ANY:
        return True
    if k >= 27:
        return pair_rule != K.PAIR_258
    r = k % 9
    return r in (1, 4, 7) if pair_rule == K.PAIR_258 else r not in (1, 7)


@pytest.mark.parametrize("n_melds", [1, 2])
def test_distance_and_win_match_brute_force_over_every_target(n_melds: int) -> None:
    # small hands (1 or 2 melds + pair): the fifth-copy distance = min over every target H of
    # |H - hand| with at most n_wild copies beyond the fourth; the default distance = the same
    # over targets within four copies; complete <=> shanten -1 <=> is_win
    rng = random.Random(n_melds)
    kinds = [0, 1, 2, 3, 4, 12, 13, 27, 28, 29, 31, 32, 33]
    for pair_rule in (K.PAIR_ANY, K.PAIR_258, K.PAIR_NOT_28):
        for honor_chow in (0, 3):
            targets = np.array(_targets(n_melds, pair_rule, honor_chow))
            excess = np.maximum(targets - 4, 0).sum(axis=1)
            for _ in range(25):
                w = rng.choice([1, 1, 2, 3])
                size = 3 * n_melds + rng.choice([1, 2]) - w
                c = np.zeros(34, np.uint8)
                while c.sum() < size:
                    k = rng.choice(kinds)
                    if c[k] < 4:
                        c[k] += 1
                miss = np.maximum(targets - c.astype(np.int64), 0).sum(axis=1)
                want = int(miss[excess <= w].min())
                want4 = int(miss[targets.max(axis=1) <= 4].min())
                got = standard_distance_fifth(c, n_melds, w, pair_rule, honor_chow)
                assert got == want, (np.flatnonzero(c), w, pair_rule, honor_chow)
                assert standard_distance(c, n_melds, pair_rule, honor_chow) == want4
                sh = shanten(c, n_melds, w, pair_rule, honor_chow, FIFTH)
                assert sh == max(want - w - 1, -1)
                if c.sum() + w == 3 * n_melds + 2:
                    assert bool(is_win(c, n_melds, w, pair_rule, honor_chow, FIFTH)) == (want == w)


def test_waits_and_shanten_agree_with_the_win_check_on_random_hands() -> None:
    # a 13-tile hand with wilds: ready (shanten 0) <=> some drawable tile completes it; the
    # listed waits are exactly those tiles; never worse than the four-copy reading
    rng = random.Random(7)
    pool = [4, 4, 4, 13, 13, 22] + list(range(27))
    kinds = np.zeros(34, np.bool_)
    exhausted = np.zeros(34, np.bool_)
    for _ in range(300):
        w = rng.choice([1, 1, 2])
        c = np.zeros(34, np.uint8)
        while c.sum() < 13 - w:
            k = rng.choice(pool)
            if c[k] < 4:
                c[k] += 1
        completes = []
        for x in range(34):
            if c[x] < 4:
                c[x] += 1
                if is_win(c, 4, w, 0, 0, FIFTH):
                    completes.append(x)
                c[x] -= 1
        sh = shanten(c, 4, w, 0, 0, FIFTH)
        assert (sh == 0) == bool(completes)
        assert sh <= shanten(c, 4, w, 0, 0, STD)
        waits_detail(c, 4, w, 0, 0, FIFTH, kinds, exhausted)
        assert list(np.flatnonzero(kinds)) == completes


def test_batched_kernels_take_the_modifier() -> None:
    hands = np.stack([counts("5555m123p456p789p"), counts("5555m123p456p78p")])
    assert batch_is_win(hands[:1], 4, 1, shapes=STD).tolist() == [False]
    assert batch_is_win(hands[:1], 4, 1, shapes=FIFTH).tolist() == [True]
    assert batch_shanten(hands[1:], 4, 1, shapes=FIFTH).tolist() == [0]
    assert batch_shanten(hands[1:], 4, 1, shapes=STD).tolist() == [1]
    assert standard_distance_fifth(counts("5m"), 9, 1, 0, 0) == BIG  # meld count out of range
