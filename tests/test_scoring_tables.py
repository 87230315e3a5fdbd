"""The four families as fan tables: worked examples and the differential check against the
hand-written scorers (mjsim.scoring.tables, mjsim.scoring.detect, mjsim.scoring.differential).

CI runs a few thousand random wins per family; ``python -m mjsim.scoring.differential
--hands 100000`` runs the full check (benchmarks/RESULTS.md records it).
"""

from __future__ import annotations

import numpy as np
import pytest

from mjsim.melds import MAX_MELDS, MELD_CONCEALED_KONG, MELD_NONE, MELD_PUNG
from mjsim.scoring import differential, tables
from mjsim.scoring.context import (
    F_HEAVENLY,
    F_KONG_REPLACEMENT,
    F_SELF_DRAWN,
    F_WILD_KINDS,
    N_FLAGS,
)
from mjsim.scoring.table_score import score_with_table
from mjsim.tiles import as_counts, parse_tiles


def _win(hand: str, win: str, melds=(), flags=None):
    concealed = as_counts(hand)
    m = np.zeros((MAX_MELDS, 3), np.int8)
    m[:, 0] = MELD_NONE
    for i, row in enumerate(melds):
        m[i] = row
    f = np.zeros(N_FLAGS, np.int64)
    for k, v in (flags or {}).items():
        f[k] = v
    return concealed, m, parse_tiles(win)[0], f


def _score(variant, hand, win, melds=(), n_winners=1, params=None, flags=None):
    c, m, w, f = _win(hand, win, melds, flags)
    return score_with_table(tables.get(variant, **(params or {})), c, m, w, f, n_winners)


def test_sichuan_dragon_seven_pairs_full_flush_is_capped():
    # 11 11 22 33 44 55 66 (万): 龙七对 3 + 清一色 2 = 5 番, capped at 3; its one four is the
    # 龙七对's own (no extra 根)
    r = _score("sichuan", "11112233445566m", "6m")
    assert (r.value, r.uncapped) == (3, 5)
    assert r.item_counts() == {"龙七对": 1, "清一色": 1}
    assert r.shape == "seven_pairs"


def test_sichuan_prefers_the_all_pungs_reading():
    # 111 222 333 万 + 99万 + 555筒: the all-pungs reading (对对胡 1) beats the chows reading
    r = _score("sichuan", "11122233399m555p", "9m", flags={F_SELF_DRAWN: 1})
    assert r.value == 1 and r.item_counts() == {"对对胡": 1}
    r = _score("sichuan", "11122233399m555p", "9m", params={"cap": -1})
    assert r.value == 1


def test_sichuan_golden_hook_with_a_concealed_kong():
    melds = [(MELD_PUNG, 0, 1), (MELD_PUNG, 1, 2), (MELD_CONCEALED_KONG, 2, 0), (MELD_PUNG, 4, 3)]
    r = _score("sichuan", "99m", "9m", melds)
    # 对对胡 1 + 清一色 2 + 金钩钓 1 + 根 1 (the kong) = 5, capped 3
    assert r.uncapped == 5
    assert r.item_counts() == {"对对胡": 1, "清一色": 1, "金钩钓": 1, "根": 1}


def test_sichuan_self_draw_fan_option():
    r = _score("sichuan", "123456789m11p234p", "1p", params={"self_draw_bonus": "fan"},
               flags={F_SELF_DRAWN: 1})  # fmt: skip
    assert r.item_counts() == {"平胡": 1, "自摸加番": 1} and r.value == 1
    with pytest.raises(ValueError, match="self_draw_bonus 'double'"):
        tables.get("sichuan", self_draw_bonus="double")


def test_jipinghu_special_hand_is_not_stacked():
    # 111 999万 111 999筒 + 东东: 混幺九 5 (all pungs of terminals and honours), nothing else
    r = _score("guangdong_jipinghu", "111999m111999p11z", "1z", flags={F_SELF_DRAWN: 1})
    assert r.value == 5 and r.item_counts() == {"混幺九": 1}


def test_jipinghu_floor_and_cap():
    # 平和 1 + 混一色 2 + 自摸 1 = 4 -> 3 (爆和)
    r = _score("guangdong_jipinghu", "123456m789m234m55z", "5z", flags={F_SELF_DRAWN: 1})
    assert (r.value, r.uncapped) == (3, 4)
    # a chicken hand raised to 3 by 一炮三响
    r = _score("guangdong_jipinghu", "123m555m789p234s11z", "2s", n_winners=3)
    assert r.value == 3 and r.item_counts() == {"鸡和": 1, "一炮三响": 1}


