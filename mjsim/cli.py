"""The ``mjsim`` command line: simulate, variants, arena, study (see ``docs/cli.md``).

    mjsim simulate hebei --hands 100000 --agents greedy,greedy,random,random --out r.parquet
    mjsim variants [--show hebei]
    mjsim arena hebei --agents greedy,random,greedy,random --hands 2000 --duplicate
    mjsim study hebei --set allow_chow=true,false --hands 5000 --out study_dir
    mjsim check hebei --hands 100000 --threads 1

Every command that plays takes ``--seed``, ``--threads``, ``--set key=value`` (rule overrides,
see ``mjsim variants --show ID``) and ``--backend local|ray [--address ADDR]``. Results depend
only on the seed, never on threads, chunks or backend.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from mjsim import __version__

#: default in-kernel agents of ``simulate`` / ``study`` (one name = every seat)
DEFAULT_AGENTS = "greedy"
OUT_SUFFIXES = (".parquet", ".csv")
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


def write_rows(rows: Any, path: str | Path) -> Path:
    """Write result rows to ``.parquet`` or ``.csv`` (by suffix); ``ValueError`` otherwise."""
    import pandas as pd

    p = Path(path)
    if p.suffix not in OUT_SUFFIXES:
        raise ValueError(f"--out {str(path)!r}: the file must end in .parquet or .csv")
    if p.parent and not p.parent.exists():
        p.parent.mkdir(parents=True, exist_ok=True)
    df = pd.DataFrame(rows)
    if p.suffix == ".parquet":
        df.to_parquet(p, index=False)
    else:
        df.to_csv(p, index=False)
    return p


def read_rows(path: str | Path) -> Any:
    """Read a results file written by :func:`write_rows` (a ``pandas.DataFrame``)."""
    import pandas as pd

    p = Path(path)
    if p.suffix == ".parquet":
        return pd.read_parquet(p)
    if p.suffix == ".csv":
        return pd.read_csv(p)
    raise ValueError(f"{str(path)!r}: expected a .parquet or .csv file")


def _common(p: argparse.ArgumentParser, hands: int, hands_help: str = "hands to play") -> None:
    p.add_argument("variant", help="variant id (see `mjsim variants`)")
    p.add_argument("--hands", type=int, default=hands, help=f"{hands_help}, >= 1 (default {hands})")
    p.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    p.add_argument(
        "--threads",
        type=int,
        default=None,
        metavar="N",
        help="worker threads, 1..1024 (default: every core; 0 is an error)",
    )
    p.add_argument("--backend", choices=("local", "ray"), default="local")
    p.add_argument("--address", default=None, help="Ray cluster address (--backend ray)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


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
    p.add_argument("--set", action="append", metavar="KEY=VALUE", help="rule override")
    p.add_argument("--out", default=None, help="write the rows to FILE.parquet or FILE.csv")
    p.add_argument("--chunk", type=int, default=None, help="hands per compiled call")
    p.add_argument(
        "--match-hands",
        type=int,
        default=1,
        metavar="M",
        help="play matches of M hands: dealer, prevailing wind, honba, deposits and scores "
        "carry from hand to hand (default 1: independent hands; guobiao's schedule: 16); "
        "--hands must be a multiple of M",
    )
    p.add_argument("--json", default=None, help="also write the summary as JSON to this file")

    p = sub.add_parser("variants", help="list the variants, or show one spec")
    p.add_argument("--show", metavar="ID", default=None, help="print the full spec and options")

    p = sub.add_parser("arena", help="rank bots (duplicate play cancels the luck of the deal)")
    _common(p, 2_000, "hands to play; with --duplicate, walls (each played once per seat rotation)")
    p.add_argument(
        "--agents",
        required=True,
        help=f"agents by seat, comma-separated, at least two different; {AGENTS_REPEAT}",
    )
    p.add_argument(
        "--duplicate",
        action="store_true",
        help="replay every wall once per seat rotation (--hands then counts walls: "
        "n_players x --hands hands are played)",
    )
    p.add_argument("--set", action="append", metavar="KEY=VALUE", help="rule override")

    p = sub.add_parser("study", help="grid of rule overrides vs the base rules, same seeds")
    _common(p, 5_000)
    p.add_argument(
        "--set",
        action="append",
        required=True,
        metavar="KEY=V1,V2",
        help="a rule and its alternatives (tuple fields: alternatives separated by ';')",
    )
    p.add_argument(
        "--agents",
        default=DEFAULT_AGENTS,
        help=f"agents by seat, comma-separated; one name: every seat; {AGENTS_REPEAT}; sized "
        "to each cell's seat count (default greedy)",
    )
    p.add_argument("--out", default=None, help="directory for study.csv and the PNG plots")
    p.add_argument("--no-plots", action="store_true")

    p = sub.add_parser(
        "check",
        help="soak check: play hands with every invariant checked at every step",
        description="Play --hands hands with every invariant checked at every step (tile "
        "conservation, hand sizes, zero-sum payments, the legal mask, hand termination) and "
        "report each violation with a replayable record. Exit 0 when clean, 1 when a "
        "violation was found, 130 when interrupted clean. `mjsim check --replay FILE` replays "
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
    p.add_argument("--set", action="append", metavar="KEY=VALUE", help="rule override")
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
    return parser


# ----------------------------------------------------------------------------------- commands
def _first_run_notice(quiet: bool) -> None:
    """Tell the user, before the progress bar sits at 0 for minutes, that this run compiles the
    game loop (once per installed version of mjsim's sources, then cached on disk)."""
    from mjsim import _cache, selfplay

    if quiet or _cache.has_compiled(selfplay.__name__, "selfplay._run_slice-*.nbi") is not False:
        return
    print(
        "mjsim: first run of these sources on this machine: compiling the game loop and the bots "
        "(several CPU-minutes, once; later runs start in seconds). Cache: "
        f"{_cache.CACHE_DIR}",
        file=sys.stderr,
        flush=True,
    )


def cmd_simulate(args: argparse.Namespace) -> int:
    from mjsim import variants
    from mjsim.distributed import item_names, run
    from mjsim.stats import format_summary, summarize, to_jsonable

    if args.out is not None and Path(args.out).suffix not in OUT_SUFFIXES:
        raise ValueError(f"--out {args.out!r}: the file must end in .parquet or .csv")
    _check_counts(args)
    overrides = _overrides(args.set)
    spec = variants.get(args.variant, **overrides)
    agents = _agents(args.agents, spec.n_players)
    _first_run_notice(args.quiet)
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
    failed = []  # outputs that could not be written: the rest is still printed and written
    if args.out is not None:
        try:
            path = write_rows(rows, args.out)
            print(f"wrote {len(rows)} rows to {path}")
        except OSError as e:
            failed.append(_write_failed("--out", args.out, e))
    if len(rows):
        summ = summarize(rows, agents, spec.n_players, item_names(spec))
        title = f"{spec.name}: {len(rows)} hands, seed {args.seed}, agents {','.join(agents)}"
        if overrides:
            title += "  overrides: " + " ".join(f"{k}={v}" for k, v in overrides.items())
        print(format_summary(summ, title))
        if args.json:
            try:
                Path(args.json).write_text(json.dumps(to_jsonable(summ), indent=1))
            except OSError as e:
                failed.append(_write_failed("--json", args.json, e))
    return _exit_code(res.interrupted, failed)


def _write_failed(option: str, path: str, e: OSError) -> str:
    """Print (stderr) that an output could not be written after the run; returns the message."""
    msg = f"mjsim: error: {option} {path!r} could not be written: {e.strerror or e}"
    print(msg, file=sys.stderr)
    return msg


def _exit_code(interrupted: bool, failed: list[str]) -> int:
    """130 after Ctrl-C, 1 if an output could not be written (the rest was), else 0."""
    if interrupted:
        return 130
    if failed:
        print(
            f"mjsim: {len(failed)} output(s) not written (see above); the summary is complete",
            file=sys.stderr,
        )
        return 1
    return 0


def _describe(vid: str) -> tuple[str, str]:
    """(one-line description, module docstring) of a registered variant."""
    from mjsim import variants

    module = variants.module(vid) or importlib.import_module(f"mjsim.variants.{vid}")
    doc = inspect.getdoc(module) or ""
    return (doc.splitlines()[0] if doc else vid), doc


def field_options() -> dict[str, str]:
    """RuleSpec field -> its documentation comment (meaning and allowed values), read from the
    dataclass source."""
    from mjsim.rules import spec as spec_mod

    src = inspect.getsource(spec_mod.RuleSpec).splitlines()
    out: dict[str, str] = {}
    last = None
    for line in src:
        m = re.match(r"^    (\w+): [^=]+=[^#]*(?:#\s*(.*))?$", line)
        if m and not line.strip().startswith("#"):
            last = m.group(1)
            out[last] = (m.group(2) or "").strip()
            continue
        m = re.match(r"^    #\s?(.*)$", line)
        if m and last is not None and not m.group(1).startswith("----"):
            out[last] = (out[last] + " " + m.group(1).strip()).strip()
        else:
            last = None if line.strip() == "" or line.strip().startswith("#") else last
    return out


def cmd_variants(args: argparse.Namespace) -> int:
    from mjsim import variants
    from mjsim.rules.spec import check_playable

    if args.show is None:
        names = variants.names()
        width = max(len(n) for n in names) + 2
        for vid in names:
            print(f"{vid:<{width}}{_describe(vid)[0]}")
        return 0
    spec = variants.get(args.show)
    _, doc = _describe(args.show)
    print(doc)
    print()
    try:
        check_playable(spec)
    except NotImplementedError as e:
        print(f"NOTE: {e}\n")
    opts = field_options()
    print(f"spec {spec.name!r} (override any field with --set key=value):")
    for k, v in spec.to_dict().items():
        val = ",".join(str(x) for x in v) if isinstance(v, list) else str(v)
        print(f"  {k:<26}= {val:<18} {opts.get(k, '')}")
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    from mjsim import variants
    from mjsim.arena import arena, format_arena

    _check_counts(args)
    overrides = _overrides(args.set)
    spec = variants.get(args.variant, **overrides)
    agents = _agents(args.agents, spec.n_players)
    _first_run_notice(args.quiet)
    res = arena(
        spec,
        agents,
        args.hands,
        args.seed,
        args.threads,
        duplicate=args.duplicate,
        backend=args.backend,
        address=args.address,
        progress=not args.quiet,
    )
    print(format_arena(res))
    return 130 if res.interrupted else 0


def cmd_study(args: argparse.Namespace) -> int:
    from mjsim import variants
    from mjsim.study import format_study, parse_grid, play_study, write_study

    _check_counts(args)
    grid = parse_grid(args.set)
    variants.get(args.variant)  # an unknown variant is named before the cells
    _first_run_notice(args.quiet)
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
            paths = write_study(played, args.out, plots=not args.no_plots)
        except OSError as e:
            failed.append(_write_failed("--out", args.out, e))
        else:
            plots = " and plots" if len(paths) > 1 else ""
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
    _first_run_notice(args.quiet)
    with soak.sigterm_as_interrupt():
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
    return 130 if rep.interrupted else 0


COMMANDS = {
    "simulate": cmd_simulate,
    "variants": cmd_variants,
    "arena": cmd_arena,
    "study": cmd_study,
    "check": cmd_check,
}


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``mjsim`` console script; returns the process exit code.

    Bad input (unknown variant, field, agent, file type...) prints ``mjsim: error: ...`` and
    returns 2; Ctrl-C during a run keeps the finished hands and returns 130."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return COMMANDS[args.command](args)
    except (ValueError, NotImplementedError, ImportError) as e:
        print(f"mjsim: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (``mjsim variants | head``): not an error of ours; point stdout at
        # /dev/null so that the interpreter's final flush does not raise again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
