"""How a 宝 win happened, in the win context (``F_TREASURE_WIN``) and the fan-table patterns
摸宝 / 对宝 / 宝中宝 (``treasure_draw`` / ``treasure_match`` / ``treasure_in_treasure``):
scripted walls on a treasure-wild spec (hebei with ``wild_rule="treasure"``), a made-up fan
table that values the three patterns through :func:`mjsim.score` and in play, the checks of
``treasure_win`` at the scoring boundary, and random self-play (no 宝 kind without a 宝 win)."""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest
from helpers import make_wall

import mjsim
from mjsim.engine import Game
from mjsim.engine.rng import dice_pair
from mjsim.engine.state import PV_LOOKED, PV_READY, TV_DRAWN, TV_TREASURE
from mjsim.rules import spec as spec_mod
from mjsim.scoring import api, tables
from mjsim.scoring import patterns as pt
from mjsim.scoring.context import F_TREASURE_WIN, N_FLAGS
from mjsim.scoring.fan_table import FanTable, compile_table
from mjsim.scoring.payments import PaymentRecord, compile_record
from mjsim.scoring.table_score import score_win
from mjsim.tiles import parse_tiles
from mjsim.variants import get

HARBIN = dict(wild_rule="treasure", wild_after_ready_only=True, treasure_count_melds=True)
CHANGCHUN = dict(
    wild_rule="treasure",
    wild_after_ready_only=True,
    treasure_source="dice_from_tail_at_first_ready",
    treasure_match_wins=True,
)
#: the dealer declares ready discarding 5s; TWO waits on 1p / 4p, ONE (卡当) on 3p
TWO_WAITS = "1m2m3m4m5m6m7m8m9m1p1p2p3p"
ONE_WAIT = "1m2m3m4m5m6m7m8m9m1p1p2p4p"
OTHERS = {
    1: "1s1s1s2s2s2s3s3s3s8s8s8s6z",
    2: "6m6m6m7m7m7m8m8m8m9p9p9p6s",
    3: "5p5p5p6p6p6p7p7p7p8p8p8p6s",
}
NAME = "treasure_synth"
#: the made-up table: 和 1, 摸宝 +3, 对宝 +2, 宝中宝 +12 (rows 0-3)
ROWS = (
    {"zh": "和", "en": "win", "when": "win", "value": 1},
    {"zh": "摸宝", "en": "drawing the treasure", "when": "treasure_draw", "value": 3},
    {"zh": "对宝", "en": "matching the treasure", "when": "treasure_match", "value": 2},
    {"zh": "宝中宝", "en": "treasure within", "when": "treasure_in_treasure", "value": 12},
)


def K(tile: str) -> int:
    return parse_tiles(tile)[0]


def _table(variant: str = NAME, **params: object) -> FanTable:
    return FanTable(name=variant, rows=ROWS, shapes=("standard",))


def _payment(variant: str = NAME, **params: object) -> PaymentRecord:
    return PaymentRecord(name=variant)


def _builder(spec: object) -> tuple[np.ndarray, ...]:
    c = compile_table(_table())
    return c.rows, c.cancels, c.header, compile_record(_payment())


@pytest.fixture
def synth(monkeypatch: pytest.MonkeyPatch):
    """The made-up table as a module of :mod:`mjsim.scoring.tables` (for :func:`mjsim.score`)
    and as a spec's ``fan_table`` (for play)."""
    mod = types.ModuleType("_treasure_synth_table")
    mod.PARAMS = {}
    mod.table = _table
    mod.payment = _payment
    monkeypatch.setitem(sys.modules, mod.__name__, mod)
    monkeypatch.setitem(tables.MODULES, NAME, mod.__name__)
    monkeypatch.setattr(tables, "TREASURE", {NAME})
    spec_mod.register_fan_table(NAME, _builder)
    try:
        yield
    finally:
        del spec_mod.FAN_TABLES[NAME]
        api._ADAPTERS.pop(NAME, None)
        api._HAND_SIZE.pop(NAME, None)


def _spec(rules: dict, synth_table: bool):
    spec = get("hebei", **rules)
    return spec.replace(name=NAME, fan_table=NAME) if synth_table else spec


def _dealer_ready_then_draw(g: Game) -> None:
    """The dealer declares ready with 5s; seats 1-3 discard what they draw."""
    g.step("ready_discard 5s")
    for seat in (1, 2, 3):
        assert g.phase == "turn" and g.current_player == seat
        g.step(int(g.state.tv[0, TV_DRAWN]))
    assert g.current_player == 0


