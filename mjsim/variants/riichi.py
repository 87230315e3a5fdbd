"""Japanese Riichi 日本麻将 (立直麻将): ``riichi``.

Rules in prose and their sources: docs/variants/riichi.md (the rule text "日本麻将"), completed from the public Tenhou rules where
the spec is silent (marked [public]). Scoring: :mod:`mjsim.scoring.riichi` (verified against the
``mahjong`` package).

- 136 tiles, no flowers, 4 players, 13 tiles (dealer 14): "136 张麻将牌", "四人".
- Chow from the previous player only, pung, the three kongs. Robbing an added kong
  (chankan); a concealed kong only by thirteen orphans (``rob_kong="added_and_concealed"``).
  A concealed kong's kind is public (``concealed_kong_shown``): the kan is laid down face up at
  declaration [public: Tenhou / EMA rules; implied by the rule text, a closed kan "can be robbed only by
  kokushi"], unlike the Chinese rules' face-down 暗杠 (the 麻将规则 collection: "暗杠时，4只牌牌面向下"); the
  observations and the greedy bot show it to every seat.
- At least one yaku: ``min_fan = 1`` on the scorer's value, which is 0 without a yaku
  ("At least one yaku is required to win; dora do not count as yaku").
- Riichi = ``READY_DISCARD``: closed hand only ("非门清状态下无法立直", ``ready_requires_closed``),
  1000-point deposit ("立直需要拿出1000点供托", ``ready_deposit``) taken by the first winner of the
  hand; after riichi the hand is locked (only the drawn tile is discarded; a kong that keeps the
  wait is allowed). Ippatsu: a win before the declarer's next discard with no call or kong in
  between; double riichi: declared on the seat's first discard before any call.
- Furiten: no ron while any wait is among one's own discards (``own_discard_lockout="win"``); a
  passed win locks ron on every wait until the seat's next discard (``missed_win_scope=
  "all_waits"``, ``missed_win_lift="own_discard"``; [public] temporary furiten), for the rest of
  the hand after riichi (``ready_lockout_whole_hand``). Self-draw is always allowed.
- After riichi a kong is allowed only if it keeps the waits (``kong_after_ready="keep_waits"``);
  the discard after the last live tile can only be won on, and the last tile cannot be konged
  (``no_claims_on_last_discard``; haitei / houtei).
- Dead wall of 14 (``wall_reserve = 14``): kong replacements come from its end and the live wall
  gives up one tile per kong (the dead wall stays 14). Dora indicators (``dora``) sit at fixed
  dead-wall positions: ``wall[L - 5 - i]`` for the first indicator and the kan dora
  (``i = 1..4``), ura dora ``wall[L - 10 - i]`` (``L`` = 136). Kan dora timing as Tenhou
  (``kan_dora_timing="after_discard"``): a concealed kong's indicator is turned at once, an
  exposed or added kong's when the konger discards (a win on that discard counts it, a win on
  the replacement tile does not) or declares another kong.
- Multiple ron (``multi_winner="all_max2"``): double ron allowed, three ron = abortive draw
  (dealer stays) ("Tenhou-style: double ron allowed, triple ron = abortive draw"). Honba and the
  deposits go to the first winner after the discarder.
- Exhaustive draw: ready seats receive 3000 in total from the others (``noten_penalty``,
  "ready players receive 3000 in total from non-ready players"); the dealer stays iff ready
  (``dealer_on_draw="stays_if_ready"``; also after a triple-ron abort), and after a dealer win.
- Honba 本场 (Riichi rules "东二局 3 本场"; ``repeat_counter="honba"``, the carried counter
  ``TV_REPEAT``): +1 after a dealer win or any drawn hand (abortive draws included, also when the
  deal passes), 0 after a non-dealer win. Paid by the public rule: +300 per honba on a discard win
  (from the discarder), +100 per honba from each payer on a self-draw; to the first winner only.
- Deposits 供托 carried over (``carry_deposits``): the 1000-point sticks left on the table by a
  drawn hand stay in ``TV_RC_POT`` into the next hand of the match (``tv[TV_RC_POT_IN]`` records
  them) and go to the next winner. Matches: ``mjsim.simulate("riichi", n, match_hands=m)``,
  ``Game.next_hand``, the environments with ``hands > 1``; independent hands carry nothing.

- Abortive draws 途中流局 (``riichi_aborts``, :mod:`mjsim.engine.aborts`; Riichi rules, conditions
  [public]): 九種九牌 = action ``NINE_TERMINALS`` (``DECLARE + 4``) on a seat's first draw before
  any call or kong with 9+ distinct terminal / honour kinds; 四風連打 (the four first discards the
  same wind), 四家立直 (four riichi), 四槓散了 (four kongs by 2+ seats), each once the discard is
  not won on. No payments, the dealer stays, honba + 1, deposits stay on the table.

- Kuikae 食い替え forbidden (Tenhou): after a chow neither the claimed kind nor the kind at the
  other end of the sequence may be discarded (``forbid_chow_same_discard``; a chow after which
  every discard would be forbidden is not offered), after a pung not the claimed kind
  (``forbid_pung_same_discard``).
- The 1000-point floor (Tenhou): a seat with fewer than 1000 points (``start_points`` 25000 +
  its running score) may not declare riichi (``ready_min_points=1000``).
- Nagashi mangan 流し満貫 (Tenhou: on; ``nagashi_mangan``): at an exhaustive draw a seat whose
  discards are all terminals / honours and none was claimed is paid a mangan as on a self-draw;
  no noten payments then.
- Pao 責任払い (Tenhou; ``pao=("daisangen", "daisuushii")``): the seat whose discard is
  claimed for the third dragon set / the fourth wind set is liable: on a self-draw it pays the
  whole yakuman and the honba, on a discard win by a third seat it pays half and the honba,
  the discarder the other half. 四槓子 pao is an option (``"suukantsu"``), off as on Tenhou.
- The game (Tenhou 東南戦, ``match="east_south"``; played by ``mjsim.play_games``): prevailing
  wind East then South (``round_wind_rule="advance_after_cycle"``), 25,000 each; a seat below
  0 ends it (``bust``); the last dealer who wins or is ready at the draw while first ends it
  (``agari_yame``, ``tenpai_yame``); when nobody has 30,000 after South 4 the West round is
  played as sudden death (``west_extension``, ``target_points=30000``). Placement points:
  30,000 returned (``return_points``: oka 20,000 to the first), uma 10-20
  (``uma=(20000, 10000, -10000, -20000)``), ties by seat order from the first dealer.
- Kazoe: 13+ han is a counted yakuman (``kazoe_limit="yakuman"``, Tenhou); renhou is not a yaku
  (``renhou="off"``, Tenhou).
- Red fives 赤ドラ (Tenhou: one each of 5m, 5p, 5s; ``red_fives=(1, 1, 1)``): each red five
  among the winner's tiles, concealed or in a meld, is one han of aka dora (not a yaku).
  Written ``0m 0p 0s``. A seat holding a red and a plain five of a kind discards, and calls
  with, the plain copy first; the red copy leaves the hand only as the last five of its kind
  there (the action space has one discard per kind).

Not implemented (documented options): 四槓散了 is checked after the discard that follows the
fourth kong (Tenhou), but the kong itself is never refused.
"""

