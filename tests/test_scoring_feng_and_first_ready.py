"""The context patterns honor_tiles_out (放风 / 补风 tiles put out) and ready_first_discard
(天听): a fan table reads them from the win context, and the engine fills them."""

from __future__ import annotations

import helpers

from mjsim.actions import READY_SHOWN
from mjsim.engine import Game
from mjsim.engine.state import PV_RC_DOUBLE
from mjsim.scoring.fan_table import FanTable, compile_table
from mjsim.scoring.table_score import score_with_table


def _table():
    rows = (
        {"zh": "和", "when": "win", "value": 1},
        {"zh": "风", "when": "honor_tiles_out", "value": 10},
        {"zh": "天听", "when": "ready_first_discard", "value": 100},
    )
    return compile_table(FanTable(name="probe", rows=rows))


def test_the_patterns_count_the_flags() -> None:
    import numpy as np

    from mjsim.scoring.api import build_win
    from mjsim.scoring.context import F_HONOR_TILES_OUT, F_READY_FIRST_DISCARD

    win = build_win("123m456m789m234p55s", win_tile="5s", self_drawn=True)
    flags = win.flags.copy()
    r = score_with_table(_table(), win.concealed, win.melds, win.win_tile, flags)
    assert r.value == 1
    flags[F_HONOR_TILES_OUT] = 4
    flags[F_READY_FIRST_DISCARD] = 1
    r = score_with_table(_table(), win.concealed, win.melds, win.win_tile, flags)
    assert r.value == 1 + 40 + 100 and r.counts["honor_tiles_out"] == 4
    assert np.int64(r.counts["ready_first_discard"]) == 1


def test_a_ready_declared_with_the_first_discard_is_marked_in_any_family() -> None:
    # yantai: the dealer declares 明楼 with its first discard (天听)
    wall = helpers.make_wall({0: "123m456m789m234p5s"}, "7z", draws="5z 6z 7z 5s", flowers=8)
    g = Game("yantai", wall=wall)
    g.step(READY_SHOWN + 33)
    assert int(g.state.pv[0, 0, PV_RC_DOUBLE]) == 1
    assert int(g.state.pv[0, 1, PV_RC_DOUBLE]) == 0
