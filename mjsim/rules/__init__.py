"""Rule specifications: :class:`RuleSpec` (frozen, validated) and its compiled numba form."""

from mjsim.rules.spec import (
    TILE_SETS,
    WIN_SHAPE_NAMES,
    CompiledRules,
    RuleSpec,
    check_playable,
    field_names,
)

__all__ = [
    "TILE_SETS",
    "WIN_SHAPE_NAMES",
    "CompiledRules",
    "RuleSpec",
    "check_playable",
    "field_names",
]
