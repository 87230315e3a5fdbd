"""Anqing 安庆麻将 (``anqing``) as a table: factors on a base of 1, and the 发 money.

Rules (docs/variants/anqing.md). The rule text (the 麻将规则 collection, 安庆麻将) gives only
the money of the 发 set aside ("几个发算几个翻的钱": one unit each, or 红中 when 发 is the 钻) and
the dealer's stake (庄底子 +4 after a drawn hand, :attr:`RuleSpec.draw_dealer_stake`); the hand
values are the common published 钻 / 财神 scoring of the Yangtze wild-tile games (the same
doubling factors as Wenzhou's and Hangzhou's published tables): the base 1 × 自摸 2 × 无钻
(no wild in the hand) 2 × 碰碰胡 2 × 七对 2 × 混一色 2 or 清一色 4 (the better one) × 杠开 2
× 抢杠 2 × 海底捞月 2 × 天胡 / 地胡 4, then + 1 per 发 (or its stand-in) the winner has set
aside, not multiplied.

Parameters (:data:`PARAMS`): ``fa_unit`` (1: the money of each 发 set aside; 0 turns it off),
``no_wild`` (2: the 无钻 factor).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"fa_unit": 1, "no_wild": 2}


def table(variant: str = "anqing", **params) -> FanTable:
    """Anqing's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    rows = [
        {"zh": "底", "en": "win (the base)", "when": "win", "value": 1},
        {"zh": "自摸", "en": "self-draw", "when": "self_drawn", "value": 2, "kind": "mul"},
        {"zh": "无钻", "en": "no 钻 in the hand", "when": "no_wild", "value": p["no_wild"],
         "kind": "mul"},
        {"zh": "碰碰胡", "en": "all pungs", "when": "all_pungs", "value": 2, "kind": "mul"},
        {"zh": "七对", "en": "seven pairs", "when": "seven_pairs", "value": 2, "kind": "mul"},
        {"zh": "混一色", "en": "one suit and honours", "when": "half_flush", "value": 2,
         "kind": "mul", "group": "flush"},
        {"zh": "清一色", "en": "one suit", "when": "full_flush", "value": 4, "kind": "mul",
         "group": "flush"},
        {"zh": "杠开", "en": "win on a kong replacement", "when": "kong_bloom", "value": 2,
         "kind": "mul"},
        {"zh": "抢杠", "en": "robbing a kong", "when": "robbing_kong", "value": 2,
         "kind": "mul"},
        {"zh": "海底捞月", "en": "self-draw of the last tile", "when": "last_tile_self_draw",
         "value": 2, "kind": "mul"},
        {"zh": "天胡", "en": "heavenly hand", "when": "heavenly", "value": 4, "kind": "mul",
         "group": "first"},
        {"zh": "地胡", "en": "earthly hand", "when": "earthly", "value": 4, "kind": "mul",
         "group": "first"},
    ]  # fmt: skip
    if p["fa_unit"]:
        rows.append(
            {"zh": "发", "en": "each 发 set aside (红中 when 发 is the 钻)", "when": "kong_money",
             "value": p["fa_unit"], "kind": "post", "qualifying": False},
        )  # fmt: skip
    return FanTable(
        name=variant,
        rows=tuple(rows),
        combine="product",
        unit="points",
        shapes=("standard", "seven_pairs"),
        source="麻将规则 collection, 安庆麻将 (the 发 money, 庄底子); the common published 钻 / "
        "财神 doubling factors (values)",
        params=p,
    )


def payment(variant: str = "anqing", **params) -> PaymentRecord:
    """Anqing's payments: the discarder pays a discard win, each of the three a self-draw (the
    engine adds the dealer's stake 庄底子 to every payment between the dealer and another
    seat)."""
    table_params(variant, PARAMS, params)
    return PaymentRecord(name=variant)
