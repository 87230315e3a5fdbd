"""The ``mjsim`` command line (argparse). Subcommands are added as the features land."""

from __future__ import annotations

import argparse
import sys

from mjsim import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mjsim", description=__doc__)
    parser.add_argument("--version", action="version", version=f"mjsim {__version__}")
    parser.add_subparsers(dest="command")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``mjsim`` console script; returns the process exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
