"""Python convenience API over the hand kernels: ``is_winning``, ``waits``, ``shanten``.

Exported lazily as ``mjsim.is_winning``, ``mjsim.waits`` and ``mjsim.shanten``.

Common keyword arguments (validated; anything wrong raises ``ValueError`` naming it):

- ``hand``: the CONCEALED tiles, a string in any notation mjsim reads (``"123m456p11z"``,
  ``"一万 二万"``, ``"W1 W2"``, glyphs) or a count array of shape (34,).
- ``melds``: number of exposed melds already made (kongs count as one meld each).
- ``wilds``: number of wild tiles held in addition to ``hand`` (0-8 in all).
- ``wild_tiles``: kinds that are wild (names like ``"5z"``/``"白"`` or kind numbers 0-33): their
  copies in ``hand`` are removed and counted as wilds.
- ``pair_rule``: ``"any"`` (default), ``"258"`` (pair must be a 2, 5 or 8 of a suit) or
  ``"not28"`` (pair may not be a 2 or an 8).
- ``honor_chows``: ``False`` (default), ``"winds"`` (any three different winds form a chow),
  ``"dragons"`` (White-Green-Red), ``"both"`` or ``True`` (= both).
- ``wild_substitutes``: ``"any"`` (default: a wild stands for any tile) or ``"simples"`` (a wild
  stands only for a 2-8 of a suit, never for a 1, 9 or an honour; Yingkou 会, the Yingkou rules
  "最后一张牌是会（万能牌）可替代除了幺久的任何牌").
- ``wild_fifth_copy``: ``False`` (default: the natural copies of a kind plus the wilds standing
  for it are at most 4) or ``True`` (a wild may stand for a fifth copy: ``5555m`` + a wild reads
  as a pung and a pair of 5m; RuleSpec ``wild_fifth_copy``); not with ``wild_substitutes="simples"``.
- ``shapes``: iterable of shape names, default ``("standard", "seven_pairs",
  "thirteen_orphans")``; names: ``standard``, ``seven_pairs`` (a four of a kind counts as two
  pairs), ``seven_pairs_distinct`` (Riichi: seven different pairs), ``thirteen_orphans``,
  ``knitted`` (全不靠 incl. 七星不靠), ``knitted_straight`` (组合龙), ``shisanlan`` (十三烂),
  ``knitted_honor_pair`` (十三不靠 以字作将: one knitted arrangement's nine tiles + four
  different honours, one of them paired; the common fan table).

The hand size decides the meld count: concealed tiles + wilds + 3 per exposed meld must be
13/14 (4 melds + pair) or 16/17 (5 melds + pair). Special shapes apply to closed 13/14-tile hands.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from mjsim import kernels as K
from mjsim.tiles import MPSZ_NAMES, as_counts, check_copies_in, kind_from_name

PairRule = Literal["any", "258", "not28"]
WildSubstitutes = Literal["any", "simples"]
HonorChows = bool | Literal["winds", "dragons", "both"]

PAIR_RULES = {"any": K.PAIR_ANY, "258": K.PAIR_258, "not28": K.PAIR_NOT_28}
HONOR_CHOWS = {
    False: K.HONOR_CHOW_NONE,
    "none": K.HONOR_CHOW_NONE,
    "winds": K.HONOR_CHOW_WINDS,
    "dragons": K.HONOR_CHOW_DRAGONS,
    "both": K.HONOR_CHOW_WINDS | K.HONOR_CHOW_DRAGONS,
    True: K.HONOR_CHOW_WINDS | K.HONOR_CHOW_DRAGONS,
}
SHAPE_NAMES = {
    "standard": K.SHAPE_STANDARD,
    "seven_pairs": K.SHAPE_SEVEN_PAIRS,
    "seven_pairs_distinct": K.SHAPE_SEVEN_PAIRS_DISTINCT,
    "thirteen_orphans": K.SHAPE_THIRTEEN_ORPHANS,
    "knitted": K.SHAPE_KNITTED,
    "knitted_straight": K.SHAPE_KNITTED_STRAIGHT,
    "shisanlan": K.SHAPE_SHISANLAN,
    "knitted_honor_pair": K.SHAPE_KNITTED_HONOR_PAIR,
}
DEFAULT_SHAPES = ("standard", "seven_pairs", "thirteen_orphans")
WILD_SUBSTITUTES = {"any": 0, "simples": K.SHAPE_WILD_SIMPLES}  # modifier bit of the shape mask
MAX_WILDS = 8


class _Prepared:
    __slots__ = ("counts", "n_melds", "n_wild", "pair_rule", "honor_chow", "shapes", "tiles")

    def __init__(self, counts, n_melds, n_wild, pair_rule, honor_chow, shapes, tiles):  # type: ignore[no-untyped-def]
        self.counts = counts
        self.n_melds = n_melds
        self.n_wild = n_wild
        self.pair_rule = pair_rule
        self.honor_chow = honor_chow
        self.shapes = shapes
        self.tiles = tiles  # concealed tiles incl. wilds


def _wild_kind(x: object) -> int:
    if isinstance(x, bool):
        raise ValueError(f"wild tile {x!r} is not a tile")
    if isinstance(x, int | np.integer):
        if not 0 <= int(x) < 34:
            raise ValueError(f"wild tile kind must be 0-33, got {x}")
        return int(x)
    if isinstance(x, str):
        k = kind_from_name(x)
        if k >= 34:
            raise ValueError(f"wild tile {x!r} is a flower; wild kinds must be 0-33")
        return k
    raise ValueError(f"wild tile {x!r} is not a tile name or kind")


def _prepare(
    hand: str | ArrayLike,
    melds: int,
    wilds: int,
    wild_tiles: Iterable[object] | None,
    pair_rule: str,
    honor_chows: object,
    shapes: Iterable[str],
    wild_substitutes: str = "any",
    wild_fifth_copy: bool = False,
) -> _Prepared:
    counts = as_counts(hand).astype(np.uint8)
    if isinstance(melds, bool) or not isinstance(melds, int | np.integer) or not 0 <= melds <= 5:
        raise ValueError(f"melds must be an integer 0-5 (exposed melds), got {melds!r}")
    if isinstance(wilds, bool) or not isinstance(wilds, int | np.integer) or wilds < 0:
        raise ValueError(f"wilds must be a non-negative integer, got {wilds!r}")
    n_wild = int(wilds)
    if wild_tiles is not None:
        if isinstance(wild_tiles, str | int | np.integer):
            wild_tiles = [wild_tiles]
        for k in sorted({_wild_kind(x) for x in wild_tiles}):
            n_wild += int(counts[k])
            counts[k] = 0
    if n_wild > MAX_WILDS:
        raise ValueError(f"{n_wild} wild tiles held; at most {MAX_WILDS} are supported")
    if pair_rule not in PAIR_RULES:
        raise ValueError(f"unknown pair rule {pair_rule!r}; expected one of {list(PAIR_RULES)}")
    try:
        hc = HONOR_CHOWS[honor_chows]  # type: ignore[index]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown honor_chows {honor_chows!r}; expected False, True, 'winds', 'dragons' "
            "or 'both'"
        ) from None
    if isinstance(shapes, str):
        shapes = [shapes]
    mask = 0
    for s in shapes:
        if s not in SHAPE_NAMES:
            raise ValueError(f"unknown shape {s!r}; expected some of {list(SHAPE_NAMES)}")
        mask |= SHAPE_NAMES[s]
    if mask == 0:
        raise ValueError("shapes is empty; give at least one of " + str(list(SHAPE_NAMES)))
    if not isinstance(wild_substitutes, str) or wild_substitutes not in WILD_SUBSTITUTES:
        raise ValueError(
            f"unknown wild_substitutes {wild_substitutes!r}; expected one of "
            f"{list(WILD_SUBSTITUTES)}"
        )
    mask |= WILD_SUBSTITUTES[wild_substitutes]
    if not isinstance(wild_fifth_copy, bool | np.bool_):
        raise ValueError(f"wild_fifth_copy must be True or False, got {wild_fifth_copy!r}")
    if wild_fifth_copy:
        if wild_substitutes != "any":
            raise ValueError(
                f"wild_fifth_copy=True is not played with wild_substitutes={wild_substitutes!r} "
                "(wilds standing for simples keep the four-copy limit)"
            )
        mask |= K.SHAPE_WILD_FIFTH
    tiles = int(counts.sum()) + n_wild
    if tiles % 3 == 0:
        raise ValueError(
            f"{tiles} concealed tiles (wilds included): a hand holds 3n+1 or 3n+2 tiles"
        )
    n_melds = tiles // 3
    if n_melds + melds not in (4, 5):
        raise ValueError(
            f"{tiles} concealed tiles + {melds} exposed melds: the whole hand must be "
            "13/14 tiles (4 melds + pair) or 16/17 tiles (5 melds + pair)"
        )
    return _Prepared(counts, n_melds, n_wild, PAIR_RULES[pair_rule], hc, mask, tiles)


def is_winning(
    hand: str | ArrayLike,
    *,
    melds: int = 0,
    wilds: int = 0,
    wild_tiles: Iterable[object] | None = None,
    pair_rule: PairRule = "any",
    honor_chows: HonorChows = False,
    shapes: Iterable[str] = DEFAULT_SHAPES,
    wild_substitutes: WildSubstitutes = "any",
    wild_fifth_copy: bool = False,
) -> bool:
    """True if the hand (3n+2 tiles) is complete in one of the allowed shapes.

    >>> is_winning("123m456m789m123p55s")
    True

    Raises ``ValueError`` for a bad hand or option, or a hand of 3n+1 tiles.
    """
    p = _prepare(
        hand,
        melds,
        wilds,
        wild_tiles,
        pair_rule,
        honor_chows,
        shapes,
        wild_substitutes,
        wild_fifth_copy,
    )
    if p.tiles % 3 != 2:
        raise ValueError(f"{p.tiles} concealed tiles: a complete hand holds 3n+2 (14 or 17)")
    from mjsim.kernels.shanten import is_win

    return bool(is_win(p.counts, p.n_melds, p.n_wild, p.pair_rule, p.honor_chow, p.shapes))


def shanten(
    hand: str | ArrayLike,
    *,
    melds: int = 0,
    wilds: int = 0,
    wild_tiles: Iterable[object] | None = None,
    pair_rule: PairRule = "any",
    honor_chows: HonorChows = False,
    shapes: Iterable[str] = DEFAULT_SHAPES,
    wild_substitutes: WildSubstitutes = "any",
    wild_fifth_copy: bool = False,
) -> int:
    """Shanten (-1 complete, 0 ready, k: k more useful tiles needed), min over ``shapes``.

    Accepts 3n+1 and 3n+2-tile hands. Exact, including the four-copy limit; without wilds and
    with ``shapes=("standard", "seven_pairs_distinct", "thirteen_orphans")`` it equals the
    ``mahjong`` package's ``Shanten().calculate_shanten``.

    >>> shanten("123m456m789m123p5s")
    0
    """
    p = _prepare(
        hand,
        melds,
        wilds,
        wild_tiles,
        pair_rule,
        honor_chows,
        shapes,
        wild_substitutes,
        wild_fifth_copy,
    )
    from mjsim.kernels.shanten import shanten as _shanten

    return int(_shanten(p.counts, p.n_melds, p.n_wild, p.pair_rule, p.honor_chow, p.shapes))


def waits(
    hand: str | ArrayLike,
    *,
    melds: int = 0,
    wilds: int = 0,
    wild_tiles: Iterable[object] | None = None,
    pair_rule: PairRule = "any",
    honor_chows: HonorChows = False,
    shapes: Iterable[str] = DEFAULT_SHAPES,
    wild_substitutes: WildSubstitutes = "any",
    wild_fifth_copy: bool = False,
    visible: str | ArrayLike | None = None,
    detail: bool = False,
) -> list[str] | dict[str, object]:
    """Tiles that complete a 3n+1-tile hand, in mpsz names (``["1m", "4m"]``), kind order.

    The plain list holds only drawable tiles (the hand holds fewer than 4). With
    ``detail=True`` returns ``{"waits": [...], "exhausted": [...], "live": int}``:
    ``exhausted`` = tiles held 4 times whose fifth copy would complete the hand;
    ``live`` = unseen copies of the waits, ``4 - own - visible`` summed (``visible``: tiles
    seen outside the hand, same formats as ``hand``; default none; hand + visible may hold at
    most 4 copies of a kind: ``melds`` is a count, so tiles of exposed melds belong in
    ``visible``). Wild tiles complete
    any ready hand and are not listed unless a natural copy also completes it.

    >>> waits("1112345678999m")
    ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']

    Raises ``ValueError`` for a bad hand or option, a hand of 3n+2 tiles, or (``detail=True``)
    a fifth copy of a kind counting the hand and ``visible``.
    """
    p = _prepare(
        hand,
        melds,
        wilds,
        wild_tiles,
        pair_rule,
        honor_chows,
        shapes,
        wild_substitutes,
        wild_fifth_copy,
    )
    if p.tiles % 3 != 1:
        raise ValueError(f"{p.tiles} concealed tiles: waits need a 3n+1-tile hand (13 or 16)")
    from mjsim.kernels.waits import live_wait_count, waits_detail

    kinds = np.zeros(34, dtype=np.bool_)
    ex = np.zeros(34, dtype=np.bool_)
    waits_detail(p.counts, p.n_melds, p.n_wild, p.pair_rule, p.honor_chow, p.shapes, kinds, ex)
    names = [MPSZ_NAMES[k] for k in np.flatnonzero(kinds)]
    if not detail:
        return names
    vis = np.zeros(34, dtype=np.uint8) if visible is None else as_counts(visible)
    # copies of a wild kind in the hand were removed from counts: they are not live either
    own = as_counts(hand)
    check_copies_in(own, "in hand", vis, "visible", MPSZ_NAMES.__getitem__)
    vis = np.minimum(vis.astype(np.int64) + own - p.counts, 4).astype(np.uint8)
    live = live_wait_count(p.counts, p.n_melds, p.n_wild, p.pair_rule, p.honor_chow, p.shapes, vis)
    return {
        "waits": names,
        "exhausted": [MPSZ_NAMES[k] for k in np.flatnonzero(ex)],
        "live": int(live),
    }
