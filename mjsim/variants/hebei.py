"""Hebei 河北麻将 (online-platform rules).

Rules in prose and their sources: docs/variants/hebei.md:

- 136 tiles: ["河北麻将使用麻将牌中全部万、筒、条，东、南、西、北，中、发、白，共136张牌（每人摆17叠）"];
  dealer 14 / others 13: ["庄家拿14张牌，闲家13张牌"].
- No chow: ["不能吃牌"]; pung and kongs from anyone; replacement from the last stack:
  ["杠后补牌：玩家杠牌后，在桌面上最后一墩牌补一张牌"].
- Priority win > pung/kong: ["各动作优先级：胡牌&碰牌（杠牌）"]; several winners on one discard:
  ["一人以上听同一张牌，那张牌出现后，按照逆时针顺序优先胡牌，可以一炮多响"] (multi-ron).
- Shapes: standard (incl. all pungs), seven pairs, thirteen orphans ["（3）十三幺"].
- Ready is optional and worth nothing: ["1、不听也能胡牌，听牌不加番"]; after ready, kongs
  that keep the wait are allowed ["听牌后仍可杠牌，前提是杠完后还可听"].
- Discard win: only the discarder pays ["只有放炮家输分，且放炮家不包分"]; self-draw: all three
  pay ["三家都要输分"].
- End of the wall: keep the last 6 stacks; a single leftover tile does not count as a stack
  ["牌墙需保留最后6墩（上下叠起两张牌即为一墩），依次类推,杠完后留的单数海底牌不算一墩"]:
  normal draws continue while ``floor(remaining / 2) > 6``; kongs do not enlarge the reserve.
- Drawn hand: kong scores void, dealer stays ["本局所有杠分无效。重新开局，庄家不变"]; the
  dealer stays after winning, otherwise the dealer's next seat deals
  ["庄家胡牌，则庄家继续做庄，闲家胡牌，则庄家的下一家坐庄。 荒庄，则庄家继续坐庄"].
- Robbing a kong: not mentioned; DEFAULT not allowed. Missed win: not specified; DEFAULT
  lock until the player's next draw.

SCORING: THE RULE TEXTS HAVE NO HEBEI SCORING TABLE. The spec uses the
recommended DEFAULT placeholder, clearly unsourced, only so the engine can run:
平胡 1 point; self-draw x2, paid by all three; all pungs (碰碰胡), seven pairs and thirteen orphans
as configurable multipliers; kong points paid only if the konger wins (void on a drawn hand).
``score_values`` layout (``RuleSpec.score_values``): ``[base, self_draw_mult, all_pungs_mult,
seven_pairs_mult, thirteen_orphans_mult, concealed_kong_points, exposed_kong_points]``; the
jitted scorer is :mod:`mjsim.scoring.hebei`.
"""

from __future__ import annotations

from mjsim.rules.spec import HEBEI_SCORE_VALUES, RuleSpec

#: Default placeholder values (see the module docstring).
DEFAULT_SCORE_VALUES = HEBEI_SCORE_VALUES

SPEC = RuleSpec(
    name="hebei",
    n_players=4,
    tile_set="136",
    flowers="none",
    hand_size=13,
    allow_chow=False,
    chow_left_only=False,
    allow_pung=True,
    allow_exposed_kong=True,
    allow_added_kong=True,
    allow_concealed_kong=True,
    win_shapes=("standard", "seven_pairs", "thirteen_orphans"),
    pair_rule="any",
    allow_ready=True,
    ready_locks_hand=True,
    missed_win_lockout="until_next_draw",
    multi_winner="all",
    rob_kong="none",
    wall_reserve=12,
    reserve_per_kong=0,
    reserve_whole_stacks=True,
    dealer_rotation="winner_stays",
    dealer_stays_on_draw=True,
    scoring="hebei",
    score_values=DEFAULT_SCORE_VALUES,
    kong_payment_timing="winner_only",
)
