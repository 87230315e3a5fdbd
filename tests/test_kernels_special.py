"""Special-shape kernels (mjsim.kernels.special) against brute-force references.

References, all independent of the kernels' own tables:

* target enumeration: every complete hand of a shape (thirteen orphans: 13, 全不靠: 720, 七星不靠:
  216, 十三烂: ~81,000, knitted straight + meld + pair: ~13,000 per rule set) is listed; a hand is
  complete iff its real tiles fit inside a target (a wild fills each missing slot) and its shanten
  is ``13 - wilds - max overlap``;
* seven pairs: an exhaustive search over wild assignments (completeness, fours) and a knapsack
  over kinds (shanten), and the ``mahjong`` package (chiitoitsu / kokushi shanten);
* the shanten definition itself (= the minimum number of swaps to ready) is checked by searching
  every swap on a sample of hands.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import numba
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.shanten import Shanten

from mjsim.kernels import special as sp
from mjsim.tiles import parse_hand

N_RANDOM = 20_000  # random 13/14-tile hands per comparison
N_NEAR = 10_000  # near-miss hands per comparison

ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
HONORS = list(range(27, 34))


def hand(text: str) -> np.ndarray:
    return parse_hand(text)


# ------------------------------------------------------------------------------------------
# Target lists (independent of the kernel tables)
# ------------------------------------------------------------------------------------------


def knitted_arrangements() -> list[list[int]]:
    """Nine kinds of each knitted arrangement, in itertools.permutations order of the suits."""
    out = []
    for perm in itertools.permutations(range(3)):  # perm[g] = suit of group g (147, 258, 369)
        out.append([9 * perm[g] + g + 3 * j for g in range(3) for j in range(3)])
    return out


KNITTED = knitted_arrangements()


def rows(kind_lists: list[list[int]]) -> np.ndarray:
    """Count vectors (uint8[n, 34]) of equally long lists of tile kinds."""
    kinds = np.array(kind_lists, dtype=np.int64)
    flat = (np.arange(len(kinds))[:, None] * 34 + kinds).ravel()
    return np.bincount(flat, minlength=34 * len(kinds)).reshape(-1, 34).astype(np.uint8)


def orphan_targets() -> np.ndarray:
    return rows([ORPHANS + [k] for k in ORPHANS])


def knitted_targets() -> np.ndarray:
    return rows([list(sub) for arr in KNITTED for sub in itertools.combinations(arr + HONORS, 14)])


def greater_knitted_targets() -> np.ndarray:
    return rows([list(sub) + HONORS for arr in KNITTED for sub in itertools.combinations(arr, 7)])


def rotten_suit_sets() -> list[tuple[int, ...]]:
    """Rank sets of one suit with every two ranks at least 3 apart ("至少隔2个数字")."""
    out = []
    for n in range(4):
        for ranks in itertools.combinations(range(9), n):
            if all(abs(a - b) >= 3 for a, b in itertools.combinations(ranks, 2)):
                out.append(ranks)
    return out


def shisanlan_target_masks(seven_stars: bool = False) -> np.ndarray:
    """Every complete 十三烂 as a 34-bit mask (all tiles single)."""
    suit_sets = rotten_suit_sets()
    masks = []
    for a in suit_sets:
        for b in suit_sets:
            for c in suit_sets:
                n_honors = 14 - len(a) - len(b) - len(c)
                if not 0 <= n_honors <= 7 or (seven_stars and n_honors != 7):
                    continue
                m = 0
                for suit, ranks in enumerate((a, b, c)):
                    for r in ranks:
                        m |= 1 << (9 * suit + r)
                for hs in itertools.combinations(HONORS, n_honors):
                    mm = m
                    for k in hs:
                        mm |= 1 << k
                    masks.append(mm)
    return np.array(masks, dtype=np.int64)


def all_melds(honor_chow: int) -> list[list[int]]:
    melds = [[k] * 3 for k in range(34)]
    melds += [[9 * s + r, 9 * s + r + 1, 9 * s + r + 2] for s in range(3) for r in range(7)]
    if honor_chow & 1:
        melds += [list(c) for c in itertools.combinations(range(27, 31), 3)]
    if honor_chow & 2:
        melds.append([31, 32, 33])
    return melds


def pair_ok(k: int, pair_rule: int) -> bool:
    if pair_rule == 1:
        return k < 27 and k % 9 in (1, 4, 7)
    if pair_rule == 2:
        return k >= 27 or k % 9 not in (1, 7)
    return True


def knitted_straight_targets(
    n_melds: int, pair_rule: int, honor_chow: int
) -> tuple[np.ndarray, np.ndarray]:
    """Every complete knitted-straight hand: (counts rows, arrangement of each row).

    Rows = straight + every multiset of ``n_melds - 3`` melds + every allowed pair, at most 4
    copies of a kind."""
    melds = rows(all_melds(honor_chow))
    straights = rows(KNITTED)
    pairs = 2 * np.eye(34, dtype=np.uint8)[[p for p in range(34) if pair_ok(p, pair_rule)]]
    combos = list(itertools.combinations_with_replacement(range(len(melds)), n_melds - 3))
    meld_sums = np.array([melds[list(ms)].sum(axis=0) for ms in combos], dtype=np.uint8)
    meld_sums = meld_sums.reshape(len(combos), 34)
    t = straights[:, None, None, :] + meld_sums[None, :, None, :] + pairs[None, None, :, :]
    arrs = np.broadcast_to(np.arange(6)[:, None, None], t.shape[:3]).ravel()
    t = t.reshape(-1, 34)
    keep = t.max(axis=1) <= 4
    return t[keep], arrs[keep]


_TARGETS: dict = {}


def targets(key: str, *args: int):
    if (key, args) not in _TARGETS:
        _TARGETS[key, args] = {
            "orphans": orphan_targets,
            "knitted": knitted_targets,
            "greater": greater_knitted_targets,
            "straight": knitted_straight_targets,
            "rotten": shisanlan_target_masks,
        }[key](*args)
    return _TARGETS[key, args]


@numba.njit
def _max_overlap_sparse(counts: np.ndarray, kinds: np.ndarray, mult: np.ndarray) -> np.ndarray:
    out = np.empty(counts.shape[0], dtype=np.int64)
    for i in range(counts.shape[0]):
        best = 0
        for r in range(kinds.shape[0]):
            ov = 0
            for j in range(kinds.shape[1]):
                k = kinds[r, j]
                if k < 0:
                    break
                ov += min(np.int64(counts[i, k]), mult[r, j])
            best = max(best, ov)
        out[i] = best
    return out


def max_overlap(counts: np.ndarray, tgt: np.ndarray) -> np.ndarray:
    """Max over targets of sum_k min(counts[k], target[k]) for every hand: (N, 34) -> (N,).

    A plain loop over every target (jitted, as a list of its distinct kinds)."""
    n_kinds = (tgt > 0).sum(axis=1)
    kinds = np.full((len(tgt), int(n_kinds.max())), -1, dtype=np.int64)
    mult = np.zeros(kinds.shape, dtype=np.int64)
    r, k = np.nonzero(tgt)  # row-major: the kinds of each row in order
    j = np.arange(len(r)) - np.repeat(np.cumsum(n_kinds) - n_kinds, n_kinds)
    kinds[r, j] = k
    mult[r, j] = tgt[r, k]
    return _max_overlap_sparse(np.ascontiguousarray(counts), kinds, mult)


def max_overlap_masks(counts: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """As max_overlap for single-tile targets given as 34-bit masks."""
    weights = np.int64(1) << np.arange(34, dtype=np.int64)
    held = ((counts >= 1).astype(np.int64) * weights).sum(axis=1)
    return np.array([int(np.bitwise_count(masks & h).max()) for h in held])


@numba.njit
def _max_combo(per_suit, honors, combos):
    out = np.empty(honors.shape[0], dtype=np.int64)
    for i in range(honors.shape[0]):
        best = 0
        for r in range(combos.shape[0]):
            ov = per_suit[0, i, combos[r, 0]] + per_suit[1, i, combos[r, 1]]
            ov += per_suit[2, i, combos[r, 2]] + min(honors[i], combos[r, 3])
            best = max(best, ov)
        out[i] = best
    return out


def shisanlan_overlap(counts: np.ndarray, seven_stars: bool) -> np.ndarray:
    """Max overlap with every complete 十三烂: the targets are (a set of each suit, a set of
    honours) with sizes adding up to 14; for a given number of honours the best honour set holds
    min(number, distinct honours held) of the hand's honours."""
    sets = rotten_suit_sets()
    member = np.zeros((9, len(sets)), dtype=np.int64)
    for i, ranks in enumerate(sets):
        member[list(ranks), i] = 1
    size = member.sum(axis=0)
    combos = np.array(
        [
            (a, b, c, 14 - size[a] - size[b] - size[c])
            for a, b, c in itertools.product(range(len(sets)), repeat=3)
        ],
        dtype=np.int64,
    )
    n_honors = combos[:, 3]
    combos = combos[(n_honors == 7) if seven_stars else (n_honors >= 0) & (n_honors <= 7)]
    held = (counts >= 1).astype(np.int64)
    per_suit = np.stack([held[:, 9 * s : 9 * s + 9] @ member for s in range(3)])
    return _max_combo(per_suit, held[:, 27:].sum(axis=1), combos)


