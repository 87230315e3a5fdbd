"""The registry of the 42 rule sets (mjsim/variants/registry.py) and the names it gives to ids."""

from mjsim import variants
from mjsim.variants.registry import BY_ID, RULE_SETS, rule_set


def test_registry_has_the_42_rule_sets_once_each():
    ids = [r.id for r in RULE_SETS]
    assert len(ids) == 42
    assert len(set(ids)) == 42
    assert ids[:3] == ["guobiao", "sichuan", "sichuan_xuezhan"]
    assert ids[-1] == "rizhao"


def test_playable_column_matches_the_engine_registry():
    assert sorted(r.id for r in RULE_SETS if r.playable) == variants.names()


def test_entries_carry_names_sources_and_detail():
    wuhan = rule_set("wuhan")
    assert wuhan.title == "Wuhan 红中赖子杠"
    assert wuhan.sources == (
        "麻将规则 collection: 武汉红中赖子杠; 《全国各地麻将玩法总汇》 (named in its contents only)"
    )
    assert not wuhan.playable
    assert BY_ID["sichuan_xuezhan"].chinese == "血战到底"
    assert {r.detail for r in RULE_SETS} == {"full", "partial", "mention", "heading only"}
    assert all(r.english and r.chinese and r.sources for r in RULE_SETS)
    assert rule_set("no_such_variant") is None
