"""Special (non 4-melds-plus-pair) hand shapes: completeness and shanten, wild-aware.

Shapes: seven pairs 七对, thirteen orphans 十三幺, knitted tiles 全不靠 / 七星不靠, knitted straight
组合龙 (+ melds + pair) and 十三烂 (Nanchang "thirteen rotten").

Conventions shared with :mod:`mjsim.kernels` (every function here is ``numba.njit(cache=True)``):

* ``counts``: ``uint8[34]``, the concealed tiles **without** the wild tiles; kinds 0-8 = 1m-9m,
  9-17 = 1p-9p, 18-26 = 1s-9s, 27-33 = East South West North White Green Red.
* ``n_wild``: number of wild tiles held (0-8). A wild may stand for any kind but never for a
  fifth copy of a kind (the real copies plus the wilds standing for a kind are at most 4).
* The kernels trust their input (valid counts, ``0 <= n_wild <= 8``); validation is done at the
  Python boundary (``mjsim.hand``).
* Special shapes are fully concealed hands of 14 tiles (``sum(counts) + n_wild == 14``). Every
  ``is_*`` function returns ``False`` for any other total (except the knitted straight, which
  takes ``n_melds`` like the standard kernels).
* Shanten = the minimum number of tile swaps (draw one, discard one) to reach ready (tenpai);
  ``-1`` = complete. It is computed as ``(target size - 1) - n_wild - max overlap`` where the
  maximum runs over every complete target hand of the shape and ``overlap`` counts the held real
  tiles that the target can use (``sum_k min(counts[k], target[k])``); a wild fills any slot. The
  formula is valid for 13- and 14-tile hands (for 14 tiles, ``0`` = one swap from complete) and
  agrees with the ``mahjong`` package for seven pairs and thirteen orphans.

Seven pairs and four of a kind. The Chinese rule sets count a four of a kind as two pairs:
MCR #19 "7 pairs (a four of a kind counts as 2 pairs)" (the Chinese Official rules), Sichuan 龙七对 "七对
containing 4 identical tiles" (the Sichuan rules), Guizhou 龙七对 "5个对子和4个相同的牌"
(the Guizhou rules), Hangzhou 豪华七对 ×4/×8/×16 (the Hangzhou rules), Changsha 豪华七对
"有四张一样的" (the Changsha rules). So :func:`is_seven_pairs` and
:func:`seven_pairs_shanten_quads` allow it (the default for the Chinese variants) and
:func:`seven_pairs_quads` reports how many there are (1 = luxury 豪华/龙七对, 2 = double luxury
双豪华, 3 = triple 三豪华). Riichi requires seven *different* pairs (the Riichi rules, R7:
"重复的对子是不被认可的"), as does the ``mahjong`` package: :func:`is_seven_pairs_distinct` and
:func:`seven_pairs_shanten`.

Knitted arrangements. A knitted arrangement puts 147, 258 and 369 each in a different suit
(MCR: "3种花色的147、258、369不能错位的序数牌", the rule text, the Chinese Official rules #34/#35). The six
arrangements are numbered 0-5 as rows of :data:`KNITTED_ARRANGEMENTS`: row ``a`` gives, for
the groups 147 / 258 / 369, the suit (0 = m, 1 = p, 2 = s) that holds it, in lexicographic order:
0 = 147m 258p 369s, 1 = 147m 258s 369p, 2 = 147p 258m 369s, 3 = 147p 258s 369m,
4 = 147s 258m 369p, 5 = 147s 258p 369m. :data:`KNITTED_TILES` gives the nine kinds of each.
"""

from __future__ import annotations

import numba
import numpy as np

__all__ = [
    "KNITTED_ARRANGEMENTS",
    "KNITTED_TILES",
    "ORPHAN_KINDS",
    "SHISANLAN_SUIT_SETS",
    "greater_honors_knitted_shanten",
    "is_greater_honors_knitted",
    "is_knitted_honor_pair",
    "is_knitted",
    "is_knitted_straight_win",
    "is_seven_pairs",
    "is_seven_pairs_distinct",
    "is_shisanlan",
    "is_shisanlan_seven_stars",
    "is_thirteen_orphans",
    "knitted_honor_pair_shanten",
    "knitted_shanten",
    "knitted_straight_arrangement",
    "knitted_straight_shanten",
    "knitted_straight_win_arrangement",
    "seven_pairs_quads",
    "seven_pairs_shanten",
    "seven_pairs_shanten_quads",
    "shisanlan_shanten",
    "thirteen_orphans_shanten",
]

