"""The ``mjsim`` command line: simulate, games, variants, arena, study, check, view, play,
compile (see ``docs/cli.md``).

    mjsim simulate hebei --hands 100000 --agents greedy,greedy,random,random --out r.parquet
    mjsim games riichi --games 1000 --match east_south --out games.csv
    mjsim variants [--show hebei]
    mjsim arena hebei --agents greedy,random,greedy,random --hands 2000 --duplicate
    mjsim study hebei --set allow_chow=true,false --hands 5000 --out study_dir
    mjsim check hebei --hands 100000 --threads 1
    mjsim view hand.jsonl -o hand.html
    mjsim play sichuan --seat 0 --agents greedy
    mjsim compile [--targets simulate,score] [--variants hebei] [--jobs N] [--portable]

Every command that plays takes ``--seed``, ``--threads``, ``--set key=value`` (rule overrides,
see ``mjsim variants --show ID``) and ``--backend local|ray [--address ADDR]``. Results depend
only on the seed, never on threads, chunks or backend.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sys
import threading
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from mjsim import __version__
from mjsim.results import OUT_SUFFIXES, read_rows, write_rows, write_whole

__all__ = ["build_parser", "main", "read_rows", "write_rows"]

#: default in-kernel agents of ``simulate`` / ``study`` (one name = every seat)
DEFAULT_AGENTS = "greedy"
#: help of ``--set`` on the commands that play one rule set
SET_HELP = (
    "rule override, repeatable: a RuleSpec field and its value (--set allow_chow=false "
    "--set min_fan=2; tuple fields comma-separated); field names and values: mjsim variants "
    "--show ID"
)
#: what ``--agents`` does with fewer names than seats (mjsim._args.seat_agents), in every help
AGENTS_REPEAT = (
    "a shorter list repeats in order if its length divides the seat count (greedy,random at 4 "
    "seats: greedy,random,greedy,random), any other length is an error"
)


# ----------------------------------------------------------------------------------- helpers
def _agents(text: str, n_players: int) -> list[str]:
    from mjsim._args import seat_agents

    return seat_agents(text, n_players, "--agents")


def _check_counts(args: argparse.Namespace) -> None:
    """``ValueError`` naming the option for ``--hands`` < 1, a bad ``--threads`` (0 and
    negative counts included: leave the option out for every core) and ``--hands`` not a
    multiple of ``--match-hands``, a ``--seed`` outside 0 .. 2**63 - 1, and an ``--out`` /
    ``--json`` path that cannot be written (before anything compiles or plays)."""
    from mjsim._args import check_int, check_whole_matches, check_writable, resolve_threads

    hands = check_int("--hands", args.hands, 1)
    resolve_threads(args.threads, "--threads")
    m = check_int("--match-hands", getattr(args, "match_hands", 1), 1)
    if getattr(args, "chunk", None) is not None:
        check_int("--chunk", args.chunk, 1)
    check_int("--seed", args.seed, 0)
    # output paths: checked before the run, not after it (a bad path lost the finished rows)
    study = getattr(args, "command", None) == "study"
    if getattr(args, "out", None):
        check_writable("--out", args.out, directory=study)
    if getattr(args, "json", None):
        check_writable("--json", args.json)
    check_whole_matches(hands, m, "--hands", "--match-hands")


def _overrides(items: list[str] | None) -> dict[str, Any]:
    from mjsim.variants import parse_override

    out: dict[str, Any] = {}
    for text in items or []:
        k, v = parse_override(text)
        out[k] = v
    return out


def _common(p: argparse.ArgumentParser, hands: int, hands_help: str = "hands to play") -> None:
    p.add_argument("variant", help="variant id (see `mjsim variants`)")
    p.add_argument("--hands", type=int, default=hands, help=f"{hands_help}, >= 1 (default {hands})")
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help="run seed, 0..2**63-1: the same seed deals the same walls (default 0)",
    )
    p.add_argument(
        "--threads",
        type=int,
        default=None,
        metavar="N",
        help="worker threads, 1..1024 (default: every core; 0 is an error)",
    )
    p.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="where the hands are played: local (this machine's threads, the default) or ray "
        "(a Ray cluster: pip install ray; see --address); results are the same",
    )
    p.add_argument(
        "--address",
        default=None,
        help="Ray cluster address for --backend ray (default: the running local Ray "
        "cluster, or a new one)",
    )
    p.add_argument(
        "--quiet",
        action="store_true",
        help="no progress bar, no compile notice (as MJSIM_QUIET=1)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mjsim", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--version", action="version", version=f"mjsim {__version__}")
    sub = parser.add_subparsers(dest="command")

    p = sub.add_parser("simulate", help="play many hands with in-kernel bots and summarise")
    _common(p, 10_000)
    p.add_argument(
        "--agents",
        default=DEFAULT_AGENTS,
        help=f"agents by seat, comma-separated; one name: every seat; {AGENTS_REPEAT} "
        "(default greedy)",
    )
    p.add_argument("--set", action="append", metavar="KEY=VALUE", help=SET_HELP)
    p.add_argument("--out", default=None, help="write the rows to FILE.parquet or FILE.csv")
    p.add_argument(
        "--chunk",
        type=int,
        default=None,
        metavar="N",
        help="hands per compiled call (local) or per Ray task, >= 1: the progress bar moves and "
        "Ctrl-C stops between chunks (default: about 1%% of --hands, 256 x threads to "
        "20000); the results do not depend on it",
    )
    p.add_argument(
        "--match-hands",
        type=int,
        default=1,
        metavar="M",
        help="play matches of M hands: dealer, prevailing wind, honba, deposits and scores "
        "carry from hand to hand (default 1: independent hands; guobiao's schedule: 16); "
        "--hands must be a multiple of M",
    )
    p.add_argument(
        "--json", default=None, metavar="FILE", help="also write the summary as JSON to FILE"
    )

    p = sub.add_parser(
        "games",
        help="play whole games (East or East-South) and summarise points and placements",
        description="Play whole games of the spec's match (riichi: East-South, Tenhou rules) "
        "with in-kernel bots: per seat the mean final points, the mean placement points "
        "(uma / oka) and the placement distribution, each with its standard error, and why "
        "the games ended (mjsim.play_games).",
    )
    p.add_argument("variant", help="variant id (see `mjsim variants`)")
    p.add_argument("--games", type=int, default=1000, help="games to play, >= 1 (default 1000)")
    p.add_argument(
        "--match",
        choices=("east", "east_south"),
        default=None,
        help="east (東風戦) or east_south (半荘戦) (default: the spec's match; a spec without "
        "one, match=hands, needs this option)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help="run seed, 0..2**63-1: the same seed plays the same games (default 0)",
    )
    p.add_argument(
        "--threads",
        type=int,
        default=None,
        metavar="N",
        help="worker threads, 1..1024 (default: every core; 0 is an error)",
    )
    p.add_argument(
        "--agents",
        default=DEFAULT_AGENTS,
        help=f"agents by seat, comma-separated; one name: every seat; {AGENTS_REPEAT} "
        "(default greedy)",
    )
    p.add_argument("--set", action="append", metavar="KEY=VALUE", help=SET_HELP)
    p.add_argument(
        "--out",
        default=None,
        help="write one row per game to FILE.parquet or FILE.csv (hands, end, final points, "
        "places, placement points)",
    )
    p.add_argument(
        "--json", default=None, metavar="FILE", help="also write the summary as JSON to FILE"
    )
    p.add_argument(
        "--chunk",
        type=int,
        default=None,
        metavar="N",
        help="games per compiled call, >= 1: the progress bar moves and Ctrl-C stops between "
        "chunks (default: about 1%% of --games, at least 8 x threads); the results do not "
        "depend on it",
    )
    p.add_argument(
        "--quiet",
        action="store_true",
        help="no progress bar, no compile notice (as MJSIM_QUIET=1)",
    )

    p = sub.add_parser("variants", help="list the variants, or show one variant's rules")
    p.add_argument(
        "--show",
        metavar="ID",
        default=None,
        help="show what the variant ID changes from the RuleSpec defaults, by topic",
    )
    p.add_argument(
        "--all",
        action="store_true",
        help="with --show: every RuleSpec field with its value, allowed values and meaning",
    )

    p = sub.add_parser("arena", help="rank bots (duplicate play cancels the luck of the deal)")
    _common(p, 2_000, "hands to play; with --duplicate, walls (each played once per seat rotation)")
    p.add_argument(
        "--agents",
        required=True,
        help="agents by seat, comma-separated, at least two different: in-kernel bots (greedy, "
        "random), names registered with mjsim.agents.register_agent, or Python agents by import "
        f"path (mypkg.mybot:MyBot; the current directory is searched first); {AGENTS_REPEAT}",
    )
    p.add_argument(
        "--duplicate",
        action="store_true",
        help="replay every wall once per seat rotation (--hands then counts walls: "
        "n_players x --hands hands are played)",
    )
    p.add_argument("--set", action="append", metavar="KEY=VALUE", help=SET_HELP)
    p.add_argument(
        "--obs",
        default="game",
        metavar="ENCODER",
        help="observation of Python agents: game (the mjsim.engine.Game, default) or an "
        "encoder name (planes-v1, dict-v0 ...: the environments' observation of the seat)",
    )
    p.add_argument(
        "--out",
        default=None,
        metavar="FILE",
        help="write one row per hand (wall, rotation, agent0.., the simulate columns) to "
        "FILE.parquet or FILE.csv",
    )
    p.add_argument(
        "--json",
        default=None,
        metavar="FILE",
        help="write the report (per-agent table, pairwise tests, settings) as JSON to FILE",
    )

    p = sub.add_parser("study", help="grid of rule overrides vs the base rules, same seeds")
    _common(p, 5_000)
    p.add_argument(
        "--set",
        action="append",
        required=True,
        metavar="KEY=V1,V2",
        help="a RuleSpec field and its alternatives, repeatable: each combination is a cell "
        "played with the same seeds as the base rules (allow_chow=true,false; tuple fields: "
        "alternatives separated by ';'); field names: mjsim variants --show ID",
    )
    p.add_argument(
        "--agents",
        default=DEFAULT_AGENTS,
        help=f"agents by seat, comma-separated; one name: every seat; {AGENTS_REPEAT}; sized "
        "to each cell's seat count (default greedy)",
    )
    p.add_argument(
        "--out",
        default=None,
        help="directory for study.csv, its metadata (study.csv.meta.json) and the PNG plots",
    )
    p.add_argument(
        "--no-plots",
        action="store_true",
        help="with --out: write study.csv and its metadata only, no plots",
    )
    p = sub.add_parser(
        "compile",
        help="compile the entry points ahead of time, in parallel, so that no first use waits",
    )
    p.add_argument(
        "--targets",
        default=None,
        metavar="T[,T...]",
        help="entry points, comma-separated: simulate (the self-play loop and its bots), game, "
        "aec, vector, gym (the vector env's code), agent (in-kernel bots from Python), tables "
        "(the lookup tables' builders), score (the scorer of each scoring family of "
        "--variants), score:VARIANT; an engine target compiles once per scorer of --variants, "
        "or TARGET:VARIANT for one (default: simulate,game,aec,vector,agent,tables,score)",
    )
    p.add_argument(
        "--variants",
        default=None,
        metavar="V[,V...]",
        help="variants to compile for (default: every variant): the engine once per scorer "
        "(every table-driven variant shares one), `score` once per scoring family",
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="N",
        help="entry points compiled at once, each in its own process, >= 1 (default: every core)",
    )
    p.add_argument(
        "--portable",
        action="store_true",
        help="compile for numba's generic CPU of this architecture: a cache that other machines "
        "with the same Python and numba load (slower code; docs/performance.md)",
    )
    p.add_argument(
        "--into",
        default=None,
        metavar="DIR",
        help="then copy the compiled cache, with its manifest, into DIR/<cache name>/ (for a "
        "wheel: mjsim/_precompiled; for cluster nodes)",
    )
    p.add_argument(
        "--quiet", action="store_true", help="no progress bar and no summary: errors only"
    )

    p = sub.add_parser(
        "check",
        help="soak check: play hands with every invariant checked at every step",
        description="Play --hands hands with every invariant checked at every step (tile "
        "conservation, hand sizes, zero-sum payments, the legal mask, hand termination) and "
        "report each violation with a replayable record. Exit 0 when clean, 1 when a "
        "violation was found, 130 (143 after SIGTERM) when interrupted clean. `mjsim check "
        "--replay FILE` replays "
        "a written record with the same checks.",
    )
    p.add_argument("variant", nargs="?", default=None, help="variant id (see `mjsim variants`)")
    p.add_argument("--hands", type=int, default=10_000, help="hands to play, >= 1 (default 10000)")
    p.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    p.add_argument(
        "--first-hand",
        type=int,
        default=0,
        metavar="H",
        help="index of the first hand (default 0): --first-hand H --hands 1 plays hand H again",
    )
    p.add_argument(
        "--threads",
        type=int,
        default=None,
        metavar="N",
        help="worker threads, 1..1024 (default: every core; 0 is an error)",
    )
    p.add_argument(
        "--agents",
        default=None,
        help=f"agents by seat, comma-separated; {AGENTS_REPEAT} (default greedy and random by "
        "turns: greedy,random,greedy,random)",
    )
    p.add_argument("--set", action="append", metavar="KEY=VALUE", help=SET_HELP)
    p.add_argument("--chunk", type=int, default=None, help="hands per compiled call")
    p.add_argument(
        "--examples",
        type=int,
        default=3,
        metavar="K",
        help="violations shown, with records, per kind (default 3)",
    )
    p.add_argument(
        "--records",
        default="mjsim-check-records",
        metavar="DIR",
        help="directory for the records of the violations shown (default mjsim-check-records; "
        "created only when a violation is found)",
    )
    p.add_argument("--json", default=None, metavar="FILE", help="also write the report as JSON "
                   "to FILE (`-`: the JSON alone on stdout)")  # fmt: skip
    p.add_argument("--replay", default=None, metavar="FILE", help="replay a record with every "
                   "check instead of playing (exit 1 if it holds a violation)")  # fmt: skip
    p.add_argument("--quiet", action="store_true", help="no progress bar")

    p = sub.add_parser(
        "mjai",
        help="convert riichi hand records to and from mjai event streams (Mortal, mjai.app)",
        description="Convert riichi hand records to mjai JSON lines (export) and mjai JSON "
        "lines to hand records (import: every kyoku replayed through the engine and checked "
        "event by event). docs/mjai.md describes the mapping.",
    )
    msub = p.add_subparsers(
        dest="mjai_command",
        required=True,
        help="export: records to mjai; import: mjai to records",
    )
    for name, help_, what in (
        (
            "export",
            "hand records (JSON lines, Game.record / mjsim play) to one mjai game",
            "record",
        ),
        ("import", "an mjai stream to hand records, replayed and checked", "stream"),
    ):
        q = msub.add_parser(name, help=help_, description=help_)
        q.add_argument(what, help=f"the {what} file ('-': standard input)")
        q.add_argument(
            "-o", "--out", default=None, metavar="FILE", help="write to FILE (default: stdout)"
        )
        q.add_argument(
            "--start-points",
            type=int,
            default=None,
            metavar="N",
            help="mjai scores are mjsim's riichi scores + N (default: the rules' starting "
            "points, start_points: 25000 for riichi, 30000 for riichi_wrc)",
        )
    msub.choices["export"].add_argument(
        "--no-mjsim-field",
        action="store_true",
        help="leave out the start_kyoku 'mjsim' field (variant, spec, seed, the whole wall) "
        "that makes an import give back the identical record",
    )
    msub.choices["import"].add_argument(
        "--variant",
        default="riichi",
        help="the rules of kyoku without an 'mjsim' field (default riichi)",
    )

    from mjsim.view.commands import add_parsers  # view, play

    add_parsers(sub, SET_HELP)
    return parser


# ----------------------------------------------------------------------------------- commands
def cmd_simulate(args: argparse.Namespace) -> int:
    from mjsim import variants
    from mjsim.distributed import item_names, run
    from mjsim.results import run_metadata
    from mjsim.stats import format_summary, summarize, to_jsonable

    if args.out is not None and Path(args.out).suffix not in OUT_SUFFIXES:
        raise ValueError(f"--out {args.out!r}: the file must end in .parquet or .csv")
    _check_counts(args)
    overrides = _overrides(args.set)
    spec = variants.get(args.variant, **overrides)
    agents = _agents(args.agents, spec.n_players)
    res = run(
        spec,
        args.hands,
        agents,
        args.seed,
        args.threads,
        backend=args.backend,
        address=args.address,
        progress=not args.quiet,
        chunk=args.chunk,
        match_hands=args.match_hands,
    )
    rows = res.rows
    if res.interrupted:
        print(f"interrupted: {len(rows)} of {res.requested} hands finished", file=sys.stderr)
        if not len(rows) and (args.out or args.json):
            print("mjsim: no hand finished: nothing written", file=sys.stderr)
    meta = run_metadata(
        spec,
        args.seed,
        agents,
        len(rows),
        variant_id=args.variant,
        requested=res.requested,
        match_hands=args.match_hands,
    )
    failed = []  # outputs that could not be written: the rest is still printed and written
    if args.out is not None and len(rows):
        try:
            path = write_rows(rows, args.out, meta)
            print(f"wrote {len(rows)} rows to {path}")
        except OSError as e:
            failed.append(_write_failed("--out", args.out, e))
    if len(rows):
        summ = summarize(rows, agents, spec.n_players, item_names(spec))
        title = f"{meta['variant']}: {len(rows)} hands, seed {args.seed}, agents {','.join(agents)}"
        print(format_summary(summ, title))
        if args.json:
            try:
                text = json.dumps(
                    {"mjsim": meta, **to_jsonable(summ)}, indent=1, ensure_ascii=False
                )
                write_whole(Path(args.json), lambda tmp: Path(tmp).write_text(text))
            except OSError as e:
                failed.append(_write_failed("--json", args.json, e))
    return _exit_code(res.interrupted, failed)


def _games_spec(args: argparse.Namespace) -> Any:
    """The spec of ``mjsim games``: the variant with ``--set`` and ``--match``; ``ValueError``
    naming ``--match`` when it has no game end (``match="hands"``)."""
    from mjsim import variants
    from mjsim.games import MATCH_ROUNDS

    overrides = _overrides(args.set)
    if args.match is not None:
        if "match" in overrides and overrides["match"] != args.match:
            raise ValueError(
                f"--match {args.match} and --set match={overrides['match']}: give the match once"
            )
        overrides["match"] = args.match
    spec = variants.get(args.variant, **overrides)
    if spec.match not in MATCH_ROUNDS:
        raise ValueError(
            f"{args.variant}: its spec has match={spec.match!r} (hands only, no game end); "
            "play whole games with --match east or --match east_south"
        )
    return spec


def cmd_games(args: argparse.Namespace) -> int:
    import numpy as np

    from mjsim._args import check_int, check_writable, resolve_threads
    from mjsim.distributed import run_chunks
    from mjsim.games import GAME_DTYPE, MAX_HANDS, decode, format_games, play_games, summarize_games
    from mjsim.results import run_metadata

    if args.out is not None and Path(args.out).suffix not in OUT_SUFFIXES:
        raise ValueError(f"--out {args.out!r}: the file must end in .parquet or .csv")
    n_games = check_int("--games", args.games, 1)
    threads = resolve_threads(args.threads, "--threads")
    check_int("--seed", args.seed, 0)
    chunk = max(8 * threads, n_games // 100) if args.chunk is None else args.chunk
    chunk = check_int("--chunk", chunk, 1)
    if args.out:
        check_writable("--out", args.out)
    if args.json:
        check_writable("--json", args.json)
    spec = _games_spec(args)
    agents = _agents(args.agents, spec.n_players)

    def play(lo: int, m: int) -> np.ndarray:
        return play_games(spec, m, agents, args.seed, threads, first_game=lo, quiet=True)[1]

    parts, interrupted = run_chunks(
        spec,
        agents,
        n_games,
        chunk,
        play,
        progress=not args.quiet,
        desc="games",
        name="mjsim games chunk",
    )
    games = np.concatenate(parts) if parts else np.zeros(0, dtype=GAME_DTYPE)
    if interrupted:
        print(f"interrupted: {len(games)} of {n_games} games finished", file=sys.stderr)
        if not len(games) and (args.out or args.json):
            print("mjsim: no game finished: nothing written", file=sys.stderr)
    meta = run_metadata(
        spec,
        args.seed,
        agents,
        int(games["hands"].sum()),
        variant_id=args.variant,
        match_hands=MAX_HANDS[spec.match],  # each game is a match of up to max_hands hands
        games=len(games),
        games_requested=n_games,
        max_hands=MAX_HANDS[spec.match],
    )
    failed = []
    if args.out is not None and len(games):
        try:
            path = write_rows(decode(games).drop(columns="first_row"), args.out, meta)
            print(f"wrote {len(games)} games to {path}")
        except OSError as e:
            failed.append(_write_failed("--out", args.out, e))
    if len(games):
        summ = summarize_games(games, spec, agents)
        label = meta["variant"]
        if f"match={spec.match}" not in label:
            label += f" ({spec.match})"
        title = f"{label}: {len(games)} games, seed {args.seed}, agents {','.join(agents)}"
        print(format_games(summ, title))
        if args.json:
            try:
                text = json.dumps({"mjsim": meta, **summ}, indent=1, ensure_ascii=False)
                write_whole(Path(args.json), lambda tmp: Path(tmp).write_text(text))
            except OSError as e:
                failed.append(_write_failed("--json", args.json, e))
    return _exit_code(interrupted, failed)


def _write_failed(option: str, path: str, e: OSError) -> str:
    """Print (stderr) that an output could not be written after the run; returns the message."""
    msg = f"mjsim: error: {option} {path!r} could not be written: {e.strerror or e}"
    print(msg, file=sys.stderr)
    return msg


#: the signal that interrupted the command (SIGINT unless the SIGTERM handler ran)
_STOPPED_BY: list[int] = []


def _interrupt_code() -> int:
    """128 + the interrupting signal: 130 after Ctrl-C, 143 after SIGTERM."""
    return 128 + int(_STOPPED_BY[-1] if _STOPPED_BY else signal.SIGINT)


def _on_sigterm(signum: int, frame: Any) -> None:
    """SIGTERM takes Ctrl-C's path: finished hands are kept and written."""
    from mjsim.distributed import Terminated

    _STOPPED_BY.append(signum)
    raise Terminated


