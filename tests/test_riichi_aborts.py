"""riichi abortive draws (``riichi_aborts``): 九種九牌 (action
``NINE_TERMINALS``), 四風連打, 四家立直, 四槓散了 on scripted walls; each ends the hand with no
payments, the dealer staying and the honba counter + 1 (deposits stay on the table)."""

from __future__ import annotations

import pytest
from helpers import make_wall

import mjsim
from mjsim.actions import KONG, NINE_TERMINALS, READY_DISCARD
from mjsim.engine import Game
from mjsim.engine.state import TV_NEXT_DEALER, TV_NEXT_REPEAT, TV_RC_ABORT, TV_RC_POT

V = "riichi"


def _aborted(g: Game) -> None:
    tv = g.state.tv[0]
    assert g.done and g.winners == [] and int(tv[TV_RC_ABORT]) == 1
    assert int(tv[TV_NEXT_DEALER]) == 0 and int(tv[TV_NEXT_REPEAT]) == 1


def test_field_validates() -> None:
    assert mjsim.variants.get(V).riichi_aborts
    with pytest.raises(ValueError, match="riichi_aborts"):
        mjsim.variants.get("hebei", riichi_aborts=True, allow_ready=False)


def test_nine_terminals() -> None:
    w = make_wall({0: "19m19p19s1234567z"}, "5m")
    g = Game(V, wall=w)
    assert NINE_TERMINALS in g.legal_actions()
    assert NINE_TERMINALS not in Game(V, wall=w, riichi_aborts=False).legal_actions()
    g.step(NINE_TERMINALS)
    _aborted(g)
    assert list(g.payments) == [0, 0, 0, 0]
    assert list(g.legal_actions()) == []  # the hand is over


FOUR_WINDS = {
    0: "1z1m4m7m2p5p8p3s6s9s2z3z4z",
    1: "1z2m5m8m3p6p9p1s4s7s5z6z7z",
    2: "1z3m6m9m1p4p7p2s5s8s2z3z4z",
    3: "1z1m4m7m2p5p8p3s6s9s5z6z7z",
}


def test_four_winds() -> None:
    g = Game(V, wall=make_wall(FOUR_WINDS, "9m"))
    for _ in range(4):
        assert not g.done
        g.step(27)  # each seat's first discard is East
    _aborted(g)
    assert list(g.payments) == [0, 0, 0, 0]
    # without the rule play goes on
    g = Game(V, wall=make_wall(FOUR_WINDS, "9m"), riichi_aborts=False)
    for _ in range(4):
        g.step(27)
    assert not g.done


FOUR_RIICHI = {
    0: "123m456m789m11p45s",
    1: "234p567p111s99s78m",
    2: "234s567s111z22z78p",
    3: "333z444z555z66z12s",
}


def test_four_riichi_carries_the_deposits() -> None:
    g = Game(V, wall=make_wall(FOUR_RIICHI, "7z", draws="7z7z7z"))
    for _ in range(4):
        assert not g.done
        g.step(READY_DISCARD + 33)  # riichi, discarding the drawn 7z
    _aborted(g)
    assert list(g.payments) == [-1000] * 4 and int(g.state.tv[0, TV_RC_POT]) == 4000
    g.next_hand()
    assert int(g.state.tv[0, TV_RC_POT]) == 4000  # carried to the next hand's winner


def test_four_kongs_by_two_seats() -> None:
    hands = {0: "1111m2222m1p9p5z6z7z", 1: "3333m4444m2p8p1z2z3z"}
    g = Game(V, wall=make_wall(hands, "1s", tail="5s5s5s5s"))
    g.step(KONG + 0)
    g.step(KONG + 1)
    g.step(31)  # dealer discards 5z
    assert g.current_player == 1
    g.step(KONG + 2)
    g.step(KONG + 3)
    assert not g.done
    g.step(27)  # the discard after the fourth kong is not won on: abortive draw
    _aborted(g)