# Mirrors of the rule constants of mjsim.kernels (kept local so that mjsim.kernels can import
# this module without a cycle; tests/test_kernels_special.py checks that they agree).
_PAIR_258 = 1
_PAIR_NOT_28 = 2
_HONOR_CHOW_WINDS = 1
_HONOR_CHOW_DRAGONS = 2

_N_KINDS = 34
_FIRST_HONOR = 27
_NEG = -1000  # "impossible" overlap
_NO_SHAPE = 99  # shanten returned when the shape cannot fit at all (knitted straight, n_melds < 3)

#: The 13 terminal and honour kinds of thirteen orphans (1m 9m 1p 9p 1s 9s E S W N White Green Red).
ORPHAN_KINDS = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33], dtype=np.int64)


def _knitted_tables() -> tuple[np.ndarray, np.ndarray]:
    perms = np.array(
        [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]], dtype=np.int64
    )
    tiles = np.empty((6, 9), dtype=np.int64)
    for a in range(6):
        for group in range(3):  # 0: 147, 1: 258, 2: 369
            suit = perms[a, group]
            for j in range(3):
                tiles[a, group * 3 + j] = 9 * suit + group + 3 * j
    return perms, tiles


#: ``int64[6, 3]``: for each knitted arrangement, the suit (0 m, 1 p, 2 s) of 147, 258, 369.
#: ``int64[6, 9]``: the nine tile kinds of each arrangement (147 first, then 258, then 369).
KNITTED_ARRANGEMENTS, KNITTED_TILES = _knitted_tables()


def _shisanlan_sets() -> np.ndarray:
    out = []
    for mask in range(512):
        ranks = [r for r in range(9) if mask >> r & 1]
        if all(b - a >= 3 for a, b in zip(ranks, ranks[1:], strict=False)):
            out.append((mask, len(ranks)))
    return np.array(out, dtype=np.int64)


#: ``int64[41, 2]``: every set of ranks of one suit whose members are pairwise >= 3 apart, as
#: (9-bit rank mask, size); sizes 0-3 (1 + 9 + 21 + 10 sets).
SHISANLAN_SUIT_SETS = _shisanlan_sets()


def _meld_table() -> tuple[np.ndarray, np.ndarray]:
    melds = []
    kinds = []  # 0 pung, 1 suit chow, 2 wind chow, 3 dragon chow
    for k in range(_N_KINDS):
        melds.append((k, k, k))
        kinds.append(0)
    for suit in range(3):
        for r in range(7):
            k = 9 * suit + r
            melds.append((k, k + 1, k + 2))
            kinds.append(1)
    for skip in range(3, -1, -1):  # three different winds out of four
        melds.append(tuple(27 + w for w in range(4) if w != skip))
        kinds.append(2)
    melds.append((31, 32, 33))
    kinds.append(3)
    return np.array(melds, dtype=np.int64), np.array(kinds, dtype=np.int64)


# Every meld (pung, suit chow, honour chow) as three kinds, with its type.
_MELDS, _MELD_TYPES = _meld_table()


def _pair_table() -> np.ndarray:
    ok = np.ones((3, _N_KINDS), dtype=np.bool_)
    for k in range(_N_KINDS):
        suited = k < _FIRST_HONOR
        ok[_PAIR_258, k] = suited and k % 9 in (1, 4, 7)
        ok[_PAIR_NOT_28, k] = not suited or k % 9 not in (1, 7)
    return ok


# _PAIR_OK[pair_rule, kind]: may this kind be the pair (PAIR_ANY 0, PAIR_258 1, PAIR_NOT_28 2)?
_PAIR_OK = _pair_table()


def _suit_best_table() -> np.ndarray:
    best = np.zeros((512, 4), dtype=np.int64)
    for held in range(512):
        for mask, size in SHISANLAN_SUIT_SETS:
            best[held, size] = max(best[held, size], bin(int(mask) & held).count("1"))
    return best


# _SUIT_BEST[held ranks mask, t]: most held ranks in a >=3-apart set of t ranks of one suit.
_SUIT_BEST = _suit_best_table()

_jit = numba.njit(cache=True)


