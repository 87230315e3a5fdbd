"""Two engine bookkeeping checks, each against an exhaustive replay of real hands.

- ``Game.tiles_left`` (``tail - head``, the row column ``tiles_left``, the encoders' tiles-left
  plane) counts the live wall with the reserve kept back: exact (no off-by-one) and equal to the
  draws still possible when the variant keeps no reserve (guobiao: "荒牌每盘抓完第144张牌");
  hebei keeps 12 tiles back in whole stacks and ends with 13 in
  the wall. ``Game.draws_left`` is the number of tiles that can still be drawn.
- A record's ``wall`` is the whole shuffled wall: in flower variants the deal's flower
  replacements come from the tail, and a record that dropped those tail tiles could not be
  replayed (guobiao, 144 tiles with 8 flowers replaced from the wall end).
"""

from __future__ import annotations

import numpy as np
import pytest

import mjsim
from mjsim.engine import Game
from mjsim.engine.state import (
    EV_DEAL,
    EV_DRAW,
    EV_DRAW_TAIL,
    EV_FLOWER,
    TV_HEAD,
    TV_N_KONGS,
    TV_REC_N,
    TV_RESERVE_EXTRA,
    TV_TAIL,
    decode_event,
)


def _random_hand(g: Game, rng: np.random.Generator) -> list[tuple[int, ...]]:
    """Play ``g`` to the end with uniformly random legal actions; per decision point
    ``(tiles_left, draws_left, events so far, kongs so far, reserve extra so far)``."""
    seen = []
    while not g.done:
        tv = g.state.tv[0]
        seen.append(
            (
                g.tiles_left,
                g.draws_left,
                int(tv[TV_REC_N]),
                int(tv[TV_N_KONGS]),
                int(tv[TV_RESERVE_EXTRA]),
            )
        )
        g.step(int(rng.choice(g.legal_actions())))
    return seen


INDICATOR_END = {"wild_rule": "indicator", "wall_end_at_indicator": True}


@pytest.mark.parametrize(
    ("variant", "overrides", "kept_back"),
    [
        ("hebei", {}, 13),
        ("guobiao", {}, 0),
        # a wild indicator turned at the tail and out of play is not a live tile
        ("hebei", {"wild_rule": "indicator"}, 13),
        # normal draws stop at the indicator's stack (a tail replacement may pass it)
        ("guobiao", INDICATOR_END, None),
    ],
)
def test_draws_left_equals_the_draws_still_possible(
    variant: str, overrides: dict, kept_back: int | None
) -> None:
    drawn_hands = 0
    for seed in range(40):
        g = Game(variant, seed=seed, **overrides)
        if overrides:
            tv = g.state.tv[0]
            assert g.tiles_left == int(tv[TV_TAIL] - tv[TV_HEAD]) - 1  # the indicator
        rng = np.random.default_rng(seed)
        seen = _random_hand(g, rng)
        if g.win_kind != "none":
            continue
        drawn_hands += 1
        # the hand is drawn when nothing can be drawn any more
        assert g.draws_left == 0 and (kept_back is None or g.tiles_left <= kept_back)
        ev = [decode_event(int(e))[0] for e in g.record.events]
        tv = g.state.tv[0]
        for tiles, left, n, kongs, extra in seen:
            if kept_back is not None and tiles >= kept_back:
                assert tiles == left + kept_back
            if kept_back is None and EV_DRAW_TAIL in ev[n:]:
                continue
            # a later kong may enlarge the reserve (reserve_per_kong) or draw into it: the count
            # is "if no further kong is declared"
            if (kongs, extra) != (int(tv[TV_N_KONGS]), int(tv[TV_RESERVE_EXTRA])):
                continue
            later = sum(1 for k in ev[n:] if k in (EV_DRAW, EV_DRAW_TAIL))
            assert left == later, (seed, n, left, later)
    assert drawn_hands >= 5


def test_guobiao_records_replay_to_the_identical_state() -> None:
    want = Game("guobiao", record=False).spec.counts()
    full = [k for k in range(42) for _ in range(int(want[k]))]
    assert len(full) == 144
    with_flowers = 0
    for seed in range(200):
        g = Game("guobiao", seed=seed)
        _random_hand(g, np.random.default_rng(1000 + seed))
        rec = g.record
        ev = [decode_event(int(e)) for e in rec.events]
        deal_end = next(
            i for i, (k, _, _) in enumerate(ev) if k not in (EV_DEAL, EV_DRAW_TAIL, EV_FLOWER)
        )
        if any(k == EV_FLOWER for k, _, _ in ev[:deal_end]):
            with_flowers += 1
        assert sorted(rec.wall) == full
        back = mjsim.replay(rec)
        assert all(np.array_equal(x, y) for x, y in zip(back.state, g.state, strict=True)), seed
    assert with_flowers >= 100  # most guobiao deals hold a flower
