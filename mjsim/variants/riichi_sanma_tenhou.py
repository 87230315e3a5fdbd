"""Three-player Japanese Riichi with Tenhou's rules: ``riichi_sanma_tenhou``, a preset of
``riichi_sanma``.

The spec is :mod:`mjsim.variants.riichi_sanma` with only the differences of Tenhou's published
three-player rules (tenhou.net, the rules page https://tenhou.net/man/, section 三麻; English
translation: riichi.wiki, "Tenhou.net rules", "Three-player rules"). ``riichi_sanma`` takes its
three-player differences from Mahjong Soul's three-player ranking rules on the base of
:mod:`mjsim.variants.riichi`, which is Tenhou's four-player rule set; every rule of Tenhou's
three-player list that the engine plays has the same setting there:

- "35000開始の40000点返し": 35,000 points each, 40,000 returned (``start_points``,
  ``return_points``), so the West extension plays until a seat has 40,000 (``target_points``,
  as Tenhou's four-player sudden death ends at the return points).
- "順位ウマ +20, 0, -20 (東風戦/東南戦共通)": uma 20 / 0 / -20 in the East and the East-South
  game (``uma``).
- "嶺上牌は8枚": eight replacement draws in the dead wall.
- "二萬~八萬を使用しない", "ドラ表示「一萬」のドラは「九萬」、「九萬」のドラは「一萬」": the
  108 tiles of ``tile_counts``; 1m and 9m indicate each other.
- "チーはできない": no chow (``allow_chow=False``).
- "北は抜きドラ": kita, a North set aside as one dora (``flowers="bonus"``, ``flower_dora``).
- A self-draw is paid with tsumo loss (ツモ損, ``missing_seat_payment="tsumo_loss"``): Tenhou's
  three-player score tables pay a non-dealer mangan self-draw 4000 + 2000.

So the spec differs from ``riichi_sanma`` in its name only: the preset names the rule book it
was checked against. Tenhou's three-player rules the engine does not play (as in
``riichi_sanma``, where kita is the automatic flower mechanism): "ポンの直後は抜けない" (no kita
right after a pon), "抜きは鳴きと同じ扱い" (a kita ends ippatsu, chiihou, the nine-terminals
draw and double riichi as a call does) and "抜いた北は役満以外でも和了可能" (a set-aside North
may be won on by any hand).
"""

from __future__ import annotations

from mjsim.variants import riichi_sanma

SPEC = riichi_sanma.SPEC.replace(name="riichi_sanma_tenhou")
