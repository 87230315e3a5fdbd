"""The fan tables of the table-driven variants, as data (:mod:`mjsim.scoring.fan_table`).

One module per scoring family; each has ``PARAMS`` (its named parameters and their defaults)
and ``table(**params) -> FanTable``. :func:`get` builds, validates and compiles a variant's
table. Plain Python: nothing here is compiled, and a new table adds no jitted code.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any

from mjsim.scoring.fan_table import CompiledTable, FanTable, compile_table

#: variant id -> module of its table (the three Sichuan ids share one table)
MODULES = {
    "hebei": "mjsim.scoring.tables.hebei",
    "sichuan": "mjsim.scoring.tables.sichuan",
    "chengdu": "mjsim.scoring.tables.sichuan",
    "sichuan_xuezhan": "mjsim.scoring.tables.sichuan",
    "guangdong_jipinghu": "mjsim.scoring.tables.guangdong_jipinghu",
    "tianjin": "mjsim.scoring.tables.tianjin",
}


def names() -> list[str]:
    """The variant ids that have a fan table."""
    return sorted(MODULES)


def table(variant: str, **params: Any) -> FanTable:
    """The plain-data fan table of ``variant`` with its named parameters ``params``.

    Raises ``ValueError`` for a variant without a table (listing those with one) or an unknown
    or ill-typed parameter (listing the table's parameters).
    """
    if variant not in MODULES:
        raise ValueError(f"no fan table for {variant!r}; tables: {', '.join(names())}")
    module = importlib.import_module(MODULES[variant])
    return module.table(variant, **params)


@lru_cache(maxsize=64)
def _compiled(variant: str, items: tuple[tuple[str, Any], ...]) -> CompiledTable:
    return compile_table(table(variant, **dict(items)))


def get(variant: str, **params: Any) -> CompiledTable:
    """The compiled (validated) fan table of ``variant``; cached per parameter set."""
    return _compiled(variant, tuple(sorted(params.items())))