def _exit_code(interrupted: bool, failed: list[str]) -> int:
    """130 after Ctrl-C (143 after SIGTERM), 1 if an output could not be written (the rest
    was), else 0."""
    if interrupted:
        return _interrupt_code()
    if failed:
        print(
            f"mjsim: {len(failed)} output(s) not written (see above); the summary is complete",
            file=sys.stderr,
        )
        return 1
    return 0


def _terminal_width() -> int:
    """Columns to wrap ``mjsim variants`` output to: the terminal's (``$COLUMNS`` honoured),
    kept within 60..120 so that piped output stays readable."""
    return max(60, min(120, shutil.get_terminal_size((100, 24)).columns))


def _rule_set(vid: str) -> Any:
    """The catalogue entry of ``vid`` (``mjsim.variants.registry``), or ``None``."""
    from mjsim.variants.registry import rule_set

    return rule_set(vid)


def _catalogue_lines() -> list[str]:
    """The table of ``mjsim variants``: every rule set of the catalogue (id, English and Chinese
    names, players and tiles of the playable ones, what sets it apart, playable or not yet),
    columns aligned in terminal columns (CJK counted double), no markup."""
    from mjsim import specdoc, variants
    from mjsim.variants.registry import PRESETS, RULE_SETS

    rows = [("id", "name", "中文", "players", "tiles", "what is special")]
    for r in RULE_SETS + PRESETS:
        if r.playable:
            spec = variants.get(r.id)
            players, tiles = str(spec.n_players), str(sum(spec.counts()))
            special = r.summary
        else:
            players, tiles = "-", "-"
            special = f"(not playable yet) {r.summary}"
        rows.append((r.id, r.english, r.chinese, players, tiles, special))
    widths = [max(specdoc.display_width(row[i]) for row in rows) for i in range(5)]
    lines = []
    for row in rows:
        cells = [specdoc.pad(row[i], widths[i]) for i in range(5)]
        line = "  ".join(cells) + "  " + row[5]
        lines.append(line.rstrip())
    n = sum(r.playable for r in RULE_SETS)
    lines += [
        "",
        f"{n} of {len(RULE_SETS)} rule sets are playable, and {len(PRESETS)} named presets of "
        f"them ({', '.join(r.id for r in PRESETS)}). mjsim variants --show ID: what a "
        "variant changes from the RuleSpec defaults.",
    ]
    return lines


