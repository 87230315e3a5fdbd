"""Hebei 河北麻将 (online-platform rules).

Rules in prose and their sources: docs/variants/hebei.md:

- 136 tiles: ["河北麻将使用麻将牌中全部万、筒、条，东、南、西、北，中、发、白，共136张牌（每人摆17叠）"];
  dealer 14 / others 13: ["庄家拿14张牌，闲家13张牌"].
- No chow: ["不能吃牌"]; pung and kongs from anyone; replacement from the last stack:
  ["杠后补牌：玩家杠牌后，在桌面上最后一墩牌补一张牌"].
- Priority win > pung/kong: ["各动作优先级：胡牌&碰牌（杠牌）"]; several winners on one discard:
  ["一人以上听同一张牌，那张牌出现后，按照逆时针顺序优先胡牌，可以一炮多响"] (A7.1: multi-ron).
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
- Robbing a kong: not mentioned; DEFAULT not allowed (A7.3). Missed win: not specified; DEFAULT
  lock until the player's next draw.

SCORING: THE SEEDS HAVE NO HEBEI SCORING TABLE. This module implements the
recommended DEFAULT placeholder, clearly unsourced, only so the engine can run:
平胡 1 point; self-draw x2, paid by all three; all pungs (碰碰胡), seven pairs and thirteen orphans
as configurable multipliers; kong points paid only if the konger wins (void on a drawn hand).
``score_values`` layout (``RuleSpec.score_values``): ``[base, self_draw_mult, all_pungs_mult,
seven_pairs_mult, thirteen_orphans_mult, concealed_kong_points, exposed_kong_points]``.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._jit import internal
from mjsim.melds import MELD_ADDED_KONG, MELD_CONCEALED_KONG, MELD_KONG, MELD_NONE, MELD_PUNG
from mjsim.rules.spec import HEBEI_SCORE_VALUES, RuleSpec
from mjsim.scoring.context import F_SELF_DRAWN

#: Scoring items of the placeholder table (index into ``items``).
ITEM_NAMES = ("basic_win", "self_draw", "all_pungs", "seven_pairs", "thirteen_orphans")
#: the same items for display (``(id, English, 中文)``, as the other families' item tables): what
#: the command line's summary and the hand outcome (:mod:`mjsim.outcome`) name them by
HEBEI_ITEMS = (
    (0, "basic win", "平胡"),
    (1, "self-draw", "自摸"),
    (2, "all pungs", "碰碰胡"),
    (3, "seven pairs", "七对"),
    (4, "thirteen orphans", "十三幺"),
)
I_BASIC, I_SELF_DRAW, I_ALL_PUNGS, I_SEVEN_PAIRS, I_THIRTEEN_ORPHANS = range(5)

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

_ORPHANS = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33], dtype=np.int64)


@nb.njit(cache=True)
def hebei_value(concealed, melds, win_tile, flags, table, items):
    """Placeholder Hebei hand value (DEFAULT; the seeds have no table).

    ``concealed``: ``uint8[>=34]`` concealed tiles including the winning tile; ``melds``:
    ``int8[MAX_MELDS, 3]``; ``flags``: ``int64[N_FLAGS]`` (``F_*``); ``table``: ``int64[32]``
    (``score_values``); ``items``: ``int32[>=5]`` zeroed by the caller, filled with item counts.
    Returns the value one payer pays (points). The hand is assumed to be a legal win.
    """
    n_melds = 0
    all_pung_melds = True
    for i in range(melds.shape[0]):
        mt = melds[i, 0]
        if mt == MELD_NONE:
            continue
        n_melds += 1
        if not (
            mt == MELD_PUNG or mt == MELD_KONG or mt == MELD_ADDED_KONG or mt == MELD_CONCEALED_KONG
        ):
            all_pung_melds = False
    pairs = 0
    triples = 0
    odd = 0
    total = 0
    for k in range(34):
        c = concealed[k]
        total += c
        if c == 2:
            pairs += 1
        elif c == 3:
            triples += 1
        elif c != 0:
            odd += 1
    mult = 1
    items[I_BASIC] = 1
    if n_melds == 0 and total == 14:
        have = 0
        for j in range(13):
            if concealed[_ORPHANS[j]] > 0:
                have += 1
        if have == 13:
            items[I_THIRTEEN_ORPHANS] = 1
            mult = table[4]
        elif pairs + 2 * odd == 7 and triples == 0:
            # seven distinct pairs (a kind with 4 counts as two pairs)
            ok = True
            for k in range(34):
                if concealed[k] % 2 == 1:
                    ok = False
            if ok:
                items[I_SEVEN_PAIRS] = 1
                mult = table[3]
    if all_pung_melds and pairs == 1 and odd == 0 and items[I_THIRTEEN_ORPHANS] == 0:
        items[I_ALL_PUNGS] = 1
        if table[2] > mult:
            mult = table[2]
    value = table[0] * mult
    if flags[F_SELF_DRAWN] != 0:
        items[I_SELF_DRAW] = 1
        value *= table[1]
    return value


@internal
def hebei_kong_points(meld_type, table):
    """Points each other seat owes the konger for one kong (placeholder)."""
    if meld_type == MELD_CONCEALED_KONG:
        return table[5]
    return table[6]
