"""Tianjin 天津麻将 scoring: 番 = base (提溜 1 | 捉5 3 | 龙 4 | 捉5 + 龙 7) x 2 ** factors, 天胡 x 4.

Rule source: the Tianjin rules (the rule text, numbers intact) and
the Tianjin rules (the rule text). One jitted scorer, :func:`tianjin_value`, serves the engine
(:mod:`mjsim.engine.settle`) and :func:`mjsim.score` (:func:`score_tianjin`).

Building blocks ("胡牌组合只考虑只上几种"):

- base 提溜 1 "但不能构成捉5、龙、素的、（双）混吊，就算提溜"; 捉5 3: the winning tile (5万, or a
  混 standing for it) is the 5 of a 4-5-6万 chow whose 4 and 6 may be 混 ("捉5只限于“四伍六万”");
  龙 4: one suit's 123, 456 and 789 as three chows ("可以排出“一二三”、“四五六”、“七八九”三副");
  捉5 + 龙 = 7 ("捉5+龙=3+4=7番").
- factors x2 each: 素的 (no 混 in the concealed hand, "只要求手中没有混"); 混吊 / 双混吊 (one
  factor: "两种混吊在分数上没有区别") — the winning tile is the pair partner of a 混 already in
  the hand (单混吊, "四副，另外一张..."), or completes a set with two 混 (双混吊, "另外两张是混");
  a 混 drawn onto a natural single is not 混吊 ("最后摸上混， 则不构成单混吊"); a 双混吊 set
  read as 4-5-6万 around a winning 5万 (or 混) is also 捉5 ("捉5 + 双混" = 6); 本混: the 龙 is in
  the suit of a 混 kind ("龙的花色和混儿相同"); 杠开 ("杠开番数翻倍"; also after a
  concealed kong, no extra factor for "+明杠").
- 天胡 x4 ("庄家摸到牌后，暗杠，补杠后胡牌，不算天胡": not on a kong replacement).
- Several readings: the highest value ("牌型取最大的一个"). 混 may sit inside 龙 and 捉5.
  The worked table (天胡 maximum 112, not the source's "102") is
  reproduced in ``tests/test_scoring_tianjin.py``.

Minimum: a win needs >= 2 番 ("即只要胡牌就一定在2番或2番以上"; ``min_fan=2`` in the spec).
杠开 on a plain 提溜 (2 番) is legal by default; ``score_values[TJ_TILIU_KONG_BLOOM] = 0``
makes it illegal (the scorer then returns the value without the 杠开 factor, 1).

How the scorer finds the wild kinds: ``flags[F_WILD_KINDS]`` (bit k = kind k is wild), filled by
the engine from the table's indicator and by :func:`score_tianjin` from ``wild_indicator``.

``score_values`` layout (``RuleSpec.score_values``, :data:`DEFAULT_SCORE_VALUES`):
``[tiliu_kong_bloom_legal, exposed_kong, concealed_kong, heavenly_mult]`` = ``(1, 1, 2, 4)``:
the win is paid 番 (one stake unit each) by each of the three others; kong points
per other seat: exposed/added 1 ("一个明杠的分(1分)"), concealed 2 ([public] "暗杠 +2").
"""

from __future__ import annotations

from typing import Any

import numba as nb
import numpy as np

from mjsim.kernels.wild_sets import sets_only, take, with_pair
from mjsim.melds import MELD_CONCEALED_KONG, MELD_NONE
from mjsim.scoring.api import WinInput
from mjsim.scoring.context import F_HEAVENLY, F_KONG_REPLACEMENT, F_WILD_KINDS
from mjsim.scoring.result import ScoreResult
from mjsim.tiles import parse_tiles

#: (id, english, chinese, value); value = base points (ids 0-2) or the multiplier (ids 3-8)
TIANJIN_ITEMS: tuple[tuple[int, str, str, int], ...] = (
    (0, "plain win", "提溜", 1),
    (1, "catch the five", "捉5", 3),
    (2, "dragon (123-456-789 of one suit)", "龙", 4),
    (3, "no wild", "素的", 2),
    (4, "wild single wait", "混吊", 2),
    (5, "double wild wait", "双混吊", 2),
    (6, "dragon in the wild's suit", "本混", 2),
    (7, "win on a kong replacement", "杠开", 2),
    (8, "heavenly win", "天胡", 4),
)
I_TILIU, I_ZHUO5, I_LONG, I_SU, I_HUNDIAO, I_SHUANG_HUNDIAO, I_BENHUN, I_GANGKAI, I_TIANHU = range(
    9
)

#: score_values indices
TJ_TILIU_KONG_BLOOM, TJ_EXPOSED_KONG, TJ_CONCEALED_KONG, TJ_HEAVENLY_MULT = range(4)
DEFAULT_SCORE_VALUES = (1, 1, 2, 4)

# win-tile roles tried by the scorer
# (双混吊 before 混吊 so that the item named is the 双混吊 one when both readings exist)
_R_NONE, _R_ZHUO5, _R_DOUBLE, _R_SINGLE = range(4)


