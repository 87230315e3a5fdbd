"""The hand viewer's data and HTML, records that name their rules, table images, and the
``mjsim view`` / ``mjsim play`` commands (the browser itself: tests/test_view_browser.py)."""

from __future__ import annotations

import json
import re
from collections import Counter

import numpy as np
import pytest
from mjsim.agents import make_agent, play_hand

import mjsim
from mjsim import variants
from mjsim.engine import Game
from mjsim.engine.records import Record, from_jsonl, to_jsonl
from mjsim.engine.replay import replay, replay_steps
from mjsim.engine.state import EV_CALL, EV_DRAW, PV_HONOR_FLOWERS, decode_event
from mjsim.variants.label import spec_from_label, variant_label
from mjsim.view import model
from mjsim.view.html import hands_html, page_html, record_html, result_html

# steps Games and calls the greedy bot from Python (KernelAgent): compiled once per run
pytestmark = pytest.mark.usefixtures("kernel_agent_compiled")


def played(variant, seed=1, **overrides):
    """A finished hand of greedy bots (its Game)."""
    g = Game(variant, seed=seed, **overrides)
    play_hand(g, [make_agent("greedy") for _ in range(g.n_players)])
    return g


def data_of(block: str) -> dict:
    m = re.search(r'<script type="application/json" class="mjv-data">(.*?)</script>', block, re.S)
    assert m, "no data element"
    return json.loads(m.group(1))


# ------------------------------------------------------------------------------ labels
@pytest.mark.parametrize(
    "variant, overrides, label",
    [
        ("hebei", {}, "hebei"),
        ("changsha", {"allow_chow": False}, "changsha(allow_chow=false)"),  # no chow_left_only
        ("sichuan", {"n_players": 3}, "sichuan(n_players=3)"),
        ("hebei", {"allow_chow": True, "min_fan": 8}, "hebei(allow_chow=true, min_fan=8)"),
    ],
)
def test_variant_label_names_the_overrides_and_reads_back(variant, overrides, label):
    from mjsim.results import variant_label as results_label

    spec = variants.get(variant, **overrides)
    assert variant_label(spec) == label == results_label(spec)  # records and result files agree
    assert spec_from_label(label) == spec


def test_spec_from_label_refuses_bad_text():
    with pytest.raises(ValueError, match="is not 'id' or 'id\\(field=value"):
        spec_from_label("changsha allow_chow")
    with pytest.raises(ValueError, match="unknown variant"):
        spec_from_label("nosuch(allow_chow=false)")


# ------------------------------------------------------------------------------ records
def test_record_header_names_variant_version_seed_and_wall():
    g = played("changsha", seed=3, birds=2)
    text = to_jsonl(g.record)
    head = json.loads(text.splitlines()[0])
    assert head["variant"] == variant_label(g.spec) == "changsha(birds=2)"
    assert head["rules_version"] == mjsim.__version__
    assert head["seed"] == 3 and len(head["wall"]) == 108
    back = from_jsonl(text)
    assert back.variant == head["variant"] and back.rules_version == mjsim.__version__
    assert repr(back).startswith("Record(variant='changsha(birds=2)', seed=3")


def test_a_record_whose_spec_no_longer_validates_is_replayed_by_its_label():
    g = played("changsha", seed=3, birds=2)
    head, *rest = to_jsonl(g.record).splitlines()
    h = json.loads(head)
    h["spec"]["field_of_another_version"] = 1
    text = "\n".join([json.dumps(h, ensure_ascii=False), *rest])
    again = replay(text)
    assert again.spec == g.spec
    assert np.array_equal(again.payments, g.payments)
    h["variant"] = ""
    with pytest.raises(ValueError, match="record header: bad spec"):
        replay("\n".join([json.dumps(h, ensure_ascii=False), *rest]))


def test_replay_steps_cover_every_event_once():
    g = played("sichuan", seed=2)
    rec = g.record
    spans = [(a, b) for _g, a, b in replay_steps(rec)]
    assert spans[0][0] == 0 and spans[-1][1] == len(rec.events)
    assert all(b0 == a1 for (_a0, b0), (a1, _b1) in zip(spans, spans[1:], strict=False))
    # a hand in progress: partial=True stops after its last event
    part = Record(**{**rec.__dict__, "events": rec.events[:40]})
    with pytest.raises(ValueError, match="record truncated"):
        list(replay_steps(part))
    assert [b for _g, _a, b in replay_steps(part, partial=True)][-1] == 40


