"""Riichi's Tenhou rules in the engine: kuikae (swap-calling) forbidden after a chow and a pung,
the 1000-point floor for declaring riichi, and nagashi mangan at an exhaustive draw; each on
scripted deals (deal order: docs/engine.md) and against the rule switched off.
"""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import make_wall

import mjsim
from mjsim.actions import CHOW_LOW, PASS, PUNG, READY_DISCARD
from mjsim.engine import Game
from mjsim.engine.state import PV_N_EXPOSED, PV_N_MELDS, PV_SCORE
from mjsim.melds import MELD_PUNG
from mjsim.tiles import parse_tiles

pytestmark = pytest.mark.usefixtures("game_compiled")

V = "riichi"


def drawn(g: Game) -> int:
    return int(g.state.tv[0, 20])


def pass_all(g: Game) -> None:
    while g.phase == "react":
        g.step(PASS)


def test_riichi_defaults_are_tenhou() -> None:
    spec = mjsim.variants.get(V)
    assert spec.forbid_chow_same_discard and spec.forbid_pung_same_discard
    assert spec.ready_min_points == 1000 and spec.start_points == 25000
    assert spec.nagashi_mangan and spec.kazoe_limit == "yakuman" and spec.renhou == "off"
    assert spec.compile().score_table[0] == 1  # kuitan only
    assert mjsim.variants.get(V, kazoe_limit="sanbaiman", renhou="yakuman").compile().score_table[
        0
    ] == (1 | 8 | 32)
    with pytest.raises(ValueError, match="kazoe_limit"):
        mjsim.variants.get(V, kazoe_limit="none")
    with pytest.raises(ValueError, match="renhou"):
        mjsim.variants.get(V, renhou="double")
    with pytest.raises(ValueError, match="scoring='riichi'"):
        mjsim.variants.get("hebei", nagashi_mangan=True)
    with pytest.raises(ValueError, match="forbid_pung_same_discard"):
        mjsim.variants.get("hebei", allow_pung=False, forbid_pung_same_discard=True)


def _chow_game(spec) -> Game:
    # seat 1 holds 1m 2m 3m 4m: it chows the dealer's 1m with 2m 3m
    w = make_wall(
        {1: "1234m111p222p789s", 2: "5678m5678p5678s9m", 3: "3456p3456s1z2z3z4z5z"},
        "1m",
    )
    g = Game(spec, wall=w)
    g.step(0)  # the dealer discards 1m
    return g


def test_kuikae_after_a_chow_forbids_the_same_and_the_other_end() -> None:
    g = _chow_game(V)
    assert g.phase == "react" and g.current_player == 1
    g.step(CHOW_LOW)
    pass_all(g)
    assert g.phase == "turn" and g.current_player == 1
    mask = g.legal_mask()
    held = [k for k in range(34) if g.state.hands[0, 1, k] > 0]
    assert held == [0, 3, 9, 10, 24, 25, 26]
    assert not mask[0] and not mask[3]  # 1m (the claimed kind) and 4m (the other end)
    assert all(mask[k] for k in (9, 10, 24, 25, 26))
    off = _chow_game(mjsim.variants.get(V, forbid_chow_same_discard=False))
    off.step(CHOW_LOW)
    pass_all(off)
    assert all(off.legal_mask()[k] for k in (0, 3, 9, 10, 24, 25, 26))


def _pung_game(spec) -> Game:
    # seat 2 holds 1m 1m 1m: it may pung the dealer's fourth 1m and then hold 1m
    w = make_wall(
        {1: "5678m5678p5678s9m", 2: "111m111p222p789s9p", 3: "3456p3456s1z2z3z4z5z"},
        "1m",
    )
    g = Game(spec, wall=w)
    g.step(0)
    while g.phase == "react":
        g.step(PUNG if g.current_player == 2 else PASS)
    assert g.phase == "turn" and g.current_player == 2
    assert g.state.hands[0, 2, 0] == 1
    return g


def test_kuikae_after_a_pung_forbids_the_claimed_kind() -> None:
    mask = _pung_game(V).legal_mask()
    assert not mask[0] and mask[9] and mask[17]
    mask = _pung_game(mjsim.variants.get(V, forbid_pung_same_discard=False)).legal_mask()
    assert mask[0] and mask[9]


def _ready_chance(spec) -> Game:
    # the ippatsu deal of test_variant_riichi: the dealer may declare riichi with the drawn 7z
    w = make_wall({0: "123m456m789p22s45s"}, "1z", draws="2z3z4z 7z")
    g = Game(spec, wall=w)
    g.step(27)
    for _ in range(3):
        pass_all(g)
        g.step(drawn(g))
    pass_all(g)
    assert g.current_player == 0 and drawn(g) == 33
    return g


@pytest.mark.parametrize(
    ("score", "allowed"), [(0, True), (-24000, True), (-24001, False), (-30000, False)]
)
def test_no_riichi_below_1000_points(score: int, allowed: bool) -> None:
    g = _ready_chance(V)
    g.state.pv[0, 0, PV_SCORE] = score  # 25000 + score points
    assert bool(g.legal_mask()[READY_DISCARD + 33]) is allowed
    assert g.legal_mask()[33]  # the plain discard stays legal
    g = _ready_chance(mjsim.variants.get(V, ready_min_points=0))
    g.state.pv[0, 0, PV_SCORE] = -30000
    assert g.legal_mask()[READY_DISCARD + 33]


