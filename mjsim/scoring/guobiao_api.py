"""The guobiao adapter of :func:`mjsim.score`: variant keywords -> flags -> jitted scorer."""

from __future__ import annotations

from typing import Any

import numpy as np

from mjsim.scoring.api import WinInput
from mjsim.scoring.context import F_FLOWERS, F_HEAVENLY
from mjsim.scoring.guobiao import (
    ERR_NOT_WIN,
    F_GB_OPTIONS,
    OPT_ALL_TERMINALS_DOUBLE_PUNG,
    OPT_KNITTED_BODY_NO_WAIT_FANS,
    OPT_KONG_PAIR_LITERAL,
    OPT_SPECIALS_ADD_FULLY_CONCEALED,
    guobiao_fan,
    guobiao_payments,
)
from mjsim.scoring.guobiao_fans import FAN_BY_ID, GUOBIAO_MIN_FAN, N_GUOBIAO_ITEMS
from mjsim.scoring.result import ScoreResult
from mjsim.scoring.win_checks import check_win_context

GUOBIAO_KEYWORDS = (
    "open_plus_concealed_kong",
    "concealed_specials_add_fully_concealed",
    "all_terminals_double_pung",
    "knitted_body_wait_fans",
    "heavenly",
)


def guobiao_options(
    *,
    open_plus_concealed_kong: int = 5,
    concealed_specials_add_fully_concealed: bool = False,
    all_terminals_double_pung: bool = False,
    knitted_body_wait_fans: bool = True,
) -> int:
    """The ``flags[F_GB_OPTIONS]`` bits for the guobiao reading options (0 = competition default).

    Raises:
        ValueError: ``open_plus_concealed_kong`` not 5 or 3.
    """
    if open_plus_concealed_kong not in (5, 3):
        raise ValueError(
            f"open_plus_concealed_kong must be 5 (明暗杠, competition) or 3 (明杠 + 暗杠), "
            f"got {open_plus_concealed_kong!r}"
        )
    opts = 0
    if open_plus_concealed_kong == 3:
        opts |= OPT_KONG_PAIR_LITERAL
    if concealed_specials_add_fully_concealed:
        opts |= OPT_SPECIALS_ADD_FULLY_CONCEALED
    if all_terminals_double_pung:
        opts |= OPT_ALL_TERMINALS_DOUBLE_PUNG
    if not knitted_body_wait_fans:
        opts |= OPT_KNITTED_BODY_NO_WAIT_FANS
    return opts


def score_guobiao(win: WinInput, **variant_context: Any) -> ScoreResult:
    """Score a validated win under Chinese Official (MCR) rules.

    Variant keywords (defaults = current competition practice, the MahjongGB reading; see
    ``docs/guobiao.md`` for the passages):

    - ``open_plus_concealed_kong``: 5 (明暗杠) or 3 (明杠 1 + 暗杠 2, the literal table).
    - ``concealed_specials_add_fully_concealed``: 九莲宝灯 / 连七对 / 十三幺 self-drawn add 不求人
      (the rule text 图解) instead of 自摸.
    - ``all_terminals_double_pung``: 清幺九 may add 双同刻 (the rule text 图解).
    - ``knitted_body_wait_fans``: ``False`` = a wait inside a 组合龙 scores no 边张 / 嵌张 /
      单钓将 (the rulebook note); ``True`` (default) = the calculator's reading.
    - ``heavenly``: the dealer's initial 14 tiles (天和 situation: no wait fans; the calculator's
      nine-gates reading for a dealt hand). 天和 itself is not an MCR fan.

    Raises:
        ValueError: an unknown keyword (listing the accepted ones), ``heavenly`` for a seat that
            is not the dealer, with a meld or on a discard
            (:func:`mjsim.scoring.win_checks.check_win_context`), or tiles that do not form a
            winning hand (4 sets + pair, seven pairs, thirteen orphans, honors-and-knitted, a
            knitted straight + set + pair).
    """
    unknown = sorted(set(variant_context) - set(GUOBIAO_KEYWORDS))
    if unknown:
        raise ValueError(
            f"unknown guobiao keyword(s) {unknown}; accepted: {', '.join(GUOBIAO_KEYWORDS)}"
        )
    heavenly = bool(variant_context.pop("heavenly", False))
    # 天和's circumstances (the dealer, no meld, a self-draw); the seat wind and the last wall
    # tile stay free, as in the MCR calculator's own inputs (seatWind; isWallLast with
    # isAboutKong)
    check_win_context(
        seat=win.seat,
        dealer=win.dealer,
        self_drawn=win.self_drawn,
        n_melds=win.n_melds,
        heavenly=heavenly,
    )
    flags = win.flags.copy()
    flags[F_GB_OPTIONS] = guobiao_options(**variant_context)
    flags[F_HEAVENLY] = int(heavenly)
    items = np.zeros(N_GUOBIAO_ITEMS, dtype=np.int32)
    total = int(guobiao_fan(win.concealed, win.melds, win.win_tile, flags, items))
    if total < 0:
        if total == ERR_NOT_WIN:
            raise ValueError(
                "not a winning hand: the tiles form neither 4 sets + a pair, nor seven pairs, "
                "thirteen orphans, honors-and-knitted tiles or a knitted straight + set + pair"
            )
        raise ValueError("tile count does not match the melds")
    base = total - int(flags[F_FLOWERS])
    valid = base >= GUOBIAO_MIN_FAN
    out = [
        (fan_id, *FAN_BY_ID[fan_id][1:3], FAN_BY_ID[fan_id][3], int(items[fan_id]))
        for fan_id in np.nonzero(items)[0].tolist()
    ]
    payments = np.zeros(4, dtype=np.int32)
    if valid:
        guobiao_payments(total, win.seat, win.discarder, win.self_drawn, payments)
    return ScoreResult(
        variant="guobiao",
        total=total,
        items=out,
        valid=valid,
        payments=[int(p) for p in payments],
        unit="fan",
        qualifying_total=base,
    )