def _fan_table_lines(spec: Any, width: int) -> list[str]:
    """The fan table and payment record of a table-driven ``spec`` as text lines (its rows
    with their values, the combine mode, the table's parameters as read from ``score_values``,
    who pays), for ``mjsim variants --show``; no lines for a family with a scorer of its own."""
    from mjsim import specdoc
    from mjsim.scoring import tables

    name = spec.effective_fan_table()
    if not name:
        return []
    params = tables.spec_params(name, tuple(spec.score_values))
    table = tables.table(name, **params)
    cap = "" if table.cap < 0 else f", cap {table.cap}"
    lines = [
        "",
        *specdoc.wrap(
            f"Fan table {name} ({table.combine} of the rows, unit {table.unit}, base "
            f"{table.base}{cap}; readings: {', '.join(table.shapes)}; pair {table.pair_rule}):",
            width,
        ),
    ]
    for row in table.rows:
        when = row["when"] if isinstance(row["when"], str) else " + ".join(row["when"])
        kind = row.get("kind", "add")
        value = {"add": f"{row['value']}", "mul": f"x{row['value']}"}.get(
            kind, f"{row['value']} ({kind})"
        )
        cancels = f"; replaces {', '.join(map(str, row['cancels']))}" if row.get("cancels") else ""
        text = f"{row['zh']} {row.get('en', '')}: {value} [{when}]{cancels}"
        lines += specdoc.wrap(text, width, indent="      ", first="   ")
    shown = ", ".join(f"{k}={v!r}" for k, v in table.params.items())
    lines += specdoc.wrap(f"Parameters (from score_values): {shown}.", width, indent="   ",
                          first="   ")  # fmt: skip
    lines += specdoc.wrap(
        f"Payments: {tables.record_text(tables.payment(name, **params))}.",
        width,
        indent="   ",
        first="   ",
    )
    return lines


