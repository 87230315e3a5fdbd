"""Chengdu 成都麻将: the rules of :mod:`mjsim.variants.sichuan` under their own name.

Source: the Chengdu rules (the rule text, "成都计番" is the Chengdu count of the
Sichuan rules); the Sichuan rules gives the rules themselves.
"""

from __future__ import annotations

from mjsim.variants.sichuan import SPEC as _SICHUAN

SPEC = _SICHUAN.replace(name="chengdu")

__all__ = ["SPEC"]
