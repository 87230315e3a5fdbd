"""Yingkou 营口麻将 (``yingkou``) as a table: the Northeast (辽宁) doubling count, 2^番 points.

The rule text (麻将规则, 营口麻将) gives the win conditions only (会 standing for simples only, all
three suits, a 幺九 tile, the pair not a 2 or an 8); the values are the common Liaoning
"穷胡" doubling count as the region's room rules publish it, every one a parameter:

- 平胡 0 番 (1 point); 自摸 +1; 门清 (no claimed meld) +1; 夹胡 (one winning tile: a closed,
  edge or single wait) +1; 飘胡 (all pungs) +2; 杠开 +1; 海底捞月 +1; 无会 (no 会 held) +1; the
  winner's exposed kongs +1 and concealed kongs +2 each; capped at ``cap`` 番 (封顶);
- one share is 2^番 points; everyone pays a discard win, the discarder twice (点炮); every share
  in a pair with the dealer doubles (庄家).

Parameters (:data:`PARAMS`): ``cap`` (5 番 = 32 points), ``no_wild`` (无会 番, 0 = off),
``discarder_mult`` (2).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"cap": 5, "no_wild": 1, "discarder_mult": 2}


def table(variant: str = "yingkou", **params) -> FanTable:
    """Yingkou's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    rows = [
        {"zh": "平胡", "en": "win", "when": "win", "value": 0},
        {"zh": "自摸", "en": "self-draw", "when": "self_drawn", "value": 1},
        {"zh": "门清", "en": "concealed hand", "when": "concealed_hand", "value": 1},
        {"zh": "夹胡", "en": "one winning tile", "when": "unique_wait", "value": 1},
        {"zh": "飘胡", "en": "all pungs", "when": "all_pungs", "value": 2},
        {"zh": "杠开", "en": "win on a kong replacement", "when": "kong_bloom", "value": 1},
        {"zh": "海底捞月", "en": "self-draw of the last tile", "when": "last_tile_self_draw",
         "value": 1},
        {"zh": "明杠", "en": "exposed kong", "when": "exposed_kongs", "value": 1},
        {"zh": "暗杠", "en": "concealed kong", "when": "concealed_kongs", "value": 2},
    ]  # fmt: skip
    if p["no_wild"]:
        rows.append({"zh": "无会", "en": "no wild held", "when": "no_wild", "value": p["no_wild"]})
    return FanTable(
        name=variant,
        rows=tuple(rows),
        combine="pow2",
        unit="points",
        cap=p["cap"],
        shapes=("standard",),
        pair_rule="not_28",
        source="麻将规则, 营口麻将 (win conditions); the Liaoning 穷胡 doubling count (values)",
        params=p,
    )


def payment(variant: str = "yingkou", **params) -> PaymentRecord:
    """Yingkou's payments: everyone pays a discard win, the discarder ``discarder_mult`` shares
    (点炮); each pays a self-draw; a share in a pair with the dealer doubles."""
    p = table_params(variant, PARAMS, params)
    return PaymentRecord(
        name=variant,
        unit=1,
        discard="everyone",
        discarder_mult=p["discarder_mult"],
        dealer_mult=2,
    )
