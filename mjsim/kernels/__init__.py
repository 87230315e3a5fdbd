"""Jitted hand kernels: win checks, waits, shanten and decompositions over count vectors.

Every kernel takes ``counts``: ``uint8[34]``, the concealed tiles WITHOUT the wild tiles (the
caller removes them) and ``n_wild``: the number of wild tiles held (0-8). A wild may stand for
any tile kind but never for a fifth copy of a kind (the hand's own copies plus the wilds standing
for that kind are at most 4); the modifier bit ``SHAPE_WILD_FIFTH`` of the shape mask selects the
other reading (:mod:`mjsim.kernels.fifth`).

``n_melds`` is the number of melds the concealed part must still form: 4 for a closed 13/14-tile
hand, 5 for a closed 16/17-tile hand, minus one per exposed meld. A complete hand has
``sum(counts) + n_wild == 3 * n_melds + 2``.

This package module holds only the shared constants, so that importing it is cheap; the kernels
live in :mod:`mjsim.kernels.standard`, :mod:`mjsim.kernels.shanten`, :mod:`mjsim.kernels.waits`,
:mod:`mjsim.kernels.decompose`, :mod:`mjsim.kernels.batched` and :mod:`mjsim.kernels.special`
and are also reachable lazily as attributes of this package.
"""

from __future__ import annotations

import importlib
from typing import Any

# --- pair rules (which kinds may form the pair of a standard hand) -------------------------------
PAIR_ANY = 0  # any pair
PAIR_258 = 1  # the pair must be a 2, 5 or 8 of a suit (将 must be 2-5-8; honours never)
PAIR_NOT_28 = 2  # the pair may not be a 2 or an 8 of a suit (honours allowed)

# --- honour chows (bit flags) ---------------------------------------------------------------------
HONOR_CHOW_NONE = 0
HONOR_CHOW_WINDS = 1  # any three different winds form a chow (Nanchang 风字顺)
HONOR_CHOW_DRAGONS = 2  # White-Green-Red form a chow

# --- hand shapes accepted by the combined functions (bit mask) ------------------------------------
SHAPE_STANDARD = 1
SHAPE_SEVEN_PAIRS = 2
SHAPE_THIRTEEN_ORPHANS = 4
SHAPE_KNITTED = 8  # 全不靠, including 七星不靠
SHAPE_KNITTED_STRAIGHT = 16  # 组合龙 + one meld + pair
SHAPE_SHISANLAN = 32  # 十三烂
# seven DIFFERENT pairs (Riichi, the ``mahjong`` package); SHAPE_SEVEN_PAIRS lets a four of a kind
# count as two pairs (the Chinese rule sets). With both bits set, SHAPE_SEVEN_PAIRS wins.
SHAPE_SEVEN_PAIRS_DISTINCT = 64
SHAPES_RIICHI = SHAPE_STANDARD | SHAPE_SEVEN_PAIRS_DISTINCT | SHAPE_THIRTEEN_ORPHANS
# modifier bit, not a shape: the wilds stand only for simples (2-8 of a suit), never for a 1, 9
# or an honour (Yingkou 会, the Yingkou rules; see mjsim.kernels.restricted)
SHAPE_WILD_SIMPLES = 128
# (256 and 512 are the engine's structure-free shapes, mjsim.rules.params)
# 十三不靠 以字作将: one knitted arrangement's nine tiles + four different honours, one paired
SHAPE_KNITTED_HONOR_PAIR = 1024
# modifier bit, not a shape: a wild may stand for a fifth copy of a kind (the natural copies plus
# the wilds standing for a kind may exceed 4; see mjsim.kernels.fifth)
SHAPE_WILD_FIFTH = 2048

# --- set types in a decomposition row (set_type, tile_kind, wilds_used) ----------------------------
SET_NONE = -1
SET_PAIR = 0
SET_CHOW = 1  # tile = lowest kind of the sequence
SET_PUNG = 2
SET_HONOR_CHOW = 3  # tile 27-30: three winds, tile = the wind LEFT OUT; tile 31: White-Green-Red

DECOMP_ROWS = 6  # row 0 = pair, rows 1..5 = melds (5 melds for a 16/17-tile hand)

_LAZY = {
    "is_standard_win": "mjsim.kernels.standard",
    "standard_shanten": "mjsim.kernels.standard",
    "is_win": "mjsim.kernels.shanten",
    "shanten": "mjsim.kernels.shanten",
    "waits": "mjsim.kernels.waits",
    "waits_detail": "mjsim.kernels.waits",
    "live_wait_count": "mjsim.kernels.waits",
    "decompose": "mjsim.kernels.decompose",
    "batch_is_win": "mjsim.kernels.batched",
    "batch_shanten": "mjsim.kernels.batched",
    "batch_waits": "mjsim.kernels.batched",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'mjsim.kernels' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
