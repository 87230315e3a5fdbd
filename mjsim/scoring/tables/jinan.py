"""Jinan 济南麻将 (``jinan``) as a table: (花 + 5) × 番, the shown ready doubled.

Rules (docs/variants/jinan.md), the rule text (山东麻将规则, 济南麻将), "总结算：（花+底）*番数=
最后结算", "设定底为5花":

- 花 (the ``add`` rows, on the base 5): each flower 1 ("春夏秋冬、梅兰竹菊各算一个花"); each
  claimed pung (碰) of a wind or dragon 1 ("东、南、西、北风碰牌为1个花，中、发、白碰牌为1个
  花"; a pung completed by the winning tile is not a 碰: "和牌后形成的刻牌不算花"); an exposed
  or added kong 1, of a wind or dragon 2; a concealed kong 2, of a wind or dragon 3 ("风明杠、补杠
  2花；暗杠3花。万、条、筒明杠、补杠1花；暗杠2花");
- 番 (the ``sum_factor`` rows): 推倒和 1 (小和, when nothing else applies); 大和 2: 混一色, 一条龙,
  杠上开花 (杠开, also on a flower's replacement: "摸到花补牌或自己杠开"), 碰碰和, 七对; 5: 地和,
  清一色, 将一色 (every tile a 2, 5 or 8); 6: 天和. The text does not say how several items
  combine; the recommended reading, used here: their 番 add up;
- 明楼 doubles the winner's 番 ("明楼和牌，所赢的番数乘以2"); 荒庄 is the drawn-hand multiplier
  the engine carries (×2 per consecutive drawn hand, at most 32: "至多连续5局荒庄翻至32倍").

Payments (the payment record): the discarder alone pays a discard win ("谁点炮谁负责"), each
other seat a self-draw; a discarder who had declared 明楼 pays double ("若明楼者点炮，也需要双倍
付出"); 承包: a seat that has fed three chows to the winner pays the winner's discard wins
alone, three shares ("如果A给B吃了3口，不管谁放炮给B，都由A与B 2个人之间结算，承包则一付三");
a robbed kong is paid by the robbed seat, three shares ("一家付3家钱给和牌的人"); 杠爆 (a
self-draw on the replacement of a kong claimed from a discard) is paid by that discarder, three
shares (the rule set's ``kong_bloom_liable``; ``liable`` in :func:`mjsim.score`).

Parameters (:data:`PARAMS`): ``di`` (5: the base 底), ``shown_ready`` (2: the 明楼 factor).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"di": 5, "shown_ready": 2}

#: the 大和 rows: each cancels 推倒和
_BIG = ("混一色", "一条龙", "杠上开花", "碰碰和", "七对", "地和", "清一色", "将一色", "天和")


def table(variant: str = "jinan", **params) -> FanTable:
    """Jinan's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    fan = "sum_factor"
    plain = ("推倒和",)
    rows = (
        {"zh": "花", "en": "flower (1 花 each)", "when": "flowers", "value": 1},
        {"zh": "风碰", "en": "claimed honour pung (1 花)", "when": "honor_pungs_exposed",
         "value": 1},
        {"zh": "明杠", "en": "exposed or added kong (1 花)", "when": "exposed_kongs", "value": 1},
        {"zh": "风明杠", "en": "of a wind or dragon: 1 花 more", "when": "honor_exposed_kongs",
         "value": 1},
        {"zh": "暗杠", "en": "concealed kong (2 花)", "when": "concealed_kongs", "value": 2},
        {"zh": "风暗杠", "en": "of a wind or dragon: 1 花 more", "when":
         "honor_concealed_kongs", "value": 1},
        {"zh": "推倒和", "en": "plain win (小和)", "when": "win", "value": 1, "kind": fan},
        {"zh": "混一色", "en": "half flush", "when": "half_flush", "value": 2, "kind": fan,
         "cancels": plain},
        {"zh": "一条龙", "en": "pure straight", "when": "pure_straight", "value": 2, "kind": fan,
         "cancels": plain},
        {"zh": "杠上开花", "en": "win on a kong or flower replacement", "when": "kong_bloom",
         "value": 2, "kind": fan, "cancels": plain},
        {"zh": "碰碰和", "en": "all pungs", "when": "all_pungs", "value": 2, "kind": fan,
         "cancels": plain},
        {"zh": "七对", "en": "seven pairs", "when": "seven_pairs", "value": 2, "kind": fan,
         "cancels": plain},
        {"zh": "地和", "en": "earthly hand", "when": "earthly", "value": 5, "kind": fan,
         "cancels": plain},
        {"zh": "清一色", "en": "full flush", "when": "full_flush", "value": 5, "kind": fan,
         "cancels": plain},
        {"zh": "将一色", "en": "every tile a 2, 5 or 8", "when": "all_258", "value": 5,
         "kind": fan, "cancels": plain},
        {"zh": "天和", "en": "heavenly hand", "when": "heavenly", "value": 6, "kind": fan,
         "cancels": plain},
        {"zh": "明楼", "en": "shown ready (self-draw only)", "when":
         "ready_shown_self_draw_only", "value": p["shown_ready"], "kind": "mul"},
    )  # fmt: skip
    assert all(r["zh"] in _BIG for r in rows if r.get("cancels"))
    return FanTable(
        name=variant,
        rows=rows,
        combine="product",
        unit="points",
        base=p["di"],
        shapes=("standard", "seven_pairs"),
        pair_rule="258",
        source="山东麻将规则, 济南麻将 (花, 番数 名称 牌型); adding the 番 of several items is "
        "the recommended reading",
        params=p,
    )


def payment(variant: str = "jinan", **params) -> PaymentRecord:
    """Jinan's payments: the discarder alone (a 明楼 discarder double), each other seat on a
    self-draw; 承包 after three chows; a robbed kong and 杠爆 paid three shares by one seat."""
    table_params(variant, PARAMS, params)
    return PaymentRecord(
        name=variant,
        discard="discarder",
        liability="pays_all",
        rob_kong="self_draw_by_robbed",
        shown_discarder_mult=2,
        chow_liability=3,
    )