def _nagashi_wall() -> list[int]:
    """Seat 1's 18 draws are terminals and honours; the others draw the simples that are left,
    then the remaining terminals and honours."""
    hands = {
        0: "2233445566778m",
        1: "2233445566778p",
        2: "2233445566778s",
        3: "456m456p456s345p6s",
    }
    used: Counter[int] = Counter()
    for h in hands.values():
        used.update(parse_tiles(h, flowers=False))
    used[7] += 1  # the dealer's 14th tile, 8m
    left = Counter({k: 4 for k in range(34)})
    left.subtract(used)

    def th(k: int) -> bool:
        return k >= 27 or k % 9 in (0, 8)

    seat1 = []
    for k in [k for k in range(34) if th(k)] * 4:
        if len(seat1) < 18 and left[k] > 0:
            left[k] -= 1
            seat1.append(k)
    rest = sorted((k for k in range(34) for _ in range(max(left[k], 0))), key=lambda k: (th(k), k))
    draws = [seat1[i // 4] if i % 4 == 0 else rest.pop(0) for i in range(69)]
    return make_wall(
        {1: hands[1], 2: hands[2], 3: hands[3], 0: hands[0]},
        "8m",
        draws=" ".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in draws),
    )


def _play_to_draw(spec) -> Game:
    g = Game(spec, wall=_nagashi_wall())
    g.step(7)  # the dealer discards 8m
    while g.phase != "done":
        if g.phase == "react":
            g.step(PASS)
        else:
            g.step(drawn(g))  # every seat discards the tile it draws
    return g


def test_nagashi_mangan_paid_as_a_non_dealer_self_drawn_mangan() -> None:
    g = _play_to_draw(V)
    river = [int(k) for k in g.state.river[0, 1, : g.state.pv[0, 1, 10]]]
    assert len(river) == 18 and all(k >= 27 or k % 9 in (0, 8) for k in river)
    assert g.payments.tolist() == [-4000, 8000, -2000, -2000]
    off = _play_to_draw(mjsim.variants.get(V, nagashi_mangan=False))
    assert off.payments.tolist() != [-4000, 8000, -2000, -2000]
    assert sum(off.payments.tolist()) == 0


def test_independent_hands_start_every_seat_at_start_points() -> None:
    # within a hand no score moves, so the points floor can never bind in independent hands:
    # greedy bots (which declare riichi) give the same hands with and without it
    agents = ["greedy", "random", "greedy", "random"]
    on = mjsim.simulate(V, 60, agents=agents, seed=3, threads=1)
    off = mjsim.simulate(
        mjsim.variants.get(V, ready_min_points=0), 60, agents=agents, seed=3, threads=1
    )
    for col in ("winners", "win_kind", "pay0", "pay1", "pay2", "pay3", "decisions"):
        assert (on[col] == off[col]).all(), col


@pytest.mark.parametrize("preset", ["riichi_mahjongsoul", "riichi_wrc"])
def test_presets_play_whole_matches(preset: str) -> None:
    rows = mjsim.simulate(
        preset,
        40,
        agents=["greedy", "random", "greedy", "random"],
        seed=1,
        threads=1,
        match_hands=8,
    )
    assert (rows["error"] == 0).all()
    assert (rows["winners"] != 0).any()


def _four_tile_game(spec, hand: str) -> Game:
    """Seat 1 holds ``hand`` + 111p 222p 333p; the three pungs are laid down as exposed melds
    before the dealer's first discard, so its concealed hand is the four tiles of ``hand``."""
    w = make_wall(
        {1: hand + "111p222p333p", 2: "5678m5678p5678s9m", 3: "456p3456s1z2z3z4z5z6z"}, "1m"
    )
    g = Game(spec, wall=w)
    st = g.state
    for i, k in enumerate((9, 10, 11)):
        st.hands[0, 1, k] -= 3
        st.melds[0, 1, i] = (MELD_PUNG, k, 2)
    st.pv[0, 1, PV_N_MELDS] = 3
    st.pv[0, 1, PV_N_EXPOSED] = 3
    g.step(0)  # the dealer discards 1m
    return g


def test_a_chow_leaving_only_forbidden_discards_is_not_offered() -> None:
    # 1m 2m 3m 4m: chowing 1m with 2m 3m leaves 1m and 4m, both forbidden: not offered
    g = _four_tile_game(V, "1234m")
    assert not (g.phase == "react" and g.current_player == 1 and g.legal_mask()[CHOW_LOW])
    off = _four_tile_game(mjsim.variants.get(V, forbid_chow_same_discard=False), "1234m")
    assert off.phase == "react" and off.current_player == 1 and off.legal_mask()[CHOW_LOW]
    # 1m 2m 3m 5m: the chow leaves 5m to discard: offered
    g = _four_tile_game(V, "1235m")
    assert g.phase == "react" and g.current_player == 1 and g.legal_mask()[CHOW_LOW]
