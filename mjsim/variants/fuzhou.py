"""Fuzhou 福州麻将 (``fuzhou``): 16-tile hands, the 金 (gold) wild turned from the wall tail,
抢金, 三金倒, 金雀, 金龙, every honour a flower, a core of counts doubled on a self-draw plus
the best special row.

Rules in prose and their sources: docs/variants/fuzhou.md (the rule text of
《全国各地麻将玩法总汇》, 福建麻将; its numbers are lost and are the common published Fuzhou
online rules):

- 144 tiles: the three suits, the seven honours and the eight flowers; every honour is a flower
  ["花牌只用作记分"], set aside and replaced from the tail on the deal and on every draw
  (``honors_are_flowers``). 16 tiles each, the dealer 17 ["庄家要多拿一张牌"]; a win is five
  sets and a pair.
- The opening 补花 is played in rounds (``opening_flower_order="rounds"``): in each round every
  seat holding a flower, in turn from the dealer, sets aside all it holds and draws as many
  from the tail; a flower drawn waits for the next round, until no seat holds one
  ["通过多轮直到所有玩家手上的牌均是“索、万、饼”为止"].
- 金: after the flower replacement the first tile from the tail is turned; a flower there goes
  to the dealer and the next is turned ["补完花后从牌尾翻开的第一张就是“金”"]
  (``indicator_source="tail_first"``); the three other copies of its kind are wild, in a win
  only. A discarded gold cannot be claimed or won on, and its discarder may win by self-draw
  only for the rest of the hand ["打金牌的人只能自摸"].
- Chow from the previous seat, pung and kong from anyone; no ready declaration.
- 抢金 (``grab_wild``), 三金倒 (``three_wild_win``: three golds win on one's own turn,
  whatever the rest ["只要抓到三张“金”，就可胡牌"]), 金雀 beats nearer claimants of the same
  discard (``multi_winner="nearest_wild_pair_first"``); 天胡 and 抢金 count as self-draws.
- The wall keeps 18 tiles back, 1 more per exposed kong, 2 per concealed kong, 2 per four
  identical honour flowers; the last 4 drawable tiles are the 最后一组: drawn in turn, self-draw
  only, nothing claimed (``last_tiles_self_draw_only=4``); a flower drawn there is set aside
  unreplaced (``last_tiles_flower_replacement=False``) and a winning draw there is won (the
  table takes it: ``forced_win="last_tiles"``) ["最后一组牌不再补花和出牌，轮流抓牌，若抓的牌就能胡牌
  则由服务器自动胡掉"].
- Dealer: stays after its own win or a drawn hand, else the next seat deals
  ["如果庄家赢或者和局，则继续坐庄"]; each hand it keeps is one 连庄.
- Points (:mod:`mjsim.scoring.tables.fuzhou`): core = 5 + 花数 + 杠番 + 连庄数 + 金数,
  doubled on a self-draw; plus the best special row (一张花 15, 无花无杠 30, 天胡 30, 抢金 30,
  三金倒 40, 金雀 60, 金龙 120), not doubled.

No code of its own: the rules above are shared spec fields; the scorer's view of the honour
flowers (``F_HONOR_FLOWER_QUADS``), the 抢金 / 金雀 / 金龙 / 三金倒 patterns and the
``three_wilds`` reading of a fan table are shared scoring mechanisms.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(base, discard_everyone)``
DEFAULT_SCORE_VALUES = (5, 0)

SPEC = RuleSpec(
    name="fuzhou",
    n_players=4,
    tile_set="144",
    flowers="bonus",
    honors_are_flowers=True,
    opening_flower_order="rounds",
    hand_size=16,
    allow_chow=True,
    chow_left_only=True,
    wild_rule="indicator",
    indicator_source="tail_first",
    wild_discard_claimable=False,
    wild_discard_penalty="self_draw_only",
    three_wild_win=True,
    grab_wild=True,
    win_shapes=("standard",),
    allow_ready=False,
    multi_winner="nearest_wild_pair_first",
    rob_kong="added",
    missed_win_lockout="same_tile_until_next_draw",
    wall_reserve=18,
    reserve_per_kong=1,
    reserve_per_concealed_kong=2,
    reserve_per_flower_quad=2,
    last_tiles_self_draw_only=4,
    last_tiles_flower_replacement=False,
    forced_win="last_tiles",
    dealer_rotation="winner_stays",
    dealer_stays_on_draw=True,
    count_dealer_repeats=True,
    scoring="table",
    fan_table="fuzhou",
    score_values=DEFAULT_SCORE_VALUES,
)
