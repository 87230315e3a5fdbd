"""Japanese Riichi scoring: yaku, fu, han -> basic points with limits, payments (``riichi``).

Spec: the Riichi rules ("日本麻将", completed from public knowledge); where the spec
is silent the public Tenhou rules apply, which is also what the ``mahjong`` package (the test
oracle) implements. Yaku table: :mod:`mjsim.scoring.riichi_yaku`.

Rules implemented:

- at least one yaku is needed; dora, red fives and ura dora add han but do not qualify
  ("At least one yaku is required to win; dora do not count as yaku");
- every reading of the hand is scored (each decomposition into sets x each set that may hold the
  winning tile, seven pairs, thirteen orphans) and the most valuable one counts; on a discard win
  a pung completed by the winning tile counts as exposed (fu and concealed-pung yaku);
- fu: 20 base, +10 concealed discard win, +2 self-draw (none for pinfu: pinfu self-draw is 20),
  pungs 2/4 (simples / terminals-honours) x2 concealed x4 kong, pair of a dragon / seat wind /
  round wind +2 each (a double-wind pair is 4), edge / closed / single wait +2, rounded up to 10;
  seven pairs 25; an exposed hand without fu is 30 ("an open hand whose fu would be 20 on a ron
  counts 30"; so is its self-draw, as in Tenhou);
- basic points ``b = fu * 2 ** (2 + han)``, mangan 2000 (5 han or b >= 2000), haneman 3000 (6-7),
  baiman 4000 (8-10), sanbaiman 6000 (11-12), yakuman 8000 (13+ han "kazoe", or a yakuman hand;
  several yakuman add up, at most six);
- payments: non-dealer discard win 4b, dealer 6b, from the discarder (the robbed player on
  chankan); self-draw: each non-dealer b and the dealer 2b (dealer winner: 2b from each); each
  payment rounded up to 100; honba +300 on a discard win (+100 from each payer on a self-draw);
  riichi deposits (1000 each) go to the winner.

Defaults (options, ``OPT_*`` bits in the ``F_RC_OPTIONS`` flag):

- ``kuitan`` on: all simples counts in an exposed hand (Tenhou "喰断あり");
- ``double_yakuman`` off: the 13-sided thirteen orphans, four concealed pungs single wait, pure
  nine gates and big four winds are single yakuman (Tenhou); distinct yakuman still add up;
- ``kiriage`` off: 4 han 30 fu / 3 han 60 fu are 7700 / 11600, not mangan;
- ``kazoe`` 13+ han (no yakuman) is a counted yakuman, at most one (Tenhou); with
  ``OPT_KAZOE_SANBAIMAN`` it is capped at sanbaiman;
- renhou (a non-dealer's discard win in the first go-round, before its own first discard and
  with no call made; context flag ``F_HUMAN``) is not scored (Tenhou); ``OPT_RENHOU_MANGAN``
  makes it a 5-han yaku counted with the others (as the ``mahjong`` package), and
  ``OPT_RENHOU_YAKUMAN`` a yakuman. Nagashi mangan is paid at the draw by the engine
  (``nagashi_mangan``), not by this scorer.

Win-context flags (``mjsim.scoring.context``): ``F_READY`` = riichi, ``F_LAST_WALL_TILE`` =
haitei (self-draw) / houtei (discard), ``F_KONG_REPLACEMENT`` = rinshan, ``F_ROBBING_KONG`` =
chankan, ``F_HEAVENLY`` / ``F_EARTHLY`` = tenhou / chiihou; Riichi's own flags (indices 19-23):
``F_RC_DOUBLE_RIICHI``, ``F_RC_IPPATSU``, ``F_RC_DORA`` (``dora | aka << 8 | ura << 16``: dora,
red-five and ura-dora tile counts, computed by the caller, ura counted only under riichi) and
``F_RC_OPTIONS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit

from mjsim.kernels import HONOR_CHOW_NONE, PAIR_ANY, SET_CHOW
from mjsim.kernels.decompose import decompose
from mjsim.kernels.special import is_seven_pairs_distinct, is_thirteen_orphans
from mjsim.melds import MELD_CHOW, MELD_CONCEALED_KONG, MELD_NONE, MELD_PUNG
from mjsim.scoring.api import WinInput
from mjsim.scoring.context import (
    F_EARTHLY,
    F_HEAVENLY,
    F_HUMAN,
    F_KONG_REPLACEMENT,
    F_LAST_WALL_TILE,
    F_READY,
    F_ROBBING_KONG,
    F_ROUND_WIND,
    F_SEAT_WIND,
    F_SELF_DRAWN,
)
from mjsim.scoring.melds_parse import meld_tiles
from mjsim.scoring.result import ScoreResult
from mjsim.scoring.riichi_yaku import (
    N_YAKU,
    RIICHI_YAKU,
    Y_AKA_DORA,
    Y_CHANKAN,
    Y_CHANTA,
    Y_CHIIHOU,
    Y_CHIITOITSU,
    Y_CHINITSU,
    Y_CHINROUTOU,
    Y_CHUN,
    Y_CHUUREN,
    Y_CHUUREN_9,
    Y_DAISANGEN,
    Y_DAISUUSHII,
    Y_DORA,
    Y_DOUBLE_RIICHI,
    Y_HAITEI,
    Y_HAKU,
    Y_HATSU,
    Y_HONITSU,
    Y_HONROUTOU,
    Y_HOUTEI,
    Y_IIPEIKOU,
    Y_IPPATSU,
    Y_ITTSU,
    Y_JUNCHAN,
    Y_KOKUSHI,
    Y_KOKUSHI_13,
    Y_PINFU,
    Y_RENHOU,
    Y_RENHOU_YAKUMAN,
    Y_RIICHI,
    Y_RINSHAN,
    Y_ROUND_WIND,
    Y_RYANPEIKOU,
    Y_RYUUIISOU,
    Y_SANANKOU,
    Y_SANKANTSU,
    Y_SANSHOKU,
    Y_SANSHOKU_DOUKOU,
    Y_SEAT_WIND,
    Y_SHOUSANGEN,
    Y_SHOUSUUSHII,
    Y_SUUANKOU,
    Y_SUUANKOU_TANKI,
    Y_SUUKANTSU,
    Y_TANYAO,
    Y_TENHOU,
    Y_TOITOI,
    Y_TSUMO,
    Y_TSUUIISOU,
    Y_URA_DORA,
)
from mjsim.tiles import parse_tiles, tile_name

__all__ = [
    "F_RC_DOUBLE_RIICHI",
    "F_RC_IPPATSU",
    "F_RC_DORA",
    "F_RC_OPTIONS",
    "OPT_KUITAN",
    "OPT_DOUBLE_YAKUMAN",
    "OPT_KIRIAGE",
    "OPT_KAZOE_SANBAIMAN",
    "OPT_RENHOU_MANGAN",
    "OPT_RENHOU_YAKUMAN",
    "DEFAULT_OPTIONS",
    "RiichiScoreResult",
    "dora_kind",
    "count_dora",
    "count_dora_in",
    "dora_kind_in",
    "riichi_eval",
    "riichi_base_points",
    "riichi_win_payments",
    "riichi_options",
    "score_riichi",
]

# ---- Riichi's own win-context flags (flags indices 19..23)
F_RC_DOUBLE_RIICHI = 19  # declared riichi on the first go-round (double riichi)
F_RC_IPPATSU = 20  # won within one go-round of the riichi declaration, no call in between
F_RC_DORA = 21  # dora | aka << 8 | ura << 16 (tile counts; the scorer adds them to a valid hand)
F_RC_OPTIONS = 22  # OPT_* bits

# ---- options (bits)
OPT_KUITAN = 1  # all simples counts in an exposed hand
OPT_DOUBLE_YAKUMAN = 2  # 13-sided kokushi, suuankou tanki, pure nine gates, big four winds x2
OPT_KIRIAGE = 4  # 4 han 30 fu and 3 han 60 fu are rounded up to mangan
OPT_KAZOE_SANBAIMAN = 8  # 13+ han without a yakuman is capped at sanbaiman (RuleSpec kazoe_limit)
OPT_RENHOU_MANGAN = 16  # renhou is a 5-han yaku (RuleSpec renhou="mangan")
OPT_RENHOU_YAKUMAN = 32  # renhou is a yakuman (RuleSpec renhou="yakuman")
DEFAULT_OPTIONS = OPT_KUITAN

#: han of each yaku in a closed / exposed hand (0 = closed only)
HAN_CLOSED = np.array([row[3] for row in RIICHI_YAKU], dtype=np.int64)
HAN_OPEN = np.array([row[4] for row in RIICHI_YAKU], dtype=np.int64)

_MAX_DECOMP = 16
_ST_CHOW = 0
_ST_PUNG = 1
_ST_KONG = 2


@njit(cache=True)
def dora_kind(indicator: int) -> int:
    """The dora kind shown by an indicator: the next tile in its suit (9 -> 1), winds E-S-W-N-E,
    dragons White-Green-Red-White."""
    if indicator < 27:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator < 31:
        return 27 if indicator == 30 else indicator + 1
    return 31 if indicator == 33 else indicator + 1


@njit(cache=True)
def count_dora(full: np.ndarray, indicators: np.ndarray, n: int) -> int:
    """Dora tiles in ``full`` (``uint8[34]``, concealed + meld tiles, kongs 4) for the first ``n``
    indicator kinds of ``indicators``; an indicator shown twice counts its dora twice."""
    c = 0
    for i in range(n):
        c += full[dora_kind(indicators[i])]
    return c


@njit(cache=True)
def dora_kind_in(indicator: int, counts: np.ndarray) -> int:
    """:func:`dora_kind` in a tile set of ``counts`` (copies per kind, at least 34 entries): kinds
    with no copy are passed over, so in three-player Riichi (2m-8m removed) the indicator 1m
    shows 9m and 9m shows 1m. An indicator of a kind past the 34 (a flower standing for North,
    :attr:`mjsim.rules.RuleSpec.flower_dora`) reads as North and shows East."""
    k = 30 if indicator >= 34 else indicator
    d = dora_kind(k)
    while counts[d] == 0 and d != k:
        d = dora_kind(d)
    return d


@njit(cache=True)
def count_dora_in(full: np.ndarray, indicators: np.ndarray, n: int, counts: np.ndarray) -> int:
    """:func:`count_dora` in a tile set of ``counts`` (:func:`dora_kind_in`)."""
    c = 0
    for i in range(n):
        c += full[dora_kind_in(indicators[i], counts)]
    return c


@njit(cache=True)
def riichi_base_points(han: int, fu: int, yakuman: int, options: int) -> int:
    """Basic points ``b`` of a hand: ``fu * 2 ** (2 + han)`` below mangan, else the limit
    (mangan 2000, haneman 3000, baiman 4000, sanbaiman 6000, 8000 per yakuman, at most six).
    ``yakuman`` = number of yakuman units (0 for an ordinary hand; 13+ han is kazoe yakuman, or
    sanbaiman under ``OPT_KAZOE_SANBAIMAN``)."""
    if yakuman > 0:
        return 8000 * min(yakuman, 6)
    if han >= 13 and not (options & OPT_KAZOE_SANBAIMAN):
        return 8000
    if han >= 11:
        return 6000
    if han >= 8:
        return 4000
    if han >= 6:
        return 3000
    if han >= 5:
        return 2000
    b = fu * (1 << (2 + han))
    if b > 2000:
        return 2000
    if (options & OPT_KIRIAGE) and ((han == 4 and fu == 30) or (han == 3 and fu == 60)):
        return 2000
    return b


@njit(cache=True)
def _up100(x: int) -> int:
    return (x + 99) // 100 * 100


@njit(cache=True)
def riichi_win_payments(base, winner, discarder, dealer, honba, deposits, out, n_players, bisect):
    """Add the payments of one win to ``out`` (``int64[>= n_players]``, winner positive).

    ``discarder`` < 0 = self-draw. Discard win: the discarder pays 6b (dealer winner) or 4b,
    +300 per honba. Self-draw: 2b from each (dealer winner) or 2b from the dealer and b from the
    others, +100 per honba from each payer; every payment rounded up to 100. Only the
    ``n_players`` seats at the table pay: with three seats the absent fourth seat's share (a
    non-dealer's: 2b for a dealer winner, b otherwise) is not paid (ツモ損, ``bisect`` = 0), or
    with ``bisect`` = 1 (北家折半) each payer adds half of it before the rounding (a dealer
    winner gets 3b from each, a non-dealer 2.5b from the dealer and 1.5b from the other).
    ``deposits`` riichi sticks (1000 each) go to the winner from the table, so ``out`` then sums
    to ``1000 * deposits``.
    """
    if discarder < 0:
        missing = 0
        if bisect != 0 and n_players == 3:
            missing = 2 * base if winner == dealer else base
        for q in range(n_players):
            if q == winner:
                continue
            share = 2 * base if (winner == dealer or q == dealer) else base
            pay = (2 * share + missing + 199) // 200 * 100
            pay += 100 * honba
            out[q] -= pay
            out[winner] += pay
    else:
        pay = _up100(6 * base if winner == dealer else 4 * base) + 300 * honba
        out[discarder] -= pay
        out[winner] += pay
    out[winner] += 1000 * deposits


@njit(cache=True)
def _is_th(k: int) -> bool:
    return k >= 27 or k % 9 == 0 or k % 9 == 8


@njit(cache=True)
def _common_yaku(flags, is_open, items):
    """Situational yaku shared by every reading (riichi, ippatsu, tsumo, last tile, ...)."""
    tsumo = flags[F_SELF_DRAWN] != 0
    if flags[F_RC_DOUBLE_RIICHI] != 0:
        items[Y_DOUBLE_RIICHI] = 1
    elif flags[F_READY] != 0:
        items[Y_RIICHI] = 1
    if flags[F_RC_IPPATSU] != 0:
        items[Y_IPPATSU] = 1
    if tsumo and not is_open:
        items[Y_TSUMO] = 1
    if flags[F_LAST_WALL_TILE] != 0:
        if tsumo:
            items[Y_HAITEI] = 1
        else:
            items[Y_HOUTEI] = 1
    if flags[F_KONG_REPLACEMENT] != 0:
        items[Y_RINSHAN] = 1
    if flags[F_ROBBING_KONG] != 0:
        items[Y_CHANKAN] = 1
    if flags[F_HEAVENLY] != 0:
        items[Y_TENHOU] = 1
    if flags[F_EARTHLY] != 0:
        items[Y_CHIIHOU] = 1
    if flags[F_HUMAN] != 0 and not tsumo and not is_open:
        options = flags[F_RC_OPTIONS]
        if options & OPT_RENHOU_YAKUMAN:
            items[Y_RENHOU_YAKUMAN] = 1
        elif options & OPT_RENHOU_MANGAN:
            items[Y_RENHOU] = 1


@njit(cache=True)
def _suit_mask(full):
    """(bit mask of the suits present, honours present)."""
    mask = 0
    for s in range(3):
        for r in range(9):
            if full[9 * s + r] > 0:
                mask |= 1 << s
                break
    honors = False
    for k in range(27, 34):
        if full[k] > 0:
            honors = True
    return mask, honors


@njit(cache=True)
def _flush_yaku(full, items):
    mask, honors = _suit_mask(full)
    if mask == 1 or mask == 2 or mask == 4:
        if honors:
            items[Y_HONITSU] = 1
        else:
            items[Y_CHINITSU] = 1


@njit(cache=True)
def _finish(items, is_open, flags, options, fu, raw_fu, info):
    """Sum han (yakuman only if any), add dora to a qualifying hand; fill ``info`` =
    (han, fu, yakuman units, base, qualifying han, raw fu); return the base points (0 = no yaku)."""
    tsumo = flags[F_SELF_DRAWN] != 0
    yakuman = 0
    for y in range(Y_KOKUSHI, Y_RENHOU_YAKUMAN + 1):
        if y >= Y_DORA and y != Y_RENHOU_YAKUMAN:
            continue  # dora rows and the 5-han renhou
        if items[y] > 0:
            unit = 1
            if (options & OPT_DOUBLE_YAKUMAN) and (
                y == Y_KOKUSHI_13 or y == Y_SUUANKOU_TANKI or y == Y_CHUUREN_9 or y == Y_DAISUUSHII
            ):
                unit = 2
            yakuman += unit * items[y]
    han = 0
    if yakuman > 0:
        for y in range(Y_KOKUSHI):
            items[y] = 0
        items[Y_RENHOU] = 0
        han = 13 * yakuman
        if han > 78:
            han = 78
        yakuman = han // 13
    else:
        for y in range(Y_RENHOU + 1):
            if Y_KOKUSHI <= y < Y_RENHOU:
                continue  # yakuman and dora rows
            if items[y] > 0:
                h = HAN_OPEN[y] if is_open else HAN_CLOSED[y]
                if h == 0:
                    items[y] = 0
                han += h * items[y]
    qual = han
    dora = flags[F_RC_DORA]
    if han > 0 and yakuman == 0:
        items[Y_DORA] = dora & 255
        items[Y_AKA_DORA] = (dora >> 8) & 255
        if items[Y_RIICHI] > 0 or items[Y_DOUBLE_RIICHI] > 0:
            items[Y_URA_DORA] = (dora >> 16) & 255
        han += items[Y_DORA] + items[Y_AKA_DORA] + items[Y_URA_DORA]
    base = 0
    if qual > 0:
        base = riichi_base_points(han, fu, yakuman, options)
    info[0] = han
    info[1] = fu
    info[2] = yakuman
    info[3] = base
    info[4] = qual
    info[5] = raw_fu
    _ = tsumo
    return base


@njit(cache=True)
def _standard_reading(st, tl, cc, pair, wg, win, is_open, n_melds, full, flags, options, items):
    """Yaku and fu of one reading: sets ``st`` (chow / pung / kong), ``tl`` (tile; a chow's lowest),
    ``cc`` (1 = concealed) of length 4, the pair kind, ``wg`` = index of the set completed by the
    winning tile (-1 = the pair). Fills ``items``; returns (fu rounded, raw fu)."""
    for i in range(N_YAKU):
        items[i] = 0
    tsumo = flags[F_SELF_DRAWN] != 0
    seat_w = 27 + flags[F_SEAT_WIND]
    round_w = 27 + flags[F_ROUND_WIND]
    _common_yaku(flags, is_open, items)
    ron_pung = (not tsumo) and wg >= 0 and st[wg] == _ST_PUNG
    # ---- counts
    n_chow = 0
    n_pung = 0
    n_kong = 0
    n_conc_pung = 0
    for i in range(4):
        if st[i] == _ST_CHOW:
            n_chow += 1
        else:
            n_pung += 1
            if st[i] == _ST_KONG:
                n_kong += 1
            if cc[i] == 1 and not (ron_pung and i == wg):
                n_conc_pung += 1
    # ---- fu
    fu = 0
    if wg >= 0 and st[wg] == _ST_CHOW:
        t = tl[wg]
        r = t % 9
        if (r == 0 and win == t + 2) or (r == 6 and win == t):
            fu += 2  # edge wait
        if win == t + 1:
            fu += 2  # closed wait
    if pair >= 31:
        fu += 2
    if pair == seat_w:
        fu += 2
    if pair == round_w:
        fu += 2
    if wg < 0:
        fu += 2  # single wait
    for i in range(4):
        if st[i] != _ST_CHOW:
            f = 4 if _is_th(tl[i]) else 2
            if st[i] == _ST_KONG:
                f *= 4
            if cc[i] == 1 and not (ron_pung and i == wg):
                f *= 2
            fu += f
    pinfu_shape = fu == 0 and not is_open
    if tsumo and fu > 0:
        fu += 2
    if is_open and fu == 0:
        fu += 2
    fu += 20 if (is_open or tsumo) else 30
    raw = fu
    fu = (fu + 9) // 10 * 10
    # ---- yakuman
    dragon_p = 0
    wind_p = 0
    for i in range(4):
        if st[i] != _ST_CHOW:
            if tl[i] >= 31:
                dragon_p += 1
            elif tl[i] >= 27:
                wind_p += 1
    if dragon_p == 3:
        items[Y_DAISANGEN] = 1
    if wind_p == 4:
        items[Y_DAISUUSHII] = 1
    elif wind_p == 3 and 27 <= pair < 31:
        items[Y_SHOUSUUSHII] = 1
    all_honor = True
    all_term = True
    all_green = True
    for k in range(34):
        if full[k] > 0:
            if k < 27:
                all_honor = False
            if not (k < 27 and (k % 9 == 0 or k % 9 == 8)):
                all_term = False
            if not (k == 19 or k == 20 or k == 21 or k == 23 or k == 25 or k == 32):
                all_green = False
    if all_honor:
        items[Y_TSUUIISOU] = 1
    if all_term:
        items[Y_CHINROUTOU] = 1
    if all_green:
        items[Y_RYUUIISOU] = 1
    if n_melds == 0:
        mask, honors = _suit_mask(full)
        if not honors and (mask == 1 or mask == 2 or mask == 4):
            s = 0 if mask == 1 else (1 if mask == 2 else 2)
            ok = full[9 * s] >= 3 and full[9 * s + 8] >= 3
            for r in range(1, 8):
                if full[9 * s + r] < 1:
                    ok = False
            if ok:
                if full[win] == 2 or full[win] == 4:
                    items[Y_CHUUREN_9] = 1
                else:
                    items[Y_CHUUREN] = 1
    if not is_open and n_conc_pung == 4:
        if full[win] == 2:
            items[Y_SUUANKOU_TANKI] = 1
        else:
            items[Y_SUUANKOU] = 1
    if n_kong == 4:
        items[Y_SUUKANTSU] = 1
    # ---- ordinary yaku (dropped by _finish when a yakuman is present)
    if pinfu_shape:
        items[Y_PINFU] = 1
    tanyao = True
    for k in range(34):
        if full[k] > 0 and _is_th(k):
            tanyao = False
    if tanyao and (not is_open or (options & OPT_KUITAN)):
        items[Y_TANYAO] = 1
    if not is_open and n_chow >= 2:
        n_dup = 0
        for i in range(4):
            if st[i] != _ST_CHOW:
                continue
            same = 0
            for j in range(4):
                if st[j] == _ST_CHOW and tl[j] == tl[i]:
                    same += 1
            # each chow of a group of `same` identical chows adds (same // 2) / same pairs
            if same >= 2:
                n_dup += 1
        # n_dup counts chows belonging to an identical group: 2 -> one pair, 3 -> one pair,
        # 4 -> two pairs (two groups of 2, or one group of 4)
        if n_dup == 4:
            items[Y_RYANPEIKOU] = 1
        elif n_dup >= 2:
            items[Y_IIPEIKOU] = 1
    for i in range(4):
        if st[i] != _ST_CHOW:
            k = tl[i]
            if k == 31:
                items[Y_HAKU] = 1
            elif k == 32:
                items[Y_HATSU] = 1
            elif k == 33:
                items[Y_CHUN] = 1
            if k == seat_w:
                items[Y_SEAT_WIND] = 1
            if k == round_w:
                items[Y_ROUND_WIND] = 1
    if n_chow > 0:
        all_th = _is_th(pair)
        has_honor = pair >= 27
        for i in range(4):
            if st[i] == _ST_CHOW:
                if not (tl[i] % 9 == 0 or tl[i] % 9 == 6):
                    all_th = False
            else:
                if not _is_th(tl[i]):
                    all_th = False
                if tl[i] >= 27:
                    has_honor = True
        if all_th:
            if has_honor:
                items[Y_CHANTA] = 1
            else:
                items[Y_JUNCHAN] = 1
        for s in range(3):
            m = 0
            for i in range(4):
                if st[i] == _ST_CHOW and tl[i] // 9 == s:
                    r = tl[i] % 9
                    if r == 0:
                        m |= 1
                    elif r == 3:
                        m |= 2
                    elif r == 6:
                        m |= 4
            if m == 7:
                items[Y_ITTSU] = 1
        for r in range(7):
            m = 0
            for i in range(4):
                if st[i] == _ST_CHOW and tl[i] % 9 == r:
                    m |= 1 << (tl[i] // 9)
            if m == 7:
                items[Y_SANSHOKU] = 1
    if n_pung > 0:
        for r in range(9):
            m = 0
            for i in range(4):
                if st[i] != _ST_CHOW and tl[i] < 27 and tl[i] % 9 == r:
                    m |= 1 << (tl[i] // 9)
            if m == 7:
                items[Y_SANSHOKU_DOUKOU] = 1
        if n_pung == 4:
            items[Y_TOITOI] = 1
        if n_conc_pung == 3:
            items[Y_SANANKOU] = 1
        if n_kong == 3:
            items[Y_SANKANTSU] = 1
        if dragon_p == 2 and pair >= 31:
            items[Y_SHOUSANGEN] = 1
    if n_chow == 0:
        honroutou = True
        for k in range(34):
            if full[k] > 0 and not _is_th(k):
                honroutou = False
        if honroutou:
            items[Y_HONROUTOU] = 1
    _flush_yaku(full, items)
    return fu, raw


@njit(cache=True)
def _better(info, best):
    """Is the reading ``info`` worth more than ``best`` (base, yakuman, han, fu, raw fu)?"""
    if info[3] != best[3]:
        return info[3] > best[3]
    if (info[2] > 0) != (best[2] > 0):
        return info[2] > 0
    if info[0] != best[0]:
        return info[0] > best[0]
    if info[1] != best[1]:
        return info[1] > best[1]
    return info[5] > best[5]


@njit(cache=True)
def riichi_eval(concealed, melds, win_tile, flags, items, info):
    """Score a Riichi win: the best reading's items, han, fu, base points.

    Args:
        concealed: ``uint8[34]`` (or longer) concealed tiles INCLUDING the winning tile.
        melds: ``int8[MAX_MELDS, 3]`` meld rows (:mod:`mjsim.melds`).
        win_tile: kind of the winning tile.
        flags: ``int64[N_FLAGS]`` win context (module docstring).
        items: ``int32[>= N_YAKU]`` out: count of each yaku of the best reading (0 elsewhere).
        info: ``int64[6]`` out: han (13 per yakuman), fu, yakuman units, base points,
            qualifying han (without dora), raw fu before rounding.

    Returns:
        Base points of the best reading; 0 if no reading has a yaku; -1 if the tiles are not a
        winning hand (4 sets + pair, seven distinct pairs, thirteen orphans).
    """
    options = flags[F_RC_OPTIONS]
    counts = np.zeros(34, np.uint8)
    full = np.zeros(34, np.uint8)
    for k in range(34):
        counts[k] = concealed[k]
        full[k] = concealed[k]
    st = np.zeros(4, np.int64)
    tl = np.zeros(4, np.int64)
    cc = np.zeros(4, np.int64)
    n_melds = 0
    is_open = False
    for i in range(melds.shape[0]):
        t = melds[i, 0]
        if t == MELD_NONE:
            continue
        k = melds[i, 1]
        if n_melds < 4:
            if t == MELD_CHOW:
                st[n_melds] = _ST_CHOW
                full[k] += 1
                full[k + 1] += 1
                full[k + 2] += 1
            elif t == MELD_PUNG:
                st[n_melds] = _ST_PUNG
                full[k] += 3
            else:
                st[n_melds] = _ST_KONG
                full[k] += 4
            tl[n_melds] = k
            cc[n_melds] = 1 if t == MELD_CONCEALED_KONG else 0
        if t != MELD_CONCEALED_KONG:
            is_open = True
        n_melds += 1
    for i in range(N_YAKU):
        items[i] = 0
    for i in range(6):
        info[i] = 0
    best = np.full(6, -1, np.int64)
    best_items = np.zeros(N_YAKU, np.int32)
    tmp = np.zeros(N_YAKU, np.int32)
    cur = np.zeros(6, np.int64)
    found = False
    if n_melds > 4:
        return -1
    need = 4 - n_melds
    out = np.zeros((_MAX_DECOMP, 6, 3), np.int8)
    n_dec = decompose(counts, need, 0, PAIR_ANY, HONOR_CHOW_NONE, out)
    if n_dec > _MAX_DECOMP:
        n_dec = _MAX_DECOMP
    for d in range(n_dec):
        pair = np.int64(out[d, 0, 1])
        for r in range(need):
            j = n_melds + r
            stype = out[d, 1 + r, 0]
            st[j] = _ST_CHOW if stype == SET_CHOW else _ST_PUNG
            tl[j] = out[d, 1 + r, 1]
            cc[j] = 1
        # every distinct set holding the winning tile may be the one it completed
        for w in range(-1, 4):
            if w < 0:
                if pair != win_tile:
                    continue
            else:
                if w < n_melds:
                    continue
                if st[w] == _ST_CHOW:
                    if not (tl[w] <= win_tile <= tl[w] + 2):
                        continue
                elif tl[w] != win_tile:
                    continue
                dup = False
                for v in range(n_melds, w):
                    if st[v] == st[w] and tl[v] == tl[w]:
                        dup = True
                if dup:
                    continue
            fu, raw = _standard_reading(
                st, tl, cc, pair, w, win_tile, is_open, n_melds, full, flags, options, tmp
            )
            _finish(tmp, is_open, flags, options, fu, raw, cur)
            if not found or _better(cur, best):
                found = True
                best[:] = cur
                best_items[:] = tmp
    if n_melds == 0 and is_seven_pairs_distinct(counts, 0):
        for i in range(N_YAKU):
            tmp[i] = 0
        _common_yaku(flags, False, tmp)
        tmp[Y_CHIITOITSU] = 1
        tanyao = True
        honroutou = True
        all_honor = True
        for k in range(34):
            if counts[k] > 0:
                if _is_th(k):
                    tanyao = False
                else:
                    honroutou = False
                if k < 27:
                    all_honor = False
        if tanyao:
            tmp[Y_TANYAO] = 1
        if honroutou:
            tmp[Y_HONROUTOU] = 1
        if all_honor:
            tmp[Y_TSUUIISOU] = 1
        _flush_yaku(full, tmp)
        _finish(tmp, False, flags, options, 25, 25, cur)
        if not found or _better(cur, best):
            found = True
            best[:] = cur
            best_items[:] = tmp
    if n_melds == 0 and is_thirteen_orphans(counts, 0):
        for i in range(N_YAKU):
            tmp[i] = 0
        _common_yaku(flags, False, tmp)
        if counts[win_tile] == 2:
            tmp[Y_KOKUSHI_13] = 1
        else:
            tmp[Y_KOKUSHI] = 1
        _finish(tmp, False, flags, options, 0, 0, cur)
        if not found or _better(cur, best):
            found = True
            best[:] = cur
            best_items[:] = tmp
    if not found:
        return -1
    for i in range(N_YAKU):
        items[i] = best_items[i]
    for i in range(6):
        info[i] = best[i]
    return best[3]


# ---------------------------------------------------------------------------------------------
# mjsim.score adapter
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RiichiScoreResult(ScoreResult):
    """:class:`ScoreResult` of a Riichi win with the Riichi figures.

    ``total`` = han (13 per yakuman, dora included), ``qualifying_total`` = han of the yaku
    without dora (``valid`` iff > 0), ``payments`` in points.

    Attributes:
        fu: fu of the counted reading, rounded (seven pairs 25; thirteen orphans 0).
        base_points: basic points ``b`` after limits.
        yakuman: yakuman units (0 = an ordinary hand, kazoe included).
        cost: points the winner receives from the other players (honba included, deposits
            not).
    """

    fu: int = 0
    base_points: int = 0
    yakuman: int = 0
    cost: int = 0

    def __hash__(self) -> int:
        return hash((self.variant, self.total, tuple(self.items), tuple(self.payments), self.fu))


def riichi_options(
    *,
    kuitan: bool = True,
    double_yakuman: bool = False,
    kiriage: bool = False,
    kazoe: str = "yakuman",
    renhou: str = "off",
) -> int:
    """The ``OPT_*`` bits of a rule choice (defaults: Tenhou). ``kazoe`` is ``"yakuman"`` or
    ``"sanbaiman"``; ``renhou`` is ``"off"``, ``"mangan"`` or ``"yakuman"``; ``ValueError``
    names any other value."""
    if kazoe not in ("yakuman", "sanbaiman"):
        raise ValueError(f"riichi: kazoe={kazoe!r}; legal values: yakuman, sanbaiman")
    if renhou not in ("off", "mangan", "yakuman"):
        raise ValueError(f"riichi: renhou={renhou!r}; legal values: off, mangan, yakuman")
    return (
        (OPT_KUITAN if kuitan else 0)
        | (OPT_DOUBLE_YAKUMAN if double_yakuman else 0)
        | (OPT_KIRIAGE if kiriage else 0)
        | (OPT_KAZOE_SANBAIMAN if kazoe == "sanbaiman" else 0)
        | (OPT_RENHOU_MANGAN if renhou == "mangan" else 0)
        | (OPT_RENHOU_YAKUMAN if renhou == "yakuman" else 0)
    )


def _indicators(value: Any, what: str) -> list[int]:
    if value is None:
        return []
    if isinstance(value, str):
        kinds = parse_tiles(value, flowers=False) if value.strip() else []
    else:
        kinds = []
        for v in value:
            if isinstance(v, str):
                kinds.extend(parse_tiles(v, flowers=False))
            elif isinstance(v, int | np.integer) and not isinstance(v, bool) and 0 <= v < 34:
                kinds.append(int(v))
            else:
                raise ValueError(f"{what}: bad tile {v!r} (a kind 0-33 or a tile string)")
    if len(kinds) > 5:
        raise ValueError(f"{what}: at most 5 indicators (1 + 4 kong dora), got {len(kinds)}")
    return kinds


def _bool(ctx: dict[str, Any], key: str, default: bool = False) -> bool:
    v = ctx.pop(key, default)
    if not isinstance(v, bool | np.bool_ | int) or (isinstance(v, int) and v not in (0, 1)):
        raise ValueError(f"riichi: {key} must be a bool, got {v!r}")
    return bool(v)


def _count(ctx: dict[str, Any], key: str, hi: int) -> int:
    v = ctx.pop(key, 0)
    if isinstance(v, bool) or not isinstance(v, int | np.integer) or not 0 <= v <= hi:
        raise ValueError(f"riichi: {key} must be an int 0-{hi}, got {v!r}")
    return int(v)


_KEYWORDS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "dora_indicators",
    "ura_dora_indicators",
    "aka_dora",
    "honba",
    "deposits",
    "tenhou",
    "chiihou",
    "kuitan",
    "double_yakuman",
    "kiriage",
    "kazoe",
    "renhou",
    "renhou_win",
    "players",
    "missing_seat_payment",
    "kita",
)

#: copies per kind in three-player Riichi: 2m-8m removed (the scorer's dora indicators)
_SANMA_COUNTS = np.array([4, 0, 0, 0, 0, 0, 0, 0, 4] + [4] * 25, np.int64)
_FULL_COUNTS = np.full(34, 4, np.int64)


def score_riichi(win: WinInput, **variant_context: Any) -> RiichiScoreResult:
    """Adapter of :func:`mjsim.score` for ``riichi`` (Japanese Riichi, the Riichi rules).

    Common keywords: ``seat_wind`` must be the winner's seat wind ``(seat - dealer) % players``
    (the dealer is East); ``last_wall_tile`` = haitei (self-draw) / houtei (discard win);
    ``kong_replacement`` = rinshan kaihou; ``robbing_kong`` = chankan (the ``discarder`` is the
    robbed player).

    Variant keywords:

    - ``riichi``, ``double_riichi``, ``ippatsu`` (bool): declarations (closed hand only;
      ippatsu needs a riichi);
    - ``dora_indicators``, ``ura_dora_indicators``: tile strings or kinds (at most 5 each); ura
      dora count only under riichi;
    - ``aka_dora`` (int 0-3): red fives among the winner's tiles;
    - ``honba`` (int): counters (+300 on a discard win, +100 per payer on a self-draw);
      ``deposits`` (int): riichi sticks on the table, 1000 each to the winner;
    - ``tenhou`` / ``chiihou`` (bool): dealer / non-dealer win on the first draw;
    - ``renhou_win`` (bool): a non-dealer's discard win in the first go-round before its own
      first discard, no call made (scored only under the ``renhou`` option);
    - options ``kuitan`` (True), ``double_yakuman`` (False), ``kiriage`` (False), ``kazoe``
      (``"yakuman"``; or ``"sanbaiman"``), ``renhou`` (``"off"``; or ``"mangan"``,
      ``"yakuman"``);
    - ``players`` (4; or 3, three-player Riichi: seats 0-2, 2m-8m removed so the indicator 1m
      shows 9m, nobody pays for the absent fourth seat), ``missing_seat_payment``
      (``"tsumo_loss"``; or ``"bisection"``: the absent seat's self-draw share split between
      the two payers, three players only), ``kita`` (int 0-4, three players only): Norths the
      winner set aside (抜きドラ), one dora each, one more each per indicator showing North.

    Returns:
        :class:`RiichiScoreResult`: ``total`` in han, ``payments`` in points (winner
        positive; they sum to ``1000 * deposits`` since the deposits come from the table),
        ``valid`` = at least one yaku (an invalid hand pays nothing).

    Raises:
        ValueError: not a winning hand, riichi / double riichi / ippatsu with an exposed meld,
            ippatsu without riichi, a seat wind that is not the seat's, tenhou / chiihou by the
            wrong seat, on a discard or with melds, last_wall_tile with kong_replacement or
            robbing_kong, aka_dora above the fives held, a fifth copy counting the indicators,
            an unknown keyword.
    """
    ctx = dict(variant_context)
    riichi = _bool(ctx, "riichi")
    double = _bool(ctx, "double_riichi")
    ippatsu = _bool(ctx, "ippatsu")
    tenhou = _bool(ctx, "tenhou")
    chiihou = _bool(ctx, "chiihou")
    kuitan = _bool(ctx, "kuitan", True)
    dbl_yakuman = _bool(ctx, "double_yakuman", False)
    kiriage = _bool(ctx, "kiriage", False)
    renhou_win = _bool(ctx, "renhou_win")
    opts = riichi_options(
        kuitan=kuitan,
        double_yakuman=dbl_yakuman,
        kiriage=kiriage,
        kazoe=ctx.pop("kazoe", "yakuman"),
        renhou=ctx.pop("renhou", "off"),
    )
    dora_ind = _indicators(ctx.pop("dora_indicators", None), "dora_indicators")
    ura_ind = _indicators(ctx.pop("ura_dora_indicators", None), "ura_dora_indicators")
    aka = _count(ctx, "aka_dora", 3)
    honba = _count(ctx, "honba", 1000)
    deposits = _count(ctx, "deposits", 1000)
    players = ctx.pop("players", 4)
    if players not in (3, 4) or isinstance(players, bool):
        raise ValueError(f"riichi: players must be 3 or 4, got {players!r}")
    missing = ctx.pop("missing_seat_payment", "tsumo_loss")
    if missing not in ("tsumo_loss", "bisection"):
        raise ValueError(
            f"riichi: missing_seat_payment must be 'tsumo_loss' or 'bisection', got {missing!r}"
        )
    kita = _count(ctx, "kita", 4)
    if players == 4 and (kita or missing != "tsumo_loss"):
        raise ValueError("riichi: kita and missing_seat_payment need players=3")
    for who, x in (("seat", win.seat), ("dealer", win.dealer), ("discarder", win.discarder)):
        if x >= players:
            raise ValueError(f"riichi: {who}={x} but players={players} (seats 0-{players - 1})")
    if ctx:
        raise ValueError(f"riichi: unknown keyword(s) {sorted(ctx)}; known: {list(_KEYWORDS)}")
    flags = win.flags.copy()
    melds = win.melds
    types = [int(t) for t in melds[:, 0] if t != MELD_NONE]
    exposed = any(t != MELD_CONCEALED_KONG for t in types)
    if (riichi or double) and exposed:
        raise ValueError(
            "riichi: riichi needs a closed hand (the Riichi rules '非门清状态下无法立直'); "
            "the hand has an exposed meld"
        )
    if ippatsu and not (riichi or double):
        raise ValueError("riichi: ippatsu needs riichi or double_riichi")
    seat_wind = (win.seat - win.dealer) % players
    if int(flags[F_SEAT_WIND]) != seat_wind:
        raise ValueError(
            f"riichi: seat_wind must be the winner's seat wind {'ESWN'[seat_wind]} "
            f"(seat {win.seat}, dealer {win.dealer}: the dealer is East), got "
            f"{'ESWN'[int(flags[F_SEAT_WIND])]}"
        )
    if tenhou and chiihou:
        raise ValueError("riichi: tenhou and chiihou cannot both be set")
    if tenhou or chiihou:
        name = "tenhou" if tenhou else "chiihou"
        if not win.self_drawn or types:
            raise ValueError(f"riichi: {name} is a self-drawn win with no melds")
        if tenhou != (win.seat == win.dealer):
            raise ValueError(f"riichi: {name} is a win of {'the' if tenhou else 'a non-'}dealer")
    if renhou_win and (win.self_drawn or types or win.seat == win.dealer or riichi or double):
        raise ValueError(
            "riichi: renhou_win is a non-dealer's discard win with no melds and no riichi"
        )
    if flags[F_LAST_WALL_TILE] and (flags[F_KONG_REPLACEMENT] or flags[F_ROBBING_KONG]):
        raise ValueError(
            "riichi: last_wall_tile (haitei / houtei) cannot combine with kong_replacement "
            "(a replacement tile is not the last wall tile) or robbing_kong"
        )
    full = win.concealed[:34].astype(np.int64)
    for t, k in zip(melds[:, 0], melds[:, 1], strict=True):
        if t != MELD_NONE:
            for x in meld_tiles(int(t), int(k)):
                full[x] += 1
    fives = int(full[4] + full[13] + full[22])
    if aka > min(fives, 3):
        raise ValueError(f"riichi: aka_dora={aka} but the hand holds {fives} five(s)")
    seen = full.copy()
    for k in dora_ind + ura_ind:
        seen[k] += 1
        if seen[k] > 4:
            raise ValueError(
                f"riichi: fifth copy of {tile_name(k)} counting the hand and the indicators"
            )
    full_u8 = full.astype(np.uint8)
    counts = _SANMA_COUNTS if players == 3 else _FULL_COUNTS
    if players == 3:
        for k in dora_ind + ura_ind + [k for k in range(34) if full[k]]:
            if counts[k] == 0:
                raise ValueError(f"riichi: {tile_name(k)} is not in three-player Riichi's tiles")
    ind = np.array(dora_ind + [0], np.int64)
    n_dora = int(count_dora_in(full_u8, ind, len(dora_ind), counts))
    n_ura = int(count_dora_in(full_u8, np.array(ura_ind + [0], np.int64), len(ura_ind), counts))
    # each North set aside is one dora, once more per indicator (ura: under riichi) showing North
    n_dora += kita * (1 + sum(1 for k in dora_ind if dora_kind(k) == 30))
    n_ura += kita * sum(1 for k in ura_ind if dora_kind(k) == 30)
    if n_dora > 255:
        raise ValueError(f"riichi: {n_dora} dora is more than the scorer counts (255)")
    flags[F_READY] = int(riichi or double)
    flags[F_RC_DOUBLE_RIICHI] = int(double)
    flags[F_RC_IPPATSU] = int(ippatsu)
    flags[F_RC_DORA] = n_dora | (aka << 8) | (n_ura << 16)
    flags[F_RC_OPTIONS] = opts
    flags[F_HEAVENLY] = int(tenhou)
    flags[F_EARTHLY] = int(chiihou)
    flags[F_HUMAN] = int(renhou_win)
    items = np.zeros(N_YAKU, np.int32)
    info = np.zeros(6, np.int64)
    base = int(riichi_eval(win.concealed, melds, win.win_tile, flags, items, info))
    if base < 0:
        raise ValueError(
            "riichi: not a winning hand (4 sets + a pair, seven distinct pairs, or thirteen "
            "orphans)"
        )
    valid = base > 0
    out = np.zeros(4, np.int64)
    if valid:
        riichi_win_payments(
            base,
            win.seat,
            win.discarder,
            win.dealer,
            honba,
            deposits,
            out,
            players,
            1 if missing == "bisection" else 0,
        )
    payments = [int(x) for x in out]
    doubles = (Y_KOKUSHI_13, Y_SUUANKOU_TANKI, Y_CHUUREN_9, Y_DAISUUSHII) if dbl_yakuman else ()
    rows = []
    for i in np.flatnonzero(items).tolist():
        _i, en, ja, hc, ho = RIICHI_YAKU[i]
        rows.append((i, en, ja, 26 if i in doubles else (ho if exposed else hc), int(items[i])))
    cost = payments[win.seat] - (1000 * deposits if valid else 0)
    return RiichiScoreResult(
        variant="riichi",
        total=int(info[0]),
        items=rows,
        valid=valid,
        payments=payments,
        unit="han",
        qualifying_total=int(info[4]),
        fu=int(info[1]),
        base_points=int(info[3]),
        yakuman=int(info[2]),
        cost=cost,
    )
