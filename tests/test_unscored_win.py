"""A win the engine allows but the rule set's fan table has no reading of is not paid as 0
unnoticed: the winner's value is -1 and it is an invariant violation (code 5 of
``mjsim.engine.invariants.check_invariants``), which ``mjsim.simulate(..., check=True)`` reports
as ``error`` 5 and ``mjsim check`` as ``unscored_win``."""

from __future__ import annotations

import helpers
import numpy as np

import mjsim
from mjsim.actions import WIN
from mjsim.engine import Game
from mjsim.engine.invariants import check_invariants
from mjsim.soak import INVARIANT_KINDS

#: hebei_basic's table reads the standard shape only; with thirteen orphans among the spec's win
#: shapes the engine allows a win the table cannot read
SHAPES = ("standard", "thirteen_orphans")


def _unreadable_win() -> Game:
    """The dealer is dealt thirteen orphans (1m twice) and wins on the deal."""
    g = Game(
        "hebei_basic", wall=helpers.make_wall({0: "19m19p19s1234567z"}, "1m"), win_shapes=SHAPES
    )
    assert WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [0]
    return g


def test_a_win_the_fan_table_cannot_read_is_an_invariant_violation():
    g = _unreadable_win()
    assert int(g.values[0]) == -1  # no reading, not a hand value of 0
    assert g.payments.tolist() == [0, 0, 0, 0]  # paid as 0
    assert check_invariants(g.state, g.rules, 0) == 5
    assert INVARIANT_KINDS[5] == "unscored_win"


def test_a_readable_win_is_no_violation():
    g = Game("hebei_basic", wall=helpers.make_wall({0: "123m 456p 789s 111z 2z"}, "2z"))
    g.step(WIN)
    assert g.done and int(g.values[0]) > 0
    assert check_invariants(g.state, g.rules, 0) == 0


def test_self_play_with_check_reports_those_hands():
    """Seven pairs allowed by the spec but not read by hebei_basic's table: ``simulate(...,
    check=True)`` stops exactly the hands won that way with ``error`` 5; without ``check`` they
    are still marked by the winner's value -1."""
    kw = dict(agents="greedy", seed=1, win_shapes=("standard", "seven_pairs"))
    for check in (True, False):
        rows = mjsim.simulate("hebei_basic", 2000, check=check, **kw)
        unscored = np.stack([rows[f"value{p}"] for p in range(4)], 1).min(1) < 0
        assert unscored.sum() > 0
        assert ((rows["error"] == 5) == (unscored & check)).all()
