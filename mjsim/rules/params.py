"""Indices into ``CompiledRules.params`` (``int64[NP]``) and the integer codes of enum fields.

Numba treats module-level integer globals as compile-time constants, so a jitted kernel reads a
rule as ``rules.params[P_ALLOW_CHOW]`` at no cost. Adding a rule = one dataclass field in
:mod:`mjsim.rules.spec`, one ``P_`` index here, one line in ``RuleSpec.compile`` and its validation.
"""

from __future__ import annotations

# ---- parameter indices -------------------------------------------------------------------------
P_N_PLAYERS = 0
P_HAND_SIZE = 1
P_N_TILES = 2
P_FLOWERS = 3
P_ALLOW_CHOW = 4
P_CHOW_LEFT_ONLY = 5
P_ALLOW_PUNG = 6
P_ALLOW_EXPOSED_KONG = 7
P_ALLOW_ADDED_KONG = 8
P_ALLOW_CONCEALED_KONG = 9
P_NO_KONG_AFTER_PUNG = 10
P_FORBID_CHOW_SAME_DISCARD = 11
P_WILD_RULE = 12
P_WILD_AFTER_READY_ONLY = 13
P_WIN_SHAPES = 14
P_PAIR_RULE = 15
P_HONOR_CHOWS = 16
P_SUIT_RULE = 17
P_MUST_OPEN = 18
P_MUST_HAVE_PUNG = 19
P_MUST_HAVE_TERMINAL = 20
P_MUST_BE_READY = 21
P_MIN_FAN = 22
P_SELF_DRAW_ONLY = 23
P_ALLOW_READY = 24
P_READY_LOCKS_HAND = 25
P_MISSED_WIN_LOCKOUT = 26
P_MULTI_WINNER = 27
P_ROB_KONG = 28
P_WALL_RESERVE = 29
P_RESERVE_PER_KONG = 30
P_RESERVE_WHOLE_STACKS = 31
P_MISSING_SUIT_CHOICE = 32
P_BLOOD_BATTLE = 33
P_DEALER_ROTATION = 34
P_DEALER_STAYS_ON_DRAW = 35
P_DRAW_MULTIPLIER = 36
P_COUNT_DEALER_REPEATS = 37
P_SCORING = 38
P_KONG_PAYMENT_TIMING = 39
P_N_WILD_KINDS = 40
P_FORCED_WIN_TILES = 41  # live wall <= this: a seat that can win must win (sichuan, 0 = off)
# Index ranges reserved for the issue-3 gap work (so parallel additions never collide):
#   48-79 win / claim / ready / lockout rules; 80-111 wall, dealer, winds, carry-over;
#   112-143 wild tiles, flowers, dice; 144-159 riichi.
# ---- riichi (helper riichi), 144-159: Japanese Riichi declaration, furiten, dora, draws
P_READY_REQUIRES_CLOSED = 144  # declaring ready needs a closed hand (G46, 立直 門前)
P_READY_DEPOSIT = 145  # points the declarer puts on the table (G46; riichi 1000), to the winner
P_OWN_DISCARD_FURITEN = 146  # no discard win while a wait is among one's own discards (G49)
P_DORA = 147  # dora indicators from the dead wall: 1 + 1 per kong, ura dora under ready (G68)
P_DEALER_STAYS_IF_READY = 148  # exhaustive draw: the dealer stays iff ready (tenpai)
P_NOTEN_PENALTY = 149  # exhaustive draw: non-ready seats pay this total to the ready seats
NP = 160  # room for growth; unused slots are 0

# ---- enum codes --------------------------------------------------------------------------------
FLOWERS_NONE = 0
FLOWERS_BONUS = 1  # set aside on draw, replaced from the wall tail, counted by the scorer
FLOWERS_SCORING = 2  # same handling as bonus; the variant's scorer gives them a value
FLOWER_CODES = {"none": FLOWERS_NONE, "bonus": FLOWERS_BONUS, "scoring": FLOWERS_SCORING}

WILD_NONE = 0
WILD_FIXED = 1  # the kinds in ``wild_tiles`` are wild
WILD_INDICATOR = 2  # a tile turned from the wall tail: that kind is wild
WILD_INDICATOR_NEXT = 3  # the kind after the indicator (cyclic in its suit/winds/dragons) is wild
WILD_CODES = {
    "none": WILD_NONE,
    "fixed": WILD_FIXED,
    "indicator": WILD_INDICATOR,
    "indicator_next": WILD_INDICATOR_NEXT,
}

# win shapes: same bit values as the constants of mjsim.kernels
SHAPE_STANDARD = 1
SHAPE_SEVEN_PAIRS = 2
SHAPE_THIRTEEN_ORPHANS = 4
SHAPE_KNITTED = 8
SHAPE_KNITTED_STRAIGHT = 16
SHAPE_SHISANLAN = 32
SHAPE_SEVEN_PAIRS_DISTINCT = 64  # riichi: seven DIFFERENT pairs
SHAPE_CODES = {
    "standard": SHAPE_STANDARD,
    "seven_pairs": SHAPE_SEVEN_PAIRS,
    "thirteen_orphans": SHAPE_THIRTEEN_ORPHANS,
    "knitted": SHAPE_KNITTED,
    "knitted_straight": SHAPE_KNITTED_STRAIGHT,
    "shisanlan": SHAPE_SHISANLAN,
    "seven_pairs_distinct": SHAPE_SEVEN_PAIRS_DISTINCT,
}

