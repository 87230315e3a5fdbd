"""The game state: one layout for every variant, a NamedTuple of numpy arrays with a leading
table dimension ``B`` (so one array set holds many tables for batched play).

Per-table and per-seat scalars are packed into two integer arrays (``tv`` and ``pv``) indexed by
the module constants ``TV_*`` / ``PV_*``: numba reads them as compile-time constants, the jitted
signatures stay short, and a new field is one constant. See ``docs/engine.md`` for the table.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from mjsim.melds import MAX_MELDS, MELD_FIELDS

MAX_P = 4
WALL_CAP = 144
MAX_RIVER = 48
N_ITEMS = 96  # >= the largest item table (guobiao: 83 fan ids)
REC_CAP = 2048

# ---- per-table scalars: tv[t, TV_*]
TV_PHASE = 0  # PH_*
TV_SEAT = 1  # seat whose turn it is (PH_TURN) / the discarder during a reaction window
TV_HEAD = 2  # index of the next normal draw in wall[t]
TV_TAIL = 3  # one past the last undrawn tile; replacements come from wall[t, tail-1]
TV_WALL_LEN = 4  # tiles in the wall at the start (the tile set size)
TV_DEALER = 5
TV_ROUND_WIND = 6  # prevailing wind 0..3
TV_HAND_NO = 7  # index of this hand (RNG stream, records)
TV_REPEAT = 8  # dealer-repeat counter carried in (连庄)
TV_MULT = 9  # payment multiplier carried in from drawn hands (1 = none)
TV_ERROR = 10  # ERR_*; a table with an error stops
TV_TILE = 11  # the tile under reaction (discard or kong tile), -1 if none
TV_FROM = 12  # the discarder / konger of TV_TILE
TV_REACT_KIND = 13  # RK_* kind of the open reaction window
TV_REACT_N = 14  # seats asked in this window
TV_REACT_POS = 15  # index of the seat being asked
TV_ASK0 = 16  # TV_ASK0 .. TV_ASK0+3: seats asked, in turn order after TV_FROM
TV_DRAWN = 20  # tile drawn at the start of this turn (-1: the turn began with a claim)
TV_REPLACEMENT = 21  # 1 if TV_DRAWN came from the tail after a kong
TV_N_KONGS = 22  # kongs declared this hand
TV_WINNERS = 23  # bitmask of winning seats
TV_WIN_KIND = 24  # WK_*
TV_WIN_FROM = 25  # discarder / robbed konger, -1 on self-draw or no win
TV_WIN_TILE = 26
TV_N_DECISIONS = 27  # decisions taken (actions applied, passes included)
TV_N_DRAWS = 28  # tiles drawn after the deal (replacements included)
TV_FIRST_ROUND = 29  # 1 until a call or the dealer's second draw
TV_FORBID0 = 30  # kinds that may not be discarded this turn (after a chow), -1 = none
TV_FORBID1 = 31
TV_AFTER_KONG = 32  # the tile under reaction was discarded right after a kong replacement
TV_REC_N = 33  # events written to rec[t]
TV_INDICATOR = 34  # wild indicator kind, -1 if none
TV_N_DISCARDS = 35
TV_NEXT_DEALER = 36  # filled at settlement: dealer of the next hand
TV_NEXT_REPEAT = 37
TV_NEXT_MULT = 38
TV_BIRD = 39  # changsha: the bird tile (扎鸟) of the hand's win, -1 if none
TV_SEABED0 = 40  # changsha: first seat offered the 海底 tile
TV_SEABED_N = 41  # changsha: seats that refused the 海底 tile so far
TV_SEABED_TAKER = 42  # changsha: 1 + the seat that took the 海底 tile (0 = none)
# -- gapsA (48-63): win / claim / ready
TV_LAST_REGION = 48  # 1 while the seat to act drew in the last_tiles_self_draw_only region
# TV ranges reserved for the gap work: 48-63 win/claim/ready; 64-79 wall/dealer/carry-over;
# 80-95 wilds/flowers/dice; 96-111 riichi.
# ---- gapsB block (64-79): dice, dice kong, dealer succession, winds, carry-over
TV_DICE0 = 64  # the hand's opening dice roll (1..6 each), from the table's counter-based RNG
TV_DICE1 = 65
TV_N_ROLLS = 66  # dice rolls made this hand after the opening one (Changsha 开杠)
TV_KONG_DICE = 67  # sum of the last 开杠 dice roll (0 = none this hand)
TV_DICE_REPL = 68  # 1 if TV_DRAWN came from a dice kong (开杠) replacement (杠上开花)
TV_AFTER_DICE_KONG = 69  # the tile under reaction was discarded right after a 开杠 replacement
TV_SEABED_REPL = 70  # 1 + the seat that drew the last (海底) tile as a kong replacement (rule F)
TV_FIRST_DEALER = 71  # dealer of the first hand of the match (round_wind_rule)
TV_NEXT_ROUND_WIND = 72  # filled at settlement: prevailing wind of the next hand
TV_DICE_PENDING = 73  # 1 while the kong under a robbing window is a 开杠 (dice kong)
TV_RESERVE_EXTRA = 74  # tiles added to the reserve by this hand's kongs (G53 arithmetic)
TV_STREAK = 75  # carry-over draw counter carried in (draw_counter_rule: drawn-hand streak / 荒番)
TV_NEXT_STREAK = 76  # filled at settlement: the counter for the next hand
TV_LEVEL = 77  # 上楼 dealer level carried in (dealer_level_max; carry, G64)
TV_NEXT_LEVEL = 78  # filled at settlement: the level of the next hand
# -- gapsC: indicator wilds (docs/spec_gaps.md G6-G18)
TV_IND_POS = 80  # wall position of the turned indicator tile, -1 if none
TV_IND_OUT = 81  # 1: the indicator is out of play (draws from either end skip it)
TV_STAKE = 82  # 庄底子: the dealer's extra stake carried in (draw_dealer_stake; carry, G64)
TV_NEXT_STAKE = 83  # filled at settlement: the dealer stake of the next hand
TV_STAND_FOR = 84  # the wild kind that wild_stand_in copies count as, -1 if none
# -- gapsD: the treasure tile 宝 (G17)
TV_TREASURE = 85  # the 宝 kind (wild_rule="treasure"), -1 until chosen; secret (ready seats only)
# -- gapsG: flowers held in the hand (G21) and wild flowers (G11)
TV_FLOWER_HOLD = 86  # 1 after the opening replacement under flower_replacement="action": a drawn
# flower stays in the hand (PV_HELD_FLOWERS) until exposed by 杠花 (DECLARE + 2)
TV_WILD_FLOWERS = 87  # bit j: flower kind 34 + j is wild this hand (wild_flower_groups), 0 = none
TV_GRAB = 88  # 抢金 (grab_wild, G19): 0 not yet; 1 the dealer declared it (the non-dealers are
# asked first); 2 the non-dealers are asked after the dealer's first discard; 3 over
TV_GRABBED = 89  # 1 + the seat that won by grabbing the gold (抢金), 0 = none
# ---- riichi (helper riichi), 96-111
TV_RC_POT = 96  # ready deposits on the table this hand (points), paid to the first winner
TV_RC_POT_IN = 97  # deposits carried into this hand from drawn hands (carry_deposits, G64)
TV_RC_ABORT = 98  # 1 if the hand ended in an abortive draw (three discard winners)
# ---- gapsF (session 5), 112-115: chickens 鸡 (guizhou, G59), filled at the settlement of a win
TV_CHICKEN_FLIP = 112  # 翻鸡: the chicken kind named by the tile turned after the win, -1 = none
TV_CHICKEN_OPEN = 113  # 打明鸡: the chicken kind named by the stack-3 (+ kongs) tile, -1 = none
TV_CHICKEN_HERO = 114  # 英雄鸡: 18 (1s) when hero_chicken, else -1
# ---- gapsI (session 7), 115-119: the unused pool of wall_tiles_used (G4) in play (G56, G60)
TV_POOL_CUR = 115  # opening exchange: wall position of the next pool tile to swap in (from N up)
TV_POOL_END = 116  # one past the last pool tile; final ready draws take wall[end - 1] (down)
TV_EXCH_N = 117  # tiles the seat to act has swapped in this opening exchange
TV_FIRST_READY = 118  # 1 + the first seat that declared ready this hand (0 = none)
TV_POOL_DRAWS = 119  # final ready draws made from the pool this hand (final_ready_draws)
N_TV = 128

# ---- per-seat scalars: pv[t, seat, PV_*]
PV_N_MELDS = 0
PV_READY = 1
PV_MISSING = 2  # chosen void suit (定缺), -1 if none
PV_WON = 3
PV_LOCK = 4  # missed-win lockout active
PV_CHOICE = 5  # hidden choice in the open reaction window (-1 = not answered)
PV_PAY = 6  # payment of this hand (zero-sum across seats for zero-sum families)
PV_SCORE = 7  # running score across hands (kept by reset)
PV_KONG = 8  # kong points earned this hand and not yet settled
PV_VALUE = 9  # hand value of this seat's win
PV_N_RIVER = 10
PV_N_FLOWERS = 11
PV_N_EXPOSED = 12  # exposed (claimed or added) melds: for must_open
PV_CAN_WIN = 13  # WIN was among the options of the open window
PV_LIABLE = 14  # 包自摸: 1 + the seat liable for this seat's self-draw (0 = none; first enabler)
PV_KONG_FROM = 15  # exposed kong claimed from a discard: 8 * (kong number) + 1 + its discarder
# -- gapsH (session 6): 16-19
PV_BET = 16  # pre-hand stake chosen with BET + k (pre_hand_bet, G57): 炮子 0-4, or tianjin
# 坐庄 (dealer, 0/1) / 拉庄 count (non-dealer, 0-2)
PV_SK_EXTRA = 17  # 17..20: copies added to this seat's special kong of group g (special_kongs,
# G31; pv[PV_SK_EXTRA + g], 2 bits per group member in group order)
PV_FENG = 21  # 放风 / 补风 (honor_set_exposure, G24): bits 0-6 the set's honour kinds (27 + j),
# bit 7 the set is complete, bits 8+ the 补风 count
PV_LEDGER0 = 24  # 24..27: sichuan kong-income ledger row of this payer, [PV_LEDGER0 + receiver]
PV_LAST_KONG = 28  # sichuan: what this seat paid for the last kong (呼叫转移 "last kong" scope)
# -- gapsA (32-39): win / claim / ready
PV_LOCK_HAND = 32  # 1: missed win after a ready declaration, no discard win this hand
PV_READY_KIND = 33  # READY_MODE_* of the seat's ready declaration (valid when PV_READY != 0)
PV_PUNG_LOCK = 34  # missed_pung_lockout: 1 + the kind whose pung was passed (0 = none)
PV_OPTS = 35  # the O_* option bits of the seat in the open reaction window
# -- gapsD (36-37)
PV_STANDING = 36  # 立牌 still held (standing_tiles): up to 4 kinds, kind + 1 in 6-bit fields
# (bits 6i..6i+5, 0 = empty); a copy in a call is taken from the other tiles first
PV_CHOW_READY = 37  # 1 after a 吃听 claim (CHOW_READY_*): the seat's discard must declare ready
PV_LOCK_VALUE = 38  # 过胡 (missed_win_threshold="higher_value"): the largest worth of the wins
# the seat passed since its missed-win lockout began (mjsim.engine.settle.worth)
# PV ranges reserved for the gap work: 32-39 win/claim/ready; 40-47 wall/dealer/carry-over;
# 48-55 wilds/flowers/dice; 56-63 riichi.
# ---- gapsB block (40-47)
PV_DICE_LOCK = 40  # 开杠 made: every non-winning draw must be discarded (Changsha, dice_kong)
# -- gapsC
PV_N_WILD_DISCARDED = 48  # wild tiles this seat discarded this hand (G13; hangzhou 财飘)
PV_HONOR_FLOWERS = 49  # honour tiles set aside as flowers (honors_are_flowers): 3 bits per
# kind, count of kind 27 + j in bits 3j..3j+2
PV_N_WILD_KONGS = 50  # wilds this seat set aside as kongs (wild_kong, 赖子杠; G20)
PV_LOOKED = 51  # 1 once this ready seat has looked at the 宝 (its first draw after ready; G17)
PV_HELD_FLOWERS = 52  # bit j: flower kind 34 + j is in the concealed hand (a wild flower, G11,
# or a flower not yet exposed under flower_replacement="action", G21); hands[t, p, 34 + j] counts
# it like a set-aside flower
PV_N_PIAO = 53  # 财飘 (wild_wait_context, G63): wilds this seat discarded from a 爆头 hand (its
# hand without the drawn tile waited on every tile with a lone wild)
# -- gapsE (54-55): kong-only tiles (kong_only_tiles, 红中杠 / 杠牌; G22)
PV_N_KONG_TILES = 54  # kong-only tiles this seat set aside (KONG + k), each a kong for the scorer
PV_N_KONG_MONEY = 55  # of which anqing money tiles (发, or 红中 when 发 is the 钻)
# ---- riichi (helper riichi), 56-63
PV_RC_IPPATSU = 56  # 1 from a ready declaration until the seat's next discard or any call / kong
PV_RC_DOUBLE = 57  # ready declared on the seat's first discard before any call (double riichi)
N_PV = 64

# ---- phases
PH_TURN = 0
PH_REACT = 1
PH_CHOOSE_SUIT = 2
PH_DONE = 3
PH_DECLARE = 4  # changsha: opening-hand small wins declared after the deal (DECLARE / PASS)
PH_SEABED = 5  # changsha: the last (海底) tile is offered in seat order (DECLARE + 1 = take / PASS)
PH_GRAB = 6  # 抢金 (grab_wild): a non-dealer whose hand the revealed gold completes takes it
# (DECLARE + 5, a self-draw win) or passes (PASS), nearest after the dealer first
PH_BET = 7  # pre-hand stakes (pre_hand_bet, G57): seats from the dealer each choose BET + k
PH_EXCHANGE = 8  # opening exchange (opening_exchange, G56): DISCARD + k swaps k with the pool
PH_POOL_DRAW = 9  # final ready draw (final_ready_draws, G60): the drawer may WIN or PASS
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
RF_KONG_TILE = 128  # a kong-only tile set aside (kong_only_tiles, 红中杠 / 杠牌; G22): not a
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
}


def encode_event(kind: int, seat: int, arg: int) -> int:
    """Pack an event into one int32."""
    return int(np.int32(kind | (seat << 8) | (arg << 12)))


def decode_event(ev: int) -> tuple[int, int, int]:
    """``(kind, seat, arg)`` of a packed event."""
    ev = int(ev)
    return ev & 0xFF, (ev >> 8) & 0xF, ev >> 12
