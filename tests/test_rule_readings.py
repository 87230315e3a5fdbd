"""Rule-reading options in the engine: scripted hands, each reading against the default.

Sichuan: a concealed (or any) kong while a void-suit tile (定缺) is still held
(``void_suit_kong``); 过胡 (``missed_win_threshold``). Changsha: the last tile kept back from
kong replacements (``last_tile_replacement``), the 海底 offered to ready seats only
(``seabed_offer``) and taken by the first seat offered when all refuse (``seabed_refused``),
birds 1 + hits vs 2 ** hits (``bird_rule``) and several birds on a 海底 win
(``seabed_birds``), the 三同 opening small win (``opening_same_rank_pairs``), 双豪华 / 三豪华
(``luxury_levels``). Wilds standing for a fifth copy (``wild_fifth_copy``). Random self-play
with every reading on keeps the engine's invariants.

Deal order of a scripted wall (docs/engine.md): seats from the dealer take 13 tiles each from
the head, then the dealer one more; normal draws continue from the head.
"""

from __future__ import annotations

from functools import partial

import helpers
import numpy as np
import pytest

import mjsim
from mjsim.actions import CHOOSE_SUIT, PASS, WIN, action_from_name
from mjsim.engine import Game
from mjsim.engine.state import PV_LOCK, PV_LOCK_VALUE, TV_BIRD, TV_NEXT_DEALER
from mjsim.scoring import changsha as C
from mjsim.scoring.changsha import default_params
from mjsim.tiles import parse_tiles

# steps a Game outside the "game" compile family: compile it under its lock (conftest)
pytestmark = pytest.mark.usefixtures("game_compiled")

wall108 = partial(helpers.make_wall, kinds=27)
discard_drawn = helpers.discard_drawn


def tile(name: str) -> int:
    return parse_tiles(name)[0]


def pass_until(g: Game, seat: int) -> None:
    while g.phase == "react" and g.current_player != seat:
        g.step(PASS)


def play_on(g: Game) -> Game:
    while g.phase == "declare":
        g.step(PASS)
    return g


# ---------------------------------------------------------------- Sichuan: kongs before 定缺 is out
def _sichuan_concealed(**opts) -> Game:
    # the dealer holds 1111m and the void suit s (2222s): it chooses s
    w = wall108({0: "1111m2222s345p67m"}, "9m")
    g = Game("sichuan", wall=w, **opts)
    g.step("choose_suit s")
    while g.phase == "choose_suit":
        g.step(g.legal_actions()[0])
    assert g.phase == "turn" and g.current_player == 0
    return g


def test_concealed_kong_while_the_void_suit_is_held() -> None:
    # default: no kong at all until the void suit is out; "concealed": 下雨 of 1m is
    # legal (2b from each), never a kong of the void suit itself
    names = _sichuan_concealed().legal_action_names()
    assert "kong 1m" not in names and "kong 2s" not in names
    assert set(names) == {"discard 2s"}  # the void suit first
    for opt in ("concealed", "any"):
        g = _sichuan_concealed(void_suit_kong=opt)
        names = g.legal_action_names()
        assert "kong 1m" in names and "kong 2s" not in names
        g.step("kong 1m")
        assert g.payments.tolist() == [6, -2, -2, -2]  # 下雨: 2b from each
        discards = [a for a in g.legal_action_names() if a.startswith("discard")]
        assert "discard 2s" in discards and all(a.endswith("s") for a in discards)


def _sichuan_exposed(**opts) -> Game:
    # seat 1 holds 555p and the void suit s (1s); the dealer (m and p only: s forced) discards 5p
    w = wall108({0: "123456789m123p4p", 1: "555p1s123m456m789m"}, "5p")
    g = Game("sichuan", wall=w, **opts)
    assert g.legal_actions() == [CHOOSE_SUIT + 2]
    g.step(CHOOSE_SUIT + 2)
    g.step("choose_suit s")
    while g.phase == "choose_suit":
        g.step(g.legal_actions()[0])
    g.step("discard 5p")
    assert g.phase == "react" and g.current_player == 1
    return g


