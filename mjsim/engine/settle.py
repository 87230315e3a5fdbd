"""Settlement: the jitted scoring dispatch (the "small jitted hook" per scoring family).

``hand_value`` and ``kong_points`` switch on ``rules.params[P_SCORING]``. A new family adds one
code in :mod:`mjsim.rules.params` (``SCORING_CODES``) and one branch here calling that family's
jitted function; nothing else in the loop changes.
"""

from __future__ import annotations

import numba as nb

from mjsim.rules.params import P_SCORING, SCORING_HEBEI
from mjsim.variants.hebei import hebei_kong_points, hebei_value


@nb.njit(cache=True)
def hand_value(rules, concealed, melds, win_tile, flags, items):
    """Value of a legal win in the family's unit (one payer's share); fills ``items``."""
    fam = rules.params[P_SCORING]
    if fam == SCORING_HEBEI:
        return hebei_value(concealed, melds, win_tile, flags, rules.score_table, items)
    return 1


@nb.njit(cache=True)
def kong_points(rules, meld_type):
    """Points each other seat owes the konger for one kong of ``meld_type``."""
    fam = rules.params[P_SCORING]
    if fam == SCORING_HEBEI:
        return hebei_kong_points(meld_type, rules.score_table)
    return 0
