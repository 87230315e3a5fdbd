"""The rule set's win requirements at :func:`mjsim.score`: a hand the engine would not let win is
refused, not scored.

A fan table values a win; whether the hand may win at all is the rule set's business
(:class:`mjsim.rules.spec.RuleSpec`), which the engine applies at every WIN action
(:mod:`mjsim.engine.win_check`, :mod:`mjsim.engine.win_rules`). :func:`check_spec_win` applies
the same fields to one win given to :func:`mjsim.score`, so that a rizhao seven pairs with no
2-5-8 pair, a yingkou hand missing a suit or a discard win in a self-draw-only variant raises a
``ValueError`` naming the rule instead of returning a value no game can produce.

Checked (the ``RuleSpec`` field in brackets): a discard win where the variant wins by self-draw
only (``self_draw_only``, robbing a kong exempt under ``rob_kong_as_self_draw``) or after an
exposed meld (``open_hand_self_draw_only``); a hand with no exposed meld (``must_open``); the
suits (``suit_rule``: ``missing_one``, ``all_three``, ``one_suit_8``, ``at_least_two``); a
terminal or honour (``must_have_terminal``; a wild that stands for simples only is not one), a
pung (``must_have_pung``); ``terminal_rule``, ``single_tile_win``, ``must_have_258_tile`` and
the win filters (``win_filter``: ``pung_or_dragon_pair``, ``pung_or_red_dragon_pair``,
``seven_pairs_258_pair``, ``small_win_258_pair``) by the engine's own jitted predicates.

A 地和 (``earthly=True``) won on a discard where the rule set's scoring family narrows 地和 to
a self-draw (``scoring``: :data:`EARTHLY_SELF_DRAW_ONLY`, the engine hook's reading) is refused
as well; elsewhere the engine flags 地和 on any win of a non-dealer in the first go-round before
its own first discard (:mod:`mjsim.engine.win_context`), a discard win included.

Not checked here: the shapes and the pair rule (the fan table reads only its shapes with its
``pair_rule``, and refuses a hand with no reading), the ready declaration (``must_be_ready``: a
declaration of the game, not a property of the hand), ``must_have_chow`` (a sequence found in
the engine's decomposition; no registered variant plays it), and what depends on the game's
history (过胡 lockouts, wild discards, furiten). Plain Python around jitted predicates.

Scoring knows no rule set (the data flows kernels -> rules -> scoring -> variants -> engine): this
module, in the engine layer, registers :func:`check_spec_win` with
:func:`mjsim.scoring.api.register_win_check` when imported, and ``mjsim.score`` is its re-export
of :func:`mjsim.scoring.api.score`, so the public function always checks.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from mjsim.melds import (
    MELD_CHOW,
    MELD_CONCEALED_KONG,
    MELD_HONOR_CHOW,
    MELD_NONE,
    MELD_SPECIAL_KONG,
)
from mjsim.scoring.api import register_win_check, score  # noqa: F401 (mjsim.score)

_SUIT_WORDS = {
    "missing_one": "at most two suits (缺一门)",
    "all_three": "all three suits (三门齐)",
    "one_suit_8": "at least 8 tiles of one suit",
    "at_least_two": "at least two suits",
}


#: ``RuleSpec.scoring`` families whose engine hook narrows 地和 (``F_EARTHLY``) to a self-draw,
#: and the rule in words. Every other family keeps the engine's reading (a discard win included).
#: Riichi's chiihou (``chiihou=``) and Changsha's 地胡 (a win on the dealer's first discard) are
#: checked by their own scorers.
EARTHLY_SELF_DRAW_ONLY: dict[str, str] = {
    "jipinghu": (
        "地和 (earthly) is a self-draw (mjsim.engine.hooks_jipinghu); a discard win of the first "
        "go-round is 人和: give human=True"
    ),
}


@cache
def _rules(variant: str) -> tuple[Any, np.ndarray] | None:
    """``(spec, compiled params)`` of the registered rule set ``variant``, or ``None`` when no
    rule set has that id (a scorer registered on its own)."""
    from mjsim import variants

    if variant not in variants.names():
        return None
    spec = variants.get(variant)
    return spec, spec.compile().params


def _wild_mask(wilds: Any) -> int:
    """Bit mask of the wild kinds given to the table scorer (``wilds=``); 0 when none or not
    readable (the scorer names a bad value)."""
    from mjsim.tiles import parse_tiles

    try:
        kinds = parse_tiles(wilds, flowers=False) if isinstance(wilds, str) else list(wilds)
    except (TypeError, ValueError):
        return 0
    mask = 0
    for k in kinds:
        if isinstance(k, int | np.integer) and not isinstance(k, bool) and 0 <= k < 34:
            mask |= 1 << int(k)
    return mask


def _refuse(variant: str, rule: str, why: str) -> ValueError:
    return ValueError(f"{variant}: not a legal win under RuleSpec.{rule}: {why}")


def check_spec_win(variant: str, win: Any, context: dict[str, Any]) -> None:
    """Raise ``ValueError`` naming the ``RuleSpec`` rule when the registered rule set
    ``variant`` would not let ``win`` win.

    Args:
        variant: the variant id given to :func:`mjsim.score`; an id with no registered rule set
            is not checked.
        win: the parsed win (:class:`mjsim.scoring.api.WinInput`).
        context: the variant keywords given to :func:`mjsim.score` (read: ``wilds``,
            ``tiles_left``, ``earthly``).

    Raises:
        ValueError: ``"<variant>: not a legal win under RuleSpec.<field>: <why>"``.
    """
    from mjsim.engine.win_rules import has_258_pair, requirements_ok, small_win_ok
    from mjsim.kernels.shanten import is_win
    from mjsim.rules import params as P
    from mjsim.scoring.context import F_KONG_REPLACEMENT, F_LAST_WALL_TILE, F_ROBBING_KONG

    got = _rules(variant)
    if got is None:
        return
    spec, prm = got
    h = np.array(win.concealed[:34], np.uint8)
    melds = np.array(win.melds, np.int8)
    rows = [tuple(int(x) for x in row) for row in melds if row[0] != MELD_NONE]
    exposed = [r for r in rows if r[0] != MELD_CONCEALED_KONG]
    robbing = bool(win.flags[F_ROBBING_KONG])
    discard_win = not win.self_drawn and not (robbing and spec.rob_kong_as_self_draw)

    earthly_rule = EARTHLY_SELF_DRAW_ONLY.get(spec.scoring)
    if context.get("earthly") and discard_win and earthly_rule is not None:
        raise _refuse(variant, f"scoring={spec.scoring!r}", earthly_rule)
    if discard_win and spec.self_draw_only:
        raise _refuse(
            variant, "self_draw_only=True", "a win by self-draw only; a discard win is refused"
        )
    if discard_win and spec.open_hand_self_draw_only and exposed:
        raise _refuse(
            variant,
            "open_hand_self_draw_only=True",
            "after a chow, pung or exposed kong the seat wins by self-draw only",
        )
    if spec.must_open and not exposed:
        raise _refuse(variant, "must_open=True", "a win needs at least one exposed meld")

    wild = _wild_mask(context.get("wilds", ()))
    # a wild that stands for simples only is never the 1/9/honour a rule asks for
    simples_only = (int(prm[P.P_WIN_SHAPES]) & P.SHAPE_WILD_SIMPLES) != 0
    suit = [0, 0, 0, 0]
    term = False
    pung = False
    for k in range(34):
        c = int(h[k])
        if c == 0:
            continue
        suit[min(k // 9, 3)] += c
        if (k >= 27 or k % 9 in (0, 8)) and not (simples_only and (wild >> k) & 1):
            term = True
        if c >= 3:
            pung = True
    for mt, k, _src in rows:
        if mt == MELD_CHOW:
            suit[k // 9] += 3
            term = term or k % 9 in (0, 6)
        elif mt == MELD_HONOR_CHOW:
            suit[3] += 3
            term = True
        elif mt == MELD_SPECIAL_KONG:
            pung = term = True  # 旋风杠 / 喜杠 / 幺九蛋: honours or terminals, and a kong
            suit[3] += 3
        else:
            suit[min(k // 9, 3)] += 3
            pung = True
            term = term or k >= 27 or k % 9 in (0, 8)
    if spec.must_have_terminal and not term:
        raise _refuse(variant, "must_have_terminal=True", "a win needs a 1, 9 or honour (幺九)")
    if spec.must_have_pung and not pung:
        raise _refuse(variant, "must_have_pung=True", "a win needs a pung or kong")
    n_suits = sum(1 for i in range(3) if suit[i] > 0)
    rule = spec.suit_rule
    if (
        (rule == "missing_one" and n_suits > 2)
        or (rule == "all_three" and n_suits < 3)
        or (rule == "one_suit_8" and max(suit[:3]) < 8)
        or (rule == "at_least_two" and n_suits < 2)
    ):
        raise _refuse(
            variant,
            f"suit_rule={rule!r}",
            f"a win holds {_SUIT_WORDS[rule]}; this hand holds "
            + ("all three suits" if n_suits == 3 else f"{n_suits} suit(s)"),
        )

    # seven pairs / thirteen orphans that are not also a standard hand (the engine's
    # _pairs_only_win): they waive must_have_258_tile and are what seven_pairs_258_pair reads
    natural = np.array([0 if (wild >> k) & 1 else h[k] for k in range(34)], np.uint8)
    nw = int(sum(int(h[k]) for k in range(34) if (wild >> k) & 1)) + int(spec.imagined_wild)
    four = np.int64(4)
    pairs_shapes = np.int64(P.SHAPE_SEVEN_PAIRS | P.SHAPE_THIRTEEN_ORPHANS)
    pair_code, honor = np.int64(prm[P.P_PAIR_RULE]), np.int64(prm[P.P_HONOR_CHOWS])
    pairs_only = (
        not rows
        and not is_win(natural, four, np.int64(nw), pair_code, honor, np.int64(P.SHAPE_STANDARD))
        and is_win(natural, four, np.int64(nw), pair_code, honor, pairs_shapes)
    )
    if not requirements_ok(prm, h, melds, pairs_only):
        what = []
        if spec.terminal_rule != "none":
            what.append(f"terminal_rule={spec.terminal_rule!r}")
        if spec.single_tile_win != "any":
            what.append(f"single_tile_win={spec.single_tile_win!r}")
        if spec.must_have_258_tile:
            what.append("must_have_258_tile=True")
        if spec.win_filter != "none":
            what.append(f"win_filter={spec.win_filter!r}")
        raise _refuse(variant, " / ".join(what) or "win_filter", "the hand does not meet it")
    if spec.win_filter == "seven_pairs_258_pair" and not wild and not rows:
        seven = is_win(
            natural, four, np.int64(0), pair_code, honor, np.int64(P.SHAPE_SEVEN_PAIRS)
        ) and not is_win(natural, four, np.int64(0), pair_code, honor, np.int64(P.SHAPE_STANDARD))
        free = all(k >= 27 for k in range(34) if h[k]) or all(
            k < 27 and k % 9 in (1, 4, 7) for k in range(34) if h[k]
        )  # a structure-free hand stands (the fan table reads it)
        if seven and not has_258_pair(h) and not free:
            raise _refuse(
                variant,
                "win_filter='seven_pairs_258_pair'",
                "seven pairs need a pair of 2, 5 or 8 of a suit (但必须至少有一对是258)",
            )
    if spec.win_filter == "small_win_258_pair":
        tiles_left = context.get("tiles_left")
        sea = bool(win.flags[F_LAST_WALL_TILE]) or (
            isinstance(tiles_left, int) and not isinstance(tiles_left, bool) and tiles_left < 4
        )
        # 大胡 events: 抢杠, 杠开 (a self-draw on a replacement), 海底捞 (the last four tiles)
        big = robbing or (win.self_drawn and (bool(win.flags[F_KONG_REPLACEMENT]) or sea))
        if not small_win_ok(prm, natural, np.int64(nw), melds, not win.self_drawn, big):
            raise _refuse(
                variant,
                "win_filter='small_win_258_pair'",
                "a small win (屁胡) needs a 2-5-8 pair and at most one wild; no big-hand "
                "(大胡) pattern or event makes this hand one",
            )


register_win_check(check_spec_win)
