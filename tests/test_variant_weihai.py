"""weihai (Weihai 威海麻将): the worked examples W-a..W-e of its rules through ``mjsim.score``,
放风 / 补风 (门清 broken, 补风 money) through a scripted wall, the dealer's 番 in every pair, and
self-play with the invariants checked (docs/variants/weihai.md)."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import make_wall
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.actions import FENG, PASS, WIN, encode_discard
from mjsim.engine import Game
from mjsim.engine.state import PV_VALUE, TV_DRAWN
from mjsim.tiles import parse_tiles

# an ordinary hand: 789m called, 234m 567p 345s 55s concealed
HAND, MELDS = "234m567p345s55s", ["chow 789m"]


def score(hand=HAND, win="5s", **kw):
    kw.setdefault("melds", MELDS)
    return mjsim.score("weihai", hand, win_tile=win, **kw)


def names(r) -> set[str]:
    return {zh for _i, _en, zh, _v, _n in r.items}


def test_w_a_ordinary_discard_win() -> None:
    r = score(seat=1, dealer=0, discarder=2)
    assert r.total == 1 and names(r) == {"推倒和"}  # 2^0
    assert r.payments == [0, 1, -1, 0]


def test_w_b_ready_closed_wait_from_the_dealer() -> None:
    # 听牌 1 + 夹张 1 + 庄家 1: 2^3 = 8
    r = score(win="4s", seat=1, dealer=0, discarder=0, ready_kind="hidden")
    assert r.total == 4 and names(r) == {"推倒和", "听牌", "夹张"}
    assert r.payments == [-8, 8, 0, 0]


def test_w_c_full_flush_seven_pairs_self_draw() -> None:
    # 清一色 2 + 七对 2 = 4: 16 from each player, 32 from the dealer (N = 5)
    r = score("11223344556677m", "7m", melds=[], self_drawn=True, seat=1, dealer=0)
    assert r.total == 16 and names(r) == {"推倒和", "七对", "清一色"}
    assert r.payments == [-32, 64, -16, -16]


def test_w_d_bufeng_money() -> None:
    # W-b's 8 from the dealer; the winner put out 2 补风, the dealer 1: 8 + 2 - 1 = 9
    r = score(win="4s", seat=1, dealer=0, discarder=0, ready_kind="hidden",
              honor_tiles_out=5, bufeng=(1, 2, 0, 0))  # fmt: skip
    assert r.total == 4 and r.payments == [-9, 9, 0, 0]
    with pytest.raises(ValueError, match="bufeng"):
        score(seat=1, discarder=2, bufeng=(1, 2, 0))


def test_w_e_best_luxury_seven_pairs_full_flush_after_three_drawn_hands() -> None:
    # 至尊豪华七对 5 + 清一色 2 = 7: 2^7 x 8 = 1024
    r = score("1111m2222m3333m44m", "4m", melds=[], seat=1, dealer=0, discarder=2,
              carry_mult=8)  # fmt: skip
    assert names(r) == {"推倒和", "至尊豪华七对", "清一色"}
    assert r.total == 128 and r.payments == [0, 1024, -1024, 0]


def test_concealed_hand_is_broken_by_a_kong_or_a_feng() -> None:
    concealed = "234m567p345s789m55s"
    r = score(concealed, melds=[], seat=1, dealer=0, discarder=2)
    assert names(r) == {"推倒和", "门清"} and r.total == 2
    r = score(concealed, melds=[], seat=1, dealer=0, discarder=2, honor_tiles_out=3)
    assert names(r) == {"推倒和"} and r.total == 1
    r = score("234m567p345s55s", melds=["concealed_kong 1111z"], seat=1, dealer=0, discarder=2)
    assert names(r) == {"推倒和", "暗杠"} and r.total == 4  # 暗杠 2, no 门清


def test_single_tile_edge_wait_and_kongs() -> None:
    r = score("55s", melds=["chow 789m", "pung 111p", "kong 7777z", "pung 222s"], seat=1,
              dealer=0, discarder=2)  # fmt: skip
    assert names(r) == {"推倒和", "手把一", "明杠"} and r.total == 4
    r = score("123m567p345s55s", win="3m", seat=1, dealer=0, discarder=2)
    assert names(r) == {"推倒和", "边张"} and r.total == 2


def test_the_spec() -> None:
    spec = variants.get("weihai")
    assert spec.honor_set_exposure and spec.draw_counter_rule == "double_per_draw"
    assert spec.draw_multiplier_after_cap == 32 and spec.dealer_on_draw == "next_if_any_kong"
    assert variants.get("weihai", score_values=(1,)).compile().pay_record[6] == 1  # dealer_mult


AVOID = "1z2z7z4z6z8p8s5s1s2s3s9m"


def test_scripted_feng_set_then_bufeng_then_win() -> None:
    # the dealer puts out 东 中 南 (放风), discards 5s, draws 北 and puts it out (补风), then
    # self-draws 123m 456m 789m 99p 123s on the replacement: 放风 broke 门清; a win on a
    # replacement from the tail is 杠上开花 1: 2^1, doubled in each pair with the dealer, + its
    # one 补风 from each: 5 each
    wall = make_wall({0: "127z12345678m99p"}, "5s", draws="8p8s6z4z", tail="1s2s3s9m",
                     avoid=AVOID, flowers=8)  # fmt: skip
    g = Game("weihai", wall=wall)
    s = g.state
    for j in (0, 6, 1):
        g.step(FENG + j)
    g.step(encode_discard(int(parse_tiles("5s")[0])))
    for _ in range(3):
        while g.phase == "react":
            g.step(PASS)
        g.step(int(s.tv[0, TV_DRAWN]))  # seats 1-3 discard what they drew
    while g.phase == "react":
        g.step(PASS)
    assert g.current_player == 0 and FENG + 3 in g.legal_actions()
    g.step(FENG + 3)
    g.step(WIN)
    assert g.winners == [0] and int(s.pv[0, 0, PV_VALUE]) == 2
    assert list(g.payments) == [15, -5, -5, -5]


def test_random_hands_keep_every_invariant() -> None:
    r, _, won = check_random_hands("weihai", 2000, seed=5, threads=1)
    assert np.all(r["n_winners"] <= 1)  # one winner per hand
    assert np.all(r["value"][won] >= 1)


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("weihai")
