"""The command line names bad input, needs a command, documents every option and runs as
``python -m mjsim`` (all in process: each error comes before anything is played)."""

from __future__ import annotations

import argparse
import runpy
import sys

import pytest

from mjsim.cli import build_parser, main


def test_no_command_exits_2_with_usage(capsys):
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: mjsim ")
    assert (
        "mjsim: error: a command is required: simulate, games, variants, arena, study, check, "
        "view, play, mjai or compile" in err
    )


def test_python_dash_m_mjsim_runs_the_command_line(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["mjsim"])
    with pytest.raises(SystemExit) as e:
        runpy.run_module("mjsim", run_name="__main__")
    assert e.value.code == 2
    assert "a command is required" in capsys.readouterr().err
    monkeypatch.setattr(sys, "argv", ["mjsim", "variants"])
    with pytest.raises(SystemExit) as e:
        runpy.run_module("mjsim", run_name="__main__")
    assert e.value.code == 0 and "sichuan_xuezhan" in capsys.readouterr().out


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def test_every_option_of_every_command_has_help():
    commands = _subparsers(build_parser())
    assert set(commands) >= {"simulate", "variants", "arena", "study"}
    missing = [
        f"{name} {'/'.join(a.option_strings) or a.dest}"
        for name, p in commands.items()
        for a in p._actions
        if not a.help or a.help == argparse.SUPPRESS
    ]
    assert missing == []
    helps = {a.option_strings[0]: a.help for a in commands["simulate"]._actions if a.option_strings}
    assert "RuleSpec field" in helps["--set"] and "mjsim variants --show ID" in helps["--set"]
    assert "local" in helps["--backend"] and "ray" in helps["--backend"]
    assert "hands per compiled call" in helps["--chunk"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "sichuan_xuezan", "--hands", "1"], "did you mean sichuan_xuezhan?"),
        (["arena", "sichuan_xuezan", "--agents", "greedy,random"], "did you mean sichuan_xuezhan?"),
        (
            ["study", "sichuan_xuezan", "--set", "allow_chow=true,false"],
            "did you mean sichuan_xuezhan?",
        ),
        (["variants", "--show", "sichuan_xuezan"], "did you mean sichuan_xuezhan?"),
        (["simulate", "hebei", "--set", "alow_chow=true"], "did you mean allow_chow?"),
        (["arena", "hebei", "--agents", "greedy,random", "--set", "alow_chow=1"], "allow_chow?"),
        (["study", "hebei", "--set", "alow_chow=true,false"], "did you mean allow_chow?"),
        (["simulate", "xuzhou"], "'xuzhou' is a known rule set (Xuzhou 徐州麻将"),
        (["arena", "xuzhou", "--agents", "greedy,random"], "but is not playable yet; playable: "),
    ],
)
def test_cli_names_near_misses_and_rule_sets_not_playable_yet(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("mjsim: error: ") and message in err


def test_variants_show_of_a_rule_set_not_playable_yet_says_so(capsys):
    assert main(["variants", "--show", "xuzhou"]) == 2
    err = capsys.readouterr().err
    assert "Xuzhou 徐州麻将" in err and "not playable yet" in err
