"""Hangzhou 杭州麻将 (``hangzhou``): 财神 wilds (白板), 爆头, 财飘, 杠开, the standard shapes.

Rules in prose and their sources: docs/variants/hangzhou.md (the rule text of the 麻将规则
collection, 杭州麻将; the wild and the values from the public Hangzhou tables):

- 136 tiles, no flowers ["共一百三十六张"]; dealer 14, others 13.
- Chow from the previous seat only, pung and kong from anyone, pung before chow
  ["庄家的下家…有权力吃或碰那张牌，其它两家则只可碰或杠那张牌"].
- 财神: 白板 is wild (``wild_rule="fixed", wild_tiles=(31,)``), in a win only; the scorer is
  told of 爆头 and 财飘 (``wild_wait_context``): a lone wild waiting on every tile wins by
  self-draw only (``wild_single_wait_self_draw_only``), and a seat may throw the wild from
  such a hand (财飘) to win later at a higher multiplier.
- Shapes: the five mixes of four sets and a pair, any pair ["乱将即可"]; seven pairs is the
  table's ``seven_pairs`` option (off).
- Dealer: stays after its win or a drawn hand; a winning non-dealer deals next
  ["闲家谁胡牌谁当庄家"; "庄家胡牌或流局则继续当庄家"] (``dealer_rotation="winner_deals"``).
- One winner per discard, the nearest (head bump).
- Points (:mod:`mjsim.scoring.tables.hangzhou`): 1 × the factors; the discarder pays a discard
  win, each of the three a self-draw.

No code of its own: the hand value is the fan table (its 爆头 / 财飘 patterns read the
engine's lone-wild-wait context), the payments the payment record.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(seven_pairs, piao)``
DEFAULT_SCORE_VALUES = (0, 4)

SPEC = RuleSpec(
    name="hangzhou",
    n_players=4,
    tile_set="136",
    flowers="none",
    hand_size=13,
    allow_chow=True,
    chow_left_only=True,
    wild_rule="fixed",
    wild_tiles=(31,),
    wild_single_wait_self_draw_only=True,
    wild_wait_context=True,
    win_shapes=("standard",),
    allow_ready=False,
    multi_winner="nearest",
    rob_kong="added",
    dealer_rotation="winner_deals",
    dealer_stays_on_draw=True,
    scoring="table",
    fan_table="hangzhou",
    score_values=DEFAULT_SCORE_VALUES,
)