def test_tianjin_catch_five_and_dragon_with_wilds():
    # wilds 3p, 4p; 123 456 789万 with the winning 5万 the 5 of 4-5-6 (捉5 + 龙 = 7), the wild
    # pairs the 东: 7 x 1 (not 素的)
    wild = (1 << 11) | (1 << 12)
    r = _score("tianjin", "123456789m111s1z3p", "5m", flags={F_SELF_DRAWN: 1, F_WILD_KINDS: wild})
    assert r.value == 7 and r.item_counts() == {"捉5": 1, "龙": 1}
    # no wild held: 素的 doubles; 杠开 doubles again and cancels 天胡
    r = _score(
        "tianjin", "123456789m11z", "5m", [(MELD_CONCEALED_KONG, 33, 0)],
        flags={F_SELF_DRAWN: 1, F_WILD_KINDS: wild, F_KONG_REPLACEMENT: 1, F_HEAVENLY: 1},
    )  # fmt: skip
    assert r.value == 28 and r.item_counts() == {"捉5": 1, "龙": 1, "素的": 1, "杠开": 1}


def test_tianjin_kong_bloom_on_a_plain_win_option():
    # 提溜 with a wild + 杠开 = 2 番 (a legal win); under tiliu_kong_bloom=False 杠开 does not
    # count on it (1 番, below the minimum), while 混吊 + 杠开 still doubles
    wild = (1 << 11) | (1 << 12)
    melds = [(MELD_CONCEALED_KONG, 33, 0)]
    flags = {F_SELF_DRAWN: 1, F_WILD_KINDS: wild, F_KONG_REPLACEMENT: 1}
    r = _score("tianjin", "123m456m789p2z3p", "2z", melds, flags=flags)
    assert r.value == 4 and r.item_counts() == {"提溜": 1, "混吊": 1, "杠开": 1}
    # the wild 3筒 stands for 3万: a plain 提溜
    r = _score("tianjin", "12m456m789p11z3p", "9p", melds, flags=flags)
    assert r.value == 2 and r.item_counts() == {"提溜": 1, "杠开": 1}
    off = {"tiliu_kong_bloom": False}
    r = _score("tianjin", "12m456m789p11z3p", "9p", melds, params=off, flags=flags)
    assert r.value == 1 and not r.valid and r.item_counts() == {"提溜": 1}
    r = _score("tianjin", "123m456m789p2z3p", "2z", melds, params=off, flags=flags)
    assert r.value == 4 and r.item_counts() == {"提溜": 1, "混吊": 1, "杠开": 1}


def test_tianjin_plain_win_with_a_wild_is_below_the_minimum():
    wild = (1 << 11) | (1 << 12)
    r = _score("tianjin", "123m456m789p11z22z3p", "2z", flags={F_SELF_DRAWN: 1, F_WILD_KINDS: wild})
    assert r.value == 1 and not r.valid


def test_set_structure_patterns_are_seen_with_wilds():
    # 111万 222万 333筒 4索 55索 and two wilds (中): all pungs (the wilds make 4索 a pung or
    # the pair); a table valuing 碰碰胡 sees it
    from mjsim.scoring.fan_table import FanTable, compile_table

    t = compile_table(
        FanTable(
            name="t",
            rows=(
                {"zh": "平胡", "when": "win", "value": 1},
                {"zh": "碰碰胡", "when": "all_pungs", "value": 2, "cancels": ("平胡",)},
                {"zh": "龙", "when": "pure_straight", "value": 4},
            ),
        )  # fmt: skip
    )
    c, m, w, f = _win("111222m333p455s77z", "4s", flags={F_WILD_KINDS: 1 << 33})
    r = score_with_table(t, c, m, w, f)
    assert r.value == 2 and r.counts["all_pungs"] == 1 and r.counts["wilds_held"] == 2
    c, m, w, f = _win("12345689m111p11s7z", "1s", flags={F_WILD_KINDS: 1 << 33})
    r = score_with_table(t, c, m, w, f)
    assert r.value == 5 and r.item_counts() == {"平胡": 1, "龙": 1}


def test_not_a_win_has_no_reading():
    r = _score("hebei", "1234567m1234567p", "1p")
    assert r.value == -1 and not r.valid and r.items == []


