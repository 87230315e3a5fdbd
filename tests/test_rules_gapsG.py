"""Fuzhou / ningbo flowers and wilds (docs/spec_gaps.md G53d, G21, G11, G19).

Scripted walls: seats from the dealer (seat 0) take ``hand_size`` consecutive tiles from the
head, the dealer one more; replacement draws come from the tail (the last position first).
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from mjsim.engine import Game, core
from mjsim.engine.state import TV_RESERVE_EXTRA
from mjsim.rules import RuleSpec
from mjsim.rules.params import P_RESERVE_PER_FLOWER_QUAD
from mjsim.variants import get


def scripted_wall(spec: RuleSpec, head: list[int], tail: list[int] = ()) -> list[int]:
    """The spec's tile multiset: ``head`` from position 0 (the deal), ``tail`` at the end (its
    LAST entry is the first replacement draw), the rest in between: suited tiles nearest the
    tail, so that replacement draws after ``tail`` do not draw flowers."""
    pool = Counter({k: c for k, c in enumerate(spec.counts()) if c})
    for k in [*head, *tail]:
        pool[k] -= 1
        assert pool[k] >= 0, f"too many copies of kind {k}"
    rest = [k for k in sorted(pool, reverse=True) for _ in range(pool[k])]
    return [*head, *rest, *tail]


# ------------------------------------------------------------------ G53d reserve_per_flower_quad
FUZHOU_LIKE = dict(honors_are_flowers=True, reserve_whole_stacks=False, wall_reserve=12)


def _quads(g: Game) -> int:
    s = g.state
    return sum(core.honor_flowers(s, 0, p, k) == 4 for p in range(4) for k in range(27, 34))


@pytest.mark.parametrize("per_quad", [0, 2])
def test_four_identical_honour_flowers_enlarge_the_reserve(per_quad: int) -> None:
    spec = get("hebei", reserve_per_flower_quad=per_quad, **FUZHOU_LIKE)
    # seat 1 is dealt four 南 (1 Z = kind 28); seat 2 three 白 and one more later: no quad
    suits = [k for k in range(27) for _ in range(4)]
    head = suits[:13] + [28] * 4 + suits[13:22] + [31] * 3 + suits[22:32] + suits[32:46]
    g = Game(spec, wall=scripted_wall(spec, head))
    s = g.state
    assert core.honor_flowers(s, 0, 1, 28) == 4 and core.honor_flowers(s, 0, 2, 31) == 3
    assert int(s.tv[0, TV_RESERVE_EXTRA]) == per_quad
    # random play: the extra reserve is always per_quad x the quads set aside so far
    rng = np.random.default_rng(0)
    while not g.done:
        g.step(int(rng.choice(g.legal_actions())))
        assert core.check_invariants(s, g.rules, 0) == 0
        kongs_extra = 0  # hebei: reserve_per_kong = 0
        assert int(s.tv[0, TV_RESERVE_EXTRA]) == per_quad * _quads(g) + kongs_extra


def test_reserve_per_flower_quad_in_random_hands() -> None:
    spec = get("hebei", reserve_per_flower_quad=2, **FUZHOU_LIKE)
    seen = 0
    for seed in range(60):
        g = Game(spec, seed=seed)
        rng = np.random.default_rng(seed)
        while not g.done:
            g.step(int(rng.choice(g.legal_actions())))
        seen += _quads(g)
        assert int(g.state.tv[0, TV_RESERVE_EXTRA]) == 2 * _quads(g)
        # the hand ends when the live wall reaches the enlarged reserve (or a win)
        if not g.winners:
            assert g.tiles_left <= 12 + 2 * _quads(g)
    assert seen > 0


def test_reserve_per_flower_quad_validation_names_the_field() -> None:
    with pytest.raises(ValueError, match="reserve_per_flower_quad"):
        RuleSpec(reserve_per_flower_quad=-1)
    with pytest.raises(ValueError, match="reserve_per_flower_quad.*honors_are_flowers"):
        RuleSpec(reserve_per_flower_quad=2)
    assert (
        get("hebei", reserve_per_flower_quad=2, honors_are_flowers=True)
        .compile()
        .params[P_RESERVE_PER_FLOWER_QUAD]
        == 2
    )
