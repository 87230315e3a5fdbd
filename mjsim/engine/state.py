"""The game state: one layout for every variant, a NamedTuple of numpy arrays with a leading
table dimension ``B`` (so one array set holds many tables for batched play).

Per-table and per-seat scalars are packed into two integer arrays (``tv`` and ``pv``) indexed by
the module constants ``TV_*`` / ``PV_*``: numba reads them as compile-time constants, the jitted
signatures stay short, and a new field is one row of :data:`TV_LAYOUT` or :data:`PV_LAYOUT`, the
one table of slots, grouped by concept, from which the constants are bound and the page
docs/state_layout.md is generated (``python -m mjsim.engine.state docs/state_layout.md``;
tests/test_state_layout.py checks that the page is current).
"""

from __future__ import annotations

import re
from typing import NamedTuple

import numpy as np

from mjsim.melds import MAX_MELDS, MELD_FIELDS
from mjsim.rules.limits import MAX_RIVER

MAX_P = 4
WALL_CAP = 144
N_ITEMS = 96  # >= the largest item table (guobiao: 83 fan ids)
REC_CAP = 2048

Layout = tuple[tuple[str, tuple[tuple[str, int, int, str], ...]], ...]


def _parse_layout(text: str) -> Layout:
    """``(concept, ((name, slot, width, meaning), ...))`` from a table of lines ``NAME SLOT
    meaning`` (``SLOT+W``: ``W`` slots from ``SLOT``) under ``## concept`` headings; an indented
    line continues the meaning above."""
    groups: list[tuple[str, list[tuple[str, int, int, str]]]] = []
    for line in text.strip().splitlines():
        if line.startswith("## "):
            groups.append((line[3:].strip(), []))
        elif line.startswith(" "):
            name, slot, width, meaning = groups[-1][1][-1]
            groups[-1][1][-1] = (name, slot, width, f"{meaning} {line.strip()}")
        else:
            name, where, meaning = line.split(None, 2)
            slot, _, width = where.partition("+")
            groups[-1][1].append((name, int(slot), int(width or 1), meaning))
    return tuple((concept, tuple(slots)) for concept, slots in groups)