def _spec_lines(vid: str, spec: Any, show_all: bool, width: int) -> list[str]:
    """The text of ``mjsim variants --show ID [--all]``: a summary line, then the fields that
    differ from the RuleSpec defaults (or every field with ``--all``) by topic, each with its
    value, its default and what it means, wrapped to ``width`` columns."""
    from mjsim import specdoc

    docs = specdoc.field_docs()
    diff = {name: default for name, _, default in specdoc.differences(spec)}
    n_tiles = sum(spec.counts())
    entry = _rule_set(vid)
    title = f"{vid}: {entry.english} {entry.chinese}, {entry.summary}" if entry else vid
    lines = [
        *specdoc.wrap(title, width),
        f"{spec.n_players} players, {n_tiles} tiles, {spec.hand_size}-tile hands, scoring "
        f"family {spec.scoring}",
        "",
    ]
    if show_all:
        lines.append(f"All {len(docs) - 1} fields (* differs from the RuleSpec default):")
        names = [n for n in docs if n != "extra"]
    else:
        lines.append(f"What differs from the RuleSpec defaults ({len(diff)} fields):")
        names = list(diff)
    for title, fields in specdoc.by_group(names).items():
        lines += ["", title]
        for d in fields:
            value = specdoc.format_value(getattr(spec, d.name))
            mark = "*" if show_all and d.name in diff else " "
            head = f"{d.name} = {value}"
            if d.name in diff:
                head += f" (default {specdoc.format_value(diff[d.name])})"
            lines += specdoc.wrap(head, width, indent="      ", first=f" {mark}")
            lines += specdoc.wrap(d.doc, width, indent="      ")
            if show_all and d.values:
                lines += specdoc.wrap(f"Values: {d.values}.", width, indent="      ")
    lines += _fan_table_lines(spec, width)
    tail = [
        f"Change a field with --set FIELD=VALUE (mjsim simulate {vid} --set ...).",
        f"Rules, scoring table and sources: docs/variants/{vid}.md.",
    ]
    if not show_all:
        tail.append(f"Every field with its allowed values: mjsim variants --show {vid} --all.")
    lines.append("")
    for text in tail:
        lines += specdoc.wrap(text, width)
    return lines


