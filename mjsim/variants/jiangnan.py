"""Jiangnan 江南麻将, the 心皇 game (``jiangnan``): 12-tile hands and one imagined wild tile.

Rules in prose and their sources: docs/variants/jiangnan.md (the rule text of the 麻将规则
collection, 江南麻将 / 心皇麻将; the scoring from the published tables of the region, as the rule
text gives none):

- 136 tiles, no flowers; every seat takes one tile fewer, 12 (the dealer 13), and imagines
  one more ["每家少拿一张牌，心中想象一张牌"] (``hand_size=12``, ``imagined_wild=1``).
- 心皇: the imagined tile stands for any tile in a win and in the ready check, never in a chow
  or pung ["心皇牌不能用来上牌或碰牌，只能用作和牌"].
- Chow (上) from the previous seat, pung and kong from anyone ["上牌、碰牌的摆放"].
- A kind a seat has discarded may never be chowed or won by it ["曾放过的牌既不能上，更不能和"]
  (``own_discard_lockout="win_and_chow"``); pung stays allowed.
- One winner per discard, the nearest.
- Points (:mod:`mjsim.scoring.tables.jiangnan`): 1 × the factors; the discarder pays a
  discard win, each of the three a self-draw.

No code of its own: the imagined wild is a spec field that the engine and the shared detector
read (the win context's ``F_IMAGINED_WILD``); the scoring is a fan table and payment record.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(seven_pairs,)``
DEFAULT_SCORE_VALUES = (1,)

SPEC = RuleSpec(
    name="jiangnan",
    n_players=4,
    tile_set="136",
    flowers="none",
    hand_size=12,
    imagined_wild=1,
    allow_chow=True,
    chow_left_only=True,
    own_discard_lockout="win_and_chow",
    win_shapes=("standard", "seven_pairs"),
    allow_ready=False,
    multi_winner="nearest",
    rob_kong="added",
    scoring="table",
    fan_table="jiangnan",
    score_values=DEFAULT_SCORE_VALUES,
)
