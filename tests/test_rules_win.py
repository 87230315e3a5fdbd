"""Win, claim, ready and lockout rules (the RuleSpec fields of those topics).

Each test builds a crafted table (hands written into the state of a hebei-based ``Game``) and
shows one rule bite: an action present in the legal mask without the rule and absent with it
(or the transition it causes). Tile conservation is not the point of these crafted states; the
last test plays random hands with many of the new rules on and checks every invariant.
"""

from __future__ import annotations

import numpy as np
import pytest

from mjsim.actions import PASS, READY_SHOWN, WIN
from mjsim.engine import Game
from mjsim.engine.invariants import check_invariants
from mjsim.engine.state import (
    PV_LOCK_HAND,
    PV_N_EXPOSED,
    PV_N_MELDS,
    PV_N_RIVER,
    PV_READY,
    PV_READY_KIND,
    TV_DRAWN,
    TV_HEAD,
    TV_N_KONGS,
    TV_REPLACEMENT,
    TV_TAIL,
)
from mjsim.melds import MELD_CHOW, MELD_CONCEALED_KONG, MELD_PUNG
from mjsim.rules import params as P
from mjsim.rules.spec import RuleSpec
from mjsim.tiles import parse_tiles
from mjsim.variants import get

# seat 2 waits on 1p / 4p (11p + 23p); the other seats hold nothing that reacts to 1p or 4p
WAIT_14 = "123m456m789m11p23p"
DEALER = "4p1p5p6p7p8p9p1s2s3s4s6s7s8s"  # discards 4p or 1p; 14 tiles
SEAT1 = "1p1z2z3z4z5z6z7z1z2z3z4z5z"
SEAT3 = "2m3m5m6m8m9m2s3s5s6s8s9s7z"
JUNK = "9m9m9m1s1s1s9s9s9s7z7z6z6z"  # 13 tiles that react to nothing the tests discard


def K(tile: str) -> int:
    return parse_tiles(tile)[0]


def table(hands: list[str], drawn: str | None = None, **overrides: object) -> Game:
    """A hebei-based Game whose four concealed hands are replaced by ``hands`` (the dealer,
    seat 0, holds 14 tiles; ``drawn`` is its drawn tile, default the last one written)."""
    g = Game("hebei", seed=3, **overrides)
    s = g.state
    for p, text in enumerate(hands):
        s.hands[0, p, :] = 0
        for k in parse_tiles(text, check_copies=False):
            s.hands[0, p, k] += 1
    last = parse_tiles(hands[0], check_copies=False)[-1]
    s.tv[0, TV_DRAWN] = K(drawn) if drawn else last
    return g


def meld(g: Game, p: int, mtype: int, tile: str, src: int = 1, exposed: bool = True) -> None:
    s = g.state
    i = int(s.pv[0, p, PV_N_MELDS])
    s.melds[0, p, i] = (mtype, K(tile), src)
    s.pv[0, p, PV_N_MELDS] = i + 1
    if exposed:
        s.pv[0, p, PV_N_EXPOSED] += 1


def std(**ov: object) -> Game:
    return table([DEALER, SEAT1, WAIT_14, SEAT3], **ov)


def asked(g: Game, seat: int) -> list[str]:
    """PASS the reactions of the other seats; the legal action names of ``seat`` if it is asked
    in this window, else ``[]``."""
    while g.phase == "react":
        if g.current_player == seat:
            return g.legal_action_names()
        g.step(PASS)
    return []


def win_offered(g: Game, seat: int = 2) -> bool:
    return "win" in asked(g, seat)


def to_seat1_discard(g: Game, tile: str) -> None:
    """Seat 1 (after its draw) discards ``tile``."""
    assert g.phase == "turn" and g.current_player == 1
    g.step(f"discard {tile}")


