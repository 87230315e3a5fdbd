"""Tianjin 天津麻将 (``tianjin``): 混儿 wild tiles, self-draw only, multiplicative 番.

Rules in prose and their sources: docs/variants/tianjin.md. Scoring: :mod:`mjsim.scoring.tianjin`.

Played here (spec fields):

- 136 tiles, no flowers ["共136张牌（每人摆17叠）"]; dealer 14 / others 13 ["庄家拿14张
  牌，闲家13张牌"].
- Pung and kong only, no chow ["打牌过程中，可以碰（杠）牌，不允许吃牌"]; no ready declaration
  ["天津麻将，不允许报听"]: ``allow_chow=False, allow_ready=False``.
- 混: the indicator is turned ``dice sum`` stacks from the tail ["如色子为3，则从尾墩数3墩，
  翻开上边的牌是混"] (``indicator_source="dice_sum_from_tail"``, out of play: 3 + 4 = 7 wilds
  ["有混儿（中下滚，7张）"]); the indicator's kind and the next kind are wild ["如翻开的
  是3筒，则3筒和4筒都是混"; "如翻开的是北风，则北风和东风是混"; "如果翻开的是白板，则白板和红中都是混
  （注：字牌的顺序为中发白）"]: ``wild_rule="indicator", wild_offsets=(0, 1)``, the default
  ``wild_honor_cycle="separate"`` (中 -> 发 -> 白 -> 中).
- 混 only stand for other tiles in a win ["混只可以在胡牌时充当任何牌，在碰、杠时不能充当其它的
  牌"]: ``wild_in_calls=False``; natural wilds may be konged from the hand. A discarded 混 may not
  be claimed (``wild_discard_claimable=False``): ["手上有两个相同的混，其它人打出一张相同的混，
  不能碰"]. Deviation: the seed allows an exposed kong of a discarded 混 with three in hand; the
  field forbids every claim of a discarded wild (rare: the discarder has become 小相公).
- 小相公: a player who discards a 混 cannot win this hand ["如果玩家把手上的混打出，算作小相公，
  该局此玩家不能胡牌"]: ``wild_discard_penalty="no_win"``.
- Shapes: 4 sets + a pair only ["胡牌组合只考虑只上几种，其他特殊组合均不考虑"; the 麻将规则 collection: "没有七对、
  十三幺等"]: ``win_shapes=("standard",)``.
- Self-draw only, incl. 杠开 ["天津麻将只能自摸或杠开胡，没有点炮胡"]: ``self_draw_only=True``,
  no robbing a kong (``rob_kong="none"``, a discard-type win).
- A win needs >= 2 番 ["即只要胡牌就一定在2番或2番以上"]: ``min_fan=2`` (a plain 提溜 with a
  混 is 1 番 and cannot win).
- End of the wall at the indicator ["当抓完翻混的前一张牌时没有人胡牌，即荒庄"; "如果杠完后补牌
  超过了混所在的位置，则抓完所有牌就是荒庄"]: ``wall_end_at_indicator=True, wall_reserve=0``.
- Kong points settled at the end, also on 荒庄 ["荒庄要计算杠分"]:
  ``kong_payment_timing="at_end"``; exposed 1 ["一个明杠的分(1分)"], concealed 2 ([public],
  DEFAULT), paid by each of the other three.
- Dealer: stays on a win or 荒庄, else the next seat ["闲家胡牌，则现任庄家的下一家坐庄"]:
  ``dealer_rotation="winner_stays", dealer_stays_on_draw=True``.

- 坐庄 / 拉庄 pre-hand stakes (Tianjin rules "庄家可选择是否坐庄"; "每个闲家最多可拉两次庄，每拉一庄倍数
  加倍"; "杠分计算也是如此"): ``pre_hand_bet="sit_and_pull"``
  (:mod:`mjsim.engine.bets`): after the deal the dealer sits (``BET + 1``) or not (``BET + 0``),
  then each non-dealer 拉 ``BET + 0..2`` times; every payment between the dealer and seat X (win
  and kong points) is x ``(坐庄 ? 2 : 1) x 2 ** 拉(X)``, between non-dealers x 1.

Not implemented yet (documented, not silently dropped):

- 跟打 (Tianjin rules): the dealer's payment when all three follow its first discard.
- 金杠 (a concealed kong of four 混, public +4): paid as an ordinary concealed kong (2).
- The indicator stack's remaining bottom tile as a replacement ["遇到开混的墩，不跳过，把剩下的
  那张补掉"] follows the engine's indicator handling (the turned tile is out of play).
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec
from mjsim.scoring.tianjin import DEFAULT_SCORE_VALUES

SPEC = RuleSpec(
    name="tianjin",
    n_players=4,
    tile_set="136",
    flowers="none",
    hand_size=13,
    allow_chow=False,
    chow_left_only=False,
    allow_pung=True,
    allow_exposed_kong=True,
    allow_added_kong=True,
    allow_concealed_kong=True,
    wild_rule="indicator",
    wild_offsets=(0, 1),
    indicator_source="dice_sum_from_tail",
    indicator_in_play=False,
    wall_end_at_indicator=True,
    wild_in_calls=False,
    wild_discard_claimable=False,
    wild_discard_penalty="no_win",
    win_shapes=("standard",),
    pair_rule="any",
    allow_ready=False,
    min_fan=2,
    self_draw_only=True,
    missed_win_lockout="none",
    multi_winner="all",
    rob_kong="none",
    wall_reserve=0,
    dealer_rotation="winner_stays",
    dealer_stays_on_draw=True,
    scoring="tianjin",
    score_values=DEFAULT_SCORE_VALUES,
    kong_payment_timing="at_end",
    pre_hand_bet="sit_and_pull",
)
