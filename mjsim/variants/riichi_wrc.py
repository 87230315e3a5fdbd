"""Japanese Riichi with the World Riichi Championship rules: ``riichi_wrc``, a preset of
``riichi``.

The spec is :mod:`mjsim.variants.riichi` (Tenhou's rules) with only the differences below, each
from the World Riichi Championship Rules (the WRC rule book by Sylvain Malbec, 2015, and its
errata published by the author):

- No kazoe yakuman (``kazoe_limit="sanbaiman"``): "Kazoe yakuman is not allowed", 11 han and
  more is sanbaiman.
- Renhou is a mangan yaku (``renhou="mangan"``): the rule book lists it among the mangan yaku,
  and "Renhō is cumulative with other yaku and dora".
- No abortive draws (``riichi_aborts=False``): "Abortive draws are completely omitted".
- No red fives (``red_fives=(0, 0, 0)``): the rule book plays without aka dora.
- Starting points 30,000 (``start_points=30000``; the points floor for riichi stays 1000).
- The game ("Continuation of the game", "End of the game"): a hanchan of East and South with no bust ("If a player's score goes
  below zero, the game continues": ``bust=False``), no agari yame ("No agari yame": ``agari_yame=False``,
  ``tenpai_yame=False``) and no extension (``west_extension=False``); placement points
  ("Hanchan score and uma") = (points - 30,000) / 1000 + uma 15 / 5 / -5 / -15 (``return_points=30000``: no
  oka; ``uma=(15000, 5000, -5000, -15000)``), tied players sharing the uma of their places
  (``placement_ties="split"``).

Kept from ``riichi`` and not checked against the rule book here: nagashi mangan, three
players winning on one discard (an abortive draw under ``multi_winner="all_max2"``), pao for
daisangen and daisuushii with Tenhou's honba (its "Liability payment" section) and the kan dora
timing.
"""

from __future__ import annotations

from mjsim.variants import riichi

SPEC = riichi.SPEC.replace(
    name="riichi_wrc",
    kazoe_limit="sanbaiman",
    renhou="mangan",
    riichi_aborts=False,
    start_points=30000,
    bust=False,
    agari_yame=False,
    tenpai_yame=False,
    west_extension=False,
    target_points=0,
    return_points=30000,
    uma=(15000, 5000, -5000, -15000),
    placement_ties="split",
    red_fives=(0, 0, 0),
)
