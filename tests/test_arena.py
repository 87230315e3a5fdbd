"""The arena ranks Python agents: by import path or registered name, next to the in-kernel bots,
with duplicate seating; interrupted runs report only the walls finished in every seating;
``--out`` / ``--json`` written and read back; bad agents are named with what is wrong."""

from __future__ import annotations

import json
import math
import re
import sys
import textwrap

import numpy as np
import pytest
from mjsim.agents import register_agent

import mjsim
from mjsim.arena import (
    MIN_VARIANCE_WALLS,
    VARIANCE_REMOVED_MEANING,
    ArenaResult,
    arena,
    format_arena,
    resolve_agent,
)
from mjsim.cli import main, read_rows
from mjsim.selfplay import RESULT_DTYPE

# Game and KernelAgent (the Python path) compiled under the warm-up lock: conftest
pytestmark = pytest.mark.usefixtures("kernel_agent_compiled")

#: a bot author's module, imported by path ("arenabot:Greedy")
BOT_SOURCE = '''
import numpy as np
from mjsim.agents import KernelAgent


class Greedy:
    """Plays exactly like the in-kernel greedy bot, from Python."""

    def __init__(self):
        self.inner = KernelAgent("greedy")

    def act(self, observation, mask):
        return self.inner.act(observation, mask)


class FirstLegal:
    def act(self, observation, mask):
        return int(np.flatnonzero(mask)[0])


class Stopper(FirstLegal):
    """Ctrl-C after LIMIT hands: raises KeyboardInterrupt on its first decision of the next."""

    LIMIT = 5
    seen = []  # the games (hands) met so far, shared by every instance

    def act(self, observation, mask):
        if not any(g is observation for g in Stopper.seen):
            Stopper.seen.append(observation)
            if len(Stopper.seen) > Stopper.LIMIT:
                raise KeyboardInterrupt
        return super().act(observation, mask)


class Observer(FirstLegal):
    observations = []

    def act(self, observation, mask):
        Observer.observations.append(observation)
        return super().act(observation, mask)


class NoAct:
    def decide(self, observation, mask):
        return 0


class ReturnsNone:
    def act(self, observation, mask):
        return None


class Illegal:
    def act(self, observation, mask):
        return int(np.flatnonzero(~mask)[0])


class Broken:
    def __init__(self):
        raise RuntimeError("no model file")

    def act(self, observation, mask):
        return 0


def make_first():
    return FirstLegal()


def make_bad():
    return 42


first_legal = FirstLegal()
'''


@pytest.fixture(scope="module", autouse=True)
def bot_module(tmp_path_factory):
    """``arenabot.py`` and a module that does not import (``arenabroken.py``) on ``sys.path``."""
    d = tmp_path_factory.mktemp("bots")
    (d / "arenabot.py").write_text(textwrap.dedent(BOT_SOURCE))
    (d / "arenabroken.py").write_text("def act(:\n")
    sys.path.insert(0, str(d))
    yield d
    sys.path.remove(str(d))
    for m in ("arenabot", "arenabroken"):
        sys.modules.pop(m, None)


def _stopper(limit: int) -> None:
    import arenabot

    arenabot.Stopper.LIMIT = limit
    arenabot.Stopper.seen.clear()


def test_python_agent_by_path_plays_like_the_same_bot_in_kernel():
    """A Python agent that plays like greedy, seated by import path next to in-kernel random
    bots, gets exactly the in-kernel greedy's hands, rotation by rotation (the same walls, the
    random bots' own random streams): the Python tables are driven correctly and reproducibly."""
    py = arena("hebei", "arenabot:Greedy,random", 12, seed=4)
    ref = arena("hebei", "greedy,random", 12, seed=4)
    assert py.n_rotations == ref.n_rotations == 2 and py.n_walls == 12 and not py.interrupted
    assert py.seatings == [["arenabot:Greedy", "random"] * 2, ["random", "arenabot:Greedy"] * 2]
    for a, b in zip(py.rows, ref.rows, strict=True):
        assert a.dtype == RESULT_DTYPE and np.array_equal(a, b)
    np.testing.assert_array_equal(py.scores["arenabot:Greedy"], ref.scores["greedy"])
    assert [a for a, _ in py.ranking] == ["arenabot:Greedy", "random"]
    again = arena("hebei", "arenabot:Greedy,random", 12, seed=4)
    assert all(np.array_equal(a, b) for a, b in zip(again.rows, py.rows, strict=True))


