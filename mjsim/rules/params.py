"""Indices into ``CompiledRules.params`` (``int64[NP]``) and the integer codes of enum fields.

Numba treats module-level integer globals as compile-time constants, so a jitted kernel reads a
rule as ``rules.params[P_ALLOW_CHOW]`` at no cost. The indices are grouped by kind of rule:
0-47 table, calls and basic win rules; 48-79 win, claim, ready and lockout rules; 80-111 wall,
dealer, winds and carry-over; 112-143 wild tiles, flowers, dice; 144-149 riichi; 150-175 kong
payments, birds, chickens; 176-182 stakes, special kongs, honour sets, the unused pool;
183-191 the other readings of ambiguous rule texts; 192-197 riichi; 198-199 the game. Unused
slots are 0. Adding a rule = one dataclass field in :mod:`mjsim.rules.spec`, one ``P_`` index
here, one line in ``RuleSpec.compile`` and its validation.
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
# ---- win, claim, ready and lockout rules (48-79)
P_MW_SCOPE = 48  # missed-win lockout scope: MW_SCOPE_* (derived from missed_win_scope)
P_MW_LIFT = 49  # what lifts a missed-win lockout: MW_LIFT_* (derived from missed_win_lift)
P_MW_UNREADY_ONLY = 50  # the missed-win lockout binds only seats that have not declared ready
P_OWN_DISCARD_LOCKOUT = 51  # OWN_DISCARD_* (furiten / 曾放过的牌不能上不能和)
P_READY_LOCKOUT_WHOLE_HAND = 52  # a ready seat that passes a win is locked out for the hand
P_MIN_FAN_DISCARD = 53  # minimum qualifying value of a discard (or robbing) win
P_MIN_FAN_SELF_DRAW = 54  # minimum qualifying value of a self-draw win
P_ROB_KONG_BY_PUNG = 55  # a tile added to a kong may be punged instead of won
P_ROB_KONG_AS_SELF_DRAW = 56  # robbing a kong counts as a self-draw; the robbed seat pays all
P_WIN_FILTER = 57  # WIN_FILTER_*: a further win predicate (mjsim.engine.win_rules)
P_SEVEN_PAIRS_QUADS = 58  # seven pairs may hold four of a kind as two pairs (1) or not (0)
P_KONG_AFTER_READY = 59  # KONG_READY_* kongs a ready (locked) seat may declare
P_NO_CLAIMS_LAST_DISCARD = 60  # the discard after the last wall tile may only be won
P_OPEN_HAND_SELF_DRAW_ONLY = 61  # after a chow/pung/exposed kong: self-draw wins only
P_TERMINAL_RULE = 62  # TERMINAL_* (must_have_terminal is TERMINAL_OR_HONOR)
P_MUST_HAVE_CHOW = 63  # a win needs a chow (exposed or concealed)
P_DISCARD_WIN_REQUIRES_READY = 64  # a discard win needs a prior ready declaration
P_READY_EXEMPT_KONG_REPLACEMENT = 65  # must_be_ready waived for a win on a kong replacement
P_KONG_AFTER_PUNG = 66  # KONG_AFTER_PUNG_* (no_kong_after_pung is NEVER_WITH_HELD_FOURTH)
P_MIN_HAND_AFTER_CALL = 67  # concealed tiles a call (and its discard) must leave, >= 1
P_SINGLE_TILE_WIN = 68  # SINGLE_TILE_* (手把一)
P_MISSED_PUNG_LOCKOUT = 69  # a passed pung may not be claimed again before the seat's next draw
P_LAST_TILES_SELF_DRAW_ONLY = 70  # the last N drawable tiles: self-draw only, dead discards
P_ABORT_ON_KONGS = 71  # ABORT_KONGS_*
P_FIRST_TURN_NO_ADDED_KONG = 72  # the dealer may not declare an added kong on its first turn
P_MUST_HAVE_258_TILE = 73  # a standard win holds at least one 2, 5 or 8
P_READY_MODE0 = 74  # READY_MODE_* declared by READY_DISCARD + k (-1 = none)
P_READY_MODE1 = 75  # READY_MODE_* declared by READY_SHOWN + k (-1 = none)
P_FREE_HONORS = 76  # all_honors_free: 0 = any honours, 1 = winds only
# -- standing tiles, chow-ready, forced wins
P_STANDING_TILES = 77  # 立牌: the first N tiles dealt to each seat stand apart (0 = off)
P_CHOW_READY_ANY_SEAT = 78  # 吃听: CHOW_READY_* for any seat the chow makes ready
P_FORCED_WIN = 79  # FORCED_WIN_*: who must win when WIN is legal
# ---- wall, dealer, winds, carry-over (80-111)
P_DICE_KONG = 80  # Changsha 开杠: KONG_DICE + k, legal when ready; dice-chosen replacement
P_DEALER_ON_DRAW = 81  # DRAW_DEALER_*: who deals after an exhaustive draw
P_DEALER_AFTER_MULTI_WIN = 82  # MULTI_DEALER_*: who deals after several winners on one discard
P_ROUND_WIND_RULE = 83  # ROUND_WIND_*: how the prevailing wind moves between hands
P_RESERVE_ROUNDING = 84  # RESERVE_*: how the live wall is compared with the reserve
P_RESERVE_PER_CONCEALED_KONG = 85  # tiles kept back per concealed kong (after the free kongs)
P_RESERVE_FREE_KONGS = 86  # the first N kongs of a hand do not enlarge the reserve
P_DRAW_COUNTER_RULE = 87  # DRAW_COUNTER_*: the payment multiplier carried over drawn hands
P_DRAW_MULTIPLIER_CAP = 88  # double_per_draw: the largest multiplier
P_DRAW_MULTIPLIER_AFTER_CAP = 89  # double_per_draw: the multiplier once the streak passes the cap
# -- carry-over between hands
P_REPEAT_COUNTER = 90  # REPEAT_*: how TV_REPEAT moves between hands (dealer repeats / honba)
P_DEALER_LEVEL_MAX = 91  # 上楼: dealer levels (x2 each on hand payments), 0 = off
P_DRAW_DEALER_STAKE = 92  # 庄底子: dealer stake + this per drawn hand the dealer keeps
# -- hand shapes
P_IMAGINED_WILD = 108  # 心皇: one virtual wild per seat, used only in win / ready checks
# ---- wild tiles, flowers, dice (112-143)
P_WILD_OFFSETS = 112  # bitmask of offsets 0..2 from the indicator (wild_offsets)
P_WILD_HONOR_CYCLE = 113  # WILD_CYCLE_*
P_INDICATOR_SOURCE = 114  # IND_*
P_INDICATOR_IN_PLAY = 115  # the indicator tile stays drawable
P_WALL_END_AT_INDICATOR = 116  # normal draws stop at the indicator's stack
P_WILD_IN_CALLS = 117  # a wild may stand in for a tile of a chow/pung/kong (not played)
P_WILD_DISCARD_CLAIMABLE = 118  # a discarded wild may be chowed/punged/konged/won on
P_WILD_DISCARD_PENALTY = 119  # WILD_PENALTY_*
P_WILD_SINGLE_WAIT_SELF_DRAW = 120  # a lone-wild wait wins by self-draw only
P_WILD_SUBSTITUTES = 121  # WILD_SUBST_*
P_WILD_STAND_IN = 122  # kind whose copies count as natural copies of the wild kind, -1
P_THREE_WILD_WIN = 123  # holding three wilds is a win
P_HONORS_ARE_FLOWERS = 124  # the 28 honour tiles are set aside like flowers
P_KONG_ONLY_TILES = 125  # KONG_ONLY_*
P_FLOWER_INSTANT_WIN = 126  # 0 or 8: holding that many flowers is a win
P_WILD_KONG = 127  # a single wild may be set aside with a replacement draw (DECLARE + 3)
# -- the treasure tile 宝 (wild_rule="treasure")
P_TREASURE_SOURCE = 128  # TREASURE_*: how the 宝 is chosen
P_TREASURE_CHANGE_AT = 129  # 换宝 once this many copies of the 宝 kind are visible (0 = never)
P_TREASURE_COUNT_MELDS = 130  # melded copies count as visible for 换宝 (harbin), else discards
P_TREASURE_MATCH_WINS = 131  # 对宝: a ready seat that looked wins when the 宝 is its winning tile
# -- flowers held in the hand, wild flowers, the gold grab, lone-wild waits
P_RESERVE_PER_FLOWER_QUAD = 132  # tiles kept back per four identical honour flowers
P_FLOWER_REPLACEMENT = 133  # FLOWER_REPL_*: a flower drawn in play is replaced at once or by 杠花
P_WILD_FLOWER_GROUPS = 134  # a turned flower makes its group (seasons / plants) wild
P_GRAB_WILD = 135  # 抢金: the seats the revealed gold completes may take it and win
P_WILD_WAIT_CONTEXT = 136  # report 爆头 / 财飘 (lone-wild waits) to the scorer (hangzhou)
# ---- riichi (144-149): the deposit declaration, dora, drawn hands
P_READY_REQUIRES_CLOSED = 144  # declaring ready needs a closed hand (立直 門前)
P_READY_DEPOSIT = 145  # points the declarer puts on the table (riichi 1000), to the winner
P_CARRY_DEPOSITS = 146  # ready deposits left by a drawn hand go to the next hand (供托)
P_DORA = 147  # dora indicators from the dead wall: 1 + 1 per kong, ura dora under ready
P_RIICHI_ABORTS = 148  # 九種九牌 (DECLARE + 4), 四風連打, 四家立直, 四槓散了 (abortive draws)
P_NOTEN_PENALTY = 149  # exhaustive draw: non-ready seats pay this total to the ready seats
# ---- kong payments, birds / horses, chickens (150-175)
P_KONG_PAY_RULE = 150  # KONG_RULE_*: the case of the kong_pay hook (mjsim.engine.hooks_kong)
P_KONG_PAY_CONCEALED = 151  # kong_pay_rule="table": each other seat pays this for a concealed kong
P_KONG_PAY_ADDED = 152  # kong_pay_rule="table": each other seat pays this for an added kong
P_KONG_PAY_EXPOSED = 153  # kong_pay_rule="table": the discarder pays this for an exposed kong
P_KONG_HOT_SHOT = 154  # HOT_SHOT_*: a discard won right after the discarder's kong (热炮)
P_BIRDS = 155  # birds / horses revealed from the wall head after a win (0..4)
P_BIRD_RULE = 156  # BIRD_RULE_*: how the birds change the win payments
P_CHICKEN_FLIP = 157  # CHICKEN_FLIP_*: 翻鸡 after a win
P_OPEN_CHICKEN = 158  # 打明鸡: the tile at stack 3 (+1 per kong) from the head names a chicken
P_HERO_CHICKEN = 159  # 英雄鸡: 1s (幺鸡) is always a chicken
P_CHICKEN_VALUE = 160  # what each other seat pays per chicken tile a seat holds
P_FOLLOW_DEALER = 174  # 跟庄: units the dealer pays each other seat when the first go-round's
# discards are four of one kind (0 = off)
P_KONG_BLOOM_LIABLE = 175  # 杠爆全包: a win on an exposed kong's replacement is paid by the
# kong tile's discarder
# ---- pre-hand stakes, special kongs, honour sets, the unused pool (176-191)
P_PRE_HAND_BET = 176  # PRE_BET_*: a pre-play phase of BET + k choices, read by settlement
P_SPECIAL_KONGS = 177  # 旋风杠 / 喜杠 / 幺蛋 / 九蛋 from the dealt hand (SPECIAL_KONG + g)
P_WALL_TILES_USED = 179  # only wall[0:N] is this hand's wall (0 = the whole set)
P_HONOR_SET_EXPOSURE = 178  # 放风 / 补风: FENG + j honour exposures with replacements
P_OPENING_EXCHANGE = 180  # after the deal each seat may swap held tiles with the unused pool
P_FINAL_READY_DRAWS = 181  # at wall exhaustion the first ready seat draws this many from it
P_CONCEALED_KONG_SHOWN = 182  # the kind of a concealed kong is public (riichi); else face down
# ---- rule-reading options (183-191): the other reading of an ambiguity of the rule texts
P_VOID_KONG = 183  # VOID_KONG_*: kongs while a tile of the void suit (定缺) is still held
P_LAST_TILE_REPLACEMENT = 184  # LAST_REPL_*: may a kong replacement take the last live tile
P_SEABED_OFFER = 185  # SEABED_OFFER_*: which seats the 海底 is offered to (changsha roaming)
P_SEABED_REFUSED = 186  # SEABED_REFUSED_*: what happens when every offered seat refuses the 海底
P_SEABED_BIRDS = 187  # SEABED_BIRDS_*: how many birds the winning tile is after a 海底 win
P_OPENING_SAME_RANK_PAIRS = 188  # changsha 三同: a pair of one rank in each suit is an opening win
P_LUXURY_LEVELS = 189  # changsha 七小对: each four of a kind is one more big win (双豪华 / 三豪华)
P_MW_THRESHOLD = 190  # MW_THRESHOLD_*: may a locked seat still win a discard worth more (过胡)
P_WILD_FIFTH_COPY = 191  # a wild may stand for a fifth copy of a kind (SHAPE_WILD_FIFTH)
P_FORBID_PUNG_SAME_DISCARD = 192  # after a pung the claimed kind may not be discarded that turn
P_READY_MIN_POINTS = 193  # a seat below this many points (start_points + score) may not declare
P_START_POINTS = 194  # points each seat holds when a match starts (PV_SCORE counts from it)
P_NAGASHI_MANGAN = 195  # exhaustive draw: all-terminal/honour unclaimed discards = mangan self-draw
P_PAO = 196  # riichi pao 責任払い: PAO_* bits of the yakuman whose feeder is liable
P_KAN_DORA_LATE = 197  # riichi: an open / added kong's kan dora is turned after the next discard
P_RED_FIVES = 173  # red fives in the wall (red_fives): m | p << 4 | s << 8 copies, 0 = none
# ---- the game (198-199): a match of match="east" / "east_south" ends by the rules
P_GAME = 198  # GAME_* bits: the rounds of the match (0 = hands only) and its end options
P_TARGET_POINTS = 199  # points the first must reach (agari yame with the extension, the extension)
P_MISSING_SEAT = 200  # riichi 3 seats: a self-draw's missing seat share (MISSING_SEAT_CODES)
P_FLOWER_DORA = 201  # riichi: each flower set aside is one dora (nukidora, flower_dora)
P_READY_FIRST_DISCARD_ONLY = 202  # ready only with the first discard of the first go-round (扣听)
P_WILD_BONUS = 203  # WILD_BONUS_*: every seat's wilds held are paid at the end of the hand (精)
P_FLOWER_BLOOM = 204  # a self-draw on a flower's replacement is a kong-replacement win (杠开)
P_DRAW_READY_PAY = 205  # 查大叫: at a drawn hand each unready seat pays each ready seat
P_SHORT_DISCARDER_SPLIT = 206  # several winners on a discard its points cannot cover: shared
P_LAST_TILES_NO_FLOWER_REPLACEMENT = 207  # last_tiles region: a drawn flower is not replaced
P_WILD_BONUS_FEEDER = 208  # 精 bonus: the discarder of a claimed 精 pays the 冲关 it caused
P_OPENING_FLOWER_ORDER = 209  # OPENING_FLOWERS_*: the opening 补花 seat by seat or in rounds
NP = 224  # room for growth; unused slots are 0

# ---- enum codes --------------------------------------------------------------------------------
#: riichi pao 責任払い (``pao``): the yakuman whose last set, claimed from a discard, makes the
#: discarder liable
PAO_DAISANGEN = 1  # 大三元: the third dragon pung / kong
PAO_DAISUUSHII = 2  # 大四喜: the fourth wind pung / kong
PAO_SUUKANTSU = 4  # 四槓子: the fourth kong, an exposed kong of a discard
PAO_CODES = {"daisangen": PAO_DAISANGEN, "daisuushii": PAO_DAISUUSHII, "suukantsu": PAO_SUUKANTSU}
KAN_DORA_TIMING_CODES = {"immediate": 0, "after_discard": 1}
#: riichi with three seats: the share the absent fourth seat would pay on a self-draw
MISSING_SEAT_TSUMO_LOSS = 0  # ツモ損: not paid at all
MISSING_SEAT_BISECTION = 1  # 北家折半: split between the two payers
MISSING_SEAT_CODES = {"tsumo_loss": MISSING_SEAT_TSUMO_LOSS, "bisection": MISSING_SEAT_BISECTION}
#: ``P_GAME``: the rounds of the game in the low bits (``RuleSpec.match``: hands 0, east 1,
#: east_south 2) and its options (mjsim.engine.game_end)
GAME_ROUNDS_MASK = 3
GAME_ROUNDS_CODES = {"hands": 0, "east": 1, "east_south": 2}
GAME_BUST = 4  # bust: a seat below 0 points ends the game
GAME_AGARI_YAME = 8  # agari_yame
GAME_TENPAI_YAME = 16  # tenpai_yame
GAME_WEST_EXTENSION = 32  # west_extension
PRE_BET_NONE = 0
PRE_BET_PAOZI = 1  # 下炮子 (shaanxi): each seat 0-4 炮子; a payer pays + 炮子(winner) + 炮子(payer)
PRE_BET_SIT_AND_PULL = (
    2  # 坐庄 (dealer 0/1) / 拉庄 (each non-dealer 0-2; tianjin): dealer <-> X pays
)
# x (坐庄 ? 2 : 1) x 2 ** 拉(X), non-dealer pairs x 1; kong points settled at the end too
PRE_HAND_BET_CODES = {
    "none": PRE_BET_NONE,
    "paozi": PRE_BET_PAOZI,
    "sit_and_pull": PRE_BET_SIT_AND_PULL,
}
FLOWER_REPL_AUTO = 0  # every flower is set aside and replaced from the tail when drawn
FLOWER_REPL_ACTION = 1  # after the opening replacement a drawn flower stays in the hand until
# its holder exposes it on its own turn (杠花, DECLARE + 2; ningbo)
FLOWER_REPLACEMENT_CODES = {"auto": FLOWER_REPL_AUTO, "action": FLOWER_REPL_ACTION}
OPENING_FLOWERS_SEAT = 0  # each seat from the dealer replaces until it holds no flower
OPENING_FLOWERS_ROUNDS = 1  # rounds from the dealer; a flower drawn waits for the next round
OPENING_FLOWER_ORDER_CODES = {"seat": OPENING_FLOWERS_SEAT, "rounds": OPENING_FLOWERS_ROUNDS}

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
WILD_TREASURE = 4  # 宝: a ready seat's self-drawn 宝 tile stands for any tile
WILD_CODES["treasure"] = WILD_TREASURE

TREASURE_LAST_WALL_TILE = 0  # the last wall tile after the deal, out of play (harbin)
TREASURE_DICE_AT_FIRST_READY = 1  # at the first ready seat's next draw, the top tile of the d-th
# stack from the tail (d = two dice); it stays in the wall (changchun)
TREASURE_SOURCE_CODES = {
    "last_wall_tile_after_deal": TREASURE_LAST_WALL_TILE,
    "dice_from_tail_at_first_ready": TREASURE_DICE_AT_FIRST_READY,
}

WILD_BONUS_NONE = 0
WILD_BONUS_WIN = 1  # settled after a won hand only
WILD_BONUS_EVERY_HAND = 2  # settled after a drawn hand too
WILD_BONUS_CODES = {
    "none": WILD_BONUS_NONE,
    "win": WILD_BONUS_WIN,
    "every_hand": WILD_BONUS_EVERY_HAND,
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
WILD_SUBST_SIMPLES = 1  # a wild may not stand for a 1, 9 or honour (SHAPE_WILD_SIMPLES)
WILD_SUBST_CODES = {"any": WILD_SUBST_ANY, "simples": WILD_SUBST_SIMPLES}

KONG_ONLY_NONE = 0
KONG_ONLY_RED_DRAGON = 1  # 红中 (wuhan)
KONG_ONLY_TWO_DRAGONS = 2  # 发 and 白, or the two dragons other than a dragon wild 钻 (anqing)
KONG_ONLY_SEVEN_PI = 3  # 七皮四赖: the turned kind and the kind before it (皮子), wuhan option
KONG_ONLY_CODES = {
    "none": KONG_ONLY_NONE,
    "red_dragon": KONG_ONLY_RED_DRAGON,
    "two_dragons": KONG_ONLY_TWO_DRAGONS,
    "seven_pi": KONG_ONLY_SEVEN_PI,
}

# win shapes: same bit values as the constants of mjsim.kernels
SHAPE_STANDARD = 1
SHAPE_SEVEN_PAIRS = 2
SHAPE_THIRTEEN_ORPHANS = 4
SHAPE_KNITTED = 8
SHAPE_KNITTED_STRAIGHT = 16
SHAPE_SHISANLAN = 32
SHAPE_SEVEN_PAIRS_DISTINCT = 64  # compiled from seven_pairs_quads=False (kernel constant)
SHAPE_ALL_258_FREE = (
    256  # every tile a 2/5/8 of a suit, no structure (将将胡; checked in the engine)
)
SHAPE_ALL_HONORS_FREE = 512  # every tile an honour, no structure (风一色 / 乱风; in the engine)
# modifier bit (not a shape, not in SHAPE_CODES): wilds stand for simples only; compiled from
# wild_substitutes="simples" (mjsim.kernels.restricted)
SHAPE_WILD_SIMPLES = 128
SHAPE_KNITTED_HONOR_PAIR = 1024  # 十三不靠 以字作将 (common fan table, kernel shape)
# modifier bit (not a shape): a wild may stand for a fifth copy of a kind; compiled from
# wild_fifth_copy=True (mjsim.kernels.fifth)
SHAPE_WILD_FIFTH = 2048
SHAPE_CODES = {
    "standard": SHAPE_STANDARD,
    "seven_pairs": SHAPE_SEVEN_PAIRS,
    "thirteen_orphans": SHAPE_THIRTEEN_ORPHANS,
    "knitted": SHAPE_KNITTED,
    "knitted_straight": SHAPE_KNITTED_STRAIGHT,
    "shisanlan": SHAPE_SHISANLAN,
    "all_258_free": SHAPE_ALL_258_FREE,
    "all_honors_free": SHAPE_ALL_HONORS_FREE,
    "knitted_honor_pair": SHAPE_KNITTED_HONOR_PAIR,
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
SUIT_AT_LEAST_TWO = 4  # at least two suits (no one-suit hand; honours are no suit)
SUIT_CODES = {
    "none": SUIT_NONE,
    "missing_one": SUIT_MISSING_ONE,
    "all_three": SUIT_ALL_THREE,
    "one_suit_8": SUIT_ONE_SUIT_8,
    "at_least_two": SUIT_AT_LEAST_TWO,
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
MULTI_ALL_MAX2 = 3  # riichi: up to two winners; three claimants = abortive draw
MULTI_CODES = {
    "all": MULTI_ALL,
    "nearest": MULTI_NEAREST,
    "nearest_wild_pair_first": MULTI_NEAREST_WILD_PAIR,  # fuzhou 金雀
    "all_max2": MULTI_ALL_MAX2,  # riichi double ron, triple ron = abortive draw
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

DEALER_HOOK = 5  # the scoring family's jitted dealer hook decides (changsha rules A-G)
DEALER_CODES["hook"] = DEALER_HOOK

DRAW_DEALER_STAYS = 0  # an exhaustive draw keeps the dealer
DRAW_DEALER_NEXT = 1  # the dealer's next seat deals
DRAW_DEALER_NEXT_IF_ANY_KONG = 2  # next seat if anyone declared a kong this hand, else stays
DRAW_DEALER_STAYS_IF_READY = 3  # the dealer stays if its hand is ready (one tile from a win)
DRAW_DEALER_CODES = {
    "stays": DRAW_DEALER_STAYS,
    "next": DRAW_DEALER_NEXT,
    "next_if_any_kong": DRAW_DEALER_NEXT_IF_ANY_KONG,
    "stays_if_ready": DRAW_DEALER_STAYS_IF_READY,
}

MULTI_DEALER_ROTATION = 0  # as dealer_rotation decides for any win (today's behaviour)
MULTI_DEALER_NEAREST_WINNER = 1  # the winner nearest the discarder in turn order deals
MULTI_DEALER_DISCARDER = 2  # the discarder deals (changsha rule E, sichuan)
MULTI_DEALER_STAYS_IF_DEALER_WON = 3  # the dealer stays if among the winners, else the nearest
MULTI_DEALER_CODES = {
    "rotation": MULTI_DEALER_ROTATION,
    "nearest_winner": MULTI_DEALER_NEAREST_WINNER,
    "discarder": MULTI_DEALER_DISCARDER,
    "stays_if_dealer_won": MULTI_DEALER_STAYS_IF_DEALER_WON,
}

ROUND_WIND_FIXED = 0  # the prevailing wind given at the deal is kept for every hand
ROUND_WIND_ADVANCE = 1  # advances (E->S->W->N->E) when the deal returns to the match's first dealer
ROUND_WIND_CODES = {"fixed": ROUND_WIND_FIXED, "advance_after_cycle": ROUND_WIND_ADVANCE}

RESERVE_TILES = 0  # normal draws continue while live tiles > reserve
RESERVE_FLOOR_STACKS = 1  # whole stacks of two: floor(live / 2) * 2 > reserve (hebei)
RESERVE_CEIL_STACKS = 2  # a single tile at the tail counts as a stack: ceil(live / 2) * 2 > reserve
RESERVE_CODES = {
    "tiles": RESERVE_TILES,
    "floor_stacks": RESERVE_FLOOR_STACKS,
    "ceil_stacks": RESERVE_CEIL_STACKS,
}

DRAW_COUNTER_MULTIPLY = 0  # legacy: each drawn hand multiplies by draw_multiplier; a win resets
DRAW_COUNTER_DOUBLE = 1  # 2 ** (consecutive drawn hands), capped; a win resets
DRAW_COUNTER_UP_DOWN = 2  # 荒番 (shanghai): +1 per drawn hand, -1 per win; x2 while >= 1
REPEAT_DEALER = 0  # +1 while the dealer stays, else 0 (连庄; today's behaviour)
REPEAT_HONBA = 1  # +1 after a dealer win or any drawn hand, 0 after a non-dealer win (本场)
REPEAT_COUNTER_CODES = {"dealer": REPEAT_DEALER, "honba": REPEAT_HONBA}

DRAW_COUNTER_CODES = {
    "multiply": DRAW_COUNTER_MULTIPLY,
    "double_per_draw": DRAW_COUNTER_DOUBLE,
    "up_per_draw_down_per_win": DRAW_COUNTER_UP_DOWN,
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
SCORING_TIANJIN = 14  # tianjin: base 1/3/4/7 x 2 ** factors (mjsim.scoring.tianjin)
SCORING_RIICHI = 20  # Japanese Riichi: han / fu / points (mjsim.scoring.riichi, variants.riichi)
# scoring as data: the hand value is the spec's fan table (RuleSpec.fan_table), the payments its
# payment record (mjsim.scoring.payments.pay); no family code of its own
SCORING_TABLE = 30
SCORING_CODES = {
    "hebei": SCORING_HEBEI,
    "guobiao": SCORING_GUOBIAO,
    "sichuan": SCORING_SICHUAN,
    "jipinghu": SCORING_JIPINGHU,
    "changsha": SCORING_CHANGSHA,
    "riichi": SCORING_RIICHI,
    "tianjin": SCORING_TIANJIN,
    "table": SCORING_TABLE,
}


# ---- enum codes of the win, claim, ready and lockout rules
MW_SCOPE_ALL = 0  # every discard win (all waits) is locked
MW_SCOPE_TILE = 1  # only the passed kind is locked
MW_SCOPE_CODES = {"all_waits": MW_SCOPE_ALL, "tile": MW_SCOPE_TILE}

MW_LIFT_NEVER = 0  # the lockout lasts the whole hand
MW_LIFT_OWN_DRAW = 1  # lifted by the seat's next draw (replacement draws included)
MW_LIFT_ANY_MOVE = 2  # lifted by the seat's next draw or claim (动牌: 碰、上、杠、摸)
MW_LIFT_OWN_DISCARD = 3  # lifted by the seat's next discard
MW_LIFT_CODES = {
    "own_draw": MW_LIFT_OWN_DRAW,
    "any_move": MW_LIFT_ANY_MOVE,
    "own_discard": MW_LIFT_OWN_DISCARD,
}

OWN_DISCARD_NONE = 0
OWN_DISCARD_WIN = 1  # furiten: no discard win while any wait is among one's own discards
OWN_DISCARD_WIN_AND_CHOW = 2  # a kind once discarded may never be chowed or won by that seat
OWN_DISCARD_CODES = {
    "none": OWN_DISCARD_NONE,
    "win": OWN_DISCARD_WIN,
    "win_and_chow": OWN_DISCARD_WIN_AND_CHOW,
}

WIN_FILTER_NONE = 0
WIN_FILTER_PUNG_OR_DRAGON_PAIR = 1  # a pung / kong, or a dragon pair as the eye (changchun)
WIN_FILTER_PUNG_OR_RED_DRAGON_PAIR = 2  # a pung / kong; a pair of 红中 counts as one (harbin)
WIN_FILTER_SEVEN_PAIRS_258_PAIR = 3  # seven pairs need a 2-5-8 pair (rizhao)
WIN_FILTER_SMALL_WIN_258_PAIR = 4  # 屁胡: at most one wild and a 2-5-8 pair; 大胡 any (wuhan)
WIN_FILTER_PLAIN_DISCARD_NEEDS_KONG = 5  # 平胡 on a discard only with a 豆 (kong income), 热炮 or
# 抢杠 (guizhou)
WIN_FILTER_CODES = {
    "none": WIN_FILTER_NONE,
    "pung_or_dragon_pair": WIN_FILTER_PUNG_OR_DRAGON_PAIR,
    "pung_or_red_dragon_pair": WIN_FILTER_PUNG_OR_RED_DRAGON_PAIR,
    "seven_pairs_258_pair": WIN_FILTER_SEVEN_PAIRS_258_PAIR,
    "small_win_258_pair": WIN_FILTER_SMALL_WIN_258_PAIR,
    "plain_discard_needs_kong": WIN_FILTER_PLAIN_DISCARD_NEEDS_KONG,
}

KONG_READY_STILL_READY = 0  # only the drawn tile, and the hand is still ready after it (today)
KONG_READY_KEEP_WAITS = 1  # only the drawn tile, and the waits are unchanged
KONG_READY_ANY = 2  # any kong the hand allows
KONG_READY_NONE = 3  # no kong after declaring ready
KONG_READY_CODES = {
    "still_ready": KONG_READY_STILL_READY,
    "keep_waits": KONG_READY_KEEP_WAITS,
    "any": KONG_READY_ANY,
    "none": KONG_READY_NONE,
}

TERMINAL_NONE = 0
TERMINAL_TERMINAL = 1  # a 1 or 9 of a suit
TERMINAL_OR_HONOR = 2  # a 1, 9 or honour (幺九); what must_have_terminal=True means
TERMINAL_OR_RED = 3  # a 1, 9 or 红中
TERMINAL_OR_DRAGON_PUNG = 4  # a 1, 9 or a dragon pung/kong
TERMINAL_CODES = {
    "none": TERMINAL_NONE,
    "terminal": TERMINAL_TERMINAL,
    "terminal_or_honor": TERMINAL_OR_HONOR,
    "terminal_or_red": TERMINAL_OR_RED,
    "terminal_or_dragon_pung": TERMINAL_OR_DRAGON_PUNG,
}

KONG_AFTER_PUNG_NEXT_TURN = 0  # no kong in a turn that began with a claim (today's engine)
KONG_AFTER_PUNG_NEVER_HELD = 1  # also: a pung is upgraded only with a drawn fourth tile
KONG_AFTER_PUNG_ANY = 2  # kongs also in the turn of the claim
KONG_AFTER_PUNG_CODES = {
    "next_turn": KONG_AFTER_PUNG_NEXT_TURN,
    "never_with_held_fourth": KONG_AFTER_PUNG_NEVER_HELD,
    "any": KONG_AFTER_PUNG_ANY,
}

SINGLE_TILE_ANY = 0
SINGLE_TILE_ALL_PUNGS = 1  # a win with one concealed tile (手把一) only with no chow meld
SINGLE_TILE_CODES = {"any": SINGLE_TILE_ANY, "all_pungs_only": SINGLE_TILE_ALL_PUNGS}

ABORT_KONGS_NONE = 0
ABORT_KONGS_THREE_PLAYERS = 1  # kongs by three different seats: drawn hand (三家杠荒牌)
ABORT_KONGS_FOUR_TWO_PLAYERS = 2  # a fourth kong, by at least two seats: drawn hand
ABORT_KONGS_CODES = {
    "none": ABORT_KONGS_NONE,
    "three_players": ABORT_KONGS_THREE_PLAYERS,
    "four_kongs_two_players": ABORT_KONGS_FOUR_TWO_PLAYERS,
}

READY_MODE_HIDDEN = 0  # 暗听: nothing shown
READY_MODE_SHOWN = 1  # 明楼 / 明打: the hand is exposed
READY_MODE_SHOWN_SELF_DRAW_ONLY = 2  # 明摸: exposed, and self-draw wins only
READY_MODE_CODES = {
    "hidden": READY_MODE_HIDDEN,
    "shown": READY_MODE_SHOWN,
    "shown_self_draw_only": READY_MODE_SHOWN_SELF_DRAW_ONLY,
}

FREE_HONORS_CODES = {"any": 0, "winds": 1}

# ---- forced wins
FORCED_WIN_NONE = 0
FORCED_WIN_LAST_N = 1  # once the live wall is <= forced_win_tiles, a seat that can win must win
FORCED_WIN_WHEN_READY = 2  # a ready seat must win whenever it can (taiyuan platform auto-win)
FORCED_WIN_LAST_TILES = 3  # a drawer in the last_tiles_self_draw_only region must win if it can
FORCED_WIN_CODES = {
    "none": FORCED_WIN_NONE,
    "last_n": FORCED_WIN_LAST_N,
    "when_ready": FORCED_WIN_WHEN_READY,
    "last_tiles": FORCED_WIN_LAST_TILES,
}


# ---- kong payments, birds / horses, chickens
KONG_RULE_POINTS = 0  # the scoring family's kong_points, from every other seat (today's rule)
KONG_RULE_WIND_AND_RAIN = (
    1  # 刮风下雨 (mjsim.scoring.sichuan.sichuan_kong_payment); scoring="sichuan"
)
KONG_RULE_TABLE = 2  # kong_pay_values: (concealed each, added each, exposed from the discarder)
KONG_RULE_CODES = {
    "points": KONG_RULE_POINTS,
    "wind_and_rain": KONG_RULE_WIND_AND_RAIN,
    "table": KONG_RULE_TABLE,
}

HOT_SHOT_NONE = 0
HOT_SHOT_REFUND_AND_PAY = 1  # guizhou 热炮: the kong is refunded; its konger pays each winner its
# whole value on top of the win payment
HOT_SHOT_CODES = {"none": HOT_SHOT_NONE, "refund_and_pay": HOT_SHOT_REFUND_AND_PAY}

BIRD_RULE_RANK_SEAT = 0  # 扎鸟: a bird names a seat by rank from the dealer; each payer pays
# x (1 + birds on the winner + birds on the payer) (changsha)
BIRD_RULE_HORSE = 1  # 买马: each payer pays x (1 + horses on the winner) (guangdong tuidaohu)
BIRD_RULE_RANK_SEAT_DOUBLING = 2  # 扎鸟, doubling per bird: each payer pays
# x 2 ** (birds on the winner + birds on the payer)
BIRD_RULE_CODES = {
    "rank_seat": BIRD_RULE_RANK_SEAT,
    "horse": BIRD_RULE_HORSE,
    "rank_seat_doubling": BIRD_RULE_RANK_SEAT_DOUBLING,
}

# ---- rule-reading options (183-191)
VOID_KONG_NONE = 0  # no kong at all while a void-suit tile is held (Sichuan default reading)
VOID_KONG_CONCEALED = 1  # a concealed kong of another suit is allowed (下雨 before the void is out)
VOID_KONG_ANY = 2  # any kong of another suit is allowed
VOID_KONG_CODES = {"none": VOID_KONG_NONE, "concealed": VOID_KONG_CONCEALED, "any": VOID_KONG_ANY}

LAST_REPL_ALLOWED = 0  # a kong with one live tile left takes it as its replacement
LAST_REPL_KEPT_BACK = 1  # the last live tile is never a replacement: no kong while only it is left
# (the code is the number of live tiles a kong must leave: the engine tests remaining > code)
LAST_TILE_REPLACEMENT_CODES = {"allowed": LAST_REPL_ALLOWED, "kept_back": LAST_REPL_KEPT_BACK}

SEABED_OFFER_EVERY_SEAT = 0  # the 海底 is offered to every seat in turn
SEABED_OFFER_READY_SEATS = 1  # only to seats whose hand is ready; the others are passed over
SEABED_OFFER_CODES = {
    "every_seat": SEABED_OFFER_EVERY_SEAT,
    "ready_seats": SEABED_OFFER_READY_SEATS,
}

SEABED_REFUSED_DRAWN = 0  # every offered seat refused: the hand is drawn
SEABED_REFUSED_FIRST_TAKES = 1  # the first seat offered must take it (and win or expose it)
SEABED_REFUSED_CODES = {
    "drawn_hand": SEABED_REFUSED_DRAWN,
    "first_seat_takes": SEABED_REFUSED_FIRST_TAKES,
}

SEABED_BIRDS_ONE = 0  # the winning 海底 tile is one bird, however many birds the rule turns
SEABED_BIRDS_ALL = 1  # the winning 海底 tile counts as every bird the rule turns
SEABED_BIRDS_CODES = {"one": SEABED_BIRDS_ONE, "all": SEABED_BIRDS_ALL}

MW_THRESHOLD_NONE = 0  # a locked seat may not win any locked discard, whatever its value
MW_THRESHOLD_HIGHER = 1  # a locked discard win is allowed when worth more than every win the
# seat passed since its lockout began
MW_THRESHOLD_CODES = {"none": MW_THRESHOLD_NONE, "higher_value": MW_THRESHOLD_HIGHER}

CHICKEN_FLIP_NONE = 0
CHICKEN_FLIP_AFTER_WIN = 1  # after any win, the next undrawn tile + 1 rank is a chicken
CHICKEN_FLIP_AFTER_SELF_DRAW = 2  # only after a self-draw win
CHICKEN_FLIP_CODES = {
    "none": CHICKEN_FLIP_NONE,
    "after_win": CHICKEN_FLIP_AFTER_WIN,
    "after_self_draw": CHICKEN_FLIP_AFTER_SELF_DRAW,
}
