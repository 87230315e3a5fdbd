"""The honour-chow meld row (tile = the wind left out, 31 = White-Green-Red) and
``meld_kinds`` for every meld type (pure Python, no compilation)."""

from __future__ import annotations

import pytest

from mjsim.kernels import SET_HONOR_CHOW
from mjsim.melds import (
    MELD_ADDED_KONG,
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_HONOR_CHOW,
    MELD_KONG,
    MELD_NAMES,
    MELD_PUNG,
    meld_kinds,
)


def test_every_honour_chow_has_one_row() -> None:
    # the four three-wind chows and the dragon chow are five distinct rows; E-S-N and E-W-N
    # (same lowest kind 27) are told apart
    rows = {tuple(meld_kinds(MELD_HONOR_CHOW, t)) for t in range(27, 32)}
    assert rows == {(28, 29, 30), (27, 29, 30), (27, 28, 30), (27, 28, 29), (31, 32, 33)}
    assert meld_kinds(MELD_HONOR_CHOW, 29) == [27, 28, 30]  # E S N
    assert meld_kinds(MELD_HONOR_CHOW, 28) == [27, 29, 30]  # E W N
    assert SET_HONOR_CHOW == 3  # same "left out" convention as the decomposition rows
    assert MELD_NAMES[MELD_HONOR_CHOW] == "honor_chow"  # produced by the engine (honor_chows)


def test_other_types_and_errors() -> None:
    assert meld_kinds(MELD_CHOW, 24) == [24, 25, 26]
    assert meld_kinds(MELD_PUNG, 33) == [33] * 3
    for mt in (MELD_KONG, MELD_ADDED_KONG, MELD_CONCEALED_KONG):
        assert meld_kinds(mt, 5) == [5] * 4
    for mt, tile in ((MELD_CHOW, 7), (MELD_CHOW, 27), (MELD_HONOR_CHOW, 32), (MELD_PUNG, 34)):
        with pytest.raises(ValueError):
            meld_kinds(mt, tile)
    with pytest.raises(ValueError, match="unknown meld type"):
        meld_kinds(9, 0)
