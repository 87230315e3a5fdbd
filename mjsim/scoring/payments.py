"""Payment records as data: who pays a win, and how much, from a small vocabulary of terms.

A :class:`PaymentRecord` turns a hand value (a fan table's result) into the payment vector of one
win. It is plain data, validated by :func:`compile_record` (a ``ValueError`` names the bad field
and lists the legal values) into an ``int64`` array that the one jitted function :func:`pay`
reads, so a variant's payments add no jitted code. Terms:

- ``amount``: what one payer's share is: ``"value"`` (the hand value times ``unit``) or
  ``"pow2"`` (``unit * 2 ** value``: doubling tables, Sichuan ``b · 2^番``);
- ``discard``: who pays a discard win: ``"discarder"`` (the discarder pays one share) or
  ``"everyone"`` (every other seat still in pays one share; the discarder
  ``discarder_mult`` shares);
- ``self_draw``: who pays a self-draw: ``"each"`` (every other seat still in pays one share)
  or ``"none"`` (a variant without self-draw payments);
- ``self_draw_extra``: added to each self-draw share, in ``unit`` s (Sichuan 自摸加底: 1);
- ``dealer_mult``: a share paid or received by the dealer is multiplied by it (庄家加倍; 1 =
  none);
- ``liability``: ``"pays_all"``: a liable seat (包: 十二张落地, 大三元 / 大四喜 enablers,
  杠上开花包杠) pays every payer's share of a self-draw; ``"none"``: liability is not played;
- ``rob_kong``: how a robbed kong is paid: ``"discard"`` (the robbed seat pays as a discarder)
  or ``"self_draw_by_robbed"`` (counted as a self-draw whose shares the robbed seat pays all:
  "抢杠和等同杠开，当自摸，被抢杠者包三家牌");
- ``dealer_add``, ``dealer_add_self_draw``: added to a share paid in a pair of seats that holds
  the dealer (the winner or the payer is the dealer), on a discard win and on a self-draw, in
  ``unit`` s, before ``dealer_mult`` (太原 "庄家+1分", doubled on a self-draw: 1 and 2);
- ``unready_discarder_add``: added to the discarder's share when the discarder had not
  declared ready (太原 "当玩家未听牌时放铳，放铳者给和家+1分"), in ``unit`` s
  (:func:`unready_discarder_pay`, called by the engine after :func:`pay`);
- ``bonus_add``, ``bonus_row``: when row ``bonus_row`` of the variant's fan table counts in the
  win, each *responsible* payer (every payer of a self-draw, the discarder of a discard win)
  pays ``bonus_add`` units more, after the multipliers (南昌 德国 "+5";
  :func:`responsible_bonus_pay`, called by the engine after :func:`pay`);
- ``payer_open``, ``payer_exposed_kong``, ``payer_concealed_kong``, ``payer_kong_tile``,
  ``payer_wild_kong``: the payer's own doublings (each payer "算自己的番": 武汉 开口翻 / 口口翻). A
  payer's share is doubled once (``payer_open="once"``, 开口翻) or once per meld
  (``"each"``, 口口翻) for its own claimed melds; or, in the other reading of 开口翻 ("each open
  meld ×2 for the payer concerned": the payer who fed it), once (``"fed_once"``) or once per
  meld (``"fed_each"``) for the winner's claimed melds whose tile that payer supplied; and the
  given number of times per exposed
  (or added) kong, concealed kong, kong-only tile set aside (红中杠) and wild set aside (赖子杠)
  of its own (:func:`payer_doublings`, :func:`pay_per_payer`); ``"none"`` and 0 = not played;
- ``payer_cap``: the most one payer pays for one win, after every other term of :func:`pay`
  or :func:`pay_per_payer` (0 = none; 北京 "每人最多输640", 武汉 封顶 300);
  ``all_capped``: when every payer's share reaches ``payer_cap``, each pays up to this instead
  (金顶; 0 = none);
- ``pair_units``: a base table per payer, empty (off) or six multipliers of ``unit`` that
  replace ``unit`` in a share: a discard win between two non-dealers, a discard win of the
  dealer, a dealer's discard won by a non-dealer, a non-dealer's self-draw paid by a non-dealer,
  a non-dealer's self-draw paid by the dealer, the dealer's self-draw (北京 "平点:20 庄点:30
  点庄:40 平摸:40,其中庄20,平10 庄摸:60,各家20": unit 10, ``(2, 3, 4, 1, 2, 2)``);
- ``winner_kongs``: kong money paid to the winner only (a konger who does not win gets
  nothing), empty (off) or three amounts: a concealed kong (each other seat pays), an exposed
  kong (the seat that discarded its tile pays), an added kong (the seat whose discard was
  punged pays) (北京 "明杠10元，不赢没钱，赢了谁打谁付；暗杠20，不赢没钱，赢了每家都付20":
  ``(20, 10, 10)``; :func:`winner_kong_pay`, not multiplied by the hand's terms);
- ``shown_discarder_mult``: a discarder who had declared a shown ready (明楼) pays its share of
  a discard win times this (济南 "若明楼者点炮，也需要双倍付出": 2; 1 = none);
- ``chow_liability``: 承包: when the winner holds this many chows or more claimed from one seat,
  that seat alone pays a discard win of the winner, one share for every other seat, whoever
  discarded (济南 "如果A给B吃了3口，不管谁放炮给B，都由A与B 2个人之间结算，承包则一付三": 3;
  0 = off; the discarder's ``shown_discarder_mult`` then does not apply). :func:`pay_extras`
  applies this term and ``shown_discarder_mult``;
- ``dealer_row``: the dealer terms (``dealer_mult``, ``dealer_add``, ``dealer_add_self_draw``
  and the dealer cases of ``pair_units``) apply only to a win in which row ``dealer_row`` of the
  variant's fan table counts (武汉 "庄家屁胡翻倍": the 屁胡 row; -1 = every win;
  :func:`dealer_terms_apply`, read by the engine and :func:`mjsim.score` before :func:`pay`).

Every payment is a transfer, so the vector sums to zero.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from mjsim.melds import MELD_ADDED_KONG, MELD_CHOW, MELD_CONCEALED_KONG, MELD_KONG, MELD_NONE

AMOUNTS = {"value": 0, "pow2": 1}
DISCARDS = {"discarder": 0, "everyone": 1}
SELF_DRAWS = {"each": 0, "none": 1}
LIABILITIES = {"none": 0, "pays_all": 1}
ROB_KONGS = {"discard": 0, "self_draw_by_robbed": 1}
PAYER_OPENS = {"none": 0, "once": 1, "each": 2, "fed_once": 3, "fed_each": 4}

# compiled record (int64[N_REC])
K_AMOUNT, K_UNIT, K_DISCARD, K_DISCARDER_MULT, K_SELF_DRAW, K_EXTRA, K_DEALER_MULT = range(7)
K_LIABLE, K_ROB = 7, 8
K_DEALER_ADD, K_DEALER_ADD_SELF_DRAW, K_UNREADY_ADD = 9, 10, 11
K_PAYER_OPEN, K_PAYER_EXPOSED_KONG, K_PAYER_CONCEALED_KONG = 12, 13, 14
K_PAYER_KONG_TILE, K_PAYER_WILD_KONG, K_PAYER_CAP, K_ALL_CAPPED = 15, 16, 17, 18
K_BONUS_ADD, K_BONUS_ROW = 19, 20
K_PAIR_UNITS = 21  # 6 slots: K_PAIR_UNITS + PU_* (all 0 = off)
PU_PLAIN, PU_DEALER_WINS, PU_DEALER_PAYS, PU_SELF_PLAIN, PU_SELF_DEALER_PAYS, PU_SELF_DEALER = (
    range(6)
)
K_WINNER_KONGS = 27  # 3 slots: concealed each, exposed from the feeder, added from the feeder
K_WINNER_KONGS_ON = 30
K_SHOWN_DISCARDER_MULT = 31
K_CHOW_LIABILITY = 32
K_DEALER_ROW = 33
N_REC = 34


@dataclass(frozen=True)
class PaymentRecord:
    """A variant's payment rule as data (module docstring for each term)."""

    name: str
    amount: str = "value"
    unit: int = 1
    discard: str = "discarder"
    discarder_mult: int = 1
    self_draw: str = "each"
    self_draw_extra: int = 0
    dealer_mult: int = 1
    liability: str = "none"
    rob_kong: str = "discard"
    dealer_add: int = 0
    dealer_add_self_draw: int = 0
    unready_discarder_add: int = 0
    payer_open: str = "none"
    payer_exposed_kong: int = 0
    payer_concealed_kong: int = 0
    payer_kong_tile: int = 0
    payer_wild_kong: int = 0
    payer_cap: int = 0
    all_capped: int = 0
    bonus_add: int = 0
    bonus_row: int = -1
    pair_units: tuple[int, ...] = ()
    winner_kongs: tuple[int, ...] = ()
    shown_discarder_mult: int = 1
    chow_liability: int = 0
    dealer_row: int = -1

    def per_payer(self) -> bool:
        """Whether a payer's own melds change its share (:func:`pay_per_payer`)."""
        return bool(
            self.payer_open != "none"
            or self.payer_exposed_kong
            or self.payer_concealed_kong
            or self.payer_kong_tile
            or self.payer_wild_kong
        )


