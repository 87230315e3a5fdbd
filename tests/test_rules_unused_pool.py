"""The unused pool in play (``opening_exchange``, ``final_ready_draws``;
two-player rules: "系统允许玩家选择需要换掉的麻将牌，不限张数"; "若有听牌则海底捞月")."""

from __future__ import annotations

import numpy as np
import pytest

import mjsim
from mjsim.actions import DISCARD, PASS, READY_DISCARD, WIN
from mjsim.engine import Game
from mjsim.engine.board import remaining
from mjsim.engine.invariants import check_invariants
from mjsim.engine.records import Record
from mjsim.engine.state import (
    EV_ACT,
    EV_POOL,
    PV_N_RIVER,
    PV_WON,
    TV_DRAWN,
    TV_FIRST_READY,
    TV_POOL_CUR,
    TV_POOL_END,
    TV_WIN_KIND,
    WK_SELF_DRAW,
    decode_event,
    encode_event,
)
from mjsim.engine.win_context import _fill_flags
from mjsim.scoring.context import F_LAST_WALL_TILE, F_POOL_DRAW, N_FLAGS
from mjsim.variants import get

TWO = dict(n_players=2, wall_tiles_used=71, wall_reserve=0, reserve_whole_stacks=False)
BOTH = dict(TWO, opening_exchange=True, final_ready_draws=2)

# seat 0 (dealer): 1m 4m 7m 1p 4p 7p 1s 4s 7s E S W N + 14th tile 白 (kind 33), far from ready;
# seat 1: 123m 456m 789m 23p 55s, ready on 1p / 4p (kinds 9, 12)
DEALER = [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 28, 29, 30]
NON_DEALER = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 22, 22]


def _wall(last: list[int]) -> list[int]:
    """A 136-tile wall: the two hands, the dealer's 14th (白), the first pool tile (9p, swapped in
    for the 白) and the top of the pool: the final ready draws take ``last`` in order (wall[135],
    wall[134], ...); the 44 live tiles hold no 1p / 4p (seat 1 cannot win before the wall runs
    out)."""
    left = [4] * 34
    fixed = DEALER + NON_DEALER + [33, 17] + last
    for k in fixed:
        left[k] -= 1
    live = [k for k in range(34) if k not in (9, 12) for _ in range(left[k])][:44]
    for k in live:
        left[k] -= 1
    rest = [k for k in range(34) for _ in range(left[k])]
    return DEALER + NON_DEALER + [33] + live + [17] + rest + last[::-1]


def _play(g: Game) -> None:
    """Seat 1 declares ready on its first turn; otherwise every seat discards what it drew and
    passes every claim, so the 44 live tiles run out."""
    while g.phase != "pool_draw" and not g.done:
        legal = g.legal_actions()
        drawn = int(g.state.tv[0, TV_DRAWN])
        if g.phase == "react":
            g.step(PASS)
        elif READY_DISCARD + drawn in legal:
            g.step(READY_DISCARD + drawn)
        else:
            g.step(DISCARD + drawn)
        assert check_invariants(g.state, g.rules, 0) == 0


