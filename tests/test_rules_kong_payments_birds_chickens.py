"""Kong payments (``kong_pay_rule``, ``kong_hot_shot``), the guizhou win filter, birds and chickens
on scripted walls.

- the kong_pay hook, case "table": guizhou 豆 (example Z-e: a 闷豆 pays 20 from each
  other seat), an exposed kong paid by its discarder (guangdong_tuidaohu / qingyuan 3), the
  kong ledger ``PV_LEDGER0 + receiver`` / ``PV_LAST_KONG``;
- guizhou 热炮 (Z-f: the 豆 is refunded and the konger pays the winner its value on top) and the
  guizhou filter (Z-b: no 平胡 on a plain discard without a 豆; a 大对子 may win);
- birds as fields: 买马 (horse) and 扎鸟 (rank_seat) for a non-changsha family;
- chickens: 翻鸡, 打明鸡, 英雄鸡 settled for every seat.

Each game goes through ``mjsim.engine.Game`` (the engine kernels the suite already compiles).
"""

from __future__ import annotations

from functools import partial

import helpers
import pytest

from mjsim.actions import PASS, WIN
from mjsim.engine import Game
from mjsim.engine.state import (
    PV_LAST_KONG,
    PV_LEDGER0,
    TV_BIRD,
    TV_CHICKEN_FLIP,
    TV_CHICKEN_HERO,
    TV_CHICKEN_OPEN,
    TV_DRAWN,
)
from mjsim.rules.spec import check_playable
from mjsim.tiles import parse_tiles
from mjsim.variants import get

make_wall_108 = partial(helpers.make_wall, kinds=27)

#: a guizhou-like table over the hebei placeholder scorer: 108 tiles, 豆 20/10/10, 热炮, filter
GZ = dict(
    tile_set="108",
    win_shapes=("standard", "seven_pairs"),
    allow_ready=False,
    ready_locks_hand=False,
    wall_reserve=0,
    reserve_whole_stacks=False,
    kong_payment_timing="immediate",
    kong_pay_rule="table",
    kong_pay_values=(20, 10, 10),
    kong_hot_shot="refund_and_pay",
    win_filter="plain_discard_needs_kong",
)
CHICKENS = dict(chicken_flip="after_win", open_chicken=True, hero_chicken=True)


def K(tile: str) -> int:
    return parse_tiles(tile)[0]


def passive(g: Game, until) -> None:
    """Discard the drawn tile (else the lowest legal discard) and pass reactions until ``until``."""
    while not g.done and not until(g):
        legal = g.legal_actions()
        if PASS in legal:
            g.step(PASS)
            continue
        drawn = int(g.state.tv[0, TV_DRAWN])
        g.step(drawn if drawn in legal else min(a for a in legal if a < 34))


def test_fields_validate_and_play() -> None:
    check_playable(get("hebei", **GZ, **CHICKENS))
    check_playable(get("hebei", self_draw_only=True, birds=4, bird_rule="horse"))
    assert get("changsha").birds == 1 and get("sichuan").kong_pay_case() == "wind_and_rain"
    for bad, field in [
        ({"kong_pay_rule": "dou"}, "kong_pay_rule"),
        ({**GZ, "kong_pay_values": (20, 10)}, "kong_pay_values"),
        ({**GZ, "kong_payment_timing": "at_end", "kong_hot_shot": "none"}, "kong_pay_rule"),
        ({"kong_pay_values": (1, 1, 1)}, "kong_pay_values"),
        ({"kong_pay_rule": "wind_and_rain"}, "kong_pay_rule"),
        ({**GZ, "kong_hot_shot": "yes"}, "kong_hot_shot"),
        ({"kong_hot_shot": "refund_and_pay"}, "kong_hot_shot"),
        ({"birds": 5}, "birds"),
        ({"birds": True}, "birds"),
        ({"bird_rule": "fish"}, "bird_rule"),
        ({"chicken_flip": "always"}, "chicken_flip"),
        ({"open_chicken": 1}, "open_chicken"),
        ({**CHICKENS, "chicken_value": -1}, "chicken_value"),
        ({**CHICKENS, "birds": 1}, "birds"),
        ({"win_filter": "plain_discard_needs_kong"}, "win_filter"),
    ]:
        with pytest.raises(ValueError, match=field):
            get("hebei", **bad)
    with pytest.raises(ValueError, match="bird_rule"):
        get("changsha", bird_rule="horse")


# seat 1 (B) makes a concealed kong of 7s, then discards 3m: C's 平胡 (123m456m789m 555p 11p)
HOT = {
    0: "123m456m789m45p99p",
    1: "7777s123s569s3m88m",
    2: "12m456m789m11p555p",
    3: "222p333p444p44s56s",
}


def test_dou_ledger_and_hot_shot() -> None:
    wall = make_wall_108(HOT, dealer_extra="6m", draws="9s", tail="4s")
    g = Game(get("hebei", **GZ), wall=wall)
    g.step("discard 6m")
    passive(g, until=lambda g: g.current_player == 1 and g.phase == "turn")
    g.step("kong 7s")
    assert g.payments.tolist() == [-20, 60, -20, -20]  # Z-e: 闷豆 20 from each
    pv = g.state.pv[0]
    assert [int(pv[q, PV_LEDGER0 + 1]) for q in range(4)] == [20, 0, 20, 20]
    assert [int(pv[q, PV_LAST_KONG]) for q in range(4)] == [20, 0, 20, 20]
    g.step("discard 3m")
    assert g.current_player == 2 and WIN in g.legal_actions()  # 热炮: a 平胡 may win
    while not g.done:
        g.step(WIN if g.current_player == 2 else PASS)
    assert g.winners == [2]
    v = int(g.values[2])
    # Z-f: the 豆 is refunded (A, C, D get 20 back) and B pays C 60 + the win
    assert g.payments.tolist() == [0, -60 - v, 60 + v, 0]


