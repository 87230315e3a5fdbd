"""Sichuan 血战到底 (blood battle): :mod:`mjsim.variants.sichuan` with the blood-battle end.

Rules in prose and their sources: docs/variants/sichuan_xuezhan.md. A win does not end the hand;
winners drop out and the rest play on until three have won or the wall ends ["1家胡了并不结束
该局，而是未胡的玩家继续打，直到有3家都胡或者余下的玩家家流局"]; players who have won neither pay nor
receive later kong payments ("其他未胡者") and take no part in the draw checks (INFERRED); the dealer
is drawn by dice every hand ["血战：每局投骰"] (``dealer_rotation="random"``).
"""

from __future__ import annotations

from mjsim.variants.sichuan import SPEC as _SICHUAN

SPEC = _SICHUAN.replace(name="sichuan_xuezhan", blood_battle=True, dealer_rotation="random")

__all__ = ["SPEC"]