def test_read_records_splits_a_session_and_keeps_line_numbers():
    a, b = played("hebei", seed=1).record, played("hebei", seed=2).record
    text = to_jsonl(a) + to_jsonl(b)
    recs = model.read_records(text)
    assert [len(r.events) for r in recs] == [len(a.events), len(b.events)]
    lines = text.splitlines()
    bad = len(to_jsonl(a).splitlines()) + 3  # a line of the second hand, 1-based
    lines[bad - 1] = "{not json"
    with pytest.raises(ValueError, match=f"record line {bad} "):
        model.read_records("\n".join(lines))


# ------------------------------------------------------------------------------ pictures
def _tiles_on_table(pic):
    """Every tile kind a full picture shows (hands, drawn, melds, unclaimed discards,
    flowers and honours set aside)."""
    c = Counter()
    for st in pic["seats"]:
        c.update(st["hand"])
        if st["drawn"] >= 0:
            c[st["drawn"]] += 1
        for m in st["melds"]:
            c.update(m["tiles"])
        c.update(r[0] for r in st["river"] if not r[1] & model.RIVER_FLAGS["claimed"])
        c.update(st["flowers"])
    return c


@pytest.mark.parametrize("variant", variants.names())
def test_every_event_has_a_picture_and_the_last_is_the_final_table(variant):
    g = played(variant, seed=5)
    rec = g.record
    hd = model.hand_model(rec)
    assert len(hd["events"]) == len(rec.events)
    assert [e["i"] for e in hd["events"]] == list(range(len(rec.events)))
    assert hd["variant"] == variant_label(g.spec) and hd["done"]
    last = hd["pictures"][hd["events"][-1]["pic"]]
    for p in range(g.n_players):
        st = last["seats"][p]
        concealed = Counter(st["hand"] + ([st["drawn"]] if st["drawn"] >= 0 else []))
        want = Counter(k for k in range(34) for _ in range(int(g.hands[p, k])))
        assert Counter({k: v for k, v in concealed.items() if k < 34}) == want
        # honours put out face up (放风 / 补风) lie among the seat's flowers, at their kinds
        packed = int(g.state.pv[0, p, PV_HONOR_FLOWERS])
        aside = Counter({27 + j: (packed >> (3 * j)) & 7 for j in range(7)})
        assert Counter(k for k in st["flowers"] if k < 34) == +aside
        assert st["score"] == int(g.scores[p])
    res = last["result"]
    assert res["winners"] == g.winners and res["pay"] == [int(x) for x in g.payments]
    assert res["before"] == rec.scores and res["after"] == [int(x) for x in g.scores]
    # nothing appears or vanishes between events: the table's tiles + the wall stay the deal's
    total = None
    for e in hd["events"]:
        pic = hd["pictures"][e["pic"]]
        n = sum(_tiles_on_table(pic).values()) + pic["wall"]
        total = n if total is None else total
        assert n == total, (variant, e)


def test_the_text_table_lists_the_honours_put_out_with_the_flowers():
    """``render`` (``mjsim.engine.records.render_table``) lists a seat's 放风 / 补风 honours
    with its flowers set aside, to every seat."""
    from mjsim.tiles import format_tiles

    g = played("weihai", seed=5)
    lines = [ln for ln in g.render(unicode=False).splitlines() if ln.startswith("seat ")]
    shown = 0
    for p, line in enumerate(lines):
        packed = int(g.state.pv[0, p, PV_HONOR_FLOWERS])
        kinds = [27 + j for j in range(7) for _ in range((packed >> (3 * j)) & 7)]
        kinds += [k for k in range(34, 42) for _ in range(int(g.hands[p, k]))]
        if kinds:
            assert f"| flowers {format_tiles(kinds, 'mpsz')}" in line, line
        shown += packed != 0
    assert shown  # the hand has a 放风 set


def test_a_draw_and_the_discard_before_it_are_two_pictures():
    g = played("sichuan", seed=2)
    hd = model.hand_model(g.record)
    ev = hd["events"]
    checked = 0
    for j, e in enumerate(ev):
        kind, seat, arg = decode_event(int(g.record.events[j]))
        if kind != EV_DRAW or j == 0 or ev[j - 1]["kind"] != "act":
            continue
        now, before = hd["pictures"][e["pic"]], hd["pictures"][ev[j - 1]["pic"]]
        assert now["seats"][seat]["drawn"] == arg
        assert before["seats"][seat]["drawn"] == -1
        assert len(before["seats"][seat]["hand"]) == len(now["seats"][seat]["hand"])
        assert before["wall"] == now["wall"] + 1
        checked += 1
    assert checked > 10


