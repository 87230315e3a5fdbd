"""``mjsim variants``: a clean table of the catalogue, and ``--show ID`` leading with what a
variant changes from the RuleSpec defaults (no markup, no developer paths)."""

from __future__ import annotations

import re

import pytest

from mjsim import specdoc, variants
from mjsim.cli import main
from mjsim.rules.spec import FIELD_GROUPS
from mjsim.variants.registry import PRESETS, RULE_SETS

MARKUP = re.compile(r"``|:mod:|:func:|:class:|/(?:work|root|home)/|variants_[AB]\.md|§")


def test_list_is_a_clean_table_of_the_catalogue(capsys):
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    assert not MARKUP.search(out)
    lines = out.splitlines()
    for r in RULE_SETS:
        (line,) = [x for x in lines if x.split()[:1] == [r.id]]
        assert r.english in line and r.chinese in line and r.summary in line
        if r.playable:
            spec = variants.get(r.id)
            assert re.search(rf"\s{spec.n_players}\s+{sum(spec.counts())}\s", line)
            assert "not playable" not in line
        else:
            assert "(not playable yet)" in line
    # columns line up in terminal columns although the Chinese names are double width
    starts = set()
    for r in RULE_SETS:
        (line,) = [x for x in lines if x.split()[:1] == [r.id]]
        before = line[: line.index(r.chinese) + len(r.chinese)]
        rest = line[len(before) :]
        starts.add(specdoc.display_width(before) + len(rest) - len(rest.lstrip()))
    assert len(starts) == 1
    n = sum(r.playable for r in RULE_SETS)
    assert n + len(PRESETS) == len(variants.names())
    assert (
        f"{n} of {len(RULE_SETS)} rule sets are playable, and {len(PRESETS)} named presets" in out
    )
    for r in PRESETS:
        (line,) = [x for x in lines if x.split()[:1] == [r.id]]
        assert r.english in line and "not playable" not in line


@pytest.mark.parametrize("vid", variants.names())
def test_show_leads_with_the_differences_by_topic(vid, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["variants", "--show", vid]) == 0
    out = capsys.readouterr().out
    assert not MARKUP.search(out)
    lines = out.splitlines()
    assert lines[0].startswith(f"{vid}: ")
    diff = specdoc.differences(variants.get(vid))
    assert f"What differs from the RuleSpec defaults ({len(diff)} fields):" in out
    for name, value, default in diff:
        head = f"  {name} = {specdoc.format_value(value)} (default {specdoc.format_value(default)})"
        at = next(i for i, x in enumerate(lines) if x.startswith(f"  {name} ="))
        # a value longer than a line (tile_counts) goes on a line of its own
        own_line = lines[at + 1].strip() == specdoc.format_value(value)
        assert lines[at].startswith(head[:60]) or own_line, head
    # topics in the order of play, only those with a difference
    titles = [x for x in lines if x in FIELD_GROUPS.values()]
    order = list(FIELD_GROUPS.values())
    assert titles == sorted(titles, key=order.index) and titles
    # a field that keeps its default is not listed
    same = [n for n in specdoc.field_docs() if n not in {d[0] for d in diff} | {"name", "extra"}]
    assert not any(x.startswith(f"  {same[0]} = ") for x in lines)
    # wrapped to the terminal: only unbreakable words may run past 80 columns
    for x in lines:
        if specdoc.display_width(x) > 80:
            assert " " not in x.strip(), x


def test_show_all_lists_every_field(capsys):
    assert main(["variants", "--show", "hebei", "--all"]) == 0
    out = capsys.readouterr().out
    for name in specdoc.field_docs():
        if name != "extra":
            assert re.search(rf"^ [ *]{name} =( |$)", out, re.M), name  # "" prints as nothing
    assert re.search(r"^ \*allow_chow = false \(default true\)$", out, re.M)
    assert re.search(r"^  allow_pung = true$", out, re.M)
    assert "Values: true or false." in out


def test_show_names_a_rule_set_that_is_not_playable_yet(capsys):
    assert main(["variants", "--show", "xuzhou"]) == 2
    err = capsys.readouterr().err
    assert "xuzhou (Xuzhou 徐州麻将)" in err and "not playable yet" in err
    assert "sichuan" in err  # the playable ids


def test_show_unknown_id(capsys):
    assert main(["variants", "--show", "nope"]) == 2
    assert "nope" in capsys.readouterr().err


@pytest.mark.parametrize("vid", ["hebei_basic", "jinan_baike"])
def test_show_explains_a_table_driven_variants_scoring(vid, capsys, monkeypatch):
    """``--show`` of a table-driven variant lists its fan table rows, parameters and payers."""
    from mjsim.scoring import tables

    monkeypatch.setenv("COLUMNS", "80")
    assert main(["variants", "--show", vid]) == 0
    out = capsys.readouterr().out
    assert f"Fan table {vid} (sum of the rows" in out.replace("\n", " ")
    for row in tables.table(vid).rows:
        assert f"   {row['zh']} {row['en']}: {row['value']}" in out
    assert "Parameters (from score_values): " in out and "Payments: a share is" in out
    if vid == "jinan_baike":
        assert "the dealer's shares × 2" in out
