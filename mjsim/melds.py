"""Meld encoding shared by the engine, the records and the scorers.

A meld is one row of an ``int8`` array of shape ``(3,)``: ``(meld_type, tile, source)``.

- ``meld_type``: one of the ``MELD_*`` constants below.
- ``tile``: the tile kind (0-33). For a chow it is the LOWEST kind of the sequence; for a pung or
  kong it is the kind of the set.
- ``source``: who supplied the claimed tile, as a seat offset relative to the owner:
  0 = self (concealed kong), 1 = the next seat (下家), 2 = the opposite seat (对家),
  3 = the previous seat (上家, the only source of a chow where chow is "from the left seat only").
  For an added kong (加杠) it is the source of the original pung.

A seat holds at most ``MAX_MELDS`` melds (5 melds are needed by a 16-tile hand; kongs do not add to
that count), so per-seat meld storage is ``int8[MAX_MELDS, 3]``; unused rows have
``meld_type == MELD_NONE``.
"""

from __future__ import annotations

MELD_NONE = -1
MELD_CHOW = 0
MELD_PUNG = 1
MELD_KONG = 2  # exposed kong claimed from a discard (明杠 / 直杠)
MELD_ADDED_KONG = 3  # a pung upgraded with the fourth tile (加杠 / 面下杠 / 补杠); exposed
MELD_CONCEALED_KONG = 4  # four tiles from the hand (暗杠)

MAX_MELDS = 6
MELD_FIELDS = 3

MELD_NAMES = {
    MELD_CHOW: "chow",
    MELD_PUNG: "pung",
    MELD_KONG: "kong",
    MELD_ADDED_KONG: "added_kong",
    MELD_CONCEALED_KONG: "concealed_kong",
}


def is_kong_type(meld_type: int) -> bool:
    """True for the three kinds of kong."""
    return meld_type in (MELD_KONG, MELD_ADDED_KONG, MELD_CONCEALED_KONG)