# ---------------------------------------------------------------------------------- spec
@pytest.mark.parametrize(
    "overrides, field",
    [
        ({"missed_win_scope": "some"}, "missed_win_scope"),
        ({"missed_win_lift": "later"}, "missed_win_lift"),
        (
            {"missed_win_lockout": "same_tile_until_move", "missed_win_scope": "all_waits"},
            "missed_win_scope",
        ),
        ({"own_discard_lockout": "x"}, "own_discard_lockout"),
        ({"min_fan_discard": -1}, "min_fan_discard"),
        ({"rob_kong_by_pung": True}, "rob_kong_by_pung"),  # hebei: rob_kong="none"
        ({"self_draw_only": True, "rob_kong": "added"}, "rob_kong"),
        ({"win_filter": "lanzhou"}, "win_filter"),
        ({"terminal_rule": "terminal", "must_have_terminal": True}, "terminal_rule"),
        ({"kong_after_pung": "any", "no_kong_after_pung": True}, "kong_after_pung"),
        ({"kong_after_ready": "sometimes"}, "kong_after_ready"),
        ({"min_hand_after_call": 0}, "min_hand_after_call"),
        ({"ready_modes": ("hidden", "hidden")}, "ready_modes"),
        ({"ready_modes": ("loud",)}, "ready_modes"),
        ({"last_tiles_self_draw_only": 40}, "last_tiles_self_draw_only"),
        ({"abort_on_kongs": "two"}, "abort_on_kongs"),
        ({"suit_rule": "four"}, "suit_rule"),
        ({"win_shapes": ("standard", "luoshu")}, "win_shapes"),
        ({"ready_exempt_kong_replacement": True}, "ready_exempt_kong_replacement"),
    ],
)
def test_bad_values_name_the_field(overrides: dict, field: str) -> None:
    with pytest.raises(ValueError, match=field):
        get("hebei", **overrides)


def test_old_fields_are_aliases_of_the_new_ones() -> None:
    p = get("hebei", must_have_terminal=True).compile().params
    assert p[P.P_TERMINAL_RULE] == P.TERMINAL_OR_HONOR and p[P.P_MUST_HAVE_TERMINAL] == 1
    p = get("hebei", terminal_rule="terminal_or_honor").compile().params
    assert p[P.P_MUST_HAVE_TERMINAL] == 1
    p = get("hebei", no_kong_after_pung=True).compile().params
    assert p[P.P_KONG_AFTER_PUNG] == P.KONG_AFTER_PUNG_NEVER_HELD
    p = get("hebei", kong_after_pung="never_with_held_fourth").compile().params
    assert p[P.P_NO_KONG_AFTER_PUNG] == 1
    # the lockout codes map onto scope / lift
    for lk, scope, lift in [
        ("until_next_draw", P.MW_SCOPE_ALL, P.MW_LIFT_OWN_DRAW),
        ("whole_hand", P.MW_SCOPE_ALL, P.MW_LIFT_NEVER),
        ("same_tile_until_move", P.MW_SCOPE_TILE, P.MW_LIFT_ANY_MOVE),
        ("same_tile_until_next_draw", P.MW_SCOPE_TILE, P.MW_LIFT_OWN_DRAW),
    ]:
        p = get("hebei", missed_win_lockout=lk).compile().params
        assert (p[P.P_MW_SCOPE], p[P.P_MW_LIFT]) == (scope, lift)
    # min_fan stays the floor of both minima
    p = get("hebei", min_fan=2, min_fan_self_draw=5).compile().params
    assert (p[P.P_MIN_FAN_DISCARD], p[P.P_MIN_FAN_SELF_DRAW]) == (2, 5)
    assert RuleSpec.from_dict(get("hebei", ready_modes=("hidden", "shown")).to_dict()).ready_modes
    assert get("hebei", ready_modes="hidden,shown").ready_modes == ("hidden", "shown")


# ---------------------------------------------------------------------------------- passed wins: scope and lift
def test_missed_win_scope_tile_vs_all_waits() -> None:
    for scope, can_win_1p in (("auto", False), ("all_waits", False), ("tile", True)):
        g = std(missed_win_scope=scope)
        g.step("discard 4p")
        assert g.current_player == 2 and "win" in g.legal_action_names()
        g.step(PASS)  # seat 2 lets 4p go
        to_seat1_discard(g, "1p")
        assert win_offered(g) is can_win_1p, scope


