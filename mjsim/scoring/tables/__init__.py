"""The fan tables of the table-driven variants, as data (:mod:`mjsim.scoring.fan_table`).

One module per scoring family; each has ``PARAMS`` (its named parameters and their defaults),
``table(**params) -> FanTable`` and ``payment(**params) -> PaymentRecord``
(:mod:`mjsim.scoring.payments`). :func:`get` builds, validates and compiles a variant's table,
:func:`compiled_payment` its payment record. Plain Python: nothing here is compiled, and a new table adds no jitted code.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any

import numpy as np

from mjsim.rules.spec import register_fan_table
from mjsim.scoring.fan_table import CompiledTable, FanTable, compile_table
from mjsim.scoring.payments import PaymentRecord, compile_record

#: variant id -> module of its table (the three Sichuan ids share one table)
MODULES = {
    "hebei": "mjsim.scoring.tables.hebei",
    "hebei_basic": "mjsim.scoring.tables.hebei_basic",
    "sichuan": "mjsim.scoring.tables.sichuan",
    "chengdu": "mjsim.scoring.tables.sichuan",
    "sichuan_xuezhan": "mjsim.scoring.tables.sichuan",
    "guangdong_jipinghu": "mjsim.scoring.tables.guangdong_jipinghu",
    "tianjin": "mjsim.scoring.tables.tianjin",
    "jinan_baike": "mjsim.scoring.tables.jinan_baike",
    "taiyuan": "mjsim.scoring.tables.taiyuan",
    "guangdong_tuidaohu": "mjsim.scoring.tables.guangdong_tuidaohu",
    "ningbo": "mjsim.scoring.tables.ningbo",
    "hangzhou": "mjsim.scoring.tables.hangzhou",
    "yantai": "mjsim.scoring.tables.yantai",
    "weihai": "mjsim.scoring.tables.weihai",
    "rizhao": "mjsim.scoring.tables.rizhao",
    "common_fan": "mjsim.scoring.tables.common_fan",
    "wenzhou": "mjsim.scoring.tables.wenzhou",
    "fujian_baida": "mjsim.scoring.tables.fujian_baida",
    "fuzhou": "mjsim.scoring.tables.fuzhou",
    "anqing": "mjsim.scoring.tables.anqing",
    "wuhan": "mjsim.scoring.tables.wuhan",
    "yingkou": "mjsim.scoring.tables.yingkou",
    "nanchang": "mjsim.scoring.tables.nanchang",
    "jiangnan": "mjsim.scoring.tables.jiangnan",
    "beijing": "mjsim.scoring.tables.beijing",
    "jinan": "mjsim.scoring.tables.jinan",
}


#: tables of hands dealt 16 tiles (five sets and a pair): the tiles of a complete hand that
#: :func:`mjsim.score` takes (each meld counted as 3); every other table: 14. The registered
#: rule sets' ``hand_size`` agrees (tests/test_table_hand_facts.py).
WIN_SIZE: dict[str, int] = {"wenzhou": 17, "fuzhou": 17, "jiangnan": 13}
#: tables whose rule sets let a tile stand in for the wild kind (``RuleSpec.wild_stand_in``:
#: 白板 plays as a natural copy of the wild kind), the stand-in kind; the registered rule sets'
#: ``wild_stand_in`` agrees (tests/test_table_hand_facts.py).
STAND_IN: dict[str, int] = {"wenzhou": 31, "fujian_baida": 31, "anqing": 33}
#: tables whose rule sets play the treasure wild 宝 (``RuleSpec.wild_rule="treasure"``): only
#: these take a 宝 win (:func:`mjsim.scoring.table_score.score_win`'s ``treasure_win``).
TREASURE: set[str] = set()
#: tables whose rule sets give every seat imagined wild tiles (``RuleSpec.imagined_wild``, 心皇:
#: a joker of every win held by no tile), their number: a complete hand that :func:`mjsim.score`
#: takes has that many tiles fewer (:data:`WIN_SIZE`)
IMAGINED_WILD: dict[str, int] = {"jiangnan": 1}


def names() -> list[str]:
    """The variant ids that have a fan table."""
    return sorted(MODULES)


def parameters(variant: str) -> dict[str, Any]:
    """The named parameters of the fan table of ``variant`` and their defaults (its ``PARAMS``).

    Raises ``ValueError`` for a variant without a table (listing those with one)."""
    if variant not in MODULES:
        raise ValueError(f"no fan table for {variant!r}; tables: {', '.join(names())}")
    return dict(importlib.import_module(MODULES[variant]).PARAMS)


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


def payment(variant: str, **params: Any) -> PaymentRecord:
    """The payment record of ``variant`` under the table's parameters ``params`` (and the
    record's own, e.g. Sichuan ``base``). Raises ``ValueError`` as :func:`table`."""
    if variant not in MODULES:
        raise ValueError(f"no fan table for {variant!r}; tables: {', '.join(names())}")
    return importlib.import_module(MODULES[variant]).payment(variant, **params)