#: The per-table scalars ``tv[t, TV_*]`` (``int32``), grouped by concept: ``(concept, ((name,
#: slot, width, meaning), ...))``. Each name becomes a module constant (``TV_PHASE = 0``) that
#: numba reads as a compile-time constant; a slot of width ``w`` covers ``slot .. slot + w - 1``.
#: docs/state_layout.md is generated from this table (:func:`layout_markdown`).
TV_LAYOUT: Layout = _parse_layout(
    """
## Phase and the seat to act
TV_PHASE            0      phase of play (``PH_*``)
TV_SEAT             1      seat whose turn it is (``PH_TURN``) / the discarder during a reaction
                           window
TV_ERROR            10     ``ERR_*``; a table with an error stops
TV_N_DECISIONS      27     decisions taken (actions applied, passes included)
TV_REC_N            33     events written to ``rec[t]``
## The wall
TV_HEAD             2      index of the next normal draw in ``wall[t]``
TV_TAIL             3      one past the last undrawn tile; replacements come from ``wall[t, tail
                           - 1]``
TV_WALL_LEN         4      tiles in the wall at the start (the tile set size)
TV_N_DRAWS          28     tiles drawn after the deal (replacements included)
TV_RESERVE_EXTRA    74     tiles added to the reserve by this hand's kongs and flower quads
TV_LAST_REGION      48     1 while the seat to act drew in the ``last_tiles_self_draw_only``
                           region
TV_POOL_CUR         115    opening exchange: wall position of the next unused-pool tile to swap
                           in
TV_POOL_END         116    one past the last unused-pool tile; final ready draws take ``wall[end
                           - 1]``
TV_EXCH_N           117    tiles the seat to act has swapped in this opening exchange
TV_POOL_DRAWS       119    final ready draws made from the unused pool this hand
## The turn
TV_DRAWN            20     tile drawn at the start of this turn (-1: the turn began with a
                           claim)
TV_REPLACEMENT      21     1 if ``TV_DRAWN`` came from the tail after a kong or a set-aside;
                           2 if after a flower drawn from the head (flower_bloom)
TV_DICE_REPL        68     1 if ``TV_DRAWN`` came from a dice-kong 开杠 replacement (杠上开花)
TV_FORBID0          30     a kind that may not be discarded this turn (after a chow), -1 = none
TV_FORBID1          31     a second such kind, -1 = none
TV_FIRST_ROUND      29     1 until a call or the dealer's second draw
TV_N_DISCARDS       35     discards made this hand
TV_N_KONGS          22     kongs declared this hand
## The reaction window
TV_TILE             11     the tile under reaction (discard or kong tile), -1 if none
TV_FROM             12     the discarder / konger of ``TV_TILE``
TV_REACT_KIND       13     ``RK_*`` kind of the open reaction window
TV_REACT_N          14     seats asked in this window
TV_REACT_POS        15     index of the seat being asked
TV_ASK0             16+4   the seats asked, in turn order after ``TV_FROM``
TV_AFTER_KONG       32     the tile under reaction was discarded right after a kong replacement
TV_AFTER_DICE_KONG  69     the tile under reaction was discarded right after a 开杠 replacement
TV_DICE_PENDING     73     1 while the kong under a robbing window is a dice kong 开杠
## Dice
TV_DICE0            64     the hand's opening dice roll (1..6 each), from the table's
                           counter-based RNG
TV_DICE1            65     the second die of the opening roll
TV_N_ROLLS          66     dice rolls made this hand after the opening one (开杠, the 宝 roll)
TV_KONG_DICE        67     sum of the last 开杠 dice roll (0 = none this hand)
## Wild tiles, the 宝, flowers
TV_INDICATOR        34     wild indicator kind, -1 if none
TV_IND_POS          80     wall position of the turned indicator (or the 宝 out of play), -1 if
                           none
TV_IND_OUT          81     1: the indicator is out of play (draws from either end skip it)
TV_STAND_FOR        84     the wild kind that ``wild_stand_in`` copies count as, -1 if none
TV_TREASURE         85     the 宝 kind (``wild_rule='treasure'``), -1 until chosen; secret (ready
                           seats only)
TV_FLOWER_HOLD      86     1 after the opening replacement under
                           ``flower_replacement='action'``: a drawn flower stays in the hand
                           until exposed (杠花)
TV_WILD_FLOWERS     87     bit j: flower kind 34 + j is wild this hand (``wild_flower_groups``),
                           0 = none
TV_GRAB             88     抢金 (``grab_wild``): 0 not yet; 1 the dealer declared it; 2 the non-
                           dealers are asked after the dealer's first discard; 3 over
TV_GRABBED          89     1 + the seat that won by grabbing the gold (抢金), 0 = none
## The last tile 海底 (changsha)
TV_SEABED0          40     first seat offered the 海底 tile
TV_SEABED_N         41     seats that refused the 海底 tile so far
TV_SEABED_TAKER     42     1 + the seat that took the 海底 tile (0 = none)
TV_SEABED_REPL      70     1 + the seat that drew the 海底 tile as a kong replacement
## Ready declarations and deposits
TV_FIRST_READY      118    1 + the first seat that declared ready this hand (0 = none)
TV_RC_POT           96     ready deposits on the table this hand (points), paid to the first
                           winner
TV_RC_POT_IN        97     deposits carried into this hand from drawn hands (``carry_deposits``)
TV_RC_DORA_LATE     43     riichi: kongs whose kan dora indicator is not turned yet (an open or
                           added kong under ``kan_dora_timing='after_discard'``: turned by the
                           konger's next discard or kong)
## Red fives (``red_fives``)
TV_RED_POS          99+12  ``tv[TV_RED_POS + 4 * suit + j]``: 1 + the wall position of red five j
                           of suit m / p / s (0 = none); set at the deal
TV_TILE_RED         111    1 if the tile under reaction (``TV_TILE``: a discard or a kong tile)
                           is a red five
## The result of the hand
TV_WINNERS          23     bitmask of winning seats
TV_WIN_KIND         24     ``WK_*``
TV_WIN_FROM         25     discarder / robbed konger, -1 on a self-draw or no win
TV_WIN_TILE         26     the winning tile
TV_RC_ABORT         98     1 if the hand ended in an abortive draw
TV_BIRD             39     the bird tile (扎鸟) of the hand's win, -1 if none
TV_CHICKEN_FLIP     112    翻鸡: the chicken kind named by the tile turned after the win, -1 =
                           none
TV_CHICKEN_OPEN     113    打明鸡: the chicken kind named by the stack-3 (+ kongs) tile, -1 = none
TV_CHICKEN_HERO     114    英雄鸡: 18 (1s) with ``hero_chicken``, else -1
## The match: carried into this hand
TV_DEALER           5      the dealer's seat
TV_ROUND_WIND       6      prevailing wind 0..3
TV_HAND_NO          7      index of this hand (RNG stream, records)
TV_REPEAT           8      dealer-repeat counter (连庄, or the honba under
                           ``repeat_counter='honba'``)
TV_MULT             9      payment multiplier carried in from drawn hands (1 = none)
TV_FIRST_DEALER     71     dealer of the first hand of the match (``round_wind_rule``)
TV_STREAK           75     draw counter carried in (``draw_counter_rule``: drawn-hand streak /
                           荒番)
TV_LEVEL            77     上楼 dealer level carried in (``dealer_level_max``)
TV_STAKE            82     庄底子: the dealer's extra stake carried in (``draw_dealer_stake``)
## The match: carried to the next hand (filled at settlement)
TV_NEXT_DEALER      36     dealer of the next hand
TV_NEXT_REPEAT      37     the repeat counter of the next hand
TV_NEXT_MULT        38     the payment multiplier of the next hand
TV_NEXT_ROUND_WIND  72     prevailing wind of the next hand
TV_NEXT_STREAK      76     the draw counter of the next hand
TV_NEXT_LEVEL       78     the dealer level of the next hand
TV_NEXT_STAKE       83     the dealer stake of the next hand
"""
)
N_TV = 128

