"""The full differential check of the fan tables against the hand-written scorers.

Runs :mod:`mjsim.scoring.differential` over ``--hands`` random winning hands per family (default
100,000) and per non-default parameter set (``--options``), and prints hands, mismatches and
time; exit 1 on any mismatch. CI runs a few thousand per family in
``tests/test_scoring_tables.py``. Results: benchmarks/RESULTS.md ("Fan tables: differential
check").

    python benchmarks/differential_tables.py --hands 100000 --options
"""

from __future__ import annotations

import sys

from mjsim.scoring.differential import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
