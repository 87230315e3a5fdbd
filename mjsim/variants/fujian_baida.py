"""Fujian 百搭 福建百搭 (``fujian_baida``): a moving wild (百搭) turned from the wall tail, the
白板 stand-in.

Rules in prose and their sources: docs/variants/fujian_baida.md (the rule text of the 麻将规则
collection, 福建麻将; the rest from the common published 百搭 rules):

- 136 tiles, no flowers; dealer 14, others 13.
- Chow from the previous seat, pung and kong from anyone.
- 活动百搭: at the start the tile at the kong end of the wall (杠尾) is turned and its kind is
  wild ["开牌时将杠尾的一张牌翻开，该牌就是百搭"] (``wild_rule="indicator"``,
  ``indicator_source="tail_first"``); the turned tile stays out of play. 带弟百搭, the kind
  after the turned one ["开九万则以一万为百搭，开北则以红中为百搭"], is
  ``wild_rule="indicator_next"``; the honours run in one cycle 东南西北中发白
  ["番子牌以东南西北中发白首尾相连"] (``wild_honor_cycle="single"``).
- A 白板 plays as a natural copy of the turned kind
  ["其中一张白板可以用作代替该张翻开的牌"] (``wild_stand_in=31``; every 白板, not one).
- The wild stands for any tile in a win, not in a call.
- Shapes: four sets and a pair, seven pairs (the table's ``seven_pairs``).
- Dealer: stays after its own win or a drawn hand; one winner per discard, the nearest.
- Points (:mod:`mjsim.scoring.tables.fujian_baida`): 1 × the factors; the discarder pays a
  discard win, each of the three a self-draw.

No code of its own: the indicator wild, the honour cycle and the stand-in are shared spec
fields, the hand value the fan table, the payments the payment record.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(seven_pairs, no_wild)``
DEFAULT_SCORE_VALUES = (1, 2)

SPEC = RuleSpec(
    name="fujian_baida",
    n_players=4,
    tile_set="136",
    flowers="none",
    hand_size=13,
    allow_chow=True,
    chow_left_only=True,
    wild_rule="indicator",
    wild_honor_cycle="single",
    indicator_source="tail_first",
    wild_stand_in=31,
    win_shapes=("standard", "seven_pairs"),
    allow_ready=False,
    multi_winner="nearest",
    rob_kong="added",
    dealer_rotation="winner_stays",
    dealer_stays_on_draw=True,
    scoring="table",
    fan_table="fujian_baida",
    score_values=DEFAULT_SCORE_VALUES,
)
