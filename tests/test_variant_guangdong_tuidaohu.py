"""guangdong_tuidaohu (广东推倒胡): the hand values and payments through ``mjsim.score``
(平胡, 无鬼, 杠开, the 大胡 factors, 抢杠全包), scripted hands through the engine (跟庄, 杠爆全包
with the kong paid at once, 买马 horses, self-draw only), and self-play with the invariants
checked."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import make_wall
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.engine import Game
from mjsim.engine.state import PV_PAY


def score(hand, win, **kw):
    kw.setdefault("self_drawn", True)
    kw.setdefault("seat", 1)
    kw.setdefault("dealer", 0)
    return mjsim.score("guangdong_tuidaohu", hand, win_tile=win, wilds="5z", **kw)


def names(r) -> set[str]:
    return {zh for _i, _en, zh, _v, _n in r.items}


def test_a_plain_win_holding_a_wild_is_one_fan_from_each() -> None:
    # 5z (白板) stands for the 2z of the pair: 平胡 1, no 无鬼
    r = score("123m456p789s111z2z5z", "2z")
    assert r.total == 1 and names(r) == {"平胡"}
    assert r.payments == [-1, 3, -1, -1]


def test_no_wild_doubles() -> None:
    r = score("123m456p789s111z22z", "2z")
    assert r.total == 2 and names(r) == {"平胡", "无鬼"}


def test_big_hands_multiply() -> None:
    # 碰碰胡 x 清一色 x 无鬼 = 8
    r = score("111m333m555m777m99m", "9m")
    assert r.total == 8 and names(r) == {"平胡", "碰碰胡", "清一色", "无鬼"}
    # 七小对 with a four: x2 x2 (豪华), no wild x2
    r = score("1111m3355p77s1122z", "7s")
    assert r.total == 8 and names(r) == {"平胡", "七小对", "豪华七小对", "无鬼"}
    # 十三幺: its 白板 is a 鬼 standing for itself, so no 无鬼
    r = score("19m19p19s1234567z1m", "1m")
    assert r.total == 8 and names(r) == {"平胡", "十三幺"}
    # the plain reading: every shape is 1 番
    r = score("111m333m555m777m99m", "9m", big_hands=False)
    assert r.total == 2


def test_kong_bloom_doubles() -> None:
    r = score("123m456p789s22z", "2z", melds=["concealed_kong 1111z"], kong_replacement=True)
    assert r.total == 4 and names(r) == {"平胡", "无鬼", "杠开"}


def test_robbing_a_kong_is_a_self_draw_paid_by_the_robbed_seat() -> None:
    r = score("123m456p789s111z22z", "5p", self_drawn=False, discarder=2, robbing_kong=True)
    assert r.total == 2 and r.payments == [0, 6, -6, 0]


def test_spec_fields() -> None:
    spec = variants.get("guangdong_tuidaohu")
    assert spec.self_draw_only and not spec.allow_chow and spec.wild_tiles == (31,)
    assert spec.kong_pay_values == (2, 1, 3) and spec.birds == 4 and spec.bird_rule == "horse"
    assert spec.follow_dealer == 1 and spec.kong_bloom_liable and spec.rob_kong_as_self_draw
    # the other wild reading: the kind after a turned indicator (翻鬼)
    other = variants.get("guangdong_tuidaohu", wild_rule="indicator_next", wild_tiles=())
    other.compile()
    with pytest.raises(ValueError, match="follow_dealer"):
        variants.get("guangdong_tuidaohu", follow_dealer=-1)
    with pytest.raises(ValueError, match="kong_bloom_liable"):
        variants.get("changsha", kong_bloom_liable=True)  # paid by its own scorer
    # no exposed kong, nothing to be liable for: the qualifier follows allow_exposed_kong
    assert not variants.get("guangdong_tuidaohu", allow_exposed_kong=False).kong_bloom_liable


def _pass_or(g: Game, action: str) -> None:
    while action not in g.legal_action_names():
        g.step("pass")
    g.step(action)


# every seat holds one 9m; no 白板 anywhere
DEALER = "1m2m3m4m5m6m7m8m1p2p3p4p9m"
SEAT1 = "1s2s3s4s5s6s7s8s1z1z2z2z9m"
SEAT2 = "2m3m4m6p7p8p9p9s9s3z3z4z9m"
SEAT3 = "3m4m5m6m7m8m1p2p3p4p6z6z9m"


@pytest.mark.parametrize(("last", "paid"), [("9m", True), ("6z", False)])
def test_follow_the_dealer(last: str, paid: bool) -> None:
    # 跟庄: the dealer's first discard 9m is followed by all three: the dealer pays each 1
    wall = make_wall({0: DEALER, 1: SEAT1, 2: SEAT2, 3: SEAT3}, "5p", "7z7z7z1s")
    g = Game("guangdong_tuidaohu", wall=wall)
    g.step("discard 9m")
    _pass_or(g, "discard 9m")
    _pass_or(g, "discard 9m")
    _pass_or(g, f"discard {last}")
    while g.current_player != 0:
        g.step("pass")
    pay = [int(g.state.pv[0, q, PV_PAY]) for q in range(4)]
    assert pay == ([-3, 1, 1, 1] if paid else [0, 0, 0, 0])


KONG_SEAT1 = "1z1z1z1m2m3m4m5m6m7p8p9p5s"


@pytest.mark.parametrize(("birds", "draws", "dealer_pays"), [(0, "", 15), (4, "2m6m3m4m", 39)])
def test_kong_bloom_on_an_exposed_kong_is_paid_by_its_discarder(birds, draws, dealer_pays):
    # seat 1 konges the dealer's 1z (3 from the dealer at once) and self-draws 5s on the
    # replacement: 平胡 1 x 无鬼 2 x 杠开 2 = 4 from each, all paid by the dealer (杠爆全包);
    # two horses (2m, 6m: the seat after the dealer) triple the shares: 3 + 3 x 12
    spec = variants.get("guangdong_tuidaohu", birds=birds)
    dealer = "1z2m3m4m5m6m7m8m1p2p3p4p9m"
    wall = make_wall({0: dealer, 1: KONG_SEAT1}, "6p", draws, tail="5s", avoid="5z")
    g = Game(spec, wall=wall)
    g.step("discard 1z")
    assert "exposed_kong" in g.legal_action_names()
    g.step("exposed_kong")
    assert g.current_player == 1 and "win" in g.legal_action_names()
    g.step("win")
    assert g.done and g.winners == [1]
    assert list(g.payments) == [-dealer_pays, dealer_pays, 0, 0]


def test_no_discard_win() -> None:
    # seat 1 waits on 5s; the dealer discards 5s: self-draw only, so no win is offered
    dealer = "5s2m3m4m5m6m7m8m1p2p3p4p9m"
    wall = make_wall({0: dealer, 1: KONG_SEAT1}, "6p", avoid="5z")
    g = Game("guangdong_tuidaohu", wall=wall)
    g.step("discard 5s")
    assert g.current_player != 1 or "win" not in g.legal_action_names()


def test_random_hands_keep_every_invariant() -> None:
    r, _, won = check_random_hands("guangdong_tuidaohu", 2000, seed=5, threads=1)
    assert won.any() and np.all(r["n_winners"] <= 1)
    assert set(np.unique(r["win_kind"][won])) <= {1, 3}  # self-draws and robbed kongs only
    assert np.all(r["value"][won] >= 1)


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("guangdong_tuidaohu")


def test_follow_the_dealer_is_a_field_of_any_rule_set() -> None:
    # 跟庄 on hebei (no wilds, chow allowed from the previous seat: nobody can chow a 9m here)
    spec = variants.get("hebei", follow_dealer=2)
    wall = make_wall({0: DEALER, 1: SEAT1, 2: SEAT2, 3: SEAT3}, "5p", "7z7z7z1s")
    g = Game(spec, wall=wall)
    g.step("discard 9m")
    for _ in range(3):
        _pass_or(g, "discard 9m")
    while g.current_player != 0:
        g.step("pass")
    assert [int(g.state.pv[0, q, PV_PAY]) for q in range(4)] == [-6, 2, 2, 2]
