"""Sichuan 四川麻将 hand value (成都计番) and settlement: ``sichuan``, ``chengdu``, ``sichuan_xuezhan``.

The game loop and :func:`mjsim.score` value a Sichuan win by the family's fan table
(:mod:`mjsim.scoring.tables.sichuan`) and pay it by its payment record; the hand-written scorer
here (:func:`sichuan_value`, :func:`sichuan_win_payments`, :func:`sichuan_best_wait`,
:func:`sichuan_draw_settlement`) is their test oracle (:mod:`mjsim.scoring.differential`). The
kong payments (刮风下雨), 呼叫转移 and the drawn-hand money (:func:`sichuan_draw_payments`) are
the engine's Sichuan hooks (:mod:`mjsim.engine.hooks_sichuan`).

Spec: the Sichuan rules (docs/variants/sichuan.md). Rule text: the compilation (clean copy of the
compilation 全国各地麻将玩法总汇) and the 麻将规则 collection. ``chengdu`` is the same rules under its own name
("成都计番"); ``sichuan_xuezhan`` differs only in the engine's end-of-hand flow.

Passages implemented here:

- a win must lack a suit: "必须缺门可胡，即胡牌的时候不能有三种花色的牌"; with 定缺 the hand
  holds no tile of the declared suit ("手上不能留定缺花色的牌");
- 刮风下雨, immediate kong payments (``sichuan_kong_payment``): "承包制：玩家直杠时，只收取点杠
  (引杠)玩家2倍基础分"; "家家有：玩家直杠时，在收取点杠(引杠)玩家2倍基础分的情况下，同时收取其他未胡
  玩家1倍基础分"; "面下杠时立刻收取其他未胡者1倍点数"; "下雨立刻收取其他未胡者2倍点数"; a robbed added
  kong pays nothing: "玩家面下杠时，他家可以抢杠而胡，刮风下雨无效";
- 自摸加底 (``P_SELF_DRAW_BONUS = SELF_DRAW_ADD_BASE``): "自摸加底：玩家自摸时额外收取其他未胡玩家1倍
  基础分";
- 呼叫转移 (``sichuan_call_transfer``): "呼叫转移：即某玩家杠牌后打出的牌其他玩家可以胡，那么该
  玩家的刮风下雨所得则转移给胡牌玩家";
- draw settlement (``sichuan_draw_settlement``): "手上拿着3门牌的玩家为花猪，花猪赔给非花猪玩家16
  倍点数"; "没听牌的玩家（花猪不用）赔给听牌的玩家最大的可能番（大叫），并退回所有刮风下雨所得"; and
  "如果流局的时候玩家还没有叫牌，则必须退回全部刮风下雨所得".

The fan table is NOT in the rule texts ("成都计番" is only named); it is the public Chengdu table of
Sichuan rules (平胡 0, 对对胡 1, 清一色 2, 七对 2, 龙七对 3, 根 +1 each, 金钩钓, 杠上开花 / 杠上炮 / 抢杠胡 /
海底 +1, cap 3). Payment = ``b * 2 ** fan``.

Ambiguities (default first, alternative as a ``params`` option):

- fan table from public sources: every value is a constant of :data:`SICHUAN_ITEMS`; 金钩钓's
  value is ``params[P_GOLDEN_HOOK]`` (1, added to 对对胡's 1 = 2 in total like the public
  ``FAN_SCORE_MAP``; some tables use 2).
- 呼叫转移 scope: all of the konger's kong income this hand (``TRANSFER_ALL``, literal, and
  [public] "需将自己所有的杠牌所得转给被点炮的玩家") or only the kong just made
  (``TRANSFER_LAST_KONG``). Several winners split it equally, the remainder to the winner nearest
  the konger in turn order.
- 自摸加底 (+1 b from each payer, ``SELF_DRAW_ADD_BASE``, default) vs 自摸加番 (+1 fan,
  ``SELF_DRAW_ADD_FAN``).
- 查大叫 value: the best win over the ready hand's waits as a discard win with shape fans and
  根 only (no situational fan), capped (``P_DAJIAO_CAPPED`` = 1; 0 = uncapped).
- cap: ``P_CAP`` = 3 fan (×8); negative = no cap.
- exposed-kong payment: 承包制 (``KONG_DISCARDER_ONLY``, default) or 家家有
  (``KONG_EVERYONE``).
- 花猪 under 定缺 (INFERRED): a player still holding a tile of its declared void suit is a 花猪 (it
  cannot win either); without 定缺, one holding all three suits. Penalty ``P_PIG_PENALTY`` = 16 b.
- waits for 查大叫 exclude a kind the player holds all four of (INFERRED).

Variant flag (``flags`` index 19, see :mod:`mjsim.scoring.context`): ``F_MISSING_SUIT`` = the
declared void suit (0 = m, 1 = p, 2 = s) or -1 without 定缺.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from mjsim._stack import stack_empty
from mjsim.kernels.special import seven_pairs_quads
from mjsim.melds import (
    MAX_MELDS,
    MELD_ADDED_KONG,
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_KONG,
    MELD_NONE,
)
from mjsim.scoring.api import WinInput, register_scorer
from mjsim.scoring.context import (
    F_AFTER_KONG_DISCARD,
    F_KONG_REPLACEMENT,
    F_LAST_WALL_TILE,
    F_ROBBING_KONG,
    F_SELF_DRAWN,
    N_FLAGS,
)
from mjsim.scoring.result import ScoreResult
from mjsim.scoring.settlement import (
    PAIR_ANY,
    doubling,
    hand_totals,
    kong_transfers,
    refund_ledger,
    split_by_turn,
    standard_shape,
    suit_mask,
    transfer,
    win_transfers,
)

# variant-specific flag index (context.py reserves 19..23)
F_MISSING_SUIT = 19

# ---- params: int64[N_PARAMS] ----
P_CAP = 0  # fan cap (封顶); < 0 = none
P_SELF_DRAW_BONUS = 1  # SELF_DRAW_ADD_BASE | SELF_DRAW_ADD_FAN
P_EXPOSED_KONG = 2  # KONG_DISCARDER_ONLY | KONG_EVERYONE
P_GOLDEN_HOOK = 3  # fan of 金钩钓 on top of 对对胡
P_TRANSFER_SCOPE = 4  # TRANSFER_ALL | TRANSFER_LAST_KONG
P_PIG_PENALTY = 5  # 花猪 pays this many b to each non-花猪
P_DAJIAO_CAPPED = 6  # 1 = 查大叫 value is capped
P_SEVEN_PAIRS = 7  # 1 = 七对 is a winning shape
N_PARAMS = 8

SELF_DRAW_ADD_BASE = 0  # 自摸加底
SELF_DRAW_ADD_FAN = 1  # 自摸加番
KONG_DISCARDER_ONLY = 0  # 承包制
KONG_EVERYONE = 1  # 家家有
TRANSFER_ALL = 0
TRANSFER_LAST_KONG = 1

# returned instead of a value when the hand is not a legal win
ERR_NOT_COMPLETE = -1
ERR_THREE_SUITS = -2
ERR_VOID_SUIT = -3

# ---- item table: (id, English, Chinese, fan) ----
BASIC = 0
ALL_PUNGS = 1
FULL_FLUSH = 2
SEVEN_PAIRS = 3
DRAGON_SEVEN_PAIRS = 4
ROOT = 5
GOLDEN_HOOK = 6
KONG_FLOWER = 7
KONG_DISCARD = 8
ROBBING_KONG = 9
SEABED = 10
SELF_DRAW_FAN = 11
N_ITEMS = 12

SICHUAN_ITEMS = (
    (BASIC, "Basic win", "平胡", 0),
    (ALL_PUNGS, "All pungs", "对对胡", 1),
    (FULL_FLUSH, "Full flush", "清一色", 2),
    (SEVEN_PAIRS, "Seven pairs", "七对", 2),
    (DRAGON_SEVEN_PAIRS, "Dragon seven pairs", "龙七对", 3),
    (ROOT, "Root (four identical tiles)", "根", 1),
    (GOLDEN_HOOK, "Golden hook (single wait, all else melded)", "金钩钓", 1),
    (KONG_FLOWER, "Win on a kong replacement", "杠上开花", 1),
    (KONG_DISCARD, "Win on a discard after a kong", "杠上炮", 1),
    (ROBBING_KONG, "Robbing a kong", "抢杠胡", 1),
    (SEABED, "Win on the last tile", "海底", 1),
    (SELF_DRAW_FAN, "Self-draw (自摸加番 option)", "自摸加番", 1),
)

#: fan per item, indexable from jitted code (金钩钓 is read from params instead)
ITEM_FAN = np.array([row[3] for row in SICHUAN_ITEMS], dtype=np.int64)

# kong payment tables, [option, meld_type, (from discarder, from each other player still in)]
KONG_TABLE = np.zeros((2, 5, 2), dtype=np.int64)
for _opt in range(2):
    KONG_TABLE[_opt, MELD_KONG] = (2, _opt)  # 直杠: 2 from the discarder (+1 each: 家家有)
    KONG_TABLE[_opt, MELD_ADDED_KONG] = (0, 1)  # 面下杠 / 弯杠
    KONG_TABLE[_opt, MELD_CONCEALED_KONG] = (0, 2)  # 下雨


def default_params(**overrides: int) -> np.ndarray:
    """The default Sichuan options as ``int64[N_PARAMS]``; keywords = lower-case ``P_*`` names
    without the prefix (``cap=4``, ``self_draw_bonus=SELF_DRAW_ADD_FAN``, ``exposed_kong=...``,
    ``golden_hook=2``, ``transfer_scope=...``, ``pig_penalty=...``, ``dajiao_capped=0``,
    ``seven_pairs=0``). Raises ``ValueError`` for an unknown option name."""
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_CAP] = 3
    p[P_SELF_DRAW_BONUS] = SELF_DRAW_ADD_BASE
    p[P_EXPOSED_KONG] = KONG_DISCARDER_ONLY
    p[P_GOLDEN_HOOK] = 1
    p[P_TRANSFER_SCOPE] = TRANSFER_ALL
    p[P_PIG_PENALTY] = 16
    p[P_DAJIAO_CAPPED] = 1
    p[P_SEVEN_PAIRS] = 1
    names = {k[2:].lower(): v for k, v in globals().items() if k.startswith("P_")}
    for key, value in overrides.items():
        if key not in names:
            raise ValueError(f"unknown sichuan option {key!r}; valid: {sorted(names)}")
        p[names[key]] = int(value)
    return p


@njit(cache=True)
def sichuan_value(concealed, melds, win_tile, flags, params, items):
    """Chengdu fan of a Sichuan win (before the ``2 ** fan`` conversion), capped.

    Args:
        concealed: uint8[34] concealed tiles incl. the winning tile.
        melds: int8[MAX_MELDS, 3] rows ``(meld_type, tile, source)`` (pungs and kongs).
        win_tile: kind of the winning tile (unused by the table; part of the common signature).
        flags: int64[N_FLAGS]; reads F_SELF_DRAWN, F_KONG_REPLACEMENT, F_AFTER_KONG_DISCARD,
            F_ROBBING_KONG, F_LAST_WALL_TILE and ``F_MISSING_SUIT`` (19).
        params: int64[N_PARAMS] (:func:`default_params`).
        items: int32[N_ITEMS] out; the count of each item of :data:`SICHUAN_ITEMS` (uncapped).

    Returns:
        The fan, ``min(sum of items, params[P_CAP])``; or ERR_NOT_COMPLETE (-1, not a complete
        hand), ERR_THREE_SUITS (-2, 缺门 violated), ERR_VOID_SUIT (-3, holds the 定缺 suit).
    """
    for i in range(items.shape[0]):
        items[i] = 0
    totals = stack_empty(34, np.int64)  # filled by hand_totals; no heap allocation per call
    n_melds = hand_totals(concealed, melds, totals)
    mask = suit_mask(totals)
    if mask & 8:
        return ERR_NOT_COMPLETE
    if mask == 7:
        return ERR_THREE_SUITS
    void = flags[F_MISSING_SUIT]
    if void >= 0 and (mask >> void) & 1:
        return ERR_VOID_SUIT
    melds_all_pungs = True
    for m in range(melds.shape[0]):
        if melds[m, 0] == MELD_CHOW:
            melds_all_pungs = False
    shape = standard_shape(concealed, PAIR_ANY)
    quads = -1
    if params[P_SEVEN_PAIRS] != 0 and n_melds == 0:
        quads = seven_pairs_quads(concealed, 0)
    if (shape & 1) == 0 and quads < 0:
        return ERR_NOT_COMPLETE
    flush = 1 if (mask == 1 or mask == 2 or mask == 4) else 0
    roots = 0
    for i in range(27):
        if totals[i] == 4:
            roots += 1
    # standard reading
    std_fan = -1
    all_pungs = 0
    hook = 0
    if shape & 1:
        if (shape & 2) and melds_all_pungs:
            all_pungs = 1
            n_conc = 0
            for i in range(34):
                n_conc += concealed[i]
            if n_conc == 2:
                hook = 1
        std_fan = all_pungs * ITEM_FAN[ALL_PUNGS] + hook * params[P_GOLDEN_HOOK] + roots
    sp_fan = -1
    if quads >= 0:
        sp_fan = ITEM_FAN[SEVEN_PAIRS] + quads  # 龙七对 = 七对 + 1 根; further quads are 根
    if sp_fan > std_fan:
        if quads >= 1:
            items[DRAGON_SEVEN_PAIRS] = 1
            items[ROOT] = quads - 1
        else:
            items[SEVEN_PAIRS] = 1
            items[ROOT] = 0
    else:
        items[ALL_PUNGS] = all_pungs
        items[GOLDEN_HOOK] = hook
        items[ROOT] = roots
    items[FULL_FLUSH] = flush
    self_drawn = flags[F_SELF_DRAWN] != 0
    if flags[F_KONG_REPLACEMENT] != 0 and self_drawn:
        items[KONG_FLOWER] = 1
    if flags[F_AFTER_KONG_DISCARD] != 0 and not self_drawn:
        items[KONG_DISCARD] = 1
    if flags[F_ROBBING_KONG] != 0 and not self_drawn:
        items[ROBBING_KONG] = 1
    if flags[F_LAST_WALL_TILE] != 0:
        items[SEABED] = 1
    if self_drawn and params[P_SELF_DRAW_BONUS] == SELF_DRAW_ADD_FAN:
        items[SELF_DRAW_FAN] = 1
    shape_items = items[ALL_PUNGS] + items[FULL_FLUSH] + items[SEVEN_PAIRS]
    if shape_items + items[DRAGON_SEVEN_PAIRS] == 0:
        items[BASIC] = 1
    fan = 0
    for i in range(N_ITEMS):
        if i == GOLDEN_HOOK:
            fan += items[i] * params[P_GOLDEN_HOOK]
        else:
            fan += items[i] * ITEM_FAN[i]
    cap = params[P_CAP]
    if cap >= 0 and fan > cap:
        fan = cap
    return fan


@njit(cache=True)
def sichuan_win_payments(fan, winner, discarder, still_in, params, base, out):
    """Hand payment of one Sichuan win, added to ``out`` (int64[4], units of points).

    A discard win (``discarder >= 0``): the discarder pays ``base * 2 ** fan``. A self-draw
    (``discarder < 0``): each other player still in (``still_in``: bool[4], "其他未胡玩家") pays
    ``base * 2 ** fan``, plus ``base`` under 自摸加底. ``fan`` is :func:`sichuan_value`'s result
    (already capped). Several winners on one discard: call once per winner. Returns the winner's
    income. Source: Sichuan rules (public payment practice) and the rule text "自摸加底：玩家自摸时额外收取其他未胡
    玩家1倍基础分".
    """
    per = base * doubling(fan, -1)
    extra = 0
    if discarder < 0 and params[P_SELF_DRAW_BONUS] == SELF_DRAW_ADD_BASE:
        extra = base
    mult = np.ones(4, np.int64)
    return win_transfers(winner, discarder, per, extra, still_in, mult, out)


@njit(cache=True)
def sichuan_kong_payment(kong_type, konger, discarder, still_in, robbed, params, base, ledger, out):
    """刮风下雨: the immediate payment of one kong, added to ``out`` and recorded in ``ledger``.

    Args:
        kong_type: MELD_KONG (直杠, claimed from ``discarder``), MELD_ADDED_KONG (面下杠 / 弯杠) or
            MELD_CONCEALED_KONG (下雨).
        konger, discarder: absolute seats (``discarder`` only for MELD_KONG, else -1).
        still_in: bool[4], players who have not won; only they pay.
        robbed: True if the added kong was robbed: it then pays nothing.
        params: int64[N_PARAMS]; ``P_EXPOSED_KONG`` picks 承包制 (2 b from the discarder) or 家家有
            (2 b from the discarder and 1 b from every other player still in).
        base: the base score b.
        ledger: int64[4, 4] kong-income ledger ``[payer, receiver]``, updated.
        out: int64[4] deltas, updated.

    Returns the konger's income (added kong 1 b, concealed kong 2 b from each player still in).
    """
    if robbed:
        return 0
    table = KONG_TABLE[params[P_EXPOSED_KONG]]
    return kong_transfers(kong_type, konger, discarder, still_in, table, base, ledger, out)


@njit(cache=True)
def sichuan_call_transfer(konger, winners, last_kong, params, ledger, out):
    """呼叫转移: the konger's kong income goes to the winner(s) of its post-kong discard.

    Args:
        konger: seat that made the kong and then dealt in.
        winners: bool[4], the players who won that discard.
        last_kong: int64[4], per-payer amounts of the kong just made (used under
            ``TRANSFER_LAST_KONG``; under ``TRANSFER_ALL`` the whole ledger column is moved).
        params: int64[N_PARAMS] (``P_TRANSFER_SCOPE``).
        ledger: int64[4, 4], the konger's column is reduced by what is transferred.
        out: int64[4] deltas, updated.

    Returns the amount transferred (split equally, remainder to the winner nearest the konger).
    """
    total = 0
    for p in range(4):
        a = ledger[p, konger]
        if params[P_TRANSFER_SCOPE] == TRANSFER_LAST_KONG and last_kong[p] < a:
            a = last_kong[p]
        ledger[p, konger] -= a
        total += a
    split_by_turn(total, konger, winners, out)
    return total


@njit(cache=True)
def _situation_free_flags(void):
    f = np.zeros(N_FLAGS, np.int64)
    f[F_MISSING_SUIT] = void
    return f


@njit(cache=True)
def sichuan_best_wait(concealed, melds, void, params):
    """查大叫 value: the best fan over the waits of a ready hand, or -1 if it is not ready.

    ``concealed``: uint8[34] with ``3k + 1`` tiles. Each kind the player does not already hold four
    of is tried as a discard win without situational fans; the cap applies when
    ``params[P_DAJIAO_CAPPED]`` is 1.
    """
    p = params.copy()
    if p[P_DAJIAO_CAPPED] == 0:
        p[P_CAP] = -1
    flags = _situation_free_flags(void)
    items = stack_empty(N_ITEMS, np.int32)  # scratch on the stack (mjsim/_stack.py)
    items[:] = 0
    totals = stack_empty(34, np.int64)  # filled by hand_totals
    hand_totals(concealed, melds, totals)
    trial = concealed.copy()
    best = -1
    for t in range(27):
        if totals[t] >= 4:
            continue
        trial[t] += 1
        v = sichuan_value(trial, melds, t, flags, p, items)
        trial[t] -= 1
        if v > best:
            best = v
    return best


@njit(cache=True)
def sichuan_is_pig(concealed, melds, void):
    """花猪: holds tiles of all three suits, or (定缺, ``void`` >= 0) a tile of the void suit."""
    totals = stack_empty(34, np.int64)  # filled by hand_totals; on the stack (mjsim/_stack.py)
    hand_totals(concealed, melds, totals)
    mask = suit_mask(totals)
    if void >= 0:
        return (mask >> void) & 1 == 1
    return (mask & 7) == 7


@njit(cache=True)
def sichuan_draw_settlement(hands, melds, missing_suit, has_won, params, base, ledger, out, dajiao):
    """Exhaustive-draw settlement (流局处理): 查花猪, 查大叫, 退税.

    Args:
        hands: uint8[4, 34] concealed tiles (13 - 3 * melds each).
        melds: int8[4, MAX_MELDS, 3].
        missing_suit: int64[4] declared void suit per seat (0 m, 1 p, 2 s) or -1 without 定缺.
        has_won: bool[4]; players who already won (blood battle) take no part.
        params: int64[N_PARAMS]; base: b.
        ledger: int64[4, 4] kong-income ledger; refunded columns are cleared.
        out: int64[4] deltas, updated.
        dajiao: int64[4] out: each seat's 大叫 fan (-1 not ready, -2 花猪, -3 already won).

    The 大叫 here is :func:`sichuan_best_wait` (this module's hand-written scorer, the test
    oracle); the game loop values ready hands by the fan table
    (:func:`mjsim.engine.hooks_sichuan.sichuan_draw`) and pays with :func:`sichuan_draw_payments`.
    Returns the number of 花猪.
    """
    n_pigs = 0
    for s in range(4):
        if has_won[s]:
            dajiao[s] = -3
        elif sichuan_is_pig(hands[s], melds[s], missing_suit[s]):
            dajiao[s] = -2
            n_pigs += 1
        else:
            dajiao[s] = sichuan_best_wait(hands[s], melds[s], missing_suit[s], params)
    sichuan_draw_payments(dajiao, params, base, ledger, out)
    return n_pigs


@njit(cache=True)
def sichuan_draw_payments(dajiao, params, base, ledger, out):
    """The money of the exhaustive-draw settlement, given each seat's ``dajiao`` (int64[4]:
    the 大叫 fan of a ready seat, -1 not ready, -2 花猪, -3 already won).

    Order: each 花猪 pays ``params[P_PIG_PENALTY] * base`` to every non-花猪 player still in; each
    player not ready (花猪 excepted) pays every ready player ``base * 2 ** 大叫``; every player not
    ready (花猪 included, INFERRED) refunds all kong income (``ledger`` columns cleared, ``out``
    updated).
    """
    for s in range(4):
        if dajiao[s] != -2:
            continue
        for r in range(4):
            if r != s and dajiao[r] != -2 and dajiao[r] != -3:
                transfer(out, s, r, params[P_PIG_PENALTY] * base)
    for s in range(4):
        if dajiao[s] != -1:
            continue
        for r in range(4):
            if dajiao[r] >= 0:
                transfer(out, s, r, base * doubling(dajiao[r], -1))
    for s in range(4):
        if dajiao[s] == -1 or dajiao[s] == -2:
            refund_ledger(ledger, s, out)


def empty_melds() -> np.ndarray:
    """``int8[MAX_MELDS, 3]`` filled with MELD_NONE rows."""
    m = np.zeros((MAX_MELDS, 3), dtype=np.int8)
    m[:, 0] = MELD_NONE
    return m


# --------------------------------------------------------------------------------------------
# mjsim.score adapter
# --------------------------------------------------------------------------------------------

_SUITS = {"m": 0, "p": 1, "s": 2, "万": 0, "筒": 1, "饼": 1, "条": 2, "索": 2}
_SITUATION_KEYWORDS = ("missing_suit", "after_kong_discard", "has_won", "base")


def parse_suit(value: str | int | None) -> int:
    """A suit given as ``"m" "p" "s"`` (or 万 筒 条, or 0-2) -> 0-2; ``None`` -> -1.

    Raises ``ValueError`` for anything else."""
    if value is None:
        return -1
    if isinstance(value, str) and value.strip().lower() in _SUITS:
        return _SUITS[value.strip().lower()]
    if isinstance(value, int | np.integer) and not isinstance(value, bool) and 0 <= value <= 2:
        return int(value)
    raise ValueError(f"missing_suit must be 'm', 'p', 's' (or 0-2) or None, got {value!r}")


def score_sichuan(win: WinInput, variant: str = "sichuan", **variant_context: Any) -> ScoreResult:
    """Adapter of :func:`mjsim.score` for ``sichuan``, ``chengdu`` and ``sichuan_xuezhan``.

    The hand is valued by the Sichuan fan table (:mod:`mjsim.scoring.tables.sichuan`, as in the
    game loop; :func:`sichuan_value` is its test oracle) and paid by its payment record
    (:func:`mjsim.scoring.payments.pay`). Variant keywords:

    - ``missing_suit``: the declared void suit (定缺), ``"m" "p" "s"`` or ``None`` (default);
    - ``after_kong_discard``: the discard was made right after the discarder's kong (杠上炮);
    - ``has_won``: 4 booleans, players who already won (blood battle); they pay nothing;
    - ``base``: the base score b (default 1);
    - options of :func:`default_params`: ``cap``, ``self_draw_bonus``, ``golden_hook``,
      ``seven_pairs`` (the table's parameters) and ``exposed_kong``, ``transfer_scope``,
      ``pig_penalty``, ``dajiao_capped`` (kong and drawn-hand settlement; no effect here).

    ``total`` is the capped fan; ``payments`` = ``base * 2 ** fan`` from the discarder, or from each
    other player still in on a self-draw (+ ``base`` under 自摸加底). ``items`` name the table's
    rows in English and Chinese.

    Raises:
        ValueError: a chow meld or an honour tile (108 tiles, no chow: "不可以吃"), a hand that
            is not complete, one holding all three suits ("必须缺门可胡") or the declared void
            suit, an unknown keyword, contradictory circumstances
            (:func:`mjsim.scoring.win_checks.check_scored_win`: ``after_kong_discard`` on a
            self-draw or on the last wall tile, 杠上开花 on the last wall tile, a ``has_won`` that
            marks the winner or the discarder or three seats), a ``self_draw_bonus`` other than 0
            (自摸加底) or 1 (自摸加番).
    """
    from mjsim.scoring import tables
    from mjsim.scoring.fan_table import C_VALUE
    from mjsim.scoring.payments import pay
    from mjsim.scoring.table_score import table_counts

    ctx = dict(variant_context)
    void = parse_suit(ctx.pop("missing_suit", None))
    after_kong = bool(ctx.pop("after_kong_discard", False))
    has_won = ctx.pop("has_won", None)
    base = int(ctx.pop("base", 1))
    try:
        params = default_params(**ctx)
    except ValueError as exc:
        raise ValueError(f"{exc}; or one of {list(_SITUATION_KEYWORDS)}") from None
    values = (*(int(x) for x in params), base)
    table_params = tables.spec_params("sichuan", values)
    record = tables.compiled_payment(
        "sichuan", **table_params, **tables.spec_payment_params("sichuan", values)
    )
    if any(int(t) == MELD_CHOW for t in win.melds[:, 0]):
        raise ValueError(f"{variant}: no chow in Sichuan mahjong ('不可以吃'); got a chow meld")
    if win.concealed[27:].any() or any(
        int(t) != MELD_NONE and int(k) >= 27 for t, k, _s in win.melds
    ):
        raise ValueError(f"{variant}: Sichuan uses the 108 suited tiles only (no honours)")
    from mjsim.scoring.win_checks import check_scored_win

    check_scored_win(win, after_kong_discard=after_kong, has_won=has_won)
    still_in = np.ones(4, np.bool_)
    if has_won is not None:
        still_in = ~np.array([bool(x) for x in has_won], np.bool_)
    # the win rules the engine applies before valuing a win (suit_rule="missing_one",
    # missing_suit_choice): at most two suits, none of them the declared void suit
    suits = {k // 9 for k in range(27) if win.concealed[k]}
    suits |= {int(k) // 9 for t, k, _s in win.melds if int(t) != MELD_NONE}
    if len(suits) == 3:
        raise ValueError(f"{variant}: not a win: the hand holds all three suits ('必须缺门可胡')")
    if void in suits:
        raise ValueError(f"{variant}: not a win: the hand holds tiles of its declared void suit")
    flags = win.flags.copy()
    flags[F_AFTER_KONG_DISCARD] = int(after_kong)
    fan, counts = table_counts(
        "sichuan", table_params, win.concealed, win.melds, win.win_tile, flags
    )
    if fan < 0:
        raise ValueError(
            f"{variant}: not a winning hand (4 melds + pair, or seven pairs when allowed)"
        )
    out = np.zeros(4, np.int64)
    robbed = bool(win.flags[F_ROBBING_KONG])
    pay(record, fan, win.seat, win.discarder, win.dealer, still_in, -1, robbed, out)
    compiled = tables.get("sichuan", **table_params)
    rows = [
        (r, en, zh, int(compiled.rows[r, C_VALUE]), n)
        for r, (zh, en) in enumerate(compiled.names)
        if (n := counts.get(r, 0)) > 0
    ]
    return ScoreResult(
        variant=variant,
        total=fan,
        items=rows,
        valid=True,
        payments=[int(x) for x in out],
        unit="fan",
        qualifying_total=fan,
    )


def score_chengdu(win: WinInput, **variant_context: Any) -> ScoreResult:
    """Adapter for ``chengdu``: :func:`score_sichuan` under its own name."""
    return score_sichuan(win, variant="chengdu", **variant_context)


def score_sichuan_xuezhan(win: WinInput, **variant_context: Any) -> ScoreResult:
    """Adapter for ``sichuan_xuezhan`` (blood battle): :func:`score_sichuan` under its name; pass
    ``has_won`` so that players who already won do not pay a self-draw."""
    return score_sichuan(win, variant="sichuan_xuezhan", **variant_context)


register_scorer("sichuan", score_sichuan)
register_scorer("chengdu", score_chengdu)
register_scorer("sichuan_xuezhan", score_sichuan_xuezhan)
