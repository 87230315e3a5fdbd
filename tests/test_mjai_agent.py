"""MjaiAgent: an external mjai bot (tests/data/mjai_bot.py, a tsumogiri bot) plays riichi hands
through play_hand, `mjsim arena` and the AEC env beside the built-in bots; bad answers,
timeouts and exits are refused naming the bot, the seat, the answer and the legal actions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mjsim.agents import KernelAgent, play_hand
from mjsim.agents.mjai import ANSWERS, MjaiAgent, MjaiBotError

from mjsim import actions, mjai
from mjsim.engine import Game
from mjsim.engine.state import EV_ACT, EV_CALL, EV_DRAW, EV_DRAW_TAIL, decode_event

BOT = str(Path(__file__).parent / "data" / "mjai_bot.py")


def bot(*mode: str, **kw) -> MjaiAgent:
    return MjaiAgent([sys.executable, BOT, "{seat}", *mode], name="tsumogiri", timeout=10, **kw)


def bot_discards_its_draws(record, seat: int) -> int:
    """Checks that ``seat`` discarded the kind it drew every turn (the dealer's first: its
    dealt 14th tile, ``wall[52]``) and never called; returns its number of discards."""
    drawn = record.wall[52] if record.dealer == seat else None
    n = 0
    for ev in record.events:
        kind, p, arg = decode_event(int(ev))
        if p != seat:
            continue
        assert kind != EV_CALL
        if kind in (EV_DRAW, EV_DRAW_TAIL):
            drawn = arg
        elif kind == EV_ACT and arg < actions.KONG:
            assert arg == drawn
            n += 1
    return n


@pytest.mark.parametrize("protocol", ["batch", "lines"])
def test_mjai_bot_plays_full_hands_beside_the_built_in_bots(protocol: str) -> None:
    with bot(protocol=protocol) as b:
        for seed in range(4):
            g = Game("riichi", seed=seed, hand_no=seed, dealer=seed % 4)
            seat = (seed * 3) % 4  # the bot is the dealer in hand 0, not in the others
            agents = [KernelAgent("greedy"), KernelAgent("random"), KernelAgent("greedy")]
            agents.insert(seat, b)
            pay = play_hand(g, agents)
            assert g.done and len(pay) == 4
            assert bot_discards_its_draws(g.record, seat) > 0
        proc = b._proc
    assert proc is not None and proc.poll() is not None  # closed with the context


def test_the_bot_sees_its_own_tiles_only_and_whole_games(tmp_path: Path, monkeypatch) -> None:
    log = tmp_path / "bot.log"
    monkeypatch.setenv("MJAI_BOT_LOG", str(log))
    with bot() as b:
        for seed in (1, 2):
            g = Game("riichi", seed=seed)
            play_hand(g, [b, KernelAgent("greedy"), KernelAgent("greedy"), KernelAgent("greedy")])
            full = mjai.record_to_mjai(g.record, extension=False)
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    events = [e for batch in lines for e in batch]
    assert [e["type"] for e in lines[0]] == ["start_game"] and lines[0][0]["id"] == 0
    kinds = [e["type"] for e in events if e["type"] in ("start_game", "end_kyoku", "end_game")]
    assert kinds == ["start_game", "end_kyoku", "end_game"] * 2
    starts = [e for e in events if e["type"] == "start_kyoku"]
    assert all(s["tehais"][p] == ["?"] * 13 for s in starts for p in (1, 2, 3))
    assert all("mjsim" not in s for s in starts)
    assert all(e["pai"] != "?" for e in events if e["type"] == "tsumo" and e["actor"] == 0)
    assert all(e["pai"] == "?" for e in events if e["type"] == "tsumo" and e["actor"] != 0)
    # the second game's events are the hand's, seen from seat 0, outcome included
    assert events[-1] == {"type": "end_game"}
    second = events[events.index(starts[1]) : -1]
    assert second == mjai.seat_view(full, 0)
    # every batch but the game's bookkeeping ends with an event the bot can act on
    for batch in lines:
        last = batch[-1]
        assert (
            last["type"] in ("start_game", "end_kyoku", "end_game", "reach")
            or (last["type"] in ("tsumo", "chi", "pon") and last["actor"] == 0)
            or (last["type"] in ("dahai", "kakan", "ankan") and last["actor"] != 0)
        )


def test_bad_answers_name_the_bot_the_seat_the_answer_and_the_legal_actions() -> None:
    g = Game("riichi", seed=4)
    with bot("garbage") as b, pytest.raises(MjaiBotError) as e:
        b.act(g, g.legal_mask())
    msg = str(e.value)
    assert "mjai bot 'tsumogiri' at seat 0" in msg and "'I discard the red dragon'" in msg
    assert "is not JSON" in msg and "legal: discard" in msg
    with (
        bot("illegal") as b,
        pytest.raises(MjaiBotError, match=r"is pung, which is illegal here; legal: discard"),
    ):
        b.act(g, g.legal_mask())
    with pytest.raises(MjaiBotError, match=r"no answer within 0.5 s to events up to"):
        with MjaiAgent([sys.executable, BOT, "0", "sleep"], name="slow", timeout=0.5) as b:
            b.act(g, g.legal_mask())
    with bot("exit") as b, pytest.raises(MjaiBotError, match=r"exited \(code 3\)"):
        b.act(g, g.legal_mask())
    with bot() as b, pytest.raises(MjaiBotError, match=r"plays seat 0 .* asked for seat 1"):
        play_hand(Game("riichi", seed=4), [b, b, KernelAgent("greedy"), KernelAgent("greedy")])
    with pytest.raises(MjaiBotError, match="cannot start"):
        MjaiAgent(["/nonexistent/bot"]).act(g, g.legal_mask())
    with pytest.raises(ValueError, match="timeout"):
        MjaiAgent(["x"], timeout=0)
    with pytest.raises(ValueError, match="protocol"):
        MjaiAgent(["x"], protocol="http")
    with pytest.raises(TypeError, match="record=False"):
        MjaiAgent(["x"]).act(Game("riichi", record=False), g.legal_mask())
    with pytest.raises(TypeError, match="mjsim.engine.Game"):
        MjaiAgent(["x"]).act({"observation": 0}, g.legal_mask())


def scripted(*answers: dict) -> MjaiAgent:
    b = MjaiAgent([sys.executable, BOT, "0", "script", json.dumps(list(answers))], name="s")
    b._start(0)
    return b


def mask_of(*ids: int) -> np.ndarray:
    m = np.zeros(actions.N_ACTIONS, bool)
    m[list(ids)] = True
    return m


def test_answers_map_to_mjsim_actions() -> None:
    k = mjai.tile_from_mjai
    with scripted({"type": "dahai", "actor": 0, "pai": "3m", "tsumogiri": False}) as b:
        # reach: the adapter sends the bot its reach event and plays the dahai that follows
        assert b._action('{"type":"reach","actor":0}', 0, mask_of(actions.READY_DISCARD + 2)) == 70
    with scripted() as b:
        m = mask_of(actions.CHOW_LOW, actions.CHOW_MID, actions.CHOW_HIGH, actions.PASS)
        chi = {"type": "chi", "actor": 0, "target": 3, "pai": "4p"}
        for consumed, want in (
            (["5p", "6p"], actions.CHOW_LOW),
            (["3p", "5p"], actions.CHOW_MID),
            (["3p", "2p"], actions.CHOW_HIGH),
        ):
            assert b._action(json.dumps({**chi, "consumed": consumed}), 0, m) == want
        with pytest.raises(MjaiBotError, match="no sequence"):
            b._action(json.dumps({**chi, "consumed": ["5p", "7p"]}), 0, m)
        assert b._action('{"type":"none"}', 0, m) == actions.PASS
        m = mask_of(actions.PUNG, actions.EXPOSED_KONG, actions.WIN, actions.PASS)
        assert b._action('{"type":"pon","actor":0,"target":1,"pai":"C"}', 0, m) == actions.PUNG
        assert b._action('{"type":"daiminkan","actor":0,"pai":"C"}', 0, m) == 106
        assert b._action('{"type":"hora","actor":0,"target":1}', 0, m) == actions.WIN
        m = mask_of(actions.KONG + k("E"), actions.KONG + k("9s"), actions.NINE_TERMINALS)
        ankan = '{"type":"ankan","actor":0,"consumed":["E","E","E","E"]}'
        assert b._action(ankan, 0, m) == actions.KONG + 27
        assert b._action('{"type":"kakan","actor":0,"pai":"9s"}', 0, m) == actions.KONG + 26
        assert b._action('{"type":"ryukyoku"}', 0, m) == actions.NINE_TERMINALS
        with pytest.raises(MjaiBotError, match=r"is for seat 2"):
            b._action('{"type":"hora","actor":2,"target":1}', 0, m)
        # a red five is read as its kind (riichi plays red fives): here an illegal discard
        with pytest.raises(MjaiBotError, match=r"is discard 5m, which is illegal here"):
            b._action('{"type":"dahai","actor":0,"pai":"5mr"}', 0, m)
        with pytest.raises(MjaiBotError, match="is not an mjai action"):
            b._action('{"type":"discard","pai":"1m"}', 0, m)
        with pytest.raises(MjaiBotError, match="no riichi discard is legal"):
            b._action('{"type":"reach","actor":0}', 0, m)


def test_mjai_bot_in_the_arena_command(tmp_path: Path, monkeypatch, capsys) -> None:
    from mjsim.cli import main

    (tmp_path / "mjai_bots.py").write_text(
        "import sys\n"
        "from mjsim.agents.mjai import MjaiAgent\n\n\n"
        "def tsumogiri():\n"
        f"    return MjaiAgent([sys.executable, {BOT!r}, '{{seat}}'], name='tsumogiri')\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    # duplicate play: every wall again in each seat rotation (a new Game of the same wall: a
    # new mjai game, the bot restarted at its new seat)
    rc = main(["arena", "riichi", "--agents", "mjai_bots:tsumogiri,greedy,greedy,greedy",
               "--hands", "4", "--duplicate", "--quiet"])  # fmt: skip
    out = capsys.readouterr().out
    assert rc == 0 and "mjai_bots:tsumogiri" in out and "engine errors: 0" in out
    assert "duplicate" in out


def test_mjai_bot_in_the_aec_env(tmp_path: Path, monkeypatch) -> None:
    from mjsim.envs import mahjong_v0

    log = tmp_path / "bot.log"
    monkeypatch.setenv("MJAI_BOT_LOG", str(log))
    env = mahjong_v0.env(variant="riichi", hands=2)
    b = bot(env=env)
    raw = env.unwrapped
    greedy = KernelAgent("greedy")
    env.reset(seed=3)
    table = types.SimpleNamespace(state=raw.state_arrays, rules=raw._rules)  # greedy's view
    steps = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"].astype(bool)
        env.step(b.act(obs, mask) if agent == "player_0" else greedy.act(table, mask))
        steps += 1
    assert steps > 50 and info["winners"] is not None
    last = b._env.record()  # the env's table recorded the last hand for the adapter
    assert last.hand_no == 1 and bot_discards_its_draws(last, 0) > 0
    b.close()
    events = [e for line in log.read_text().splitlines() for e in json.loads(line)]
    kinds = [e["type"] for e in events if e["type"] in ("start_game", "start_kyoku", "end_game")]
    assert kinds == ["start_game", "start_kyoku", "start_kyoku", "end_game"]  # one game
    outcome = mjai.record_to_mjai(last, extension=False)[-2:]  # the last hand's, at close()
    assert events[-3:-1] == outcome and outcome[0]["type"] in ("hora", "ryukyoku")
    late = mahjong_v0.env(variant="riichi")
    late.reset(seed=0)
    with pytest.raises(ValueError, match="before its first reset"):
        MjaiAgent(["x"], env=late)


@pytest.mark.skipif(
    not os.environ.get("MJSIM_TEST_MJAI_PYTHON"),
    reason="set MJSIM_TEST_MJAI_PYTHON to a Python with the mjai package (mjai.app's bots)",
)
def test_an_mjai_app_bot_plays_riichi_hands(tmp_path: Path) -> None:
    # mjai.app's rule-based bot keeps its own state with Mortal's libriichi (PlayerState): it
    # discards from the hand it tracks from our events, declares riichi, calls and wins
    script = tmp_path / "rulebase_bot.py"
    script.write_text(
        "import sys\nfrom mjai.bot.rulebase import RulebaseBot\n\n"
        "RulebaseBot(player_id=int(sys.argv[1])).start()\n"
    )
    cmd = [os.environ["MJSIM_TEST_MJAI_PYTHON"], str(script), "{seat}"]
    wins = 0
    with MjaiAgent(cmd, name="rulebase", timeout=30, stderr=subprocess.DEVNULL) as b:
        for seed in range(12):
            seat = seed % 4
            agents: list = [KernelAgent("greedy")] * 4
            agents[seat] = b
            g = Game("riichi", seed=seed, hand_no=seed, dealer=(seed // 4) % 4)
            play_hand(g, agents)
            wins += seat in g.winners
    assert wins > 0


_ANSWER = st.one_of(
    st.text(max_size=20),
    st.fixed_dictionaries(
        {"type": st.sampled_from([*ANSWERS, "discard", 3])},
        optional={
            "actor": st.one_of(st.integers(-1, 4), st.text(max_size=2)),
            "target": st.integers(-1, 4),
            "pai": st.one_of(st.sampled_from([*mjai.TILES, "5mr", "?", "0z"]), st.integers()),
            "consumed": st.lists(st.sampled_from([*mjai.TILES, "5pr", 7]), max_size=5),
        },
    ).map(json.dumps),
)


@pytest.fixture(scope="module")
def none_bot():
    with scripted() as b:  # answers "none" to whatever it is sent (the reach echo)
        yield b


@settings(max_examples=150, deadline=None)
@given(_ANSWER, st.sets(st.integers(0, actions.N_ACTIONS - 1), min_size=1, max_size=40))
def test_any_answer_is_a_legal_action_or_a_named_error(none_bot, answer: str, legal) -> None:
    mask = mask_of(*legal)
    try:
        a = none_bot._action(answer, 0, mask)
    except MjaiBotError as e:
        assert "mjai bot 's' at seat 0: answer" in str(e) and "legal:" in str(e)
    else:
        assert mask[a]