def test_registered_name_and_objects_from_python():
    """A name registered in the same process plays through the arena, and so do agent objects
    and classes passed directly; ``mjsim.arena(...)`` is the arena function."""
    import arenabot

    register_agent("test_arena_first", arenabot.FirstLegal)
    res = mjsim.arena("hebei", "test_arena_first,greedy", 3, seed=1)
    assert isinstance(res, ArenaResult) and res.n_walls == 3 and res.n_rotations == 2
    assert {a for a, _ in res.ranking} == {"test_arena_first", "greedy"}
    assert mjsim.arena.format_arena is format_arena


def test_agent_objects_and_classes_from_python():
    """Objects and classes in the list play under their ``name`` or class name; two different
    objects under one name are refused (one label, one agent)."""
    import arenabot

    with pytest.raises(ValueError, match="two different agents are both named 'FirstLegal'"):
        arena("hebei", [arenabot.FirstLegal(), "random", arenabot.FirstLegal(), "random"], 2)
    res = arena("hebei", [arenabot.FirstLegal, "greedy"], 2, seed=3)
    assert {a for a, _ in res.ranking} == {"FirstLegal", "greedy"}
    bot = arenabot.FirstLegal()
    res = arena("hebei", [bot, "greedy"], 2, seed=3)
    assert {a for a, _ in res.ranking} == {"FirstLegal", "greedy"} and res.n_walls == 2
    bot.name = "mine"
    res = arena("hebei", [bot, "greedy", bot, "greedy"], 2, seed=3)
    assert {a for a, _ in res.ranking} == {"mine", "greedy"}


def test_interrupted_arena_counts_only_walls_finished_in_every_seating(tmp_path, capsys):
    """Ctrl-C (a KeyboardInterrupt from an agent) in the 6th hand: walls 0 and 1 were played in
    both seatings, wall 2 in one: the report covers 2 walls, says that 1 hand is not counted,
    and gives no verdict; --out and --json hold the same 2 walls."""
    _stopper(5)
    res = arena("hebei", "arenabot:Stopper,random", 10, seed=2)
    assert res.interrupted and res.n_walls == 2 and res.not_counted == 1 and res.requested == 10
    assert [len(r) for r in res.rows] == [2, 2]
    text = format_arena(res)
    assert "interrupted: 2 of 10 walls played in every seating" in text
    assert "1 hand(s) of the unfinished block are not counted" in text
    assert "significant" not in text and "no verdict: the run was interrupted" in text
    assert res.summary()["pairwise"][0]["verdict"] == "no verdict: the run was interrupted"

    _stopper(5)
    out, js = tmp_path / "hands.csv", tmp_path / "arena.json"
    argv = ["arena", "hebei", "--agents", "arenabot:Stopper,random", "--hands", "10"]
    argv += ["--duplicate", "--seed", "2", "--quiet", "--out", str(out), "--json", str(js)]
    assert main(argv) == 130
    captured = capsys.readouterr()
    assert "interrupted: 2 of 10 walls played in every seating" in captured.err
    assert "significant" not in captured.out
    df = read_rows(out)
    assert len(df) == 4 and sorted(set(df["wall"])) == [0, 1]
    assert df.attrs["mjsim"]["hands_requested"] == 20 and df.attrs["mjsim"]["hands"] == 4
    assert json.loads(js.read_text())["walls"] == 2


def test_interrupted_before_a_wall_is_finished_ranks_nothing(tmp_path, capsys):
    """Interrupted in the 2nd hand: wall 0 was played in one seating only. Nothing is ranked,
    called duplicate or significant, and no output file is written."""
    _stopper(1)
    res = arena("hebei", "arenabot:Stopper,random", 10, seed=2)
    assert res.interrupted and res.n_walls == 0 and res.not_counted == 1 and res.ranking == []
    text = format_arena(res)
    assert "nothing to rank" in text
    assert "duplicate" not in text and "significant" not in text

    _stopper(1)
    out = tmp_path / "hands.parquet"
    argv = ["arena", "hebei", "--agents", "arenabot:Stopper,random", "--hands", "10"]
    assert main(argv + ["--duplicate", "--quiet", "--out", str(out)]) == 130
    captured = capsys.readouterr()
    assert "duplicate" not in captured.out and "significant" not in captured.out
    assert "nothing written" in captured.err and not out.exists()


