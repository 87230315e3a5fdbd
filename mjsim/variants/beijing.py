"""Beijing 北京麻将 (2020 rules): 门清 may ron, an opened hand self-draws, base per payer × 2^番.

Rules in prose and their sources: docs/variants/beijing.md (麻将规则 collection: 北京麻将,
麻将规则第4稿):

- 136 tiles, no flowers (none are mentioned). Chow, pung and kongs; no ready declaration.
- After a chow or pung a seat wins by self-draw only; a closed hand may win on a discard and
  rob an added kong, which counts as a discard win ["吃碰后只能自摸，不能捉铳。门清可以捉铳，
  可以抢杠和，算做捉铳"]: ``open_hand_self_draw_only``, ``rob_kong="added"``. A plain win
  (推倒和, 0 番) is a self-draw only ["推倒和只能自摸才能赢"]: ``min_fan_discard=1``.
- The discarder alone pays a discard win, every other seat a self-draw ["谁点炮，谁包庄，即谁付
  钱。自摸，其余各家都付钱"]; one winner per discard, the nearest after the discarder (the text
  does not say; ``multi_winner``).
- The last 7 stacks are kept back for kong replacements, 8 after the second kong and 9 after the
  third ["一杠7，二杠8，三杠9"]: ``wall_reserve=14``, ``reserve_per_kong=2``,
  ``reserve_free_kongs=1``. Kongs by three different seats end the hand as a draw ["三家杠荒牌"]:
  ``abort_on_kongs="three_players"``.
- The dealer stays after its own win or a drawn hand ["轮到庄家和牌（或荒牌），则庄家可以连庄"];
  each such hand raises the stakes one level, at most two, ×2 per level on hand payments, not
  on kongs ["庄家连庄或荒牌，上楼，仅有2层"; "杠不上楼"]: ``dealer_level_max=2``.
- 跟庄: when the other three follow the dealer's first discard with the same tile, the dealer
  pays each of them 10 ["跟庄,庄家付给每家10元"]: ``follow_dealer=10``.
- The value and the payments (:mod:`mjsim.scoring.tables.beijing`): the 番 add up to at most 6;
  each payer pays its base (20 / 30 / 40 on a discard, 10 or 20 on a self-draw) × 2^番, at most
  640; the winner's kongs only are paid ["不赢没钱"].

``score_values`` = ``(cap, payer_cap)`` = ``(6, 640)``. No code of its own: the per-payer base
table, the per-payer cap and the winner-only kong money are terms of the payment record
(``pair_units``, ``payer_cap``, ``winner_kongs``), shared by any variant that needs them.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec

#: ``(cap, payer_cap)``
DEFAULT_SCORE_VALUES = (6, 640)

SPEC = RuleSpec(
    name="beijing",
    n_players=4,
    tile_set="136",
    flowers="none",
    hand_size=13,
    allow_chow=True,
    allow_ready=False,
    win_shapes=("standard", "seven_pairs"),
    open_hand_self_draw_only=True,
    min_fan_discard=1,
    multi_winner="nearest",
    rob_kong="added",
    wall_reserve=14,
    reserve_per_kong=2,
    reserve_free_kongs=1,
    abort_on_kongs="three_players",
    dealer_rotation="winner_stays",
    dealer_on_draw="stays",
    dealer_level_max=2,
    follow_dealer=10,
    scoring="table",
    fan_table="beijing",
    score_values=DEFAULT_SCORE_VALUES,
)
