"""Settlement: the jitted scoring dispatch (the "small jitted hook" per scoring family).

``hand_value`` values a win by the scorer named in the TYPE of ``rules.scorer``
(:mod:`mjsim.rules.scorer`), chosen while numba types the caller, so the compiled game loop of
a rule set holds its own scorer only: the spec's fan table (:func:`table_value`: the one jitted
pattern detector over the table's arrays, so a table-driven rule set adds no jitted code), or
the family's own scorer (guobiao, riichi, changsha). ``kong_points`` switches on the
family at run time (small functions).

Families whose payments are not "one payer's share" (guobiao: the base 8 from everyone plus the
fan from the discarder; a payment record, e.g. sichuan's ``b * 2 ** 番`` from the players still
in) produce the whole payment vector of a win in :func:`win_payments`; :func:`variant_flags` writes a family's own win-context flag
(``flags`` indices 19..23) and :func:`qualifying_value` gives the part of a value that counts
toward ``min_fan`` (guobiao: flowers excluded).
"""

from __future__ import annotations

import numba as nb
import numpy as np
from numba.extending import overload

from mjsim._jit import internal
from mjsim.rules.params import (
    P_LUXURY_LEVELS,
    P_SCORING,
    SCORING_CHANGSHA,
    SCORING_GUOBIAO,
    SCORING_HEBEI,
    SCORING_JIPINGHU,
    SCORING_RIICHI,
    SCORING_SICHUAN,
    SCORING_TABLE,
    SCORING_TIANJIN,
)
from mjsim.rules.scorer import kind_of
from mjsim.scoring.changsha import (
    F_CS_OPTIONS,
    OPT_LUXURY_LEVELS,
    P_UNIT_BIG_DISCARD,
    P_UNIT_SMALL_DISCARD,
    changsha_hand_value,
    changsha_is_big,
)
from mjsim.scoring.context import N_FLAGS
from mjsim.scoring.detect import CTX_N_WINNERS, N_CTX, N_RESULT, R_QUALIFYING, detect
from mjsim.scoring.fan_table import C_KIND, H_CAP, H_MIN_TO_WIN, KIND_CONDITION
from mjsim.scoring.guobiao import F_GB_OPTIONS, guobiao_fan, guobiao_payments
from mjsim.scoring.hebei import hebei_kong_points
from mjsim.scoring.jipinghu import F_N_WINNERS
from mjsim.scoring.patterns import N_PATTERNS
from mjsim.scoring.payments import pay, pay_amount
from mjsim.scoring.riichi import F_RC_OPTIONS, riichi_eval
from mjsim.scoring.settlement import hand_totals
from mjsim.scoring.tianjin import tianjin_kong_points


def _scorer_value(scorer, rules, concealed, melds, win_tile, flags, items):
    """Stub typed by :func:`_scorer_value_impl` (the scorer is chosen while typing)."""
    raise NotImplementedError


@overload(_scorer_value, jit_options={"cache": True})
def _scorer_value_impl(scorer, rules, concealed, melds, win_tile, flags, items):
    """The hand value of the scorer named by the TYPE of ``scorer`` (``rules.scorer``,
    :mod:`mjsim.rules.scorer`): only that scorer's code is compiled into the caller."""
    kind = kind_of(scorer)
    if kind == "table":

        def table(scorer, rules, concealed, melds, win_tile, flags, items):
            if rules.params[P_SCORING] == SCORING_JIPINGHU:
                # 一炮三响 (jipinghu_flags); the share one payer pays is 2 ** 番 points
                v = table_value(rules, concealed, melds, win_tile, flags, flags[F_N_WINNERS], items)
                return pay_amount(rules.pay_record, v) if v >= 0 else -1
            # -1: no reading of the table's shapes makes the hand a win (the caller decides)
            return table_value(rules, concealed, melds, win_tile, flags, 1, items)

        return table
    if kind == "guobiao":

        def guobiao(scorer, rules, concealed, melds, win_tile, flags, items):
            # total fan including flowers (1 each); see qualifying_value for the 8-fan minimum
            return guobiao_fan(concealed[:34], melds, win_tile, flags, items)

        return guobiao
    if kind == "changsha":

        def changsha(scorer, rules, concealed, melds, win_tile, flags, items):
            tab = rules.score_table
            return changsha_hand_value(concealed, melds, win_tile, flags, tab, items)

        return changsha
    if kind == "riichi":

        def riichi(scorer, rules, concealed, melds, win_tile, flags, items):
            # basic points of the best reading; 0 without a yaku (min_fan = 1 masks the win)
            info = np.zeros(6, dtype=np.int64)
            v = riichi_eval(concealed, melds, win_tile, flags, items, info)
            return v if v > 0 else 0

        return riichi
    return None


