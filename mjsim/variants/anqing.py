"""Anqing 安庆麻将 (``anqing``): 钻 wilds (the kind after a turned tile), 红中 playing the 钻's
own kind, 发 and 白 as kong-only tiles with the 发 money, the dealer's stake 庄底子.

Rules in prose and their sources: docs/variants/anqing.md (the rule text of the 麻将规则
collection, 安庆麻将; the hand values from the common published 钻 / 财神 doubling factors):

- 136 tiles, no flowers; 13 tiles each, the dealer 14 ["庄家抓14张，其余三家逆时针跟抓13张"].
- Pung and kong from anyone, no chow ["所出牌闲家可碰杠"]; kong replacements from the tail.
- 钻: a tile is turned on the wall (top layer, counted from the dice) and the kind after it is
  wild (``wild_rule="indicator_next"``: 9 wraps to 1, East-South-West-North, 中-发-白)
  ["如翻的为北，则东为钻牌，如果翻的是红中，则钻牌为发财"]; the turned tile stays in the wall and is
  drawn in its turn (``indicator_in_play``); a discarded 钻 cannot be punged
  ["钻不可以碰"]. 红中 plays as a natural copy of the 钻's kind (``wild_stand_in=33``)
  ["红中：可以代替钻牌本身的那张牌"].
- 杠牌: 发 and 白 (or the two dragons other than a dragon 钻) are set aside at their holder's
  turn with a replacement from the tail, and a hand holding one cannot win
  (``kong_only_tiles="two_dragons"``) ["发财和白板是杠牌，只能用来杠，手上有，就不能胡牌"]; each 发 (红中
  when 发 is the 钻) set aside earns a unit ["几个发算几个翻的钱"].
- Dealer: East first; after a win the next seat deals, after a drawn hand the dealer stays and
  its stake rises by 4 (``draw_dealer_stake=4``) ["荒庄庄连庄，庄底子加4，闲底子不变"].
- The wall is played out ["全部牌抓完即为荒庄"]; ``wall_end_at_indicator`` is the other table
  agreement ["抓到亮钻牌的地方"].
- Points (:mod:`mjsim.scoring.tables.anqing`): 1 × the factors + the 发 units.

No code of its own: every rule above is a shared spec field or pattern.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(fa_unit, no_wild)``
DEFAULT_SCORE_VALUES = (1, 2)

SPEC = RuleSpec(
    name="anqing",
    n_players=4,
    tile_set="136",
    flowers="none",
    hand_size=13,
    allow_chow=False,
    chow_left_only=False,
    wild_rule="indicator_next",
    indicator_source="dice_sum_from_tail",
    indicator_in_play=True,
    wild_discard_claimable=False,
    wild_stand_in=33,
    kong_only_tiles="two_dragons",
    win_shapes=("standard", "seven_pairs"),
    allow_ready=False,
    multi_winner="nearest",
    rob_kong="added",
    dealer_rotation="rotate",
    dealer_stays_on_draw=True,
    draw_dealer_stake=4,
    scoring="table",
    fan_table="anqing",
    score_values=DEFAULT_SCORE_VALUES,
)