# ---------------------------------------------------------------------------------------------
# Seven pairs
# ---------------------------------------------------------------------------------------------


@_jit
def seven_pairs_shanten(counts: np.ndarray, n_wild: int) -> int:
    """Seven-pairs shanten with seven *different* pairs (Riichi; the ``mahjong`` package).

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds (13 or 14 tiles with the wilds).
        n_wild: wild tiles held.

    Returns:
        Shanten, ``-1`` = complete. Without wilds it equals
        ``mahjong.shanten.Shanten.calculate_shanten_for_chiitoitsu_hand`` (a four of a kind gives
        one pair only).
    """
    pairs = 0
    singles = 0
    for k in range(_N_KINDS):
        if counts[k] >= 2:
            pairs += 1
        elif counts[k] == 1:
            singles += 1
    if pairs > 7:
        pairs = 7
    used_singles = min(singles, 7 - pairs)
    return 13 - n_wild - 2 * pairs - used_singles


@_jit
def seven_pairs_shanten_quads(counts: np.ndarray, n_wild: int) -> int:
    """Seven-pairs shanten where a four of a kind counts as two pairs (Chinese rule sets).

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds (13 or 14 tiles with the wilds).
        n_wild: wild tiles held.

    Returns:
        Shanten, ``-1`` = complete (then :func:`is_seven_pairs` holds). Rule source: MCR #19
        "7 pairs (a four of a kind counts as 2 pairs)" (the Chinese Official rules).
    """
    full = 0  # pairs made of real tiles (a four of a kind gives two)
    halves = 0  # kinds with an odd count: one tile waiting for its partner
    for k in range(_N_KINDS):
        c = counts[k]
        full += c // 2
        halves += c % 2
    if full > 7:
        full = 7
    return 13 - n_wild - 2 * full - min(halves, 7 - full)


@_jit
def is_seven_pairs(counts: np.ndarray, n_wild: int) -> bool:
    """Complete seven pairs, a four of a kind counting as two pairs (the Chinese reading).

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds.
        n_wild: wild tiles held; each kind with an odd count needs one wild.

    Returns:
        True iff ``sum(counts) + n_wild == 14`` and the tiles form seven pairs (equal pairs
        allowed). Rule source: MCR #19 (the Chinese Official rules), 豪华七对 / 龙七对 (module docstring).
    """
    total = n_wild
    odd = 0
    for k in range(_N_KINDS):
        total += counts[k]
        odd += counts[k] % 2
    return total == 14 and odd <= n_wild


@_jit
def is_seven_pairs_distinct(counts: np.ndarray, n_wild: int) -> bool:
    """Complete seven pairs of seven *different* kinds (Riichi chiitoitsu).

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds.
        n_wild: wild tiles held.

    Returns:
        True iff ``sum(counts) + n_wild == 14``, no kind has more than 2 real tiles and every
        single can be paired with a wild (the remaining wilds pair up as new kinds).
    """
    total = n_wild
    singles = 0
    for k in range(_N_KINDS):
        c = counts[k]
        if c > 2:
            return False
        total += c
        singles += c == 1
    return total == 14 and singles <= n_wild


@_jit
def seven_pairs_quads(counts: np.ndarray, n_wild: int) -> int:
    """Maximum number of four-of-a-kinds in a complete seven-pairs hand (four = two pairs).

    The wilds are assigned to make as many fours as possible (the winner's best reading): a kind
    with 3 real tiles takes one wild, two spare wilds turn a pair into a four, four spare wilds
    make a four on their own.

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds.
        n_wild: wild tiles held.

    Returns:
        ``-1`` if the hand is not a complete seven pairs (:func:`is_seven_pairs` is False), else
        0-3: 1 = luxury 豪华七对 / 龙七对, 2 = double luxury 双豪华, 3 = triple 三豪华
        (Hangzhou ×4/×8/×16, the Hangzhou rules; Sichuan 龙七对 +1 per four, the Sichuan rules).
    """
    if not is_seven_pairs(counts, n_wild):
        return -1
    quads = 0
    odd = 0
    twos = 0  # kinds that end up as a pair and could become a four with two more wilds
    for k in range(_N_KINDS):
        c = counts[k]
        if c == 4 or c == 3:
            quads += 1
        elif c == 2 or c == 1:
            twos += 1
        odd += c % 2
    spare_pairs = (n_wild - odd) // 2
    upgrades = min(spare_pairs, twos)
    return quads + upgrades + (spare_pairs - upgrades) // 2


