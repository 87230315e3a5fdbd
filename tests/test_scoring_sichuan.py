"""Sichuan / Chengdu / blood-battle scoring: fan table, kong payments, draw settlement, 呼叫转移.

Worked examples 1-5 and example 7 of the Sichuan rules (b = 1); example 6 (forced win) and the 定缺
discard order are engine flow, tested with the engine.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import counts_from_sets
from hypothesis import given, settings
from hypothesis import strategies as st

import mjsim
from mjsim.melds import MAX_MELDS, MELD_ADDED_KONG, MELD_CONCEALED_KONG, MELD_KONG, MELD_NONE
from mjsim.scoring import sichuan as S
from mjsim.scoring.melds_parse import parse_melds
from mjsim.tiles import parse_hand, parse_tiles

A, B, C, D = 0, 1, 2, 3
ALL_IN = np.ones(4, np.bool_)


def score(hand, melds=(), **kw):
    kw.setdefault("win_tile", parse_tiles(hand)[-1])
    return mjsim.score("sichuan", hand, melds=melds, **kw)


def fan(hand, melds=(), **kw):
    return score(hand, melds, **kw).total


def items(hand, melds=(), **kw):
    return score(hand, melds, **kw).item_counts()


# ---- fan table: one positive and one negative case per item ----------------------------------


@pytest.mark.parametrize(
    ("hand", "melds", "kw", "expected_fan", "expected_items"),
    [
        ("11123456789m555p", (), {}, 0, {"Basic win": 1}),
        ("111m222m555p888p99p", (), {}, 1, {"All pungs": 1}),
        ("123m456m789m234m55m", (), {}, 2, {"Full flush": 1}),
        ("1122m3344p5566p77p", (), {}, 2, {"Seven pairs": 1}),
        ("1111m22m3344p5566p", (), {}, 3, {"Dragon seven pairs": 1}),
        (
            "345p123m789m11m",
            ("pung 555p",),
            {},
            1,
            {"Basic win": 1, "Root (four identical tiles)": 1},
        ),
        (
            "123m456m789m11p",
            ("kong 7777p",),
            {},
            1,
            {"Basic win": 1, "Root (four identical tiles)": 1},
        ),
        (
            "99p",
            ("pung 111m", "pung 222m", "pung 555p", "pung 888p"),
            {},
            2,
            {"All pungs": 1, "Golden hook (single wait, all else melded)": 1},
        ),
        (
            "123456789m11p",
            ("concealed_kong 5555p",),
            {"self_drawn": True, "kong_replacement": True},
            2,
            {"Basic win": 1, "Root (four identical tiles)": 1, "Win on a kong replacement": 1},
        ),
        ("11123456789m555p", (), {"discarder": 1, "after_kong_discard": True}, 1, None),
        ("11123456789m555p", (), {"discarder": 1, "robbing_kong": True, "win_tile": "9m"}, 1, None),
        ("11123456789m555p", (), {"self_drawn": True, "last_wall_tile": True}, 1, None),
        ("11123456789m555p", (), {"self_drawn": True}, 0, None),  # 自摸加底: no fan
        (
            "11123456789m555p",
            (),
            {"self_drawn": True, "self_draw_bonus": S.SELF_DRAW_ADD_FAN},
            1,
            None,
        ),
    ],
)
def test_fan_items(hand, melds, kw, expected_fan, expected_items):
    kw.setdefault("discarder", None if kw.get("self_drawn") else 1)
    r = score(hand, melds, **kw)
    assert r.total == expected_fan
    if expected_items is not None:
        assert {k: v for k, v in r.item_counts().items() if v} == expected_items


def test_negative_cases():
    # a chow hand is not all pungs; two suits is not a flush; pairs with a chow are not seven pairs
    assert items("11123456789m555p", discarder=1).get("All pungs", 0) == 0
    assert items("111m222m555p888p99p", discarder=1).get("Full flush", 0) == 0
    assert items("11123456789m555p", discarder=1).get("Seven pairs", 0) == 0
    # a hand that is also seven pairs scores its better reading (standard: 0 fan, pairs: 2)
    assert items("11223344556677m", discarder=1)["Seven pairs"] == 1
    # no root without four identical tiles; 金钩钓 needs the bare pair
    assert items("111m222m555p888p99p", discarder=1).get("Root (four identical tiles)", 0) == 0
    assert (
        items("888p99p", ("pung 111m", "pung 222m", "pung 555p"), discarder=1).get(
            "Golden hook (single wait, all else melded)", 0
        )
        == 0
    )
    # situational fans need the right win type
    assert fan("11123456789m555p", discarder=1, kong_replacement=False) == 0
    with pytest.raises(ValueError, match="discard win"):
        score("11123456789m555p", self_drawn=True, after_kong_discard=True)


def test_cap_and_options():
    # 清龙七对: 清一色 2 + 龙七对 3 = 5, capped at 3
    assert fan("11112233445566m", discarder=1) == 3
    assert fan("11112233445566m", discarder=1, cap=-1) == 5
    assert fan("11112233445566m", discarder=1, cap=4) == 4
    # 金钩钓 worth 2 in some tables
    m = ("pung 111m", "pung 222m", "pung 555p", "pung 888p")
    assert fan("99p", m, discarder=1, golden_hook=2) == 3
    # seven pairs can be switched off
    with pytest.raises(ValueError):
        score("1122m3344p5566p77p", discarder=1, seven_pairs=0)


def test_api_example_and_payments():
    r = mjsim.score("sichuan", "11123456789m555p", win_tile="9m", seat=B, discarder=C)
    assert r.total == 0 and r.valid and r.payments == [0, 1, -1, 0]
    # self-draw with 自摸加底: each of the three pays 2**fan + 1
    r = mjsim.score("sichuan", "111m222m555p888p99p", win_tile="9p", seat=B, self_drawn=True)
    assert r.total == 1 and r.payments == [-3, 9, -3, -3]
    # blood battle: a player who has already won does not pay
    r = mjsim.score(
        "sichuan_xuezhan",
        "111m222m555p888p99p",
        win_tile="9p",
        seat=B,
        self_drawn=True,
        has_won=[True, False, False, False],
    )
    assert r.payments == [0, 6, -3, -3]
    with pytest.raises(ValueError, match="already out"):
        mjsim.score(
            "sichuan_xuezhan",
            "111m222m555p888p99p",
            win_tile="9p",
            seat=B,
            discarder=A,
            has_won=[True, False, False, False],
        )
    assert mjsim.score("chengdu", "11123456789m555p", win_tile="9m", discarder=1).total == 0


def test_illegal_wins():
    # example 7: a win holding all three suits is illegal; with 定缺 (void 条) a 条 blocks the win
    with pytest.raises(ValueError, match="three suits"):
        score("123m456p789s11m555m", discarder=1)
    with pytest.raises(ValueError, match="void suit"):
        score("11123456789m555s", discarder=1, missing_suit="s")
    assert fan("11123456789m555p", discarder=1, missing_suit="s") == 0
    with pytest.raises(ValueError):
        score("11123456789m556p", discarder=1)
    with pytest.raises(ValueError, match="chow"):
        score("123m456m789m11p", ("chow 123p",), discarder=1)


# ---- kong payments (刮风下雨) -------------------------------------------------------------------


def kong(kong_type, konger, discarder=-1, still_in=ALL_IN, robbed=False, **opts):
    out = np.zeros(4, np.int64)
    ledger = np.zeros((4, 4), np.int64)
    got = S.sichuan_kong_payment(
        kong_type, konger, discarder, still_in, robbed, S.default_params(**opts), 1, ledger, out
    )
    assert got == out[konger] == ledger[:, konger].sum()
    return out.tolist()


def test_t3_1_exposed_kong():
    assert kong(MELD_KONG, B, C) == [0, 2, -2, 0]  # 承包制
    assert kong(MELD_KONG, B, C, exposed_kong=S.KONG_EVERYONE) == [-1, 4, -2, -1]  # 家家有
    won_a = np.array([False, True, True, True])
    assert kong(MELD_KONG, B, C, won_a, exposed_kong=S.KONG_EVERYONE) == [0, 3, -2, -1]


def test_t3_2_added_kong_and_robbing():
    assert kong(MELD_ADDED_KONG, B) == [-1, 3, -1, -1]
    assert kong(MELD_ADDED_KONG, B, robbed=True) == [0, 0, 0, 0]
    r = mjsim.score(
        "sichuan", "11123456789m567s", win_tile="6s", seat=C, discarder=B, robbing_kong=True
    )
    assert r.item_counts()["Robbing a kong"] == 1 and r.payments == [0, -2, 2, 0]


def test_t3_3_concealed_kong_blood_battle():
    still = np.array([False, True, True, True])  # A has won
    assert kong(MELD_CONCEALED_KONG, B, still_in=still) == [0, 4, -2, -2]
    assert kong(MELD_CONCEALED_KONG, B) == [-2, 6, -2, -2]


def test_t3_4_draw_settlement():
    hands = np.stack(
        [
            parse_hand("111m222m555p88p99p"),  # A: ready, best wait 对对胡 = 1 fan -> 2
            parse_hand("123m456p789s1234m"),  # B: 花猪 (three suits)
            parse_hand("1122m3344p5566p7p"),  # C: ready, 七对 = 2 fan -> 4
            parse_hand("13579m12456899p"),  # D: not ready, two suits
        ]
    )
    assert hands.sum(axis=1).tolist() == [13, 13, 13, 13]
    melds = np.full((4, MAX_MELDS, 3), MELD_NONE, np.int8)
    ledger = np.zeros((4, 4), np.int64)
    ledger[[A, C, D], B] = 1  # B earned 3 from an added kong
    ledger[C, D] = 2  # D earned 2 from C's discard (直杠)
    out = np.zeros(4, np.int64)
    dajiao = np.zeros(4, np.int64)
    n = S.sichuan_draw_settlement(
        hands,
        melds,
        np.full(4, -1, np.int64),
        np.zeros(4, np.bool_),
        S.default_params(),
        1,
        ledger,
        out,
        dajiao,
    )
    assert n == 1
    assert dajiao.tolist() == [1, -2, 2, -1]
    pig = [16, -48, 16, 16]
    big = [2, 0, 4, -6]
    refund = [1, -3, 1 + 2, 1 - 2]
    assert out.tolist() == [p + b + r for p, b, r in zip(pig, big, refund, strict=True)]
    assert out.sum() == 0 and not ledger[:, [B, D]].any()


def test_dajiao_is_capped_and_ignores_situations():
    # waits on 5m: 清一色 2 + 龙七对 3 + one more 根 1 = 6 fan, capped at 3
    h = parse_hand("1111222233445m")
    m = np.full((MAX_MELDS, 3), MELD_NONE, np.int8)
    assert S.sichuan_best_wait(h, m, -1, S.default_params()) == 3
    assert S.sichuan_best_wait(h, m, -1, S.default_params(dajiao_capped=0)) == 6
    # not ready
    assert S.sichuan_best_wait(parse_hand("13579m12456899p"), m, -1, S.default_params()) == -1
    # a wait on a tile the player holds four of does not count
    m2 = parse_melds(["pung 111m", "pung 222m", "pung 555p"])
    assert S.sichuan_best_wait(parse_hand("1m888p"), m2, -1, S.default_params()) == -1


def test_pig_under_dingque():
    m = np.full((MAX_MELDS, 3), MELD_NONE, np.int8)
    assert S.sichuan_is_pig(parse_hand("1112345678999m1s"), m, 2)  # holds its void 条
    assert not S.sichuan_is_pig(parse_hand("1112345678999m1s"), m, -1)  # two suits only


def test_t3_5_call_transfer():
    ledger = np.zeros((4, 4), np.int64)
    out = np.zeros(4, np.int64)
    p = S.default_params()
    S.sichuan_kong_payment(MELD_ADDED_KONG, B, -1, ALL_IN, False, p, 1, ledger, out)  # 3
    last = np.zeros(4, np.int64)
    S.sichuan_kong_payment(MELD_CONCEALED_KONG, B, -1, ALL_IN, False, p, 1, ledger, last)  # 6
    out += last
    assert out.tolist() == [-3, 9, -3, -3]
    # B discards 3m right after the kong and C wins it (杠上炮)
    winners = np.array([False, False, True, False])
    t = S.sichuan_call_transfer(B, winners, -np.minimum(last, 0), p, ledger.copy(), out.copy())
    assert t == 9
    moved = np.zeros(4, np.int64)
    S.sichuan_call_transfer(B, winners, -np.minimum(last, 0), p, ledger, moved)
    assert moved.tolist() == [0, -9, 9, 0] and ledger[:, B].sum() == 0
    # scope option: only the kong just made (6)
    ledger2 = np.zeros((4, 4), np.int64)
    ledger2[[A, C, D], B] = 3
    moved = np.zeros(4, np.int64)
    p2 = S.default_params(transfer_scope=S.TRANSFER_LAST_KONG)
    assert S.sichuan_call_transfer(B, winners, np.array([2, 0, 2, 2]), p2, ledger2, moved) == 6
    # plus C's own win: 杠上炮 +1 fan, paid by B
    r = mjsim.score(
        "sichuan",
        "234m345m567m789m11m",
        win_tile="3m",
        seat=C,
        discarder=B,
        after_kong_discard=True,
    )
    assert r.total == 3 and r.payments == [0, -8, 8, 0]  # 清一色 2 + 杠上炮 1


def test_transfer_split_between_two_winners():
    ledger = np.zeros((4, 4), np.int64)
    ledger[[A, C, D], B] = [2, 2, 1]  # 5 to split: 3 to the nearer winner C, 2 to A
    out = np.zeros(4, np.int64)
    winners = np.array([True, False, True, False])
    S.sichuan_call_transfer(B, winners, np.zeros(4, np.int64), S.default_params(), ledger, out)
    assert out.tolist() == [2, -5, 3, 0]


# ---- zero-sum property ---------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    events=st.lists(
        st.tuples(
            st.sampled_from([MELD_KONG, MELD_ADDED_KONG, MELD_CONCEALED_KONG, -1]),
            st.integers(0, 3),
            st.integers(0, 3),
            st.integers(0, 3),
        ),
        max_size=12,
    ),
    still=st.lists(st.booleans(), min_size=4, max_size=4),
    option=st.sampled_from([S.KONG_DISCARDER_ONLY, S.KONG_EVERYONE]),
)
def test_settlement_is_zero_sum(events, still, option):
    p = S.default_params(exposed_kong=option)
    ledger = np.zeros((4, 4), np.int64)
    out = np.zeros(4, np.int64)
    still_in = np.array(still, np.bool_)
    for kind, a, b, f in events:
        other = (a + 1 + b % 3) % 4
        if kind == -1:  # a win by `a`, on `other`'s discard when b is odd
            S.sichuan_win_payments(f, a, other if b % 2 else -1, still_in, p, 1, out)
            if b == 3:
                w = np.zeros(4, np.bool_)
                w[a] = True
                S.sichuan_call_transfer(other, w, np.zeros(4, np.int64), p, ledger, out)
        else:
            S.sichuan_kong_payment(
                kind, a, other if kind == MELD_KONG else -1, still_in, False, p, 1, ledger, out
            )
        assert out.sum() == 0
        assert (ledger >= 0).all()
    for s in range(4):
        from mjsim.scoring.settlement import refund_ledger

        refund_ledger(ledger, s, out)
    assert out.sum() == 0 and not ledger.any()


@settings(max_examples=300, deadline=None)
@given(
    pair=st.integers(0, 17),
    sets=st.lists(
        st.one_of(
            st.tuples(st.just(1), st.integers(0, 17)),
            st.tuples(st.just(2), st.sampled_from([s * 9 + r for s in range(2) for r in range(7)])),
        ),
        min_size=4,
        max_size=4,
    ),
    flags=st.lists(st.booleans(), min_size=4, max_size=4),
    winner=st.integers(0, 3),
)
def test_random_two_suit_wins(pair, sets, flags, winner):
    """Every pair + 4 sets over two suits is a legal win worth 0..cap fan, zero-sum payments."""
    from mjsim.scoring.context import F_AFTER_KONG_DISCARD, F_LAST_WALL_TILE, F_SELF_DRAWN, N_FLAGS

    c = counts_from_sets(pair, sets)
    if c.max() > 4:
        return
    f = np.zeros(N_FLAGS, np.int64)
    f[S.F_MISSING_SUIT] = 2
    f[F_SELF_DRAWN] = flags[0]
    f[F_LAST_WALL_TILE] = flags[1]
    f[F_AFTER_KONG_DISCARD] = flags[2] and not flags[0]
    p = S.default_params()
    it = np.zeros(S.N_ITEMS, np.int32)
    fan = S.sichuan_value(c, S.empty_melds(), pair, f, p, it)
    assert 0 <= fan <= 3
    raw = int((it * S.ITEM_FAN).sum())
    assert fan == min(raw, 3)
    assert it[S.FULL_FLUSH] == (c[:9].sum() == 14 or c[9:18].sum() == 14)
    out = np.zeros(4, np.int64)
    still = np.array([True, True, flags[3], True])
    disc = -1 if flags[0] else (winner + 1) % 4
    got = S.sichuan_win_payments(fan, winner, disc, still, p, 1, out)
    assert out.sum() == 0 and out[winner] == got


# ---- the game's scoring is the fan table: value, items, 查大叫 ---------------------------------


def test_score_goes_through_the_table_with_items_in_chinese_and_english():
    """``mjsim.score`` values a Sichuan win by the fan table (the game loop's scorer): the items
    are the table's rows, named in English and Chinese, with the table's values."""
    r = mjsim.score(
        "sichuan",
        "99p",
        win_tile="9p",
        melds=["pung 111m", "pung 222m", "kong 5555p", "pung 888p"],
        self_drawn=True,
        kong_replacement=True,
        seat=B,
        golden_hook=2,
        cap=-1,
    )
    got = {(en, zh, value, n) for _i, en, zh, value, n in r.items}
    assert got == {
        ("All pungs", "对对胡", 1, 1),
        ("Root (four identical tiles)", "根", 1, 1),
        ("Golden hook (single wait, all else melded)", "金钩钓", 2, 1),
        ("Win on a kong replacement", "杠上开花", 1, 1),
    }
    assert r.total == 5
    # 自摸加底: each of the three pays b * 2 ** 5 + b
    assert r.payments == [-33, 99, -33, -33]
    # the ids are the table's rows, which keep the hand-written scorer's item ids
    assert sorted(i for i, *_ in r.items) == [S.ALL_PUNGS, S.ROOT, S.GOLDEN_HOOK, S.KONG_FLOWER]


def test_self_draw_bonus_as_fan_and_base_as_payment_unit():
    r = score("111m222m555p888p99p", self_drawn=True, seat=B, self_draw_bonus=1, base=2)
    assert r.total == 2 and ("自摸加番", 1) in [(zh, n) for _i, _en, zh, _v, n in r.items]
    assert r.payments == [-8, 24, -8, -8]  # b * 2 ** 2 each, no 自摸加底
    with pytest.raises(ValueError, match="self_draw_bonus"):
        score("111m222m555p888p99p", self_drawn=True, seat=B, self_draw_bonus=2)


def _ready_hands(rng, n):
    """Random ready 13-tile Sichuan hands (two suits, melds of pungs and kongs) and a void."""
    from mjsim.melds import MELD_PUNG

    out = []
    while len(out) < n:
        suits = rng.choice(3, size=2, replace=False)
        kinds = [int(s) * 9 + r for s in suits for r in range(9)]
        c = np.zeros(34, np.uint8)
        melds = np.full((MAX_MELDS, 3), MELD_NONE, np.int8)
        n_melds = int(rng.integers(0, 3))
        for i in range(n_melds):
            k = int(rng.choice(kinds))
            if c[k]:
                continue
            mt = int(rng.choice([MELD_PUNG, MELD_KONG, MELD_CONCEALED_KONG]))
            melds[i] = (mt, k, 0)
            c[k] = 4  # reserve the kind (no more copies in the hand)
        used = c.copy()
        c[:] = 0
        n_sets = 4 - int((melds[:, 0] != MELD_NONE).sum())
        if rng.random() < 0.3 and n_sets == 4:  # seven pairs minus one tile
            for k in rng.choice(kinds, size=7, replace=True):
                if c[k] + used[k] + 2 <= 4:
                    c[k] += 2
        else:
            for _ in range(n_sets):
                k = int(rng.choice(kinds))
                if rng.random() < 0.5 and k % 9 <= 6 and max(c[k : k + 3] + used[k : k + 3]) < 4:
                    c[k : k + 3] += 1
                elif c[k] + used[k] <= 1:
                    c[k] += 3
            k = int(rng.choice(kinds))
            if c[k] + used[k] <= 2:
                c[k] += 2
        tiles = np.repeat(np.arange(34), c)
        if len(tiles) != 3 * n_sets + 2:
            continue
        c[int(rng.choice(tiles))] -= 1  # one tile short: ready
        if rng.random() < 0.3:  # one tile swapped for another: often not ready
            held = np.flatnonzero(c)
            k = int(rng.choice(kinds))
            if c[k] + used[k] < 4:
                c[int(rng.choice(held))] -= 1
                c[k] += 1
        absent = [s for s in range(3) if s not in suits]
        void = int(absent[0]) if rng.random() < 0.5 else -1
        out.append((c, melds, void))
    return out


@pytest.mark.parametrize("capped", [True, False])
def test_dajiao_by_the_table_equals_the_hand_written_value(capped):
    """查大叫 in the game (``settle.table_best_wait``: the best wait by the fan table) gives the
    hand-written scorer's 大叫 on random ready hands, capped and uncapped."""
    from mjsim import variants
    from mjsim.engine.settle import table_best_wait

    rules = variants.get("sichuan").compile()
    params = S.default_params(dajiao_capped=int(capped))
    rng = np.random.default_rng(7)
    seen = set()
    for c, melds, void in _ready_hands(rng, 400):
        want = S.sichuan_best_wait(c, melds, void, params)
        got = table_best_wait(rules, c, melds, void, capped)
        assert got == want, (c.tolist(), melds.tolist(), void)
        seen.add(int(want))
    assert -1 in seen and len(seen) >= 4  # not ready, and several values
