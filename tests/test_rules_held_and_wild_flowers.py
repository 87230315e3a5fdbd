"""Fuzhou / ningbo flowers and wilds: the reserve per flower quad, flowers held until exposed
(杠花), wild flower groups, 抢金, and hangzhou's 爆头 / 财飘 context.

Scripted walls: seats from the dealer (seat 0) take ``hand_size`` consecutive tiles from the
head, the dealer one more; replacement draws come from the tail (the last position first).
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from helpers import FLOWERS, FUZHOU_GOLD, NINGBO_LIKE

import mjsim
from mjsim.actions import DECLARE, PASS, PUNG, WIN
from mjsim.engine import Game
from mjsim.engine.board import honor_flowers
from mjsim.engine.invariants import check_invariants
from mjsim.engine.state import (
    PV_HELD_FLOWERS,
    PV_N_FLOWERS,
    PV_N_PIAO,
    TV_DRAWN,
    TV_GRAB,
    TV_GRABBED,
    TV_INDICATOR,
    TV_REPLACEMENT,
    TV_RESERVE_EXTRA,
    TV_TILE,
    TV_WILD_FLOWERS,
)
from mjsim.rules import RuleSpec, check_playable
from mjsim.rules.params import P_RESERVE_PER_FLOWER_QUAD
from mjsim.variants import get


def scripted_wall(spec: RuleSpec, head: list[int], tail: list[int] = ()) -> list[int]:
    """The spec's tile multiset: ``head`` from position 0 (the deal, then the draws), ``tail`` at
    the end (its LAST entry is the first replacement draw), the rest in between: suited tiles at
    both ends, honours and flowers in the middle, so that the first draws from either end are
    suited."""
    pool = Counter({k: c for k, c in enumerate(spec.counts()) if c})
    for k in [*head, *tail]:
        pool[k] -= 1
        assert pool[k] >= 0, f"too many copies of kind {k}"
    suits = [k for k in sorted(pool) if k < 27 for _ in range(pool[k])]
    other = [k for k in sorted(pool) if k >= 27 for _ in range(pool[k])]
    half = len(suits) // 2
    return [*head, *suits[:half], *other, *suits[half:], *tail]


# ------------------------------------------------------------------ reserve_per_flower_quad
FUZHOU_LIKE = dict(honors_are_flowers=True, reserve_whole_stacks=False, wall_reserve=12)


def _quads(g: Game) -> int:
    s = g.state
    return sum(honor_flowers(s, 0, p, k) == 4 for p in range(4) for k in range(27, 34))


@pytest.mark.parametrize("per_quad", [0, 2])
def test_four_identical_honour_flowers_enlarge_the_reserve(per_quad: int) -> None:
    spec = get("hebei", reserve_per_flower_quad=per_quad, **FUZHOU_LIKE)
    # seat 1 is dealt four 南 (1 Z = kind 28); seat 2 three 白 and one more later: no quad
    suits = [k for k in range(27) for _ in range(4)]
    head = suits[:13] + [28] * 4 + suits[13:22] + [31] * 3 + suits[22:32] + suits[32:46]
    g = Game(spec, wall=scripted_wall(spec, head))
    s = g.state
    assert honor_flowers(s, 0, 1, 28) == 4 and honor_flowers(s, 0, 2, 31) == 3
    assert int(s.tv[0, TV_RESERVE_EXTRA]) == per_quad
    # random play: the extra reserve is always per_quad x the quads set aside so far
    rng = np.random.default_rng(0)
    while not g.done:
        g.step(int(rng.choice(g.legal_actions())))
        assert check_invariants(s, g.rules, 0) == 0
        kongs_extra = 0  # hebei: reserve_per_kong = 0
        assert int(s.tv[0, TV_RESERVE_EXTRA]) == per_quad * _quads(g) + kongs_extra


def test_reserve_per_flower_quad_in_random_hands() -> None:
    spec = get("hebei", reserve_per_flower_quad=2, **FUZHOU_LIKE)
    seen = 0
    for seed in range(60):
        g = Game(spec, seed=seed)
        rng = np.random.default_rng(seed)
        while not g.done:
            g.step(int(rng.choice(g.legal_actions())))
        seen += _quads(g)
        assert int(g.state.tv[0, TV_RESERVE_EXTRA]) == 2 * _quads(g)
        # the hand ends when the live wall reaches the enlarged reserve (or a win)
        if not g.winners:
            assert g.tiles_left <= 12 + 2 * _quads(g)
    assert seen > 0


def test_reserve_per_flower_quad_validation_names_the_field() -> None:
    with pytest.raises(ValueError, match="reserve_per_flower_quad"):
        RuleSpec(reserve_per_flower_quad=-1)
    with pytest.raises(ValueError, match="reserve_per_flower_quad.*honors_are_flowers"):
        RuleSpec(reserve_per_flower_quad=2)
    assert (
        get("hebei", reserve_per_flower_quad=2, honors_are_flowers=True)
        .compile()
        .params[P_RESERVE_PER_FLOWER_QUAD]
        == 2
    )


# ------------------------------------------------------------------ flower_replacement="action"
# a 144-tile table without ready declarations (a held flower may be the turn's drawn tile)
SPRING, SUMMER, AUTUMN, WINTER, PLUM = 34, 35, 36, 37, 38
FLOWER_KONG = DECLARE + 2  # 杠花


def _suits(n: int, skip: tuple[int, ...] = ()) -> list[int]:
    """``n`` suited tiles in kind order, kinds in ``skip`` left out."""
    out = [k for k in range(27) if k not in skip for _ in range(4)]
    return out[:n]


def _discard_drawn(g: Game) -> None:
    """Discard the drawn tile if it is a plain kind, else the lowest legal discard."""
    legal = g.legal_actions()
    d = int(g.state.tv[0, TV_DRAWN])
    g.step(d if 0 <= d < 34 and d in legal else min(a for a in legal if a < 34))


def test_flower_kong_is_an_own_turn_action_not_right_after_a_pung() -> None:
    spec = get("hebei", flower_replacement="action", **FLOWERS)
    fill = _suits(60, skip=(13,))
    # seat 1 holds two 5p (13); its first draw (wall position 53) is 春; the dealer's second
    # draw (56) is a 5p, which it discards and seat 1 pungs; seat 1's next draw is 60
    head = fill[:13] + [13, 13] + fill[13:24] + fill[24:50] + fill[50:51] + [SPRING]
    head += fill[51:53] + [13] + fill[53:57]
    g = Game(spec, wall=scripted_wall(spec, head))
    s = g.state
    _discard_drawn(g)  # the dealer
    while g.phase == "react":
        g.step(PASS)
    assert g.current_player == 1 and int(s.tv[0, TV_DRAWN]) == SPRING
    assert int(s.pv[0, 1, PV_HELD_FLOWERS]) == 1 and int(s.pv[0, 1, PV_N_FLOWERS]) == 0
    assert FLOWER_KONG in g.legal_actions() and WIN not in g.legal_actions()
    _discard_drawn(g)  # seat 1 keeps the flower
    while not (g.current_player == 1 and g.phase == "react"):
        assert check_invariants(s, g.rules, 0) == 0
        if g.phase == "react":
            g.step(PASS)
        else:
            _discard_drawn(g)
    assert int(s.tv[0, TV_TILE]) == 13 and PUNG in g.legal_actions()
    g.step(PUNG)
    while g.phase == "react":  # the scripted wall also lets seat 3 win on this 5p: it passes
        g.step(PASS)
    # the turn begun by the pung: no 杠花 ("碰后不能立即杠牌（包括杠花）")
    assert g.current_player == 1 and FLOWER_KONG not in g.legal_actions()
    _discard_drawn(g)
    while g.current_player != 1 or g.phase != "turn":
        g.step(PASS) if g.phase == "react" else _discard_drawn(g)
    assert FLOWER_KONG in g.legal_actions()
    tail_before = g.tiles_left
    g.step(FLOWER_KONG)
    assert int(s.pv[0, 1, PV_HELD_FLOWERS]) == 0 and int(s.pv[0, 1, PV_N_FLOWERS]) == 1
    assert int(s.hands[0, 1, SPRING]) == 1  # set aside (hands[34:] = flowers of the seat)
    assert int(s.tv[0, TV_REPLACEMENT]) == 1 and g.tiles_left == tail_before - 1
    assert FLOWER_KONG not in g.legal_actions()
    assert check_invariants(s, g.rules, 0) == 0


def test_auto_replacement_is_unchanged_and_random_hands_replay() -> None:
    auto = get("hebei", **FLOWERS)
    action = auto.replace(flower_replacement="action")
    for seed in range(8):
        g = Game(auto, seed=seed)
        assert int(g.state.pv[0, :4, PV_HELD_FLOWERS].sum()) == 0
        h = Game(action, seed=seed)  # the opening replacement is automatic in both
        assert np.array_equal(g.state.hands, h.state.hands)
        rng = np.random.default_rng(seed)
        while not h.done:
            h.step(int(rng.choice(h.legal_actions())))
            assert check_invariants(h.state, h.rules, 0) == 0
        assert int(h.payments.sum()) == 0
        h2 = mjsim.replay(h.record)
        assert np.array_equal(h2.state.hands, h.state.hands)


# ------------------------------------------------------------------ wild_flower_groups


def test_a_turned_season_makes_the_seasons_wild() -> None:
    spec = get("hebei", win_shapes=("standard",), **NINGBO_LIKE)
    # 夏 is turned (the last wall tile); the dealer's 14th tile is 春 (wild): 1m-9m 1p-3p 5p + 春
    # is a heavenly win with 春 as the second 5p; seat 1 is dealt 秋 (wild, kept) and seat 2 梅
    # (not wild: replaced at the opening)
    dealer = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13]
    fill = _suits(40, skip=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13))
    head = dealer + [AUTUMN] + fill[:12] + [PLUM] + fill[12:24] + fill[24:37] + [SPRING]
    g = Game(spec, wall=scripted_wall(spec, head, tail=[SUMMER]))
    s = g.state
    assert int(s.tv[0, TV_INDICATOR]) == SUMMER and int(s.tv[0, TV_WILD_FLOWERS]) == 0x0F
    assert int(s.wild[0].sum()) == 0  # no suited or honour kind is wild
    assert int(s.pv[0, 1, PV_HELD_FLOWERS]) == 1 << (AUTUMN - 34)
    assert int(s.pv[0, 1, PV_N_FLOWERS]) == 0 and int(s.pv[0, 2, PV_N_FLOWERS]) == 1
    assert int(s.pv[0, 0, PV_HELD_FLOWERS]) == 1 << (SPRING - 34)
    assert check_invariants(s, g.rules, 0) == 0
    legal = g.legal_actions()
    assert WIN in legal and FLOWER_KONG not in legal  # a wild flower is never exposed
    g.step(WIN)
    assert g.winners == [0] and g.win_tile == SPRING
    # the same deal with 梅 turned: the seasons are plain flowers, 春 was replaced, no win
    g = Game(spec, wall=scripted_wall(spec, head[:-1] + [SUMMER], tail=[PLUM + 1]))
    assert int(g.state.tv[0, TV_WILD_FLOWERS]) == 0xF0
    assert WIN not in g.legal_actions()


def test_wild_flowers_in_random_hands_keep_invariants_and_replay() -> None:
    spec = get("hebei", win_shapes=("standard",), **NINGBO_LIKE).replace(
        indicator_source="dice_small_from_tail"
    )
    # deal 200 hands; play out those whose indicator is a flower (8 in 144) and a few others
    flower_seeds, other_seeds = [], []
    for seed in range(200):
        g = Game(spec, seed=seed)
        if int(g.state.tv[0, TV_INDICATOR]) >= 34:
            assert int(g.state.tv[0, TV_WILD_FLOWERS]) in (0x0F, 0xF0)
            flower_seeds.append(seed)
        else:
            assert int(g.state.tv[0, TV_WILD_FLOWERS]) == 0
            other_seeds.append(seed)
    assert len(flower_seeds) >= 3
    rng = np.random.default_rng(3)
    for seed in flower_seeds[:6] + other_seeds[:6]:
        g = Game(spec, seed=seed)
        s = g.state
        while not g.done:
            g.step(int(rng.choice(g.legal_actions())))
            assert check_invariants(s, g.rules, 0) == 0
            w = int(s.tv[0, TV_WILD_FLOWERS])
            for p in range(4):
                # wild flowers are never set aside: every copy a seat has is held
                held = int(s.pv[0, p, PV_HELD_FLOWERS])
                for j in range(8):
                    if (w >> j) & 1 and s.hands[0, p, 34 + j]:
                        assert (held >> j) & 1
        assert int(g.payments.sum()) == 0
        g2 = mjsim.replay(g.record)
        assert np.array_equal(g2.state.hands, g.state.hands)


def test_flower_and_grab_validation_names_the_field() -> None:
    bad = [
        (dict(flower_replacement="manual"), "flower_replacement"),
        (dict(grab_wild=True), "grab_wild.*indicator"),
        (dict(grab_wild=True, wild_rule="indicator_next"), "grab_wild.*offset 0"),
        (dict(wild_wait_context=True), "wild_wait_context"),
        (dict(flower_replacement="action"), "flower_replacement.*flower tiles"),
        (dict(flower_replacement="action", **{**FLOWERS, "allow_ready": True}), "allow_ready"),
        (dict(wild_flower_groups=True), "wild_flower_groups.*eight flower"),
        (dict(wild_flower_groups=True, **FLOWERS), "wild_flower_groups.*wild_rule='indicator'"),
        (
            dict(wild_flower_groups=True, wild_rule="indicator", **FLOWERS),
            "wild_flower_groups.*tail_first",
        ),
        (
            dict(
                wild_flower_groups=True,
                wild_rule="indicator",
                wild_offsets=(0, 1),
                indicator_source="last_wall_tile",
                **FLOWERS,
            ),
            "wild_offsets",
        ),
    ]
    for overrides, pattern in bad:
        with pytest.raises(ValueError, match=pattern):
            get("hebei", **overrides)
    check_playable(get("hebei", win_shapes=("standard",), **NINGBO_LIKE))


# ------------------------------------------------------------------ grab_wild (抢金)
GOLD = 33  # 中, turned as the last wall tile: its three other copies are wild
GRAB = DECLARE + 5
READY_A = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13]  # 123m 456m 789m 123p 5p: the gold pairs 5p
READY_B = [18, 19, 20, 21, 22, 23, 24, 25, 26, 12, 13, 14, 15]  # 123s 456s 789s 456p 7p
SCATTER_A = [0, 4, 8, 9, 13, 17, 18, 22, 26, 27, 28, 29, 30]
SCATTER_B = [1, 1, 5, 5, 10, 10, 14, 16, 19, 23, 25, 2, 6]
SCATTER_C = [3, 3, 7, 7, 11, 11, 15, 15, 20, 24, 26, 27, 28]


def _grab_game(hands: list[list[int]], extra: int = 31) -> Game:
    spec = get("hebei", **FUZHOU_GOLD)
    head = [k for h in hands for k in h] + [extra]
    return Game(spec, wall=scripted_wall(spec, head, tail=[GOLD]))


@pytest.mark.parametrize("seat1_grabs", [True, False])
def test_non_dealers_grab_the_gold_nearest_first(seat1_grabs: bool) -> None:
    g = _grab_game([SCATTER_A, READY_A, READY_B, SCATTER_B])
    assert int(g.state.tv[0, TV_INDICATOR]) == GOLD
    assert GRAB not in g.legal_actions()  # the dealer's hand is not one gold from a win
    g.step(31)  # the dealer's first discard
    assert g.phase == "grab" and g.current_player == 1
    assert g.legal_actions() == [PASS, GRAB]
    if not seat1_grabs:
        g.step(PASS)
        assert g.phase == "grab" and g.current_player == 2
    g.step(GRAB)
    winner = 1 if seat1_grabs else 2
    assert g.winners == [winner] and g.win_kind == "self_draw" and g.win_tile == GOLD
    assert int(g.state.tv[0, TV_GRABBED]) == winner + 1
    assert check_invariants(g.state, g.rules, 0) == 0
    assert int(g.payments.sum()) == 0
    assert np.array_equal(mjsim.replay(g.record).state.hands, g.state.hands)


def test_passed_grabs_return_to_the_dealers_discard() -> None:
    g = _grab_game([SCATTER_A, READY_A, READY_B, SCATTER_B])
    g.step(31)
    g.step(PASS)
    g.step(PASS)
    assert g.phase == "turn" and g.current_player == 1 and int(g.state.tv[0, TV_GRAB]) == 3
    assert check_invariants(g.state, g.rules, 0) == 0


@pytest.mark.parametrize("seat2", ["none", "pass", "grab"])
def test_the_dealers_grab_yields_to_a_non_dealer(seat2: str) -> None:
    seat3 = SCATTER_A[:9] + [29, 30, 31, 31]
    hands = [READY_A, SCATTER_B, READY_B if seat2 != "none" else SCATTER_C, seat3]
    g = _grab_game(hands, extra=32)
    assert GRAB in g.legal_actions()  # the dealer: discard a useless tile, take the gold
    g.step(GRAB)
    if seat2 != "none":
        assert g.phase == "grab" and g.current_player == 2
        g.step(GRAB if seat2 == "grab" else PASS)
    assert g.winners == [2 if seat2 == "grab" else 0] and g.win_tile == GOLD
    assert int(g.state.pv[0, 0, 10]) == 1  # PV_N_RIVER: the dealer's useless tile
    assert check_invariants(g.state, g.rules, 0) == 0


def test_no_grab_for_three_golds() -> None:
    two_golds = [GOLD, GOLD, 0, 4, 8, 12, 16, 20, 24, 1, 5, 19, 23]
    g = _grab_game([SCATTER_A, two_golds, SCATTER_C, SCATTER_B])
    g.step(31)
    assert g.phase != "grab" and int(g.state.tv[0, TV_GRAB]) == 3


# ------------------------------------------------------------------ 爆头 / 财飘 (hangzhou)
@pytest.mark.parametrize(
    ("context", "discard", "piao"), [(True, 31, 1), (True, 22, 0), (False, 31, 0)]
)
def test_piao_counts_a_wild_thrown_from_a_lone_wild_wait(
    context: bool, discard: int, piao: int
) -> None:
    # 白 (31) is the 财神; the dealer's 13 tiles 123m 456m 789m 123p + 白 wait on every tile (爆头),
    # it draws 5s (22) and throws the 白 (财飘) instead of winning
    spec = get("hebei", wild_rule="fixed", wild_tiles=(31,), wild_wait_context=context)
    dealer = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 31]
    head = dealer + SCATTER_B + SCATTER_C + [12, 12, 14, 16, 17, 17, 19, 20, 21, 23, 24, 25, 26]
    g = Game(spec, wall=scripted_wall(spec, head + [22]))
    assert WIN in g.legal_actions()
    g.step(discard)
    assert int(g.state.pv[0, 0, PV_N_PIAO]) == piao
