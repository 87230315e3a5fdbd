"""Vectorised self-play: invariants over >= 10,000 random hands, determinism, result table."""

from __future__ import annotations

import re

import numba
import numpy as np
import pytest
from invariant_hands import check_random_hands

import mjsim
from mjsim.selfplay import RESULT_DTYPE


def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    # check=True runs, at every step inside the compiled loop: mask non-empty, chosen action in
    # the mask, tile conservation, hand sizes, zero-sum payments (mjsim.engine.invariants.check_invariants)
    r, pays, _ = check_random_hands("hebei", 10_000, seed=7)
    assert r.dtype == RESULT_DTYPE and len(r) == 10_000
    drawn = r["win_kind"] == 0
    assert np.all(pays[drawn] == 0)  # hebei: kong payments void on a drawn hand
    assert np.all((r["tiles_left"][drawn] == 12) | (r["tiles_left"][drawn] == 13))
    assert np.all(r["tiles_left"] >= 12)
    assert set(np.unique(r["win_kind"])) <= {0, 1, 2}  # no robbing a kong in hebei
    won = ~drawn
    assert np.all(r["n_winners"][won] >= 1) and np.all(r["value"][won] >= 1)
    assert np.all(r["item0"][won] == 0)  # first item is the basic win


def test_same_seed_same_result_for_any_thread_count() -> None:
    if numba.config.NUMBA_NUM_THREADS < 2:
        pytest.skip("needs 2 numba threads")
    a = mjsim.simulate("hebei", 3000, seed=11, threads=1)
    b = mjsim.simulate("hebei", 3000, seed=11, threads=2)
    c = mjsim.simulate("hebei", 3000, seed=11, threads=2, chunk=1000)
    # more workers than cores and an odd chunk: the dynamic blocks land on any table and worker
    e = mjsim.simulate("hebei", 3000, seed=11, threads=3, chunk=777)
    assert np.array_equal(a, b) and np.array_equal(a, c) and np.array_equal(a, e)
    d = mjsim.simulate("hebei", 3000, seed=12, threads=2)
    assert not np.array_equal(a, d)


def test_result_converts_to_pandas() -> None:
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame(mjsim.simulate("hebei", 200, seed=1))
    assert len(df) == 200 and {"winners", "win_kind", "pay0", "decisions", "tiles_left"} <= set(df)


def test_overrides_and_bad_arguments() -> None:
    r = mjsim.simulate("hebei", 300, seed=2, self_draw_only=True)
    assert not np.any(r["win_kind"] == 2)
    with pytest.raises(ValueError, match="unknown agent"):
        mjsim.simulate("hebei", 10, agents=("random", "oracle", "random", "random"))
    with pytest.raises(ValueError, match="valid ids"):
        mjsim.simulate("nowhere", 10)


def test_agents_and_counts_at_the_python_boundary() -> None:
    """``agents="greedy"`` is one agent for every seat (it was split into six letters), a
    shorter list repeats as on the command line, and ``n_hands`` must be an integer (``1e5``
    and ``10.5`` were truncated silently)."""
    from mjsim._args import seat_agents

    one = mjsim.simulate("sichuan", 6, agents="greedy", seed=3, threads=1)
    four = mjsim.simulate("sichuan", 6, agents=["greedy"] * 4, seed=3, threads=1)
    assert np.array_equal(one, four)
    pair = mjsim.simulate("hebei", np.int64(4), ("greedy", "random"), seed=3, threads=1)
    assert np.array_equal(pair, mjsim.simulate("hebei", 4, "greedy,random,greedy,random", seed=3))
    assert seat_agents("greedy, random", 4) == ["greedy", "random"] * 2
    assert seat_agents(["random"], 3) == ["random"] * 3
    # the default agents fill any seat count (a 4-name default failed for 2 and 3 players)
    for n in (2, 3):
        rows = mjsim.simulate("sichuan", 4, seed=3, threads=1, n_players=n)
        assert len(rows) == 4 and np.all(rows["error"] == 0)
    for bad, msg in [
        (1e5, "n_hands=100000.0 must be an integer >= 0, not float"),
        (10.5, "n_hands=10.5 must be an integer >= 0, not float"),
        (True, "n_hands=True must be an integer >= 0, not bool"),
        (-1, "n_hands=-1 must be an integer >= 0"),
    ]:
        with pytest.raises(ValueError, match=re.escape(msg)):
            mjsim.simulate("hebei", bad)
    with pytest.raises(ValueError, match=re.escape("agents: 3 given for 4 seats")):
        mjsim.simulate("hebei", 4, agents=["greedy", "random", "greedy"])
    with pytest.raises(ValueError, match="unknown agent 'greed'"):
        mjsim.simulate("hebei", 4, agents="greed")
    with pytest.raises(ValueError, match=re.escape("threads=0 must be an integer >= 1")):
        mjsim.simulate("hebei", 4, threads=0)


@pytest.mark.parametrize(
    "overrides",
    [
        # chow from the left, no chow-and-discard-the-same, robbing added kongs, head bump
        dict(
            allow_chow=True,
            chow_left_only=True,
            forbid_chow_same_discard=True,
            rob_kong="added",
            multi_winner="nearest",
        ),
        # 144 tiles with bonus flowers replaced from the tail, 16-tile hands
        dict(tile_set="144", flowers="bonus", hand_size=16, allow_chow=True, chow_left_only=True),
        # fixed wild tiles (Red dragon), ready required, whole-hand lockout, robbing any kong
        dict(
            wild_rule="fixed",
            wild_tiles=(33,),
            must_be_ready=True,
            missed_win_lockout="whole_hand",
            rob_kong="added_and_concealed",
        ),
        # restrictive requirements and payments on a draw, rotating dealer
        dict(
            suit_rule="missing_one",
            must_have_terminal=True,
            min_fan=2,
            kong_payment_timing="at_end",
            dealer_rotation="rotate",
            reserve_per_kong=2,
        ),
    ],
)
def test_rule_variations_keep_every_invariant(overrides: dict) -> None:
    # the same compiled loop plays every spec (rules are data): invariants hold at every step
    r = mjsim.simulate("hebei", 400, seed=3, check=True, **overrides)
    assert np.all(r["error"] == 0)
    pays = np.stack([r[f"pay{p}"] for p in range(4)], axis=1)
    assert np.all(pays.sum(axis=1) == 0)
    if overrides.get("multi_winner") == "nearest":
        assert np.all(r["n_winners"] <= 1)
    if "min_fan" in overrides:
        assert np.all(r["value"][r["win_kind"] > 0] >= 2)


def test_block_sizes_hold_whole_matches() -> None:
    """``simulate``'s dynamic blocks: about ``BLOCKS_PER_WORKER`` per worker, never a split
    match, never empty."""
    from mjsim.selfplay import BLOCKS_PER_WORKER, _block_hands

    assert _block_hands(1000, 2, 1) == 1000 // (2 * BLOCKS_PER_WORKER)
    assert _block_hands(5, 4, 1) == 1
    for m in (1, 7, 16, 100, 1000, 4096):
        for threads in (1, 2, 3, 8):
            for match in (1, 4, 16):
                blk = _block_hands(m * match, threads, match)
                assert blk >= match and blk % match == 0