def cmd_variants(args: argparse.Namespace) -> int:
    from mjsim import variants
    from mjsim.rules.spec import check_playable

    if args.show is None:
        for line in _catalogue_lines():
            print(line)
        return 0
    entry = _rule_set(args.show)
    if entry is not None and not entry.playable:
        from mjsim.docs_gen import WHY_NOT_YET

        print(
            f"mjsim: {args.show} ({entry.english} {entry.chinese}) is a rule set of the "
            f"catalogue that is not playable yet: {WHY_NOT_YET.get(args.show, 'not registered')}. "
            f"Playable: {', '.join(variants.names())}",
            file=sys.stderr,
        )
        return 2
    spec = variants.get(args.show)
    try:
        check_playable(spec)
    except NotImplementedError as e:
        print(f"note: {e}\n")
    for line in _spec_lines(args.show, spec, args.all, _terminal_width()):
        print(line)
    return 0


def _arena_agents(text: str, n_players: int) -> None:
    """Check ``arena --agents`` (lengths, names, import paths, the Agent protocol) with errors
    naming the option."""
    from mjsim._args import seat_agents
    from mjsim.arena import resolve_agent

    def check(token: str) -> None:
        try:
            resolve_agent(token)
        except ValueError as e:
            raise ValueError(f"--agents: {e}") from e.__cause__

    seat_agents(text, n_players, "--agents", check=check)


