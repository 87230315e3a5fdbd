"""Riichi abortive draws (途中流局, ``riichi_aborts``): 九種九牌 (a
voluntary declaration, action ``NINE_TERMINALS = DECLARE + 4``), 四風連打, 四家立直 and 四槓散了.

Predicates only (they read the state); :mod:`mjsim.engine.draws` / :mod:`mjsim.engine.step` end the hand as an abortive
draw (``tv[TV_RC_ABORT] = 1``: no payments, the dealer stays under ``dealer_on_draw=
"stays_if_ready"``, the honba counter +1, deposits stay on the table and are carried under
``carry_deposits``).

Sources: the Riichi rule text ("日本麻将") lists the abortive draws; the conditions are the public
(Tenhou) rules:

- 九種九牌: on a seat's first draw, before any call or kong, a hand with nine or more distinct
  terminal and honour kinds may declare the abortive draw (its own choice).
- 四風連打: the four first discards of an uninterrupted first go-around are the same wind.
- 四家立直: all four seats have declared riichi (the fourth riichi discard may still be won on).
- 四槓散了: four kongs declared by two or more seats (one seat's four kongs do not abort), once the
  discard after the fourth kong is not won on.

The last three are checked when play would continue with the next seat's draw, i.e. after the
discard's reaction window closed without a win (a discard win takes priority, as in Tenhou).
"""

from __future__ import annotations

from mjsim._jit import internal
from mjsim.engine.state import (
    PV_N_MELDS,
    PV_N_RIVER,
    PV_READY,
    TV_DRAWN,
    TV_FIRST_ROUND,
    TV_N_DISCARDS,
    TV_N_KONGS,
)
from mjsim.melds import MELD_CHOW, MELD_NONE, MELD_PUNG
from mjsim.rules.params import P_N_PLAYERS


@internal
def nine_terminals(s, t, p):
    """九種九牌 is legal for seat ``p`` on its turn: its first draw (no discard yet) in an
    uninterrupted first go-around (no call, no kong) and >= 9 distinct terminal / honour kinds."""
    if s.tv[t, TV_FIRST_ROUND] == 0 or s.tv[t, TV_N_KONGS] != 0 or s.tv[t, TV_DRAWN] < 0:
        return False
    if s.pv[t, p, PV_N_RIVER] != 0 or s.pv[t, p, PV_N_MELDS] != 0:
        return False
    return terminal_honor_kinds(s, t, p) >= 9


@internal
def terminal_honor_kinds(s, t, p):
    """Distinct terminal and honour kinds in seat ``p``'s concealed hand (九種九牌 counts them)."""
    n = 0
    for k in range(34):
        if (k >= 27 or k % 9 == 0 or k % 9 == 8) and s.hands[t, p, k] > 0:
            n += 1
    return n


@internal
def abort_before_draw(s, r, t):
    """Does play stop in an abortive draw instead of the next draw (四風連打, 四家立直, 四槓散了)?"""
    n = r.params[P_N_PLAYERS]
    if s.tv[t, TV_FIRST_ROUND] != 0 and s.tv[t, TV_N_DISCARDS] == n and s.tv[t, TV_N_KONGS] == 0:
        k = s.river[t, 0, 0]
        same = 27 <= k <= 30
        for q in range(n):
            if s.pv[t, q, PV_N_RIVER] != 1 or s.river[t, q, 0] != k:
                same = False
        if same:
            return True
    nr = 0
    for q in range(n):
        if s.pv[t, q, PV_READY] != 0:
            nr += 1
    if nr == n:
        return True
    if s.tv[t, TV_N_KONGS] >= 4:
        seats = 0
        for q in range(n):
            for i in range(s.pv[t, q, PV_N_MELDS]):
                mt = s.melds[t, q, i, 0]
                if mt != MELD_PUNG and mt != MELD_CHOW and mt != MELD_NONE:
                    seats += 1
                    break
        if seats >= 2:
            return True
    return False