def test_missed_win_lift_own_discard_and_unready_only() -> None:
    # unready_only: a ready seat is not locked by passing
    g = std(missed_win_unready_only=True)
    g.state.pv[0, 2, PV_READY] = 1
    g.step("discard 4p")
    g.step(PASS)
    to_seat1_discard(g, "1p")
    assert win_offered(g)
    # ready_lockout_whole_hand: a ready seat that passes is locked even with no lockout rule
    g = std(missed_win_lockout="none", ready_lockout_whole_hand=True)
    g.state.pv[0, 2, PV_READY] = 1
    g.step("discard 4p")
    g.step(PASS)
    assert g.state.pv[0, 2, PV_LOCK_HAND] == 1
    to_seat1_discard(g, "1p")
    assert not win_offered(g)
    g = std(missed_win_lockout="none")
    g.step("discard 4p")
    g.step(PASS)
    to_seat1_discard(g, "1p")
    assert win_offered(g)


def test_missed_win_lift_any_move_clears_on_a_claim() -> None:
    # seat 2 passes the win on 4p, then pungs 1p: with any_move the lock is lifted by the pung
    for lift, locked_after in (("own_draw", 1), ("any_move", 0)):
        g = std(missed_win_lift=lift)
        g.step("discard 4p")
        g.step(PASS)
        to_seat1_discard(g, "1p")
        g.step("pung")
        assert int(g.state.pv[0, 2, 4]) == locked_after, lift  # PV_LOCK


def test_own_discard_lockout_furiten_and_win_and_chow() -> None:
    def seat2_river(g: Game, tile: str) -> None:
        g.state.river[0, 2, 0] = K(tile)
        g.state.pv[0, 2, PV_N_RIVER] = 1

    for mode, disc, river, can in (
        ("none", "1p", "4p", True),
        ("win", "1p", "4p", False),  # 4p, a wait, lies in seat 2's own river
        ("win", "1p", "9m", True),
        ("win_and_chow", "1p", "4p", True),  # only the discarded kind itself is barred
        ("win_and_chow", "4p", "4p", False),
    ):
        g = std(own_discard_lockout=mode)
        seat2_river(g, river)
        g.step(f"discard {disc}")
        assert win_offered(g) is can, (mode, disc, river)
    # win_and_chow also bars the chow of a kind once discarded (seat 1 chows from the dealer)
    for mode, can in (("none", True), ("win_and_chow", False)):
        seat1 = "23p" + JUNK[:-4]
        g = table([DEALER, seat1, JUNK, SEAT3], allow_chow=True, own_discard_lockout=mode)
        g.state.river[0, 1, 0] = K("4p")
        g.state.pv[0, 1, PV_N_RIVER] = 1
        g.step("discard 4p")
        assert ("chow_high" in asked(g, 1)) is can


# ---------------------------------------------------------------------------------- minimum value by win kind
def test_min_fan_by_win_kind() -> None:
    win14 = "123m456m789m11p234p"
    for ov, self_ok in (({}, True), ({"min_fan_self_draw": 10**6}, False)):
        g = table([win14, SEAT1, JUNK, SEAT3], **ov)
        assert ("win" in g.legal_action_names()) is self_ok
    for ov, disc_ok in (({"min_fan_self_draw": 10**6}, True), ({"min_fan_discard": 10**6}, False)):
        g = std(**ov)
        g.step("discard 4p")
        assert win_offered(g) is disc_ok


# ---------------------------------------------------------------------------------- robbing a kong
def _konger(g: Game) -> None:
    meld(g, 0, MELD_PUNG, "4p")