def compile_record(rec: PaymentRecord) -> np.ndarray:
    """Validate ``rec`` and compile it to ``int64[N_REC]``.

    Raises ``ValueError`` naming the record and the bad field, with the legal values.
    """

    def choice(field: str, value: object, legal: dict[str, int]) -> int:
        if not isinstance(value, str) or value not in legal:
            raise ValueError(
                f"payment record {rec.name!r}, {field}: {value!r} is not one of {sorted(legal)}"
            )
        return legal[value]

    def count(field: str, value: object, lo: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < lo:
            raise ValueError(
                f"payment record {rec.name!r}, {field}: must be an integer >= {lo}, got {value!r}"
            )
        return int(value)

    out = np.zeros(N_REC, np.int64)
    out[K_AMOUNT] = choice("amount", rec.amount, AMOUNTS)
    out[K_UNIT] = count("unit", rec.unit, 1)
    out[K_DISCARD] = choice("discard", rec.discard, DISCARDS)
    out[K_DISCARDER_MULT] = count("discarder_mult", rec.discarder_mult, 1)
    out[K_SELF_DRAW] = choice("self_draw", rec.self_draw, SELF_DRAWS)
    out[K_EXTRA] = count("self_draw_extra", rec.self_draw_extra, 0)
    out[K_DEALER_MULT] = count("dealer_mult", rec.dealer_mult, 1)
    out[K_LIABLE] = choice("liability", rec.liability, LIABILITIES)
    out[K_ROB] = choice("rob_kong", rec.rob_kong, ROB_KONGS)
    out[K_DEALER_ADD] = count("dealer_add", rec.dealer_add, 0)
    out[K_DEALER_ADD_SELF_DRAW] = count("dealer_add_self_draw", rec.dealer_add_self_draw, 0)
    out[K_UNREADY_ADD] = count("unready_discarder_add", rec.unready_discarder_add, 0)
    out[K_PAYER_OPEN] = choice("payer_open", rec.payer_open, PAYER_OPENS)
    out[K_PAYER_EXPOSED_KONG] = count("payer_exposed_kong", rec.payer_exposed_kong, 0)
    out[K_PAYER_CONCEALED_KONG] = count("payer_concealed_kong", rec.payer_concealed_kong, 0)
    out[K_PAYER_KONG_TILE] = count("payer_kong_tile", rec.payer_kong_tile, 0)
    out[K_PAYER_WILD_KONG] = count("payer_wild_kong", rec.payer_wild_kong, 0)
    out[K_PAYER_CAP] = count("payer_cap", rec.payer_cap, 0)
    out[K_ALL_CAPPED] = count("all_capped", rec.all_capped, 0)
    if rec.all_capped and not rec.payer_cap:
        raise ValueError(f"payment record {rec.name!r}, all_capped (金顶) needs a payer_cap")
    if rec.all_capped and rec.all_capped < rec.payer_cap:
        raise ValueError(
            f"payment record {rec.name!r}, all_capped={rec.all_capped} must be >= "
            f"payer_cap={rec.payer_cap}"
        )
    out[K_BONUS_ADD] = count("bonus_add", rec.bonus_add, 0)
    out[K_BONUS_ROW] = count("bonus_row", rec.bonus_row, -1)
    if out[K_BONUS_ADD] and out[K_BONUS_ROW] < 0:
        raise ValueError(f"payment record {rec.name!r}, bonus_add needs a bonus_row (>= 0)")

    def amounts(field: str, value: object, n: int, lo: int) -> tuple[int, ...]:
        if not isinstance(value, tuple | list) or len(value) not in (0, n):
            raise ValueError(
                f"payment record {rec.name!r}, {field}: give () or {n} integers >= {lo}, "
                f"got {value!r}"
            )
        return tuple(count(f"{field}[{i}]", v, lo) for i, v in enumerate(value))

    pu = amounts("pair_units", rec.pair_units, 6, 1)
    out[K_PAIR_UNITS : K_PAIR_UNITS + len(pu)] = pu
    wk = amounts("winner_kongs", rec.winner_kongs, 3, 0)
    out[K_WINNER_KONGS : K_WINNER_KONGS + len(wk)] = wk
    out[K_WINNER_KONGS_ON] = 1 if wk else 0
    out[K_SHOWN_DISCARDER_MULT] = count("shown_discarder_mult", rec.shown_discarder_mult, 1)
    out[K_CHOW_LIABILITY] = count("chow_liability", rec.chow_liability, 0)
    out[K_DEALER_ROW] = count("dealer_row", rec.dealer_row, -1)
    return out


@njit(cache=True)
def _move(out, payer, receiver, amount):
    if payer != receiver and amount != 0:
        out[payer] -= amount
        out[receiver] += amount


@njit(cache=True)
def pay_amount(rec, value):
    """One payer's share of a win of ``value`` by the compiled record ``rec``: ``unit * value``,
    or ``unit * 2 ** value`` (``amount="pow2"``), before self-draw extras and multipliers."""
    if rec[K_AMOUNT] == 1:
        return rec[K_UNIT] * (np.int64(1) << np.int64(value))
    return rec[K_UNIT] * value


@njit(cache=True)
def _pair_share(rec, share, case):
    """``share`` with ``unit`` replaced by the ``pair_units`` multiplier of ``case`` (``PU_*``;
    unchanged when the record has no base table)."""
    u = rec[K_PAIR_UNITS + case]
    if u == 0:
        return share
    return share * u


@njit(cache=True)
def _capped(rec, a):
    cap = rec[K_PAYER_CAP]
    if cap > 0 and a > cap:
        return cap
    return a


@njit(cache=True)
def pay(rec, value, winner, discarder, dealer, still_in, liable, robbed, out):
    """Add the payments of one win to ``out`` (``int64[4]``); return the winner's income.

    Args:
        rec: a compiled record (:func:`compile_record`).
        value: the hand value (the fan table's result).
        winner, dealer: absolute seats.
        discarder: the discarder's seat on a discard win, -1 on a self-draw.
        still_in: ``bool[4]``, the seats that have not won yet (blood battle: only they pay).
        liable: the seat that pays the whole self-draw (包), or -1.
        robbed: the win robbed a kong of ``discarder`` (抢杠).
        out: ``int64[4]`` per-seat deltas, added to.
    """
    if robbed and discarder >= 0 and rec[K_ROB] == 1:
        liable = discarder
        discarder = -1
    share = pay_amount(rec, value)
    got = 0
    if discarder >= 0:
        if rec[K_DISCARD] == 0:
            case = PU_PLAIN
            if winner == dealer:
                case = PU_DEALER_WINS
            elif discarder == dealer:
                case = PU_DEALER_PAYS
            a = _pair_share(rec, share, case)
            if discarder == dealer or winner == dealer:
                a = (a + rec[K_DEALER_ADD] * rec[K_UNIT]) * rec[K_DEALER_MULT]
            a = _capped(rec, a)
            _move(out, discarder, winner, a)
            return a
        for p in range(4):
            if p == winner or not still_in[p]:
                continue
            case = PU_PLAIN
            if winner == dealer:
                case = PU_DEALER_WINS
            elif p == dealer:
                case = PU_DEALER_PAYS
            a = _pair_share(rec, share, case) * (rec[K_DISCARDER_MULT] if p == discarder else 1)
            if p == dealer or winner == dealer:
                a = (a + rec[K_DEALER_ADD] * rec[K_UNIT]) * rec[K_DEALER_MULT]
            a = _capped(rec, a)
            _move(out, p, winner, a)
            got += a
        return got
    if rec[K_SELF_DRAW] == 1:
        return 0
    for p in range(4):
        if p == winner or not still_in[p]:
            continue
        case = PU_SELF_PLAIN
        if winner == dealer:
            case = PU_SELF_DEALER
        elif p == dealer:
            case = PU_SELF_DEALER_PAYS
        a = _pair_share(rec, share, case) + rec[K_EXTRA] * rec[K_UNIT]
        if p == dealer or winner == dealer:
            a = (a + rec[K_DEALER_ADD_SELF_DRAW] * rec[K_UNIT]) * rec[K_DEALER_MULT]
        a = _capped(rec, a)
        payer = p
        if liable >= 0 and (rec[K_LIABLE] == 1 or (robbed and rec[K_ROB] == 1)):
            payer = liable
        _move(out, payer, winner, a)
        got += a
    return got


@njit(cache=True)
def unready_discarder_pay(rec, winner, discarder, discarder_ready, out):
    """Add the unready discarder's extra (``unready_discarder_add``) to ``out`` (``int64[4]``):
    on a discard win (``discarder`` >= 0) whose discarder had not declared ready, the discarder
    pays the winner ``unready_discarder_add * unit`` more. Returns the amount moved."""
    a = rec[K_UNREADY_ADD] * rec[K_UNIT]
    if discarder < 0 or discarder_ready or a == 0:
        return 0
    _move(out, discarder, winner, a)
    return a


@njit(cache=True)
def per_payer_on(rec):
    """Whether the compiled record ``rec`` has per-payer terms (:func:`pay_per_payer`); False
    for a shorter record (one compiled before these terms existed)."""
    if rec.shape[0] < N_REC:
        return False
    return (
        rec[K_PAYER_OPEN] != 0
        or rec[K_PAYER_EXPOSED_KONG] != 0
        or rec[K_PAYER_CONCEALED_KONG] != 0
        or rec[K_PAYER_KONG_TILE] != 0
        or rec[K_PAYER_WILD_KONG] != 0
    )


@njit(cache=True)
def payer_doublings(rec, melds, kong_tiles, wild_kongs, winner, n, out):
    """Each seat's own doublings as a payer (武汉 "各算各的番"), into ``out`` (``int64[4]``).

    ``melds``: ``int8[n_seats, MAX_MELDS, 3]`` every seat's meld rows ``(meld_type, tile, source)``;
    ``kong_tiles``, ``wild_kongs``: ``int64[4]`` each seat's kong-only tiles (红中杠) and wilds
    (赖子杠) set aside. A seat's count: its claimed melds (chows, pungs, exposed and added
    kongs) once (``payer_open="once"``, 开口翻: at least one) or each (``"each"``, 口口翻),
    plus ``payer_exposed_kong`` per exposed or added kong, ``payer_concealed_kong`` per
    concealed kong, ``payer_kong_tile`` per kong-only tile and ``payer_wild_kong`` per wild
    set aside. With ``payer_open="fed_once"`` / ``"fed_each"`` the 开口 count is instead the
    winner's (seat ``winner`` of ``n`` seats) claimed melds whose tile the seat supplied (the
    meld's source offset), once if any or once each."""
    fed = np.zeros(4, np.int64)
    for q in range(min(4, melds.shape[0])):
        opens = 0
        k = 0
        for i in range(melds.shape[1]):
            mt = melds[q, i, 0]
            if mt == MELD_NONE:
                continue
            if mt == MELD_CONCEALED_KONG:
                k += rec[K_PAYER_CONCEALED_KONG]
            else:
                opens += 1
                if mt == MELD_KONG or mt == MELD_ADDED_KONG:
                    k += rec[K_PAYER_EXPOSED_KONG]
        if rec[K_PAYER_OPEN] == 1:
            k += 1 if opens > 0 else 0
        elif rec[K_PAYER_OPEN] == 2:
            k += opens
        k += rec[K_PAYER_KONG_TILE] * kong_tiles[q] + rec[K_PAYER_WILD_KONG] * wild_kongs[q]
        out[q] = k
    if rec[K_PAYER_OPEN] >= 3 and 0 <= winner < min(4, melds.shape[0]) and n > 0:
        for i in range(melds.shape[1]):
            mt = melds[winner, i, 0]
            src = melds[winner, i, 2]
            if mt == MELD_NONE or mt == MELD_CONCEALED_KONG or src <= 0:
                continue
            q = (winner + src) % n
            if q == winner or q >= out.shape[0]:
                continue
            if rec[K_PAYER_OPEN] == 4:
                out[q] += 1
            else:
                fed[q] = 1
        for q in range(out.shape[0]):
            out[q] += fed[q]


@njit(cache=True)
def _payer_share(rec, share, q, winner, discarder, dealer, doublings):
    a = share << np.int64(doublings[q])
    if q == discarder:
        a *= rec[K_DISCARDER_MULT]
    if q == dealer or winner == dealer:
        a *= rec[K_DEALER_MULT]
    return a


@njit(cache=True)
def pay_per_payer(rec, value, winner, discarder, dealer, still_in, robbed, doublings, out):
    """Add the payments of one win to ``out`` (``int64[4]``) when each payer's share depends on
    the payer (武汉 开口翻): every seat still in pays (a discard win too; the discarder's share
    × ``discarder_mult``, 放冲) one share doubled ``doublings[q]`` times
    (:func:`payer_doublings`), × ``dealer_mult`` in a pair with the dealer, capped at
    ``payer_cap``; when every payer reaches the cap, each pays up to ``all_capped`` (金顶).
    ``discard="discarder"`` keeps the discarder the only payer of a discard win. A robbed kong
    (``robbed``, ``discarder`` = the robbed seat, ``rob_kong="self_draw_by_robbed"``) is paid
    as a self-draw whose shares the robbed seat pays all ("他就要包了"). Returns the winner's
    income."""
    share = pay_amount(rec, value)
    robber = -1
    if robbed and discarder >= 0 and rec[K_ROB] == 1:
        robber = discarder
        discarder = -1
    n_pay = 0
    all_cap = True
    for q in range(still_in.shape[0]):
        if q == winner or not still_in[q]:
            continue
        if discarder >= 0 and rec[K_DISCARD] == 0 and q != discarder:
            continue
        n_pay += 1
        a = _payer_share(rec, share, q, winner, discarder, dealer, doublings)
        if rec[K_PAYER_CAP] == 0 or a < rec[K_PAYER_CAP]:
            all_cap = False
    cap = rec[K_PAYER_CAP]
    if cap > 0 and all_cap and n_pay > 0 and rec[K_ALL_CAPPED] > 0:
        cap = rec[K_ALL_CAPPED]
    got = 0
    for q in range(still_in.shape[0]):
        if q == winner or not still_in[q]:
            continue
        if discarder >= 0 and rec[K_DISCARD] == 0 and q != discarder:
            continue
        a = _payer_share(rec, share, q, winner, discarder, dealer, doublings)
        if cap > 0 and a > cap:
            a = cap
        _move(out, robber if robber >= 0 else q, winner, a)
        got += a
    return got


@njit(cache=True)
def dealer_terms_apply(rec, items):
    """Whether the record's dealer terms apply to a win whose fan table rows counted ``items``
    (``int64[R]``): always unless the record names a ``dealer_row`` that did not count."""
    if rec.shape[0] <= K_DEALER_ROW:
        return True
    row = rec[K_DEALER_ROW]
    if row < 0:
        return True
    return row < items.shape[0] and items[row] > 0


@njit(cache=True)
def bonus_applies(rec, items):
    """True when the record's ``bonus_row`` counts in the win (``items``: the fan table's
    applied rows, int64[R])."""
    if rec.shape[0] <= K_BONUS_ROW:
        return False
    row = rec[K_BONUS_ROW]
    return rec[K_BONUS_ADD] != 0 and 0 <= row < items.shape[0] and items[row] > 0


@njit(cache=True)
def responsible_bonus_pay(rec, winner, discarder, still_in, bonus, out):
    """Add the record's ``bonus_add`` (南昌 德国 +5) to ``out`` (``int64[4]``) when ``bonus``:
    each responsible payer (every other seat still in on a self-draw, ``discarder`` < 0; the
    discarder of a discard win) pays the winner ``bonus_add * unit``. Returns the amount moved."""
    a = rec[K_BONUS_ADD] * rec[K_UNIT]
    if not bonus or a == 0:
        return 0
    if discarder >= 0:
        _move(out, discarder, winner, a)
        return a
    got = 0
    for p in range(4):
        if p != winner and still_in[p]:
            _move(out, p, winner, a)
            got += a
    return got


@njit(cache=True)
def pay_extras(rec, winner, discarder, n_players, melds, discarder_shown, out):
    """Add the payment record's discard-win terms that need the seats' hands to ``out``
    (``int64[4]``, the win's payments by :func:`pay` so far), on a discard win (``discarder``
    >= 0; a self-draw is left alone):

    - ``shown_discarder_mult``: a discarder with a shown ready (``discarder_shown``, 明楼) pays
      its share that many times;
    - ``chow_liability`` (承包): when the winner's ``melds`` (``int8[MAX_MELDS, 3]``, rows
      ``(type, tile, source)``) hold that many chows or more claimed from one seat, that seat
      pays ``n_players - 1`` times the share and the discarder nothing (the liable seat's own
      discard is paid the same way).

    Returns the seat liable under ``chow_liability``, or -1."""
    if discarder < 0:
        return -1
    share = -out[discarder]  # what the discarder pays this win so far
    need = rec[K_CHOW_LIABILITY]
    if need > 0:
        counts = np.zeros(4, np.int64)
        for m in range(melds.shape[0]):
            if melds[m, 0] == MELD_CHOW and melds[m, 2] > 0:
                counts[(winner + melds[m, 2]) % n_players] += 1
        liable = -1
        for q in range(n_players):
            if q != winner and counts[q] >= need:
                liable = q
        if liable >= 0:
            out[discarder] += share
            out[winner] -= share
            _move(out, liable, winner, share * (n_players - 1))
            return liable
    if discarder_shown and rec[K_SHOWN_DISCARDER_MULT] > 1:
        _move(out, discarder, winner, share * (rec[K_SHOWN_DISCARDER_MULT] - 1))
    return -1


@njit(cache=True)
def winner_kong_pay(rec, melds, winner, n_players, mult, out):
    """Kong money of ``winner_kongs`` for the winner's kongs (``melds`` ``int8[MAX_MELDS, 3]``,
    rows ``(type, tile, source)``), times ``mult``, added to ``out`` (``int64[4]``): a concealed
    kong from each other seat, an exposed kong from the seat that discarded its tile, an added
    kong from the seat whose discard was punged. Nothing when the record has no such term.
    Returns the winner's income."""
    if rec[K_WINNER_KONGS_ON] == 0:
        return 0
    got = 0
    for m in range(melds.shape[0]):
        t = melds[m, 0]
        if t == MELD_CONCEALED_KONG:
            a = rec[K_WINNER_KONGS] * mult
            for q in range(n_players):
                if q != winner:
                    _move(out, q, winner, a)
                    got += a
        elif t == MELD_KONG or t == MELD_ADDED_KONG:
            a = rec[K_WINNER_KONGS + (1 if t == MELD_KONG else 2)] * mult
            src = melds[m, 2]
            if src > 0:
                _move(out, (winner + src) % n_players, winner, a)
                got += a
    return got