def test_interrupted_in_kernel_arena_keeps_whole_blocks(monkeypatch):
    """In-kernel tables: Ctrl-C during the second block's first seating keeps the first block
    (256 walls, both seatings) and leaves the 10 hands of the unfinished block out."""
    import mjsim.distributed as dist

    real = dist.run
    calls = []

    def run(*args, **kwargs):
        calls.append(kwargs["first_hand"])
        res = real(*args, **kwargs)
        if len(calls) == 3:  # block 2, seating 1: stopped after 10 hands
            return dist.RunResult(res.rows[:10], res.requested, True)
        return res

    monkeypatch.setattr(dist, "run", run)
    res = arena("hebei", "greedy,random", 300, seed=5, threads=1)
    assert calls == [0, 0, 256]
    assert res.interrupted and res.n_walls == 256 and res.not_counted == 10
    monkeypatch.setattr(dist, "run", real)
    full = arena("hebei", "greedy,random", 256, seed=5, threads=1)
    assert all(np.array_equal(a, b) for a, b in zip(res.rows, full.rows, strict=True))
    assert "no verdict: the run was interrupted" in format_arena(res)


def test_outputs_written_and_read_back(tmp_path, capsys):
    """--out: one row per hand (wall, rotation, agent at each seat, the simulate columns);
    --json: the per-agent table, pairwise tests and settings, equal to the printed report."""
    out, js = tmp_path / "hands.parquet", tmp_path / "arena.json"
    argv = ["arena", "hebei", "--agents", "arenabot:FirstLegal,greedy", "--hands", "6"]
    argv += ["--duplicate", "--seed", "7", "--quiet", "--out", str(out), "--json", str(js)]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert f"wrote 12 rows to {out}" in printed
    res = arena("hebei", "arenabot:FirstLegal,greedy", 6, seed=7)
    df = read_rows(out)
    assert len(df) == 12
    meta = df.attrs["mjsim"]  # what produced the file (mjsim.results.run_metadata)
    assert meta["variant_id"] == "hebei" and meta["seed"] == 7 and meta["hands"] == 12
    assert meta["walls"] == 6 and meta["duplicate"] is True and len(meta["seatings"]) == 2
    assert list(df.columns[:6]) == ["wall", "rotation", "agent0", "agent1", "agent2", "agent3"]
    assert list(zip(df["wall"], df["rotation"], strict=True))[:3] == [(0, 0), (0, 1), (1, 0)]
    pays = df[[f"pay{p}" for p in range(4)]].to_numpy()
    assert (pays.sum(axis=1) == 0).all()  # hebei is zero-sum
    agents = df[[f"agent{p}" for p in range(4)]].to_numpy()
    for name, est in res.ranking:  # mean per hand of the agent's seats = the ranking's mean
        per_hand = [pays[i][agents[i] == name].mean() for i in range(len(df))]
        assert np.mean(per_hand) == pytest.approx(est.value)
    summary = json.loads(js.read_text())
    assert summary["variant"] == "hebei" and summary["seed"] == 7 and summary["walls"] == 6
    assert summary["mjsim"] == meta
    assert summary["mode"] == "duplicate" and summary["interrupted"] is False
    assert summary["agents"] == ["arenabot:FirstLegal", "greedy"] * 2
    table = {row["agent"]: row for row in summary["agents_table"]}
    for i, (name, est) in enumerate(res.ranking):
        assert table[name]["rank"] == i + 1
        assert table[name]["points_per_hand"] == pytest.approx(est.value)
        assert table[name]["variance_removed"] is None  # 6 walls: too few, written as null
    assert summary["pairwise"][0]["verdict"] in ("significant at 5%", "not significant at 5%")
    assert summary["variance_removed_meaning"] == VARIANCE_REMOVED_MEANING


