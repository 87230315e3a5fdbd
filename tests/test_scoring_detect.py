"""The pattern detector (mjsim.scoring.detect) against a brute-force reading of each pattern's
definition (mjsim.scoring.patterns), on random winning hands without wilds.

The differential check against the hand-written scorers covers the patterns the four families
value; this covers the rest (waits, concealed pungs, tile classes, meld facts, circumstances).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjsim.melds import (
    MAX_MELDS,
    MELD_ADDED_KONG,
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_KONG,
    MELD_NONE,
)
from mjsim.scoring import differential
from mjsim.scoring.context import (
    F_AFTER_KONG_DISCARD,
    F_EARTHLY,
    F_HEAVENLY,
    F_HUMAN,
    F_IS_DEALER,
    F_KONG_REPLACEMENT,
    F_LAST_WALL_TILE,
    F_ROBBING_KONG,
    F_ROUND_WIND,
    F_SEAT_WIND,
    F_SELF_DRAWN,
)
from mjsim.scoring.fan_table import FanTable, compile_table
from mjsim.scoring.table_score import score_with_table

READING = (
    "all_pungs", "all_chows", "pure_straight", "concealed_pungs", "edge_wait", "closed_wait",
    "single_wait", "catch_five",
)  # fmt: skip


def _decompositions(c, n_sets, pair_done=False):
    """Every decomposition of counts ``c`` (list, 34) into ``n_sets`` sets and a pair:
    lists of ("pair" | "pung" | "chow", kind)."""
    k = next((i for i in range(34) if c[i]), None)
    if k is None:
        return [[]] if n_sets == 0 and pair_done else []
    out = []
    if c[k] >= 2 and not pair_done:
        c[k] -= 2
        out += [[("pair", k), *d] for d in _decompositions(c, n_sets, True)]
        c[k] += 2
    if c[k] >= 3 and n_sets:
        c[k] -= 3
        out += [[("pung", k), *d] for d in _decompositions(c, n_sets - 1, pair_done)]
        c[k] += 3
    if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2] and n_sets:
        for i in range(3):
            c[k + i] -= 1
        out += [[("chow", k), *d] for d in _decompositions(c, n_sets - 1, pair_done)]
        for i in range(3):
            c[k + i] += 1
    return out


def brute_best(win, key):
    """The largest count of reading pattern ``key`` over every (decomposition, winning set)."""
    melds = [m for m in win.melds if m[0] != MELD_NONE]
    n_sets = 4 - len(melds)
    meld_chows = [int(m[1]) for m in melds if m[0] == MELD_CHOW]
    meld_pungs = len(melds) - len(meld_chows)
    conc_kongs = sum(1 for m in melds if m[0] == MELD_CONCEALED_KONG)
    self_drawn = bool(win.flags[F_SELF_DRAWN])
    w = win.win_tile
    best = None
    for d in _decompositions([int(x) for x in win.concealed], n_sets):
        pungs = sum(1 for t, _k in d if t == "pung")
        chows = [k for t, k in d if t == "chow"] + meld_chows
        for t, k in {s for s in d if (s[0] != "chow" and s[1] == w) or
                     (s[0] == "chow" and s[1] <= w <= s[1] + 2 and w < 27)}:  # fmt: skip
            v = {
                "all_pungs": int(not chows),
                "all_chows": int(pungs == 0 and meld_pungs == 0),
                "pure_straight": int(
                    any(all(9 * s + r in chows for r in (0, 3, 6)) for s in range(3))
                ),
                "concealed_pungs": pungs + conc_kongs - int(t == "pung" and not self_drawn),
                "edge_wait": int(
                    t == "chow" and ((w - k == 2 and k % 9 == 0) or (w == k and k % 9 == 6))
                ),
                "closed_wait": int(t == "chow" and w - k == 1),
                "single_wait": int(t == "pair"),
                "catch_five": int(t == "chow" and k == 3 and w == 4),
            }[key]
            best = v if best is None else max(best, v)
    return best


@pytest.mark.parametrize("key", READING)
def test_reading_patterns_match_a_brute_force_reading(key):
    table = compile_table(
        FanTable(name="t", rows=({"zh": "x", "when": "win", "value": 0},
                                 {"zh": key, "when": key, "value": 1}))
    )  # fmt: skip
    rng = np.random.default_rng(21)
    checked = 0
    for _ in range(600):
        fam = ("hebei", "guangdong_jipinghu", "sichuan")[checked % 3]
        win = differential.random_win(fam, rng)
        want = brute_best(win, key)
        if want is None:
            continue  # seven pairs or thirteen orphans: no standard reading
        r = score_with_table(table, win.concealed, win.melds, win.win_tile, win.flags)
        assert r.value == want, (key, win.describe())
        checked += 1
    assert checked > 400


def _hand_facts(win):
    totals = win.concealed.astype(int).copy()
    melds = [m for m in win.melds if m[0] != MELD_NONE]
    for t, k, _s in melds:
        if t == MELD_CHOW:
            totals[k : k + 3] += 1
        else:
            totals[k] += 3 if t not in (MELD_KONG, MELD_ADDED_KONG, MELD_CONCEALED_KONG) else 4
    held = [k for k in range(34) if totals[k]]
    term = [k for k in held if k < 27 and k % 9 in (0, 8)]
    honors = [k for k in held if k >= 27]
    suits = {k // 9 for k in held if k < 27}
    konged = {
        int(k) for t, k, _s in melds if t in (MELD_KONG, MELD_ADDED_KONG, MELD_CONCEALED_KONG)
    }
    f = win.flags
    sd = bool(f[F_SELF_DRAWN])
    return {
        "all_simples": int(not term and not honors),
        "suits_missing": 3 - len(suits),
        "fours": sum(1 for k in held if totals[k] == 4),
        "fours_not_konged": sum(1 for k in held if totals[k] == 4 and k not in konged),
        "kongs": len(konged),
        "concealed_kongs": sum(1 for m in melds if m[0] == MELD_CONCEALED_KONG),
        "concealed_hand": int(all(m[0] == MELD_CONCEALED_KONG for m in melds)),
        "pair_only_concealed": int(bool(melds) and win.concealed.sum() == 2),
        "all_called": int(
            bool(melds)
            and win.concealed.sum() == 2
            and not sd
            and all(m[0] != MELD_CONCEALED_KONG for m in melds)
        ),  # fmt: skip
        "seat_wind_pung": int(totals[27 + f[F_SEAT_WIND]] >= 3),
        "round_wind_pung": int(totals[27 + f[F_ROUND_WIND]] >= 3),
        "big_four_winds": int(all(totals[27 + i] >= 3 for i in range(4))),
        "self_drawn": int(sd),
        "kong_bloom": int(sd and f[F_KONG_REPLACEMENT] != 0),
        "kong_discard": int(not sd and f[F_AFTER_KONG_DISCARD] != 0),
        "robbing_kong": int(f[F_ROBBING_KONG] != 0),
        "last_tile": int(f[F_LAST_WALL_TILE] != 0),
        "last_tile_self_draw": int(sd and f[F_LAST_WALL_TILE] != 0),
        "last_tile_discard": int(not sd and f[F_LAST_WALL_TILE] != 0),
        "heavenly": int(f[F_HEAVENLY] != 0),
        "earthly": int(f[F_EARTHLY] != 0),
        "human": int(f[F_HUMAN] != 0),
        "dealer": int(f[F_IS_DEALER] != 0),
    }


def test_hand_and_context_patterns_follow_their_definitions():
    table = compile_table(
        FanTable(name="t", rows=({"zh": "x", "when": "win", "value": 0},),
                 shapes=("standard", "seven_pairs", "thirteen_orphans"))
    )  # fmt: skip
    rng = np.random.default_rng(22)
    for i in range(1500):
        fam = ("hebei", "guangdong_jipinghu", "sichuan")[i % 3]
        win = differential.random_win(fam, rng)
        r = score_with_table(table, win.concealed, win.melds, win.win_tile, win.flags)
        for key, want in _hand_facts(win).items():
            assert r.counts.get(key, 0) == want, (key, win.describe())


@settings(max_examples=200, deadline=None)
@given(kind=st.integers(0, 3), ready=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_ready_kind_patterns_follow_the_win_context(kind, ready, seed):
    """``ready_hidden`` / ``ready_shown`` / ``ready_shown_self_draw_only`` read F_READY_KIND
    (READY_MODE_* + 1, 0 = not ready): exactly the declared kind counts 1, none without a
    declaration; ``ready`` reads F_READY alone."""
    from mjsim.scoring.context import F_READY, F_READY_KIND

    table = compile_table(
        FanTable(name="t", rows=({"zh": "x", "when": "win", "value": 0},),
                 shapes=("standard", "seven_pairs", "thirteen_orphans"))
    )  # fmt: skip
    win = differential.random_win("hebei", np.random.default_rng(seed))
    flags = win.flags.copy()
    flags[F_READY] = int(ready)
    flags[F_READY_KIND] = kind
    r = score_with_table(table, win.concealed, win.melds, win.win_tile, flags)
    keys = ("ready_hidden", "ready_shown", "ready_shown_self_draw_only")
    for i, key in enumerate(keys):
        assert r.counts.get(key, 0) == int(kind == i + 1), (key, kind)
    assert r.counts.get("ready", 0) == int(ready)


def test_unique_wait_matches_a_brute_force_count_of_the_waits():
    """``unique_wait`` = the hand without the winning tile completes with one kind only
    (standard shape; a kind already held four times is no wait), against a brute-force
    decomposition of every candidate tile. Counted only for a table with a row on it."""
    table = compile_table(
        FanTable(name="t", rows=({"zh": "x", "when": "win", "value": 0},
                                 {"zh": "独", "when": "unique_wait", "value": 1}))
    )  # fmt: skip
    rng = np.random.default_rng(31)
    seen = {0: 0, 1: 0}
    for _ in range(1500):
        win = differential.random_win("hebei", rng)
        r = score_with_table(table, win.concealed, win.melds, win.win_tile, win.flags)
        if r.shape != "standard":
            continue
        melds = [m for m in win.melds if m[0] != MELD_NONE]
        held = [int(x) for x in win.concealed]
        totals = win.concealed.astype(int).copy()
        for t, k, _s in melds:
            if t == MELD_CHOW:
                totals[k : k + 3] += 1
            else:
                totals[k] += 4 if t in (MELD_KONG, MELD_ADDED_KONG, MELD_CONCEALED_KONG) else 3
        held[win.win_tile] -= 1
        waits = 0
        for k in range(34):
            if totals[k] - (k == win.win_tile) >= 4:
                continue
            held[k] += 1
            waits += bool(_decompositions(list(held), 4 - len(melds)))
            held[k] -= 1
        want = int(waits == 1)
        assert r.counts.get("unique_wait", 0) == want, win.describe()
        seen[want] += 1
    assert seen[0] > 50 and seen[1] > 50
    # a table without a row on it does not count it
    plain = compile_table(FanTable(name="t", rows=({"zh": "x", "when": "win", "value": 0},)))
    r = score_with_table(plain, *_single_wait_hand())
    assert "unique_wait" not in r.counts


def _single_wait_hand():
    from mjsim.scoring.context import N_FLAGS
    from mjsim.tiles import as_counts, parse_tiles

    melds = np.zeros((MAX_MELDS, 3), np.int8)
    melds[:, 0] = MELD_NONE
    return (
        as_counts("123m456m789m123p55s"),
        melds,
        parse_tiles("5s")[0],
        np.zeros(N_FLAGS, np.int64),
    )
