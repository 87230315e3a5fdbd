"""Yantai 烟台麻将: two ready kinds (明楼 / 暗楼), additive 番, the dealer one 番 up in every pair.

Rules in prose and their sources: docs/variants/yantai.md (the Shandong rule text 山东麻将规则,
烟台麻将, an online platform's rules):

- 144 tiles with eight flowers ["合计 144张"]; flowers are set aside, replaced and worth nothing
  (the text gives them no value; ``tile_set="136"`` plays without them). Chow, pung and kongs.
- Ready is optional ["山东麻将不要求听牌才能和牌"]; a declaration is 暗楼 (hidden, any win) or
  明楼 (the hand shown, self-draw only) ["如果玩家选择明楼，则听牌后把牌亮开，且只能和自摸，不能和
  点炮"]: ``ready_modes=("hidden", "shown_self_draw_only")``.
- Standard hands, seven pairs (and its luxury forms) and thirteen orphans; the room option
  "2-5-8" asks a standard win to hold a 2, 5 or 8 ["添加和牌牌型中有且至少有２、５、８中的一个。
  特殊牌型７对、１３幺不受此限制"] (``must_have_258_tile``, off by default).
- One winner, the nearest after the discarder ["不能一炮双响和一炮三响"]; the discarder alone
  pays ["谁点炮谁负责"]. A seat not ready that passes a win may not win on that tile until it
  has discarded again ["在没有听牌状态下，在同一圈牌里不能弃先和后"].
- 13 stacks are kept back, one more per exposed kong and two more per concealed kong
  ["没有杠的情况下剩下13 墩牌荒庄 ，有 1个明杠就多剩一墩牌荒庄 ，有 1个暗杠就多剩2墩牌"].
- The winner deals next; a drawn hand keeps the dealer ["以后每局开始由上局和牌者坐庄";
  "荒庄庄家继续坐庄"]. Each consecutive drawn hand doubles the next hand's payments, up to 32
  ["至多连续5局荒庄翻至32倍"]; the text then says 8 for more than five ["5局以上荒庄按照8倍
  计算"], read as a slip for 32 (the Weihai, Jinan and Rizhao texts say 32): the option
  ``draw_multiplier_after_cap=8`` plays it literally.
- The 番 (:mod:`mjsim.scoring.tables.yantai`) add up; the winner's kongs count, nobody else's
  ["不和牌，杠不计算"]; the dealer's extra 番 in every pair is the payment record's
  ``dealer_add`` ["庄家比他人输赢多出1番"].

``score_values`` = ``(dealer_bonus, shown_ready, hidden_ready)`` = ``(1, 2, 1)``. No code of its
own: the hand value is the fan table, the payments the payment record, the drawn-hand
multiplier the engine's carried ``double_per_draw`` counter.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(dealer_bonus, shown_ready, hidden_ready)``
DEFAULT_SCORE_VALUES = (1, 2, 1)

SPEC = RuleSpec(
    name="yantai",
    n_players=4,
    tile_set="144",
    flowers="bonus",
    hand_size=13,
    allow_chow=True,
    allow_ready=True,
    ready_modes=("hidden", "shown_self_draw_only"),
    win_shapes=("standard", "seven_pairs", "thirteen_orphans"),
    must_have_258_tile=False,
    multi_winner="nearest",
    rob_kong="added",
    missed_win_lockout="until_next_draw",
    missed_win_scope="tile",
    missed_win_lift="own_discard",
    missed_win_unready_only=True,
    wall_reserve=26,
    reserve_per_kong=2,
    reserve_per_concealed_kong=4,
    dealer_rotation="winner_deals",
    dealer_on_draw="stays",
    draw_counter_rule="double_per_draw",
    draw_multiplier_cap=32,
    draw_multiplier_after_cap=32,
    scoring="table",
    fan_table="yantai",
    score_values=DEFAULT_SCORE_VALUES,
)