def test_variance_removed_is_explained_and_a_negative_value_is_no_reduction():
    res = ArenaResult([], {}, {}, {}, {"a": -0.2, "b": 0.4}, MIN_VARIANCE_WALLS, 4, True)
    lines = format_arena(res).splitlines()
    assert "  a             no reduction on this sample (estimate -20.0%)" in lines
    assert "  b             40.0%" in lines
    assert f"  ({VARIANCE_REMOVED_MEANING})" in lines
    assert "1 - Var(duplicate mean) / Var(plain mean)" in VARIANCE_REMOVED_MEANING
    plain = ArenaResult([], {}, {}, {}, {"a": math.nan}, 50, 1, False)
    assert "variance" not in format_arena(plain)


def test_observation_is_the_encoders_with_obs():
    """``obs="planes-v1"``: a Python agent gets the environments' observation of its seat."""
    import arenabot

    arenabot.Observer.observations.clear()
    arena("hebei", "arenabot:Observer,random", 1, duplicate=False, obs="planes-v1")
    o = arenabot.Observer.observations[0]
    assert set(o) == {"observation", "action_mask"}
    assert o["observation"].shape == (53, 34) and o["action_mask"].dtype == np.int8
    arenabot.Observer.observations.clear()
    arena("hebei", "arenabot:Observer,random", 1, duplicate=False)
    assert type(arenabot.Observer.observations[0]).__name__ == "Game"
    with pytest.raises(ValueError, match="planes-v9"):
        arena("hebei", "arenabot:Observer,random", 1, obs="planes-v9")


@pytest.mark.parametrize(
    "agent, message",
    [
        (
            "arenanothere:Bot",
            "agent 'arenanothere:Bot': cannot import module 'arenanothere': "
            "ModuleNotFoundError: No module named 'arenanothere'",
        ),
        ("arenabroken:Bot", "cannot import module 'arenabroken': SyntaxError: "),
        ("arenabot:Missing", "module 'arenabot' has no attribute 'Missing'"),
        (
            "arenabot:NoAct",
            "class NoAct is not an Agent: it has no act(observation, mask) method",
        ),
        ("arenabot.make_bad", "make_bad() returned int that is not an Agent: it has no act("),
        ("arenabot:Broken", "Broken() failed: RuntimeError: no model file"),
        ("bogus", "unknown agent; in-kernel and registered agents: greedy, random"),
    ],
)
def test_bad_agents_are_named(agent, message, capsys):
    with pytest.raises(ValueError, match="^arena: agents: .*" + re.escape(message)):
        arena("hebei", f"{agent},greedy", 2)
    assert main(["arena", "hebei", "--agents", f"{agent},greedy", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert re.search("^mjsim: error: --agents: .*" + re.escape(message), err, re.M), err


def test_bad_actions_name_the_agent_seat_and_hand():
    with pytest.raises(ValueError, match=r"agent 'arenabot:ReturnsNone' at seat 0 \(hand 0, "):
        arena("hebei", "arenabot:ReturnsNone,greedy", 2)
    with pytest.raises(ValueError, match=r"returned None from act\(observation, mask\); it must"):
        arena("hebei", "arenabot:ReturnsNone,greedy", 2)
    with pytest.raises(ValueError, match=r"'arenabot:Illegal' at seat 0 .* the illegal action .*"):
        arena("hebei", "arenabot:Illegal,greedy", 2)


def test_resolve_agent_kinds():
    """In-kernel names stay in-kernel (also a registered factory of a KernelAgent); a factory
    and an object by path are Python agents."""
    from mjsim.agents import KernelAgent

    assert resolve_agent("greedy").kernel == "greedy"
    register_agent("test_arena_kernel", lambda: KernelAgent("random"))
    assert resolve_agent("test_arena_kernel").kernel == "random"
    e = resolve_agent("arenabot:make_first")
    assert e.kernel is None and type(e.make()).__name__ == "FirstLegal"
    obj = resolve_agent("arenabot:first_legal")
    assert obj.make() is obj.make()  # one object: shared by its seats
    cls = resolve_agent("arenabot:FirstLegal")
    assert cls.make() is not cls.make()  # a class: one instance per seat entry
    with pytest.raises(ValueError, match="Ray|backend"):
        arena("hebei", "arenabot:FirstLegal,greedy", 2, backend="ray")
