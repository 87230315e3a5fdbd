"""Wenzhou 温州麻将 (``wenzhou``): 16-tile hands, 财神 wilds with the 白板 stand-in, 连庄
raising the base.

Rules in prose and their sources: docs/variants/wenzhou.md (the rule text of the 麻将规则
collection, 温州麻将; the wild's choice and the values from the common published Wenzhou 财神
rules):

- 136 tiles, no flowers; 16 tiles each, the dealer 17 ["每人手里抓17张牌": the dealer's
  count]; a win is five sets and a pair.
- Chow from the previous seat, pung and kong from anyone ["通过吃牌、碰牌、杠牌等方式"].
- 财神: after the deal a tile is turned from the wall tail and the kind after it is wild
  (``wild_rule="indicator_next"``), in a win only ["财神可当任何牌"]; a 白板 plays as a
  natural copy of the 财神's kind (``wild_stand_in=31``).
- Dealer: East deals first ["第一盘门风东者为庄家"]; the dealer stays after its own win or a
  drawn hand, else the next seat deals (``dealer_rotation="winner_stays"``); each hand it
  keeps raises the base (``count_dealer_repeats``, the table's 连庄 row)
  ["庄家连庄…底数"].
- One winner per discard, the nearest.
- Points (:mod:`mjsim.scoring.tables.wenzhou`): (1 + 连庄) × the factors; the discarder pays
  a discard win, each of the three a self-draw.

Not played: the seat draw after four 连庄 in a row ["连庄四把之后，四位玩家重新排定位置"]
(it changes who sits where, not the rules of a hand).

No code of its own: the 16-tile hand, the indicator wild and its stand-in, the repeat counter
and the fan table's base row are shared spec fields and patterns.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(repeat_base, no_wild)``
DEFAULT_SCORE_VALUES = (1, 2)

SPEC = RuleSpec(
    name="wenzhou",
    n_players=4,
    tile_set="136",
    flowers="none",
    hand_size=16,
    allow_chow=True,
    chow_left_only=True,
    wild_rule="indicator_next",
    wild_stand_in=31,
    win_shapes=("standard",),
    allow_ready=False,
    multi_winner="nearest",
    rob_kong="added",
    dealer_rotation="winner_stays",
    dealer_stays_on_draw=True,
    count_dealer_repeats=True,
    scoring="table",
    fan_table="wenzhou",
    score_values=DEFAULT_SCORE_VALUES,
)
