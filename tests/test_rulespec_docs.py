"""Every RuleSpec field documents itself (topic, meaning, allowed values, sources) in its
``dataclasses.field`` metadata, and that documentation is what users see."""

from __future__ import annotations

import dataclasses
import re

import pytest

from mjsim import specdoc, variants
from mjsim.rules.spec import FIELD_GROUPS, RuleSpec

DOCS = specdoc.field_docs()


def test_every_field_is_documented():
    names = [f.name for f in dataclasses.fields(RuleSpec)]
    assert list(DOCS) == names
    for d in DOCS.values():
        assert d.group in FIELD_GROUPS, d.name
        assert len(d.doc) > 10 and d.doc.endswith((".", ")")), d.name
        assert d.values, d.name


@pytest.mark.parametrize("name", [n for n, d in DOCS.items() if d.choices])
def test_choices_hold_the_default_and_are_the_accepted_values(name):
    d = DOCS[name]
    default = d.default if isinstance(d.default, tuple) else (d.default,)
    assert set(default) <= set(d.choices), name
    # a value outside the choices is refused, naming the field
    bad = ("no_such_value",) if isinstance(d.default, tuple) else "no_such_value"
    with pytest.raises(ValueError, match=name):
        RuleSpec().replace(**{name: bad})


def test_bool_fields_say_true_or_false():
    for d in DOCS.values():
        if d.type == "bool":
            assert d.values == "true or false", d.name


def test_documentation_cites_no_developer_material():
    # no paths, no sections of texts that do not ship, no planning codes
    bad = re.compile(r"/(?:work|root)/|§|variants_[AB]|\bgaps[A-Z]?\b|\bG\d+[a-z]?\b|\bseed\b")
    for d in DOCS.values():
        for text in (d.doc, d.values, d.source):
            assert not bad.search(text), (d.name, text)


def test_differences_from_defaults():
    spec = variants.get("sichuan")
    diff = {name: (v, d) for name, v, d in specdoc.differences(spec)}
    assert diff["tile_set"] == ("108", "136")
    assert diff["allow_chow"] == (False, True)
    assert "name" not in diff and "n_players" not in diff
    assert specdoc.differences(RuleSpec()) == []


def test_by_group_keeps_the_order_of_play():
    groups = specdoc.by_group()
    assert list(groups) == [
        t for k, t in FIELD_GROUPS.items() if k in {d.group for d in DOCS.values()}
    ]
    assert sum(len(v) for v in groups.values()) == len(DOCS)


def test_format_value_reads_back_through_set():
    spec = variants.get("riichi")
    for name, value, _ in specdoc.differences(spec):
        text = specdoc.format_value(value)
        if text == "()":
            continue
        assert variants.parse_override(f"{name}={text}") == (name, value)


def test_wrap_counts_cjk_as_two_columns():
    assert specdoc.display_width("四川麻将") == 8
    assert specdoc.pad("四川", 6) == "四川  "
    lines = specdoc.wrap("定缺 " * 10, 12, indent="  ")
    assert all(specdoc.display_width(x) <= 12 for x in lines)
    assert lines[0] == "  定缺 定缺"