# ---------------------------------------------------------------------------------------------
# Thirteen orphans
# ---------------------------------------------------------------------------------------------


@_jit
def thirteen_orphans_shanten(counts: np.ndarray, n_wild: int) -> int:
    """Thirteen-orphans (十三幺) shanten.

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds (13 or 14 tiles with the wilds).
        n_wild: wild tiles held.

    Returns:
        Shanten, ``-1`` = complete. Without wilds it equals
        ``mahjong.shanten.Shanten.calculate_shanten_for_kokushi_hand``.
    """
    present = 0
    paired = 0
    for i in range(13):
        c = counts[ORPHAN_KINDS[i]]
        if c >= 1:
            present += 1
        if c >= 2:
            paired = 1
    return 13 - n_wild - present - paired


@_jit
def is_thirteen_orphans(counts: np.ndarray, n_wild: int) -> bool:
    """Complete thirteen orphans: 1 and 9 of each suit and the 7 honours, one of them paired.

    Rule source: MCR #7 (the Chinese Official rules); the rule text "1 、9 万筒索，东、南、西、北、中、发、白；
    以上牌型任意一张牌作将" (the Guangdong chicken-hand rules, the Shaanxi rules).

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds.
        n_wild: wild tiles held.

    Returns:
        True iff ``sum(counts) + n_wild == 14`` and the hand is complete.
    """
    total = n_wild
    for k in range(_N_KINDS):
        total += counts[k]
    return total == 14 and thirteen_orphans_shanten(counts, n_wild) == -1


# ---------------------------------------------------------------------------------------------
# Knitted tiles 全不靠 / 七星不靠
# ---------------------------------------------------------------------------------------------


@_jit
def _distinct_honors(counts: np.ndarray) -> int:
    h = 0
    for k in range(_FIRST_HONOR, _N_KINDS):
        h += counts[k] >= 1
    return h


@_jit
def _knitted_held(counts: np.ndarray, arrangement: int) -> int:
    """Distinct kinds of the arrangement's nine suited tiles that are held."""
    s = 0
    for j in range(9):
        s += counts[KNITTED_TILES[arrangement, j]] >= 1
    return s


@_jit
def _total(counts: np.ndarray) -> int:
    t = 0
    for k in range(_N_KINDS):
        t += counts[k]
    return t


@_jit
def knitted_shanten(counts: np.ndarray, n_wild: int) -> int:
    """Lesser Honors and Knitted Tiles (全不靠) shanten.

    The target is any 14 of the 16 tiles {one knitted arrangement (147/258/369 in three different
    suits)} + {7 honours}, all single.

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds (13 or 14 tiles with the wilds).
        n_wild: wild tiles held.

    Returns:
        Shanten, ``-1`` = complete (七星不靠 included).
    """
    h = _distinct_honors(counts)
    best = 0
    for a in range(6):
        u = h + _knitted_held(counts, a)
        if u > 14:
            u = 14
        if u > best:
            best = u
    return 13 - n_wild - best


@_jit
def is_knitted(counts: np.ndarray, n_wild: int) -> bool:
    """Complete Lesser Honors and Knitted Tiles (全不靠, MCR #34), 七星不靠 included.

    Rule source: the rule text "全不靠由3种花色147、258、369不能错位的序数牌及单张的东南西北中发白共16张牌
    中的任何14张牌" (the Chinese Official rules #34; the Shaanxi rules).

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds.
        n_wild: wild tiles held.

    Returns:
        True iff ``sum(counts) + n_wild == 14`` and the hand is 14 singles from one 16-tile pool.
    """
    return _total(counts) + n_wild == 14 and knitted_shanten(counts, n_wild) == -1


@_jit
def greater_honors_knitted_shanten(counts: np.ndarray, n_wild: int) -> int:
    """Greater Honors and Knitted Tiles (七星不靠) shanten: all 7 honours + 7 knitted tiles.

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds (13 or 14 tiles with the wilds).
        n_wild: wild tiles held.

    Returns:
        Shanten, ``-1`` = complete.
    """
    h = _distinct_honors(counts)
    best = 0
    for a in range(6):
        u = min(_knitted_held(counts, a), 7)
        if u > best:
            best = u
    return 13 - n_wild - h - best


