"""Tests for mjsim.tiles: kinds, lookup arrays, the four notations, errors."""

from __future__ import annotations

import numba
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjsim import tiles as T

NOTATIONS = ("mpsz", "chinese", "botzone", "glyph")


# --------------------------------------------------------------------------------------------
# Kinds and lookup arrays
# --------------------------------------------------------------------------------------------


def test_kind_constants():
    assert (T.N_KINDS, T.N_KINDS_WITH_FLOWERS) == (34, 42)
    assert (T.MAN, T.PIN, T.SOU, T.HONOR, T.FLOWER) == (0, 9, 18, 27, 34)
    assert (T.EAST, T.SOUTH, T.WEST, T.NORTH) == (27, 28, 29, 30)
    assert (T.WHITE, T.GREEN, T.RED) == (31, 32, 33)
    assert (T.SPRING, T.WINTER, T.PLUM, T.ORCHID) == (34, 37, 38, 39)
    assert (T.CHRYSANTHEMUM, T.BAMBOO_FLOWER) == (40, 41)


def test_lookup_arrays():
    terminals = {0, 8, 9, 17, 18, 26}
    assert set(np.flatnonzero(T.IS_TERMINAL)) == terminals
    assert set(np.flatnonzero(T.IS_HONOR)) == set(range(27, 34))
    assert set(np.flatnonzero(T.IS_TERMINAL_OR_HONOR)) == terminals | set(range(27, 34))
    assert set(np.flatnonzero(T.IS_FLOWER)) == set(range(34, 42))
    assert T.is_terminal is T.IS_TERMINAL and T.is_honor is T.IS_HONOR
    assert T.is_terminal_or_honor is T.IS_TERMINAL_OR_HONOR
    assert list(T.SUIT_OF[[0, 9, 18, 27, 34]]) == [0, 1, 2, 3, 4]
    assert list(T.RANK_OF[[4, 13, 26, 33, 41]]) == [5, 5, 9, 7, 8]
    assert not T.IS_TERMINAL.flags.writeable


def test_lookup_arrays_are_numba_globals():
    @numba.njit
    def count_terminals_or_honors(counts):
        n = 0
        for k in range(34):
            if T.IS_TERMINAL_OR_HONOR[k]:
                n += counts[k]
        return n

    assert count_terminals_or_honors(T.parse_hand("19m19p19s1234567z")) == 13


def test_names_per_kind_are_unique():
    for table in (T.MPSZ_NAMES, T.ENGLISH_NAMES, T.CHINESE_NAMES, T.BOTZONE_CODES, T.GLYPHS):
        assert len(table) == 42 and len(set(table)) == 42


def test_tile_name():
    assert T.tile_name(4) == "5 Characters"
    assert T.tile_name(13) == "5 Dots"
    assert T.tile_name(T.RED) == "Red Dragon"
    assert T.tile_name(T.BAMBOO_FLOWER) == "Bamboo"
    for bad in (-1, 42, 1.0, "3"):
        with pytest.raises(ValueError):
            T.tile_name(bad)


def test_kind_from_name():
    for k in range(42):
        for table in (T.MPSZ_NAMES, T.ENGLISH_NAMES, T.CHINESE_NAMES, T.BOTZONE_CODES, T.GLYPHS):
            assert T.kind_from_name(table[k]) == k
    assert T.kind_from_name("red") == 33
    assert T.kind_from_name("红中") == 33
    assert T.kind_from_name("0s") == 22
    assert T.kind_from_name("🀄\ufe0f") == 33
    with pytest.raises(ValueError, match="'Q9'"):
        T.kind_from_name("Q9")
    with pytest.raises(ValueError, match="'12m'"):
        T.kind_from_name("12m")


# --------------------------------------------------------------------------------------------
# Round trips
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("notation", NOTATIONS)
def test_every_kind_round_trips(notation):
    for k in range(42):
        text = T.format_tiles([k], notation)
        assert T.parse_tiles(text, notation) == [k]
        assert T.parse_tiles(text) == [k]  # auto-detected
        counts = np.zeros(42, dtype=np.uint8)
        counts[k] = 1
        assert np.array_equal(T.parse_hand(T.format_hand(counts, notation), flowers=True), counts)