def _harbin_game(dealer_hand: str, draw: str, treasure: str, synth_table: bool) -> Game:
    wall = make_wall({0: dealer_hand, **OTHERS}, "5s", draws="1z2z3z" + draw, tail=treasure)
    g = Game(_spec(HARBIN, synth_table), seed=0, wall=wall)
    assert g.state.tv[0, TV_TREASURE] == K(treasure)
    _dealer_ready_then_draw(g)
    return g


def _changchun_game(dealer_hand: str, treasure: str, synth_table: bool) -> Game:
    """The dice point at ``treasure`` at the dealer's next draw (9s): 对宝."""
    spec = _spec(CHANGCHUN, synth_table)
    wall = make_wall({0: dealer_hand, **OTHERS}, "5s", draws="1z2z3z9s")
    key = Game(spec, seed=0, wall=wall).state.rng[0, 0]
    d0, d1 = dice_pair(key, 1)
    pos = len(wall) - 2 * int(d0 + d1) + 1  # top of the d-th stack from the tail
    j = max(i for i in range(60, len(wall)) if wall[i] == K(treasure) and i != pos)
    wall[pos], wall[j] = wall[j], wall[pos]
    g = Game(spec, seed=0, wall=wall)
    _dealer_ready_then_draw(g)
    assert g.state.tv[0, TV_TREASURE] == K(treasure) and g.state.pv[0, 0, PV_LOOKED] == 1
    return g


def _win_flag(g: Game) -> int:
    """``F_TREASURE_WIN`` as the engine fills it for the dealer winning now (self-draw)."""
    from mjsim.engine.win_context import _fill_flags
    from mjsim.scoring.context import F_SELF_DRAWN

    flags = np.zeros(N_FLAGS, np.int64)
    s = g.state
    d = int(s.tv[0, TV_DRAWN])
    tile = int(g.win_tile)
    s.hands[0, 0, d] -= 1
    s.hands[0, 0, tile] += 1
    _fill_flags(s, g.rules, 0, 0, tile, 1, -1, flags)
    s.hands[0, 0, tile] -= 1
    s.hands[0, 0, d] += 1
    assert flags[F_SELF_DRAWN] == 1
    return int(flags[F_TREASURE_WIN])


CASES = [
    # (name, game, win tile, F_TREASURE_WIN, the table's value: 和 1 + its row)
    ("摸宝", lambda st: _harbin_game(TWO_WAITS, "7z", "7z", st), "1p", 1, 4),
    ("对宝", lambda st: _changchun_game(TWO_WAITS, "4p", st), "4p", 2, 3),
    ("宝中宝 drawn", lambda st: _harbin_game(ONE_WAIT, "3p", "3p", st), "3p", 3, 13),
    ("宝中宝 对宝", lambda st: _changchun_game(ONE_WAIT, "3p", st), "3p", 3, 13),
]


@pytest.mark.parametrize(
    ("name", "make", "tile", "flag", "value"), CASES, ids=[c[0] for c in CASES]
)
def test_treasure_win_kind_in_play(synth, name, make, tile, flag, value) -> None:
    g = make(True)
    assert "win" in g.legal_action_names()
    drawn = int(g.state.tv[0, TV_DRAWN])
    g.step("win")
    assert g.winners == [0] and g.win_kind == "self_draw" and g.win_tile == K(tile)
    g.state.tv[0, TV_DRAWN] = drawn  # the flags as at the win (the drawn tile still known)
    assert _win_flag(g) == flag
    assert int(g.values[0]) == value
    assert list(g.payments) == [3 * value, -value, -value, -value]
    row = [0, 0, 0, 0]
    row[0] = 1
    row[flag] = 1
    assert list(g.items[0][:4]) == row


def test_natural_self_draw_is_no_treasure_win(synth) -> None:
    # the 宝 is 7z; the dealer draws its wait 1p, an ordinary self-draw
    g = _harbin_game(TWO_WAITS, "1p", "7z", True)
    drawn = int(g.state.tv[0, TV_DRAWN])
    g.step("win")
    g.state.tv[0, TV_DRAWN] = drawn
    assert _win_flag(g) == 0 and int(g.values[0]) == 1


