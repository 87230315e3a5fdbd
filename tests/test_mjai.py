"""mjai interop (mjsim.mjai): riichi records to mjai event streams and back, replayed through
the engine; worked examples of the events; bad streams refused with the event named."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mjsim.agents import KernelAgent, play_hand

import mjsim
from mjsim import mjai
from mjsim.engine import Game, to_jsonl
from mjsim.scoring.riichi_yaku import Y_AKA_DORA

BOTS = ("greedy", "random")
# hands of riichi dealt by Game("riichi", seed=s, hand_no=s, dealer=s % 4) and played by the
# seat bots below: 0 riichi + added kong + drawn hand, 13 open kong, 116 double ron after a
# riichi, 265 nine terminals, 832 robbing an added kong
SPECIAL = (0, 13, 116, 265, 832)


def play(seed: int) -> Game:
    g = Game("riichi", seed=seed, hand_no=seed, dealer=seed % 4)
    play_hand(g, [KernelAgent(BOTS[(seed >> i) & 1]) for i in range(4)])
    return g


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


@pytest.mark.parametrize("seed", [*SPECIAL, *range(1, 25)])
def test_record_to_mjai_and_back_is_the_identical_record(seed: int) -> None:
    g = play(seed)
    rec = g.record
    text = mjai.dumps(mjai.records_to_mjai(rec))
    back = mjai.record_from_mjai(text)
    assert to_jsonl(back) == to_jsonl(rec)
    # and the imported record replays through the engine to the same table (all but the bots'
    # random streams, which only the played hand advanced)
    again = mjsim.replay(back)
    for name, x, y in zip(g.state._fields, again.state, g.state, strict=True):
        assert name == "rng" or np.array_equal(x, y), name
    assert list(again.payments) == list(g.payments)


@pytest.mark.parametrize("seed", [*SPECIAL, *range(30, 45)])
def test_a_stream_without_the_mjsim_field_gives_the_same_play(seed: int) -> None:
    # a stream from elsewhere: the unseen tiles of the wall are unknown and the choices that
    # lost a reaction window are not in it; every draw, call, win and payment must match
    g = play(seed)
    rec = g.record
    events = mjai.records_to_mjai(rec, extension=False)
    assert "mjsim" not in events[1]
    back = mjai.record_from_mjai(events)

    def shown(r):  # every event but the decisions (act) and the deal's hand index
        return [int(e) for e in r.events[1:] if int(e) & 0xFF != 5]

    assert shown(back) == shown(rec)
    assert back.scores == rec.scores and back.repeat == rec.repeat
    assert list(mjsim.replay(back).payments) == list(g.payments)


def test_a_match_is_one_game_of_several_kyoku() -> None:
    g = Game("riichi", seed=5)
    recs = []
    for _ in range(3):
        play_hand(g, [KernelAgent("greedy")] * 4)
        recs.append(g.record)
        g.next_hand()
    events = mjai.records_to_mjai(recs, names=["a", "b", "c", "d"])
    assert events[0] == {"type": "start_game", "names": ["a", "b", "c", "d"]}
    assert events[-1] == {"type": "end_game"}
    assert types(events).count("start_kyoku") == 3 == types(events).count("end_kyoku")
    starts = [e for e in events if e["type"] == "start_kyoku"]
    for r, s in zip(recs, starts, strict=True):
        assert s["scores"] == [x + 25_000 for x in r.scores]
        assert (s["oya"], s["kyoku"], s["honba"]) == (r.dealer, r.dealer + 1, r.repeat)
    back = mjai.records_from_mjai(mjai.dumps(events))
    assert [to_jsonl(r) for r in back] == [to_jsonl(r) for r in recs]


def test_worked_example_double_ron_after_a_riichi() -> None:
    # seed 116: seat 0 (dealer) declares riichi with 7s; later seat 2 discards 1p and seats 0
    # and 1 both win on it, each holding a red five (one han of aka dora each): seat 0 1600
    # basic points (6 x 1600 = 9600), seat 1 480 (4 x 480 -> 2000). mjsim pays
    # [9600, 2000, -11600, 0] (seat 0's stick came back with the pot); mjai shows the stick as
    # reach_accepted, the first winner after the discarder takes it back in its deltas
    g = play(116)
    assert [int(g.items[p, Y_AKA_DORA]) for p in (0, 1)] == [1, 1]
    assert list(g.payments) == [9600, 2000, -11600, 0]
    events = mjai.record_to_mjai(g.record)
    i = types(events).index("reach")
    assert events[i : i + 3] == [
        {"type": "reach", "actor": 0},
        {"type": "dahai", "actor": 0, "pai": "7s", "tsumogiri": False},
        {"type": "reach_accepted", "actor": 0},
    ]
    assert events[-4] == {"type": "dahai", "actor": 2, "pai": "1p", "tsumogiri": False}
    ura = events[-3]["ura_markers"]
    assert events[-3:] == [
        {
            "type": "hora",
            "actor": 0,
            "target": 2,
            "deltas": [10600, 0, -9600, 0],
            "ura_markers": ura,
        },
        {"type": "hora", "actor": 1, "target": 2, "deltas": [0, 2000, -2000, 0], "ura_markers": []},
        {"type": "end_kyoku"},
    ]
    assert ura == [mjai.tile_to_mjai(g.record.wall[136 - 10])]  # no kong: one ura indicator


def test_the_original_servers_uradora_markers_are_read() -> None:
    g = play(116)
    events = mjai.records_to_mjai(g.record, extension=False)
    for e in events:
        if e["type"] == "hora":
            e["uradora_markers"] = e.pop("ura_markers")
    assert mjai.record_from_mjai(events).events.tolist()[1:] == g.record.events.tolist()[1:]


def test_worked_example_kongs_and_a_drawn_hand() -> None:
    # seed 0: seat 0 adds 6z (green dragon, mjai "F") to its pung: kakan, the replacement draw,
    # its discard, then the kan dora (Tenhou's timing for an added kong); seat 3's riichi stick
    # is down, all four seats are ready: deltas 0
    g = play(0)
    events = mjai.record_to_mjai(g.record, extension=False)
    i = types(events).index("kakan")
    wall = g.record.wall
    assert events[i] == {"type": "kakan", "actor": 0, "pai": "F", "consumed": ["F"] * 3}
    assert events[i + 1] == {"type": "tsumo", "actor": 0, "pai": mjai.tile_to_mjai(wall[135])}
    j = types(events).index("dahai", i)
    assert events[j]["actor"] == 0
    assert events[j + 1] == {"type": "dora", "dora_marker": mjai.tile_to_mjai(wall[136 - 6])}
    # the same record read under kan_dora_timing="immediate": the dora before the replacement
    at_once = dataclasses.replace(g.record, spec={**g.record.spec, "kan_dora_timing": "immediate"})
    e0 = mjai.record_to_mjai(at_once, extension=False)
    i0 = types(e0).index("kakan")
    assert types(e0)[i0 + 1 : i0 + 3] == ["dora", "tsumo"]
    assert {"type": "reach_accepted", "actor": 3} in events
    assert events[-2:] == [{"type": "ryukyoku", "deltas": [0, 0, 0, 0]}, {"type": "end_kyoku"}]
    assert list(g.payments) == [0, 0, 0, -1000]
    # the deal: the dealer's 13 tiles are wall[0:13], its 14th wall[52] comes as a tsumo; the
    # red fives at the record's red positions are named 5mr / 5pr / 5sr
    red = set(g.record.red)
    assert events[0]["tehais"][0] == sorted(
        (mjai.tile_to_mjai(k, i in red) for i, k in enumerate(wall[:13])), key=mjai._order
    )
    assert red & set(range(13)) == {10}  # the dealer is dealt a red five
    assert mjai.tile_to_mjai(wall[10], True) in events[0]["tehais"][0]
    assert events[1] == {"type": "tsumo", "actor": 0, "pai": mjai.tile_to_mjai(wall[52], 52 in red)}


def test_worked_example_calls_robbing_and_nine_terminals() -> None:
    e13 = mjai.record_to_mjai(play(13).record)
    i = types(e13).index("daiminkan")
    assert e13[i]["consumed"] == [e13[i]["pai"]] * 3 and e13[i]["target"] != e13[i]["actor"]
    assert types(e13)[i + 1 : i + 4] == ["tsumo", "dahai", "dora"]  # Tenhou's timing
    chi = next(e for e in mjai.record_to_mjai(play(1).record) if e["type"] == "chi")
    k = mjai.TILES.index(chi["pai"])
    run = sorted([k, *map(mjai.TILES.index, chi["consumed"])])
    assert run in ([k - 2, k - 1, k], [k - 1, k, k + 1], [k, k + 1, k + 2])
    assert chi["target"] == (chi["actor"] - 1) % 4  # from the previous seat only
    e832 = mjai.record_to_mjai(play(832).record)
    # a robbed kong stands not: no kan dora (the robber may answer the kakan itself)
    assert types(e832)[-3:] == ["kakan", "hora", "end_kyoku"]
    assert e832[-2]["target"] == e832[-3]["actor"] == 1 and e832[-2]["actor"] == 0
    # the robber holds two red fives: 1 han + 2 han of aka dora, 30 fu: 5800
    assert e832[-2]["deltas"] == [5800, -5800, 0, 0]
    e265 = mjai.record_to_mjai(play(265).record)
    assert types(e265) == ["start_kyoku", "tsumo", "ryukyoku", "end_kyoku"]
    assert e265[2]["deltas"] == [0, 0, 0, 0]


def test_seat_view_hides_the_other_seats_tiles_and_the_wall() -> None:
    events = mjai.record_to_mjai(play(3).record)
    view = mjai.seat_view(events, 2)
    assert "mjsim" in events[0] and "mjsim" not in view[0]
    assert view[0]["tehais"][2] == events[0]["tehais"][2]
    assert all(view[0]["tehais"][p] == ["?"] * 13 for p in (0, 1, 3))
    for e, v in zip(events, view, strict=True):
        if e["type"] == "tsumo":
            assert v["pai"] == (e["pai"] if e["actor"] == 2 else "?")
        elif e["type"] != "start_kyoku":
            assert v == e


def stream(seed: int = 7) -> list[dict]:
    return mjai.records_to_mjai(play(seed).record, extension=False)


def _red_names(events: list[dict]) -> list[str]:
    return [x for x in json.dumps(events).split('"') if x in mjai.RED_FIVES]


def test_red_fives_export_as_5mr_5pr_5sr_and_come_back() -> None:
    # riichi plays one red five of each suit: over a few hands they are dealt, drawn,
    # discarded and called; the mjai names carry them and the import gives them back
    n_red = 0
    for seed in range(1, 13):
        rec = play(seed).record
        assert len(rec.red) == 3
        events = mjai.records_to_mjai(rec, extension=False)
        n_red += len(_red_names(events))
        back = mjai.record_from_mjai(events)
        assert mjai.records_to_mjai(back, extension=False) == events
    assert n_red > 0


def test_more_red_fives_than_the_rules_have_are_refused() -> None:
    for seed in range(7, 40):  # a deal with two copies of one five among the hands
        events = stream(seed)
        hands = events[1]["tehais"]
        at = [(p, i) for p in range(4) for i, x in enumerate(hands[p]) if x[:2] == "5p"]
        if len(at) >= 2:
            break
    for p, i in at[:2]:
        hands[p][i] = "5pr"
    with pytest.raises(ValueError, match=r"\d red 5p shown but the rules have red_fives="):
        mjai.records_from_mjai(events)
    events = stream(7)
    assert _red_names(events)  # riichi's red fives, refused under rules without them
    with pytest.raises(ValueError, match=r"red 5[mps] shown but the rules have red_fives="):
        mjai.records_from_mjai(events, variant="riichi_wrc")


def test_a_stream_without_red_fives_plays_under_rules_without_them() -> None:
    g = Game("riichi_wrc", seed=3)
    play_hand(g, [KernelAgent("greedy")] * 4)
    events = mjai.records_to_mjai(g.record, extension=False)
    assert not _red_names(events)
    back = mjai.record_from_mjai(events, variant="riichi_wrc")
    assert back.red == []


def test_bad_streams_are_refused_naming_the_event() -> None:
    events = stream()
    events[1]["tehais"][0][0] = "0m"
    with pytest.raises(ValueError, match=r"bad mjai tile '0m' in mjai event 1"):
        mjai.records_from_mjai(events)
    events = stream()
    events[1]["tehais"][3] = ["?"] * 13
    with pytest.raises(ValueError, match=r"hidden tile '\?'.*a seat's view"):
        mjai.records_from_mjai(events)
    with pytest.raises(ValueError, match="no end_kyoku"):
        mjai.records_from_mjai(stream()[:-2])
    # a payment that is not the engine's
    events = stream()
    end = events[-3]
    end["deltas"] = [
        d + (100 if i == 0 else -100 if i == 1 else 0) for i, d in enumerate(end["deltas"])
    ]
    with pytest.raises(
        ValueError, match=rf"mjai event {len(events) - 3} .*does not match the engine"
    ):
        mjai.records_from_mjai(events)
    # a discard of a tile the seat does not hold
    events = stream()
    i = types(events).index("dahai")
    held = events[1]["tehais"][events[i]["actor"]] + [events[i - 1]["pai"]]
    events[i]["pai"] = next(t for t in mjai.TILES if t not in held)
    with pytest.raises(ValueError, match=r"seat \d cannot play discard .*; legal: discard"):
        mjai.records_from_mjai(events)
    with pytest.raises(ValueError, match="mjai line 2 is not JSON"):
        mjai.loads('{"type":"start_game"}\n{oops\n')
    with pytest.raises(ValueError, match="four-player Riichi"):
        mjai.record_to_mjai(Game("hebei", seed=0).record)


@given(st.one_of(st.text(max_size=4), st.integers(), st.none()))
def test_tile_parser_gives_a_kind_or_a_value_error(token) -> None:
    try:
        k = mjai.tile_from_mjai(token)
    except ValueError as e:
        assert repr(token) in str(e) or "'?'" in str(e)
    else:
        assert 0 <= k < 34 and mjai.tile_to_mjai(k) == token


@given(st.text(max_size=60))
def test_stream_parser_gives_events_or_a_value_error(text: str) -> None:
    try:
        events = mjai.loads(text)
    except ValueError as e:
        assert "mjai line" in str(e)
    else:
        assert all(isinstance(e, dict) and isinstance(e["type"], str) for e in events)


def test_dumps_is_one_compact_object_a_line() -> None:
    events = stream()
    text = mjai.dumps(events)
    assert text.count("\n") == len(events) and ", " not in text.splitlines()[2]
    assert [json.loads(x) for x in text.splitlines()] == events == mjai.loads(text)


def test_mjai_command_exports_and_imports(tmp_path, capsys) -> None:
    from mjsim.cli import main

    g = play(116)
    (tmp_path / "hand.jsonl").write_text(to_jsonl(g.record))
    assert (
        main(["mjai", "export", str(tmp_path / "hand.jsonl"), "-o", str(tmp_path / "m.jsonl")]) == 0
    )
    assert "wrote 1 kyoku to" in capsys.readouterr().err
    events = mjai.loads((tmp_path / "m.jsonl").read_text())
    assert events == mjai.records_to_mjai(g.record)
    out = tmp_path / "back.jsonl"
    assert main(["mjai", "import", str(tmp_path / "m.jsonl"), "-o", str(out)]) == 0
    assert out.read_text() == to_jsonl(g.record)
    assert "(each kyoku replayed and checked)" in capsys.readouterr().err
    assert main(["mjai", "export", str(tmp_path / "hand.jsonl"), "--no-mjsim-field"]) == 0
    text = capsys.readouterr().out
    assert '"mjsim"' not in text and text == mjai.dumps(
        mjai.records_to_mjai(g.record, extension=False)
    )
    (tmp_path / "red.jsonl").write_text(text.replace('"5p"', '"5pr"'))
    assert main(["mjai", "import", str(tmp_path / "red.jsonl")]) == 2
    assert "red 5p shown but the rules have red_fives=(1, 1, 1)" in capsys.readouterr().err
    assert main(["mjai", "import", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read it" in capsys.readouterr().err


_BASE = None


def _base_stream() -> list[dict]:
    global _BASE
    if _BASE is None:
        _BASE = mjai.records_to_mjai(play(116).record, extension=False)
    return _BASE


@settings(max_examples=60, deadline=None)
@given(
    st.data(),
    st.sampled_from(["drop", "dup", "field", "swap"]),
)
def test_a_tampered_stream_is_refused_or_replays_to_itself(data, how: str) -> None:
    # never another exception than ValueError, and whatever is accepted exports back to the
    # stream (up to tsumogiri): no silent wrong answer
    events = [json.loads(json.dumps(e)) for e in _base_stream()]
    i = data.draw(st.integers(1, len(events) - 2))
    if how == "drop":
        del events[i]
    elif how == "dup":
        events.insert(i, dict(events[i]))
    elif how == "swap":
        events[i], events[i + 1] = events[i + 1], events[i]
    else:
        keys = sorted(k for k in events[i] if k != "type")
        if not keys:
            return
        key = data.draw(st.sampled_from(keys))
        events[i][key] = data.draw(
            st.one_of(
                st.integers(-2, 5),
                st.sampled_from([*mjai.TILES[:3], "5mr", "?", "x", None, [], ["1m"]]),
            )
        )
    try:
        recs = mjai.records_from_mjai(events)
    except ValueError:
        return
    again = mjai.records_to_mjai(recs, extension=False)
    assert len(again) == len(events)
    mjai._compare(events[1:-1], again[1:-1], 1)  # the comparison import made: no difference


def test_the_copied_engine_constants_agree() -> None:
    from mjsim.engine import hooks_riichi as riichi
    from mjsim.engine import state

    assert (mjai.DORA_OFFSET, mjai.URA_OFFSET) == (riichi.DORA_OFFSET, riichi.URA_OFFSET)
    ev = (state.EV_DEAL, state.EV_DRAW, state.EV_DRAW_TAIL, state.EV_ACT, state.EV_CALL)
    assert ev == (mjai._EV_DEAL, mjai._EV_DRAW, mjai._EV_DRAW_TAIL, mjai._EV_ACT, mjai._EV_CALL)
    assert state.EV_RED == mjai._EV_RED
    assert (state.EV_WIN, state.EV_PAY, state.EV_END) == (mjai._EV_WIN, mjai._EV_PAY, mjai._EV_END)
    wk = (state.WK_SELF_DRAW, state.WK_DISCARD, state.WK_ROB_KONG)
    assert wk == (mjai._WK_SELF_DRAW, mjai._WK_DISCARD, mjai._WK_ROB_KONG)
    assert mjai._decode(state.encode_event(7, 3, -4200)) == (7, 3, -4200)


@pytest.mark.parametrize(("variant", "start"), [("riichi", 25_000), ("riichi_wrc", 30_000)])
def test_mjai_scores_count_from_the_rules_starting_points(variant: str, start: int) -> None:
    g = Game(variant, seed=3, hand_no=3, dealer=3)
    play_hand(g, [KernelAgent("greedy") for _ in range(4)])
    events = mjai.records_to_mjai(g.record, extension=False)
    assert events[1]["scores"] == [int(s) + start for s in g.record.scores]
    back = mjai.record_from_mjai(events, variant=variant)
    assert back.scores == g.record.scores
    assert list(mjsim.replay(back).payments) == list(g.payments)
    # a start given explicitly wins over the rules'
    assert mjai.records_to_mjai(g.record, start_points=0)[1]["scores"] == list(g.record.scores)
