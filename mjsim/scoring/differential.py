"""Random winning hands and the differential check of fan tables against the hand-written scorers.

:func:`random_win` draws a seeded random winning hand for a scoring family (melds with
sources, kongs of every type, seven pairs and thirteen orphans where the family plays them,
flushes and all-pung hands more often than chance would give, wilds for Tianjin) with a
consistent win context (杠上开花 only on a self-draw after a kong, 杠上炮 and 抢杠 only on a
discard, ...). :func:`check` scores each hand with the variant's fan table
(:mod:`mjsim.scoring.tables`) and with the family's hand-written jitted scorer, and reports every
hand where the value or the items differ.

:func:`check_payments` does the same for the payment records (:mod:`mjsim.scoring.payments`)
against the families' payment functions, over random values, seats, players still in and liable
seats.

``python -m mjsim.scoring.differential --hands 100000`` runs both checks for the four families
(hebei, sichuan, guangdong_jipinghu, tianjin) and prints hands, mismatches and time.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass

import numpy as np

from mjsim.melds import (
    MAX_MELDS,
    MELD_ADDED_KONG,
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_KONG,
    MELD_NONE,
    MELD_PUNG,
)
from mjsim.scoring.context import (
    F_AFTER_KONG_DISCARD,
    F_DEALER_SEAT,
    F_DISCARDER_SEAT,
    F_EARTHLY,
    F_HEAVENLY,
    F_HUMAN,
    F_IS_DEALER,
    F_KONG_REPLACEMENT,
    F_LAST_WALL_TILE,
    F_ROBBING_KONG,
    F_ROUND_WIND,
    F_SEAT_WIND,
    F_SELF_DRAWN,
    F_WILD_KINDS,
    F_WINNER_SEAT,
    N_FLAGS,
)

#: the families checked, by the variant id whose table is used
FAMILIES = ("hebei", "sichuan", "guangdong_jipinghu", "tianjin")
#: non-default parameter sets checked too (each a reading the scorer offers as an option)
OPTION_SETS: dict[str, tuple[dict, ...]] = {
    "hebei": ({"all_pungs_mult": 3, "seven_pairs_mult": 4, "self_draw_mult": 3},),
    "sichuan": (
        {"cap": -1},
        {"cap": 4, "golden_hook": 2, "self_draw_bonus": "fan"},
        {"seven_pairs": False},
    ),
    "guangdong_jipinghu": (
        {"additive": False},
        {"seven_pairs": True, "opening_floor": False},
        {"cap": 4},
    ),
    "tianjin": ({"heavenly_mult": 8}, {"tiliu_kong_bloom": False}),
}

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@dataclass
class Win:
    """One random win: the scorer arrays and the family-specific context."""

    concealed: np.ndarray  # uint8[34]
    melds: np.ndarray  # int8[MAX_MELDS, 3]
    win_tile: int
    flags: np.ndarray  # int64[N_FLAGS]
    n_winners: int = 1
    missing_suit: int = -1  # sichuan 定缺 (-1 none)

    def describe(self) -> str:
        """The hand as text, for a mismatch report."""
        from mjsim.tiles import tile_name

        tiles = " ".join(tile_name(k) for k in range(34) for _ in range(int(self.concealed[k])))
        melds = [tuple(int(x) for x in m) for m in self.melds if m[0] != MELD_NONE]
        f = self.flags
        return (
            f"hand [{tiles}] melds {melds} win {tile_name(self.win_tile)} "
            f"self_drawn={int(f[F_SELF_DRAWN])} replacement={int(f[F_KONG_REPLACEMENT])} "
            f"after_kong={int(f[F_AFTER_KONG_DISCARD])} rob={int(f[F_ROBBING_KONG])} "
            f"last={int(f[F_LAST_WALL_TILE])} heavenly={int(f[F_HEAVENLY])} "
            f"earthly={int(f[F_EARTHLY])} human={int(f[F_HUMAN])} seat_wind={int(f[F_SEAT_WIND])}"
            f" round_wind={int(f[F_ROUND_WIND])} wilds={int(f[F_WILD_KINDS]):#x} "
            f"n_winners={self.n_winners} missing_suit={self.missing_suit}"
        )


def _kinds_for(family: str, rng: np.random.Generator) -> list[int]:
    """The tile kinds a random hand draws from (flush-biased)."""
    if family == "sichuan":
        suits = [int(s) for s in rng.choice(3, size=int(rng.integers(1, 3)), replace=False)]
        return [9 * s + r for s in suits for r in range(9)]
    u = rng.random()
    if u < 0.2:
        s = int(rng.integers(3))
        return list(range(9 * s, 9 * s + 9))
    if u < 0.35:
        s = int(rng.integers(3))
        return list(range(9 * s, 9 * s + 9)) + list(range(27, 34))
    if u < 0.42:
        return list(range(27, 34))
    if u < 0.5:
        return [0, 8, 9, 17, 18, 26, *range(27, 34)]
    return list(range(34))


def _standard(family: str, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray] | None:
    kinds = _kinds_for(family, rng)
    used = np.zeros(34, np.int64)
    u = rng.random()
    pung_bias = u < 0.35
    chow_bias = 0.35 <= u < 0.5
    chow_melds = family == "guangdong_jipinghu"
    sets: list[tuple[int, int]] = []  # (type 0 chow / 1 pung, kind)
    suited = [k for k in kinds if k < 27]
    if suited and rng.random() < 0.12:  # a pure straight (一条龙)
        s = int(rng.choice(suited)) // 9
        for r in (0, 3, 6):
            for i in range(3):
                used[9 * s + r + i] += 1
            sets.append((0, 9 * s + r))
    while len(sets) < 4:
        for _try in range(20):
            k = int(rng.choice(kinds))
            chow = chow_bias or (not pung_bias and rng.random() < 0.6)
            if chow and k < 27 and k % 9 <= 6:
                if all(used[k + i] < 4 and (k + i) in kinds for i in range(3)):
                    for i in range(3):
                        used[k + i] += 1
                    sets.append((0, k))
                    break
            elif used[k] <= 1:
                used[k] += 3
                sets.append((1, k))
                break
        else:
            return None
    for _try in range(20):
        k = int(rng.choice(kinds))
        if used[k] <= 2:
            used[k] += 2
            pair = k
            break
    else:
        return None
    n_melds = int(rng.choice(5, p=[0.35, 0.25, 0.2, 0.12, 0.08]))
    order = list(rng.permutation(4))
    melds = np.full((MAX_MELDS, 3), 0, np.int8)
    melds[:, 0] = MELD_NONE
    concealed = np.zeros(34, np.uint8)
    concealed[pair] += 2
    m = 0
    for idx in order:
        ty, k = sets[idx]
        as_meld = m < n_melds and (ty == 1 or chow_melds)
        if as_meld:
            if ty == 0:
                melds[m] = (MELD_CHOW, k, 3)
            else:
                kind = MELD_PUNG
                if used[k] == 3 and rng.random() < 0.4:
                    kind = int(rng.choice([MELD_KONG, MELD_ADDED_KONG, MELD_CONCEALED_KONG]))
                    used[k] += 1
                melds[m] = (kind, k, 0 if kind == MELD_CONCEALED_KONG else int(rng.integers(1, 4)))
            m += 1
        elif ty == 0:
            for i in range(3):
                concealed[k + i] += 1
        else:
            concealed[k] += 3
    return concealed, melds


def _seven_pairs(family: str, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    kinds = _kinds_for(family, rng)
    concealed = np.zeros(34, np.uint8)
    n = 0
    while n < 7:
        k = int(rng.choice(kinds))
        if concealed[k] == 0 or (concealed[k] == 2 and rng.random() < 0.3):
            concealed[k] += 2
            n += 1
    melds = np.full((MAX_MELDS, 3), 0, np.int8)
    melds[:, 0] = MELD_NONE
    return concealed, melds


def _nine_gates(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    s = int(rng.integers(3))
    concealed = np.zeros(34, np.uint8)
    for r, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
        concealed[9 * s + r] = n
    concealed[9 * s + int(rng.integers(9))] += 1
    melds = np.full((MAX_MELDS, 3), 0, np.int8)
    melds[:, 0] = MELD_NONE
    return concealed, melds


def _orphans(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    concealed = np.zeros(34, np.uint8)
    for k in _ORPHANS:
        concealed[k] = 1
    concealed[int(rng.choice(_ORPHANS))] += 1
    melds = np.full((MAX_MELDS, 3), 0, np.int8)
    melds[:, 0] = MELD_NONE
    return concealed, melds


def _tianjin_wilds(indicator: int) -> tuple[int, int]:
    from mjsim.scoring.tianjin import wild_kinds

    return wild_kinds(indicator)


def random_win(family: str, rng: np.random.Generator, seven_pairs: bool = False) -> Win:
    """A random winning hand of ``family`` (one of :data:`FAMILIES`) with a consistent context;
    ``seven_pairs``: also seven-pairs hands where the family does not play them by default.

    Raises ``ValueError`` for an unknown family.
    """
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r}; families: {list(FAMILIES)}")
    while True:
        u = rng.random()
        if (seven_pairs or family in ("hebei", "sichuan")) and u < 0.12:
            hand = _seven_pairs(family, rng)
        elif family in ("hebei", "guangdong_jipinghu") and u < 0.16:
            hand = _orphans(rng)
        elif u < 0.18:
            hand = _nine_gates(rng)
        else:
            got = _standard(family, rng)
            if got is None:
                continue
            hand = got
        concealed, melds = hand
        break
    flags = np.zeros(N_FLAGS, np.int64)
    wmask = 0
    if family == "tianjin":
        ind = int(rng.integers(34))
        for k in _tianjin_wilds(ind):
            wmask |= 1 << k
        totals = concealed.astype(np.int64).copy()
        for mt, k, _s in melds:
            if mt != MELD_NONE:
                totals[k] += 3 if mt == MELD_PUNG else 4
        for _ in range(int(rng.choice(4, p=[0.3, 0.35, 0.25, 0.1]))):
            held = [k for k in range(34) if concealed[k] > 0 and not (wmask >> k) & 1]
            if not held:
                break
            src = int(rng.choice(held))
            w = int(rng.choice(_tianjin_wilds(ind)))
            if totals[w] >= 4:
                continue
            concealed[src] -= 1
            concealed[w] += 1
            totals[src] -= 1
            totals[w] += 1
        flags[F_WILD_KINDS] = wmask
    tiles = np.repeat(np.arange(34), concealed.astype(np.int64))
    win_tile = int(rng.choice(tiles))
    has_kong = any(m[0] in (MELD_KONG, MELD_ADDED_KONG, MELD_CONCEALED_KONG) for m in melds)
    n_melds = int((melds[:, 0] != MELD_NONE).sum())
    self_drawn = family == "tianjin" or rng.random() < 0.5
    seat = int(rng.integers(4))
    dealer = int(rng.integers(4)) if rng.random() < 0.7 else seat
    flags[F_SELF_DRAWN] = int(self_drawn)
    flags[F_WINNER_SEAT] = seat
    flags[F_DEALER_SEAT] = dealer
    flags[F_IS_DEALER] = int(seat == dealer)
    flags[F_SEAT_WIND] = (seat - dealer) % 4
    flags[F_ROUND_WIND] = int(rng.integers(4))
    flags[F_DISCARDER_SEAT] = -1 if self_drawn else (seat + int(rng.integers(1, 4))) % 4
    flags[F_LAST_WALL_TILE] = int(rng.random() < 0.12)
    if self_drawn:
        flags[F_KONG_REPLACEMENT] = int(has_kong and rng.random() < 0.35)
        if seat == dealer and n_melds == 0 and rng.random() < 0.1:
            flags[F_HEAVENLY] = 1
        if seat != dealer and rng.random() < 0.05:
            flags[F_EARTHLY] = 1
    else:
        u = rng.random()
        if u < 0.15:
            flags[F_AFTER_KONG_DISCARD] = 1
        elif u < 0.25 and family != "tianjin":
            flags[F_ROBBING_KONG] = 1
        if seat != dealer and rng.random() < 0.05:
            flags[F_HUMAN] = 1
    win = Win(concealed, melds, win_tile, flags)
    if family == "guangdong_jipinghu" and not self_drawn:
        win.n_winners = int(rng.choice(3, p=[0.8, 0.12, 0.08])) + 1
    if family == "sichuan":
        totals = concealed.astype(np.int64).copy()
        for mt, k, _s in melds:
            if mt != MELD_NONE:
                totals[k] += 1
        absent = [s for s in range(3) if totals[9 * s : 9 * s + 9].sum() == 0]
        if absent and rng.random() < 0.5:
            win.missing_suit = int(rng.choice(absent))
    return win


# ---------------------------------------------------------------------------------------------
# the hand-written scorers, as oracles
# ---------------------------------------------------------------------------------------------


def oracle(family: str, win: Win, params: dict | None = None) -> tuple[int, dict[str, int]]:
    """(value, {chinese item name: count}) of ``win`` by the family's hand-written scorer, with
    the table parameters ``params`` translated to the scorer's options."""
    params = params or {}
    if family == "hebei":
        from mjsim.rules.spec import HEBEI_SCORE_VALUES
        from mjsim.scoring.hebei import HEBEI_ITEMS, hebei_value
        from mjsim.scoring.tables.hebei import PARAMS

        table = np.zeros(32, np.int64)
        table[: len(HEBEI_SCORE_VALUES)] = HEBEI_SCORE_VALUES
        for i, key in enumerate(PARAMS):  # the table's parameters in score_values order
            table[i] = params.get(key, table[i])
        items = np.zeros(8, np.int32)
        v = hebei_value(win.concealed, win.melds, win.win_tile, win.flags, table, items)
        names = {i: zh for i, _en, zh in HEBEI_ITEMS}
    elif family == "sichuan":
        from mjsim.scoring import sichuan as sc

        flags = win.flags.copy()
        flags[sc.F_MISSING_SUIT] = win.missing_suit
        items = np.zeros(sc.N_ITEMS, np.int32)
        opts = dict(params)
        if "self_draw_bonus" in opts:
            opts["self_draw_bonus"] = (
                sc.SELF_DRAW_ADD_FAN if opts["self_draw_bonus"] == "fan" else sc.SELF_DRAW_ADD_BASE
            )
        v = sc.sichuan_value(
            win.concealed, win.melds, win.win_tile, flags, sc.default_params(**opts), items
        )
        names = {i: zh for i, _en, zh, _v in sc.SICHUAN_ITEMS}
    elif family == "guangdong_jipinghu":
        from mjsim.scoring import jipinghu as jp

        flags = win.flags.copy()
        flags[jp.F_N_WINNERS] = win.n_winners
        items = np.zeros(jp.N_ITEMS, np.int32)
        v = jp.jipinghu_value(
            win.concealed, win.melds, win.win_tile, flags, jp.default_params(**params), items
        )
        names = {i: zh for i, _en, zh, _v, _k in jp.JIPINGHU_ITEMS}
    elif family == "tianjin":
        from mjsim.scoring import tianjin as tj

        table = np.zeros(32, np.int64)
        table[: len(tj.DEFAULT_SCORE_VALUES)] = tj.DEFAULT_SCORE_VALUES
        table[tj.TJ_HEAVENLY_MULT] = params.get("heavenly_mult", table[tj.TJ_HEAVENLY_MULT])
        table[tj.TJ_TILIU_KONG_BLOOM] = int(params.get("tiliu_kong_bloom", True))
        items = np.zeros(16, np.int32)
        v = tj.tianjin_value(win.concealed, win.melds, win.win_tile, win.flags, table, items)
        if v == 0:
            v = -1
        names = {i: zh for i, _en, zh, _v in tj.TIANJIN_ITEMS}
    else:
        raise ValueError(f"unknown family {family!r}; families: {list(FAMILIES)}")
    return int(v), {names[i]: int(items[i]) for i in names if items[i]}


