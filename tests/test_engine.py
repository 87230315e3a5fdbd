"""The Game wrapper and the jitted loop: legality, errors, scripted walls, invariants."""

from __future__ import annotations

import numpy as np
import pytest

from mjsim.actions import N_ACTIONS, PASS, WIN, action_from_name, action_name
from mjsim.engine import Game, validate_wall
from mjsim.engine.invariants import check_invariants
from mjsim.engine.legal import current_player, legal_mask
from mjsim.engine.state import ERR_ILLEGAL, TV_ERROR
from mjsim.engine.step import step
from mjsim.variants import get


def random_hand(g: Game, rng: np.random.Generator) -> int:
    n = 0
    while not g.done:
        legal = g.legal_actions()
        assert legal, "live decision with an empty mask"
        g.step(int(rng.choice(legal)))
        assert check_invariants(g.state, g.rules, 0) == 0
        n += 1
    return n


def test_random_hands_keep_invariants_and_zero_sum() -> None:
    rng = np.random.default_rng(0)
    for seed in range(20):
        g = Game("hebei", seed=seed)
        assert g.current_player == g.dealer == 0
        assert random_hand(g, rng) > 0
        assert int(g.payments.sum()) == 0
        assert g.current_player == -1 and g.legal_actions() == []


def test_illegal_action_raises_naming_it_and_the_legal_ones() -> None:
    g = Game("hebei", seed=1)
    legal = set(g.legal_actions())
    bad = next(a for a in range(34) if a not in legal)
    with pytest.raises(ValueError, match=f"illegal action {action_name(bad)}.*legal: discard"):
        g.step(bad)
    with pytest.raises(ValueError, match="illegal action pung"):
        g.step("pung")
    with pytest.raises(ValueError, match="bad action name"):
        g.step("eat everything")
    assert g.error == 0  # the Python path rejects before touching the state


def test_batched_step_sets_the_error_code_and_the_table_stops() -> None:
    g = Game("hebei", seed=1)
    mask = np.zeros(N_ACTIONS, np.bool_)
    assert step(g.state, g.rules, 0, PASS, mask) == ERR_ILLEGAL
    assert g.state.tv[0, TV_ERROR] == ERR_ILLEGAL
    assert current_player(g.state, 0) == -1
    assert legal_mask(g.state, g.rules, 0, mask) == 0


def test_wall_validation_names_surplus_and_missing_tiles() -> None:
    spec = get("hebei")
    wall = [k for k in range(34) for _ in range(4)]
    assert validate_wall(spec, wall) == wall
    bad = wall.copy()
    bad[0] = 5
    with pytest.raises(ValueError, match=r"5 copies of .*kind 5.*surplus"):
        validate_wall(spec, bad)
    with pytest.raises(ValueError, match=r"missing"):
        validate_wall(spec, wall[:-1])
    with pytest.raises(ValueError, match="not a tile kind"):
        validate_wall(spec, [99] + wall[1:])
    text = "".join(f"{r}{s}" * 4 for s in "mps" for r in range(1, 10)) + "".join(
        f"{r}z" * 4 for r in range(1, 8)
    )
    assert validate_wall(spec, text) == wall


def test_fixed_wall_scripted_hand() -> None:
    # wall in kind order: dealer gets 1m x4 2m x4 3m x4 4m, seat 1 4m x3 5m x4 6m x4 7m x2, ...
    wall = [k for k in range(34) for _ in range(4)]
    g = Game("hebei", wall=wall)
    h = g.hands
    assert list(h[0, :5]) == [4, 4, 4, 1, 0] and int(h[0].sum()) == 14
    assert list(h[1, 3:7]) == [3, 4, 4, 2]
    assert g.tiles_left == 136 - 53
    legal = g.legal_action_names()
    assert "kong 1m" in legal and "kong 2m" in legal and "win" not in legal
    g.step("discard 4m")
    assert g.phase == "react" and g.current_player == 1
    # 4m x3 5m x4 6m x4 7m x2 + 4m is also a win (456 x4 + 77)
    assert set(g.legal_action_names()) == {"pung", "exposed_kong", "win", "pass"}
    g.step("exposed_kong")
    # seat 1 took a replacement from the tail (the last tile of the wall: 7z)
    assert g.current_player == 1 and g.tiles_left == 136 - 53 - 1
    assert g.hands[1, 33] == 1
    assert g.melds[1, 0].tolist() == [2, 3, 3]  # exposed kong of 4m supplied by the previous seat
    assert "discard 7z" in g.legal_action_names()
    rec = g.record
    assert rec.wall == wall


def test_ready_declaration_locks_the_hand() -> None:
    wall = [k for k in range(34) for _ in range(4)]
    g = Game("hebei", wall=wall)
    # dealer: 1111 2222 3333 4 m -> discarding a 1m leaves 111 2222 3333 4: ready
    assert action_from_name("ready_discard 1m") in g.legal_actions()
    g.step("ready_discard 1m")
    while g.phase == "react":
        g.step(PASS)
    while not g.done and not (g.current_player == 0 and g.phase == "turn"):
        legal = g.legal_actions()
        g.step(PASS if PASS in legal else min(a for a in legal if a < 34 and a != 3))
    if not g.done:
        drawn = int(g.state.tv[0, 20])
        names = g.legal_action_names()
        discards = [n for n in names if n.startswith("discard")]
        assert discards == [action_name(drawn)]


def test_render_shows_every_seat() -> None:
    g = Game("hebei", seed=0)
    text = g.render(unicode=False)
    assert sum(line.startswith("seat ") for line in text.splitlines()) == 4 and "dealer" in text
    assert any(0x1F000 <= ord(ch) <= 0x1F02B for ch in g.render())


def test_win_is_never_offered_for_a_non_winning_hand() -> None:
    rng = np.random.default_rng(5)
    from mjsim.kernels import is_win

    for seed in range(10):
        g = Game("hebei", seed=seed)
        while not g.done:
            legal = g.legal_actions()
            if WIN in legal:
                p = g.current_player
                h = g.hands[p, :34].copy()
                if g.phase == "react":
                    h[int(g.state.tv[0, 11])] += 1
                n_sets = (int(h.sum()) - 2) // 3
                assert is_win(h, n_sets, 0, 0, 0, 7)
            g.step(int(rng.choice(legal)))