@internal
def hand_value(rules, concealed, melds, win_tile, flags, items):
    """Value of a legal win in the scorer's unit (one payer's share); fills ``items``. -1 when
    a fan table (the table scorer) finds no reading of its shapes that makes the hand a win.

    The scorer is ``rules.scorer``'s type (:mod:`mjsim.rules.scorer`): a table-driven rule set
    compiles the detector and its table evaluator only, guobiao, riichi and changsha their own
    scorer only."""
    return _scorer_value(rules.scorer, rules, concealed, melds, win_tile, flags, items)


@internal
def table_value(rules, concealed, melds, win_tile, flags, n_winners, items):
    """Value of a legal win by the spec's fan table (``rules.fan_rows``, ...): the detector's
    best reading (:func:`mjsim.scoring.detect.detect`); ``items[r]`` = how many times row ``r``
    counts (condition rows excluded: they are not items). ``n_winners``: players winning on
    this discard. -1 when no reading of the table's shapes makes the hand a win; 0 when the
    qualifying rows fall short of the table's ``min_to_win`` (a spec with ``min_fan >= 1``
    then refuses the win)."""
    ctx = np.zeros(N_CTX, np.int64)
    ctx[CTX_N_WINNERS] = n_winners
    counts = np.zeros(N_PATTERNS, np.int64)
    n_rows = rules.fan_rows.shape[0]
    applied = np.zeros(n_rows, np.int64)
    result = np.zeros(N_RESULT, np.int64)
    v = detect(
        concealed,
        melds,
        win_tile,
        flags,
        ctx,
        rules.fan_rows,
        rules.fan_cancels,
        rules.fan_header,
        counts,
        applied,
        result,
    )
    for r in range(min(n_rows, items.shape[0])):
        if rules.fan_rows[r, C_KIND] != KIND_CONDITION:
            items[r] = applied[r]
    if v > 0 and result[R_QUALIFYING] < rules.fan_header[H_MIN_TO_WIN]:
        return 0  # below the table's own minimum (ningbo: >= 4 台, the base point excluded)
    return v


