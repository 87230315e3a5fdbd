"""A spec's canonical name: its variant id and the overrides that make it from the variant.

``variant_label(spec)`` is ``"changsha(allow_chow=false)"``, ``"hebei(allow_chow=true,
min_fan=8)"`` or just ``"hebei"``: the fewest overrides that make the spec from the registered
variant ``spec.name`` (from the ``RuleSpec`` defaults for a name that is not registered), in
field order, values written as ``--set`` takes them; a qualifier that follows the field it
qualifies is left out. :func:`spec_from_label` reads one back. Hand records and result files
(:mod:`mjsim.results`) carry the label beside the full spec, so a hand or a run names its rules
the way a person would type them.
"""

from __future__ import annotations

import re
from typing import Any

from mjsim.rules.spec import QUALIFIERS, RuleSpec, field_names

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


def _base_spec(variant_id: str) -> RuleSpec:
    from mjsim import variants

    if variants.module(variant_id) is not None:
        return variants.get(variant_id)
    return RuleSpec(name=variant_id)


def spec_overrides(spec: RuleSpec, variant_id: str | None = None) -> dict[str, Any]:
    """The fewest overrides that make ``spec`` from its variant (``variant_id``, default
    ``spec.name``; an id that is not registered: from the RuleSpec defaults): every field that
    differs, in declaration order, less the qualifiers that follow the others
    (``{"allow_chow": False}`` for changsha without chows, not also ``chow_left_only``)."""
    vid = variant_id or spec.name
    base = _base_spec(vid)
    diff = {
        f: getattr(spec, f)
        for f in field_names()
        if f != "name" and getattr(spec, f) != getattr(base, f)
    }
    for q in [q for q in QUALIFIERS if q in diff]:
        rest = {k: v for k, v in diff.items() if k != q}
        try:
            if getattr(base.replace(**rest), q) == diff[q]:
                diff = rest
        except ValueError:
            pass
    return diff


def variant_label(spec: RuleSpec, variant_id: str | None = None) -> str:
    """The canonical name of ``spec``: its variant id and the fewest overrides that make it
    (:func:`spec_overrides`), values as ``--set`` takes them, pairs separated by ``", "``:
    ``"changsha(allow_chow=false)"``, ``"hebei(allow_chow=true, min_fan=8)"``, ``"hebei"``.
    Two equal specs of one variant get the same label; :func:`spec_from_label` reads it back."""
    vid = variant_id or spec.name
    diff = spec_overrides(spec, vid)
    if not diff:
        return vid
    return f"{vid}(" + ", ".join(f"{k}={_value_text(v)}" for k, v in diff.items()) + ")"


def spec_from_label(label: str) -> RuleSpec:
    """The spec a :func:`variant_label` names: ``mjsim.variants.get(id, **overrides)``.

    Raises ``ValueError`` for text that is not ``id`` or ``id(field=value, ...)``, naming it,
    and as :func:`mjsim.variants.get` does for an unknown id, field or value."""
    from mjsim import variants

    m = _LABEL.match(label) if isinstance(label, str) else None
    if m is None:
        raise ValueError(
            f"variant label {label!r} is not 'id' or 'id(field=value, ...)' "
            "(e.g. 'changsha(allow_chow=false)')"
        )
    name, inner = m.group(1), m.group(2)
    overrides: dict[str, Any] = {}
    for part in (inner or "").split(", "):
        if not part.strip():
            continue
        key, val = variants.parse_override(part)
        overrides[key] = val
    return variants.get(name, **overrides)