#: The per-seat scalars ``pv[t, seat, PV_*]`` (``int32``), grouped by concept, as
#: :data:`TV_LAYOUT`.
PV_LAYOUT: Layout = _parse_layout(
    """
## Hand, melds, river, flowers
PV_N_MELDS          0      meld rows in use
PV_N_EXPOSED        12     exposed (claimed or added) melds: for ``must_open``
PV_N_RIVER          10     discards in the river
PV_N_FLOWERS        11     flowers set aside
PV_HONOR_FLOWERS    49     honour tiles set aside face up: as flowers (``honors_are_flowers``)
                           or put out by 放风 / 补风 (``honor_set_exposure``); 3 bits per kind,
                           the count of kind 27 + j in bits 3j..3j+2
PV_HELD_FLOWERS     52     bit j: flower kind 34 + j is in the concealed hand (a wild flower, or
                           a flower not yet exposed under ``flower_replacement='action'``);
                           ``hands[t, p, 34 + j]`` counts it
PV_STANDING         36     立牌 still held (``standing_tiles``): up to 4 kinds, kind + 1 in 6-bit
                           fields (bits 6i..6i+5, 0 = empty); a copy in a call is taken from the
                           other tiles first
PV_SK_EXTRA         17+4   ``pv[PV_SK_EXTRA + g]``: copies added to this seat's special kong of
                           group g (``special_kongs``), 2 bits per group member in group order
PV_FENG             21     放风 / 补风 (``honor_set_exposure``): bits 0-6 the set's honour kinds (27
                           + j), bit 7 the set is complete, bits 8+ the 补风 count
PV_RED_HAND         41+3   ``pv[PV_RED_HAND + suit]``: red fives of suit m / p / s in the
                           concealed hand (``red_fives``)
PV_RED_MELD         44+3   ``pv[PV_RED_MELD + suit]``: red fives of suit m / p / s in the melds
PV_RED_RIVER        59+2   red discards: bit ``i % 24`` of ``pv[PV_RED_RIVER + i // 24]`` is set
                           when river entry ``i`` is a red five
## Ready, void suit, locks
PV_READY            1      1 after a ready declaration
PV_READY_KIND       33     ``READY_MODE_*`` of the ready declaration (valid when ``PV_READY !=
                           0``)
PV_MISSING          2      chosen void suit (定缺), -1 if none
PV_LOCK             4      missed-win lockout: 1 (every wait) or 1 + the passed kind; 0 = none
PV_LOCK_VALUE       38     过胡 (``missed_win_threshold="higher_value"``): the largest worth of the
                           wins the seat passed since its missed-win lockout began
                           (:func:`mjsim.engine.settle.worth`)
PV_LOCK_HAND        32     1: missed win after a ready declaration, no discard win this hand
PV_PUNG_LOCK        34     ``missed_pung_lockout``: 1 + the kind whose pung was passed (0 =
                           none)
PV_DICE_LOCK        40     开杠 made (``dice_kong``): every non-winning draw must be discarded
PV_CHOW_READY       37     1 after a chow-ready claim 吃听: the seat's discard must declare ready
PV_LOOKED           51     1 once this ready seat has looked at the 宝 (its first draw after
                           ready)
PV_RC_IPPATSU       56     1 from a ready declaration until the seat's next discard or any call
                           / kong (riichi)
PV_RC_DOUBLE        57     ready declared on the seat's first discard before any call (double
                           riichi, 天听; any ready kind)
PV_RC_PAO           58     riichi pao 責任払い (``pao``): ``1 + liable seat`` in bits 0-3, the
                           yakuman it is liable for in bits 4-6 (``PAO_*``), 0 = none
## The reaction window
PV_CHOICE           5      hidden choice in the open reaction window (-1 = not answered); the
                           chosen void suit while choosing
PV_CAN_WIN          13     WIN was among the options of the open window
PV_OPTS             35     the ``O_*`` option bits (:mod:`mjsim.engine.board`) of the seat in
                           the open window
## Winning and money
PV_WON              3      1 once the seat has won (blood battle: it sits out)
PV_VALUE            9      hand value of this seat's win; -1: the scorer found no reading of a win
                           the engine allowed (paid as 0; an invariant violation, see
                           ``mjsim.engine.invariants``)
PV_PAY              6      payment of this hand (zero-sum across seats, deposits aside)
PV_SCORE            7      running score across hands (kept by the deal)
PV_KONG             8      kong points earned this hand and not yet settled
PV_LIABLE           14     包自摸: 1 + the seat liable for this seat's self-draw (0 = none; the
                           first enabler)
PV_KONG_FROM        15     exposed kong claimed from a discard: 8 * (kong number) + 1 + its
                           discarder
PV_LEDGER0          24+4   ``pv[PV_LEDGER0 + receiver]``: what this seat paid ``receiver`` for
                           kongs this hand
PV_LAST_KONG        28     what this seat paid for the most recent kong (呼叫转移)
PV_BET              16     pre-hand stake chosen with BET + k (``pre_hand_bet``): 炮子 0-4, or 坐庄
                           (dealer, 0/1) / 拉庄 count (non-dealer, 0-2)
## Counts for the scorer
PV_N_WILD_DISCARDED 48     wild tiles this seat discarded this hand
PV_WILD_FED         62     精 bonus points of the wild tiles this seat claimed from discards
                           (``wild_bonus_feeder_pays``)
PV_WILD_FEEDER      63     1 + the seat that fed the last 精 this seat claimed (0 = none)
PV_N_WILD_KONGS     50     wilds this seat set aside as kongs (``wild_kong``, 赖子杠)
PV_N_PIAO           53     财飘 (``wild_wait_context``): wilds discarded from a hand whose wait,
                           without the drawn tile, was every tile with a lone wild
PV_N_KONG_TILES     54     kong-only tiles this seat set aside (KONG + k), each a kong for the
                           scorer
PV_N_KONG_MONEY     55     of which money tiles (发, or 红中 when 发 is the wild;
                           ``kong_only_tiles='two_dragons'``)
"""
)
N_PV = 64


