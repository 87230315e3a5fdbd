"""nanchang (南昌麻将): the 28 cells of the rule text's payment table (南昌麻将算子规则) and the
inferred dealer-ron case through ``mjsim.score``; 十三烂 / 七星十三烂, honour chows and 德国 with a
精 used as its own kind; scripted hands through the engine (the 精 bonus of every seat with
冲关 and 霸王精); self-play with the invariants checked."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import make_wall
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.engine import Game

JING = "9p"  # the wild kind of the payment-table examples (no natural use possible)

# hand -> (with a 精 standing for another tile, 德国: no 精 in the hand)
HANDS = {
    "平胡": ("123m456p789s23s9p55p", "123m456p789s234s55p"),
    "小七对": ("1133m2255p8899s7s9p", "1133m2255p8899s77s"),
    "大七对": ("111m333p555s77s99s9p", "111m333p555s777s99s"),
    "十三烂": ("147m258p369s1234z9p", "147m258p369s12345z"),
}
WIN = {"平胡": "5p", "小七对": "7s", "大七对": "7s", "十三烂": "3s"}

# 南昌麻将算子规则: (non-dealer self-draw: non-dealer, non-dealer, dealer), dealer self-draw
# (each), 捉闲 (discarder, dealer, other), 捉庄 (dealer, other, other)
TABLE = {
    ("平胡", False): ((2, 2, 4), 4, (2, 2, 1), (4, 1, 1)),
    ("平胡", True): ((9, 9, 13), 13, (9, 4, 2), (13, 2, 2)),
    ("小七对", False): ((4, 4, 8), 8, (4, 4, 2), (8, 2, 2)),
    ("大七对", False): ((8, 8, 16), 16, (8, 8, 4), (16, 4, 4)),
    ("小七对", True): ((21, 21, 37), 37, (21, 16, 8), (37, 8, 8)),
    ("大七对", True): ((21, 21, 37), 37, (21, 16, 8), (37, 8, 8)),
    ("十三烂", False): ((4, 4, 8), 8, (4, 4, 2), (8, 2, 2)),
    ("十三烂", True): ((13, 13, 21), 21, (13, 8, 4), (21, 4, 4)),
}


def score(hand, win, **kw):
    kw.setdefault("dealer", 0)
    kw.setdefault("wilds", JING)
    return mjsim.score("nanchang", hand, win_tile=win, **kw)


def names(r) -> set[str]:
    return {zh for _i, _en, zh, _v, _n in r.items}


@pytest.mark.parametrize(("hand", "de"), sorted(TABLE))
def test_the_payment_table_of_the_rule_text(hand: str, de: bool) -> None:
    tiles, win = HANDS[hand][1 if de else 0], WIN[hand]
    nd_self, dealer_self, catch_nd, catch_dealer = TABLE[(hand, de)]
    # a non-dealer (seat 1) self-draws: seats 2, 3 and the dealer 0 pay
    r = score(tiles, win, seat=1, self_drawn=True)
    assert ("德国" in names(r)) == de
    a, b, d = nd_self
    assert r.payments == [-d, a + b + d, -a, -b]
    # the dealer self-draws
    r = score(tiles, win, seat=0, self_drawn=True)
    assert r.payments == [3 * dealer_self, -dealer_self, -dealer_self, -dealer_self]
    # 捉闲: seat 1 wins on seat 2's discard; all three pay, the discarder double
    x, d, o = catch_nd
    r = score(tiles, win, seat=1, discarder=2)
    assert r.payments == [-d, x + d + o, -x, -o]
    # 捉庄: seat 1 wins on the dealer's discard
    x, o1, o2 = catch_dealer
    r = score(tiles, win, seat=1, discarder=0)
    assert r.payments == [-x, x + o1 + o2, -o1, -o2]


def test_the_dealer_wins_on_a_non_dealer_discard() -> None:
    # the case the rule text leaves out, by its formula: the discarder 4, the others 2
    r = score(HANDS["平胡"][0], "5p", seat=0, discarder=2)
    assert r.payments == [8, -2, -4, -2]


def test_de_seven_pairs_formula_option() -> None:
    # the formula reading: 德国 ×2 on every hand, so 德国小七对 prices like 德国十三烂
    r = score(HANDS["小七对"][1], "7s", seat=0, self_drawn=True, seed_de_seven_pairs=False)
    assert r.payments == [63, -21, -21, -21]
    r = score(HANDS["平胡"][1], "5p", seat=0, self_drawn=True, de_bonus=0)
    assert r.payments == [24, -8, -8, -8]


def test_seven_star_thirteen_rotten() -> None:
    # all seven honours: 4 x 自摸 2 x 德国 2 x dealer 2 + 5 = 37 from each (Taihe: 111)
    r = score("147m28p39s1234567z", "9s", seat=0, self_drawn=True)
    assert names(r) == {"平胡", "自摸", "七星十三烂", "德国"}
    assert r.payments == [111, -37, -37, -37]
    # a 精 may stand for the missing honour; then it is no 德国
    r = score("147m28p39s123456z9p", "9s", seat=0, self_drawn=True)
    assert names(r) == {"平胡", "自摸", "七星十三烂"}
    with pytest.raises(ValueError, match="not a winning hand"):
        score("147m28p349s123456z", "9s", seat=0, self_drawn=True)  # 3s and 4s too close


def test_a_jing_used_as_its_own_kind_is_de() -> None:
    # the 精 (4s) completes 2-3-4s as itself: 德国
    r = score("123m456p789s234s55p", "5p", seat=1, self_drawn=True, wilds="4s")
    assert "德国" in names(r) and r.payments == [-13, 31, -9, -9]
    # here the 精 (9m) must stand for 1s or 4s: no 德国
    r = score("123m456p789s23s9m55p", "5p", seat=1, self_drawn=True, wilds="9m")
    assert "德国" not in names(r) and r.payments == [-4, 8, -2, -2]


def test_a_win_on_a_tile_of_an_honour_chow_is_read() -> None:
    # 234p 567p 678s 白发中 + 33s, won on the 中 that completes the honour chow
    r = score("234567p678s33s567z", "7z", seat=1, discarder=2)
    assert names(r) == {"平胡", "德国"}


def test_honour_chows_are_chows() -> None:
    # 东南西 and 中发白 concealed are chows: a plain win, not all pungs
    r = score("123z567z789s234s55p", "5p", seat=1, discarder=2)
    assert names(r) == {"平胡", "德国"}
    # a claimed honour chow (东南北, West left out) keeps an all-pungs hand from 大七对
    r = score("111m333p555s99s", "9s", seat=1, discarder=2, melds=["honor_chow 124z from 3"])
    assert names(r) == {"平胡", "德国"}


JING_TAIL = "1p"  # the indicator turned from the tail: 正精 2p, 副精 3p


def test_scripted_jing_bonus_with_chongguan() -> None:
    # the dealer wins on the deal (天胡): 4 x 自摸 2 x 德国 2 (2p / 3p used as themselves) = 16,
    # x 2 for the dealer, + 5 = 37 from each. 精 bonus: the dealer holds 正精 + 副精 = 3 points (3 from
    # each), seat 1 holds three 正精 and a 副精 = 7 points: 冲关 (7 - 3) x 7 = 28 from each.
    hands = {0: "123m456m789m234p5s", 1: "2p2p2p3p1z1z1z2z2z2z3z3z3z"}
    g = Game("nanchang", wall=make_wall(hands, "5s", tail=JING_TAIL, avoid="2p3p"))
    assert "win" in g.legal_action_names()
    g.step("win")
    assert g.done
    assert list(g.payments) == [111 + 9 - 28, -37 + 84 - 3, -37 - 3 - 28, -37 - 3 - 28]


def test_scripted_bawangjing_doubles_a_lone_holder() -> None:
    # only the dealer holds 精 (3 points): 霸王精 doubles it to 6 from each
    hands = {0: "123m456m789m234p5s", 1: "4p4p4p5p1z1z1z2z2z2z3z3z3z"}
    g = Game("nanchang", wall=make_wall(hands, "5s", tail=JING_TAIL, avoid="2p3p"))
    g.step("win")
    assert list(g.payments) == [111 + 18, -37 - 6, -37 - 6, -37 - 6]
    # without the bonus (wild_bonus="none") only the win is paid
    g = Game(
        variants.get("nanchang", wild_bonus="none"),
        wall=make_wall(hands, "5s", tail=JING_TAIL, avoid="2p3p"),
    )
    g.step("win")
    assert list(g.payments) == [111, -37, -37, -37]


def test_scripted_jing_won_on_counts_once() -> None:
    # the dealer self-draws its 14th tile, a 正精 (2p), on the deal: 2p + 3p = 3 points, the
    # drawn 2p counted once; the lone holder (霸王精) receives 6 from each
    hands = {0: "123m456m789m34p5s5s", 1: "4p4p4p5p1z1z1z2z2z2z3z3z3z"}
    g = Game("nanchang", wall=make_wall(hands, "2p", tail=JING_TAIL, avoid="2p3p"))
    g.step("win")
    assert list(g.payments) == [111 + 18, -37 - 6, -37 - 6, -37 - 6]
    # seat 1 wins on the dealer's discarded 正精 with 3p in hand: 3 points, its own alone.
    # 捉庄 德国 地胡 (the dealer's first discard): the dealer 4 x 2 x 2 x 2 + 5 = 37, the others
    # 4 x 2 = 8 each; 霸王精 6 from each
    hands = {0: "2p1z2z3z4z5z6z7z1s2s4s6s8s", 1: "123m456m789m34p5s5s"}
    g = Game("nanchang", wall=make_wall(hands, "9s", tail=JING_TAIL, avoid="2p3p"))
    g.step("discard 2p")
    assert g.current_player == 1 and "win" in g.legal_action_names()
    g.step("win")
    while not g.done:
        g.step("pass")  # the later seats of the reaction window
    assert g.winners == [1] and list(g.payments) == [-37 - 6, 53 + 18, -8 - 6, -8 - 6]


def _until(g: Game, seat: int, action: str) -> None:
    """Pass every reaction window until ``seat`` may play ``action``, then play it."""
    while not (g.current_player == seat and action in g.legal_action_names()):
        g.step("pass")
    g.step(action)


# 南昌麻将怎么算子 (2kk4.com/youxiwenda/2803.html): A 4 精 points, B 1, C 1, D 0; C discards its
# 精, A claims it and reaches 冲关 (5 points) and wins. Here C is the dealer (seat 0), A seat 1
# (chows C's 副精 3p with 4p5p and holds two 正精 2p), B seat 2 (one 副精), D seat 3.
FEED_HANDS = {
    0: "3p6m9m6p9p6s1234567z",
    1: "2p2p4p5p123m456m1s5s9s",
    2: "3p1s789m789p234s6z6z",
    3: "1m4m7m9m4s7s1234567z",
}


def _fed_jing_hand(spec) -> Game:
    g = Game(spec, wall=make_wall(FEED_HANDS, "8s", draws="5m", tail=JING_TAIL, avoid="2p3p"))
    _until(g, 0, "discard 3p")
    _until(g, 1, "chow_low")  # 3p 4p 5p: A now holds 5 精 points
    _until(g, 1, "discard 9s")
    _until(g, 2, "discard 1s")
    _until(g, 1, "win")  # 1s 1s + 2p, 5s + 2p
    while not g.done:
        g.step("pass")
    assert g.winners == [1]
    return g


def test_the_discarder_of_a_claimed_jing_pays_the_chongguan_it_caused() -> None:
    # the page: D pays 4 + 1 + 1 (A 5 without 冲关, B 1), B pays 5 - 1 x 3, C pays 5 x 2 x 3 + 1
    # (A's 冲关 10 for each of the three other seats, B 1); seats C, A, B, D = 0, 1, 2, 3
    plain = list(_fed_jing_hand(variants.get("nanchang", wild_bonus="none")).payments)
    fed = list(_fed_jing_hand("nanchang").payments)
    assert sum(plain) == 0 and sum(fed) == 0
    assert [f - p for f, p in zip(fed, plain, strict=True)] == [
        -(5 * 2 * 3 + 1),
        30 + 5 + 5 - 1,
        -(5 - 1 * 3),
        -(4 + 1 + 1),
    ]
    # without the rule every seat pays A's 冲关 (10) itself
    own = list(_fed_jing_hand(variants.get("nanchang", wild_bonus_feeder_pays=False)).payments)
    assert sum(own) == 0
    assert [o - p for o, p in zip(own, plain, strict=True)] == [-10 - 1, 30 - 1, -10 + 3, -10 - 1]


def test_heavenly_and_earthly_hands_are_valued_as_the_largest_big_win() -> None:
    # 天胡: 4 (the hand group's best) x 自摸 2 x dealer 2 = 16 from each
    r = score(HANDS["平胡"][0], "5p", seat=0, self_drawn=True, heavenly=True)
    assert names(r) == {"平胡", "自摸", "天胡"}
    assert r.payments == [48, -16, -16, -16]
    # the best row of the hand group counts: 天胡 大七对 is 4, not 16
    r = score(HANDS["大七对"][0], "7s", seat=0, self_drawn=True, heavenly=True)
    assert r.payments == [48, -16, -16, -16]
    # 地胡: a non-dealer's self-draw, 4 x 自摸 2 = 8; the dealer pays double
    r = score(HANDS["平胡"][0], "5p", seat=1, self_drawn=True, earthly=True)
    assert names(r) == {"平胡", "自摸", "地胡"}
    assert r.payments == [-16, 32, -8, -8]


def test_an_earthly_discard_win_scores_as_the_engine_pays_it() -> None:
    # seat 1 wins on the dealer's first discard (地胡 "庄家打出第一张牌就有人胡"), 2p / 3p used as
    # themselves: 捉庄 德国 地胡, the dealer 4 x 2 x 2 x 2 + 5 = 37, the others 4 x 2 = 8 each
    spec = variants.get("nanchang", wild_bonus="none")  # the 精 bonus is not the win's value
    hands = {0: "2p1z2z3z4z5z6z7z1s2s4s6s8s", 1: "123m456m789m34p5s5s"}
    g = Game(spec, wall=make_wall(hands, "9s", tail=JING_TAIL, avoid="2p3p"))
    wild = "".join(f"{k % 9 + 1}{'mps'[k // 9]}" for k in np.flatnonzero(g.state.wild[0][:27]))
    assert wild == "2p3p"
    g.step("discard 2p")
    g.step("win")
    while not g.done:
        g.step("pass")
    assert g.winners == [1] and list(g.payments) == [-37, 53, -8, -8]
    r = score("123m456m789m234p55s", "2p", seat=1, discarder=0, earthly=True, wilds=wild)
    assert names(r) == {"平胡", "德国", "地胡"}
    assert r.payments == list(g.payments)
    # the winner is the dealer: no 地胡
    with pytest.raises(ValueError, match=r"earthly \(地和\) is a non-dealer's win"):
        score("123m456m789m234p55s", "2p", seat=0, discarder=1, earthly=True)


def test_the_spec() -> None:
    spec = variants.get("nanchang")
    assert spec.wild_rule == "indicator" and spec.effective_wild_offsets() == (1, 2)
    assert spec.honor_chows == "both" and "shisanlan" in spec.win_shapes
    assert spec.wild_bonus == "win" and spec.wild_bonus_feeder_pays
    with pytest.raises(ValueError, match="wild_bonus_feeder_pays"):
        variants.get("nanchang", wild_bonus="none", wild_bonus_feeder_pays=True)
    with pytest.raises(ValueError, match="wild_bonus"):
        variants.get("hebei", wild_bonus="win")


def test_a_bonus_needs_its_row() -> None:
    from mjsim.scoring.payments import PaymentRecord, compile_record

    with pytest.raises(ValueError, match="bonus_add needs a bonus_row"):
        compile_record(PaymentRecord(name="x", bonus_add=5))
    with pytest.raises(ValueError, match="bonus_row"):
        compile_record(PaymentRecord(name="x", bonus_add=5, bonus_row=-2))


def test_every_hand_settles_the_bonus_after_a_drawn_hand_too() -> None:
    spec = variants.get("nanchang", wild_bonus="every_hand", wild_rule="indicator")
    r = mjsim.simulate(spec, 300, seed=3, check=True, threads=1)
    assert np.all(r["error"] == 0)
    pays = np.stack([r[f"pay{p}"] for p in range(4)], axis=1)
    assert np.all(pays.sum(axis=1) == 0)


def test_random_hands_keep_every_invariant() -> None:
    r, _, won = check_random_hands("nanchang", 2000, seed=5, threads=1)
    assert won.any() and np.all(r["n_winners"] <= 1)


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("nanchang")
