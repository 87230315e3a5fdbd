"""wuhan (Wuhan 红中赖子杠): worked examples of its scoring through ``mjsim.score`` (屁胡 and the
大胡 list, the winner's 开口 / kong / 红中杠 / 赖子杠 / self-draw doublings, each payer's own
doublings and 放冲, 封顶 and 金顶, the 起胡 threshold, 海底捞 within the last four tiles, 抢杠 paid
by the robbed seat), scripted walls (must open, 红中杠 then 杠开 with its payments, the 起胡 gate)
and self-play with the invariants checked (docs/variants/wuhan.md)."""

from __future__ import annotations

import functools

import helpers
import numpy as np
import pytest
from invariant_hands import check_random_hands, check_slow_random_hands

import mjsim
from mjsim import variants
from mjsim.actions import EXPOSED_KONG, PASS, PUNG, WIN, action_from_name
from mjsim.engine import Game
from mjsim.engine.state import WK_ROB_KONG
from mjsim.scoring import tables

PLAIN = "234m567p22s345s"  # a 屁胡 with a 2-5-8 pair and a chow 678m called, won on the 5s
WILD = "9p"  # the 赖子 of the worked examples (none held unless said)


def _score(hand=PLAIN, win="5s", melds=("chow 678m",), **kw):
    kw.setdefault("wilds", WILD)
    return mjsim.score("wuhan", hand, win_tile=win, melds=list(melds), seat=1, dealer=0, **kw)


score = _score


def names(r) -> set[str]:
    return {zh for _i, _en, zh, _v, _n in r.items}


# ------------------------------------------------------------------------ the winner's value
def test_plain_self_draw_opened_and_hard() -> None:
    # 屁胡 1 x 开口 2 x 自摸 2 x 硬胡 2 = 8, from each of the three (the dealer, seat 0, x2)
    r = score(self_drawn=True)
    assert r.total == 8 and names(r) == {"屁胡", "开口", "自摸", "硬胡"}
    assert r.payments == [-16, 32, -8, -8]


def test_plain_discard_win_the_discarder_pays_double() -> None:
    # 屁胡 1 x 开口 2 x 硬胡 2 = 4; everyone pays, the discarder (放冲) twice, the dealer x2
    r = score(discarder=2)
    assert r.total == 4 and r.payments == [-8, 20, -8, -4]


def test_a_held_wild_is_a_soft_win() -> None:
    # the 赖子 9p stands for the 2s of the pair: no 硬胡
    r = score("234m567p2s9p345s", self_drawn=True)
    assert r.total == 4 and names(r) == {"屁胡", "开口", "自摸"}


def test_kaikou_counts_opening_once_koukou_each_meld() -> None:
    hand, melds = "567p22s345s", ("chow 678m", "pung 111z")
    assert score(hand, melds=melds, self_drawn=True).total == 8  # 开口翻: x2 once
    r = score(hand, melds=melds, self_drawn=True, open_each=True)
    assert r.total == 16  # 口口翻: x2 per claimed meld


def test_winner_kongs_red_dragon_and_wild_kongs() -> None:
    # 屁胡 1 x 开口 2 (the exposed kong opens) x 明杠 2 x 暗杠 4 x 红中杠 2 x 赖子杠 4 x 硬胡 2 = 256
    r = score("567p22s345s", melds=("kong 6666m", "concealed_kong 1111z"), discarder=0,
              kong_tiles=(0, 1, 0, 0), wild_kongs=(0, 1, 0, 0))  # fmt: skip
    assert r.total == 256
    assert names(r) == {"屁胡", "开口", "明杠", "暗杠", "红中杠", "赖子杠", "硬胡"}
    # each share is capped at 300 (封顶): the discarder's 512 pays 300, the others 256
    assert r.payments == [-300, 812, -256, -256]


