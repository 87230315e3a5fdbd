"""Three-player Japanese Riichi (三人麻雀, sanma): ``riichi_sanma``, a preset of ``riichi``.

The spec is :mod:`mjsim.variants.riichi` (Tenhou's four-player rules) with only the differences
below, from Mahjong Soul's published rules of its three-player ranking matches ("Rules for
3-player Ranking Match", https://www.mjstars.net/rules-for-3-player-ranking-match: "Same as
rules for 4-player ranking match unless otherwise stated") and the common sanma rules of the
Riichi wiki (https://riichi.wiki/Sanma); docs/variants/riichi_sanma.md lists them with their
settings:

- Three seats East, South, West (``n_players=3``); the dealer is East, a round is three hands.
- 108 tiles: the 2m-8m are removed (``tile_counts``: 1m and 9m stay), so the dora indicator 1m
  shows 9m and 9m shows 1m ("2man through 8man removed"; "If 1man is dora indicator, 9man is
  dora").
- Kita 抜きドラ: a North is set aside with a replacement draw from the wall end and counts as
  one dora (``flower_dora``). The four Norths play as four flower copies (``tile_counts`` holds
  no 4z and four flowers; ``flowers="bonus"``): every North drawn is set aside at once, on the
  deal too ("North tile is nukidora"). An indicator showing North (West) makes each
  set-aside North one more dora. The dead wall stays 14 tiles (each replacement draw moves the
  last live tile into it) and holds eight replacement draws ("Eight rinshan tiles"): the
  indicators sit four tiles further from its end than in four-player play.
- No chow (``allow_chow=False``): "Chii disallowed".
- A self-draw is paid only by the two present seats (``missing_seat_payment="tsumo_loss"``,
  ツモ損): the absent North seat's share is not paid (the Riichi wiki: "for tsumo, no change
  is used to account and adjust for the missing player"). ``"bisection"`` (北家折半: that
  share split between the two payers, a common house rule) is the option.
- Red fives: one red 5p and one red 5s (``red_fives=(0, 1, 1)``; there is no 5m).
- No four-player abortive draws (``riichi_aborts=False``: 四風連打 and 四家立直 need four
  seats; nine terminals and four kongs are not played here).
- The game: "35000 point start with 40000 point return" (``start_points``,
  ``return_points``: the first place takes the oka), "Uma is +20, 0, -20" (``uma``); the West
  extension plays until a seat has the 40,000 returned (``target_points``; not stated there).

Differences of the play from the published rules (the engine's kita is the flower
mechanism): a North cannot be kept in the hand, so no hand holds North as a pair, a set or the
North of thirteen orphans (kokushi needs the 13 kinds including North and is out of reach), and
a North cannot be discarded or won on ("May be used normally as a guest wind in the hand" is
not played). Kita is not a call here: it does not end ippatsu or the first go-round.
Kept from ``riichi`` and not checked against the three-player rule books here: the honba (+300
on a discard win, +100 from each payer of a self-draw), the 3000-point noten payment in total,
nagashi mangan (paid by the two present seats), pao, the kan dora timing.
"""

from __future__ import annotations

from mjsim.variants import riichi

#: copies per kind: 2m-8m removed, no North (kind 30); the four Norths are the flower copies
#: 34-37 (kita), the other four flower kinds absent
TILE_COUNTS = (
    (4, 0, 0, 0, 0, 0, 0, 0, 4)  # 1m, no 2m-8m, 9m
    + (4,) * 9  # pinzu
    + (4,) * 9  # souzu
    + (4, 4, 4, 0, 4, 4, 4)  # E S W, no N, dragons
    + (1, 1, 1, 1, 0, 0, 0, 0)  # the four Norths as kita flowers
)

SPEC = riichi.SPEC.replace(
    name="riichi_sanma",
    n_players=3,
    tile_counts=TILE_COUNTS,
    flowers="bonus",
    flower_dora=True,
    allow_chow=False,
    red_fives=(0, 1, 1),
    riichi_aborts=False,
    missing_seat_payment="tsumo_loss",
    start_points=35000,
    return_points=40000,
    target_points=40000,
    uma=(20000, 0, -20000),
)
