"""Riichi scorer: worked examples (R1-R7 of the Riichi rules), validation, and the differential
test against the ``mahjong`` package (Tenhou rules: kuitan on, red fives on, double yakuman off,
kazoe limited to one yakuman, kiriage off)."""

from __future__ import annotations

import numpy as np
import pytest

import mjsim
from mjsim.melds import MELD_ADDED_KONG, MELD_CHOW, MELD_CONCEALED_KONG, MELD_KONG, MELD_PUNG
from mjsim.scoring.riichi import riichi_base_points, riichi_win_payments

mahjong = pytest.importorskip("mahjong")
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules  # noqa: E402
from mahjong.meld import Meld  # noqa: E402


def S(hand, **kw):
    return mjsim.score("riichi", hand, **kw)


# ---- worked examples R1-R7 ------------------------------------------------------------------


def _pay(base, winner, discarder, dealer, honba=0, deposits=0):
    out = np.zeros(4, np.int64)
    riichi_win_payments(base, winner, discarder, dealer, honba, deposits, out, 4, 0)
    return [int(x) for x in out]


def test_points_table_r1_to_r5():
    # R1 non-dealer ron 1 han 30 fu = 1000
    assert _pay(riichi_base_points(1, 30, 0, 0), 1, 0, 0)[1] == 1000
    # R2 dealer ron 3 han 30 fu = 5800
    assert _pay(riichi_base_points(3, 30, 0, 0), 0, 1, 0)[0] == 5800
    # R3 non-dealer tsumo 4 han 30 fu: 2000 from each non-dealer, 3900 from the dealer
    p = _pay(riichi_base_points(4, 30, 0, 0), 1, -1, 0)
    assert p == [-3900, 7900, -2000, -2000]
    # R4 chiitoitsu 2 han 25 fu non-dealer ron 1600
    assert _pay(riichi_base_points(2, 25, 0, 0), 1, 0, 0)[1] == 1600
    # R5 haneman: dealer ron 18000, non-dealer ron 12000
    b = riichi_base_points(7, 50, 0, 0)
    assert _pay(b, 0, 1, 0)[0] == 18000 and _pay(b, 1, 0, 0)[1] == 12000
    # honba and deposits
    assert _pay(1000, 1, 2, 0, honba=2, deposits=1) == [0, 4000 + 600 + 1000, -4600, 0]


def test_r6_riichi_with_open_pung_is_illegal():
    with pytest.raises(ValueError, match="closed hand"):
        S("234m567p22s678s", win_tile="2s", melds=["pung 555z"], riichi=True)


def test_r7_seven_pairs_with_a_quad_is_not_seven_pairs():
    with pytest.raises(ValueError, match="not a winning hand"):
        S("1111m2233p4455s66z", win_tile="6z")
    r = S("11m2233p4455s6677z", win_tile="7z", riichi=True)
    assert r.fu == 25 and r.total == 3 and r.item_counts()["seven pairs"] == 1


def test_worked_examples():
    # pinfu tsumo riichi, non-dealer: 3 han 20 fu -> 1300 / 700
    r = S("234789m12345666p", win_tile="6p", self_drawn=True, riichi=True, seat=1, seat_wind="S")
    assert (r.total, r.fu, r.payments) == (3, 20, [-1300, 2700, -700, -700])
    assert set(r.item_counts()) == {"riichi", "fully concealed self-draw", "pinfu"}
    # open pinfu shape ron: 30 fu; tanyao with kuitan
    r = S("234m567p22s678s", win_tile="8s", melds=["chow 345m"], seat=1, seat_wind="S")
    assert (r.total, r.fu, r.cost) == (1, 30, 1000)
    r = S(
        "234m567p22s678s", win_tile="8s", melds=["chow 345m"], seat=1, seat_wind="S", kuitan=False
    )
    assert not r.valid and r.payments == [0, 0, 0, 0]
    # dora do not qualify a hand: no yaku + 3 dora is not a win
    r = S("123m456p789s11z234m", win_tile="4m", seat=1, seat_wind="S", dora_indicators="9m")
    assert not r.valid
    # yakuman: big three dragons, dealer ron 48000
    r = S("555666777z123m99p", win_tile="9p", discarder=1)
    assert r.yakuman == 1 and r.total == 13 and r.cost == 48000
    # kazoe yakuman: chinitsu 6 + riichi + ippatsu + tsumo + pinfu? + dora -> 13+ = 8000 base
    r = S(
        "11223355667799m",
        win_tile="9m",
        self_drawn=True,
        riichi=True,
        ippatsu=True,
        dora_indicators="1m2m",
        seat=2,
        seat_wind="W",
    )
    assert r.total >= 13 and r.base_points == 8000 and r.yakuman == 0
    # 13-sided kokushi: single yakuman by default, double with the option
    r = S("19m19p19s12345677z", win_tile="7z", seat=1, seat_wind="S", discarder=0)
    assert r.yakuman == 1 and r.cost == 32000
    r = S("19m19p19s12345677z", win_tile="7z", seat=1, seat_wind="S", double_yakuman=True)
    assert r.yakuman == 2 and r.cost == 64000


