"""Special kongs, 放风 / 补风 and pre-hand stakes in the observations — every ``planes-v*`` counts special kongs and set-aside honours as seen tiles
and shows the honours in the seat's flower plane, ``planes-v3`` and ``dict-v1`` show them per
seat (docs/observations.md).

The encoders are pure functions of the state arrays: the tests write the rule state into a
freshly dealt hebei table (no discard yet) and read every seat's observation.
"""

from __future__ import annotations

import numpy as np
from mjsim.envs import encoders as enc
from mjsim.envs import mahjong_v0

from mjsim.engine.state import (
    PV_BET,
    PV_FENG,
    PV_HONOR_FLOWERS,
    PV_N_MELDS,
    PV_N_RIVER,
    PV_SK_EXTRA,
)
from mjsim.melds import MELD_SPECIAL_KONG

EAST, SOUTH, RED = 27, 28, 33


def _table():
    raw = mahjong_v0.raw_env("hebei")
    raw.reset(seed=7)
    s = raw.state_arrays
    assert int(s.pv[0, :, PV_N_MELDS].sum()) == 0 and int(s.pv[0, :, PV_N_RIVER].sum()) == 0
    return s, raw._rules


def _obs(s, r, name: str, seat: int):
    return enc.get_encoder(name).encode(s, r, 0, seat)


def _check_unseen(s, r, seat: int, seen: dict[int, int]) -> None:
    """``unseen`` = copies in the set - own hand - ``seen`` (nothing else is visible yet)."""
    want = r.tile_counts[:34].astype(np.int64) - s.hands[0, seat, :34]
    for k, c in seen.items():
        want[k] -= c
    assert list(_obs(s, r, "planes-v0", seat)[enc.PL_UNSEEN]) == list(np.maximum(want, 0))


def test_special_kongs_are_seen_melds() -> None:
    s, r = _table()
    # seat 2: 旋风杠 (E S W N), 喜杠 (白 发 中) and a 幺蛋 (1m 1p 1s) with one 1m added later
    for i, base in enumerate((27, 31, 0)):
        s.melds[0, 2, i] = (MELD_SPECIAL_KONG, base, 0)
    s.pv[0, 2, PV_N_MELDS] = 3
    s.pv[0, 2, PV_SK_EXTRA + 2] = 1  # group 2, member 0 (1m): one copy added
    seen = {k: 1 for k in range(27, 34)} | {0: 2, 9: 1, 18: 1}
    for seat in range(4):
        rel = (2 - seat) % 4
        v0 = _obs(s, r, "planes-v0", seat)
        assert {
            k: int(v0[enc.PL_MELDS + rel, k]) for k in np.flatnonzero(v0[enc.PL_MELDS + rel])
        } == seen
        if seat != 2:
            _check_unseen(s, r, seat, seen)
        v2, v3 = _obs(s, r, "planes-v2", seat), _obs(s, r, "planes-v3", seat)
        assert v3.shape == (enc.N_PLANES_V3, 34) and np.array_equal(v3[: enc.N_PLANES_V2], v2)
        d0, d1 = _obs(s, r, "dict-v0", seat), _obs(s, r, "dict-v1", seat)
        assert all(np.array_equal(d0[k], d1[k]) for k in d0)
        assert d1["special_kong_added"][rel].tolist() == [0, 0, 1, 0]
        assert enc.get_encoder("planes-v3").space(4).contains(v3)
        assert enc.get_encoder("dict-v1").space(4).contains(d1)


def test_set_aside_honours_and_bufeng_are_public() -> None:
    s, r = _table()
    # seat 1 set aside 东 南 中 (a 放风 set) and one 补风 東: two 东 in all
    s.pv[0, 1, PV_HONOR_FLOWERS] = (2 << 3 * (EAST - 27)) | (1 << 3 * (SOUTH - 27)) | (1 << 18)
    s.pv[0, 1, PV_FENG] = (1 << 8) | 0b1000011
    for seat in range(4):
        rel = (1 - seat) % 4
        v3 = _obs(s, r, "planes-v3", seat)
        row = v3[enc.PL_SET_ASIDE_HONORS + rel]
        assert [int(row[k]) for k in (EAST, SOUTH, RED)] == [2, 1, 1] and int(row.sum()) == 4
        assert [int(x) for x in v3[enc.PL_SCALARS_V3, 4:8]] == [int(i == rel) for i in range(4)]
        d1 = _obs(s, r, "dict-v1", seat)
        assert d1["set_aside_honors"][rel].tolist() == [2, 1, 0, 0, 0, 0, 1]
        assert d1["bufeng"].tolist() == [int(i == rel) for i in range(4)]
        if seat != 1:
            _check_unseen(s, r, seat, {EAST: 2, SOUTH: 1, RED: 1})
        # every planes-v* shows them at their kinds in the seat's flower plane (cells 27-33)
        for name in enc.PLANE_ENCODERS:
            flowers = _obs(s, r, name, seat)[enc.PL_FLOWERS + rel]
            assert flowers[27:].tolist() == [2, 1, 0, 0, 0, 0, 1], name
            assert int(flowers.sum()) == 4, name
        norm = _obs(s, r, "planes-norm-v0", seat)[enc.PL_FLOWERS + rel]
        assert norm[27:].tolist() == [0.5, 0.25, 0, 0, 0, 0, 0.25]


def test_pre_hand_stakes_are_announced() -> None:
    s, r = _table()
    bets = [2, 0, 4, 1]
    s.pv[0, :, PV_BET] = bets
    for seat in range(4):
        want = [bets[(seat + rel) % 4] for rel in range(4)]
        assert [int(x) for x in _obs(s, r, "planes-v3", seat)[enc.PL_SCALARS_V3, :4]] == want
        assert _obs(s, r, "dict-v1", seat)["stakes"].tolist() == want


def test_special_kong_added_counts_match_the_engine() -> None:
    """``dict-v1``'s ``special_kong_added`` is :func:`added_copies`, the sum of the engine's
    per-member counts (``special_copies`` - 1) over the group, for every 2-bit layout used."""
    from mjsim.engine.special_kongs import (
        GROUP_TILES,
        added_copies,
        group_kind,
        group_size,
        special_copies,
    )

    s, r = _table()
    layouts = {0: 0b11_00_10_01, 1: 0b10_00_11, 2: 0b00_01_00, 3: 0}  # per group, 2 bits a member
    for q in range(4):
        for g in range(4):
            s.pv[0, q, PV_SK_EXTRA + g] = layouts[(g + q) % 4] & ((1 << 2 * group_size(g)) - 1)
    for q in range(4):
        for g in range(4):
            members = [group_kind(g, j) for j in range(group_size(g))]
            want = sum(special_copies(s, 0, q, GROUP_TILES[g], k) - 1 for k in members)
            assert added_copies(s, 0, q, g) == want
    for seat in range(4):
        d1 = _obs(s, r, "dict-v1", seat)
        for rel in range(4):
            q = (seat + rel) % 4
            assert d1["special_kong_added"][rel].tolist() == [
                added_copies(s, 0, q, g) for g in range(4)
            ]
    assert added_copies(s, 0, 0, 0) == 1 + 2 + 3  # members 0..3 of 旋风: 1, 2, 0, 3 copies
