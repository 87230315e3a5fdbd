"""Jinan short form 济南麻将 (``jinan_baike``) as a table: fixed values per kind of win.

Rules (docs/variants/jinan_baike.md): an ordinary 推倒胡 is 1 番 ("推倒胡，放炮即1全部人1番");
a win after a shown ready declared as 明摸 (self-draw only, "报听明摸放炮不能和牌，必须自摸") is 4 番
from each player, 8 from the dealer ("明摸1人4番，庄上8番"); a win on a discard after a shown
ready declared as 明打 is 8 番, 16 from the dealer ("明打1人8番，庄上16番"); each kong adds 1 番
("杠算1番") and each flower 1 番 ("花子只算加番"); a win on a flower replacement (花砸) adds
nothing. The dealer pays or receives double in every pair ("庄上": the recommended reading).

Readings where the text is garbled or silent, each a parameter:

- ``mingda_self_draw``: what a 明打 hand's self-draw is worth from each payer (default 4, the
  price of a shown self-draw, "明摸1人4番");
- ``discard_everyone``: False (default): the discarder alone pays a discard win; True: every
  other player pays it (the other reading of "放炮即1全部人1番");
- ``dealer_mult``: the dealer's factor in a pair (default 2).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"mingda_self_draw": 4, "discard_everyone": False, "dealer_mult": 2}


def table(variant: str = "jinan_baike", **params) -> FanTable:
    """The short form's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    rows = (
        {"zh": "推倒胡", "en": "ordinary win", "when": "win", "value": 1},
        {"zh": "明摸", "en": "shown ready, self-draw only", "when":
         "ready_shown_self_draw_only", "value": 4, "cancels": ("推倒胡",)},
        {"zh": "明打", "en": "shown ready, discard win", "when": "ready_shown", "value": 8,
         "cancels": ("推倒胡",)},
        {"zh": "明打自摸", "en": "shown ready (明打), self-draw", "when":
         ("ready_shown", "self_drawn"), "value": p["mingda_self_draw"],
         "cancels": ("推倒胡", "明打")},
        {"zh": "杠", "en": "kong", "when": "kongs", "value": 1},
        {"zh": "花", "en": "flower", "when": "flowers", "value": 1},
    )  # fmt: skip
    return FanTable(
        name=variant,
        rows=rows,
        combine="sum",
        unit="fan",
        shapes=("standard",),
        pair_rule="258",
        source="麻将规则 collection, 济南麻将 (百科)",
        params=p,
    )


def payment(variant: str = "jinan_baike", **params) -> PaymentRecord:
    """The short form's payments: the discarder pays a discard win (every other player with
    ``discard_everyone``), each player a self-draw, the dealer ``dealer_mult`` times."""
    p = table_params(variant, PARAMS, params)
    return PaymentRecord(
        name=variant,
        discard="everyone" if p["discard_everyone"] else "discarder",
        dealer_mult=p["dealer_mult"],
    )
