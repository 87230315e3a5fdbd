"""Pre-hand stakes ``pre_hand_bet`` : shaanxi 下炮子, tianjin 坐庄 / 拉庄.

Scripted walls (tests/helpers.py ``make_wall``): seat 0 deals; its 14 tiles win at once (a
heavenly hand), or after a concealed kong and its replacement (杠开, with kong points), or seat
1 self-draws its first tile. The same wall is played with ``pre_hand_bet="none"`` for the base
payments; the stakes must change them exactly as the Tianjin and Shaanxi rules say.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import discard_drawn, make_wall

import mjsim
from mjsim.actions import (
    BET,
    KONG,
    N_ACTIONS,
    N_BET,
    PASS,
    WIN,
    action_from_name,
    action_name,
    decode,
    encode_bet,
)
from mjsim.engine import Game
from mjsim.engine.state import EV_ACT, PV_BET, decode_event, encode_event
from mjsim.rules import check_playable
from mjsim.variants import get

# steps a Game outside the "game" compile family: compile it under its lock (conftest)
pytestmark = pytest.mark.usefixtures("game_compiled")

HEAVENLY = make_wall({0: "123456789m123p5p"}, "5p", avoid="5p")
KONG_BLOOM = make_wall({0: "1111234567m123p"}, "5p", tail="5p", avoid="1m5p")
# seat 1 holds 123456789s 11z 22z and draws its third 2z: a self-draw on its first draw
SEAT1_DRAW = make_wall({0: "1112223334445m", 1: "123456789s1122z"}, "9p", draws="2z", avoid="2z")


def _play(wall: list[int], bets: list[int], script: str, **overrides) -> Game:
    g = Game("hebei", wall=wall, **overrides)
    if g.spec.pre_hand_bet != "none":
        assert g.phase == "bet" and g.current_player == 0
        for seat, k in enumerate(bets):
            assert g.current_player == seat
            g.step(BET + k)
    assert g.phase == "turn" and g.current_player == 0
    if script == "kong":
        g.step(KONG + 0)
    elif script == "seat1":
        discard_drawn(g)
        while g.phase == "react":
            g.step(PASS)
        assert g.current_player == 1
    g.step(WIN)
    assert g.done
    return g


@pytest.mark.parametrize(
    ("wall", "script"), [(HEAVENLY, "dealer"), (KONG_BLOOM, "kong"), (SEAT1_DRAW, "seat1")]
)
def test_tianjin_sit_and_pull_multiply_the_dealer_pairs(wall, script) -> None:
    base = _play(wall, [], script).payments.astype(np.int64)
    bets = [1, 2, 0, 1]  # the dealer sits; seat 1 拉 twice, seat 3 once
    g = _play(wall, bets, script, pre_hand_bet="sit_and_pull")
    assert [int(g.state.pv[0, p, PV_BET]) for p in range(4)] == bets
    mult = {1: 2 * 4, 2: 2 * 1, 3: 2 * 2}  # dealer <-> X: (坐庄 ? 2 : 1) x 2 ** 拉(X)
    w = g.winners[0]
    want = base.copy()
    for q in range(4):
        if q != w:
            # the dealer's pairs are multiplied, non-dealer pairs stay x 1
            want[q] = base[q] * (mult[q] if w == 0 else mult[w] if q == 0 else 1)
    want[w] = -sum(want[q] for q in range(4) if q != w)
    assert base[w] > 0 and list(g.payments) == list(want)


def test_paozi_adds_both_stakes_to_each_payment() -> None:
    base = _play(HEAVENLY, [], "dealer").payments.astype(np.int64)
    bets = [2, 0, 4, 1]
    g = _play(HEAVENLY, bets, "dealer", pre_hand_bet="paozi")
    want = [base[q] - (bets[0] + bets[q]) for q in range(4)]
    want[0] = -sum(want[1:])
    assert list(g.payments) == want and want[0] == base[0] + 2 * 3 + 0 + 4 + 1


def test_bet_mask_and_illegal_stakes() -> None:
    g = Game("hebei", wall=HEAVENLY, pre_hand_bet="sit_and_pull")
    assert g.legal_actions() == [BET, BET + 1]  # the dealer: sit or not
    with pytest.raises(ValueError, match="illegal"):
        g.step(BET + 2)
    g.step(BET + 1)
    assert g.legal_actions() == [BET, BET + 1, BET + 2]  # a non-dealer 拉 0-2 times
    g = Game("hebei", wall=HEAVENLY, pre_hand_bet="paozi")
    assert g.legal_actions() == [BET + k for k in range(5)]


def test_replay_validates_the_stakes() -> None:
    g = _play(HEAVENLY, [1, 0, 2, 1], "dealer", pre_hand_bet="sit_and_pull")
    rec = g.record
    again = mjsim.replay(rec)
    assert np.array_equal(again.state.pv, g.state.pv)
    ev = rec.events.copy()
    i = next(i for i, e in enumerate(ev) if decode_event(e)[0] == EV_ACT)
    ev[i] = encode_event(EV_ACT, 0, BET + 2)  # the dealer may only sit (1) or not (0)
    rec.events = ev
    with pytest.raises(ValueError, match=rf"event {i} .*illegal here; legal:"):
        mjsim.replay(rec)


def test_spec_validation_and_action_names() -> None:
    with pytest.raises(ValueError, match="pre_hand_bet"):
        get("hebei", pre_hand_bet="xiapao")
    with pytest.raises(ValueError, match="pre_hand_bet.*missing_suit_choice"):
        get("sichuan", pre_hand_bet="paozi")
    check_playable(get("tianjin"))
    assert get("tianjin").pre_hand_bet == "sit_and_pull"
    assert BET + N_BET <= N_ACTIONS and encode_bet(4) == 196 and decode(194) == ("bet", 2)
    assert action_name(193) == "bet 1" and action_from_name("bet 3") == BET + 3
    with pytest.raises(ValueError):
        encode_bet(5)


def test_self_play_with_stakes() -> None:
    # random seats stake at random; the compiled loop checks conservation, hand sizes, zero-sum
    # payments and the mask at every step
    rows = mjsim.simulate(
        "hebei", 200, ("random", "greedy") * 2, seed=5, threads=1, check=True, pre_hand_bet="paozi"
    )
    assert np.all(rows["error"] == 0) and (rows["n_winners"] > 0).sum() > 0
    pay = np.stack([rows[f"pay{p}"] for p in range(4)])
    assert np.all(pay.sum(axis=0) == 0)
