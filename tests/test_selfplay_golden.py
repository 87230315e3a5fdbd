"""Golden results: the hot-path work on the game loop must not change any outcome.

For every variant stored in ``tests/data/selfplay_golden.json``, 50 hands with random bots and 50
with greedy/random bots (seed 3, one thread) must give the same per-hand outcome columns
(winners, win kind, discarder, winning tile, values, payments, decisions, draws, kongs, tiles
left) as when the file was written. A rule change that is MEANT to change outcomes regenerates
the file with ``python tests/test_selfplay_golden.py --update`` (say so in the commit message);
``--update riichi`` (variant ids) writes only those entries and keeps the others.
Without the file the tests skip.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import mjsim
from mjsim import variants

DATA = Path(__file__).parent / "data" / "selfplay_golden.json"
N_HANDS = 50
SEED = 3
AGENTS = {"random": ("random",), "mixed": ("greedy", "random", "greedy", "random")}
COLUMNS = (
    "winners",
    "win_kind",
    "discarder",
    "win_tile",
    *[f"value{p}" for p in range(4)],
    *[f"pay{p}" for p in range(4)],
    "decisions",
    "draws",
    "kongs",
    "tiles_left",
    "error",
)


def outcome_hash(variant: str, agents: tuple[str, ...]) -> str:
    """sha256 of the outcome columns of ``N_HANDS`` hands (int64, column-major)."""
    spec = variants.get(variant)
    ag = list(agents)[: spec.n_players] if len(agents) > 1 else list(agents)
    rows = mjsim.simulate(variant, N_HANDS, agents=ag, seed=SEED, threads=1)
    table = np.stack([rows[c].astype(np.int64) for c in COLUMNS])
    return hashlib.sha256(table.tobytes()).hexdigest()


def _golden() -> dict[str, str]:
    return json.loads(DATA.read_text()) if DATA.exists() else {}


def test_golden_file_covers_variants() -> None:
    keys = {k.split("|")[0] for k in _golden()}
    if not keys:
        pytest.skip(f"{DATA} not written yet: `python tests/test_selfplay_golden.py --update`")
    assert keys <= set(variants.names())


@pytest.mark.parametrize("key", sorted(_golden()))
def test_outcomes_match_golden(key: str) -> None:
    variant, kind = key.split("|")
    assert outcome_hash(variant, AGENTS[kind]) == _golden()[key], (
        f"{key}: outcomes changed; if a rule change meant this, run "
        "`python tests/test_selfplay_golden.py --update`"
    )


if __name__ == "__main__":
    if "--update" not in sys.argv:
        sys.exit("usage: python tests/test_selfplay_golden.py --update [variant ...]")
    # named variants: only their entries are (re)written, the others are kept as stored
    only = [a for a in sys.argv[1:] if a != "--update"]
    for v in only:
        variants.get(v)  # unknown id -> ValueError
    out = _golden() if only else {}
    out.update(
        {
            f"{v}|{kind}": outcome_hash(v, ag)
            for v in (only or variants.names())
            for kind, ag in AGENTS.items()
        }
    )
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"wrote {DATA} ({len(out)} entries)")