def by_table(family: str, win: Win, params: dict | None = None) -> tuple[int, dict[str, int]]:
    """(value, {chinese item name: count}) of ``win`` by the family's fan table (``params``:
    its named parameters)."""
    from mjsim.scoring import tables
    from mjsim.scoring.table_score import score_with_table

    res = score_with_table(
        tables.get(family, **(params or {})),
        win.concealed,
        win.melds,
        win.win_tile,
        win.flags,
        win.n_winners,
    )
    return res.value, res.item_counts()


@dataclass
class Report:
    """The outcome of :func:`check`."""

    family: str
    hands: int
    mismatches: int
    seconds: float
    examples: list[str]


def check(
    family: str, hands: int, seed: int = 0, keep: int = 5, params: dict | None = None
) -> Report:
    """Score ``hands`` random wins of ``family`` (seeded) with the table and the oracle, both
    under the table parameters ``params`` (default: the variant's defaults)."""
    rng = np.random.default_rng(seed)
    bad = 0
    examples: list[str] = []
    t0 = time.perf_counter()
    for _ in range(hands):
        win = random_win(family, rng, seven_pairs=bool((params or {}).get("seven_pairs")))
        want = oracle(family, win, params)
        got = by_table(family, win, params)
        if want != got:
            bad += 1
            if len(examples) < keep:
                examples.append(f"{win.describe()}: scorer {want}, table {got}")
    return Report(family, hands, bad, time.perf_counter() - t0, examples)