def test_a_claim_shows_its_supplier_and_the_claimed_discard():
    for seed in range(1, 30):
        g = played("hebei", seed=seed, allow_chow=True)
        calls = [i for i, e in enumerate(g.record.events) if decode_event(int(e))[0] == EV_CALL]
        if calls:
            break
    else:
        pytest.fail("no claim in 29 hands")
    hd = model.hand_model(g.record)
    i = calls[0]
    _k, claimer, _a = decode_event(int(g.record.events[i]))
    after, before = (
        hd["pictures"][hd["events"][i]["pic"]],
        hd["pictures"][hd["events"][i - 1]["pic"]],
    )
    meld = after["seats"][claimer]["melds"][-1]
    assert meld["from"] >= 0 and meld["from"] != claimer
    assert meld["claimed"] in meld["tiles"]
    river = after["seats"][meld["from"]]["river"]
    assert river[-1][0] == meld["claimed"] and river[-1][2] == claimer
    assert river[-1][1] & model.RIVER_FLAGS["claimed"]
    # the picture before the claim: the tile still in the river, unclaimed
    assert len(before["seats"][claimer]["melds"]) == len(after["seats"][claimer]["melds"]) - 1
    assert not before["seats"][meld["from"]]["river"][-1][1] & model.RIVER_FLAGS["claimed"]
    assert (
        hd["events"][i]["text"]
        == f"seat {claimer} {meld['type']}s {model.tile_label(meld['claimed'])}"
    )


def test_seat_view_hides_what_a_seat_may_not_see():
    g = Game("sichuan_xuezhan", seed=4)
    while g.phase != "turn" or g.current_player != 0:
        g.step(g.legal_actions()[0])
    pic = model.picture(g.state, g.spec, g.rules)
    view = model.seat_view(pic, 0)
    assert view["seats"][0]["hand"] == pic["seats"][0]["hand"]
    for p in (1, 2, 3):
        st = view["seats"][p]
        assert st["hand"] == [] and st["drawn"] == -1
        assert st["hidden"] == len(pic["seats"][p]["hand"]) + (pic["seats"][p]["drawn"] >= 0)
    done = played("sichuan", seed=2)
    last = model.picture(done.state, done.spec, done.rules)
    assert model.seat_view(last, 1) == last  # a finished hand is laid open


def test_event_words_hide_secrets_from_the_other_seats():
    hd = model.hand_model(played("sichuan", seed=2).record)
    draws = [e for e in hd["events"] if e["kind"] == "draw"]
    assert draws and all(re.fullmatch(r"seat \d draws \d[mps]", e["text"]) for e in draws)
    assert all(e["public"] == f"seat {e['seat']} draws" for e in draws)
    voids = [e for e in hd["events"] if "void" in e["text"]]
    assert len(voids) == 4 and all(e["public"].endswith("chooses a suit to void") for e in voids)


# ------------------------------------------------------------------------------ HTML
def test_record_html_is_self_contained():
    g = played("guobiao", seed=2)
    block = record_html(g.record)
    assert "http://" not in block.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in block and "<link" not in block and "src=" not in block
    for k in range(42):
        assert f'id="mjt-{k}"' in block
    data = data_of(block)
    assert len(data["hands"][0]["events"]) == len(g.record.events)
    assert data["tiles"][4] == ["5m", "五万", "5 Characters"]
    # the same hand from its JSON-lines text
    assert len(data_of(record_html(to_jsonl(g.record)))["hands"][0]["events"]) == len(
        g.record.events
    )


def test_scoring_breakdown_names_items_in_chinese_and_english():
    for seed in range(1, 40):
        g = played("guobiao", seed=seed)
        if g.winners:
            break
    hd = model.hand_model(g.record)
    res = hd["pictures"][hd["events"][-1]["pic"]]["result"]
    w = g.winners[0]
    rows = res["items"][str(w)]
    assert rows and all(zh and en for zh, en, _v, _c in rows)
    from mjsim.scoring.guobiao_fans import GUOBIAO_FANS

    table = {r[0]: r for r in GUOBIAO_FANS}
    counts = {int(i): int(c) for i, c in enumerate(g.items[w]) if c}
    assert sorted((zh, en, v, c) for zh, en, v, c in rows) == sorted(
        (table[i][2], table[i][1], table[i][3], c) for i, c in counts.items()
    )
    html = result_html(res)
    assert "score before" in html and "payment" in html and rows[0][0] in html


