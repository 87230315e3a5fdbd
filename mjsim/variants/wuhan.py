"""Wuhan 红中赖子杠 (Red-Dragon-and-Wild Kong): must open, 赖子 wild, 红中 set aside as a kong,
屁胡 with a 2-5-8 pair, the 大胡 list, doubling scores with each payer's own melds.

Rules in prose and their sources: docs/variants/wuhan.md (the rule text 麻将规则, 武汉麻将; the
published 红中赖子杠 room rules for what that text leaves out):

- 136 tiles, no flowers; chow, pung and kong. A win needs an opened hand (a chow, pung or
  exposed kong) ["讲究开口（即碰，吃，杠），不开口不能胡"]: ``must_open``.
- After the deal a tile is turned; the next kind is the 赖子 (wild) ``wild_rule="indicator_next"``.
  A 赖子 may be set aside on its own with a replacement draw (赖子杠, ``wild_kong``); so may 红中,
  which may never be discarded, and a hand holding 红中 cannot win ["红中留在手上不能胡"]:
  ``kong_only_tiles="red_dragon"``.
- A 屁胡 (ordinary win) has a 2-5-8 pair and at most one 赖子 ["两个癞子胡屁胡不能胡"]; the 大胡
  碰碰胡, 将一色, 清一色 (any pair, "将是乱将"), 风一色, 全求人, 杠开 (a 红中, 赖子 or four-tile kong),
  海底捞 (a self-draw among the last four tiles) and 抢杠 have neither limit
  ["碰碰胡、将一色、清一色、风一色、全求人、杠开、海底捞、抢杠都算大胡。其他就都是屁胡"]:
  ``win_filter="small_win_258_pair"``; 将一色 and 风一色 need no sets
  (``win_shapes`` ``all_258_free`` / ``all_honors_free``).
- 七皮四赖 (the Hubei room option "七皮四赖杠"), an option: ``kong_only_tiles="seven_pi"`` makes
  the 皮子 (the turned kind's three copies in play and the four of the kind before it) the
  tiles set aside instead of 红中, each a 皮子杠 worth what a 红中杠 is.
- 承包 (liability): a kong added to a pung may be robbed; the robbed seat then pays every share
  ["他就要包了"] (the payment record's ``rob_kong="self_draw_by_robbed"``); a 杠开 on the
  replacement of a kong claimed from a discard is paid in full by that discarder (放杠包杠开,
  the published room rules: ``kong_bloom_liable``).
- A 屁胡 paid or received by the dealer is doubled (庄家屁胡翻倍; the payment record's
  ``dealer_mult`` with ``dealer_row`` = the 屁胡 row; a 大胡 is not).
- 查大叫 at an exhaustive draw (the published room rules): each seat that is not ready pays
  each ready seat that seat's best value over its waits (``draw_ready_pay``).
- The value (:mod:`mjsim.scoring.tables.wuhan`): 屁胡 1, each 大胡 10, doubled by the winner's
  开口, kongs, 红中杠 / 赖子杠 and self-draw; each payer's own melds and kongs double its share
  (开口翻; the payment record's per-payer terms), the discarder's once more; 封顶 300 a share,
  金顶 400 when all three reach it; the 起胡 threshold ``qihu`` (``min_fan=1`` lets the table
  refuse a win below it).

``score_values`` = ``(big_base, open_each, hard_win, qihu, payer_cap, golden, open_from,
dealer_small)`` = ``(10, 0, 2, 1, 300, 400, 0, 2)``; ``open_from`` 0 doubles a payer's share by its own melds (the
published room rules), 1 by the winner's melds that payer fed (the other reading of "each open
meld ×2 for the payer concerned"); ``dealer_small`` the dealer's factor on a 屁胡 (1 = off).
Code of its own: none for this id; the 皮子 are the shared kong-only tiles
(:mod:`mjsim.engine.kong_tiles`), 查大叫 the shared drawn-hand hook
(:func:`mjsim.engine.hand_end.draw_ready_pay`), the dealer's 屁胡 factor the payment record's
``dealer_row``; the per-payer doubling is the
payment record's shared per-payer terms (:func:`mjsim.scoring.payments.pay_per_payer`), the
last-four-tiles 海底捞 the win context's ``F_TILES_LEFT``, 将一色 / 风一色 the fan table's
free-form readings ``all_258_free`` / ``all_honors_free``: every rule set whose payers count
their own melds, or whose free-form hands are scored, uses the same hooks.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(big_base, open_each, hard_win, qihu, payer_cap, golden, open_from, dealer_small)``
DEFAULT_SCORE_VALUES = (10, 0, 2, 1, 300, 400, 0, 2)

SPEC = RuleSpec(
    name="wuhan",
    n_players=4,
    tile_set="136",
    hand_size=13,
    allow_chow=True,
    must_open=True,
    wild_rule="indicator_next",
    wild_kong=True,
    kong_only_tiles="red_dragon",
    win_shapes=("standard", "all_258_free", "all_honors_free"),
    win_filter="small_win_258_pair",
    multi_winner="nearest",
    rob_kong="added",
    kong_bloom_liable=True,
    draw_ready_pay=True,
    min_fan=1,
    scoring="table",
    fan_table="wuhan",
    score_values=DEFAULT_SCORE_VALUES,
)
