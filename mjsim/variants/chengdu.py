"""Chengdu 成都麻将: the rules of :mod:`mjsim.variants.sichuan` under their own name.

Source: docs/variants/chengdu.md ("成都计番" is the Chengdu count of the Sichuan rules; the rules
themselves are Sichuan's).
"""

from __future__ import annotations

from mjsim.variants.sichuan import SPEC as _SICHUAN

SPEC = _SICHUAN.replace(name="chengdu")

__all__ = ["SPEC"]