def cmd_arena(args: argparse.Namespace) -> int:
    from mjsim import variants
    from mjsim.arena import arena, format_arena
    from mjsim.results import run_metadata
    from mjsim.stats import to_jsonable

    if args.out is not None and Path(args.out).suffix not in OUT_SUFFIXES:
        raise ValueError(f"--out {args.out!r}: the file must end in .parquet or .csv")
    _check_counts(args)
    overrides = _overrides(args.set)
    spec = variants.get(args.variant, **overrides)
    # Python agents by import path: the current directory first, as with ``python -m``
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.insert(0, os.getcwd())
    _arena_agents(args.agents, spec.n_players)  # named as --agents, before anything compiles
    res = arena(
        spec,
        args.agents,
        args.hands,
        args.seed,
        args.threads,
        duplicate=args.duplicate,
        backend=args.backend,
        address=args.address,
        progress=not args.quiet,
        obs=args.obs,
        agents_option="--agents",
    )
    res.meta["overrides"] = overrides
    if res.interrupted:
        print(
            f"interrupted: {res.n_walls} of {res.requested} "
            + ("walls played in every seating" if res.duplicate else "hands played"),
            file=sys.stderr,
        )
        if not res.n_walls and (args.out or args.json):
            print("mjsim: no wall finished in every seating: nothing written", file=sys.stderr)
    print(format_arena(res))
    n_rows = res.n_walls * res.n_rotations
    meta = run_metadata(
        spec,
        args.seed,
        res.meta["agents"],
        n_rows,
        variant_id=args.variant,
        requested=res.requested * res.n_rotations,
        duplicate=res.duplicate,
        walls=res.n_walls,
        walls_requested=res.requested,
        seatings=res.seatings,
    )
    failed = []
    if args.out is not None and res.n_walls:
        try:
            path = write_rows(res.hand_rows(), args.out, meta)
            print(f"wrote {n_rows} rows to {path}")
        except OSError as e:
            failed.append(_write_failed("--out", args.out, e))
    if args.json and res.n_walls:
        try:
            text = json.dumps(
                {"mjsim": meta, **to_jsonable(res.summary())}, indent=1, ensure_ascii=False
            )
            write_whole(Path(args.json), lambda tmp: Path(tmp).write_text(text))
        except OSError as e:
            failed.append(_write_failed("--json", args.json, e))
    return _exit_code(res.interrupted, failed)