def test_exposed_kong_while_the_void_suit_is_held_only_with_any() -> None:
    for opt, can_kong in (("none", False), ("concealed", False), ("any", True)):
        g = _sichuan_exposed(void_suit_kong=opt)
        names = set(g.legal_action_names())
        assert "pung" in names and ("exposed_kong" in names) == can_kong, opt
    g = _sichuan_exposed(void_suit_kong="any")
    g.step("exposed_kong")
    assert g.payments.tolist() == [-2, 2, 0, 0]  # 直杠: 2b from the discarder (承包制)


# ---------------------------------------------------------------- 过胡: which passed win sets the lock
def _guohu_game(first: str, second: str, **opts) -> Game:
    # seat 1 (void s) waits on 1m (111m + 1m: a 根, 1 fan) and 4m (平胡, 0 fan); seats 2 and 3
    # hold p and s only (void m): each must throw the m tile it draws
    hands = {
        0: "234567m789p123p4p",
        1: "111m23m456p789p55p",
        2: "123456789s11p2p3p",
        3: "123456789s66p8p9p",
    }
    g = Game("sichuan", wall=wall108(hands, "9s", draws=f"9s {first} {second}"), **opts)
    g.step("choose_suit s")  # the dealer holds m, p and its extra 9s
    while g.phase == "choose_suit":
        g.step(g.legal_actions()[0])
    discard_drawn(g)  # the dealer's 9s
    pass_until(g, -1)
    discard_drawn(g)  # seat 1 draws 9s (its void suit) and throws it
    pass_until(g, -1)
    assert g.current_player == 2
    discard_drawn(g)  # seat 2 throws `first`
    assert g.current_player == 1 and WIN in g.legal_actions()
    g.step(PASS)
    pass_until(g, -1)
    assert g.current_player == 3
    discard_drawn(g)  # seat 3 throws `second` before seat 1 draws again
    pass_until(g, 1)
    return g


def test_missed_win_locks_every_wait_until_the_next_draw_by_default() -> None:
    g = _guohu_game("4m", "1m")
    assert g.phase == "react" and g.current_player == 1  # it may pung the 1m, not win on it
    assert WIN not in g.legal_actions()


def test_missed_win_higher_value_allows_a_larger_win() -> None:
    # passed the 0-fan 4m: the 1-fan 1m (根) is allowed; paid 2 ** 1 by seat 3
    g = _guohu_game("4m", "1m", missed_win_threshold="higher_value")
    assert int(g.state.pv[0, 1, PV_LOCK]) != 0 and int(g.state.pv[0, 1, PV_LOCK_VALUE]) == 0
    assert g.phase == "react" and g.current_player == 1 and WIN in g.legal_actions()
    g.step(WIN)
    while not g.done:
        g.step(PASS)
    assert g.winners == [1] and int(g.values[1]) == 1
    assert g.payments.tolist() == [0, 2, 0, -2]
    # passed the 1-fan 1m: the 0-fan 4m stays locked
    g = _guohu_game("1m", "4m", missed_win_threshold="higher_value")
    assert int(g.state.pv[0, 1, PV_LOCK_VALUE]) == 1
    assert not (g.phase == "react" and g.current_player == 1 and WIN in g.legal_actions())


# ---------------------------------------------------------------- Changsha: the last tile (海底)
def test_kong_with_only_the_last_tile_left_kept_back() -> None:
    # seat 2 draws its fourth 5s with one tile left: by default it may kong and take the 海底 as
    # the replacement (rule F); kept_back: no kong, the last tile stays the 海底
    w = wall108({2: "5s5s5s 1m4m7m 2p6p9p 3s8s 9m 1p"}, "9m")
    j = next(i for i in range(53, 108) if w[i] == tile("5s") and i != 106)
    w[j], w[106] = w[106], w[j]
    for opt, can_kong in (("allowed", True), ("kept_back", False)):
        g = play_on(Game("changsha", wall=w, last_tile_replacement=opt))
        while not (g.phase == "turn" and g.tiles_left == 1 and g.current_player == 2):
            assert not g.done and g.phase != "seabed"
            if g.phase in ("react", "declare"):
                g.step(PASS)
            else:
                discard_drawn(g)
        assert ("kong 5s" in g.legal_action_names()) == can_kong
    discard_drawn(g)
    pass_until(g, -1)
    assert g.phase == "seabed" and g.tiles_left == 1


