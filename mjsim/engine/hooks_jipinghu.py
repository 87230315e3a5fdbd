"""Engine-side hooks of the Guangdong chicken-hand family (``scoring="jipinghu"``): the win flags,
who is liable for a self-draw 包, and the payments of a win.

The hand value is the jitted scorer's (:func:`mjsim.scoring.jipinghu.jipinghu_points`, ``2 ** 番``);
these functions read and write the table state around it (the 广东麻将 / 鸡平胡 rules; the
variant's spec and its sources: :mod:`mjsim.variants.guangdong_jipinghu`):

- flags (:func:`jipinghu_flags`): the number of winners on one discard (一炮三响, each winner at
  least 3 番), 地和 only on a self-draw, 人和 = a discard win in the first go-around before any
  call;
- liability (:func:`jipinghu_on_claim`, :func:`jipinghu_liable`): 包自摸 "十二张落地包自摸" (the
  first enabler, "包先不包后"; 大四喜 / 大三元 "若有人打出余下一款者，那人则需承担包自摸的责任"),
  杠上开花包杠 "开暗刻明杠补牌后和牌，计自摸，点杠者包三家牌", robbing a kong "被抢杠者（欲开杠者）包三家牌";
- payments (:func:`jipinghu_pay`): a discard win, the discarder pays each winner ("点炮者包三家");
  a self-draw, each other seat pays, or the liable seat pays all three shares.
"""

from __future__ import annotations

from mjsim._jit import internal
from mjsim.actions import EXPOSED_KONG
from mjsim.engine.state import (
    PV_KONG_FROM,
    PV_LIABLE,
    PV_PAY,
    TV_FIRST_ROUND,
    TV_N_KONGS,
    TV_REPLACEMENT,
    TV_WINNERS,
    WK_DISCARD,
    WK_ROB_KONG,
    WK_SELF_DRAW,
)
from mjsim.rules.params import P_N_PLAYERS
from mjsim.scoring.context import F_EARTHLY, F_HUMAN, F_SELF_DRAWN
from mjsim.scoring.jipinghu import F_N_WINNERS, LIABLE_NONE, jipinghu_call_liability


@internal
def jipinghu_flags(s, t, p, win_kind, flags):
    """Variant flags: ``F_N_WINNERS`` (一炮三响), 地和 only on a self-draw, 人和 = a discard win in
    the first go-around before any call."""
    w = s.tv[t, TV_WINNERS]
    nw = 0
    for q in range(4):
        nw += (w >> q) & 1
    flags[F_N_WINNERS] = nw if win_kind == WK_DISCARD else 1
    first = s.tv[t, TV_FIRST_ROUND] != 0
    if flags[F_SELF_DRAWN] == 0:
        flags[F_EARTHLY] = 0
        flags[F_HUMAN] = 1 if (first and win_kind == WK_DISCARD) else 0


@internal
def jipinghu_on_claim(s, r, t, claimer, discarder, action):
    """After a claim (meld already added): record the first enabler of 包自摸 and an exposed
    kong's discarder (杠上开花包杠)."""
    if s.pv[t, claimer, PV_LIABLE] == 0:
        if jipinghu_call_liability(s.melds[t, claimer]) != LIABLE_NONE:
            s.pv[t, claimer, PV_LIABLE] = discarder + 1
    if action == EXPOSED_KONG:
        # the replacement draw that follows is kong number TV_N_KONGS + 1
        s.pv[t, claimer, PV_KONG_FROM] = 8 * (s.tv[t, TV_N_KONGS] + 1) + 1 + discarder


@internal
def jipinghu_liable(s, t, p, win_kind, frm):
    """Seat paying all three shares of ``p``'s self-draw (or robbed kong), -1 if none."""
    if win_kind == WK_ROB_KONG:
        return frm
    if win_kind != WK_SELF_DRAW:
        return -1
    kf = s.pv[t, p, PV_KONG_FROM]
    if s.tv[t, TV_REPLACEMENT] != 0 and kf > 0 and (kf >> 3) == s.tv[t, TV_N_KONGS]:
        return (kf & 7) - 1
    if s.pv[t, p, PV_LIABLE] > 0:
        return s.pv[t, p, PV_LIABLE] - 1
    return -1


@internal
def jipinghu_pay(s, r, t, p, v, win_kind, frm, mult):
    """Payments of seat ``p``'s win worth ``v`` points: discard -> the discarder pays; self-draw ->
    each other seat pays, or the liable seat pays all three shares; robbed kong -> the robbed
    player pays as a self-draw."""
    n = r.params[P_N_PLAYERS]
    amount = v * mult
    liable = jipinghu_liable(s, t, p, win_kind, frm)
    if liable >= 0:
        s.pv[t, liable, PV_PAY] -= (n - 1) * amount
        s.pv[t, p, PV_PAY] += (n - 1) * amount
        return
    if win_kind == WK_SELF_DRAW:
        for q in range(n):
            if q != p:
                s.pv[t, q, PV_PAY] -= amount
                s.pv[t, p, PV_PAY] += amount
        return
    s.pv[t, frm, PV_PAY] -= amount
    s.pv[t, p, PV_PAY] += amount