from __future__ import annotations

from mjsim.rules.spec import RuleSpec
from mjsim.scoring.riichi import (
    DEFAULT_OPTIONS,
)

#: ``score_values`` layout: ``[options]`` (``mjsim.scoring.riichi.OPT_*`` bits; Tenhou default)
DEFAULT_SCORE_VALUES = (DEFAULT_OPTIONS,)

SPEC = RuleSpec(
    name="riichi",
    n_players=4,
    tile_set="136",
    flowers="none",
    hand_size=13,
    allow_chow=True,
    chow_left_only=True,
    forbid_chow_same_discard=True,
    forbid_pung_same_discard=True,
    allow_pung=True,
    allow_exposed_kong=True,
    allow_added_kong=True,
    allow_concealed_kong=True,
    concealed_kong_shown=True,
    ready_locks_hand=True,
    win_shapes=("standard", "seven_pairs", "thirteen_orphans"),
    seven_pairs_quads=False,
    pair_rule="any",
    min_fan=1,
    allow_ready=True,
    missed_win_lockout="until_next_draw",
    missed_win_scope="all_waits",
    missed_win_lift="own_discard",
    own_discard_lockout="win",
    ready_lockout_whole_hand=True,
    kong_after_ready="keep_waits",
    no_claims_on_last_discard=True,
    multi_winner="all_max2",
    rob_kong="added_and_concealed",
    ready_requires_closed=True,
    ready_deposit=1000,
    ready_min_points=1000,
    start_points=25000,
    dora=True,
    noten_penalty=3000,
    wall_reserve=14,
    reserve_per_kong=0,
    dealer_rotation="winner_stays",
    dealer_on_draw="stays_if_ready",
    count_dealer_repeats=True,
    repeat_counter="honba",
    carry_deposits=True,
    riichi_aborts=True,
    nagashi_mangan=True,
    pao=("daisangen", "daisuushii"),
    kan_dora_timing="after_discard",
    red_fives=(1, 1, 1),
    round_wind_rule="advance_after_cycle",
    match="east_south",
    bust=True,
    agari_yame=True,
    tenpai_yame=True,
    west_extension=True,
    target_points=30000,
    return_points=30000,
    uma=(20000, 10000, -10000, -20000),
    scoring="riichi",
    score_values=DEFAULT_SCORE_VALUES,
    kong_payment_timing="immediate",
)
