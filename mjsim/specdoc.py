"""The documentation of the :class:`~mjsim.rules.RuleSpec` fields, as data.

Each RuleSpec field carries its documentation in its ``dataclasses.field`` metadata (topic,
meaning, allowed values, the rule sets that play a value); this module reads it for the command
line (``mjsim variants --show ID``) and for the generated field reference of the docs
(``docs/reference/rulespec.md``)::

    from mjsim import specdoc, variants

    specdoc.field_doc("allow_chow").doc  # 'A seat may claim a discard to complete a sequence ...'
    specdoc.differences(variants.get("sichuan"))  # the fields that differ from the defaults

Plain Python: nothing here is compiled.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any, NamedTuple

from mjsim import _text
from mjsim.rules.spec import FIELD_GROUPS, RuleSpec


class FieldDoc(NamedTuple):
    """The documentation of one RuleSpec field."""

    name: str  #: field name, as ``--set`` takes it
    group: str  #: topic, a key of :data:`mjsim.rules.spec.FIELD_GROUPS`
    type: str  #: "bool", "int", "str", "tuple of int", "tuple of str", ...
    default: Any  #: the RuleSpec default
    values: str  #: the allowed values, in short
    choices: tuple[str, ...]  #: the accepted strings of an enumerated field (else empty)
    doc: str  #: what the field means
    source: str  #: the rule sets that play a value, with brief quotes (may be empty)


def _type_label(tp: Any) -> str:
    if tp is bool:
        return "bool"
    if tp is int:
        return "int"
    if tp is str:
        return "str"
    origin = typing.get_origin(tp)
    if origin is tuple:
        return f"tuple of {_type_label(typing.get_args(tp)[0])}"
    if origin is dict:
        return "dict"
    args = [a for a in typing.get_args(tp) if a is not type(None)]
    if args and len(args) < len(typing.get_args(tp)):
        return f"{_type_label(args[0])} or none"
    return str(tp)


def _default(f: dataclasses.Field) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return None


_DOCS: dict[str, FieldDoc] = {}


def field_docs() -> dict[str, FieldDoc]:
    """Every RuleSpec field (``extra`` included) -> its :class:`FieldDoc`, in declaration order."""
    if not _DOCS:
        hints = typing.get_type_hints(RuleSpec)
        for f in dataclasses.fields(RuleSpec):
            m = f.metadata
            tp = hints[f.name]
            values = m.get("values", "") or ("true or false" if tp is bool else "")
            _DOCS[f.name] = FieldDoc(
                name=f.name,
                group=m.get("group", ""),
                type=_type_label(tp),
                default=_default(f),
                values=values,
                choices=tuple(m.get("choices", ())),
                doc=m.get("doc", ""),
                source=m.get("source", ""),
            )
    return _DOCS


def field_doc(name: str) -> FieldDoc:
    """The documentation of the field ``name`` (``ValueError`` listing the fields if unknown)."""
    docs = field_docs()
    if name not in docs:
        raise ValueError(f"unknown RuleSpec field {name!r}; valid fields: {', '.join(docs)}")
    return docs[name]


def by_group(names: typing.Iterable[str] | None = None) -> dict[str, list[FieldDoc]]:
    """The fields (all, or those in ``names``) by topic: title of :data:`FIELD_GROUPS` -> fields
    in declaration order; topics in the order of play, empty topics left out."""
    docs = field_docs()
    keep = set(docs) if names is None else set(names)
    out: dict[str, list[FieldDoc]] = {}
    for key, title in FIELD_GROUPS.items():
        fields = [d for d in docs.values() if d.group == key and d.name in keep]
        if fields:
            out[title] = fields
    return out


def format_value(value: Any) -> str:
    """A field value as ``--set`` takes it: ``true``/``false``, ``none``, tuples comma-separated
    (``()`` for an empty one), strings and integers as they are."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, list | tuple):
        return ",".join(format_value(v) for v in value) if value else "()"
    if isinstance(value, dict):
        return "{}" if not value else repr(value)
    return str(value)


def differences(spec: RuleSpec, base: RuleSpec | None = None) -> list[tuple[str, Any, Any]]:
    """``(field, value, default)`` for every field (``name`` and ``extra`` excluded) where
    ``spec`` differs from ``base`` (default: ``RuleSpec()``), in declaration order."""
    base = RuleSpec() if base is None else base
    out = []
    for name in field_docs():
        if name in ("name", "extra"):
            continue
        v, d = getattr(spec, name), getattr(base, name)
        if v != d:
            out.append((name, v, d))
    return out


def display_width(text: str) -> int:
    """Columns ``text`` takes in a terminal: 2 for East Asian wide and fullwidth characters
    (汉字, fullwidth punctuation), 0 for combining marks, else 1 (:func:`mjsim._text.width`, the
    one measure every table of the command line uses)."""
    return _text.width(text)


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal columns (see :func:`display_width`)."""
    return _text.ljust(text, width)


def wrap(text: str, width: int, indent: str = "", first: str | None = None) -> list[str]:
    """Greedy word wrap measured in terminal columns (CJK counts double): lines of at most
    ``width`` columns where the words allow, the first prefixed by ``first`` (default
    ``indent``), the others by ``indent``."""
    lines: list[str] = []
    prefix = indent if first is None else first
    line = prefix
    empty = True
    for word in text.split():
        add = word if empty else " " + word
        if not empty and display_width(line + add) > width:
            lines.append(line)
            line, add = indent, word
        line += add
        empty = False
    lines.append(line)
    return lines


__all__ = [
    "FieldDoc",
    "by_group",
    "differences",
    "display_width",
    "field_doc",
    "field_docs",
    "format_value",
    "pad",
    "wrap",
]