def test_rob_kong_as_self_draw_robbed_seat_pays_all() -> None:
    dealer = "4p5p6p7p8p9p1s2s3s4s6s"  # 11 concealed + a pung of 4p
    g = table(
        [dealer, SEAT1, WAIT_14, SEAT3],
        drawn="6s",
        rob_kong="added",
        self_draw_only=True,
        rob_kong_as_self_draw=True,
    )
    _konger(g)
    g.step("kong 4p")
    assert g.current_player == 2 and g.legal_actions() == [WIN, PASS]
    g.step(WIN)
    assert g.win_kind == "rob_kong" and g.winners == [2]
    pay = g.payments
    assert pay[2] > 0 and pay[0] == -pay[2] and pay[1] == 0 and pay[3] == 0
    # scored as a self-draw: the value equals the self-draw value of the same hand
    g2 = table(
        [dealer, SEAT1, WAIT_14, SEAT3], drawn="6s", rob_kong="added", rob_kong_as_self_draw=True
    )
    _konger(g2)
    g2.step("kong 4p")
    g2.step(WIN)
    g3 = table([dealer, SEAT1, WAIT_14, SEAT3], drawn="6s", rob_kong="added")
    _konger(g3)
    g3.step("kong 4p")
    g3.step(WIN)
    assert g2.values[2] >= g3.values[2]
    assert g2.payments[0] == -g2.payments[2] and g3.payments[0] == -g3.payments[2]


def test_rob_kong_by_pung_voids_the_addition() -> None:
    dealer = "4p5p6p7p8p9p1s2s3s4s6s"
    g = table(
        [dealer, SEAT1, JUNK, "4p4p" + JUNK[:-6] + "7z6z"],  # no win on 4p
        drawn="6s",
        rob_kong="added",
        rob_kong_by_pung=True,
    )
    _konger(g)
    g.step("kong 4p")
    assert g.current_player == 3 and set(g.legal_action_names()) == {"pung", "pass"}
    g.step("pung")
    assert g.current_player == 3 and g.phase == "turn"
    assert g.melds[0, 0].tolist() == [MELD_PUNG, K("4p"), 1]  # the kong reverted to a pung
    assert g.melds[3, 0, :2].tolist() == [MELD_PUNG, K("4p")]
    assert g.state.tv[0, TV_N_KONGS] == 0


# ---------------------------------------------------------------------------------- win filters
def test_win_filters() -> None:
    no_pung = "123m456m789m234p7z"  # waits 7z for the pair: no pung in the hand
    pair_1s = "123m456m789m234p1s"
    for filt, hand, can in (
        ("none", pair_1s, True),
        ("harbin", pair_1s, False),
        ("harbin", no_pung, True),  # a 红中 pair counts as the pung
        ("changchun", no_pung, True),  # a dragon eye waives the pung
        ("changchun", pair_1s, False),
    ):
        w = no_pung[-2:] if hand == no_pung else "1s"
        g = table([w + DEALER[2:], SEAT1, hand, SEAT3], win_filter=filt)
        g.step(f"discard {w}")
        assert win_offered(g) is can, (filt, hand)
    # rizhao: seven pairs need a 2-5-8 pair
    for hand, can in (("1133m1133p1199s1z", False), ("1122m1133p1199s1z", True)):
        g = table(["1z" + DEALER[2:], SEAT1, hand, SEAT3], win_filter="seven_pairs_258_pair")
        g.step("discard 1z")
        assert win_offered(g) is can, hand


# ---------------------------------------------------------------------------------- structure-free shapes, distinct seven pairs
def test_free_shapes_and_distinct_seven_pairs() -> None:
    cases = [
        ({}, "2m5m8m2p5p8p2s5s8s2m5m8m2p", "5s", False),
        ({"win_shapes": ("standard", "all_258_free")}, "2m5m8m2p5p8p2s5s8s2m5m8m2p", "5s", True),
        ({"win_shapes": ("standard", "all_honors_free")}, "1z2z3z4z5z6z7z1z2z3z4z5z6z", "7z", True),
        (
            {"win_shapes": ("standard", "all_honors_free"), "free_honors": "winds"},
            "1z2z3z4z5z6z7z1z2z3z4z5z6z",
            "7z",
            False,
        ),
        ({}, "1111m33m55m77m99m1p", "1p", True),
        ({"seven_pairs_quads": False}, "1111m33m55m77m99m1p", "1p", False),
    ]
    for ov, hand, w, can in cases:
        g = table([w + DEALER[2:], SEAT1, hand, SEAT3], **ov)
        g.step(f"discard {w}")
        assert win_offered(g) is can, (ov, hand)


