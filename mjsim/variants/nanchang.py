"""Nanchang 南昌麻将 (``nanchang``): 精 wilds (正精 / 副精), 十三烂 and 七星十三烂, honour chows,
德国, the all-pay discard win and the 精 bonus of every seat at the end of the hand.

Rules in prose and their sources: docs/variants/nanchang.md (the rule text of the 麻将规则
collection, 南昌麻将, and its payment table 南昌麻将算子规则; the 精 choice and the bonus values
from the public Taihe 冲关 tables of wddqxz.cn, "泰和冲关麻将算子(图解)", a near relative):

- 136 tiles, no flowers; dealer 14, others 13. Chow from the previous seat, pung and kong
  from anyone.
- Honour chows: three different winds, or 中发白, are a chow
  ["三张不重复的同类的字牌可以组成一副顺子"] (``honor_chows="both"``), claimed too.
- 精: after the deal a tile is turned from the wall tail; the kind after it is 正精 and the
  next kind 副精 (``wild_rule="indicator"``, ``wild_offsets=(1, 2)``; suits cycle 9 -> 1)
  ["使用了较多的混牌――“正精”和“副精”"]. Option: ``wild_offsets=(0, 1)`` makes the turned
  kind itself 正精.
- Shapes: four sets and a pair, 小七对, 十三烂 (14 singles, tiles of a suit at least 3 apart,
  the honours different) ["比全不靠更容易和的“十三烂”"]; 七星十三烂 holds all seven honours.
- 德国: a win with no 精 standing for another tile (none held, or each used as its own kind).
- Points (:mod:`mjsim.scoring.tables.nanchang`): H × D × S × G (+5 for 德国 from each
  responsible payer); every seat pays a discard win, the discarder double.
- 精 bonus (``wild_bonus="win"``): after a won hand every seat's 精 are paid by each other
  seat: 正精 2, 副精 1; 冲关 from 5 points on (n - 3) × n; 霸王精 (only one seat holds 精) × 2
  ["引入了霸王精、冲关等奖励分"]. ``wild_bonus="every_hand"`` settles after a drawn hand too.
- 打精 (``wild_bonus_feeder_pays=True``): a seat that reaches 冲关 only through 精 claimed
  from discards is paid its 冲关 for every other seat by the discarder of the last of them; the
  others pay the plain points (南昌麻将怎么算子, 2kk4.com/youxiwenda/2803.html: "如果是因为某家
  打出了精被吃掉而冲关，其他的人照常结算，打出精的人要出冲关的钱"). False: every seat pays its
  own 冲关.
- 天胡 / 地胡: valued as the largest 大胡 (×4, in the hand group); a chosen reading, no
  published value.
- One winner per discard, the nearest.

Code of its own: none beyond shared hooks driven by spec fields: the fan table reads the
十三烂 / 七星十三烂 readings and the 德国 reading (``no_wild_used``: the hand read with every held
wild as its own kind) of the shared detector; the payment record's ``bonus_add`` pays the +5
(a term for any table whose bonus falls on the responsible payers only); ``wild_bonus`` is
the end-of-hand 精 settlement (:mod:`mjsim.engine.hooks_wild_bonus`), which no fan table can
express because every seat, not only the winner, is paid.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(seed_de_seven_pairs, de_bonus)``
DEFAULT_SCORE_VALUES = (1, 5)

SPEC = RuleSpec(
    name="nanchang",
    n_players=4,
    tile_set="136",
    flowers="none",
    hand_size=13,
    allow_chow=True,
    chow_left_only=True,
    honor_chows="both",
    wild_rule="indicator",
    wild_offsets=(1, 2),
    wild_bonus="win",
    wild_bonus_feeder_pays=True,
    win_shapes=("standard", "seven_pairs", "shisanlan"),
    allow_ready=False,
    multi_winner="nearest",
    rob_kong="added",
    scoring="table",
    fan_table="nanchang",
    score_values=DEFAULT_SCORE_VALUES,
)
