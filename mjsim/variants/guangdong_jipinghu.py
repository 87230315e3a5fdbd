"""Guangdong chicken hand 鸡平胡 (``guangdong_jipinghu``): the spec (engine hooks:
:mod:`mjsim.engine.hooks_jipinghu`).

Rules in prose and their sources: docs/variants/guangdong_jipinghu.md (the 广东麻将 / 鸡平胡
pages of the rule text). The hand
value is :func:`mjsim.scoring.jipinghu.jipinghu_value` (番, 爆和 cap, special hands, minimum-3
situations); this module plays the table rules around it.

- 136 tiles, no flowers: ["共一百三十六张：筒、索、万、东、南、西、北、风、中、发、白，没有梅、兰、竹、菊"];
  dealer 14: ["只有庄家可得到十四张牌，其余的人十三张"].
- Chow only from the previous seat, pung beats chow: ["庄家的下家（右手边的玩者），有权力吃或碰
  那张牌，其它两家则只可碰或杠那张牌。“ 碰” 比“ 吃” 优先"]; all kongs; an added kong can be
  robbed, a concealed one cannot: ["暗杠不可抢杠和"].
- Shapes: standard and 十三幺; seven pairs not listed (off; ``win_shapes`` option). No
  minimum 番: ["鸡和0 1 什么牌都可以和，可吃碰杠"]. Several winners: ["允许一炮多响"].
- 漏和: ["玩家A是不能和那一张的。除非玩家A有进行动牌的情况，动牌的意思在于碰、上、杠、模牌的"]:
  ``missed_win_lockout="same_tile_until_move"`` (only the passed kind, [rec]).
- Dealer stays after a win (also in a multiple ron including the dealer) or a draw:
  ["如果庄家和牌或流局则下盘依然由该庄家做庄"; "如果一炮多响包括庄家在内和牌，下一轮庄家继续当庄"].
  Exhaustive draw: play to the last tile, no payments.
- Payments (hook :func:`mjsim.engine.hooks_jipinghu.jipinghu_pay`), points ``2 ** 番``: discard win, the discarder pays each
  winner (一炮三响 "点炮者包三家", each winner at least 3 番 via ``F_N_WINNERS``); self-draw, each
  of the three pays ([rec]); 抢杠 "抢杠和等同杠开，当自摸，被抢杠者（欲开杠者）包三家牌": the
  robbed player pays the three shares; 杠上开花包杠 "开暗刻明杠补牌后和牌，计自摸，点杠者包三家牌";
  包自摸 "十二张落地包自摸", "为其余两家代付该笔自摸的金币", "包先不包后", 大四喜 / 大三元 "若有人
  打出余下一款者，那人则需承担包自摸的责任": :func:`mjsim.engine.hooks_jipinghu.jipinghu_on_claim` records the first enabler
  (``PV_LIABLE``) using the claimed meld's ``source``.
- 天和 / 地和 / 人和 ["天和：庄家在发完牌就和牌"; "地和：闲家摸到第一张牌就和牌"; "人和：第一轮中
  和别人出的牌"]: at least 3 番 ([rec]; option ``score_values`` index 3 = 0).

``score_values`` = :func:`mjsim.scoring.jipinghu.default_params` (``[cap, seven_pairs,
additive, opening_floor]``).
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec
from mjsim.scoring.jipinghu import (
    default_params,
)

SPEC = RuleSpec(
    name="guangdong_jipinghu",
    n_players=4,
    tile_set="136",
    flowers="none",
    hand_size=13,
    allow_chow=True,
    chow_left_only=True,
    allow_pung=True,
    allow_exposed_kong=True,
    allow_added_kong=True,
    allow_concealed_kong=True,
    win_shapes=("standard", "thirteen_orphans"),
    pair_rule="any",
    allow_ready=False,
    missed_win_lockout="same_tile_until_move",
    multi_winner="all",
    rob_kong="added",
    wall_reserve=0,
    dealer_rotation="winner_stays",
    dealer_stays_on_draw=True,
    scoring="jipinghu",
    score_values=tuple(int(x) for x in default_params()),
    kong_payment_timing="at_end",  # no kong payments in 鸡平胡 (kong_points is 0)
)