def _declare(layout: Layout, n: int) -> None:
    """Bind every slot name of ``layout`` as a module constant; ``ValueError`` for two slots
    sharing an index, a slot outside ``0 .. n - 1`` or a name declared twice."""
    taken: dict[int, str] = {}
    for _concept, slots in layout:
        for name, slot, width, _meaning in slots:
            if name in globals():
                raise ValueError(f"state slot {name} declared twice")
            for i in range(slot, slot + width):
                if not 0 <= i < n or i in taken:
                    raise ValueError(f"state slot {name} index {i} is taken or out of 0..{n - 1}")
                taken[i] = name
            globals()[name] = slot


_declare(TV_LAYOUT, N_TV)
_declare(PV_LAYOUT, N_PV)

# ---- phases
PH_TURN = 0
PH_REACT = 1
PH_CHOOSE_SUIT = 2
PH_DONE = 3
PH_DECLARE = 4  # changsha: opening-hand small wins declared after the deal (DECLARE / PASS)
PH_SEABED = 5  # changsha: the last (海底) tile is offered in seat order (DECLARE + 1 = take / PASS)
PH_GRAB = 6  # 抢金 (grab_wild): a non-dealer whose hand the revealed gold completes takes it
# (DECLARE + 5, a self-draw win) or passes (PASS), nearest after the dealer first
PH_BET = 7  # pre-hand stakes (pre_hand_bet): seats from the dealer each choose BET + k
PH_EXCHANGE = 8  # opening exchange (opening_exchange): DISCARD + k swaps k with the pool
PH_POOL_DRAW = 9  # final ready draw (final_ready_draws): the drawer may WIN or PASS
PH_LAST = PH_POOL_DRAW  # the largest phase code (observation spaces)
PHASE_NAMES = (
    "turn",
    "react",
    "choose_suit",
    "done",
    "declare",
    "seabed",
    "grab",
    "bet",
    "exchange",
    "pool_draw",
)

