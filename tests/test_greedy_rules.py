"""The greedy bot plays the rules that change what a good move is, each from the spec and the
fan table, with and without the rule in one concrete position: staying concealed where only a
concealed hand may win on a discard (beijing), the structure-free shapes (rizhao 将一色), the 精
bonus (nanchang: a discarded 精 is punged) and the wild plans the fan tables pay for (德国, 无钻,
金雀, 金龙)."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import make_wall
from mjsim.agents import KernelAgent
from test_variant_ningbo import _game_with_north_wild

from mjsim import variants
from mjsim.actions import PASS, PUNG, READY_DISCARD, READY_SHOWN
from mjsim.engine import Game
from mjsim.tiles import parse_tiles

GREEDY = KernelAgent("greedy")


def _kind(a: int) -> int:
    """The tile kind of a discard action (plain, or with a ready declaration)."""
    for base in (READY_SHOWN, READY_DISCARD, 0):
        if base <= a < base + 34:
            return a - base
    raise AssertionError(f"not a discard: {a}")


def _kinds(tiles: str) -> set[int]:
    return {int(k) for k in parse_tiles(tiles)}


@pytest.mark.usefixtures("kernel_agent_compiled")
@pytest.mark.parametrize("open_only_self_draw", [True, False])
def test_beijing_stays_concealed(open_only_self_draw: bool) -> None:
    """Seat 1 (3 sets, the pair 5p, 1s 9s) can pung the dealer's 5p and be ready. Where only a
    concealed hand may win on a discard (beijing, ``open_hand_self_draw_only``) it passes; under
    the same rules without that restriction it pungs."""
    spec = variants.get("beijing", open_hand_self_draw_only=open_only_self_draw)
    g = Game(spec, wall=make_wall({1: "123m456m789m55p19s"}, "5p"))
    g.step("discard 5p")
    assert g.phase == "react" and g.current_player == 1
    assert PUNG in g.legal_actions()
    assert GREEDY.act(g, g.legal_mask()) == (PASS if open_only_self_draw else PUNG)


@pytest.mark.usefixtures("kernel_agent_compiled")
def test_rizhao_aims_at_all_258() -> None:
    """The dealer holds eleven 2-5-8 tiles and 3s 4s 6s: 将一色 (every tile a 2, 5 or 8, no
    structure) is two tiles away, an ordinary hand much further. With the free-form shapes
    (rizhao's ``win_shapes``) the bot sheds a non-2-5-8 tile; without them it keeps the 3-4-6s
    block and sheds a 2-5-8 tile."""
    hand = "2m5m5m8m2p5p8p8p2s5s8s3s4s"
    wall = make_wall({0: hand}, "6s", flowers=8)
    g = Game("rizhao", wall=wall)
    assert _kind(GREEDY.act(g, g.legal_mask())) in _kinds("3s4s6s")
    plain = variants.get("rizhao", win_shapes=("standard", "seven_pairs", "knitted"))
    g = Game(plain, wall=make_wall({0: hand}, "6s", flowers=8))
    assert _kind(GREEDY.act(g, g.legal_mask())) in _kinds("2m5m8m2p5p8p2s5s8s")


JING_TAIL = "1p"  # the indicator turned from the tail: 正精 2p, 副精 3p


@pytest.mark.usefixtures("kernel_agent_compiled")
@pytest.mark.parametrize("bonus", ["win", "none"])
def test_nanchang_pungs_a_discarded_jing_for_the_bonus(bonus: str) -> None:
    """Seat 1 holds two 正精 (2p); the dealer discards a third. Where every 精 held at the end
    of the hand is paid (``wild_bonus``: 冲关 / 霸王精) the bot pungs it (the pung counts 6
    points); without the bonus it never melds wilds."""
    spec = variants.get("nanchang", wild_bonus=bonus)
    hands = {0: "2p1m4m7m1s4s7s9m9s5p7p8s1z", 1: "2p2p1m4m7m2s5s8s9m9s6p6z7z"}
    g = Game(spec, wall=make_wall(hands, "9p", tail=JING_TAIL, avoid="2p3p"))
    g.step("discard 2p")
    assert g.phase == "react" and g.current_player == 1
    assert PUNG in g.legal_actions()
    assert GREEDY.act(g, g.legal_mask()) == (PUNG if bonus == "win" else PASS)


@pytest.mark.usefixtures("kernel_agent_compiled")
@pytest.mark.parametrize("no_wild", [2, 8])
def test_anqing_sheds_its_zuan_only_when_no_zuan_pays_enough(no_wild: int) -> None:
    """The dealer holds three sets, 4p 6p, its 钻 (1s: 9s turned), 9p and East. Keeping the 钻
    it is ready on any tile next to 4p-6p-钻 and East or 9p; shedding it, it is one step from a
    hand without a 钻 (无钻). At anqing's 无钻 ×2 the bot keeps the 钻 (a held wild completes any
    wait: worth about as much); at ×8 (``score_values=(1, 8)``) it sheds it."""
    spec = variants.get(
        "anqing", indicator_source="tail_first", indicator_in_play=False, score_values=(1, no_wild)
    )
    g = Game(spec, wall=make_wall({0: "123m456m789m46p1s1z"}, "9p", tail="9s"))
    wild = int(np.flatnonzero(g.state.wild[0])[0])
    assert wild == 18  # 1s
    a = GREEDY.act(g, g.legal_mask())  # the dealer's first turn
    if no_wild == 2:
        assert _kind(a) != wild
    else:
        assert _kind(a) == wild


def test_wild_plans_come_from_the_fan_tables() -> None:
    """``plan_slacks``: the shanten steps each wild plan may trade for its value, from the fan
    table rows (one per doubling; one less for the plans giving up the wilds' freedom), -1
    where no row pays it. ``plan_shanten``: the plans' shanten less their slack."""
    from mjsim.agents.greedy import N_PLANS, plan_shanten, plan_slacks

    out = np.zeros(N_PLANS, np.int64)
    want = {
        "nanchang": [0, -1, -1, -1],  # 德国 ×2: a tie-break
        "anqing": [-1, 0, -1, -1],  # 无钻 ×2: a tie-break
        "fuzhou": [-1, -1, 2, 2],  # 金雀 +60, 金龙 +120 on a core of 5
        "beijing": [-1, -1, -1, -1],
        "hebei": [-1, -1, -1, -1],
    }
    for v, w in want.items():
        r = variants.get(v).compile()
        plan_slacks(r, out)
        assert out.tolist() == w, v
    r = variants.get("anqing", score_values=(1, 8)).compile()
    plan_slacks(r, out)
    assert out.tolist() == [-1, 2, -1, -1]
    # fuzhou: 4 sets, 5s 7s and two golds (16 tiles): with the golds as the pair the naturals
    # wait on 6s (shanten 0), less the 金雀 slack 2
    r = variants.get("fuzhou").compile()
    plan_slacks(r, out)
    c = np.zeros(34, np.uint8)
    for k in parse_tiles("123m456m789m123p5s7s"):
        c[k] += 1
    wc = np.zeros(34, np.uint8)
    wc[int(parse_tiles("9p")[0])] = 2
    assert plan_shanten(r, c, 2, wc, out) == -2
    # 5s 9s instead: a set two tiles away (shanten 1)
    c[:] = 0
    for k in parse_tiles("123m456m789m123p5s9s"):
        c[k] += 1
    assert plan_shanten(r, c, 2, wc, out) == 1 - 2


NINGBO_NORTH_TAIL = "4z4z4z8s8s8s8s9s9s9s9s1s"  # three 北 near the tail: some seed turns one


@pytest.mark.usefixtures("kernel_agent_compiled")
def test_ningbo_keeps_its_wild_in_fan_rich_play() -> None:
    """ningbo is fan-rich (a plain hand is 0 台, a win needs 4) and pays 硬糊 (no wild in the
    hand, ``no_wild``) 1 台. The dealer holds 123m 456p 234s 11m 5p 8p and the wild 北: one
    step from an ordinary hand without the wild, far from a flush. The 硬糊 plan is worth no
    shanten step (1 台 on a hand of at least 4), so the wild stays: the bot discards a natural
    tile. (Measured as an ordinary shanten, the plan looked shorter than the fan-rich one and
    shed the wild.)"""
    dealer = "1m2m3m4p5p6p2s3s4s1m1m5p4z"
    wall = make_wall({0: dealer}, "8p", tail=NINGBO_NORTH_TAIL, flowers=8, avoid="4z")
    g = _game_with_north_wild(wall)
    assert g.current_player == 0 and g.hands[0, 30] == 1
    a = GREEDY.act(g, g.legal_mask())
    assert _kind(a) != 30


def test_ningbo_counts_a_held_wild_season() -> None:
    """A held wild flower (ningbo: a turned 夏 makes 春 / 秋 / 冬 wilds that stay in the hand) is
    a wild of the bot's hand, as of the engine's win checks: the dealer's 14 tiles are 13
    natural ones and the wild 春, and the bot's shanten is of the 14-tile hand (here complete:
    春 is the second 5p)."""
    from mjsim.agents.greedy import _sh, _split

    dealer = "1m2m3m4m5m6m7m8m9m1p2p3p5f"
    seat1 = "3f1s1s2s2s3s4s4s6s6s7s7s8s"
    seat2 = "6f1z1z2z2z3z3z4z4z5z5z6z6z"
    wall = make_wall({0: dealer, 1: seat1, 2: seat2}, "1f", "7s", tail="5p9s2f", flowers=8)
    g = next(
        g for g in (Game("ningbo", wall=wall, seed=seed) for seed in range(400))
        if sorted(g.dice) == [2, 5]
    )  # fmt: skip
    assert g.hands[0, 34] == 1  # 春, wild (夏 turned)
    c = np.zeros(34, np.uint8)
    assert _split(g.state, g.rules, 0, 0, c) == 1
    assert int(c.sum()) == 13
    plain = variants.get("ningbo", min_fan=0).compile()  # the ordinary shanten, not fan-rich
    assert _sh(plain, c, 1) == -1  # 123m 456m 789m 123p 5p + 春: complete
