"""Ningbo 宁波百搭 (``ningbo``): 144 tiles, a turned 百搭 wild, 杠花, 1 + Σ台 with at least 4 台.

Rules in prose and their sources: docs/variants/ningbo.md (the rule text of 《全国各地麻将玩法
总汇》, 浙江宁波麻将):

- 144 tiles with the eight flowers ["共144张牌（每人摆18叠）"]; dealer 14, others 13.
- The smaller die counts stacks from the tail to the 百搭 indicator, which is out of play
  ["从牌墙最后往前数小点的墩数，翻开上面一张牌作为百搭牌"; "游戏发牌和抓牌总共只有143张"]
  (``wild_rule="indicator", indicator_source="dice_small_from_tail"``): the other three of its
  kind are wild; a turned season makes the seasons wild, a plant the plants, and those flowers
  are wild only ["花牌做百搭牌后不再具有花牌性质"] (``wild_flower_groups=True``).
- A wild stands for any tile in a win only ["胡牌时手中的百搭牌可以替代任何牌"], not in a chow or
  pung, and a discarded wild cannot be claimed ["不能吃别人打出的百搭"; "不能碰别人打出的百搭"]
  (``wild_in_calls=False, wild_discard_claimable=False``); a lone-wild wait wins by
  self-draw only ["财神单吊时，不能捉冲，只能自摸"] (``wild_single_wait_self_draw_only``).
- Chow from the previous seat, not discarding a tile of the chowed sequence
  ["吃牌123万，吃1万，就不能出1万和4万"] (``forbid_chow_same_discard``); no kong in the turn of a
  pung ["碰后不能立即杠牌（包括杠花），下一轮才能杠"] (``kong_after_pung="next_turn"``).
- Flowers: replaced after the deal; later a drawn flower is held until its holder exposes it
  (杠花, "打出手中的花牌，叫杠花，要补一张牌") (``flower_replacement="action"``); a win on its
  replacement is 杠上开花.
- No ready declaration ["没有听牌"]; one winner, the nearest after the discarder
  ["只算与点炮玩家逆时针最近的玩家糊牌"]; robbing an added kong (抢杠 1 台).
- Standard hands only; a win needs at least 4 台, the base point excluded
  ["必须达到4台或更高台数"]: the fan table's ``min_to_win`` over its qualifying rows, with
  ``min_fan=1`` so that the engine refuses a win the table values at 0.
- The wall is played out ["抓完143张无人胡牌就是流局"]; dealer: stays on its win and on a drawn
  hand, else the next seat; the round wind advances when the deal returns to the first dealer
  ["当BCD都做过庄，再次轮到A时换圈风"].
- Points (:mod:`mjsim.scoring.tables.ningbo`): 1 + Σ台; the discarder pays a discard win,
  each of the three a self-draw ["三家都要输分"]; no kong or flower money.

No code of its own: the hand value is the fan table (its flower patterns read the flowers the
winner exposed), the payments the payment record.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(min_tai, all_flowers)``
DEFAULT_SCORE_VALUES = (4, 8)

SPEC = RuleSpec(
    name="ningbo",
    n_players=4,
    tile_set="144",
    flowers="bonus",
    hand_size=13,
    allow_chow=True,
    chow_left_only=True,
    forbid_chow_same_discard=True,
    kong_after_pung="next_turn",
    wild_rule="indicator",
    indicator_source="dice_small_from_tail",
    wild_flower_groups=True,
    flower_replacement="action",
    wild_in_calls=False,
    wild_discard_claimable=False,
    wild_single_wait_self_draw_only=True,
    win_shapes=("standard",),
    allow_ready=False,
    min_fan=1,
    multi_winner="nearest",
    rob_kong="added",
    wall_reserve=0,
    reserve_whole_stacks=False,
    dealer_rotation="winner_stays",
    dealer_stays_on_draw=True,
    round_wind_rule="advance_after_cycle",
    scoring="table",
    fan_table="ningbo",
    score_values=DEFAULT_SCORE_VALUES,
)
