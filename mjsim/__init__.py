"""mjsim: a fast, faithful mahjong simulator and multi-agent training environment.

Tile counts are compact numpy arrays (``uint8`` count vectors indexed by tile kind, see
:mod:`mjsim.tiles`); win, wait and shanten checks and the whole game transition are
Numba-jitted. Python is the boundary: parsing, validation, configuration, reporting.

The public entry points are imported lazily so that ``import mjsim`` stays cheap and never
triggers a Numba compilation by itself.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

# Before any kernel is decorated: numba's cache directory keyed on the hash of all mjsim sources
# (a caller's cached code never outlives an edit of a callee; see mjsim/_cache.py).
from mjsim import _cache  # noqa: E402

_cache.configure(__version__)

# One specialisation per plain signature for every mjsim kernel called from jitted code
# (literal constants at call sites no longer recompile the engine below them; mjsim/_jit.py).
from mjsim import _jit  # noqa: E402

_jit.canonical_calls()

# public name -> module that defines it
_LAZY = {
    "is_winning": "mjsim.hand",
    "waits": "mjsim.hand",
    "shanten": "mjsim.hand",
    "score": "mjsim.engine.spec_win",  # mjsim.scoring.api.score with the rule-set check
    "ScoreResult": "mjsim.scoring",
    "simulate": "mjsim.selfplay",
    "play_games": "mjsim.games",
    "replay": "mjsim.engine.replay",
}


# subpackages reachable as attributes after a bare ``import mjsim`` (``mjsim.variants.names()``);
# ``mjsim.arena`` is a module that can be called: ``mjsim.arena("hebei", ...)`` is
# :func:`mjsim.arena.arena` (``mjsim.arena.format_arena`` and the rest stay reachable)
_SUBMODULES = ("variants", "envs", "agents", "arena", "outcome")

__all__ = ["__version__", *_LAZY, "arena"]


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f"mjsim.{name}")
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'mjsim' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