def compiled_payment(variant: str, **params: Any) -> np.ndarray:
    """The compiled payment record of ``variant`` (:func:`mjsim.scoring.payments.pay`)."""
    return compile_record(payment(variant, **params))


#: ``RuleSpec.score_values`` positions of each table's parameters, ``(index, name)``, in the
#: scoring family's layout (which the rules validate): a spec's values are the table's named
#: parameters, so a study that changes ``score_values`` changes the table
SCORE_VALUE_PARAMS: dict[str, tuple[tuple[int, str], ...]] = {
    "hebei": ((0, "base"), (1, "self_draw_mult"), (2, "all_pungs_mult"),
              (3, "seven_pairs_mult"), (4, "thirteen_orphans_mult")),
    "guangdong_jipinghu": ((0, "cap"), (1, "seven_pairs"), (2, "additive"),
                           (3, "opening_floor")),
    "tianjin": ((0, "tiliu_kong_bloom"), (3, "heavenly_mult")),
    "sichuan": ((0, "cap"), (1, "self_draw_bonus"), (3, "golden_hook"), (7, "seven_pairs")),
    "hebei_basic": ((0, "stake"),),
    "jinan_baike": ((0, "mingda_self_draw"), (1, "discard_everyone"), (2, "dealer_mult")),
    "taiyuan": ((0, "discard_everyone"), (1, "dealer_bonus"), (2, "unready_bonus"),
                (3, "unique_wait"), (4, "pure_straight")),
    "guangdong_tuidaohu": ((0, "big_hands"), (1, "no_wild"), (2, "kong_bloom")),
    "ningbo": ((0, "min_tai"), (1, "all_flowers")),
    "hangzhou": ((0, "seven_pairs"), (1, "piao")),
    "yantai": ((0, "dealer_bonus"), (1, "shown_ready"), (2, "hidden_ready")),
    "weihai": ((0, "dealer_mult"),),
    "rizhao": ((0, "unit"),),
    "common_fan": ((0, "unit"), (1, "concealed"), (2, "missing_suit"), (3, "single_wait"),
                   (4, "all_simples"), (5, "five_pair"), (6, "no_honors")),
    "wenzhou": ((0, "repeat_base"), (1, "no_wild")),
    "fujian_baida": ((0, "seven_pairs"), (1, "no_wild")),
    "fuzhou": ((0, "base"), (1, "discard_everyone")),
    "anqing": ((0, "fa_unit"), (1, "no_wild")),
    "wuhan": ((0, "big_base"), (1, "open_each"), (2, "hard_win"), (3, "qihu"),
              (4, "payer_cap"), (5, "golden"), (6, "open_from"), (7, "dealer_small")),
    "yingkou": ((0, "cap"), (1, "no_wild"), (2, "discarder_mult")),
    "nanchang": ((0, "seed_de_seven_pairs"), (1, "de_bonus")),
    "jiangnan": ((0, "seven_pairs"),),
    "beijing": ((0, "cap"), (1, "payer_cap")),
    "jinan": ((0, "di"), (1, "shown_ready")),
}  # fmt: skip
for _id in ("chengdu", "sichuan_xuezhan"):
    SCORE_VALUE_PARAMS[_id] = SCORE_VALUE_PARAMS["sichuan"]
