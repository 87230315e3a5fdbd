"""Carry-over between hands : the riichi honba counter
(``repeat_counter="honba"``) and the deposit pool carried over drawn hands (``carry_deposits``).

Scripted: the dealer declares riichi with the discard three seats win on (triple ron = abortive
draw), so the next hand starts with 1 honba and 1000 on the table; a single ron then pays
``mjsim.score("riichi", ..., honba=1, deposits=1)``. Matches of greedy self-play: the rows'
``repeat`` column follows the honba rule and every win takes exactly the deposits carried in.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import discard_drawn, make_wall

import mjsim
from mjsim.actions import PASS, READY_DISCARD, WIN
from mjsim.engine import Game
from mjsim.engine.records import from_jsonl, to_jsonl
from mjsim.engine.state import (
    TV_LEVEL,
    TV_NEXT_LEVEL,
    TV_NEXT_STAKE,
    TV_RC_ABORT,
    TV_RC_POT,
    TV_RC_POT_IN,
    TV_REPEAT,
    TV_STAKE,
)

# steps a Game outside the "game" compile family: compile it under its lock (conftest)
pytestmark = pytest.mark.usefixtures("game_compiled")

V = "riichi"
HANDS = {0: "1112223334445z", 1: "123m456m789p22s45s", 2: "123p456p789m77s45s"}
HANDS3 = {**HANDS, 3: "789s456p123m99m45s"}


def test_fields_validate() -> None:
    spec = mjsim.variants.get(V)
    assert spec.repeat_counter == "honba" and spec.carry_deposits
    with pytest.raises(ValueError, match="repeat_counter"):
        spec.replace(repeat_counter="bogus")
    with pytest.raises(ValueError, match="carry_deposits"):
        mjsim.variants.get("hebei", carry_deposits=True)  # no ready deposit to carry


def _wall() -> list[int]:
    return make_wall(HANDS3, "6s")


def test_abortive_draw_carries_honba_and_deposit() -> None:
    w = _wall()
    g = Game(V, wall=w, red_fives=(0, 0, 0))  # the example counts no red fives
    g.step(READY_DISCARD + 23)  # the dealer declares riichi with 6s: 1000 on the table
    assert int(g.state.tv[0, TV_RC_POT]) == 1000
    while g.phase == "react":
        g.step(WIN)
    assert g.done and g.winners == [] and int(g.state.tv[0, TV_RC_ABORT]) == 1
    assert list(g.payments) == [-1000, 0, 0, 0]  # the deposit stays on the table
    g.next_hand()  # same scripted wall; the dealer stays after an abortive draw
    tv = g.state.tv[0]
    assert int(tv[TV_REPEAT]) == 1 and int(tv[TV_RC_POT]) == 1000 and int(tv[TV_RC_POT_IN]) == 1000
    g.step(23)  # plain discard of 6s; only seat 1 wins it
    while g.phase == "react":
        g.step(WIN if g.current_player == 1 else PASS)
    assert g.done and g.winners == [1]
    dora = [w[136 - 5]]
    ref = mjsim.score(
        V,
        HANDS[1] + "6s",
        win_tile="6s",
        seat=1,
        seat_wind="S",
        discarder=0,
        dora_indicators=dora,
        honba=1,
        deposits=1,
    )
    assert list(g.payments) == list(ref.payments)  # +300 honba, +1000 carried deposit
    assert sum(g.payments) == 1000 and int(g.state.tv[0, TV_RC_POT]) == 0
    assert list(g.scores) == [-1000 - ref.cost, ref.cost + 1000, 0, 0]
    # the record carries the deposits in: it replays, also through JSON lines
    rec = g.record
    assert rec.deposits == 1000 and from_jsonl(to_jsonl(rec)).deposits == 1000
    assert list(mjsim.replay(to_jsonl(rec)).payments) == list(g.payments)
    # the honba counter resets after a non-dealer win
    assert int(g.state.tv[0, 37]) == 0


def test_matches_follow_honba_and_pot() -> None:
    m = 8
    # must_be_ready: the greedy bot declares riichi whenever it can (it does not otherwise), so
    # drawn hands leave deposits on the table
    res = mjsim.simulate(
        V, 320, agents=("greedy",), seed=5, threads=2, check=True, match_hands=m, must_be_ready=True
    )
    assert np.all(res["error"] == 0)
    pays = np.stack([res[f"pay{p}"] for p in range(4)], axis=1).sum(axis=1)
    pot = 0
    carried_win = passed_with_honba = 0
    for h in range(len(res)):
        if h % m == 0:
            pot = 0
            assert res["repeat"][h] == 0
        else:
            prev = res[h - 1]
            dealer_won = (int(prev["winners"]) >> int(prev["dealer"])) & 1
            want = prev["repeat"] + 1 if prev["n_winners"] == 0 or dealer_won else 0
            assert res["repeat"][h] == want, h
            if res["repeat"][h] > 0 and res["dealer"][h] != prev["dealer"]:
                passed_with_honba += 1  # a drawn hand passed the deal and kept the honba
        if res["n_winners"][h] > 0:
            assert pays[h] == pot, h  # the first winner takes the deposits carried in
            carried_win += pot > 0
            pot = 0
        else:
            assert pays[h] <= 0 and pays[h] % 1000 == 0
            pot -= pays[h]
    assert carried_win > 0 and passed_with_honba > 0


def _play_to_draw(g: Game) -> None:
    while not g.done:
        if g.phase == "react":
            g.step(PASS)
        else:
            discard_drawn(g)


def test_dealer_level_and_stake() -> None:
    # the dealer's 14 tiles are complete: it wins at once in the fourth hand
    w = make_wall({0: "123m456m789m123p5p"}, "5p")
    g = Game("hebei", wall=w, dealer_level_max=2, draw_dealer_stake=4)
    ref = Game("hebei", wall=w)
    for lv, st in ((1, 4), (2, 8), (2, 12)):
        _play_to_draw(g)
        _play_to_draw(ref)
        assert g.winners == [] and list(g.payments) == list(ref.payments)
        tv = g.state.tv[0]
        assert (int(tv[TV_NEXT_LEVEL]), int(tv[TV_NEXT_STAKE])) == (lv, st)
        g.next_hand()
        ref.next_hand()
        assert (int(g.state.tv[0, TV_LEVEL]), int(g.state.tv[0, TV_STAKE])) == (lv, st)
    g.step(WIN)
    ref.step(WIN)
    assert g.winners == [0] == ref.winners
    # 上楼 level 2: x4; the dealer stake 12 on each of the three payments
    base = list(ref.payments)
    assert base[0] > 0
    assert list(g.payments) == [4 * base[0] + 36, *(4 * x - 12 for x in base[1:])]
    assert list(mjsim.replay(to_jsonl(g.record)).payments) == list(g.payments)
    # a dealer win keeps the stake and the capped level
    tv = g.state.tv[0]
    assert (int(tv[TV_NEXT_LEVEL]), int(tv[TV_NEXT_STAKE])) == (2, 12)
    with pytest.raises(ValueError, match="dealer_level_max"):
        mjsim.variants.get("hebei", dealer_level_max=9)
    with pytest.raises(ValueError, match="draw_dealer_stake"):
        mjsim.variants.get("hebei", draw_dealer_stake=-4)
