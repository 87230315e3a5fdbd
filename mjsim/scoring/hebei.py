"""``mjsim.score`` adapter for ``hebei``: the engine's jitted placeholder scorer behind the API.

The seeds have no Hebei scoring table (the Hebei rules give none); the values are the
DEFAULT placeholder of :mod:`mjsim.variants.hebei` (``score_values``), and the payment rule is the
seed's: "只有放炮家输分，且放炮家不包分" (a discard win: only the discarder pays) and "三家都要输分"
(a self-draw: all three pay).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from mjsim.kernels.shanten import is_win
from mjsim.rules.params import P_HONOR_CHOWS, P_PAIR_RULE, P_WIN_SHAPES
from mjsim.scoring.api import WinInput
from mjsim.scoring.result import ScoreResult
from mjsim.scoring.settlement import win_transfers
from mjsim.variants.hebei import HEBEI_ITEMS, ITEM_NAMES, SPEC, hebei_value

# HEBEI_ITEMS: the item table the command line's summary names items by (``(id, English, 中文)``,
# as the other families' tables): ``ITEM_NAMES`` are identifiers, not display names
_ITEM_ZH = tuple(row[2] for row in HEBEI_ITEMS)


def score_hebei(win: WinInput, **variant_context: Any) -> ScoreResult:
    """Score one Hebei win; ``total`` and ``payments`` in points.

    Raises ``ValueError`` for an unknown keyword or a hand that is not a Hebei win (standard shape,
    all pungs, seven pairs or thirteen orphans, the last two fully concealed).
    """
    if variant_context:
        raise ValueError(f"hebei: unknown keyword(s) {sorted(variant_context)}; it takes none")
    rules = SPEC.compile()
    prm = rules.params
    shapes = int(prm[P_WIN_SHAPES])
    if not is_win(
        win.concealed,
        4 - win.n_melds,
        0,
        int(prm[P_PAIR_RULE]),
        int(prm[P_HONOR_CHOWS]),
        shapes,
    ):
        raise ValueError(
            "hebei: not a winning hand (4 melds + pair, seven pairs, thirteen orphans)"
        )
    items = np.zeros(8, np.int32)
    value = int(
        hebei_value(win.concealed, win.melds, win.win_tile, win.flags, rules.score_table, items)
    )
    out = np.zeros(4, np.int64)
    win_transfers(
        win.seat, win.discarder, value, 0, np.ones(4, np.bool_), np.ones(4, np.int64), out
    )
    payments = [int(x) for x in out]
    rows = [
        (i, name, _ITEM_ZH[i], 0, int(items[i])) for i, name in enumerate(ITEM_NAMES) if items[i]
    ]
    return ScoreResult(
        variant="hebei",
        total=value,
        items=rows,
        valid=True,
        payments=payments,
        unit="points",
        qualifying_total=value,
    )