# ------------------------------------------------------------------------ the 大胡 list
@pytest.mark.parametrize(
    ("hand", "win", "melds", "kw", "big"),
    [
        ("555m777p22s", "2s", ("pung 999m", "pung 111z"), {}, {"碰碰胡"}),
        ("258m258m258p88s", "8s", ("pung 555s",), {}, {"将一色"}),  # no sets needed
        ("234m567m999m11m", "9m", ("chow 123m",), {}, {"清一色"}),  # any pair: "将是乱将"
        ("1z1z2z3z3z4z4z5z5z6z6z", "6z", ("pung 222z",), {}, {"风一色"}),  # no sets needed
        ("5s5s", "5s", ("chow 123m", "chow 456p", "pung 777s", "pung 111z"), {}, {"全求人"}),
        (PLAIN, "5s", ("kong 1111z",), {"self_drawn": True, "kong_replacement": True}, {"杠开"}),
        (PLAIN, "5s", ("chow 678m",), {"self_drawn": True, "tiles_left": 3}, {"海底捞"}),
    ],
)  # fmt: skip
def test_each_big_hand_is_ten(hand, win, melds, kw, big) -> None:
    kw.setdefault("discarder", 2)
    if kw.get("self_drawn"):
        kw.pop("discarder")
    r = score(hand, win, melds, **kw)
    assert big <= names(r) and "屁胡" not in names(r)
    items = {zh: v for _i, _en, zh, v, _n in r.items}
    assert all(items[b] == 10 for b in big)


@pytest.mark.parametrize(("aside", "kong"), [("kong_tiles", "红中杠"), ("wild_kongs", "赖子杠")])
def test_kong_bloom_on_a_tile_set_aside(aside, kong) -> None:
    # score_win takes 杠开 on the replacement of a 红中 or 赖子 set aside, with no kong meld:
    # 杠开 10 x 开口 2 x 自摸 2 x 硬胡 2 x (红中杠 2 or 赖子杠 4)
    from mjsim.scoring.table_score import score_win

    r = score_win("wuhan", PLAIN, win_tile="5s", melds=["chow 678m"], self_drawn=True, seat=1,
                  dealer=0, kong_replacement=True, wilds=WILD, **{aside: (0, 1, 0, 0)})  # fmt: skip
    assert {"杠开", kong} <= {zh for _i, _en, zh, _v, _n in r.items}
    assert r.value == 80 * (2 if aside == "kong_tiles" else 4)


def test_big_hands_add_up() -> None:
    # 碰碰胡 + 清一色 = 20, x 开口 2 x 硬胡 2 = 80
    r = score("555m777m22m", "2m", ("pung 999m", "pung 111m"), discarder=3)
    assert names(r) == {"碰碰胡", "清一色", "开口", "硬胡"} and r.total == 80


def test_haidilao_needs_the_last_four_tiles() -> None:
    assert "海底捞" in names(score(self_drawn=True, tiles_left=0))
    assert "海底捞" in names(score(self_drawn=True, tiles_left=3))
    assert "海底捞" not in names(score(self_drawn=True, tiles_left=4))
    assert "海底捞" not in names(score(self_drawn=True))  # tiles left not known


def test_robbing_a_kong_the_robbed_seat_pays_all() -> None:
    # 抢杠 10 x 开口 2 x 硬胡 2 = 40; the robbed seat 3 pays the three shares ("他就要包了")
    r = score(robbing_kong=True, discarder=3)
    assert "抢杠" in names(r) and r.total == 40
    assert r.payments == [0, 120, 0, -120]


# ------------------------------------------------------------------------ each payer's share
def test_each_payer_doubles_by_its_own_melds() -> None:
    # 8 a share; seat 0 opened (x2) with an exposed kong (x2 more), seat 2 set aside a 红中 (x2)
    # and a 赖子 (x4), seat 3 has a concealed kong only (x4, and it has not opened); the dealer's
    # 屁胡 factor is off (dealer_small=1) to show the payers' own doublings alone
    r = score(self_drawn=True, dealer_small=1,
              seat_melds=(["kong 1111p"], [], [], ["concealed_kong 2222z"]),
              kong_tiles=(0, 0, 1, 0), wild_kongs=(0, 0, 1, 0))  # fmt: skip
    assert r.total == 8
    assert r.payments == [-32, 32 + 64 + 32, -64, -32]