@_jit
def is_greater_honors_knitted(counts: np.ndarray, n_wild: int) -> bool:
    """Complete Greater Honors and Knitted Tiles (七星不靠, MCR #20).

    All seven honours singly plus seven suited tiles of one knitted arrangement, no pair
    (the Chinese Official rules #20; the rule text "七星不靠(24番)").

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds.
        n_wild: wild tiles held (they may stand for missing honours or knitted tiles).

    Returns:
        True iff ``sum(counts) + n_wild == 14`` and the hand is complete.
    """
    return _total(counts) + n_wild == 14 and greater_honors_knitted_shanten(counts, n_wild) == -1


@_jit
def knitted_honor_pair_shanten(counts: np.ndarray, n_wild: int) -> int:
    """十三不靠 with an honour pair (以字作将) shanten: the nine tiles of one knitted
    arrangement, each once, plus four different honours, one of them paired (9 + 5 = 14).

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds (13 or 14 tiles with the wilds).
        n_wild: wild tiles held (they may fill any slot).

    Returns:
        Shanten, ``-1`` = complete. The honour part overlaps a target by
        ``2 + min(distinct - 1, 3)`` when an honour is held twice, else ``min(distinct, 4)``.
        Rule source: the rule text "十三不靠15万、条、饼147、258、369凑齐，以字作将" (the common fan table rules).
    """
    distinct = 0
    paired = False
    for k in range(_FIRST_HONOR, _N_KINDS):
        if counts[k] >= 1:
            distinct += 1
        if counts[k] >= 2:
            paired = True
    hon = 2 + min(distinct - 1, 3) if paired else min(distinct, 4)
    best = 0
    for a in range(6):
        u = _knitted_held(counts, a)
        if u > best:
            best = u
    return 13 - n_wild - best - hon


@_jit
def is_knitted_honor_pair(counts: np.ndarray, n_wild: int) -> bool:
    """Complete 十三不靠 with an honour pair (the common fan table: "147、258、369
    凑齐，以字作将"): one knitted arrangement's nine tiles + four different honours, one paired.

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds.
        n_wild: wild tiles held.

    Returns:
        True iff ``sum(counts) + n_wild == 14`` and the hand is complete.
    """
    return _total(counts) + n_wild == 14 and knitted_honor_pair_shanten(counts, n_wild) == -1


# ---------------------------------------------------------------------------------------------
# Knitted straight 组合龙 + melds + pair
# ---------------------------------------------------------------------------------------------


@_jit
def _meld_allowed(m: int, honor_chow: int) -> bool:
    t = _MELD_TYPES[m]
    if t == 2:
        return (honor_chow & _HONOR_CHOW_WINDS) != 0
    if t == 3:
        return (honor_chow & _HONOR_CHOW_DRAGONS) != 0
    return True


@_jit
def _best_pair_overlap(rest: np.ndarray, target: np.ndarray, pair_rule: int) -> int:
    best = _NEG
    for k in range(_N_KINDS):
        if target[k] <= 2 and _PAIR_OK[pair_rule, k]:
            ov = min(rest[k], 2)
            if ov > best:
                best = ov
    return best


@_jit
def _place(m: int, rest: np.ndarray, target: np.ndarray, used: np.ndarray) -> int:
    """Add meld ``m`` to the target; take its tiles from ``rest`` where held.

    Returns the overlap gained (``used`` records which of its three tiles were held), or -1 if
    the target would exceed 4 copies of a kind (nothing is changed then)."""
    for j in range(3):
        target[_MELDS[m, j]] += 1
    if target[_MELDS[m, 0]] > 4 or target[_MELDS[m, 1]] > 4 or target[_MELDS[m, 2]] > 4:
        for j in range(3):
            target[_MELDS[m, j]] -= 1
        return -1
    ov = 0
    for j in range(3):
        k = _MELDS[m, j]
        if rest[k] > 0:
            rest[k] -= 1
            used[j] = 1
            ov += 1
        else:
            used[j] = 0
    return ov


@_jit
def _unplace(m: int, rest: np.ndarray, target: np.ndarray, used: np.ndarray) -> None:
    for j in range(3):
        k = _MELDS[m, j]
        target[k] -= 1
        rest[k] += used[j]


