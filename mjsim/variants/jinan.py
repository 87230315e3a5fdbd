"""Jinan 济南麻将 (online rules): 2-5-8 pair, (花 + 5) × 番, 明楼, 承包, 杠爆, 抢杠 paid three shares.

Rules in prose and their sources: docs/variants/jinan.md (the Shandong rule text 山东麻将规则,
济南麻将, an online platform's rules):

- 144 tiles with eight flowers, set aside, replaced and worth 1 花 each to the winner
  ["春夏秋冬、梅兰竹菊各算一个花"]; a win on a flower's replacement is 杠开 ["摸到花补牌或自己
  杠开"]: ``flower_bloom``. Chow, pung and kongs.
- The pair is a 2, 5 or 8 ["济南麻将需要2、5、8做将。没有2、5、8做将，不能和牌"]; seven pairs have
  no single pair and are exempt (the recommended reading): ``pair_rule="258"``.
- Ready is optional; 暗楼 (hidden) may win any way, 明楼 (shown) by self-draw only and doubles
  the winner's 番 ["如果玩家选择明楼，则听牌后把牌亮开，且只能和自摸，不能和点炮。如果玩家是暗楼，
  则可以和自摸和点炮"]: ``ready_modes=("hidden", "shown_self_draw_only")``; a ready hand is
  played by the system ["用户点击听牌按钮后，系统代替用户出牌"]: ``ready_locks_hand``.
- Several seats may win on one discard, each settled, and each may pass ["可以一炮双响和一炮
  三响。在同时和牌时，可以放弃"]; the discarder deals next ["这时庄家为放炮的"]; otherwise the
  winner deals, and after a drawn hand the dealer's next seat ["以后每局开始由上局和牌者坐庄。
  荒庄则庄家的下家坐庄"].
- Robbing an added kong is paid by the robbed seat, three shares ["一家付3家钱给和牌的人"]:
  ``rob_kong_as_self_draw``; 杠爆 (a self-draw on the replacement of a kong claimed from a
  discard) by that discarder, three shares ["被杠开的要承担3家的钱"]: ``kong_bloom_liable``.
- The hand is drawn with 6 stacks left, a single tile at the tail counting as a stack ["剩下6
  墩牌荒庄 。牌墙尾有一张也算一墩"]: ``wall_reserve=12``, ``reserve_rounding="ceil_stacks"``;
  each consecutive drawn hand doubles the next, at most 32 ["至多连续5局荒庄翻至32倍，5局以上荒
  庄按照32倍计算"].
- The value and the payments (:mod:`mjsim.scoring.tables.jinan`): (花 + 5) × 番 (× 2 for 明楼),
  the discarder alone paying (a 明楼 discarder double), every other seat a self-draw; 承包 after
  three chows fed by one seat.

The proportional split when a discarder cannot pay several winners in full ["按照实际番数比例
分配"] is the option ``short_discarder_split`` (shared engine rule): beans are an account, and the
default plays none (``start_points=0``, unbounded points), so every winner is paid in full
unless a bankroll is set (``start_points > 0``). 将一色 is "由2、5、8将牌组成的和牌牌型",
a winning shape (sets and a pair, or seven pairs) of 2-5-8 tiles; the text names no free-form
win (as the Rizhao rules do), so ``win_shapes`` has no ``all_258_free``.

``score_values`` = ``(di, shown_ready)`` = ``(5, 2)``. No code of its own: the value is the fan
table (its ``sum_factor`` rows are the 番 of "(花 + 底) × 番数"); 明楼's double payment and 承包
are terms of the payment record (``shown_discarder_mult``, ``chow_liability``) shared by any
variant that needs them; 杠爆, the robbed kong and the drawn-hand multiplier are rule-set fields.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(di, shown_ready)``: the base 底 and the 明楼 factor
DEFAULT_SCORE_VALUES = (5, 2)

SPEC = RuleSpec(
    name="jinan",
    n_players=4,
    tile_set="144",
    flowers="bonus",
    hand_size=13,
    allow_chow=True,
    allow_ready=True,
    ready_modes=("hidden", "shown_self_draw_only"),
    win_shapes=("standard", "seven_pairs"),
    pair_rule="258",
    multi_winner="all",
    rob_kong="added",
    rob_kong_as_self_draw=True,
    kong_bloom_liable=True,
    flower_bloom=True,
    wall_reserve=12,
    reserve_rounding="ceil_stacks",
    dealer_rotation="winner_deals",
    dealer_on_draw="next",
    dealer_after_multi_win="discarder",
    draw_counter_rule="double_per_draw",
    draw_multiplier_cap=32,
    draw_multiplier_after_cap=32,
    scoring="table",
    fan_table="jinan",
    score_values=DEFAULT_SCORE_VALUES,
)
