"""riichi_sanma (three-player Riichi): the preset's differences from riichi, the payments of a
self-draw without the fourth seat (tsumo loss / north bisection) and of a discard win with honba
and riichi sticks as worked examples, kita (a North set aside as a flower) counted as dora in a
scripted hand, and zero-sum payments with tile conservation over self-played hands.

Three seats take 13 tiles each from the head of a scripted wall (dealer first), then the
dealer one more; flower (kita) replacements come from the wall end.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import mjsim
from mjsim import variants
from mjsim.actions import PASS, WIN
from mjsim.engine import Game
from mjsim.engine.state import PV_N_FLOWERS
from mjsim.scoring.riichi import riichi_base_points, riichi_win_payments
from mjsim.tiles import parse_tiles

V = "riichi_sanma"


def _pay(base, winner, discarder, dealer, honba=0, deposits=0, bisect=0):
    out = np.zeros(4, np.int64)
    riichi_win_payments(base, winner, discarder, dealer, honba, deposits, out, 3, bisect)
    return [int(x) for x in out]


def test_preset_is_riichi_with_only_its_differences() -> None:
    base = variants.get("riichi")
    spec = variants.get(V)
    diffs = {
        f.name for f in dataclasses.fields(spec) if getattr(spec, f.name) != getattr(base, f.name)
    } - {"name"}
    assert diffs == {
        "n_players",
        "tile_counts",
        "flowers",
        "flower_dora",
        "allow_chow",
        "chow_left_only",
        "forbid_chow_same_discard",
        "red_fives",
        "riichi_aborts",
        "start_points",
        "return_points",
        "target_points",
        "uma",
    }
    counts = spec.compile().tile_counts
    assert int(counts.sum()) == 108
    assert [int(counts[k]) for k in range(9)] == [4, 0, 0, 0, 0, 0, 0, 0, 4]
    assert int(counts[30]) == 0 and [int(x) for x in counts[34:]] == [1, 1, 1, 1, 0, 0, 0, 0]
    assert spec.missing_seat_payment == "tsumo_loss"
    assert variants.get(V, missing_seat_payment="bisection").missing_seat_payment == "bisection"


def test_bisection_needs_three_riichi_seats() -> None:
    with pytest.raises(ValueError, match="missing_seat_payment='bisection' needs"):
        variants.get("riichi", missing_seat_payment="bisection")
    with pytest.raises(ValueError, match="flower_dora=True needs"):
        variants.get("riichi", flower_dora=True)


def test_tsumo_loss_and_bisection_worked_examples() -> None:
    mangan = riichi_base_points(5, 30, 0, 0)
    assert mangan == 2000
    # non-dealer mangan tsumo (dealer seat 0, winner 1): 4000 + 2000, North's 2000 not paid
    assert _pay(mangan, 1, -1, 0) == [-4000, 6000, -2000, 0]
    # north bisection: North's 2000 split, 5000 from the dealer and 3000 from seat 2
    assert _pay(mangan, 1, -1, 0, bisect=1) == [-5000, 8000, -3000, 0]
    # dealer mangan tsumo: 4000 each (8000), with bisection 6000 each (12000 = the ron)
    assert _pay(mangan, 0, -1, 0) == [8000, -4000, -4000, 0]
    assert _pay(mangan, 0, -1, 0, bisect=1) == [12000, -6000, -6000, 0]
    # 4 han 30 fu (1920): 3900 / 2000; bisection 2.5b = 4800, 1.5b = 2880 -> 2900
    b = riichi_base_points(4, 30, 0, 0)
    assert _pay(b, 2, -1, 0) == [-3900, -2000, 5900, 0]
    assert _pay(b, 2, -1, 0, bisect=1) == [-4800, -2900, 7700, 0]
    # honba on a self-draw: +100 from each of the two payers
    assert _pay(mangan, 1, -1, 0, honba=2) == [-4200, 6400, -2200, 0]


def test_ron_with_honba_and_sticks_worked_example() -> None:
    # non-dealer 3 han 30 fu ron (3900) on the dealer's discard, 2 honba, 1 stick on the table
    b = riichi_base_points(3, 30, 0, 0)
    assert _pay(b, 2, 0, 0, honba=2, deposits=1) == [-4500, 0, 3900 + 600 + 1000, 0]
    # the same win with bisection: a discard win has no missing share
    assert _pay(b, 2, 0, 0, honba=2, deposits=1, bisect=1) == [-4500, 0, 5500, 0]


def test_scorer_counts_kita_and_the_sanma_indicator() -> None:
    hand = "234p567p345s666s77s"
    kw = dict(win_tile="6s", seat=1, dealer=0, discarder=0, seat_wind="S", players=3)
    plain = mjsim.score("riichi", hand, **kw)
    assert plain.total == 1  # tanyao
    assert mjsim.score("riichi", hand, kita=2, **kw).total == 3
    # the indicator West shows North: each kita counts twice
    assert mjsim.score("riichi", hand, kita=2, dora_indicators=["3z"], **kw).total == 5
    # three players: the indicator 1m shows 9m (2m-8m are out)
    r = mjsim.score(
        "riichi", "99m567p345s666s777z", win_tile="6s", players=3, dora_indicators=["1m"],
        seat=1, dealer=0, discarder=2, seat_wind="S",
    )  # fmt: skip
    assert r.total == 1 + 2  # haku + two dora
    with pytest.raises(ValueError, match="not in three-player"):
        mjsim.score("riichi", hand, dora_indicators=["5m"], **kw)
    with pytest.raises(ValueError, match="players=3"):
        mjsim.score("riichi", hand, win_tile="6s", seat=1, seat_wind="S", discarder=0, kita=1)
    # a tsumo for three: tsumo loss
    t = mjsim.score(
        "riichi", hand, win_tile="6s", self_drawn=True, seat=1, seat_wind="S", players=3
    )
    # tanyao + tsumo, 30 fu: b = 480; the dealer pays 1000, seat 2 500, North's 500 is lost
    assert (t.total, t.fu) == (2, 30) and t.payments == [-1000, 1500, -500, 0]
    half = mjsim.score(
        "riichi", hand, win_tile="6s", self_drawn=True, seat=1, seat_wind="S", players=3,
        missing_seat_payment="bisection",
    )  # fmt: skip
    assert half.payments == [-1200, 2000, -800, 0]  # 2.5b = 1200, 1.5b = 720 -> 800


def _sanma_wall(hands: dict[int, list[int]], extra: list[int], tail: list[int], ind: int):
    """108 kinds: seats 0, 1, 2 (dealer 0) 13 tiles each, the dealer's 14th, the rest in kind
    order, ``tail`` reversed at the end (``tail[0]`` is the first replacement); the first dora
    indicator (``wall[108 - 9]``) is ``ind``."""
    pool = {k: 4 for k in range(34) if not (1 <= k <= 7 or k == 30)}
    pool.update({34: 1, 35: 1, 36: 1, 37: 1})
    for k in [*extra, *tail, ind, *(x for h in hands.values() for x in h)]:
        pool[k] -= 1
        assert pool[k] >= 0, k
    filler = [k for k in sorted(pool) if k < 34 for _ in range(pool[k])]
    wall: list[int] = []
    for p in range(3):
        h = hands.get(p)
        if h is None:
            h, filler = filler[:13], filler[13:]
            for k in h:
                pool[k] -= 1
        wall += h
    wall += extra
    rest = [k for k in sorted(pool) for _ in range(pool[k])]
    body = rest
    n_end = len(tail)
    # fill up to the indicator, put it at 108 - 9, then the rest and the tail
    room = 108 - 9 - len(wall)
    wall += body[:room] + [ind] + body[room:]
    wall += tail[::-1]
    assert len(wall) == 108 and n_end <= 8
    return wall


def test_scripted_kita_counts_as_dora() -> None:
    seat1 = parse_tiles("234p567p345s66s7s") + [34]  # a North (kita) dealt
    dealer = parse_tiles("119m19p19s11z22z33z")  # 13 tiles, no 6s
    spec = variants.get(V, red_fives=(0, 0, 0))
    w = _sanma_wall({0: dealer, 1: seat1}, parse_tiles("6s"), parse_tiles("7s"), 27)
    g = Game(spec, wall=w)
    st = g.state
    assert int(st.pv[0, 1, PV_N_FLOWERS]) == 1  # set aside on the deal, replaced by the 7s
    g.step(parse_tiles("6s")[0])  # the dealer discards 6s
    assert g.phase == "react" and g.current_player == 1 and WIN in g.legal_actions()
    g.step(WIN)
    while not g.done:
        g.step(PASS)
    assert g.winners == [1]
    r = mjsim.score(
        "riichi", "234p567p345s666s77s", win_tile="6s", seat=1, dealer=0, discarder=0,
        seat_wind="S", players=3, kita=1, dora_indicators=[27],
    )  # fmt: skip
    assert (r.total, r.fu) == (2, 40)  # tanyao + one kita; 20 + 10 closed ron + 2 + 4
    assert r.payments[:3] == [-2600, 2600, 0]  # 2 han 40 fu non-dealer ron
    assert [int(x) for x in g.payments[:3]] == [-2600, 2600, 0]


@pytest.mark.parametrize("missing", ["tsumo_loss", "bisection"])
def test_zero_sum_and_conservation_over_self_play(missing: str) -> None:
    # check=True: tile conservation (flowers and red fives included), hand sizes and zero-sum
    # payments with the deposits on the table, at every step
    res = mjsim.simulate(
        V, 2000, agents="greedy", seed=5, threads=1, check=True, missing_seat_payment=missing
    )
    assert np.all(res["error"] == 0)
    pays = np.stack([res[f"pay{p}"] for p in range(4)], axis=1)
    assert np.all(pays[:, 3] == 0)
    won = res["n_winners"] > 0
    assert won.sum() > 500
    assert np.all(pays[won].sum(axis=1) == 0)
    assert np.all(pays[~won].sum(axis=1) % 1000 == 0) and np.all(pays[~won].sum(axis=1) <= 0)
    tsumo = won & (res["discarder"] < 0)
    assert tsumo.sum() > 50


def test_bisection_pays_the_missing_share() -> None:
    # the same seeds play the same hands (independent hands: scores start afresh); only the
    # self-draws pay differently, the winner taking more under bisection
    kw = dict(agents="greedy", seed=7, threads=1)
    loss = mjsim.simulate(V, 1000, **kw)
    half = mjsim.simulate(V, 1000, missing_seat_payment="bisection", **kw)
    assert (loss["winners"] == half["winners"]).all()
    tsumo = (loss["n_winners"] == 1) & (loss["discarder"] < 0)
    ron = (loss["n_winners"] > 0) & (loss["discarder"] >= 0)
    assert tsumo.sum() > 20
    for c in ("pay0", "pay1", "pay2"):
        assert (loss[c][ron] == half[c][ron]).all()
    gain = sum(
        np.where(loss["winners"] == 1 << p, half[f"pay{p}"] - loss[f"pay{p}"], 0) for p in range(3)
    )
    assert (gain[tsumo] > 0).all()


def test_matches_play_three_seats() -> None:
    rows = mjsim.simulate(V, 32, agents="greedy", seed=1, threads=1, match_hands=8)
    assert (rows["error"] == 0).all()
    assert (rows["winners"] != 0).any()


def test_games_of_three_seats() -> None:
    _hands, games = mjsim.play_games(V, 6, agents="greedy", seed=1)
    pts = games["points0"] + games["points1"] + games["points2"]
    assert (games["points3"] == 0).all()
    # 35,000 each; the sticks left on the table at the end are the rest
    assert (pts + 1000 * games["deposits_left"] == 3 * 35000).all()
    # 40,000 returned, uma 20 / 0 / -20: the placement points of a game sum to zero
    total = games["placement0"] + games["placement1"] + games["placement2"]
    assert np.allclose(total, 0.0)
    assert sorted(games[["place0", "place1", "place2"]][0].tolist()) == [1, 2, 3]


TENHOU = "riichi_sanma_tenhou"


def test_tenhou_preset_is_riichi_sanma_checked_against_tenhou() -> None:
    """riichi_sanma_tenhou: Tenhou's three-player rules (tenhou.net/man, 三麻) hold every
    setting of riichi_sanma the engine plays, so only the name differs; the settings Tenhou's
    list states are checked one by one."""
    sanma = variants.get(V)
    spec = variants.get(TENHOU)
    diffs = {
        f.name for f in dataclasses.fields(spec) if getattr(spec, f.name) != getattr(sanma, f.name)
    }
    assert diffs == {"name"}
    assert (spec.start_points, spec.return_points, spec.target_points) == (35000, 40000, 40000)
    assert spec.uma == (20000, 0, -20000)  # "順位ウマ +20, 0, -20"
    assert spec.allow_chow is False and spec.flower_dora and spec.flowers == "bonus"
    assert spec.missing_seat_payment == "tsumo_loss"
    counts = spec.compile().tile_counts
    assert int(counts.sum()) == 108 and [int(counts[k]) for k in range(1, 8)] == [0] * 7
    from mjsim.variants.registry import BY_ID

    assert BY_ID[TENHOU].detail == "preset" and BY_ID[TENHOU].playable


@pytest.mark.parametrize(
    ("variant", "overrides", "want"),
    [
        # Tenhou and Mahjong Soul (riichi_sanma): tsumo loss, 4000 + 2000 for a non-dealer mangan
        (TENHOU, {}, [-4000, 6000, -2000, 0]),
        (V, {}, [-4000, 6000, -2000, 0]),
        # the north-bisection option: the absent seat's 2000 split, 5000 + 3000
        (V, {"missing_seat_payment": "bisection"}, [-5000, 8000, -3000, 0]),
    ],
)
def test_self_draw_payment_under_each_preset(variant, overrides, want) -> None:
    """A non-dealer mangan self-draw (dealer seat 0, winner seat 1) paid with the missing-seat
    rule each preset's compiled rules carry (``P_MISSING_SEAT``, what the engine reads)."""
    from mjsim.rules.params import P_MISSING_SEAT

    bisect = int(variants.get(variant, **overrides).compile().params[P_MISSING_SEAT])
    assert _pay(riichi_base_points(5, 30, 0, 0), 1, -1, 0, bisect=bisect) == want


def test_tenhou_preset_plays_games_of_three() -> None:
    _hands, games = mjsim.play_games(TENHOU, 2, agents="greedy", seed=1)
    pts = games["points0"] + games["points1"] + games["points2"]
    assert (pts + 1000 * games["deposits_left"] == 3 * 35000).all()
    assert np.allclose(games["placement0"] + games["placement1"] + games["placement2"], 0.0)