# ---------------------------------------------------------------------------------- ready modes
def test_ready_modes_shown_self_draw_only() -> None:
    g = table(
        ["1112345678999m1z", SEAT1, WAIT_14, SEAT3], ready_modes=("hidden", "shown_self_draw_only")
    )
    legal = g.legal_action_names()
    assert "ready_discard 1z" in legal and "ready_shown 1z" in legal
    g.step("ready_shown 1z")
    assert g.state.pv[0, 0, PV_READY] == 1
    assert g.state.pv[0, 0, PV_READY_KIND] == P.READY_MODE_SHOWN_SELF_DRAW_ONLY
    # a shown_self_draw_only ready seat may not win on a discard
    for kind, can in ((P.READY_MODE_HIDDEN, True), (P.READY_MODE_SHOWN_SELF_DRAW_ONLY, False)):
        g = std(ready_modes=("hidden", "shown_self_draw_only"))
        g.state.pv[0, 2, PV_READY] = 1
        g.state.pv[0, 2, PV_READY_KIND] = kind
        g.step("discard 4p")
        assert win_offered(g) is can
    # only shown ready: READY_DISCARD declares "shown", no second block
    g = table(["1112345678999m1z", SEAT1, WAIT_14, SEAT3], ready_modes=("shown",))
    assert not any(READY_SHOWN <= a < READY_SHOWN + 34 for a in g.legal_actions())


# ---------------------------------------------------------------------------------- kongs after ready
def test_kong_after_ready() -> None:
    hand = "1112m456p789p555s1m"  # ready before the draw on 2m/3m; after the kong only on 2m
    for mode, can in (("still_ready", True), ("keep_waits", False), ("none", False), ("any", True)):
        g = table([hand, SEAT1, WAIT_14, SEAT3], kong_after_ready=mode)
        g.state.pv[0, 0, PV_READY] = 1
        assert ("kong 1m" in g.legal_action_names()) is can, mode
    hand = "111m234m456p789p5s1m"  # waits 5s before and after the kong
    g = table([hand, SEAT1, WAIT_14, SEAT3], kong_after_ready="keep_waits")
    g.state.pv[0, 0, PV_READY] = 1
    assert "kong 1m" in g.legal_action_names()


# ---------------------------------------------------------------------------------- when kongs may be declared
def test_kong_timing_rules() -> None:
    hand = "1111m456p789p555s2m"
    for ov, can in (({}, False), ({"kong_after_pung": "any"}, True)):
        g = table([hand, SEAT1, WAIT_14, SEAT3], **ov)
        g.state.tv[0, TV_DRAWN] = -1  # the turn began with a claim
        assert ("kong 1m" in g.legal_action_names()) is can
    # the dealer's first turn: no added kong
    for ov, can in (({}, True), ({"first_turn_no_added_kong": True}, False)):
        g = table(["1m456p789p555s2m", SEAT1, WAIT_14, SEAT3], drawn="1m", **ov)
        meld(g, 0, MELD_PUNG, "1m")
        assert ("kong 1m" in g.legal_action_names()) is can
    # no claims on the last discard, no kong after the last tile
    for ov, react in (({}, True), ({"no_claims_on_last_discard": True}, False)):
        g = table([DEALER.replace("4p", "1m"), SEAT1, "1m1m" + JUNK[:-6] + "7z6z", SEAT3], **ov)
        s = g.state
        s.tv[0, TV_HEAD] = s.tv[0, TV_TAIL] - 12  # the wall has reached hebei's reserve
        g.step("discard 1m")
        assert (g.phase == "react") is react
        if not react:
            assert g.done and g.winners == []


