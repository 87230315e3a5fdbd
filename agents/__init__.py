"""Bots and the ``Agent`` protocol, importable as ``mjsim.agents``.

Two kinds of bots:

- **In-kernel bots** (``"random"``, ``"greedy"``): jitted policies that play inside the compiled
  self-play loop (:func:`mjsim.simulate`, the CLI, the arena). Names and integer ids are in
  :data:`mjsim.agents.policies.AGENT_IDS`; each is one module here (``random.py``,
  ``greedy.py``) and one branch of :func:`mjsim.agents.policies.choose_action`.
- **Python agents**: any object with ``act(observation, mask) -> int`` (the :class:`Agent`
  protocol). ``mask`` is ``bool[N_ACTIONS]`` (``mjsim.actions``, 208 actions), the returned id
  must be legal. Through the environment the observation is the env's observation; through
  :class:`mjsim.engine.Game` (:func:`play_hand`) it is the ``Game`` itself (read its
  ``current_player``, ``hands``, ``melds``, ... properties). :class:`KernelAgent` wraps an
  in-kernel bot as a Python agent for ``Game`` play.

Registry: :func:`make_agent` builds a Python agent by name (``"random"``, ``"greedy"``, or any
name added with :func:`register_agent`).

Ranking: :func:`mjsim.arena.arena` (``mjsim.arena(...)``) and ``mjsim arena`` seat Python agents
next to the in-kernel bots, by a name registered in the same process or by import path
(``--agents mypkg.mybot:MyBot,greedy,greedy,greedy``), with duplicate seating; see
``docs/cli.md`` "mjsim arena".

Example::

    from mjsim.engine import Game
    from mjsim.agents import make_agent, play_hand

    class FirstLegal:
        def act(self, observation, mask):
            return int(mask.nonzero()[0][0])

    g = Game("hebei", seed=3)
    pay = play_hand(g, [FirstLegal(), make_agent("greedy"), make_agent("random"), FirstLegal()])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class Agent(Protocol):
    """A bot: ``act(observation, mask) -> action id``.

    ``mask``: ``bool[N_ACTIONS]`` (208) legal actions of the seat to act (at least one True); the result
    must be an index where ``mask`` is True (``Game.step`` raises ``ValueError`` naming an
    illegal action and listing the legal ones)."""

    def act(self, observation: Any, mask: np.ndarray) -> int: ...


class KernelAgent:
    """A Python :class:`Agent` that runs an in-kernel bot on a ``Game``'s state.

    ``KernelAgent("greedy").act(game, mask)`` -> the action the compiled loop would take.
    The observation must be a :class:`mjsim.engine.Game` (in-kernel bots read the full table
    state); ``TypeError`` otherwise."""

    def __init__(self, name: str) -> None:
        from mjsim.agents.policies import agent_id

        self.name = name
        self.id = agent_id(name)

    def act(self, observation: Any, mask: np.ndarray) -> int:
        from mjsim.agents.policies import choose_action

        state = getattr(observation, "state", None)
        rules = getattr(observation, "rules", None)
        if state is None or rules is None:
            raise TypeError(
                f"KernelAgent({self.name!r}) needs a mjsim.engine.Game as observation, "
                f"got {type(observation).__name__}"
            )
        m = np.ascontiguousarray(mask, dtype=np.bool_)
        return int(choose_action(self.id, state, rules, 0, m))

    def __repr__(self) -> str:
        return f"KernelAgent({self.name!r})"


_FACTORIES: dict[str, Callable[[], Agent]] = {
    "random": lambda: KernelAgent("random"),
    "greedy": lambda: KernelAgent("greedy"),
}


def register_agent(name: str, factory: Callable[[], Agent]) -> None:
    """Make ``make_agent(name)`` return ``factory()`` (overrides an existing name)."""
    if not isinstance(name, str) or not name:
        raise ValueError(f"agent name {name!r} must be a non-empty string")
    _FACTORIES[name] = factory


def agent_names() -> list[str]:
    """Names :func:`make_agent` knows, sorted."""
    return sorted(_FACTORIES)


def make_agent(name: str) -> Agent:
    """A new Python agent by name; ``ValueError`` listing the known names."""
    if name not in _FACTORIES:
        raise ValueError(f"unknown agent {name!r}; known agents: {', '.join(agent_names())}")
    return _FACTORIES[name]()


def agent_label(agent: Any) -> str:
    """How messages name an agent: its own ``repr`` if its class defines one
    (``KernelAgent('greedy')``), else its class name (``FirstLegal``)."""
    if type(agent).__repr__ is not object.__repr__:
        return repr(agent)
    return type(agent).__qualname__


def checked_action(agent: Any, action: Any, seat: int, mask: np.ndarray) -> int:
    """The action id ``action`` that ``agent`` returned from ``act`` for seat ``seat``, checked
    against ``mask`` (``bool[N_ACTIONS]``, the seat's legal actions).

    Raises ``ValueError`` naming the seat and the agent (:func:`agent_label`) and listing the
    legal actions for ``None`` (an ``act`` that forgot to ``return``), anything that is not an
    integer (a float, a string, an array), an id out of range and an illegal id. Every caller of
    Python agents (:func:`play_hand`, arenas) checks through it."""
    from mjsim._args import _is_integer
    from mjsim.actions import N_ACTIONS, action_name

    def refuse(what: str) -> ValueError:
        legal = ", ".join(f"{action_name(int(x))} ({int(x)})" for x in np.flatnonzero(mask))
        return ValueError(
            f"agent {agent_label(agent)} at seat {seat} returned {what} from "
            f"act(observation, mask); it must return a legal action id (int); legal: {legal}"
        )

    if isinstance(action, np.ndarray) and action.ndim == 0:
        action = action[()]
    if action is None:
        raise refuse("None")
    if not _is_integer(action):
        raise refuse(f"{action!r} ({type(action).__name__})")
    a = int(action)
    if not 0 <= a < N_ACTIONS:
        raise refuse(f"{a}, out of range 0..{N_ACTIONS - 1}")
    if not mask[a]:
        raise refuse(f"the illegal action {action_name(a)} ({a})")
    return a


def play_hand(game: Any, agents: Sequence[Agent]) -> np.ndarray:
    """Play the current hand of ``game`` (a :class:`mjsim.engine.Game`) to the end, asking
    ``agents[seat].act(game, mask)`` at every decision. Returns the payments ``int[n_players]``.

    Raises ``ValueError`` for a wrong number of agents, or naming the seat and the agent when an
    agent returns ``None``, a non-integer, an id out of range or an illegal action
    (:func:`checked_action`).
    """
    if len(agents) != game.n_players:
        raise ValueError(f"play_hand: {len(agents)} agents for {game.n_players} seats")
    while not game.done:
        p = game.current_player
        mask = game.legal_mask()
        game.step(checked_action(agents[p], agents[p].act(game, mask), p, mask))
    return np.asarray(game.payments)


__all__ = [
    "Agent",
    "KernelAgent",
    "agent_label",
    "agent_names",
    "checked_action",
    "make_agent",
    "play_hand",
    "register_agent",
]