def test_guizhou_filter_pinghu_needs_a_dou() -> None:
    wall = make_wall_108(HOT, dealer_extra="6m", draws="9s", tail="4s")
    for flt, can in (("plain_discard_needs_kong", False), ("none", True)):
        g = Game(get("hebei", **{**GZ, "win_filter": flt}), wall=wall)
        g.step("discard 6m")
        passive(g, until=lambda g: g.current_player == 1 and g.phase == "turn")
        g.step("discard 3m")  # no kong: a plain discard (Z-b)
        assert (g.current_player == 2 and WIN in g.legal_actions()) is can
    # a 大对子 (all pungs) wins on a plain discard without a 豆
    hands = {**HOT, 2: "111m222m444m555p3m"}
    wall = make_wall_108(hands, dealer_extra="6m", draws="9s", tail="4s")
    g = Game(get("hebei", **GZ), wall=wall)
    g.step("discard 6m")
    passive(g, until=lambda g: g.current_player == 1 and g.phase == "turn")
    g.step("discard 3m")
    assert g.current_player == 2 and WIN in g.legal_actions()


def test_exposed_kong_paid_by_its_discarder() -> None:
    hands = {
        0: "123m456m789m11p99p",
        1: "555p111s222s333s4s",
        2: "234m567m88m12p34p6p",
        3: "678p99p456s789s11m",
    }
    wall = make_wall_108(hands, dealer_extra="5p")
    for vals, want in (((2, 1, 3), [-3, 3, 0, 0]), ((20, 10, 10), [-10, 10, 0, 0])):
        spec = get("hebei", **{**GZ, "kong_pay_values": vals, "kong_hot_shot": "none"})
        g = Game(spec, wall=wall)
        g.step("discard 5p")
        g.step("exposed_kong")
        while g.phase == "react":
            g.step(PASS)
        assert g.payments.tolist() == want
        assert int(g.state.pv[0, 0, PV_LEDGER0 + 1]) == want[1]


# the dealer wins by self-draw on its first turn (123m 456m 789m 111p 5p5p)
DEALER_WINS = {0: "123m456m789m111p5p"}


@pytest.mark.parametrize(
    ("rule", "draws", "factors"),
    [
        ("horse", "1m9m", [3, 3, 3]),  # two horses on the winner (rank 1 and 9 -> the dealer)
        ("horse", "2m3m", [1, 1, 1]),  # horses on seats 1 and 2: nothing
        ("rank_seat", "1m2m", [3, 2, 2]),  # 扎鸟: a bird on the winner and one on seat 1
    ],
)
def test_birds_multiply_the_payers(rule: str, draws: str, factors: list[int]) -> None:
    wall = helpers.make_wall(DEALER_WINS, dealer_extra="5p", draws=draws)
    base = Game(get("hebei", self_draw_only=True), wall=wall)
    base.step("win")
    g = Game(get("hebei", self_draw_only=True, birds=2, bird_rule=rule), wall=wall)
    g.step("win")
    assert g.winners == [0] and int(g.state.tv[0, TV_BIRD]) == K(draws[:2])
    pay0 = base.payments.tolist()
    assert pay0[1] < 0
    assert g.payments.tolist()[1:] == [pay0[q] * f for q, f in zip((1, 2, 3), factors, strict=True)]
    assert sum(g.payments.tolist()) == 0


def test_chickens_settle_every_seat() -> None:
    hands = {
        0: "123m456m789m111p5p",  # + 5p: self-draw win; holds 5p x 2 (打明鸡)
        1: "1s2s3s4s5s6s7s8s9s1s2s3s4s",  # 1s x 2 (英雄鸡)
        2: "3p3p6p6p7p7p8p8p9p9p2s2s5s",  # 3p x 2 (翻鸡)
        3: "1m1m2m2m3m3m4m4m6m6m7m7m8m",
    }
    # head after the deal = 53: 2p is turned (3p), stack 3 = position 57 holds 4p (5p)
    wall = make_wall_108(hands, dealer_extra="5p", draws="2p1m9m9m4p")
    base = Game(get("hebei", **GZ), wall=wall)
    base.step("win")
    g = Game(get("hebei", **GZ, **CHICKENS), wall=wall)
    g.step("win")
    tv = g.state.tv[0]
    assert (int(tv[TV_CHICKEN_FLIP]), int(tv[TV_CHICKEN_OPEN]), int(tv[TV_CHICKEN_HERO])) == (
        K("3p"),
        K("5p"),
        K("1s"),
    )
    # chicken tiles 2, 2, 2, 0 at 10 from each other seat: +20, +20, +20, -60
    diff = [a - b for a, b in zip(g.payments.tolist(), base.payments.tolist(), strict=True)]
    assert diff == [20, 20, 20, -60]
