"""The common additive fan table 常用麻将算番规则表: items add up with their exclusions, 扣听.

Rules in prose and their sources: docs/variants/common_fan.md (the table "常用麻将算番规则表" of
the 麻将规则 collection, "通称番数基本规则及说明"; the table is of uncertain regional origin and
gives no rules of play, so those are the common Chinese rules, named on the page):

- 136 tiles, no flowers; chow from the previous player, pung, kongs; every seat that claims
  a discard win wins; the dealer stays after its own win and a drawn hand (the defaults: the
  table gives no rules of play).
- Standard hands, seven pairs, thirteen orphans ("十三幺") and 十三不靠 with an honour pair
  ("147、258、369凑齐，以字作将"): ``win_shapes``, the last a free-form reading of the fan
  table.
- 扣听: a ready declaration with the first discard of the first go-round, the hand then locked
  ("庄打一张报听 ... 以后不能再换牌"): ``allow_ready``, ``ready_first_discard_only``; the win
  context's ``ready_first_discard`` values it.
- The value (:mod:`mjsim.scoring.tables.common_fan`): the items of the table add up, with its
  exclusions (不算); a win with no item is 穷胡 7. The six items the text names without a
  value take the Chinese Official values (中国麻将竞赛规则, 1998): 门清 2, 缺门 1, 单调 1,
  断幺 2, 缺字 1; 五将 (a pair of 5s) 1 is a chosen reading. The discarder pays a discard
  win, each other player a self-draw (the recommended reading: the table gives no payments).

Not played: the non-dealer's 扣听 on the dealt thirteen tiles at the dealer's first discard
("庄打一张时非庄未胡报听") is played as a ready declaration with the seat's own first discard
(docs page, "Not implemented").

``score_values`` = ``(unit, concealed, missing_suit, single_wait, all_simples, five_pair,
no_honors)`` = ``(1, 2, 1, 1, 2, 1, 1)``. Code of its own: none; the free-form reading
十三不靠 and the patterns 全带五, 三姐妹, 喜相逢, 全带幺, 五门齐, 小于五 / 大于五 are the shared
detector's, and ``ready_first_discard_only`` is a spec field any variant may use.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(unit, concealed, missing_suit, single_wait, all_simples, five_pair, no_honors)``
DEFAULT_SCORE_VALUES = (1, 2, 1, 1, 2, 1, 1)

SPEC = RuleSpec(
    name="common_fan",
    n_players=4,
    tile_set="136",
    hand_size=13,
    allow_chow=True,
    allow_ready=True,
    ready_first_discard_only=True,
    win_shapes=("standard", "seven_pairs", "thirteen_orphans", "knitted_honor_pair"),
    scoring="table",
    fan_table="common_fan",
    score_values=DEFAULT_SCORE_VALUES,
)