def payment_case(family: str, rng: np.random.Generator) -> dict:
    """A random win to pay: value, seats, the players still in and a liable seat."""
    winner = int(rng.integers(4))
    dealer = int(rng.integers(4))
    self_drawn = family == "tianjin" or rng.random() < 0.5
    discarder = -1 if self_drawn else (winner + int(rng.integers(1, 4))) % 4
    still_in = np.ones(4, np.bool_)
    if family == "sichuan":  # blood battle: up to two others have already won
        for q in range(4):
            if q not in (winner, discarder) and rng.random() < 0.3:
                still_in[q] = False
    liable = -1
    if family == "guangdong_jipinghu" and self_drawn and rng.random() < 0.4:
        liable = (winner + int(rng.integers(1, 4))) % 4
    robbed = family != "tianjin" and not self_drawn and rng.random() < 0.2
    pow2 = family in ("sichuan", "guangdong_jipinghu")
    value = int(rng.integers(0, 7)) if pow2 else int(rng.integers(1, 200))
    return dict(
        value=value, winner=winner, dealer=dealer, discarder=discarder, still_in=still_in,
        liable=liable, robbed=robbed, base=int(rng.integers(1, 6)),
    )  # fmt: skip


def payments_oracle(family: str, case: dict, params: dict | None = None) -> list[int]:
    """The payment vector of ``case`` by the family's hand-written payment function (hebei and
    tianjin: the engine's one-share rule, :func:`mjsim.scoring.settlement.win_transfers`)."""
    from mjsim.scoring.settlement import win_transfers

    params = dict(params or {})
    out = np.zeros(4, np.int64)
    ones = np.ones(4, np.int64)
    if family in ("hebei", "tianjin"):
        win_transfers(
            case["winner"], case["discarder"], case["value"], 0, case["still_in"], ones, out
        )
    elif family == "sichuan":
        from mjsim.scoring import sichuan as sc

        bonus = params.pop("self_draw_bonus", "base")
        opts = {k: v for k, v in params.items() if k in ("cap", "golden_hook", "seven_pairs")}
        p = sc.default_params(
            self_draw_bonus=sc.SELF_DRAW_ADD_FAN if bonus == "fan" else sc.SELF_DRAW_ADD_BASE,
            **opts,
        )
        sc.sichuan_win_payments(
            case["value"], case["winner"], case["discarder"], case["still_in"], p,
            case["base"], out,
        )  # fmt: skip
    elif family == "guangdong_jipinghu":
        from mjsim.scoring.jipinghu import jipinghu_win_payments

        # 抢杠: "当自摸，被抢杠者包三家牌" (the hand-written adapter's call)
        robbed = case["robbed"]
        jipinghu_win_payments(
            case["value"], case["winner"], case["discarder"], case["discarder"] < 0 or robbed,
            case["discarder"] if robbed else case["liable"], out,
        )  # fmt: skip
    return [int(x) for x in out]


