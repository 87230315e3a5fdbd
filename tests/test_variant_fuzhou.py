"""fuzhou (福州麻将): 16-tile hands through ``mjsim.score`` (the worked example of its page,
the core doubled on a self-draw and the special rows not, 一张花 / 无花无杠, 三金倒, 金雀,
金龙, 抢金, 天胡, honour flowers and the flower sets, kongs, 连庄); scripted hands through the
engine (天胡 with four identical honour flowers set aside, 连庄 after it, 三金倒 on the deal,
a non-dealer's 抢金, 天胡 before a grab, 金雀 beating a nearer claimant, a discarded gold, the
最后一组 and a kong that shortens it to two tiles) and the worked examples of the deal: 16 each
and the dealer's 17th (example 1), the opening flower replacement (example 2), a flower turned as the
gold (example 3), the reserve grown by kongs and four identical honour flowers (example 4), a discarded
gold (example 6), two non-dealers able to grab the gold (example 7); self-play with the invariants
checked; greedy beats random."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.engine import Game
from mjsim.engine.board import honor_flowers
from mjsim.engine.invariants import check_invariants
from mjsim.engine.state import (
    EV_DRAW_TAIL,
    PV_N_FLOWERS,
    PV_N_WILD_DISCARDED,
    TV_DRAWN,
    TV_IND_OUT,
    TV_INDICATOR,
    TV_RESERVE_EXTRA,
    decode_event,
)
from mjsim.rules import params as P
from mjsim.tiles import parse_tiles

GOLD = "9s"  # the gold of the worked examples


def score(hand, win, **kw):
    kw.setdefault("seat", 1)
    kw.setdefault("dealer", 0)
    kw.setdefault("wilds", GOLD)
    if not kw.get("self_drawn"):
        kw.setdefault("discarder", 2)
    return mjsim.score("fuzhou", hand, win_tile=win, **kw)


def names(r) -> set[str]:
    return {zh for _i, _en, zh, _v, _n in r.items}


PLAIN = "123m456m789m123p456p77s"  # five sets and a pair, no gold


def test_worked_example_t11_9_jinque_self_draw() -> None:
    # a non-dealer self-draws 金雀 with 3 flowers, no kong, 2 golds (the pair), 连庄 0:
    # core = 3 + 0 + 0 + 2 + 5 = 10; each loser pays 10 x 2 + 60 = 80
    r = score("123m456m789m123p456s9s9s", "6s", self_drawn=True, flowers=3)
    assert r.total == 80 and names(r) == {"底", "花", "金", "自摸", "金雀"}
    assert r.payments == [-80, 240, -80, -80]


def test_a_win_is_five_sets_and_a_pair() -> None:
    r = score(PLAIN, "7s")  # core 5 + 无花无杠 30, the discarder pays
    assert r.total == 35 and names(r) == {"底", "无花无杠"} and r.payments == [0, 35, -35, 0]
    with pytest.raises(ValueError, match="wrong tile count"):
        score("123m456m789m123p77s", "7s")  # a 14-tile hand is short of a set


def test_the_self_draw_doubles_the_core_not_the_special() -> None:
    r = score(PLAIN, "7s", self_drawn=True)
    assert r.total == 5 * 2 + 30 and r.payments == [-40, 120, -40, -40]


@pytest.mark.parametrize(
    ("flowers", "melds", "want", "special"),
    [
        (1, (), 5 + 1 + 15, "一张花"),
        (2, (), 5 + 2, None),
        (0, ("kong 1111s",), 5 + 1, None),  # a kong ends 无花无杠
        (1, ("kong 1111s",), 5 + 1 + 1, None),  # ... and 一张花
        (0, ("concealed_kong 1111s",), 5 + 2, None),
    ],
)
def test_plain_hands_one_flower_and_kongs(flowers, melds, want, special) -> None:
    hand = "123m456m789m123p77s" if melds else PLAIN
    r = score(hand, "7s", flowers=flowers, melds=list(melds))
    assert r.total == want
    specials = names(r) & {"一张花", "无花无杠"}
    assert specials == ({special} if special else set())


def test_honour_flowers_and_flower_sets_count() -> None:
    # four East set aside (+1 each and +2), 白 (+1), 春夏秋冬 (+1 each and +2): 5 + 9 + 2 + 2
    r = score(PLAIN, "7s", honor_flowers="1111z5z", exposed_flowers="1f2f3f4f")
    assert r.total == 18 and names(r) == {"底", "花", "四张相同字花", "花齐"}
    with pytest.raises(ValueError, match="honor_flowers"):
        score(PLAIN, "7s", honor_flowers="1f")


def test_three_golds_win_whatever_the_rest_by_self_draw() -> None:
    hand = "13579m13579p1357s9s9s9s"  # no shape: 三金倒
    r = score(hand, "9s", self_drawn=True)
    assert r.total == (5 + 3) * 2 + 40 and "三金倒" in names(r)
    with pytest.raises(ValueError, match="not a winning hand"):
        score(hand, "7s")  # on a discard it is no win


def test_three_golds_as_their_own_pung_is_jinlong() -> None:
    hand = "123m456m789m123p9s9s9s77s"
    r = score(hand, "7s")
    assert r.total == 5 + 3 + 120 and "金龙" in names(r)
    r = score(hand, "7s", self_drawn=True)  # 金龙 beats 三金倒 and 金雀
    assert r.total == (5 + 3) * 2 + 120 and names(r) & {"三金倒", "金雀", "金龙"} == {"金龙"}


def test_grabbing_the_gold_is_a_self_draw_worth_30() -> None:
    r = score("123m456m789m123p45s9s77s", "9s", self_drawn=True, grabbed=True, flowers=2)
    assert r.total == (5 + 2 + 1) * 2 + 30 and "抢金" in names(r)
    assert r.payments == [-46, 138, -46, -46]
    with pytest.raises(ValueError, match="grabbed"):
        score("123m456m789m123p45s9s77s", "9s", grabbed=True)


def test_heavenly_hand_and_dealer_repeats() -> None:
    r = score(PLAIN, "7s", seat=0, self_drawn=True, heavenly=True, flowers=2, dealer_repeats=2)
    assert r.total == (5 + 2 + 2) * 2 + 30 and {"天胡", "连庄"} <= names(r)
    assert r.payments == [3 * 48, -48, -48, -48]


def test_the_discard_everyone_option() -> None:
    r = score(PLAIN, "7s", discard_everyone=True)
    assert r.payments == [-35, 105, -35, -35]


def test_the_spec_plays_the_rule_text() -> None:
    spec = variants.get("fuzhou")
    assert spec.hand_size == 16 and spec.tile_set == "144" and spec.honors_are_flowers
    assert spec.grab_wild and spec.three_wild_win and not spec.wild_discard_claimable
    assert spec.multi_winner == "nearest_wild_pair_first"
    assert (spec.wall_reserve, spec.reserve_per_kong, spec.reserve_per_concealed_kong) == (18, 1, 2)
    assert spec.reserve_per_flower_quad == 2 and spec.last_tiles_self_draw_only == 4


# ------------------------------------------------------------------------------ scripted hands
def wall144(hands: dict[int, str], extra: str, indicator: str, tail: str = "", draws: str = ""):
    """A 144-tile wall: 16 tiles to each seat from the dealer (seat 0), the dealer's 17th, then
    ``draws``, the rest (suits first, the honours and flowers last), then the flower / kong
    replacements ``tail`` (first one last in the wall, drawn first from the tail) and the
    turned gold ``indicator`` just before them (it is turned after the opening replacement)."""
    pool = Counter({k: 4 for k in range(34)})
    pool.update({34 + f: 1 for f in range(8)})
    parts = [parse_tiles(hands[p]) for p in range(4)]
    ext, ind = parse_tiles(extra), parse_tiles(indicator)
    back = parse_tiles(tail) if tail else []
    nxt = parse_tiles(draws) if draws else []
    for group in [*parts, ext, ind, back, nxt]:
        for k in group:
            pool[k] -= 1
            assert pool[k] >= 0, k
    for p in range(4):
        assert len(parts[p]) == 16, p
    rest = [k for k in sorted(pool) for _ in range(pool[k])]  # suits, honours, flowers
    wall = [k for h in parts for k in h] + ext + nxt + rest + ind + back[::-1]
    assert len(wall) == 144
    return wall


OTHERS = {1: "1m1m1m2m2m2m3m3m3m4m4m4m5m5m5m6m", 2: "1p1p1p2p2p2p3p3p3p4p4p4p5p5p5p6p",
          3: "1s1s1s2s2s2s3s3s3s4s4s4s5s5s5s6s"}  # fmt: skip


def test_scripted_heavenly_hand_with_four_honour_flowers_then_a_dealer_repeat() -> None:
    # the dealer's four East and 春 are set aside on the deal and replaced from the tail by
    # 4p5p6p7s7s: 天胡. Core 5 + 5 flowers + 2 (four East) = 12, x 2 + 天胡 30 = 54 from each
    dealer = "1z1z1z1z1f7m8m9m7p8p9p6s6s6s8s8s"
    g = Game("fuzhou", wall=wall144({0: dealer, **OTHERS}, "8s", "9s", tail="4p5p6p7s7s"))
    assert "win" in g.legal_action_names()
    g.step("win")
    assert g.done and list(g.payments) == [162, -54, -54, -54]
    g.next_hand()  # the dealer keeps the deal: 连庄 1 adds 1 to the core
    g.step("win")
    assert g.done and list(g.payments) == [3 * 56, -56, -56, -56]


def test_scripted_three_golds_on_the_deal() -> None:
    # the turned 9p makes 9p the gold: the dealer holds the other three and wins at once,
    # whatever the rest: (5 + 3) x 2 + 三金倒 40 (better than 天胡 30)
    dealer = "1m3m5m7m9m1p3p5p7p1s3s5s7s9p9p9p"
    g = Game("fuzhou", wall=wall144({0: dealer, **OTHERS}, "9m", "9p"))
    g.step("win")
    assert g.done and list(g.payments) == [168, -56, -56, -56]


def test_scripted_grab_by_a_non_dealer() -> None:
    # the turned 9p is the gold (nobody holds one); after the dealer's first discard seat 1, whose 45s waits on
    # 3s / 6s, takes the gold (抢金): a self-draw, (5 + 1 gold) x 2 + 抢金 30 = 42 from each
    s1 = "1m2m3m4m5m6m7m8m9m1p2p3p4s5s7s7s"
    others = {2: OTHERS[2], 3: OTHERS[3]}
    dealer = "1m1m1m2m2m2m3m5m7m6p7p8p7s8s9s6m"
    g = Game("fuzhou", wall=wall144({0: dealer, 1: s1, **others}, "9m", "9p"))
    g.step("discard 9s")
    assert g.phase == "grab" and g.current_player == 1
    assert g.legal_action_names() == ["pass", "declare 5"]  # DECLARE + 5 = 抢金
    g.step("declare 5")
    assert g.done and list(g.payments) == [-42, 126, -42, -42]


def test_t11_7_the_heavenly_hand_comes_before_a_grab() -> None:
    # seat 1 (45s waiting on 3s / 6s) could grab the gold 9s after the dealer's first discard,
    # but the dealer is complete on the deal: 天胡 is its first action, so no grab is offered
    # ("天胡&闲家抢金&庄家抢金"). Core 5 + 5 flowers + 2 (four East) = 12, x 2 + 天胡 30 = 54
    dealer = "1z1z1z1z1f7m8m9m7p8p9p6s6s6s8s8s"
    s1 = "1m2m3m4m5m6m7m8m9m1p2p3p4s5s7s7s"
    wall = wall144({0: dealer, 1: s1, 2: OTHERS[2], 3: OTHERS[3]}, "8s", "9s", tail="4p5p6p7s7s")
    g = Game("fuzhou", wall=list(wall))
    assert g.current_player == 0 and "win" in g.legal_action_names()
    g.step("win")
    assert g.done and g.winners == [0] and list(g.payments) == [162, -54, -54, -54]
    # had the dealer discarded instead, seat 1 would have grabbed
    g = Game("fuzhou", wall=list(wall))
    g.step("discard 7m")
    assert g.phase == "grab" and g.current_player == 1
    assert "declare 5" in g.legal_action_names()


def test_random_hands_keep_every_invariant() -> None:
    r, _, won = check_random_hands("fuzhou", 1000, seed=5, threads=1)
    assert won.any() and np.all(r["n_winners"] <= 1)
    assert np.all(r["value"][won] >= 5)  # the core's base at least


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    check_slow_random_hands("fuzhou")


def test_greedy_beats_random() -> None:
    from mjsim.stats import paired_diff

    agents = ["greedy", "random", "greedy", "random"]
    rows = mjsim.simulate("fuzhou", 400, agents, seed=3, check=True)
    assert np.all(rows["error"] == 0)
    g = (rows["pay0"] + rows["pay2"]) / 2
    r = (rows["pay1"] + rows["pay3"]) / 2
    d, _p = paired_diff(g, r)
    assert d.lo > 0, d  # the lower 95% bound of greedy's edge per hand


def test_scripted_jinque_beats_a_nearer_claimant() -> None:
    # the page's 金雀 claim example: seats 1 and 3 both wait on the dealer's 3m; seat 3's pair
    # is two golds (金雀), so
    # seat 3 wins although seat 1 is nearer: core 5 + 2 golds, + 金雀 60, from the dealer
    s1 = "1m2m4m5m6m7m8m9m1p2p3p4p5p6p7s7s"
    s3 = "1m2m1s2s3s4s5s6s7m8m9m4m5m6m9p9p"
    dealer = "3m5m5m6m6m1s1s2s2s3s7s8s8s9s9s7p"
    g = Game("fuzhou", wall=wall144({0: dealer, 1: s1, 2: OTHERS[2], 3: s3}, "4m", "9p"))
    g.step("discard 3m")
    offered = set()
    while not g.done:
        names_ = g.legal_action_names()
        if "win" in names_:
            offered.add(g.current_player)
            g.step("win")
        else:
            assert g.phase in ("grab", "react"), g.phase
            g.step("pass")  # nobody grabs the gold here
    assert offered == {1, 3}
    assert g.winners == [3] and list(g.payments) == [-67, 0, 0, 67]


# ------------------------------------------------------------------ the 最后一组 (last group)
def last_group(draws: str) -> Game:
    """Seats 1-3 hold OTHERS (ready on 6m / 6p / 6s), the dealer is far from ready, the gold
    is 8s (nobody holds one); a reserve of 70 (no kong adds to it) leaves 8 drawable tiles
    after the deal. The dealer discards 1m, then seats 1, 2, 3 and 0 draw and discard 8m, 8p,
    9m, 9p (every grab and claim passed): the next draw, seat 1's, is the first of the 最后一组,
    ``draws`` in order."""
    dealer = "7m9m7p9p7s9s7m9m7p9p7s9s8m8p6m1m"
    wall = wall144({0: dealer, **OTHERS}, "2m", "8s", draws="8m8p9m9p" + draws)
    g = Game("fuzhou", wall=wall, wall_reserve=70, reserve_per_kong=0, reserve_per_concealed_kong=0)
    assert g.draws_left == 8 and g.tiles_left == 78
    for tile in ("1m", "8m", "8p", "9m", "9p"):
        g.step(f"discard {tile}")
        while g.phase in ("grab", "react"):
            g.step("pass")
    return g


def test_a_winning_draw_in_the_last_group_is_won() -> None:
    # "若抓的牌就能胡牌则由服务器自动胡掉，按自摸计算": seat 1 draws its 6m: the win is its only
    # action (no discard of the drawn tile). Core 5 x 2 + 无花无杠 30 = 40 from each
    g = last_group("6m")
    assert g.current_player == 1 and g.draws_left == 3 and g.legal_action_names() == ["win"]
    g.step("win")
    assert g.done and g.win_kind == "self_draw" and list(g.payments) == [-40, 120, -40, -40]


def test_a_flower_drawn_in_the_last_group_is_not_replaced() -> None:
    # "最后一组牌不再补花和出牌": seat 1 draws 春 (1f): set aside, no tile from the tail, no
    # discard; seat 2 draws the next tile. The four drawable tiles go to seats 1, 2, 3, 0 and
    # nobody wins: a drawn hand
    g = last_group("1f3m")
    left = g.tiles_left
    assert g.current_player == 2 and g.phase == "turn"
    assert g.hands[1, 34] == 1 and g.hands[1, :34].sum() == 16  # 春 aside, 16 tiles
    assert g.hands[2, :34].sum() == 17 and g.hands[2, 2] == 1  # the 3m
    assert g.draws_left == 2 and left == 78 - 6  # 1f and 3m from the head, nothing from the tail
    assert g.legal_action_names() == ["discard 3m"]
    for _ in range(3):
        assert len(g.legal_action_names()) == 1
        g.step(g.legal_action_names()[0])
    assert g.done and g.winners == [] and not g.payments.any()


def test_t11_5_a_kong_on_the_last_discard_before_the_last_group_leaves_two_tiles() -> None:
    # two rounds of draws and discards leave 4 drawable tiles; the dealer's discard then is
    # konged by seat 1: the reserve grows by
    # one and the replacement comes from the tail, so only 2 drawable tiles remain, drawn in
    # turn by seats 2 and 3 ("所以只按顺序轮流抓这两张"); nobody wins: a drawn hand
    dealer = "7m9m7p9p7s9s7m9m7p9p7s9s8m8p6m1m"
    wall = wall144({0: dealer, **OTHERS}, "2m", "8s", draws="8m8p9m9p8p8m6m6p7s7p")
    # the kong's replacement (the tile before the turned gold) is a 9s
    j = next(i for i in range(len(wall) - 3, 0, -1) if wall[i] == parse_tiles("9s")[0])
    wall[j], wall[-2] = wall[-2], wall[j]
    g = Game("fuzhou", wall=wall, wall_reserve=66, reserve_per_concealed_kong=0)
    assert g.draws_left == 12
    for tile in ("1m", "8m", "8p", "9m", "9p", "8p", "8m", "6m", "2m"):
        assert g.phase == "turn"
        g.step(f"discard {tile}")
        while g.phase in ("grab", "react"):
            names_ = g.legal_action_names()
            g.step("exposed_kong" if tile == "2m" and "exposed_kong" in names_ else "pass")
    assert g.current_player == 1 and g.draws_left == 2  # after the kong and its replacement
    g.step("discard 9s")
    drawers = []
    while not g.done:
        if g.phase in ("grab", "react"):
            g.step("pass")
            continue
        drawers.append(g.current_player)
        assert len(g.legal_action_names()) == 1  # the drawn tile goes to the river
        g.step(g.legal_action_names()[0])
    assert drawers == [2, 3] and g.winners == [] and not g.payments.any()


def test_the_last_group_rules_are_spec_fields() -> None:
    spec = variants.get("fuzhou")
    assert spec.last_tiles_flower_replacement is False and spec.forced_win == "last_tiles"
    with pytest.raises(ValueError, match="last_tiles_self_draw_only > 0"):
        variants.get("fuzhou", last_tiles_self_draw_only=0)
    with pytest.raises(ValueError, match="last_tiles_self_draw_only > 0"):
        variants.get("hebei", last_tiles_flower_replacement=False)
    with pytest.raises(ValueError, match="not played with blood_battle"):
        variants.get("fuzhou", blood_battle=True, grab_wild=False)


# ------------------------------------------------- the deal, 补花, 开金, the reserve (examples 1-4)
def fz_wall(head: str, tail: str = "") -> list[int]:
    """A 144-tile wall: ``head`` from position 0 (16 tiles to each seat from the dealer, seat 0,
    then the dealer's 17th, then the normal draws) and ``tail`` in the order it is drawn from the
    end (``tail[0]`` is the last wall tile); the rest in between, suited tiles at both ends and
    the honours and flowers in the middle."""
    pool = Counter({k: 4 for k in range(34)})
    pool.update({34 + f: 1 for f in range(8)})
    front, back = parse_tiles(head), parse_tiles(tail) if tail else []
    for k in [*front, *back]:
        pool[k] -= 1
        assert pool[k] >= 0, k
    suits = [k for k in sorted(pool) if k < 27 for _ in range(pool[k])]
    other = [k for k in sorted(pool) if k >= 27 for _ in range(pool[k])]
    half = len(suits) // 2
    wall = [*front, *suits[:half], *other, *suits[half:], *back[::-1]]
    assert len(wall) == 144
    return wall


def concealed(g: Game, p: int) -> Counter:
    """Seat ``p``'s concealed suited tiles as a multiset of kinds."""
    return Counter({k: int(n) for k, n in enumerate(g.hands[p, :27]) if n})


def test_t11_1_the_dealer_takes_seventeen_the_others_sixteen() -> None:
    """Worked example 1: A (the dealer) 16, B 16, C 16, D 16, then A one more: 17."""
    dealer = "7m9m7p9p7s9s7m9m7p9p7s9s8m8p6m1m"
    head = dealer + "".join(OTHERS[p] for p in (1, 2, 3)) + "2m"
    wall = fz_wall(head, "8s")  # no flower anywhere in the deal; 8s is turned as the gold
    g = Game("fuzhou", wall=list(wall))
    assert [int(g.hands[p, :27].sum()) for p in range(4)] == [17, 16, 16, 16]
    for p in range(4):  # each seat's 16 in turn from the dealer, the dealer's 17th last
        want = Counter(wall[16 * p : 16 * p + 16] + ([wall[64]] if p == 0 else []))
        assert concealed(g, p) == want
    assert not g.hands[:, 27:].any()  # no flower set aside
    # 144 - 65 dealt - the turned gold; the dealer acts first
    assert g.tiles_left == 144 - 65 - 1 and g.current_player == 0 and g.phase == "turn"


def _t11_2_game() -> Game:
    # A (the dealer) holds two flowers (东 and 梅), C one (南); the tail gives 3m, 春, 7p, 8p, then
    # the gold 8s is turned
    dealer = "1z5f7m9m7p9p7s9s7m9m7p9p7s9s8m1m"
    seat2 = "1p1p1p2p2p2p3p3p3p4p4p4p5p5p5p2z"
    head = dealer + OTHERS[1] + seat2 + OTHERS[3] + "2m"
    return Game("fuzhou", wall=fz_wall(head, "3m1f7p8p8s"))


def test_t11_2_opening_flowers_are_replaced_from_the_tail_until_none_is_held() -> None:
    """Worked example 2: A has two flowers and draws two from the tail, one of them 春,
    which is replaced as well; B has none; C has one and draws a plain tile; D has none: A sets
    aside three flowers, C one, four tiles come from the tail, then the gold is turned."""
    g = _t11_2_game()
    s = g.state
    assert [int(s.pv[0, p, PV_N_FLOWERS]) for p in range(4)] == [3, 0, 1, 0]
    assert g.hands[0, 34] == 1 and g.hands[0, 38] == 1  # 春 and 梅 set aside by A
    assert honor_flowers(s, 0, 0, 27) == 1 and honor_flowers(s, 0, 2, 28) == 1  # 东 / 南
    assert [int(g.hands[p, :27].sum()) for p in range(4)] == [17, 16, 16, 16]
    # the four tail tiles replaced the flowers, the fifth (8s) is the gold
    assert g.tiles_left == 144 - 65 - 4 - 1
    assert int(s.tv[0, TV_INDICATOR]) == parse_tiles("8s")[0]
    assert concealed(g, 0)[parse_tiles("3m")[0]] == 1  # A's first replacement


def test_t11_2_the_second_round_replaces_after_the_first() -> None:
    """Worked example 2, the order of the rounds: in round 1 A draws 3m and 春 and C draws
    the third tail tile (7p); only in round 2 does A replace 春, with the fourth (8p)."""
    g = _t11_2_game()
    p7, p8 = parse_tiles("7p8p")
    assert concealed(g, 2)[p7] == 1 and concealed(g, 0)[p8] == 1
    assert int(g.state.tv[0, TV_DRAWN]) == p8  # the dealer's last drawn tile
    assert tail_draws(g) == list(zip([0, 0, 2, 0], parse_tiles("3m1f7p8p"), strict=True))
    assert check_invariants(g.state, g.rules, 0) == 0  # tiles conserved, hand sizes


def tail_draws(g: Game) -> list[tuple[int, int]]:
    """The draws from the tail recorded so far, as (seat, kind) in order."""
    out = []
    for e in g.record.events:
        kind, seat, arg = decode_event(int(e))
        if kind == EV_DRAW_TAIL:
            out.append((seat, arg))
    return out


def test_the_opening_replacement_takes_three_rounds() -> None:
    """Three rounds: A (the dealer) holds 东, C three 南. Round 1: A draws 春, C draws the
    fourth 南, 7p and 8p. Round 2: A replaces 春 with 夏, C the 南 with 9p (four identical
    honour flowers: the reserve grows by 2). Round 3: A alone replaces 夏, with 3m; then the
    gold 8s is turned. Seat by seat, A would have drawn 春, 南, 7p and C 8p, 夏, 9p, 3m."""
    dealer = "1z8p7m9m7p9p7s9s7m9m7p9p7s9s8m1m"
    seat2 = "1p1p1p2p2p2p3p3p3p4p4p4p5p2z2z2z"
    head = dealer + OTHERS[1] + seat2 + OTHERS[3] + "2m"
    g = Game("fuzhou", wall=fz_wall(head, "1f2z7p8p2f9p3m8s"))
    s = g.state
    # round 1: A, C, C, C; round 2: A, C; round 3: A
    assert tail_draws(g) == list(
        zip([0, 2, 2, 2, 0, 2, 0], parse_tiles("1f2z7p8p2f9p3m"), strict=True)
    )
    assert [int(s.pv[0, p, PV_N_FLOWERS]) for p in range(4)] == [3, 0, 4, 0]
    assert g.hands[0, 34] == 1 and g.hands[0, 35] == 1 and honor_flowers(s, 0, 0, 27) == 1
    assert honor_flowers(s, 0, 2, 28) == 4 and int(s.tv[0, TV_RESERVE_EXTRA]) == 2
    assert g.tiles_left - g.draws_left == 18 + 2
    m3, p7, p8, p9, s8 = parse_tiles("3m7p8p9p8s")
    assert concealed(g, 0)[m3] == 1 and int(s.tv[0, TV_DRAWN]) == m3
    assert concealed(g, 2)[p7] == 1 and concealed(g, 2)[p8] == 1 and concealed(g, 2)[p9] == 1
    assert int(s.tv[0, TV_INDICATOR]) == s8
    assert [int(g.hands[p, :27].sum()) for p in range(4)] == [17, 16, 16, 16]
    assert not g.hands[:, 27:34].any()  # every honour set aside
    assert g.tiles_left == 144 - 65 - 7 - 1
    assert check_invariants(s, g.rules, 0) == 0


def test_two_seats_draw_flowers_in_the_first_round() -> None:
    """A (the dealer) holds 东 and B 南; in round 1 A draws 春 and B 夏, each kept for round 2,
    where A draws 3m and B 7p. Seat by seat, A would have drawn 春, 夏 and 3m, B 7p."""
    seat1 = "1m1m1m2m2m2m3m3m3m4m4m4m5m5m5m2z"
    dealer = "1z8p7m9m7p9p7s9s7m9m7p9p7s9s8m1m"
    head = dealer + seat1 + OTHERS[2] + OTHERS[3] + "2m"
    g = Game("fuzhou", wall=fz_wall(head, "1f2f3m7p8s"))
    s = g.state
    assert tail_draws(g) == list(zip([0, 1, 0, 1], parse_tiles("1f2f3m7p"), strict=True))
    assert [int(s.pv[0, p, PV_N_FLOWERS]) for p in range(4)] == [2, 2, 0, 0]
    assert g.hands[0, 34] == 1 and g.hands[1, 35] == 1 and not g.hands[0, 35]
    m3, p7 = parse_tiles("3m7p")
    assert concealed(g, 0)[m3] == 1 and concealed(g, 1)[p7] == 1
    assert int(s.tv[0, TV_DRAWN]) == m3  # the dealer's last drawn tile
    assert [int(g.hands[p, :27].sum()) for p in range(4)] == [17, 16, 16, 16]
    assert check_invariants(s, g.rules, 0) == 0
    # the same wall seat by seat: A replaces 春 and 夏 before B starts
    g2 = Game("fuzhou", wall=fz_wall(head, "1f2f3m7p8s"), opening_flower_order="seat")
    assert tail_draws(g2) == list(zip([0, 0, 0, 1], parse_tiles("1f2f3m7p"), strict=True))
    assert g2.hands[0, 35] == 1 and not g2.hands[1, 35]
    assert check_invariants(g2.state, g2.rules, 0) == 0


def test_the_opening_flower_order_option() -> None:
    """fuzhou plays the rounds of its rule text; every other variant keeps the seat order (its
    rule text is silent, or says seat by seat: guobiao's "逐次补完"); a bad value or rounds
    without flowers is named."""
    spec = variants.get("fuzhou")
    assert spec.opening_flower_order == "rounds"
    assert spec.compile().params[P.P_OPENING_FLOWER_ORDER] == P.OPENING_FLOWERS_ROUNDS == 1
    for v in variants.names():  # the default, seat, compiles to 0: those specs play as before
        if v != "fuzhou":
            assert variants.get(v).opening_flower_order == "seat", v
            assert variants.get(v).compile().params[P.P_OPENING_FLOWER_ORDER] == 0, v
    with pytest.raises(
        ValueError, match=r"opening_flower_order='round' is not one of \['rounds', 'seat'\]"
    ):
        variants.get("fuzhou", opening_flower_order="round")
    with pytest.raises(ValueError, match="opening_flower_order='rounds' needs flowers"):
        variants.get("sichuan", opening_flower_order="rounds")
    assert variants.get("guobiao", opening_flower_order="rounds").opening_flower_order == "rounds"


def test_t11_3_a_flower_turned_as_the_gold_goes_to_the_dealer() -> None:
    """Worked example 3: 开金 turns 东, which goes to the dealer as a flower; the next tile,
    5p, is turned: 5p is the gold, its other three copies wild. The dealer is credited the
    flower and keeps its 17 tiles (the turned tile was never in its hand)."""
    dealer = "7m9m7p9p7s9s7m9m7p9p7s9s8m8p6m1m"
    head = dealer + "".join(OTHERS[p] for p in (1, 2, 3)) + "2m"
    g = Game("fuzhou", wall=fz_wall(head, "1z5p"))
    s = g.state
    assert honor_flowers(s, 0, 0, 27) == 1 and int(s.pv[0, 0, PV_N_FLOWERS]) == 1
    assert int(s.tv[0, TV_INDICATOR]) == parse_tiles("5p")[0] and int(s.tv[0, TV_IND_OUT]) == 1
    assert [int(k) for k in np.flatnonzero(s.wild[0])] == parse_tiles("5p")
    assert [int(g.hands[p, :27].sum()) for p in range(4)] == [17, 16, 16, 16]
    assert g.tiles_left == 144 - 65 - 2  # 东 to the dealer, 5p turned and out of play


def test_t11_4_the_reserve_grows_with_kongs_and_four_identical_honour_flowers() -> None:
    """Worked example 4: the reserve is 18; an exposed kong makes it 19, a concealed kong
    then 21, and four 南 set aside by one player 23."""
    dealer = "1m3m5m7m9m1p3p1s3s5s7s9s4s6s8s2s"
    seat1 = "1m1m1m2m2m2m2m2z2z2z3p4p5p6p7p8p"  # three 南 set aside at the deal
    seat2 = "3m4m6m8m9m1p2p9p2s4s6s8s9s7s7m6p"
    seat3 = "4m5m6m8m9m1p2p3p4p5p6p7p8p9p1s2s"
    # tail: seat 1's three replacements, the gold 9s, the kong replacements: 4m after the
    # exposed kong, the fourth 南 after the concealed kong, then 3s
    g = Game("fuzhou", wall=fz_wall(dealer + seat1 + seat2 + seat3 + "5m", "6s6s7s9s4m2z3s"))
    s = g.state

    def reserve() -> int:
        assert g.tiles_left - g.draws_left == 18 + int(s.tv[0, TV_RESERVE_EXTRA])
        return g.tiles_left - g.draws_left

    assert honor_flowers(s, 0, 1, 28) == 3 and reserve() == 18
    g.step("discard 1m")
    while g.phase in ("grab", "react"):
        g.step("exposed_kong" if "exposed_kong" in g.legal_action_names() else "pass")
    assert g.current_player == 1 and g.hands[1, 0] == 0 and reserve() == 19  # 1m konged
    assert "kong 2m" in g.legal_action_names()
    g.step("kong 2m")  # its replacement is the fourth 南: set aside and replaced by 3s
    assert honor_flowers(s, 0, 1, 28) == 4 and reserve() == 23
    assert g.current_player == 1 and g.phase == "turn"
    assert int(s.tv[0, TV_DRAWN]) == parse_tiles("3s")[0]


def test_t11_4_the_concealed_kong_alone_adds_two() -> None:
    """Worked example 4, the middle step on its own: 19 after the exposed kong, 21 after
    the concealed kong (no flower quad: the replacement is a plain tile)."""
    dealer = "1m3m5m7m9m1p3p1s3s5s7s9s4s6s8s2s"
    seat1 = "1m1m1m2m2m2m2m3m3p4p5p6p7p8p5s5s"
    seat2 = "3m4m6m8m9m1p2p9p2s4s6s8s9s7s7m6p"
    seat3 = "4m5m6m8m9m1p2p3p4p5p6p7p8p9p1s2s"
    g = Game("fuzhou", wall=fz_wall(dealer + seat1 + seat2 + seat3 + "5m", "9s4m3s"))
    g.step("discard 1m")
    while g.phase in ("grab", "react"):
        g.step("exposed_kong" if "exposed_kong" in g.legal_action_names() else "pass")
    assert g.tiles_left - g.draws_left == 19
    g.step("kong 2m")
    assert g.tiles_left - g.draws_left == 21


# --------------------------------------------------------------- a discarded gold (example 6)
def test_t11_6_a_discarded_gold_is_claimed_by_nobody_and_its_discarder_wins_by_self_draw() -> None:
    """Worked example 6: the dealer discards a gold (9p). Seat 1 holds the two other golds
    and seat 2 is ready, yet nobody may chow, pung, kong or win on it (seat 2 is offered only
    the grab of the turned gold, 抢金, which it passes). The dealer then becomes ready on 4p:
    seat 1's discarded 4p is no win for it, its own draw of 4p is: a self-draw with no flower,
    kong or gold, (5 x 2) + 无花无杠 30 = 40 from each."""
    dealer = "1m2m3m4m5m6m7m8m9m1p2p3p4p7s1s9s"  # + 9p, the gold
    seat1 = "9p9p1m5m9m6p8p2s4s8s3m7m5p1s5s8m"  # two golds, far from ready
    seat2 = "2m3m4m5m6m7m3p4p5p6p7p8p4s5s6s8s"  # ready on 8s
    seat3 = "1m5m9m1p6p2s8s3m7m5p1s3s1p5s9m2p"
    draws = "3p" + "9s" + "2p" + "8s" + "4p" + "6m" + "8p" + "4p"
    head = dealer + seat1 + seat2 + seat3 + "9p" + draws
    g = Game("fuzhou", wall=fz_wall(head, "9p"))
    s = g.state
    assert [int(k) for k in np.flatnonzero(s.wild[0])] == parse_tiles("9p")
    g.step("discard 9p")
    assert int(s.pv[0, 0, PV_N_WILD_DISCARDED]) == 1
    offered = []
    while g.phase != "turn":
        names_ = g.legal_action_names()
        offered.append((g.current_player, g.phase, tuple(names_)))
        g.step("pass")
    assert offered == [(2, "grab", ("pass", "declare 5"))]  # seat 2's 抢金, passed
    assert g.current_player == 1  # no claim of the gold: seat 1 draws

    dealer_offered = []

    def play(tile: str) -> None:
        g.step(f"discard {tile}")
        while g.phase in ("grab", "react"):
            names_ = g.legal_action_names()
            if g.current_player == 0 and "win" in names_:
                dealer_offered.append(tile)
            g.step("pass")

    play("3p")  # seat 1 draws 3p
    play("9s")  # seat 2 draws 9s
    play("2p")  # seat 3 draws 2p
    assert g.current_player == 0
    play("1s")  # the dealer draws 8s and keeps it: 123m 456m 789m 123p 789s + 4p, ready on 4p
    assert g.current_player == 1
    play("4p")  # seat 1 draws 4p and throws it: no win for the dealer
    assert dealer_offered == []
    play("6m")  # seat 2
    play("8p")  # seat 3
    assert g.current_player == 0 and "win" in g.legal_action_names()  # its draw: 4p
    g.step("win")
    assert g.done and g.win_kind == "self_draw" and list(g.payments) == [120, -40, -40, -40]


# --------------------------------------------------------- two non-dealers can grab (example 7)
GRAB_NAME = "declare 5"  # DECLARE + 5 = 抢金


@pytest.mark.parametrize(("seat1_grabs", "winner"), [(True, 1), (False, 2)])
def test_t11_7_two_non_dealers_can_grab_the_dealers_next_seat_wins(
    seat1_grabs: bool, winner: int
) -> None:
    """Worked example 7 (first half): seats 1 and 2 are both one tile from a win, so both
    can take the turned gold after the dealer's first discard (抢金): seat 1, the dealer's
    下家, is asked first and wins; seat 2 wins only when seat 1 lets it go. Either way a
    self-draw: (5 + 1 gold) x 2 + 抢金 30 = 42 from each."""
    s1 = "1m2m3m4m5m6m7m8m9m1p2p3p4s5s7s7s"  # waits on 3s / 6s
    s2 = "2m3m4m5m6m7m3p4p5p6p7p8p1s1s2s3s"  # waits on 1s / 4s
    dealer = "1m1m1m5m7m9m6p7p9p9p7s8s2p2p6m8m"
    s3 = "8m8m9m9m4p4p5p5p6p6p8p8p2s2s3s3s"
    g = Game("fuzhou", wall=fz_wall(dealer + s1 + s2 + s3 + "4m", "9s"))
    assert GRAB_NAME not in g.legal_action_names()  # the dealer cannot grab
    g.step("discard 4m")
    assert g.phase == "grab" and g.current_player == 1
    assert g.legal_action_names() == ["pass", GRAB_NAME]
    if not seat1_grabs:
        g.step("pass")
        assert g.phase == "grab" and g.current_player == 2
    g.step(GRAB_NAME)
    assert g.done and g.winners == [winner] and g.win_kind == "self_draw"
    want = [-42] * 4
    want[winner] = 126
    assert list(g.payments) == want