@pytest.mark.parametrize(
    ("treasure_win", "pattern", "value"),
    [(1, "摸宝", 4), ("treasure_match", "对宝", 3), ("treasure_in_treasure", "宝中宝", 13)],
)
def test_score_values_the_treasure_patterns(synth, treasure_win, pattern, value) -> None:
    r = mjsim.score(
        NAME,
        "123456789m11p234p",
        win_tile="4p",
        self_drawn=True,
        ready_kind="hidden",
        treasure_win=treasure_win,
    )
    assert r.total == value and r.payments == [3 * value, -value, -value, -value]
    assert pattern in str(r.items)


def test_score_without_treasure_win(synth) -> None:
    r = mjsim.score(NAME, "123456789m11p234p", win_tile="4p", self_drawn=True)
    assert r.total == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"treasure_win": 4, "self_drawn": True, "ready_kind": "hidden"}, "not one of 0-3"),
        ({"treasure_win": "mobao", "self_drawn": True, "ready_kind": "hidden"}, "not one of"),
        ({"treasure_win": 1, "self_drawn": False, "discarder": 1, "ready_kind": "hidden"},
         "self-draw"),
        ({"treasure_win": 2, "self_drawn": True}, "ready"),
        ({"treasure_win": 3, "self_drawn": True, "ready_kind": "hidden", "wilds": "7z"},
         "wilds"),
    ],
)  # fmt: skip
def test_score_refuses_an_inconsistent_treasure_win(synth, kwargs, message) -> None:
    with pytest.raises(ValueError, match=message):
        mjsim.score(NAME, "123456789m11p234p", win_tile="4p", **kwargs)


def test_score_refuses_a_treasure_win_without_the_treasure() -> None:
    with pytest.raises(ValueError, match="'hebei' plays no treasure wild"):
        score_win(
            "hebei", "123456789m11p234p", win_tile="4p", self_drawn=True,
            ready_kind="hidden", treasure_win="treasure_draw",
        )  # fmt: skip
    with pytest.raises(ValueError, match="'rizhao' plays no treasure wild"):
        mjsim.score(
            "rizhao", "123456789m11p234p", win_tile="4p", self_drawn=True,
            ready_kind="hidden", treasure_win=3,
        )  # fmt: skip


def test_patterns_are_listed() -> None:
    for key, zh in (
        ("treasure_draw", "摸宝"),
        ("treasure_match", "对宝"),
        ("treasure_in_treasure", "宝中宝"),
    ):
        assert pt.PATTERNS[pt.index(key)].zh == zh


@pytest.mark.parametrize("rules", [HARBIN, CHANGCHUN], ids=["harbin", "changchun"])
def test_random_play_flags_only_treasure_wins(synth, rules) -> None:
    """Random legal play: a win's 宝 pattern (the table's rows 1-3) is set exactly when the
    win is a 宝 win: a ready seat's self-draw with the 宝 kind drawn, or won on another kind
    than the one drawn (对宝); 宝中宝 only when the winning kind is the 宝."""
    spec = _spec(rules, True)
    rng = np.random.default_rng(7)
    n_wins = n_treasure = 0
    for seed in range(150):
        g = Game(spec, seed=seed)
        while not g.done:
            acts = g.legal_action_names()
            if "win" in acts:
                s = g.state
                p = g.current_player
                self_draw = g.phase == "turn"
                d = int(s.tv[0, TV_DRAWN])
                k = int(s.tv[0, TV_TREASURE])
                ready = s.pv[0, p, PV_READY] != 0
                g.step("win")
                if not g.winners:
                    continue
                n_wins += 1
                got = list(g.items[p][1:4])
                tile = int(g.win_tile)
                is_treasure = self_draw and ready and k >= 0 and (d == k or tile != d)
                if not is_treasure:
                    assert got == [0, 0, 0], (seed, d, k, tile)
                else:
                    n_treasure += 1
                    assert sum(got) == 1
                    if got[2] == 1:
                        assert tile == k
                    if d == k and tile != k:
                        assert got[0] == 1  # 摸宝 as a wild
                    if tile != d and d != k:
                        assert got[1] + got[2] == 1 and tile == k  # 对宝
                break
            ready = [a for a in acts if a.startswith("ready")]
            pick = ready if ready and rng.random() < 0.9 else acts
            g.step(pick[int(rng.integers(len(pick)))])
    assert n_wins > 0 and n_treasure > 0, (n_wins, n_treasure)
