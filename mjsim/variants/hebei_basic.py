"""Hebei short form 河北麻将（简单规则）: chow and pung allowed, a win worth the base stake.

Rules in prose and their sources: docs/variants/hebei_basic.md. The rule text is one sentence
of the 麻将规则 collection (河北麻将简单规则（可吃碰牌）): "此规则对应的是两摞牌，十四张起胡，
可以吃、碰数次的最一般玩法，无补花，基点为1、2、3". What it says is played as written:

- two-high stacks of 136 tiles, no flowers ["两摞牌", "无补花"]; 13 tiles in hand, a win
  with the fourteenth ["十四张起胡"];
- chow and pung, as often as a player likes ["可以吃、碰数次"] (a chow from the previous
  seat, as everywhere in China);
- the base stake 1, 2 or 3 ["基点为1、2、3"]: the table's ``stake`` parameter
  (``score_values[0]``, default 1; :mod:`mjsim.scoring.tables.hebei_basic`).

Everything else is the most common reading of plain "最一般玩法" 推倒和 (the rule text is silent):
standard hands only (four sets and a pair), no ready declaration, no kong money, robbing an
added kong allowed, the dealer stays after winning or a drawn hand, several winners on one
discard; a discard win paid by the discarder, a self-draw by each of the three others, one
stake each. The hebei sibling (``hebei``, the online platform's rules: no chow, six stacks
kept back) is a separate rule set.

No code of its own: the hand value is its fan table, the payments its payment record.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``score_values`` = ``(stake,)``: the base points, 1, 2 or 3
DEFAULT_SCORE_VALUES = (1,)

SPEC = RuleSpec(
    name="hebei_basic",
    n_players=4,
    tile_set="136",
    flowers="none",
    hand_size=13,
    allow_chow=True,
    win_shapes=("standard",),
    scoring="table",
    fan_table="hebei_basic",
    score_values=DEFAULT_SCORE_VALUES,
)