def test_repr_html_of_game_record_and_score():
    g = Game("tianjin", seed=3)
    for _ in range(6):
        g.step(g.legal_actions()[0])
    d = data_of(g._repr_html_())
    assert d["at"] == "end" and not d["hands"][0]["done"]
    assert len(d["hands"][0]["events"]) == len(g.record.events)
    assert data_of(Game("hebei", seed=1, record=False)._repr_html_())["hands"][0]["events"] == []
    assert data_of(played("hebei", seed=1).record._repr_html_())["hands"]
    r = mjsim.score("guobiao", "123m456m789m123p11z", win_tile="1z", self_drawn=True)
    html = r._repr_html_()
    for _id, en, zh, _value, _count in r.items:
        assert en in html and zh in html
    assert f"{r.total} {r.unit}" in html


def test_several_hands_get_a_selector_and_bad_arguments_are_named():
    recs = [played("riichi", seed=s).record for s in (1, 2)]
    page = page_html(recs)
    assert page.startswith("<!doctype html>") and len(data_of(page)["hands"]) == 2
    with pytest.raises(ValueError, match=r"hand 2 out of range: 2 hand\(s\)"):
        hands_html(recs, hand=2)
    with pytest.raises(ValueError, match="seat=4 must be a seat 0..3"):
        hands_html(recs, seat=4)
    with pytest.raises(ValueError, match="no hand to show"):
        hands_html([])


@pytest.mark.parametrize(
    "variant, overrides",
    [
        ("sichuan_xuezhan", {}),  # blood battle: several winners
        ("guobiao", {}),  # flowers
        ("tianjin", {}),  # indicator wilds
        ("riichi", {}),  # dora indicator
        ("sichuan", {"n_players": 3}),  # a three-player table
        ("guobiao", {"hand_size": 16}),  # 16-tile hands
        ("hebei", {"wild_rule": "treasure", "allow_ready": True, "wild_after_ready_only": True}),
    ],
)
def test_special_tables_reach_the_page(variant, overrides):
    for seed in range(1, 60):
        g = played(variant, seed=seed, **overrides)
        hd = model.hand_model(g.record)
        pics = hd["pictures"]
        if variant == "sichuan_xuezhan" and len(g.winners) < 2:
            continue
        if variant == "guobiao" and not any(st["flowers"] for p in pics for st in p["seats"]):
            continue
        break
    last = pics[hd["events"][-1]["pic"]]
    if variant == "sichuan_xuezhan":
        assert sum(st["won"] for st in last["seats"]) == len(g.winners) >= 2
    if variant == "guobiao":
        assert any(st["flowers"] for st in last["seats"])
    if variant == "tianjin":
        assert last["wild"] and last["indicator"] >= 0
    if variant == "riichi":
        assert last["dora"] == [g.record.wall[-5]]  # the dead wall's first indicator
    first = pics[hd["start"]]
    n, size = g.n_players, g.spec.hand_size
    assert len(first["seats"]) == n and len(last["seats"]) == n
    dealt = sorted(
        len(st["hand"]) + (st["drawn"] >= 0) + len(st["flowers"]) for st in first["seats"]
    )
    assert dealt[:-1] == [size] * (n - 1) and dealt[-1] in (size, size + 1)
    if g.spec.wild_rule == "treasure":
        # the 宝 is on the open table, secret in the view of a seat that has not looked at it
        shown = [p for p in pics if p["treasure"] >= 0 and p["phase"] != "done"]
        assert shown
        for p in shown:
            for seat in range(n):
                want = p["treasure"] if p["seats"][seat]["looked"] else -1
                assert model.seat_view(p, seat)["treasure"] == want


