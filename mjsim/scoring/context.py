"""The numba-friendly description of a win that every jitted scorer receives.

The engine builds it at a win and :func:`mjsim.score` builds it from strings, so both call the same
jitted scorer (one implementation).

Arrays:

- ``concealed``: ``uint8[34]`` (or ``uint8[42]`` including flowers, which scorers ignore beyond 34),
  the concealed tiles INCLUDING the winning tile, wild tiles included as their own kinds;
- ``melds``: ``int8[MAX_MELDS, 3]`` rows ``(meld_type, tile, source)`` as in :mod:`mjsim.melds`;
- ``win_tile``: ``int`` kind of the winning tile;
- ``flags``: ``int64[N_FLAGS]`` indexed by the ``F_*`` constants below (0/1 for booleans).

A scorer returns the hand value in the variant's own unit and fills ``items: int32[n_items]`` with
the count of each scoring item of its family (item tables live next to each scorer).
"""

from __future__ import annotations

F_SELF_DRAWN = 0  # won by self-draw (自摸)
F_SEAT_WIND = 1  # 0..3 = East South West North
F_ROUND_WIND = 2  # prevailing wind 0..3
F_FLOWERS = 3  # number of flower tiles the winner holds
F_FOURTH_TILE = 4  # the winning tile is the last unseen copy (和绝张)
F_LAST_WALL_TILE = 5  # won on the last tile of the wall (海底捞月 / 妙手回春 / 海底炮)
F_KONG_REPLACEMENT = 6  # won on a kong replacement draw (杠上开花)
F_ROBBING_KONG = 7  # won by robbing a kong (抢杠和)
F_IS_DEALER = 8  # the winner is the dealer
F_HEAVENLY = 9  # dealer wins on the initial 14 (天和)
F_EARTHLY = 10  # non-dealer wins on the first discard / first draw (地和), per variant
F_HUMAN = 11  # 人和, per variant
F_READY = 12  # the winner had declared ready (报听)
F_N_WILD = 13  # number of wild tiles among the concealed tiles
F_AFTER_KONG_DISCARD = 14  # won on a discard made right after a kong (杠上炮)
F_FIRST_TURN = 15  # no call or discard-win has interrupted the first go-round
F_WINNER_SEAT = 16  # absolute seat of the winner
F_DISCARDER_SEAT = 17  # absolute seat of the discarder (-1 on self-draw)
F_DEALER_SEAT = 18  # absolute seat of the dealer
# indices 19..23: one variant-specific flag per family (mjsim.engine.settle.variant_flags)
# ---- table context for scorers and settlement hooks, filled by the engine
F_DICE0 = 24  # the hand's opening dice (1..6 each; 0 when scored outside the engine)
F_DICE1 = 25
F_DEALER_REPEATS = 26  # dealer-repeat counter carried into this hand (连庄数)
F_CARRY_MULT = 27  # payment multiplier carried in from drawn hands (1 = none)
F_KONG_DICE = 28  # sum of the last 开杠 dice roll of this hand (0 = none)
F_HAND_NO = 29  # index of the hand in its run / match
F_WILD_KINDS = 30  # bit mask of the wild kinds active for the winner (bit k = kind k; 0 = none)
F_POOL_DRAW = 31  # the final ready draw from the unused pool won on, 1 = the first (海底捞月,
# final_ready_draws; two-player rules "由先听牌的玩家进行海底捞月"); 0 = not such a win
F_READY_KIND = 32  # the winner's ready kind: READY_MODE_* + 1 (1 hidden 暗听, 2 shown 明楼 / 明打,
# 3 shown self-draw only 明摸; mjsim.rules.params), 0 = not ready
F_HONOR_TILES_OUT = (
    33  # honour tiles the winner put out by 放风 / 补风 (honor_set_exposure; 0 = none)
)
F_WILD_WAIT = 34  # the winner's hand without the winning tile waited on every tile with a lone
# wild (爆头; wild_wait_context only)
F_WILD_PIAO = 35  # wilds the winner discarded from a 爆头 hand (财飘; wild_wait_context only)
F_GRABBED = 36  # 1: the win is a 抢金 (grab_wild; counted as a self-draw)
F_WILD_KONGS = 37  # wilds the winner set aside as kongs (wild_kong, wuhan 赖子杠)
F_KONG_TILES = 38  # kong-only tiles the winner set aside (kong_only_tiles, 红中杠 / 杠牌)
F_KONG_MONEY = 39  # of which anqing money tiles (发, or 红中 when 发 is the 钻: one unit each)
F_FLOWER_KINDS = 40  # bit j: the winner has set aside (exposed) flower kind 34 + j (春夏秋冬 =
# bits 0-3, 梅兰竹菊 = bits 4-7); wild flowers held in the hand are not set
F_READY_FIRST_DISCARD = (
    41  # the winner declared ready with its first discard, before any call (天听)
)
F_STAND_IN = 42  # the wild_stand_in kind + 1 when its copies count as natural copies of the
# lowest wild kind of F_WILD_KINDS (白板 for the 百搭 / 财神); 0 = none
F_HONOR_FLOWER_QUADS = 43  # honour kinds the winner has set aside as flowers four times
# (honors_are_flowers: four identical honour flowers, Fuzhou 花数 +2 each)
F_TREASURE_WIN = 44  # how a 宝 win happened (wild_rule="treasure"; self-draws of a ready seat):
# 0 none, 1 摸宝 (the 宝 kind drawn: as a wild, or completing the hand itself), 2 对宝 (the drawn
# tile stands for the 宝 kind, which completes the hand), 3 宝中宝 (the ready hand's only wait
# is the 宝 kind, won by drawing it or by 对宝); the values exclude each other
F_TILES_LEFT = 45  # live tiles left in the wall after the winning tile, plus 1 (1 = none left;
# 0 = not known, e.g. a win scored outside the engine without tiles_left): 海底捞 within the last
# four tiles (wuhan "只剩最后四张牌")
F_IMAGINED_WILD = 46  # imagined wild tiles the winner owns (imagined_wild, 心皇): jokers of the
# win that are not among the concealed tiles
N_FLAGS = 47