def _note(message: str) -> None:
    """One line on stderr: ``mjsim: warning: <message>`` (a study's inert-field warnings, no plots)."""
    print(f"mjsim: warning: {message}", file=sys.stderr, flush=True)


def cmd_study(args: argparse.Namespace) -> int:
    from mjsim import variants
    from mjsim.study import format_study, parse_grid, play_study, write_study

    _check_counts(args)
    grid = parse_grid(args.set)
    variants.get(args.variant)  # an unknown variant is named before the cells
    played = play_study(
        args.variant,
        grid,
        args.hands,
        args.agents,  # sized to each cell's seats (a grid may change n_players)
        args.seed,
        args.threads,
        backend=args.backend,
        address=args.address,
        progress=not args.quiet,
        notify=_note,  # inert grid fields, named before anything plays
    )
    if played.interrupted:
        print(
            f"interrupted: {len(played.labels)} cell(s) with results; not (fully) played: "
            + ", ".join(played.missing),
            file=sys.stderr,
        )
    if len(played.table):
        print(format_study(played.table))
    failed = []
    if args.out and len(played.table):
        try:
            paths = write_study(played, args.out, plots=not args.no_plots, notify=_note)
        except OSError as e:
            failed.append(_write_failed("--out", args.out, e))
        else:
            plots = " and plots" if any(p.suffix == ".png" for p in paths) else ""
            print(f"wrote {paths[0]}{plots} to {args.out}" if plots else f"wrote {paths[0]}")
    return _exit_code(played.interrupted, failed)


def cmd_check(args: argparse.Namespace) -> int:
    from mjsim import soak, variants
    from mjsim._args import check_int, check_writable, resolve_threads

    if args.replay is not None:
        if args.variant is not None:
            raise ValueError(f"--replay plays the record's own rules: drop {args.variant!r}")
        v = soak.check_record(args.replay)
        if v is None:
            print(f"{args.replay}: the hand plays to its end with every check clean")
            return 0
        print(v)
        return 1
    if args.variant is None:
        raise ValueError("mjsim check needs a VARIANT (see `mjsim variants`) or --replay FILE")
    check_int("--hands", args.hands, 1)
    check_int("--seed", args.seed, 0)
    check_int("--first-hand", args.first_hand, 0)
    check_int("--examples", args.examples, 0)
    resolve_threads(args.threads, "--threads")
    if args.chunk is not None:
        check_int("--chunk", args.chunk, 1)
    if args.json not in (None, "-"):
        check_writable("--json", args.json)
    spec = variants.get(args.variant, **_overrides(args.set))
    agents = None if args.agents is None else _agents(args.agents, spec.n_players)
    rep = soak.check(
        spec,
        args.hands,
        agents,
        args.seed,
        args.threads,
        first_hand=args.first_hand,
        chunk=args.chunk,
        examples=args.examples,
        records_dir=args.records,
        progress=not args.quiet,
    )
    if args.json == "-":
        soak.print_json(rep, "-")
    else:
        print(rep.format())
        if args.json:
            try:
                soak.print_json(rep, args.json)
            except OSError as e:
                _write_failed("--json", args.json, e)
                return 1
    if rep.interrupted:
        print(f"interrupted: {rep.hands} of {rep.requested} hands checked", file=sys.stderr)
    if not rep.clean:
        return 1
    return _interrupt_code() if rep.interrupted else 0


def _names(option: str, text: str | None) -> list[str]:
    """A comma-separated option as a list (``None``: empty); ``ValueError`` for an empty item."""
    if text is None:
        return []
    items = [t.strip() for t in text.split(",")]
    if not all(items):
        raise ValueError(f"{option} {text!r}: an empty name between commas")
    return items


def _count(n: int) -> str:
    return f"{n} entry point" + ("" if n == 1 else "s")


