"""Decompositions: worked examples, a Python brute-force enumeration, invariants."""

from __future__ import annotations

import itertools

import numpy as np
from bruteforce import pair_allowed, random_complete_like
from hypothesis import given, settings
from hypothesis import strategies as st

from mjsim.kernels import (
    HONOR_CHOW_DRAGONS,
    HONOR_CHOW_WINDS,
    PAIR_258,
    PAIR_ANY,
    SET_CHOW,
    SET_HONOR_CHOW,
    SET_NONE,
    SET_PAIR,
    SET_PUNG,
)
from mjsim.kernels.decompose import decompose
from mjsim.kernels.standard import is_standard_win
from mjsim.tiles import as_counts


def c34(text: str) -> np.ndarray:
    return np.asarray(as_counts(text), dtype=np.uint8)[:34].copy()


def run(
    c: np.ndarray, n_melds: int = 4, n_wild: int = 0, pr: int = 0, hc: int = 0, cap: int = 4096
):  # type: ignore[no-untyped-def]
    out = np.zeros((cap, 6, 3), dtype=np.int8)
    n = decompose(c, n_melds, n_wild, pr, hc, out)
    return n, out


def as_set(out: np.ndarray, n: int, n_melds: int) -> set[tuple]:
    res = set()
    for i in range(n):
        rows = [tuple(int(x) for x in out[i, r]) for r in range(n_melds + 1)]
        res.add((rows[0], tuple(sorted(rows[1:]))))
    return res


# ------------------------------------------------------------------------------------------------
# brute force: enumerate multisets of sets (each given by its member kinds) that equal the hand
# plus the kinds the wilds stand for; the wilds are then attached to sets in every distinct way
# ------------------------------------------------------------------------------------------------


def _set_types(hc: int) -> list[tuple[int, int, tuple[int, ...]]]:
    out = [(SET_PUNG, k, (k, k, k)) for k in range(34)]
    out += [(SET_CHOW, k, (k, k + 1, k + 2)) for s in range(3) for k in range(9 * s, 9 * s + 7)]
    if hc & HONOR_CHOW_WINDS:
        for left in range(27, 31):
            out.append((SET_HONOR_CHOW, left, tuple(w for w in range(27, 31) if w != left)))
    if hc & HONOR_CHOW_DRAGONS:
        out.append((SET_HONOR_CHOW, 31, (31, 32, 33)))
    return out


def _exact(target: np.ndarray, n_melds: int, pr: int, hc: int) -> list[list[tuple]]:
    """Every (pair, melds) multiset whose tiles are exactly ``target``."""
    types = [t for t in _set_types(hc) if all(target[k] > 0 for k in t[2])]
    res = []

    def rec(c: np.ndarray, start: int, left: int, acc: list) -> None:
        if left == 0:
            if c.sum() == 0:
                res.append(list(acc))
            return
        for i in range(start, len(types)):
            ty, tile, mem = types[i]
            ok = True
            for k in mem:
                c[k] -= 1
            if (c < 0).any():
                ok = False
            if ok:
                acc.append((ty, tile, mem))
                rec(c, i, left - 1, acc)
                acc.pop()
            for k in mem:
                c[k] += 1

    for p in range(34):
        if target[p] >= 2 and pair_allowed(p, pr):
            c = target.astype(np.int64).copy()
            c[p] -= 2
            rec(c, 0, n_melds, [(SET_PAIR, p, (p, p))])
    return res


def brute_decompositions(c: np.ndarray, n_melds: int, n_wild: int, pr: int, hc: int) -> set[tuple]:
    found = set()
    for wk in itertools.combinations_with_replacement(range(34), n_wild):
        target = c.astype(np.int64).copy()
        for k in wk:
            target[k] += 1
        if target.max() > 4:
            continue
        for sets in _exact(target, n_melds, pr, hc):
            # attach each wild (standing for kind k) to one member slot of kind k, in every way
            slots = [(i, j) for i, (_, _, mem) in enumerate(sets) for j, k in enumerate(mem)]
            for choice in itertools.product(
                *[[s for s in slots if sets[s[0]][2][s[1]] == k] for k in wk]
            ):
                if len(set(choice)) < len(choice):
                    continue  # two wilds in one slot
                w = [0] * len(sets)
                for i, _ in choice:
                    w[i] += 1
                rows = [(ty, tile, w[i]) for i, (ty, tile, _) in enumerate(sets)]
                found.add((rows[0], tuple(sorted(rows[1:]))))
    return found


