"""Soak checks (``mjsim check``, :mod:`mjsim.soak`): clean runs of every registered variant,
injected violations reported with a record that reproduces them, Ctrl-C, JSON and exit codes."""

from __future__ import annotations

import json

import numpy as np
import pytest

import mjsim
from mjsim import soak, variants
from mjsim.cli import main
from mjsim.engine import Game, invariants
from mjsim.engine.records import to_jsonl
from mjsim.engine.state import ERR_INVARIANT, EV_ACT, TV_N_DECISIONS, decode_event, encode_event
from mjsim.selfplay import step_bound

# simulate (self-play family) plus Game steps and the in-kernel bots called from Python
pytestmark = pytest.mark.usefixtures("kernel_agent_compiled")


@pytest.mark.parametrize("vid", variants.names())
def test_every_registered_variant_checks_clean(vid, tmp_path):
    rep = soak.check(vid, 300, seed=11, threads=1, records_dir=tmp_path)
    assert rep.clean and rep.counts == {} and rep.violations == []
    assert rep.hands == rep.requested == 300 and not rep.interrupted
    spec = variants.get(vid)
    assert rep.agents == (["greedy", "random"] * 2)[: spec.n_players]
    assert rep.step_bound == spec.n_players * (2 * sum(spec.counts()) + 32)
    assert not list(tmp_path.iterdir())  # records only for violations
    # the Python replay that names a violation plays the compiled loop's hands exactly
    rows = mjsim.simulate(vid, 3, rep.agents, seed=11, threads=1, first_hand=40)
    for row in rows:
        v, rec = soak.replay_hand(variants.get(vid), 11, int(row["hand"]), rep.agents)
        assert v is None
        g = mjsim.replay(rec)
        assert list(g.payments) == [row[f"pay{p}"] for p in range(g.n_players)]
        assert soak.check_record(to_jsonl(rec)) is None


def test_step_bound_formula():
    # 4 seats x (2 x 136 tiles + 32); the longest hands seen take ~130 decisions
    assert step_bound.py_func(4, 136) == 1216
    assert soak.spec_step_bound(variants.get("sichuan")) == 4 * (2 * 108 + 32)


def test_zero_sum_rule_comes_from_the_spec():
    hebei, riichi = variants.get("hebei"), variants.get("riichi")
    assert hebei.ready_deposit == 0 and riichi.ready_deposit == 1000
    # no deposits: every hand sums to zero
    assert list(soak.balanced(hebei, [0, 1, -1000], [1, 0, 0])) == [True, False, False]
    # deposits: a drawn hand may leave whole deposits (one per seat at most) on the table,
    # a won hand none (the first winner takes them)
    got = soak.balanced(riichi, [0, -1000, -4000, -5000, -500, 1000, -1000, 0], [0] * 6 + [4, 4])
    assert list(got) == [True, True, True, False, False, False, False, True]


def _break_balance(monkeypatch):
    """An injected zero-sum break: every hand won by seat 0 counts as unbalanced (the check's
    own rule, so the compiled loop's rows, the Python replay and check_record all see it)."""
    real = soak.balanced

    def broken(spec, pay_sum, winners):
        return real(spec, pay_sum, winners) & ((np.asarray(winners) & 1) == 0)

    monkeypatch.setattr(soak, "balanced", broken)