def test_open_from_fed_doubles_the_payers_who_fed_the_winners_melds() -> None:
    # the winner (seat 1) chowed 678m and punged 1z, both from seat 0 (its previous seat);
    # seat 2 has a pung of its own. 开口翻 8 a share (屁胡 1 x 开口 2 x 自摸 2 x 硬胡 2)
    hand, melds = "567p22s345s", ("chow 678m", "pung 111z")
    seat_melds = ([], [], ["pung 3z3z3z"], [])
    score = functools.partial(_score, dealer_small=1)  # the dealer's 屁胡 factor off
    r = score(hand, melds=melds, self_drawn=True, seat_melds=seat_melds)
    assert r.payments == [-8, 32, -16, -8]  # own melds (the default): seat 2 doubles
    r = score(hand, melds=melds, self_drawn=True, seat_melds=seat_melds, open_from="fed")
    assert r.total == 8 and r.payments == [-16, 32, -8, -8]  # seat 0 fed: x2 once
    # 口口翻 16 a share; fed each: seat 0 fed two melds, x4
    r = score(hand, melds=melds, self_drawn=True, seat_melds=seat_melds, open_from="fed",
              open_each=True)  # fmt: skip
    assert r.total == 16 and r.payments == [-64, 96, -16, -16]
    # a discard win: the discarder seat 3 pays double (放冲) and doubles again for
    # the pung it fed; seat 0 doubles for the chow
    r = score(hand, melds=("chow 678m", "pung 111z from 2"), discarder=3, open_from="fed")
    assert r.total == 4 and r.payments == [-8, 28, -4, -16]
    assert tables.payment("wuhan", open_from="fed").payer_open == "fed_once"
    assert tables.payment("wuhan", open_from="fed", open_each=True).payer_open == "fed_each"
    assert "fed one of the winner's claimed melds" in tables.record_text(
        tables.payment("wuhan", open_from="fed")
    )
    with pytest.raises(ValueError, match="open_from"):
        variants.get("wuhan", score_values=(10, 0, 2, 1, 300, 400, 2)).compile()


def test_golden_cap_when_all_three_reach_the_cap() -> None:
    # 将一色 + 碰碰胡 20 x 开口 2 x 自摸 2 x 硬胡 2 = 160; every payer with one open meld: 320
    seat_melds = (["pung 3z3z3z"], [], ["pung 4z4z4z"], ["pung 5z5z5z"])
    r = score("555m888p22s", "2s", ("pung 888s", "pung 222m"), self_drawn=True,
              seat_melds=seat_melds)  # fmt: skip
    assert r.total == 160
    assert r.payments == [-320, 960, -320, -320]  # all three at 300 or more: 金顶 400 caps none
    r = score("555m888p22s", "2s", ("pung 888s", "pung 222m"), self_drawn=True,
              seat_melds=(["pung 3z3z3z"], [], ["pung 4z4z4z"], []))  # fmt: skip
    assert r.payments == [-300, 760, -300, -160]  # two reach the cap: 封顶 300


def test_qihu_threshold_refuses_a_small_win() -> None:
    assert score(self_drawn=True, qihu=8).valid
    r = score(self_drawn=True, qihu=16)
    assert not r.valid and r.payments == [0, 0, 0, 0]


