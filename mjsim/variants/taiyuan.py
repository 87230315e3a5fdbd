"""Taiyuan stand-four 太原立四麻将: four standing tiles, ready required, additive points.

Rules in prose and their sources: docs/variants/taiyuan.md (the rule text of the
《全国各地麻将玩法总汇》 platform rules, 山西太原立四麻将, and the 麻将规则 collection, 太原麻将):

- 136 tiles, no flowers ["立四麻将使用无花牌的136张麻将"]; dealer 14, others 13.
- 立牌: the first four tiles a player takes stand apart; one of them must be discarded to
  declare ready, and they may not be discarded otherwise ["第一手抓的四张牌放在前面立着…这四张
  牌只有听牌时，才可以打出一张，而且听牌时必须打出这四张中的一张才能听"] (``standing_tiles=4``; the
  ready discard is face down and cannot be claimed; a call must leave a standing tile).
- No chow, pung and kong only ["不可以吃牌,只能碰（杠）牌"]; a passed pung may not be claimed
  from another player before the next draw ["不能弃先碰后"].
- A ready declaration is needed to win ["玩家只有听牌后才可以胡牌"]; after it no change and no
  kong ["一旦听后，就不允许再换牌，也不允许再杠"]; a ready player who can win must
  ["若能胡则系统强制胡牌"] (``forced_win="when_ready"``); otherwise passing a win would lock it
  out for the hand (``ready_lockout_whole_hand``).
- Standard hands only ["不存在十三幺,全不靠,七对等和法"]; one winner per hand, the nearest
  after the discarder ["按照逆时针顺序只有最近的人算胡"; "一盘只能有一位和牌者"]; no robbing a kong
  (not mentioned).
- Seven stacks kept back, one more per kong after the first ["牌墙需保留最后7墩，如果有人杠，
  1杠留7墩,2杠留8墩"]; a drawn hand keeps the dealer unless someone made a kong
  ["荒庄时，若4人均无杠，则庄家继续坐庄；有杠则下家做庄"].
- Points (:mod:`mjsim.scoring.tables.taiyuan`): 1 for the win, 缺门 / 嵌张 / 镶边 +1, 青龙 +20,
  the winner's kongs 明杠 +1 / 暗杠 +2, a self-draw doubles all but the kongs; 庄家 +1 in a pair
  with the dealer and +1 from an unready discarder are payment-record terms. Every other player
  pays a discard win ("和牌者胜，其他三家负"; ``score_values[0] = 0``: the discarder alone).

``score_values`` = ``(discard_everyone, dealer_bonus, unready_bonus, unique_wait,
pure_straight)`` = ``(1, 1, 1, 1, 20)``. No code of its own: the hand value is the fan table,
the payments the payment record (its ``dealer_add`` and ``unready_discarder_add`` terms).
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(discard_everyone, dealer_bonus, unready_bonus, unique_wait, pure_straight)``
DEFAULT_SCORE_VALUES = (1, 1, 1, 1, 20)

SPEC = RuleSpec(
    name="taiyuan",
    n_players=4,
    tile_set="136",
    flowers="none",
    hand_size=13,
    allow_chow=False,
    chow_left_only=False,
    missed_pung_lockout=True,
    allow_ready=True,
    must_be_ready=True,
    standing_tiles=4,
    kong_after_ready="none",
    forced_win="when_ready",
    ready_lockout_whole_hand=True,
    win_shapes=("standard",),
    multi_winner="nearest",
    rob_kong="none",
    wall_reserve=14,
    reserve_per_kong=2,
    reserve_free_kongs=1,
    reserve_whole_stacks=True,
    dealer_on_draw="next_if_any_kong",
    scoring="table",
    fan_table="taiyuan",
    score_values=DEFAULT_SCORE_VALUES,
)
