"""The registry of the 42 rule sets (mjsim/variants/registry.py) and the names it gives to ids."""

from mjsim import variants
from mjsim.variants.registry import BY_ID, PRESETS, RULE_SETS, rule_set


def test_registry_has_the_42_rule_sets_once_each():
    ids = [r.id for r in RULE_SETS]
    assert len(ids) == 42
    assert len(set(ids)) == 42
    assert ids[:3] == ["guobiao", "sichuan", "sichuan_xuezhan"]
    assert ids[-1] == "rizhao"


def test_playable_column_matches_the_engine_registry():
    playable = [r.id for r in RULE_SETS + PRESETS if r.playable]
    assert sorted(playable) == variants.names()


def test_presets_are_riichi_with_only_their_cited_differences():
    import dataclasses

    base = variants.get("riichi")
    diffs = {}
    for vid in ("riichi_mahjongsoul", "riichi_wrc"):
        spec = variants.get(vid)
        diffs[vid] = {
            f.name
            for f in dataclasses.fields(spec)
            if getattr(spec, f.name) != getattr(base, f.name)
        } - {"name"}
        assert BY_ID[vid].detail == "preset" and BY_ID[vid].playable
    assert diffs["riichi_mahjongsoul"] == {"score_values", "multi_winner"}
    assert variants.get("riichi_mahjongsoul").score_values == (1 | 2,)  # kuitan, double yakuman
    assert variants.get("riichi_mahjongsoul").multi_winner == "all"
    assert diffs["riichi_wrc"] == {
        "kazoe_limit",
        "renhou",
        "riichi_aborts",
        "start_points",
        # the game (WRC rules 2015, "End of the game", "Hanchan score and uma")
        "bust",
        "agari_yame",
        "tenpai_yame",
        "west_extension",
        "target_points",
        "uma",
        "placement_ties",
        # no aka dora (WRC rules 2015, "Equipment": 136 tiles, no red fives)
        "red_fives",
    }
    wrc = variants.get("riichi_wrc")
    assert (wrc.kazoe_limit, wrc.renhou, wrc.riichi_aborts, wrc.start_points) == (
        "sanbaiman",
        "mangan",
        False,
        30000,
    )
    assert wrc.red_fives == (0, 0, 0) and base.red_fives == (1, 1, 1)
    assert wrc.compile().score_table[0] == 1 | 8 | 16


def test_entries_carry_names_sources_and_detail():
    wuhan = rule_set("wuhan")
    assert wuhan.title == "Wuhan 红中赖子杠"
    assert wuhan.sources == (
        "麻将规则 collection: 武汉红中赖子杠; 《全国各地麻将玩法总汇》 (named in its contents only)"
    )
    assert wuhan.playable and not rule_set("xuzhou").playable
    assert BY_ID["sichuan_xuezhan"].chinese == "血战到底"
    assert {r.detail for r in RULE_SETS} == {"full", "partial", "mention", "heading only"}
    assert all(r.english and r.chinese and r.sources for r in RULE_SETS)
    assert rule_set("no_such_variant") is None