def test_same_hand_written_four_ways():
    want = np.zeros(34, dtype=np.uint8)
    for k in (0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 33, 33, 33):
        want[k] += 1
    texts = [
        "123m456p789s11z777z",
        "一万 二万 三万 四筒 五筒 六筒 七条 八条 九条 东 东 中 中 中",
        "W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J1 J1",
        "🀇🀈🀉🀜🀝🀞🀖🀗🀘🀀🀀🀄🀄🀄",
        # spelling variants
        "1万2萬三万 4饼五餅六筒 七索8條九条 東东风 红中紅中中",
        "一万二万三万四筒五筒六筒七条八条九条东东中中中",
        " 123m 456p\t789s 11z 777z ",
        "w1 w2 w3 b4 b5 b6 t7 t8 t9 f1 f1 j1 j1 j1",
        "W1W2W3B4B5B6T7T8T9F1F1J1J1J1",
        "🀇\ufe0f🀈🀉 🀜🀝🀞 🀖🀗🀘 🀀🀀 🀄\ufe0e🀄🀄",
    ]
    for text in texts:
        assert np.array_equal(T.parse_hand(text), want), text
    for notation in NOTATIONS:
        assert np.array_equal(T.parse_hand(T.format_hand(want, notation), notation), want)


def test_format_hand_values():
    h = T.parse_hand("123m456p789s1122z")
    assert T.format_hand(h) == "123m456p789s1122z"
    assert T.format_hand(h, "botzone") == "W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 F2 F2"
    assert T.format_hand(h, "chinese") == "一万 二万 三万 四筒 五筒 六筒 七条 八条 九条 东 东 南 南"
    assert T.format_hand(h, "glyph") == "🀇🀈🀉🀜🀝🀞🀖🀗🀘🀀🀀🀁🀁"
    assert T.format_hand(np.zeros(34, np.uint8)) == ""
    assert T.format_hand(T.parse_hand("5z6z7z")) == "567z"
    assert T.format_hand(T.parse_hand("5z6z7z"), "chinese") == "白 发 中"


def test_format_tiles_keeps_order():
    kinds = [33, 0, 1, 9, 0, 41, 27]
    for notation in NOTATIONS:
        assert T.parse_tiles(T.format_tiles(kinds, notation), notation) == kinds
    assert T.format_tiles(kinds) == "7z12m1p1m8f1z"


hands42 = st.lists(st.integers(0, 4), min_size=34, max_size=34).flatmap(
    lambda suits: st.lists(st.integers(0, 1), min_size=8, max_size=8).map(
        lambda fl: np.array(suits + fl, dtype=np.uint8)
    )
)


@settings(max_examples=150, deadline=None)
@given(hands42)
def test_hypothesis_hand_round_trip(counts):
    for notation in NOTATIONS:
        text = T.format_hand(counts, notation)
        assert np.array_equal(T.parse_hand(text, notation, flowers=True), counts)
        assert np.array_equal(T.parse_hand(text, flowers=True), counts)  # auto
    c34 = counts[:34]
    for notation in NOTATIONS:
        assert np.array_equal(T.parse_hand(T.format_hand(c34, notation)), c34)
    assert np.array_equal(T.as_counts(T.format_hand(counts, "glyph"), flowers=True), counts)


@settings(max_examples=150, deadline=None)
@given(hands42.flatmap(lambda c: st.permutations(T._kinds_of_counts(c))))
def test_hypothesis_sequence_round_trip(kinds):
    for notation in NOTATIONS:
        assert T.parse_tiles(T.format_tiles(kinds, notation), notation) == kinds


@settings(max_examples=100, deadline=None)
@given(hands42, st.lists(st.integers(0, 4), min_size=3, max_size=3))
def test_hypothesis_red_round_trip(counts, red_wish):
    c = counts[:34]
    red = np.array([min(r, c[s * 9 + 4]) for s, r in enumerate(red_wish)], dtype=np.uint8)
    text = T.format_hand(c, red=red)
    got_c, got_red = T.parse_hand_with_red(text)
    assert np.array_equal(got_c, c) and np.array_equal(got_red, red)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789mpszf \t", max_size=20))
def test_hypothesis_mpsz_parser_never_crashes(text):
    # any string either parses into a valid hand or raises ValueError, never anything else
    try:
        h = T.parse_hand(text, "mpsz", flowers=True)
    except ValueError:
        return
    assert h.dtype == np.uint8 and h.shape == (42,)
    assert h[:34].max(initial=0) <= 4 and h[34:].max(initial=0) <= 1


# --------------------------------------------------------------------------------------------
# Red fives
# --------------------------------------------------------------------------------------------


def test_red_five_counts():
    counts, red = T.parse_hand_with_red("0m55m0p5p0s")
    assert (counts[4], counts[13], counts[22]) == (3, 2, 1)
    assert list(red) == [1, 1, 1]
    assert counts.sum() == 6
    plain = T.parse_hand("0m55m0p5p0s")
    assert np.array_equal(plain, counts)
    assert T.format_hand(counts, red=red) == "055m05p0s"
    assert T.parse_tiles_with_red("50m") == ([4, 4], [False, True])
    _, red = T.parse_hand_with_red("W5 B5")
    assert list(red) == [0, 0, 0]


