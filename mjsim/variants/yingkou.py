"""Yingkou 营口麻将: the 会 wild (the last tile of the wall) stands for simples only, all three
suits, a 幺九 tile, the pair not a 2 or an 8; the Liaoning doubling count.

Rules in prose and their sources: docs/variants/yingkou.md (the rule text 麻将规则, 营口麻将; the
values from the Liaoning room rules, which the text leaves out):

- 136 tiles, 13 a hand ["每家抓13张牌"]; chow, pung and kong (the text is silent).
- After the deal the last tile of the wall is turned; its kind is the 会 (wild), and the turned
  tile stays in the wall ["最后一张牌是会（万能牌）"]: ``wild_rule="indicator"``,
  ``indicator_source="last_wall_tile"``, ``indicator_in_play``. A 会 stands for any tile but a
  1, 9 or honour ["可替代除了幺久的任何牌"]: ``wild_substitutes="simples"``.
- A win holds all three suits ["万，饼，条，都要有"] (``suit_rule="all_three"``), a 1, 9 or
  honour ["还不能断幺九"] (``must_have_terminal``; a 会 cannot be one), and its pair is not a 2
  or an 8 ["二，八不能做将"] (``pair_rule="not28"``); a four may be split as a pung and a chow
  ["aaaabc abc abc aa"]; four sets and a pair only (``win_shapes=("standard",)``: the text's one
  shape; no seven pairs).
- The value (:mod:`mjsim.scoring.tables.yingkou`): 2^番 points; the discarder pays twice,
  everyone else once; the dealer's pairs doubled.

``score_values`` = ``(cap, no_wild, discarder_mult)`` = ``(5, 1, 2)``. No code of its own.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(cap, no_wild, discarder_mult)``
DEFAULT_SCORE_VALUES = (5, 1, 2)

SPEC = RuleSpec(
    name="yingkou",
    n_players=4,
    tile_set="136",
    hand_size=13,
    allow_chow=True,
    wild_rule="indicator",
    indicator_source="last_wall_tile",
    indicator_in_play=True,
    wild_substitutes="simples",
    win_shapes=("standard",),
    pair_rule="not28",
    suit_rule="all_three",
    must_have_terminal=True,
    multi_winner="nearest",
    scoring="table",
    fan_table="yingkou",
    score_values=DEFAULT_SCORE_VALUES,
)