def test_no_kong_after_the_last_tile() -> None:
    for ov, can in (({}, True), ({"no_claims_on_last_discard": True}, False)):
        g = table(["1111m456p789p555s2m", SEAT1, WAIT_14, SEAT3], **ov)
        s = g.state
        s.tv[0, TV_HEAD] = s.tv[0, TV_TAIL] - 12
        assert ("kong 1m" in g.legal_action_names()) is can


# ---------------------------------------------------------------------------------- self-draw-only rules
def test_self_draw_only_variants_of_discard_wins() -> None:
    open_hand = "123m456m11p23p"  # 10 tiles + an exposed pung of 9s
    for ov, can in (({}, True), ({"open_hand_self_draw_only": True}, False)):
        g = table([DEALER, SEAT1, open_hand, SEAT3], **ov)
        meld(g, 2, MELD_PUNG, "9s")
        g.step("discard 4p")
        assert win_offered(g) is can
    for ready, can in ((0, False), (1, True)):
        g = std(discard_win_requires_ready=True)
        g.state.pv[0, 2, PV_READY] = ready
        g.step("discard 4p")
        assert win_offered(g) is can
    win14 = "123m456m789m11p234p"
    for ov, repl, can in (
        ({}, 1, False),
        ({"ready_exempt_kong_replacement": True}, 1, True),
        ({"ready_exempt_kong_replacement": True}, 0, False),
    ):
        g = table([win14, SEAT1, WAIT_14, SEAT3], must_be_ready=True, **ov)
        g.state.tv[0, TV_REPLACEMENT] = repl
        assert ("win" in g.legal_action_names()) is can


# ---------------------------------------------------------------------------------- hand requirements
def test_hand_requirements() -> None:
    cases = [
        ({}, "1112345678999m", "5m", True),
        ({"suit_rule": "at_least_two"}, "1112345678999m", "5m", False),
        ({"suit_rule": "at_least_two"}, "123m456m789m11p23p", "4p", True),
        ({"terminal_rule": "terminal"}, "234m456m678m345p5s", "5s", False),
        ({"terminal_rule": "terminal"}, "123m456m678m345p5s", "5s", True),
        ({"terminal_rule": "terminal_or_red"}, "234m456m678m345p7z", "7z", True),
        ({"terminal_rule": "terminal"}, "234m456m678m345p7z", "7z", False),
        ({"terminal_rule": "terminal_or_dragon_pung"}, "234m456m678m345p6z", "6z", False),
        ({"terminal_rule": "terminal_or_dragon_pung"}, "234m456m678m66z55p", "6z", True),
        ({"must_have_chow": True}, "111m222m333p444p5s", "5s", False),
        ({"must_have_chow": True}, "123m222m333p444p5s", "5s", True),
        ({"must_have_258_tile": True}, "111m333m999p777s1z", "1z", False),
        ({"must_have_258_tile": True}, "1133m1199p1177s1z", "1z", True),  # seven pairs exempt
        ({"must_have_258_tile": True}, "111m333m999p789s1z", "1z", True),
    ]
    for ov, hand, w, can in cases:
        g = table([w + DEALER[2:], SEAT1, hand, SEAT3], **ov)
        g.step(f"discard {w}")
        assert win_offered(g) is can, (ov, hand)
    # a one-suit hand may not declare ready either
    for ov, can in (({}, True), ({"suit_rule": "at_least_two"}, False)):
        g = table(["1112345678999m1z", SEAT1, WAIT_14, SEAT3], **ov)
        assert ("ready_discard 1z" in g.legal_action_names()) is can


