"""The pattern detector: one jitted kernel that counts every pattern of a winning hand.

:func:`detect` reads a winning hand (concealed counts with the winning tile, melds with their
sources, the winning tile, the wild kinds and the win-context flags), counts the patterns of
:mod:`mjsim.scoring.patterns`, and, where the readings of the hand differ, evaluates the
variant's compiled fan table (:mod:`mjsim.scoring.fan_table`) on every reading and keeps the one
of highest value (就高不就低; on equal value a limit hand first, then the higher value before the
cap, then the first reading found).

Readings considered (each only when the table's ``shapes`` allow it):

- **standard**, no wild held: every decomposition of the concealed tiles into sets and a pair
  (:func:`mjsim.kernels.decompose.decompose`), melds as fixed sets, times every set that can
  hold the winning tile (for the wait patterns and for a pung completed by a discard);
- **standard**, wilds held: every suit for a pure straight (none, m, p, s) times every role of
  the winning tile (none; the 5 of 4-5-6万; completing a set with two wilds; the pair partner of
  a wild), the rest of the hand completed with the wilds (naturals placed before wilds; as in
  the hand-written Tianjin scorer, this search does not stop a wild standing for a fifth copy
  of a kind, which the decompositions and the engine's win check never allow); and
  every decomposition with its wild assignment, for the set-structure patterns (all pungs, all
  chows, pure straight). With wilds held the wait patterns (边 / 坎 / 单钓) and
  ``concealed_pungs`` are not detected (0);
- **standard** with a pair of wilds (``wild_pair``, 金雀) or a set of three wilds
  (``wild_pung``, 金龙): the rest of the concealed hand completed into the other sets (and
  the pair); only for a table that values those patterns;
- **seven pairs** (no meld; :func:`mjsim.kernels.special.seven_pairs_quads`, wilds placed to
  make the most fours), **thirteen orphans** and **十三烂** (no meld;
  :func:`mjsim.kernels.special.is_shisanlan`);
- **three wilds** (the table's shape ``three_wilds``): a self-drawn hand holding three wilds,
  whatever the rest (三金倒);
- the **free-form readings**, which hold whatever the decomposition: ``all_258_free`` (every
  natural tile and meld a 2, 5 or 8 of a suit, no chow meld; held wilds count as such tiles),
  ``all_honors_free`` (every natural tile and meld an honour, winds only under the table's
  ``free_honors="winds"``), ``knitted`` (全不靠 / 十三不靠, no meld:
  :func:`mjsim.kernels.special.is_knitted`) and ``knitted_honor_pair`` (十三不靠 以字作将, no
  meld: :func:`mjsim.kernels.special.is_knitted_honor_pair`). Each is one more reading with
  ``win`` and the pattern naming it set and no set-structure pattern; the same predicates as
  the engine's win check (:func:`mjsim.engine.win_rules.free_shape_ok`, the kernels).
- where the table reads ``no_wild_used`` (德国) and wilds are held: every reading above once
  more with each held wild counted as its own printed kind (``no_wild_used`` = 1 there).

An imagined wild (``F_IMAGINED_WILD``, 心皇) is a joker of every reading, held by no tile.

The detector's own context array ``ctx`` (``int64[N_CTX]``) carries win-context facts that the
shared flags (:mod:`mjsim.scoring.context`) do not: ``CTX_N_WINNERS`` (winners on this discard).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from mjsim.kernels import DECOMP_ROWS, SET_CHOW, SET_PAIR, SET_PUNG
from mjsim.kernels.decompose import decompose, search
from mjsim.kernels.special import (
    is_knitted,
    is_knitted_honor_pair,
    is_shisanlan,
    is_shisanlan_seven_stars,
    is_thirteen_orphans,
    seven_pairs_quads,
)
from mjsim.kernels.standard import is_standard_win
from mjsim.kernels.wild_sets import sets_only, take, with_pair
from mjsim.melds import (
    MELD_ADDED_KONG,
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_HONOR_CHOW,
    MELD_KONG,
    MELD_NONE,
    MELD_PUNG,
)
from mjsim.scoring import patterns as pt
from mjsim.scoring.context import (
    F_AFTER_KONG_DISCARD,
    F_DEALER_REPEATS,
    F_DEALER_SEAT,
    F_DISCARDER_SEAT,
    F_EARTHLY,
    F_FLOWER_KINDS,
    F_FLOWERS,
    F_GRABBED,
    F_HEAVENLY,
    F_HONOR_FLOWER_QUADS,
    F_HONOR_TILES_OUT,
    F_HUMAN,
    F_IMAGINED_WILD,
    F_IS_DEALER,
    F_KONG_MONEY,
    F_KONG_REPLACEMENT,
    F_KONG_TILES,
    F_LAST_WALL_TILE,
    F_READY,
    F_READY_FIRST_DISCARD,
    F_READY_KIND,
    F_ROBBING_KONG,
    F_ROUND_WIND,
    F_SEAT_WIND,
    F_SELF_DRAWN,
    F_STAND_IN,
    F_TILES_LEFT,
    F_TREASURE_WIN,
    F_WILD_KINDS,
    F_WILD_KONGS,
    F_WILD_PIAO,
    F_WILD_WAIT,
)
from mjsim.scoring.fan_table import (
    C_PAT0,
    H_FREE_HONORS,
    H_HONOR_CHOWS,
    H_PAIR_RULE,
    H_SHAPES,
    MAX_WHEN,
    SHAPE_ALL_258_FREE,
    SHAPE_ALL_HONORS_FREE,
    SHAPE_KNITTED,
    SHAPE_KNITTED_HONOR_PAIR,
    SHAPE_SEVEN_PAIRS,
    SHAPE_SHISANLAN,
    SHAPE_STANDARD,
    SHAPE_THIRTEEN_ORPHANS,
    SHAPE_THREE_WILDS,
    evaluate,
)

# ---- the detector's context array
CTX_N_WINNERS = 0  # players winning on this discard (1 on a self-draw)
N_CTX = 4

# ---- result array (int64[N_RESULT])
R_VALUE, R_UNCAPPED, R_QUALIFYING, R_SHAPE, R_LIMIT = range(5)
N_RESULT = 5

MAX_DECOMP = 64

# win-tile roles of the wild readings (the order readings are tried in)
_ROLE_NONE, _ROLE_FIVE, _ROLE_DOUBLE, _ROLE_SINGLE = range(4)


@njit(cache=True)
def _in_honor_chow(mk, k):
    """1 if kind ``k`` is in the honour chow meld of tile ``mk`` (the wind left out, 27-30, or
    31 for White-Green-Red; :mod:`mjsim.melds`)."""
    if mk == 31:
        return 1 if 31 <= k <= 33 else 0
    return 1 if 27 <= k <= 30 and k != mk else 0


@njit(cache=True)
def _is_terminal(k):
    return k < 27 and (k % 9 == 0 or k % 9 == 8)


@njit(cache=True)
def _hand_patterns(nat, n_wild, totals, melds, win_tile, flags, ctx, g):
    """Fill the hand and context patterns of ``g`` (int64[N_PATTERNS], zeroed)."""
    n_melds = 0
    claimed = 0
    conc_kongs = 0
    exp_kongs = 0
    konged = np.zeros(34, np.bool_)
    h_pungs = 0
    h_exp_kongs = 0
    h_conc_kongs = 0
    for m in range(melds.shape[0]):
        t = melds[m, 0]
        if t == MELD_NONE:
            continue
        n_melds += 1
        honor = melds[m, 1] >= 27
        if t == MELD_CONCEALED_KONG:
            conc_kongs += 1
            if honor:
                h_conc_kongs += 1
        elif t == MELD_KONG or t == MELD_ADDED_KONG:
            exp_kongs += 1
            if honor:
                h_exp_kongs += 1
        elif t == MELD_PUNG and honor:
            h_pungs += 1
        if t != MELD_CONCEALED_KONG:
            claimed += 1
        if t == MELD_CONCEALED_KONG or t == MELD_KONG or t == MELD_ADDED_KONG:
            konged[melds[m, 1]] = True
    suits = 0
    honors = False
    simples = False
    terms = False
    fours = 0
    fours_free = 0
    for k in range(34):
        n = totals[k]
        if n == 0:
            continue
        if k < 27:
            suits |= 1 << (k // 9)
            if _is_terminal(k):
                terms = True
            else:
                simples = True
        else:
            honors = True
        if n >= 4:
            fours += 1
            if not konged[k]:
                fours_free += 1
    one_suit = suits == 1 or suits == 2 or suits == 4
    g[pt.FULL_FLUSH] = 1 if one_suit and not honors else 0
    g[pt.HALF_FLUSH] = 1 if one_suit and honors else 0
    g[pt.ALL_HONORS] = 1 if suits == 0 and honors else 0
    g[pt.ALL_TERMINALS] = 1 if terms and not simples and not honors else 0
    g[pt.TERMINALS_AND_HONORS] = 1 if terms and honors and not simples else 0
    g[pt.ALL_SIMPLES] = 1 if simples and not terms and not honors else 0
    missing = 0
    for s in range(3):
        if (suits >> s) & 1 == 0:
            missing += 1
    g[pt.SUITS_MISSING] = missing
    g[pt.NO_WILD] = 1 if n_wild == 0 else 0
    g[pt.WILDS_HELD] = n_wild
    g[pt.FOURS] = fours
    g[pt.FOURS_NOT_KONGED] = fours_free
    g[pt.KONGS] = conc_kongs + exp_kongs
    g[pt.CONCEALED_KONGS] = conc_kongs
    g[pt.EXPOSED_KONGS] = exp_kongs
    g[pt.CONCEALED_HAND] = 1 if claimed == 0 else 0
    n_conc = n_wild
    for k in range(34):
        n_conc += nat[k]
    self_drawn = flags[F_SELF_DRAWN] != 0
    g[pt.PAIR_ONLY_CONCEALED] = 1 if n_melds > 0 and n_conc == 2 else 0
    g[pt.ALL_CALLED] = (
        1 if n_melds > 0 and n_conc == 2 and conc_kongs == 0 and not self_drawn else 0
    )
    # honour pungs
    dp = 0
    dpair = 0
    wp = 0
    wpair = 0
    for k in range(27, 34):
        n = totals[k]
        if k < 31:
            if n >= 3:
                wp += 1
            elif n == 2:
                wpair += 1
        else:
            if n >= 3:
                dp += 1
            elif n == 2:
                dpair += 1
    g[pt.DRAGON_PUNGS] = dp
    g[pt.SEAT_WIND_PUNG] = 1 if totals[27 + flags[F_SEAT_WIND]] >= 3 else 0
    g[pt.ROUND_WIND_PUNG] = 1 if totals[27 + flags[F_ROUND_WIND]] >= 3 else 0
    g[pt.BIG_THREE_DRAGONS] = 1 if dp == 3 else 0
    g[pt.LITTLE_THREE_DRAGONS] = 1 if dp == 2 and dpair == 1 else 0
    g[pt.BIG_FOUR_WINDS] = 1 if wp == 4 else 0
    g[pt.LITTLE_FOUR_WINDS] = 1 if wp == 3 and wpair == 1 else 0
    # nine gates: no meld, 1112345678999 of one suit + one more of that suit
    if n_melds == 0 and n_wild == 0 and one_suit and not honors:
        b = 0 if suits == 1 else (9 if suits == 2 else 18)
        ok = nat[b] >= 3 and nat[b + 8] >= 3
        for r in range(1, 8):
            if nat[b + r] < 1:
                ok = False
        g[pt.NINE_GATES] = 1 if ok else 0
    # circumstances
    g[pt.SELF_DRAWN] = 1 if self_drawn else 0
    g[pt.KONG_BLOOM] = 1 if self_drawn and flags[F_KONG_REPLACEMENT] != 0 else 0
    g[pt.KONG_DISCARD] = 1 if not self_drawn and flags[F_AFTER_KONG_DISCARD] != 0 else 0
    g[pt.ROBBING_KONG] = 1 if flags[F_ROBBING_KONG] != 0 else 0
    last = flags[F_LAST_WALL_TILE] != 0
    g[pt.LAST_TILE] = 1 if last else 0
    g[pt.LAST_TILE_SELF_DRAW] = 1 if last and self_drawn else 0
    g[pt.LAST_TILE_DISCARD] = 1 if last and not self_drawn else 0
    g[pt.HEAVENLY] = 1 if flags[F_HEAVENLY] != 0 else 0
    g[pt.EARTHLY] = 1 if flags[F_EARTHLY] != 0 else 0
    g[pt.HUMAN] = 1 if flags[F_HUMAN] != 0 else 0
    g[pt.DEALER] = 1 if flags[F_IS_DEALER] != 0 else 0
    g[pt.DEALER_REPEATS] = flags[F_DEALER_REPEATS]
    g[pt.FLOWERS] = flags[F_FLOWERS]
    g[pt.READY] = 1 if flags[F_READY] != 0 else 0
    kind = flags[F_READY_KIND]  # READY_MODE_* + 1, 0 = not ready
    g[pt.READY_HIDDEN] = 1 if kind == 1 else 0
    g[pt.READY_SHOWN] = 1 if kind == 2 else 0
    g[pt.READY_SHOWN_SELF_DRAW_ONLY] = 1 if kind == 3 else 0
    g[pt.TRIPLE_RON] = 1 if ctx[CTX_N_WINNERS] >= 3 else 0
    fk = flags[F_FLOWER_KINDS]
    seat = flags[F_SEAT_WIND] & 3
    g[pt.SEAT_FLOWERS] = ((fk >> seat) & 1) + ((fk >> (4 + seat)) & 1)
    g[pt.FLOWER_SETS] = (1 if (fk & 15) == 15 else 0) + (1 if ((fk >> 4) & 15) == 15 else 0)
    g[pt.ALL_FLOWERS] = 1 if (fk & 255) == 255 else 0
    g[pt.LONE_WILD_WAIT] = 1 if flags[F_WILD_WAIT] != 0 else 0
    g[pt.WILD_PIAO] = flags[F_WILD_PIAO]
    g[pt.DISCARD_WIN] = 0 if self_drawn else 1
    g[pt.HONOR_TILES_OUT] = flags[F_HONOR_TILES_OUT]
    g[pt.READY_FIRST_DISCARD] = 1 if flags[F_READY_FIRST_DISCARD] != 0 else 0
    g[pt.OPEN_MELDS] = claimed
    g[pt.KONG_TILES] = flags[F_KONG_TILES]
    g[pt.WILD_KONGS] = flags[F_WILD_KONGS]
    left = flags[F_TILES_LEFT]
    g[pt.LAST_FOUR_SELF_DRAW] = 1 if self_drawn and 1 <= left <= 4 else 0
    # the natural tiles only (held wilds stand for anything): 清一色 / 将一色 / 风一色
    nsuits = 0
    n258 = True
    nhon = True
    for k in range(34):
        if nat[k] == 0:
            continue
        if k < 27:
            nsuits |= 1 << (k // 9)
            nhon = False
            if k % 9 != 1 and k % 9 != 4 and k % 9 != 7:
                n258 = False
        else:
            nsuits |= 8
            n258 = False
    for m in range(melds.shape[0]):
        t = melds[m, 0]
        if t == MELD_NONE:
            continue
        k = melds[m, 1]
        if t == MELD_CHOW:
            n258 = False
        if k < 27 and t != MELD_HONOR_CHOW:
            nsuits |= 1 << (k // 9)
            nhon = False
            if k % 9 != 1 and k % 9 != 4 and k % 9 != 7:
                n258 = False
        else:
            nsuits |= 8
            n258 = False
    g[pt.FULL_FLUSH_WILDS_FREE] = 1 if nsuits == 1 or nsuits == 2 or nsuits == 4 else 0
    g[pt.ALL_258_WILDS_FREE] = 1 if n258 and nsuits != 0 else 0
    g[pt.ALL_HONORS_WILDS_FREE] = 1 if nhon and nsuits == 8 else 0
    g[pt.GRABBED] = 1 if flags[F_GRABBED] != 0 else 0
    g[pt.HONOR_FLOWER_QUADS] = flags[F_HONOR_FLOWER_QUADS]
    g[pt.KONG_MONEY] = flags[F_KONG_MONEY]
    tw = flags[F_TREASURE_WIN]  # 摸宝 / 对宝 / 宝中宝 (the values exclude each other)
    g[pt.TREASURE_DRAW] = 1 if tw == 1 else 0
    g[pt.TREASURE_MATCH] = 1 if tw == 2 else 0
    g[pt.TREASURE_IN_TREASURE] = 1 if tw == 3 else 0
    # tile classes of the free-form readings and the rank ranges (小于五 / 大于五)
    all258 = True
    winds = True
    below = True
    above = True
    for k in range(34):
        if totals[k] == 0:
            continue
        if not _is_258(k):
            all258 = False
        if k < 27 or k > 30:
            winds = False
        if k >= 27 or k % 9 > 3:
            below = False
        if k >= 27 or k % 9 < 5:
            above = False
    g[pt.ALL_258] = 1 if all258 else 0
    g[pt.ALL_WINDS] = 1 if winds else 0
    g[pt.ALL_BELOW_FIVE] = 1 if below else 0
    g[pt.ALL_ABOVE_FIVE] = 1 if above else 0
    g[pt.NO_HONORS] = 0 if honors else 1
    has_wind = False
    has_dragon = False
    for k in range(27, 34):
        if totals[k] > 0:
            if k < 31:
                has_wind = True
            else:
                has_dragon = True
    g[pt.FIVE_KINDS] = 1 if suits == 7 and has_wind and has_dragon else 0
    fed = flags[F_DISCARDER_SEAT]
    g[pt.DEALER_DISCARDED] = (
        1 if (not self_drawn and fed >= 0 and fed == flags[F_DEALER_SEAT]) else 0
    )
    g[pt.HONOR_PUNGS_EXPOSED] = h_pungs
    g[pt.HONOR_EXPOSED_KONGS] = h_exp_kongs
    g[pt.HONOR_CONCEALED_KONGS] = h_conc_kongs
    return n_melds


@njit(cache=True)
def _is_258(k):
    return k < 27 and (k % 9 == 1 or k % 9 == 4 or k % 9 == 7)


@njit(cache=True)
def _free_reading_ok(nat, melds, honors, winds_only):
    """Every natural concealed tile and every meld is a 2/5/8 of a suit (``honors`` False) or an
    honour (winds only when ``winds_only``); no chow meld. As the engine's
    :func:`mjsim.engine.win_rules.free_shape_ok`."""
    for k in range(34):
        if nat[k] == 0:
            continue
        if honors:
            if k < 27 or (winds_only and k > 30):
                return False
        elif not _is_258(k):
            return False
    for m in range(melds.shape[0]):
        t = melds[m, 0]
        if t == MELD_NONE:
            continue
        if t == MELD_CHOW:
            return False
        k = melds[m, 1]
        if honors:
            if k < 27 or (winds_only and k > 30):
                return False
        elif not _is_258(k):
            return False
    return True


@njit(cache=True)
def _set_facts(out_i, melds, cand):
    """The set-content patterns of one standard decomposition ``out_i`` (``int8[DECOMP_ROWS,
    3]``, row 0 the pair) with the melds, no wild held: 三姐妹 (pure triple chow), 喜相逢
    (mixed triple chow, triple pung), 全带幺 (outside hand), 全带五 (all fives), 五将."""
    chows = np.zeros(27, np.int64)
    pungs = np.zeros(34, np.int64)
    outside = True
    fives = True
    for r in range(DECOMP_ROWS):
        ty = out_i[r, 0]
        k = np.int64(out_i[r, 1])
        if ty < 0:
            continue
        if ty == SET_CHOW:
            chows[k] += 1
            if not (k % 9 == 0 or k % 9 == 6):
                outside = False
            if not (2 <= k % 9 <= 4):
                fives = False
        elif ty == SET_PAIR or ty == SET_PUNG:
            if ty == SET_PUNG:
                pungs[k] += 1
            if k < 27 and not (k % 9 == 0 or k % 9 == 8):
                outside = False
            if k >= 27 or k % 9 != 4:
                fives = False
        else:  # an honour chow
            fives = False
    for m in range(melds.shape[0]):
        t = melds[m, 0]
        if t == MELD_NONE:
            continue
        k = np.int64(melds[m, 1])
        if t == MELD_CHOW:
            chows[k] += 1
            if not (k % 9 == 0 or k % 9 == 6):
                outside = False
            if not (2 <= k % 9 <= 4):
                fives = False
        elif t == MELD_PUNG or t == MELD_KONG or t == MELD_ADDED_KONG or t == MELD_CONCEALED_KONG:
            pungs[k] += 1
            if k < 27 and not (k % 9 == 0 or k % 9 == 8):
                outside = False
            if k >= 27 or k % 9 != 4:
                fives = False
        else:
            fives = False
    pure = False
    mixed_chow = False
    mixed_pung = False
    for k in range(27):
        if chows[k] >= 3:
            pure = True
    for r9 in range(9):
        if chows[r9] > 0 and chows[9 + r9] > 0 and chows[18 + r9] > 0:
            mixed_chow = True
        if pungs[r9] > 0 and pungs[9 + r9] > 0 and pungs[18 + r9] > 0:
            mixed_pung = True
    pk = out_i[0, 1]
    cand[pt.PURE_TRIPLE_CHOW] = 1 if pure else 0
    cand[pt.MIXED_TRIPLE_CHOW] = 1 if mixed_chow else 0
    cand[pt.TRIPLE_PUNG] = 1 if mixed_pung else 0
    cand[pt.OUTSIDE_HAND] = 1 if outside else 0
    cand[pt.ALL_FIVES] = 1 if fives else 0
    cand[pt.FIVE_PAIR] = 1 if (out_i[0, 0] == SET_PAIR and pk < 27 and pk % 9 == 4) else 0
    cand[pt.PAIR_258] = 1 if (out_i[0, 0] == SET_PAIR and _is_258(np.int64(pk))) else 0


@njit(cache=True)
def _consider(cand, shape, rows, cancels, header, applied, best, best_counts, best_applied):
    """Evaluate the table on reading ``cand``; keep it if it beats ``best``."""
    v, u, q, lim = evaluate(cand, shape, rows, cancels, header, applied)
    better = best[R_SHAPE] == 0 or v > best[R_VALUE]
    if not better and v == best[R_VALUE]:
        # equal value: a limit hand first (特殊牌型), then the higher value before the cap
        if lim != (best[R_LIMIT] != 0):
            better = lim
        else:
            better = u > best[R_UNCAPPED]
    if better:
        best[R_LIMIT] = 1 if lim else 0
        best[R_VALUE] = v
        best[R_UNCAPPED] = u
        best[R_QUALIFYING] = q
        best[R_SHAPE] = shape
        best_counts[:] = cand
        best_applied[:] = applied


@njit(cache=True)
def _wild_readings(
    nat, n_wild, n_sets, win_tile, wmask, g, rows, cancels, header, applied, best, bc, ba
):
    """The standard readings of a hand holding wilds: straight suit x winning-tile role."""
    win_wild = ((wmask >> win_tile) & 1) != 0
    wild_suit = np.zeros(3, np.bool_)
    for k in range(27):
        if (wmask >> k) & 1:
            wild_suit[k // 9] = True
    c = np.zeros(34, np.int64)
    cand = np.zeros(g.shape[0], np.int64)
    for d in range(-1, 3):
        for role in range(4):
            if role == _ROLE_FIVE and not (win_wild or win_tile == 4):
                continue
            if (role == _ROLE_SINGLE or role == _ROLE_DOUBLE) and n_wild == 0:
                continue
            for k in range(34):
                c[k] = nat[k]
            j = n_wild
            used = 0
            pair_done = False
            five = role == _ROLE_FIVE or (role == _ROLE_DOUBLE and (win_wild or win_tile == 4))
            dbl = role == _ROLE_DOUBLE
            if role != _ROLE_NONE:
                if win_wild:
                    j -= 1
                else:
                    c[win_tile] -= 1
                if role == _ROLE_FIVE:
                    j0 = j
                    j = take(c, 3, j)
                    j = take(c, 5, j)
                    used += 1
                    dbl = j0 - j == 2
                elif role == _ROLE_SINGLE:
                    j -= 1
                    pair_done = True
                else:
                    j -= 2
                    used += 1
            if d >= 0:
                for x in range(9):
                    if five and d == 0 and 3 <= x <= 5:
                        continue  # the 4-5-6万 of the straight holds the winning 5
                    j = take(c, 9 * d + x, j)
                used += 2 if (five and d == 0) else 3
            if j < 0 or used > n_sets:
                continue
            if pair_done:
                ok = sets_only(c, n_sets - used, j)
            else:
                ok = with_pair(c, n_sets - used, j)
            if not ok:
                continue
            cand[:] = g
            cand[pt.WIN] = 1
            cand[pt.PURE_STRAIGHT] = 1 if d >= 0 else 0
            cand[pt.STRAIGHT_IN_WILD_SUIT] = 1 if d >= 0 and wild_suit[d] else 0
            cand[pt.CATCH_FIVE] = 1 if five else 0
            cand[pt.WILD_SINGLE_WAIT] = 1 if role == _ROLE_SINGLE else 0
            cand[pt.WILD_DOUBLE_WAIT] = 1 if dbl and role != _ROLE_SINGLE else 0
            _consider(cand, SHAPE_STANDARD, rows, cancels, header, applied, best, bc, ba)


@njit(cache=True)
def _plain_readings(
    nat, n_wild, n_sets, win_tile, self_drawn, melds, wmask, g, rows, cancels, header, applied,
    best, bc, ba,
):  # fmt: skip
    """The standard readings by decomposition: without wilds, decomposition x set holding the
    winning tile; with wilds held, one reading per decomposition (the set-structure patterns
    only: the wait and concealed-pung patterns are left 0)."""
    out = np.empty((MAX_DECOMP, DECOMP_ROWS, 3), np.int8)
    nd = decompose(nat, n_sets, n_wild, header[H_PAIR_RULE], header[H_HONOR_CHOWS], out)
    if nd > MAX_DECOMP:  # rare (several wilds): every decomposition is a reading
        out = np.empty((nd, DECOMP_ROWS, 3), np.int8)
        nd = decompose(nat, n_sets, n_wild, header[H_PAIR_RULE], header[H_HONOR_CHOWS], out)
    meld_pungs = 0
    meld_chows = 0
    conc_kongs = 0
    chow_lows = np.zeros(27, np.int64)  # chows by lowest kind: melds, then the reading's
    for m in range(melds.shape[0]):
        t = melds[m, 0]
        if t == MELD_NONE:
            continue
        if t == MELD_CHOW:
            meld_chows += 1
            chow_lows[melds[m, 1]] += 1
        elif t == MELD_HONOR_CHOW:
            meld_chows += 1  # an honour chow is a chow
        elif t == MELD_PUNG or t == MELD_KONG or t == MELD_ADDED_KONG or t == MELD_CONCEALED_KONG:
            meld_pungs += 1
            if t == MELD_CONCEALED_KONG:
                conc_kongs += 1
    wild_suit = np.zeros(3, np.bool_)
    for k in range(27):
        if (wmask >> k) & 1:
            wild_suit[k // 9] = True
    lows = np.zeros(27, np.int64)
    cand = np.zeros(g.shape[0], np.int64)
    seen = np.zeros(16, np.bool_)
    for i in range(nd):
        pungs = 0
        chows = 0
        for k in range(27):
            lows[k] = chow_lows[k]
        for r in range(1, DECOMP_ROWS):
            ty = out[i, r, 0]
            if ty == SET_PUNG:
                pungs += 1
            elif ty == SET_CHOW:
                chows += 1
                lows[out[i, r, 1]] += 1
            elif ty >= 0:
                chows += 1  # an honour chow is a chow
        all_pungs = chows == 0 and meld_chows == 0
        all_chows = pungs == 0 and meld_pungs == 0
        straight = -1
        for s in range(3):
            if lows[9 * s] > 0 and lows[9 * s + 3] > 0 and lows[9 * s + 6] > 0:
                straight = s
                break
        if n_wild > 0:
            # with wilds, decompositions can run to thousands; only distinct pattern sets count
            sig = (1 if all_pungs else 0) | (2 if all_chows else 0) | ((straight + 1) << 2)
            if seen[sig]:
                continue
            seen[sig] = True
            cand[:] = g
            cand[pt.WIN] = 1
            cand[pt.ALL_PUNGS] = 1 if all_pungs else 0
            cand[pt.ALL_CHOWS] = 1 if all_chows else 0
            cand[pt.PURE_STRAIGHT] = 1 if straight >= 0 else 0
            cand[pt.STRAIGHT_IN_WILD_SUIT] = 1 if straight >= 0 and wild_suit[straight] else 0
            _consider(cand, SHAPE_STANDARD, rows, cancels, header, applied, best, bc, ba)
            continue
        for r in range(DECOMP_ROWS):
            ty = out[i, r, 0]
            k = out[i, r, 1]
            if ty < 0:
                continue
            holds = False
            if ty == SET_PAIR or ty == SET_PUNG:
                holds = k == win_tile
            elif ty == SET_CHOW:
                holds = k <= win_tile <= k + 2 and win_tile < 27
            else:  # an honour chow (SET_HONOR_CHOW) holding the winning honour
                holds = _in_honor_chow(k, win_tile) == 1
            if not holds:
                continue
            dup = False
            for r2 in range(r):
                if out[i, r2, 0] == ty and out[i, r2, 1] == k:
                    dup = True
            if dup:
                continue
            cand[:] = g
            cand[pt.WIN] = 1
            cand[pt.ALL_PUNGS] = 1 if all_pungs else 0
            cand[pt.ALL_CHOWS] = 1 if all_chows else 0
            cand[pt.PURE_STRAIGHT] = 1 if straight >= 0 else 0
            cand[pt.STRAIGHT_IN_WILD_SUIT] = 1 if straight >= 0 and wild_suit[straight] else 0
            _set_facts(out[i], melds, cand)
            cp = pungs + conc_kongs
            if ty == SET_PUNG and not self_drawn:
                cp -= 1
            cand[pt.CONCEALED_PUNGS] = cp
            if ty == SET_CHOW:
                pos = win_tile - k
                cand[pt.CLOSED_WAIT] = 1 if pos == 1 else 0
                cand[pt.EDGE_WAIT] = (
                    1 if (pos == 2 and k % 9 == 0) or (pos == 0 and k % 9 == 6) else 0
                )
                cand[pt.CATCH_FIVE] = 1 if k == 3 and win_tile == 4 else 0
            elif ty == SET_PAIR:
                cand[pt.SINGLE_WAIT] = 1
            elif ty == SET_PUNG:
                cand[pt.PUNG_WAIT] = 1
            _consider(cand, SHAPE_STANDARD, rows, cancels, header, applied, best, bc, ba)


@njit(cache=True)
def _wild_set_readings(nat, n_wild, n_sets, g, rows, cancels, header, applied, best, bc, ba):
    """The readings whose pair is two wilds (金雀, ``wild_pair``) or whose set is three wilds
    (金龙, ``wild_pung``), the rest of the concealed hand forming the other sets (and the pair)
    with any wilds left; each only for a table that values it."""
    c = np.zeros(34, np.int64)
    for k in range(34):
        c[k] = nat[k]
    cand = np.zeros(g.shape[0], np.int64)
    want_pair = _uses(rows, pt.WILD_PAIR)
    want_pung = _uses(rows, pt.WILD_PUNG)
    for kind in range(3):  # 0: the pair, 1: the pung, 2: both
        need = 2 if kind == 0 else (3 if kind == 1 else 5)
        if n_wild < need or (kind != 1 and not want_pair) or (kind != 0 and not want_pung):
            continue
        left = n_wild - need
        if kind == 0:
            ok = sets_only(c, n_sets, left)
        elif kind == 1:
            ok = n_sets >= 1 and with_pair(c, n_sets - 1, left)
        else:
            ok = n_sets >= 1 and sets_only(c, n_sets - 1, left)
        if not ok:
            continue
        cand[:] = g
        cand[pt.WIN] = 1
        cand[pt.WILD_PAIR] = 1 if kind != 1 else 0
        cand[pt.WILD_PUNG] = 1 if kind != 0 else 0
        _consider(cand, SHAPE_STANDARD, rows, cancels, header, applied, best, bc, ba)


@njit(cache=True)
def _uses(rows, pattern):
    """True when a row of the compiled table reads ``pattern``."""
    for r in range(rows.shape[0]):
        for j in range(MAX_WHEN):
            if rows[r, C_PAT0 + j] == pattern:
                return True
    return False


@njit(cache=True)
def _unique_wait(nat, totals, win_tile, n_sets, header):
    """1 when the hand without ``win_tile`` waited on exactly one kind (standard shape, the
    table's pair rule and honour chows; a kind already held four times is not a wait)."""
    if nat[win_tile] == 0:
        return 0
    nat[win_tile] -= 1
    waits = 0
    for k in range(34):
        if totals[k] - (1 if k == win_tile else 0) >= 4:
            continue
        nat[k] += 1
        if is_standard_win(nat, n_sets, 0, header[H_PAIR_RULE], header[H_HONOR_CHOWS]):
            waits += 1
        nat[k] -= 1
        if waits > 1:
            break
    nat[win_tile] += 1
    return 1 if waits == 1 else 0


@njit(cache=True)
def _readings(
    nat, n_wild, n_sets, n_melds, win_tile, self_drawn, melds, wmask, g, shapes, rows, cancels,
    header, applied, result, best_counts, best_applied,
):  # fmt: skip
    """Every reading of the table's shapes of the hand ``nat`` + ``n_wild`` wilds (hand and
    context patterns ``g``); the best is kept in ``result`` / ``best_counts`` /
    ``best_applied``."""
    if shapes & SHAPE_STANDARD:
        if n_wild == 0:
            _plain_readings(
                nat, 0, n_sets, win_tile, self_drawn, melds, wmask, g, rows, cancels, header,
                applied, result, best_counts, best_applied,
            )  # fmt: skip
        else:
            lim = np.full(34, 4, np.int64)
            n_ok, _keys = search(
                nat, n_sets, n_wild, header[H_PAIR_RULE], header[H_HONOR_CHOWS], lim, False
            )
            if n_ok > 0:
                _wild_readings(
                    nat, n_wild, n_sets, win_tile, wmask, g, rows, cancels, header, applied,
                    result, best_counts, best_applied,
                )  # fmt: skip
                _plain_readings(
                    nat, n_wild, n_sets, win_tile, self_drawn, melds, wmask, g, rows, cancels,
                    header, applied, result, best_counts, best_applied,
                )  # fmt: skip
            if n_wild >= 2 and (_uses(rows, pt.WILD_PAIR) or _uses(rows, pt.WILD_PUNG)):
                _wild_set_readings(
                    nat, n_wild, n_sets, g, rows, cancels, header, applied, result,
                    best_counts, best_applied,
                )  # fmt: skip
    if shapes & SHAPE_THREE_WILDS and n_wild >= 3 and self_drawn:
        cand = np.zeros(g.shape[0], np.int64)
        cand[:] = g
        cand[pt.WIN] = 1
        cand[pt.THREE_WILDS] = 1
        _consider(
            cand, SHAPE_THREE_WILDS, rows, cancels, header, applied, result, best_counts,
            best_applied,
        )  # fmt: skip
    if n_melds == 0 and n_sets == 4:
        cand = np.zeros(g.shape[0], np.int64)
        if shapes & SHAPE_SEVEN_PAIRS:
            quads = seven_pairs_quads(nat, n_wild)
            if quads >= 0:
                cand[:] = g
                cand[pt.WIN] = 1
                cand[pt.SEVEN_PAIRS] = 1
                cand[pt.SEVEN_PAIRS_FOURS] = quads
                cand[pt.SEVEN_PAIRS_WON_FOUR] = 1 if win_tile < 34 and nat[win_tile] >= 4 else 0
                p258 = 0
                for k in range(27):
                    if nat[k] >= 2 and _is_258(k):
                        p258 = 1
                cand[pt.PAIR_258] = p258
                _consider(
                    cand, SHAPE_SEVEN_PAIRS, rows, cancels, header, applied, result,
                    best_counts, best_applied,
                )  # fmt: skip
        if shapes & SHAPE_THIRTEEN_ORPHANS and is_thirteen_orphans(nat, n_wild):
            cand[:] = g
            cand[pt.WIN] = 1
            cand[pt.THIRTEEN_ORPHANS] = 1
            _consider(
                cand, SHAPE_THIRTEEN_ORPHANS, rows, cancels, header, applied, result,
                best_counts, best_applied,
            )  # fmt: skip
        if shapes & SHAPE_SHISANLAN and is_shisanlan(nat, n_wild):
            cand[:] = g
            cand[pt.WIN] = 1
            cand[pt.SHISANLAN] = 1
            cand[pt.SHISANLAN_SEVEN_STARS] = 1 if is_shisanlan_seven_stars(nat, n_wild) else 0
            _consider(
                cand, SHAPE_SHISANLAN, rows, cancels, header, applied, result, best_counts,
                best_applied,
            )  # fmt: skip

    # the free-form readings: a win whatever the decomposition
    cand = np.zeros(g.shape[0], np.int64)
    if shapes & SHAPE_ALL_258_FREE and _free_reading_ok(nat, melds, False, False):
        cand[:] = g
        cand[pt.WIN] = 1
        cand[pt.ALL_258] = 1  # the wilds count as 2-5-8 tiles
        _consider(
            cand, SHAPE_ALL_258_FREE, rows, cancels, header, applied, result, best_counts,
            best_applied,
        )  # fmt: skip
    winds_only = header[H_FREE_HONORS] != 0
    if shapes & SHAPE_ALL_HONORS_FREE and _free_reading_ok(nat, melds, True, winds_only):
        cand[:] = g
        cand[pt.WIN] = 1
        cand[pt.ALL_HONORS] = 1  # the wilds count as honours (winds when winds_only)
        if winds_only:
            cand[pt.ALL_WINDS] = 1
        _consider(
            cand, SHAPE_ALL_HONORS_FREE, rows, cancels, header, applied, result, best_counts,
            best_applied,
        )  # fmt: skip
    if n_melds == 0 and n_sets == 4:
        if shapes & SHAPE_KNITTED and is_knitted(nat, n_wild):
            cand[:] = g
            cand[pt.WIN] = 1
            cand[pt.KNITTED] = 1
            _consider(
                cand, SHAPE_KNITTED, rows, cancels, header, applied, result, best_counts,
                best_applied,
            )  # fmt: skip
        if shapes & SHAPE_KNITTED_HONOR_PAIR and is_knitted_honor_pair(nat, n_wild):
            cand[:] = g
            cand[pt.WIN] = 1
            cand[pt.KNITTED_HONOR_PAIR] = 1
            _consider(
                cand, SHAPE_KNITTED_HONOR_PAIR, rows, cancels, header, applied, result,
                best_counts, best_applied,
            )  # fmt: skip


@njit(cache=True)
def detect(concealed, melds, win_tile, flags, ctx, rows, cancels, header, counts, applied, result):
    """Count the patterns of a winning hand and evaluate the variant's table on its best reading.

    Args:
        concealed: ``uint8[>=34]`` concealed tiles INCLUDING the winning tile, wild tiles as their
            own kinds; an index past 33 (a flower) counts only as a wild, when its bit is set in
            ``flags[F_WILD_KINDS]`` (the held wild flowers).
        melds: ``int8[MAX_MELDS, 3]`` rows ``(meld_type, tile, source)`` (:mod:`mjsim.melds`).
            Under ``flags[F_STAND_IN]`` a pung or kong of the stand-in kind counts as one of the
            wild kind's natural copies, as its concealed copies do (not modified).
        win_tile: kind 0-33 of the winning tile, or 34-41 for a wild flower won on (宁波);
            any other value (a flower that is not wild) has no reading (-1).
        flags: ``int64[N_FLAGS]`` win-context flags (:mod:`mjsim.scoring.context`); the wild
            kinds are ``flags[F_WILD_KINDS]`` (bit k = kind k is wild).
        ctx: ``int64[N_CTX]`` the detector's context (``CTX_N_WINNERS``).
        rows, cancels, header: the variant's :class:`~mjsim.scoring.fan_table.CompiledTable`.
        counts: ``int64[N_PATTERNS]`` out: the pattern counts of the best reading.
        applied: ``int64[R]`` out: how many times each table row counts in the best reading.
        result: ``int64[N_RESULT]`` out: value, value before the cap, qualifying value, the
            shape bit of the best reading (0 = no reading: not a winning hand), and whether its
            value is a limit row.

    Returns:
        The hand value in the table's unit, or -1 when no reading of the table's shapes makes
        the hand a win.
    """
    wmask = flags[F_WILD_KINDS]
    if win_tile >= 34 and (wmask >> win_tile) & 1 == 0:
        # only a wild flower wins as a flower (34-41): every reading below indexes arrays of the
        # 34 kinds with a natural winning tile (c[win_tile] -= 1 would write past them)
        counts[:] = 0
        applied[:] = 0
        return -1
    nat = np.zeros(34, np.uint8)
    totals = np.zeros(34, np.int64)
    n_wild = 0
    # a stand-in kind (白板 for the 百搭) counts as natural copies of the lowest wild kind
    si = flags[F_STAND_IN] - 1
    target = -1
    if si >= 0:
        for k in range(34):
            if (wmask >> k) & 1:
                target = k
                break
    for k in range(34):
        n = concealed[k]
        kk = target if (k == si and target >= 0) else k
        totals[kk] += n
        if k != kk:
            nat[kk] += n
        elif k < 62 and (wmask >> k) & 1:
            n_wild += n
        else:
            nat[k] += n
    # held wild flowers (宁波's turned season: the other seasons are wilds; bits 34-41 of the
    # wild kinds) are wilds of the hand like any other; a flower that is not wild is never held
    wild_flowers = 0
    for k in range(34, min(concealed.shape[0], 62)):
        if (wmask >> k) & 1:
            wild_flowers += concealed[k]
    n_wild += wild_flowers
    if si >= 0 and target >= 0 and win_tile == si:
        win_tile = target  # a 白板 won on is the wild kind's natural copy
    # a called (or concealed) pung / kong of the stand-in is a set of the wild kind's natural
    # copies too (anqing: "比如7万为钻牌，红中在这一盘就可以当7万用，可以碰"): every read of the
    # melds below sees the target kind
    mk = melds
    if si >= 0 and target >= 0:
        mk = melds.copy()  # only then: the melds are read unchanged on every other win check
        for m in range(mk.shape[0]):
            t = mk[m, 0]
            if mk[m, 1] == si and (
                t == MELD_PUNG or t == MELD_KONG or t == MELD_ADDED_KONG or t == MELD_CONCEALED_KONG
            ):
                mk[m, 1] = target
    n_wild += flags[F_IMAGINED_WILD]  # 心皇: a joker held by no tile
    for m in range(mk.shape[0]):
        t = mk[m, 0]
        if t == MELD_NONE:
            continue
        k = mk[m, 1]
        if t == MELD_CHOW:
            totals[k] += 1
            totals[k + 1] += 1
            totals[k + 2] += 1
        elif t == MELD_HONOR_CHOW:
            for kk in range(27, 34):
                totals[kk] += _in_honor_chow(k, kk)
        elif t == MELD_PUNG:
            totals[k] += 3
        else:
            totals[k] += 4
    g = np.zeros(counts.shape[0], np.int64)
    n_melds = _hand_patterns(nat, n_wild, totals, mk, win_tile, flags, ctx, g)
    # sets besides the melds: 4 in a 14-tile hand, 5 in a 17-tile one (the 16-tile games)
    n_sets = (int(nat.sum()) + n_wild - 2) // 3
    if n_wild == 0 and _uses(rows, pt.UNIQUE_WAIT):
        g[pt.UNIQUE_WAIT] = _unique_wait(nat, totals, win_tile, n_sets, header)
    shapes = header[H_SHAPES]
    for r in range(result.shape[0]):
        result[r] = 0
    best_counts = np.zeros(counts.shape[0], np.int64)
    best_applied = np.zeros(applied.shape[0], np.int64)
    self_drawn = flags[F_SELF_DRAWN] != 0
    g[pt.NO_WILD_USED] = 1 if n_wild == 0 else 0
    _readings(
        nat, n_wild, n_sets, n_melds, win_tile, self_drawn, mk, wmask, g, shapes, rows,
        cancels, header, applied, result, best_counts, best_applied,
    )  # fmt: skip
    imagined = flags[F_IMAGINED_WILD]
    if n_wild > imagined and wild_flowers == 0 and win_tile < 34 and _uses(rows, pt.NO_WILD_USED):
        # 德国 / 精还原: every held wild as its own printed kind (a held wild flower has no
        # printed kind in a set: such a hand has no reading without wilds)
        nat2 = nat.copy()
        for k in range(34):
            if (wmask >> k) & 1 and not (k == si and target >= 0):
                nat2[k] += concealed[k]
        g2 = g.copy()
        g2[pt.NO_WILD_USED] = 1
        _readings(
            nat2, imagined, n_sets, n_melds, win_tile, self_drawn, mk, 0, g2, shapes, rows,
            cancels, header, applied, result, best_counts, best_applied,
        )  # fmt: skip
    counts[:] = best_counts
    applied[:] = best_applied
    if result[R_SHAPE] == 0:
        return -1
    return result[R_VALUE]