@internal
def table_best_wait(rules, concealed, melds, void, capped):
    """查大叫's 大叫: the best value by the spec's fan table of a ready hand over its waits, or
    -1 when no tile completes it.

    Args:
        rules: compiled rules with a fan table (``rules.fan_rows``, ...).
        concealed: ``uint8[>=34]`` the concealed tiles (``3k + 1``); read, not modified.
        melds: ``int8[MAX_MELDS, 3]`` the seat's melds.
        void: the seat's declared void suit (0-2, 定缺), whose tiles are no wait; -1 = none.
        capped: False = the table's cap is not applied (``score_values[6]`` of sichuan).

    Each kind the hand and melds do not already hold four of is tried as a discard win with no
    situational context (no self-draw, kong, last tile or robbing) by :func:`table_value`'s
    detector, as the Sichuan draw rule "赔给听牌的玩家最大的可能番（大叫）" asks.
    """
    header = rules.fan_header.copy()
    if not capped:
        header[H_CAP] = -1
    flags = np.zeros(N_FLAGS, np.int64)
    ctx = np.zeros(N_CTX, np.int64)
    ctx[CTX_N_WINNERS] = 1
    counts = np.zeros(N_PATTERNS, np.int64)
    applied = np.zeros(rules.fan_rows.shape[0], np.int64)
    result = np.zeros(N_RESULT, np.int64)
    totals = np.zeros(34, np.int64)
    hand_totals(concealed, melds, totals)
    trial = np.zeros(34, np.uint8)
    for k in range(34):
        trial[k] = concealed[k]
    best = np.int64(-1)
    for k in range(34):
        if totals[k] >= 4 or (void >= 0 and k // 9 == void and k < 27):
            continue
        trial[k] += 1
        v = detect(
            trial, melds, k, flags, ctx, rules.fan_rows, rules.fan_cancels, header, counts,
            applied, result,
        )  # fmt: skip
        trial[k] -= 1
        if v > best:
            best = v
    return best


@internal
def kong_points(rules, meld_type):
    """Points each other seat owes the konger for one kong of ``meld_type``."""
    fam = rules.params[P_SCORING]
    if fam == SCORING_HEBEI:
        return hebei_kong_points(meld_type, rules.score_table)
    if fam == SCORING_TIANJIN:
        return tianjin_kong_points(meld_type, rules.score_table)
    return 0


@nb.njit(cache=True)
def variant_flags(rules, flags, missing_suit):
    """Write the family's own win-context flag (``flags`` int64[N_FLAGS], indices 19..23).

    guobiao: ``F_GB_OPTIONS`` = ``score_values[0]`` (the scorer's ``OPT_*`` reading bits);
    changsha: ``F_CS_OPTIONS`` = the RuleSpec's reading bits (``luxury_levels``); riichi:
    ``F_RC_OPTIONS``. ``missing_suit`` (the winner's declared void suit, -1 = none) is read by
    no scorer: a win holding the void suit is not legal (:func:`mjsim.engine.win_check._win_ok`).
    """
    fam = rules.params[P_SCORING]
    if fam == SCORING_GUOBIAO:
        flags[F_GB_OPTIONS] = rules.score_table[0]
    elif fam == SCORING_CHANGSHA:
        flags[F_CS_OPTIONS] = OPT_LUXURY_LEVELS if rules.params[P_LUXURY_LEVELS] != 0 else 0
    elif fam == SCORING_RIICHI:
        flags[F_RC_OPTIONS] = rules.score_table[0]


@nb.njit(cache=True)
def qualifying_value(rules, value, n_flowers):
    """The part of a hand value compared with ``min_fan`` (guobiao: flowers do not count,
    "每花计一分。不计在起和分内")."""
    if rules.params[P_SCORING] == SCORING_GUOBIAO:
        return value - n_flowers
    return value


@nb.njit(cache=True)
def worth(rules, value, items):
    """What a discard win of ``value`` (its ``items`` filled) is worth, comparable between two
    wins of one family (``missed_win_threshold="higher_value"``, 过胡): the value itself, except
    changsha, whose ``k`` counts small or big wins: ``k`` times the discard unit of its class."""
    if rules.params[P_SCORING] == SCORING_CHANGSHA:
        tab = rules.score_table
        unit = tab[P_UNIT_BIG_DISCARD] if changsha_is_big(items) else tab[P_UNIT_SMALL_DISCARD]
        return value * unit
    return value


@internal
def win_payments(rules, value, winner, discarder, dealer, still_in, out):
    """The whole payment vector of one win, ADDED to ``out`` (int64[4], zero-sum).

    ``discarder`` < 0 on a self-draw; ``dealer``: the dealer's seat; ``still_in`` (bool[4]) =
    seats that have not won yet.
    Returns False for a family that pays "one payer's share" (``hand_value`` from the discarder,
    or from every other seat on a self-draw): the caller then applies that rule.

    guobiao: :func:`mjsim.scoring.guobiao.guobiao_payments` (8 + fan from each on a self-draw;
    8 from each and the fan on top from the discarder); table and sichuan: the spec's payment
    record (:func:`mjsim.scoring.payments.pay`; sichuan ``b * 2 ** 番`` from the discarder, or
    from each player still in on a self-draw, plus b each under 自摸加底).
    """
    fam = rules.params[P_SCORING]
    if fam == SCORING_GUOBIAO:
        tmp = np.zeros(4, dtype=np.int32)
        guobiao_payments(value, winner, discarder, discarder < 0, tmp)
        for q in range(4):
            out[q] += tmp[q]
        return True
    if fam == SCORING_TABLE or fam == SCORING_SICHUAN:
        pay(rules.pay_record, value, winner, discarder, dealer, still_in, -1, False, out)
        return True
    return False