#: seat 1 waits on 3p (small win, 5s pair); seats 0, 2, 3 are far from ready; the 海底 is 3p
SEABED_HANDS = {
    0: "1m4m7m 2p5p8p 3s6s9s 1s4s 7p 3p",
    1: "1m2m3m 4m5m6m 7s8s9s 5s5s 1p2p",
    2: "2m5m8m 3p6p9p 2s8s 3m6m9m 4p6p",
    3: "7m8m 1p3p 5p7p 1s3s 4s6s 9s 2p 9m",
}


def _last_tiles(hands: dict[int, str], name: str) -> list[int]:
    """A wall dealing ``hands`` whose undealt copies of ``name`` are drawn last."""
    w = wall108(hands, "9m")
    k = tile(name)
    rest = [x for x in w[53:] if x != k]
    return w[:53] + rest + [k] * (len(w) - 53 - len(rest))


def _to_seabed(hands=SEABED_HANDS, **opts) -> Game:
    """Passive play (each seat throws what it draws) to the 海底 offer (the 海底 is 3p)."""
    g = play_on(Game("changsha", wall=_last_tiles(hands, "3p"), **opts))
    while g.phase != "seabed" and not g.done:
        if g.phase in ("react", "declare"):
            g.step(PASS)
        else:
            discard_drawn(g)
    return g


def test_seabed_offered_to_ready_seats_only() -> None:
    g = _to_seabed()
    assert g.phase == "seabed" and g.current_player == 3  # every seat, from the seat to draw
    g = _to_seabed(seabed_offer="ready_seats")
    assert g.phase == "seabed" and g.current_player == 1  # seats 3 and 0 are not ready
    g.step(action_from_name("declare 1"))
    assert g.current_player == 1 and WIN in g.legal_actions()
    g.step(WIN)
    assert g.winners == [1] and g.items[1][C.SEABED_DRAW] == 1
    # nobody ready: no offer, the hand is drawn; rule D: the first seat offered (3) deals
    hands = {**SEABED_HANDS, 1: "1m2m3m 4m5m6m 7s8s9s 5s5s 1p9p"}
    g = _to_seabed(hands, seabed_offer="ready_seats")
    assert g.done and g.winners == [] and g.tiles_left == 1
    assert int(g.state.tv[0, TV_NEXT_DEALER]) == 3


@pytest.mark.parametrize("offer", ["every_seat", "ready_seats"])
def test_seabed_refused_by_all_first_seat_offered_must_take_it(offer: str) -> None:
    # every asked seat refuses: seat 3 (first offered) takes the 海底, cannot win, exposes it;
    # seat 1 wins it (海底炮, big discard 60 from seat 3; the bird 3p names seat 2: x1)
    g = _to_seabed(seabed_offer=offer, seabed_refused="first_seat_takes")
    while g.phase == "seabed":
        g.step(PASS)
    assert g.phase == "turn" and g.current_player == 3 and g.tiles_left == 0
    assert g.legal_action_names() == ["discard 3p"]
    g.step(action_from_name("discard 3p"))
    pass_until(g, 1)
    assert g.current_player == 1 and WIN in g.legal_actions()
    g.step(WIN)
    while not g.done:
        g.step(PASS)
    assert g.winners == [1] and g.win_from == 3 and g.items[1][C.SEABED_DISCARD] == 1
    assert g.payments.tolist() == [0, 60, 0, -60]
    # default: refused by all is a drawn hand
    g = _to_seabed(seabed_offer=offer)
    while g.phase == "seabed":
        g.step(PASS)
    assert g.done and g.winners == []