# ------------------------------------------------------------------------------------------------


def test_worked_examples() -> None:
    n, out = run(c34("111222333m456p55s"))
    assert n == 2
    got = as_set(out, n, 4)
    assert ((SET_PAIR, 22, 0), ((1, 0, 0), (1, 0, 0), (1, 0, 0), (1, 12, 0))) in got
    assert ((SET_PAIR, 22, 0), ((1, 12, 0), (2, 0, 0), (2, 1, 0), (2, 2, 0))) in got
    n, out = run(c34("11223344556677m"))
    assert n == 3  # pair 1m, 4m or 7m
    assert {d[0][1] for d in as_set(out, n, 4)} == {0, 3, 6}
    assert run(c34("123m456m789m123p5s"))[0] == 0  # not complete
    # rows beyond n_melds are SET_NONE; the pair row first
    n, out = run(c34("123m55p777s"), n_melds=2)
    assert n == 1
    assert out[0, 0].tolist() == [SET_PAIR, 13, 0]
    assert out[0, 3].tolist() == [SET_NONE, -1, 0]
    # honour chows: tile of a wind chow = the wind left out
    n, out = run(c34("123z567z123m456m99p"), hc=HONOR_CHOW_WINDS | HONOR_CHOW_DRAGONS)
    assert n == 1
    rows = sorted(tuple(r) for r in out[0, 1:5].tolist())
    assert (SET_HONOR_CHOW, 30, 0) in rows and (SET_HONOR_CHOW, 31, 0) in rows
    # wilds: one wild completing a single wait on 5s
    n, out = run(c34("123m456m789m123p5s"), n_wild=1)
    assert n == 1 and out[0, 0].tolist() == [SET_PAIR, 22, 1]
    # 16-tile hand
    n, out = run(c34("123456789m111p22s333z"), n_melds=5)
    assert n == 1


def test_capacity_overflow_returns_total() -> None:
    c = c34("123m456m789m")
    n_all, out_all = run(c, n_wild=5, cap=10000)
    n, out = run(c, n_wild=5, cap=7)
    assert n == n_all > 7
    assert (out == out_all[:7]).all()


def _check(c: np.ndarray, n_melds: int, n_wild: int, pr: int, hc: int) -> int:
    n, out = run(c, n_melds, n_wild, pr, hc)
    got = as_set(out, n, n_melds)
    assert len(got) == n  # distinct
    ref = brute_decompositions(c, n_melds, n_wild, pr, hc)
    assert got == ref
    assert (n > 0) == bool(is_standard_win(c, n_melds, n_wild, pr, hc))
    for i in range(n):
        assert int(out[i, : n_melds + 1, 2].sum()) == n_wild
    return n


def test_vs_bruteforce_random_complete() -> None:
    rng = np.random.default_rng(17)
    total = 0
    for n_melds, n_hands in ((4, 50), (5, 16), (1, 40)):
        for pr, hc in ((PAIR_ANY, 0), (PAIR_258, 3)):
            hands = random_complete_like(rng, n_hands, n_melds, 0, hc)
            for i, h in enumerate(hands):
                n_wild = i % (3 if n_melds == 1 else 2)  # brute force is slow with 2 wilds
                for _ in range(n_wild):
                    h[rng.choice(np.flatnonzero(h))] -= 1
                total += _check(h, n_melds, n_wild, pr, hc)
    assert total > 100


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 17), min_size=5, max_size=5), st.integers(0, 1))
def test_hypothesis_small_hands(tiles: list[int], n_wild: int) -> None:
    c = np.minimum(np.bincount(np.array(tiles[: 5 - n_wild]), minlength=34), 4).astype(np.uint8)
    if int(c.sum()) + n_wild != 5:
        return
    _check(c, 1, n_wild, PAIR_ANY, 0)