@_jit
def _best_last_meld_and_pair(
    rest: np.ndarray, target: np.ndarray, low: int, pair_rule: int, honor_chow: int
) -> int:
    """Max overlap of ``rest`` with one more meld (table index >= ``low``, or a blank meld that
    uses no held tile) + a pair, target counts capped at 4.

    The pair after a meld only changes on the meld's (at most 3) kinds, so the four best pair
    kinds are found once and the best one outside the meld is read from them."""
    # four best pair candidates (value, kind), best first
    v0 = v1 = v2 = v3 = _NEG
    k0 = k1 = k2 = -1  # the fourth kind is never needed: a meld has at most 3 kinds
    for k in range(_N_KINDS):
        if target[k] <= 2 and _PAIR_OK[pair_rule, k]:
            v = min(rest[k], 2)
            if v > v3:
                if v > v0:
                    v3, v2, k2, v1, k1, v0, k0 = v2, v1, k1, v0, k0, v, k
                elif v > v1:
                    v3, v2, k2, v1, k1 = v2, v1, k1, v, k
                elif v > v2:
                    v3, v2, k2 = v2, v, k
                else:
                    v3 = v
    best = v0  # blank meld
    for m in range(low, _MELDS.shape[0]):
        if best >= 5:
            break  # a meld and a pair fully held
        a = _MELDS[m, 0]
        b = _MELDS[m, 1]
        c = _MELDS[m, 2]
        pung = a == b
        if pung:
            ov = min(rest[a], 3)
        else:
            ov = (rest[a] > 0) + (rest[b] > 0) + (rest[c] > 0)
        if ov == 0 or ov + 2 <= best or not _meld_allowed(m, honor_chow):
            continue
        # the pair: best outside the meld's kinds ...
        if k0 != a and k0 != b and k0 != c:
            pv = v0
        elif k1 != a and k1 != b and k1 != c:
            pv = v1
        elif k2 != a and k2 != b and k2 != c:
            pv = v2
        else:
            pv = v3
        if pung:
            if target[a] + 3 > 4:
                continue
            # no pair on a: it would hold 5 copies
        else:
            if target[a] >= 4 or target[b] >= 4 or target[c] >= 4:
                continue
            # ... or on one of the chow's kinds, after the chow took one held copy
            for j in range(3):
                k = _MELDS[m, j]
                if target[k] + 1 <= 2 and _PAIR_OK[pair_rule, k]:
                    pv = max(pv, min(rest[k] - (rest[k] > 0), 2))
        if ov + pv > best:
            best = ov + pv
    return best


@_jit
def _best_melds_overlap(
    rest: np.ndarray, target: np.ndarray, n_melds: int, pair_rule: int, honor_chow: int
) -> int:
    """Max overlap of ``rest`` with ``n_melds`` melds + a pair, target counts capped at 4.

    Depth-first search over meld sequences in non-decreasing table order (no permutations),
    with an explicit stack (numba cannot cache recursive functions, numba issue #6061). Melds
    that would use no held tile are all equivalent to a "blank" meld of an unused kind, so a
    sequence may stop early: every node is scored as its melds + the best last meld + pair.
    ``rest`` and ``target`` are modified and restored.
    """
    if n_melds <= 0:
        return _best_pair_overlap(rest, target, pair_rule)
    best = _best_last_meld_and_pair(rest, target, 0, pair_rule, honor_chow)
    n_melds -= 1  # the search places all melds but the last one
    if n_melds == 0:
        return best
    n_table = _MELDS.shape[0]
    chosen = np.empty(n_melds, dtype=np.int64)
    gained = np.zeros(n_melds, dtype=np.int64)
    used = np.zeros((n_melds, 3), dtype=np.int64)
    depth = 0
    chosen[0] = -1  # the next candidate at this depth is chosen[depth] + 1
    lows = np.zeros(n_melds, dtype=np.int64)
    score = 0
    while True:
        m = max(chosen[depth] + 1, lows[depth])
        placed = False
        while m < n_table:
            a = _MELDS[m, 0]
            b = _MELDS[m, 1]
            c = _MELDS[m, 2]
            if (rest[a] > 0 or rest[b] > 0 or rest[c] > 0) and _meld_allowed(m, honor_chow):
                ov = _place(m, rest, target, used[depth])
                if ov >= 0:
                    placed = True
                    break
            m += 1
        if placed:
            chosen[depth] = m
            gained[depth] = ov
            score += ov
            cand = score + _best_last_meld_and_pair(rest, target, m, pair_rule, honor_chow)
            if cand > best:
                best = cand
            if depth + 1 < n_melds:
                depth += 1
                chosen[depth] = -1
                lows[depth] = m
            else:
                _unplace(m, rest, target, used[depth])
                score -= ov
            continue
        # this depth is exhausted: undo the parent's meld and try its next candidate
        if depth == 0:
            break
        depth -= 1
        _unplace(chosen[depth], rest, target, used[depth])
        score -= gained[depth]
    return best


