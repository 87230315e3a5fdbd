"""The value object every scorer returns."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ScoreResult:
    """The score of one win, in the variant's own unit.

    Attributes:
        variant: variant id, e.g. ``"guobiao"``.
        total: hand value in ``unit`` (guobiao: fan, flowers included).
        items: ``[(id, english_name, chinese_name, value, count), ...]`` the scoring items that
            apply, in id order; ``value`` is the value of one occurrence, so an item contributes
            ``value * count``.
        valid: the hand meets the variant's minimum (guobiao: 8 fan without flowers); an invalid
            hand is not a legal win and its ``payments`` are all 0.
        payments: one int per absolute seat (length 4), winner positive, sum 0.
        unit: ``"fan"``, ``"points"``, ...
        qualifying_total: the value compared with the minimum (guobiao: fan without flowers).
    """

    variant: str
    total: int
    items: list[tuple[int, str, str, int, int]]
    valid: bool
    payments: list[int]
    unit: str
    qualifying_total: int

    def __hash__(self) -> int:
        return hash((self.variant, self.total, tuple(self.items), self.valid, tuple(self.payments)))

    def _repr_html_(self) -> str:
        """The items (Chinese and English), values, total and payments as an HTML table
        (:func:`mjsim.view.score_html`): how Jupyter shows a result."""
        from mjsim.view import score_html

        return score_html(self)

    def item_counts(self) -> dict[str, int]:
        """``{english_name: count}`` of the items, handy in tests and reports."""
        return {name: count for _id, name, _zh, _value, count in self.items}
