"""In-kernel agent dispatch: an integer agent id per seat selects a jitted policy.

To add a bot: write ``my_action(s, r, t, mask) -> int`` as an ``numba.njit`` function in its own
module under ``agents/``, give it the next id in ``AGENT_IDS`` and add one branch to
:func:`choose_action`. Python code names agents by string (``"random"``); :func:`agent_id`
converts.
"""

from __future__ import annotations

import numba as nb
import numpy as np
from mjsim.agents.greedy import greedy_action
from mjsim.agents.random import random_action_counted

AGENT_RANDOM = 0
AGENT_GREEDY = 1

#: agent name -> integer id used inside the compiled loop
AGENT_IDS: dict[str, int] = {"random": AGENT_RANDOM, "greedy": AGENT_GREEDY}


def agent_id(name: str | int) -> int:
    """The integer id of an in-kernel agent name; ``ValueError`` listing the known names."""
    if isinstance(name, int) and name in AGENT_IDS.values():
        return name
    if name not in AGENT_IDS:
        raise ValueError(
            f"unknown agent {name!r}; in-kernel agents: {', '.join(sorted(AGENT_IDS))}"
        )
    return AGENT_IDS[name]


@nb.njit(cache=True, inline="always")
def choose_action(agent, s, r, t, mask):
    """The action of in-kernel agent ``agent`` (int id) for the current player of table ``t``.

    ``mask``: bool[N_ACTIONS] legal mask (at least one True). Returns an action id."""
    return choose_action_counted(agent, s, r, t, mask, np.int64(-1))


@nb.njit(cache=True)
def choose_action_counted(agent, s, r, t, mask, n):
    """:func:`choose_action` when the number ``n`` (int64) of legal actions in ``mask`` is
    known (the return value of :func:`mjsim.engine.legal.legal_mask`; ``-1``: unknown). The same
    action as :func:`choose_action`; the random bot then skips counting the mask."""
    if agent == AGENT_GREEDY:
        return greedy_action(s, r, t, mask)
    return random_action_counted(s, r, t, mask, n)