@_jit
def _knitted_straight_overlap(
    counts: np.ndarray, n_melds: int, arrangement: int, pair_rule: int, honor_chow: int
) -> int:
    """Max overlap of the hand with (the arrangement's knitted straight + melds + pair)."""
    rest = np.empty(_N_KINDS, dtype=np.int64)
    target = np.zeros(_N_KINDS, dtype=np.int64)
    for k in range(_N_KINDS):
        rest[k] = counts[k]
    ov = 0
    for j in range(9):
        k = KNITTED_TILES[arrangement, j]
        target[k] = 1
        if rest[k] > 0:
            rest[k] -= 1
            ov += 1
    return ov + _best_melds_overlap(rest, target, n_melds - 3, pair_rule, honor_chow)


@_jit
def knitted_straight_shanten(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int
) -> int:
    """Shanten of a knitted straight (组合龙) hand: the straight + ``n_melds - 3`` melds + a pair.

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds, ``3 * n_melds + 1`` or
            ``3 * n_melds + 2`` tiles together with the wilds.
        n_melds: melds the concealed part must form, the knitted straight counting as 3 (4 for a
            closed 14-tile hand; 3 if one meld is exposed); must be >= 3.
        n_wild: wild tiles held.
        pair_rule: ``PAIR_ANY`` 0, ``PAIR_258`` 1 or ``PAIR_NOT_28`` 2 (see ``mjsim.kernels``).
        honor_chow: bit flags ``HONOR_CHOW_WINDS`` 1, ``HONOR_CHOW_DRAGONS`` 2.

    Returns:
        Shanten, ``-1`` = complete; 99 if ``n_melds < 3``. Rule source: MCR #35 "组合龙3种花色的147、258、369不能错位的序数牌",
        completed by one meld and a pair [public: COMH] (the Chinese Official rules).
    """
    if n_melds < 3:
        return _NO_SHAPE
    # The overlap with arrangement a is at most held[a] + min(other real tiles, rest size):
    # visit arrangements by decreasing held[a] and skip those that cannot beat the best.
    held = np.empty(6, dtype=np.int64)
    for a in range(6):
        held[a] = _knitted_held(counts, a)
    real = _total(counts)
    rest_size = 3 * (n_melds - 3) + 2
    best = _NEG
    for _ in range(6):
        a = np.argmax(held)
        h = held[a]
        held[a] = -1
        if h + min(real - h, rest_size) <= best:
            break
        ov = _knitted_straight_overlap(counts, n_melds, a, pair_rule, honor_chow)
        if ov > best:
            best = ov
    return 3 * n_melds + 1 - n_wild - best


@_jit
def knitted_straight_win_arrangement(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int
) -> int:
    """Arrangement (0-5, see :data:`KNITTED_ARRANGEMENTS`) of a complete knitted-straight hand.

    Args:
        counts, n_melds, n_wild, pair_rule, honor_chow: as in :func:`knitted_straight_shanten`.

    Returns:
        The lowest arrangement index with which the hand is complete, ``-1`` if none. Without
        wilds a 14-tile hand can hold at most one complete arrangement (two arrangements share
        at most three kinds, so their union has at least 15).
    """
    if n_melds < 3 or _total(counts) + n_wild != 3 * n_melds + 2:
        return -1
    for a in range(6):
        if _knitted_held(counts, a) + n_wild < 9:
            continue  # the straight itself cannot be completed
        if (
            _knitted_straight_overlap(counts, n_melds, a, pair_rule, honor_chow) + n_wild
            == 3 * n_melds + 2
        ):
            return a
    return -1


