"""The game engine: state arrays, the one jitted loop, the ``Game`` wrapper, records, replay.

Public names (imported lazily so ``import mjsim.engine`` does not compile anything):
``Game``, ``validate_wall``, ``State``, ``new_state``, ``Record``, ``to_jsonl``, ``from_jsonl``,
``render_record``, ``render_table``; ``mjsim.engine.replay.replay``; jitted modules ``mjsim.engine.core`` (one table)
and ``mjsim.engine.batch`` (``B`` tables).
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