def bf_shanten_and_win(overlap: np.ndarray, counts: np.ndarray, wilds: np.ndarray, size: int = 14):
    total = counts.sum(axis=1).astype(np.int64) + wilds
    shanten = size - 1 - wilds - overlap
    win = (total == size) & (overlap == counts.sum(axis=1))
    return shanten, win


# ------------------------------------------------------------------------------------------
# Seven pairs references
# ------------------------------------------------------------------------------------------


def bf_seven_pairs_fours(counts, n_wild: int, distinct: bool) -> int:
    """Exhaustive: max number of fours over every wild assignment making 7 pairs; -1 if none."""
    if int(counts.sum()) + n_wild != 14:
        return -1
    held = [int(c) for c in counts if c]
    best = -1

    def rec(i: int, wilds: int, fours: int) -> None:
        nonlocal best
        if i == len(held):
            if wilds % 2 == 0:
                extra = 0 if distinct else wilds // 4  # new kinds made of wilds only
                best = max(best, fours + extra)
            return
        for x in range(wilds + 1):
            t = held[i] + x
            if t <= 4 and (t == 2 or (t == 4 and not distinct)):
                rec(i + 1, wilds - x, fours + (t == 4))

    rec(0, n_wild, 0)
    return best


def bf_seven_pairs_shanten(counts, n_wild: int, distinct: bool) -> int:
    """Knapsack over kinds: give each kind 0, 1 (or 2) pair slots, at most 7 slots in all."""
    best = [0] + [-(10**9)] * 7  # best[j] = max overlap using j slots
    for c in counts:
        c = int(c)
        if not c:
            continue
        new = best[:]
        for used in range(8):
            for j in (1,) if distinct else (1, 2):
                if used + j <= 7:
                    new[used + j] = max(new[used + j], best[used] + min(c, 2 * j))
        best = new
    return 13 - n_wild - max(best)


