"""Score a win with a compiled fan table: the Python boundary around the jitted detector.

:func:`score_with_table` runs :func:`mjsim.scoring.detect.detect` on one win (arrays) and names
the rows that count, in the variant's own words (Chinese and English); :func:`score_win` does the
same from strings, with :func:`mjsim.score`'s checks and a check that the win context does not
contradict itself. Plain Python; the jitted code is :mod:`mjsim.scoring.detect` and
:mod:`mjsim.scoring.fan_table`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from mjsim.scoring.fan_table import CompiledTable
from mjsim.scoring.patterns import PATTERNS


@dataclass(frozen=True)
class TableScore:
    """One win scored by a fan table.

    Attributes:
        value: the hand value in the table's unit; -1 when the hand is not a win of the
            table's shapes.
        uncapped: the value before the cap.
        qualifying: the value of the rows that count toward ``min_to_win``.
        valid: a win (``value >= 0``) whose qualifying value reaches ``min_to_win``.
        items: ``[(row, english, chinese, value, count), ...]`` the rows that count, in table
            order (``value`` of one occurrence).
        counts: ``{pattern key: count}`` of the best reading (non-zero counts only).
        shape: the best reading's shape (``"standard"``, ``"seven_pairs"``,
            ``"thirteen_orphans"``, ``"three_wilds"``, a free-form reading ``"all_258_free"``,
            ``"all_honors_free"``, ``"knitted"``, ``"knitted_honor_pair"``, ``"shisanlan"``, or ``""``).
        payments: one int per seat (winner positive, sum 0) by the variant's payment record
            (:func:`score_win`; empty from :func:`score_with_table`, which knows no seats).
    """

    value: int
    uncapped: int
    qualifying: int
    valid: bool
    items: list[tuple[int, str, str, int, int]]
    counts: dict[str, int]
    shape: str
    payments: list[int] = field(default_factory=list)

    def item_counts(self) -> dict[str, int]:
        """``{chinese_name: count}`` of the items."""
        return {zh: n for _i, _en, zh, _v, n in self.items}


_SHAPE_NAMES = {
    1: "standard",
    2: "seven_pairs",
    4: "thirteen_orphans",
    8: "three_wilds",
    16: "all_258_free",
    32: "all_honors_free",
    64: "knitted",
    128: "knitted_honor_pair",
    256: "shisanlan",
}


def score_with_table(
    compiled: CompiledTable,
    concealed: np.ndarray,
    melds: np.ndarray,
    win_tile: int,
    flags: np.ndarray,
    n_winners: int = 1,
) -> TableScore:
    """Score one win (arrays as :mod:`mjsim.scoring.context` describes) with ``compiled``.

    ``n_winners``: players winning on the same discard (一炮三响 when 3). The hand is not
    checked for legality beyond having a reading of the table's shapes (that is the rules'
    job); the result says ``value == -1`` when it has none.
    """
    from mjsim.scoring.detect import (
        CTX_N_WINNERS,
        N_CTX,
        N_RESULT,
        R_QUALIFYING,
        R_SHAPE,
        R_UNCAPPED,
        detect,
    )

    ctx = np.zeros(N_CTX, np.int64)
    ctx[CTX_N_WINNERS] = n_winners
    counts = np.zeros(len(PATTERNS), np.int64)
    applied = np.zeros(compiled.rows.shape[0], np.int64)
    result = np.zeros(N_RESULT, np.int64)
    value = int(
        detect(
            np.ascontiguousarray(concealed[:34], np.uint8),
            np.ascontiguousarray(melds, np.int8),
            int(win_tile),
            np.ascontiguousarray(flags, np.int64),
            ctx,
            compiled.rows,
            compiled.cancels,
            compiled.header,
            counts,
            applied,
            result,
        )
    )
    from mjsim.scoring.fan_table import C_KIND, C_VALUE, H_MIN_TO_WIN, KIND_CONDITION

    items = [
        (r, en, zh, int(compiled.rows[r, C_VALUE]), int(applied[r]))
        for r, (zh, en) in enumerate(compiled.names)
        if applied[r] > 0 and compiled.rows[r, C_KIND] != KIND_CONDITION
    ]
    qualifying = int(result[R_QUALIFYING])
    return TableScore(
        value=value,
        uncapped=int(result[R_UNCAPPED]),
        qualifying=qualifying,
        valid=value >= 0 and qualifying >= int(compiled.header[H_MIN_TO_WIN]),
        items=items if value >= 0 else [],
        counts={p.key: int(c) for p, c in zip(PATTERNS, counts, strict=True) if c},
        shape=_SHAPE_NAMES.get(int(result[R_SHAPE]), ""),
    )


def table_counts(
    variant: str,
    params: dict[str, Any],
    concealed: np.ndarray,
    melds: np.ndarray,
    win_tile: int,
    flags: np.ndarray,
    n_winners: int = 1,
) -> tuple[int, dict[int, int]]:
    """``(value, {row: count})`` of one win by the fan table of ``variant`` under its named
    parameters ``params`` (:mod:`mjsim.scoring.tables`): what :func:`mjsim.score`'s adapters of
    the table-driven variants value a hand with. ``value`` is -1 when no reading of the table's
    shapes makes the hand a win; the rows of a table keep the item ids of the variant's items.
    """
    from mjsim.scoring import tables

    result = score_with_table(
        tables.get(variant, **params), concealed, melds, win_tile, flags, n_winners
    )
    return result.value, {r: n for r, _en, _zh, _v, n in result.items}


def score_win(
    variant: str,
    hand: str | Sequence[int] | np.ndarray,
    *,
    win_tile: str | int,
    melds: Iterable[str | Sequence[int]] = (),
    self_drawn: bool = False,
    seat: int = 0,
    dealer: int = 0,
    discarder: int | None = None,
    seat_wind: str | int | None = None,
    round_wind: str | int = "E",
    flowers: int | str = 0,
    last_wall_tile: bool = False,
    kong_replacement: bool = False,
    robbing_kong: bool = False,
    after_kong_discard: bool = False,
    heavenly: bool = False,
    earthly: bool = False,
    human: bool = False,
    n_winners: int = 1,
    has_won: Sequence[bool] | None = None,
    liable: int | None = None,
    wilds: str | Iterable[int] = (),
    ready_kind: str | None = None,
    discarder_ready: bool = True,
    exposed_flowers: str | Iterable[int] = (),
    wild_wait: bool = False,
    wild_piao: int = 0,
    carry_mult: int = 1,
    honor_tiles_out: int = 0,
    bufeng: Sequence[int] | None = None,
    ready_first_discard: bool = False,
    dealer_repeats: int = 0,
    grabbed: bool = False,
    honor_flowers: str | Iterable[int] = (),
    kong_money: int = 0,
    treasure_win: int | str = 0,
    kong_tiles: Sequence[int] | None = None,
    wild_kongs: Sequence[int] | None = None,
    seat_melds: Sequence[Iterable[str | Sequence[int]]] | None = None,
    tiles_left: int | None = None,
    discarder_shown: bool = False,
    **params: Any,
) -> TableScore:
    """Score a win of a table-driven ``variant`` from strings, as :func:`mjsim.score` does.

    The hand, melds and seats are parsed and checked as :func:`mjsim.score` checks them
    (:func:`mjsim.scoring.api.build_win`); the win context is then checked for contradictions
    (:func:`mjsim.scoring.win_checks.check_win_context`), and the hand is scored with the
    variant's fan table (:mod:`mjsim.scoring.tables`) under its named parameters ``params``.

    Args:
        variant: a variant with a fan table (:func:`mjsim.scoring.tables.names`).
        seat_wind: E/S/W/N or 0-3; default the winner's wind from ``seat`` and ``dealer``.
        after_kong_discard, heavenly, earthly, human: 杠上炮, 天和, 地和, 人和. ``earthly`` is a
            non-dealer's win in the first go-round before its own first discard, a self-draw
            or a discard win, as the engine flags it (地胡 "庄家打出第一张牌就有人胡"); on a discard
            it is also 人和 (the engine flags both, so ``human`` is set with it: common_fan's
            地胡 row reads ``human``). :func:`mjsim.score` refuses an ``earthly`` discard win
            where the rule set narrows 地和 to a self-draw
            (:func:`mjsim.engine.spec_win.check_spec_win`).
        n_winners: players winning on this discard (一炮三响 when 3).
        has_won: 4 booleans, seats that already won this hand (blood battle); they pay nothing.
        liable: the seat that pays the whole self-draw (包), where the variant plays liability.
        wilds: the wild kinds, as tiles (``"3p4p"``) or kinds 0-33. Where the variant has a
            ``wild_stand_in`` (白板) that is not itself wild, its copies count as natural copies
            of the lowest wild kind.
        ready_kind: the winner's ready declaration, ``None`` (not ready) or a
            ``RuleSpec.ready_modes`` kind: ``"hidden"`` (暗听), ``"shown"`` (明楼 / 明打),
            ``"shown_self_draw_only"`` (明摸: a discard win is refused).
        discarder_ready: on a discard win, whether the discarder had declared ready (a payment
            record's ``unready_discarder_add`` is paid by an unready discarder; 太原 放铳 +1).
        exposed_flowers: the flowers the winner has set aside, as flower tiles (``"1f5f"``:
            春 and 梅; 1f-4f 春夏秋冬, 5f-8f 梅兰竹菊) or kinds 34-41 (ningbo 杠花 台).
        wild_wait, wild_piao: 爆头 (the hand without the winning tile waited on every tile
            with a lone wild) and the 财飘 count (wilds discarded from such a wait before).
        carry_mult: the payment multiplier carried in from drawn hands (``F_CARRY_MULT``; the
            engine's ``RuleSpec.draw_counter_rule``: 4 after two consecutive drawn hands under
            ``double_per_draw``): every payment of the win is multiplied by it (1 = none).
        honor_tiles_out: the honour tiles the winner put out by 放风 / 补风
            (``F_HONOR_TILES_OUT``; a table may let them break 门清).
        bufeng: 4 counts, each seat's 补风 (``honor_set_exposure``): each payer of the win pays
            the winner's count less its own more, after the multiplier (the engine's 补风
            settlement); ``None`` = none.
        ready_first_discard: the winner declared ready with its first discard (天听,
            ``F_READY_FIRST_DISCARD``); needs ``ready_kind``.
        dealer_repeats: the dealer-repeat counter carried into the hand (连庄数).
        grabbed: the win is a grab of the turned gold (抢金, ``F_GRABBED``); needs
            ``self_drawn`` (a grab is scored as a self-draw).
        honor_flowers: the honour tiles the winner has set aside as flowers
            (``honors_are_flowers``), as tiles (``"1111z5z"``) or kinds 27-33: they add to the
            flower count (``flowers`` / ``exposed_flowers`` give the eight bonus flowers), and
            each kind set aside four times is ``F_HONOR_FLOWER_QUADS``.
        kong_money: the money tiles the winner has set aside as kong-only tiles
            (``F_KONG_MONEY``: Anqing's 发, or 红中 when 发 is the 钻).
        treasure_win: how a 宝 win happened (``F_TREASURE_WIN``): 0 none, 1 or
            ``"treasure_draw"`` (摸宝), 2 or ``"treasure_match"`` (对宝), 3 or
            ``"treasure_in_treasure"`` (宝中宝); needs ``self_drawn``, a ``ready_kind``, no
            ``wilds`` and a variant that plays the 宝 (:data:`mjsim.scoring.tables.TREASURE`).
        kong_tiles, wild_kongs: 4 counts, each seat's kong-only tiles (红中杠) and wilds
            (赖子杠) set aside this hand; the winner's are scored by the table
            (``F_KONG_TILES``, ``F_WILD_KONGS``), the payers' by a record with per-payer
            terms. ``None`` = none. With one of the winner's, ``kong_replacement`` needs no
            kong among the melds (杠开 on the replacement of a tile set aside).
        seat_melds: 4 meld lists, each seat's melds, for a record with per-payer terms (武汉
            开口翻: a payer's own melds double its share); the winner's entry is ignored (its
            melds are ``melds``). ``None`` = the payers have no melds.
        tiles_left: live tiles left in the wall after the winning tile (``F_TILES_LEFT``; 海底捞
            within the last four tiles); ``None`` = not known.
        discarder_shown: on a discard win, the discarder had declared a shown ready (明楼; a
            payment record's ``shown_discarder_mult``).
        params: the table's named parameters (``cap=4``), and the payment record's (Sichuan
            ``base``).

    Returns the :class:`TableScore` with ``payments`` by the variant's payment record
    (:func:`mjsim.scoring.tables.payment`): all 0 for a hand below the minimum to win.

    Raises:
        ValueError: everything :func:`mjsim.score` refuses; a contradictory win context (the
            conflict named); ``n_winners`` outside 1-3 or above 1 on a self-draw; an unknown
            variant, table parameter or wild tile; ``carry_mult`` below 1; ``honor_tiles_out``
            below 0; ``bufeng``, ``kong_tiles`` or ``wild_kongs`` not 4 counts >= 0;
            ``ready_first_discard`` without a ready; ``grabbed`` without ``self_drawn``;
            ``honor_flowers`` not honour tiles or more than four of a kind; ``kong_money`` below
            0; ``seat_melds`` not 4 meld lists; ``tiles_left`` below 0; a ``treasure_win`` not
            one of its values, or one without a self-draw, a ready, in a variant without the 宝,
            or with ``wilds``.
    """
    from mjsim.scoring import tables
    from mjsim.scoring.api import build_win
    from mjsim.scoring.context import (
        F_AFTER_KONG_DISCARD,
        F_CARRY_MULT,
        F_DEALER_REPEATS,
        F_EARTHLY,
        F_FLOWER_KINDS,
        F_FLOWERS,
        F_GRABBED,
        F_HEAVENLY,
        F_HONOR_FLOWER_QUADS,
        F_HONOR_TILES_OUT,
        F_HUMAN,
        F_IMAGINED_WILD,
        F_KONG_MONEY,
        F_KONG_REPLACEMENT,
        F_KONG_TILES,
        F_N_WILD,
        F_READY,
        F_READY_FIRST_DISCARD,
        F_READY_KIND,
        F_SEAT_WIND,
        F_STAND_IN,
        F_TILES_LEFT,
        F_TREASURE_WIN,
        F_WILD_KINDS,
        F_WILD_KONGS,
        F_WILD_PIAO,
        F_WILD_WAIT,
    )
    from mjsim.scoring.win_checks import check_win_context
    from mjsim.tiles import parse_tiles

    record = tables.compiled_payment(variant, **params)
    params.pop("base", None)  # the payment record's parameter, not the table's
    compiled = tables.get(variant, **params)
    # a replacement drawn for a 红中 or 赖子 set aside (kong_tiles / wild_kongs) is a kong's
    # replacement too (杠开 "红中、癞子、四张杠上开花"), with no kong among the melds
    aside = 0
    if isinstance(seat, int) and 0 <= seat <= 3:
        for given in (kong_tiles, wild_kongs):
            if isinstance(given, Sequence) and len(given) == 4:
                c = given[seat]
                if isinstance(c, int | np.integer) and not isinstance(c, bool) and c > 0:
                    aside += int(c)
    aside_bloom = bool(kong_replacement) and bool(self_drawn) and aside > 0
    win = build_win(
        hand,
        win_tile=win_tile,
        melds=melds,
        self_drawn=self_drawn,
        seat=seat,
        dealer=dealer,
        discarder=discarder,
        seat_wind=seat_wind,
        round_wind=round_wind,
        flowers=flowers,
        last_wall_tile=last_wall_tile,
        kong_replacement=bool(kong_replacement) and not aside_bloom,
        robbing_kong=robbing_kong,
        hand_size=win_size(variant),
    )
    check_win_context(
        seat=win.seat,
        dealer=win.dealer,
        self_drawn=win.self_drawn,
        n_melds=win.n_melds,
        seat_wind=int(win.flags[F_SEAT_WIND]),  # given, or the seat's own (build_win)
        kong_replacement=bool(kong_replacement),
        last_wall_tile=bool(last_wall_tile),
        after_kong_discard=bool(after_kong_discard),
        robbing_kong=bool(robbing_kong),
        heavenly=bool(heavenly),
        earthly=bool(earthly),
        human=bool(human),
        discarder=win.discarder,
        has_won=has_won,
    )
    if isinstance(n_winners, bool) or not isinstance(n_winners, int) or not 1 <= n_winners <= 3:
        raise ValueError(f"n_winners must be 1-3, got {n_winners!r}")
    if win.self_drawn and n_winners != 1:
        raise ValueError(f"a self-draw has one winner, got n_winners={n_winners}")
    kinds = parse_tiles(wilds, flowers=False) if isinstance(wilds, str) else list(wilds)
    mask = 0
    for k in kinds:
        if isinstance(k, bool) or not isinstance(k, int | np.integer) or not 0 <= k < 34:
            raise ValueError(f"wilds must be tiles or kinds 0-33, got {k!r}")
        mask |= 1 << int(k)
    flags = win.flags.copy()
    if aside_bloom:
        flags[F_KONG_REPLACEMENT] = 1
    flags[F_AFTER_KONG_DISCARD] = int(bool(after_kong_discard))
    flags[F_HEAVENLY] = int(bool(heavenly))
    flags[F_EARTHLY] = int(bool(earthly))
    # a first-go-round discard win is 人和 as well: the engine flags both (win_context)
    flags[F_HUMAN] = int(bool(human) or (bool(earthly) and not win.self_drawn))
    flags[F_WILD_KINDS] = mask
    if (
        isinstance(carry_mult, bool)
        or not isinstance(carry_mult, int | np.integer)
        or carry_mult < 1
    ):
        raise ValueError(f"carry_mult must be an integer >= 1, got {carry_mult!r}")
    flags[F_CARRY_MULT] = int(carry_mult)
    if (
        isinstance(honor_tiles_out, bool)
        or not isinstance(honor_tiles_out, int | np.integer)
        or honor_tiles_out < 0
    ):
        raise ValueError(f"honor_tiles_out must be an integer >= 0, got {honor_tiles_out!r}")
    flags[F_HONOR_TILES_OUT] = int(honor_tiles_out)
    if bufeng is not None:
        counts = list(bufeng) if isinstance(bufeng, Sequence | np.ndarray) else None
        if (
            counts is None
            or len(counts) != 4
            or any(
                isinstance(c, bool) or not isinstance(c, int | np.integer) or c < 0 for c in counts
            )
        ):
            raise ValueError(f"bufeng must be 4 counts >= 0 (one per seat), got {bufeng!r}")
    if discarder_shown and win.self_drawn:
        raise ValueError("discarder_shown (a 明楼 discarder) needs a discard win")
    if ready_first_discard and ready_kind is None:
        raise ValueError("ready_first_discard (天听) needs a ready_kind")
    flags[F_READY_FIRST_DISCARD] = int(bool(ready_first_discard))
    si = stand_in(variant)
    if mask and si >= 0 and not (mask >> si) & 1:
        flags[F_STAND_IN] = si + 1  # 白板 plays as a natural copy of the wild kind
    if ready_kind is not None:
        from mjsim.rules.params import READY_MODE_CODES, READY_MODE_SHOWN_SELF_DRAW_ONLY

        if ready_kind not in READY_MODE_CODES:
            raise ValueError(
                f"ready_kind={ready_kind!r} is not one of {sorted(READY_MODE_CODES)} (or None)"
            )
        code = READY_MODE_CODES[ready_kind]
        if code == READY_MODE_SHOWN_SELF_DRAW_ONLY and not win.self_drawn:
            raise ValueError(
                "ready_kind='shown_self_draw_only' (明摸) wins by self-draw only: "
                "self_drawn must be True"
            )
        flags[F_READY] = 1
        flags[F_READY_KIND] = code + 1
    flags[F_N_WILD] = sum(int(win.concealed[k]) for k in range(34) if (mask >> k) & 1)
    flags[F_IMAGINED_WILD] = imagined_wild(variant)  # 心皇: a joker held by no tile
    fkinds = (
        parse_tiles(exposed_flowers, flowers=True)
        if isinstance(exposed_flowers, str)
        else list(exposed_flowers)
    )
    fmask = 0
    for k in fkinds:
        if isinstance(k, bool) or not isinstance(k, int | np.integer) or not 34 <= k < 42:
            raise ValueError(f"exposed_flowers must be flower tiles or kinds 34-41, got {k!r}")
        fmask |= 1 << (int(k) - 34)
    flags[F_FLOWER_KINDS] = fmask
    if fmask and not flowers:
        flags[F_FLOWERS] = bin(fmask).count("1")
    hkinds = (
        parse_tiles(honor_flowers, flowers=True)
        if isinstance(honor_flowers, str)
        else list(honor_flowers)
    )
    hcount = [0] * 7
    for k in hkinds:
        if isinstance(k, bool) or not isinstance(k, int | np.integer) or not 27 <= k < 34:
            raise ValueError(f"honor_flowers must be honour tiles or kinds 27-33, got {k!r}")
        hcount[int(k) - 27] += 1
    if max(hcount) > 4:
        raise ValueError(f"honor_flowers: at most four of a kind, got {honor_flowers!r}")
    flags[F_FLOWERS] += len(hkinds)
    flags[F_HONOR_FLOWER_QUADS] = sum(1 for n in hcount if n == 4)
    if grabbed and not win.self_drawn:
        raise ValueError("grabbed (抢金) is scored as a self-draw: self_drawn must be True")
    flags[F_GRABBED] = int(bool(grabbed))
    if isinstance(kong_money, bool) or not isinstance(kong_money, int) or kong_money < 0:
        raise ValueError(f"kong_money must be an integer >= 0, got {kong_money!r}")
    flags[F_KONG_MONEY] = kong_money
    flags[F_TREASURE_WIN] = _treasure_win_code(
        variant, treasure_win, win.self_drawn, ready_kind, mask
    )
    if isinstance(wild_piao, bool) or not isinstance(wild_piao, int) or wild_piao < 0:
        raise ValueError(f"wild_piao must be an integer >= 0, got {wild_piao!r}")
    if (wild_wait or wild_piao) and not mask:
        raise ValueError("wild_wait / wild_piao (爆头 / 财飘) need wild tiles (wilds=...)")
    if wild_piao and not wild_wait:
        raise ValueError("wild_piao (财飘) needs wild_wait=True: the win is on a lone-wild wait")
    if (
        isinstance(dealer_repeats, bool)
        or not isinstance(dealer_repeats, int)
        or dealer_repeats < 0
    ):
        raise ValueError(f"dealer_repeats must be an integer >= 0, got {dealer_repeats!r}")
    flags[F_DEALER_REPEATS] = dealer_repeats
    seat_counts = {}
    for name, given in (("kong_tiles", kong_tiles), ("wild_kongs", wild_kongs)):
        counts4 = [0, 0, 0, 0] if given is None else list(given)
        if len(counts4) != 4 or any(
            isinstance(c, bool) or not isinstance(c, int | np.integer) or c < 0 for c in counts4
        ):
            raise ValueError(f"{name} must be 4 counts >= 0 (one per seat), got {given!r}")
        seat_counts[name] = np.array(counts4, np.int64)
    flags[F_KONG_TILES] = int(seat_counts["kong_tiles"][win.seat])
    flags[F_WILD_KONGS] = int(seat_counts["wild_kongs"][win.seat])
    if tiles_left is not None:
        if isinstance(tiles_left, bool) or not isinstance(tiles_left, int) or tiles_left < 0:
            raise ValueError(f"tiles_left must be an integer >= 0, got {tiles_left!r}")
        flags[F_TILES_LEFT] = tiles_left + 1
    from mjsim.melds import MAX_MELDS, MELD_FIELDS, MELD_NONE
    from mjsim.scoring.melds_parse import parse_melds

    all_melds = np.full((4, MAX_MELDS, MELD_FIELDS), MELD_NONE, np.int8)
    if seat_melds is not None:
        if isinstance(seat_melds, str) or len(seat_melds) != 4:
            raise ValueError(f"seat_melds must be 4 meld lists (one per seat), got {seat_melds!r}")
        for q in range(4):
            if q != win.seat:
                all_melds[q] = parse_melds(seat_melds[q])
    all_melds[win.seat] = win.melds
    flags[F_WILD_WAIT] = int(bool(wild_wait))
    flags[F_WILD_PIAO] = int(wild_piao)
    if liable is not None:
        if (
            isinstance(liable, bool)
            or not isinstance(liable, int | np.integer)
            or not 0 <= liable <= 3
        ):
            raise ValueError(f"liable must be a seat 0-3, got {liable!r}")
        if liable == win.seat or not win.self_drawn:
            raise ValueError("liable (包) pays a self-draw of another player")
    result = score_with_table(compiled, win.concealed, win.melds, win.win_tile, flags, n_winners)
    from mjsim.scoring.payments import (
        K_ROB,
        bonus_applies,
        dealer_terms_apply,
        pay,
        pay_extras,
        pay_per_payer,
        payer_doublings,
        per_payer_on,
        responsible_bonus_pay,
        unready_discarder_pay,
        winner_kong_pay,
    )

    out = np.zeros(4, np.int64)
    if result.valid:
        still_in = np.ones(4, np.bool_) if has_won is None else ~np.array(has_won, np.bool_)
        applied = np.zeros(compiled.rows.shape[0], np.int64)
        for r, _en, _zh, _v, n in result.items:
            applied[r] = n
        dealer = win.dealer if dealer_terms_apply(record, applied) else -1
        if per_payer_on(record):
            doublings = np.zeros(4, np.int64)
            payer_doublings(
                record, all_melds, seat_counts["kong_tiles"], seat_counts["wild_kongs"],
                win.seat, 4, doublings,
            )  # fmt: skip
            pay_per_payer(
                record, result.value, win.seat, win.discarder, dealer, still_in,
                bool(robbing_kong), doublings, out,
            )  # fmt: skip
        else:
            pay(
                record, result.value, win.seat, win.discarder, dealer, still_in,
                -1 if liable is None else int(liable), bool(robbing_kong), out,
            )  # fmt: skip
        if not win.self_drawn and not (robbing_kong and record[K_ROB] == 1):
            unready_discarder_pay(record, win.seat, win.discarder, bool(discarder_ready), out)
            pay_extras(record, win.seat, win.discarder, 4, win.melds, bool(discarder_shown), out)
        if bonus_applies(record, applied):  # the record's bonus (南昌 德国 +5)
            d = win.discarder if not win.self_drawn else -1
            responsible_bonus_pay(record, win.seat, d, still_in, True, out)
        out *= int(carry_mult)  # the engine multiplies every payment of the hand likewise
        # kong money to the winner only, times the carried multiplier alone (not levelled up)
        winner_kong_pay(record, win.melds, win.seat, 4, int(carry_mult), out)
        if bufeng is not None:  # 补风: each payer pays N(winner) - M(payer) more
            for q in range(4):
                if q != win.seat and out[q] < 0:
                    x = int(bufeng[win.seat]) - int(bufeng[q])
                    out[q] -= x
                    out[win.seat] += x
    return replace(result, payments=[int(x) for x in out])


#: win-context keywords :func:`score_table_variant` passes to :func:`score_win` (the rest of
#: its keywords are the fan table's named parameters)
_CONTEXT_KEYWORDS = (
    "after_kong_discard",
    "heavenly",
    "earthly",
    "human",
    "n_winners",
    "has_won",
    "liable",
    "wilds",
    "ready_kind",
    "discarder_ready",
    "exposed_flowers",
    "wild_wait",
    "wild_piao",
    "carry_mult",
    "honor_tiles_out",
    "bufeng",
    "ready_first_discard",
    "dealer_repeats",
    "grabbed",
    "honor_flowers",
    "kong_money",
    "treasure_win",
    "kong_tiles",
    "wild_kongs",
    "seat_melds",
    "tiles_left",
    "discarder_shown",
)

#: ``treasure_win`` names and their ``F_TREASURE_WIN`` values
TREASURE_WINS = {"none": 0, "treasure_draw": 1, "treasure_match": 2, "treasure_in_treasure": 3}


def _treasure_win_code(
    variant: str, treasure_win: Any, self_drawn: bool, ready_kind: str | None, wild_mask: int
) -> int:
    """``F_TREASURE_WIN`` of :func:`score_win`'s ``treasure_win``; ``ValueError`` naming the
    bad value or the conflict."""
    from mjsim.scoring import tables

    if isinstance(treasure_win, str) and treasure_win in TREASURE_WINS:
        code = TREASURE_WINS[treasure_win]
    elif isinstance(treasure_win, int | np.integer) and not isinstance(treasure_win, bool):
        code = int(treasure_win)
    else:
        code = -1
    if not 0 <= code <= 3:
        raise ValueError(
            f"treasure_win={treasure_win!r} is not one of 0-3 or {sorted(TREASURE_WINS)}"
        )
    if code == 0:
        return 0
    if variant not in tables.TREASURE:
        raise ValueError(
            f"treasure_win={treasure_win!r}: {variant!r} plays no treasure wild 宝 "
            f"(wild_rule='treasure'); tables with one: {sorted(tables.TREASURE) or 'none'}"
        )
    if not self_drawn:
        raise ValueError(
            f"treasure_win={treasure_win!r}: a 宝 win (摸宝 / 对宝 / 宝中宝) is a self-draw: "
            "self_drawn must be True"
        )
    if ready_kind is None:
        raise ValueError(
            f"treasure_win={treasure_win!r}: the 宝 wins only for a ready seat: ready_kind "
            "must be given"
        )
    if wild_mask:
        raise ValueError(
            f"treasure_win={treasure_win!r} with wilds: the 宝 is the only wild of a treasure "
            "variant and is never held as one (wilds must be empty)"
        )
    return code


def win_size(variant: str) -> int:
    """Tiles of a complete hand of the table-driven ``variant``, each meld counted as 3: 14,
    or 17 for a table of hands dealt 16 tiles (five sets and a pair;
    :data:`mjsim.scoring.tables.WIN_SIZE`)."""
    from mjsim.scoring import tables

    return tables.WIN_SIZE.get(variant, 14)


def imagined_wild(variant: str) -> int:
    """Imagined wild tiles (心皇) of the table-driven ``variant`` (``RuleSpec.imagined_wild``:
    a joker of every win held by no tile; :data:`mjsim.scoring.tables.IMAGINED_WILD`), or 0."""
    from mjsim.scoring import tables

    return tables.IMAGINED_WILD.get(variant, 0)


def stand_in(variant: str) -> int:
    """The stand-in kind of the table-driven ``variant`` (``RuleSpec.wild_stand_in``: its
    copies count as natural copies of the lowest wild kind;
    :data:`mjsim.scoring.tables.STAND_IN`), or -1."""
    from mjsim.scoring import tables

    return tables.STAND_IN.get(variant, -1)


def score_table_variant(win: Any, *, variant: str, **context: Any) -> Any:
    """:func:`mjsim.score`'s adapter of every fan table without a scorer of its own (the
    table-driven variants with ``scoring="table"``): the win scored by the variant's fan table
    and payment record (:mod:`mjsim.scoring.tables`) under the table's default parameters (a
    variant's default ``score_values`` are these defaults), overridden by keywords.

    Args:
        win: the parsed win (:class:`mjsim.scoring.api.WinInput`).
        variant: the variant id (a fan table of :mod:`mjsim.scoring.tables`).
        context: win-context keywords of :func:`score_win` (``heavenly``, ``earthly``,
            ``human``, ``after_kong_discard``, ``n_winners``, ``has_won``, ``liable``,
            ``wilds``, ``ready_kind``, ``discarder_ready``, ``carry_mult``, ``honor_tiles_out``, ``bufeng``,
            ``ready_first_discard``) and the table's named parameters (``stake=2``).

    The seat wind East, :func:`mjsim.score`'s default, is read as "the winner's own wind" (from
    ``seat`` and ``dealer``); another seat wind must match them.

    Returns a :class:`mjsim.scoring.result.ScoreResult` (``items`` = the table's rows that
    count, ``id`` = the row).

    Raises:
        ValueError: a hand with no reading of the table's shapes (naming the variant), an
            unknown keyword (listing the table's parameters and the context keywords), what
            :func:`score_win` refuses.
    """
    from mjsim.scoring import tables
    from mjsim.scoring.context import F_ROUND_WIND, F_SEAT_WIND
    from mjsim.scoring.result import ScoreResult

    name = variant
    module_params = tables.parameters(name)
    params: dict[str, Any] = {}
    ctx: dict[str, Any] = {}
    for key, value in context.items():
        if key in _CONTEXT_KEYWORDS:
            ctx[key] = value
        elif key in module_params:
            params[key] = value
        else:
            raise ValueError(
                f"{variant}: unknown keyword {key!r}; table parameters: "
                f"{sorted(module_params)}; win context: {list(_CONTEXT_KEYWORDS)}"
            )
    result = score_win(
        name,
        np.array(win.concealed[:34], np.int64),
        win_tile=int(win.win_tile),
        melds=[tuple(int(x) for x in row) for row in win.melds[: win.n_melds]],
        self_drawn=win.self_drawn,
        seat=win.seat,
        dealer=win.dealer,
        discarder=None if win.self_drawn else win.discarder,
        seat_wind=int(win.flags[F_SEAT_WIND]),  # given, or the seat's own (build_win)
        round_wind=int(win.flags[F_ROUND_WIND]),
        flowers=int(win.flags[3]),
        last_wall_tile=bool(win.flags[5]),
        kong_replacement=bool(win.flags[6]),
        robbing_kong=bool(win.flags[7]),
        **ctx,
        **params,
    )
    if result.value < 0:
        raise ValueError(
            f"{variant}: not a winning hand (the fan table's readings: "
            f"{', '.join(tables.get(name).table.shapes)})"
        )
    return ScoreResult(
        variant=variant,
        total=result.value,
        items=[(r, en, zh, v, n) for r, en, zh, v, n in result.items],
        valid=result.valid,
        payments=result.payments,
        unit=tables.get(name).table.unit,
        qualifying_total=result.qualifying,
    )
