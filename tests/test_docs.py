"""The documentation speaks of the product as it is: generated pages match their sources, every
registered variant has its page, and links between pages resolve."""

from __future__ import annotations

import re

from mjsim import docs_gen

ROOT = docs_gen.ROOT


def test_generated_pages_are_current():
    # python -m mjsim.docs_gen rewrites them after a change of a field's documentation
    assert docs_gen.stale() == []


def test_rulespec_reference_lists_every_field():
    from mjsim import specdoc

    text = (ROOT / "docs/reference/rulespec.md").read_text(encoding="utf-8")
    for name in specdoc.field_docs():
        assert f"### `{name}` {{#{name}}}" in text


def test_docs_gen_check_reports_a_stale_page(tmp_path, monkeypatch, capsys):
    page = tmp_path / "docs/reference/rulespec.md"
    page.parent.mkdir(parents=True)
    page.write_text("# old\n", encoding="utf-8")
    monkeypatch.setattr(docs_gen, "ROOT", tmp_path)
    monkeypatch.setattr(
        docs_gen, "targets", lambda: {"docs/reference/rulespec.md": (None, lambda: "# new\n")}
    )
    assert docs_gen.main(["--check"]) == 1
    assert "stale: docs/reference/rulespec.md" in capsys.readouterr().err
    assert docs_gen.main([]) == 0
    assert page.read_text(encoding="utf-8") == "# new\n"
    assert docs_gen.main(["--check"]) == 0


def test_markdown_links_resolve():
    # relative links between the Markdown files of the repository point at files that exist
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    bad = []
    for f in files:
        text = re.sub(r"```.*?```", "", f.read_text(encoding="utf-8"), flags=re.S)
        text = re.sub(r"`[^`\n]*`", "", text)
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            if not (f.parent / target).exists():
                bad.append(f"{f.relative_to(ROOT)} -> {target}")
    assert bad == []


REQUIRED_SECTIONS = (
    "## Rules in the order of play",
    "## Scoring",
    "## Options",
    "## Not implemented",
    "## Sources",
)


def test_every_registered_variant_has_its_page():
    from mjsim import variants

    pages = {p.stem for p in (ROOT / "docs/variants").glob("*.md")}
    assert pages == set(variants.names())
    for vid in variants.names():
        text = (ROOT / f"docs/variants/{vid}.md").read_text(encoding="utf-8")
        assert text.startswith("# ") and f"(`{vid}`)" in text.splitlines()[0]
        positions = [text.find(s) for s in REQUIRED_SECTIONS]
        assert -1 not in positions and positions == sorted(positions), vid
        # the options table names every field that differs from the defaults, with both values
        from mjsim import specdoc

        for name, _value, _default in specdoc.differences(variants.get(vid)):
            assert f"[`{name}`]" in text, (vid, name)
        # sources quote the rule texts or name public rulebooks, never a file outside the repository
        sources = text[text.find("## Sources") :]
        assert re.search(r"[\u4e00-\u9fff]", sources) or "http" in sources
        assert not re.search(r"/(?:work|root|home)/|variants_[AB]\.md|§", text)


def test_every_rule_set_not_playable_yet_says_why():
    from mjsim.variants.registry import RULE_SETS

    assert set(docs_gen.WHY_NOT_YET) == {r.id for r in RULE_SETS if not r.playable}
    assert all(docs_gen.WHY_NOT_YET.values())
    table = docs_gen.coverage_table()
    for r in RULE_SETS:
        assert (f"[`{r.id}`](variants/{r.id}.md)" if r.playable else f"`{r.id}`") in table
