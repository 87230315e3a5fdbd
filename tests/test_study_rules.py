"""Rule studies measure the rule the designer meant: qualifier fields follow the field they
qualify (``allow_chow=true`` chows from the previous seat; ``allow_chow=false`` on changsha is a
valid spec), inert grid fields are named before anything plays, and rates carry Wilson
intervals printed as ``[low, high]`` where they are not symmetric (never ``± 0``).

The study tests replace the self-play run by fixed rows (``fake_run``): they check the study's
bookkeeping without compiling the game loop; one CLI test plays real hands."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

import mjsim.distributed
from mjsim import variants
from mjsim.cli import main
from mjsim.distributed import RunResult
from mjsim.rules import spec as S
from mjsim.selfplay import RESULT_DTYPE
from mjsim.stats import fmt, proportion_ci
from mjsim.study import cell_metrics, format_study, parse_grid, plan_study, play_study


def fake_rows(n_hands: int, n_players: int) -> np.ndarray:
    """Fixed result rows: every 4th hand drawn, the others won by the dealer's next seat (self-
    draw, 2 from every other seat) or by the dealer (on the next seat's discard, 3); the
    "opposite" and "previous" seats never win."""
    rows = np.zeros(n_hands, dtype=RESULT_DTYPE)
    rows["hand"] = np.arange(n_hands)
    dealer = np.arange(n_hands) % n_players
    rows["dealer"] = dealer
    rows["item0"] = -1
    rows["draws"] = 40
    for i in range(n_hands):
        d, nxt = int(dealer[i]), (int(dealer[i]) + 1) % n_players
        if i % 4 == 0:
            continue
        if i % 4 == 1:  # next seat self-draws
            rows["winners"][i] = 1 << nxt
            rows["win_kind"][i] = 1
            for p in range(n_players):
                rows[f"pay{p}"][i] = 2 * (n_players - 1) if p == nxt else -2
        else:  # the dealer wins on the next seat's discard
            rows["winners"][i] = 1 << d
            rows["win_kind"][i] = 2
            rows["discarder"][i] = nxt
            rows[f"pay{d}"][i] = 3
            rows[f"pay{nxt}"][i] = -3
        rows["n_winners"][i] = 1
        rows["value"][i] = 2
    return rows


@pytest.fixture
def fake_run(monkeypatch):
    """``mjsim.distributed.run`` replaced by :func:`fake_rows`; returns the specs played."""
    played = []

    def run(spec, n_hands, agents, seed=0, threads=None, **kw):
        played.append(spec)
        return RunResult(fake_rows(n_hands, spec.n_players), n_hands)

    monkeypatch.setattr(mjsim.distributed, "run", run)
    return played


# ------------------------------------------------------------------ qualifier fields follow
def test_allow_chow_means_chow_from_the_previous_seat():
    """``variants.get("hebei", allow_chow=True)`` chowed from any seat (hebei's
    ``chow_left_only=False`` stayed); the rule a designer means is 上家 only."""
    spec = variants.get("hebei", allow_chow=True)
    assert spec.allow_chow and spec.chow_left_only
    assert spec.compile().params[S.P.P_CHOW_LEFT_ONLY] == 1
    anywhere = variants.get("hebei", allow_chow=True, chow_left_only=False)
    assert anywhere.allow_chow and not anywhere.chow_left_only
    # a value equal to the variant's own switches nothing: changsha keeps its qualifiers
    assert variants.get("changsha", allow_chow=True) == variants.get("changsha")


def test_switching_a_rule_off_takes_its_qualifiers_along():
    """``--set allow_chow=false`` on changsha raised "chow_left_only=True needs allow_chow"."""
    spec = variants.get("changsha", allow_chow="false")
    assert not spec.allow_chow and not spec.chow_left_only and not spec.forbid_chow_same_discard
    # chains: riichi without ready declarations drops the deposit, then its carry-over
    r = variants.get("riichi", allow_ready=False)
    assert (r.ready_deposit, r.carry_deposits, r.riichi_aborts, r.ready_requires_closed) == (
        0,
        False,
        False,
        False,
    )
    # a qualifier given explicitly is kept: a contradiction is still named
    with pytest.raises(ValueError, match=r"chow_left_only=True needs allow_chow=True"):
        variants.get("changsha", allow_chow=False, chow_left_only=True)
    # every registered variant: switching chows or ready declarations off is a valid spec whose
    # qualifiers of that field are off
    for vid in variants.names():
        base = variants.get(vid)
        for name in ("allow_chow", "allow_ready"):
            if not getattr(base, name):
                continue
            spec = variants.get(vid, **{name: False})
            for q, (off, conds) in S.QUALIFIERS.items():
                if name in conds:
                    assert getattr(spec, q) == off, (vid, name, q)


def test_qualifier_table_is_data_that_validation_enforces():
    """One declaration per dependency: every entry names real fields, its off value is the
    RuleSpec default or a valid value, and a spec with a qualifier on while its needs are off
    is refused naming the qualifier."""
    names = set(S.field_names())
    for q, (off, conds) in S.QUALIFIERS.items():
        assert q in names and all(S._condition_parts(c)[0] in names for c in conds), q
        assert S.RuleSpec().replace(**{q: off}) is not None  # the off value is valid
    for f, (conds, why) in S.INERT.items():
        assert f in names and why and all(S._condition_parts(c)[0] in names for c in conds)
    assert set(S.BETWEEN_HANDS) <= names
    for q, on in (("chow_left_only", True), ("ready_deposit", 1000), ("rob_kong_by_pung", True)):
        need = S._condition_parts(S.QUALIFIERS[q][1][0])[0]
        off = {"allow_chow": False, "allow_ready": False, "rob_kong": "none"}[need]
        with pytest.raises(ValueError, match=q):
            S.RuleSpec(**{need: off, q: on})


def test_condition_syntax():
    spec = variants.get("sichuan")
    assert S.condition_holds(spec, "missing_suit_choice")
    assert S.condition_holds(spec, "!allow_chow")
    assert S.condition_holds(spec, "wild_rule=none|fixed")
    assert not S.condition_holds(spec, "wild_rule!=none")
    assert S.condition_holds({"n_players": 4}, "n_players=4")
    assert S.condition_holds({"forced_win_tiles": 4}, "forced_win_tiles")


# ------------------------------------------------------------------ grids with qualifiers
def test_two_by_two_grid_with_a_qualifier_plays(fake_run):
    """``--set allow_chow=true,false --set chow_left_only=true,false`` on changsha failed on
    the cell allow_chow=False chow_left_only=True; it plays without chows (the qualifier named
    as inert there) and reuses the hands of the identical cell."""
    notes = []
    grid = parse_grid(["allow_chow=true,false", "chow_left_only=true,false"])
    run = play_study("changsha", grid, 16, threads=1, notify=notes.append)
    assert list(run.table["cell"]) == [
        "base",
        "allow_chow=True chow_left_only=True",
        "allow_chow=True chow_left_only=False",
        "allow_chow=False chow_left_only=True",
        "allow_chow=False chow_left_only=False",
    ]
    specs = {c.label: c.spec for c in run.cells}
    no_chow = specs["allow_chow=False chow_left_only=True"]
    assert not no_chow.allow_chow and not no_chow.chow_left_only
    assert no_chow == specs["allow_chow=False chow_left_only=False"]
    # base, then chow from any seat, then no chow: the other cells repeat played rules
    assert [(s.allow_chow, s.chow_left_only) for s in fake_run] == [
        (True, True),
        (True, False),
        (False, False),
    ]
    assert notes == [
        "chow_left_only has no effect in 2 of 4 cells (allow_chow=False chow_left_only=True, "
        "allow_chow=False chow_left_only=False): it needs allow_chow=True"
    ]
    assert run.table.attrs["warnings"] == notes


def test_inert_grid_field_is_named_before_anything_plays(monkeypatch):
    """``forced_win_tiles`` under 定缺 and ``dealer_rotation`` in independent hands measured
    nothing, silently."""
    notes = []

    def run(*a, **k):
        assert notes, "the warning must come before the first hand"
        raise KeyboardInterrupt

    monkeypatch.setattr(mjsim.distributed, "run", run)
    res = play_study("sichuan", {"forced_win_tiles": [0, 4]}, 8, notify=notes.append)
    assert res.interrupted
    assert len(notes) == 1 and notes[0].startswith("forced_win_tiles has no effect in every cell")
    assert "定缺" in notes[0] and "missing_suit_choice=True" in notes[0]
    # inert in some cells only: those cells are named
    grid = parse_grid(["missing_suit_choice=true,false", "forced_win_tiles=0,4"])
    _, notes2 = plan_study("sichuan", grid)
    assert notes2 == [
        "forced_win_tiles has no effect in 2 of 4 cells (missing_suit_choice=True "
        "forced_win_tiles=0, missing_suit_choice=True forced_win_tiles=4): "
        + S.INERT["forced_win_tiles"][1]
    ]
    _, notes3 = plan_study("hebei", {"dealer_rotation": ["rotate", "winner_stays"]})
    assert notes3 and notes3[0].startswith("dealer_rotation has no effect in every cell")
    assert "between the hands of a match" in notes3[0]
    assert plan_study("hebei", {"allow_chow": [True, False]})[1] == []
    # rule-reading options plug in as data: void_suit_kong qualifies 定缺
    _, notes4 = plan_study("hebei", {"void_suit_kong": ["none", "any"]})
    assert notes4 == [
        "void_suit_kong has no effect in every cell: there is no 定缺 (missing_suit_choice=False)"
    ]
    assert plan_study("sichuan", {"void_suit_kong": ["none", "any"]})[1] == []


def test_cli_study_prints_the_inert_warning_line(capsys, fake_run):
    argv = ["study", "sichuan", "--set", "forced_win_tiles=0,4", "--hands", "8", "--quiet"]
    assert main(argv + ["--threads", "1"]) == 0
    err = capsys.readouterr().err
    lines = [x for x in err.splitlines() if "forced_win_tiles" in x]
    assert len(lines) == 1 and lines[0].startswith("mjsim: warning: forced_win_tiles has no")


# ------------------------------------------------------------------ Wilson intervals
def test_study_rates_have_wilson_intervals_and_zero_events_no_plus_minus_zero(fake_run):
    """Rates were normal-approximation means: a seat that never won showed "0.0% ± 0.0%"."""
    m = cell_metrics(fake_rows(40, 4), 4)
    e = m["est"]
    assert (e["drawn_rate"].lo, e["drawn_rate"].hi) == (
        proportion_ci(10, 40).lo,
        proportion_ci(10, 40).hi,
    )
    assert e["win_opposite"].value == 0 and e["win_opposite"].lo == 0 and e["win_opposite"].hi > 0
    assert e["self_draw_of_won_hands"].n == 30 and e["self_draw_of_all_hands"].n == 40
    assert fmt(e["win_opposite"], pct=True) == "0.0% [0.0%, 8.8%]"
    run = play_study("hebei", {"allow_chow": [True]}, 40, threads=1, notify=print)
    text = format_study(run.table)
    assert "± 0.0%" not in text and "±0.00" not in text
    df = run.table
    assert df["win_opposite_hi"][0] == pytest.approx(proportion_ci(0, 40).hi)
    base_line = next(x for x in text.splitlines() if x.startswith("base"))
    assert re.search(r"25\.0% \[\d+\.\d%, \d+\.\d%\]", base_line)  # drawn: not symmetric
    assert "winners per hand (share of all hands):" in text


def test_grid_2x2_study_on_the_command_line_plays_changsha_without_chow(tmp_path, capsys):
    """Real play: ``--set allow_chow=false`` on changsha was "chow_left_only=True needs
    allow_chow=True"; now the 2x2 grid plays and the no-chow cells have no chow."""
    out = tmp_path / "cs"
    argv = ["study", "changsha", "--set", "allow_chow=true,false", "--set", "min_fan=0,1"]
    argv += ["--hands", "12", "--threads", "1", "--quiet", "--no-plots", "--out", str(out)]
    assert main(argv) == 0
    df = pd.read_csv(out / "study.csv")
    assert len(df) == 5 and (df["hands"] == 12).all()
    assert main(["simulate", "changsha", "--set", "allow_chow=false", "--hands", "8"]) == 0
    assert "changsha(allow_chow=false): 8 hands" in capsys.readouterr().out
