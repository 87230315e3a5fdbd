"""Guangdong chicken hand 鸡平胡 fan value, 爆和 cap and payments: ``guangdong_jipinghu``.

Spec: the Guangdong chicken-hand rules (docs/variants/guangdong_jipinghu.md; the 广东麻将 / 鸡平胡
pages of the rule text).

Passages implemented here:

- 番 doubles: "番是2倍的意思"; cap: "爆和为3番"; special hands are fixed: "特殊牌型不再叠加
  其他番种";
- ordinary hands: 鸡和 "鸡和0 1 什么牌都可以和，可吃碰杠"; 平和 "全部都是顺子没有刻子"; 碰碰和 "全部是
  刻子没有顺子"; 混一色 "整副牌由字牌及另外单一花色";
- extras only inside the cap: "附加情况只对爆和内牌型有效";
  "爆和内牌型加附加牌型不能冲破爆和的上限"; "在爆和以内自摸+1番";
  dragon pungs "任意一个刻子为1番，两个刻子为2番"; seat-wind and round-wind pungs +1;
- special hands: 清一色 4, 混碰 "混一色+ 碰碰和" 4, 清碰 "清一色+ 碰碰和" 5, 混幺九 "由幺九牌和字牌组成"
  5, 小三元 5, 小四喜 5, 字一色 6, 清幺九 6, 大三元 6, 大四喜 6, 九莲宝灯 6 ("不计清一色"), 十三幺 6
  ("1 、9 万筒索，东、南、西、北、中、发、白；以上牌型任意一张牌作将");
- at-least-3-番 situations: 一炮三响 "同一张牌点三个炮，点炮者包三家"; 杠上开花 "杠上开花：不满3番牌
  型，按照3番满计算"; 海底捞月 "摸最后一张牌和牌"; 抢杠 "抢杠和等同杠开，当自摸，被抢杠者（欲开杠者）
  包三家牌";
- liability (``jipinghu_win_payments`` with ``liable``): "十二张落地包自摸", "为其余两家代付该笔
  自摸的金币", "包先不包后"; 大四喜 / 大三元: "若有人打出余下一款者，那人则需承担包自摸的责任";
  杠上开花包杠: "开暗刻明杠补牌后和牌，计自摸，点杠者包三家牌".

Ambiguities (default first; alternative as a ``params`` option):

- payer model (not in the seed, [rec]): a discard win is paid by the discarder alone
  (``2 ** fan``), a self-draw by each of the three (``2 ** fan`` each).
- seven pairs: not a winning shape (``P_SEVEN_PAIRS`` = 0; 1 = allowed, scored as 鸡和 + extras).
- 平和 + 混一色 add up inside the cap (``P_ADDITIVE`` = 1; 0 = only the larger base counts).
- 天和 / 地和 / 人和 count at least 3 番 like the minimum-3 situations (``P_OPENING_FLOOR`` = 1;
  0 = no floor).
- several special hands at once: the highest single one counts ([rec], "不再叠加其他番种").
- 九莲宝灯 needs a concealed hand ([rec] Guangdong chicken-hand rules).

Variant flag (``flags`` index 19): ``F_N_WINNERS`` = number of players winning on this discard
(3 = 一炮三响; the engine sets it, 0/1 otherwise).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from mjsim._jit import internal
from mjsim.kernels.special import is_thirteen_orphans, seven_pairs_quads
from mjsim.melds import MELD_CHOW, MELD_CONCEALED_KONG, MELD_NONE
from mjsim.scoring.api import WinInput, register_scorer
from mjsim.scoring.context import (
    F_EARTHLY,
    F_HEAVENLY,
    F_HUMAN,
    F_KONG_REPLACEMENT,
    F_LAST_WALL_TILE,
    F_ROBBING_KONG,
    F_ROUND_WIND,
    F_SEAT_WIND,
    F_SELF_DRAWN,
)
from mjsim.scoring.result import ScoreResult
from mjsim.scoring.settlement import (
    PAIR_ANY,
    doubling,
    hand_totals,
    liable_self_draw,
    standard_shape,
    suit_mask,
    win_transfers,
)

F_N_WINNERS = 19

# ---- params ----
P_CAP = 0  # 爆和, 3 番
P_SEVEN_PAIRS = 1  # 0 = seven pairs not a win
P_ADDITIVE = 2  # 1 = 平和 + 混一色 add inside the cap
P_OPENING_FLOOR = 3  # 1 = 天和 / 地和 / 人和 count at least the cap
N_PARAMS = 4

ERR_NOT_COMPLETE = -1

# ---- items: (id, English, Chinese, 番, kind) ; kind: 0 base, 1 extra, 2 special, 3 floor ----
CHICKEN = 0
ALL_CHOWS = 1
ALL_PUNGS = 2
HALF_FLUSH = 3
SELF_DRAW = 4
SEAT_WIND = 5
ROUND_WIND = 6
DRAGON_PUNG = 7
FULL_FLUSH = 8
HALF_FLUSH_PUNGS = 9
FULL_FLUSH_PUNGS = 10
MIXED_TERMINALS = 11
LITTLE_DRAGONS = 12
LITTLE_WINDS = 13
ALL_HONORS = 14
ALL_TERMINALS = 15
BIG_DRAGONS = 16
BIG_WINDS = 17
NINE_GATES = 18
THIRTEEN_ORPHANS = 19
TRIPLE_RON = 20
KONG_FLOWER = 21
SEABED = 22
ROBBING_KONG = 23
HEAVENLY = 24
EARTHLY = 25
HUMAN = 26
N_ITEMS = 27

KIND_BASE, KIND_EXTRA, KIND_SPECIAL, KIND_FLOOR = 0, 1, 2, 3

JIPINGHU_ITEMS = (
    (CHICKEN, "Chicken hand", "鸡和", 0, KIND_BASE),
    (ALL_CHOWS, "All chows", "平和", 1, KIND_BASE),
    (ALL_PUNGS, "All pungs", "碰碰和", 2, KIND_BASE),
    (HALF_FLUSH, "Half flush", "混一色", 2, KIND_BASE),
    (SELF_DRAW, "Self-draw", "自摸", 1, KIND_EXTRA),
    (SEAT_WIND, "Seat-wind pung", "门风", 1, KIND_EXTRA),
    (ROUND_WIND, "Round-wind pung", "圈风", 1, KIND_EXTRA),
    (DRAGON_PUNG, "Dragon pung", "箭刻", 1, KIND_EXTRA),
    (FULL_FLUSH, "Full flush", "清一色", 4, KIND_SPECIAL),
    (HALF_FLUSH_PUNGS, "Half flush all pungs", "混碰", 4, KIND_SPECIAL),
    (FULL_FLUSH_PUNGS, "Full flush all pungs", "清碰", 5, KIND_SPECIAL),
    (MIXED_TERMINALS, "Terminals and honours", "混幺九", 5, KIND_SPECIAL),
    (LITTLE_DRAGONS, "Little three dragons", "小三元", 5, KIND_SPECIAL),
    (LITTLE_WINDS, "Little four winds", "小四喜", 5, KIND_SPECIAL),
    (ALL_HONORS, "All honours", "字一色", 6, KIND_SPECIAL),
    (ALL_TERMINALS, "All terminals", "清幺九", 6, KIND_SPECIAL),
    (BIG_DRAGONS, "Big three dragons", "大三元", 6, KIND_SPECIAL),
    (BIG_WINDS, "Big four winds", "大四喜", 6, KIND_SPECIAL),
    (NINE_GATES, "Nine gates", "九莲宝灯", 6, KIND_SPECIAL),
    (THIRTEEN_ORPHANS, "Thirteen orphans", "十三幺", 6, KIND_SPECIAL),
    (TRIPLE_RON, "Three winners on one discard (at least 3)", "一炮三响", 3, KIND_FLOOR),
    (KONG_FLOWER, "Win on a kong replacement (at least 3)", "杠上开花", 3, KIND_FLOOR),
    (SEABED, "Self-draw of the last tile (at least 3)", "海底捞月", 3, KIND_FLOOR),
    (ROBBING_KONG, "Robbing a kong (at least 3)", "抢杠", 3, KIND_FLOOR),
    (HEAVENLY, "Heavenly hand (at least 3, option)", "天和", 3, KIND_FLOOR),
    (EARTHLY, "Earthly hand (at least 3, option)", "地和", 3, KIND_FLOOR),
    (HUMAN, "Human hand (at least 3, option)", "人和", 3, KIND_FLOOR),
)

ITEM_FAN = np.array([row[3] for row in JIPINGHU_ITEMS], dtype=np.int64)
ITEM_KIND = np.array([row[4] for row in JIPINGHU_ITEMS], dtype=np.int64)

# liability triggers returned by jipinghu_call_liability
LIABLE_NONE = 0
LIABLE_TWELVE_EXPOSED = 1  # 十二张落地
LIABLE_BIG_WINDS = 2  # 4th wind meld
LIABLE_BIG_DRAGONS = 3  # 3rd dragon meld


def default_params(**overrides: int) -> np.ndarray:
    """Default options as ``int64[N_PARAMS]``; keywords: ``cap``, ``seven_pairs``, ``additive``,
    ``opening_floor``. Raises ``ValueError`` for an unknown option."""
    p = np.zeros(N_PARAMS, dtype=np.int64)
    p[P_CAP] = 3
    p[P_ADDITIVE] = 1
    p[P_OPENING_FLOOR] = 1
    names = {k[2:].lower(): v for k, v in globals().items() if k.startswith("P_")}
    for key, value in overrides.items():
        if key not in names:
            raise ValueError(f"unknown guangdong_jipinghu option {key!r}; valid: {sorted(names)}")
        p[names[key]] = int(value)
    return p


@njit(cache=True)
def _is_terminal(i):
    return i < 27 and (i % 9 == 0 or i % 9 == 8)


@njit(cache=True)
def _nine_gates(concealed):
    for s in range(3):
        total = 0
        ok = True
        for i in range(34):
            n = concealed[i]
            total += n
            if n > 0 and (i < 9 * s or i >= 9 * s + 9):
                ok = False
        if not ok or total != 14:
            continue
        base = 9 * s
        if concealed[base] < 3 or concealed[base + 8] < 3:
            continue
        for r in range(1, 8):
            if concealed[base + r] < 1:
                ok = False
        if ok:
            return True
    return False


@njit(cache=True)
def jipinghu_value(concealed, melds, win_tile, flags, params, items):
    """番 of a Guangdong chicken-hand win: the capped ordinary value, or a special hand's value.

    Args:
        concealed: uint8[34] concealed tiles incl. the winning tile.
        melds: int8[MAX_MELDS, 3] rows ``(meld_type, tile, source)``.
        win_tile: kind of the winning tile (part of the common signature).
        flags: int64[N_FLAGS]; reads F_SELF_DRAWN, F_SEAT_WIND, F_ROUND_WIND, F_KONG_REPLACEMENT,
            F_LAST_WALL_TILE, F_ROBBING_KONG, F_HEAVENLY, F_EARTHLY, F_HUMAN, ``F_N_WINNERS`` (19).
        params: int64[N_PARAMS] (:func:`default_params`).
        items: int32[N_ITEMS] out, the count of each item of :data:`JIPINGHU_ITEMS`. For a special
            hand only the highest special item is set.

    Returns the 番 (points = ``2 ** 番``): ordinary base + extras capped at ``P_CAP``, raised to
    ``P_CAP`` by a minimum-3 situation; or the highest special hand's fixed 番; or
    ERR_NOT_COMPLETE (-1).
    """
    for i in range(items.shape[0]):
        items[i] = 0
    totals = np.zeros(34, np.int64)
    n_melds = hand_totals(concealed, melds, totals)
    mask = suit_mask(totals)
    melds_no_chow = True
    melds_all_chow = True
    for m in range(melds.shape[0]):
        t = melds[m, 0]
        if t == MELD_NONE:
            continue
        if t == MELD_CHOW:
            melds_no_chow = False
        else:
            melds_all_chow = False
    concealed_hand = True
    for m in range(melds.shape[0]):
        t = melds[m, 0]
        if t != MELD_NONE and t != MELD_CONCEALED_KONG:
            concealed_hand = False
    shape = standard_shape(concealed, PAIR_ANY)
    orphans = n_melds == 0 and is_thirteen_orphans(concealed, 0)
    gates = concealed_hand and n_melds == 0 and _nine_gates(concealed)
    pairs = params[P_SEVEN_PAIRS] != 0 and n_melds == 0 and seven_pairs_quads(concealed, 0) >= 0
    if (shape & 1) == 0 and not orphans and not pairs:
        return ERR_NOT_COMPLETE
    all_pungs = (shape & 2) != 0 and melds_no_chow
    all_chows = (shape & 4) != 0 and melds_all_chow
    suits = mask & 7
    one_suit = suits == 1 or suits == 2 or suits == 4
    honors = (mask & 8) != 0
    n_wind_pung = 0
    n_dragon_pung = 0
    wind_pair = False
    dragon_pair = False
    only_term_honor = True
    for i in range(34):
        n = totals[i]
        if n > 0 and i < 27 and not _is_terminal(i):
            only_term_honor = False
        if i >= 27:
            if n >= 3:
                if i < 31:
                    n_wind_pung += 1
                else:
                    n_dragon_pung += 1
            elif n == 2:
                if i < 31:
                    wind_pair = True
                else:
                    dragon_pair = True
    # special hands: keep the highest single one
    best = -1
    best_fan = -1
    cand = np.full(N_ITEMS, False)
    if orphans:
        cand[THIRTEEN_ORPHANS] = True
    if gates:
        cand[NINE_GATES] = True
    if shape & 1:
        if one_suit and not honors:
            cand[FULL_FLUSH] = True
            if all_pungs:
                cand[FULL_FLUSH_PUNGS] = True
        if one_suit and honors and all_pungs:
            cand[HALF_FLUSH_PUNGS] = True
        if suits == 0:
            cand[ALL_HONORS] = True
        if only_term_honor and all_pungs:
            if honors and suits != 0:
                cand[MIXED_TERMINALS] = True
            if not honors:
                cand[ALL_TERMINALS] = True
        if n_dragon_pung == 3:
            cand[BIG_DRAGONS] = True
        elif n_dragon_pung == 2 and dragon_pair:
            cand[LITTLE_DRAGONS] = True
        if n_wind_pung == 4:
            cand[BIG_WINDS] = True
        elif n_wind_pung == 3 and wind_pair:
            cand[LITTLE_WINDS] = True
    for i in range(N_ITEMS):
        if cand[i] and ITEM_FAN[i] > best_fan:
            best = i
            best_fan = ITEM_FAN[i]
    if best >= 0:
        items[best] = 1
        return best_fan
    # ordinary hand: base + extras, capped
    base = 0
    if all_pungs:
        items[ALL_PUNGS] = 1
        base = ITEM_FAN[ALL_PUNGS]
    elif all_chows:
        items[ALL_CHOWS] = 1
        base = ITEM_FAN[ALL_CHOWS]
    if one_suit and honors:
        if params[P_ADDITIVE] != 0:
            items[HALF_FLUSH] = 1
            base += ITEM_FAN[HALF_FLUSH]
        elif ITEM_FAN[HALF_FLUSH] > base:
            items[ALL_CHOWS] = 0
            items[ALL_PUNGS] = 0
            items[HALF_FLUSH] = 1
            base = ITEM_FAN[HALF_FLUSH]
    if base == 0:
        items[CHICKEN] = 1
    fan = base
    if flags[F_SELF_DRAWN] != 0:
        items[SELF_DRAW] = 1
    if totals[27 + flags[F_SEAT_WIND]] >= 3:
        items[SEAT_WIND] = 1
    if totals[27 + flags[F_ROUND_WIND]] >= 3:
        items[ROUND_WIND] = 1
    items[DRAGON_PUNG] = n_dragon_pung
    fan += items[SELF_DRAW] + items[SEAT_WIND] + items[ROUND_WIND] + items[DRAGON_PUNG]
    cap = params[P_CAP]
    if fan > cap:
        fan = cap
    self_drawn = flags[F_SELF_DRAWN] != 0
    if flags[F_N_WINNERS] >= 3:
        items[TRIPLE_RON] = 1
    if flags[F_KONG_REPLACEMENT] != 0 and self_drawn:
        items[KONG_FLOWER] = 1
    if flags[F_LAST_WALL_TILE] != 0 and self_drawn:
        items[SEABED] = 1
    if flags[F_ROBBING_KONG] != 0:
        items[ROBBING_KONG] = 1
    if params[P_OPENING_FLOOR] != 0:
        items[HEAVENLY] = 1 if flags[F_HEAVENLY] != 0 else 0
        items[EARTHLY] = 1 if flags[F_EARTHLY] != 0 else 0
        items[HUMAN] = 1 if flags[F_HUMAN] != 0 else 0
    for i in range(N_ITEMS):
        if items[i] > 0 and ITEM_KIND[i] == KIND_FLOOR and fan < cap:
            fan = cap
    return fan


@internal
def jipinghu_points(concealed, melds, win_tile, flags, table, items):
    """Points ``2 ** 番`` of a legal win (``table`` = ``score_values``); fills ``items``."""
    fan = jipinghu_value(concealed, melds, win_tile, flags, table, items)
    if fan < 0:
        return 0
    return 1 << fan


@njit(cache=True)
def jipinghu_win_payments(fan, winner, discarder, self_drawn, liable, out):
    """Payments of one Guangdong win, added to ``out`` (int64[4], points).

    Args:
        fan: :func:`jipinghu_value` (points ``2 ** fan``).
        winner: absolute seat.
        discarder: seat of the discarder for a discard win; for a robbed kong the robbed player.
        self_drawn: True for a self-draw, and for a robbed kong (抢杠 "当自摸").
        liable: seat that pays the whole self-draw (包: 抢杠 = the robbed player, 杠上开花包杠 = the
            discarder of the kong tile, 十二张落地 / 大四喜 / 大三元 = the enabler), or -1.

    A discard win: the discarder pays ``2 ** fan`` (each winner of 一炮三响 separately). A
    self-draw: each of the three pays ``2 ** fan``, or ``liable`` pays all three shares. Returns
    the winner's income.
    """
    per = doubling(fan, -1)
    still = np.ones(4, np.bool_)
    if self_drawn:
        if liable >= 0:
            return liable_self_draw(winner, liable, per, still, out)
        return win_transfers(winner, -1, per, 0, still, np.ones(4, np.int64), out)
    return win_transfers(winner, discarder, per, 0, still, np.ones(4, np.int64), out)


@njit(cache=True)
def jipinghu_call_liability(melds):
    """Liability created by the call just made (``melds``: int8[MAX_MELDS, 3] AFTER the call).

    Returns LIABLE_TWELVE_EXPOSED (four exposed melds: 12 tiles shown), LIABLE_BIG_WINDS (the 4th
    wind meld), LIABLE_BIG_DRAGONS (the 3rd dragon meld) or LIABLE_NONE. The engine makes the
    discarder of the claimed tile liable for the caller's self-draw, first enabler only ("包先
    不包后").
    """
    exposed = 0
    winds = 0
    dragons = 0
    for m in range(melds.shape[0]):
        t = melds[m, 0]
        if t == MELD_NONE or t == MELD_CONCEALED_KONG:
            continue
        exposed += 1
        if t != MELD_CHOW:
            k = melds[m, 1]
            if 27 <= k < 31:
                winds += 1
            elif k >= 31:
                dragons += 1
    if winds == 4:
        return LIABLE_BIG_WINDS
    if dragons == 3:
        return LIABLE_BIG_DRAGONS
    if exposed >= 4:
        return LIABLE_TWELVE_EXPOSED
    return LIABLE_NONE


# --------------------------------------------------------------------------------------------
# mjsim.score adapter
# --------------------------------------------------------------------------------------------

_SITUATION_KEYWORDS = ("n_winners", "liable", "heavenly", "earthly", "human")


def score_jipinghu(win: WinInput, **variant_context: Any) -> ScoreResult:
    """Adapter of :func:`mjsim.score` for ``guangdong_jipinghu``.

    Variant keywords:

    - ``n_winners``: players winning on this discard (3 = 一炮三响: each scores at least 3 番);
    - ``liable``: the seat that pays the whole self-draw (包自摸: 十二张落地, 大四喜 / 大三元
      enabler, 杠上开花包杠 = the discarder of the kong tile); a robbed kong (``robbing_kong``) is
      always paid as a self-draw by the robbed player (the ``discarder``);
    - ``heavenly`` / ``earthly`` / ``human``: 天和 / 地和 / 人和 (at least 3 番 by default); 地和
      is a self-draw here, as the engine reads it (:func:`mjsim.engine.hooks_jipinghu.jipinghu_flags`):
      ``mjsim.score`` refuses ``earthly=True`` on a discard win, which is 人和 (``human=True``);
    - options of :func:`default_params`: ``cap``, ``seven_pairs``, ``additive``, ``opening_floor``.

    The hand is valued by the chicken hand's fan table
    (:mod:`mjsim.scoring.tables.guangdong_jipinghu`; :func:`jipinghu_value` is its test oracle).
    ``total`` is the 番; payments are ``2 ** 番`` from the discarder, or from each of the three on
    a self-draw (or all three shares from ``liable``).

    Raises:
        ValueError: not a winning hand, ``liable`` on a discard win or equal to the winner,
            ``n_winners`` outside 1-3 or above 1 on a self-draw, an unknown keyword,
            contradictory circumstances (:func:`mjsim.scoring.win_checks.check_scored_win`: 天和
            of a non-dealer, with a meld or on a discard; 地和 / 人和 of the dealer; 人和 on a
            self-draw; 杠上开花 on the last wall tile; a seat wind given that is not the
            winner's).
    """
    ctx = dict(variant_context)
    n_winners = int(ctx.pop("n_winners", 1))
    liable = ctx.pop("liable", None)
    heavenly = bool(ctx.pop("heavenly", False))
    earthly = bool(ctx.pop("earthly", False))
    human = bool(ctx.pop("human", False))
    try:
        params = default_params(**ctx)
    except ValueError as exc:
        raise ValueError(f"{exc}; or one of {list(_SITUATION_KEYWORDS)}") from None
    from mjsim.scoring.win_checks import check_scored_win

    check_scored_win(win, heavenly=heavenly, earthly=earthly, human=human)
    if not 1 <= n_winners <= 3 or (win.self_drawn and n_winners != 1):
        raise ValueError(
            f"n_winners must be 1-3 on a discard win (1 on a self-draw), got {n_winners}"
        )
    robbed = bool(win.flags[F_ROBBING_KONG])
    if liable is not None:
        if (
            isinstance(liable, bool)
            or not isinstance(liable, int | np.integer)
            or not 0 <= liable <= 3
        ):
            raise ValueError(f"liable must be a seat 0-3, got {liable!r}")
        if liable == win.seat or not (win.self_drawn or robbed):
            raise ValueError("liable (包) pays a self-draw of another player")
    liable_seat = -1 if liable is None else int(liable)
    if robbed:
        liable_seat = win.discarder  # 抢杠: "被抢杠者（欲开杠者）包三家牌"
    flags = win.flags.copy()
    flags[F_N_WINNERS] = n_winners
    flags[F_HEAVENLY] = int(heavenly)
    flags[F_EARTHLY] = int(earthly)
    flags[F_HUMAN] = int(human)
    from mjsim.scoring.table_score import table_counts
    from mjsim.scoring.tables import spec_params

    fan, counts = table_counts(
        "guangdong_jipinghu",
        spec_params("guangdong_jipinghu", tuple(int(x) for x in params)),
        win.concealed,
        win.melds,
        win.win_tile,
        flags,
        n_winners,
    )
    items = np.zeros(N_ITEMS, np.int32)
    for i, n in counts.items():
        items[i] = n
    if fan < 0:
        raise ValueError(
            "guangdong_jipinghu: not a winning hand (4 melds + pair, or thirteen orphans; seven "
            "pairs only with seven_pairs=1)"
        )
    out = np.zeros(4, np.int64)
    jipinghu_win_payments(fan, win.seat, win.discarder, win.self_drawn or robbed, liable_seat, out)
    rows = [
        (i, en, zh, int(v), int(items[i])) for i, en, zh, v, _kind in JIPINGHU_ITEMS if items[i] > 0
    ]
    return ScoreResult(
        variant="guangdong_jipinghu",
        total=fan,
        items=rows,
        valid=True,
        payments=[int(x) for x in out],
        unit="fan",
        qualifying_total=fan,
    )


register_scorer("guangdong_jipinghu", score_jipinghu)