@pytest.mark.parametrize(
    ("opts", "pay"),
    [
        ({}, [-40, 130, -60, -30]),  # one bird (the 海底 3p: seat 2): 30 x 2
        ({"seabed_birds": "all"}, [-40, 160, -90, -30]),  # both birds on seat 2: 30 x 3
        ({"seabed_birds": "all", "bird_rule": "rank_seat_doubling"}, [-40, 190, -120, -30]),
    ],
)
def test_two_birds_on_a_seabed_win(opts: dict, pay: list[int]) -> None:
    # seat 1 takes the 海底 (3p) and wins 海底捞月 (big self-draw: 30 each, the dealer 40)
    g = _to_seabed(birds=2, **opts)
    while g.current_player != 1:
        g.step(PASS)
    g.step(action_from_name("declare 1"))
    g.step(WIN)
    assert int(g.state.tv[0, TV_BIRD]) == tile("3p")
    assert g.payments.tolist() == pay


def test_missed_win_higher_value_seabed_discard() -> None:
    # seat 1 passes a small win on seat 2's 3p just before the 海底 (same-tile lock until its
    # next draw); the 海底 3p exposed by seat 3 is a big win (海底炮): allowed only when a larger
    # win may break the lock
    hands = {**SEABED_HANDS, 0: "1m4m7m 2p5p8p 3s6s9s 1s4s 7p 9p"}
    w = _last_tiles(hands, "3p")  # seat 2 draws the 3p before the 海底 3p
    for opt, can_win in (("none", False), ("higher_value", True)):
        g = play_on(Game("changsha", wall=w, missed_win_threshold=opt))
        while not (g.phase == "react" and g.current_player == 1 and WIN in g.legal_actions()):
            assert not g.done and g.phase != "seabed"
            if g.phase in ("react", "declare"):
                g.step(PASS)
            else:
                discard_drawn(g)
        assert g.tiles_left == 1
        g.step(PASS)  # a small win passed
        pass_until(g, -1)
        assert g.phase == "seabed" and g.current_player == 3
        g.step(action_from_name("declare 1"))
        g.step(action_from_name("discard 3p"))
        pass_until(g, 1)
        assert (g.phase == "react" and WIN in g.legal_actions()) == can_win, opt
        if can_win:
            g.step(WIN)
            while not g.done:
                g.step(PASS)
            assert g.items[1][C.SEABED_DISCARD] == 1 and g.payments.tolist() == [0, 60, 0, -60]


# ---------------------------------------------------------------- Changsha: birds, 三同, 豪华 levels
def test_two_birds_on_the_winner_add_or_double() -> None:
    # example 5 with two birds: seat 1 wins a small win on seat 2's 2p; birds 6s and 2s both name
    # seat 1 (ranks 6 and 2): 10 x (1 + 2) = 30, or 10 x 2 ** 2 = 40
    w = wall108(
        {1: "1m2m3m 4m5m6m 7p8p9p 5s5s 3p4p", 2: "1s1s1s 3s4s 7s8s 9m9m 6p6p 8p8p"},
        "9s",
        draws="9s 2p 6s 2s",
    )
    for opts, pay in (({}, 30), ({"bird_rule": "rank_seat_doubling"}, 40)):
        g = play_on(Game("changsha", wall=w, birds=2, **opts))
        g.step(action_from_name("discard 9s"))
        pass_until(g, -1)
        discard_drawn(g)
        pass_until(g, -1)
        g.step(action_from_name("discard 2p"))
        pass_until(g, 1)
        g.step(WIN)
        while not g.done:
            g.step(PASS)
        assert g.winners == [1] and g.payments.tolist() == [0, pay, -pay, 0]


#: seat 1 is dealt 三同 (22m 22p 22s) and no other opening small win; nobody else has one
SAME_RANK_HANDS = {
    0: "2m3m4m 4p5p6p 7s8s9s 2m6p 4s8s",
    1: "2m2m 2p2p 2s2s 1m3m4m 7p9p 1s3s",
    2: "3m4m5m 6m7m 1p3p 8p9p 1s2s 5s6s",
    3: "6m7m8m 9m9m 1p3p 4p 6s7s 9s 2s 4s",
}


