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
# ---- wild tiles, flowers, dice (gapsC: 112-143; docs/spec_gaps.md section B and C)
P_WILD_OFFSETS = 112  # bitmask of offsets 0..2 from the indicator (wild_offsets; G6)
P_WILD_HONOR_CYCLE = 113  # WILD_CYCLE_* (G7)
P_INDICATOR_SOURCE = 114  # IND_* (G8)
P_INDICATOR_IN_PLAY = 115  # the indicator tile stays drawable (G9)
P_WALL_END_AT_INDICATOR = 116  # normal draws stop at the indicator's stack (G10)
P_WILD_IN_CALLS = 117  # a wild may stand in for a tile of a chow/pung/kong (G12; not played)
P_WILD_DISCARD_CLAIMABLE = 118  # a discarded wild may be chowed/punged/konged/won on (G12)
P_WILD_DISCARD_PENALTY = 119  # WILD_PENALTY_* (G13)
P_WILD_SINGLE_WAIT_SELF_DRAW = 120  # a lone-wild wait wins by self-draw only (G14)
P_WILD_SUBSTITUTES = 121  # WILD_SUBST_* (G15)
P_WILD_STAND_IN = 122  # kind whose copies count as natural copies of the wild kind, -1 (G16)
P_THREE_WILD_WIN = 123  # holding three wilds is a win (G18)
P_HONORS_ARE_FLOWERS = 124  # the 28 honour tiles are set aside like flowers (G3)
P_KONG_ONLY_TILES = 125  # KONG_ONLY_* (G22)
P_FLOWER_INSTANT_WIN = 126  # 0 or 8: holding that many flowers is a win (G23)
P_WILD_KONG = 127  # a single wild may be set aside with a replacement draw (DECLARE + 3; G20)
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

WILD_CYCLE_SEPARATE = 0  # E->S->W->N->E and Red->Green->White->Red (中->发->白, kinds 33->32->31)
WILD_CYCLE_SINGLE = 1  # E->S->W->N->Red->Green->White->E (番子牌首尾相连)
WILD_CYCLE_CODES = {"separate": WILD_CYCLE_SEPARATE, "single": WILD_CYCLE_SINGLE}

IND_TAIL_FIRST = (
    0  # first tile from the tail after flower replacement (a flower goes to the dealer)
)
IND_DICE_SMALL = 1  # top tile of the d-th stack from the tail, d = the smaller die
IND_DICE_SUM = 2  # top tile of the d-th stack from the tail, d = the sum of the two dice
IND_LAST_WALL_TILE = 3  # the last tile of the wall (the one a replacement draw would take first)
INDICATOR_SOURCE_CODES = {
    "tail_first": IND_TAIL_FIRST,
    "dice_small_from_tail": IND_DICE_SMALL,
    "dice_sum_from_tail": IND_DICE_SUM,
    "last_wall_tile": IND_LAST_WALL_TILE,
}

WILD_PENALTY_NONE = 0
WILD_PENALTY_SELF_DRAW_ONLY = 1  # a seat that discarded a wild may only win by self-draw
WILD_PENALTY_NO_WIN = 2  # a seat that discarded a wild may not win this hand (小相公)
WILD_PENALTY_CODES = {
    "none": WILD_PENALTY_NONE,
    "self_draw_only": WILD_PENALTY_SELF_DRAW_ONLY,
    "no_win": WILD_PENALTY_NO_WIN,
}

WILD_SUBST_ANY = 0
WILD_SUBST_SIMPLES = 1  # a wild may not stand for a 1, 9 or honour (not played yet)
WILD_SUBST_CODES = {"any": WILD_SUBST_ANY, "simples": WILD_SUBST_SIMPLES}

KONG_ONLY_NONE = 0
KONG_ONLY_RED_DRAGON = 1  # 红中 (wuhan)
KONG_ONLY_ANQING = 2  # 发 and 白, or the two dragons other than a dragon 钻 (anqing)
KONG_ONLY_CODES = {
    "none": KONG_ONLY_NONE,
    "red_dragon": KONG_ONLY_RED_DRAGON,
    "anqing": KONG_ONLY_ANQING,
}

# win shapes: same bit values as the constants of mjsim.kernels
SHAPE_STANDARD = 1
SHAPE_SEVEN_PAIRS = 2
SHAPE_THIRTEEN_ORPHANS = 4
SHAPE_KNITTED = 8
SHAPE_KNITTED_STRAIGHT = 16
SHAPE_SHISANLAN = 32
SHAPE_CODES = {
    "standard": SHAPE_STANDARD,
    "seven_pairs": SHAPE_SEVEN_PAIRS,
    "thirteen_orphans": SHAPE_THIRTEEN_ORPHANS,
    "knitted": SHAPE_KNITTED,
    "knitted_straight": SHAPE_KNITTED_STRAIGHT,
    "shisanlan": SHAPE_SHISANLAN,
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
MULTI_NEAREST_WILD_PAIR = 2  # head bump, but a winner whose pair is two wilds beats nearer seats
MULTI_CODES = {
    "all": MULTI_ALL,
    "nearest": MULTI_NEAREST,
    "nearest_wild_pair_first": MULTI_NEAREST_WILD_PAIR,  # fuzhou 金雀 (G50b)
}

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
SCORING_CODES = {
    "hebei": SCORING_HEBEI,
    "guobiao": SCORING_GUOBIAO,
    "sichuan": SCORING_SICHUAN,
    "jipinghu": SCORING_JIPINGHU,
    "changsha": SCORING_CHANGSHA,
}
