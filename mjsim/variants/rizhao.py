"""Rizhao 日照麻将: ready required and shown, self-draw only, 2-5-8 pair, 10 豆 a 番 with doublers.

Rules in prose and their sources: docs/variants/rizhao.md (the Shandong rule text 山东麻将规则,
日照麻将, an online platform's rules):

- 144 tiles with eight flowers, set aside and worth nothing. Chow, pung and kongs; a four may be
  held and konged later ["吃牌、碰牌后还可以继续杠牌"].
- A win needs a ready declaration, and the ready hand is shown, except a win on a kong
  replacement ["日照麻将要求必须听牌才能和牌（杠开除外），并且听牌后要把牌亮开给其他三家看"]:
  ``must_be_ready``, ``ready_exempt_kong_replacement``, ``ready_modes=("shown",)``.
- Self-draw only ["日照麻将没有点炮一说，只能和自摸"]; the pair is a 2, 5 or 8, and seven pairs need
  a 2-5-8 pair ["日照麻将需要2、5、8做将"; "但必须至少有一对是258"]: ``pair_rule="258"``,
  ``win_filter="seven_pairs_258_pair"``.
- The previous winner deals; a drawn hand passes the deal ["如果庄家没和牌其他人和牌或者荒庄则
  庄家的下家坐庄"]. Each consecutive drawn hand doubles the next ["荒庄下局游戏翻倍计算"], up to 32.
- The value (:mod:`mjsim.scoring.tables.rizhao`): 10 豆 × (hand 番 + the winner's kongs) × 2 per
  doubler (杠开, 天和, 天听, 海底捞月); every other player pays.

- 将一色 (every tile a 2, 5 or 8) and 风一色 (every tile a wind) win with no shape ["手上全部是
  258的牌，再抓到任意一张258就可以和牌"; "手上全部是风牌，再抓到任意一张风就可以和牌"], and
  十三不靠 (fourteen different tiles of the seven honours and a knitted 147/258/369) needs no
  pair ["十三不靠、风一色等不需要将牌"]: ``win_shapes`` ``all_258_free``, ``all_honors_free``
  with ``free_honors="winds"`` (风牌 read as the winds; ``free_honors="any"`` takes every
  honour) and ``knitted``, the fan table's free-form readings.
- 大哥大 is seven pairs won on the fourth copy of a kind held three times ["要求手中有三张一样的
  牌，并且和第四张"].

``score_values`` = ``(unit,)`` = ``(10,)``. No code of its own: the value is the fan table
(天听 is the win context's ``ready_first_discard``; the free-form hands are readings of the
shared detector), the payments the payment record.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(unit,)``
DEFAULT_SCORE_VALUES = (10,)

SPEC = RuleSpec(
    name="rizhao",
    n_players=4,
    tile_set="144",
    flowers="bonus",
    hand_size=13,
    allow_chow=True,
    allow_ready=True,
    must_be_ready=True,
    ready_exempt_kong_replacement=True,
    ready_modes=("shown",),
    self_draw_only=True,
    win_shapes=("standard", "seven_pairs", "all_258_free", "all_honors_free", "knitted"),
    free_honors="winds",
    pair_rule="258",
    win_filter="seven_pairs_258_pair",
    multi_winner="nearest",
    rob_kong="none",
    dealer_rotation="winner_stays",
    dealer_on_draw="next",
    draw_counter_rule="double_per_draw",
    draw_multiplier_cap=32,
    draw_multiplier_after_cap=32,
    scoring="table",
    fan_table="rizhao",
    score_values=DEFAULT_SCORE_VALUES,
)
