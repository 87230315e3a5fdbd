"""Dealer succession, prevailing wind, dice and reserve fields: scripted
deals on ``hebei`` with the field overridden, plus validation.

Deal order of a scripted wall (docs/engine.md): seats from the dealer take 13 tiles each from
the head, then the dealer one more; normal draws continue from the head.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from mjsim.actions import PASS, WIN, action_from_name
from mjsim.engine import Game
from mjsim.engine.rng import dice_pair, hand_key
from mjsim.rules import RuleSpec
from mjsim.tiles import parse_tiles
from mjsim.variants import get


def wall136(hands: dict[int, str], dealer_extra: str = "") -> list[int]:
    """136-tile wall: ``hands[seat]`` (13 tiles each, dealer = seat 0), the dealer's 14th tile,
    the rest in kind order."""
    pool = Counter({k: 4 for k in range(34)})
    parts = {p: parse_tiles(h) for p, h in hands.items()}
    extra = parse_tiles(dealer_extra) if dealer_extra else []
    for kinds in [*parts.values(), extra]:
        for k in kinds:
            pool[k] -= 1
            assert pool[k] >= 0
    rest = [k for k in range(34) for _ in range(pool[k])]
    wall: list[int] = []
    for seat in range(4):
        if seat in parts:
            wall += parts[seat]
        else:
            wall += rest[:13]
            rest = rest[13:]
    if not extra:
        extra, rest = rest[:1], rest[1:]
    return wall + extra + rest


def passive(g: Game) -> None:
    """Play the hand out: every seat discards its drawn tile (or its lowest), passes every claim."""
    while not g.done:
        if g.phase == "react":
            g.step(PASS)
            continue
        legal = g.legal_actions()
        d = int(g.state.tv[0, 20])
        g.step(d if d >= 0 and d in legal else min(a for a in legal if a < 34))


def test_dealer_on_draw_stays_next_and_next_if_any_kong() -> None:
    for rule, want in (("stays", 0), ("next", 1), ("next_if_any_kong", 0)):
        g = Game("hebei", seed=3, dealer_on_draw=rule)
        passive(g)
        assert g.winners == [] and int(g.state.tv[0, 36]) == want, rule
    # legacy spelling: dealer_stays_on_draw=False == dealer_on_draw="next"
    assert get("hebei", dealer_stays_on_draw=False).compile().params[81] == 1
    # a concealed kong at the dealer's first turn: "有杠则下家做庄" (Taiyuan)
    g = Game("hebei", wall=wall136({0: "1m1m1m1m2p3p4p5s6s7s1z2z3z"}, "4z"))
    g.step(action_from_name("kong 1m"))
    passive(g)
    assert g.winners == [] and int(g.state.tv[0, 22]) == 1
    assert int(g.state.tv[0, 36]) == 0  # hebei default: stays
    g = Game(
        "hebei",
        wall=wall136({0: "1m1m1m1m2p3p4p5s6s7s1z2z3z"}, "4z"),
        dealer_on_draw="next_if_any_kong",
    )
    g.step(action_from_name("kong 1m"))
    passive(g)
    assert g.winners == [] and int(g.state.tv[0, 36]) == 1


def test_dealer_on_draw_stays_if_ready() -> None:
    from mjsim.kernels.shanten import shanten

    spec = get("hebei", dealer_on_draw="stays_if_ready")
    seen = set()
    for seed in range(6):
        g = Game(spec, seed=seed)
        passive(g)
        h = g.hands[0, :34].copy()
        n_sets = (int(h.sum()) - 1) // 3
        ready = shanten(h, n_sets, 0, 0, 0, 1 | 2 | 4) == 0
        assert int(g.state.tv[0, 36]) == (0 if ready else 1)
        seen.add(ready)
    assert False in seen


def _double_win(**overrides) -> Game:
    # seats 1 and 2 both wait on 4s; the dealer's 14th tile is the 4s and it discards it
    w = wall136({1: "1m2m3m 4m5m6m 7m8m9m 1p1p 2s3s", 2: "4p5p6p 7p8p9p 5z5z5z 6z6z 2s3s"}, "4s")
    g = Game("hebei", wall=w, **overrides)
    g.step(action_from_name("discard 4s"))
    while not g.done:
        g.step(WIN if "win" in g.legal_action_names() else PASS)
    assert g.winners == [1, 2] and g.win_from == 0
    return g


@pytest.mark.parametrize(
    ("rule", "want"),
    [("rotation", 1), ("nearest_winner", 1), ("discarder", 0), ("stays_if_dealer_won", 1)],
)
def test_dealer_after_multi_win(rule: str, want: int) -> None:
    g = _double_win(dealer_after_multi_win=rule)
    assert int(g.state.tv[0, 36]) == want


def test_round_wind_advances_after_the_deal_returns_to_the_first_dealer() -> None:
    g = Game(
        "hebei", seed=1, dealer=2, dealer_on_draw="next", round_wind_rule="advance_after_cycle"
    )
    got = []
    for _ in range(9):
        got.append((g.dealer, g.round_wind))
        assert g.seat_winds[g.dealer] == 0
        passive(g)
        g.next_hand()
    assert got == [(2, 0), (3, 0), (0, 0), (1, 0), (2, 1), (3, 1), (0, 1), (1, 1), (2, 2)]
    # "fixed" keeps the wind given at the deal
    g = Game("hebei", seed=1, round_wind=3, dealer_on_draw="next")
    for _ in range(5):
        passive(g)
        g.next_hand()
    assert g.round_wind == 3


def test_dice_are_counter_based_and_uniform() -> None:
    g = Game("hebei", seed=9, hand_no=5)
    d0, d1 = dice_pair(np.uint64(hand_key(9, 5)), 0)
    assert g.dice == (int(d0), int(d1))
    faces = np.zeros(7, dtype=np.int64)
    for h in range(600):
        a, b = dice_pair(np.uint64(hand_key(0, h)), 0)
        faces[a] += 1
        faces[b] += 1
    assert faces[0] == 0 and faces[1:].sum() == 1200 and faces[1:].min() > 150


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("dealer_on_draw", "sometimes"),
        ("dealer_after_multi_win", "oldest"),
        ("round_wind_rule", "spin"),
        ("dealer_rotation", "coin"),
    ],
)
def test_bad_values_name_the_field(field: str, value: str) -> None:
    with pytest.raises(ValueError, match=field):
        RuleSpec(**{field: value})


def test_hook_rotation_needs_a_family_with_a_dealer_hook() -> None:
    with pytest.raises(ValueError, match="dealer_rotation='hook'"):
        RuleSpec(dealer_rotation="hook")
    assert get("changsha").dealer_rotation == "hook"
    with pytest.raises(ValueError, match="dealer_on_draw"):
        RuleSpec(dealer_stays_on_draw=False, dealer_on_draw="next_if_any_kong")
    with pytest.raises(ValueError, match="dice_kong"):
        RuleSpec(
            dice_kong=True, allow_concealed_kong=False, allow_added_kong=False, rob_kong="none"
        )


# ---------------------------------------------------------------- reserve arithmetic
# Passive play (nobody wins or claims) ends exactly when normal draws stop, so tiles_left at the
# end is the reserve rule's answer.
@pytest.mark.parametrize(
    ("reserve", "rounding", "left"),
    [
        (12, "tiles", 12),
        (12, "floor_stacks", 13),  # 13 tiles = 6 whole stacks: not more than 6
        (12, "ceil_stacks", 12),
        (11, "tiles", 11),
        (11, "floor_stacks", 11),
        (11, "ceil_stacks", 10),  # 11 tiles = 6 stacks (the single tile counts) > 5.5
    ],
)
def test_reserve_rounding(reserve: int, rounding: str, left: int) -> None:
    g = Game(
        "hebei", seed=2, wall_reserve=reserve, reserve_whole_stacks=False, reserve_rounding=rounding
    )
    passive(g)
    assert g.winners == [] and g.tiles_left == left


@pytest.mark.parametrize(("free", "left"), [(0, 16), (1, 12)])
def test_concealed_kong_increment_and_free_kongs(free: int, left: int) -> None:
    # the dealer's concealed kong of 1m at its first turn; +2 per kong, +4 per concealed kong
    g = Game(
        "hebei",
        wall=wall136({0: "1m1m1m1m2p3p4p5s6s7s1z2z3z"}, "4z"),
        reserve_whole_stacks=False,
        wall_reserve=12,
        reserve_per_kong=2,
        reserve_per_concealed_kong=4,
        reserve_free_kongs=free,
    )
    g.step(action_from_name("kong 1m"))
    passive(g)
    assert g.winners == [] and g.tiles_left == left


def test_reserve_validation_names_the_field() -> None:
    with pytest.raises(ValueError, match="reserve_rounding"):
        RuleSpec(reserve_rounding="half")
    with pytest.raises(ValueError, match="reserve_rounding"):
        RuleSpec(reserve_whole_stacks=True, reserve_rounding="ceil_stacks")
    with pytest.raises(ValueError, match="reserve_per_concealed_kong"):
        RuleSpec(reserve_per_concealed_kong=-2)
    with pytest.raises(ValueError, match="reserve_free_kongs"):
        RuleSpec(reserve_free_kongs=5)
    with pytest.raises(ValueError, match="wall_reserve"):
        RuleSpec(wall_reserve=40, reserve_per_concealed_kong=11)


# ---------------------------------------------------------------- carry-over counters
@pytest.mark.parametrize(
    ("overrides", "mults"),
    [
        # yantai: x2 per consecutive drawn hand up to 32, then 8 ("5局以上荒庄按照8倍计算")
        (
            {"draw_counter_rule": "double_per_draw", "draw_multiplier_after_cap": 8},
            [1, 2, 4, 8, 16, 32, 8, 8],
        ),
        (
            {"draw_counter_rule": "up_per_draw_down_per_win"},
            [1, 2, 2, 2],
        ),  # 荒番: x2 while the counter >= 1
        ({"draw_multiplier": 3}, [1, 3, 9]),  # legacy "multiply"
    ],
)
def test_draw_counter_rules(overrides: dict, mults: list[int]) -> None:
    g = Game("hebei", seed=5, **overrides)
    got = []
    for _ in range(len(mults)):
        got.append(int(g.state.tv[0, 9]))  # TV_MULT carried into the hand
        passive(g)
        g.next_hand()
    assert got == mults


def test_shanghai_counter_goes_down_by_one_per_win() -> None:
    g = _double_win(draw_counter_rule="up_per_draw_down_per_win")
    assert int(g.state.tv[0, 76]) == 0 and int(g.state.tv[0, 38]) == 1
    from mjsim.engine.deal import reset_table

    g = Game("hebei", seed=5, draw_counter_rule="up_per_draw_down_per_win")
    s = g.state
    reset_table(s, g.rules, 0, np.uint64(7), 0, 0, 0, 0, 2, True, 0, 2)  # counter 2 in
    passive(g)
    assert int(s.tv[0, 76]) == 3 and int(s.tv[0, 38]) == 2
    w = wall136({1: "1m2m3m 4m5m6m 7m8m9m 1p1p 2s3s", 2: "4p5p6p 7p8p9p 5z5z5z 6z6z 2s3s"}, "4s")
    g = Game("hebei", wall=w, draw_counter_rule="up_per_draw_down_per_win")
    g._start(0, 0, 0, 0, 2, 2)  # counter 2 carried in
    g.step(action_from_name("discard 4s"))
    while not g.done:
        g.step(WIN if "win" in g.legal_action_names() else PASS)
    assert g.winners and int(g.state.tv[0, 76]) == 1 and int(g.state.tv[0, 38]) == 2