@_jit
def is_knitted_straight_win(
    counts: np.ndarray, n_melds: int, n_wild: int, pair_rule: int, honor_chow: int
) -> bool:
    """Complete knitted straight (组合龙) hand: the straight + ``n_melds - 3`` melds + a pair.

    Args:
        counts, n_melds, n_wild, pair_rule, honor_chow: as in :func:`knitted_straight_shanten`;
            a complete hand has ``sum(counts) + n_wild == 3 * n_melds + 2``.

    Returns:
        True iff complete. The pair rule applies to the pair; honour chows may be among the melds.
    """
    return knitted_straight_win_arrangement(counts, n_melds, n_wild, pair_rule, honor_chow) >= 0


@_jit
def knitted_straight_arrangement(counts: np.ndarray, n_wild: int) -> int:
    """Which knitted arrangement (0-5) a hand's knitted straight uses, ``-1`` if none.

    Only the nine straight tiles are looked at (see :func:`knitted_straight_win_arrangement`
    for the arrangement of a *complete* hand, rules included).

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds.
        n_wild: wild tiles held; they may stand for missing straight tiles.

    Returns:
        The arrangement whose nine tiles are covered by the real tiles plus the wilds, preferring
        the one with the most real tiles (then the lowest index); ``-1`` if none is covered.
    """
    best = -1
    best_held = -1
    for a in range(6):
        s = _knitted_held(counts, a)
        if s + n_wild >= 9 and s > best_held:
            best = a
            best_held = s
    return best


# ---------------------------------------------------------------------------------------------
# 十三烂 (Nanchang thirteen rotten)
# ---------------------------------------------------------------------------------------------


@_jit
def _shisanlan_overlap(counts: np.ndarray, seven_stars: bool) -> int:
    """Max overlap with a complete 十三烂 (with all seven honours if ``seven_stars``)."""
    m0 = 0
    m1 = 0
    m2 = 0
    for r in range(9):
        m0 |= (counts[r] >= 1) << r
        m1 |= (counts[9 + r] >= 1) << r
        m2 |= (counts[18 + r] >= 1) << r
    h = _distinct_honors(counts)
    top = _NEG
    for t0 in range(4):
        for t1 in range(4):
            for t2 in range(4):
                th = 14 - t0 - t1 - t2
                if th > 7 or (seven_stars and th != 7):
                    continue
                ov = _SUIT_BEST[m0, t0] + _SUIT_BEST[m1, t1] + _SUIT_BEST[m2, t2] + min(th, h)
                if ov > top:
                    top = ov
    return top


@_jit
def shisanlan_shanten(counts: np.ndarray, n_wild: int) -> int:
    """十三烂 (thirteen rotten, Nanchang) shanten.

    The target: 14 single tiles, the tiles of one suit pairwise at least 3 apart (so at most
    three per suit, e.g. 147, 148, 159, 269), the honours all different.

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds (13 or 14 tiles with the wilds).
        n_wild: wild tiles held.

    Returns:
        Shanten, ``-1`` = complete.
    """
    return 13 - n_wild - _shisanlan_overlap(counts, False)


@_jit
def is_shisanlan(counts: np.ndarray, n_wild: int) -> bool:
    """Complete 十三烂: 14 singles, same-suit tiles at least 3 apart, honours all different.

    Rule source: the Nanchang rules (Nanchang, the rule text "比全不靠更容易和的“十三烂”") with the
    [rec] definition of the Hainan rule text "每张牌都不成对、顺、刻，且2张牌之间至少隔2个数字"
    (the Hainan rules, Hainan 十三幺). Every 全不靠 is a 十三烂.

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds.
        n_wild: wild tiles held.

    Returns:
        True iff ``sum(counts) + n_wild == 14`` and the hand is complete.
    """
    return _total(counts) + n_wild == 14 and shisanlan_shanten(counts, n_wild) == -1


@_jit
def is_shisanlan_seven_stars(counts: np.ndarray, n_wild: int) -> bool:
    """Complete 七星十三烂: a 十三烂 holding all seven honours (the Nanchang rules, public convention).

    Args:
        counts: ``uint8[34]`` concealed tiles without wilds.
        n_wild: wild tiles held (they may stand for missing honours).

    Returns:
        True iff ``sum(counts) + n_wild == 14`` and the hand is a 十三烂 with all 7 honours.
    """
    return _total(counts) + n_wild == 14 and 13 - n_wild - _shisanlan_overlap(counts, True) == -1
