"""Restricted wilds (``SHAPE_WILD_SIMPLES``, Yingkou 会: a wild may not stand for a 1, 9 or
an honour): the kernels against the definition — enumerate every multiset of stand-ins among
the 21 simple kinds and ask the no-wild kernels (a different code path: the restricted mode
never runs with ``n_wild == 0``)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjsim
from mjsim.kernels import (
    HONOR_CHOW_WINDS,
    PAIR_258,
    PAIR_ANY,
    PAIR_NOT_28,
    SHAPE_KNITTED,
    SHAPE_SEVEN_PAIRS,
    SHAPE_SHISANLAN,
    SHAPE_STANDARD,
    SHAPE_THIRTEEN_ORPHANS,
    SHAPE_WILD_SIMPLES,
)
from mjsim.kernels.shanten import is_win, shanten
from mjsim.kernels.waits import waits_detail
from mjsim.tiles import as_counts

# steps a Game outside the "game" compile family: compile it under its lock (conftest)
pytestmark = pytest.mark.usefixtures("game_compiled")

SIMPLES = [9 * s + r for s in range(3) for r in range(1, 8)]
ALL_SHAPES = (
    SHAPE_STANDARD | SHAPE_SEVEN_PAIRS | SHAPE_THIRTEEN_ORPHANS | SHAPE_KNITTED | SHAPE_SHISANLAN
)


def c34(text: str) -> np.ndarray:
    return np.asarray(as_counts(text), dtype=np.uint8)[:34].copy()


def stand_ins(counts: np.ndarray, w: int):  # type: ignore[no-untyped-def]
    """Every ``counts + a`` (a: w simples, at most 4 copies per kind)."""
    for a in itertools.combinations_with_replacement(SIMPLES, w):
        c = counts.copy()
        for k in a:
            c[k] += 1
        if c.max() <= 4:
            yield c


def ref_is_win(counts: np.ndarray, nm: int, w: int, pr: int, hc: int, shapes: int) -> bool:
    return any(is_win(c, nm, 0, pr, hc, shapes) for c in stand_ins(counts, w))


def ref_shanten(counts: np.ndarray, nm: int, w: int, pr: int, hc: int, shapes: int) -> int:
    return min(int(shanten(c, nm, 0, pr, hc, shapes)) for c in stand_ins(counts, w))


def test_worked_examples() -> None:
    f = SHAPE_STANDARD | SHAPE_WILD_SIMPLES
    # the wild completes 13m as 2m, but cannot be the third 1m or the East of a pung
    assert is_win(c34("13m456m789m123p11z"), 4, 1, PAIR_ANY, 0, f)
    assert not is_win(c34("11m456m789m123p11z"), 4, 1, PAIR_ANY, 0, f)
    assert is_win(c34("11m456m789m123p11z"), 4, 1, PAIR_ANY, 0, SHAPE_STANDARD)
    assert not is_win(c34("123m456m789m123p1z"), 4, 1, PAIR_ANY, 0, f)
    assert is_win(c34("123m456m789m123p5s"), 4, 1, PAIR_ANY, 0, f)
    # two wilds as a pair of simples; under "not28" the pairs 33-77 are still available
    assert is_win(c34("123m456m789m123p"), 4, 2, PAIR_NOT_28, 0, f)
    # yingkou's own example aaaabc abc abc aa, with a wild as the 4m; "not28" pair
    assert is_win(c34("2222m3m234p234s55s"), 4, 1, PAIR_NOT_28, 0, f)
    assert not is_win(c34("2222m3m234p234s88s"), 4, 1, PAIR_NOT_28, 0, f)
    # thirteen orphans never takes such a wild; seven pairs only pairs simples
    to = SHAPE_THIRTEEN_ORPHANS | SHAPE_WILD_SIMPLES
    assert not is_win(c34("19m19p19s1234567z"), 4, 1, PAIR_ANY, 0, to)
    assert is_win(c34("19m19p19s1234567z"), 4, 1, PAIR_ANY, 0, SHAPE_THIRTEEN_ORPHANS)
    sp = SHAPE_SEVEN_PAIRS | SHAPE_WILD_SIMPLES
    assert is_win(c34("1122m3344p5566s5m"), 4, 1, PAIR_ANY, 0, sp)
    assert not is_win(c34("1122m3344p5566s7z"), 4, 1, PAIR_ANY, 0, sp)
    # shanten: the wild cannot fill the honour pair
    assert shanten(c34("123m456m789m123p1z"), 4, 1, PAIR_ANY, 0, f) == 0
    assert shanten(c34("123m456m789m123p1z"), 4, 1, PAIR_ANY, 0, SHAPE_STANDARD) == -1


def test_public_api() -> None:
    hand = "11m456m789m123p11z"
    assert mjsim.is_winning(hand, wilds=1)
    assert not mjsim.is_winning(hand, wilds=1, wild_substitutes="simples")
    assert mjsim.shanten(hand, wilds=1, wild_substitutes="simples") == 0
    # 5z is the wild kind: three jokers + a lone East. Free jokers wait on anything; jokers
    # restricted to simples can only pung a simple while a second East makes the pair.
    h = "123m456m789m1z555z"
    assert len(mjsim.waits(h, wild_tiles=["5z"])) == 34
    assert mjsim.waits(h, wild_tiles=["5z"], wild_substitutes="simples") == ["1z"]
    d = mjsim.waits(h, wild_tiles=["5z"], wild_substitutes="simples", detail=True)
    assert d == {"waits": ["1z"], "exhausted": [], "live": 3}
    with pytest.raises(ValueError, match="wild_substitutes"):
        mjsim.is_winning(hand, wilds=1, wild_substitutes="terminals")  # type: ignore[arg-type]


def test_phantom_wait() -> None:
    # 1111m + 23p 456p 789p + wild: a fifth 1m (pair 11m + pung 111m) completes with the wild as
    # a simple only through 23p -> 234p/123p (wild as 4p; or as 1p? no: 1p is a terminal)
    f = SHAPE_STANDARD | SHAPE_WILD_SIMPLES
    a = np.zeros(34, dtype=np.bool_)
    b = np.zeros(34, dtype=np.bool_)
    waits_detail(c34("1111m23p456p789p"), 4, 1, PAIR_ANY, 0, f, a, b)
    assert np.flatnonzero(b).tolist() == [0]
    # 1111m + 456p 789p 11z + 1 wild: the fifth 1m needs the wild as an honour or terminal
    waits_detail(c34("1111m456p789p11z"), 4, 1, PAIR_ANY, 0, f, a, b)
    assert np.flatnonzero(b).tolist() == []
    waits_detail(c34("1111m456p789p11z"), 4, 1, PAIR_ANY, 0, SHAPE_STANDARD, a, b)
    assert np.flatnonzero(b).tolist() == [0]


def test_exhaustive_one_suit_plus_honour_pair() -> None:
    """Every 11-tile one-suit hand + an East pair + one wild (14 tiles): is_win vs the
    stand-in enumeration."""
    f = SHAPE_STANDARD | SHAPE_WILD_SIMPLES
    n = 0
    pos = 0
    for digits in itertools.product(range(5), repeat=9):
        if sum(digits) != 11:
            continue
        c = np.zeros(34, dtype=np.uint8)
        c[:9] = digits
        c[27] = 2
        got = bool(is_win(c, 4, 1, PAIR_ANY, 0, f))
        # only the 7 simples of the suit can matter (the others would leave a single)
        want = any(
            bool(is_win(d, 4, 0, PAIR_ANY, 0, SHAPE_STANDARD)) for d in stand_ins_one_suit(c)
        )
        assert got == want, digits
        n += 1
        pos += got
    assert n > 10_000 and pos > 100


def stand_ins_one_suit(c: np.ndarray):  # type: ignore[no-untyped-def]
    for k in range(1, 8):
        if c[k] < 4:
            d = c.copy()
            d[k] += 1
            yield d


def _random_hand(rng: np.random.Generator, size: int) -> np.ndarray:
    """A near-complete looking hand: mostly sets, some noise, at most 4 per kind."""
    c = np.zeros(34, dtype=np.uint8)
    while int(c.sum()) < size:
        kind = rng.integers(0, 4)
        room = size - int(c.sum())
        if kind == 0 and room >= 3:
            s, r = rng.integers(0, 3), rng.integers(0, 7)
            ks = [9 * s + r, 9 * s + r + 1, 9 * s + r + 2]
        elif kind == 1 and room >= 2:
            ks = [int(rng.integers(0, 34))] * 2
        else:
            ks = [int(rng.integers(0, 34))]
        if all(c[k] + ks.count(k) <= 4 for k in ks):
            for k in ks:
                c[k] += 1
    return c


@pytest.mark.parametrize("seed", [0, 1])
def test_random_against_enumeration(seed: int) -> None:
    rng = np.random.default_rng(seed)
    wins = 0
    for i in range(150):
        w = 1 + i % 3
        pr = (PAIR_ANY, PAIR_258, PAIR_NOT_28)[i % 3 if seed == 0 else 0]
        hc = HONOR_CHOW_WINDS if i % 5 == 0 else 0
        shapes = ALL_SHAPES if i % 4 == 0 else SHAPE_STANDARD
        f = shapes | SHAPE_WILD_SIMPLES
        nm = 4 if i % 7 else 3
        c = _random_hand(rng, 3 * nm + 2 - w)
        got = bool(is_win(c, nm, w, pr, hc, f))
        assert got == ref_is_win(c, nm, w, pr, hc, shapes), (c, w, pr, hc, shapes)
        wins += got
        c13 = _random_hand(rng, 3 * nm + 1 - w)
        assert int(shanten(c13, nm, w, pr, hc, f)) == ref_shanten(c13, nm, w, pr, hc, shapes)
        if i % 3 == 0:
            assert int(shanten(c, nm, w, pr, hc, f)) == ref_shanten(c, nm, w, pr, hc, shapes)
            a = np.zeros(34, dtype=np.bool_)
            b = np.zeros(34, dtype=np.bool_)
            waits_detail(c13, nm, w, pr, hc, f, a, b)
            for k in range(34):
                if c13[k] < 4:
                    d = c13.copy()
                    d[k] += 1
                    assert a[k] == ref_is_win(d, nm, w, pr, hc, shapes), (c13, k)
    assert wins > 5


@st.composite
def hands(draw):  # type: ignore[no-untyped-def]
    w = draw(st.integers(1, 2))
    total = draw(st.sampled_from([13, 14])) - w
    kinds = draw(st.lists(st.integers(0, 33), min_size=total, max_size=total))
    c = np.zeros(34, dtype=np.uint8)
    for k in kinds:
        if c[k] < 4:
            c[k] += 1
        else:
            c[SIMPLES[k % 21]] += 1 if c[SIMPLES[k % 21]] < 4 else 0
    return c, w


@settings(max_examples=60, deadline=None)
@given(hands(), st.integers(0, 2))
def test_hypothesis_properties(h: tuple[np.ndarray, int], pr: int) -> None:
    c, w = h
    if int(c.sum()) + w not in (13, 14):
        return
    f = SHAPE_STANDARD | SHAPE_SEVEN_PAIRS | SHAPE_WILD_SIMPLES
    s_res = int(shanten(c, 4, w, pr, 0, f))
    s_any = int(shanten(c, 4, w, pr, 0, f & ~SHAPE_WILD_SIMPLES))
    # restricted wilds are never better than free ones, never worse than no wilds at all
    assert s_any <= s_res <= int(shanten(c, 4, 0, pr, 0, f & ~SHAPE_WILD_SIMPLES))
    assert s_res == ref_shanten(c, 4, w, pr, 0, f & ~SHAPE_WILD_SIMPLES)
    if int(c.sum()) + w == 14:
        assert bool(is_win(c, 4, w, pr, 0, f)) == (s_res == -1)


# ------------------------------------------------------------------------------------ engine
def _yingkou_game(tail: int, hand: list[int], **overrides):  # type: ignore[no-untyped-def]
    """A hebei table whose tail tile (the indicator) makes ``tail`` wild; seat 0 holds
    ``hand`` (14 tiles, its own draw included)."""
    from collections import Counter

    from mjsim.engine import Game
    from mjsim.variants import get

    spec = get("hebei", wild_rule="indicator", **overrides)
    counts = Counter({k: c for k, c in enumerate(spec.counts()) if c})
    counts[tail] -= 1
    rest = [k for k in sorted(counts) for _ in range(counts[k])]
    g = Game(spec, wall=[*rest, tail])
    g.state.hands[0, 0, :34] = 0
    for k in hand:
        g.state.hands[0, 0, k] += 1
    return g


def _self_draw_ok(g) -> bool:  # type: ignore[no-untyped-def]
    from mjsim.engine.state import WK_SELF_DRAW
    from mjsim.engine.win_check import _win_ok

    k = int(np.flatnonzero(g.state.hands[0, 0, :34])[0])
    return bool(_win_ok(g.state, g.rules, 0, 0, k, WK_SELF_DRAW, -1, False))


def test_spec_compiles_to_the_modifier_bit_and_is_playable() -> None:
    from mjsim.rules import check_playable
    from mjsim.rules.params import P_WIN_SHAPES
    from mjsim.variants import get

    spec = get("hebei", wild_rule="indicator", wild_substitutes="simples")
    check_playable(spec)
    assert int(spec.compile().params[P_WIN_SHAPES]) & SHAPE_WILD_SIMPLES
    assert not int(get("hebei", wild_rule="indicator").compile().params[P_WIN_SHAPES]) & (
        SHAPE_WILD_SIMPLES
    )
    with pytest.raises(ValueError, match="wild_substitutes"):
        get("hebei", wild_substitutes="simples")  # no wild rule


def test_engine_win_check_restricts_the_wild() -> None:
    # 7z turned at the tail: 7z wild. 11m + 7z cannot be a pung of 1m under "simples".
    hand = [0, 0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 27, 27, 33]  # 11m 456m 789m 123p 11z + 7z
    assert _self_draw_ok(_yingkou_game(33, hand))
    assert not _self_draw_ok(_yingkou_game(33, hand, wild_substitutes="simples"))
    hand[1] = 2  # 13m + 7z as 2m
    assert _self_draw_ok(_yingkou_game(33, hand, wild_substitutes="simples"))


def test_engine_terminal_must_be_natural() -> None:
    # 1m turned: 1m wild, standing for 2m. "还不能断幺九": the 1m wild is no terminal (Yingkou).
    hand = [0, 2, 3, 3, 4, 5, 14, 15, 16, 19, 20, 21, 22, 22]  # 1m 3445 6m 678p 234s 55s
    rule = dict(terminal_rule="terminal_or_honor")
    assert _self_draw_ok(_yingkou_game(0, hand, **rule))  # free wild: the face 1m counts
    assert not _self_draw_ok(_yingkou_game(0, hand, wild_substitutes="simples", **rule))
    assert _self_draw_ok(_yingkou_game(0, hand, wild_substitutes="simples"))


@pytest.mark.slow  # greedy seats run the restricted shanten in every decision: not CI-sized
def test_self_play_with_restricted_wilds() -> None:
    from mjsim.variants import get

    spec = get(
        "hebei",
        allow_chow=True,
        chow_left_only=True,
        wild_rule="indicator",
        wild_substitutes="simples",
        pair_rule="not28",
        terminal_rule="terminal_or_honor",
    )
    rows = mjsim.simulate(spec, 60, ("greedy", "random") * 2, seed=3, threads=2, check=True)
    assert np.all(rows["error"] == 0)
    assert (rows["n_winners"] > 0).sum() > 0
