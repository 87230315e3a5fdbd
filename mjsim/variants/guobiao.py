"""Chinese Official 国标麻将 (MCR, Mahjong Competition Rules) in the engine.

Rules in prose and their sources: docs/variants/guobiao.md (the rule text and the public
rulebook, COMH):

- 144 tiles with 8 flowers: ["荒牌每盘抓完第144张牌"; "花牌即春夏秋冬，梅兰竹菊"]; hand 13, dealer
  14 ["标准数为13张"; "庄家共有14张牌"]. No dead wall ("There is no dead wall"): the hand is
  drawn after the 144th tile ["荒牌每盘抓完第144张牌，打出后仍无人和牌"] (``wall_reserve=0``).
- Flowers are set aside and replaced from the wall end, 1 fan each, NOT toward the 8-fan minimum
  ["每花计一分。不计在起和分内，和牌后才能计分"] (``flowers="scoring"``; the scorer adds them
  and :func:`mjsim.engine.settle.qualifying_value` removes them before the minimum check).
- Calls: chow from the previous player only, pung and kongs from anyone; robbing only an
  added kong [public: COMH, 抢杠和 note] (``rob_kong="added"``); no ready declaration.
- Win: standard, seven pairs (incl. 连七对), thirteen orphans, knitted 全不靠 / 七星不靠 and a knitted
  straight + set + pair (组合龙); minimum 8 fan without flowers
  ["起和分：和牌必须达到的最低分数（8分）。花牌分不计在起和分内"]: a WIN whose fan (from the jitted
  :func:`mjsim.scoring.guobiao.guobiao_fan`) is below 8 is not in the legal mask (``min_fan=8``).
- No missed-win lockout ["没有任何和牌限制：即使下家同巡跟打你刚打过的牌，一样可以和"]
  (``missed_win_lockout="none"``); several claimants of one discard: head bump 截和, the first
  counter-clockwise from the discarder wins (``multi_winner="nearest"``).
- Dealer: no repeat ["无论是否和牌，庄家不连庄"]; a drawn hand pays nothing and the deal
  passes (``dealer_rotation="rotate"``, ``dealer_stays_on_draw=False``).
- Payments ["自摸和牌：(8+番数)×3"; "别人点炮和：8×3+番数"; "点炮者：-(8+番数)"; "非点炮者：-8"]:
  :func:`mjsim.scoring.guobiao.guobiao_payments` through the settlement hook
  :func:`mjsim.engine.settle.win_payments` (the whole payment vector). Robbing a kong pays like a
  discard win from the robbed player.
- ``score_values[0]`` = the scorer's reading bits (``mjsim.scoring.guobiao.OPT_*``; 0 = current
  competition practice, the MahjongGB reading, see ``docs/guobiao.md``).

Competition schedule (:func:`competition_schedule`): a match is 4 rounds (圈) of 4 hands
["每场一定是打16局"], prevailing wind East, South, West, North; in each round the deal passes
seat 0 -> 1 -> 2 -> 3 (no repeat); seat winds: dealer East, next South, opposite West, previous
North ["庄家为东风，下家为南风，对家为西风，上家为北风"]. Before the West round East swaps seats
with South and West with North ["第三圈（西圈）开始前，东家跟南家，西家跟北家对调座位"]; engine
seats are table positions, so the swap changes which player sits where (``players_at_seats``,
:data:`SEATING`, ``RuleSpec.seating``): the self-play loop seats each player's agent per hand and the AEC env moves
``player_k`` with its player (:mod:`mjsim.engine.seating`). The engine plays this schedule wherever hands carry over: the deal
rotates without repeat (``dealer_rotation="rotate"``, ``dealer_stays_on_draw=False``) and the
prevailing wind advances when the deal returns to the first dealer (``round_wind_rule=
"advance_after_cycle"``), so ``mjsim.simulate("guobiao", n, match_hands=16)``,
:meth:`mjsim.engine.Game.next_hand` and the environments' ``hands=16`` all deal hand ``i`` of a
match as ``competition_schedule(i)`` (dealer seat, prevailing wind; seat winds
``(seat - dealer) % 4`` go to the scorer). Without ``match_hands``, ``mjsim.simulate`` plays
independent hands (dealer ``i % 4``, prevailing wind East).
"""

from __future__ import annotations

from mjsim.rules.spec import SEATINGS, RuleSpec

SPEC = RuleSpec(
    name="guobiao",
    n_players=4,
    tile_set="144",
    flowers="scoring",
    hand_size=13,
    allow_chow=True,
    chow_left_only=True,
    allow_pung=True,
    allow_exposed_kong=True,
    allow_added_kong=True,
    allow_concealed_kong=True,
    win_shapes=("standard", "seven_pairs", "thirteen_orphans", "knitted", "knitted_straight"),
    pair_rule="any",
    min_fan=8,
    allow_ready=False,
    ready_locks_hand=False,
    missed_win_lockout="none",
    multi_winner="nearest",
    rob_kong="added",
    wall_reserve=0,
    dealer_rotation="rotate",
    dealer_stays_on_draw=False,
    round_wind_rule="advance_after_cycle",  # East, South, West, North rounds of 4 hands
    seating="swap_pairs_at_west",  # East <-> South and West <-> North before the West round
    scoring="guobiao",
    score_values=(0,),
    kong_payment_timing="immediate",
)

#: hands in a match: 4 rounds of 4 hands
MATCH_HANDS = 16

#: players at the table seats per prevailing wind (rows East, South, West, North; entry ``i`` =
#: the player, counted from the match's first dealer, at seat ``first_dealer + i``): before the
#: West round East swaps with South and West with North, and the original South deals first
#: (the 麻将规则 collection, "第三圈（西圈）开始前，东家跟南家，西家跟北家对调座位，由原本的南家先做庄"). The spec's
#: ``seating="swap_pairs_at_west"``, read by :mod:`mjsim.engine.seating` (self-play matches,
#: ``Game.players_at_seats``, the AEC env).
SEATING = SEATINGS[SPEC.seating]


def competition_schedule(hand_index: int) -> tuple[int, int, tuple[int, int, int, int]]:
    """``(prevailing_wind, dealer_seat, players_at_seats)`` of hand ``hand_index`` of a match.

    ``prevailing_wind``: 0-3 = East South West North (hands 0-3, 4-7, 8-11, 12-15); ``dealer_seat``:
    the table position that deals (``hand_index % 4``; no dealer repeat); seat winds follow as
    ``(seat - dealer_seat) % 4`` (0 = East). ``players_at_seats[seat]`` = the player (0-3, their
    positions in the first hand) sitting at each table position: from the West round on, players
    0/1 and 2/3 have swapped ("第三圈（西圈）开始前，东家跟南家，西家跟北家对调座位"). Hands past
    16 continue the cycle of a new match. Raises ``ValueError`` for a negative index.

    Only the rule text's West-round swap is played. Some public descriptions of the Green Book rules
    change seats after every round (``docs/guobiao.md``, "Seating"); that reading is not
    implemented.
    """
    if not isinstance(hand_index, int) or hand_index < 0:
        raise ValueError(f"hand_index={hand_index!r} must be an integer >= 0")
    h = hand_index % MATCH_HANDS
    wind = h // 4
    dealer = h % 4
    a, b, c, d = SEATING[wind]
    return wind, dealer, (a, b, c, d)


__all__ = ["MATCH_HANDS", "SEATING", "SPEC", "competition_schedule"]
