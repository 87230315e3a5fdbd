"""Guangdong push-down 广东推倒胡 (``guangdong_tuidaohu``): no chow, self-draw only, 鬼牌 wilds,
kongs paid at once, 买马 horses.

Rules in prose and their sources: docs/variants/guangdong_tuidaohu.md. The rule text (麻将规则
collection, 广东推倒胡) gives the core ["不许吃牌只许自摸，并且讲究杠牌"]; the rest is the most
common published 推倒胡 rules (星辰广东麻将, 推倒胡规则):

- 136 tiles, no flowers; dealer 14, others 13 ["只有庄家可得到14张牌，其他人各有 13张牌"].
- Pung and kong only, no chow; self-draw only ["只能自摸胡牌，不能胡其他家的牌"]
  (``allow_chow=False, self_draw_only=True``); robbing an added kong counts as a self-draw
  paid in full by the robbed seat ["抢杠：算抢杠者自摸，被抢杠者包牌"; 抢杠全包]
  (``rob_kong="added", rob_kong_as_self_draw=True``).
- Shapes: 4 sets + a pair, seven pairs, thirteen orphans (推倒胡: any shape wins).
- 鬼牌: 白板 is wild (``wild_rule="fixed", wild_tiles=(31,)``); the other reading, the kind
  after a turned indicator (翻鬼), is ``wild_rule="indicator_next"`` with ``wild_tiles=()``.
  A wild stands for any tile in a win, not in a call.
- Kongs paid at once ["杠牌直接结算"]: concealed 2 from each, added 1 from each, exposed 3 from
  its discarder ["暗杠：每个人2倍底分"; "补杠：每个人1倍底分"; "点杠：放杠者3倍底分"]
  (``kong_pay_rule="table", kong_pay_values=(2, 1, 3)``).
- 杠爆全包: a self-draw on the replacement of an exposed kong is paid in full by the seat that
  discarded the kong tile (``kong_bloom_liable=True``).
- 买马: 4 horses turned after a win, each on the winner adds one more hand value from every
  payer ["平胡(1番)+马数*平胡番数"] (``birds=4, bird_rule="horse"``).
- 跟庄: when the other three follow the dealer's first discard with the same tile, the dealer
  pays each of them 1 (``follow_dealer=1``).
- Hand value (:mod:`mjsim.scoring.tables.guangdong_tuidaohu`): 1 番, ×2 无鬼, ×2 杠开, the 大胡
  factors; each of the three others pays it.
- Dealer: a winner deals next; a drawn hand keeps the dealer.

No code of its own: the hand value is the fan table, the payments the payment record, and
跟庄, 杠爆全包, 抢杠全包 and the horses are spec fields shared with any variant.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(big_hands, no_wild, kong_bloom)``
DEFAULT_SCORE_VALUES = (1, 2, 2)

SPEC = RuleSpec(
    name="guangdong_tuidaohu",
    n_players=4,
    tile_set="136",
    flowers="none",
    hand_size=13,
    allow_chow=False,
    chow_left_only=False,
    wild_rule="fixed",
    wild_tiles=(31,),
    win_shapes=("standard", "seven_pairs", "thirteen_orphans"),
    allow_ready=False,
    self_draw_only=True,
    rob_kong="added",
    rob_kong_as_self_draw=True,
    multi_winner="nearest",
    dealer_rotation="winner_deals",
    dealer_stays_on_draw=True,
    scoring="table",
    fan_table="guangdong_tuidaohu",
    score_values=DEFAULT_SCORE_VALUES,
    kong_payment_timing="immediate",
    kong_pay_rule="table",
    kong_pay_values=(2, 1, 3),
    kong_bloom_liable=True,
    birds=4,
    bird_rule="horse",
    follow_dealer=1,
)
