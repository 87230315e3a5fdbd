"""Hebei 河北麻将's placeholder scorer: the jitted hand value and kong points, and the
``mjsim.score`` adapter.

The rule texts give no Hebei scoring table; the values are the
DEFAULT placeholder ``score_values`` of :mod:`mjsim.variants.hebei` (:data:`HEBEI_SCORE_VALUES`):
平胡 1 point; self-draw x2, paid by all three; all pungs (碰碰胡), seven pairs and thirteen orphans
as configurable multipliers; kong points paid only if the konger wins. ``score_values`` layout:
``[base, self_draw_mult, all_pungs_mult, seven_pairs_mult, thirteen_orphans_mult,
concealed_kong_points, exposed_kong_points]``. The payment rule is the rule text's: "只有放炮家输分，且放炮家
不包分" (a discard win: only the discarder pays) and "三家都要输分" (a self-draw: all three pay).
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.kernels.shanten import is_win
from mjsim.melds import MELD_ADDED_KONG, MELD_CONCEALED_KONG, MELD_KONG, MELD_NONE, MELD_PUNG
from mjsim.rules.params import (
    HONOR_CHOW_NONE,
    PAIR_ANY,
    SHAPE_SEVEN_PAIRS,
    SHAPE_STANDARD,
    SHAPE_THIRTEEN_ORPHANS,
)
from mjsim.rules.spec import HEBEI_SCORE_VALUES
from mjsim.scoring.api import WinInput
from mjsim.scoring.context import F_SELF_DRAWN
from mjsim.scoring.result import ScoreResult
from mjsim.scoring.settlement import win_transfers

#: Scoring items of the placeholder table (index into ``items``).
ITEM_NAMES = ("basic_win", "self_draw", "all_pungs", "seven_pairs", "thirteen_orphans")
#: the same items for display (``(id, English, 中文)``, as the other families' item tables): what
#: the command line's summary and the hand outcome (:mod:`mjsim.outcome`) name them by
HEBEI_ITEMS = (
    (0, "basic win", "平胡"),
    (1, "self-draw", "自摸"),
    (2, "all pungs", "碰碰胡"),
    (3, "seven pairs", "七对"),
    (4, "thirteen orphans", "十三幺"),
)
I_BASIC, I_SELF_DRAW, I_ALL_PUNGS, I_SEVEN_PAIRS, I_THIRTEEN_ORPHANS = range(5)

#: the win shapes of the Hebei spec (standard, seven pairs, thirteen orphans; any pair)
_SHAPES = SHAPE_STANDARD | SHAPE_SEVEN_PAIRS | SHAPE_THIRTEEN_ORPHANS

_ORPHANS = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33], dtype=np.int64)


@nb.njit(cache=True)
def hebei_value(concealed, melds, win_tile, flags, table, items):
    """Placeholder Hebei hand value (DEFAULT; the rule texts have no table).

    ``concealed``: ``uint8[>=34]`` concealed tiles including the winning tile; ``melds``:
    ``int8[MAX_MELDS, 3]``; ``flags``: ``int64[N_FLAGS]`` (``F_*``); ``table``: ``int64[32]``
    (``score_values``); ``items``: ``int32[>=5]`` zeroed by the caller, filled with item counts.
    Returns the value one payer pays (points). The hand is assumed to be a legal win.
    """
    n_melds = 0
    all_pung_melds = True
    for i in range(melds.shape[0]):
        mt = melds[i, 0]
        if mt == MELD_NONE:
            continue
        n_melds += 1
        if not (
            mt == MELD_PUNG or mt == MELD_KONG or mt == MELD_ADDED_KONG or mt == MELD_CONCEALED_KONG
        ):
            all_pung_melds = False
    pairs = 0
    triples = 0
    odd = 0
    total = 0
    for k in range(34):
        c = concealed[k]
        total += c
        if c == 2:
            pairs += 1
        elif c == 3:
            triples += 1
        elif c != 0:
            odd += 1
    mult = 1
    items[I_BASIC] = 1
    if n_melds == 0 and total == 14:
        have = 0
        for j in range(13):
            if concealed[_ORPHANS[j]] > 0:
                have += 1
        if have == 13:
            items[I_THIRTEEN_ORPHANS] = 1
            mult = table[4]
        elif pairs + 2 * odd == 7 and triples == 0:
            # seven distinct pairs (a kind with 4 counts as two pairs)
            ok = True
            for k in range(34):
                if concealed[k] % 2 == 1:
                    ok = False
            if ok:
                items[I_SEVEN_PAIRS] = 1
                mult = table[3]
    if all_pung_melds and pairs == 1 and odd == 0 and items[I_THIRTEEN_ORPHANS] == 0:
        items[I_ALL_PUNGS] = 1
        if table[2] > mult:
            mult = table[2]
    value = table[0] * mult
    if flags[F_SELF_DRAWN] != 0:
        items[I_SELF_DRAW] = 1
        value *= table[1]
    return value


@internal
def hebei_kong_points(meld_type, table):
    """Points each other seat owes the konger for one kong (placeholder)."""
    if meld_type == MELD_CONCEALED_KONG:
        return table[5]
    return table[6]


_ITEM_ZH = tuple(row[2] for row in HEBEI_ITEMS)


#: the default table as the engine passes it (``CompiledRules.score_table``: 32 values, padded)
_TABLE = np.zeros(32, np.int64)
_TABLE[: len(HEBEI_SCORE_VALUES)] = HEBEI_SCORE_VALUES


def score_hebei(win: WinInput, **variant_context: Any) -> ScoreResult:
    """Score one Hebei win; ``total`` and ``payments`` in points.

    Raises ``ValueError`` for an unknown keyword or a hand that is not a Hebei win (standard shape,
    all pungs, seven pairs or thirteen orphans, the last two fully concealed).
    """
    if variant_context:
        raise ValueError(f"hebei: unknown keyword(s) {sorted(variant_context)}; it takes none")
    if not is_win(win.concealed, 4 - win.n_melds, 0, PAIR_ANY, HONOR_CHOW_NONE, _SHAPES):
        raise ValueError(
            "hebei: not a winning hand (4 melds + pair, seven pairs, thirteen orphans)"
        )
    items = np.zeros(8, np.int32)
    value = int(hebei_value(win.concealed, win.melds, win.win_tile, win.flags, _TABLE, items))
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