def test_broken_zero_sum_reported_with_records_that_reproduce_it(monkeypatch, tmp_path, capsys):
    _break_balance(monkeypatch)
    rows = mjsim.simulate("hebei", 60, ("greedy", "random") * 2, seed=3, threads=1)
    won_by_0 = sorted(int(h) for h in rows["hand"][(rows["winners"] & 1) == 1])
    assert len(won_by_0) >= 3
    rec_dir = tmp_path / "recs"
    code = main(
        ["check", "hebei", "--hands", "60", "--seed", "3", "--threads", "1", "--quiet",
         "--examples", "2", "--records", str(rec_dir), "--json", str(tmp_path / "r.json")]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 1
    assert f"zero_sum  {len(won_by_0)}" in out
    rep = json.loads((tmp_path / "r.json").read_text())
    assert rep["counts"] == {"zero_sum": len(won_by_0)} and rep["clean"] is False
    assert rep["hands"] == 60 and rep["hands_per_s"] > 0 and rep["wall_time_s"] > 0
    shown = rep["violations"]
    assert [v["hand"] for v in shown] == won_by_0[:2]  # the first ones, in hand order
    for v in shown:
        assert v["kind"] == "zero_sum" and v["seed"] == 3
        path = v["record"]
        assert path == str(rec_dir / f"hebei-s3-h{v['hand']}.jsonl")
        assert v["reproduce"] == f"mjsim check --replay {path}" and v["reproduce"] in out
        assert v["python"] in out and v["regenerate"] in out
        # the replay line finds it again: command (exit 1) and Python
        assert main(["check", "--replay", path]) == 1
        assert "zero_sum" in capsys.readouterr().out
        again = soak.check_record(path)
        assert again.kind == "zero_sum" and again.hand == v["hand"]
        # the record is a whole, valid hand: mjsim.replay plays it to the same end
        g = mjsim.replay(open(path).read())
        assert g.done and g.winners[0] == 0
    # the regenerate line plays that one hand again
    argv = shown[0]["regenerate"].split()[1:] + ["--quiet", "--records", str(tmp_path / "b")]
    assert argv[:2] == ["check", "hebei"] and "--first-hand" in argv
    assert main(argv) == 1
    assert f"zero_sum: hand {shown[0]['hand']} (seed 3)" in capsys.readouterr().out


def _inject_flag(monkeypatch, hands):
    """The compiled loop reports ``hands`` as failing (an injected bad row)."""
    import mjsim.selfplay as sp

    real = sp.simulate

    def flagged(*a, **k):
        rows = real(*a, **k)
        rows["error"][np.isin(rows["hand"], hands)] = ERR_INVARIANT
        return rows

    monkeypatch.setattr(sp, "simulate", flagged)


def test_injected_bad_row_that_replays_clean_is_not_reproduced(monkeypatch, tmp_path):
    _inject_flag(monkeypatch, [17])
    rep = soak.check("sichuan", 100, seed=2, threads=1, records_dir=tmp_path)
    assert not rep.clean and rep.counts == {"not_reproduced": 1}
    (v,) = rep.violations
    assert v.hand == 17 and "invariant" in v.detail
    assert soak.check_record(v.record_path) is None  # the whole hand, clean in Python


def test_broken_invariant_named_with_seat_and_decision(monkeypatch, tmp_path, capsys):
    # tile conservation broken at decision 12 of hand 5 (Python replay side) and the compiled
    # loop's row for hand 5 flagged: the check names the invariant, seat and decision, and the
    # record stops at the action that broke it
    _inject_flag(monkeypatch, [5])
    real = invariants.check_invariants

    def broken(s, r, t):
        return 1 if s.tv[t, TV_N_DECISIONS] == 13 else real(s, r, t)  # after the 13th action

    monkeypatch.setattr(invariants, "check_invariants", broken)
    rec_dir = tmp_path / "r"
    argv = ["check", "hebei", "--hands", "8", "--seed", "9", "--threads", "1", "--quiet"]
    assert main([*argv, "--records", str(rec_dir)]) == 1
    out = capsys.readouterr().out
    assert "tile_conservation  1" in out
    assert "tile_conservation: hand 5 (seed 9), seat " in out and "decision 12" in out
    path = str(rec_dir / "hebei-s9-h5.jsonl")
    assert f"reproduce:  mjsim check --replay {path}" in out
    v = soak.check_record(path)
    assert (v.kind, v.hand, v.decision) == ("tile_conservation", 5, 12)
    acts = [e for e in v.record.events if decode_event(int(e))[0] == EV_ACT]
    assert len(acts) == 13  # up to the action that broke it
    monkeypatch.setattr(invariants, "check_invariants", real)
    with pytest.raises(ValueError, match="ends at event .* no violation before it"):
        soak.check_record(path)  # without the break the record stops mid-hand


def test_illegal_action_and_step_bound_in_records(monkeypatch):
    spec = variants.get("hebei")
    v, rec = soak.replay_hand(spec, 0, 2, ["greedy", "random"] * 2)
    assert v is None
    # tamper: the 21st action becomes one the mask does not hold
    ev = [int(e) for e in rec.events]
    acts = [i for i, e in enumerate(ev) if decode_event(e)[0] == EV_ACT]
    i = acts[20]
    g = Game(spec, seed=0, hand_no=2, dealer=2)
    for j in acts[:20]:
        g.step(decode_event(ev[j])[2])
    seat, wrong = g.current_player, int(np.flatnonzero(~g.legal_mask())[0])
    rec.events = np.array(ev[:i] + [encode_event(EV_ACT, seat, wrong)], dtype=np.int32)
    bad = soak.check_record(rec)
    assert (
        bad.kind == "illegal_action" and bad.seat == seat and "not in the legal mask" in bad.detail
    )
    with pytest.raises(ValueError, match=f"event {i} .* is illegal here"):
        mjsim.replay(rec)  # mjsim.replay names it too
    # a hand that does not end within the step bound (bound lowered to 30 decisions)
    monkeypatch.setattr(soak, "spec_step_bound", lambda spec: 30)
    v, rec = soak.replay_hand(spec, 0, 2, ["greedy", "random"] * 2)
    assert (v.kind, v.decision) == ("step_bound", 30)
    assert sum(decode_event(int(e))[0] == EV_ACT for e in rec.events) == 30
    assert soak.check_record(rec).kind == "step_bound"


def test_interrupt_keeps_what_was_checked(monkeypatch, capsys):
    import mjsim.selfplay as sp

    real = sp.simulate
    calls = []

    def stop_second(*a, **k):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*a, **k)

    monkeypatch.setattr(sp, "simulate", stop_second)
    rep = soak.check("hebei", 300, seed=1, threads=1, chunk=100)
    assert rep.interrupted and rep.hands == 100 and rep.requested == 300 and rep.clean
    calls.clear()
    argv = ["check", "hebei", "--hands", "300", "--chunk", "100", "--threads", "1", "--quiet"]
    assert main(argv) == 130
    cap = capsys.readouterr()
    assert "100 hands of 300 (interrupted)" in cap.out and "violations: none" in cap.out
    assert "interrupted: 100 of 300 hands checked" in cap.err


