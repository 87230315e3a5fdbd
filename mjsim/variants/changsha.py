"""Changsha 长沙麻将 (``changsha``): the spec (engine hooks: :mod:`mjsim.engine.hooks_changsha`).

Rules in prose and their sources: docs/variants/changsha.md (the rule text: 全国各地麻将玩法总汇,
长沙麻将). Hand value and money: :mod:`mjsim.scoring.changsha`
(``changsha_value``, ``changsha_is_big``, ``changsha_win_payments``, ``changsha_bird_seat``).

Played here:

- 108 tiles (no honours), dealer 14: ["只有庄家可得到十四张牌，其余的人十三张"]; chow only
  from the previous seat, pung beats chow: ["庄家的下家（右手边的玩者），有权力吃或碰那张牌，
  其它两家则只可碰或杠那张牌"].
- Win legality: a 2-5-8 pair for a small win ["长沙麻将需要二、五、八做将"], any pair for a big
  win ["如果是某些牌型则将可以为任意一对"]: ``pair_rule="any"`` with ``min_fan=1`` and the
  scorer returning 0 for a hand that is neither (``changsha_value`` < 0) -> WIN is legal iff the
  hand is a legal big win OR a 2-5-8 small win. Seven pairs 七小对 ["手上任意七对牌"].
- Several winners on one discard ["通炮：即几个玩家可胡同一张牌"].
- 漏胡 ["如果玩家漏掉了炮胡，则在玩家摸牌前禁止炮胡，摸牌后一切正常，只对该玩家漏胡的那张牌有效"]:
  ``missed_win_lockout="same_tile_until_next_draw"``.
- Robbing an added kong only ["暗杠不能抢杠胡，只有明杠可以抢胡"] (a big win, 抢杠胡).
- 天胡 ["庄家起牌后，即已经胡牌"]; 地胡 only on the dealer's first discard ["当庄家打出第一张
  牌时，给闲家点炮"] (hook :func:`mjsim.engine.hooks_changsha.changsha_flags`).
- Money (:func:`mjsim.engine.hooks_changsha.changsha_pay`): ``changsha_win_payments`` (small self 10 / discard 10, big self 30
  / discard 60, dealer +10) with one bird 扎鸟: the next wall tile after the win, the 海底 tile
  after a 海底 win ["玩家胡牌后，再摸紧跟着的牌即为鸟"; "如果海底胡，即以海底为牌为鸟"]; the bird
  seat counts from the dealer ["一表示庄家，二表示下家，三为对家，四为上家，依此类推"]; recorded in
  ``tv[TV_BIRD]``.
- Opening-hand small wins 起手小胡 (四喜 "玩家手上已有四张一样的牌", 板板胡 "玩家手上没有一张 2 、 5 、
  8 （将牌）", 缺一色 "玩家手上筒、索、万任缺一门", 六六顺 "玩家手上已有 2 个刻子"; each "等同小胡自摸"):
  after the deal every seat holding one is asked, in order from the dealer, ``DECLARE`` (action
  ``DECLARE + 0``) or ``PASS`` (phase ``"declare"``); if anyone declared, the hand ends (the
  default) and each declarer is paid ``k`` small self-draws with one bird
  (:func:`mjsim.engine.hooks_changsha.changsha_opening_settle`). Switch: ``score_values[CS_OPENING]`` (1 = on).
- 海底漫游 ["海底牌漫游：即玩家可选择是否要海底牌，按照座次轮询"; "即轮到第一个玩家摸，他不要，则按照次
  序第二个玩家可要，依此类推"]: when only the last tile is left, the seat to draw and then each
  next seat is asked ``DECLARE + 1`` (take) or ``PASS`` (phase ``"seabed"``); the taker wins
  (海底捞月) or exposes it (DEFAULT: its only discard is that tile); the others may only
  win on it (海底炮, paid by the taker as the discarder ["乙玩家没有要得到海底，而又可以胡这张
  海底牌，即为乙玩家胡牌"]); nobody wins -> exhaustive draw.
- Four of a kind, two actions (``dice_kong=True``): ``KONG + k`` is the 补张 (replacement from
  the tail; a win on it is an ordinary self-draw ["没掷骰子补张可胡牌，算作自摸；按照当时牌型
  计算"]); ``KONG_DICE + k`` is the 开杠, legal only when the hand is ready after the kong [
  "玩家的牌处于听牌状态（系统判断）才能掷骰子"]: two dice (sum ``d``) pick the top tile of the
  ``d``-th stack from the tail ["骰子开几点，即取倒数第几叠牌的最上面一张"] (the last stack of
  the count when ``d`` is larger); a win on it is 杠上开花, otherwise it must be discarded (a win
  on that discard is 杠上炮) and from then on every non-winning draw is discarded ["一旦掷骰
  子后摸进任何牌掷骰子者如果不能胡则必须打出，直到胡牌或放炮为止"] (``pv[PV_DICE_LOCK]``).
- A replacement (补张 or 开杠) that takes the last tile takes the 海底: the hand has no 海底
  ["如果只有海底牌时候则取海底牌补张，并且该海底牌不做原有功能使用此局无海底牌"] (no 海底捞月 /
  海底炮; ``tv[TV_SEABED_REPL]``).
- Dealer succession (:func:`mjsim.engine.hooks_changsha.changsha_next_dealer`, ``dealer_rotation="hook"``) ["庄家确定
  方法"]: A hand 1 random (the caller's dealer); B the winner deals; C the 海底 taker deals after a
  draw; D all refused the 海底 -> the first seat offered deals; E 通炮 -> the discarder deals; F the
  海底 drawn as a replacement and nobody won -> the seat that drew it deals; G several
  opening-hand winners -> the seat hit by the bird.
- Play to the last tile (``wall_reserve=0``); no kong payments.

Rule-reading options (RuleSpec fields; the default is the reading above, docs/regional_scoring.md
"Rule-reading options"): ``last_tile_replacement="kept_back"`` (no kong while only the 海底 is
left), ``seabed_offer="ready_seats"`` and ``seabed_refused="first_seat_takes"`` (the 海底 roaming),
``bird_rule="rank_seat_doubling"`` (x 2 ** hits) and ``seabed_birds="all"`` (several birds on a
海底 win), ``opening_same_rank_pairs`` (三同), ``luxury_levels`` (双豪华 / 三豪华 with
``score_values[2] = 1``), ``missed_win_threshold="higher_value"`` (过胡: a larger win is allowed).
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec
from mjsim.scoring.changsha import (
    default_params,
)

SPEC = RuleSpec(
    name="changsha",
    n_players=4,
    tile_set="108",
    flowers="none",
    hand_size=13,
    allow_chow=True,
    chow_left_only=True,
    allow_pung=True,
    allow_exposed_kong=True,
    allow_added_kong=True,
    allow_concealed_kong=True,
    win_shapes=("standard", "seven_pairs"),
    pair_rule="any",
    min_fan=1,
    allow_ready=False,
    missed_win_lockout="same_tile_until_next_draw",
    multi_winner="all",
    rob_kong="added",
    wall_reserve=0,
    dealer_rotation="hook",  # rules A-G: changsha_next_dealer
    dealer_stays_on_draw=True,
    dice_kong=True,  # 开杠 vs 补张
    scoring="changsha",
    score_values=(*(int(x) for x in default_params()), 1),  # [9] = CS_OPENING
    kong_payment_timing="at_end",  # no kong payments (kong_points is 0)
    birds=1,  # 扎鸟: one bird (mjsim.engine.hooks_birds)
    bird_rule="rank_seat",
)
