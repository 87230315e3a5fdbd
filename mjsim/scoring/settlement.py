"""Shared settlement arithmetic and hand-shape predicates of the regional scorers.

One job: the money side of a hand (who pays whom, how much) as small jitted primitives that the
sichuan, changsha and guangdong_jipinghu scorers (and the engine's settlement hook) combine. A
variant's differences are data passed in (amount tables, multipliers, caps), never a copied
function.

Conventions for every function here:

- ``out`` is an ``int64[4]`` array of per-seat deltas, in the variant's payment unit (Sichuan:
  base points ``b``; Changsha: 分; Guangdong: points). Functions ADD to ``out`` (so several
  transfers of one event can be accumulated); the caller zeroes it. A transfer never creates or
  destroys points: ``out.sum()`` is unchanged by every function in this module.
- Seats are absolute ``0..3``; turn order is ``seat -> (seat + 1) % 4`` (下家 first).
- ``still_in`` is ``bool[4]``: the players who have not won yet (Sichuan blood battle "其他未胡者";
  all True in a game where the first win ends the hand).
- ``ledger`` is ``int64[4, 4]``: ``ledger[payer, receiver]`` = kong income paid so far this hand.
  Sichuan needs it for 退税 (refunds at a draw) and 呼叫转移 (transfer to the winner).

The module also holds the hand-shape predicates the three regional scorers share (suit-only hands
without wild tiles): a complete standard hand with a pair rule, the all-pungs and all-chows
readings (what ``mjsim.kernels`` does not report). They are count-vector arithmetic over ``uint8[34]``;
seven pairs and thirteen orphans come from :mod:`mjsim.kernels.special`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from mjsim._jit import internal
from mjsim._stack import stack_empty
from mjsim.melds import MELD_ADDED_KONG, MELD_CHOW, MELD_CONCEALED_KONG, MELD_KONG, MELD_NONE

N_SEATS = 4

# pair rules (same values as mjsim.kernels: PAIR_ANY, PAIR_258)
PAIR_ANY = 0
PAIR_258 = 1


# --------------------------------------------------------------------------------------------
# transfers
# --------------------------------------------------------------------------------------------


@internal
def transfer(out, payer, receiver, amount):
    """Move ``amount`` from ``payer`` to ``receiver`` in ``out`` (int64[4]); no-op if equal."""
    if payer != receiver and amount != 0:
        out[payer] -= amount
        out[receiver] += amount


@njit(cache=True)
def doubling(fan, cap):
    """``2 ** min(fan, cap)`` (``cap < 0``: no cap): the doubling-fan value of a hand, int."""
    if cap >= 0 and fan > cap:
        fan = cap
    return np.int64(1) << np.int64(fan)


@njit(cache=True)
def win_transfers(winner, discarder, per_payer, extra_self_draw, still_in, multiplier, out):
    """The ordinary win payment: the discarder pays, or every other player still in pays.

    ``discarder < 0`` means a self-draw: each other seat with ``still_in`` pays
    ``(per_payer + extra_self_draw) * multiplier[payer]``; on a discard win only the discarder pays
    ``per_payer * multiplier[discarder]``. ``multiplier`` is ``int64[4]`` (birds, 1 = none).
    Returns the winner's income.
    """
    got = 0
    if discarder >= 0:
        amount = per_payer * multiplier[discarder]
        transfer(out, discarder, winner, amount)
        return amount
    for p in range(N_SEATS):
        if p != winner and still_in[p]:
            amount = (per_payer + extra_self_draw) * multiplier[p]
            transfer(out, p, winner, amount)
            got += amount
    return got


@njit(cache=True)
def liable_self_draw(winner, liable, per_payer, still_in, out):
    """包 (liability): ``liable`` pays the whole self-draw, i.e. every payer's share.

    Every other seat with ``still_in`` owes ``per_payer``; ``liable`` pays all of it (its own
    share and the others'). Returns the winner's income.
    """
    n = 0
    for p in range(N_SEATS):
        if p != winner and still_in[p]:
            n += 1
    transfer(out, liable, winner, n * per_payer)
    return n * per_payer


@internal
def kong_transfers(kong_type, konger, discarder, still_in, table, scale, ledger, out):
    """Immediate kong payment from a per-kong-type amount table; records it in ``ledger``.

    ``table`` is ``int64[5, 2]`` indexed by meld type (:mod:`mjsim.melds`): column 0 = what the
    discarder of the claimed tile pays (exposed kong only), column 1 = what every OTHER player
    still in pays (the discarder excluded for an exposed kong); amounts are multiplied by
    ``scale`` (the base score). Returns the konger's income.
    """
    got = 0
    if kong_type == MELD_KONG and discarder >= 0:
        a = table[kong_type, 0] * scale
        transfer(out, discarder, konger, a)
        ledger[discarder, konger] += a
        got += a
    each = table[kong_type, 1] * scale
    if each != 0:
        for p in range(N_SEATS):
            if p == konger or not still_in[p]:
                continue
            if kong_type == MELD_KONG and p == discarder:
                continue
            transfer(out, p, konger, each)
            ledger[p, konger] += each
            got += each
    return got


@internal
def split_by_turn(total, source, receivers, out):
    """Pay ``total`` from ``source`` to the seats flagged in ``receivers`` (bool[4]) equally.

    The remainder goes one unit at a time to the receivers nearest ``source`` in turn order.
    Returns the number of receivers.
    """
    n = 0
    for p in range(N_SEATS):
        if receivers[p]:
            n += 1
    if n == 0 or total == 0:
        return n
    share = total // n
    rest = total - share * n
    for k in range(1, N_SEATS + 1):
        p = (source + k) % N_SEATS
        if receivers[p]:
            amount = share
            if rest > 0:
                amount += 1
                rest -= 1
            transfer(out, source, p, amount)
    return n


@njit(cache=True)
def refund_ledger(ledger, refunder, out):
    """退税: ``refunder`` returns every kong payment it received (per ``ledger``) to its payers.

    Clears the refunder's column of ``ledger``. Returns the amount refunded.
    """
    total = 0
    for p in range(N_SEATS):
        a = ledger[p, refunder]
        if a != 0:
            transfer(out, refunder, p, a)
            ledger[p, refunder] = 0
            total += a
    return total


# --------------------------------------------------------------------------------------------
# hand-shape predicates over uint8[34] count vectors (no wild tiles)
# --------------------------------------------------------------------------------------------


@njit(cache=True)
def _melds_only(c):
    """True if the int64[34] counts ``c`` split into pungs and chows only (consumes a copy)."""
    w = stack_empty(34, np.int64)  # the copy on the stack, not the heap (mjsim/_stack.py)
    for i in range(34):
        w[i] = c[i]
    for i in range(34):
        if w[i] >= 3:
            w[i] -= 3  # three chows from i equal three pungs, so pung-first is exact
        n = w[i]
        if n == 0:
            continue
        if i >= 27 or i % 9 > 6:
            return False
        if w[i + 1] < n or w[i + 2] < n:
            return False
        w[i] = 0
        w[i + 1] -= n
        w[i + 2] -= n
    return True


@njit(cache=True)
def _chows_only(c):
    """True if the int64[34] counts ``c`` split into chows only."""
    w = stack_empty(34, np.int64)  # the copy on the stack, not the heap (mjsim/_stack.py)
    for i in range(34):
        w[i] = c[i]
    for i in range(34):
        n = w[i]
        if n == 0:
            continue
        if i >= 27 or i % 9 > 6:
            return False
        if w[i + 1] < n or w[i + 2] < n:
            return False
        w[i] = 0
        w[i + 1] -= n
        w[i + 2] -= n
    return True


@njit(cache=True)
def pair_ok(kind, pair_rule):
    """True if ``kind`` may be the pair under ``pair_rule`` (PAIR_ANY / PAIR_258)."""
    if pair_rule == PAIR_258:
        return kind < 27 and kind % 9 in (1, 4, 7)
    return True


@njit(cache=True)
def standard_shape(concealed, pair_rule):
    """Readings of the concealed part as melds + one pair.

    ``concealed``: uint8[34] (or longer; only 0..33 used), incl. the winning tile, with
    ``3k + 2`` tiles. Returns a bit set: 1 = some reading exists with the pair allowed by
    ``pair_rule``; 2 = a reading of only pungs exists (any pair); 4 = a reading of only chows exists
    (any pair). 0 = not a complete standard hand.
    """
    c = stack_empty(34, np.int64)  # filled below; on the stack, not the heap (mjsim/_stack.py)
    total = 0
    for i in range(34):
        c[i] = concealed[i]
        total += c[i]
    if total % 3 != 2:
        return 0
    res = 0
    for p in range(34):
        if c[p] < 2:
            continue
        c[p] -= 2
        if pair_ok(p, pair_rule) and (res & 1) == 0 and _melds_only(c):
            res |= 1
        if (res & 4) == 0 and _chows_only(c):
            res |= 4
        c[p] += 2
    # all pungs: every count 0 or 3 except exactly one 2
    n_pair = 0
    ok = True
    for i in range(34):
        if c[i] == 2:
            n_pair += 1
        elif c[i] != 0 and c[i] != 3:
            ok = False
    if ok and n_pair == 1:
        res |= 2
    return res


@njit(cache=True)
def hand_totals(concealed, melds, out):
    """Fill ``out`` (int64[34]) with the whole hand's tile counts: concealed plus melds (a kong
    counts 4). Returns the number of melds."""
    n = 0
    for i in range(34):
        out[i] = concealed[i]
    for m in range(melds.shape[0]):
        t = melds[m, 0]
        if t == MELD_NONE:
            continue
        n += 1
        k = melds[m, 1]
        if t == MELD_CHOW:
            out[k] += 1
            out[k + 1] += 1
            out[k + 2] += 1
        elif t == MELD_KONG or t == MELD_ADDED_KONG or t == MELD_CONCEALED_KONG:
            out[k] += 4
        else:
            out[k] += 3
    return n


@njit(cache=True)
def suit_mask(totals):
    """Bit set of the suits present in ``totals`` (int64[34]): 1 = m, 2 = p, 4 = s, 8 = honours."""
    mask = 0
    for i in range(34):
        if totals[i] > 0:
            if i < 27:
                mask |= 1 << (i // 9)
            else:
                mask |= 8
    return mask
