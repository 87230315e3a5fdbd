"""Meld encoding shared by the engine, the records and the scorers.

A meld is one row of an ``int8`` array of shape ``(3,)``: ``(meld_type, tile, source)``.

- ``meld_type``: one of the ``MELD_*`` constants below.
- ``tile``: the tile kind (0-33). For a chow it is the LOWEST kind of the sequence; for a pung or
  kong it is the kind of the set. For an honour chow (``MELD_HONOR_CHOW``, Nanchang 风字顺 /
  中发白, the Nanchang rules "三张不重复的同类的字牌可以组成一副顺子") it is the wind LEFT OUT
  (27-30: the other three winds form the chow; "lowest kind" could not tell E-S-N from E-W-N)
  or 31 for White-Green-Red — the convention of the kernels' ``SET_HONOR_CHOW`` decomposition
  rows. The claimed tile itself is not stored (as for a suited chow).
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
# three different winds, or White-Green-Red, claimed from a discard (the engine produces it
# under ``honor_chows`` with the chow action ids, mjsim.engine.honor_chows). Consumers read its
# tiles with :func:`meld_kinds` (records, melds_parse); the jitted scorers of the registered
# families never see it (none of them allows honour chows).
MELD_HONOR_CHOW = 5
HONOR_CHOW_NAME = "honor_chow"
# a special kong from the dealt hand (changchun; mjsim.engine.special_kongs): ``tile`` is
# the group's lowest kind: 27 旋风杠 (E S W N), 31 喜杠 (白 发 中), 0 幺蛋 (1m 1p 1s), 8 九蛋
# (9m 9p 9s); copies added later are kept in the engine state (pv[PV_SK_EXTRA + group])
MELD_SPECIAL_KONG = 6
SPECIAL_KONG_GROUPS = {27: [27, 28, 29, 30], 31: [31, 32, 33], 0: [0, 9, 18], 8: [8, 17, 26]}

MAX_MELDS = 6
MELD_FIELDS = 3

MELD_NAMES = {
    MELD_CHOW: "chow",
    MELD_PUNG: "pung",
    MELD_KONG: "kong",
    MELD_ADDED_KONG: "added_kong",
    MELD_CONCEALED_KONG: "concealed_kong",
    MELD_HONOR_CHOW: HONOR_CHOW_NAME,
    MELD_SPECIAL_KONG: "special_kong",
}


def is_kong_type(meld_type: int) -> bool:
    """True for the three kinds of kong."""
    return meld_type in (MELD_KONG, MELD_ADDED_KONG, MELD_CONCEALED_KONG)


def meld_kinds(meld_type: int, tile: int) -> list[int]:
    """The tile kinds of a meld row, in kind order (3 for chows and pungs, 4 for kongs).

    >>> meld_kinds(MELD_CHOW, 0), meld_kinds(MELD_HONOR_CHOW, 28), meld_kinds(MELD_HONOR_CHOW, 31)
    ([0, 1, 2], [27, 29, 30], [31, 32, 33])

    Raises ``ValueError`` for an unknown type, a kind outside 0-33, a chow that does not start
    at rank 1-7 of a suit, or an honour chow whose ``tile`` is not 27-31.
    """
    if not 0 <= tile < 34:
        raise ValueError(f"meld tile kind must be 0-33, got {tile}")
    if meld_type == MELD_CHOW:
        if tile >= 27 or tile % 9 > 6:
            raise ValueError(f"a chow must start at rank 1-7 of a suit, got kind {tile}")
        return [tile, tile + 1, tile + 2]
    if meld_type == MELD_HONOR_CHOW:
        if tile == 31:
            return [31, 32, 33]
        if not 27 <= tile <= 30:
            raise ValueError(f"an honour chow names the wind left out (27-30) or 31, got {tile}")
        return [k for k in range(27, 31) if k != tile]
    if meld_type == MELD_SPECIAL_KONG:
        if tile not in SPECIAL_KONG_GROUPS:
            raise ValueError(
                f"a special kong names its group's lowest kind 27, 31, 0 or 8, got {tile}"
            )
        return list(SPECIAL_KONG_GROUPS[tile])
    if meld_type == MELD_PUNG:
        return [tile] * 3
    if is_kong_type(meld_type):
        return [tile] * 4
    raise ValueError(f"unknown meld type {meld_type}")