# ---- reaction kinds
RK_DISCARD = 0
RK_ROB_ADDED = 1
RK_ROB_CONCEALED = 2

# ---- win kinds
WK_NONE = 0
WK_SELF_DRAW = 1
WK_DISCARD = 2
WK_ROB_KONG = 3
WIN_KIND_NAMES = ("none", "self_draw", "discard", "rob_kong")

# ---- river flags
RF_CLAIMED = 1  # taken into a meld
RF_READY = 2  # the discard that declared ready
RF_WON = 4  # won on (stays in the river)
RF_ROBBED = 8  # a robbed kong tile, placed in the konger's river
RF_FACE_DOWN = 32  # a standing tile discarded face down to declare ready (立牌, standing_tiles):
# nobody may claim or win on it; observers other than the discarder do not see its kind
RF_WILD_KONG = 16  # a wild set aside as a kong (wild_kong, 赖子杠): not a discard, never claimable
RF_KONG_TILE = 128  # a kong-only tile set aside (kong_only_tiles, 红中杠 / 杠牌): not a
# discard, never claimable
RF_OLD_TREASURE = 64  # a 宝 replaced by 换宝, laid face up in the dealer's river (harbin): not a
# discard, never claimable

# ---- error codes
ERR_NONE = 0
ERR_ILLEGAL = 1
ERR_RECORD_FULL = 2
ERR_RIVER_FULL = 3
ERR_DONE = 4
ERR_INVARIANT = 5
ERROR_NAMES = ("none", "illegal_action", "record_full", "river_full", "hand_over", "invariant")


