"""Session-6 rule state in the observations: special kongs (G31), 放风 / 补风 (G24) and pre-hand
stakes (G57) — ``planes-v0`` counts special kongs and set-aside honours as seen tiles,
``planes-v3`` and ``dict-v1`` show them per seat (docs/observations.md).

Scripted walls as in tests/test_rules_gapsH_*.py (``make_wall``: seat 0 deals).
"""

from __future__ import annotations

import numpy as np
from helpers import make_wall
from mjsim.envs.encoders import (
    N_PLANES_V2,
    PL_MELDS,
    PL_SCALARS_V3,
    PL_SET_ASIDE_HONORS,
    PL_UNSEEN,
    get_encoder,
)

from mjsim.actions import BET, FENG, SPECIAL_KONG
from mjsim.engine import Game


def _obs(g: Game, name: str, seat: int):
    return get_encoder(name).encode(g.state, g.rules, 0, seat)


def _unseen_matches(g: Game, seat: int, seen: dict[int, int]) -> None:
    """``unseen`` = 4 - own hand - the listed visible copies, for every kind (no discards yet)."""
    obs = _obs(g, "planes-v0", seat)
    want = 4 - g.state.hands[0, seat, :34].astype(np.int64)
    for k, c in seen.items():
        want[k] -= c
    assert list(obs[PL_UNSEEN]) == list(want)


def test_special_kongs_are_seen_melds() -> None:
    wall = make_wall({0: "1234567z1234m99p"}, "5m", tail="6m", avoid="6m")
    g = Game("hebei", wall=wall, special_kongs=True)
    g.step(SPECIAL_KONG + 0)  # 旋风杠 东南西北
    g.step(SPECIAL_KONG + 1)  # 喜杠 白发中
    for seat in range(4):
        rel = (0 - seat) % 4
        v0 = _obs(g, "planes-v0", seat)
        assert list(v0[PL_MELDS + rel, 27:34]) == [1] * 7 and int(v0[PL_MELDS + rel].sum()) == 7
        if seat != 0:
            _unseen_matches(g, seat, {k: 1 for k in range(27, 34)})
        v3 = _obs(g, "planes-v3", seat)
        v2 = _obs(g, "planes-v2", seat)
        assert v3.shape == (63, 34) and np.array_equal(v3[:N_PLANES_V2], v2)
        d0, d1 = _obs(g, "dict-v0", seat), _obs(g, "dict-v1", seat)
        assert all(np.array_equal(d0[k], d1[k]) for k in d0)
        assert d1["special_kong_added"].sum() == 0  # no copy added yet
    # the spaces hold the observations
    assert get_encoder("planes-v3").space(4).contains(_obs(g, "planes-v3", 1))
    assert get_encoder("dict-v1").space(4).contains(_obs(g, "dict-v1", 1))


def test_fangfeng_set_aside_honours_are_public() -> None:
    avoid = "1z2z7z4z6z8p8s5s1s2s3s9m"
    wall = make_wall({0: "127z12345678m99p"}, "5s", draws="8p8s6z4z", tail="1s2s3s9m", avoid=avoid)
    g = Game("hebei", wall=wall, honor_set_exposure=True)
    for a in (FENG + 0, FENG + 6, FENG + 1):  # 东 中 南 set aside
        g.step(a)
    east, south, red = 27, 28, 33
    for seat in range(4):
        rel = (0 - seat) % 4
        v3 = _obs(g, "planes-v3", seat)
        row = v3[PL_SET_ASIDE_HONORS + rel]
        assert [int(row[k]) for k in (east, south, red)] == [1, 1, 1] and int(row.sum()) == 3
        assert int(v3[PL_SCALARS_V3, 4 + rel]) == 0  # no 补风 yet
        d1 = _obs(g, "dict-v1", seat)
        assert list(d1["set_aside_honors"][rel]) == [1, 1, 0, 0, 0, 0, 1]
        if seat != 0:
            _unseen_matches(g, seat, {east: 1, south: 1, red: 1})


def test_pre_hand_stakes_are_announced() -> None:
    wall = make_wall({0: "123456789m123p5p"}, "5p", avoid="5p")
    g = Game("hebei", wall=wall, pre_hand_bet="paozi")
    bets = [2, 0, 4, 1]
    for k in bets:
        g.step(BET + k)
    for seat in range(4):
        v3 = _obs(g, "planes-v3", seat)
        want = [bets[(seat + rel) % 4] for rel in range(4)]
        assert list(v3[PL_SCALARS_V3, :4]) == want
        assert list(_obs(g, "dict-v1", seat)["stakes"]) == want
