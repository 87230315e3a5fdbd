"""The ``mjsim view`` and ``mjsim play`` commands (wired into :mod:`mjsim.cli`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

VIEW_HELP = "write a hand record as one self-contained HTML page (the hand viewer)"
PLAY_HELP = "play one seat against the built-in bots in a local web page"


def add_parsers(sub: Any, set_help: str) -> None:
    """Add ``view`` and ``play`` to the ``mjsim`` subcommands ``sub``."""
    p = sub.add_parser("view", help=VIEW_HELP, description=VIEW_HELP)
    p.add_argument(
        "record",
        help="a record file: JSON lines of one hand or several (Game.record and to_jsonl, "
        "mjsim play, mjsim check)",
    )
    p.add_argument(
        "--hand",
        type=int,
        default=None,
        metavar="N",
        help="only the N-th hand of the file, counted from 0 (default: every hand, with a "
        "hand selector when there are several)",
    )
    p.add_argument(
        "-o",
        "--out",
        default=None,
        metavar="FILE",
        help="the HTML file to write (default: the record's name with .html)",
    )
    p.add_argument(
        "--seat",
        type=int,
        default=None,
        help="open in this seat's view (default: every hand open)",
    )
    p.add_argument(
        "--at-end", action="store_true", help="open at the end of the hand (default: the deal)"
    )

    p = sub.add_parser("play", help=PLAY_HELP, description=PLAY_HELP)
    p.add_argument("variant", help="variant id (see `mjsim variants`)")
    p.add_argument("--seat", type=int, default=0, help="your seat, 0 = East (default 0)")
    p.add_argument(
        "--agents",
        default="greedy",
        help="the bots of the other seats, comma-separated in seat order: one name for every "
        "bot or one per bot seat (default greedy)",
    )
    p.add_argument("--set", action="append", metavar="KEY=VALUE", help=set_help)
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="deal seed, 0..2**63-1 (default: a random seed, printed and saved in the record)",
    )
    p.add_argument(
        "--out",
        default=None,
        metavar="FILE",
        help="record file the finished hands are appended to (default "
        "mjsim-play-VARIANT-SEED.jsonl in the current directory)",
    )
    p.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: a free one)")
    p.add_argument(
        "--no-browser", action="store_true", help="do not open the page in a web browser"
    )


def cmd_view(args: argparse.Namespace) -> int:
    from mjsim.view.html import page_html
    from mjsim.view.model import read_records

    src = Path(args.record)
    try:
        text = src.read_text(encoding="utf-8")
    except OSError as e:
        raise ValueError(f"{args.record}: cannot read the record ({e.strerror or e})") from None
    try:
        records = read_records(text)
    except ValueError as e:
        raise ValueError(f"{args.record}: {e}") from None
    hand = 0
    if args.hand is not None:
        if not 0 <= args.hand < len(records):
            raise ValueError(
                f"--hand {args.hand}: {args.record} holds {len(records)} hand(s), "
                f"0..{len(records) - 1}"
            )
        records = [records[args.hand]]
    out = Path(args.out) if args.out else src.with_suffix(".html")
    n = int(records[0].spec.get("n_players", 4))
    if args.seat is not None and not 0 <= args.seat < n:
        raise ValueError(f"--seat {args.seat}: a seat 0..{n - 1} of this {n}-player table")
    try:
        page = page_html(records, hand=hand, seat=args.seat, at="end" if args.at_end else 0)
    except ValueError as e:
        raise ValueError(f"{args.record}: {e}") from None
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(page, encoding="utf-8")
    except OSError as e:
        raise ValueError(f"-o {out}: cannot write ({e.strerror or e})") from None
    events = sum(len(r.events) for r in records)
    what = f"{len(records)} hands" if len(records) > 1 else f"hand {records[0].hand_no}"
    print(f"wrote {out} ({what}, {events} events; open it in a web browser)")
    return 0


def cmd_play(args: argparse.Namespace, overrides: dict[str, Any]) -> int:
    import secrets
    import time
    import webbrowser

    from mjsim import variants
    from mjsim._args import check_int
    from mjsim.view.play import PlaySession, serve

    spec = variants.get(args.variant, **overrides)
    seed = secrets.randbelow(2**31) if args.seed is None else check_int("--seed", args.seed, 0)
    check_int("--port", args.port, 0)
    names = [x.strip() for x in args.agents.split(",") if x.strip()]
    out = args.out or f"mjsim-play-{spec.name}-{seed}.jsonl"
    session = PlaySession(spec, seat=args.seat, agents=names, seed=seed, out=out)
    try:
        server = serve(session, "127.0.0.1", args.port)
    except OSError as e:
        raise ValueError(
            f"--port {args.port}: cannot listen on 127.0.0.1 ({e.strerror or e})"
        ) from None
    host, port = server.server_address[:2]
    url = f"http://{host}:{port}/"
    print(
        f"mjsim play {args.variant}: you are seat {args.seat}; open {url} (Ctrl-C to stop). "
        f"Seed {seed}; finished hands are saved to {out} (mjsim view {out})",
        flush=True,
    )
    if not args.no_browser:
        webbrowser.open(url)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.shutdown()
        print(f"stopped; {len(session.records)} finished hand(s) in {out}", file=sys.stderr)
        return 0