def test_the_record_and_table_options() -> None:
    rec = tables.payment("wuhan")
    assert rec.payer_open == "once" and rec.discarder_mult == 2 and rec.all_capped == 400
    assert tables.payment("wuhan", open_each=True).payer_open == "each"
    with pytest.raises(ValueError, match="all_capped"):
        tables.compile_record(tables.payment("wuhan", golden=200))
    spec = variants.get("wuhan")
    assert spec.must_open and spec.kong_only_tiles == "red_dragon" and spec.wild_kong
    assert spec.win_filter == "small_win_258_pair" and spec.rob_kong == "added"
    assert variants.get("wuhan", score_values=(10, 1, 1, 1, 300, 500)).score_values[1] == 1
    with pytest.raises(ValueError, match="seat_melds"):
        score(self_drawn=True, seat_melds=([], []))
    with pytest.raises(ValueError, match="kong_tiles"):
        score(self_drawn=True, kong_tiles=(0, -1, 0, 0))


# ------------------------------------------------------------------------ scripted hands
FIXED = {"wild_rule": "fixed", "wild_tiles": (29,)}  # 赖子 = West, so the tests pick the wall


def _red_dragon_wall() -> list[int]:
    # the dealer discards 5s, seat 1 pungs it (opening) and discards 1z; seats 2, 3 and 0 discard
    # what they draw; seat 1 draws 2p, sets its 红中 aside and wins on the replacement 2p (杠开)
    return helpers.make_wall(
        {
            0: "1m1m9m9m1p1p9p9p1s1s9s9s4z",
            1: "5s5s234m678m345p7z1z",
            2: "2m2m8m8m2p2p8p8p2s2s8s8s6z",
            3: "3m3m7m7m3p3p7p7p3s3s7s7s5z",
        },
        "5s",
        draws="4z 5z 6z 2p",
        tail="2p",
    )


def _pung_5s_then_play_to_seat_one(g: Game) -> None:
    """Seat 1 pungs the dealer's 5s, discards 1z, and the three others discard what they draw:
    seat 1 is to act with its own draw."""
    g.step(action_from_name("discard 5s"))
    while g.phase == "react":
        g.step(PUNG if g.current_player == 1 else PASS)
    g.step(action_from_name("discard 1z"))
    while g.phase == "react":
        g.step(PASS)
    for _ in range(3):
        helpers.discard_drawn(g)
        while g.phase == "react":
            g.step(PASS)
    assert g.current_player == 1


def _to_seat_one_kong(spec) -> Game:
    g = Game(spec, wall=_red_dragon_wall())
    _pung_5s_then_play_to_seat_one(g)
    assert WIN not in g.legal_actions()  # 红中 in the hand: "红中留在手上不能胡"
    g.step(action_from_name("kong 7z"))
    return g


def test_scripted_red_dragon_kong_then_kong_bloom() -> None:
    g = _to_seat_one_kong(variants.get("wuhan", **FIXED))
    assert WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [1]
    # 杠开 10 x 开口 2 x 红中杠 2 x 自摸 2 x 硬胡 2 = 160 from each
    assert list(g.payments) == [-160, 480, -160, -160]


def test_scripted_open_from_fed_doubles_the_feeder() -> None:
    # seat 1 punged the dealer's 5s: under open_from=fed the dealer, who fed it, pays 160 x 2,
    # capped at 300 (封顶); seats 2 and 3 fed nothing and pay 160
    spec = variants.get("wuhan", score_values=(10, 0, 2, 1, 300, 400, 1), **FIXED)
    g = _to_seat_one_kong(spec)
    g.step(WIN)
    assert g.done and g.winners == [1]
    assert list(g.payments) == [-300, 620, -160, -160]


def test_scripted_qihu_gate() -> None:
    g = _to_seat_one_kong(variants.get("wuhan", score_values=(10, 0, 2, 200, 300, 400), **FIXED))
    assert WIN not in g.legal_actions()  # 160 is below the 起胡 of 200


def test_scripted_a_concealed_hand_may_not_win() -> None:
    wall = helpers.make_wall({0: "123m456m789m234p5s"}, "5s")
    assert WIN not in Game(variants.get("wuhan", **FIXED), wall=wall).legal_actions()
    assert WIN in Game(variants.get("wuhan", must_open=False, **FIXED), wall=wall).legal_actions()


