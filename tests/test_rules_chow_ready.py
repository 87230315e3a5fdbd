"""吃听 chow-ready from any seat (``chow_ready_any_seat``): harbin,
"如果同时有多个人可以吃听，从打出牌玩家的位置按顺序数最近的人优先吃听"; priority
"胡牌&杠牌&吃听牌&碰牌&吃牌"."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import make_wall

import mjsim
from mjsim.engine import Game
from mjsim.engine.invariants import check_invariants
from mjsim.engine.state import PV_CHOW_READY, PV_READY
from mjsim.melds import MELD_CHOW
from mjsim.rules.spec import check_playable
from mjsim.tiles import parse_tiles
from mjsim.variants import get

HARBIN = dict(allow_chow=True, chow_left_only=True, chow_ready_any_seat=True)
DEALER = "3m1p1p4p4p8p8p5s5s6s8s8s2s"  # discards 3m first
PLAIN_CHOW = "4m5m1z1z2z2z3z3z4z4z6z6z7z"  # seat 1: 345m, not ready after it
READY_CHOW_1 = "4m5m2p2p2p3s3s3s6z6z6z7z1z"  # seat 1: 345m, then discard 1z: waits on 7z
READY_CHOW_2 = "1m2m4p5p6p7p8p9p1s1s1s5z6z"  # seat 2 (not the left seat): 123m, then ready
PUNG_3 = "3m3m9m9m9m9s9s9s7s7s6s6s5z"
KONG_3 = "3m3m3m9m9m9m9s9s9s7s7s6s6s"


def game(seat1: str, seat3: str, **ov: object) -> Game:
    spec = get("hebei", **{**HARBIN, **ov})
    wall = make_wall({0: DEALER, 1: seat1, 2: READY_CHOW_2, 3: seat3}, "9p")
    g = Game(spec, seed=0, wall=wall)
    g.step("discard 3m")
    return g


def answer(g: Game, choices: dict[int, str]) -> dict[int, list[str]]:
    """Answer the open window (seat -> action name, default pass); returns each asked seat's
    legal action names."""
    seen = {}
    while g.phase == "react":
        p = g.current_player
        seen[p] = g.legal_action_names()
        g.step(choices.get(p, "pass"))
    return seen


def last_meld(g: Game, p: int) -> tuple[int, int]:
    m = g.state.melds[0, p]
    n = int((m[:, 0] >= 0).sum())
    return int(m[n - 1, 0]), int(m[n - 1, 1])


def test_spec_and_validation() -> None:
    check_playable(get("hebei", **HARBIN))
    with pytest.raises(ValueError, match="chow_ready_any_seat"):
        get("hebei", chow_ready_any_seat=True)  # hebei: allow_chow=False
    with pytest.raises(ValueError, match="chow_ready_any_seat"):
        get("hebei", **HARBIN, standing_tiles=4)


def test_chow_ready_beats_pung_from_a_non_left_seat() -> None:
    g = game(PLAIN_CHOW, PUNG_3)
    seen = answer(g, {1: "chow_low", 2: "chow_ready_high", 3: "pung"})
    assert seen[1] == ["chow_low", "pass"]  # the left seat: a plain chow, not ready after it
    assert seen[2] == ["pass", "chow_ready_high"]  # not the left seat: only 吃听
    assert seen[3] == ["pung", "pass"]
    # 吃听 > 碰 > 吃: seat 2 chows 1m2m3m and must declare ready with its discard
    assert g.phase == "turn" and g.current_player == 2
    assert last_meld(g, 2) == (MELD_CHOW, parse_tiles("1m")[0])
    names = g.legal_action_names()
    assert names and all(n.startswith("ready_discard") for n in names)
    assert g.state.pv[0, 2, PV_CHOW_READY] == 1
    g.step("ready_discard 5z")
    assert g.state.pv[0, 2, PV_READY] == 1 and g.state.pv[0, 2, PV_CHOW_READY] == 0
    # the record replays (the call is recorded as the chow-ready action)
    while not g.done:
        g.step("win" if "win" in g.legal_action_names() else g.legal_actions()[0])
    back = mjsim.replay(g.record)
    assert all(np.array_equal(x, y) for x, y in zip(back.state, g.state, strict=True))


def test_without_the_rule_the_pung_wins() -> None:
    g = game(PLAIN_CHOW, PUNG_3, chow_ready_any_seat=False)
    seen = answer(g, {1: "chow_low", 3: "pung"})
    assert 2 not in seen  # seat 2 has no option
    assert g.current_player == 3


def test_nearest_chow_ready_claimant_first_and_kong_beats_it() -> None:
    g = game(READY_CHOW_1, PUNG_3)
    seen = answer(g, {1: "chow_ready_low", 2: "chow_ready_high", 3: "pung"})
    assert seen[1] == ["chow_low", "pass", "chow_ready_low"]  # the left seat may choose
    assert g.current_player == 1 and last_meld(g, 1) == (MELD_CHOW, parse_tiles("3m")[0])
    # 杠 > 吃听
    g = game(READY_CHOW_1, KONG_3)
    seen = answer(g, {1: "chow_ready_low", 2: "chow_ready_high", 3: "exposed_kong"})
    assert "exposed_kong" in seen[3]
    assert g.current_player == 3 and g.state.pv[0, 1, PV_CHOW_READY] == 0


def test_random_hands_with_chow_ready_keep_invariants() -> None:
    spec = get("hebei", **HARBIN)
    rng = np.random.default_rng(3)
    for seed in range(30):
        g = Game(spec, seed=seed)
        while not g.done:
            legal = g.legal_actions()
            assert legal
            ready = [a for a in legal if a >= 188 or 68 <= a < 102]  # prefer 吃听 and ready
            g.step(int(rng.choice(ready or legal)))
            assert check_invariants(g.state, g.rules, 0) == 0
        assert int(g.payments.sum()) == 0