def payments_by_record(family: str, case: dict, params: dict | None = None) -> list[int]:
    """The payment vector of ``case`` by the family's payment record."""
    from mjsim.scoring import tables
    from mjsim.scoring.payments import pay

    params = dict(params or {})
    if family == "sichuan":
        params["base"] = case["base"]
    rec = tables.compiled_payment(family, **params)
    out = np.zeros(4, np.int64)
    pay(
        rec, case["value"], case["winner"], case["discarder"], case["dealer"], case["still_in"],
        case["liable"], case["robbed"], out,
    )  # fmt: skip
    return [int(x) for x in out]


def check_payments(family: str, n: int, seed: int = 0, params: dict | None = None) -> Report:
    """Pay ``n`` random wins of ``family`` with its payment record and its hand-written rule."""
    rng = np.random.default_rng(seed)
    bad = 0
    examples: list[str] = []
    t0 = time.perf_counter()
    for _ in range(n):
        case = payment_case(family, rng)
        want = payments_oracle(family, case, params)
        got = payments_by_record(family, case, params)
        if want != got:
            bad += 1
            if len(examples) < 5:
                examples.append(f"{case}: scorer {want}, record {got}")
    return Report(family, n, bad, time.perf_counter() - t0, examples)


def main(argv: list[str] | None = None) -> int:
    """Run the differential check; exit 1 on any mismatch."""
    ap = argparse.ArgumentParser(prog="python -m mjsim.scoring.differential", description=__doc__)
    ap.add_argument("--hands", type=int, default=100_000, help="random wins per family")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--family", choices=FAMILIES, action="append", help="default: all four")
    ap.add_argument(
        "--options", action="store_true", help="also each non-default parameter set (OPTION_SETS)"
    )
    args = ap.parse_args(argv)
    failed = False
    for fam in args.family or FAMILIES:
        sets: list[dict] = [{}]
        if args.options:
            sets += list(OPTION_SETS.get(fam, ()))
        for params in sets:
            rep = check(fam, args.hands, args.seed, params=params)
            label = f"{fam}({', '.join(f'{k}={v}' for k, v in params.items())})" if params else fam
            print(f"{label}: {rep.hands} hands, {rep.mismatches} mismatches, {rep.seconds:.1f} s")
            for line in rep.examples:
                print("  " + line)
            failed |= rep.mismatches > 0
            rep = check_payments(fam, args.hands, args.seed, params=params)
            print(f"{label} payments: {rep.hands} wins, {rep.mismatches} mismatches")
            for line in rep.examples:
                print("  " + line)
            failed |= rep.mismatches > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