def test_red_errors():
    c = T.parse_hand("5m")
    with pytest.raises(ValueError, match="2 red fives of characters"):
        T.format_hand(c, red=[2, 0, 0])
    with pytest.raises(ValueError, match="shape"):
        T.format_hand(c, red=[1, 0])
    with pytest.raises(ValueError, match="6m"):
        T.format_tiles([5], red=[True])
    with pytest.raises(ValueError, match="0z"):
        T.parse_hand("0z")


# --------------------------------------------------------------------------------------------
# Botzone order and glyph mapping
# --------------------------------------------------------------------------------------------


def test_botzone_dragon_order():
    assert T.parse_tiles("J1 J2 J3") == [T.RED, T.GREEN, T.WHITE]
    assert T.parse_tiles("F1 F2 F3 F4") == [T.EAST, T.SOUTH, T.WEST, T.NORTH]
    assert T.format_tiles([T.WHITE, T.GREEN, T.RED], "botzone") == "J3 J2 J1"
    assert T.parse_tiles("W9 B1 T5") == [8, 9, 22]


def test_botzone_flower_order():
    # Botzone H1-H8 = 春夏秋冬梅兰竹菊
    assert T.parse_tiles("H1 H2 H3 H4 H5 H6 H7 H8") == [34, 35, 36, 37, 38, 39, 41, 40]
    assert T.parse_tiles("H7") == T.parse_tiles("竹") == [T.BAMBOO_FLOWER]
    assert T.parse_tiles("H8") == T.parse_tiles("菊") == [T.CHRYSANTHEMUM]


def test_glyph_spot_checks():
    assert T.parse_tiles("🀄") == [33]  # Red
    assert T.parse_tiles("🀅🀆") == [32, 31]  # Green, White
    assert T.parse_tiles("🀐") == [18]  # 1s (bamboo)
    assert T.parse_tiles("🀙") == [9]  # 1p (dots)
    assert T.parse_tiles("🀇🀏") == [0, 8]
    assert T.parse_tiles("🀀🀁🀂🀃") == [27, 28, 29, 30]
    assert T.parse_tiles("🀢🀣🀤🀥") == [T.PLUM, T.ORCHID, T.BAMBOO_FLOWER, T.CHRYSANTHEMUM]
    assert T.parse_tiles("🀦🀧🀨🀩") == [T.SPRING, T.SUMMER, T.AUTUMN, T.WINTER]
    assert T.GLYPHS[T.RED] == "\U0001f004"


def test_chinese_spellings():
    assert T.parse_tiles("白板 发财 發財 發 红中 北风 西風") == [31, 32, 32, 32, 33, 30, 29]
    assert T.parse_tiles("春夏秋冬梅兰蘭菊竹", flowers=True, check_copies=False) == [
        34,
        35,
        36,
        37,
        38,
        39,
        39,
        40,
        41,
    ]
    assert T.parse_tiles("１万、9索，五饼") == [0, 26, 13]


def test_nfkc_normalisation():
    # the rule text writes 竹 as the Kangxi radical U+2F75 and 一 as U+2F00: "春夏秋冬梅兰⽵菊"
    assert T.parse_tiles("春夏秋冬梅兰\u2f75菊") == [34, 35, 36, 37, 38, 39, 41, 40]
    assert T.parse_tiles("\u2f00万") == [0]
    assert T.parse_tiles("１２３ｍ　７ｚ") == [0, 1, 2, 33]  # full-width mpsz, ideographic space
    assert T.detect_notation("\u2f75") == "chinese"


def test_detect_notation():
    assert T.detect_notation("123m") == "mpsz"
    assert T.detect_notation("") == "mpsz"
    assert T.detect_notation("  W1") == "botzone"
    assert T.detect_notation("1万") == "chinese"
    assert T.detect_notation("🀄") == "glyph"
    assert T.parse_hand("").sum() == 0


# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "notation", "token"),
    [
        ("123x", "auto", "123x"),
        ("123", "mpsz", "123"),
        ("8z", "auto", "8z"),
        ("9f", "mpsz", "9f"),
        ("1m 2q", "auto", "2q"),
        ("W0", "auto", "W0"),
        ("F5", "botzone", "F5"),
        ("J4", "auto", "J4"),
        ("H9", "auto", "H9"),
        ("W1 X1", "botzone", "X1"),
        ("十万", "auto", "十"),
        ("一万 龙", "chinese", "龙"),
        ("🀇🀪", "auto", "🀪"),
        ("🀇x", "glyph", "x"),
    ],
)
def test_unknown_token_is_named(text, notation, token):
    with pytest.raises(ValueError, match="unknown tile token") as err:
        T.parse_hand(text, notation)
    assert repr(token) in str(err.value)


