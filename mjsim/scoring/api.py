"""``mjsim.score``: one scoring entry point for every variant.

:func:`score` parses and validates the win (hand, melds, winning tile, seats, flags) once for all
variants, builds a :class:`WinInput` holding the shared win-context arrays
(:mod:`mjsim.scoring.context` layout, the same arrays the engine builds at a win), and hands it to
the variant's *adapter*. An adapter reads its variant keywords, calls its family's jitted scorer
and returns a :class:`~mjsim.scoring.result.ScoreResult`. Variants register adapters with
:func:`register_scorer`; built-in ones are imported on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from mjsim import _compile_notice
from mjsim.melds import MAX_MELDS, MELD_NONE
from mjsim.scoring.context import (
    F_DEALER_SEAT,
    F_DISCARDER_SEAT,
    F_FLOWERS,
    F_FOURTH_TILE,
    F_IS_DEALER,
    F_KONG_REPLACEMENT,
    F_LAST_WALL_TILE,
    F_ROBBING_KONG,
    F_ROUND_WIND,
    F_SEAT_WIND,
    F_SELF_DRAWN,
    F_WINNER_SEAT,
    N_FLAGS,
)
from mjsim.scoring.melds_parse import is_kong_row, meld_counts, parse_melds
from mjsim.scoring.result import ScoreResult
from mjsim.tiles import as_counts, parse_tiles, parse_tiles_with_red, tile_name

__all__ = ["WinInput", "register_scorer", "known_variants", "score"]


@dataclass(frozen=True)
class WinInput:
    """A parsed, validated win, as every adapter receives it.

    Attributes:
        concealed: ``uint8[34]`` concealed tiles including the winning tile.
        melds: ``int8[MAX_MELDS, 3]`` meld rows (:mod:`mjsim.melds`).
        n_melds: number of used meld rows.
        win_tile: kind of the winning tile.
        flags: ``int64[N_FLAGS]`` with the common fields filled (:mod:`mjsim.scoring.context`);
            an adapter may set its variant fields (indices 19-23) on a copy.
        seat, dealer: absolute seats 0-3.
        discarder: absolute seat of the discarder, ``-1`` on a self-draw.
        self_drawn: won by self-draw.
    """

    concealed: NDArray[np.uint8]
    melds: NDArray[np.int8]
    n_melds: int
    win_tile: int
    flags: NDArray[np.int64]
    seat: int
    dealer: int
    discarder: int
    self_drawn: bool


Adapter = Callable[..., ScoreResult]
"""``adapter(win: WinInput, **variant_context) -> ScoreResult``."""

# Built-in scorers, imported on first use ("module:function"); other variants call
# register_scorer() from their own modules.
_ADAPTERS: dict[str, Adapter | str] = {
    "guobiao": "mjsim.scoring.guobiao_api:score_guobiao",
    "sichuan": "mjsim.scoring.sichuan:score_sichuan",
    "chengdu": "mjsim.scoring.sichuan:score_chengdu",
    "sichuan_xuezhan": "mjsim.scoring.sichuan:score_sichuan_xuezhan",
    "changsha": "mjsim.scoring.changsha:score_changsha",
    "guangdong_jipinghu": "mjsim.scoring.jipinghu:score_jipinghu",
    "hebei": "mjsim.scoring.hebei:score_hebei",
    # ---- riichi: Japanese Riichi, han / fu / points
    "riichi": "mjsim.scoring.riichi:score_riichi",
    # ---- tianjin: 番, keyword wild_indicator="3p"
    "tianjin": "mjsim.scoring.tianjin:score_tianjin",
}
_HAND_SIZE: dict[str, int] = dict.fromkeys(_ADAPTERS, 14)


def register_scorer(variant_id: str, adapter: Adapter | str, *, hand_size: int = 14) -> None:
    """Register (or replace) the scorer adapter of a variant.

    Args:
        variant_id: the canonical variant id (docs/variants.md), e.g.
            ``"sichuan"``.
        adapter: ``adapter(win: WinInput, **variant_context) -> ScoreResult``, or a
            ``"module:function"`` string imported on first use. It must raise ``ValueError`` on
            a hand that is not a win in the variant and on unknown ``variant_context`` keys.
        hand_size: tiles of a complete hand counting each meld as 3 (14; 17 for 16-tile
            variants).

    Raises:
        ValueError: empty id, an adapter that is neither callable nor a string, a hand size
            that is not 3k + 2.
    """
    if not isinstance(variant_id, str) or not variant_id:
        raise ValueError(f"variant id must be a non-empty string, got {variant_id!r}")
    if not (callable(adapter) or isinstance(adapter, str)):
        raise ValueError(f"adapter must be callable or 'module:function', got {adapter!r}")
    if hand_size % 3 != 2 or hand_size < 2:
        raise ValueError(f"hand_size must be 3k + 2, got {hand_size}")
    _ADAPTERS[variant_id] = adapter
    _HAND_SIZE[variant_id] = hand_size


def _table_variants() -> list[str]:
    """Variants whose fan table (:mod:`mjsim.scoring.tables`) has no adapter of its own:
    :func:`mjsim.scoring.table_score.score_table_variant` scores them."""
    from mjsim.scoring import tables

    return [v for v in tables.names() if v not in _ADAPTERS]


def known_variants() -> list[str]:
    """Sorted ids of the variants :func:`score` can score."""
    return sorted({*_ADAPTERS, *_table_variants()})


def _adapter(variant: str) -> Adapter:
    if variant not in _ADAPTERS and variant in _table_variants():
        from functools import partial

        from mjsim.scoring.table_score import score_table_variant, win_size

        _ADAPTERS[variant] = partial(score_table_variant, variant=variant)
        _HAND_SIZE[variant] = win_size(variant)
    if variant not in _ADAPTERS:
        from mjsim._text import did_you_mean

        hint = did_you_mean(variant, known_variants())
        raise ValueError(
            f"unknown variant {variant!r}{hint or ';'} known: {', '.join(known_variants())}"
        )
    adapter = _ADAPTERS[variant]
    if isinstance(adapter, str):
        module, _, name = adapter.partition(":")
        adapter = getattr(importlib.import_module(module), name)
        _ADAPTERS[variant] = adapter
    return adapter


_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3, "东": 0, "南": 1, "西": 2, "北": 3}


def _wind(value: str | int, what: str) -> int:
    if isinstance(value, bool):
        raise ValueError(f"{what} must be E/S/W/N or 0-3, got {value!r}")
    if isinstance(value, int | np.integer) and 0 <= int(value) <= 3:
        return int(value)
    if isinstance(value, str) and value.strip().upper() in _WINDS:
        return _WINDS[value.strip().upper()]
    if isinstance(value, str) and value.strip() in _WINDS:
        return _WINDS[value.strip()]
    raise ValueError(f"{what} must be E/S/W/N or 0-3, got {value!r}")


def _seat(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or not 0 <= value <= 3:
        raise ValueError(f"{what} must be a seat 0-3, got {value!r}")
    return int(value)


def _tile(value: str | int) -> int:
    if isinstance(value, str):
        kinds = parse_tiles(value, flowers=False)
        if len(kinds) != 1:
            raise ValueError(f"win_tile must be exactly one tile, got {value!r}")
        return kinds[0]
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or not 0 <= value < 34:
        raise ValueError(f"win_tile must be a tile kind 0-33 or a tile string, got {value!r}")
    return int(value)


def _flower_count(value: int | str) -> int:
    if isinstance(value, str):
        kinds = parse_tiles(value, flowers=True) if value.strip() else []
        if any(k < 34 for k in kinds):
            raise ValueError(f"flowers must list flower tiles only, got {value!r}")
        return len(kinds)
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or not 0 <= value <= 8:
        raise ValueError(f"flowers must be a count 0-8 or flower tiles, got {value!r}")
    return int(value)


def build_win(
    hand: str | Sequence[int] | NDArray[np.integer],
    *,
    win_tile: str | int,
    melds: Iterable[str | Sequence[int]] = (),
    self_drawn: bool = False,
    seat: int = 0,
    dealer: int = 0,
    discarder: int | None = None,
    seat_wind: str | int | None = None,
    round_wind: str | int = "E",
    flowers: int | str = 0,
    fourth_tile: bool = False,
    last_wall_tile: bool = False,
    kong_replacement: bool = False,
    robbing_kong: bool = False,
    hand_size: int = 14,
    players: int = 4,
) -> WinInput:
    """Parse and validate a win into a :class:`WinInput` (the checks shared by all variants).

    The keywords are :func:`score`'s; ``hand_size`` is the variant's winning hand size and
    ``players`` the seats at the table (3 for three-player riichi), used only for the default
    seat wind ``(seat - dealer) % players``.

    Raises:
        ValueError: see :func:`score`.
    """
    concealed = as_counts(hand)
    meld_rows = parse_melds(melds)
    n_melds = int((meld_rows[:, 0] != MELD_NONE).sum())
    win = _tile(win_tile)
    expected = hand_size - 3 * n_melds
    n_concealed = int(concealed.sum())
    if n_concealed != expected:
        raise ValueError(
            f"wrong tile count: {n_concealed} concealed tiles with {n_melds} meld(s); a winning "
            f"hand holds {expected} (= {hand_size} - 3 per meld, kongs count 3) including the "
            "winning tile"
        )
    in_melds = meld_counts(meld_rows)
    total = concealed.astype(np.int64) + in_melds
    over = np.nonzero(total > 4)[0]
    if over.size:
        k = int(over[0])
        raise ValueError(
            f"fifth copy of {tile_name(k)}: {int(total[k])} copies in hand and melds (max 4)"
        )
    if concealed[win] == 0:
        raise ValueError(
            f"win tile {tile_name(win)} is not among the concealed tiles (the hand must include it)"
        )
    seat = _seat(seat, "seat")
    dealer = _seat(dealer, "dealer")
    self_drawn = bool(self_drawn)
    if self_drawn and discarder is not None:
        raise ValueError(f"a self-drawn win has no discarder (got discarder={discarder})")
    if not self_drawn:
        discarder = (seat + 3) % 4 if discarder is None else _seat(discarder, "discarder")
        if discarder == seat:
            raise ValueError(
                f"discarder == seat ({seat}): a player cannot win on their own discard"
            )
    else:
        discarder = -1
    if kong_replacement and robbing_kong:
        raise ValueError("kong_replacement and robbing_kong cannot both be set")
    if kong_replacement:
        if not self_drawn:
            raise ValueError("kong_replacement (杠上开花) needs self_drawn=True")
        if not any(is_kong_row(int(t)) for t in meld_rows[:n_melds, 0]):
            raise ValueError("kong_replacement (杠上开花) needs a kong among the melds")
    if robbing_kong:
        if self_drawn:
            raise ValueError(
                "robbing_kong (抢杠和) is a win on another player's tile: self_drawn=False"
            )
        if concealed[win] != 1 or in_melds[win] != 0:
            raise ValueError(
                f"robbing_kong: the robbed {tile_name(win)} completes another player's kong, so the "
                "winner holds no other copy of it"
            )
    flags = np.zeros(N_FLAGS, dtype=np.int64)
    flags[F_SELF_DRAWN] = int(self_drawn)
    # the dealer is East: without an explicit seat wind the winner's is its distance from the
    # dealer (a default of East would score a non-dealer's East pung as its seat wind)
    if seat_wind is None:
        flags[F_SEAT_WIND] = (seat - dealer) % players
    else:
        flags[F_SEAT_WIND] = _wind(seat_wind, "seat_wind")
    flags[F_ROUND_WIND] = _wind(round_wind, "round_wind")
    flags[F_FLOWERS] = _flower_count(flowers)
    flags[F_FOURTH_TILE] = int(bool(fourth_tile))
    flags[F_LAST_WALL_TILE] = int(bool(last_wall_tile))
    flags[F_KONG_REPLACEMENT] = int(bool(kong_replacement))
    flags[F_ROBBING_KONG] = int(bool(robbing_kong))
    flags[F_IS_DEALER] = int(seat == dealer)
    flags[F_WINNER_SEAT] = seat
    flags[F_DISCARDER_SEAT] = discarder
    flags[F_DEALER_SEAT] = dealer
    assert meld_rows.shape == (MAX_MELDS, 3)
    return WinInput(
        concealed=concealed[:34].copy(),
        melds=meld_rows,
        n_melds=n_melds,
        win_tile=win,
        flags=flags,
        seat=seat,
        dealer=dealer,
        discarder=discarder,
        self_drawn=self_drawn,
    )


def written_red_fives(
    hand: str | Sequence[int] | NDArray[np.integer],
    win_tile: str | int,
    melds: Iterable[str | Sequence[int]] = (),
) -> int:
    """Red fives (``0m/0p/0s``) written in ``hand``, the meld strings and ``win_tile``.

    The hand includes the winning tile, so a red ``win_tile`` adds one only when the hand
    writes no red five of that suit (it is the hand's copy). Count vectors and kinds carry no
    red marks (0). Errors are left to :func:`build_win` (``ValueError``).
    """
    red = [0, 0, 0]
    if isinstance(hand, str):
        kinds, marks = parse_tiles_with_red(hand, flowers=False, check_copies=False)
        for k, m in zip(kinds, marks, strict=True):
            if m:
                red[k // 9] += 1
    if isinstance(win_tile, str):
        kinds, marks = parse_tiles_with_red(win_tile, flowers=False, check_copies=False)
        if len(kinds) == 1 and marks[0] and red[kinds[0] // 9] == 0:
            red[kinds[0] // 9] = 1
    n = sum(red)
    for meld in melds:
        if isinstance(meld, str) and len(meld.split()) >= 2:
            n += sum(parse_tiles_with_red(meld.split()[1], flowers=False, check_copies=False)[1])
    return n


#: Checks of a parsed win against the registered rule set of its variant, each
#: ``check(variant, win, context)`` raising ``ValueError``. Scoring knows no rule set: the engine
#: layer's :mod:`mjsim.engine.spec_win` registers the ``RuleSpec`` check when imported, and
#: ``mjsim.score`` is that module's re-export of :func:`score`.
_WIN_CHECKS: list[Callable[[str, Any, dict[str, Any]], None]] = []


def register_win_check(check: Callable[[str, Any, dict[str, Any]], None]) -> None:
    """Run ``check(variant, win, context)`` in every :func:`score` call after the hand is parsed
    (``win``: the :class:`WinInput`; ``context``: the variant keywords given). A check raises
    ``ValueError`` to refuse the hand. Registering the same check twice has no effect."""
    if check not in _WIN_CHECKS:
        _WIN_CHECKS.append(check)


def score(
    variant: str,
    hand: str | Sequence[int] | NDArray[np.integer],
    *,
    win_tile: str | int,
    melds: Iterable[str | Sequence[int]] = (),
    self_drawn: bool = False,
    seat: int = 0,
    dealer: int = 0,
    discarder: int | None = None,
    seat_wind: str | int | None = None,
    round_wind: str | int = "E",
    flowers: int | str = 0,
    fourth_tile: bool = False,
    last_wall_tile: bool = False,
    kong_replacement: bool = False,
    robbing_kong: bool = False,
    quiet: bool | None = None,
    **variant_context: Any,
) -> ScoreResult:
    """Score one win in a variant.

    The first call of a scoring family in a process, on sources this machine has not compiled
    yet, compiles its scorer (seconds to a few minutes, once, then cached) and says so on
    stderr with the elapsed time; ``quiet=True`` (or ``MJSIM_QUIET=1``) silences it.

    Args:
        variant: variant id (:func:`known_variants`), e.g. ``"guobiao"``.
        hand: the concealed tiles INCLUDING the winning tile (14 - 3 per meld; kongs count 3),
            any :mod:`mjsim.tiles` notation or a count vector.
        win_tile: the winning tile, a kind 0-33 or a tile string (``"7s"``).
        melds: meld strings ``"chow 123m"``, ``"pung 555z"``, ``"kong 5555z"`` (exposed),
            ``"added_kong 5555z"``, ``"concealed_kong 7777p"``, optionally ``"... from N"``
            (source seat offset); see :mod:`mjsim.scoring.melds_parse`.
        self_drawn: won by self-draw.
        seat, dealer: absolute seats 0-3 of the winner and the dealer.
        discarder: absolute seat of the discarder on a discard win; defaults to the player
            before the winner (``(seat + 3) % 4``); must be ``None`` on a self-draw.
        seat_wind, round_wind: ``"E" "S" "W" "N"`` (or 0-3, or 东南西北); ``seat_wind``
            defaults to the winner's wind from ``seat`` and ``dealer`` (the dealer is East),
            ``round_wind`` to East.
        flowers: flower count 0-8, or the flower tiles (``"1f5f"``).
        fourth_tile: the winning tile is the last unseen copy (和绝张).
        last_wall_tile: won on the last wall tile (妙手回春 self-drawn / 海底捞月 on a discard).
        kong_replacement: won on a kong replacement draw (杠上开花); needs self_drawn and a kong.
        robbing_kong: won by robbing an added kong (抢杠和); a discard-type win.
        quiet: no compile notice (default: ``MJSIM_QUIET``).
        **variant_context: variant keywords (guobiao: see
            :func:`mjsim.scoring.guobiao_api.score_guobiao`). riichi: red fives written in
            ``hand`` / ``melds`` / ``win_tile`` (``0m/0p/0s``) are counted as ``aka_dora``
            (:func:`written_red_fives`); giving ``aka_dora=`` as well is refused.

    Returns:
        A :class:`ScoreResult`.

    Raises:
        ValueError: unknown variant (listing the known ones), a bad tile token, wrong tile
            count, a fifth copy counting melds, a meld that is not a meld, a win tile not in the
            hand, discarder == seat, self_drawn with a discarder, contradictory flags, a hand that
            is not a winning hand in the variant, a hand the variant's rule set would not let win
            (:func:`mjsim.engine.spec_win.check_spec_win`, naming the ``RuleSpec`` rule), an
            unknown variant keyword, riichi:
            ``aka_dora=`` together with red fives written in the tiles.
    """
    adapter = _adapter(variant)

    def run() -> ScoreResult:
        win = build_win(
            hand,
            win_tile=win_tile,
            melds=melds,
            self_drawn=self_drawn,
            seat=seat,
            dealer=dealer,
            discarder=discarder,
            seat_wind=seat_wind,
            round_wind=round_wind,
            flowers=flowers,
            fourth_tile=fourth_tile,
            last_wall_tile=last_wall_tile,
            kong_replacement=kong_replacement,
            robbing_kong=robbing_kong,
            hand_size=_HAND_SIZE[variant],
            # three-player riichi (``players=3``, checked by its scorer) has three seat winds
            players=3 if variant == "riichi" and variant_context.get("players") == 3 else 4,
        )
        for check in _WIN_CHECKS:  # the rule set's win requirements (mjsim.engine.spec_win)
            check(variant, win, variant_context)
        context = variant_context
        if variant == "riichi":
            red = written_red_fives(hand, win_tile, melds)
            if red and "aka_dora" in context:
                raise ValueError(
                    f"riichi: aka_dora={context['aka_dora']!r} given but the tiles already "
                    f"write {red} red five(s) (0m/0p/0s count as aka dora): give one or the other"
                )
            if red:
                context = {**context, "aka_dora": red}
        return adapter(win, **context)

    key = f"scoring:{getattr(adapter, '__module__', None) or variant}"  # one per family
    if _compile_notice.loaded(key):
        return run()
    return _compile_notice.first_use(key, f"the {variant} scorer", run, quiet=quiet)
