"""``RuleSpec``: everything a variant decides, as one frozen, validated dataclass.

A spec is data. :meth:`RuleSpec.compile` turns it into :class:`CompiledRules`, a ``NamedTuple`` of
numpy arrays that the ONE jitted game loop in :mod:`mjsim.engine` reads (``params`` indexed by the
``P_*`` constants of :mod:`mjsim.rules.params`). Field names are stable: rule studies set them on
the command line (``--set allow_chow=true``, see :func:`mjsim.variants.parse_override`).

Every field documents itself (``dataclasses.field`` metadata: topic, meaning, allowed values,
the rule sets that play each value); each variant module cites the rule texts it follows.
"""

from __future__ import annotations

import dataclasses
import importlib
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from mjsim.melds import MAX_MELDS
from mjsim.rules import params as P
from mjsim.rules.limits import MAX_RIVER
from mjsim.rules.scorer import marker

N_KINDS = 34
N_KINDS_FLOWERS = 42
WALL_CAPACITY = 144


def _preset(suits: bool = True, honors: bool = True, flowers: bool = False) -> tuple[int, ...]:
    c = [0] * N_KINDS_FLOWERS
    for k in range(27):
        c[k] = 4 if suits else 0
    for k in range(27, 34):
        c[k] = 4 if honors else 0
    for k in range(34, 42):
        c[k] = 1 if flowers else 0
    return tuple(c)


def _preset_112() -> tuple[int, ...]:
    c = list(_preset(honors=False))
    c[33] = 4  # 红中 Red dragon x4: 3 x 36 + 4 = 112 (Harbin)
    return tuple(c)


def _preset_84() -> tuple[int, ...]:
    c = [0] * N_KINDS_FLOWERS
    for s in range(3):
        for r in range(1, 8):  # ranks 2..8 of each suit: 84 tiles (Hefei)
            c[9 * s + r] = 4
    return tuple(c)


def _preset_100() -> tuple[int, ...]:
    c = list(_preset())
    for k in range(9):  # no characters (Qingyuan)
        c[k] = 0
    return tuple(c)


#: Tile-set presets: name -> copies per kind (42 entries: 34 kinds then 8 flowers).
TILE_SETS: dict[str, tuple[int, ...]] = {
    "108": _preset(honors=False),
    "112": _preset_112(),
    "136": _preset(),
    "144": _preset(flowers=True),
    "84": _preset_84(),
    "100": _preset_100(),
}

WIN_SHAPE_NAMES = tuple(P.SHAPE_CODES)

#: Seating of a match (``RuleSpec.seating``): which player sits at which table seat, one row per
#: prevailing wind (East South West North); entry ``i`` = the player, counted from the match's
#: first dealer, who sits at seat ``first_dealer + i``. Players are numbered by their seats in the
#: first hand (the East round's row is the identity). Read by :mod:`mjsim.engine.seating`.
SEATINGS: dict[str, tuple[tuple[int, ...], ...]] = {
    "fixed": ((0, 1, 2, 3),) * 4,
    # guobiao: before the West round East swaps with South and West with North, and the original
    # South deals first ("第三圈（西圈）开始前，东家跟南家，西家跟北家对调座位，由原本的南家先做庄")
    "swap_pairs_at_west": ((0, 1, 2, 3), (0, 1, 2, 3), (1, 0, 3, 2), (1, 0, 3, 2)),
}

#: Former spellings of enum values (the names of the cities whose rule they first modelled),
#: accepted on construction and read as the feature name: field -> {former: current}.
FORMER_VALUES: dict[str, dict[str, str]] = {
    "win_filter": {
        "changchun": "pung_or_dragon_pair",
        "harbin": "pung_or_red_dragon_pair",
        "rizhao": "seven_pairs_258_pair",
        "wuhan": "small_win_258_pair",
        "guizhou": "plain_discard_needs_kong",
    },
    "kong_only_tiles": {"anqing": "two_dragons"},
    "pre_hand_bet": {"tianjin": "sit_and_pull"},
    "draw_counter_rule": {"shanghai": "up_per_draw_down_per_win"},
    "kong_pay_rule": {"sichuan": "wind_and_rain"},
}

#: scoring families with a jitted dealer-succession hook (``dealer_rotation="hook"``)
_DEALER_HOOK_FAMILIES = ("changsha",)


class CompiledRules(NamedTuple):
    """The numba-ready form of a :class:`RuleSpec`.

    - ``params``: ``int64[NP]``, indexed by ``mjsim.rules.params.P_*``;
    - ``tile_counts``: ``uint8[42]``, copies of each kind in the wall (34 kinds + 8 flowers);
    - ``wild``: ``uint8[34]``, 1 for a fixed wild kind (``wild_rule == "fixed"``);
    - ``score_table``: ``int64[32]``, the scoring family's values (``RuleSpec.score_values``,
      zero-padded; each family documents its layout);
    - ``fan_rows`` ``int64[R, 10]``, ``fan_cancels`` ``int64[E, 3]``, ``fan_header``
      ``int64[9]``: the compiled fan table of a table-driven family
      (:class:`mjsim.scoring.fan_table.CompiledTable`; ``R == 0``: the family has none);
      ``pay_record``: ``int64[N_REC]``, its payment record (:mod:`mjsim.scoring.payments`);
    - ``scorer``: ``uint8[0]`` whose dtype names the scorer that values a win
      (:func:`mjsim.rules.scorer.marker`: ``table`` or a family's own). It is part of the numba
      type, so compiled code is specialised per scorer and reaches only the one played.
    """

    params: np.ndarray
    tile_counts: np.ndarray
    wild: np.ndarray
    score_table: np.ndarray
    fan_rows: np.ndarray
    fan_cancels: np.ndarray
    fan_header: np.ndarray
    pay_record: np.ndarray
    scorer: np.ndarray

    def arrays(self) -> tuple[np.ndarray, ...]:
        """The data arrays, in field order, without the ``scorer`` marker (what the
        environments' arrays headers address, ``mjsim.envs.kernels.STATE_LAYOUT``)."""
        return tuple(self)[:-1]


#: Fan tables by id: ``id -> builder(spec) -> (rows, cancels, header, record)`` (the arrays of
#: :class:`CompiledRules`). The scoring layer owns the tables and registers them here
#: (:mod:`mjsim.scoring.tables`); the rules only name one (``RuleSpec.fan_table``).
FAN_TABLES: dict[str, Callable[[RuleSpec], tuple[np.ndarray, ...]]] = {}
#: scoring families whose hand value is a fan table, and the table they use by default
TABLE_FAMILIES: dict[str, str] = {
    "hebei": "hebei",
    "jipinghu": "guangdong_jipinghu",
    "tianjin": "tianjin",
    "sichuan": "sichuan",
}
_TABLES_MODULE = "mjsim.scoring.tables"
#: families with a scorer and hooks of their own (not table-driven), mjsim.rules.scorer
_OWN_SCORER_FAMILIES = ("guobiao", "riichi", "changsha")


def register_fan_table(name: str, builder: Callable[[RuleSpec], tuple[np.ndarray, ...]]) -> None:
    """Make the fan table ``name`` available to ``RuleSpec.fan_table`` (see :data:`FAN_TABLES`)."""
    FAN_TABLES[name] = builder


def _fan_tables() -> dict[str, Callable[[RuleSpec], tuple[np.ndarray, ...]]]:
    """:data:`FAN_TABLES`, loading the tables that ship with the package on first use (also
    when a user registered a table of their own first: importing the module again is free)."""
    importlib.import_module(_TABLES_MODULE)
    return FAN_TABLES


def _enum(name: str, value: Any, codes: dict[str, int]) -> None:
    if value not in codes:
        raise ValueError(f"RuleSpec.{name}={value!r} is not one of {sorted(codes)}")


#: number of ``RuleSpec.score_values`` each scoring family reads (its layout; RuleSpec.validate):
#: hebei ``[base, self_draw_mult, all_pungs_mult, ..., kong points]`` (mjsim.variants.hebei);
#: guobiao / riichi ``[options bits]``; sichuan the scorer's 8 params then the base score b;
#: jipinghu the scorer's 4 params; changsha the scorer's 9 params then the opening-hand switch;
#: tianjin ``[tiliu_kong_bloom_legal, exposed_kong, concealed_kong, heavenly_mult]``
SCORE_VALUES_LEN = {
    "hebei": 7,
    "guobiao": 1,
    "sichuan": 9,
    "jipinghu": 4,
    "changsha": 10,
    "riichi": 1,
    "tianjin": 4,
}
#: largest amount one payer can owe through the family's table alone (a ``score_values`` entry,
#: hebei's ``base * self_draw_mult * largest shape multiplier``, sichuan's ``b * 2 ** cap``,
#: jipinghu's ``2 ** cap``): 2**20. The engine keeps payments and scores in int32
#: (``State.pv``): a winner collects from at most 3 payers and the engine may still multiply an
#: amount (dealer, draw multipliers, birds) by up to 2**9, so 3 * 2**20 * 2**9 < 2**31 - 1.
SCORE_VALUE_MAX = 1 << 20
#: hebei's placeholder table (mjsim.variants.hebei.DEFAULT_SCORE_VALUES): also RuleSpec's default,
#: as hebei is the default scoring family
HEBEI_SCORE_VALUES = (1, 2, 2, 2, 8, 2, 1)
#: option bits known to the families whose table is a bit set (mjsim.scoring.*.OPT_*)
_SCORE_OPTION_BITS = {"guobiao": 15, "riichi": 7}


def _riichi_field_bits(kazoe_limit: str, renhou: str) -> int:
    """The Riichi scorer's ``OPT_*`` bits of the ``kazoe_limit`` and ``renhou`` fields
    (mjsim.scoring.riichi: ``OPT_KAZOE_SANBAIMAN`` = 8, ``OPT_RENHOU_MANGAN`` = 16,
    ``OPT_RENHOU_YAKUMAN`` = 32)."""
    bits = 8 if kazoe_limit == "sanbaiman" else 0
    if renhou == "mangan":
        bits |= 16
    elif renhou == "yakuman":
        bits |= 32
    return bits


def _check_score_values(scoring: str, values: tuple[Any, ...]) -> None:
    """Refuse a ``score_values`` table the family would misread (``ValueError`` naming the value):
    a length other than :data:`SCORE_VALUES_LEN` (missing values would be read as 0), a
    non-integer or negative value (sichuan's cap may be -1 = none), or an amount above
    :data:`SCORE_VALUE_MAX` (int32 payment overflow)."""
    need = SCORE_VALUES_LEN.get(scoring)
    if need is None:
        return
    if len(values) != need:
        raise ValueError(
            f"RuleSpec.score_values={values!r}: scoring={scoring!r} reads exactly {need} values, "
            f"got {len(values)} (see the variant's DEFAULT_SCORE_VALUES / score_values layout)"
        )
    for i, v in enumerate(values):
        if not isinstance(v, int) or isinstance(v, bool):
            raise ValueError(f"RuleSpec.score_values[{i}]={v!r} must be an integer")
        lo = -1 if (scoring == "sichuan" and i == 0) else 0
        if v < lo:
            what = "an integer >= -1 (-1 = no cap)" if lo < 0 else "an integer >= 0"
            raise ValueError(f"RuleSpec.score_values[{i}]={v!r} must be {what}")
        if v > SCORE_VALUE_MAX:
            raise ValueError(
                f"RuleSpec.score_values[{i}]={v!r} exceeds {SCORE_VALUE_MAX} (2**20): larger "
                f"amounts can overflow the engine's int32 payments"
            )
    if scoring == "sichuan" and values[1] not in (0, 1):
        raise ValueError(
            f"RuleSpec.score_values[1]={values[1]!r}: scoring='sichuan' reads the self-draw "
            "bonus: 0 (自摸加底, base) or 1 (自摸加番, fan)"
        )
    bits = _SCORE_OPTION_BITS.get(scoring)
    if bits is not None and values[0] & ~bits:
        raise ValueError(
            f"RuleSpec.score_values[0]={values[0]!r}: scoring={scoring!r} reads option bits "
            f"0..{bits} only (mjsim.scoring.{scoring}.OPT_*)"
        )
    amount, what = 0, ""
    if scoring == "hebei":
        amount = values[0] * values[1] * max(values[2:5])
        what = (
            "base * self_draw_mult * largest shape multiplier (score_values[0] * [1] * max([2:5]))"
        )
    elif scoring == "sichuan" and values[0] >= 0:
        amount = values[8] << values[0] if values[0] <= 40 else 1 << 41
        what = "b * 2 ** cap (score_values[8] * 2 ** score_values[0])"
    elif scoring == "jipinghu":
        amount = 1 << values[0] if values[0] <= 40 else 1 << 41
        what = "2 ** cap (2 ** score_values[0])"
    if amount > SCORE_VALUE_MAX:
        raise ValueError(
            f"RuleSpec.score_values={values!r}: {what} = {amount} exceeds {SCORE_VALUE_MAX} "
            f"(2**20): larger amounts can overflow the engine's int32 payments"
        )


#: scoring families whose settlement is written for four seats only (RuleSpec.validate)
FOUR_SEAT_SCORING = frozenset({"guobiao", "changsha"})

#: The topics of the RuleSpec fields (each field's ``metadata["group"]``), in the order of play:
#: ``mjsim variants --show`` and the generated field reference list the fields under these titles.
FIELD_GROUPS: dict[str, str] = {
    "identity": "Identity",
    "table": "Players and tiles",
    "opening": "Before the first discard",
    "calls": "Calls: chow, pung, kong",
    "wilds": "Wild tiles and flowers",
    "ready": "Declaring ready",
    "winning": "What may win",
    "lockouts": "Passed wins and lockouts",
    "end": "End of the hand",
    "scoring": "Scoring and payments",
    "dealer": "Dealer and prevailing wind",
    "match": "Carried from hand to hand",
}


def _doc(
    default: Any,
    group: str,
    doc: str,
    *,
    values: str = "",
    choices: tuple[str, ...] = (),
    source: str = "",
    **kwargs: Any,
) -> Any:
    """A RuleSpec field that carries its own documentation as ``dataclasses.field`` metadata:
    ``group`` (a key of :data:`FIELD_GROUPS`), ``doc`` (what the field means, each allowed value
    explained), ``values`` (the allowed values in short; ``"true or false"`` for a bool, the
    choices joined for a field with ``choices``), ``choices`` (the accepted strings of an
    enumerated field, or of each element of a tuple field) and ``source`` (the rule sets that
    play a value, with a brief quote of their rule text). The default is the field's own."""
    if group not in FIELD_GROUPS:
        raise ValueError(f"RuleSpec field group {group!r} is not one of {list(FIELD_GROUPS)}")
    meta = {
        "group": group,
        "doc": doc,
        "values": values or " | ".join(choices),
        "choices": tuple(choices),
        "source": source,
    }
    if "default_factory" not in kwargs:
        kwargs["default"] = default
    return field(metadata=meta, **kwargs)


