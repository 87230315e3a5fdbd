"""A spec's canonical name: its variant id and the overrides that make it from the variant.

``variant_label(spec)`` is ``"changsha(birds=2)"``, ``"hebei(allow_chow=true,
min_fan=8)"`` or just ``"hebei"``: the fields that differ from the registered variant
``spec.name`` (from the ``RuleSpec`` defaults for a name that is not registered), in field
order, values written as ``--set`` takes them. :func:`spec_from_label` reads one back. Records
carry the label beside the full spec, so a hand names its rules the way a person would type
them.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from mjsim.rules.spec import RuleSpec

_LABEL = re.compile(r"^\s*([A-Za-z_][\w]*)\s*(?:\((.*)\))?\s*$", re.S)


def _value_text(v: Any) -> str:
    """A field value as ``--set`` takes it: ``true``, ``8``, ``standard,seven_pairs``, ``none``."""
    if isinstance(v, bool):
        return str(v).lower()
    if v is None:
        return "none"
    if isinstance(v, tuple | list):
        return ",".join(_value_text(x) for x in v)
    return str(v)


def _base(name: str) -> RuleSpec:
    from mjsim import variants

    if variants.module(name) is not None:
        return variants.get(name)
    return RuleSpec(name=name)


def spec_overrides(spec: RuleSpec) -> dict[str, Any]:
    """The fields of ``spec`` that differ from its variant ``spec.name`` (from the ``RuleSpec``
    defaults when that name is not registered), in field order."""
    base = _base(spec.name)
    return {
        f.name: getattr(spec, f.name)
        for f in dataclasses.fields(RuleSpec)
        if f.name not in ("name", "extra") and getattr(spec, f.name) != getattr(base, f.name)
    }


def variant_label(spec: RuleSpec) -> str:
    """The canonical name of ``spec``: ``"changsha(birds=2)"``; ``"hebei"`` for the
    registered variant unchanged. Equal specs get equal labels."""
    diff = spec_overrides(spec)
    if not diff:
        return spec.name
    return f"{spec.name}(" + ", ".join(f"{k}={_value_text(v)}" for k, v in diff.items()) + ")"


def spec_from_label(label: str) -> RuleSpec:
    """The spec a :func:`variant_label` names: ``mjsim.variants.get(id, **overrides)``.

    Raises ``ValueError`` for text that is not ``id`` or ``id(field=value, ...)``, naming it,
    and as :func:`mjsim.variants.get` does for an unknown id, field or value."""
    from mjsim import variants

    m = _LABEL.match(label) if isinstance(label, str) else None
    if m is None:
        raise ValueError(
            f"variant label {label!r} is not 'id' or 'id(field=value, ...)' "
            "(e.g. 'changsha(birds=2)')"
        )
    name, inner = m.group(1), m.group(2)
    overrides: dict[str, Any] = {}
    for part in (inner or "").split(", "):
        if not part.strip():
            continue
        key, val = variants.parse_override(part)
        overrides[key] = val
    return variants.get(name, **overrides)
