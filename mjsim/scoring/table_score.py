"""Score a win with a compiled fan table: the Python boundary around the jitted detector.

:func:`score_with_table` runs :func:`mjsim.scoring.detect.detect` on one win and names the rows
that count, in the variant's own words (Chinese and English). Plain Python; the jitted code is
:mod:`mjsim.scoring.detect` and :mod:`mjsim.scoring.fan_table`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mjsim.scoring.fan_table import CompiledTable
from mjsim.scoring.patterns import PATTERNS


@dataclass(frozen=True)
class TableScore:
    """One win scored by a fan table.

    Attributes:
        value: the hand value in the table's unit; -1 when the hand is not a win of the
            table's shapes.
        uncapped: the value before the cap.
        qualifying: the value of the rows that count toward ``min_to_win``.
        valid: a win (``value >= 0``) whose qualifying value reaches ``min_to_win``.
        items: ``[(row, english, chinese, value, count), ...]`` the rows that count, in table
            order (``value`` of one occurrence).
        counts: ``{pattern key: count}`` of the best reading (non-zero counts only).
        shape: the best reading's shape (``"standard"``, ``"seven_pairs"``,
            ``"thirteen_orphans"``, or ``""``).
    """

    value: int
    uncapped: int
    qualifying: int
    valid: bool
    items: list[tuple[int, str, str, int, int]]
    counts: dict[str, int]
    shape: str

    def item_counts(self) -> dict[str, int]:
        """``{chinese_name: count}`` of the items."""
        return {zh: n for _i, _en, zh, _v, n in self.items}


_SHAPE_NAMES = {1: "standard", 2: "seven_pairs", 4: "thirteen_orphans"}


def score_with_table(
    compiled: CompiledTable,
    concealed: np.ndarray,
    melds: np.ndarray,
    win_tile: int,
    flags: np.ndarray,
    n_winners: int = 1,
) -> TableScore:
    """Score one win (arrays as :mod:`mjsim.scoring.context` describes) with ``compiled``.

    ``n_winners``: players winning on the same discard (一炮三响 when 3). The hand is not
    checked for legality beyond having a reading of the table's shapes (that is the rules'
    job); the result says ``value == -1`` when it has none.
    """
    from mjsim.scoring.detect import (
        CTX_N_WINNERS,
        N_CTX,
        N_RESULT,
        R_QUALIFYING,
        R_SHAPE,
        R_UNCAPPED,
        detect,
    )

    ctx = np.zeros(N_CTX, np.int64)
    ctx[CTX_N_WINNERS] = n_winners
    counts = np.zeros(len(PATTERNS), np.int64)
    applied = np.zeros(compiled.rows.shape[0], np.int64)
    result = np.zeros(N_RESULT, np.int64)
    value = int(
        detect(
            np.ascontiguousarray(concealed[:34], np.uint8),
            np.ascontiguousarray(melds, np.int8),
            int(win_tile),
            np.ascontiguousarray(flags, np.int64),
            ctx,
            compiled.rows,
            compiled.cancels,
            compiled.header,
            counts,
            applied,
            result,
        )
    )
    from mjsim.scoring.fan_table import C_VALUE, H_MIN_TO_WIN

    items = [
        (r, en, zh, int(compiled.rows[r, C_VALUE]), int(applied[r]))
        for r, (zh, en) in enumerate(compiled.names)
        if applied[r] > 0
    ]
    qualifying = int(result[R_QUALIFYING])
    return TableScore(
        value=value,
        uncapped=int(result[R_UNCAPPED]),
        qualifying=qualifying,
        valid=value >= 0 and qualifying >= int(compiled.header[H_MIN_TO_WIN]),
        items=items if value >= 0 else [],
        counts={p.key: int(c) for p, c in zip(PATTERNS, counts, strict=True) if c},
        shape=_SHAPE_NAMES.get(int(result[R_SHAPE]), ""),
    )
