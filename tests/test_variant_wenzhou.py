"""wenzhou (温州麻将): 16-tile hands (five sets and a pair) through ``mjsim.score``, the base
raised by each 连庄, 硬胡, the flushes, the 白板 stand-in for the 财神's kind; scripted hands
through the engine (a 天胡 won with the stand-in, the base raised after the dealer keeps the
deal); self-play with the invariants checked."""

from __future__ import annotations

import numpy as np
import pytest
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.engine import Game
from mjsim.tiles import parse_tiles


def score(hand, win, **kw):
    kw.setdefault("seat", 1)
    kw.setdefault("dealer", 0)
    kw.setdefault("wilds", "3s")  # the 财神 of these examples
    if not kw.get("self_drawn"):
        kw.setdefault("discarder", 2)
    return mjsim.score("wenzhou", hand, win_tile=win, **kw)


def names(r) -> set[str]:
    return {zh for _i, _en, zh, _v, _n in r.items}


PLAIN = "123m456m789m123p456p77s"  # five sets and a pair, no 财神: 硬胡


def test_a_win_is_five_sets_and_a_pair() -> None:
    r = score(PLAIN, "7s")
    assert r.total == 2 and names(r) == {"底", "硬胡"} and r.payments == [0, 2, -2, 0]
    with pytest.raises(ValueError, match="wrong tile count"):
        score("123m456m789m123p77s", "7s")  # a 14-tile hand is short of a set


def test_a_wild_in_the_hand_is_no_hard_win() -> None:
    r = score("123m456m789m123p45p3s77s", "7s")  # 3s (the 财神) stands for 6p
    assert r.total == 1 and names(r) == {"底"}


@pytest.mark.parametrize(("repeats", "want"), [(0, 4), (1, 8), (3, 16)])
def test_each_dealer_repeat_raises_the_base(repeats: int, want: int) -> None:
    # (1 + 连庄) x 自摸 2 x 硬胡 2, paid by each of the three
    r = score(PLAIN, "7s", seat=0, self_drawn=True, dealer_repeats=repeats)
    assert r.total == want and r.payments == [3 * want, -want, -want, -want]
    assert ("连庄" in names(r)) == (repeats > 0)
    r = score(PLAIN, "7s", seat=0, self_drawn=True, dealer_repeats=3, repeat_base=0)
    assert r.total == 4  # the raise turned off


def test_flushes_take_the_best_one() -> None:
    r = score("111m234m567m999m345m88m", "8m")
    assert r.total == 8 and names(r) == {"底", "硬胡", "清一色"}
    r = score("111m234m567m999m111z22z", "2z")
    assert r.total == 4 and names(r) == {"底", "硬胡", "混一色"}
    r = score("111z222z333z444z666z77z", "7z")  # (白 would be a 3s)
    assert r.total == 2 * 2 * 8 and names(r) == {"底", "硬胡", "对对胡", "字一色"}


def test_white_dragon_stands_for_the_wild_kind() -> None:
    # 2s 白 4s is a chow: 白板 plays as a natural 3s (the 财神's kind), so the hand is hard
    r = score("123m456m789m123p24s5z77s", "5z", self_drawn=True)
    assert r.total == 4 and names(r) == {"底", "自摸", "硬胡"}
    with pytest.raises(ValueError, match="not a winning hand"):
        score("123m456m789m123p24s5z77s", "5z", self_drawn=True, wilds="1z")


def test_a_called_white_dragon_pung_is_a_pung_of_the_wild_kind() -> None:
    # 2s is the 财神: the three 白板 of a pung are natural 2s, so 345s 456s 789s 111s 99s +
    # 白白白 is one suit: 1 x 硬胡 2 x 清一色 4 = 8 (scored as a dragon pung it was 混一色: 4)
    r = score("345s456s789s111s99s", "9s", melds=["pung 555z from 1"], wilds="2s")
    assert r.total == 8 and names(r) == {"底", "硬胡", "清一色"}


def wall16(hands: dict[int, str], extra: str, indicator: str) -> list[int]:
    """A 136-tile wall: 16 tiles to each seat from the dealer (seat 0), the dealer's 17th, the
    rest in kind order, the indicator last (turned from the tail)."""
    pool = {k: 4 for k in range(34)}
    parts = [parse_tiles(hands[p]) for p in range(4)]
    ext, ind = parse_tiles(extra), parse_tiles(indicator)
    for k in [*(k for h in parts for k in h), *ext, *ind]:
        pool[k] -= 1
        assert pool[k] >= 0
    rest = [k for k in range(34) for _ in range(pool[k])]
    return [k for h in parts for k in h] + ext + rest + ind


DEALER = "123m456m789m123p24s77s"
OTHERS = {1: "111z222z333z444z6z6z6z7z", 2: "1s1s1s5s5s5s6s6s6s8s8s8s9s9s9s5p",
          3: "4p4p4p5p5p5p7p7p7p8p8p8p9p9p9p1p"}  # fmt: skip


def test_scripted_heavenly_win_with_the_stand_in_and_the_raised_base() -> None:
    # indicator 2s -> 3s is the 财神; the dealer's 17th tile 白 fills 2s 白 4s: 天胡 on the deal,
    # 1 x 自摸 2 x 硬胡 2 x 天胡 8 = 32 from each
    hands = {0: DEALER, **OTHERS}
    for p in (1, 2, 3):
        assert len(parse_tiles(hands[p])) == 16
    g = Game("wenzhou", wall=wall16(hands, "5z", "2s"))
    assert "win" in g.legal_action_names()
    g.step("win")
    assert g.done and list(g.payments) == [96, -32, -32, -32]
    g.next_hand()  # the dealer keeps the deal: 连庄 1 raises the base to 2
    g.step("win")
    assert g.done and list(g.payments) == [192, -64, -64, -64]


def test_the_spec_plays_sixteen_tiles() -> None:
    spec = variants.get("wenzhou")
    assert spec.hand_size == 16 and spec.wild_rule == "indicator_next"
    assert spec.wild_stand_in == 31 and spec.count_dealer_repeats


def test_random_hands_keep_every_invariant() -> None:
    r, _, won = check_random_hands("wenzhou", 2000, seed=5, threads=1)
    assert won.any() and np.all(r["n_winners"] <= 1)


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("wenzhou")
