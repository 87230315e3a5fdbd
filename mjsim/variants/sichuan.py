"""Sichuan 四川麻将 (ordinary table) in the engine; ``chengdu`` and ``sichuan_xuezhan`` reuse it.

Rules in prose and their sources: docs/variants/sichuan.md:

- 108 tiles, suits only ["只有条（索）、筒（饼）、万三种牌共108张，没有花、风牌和箭牌"]; no chow
  ["不可以吃"]; pung and the three kongs 直杠 / 面下杠 / 下雨.
- 定缺 after the deal, a real decision (``CHOOSE_SUIT``, ``missing_suit_choice=True``)
  ["定缺：摸牌结束后由玩家选择一门花色作为该局游戏的定缺花色，游戏中必须先打完该门花色，即手上不能留
  定缺花色的牌"]; two suits dealt -> the third is forced, one suit -> either other one
  ["若摸牌结束只有两门花色，则以第三门花色作为定缺花色；若为一门花色，则可以在其他两门花色中选择"].
  While a seat holds a tile of its void suit it may discard only such tiles; no pung or kong of a
  void-suit tile, no kong at all and no win while the void suit is held (DEFAULT).
- A win must lack a suit ["必须缺门可胡，即胡牌的时候不能有三种花色的牌"] (``suit_rule="missing_one"``);
  several winners on one discard ["有不止一个的玩家要之成胡，则均可胡牌"] (``multi_winner="all"``);
  the ordinary table ends at the first win ["普通场中，流局指没人胡牌"].
- 刮风下雨 paid at once, with a per-hand ledger (``mjsim.engine.hooks_sichuan``): 直杠 2b from the
  discarder (承包制 default; 家家有 = scorer option ``exposed_kong``) ["承包制：玩家直杠时，只收取点杠
  (引杠)玩家2倍基础分"], 面下杠 1b and 下雨 2b from each player still in ["面下杠时立刻收取其他未胡者1倍
  点数"; "下雨立刻收取其他未胡者2倍点数"]; a robbed 面下杠 pays nothing ["他家可以抢杠而胡，刮风下雨
  无效"] (payment after the robbing window), 下雨 cannot be robbed (``rob_kong="added"``).
- 呼叫转移 on 杠上炮 ["某玩家杠牌后打出的牌其他玩家可以胡，那么该玩家的刮风下雨所得则转移给胡牌玩家"].
- Last four tiles ["最后四张自动胡"]: with 4 or fewer live tiles a seat that can win must win
  (``forced_win_tiles=4``; the mask is WIN only), but not with 定缺 ["注：定缺规则中最后四张可以
  不胡"], so the default table (定缺 on) does not force; ``missing_suit_choice=False`` does.
- Exhaustive draw ["花猪赔给非花猪玩家16倍点数"; "没听牌的玩家（花猪不用）赔给听牌的玩家最大的可能番
  （大叫），并退回所有刮风下雨所得"] via :func:`mjsim.engine.hooks_sichuan.sichuan_draw` (the 大叫 of
  a ready hand by the fan table, the money by :func:`mjsim.scoring.sichuan.sichuan_draw_payments`).
- Fan table 成都计番 (public, Sichuan rules) and cap 3 as data, :mod:`mjsim.scoring.tables.sichuan`
  (the family's table, ``TABLE_FAMILIES``); payment ``b * 2 ** fan`` by its payment record
  (self-draw: each player still in, 自摸加底 +1b). :func:`mjsim.scoring.sichuan.sichuan_value` is
  the table's test oracle.
- Dealer ["非血战：第二局起点炮者坐庄，流局则连庄"]: the discarder deals next, a self-drawer
  deals, a drawn hand repeats (``dealer_rotation="discarder_deals"``).
- Missed win: not specified; DEFAULT lock until the next draw.

``score_values`` = the family's options (:func:`mjsim.scoring.sichuan.default_params`, 8 values;
``cap``, ``self_draw_bonus``, ``golden_hook`` and ``seven_pairs`` are the fan table's parameters)
followed by the base score b = 1 (the payment record's unit).

Rule-reading options (RuleSpec fields; docs/regional_scoring.md "Rule-reading options"):
``void_suit_kong`` ("concealed" / "any": a kong of another suit while a void-suit tile is held),
``missed_win_threshold="higher_value"`` (过胡: a locked seat may win a discard worth more fan
than the win it passed), ``missed_win_lockout="same_tile_until_next_draw"`` (only the passed
tile is locked).
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec
from mjsim.scoring.sichuan import default_params

#: ``score_values`` of the default table: scorer params then the base score b
DEFAULT_SCORE_VALUES = (*(int(x) for x in default_params()), 1)

SPEC = RuleSpec(
    name="sichuan",
    n_players=4,
    tile_set="108",
    flowers="none",
    hand_size=13,
    allow_chow=False,
    chow_left_only=False,
    allow_pung=True,
    allow_exposed_kong=True,
    allow_added_kong=True,
    allow_concealed_kong=True,
    win_shapes=("standard", "seven_pairs"),
    pair_rule="any",
    suit_rule="missing_one",
    allow_ready=False,
    ready_locks_hand=False,
    missed_win_lockout="until_next_draw",
    multi_winner="all",
    rob_kong="added",
    wall_reserve=0,
    missing_suit_choice=True,
    blood_battle=False,
    forced_win_tiles=4,
    dealer_rotation="discarder_deals",
    dealer_stays_on_draw=True,
    scoring="sichuan",
    score_values=DEFAULT_SCORE_VALUES,
    kong_payment_timing="immediate",
)

__all__ = ["DEFAULT_SCORE_VALUES", "SPEC"]