def test_validation_errors():
    with pytest.raises(ValueError, match="seat wind"):
        S("234789m12345666p", win_tile="6p", seat=1, seat_wind="E")  # seat 1 is South
    with pytest.raises(ValueError, match="ippatsu needs"):
        S("234789m12345666p", win_tile="6p", ippatsu=True)
    with pytest.raises(ValueError, match="unknown keyword"):
        S("234789m12345666p", win_tile="6p", uradora=1)
    with pytest.raises(ValueError, match="aka_dora"):
        S("234789m12346667p", win_tile="6p", aka_dora=2)
    with pytest.raises(ValueError, match="fifth copy"):
        S("234789m12345666p", win_tile="6p", dora_indicators="6p6p")
    with pytest.raises(ValueError, match="tenhou"):
        S("234789m12345666p", win_tile="6p", tenhou=True)


# ---- differential test vs the mahjong package -------------------------------------------------

_OPTS = OptionalRules(
    has_open_tanyao=True,
    has_aka_dora=True,
    has_double_yakuman=False,
    kiriage=False,
    fu_for_open_pinfu=True,
    fu_for_pinfu_tsumo=False,
)
_AKA = (16, 52, 88)


def random_win(rng: np.random.Generator):
    """A random legal Riichi winning hand with random context, or None if the draw failed.

    Returns (kwargs for mjsim.score, (tiles136, win136, melds, dora136, ura136, HandConfig))."""
    left = rng.random((34, 4)).argsort(axis=1).tolist()

    def take(k, n=1):
        if len(left[k]) < n:
            raise LookupError
        return [4 * k + left[k].pop() for _ in range(n)]

    focus = rng.integers(0, 3) if rng.random() < 0.35 else -1
    honor_bias = rng.random() < 0.3

    def kind():
        if honor_bias and rng.random() < 0.4:
            return int(rng.integers(27, 34))
        if focus >= 0 and rng.random() < 0.8:
            return 9 * int(focus) + int(rng.integers(0, 9))
        return int(rng.integers(0, 34))

    conc: list[int] = []  # 136 ids of the concealed tiles
    melds: list[tuple[int, int, list[int]]] = []  # (meld type, kind, ids)
    green = [19, 20, 21, 23, 25, 32]
    mode = rng.choice(["normal", "normal", "chow", "chow", "terminal", "green", "kongs"])
    forced: list[tuple[int, int]] = []  # (is_chow, kind) for the first sets
    r = rng.random()
    if r < 0.06:  # pure straight
        s0 = 9 * int(rng.integers(0, 3))
        forced = [(1, s0), (1, s0 + 3), (1, s0 + 6)]
    elif r < 0.12:  # mixed triple chow
        r0 = int(rng.integers(0, 7))
        forced = [(1, r0), (1, 9 + r0), (1, 18 + r0)]
    elif r < 0.15:  # triple pung
        r0 = int(rng.integers(0, 9))
        forced = [(0, r0), (0, 9 + r0), (0, 18 + r0)]
    elif r < 0.19:  # winds / dragons
        base = 27 if rng.random() < 0.5 else 31
        forced = [(0, base), (0, base + 1), (0, base + 2)]

    def pick_set():
        if mode == "green":
            if rng.random() < 0.4:
                return 1, 19
            return 0, int(rng.choice(green))
        if mode == "terminal":
            if rng.random() < 0.5:
                return 1, 9 * int(rng.integers(0, 3)) + 6 * int(rng.integers(0, 2))
            return 0, int(rng.choice([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]))
        k = kind()
        p_chow = 0.95 if mode == "chow" else 0.55
        if rng.random() < p_chow and k < 27:
            return 1, k - 2 if k % 9 > 6 else k
        return 0, k

    def pick_pair():
        if mode == "green":
            return int(rng.choice(green))
        if mode == "terminal":
            return int(rng.choice([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]))
        return kind()

    shape = rng.random()
    try:
        if shape < 0.07:  # seven pairs
            ks: set[int] = set()
            while len(ks) < 7:
                ks.add(kind() if rng.random() < 0.5 else int(rng.integers(0, 34)))
            for k in ks:
                conc += take(int(k), 2)
        elif shape < 0.09:  # thirteen orphans
            orph = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
            for k in orph:
                conc += take(k)
            conc += take(int(rng.choice(orph)))
        elif shape < 0.11:  # nine gates
            s0 = 9 * int(rng.integers(0, 3))
            for i, c in enumerate([3, 1, 1, 1, 1, 1, 1, 1, 3]):
                conc += take(s0 + i, c)
            conc += take(s0 + int(rng.integers(0, 9)))
        else:
            n_open = int(rng.choice([0, 0, 0, 1, 1, 2, 3, 4]))
            if mode == "kongs":
                n_open = int(rng.integers(2, 5))
            for i in range(4):
                is_chow, k = forced[i] if i < len(forced) else pick_set()
                as_meld = i < n_open or rng.random() < 0.05
                if is_chow:
                    ids = take(k) + take(k + 1) + take(k + 2)
                    mt = MELD_CHOW
                else:
                    r = rng.random()
                    p_kong = 0.8 if mode == "kongs" else 0.25
                    if as_meld and r < p_kong:
                        mt = [MELD_KONG, MELD_ADDED_KONG, MELD_CONCEALED_KONG][rng.integers(0, 3)]
                        ids = take(k, 4)
                    elif not as_meld and r < 0.06:
                        mt = MELD_CONCEALED_KONG
                        as_meld = True
                        ids = take(k, 4)
                    else:
                        mt = MELD_PUNG
                        ids = take(k, 3)
                if as_meld:
                    melds.append((mt, k, ids))
                else:
                    conc += ids
            conc += take(pick_pair(), 2)
    except LookupError:
        return None
    win136 = int(conc[rng.integers(0, len(conc))])
    win = win136 // 4
    is_open = any(m[0] != MELD_CONCEALED_KONG for m in melds)
    n_kong = sum(m[0] in (MELD_KONG, MELD_ADDED_KONG, MELD_CONCEALED_KONG) for m in melds)
    tsumo = bool(rng.random() < 0.5)
    seat = int(rng.integers(0, 4))
    dealer = int(rng.integers(0, 4))
    seat_wind = (seat - dealer) % 4
    round_wind = int(rng.integers(0, 2))
    riichi = double = ippatsu = False
    if not is_open and rng.random() < 0.5:
        double = bool(rng.random() < 0.1)
        riichi = not double
        ippatsu = bool(rng.random() < 0.3)
    last = bool(rng.random() < 0.06)
    rinshan = bool(tsumo and n_kong and not last and rng.random() < 0.3)
    conc_k = np.bincount([t // 4 for t in conc], minlength=34)
    in_melds = any(
        win in (m[1], m[1] + 1, m[1] + 2) and (m[0] == MELD_CHOW or m[1] == win) for m in melds
    )
    chankan = bool(
        not tsumo and not last and conc_k[win] == 1 and not in_melds and rng.random() < 0.1
    )
    tenhou = chiihou = False
    if tsumo and not melds and not riichi and not double and rng.random() < 0.05:
        tenhou = seat == dealer
        chiihou = not tenhou
    honba = int(rng.integers(0, 3))
    deposits = int(rng.integers(0, 3))
    try:
        dora = [take(int(rng.integers(0, 34)))[0] for _ in range(int(rng.integers(0, 4)))]
        ura = [take(int(rng.integers(0, 34)))[0] for _ in range(int(rng.integers(0, 3)))]
    except LookupError:
        return None
    if not (riichi or double):
        ura = []
    all_ids = conc + [t for m in melds for t in m[2]]
    aka = sum(t in _AKA for t in all_ids)
    kw = dict(
        win_tile=win,
        melds=[(m[0], m[1], 0 if m[0] == MELD_CONCEALED_KONG else 3) for m in melds],
        self_drawn=tsumo,
        seat=seat,
        dealer=dealer,
        discarder=None if tsumo else (seat + 1 + int(rng.integers(0, 3))) % 4,
        seat_wind=seat_wind,
        round_wind=round_wind,
        last_wall_tile=last,
        kong_replacement=rinshan,
        robbing_kong=chankan,
        riichi=riichi,
        double_riichi=double,
        ippatsu=ippatsu,
        dora_indicators=[t // 4 for t in dora],
        ura_dora_indicators=[t // 4 for t in ura],
        aka_dora=aka,
        honba=honba,
        deposits=deposits,
        tenhou=tenhou,
        chiihou=chiihou,
    )
    om = []
    for mt, _k, ids in melds:
        if mt == MELD_CHOW:
            om.append(Meld(Meld.CHI, ids, opened=True))
        elif mt == MELD_PUNG:
            om.append(Meld(Meld.PON, ids, opened=True))
        elif mt == MELD_KONG:
            om.append(Meld(Meld.KAN, ids, opened=True))
        elif mt == MELD_ADDED_KONG:
            om.append(Meld(Meld.SHOUMINKAN, ids, opened=True))
        else:
            om.append(Meld(Meld.KAN, ids, opened=False))
    cfg = HandConfig(
        is_tsumo=tsumo,
        is_riichi=riichi,
        is_daburu_riichi=double,
        is_ippatsu=ippatsu,
        is_rinshan=rinshan,
        is_chankan=chankan,
        is_haitei=last and tsumo,
        is_houtei=last and not tsumo,
        is_tenhou=tenhou,
        is_chiihou=chiihou,
        player_wind=27 + seat_wind,
        round_wind=27 + round_wind,
        tsumi_number=honba,
        kyoutaku_number=deposits,
        options=_OPTS,
    )
    counts = np.bincount([t // 4 for t in conc], minlength=34).astype(np.uint8)
    return counts, kw, (all_ids, win136, om, dora, ura, cfg)


_KAZOE = {"yakuman": HandConfig.KAZOE_LIMITED, "sanbaiman": HandConfig.KAZOE_SANBAIMAN}


def compare(
    n: int, seed: int, kazoe: str = "yakuman", renhou: str = "off"
) -> tuple[int, list, set[str]]:
    """Score ``n`` random hands with both; return (hands compared, mismatches, names of the
    yaku the reference found). ``kazoe`` / ``renhou``: the scorer's options, set in the
    oracle's ``OptionalRules``; a second generator marks a share of the closed non-dealer
    discard wins as renhou (``renhou="off"``: mjsim is told, the oracle is not, so both score
    no renhou)."""
    rng = np.random.default_rng(seed)
    rng2 = np.random.default_rng(seed + 1)
    opts = OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=True,
        has_double_yakuman=False,
        kiriage=False,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        kazoe_limit=_KAZOE[kazoe],
        renhou_as_yakuman=renhou == "yakuman",
    )
    bad = []
    seen: set[str] = set()
    done = 0
    while done < n:
        g = random_win(rng)
        if g is None:
            continue
        counts, kw, (tiles, win136, om, dora, ura, cfg) = g
        cfg.options = opts
        kw["kazoe"] = kazoe
        kw["renhou"] = renhou
        if (
            not kw["self_drawn"]
            and not kw["melds"]
            and kw["seat"] != kw["dealer"]
            and not (kw["riichi"] or kw["double_riichi"])
            and not (kw["robbing_kong"] or kw["last_wall_tile"])
            and rng2.random() < 0.3
        ):
            kw["renhou_win"] = True
            cfg.is_renhou = renhou != "off"
        ref = HandCalculator.estimate_hand_value(
            tiles, win136, melds=om, dora_indicators=dora, config=cfg, ura_dora_indicators=ura
        )
        try:
            got = mjsim.score("riichi", counts, **kw)
        except ValueError as exc:
            bad.append((kw, counts, "raised", str(exc), ref.error))
            done += 1
            continue
        done += 1
        if ref.error is not None:
            if ref.error != HandCalculator.ERR_NO_YAKU or got.valid:
                bad.append((kw, counts, "ref error", ref.error, got))
            continue
        seen.update(y.name for y in ref.yaku)
        mine = (got.total, got.fu, got.payments[kw["seat"]])
        theirs = (ref.han, ref.fu, ref.cost["total"])
        if not got.valid or mine != theirs:
            bad.append((kw, counts, mine, theirs, [y.name for y in ref.yaku], got.items))
    return done, bad, seen


def test_differential_vs_mahjong_package():
    # 10,000 hands: every one of the 52 yaku kinds this generator
    # reaches in 20,000 hands of this seed occurs (the last one, Chinroutou, at hand 9,372)
    n, bad, seen = compare(10_000, seed=2026)
    assert n == 10_000
    assert not bad, f"{len(bad)} mismatches, first: {bad[:3]}"
    assert len(seen) == 52, sorted(seen)


@pytest.mark.parametrize(
    ("kazoe", "renhou"), [("sanbaiman", "off"), ("yakuman", "mangan"), ("sanbaiman", "yakuman")]
)
def test_differential_vs_mahjong_package_options(kazoe: str, renhou: str) -> None:
    n, bad, seen = compare(4_000, seed=11, kazoe=kazoe, renhou=renhou)
    assert n == 4_000
    assert not bad, f"{len(bad)} mismatches, first: {bad[:3]}"
    if renhou != "off":
        assert any(name.startswith("Renhou") for name in seen), sorted(seen)


def test_kazoe_limit_and_renhou_values() -> None:
    # closed full flush with pure straight, pure double chow, riichi, self-draw, pinfu:
    # 6 + 2 + 1 + 1 + 1 + 1 = 12 han, one dora (indicator 9m -> 1m) makes 13
    hand = "11223345556789m"
    kw = dict(win_tile="9m", self_drawn=True, riichi=True, dora_indicators="9m")
    r = S(hand, **kw)
    assert r.total >= 13 and r.yakuman == 0
    assert r.base_points == 8000 and r.payments[0] == 8000 * 2 * 3  # dealer self-draw
    r = S(hand, kazoe="sanbaiman", **kw)
    assert r.total == S(hand, **kw).total and r.base_points == 6000
    assert r.payments[0] == 6000 * 2 * 3
    # renhou: seat 1 (South) wins on the dealer's first discard; riichi-less closed hand
    # 234m 567m 234p 678s 55s won on 8s (open wait): all simples (1) + pinfu (1) = 2 han
    rh = dict(win_tile="8s", seat=1, seat_wind="S", discarder=0, renhou_win=True)
    assert S("234m567m234p678s55s", **rh).total == 2  # renhou off (Tenhou): not a yaku
    r = S("234m567m234p678s55s", renhou="mangan", **rh)
    assert r.total == 7 and r.base_points == 3000 and r.payments[1] == 12000  # 5 + 2: haneman
    r = S("234m567m234p678s55s", renhou="yakuman", **rh)
    assert r.yakuman == 1 and r.payments[1] == 32000
    with pytest.raises(ValueError, match="renhou"):
        S("234m567m234p678s55s", renhou="double", **rh)
    with pytest.raises(ValueError, match="kazoe"):
        S(hand, kazoe="none", **kw)


@pytest.mark.slow
def test_differential_vs_mahjong_package_large():
    n, bad, _ = compare(200_000, seed=7)
    assert not bad, f"{len(bad)} mismatches, first: {bad[:3]}"


def test_red_fives_written_in_the_tiles_count_as_aka_dora():
    """``0s`` in the hand used to be read as a plain 5s (aka dora ignored)."""
    from mahjong.tile import TilesConverter

    from mjsim.scoring.api import written_red_fives

    red = S("123m456m789p22s406s", win_tile="6s")
    plain = S("123m456m789p22s456s", win_tile="6s")
    assert red.total == plain.total + 1
    assert red.items == S("123m456m789p22s456s", win_tile="6s", aka_dora=1).items
    tiles = TilesConverter.string_to_136_array(
        man="123456", pin="789", sou="22406", has_aka_dora=True
    )
    win136 = [t for t in tiles if t // 4 == 23][0]  # the 6s
    cfg = HandConfig(player_wind=27, round_wind=27, options=_OPTS)
    ref = HandCalculator.estimate_hand_value(tiles, win136, config=cfg)
    assert ref.error is None
    assert (red.total, red.fu, red.payments[0]) == (ref.han, ref.fu, ref.cost["total"])
    with pytest.raises(ValueError, match=r"aka_dora=1 given but the tiles already write 1 red"):
        S("123m456m789p22s406s", win_tile="6s", aka_dora=1)
    # the win tile is one of the hand's tiles: a red win tile adds one only if the hand has none
    assert written_red_fives("123m456m789p22s456s", "0s") == 1
    assert written_red_fives("123m456m789p22s406s", "0s") == 1
    assert written_red_fives("123m406m789p22s406s", "6s", ["pung 550p"]) == 3
    assert written_red_fives(np.ones(34, np.uint8), 4) == 0