# ------------------------------------------------------------------------ the dealer on a 屁胡
def test_a_plain_win_paid_by_the_dealer_is_doubled() -> None:
    # 屁胡 8 a share (屁胡 1 x 开口 2 x 自摸 2 x 硬胡 2): the dealer (seat 0) pays 16
    r = score(self_drawn=True)
    assert r.total == 8 and r.payments == [-16, 32, -8, -8]
    # the dealer wins the 屁胡: each of the three pays it 16
    r = mjsim.score("wuhan", PLAIN, win_tile="5s", melds=["chow 678m"], seat=0, dealer=0,
                    self_drawn=True, wilds=WILD)  # fmt: skip
    assert r.payments == [48, -16, -16, -16]
    # a discard win: the dealer discards (放冲 x2, dealer x2): 16; the others 4
    r = score(discarder=0)
    assert r.payments == [-16, 24, -4, -4]


def test_a_big_win_with_the_dealer_is_not_doubled() -> None:
    # 碰碰胡 10 x 开口 2 x 硬胡 2 = 40 a share on a discard from seat 2 (放冲 x2): dealer 40
    r = score("555m777p22s", "2s", ("pung 999m", "pung 111z"), discarder=2)
    assert "屁胡" not in names(r) and r.payments == [-40, 160, -80, -40]


def test_dealer_small_option_and_record() -> None:
    rec = tables.payment("wuhan")
    assert rec.dealer_mult == 2 and rec.dealer_row == 0
    assert tables.table("wuhan").rows[0]["zh"] == "屁胡"  # the row the dealer factor follows
    off = tables.payment("wuhan", dealer_small=1)
    assert off.dealer_mult == 1 and off.dealer_row == -1
    assert score(self_drawn=True, dealer_small=1).payments == [-8, 24, -8, -8]
    assert "when row 0 counts" in tables.record_text(rec)
    with pytest.raises(ValueError, match="dealer_row"):
        tables.compile_record(tables.PaymentRecord(name="x", dealer_row=-2))


# ------------------------------------------------------------------------ 七皮四赖: the 皮子
def test_pi_kinds_follow_the_wild() -> None:
    from mjsim.engine.kong_tiles import is_kong_only, pi_kinds

    spec = variants.get("wuhan", kong_only_tiles="seven_pi")
    prm = spec.compile().params
    wild = np.zeros(34, np.uint8)
    for w, pi in [(4, (3, 2)), (0, (8, 7)), (27, (30, 29)), (33, (31, 32)), (32, (33, 31))]:
        wild[:] = 0
        wild[w] = 1
        assert tuple(pi_kinds(prm, wild)) == pi, w
        assert [k for k in range(34) if is_kong_only(prm, wild, k)] == sorted(pi)
    # red_dragon (the default): 红中 only, and never a wild 红中
    prm = variants.get("wuhan").compile().params
    wild[:] = 0
    wild[4] = 1
    assert [k for k in range(34) if is_kong_only(prm, wild, k)] == [33]
    with pytest.raises(ValueError, match="seven_pi"):
        variants.get("wuhan", kong_only_tiles="seven_pi", **FIXED)


def test_scripted_pi_kong_then_kong_bloom() -> None:
    # the turned tile (the first from the tail) is 4m: 赖子 5m, 皮子 4m and 3m; 红中 is plain
    wall = helpers.make_wall(
        {1: "5s5s678p345p789s3m1z"},
        "5s",
        draws="1z 1z 1z 2p",
        tail="4m 2p",
        avoid="3m4m5m7z",
    )
    g = Game(variants.get("wuhan", kong_only_tiles="seven_pi"), wall=wall)
    assert int(g.state.wild[0].nonzero()[0][0]) == 4  # 5m
    _pung_5s_then_play_to_seat_one(g)
    legal = g.legal_actions()
    assert action_from_name("kong 3m") in legal and action_from_name("discard 3m") not in legal
    g.step(action_from_name("kong 3m"))  # 皮子杠: set aside, replaced by the 2p
    assert WIN in g.legal_actions()
    g.step(WIN)
    assert g.done and g.winners == [1]
    # 杠开 10 x 开口 2 x 皮子杠 2 x 自摸 2 x 硬胡 2 = 160 from each (a 大胡: no dealer factor)
    assert list(g.payments) == [-160, 480, -160, -160]