def test_opening_same_rank_pairs() -> None:
    w = wall108(SAME_RANK_HANDS, "9m", draws="3m")
    assert Game("changsha", wall=w).phase == "turn"  # not an opening win by default
    g = Game("changsha", wall=w, opening_same_rank_pairs=True)
    assert g.phase == "declare" and g.current_player == 1
    g.step(action_from_name("declare 0"))
    assert g.done and g.winners == [1] and g.items[1][C.SAME_RANK_PAIRS] == 1
    # one small self-draw: dealer 20, others 10; the bird 3m names seat 2 (x2)
    assert g.payments.tolist() == [-20, 50, -20, -10]


def test_luxury_seven_pairs_levels_in_play() -> None:
    # seat 1 wins 七小对 with two fours (1m, 2p) on seat 2's 5s; the bird 4m names seat 3
    w = wall108({1: "1m1m1m1m 2p2p2p2p 3s3s 4s4s 5s"}, "9s", draws="9p 5s 4m")
    lux = tuple(int(x) for x in default_params(luxury_pairs=1)) + (1,)
    for opts, k in (
        ({}, 1),
        ({"score_values": lux}, 2),
        ({"score_values": lux, "luxury_levels": True}, 3),
    ):
        g = play_on(Game("changsha", wall=w, **opts))
        g.step(action_from_name("discard 9s"))
        pass_until(g, -1)
        discard_drawn(g)
        pass_until(g, -1)
        assert g.current_player == 2
        g.step(action_from_name("discard 5s"))
        pass_until(g, 1)
        g.step(WIN)
        while not g.done:
            g.step(PASS)
        assert g.winners == [1] and int(g.values[1]) == k
        assert g.payments.tolist() == [0, 60 * k, -60 * k, 0]


# ---------------------------------------------------------------- wilds standing for a fifth copy
def _wild_game(hand: str, extra: str, **opts) -> Game:
    w = helpers.make_wall({0: hand}, extra)
    return Game("hebei", wall=w, wild_rule="fixed", wild_tiles=(33,), **opts)


def test_wild_as_a_fifth_copy_wins_and_makes_ready() -> None:
    # the dealer's 5555m 123p 456p 789p + 红中 (wild): 555m + 5m-wild pair needs a fifth 5m
    assert "win" not in _wild_game("5555m123p456p789p", "7z").legal_action_names()
    g = _wild_game("5555m123p456p789p", "7z", wild_fifth_copy=True)
    assert "win" in g.legal_action_names()
    g.step(WIN)
    assert g.winners == [0] and g.win_kind == "self_draw"
    # ready only through the fifth copy: 5555m 123p 456p 78p + wild after throwing 9s
    names = _wild_game("5555m123p456p78p9s", "7z").legal_action_names()
    assert "ready_discard 9s" not in names
    names = _wild_game("5555m123p456p78p9s", "7z", wild_fifth_copy=True).legal_action_names()
    assert "ready_discard 9s" in names


# ---------------------------------------------------------------- invariants with the readings on
@pytest.mark.parametrize(
    ("variant", "opts"),
    [
        (
            "changsha",
            dict(
                last_tile_replacement="kept_back",
                seabed_offer="ready_seats",
                seabed_refused="first_seat_takes",
                birds=2,
                bird_rule="rank_seat_doubling",
                seabed_birds="all",
                opening_same_rank_pairs=True,
                luxury_levels=True,
                missed_win_threshold="higher_value",
            ),
        ),
        ("sichuan_xuezhan", dict(void_suit_kong="any", missed_win_threshold="higher_value")),
        ("hebei", dict(wild_rule="indicator_next", wild_fifth_copy=True)),
    ],
)
def test_self_play_with_the_readings_keeps_invariants(variant: str, opts: dict) -> None:
    # tile conservation, hand sizes, zero-sum payments and mask legality at every step
    rows = mjsim.simulate(
        variant, 400, ("greedy", "random") * 2, seed=11, threads=2, check=True, **opts
    )
    assert np.all(rows["error"] == 0)
    assert (rows["n_winners"] > 0).sum() > 0
    pays = np.stack([rows[f"pay{p}"] for p in range(4)], axis=1)
    assert np.all(pays.sum(axis=1) == 0)
