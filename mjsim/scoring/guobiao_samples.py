"""Random LEGAL guobiao winning hands, for differential tests and benchmarks.

Shapes are built directly (4 sets + pair, seven pairs, seven shifted pairs, thirteen orphans,
honors-and-knitted, knitted straight + set + pair, nine gates), with themed tile pools and related
sets (same chow in another suit, shifted chows/pungs, ...) so that every fan occurs in a sample of
a few thousand hands. Melds (chows, pungs, exposed / added / concealed kongs), winds, flowers and
the win flags are random but consistent: a kong-replacement win is self-drawn with a kong among the
melds; a robbed kong is a discard win on a tile the winner holds once; no kong replacement on the
last wall tile.

A sample is a dict: ``concealed`` (``uint8[34]``, winning tile included), ``melds`` (list of
``(meld_type, tile, source)``), ``win_tile``, ``self_drawn``, ``fourth_tile``, ``last_wall_tile``,
``kong_replacement``, ``robbing_kong``, ``seat_wind``, ``round_wind`` (0-3), ``flowers`` (0-8).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from numpy.typing import NDArray

from mjsim.melds import (
    MAX_MELDS,
    MELD_ADDED_KONG,
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_KONG,
    MELD_NAMES,
    MELD_NONE,
    MELD_PUNG,
)
from mjsim.scoring.context import (
    F_FLOWERS,
    F_FOURTH_TILE,
    F_KONG_REPLACEMENT,
    F_LAST_WALL_TILE,
    F_ROBBING_KONG,
    F_ROUND_WIND,
    F_SEAT_WIND,
    F_SELF_DRAWN,
    N_FLAGS,
)

_POOLS: dict[str, list[int]] = {
    "any": list(range(34)),
    "terminals_honors": [0, 8, 9, 17, 18, 26, *range(27, 34)],
    "terminals": [0, 8, 9, 17, 18, 26],
    "honors": list(range(27, 34)),
    "even": [k for k in range(27) if (k % 9 + 1) % 2 == 0],
    "low": [k for k in range(27) if k % 9 < 3],
    "lower4": [k for k in range(27) if k % 9 < 4],
    "mid": [k for k in range(27) if 3 <= k % 9 <= 5],
    "high": [k for k in range(27) if k % 9 >= 6],
    "upper4": [k for k in range(27) if k % 9 >= 5],
    "green": [19, 20, 21, 23, 25, 32],
    "reversible": [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31],
    "simples": [k for k in range(27) if 1 <= k % 9 <= 7],
    "winds_dragons": list(range(27, 34)) + list(range(27)),
}
_POOL_NAMES = list(_POOLS) + ["one_suit", "one_suit_honors", "two_suits", "fives"]
_KNITTED_PERMS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def _pool(rng: random.Random) -> tuple[set[int], bool]:
    """A tile pool and whether chows are allowed."""
    name = _POOL_NAMES[rng.randrange(len(_POOL_NAMES))]
    if rng.random() < 0.35:
        name = "any"
    if name == "one_suit":
        s = int(rng.randrange(3))
        return set(range(9 * s, 9 * s + 9)), True
    if name == "one_suit_honors":
        s = int(rng.randrange(3))
        return set(range(9 * s, 9 * s + 9)) | set(range(27, 34)), True
    if name == "two_suits":
        a, b = rng.sample(range(3), 2)
        return set(range(9 * a, 9 * a + 9)) | set(range(9 * b, 9 * b + 9)) | set(
            range(27, 34)
        ), True
    if name == "fives":
        return {k for k in range(27) if 2 <= k % 9 <= 6}, True
    return set(_POOLS[name]), True


def _set_tiles(kind: str, k: int) -> list[int]:
    return [k, k + 1, k + 2] if kind == "chow" else [k, k, k]


def _related(rng: random.Random, kind: str, k: int) -> tuple[str, int]:
    """A set related to ``(kind, k)``: same / shifted / same rank in another suit."""
    if k >= 27:
        return "pung", int(rng.randrange(27, 34))
    s, r = divmod(k, 9)
    move = rng.randrange(6)
    if move == 0:
        return kind, k
    if move in (1, 2):
        step = rng.choice([1, 2, 3] if kind == "chow" else [1])
        r2 = r + step if rng.random() < 0.7 else r - step
        return kind, s * 9 + r2 if 0 <= r2 <= 8 else k
    if move == 3:
        s2 = int(rng.randrange(3))
        return kind, s2 * 9 + r
    if move == 4 and kind == "chow":
        return "chow", s * 9 + (6 if r == 0 else 0)
    other = "pung" if kind == "chow" else "chow"
    return other, k


def _standard_sets(rng: random.Random) -> tuple[list[tuple[str, int]], int] | None:
    pool, _ = _pool(rng)
    pool_list = sorted(pool)
    counts = np.zeros(34, dtype=np.int64)
    sets: list[tuple[str, int]] = []
    chow_bias = rng.random()
    for _attempt in range(60):
        if len(sets) == 4:
            break
        if sets and rng.random() < 0.6:
            kind, k = _related(rng, *sets[int(rng.randrange(len(sets)))])
        else:
            kind = "chow" if rng.random() < chow_bias else "pung"
            k = rng.choice(pool_list)
        if kind == "chow" and (k >= 27 or k % 9 > 6):
            continue
        tiles = _set_tiles(kind, k)
        if any(t not in pool for t in tiles):
            continue
        if any(counts[t] + tiles.count(t) > 4 for t in set(tiles)):
            continue
        for t in tiles:
            counts[t] += 1
        sets.append((kind, k))
    if len(sets) < 4:
        return None
    choices = [t for t in sorted(pool) if counts[t] <= 2]
    if rng.random() < 0.3:
        choices = [t for t in choices if any(t in _set_tiles(*st) for st in sets)] or choices
    if not choices:
        return None
    pair = rng.choice(choices)
    return sets, pair


def _template_sets(rng: random.Random) -> tuple[list[tuple[str, int]], int]:
    """Hand-picked structures for the rarest combination fans."""
    s = int(rng.randrange(3))
    a, b, c = rng.sample(range(3), 3)
    t = int(rng.randrange(10))
    if t == 0:  # 一色双龙会
        return [
            ("chow", 9 * s),
            ("chow", 9 * s),
            ("chow", 9 * s + 6),
            ("chow", 9 * s + 6),
        ], 9 * s + 4
    if t == 1:  # 三色双龙会
        return [
            ("chow", 9 * a),
            ("chow", 9 * a + 6),
            ("chow", 9 * b),
            ("chow", 9 * b + 6),
        ], 9 * c + 4
    if t == 2:  # 一色四同顺
        r = int(rng.randrange(7))
        return [("chow", 9 * s + r)] * 4, int(rng.randrange(27, 34))
    if t == 3:  # 一色四步高
        step = int(rng.randrange(1, 3))
        r = int(rng.randrange(0, 7 - 3 * step))
        return [("chow", 9 * s + r + i * step) for i in range(4)], int(rng.randrange(34))
    if t == 4:  # 一色四节高 / 三节高
        r = int(rng.randrange(6))
        return [("pung", 9 * s + r + i) for i in range(4)], 9 * b + int(rng.randrange(9))
    if t == 5:  # winds
        winds = [27, 28, 29, 30]
        rng.shuffle(winds)
        return [("pung", w) for w in winds[:3]] + [("pung", int(rng.randrange(31, 34)))], winds[3]
    if t == 6:  # dragons
        return [
            ("pung", 31),
            ("pung", 32),
            ("pung", 33),
            ("chow", 9 * s + int(rng.randrange(7))),
        ], int(rng.randrange(27, 31))
    if t == 7:  # 三同刻 / 三色三节高
        r = int(rng.randrange(7))
        d = int(rng.randrange(2))
        return [("pung", 9 * a + r), ("pung", 9 * b + r + d), ("pung", 9 * c + r + 2 * d)] + [
            ("chow", 9 * s + int(rng.randrange(7)))
        ], int(rng.randrange(27, 34))
    if t == 8:  # 无番和-like: two chows of one suit two apart, unrelated chow, pair of honors
        r = rng.randrange(5)
        return [
            ("chow", 9 * a + r),
            ("chow", 9 * a + r + 2),
            ("chow", 9 * b + rng.randrange(7)),
            ("chow", 9 * c + rng.randrange(7)),
        ], rng.randrange(27, 34)
    # 全带五 / 全双刻
    if rng.random() < 0.5:
        return [("chow", 9 * x + 3 + int(rng.randrange(3))) for x in (a, b, c, a)], 9 * b + 4
    return [("pung", 9 * x + 2 * int(rng.randrange(4)) + 1) for x in (a, b, c)] + [
        ("pung", 9 * a + 7)
    ], 9 * c + 3


def _finish_standard(
    rng: random.Random, sets: list[tuple[str, int]], pair: int
) -> dict[str, Any] | None:
    total = np.zeros(34, dtype=np.int64)
    for kind, k in sets:
        for t in _set_tiles(kind, k):
            total[t] += 1
    total[pair] += 2
    if total.max() > 4:
        return None
    n_open = int(rng.choices(range(5), [0.35, 0.2, 0.2, 0.15, 0.1])[0])
    order = rng.sample(range(4), 4)
    concealed = np.zeros(34, dtype=np.uint8)
    concealed[pair] += 2
    melds: list[tuple[int, int, int]] = []
    for rank_i, i in enumerate(order):
        kind, k = sets[int(i)]
        is_kong = kind == "pung" and total[k] == 3 and rng.random() < 0.25
        if is_kong:
            mt = [MELD_KONG, MELD_ADDED_KONG, MELD_CONCEALED_KONG][int(rng.randrange(3))]
            melds.append((mt, k, 0 if mt == MELD_CONCEALED_KONG else int(rng.randrange(1, 4))))
            total[k] += 1
        elif rank_i < n_open:
            mt = MELD_CHOW if kind == "chow" else MELD_PUNG
            melds.append((mt, k, int(rng.randrange(1, 4))))
        else:
            for t in _set_tiles(kind, k):
                concealed[t] += 1
    return _finish(rng, concealed, melds)


def _finish(
    rng: random.Random, concealed: NDArray[np.uint8], melds: list[tuple[int, int, int]]
) -> dict[str, Any]:
    kinds = [k for k in range(34) if concealed[k]]
    win = int(rng.choice(kinds))
    self_drawn = bool(rng.random() < 0.5)
    has_kong = any(m[0] in (MELD_KONG, MELD_ADDED_KONG, MELD_CONCEALED_KONG) for m in melds)
    in_melds = any(
        win in (m[1], m[1] + 1, m[1] + 2) if m[0] == MELD_CHOW else win == m[1] for m in melds
    )
    last_wall = bool(rng.random() < 0.08)
    kong_replacement = self_drawn and has_kong and not last_wall and rng.random() < 0.25
    robbing = (
        (not self_drawn)
        and concealed[win] == 1
        and not in_melds
        and not last_wall
        and rng.random() < 0.15
    )
    return {
        "concealed": concealed,
        "melds": melds,
        "win_tile": win,
        "self_drawn": self_drawn,
        "fourth_tile": bool(rng.random() < 0.15),
        "last_wall_tile": last_wall,
        "kong_replacement": bool(kong_replacement),
        "robbing_kong": bool(robbing),
        "seat_wind": int(rng.randrange(4)),
        "round_wind": int(rng.randrange(4)),
        "flowers": int(
            rng.choices(range(9), [0.4, 0.2, 0.1, 0.1, 0.05, 0.05, 0.04, 0.03, 0.03])[0]
        ),
    }


def _special(rng: random.Random, shape: int) -> dict[str, Any] | None:
    c = np.zeros(34, dtype=np.uint8)
    melds: list[tuple[int, int, int]] = []
    if shape == 0:  # seven pairs
        pool = sorted(_pool(rng)[0])
        if len(pool) < 4:
            pool = list(range(34))
        n = 0
        while n < 7:
            k = rng.choice(pool)
            if c[k] <= 2:
                c[k] += 2
                n += 1
    elif shape == 1:  # seven shifted pairs
        s, r = int(rng.randrange(3)), int(rng.randrange(3))
        c[9 * s + r : 9 * s + r + 7] = 2
    elif shape == 2:  # thirteen orphans
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        c[orphans] = 1
        c[rng.choice(orphans)] += 1
    elif shape == 3:  # honors and knitted
        perm = _KNITTED_PERMS[int(rng.randrange(6))]
        body = [9 * s + perm[s] + 3 * i for s in range(3) for i in range(3)]
        n_num = int(rng.randrange(7, 10)) if rng.random() < 0.8 else 7
        for k in rng.sample(body, n_num):
            c[int(k)] = 1
        for k in rng.sample(range(27, 34), 14 - n_num):
            c[int(k)] = 1
    elif shape == 4:  # knitted straight + set + pair
        perm = _KNITTED_PERMS[int(rng.randrange(6))]
        for s in range(3):
            for i in range(3):
                c[9 * s + perm[s] + 3 * i] += 1
        for _ in range(20):
            kind = "chow" if rng.random() < 0.5 else "pung"
            k = int(rng.randrange(34))
            if kind == "chow" and (k >= 27 or k % 9 > 6):
                continue
            tiles = _set_tiles(kind, k)
            pair = int(rng.randrange(34))
            trial = c.astype(np.int64)
            for t in tiles:
                trial[t] += 1
            trial[pair] += 2
            if trial.max() > 4:
                continue
            if rng.random() < 0.4:  # the set is a meld
                if kind == "pung" and rng.random() < 0.3:
                    mt = [MELD_KONG, MELD_CONCEALED_KONG][int(rng.randrange(2))]
                    if trial[k] < 4:
                        melds.append((mt, k, 0 if mt == MELD_CONCEALED_KONG else 2))
                    else:
                        continue
                else:
                    melds.append((MELD_CHOW if kind == "chow" else MELD_PUNG, k, 3))
            else:
                for t in tiles:
                    c[t] += 1
            c[pair] += 2
            break
        else:
            return None
    else:  # nine gates
        s = int(rng.randrange(3))
        c[9 * s : 9 * s + 9] = 1
        c[9 * s] = 3
        c[9 * s + 8] = 3
        c[9 * s + int(rng.randrange(9))] += 1
    return _finish(rng, c, melds)


def random_win(rng: random.Random) -> dict[str, Any]:
    """One random legal winning hand (see the module docstring)."""
    while True:
        u = rng.random()
        if u < 0.70:
            got = _standard_sets(rng)
            sample = None if got is None else _finish_standard(rng, *got)
        elif u < 0.80:
            sample = _finish_standard(rng, *_template_sets(rng))
        else:
            shape = int(rng.choices(range(6), [0.35, 0.08, 0.12, 0.2, 0.17, 0.08])[0])
            sample = _special(rng, shape)
        if sample is not None:
            return sample


def random_wins(n: int, seed: int = 0) -> list[dict[str, Any]]:
    """``n`` random legal winning hands from ``random.Random(seed)``."""
    rng = random.Random(seed)
    return [random_win(rng) for _ in range(n)]


def to_arrays(
    samples: list[dict[str, Any]],
) -> tuple[NDArray[np.uint8], NDArray[np.int8], NDArray[np.int64], NDArray[np.int64]]:
    """Batch arrays ``(concealed uint8[N,34], melds int8[N,MAX_MELDS,3], win int64[N],
    flags int64[N,N_FLAGS])`` for :func:`mjsim.scoring.guobiao.guobiao_fan_batch`."""
    n = len(samples)
    concealed = np.zeros((n, 34), dtype=np.uint8)
    melds = np.full((n, MAX_MELDS, 3), MELD_NONE, dtype=np.int8)
    win = np.zeros(n, dtype=np.int64)
    flags = np.zeros((n, N_FLAGS), dtype=np.int64)
    for i, s in enumerate(samples):
        concealed[i] = s["concealed"]
        for j, row in enumerate(s["melds"]):
            melds[i, j] = row
        win[i] = s["win_tile"]
        flags[i, F_SELF_DRAWN] = s["self_drawn"]
        flags[i, F_SEAT_WIND] = s["seat_wind"]
        flags[i, F_ROUND_WIND] = s["round_wind"]
        flags[i, F_FLOWERS] = s["flowers"]
        flags[i, F_FOURTH_TILE] = s["fourth_tile"]
        flags[i, F_LAST_WALL_TILE] = s["last_wall_tile"]
        flags[i, F_KONG_REPLACEMENT] = s["kong_replacement"]
        flags[i, F_ROBBING_KONG] = s["robbing_kong"]
    return concealed, melds, win, flags


_BOTZONE = [f"W{r}" for r in range(1, 10)] + [f"B{r}" for r in range(1, 10)]
_BOTZONE += [f"T{r}" for r in range(1, 10)] + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]


def to_mahjonggb(sample: dict[str, Any]) -> tuple[Any, ...]:
    """The positional arguments of ``MahjongGB.MahjongFanCalculator`` for a sample (the winning
    tile is passed separately, not among the standing tiles)."""
    packs = []
    for mt, k, src in sample["melds"]:
        if mt == MELD_CHOW:
            packs.append(("CHI", _BOTZONE[k + 1], max(1, src)))
        elif mt == MELD_PUNG:
            packs.append(("PENG", _BOTZONE[k], max(1, src)))
        else:
            packs.append(("GANG", _BOTZONE[k], 0 if mt == MELD_CONCEALED_KONG else max(1, src)))
    hand = []
    conc = sample["concealed"].astype(np.int64)
    conc[sample["win_tile"]] -= 1
    for k in range(34):
        hand.extend([_BOTZONE[k]] * int(conc[k]))
    return (
        tuple(packs),
        tuple(hand),
        _BOTZONE[sample["win_tile"]],
        sample["flowers"],
        sample["self_drawn"],
        sample["fourth_tile"],
        sample["kong_replacement"] or sample["robbing_kong"],
        sample["last_wall_tile"],
        sample["seat_wind"],
        sample["round_wind"],
    )


def meld_strings(sample: dict[str, Any]) -> list[str]:
    """The melds of a sample as :func:`mjsim.score` strings."""
    from mjsim.tiles import format_tiles

    out = []
    for mt, k, src in sample["melds"]:
        n = 3 if mt in (MELD_CHOW, MELD_PUNG) else 4
        tiles = [k, k + 1, k + 2] if mt == MELD_CHOW else [k] * n
        text = f"{MELD_NAMES[mt]} {format_tiles(tiles)}"
        out.append(text if mt == MELD_CONCEALED_KONG else f"{text} from {src}")
    return out