def test_exchange_then_final_ready_draw_win() -> None:
    wall = _wall([26, 12])  # the first pool draw 9s does not complete seat 1's hand, then 4p
    g = Game("hebei", seed=0, wall=wall, dealer=0, **BOTH)
    s = g.state
    assert g.phase == "exchange" and g.current_player == 0
    # the dealer may swap any held kind, or pass
    assert set(g.legal_actions()) == {DISCARD + k for k in set(DEALER) | {33}} | {PASS}
    g.step(DISCARD + 33)  # 白 out, the first pool tile (9p) in
    assert s.hands[0, 0, 33] == 0 and s.hands[0, 0, 17] == 1 and s.wall[0, 71] == 33
    assert int(s.tv[0, TV_POOL_CUR]) == 72 and int(s.tv[0, TV_DRAWN]) == 17  # 9p is the 14th
    assert check_invariants(s, g.rules, 0) == 0
    g.step(PASS)
    assert g.phase == "exchange" and g.current_player == 1
    g.step(PASS)
    assert g.phase == "turn" and g.current_player == 0
    _play(g)
    # the wall ran out: seat 1, ready, drew 9s (discarded at once), then 4p completes its hand
    assert int(s.tv[0, TV_FIRST_READY]) == 2 and remaining(s, 0) == 0
    assert g.phase == "pool_draw" and g.current_player == 1
    assert sorted(g.legal_actions()) == [WIN, PASS]
    assert int(s.tv[0, TV_POOL_END]) == 134 and s.river[0, 1, s.pv[0, 1, PV_N_RIVER] - 1] == 26
    flags = np.zeros(N_FLAGS, np.int64)
    _fill_flags(s, g.rules, 0, 1, 12, WK_SELF_DRAW, -1, flags)
    assert flags[F_POOL_DRAW] == 2 and flags[F_LAST_WALL_TILE] == 1  # won on the 2nd pool draw
    g.step(WIN)
    assert g.done and s.pv[0, 1, PV_WON] == 1 and int(s.tv[0, TV_WIN_KIND]) == WK_SELF_DRAW
    assert check_invariants(s, g.rules, 0) == 0
    # replay rebuilds the exchange and the pool draws; a tampered pool tile is rejected
    assert np.array_equal(mjsim.replay(g.record).state.hands, s.hands)
    ev = list(g.record.events)
    i = next(j for j, e in enumerate(ev) if decode_event(e)[0] == EV_POOL)
    assert decode_event(ev[i - 1]) == (EV_ACT, 0, DISCARD + 33) and decode_event(ev[i]) == (
        EV_POOL,
        0,
        17,
    )
    ev[i] = encode_event(EV_POOL, 0, 16)
    bad = Record(**{**g.record.__dict__, "events": ev})
    with pytest.raises(ValueError, match=f"event {i}"):
        mjsim.replay(bad)


def test_final_ready_draws_miss_is_a_drawn_hand() -> None:
    g = Game("hebei", seed=0, wall=_wall([26, 25]), dealer=0, **BOTH)  # 9s, 8s: no win
    g.step(PASS)
    g.step(PASS)
    _play(g)
    s = g.state
    assert g.done and int(s.tv[0, TV_POOL_END]) == 134 and s.pv[0, 1, PV_WON] == 0  # nobody won
    assert check_invariants(s, g.rules, 0) == 0
    assert np.array_equal(mjsim.replay(g.record).state.hands, s.hands)


@pytest.mark.parametrize(
    ("kw", "field"),
    [
        (dict(n_players=2, opening_exchange=True), "opening_exchange"),
        (dict(n_players=2, final_ready_draws=1), "final_ready_draws"),
        (dict(TWO, final_ready_draws=-1), "final_ready_draws"),
        (dict(TWO, opening_exchange=1), "opening_exchange"),
        (dict(TWO, opening_exchange=True, missing_suit_choice=True), "missing_suit_choice"),
        (dict(TWO, wall_tiles_used=120, opening_exchange=True), "unused pool"),
        (dict(TWO, allow_ready=False, final_ready_draws=1), "allow_ready"),
    ],
)
def test_validation(kw: dict, field: str) -> None:
    with pytest.raises(ValueError, match=field):
        get("hebei", **kw)


def _random_hands(n: int) -> tuple[int, int]:
    """Play ``n`` two-player hands with both options: uniformly random legal actions, except
    that a seat declares ready whenever it can; assert the invariants (tile conservation, hand
    sizes, zero-sum payments) after every step. Returns (swaps made, hands with pool draws)."""
    rng = np.random.default_rng(5)
    n_swaps = n_pool = 0
    for seed in range(n):
        g = Game("hebei", seed=seed, **BOTH)
        s = g.state
        while not g.done:
            legal = g.legal_actions()
            ready = [a for a in legal if READY_DISCARD <= a < READY_DISCARD + 34]
            g.step(ready[0] if ready else int(rng.choice(legal)))
            assert check_invariants(s, g.rules, 0) == 0, seed
        n_swaps += int(s.tv[0, TV_POOL_CUR]) - 71
        n_pool += int(s.tv[0, TV_POOL_END] < 136)
    return n_swaps, n_pool


def test_random_hands_keep_invariants() -> None:
    n_swaps, n_pool = _random_hands(200)
    assert n_swaps > 200 and n_pool > 0  # (3087, 7) with these seeds