def test_unknown_table_and_parameter_are_named():
    with pytest.raises(ValueError, match="no fan table for 'riichi'; tables: .*chengdu"):
        tables.get("riichi")
    with pytest.raises(ValueError, match=r"unknown parameter 'kap'; parameters: \['cap'"):
        tables.get("sichuan", kap=3)


@pytest.mark.parametrize("family", differential.FAMILIES)
def test_tables_match_the_hand_written_scorers(family):
    rep = differential.check(family, 3000, seed=11)
    assert rep.mismatches == 0, rep.examples


@pytest.mark.parametrize(
    ("family", "params"),
    [(f, p) for f, sets in differential.OPTION_SETS.items() for p in sets],
    ids=lambda x: x if isinstance(x, str) else ",".join(f"{k}={v}" for k, v in x.items()),
)
def test_tables_match_the_scorers_under_their_options(family, params):
    rep = differential.check(family, 1500, seed=12, params=params)
    assert rep.mismatches == 0, rep.examples


def test_a_limit_hand_wins_a_tie_with_an_ordinary_reading():
    # under a 4-番 cap, 222 333 444万 + 中中中 + 南南 reads as 混碰 4 (all pungs) or as chows:
    # 混一色 2 + 自摸 1 + 箭刻 1 = 4; the special hand is the one named
    r = _score(
        "guangdong_jipinghu", "222333444m22z777z", "2m", params={"cap": 4},
        flags={F_SELF_DRAWN: 1},
    )  # fmt: skip
    assert r.value == 4 and r.item_counts() == {"混碰": 1}


def test_the_differential_check_sees_a_changed_value(monkeypatch):
    # the harness is not vacuous: a table with 金钩钓 worth 2 disagrees with the scorer
    real = tables.get

    def changed(variant, **params):
        return real(variant, golden_hook=2) if variant == "sichuan" else real(variant, **params)

    monkeypatch.setattr(tables, "get", changed)
    rep = differential.check("sichuan", 3000, seed=11)
    assert rep.mismatches > 0 and "金钩钓" in rep.examples[0]


def test_fan_tables_add_no_compiled_code():
    # a table is data: its module is outside the compiled closure, so adding or changing a
    # table neither compiles anything nor invalidates the compiled cache
    from mjsim import _cache

    files = _cache.module_files(_cache.source_roots())
    closure = set(_cache.compiled_closure(files))
    table_modules = {m for m in files if m.startswith("mjsim.scoring.tables")}
    assert table_modules == {"mjsim.scoring.tables", *tables.MODULES.values()}
    assert not table_modules & closure
    assert "mjsim.scoring.detect" in closure


def test_the_three_sichuan_ids_share_one_table():
    base = tables.get("sichuan")
    for vid in ("chengdu", "sichuan_xuezhan"):
        other = tables.get(vid)
        assert other.names == base.names
        assert np.array_equal(other.rows, base.rows)
        assert np.array_equal(other.header, base.header)


def test_a_hand_with_many_wild_readings_is_read_completely():
    # six wilds (发 and 中) with 888万 9筒 11索 5索 7索: more decompositions than the
    # detector's first buffer holds, and the all-pungs reading (888万, then 9筒, 5索 and 7索
    # each with two wilds, the pair 11索) is not among the first ones: it is still found
    from mjsim.kernels.decompose import decompose
    from mjsim.scoring.detect import MAX_DECOMP
    from mjsim.scoring.fan_table import FanTable, compile_table

    rows = (
        {"zh": "平胡", "when": "win", "value": 1},
        {"zh": "碰碰胡", "when": "all_pungs", "value": 3, "cancels": ("平胡",)},
    )
    t = compile_table(FanTable(name="t", rows=rows))
    c, m, w, f = _win("888m9p1157s666777z", "8m", flags={F_WILD_KINDS: (1 << 33) | (1 << 32)})
    nat = c.copy()
    nat[32:] = 0
    first = np.empty((MAX_DECOMP, 6, 3), np.int8)
    assert decompose(nat, 4, 6, 0, 0, first) > MAX_DECOMP
    assert not any(all(first[i, r, 0] == 2 for r in range(1, 5)) for i in range(MAX_DECOMP))
    r = score_with_table(t, c, m, w, f)
    assert r.value == 3 and r.counts["all_pungs"] == 1 and r.counts["wilds_held"] == 6
