"""Fan tables as data: a variant's scoring as plain Python rows, validated and compiled to arrays.

A fan table says what the patterns of :mod:`mjsim.scoring.patterns` are worth in one variant and
how the values combine. It is written as plain data (dicts and tuples) and built by a function
of named parameters (``sichuan_table(cap=3, golden_hook=1)``), so a rule study can change any
value by name; there is no fixed number of slots. :func:`compile_table` validates it at the
Python boundary (a ``ValueError`` names the bad entry and lists the legal values) and compiles
it to three ``int64`` arrays that the one jitted evaluator (:func:`evaluate`) and the detector
(:mod:`mjsim.scoring.detect`) read; every variant's table has the same array types, so adding a
variant adds no jitted code.

A **row** (a dict) values one pattern, or several that must all hold:

- ``zh``, ``en``: the item's names as the variant's rule text and players say them (what
  :class:`~mjsim.scoring.result.ScoreResult.items` shows);
- ``when``: a pattern key or a tuple of keys that must all be present (``("full_flush",
  "all_pungs")`` = 清碰); the row's count is the smallest of their counts;
- ``value``: what one occurrence is worth (its meaning depends on ``kind``);
- ``kind``: ``"add"`` (added to the sum: 番, 分, 台; in a ``product`` table, the base that is
  multiplied), ``"mul"`` (a factor: the value is multiplied by ``value ** count``),
  ``"limit"`` (a fixed value for the whole hand: when any limit row applies, the best single
  one is the hand's value and every other row is dropped; 特殊牌型不再叠加其他番种), or
  ``"floor"`` (the value after the cap is raised to at least ``value``: 不满3番按3番计), or
  ``"condition"`` (worth nothing and not an item: it only cancels other rows when it applies,
  and other rows may cancel it; "A does not count on a plain hand" is a condition row that
  the non-plain rows cancel and that cancels A), or ``"post"`` (added to the value after the
  factors, the cap and the floors, and after ``pow2``'s doubling: points that a self-draw or
  another factor does not multiply, 太原 "杠所得的分不加倍"), or ``"sum_factor"`` (a
  ``product`` table only: the values of these rows add up to one more factor, 1 when none
  applies: 济南 "（花+底）*番数", where the add rows are the 花 and the sum_factor rows the 番);
- ``per``: ``"unit"`` (default: counts ``count`` times, e.g. 根 per four) or ``"once"``;
- ``min``: the count the pattern needs for the row to apply (default 1; 龙七对 is
  ``seven_pairs_fours`` ≥ 1);
- ``group``: rows sharing a group name count only their best one (highest ``value`` times
  count, the earlier row on a tie): "only the largest multiplier", 就高不就低 inside a family;
- ``cancels``: the rows this row cancels when it applies (不计), by ``zh`` name, or
  ``(name, n)`` to cancel only ``n`` occurrences (龙七对 cancels one 根);
- ``shapes``: the readings the row applies in (default all of the table's shapes);
- ``qualifying``: whether the row counts toward the minimum to win (default True; flowers and
  other bonuses are False).

The **table** (:class:`FanTable`) adds the combine mode and its header:

- ``combine``: ``"sum"`` (value = base + Σ add rows), ``"pow2"`` (value = ``unit`` ×
  2^min(base + Σ, cap): a doubling table whose total is points), ``"product"`` (value =
  (base + Σ add rows) × Π factors);
- ``base``; ``cap`` (on the sum, or the exponent for ``pow2``; -1 = none); limit rows are
  above the cap, floor rows below it;
- ``min_to_win``: the qualifying value a win needs (0 = any);
- ``shapes``: the readings of a hand considered (``standard``, ``seven_pairs``,
  ``thirteen_orphans``, ``three_wilds``: a self-drawn hand holding three wilds, whatever the
  rest, for the rule sets where that is a win, 三金倒; and the free-form readings
  ``all_258_free``, ``all_honors_free``, ``knitted``, ``knitted_honor_pair``:
  :mod:`mjsim.scoring.patterns`; ``shisanlan`` 十三烂); ``pair_rule`` and ``honor_chows`` of the standard shape;
  ``free_honors`` (``"any"`` or ``"winds"``: the honours ``all_honors_free`` accepts, as
  ``RuleSpec.free_honors``).

Evaluation order for one reading: row counts; cancellations in row order; groups; then either
the best limit row, or combine → cap → floors → ``post`` rows. The qualifying value is the same evaluation over
the qualifying rows only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numba import njit

from mjsim.kernels import PAIR_258, PAIR_ANY, PAIR_NOT_28
from mjsim.scoring.patterns import INDEX

# ---- row kinds
KIND_ADD, KIND_MUL, KIND_LIMIT, KIND_FLOOR, KIND_CONDITION, KIND_POST, KIND_SUM_FACTOR = range(7)
KINDS = {
    "add": KIND_ADD,
    "mul": KIND_MUL,
    "limit": KIND_LIMIT,
    "floor": KIND_FLOOR,
    "condition": KIND_CONDITION,
    "post": KIND_POST,
    "sum_factor": KIND_SUM_FACTOR,
}
# ---- combine modes
COMBINE_SUM, COMBINE_POW2, COMBINE_PRODUCT = range(3)
COMBINES = {"sum": COMBINE_SUM, "pow2": COMBINE_POW2, "product": COMBINE_PRODUCT}
# ---- readings (shape bits)
SHAPE_STANDARD, SHAPE_SEVEN_PAIRS, SHAPE_THIRTEEN_ORPHANS, SHAPE_THREE_WILDS = 1, 2, 4, 8
# free-form readings (hold whatever the decomposition; named as RuleSpec.win_shapes)
SHAPE_ALL_258_FREE, SHAPE_ALL_HONORS_FREE = 16, 32
SHAPE_KNITTED, SHAPE_KNITTED_HONOR_PAIR = 64, 128
SHAPE_SHISANLAN = 256
SHAPES = {
    "standard": SHAPE_STANDARD,
    "seven_pairs": SHAPE_SEVEN_PAIRS,
    "thirteen_orphans": SHAPE_THIRTEEN_ORPHANS,
    "three_wilds": SHAPE_THREE_WILDS,
    "all_258_free": SHAPE_ALL_258_FREE,
    "all_honors_free": SHAPE_ALL_HONORS_FREE,
    "knitted": SHAPE_KNITTED,
    "knitted_honor_pair": SHAPE_KNITTED_HONOR_PAIR,
    "shisanlan": SHAPE_SHISANLAN,
}
FREE_HONORS = {"any": 0, "winds": 1}
PAIR_RULES = {"any": PAIR_ANY, "258": PAIR_258, "not_28": PAIR_NOT_28}

# ---- compiled row columns (int64[R, N_COLS])
C_PAT0, C_PAT1, C_PAT2, C_MIN, C_VALUE, C_KIND, C_PER_UNIT, C_GROUP, C_SHAPES, C_QUAL = range(10)
N_COLS = 10
MAX_WHEN = 3
# ---- header (int64[N_HEADER])
H_COMBINE, H_BASE, H_CAP, H_MIN_TO_WIN, H_SHAPES, H_UNIT, H_PAIR_RULE, H_HONOR_CHOWS = range(8)
H_FREE_HONORS = 8  # 1: the all_honors_free reading takes winds only
N_HEADER = 9

ROW_KEYS = ("zh", "en", "when", "value", "kind", "per", "min", "group", "cancels", "shapes")
ROW_KEYS_ALL = (*ROW_KEYS, "qualifying")
PER = ("unit", "once")


@dataclass(frozen=True)
class FanTable:
    """A variant's fan table as plain data (see the module docstring for every field).

    Attributes:
        name: the variant id (for messages).
        rows: the rows, as dicts.
        combine: ``"sum"``, ``"pow2"`` or ``"product"``.
        unit: the name of the value's unit (``"fan"``, ``"points"``).
        base, cap, min_to_win, pow2_unit: header integers (``pow2_unit`` multiplies ``2 ** n``).
        shapes: the readings considered.
        pair_rule: ``"any"``, ``"258"`` or ``"not_28"``; honor_chows: 0, 1 (winds), 2
            (dragons), 3 (both), as :mod:`mjsim.kernels`; free_honors: ``"any"`` or
            ``"winds"``, the honours of the ``all_honors_free`` reading.
        source: where the values come from (shown in the documentation).
    """

    name: str
    rows: tuple[Mapping[str, Any], ...]
    combine: str = "sum"
    unit: str = "fan"
    base: int = 0
    cap: int = -1
    min_to_win: int = 0
    pow2_unit: int = 1
    shapes: tuple[str, ...] = ("standard",)
    pair_rule: str = "any"
    honor_chows: int = 0
    free_honors: str = "any"
    source: str = ""
    params: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class CompiledTable:
    """A validated table as arrays for the jitted code, and its row names for reports.

    ``rows``: ``int64[R, N_COLS]``; ``cancels``: ``int64[E, 3]`` rows ``(a, b, n)`` (row ``a``
    cancels ``n`` occurrences of row ``b``, -1 = all); ``header``: ``int64[N_HEADER]``;
    ``names``: ``((zh, en), ...)`` per row; ``table``: the source :class:`FanTable`.
    """

    rows: np.ndarray
    cancels: np.ndarray
    header: np.ndarray
    names: tuple[tuple[str, str], ...]
    table: FanTable


def _fail(table: str, where: str, msg: str) -> ValueError:
    return ValueError(f"fan table {table!r}, {where}: {msg}")


def _int(table: str, where: str, value: Any, lo: int, hi: int = 1 << 40) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise _fail(table, where, f"must be an integer, got {value!r}")
    if not lo <= int(value) <= hi:
        raise _fail(table, where, f"must be in {lo}..{hi}, got {value!r}")
    return int(value)


def _choice(table: str, where: str, value: Any, legal: Mapping[str, int]) -> int:
    if not isinstance(value, str) or value not in legal:
        raise _fail(table, where, f"{value!r} is not one of {sorted(legal)}")
    return legal[value]


def compile_table(table: FanTable) -> CompiledTable:
    """Validate ``table`` and compile it to arrays.

    Raises:
        ValueError: naming the table, the bad row (its position and ``zh`` name) or header
            field, and listing the legal values: an unknown row key, pattern, kind, ``per``,
            shape, combine mode or pair rule; a cancelled row that does not exist; a duplicate
            row name; a value or count out of range; an empty table.
    """
    name = table.name
    if not isinstance(table.rows, tuple | list) or not table.rows:
        raise _fail(name, "rows", "a table needs at least one row")
    combine = _choice(name, "combine", table.combine, COMBINES)
    if not isinstance(table.shapes, tuple | list) or not table.shapes:
        raise _fail(name, "shapes", f"give one or more of {sorted(SHAPES)}")
    table_shapes = 0
    for s in table.shapes:
        table_shapes |= _choice(name, "shapes", s, SHAPES)
    header = np.zeros(N_HEADER, np.int64)
    header[H_COMBINE] = combine
    header[H_BASE] = _int(name, "base", table.base, -(1 << 40))
    header[H_CAP] = _int(name, "cap", table.cap, -1)
    header[H_MIN_TO_WIN] = _int(name, "min_to_win", table.min_to_win, 0)
    header[H_SHAPES] = table_shapes
    header[H_UNIT] = _int(name, "pow2_unit", table.pow2_unit, 1)
    header[H_PAIR_RULE] = _choice(name, "pair_rule", table.pair_rule, PAIR_RULES)
    header[H_HONOR_CHOWS] = _int(name, "honor_chows", table.honor_chows, 0, 3)
    header[H_FREE_HONORS] = _choice(name, "free_honors", table.free_honors, FREE_HONORS)

    names: list[tuple[str, str]] = []
    position: dict[str, int] = {}
    for i, row in enumerate(table.rows):
        where = f"row {i}"
        if not isinstance(row, Mapping):
            raise _fail(name, where, f"a row is a dict with keys {list(ROW_KEYS_ALL)}")
        zh = row.get("zh")
        if not isinstance(zh, str) or not zh:
            raise _fail(name, where, "needs a non-empty 'zh' name")
        where = f"row {i} ({zh})"
        unknown = sorted(set(row) - set(ROW_KEYS_ALL))
        if unknown:
            raise _fail(name, where, f"unknown key(s) {unknown}; legal: {list(ROW_KEYS_ALL)}")
        if zh in position:
            raise _fail(name, where, f"duplicate row name (also row {position[zh]})")
        position[zh] = i
        en = row.get("en", zh)
        if not isinstance(en, str):
            raise _fail(name, where, f"'en' must be a string, got {en!r}")
        names.append((zh, en))

    rows = np.zeros((len(table.rows), N_COLS), np.int64)
    cancels: list[tuple[int, int, int]] = []
    for i, row in enumerate(table.rows):
        where = f"row {i} ({row['zh']})"
        when = row.get("when")
        keys = (when,) if isinstance(when, str) else when
        if not isinstance(keys, tuple | list) or not 1 <= len(keys) <= MAX_WHEN:
            raise _fail(
                name, where, f"'when' must be a pattern key or 1-{MAX_WHEN} keys, got {when!r}"
            )
        rows[i, C_PAT0 : C_PAT0 + MAX_WHEN] = -1
        for j, key in enumerate(keys):
            if not isinstance(key, str) or key not in INDEX:
                raise _fail(
                    name, where, f"unknown pattern {key!r}; known patterns: {', '.join(INDEX)}"
                )
            rows[i, C_PAT0 + j] = INDEX[key]
        if "value" not in row:
            raise _fail(name, where, "needs a 'value'")
        kind = _choice(name, f"{where} kind", row.get("kind", "add"), KINDS)
        if kind == KIND_SUM_FACTOR and combine != COMBINE_PRODUCT:
            raise _fail(name, f"{where} kind", "'sum_factor' rows need combine='product'")
        lo = 1 if kind == KIND_MUL else -(1 << 40)
        rows[i, C_VALUE] = _int(name, f"{where} value", row["value"], lo)
        rows[i, C_KIND] = kind
        per = row.get("per", "unit")
        if per not in PER:
            raise _fail(name, f"{where} per", f"{per!r} is not one of {list(PER)}")
        rows[i, C_PER_UNIT] = 1 if per == "unit" else 0
        rows[i, C_MIN] = _int(name, f"{where} min", row.get("min", 1), 1)
        group = row.get("group")
        if group is not None and (not isinstance(group, str) or not group):
            raise _fail(name, f"{where} group", f"must be a non-empty string, got {group!r}")
        rows[i, C_QUAL] = 1 if row.get("qualifying", True) else 0
        shapes = row.get("shapes")
        if shapes is None:
            rows[i, C_SHAPES] = table_shapes
        else:
            if not isinstance(shapes, str | tuple | list):
                raise _fail(name, f"{where} shapes", f"give one or more of {sorted(SHAPES)}")
            bits = 0
            for s in (shapes,) if isinstance(shapes, str) else shapes:
                bits |= _choice(name, f"{where} shapes", s, SHAPES)
            rows[i, C_SHAPES] = bits
        cancel_list = row.get("cancels", ())
        if not isinstance(cancel_list, tuple | list):
            raise _fail(
                name, f"{where} cancels", f"give row names or (name, n) pairs, not {cancel_list!r}"
            )
        for c in cancel_list:
            if isinstance(c, str):
                target, n = c, -1
            elif isinstance(c, tuple | list) and len(c) == 2:
                target, n = c
            else:
                raise _fail(name, f"{where} cancels", f"{c!r} is neither a row name nor (name, n)")
            if not isinstance(target, str) or target not in position:
                raise _fail(
                    name,
                    f"{where} cancels",
                    f"no row named {target!r}; rows: {', '.join(position)}",
                )
            n = -1 if n == -1 else _int(name, f"{where} cancels {target}", n, 1)
            cancels.append((i, position[target], n))
    groups: dict[str, int] = {}
    for i, row in enumerate(table.rows):
        g = row.get("group")
        if g is not None:
            rows[i, C_GROUP] = groups.setdefault(g, len(groups) + 1)
    cancel_arr = np.array(cancels, np.int64).reshape(-1, 3)
    return CompiledTable(rows, cancel_arr, header, tuple(names), table)


def table_params(name: str, defaults: Mapping[str, int], overrides: Mapping[str, Any]) -> dict:
    """Merge a table builder's named parameters: ``defaults`` updated by ``overrides``.

    Raises ``ValueError`` naming an unknown parameter (listing the known ones) or a value of the
    wrong type (each default's type is the parameter's type: int, bool or str).
    """
    out = dict(defaults)
    for key, value in overrides.items():
        if key not in defaults:
            raise ValueError(
                f"fan table {name!r}: unknown parameter {key!r}; parameters: {sorted(defaults)}"
            )
        want = type(defaults[key])
        if want is int and (isinstance(value, bool) or not isinstance(value, int | np.integer)):
            raise ValueError(f"fan table {name!r}: {key} must be an integer, got {value!r}")
        if want is bool and not isinstance(value, bool | np.bool_):
            raise ValueError(f"fan table {name!r}: {key} must be True or False, got {value!r}")
        if want is str and not isinstance(value, str):
            raise ValueError(f"fan table {name!r}: {key} must be a string, got {value!r}")
        out[key] = want(value)
    return out


# ---------------------------------------------------------------------------------------------
# the jitted evaluator
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _combine(rows, header, applied, qual_only):
    """(value, uncapped) of the applied rows (limit rows already handled by the caller)."""
    add = 0
    mul = 1
    fsum = 0
    for r in range(rows.shape[0]):
        n = applied[r]
        if n <= 0 or (qual_only and rows[r, C_QUAL] == 0):
            continue
        k = rows[r, C_KIND]
        if k == KIND_ADD:
            add += rows[r, C_VALUE] * n
        elif k == KIND_MUL:
            for _ in range(n):
                mul *= rows[r, C_VALUE]
        elif k == KIND_SUM_FACTOR:
            fsum += rows[r, C_VALUE] * n
    if fsum > 0:
        mul *= fsum
    s = header[H_BASE] + add
    mode = header[H_COMBINE]
    if mode == COMBINE_PRODUCT:
        s *= mul
    uncapped = s
    cap = header[H_CAP]
    if cap >= 0 and s > cap:
        s = cap
    for r in range(rows.shape[0]):
        if applied[r] > 0 and rows[r, C_KIND] == KIND_FLOOR:
            if not (qual_only and rows[r, C_QUAL] == 0) and s < rows[r, C_VALUE]:
                s = rows[r, C_VALUE]
    if mode == COMBINE_POW2:
        s = header[H_UNIT] << s
    post = 0
    for r in range(rows.shape[0]):
        n = applied[r]
        if n > 0 and rows[r, C_KIND] == KIND_POST and not (qual_only and rows[r, C_QUAL] == 0):
            post += rows[r, C_VALUE] * n
    return s + post, uncapped + post


@njit(cache=True)
def evaluate(counts, shape, rows, cancels, header, applied):
    """Evaluate a compiled fan table on one reading's pattern counts.

    Args:
        counts: ``int64[N_PATTERNS]`` pattern counts of the reading (:mod:`~.patterns` order).
        shape: the reading's shape bit (``SHAPE_STANDARD``, ``SHAPE_SEVEN_PAIRS``,
            ``SHAPE_THIRTEEN_ORPHANS``).
        rows, cancels, header: a :class:`CompiledTable`'s arrays.
        applied: ``int64[R]`` out: how many times each row counts (0 = not at all).

    Returns:
        ``(value, uncapped, qualifying, limit)``: the hand value in the table's unit, the value
        before the cap (for choosing between readings of equal capped value), the value of the
        qualifying rows only (compared with ``min_to_win``), and whether a limit row is the
        value (a limit hand is preferred to an ordinary hand of equal value).
    """
    n_rows = rows.shape[0]
    for r in range(n_rows):
        applied[r] = 0
        if (rows[r, C_SHAPES] & shape) == 0:
            continue
        n = 1 << 30
        for j in range(MAX_WHEN):
            p = rows[r, C_PAT0 + j]
            if p >= 0 and counts[p] < n:
                n = counts[p]
        if n < rows[r, C_MIN]:
            continue
        applied[r] = n if rows[r, C_PER_UNIT] != 0 else 1
    for e in range(cancels.shape[0]):
        a = cancels[e, 0]
        b = cancels[e, 1]
        if applied[a] > 0:
            if cancels[e, 2] < 0:
                applied[b] = 0
            else:
                applied[b] = max(0, applied[b] - cancels[e, 2])
    # groups: keep the best row of each group (value x count; the earlier row on a tie)
    for r in range(n_rows):
        g = rows[r, C_GROUP]
        if g == 0 or applied[r] == 0:
            continue
        mine = rows[r, C_VALUE] * applied[r]
        for r2 in range(n_rows):
            if r2 == r or rows[r2, C_GROUP] != g or applied[r2] == 0:
                continue
            other = rows[r2, C_VALUE] * applied[r2]
            if other > mine or (other == mine and r2 < r):
                applied[r] = 0
                break
    # limit hands: the best single one is the value
    best = -1
    for r in range(n_rows):
        if applied[r] > 0 and rows[r, C_KIND] == KIND_LIMIT:
            if best < 0 or rows[r, C_VALUE] > rows[best, C_VALUE]:
                best = r
    if best >= 0:
        for r in range(n_rows):
            if r != best:
                applied[r] = 0
        applied[best] = 1
        v = rows[best, C_VALUE]
        if header[H_COMBINE] == COMBINE_POW2:
            v = header[H_UNIT] << v
        q = v if rows[best, C_QUAL] != 0 else 0
        return v, v, q, True
    value, uncapped = _combine(rows, header, applied, False)
    qualifying, _u = _combine(rows, header, applied, True)
    return value, uncapped, qualifying, False


__all__ = [
    "FanTable",
    "CompiledTable",
    "compile_table",
    "evaluate",
    "table_params",
    "KINDS",
    "COMBINES",
    "SHAPES",
]
