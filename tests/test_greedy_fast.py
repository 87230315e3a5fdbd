"""The greedy bot's one-kind-changed shanten (``agents/greedy.py`` ``_sh_one_kind``) gives exactly
the numbers of the full computation (``_sh`` / ``standard_distance``) it replaces in the
live-wait and discard loops: random hands of every size, every pair rule and honour-chow
setting, every single-kind change, and the rules of every registered variant."""

from __future__ import annotations

import numba as nb
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mjsim.agents.greedy import N_CODES, _one_kind_prep, _sh, _sh_one_kind

from mjsim import variants
from mjsim.kernels.standard import (
    add_group,
    distance_with_group,
    group_code,
    others_distance,
    rest_distance,
    standard_distance,
)
from mjsim.kernels.tables import MAX_M


@nb.njit(cache=False)
def _random_hand(rng_state, n_tiles, c):
    """``n_tiles`` tiles drawn without replacement from 4 copies of 34 kinds (xorshift)."""
    c[:] = 0
    x = rng_state[0]
    placed = 0
    while placed < n_tiles:
        x ^= (x << np.uint64(13)) & np.uint64(0xFFFFFFFFFFFFFFFF)
        x ^= x >> np.uint64(7)
        x ^= (x << np.uint64(17)) & np.uint64(0xFFFFFFFFFFFFFFFF)
        k = np.int64(x % np.uint64(34))
        if c[k] < 4:
            c[k] += 1
            placed += 1
    rng_state[0] = x


@nb.njit(cache=False)
def _kernel_mismatches(n_hands, seed):
    """Hands of 3n+1 / 3n+2 tiles (n = 0..5): every +-1 change of one kind, every rule setting;
    and the two-step others (``rest_distance`` of two groups out, then ``add_group`` of one
    of them, as the greedy bot's live-wait loop builds them) equal ``others_distance``;
    returns (mismatches, comparisons)."""
    rng = np.array([np.uint64(seed) * np.uint64(2654435761) + np.uint64(1)], dtype=np.uint64)
    c = np.zeros(34, dtype=np.uint8)
    codes = np.empty(4, dtype=np.int64)
    others = np.empty((2, MAX_M), dtype=np.int64)
    two = np.empty((2, MAX_M), dtype=np.int64)
    bad = 0
    n_cmp = 0
    for i in range(n_hands):
        n = i % MAX_M
        base = 3 * n + 1 + (i // MAX_M) % 2
        _random_hand(rng, base, c)
        for g in range(4):
            codes[g] = group_code(c, g)
        for pr in range(3):
            for hc in range(4):
                for g in range(4):
                    others_distance(codes, g, n, pr, hc, others)
                    for h in range(4):
                        if h == g:
                            continue
                        rest_distance(codes, g, h, n, pr, hc, two)
                        add_group(h, codes[h], n, pr, hc, two)
                        n_cmp += 1
                        for p in range(2):
                            for m in range(n + 1):
                                if two[p, m] != others[p, m]:
                                    bad += 1
                                    break
                for x in range(34):
                    for delta in (-1, 1):
                        if (delta < 0 and c[x] == 0) or (delta > 0 and c[x] >= 4):
                            continue
                        g = x // 9 if x < 27 else 3
                        others_distance(codes, g, n, pr, hc, others)
                        c[x] += delta
                        fast = distance_with_group(g, group_code(c, g), others, n, pr, hc)
                        full = standard_distance(c, n, pr, hc)
                        c[x] -= delta
                        n_cmp += 1
                        if fast != full:
                            bad += 1
    return bad, n_cmp


def test_distance_with_group_equals_standard_distance() -> None:
    bad, n_cmp = _kernel_mismatches(600, 11)
    assert n_cmp > 250_000
    assert bad == 0


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 33), min_size=1, max_size=14),
    st.integers(0, 33),
    st.integers(0, 2),
    st.integers(0, 3),
)
def test_one_group_changed_hypothesis(tiles: list[int], x: int, pr: int, hc: int) -> None:
    c = np.zeros(34, dtype=np.uint8)
    for k in tiles:
        if c[k] < 4:
            c[k] += 1
    if c[x] >= 4:
        return
    tot = int(c.sum()) + 1
    n = (tot - 1) // 3 if tot % 3 == 1 else (tot - 2) // 3
    if not 0 <= n < MAX_M:
        return
    codes = np.array([group_code(c, g) for g in range(4)], dtype=np.int64)
    g = x // 9 if x < 27 else 3
    others = np.empty((2, MAX_M), dtype=np.int64)
    others_distance(codes, g, n, pr, hc, others)
    c[x] += 1
    assert distance_with_group(g, group_code(c, g), others, n, pr, hc) == standard_distance(
        c, n, pr, hc
    )


@nb.njit(cache=False)
def _greedy_mismatches(r, n_hands, seed):
    rng = np.array([np.uint64(seed) * np.uint64(40503) + np.uint64(7)], dtype=np.uint64)
    c = np.zeros(34, dtype=np.uint8)
    codes = np.empty(N_CODES, dtype=np.int64)
    others = np.empty((4, 2, MAX_M), dtype=np.int64)
    have = np.zeros(4, dtype=np.bool_)
    bad = 0
    n_cmp = 0
    for i in range(n_hands):
        n_tiles = (13, 14, 10, 11, 7, 8, 4, 5, 16, 17)[i % 10]
        _random_hand(rng, n_tiles, c)
        for delta in (-1, 1):
            nm = _one_kind_prep(r, c, 0, False, delta, codes)
            if nm < 0:
                continue
            have[:] = False
            for x in range(34):
                if (delta < 0 and c[x] == 0) or (delta > 0 and c[x] >= 4):
                    continue
                c[x] += delta
                if _sh_one_kind(r, c, x, nm, codes, others, have) != _sh(r, c, 0):
                    bad += 1
                n_cmp += 1
                c[x] -= delta
    return bad, n_cmp


@pytest.mark.parametrize("variant", variants.names())
def test_sh_one_kind_equals_sh(variant: str) -> None:
    r = variants.get(variant).compile()
    bad, n_cmp = _greedy_mismatches(r, 3000, 5)
    assert bad == 0
    # fan-rich mode (guobiao's 8 fan, ningbo's 4 台): the fast path is off
    assert n_cmp > 0 or variant in ("guobiao", "ningbo")
