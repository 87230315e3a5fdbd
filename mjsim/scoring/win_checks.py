"""Consistency of a win's context: contradictory circumstances are refused, not scored twice.

:func:`check_win_context` is the boundary check of the table-driven scoring entry
(:func:`mjsim.scoring.table_score.score_win`): a win described with two circumstances that cannot
both hold (杠上开花 on the sea-bottom tile, 天和 for a seat that is not the dealer, ...) raises a
``ValueError`` naming the conflict, instead of scoring both items. :func:`check_scored_win` runs
it for a :func:`mjsim.score` adapter (``guangdong_jipinghu``, ``changsha``, the Sichuan family)
on the parsed win and the situational keywords the adapter takes. Plain Python.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mjsim.scoring.context import (
    F_KONG_REPLACEMENT,
    F_LAST_WALL_TILE,
    F_ROBBING_KONG,
    F_SEAT_WIND,
)


def check_win_context(
    *,
    seat: int,
    dealer: int,
    self_drawn: bool,
    n_melds: int,
    seat_wind: int | None = None,
    kong_replacement: bool = False,
    last_wall_tile: bool = False,
    after_kong_discard: bool = False,
    robbing_kong: bool = False,
    heavenly: bool = False,
    earthly: bool = False,
    human: bool = False,
    discarder: int = -1,
    has_won: Sequence[bool] | None = None,
) -> None:
    """Raise ``ValueError`` naming the first pair of circumstances that contradict each other.

    Args:
        seat, dealer: absolute seats 0-3 of the winner and the dealer.
        self_drawn: the win is a self-draw.
        n_melds: melds the winner has (concealed kongs included).
        seat_wind: the winner's seat wind 0-3 (E S W N) if given; it must be the winner's
            distance from the dealer, ``(seat - dealer) % 4``.
        kong_replacement, last_wall_tile, after_kong_discard, robbing_kong: 杠上开花, the last
            tile of the wall (海底捞月 / 海底炮), 杠上炮, 抢杠.
        heavenly, earthly, human: 天和, 地和, 人和. ``earthly`` is the engine's reading of 地和
            (:mod:`mjsim.engine.win_context`): any win of a non-dealer in the first go-round
            before its own first discard, a self-draw or a discard win (地胡 "庄家打出第一张牌就有人胡").
            A rule set whose hook narrows it to a self-draw (``RuleSpec.scoring="jipinghu"``)
            refuses a discard win at :func:`mjsim.score`
            (:func:`mjsim.engine.spec_win.check_spec_win`).
        discarder: the discarder's seat (-1 on a self-draw).
        has_won: 4 booleans, the seats that already won this hand (blood battle).

    Conflicts refused (the rule texts' words in brackets):

    - 杠上开花 with 海底捞月: a kong's replacement tile is not the sea-bottom tile (Changsha
      "此局无海底牌"); 杠上炮 with 海底炮, likewise for the discard after a kong;
    - 杠上开花 on a discard, 杠上炮 or 抢杠 on a self-draw; 抢杠 with 杠上炮 (the robbed tile
      is not a discard);
    - 天和 for a seat that is not the dealer, with a meld, or on a discard; 地和 for the dealer;
      人和 for the dealer or on a self-draw;
    - a seat wind that does not match the seat and the dealer;
    - a win after three other seats have already won (blood battle ends at the third winner),
      a winner or discarder that has already won.
    """
    if kong_replacement and last_wall_tile and self_drawn:
        raise ValueError(
            "kong_replacement (杠上开花) with last_wall_tile (海底捞月): a kong's replacement "
            "tile is not the sea-bottom tile ('此局无海底牌'); set the one that happened"
        )
    if after_kong_discard and last_wall_tile and not self_drawn:
        raise ValueError(
            "after_kong_discard (杠上炮) with last_wall_tile (海底炮): the discard after a kong's "
            "replacement is not the sea-bottom discard; set the one that happened"
        )
    if kong_replacement and not self_drawn:
        raise ValueError("kong_replacement (杠上开花) is a self-draw: self_drawn must be True")
    if after_kong_discard and self_drawn:
        raise ValueError("after_kong_discard (杠上炮) is a discard win: self_drawn must be False")
    if robbing_kong and self_drawn:
        raise ValueError("robbing_kong (抢杠) is a win on another seat's tile: self_drawn=False")
    if robbing_kong and after_kong_discard:
        raise ValueError(
            "robbing_kong (抢杠) with after_kong_discard (杠上炮): a robbed kong tile is not a "
            "discard"
        )
    if heavenly:
        if seat != dealer:
            raise ValueError(
                f"heavenly (天和) is the dealer's win: seat {seat} is not the dealer ({dealer})"
            )
        if n_melds:
            raise ValueError(
                f"heavenly (天和) is a win on the dealt hand: it has no meld (got {n_melds})"
            )
        if not self_drawn:
            raise ValueError("heavenly (天和) is a self-draw: self_drawn must be True")
    if earthly:
        if seat == dealer:
            raise ValueError("earthly (地和) is a non-dealer's win: the winner is the dealer")
    if human:
        if seat == dealer:
            raise ValueError("human (人和) is a non-dealer's win: the winner is the dealer")
        if self_drawn:
            raise ValueError("human (人和) is a win on a discard: self_drawn must be False")
    if seat_wind is not None and seat_wind != (seat - dealer) % 4:
        winds = "ESWN"
        raise ValueError(
            f"seat_wind {winds[seat_wind]} does not match seat {seat} with dealer {dealer}: "
            f"that seat's wind is {winds[(seat - dealer) % 4]}"
        )
    if has_won is not None:
        won = [bool(x) for x in has_won]
        if len(won) != 4:
            raise ValueError(f"has_won must hold 4 booleans, got {has_won!r}")
        if won[seat]:
            raise ValueError(f"has_won marks the winner (seat {seat}) as already out")
        if discarder >= 0 and won[discarder]:
            raise ValueError(f"has_won marks the discarder (seat {discarder}) as already out")
        if sum(won) >= 3:
            raise ValueError(
                "three seats have already won (has_won): the blood battle is over, no fourth win"
            )


def check_scored_win(
    win: Any,
    *,
    heavenly: bool = False,
    earthly: bool = False,
    human: bool = False,
    after_kong_discard: bool = False,
    has_won: Sequence[bool] | None = None,
) -> None:
    """:func:`check_win_context` on a win parsed by :func:`mjsim.score`, with the situational
    keywords of the variant's adapter.

    The win's own circumstances come from ``win`` (a :class:`mjsim.scoring.api.WinInput`): seats,
    self-draw, melds, and from ``win.flags`` the seat wind, ``kong_replacement`` (杠上开花),
    ``last_wall_tile`` and ``robbing_kong`` (抢杠). The seat wind is the one given to
    :func:`mjsim.score`, or the winner's own that it derives by default: one given must be the
    winner's, ``(seat - dealer) % 4``.

    Args:
        win: the parsed win.
        heavenly, earthly, human, after_kong_discard, has_won: as in :func:`check_win_context`.

    Raises:
        ValueError: the first pair of contradictory circumstances, both named.
    """
    check_win_context(
        seat=win.seat,
        dealer=win.dealer,
        self_drawn=win.self_drawn,
        n_melds=win.n_melds,
        seat_wind=int(win.flags[F_SEAT_WIND]),  # given, or derived by build_win
        kong_replacement=bool(win.flags[F_KONG_REPLACEMENT]),
        last_wall_tile=bool(win.flags[F_LAST_WALL_TILE]),
        after_kong_discard=bool(after_kong_discard),
        robbing_kong=bool(win.flags[F_ROBBING_KONG]),
        heavenly=bool(heavenly),
        earthly=bool(earthly),
        human=bool(human),
        discarder=win.discarder,
        has_won=has_won,
    )