PAIR_ANY = 0
PAIR_258 = 1
PAIR_NOT_28 = 2
PAIR_CODES = {"any": PAIR_ANY, "258": PAIR_258, "not28": PAIR_NOT_28}

HONOR_CHOW_NONE = 0
HONOR_CHOW_WINDS = 1
HONOR_CHOW_DRAGONS = 2
HONOR_CHOW_CODES = {
    "none": HONOR_CHOW_NONE,
    "winds": HONOR_CHOW_WINDS,
    "dragons": HONOR_CHOW_DRAGONS,
    "both": HONOR_CHOW_WINDS | HONOR_CHOW_DRAGONS,
}

SUIT_NONE = 0
SUIT_MISSING_ONE = 1  # at most two suits in the winning hand (缺一门)
SUIT_ALL_THREE = 2  # all three suits present (三门齐)
SUIT_ONE_SUIT_8 = 3  # at least 8 tiles of one suit (一门八张)
SUIT_CODES = {
    "none": SUIT_NONE,
    "missing_one": SUIT_MISSING_ONE,
    "all_three": SUIT_ALL_THREE,
    "one_suit_8": SUIT_ONE_SUIT_8,
}

LOCKOUT_NONE = 0
LOCKOUT_UNTIL_NEXT_DRAW = 1
LOCKOUT_WHOLE_HAND = 2
LOCKOUT_SAME_TILE = 3  # only the passed tile's kind, until the seat moves (draw, chow, pung, kong)
LOCKOUT_SAME_TILE_DRAW = 4  # only the passed tile's kind, until the seat's next draw (漏胡)
LOCKOUT_CODES = {
    "none": LOCKOUT_NONE,
    "until_next_draw": LOCKOUT_UNTIL_NEXT_DRAW,
    "whole_hand": LOCKOUT_WHOLE_HAND,
    "same_tile_until_move": LOCKOUT_SAME_TILE,
    "same_tile_until_next_draw": LOCKOUT_SAME_TILE_DRAW,
}

MULTI_ALL = 0
MULTI_NEAREST = 1  # head bump (截和): only the first claimant in turn order after the discarder
MULTI_ALL_MAX2 = 2  # riichi (G50a): up to two winners; three claimants = abortive draw
MULTI_CODES = {"all": MULTI_ALL, "nearest": MULTI_NEAREST, "all_max2": MULTI_ALL_MAX2}

ROB_NONE = 0
ROB_ADDED = 1
ROB_ADDED_AND_CONCEALED = 2  # a concealed kong may be robbed (by thirteen orphans only)
ROB_CODES = {"none": ROB_NONE, "added": ROB_ADDED, "added_and_concealed": ROB_ADDED_AND_CONCEALED}

DEALER_WINNER_STAYS = 0  # dealer wins -> stays; otherwise the dealer's next seat deals
DEALER_ROTATE = 1  # the deal always passes to the next seat
DEALER_WINNER_DEALS = 2  # the (first) winner deals next
DEALER_DISCARDER_DEALS = 3  # the discarder (robbed konger) deals next; self-draw: the winner
DEALER_RANDOM = 4  # a random seat deals each hand (sichuan blood battle: "每局投骰")
DEALER_CODES = {
    "winner_stays": DEALER_WINNER_STAYS,
    "rotate": DEALER_ROTATE,
    "winner_deals": DEALER_WINNER_DEALS,
    "discarder_deals": DEALER_DISCARDER_DEALS,
    "random": DEALER_RANDOM,
}

KONG_PAY_IMMEDIATE = 0  # paid when declared, kept whatever happens
KONG_PAY_AT_END = 1  # settled at the end of the hand, also on a drawn hand
KONG_PAY_VOID_ON_DRAW = 2  # settled at the end of the hand; void on an exhaustive draw
KONG_PAY_WINNER_ONLY = 3  # settled at the end only for a konger who won the hand
KONG_PAY_CODES = {
    "immediate": KONG_PAY_IMMEDIATE,
    "at_end": KONG_PAY_AT_END,
    "void_on_draw": KONG_PAY_VOID_ON_DRAW,
    "winner_only": KONG_PAY_WINNER_ONLY,
}

# scoring families: the settlement dispatch in mjsim.engine.settle switches on these
SCORING_HEBEI = 0
SCORING_GUOBIAO = 10  # Chinese Official (mjsim.variants.guobiao)
SCORING_SICHUAN = 11  # Sichuan family: sichuan, sichuan_xuezhan, chengdu (mjsim.variants.sichuan)
SCORING_JIPINGHU = 12  # guangdong_jipinghu: 2 ** 番, liability (包) payments
SCORING_CHANGSHA = 13  # changsha: small/big wins, birds (mjsim.variants.changsha)
SCORING_RIICHI = 20  # Japanese Riichi: han / fu / points (mjsim.scoring.riichi, variants.riichi)
SCORING_CODES = {
    "hebei": SCORING_HEBEI,
    "guobiao": SCORING_GUOBIAO,
    "sichuan": SCORING_SICHUAN,
    "jipinghu": SCORING_JIPINGHU,
    "changsha": SCORING_CHANGSHA,
    "riichi": SCORING_RIICHI,
}
