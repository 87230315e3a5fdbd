"""立牌 standing tiles (``standing_tiles``) and the forced win of a ready seat
(``forced_win="when_ready"``): taiyuan.

Scripted walls (tests/helpers.make_wall): the first four tiles written for a seat are the first
four dealt to it, i.e. its standing tiles.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import make_wall

from mjsim.engine import Game
from mjsim.engine.invariants import check_invariants
from mjsim.engine.state import PV_N_RIVER, PV_READY, PV_STANDING, RF_CLAIMED, RF_FACE_DOWN, RF_READY
from mjsim.rules.spec import RuleSpec, check_playable
from mjsim.tiles import parse_tiles
from mjsim.variants import get

# steps a Game outside the "game" compile family: compile it under its lock (conftest)
pytestmark = pytest.mark.usefixtures("game_compiled")

# taiyuan-like: hebei (136 tiles, no chow, ready declarations) + 立牌, ready needed to win
TAIYUAN = dict(
    standing_tiles=4,
    must_be_ready=True,
    forced_win="when_ready",
    win_shapes=("standard",),
    kong_after_ready="none",
)
# the dealer's only ready discard is 5s (then 123m 456m 789m 11p 23p waits on 1p / 4p)
DEALER_REST = "4m5m6m7m8m9m1p1p2p"
EXTRA = "3p"
SEAT1 = "5s5s1z1z2z2z3z3z4z4z6z6z7z"  # could pung 5s; standing: 5s 5s 1z 1z
SEAT2 = "7s7s7s9s9s9s8s8s8s6s6s6s2s"
SEAT3 = "9m9m2m2m3m3m5p5p6p6p7p7p8p"


def K(tile: str) -> int:
    return parse_tiles(tile)[0]


def standing(g: Game, p: int) -> list[int]:
    v = int(g.state.pv[0, p, PV_STANDING])
    return sorted((v >> (6 * i) & 63) - 1 for i in range(4) if v >> (6 * i) & 63)


def game(dealer: str, draws: str = "", **ov: object) -> Game:
    spec = get("hebei", **{**TAIYUAN, **ov})
    wall = make_wall({0: dealer, 1: SEAT1, 2: SEAT2, 3: SEAT3}, EXTRA, draws=draws)
    return Game(spec, seed=0, wall=wall)


def test_spec_fields_validate_and_play() -> None:
    spec = get("hebei", **TAIYUAN)
    check_playable(spec)
    for bad, field in [
        ({"standing_tiles": 5}, "standing_tiles"),
        ({"standing_tiles": 4, "allow_ready": False, "must_be_ready": False}, "standing_tiles"),
        ({"forced_win": "always"}, "forced_win"),
        ({"forced_win": "last_n"}, "forced_win"),
        ({"forced_win": "none", "forced_win_tiles": 4}, "forced_win"),
    ]:
        with pytest.raises(ValueError, match=field):
            get("hebei", **bad)
    with pytest.raises(ValueError, match="forced_win"):
        RuleSpec(forced_win="when_ready")  # allow_ready=False
    # forced_win_tiles keeps working ("auto" = "last_n")
    assert get("sichuan").compile().params[79] == 1


def test_standing_tiles_are_the_first_four_dealt() -> None:
    g = game("5s1m2m3m" + DEALER_REST)
    assert standing(g, 0) == sorted(parse_tiles("5s1m2m3m"))
    assert standing(g, 1) == sorted(parse_tiles("5s5s1z1z"))
    assert standing(g, 3) == sorted(parse_tiles("9m9m2m2m"))


def test_ready_must_discard_a_standing_tile_face_down() -> None:
    # 5s stands: it may leave only as the ready declaration (example 3)
    g = game("5s1m2m3m" + DEALER_REST)
    names = g.legal_action_names()
    assert "ready_discard 5s" in names and "discard 5s" not in names
    assert "discard 1m" not in names and "discard 4m" in names  # 1m stands, 4m does not
    # without the rule 5s is an ordinary discard too
    g0 = game("5s1m2m3m" + DEALER_REST, standing_tiles=0)
    assert {"ready_discard 5s", "discard 5s"} <= set(g0.legal_action_names())
    # 5s not standing: the ready declaration (which must discard a standing tile) is impossible
    g1 = game("1m2m3m4m5s5m6m7m8m9m1p1p2p")
    names = g1.legal_action_names()
    assert "discard 5s" in names and not any(n.startswith("ready") for n in names)

    g.step("ready_discard 5s")
    s = g.state
    assert s.pv[0, 0, PV_READY] == 1 and K("5s") not in standing(g, 0)
    assert s.river_flags[0, 0, 0] == RF_READY | RF_FACE_DOWN
    # seat 1 holds 5s5s but may not pung the face-down tile: no reaction window, it draws
    assert g.phase == "turn" and g.current_player == 1
    assert check_invariants(s, g.rules, 0) == 0


def test_pung_with_standing_copies() -> None:
    dealer = "1m2m3m4m5s" + "5m6m7m8m9m1p1p2p"  # 5s is NOT standing: a plain discard
    spec = get("hebei", **{**TAIYUAN, "must_be_ready": False, "forced_win": "auto"})
    wall = make_wall({0: dealer, 1: SEAT1, 2: SEAT2, 3: SEAT3}, EXTRA)

    def after_discard(stand_bits: int | None) -> list[str]:
        g = Game(spec, seed=0, wall=wall)
        if stand_bits is not None:
            g.state.pv[0, 1, PV_STANDING] = stand_bits
        g.step("discard 5s")
        return g.legal_action_names() if g.phase == "react" and g.current_player == 1 else []

    # standing 5s 5s 1z 1z: the pung takes both standing 5s, 1z 1z remain -> legal (example 1)
    assert "pung" in after_discard(None)
    # standing 5s 5s only: the pung would leave no standing tile -> not offered (example 2)
    only = (K("5s") + 1) | (K("5s") + 1) << 6
    assert after_discard(only) == []
    # standing 5s 1z: one 5s is free, so the pung keeps 1z standing
    assert "pung" in after_discard((K("5s") + 1) | (K("1z") + 1) << 6)


def test_forced_win_when_ready() -> None:
    # the dealer declares ready with its standing 5s; seat 1 draws 4p and discards it
    for fw, expect in (("when_ready", ["win"]), ("auto", ["win", "pass"])):
        g = game("5s1m2m3m" + DEALER_REST, draws="4p", forced_win=fw)
        g.step("ready_discard 5s")
        assert g.current_player == 1
        g.step("discard 4p")
        assert g.current_player == 0 and g.legal_action_names() == expect
        g.step("win")
        assert g.winners == [0]


def test_random_taiyuan_hands_keep_the_standing_invariants() -> None:
    spec = get("hebei", **TAIYUAN)
    rng = np.random.default_rng(5)
    n_ready = 0
    for seed in range(20):
        g = Game(spec, seed=seed)
        while not g.done:
            legal = g.legal_actions()
            assert legal
            best = [a for a in legal if 68 <= a <= 107]  # prefer ready declarations and wins
            g.step(int(rng.choice(best or legal)))
            s = g.state
            assert check_invariants(s, g.rules, 0) == 0
            for p in range(4):
                st = standing(g, p)
                for k in set(st):
                    assert st.count(k) <= s.hands[0, p, k]
                if not g.done and s.pv[0, p, PV_READY] == 0:
                    assert len(st) >= 1  # every call left a standing tile
        for p in range(4):
            for i in range(int(s.pv[0, p, PV_N_RIVER])):
                f = int(s.river_flags[0, p, i])
                if f & RF_READY:
                    n_ready += 1
                    assert f & RF_FACE_DOWN and not f & RF_CLAIMED
        assert int(g.payments.sum()) == 0
    assert n_ready > 0


def test_face_down_standing_discard_is_hidden_from_others() -> None:
    """No leak: the ready declaration's face-down standing tile shows its kind
    only to the seat that discarded it; the others see that a face-down discard was made."""
    from mjsim.envs import encoders as enc

    g = game("5s1m2m3m" + DEALER_REST)
    g.step("ready_discard 5s")
    s, r, k = g.state, g.rules, K("5s")
    space = enc._dict_space(4)
    for me in range(4):
        rel = (0 - me) % 4
        out = np.empty((enc.N_PLANES, 34), np.int8)
        enc.encode_planes(s, r, 0, me, out)
        assert out[enc.PL_DISCARDS + rel, k] == (1 if me == 0 else 0)
        assert out[enc.PL_RECENCY + rel].max() == (1 if me == 0 else 0)
        d = enc.encode_dict(s, r, 0, me)
        assert d["discards"][rel, 0] == (k if me == 0 else -1)
        assert d["discard_flags"][rel, 0] == RF_READY | RF_FACE_DOWN
        assert space.contains(d)
