"""Parse meld strings (``"chow 123m"``, ``"pung 555z from 2"``) into the shared meld rows.

Grammar (case-insensitive, tiles in any :mod:`mjsim.tiles` notation)::

    chow 123m | pung 555z | kong 5555z | added_kong 5555z | concealed_kong 7777p  [from N]

``kong`` is an exposed kong claimed from a discard (明杠), ``added_kong`` a pung upgraded with the
fourth tile (加杠, exposed), ``concealed_kong`` four tiles from the hand (暗杠). ``from N`` is the
seat offset of the player who supplied the claimed tile (1 = next seat, 2 = opposite, 3 = previous
seat, see :mod:`mjsim.melds`); it defaults to 3 for exposed melds and must be absent or 0 for a
concealed kong. A row ``(meld_type, tile, source)`` of ints is accepted as well.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from mjsim.melds import (
    MAX_MELDS,
    MELD_ADDED_KONG,
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_FIELDS,
    MELD_HONOR_CHOW,
    MELD_KONG,
    MELD_NAMES,
    MELD_NONE,
    MELD_PUNG,
    meld_kinds,
)
from mjsim.tiles import parse_tiles, tile_name

_TYPE_OF_WORD = {name: t for t, name in MELD_NAMES.items()}
_TYPE_OF_WORD.update({"exposed_kong": MELD_KONG, "melded_kong": MELD_KONG})


def meld_tiles(meld_type: int, tile: int) -> list[int]:
    """The tile kinds a meld holds (a chow's ``tile`` is its lowest kind; an honour chow's the
    wind left out or 31 for 中发白): :func:`mjsim.melds.meld_kinds`."""
    return meld_kinds(meld_type, tile)


def _check_row(meld_type: int, tile: int, source: int, text: str) -> None:
    if meld_type not in MELD_NAMES:
        raise ValueError(f"meld {text!r}: unknown meld type {meld_type}")
    if not 0 <= tile < 34:
        raise ValueError(f"meld {text!r}: tile kind must be 0-33, got {tile}")
    if meld_type == MELD_CHOW and (tile >= 27 or tile % 9 > 6):
        raise ValueError(f"meld {text!r}: a chow must start at rank 1-7 of a suit")
    if meld_type == MELD_HONOR_CHOW and not 27 <= tile <= 31:
        raise ValueError(
            f"meld {text!r}: an honour chow names the wind left out (27-30) or 31 (中发白)"
        )
    if meld_type == MELD_CONCEALED_KONG:
        if source != 0:
            raise ValueError(f"meld {text!r}: a concealed kong has no source seat (got {source})")
    elif not 1 <= source <= 3:
        raise ValueError(f"meld {text!r}: source seat offset must be 1, 2 or 3, got {source}")


def parse_meld(meld: str | Sequence[int]) -> tuple[int, int, int]:
    """Parse one meld into ``(meld_type, tile, source)``.

    Raises:
        ValueError: unknown meld word, tiles that do not form that meld (naming them), a bad
            ``from`` clause, a flower.
    """
    if not isinstance(meld, str):
        row = tuple(int(x) for x in meld)
        if len(row) != MELD_FIELDS:
            raise ValueError(f"meld row must be (meld_type, tile, source), got {meld!r}")
        _check_row(*row, text=str(meld))
        return row  # type: ignore[return-value]
    return _parse_meld_text(meld)


@lru_cache(maxsize=4096)
def _parse_meld_text(meld: str) -> tuple[int, int, int]:
    words = meld.strip().split()
    if len(words) not in (2, 4) or (len(words) == 4 and words[2].lower() != "from"):
        raise ValueError(
            f"meld {meld!r}: expected '<type> <tiles> [from <seat offset>]', e.g. 'pung 555z'"
        )
    word = words[0].lower()
    if word not in _TYPE_OF_WORD:
        raise ValueError(
            f"meld {meld!r}: unknown meld type {words[0]!r}; known: {sorted(_TYPE_OF_WORD)}"
        )
    meld_type = _TYPE_OF_WORD[word]
    try:
        kinds = sorted(parse_tiles(words[1], flowers=False))
    except ValueError as exc:
        raise ValueError(f"meld {meld!r}: {exc}") from None
    names = ", ".join(tile_name(k) for k in kinds)
    if meld_type == MELD_HONOR_CHOW:
        winds = len(set(kinds)) == 3 and all(27 <= k <= 30 for k in kinds)
        if not (winds or kinds == [31, 32, 33]):
            raise ValueError(
                f"meld {meld!r} is not an honour chow: {names} (need three different winds or "
                "White-Green-Red)"
            )
    elif meld_type == MELD_CHOW:
        ok = len(kinds) == 3 and kinds[0] < 27 and kinds[2] // 9 == kinds[0] // 9
        ok = ok and kinds[1] == kinds[0] + 1 and kinds[2] == kinds[0] + 2
        if not ok:
            raise ValueError(
                f"meld {meld!r} is not a chow: {names} (need 3 consecutive suited tiles)"
            )
    else:
        need = 3 if meld_type == MELD_PUNG else 4
        if len(kinds) != need or len(set(kinds)) != 1:
            raise ValueError(
                f"meld {meld!r} is not a {word}: {names} (need {need} identical tiles)"
            )
    if len(words) == 4:
        try:
            source = int(words[3])
        except ValueError:
            raise ValueError(f"meld {meld!r}: seat offset {words[3]!r} is not an integer") from None
    else:
        source = 0 if meld_type == MELD_CONCEALED_KONG else 3
    tile = kinds[0]
    if meld_type == MELD_HONOR_CHOW and tile != 31:
        tile = next(k for k in range(27, 31) if k not in kinds)  # the wind left out
    _check_row(meld_type, tile, source, meld)
    return meld_type, tile, source


def parse_melds(melds: Iterable[str | Sequence[int]]) -> NDArray[np.int8]:
    """Parse melds into the shared ``int8[MAX_MELDS, 3]`` layout (unused rows ``MELD_NONE``).

    Raises:
        ValueError: a bad meld (see :func:`parse_meld`) or more than ``MAX_MELDS`` melds.
    """
    if isinstance(melds, str):
        melds = [melds]
    rows = [parse_meld(m) for m in melds]
    if len(rows) > MAX_MELDS:
        raise ValueError(f"at most {MAX_MELDS} melds, got {len(rows)}")
    out = np.full((MAX_MELDS, MELD_FIELDS), MELD_NONE, dtype=np.int8)
    for i, row in enumerate(rows):
        out[i] = row
    return out


def meld_counts(melds: NDArray[np.int8]) -> NDArray[np.int64]:
    """``int64[34]`` tile counts held in the melds (kongs count 4)."""
    counts = np.zeros(34, dtype=np.int64)
    for meld_type, tile, _source in melds:
        if meld_type != MELD_NONE:
            for k in meld_tiles(int(meld_type), int(tile)):
                counts[k] += 1
    return counts


def is_kong_row(meld_type: int) -> bool:
    """True for the three kinds of kong."""
    return meld_type in (MELD_KONG, MELD_ADDED_KONG, MELD_CONCEALED_KONG)