def test_json_on_stdout_and_clean_exit(capsys):
    argv = ["check", "tianjin", "--hands", "50", "--threads", "1", "--quiet", "--json", "-"]
    argv += ["--agents", "random", "--set", "min_fan=3"]
    assert main(argv) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["clean"] and rep["counts"] == {} and rep["hands"] == 50
    assert rep["agents"] == ["random"] * 4 and rep["overrides"] == {"min_fan": 3}


def test_command_line_errors(tmp_path, capsys):
    assert main(["check"]) == 2
    assert "needs a VARIANT" in capsys.readouterr().err
    assert main(["check", "hebei", "--replay", "x.jsonl"]) == 2
    assert "--replay" in capsys.readouterr().err
    assert main(["check", "--replay", str(tmp_path / "none.jsonl")]) == 2
    assert "no record file" in capsys.readouterr().err
    assert main(["check", "hebei", "--hands", "0"]) == 2
    assert "--hands" in capsys.readouterr().err
    assert main(["check", "hebei", "--agents", "greedy,nobot"]) == 2
    assert "nobot" in capsys.readouterr().err


def test_sigterm_stops_like_ctrl_c(monkeypatch, capsys):
    import os
    import signal

    import mjsim.selfplay as sp

    real = sp.simulate
    calls = []

    def term_after_second(*a, **k):
        rows = real(*a, **k)
        calls.append(1)
        if len(calls) == 2:
            os.kill(os.getpid(), signal.SIGTERM)  # handled by the main thread, waiting
        return rows

    monkeypatch.setattr(sp, "simulate", term_after_second)
    before = signal.getsignal(signal.SIGTERM)
    argv = ["check", "sichuan", "--hands", "500", "--chunk", "100", "--threads", "1", "--quiet"]
    assert main(argv) == 143  # 128 + SIGTERM, as the other commands
    cap = capsys.readouterr()
    # the chunk in flight when SIGTERM came is finished and checked, then the run stops
    assert "200 hands of 500 (interrupted)" in cap.out and "violations: none" in cap.out
    assert "SIGTERM: finishing the hands in flight" in cap.err
    assert signal.getsignal(signal.SIGTERM) is before  # restored after the run