@nb.njit(cache=True)
def tianjin_value(concealed, melds, win_tile, flags, table, items):
    """Tianjin 番 of a self-drawn win (the Tianjin rules), the best reading; fills ``items``.

    ``concealed``: ``uint8[>=34]`` concealed tiles INCLUDING the winning tile (wild tiles as their
    own kinds); ``melds``: ``int8[MAX_MELDS, 3]``; ``win_tile``: kind 0-33; ``flags``:
    ``int64[N_FLAGS]`` (uses ``F_WILD_KINDS``, ``F_KONG_REPLACEMENT``, ``F_HEAVENLY``);
    ``table``: ``int64[32]`` score_values (:data:`DEFAULT_SCORE_VALUES` layout); ``items``:
    ``int32[>=9]`` zeroed by the caller, filled with the counts of :data:`TIANJIN_ITEMS`.
    Returns the 番 (0 if the hand is not a 4-sets + pair win).
    """
    wmask = flags[F_WILD_KINDS]
    n_melds = 0
    for i in range(melds.shape[0]):
        if melds[i, 0] != MELD_NONE:
            n_melds += 1
    n_sets = 4 - n_melds
    nat = np.zeros(34, dtype=np.int64)
    w = 0
    wild_suit = np.zeros(3, dtype=np.bool_)
    for k in range(34):
        if (wmask >> k) & 1:
            w += concealed[k]
            if k < 27:
                wild_suit[k // 9] = True
        else:
            nat[k] = concealed[k]
    win_wild = ((wmask >> win_tile) & 1) != 0
    gangkai = flags[F_KONG_REPLACEMENT] != 0
    heavenly = flags[F_HEAVENLY] != 0 and not gangkai
    best = 0
    best_d = -2
    best_r = -1
    best_z = False
    best_dbl = False
    c = np.zeros(34, dtype=np.int64)
    for d in range(-1, 3):
        for role in range(4):
            if role == _R_ZHUO5 and not (win_wild or win_tile == 4):
                continue
            if (role == _R_SINGLE or role == _R_DOUBLE) and w == 0:
                continue
            c[:] = nat
            j = w
            used = 0
            pair_done = False
            zhuo5 = role == _R_ZHUO5 or (role == _R_DOUBLE and (win_wild or win_tile == 4))
            dbl = role == _R_DOUBLE
            if role != _R_NONE:
                # the winning tile itself
                if win_wild:
                    j -= 1
                else:
                    c[win_tile] -= 1
                if role == _R_ZHUO5:
                    j0 = j
                    j = take(c, 3, j)
                    j = take(c, 5, j)
                    used += 1
                    dbl = j0 - j == 2  # 4万 and 6万 both 混: also 双混吊
                elif role == _R_SINGLE:
                    j -= 1
                    pair_done = True
                else:
                    j -= 2
                    used += 1
            if d >= 0:
                base = 9 * d
                for x in range(9):
                    if zhuo5 and d == 0 and 3 <= x <= 5:
                        continue  # the 捉5 chow is the 龙's 456万
                    j = take(c, base + x, j)
                used += 2 if (zhuo5 and d == 0) else 3
            if j < 0 or used > n_sets:
                continue
            if pair_done:
                ok = sets_only(c, n_sets - used, j)
            else:
                ok = with_pair(c, n_sets - used, j)
            if not ok:
                continue
            v = 0
            if zhuo5:
                v += 3
            if d >= 0:
                v += 4
            if v == 0:
                v = 1
            if w == 0:
                v *= 2
            if role == _R_SINGLE or dbl:
                v *= 2
            if d >= 0 and wild_suit[d]:
                v *= 2
            if gangkai:
                v *= 2
            if v > best:
                best = v
                best_d = d
                best_r = role
                best_z = zhuo5
                best_dbl = dbl
    if best == 0:
        return 0
    # the option: 杠开 does not make a plain 提溜 a legal win
    plain = best_d < 0 and not best_z and not best_dbl and best_r != _R_SINGLE
    if gangkai and plain and w > 0 and table[TJ_TILIU_KONG_BLOOM] == 0:
        best = best // 2
        gangkai = False
    if best_z:
        items[I_ZHUO5] = 1
    if best_d >= 0:
        items[I_LONG] = 1
        if wild_suit[best_d]:
            items[I_BENHUN] = 1
    if items[I_ZHUO5] == 0 and items[I_LONG] == 0:
        items[I_TILIU] = 1
    if w == 0:
        items[I_SU] = 1
    if best_r == _R_SINGLE:
        items[I_HUNDIAO] = 1
    elif best_dbl:
        items[I_SHUANG_HUNDIAO] = 1
    if gangkai:
        items[I_GANGKAI] = 1
    if heavenly:
        items[I_TIANHU] = 1
        best *= table[TJ_HEAVENLY_MULT]
    return best


@nb.njit(cache=True)
def tianjin_kong_points(meld_type, table):
    """Kong points each other seat owes the konger: concealed ``table[2]`` (2), exposed or
    added ``table[1]`` (1). The public 金杠 (four wilds, 4) is not applied (the engine's kong
    hook does not see the tile)."""
    if meld_type == MELD_CONCEALED_KONG:
        return table[TJ_CONCEALED_KONG]
    return table[TJ_EXPOSED_KONG]


# ---------------------------------------------------------------------------------- mjsim.score


def wild_kinds(indicator: int) -> tuple[int, int]:
    """The two 混 kinds of an indicator kind (Tianjin rules): the kind itself and the next one — suits
    9 -> 1, winds E->S->W->N->E, dragons 中->发->白->中 (33 -> 32 -> 31 -> 33)."""
    k = int(indicator)
    if k < 27:
        nxt = k - k % 9 + (k % 9 + 1) % 9
    elif k < 31:
        nxt = 27 + (k - 27 + 1) % 4
    else:
        nxt = 33 if k == 31 else k - 1
    return k, nxt


def score_tianjin(
    win: WinInput, *, wild_indicator: str | int | None = None, **variant_context: Any
) -> ScoreResult:
    """Score one Tianjin win for :func:`mjsim.score` (unit 番).

    Keywords: ``wild_indicator`` (required): the turned indicator tile, e.g. ``"3p"`` or a kind
    0-33; the 混 are that kind and the next (``"3p"`` -> 3p and 4p, ``"9s"`` -> 9s and 1s,
    ``"4z"`` (北) -> 北 and 东, ``"5z"`` (白) -> 白 and 中). ``heavenly=True``: the dealer's first
    14 tiles (天胡, needs ``seat == dealer``). ``score_values``: a table in the
    :data:`DEFAULT_SCORE_VALUES` layout.

    The hand is valued by Tianjin's fan table (:mod:`mjsim.scoring.tables.tianjin`;
    :func:`tianjin_value` is its test oracle). Payments: each of the three others pays the 番 (self-draw only; 坐庄/拉庄 multipliers
    are not applied). A hand below 2 番 is ``valid=False`` with zero payments.

    Raises:
        ValueError: no ``wild_indicator``, a discard win (Tianjin is self-draw only), a robbed
            kong, a bad indicator,
            ``heavenly`` for a non-dealer, an unknown keyword, a hand that is not 4 sets + a pair
            with the wilds.
    """
    if wild_indicator is None:
        raise ValueError(
            "tianjin: wild_indicator is required (the turned indicator tile, e.g. "
            "wild_indicator='3p'; the 混 are its kind and the next)"
        )
    heavenly = bool(variant_context.pop("heavenly", False))
    values = variant_context.pop("score_values", DEFAULT_SCORE_VALUES)
    if variant_context:
        raise ValueError(
            f"tianjin: unknown keyword(s) {sorted(variant_context)}; "
            "it takes wild_indicator, heavenly, score_values"
        )
    if not win.self_drawn:
        raise ValueError("tianjin: self-draw only ('天津麻将只能自摸或杠开胡，没有点炮胡')")
    if isinstance(wild_indicator, str):
        try:
            kinds = parse_tiles(wild_indicator, flowers=False)
        except ValueError as e:
            raise ValueError(f"wild_indicator={wild_indicator!r}: {e}") from None
        if len(kinds) != 1:
            raise ValueError(f"wild_indicator must be one tile, got {wild_indicator!r}")
        ind = kinds[0]
    elif isinstance(wild_indicator, int | np.integer) and 0 <= int(wild_indicator) < 34:
        ind = int(wild_indicator)
    else:
        raise ValueError(f"wild_indicator must be a tile or a kind 0-33, got {wild_indicator!r}")
    if heavenly and win.seat != win.dealer:
        raise ValueError("tianjin: heavenly (天胡) is the dealer's win: seat must equal dealer")
    flags = win.flags.copy()
    mask = 0
    for k in wild_kinds(ind):
        mask |= 1 << k
    flags[F_WILD_KINDS] = mask
    flags[F_HEAVENLY] = int(heavenly)
    from mjsim.scoring.table_score import table_counts
    from mjsim.scoring.tables import spec_params

    value, counts = table_counts(
        "tianjin",
        spec_params("tianjin", tuple(int(x) for x in values)),
        win.concealed,
        win.melds,
        win.win_tile,
        flags,
    )
    items = np.zeros(16, np.int32)
    for i, n in counts.items():
        items[i] = n
    if value <= 0:
        raise ValueError("tianjin: not a winning hand (4 sets + a pair, 混 standing for any tile)")
    valid = value >= 2
    payments = [0, 0, 0, 0]
    if valid:
        for q in range(4):
            if q != win.seat:
                payments[q] = -value
                payments[win.seat] += value
    rows = [(i, en, zh, v, int(items[i])) for i, en, zh, v in TIANJIN_ITEMS if items[i] != 0]
    return ScoreResult(
        variant="tianjin",
        total=value,
        items=rows,
        valid=valid,
        payments=payments,
        unit="fan",
        qualifying_total=value,
    )
