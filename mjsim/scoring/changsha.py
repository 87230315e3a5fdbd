"""Changsha 长沙麻将 win classification (小胡 / 大胡), payments and birds (扎鸟): ``changsha``.

Spec: the Changsha rules (docs/variants/changsha.md). Rule texts: the compilation (clean copy of
全国各地麻将玩法总汇, quoted with Kangxi radicals mapped back) and the 麻将规则 collection.

Passages implemented here:

- small win: "长沙麻将需要二、五、八做将"; "2 、 5 、 8 作将，其余成刻子或顺子，即可胡牌";
- opening-hand small wins (``changsha_opening_wins``): 四喜 "玩家手上已有四张一样的牌"; 板板胡
  "玩家手上没有一张 2 、 5 、 8 （将牌）"; 缺一色 "玩家手上筒、索、万任缺一门"; 六六顺 "玩家手上已有
  2 个刻子"; each "等同小胡自摸";
- big wins: 天胡 "庄家起牌后，即已经胡牌"; 地胡 "当庄家打出第一张牌时，给闲家点炮"; 碰碰胡 "乱将，
  可碰，可杠，可自摸"; 将将胡 "玩家手上每一张牌都为 2 、"; 清一色 "乱将，有筒、索、万三种。"; 海底捞月
  "海底胡牌，为大胡，需要将（将的种类根据当前牌型决定）"; 海底炮; 七小对 "手上任意七对牌"; 杠上开花,
  抢杠胡, 杠上炮 ("如果有其他玩家胡了打出的该补张牌则算杠上炮，属大胡");
- combination: "小胡和小胡之间能组合累计（如四喜 + 六六顺），小胡和大胡之间按照大胡计算，大胡之间可以
  累计计算（算加法）如：小七对＋天胡";
- payments (``changsha_win_payments``): "闲家自摸，庄家输 20 分，闲家输 10 分"; "如果点炮方为庄家，则
  庄家多输 10 分，如果捉炮方为庄家，点炮的闲家多输 10 分"; "闲家自摸，庄家输 40 分，闲家输 30 分";
  "点炮方输 60 分";
- birds (``changsha_bird_seat``, ``changsha_bird_hits``): "玩家胡牌后，再摸紧跟着的牌即为鸟";
  "一表示庄家，二表示下家，三为对家，四为上家，依此类推"; "鸟如果扎在胡牌方或点炮方，即为中鸟，点炮
  人出双倍分数"; "自摸时，鸟如果扎在胡牌方，即所有玩家给双倍分数；如果扎在别的玩家，只此一玩家给双倍
  分数".

The hand value (:func:`changsha_value`) is ``k`` = the number of big wins if there is any, else the
number of small wins; :func:`changsha_is_big` tells which. Payment per payer =
``k * unit + dealer bonus`` (units: small self-draw 10, small discard 10, big self-draw 30, big
discard 60; dealer bonus 10 when the dealer is the winner or that payer), times the bird factor.

Ambiguities (default first, alternative as a ``params`` option):

- combination money: add units, dealer bonus once (``COMBINE_ADD``) or multiply the table
  entry by ``k`` (``COMBINE_MULTIPLY``).
- 将将胡 needs no 4-melds + pair shape (``P_JIANGJIANG_SHAPE`` = 0; 1 = shape required).
- Changsha rules extras (not in the Changsha rule text's big-win list, so off by default): ``P_LUXURY_PAIRS`` = 1 makes 豪华七对
  (seven pairs with four identical tiles) count one more big win ("超大和"); ``P_ALL_MELDED``
  = 1 makes 全求人 (all melded, single wait on the pair) a big win ([rec] Changsha rules).
- multiple birds (common 扎N鸟 tables): a payer's factor is ``1 + hits``, where hits
  = birds on the winner plus birds on that payer (one bird: ×2, the rule text's "双倍"); the other
  reading (``bird_doubling``, RuleSpec ``bird_rule="rank_seat_doubling"``): ``2 ** hits``.
- 豪华七对 levels (RuleSpec ``luxury_levels``, context bit ``OPT_LUXURY_LEVELS`` of
  ``flags[F_CS_OPTIONS]``): with ``P_LUXURY_PAIRS`` on, each four of a kind in 七小对 is one more
  big win (豪华 +1, 双豪华 +2, 三豪华 +3) instead of one more however many.
- 三同 (RuleSpec ``opening_same_rank_pairs``, ``same_rank`` of :func:`changsha_opening_wins`):
  a pair of one rank in each of the three suits is one more opening small win (per such rank).
- opening wins (INFERRED counting): 四喜 counts once per kind held four times; 六六顺 counts once
  per two kinds held three or more times.
- 杠上开花 needs the dice kong: the engine sets ``F_KONG_REPLACEMENT`` only for a 杠 replacement,
  never for a 补张 ("没掷骰子补张可胡牌，算作自摸；按照当时牌型计算").
- 海底炮 money: the taker of the 海底 is the discarder (big discard) — the engine passes it as
  ``discarder``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
from numba import njit

from mjsim._jit import internal
from mjsim.kernels.special import seven_pairs_quads
from mjsim.melds import MELD_CHOW, MELD_CONCEALED_KONG, MELD_NONE
from mjsim.scoring.api import WinInput, register_scorer
from mjsim.scoring.context import (
    F_AFTER_KONG_DISCARD,
    F_EARTHLY,
    F_HEAVENLY,
    F_KONG_REPLACEMENT,
    F_LAST_WALL_TILE,
    F_ROBBING_KONG,
    F_SELF_DRAWN,
)
from mjsim.scoring.melds_parse import meld_counts
from mjsim.scoring.result import ScoreResult
from mjsim.scoring.settlement import (
    PAIR_258,
    PAIR_ANY,
    hand_totals,
    standard_shape,
    suit_mask,
    transfer,
)
from mjsim.tiles import as_counts, check_copies_in, parse_tiles

# ---- params: int64[N_PARAMS] ----
P_COMBINE = 0  # COMBINE_ADD | COMBINE_MULTIPLY
P_JIANGJIANG_SHAPE = 1  # 1 = 将将胡 needs melds + pair
P_LUXURY_PAIRS = 2  # 1 = 豪华七对 counts as one more big win
P_ALL_MELDED = 3  # 1 = 全求人 is a big win
P_UNIT_SMALL_SELF = 4  # 10
P_UNIT_SMALL_DISCARD = 5  # 10
P_UNIT_BIG_SELF = 6  # 30
P_UNIT_BIG_DISCARD = 7  # 60
P_DEALER_BONUS = 8  # 10
N_PARAMS = 9

COMBINE_ADD = 0
COMBINE_MULTIPLY = 1

#: win-context slot of the changsha reading bits (the family slot 19, written by the engine's
#: ``variant_flags`` from the RuleSpec; ``mjsim.score`` from its keywords)
F_CS_OPTIONS = 19
OPT_LUXURY_LEVELS = 1  # each four of a kind in 七小对 is one more big win (双豪华 / 三豪华)

ERR_NOT_COMPLETE = -1

# ---- item table: (id, English, Chinese, wins counted, big) ----
SMALL_WIN = 0
FOUR_BLESSINGS = 1
NO_258 = 2
MISSING_SUIT = 3
TWO_PUNGS = 4
ALL_PUNGS = 5
ALL_258 = 6
FULL_FLUSH = 7
SEABED_DRAW = 8
SEABED_DISCARD = 9
SEVEN_PAIRS = 10
KONG_FLOWER = 11
ROBBING_KONG = 12
KONG_DISCARD = 13
HEAVENLY = 14
EARTHLY = 15
LUXURY_SEVEN_PAIRS = 16
ALL_MELDED = 17
SAME_RANK_PAIRS = 18
N_ITEMS = 19

CHANGSHA_ITEMS = (
    (SMALL_WIN, "Small win (2-5-8 pair)", "小胡", 1, False),
    (FOUR_BLESSINGS, "Opening: four identical tiles", "四喜", 1, False),
    (NO_258, "Opening: no 2, 5 or 8", "板板胡", 1, False),
    (MISSING_SUIT, "Opening: a suit missing", "缺一色", 1, False),
    (TWO_PUNGS, "Opening: two pungs", "六六顺", 1, False),
    (ALL_PUNGS, "All pungs", "碰碰胡", 1, True),
    (ALL_258, "All 2-5-8", "将将胡", 1, True),
    (FULL_FLUSH, "Full flush", "清一色", 1, True),
    (SEABED_DRAW, "Self-draw of the seabed tile", "海底捞月", 1, True),
    (SEABED_DISCARD, "Win on the seabed tile", "海底炮", 1, True),
    (SEVEN_PAIRS, "Seven pairs", "七小对", 1, True),
    (KONG_FLOWER, "Win on a kong replacement", "杠上开花", 1, True),
    (ROBBING_KONG, "Robbing a kong", "抢杠胡", 1, True),
    (KONG_DISCARD, "Win on the kong replacement discard", "杠上炮", 1, True),
    (HEAVENLY, "Heavenly hand", "天胡", 1, True),
    (EARTHLY, "Earthly hand", "地胡", 1, True),
    (LUXURY_SEVEN_PAIRS, "Luxury seven pairs (option)", "豪华七对", 1, True),
    (ALL_MELDED, "All melded (option)", "全求人", 1, True),
    (SAME_RANK_PAIRS, "Opening: a pair of one rank in each suit (option)", "三同", 1, False),
)

ITEM_BIG = np.array([row[4] for row in CHANGSHA_ITEMS], dtype=np.bool_)


#: ``score_values`` index of the opening-hand small wins switch (``RuleSpec.score_values`` =
#: :func:`default_params` then this switch; 1 = declared after the deal,
#: :mod:`mjsim.engine.hooks_changsha`)
CS_OPENING = 9


def default_params(**overrides: int) -> np.ndarray:
    """The default Changsha options as ``int64[N_PARAMS]``; keywords = lower-case ``P_*`` names
    without the prefix (``combine=COMBINE_MULTIPLY``, ``jiangjiang_shape=1``,
    ``luxury_pairs=1``, ``all_melded=1``, ``unit_big_discard=60``, ...). Raises ``ValueError`` for
    an unknown option."""
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_UNIT_SMALL_SELF] = 10
    p[P_UNIT_SMALL_DISCARD] = 10
    p[P_UNIT_BIG_SELF] = 30
    p[P_UNIT_BIG_DISCARD] = 60
    p[P_DEALER_BONUS] = 10
    names = {k[2:].lower(): v for k, v in globals().items() if k.startswith("P_")}
    for key, value in overrides.items():
        if key not in names:
            raise ValueError(f"unknown changsha option {key!r}; valid: {sorted(names)}")
        p[names[key]] = int(value)
    return p


@njit(cache=True)
def _is_258(kind):
    return kind < 27 and kind % 9 in (1, 4, 7)


@njit(cache=True)
def changsha_is_big(items):
    """True if ``items`` (int32[N_ITEMS]) holds any big win."""
    for i in range(N_ITEMS):
        if items[i] > 0 and ITEM_BIG[i]:
            return True
    return False


@njit(cache=True)
def changsha_value(concealed, melds, win_tile, flags, params, items):
    """Classify a Changsha win and count it: ``k`` big wins, or ``k`` small wins if none is big.

    Args:
        concealed: uint8[34] concealed tiles incl. the winning tile (suits only).
        melds: int8[MAX_MELDS, 3] rows ``(meld_type, tile, source)``.
        win_tile: kind of the winning tile (part of the common signature).
        flags: int64[N_FLAGS]; reads F_SELF_DRAWN, F_LAST_WALL_TILE, F_KONG_REPLACEMENT (dice 杠
            only), F_AFTER_KONG_DISCARD, F_ROBBING_KONG, F_HEAVENLY, F_EARTHLY and the reading
            bits ``F_CS_OPTIONS`` (``OPT_LUXURY_LEVELS``).
        params: int64[N_PARAMS] (:func:`default_params`).
        items: int32[N_ITEMS] out, the count of each item of :data:`CHANGSHA_ITEMS`.

    Returns ``k`` >= 1 (see :func:`changsha_is_big` for the class), or ERR_NOT_COMPLETE (-1): not a
    complete hand (a small win needs the 2-5-8 pair; big shapes allow any pair).
    """
    for i in range(items.shape[0]):
        items[i] = 0
    totals = np.zeros(34, np.int64)
    n_melds = hand_totals(concealed, melds, totals)
    mask = suit_mask(totals)
    if mask & 8:
        return ERR_NOT_COMPLETE
    melds_no_chow = True
    all_exposed = True
    for m in range(melds.shape[0]):
        t = melds[m, 0]
        if t == MELD_CHOW:
            melds_no_chow = False
        if t == MELD_CONCEALED_KONG:
            all_exposed = False
    small = standard_shape(concealed, PAIR_258)
    shape = standard_shape(concealed, PAIR_ANY)
    quads = -1
    if n_melds == 0:
        quads = seven_pairs_quads(concealed, 0)
    all258 = True
    for i in range(34):
        if totals[i] > 0 and not _is_258(i):
            all258 = False
    if all258 and params[P_JIANGJIANG_SHAPE] != 0 and (shape & 1) == 0:
        all258 = False
    complete = (shape & 1) != 0 or quads >= 0
    if (shape & 2) and melds_no_chow:
        items[ALL_PUNGS] = 1
    if all258:
        items[ALL_258] = 1
    if complete and (mask == 1 or mask == 2 or mask == 4):
        items[FULL_FLUSH] = 1
    if quads >= 0:
        items[SEVEN_PAIRS] = 1
        if quads > 0 and params[P_LUXURY_PAIRS] != 0:
            # 豪华七对 one more big win; with the levels reading one per four (双豪华, 三豪华)
            items[LUXURY_SEVEN_PAIRS] = quads if (flags[F_CS_OPTIONS] & OPT_LUXURY_LEVELS) else 1
    if params[P_ALL_MELDED] != 0 and n_melds == 4 and all_exposed and (shape & 1):
        items[ALL_MELDED] = 1
    n_shape_big = 0
    for i in range(N_ITEMS):
        n_shape_big += items[i]
    if n_shape_big == 0 and (small & 1) == 0:
        return ERR_NOT_COMPLETE
    self_drawn = flags[F_SELF_DRAWN] != 0
    if flags[F_LAST_WALL_TILE] != 0:
        if self_drawn:
            items[SEABED_DRAW] = 1
        else:
            items[SEABED_DISCARD] = 1
    if flags[F_KONG_REPLACEMENT] != 0 and self_drawn:
        items[KONG_FLOWER] = 1
    if flags[F_ROBBING_KONG] != 0 and not self_drawn:
        items[ROBBING_KONG] = 1
    if flags[F_AFTER_KONG_DISCARD] != 0 and not self_drawn:
        items[KONG_DISCARD] = 1
    if flags[F_HEAVENLY] != 0:
        items[HEAVENLY] = 1
    if flags[F_EARTHLY] != 0:
        items[EARTHLY] = 1
    k = 0
    for i in range(N_ITEMS):
        if ITEM_BIG[i]:
            k += items[i]
    if k > 0:
        return k
    items[SMALL_WIN] = 1
    return 1


@internal
def changsha_hand_value(concealed, melds, win_tile, flags, table, items):
    """``k`` small or big wins (``changsha_value``), 0 when the hand is not a Changsha win."""
    k = changsha_value(concealed[:34], melds, win_tile, flags, table, items)
    if k < 0:
        for i in range(items.shape[0]):
            items[i] = 0
        return 0
    return k


@njit(cache=True)
def changsha_opening_wins(dealt, items, same_rank=False):
    """Opening-hand small wins (起手小胡) of a dealt hand; returns their number ``k``.

    ``dealt``: uint8[34] (13 or 14 tiles). Fills ``items`` (int32[N_ITEMS]) with 四喜 (one per
    kind held four times), 板板胡 (no 2, 5 or 8), 缺一色 (a suit missing), 六六顺 (one per two kinds
    held three or more times) and, with ``same_rank`` (RuleSpec ``opening_same_rank_pairs``),
    三同 (one per rank held at least twice in each of the three suits). Each is paid as a small
    self-draw.
    """
    for i in range(items.shape[0]):
        items[i] = 0
    n3 = 0
    any258 = False
    mask = 0
    for i in range(27):
        n = dealt[i]
        if n == 4:
            items[FOUR_BLESSINGS] += 1
        if n >= 3:
            n3 += 1
        if n > 0:
            mask |= 1 << (i // 9)
            if _is_258(i):
                any258 = True
    if not any258:
        items[NO_258] = 1
    if mask != 7:
        items[MISSING_SUIT] = 1
    items[TWO_PUNGS] = n3 // 2
    if same_rank:
        for r in range(9):
            if dealt[r] >= 2 and dealt[9 + r] >= 2 and dealt[18 + r] >= 2:
                items[SAME_RANK_PAIRS] += 1
    return (
        items[FOUR_BLESSINGS]
        + items[NO_258]
        + items[MISSING_SUIT]
        + items[TWO_PUNGS]
        + items[SAME_RANK_PAIRS]
    )


@njit(cache=True)
def changsha_bird_seat(bird_tile, dealer):
    """Seat hit by a bird tile: rank r counted from the dealer, ``(dealer + r - 1) % 4``.

    Source: 全国各地麻将玩法总汇 "一表示庄家，二表示下家，三为对家，四为上家，依此类推".
    """
    return (dealer + bird_tile % 9) % 4


@njit(cache=True)
def changsha_bird_hits(bird_tiles, dealer, out):
    """Count birds per seat: ``out`` (int64[4]) += hits for each kind in ``bird_tiles``."""
    for i in range(bird_tiles.shape[0]):
        out[changsha_bird_seat(bird_tiles[i], dealer)] += 1


@njit(cache=True)
def changsha_win_payments(
    k, big, winner, discarder, dealer, bird_hits, params, out, doubling=False
):
    """Payments of one Changsha win (or of ``k`` opening small wins), added to ``out``.

    Args:
        k: :func:`changsha_value` (or :func:`changsha_opening_wins`) result.
        big: :func:`changsha_is_big` (False for opening wins).
        winner, dealer: absolute seats; discarder: seat, or -1 for a self-draw (opening wins are
            self-draws; 海底炮: the 海底 taker).
        bird_hits: int64[4], birds per seat (:func:`changsha_bird_hits`); zeros without birds.
        params: int64[N_PARAMS]; out: int64[4] deltas.
        doubling: each bird doubles (``2 ** hits``; RuleSpec ``bird_rule="rank_seat_doubling"``)
            instead of adding one share (``1 + hits``).

    Per payer: ``k * unit + bonus`` (``COMBINE_ADD``) or ``k * (unit + bonus)``
    (``COMBINE_MULTIPLY``), bonus = ``P_DEALER_BONUS`` when the dealer is the winner or the payer;
    times ``1 + hits`` (or ``2 ** hits``), hits = birds on the winner + birds on the payer (a
    discard win: only the discarder pays). Returns the winner's income.
    """
    if discarder >= 0:
        unit = params[P_UNIT_BIG_DISCARD] if big else params[P_UNIT_SMALL_DISCARD]
    else:
        unit = params[P_UNIT_BIG_SELF] if big else params[P_UNIT_SMALL_SELF]
    got = 0
    for p in range(4):
        if p == winner or (discarder >= 0 and p != discarder):
            continue
        bonus = params[P_DEALER_BONUS] if (p == dealer or winner == dealer) else 0
        if params[P_COMBINE] == COMBINE_MULTIPLY:
            amount = k * (unit + bonus)
        else:
            amount = k * unit + bonus
        hits = bird_hits[winner] + bird_hits[p]
        amount *= (1 << hits) if doubling else 1 + hits
        transfer(out, p, winner, amount)
        got += amount
    return got


# --------------------------------------------------------------------------------------------
# mjsim.score adapter and the opening-hand scorer
# --------------------------------------------------------------------------------------------

_SITUATION_KEYWORDS = (
    "birds",
    "heavenly",
    "earthly",
    "after_kong_discard",
    "bird_rule",
    "luxury_levels",
)
#: ``bird_rule`` keyword -> doubling per bird (RuleSpec ``bird_rule`` of the changsha family)
BIRD_RULES = {"rank_seat": False, "rank_seat_doubling": True}


def _bird_doubling(rule: object) -> bool:
    if not isinstance(rule, str) or rule not in BIRD_RULES:
        raise ValueError(f"bird_rule={rule!r} is not one of {sorted(BIRD_RULES)}")
    return BIRD_RULES[rule]


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool | np.bool_ | int) or value not in (0, 1):
        raise ValueError(f"{name}={value!r} must be True or False")
    return bool(value)


def _bird_hits(
    birds: Iterable[str | int], dealer: int, held: np.ndarray | None = None
) -> np.ndarray:
    """Birds per seat; ``held`` (counts[>=34]: the hand, win tile and melds) + the birds may
    hold at most 4 copies of a kind (the birds are drawn from the wall after the win)."""
    kinds: list[int] = []
    for b in [birds] if isinstance(birds, str) else birds:
        if isinstance(b, str):
            kinds.extend(parse_tiles(b, flowers=False))
        elif isinstance(b, int | np.integer) and not isinstance(b, bool) and 0 <= b < 27:
            kinds.append(int(b))
        else:
            raise ValueError(f"birds must be suited tiles ('6s' or kinds 0-26), got {b!r}")
    if any(k >= 27 for k in kinds):
        raise ValueError(f"birds must be suited tiles (Changsha has no honours), got {birds!r}")
    n_birds = np.bincount(np.array(kinds, np.int64), minlength=34)
    in_hand = np.zeros(34, np.int64) if held is None else held
    check_copies_in(n_birds, "bird(s)", in_hand, "in hand and melds")
    hits = np.zeros(4, np.int64)
    changsha_bird_hits(np.array(kinds, np.int64), dealer, hits)
    return hits


def _result(k: int, items: np.ndarray, out: np.ndarray, big: bool) -> ScoreResult:
    rows = [(i, en, zh, 1, int(items[i])) for i, en, zh, _v, _b in CHANGSHA_ITEMS if items[i] > 0]
    return ScoreResult(
        variant="changsha",
        total=k,
        items=rows,
        valid=True,
        payments=[int(x) for x in out],
        unit="big wins" if big else "small wins",
        qualifying_total=k,
    )


def score_changsha(win: WinInput, **variant_context: Any) -> ScoreResult:
    """Adapter of :func:`mjsim.score` for ``changsha``.

    Variant keywords:

    - ``birds``: the bird tiles drawn after the win (扎鸟), e.g. ``["6s"]`` or ``"6s"``; default
      none (after a 海底 win the bird is the 海底 tile itself — pass it);
    - ``heavenly`` (天胡: the dealer's dealt hand), ``earthly`` (地胡: a non-dealer wins the
      dealer's first discard), ``after_kong_discard`` (杠上炮);
    - ``bird_rule``: ``"rank_seat"`` (default: each payer pays x (1 + hits)) or
      ``"rank_seat_doubling"`` (x 2 ** hits), hits = birds on the winner + birds on the payer
      (RuleSpec ``bird_rule``);
    - ``luxury_levels``: with ``luxury_pairs=1``, each four of a kind in 七小对 is one more big
      win (双豪华 / 三豪华; RuleSpec ``luxury_levels``), default False;
    - options of :func:`default_params` (``combine``, ``jiangjiang_shape``, ``luxury_pairs``,
      ``all_melded``, ``unit_small_self``, ``unit_small_discard``, ``unit_big_self``,
      ``unit_big_discard``, ``dealer_bonus``).

    ``total`` = ``k``, the number of big wins (``unit == "big wins"``) or of small wins.
    ``last_wall_tile`` marks 海底捞月 (self-draw) or 海底炮 (discard: the 海底 taker is the
    ``discarder``); ``kong_replacement`` marks 杠上开花 (a dice 杠, not a 补张).

    Raises:
        ValueError: honour tiles (108 tiles), not a winning hand (a small win needs a 2-5-8
            pair), 天胡 / 地胡 inconsistent with the seats, contradictory circumstances
            (:func:`mjsim.scoring.win_checks.check_scored_win`: 杠上开花 on the 海底 tile, "此局无
            海底牌"; 杠上炮 on a self-draw or with 海底炮; ...), an unknown keyword, a fifth copy
            of a kind counting the birds, the hand (with the win tile) and the melds.
    """
    ctx = dict(variant_context)
    held = win.concealed[:34].astype(np.int64) + meld_counts(win.melds)[:34]
    if win.flags[F_LAST_WALL_TILE]:
        held[win.win_tile] -= 1  # after a 海底 win the bird is the 海底 tile itself
    hits = _bird_hits(ctx.pop("birds", ()), win.dealer, held)
    heavenly = bool(ctx.pop("heavenly", False))
    earthly = bool(ctx.pop("earthly", False))
    after_kong = bool(ctx.pop("after_kong_discard", False))
    doubling = _bird_doubling(ctx.pop("bird_rule", "rank_seat"))
    levels = _flag("luxury_levels", ctx.pop("luxury_levels", False))
    try:
        params = default_params(**ctx)
    except ValueError as exc:
        raise ValueError(f"{exc}; or one of {list(_SITUATION_KEYWORDS)}") from None
    if win.concealed[27:].any() or any(
        int(t) != MELD_NONE and int(k) >= 27 for t, k, _s in win.melds
    ):
        raise ValueError("changsha uses the 108 suited tiles only (no honours)")
    from mjsim.scoring.win_checks import check_scored_win

    check_scored_win(win, heavenly=heavenly, earthly=earthly, after_kong_discard=after_kong)
    # Changsha's 地胡 is narrower than the shared reading: a win on the dealer's first discard
    if earthly and (win.self_drawn or win.discarder != win.dealer):
        raise ValueError("earthly (地胡) is a non-dealer's win on the dealer's first discard")
    flags = win.flags.copy()
    flags[F_HEAVENLY] = int(heavenly)
    flags[F_EARTHLY] = int(earthly)
    flags[F_AFTER_KONG_DISCARD] = int(after_kong)
    flags[F_CS_OPTIONS] = OPT_LUXURY_LEVELS if levels else 0
    items = np.zeros(N_ITEMS, np.int32)
    k = int(changsha_value(win.concealed, win.melds, win.win_tile, flags, params, items))
    if k < 0:
        raise ValueError(
            "changsha: not a winning hand (a small win needs 4 melds + a 2/5/8 pair; 碰碰胡, "
            "将将胡, 清一色 and 七小对 allow any pair)"
        )
    big = bool(changsha_is_big(items))
    out = np.zeros(4, np.int64)
    changsha_win_payments(k, big, win.seat, win.discarder, win.dealer, hits, params, out, doubling)
    return _result(k, items, out, big)


def score_opening_hand(
    hand: str | Sequence[int] | np.ndarray,
    *,
    seat: int = 0,
    dealer: int = 0,
    birds: Iterable[str | int] = (),
    same_rank_pairs: bool = False,
    bird_rule: str = "rank_seat",
    **options: int,
) -> ScoreResult:
    """Score the opening-hand small wins (起手小胡) of a dealt hand, paid as small self-draws.

    Args:
        hand: the dealt tiles, 14 for the dealer, 13 otherwise (any :mod:`mjsim.tiles` notation).
        seat, dealer: absolute seats.
        birds: bird tiles, as in :func:`score_changsha`.
        same_rank_pairs: 三同 (a pair of one rank in each suit) is one more opening small win
            (RuleSpec ``opening_same_rank_pairs``).
        bird_rule: ``"rank_seat"`` or ``"rank_seat_doubling"``, as in :func:`score_changsha`.
        options: :func:`default_params` keywords.

    Returns a :class:`ScoreResult` with ``total`` = the number of opening small wins (0: none,
    all payments 0, ``valid`` False).

    Raises:
        ValueError: a bad tile, a fifth copy, honours, a hand of the wrong size for the seat.
    """
    counts = as_counts(hand)
    need = 14 if seat == dealer else 13
    if int(counts.sum()) != need:
        raise ValueError(f"a dealt hand holds {need} tiles for this seat, got {int(counts.sum())}")
    if counts[27:].any():
        raise ValueError("changsha uses the 108 suited tiles only (no honours)")
    params = default_params(**options)
    same = _flag("same_rank_pairs", same_rank_pairs)
    doubling = _bird_doubling(bird_rule)
    items = np.zeros(N_ITEMS, np.int32)
    k = int(changsha_opening_wins(counts, items, same))
    out = np.zeros(4, np.int64)
    if k > 0:
        hits = _bird_hits(birds, dealer, counts)
        changsha_win_payments(k, False, seat, -1, dealer, hits, params, out, doubling)
    res = _result(k, items, out, False)
    return res if k > 0 else replace(res, valid=False)


register_scorer("changsha", score_changsha)
