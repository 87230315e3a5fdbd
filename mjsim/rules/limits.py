"""Capacities of the table state that a rule set must fit.

The engine's state arrays (:mod:`mjsim.engine.state`) have fixed sizes; :class:`~mjsim.rules.RuleSpec`
validation refuses a rule set that could overflow them (a two-player game with 136 tiles would
discard more than a river holds), so the rules layer owns the numbers and the engine reads them.
"""

from __future__ import annotations

#: discards one seat's river holds (``State.river``: ``uint8[B, 4, MAX_RIVER]``)
MAX_RIVER = 48
