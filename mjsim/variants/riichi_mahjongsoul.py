"""Japanese Riichi with Mahjong Soul's rules: ``riichi_mahjongsoul``, a preset of ``riichi``.

The spec is :mod:`mjsim.variants.riichi` (Tenhou's rules) with only the differences below, each
from Mahjong Soul's published rules (the game's rule description of its ranked four-player
matches; the same settings as RiichiEnv's ``GameRule.default_mjsoul``):

- Double yakuman (``OPT_DOUBLE_YAKUMAN`` in ``score_values[0]``): the 13-sided thirteen orphans,
  four concealed pungs on a single wait, pure nine gates and big four winds count two yakuman;
  Tenhou counts them as one.
- Triple ron (``multi_winner="all"``): three players winning on one discard all win; on Tenhou
  the hand is an abortive draw.

Kept from ``riichi`` (Tenhou) and not checked against Mahjong Soul's rule description here:
the kan dora timing, pao for daisangen and daisuushii, the East-South game (bust, agari yame,
tenpai yame, the West extension to 30,000) and the placement points (30,000 return, uma
10-20), and the red fives (one each of 5m, 5p, 5s, as Mahjong Soul).
"""

from __future__ import annotations

from mjsim.scoring.riichi import riichi_options
from mjsim.variants import riichi

#: ``score_values``: kuitan and double yakuman (``mjsim.scoring.riichi.OPT_*``)
DEFAULT_SCORE_VALUES = (riichi_options(kuitan=True, double_yakuman=True),)

SPEC = riichi.SPEC.replace(
    name="riichi_mahjongsoul",
    score_values=DEFAULT_SCORE_VALUES,
    multi_winner="all",
)