class State(NamedTuple):
    """Arrays of ``B`` tables. Shapes and dtypes:

    - ``wall``: ``uint8[B, 144]`` tile order; live tiles are ``wall[t, head:tail]``
    - ``hands``: ``uint8[B, 4, 42]`` concealed counts (34 kinds) + flowers set aside (34-41)
    - ``melds``: ``int8[B, 4, MAX_MELDS, 3]`` rows ``(meld_type, tile, source)`` (mjsim.melds)
    - ``river``: ``uint8[B, 4, MAX_RIVER]`` each seat's discards in order
    - ``river_flags``: ``uint8[B, 4, MAX_RIVER]`` ``RF_*`` bits (claimed, ready, won on, robbed)
    - ``tv``: ``int32[B, N_TV]`` per-table scalars (``TV_*``)
    - ``pv``: ``int32[B, 4, N_PV]`` per-seat scalars (``PV_*``)
    - ``wild``: ``uint8[B, 34]`` 1 where a kind is wild this hand
    - ``rng``: ``uint64[B, 4]`` counter-based RNG: (game key, counter, agent key, counter)
    - ``items``: ``int32[B, 4, N_ITEMS]`` scoring-item counts of each seat's win
    - ``rec``: ``int32[B, R]`` event record (``R = 0`` disables recording)
    """

    wall: np.ndarray
    hands: np.ndarray
    melds: np.ndarray
    river: np.ndarray
    river_flags: np.ndarray
    tv: np.ndarray
    pv: np.ndarray
    wild: np.ndarray
    rng: np.ndarray
    items: np.ndarray
    rec: np.ndarray


def new_state(n_tables: int, rec_cap: int = REC_CAP) -> State:
    """Allocate a zeroed :class:`State` of ``n_tables`` tables (``rec_cap`` events per table)."""
    B = int(n_tables)
    if B < 1:
        raise ValueError(f"n_tables={n_tables!r} must be >= 1")
    return State(
        wall=np.zeros((B, WALL_CAP), np.uint8),
        hands=np.zeros((B, MAX_P, 42), np.uint8),
        melds=np.full((B, MAX_P, MAX_MELDS, MELD_FIELDS), -1, np.int8),
        river=np.zeros((B, MAX_P, MAX_RIVER), np.uint8),
        river_flags=np.zeros((B, MAX_P, MAX_RIVER), np.uint8),
        tv=np.zeros((B, N_TV), np.int32),
        pv=np.zeros((B, MAX_P, N_PV), np.int32),
        wild=np.zeros((B, 34), np.uint8),
        rng=np.zeros((B, 4), np.uint64),
        items=np.zeros((B, MAX_P, N_ITEMS), np.int32),
        rec=np.zeros((B, int(rec_cap)), np.int32),
    )


# ---- record events: ev = kind | seat << 8 | arg << 12 (arg signed)
EV_DEAL = 1  # seat = dealer, arg = hand index
EV_DRAW = 2  # seat drew arg from the wall head
EV_DRAW_TAIL = 3  # seat drew arg from the tail (kong / flower replacement)
EV_FLOWER = 4  # seat set aside flower arg (34-41)
EV_ACT = 5  # seat took action arg (every decision, passes included)
EV_CALL = 6  # seat's claim arg (an action id) won the reaction window
EV_WIN = 7  # seat won, arg = hand value
EV_PAY = 8  # seat's payment of the hand, arg = amount (signed)
EV_END = 9  # seat = win kind (WK_*), arg = winners bitmask
EV_INDICATOR = 10  # arg = wild indicator kind
EV_POOL = 11  # seat took arg from the unused pool (opening exchange, final ready draw)
EV_RED = 12  # red fives (red_fives) moved by the seat's preceding event: arg = kind | n << 6, n
# red copies of kind (a five): the tile drawn, the tile discarded, the copies a call or a kong
# took from the hand (the claimed discard's redness is its own discard's EV_RED)
EVENT_NAMES = {
    EV_DEAL: "deal",
    EV_DRAW: "draw",
    EV_DRAW_TAIL: "draw_tail",
    EV_FLOWER: "flower",
    EV_ACT: "act",
    EV_CALL: "call",
    EV_WIN: "win",
    EV_PAY: "pay",
    EV_END: "end",
    EV_INDICATOR: "indicator",
    EV_POOL: "pool",
    EV_RED: "red",
}


