"""jiangnan (江南麻将, 心皇): 13-tile winning hands completed by the imagined tile through
``mjsim.score`` (the base, the factors, seven pairs); a scripted heavenly win with 12-tile hands
through the engine, and a seat locked out of winning on a kind it discarded; self-play with the
invariants checked."""

from __future__ import annotations

import numpy as np
import pytest
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.engine import Game
from mjsim.engine.state import PV_N_RIVER
from mjsim.tiles import parse_tiles


def score(hand, win, **kw):
    kw.setdefault("seat", 1)
    kw.setdefault("dealer", 0)
    if not kw.get("self_drawn"):
        kw.setdefault("discarder", 2)
    return mjsim.score("jiangnan", hand, win_tile=win, **kw)


def names(r) -> set[str]:
    return {zh for _i, _en, zh, _v, _n in r.items}


def test_the_imagined_tile_completes_thirteen() -> None:
    r = score("123m456p789s23s55p", "5p")  # 心皇 is the 1s or 4s
    assert r.total == 1 and names(r) == {"平和"} and r.payments == [0, 1, -1, 0]
    with pytest.raises(ValueError, match="wrong tile count"):
        score("123m456p789s234s55p", "5p")  # 14 tiles: one too many with the 心皇


def test_factors() -> None:
    r = score("123m456p789s23s55p", "5p", self_drawn=True)
    assert r.total == 2 and r.payments == [-2, 6, -2, -2]
    r = score("111m333p555s99s77s", "7s")  # the 心皇 makes the third 9s (or 7s)
    assert r.total == 2 and names(r) == {"平和", "对对和"}
    r = score("1133m2255p8899s7s", "7s")  # seven pairs, the 心皇 pairs one single
    assert r.total == 2 and names(r) == {"平和", "七对"}
    r = score("123m456m789m11m23m", "1m")
    assert r.total == 4 and names(r) == {"平和", "清一色"}
    with pytest.raises(ValueError, match="not a winning hand"):
        score("1133m2255p8899s7s", "7s", seven_pairs=False)


def wall12(hands: dict[int, str], extra: str) -> list[int]:
    """A 136-tile wall: 12 tiles to each seat from the dealer (seat 0), the dealer's 13th, the
    rest in kind order."""
    pool = {k: 4 for k in range(34)}
    parts = [parse_tiles(hands[p]) for p in range(4)]
    ext = parse_tiles(extra)
    for k in [*(k for h in parts for k in h), *ext]:
        pool[k] -= 1
        assert pool[k] >= 0
    rest = [k for k in range(34) for _ in range(pool[k])]
    return [k for h in parts for k in h] + ext + rest


OTHERS = {1: "111z222z333z444z", 2: "1s1s1s5s5s5s6s6s6s8s8s8s", 3: "4p4p4p6p6p6p7p7p7p8p8p8p"}


def test_scripted_heavenly_win_with_the_imagined_tile() -> None:
    # the dealer's 13 tiles + the 心皇: 天和 = 1 x 自摸 2 x 天和 8 = 16 from each
    hands = {0: "123m456m789m23s5p", **OTHERS}
    g = Game("jiangnan", wall=wall12(hands, "5p"))
    assert "win" in g.legal_action_names()
    g.step("win")
    assert g.done and list(g.payments) == [48, -16, -16, -16]


def test_a_seat_may_not_win_on_a_kind_it_discarded() -> None:
    # seat 1 holds 3 sets, 5p5p and 1z: with the 心皇 it waits on 5p and 1z. After seat 1 has
    # discarded a 1z ("曾放过的牌…更不能和") the dealer's 1z is no win for it; a 5p still is.
    hands = {0: "1z5p1s2s4s6s7s9s1p3p6p8p", 1: "123m456m789m5p5p1z", 2: OTHERS[2], 3: OTHERS[3]}
    for river, tile, can in ((None, "1z", True), ("1z", "1z", False), ("1z", "5p", True)):
        g = Game("jiangnan", wall=wall12(hands, "9p"))
        if river:
            g.state.river[0, 1, 0] = parse_tiles(river)[0]
            g.state.pv[0, 1, PV_N_RIVER] = 1
        g.step(f"discard {tile}")
        assert (g.current_player == 1 and "win" in g.legal_action_names()) is can, (river, tile)


def test_the_spec() -> None:
    spec = variants.get("jiangnan")
    assert spec.hand_size == 12 and spec.imagined_wild == 1
    assert spec.own_discard_lockout == "win_and_chow"


def test_random_hands_keep_every_invariant() -> None:
    r, _, won = check_random_hands("jiangnan", 2000, seed=5, threads=1)
    assert won.any() and np.all(r["n_winners"] <= 1)


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("jiangnan")
