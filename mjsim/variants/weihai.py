"""Weihai 威海麻将: 2^N scoring, 放风 / 补风 honour sets, the dealer one 番 up in every pair.

Rules in prose and their sources: docs/variants/weihai.md (the Shandong rule text 山东麻将规则,
威海麻将, an online platform's rules):

- 144 tiles with eight flowers, set aside and worth nothing (the text gives them no value).
  Chow, pung and kongs.
- 放风 / 补风: before its first discard a player may put out three different of 东南西北中, or
  中发白, each replaced from the tail; later a drawn one of these seven may be put out at once
  (补风) ["第一圈如果有东南西北风中的3颗不同的风就可以放风，或者是中发白三颗也可以放风";
  "以后再抓到这七张牌就可以补风（从牌墙末端补风）"]: ``honor_set_exposure``. Each payer of a win
  pays the winner's 补风 count less its own more, outside the 番 ["如果赢家补风N，则在原先赢的积分
  结算后加N，输家补风M则是在原先输的积分基础上减去M，并且补风不算作各种“番”内"]; a 放风 breaks
  门清 ["没有任何吃、碰、杠牌、放风和牌"] (the scorer sees the honour tiles put out,
  ``F_HONOR_TILES_OUT``).
- Ready is optional and worth 1 番 ["听牌和牌加1番"]; one winner, the nearest after the
  discarder ["不能一炮双响和一炮三响"]; a seat not ready that passes a win may not win on that
  tile until it has discarded again ["在没有听牌状态下，在同一圈牌里不能弃先和后"].
- 13 stacks kept back, one more per exposed kong, two more per concealed kong (as Yantai).
- The dealer stays after its own win, else the next player deals; after a drawn hand the
  dealer stays unless someone made a kong ["荒庄时，如果四人无杠，则庄家继续坐庄，如果有杠，则
  庄家的下家坐庄"]. Each consecutive drawn hand doubles the next hand's payments, up to 32, and
  32 after more than five ["5局以上荒庄按照32倍计算"].
- The value is 2^N (:mod:`mjsim.scoring.tables.weihai`) ["本表中的番数均按照2的N次方计算"]; the
  dealer's 1 番 in every pair doubles that pair's share ["庄家 … 输赢加倍"], the payment record's
  ``dealer_mult``.

``score_values`` = ``(dealer_mult,)`` = ``(2,)``. No code of its own: the value is the fan
table, the payments the payment record, 补风 money the engine's ``honor_set_exposure``
settlement, the drawn-hand multiplier the engine's carried ``double_per_draw`` counter.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(dealer_mult,)``
DEFAULT_SCORE_VALUES = (2,)

SPEC = RuleSpec(
    name="weihai",
    n_players=4,
    tile_set="144",
    flowers="bonus",
    hand_size=13,
    allow_chow=True,
    allow_ready=True,
    ready_modes=("hidden",),
    win_shapes=("standard", "seven_pairs"),
    multi_winner="nearest",
    rob_kong="none",
    missed_win_lockout="until_next_draw",
    missed_win_scope="tile",
    missed_win_lift="own_discard",
    missed_win_unready_only=True,
    wall_reserve=26,
    reserve_per_kong=2,
    reserve_per_concealed_kong=4,
    dealer_rotation="winner_stays",
    dealer_on_draw="next_if_any_kong",
    draw_counter_rule="double_per_draw",
    draw_multiplier_cap=32,
    draw_multiplier_after_cap=32,
    honor_set_exposure=True,
    scoring="table",
    fan_table="weihai",
    score_values=DEFAULT_SCORE_VALUES,
)