# ------------------------------------------------------------------------------ images
def test_envs_render_rgb_array():
    import gymnasium as gym
    from mjsim.envs import mahjong_v0

    env = mahjong_v0.env(variant="sichuan", render_mode="rgb_array")
    env.reset(seed=0)
    img = env.render()
    assert img.dtype == np.uint8 and img.shape == (720, 960, 3)
    agent = env.agent_selection
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert agent and not np.array_equal(env.render(), img)
    genv = gym.make(
        "mjsim/Mahjong-v0", variant="hebei", opponents="greedy", render_mode="rgb_array"
    )
    genv.reset(seed=1)
    frame = genv.render()
    assert frame.shape == (720, 960, 3) and frame.std() > 10
    assert "rgb_array" in genv.metadata["render_modes"]
    with pytest.raises(ValueError, match="'rgb_array'"):
        mahjong_v0.raw_env("hebei", render_mode="video")


def test_table_image_hides_the_other_hands_in_a_seat_view():
    g = Game("hebei", seed=1)
    from mjsim.view.image import table_image

    open_img = table_image(g.state, g.spec, g.rules)
    seat_img = table_image(g.state, g.spec, g.rules, view=0)
    assert open_img.shape == seat_img.shape == (720, 960, 3)
    # the top panel (seat 2) shows green backs in the seat view, tile faces when open
    green = np.array([46, 125, 87])
    top = (slice(30, 60), slice(10, 400))
    assert (seat_img[top] == green).all(axis=-1).sum() > 10 * (open_img[top] == green).all(
        axis=-1
    ).sum()


# ------------------------------------------------------------------------------ the CLI
def test_cli_view_writes_one_page(tmp_path, capsys):
    from mjsim.cli import main

    rec = tmp_path / "session.jsonl"
    rec.write_text(
        to_jsonl(played("sichuan", seed=2).record) + to_jsonl(played("sichuan", seed=3).record)
    )
    assert main(["view", str(rec)]) == 0
    out = tmp_path / "session.html"
    assert out.exists() and "wrote" in capsys.readouterr().out
    assert len(data_of(out.read_text())["hands"]) == 2
    assert main(["view", str(rec), "--hand", "1", "-o", str(tmp_path / "h1.html")]) == 0
    assert len(data_of((tmp_path / "h1.html").read_text())["hands"]) == 1
    capsys.readouterr()
    assert main(["view", str(rec), "--hand", "2"]) == 2
    err = capsys.readouterr().err
    assert "--hand 2: " in err and "holds 2 hand(s), 0..1" in err
    assert main(["view", str(rec), "--seat", "4"]) == 2
    assert "--seat 4: a seat 0..3" in capsys.readouterr().err
    assert main(["view", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read the record" in capsys.readouterr().err
    (tmp_path / "bad.jsonl").write_text("hello\n")
    assert main(["view", str(tmp_path / "bad.jsonl")]) == 2
    assert "record line 1 is not JSON" in capsys.readouterr().err


def test_cli_play_refuses_bad_seats_and_agents(capsys):
    from mjsim.cli import main

    assert main(["play", "sichuan", "--seat", "4", "--no-browser"]) == 2
    assert "--seat 4: a seat 0..3" in capsys.readouterr().err
    assert main(["play", "sichuan", "--agents", "greedy,random", "--no-browser"]) == 2
    assert "--agents: 2 names for the 3 bot seats" in capsys.readouterr().err
    assert main(["play", "sichuan", "--agents", "grredy", "--no-browser"]) == 2
    assert "unknown agent 'grredy'" in capsys.readouterr().err


def test_play_session_plays_a_hand_and_saves_it(tmp_path):
    from mjsim.view.play import PlaySession

    out = tmp_path / "p.jsonl"
    s = PlaySession(variants.get("hebei"), seat=1, agents=["greedy"], seed=7, out=out)
    st = s.state()
    assert st["you"] == 1 and st["names"][1] == "you"
    reacted = 0
    while not st["done"]:
        assert st["legal"], st["prompt"]
        ids = [a["id"] for a in st["legal"]]
        if st["picture"]["phase"] == "react":
            reacted += 1
        # the person's view: no tile of another seat's concealed hand
        for p, seat in enumerate(st["picture"]["seats"]):
            if p != 1:
                assert seat["hand"] == [] and seat["hidden"] > 0
        st = s.act(ids[-1] if st["picture"]["phase"] == "react" else ids[0])
    with pytest.raises(ValueError, match="the hand is over"):
        s.act(0)
    assert "score before" in st["result_html"]
    recs = model.read_records(out.read_text())
    assert len(recs) == 1 and replay(recs[0]).done
    st = s.new_hand()
    assert not st["done"] and st["hand_no"] == 1