# ------------------------------------------------------------------------ 承包 and 查大叫
def test_scripted_kong_bloom_on_a_discarded_kong_tile_is_paid_by_its_discarder() -> None:
    # the dealer discards 5s, seat 1 kongs it and wins on the replacement 2p: 杠开 10 x 开口 2
    # x 明杠 2 x 自摸 2 x 硬胡 2 = 160 a share, all three paid by the dealer (放杠包杠开)
    wall = helpers.make_wall({1: "5s5s5s678p345p789s2p"}, "5s", tail="2p")
    for liable, pays in [(True, [-480, 480, 0, 0]), (False, [-160, 480, -160, -160])]:
        g = Game(variants.get("wuhan", kong_bloom_liable=liable, **FIXED), wall=wall)
        g.step(action_from_name("discard 5s"))
        while g.phase == "react":
            g.step(EXPOSED_KONG if g.current_player == 1 else PASS)
        assert g.current_player == 1 and WIN in g.legal_actions()
        g.step(WIN)
        assert g.done and g.winners == [1] and list(g.payments) == pays


def _play_to_a_draw(spec) -> Game:
    # seat 1 pungs the dealer's 5s and is ready on 2p (屁胡 with a 2-5-8 pair); every 2p and
    # 红中 is held, and the others never open: the wall runs out
    wall = helpers.make_wall(
        {
            0: "2p2p7z7z123m456m789m",
            1: "5s5s678p345p789s2p1z",
            2: "2p7z7z123m456m789m1z",
        },
        "5s",
    )
    g = Game(spec, wall=wall)
    g.step(action_from_name("discard 5s"))
    while g.phase == "react":
        g.step(PUNG if g.current_player == 1 else PASS)
    g.step(action_from_name("discard 1z"))
    while not g.done:
        if g.phase == "react":
            g.step(PASS)
        else:
            helpers.discard_drawn(g)
    return g


def test_scripted_draw_ready_check() -> None:
    # 查大叫: seat 1's best win is a 屁胡 on a discard, 1 x 开口 2 x 硬胡 2 = 4; each of the three
    # seats that cannot win pays it
    g = _play_to_a_draw(variants.get("wuhan", **FIXED))
    assert g.done and g.winners == []
    assert list(g.payments) == [-4, 12, -4, -4]
    g = _play_to_a_draw(variants.get("wuhan", draw_ready_pay=False, **FIXED))
    assert list(g.payments) == [0, 0, 0, 0]
    with pytest.raises(ValueError, match="draw_ready_pay"):
        variants.get("sichuan", draw_ready_pay=True)


# ------------------------------------------------------------------------ self-play
def _check(r, pays, won) -> None:
    assert np.all(r["n_winners"] <= 1)
    assert np.all(r["value"][won] >= 1)
    # 金顶: no share is above 400; a robbed seat pays the three shares ("他就要包了"), so does the
    # discarder of a kong tile bloomed on (承包); 查大叫 at a drawn hand: at most 3 x 300
    robbed = r["win_kind"] == WK_ROB_KONG
    assert np.all(pays >= -1200)
    assert np.all(pays[~robbed & ~won] >= -900)


def test_random_hands_keep_every_invariant() -> None:
    r, pays, won = check_random_hands("wuhan", 2000, seed=5, threads=1)
    _check(r, pays, won)
    assert (r["n_winners"] > 0).mean() > 0.01


@pytest.mark.slow
def test_ten_thousand_random_hands_keep_every_invariant() -> None:
    _check(*check_slow_random_hands("wuhan"))
