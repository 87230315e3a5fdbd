"""The treasure tile 宝 (``wild_rule="treasure"``): harbin (the
last wall tile, 换宝 when three copies are visible) and changchun (dice at the first ready
seat's next draw, 对宝). The dealer declares ready discarding 5s and then waits on 1p / 4p."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import make_wall

from mjsim.engine import Game
from mjsim.engine.invariants import check_invariants
from mjsim.engine.rng import dice_pair
from mjsim.engine.state import PV_LOOKED, PV_N_RIVER, RF_OLD_TREASURE, TV_TREASURE
from mjsim.rules.spec import check_playable
from mjsim.tiles import parse_tiles
from mjsim.variants import get

HARBIN = dict(wild_rule="treasure", wild_after_ready_only=True, treasure_count_melds=True)
CHANGCHUN = dict(
    wild_rule="treasure",
    wild_after_ready_only=True,
    treasure_source="dice_from_tail_at_first_ready",
    treasure_match_wins=True,
)
HANDS = {
    0: "1m2m3m4m5m6m7m8m9m1p1p2p3p",  # + 5s: declares ready with 5s, waits on 1p / 4p
    1: "1s1s1s2s2s2s3s3s3s8s8s8s6z",
    2: "6m6m6m7m7m7m8m8m8m9p9p9p6s",
    3: "5p5p5p6p6p6p7p7p7p8p8p8p6s",
}


def K(tile: str) -> int:
    return parse_tiles(tile)[0]


def play_to_dealer_draw(g: Game) -> None:
    """The dealer declares ready with 5s; seats 1-3 discard what they draw."""
    g.step("ready_discard 5s")
    for seat in (1, 2, 3):
        assert g.phase == "turn" and g.current_player == seat
        g.step(int(g.state.tv[0, 20]))  # the drawn tile
    assert g.current_player == 0


def test_spec_validation() -> None:
    check_playable(get("hebei", **HARBIN))
    check_playable(get("hebei", **CHANGCHUN))
    for bad, field in [
        ({"treasure_match_wins": True}, "treasure_match_wins"),
        ({"wild_rule": "treasure"}, "wild_rule"),
        ({**HARBIN, "treasure_change_at": 7}, "treasure_change_at"),
        ({**HARBIN, "treasure_source": "dice"}, "treasure_source"),
        ({**HARBIN, "wild_kong": True}, "wild_kong"),
    ]:
        with pytest.raises(ValueError, match=field):
            get("hebei", **bad)


def test_drawn_treasure_wins_for_a_ready_seat_only() -> None:
    # the last wall tile (7z) is the 宝, out of play; the dealer then self-draws another 7z
    wall = make_wall(HANDS, "5s", draws="1z2z3z7z", tail="7z")
    g = Game(get("hebei", **HARBIN), seed=0, wall=wall)
    assert g.state.tv[0, TV_TREASURE] == K("7z")
    left = g.tiles_left
    play_to_dealer_draw(g)
    assert g.tiles_left == left - 4
    assert g.legal_action_names() == ["discard 7z", "win"]  # 摸宝
    g.step("win")
    assert g.winners == [0] and g.win_kind == "self_draw" and g.win_tile == K("1p")
    assert check_invariants(g.state, g.rules, 0) == 0
    # without the rule the 7z is an ordinary tile
    g0 = Game(get("hebei"), seed=0, wall=wall)
    play_to_dealer_draw(g0)
    assert g0.legal_action_names() == ["discard 7z"]
    # a 宝 discarded by another seat is not wild: nobody is asked, seat 2 draws
    wall = make_wall(HANDS, "5s", draws="7z2z3z1z", tail="7z")
    g = Game(get("hebei", **HARBIN), seed=0, wall=wall)
    g.step("ready_discard 5s")
    g.step("discard 7z")
    assert g.phase == "turn" and g.current_player == 2


def test_harbin_changes_the_treasure_at_three_visible_copies() -> None:
    wall = make_wall(HANDS, "5s", draws="7z7z7z9s", tail="7z6z")
    g = Game(get("hebei", **HARBIN), seed=0, wall=wall)
    left = g.tiles_left
    play_to_dealer_draw(g)  # seats 1-3 discard the three other 7z
    s = g.state
    # 换宝 at the dealer's draw: the old 宝 goes to the dealer's river, the new last tile is the 宝
    assert s.tv[0, TV_TREASURE] == K("6z")
    n = int(s.pv[0, 0, PV_N_RIVER])
    assert s.river[0, 0, n - 1] == K("7z") and s.river_flags[0, 0, n - 1] == RF_OLD_TREASURE
    assert g.tiles_left == left - 4 - 1
    assert s.pv[0, 0, PV_LOOKED] == 1
    assert check_invariants(s, g.rules, 0) == 0


def test_changchun_dice_treasure_and_match_win() -> None:
    spec = get("hebei", **CHANGCHUN)
    wall = make_wall(HANDS, "5s", draws="1z2z3z9s")
    key = Game(spec, seed=0, wall=wall).state.rng[0, 0]
    d0, d1 = dice_pair(key, 1)
    pos = len(wall) - 2 * int(d0 + d1) + 1  # top of the d-th stack from the tail
    j = max(i for i in range(60, len(wall)) if wall[i] == K("4p") and i != pos)
    wall[pos], wall[j] = wall[j], wall[pos]  # the 宝 the dice will point at is 4p
    for match, expect in ((True, ["discard 9s", "win"]), (False, ["discard 9s"])):
        g = Game(spec.replace(treasure_match_wins=match), seed=0, wall=wall)
        g.step("ready_discard 5s")
        assert g.state.tv[0, TV_TREASURE] == -1  # chosen at the first ready seat's next draw
        for _ in range(3):
            g.step(int(g.state.tv[0, 20]))
        assert g.state.tv[0, TV_TREASURE] == K("4p")
        assert g.legal_action_names() == expect  # 对宝: the 宝 is the dealer's winning tile
    g = Game(spec, seed=0, wall=wall)
    play_to_dealer_draw(g)
    g.step("win")
    assert g.winners == [0] and g.win_tile == K("4p")
    assert check_invariants(g.state, g.rules, 0) == 0


@pytest.mark.parametrize("rule", [HARBIN, CHANGCHUN])
def test_random_hands_with_the_treasure_keep_invariants(rule: dict) -> None:
    spec = get("hebei", **rule)
    rng = np.random.default_rng(7)
    for seed in range(15):
        g = Game(spec, seed=seed)
        while not g.done:
            legal = g.legal_actions()
            assert legal
            best = [a for a in legal if 68 <= a <= 107]  # prefer ready, calls and wins
            g.step(int(rng.choice(best or legal)))
            assert check_invariants(g.state, g.rules, 0) == 0
        assert int(g.payments.sum()) == 0
