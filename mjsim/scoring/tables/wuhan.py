"""Wuhan 红中赖子杠 (``wuhan``) as a table: 屁胡 1 or 10 a 大胡, doubled by the winner's own melds,
kongs and self-draw; each payer's own melds double its share, capped (封顶, 金顶).

Rules (docs/variants/wuhan.md): the win categories of the rule text (麻将规则, 武汉麻将:
"碰碰胡、将一色、清一色、风一色、全求人、杠开、海底捞、抢杠都算大胡。其他就都是屁胡") and the numbers of
the published room rules of 红中赖子杠 (开口翻 / 口口翻, 红中杠 / 赖子杠, 起胡, 封顶 / 金顶), which the
rule text leaves out:

- the base: a 屁胡 (ordinary win) 1; each 大胡 10, the 大胡 adding up (碰碰胡 + 清一色 = 20);
- the winner's doublings: 开口 ×2 (开口翻: once for having opened; 口口翻, ``open_each``: once per
  claimed meld), 明杠 ×2 each, 暗杠 ×4 each, 红中杠 ×2 each, 赖子杠 ×4 each, 自摸 ×2, 硬胡 (no
  赖子 held) ×2;
- each payer's share is then doubled by the payer's own melds and kongs alike, and the
  discarder's (放冲) once more; a share is at most 300 (封顶), and when all three payers reach
  it each pays up to 400 (金顶); everyone pays a discard win; a robbed kong: the robbed seat
  pays every share ("他就要包了");
- 屁胡 with the dealer: a 屁胡 share paid or received by the dealer is doubled (庄家屁胡翻倍,
  ``dealer_small``; a 大胡 is not: the payment record's ``dealer_row`` is the 屁胡 row);
- 皮子杠 (the option ``kong_only_tiles="seven_pi"``, 七皮四赖): a 皮子 set aside counts as a
  红中杠 (one doubling, the winner's and its own as a payer).

The 起胡 threshold (``qihu``) is the least value of the winner's side (base × the winner's
doublings) that may win.

Parameters (:data:`PARAMS`): ``big_base`` (10), ``open_each`` (False = 开口翻, True = 口口翻),
``hard_win`` (硬胡 factor, 1 = off), ``qihu`` (1 = any win), ``payer_cap`` (300),
``golden`` (金顶, 400), ``open_from`` (:data:`CHOICES`: whose melds double a payer's share:
``"own"``, the payer's own claimed melds, the published room rules' "各算各的番" and the
default; ``"fed"``, the winner's claimed melds whose tile that payer supplied, the other reading
of "each open meld ×2 for the payer concerned"), ``dealer_small`` (2: the dealer's factor on a
屁胡; 1 = off).
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {
    "big_base": 10,
    "open_each": False,
    "hard_win": 2,
    "qihu": 1,
    "payer_cap": 300,
    "golden": 400,
    "open_from": "own",
    "dealer_small": 2,
}

#: the choices of the string parameters (``score_values`` holds their index)
CHOICES = {"open_from": ("own", "fed")}

_SMALL = ("屁胡",)


def table(variant: str = "wuhan", **params) -> FanTable:
    """Wuhan's table; parameters :data:`PARAMS`."""
    p = table_params(variant, PARAMS, params)
    big = p["big_base"]
    rows = [
        {"zh": "屁胡", "en": "ordinary win", "when": "win", "value": 1},
        {"zh": "碰碰胡", "en": "all pungs", "when": "all_pungs", "value": big,
         "cancels": _SMALL},
        {"zh": "将一色", "en": "all 2-5-8", "when": "all_258_wilds_free", "value": big,
         "cancels": _SMALL},
        {"zh": "清一色", "en": "full flush", "when": "full_flush_wilds_free", "value": big,
         "cancels": _SMALL},
        {"zh": "风一色", "en": "all honours", "when": "all_honors_wilds_free", "value": big,
         "cancels": _SMALL},
        {"zh": "全求人", "en": "all called, the pair won on a discard", "when": "all_called",
         "value": big, "cancels": _SMALL},
        {"zh": "杠开", "en": "win on a kong replacement", "when": "kong_bloom", "value": big,
         "cancels": _SMALL},
        {"zh": "海底捞", "en": "self-draw among the last four tiles",
         "when": "last_four_self_draw", "value": big, "cancels": _SMALL},
        {"zh": "抢杠", "en": "robbing a kong", "when": "robbing_kong", "value": big,
         "cancels": _SMALL},
        {"zh": "开口", "en": "opened (each claimed meld under 口口翻)", "when": "open_melds",
         "value": 2, "kind": "mul", "per": "unit" if p["open_each"] else "once"},
        {"zh": "明杠", "en": "exposed kong", "when": "exposed_kongs", "value": 2, "kind": "mul"},
        {"zh": "暗杠", "en": "concealed kong", "when": "concealed_kongs", "value": 4,
         "kind": "mul"},
        {"zh": "红中杠", "en": "Red dragon (or 皮子) set aside", "when": "kong_tiles", "value": 2,
         "kind": "mul"},
        {"zh": "赖子杠", "en": "wild set aside", "when": "wild_kongs", "value": 4, "kind": "mul"},
        {"zh": "自摸", "en": "self-draw", "when": "self_drawn", "value": 2, "kind": "mul"},
    ]  # fmt: skip
    if p["hard_win"] > 1:
        rows.append(
            {"zh": "硬胡", "en": "no wild held", "when": "no_wild", "value": p["hard_win"],
             "kind": "mul"}
        )  # fmt: skip
    return FanTable(
        name=variant,
        rows=tuple(rows),
        combine="product",
        unit="points",
        min_to_win=p["qihu"],
        shapes=("standard", "all_258_free", "all_honors_free"),
        source="麻将规则, 武汉麻将 (the 大胡 list); published 红中赖子杠 room rules (开口翻 / 口口翻, "
        "红中杠 / 赖子杠, 起胡, 封顶 / 金顶) for the numbers",
        params=p,
    )


def payment(variant: str = "wuhan", **params) -> PaymentRecord:
    """Wuhan's payments: every other seat pays, the discarder ×2 (放冲); each payer's own melds
    double its share as the winner's do (开口 once or per meld, 明杠 1, 暗杠 2, 红中杠 1, 赖子杠 2
    doublings; with ``open_from="fed"`` the 开口 doublings are instead those of the winner's
    melds that payer fed); a share is at most ``payer_cap``, ``golden`` when all three reach it (金顶); a
    robbed kong is paid in full by the robbed seat; the dealer's share of a 屁胡 (paid or
    received) × ``dealer_small`` (row 0, the 屁胡 row, is the record's ``dealer_row``)."""
    p = table_params(variant, PARAMS, params)
    return PaymentRecord(
        name=variant,
        unit=1,
        discard="everyone",
        discarder_mult=2,
        rob_kong="self_draw_by_robbed",
        payer_open=("fed_" if p["open_from"] == "fed" else "")
        + ("each" if p["open_each"] else "once"),
        payer_exposed_kong=1,
        payer_concealed_kong=2,
        payer_kong_tile=1,
        payer_wild_kong=2,
        payer_cap=p["payer_cap"],
        all_capped=p["golden"],
        dealer_mult=p["dealer_small"],
        dealer_row=0 if p["dealer_small"] > 1 else -1,
    )