# ---------------------------------------------------------------------------------- call limits, single-tile wins
def test_call_limits_and_single_tile_wins() -> None:
    for n_melds, can in ((2, True), (3, False)):
        junk = JUNK[: 2 * (11 - 3 * n_melds)]
        g = table([DEALER, SEAT1, "11p" + junk, SEAT3], min_hand_after_call=4)
        for i in range(n_melds):
            meld(g, 2, MELD_PUNG, ("1s", "2s", "3s")[i])
        g.step("discard 1p")
        assert ("pung" in asked(g, 2)) is can
    for mtypes, rule, can in (
        ((MELD_CHOW,), "any", True),
        ((MELD_CHOW,), "all_pungs_only", False),
        ((MELD_PUNG,), "all_pungs_only", True),
    ):
        g = table([DEALER, SEAT1, "1p", SEAT3], single_tile_win=rule)
        meld(g, 2, mtypes[0], "1s")
        for tile in ("5m", "6m", "9m"):
            meld(g, 2, MELD_PUNG, tile)
        g.step("discard 1p")
        assert win_offered(g) is can, (mtypes, rule)


def test_missed_pung_lockout() -> None:
    for ov, can in (({}, True), ({"missed_pung_lockout": True}, False)):
        g = table([DEALER, SEAT1, "1p1p" + JUNK[:-6] + "7z6z", SEAT3], **ov)
        g.step("discard 1p")
        assert g.current_player == 2
        g.step(PASS)
        to_seat1_discard(g, "1p")
        assert (g.current_player == 2 and "pung" in g.legal_action_names()) is can


# ---------------------------------------------------------------------------------- last tiles, kongs ending the hand
def test_last_tiles_self_draw_only() -> None:
    g = table([DEALER, SEAT1, "4p4p" + JUNK[:-4], SEAT3], last_tiles_self_draw_only=4)
    s = g.state
    s.tv[0, TV_HEAD] = s.tv[0, TV_TAIL] - 12 - 3  # three normal draws left
    g.step("discard 1p")
    assert g.current_player == 1
    drawn = int(s.tv[0, TV_DRAWN])
    names = g.legal_action_names()
    assert [n for n in names if n != "win"] == [f"discard {parse_name(drawn)}"]
    g.step(f"discard {parse_name(drawn)}")
    # the dead discard opens no window: seat 2 draws at once
    assert g.phase == "turn" and g.current_player == 2


def parse_name(k: int) -> str:
    from mjsim.actions import action_name

    return action_name(k).split()[1]


def test_abort_on_three_kongs() -> None:
    for ov, done in (({}, False), ({"abort_on_kongs": "three_players"}, True)):
        g = table(["1111m456p789p555s2m", SEAT1, WAIT_14, SEAT3], **ov)
        meld(g, 1, MELD_CONCEALED_KONG, "9s", 0, exposed=False)
        meld(g, 3, MELD_CONCEALED_KONG, "8s", 0, exposed=False)
        g.state.tv[0, TV_N_KONGS] = 2
        g.step("kong 1m")
        assert g.done is done
        if done:
            assert g.winners == []


# ---------------------------------------------------------------------------------- random play
def test_random_hands_with_the_new_rules_keep_invariants() -> None:
    spec = get(
        "hebei",
        allow_chow=True,
        rob_kong="added",
        rob_kong_by_pung=True,
        rob_kong_as_self_draw=True,
        missed_win_scope="tile",
        missed_win_lift="any_move",
        own_discard_lockout="win",
        missed_pung_lockout=True,
        kong_after_pung="any",
        kong_after_ready="keep_waits",
        no_claims_on_last_discard=True,
        ready_modes=("hidden", "shown"),
        last_tiles_self_draw_only=4,
        win_shapes=("standard", "seven_pairs", "all_258_free"),
        seven_pairs_quads=False,
        terminal_rule="terminal_or_red",
        abort_on_kongs="four_kongs_two_players",
    )
    rng = np.random.default_rng(11)
    for seed in range(25):
        g = Game(spec, seed=seed)
        while not g.done:
            legal = g.legal_actions()
            assert legal
            g.step(int(rng.choice(legal)))
            assert check_invariants(g.state, g.rules, 0) == 0
        assert int(g.payments.sum()) == 0
