"""Sichuan 四川麻将 (成都计番): ``sichuan``, ``chengdu``, ``sichuan_xuezhan`` as one table.

The public Chengdu table (docs/variants/sichuan.md): 平胡 0, 对对胡 1, 清一色 2, 七对 2,
龙七对 3 (it counts one of its fours: "龙七对不再计根"), 根 +1 per four, 金钩钓 +1 on top of
对对胡, 杠上开花 / 杠上炮 / 抢杠胡 / 海底 +1 each, capped at 3 番; the hand is paid
``b * 2 ** 番``. 自摸加番 (+1 番 on a self-draw) replaces 自摸加底 under
``self_draw_bonus="fan"``.
"""

from __future__ import annotations

from mjsim.scoring.fan_table import FanTable, table_params
from mjsim.scoring.payments import PaymentRecord

PARAMS = {"cap": 3, "golden_hook": 1, "self_draw_bonus": "base", "seven_pairs": True}
SELF_DRAW_BONUS = ("base", "fan")
#: the choices of the str parameters, in the order of their ``score_values`` codes
#: (:func:`mjsim.scoring.tables.spec_params`; ``mjsim.scoring.sichuan.SELF_DRAW_ADD_BASE`` = 0)
CHOICES = {"self_draw_bonus": SELF_DRAW_BONUS}


def table(variant: str = "sichuan", **params) -> FanTable:
    """The Chengdu fan table; parameters :data:`PARAMS` (``cap`` -1 = none; ``golden_hook`` the
    番 of 金钩钓; ``self_draw_bonus`` ``"base"`` (自摸加底, a payment term) or ``"fan"``
    (自摸加番); ``seven_pairs`` whether seven pairs is a winning shape)."""
    p = table_params(variant, PARAMS, params)
    if p["self_draw_bonus"] not in SELF_DRAW_BONUS:
        raise ValueError(
            f"fan table {variant!r}: self_draw_bonus {p['self_draw_bonus']!r} is not one of "
            f"{list(SELF_DRAW_BONUS)}"
        )
    shapes = ("standard", "seven_pairs") if p["seven_pairs"] else ("standard",)
    rows = [
        {"zh": "平胡", "en": "Basic win", "when": "win", "value": 0},
        {"zh": "对对胡", "en": "All pungs", "when": "all_pungs", "value": 1,
         "cancels": ("平胡",)},
        {"zh": "清一色", "en": "Full flush", "when": "full_flush", "value": 2,
         "cancels": ("平胡",)},
        {"zh": "七对", "en": "Seven pairs", "when": "seven_pairs", "value": 2,
         "cancels": ("平胡",)},
        {"zh": "龙七对", "en": "Dragon seven pairs", "when": "seven_pairs_fours", "value": 3,
         "per": "once", "cancels": ("平胡", "七对", ("根", 1))},
        {"zh": "根", "en": "Root (four identical tiles)", "when": "fours", "value": 1},
        {"zh": "金钩钓", "en": "Golden hook (single wait, all else melded)",
         "when": ("pair_only_concealed", "all_pungs"), "value": p["golden_hook"]},
        {"zh": "杠上开花", "en": "Win on a kong replacement", "when": "kong_bloom", "value": 1},
        {"zh": "杠上炮", "en": "Win on a discard after a kong", "when": "kong_discard",
         "value": 1},
        {"zh": "抢杠胡", "en": "Robbing a kong", "when": "robbing_kong", "value": 1},
        {"zh": "海底", "en": "Win on the last tile", "when": "last_tile", "value": 1},
    ]  # fmt: skip
    if p["self_draw_bonus"] == "fan":
        rows.append(
            {
                "zh": "自摸加番",
                "en": "Self-draw (自摸加番 option)",
                "when": "self_drawn",
                "value": 1,
            }
        )
    return FanTable(
        name=variant,
        rows=tuple(rows),
        combine="sum",
        unit="fan",
        cap=p["cap"],
        shapes=shapes,
        source="public Chengdu table (docs/variants/sichuan.md)",
        params=p,
    )


def payment(variant: str = "sichuan", base: int = 1, **params) -> PaymentRecord:
    """Sichuan's payments: ``base * 2 ** 番`` from the discarder, or from each player still in
    on a self-draw, plus ``base`` more each under 自摸加底 ("自摸加底：玩家自摸时额外收取其他未胡
    玩家1倍基础分"); ``base`` is the base score b."""
    p = table_params(variant, PARAMS, params)
    extra = 1 if p["self_draw_bonus"] == "base" else 0
    return PaymentRecord(name=variant, amount="pow2", unit=base, self_draw_extra=extra)
