"""Red fives (``red_fives``) as tiles of the wall: the spec field, the copies tracked through
draws, discards, calls and kongs (tile conservation with the red count at every step), a red
five called and scored as aka dora, records and their replay.

Deal order (docs/engine.md): seats from the dealer take 13 consecutive tiles each from
``wall[0]``, then the dealer one more; draws continue from the head.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from helpers import make_wall

import mjsim
from mjsim.actions import PASS, PUNG, WIN
from mjsim.engine import Game
from mjsim.engine.invariants import check_invariants
from mjsim.engine.records import from_jsonl, to_jsonl
from mjsim.engine.replay import replay
from mjsim.engine.state import (
    EV_RED,
    PV_RED_HAND,
    PV_RED_MELD,
    PV_RED_RIVER,
    TV_TILE_RED,
    decode_event,
)
from mjsim.scoring.riichi_yaku import Y_AKA_DORA

pytestmark = pytest.mark.usefixtures("game_compiled")


# ------------------------------------------------------------------------------- the spec field
def test_riichi_presets_have_one_red_five_of_each_suit_and_wrc_none() -> None:
    assert mjsim.variants.get("riichi").red_fives == (1, 1, 1)
    assert mjsim.variants.get("riichi_mahjongsoul").red_fives == (1, 1, 1)
    assert mjsim.variants.get("riichi_wrc").red_fives == (0, 0, 0)
    assert mjsim.variants.get("sichuan").red_fives == (0, 0, 0)
    assert mjsim.variants.get("riichi", red_fives=[1, 2, 1]).red_fives == (1, 2, 1)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ((1, 1), "must be three integers"),
        ((5, 1, 1), "5 red 5m but the tile set has 4 copies"),
        ((1, -1, 1), "-1 red 5p"),
        ((1, True, 1), "red_fives"),
    ],
)
def test_bad_red_fives_are_refused_naming_the_field(value: object, message: str) -> None:
    with pytest.raises(ValueError, match="red_fives") as e:
        mjsim.variants.get("riichi", red_fives=value)
    assert message in str(e.value)


def test_red_fives_need_the_riichi_scorer() -> None:
    with pytest.raises(ValueError, match="red_fives=.*needs scoring='riichi'"):
        mjsim.variants.get("sichuan", red_fives=(1, 0, 0))


# -------------------------------------------------------------------- conservation in random play
def _red_total(g: Game) -> int:
    """Red fives in hands, melds and rivers (claimed discards aside) and the live wall."""
    s = g.state
    pos = g.red_positions
    head, tail = int(s.tv[0, 2]), int(s.tv[0, 3])
    n = sum(1 for p in pos if head <= p < tail)
    for p in range(4):
        n += int(s.pv[0, p, PV_RED_HAND : PV_RED_HAND + 3].sum())
        n += int(s.pv[0, p, PV_RED_MELD : PV_RED_MELD + 3].sum())
        for i in range(int(s.pv[0, p, 10])):
            red = (int(s.pv[0, p, PV_RED_RIVER + i // 24]) >> (i % 24)) & 1
            if red and not s.river_flags[0, p, i] & 1:
                n += 1
    return n


@pytest.mark.parametrize("red_fives", [(1, 1, 1), (2, 1, 4)])
def test_red_fives_are_conserved_at_every_step_of_random_play(
    red_fives: tuple[int, int, int],
) -> None:
    rng = np.random.default_rng(7)
    moved = 0
    for seed in range(30):
        g = Game("riichi", seed=seed, red_fives=red_fives)
        assert len(g.red_positions) == sum(red_fives)
        for _ in range(400):
            assert check_invariants(g.state, g.rules, 0) == 0
            assert _red_total(g) == sum(red_fives)
            if g.done:
                break
            g.step(int(rng.choice(g.legal_actions())))
        rec = g.record
        moved += sum(1 for e in rec.events if decode_event(e)[0] == EV_RED)
        again = replay(from_jsonl(to_jsonl(rec)))  # the record replays, red fives included
        assert np.array_equal(again.state.pv, g.state.pv)
    assert moved > 0


def test_without_red_fives_nothing_is_marked_or_recorded() -> None:
    g = Game("riichi_wrc", seed=3)
    assert g.red_positions == []
    assert "red" not in json.loads(to_jsonl(g.record).splitlines()[0])


# ------------------------------------------------------------------ a red five called and scored
def _pung_red_game() -> tuple[Game, list[int]]:
    """The dealer holds the red 5m and discards it; seat 1 (55m 777z 234p 56p 22s 9s) pungs it,
    discards 9s and waits on 4p / 7p (red dragon pung: a yaku); seat 2 draws 4p."""
    w = make_wall(
        {0: "1359m1379p13579s", 1: "55m777z234p56p22s9s"},
        "9p",
        draws="4p",
        avoid="5m4p7p9s",
    )
    red = [w.index(4)]  # the dealer's 5m (the first 5m of the wall)
    assert red[0] < 13
    return Game("riichi", wall=w, red=red, red_fives=(1, 0, 0)), w


def _react(g: Game, winner: int | None = None, caller: int | None = None, call: int = PASS):
    while g.phase == "react":
        p = g.current_player
        g.step(WIN if p == winner else (call if p == caller else PASS))
        assert check_invariants(g.state, g.rules, 0) == 0


def test_a_called_red_five_goes_into_the_meld_and_scores_one_han_of_aka_dora() -> None:
    g, _w = _pung_red_game()
    s = g.state
    assert s.pv[0, 0, PV_RED_HAND] == 1
    g.step(4)  # the dealer discards 5m: its only five, the red one
    assert s.tv[0, TV_TILE_RED] == 1 and s.pv[0, 0, PV_RED_HAND] == 0
    assert s.pv[0, 0, PV_RED_RIVER] & 1 == 1  # river entry 0 is red
    assert "0m" in g.render(False, all_hands=True)
    _react(g, caller=1, call=PUNG)
    assert s.pv[0, 1, PV_RED_MELD] == 1 and s.pv[0, 1, PV_RED_HAND] == 0
    assert "pung[055m]" in g.render(False, all_hands=True)
    g.step(26)  # seat 1 discards 9s
    _react(g)
    assert g.current_player == 2 and g.state.tv[0, 20] == 12  # seat 2 drew 4p
    g.step(12)
    _react(g, winner=1)
    assert g.done and g.winners == [1]
    assert int(g.items[1, Y_AKA_DORA]) == 1
    rec = g.record
    assert rec.red == [_w.index(4)]
    again = replay(to_jsonl(rec))
    assert int(again.items[1, Y_AKA_DORA]) == 1
    assert again.payments.tolist() == g.payments.tolist()


def test_the_plain_five_is_discarded_before_the_red_one() -> None:
    w = make_wall(
        {0: "1559m1379p13579s", 1: "23m777z234p56p22s9s"},
        "9p",
        avoid="5m",
    )
    red = [w.index(4)]
    g = Game("riichi", wall=w, red=red, red_fives=(1, 0, 0))
    s = g.state
    assert s.pv[0, 0, PV_RED_HAND] == 1 and s.hands[0, 0, 4] == 2
    g.step(4)  # a 5m: the plain copy goes, the red one stays
    assert s.tv[0, TV_TILE_RED] == 0 and s.pv[0, 0, PV_RED_HAND] == 1
    assert s.pv[0, 0, PV_RED_RIVER] == 0
    assert check_invariants(s, g.rules, 0) == 0


def test_a_scripted_wall_string_marks_its_red_fives() -> None:
    w = make_wall({0: "1359m1379p13579s"}, "9p")
    text = " ".join(f"{k % 9 + 1}{'mps'[k // 9]}" if k < 27 else f"{k - 26}z" for k in w)
    i = w.index(13)  # the first 5p: write it as 0p
    parts = text.split()
    parts[i] = "0p"
    g = Game("riichi", wall=" ".join(parts), red_fives=(0, 1, 0))
    assert g.red_positions == [i]
    with pytest.raises(ValueError, match="red 5p but the spec has red_fives"):
        Game("riichi", wall=w, red=[], red_fives=(0, 1, 0))
    with pytest.raises(ValueError, match="not a five"):
        Game("riichi", wall=w, red=[0 if w[0] not in (4, 13, 22) else 1], red_fives=(0, 1, 0))


# ------------------------------------------------------------------------------ observations
def test_planes_v4_shows_the_red_fives_each_seat_may_see() -> None:
    from mjsim.envs import encoders as enc

    g, _w = _pung_red_game()
    v4 = enc.get_encoder("planes-v4")
    obs = v4.encode(g.state, g.rules, 0, 0)
    assert obs.shape == (enc.N_PLANES_V4, 34)
    np.testing.assert_array_equal(
        obs[: enc.N_PLANES_V3], enc.get_encoder("planes-v3").encode(g.state, g.rules, 0, 0)
    )
    assert obs[enc.PL_RED_HAND, 4] == 1 and obs[enc.PL_RED_HAND].sum() == 1
    assert v4.encode(g.state, g.rules, 0, 1)[enc.PL_RED_HAND].sum() == 0  # not seat 1's
    g.step(4)  # the dealer discards the red 5m: seat 1 is asked about it
    for seat in range(4):
        o = v4.encode(g.state, g.rules, 0, seat)
        assert o[enc.PL_RED_HAND].sum() == 0
        assert o[enc.PL_RED_OPEN + (0 - seat) % 4, 4] == 1  # in the dealer's river
        assert o[enc.PL_RED_TARGET, 4] == (1 if g.phase == "react" else 0)
    _react(g, caller=1, call=PUNG)
    for seat in range(4):
        o = v4.encode(g.state, g.rules, 0, seat)
        assert o[enc.PL_RED_OPEN + (0 - seat) % 4].sum() == 0  # claimed: not in the river
        assert o[enc.PL_RED_OPEN + (1 - seat) % 4, 4] == 1  # in seat 1's pung
        assert o[enc.PL_RED_TARGET].sum() == 0


def test_planes_v4_red_planes_are_zero_without_red_fives() -> None:
    from mjsim.envs import encoders as enc

    g = Game("riichi_wrc", seed=2)
    o = enc.get_encoder("planes-v4").encode(g.state, g.rules, 0, 0)
    assert not o[enc.N_PLANES_V3 :].any()
