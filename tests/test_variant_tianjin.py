"""The ``tianjin`` engine variant: spec fields and 1,000 self-play hands with greedy and random
seats (tile conservation, hand sizes, zero-sum payments and the legal mask checked at every step
by the compiled loop, self-draw wins only, the 2-番 minimum)."""

from __future__ import annotations

import numpy as np

import mjsim
from mjsim import variants
from mjsim.engine.state import WK_SELF_DRAW


def test_spec_fields() -> None:
    spec = variants.get("tianjin")
    assert spec.self_draw_only and not spec.allow_chow and spec.min_fan == 2
    assert spec.wild_offsets == (0, 1) and spec.wall_end_at_indicator
    assert spec.rob_kong == "none" and spec.wild_discard_penalty == "no_win"
    assert spec.tile_set == "136" and spec.win_shapes == ("standard",)


def test_self_play_invariants_and_values() -> None:
    # 1,000 hands, greedy and random seats; the compiled loop checks tile conservation, hand
    # sizes, zero-sum payments and the legal mask at every step (check=True)
    rows = mjsim.simulate("tianjin", 1000, ("greedy", "random") * 2, seed=7, threads=2, check=True)
    assert np.all(rows["error"] == 0)
    pay = np.stack([rows[f"pay{p}"] for p in range(4)])
    assert np.all(pay.sum(axis=0) == 0)
    won = rows["n_winners"] > 0
    assert won.sum() > 0
    assert np.all(rows["win_kind"][won] == WK_SELF_DRAW)  # self-draw only
    vals = np.stack([rows[f"value{p}"] for p in range(4)])
    assert np.all(vals.max(axis=0)[won] >= 2)  # the 2-番 minimum
