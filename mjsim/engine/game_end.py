"""Where a game ends: after a finished hand of a match of ``RuleSpec.match="east"`` /
``"east_south"``, does the game end, and why.

:func:`game_end` reads the hand just settled (``PH_DONE``: the running scores include it, and
``TV_NEXT_DEALER`` / ``TV_NEXT_ROUND_WIND`` say who would deal the next hand in which round)
and the game's rules from ``CompiledRules.params`` (``P_GAME``: the rounds and the options
``bust``, ``agari_yame``, ``tenpai_yame``, ``west_extension``; ``P_TARGET_POINTS``;
``P_START_POINTS``). It is the compiled form of :func:`mjsim.games.game_length` (which reads
the same facts from result rows and is its test oracle): the self-play loop stops a game's
match there (``mjsim.play_games``), and the vector and Gymnasium environments end a whole-game
episode there (``episode="game"``).

The rules (the public Tenhou rules; docs/variants/riichi.md): a seat below 0 points ends the
game (``bust``; exactly 0 plays on); after the last dealer's hand of the last round the game
ends when the deal passes, or, when that dealer would deal again, with ``agari_yame`` after its
win / ``tenpai_yame`` after an exhaustive draw at which it was ready, if it is first (with the
extension: and has ``target_points``); with ``west_extension``, when no seat has
``target_points`` after the last round the next round is played until a hand leaves a seat
with ``target_points`` or that round is over.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim.engine.state import (
    PV_SCORE,
    TV_DEALER,
    TV_FIRST_DEALER,
    TV_NEXT_DEALER,
    TV_NEXT_ROUND_WIND,
    TV_ROUND_WIND,
    TV_WINNERS,
)
from mjsim.engine.wall import draws_left
from mjsim.rules.params import (
    GAME_AGARI_YAME,
    GAME_BUST,
    GAME_ROUNDS_MASK,
    GAME_TENPAI_YAME,
    GAME_WEST_EXTENSION,
    P_GAME,
    P_N_PLAYERS,
    P_START_POINTS,
    P_TARGET_POINTS,
)

#: :func:`game_end` codes: the index of the reason in ``mjsim.games.END_NAMES``
END_GOES_ON = -1
END_LAST_ROUND = 0
END_BUST = 1
END_AGARI_YAME = 2
END_TENPAI_YAME = 3
END_EXTENSION_TARGET = 4
END_EXTENSION_END = 5


@nb.njit(cache=True)
def game_end(s, r, t):
    """After the finished hand on table ``t``: :data:`END_GOES_ON` (-1) if the game goes on
    (or the spec has no game end, ``match="hands"``), else why it ends (``END_*``, the index
    in ``mjsim.games.END_NAMES``). The match's first dealer is ``TV_FIRST_DEALER``."""
    prm = r.params
    g = prm[P_GAME]
    rounds = g & GAME_ROUNDS_MASK
    if rounds == 0:
        return END_GOES_ON
    n = prm[P_N_PLAYERS]
    start = prm[P_START_POINTS]
    target = prm[P_TARGET_POINTS]
    best = np.int64(-(1 << 62))
    for p in range(n):
        v = start + np.int64(s.pv[t, p, PV_SCORE])
        if (g & GAME_BUST) != 0 and v < 0:
            return END_BUST
        if v > best:
            best = v
    reached = target <= 0 or best >= target
    west = (g & GAME_WEST_EXTENSION) != 0
    tv = s.tv[t]
    rw, dealer = tv[TV_ROUND_WIND], tv[TV_DEALER]
    nrw, ndealer = tv[TV_NEXT_ROUND_WIND], tv[TV_NEXT_DEALER]
    last_round = rounds - 1
    if rw > last_round:  # the extension round
        if reached:
            return END_EXTENSION_TARGET
        if nrw != rw:
            return END_EXTENSION_END
        return END_GOES_ON
    if rw < last_round or dealer != (tv[TV_FIRST_DEALER] + n - 1) % n:
        return END_GOES_ON
    # the last hand of the last round
    if ndealer == dealer and nrw == rw:  # the dealer would deal again
        mine = np.int64(s.pv[t, dealer, PV_SCORE])
        top = True
        for q in range(n):
            if q != dealer and np.int64(s.pv[t, q, PV_SCORE]) >= mine:
                top = False
        ok = top and (reached or not west)
        winners = tv[TV_WINNERS]
        if (g & GAME_AGARI_YAME) != 0 and ok and ((winners >> dealer) & 1) != 0:
            return END_AGARI_YAME
        if (g & GAME_TENPAI_YAME) != 0 and ok and winners == 0 and draws_left(s, r, t) == 0:
            return END_TENPAI_YAME
        return END_GOES_ON
    if west and not reached:
        return END_GOES_ON  # into the next round
    return END_LAST_ROUND