#: ``score_values`` positions of the payment records' own parameters, ``(index, name)``
SCORE_VALUE_PAYMENT_PARAMS: dict[str, tuple[tuple[int, str], ...]] = {
    "sichuan": ((8, "base"),),
    "chengdu": ((8, "base"),),
    "sichuan_xuezhan": ((8, "base"),),
}


#: table parameters that follow a RuleSpec field in play, ``(field, parameter)``: the spec's
#: value is the parameter's (rizhao's 风一色 is the winds only or every honour as the spec's
#: ``free_honors`` lets the engine accept the free-form win)
SPEC_FIELD_PARAMS: dict[str, tuple[tuple[str, str], ...]] = {
    "rizhao": (("free_honors", "wind_hand"),),
}


def spec_params(variant: str, score_values: tuple[int, ...]) -> dict[str, Any]:
    """The named parameters of the fan table ``variant`` read from a spec's ``score_values``
    (:data:`SCORE_VALUE_PARAMS`; a parameter of type bool is ``value != 0``; one of type str is
    the value-th entry of the table module's ``CHOICES[name]``, e.g. Sichuan's
    ``self_draw_bonus``: 0 = ``"base"`` 自摸加底, 1 = ``"fan"`` 自摸加番).

    Raises ``ValueError`` naming the parameter when a choice's index is out of range."""
    module = importlib.import_module(MODULES[variant])
    defaults = module.PARAMS
    out: dict[str, Any] = {}
    for i, key in SCORE_VALUE_PARAMS.get(variant, ()):
        if i < len(score_values):
            v = int(score_values[i])
            if isinstance(defaults[key], bool):
                out[key] = v != 0
            elif isinstance(defaults[key], str):
                choices = module.CHOICES[key]
                if not 0 <= v < len(choices):
                    raise ValueError(
                        f"fan table {variant!r}: score_values[{i}]={v} ({key}) must be one of "
                        + ", ".join(f"{j} ({c})" for j, c in enumerate(choices))
                    )
                out[key] = choices[v]
            else:
                out[key] = v
    return out


def spec_payment_params(variant: str, score_values: tuple[int, ...]) -> dict[str, Any]:
    """The payment record's own parameters of ``variant`` read from a spec's ``score_values``
    (:data:`SCORE_VALUE_PAYMENT_PARAMS`, e.g. Sichuan's base score b)."""
    return {
        key: int(score_values[i])
        for i, key in SCORE_VALUE_PAYMENT_PARAMS.get(variant, ())
        if i < len(score_values)
    }


