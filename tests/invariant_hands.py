"""Self-play over random hands with every invariant checked, shared by the variant tests.

``mjsim.simulate(..., check=True)`` checks at every step inside the compiled loop that the legal
mask is non-empty and holds the chosen action, that the tiles are conserved, that the hand sizes
are right and that the payments are zero-sum (:func:`mjsim.engine.invariants.check_invariants`);
a hand that breaks one has a non-zero ``error``. :func:`check_random_hands` plays the hands and
asserts that none did and that every hand's payments sum to 0 (``zero_sum``; riichi's drawn hands
leave deposits on the table). The variant's own value checks follow in its test file.

Every variant file keeps its samples: a CI-sized run (its hand count, seed and threads) and a
``slow`` run (:func:`check_slow_random_hands`: 10,000 hands, seed 7, run with ``--run-slow``).
"""

from __future__ import annotations

import numpy as np

import mjsim

SLOW_HANDS = 10_000  # hands of every variant's slow run
SLOW_SEED = 7


def check_random_hands(
    variant: str,
    n_hands: int,
    *,
    seed: int,
    threads: int | None = None,
    zero_sum: bool = True,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Play ``n_hands`` random hands of ``variant`` with the invariants checked at every step and
    assert that no hand broke one and (``zero_sum``) that every hand's payments sum to 0.

    Returns ``(rows, pays, won)``: the result rows of :func:`mjsim.simulate`, the payments
    int64[n_hands, 4] (seat order) and bool[n_hands], the hands with a winner.
    """
    rows = mjsim.simulate(variant, n_hands, seed=seed, threads=threads, check=True)
    assert np.all(rows["error"] == 0)
    pays = np.stack([rows[f"pay{p}"] for p in range(4)], axis=1)
    if zero_sum:
        assert np.all(pays.sum(axis=1) == 0)
    return rows, pays, rows["n_winners"] > 0


def check_slow_random_hands(variant: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`check_random_hands` over the slow sample: 10,000 hands, seed 7, every thread."""
    return check_random_hands(variant, SLOW_HANDS, seed=SLOW_SEED)
