"""The game engine: state arrays, the one jitted game loop, the ``Game`` wrapper, records, replay.

Public names (imported lazily so ``import mjsim.engine`` does not compile anything):
``Game``, ``validate_wall``, ``State``, ``new_state``, ``Record``, ``to_jsonl``, ``from_jsonl``,
``render_record``, ``render_table``; ``mjsim.engine.replay.replay``.

The jitted loop, one table at a time (every function takes ``(s, r, t, ...)``: the state, the
compiled rules, the table index), by responsibility, from the lowest layer up:

- :mod:`~mjsim.engine.state` the state arrays and the slots of ``tv`` / ``pv``;
  :mod:`~mjsim.engine.board` records, wall counts, rivers, melds, flowers, wilds;
- :mod:`~mjsim.engine.shapes` hand shapes and readiness under the rules;
  :mod:`~mjsim.engine.win_rules` the pure win requirements;
- :mod:`~mjsim.engine.win_context` what a scorer is told at a win;
  :mod:`~mjsim.engine.settle` the scoring-family dispatch;
  :mod:`~mjsim.engine.lockouts` missed-win, own-discard and ready locks;
  :mod:`~mjsim.engine.win_check` may this seat win now;
- :mod:`~mjsim.engine.standing` standing tiles 立牌; :mod:`~mjsim.engine.treasure` the 宝 tile;
- :mod:`~mjsim.engine.hand_end` drawn hands, settlement, the next hand's dealer and counters;
  :mod:`~mjsim.engine.draws` draws from the wall; :mod:`~mjsim.engine.deal` the deal;
- :mod:`~mjsim.engine.reaction` the reaction window (who may claim a discard, with what);
  :mod:`~mjsim.engine.kongs` kongs and other set-asides; :mod:`~mjsim.engine.wins` settle a win;
  :mod:`~mjsim.engine.claims` how a discard is claimed; :mod:`~mjsim.engine.grab` 抢金;
- :mod:`~mjsim.engine.legal` legal actions; :mod:`~mjsim.engine.step` apply an action;
  :mod:`~mjsim.engine.invariants` what must hold after every action.

Feature modules beside them: pre-hand stakes (``bets``), the unused pool (``pool``), carry-over
(``carry``), abortive draws (``aborts``), honour sets (``honor_sets``), honour chows
(``honor_chows``), special kongs (``special_kongs``), kong-only tiles (``kong_tiles``), kong
payments (``hooks_kong``), birds (``hooks_birds``), chickens (``hooks_guizhou``), and the hooks of
the scoring families that read the table (``hooks_changsha``, ``hooks_jipinghu``,
``hooks_riichi``, ``hooks_sichuan``).
"""

from __future__ import annotations

import importlib
from typing import Any

_LAZY = {
    "Game": "mjsim.engine.game",
    "validate_wall": "mjsim.engine.game",
    "State": "mjsim.engine.state",
    "new_state": "mjsim.engine.state",
    "Record": "mjsim.engine.records",
    "to_jsonl": "mjsim.engine.records",
    "from_jsonl": "mjsim.engine.records",
    "render_record": "mjsim.engine.records",
    "render_table": "mjsim.engine.records",
}

__all__ = list(_LAZY)


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'mjsim.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