def compile_for_spec(spec: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The arrays of ``spec``'s fan table for :class:`mjsim.rules.CompiledRules`: ``(rows
    int64[R, 10], cancels int64[E, 3], header int64[9], record int64[9])``, the table's
    parameters taken from ``spec.score_values`` (:data:`SCORE_VALUE_PARAMS`).

    Raises ``ValueError`` (naming the parameter) when a value is out of the table's range.
    """
    name = spec.effective_fan_table()
    values = tuple(spec.score_values)
    params = spec_params(name, values)
    for fld, key in SPEC_FIELD_PARAMS.get(name, ()):
        params[key] = getattr(spec, fld)
    compiled = get(name, **params)
    record = compiled_payment(name, **params, **spec_payment_params(name, values))
    return compiled.rows, compiled.cancels, compiled.header, record


def unread_wins(spec: Any) -> list[str]:
    """The wins ``spec`` allows that its fan table has no reading for: a ``win_shapes`` entry
    that is not one of the table's ``shapes`` (``knitted_straight`` is never one),
    ``three_wild_win`` (三金倒) without the ``three_wilds`` reading, ``flower_instant_win``
    (八花齐, which no table reads). The engine would let such a hand win and the table could not
    value it (a check run shows it as ``unscored_win``). Empty for a spec without a fan table.

    Each entry names the field and the shape, e.g. ``"win_shapes: 'knitted'"``."""
    name = spec.effective_fan_table()
    if not name:
        return []
    readings = set(table(name).shapes)
    out = [f"win_shapes: {s!r}" for s in spec.win_shapes if s not in readings]
    if spec.three_wild_win and "three_wilds" not in readings:
        out.append("three_wild_win: 'three_wilds' (三金倒)")
    if spec.flower_instant_win:
        out.append(f"flower_instant_win: {spec.flower_instant_win} (八花齐)")
    return out


def check_readings(variant: str, spec: Any) -> None:
    """Raise ``ValueError`` when the rule set ``spec`` registered as ``variant`` allows a win
    its fan table cannot value (:func:`unread_wins`), naming the win, the table and its
    readings. :func:`mjsim.variants.get` applies it to every registered variant's ``SPEC``; a spec
    built with overrides is not checked (an experiment may allow a shape the table does not
    read: its wins show as ``unscored_win``)."""
    unread = unread_wins(spec)
    if unread:
        name = spec.effective_fan_table()
        raise ValueError(
            f"variant {variant!r}: its rule set allows {', '.join(unread)} but fan table "
            f"{name!r} has no reading for it (readings: {', '.join(table(name).shapes)}); "
            "add the reading to the table or drop the win from the rule set"
        )


def _cell(value: Any) -> str:
    if value is None or value == () or value == "":
        return ""
    if isinstance(value, tuple | list):
        return ", ".join(
            f"{v[0]} ×{v[1]}" if isinstance(v, tuple | list) else str(v) for v in value
        )
    return str(value)


def record_text(rec: PaymentRecord) -> str:
    """Who pays a win under ``rec``, in words (the fan-table page, ``mjsim variants --show``)."""
    share = f"{rec.unit} × 2^value" if rec.amount == "pow2" else f"{rec.unit} × value"
    parts = [f"a share is {share}"]
    if rec.discard == "discarder":
        parts.append("the discarder pays a discard win")
    else:
        parts.append(f"every seat pays a discard win, the discarder {rec.discarder_mult} shares")
    if rec.self_draw == "each":
        extra = f" plus {rec.self_draw_extra} × {rec.unit}" if rec.self_draw_extra else ""
        parts.append(f"each seat still in pays a self-draw{extra}")
    else:
        parts.append("nobody pays a self-draw")
    if rec.dealer_mult != 1:
        parts.append(
            f"the dealer's shares × {rec.dealer_mult}"
            + (f" (when row {rec.dealer_row} counts)" if rec.dealer_row >= 0 else "")
        )
    if rec.liability == "pays_all":
        parts.append("a liable seat (包) pays every share of a self-draw")
    if rec.rob_kong == "self_draw_by_robbed":
        parts.append("a robbed kong is a self-draw the robbed seat pays in full")
    if rec.dealer_add or rec.dealer_add_self_draw:
        parts.append(
            f"a share in a pair with the dealer + {rec.dealer_add} × {rec.unit} "
            f"(+ {rec.dealer_add_self_draw} × {rec.unit} on a self-draw)"
        )
    if rec.per_payer():
        opens = {
            "none": "",
            "once": "once if it has opened (开口翻)",
            "each": "once per claimed meld (口口翻)",
            "fed_once": "once if it fed one of the winner's claimed melds (开口翻)",
            "fed_each": "once per claimed meld of the winner it fed (口口翻)",
        }[rec.payer_open]
        kongs = ", ".join(
            f"{n} time{'s' if n > 1 else ''} per {what}"
            for n, what in (
                (rec.payer_exposed_kong, "exposed kong"),
                (rec.payer_concealed_kong, "concealed kong"),
                (rec.payer_kong_tile, "kong-only tile set aside"),
                (rec.payer_wild_kong, "wild set aside"),
            )
            if n
        )
        parts.append(
            "each payer's share is doubled by "
            + (
                "the melds it fed and its own: "
                if rec.payer_open.startswith("fed")
                else "its own melds: "
            )
            + ", ".join(x for x in (opens, kongs) if x)
        )
    if rec.payer_cap:
        gold = f", {rec.all_capped} when every payer reaches it (金顶)" if rec.all_capped else ""
        parts.append(f"a share is at most {rec.payer_cap}{gold}")
    if rec.unready_discarder_add:
        parts.append(f"a discarder not ready pays {rec.unready_discarder_add} × {rec.unit} more")
    if rec.bonus_add:
        parts.append(
            f"when row {rec.bonus_row} counts, every payer of a self-draw and the discarder of "
            f"a discard win pay {rec.bonus_add} × {rec.unit} more, after the multipliers"
        )
    if rec.pair_units:
        a, b, c, d, e, f = (u * rec.unit for u in rec.pair_units)
        parts.append(
            f"the unit per payer: {a} between non-dealers on a discard, {b} when the dealer wins "
            f"on a discard, {c} when the dealer deals in, {d} from a non-dealer and {e} from "
            f"the dealer on a non-dealer's self-draw, {f} from each on the dealer's self-draw"
        )
    if rec.winner_kongs:
        c, e, a = rec.winner_kongs
        parts.append(
            f"the winner's kongs only: a concealed kong {c} from each, an exposed kong {e} from "
            f"its discarder, an added kong {a} from the seat whose discard was punged"
        )
    if rec.shown_discarder_mult != 1:
        parts.append(f"a discarder with a shown ready pays × {rec.shown_discarder_mult}")
    if rec.chow_liability:
        parts.append(
            f"承包: after {rec.chow_liability} chows from one seat, that seat alone pays the "
            "winner's discard wins, one share per other seat"
        )
    return "; ".join(parts)


def tables_page() -> str:
    """The Markdown page ``docs/reference/fan_tables.md``: every fan table with its defaults."""
    out = [
        "# Fan tables",
        "",
        "<!-- generated by python -m mjsim.docs_gen from mjsim/scoring/tables/; do not edit -->",
        "",
        "The scoring of the table-driven families as data (`mjsim.scoring.tables`), with their "
        "default parameters. A row values a pattern of the [pattern vocabulary](patterns.md) "
        "(several patterns: all must hold); how rows combine is described in "
        "`mjsim.scoring.fan_table`. Each table has been checked against the family's "
        "hand-written scorer over 100,000 random winning hands per parameter set with no "
        "difference (`python benchmarks/differential_tables.py --options`).",
        "",
    ]
    seen: set[str] = set()
    for variant in names():
        module = MODULES[variant]
        if module in seen:
            continue
        seen.add(module)
        ids = [v for v in names() if MODULES[v] == module]
        t = table(variant)
        out += [f"## {', '.join(f'`{v}`' for v in ids)}", ""]
        params = ", ".join(f"`{k}={v!r}`" for k, v in t.params.items())
        cap = "none" if t.cap < 0 else str(t.cap)
        out += [
            f"Combine: **{t.combine}**, unit {t.unit}, base {t.base}, cap {cap}, "
            f"minimum to win {t.min_to_win}; readings: {', '.join(t.shapes)}. "
            f"Parameters: {params}. Source: {t.source}.",
            "",
            f"Payments: {record_text(payment(variant))}.",
            "",
            "| 中文 | English | when | kind | value | per | group | cancels | shapes |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for r in t.rows:
            when = r["when"] if isinstance(r["when"], str) else " + ".join(r["when"])
            out.append(
                f"| {r['zh']} | {r.get('en', '')} | `{when}` | {r.get('kind', 'add')} | "
                f"{r['value']} | {r.get('per', 'unit')} | {_cell(r.get('group'))} | "
                f"{_cell(r.get('cancels'))} | {_cell(r.get('shapes'))} |"
            )
        out.append("")
    return "\n".join(out)


for _name in MODULES:
    register_fan_table(_name, compile_for_spec)