def encode_event(kind: int, seat: int, arg: int) -> int:
    """Pack an event into one int32."""
    return int(np.int32(kind | (seat << 8) | (arg << 12)))


def decode_event(ev: int) -> tuple[int, int, int]:
    """``(kind, seat, arg)`` of a packed event."""
    ev = int(ev)
    return ev & 0xFF, (ev >> 8) & 0xF, ev >> 12


def layout_markdown() -> str:
    """The page docs/state_layout.md: the arrays of :class:`State` and every ``tv`` / ``pv`` slot
    by concept (from :data:`TV_LAYOUT` and :data:`PV_LAYOUT`), then the phase, reaction-kind,
    win-kind, river-flag, error and event codes."""
    out = [
        "# State layout",
        "",
        "<!-- generated by `python -m mjsim.engine.state docs/state_layout.md` from "
        "mjsim/engine/state.py; do not edit -->",
        "",
        "The state of `B` tables is one `State` (`mjsim.engine.state`), a NamedTuple of numpy "
        "arrays with a leading table dimension. Per-table and per-seat scalars are packed into "
        f"`tv` (`int32[B, {N_TV}]`) and `pv` (`int32[B, {MAX_P}, {N_PV}]`), indexed by the "
        "constants below; unused slots are 0.",
        "",
        "| array | dtype and shape | holds |",
        "|---|---|---|",
    ]
    for line in (State.__doc__ or "").splitlines():
        m = re.match(r"\s*- ``(\w+)``: ``([^`]+)`` (.*)", line)
        if m:
            name, shape, what = m.groups()
            out.append(f"| `{name}` | `{shape}` | {what.replace('``', '`')} |")
    for title, layout in (
        ("`tv[t, TV_*]`: per table", TV_LAYOUT),
        ("`pv[t, seat, PV_*]`: per seat", PV_LAYOUT),
    ):
        out += ["", f"## {title}"]
        for concept, slots in layout:
            out += ["", f"### {concept}", "", "| slot | name | meaning |", "|---|---|---|"]
            for name, slot, width, meaning in slots:
                where = str(slot) if width == 1 else f"{slot}-{slot + width - 1}"
                out.append(f"| {where} | `{name}` | {meaning.replace('``', '`')} |")
    codes = (
        ("Phases (`TV_PHASE`)", "PH_"),
        ("Reaction kinds (`TV_REACT_KIND`)", "RK_"),
        ("Win kinds (`TV_WIN_KIND`)", "WK_"),
        ("River flags (`river_flags` bits)", "RF_"),
        ("Errors (`TV_ERROR`)", "ERR_"),
        ("Record events (`rec`: `kind | seat << 8 | arg << 12`)", "EV_"),
    )
    for title, prefix in codes:
        out += ["", f"## {title}", "", "| code | name |", "|---|---|"]
        names = [
            (v, k)
            for k, v in globals().items()
            if k.startswith(prefix) and isinstance(v, int) and k != "PH_LAST"  # an alias
        ]
        for v, k in sorted(names):
            out.append(f"| {v} | `{k}` |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    import sys

    text = layout_markdown()
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