def test_unknown_notation():
    with pytest.raises(ValueError, match="'tenhou'"):
        T.parse_hand("1m", "tenhou")
    with pytest.raises(ValueError, match="'tenhou'"):
        T.format_hand(np.zeros(34, np.int64), "tenhou")


@pytest.mark.parametrize(
    "text",
    ["55555m", "5m5m5m5m0m", "W5 W5 W5 W5 W5", "五万五万五万五萬5万", "🀋🀋🀋🀋🀋"],
)
def test_fifth_copy_names_the_tile(text):
    with pytest.raises(ValueError, match=r"fifth copy of 5m \(5 Characters\)"):
        T.parse_hand(text)


def test_fifth_copy_in_sequence_and_opt_out():
    with pytest.raises(ValueError, match="fifth copy of 7z"):
        T.parse_tiles("7777z7z")
    assert T.parse_tiles("7777z7z", check_copies=False) == [33] * 5


def test_flower_in_34_kind_hand():
    for text, token in (("1m1f", "1f"), ("W1 H1", "H1"), ("一万 梅", "梅"), ("🀇🀢", "🀢")):
        with pytest.raises(ValueError, match="flower tile") as err:
            T.parse_hand(text)
        assert repr(token) in str(err.value)
        with pytest.raises(ValueError, match="flower tile"):
            T.parse_tiles(text, flowers=False)
        with pytest.raises(ValueError, match="flower tile"):
            T.parse_tiles(text, flowers=False, check_copies=False)
        assert T.parse_hand(text, flowers=True).sum() == 2


def test_second_copy_of_a_flower():
    for text, token in (("11f", "1f"), ("H7 H7", "H7"), ("竹竹", "竹"), ("🀤🀤", "🀤")):
        with pytest.raises(ValueError, match="second copy of flower") as err:
            T.parse_hand(text, flowers=True)
        assert repr(token) in str(err.value)


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        (np.zeros(33, np.uint8), "length 34 or 42, got length 33"),
        (np.zeros((2, 34), np.uint8), "1-D"),
        (np.zeros(34, np.float64), "integer dtype"),
        (np.zeros(34, np.bool_), "integer dtype"),
        (np.array([0] * 33 + [-1]), r"negative count -1 for 7z \(Red Dragon\)"),
        (np.array([5] + [0] * 33), r"5 copies of 1m \(1 Characters\)"),
        (np.array([0] * 34 + [2] + [0] * 7), r"2 copies of flower 1f \(Spring\)"),
    ],
)
def test_format_hand_rejects_bad_vectors(counts, message):
    with pytest.raises(ValueError, match=message):
        T.format_hand(counts)


def test_as_counts():
    h = T.as_counts("123m")
    assert h.dtype == np.uint8 and h.shape == (34,) and h[:3].tolist() == [1, 1, 1]
    assert np.array_equal(T.as_counts([1, 1, 1] + [0] * 31), h)
    assert np.array_equal(T.as_counts(np.array(h, dtype=np.int64)), h)
    h42 = T.as_counts(h, flowers=True)
    assert h42.shape == (42,) and h42[:34].tolist() == h.tolist() and h42[34:].sum() == 0
    assert T.as_counts("W1 H1", flowers=True)[[0, 34]].tolist() == [1, 1]
    src = np.zeros(34, np.uint8)
    assert T.as_counts(src) is not src  # a copy: callers may mutate it
    with pytest.raises(ValueError, match="length 34, got length 42"):
        T.as_counts(np.zeros(42, np.uint8))
    with pytest.raises(ValueError, match="flower tile"):
        T.as_counts("1f")
    with pytest.raises(ValueError, match="integer dtype"):
        T.as_counts([0.5] * 34)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("m", r"unknown tile token 'm' in Botzone text 'm'.*notation 'botzone' detected"),
        ("W1 1m", r"unknown tile token '1m' in Botzone text 'W1 1m'.*starts with a letter"),
        ("1m🀇", r"unknown tile token '1' \(DIGIT ONE, U\+0031, starting '1m'\) in glyph text"),
        ("1m🀇", r"notation 'glyph' detected: the text holds a tile glyph"),
    ],
)
def test_unknown_token_names_the_chunk_and_the_detected_notation(text, message):
    """ "W1 1m" used to blame the token '1'; "m" and "1m🀇" did not say which notation was
    guessed."""
    with pytest.raises(ValueError, match=message):
        T.parse_hand(text)
    with pytest.raises(ValueError) as err:  # an explicit notation: no "detected" note
        T.parse_hand("W1 1m", "botzone")
    assert "detected" not in str(err.value) and "'1m'" in str(err.value)
