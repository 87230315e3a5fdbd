"""riichi in the engine: scripted deals (riichi + ippatsu self-draw, furiten-blocked ron, double
ron, triple ron = abortive draw) cross-checked with ``mjsim.score("riichi", ...)``, and invariants
over random self-play (tile conservation, zero-sum payments counting the deposits on the table).

Deal order of a scripted wall (docs/engine.md): seats from the dealer take 13 tiles each from the
head, then the dealer one more; normal draws continue from the head.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import make_wall
from invariant_hands import check_random_hands

import mjsim
from mjsim.actions import PASS, READY_DISCARD, WIN
from mjsim.engine import Game
from mjsim.engine.state import TV_RC_ABORT, TV_RC_POT
from mjsim.scoring.riichi_yaku import Y_IPPATSU, Y_PINFU, Y_RIICHI, Y_TSUMO

# steps a Game outside the "game" compile family: compile it under its lock (conftest)
pytestmark = pytest.mark.usefixtures("game_compiled")

V = "riichi"


def drawn(g: Game) -> int:
    return int(g.state.tv[0, 20])


def pass_all(g: Game) -> None:
    while g.phase == "react":
        g.step(PASS)


def indicators(wall: list[int], n: int = 1) -> tuple[list[int], list[int]]:
    return [wall[136 - 5 - i] for i in range(n)], [wall[136 - 10 - i] for i in range(n)]


def test_spec_is_playable() -> None:
    spec = mjsim.variants.get(V)
    spec.compile()
    mjsim.rules.spec.check_playable(spec)
    with pytest.raises(ValueError, match="dora"):
        spec.replace(wall_reserve=0)


def test_riichi_ippatsu_self_draw() -> None:
    w = make_wall({0: "123m456m789p22s45s"}, "1z", draws="2z3z4z 7z 2z3z4z 6s")
    g = Game(V, wall=w, red_fives=(0, 0, 0))  # the example counts no red fives
    g.step(27)  # dealer discards 1z (no riichi on the first discard: not a double riichi)
    for _ in range(3):
        pass_all(g)
        g.step(drawn(g))
    pass_all(g)
    assert g.current_player == 0 and drawn(g) == 33
    g.step(READY_DISCARD + 33)  # riichi, discarding the drawn 7z
    assert int(g.state.tv[0, TV_RC_POT]) == 1000
    for _ in range(3):
        pass_all(g)
        g.step(drawn(g))
    pass_all(g)
    assert g.current_player == 0 and drawn(g) == 23 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [0]
    items = g.items[0]
    assert items[Y_RIICHI] == 1 and items[Y_IPPATSU] == 1
    assert items[Y_TSUMO] == 1 and items[Y_PINFU] == 1
    dora, ura = indicators(w)
    ref = mjsim.score(
        V,
        "123m456m789p22s456s",
        win_tile="6s",
        self_drawn=True,
        riichi=True,
        ippatsu=True,
        dora_indicators=dora,
        ura_dora_indicators=ura,
        deposits=1,
    )
    # the dealer paid its 1000 deposit and takes it back as the winner
    assert list(g.payments) == [ref.payments[0] - 1000, *ref.payments[1:]]
    assert int(g.state.tv[0, TV_RC_POT]) == 0


def _furiten_game(furiten: bool) -> Game:
    # seat 1 waits on 3s-6s, self-draws 3s and discards it (furiten); seat 2 then discards 6s
    w = make_wall({1: "123m456m789p22s45s"}, "1z", draws="3s 6s")
    g = (
        Game(V, wall=w)
        if furiten
        else Game(mjsim.variants.get(V, own_discard_lockout="none"), wall=w)
    )
    g.step(27)
    pass_all(g)
    assert g.current_player == 1 and drawn(g) == 20 and WIN in g.legal_actions()
    g.step(20)  # discard the winning 3s instead
    pass_all(g)
    assert g.current_player == 2 and drawn(g) == 23
    g.step(23)
    return g


def test_furiten_blocks_ron() -> None:
    g = _furiten_game(True)
    assert not (g.phase == "react" and g.current_player == 1 and WIN in g.legal_actions())
    g = _furiten_game(False)
    assert g.phase == "react" and g.current_player == 1 and WIN in g.legal_actions()


def _multi_ron(n_waiting: int) -> Game:
    hands = {1: "123m456m789p22s45s", 2: "123p456p789m77s45s", 3: "789s456p123m99m45s"}
    hands = {p: h for p, h in hands.items() if p <= n_waiting}
    w = make_wall(hands, "6s")
    g = Game(V, wall=w, red_fives=(0, 0, 0))  # the examples count no red fives
    g.step(23)  # the dealer discards its 14th tile, 6s
    while g.phase == "react":
        g.step(WIN if WIN in g.legal_actions() else PASS)
    return g


def test_double_ron() -> None:
    g = _multi_ron(2)
    assert g.done and g.winners == [1, 2] and g.win_kind == "discard"
    w = make_wall({1: "123m456m789p22s45s", 2: "123p456p789m77s45s"}, "6s")
    dora, _ura = indicators(w)
    r1 = mjsim.score(
        V,
        "123m456m789p22s456s",
        win_tile="6s",
        seat=1,
        seat_wind="S",
        discarder=0,
        dora_indicators=dora,
    )
    r2 = mjsim.score(
        V,
        "123p456p789m77s456s",
        win_tile="6s",
        seat=2,
        seat_wind="W",
        discarder=0,
        dora_indicators=dora,
    )
    assert list(g.payments) == [-(r1.cost + r2.cost), r1.cost, r2.cost, 0]


def test_triple_ron_is_an_abortive_draw() -> None:
    g = _multi_ron(3)
    assert g.done and g.winners == [] and int(g.state.tv[0, TV_RC_ABORT]) == 1
    assert list(g.payments) == [0, 0, 0, 0]
    assert int(g.state.tv[0, 36]) == 0  # the dealer stays


def test_invariants_over_random_hands() -> None:
    # tile conservation, hand sizes and zero-sum payments (deposits on the table included) are
    # checked at every step (check=True)
    res, pays, won = check_random_hands(V, 1000, seed=11, threads=2, zero_sum=False)
    assert won.sum() > 0
    # a win takes the deposits: zero-sum; a drawn hand leaves 1000 per riichi on the table
    assert np.all(pays[won].sum(axis=1) == 0)
    assert np.all(pays[~won].sum(axis=1) % 1000 == 0) and np.all(pays[~won].sum(axis=1) <= 0)
    # every win pays at least 1000 (1 han 30 fu ron) to the winner
    assert np.all(res["value"][won] >= 240)


@pytest.mark.parametrize(
    ("hand", "ready"),
    [
        # 1111m + three chows: the only wait would be a fifth 1m, so the hand is not ready
        ("1111m234p567p789s", False),
        # 1112m + three chows: waits 2m (single) and 3m (12m + pair 11m)
        ("1112m234p567p789s", True),
    ],
)
def test_no_riichi_on_a_fifth_copy_wait(hand: str, ready: bool) -> None:
    """A hand whose only wait is a fifth copy of a kind it holds four times is not ready (the
    most common published rule; docs/riichi.md "Ready hands"): no riichi declaration with it."""
    w = make_wall({0: hand}, "1z", draws="2z3z4z 7z")
    g = Game(V, wall=w)
    legal = g.legal_actions()
    assert 27 in legal  # discarding the 1z is legal either way
    assert (READY_DISCARD + 27 in legal) == ready
