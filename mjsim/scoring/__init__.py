"""mjsim.scoring: one scoring API (:func:`score`) over jitted per-family scorers.

``mjsim.score(variant, hand, *, win_tile, melds=(), ...) -> ScoreResult``; variants plug in with
:func:`register_scorer`. The Chinese Official scorer is :mod:`mjsim.scoring.guobiao`.
"""

from mjsim.scoring.api import WinInput, known_variants, register_scorer, score
from mjsim.scoring.result import ScoreResult

__all__ = ["ScoreResult", "WinInput", "known_variants", "register_scorer", "score"]
