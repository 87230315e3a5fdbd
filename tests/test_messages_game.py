"""Errors of one table that name the problem (``Game.step``, Python agents, ``mjsim.replay``) and
the text a table and a record render to (the seat to act's view, the wall in rows of tile names)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from mjsim.agents import checked_action, play_hand

import mjsim
from mjsim.actions import N_ACTIONS
from mjsim.engine import Game
from mjsim.engine.records import format_wall, render_record, to_jsonl
from mjsim.tiles import format_tiles

BACK = "\U0001f02b"


class FirstLegal:
    def act(self, observation, mask):
        return int(np.flatnonzero(mask)[0])


class Forgetful:
    """An agent whose ``act`` forgets to ``return``."""

    def act(self, observation, mask):
        int(np.flatnonzero(mask)[0])


# ------------------------------------------------------------------------- Game.step
def test_step_out_of_range_says_so_and_lists_the_legal_actions():
    g = Game("sichuan", seed=1)
    legal = ", ".join(
        f"{n} \\({a}\\)" for n, a in zip(g.legal_action_names(), g.legal_actions(), strict=True)
    )
    with pytest.raises(
        ValueError,
        match=rf"^action 999 out of range 0..{N_ACTIONS - 1}; seat 0 to act, legal: {legal}$",
    ):
        g.step(999)
    with pytest.raises(ValueError, match=r"^action -1 out of range"):
        g.step(-1)
    with pytest.raises(
        ValueError, match=r"^action=None must be an integer action id.*seat 0 to act"
    ):
        g.step(None)
    with pytest.raises(ValueError, match=r"^action=1.5 must be an integer action id"):
        g.step(1.5)
    g.step(g.legal_actions()[0])  # still usable


# ------------------------------------------------------------------------- Python agents
def test_an_agent_returning_none_is_named_with_its_seat():
    g = Game("hebei", seed=5, record=False)
    agents = [FirstLegal(), FirstLegal(), Forgetful(), FirstLegal()]
    with pytest.raises(
        ValueError,
        match=r"^agent Forgetful at seat 2 returned None from act\(observation, mask\); it must "
        r"return a legal action id \(int\); legal: ",
    ):
        play_hand(g, agents)
    assert g.current_player == 2  # nothing was applied for seat 2


def test_checked_action_names_bad_returns():
    mask = np.zeros(N_ACTIONS, bool)
    mask[[3, 7]] = True
    agent = FirstLegal()
    assert checked_action(agent, np.int64(7), 1, mask) == 7
    assert checked_action(agent, np.array(3), 1, mask) == 3
    for bad, said in [
        (None, "None"),
        (2.0, r"2.0 \(float\)"),
        ("7", r"'7' \(str\)"),
        (N_ACTIONS, rf"{N_ACTIONS}, out of range 0..{N_ACTIONS - 1}"),
        (4, r"the illegal action .* \(4\)"),
    ]:
        with pytest.raises(ValueError, match=rf"^agent FirstLegal at seat 1 returned {said} from"):
            checked_action(agent, bad, 1, mask)


# ------------------------------------------------------------------------- replay
def test_replay_given_a_path_says_how_to_load_it(tmp_path):
    g = Game("hebei", seed=2)
    play_hand(g, [FirstLegal()] * 4)
    path = tmp_path / "hand.jsonl"
    path.write_text(to_jsonl(g.record))
    with pytest.raises(
        ValueError, match=r"mjsim.replay got a path \('.*hand.jsonl'\): it takes a Record"
    ):
        mjsim.replay(path)
    with pytest.raises(
        ValueError,
        match=re.escape(f"load a file with mjsim.replay(pathlib.Path({str(path)!r}).read_text())"),
    ):
        mjsim.replay(str(path))
    with pytest.raises(ValueError, match="mjsim.replay got a dict"):
        mjsim.replay({"wall": []})
    # what the message says works
    g2 = mjsim.replay(Path(path).read_text())
    assert np.array_equal(g2.state.hands, g.state.hands)


# ------------------------------------------------------------------------- render
def test_render_defaults_to_the_acting_seats_view():
    g = Game("hebei", seed=0)
    own = g.render(unicode=False)
    assert "(seat 0's view)" in own
    lines = own.splitlines()
    seat0 = next(line for line in lines if line.startswith("seat 0"))
    assert "concealed" not in seat0 and re.search(r"\d[mpsz]", seat0)
    for p in (1, 2, 3):
        line = next(line for line in lines if line.startswith(f"seat {p}"))
        assert line.endswith(": [13 concealed]")
    god = g.render(unicode=False, all_hands=True)
    assert "(every hand shown)" in god and "concealed" not in god
    # another seat's view, and the view follows the seat to act
    assert "(seat 2's view)" in g.render(seat=2)
    with pytest.raises(ValueError, match="seat=4 must be a seat 0..3"):
        g.render(seat=4)
    g.step(g.legal_actions()[0])  # seat 0 discards: a reaction window or seat 1's turn
    assert f"(seat {g.current_player}'s view)" in g.render()


def test_render_hides_an_opponents_concealed_kong_but_not_its_owners():
    rest = [k for k in range(34) for _ in range(4)][4:]  # the dealer is dealt 1m 1m 1m 1m first
    g = Game("hebei", seed=0, wall=[0, 0, 0, 0] + rest)
    kong = g.legal_action_names().index("kong 1m")  # own turn, four in hand: 暗杠
    g.step(g.legal_actions()[kong])
    mine = [x for x in g.render(seat=0, unicode=False).splitlines() if x.startswith("seat 0")][0]
    theirs = [x for x in g.render(seat=1, unicode=False).splitlines() if x.startswith("seat 0")]
    assert "concealed_kong[1111m]" in mine
    assert "concealed_kong[????]" in theirs[0] and "1111m" not in theirs[0]
    assert f"concealed_kong[{BACK * 4}]" in g.render(seat=1)
    assert "concealed_kong[1111m]" in g.render(seat=1, unicode=False, all_hands=True)


def test_a_records_wall_renders_as_rows_of_tile_names():
    g = Game("sichuan", seed=1)
    rec = g.record
    text = format_wall(rec.wall)
    rows = text.splitlines()
    assert len(rows) == 7  # 108 tiles, 16 a row
    assert re.fullmatch(r"\s+0  (\S\S \S\S \S\S \S\S  ){3}\S\S \S\S \S\S \S\S", rows[0])
    assert rows[-1].split()[0] == "96" and len(rows[-1].split()) == 1 + 12
    names = [t for row in rows for t in row.split()[1:]]
    assert names == [format_tiles([k], "mpsz") for k in rec.wall]
    shown = render_record(rec)
    assert "wall (108 tiles, head first):" in shown and text in shown
    assert str(rec) == shown
    r = repr(rec)
    assert r.startswith("Record(variant='sichuan', seed=1, hand_no=0, dealer=0")
    assert f"wall=<108 tiles: {' '.join(names[:8])} ...>" in r and "allow_chow" not in r


def test_game_constructor_suggests_ids_and_fields():
    with pytest.raises(ValueError, match=r"did you mean sichuan_xuezhan\?"):
        Game("sichuan_xuezan")
    with pytest.raises(
        ValueError, match=r"unknown RuleSpec field 'min_fann'; did you mean min_fan\?"
    ):
        Game("hebei", min_fann=1)