@dataclass(frozen=True)
class RuleSpec:
    """Everything a variant decides. Frozen; validated on construction (``ValueError`` names the field).

    Each field documents itself in its ``dataclasses.field`` metadata (see :func:`_doc`): its
    topic (:data:`FIELD_GROUPS`), its meaning, its allowed values and the rule sets that play
    them. ``mjsim variants --show ID`` and the field reference of the docs are generated from it.
    """

    # ---- identity
    name: str = _doc(
        "custom",
        "identity",
        "The variant id this spec came from. Informational: no rule reads it.",
        values="any string",
    )

    # ---- players and tiles
    n_players: int = _doc(4, "table", "Seats at the table.", values="2, 3 or 4")
    tile_set: str = _doc(
        "136",
        "table",
        "The tiles in play, by preset: 108 (the three suits), 112 (the suits and four Red "
        "dragons), 136 (suits and honours), 144 (136 and the eight flowers), 84 (ranks 2-8 of "
        "the three suits), 100 (dots, bamboos and honours: no characters).",
        choices=("108", "112", "136", "144", "84", "100"),
        source='Harbin 112: "万、饼、条各…再加…个红中"; Hefei 84; Qingyuan 100',
    )
    tile_counts: tuple[int, ...] | None = _doc(
        None,
        "table",
        "Copies of each kind in the wall, when no preset fits: 42 integers, the 34 kinds "
        "(1m-9m, 1p-9p, 1s-9s, 1z-7z) with 0-4 copies each, then the 8 flowers with 0-1 each. "
        "Overrides tile_set when given.",
        values="none, or 42 integers",
    )
    flowers: str = _doc(
        "none",
        "table",
        "How flower tiles play: none (the tile set must hold none); bonus (a drawn flower is set "
        "aside, replaced from the wall tail and counted by the scorer); scoring (the same "
        "handling; only the scorer's use differs). Any value but none needs flowers in the set.",
        choices=tuple(P.FLOWER_CODES),
    )
    hand_size: int = _doc(
        13,
        "table",
        "Tiles in a non-dealer's hand after the deal; the dealer gets one more. 16 is the long "
        "hand (five sets and a pair); 12 only with imagined_wild=1.",
        values="12, 13 or 16",
        source='Jiangnan: "每家少拿一张牌，心中想象一张牌"',
    )
    imagined_wild: int = _doc(
        0,
        "table",
        "1: every seat owns one imagined wild tile (心皇) that counts in the win and ready checks "
        "only, never in a chow or pung. Needs hand_size=12.",
        values="0 or 1",
        source='Jiangnan: "心皇牌不能用来上牌或碰牌，只能用作和牌"',
    )

    # ---- calls
    allow_chow: bool = _doc(
        True, "calls", "A seat may claim a discard to complete a sequence (chow, 吃)."
    )
    chow_left_only: bool = _doc(
        True,
        "calls",
        "A chow is claimed only from the previous seat (上家). Needs allow_chow.",
    )
    allow_pung: bool = _doc(
        True, "calls", "A seat may claim a discard from any seat to make a pung (碰)."
    )
    allow_exposed_kong: bool = _doc(
        True,
        "calls",
        "A seat holding three of a kind may claim the fourth from a discard (明杠).",
    )
    allow_added_kong: bool = _doc(
        True,
        "calls",
        "A seat may add a drawn or held fourth tile to its exposed pung (加杠).",
    )
    allow_concealed_kong: bool = _doc(
        True,
        "calls",
        "A seat holding four of a kind may declare them as a concealed kong on its turn (暗杠).",
    )
    concealed_kong_shown: bool = _doc(
        False,
        "calls",
        "The other seats see the kind of a concealed kong (Riichi lays it down face up); False: "
        "it stays face down until the hand ends. It changes what seats observe (observations, "
        "the greedy bot's count of visible tiles), not what is legal.",
        source='Chinese Official: "暗杠时，4只牌牌面向下…唯在牌局完结后…都需打开供对手查阅"',
    )
    no_kong_after_pung: bool = _doc(
        False,
        "calls",
        "A pung is never upgraded to an added kong with a fourth tile that was already held "
        "when the pung was claimed (碰后不能杠). Same as "
        'kong_after_pung="never_with_held_fourth".',
    )
    forbid_chow_same_discard: bool = _doc(
        False,
        "calls",
        "After a chow the seat may not discard the claimed kind, nor the kind that completes "
        "the same sequence at the other end (no 吃完打同张 / 换张). Needs allow_chow.",
    )
    forbid_pung_same_discard: bool = _doc(
        False,
        "calls",
        "After a pung the seat may not discard the claimed kind in the same turn (Riichi "
        "食い替え / kuikae). Needs allow_pung.",
    )
    ready_locks_hand: bool = _doc(
        True,
        "ready",
        "After declaring ready a seat discards only the tile it has just drawn.",
    )
    kong_after_pung: str = _doc(
        "next_turn",
        "calls",
        "When a claimed pung may become a kong: next_turn (no kong in the turn that began with "
        "the claim); never_with_held_fourth (also, a pung is upgraded only with a drawn fourth "
        "tile); any (kongs also in the turn of the claim).",
        choices=tuple(P.KONG_AFTER_PUNG_CODES),
    )
    kong_after_ready: str = _doc(
        "still_ready",
        "ready",
        "The kongs a seat locked by its ready declaration may declare: still_ready (with the "
        "drawn tile, if the hand is still ready after it); keep_waits (with the drawn tile, if "
        "the waits are unchanged); any; none.",
        choices=tuple(P.KONG_READY_CODES),
    )
    min_hand_after_call: int = _doc(
        1,
        "calls",
        "Concealed tiles a chow, pung or kong and its discard must leave in the hand.",
        values="1..13",
        source='Harbin 4: "不能吃碰后只剩余一张牌"',
    )
    missed_pung_lockout: bool = _doc(
        False,
        "lockouts",
        "A seat that passes a pung may not pung that kind again before its own next draw.",
        source='Taiyuan: "若第一次未碰，在自己未摸下一张牌的一圈内不可再碰"',
    )
    first_turn_no_added_kong: bool = _doc(
        False,
        "calls",
        "The dealer may not declare an added kong on its first turn.",
        source='Changchun: "庄家第一手不允许补杠"',
    )
    no_claims_on_last_discard: bool = _doc(
        False,
        "end",
        "The discard after the last wall tile may only be won on (no chow, pung or kong), and "
        "no kong may be declared after drawing the last tile.",
        source="Chinese Official: the notes on 妙手回春 and 海底捞月",
    )
    dice_kong: bool = _doc(
        False,
        "calls",
        "An own-turn kong may also be declared as 开杠 (action KONG_DICE + k) when the hand is "
        "ready after it: the replacement is the top tile of the d-th stack from the wall tail "
        "(d = the sum of two dice); a replacement that does not win must be discarded, and so "
        "must every later draw that does not win.",
        source="Changsha: 开杠 as against 补张",
    )
    standing_tiles: int = _doc(
        0,
        "ready",
        "The first N tiles dealt to each seat stand apart (立牌): they leave the hand only in a "
        "call or as the ready declaration's discard, which must be one of them and is laid face "
        "down (nobody may claim or win on it); every call must leave at least one standing tile "
        "and one other tile to discard. Needs allow_ready.",
        values="0..4",
        source="Taiyuan 立四: 4",
    )
    chow_ready_any_seat: bool = _doc(
        False,
        "calls",
        "吃听: any seat whose hand a chow of the discard makes ready may claim it (actions "
        "CHOW_READY_LOW/MID/HIGH) and must then declare ready with its discard. Priority: win > "
        "kong > chow-ready (nearest to the discarder) > pung > chow. Needs allow_chow and "
        "allow_ready.",
        source="Harbin: 吃听",
    )

    # ---- wild tiles and flowers
    wild_rule: str = _doc(
        "none",
        "wilds",
        "Which tiles are wild: none; fixed (the kinds in wild_tiles); indicator (a tile is "
        "turned up and its kind is wild, see wild_offsets and indicator_source); indicator_next "
        "(the kind after the turned tile is wild); treasure (宝: only the 宝 tile a ready seat "
        "self-draws stands for any tile, see the treasure_* fields).",
        choices=tuple(P.WILD_CODES),
    )
    wild_tiles: tuple[int, ...] = _doc(
        (),
        "wilds",
        'The wild kinds when wild_rule="fixed".',
        values="kinds 0..33 (0 = 1m, 33 = Red dragon), comma-separated",
    )
    wild_after_ready_only: bool = _doc(
        False,
        "wilds",
        "Wilds count as wild only for a seat that has declared ready. Needs a wild_rule and "
        "allow_ready.",
    )
    wild_offsets: tuple[int, ...] = _doc(
        (),
        "wilds",
        "Indicator wilds: the wild kinds are the turned kind advanced by each offset (cyclic "
        "within its suit, the winds or the dragons). Empty: (0,) for indicator, (1,) for "
        "indicator_next.",
        values="up to three different offsets 0..2",
        source='Tianjin (0, 1): "3筒和4筒都是混"; Nanchang (1, 2): 正精 / 副精',
    )
    wild_honor_cycle: str = _doc(
        "separate",
        "wilds",
        "The order of the honours for wild_offsets: separate (East, South, West, North, East "
        "and Red, Green, White, Red); single (East, South, West, North, Red, Green, White, "
        "East).",
        choices=tuple(P.WILD_CYCLE_CODES),
        source='Fujian 百搭: "番子牌以东南西北中发白首尾相连"',
    )
    indicator_source: str = _doc(
        "tail_first",
        "wilds",
        "Where the indicator is turned: tail_first (the first tile from the wall tail after the "
        "flower replacement; a flower goes to the dealer and the next tile is turned); "
        "dice_small_from_tail / dice_sum_from_tail (the top tile of the d-th stack from the "
        "tail, d = the smaller die / the sum of two dice); last_wall_tile (the last tile of the "
        "wall).",
        choices=tuple(P.INDICATOR_SOURCE_CODES),
    )
    indicator_in_play: bool = _doc(
        False,
        "wilds",
        "The turned indicator stays in the wall and is drawn in turn (Yingkou); False: it is "
        "never drawn, draws from either end skip it.",
        source='Ningbo (False): "总共只有143张"',
    )
    wall_end_at_indicator: bool = _doc(
        False,
        "end",
        "Normal draws stop at the stack holding the indicator; once replacement draws pass it, "
        "the whole wall is drawn.",
        source='Tianjin: "抓完翻混的前一张牌"',
    )
    wild_in_calls: bool = _doc(
        False,
        "wilds",
        "A wild may stand in for a tile of a chow, pung or kong. No rule set of the catalogue "
        "allows it; the engine does not play True.",
    )
    wild_discard_claimable: bool = _doc(
        True,
        "wilds",
        "A discarded wild may be chowed, punged, konged or won on. Rule sets with wilds "
        "usually forbid it.",
        source='Ningbo: "不能吃别人打出的百搭"; Anqing: "钻不可以碰"',
    )
    wild_discard_penalty: str = _doc(
        "none",
        "wilds",
        "What discarding a wild costs its discarder for the rest of the hand: none; "
        "self_draw_only (it may win by self-draw only); no_win (it may not win, 小相公).",
        choices=tuple(P.WILD_PENALTY_CODES),
        source='Fuzhou: "打金牌的人只能自摸"; Tianjin 小相公: "该局此玩家不能胡牌"',
    )
    wild_single_wait_self_draw_only: bool = _doc(
        False,
        "wilds",
        "A hand whose wait is a lone wild (any tile completes it) wins by self-draw only.",
        source='Ningbo: "财神单吊时，不能捉冲，只能自摸"',
    )
    wild_substitutes: str = _doc(
        "any",
        "wilds",
        "What a wild may stand for: any tile, or simples only (never a 1, a 9 or an honour).",
        choices=tuple(P.WILD_SUBST_CODES),
        source="Yingkou: 会",
    )
    wild_fifth_copy: bool = _doc(
        False,
        "wilds",
        "A wild may stand for a fifth copy of a kind (赖子当第五张): four natural 5m and a wild "
        "read as a pung and a pair of 5m. False: the natural copies of a kind plus the wilds "
        "standing for it are at most 4. Read by the win, ready and wait checks and the shanten "
        "(the kernels' modifier bit SHAPE_WILD_FIFTH); inert without wilds; not with "
        "wild_substitutes=simples.",
        source="a reading the rule texts leave open (wild-tile tables differ)",
    )
    wild_stand_in: int = _doc(
        -1,
        "wilds",
        "A kind whose copies count as natural copies of the (first) wild kind in win checks "
        "and in a fan table's scoring; -1: none.",
        values="-1 or a kind 0..33",
        source="Fujian 百搭: 31 (White dragon); Anqing: 33 (Red dragon)",
    )
    three_wild_win: bool = _doc(
        False,
        "wilds",
        "Holding three wilds on one's own turn is a win, whatever the rest of the hand.",
        source="Fuzhou 三金倒; Hangzhou 三财倒",
    )
    honors_are_flowers: bool = _doc(
        False,
        "wilds",
        "The honour tiles play as flowers: set aside on the deal and on every draw, replaced "
        "from the wall tail and counted among the seat's flowers.",
        source='Fuzhou: "花牌只用作记分"',
    )
    kong_only_tiles: str = _doc(
        "none",
        "wilds",
        "Tiles that are never discarded or called: on its turn a seat sets one aside face up "
        "(action KONG + k) and draws a replacement from the tail; a hand holding one cannot "
        "win; the scorer counts them. red_dragon: the Red dragons, set aside when the seat "
        "chooses; two_dragons: Green and White (or the two dragons other than a dragon wild "
        "钻), set aside at the holder's turn (anqing; the former spelling anqing is read as "
        "two_dragons); seven_pi: 七皮四赖, the 皮子 (the turned kind's three other copies and "
        "the four of the kind before it), set aside when the seat chooses, 红中 an ordinary "
        "tile (needs wild_rule=indicator_next with one offset).",
        choices=tuple(P.KONG_ONLY_CODES),
        source='Wuhan: 红中; the Hubei room option 七皮四赖杠; Anqing: "必须亮出"',
    )
    flower_instant_win: int = _doc(
        0,
        "winning",
        "8: a seat holding all eight flowers wins at once (八花齐); 0: off.",
        values="0 or 8",
        source="Shanghai: 八花齐",
    )
    wild_kong: bool = _doc(
        False,
        "wilds",
        "On its own turn a seat may set one wild aside face up with a replacement from the "
        "tail (action DECLARE + 3, 赖子杠); the scorer counts them.",
        source="Wuhan: 赖子杠",
    )
    flower_replacement: str = _doc(
        "auto",
        "wilds",
        "auto: a drawn flower is set aside and replaced at once. action: after the opening "
        "replacement a drawn flower stays in the hand until its holder exposes it on a turn "
        "that began with a draw (杠花, action DECLARE + 2, with a replacement from the tail); not "
        "in a turn begun by a claim.",
        choices=tuple(P.FLOWER_REPLACEMENT_CODES),
        source='Ningbo: "打出手中的花牌，叫杠花，要补一张牌"; "碰后不能立即杠牌（包括杠花）"',
    )
    opening_flower_order: str = _doc(
        "seat",
        "wilds",
        "The order of the opening flower replacement from the wall tail, after the deal. seat: "
        "each seat in turn from the dealer sets aside its flowers and replaces them, a flower "
        "drawn as a replacement being replaced at once, before the next seat starts. rounds: "
        "in each round every seat that holds a flower, in turn from the dealer, sets aside all "
        "it holds and draws as many; a flower drawn waits for the next round; rounds repeat "
        "until no seat holds a flower. Wild flowers stay in the hand either way.",
        choices=tuple(P.OPENING_FLOWER_ORDER_CODES),
        source='Guobiao (seat): "首先由庄家补花，再由南家、西家、北家逐次补完"; Fuzhou (rounds): '
        '"通过多轮直到所有玩家手上的牌均是“索、万、饼”为止"',
    )
    wild_flower_groups: bool = _doc(
        False,
        "wilds",
        "A turned flower makes its group wild: a season the four seasons, a plant the four "
        "plants. The indicator is turned before the opening replacement and may be a flower; "
        "wild flowers stay in the hand, are never replaced, exposed or scored as flowers, and "
        "cannot be discarded.",
        source='Ningbo: "春夏秋冬四张都作为百搭牌"; "花牌做百搭牌后不再具有花牌性质"',
    )
    grab_wild: bool = _doc(
        False,
        "opening",
        "抢金: the turned gold (the indicator, wild at offset 0) may be taken by a seat it "
        "completes, as a self-draw win: the dealer on its first turn (action DECLARE + 5, after "
        "discarding a useless tile), the other seats right after the dealer's first discard "
        "(DECLARE + 5 or PASS, the dealer's next seat first). Priority: the dealer's heavenly "
        "win > a non-dealer > the dealer. A shape win only, never 三金倒.",
        source="Fuzhou: 抢金",
    )
    wild_wait_context: bool = _doc(
        False,
        "scoring",
        "Tell the scorer about lone-wild waits: 爆头 (the winner's hand without the winning "
        "tile waited on every tile with a wild) and 财飘 (the wilds a seat discarded from such "
        "a hand).",
        source='Hangzhou: "讲究爆头、财飘"',
    )
    treasure_source: str = _doc(
        "last_wall_tile_after_deal",
        "wilds",
        'How the 宝 is chosen (wild_rule="treasure"): last_wall_tile_after_deal (the last wall '
        "tile, taken out of play); dice_from_tail_at_first_ready (at the first ready seat's "
        "next draw, the top tile of the d-th stack from the tail, d = the sum of two dice; it "
        "stays in the wall).",
        choices=tuple(P.TREASURE_SOURCE_CODES),
        source='Harbin: "牌墙中的最后一张牌为“宝”牌"; Changchun: dice from the tail',
    )
    treasure_change_at: int = _doc(
        3,
        "wilds",
        "换宝: a new 宝 is chosen once this many copies of the 宝 kind are visible (0: never). "
        "With last_wall_tile_after_deal the old 宝 goes to the dealer's river and the new last "
        "wall tile is taken; with the dice the dice are rolled again.",
        values="0..4",
        source='Changchun: "三张宝牌被打出，就要重新打骰子换宝"',
    )
    treasure_count_melds: bool = _doc(
        False,
        "wilds",
        "Melded copies of the 宝 kind count as visible for treasure_change_at (Harbin 明现); "
        "False: discards only (Changchun).",
    )
    treasure_match_wins: bool = _doc(
        False,
        "wilds",
        "对宝: a ready seat that has looked at the 宝 wins at its turn when the 宝 kind "
        "completes its hand (the drawn tile stands for it).",
        source="Changchun: 对宝",
    )

    # ---- what may win
    win_shapes: tuple[str, ...] = _doc(
        ("standard", "seven_pairs"),
        "winning",
        "The winning shapes: standard (sets and a pair), seven_pairs, thirteen_orphans, knitted "
        "(全不靠 / 七星不靠), knitted_straight (组合龙 with a set and a pair), shisanlan (十三烂), "
        "all_258_free (将将胡: every tile a 2, 5 or 8, no structure), all_honors_free (every "
        "tile an honour, no structure: 风一色 / 乱风), knitted_honor_pair (十三不靠 with an "
        "honour pair).",
        choices=tuple(P.SHAPE_CODES),
    )
    pair_rule: str = _doc(
        "any",
        "winning",
        "The pair of a standard win: any; 258 (a 2, 5 or 8 of a suit, 将); not28 (not a 2 or "
        "an 8).",
        choices=tuple(P.PAIR_CODES),
    )
    honor_chows: str = _doc(
        "none",
        "winning",
        "Honour sets that count as sequences: none; winds (three different winds); dragons "
        "(the three dragons); both.",
        choices=tuple(P.HONOR_CHOW_CODES),
        source="Nanchang",
    )
    suit_rule: str = _doc(
        "none",
        "winning",
        "The suits a win may hold: none (no rule); missing_one (at most two suits, 缺一门); "
        "all_three (all three suits, 三门齐); one_suit_8 (at least 8 tiles of one suit, "
        "一门八张); at_least_two (at least two suits; honours are no suit).",
        choices=tuple(P.SUIT_CODES),
    )
    must_open: bool = _doc(False, "winning", "A win needs at least one exposed meld.")
    must_have_pung: bool = _doc(
        False,
        "winning",
        "A win needs a pung or kong (melded, or a concealed triplet).",
    )
    must_have_terminal: bool = _doc(
        False,
        "winning",
        'A win needs a terminal or honour tile (幺九). Same as terminal_rule="terminal_or_honor".',
    )
    must_be_ready: bool = _doc(
        False,
        "ready",
        "Only a seat that has declared ready may win. Needs allow_ready.",
    )
    min_fan: int = _doc(
        0,
        "winning",
        "The smallest hand value (in the scorer's units) that may win.",
        values="integer >= 0",
    )
    self_draw_only: bool = _doc(False, "winning", "No win on a discard: self-draw only.")
    allow_ready: bool = _doc(
        False,
        "ready",
        "Declaring ready (报听) is an action: READY_DISCARD + k discards k and declares.",
    )
    missed_win_lockout: str = _doc(
        "until_next_draw",
        "lockouts",
        "After a seat passes a win on a discard: none; until_next_draw (no discard win until "
        "its next draw); whole_hand (none for the rest of the hand); same_tile_until_move (no "
        "win on the passed kind until the seat draws or calls, 漏和); "
        "same_tile_until_next_draw (no win on the passed kind until its next draw, 漏胡).",
        choices=tuple(P.LOCKOUT_CODES),
    )
    multi_winner: str = _doc(
        "all",
        "winning",
        "When several seats win on one discard: all (every claimant wins); nearest (head bump "
        "截和: the first in turn order after the discarder); nearest_wild_pair_first (head "
        "bump, but the nearest winner whose pair is two wilds beats nearer seats); all_max2 (up "
        "to two winners; three claimants abort the hand).",
        choices=tuple(P.MULTI_CODES),
        source='Fuzhou 金雀: "不论位置先后，金雀优先胡"; Riichi: double ron',
    )
    rob_kong: str = _doc(
        "added",
        "winning",
        "Robbing a kong (抢杠): none; added (a tile added to a pung may be won on); "
        "added_and_concealed (a concealed kong too, by thirteen orphans only).",
        choices=tuple(P.ROB_CODES),
    )
    missed_win_scope: str = _doc(
        "auto",
        "lockouts",
        "What a passed win locks: all_waits (every discard win) or tile (the passed kind only); "
        "auto: as missed_win_lockout says.",
        choices=("auto", *P.MW_SCOPE_CODES),
    )
    missed_win_lift: str = _doc(
        "auto",
        "lockouts",
        "What lifts the lock of a passed win: own_draw (the seat's next draw); any_move (its "
        "next draw, chow, pung or kong: 动牌); own_discard (its next discard); auto: as "
        "missed_win_lockout says. Ignored for whole_hand.",
        choices=("auto", *P.MW_LIFT_CODES),
    )
    missed_win_unready_only: bool = _doc(
        False,
        "lockouts",
        "The lock of a passed win binds only seats that have not declared ready.",
        source='Yantai: "在没有听牌状态下，在同一圈牌里不能弃先和后"',
    )
    missed_win_threshold: str = _doc(
        "none",
        "lockouts",
        "What a locked seat may still win (过胡): none (no locked discard win, whatever it is "
        "worth); higher_value (a discard win worth more than every win the seat passed since "
        "its lock began, in the scoring family's unit: fan for Sichuan, the money of one "
        "discard win for Changsha, so a big win after a passed small one). Inert without a "
        "lock.",
        choices=tuple(P.MW_THRESHOLD_CODES),
        source='Changsha 漏胡: "只对该玩家漏胡的那张牌有效" (the lock itself); 过胡 of Sichuan tables',
    )
    own_discard_lockout: str = _doc(
        "none",
        "lockouts",
        "none; win (furiten: no discard win while any wait is among the seat's own discards); "
        "win_and_chow (a kind the seat once discarded may never be chowed or won by it).",
        choices=tuple(P.OWN_DISCARD_CODES),
        source='Riichi: furiten; Jiangnan: "曾放过的牌既不能上，更不能和"',
    )
    ready_lockout_whole_hand: bool = _doc(
        False,
        "lockouts",
        "A ready seat that passes a win may not win on a discard for the rest of the hand.",
        source="Riichi: furiten after riichi",
    )
    min_fan_discard: int = _doc(
        0,
        "winning",
        "The smallest value of a win on a discard or by robbing a kong (with min_fan, the "
        "larger applies).",
        values="integer >= 0",
    )
    min_fan_self_draw: int = _doc(
        0,
        "winning",
        "The smallest value of a self-draw win (with min_fan, the larger applies).",
        values="integer >= 0",
    )
    rob_kong_by_pung: bool = _doc(
        False,
        "calls",
        "A tile added to a pung may be punged by another seat instead of won on; the added kong "
        "is then void (抢叉). Needs rob_kong.",
    )
    rob_kong_as_self_draw: bool = _doc(
        False,
        "winning",
        "Robbing a kong counts as a self-draw: legal under self_draw_only, scored as a "
        "self-draw, and the robbed seat pays every share (抢杠全包). Needs rob_kong.",
    )
    win_filter: str = _doc(
        "none",
        "winning",
        "A further win condition, applied to the win and to the ready declaration: none; "
        "pung_or_dragon_pair (the pung a win needs may be any kong, or a dragon pair as the "
        "eye; changchun); pung_or_red_dragon_pair (a pair of Red dragons counts as the pung a "
        "win needs; harbin); seven_pairs_258_pair (seven pairs need a 2-5-8 pair; rizhao); "
        "small_win_258_pair (屁胡, a hand with no big-hand pattern: at most one wild and a 2-5-8 "
        "pair; wuhan); plain_discard_needs_kong (a 平胡 wins on a discard only with a 豆, kong "
        'income this hand, on a 热炮 or by robbing a kong; needs kong_payment_timing="immediate"; '
        "guizhou). The former spellings changchun, harbin, rizhao, wuhan and guizhou are read as "
        "these names.",
        choices=tuple(P.WIN_FILTER_CODES),
        source='Guizhou: "在有“豆”情况下允许点胡"',
    )
    seven_pairs_quads: bool = _doc(
        True,
        "winning",
        "Seven pairs may hold four of a kind as two pairs; False: the seven pairs are distinct "
        "(Riichi).",
    )
    free_honors: str = _doc(
        "any",
        "winning",
        "The honours the all_honors_free shape accepts: any, or winds only.",
        choices=tuple(P.FREE_HONORS_CODES),
        source="Rizhao: winds",
    )
    open_hand_self_draw_only: bool = _doc(
        False,
        "winning",
        "After a chow, pung or exposed kong a seat wins by self-draw only.",
        source='Beijing: "吃碰后只能自摸，不能捉铳"',
    )
    terminal_rule: str = _doc(
        "none",
        "winning",
        "What a win must hold: none; terminal (a 1 or 9 of a suit); terminal_or_honor (a 1, 9 "
        "or honour, 幺九); terminal_or_red (a 1, 9 or Red dragon); terminal_or_dragon_pung (a "
        "1, 9, or a pung or kong of dragons).",
        choices=tuple(P.TERMINAL_CODES),
    )
    must_have_chow: bool = _doc(
        False,
        "winning",
        "A win needs a chow (exposed, or a sequence in the concealed hand).",
    )
    must_have_258_tile: bool = _doc(
        False, "winning", "A standard win holds at least one 2, 5 or 8."
    )
    discard_win_requires_ready: bool = _doc(
        False,
        "ready",
        "A win on a discard needs a ready declaration; self-draws do not. Needs allow_ready.",
    )
    ready_exempt_kong_replacement: bool = _doc(
        False,
        "ready",
        "must_be_ready is waived for a win on a kong's replacement tile. Needs must_be_ready.",
        source='Rizhao: "必须听牌才能和牌（杠开除外）"',
    )
    single_tile_win: str = _doc(
        "any",
        "winning",
        "A win with a single concealed tile left (手把一): any, or all_pungs_only (only with no "
        "chow meld).",
        choices=tuple(P.SINGLE_TILE_CODES),
    )
    ready_modes: tuple[str, ...] = _doc(
        ("hidden",),
        "ready",
        "The kinds of ready declaration, one or two: hidden (暗听: nothing shown); shown (明楼 "
        "/ 明打: the hand is exposed); shown_self_draw_only (明摸: exposed, self-draw wins "
        "only). The first is declared by READY_DISCARD + k, the second by READY_SHOWN + k.",
        choices=tuple(P.READY_MODE_CODES),
        source="Yantai: 明楼 / 暗楼",
    )
    ready_requires_closed: bool = _doc(
        False,
        "ready",
        "Declaring ready needs a hand with no exposed meld (Riichi). Needs allow_ready.",
    )
    ready_deposit: int = _doc(
        0,
        "ready",
        "Points a seat puts on the table when it declares ready (Riichi: 1000); the first "
        "winner of the hand takes them; after a drawn hand they stay on the table (see "
        "carry_deposits).",
        values="integer >= 0",
    )
    ready_min_points: int = _doc(
        0,
        "ready",
        "A seat whose points (start_points + its running score) are below this may not declare "
        "ready (Riichi: 1000, the deposit it could not pay); 0 = no floor. Needs allow_ready.",
        values="integer >= 0",
    )
    start_points: int = _doc(
        0,
        "match",
        "Points each seat holds when a match starts (Riichi: 25000). Scores in records and "
        "outcomes stay relative to it; rules that look at a seat's points (ready_min_points) "
        "add it.",
        values="integer >= 0",
    )
    match: str = _doc(
        "hands",
        "match",
        "What a game is (mjsim.play_games: whole games with final placements): hands "
        "(hands only, no game end: mjsim.simulate's independent hands or matches of "
        "match_hands hands); east (東風戦: one round, each seat deals at least once); "
        "east_south (半荘戦: the East and South rounds). A game ends when the deal passes "
        "after the last hand of its last round, or earlier by bust and agari_yame / "
        "tenpai_yame; west_extension plays on.",
        choices=("hands", "east", "east_south"),
        source="Tenhou (https://tenhou.net/man/): 東風戦 and 東南戦; WRC rules 2015, 'End of the game': a "
        "hanchan of East and South rounds",
    )
    bust: bool = _doc(
        False,
        "match",
        "A seat with fewer than 0 points (start_points + its score) after a hand ends the game "
        "(飛び; exactly 0 plays on). Needs match != hands.",
        source="Tenhou and Mahjong Soul: on; WRC rules 2015: off (a score below zero plays on)",
    )
    agari_yame: bool = _doc(
        False,
        "match",
        "The game ends after the last hand of the last round when its dealer wins and is then "
        "first (ties by seat order from the first dealer), though the dealer would deal again "
        "(和了止め, automatic). Needs match != hands.",
        source="Tenhou and Mahjong Soul: on; WRC rules 2015, 'No agari yame'",
    )
    tenpai_yame: bool = _doc(
        False,
        "match",
        "As agari_yame, for the last dealer ready at an exhaustive draw (聴牌止め). Needs match "
        "!= hands.",
        source="Tenhou: on",
    )
    west_extension: bool = _doc(
        False,
        "match",
        "When no seat has target_points after the last round, the game goes on into the next "
        "round (東風戦 into South, 半荘戦 into West) and ends after the first hand that leaves a "
        "seat with target_points or more, or when that round is over (sudden death, 西入 / "
        "南入). Needs match != hands and target_points > 0.",
        source="Tenhou and Mahjong Soul: on, target 30,000",
    )
    target_points: int = _doc(
        0,
        "match",
        "The points a seat must reach for the game to end after the last round "
        "(west_extension); 0 = none.",
        values="integer >= 0",
    )
    return_points: int = _doc(
        0,
        "match",
        "Final placement points: each seat's points minus this (返し点), the difference to "
        "start_points of every seat going to the first (oka); 0 = start_points (no oka).",
        values="integer >= 0",
        source="Tenhou: 30,000 from a 25,000 start (oka 20,000); WRC: 30,000 from 30,000 (no oka)",
    )
    uma: tuple[int, ...] = _doc(
        (),
        "match",
        "Final placement points by place (ウマ), first to last, in points, summing to 0; () = "
        "none. Needs one value per seat.",
        values="n_players integers summing to 0, or ()",
        source="Tenhou: 20000, 10000, -10000, -20000 (10-20); WRC rules 2015, 'Hanchan score and uma': 15000, "
        "5000, -5000, -15000",
    )
    placement_ties: str = _doc(
        "seat_order",
        "match",
        "Seats with equal final points: seat_order (the one nearer the first dealer in turn "
        "order places higher) or split (they share the uma of their places equally, and the "
        "oka, if first).",
        choices=("seat_order", "split"),
        source="Tenhou: seat_order; WRC rules 2015, 'Hanchan score and uma': split",
    )
    carry_deposits: bool = _doc(
        False,
        "match",
        "Deposits left on the table by a drawn hand (exhaustive or abortive) are carried into "
        "the next hand of the match and go to its first winner (Riichi 供托). Needs "
        "ready_deposit > 0.",
    )
    dora: bool = _doc(
        False,
        "scoring",
        "Dora indicators in the dead wall (one, plus one per kong; ura dora for a ready winner) "
        'are passed to the scorer. Needs scoring="riichi" and wall_reserve >= 14.',
    )
    noten_penalty: int = _doc(
        0,
        "scoring",
        "At an exhaustive draw the seats that are not ready pay this total to the ready seats "
        "(Riichi: 3000).",
        values="integer >= 0",
    )
    nagashi_mangan: bool = _doc(
        False,
        "end",
        "Riichi 流し満貫: at an exhaustive draw a seat whose discards are all terminals and "
        "honours, none of them claimed, is paid a mangan as on a self-draw (4000 from each seat "
        "for the dealer; 4000 from the dealer and 2000 from the others for a non-dealer); the "
        'noten payments are then not made. Needs scoring="riichi".',
    )
    kazoe_limit: str = _doc(
        "yakuman",
        "scoring",
        "Riichi kazoe: a hand of 13 or more han without a yakuman is a counted yakuman "
        '(yakuman) or is capped at sanbaiman (sanbaiman). Needs scoring="riichi".',
        values="yakuman, sanbaiman",
    )
    renhou: str = _doc(
        "off",
        "scoring",
        "Riichi 人和 (renhou: a non-dealer's discard win before its first draw, no call made "
        'yet): off (not a yaku), mangan (a 5-han yaku) or yakuman. Needs scoring="riichi".',
        values="off, mangan, yakuman",
    )
    pao: tuple[str, ...] = _doc(
        (),
        "scoring",
        "Riichi pao 責任払い: a seat whose discard is claimed (pung or exposed kong) for the last "
        "set of one of these yakuman is liable when the caller wins with it: daisangen (大三元: "
        "the third dragon set), daisuushii (大四喜: the fourth wind set), suukantsu (四槓子: the "
        "fourth kong, an exposed kong of that discard). On a self-draw the liable seat pays the "
        "whole value and the honba; on a discard win by another seat the discarder and the "
        "liable seat pay half each, and the liable seat the honba; a discard win by the liable "
        'seat is paid as usual. Needs scoring="riichi".',
        choices=tuple(P.PAO_CODES),
        source="Tenhou (https://tenhou.net/man/): pao for daisangen and daisuushii, honba paid by "
        "the liable seat; suukantsu pao is a rule of some Japanese rule sets (off on Tenhou, "
        "Mahjong Soul and in the WRC rules)",
    )
    kan_dora_timing: str = _doc(
        "immediate",
        "scoring",
        "When a kong's kan dora indicator is turned: immediate (when the kong stands, before "
        "its replacement tile is drawn); after_discard (Tenhou: a concealed kong's at once, an "
        "exposed or added kong's when the konger next discards or declares another kong, so a "
        "win on the replacement tile does not count it and a win on that discard does). "
        "Needs dora.",
        choices=tuple(P.KAN_DORA_TIMING_CODES),
        source="Tenhou (https://tenhou.net/man/) and Mahjong Soul: after_discard; some rule "
        "sets turn every kan dora at once",
    )
    red_fives: tuple[int, ...] = _doc(
        (0, 0, 0),
        "scoring",
        "Red fives (赤ドラ, aka dora) in the wall: how many of the four 5m, 5p and 5s are red, "
        "as (m, p, s). A red five plays as a five and adds one han to a winning hand that holds "
        "it, concealed or in a meld (it is not a yaku). Written 0m / 0p / 0s. A seat holding a "
        "red and a plain five of a kind discards, and calls with, the plain copy first: the red "
        "copy leaves the hand only when it is the last five of that kind there. Needs "
        'scoring="riichi".',
        values="three integers (m, p, s), each 0 .. the copies of that five in the tile set",
        source="Tenhou and Mahjong Soul: one of each, (1, 1, 1); WRC rules: none, (0, 0, 0)",
    )
    missing_seat_payment: str = _doc(
        "tsumo_loss",
        "scoring",
        "Three-player Riichi (sanma): the share the absent fourth seat would pay on a self-draw. "
        "tsumo_loss (ツモ損): nobody pays it, the winner gets only the two present seats' shares; "
        "bisection (北家折半): it is split between the two payers (each share rounded up to "
        "100). With four players there is no missing seat and the value is not read. Needs "
        'scoring="riichi" for bisection.',
        choices=tuple(P.MISSING_SEAT_CODES),
        source="Tenhou and Mahjong Soul three-player rules: tsumo_loss; north-bisection is a "
        "common house rule of Japanese sanma parlours",
    )
    flower_dora: bool = _doc(
        False,
        "scoring",
        "Each flower the winner has set aside adds one dora (not a yaku), and one more per dora "
        "indicator pointing at North (1z-4z order: the indicator West). Three-player Riichi "
        "plays the four Norths as such flowers (抜きドラ, kita): tile_counts holds no 4z and "
        "four flower copies, flowers='bonus' sets each aside with a replacement draw. Needs "
        'scoring="riichi" and flowers in the tile set.',
        source="Tenhou and Mahjong Soul three-player rules: a North set aside (kita) counts as "
        "one dora",
    )
    riichi_aborts: bool = _doc(
        False,
        "end",
        "Riichi's abortive draws (the dealer stays, nobody pays): 九種九牌 (action DECLARE + 4 "
        "on a seat's first uninterrupted draw with 9 or more terminal or honour kinds), "
        "四風連打, 四家立直 and 四槓散了 (four kongs by two or more seats); the last three once "
        "the discard is not won on. Needs four players and allow_ready.",
    )

    # ---- end of the hand
    wall_reserve: int = _doc(
        0,
        "end",
        "Tiles kept back at the end of the wall: normal draws stop when only this many remain.",
        values="integer >= 0",
    )
    reserve_per_kong: int = _doc(
        0,
        "end",
        "Extra tiles kept back per kong declared in the hand.",
        values="integer >= 0",
    )
    reserve_whole_stacks: bool = _doc(
        False,
        "end",
        "Count the reserve in whole stacks of two tiles (a single leftover tile is no stack). "
        'Same as reserve_rounding="floor_stacks".',
    )
    reserve_rounding: str = _doc(
        "tiles",
        "end",
        "How the live wall is measured against the reserve: tiles; floor_stacks (whole stacks "
        "of two only); ceil_stacks (a single tile at the tail counts as a stack).",
        choices=tuple(P.RESERVE_CODES),
        source='Jinan (ceil_stacks): "牌墙尾有一张也算一墩"',
    )
    reserve_per_concealed_kong: int = _doc(
        -1,
        "end",
        "Extra tiles kept back per concealed kong; -1: as reserve_per_kong.",
        values="-1 or an integer >= 0",
        source="Yantai and Weihai: 2 per exposed or added kong, 4 per concealed kong",
    )
    reserve_free_kongs: int = _doc(
        0,
        "end",
        "The first N kongs of the hand leave the reserve unchanged.",
        values="0..4",
        source='Changchun, Taiyuan, Beijing (1): "1杠留7墩, 2杠留8墩"',
    )
    reserve_per_flower_quad: int = _doc(
        0,
        "end",
        "Extra tiles kept back per four identical honour flowers one seat has set aside. Needs "
        "honors_are_flowers.",
        values="integer >= 0",
        source='Fuzhou (2): "个一样的花也要多留两张"',
    )
    last_tiles_self_draw_only: int = _doc(
        0,
        "end",
        "The last N drawable tiles: each drawer may only win by self-draw or discard the drawn "
        "tile, which nobody may claim or win on; no kong and no ready declaration.",
        values="0..16",
    )
    last_tiles_flower_replacement: bool = _doc(
        True,
        "end",
        "In the last_tiles_self_draw_only region a drawn flower is set aside and replaced from "
        "the tail (True), or set aside with no replacement (False): the drawer has no tile to "
        "play and the next seat draws. False needs last_tiles_self_draw_only > 0.",
        source='Fuzhou (False): "最后一组牌不再补花和出牌"',
    )
    abort_on_kongs: str = _doc(
        "none",
        "end",
        "Kongs that end the hand as a draw: none; three_players (kongs by three different "
        "seats, 三家杠荒牌); four_kongs_two_players (a fourth kong by two or more seats, "
        "四槓散了).",
        choices=tuple(P.ABORT_KONGS_CODES),
        source='Beijing: "三家杠荒牌"',
    )
    last_tile_replacement: str = _doc(
        "allowed",
        "end",
        "A kong declared with one live tile left: allowed (its replacement takes the last "
        "tile; Changsha: that hand has no 海底); kept_back (the last tile is never a kong "
        "replacement: no kong while only it is left, so the 海底 stays the 海底).",
        choices=tuple(P.LAST_TILE_REPLACEMENT_CODES),
        source='Changsha: "如果只有海底牌时候则取海底牌补张，并且该海底牌不做原有功能使用此局无海底牌"',
    )
    seabed_offer: str = _doc(
        "every_seat",
        "end",
        "Who is asked to take the last tile (海底漫游, scoring=changsha): every_seat (each seat "
        "in turn from the seat to draw); ready_seats (only seats whose hand is ready; the "
        "others are passed over as refusals).",
        choices=tuple(P.SEABED_OFFER_CODES),
        source='Changsha: "海底牌漫游：即玩家可选择是否要海底牌，按照座次轮询"',
    )
    seabed_refused: str = _doc(
        "drawn_hand",
        "end",
        "When every seat asked refuses the 海底 (scoring=changsha): drawn_hand (the hand is "
        "drawn; the first seat offered deals next); first_seat_takes (the first seat offered "
        "must take it: it wins with it or shows it, and the others may win on it, 海底炮).",
        choices=tuple(P.SEABED_REFUSED_CODES),
        source='Changsha: "如果四个玩家都不要海底牌，则下轮由第一个可以选择海底牌的玩家当庄家"',
    )

    # ---- before play, long hands
    missing_suit_choice: bool = _doc(
        False,
        "opening",
        "Each seat chooses a suit to void before play (定缺, action CHOOSE_SUIT + s) and must "
        "discard that suit first. Needs the three suits.",
        source="Sichuan: 定缺",
    )
    void_suit_kong: str = _doc(
        "none",
        "calls",
        "Kongs while a tile of the void suit (定缺) is still held: none (no kong at all); "
        "concealed (a concealed kong, 下雨, of another suit); any (any kong of another suit). "
        "Never a kong of the void suit itself. Inert without missing_suit_choice.",
        choices=tuple(P.VOID_KONG_CODES),
        source='Sichuan 定缺: "游戏中必须先打完该门花色，即手上不能留定缺花色的牌"',
    )
    blood_battle: bool = _doc(
        False,
        "end",
        "The hand goes on after a win until n_players - 1 seats have won (血战到底).",
        source="Sichuan: 血战到底",
    )
    forced_win_tiles: int = _doc(
        0,
        "winning",
        "With this many live tiles or fewer, a seat that can win must win (the only legal "
        "action is WIN); not applied with missing_suit_choice; 0: off.",
        values="integer >= 0",
        source='Sichuan (4): "最后四张自动胡"; "定缺规则中最后四张可以不胡"',
    )
    forced_win: str = _doc(
        "auto",
        "winning",
        "When a win is forced: none; last_n (the forced_win_tiles rule, needs forced_win_tiles "
        "> 0); when_ready (a ready seat must win whenever it can; forced_win_tiles, if > 0, "
        "still applies to every seat); last_tiles (a drawer in the last_tiles_self_draw_only "
        "region must win whenever it can: the table takes the win, needs "
        "last_tiles_self_draw_only > 0); auto: last_n if forced_win_tiles > 0, else none.",
        choices=("auto", *P.FORCED_WIN_CODES),
        source='Taiyuan (when_ready): "若能胡则系统强制胡牌"; Fuzhou (last_tiles): '
        '"若抓的牌就能胡牌则由服务器自动胡掉"',
    )

    # ---- dealer and carry-over between hands
    dealer_rotation: str = _doc(
        "winner_stays",
        "dealer",
        "Who deals the next hand: winner_stays (the dealer stays after its own win, otherwise "
        "the next seat deals); rotate (always the next seat); winner_deals (the first winner); "
        "discarder_deals (the discarder, or the robbed konger; after a self-draw the winner); "
        "random (a random seat each hand); hook (the scoring family's own rule: Changsha).",
        choices=tuple(P.DEALER_CODES),
    )
    dealer_stays_on_draw: bool = _doc(
        True,
        "dealer",
        'An exhaustive draw keeps the dealer. False is the same as dealer_on_draw="next".',
    )
    draw_multiplier: int = _doc(
        1,
        "match",
        "After a drawn hand the next hand's payments are multiplied by this, cumulatively "
        'while draws repeat (draw_counter_rule="multiply"); 1: no carry-over.',
        values="integer >= 1",
    )
    count_dealer_repeats: bool = _doc(
        False,
        "match",
        "Keep a count of the dealer's repeated hands (连庄) for the scorer.",
    )
    dealer_level_max: int = _doc(
        0,
        "match",
        "上楼: the dealer's level rises by 1, up to this, after a hand the dealer keeps or a "
        "drawn hand, and falls to 0 when the deal passes; hand payments (not kongs) double per "
        "level; 0: off.",
        values="0..8",
        source='Beijing (2): "庄家连庄或荒牌，上楼，仅有2层"; "杠不上楼"',
    )
    draw_dealer_stake: int = _doc(
        0,
        "match",
        "庄底子: after a drawn hand that keeps the dealer, the dealer's stake rises by this "
        "(back to 0 when the deal passes); every win payment between the dealer and another "
        "seat grows by the stake.",
        values="integer >= 0",
        source='Anqing (4): "荒庄庄连庄，庄底子加4，闲底子不变"',
    )
    repeat_counter: str = _doc(
        "dealer",
        "match",
        "How the carried repeat counter moves: dealer (+1 while the dealer stays, else back to "
        "0); honba (Riichi 本场: +1 after a dealer win or any drawn hand, abortive draws "
        "included; 0 after a non-dealer win).",
        choices=tuple(P.REPEAT_COUNTER_CODES),
    )
    draw_counter_rule: str = _doc(
        "multiply",
        "match",
        "How drawn hands raise the next hand's payments: multiply (x draw_multiplier per drawn "
        "hand; a win resets); double_per_draw (2 ** consecutive drawn hands, up to "
        "draw_multiplier_cap, then draw_multiplier_after_cap; a win resets); "
        "up_per_draw_down_per_win (荒番: +1 per drawn hand, -1 per win, payments x 2 while it is "
        "at least 1; shanghai, the former spelling).",
        choices=tuple(P.DRAW_COUNTER_CODES),
        source="Yantai, Weihai, Jinan, Rizhao: double_per_draw; Shanghai: 荒番",
    )
    draw_multiplier_cap: int = _doc(
        32,
        "match",
        "double_per_draw: the largest multiplier.",
        values="1..2**20",
        source='Yantai: "翻至32倍"',
    )
    draw_multiplier_after_cap: int = _doc(
        32,
        "match",
        "double_per_draw: the multiplier once more drawn hands have passed than the cap allows.",
        values="1..2**20",
        source='Yantai (8): "5局以上荒庄按照8倍计算"; Weihai: 32',
    )
    dealer_on_draw: str = _doc(
        "stays",
        "dealer",
        "Who deals after an exhaustive draw: stays; next; next_if_any_kong (the next seat if "
        "any kong was declared, else the dealer stays); stays_if_ready (the dealer stays if its "
        "hand is ready).",
        choices=tuple(P.DRAW_DEALER_CODES),
        source="Taiyuan, Weihai: next_if_any_kong; Riichi: stays_if_ready",
    )
    dealer_after_multi_win: str = _doc(
        "rotation",
        "dealer",
        "Who deals after several seats win on one discard: rotation (as dealer_rotation "
        "decides); nearest_winner (the winner nearest the discarder in turn order); discarder; "
        "stays_if_dealer_won (the dealer if among the winners, else the nearest winner).",
        choices=tuple(P.MULTI_DEALER_CODES),
    )
    round_wind_rule: str = _doc(
        "fixed",
        "dealer",
        "The prevailing wind: fixed (the wind given at the deal is kept); advance_after_cycle "
        "(East, South, West, North, advancing when the deal returns to the match's first "
        "dealer).",
        choices=tuple(P.ROUND_WIND_CODES),
    )
    seating: str = _doc(
        "fixed",
        "dealer",
        "Who sits where in a match (SEATINGS): fixed (a player keeps its seat); "
        "swap_pairs_at_west (before the West round East swaps with South and West with North, "
        "and the original South deals first). Needs 4 players.",
        choices=tuple(SEATINGS),
        source='Guobiao: "第三圈（西圈）开始前，东家跟南家，西家跟北家对调座位，由原本的南家先做庄"',
    )

    # ---- scoring and settlement
    scoring: str = _doc(
        "hebei",
        "scoring",
        "The scoring and settlement family: the scorer that values a win and the payments it "
        "makes.",
        choices=tuple(P.SCORING_CODES),
    )
    score_values: tuple[int, ...] = _doc(
        HEBEI_SCORE_VALUES,
        "scoring",
        "The scoring family's table of values; its layout and length depend on the family "
        "(the default is hebei's table). Each amount is at most 2**20 so that payments cannot "
        "overflow.",
        values="integers >= 0; as many as the family reads",
    )
    fan_table: str = _doc(
        "",
        "scoring",
        "The fan table (scoring as data: rows, combine mode and payment record) that values a "
        "win; empty = the scoring family's own table when it is table-driven (hebei, jipinghu, "
        "tianjin, sichuan), else the "
        "family's scorer. The table's named parameters come from score_values in the family's "
        "layout.",
        values="a fan table id (docs/reference/fan_tables.md) or empty",
    )
    kong_payment_timing: str = _doc(
        "at_end",
        "scoring",
        "When kongs are paid: immediate (when declared, kept whatever happens); at_end (at the "
        "end of the hand, also on a drawn hand); void_on_draw (at the end; nothing on an "
        "exhaustive draw); winner_only (at the end, only to a konger who won the hand).",
        choices=tuple(P.KONG_PAY_CODES),
    )
    opening_same_rank_pairs: bool = _doc(
        False,
        "scoring",
        "三同 is also an opening small win (起手小胡, scoring=changsha): a pair of one rank in "
        "each of the three suits, one per such rank, paid as a small self-draw. False: the "
        "four opening small wins of the rule text.",
        source='Changsha: "增加了四喜、板板胡、六六顺、缺一色四种牌型" (the four); 三同 of later tables',
    )
    luxury_levels: bool = _doc(
        False,
        "scoring",
        "With 豪华七对 on (scoring=changsha, score_values[2] = 1): each four of a kind in 七小对 "
        "is one more big win (豪华 +1, 双豪华 +2, 三豪华 +3). False: one more however many.",
        source='Changsha: "豪华七对(有四张一样的)"; the levels as in Shandong tables: "超级豪华七对", '
        '"至尊豪华七对"',
    )
    kong_pay_rule: str = _doc(
        "auto",
        "scoring",
        "Who pays a kong: points (the scoring family's kong points, from every other seat); "
        'wind_and_rain (刮风下雨, with its ledger; needs scoring="sichuan"; sichuan, the former '
        'spelling); table (kong_pay_values; needs kong_payment_timing="immediate"); auto: '
        "wind_and_rain with the sichuan scoring family, else points.",
        choices=("auto", *P.KONG_RULE_CODES),
        source="Sichuan: 刮风下雨",
    )
    kong_pay_values: tuple[int, ...] = _doc(
        (),
        "scoring",
        'kong_pay_rule="table": three amounts: a concealed kong (each other seat still in '
        "pays), an added kong (each other seat still in pays), an exposed kong (its discarder "
        "pays).",
        values="empty, or 3 integers >= 0",
        source='Guizhou 豆 (20, 10, 10): "豆者20番"; Changchun (2, 1, 1); Qingyuan (2, 1, 3): '
        '"开杠杠谁的就谁多输3点，暗杠的话，三家每多家输2点"',
    )
    kong_hot_shot: str = _doc(
        "none",
        "scoring",
        "none; refund_and_pay (热炮: when a discard right after the discarder's kong is won on, "
        "the kong is refunded to its payers and the konger pays each winner the kong's whole "
        'value on top of the win). Needs kong_payment_timing="immediate" and a kong_pay_rule '
        "other than wind_and_rain (which has 呼叫转移).",
        choices=tuple(P.HOT_SHOT_CODES),
        source='Guizhou: "点热炮者点炮前成的那个豆不算"',
    )
    follow_dealer: int = _doc(
        0,
        "scoring",
        "跟庄: when the first discards of an uninterrupted go-round (no call, no kong) are four "
        "tiles of one kind, the dealer pays each other seat this many units at once (0 = off). "
        "Needs four players.",
        values="integer >= 0",
        source="Guangdong push-down: 跟庄 (the dealer's first discard followed by the other three)",
    )
    kong_bloom_liable: bool = _doc(
        False,
        "scoring",
        "杠爆全包: a self-draw on the replacement tile of an exposed kong claimed from a discard "
        "is paid in full (every payer's share) by the seat that discarded the kong tile. Needs "
        "allow_exposed_kong and a scorer paid by a payment record (a fan table or sichuan).",
        source="Guangdong push-down: 杠爆全包; Guangdong chicken hand: 杠上开花包杠",
    )
    birds: int = _doc(
        0,
        "scoring",
        "Tiles revealed from the wall head after a win (the winning tile itself when the wall "
        "is empty); each names a seat by its rank counted from the dealer (1, 5, 9, East, Red: "
        "the dealer; 2, 6, South, Green: the next seat; 3, 7, West, White; 4, 8, North). Needs "
        "four players.",
        values="0..4",
        source='Changsha 扎鸟: "如果海底胡，即以海底为牌为鸟"',
    )
    bird_rule: str = _doc(
        "rank_seat",
        "scoring",
        "What the birds pay: rank_seat (扎鸟: each payer pays x (1 + birds on the winner + "
        "birds on the payer)); rank_seat_doubling (扎鸟, each bird doubles: x 2 ** (birds on "
        "the winner + birds on the payer); one bird pays double either way); horse (买马: each "
        "payer pays x (1 + horses on the winner)).",
        choices=tuple(P.BIRD_RULE_CODES),
        source='Changsha: 扎鸟, "被扎鸟的玩家赢输计分翻倍"; Guangdong push-down: 买马',
    )
    seabed_birds: str = _doc(
        "one",
        "scoring",
        "The birds after a win with the wall empty (海底): one (the winning tile is a single "
        "bird); all (it counts as every one of the birds, on its seat). Inert with birds <= 1.",
        choices=tuple(P.SEABED_BIRDS_CODES),
        source='Changsha 扎鸟: "如果海底胡，即以海底为牌为鸟"',
    )
    chicken_flip: str = _doc(
        "none",
        "scoring",
        "翻鸡: after a win (after_win) or a self-draw win (after_self_draw) the next undrawn "
        "tile is turned and the kind one rank above it (9: 1) is a chicken; none: off. "
        "Chickens are settled after a win, not on a drawn hand.",
        choices=tuple(P.CHICKEN_FLIP_CODES),
        source='Guizhou: "胡牌后翻开下一张未摸得牌，如翻开的是2万，即3万是鸡牌"; "自抠（自摸）后翻一张牌"',
    )
    open_chicken: bool = _doc(
        False,
        "scoring",
        "打明鸡: the tile of the third stack from the wall head after the deal (one stack "
        "further per kong declared) names a chicken the same way.",
        source='Guizhou: "起牌后三墩翻起"; "有杠牌就要翻第四墩"',
    )
    hero_chicken: bool = _doc(
        False,
        "scoring",
        "英雄鸡: 1s (幺鸡) is always a chicken.",
        source='Guizhou: "英雄鸡一条每次都是鸡"',
    )
    chicken_value: int = _doc(
        10,
        "scoring",
        "Each other seat pays this per chicken tile a seat holds, concealed or melded (one base "
        "unit = 10; the amount is a recommended reading, the rule text gives none).",
        values="integer >= 0",
    )
    pre_hand_bet: str = _doc(
        "none",
        "opening",
        "Stakes set after the deal, one seat at a time from the dealer (actions BET + k): "
        "none; paozi (下炮子: each seat stakes 0-4 炮子; each payer of a win pays base + "
        "炮子 of the winner + 炮子 of the payer, times the carried multiplier); sit_and_pull "
        "(坐庄 / 拉庄: the dealer sits, BET + 1, or not, BET + 0, then each other seat pulls 0-2 "
        "times; every payment between the dealer and seat X, wins and kong points alike, is x 2 "
        "if the dealer sat, x 2 ** pulls of X; tianjin, the former spelling).",
        choices=tuple(P.PRE_HAND_BET_CODES),
        source='Shaanxi: 下炮子; Tianjin: "庄家可选择是否坐庄"; "每个闲家最多可拉两次庄，每拉一庄倍数加倍"',
    )
    special_kongs: bool = _doc(
        False,
        "opening",
        "On its first turn a seat may expose special kongs from its dealt hand (action "
        "SPECIAL_KONG + g): 旋风杠 (East, South, West, North, with a replacement), 喜杠 "
        "(White, Green, Red), 幺蛋 (1m 1p 1s), 九蛋 (9m 9p 9s); each counts as a set and is "
        "paid as an added kong; a later copy of one of its kinds is an added kong on it "
        "(robbable).",
        source='Changchun: "特殊杠牌只有起手牌才算"',
    )
    wall_tiles_used: int = _doc(
        0,
        "table",
        "Only the first N tiles of the shuffled wall form the hand's wall (deal, draws and "
        "replacements); the rest is an unused pool, kept in the record's wall order. 0: the "
        "whole set.",
        values="0, or more tiles than are dealt",
        source='Two-player: "随机选出71 张牌进行游戏"',
    )
    opening_exchange: bool = _doc(
        False,
        "opening",
        "After the deal each seat from the dealer swaps held tiles with the unused pool, one "
        "DISCARD + k at a time (a pool tile comes in, k goes out); PASS ends its exchange; at "
        "most one swap per held tile. Needs wall_tiles_used.",
        source='Two-player: "不限张数"',
    )
    final_ready_draws: int = _doc(
        0,
        "end",
        "When the wall runs out, the first seat that declared ready draws up to N tiles from "
        "the unused pool and may win on each (as a self-draw); else the hand is drawn. Needs "
        "wall_tiles_used and allow_ready.",
        values="integer >= 0",
        source='Two-player: "由先听牌的玩家进行海底捞月"',
    )
    honor_set_exposure: bool = _doc(
        False,
        "opening",
        "放风 / 补风: before its first discard a seat may put out three different of East, "
        "South, West, North and Red, or the three dragons, one tile at a time (FENG + j), each "
        "with a replacement from the tail; afterwards a drawn honour may be put out at once "
        "(补风); each payer of a win pays the difference of the two seats' 补风 counts more.",
        source="Weihai: 放风 / 补风",
    )
    ready_first_discard_only: bool = _doc(
        False,
        "ready",
        "A ready declaration is legal only with the seat's first discard of the first "
        "go-round, before any call (扣听 / 天听: the declaration is the item). Needs allow_ready.",
        source='Common fan table: "扣听 庄打一张报听"',
    )
    wild_bonus: str = _doc(
        "none",
        "scoring",
        "精 bonus: at the end of the hand every seat's wild tiles held (concealed and melded) "
        "are paid by each other seat: n points, 2 for each tile of the first wild kind (正精, "
        "the lowest of wild_offsets) and 1 for each tile of the others (副精); 冲关 from 5 "
        "points on: (n - 3) x n; 霸王精: doubled when no other seat holds a wild. none; win "
        "(after a won hand only); every_hand (after a drawn hand too). Needs an indicator "
        "wild_rule.",
        choices=tuple(P.WILD_BONUS_CODES),
        source='Nanchang: "引入了霸王精、冲关等奖励分"; values from the Taihe 冲关 tables',
    )
    wild_bonus_feeder_pays: bool = _doc(
        False,
        "scoring",
        "精 bonus: a seat that reaches 冲关 only through 精 it claimed from discards (a call, "
        "or the discard or robbed kong tile it won on) is paid its 冲关 by the seat that "
        "fed the last of them, (n - 3) x n for each other seat; the other seats pay it n, "
        "as without 冲关. Needs wild_bonus.",
        source='Nanchang (南昌麻将怎么算子): "如果是因为某家打出了精被吃掉而冲关，其他的人照常'
        '结算，打出精的人要出冲关的钱"',
    )
    flower_bloom: bool = _doc(
        False,
        "scoring",
        "A self-draw on the replacement of a flower set aside counts as a win on a kong "
        "replacement (杠开, the kong_bloom pattern; not for 杠爆 liability). Needs flowers.",
        source='Jinan: "杠开 摸到花补牌或自己杠开"',
    )
    draw_ready_pay: bool = _doc(
        False,
        "scoring",
        "查大叫 at an exhaustive draw: a seat is ready when some tile would complete a win its "
        "rules allow (a discard win from its next seat, every win restriction applied); each "
        "seat not ready pays each ready seat that seat's best value over its waits by the fan "
        "table, as one share of the payment record (its amount and unit, capped at payer_cap). "
        "Needs scoring=table.",
        source="Wuhan published room rules: 查大叫 (荒庄查叫)",
    )
    short_discarder_split: bool = _doc(
        False,
        "scoring",
        "When several seats win on one discard and the discarder's points (start_points + its "
        "score before the hand + this hand's payments before these wins) cannot cover what it "
        "owes them, it pays what it has (nothing below 0), shared among the winners in "
        "proportion to what each is owed (the remainder to the nearest winner after the "
        "discarder). Needs start_points > 0 and multi_winner='all'.",
        source='Jinan: "如果点炮者的豆不够，则按照实际番数比例分配给这些用户"',
    )

    extra: dict[str, Any] = _doc(
        None,
        "identity",
        "Free-form notes for variant authors: not compiled, not compared.",
        values="a dict",
        default_factory=dict,
        compare=False,
        hash=False,
    )

    def __post_init__(self) -> None:
        for name, former in FORMER_VALUES.items():  # former spellings -> feature names
            v = getattr(self, name)
            if isinstance(v, str) and v in former:
                object.__setattr__(self, name, former[v])
        # normalise sequences given as lists (from JSON / the command line)
        for name in (
            "tile_counts",
            "wild_tiles",
            "win_shapes",
            "score_values",
            "ready_modes",
            "wild_offsets",
            "kong_pay_values",
            "pao",
            "uma",
            "red_fives",
        ):
            v = getattr(self, name)
            if isinstance(v, list | np.ndarray):
                object.__setattr__(self, name, tuple(v))
        for f in dataclasses.fields(self):  # numpy scalars -> the Python bool / int they hold
            v = getattr(self, f.name)
            if isinstance(v, tuple):
                object.__setattr__(self, f.name, tuple(_py_scalar(x) for x in v))
            else:
                object.__setattr__(self, f.name, _py_scalar(v))
        self.validate()

    # ------------------------------------------------------------------ validation
    def counts(self) -> tuple[int, ...]:
        """Copies per kind (42 ints) of the tile set in use."""
        if self.tile_counts is not None:
            return tuple(int(x) for x in self.tile_counts)
        return TILE_SETS[self.tile_set]

    def _validate_red_fives(self, counts: tuple[int, ...]) -> None:
        """``red_fives``: three integers (m, p, s), each at most the copies of that suit's five
        in the tile set; any red five needs the riichi scorer (aka dora)."""
        rf = self.red_fives
        if (
            not isinstance(rf, tuple)
            or len(rf) != 3
            or any(isinstance(x, bool) or not isinstance(x, int) for x in rf)
        ):
            raise ValueError(
                f"RuleSpec.red_fives={rf!r} must be three integers (m, p, s), e.g. (1, 1, 1)"
            )
        for suit, five in zip("mps", (4, 13, 22), strict=True):
            n = rf["mps".index(suit)]
            if not 0 <= n <= counts[five]:
                raise ValueError(
                    f"RuleSpec.red_fives: {n} red 5{suit} but the tile set has "
                    f"{counts[five]} copies of 5{suit} (0 .. {counts[five]})"
                )
        if any(rf) and self.scoring != "riichi":
            raise ValueError(
                f"RuleSpec.red_fives={rf!r} needs scoring='riichi' (red fives are aka dora; "
                f"got scoring={self.scoring!r})"
            )

    def _validate_game(self) -> None:
        """The game fields (``match`` .. ``placement_ties``): ``ValueError`` naming the field."""
        if self.match not in ("hands", "east", "east_south"):
            raise ValueError(
                f"RuleSpec.match={self.match!r}: legal values are hands, east, east_south"
            )
        if self.placement_ties not in ("seat_order", "split"):
            raise ValueError(
                f"RuleSpec.placement_ties={self.placement_ties!r}: legal values are "
                "seat_order, split"
            )
        for name in ("target_points", "return_points"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= SCORE_VALUE_MAX:
                raise ValueError(
                    f"RuleSpec.{name}={v!r} must be an integer in 0..{SCORE_VALUE_MAX}"
                )
        for name in ("bust", "agari_yame", "tenpai_yame", "west_extension"):
            v = getattr(self, name)
            if not isinstance(v, bool):
                raise ValueError(f"RuleSpec.{name}={v!r} must be a bool")
            if v and self.match == "hands":
                raise ValueError(
                    f"RuleSpec.{name}=True needs match='east' or 'east_south' (got match='hands')"
                )
        if self.west_extension and self.target_points <= 0:
            raise ValueError("RuleSpec.west_extension=True needs target_points > 0")
        uma = self.uma
        if not isinstance(uma, tuple) or any(
            isinstance(x, bool) or not isinstance(x, int) for x in uma
        ):
            raise ValueError(f"RuleSpec.uma={uma!r} must be a tuple of integers")
        if uma and (len(uma) != self.n_players or sum(uma) != 0):
            raise ValueError(
                f"RuleSpec.uma={uma!r} needs {self.n_players} values (one per place) summing "
                "to 0, or ()"
            )

    def validate(self) -> None:
        """Raise ``ValueError`` naming the field if the spec is impossible (a value of the
        wrong type included: :func:`check_field_types`)."""
        check_field_types(self)
        if self.n_players not in (2, 3, 4):
            raise ValueError(f"RuleSpec.n_players={self.n_players!r} must be 2, 3 or 4")
        if self.tile_set not in TILE_SETS:
            raise ValueError(
                f"RuleSpec.tile_set={self.tile_set!r} is not one of {sorted(TILE_SETS)}"
            )
        if self.tile_counts is not None:
            tc = self.tile_counts
            if len(tc) != N_KINDS_FLOWERS:
                raise ValueError(f"RuleSpec.tile_counts must have 42 entries, got {len(tc)}")
            for k, c in enumerate(tc):
                hi = 4 if k < N_KINDS else 1
                if not 0 <= int(c) <= hi:
                    raise ValueError(f"RuleSpec.tile_counts[{k}]={c} must be in 0..{hi}")
        counts = self.counts()
        total = sum(counts)
        if total > WALL_CAPACITY:
            raise ValueError(f"RuleSpec.tile_counts: {total} tiles exceed {WALL_CAPACITY}")
        _enum("flowers", self.flowers, P.FLOWER_CODES)
        n_flower_tiles = sum(counts[34:])
        if self.flowers == "none" and n_flower_tiles:
            raise ValueError(
                f"RuleSpec.flowers='none' but the tile set holds {n_flower_tiles} flower tiles"
            )
        if self.flowers != "none" and not n_flower_tiles:
            raise ValueError(f"RuleSpec.flowers={self.flowers!r} but the tile set has no flowers")
        if self.hand_size not in (12, 13, 16):
            raise ValueError(f"RuleSpec.hand_size={self.hand_size!r} must be 12, 13 or 16")
        if isinstance(self.imagined_wild, bool) or self.imagined_wild not in (0, 1):
            raise ValueError(f"RuleSpec.imagined_wild={self.imagined_wild!r} must be 0 or 1")
        if (self.hand_size == 12) != (self.imagined_wild == 1):
            raise ValueError(
                f"RuleSpec.hand_size={self.hand_size} with imagined_wild={self.imagined_wild}: "
                "a 12-tile hand needs the imagined wild (imagined_wild=1) and only it"
            )
        if self.chow_left_only and not self.allow_chow:
            raise ValueError("RuleSpec.chow_left_only=True needs allow_chow=True")
        if self.forbid_chow_same_discard and not self.allow_chow:
            raise ValueError("RuleSpec.forbid_chow_same_discard=True needs allow_chow=True")
        _enum("wild_rule", self.wild_rule, P.WILD_CODES)
        for k in self.wild_tiles:
            if not 0 <= int(k) < N_KINDS or counts[int(k)] == 0:
                raise ValueError(
                    f"RuleSpec.wild_tiles: kind {k} is not in the tile set {self.tile_set!r}"
                )
        if self.wild_rule == "fixed" and not self.wild_tiles:
            raise ValueError("RuleSpec.wild_tiles is empty but wild_rule='fixed'")
        if self.wild_rule != "fixed" and self.wild_tiles:
            raise ValueError(f"RuleSpec.wild_tiles given but wild_rule={self.wild_rule!r}")
        if self.wild_after_ready_only and (self.wild_rule == "none" or not self.allow_ready):
            raise ValueError(
                "RuleSpec.wild_after_ready_only=True needs a wild_rule and allow_ready=True"
            )
        self._validate_wilds(counts)
        self._validate_held_flowers_and_grab(counts)
        if not self.win_shapes:
            raise ValueError("RuleSpec.win_shapes is empty: nobody could ever win")
        for s in self.win_shapes:
            if s not in P.SHAPE_CODES:
                raise ValueError(f"RuleSpec.win_shapes: {s!r} is not one of {list(P.SHAPE_CODES)}")
        _enum("pair_rule", self.pair_rule, P.PAIR_CODES)
        if self.pair_rule != "any" and sum(counts[:27]) == 0:
            raise ValueError(f"RuleSpec.pair_rule={self.pair_rule!r} needs suited tiles")
        _enum("honor_chows", self.honor_chows, P.HONOR_CHOW_CODES)
        if self.honor_chows != "none" and not self.allow_chow:
            pass  # honour chows may still form concealed sequences
        if self.honor_chows in ("winds", "both") and min(counts[27:31]) == 0:
            raise ValueError(
                f"RuleSpec.honor_chows={self.honor_chows!r} needs the four winds in the tile set"
            )
        if self.honor_chows in ("dragons", "both") and min(counts[31:34]) == 0:
            raise ValueError(
                f"RuleSpec.honor_chows={self.honor_chows!r} needs the three dragons in the tile set"
            )
        _enum("suit_rule", self.suit_rule, P.SUIT_CODES)
        suits_present = sum(1 for s in range(3) if sum(counts[9 * s : 9 * s + 9]) > 0)
        if self.suit_rule == "all_three" and suits_present < 3:
            raise ValueError("RuleSpec.suit_rule='all_three' but the tile set lacks a suit")
        if self.missing_suit_choice and suits_present < 3:
            raise ValueError("RuleSpec.missing_suit_choice=True needs all three suits")
        if self.must_be_ready and not self.allow_ready:
            raise ValueError("RuleSpec.must_be_ready=True needs allow_ready=True")
        if not isinstance(self.min_fan, int) or self.min_fan < 0:
            raise ValueError(f"RuleSpec.min_fan={self.min_fan!r} must be an integer >= 0")
        _enum("missed_win_lockout", self.missed_win_lockout, P.LOCKOUT_CODES)
        _enum("multi_winner", self.multi_winner, P.MULTI_CODES)
        _enum("rob_kong", self.rob_kong, P.ROB_CODES)
        if self.rob_kong != "none" and self.self_draw_only and not self.rob_kong_as_self_draw:
            raise ValueError(
                "RuleSpec.rob_kong must be 'none' when self_draw_only=True "
                "(unless rob_kong_as_self_draw=True)"
            )
        # ---- ready deposits, dora, abortive draws, match carry-over
        for name in ("ready_deposit", "noten_penalty"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"RuleSpec.{name}={v!r} must be an integer >= 0")
        if self.ready_first_discard_only and not self.allow_ready:
            raise ValueError("RuleSpec.ready_first_discard_only=True needs allow_ready=True")
        if (self.ready_requires_closed or self.ready_deposit) and not self.allow_ready:
            raise ValueError("RuleSpec.ready_requires_closed / ready_deposit need allow_ready=True")
        if not isinstance(self.carry_deposits, bool):
            raise ValueError(f"RuleSpec.carry_deposits={self.carry_deposits!r} must be a bool")
        if self.carry_deposits and self.ready_deposit == 0:
            raise ValueError("RuleSpec.carry_deposits=True needs ready_deposit > 0")
        _enum("repeat_counter", self.repeat_counter, P.REPEAT_COUNTER_CODES)
        lm = self.dealer_level_max
        if isinstance(lm, bool) or not isinstance(lm, int) or not 0 <= lm <= 8:
            raise ValueError(f"RuleSpec.dealer_level_max={lm!r} must be an integer in 0..8")
        st = self.draw_dealer_stake
        if isinstance(st, bool) or not isinstance(st, int) or st < 0:
            raise ValueError(f"RuleSpec.draw_dealer_stake={st!r} must be an integer >= 0")
        if not isinstance(self.riichi_aborts, bool):
            raise ValueError(f"RuleSpec.riichi_aborts={self.riichi_aborts!r} must be a bool")
        if self.n_players != 4 and self.scoring in FOUR_SEAT_SCORING:
            # the settlement counts four seats: guobiao "(8+番数)×3" / "8×3+番数" (Chinese
            # Official rules); changsha's payments from "三家" and its bird seats counted
            # round four seats (扎鸟) - the rule texts give no 2- or 3-player form of either
            raise ValueError(
                f"RuleSpec.n_players={self.n_players}: scoring={self.scoring!r} settles a "
                "four-player table (its payments count three payers); use n_players=4"
            )
        if self.birds and self.n_players != 4:
            raise ValueError(
                f"RuleSpec.birds={self.birds} needs n_players=4 (bird seats are counted round "
                "four seats from the dealer)"
            )
        for name in ("ready_min_points", "start_points"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= SCORE_VALUE_MAX:
                raise ValueError(
                    f"RuleSpec.{name}={v!r} must be an integer in 0..{SCORE_VALUE_MAX}"
                )
        if self.ready_min_points and not self.allow_ready:
            raise ValueError("RuleSpec.ready_min_points > 0 needs allow_ready=True")
        if not isinstance(self.forbid_pung_same_discard, bool):
            raise ValueError(
                f"RuleSpec.forbid_pung_same_discard={self.forbid_pung_same_discard!r} must be a bool"
            )
        if self.forbid_pung_same_discard and not self.allow_pung:
            raise ValueError("RuleSpec.forbid_pung_same_discard=True needs allow_pung=True")
        if not isinstance(self.nagashi_mangan, bool):
            raise ValueError(f"RuleSpec.nagashi_mangan={self.nagashi_mangan!r} must be a bool")
        if self.kazoe_limit not in ("yakuman", "sanbaiman"):
            raise ValueError(
                f"RuleSpec.kazoe_limit={self.kazoe_limit!r}: legal values are yakuman, sanbaiman"
            )
        if self.renhou not in ("off", "mangan", "yakuman"):
            raise ValueError(
                f"RuleSpec.renhou={self.renhou!r}: legal values are off, mangan, yakuman"
            )
        for name, off in (("nagashi_mangan", False), ("kazoe_limit", "yakuman"), ("renhou", "off")):
            if getattr(self, name) != off and self.scoring != "riichi":
                raise ValueError(
                    f"RuleSpec.{name}={getattr(self, name)!r} needs scoring='riichi' "
                    f"(got scoring={self.scoring!r})"
                )
        if not isinstance(self.pao, tuple) or len(set(self.pao)) != len(self.pao):
            raise ValueError(f"RuleSpec.pao={self.pao!r} must be a tuple of distinct names")
        for name in self.pao:
            if name not in P.PAO_CODES:
                raise ValueError(f"RuleSpec.pao: {name!r} is not one of {', '.join(P.PAO_CODES)}")
        if self.pao and self.scoring != "riichi":
            raise ValueError(
                f"RuleSpec.pao={self.pao!r} needs scoring='riichi' (got scoring={self.scoring!r})"
            )
        _enum("kan_dora_timing", self.kan_dora_timing, P.KAN_DORA_TIMING_CODES)
        _enum("missing_seat_payment", self.missing_seat_payment, P.MISSING_SEAT_CODES)
        if self.missing_seat_payment != "tsumo_loss" and (
            self.scoring != "riichi" or self.n_players != 3
        ):
            raise ValueError(
                f"RuleSpec.missing_seat_payment={self.missing_seat_payment!r} needs "
                f"scoring='riichi' and n_players=3 (got scoring={self.scoring!r}, "
                f"n_players={self.n_players})"
            )
        if self.flower_dora and (self.scoring != "riichi" or self.flowers == "none"):
            raise ValueError(
                "RuleSpec.flower_dora=True needs scoring='riichi' and flowers in play "
                f"(got scoring={self.scoring!r}, flowers={self.flowers!r})"
            )
        self._validate_red_fives(counts)
        if self.kan_dora_timing != "immediate" and not self.dora:
            raise ValueError(f"RuleSpec.kan_dora_timing={self.kan_dora_timing!r} needs dora=True")
        self._validate_game()
        if self.riichi_aborts and (self.n_players != 4 or not self.allow_ready):
            raise ValueError("RuleSpec.riichi_aborts=True needs n_players=4 and allow_ready=True")
        if self.dora and (self.scoring != "riichi" or self.wall_reserve < 14):
            raise ValueError(
                "RuleSpec.dora=True needs scoring='riichi' and wall_reserve >= 14 (dead wall)"
            )
        if self.rob_kong == "added" and not self.allow_added_kong:
            raise ValueError("RuleSpec.rob_kong='added' but allow_added_kong=False")
        dealt = self.n_players * self.hand_size + 1
        if dealt >= total - n_flower_tiles:
            raise ValueError(
                f"RuleSpec.hand_size={self.hand_size}: dealing {dealt} tiles leaves no wall "
                f"({total} tiles)"
            )
        wall = total - n_flower_tiles - dealt
        for name in ("wall_reserve", "reserve_per_kong"):
            v = getattr(self, name)
            if not isinstance(v, int) or v < 0:
                raise ValueError(f"RuleSpec.{name}={v!r} must be an integer >= 0")
        _enum("reserve_rounding", self.reserve_rounding, P.RESERVE_CODES)
        if self.reserve_whole_stacks and self.reserve_rounding == "ceil_stacks":
            raise ValueError(
                "RuleSpec.reserve_rounding='ceil_stacks' conflicts with the legacy "
                "reserve_whole_stacks=True (floor_stacks)"
            )
        rpck = self.reserve_per_concealed_kong
        if not isinstance(rpck, int) or rpck < -1:
            raise ValueError(
                f"RuleSpec.reserve_per_concealed_kong={rpck!r} must be an integer >= 0 "
                "(or -1 = as reserve_per_kong)"
            )
        if not isinstance(self.reserve_free_kongs, int) or not 0 <= self.reserve_free_kongs <= 4:
            raise ValueError(
                f"RuleSpec.reserve_free_kongs={self.reserve_free_kongs!r} must be in 0..4"
            )
        rpfq = self.reserve_per_flower_quad
        if not isinstance(rpfq, int) or isinstance(rpfq, bool) or rpfq < 0:
            raise ValueError(f"RuleSpec.reserve_per_flower_quad={rpfq!r} must be an integer >= 0")
        if rpfq and not self.honors_are_flowers:
            raise ValueError(
                f"RuleSpec.reserve_per_flower_quad={rpfq} needs honors_are_flowers=True "
                "(four identical flowers exist only among the honour flowers)"
            )
        per_kong = max(self.reserve_per_kong, rpck)
        if self.wall_reserve + 4 * per_kong >= wall:
            raise ValueError(
                f"RuleSpec.wall_reserve={self.wall_reserve} (+{per_kong} per kong) "
                f"is larger than the {wall}-tile wall left after the deal"
            )
        if not isinstance(self.forced_win_tiles, int) or self.forced_win_tiles < 0:
            raise ValueError(
                f"RuleSpec.forced_win_tiles={self.forced_win_tiles!r} must be an integer >= 0"
            )
        if self.blood_battle and self.n_players < 3:
            raise ValueError("RuleSpec.blood_battle=True needs at least 3 players")
        _enum("dealer_rotation", self.dealer_rotation, P.DEALER_CODES)
        if self.dealer_rotation == "hook" and self.scoring not in _DEALER_HOOK_FAMILIES:
            raise ValueError(
                f"RuleSpec.dealer_rotation='hook' needs a scoring family with a dealer hook "
                f"({sorted(_DEALER_HOOK_FAMILIES)}), got scoring={self.scoring!r}"
            )
        _enum("dealer_on_draw", self.dealer_on_draw, P.DRAW_DEALER_CODES)
        if not self.dealer_stays_on_draw and self.dealer_on_draw not in ("stays", "next"):
            raise ValueError(
                f"RuleSpec.dealer_on_draw={self.dealer_on_draw!r} conflicts with the legacy "
                "dealer_stays_on_draw=False (leave dealer_stays_on_draw=True)"
            )
        _enum("dealer_after_multi_win", self.dealer_after_multi_win, P.MULTI_DEALER_CODES)
        _enum("round_wind_rule", self.round_wind_rule, P.ROUND_WIND_CODES)
        _enum("seating", self.seating, SEATINGS)
        if self.seating != "fixed" and self.n_players != 4:
            raise ValueError(
                f"RuleSpec.seating={self.seating!r} needs n_players=4 (its seat swaps are "
                f"between four seats), got n_players={self.n_players}"
            )
        if self.dice_kong and not (self.allow_concealed_kong or self.allow_added_kong):
            raise ValueError("RuleSpec.dice_kong=True needs an own-turn kong (concealed or added)")
        if not isinstance(self.draw_multiplier, int) or self.draw_multiplier < 1:
            raise ValueError(f"RuleSpec.draw_multiplier={self.draw_multiplier!r} must be >= 1")
        _enum("draw_counter_rule", self.draw_counter_rule, P.DRAW_COUNTER_CODES)
        if self.draw_counter_rule != "multiply" and self.draw_multiplier != 1:
            raise ValueError(
                f"RuleSpec.draw_multiplier={self.draw_multiplier} is used only with "
                f"draw_counter_rule='multiply' (got {self.draw_counter_rule!r})"
            )
        for name in ("draw_multiplier_cap", "draw_multiplier_after_cap"):
            v = getattr(self, name)
            if not isinstance(v, int) or not 1 <= v <= 1 << 20:
                raise ValueError(f"RuleSpec.{name}={v!r} must be an integer in 1..2**20")
        _enum("scoring", self.scoring, P.SCORING_CODES)
        if len(self.score_values) > 32:
            raise ValueError("RuleSpec.score_values holds at most 32 values")
        _check_score_values(self.scoring, self.score_values)
        if self.scoring == "table" and not self.fan_table:
            raise ValueError(
                "RuleSpec.scoring='table' values a win by a fan table: RuleSpec.fan_table must "
                f"name one; tables: {', '.join(sorted(_fan_tables()))}"
            )
        if self.fan_table and self.scoring in _OWN_SCORER_FAMILIES:
            raise ValueError(
                f"RuleSpec.fan_table={self.fan_table!r} with scoring={self.scoring!r}: that "
                "family values and pays wins with its own scorer and hooks; a fan table goes "
                f"with scoring='table' or one of {', '.join(sorted(TABLE_FAMILIES))}"
            )
        if self.fan_table and self.fan_table not in _fan_tables():
            raise ValueError(
                f"RuleSpec.fan_table={self.fan_table!r} is not a fan table; tables: "
                f"{', '.join(sorted(FAN_TABLES))}"
            )
        _enum("kong_payment_timing", self.kong_payment_timing, P.KONG_PAY_CODES)
        self._validate_win_claim_ready()
        self._validate_payments(counts)
        self._validate_pre_play_and_pool()
        self._validate_readings()
        self._check_river_capacity()
        self._check_qualifiers()

    def _check_qualifiers(self) -> None:
        """A qualifier away from its off value needs what it qualifies (:data:`QUALIFIERS`; the
        specific checks above name most of these cases first)."""
        for q, (off, conds) in QUALIFIERS.items():
            if getattr(self, q) != off:
                unmet = [c for c in conds if not condition_holds(self, c)]
                if unmet:
                    raise ValueError(
                        f"RuleSpec.{q}={getattr(self, q)!r} needs "
                        + " and ".join(_describe(c) for c in unmet)
                    )

    def _validate_readings(self) -> None:
        """Rule-reading options (the other reading of an ambiguity of the rule texts). A field
        that only qualifies another rule is inert, not an error, while that rule is off."""
        _enum("void_suit_kong", self.void_suit_kong, P.VOID_KONG_CODES)
        _enum("last_tile_replacement", self.last_tile_replacement, P.LAST_TILE_REPLACEMENT_CODES)
        _enum("seabed_offer", self.seabed_offer, P.SEABED_OFFER_CODES)
        _enum("seabed_refused", self.seabed_refused, P.SEABED_REFUSED_CODES)
        _enum("seabed_birds", self.seabed_birds, P.SEABED_BIRDS_CODES)
        _enum("missed_win_threshold", self.missed_win_threshold, P.MW_THRESHOLD_CODES)
        if self.wild_fifth_copy and self.wild_substitutes == "simples":
            raise ValueError(
                "RuleSpec.wild_fifth_copy=True is not played with wild_substitutes='simples' "
                "(wilds standing for simples keep the four-copy limit); use one of them"
            )

    def _check_river_capacity(self) -> None:
        """A seat's discards must fit its river row (:data:`mjsim.rules.limits.MAX_RIVER` = 48).
        Bound per seat: its share of the tiles left to draw (rounded up), the dealer's first
        discard and one discard after each call (``MAX_MELDS``). Four and three players fit with
        every tile set; two players fit with 108 tiles but not with 136 or 144 (each seat would
        draw about 55: the engine would stop the table with ``river_full``), hence
        ``wall_tiles_used`` (the two-player game plays 71 tiles)."""
        n = self.n_players
        used = self.wall_tiles_used or sum(self.counts())
        live = used - n * self.hand_size - 1 - self.wall_reserve
        bound = -(-live // n) + 1 + MAX_MELDS
        if bound > MAX_RIVER:
            raise ValueError(
                f"RuleSpec.n_players={n} with {used} tiles: a seat could discard up to {bound} "
                f"tiles, more than the {MAX_RIVER} its river holds; play fewer tiles "
                f"(wall_tiles_used, e.g. 71 as the two-player game) or more players"
            )

    def kong_pay_case(self) -> str:
        """The kong_pay hook case ``kong_pay_rule`` resolves to ("auto" -> "wind_and_rain" with
        ``scoring="sichuan"``, else "points")."""
        if self.kong_pay_rule != "auto":
            return self.kong_pay_rule
        return "wind_and_rain" if self.scoring == "sichuan" else "points"

    def _validate_payments(self, counts: tuple[int, ...]) -> None:
        """Kong payments (``kong_pay_*``, ``kong_hot_shot``), birds and chickens."""
        if self.kong_pay_rule != "auto":
            _enum("kong_pay_rule", self.kong_pay_rule, P.KONG_RULE_CODES)
        case = self.kong_pay_case()
        if case == "wind_and_rain" and self.scoring != "sichuan":
            raise ValueError(
                f"RuleSpec.kong_pay_rule='wind_and_rain' needs scoring='sichuan' (its kong table), "
                f"got scoring={self.scoring!r}"
            )
        vals = self.kong_pay_values
        if case == "table":
            if len(vals) != 3 or any(
                isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in vals
            ):
                raise ValueError(
                    f"RuleSpec.kong_pay_values={vals!r} must be 3 integers >= 0 (concealed each, "
                    "added each, exposed from the discarder) with kong_pay_rule='table'"
                )
            if self.kong_payment_timing != "immediate":
                raise ValueError(
                    "RuleSpec.kong_pay_rule='table' needs kong_payment_timing='immediate', got "
                    f"{self.kong_payment_timing!r}"
                )
        elif vals:
            raise ValueError(
                f"RuleSpec.kong_pay_values given but kong_pay_rule={self.kong_pay_rule!r} "
                "(they are read only by kong_pay_rule='table')"
            )
        fd = self.follow_dealer
        if isinstance(fd, bool) or not isinstance(fd, int | np.integer) or fd < 0:
            raise ValueError(f"RuleSpec.follow_dealer={fd!r} must be an integer >= 0 (0 = off)")
        if fd and self.n_players != 4:
            raise ValueError(
                f"RuleSpec.follow_dealer={fd} (跟庄) needs four players, got n_players="
                f"{self.n_players}"
            )
        if not isinstance(self.kong_bloom_liable, bool | np.bool_):
            raise ValueError(
                f"RuleSpec.kong_bloom_liable={self.kong_bloom_liable!r} must be True or False"
            )
        if self.kong_bloom_liable and not (
            self.allow_exposed_kong and (self.effective_fan_table() or self.scoring == "sichuan")
        ):
            raise ValueError(
                "RuleSpec.kong_bloom_liable=True (杠爆全包) needs allow_exposed_kong=True and a "
                "scorer paid by a payment record (a fan table or scoring='sichuan')"
            )
        _enum("kong_hot_shot", self.kong_hot_shot, P.HOT_SHOT_CODES)
        if self.kong_hot_shot != "none" and (
            self.kong_payment_timing != "immediate" or case == "wind_and_rain"
        ):
            raise ValueError(
                f"RuleSpec.kong_hot_shot={self.kong_hot_shot!r} needs kong_payment_timing="
                "'immediate' and a kong_pay_rule other than 'wind_and_rain' (which has 呼叫转移)"
            )
        b = self.birds
        if isinstance(b, bool) or not isinstance(b, int) or not 0 <= b <= 4:
            raise ValueError(f"RuleSpec.birds={b!r} must be an integer in 0..4")
        _enum("bird_rule", self.bird_rule, P.BIRD_RULE_CODES)
        if self.scoring == "changsha" and self.bird_rule == "horse":
            raise ValueError(
                f"RuleSpec.bird_rule={self.bird_rule!r}: scoring='changsha' pays its birds by "
                "seat (扎鸟): 'rank_seat' or 'rank_seat_doubling'"
            )
        _enum("chicken_flip", self.chicken_flip, P.CHICKEN_FLIP_CODES)
        for name in ("open_chicken", "hero_chicken"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"RuleSpec.{name}={getattr(self, name)!r} must be a bool")
        cv = self.chicken_value
        if isinstance(cv, bool) or not isinstance(cv, int) or cv < 0:
            raise ValueError(f"RuleSpec.chicken_value={cv!r} must be an integer >= 0")
        chickens = self.chicken_flip != "none" or self.open_chicken or self.hero_chicken
        if chickens:
            if sum(counts[:27]) == 0:
                raise ValueError("RuleSpec.chicken_flip / open_chicken need suited tiles")
            if self.hero_chicken and counts[18] == 0:
                raise ValueError("RuleSpec.hero_chicken=True but the tile set has no 1s")
            if self.birds > 0:
                raise ValueError(
                    f"RuleSpec.birds={self.birds} with chickens: both read the wall head after "
                    "a win (use one of them)"
                )
            if self.blood_battle:
                raise ValueError(
                    "RuleSpec.chicken_flip / open_chicken / hero_chicken need "
                    "blood_battle=False (chickens are settled at the first win)"
                )
        if (
            self.win_filter == "plain_discard_needs_kong"
            and self.kong_payment_timing != "immediate"
        ):
            raise ValueError(
                "RuleSpec.win_filter='plain_discard_needs_kong' needs kong_payment_timing="
                "'immediate' (the 豆 "
                "test reads the kong ledger)"
            )

    def _validate_pre_play_and_pool(self) -> None:
        """Pre-play phases (pre-hand stakes, special kongs, honour sets) and the partial wall."""
        self._check_special_kongs()
        self._check_honor_sets()
        w = self.wall_tiles_used
        deal = self.n_players * self.hand_size + 1
        total = sum(self.counts())
        if isinstance(w, bool) or not isinstance(w, int) or not (w == 0 or deal < w <= total):
            raise ValueError(
                f"RuleSpec.wall_tiles_used={w!r} must be 0 (the whole set) or an integer in "
                f"{deal + 1}..{total} (more than the {deal} tiles dealt)"
            )
        if w and self.wall_reserve >= w - deal:
            raise ValueError(
                f"RuleSpec.wall_tiles_used={w} leaves {w - deal} tiles to draw, not more than "
                f"wall_reserve={self.wall_reserve}"
            )
        self._check_pool_phases()
        _enum("pre_hand_bet", self.pre_hand_bet, P.PRE_HAND_BET_CODES)
        if self.pre_hand_bet != "none":
            # one pre-play phase at a time: 定缺, changsha's opening small wins and 抢金 also
            # act between the deal and the dealer's first discard
            for name, bad in (
                ("missing_suit_choice", self.missing_suit_choice),
                ("grab_wild", self.grab_wild),
                ("scoring", self.scoring == "changsha"),
            ):
                if bad:
                    raise ValueError(
                        f"RuleSpec.pre_hand_bet={self.pre_hand_bet!r} is not played with "
                        f"{name}={getattr(self, name)!r} (two pre-play phases)"
                    )

    def _check_pool_phases(self) -> None:
        """``opening_exchange`` and ``final_ready_draws``: both play the unused pool of
        ``wall_tiles_used``; the pool must hold every swap (one per dealt tile) and every draw."""
        x, d = self.opening_exchange, self.final_ready_draws
        if not isinstance(x, bool):
            raise ValueError(f"RuleSpec.opening_exchange={x!r} must be a bool")
        if isinstance(d, bool) or not isinstance(d, int) or d < 0:
            raise ValueError(f"RuleSpec.final_ready_draws={d!r} must be an integer >= 0")
        for name, on in (("opening_exchange", x), ("final_ready_draws", d > 0)):
            if on and not self.wall_tiles_used:
                raise ValueError(
                    f"RuleSpec.{name}={getattr(self, name)!r} needs wall_tiles_used > 0 (the "
                    "unused pool it plays with)"
                )
        if d > 0 and not self.allow_ready:
            raise ValueError(f"RuleSpec.final_ready_draws={d} needs allow_ready=True")
        if x:
            # one pre-play phase at a time; swapped-in tiles are never flowers or standing tiles
            for what, bad in (
                (f"missing_suit_choice={self.missing_suit_choice}", self.missing_suit_choice),
                (f"grab_wild={self.grab_wild}", self.grab_wild),
                ("scoring='changsha'", self.scoring == "changsha"),
                (f"pre_hand_bet={self.pre_hand_bet!r}", self.pre_hand_bet != "none"),
                (f"standing_tiles={self.standing_tiles}", self.standing_tiles != 0),
                ("flower tiles in the tile set", sum(self.counts()[34:]) > 0),
            ):
                if bad:
                    raise ValueError(
                        f"RuleSpec.opening_exchange=True is not played with {what} (flowers, 立牌 "
                        "or a second pre-play phase)"
                    )
        if x or d:
            need = (self.n_players * (self.hand_size + 1) if x else 0) + d
            pool = sum(self.counts()) - self.wall_tiles_used
            if need > pool:
                raise ValueError(
                    f"RuleSpec.final_ready_draws={d} with opening_exchange={x}: the unused pool "
                    f"of {pool} tiles cannot hold {need} swaps and draws"
                )

    def _check_honor_sets(self) -> None:
        if not isinstance(self.flower_bloom, bool):
            raise ValueError(f"RuleSpec.flower_bloom={self.flower_bloom!r} must be a bool")
        if not isinstance(self.draw_ready_pay, bool):
            raise ValueError(f"RuleSpec.draw_ready_pay={self.draw_ready_pay!r} must be a bool")
        if self.draw_ready_pay and self.scoring != "table":
            raise ValueError(
                f"RuleSpec.draw_ready_pay=True (查大叫) needs scoring='table', got {self.scoring!r}"
            )
        if not isinstance(self.short_discarder_split, bool):
            raise ValueError(
                f"RuleSpec.short_discarder_split={self.short_discarder_split!r} must be a bool"
            )
        if self.short_discarder_split and (self.start_points <= 0 or self.multi_winner != "all"):
            raise ValueError(
                "RuleSpec.short_discarder_split=True needs start_points > 0 (the seats' points) "
                f"and multi_winner='all'; got start_points={self.start_points!r}, "
                f"multi_winner={self.multi_winner!r}"
            )
        if self.flower_bloom and self.flowers == "none":
            raise ValueError(
                "RuleSpec.flower_bloom=True needs flowers (flowers='bonus' or 'scoring')"
            )
        if not isinstance(self.honor_set_exposure, bool):
            raise ValueError(
                f"RuleSpec.honor_set_exposure={self.honor_set_exposure!r} must be a bool"
            )
        if self.honor_set_exposure:
            for name in ("honors_are_flowers", "special_kongs"):
                if getattr(self, name):
                    raise ValueError(
                        f"RuleSpec.honor_set_exposure=True is not played with {name}=True (both "
                        "take honours out of the hand)"
                    )
            if sum(self.counts()[27:34]) == 0:
                raise ValueError("RuleSpec.honor_set_exposure=True needs honour tiles")

    def _check_special_kongs(self) -> None:
        if not isinstance(self.special_kongs, bool):
            raise ValueError(f"RuleSpec.special_kongs={self.special_kongs!r} must be a bool")
        if self.special_kongs and self.honors_are_flowers:
            raise ValueError(
                "RuleSpec.special_kongs=True is not played with honors_are_flowers=True (the "
                "旋风杠 / 喜杠 honours would be set aside as flowers)"
            )

    def _compile_payments(self, p: np.ndarray) -> None:
        """Kong payments, birds and chickens -> their params (see mjsim.rules.params)."""
        p[P.P_KONG_PAY_RULE] = P.KONG_RULE_CODES[self.kong_pay_case()]
        if self.kong_pay_values:
            c, a, e = self.kong_pay_values
            p[P.P_KONG_PAY_CONCEALED] = c
            p[P.P_KONG_PAY_ADDED] = a
            p[P.P_KONG_PAY_EXPOSED] = e
        p[P.P_KONG_HOT_SHOT] = P.HOT_SHOT_CODES[self.kong_hot_shot]
        p[P.P_FOLLOW_DEALER] = self.follow_dealer
        p[P.P_KONG_BLOOM_LIABLE] = self.kong_bloom_liable
        p[P.P_BIRDS] = self.birds
        p[P.P_BIRD_RULE] = P.BIRD_RULE_CODES[self.bird_rule]
        p[P.P_CHICKEN_FLIP] = P.CHICKEN_FLIP_CODES[self.chicken_flip]
        p[P.P_OPEN_CHICKEN] = self.open_chicken
        p[P.P_HERO_CHICKEN] = self.hero_chicken
        p[P.P_CHICKEN_VALUE] = self.chicken_value

    def _validate_win_claim_ready(self) -> None:
        """Calls, win conditions, lockouts, ready modes and the end of the wall."""
        _enum("kong_after_pung", self.kong_after_pung, P.KONG_AFTER_PUNG_CODES)
        if self.no_kong_after_pung and self.kong_after_pung == "any":
            raise ValueError(
                "RuleSpec.kong_after_pung='any' contradicts no_kong_after_pung=True "
                "(= 'never_with_held_fourth')"
            )
        _enum("kong_after_ready", self.kong_after_ready, P.KONG_READY_CODES)
        if not isinstance(self.min_hand_after_call, int) or not 1 <= self.min_hand_after_call <= 13:
            raise ValueError(
                f"RuleSpec.min_hand_after_call={self.min_hand_after_call!r} must be an integer "
                "1..13"
            )
        if self.missed_win_scope != "auto":
            _enum("missed_win_scope", self.missed_win_scope, P.MW_SCOPE_CODES)
        if self.missed_win_lift != "auto":
            _enum("missed_win_lift", self.missed_win_lift, P.MW_LIFT_CODES)
        lk = self.missed_win_lockout
        if lk.startswith("same_tile") and self.missed_win_scope == "all_waits":
            raise ValueError(
                f"RuleSpec.missed_win_scope='all_waits' contradicts missed_win_lockout={lk!r}"
            )
        implied = {"same_tile_until_move": "any_move", "same_tile_until_next_draw": "own_draw"}
        if lk in implied and self.missed_win_lift not in ("auto", implied[lk]):
            raise ValueError(
                f"RuleSpec.missed_win_lift={self.missed_win_lift!r} contradicts "
                f"missed_win_lockout={lk!r} (lifted by {implied[lk]!r})"
            )
        _enum("own_discard_lockout", self.own_discard_lockout, P.OWN_DISCARD_CODES)
        if self.own_discard_lockout == "win_and_chow" and not self.allow_chow:
            pass  # the chow half is moot without chows; the win half still applies
        for name in ("min_fan_discard", "min_fan_self_draw"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise ValueError(f"RuleSpec.{name}={v!r} must be an integer >= 0")
        if self.rob_kong_by_pung and self.rob_kong == "none":
            raise ValueError("RuleSpec.rob_kong_by_pung=True needs rob_kong != 'none'")
        if self.rob_kong_as_self_draw and self.rob_kong == "none":
            raise ValueError("RuleSpec.rob_kong_as_self_draw=True needs rob_kong != 'none'")
        _enum("win_filter", self.win_filter, P.WIN_FILTER_CODES)
        if self.win_filter == "small_win_258_pair" and (
            "standard" not in self.win_shapes or sum(self.counts()[:27]) == 0
        ):
            raise ValueError(
                "RuleSpec.win_filter='small_win_258_pair' needs the 'standard' shape and suited "
                "tiles "
                "(a 屁胡 is a standard hand with a 2-5-8 pair)"
            )
        _enum("free_honors", self.free_honors, P.FREE_HONORS_CODES)
        _enum("terminal_rule", self.terminal_rule, P.TERMINAL_CODES)
        if self.must_have_terminal and self.terminal_rule not in ("none", "terminal_or_honor"):
            raise ValueError(
                f"RuleSpec.terminal_rule={self.terminal_rule!r} contradicts "
                "must_have_terminal=True (= 'terminal_or_honor')"
            )
        if self.discard_win_requires_ready and not self.allow_ready:
            raise ValueError("RuleSpec.discard_win_requires_ready=True needs allow_ready=True")
        if self.ready_exempt_kong_replacement and not self.must_be_ready:
            raise ValueError("RuleSpec.ready_exempt_kong_replacement=True needs must_be_ready=True")
        _enum("single_tile_win", self.single_tile_win, P.SINGLE_TILE_CODES)
        modes = self.ready_modes
        if not 1 <= len(modes) <= 2 or len(set(modes)) != len(modes):
            raise ValueError(
                f"RuleSpec.ready_modes={modes!r} must name 1 or 2 different ready kinds"
            )
        for m in modes:
            _enum("ready_modes", m, P.READY_MODE_CODES)
        if tuple(modes) != ("hidden",) and not self.allow_ready:
            raise ValueError(f"RuleSpec.ready_modes={modes!r} needs allow_ready=True")
        v = self.last_tiles_self_draw_only
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 16:
            raise ValueError(f"RuleSpec.last_tiles_self_draw_only={v!r} must be an integer 0..16")
        _enum("abort_on_kongs", self.abort_on_kongs, P.ABORT_KONGS_CODES)
        self._validate_standing_and_forced_win()

    def _validate_standing_and_forced_win(self) -> None:
        """Standing tiles 立牌, chow-ready 吃听 and forced wins."""
        v = self.standing_tiles
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 4:
            raise ValueError(f"RuleSpec.standing_tiles={v!r} must be an integer 0..4")
        if v and not self.allow_ready:
            raise ValueError(
                "RuleSpec.standing_tiles needs allow_ready=True (a standing tile leaves the hand "
                "only as the ready declaration's discard)"
            )
        if self.chow_ready_any_seat and not (self.allow_chow and self.allow_ready):
            raise ValueError("RuleSpec.chow_ready_any_seat=True needs allow_chow and allow_ready")
        if self.chow_ready_any_seat and v:
            raise ValueError(
                "RuleSpec.chow_ready_any_seat=True is not played together with standing_tiles "
                "(no rule set has both)"
            )
        fw = self.forced_win
        _enum("forced_win", fw, {"auto": -1, **P.FORCED_WIN_CODES})
        if fw == "last_n" and self.forced_win_tiles == 0:
            raise ValueError("RuleSpec.forced_win='last_n' needs forced_win_tiles > 0")
        if fw == "none" and self.forced_win_tiles > 0:
            raise ValueError(
                f"RuleSpec.forced_win='none' contradicts forced_win_tiles={self.forced_win_tiles}"
            )
        if fw == "when_ready" and not self.allow_ready:
            raise ValueError("RuleSpec.forced_win='when_ready' needs allow_ready=True")
        if fw == "last_tiles" and self.last_tiles_self_draw_only == 0:
            raise ValueError("RuleSpec.forced_win='last_tiles' needs last_tiles_self_draw_only > 0")
        if not self.last_tiles_flower_replacement and self.last_tiles_self_draw_only == 0:
            raise ValueError(
                "RuleSpec.last_tiles_flower_replacement=False needs last_tiles_self_draw_only > 0"
            )
        if not self.last_tiles_flower_replacement and self.blood_battle:
            raise ValueError(
                "RuleSpec.last_tiles_flower_replacement=False is not played with "
                "blood_battle=True (the turn passes to the next seat, seats that won included)"
            )

    def _validate_wilds(self, counts: tuple[int, ...]) -> None:
        """Indicator wilds, wild restrictions and honour flowers."""
        indicator = self.wild_rule in ("indicator", "indicator_next")
        offs = self.wild_offsets
        if not isinstance(offs, tuple):
            raise ValueError(f"RuleSpec.wild_offsets={offs!r} must be a tuple of ints 0..2")
        for o in offs:
            if not isinstance(o, int | np.integer) or not 0 <= int(o) <= 2:
                raise ValueError(f"RuleSpec.wild_offsets: {o!r} is not an offset 0..2")
        if len(set(int(o) for o in offs)) != len(offs):
            raise ValueError(f"RuleSpec.wild_offsets={offs!r} repeats an offset")
        if offs and not indicator:
            raise ValueError(
                f"RuleSpec.wild_offsets given but wild_rule={self.wild_rule!r} "
                "(needs 'indicator' or 'indicator_next')"
            )
        if offs and self.wild_rule == "indicator_next" and tuple(offs) != (1,):
            raise ValueError(
                f"RuleSpec.wild_offsets={offs!r} contradicts wild_rule='indicator_next' "
                "(offset 1); use wild_rule='indicator' with explicit offsets"
            )
        _enum("wild_honor_cycle", self.wild_honor_cycle, P.WILD_CYCLE_CODES)
        _enum("wild_bonus", self.wild_bonus, P.WILD_BONUS_CODES)
        if self.wild_bonus != "none" and not indicator:
            raise ValueError(
                f"RuleSpec.wild_bonus={self.wild_bonus!r} needs an indicator wild_rule "
                "('indicator' or 'indicator_next'): the 精 are the indicator's successors"
            )
        _enum("indicator_source", self.indicator_source, P.INDICATOR_SOURCE_CODES)
        for name in ("indicator_in_play", "wall_end_at_indicator"):
            if getattr(self, name) and not indicator:
                raise ValueError(f"RuleSpec.{name}=True needs an indicator wild_rule")
        _enum("wild_discard_penalty", self.wild_discard_penalty, P.WILD_PENALTY_CODES)
        _enum("wild_substitutes", self.wild_substitutes, P.WILD_SUBST_CODES)
        has_wild = self.wild_rule != "none"
        for name, default in (
            ("wild_in_calls", False),
            ("wild_discard_claimable", True),
            ("wild_discard_penalty", "none"),
            ("wild_single_wait_self_draw_only", False),
            ("wild_substitutes", "any"),
            ("three_wild_win", False),
        ):
            if getattr(self, name) != default and not has_wild:
                raise ValueError(f"RuleSpec.{name}={getattr(self, name)!r} needs a wild_rule")
        si = self.wild_stand_in
        if not isinstance(si, int | np.integer) or not -1 <= int(si) < N_KINDS:
            raise ValueError(f"RuleSpec.wild_stand_in={si!r} must be -1 or a kind 0..33")
        if si >= 0:
            if not has_wild:
                raise ValueError("RuleSpec.wild_stand_in needs a wild_rule")
            if counts[int(si)] == 0:
                raise ValueError(
                    f"RuleSpec.wild_stand_in: kind {si} is not in the tile set {self.tile_set!r}"
                )
        if self.honors_are_flowers and sum(counts[27:34]) == 0:
            raise ValueError("RuleSpec.honors_are_flowers=True but the tile set has no honours")
        _enum("kong_only_tiles", self.kong_only_tiles, P.KONG_ONLY_CODES)
        if self.kong_only_tiles != "none" and min(counts[31:34]) == 0:
            raise ValueError(
                f"RuleSpec.kong_only_tiles={self.kong_only_tiles!r} needs dragons in the tile set"
            )
        if self.kong_only_tiles == "seven_pi" and (
            self.wild_rule != "indicator_next"
            or self.wild_offsets not in ((), (1,))
            or min(counts[:34]) == 0
        ):
            raise ValueError(
                "RuleSpec.kong_only_tiles='seven_pi' (七皮四赖) needs wild_rule='indicator_next' "
                f"with one offset (wild_offsets=() or (1,)) and every kind in the tile set; got "
                f"wild_rule={self.wild_rule!r}, wild_offsets={self.wild_offsets!r}"
            )
        if self.kong_only_tiles != "none" and self.honors_are_flowers:
            raise ValueError(
                f"RuleSpec.kong_only_tiles={self.kong_only_tiles!r} contradicts "
                "honors_are_flowers=True (the dragons would be flowers)"
            )
        if self.flower_instant_win not in (0, 8):
            raise ValueError(
                f"RuleSpec.flower_instant_win={self.flower_instant_win!r} must be 0 or 8"
            )
        if self.wild_kong and not has_wild:
            raise ValueError("RuleSpec.wild_kong=True needs a wild_rule")
        self._validate_treasure()
        if self.multi_winner == "nearest_wild_pair_first" and not has_wild:
            raise ValueError("RuleSpec.multi_winner='nearest_wild_pair_first' needs a wild_rule")
        if self.flower_instant_win and sum(counts[34:]) < 8:
            raise ValueError("RuleSpec.flower_instant_win=8 needs the eight flower tiles")

    def _validate_held_flowers_and_grab(self, counts: tuple[int, ...]) -> None:
        """Flowers held in the hand, wild flowers and 抢金."""
        _enum("flower_replacement", self.flower_replacement, P.FLOWER_REPLACEMENT_CODES)
        _enum("opening_flower_order", self.opening_flower_order, P.OPENING_FLOWER_ORDER_CODES)
        if self.opening_flower_order == "rounds" and (
            sum(counts[34:]) == 0 and not self.honors_are_flowers
        ):
            raise ValueError(
                "RuleSpec.opening_flower_order='rounds' needs flowers (flower tiles in the tile "
                "set, or honors_are_flowers=True)"
            )
        if not isinstance(self.wild_flower_groups, bool):
            raise ValueError(
                f"RuleSpec.wild_flower_groups={self.wild_flower_groups!r} must be True or False"
            )
        held = []
        if self.flower_replacement == "action":
            held.append("flower_replacement='action'")
            if sum(counts[34:]) == 0:
                raise ValueError(
                    "RuleSpec.flower_replacement='action' needs flower tiles (tile_set '144')"
                )
            if self.honors_are_flowers:
                raise ValueError(
                    "RuleSpec.flower_replacement='action' is not played with honors_are_flowers"
                )
        if self.wild_flower_groups:
            held.append("wild_flower_groups=True")
            if any(c != 1 for c in counts[34:]):
                raise ValueError(
                    "RuleSpec.wild_flower_groups=True needs the eight flower tiles (tile_set '144')"
                )
            if self.wild_rule != "indicator" or self.effective_wild_offsets() != (0,):
                raise ValueError(
                    "RuleSpec.wild_flower_groups=True needs wild_rule='indicator' with the "
                    f"turned kind wild (wild_offsets=(0,)), got wild_rule={self.wild_rule!r}, "
                    f"wild_offsets={self.wild_offsets!r}"
                )
            if self.indicator_source == "tail_first":
                raise ValueError(
                    "RuleSpec.wild_flower_groups=True needs an indicator_source that can turn a "
                    "flower ('dice_small_from_tail', 'dice_sum_from_tail', 'last_wall_tile'); "
                    "'tail_first' gives a turned flower to the dealer"
                )
            if self.wild_after_ready_only or self.honors_are_flowers:
                raise ValueError(
                    "RuleSpec.wild_flower_groups=True is not played with wild_after_ready_only "
                    "or honors_are_flowers"
                )
        if self.grab_wild:
            if self.wild_rule not in ("indicator", "indicator_next") or (
                0 not in self.effective_wild_offsets()
            ):
                raise ValueError(
                    "RuleSpec.grab_wild=True needs an indicator wild_rule whose turned kind is "
                    f"wild (offset 0), got wild_rule={self.wild_rule!r}, "
                    f"wild_offsets={self.wild_offsets!r}"
                )
            for name, default in (
                ("indicator_in_play", False),
                ("wild_flower_groups", False),
                ("blood_battle", False),
                ("missing_suit_choice", False),
                ("standing_tiles", 0),
            ):
                if getattr(self, name) != default:
                    raise ValueError(
                        f"RuleSpec.grab_wild=True is not played with {name}={getattr(self, name)!r}"
                    )
        if self.wild_wait_context and self.wild_rule in ("none", "treasure"):
            raise ValueError(
                "RuleSpec.wild_wait_context=True needs a wild_rule ('fixed' or an indicator), "
                f"got {self.wild_rule!r}"
            )
        if held:
            # a held flower can be the turn's drawn tile: rules that read the drawn tile as a
            # discard (or put a self-drawn winning tile in the river) are not played with it
            for name, default in (
                ("allow_ready", False),
                ("dice_kong", False),
                ("last_tiles_self_draw_only", 0),
                ("standing_tiles", 0),
                ("blood_battle", False),
            ):
                if getattr(self, name) != default:
                    raise ValueError(
                        f"RuleSpec.{held[0]} is not played with {name}={getattr(self, name)!r}"
                    )

    def _validate_treasure(self) -> None:
        """The treasure tile 宝."""
        _enum("treasure_source", self.treasure_source, P.TREASURE_SOURCE_CODES)
        v = self.treasure_change_at
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 4:
            raise ValueError(f"RuleSpec.treasure_change_at={v!r} must be an integer 0..4")
        if self.wild_rule != "treasure":
            for name, default in (
                ("treasure_source", "last_wall_tile_after_deal"),
                ("treasure_change_at", 3),
                ("treasure_count_melds", False),
                ("treasure_match_wins", False),
            ):
                if getattr(self, name) != default:
                    raise ValueError(f"RuleSpec.{name} needs wild_rule='treasure'")
            return
        if not (self.allow_ready and self.wild_after_ready_only):
            raise ValueError(
                "RuleSpec.wild_rule='treasure' needs allow_ready=True and "
                "wild_after_ready_only=True (the 宝 is wild only for a ready seat)"
            )
        for name, default in (
            ("wild_kong", False),
            ("three_wild_win", False),
            ("wild_stand_in", -1),
            ("wild_single_wait_self_draw_only", False),
            ("wild_discard_penalty", "none"),
            ("wild_in_calls", False),
        ):
            if getattr(self, name) != default:
                raise ValueError(f"RuleSpec.{name} is not played with wild_rule='treasure'")
        if self.multi_winner == "nearest_wild_pair_first":
            raise ValueError(
                "RuleSpec.multi_winner='nearest_wild_pair_first' is not played with "
                "wild_rule='treasure'"
            )

    def effective_wild_offsets(self) -> tuple[int, ...]:
        """The indicator offsets in force: ``wild_offsets``, or ``(0,)`` / ``(1,)`` derived from
        ``wild_rule`` ("indicator" / "indicator_next"); ``()`` without indicator wilds."""
        if self.wild_offsets:
            return tuple(int(o) for o in self.wild_offsets)
        if self.wild_rule == "indicator":
            return (0,)
        if self.wild_rule == "indicator_next":
            return (1,)
        return ()

    # ------------------------------------------------------------------ helpers
    def replace(self, **overrides: Any) -> RuleSpec:
        """A new validated spec with some fields changed (unknown field -> ``ValueError``).

        Qualifier fields follow the fields they qualify (:data:`QUALIFIERS`, declared once as
        data): when an override switches a needed field off (``allow_chow=False`` on changsha)
        a qualifier that is not itself overridden takes its off value (``chow_left_only=False``)
        instead of making the spec invalid; when an override switches it on (``allow_chow=True``
        on hebei) the qualifier takes its RuleSpec default (``chow_left_only=True``: chow from
        the previous seat, 上家). A qualifier given explicitly is kept as given, so a
        contradiction (``allow_chow=False, chow_left_only=True``) is still a ``ValueError``."""
        for k in overrides:
            check_field_name(k)
        changes = follow_qualifiers(self, overrides)
        # a qualifier by value: forced_win="when_ready" (a ready seat must win) needs ready
        # declarations; switching them off returns it to its default
        if (
            self.forced_win == "when_ready"
            and "forced_win" not in overrides
            and not changes.get("allow_ready", self.allow_ready)
        ):
            changes["forced_win"] = _DEFAULT_FORCED_WIN
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict of the compiled fields (``extra`` omitted)."""
        d = dataclasses.asdict(self)
        d.pop("extra", None)
        for k, v in d.items():
            if isinstance(v, tuple):
                d[k] = list(v)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RuleSpec:
        """Inverse of :meth:`to_dict` (unknown keys -> ``ValueError``)."""
        for k in d:
            check_field_name(k)
        return cls(**d)

    def compile(self) -> CompiledRules:
        """The numba-ready arrays (see :class:`CompiledRules`)."""
        counts = np.array(self.counts(), dtype=np.uint8)
        p = np.zeros(P.NP, dtype=np.int64)
        p[P.P_N_PLAYERS] = self.n_players
        p[P.P_HAND_SIZE] = self.hand_size
        p[P.P_IMAGINED_WILD] = self.imagined_wild
        p[P.P_N_TILES] = int(counts.sum())
        p[P.P_FLOWERS] = P.FLOWER_CODES[self.flowers]
        p[P.P_ALLOW_CHOW] = self.allow_chow
        p[P.P_CHOW_LEFT_ONLY] = self.chow_left_only
        p[P.P_ALLOW_PUNG] = self.allow_pung
        p[P.P_ALLOW_EXPOSED_KONG] = self.allow_exposed_kong
        p[P.P_ALLOW_ADDED_KONG] = self.allow_added_kong
        p[P.P_ALLOW_CONCEALED_KONG] = self.allow_concealed_kong
        p[P.P_CONCEALED_KONG_SHOWN] = self.concealed_kong_shown
        p[P.P_NO_KONG_AFTER_PUNG] = self.no_kong_after_pung
        p[P.P_FORBID_CHOW_SAME_DISCARD] = self.forbid_chow_same_discard
        p[P.P_READY_LOCKS_HAND] = self.ready_locks_hand
        p[P.P_WILD_RULE] = P.WILD_CODES[self.wild_rule]
        p[P.P_WILD_AFTER_READY_ONLY] = self.wild_after_ready_only
        shapes = 0
        for s in self.win_shapes:
            shapes |= P.SHAPE_CODES[s]
        p[P.P_WIN_SHAPES] = shapes
        p[P.P_PAIR_RULE] = P.PAIR_CODES[self.pair_rule]
        p[P.P_HONOR_CHOWS] = P.HONOR_CHOW_CODES[self.honor_chows]
        p[P.P_SUIT_RULE] = P.SUIT_CODES[self.suit_rule]
        p[P.P_MUST_OPEN] = self.must_open
        p[P.P_MUST_HAVE_PUNG] = self.must_have_pung
        p[P.P_MUST_HAVE_TERMINAL] = self.must_have_terminal
        p[P.P_MUST_BE_READY] = self.must_be_ready
        p[P.P_MIN_FAN] = self.min_fan
        p[P.P_SELF_DRAW_ONLY] = self.self_draw_only
        p[P.P_ALLOW_READY] = self.allow_ready
        p[P.P_MISSED_WIN_LOCKOUT] = P.LOCKOUT_CODES[self.missed_win_lockout]
        p[P.P_MULTI_WINNER] = P.MULTI_CODES[self.multi_winner]
        p[P.P_ROB_KONG] = P.ROB_CODES[self.rob_kong]
        # ---- ready deposits, dora, abortive draws, match carry-over
        p[P.P_READY_REQUIRES_CLOSED] = self.ready_requires_closed
        p[P.P_READY_DEPOSIT] = self.ready_deposit
        p[P.P_DORA] = self.dora
        p[P.P_NOTEN_PENALTY] = self.noten_penalty
        p[P.P_CARRY_DEPOSITS] = self.carry_deposits
        p[P.P_RIICHI_ABORTS] = self.riichi_aborts
        p[P.P_FORBID_PUNG_SAME_DISCARD] = self.forbid_pung_same_discard
        p[P.P_READY_MIN_POINTS] = self.ready_min_points
        p[P.P_START_POINTS] = self.start_points
        p[P.P_NAGASHI_MANGAN] = self.nagashi_mangan
        p[P.P_PAO] = sum(P.PAO_CODES[x] for x in self.pao)
        p[P.P_KAN_DORA_LATE] = P.KAN_DORA_TIMING_CODES[self.kan_dora_timing]
        rf = self.red_fives
        p[P.P_RED_FIVES] = rf[0] | rf[1] << 4 | rf[2] << 8
        p[P.P_GAME] = (
            P.GAME_ROUNDS_CODES[self.match]
            | (P.GAME_BUST if self.bust else 0)
            | (P.GAME_AGARI_YAME if self.agari_yame else 0)
            | (P.GAME_TENPAI_YAME if self.tenpai_yame else 0)
            | (P.GAME_WEST_EXTENSION if self.west_extension else 0)
        )
        p[P.P_TARGET_POINTS] = self.target_points
        p[P.P_MISSING_SEAT] = P.MISSING_SEAT_CODES[self.missing_seat_payment]
        p[P.P_FLOWER_DORA] = self.flower_dora
        p[P.P_READY_FIRST_DISCARD_ONLY] = self.ready_first_discard_only
        p[P.P_REPEAT_COUNTER] = P.REPEAT_COUNTER_CODES[self.repeat_counter]
        p[P.P_DEALER_LEVEL_MAX] = self.dealer_level_max
        p[P.P_DRAW_DEALER_STAKE] = self.draw_dealer_stake
        p[P.P_WALL_RESERVE] = self.wall_reserve
        p[P.P_RESERVE_PER_KONG] = self.reserve_per_kong
        rounding = self.reserve_rounding
        if self.reserve_whole_stacks and rounding == "tiles":
            rounding = "floor_stacks"
        p[P.P_RESERVE_WHOLE_STACKS] = rounding == "floor_stacks"
        p[P.P_RESERVE_ROUNDING] = P.RESERVE_CODES[rounding]
        rpck = self.reserve_per_concealed_kong
        p[P.P_RESERVE_PER_CONCEALED_KONG] = self.reserve_per_kong if rpck < 0 else rpck
        p[P.P_RESERVE_FREE_KONGS] = self.reserve_free_kongs
        p[P.P_RESERVE_PER_FLOWER_QUAD] = self.reserve_per_flower_quad
        p[P.P_FLOWER_REPLACEMENT] = P.FLOWER_REPLACEMENT_CODES[self.flower_replacement]
        p[P.P_OPENING_FLOWER_ORDER] = P.OPENING_FLOWER_ORDER_CODES[self.opening_flower_order]
        p[P.P_WILD_FLOWER_GROUPS] = self.wild_flower_groups
        p[P.P_GRAB_WILD] = self.grab_wild
        p[P.P_WILD_WAIT_CONTEXT] = self.wild_wait_context
        p[P.P_MISSING_SUIT_CHOICE] = self.missing_suit_choice
        p[P.P_BLOOD_BATTLE] = self.blood_battle
        p[P.P_FORCED_WIN_TILES] = self.forced_win_tiles
        p[P.P_DEALER_ROTATION] = P.DEALER_CODES[self.dealer_rotation]
        p[P.P_DEALER_STAYS_ON_DRAW] = self.dealer_stays_on_draw
        p[P.P_DRAW_MULTIPLIER] = self.draw_multiplier
        on_draw = self.dealer_on_draw
        if on_draw == "stays" and not self.dealer_stays_on_draw:
            on_draw = "next"
        p[P.P_DEALER_ON_DRAW] = P.DRAW_DEALER_CODES[on_draw]
        p[P.P_DEALER_AFTER_MULTI_WIN] = P.MULTI_DEALER_CODES[self.dealer_after_multi_win]
        p[P.P_ROUND_WIND_RULE] = P.ROUND_WIND_CODES[self.round_wind_rule]
        p[P.P_DICE_KONG] = self.dice_kong
        p[P.P_DRAW_COUNTER_RULE] = P.DRAW_COUNTER_CODES[self.draw_counter_rule]
        p[P.P_DRAW_MULTIPLIER_CAP] = self.draw_multiplier_cap
        p[P.P_DRAW_MULTIPLIER_AFTER_CAP] = self.draw_multiplier_after_cap
        p[P.P_COUNT_DEALER_REPEATS] = self.count_dealer_repeats
        p[P.P_SCORING] = P.SCORING_CODES[self.scoring]
        p[P.P_KONG_PAYMENT_TIMING] = P.KONG_PAY_CODES[self.kong_payment_timing]
        self._compile_win_claim_ready(p)
        self._compile_payments(p)
        self._compile_readings(p)
        p[P.P_PRE_HAND_BET] = P.PRE_HAND_BET_CODES[self.pre_hand_bet]
        p[P.P_SPECIAL_KONGS] = self.special_kongs
        p[P.P_HONOR_SET_EXPOSURE] = self.honor_set_exposure
        p[P.P_FLOWER_BLOOM] = self.flower_bloom
        p[P.P_DRAW_READY_PAY] = self.draw_ready_pay
        p[P.P_SHORT_DISCARDER_SPLIT] = self.short_discarder_split
        p[P.P_WALL_TILES_USED] = self.wall_tiles_used
        p[P.P_OPENING_EXCHANGE] = self.opening_exchange
        p[P.P_FINAL_READY_DRAWS] = self.final_ready_draws
        offs = 0
        for o in self.effective_wild_offsets():
            offs |= 1 << o
        p[P.P_WILD_OFFSETS] = offs
        p[P.P_WILD_HONOR_CYCLE] = P.WILD_CYCLE_CODES[self.wild_honor_cycle]
        p[P.P_WILD_BONUS] = P.WILD_BONUS_CODES[self.wild_bonus]
        p[P.P_WILD_BONUS_FEEDER] = self.wild_bonus_feeder_pays
        p[P.P_INDICATOR_SOURCE] = P.INDICATOR_SOURCE_CODES[self.indicator_source]
        p[P.P_INDICATOR_IN_PLAY] = self.indicator_in_play
        p[P.P_WALL_END_AT_INDICATOR] = self.wall_end_at_indicator
        p[P.P_WILD_IN_CALLS] = self.wild_in_calls
        p[P.P_WILD_DISCARD_CLAIMABLE] = self.wild_discard_claimable
        p[P.P_WILD_DISCARD_PENALTY] = P.WILD_PENALTY_CODES[self.wild_discard_penalty]
        p[P.P_WILD_SINGLE_WAIT_SELF_DRAW] = self.wild_single_wait_self_draw_only
        p[P.P_WILD_SUBSTITUTES] = P.WILD_SUBST_CODES[self.wild_substitutes]
        if self.wild_substitutes == "simples":
            p[P.P_WIN_SHAPES] |= P.SHAPE_WILD_SIMPLES  # the kernels' restricted-wild mode
        p[P.P_WILD_STAND_IN] = self.wild_stand_in
        p[P.P_THREE_WILD_WIN] = self.three_wild_win
        p[P.P_HONORS_ARE_FLOWERS] = self.honors_are_flowers
        p[P.P_KONG_ONLY_TILES] = P.KONG_ONLY_CODES[self.kong_only_tiles]
        p[P.P_FLOWER_INSTANT_WIN] = self.flower_instant_win
        p[P.P_WILD_KONG] = self.wild_kong
        p[P.P_TREASURE_SOURCE] = P.TREASURE_SOURCE_CODES[self.treasure_source]
        p[P.P_TREASURE_CHANGE_AT] = self.treasure_change_at
        p[P.P_TREASURE_COUNT_MELDS] = self.treasure_count_melds
        p[P.P_TREASURE_MATCH_WINS] = self.treasure_match_wins
        wild = np.zeros(N_KINDS, dtype=np.uint8)
        for k in self.wild_tiles:
            wild[int(k)] = 1
        p[P.P_N_WILD_KINDS] = int(wild.sum())
        table = np.zeros(32, dtype=np.int64)
        table[: len(self.score_values)] = self.score_values
        if self.scoring == "riichi":
            # the scorer's option bits of kazoe_limit / renhou (mjsim.scoring.riichi.OPT_*)
            table[0] |= _riichi_field_bits(self.kazoe_limit, self.renhou)
        name = self.effective_fan_table()
        if name:
            rows, cancels, header, record = _fan_tables()[name](self)
        else:
            rows = np.zeros((0, 10), np.int64)
            cancels = np.zeros((0, 3), np.int64)
            header = np.zeros(9, np.int64)
            record = np.zeros(9, np.int64)
        return CompiledRules(
            p, counts, wild, table, rows, cancels, header, record, marker(self.scorer_kind())
        )

    def scorer_kind(self) -> str:
        """The scorer that values a win (:mod:`mjsim.rules.scorer`): ``"table"`` when a fan
        table does (:meth:`effective_fan_table`), else the scoring family's own scorer."""
        return "table" if self.effective_fan_table() else self.scoring

    def effective_fan_table(self) -> str:
        """The id of the fan table that values a win (``fan_table``, else the scoring family's
        own table, :data:`TABLE_FAMILIES`), or ``""`` for a family with a scorer of its own."""
        return self.fan_table or TABLE_FAMILIES.get(self.scoring, "")

    def _compile_readings(self, p: np.ndarray) -> None:
        """Rule-reading options -> params 183-191 (see mjsim.rules.params)."""
        p[P.P_VOID_KONG] = P.VOID_KONG_CODES[self.void_suit_kong]
        p[P.P_LAST_TILE_REPLACEMENT] = P.LAST_TILE_REPLACEMENT_CODES[self.last_tile_replacement]
        p[P.P_SEABED_OFFER] = P.SEABED_OFFER_CODES[self.seabed_offer]
        p[P.P_SEABED_REFUSED] = P.SEABED_REFUSED_CODES[self.seabed_refused]
        p[P.P_SEABED_BIRDS] = P.SEABED_BIRDS_CODES[self.seabed_birds]
        p[P.P_OPENING_SAME_RANK_PAIRS] = self.opening_same_rank_pairs
        p[P.P_LUXURY_LEVELS] = self.luxury_levels
        p[P.P_MW_THRESHOLD] = P.MW_THRESHOLD_CODES[self.missed_win_threshold]
        p[P.P_WILD_FIFTH_COPY] = self.wild_fifth_copy
        if self.wild_fifth_copy:
            p[P.P_WIN_SHAPES] |= P.SHAPE_WILD_FIFTH  # the kernels' fifth-copy mode

    def _compile_win_claim_ready(self, p: np.ndarray) -> None:
        """Calls, win conditions, lockouts, ready modes, forced wins -> their params."""
        lk = self.missed_win_lockout
        scope = self.missed_win_scope
        if scope == "auto":
            scope = "tile" if lk.startswith("same_tile") else "all_waits"
        lift = self.missed_win_lift
        if lift == "auto":
            lift = "any_move" if lk == "same_tile_until_move" else "own_draw"
        p[P.P_MW_SCOPE] = P.MW_SCOPE_CODES[scope]
        p[P.P_MW_LIFT] = P.MW_LIFT_NEVER if lk == "whole_hand" else P.MW_LIFT_CODES[lift]
        p[P.P_MW_UNREADY_ONLY] = self.missed_win_unready_only
        p[P.P_OWN_DISCARD_LOCKOUT] = P.OWN_DISCARD_CODES[self.own_discard_lockout]
        p[P.P_READY_LOCKOUT_WHOLE_HAND] = self.ready_lockout_whole_hand
        p[P.P_MIN_FAN_DISCARD] = max(self.min_fan, self.min_fan_discard)
        p[P.P_MIN_FAN_SELF_DRAW] = max(self.min_fan, self.min_fan_self_draw)
        p[P.P_ROB_KONG_BY_PUNG] = self.rob_kong_by_pung
        p[P.P_ROB_KONG_AS_SELF_DRAW] = self.rob_kong_as_self_draw
        p[P.P_WIN_FILTER] = P.WIN_FILTER_CODES[self.win_filter]
        p[P.P_SEVEN_PAIRS_QUADS] = self.seven_pairs_quads
        if not self.seven_pairs_quads and p[P.P_WIN_SHAPES] & P.SHAPE_SEVEN_PAIRS:
            p[P.P_WIN_SHAPES] += P.SHAPE_SEVEN_PAIRS_DISTINCT - P.SHAPE_SEVEN_PAIRS
        p[P.P_FREE_HONORS] = P.FREE_HONORS_CODES[self.free_honors]
        p[P.P_KONG_AFTER_READY] = P.KONG_READY_CODES[self.kong_after_ready]
        p[P.P_NO_CLAIMS_LAST_DISCARD] = self.no_claims_on_last_discard
        p[P.P_OPEN_HAND_SELF_DRAW_ONLY] = self.open_hand_self_draw_only
        term = self.terminal_rule
        if self.must_have_terminal:
            term = "terminal_or_honor"
        p[P.P_TERMINAL_RULE] = P.TERMINAL_CODES[term]
        if term == "terminal_or_honor":
            p[P.P_MUST_HAVE_TERMINAL] = 1  # the engine's older check applies it
        p[P.P_MUST_HAVE_CHOW] = self.must_have_chow
        p[P.P_DISCARD_WIN_REQUIRES_READY] = self.discard_win_requires_ready
        p[P.P_READY_EXEMPT_KONG_REPLACEMENT] = self.ready_exempt_kong_replacement
        kap = self.kong_after_pung
        if self.no_kong_after_pung:
            kap = "never_with_held_fourth"
            p[P.P_NO_KONG_AFTER_PUNG] = 1
        p[P.P_KONG_AFTER_PUNG] = P.KONG_AFTER_PUNG_CODES[kap]
        if kap == "never_with_held_fourth":
            p[P.P_NO_KONG_AFTER_PUNG] = 1
        p[P.P_MIN_HAND_AFTER_CALL] = self.min_hand_after_call
        p[P.P_SINGLE_TILE_WIN] = P.SINGLE_TILE_CODES[self.single_tile_win]
        p[P.P_MISSED_PUNG_LOCKOUT] = self.missed_pung_lockout
        p[P.P_LAST_TILES_SELF_DRAW_ONLY] = self.last_tiles_self_draw_only
        p[P.P_ABORT_ON_KONGS] = P.ABORT_KONGS_CODES[self.abort_on_kongs]
        p[P.P_FIRST_TURN_NO_ADDED_KONG] = self.first_turn_no_added_kong
        p[P.P_MUST_HAVE_258_TILE] = self.must_have_258_tile
        modes = list(self.ready_modes)
        p[P.P_READY_MODE0] = P.READY_MODE_CODES[modes[0]]
        p[P.P_READY_MODE1] = P.READY_MODE_CODES[modes[1]] if len(modes) > 1 else -1
        # standing tiles, chow-ready, forced wins
        p[P.P_STANDING_TILES] = self.standing_tiles
        p[P.P_CHOW_READY_ANY_SEAT] = self.chow_ready_any_seat
        fw = self.forced_win
        if fw == "auto":
            fw = "last_n" if self.forced_win_tiles > 0 else "none"
        p[P.P_FORCED_WIN] = P.FORCED_WIN_CODES[fw]
        p[P.P_LAST_TILES_NO_FLOWER_REPLACEMENT] = not self.last_tiles_flower_replacement


def _py_scalar(v: Any) -> Any:
    """A numpy bool / integer as the Python ``bool`` / ``int`` it holds; anything else as is."""
    return v.item() if isinstance(v, np.bool_ | np.integer) else v


def _type_ok(value: Any, tp: Any) -> bool:
    """Does ``value`` have the declared field type ``tp`` (``bool``; ``int``, a bool excluded;
    ``str``; ``tuple[X, ...]`` of such; ``X | None``; ``dict``)?"""
    if tp is Any:
        return True
    if tp is type(None):
        return value is None
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    origin = typing.get_origin(tp)
    if origin is types.UnionType or origin is typing.Union:
        return any(_type_ok(value, a) for a in typing.get_args(tp))
    if origin is tuple:
        elem = typing.get_args(tp)[0]  # tuple[X, ...]
        return isinstance(value, tuple) and all(_type_ok(x, elem) for x in value)
    if origin is dict:
        return isinstance(value, dict)
    return isinstance(value, tp)


def _type_name(tp: Any) -> str:
    if tp is bool:
        return "a bool (True or False)"
    if tp is int:
        return "an int (not a bool)"
    if tp is str:
        return "a str"
    return str(tp).replace("typing.", "")


_FIELD_TYPES: dict[str, Any] = {}


def check_field_types(spec: RuleSpec) -> None:
    """``ValueError`` naming the first field whose value does not have its declared type
    (``allow_chow=2``, ``wall_reserve=True``, ``tile_set=136`` ...): one loop over the
    dataclass fields and their annotations."""
    if not _FIELD_TYPES:
        _FIELD_TYPES.update(typing.get_type_hints(RuleSpec))
    for f in dataclasses.fields(spec):
        tp = _FIELD_TYPES[f.name]
        v = getattr(spec, f.name)
        if not _type_ok(v, tp):
            raise ValueError(
                f"RuleSpec.{f.name}={v!r} ({type(v).__name__}) must be {_type_name(tp)}"
            )


def field_names() -> list[str]:
    """The RuleSpec field names, in declaration order (``extra`` excluded)."""
    return [f.name for f in dataclasses.fields(RuleSpec) if f.name != "extra"]


def check_field_name(name: str) -> None:
    """Raise ``ValueError`` if ``name`` is not a RuleSpec field: the message suggests the
    closest field names (``"unknown RuleSpec field 'alow_chow'; did you mean allow_chow?"``) or,
    when none is close, lists them all. The one check of :meth:`RuleSpec.replace`,
    :meth:`RuleSpec.from_dict`, :func:`mjsim.variants.get` and ``--set``."""
    from mjsim._text import did_you_mean

    valid = field_names()
    if name in valid:
        return
    hint = did_you_mean(name, valid)
    if hint:
        raise ValueError(
            f"unknown RuleSpec field {name!r}{hint} (every field: `mjsim variants --show ID` "
            "or mjsim.rules.spec.field_names())"
        )
    raise ValueError(f"unknown RuleSpec field {name!r}; valid fields: {', '.join(valid)}")


# ------------------------------------------------------------------ fields that depend on others
#: Qualifier fields: a field that only qualifies other rules (``chow_left_only`` says from whom
#: a chow may be taken; without chows it means nothing). Declared once, as data: qualifier ->
#: ``(off value, conditions)``. The conditions are what the qualifier needs (the "needs X" of
#: :meth:`RuleSpec.validate`), in the syntax of :func:`condition_holds`. :meth:`RuleSpec.replace`
#: lets an override of a needed field carry its qualifiers along, and rule studies name a
#: qualifier that a cell switches off (:func:`inert_reason`). A new qualifier field is one more
#: entry here. Entries are listed after the fields they need (``carry_deposits`` after
#: ``ready_deposit``), so one pass in this order settles chains.
#: the RuleSpec default of forced_win (what "when_ready" returns to without ready declarations)
_DEFAULT_FORCED_WIN = "auto"

QUALIFIERS: dict[str, tuple[Any, tuple[str, ...]]] = {
    # calls
    "chow_left_only": (False, ("allow_chow",)),
    "forbid_chow_same_discard": (False, ("allow_chow",)),
    "forbid_pung_same_discard": (False, ("allow_pung",)),
    "chow_ready_any_seat": (False, ("allow_chow", "allow_ready")),
    # ready declarations
    "must_be_ready": (False, ("allow_ready",)),
    "ready_exempt_kong_replacement": (False, ("must_be_ready",)),
    "discard_win_requires_ready": (False, ("allow_ready",)),
    "ready_requires_closed": (False, ("allow_ready",)),
    "ready_first_discard_only": (False, ("allow_ready",)),
    "ready_deposit": (0, ("allow_ready",)),
    "carry_deposits": (False, ("ready_deposit",)),
    "ready_min_points": (0, ("allow_ready",)),
    "ready_modes": (("hidden",), ("allow_ready",)),
    "standing_tiles": (0, ("allow_ready",)),
    "riichi_aborts": (False, ("allow_ready", "n_players=4")),
    "missing_seat_payment": ("tsumo_loss", ("scoring=riichi", "n_players=3")),
    "flower_dora": (False, ("scoring=riichi", "flowers!=none")),
    "opening_exchange": (False, ("wall_tiles_used",)),
    "final_ready_draws": (0, ("allow_ready", "wall_tiles_used")),
    # wild tiles
    "wild_tiles": ((), ("wild_rule=fixed",)),
    "wild_offsets": ((), ("wild_rule=indicator|indicator_next",)),
    "indicator_in_play": (False, ("wild_rule=indicator|indicator_next",)),
    "wall_end_at_indicator": (False, ("wild_rule=indicator|indicator_next",)),
    "grab_wild": (False, ("wild_rule=indicator|indicator_next",)),
    "wild_flower_groups": (False, ("wild_rule=indicator",)),
    "wild_after_ready_only": (False, ("wild_rule!=none", "allow_ready")),
    "wild_in_calls": (False, ("wild_rule!=none",)),
    "wild_discard_claimable": (True, ("wild_rule!=none",)),
    "wild_discard_penalty": ("none", ("wild_rule!=none",)),
    "wild_single_wait_self_draw_only": (False, ("wild_rule!=none",)),
    "wild_substitutes": ("any", ("wild_rule!=none",)),
    "wild_stand_in": (-1, ("wild_rule!=none",)),
    "three_wild_win": (False, ("wild_rule!=none",)),
    "wild_kong": (False, ("wild_rule!=none",)),
    "wild_wait_context": (False, ("wild_rule!=none|treasure",)),
    "wild_bonus": ("none", ("wild_rule=indicator|indicator_next",)),
    "wild_bonus_feeder_pays": (False, ("wild_bonus!=none",)),
    "treasure_source": ("last_wall_tile_after_deal", ("wild_rule=treasure",)),
    "treasure_change_at": (3, ("wild_rule=treasure",)),
    "treasure_count_melds": (False, ("wild_rule=treasure",)),
    "treasure_match_wins": (False, ("wild_rule=treasure",)),
    "reserve_per_flower_quad": (0, ("honors_are_flowers",)),
    # robbing a kong, kong payments
    "rob_kong_by_pung": (False, ("rob_kong!=none",)),
    "rob_kong_as_self_draw": (False, ("rob_kong!=none",)),
    "kong_pay_values": ((), ("kong_pay_rule=table",)),
    "kong_hot_shot": ("none", ("kong_payment_timing=immediate",)),
    "kong_bloom_liable": (False, ("allow_exposed_kong",)),
    "flower_bloom": (False, ("flowers!=none",)),
    "draw_ready_pay": (False, ("scoring=table",)),
    "short_discarder_split": (False, ("start_points", "multi_winner=all")),
}

#: Fields that are valid but have no effect while other rules hold: field -> ``(conditions, why)``
#: (the field is inert when every condition holds; syntax of :func:`condition_holds`). Rule
#: studies warn before playing a grid that varies such a field (:func:`inert_reason`). Qualifiers
#: whose needs are off (:data:`QUALIFIERS`) are inert too and need no entry here.
INERT: dict[str, tuple[tuple[str, ...], str]] = {
    "forced_win_tiles": (
        ("missing_suit_choice",),
        "the last-tiles forced win is not applied with 定缺 (missing_suit_choice=True: "
        '"定缺规则中最后四张可以不胡")',
    ),
    "wild_honor_cycle": (
        ("wild_rule!=indicator|indicator_next",),
        "only an indicator wild_rule advances the turned kind",
    ),
    "indicator_source": (
        ("wild_rule!=indicator|indicator_next",),
        "no indicator is turned without an indicator wild_rule",
    ),
    "ready_locks_hand": (("!allow_ready",), "nobody declares ready (allow_ready=False)"),
    "kong_after_ready": (("!allow_ready",), "nobody declares ready (allow_ready=False)"),
    "missed_win_unready_only": (("!allow_ready",), "nobody declares ready (allow_ready=False)"),
    "ready_lockout_whole_hand": (("!allow_ready",), "nobody declares ready (allow_ready=False)"),
    "missed_win_scope": (("missed_win_lockout=none",), "there is no missed-win lockout"),
    "missed_win_lift": (
        ("missed_win_lockout=none|whole_hand",),
        "the missed-win lockout is never lifted early (none or whole_hand)",
    ),
    "bird_rule": (("!birds",), "no birds are drawn (birds=0)"),
    "chicken_value": (
        ("chicken_flip=none", "!open_chicken", "!hero_chicken"),
        "there are no chickens (chicken_flip='none', open_chicken and hero_chicken False)",
    ),
    "draw_multiplier_cap": (
        ("draw_counter_rule!=double_per_draw",),
        "only draw_counter_rule='double_per_draw' reads it",
    ),
    "draw_multiplier_after_cap": (
        ("draw_counter_rule!=double_per_draw",),
        "only draw_counter_rule='double_per_draw' reads it",
    ),
    # rule-reading options: each qualifies a rule and is inert while that rule is off
    "wild_fifth_copy": (("wild_rule=none",), "there are no wild tiles (wild_rule='none')"),
    "missed_win_threshold": (
        ("missed_win_lockout=none",),
        "there is no missed-win lockout (missed_win_lockout='none')",
    ),
    "void_suit_kong": (("!missing_suit_choice",), "there is no 定缺 (missing_suit_choice=False)"),
    "seabed_offer": (("scoring!=changsha",), "only scoring='changsha' offers the 海底"),
    "seabed_refused": (("scoring!=changsha",), "only scoring='changsha' offers the 海底"),
    "opening_same_rank_pairs": (
        ("scoring!=changsha",),
        "only scoring='changsha' has opening small wins (起手小胡)",
    ),
    "luxury_levels": (("scoring!=changsha",), "only scoring='changsha' scores 豪华七对"),
    "seabed_birds": (("birds=0|1",), "with at most one bird the 海底 tile is that bird"),
}

#: Fields read only when the next hand of a match is dealt: the dealer succession, the
#: prevailing wind and the counters, multipliers and deposits carried from hand to hand
#: (``mjsim.engine.hand_end._end_hand``, ``mjsim.engine.carry``). Runs of independent hands
#: (``match_hands=1``, as every rule study plays) deal each hand afresh: there these fields have
#: no effect.
BETWEEN_HANDS: tuple[str, ...] = (
    "dealer_rotation",
    "dealer_stays_on_draw",
    "dealer_on_draw",
    "dealer_after_multi_win",
    "round_wind_rule",
    "draw_multiplier",
    "draw_counter_rule",
    "draw_multiplier_cap",
    "draw_multiplier_after_cap",
    "count_dealer_repeats",
    "repeat_counter",
    "dealer_level_max",
    "draw_dealer_stake",
    "carry_deposits",
)


def _condition_parts(cond: str) -> tuple[str, str, tuple[str, ...]]:
    """``"wild_rule!=none|treasure"`` -> ``("wild_rule", "!=", ("none", "treasure"))``;
    ``"allow_ready"`` -> ``("allow_ready", "on", ())``; ``"!birds"`` -> ``("birds", "off", ())``."""
    for op in ("!=", "="):
        if op in cond:
            name, vals = cond.split(op, 1)
            return name, op, tuple(vals.split("|"))
    if cond.startswith("!"):
        return cond[1:], "off", ()
    return cond, "on", ()


def _is_on(value: Any) -> bool:
    """A bool that is True, a number above 0, a non-empty tuple (numpy values as the Python
    values they hold; anything else by its truth value: validation names a wrong type)."""
    value = _py_scalar(value)
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value > 0
    if isinstance(value, tuple | list | np.ndarray):
        return len(value) > 0
    return bool(value)


def _text(value: Any) -> str:
    """A field value as written in a condition (``True`` -> ``"true"``, ``4`` -> ``"4"``)."""
    value = _py_scalar(value)
    return str(value).lower() if isinstance(value, bool) else str(value)


def condition_holds(values: Any, cond: str) -> bool:
    """Does the condition ``cond`` hold for ``values`` (a :class:`RuleSpec` or a mapping of field
    values)? Syntax: ``"field"`` (on: a bool True, a number > 0, a non-empty tuple), ``"!field"``
    (off), ``"field=a|b"`` (the value is one of those), ``"field!=a|b"`` (none of them)."""
    name, op, vals = _condition_parts(cond)
    v = values[name] if isinstance(values, dict) else getattr(values, name)
    if op == "on":
        return _is_on(v)
    if op == "off":
        return not _is_on(v)
    inside = _text(v) in vals
    return inside if op == "=" else not inside


def field_default(name: str) -> Any:
    """The default value of the RuleSpec field ``name`` (``ValueError`` for an unknown field)."""
    for f in dataclasses.fields(RuleSpec):
        if f.name == name:
            return f.default
    raise ValueError(f"unknown RuleSpec field {name!r}")


def _describe(cond: str) -> str:
    """A condition in the words of a validation message: ``allow_chow=True``, ``rob_kong !=
    'none'``, ``wild_rule='indicator' or 'indicator_next'``."""
    name, op, vals = _condition_parts(cond)
    if op == "on":
        return f"{name}=True" if isinstance(field_default(name), bool) else f"{name} > 0"
    if op == "off":
        return f"{name}=False" if isinstance(field_default(name), bool) else f"{name}=0"
    quoted = [repr(v) if name != "n_players" else v for v in vals]
    if op == "=":
        return f"{name}={' or '.join(quoted)}"
    return f"{name} other than {', '.join(quoted)}"


def inert_reason(spec: Any, name: str, independent_hands: bool = False) -> str | None:
    """Why the field ``name`` has no effect under the other rules of ``spec`` (a
    :class:`RuleSpec` or a mapping of field values), or ``None`` if it may have one: a qualifier whose needs are off (:data:`QUALIFIERS`: "needs allow_chow=True"),
    a field of :data:`INERT` whose conditions hold, and with ``independent_hands`` a field read
    only between the hands of a match (:data:`BETWEEN_HANDS`)."""
    if name in QUALIFIERS:
        unmet = [c for c in QUALIFIERS[name][1] if not condition_holds(spec, c)]
        if unmet:
            return "it needs " + " and ".join(_describe(c) for c in unmet)
    if name in INERT:
        conds, why = INERT[name]
        if all(condition_holds(spec, c) for c in conds):
            return why
    if independent_hands and name in BETWEEN_HANDS:
        return "it acts only between the hands of a match, and each hand here is dealt afresh"
    return None


def follow_qualifiers(spec: RuleSpec, overrides: dict[str, Any]) -> dict[str, Any]:
    """``overrides`` plus the qualifiers that follow them (:data:`QUALIFIERS`): a qualifier not
    itself overridden whose needs an override switches off takes its off value; one whose needs
    an override switches on takes its RuleSpec default. Returns a new dict; the spec is not
    validated here."""
    new = dict(overrides)

    def now(name: str) -> Any:
        return new[name] if name in new else getattr(spec, name)

    for q, (off, conds) in QUALIFIERS.items():  # needed fields come first: chains settle
        if q in overrides or not any(_condition_parts(c)[0] in new for c in conds):
            continue
        before = all(condition_holds(spec, c) for c in conds)
        after = all(condition_holds({n: now(n) for n in _names(conds)}, c) for c in conds)
        if before != after:
            target = field_default(q) if after else off
            if now(q) != target:
                new[q] = target
    return new


def _names(conds: tuple[str, ...]) -> list[str]:
    return [_condition_parts(c)[0] for c in conds]


#: Fields that validate but that the engine does not play yet (``check_playable`` rejects them).
def check_playable(spec: RuleSpec) -> None:
    """Raise ``NotImplementedError`` naming a field whose value the engine cannot play yet."""
    unsupported = []
    # wild-tile and flower values the loop does not play yet
    if spec.wild_in_calls:
        unsupported.append("wild_in_calls=True")
    if unsupported:
        raise NotImplementedError(
            "the engine does not play these rule values yet: " + ", ".join(unsupported)
        )