# ------------------------------------------------------------------------------------------
# Hand generators
# ------------------------------------------------------------------------------------------


def random_hands(rng, n: int, with_wilds: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """n random hands of 13 or 14 tiles from the 136-tile wall, 0-3 of them wilds."""
    size = rng.integers(13, 15, n)
    wilds = rng.choice(4, n, p=[0.55, 0.25, 0.12, 0.08]) if with_wilds else np.zeros(n, int)
    order = np.argsort(rng.random((n, 136)), axis=1) // 4
    counts = np.zeros((n, 34), dtype=np.uint8)
    for i in range(n):
        counts[i] = np.bincount(order[i, : size[i] - wilds[i]], minlength=34)
    return counts, wilds.astype(np.int64)


def near_miss(rng, tgt: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Random complete hands of a shape, perturbed: 0-2 tiles swapped for random tiles, 0-3
    tiles turned into wilds, and half the time one tile dropped (13-tile hands)."""
    r = random.Random(int(rng.integers(1 << 31)))
    counts = np.zeros((n, 34), dtype=np.uint8)
    wilds = np.zeros(n, dtype=np.int64)
    for i, pick in enumerate(rng.integers(0, len(tgt), n)):
        c = tgt[pick].tolist()
        tiles = [k for k in range(34) for _ in range(c[k])]
        r.shuffle(tiles)
        for _ in range(r.choices((0, 1, 2), (4, 4, 2))[0]):
            c[tiles.pop()] -= 1
            new = r.choice([k for k in range(34) if c[k] < 4])
            c[new] += 1
            tiles.insert(r.randrange(len(tiles) + 1), new)
        w = r.choices((0, 1, 2, 3), (4, 3, 2, 1))[0]
        for _ in range(w):
            c[tiles.pop()] -= 1
        if r.random() < 0.5:
            if w and r.random() < 0.3:
                w -= 1
            else:
                c[tiles.pop()] -= 1
        counts[i] = c
        wilds[i] = w
    return counts, wilds


def hands_for(tgt: np.ndarray, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    c1, w1 = random_hands(rng, N_RANDOM)
    c2, w2 = near_miss(rng, tgt, N_NEAR)
    return np.concatenate([c1, c2]), np.concatenate([w1, w2])


def run(fn: Callable, counts: np.ndarray, wilds: np.ndarray, *args) -> np.ndarray:
    return np.array([fn(counts[i], int(wilds[i]), *args) for i in range(len(counts))])


def run_ks(fn: Callable, counts, wilds, n_melds: int, pair_rule: int, honor_chow: int):
    return np.array(
        [fn(counts[i], n_melds, int(wilds[i]), pair_rule, honor_chow) for i in range(len(counts))]
    )


def assert_same(got: np.ndarray, want: np.ndarray, counts, wilds, what: str) -> None:
    bad = np.flatnonzero(got != want)
    if len(bad):
        i = bad[0]
        pytest.fail(
            f"{what}: {len(bad)} mismatches; first: counts={counts[i].tolist()} "
            f"wilds={wilds[i]} got={got[i]} want={want[i]}"
        )


# ------------------------------------------------------------------------------------------
# Tables and constants
# ------------------------------------------------------------------------------------------


def test_knitted_tables_match_documented_order():
    assert sp.KNITTED_TILES.tolist() == KNITTED
    first = hand("147m258p369s")
    assert sorted(sp.KNITTED_TILES[0].tolist()) == np.flatnonzero(first).tolist()
    last = hand("147s258p369m")
    assert sorted(sp.KNITTED_TILES[5].tolist()) == np.flatnonzero(last).tolist()


def test_shisanlan_suit_sets():
    sets = rotten_suit_sets()
    assert len(sets) == 41 and len(sp.SHISANLAN_SUIT_SETS) == 41
    want = sorted((sum(1 << r for r in s), len(s)) for s in sets)
    assert sorted(map(tuple, sp.SHISANLAN_SUIT_SETS.tolist())) == want
    # the ten three-tile sets, in ranks 1-9
    triples = sorted(tuple(r + 1 for r in s) for s in sets if len(s) == 3)
    assert triples == [
        (1, 4, 7), (1, 4, 8), (1, 4, 9), (1, 5, 8), (1, 5, 9),
        (1, 6, 9), (2, 5, 8), (2, 5, 9), (2, 6, 9), (3, 6, 9),
    ]  # fmt: skip


def test_rule_constants_mirror_kernels_package():
    import mjsim.kernels as k

    for name, local in [
        ("PAIR_258", sp._PAIR_258),
        ("PAIR_NOT_28", sp._PAIR_NOT_28),
        ("HONOR_CHOW_WINDS", sp._HONOR_CHOW_WINDS),
        ("HONOR_CHOW_DRAGONS", sp._HONOR_CHOW_DRAGONS),
    ]:
        if hasattr(k, name):
            assert getattr(k, name) == local, name


# ------------------------------------------------------------------------------------------
# Worked examples
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, wilds, pairs, distinct, fours",
    [
        ("11223344556677m", 0, True, True, 0),
        ("1111m99p99s334455z", 0, True, False, 1),  # MCR M6: 1111m 99p 99s WW NN PP
        ("1111m2222p3333s11z", 0, True, False, 3),  # triple luxury 三豪华
        ("1111m2222p33s4455z", 0, True, False, 2),
        ("1122334455667m", 1, True, True, 0),  # a wild pairs the single
        ("111m22334455667m", 0, False, False, -1),  # three + single: no
        ("111m2233445m6p7s", 2, False, False, -1),  # four odd kinds, two wilds
        ("111m2233445566m", 1, True, False, 1),  # the wild makes 111m a four
        ("112233445566m", 2, True, True, 1),  # two spare wilds: a pair becomes a four
        ("1122334455m", 4, True, True, 2),  # four spare wilds: two fours (or one new four)
        ("123456m", 8, True, True, 1),  # 6 singles + 8 wilds: 6 pairs + a pair of wilds
        ("11223344556m", 3, True, True, 1),
        ("11223344556677m", 1, False, False, -1),  # 15 tiles
        ("1122334455667m", 0, False, False, -1),  # 13 tiles
    ],
)
def test_seven_pairs_examples(text, wilds, pairs, distinct, fours):
    c = hand(text)
    assert sp.is_seven_pairs(c, wilds) == pairs
    assert sp.is_seven_pairs_distinct(c, wilds) == distinct
    assert sp.seven_pairs_quads(c, wilds) == fours
    assert (sp.seven_pairs_shanten_quads(c, wilds) == -1) == pairs
    if int(c.sum()) + wilds == 14:
        assert (sp.seven_pairs_shanten(c, wilds) == -1) == distinct


def test_seven_pairs_many_wilds():
    c = hand("112233m")  # + 8 wilds: 3 pairs upgraded to fours, one pair of wilds left
    assert sp.is_seven_pairs(c, 8) and sp.is_seven_pairs_distinct(c, 8)
    assert sp.seven_pairs_quads(c, 8) == 3
    c = hand("12m")  # + 12 wilds (beyond the 8 of a real set): 1m, 2m fours + a four of wilds
    assert sp.seven_pairs_quads(c, 12) == 3


@pytest.mark.parametrize(
    "text, wilds, win, shanten",
    [
        ("19m19p19s12345677z", 0, True, -1),  # example 1: 十三幺 with a Red (中) pair
        ("119m19p19s1234567z", 0, True, -1),
        ("19m19p19s1234567z", 1, True, -1),  # the wild is the pair
        ("19m19p19s123456z", 2, True, -1),
        ("19m19p19s1234567z", 0, False, 0),  # 13-sided wait
        ("19m19p19s1234566z", 0, False, 0),
        ("29m19p19s12345677z", 0, False, 0),  # 2m is not an orphan
    ],
)
def test_thirteen_orphans_examples(text, wilds, win, shanten):
    c = hand(text)
    assert sp.is_thirteen_orphans(c, wilds) == win
    assert sp.thirteen_orphans_shanten(c, wilds) == shanten


@pytest.mark.parametrize(
    "text, wilds, knitted, greater, rotten, rotten7",
    [
        ("147m258p369s12347z", 0, True, False, True, False),  # example 2 (Shaanxi): 东南西北中
        ("147m258p369s12345z", 0, True, False, True, False),
        ("14m25p369s1234567z", 0, True, True, True, True),  # 七星不靠
        ("1m258p36s1234567z", 1, True, True, True, True),  # a wild for 4m, 7m or 9s
        ("147m258p369s1234z", 1, True, False, True, False),
        ("147m25p36s1234567z", 0, True, True, True, True),
        ("147m258p369s12344z", 0, False, False, False, False),  # pair of North
        ("147m258p368s12345z", 0, False, False, False, False),  # 6s-8s only 2 apart
        ("147m258s369s12345z", 0, False, False, False, False),  # 258 and 369 in one suit
        ("147m147p369s12345z", 0, False, False, True, False),  # 147 twice: 十三烂 only
        ("159m269p147s12345z", 0, False, False, True, False),
        ("159m26p14s1234567z", 0, False, False, True, True),  # 七星十三烂
        ("158m29p14s1234567z", 0, False, False, True, True),
        ("158m29p14s123456z", 1, False, False, True, True),
        ("157m26p14s1234567z", 0, False, False, False, False),  # 5m-7m only 2 apart
        ("1479m258p36s12345z", 0, False, False, False, False),  # four in one suit
        ("147m258p369s1234z", 0, False, False, False, False),  # 13 tiles
    ],
)
def test_knitted_and_shisanlan_examples(text, wilds, knitted, greater, rotten, rotten7):
    c = hand(text)
    assert sp.is_knitted(c, wilds) == knitted
    assert sp.is_greater_honors_knitted(c, wilds) == greater
    assert sp.is_shisanlan(c, wilds) == rotten
    assert sp.is_shisanlan_seven_stars(c, wilds) == rotten7
    if int(c.sum()) + wilds == 14:
        assert (sp.knitted_shanten(c, wilds) == -1) == knitted
        assert (sp.greater_honors_knitted_shanten(c, wilds) == -1) == greater
        assert (sp.shisanlan_shanten(c, wilds) == -1) == rotten


def test_shisanlan_gap_violations():
    base = "147m258p369s12345z"
    assert sp.is_shisanlan(hand(base), 0)
    for bad in (
        "147m258p368s12345z",  # 6-8: gap 2
        "146m258p369s12345z",  # 4-6
        "125m258p369s12345z",  # 1-2
        "147m258p369s11234z",  # honour pair
        "147m25p3s12345677z",  # honour pair with all honours
    ):
        c = hand(bad)
        assert not sp.is_shisanlan(c, 0), bad
        assert sp.shisanlan_shanten(c, 0) == 0, bad
    # wide gaps are fine
    assert sp.is_shisanlan(hand("19m19p159s1234567z"), 0)
    assert sp.is_shisanlan(hand("369m28p17s1234567z"), 0)


@pytest.mark.parametrize("arrangement", range(6))
@pytest.mark.parametrize("rest", ["23455m", "55566z", "11p999s"])
def test_knitted_straight_all_arrangements(arrangement, rest):
    straight = np.zeros(34, dtype=np.uint8)
    straight[KNITTED[arrangement]] = 1
    r = hand(rest)
    c = straight + r
    assert sp.is_knitted_straight_win(c, 4, 0, 0, 0)
    assert sp.knitted_straight_win_arrangement(c, 4, 0, 0, 0) == arrangement
    assert sp.knitted_straight_arrangement(c, 0) == arrangement
    assert sp.knitted_straight_shanten(c, 4, 0, 0, 0) == -1
    # with a wild for one straight tile and one for a rest tile
    c2 = c.copy()
    c2[KNITTED[arrangement][4]] -= 1
    c2[int(np.flatnonzero(r)[0])] -= 1
    assert sp.is_knitted_straight_win(c2, 4, 2, 0, 0)
    assert sp.knitted_straight_arrangement(c2, 2) == arrangement
    # a different arrangement does not fit
    other = (arrangement + 1) % 6
    c3 = np.zeros(34, dtype=np.uint8)
    c3[KNITTED[other]] = 1
    assert sp.knitted_straight_arrangement(c3, 0) == other


def test_knitted_straight_rules():
    c = hand("147m258p369s55567z")  # White-Green-Red chow + White pair
    assert not sp.is_knitted_straight_win(c, 4, 0, 0, 0)
    assert sp.is_knitted_straight_win(c, 4, 0, 0, 2)  # dragon chow
    assert not sp.is_knitted_straight_win(c, 4, 0, 0, 1)
    c = hand("147m258p369s12344z")  # E S W chow + North pair
    assert sp.is_knitted_straight_win(c, 4, 0, 0, 1)
    assert not sp.is_knitted_straight_win(c, 4, 0, 0, 2)
    c = hand("147m258p369s34522m")  # 345m + 22m: 2-5-8 pair ok, not-2/8 pair rejected
    assert sp.is_knitted_straight_win(c, 4, 0, 1, 0)
    assert not sp.is_knitted_straight_win(c, 4, 0, 2, 0)
    c = hand("147m258p369s34533m")
    assert not sp.is_knitted_straight_win(c, 4, 0, 1, 0)
    assert sp.is_knitted_straight_win(c, 4, 0, 2, 0)
    # one meld exposed: straight + pair only (11 concealed tiles)
    assert sp.is_knitted_straight_win(hand("147m258p369s11z"), 3, 0, 0, 0)
    assert sp.knitted_straight_shanten(hand("147m258p369s1z"), 3, 0, 0, 0) == 0
    # 17-tile hand: straight + two melds + pair
    assert sp.is_knitted_straight_win(hand("147m258p369s123m55z"), 5, 3, 0, 0)
    assert not sp.is_knitted_straight_win(hand("147m258p369s123m55z"), 5, 2, 0, 0)
    assert sp.knitted_straight_shanten(hand("147m258p369s"), 2, 0, 0, 0) == 99
    assert not sp.is_knitted_straight_win(hand("147m258p369s"), 2, 0, 0, 0)
    # straight tiles double as meld tiles: 111m -> straight 1m + pair 11m
    assert sp.is_knitted_straight_win(hand("11147m258p369s111z"), 4, 0, 0, 0)
    assert sp.is_knitted_straight_win(hand("147m258p369s444m"), 4, 2, 0, 0)  # 444m + wild pair


def test_knitted_straight_wild_never_a_fifth_copy():
    # 17 tiles: straight 258m 147p 369s + 888s + South x4 + one wild. The only reading of the
    # rest as 2 melds + pair is 888s + SSS + (S + wild) = a fifth South: not complete.
    c = hand("258m147p369888s2222z")
    assert not sp.is_knitted_straight_win(c, 5, 1, 0, 0)
    assert sp.knitted_straight_shanten(c, 5, 1, 0, 0) == 0
    c[28] -= 1  # a real South swapped for a second wild: 888s + SSS + wild pair
    assert sp.is_knitted_straight_win(c, 5, 2, 0, 0)


# ------------------------------------------------------------------------------------------
# Brute-force comparisons on random and near-miss hands
# ------------------------------------------------------------------------------------------


def check_target_shape(key, shanten_fn, win_fn, seed, *args):
    tgt = targets(key, *args)
    counts, wilds = hands_for(tgt, seed)
    want_sh, want_win = bf_shanten_and_win(max_overlap(counts, tgt), counts, wilds)
    assert_same(run(shanten_fn, counts, wilds), want_sh, counts, wilds, f"{key} shanten")
    assert_same(run(win_fn, counts, wilds), want_win, counts, wilds, f"{key} win")
    assert want_win.sum() > 1000  # the generator reaches the shape


def test_thirteen_orphans_vs_bruteforce():
    check_target_shape("orphans", sp.thirteen_orphans_shanten, sp.is_thirteen_orphans, 1)


def test_knitted_vs_bruteforce():
    check_target_shape("knitted", sp.knitted_shanten, sp.is_knitted, 2)


def test_greater_honors_knitted_vs_bruteforce():
    check_target_shape(
        "greater", sp.greater_honors_knitted_shanten, sp.is_greater_honors_knitted, 3
    )


@pytest.mark.parametrize("seven_stars", [False, True])
def test_shisanlan_vs_bruteforce(seven_stars):
    masks = targets("rotten", seven_stars)
    rng = np.random.default_rng(4 + seven_stars)
    tgt_rows = np.array(
        [[(int(m) >> k) & 1 for k in range(34)] for m in rng.choice(masks, 2000)],
        dtype=np.uint8,
    )
    counts, wilds = hands_for(tgt_rows, 5 + seven_stars)
    overlap = shisanlan_overlap(counts, seven_stars)
    # the grouped enumeration agrees with the flat list of every target on a sample
    sample = slice(len(counts) - 300, None)
    assert (max_overlap_masks(counts[sample], masks) == overlap[sample]).all()
    want_sh, want_win = bf_shanten_and_win(overlap, counts, wilds)
    if seven_stars:
        got = run(sp.is_shisanlan_seven_stars, counts, wilds)
    else:
        got = run(sp.is_shisanlan, counts, wilds)
        assert_same(run(sp.shisanlan_shanten, counts, wilds), want_sh, counts, wilds, "shanten")
    assert_same(got, want_win, counts, wilds, "十三烂")
    assert want_win.sum() > 1000


@pytest.mark.parametrize(
    "pair_rule, honor_chow, seed", [(0, 0, 6), (1, 0, 7), (2, 3, 8), (0, 1, 9), (1, 2, 10)]
)
def test_knitted_straight_vs_bruteforce(pair_rule, honor_chow, seed):
    tgt, arr = targets("straight", 4, pair_rule, honor_chow)
    counts, wilds = hands_for(tgt, seed)
    n = len(counts) if pair_rule == 0 and honor_chow == 0 else len(counts) // 4
    counts, wilds = counts[-n:], wilds[-n:]  # the other rule sets: near-miss hands only
    want_sh, want_win = bf_shanten_and_win(max_overlap(counts, tgt), counts, wilds)
    got_sh = run_ks(sp.knitted_straight_shanten, counts, wilds, 4, pair_rule, honor_chow)
    assert_same(got_sh, want_sh, counts, wilds, "组合龙 shanten")
    got_arr = run_ks(sp.knitted_straight_win_arrangement, counts, wilds, 4, pair_rule, honor_chow)
    assert_same(got_arr >= 0, want_win, counts, wilds, "组合龙 win")
    assert want_win.sum() > 500
    # the arrangement reported is the lowest one with a containing target
    for i in np.flatnonzero(want_win)[:300]:
        fits = np.all(counts[i] <= tgt, axis=1)
        assert got_arr[i] == arr[fits].min()
    # without wilds the arrangement is unique, and the straight-only lookup agrees
    for i in np.flatnonzero(want_win & (wilds == 0))[:300]:
        assert sp.knitted_straight_arrangement(counts[i], 0) == got_arr[i]


@pytest.mark.parametrize("n_melds", [3, 5])
def test_knitted_straight_other_lengths_vs_bruteforce(n_melds):
    tgt, _ = targets("straight", n_melds, 0, 0)
    rng = np.random.default_rng(11 + n_melds)
    counts, wilds = near_miss(rng, tgt, 3000 if n_melds == 3 else 150)
    size = 3 * n_melds + 2
    want_sh, want_win = bf_shanten_and_win(max_overlap(counts, tgt), counts, wilds, size)
    got_sh = run_ks(sp.knitted_straight_shanten, counts, wilds, n_melds, 0, 0)
    assert_same(got_sh, want_sh, counts, wilds, "组合龙 shanten")
    got_win = run_ks(sp.is_knitted_straight_win, counts, wilds, n_melds, 0, 0)
    assert_same(got_win, want_win, counts, wilds, "组合龙 win")


@pytest.mark.parametrize("n_melds, pair_rule, honor_chow", [(4, 0, 0), (4, 1, 3), (3, 2, 0)])
def test_knitted_straight_vs_standard_kernel(n_melds, pair_rule, honor_chow):
    """Complete iff, for some arrangement, the wilds cover the missing straight tiles and the
    rest is a standard hand of n_melds - 3 melds + a pair (mjsim.kernels.standard)."""
    from mjsim.kernels.standard import is_standard_win

    tgt, _ = targets("straight", n_melds, pair_rule, honor_chow)
    counts, wilds = near_miss(np.random.default_rng(20 + n_melds), tgt, 4000)
    for c, w in zip(counts, wilds, strict=True):
        want = False
        for straight in KNITTED:
            held = [k for k in straight if c[k]]
            rest = c.copy()
            rest[held] -= 1
            missing = 9 - len(held)
            if missing <= w and is_standard_win(
                rest, n_melds - 3, int(w) - missing, pair_rule, honor_chow
            ):
                want = True
        assert sp.is_knitted_straight_win(c, n_melds, int(w), pair_rule, honor_chow) == want


def seven_pairs_targets(rng, n: int) -> np.ndarray:
    out = np.zeros((n, 34), dtype=np.uint8)
    for i in range(n):
        kinds = rng.choice(34, 7, replace=False)
        out[i, kinds] = 2
        for _ in range(rng.choice(4, p=[0.4, 0.3, 0.2, 0.1])):  # merge pairs into fours
            twos = np.flatnonzero(out[i] == 2)
            a, b = rng.choice(twos, 2, replace=False)
            out[i, a], out[i, b] = 4, 0
    return out


@pytest.mark.parametrize("distinct", [False, True])
def test_seven_pairs_vs_bruteforce(distinct):
    rng = np.random.default_rng(12 + distinct)
    counts, wilds = hands_for(seven_pairs_targets(rng, 3000), 14 + distinct)
    shanten_fn = sp.seven_pairs_shanten if distinct else sp.seven_pairs_shanten_quads
    win_fn = sp.is_seven_pairs_distinct if distinct else sp.is_seven_pairs
    want_sh = np.array(
        [bf_seven_pairs_shanten(c, int(w), distinct) for c, w in zip(counts, wilds, strict=True)]
    )
    assert_same(run(shanten_fn, counts, wilds), want_sh, counts, wilds, "七对 shanten")
    fours = np.array(
        [bf_seven_pairs_fours(c, int(w), distinct) for c, w in zip(counts, wilds, strict=True)]
    )
    assert_same(run(win_fn, counts, wilds), fours >= 0, counts, wilds, "七对 win")
    assert (fours >= 0).sum() > 1000
    if not distinct:
        assert_same(run(sp.seven_pairs_quads, counts, wilds), fours, counts, wilds, "fours")
        assert (fours >= 2).sum() > 100


def test_seven_pairs_and_orphans_vs_mahjong_package():
    rng = np.random.default_rng(16)
    rand, _ = random_hands(rng, N_RANDOM, with_wilds=False)
    near13, w13 = near_miss(rng, orphan_targets(), N_NEAR)
    near7, w7 = near_miss(rng, seven_pairs_targets(rng, 2000), N_NEAR)
    counts = np.concatenate([rand, near13[w13 == 0], near7[w7 == 0]])
    zero = np.zeros(len(counts), dtype=np.int64)
    sh = Shanten()
    want7 = np.array([sh.calculate_shanten_for_chiitoitsu_hand(list(c)) for c in counts])
    want13 = np.array([sh.calculate_shanten_for_kokushi_hand(list(c)) for c in counts])
    assert_same(run(sp.seven_pairs_shanten, counts, zero), want7, counts, zero, "chiitoitsu")
    assert_same(run(sp.thirteen_orphans_shanten, counts, zero), want13, counts, zero, "kokushi")
    assert (want7 == -1).sum() > 100 and (want13 == -1).sum() > 100


# ------------------------------------------------------------------------------------------
# Shanten = minimum number of swaps to ready (checked by searching every swap)
# ------------------------------------------------------------------------------------------


SHAPES: dict[str, tuple[Callable, Callable]] = {
    "seven_pairs": (sp.seven_pairs_shanten_quads, sp.is_seven_pairs),
    "seven_pairs_distinct": (sp.seven_pairs_shanten, sp.is_seven_pairs_distinct),
    "thirteen_orphans": (sp.thirteen_orphans_shanten, sp.is_thirteen_orphans),
    "knitted": (sp.knitted_shanten, sp.is_knitted),
    "greater_knitted": (sp.greater_honors_knitted_shanten, sp.is_greater_honors_knitted),
    "shisanlan": (sp.shisanlan_shanten, sp.is_shisanlan),
    "knitted_straight": (
        lambda c, w: sp.knitted_straight_shanten(c, 4, w, 1, 1),
        lambda c, w: sp.is_knitted_straight_win(c, 4, w, 1, 1),
    ),
}


def shape_targets(name: str, rng) -> np.ndarray:
    if name.startswith("seven_pairs"):
        t = seven_pairs_targets(rng, 200)
        return t[t.max(axis=1) <= 2] if name.endswith("distinct") else t
    if name == "shisanlan":
        masks = rng.choice(targets("rotten", False), 200)
        return np.array([[(int(m) >> k) & 1 for k in range(34)] for m in masks], dtype=np.uint8)
    if name == "knitted_straight":
        return targets("straight", 4, 1, 1)[0]
    return targets({"thirteen_orphans": "orphans", "greater_knitted": "greater"}.get(name, name))


@pytest.mark.parametrize("name", list(SHAPES))
def test_shanten_is_min_swaps_to_ready(name):
    """shanten 0 <=> some draw completes; one swap lowers shanten by at most 1, and some swap
    lowers it by exactly 1; a 14-tile hand's shanten is the best over its discards. Together
    these pin shanten down as the minimum number of swaps to ready."""
    shanten_fn, win_fn = SHAPES[name]
    rng = np.random.default_rng(100 + list(SHAPES).index(name))
    counts, wilds = near_miss(rng, shape_targets(name, rng), 60)
    c14, w14 = random_hands(rng, 20)
    counts, wilds = np.concatenate([counts, c14]), np.concatenate([wilds, w14])
    for c, w in zip(counts, wilds, strict=True):
        c = c.copy()
        w = int(w)
        s = shanten_fn(c, w)
        if int(c.sum()) + w == 14:
            assert (s == -1) == win_fn(c, w)
            if s >= 0:
                best = 99
                for k in np.flatnonzero(c):
                    c[k] -= 1
                    best = min(best, shanten_fn(c, w))
                    c[k] += 1
                if w:
                    best = min(best, shanten_fn(c, w - 1))
                assert best == s
            continue
        # 13 tiles
        ready = False
        for k in range(34):
            if c[k] < 4:
                c[k] += 1
                ready |= win_fn(c, w)
                c[k] -= 1
        assert (s == 0) == ready, (c.tolist(), w, s)
        lowest = 99
        discards = [(k, 0) for k in np.flatnonzero(c)] + ([(-1, 1)] if w else [])
        for k, dw in discards:
            if k >= 0:
                c[k] -= 1
            for d in range(35):  # 34 = draw a wild
                if d < 34 and c[d] >= 4:
                    continue
                if d < 34:
                    c[d] += 1
                    t = shanten_fn(c, w - dw)
                    c[d] -= 1
                else:
                    t = shanten_fn(c, w - dw + 1)
                assert t >= s - 1
                lowest = min(lowest, t)
            if k >= 0:
                c[k] += 1
        if s > 0:
            assert lowest == s - 1


# ------------------------------------------------------------------------------------------
# Properties (hypothesis)
# ------------------------------------------------------------------------------------------


@st.composite
def hands(draw, sizes=(13, 14)):
    size = draw(st.sampled_from(sizes))
    w = draw(st.integers(0, 4))
    positions = draw(
        st.lists(st.integers(0, 135), min_size=size - w, max_size=size - w, unique=True)
    )
    c = np.bincount(np.array(positions, dtype=np.int64) // 4, minlength=34).astype(np.uint8)
    return c, w


def permute_suits(c: np.ndarray, perm, reverse: bool = False) -> np.ndarray:
    out = c.copy()
    for s in range(3):
        block = c[9 * s : 9 * s + 9]
        out[9 * perm[s] : 9 * perm[s] + 9] = block[::-1] if reverse else block
    return out


ALL_FNS = [
    sp.seven_pairs_shanten,
    sp.seven_pairs_shanten_quads,
    sp.thirteen_orphans_shanten,
    sp.knitted_shanten,
    sp.greater_honors_knitted_shanten,
    sp.shisanlan_shanten,
    SHAPES["knitted_straight"][0],
    sp.is_seven_pairs,
    sp.is_seven_pairs_distinct,
    sp.seven_pairs_quads,
    sp.is_thirteen_orphans,
    sp.is_knitted,
    sp.is_greater_honors_knitted,
    sp.is_shisanlan,
    sp.is_shisanlan_seven_stars,
    SHAPES["knitted_straight"][1],
]


@settings(max_examples=150, deadline=None)
@given(hands(), st.permutations([0, 1, 2]))
def test_suit_permutation_invariance(h, perm):
    c, w = h
    p = permute_suits(c, perm)
    for fn in ALL_FNS:
        assert fn(c, w) == fn(p, w), fn


@settings(max_examples=150, deadline=None)
@given(hands())
def test_rank_reversal_invariance(h):
    """1 <-> 9 within every suit maps each of these shapes onto itself (147 <-> 369)."""
    c, w = h
    r = permute_suits(c, [0, 1, 2], reverse=True)
    for fn in ALL_FNS:
        assert fn(c, w) == fn(r, w), fn


@settings(max_examples=150, deadline=None)
@given(hands(), st.data())
def test_a_wild_never_hurts(h, data):
    """Turning a real tile into a wild never raises shanten and keeps a complete hand complete."""
    c, w = h
    held = np.flatnonzero(c)
    k = data.draw(st.sampled_from(held.tolist()))
    c2 = c.copy()
    c2[k] -= 1
    for fn in ALL_FNS[:7]:
        assert fn(c2, w + 1) <= fn(c, w), fn
    for fn in ALL_FNS[7:]:
        if fn is sp.seven_pairs_quads:
            assert fn(c2, w + 1) >= fn(c, w)
        elif fn(c, w):
            assert fn(c2, w + 1), fn


@settings(max_examples=150, deadline=None)
@given(hands(sizes=(14,)))
def test_shape_inclusions(h):
    c, w = h
    if sp.is_greater_honors_knitted(c, w):
        assert sp.is_knitted(c, w) and sp.is_shisanlan_seven_stars(c, w)
    if sp.is_knitted(c, w):
        assert sp.is_shisanlan(c, w)
    if sp.is_shisanlan_seven_stars(c, w):
        assert sp.is_shisanlan(c, w)
    if sp.is_seven_pairs_distinct(c, w):
        assert sp.is_seven_pairs(c, w)
    assert (sp.seven_pairs_quads(c, w) >= 0) == sp.is_seven_pairs(c, w)
    for shanten_fn, win_fn in SHAPES.values():
        assert (shanten_fn(c, w) == -1) == win_fn(c, w)
    assert sp.shisanlan_shanten(c, w) <= sp.knitted_shanten(c, w)
    assert sp.knitted_shanten(c, w) <= sp.greater_honors_knitted_shanten(c, w)
    assert sp.seven_pairs_shanten_quads(c, w) <= sp.seven_pairs_shanten(c, w)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True), st.integers(0, 3))
def test_any_seven_different_pairs(kinds, n_wild):
    c = np.zeros(34, dtype=np.uint8)
    c[kinds] = 2
    for k in kinds[:n_wild]:
        c[k] -= 1
    assert sp.is_seven_pairs_distinct(c, n_wild) and sp.is_seven_pairs(c, n_wild)
    assert sp.seven_pairs_shanten(c, n_wild) == -1
    assert sp.seven_pairs_quads(c, n_wild) == 0