def cmd_compile(args: argparse.Namespace) -> int:
    from mjsim import _cache, precompile
    from mjsim._args import check_int
    from mjsim._compile_notice import fmt_seconds

    eps = precompile.plan(_names("--targets", args.targets), _names("--variants", args.variants))
    jobs = None if args.jobs is None else check_int("--jobs", args.jobs, 1)
    if args.into is not None:
        from mjsim._args import check_writable

        check_writable("--into", args.into, directory=True, probe=precompile.MANIFEST)
    cpu = "generic" if args.portable else "host"
    place = (
        str(_cache.cache_dir_for(__version__, cpu=cpu))
        if _cache.CACHE_DIR is not None
        else os.environ.get("NUMBA_CACHE_DIR") or "numba's cache (__pycache__)"
    )
    bar = None
    if not args.quiet:
        from tqdm import tqdm

        target = "numba's generic CPU (portable)" if args.portable else "this machine's CPU"
        print(f"mjsim: compiling {_count(len(eps))} for {target} into {place}", file=sys.stderr)
        bar = tqdm(total=len(eps), unit="entry point", desc="compile", file=sys.stderr)
    running: list[str] = []

    def say(text: str) -> None:
        if bar is not None:
            bar.write(text, file=sys.stderr)
        else:
            print(text, file=sys.stderr, flush=True)

    def started(ep: precompile.EntryPoint) -> None:
        running.append(ep.name)

    def done(out: precompile.Outcome) -> None:
        running.remove(out.target)
        took = fmt_seconds(out.seconds)
        if out.status == "failed":
            say(f"mjsim: {out.target}: failed: {out.error}")
        elif bar is not None and out.status == "compiled":
            say(f"mjsim: {out.target}: compiled {out.what} in {took}")
        elif bar is not None:
            say(f"mjsim: {out.target}: already compiled (loaded in {took})")
        if bar is not None:
            bar.update(1)

    def tick(times: dict[str, float]) -> None:
        if bar is not None:
            now = ", ".join(f"{k} {fmt_seconds(v)}" for k, v in times.items())
            bar.set_postfix_str(now, refresh=False)

    t0 = time.monotonic()
    try:
        outcomes = precompile.compile_all(
            eps,
            variants=_names("--variants", args.variants),
            jobs=jobs,
            portable=args.portable,
            on_start=started,
            on_done=done,
            tick=tick,
        )
    except KeyboardInterrupt:
        say(f"mjsim: stopping… (compiles abandoned: {', '.join(running) or 'none'})")
        raise
    finally:
        if bar is not None:
            bar.close()
    failed = [o for o in outcomes if o.status == "failed"]
    if not args.quiet:
        n = {k: sum(o.status == k for o in outcomes) for k in ("compiled", "cached")}
        print(
            f"{_count(len(outcomes))}: {n['compiled']} compiled, {n['cached']} already "
            f"compiled, {len(failed)} failed, in {fmt_seconds(time.monotonic() - t0)} "
            f"(cache: {place})"
        )
    if failed:
        return 1
    if args.into is not None:
        dst = precompile.export_cache(args.into, portable=args.portable)
        if not args.quiet:
            print(f"copied the compiled cache to {dst}")
    return 0


def cmd_view(args: argparse.Namespace) -> int:
    from mjsim.view.commands import cmd_view as run

    return run(args)


def cmd_play(args: argparse.Namespace) -> int:
    from mjsim.view.commands import cmd_play as run

    return run(args, _overrides(args.set))


def cmd_mjai(args: argparse.Namespace) -> int:
    from mjsim import mjai
    from mjsim.engine.records import to_jsonl

    src = getattr(args, "record", None) or getattr(args, "stream", None)
    try:
        text = sys.stdin.read() if src == "-" else Path(src).read_text(encoding="utf-8")
    except OSError as e:
        raise ValueError(f"{src}: cannot read it ({e.strerror or e})") from None
    try:
        if args.mjai_command == "export":
            from mjsim.view.model import read_records

            events = mjai.records_to_mjai(
                read_records(text),
                start_points=args.start_points,
                extension=not args.no_mjsim_field,
            )
            out = mjai.dumps(events)
            summary = f"{sum(e['type'] == 'start_kyoku' for e in events)} kyoku"
        else:
            records = mjai.records_from_mjai(
                text, variant=args.variant, start_points=args.start_points
            )
            out = "".join(to_jsonl(r) for r in records)
            summary = f"{len(records)} hand record(s)"
    except ValueError as e:
        raise ValueError(f"{src}: {e}") from None
    if args.out is None:
        sys.stdout.write(out)
    else:
        try:
            write_whole(Path(args.out), lambda tmp: Path(tmp).write_text(out, encoding="utf-8"))
        except OSError as e:
            raise ValueError(f"--out {args.out!r}: cannot write it ({e.strerror or e})") from None
        checked = " (each kyoku replayed and checked)" if args.mjai_command == "import" else ""
        print(f"wrote {summary} to {args.out}{checked}", file=sys.stderr)
    return 0


COMMANDS = {
    "mjai": cmd_mjai,
    "simulate": cmd_simulate,
    "variants": cmd_variants,
    "arena": cmd_arena,
    "study": cmd_study,
    "check": cmd_check,
    "games": cmd_games,
    "view": cmd_view,
    "play": cmd_play,
    "compile": cmd_compile,
}


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``mjsim`` console script; returns the process exit code.

    Bad input (unknown variant, field, agent, file type...) and no command at all print
    ``mjsim: error: ...`` and return 2; Ctrl-C during a run keeps the finished hands and returns
    130, SIGTERM the same with 143. Ctrl-C during the first use's compile stops at once and
    writes nothing. Run as the program (``argv=None``), it exits without waiting for a compile
    or chunk that an interrupt left running."""
    from mjsim import _compile_notice

    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_usage(sys.stderr)
        print(
            "mjsim: error: a command is required: simulate, games, variants, arena, study, "
            "check, view, play, mjai or compile (mjsim --help describes them)",
            file=sys.stderr,
        )
        return 2
    _STOPPED_BY.clear()
    main_thread = threading.current_thread() is threading.main_thread()
    handler = signal.signal(signal.SIGTERM, _on_sigterm) if main_thread else None
    try:
        with _compile_notice.silenced(True) if getattr(args, "quiet", False) else nullcontext():
            rc = COMMANDS[args.command](args)
    except (ValueError, NotImplementedError, ImportError) as e:
        print(f"mjsim: error: {e}", file=sys.stderr)
        rc = 2
    except KeyboardInterrupt:
        print("terminated" if _STOPPED_BY else "interrupted", file=sys.stderr)
        rc = _interrupt_code()
    except BrokenPipeError:
        # the reader went away (``mjsim variants | head``): not an error of ours; point stdout at
        # /dev/null so that the interpreter's final flush does not raise again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        rc = 0
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, signal.SIG_DFL if handler is None else handler)
    if argv is None and _compile_notice.abandoned():
        # a compile or chunk left running by an interrupt: exit without waiting for it
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
