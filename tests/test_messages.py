"""Errors that name the problem: near-miss names, rule sets not playable yet, tile tokens that are
no tile, and text tables that line up with Chinese names in them (no compiled game loop here)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjsim
from mjsim import variants
from mjsim._args import did_you_mean
from mjsim._text import columns, ljust, rjust, width
from mjsim.rules.spec import RuleSpec, field_names
from mjsim.scoring.melds_parse import parse_meld
from mjsim.selfplay import RESULT_DTYPE
from mjsim.stats import format_summary, summarize
from mjsim.tiles import parse_tiles
from mjsim.variants.registry import RULE_SETS

PLAYABLE = variants.names()
NOT_PLAYABLE = [r for r in RULE_SETS if not r.playable]


# ------------------------------------------------------------------------- variant ids
def test_a_near_miss_variant_id_suggests_the_closest_one():
    with pytest.raises(
        ValueError, match=r"unknown variant 'sichuan_xuezan'; did you mean sichuan_xuezhan\?"
    ):
        variants.get("sichuan_xuezan")
    # case and separators
    with pytest.raises(ValueError, match=r"did you mean sichuan\?"):
        variants.get("Sichuan")
    with pytest.raises(ValueError, match=r"did you mean sichuan_xuezhan\?"):
        variants.get("sichuan-xuezhan")


def test_an_unknown_id_with_no_near_miss_lists_the_playable_ones():
    with pytest.raises(ValueError) as e:
        variants.get("nope")
    msg = str(e.value)
    assert "did you mean" not in msg
    assert msg == f"unknown variant 'nope'; valid ids: {', '.join(PLAYABLE)}"


@pytest.mark.parametrize("rule_set", NOT_PLAYABLE, ids=lambda r: r.id)
def test_a_rule_set_not_playable_yet_says_so(rule_set):
    with pytest.raises(ValueError) as e:
        variants.get(rule_set.id)
    msg = str(e.value)
    assert msg.startswith(
        f"{rule_set.id!r} is a known rule set ({rule_set.english} {rule_set.chinese}) but is "
        "not playable yet; playable: "
    )
    assert msg.endswith(", ".join(PLAYABLE))


def test_xuzhou_message_reads_as_documented():
    with pytest.raises(
        ValueError,
        match=r"^'xuzhou' is a known rule set \(Xuzhou .*\) but is not playable yet; playable: ",
    ):
        variants.get("xuzhou")


def test_a_near_miss_of_a_rule_set_not_playable_yet_says_which():
    with pytest.raises(ValueError, match=r"did you mean shaanxi \(known, not playable yet\)\?"):
        variants.get("shaanix")


def test_a_variant_that_is_no_id_is_named():
    with pytest.raises(ValueError, match="variant must be an id .* got NoneType"):
        variants.get(None)


def test_scorer_ids_suggest_too():
    with pytest.raises(
        ValueError, match=r"unknown variant 'gubiao'; did you mean guobiao\? known: "
    ):
        mjsim.score("gubiao", "123m456p789s123s55z", win_tile="5z")


# ------------------------------------------------------------------------- RuleSpec fields
@pytest.mark.parametrize(
    ("typo", "field"),
    [("alow_chow", "allow_chow"), ("min_fann", "min_fan"), ("wildrule", "wild_rule")],
)
def test_a_near_miss_field_suggests_the_closest_one_everywhere(typo, field):
    hint = rf"unknown RuleSpec field '{typo}'; did you mean {field}\?"
    spec = variants.get("hebei")
    with pytest.raises(ValueError, match=hint):
        variants.get("hebei", **{typo: "1"})
    with pytest.raises(ValueError, match=hint):
        variants.parse_override(f"{typo}=1")  # --set
    with pytest.raises(ValueError, match=hint):
        spec.replace(**{typo: 1})
    with pytest.raises(ValueError, match=hint):
        RuleSpec.from_dict({**spec.to_dict(), typo: 1})


def test_a_field_with_no_near_miss_lists_every_field():
    with pytest.raises(ValueError) as e:
        variants.get("hebei", zzzz=1)
    assert (
        str(e.value) == f"unknown RuleSpec field 'zzzz'; valid fields: {', '.join(field_names())}"
    )


@settings(max_examples=80)
@given(st.sampled_from(field_names()), st.data())
def test_one_typo_in_a_field_name_is_caught_and_the_field_suggested(field, data):
    """Dropping one character of a field name (that is not another field) always suggests the
    field among at most three names."""
    i = data.draw(st.integers(0, len(field) - 1))
    typo = field[:i] + field[i + 1 :]
    if typo in field_names() or len(field) < 6:
        return
    with pytest.raises(ValueError, match="unknown RuleSpec field") as e:
        variants.parse_override(f"{typo}=1")
    m = re.search(r"did you mean (.*)\?", str(e.value))
    assert m is not None and field in re.split(r", | or ", m.group(1))


def test_did_you_mean_keeps_only_the_close_ones():
    assert did_you_mean("sichuan_xuezan", PLAYABLE) == "; did you mean sichuan_xuezhan?"
    assert did_you_mean("qqqqqq", PLAYABLE) == ""
    assert did_you_mean("HEBEI", ["hebei", "hebei"]) == "; did you mean hebei?"


# ------------------------------------------------------------------------- tiles and melds
def test_a_rank_ten_is_named_not_read_as_one_and_a_red_five():
    with pytest.raises(ValueError, match=r"'10m': ranks are 1-9 \(0 = red five\)"):
        parse_tiles("8m9m10m")
    with pytest.raises(ValueError, match=r"meld 'chow 8m9m10m': unknown tile token '10m': ranks"):
        parse_meld("chow 8m9m10m")
    with pytest.raises(ValueError, match=r"'10z': honours are 1z-7z"):
        parse_tiles("10z")
    # 1m and a red 5m, written apart, still parse (the message says how)
    assert parse_tiles("1m0m") == [0, 4]
    assert parse_tiles("01m") == [4, 0]
    assert parse_tiles("1056m") == [0, 4, 4, 5]  # sorted Tenhou text with a red five


@settings(max_examples=100)
@given(st.sampled_from("mps"), st.integers(1, 7), st.text("123456789", max_size=4))
def test_property_any_group_of_exactly_10_names_the_token(suit, low, before):
    """``10`` written as one group, after any valid tiles, is refused naming ``10<suit>`` and the
    rank range; the chow ``<low><low+1>...`` written with a ten is never parsed."""
    text = (f"{before}{suit}" if before else "") + f"{low}{suit}10{suit}"
    with pytest.raises(ValueError) as e:
        parse_tiles(text, check_copies=False)
    assert f"'10{suit}': ranks are 1-9 (0 = red five); for 1{suit} and a red five write " in str(
        e.value
    )


@settings(max_examples=100)
@given(
    st.text("0123456789", min_size=1, max_size=6).filter(lambda d: d != "10"),
    st.sampled_from("mps"),
)
def test_property_other_digit_groups_parse_as_one_tile_per_digit(digits, suit):
    kinds = parse_tiles(digits + suit, check_copies=False)
    base = "mps".index(suit) * 9
    assert kinds == [base + (4 if d == "0" else int(d) - 1) for d in digits]


@settings(max_examples=60)
@given(st.integers(0, 6), st.sampled_from("mps"))
def test_property_chows_parse_and_a_ten_in_a_chow_is_named(low, suit):
    r = low + 1
    assert parse_meld(f"chow {r}{suit}{r + 1}{suit}{r + 2}{suit}")[1] == "mps".index(suit) * 9 + low
    if r + 2 == 9:  # 7 8 9 written one further
        with pytest.raises(ValueError, match=rf"'10{suit}'"):
            parse_meld(f"chow {r + 1}{suit}{r + 2}{suit}10{suit}")


# ------------------------------------------------------------------------- aligned tables
def test_width_counts_terminal_columns():
    assert width("abc") == 3
    assert width("清一色") == 6
    assert width("Full flush 清一色") == 17
    assert width("e\u0301") == 1  # a combining accent takes no column
    assert ljust("平胡", 6) == "平胡  " and rjust("平胡", 6) == "  平胡"


def test_columns_line_up_cjk_and_latin_cells():
    rows = [["Full flush 清一色", "12", "5.00%"], ["Basic win", "2000", "90.00%"]]
    lines = columns(rows, "lrr")
    assert len({width(line) for line in lines}) == 1
    assert lines[0] == "Full flush 清一色    12   5.00%"
    with pytest.raises(ValueError, match="different lengths"):
        columns([["a"], ["b", "c"]])


def _rows() -> np.ndarray:
    r = np.zeros(3, dtype=RESULT_DTYPE)
    r["hand"] = np.arange(3)
    for i in range(6):
        r[f"item{i}"] = -1
    r["winners"] = [0b0010, 0b0001, 0b0100]
    r["n_winners"] = 1
    r["win_kind"] = [1, 2, 2]
    r["value"] = [2, 1, 4]
    r["item0"] = [0, 1, 2]
    r["item1"] = [2, 2, -1]
    r["draws"] = 40
    r["decisions"] = 10
    return r


def test_top_scoring_items_table_lines_up_with_chinese_names():
    names = (
        "Basic win 平胡",
        "Golden hook (single wait, all else melded) 金钩钓",
        "Full flush 清一色",
    )
    text = format_summary(summarize(_rows(), ["greedy"] * 4, 4, names))
    lines = text.splitlines()
    start = lines.index("top scoring items (first winner; share of won hands):") + 1
    items = lines[start : start + 3]
    assert [line.split()[0] for line in items] == ["Full", "Basic", "Golden"]
    assert items[0].split()[-2:] == ["3", "100.00%"] and items[1].split()[-2:] == ["1", "33.33%"]
    # every row ends at the same terminal column, and so does its count column
    assert len({width(line) for line in items}) == 1
    counts_end = {width(line[: re.search(r"\d+(?=\s+\S+%$)", line).end()]) for line in items}
    assert len(counts_end) == 1
