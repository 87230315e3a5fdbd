"""The greedy in-kernel bot (agent id ``AGENT_GREEDY``): shanten first, then live waits.

Policy, for the current player of table ``t`` (all inside numba, no Python objects):

- ``WIN`` whenever it is legal (the mask already holds every rule: ``min_fan``, lockouts...).
- Choosing the void suit (``CHOOSE_SUIT``, spec field ``missing_suit_choice``): the legal suit
  with the fewest concealed tiles (ties: the lower suit). Sichuan 定缺 [seed: "每人开局前定缺一门"]:
  the bot later sheds that suit first and never calls its tiles. Where the void is not chosen
  but required of the winning hand (``suit_rule == "missing_one"``), the bot voids the suit it
  holds fewest tiles of while the hand still holds all three suits.
- Pre-hand stakes (``BET + k``, spec field ``pre_hand_bet``: shaanxi 下炮子, tianjin 坐庄 / 拉庄):
  always ``BET + 0`` (no stake; a stake raises the variance of both sides' money, not the bot's
  chance to win).
- Opening exchange (``opening_exchange``, two_player 开始时换牌, ``DISCARD + k`` swaps with the
  unused pool): always ``PASS`` (keep the dealt hand). A swap is a blind draw from the pool, so a
  sound swap policy needs the expected shanten over the pool's unseen tiles; not done yet.
- Kong-only tiles (``kong_only_tiles``: wuhan 红中 or the 七皮四赖 皮子, anqing 发 / 白): set
  aside (``KONG + k``) as soon as legal, before any other own-turn action: one held blocks the
  win and one set aside is worth a doubling.
- Special kongs (``SPECIAL_KONG + g``, ``special_kongs``: changchun 旋风杠 / 喜杠 / 幺九蛋):
  always declared when legal (a complete set and a kong out of tiles that rarely form one).
- 放风 / 补风 (``FENG + j``, ``honor_set_exposure``, weihai): always, the lowest legal honour
  first (honours out, replacements in; each 补风 is worth a unit from every payer).
- Own turn: among the legal discards, minimise the shanten of what is left (``mjsim.kernels``
  ``shanten`` over the variant's shapes, pair rule, honour chows and wilds). In *fan-rich
  mode* (:func:`fan_rich`: the rules' ``min_fan`` is above what a plain win of the variant's
  scoring family is worth) the shanten is taken towards the fan-rich shapes only (special
  shapes, full flush; :func:`_rich_shanten`), the bot stays concealed (no calls, no kongs), and
  ties prefer the fan-richer shape (most tiles of one suit, honour pairs). guobiao's 8-fan
  minimum is fan-rich ["起和分：和牌必须达到的最低分数（8分）"]; Changsha's ``min_fan=1`` is not:
  it only says "a small or a big win" ["2 、 5 、 8 作将，其余成刻子或顺子，即可胡牌"], and the
  bot plays the ordinary 2-5-8 game there. Ties: maximise the live waits
  (ukeire: unseen copies of the kinds that lower the shanten, counting every tile the seat
  can see — rivers, exposed melds and its own concealed kongs, not another seat's unless the
  rules show it, :func:`visible_counts`); with ``pair_rule == "258"`` and in Changsha
  (:func:`_pair_rule`: 将 must be 2-5-8 for a small win) the shanten counts 2-5-8 pairs only
  and a tie never breaks the last 2-5-8 pair; then shed the most isolated tile. Own-turn kongs
  are taken when they do not raise the shanten. ``READY_DISCARD`` is used only where the rules
  make it pay (``must_be_ready``, ``wild_after_ready_only``, and riichi, where 立直 is a yaku:
  the greedy bot declares riichi whenever it may, as the peers' rule-based baselines do; and
  a table that values ``ready_first_discard``, 天听 / 扣听, with the first discard).
  Riichi 九種九牌 (``NINE_TERMINALS``) is declared unless 11 or more different terminals and
  honours make thirteen orphans worth playing for.
- Reaction window: a call (chow, pung, exposed kong) is taken only if the resulting hand has a
  lower shanten, or the same shanten with more live waits (a kong: not a higher shanten).
- Staying concealed (:func:`stays_concealed`): where only a concealed hand may win on a discard
  (``open_hand_self_draw_only``, beijing), a seat that has opened nothing declines every call.
- Structure-free shapes (``win_shapes`` ``all_258_free`` / ``all_honors_free``, rizhao 将一色 /
  风一色): their shanten (:func:`free_shanten`, the tiles outside the class) joins the ordinary
  one while the melds still allow them; when it is the best, the bot calls only a pung of the
  class. 十三不靠 (``knitted``) is a kernel shape and in the shanten already.
- Wilds: kept (a wild is discarded only when nothing else can go, or by the 无钻 plan below) and
  never melded, except where every wild held at the end of the hand is paid (``wild_bonus``,
  nanchang 精 / 冲关 / 霸王精): there a discarded wild is punged or konged. Wild plans
  (:func:`plan_slacks`, :func:`plan_shanten`): where the fan table pays a hand for how its wilds
  are used (``no_wild_used`` 德国, ``no_wild`` 无钻, ``wild_pair`` 金雀, ``wild_pung`` 金龙), a
  plan's shanten less its slack (one step per doubling of the value) that is below the ordinary
  shanten decides the discard (无钻: shedding the wilds); otherwise the plans break the ties.
  In fan-rich mode the plans' shanten is taken towards the fan-rich shapes too (the measure
  it is compared with). A legal win is still always taken (the bot never declines a win to
  hold out for a plan). The wilds held count the held wild flowers (``wild_flower_groups``),
  as the win checks do.

Rule sources: each variant's rule page (docs/variants/) for the variant fields;
the policy itself is the standard "ukeire greedy" baseline of the peers (Mortal / mjx rule-based
bots, RLCard's ``mahjong-rule`` agent).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from mjsim._stack import stack_empty
from mjsim.actions import (
    BET,
    CHOOSE_SUIT,
    CHOW_HIGH,
    CHOW_LOW,
    CHOW_MID,
    DECLARE,
    EXPOSED_KONG,
    FENG,
    KONG,
    N_ACTIONS,
    NINE_TERMINALS,
    PASS,
    PUNG,
    READY_DISCARD,
    READY_SHOWN,
    SPECIAL_KONG,
    WIN,
)
from mjsim.engine.aborts import terminal_honor_kinds
from mjsim.engine.board import honor_flowers
from mjsim.engine.honor_chows import honor_chow_tiles
from mjsim.engine.kong_tiles import is_kong_only
from mjsim.engine.meld_tiles import add_meld_tiles, meld_kind_shown
from mjsim.engine.state import (
    PH_EXCHANGE,
    PH_REACT,
    PV_HONOR_FLOWERS,
    PV_MISSING,
    PV_N_RIVER,
    PV_READY,
    RF_CLAIMED,
    TV_ASK0,
    TV_FIRST_ROUND,
    TV_PHASE,
    TV_REACT_POS,
    TV_SEAT,
    TV_TILE,
    TV_WILD_FLOWERS,
)
from mjsim.engine.win_rules import free_kind
from mjsim.kernels.shanten import shanten, shanten_given_standard
from mjsim.kernels.standard import (
    add_group,
    distance_with_group,
    group_code,
    others_distance,
    rest_distance,
    standard_distance,
)
from mjsim.kernels.tables import MAX_M
from mjsim.melds import MELD_CHOW, MELD_CONCEALED_KONG, MELD_HONOR_CHOW, MELD_NONE
from mjsim.rules.params import (
    P_FREE_HONORS,
    P_HONOR_CHOWS,
    P_KONG_ONLY_TILES,
    P_MIN_FAN,
    P_MUST_BE_READY,
    P_N_PLAYERS,
    P_OPEN_HAND_SELF_DRAW_ONLY,
    P_PAIR_RULE,
    P_READY_MODE0,
    P_SCORING,
    P_SUIT_RULE,
    P_TERMINAL_RULE,
    P_WILD_AFTER_READY_ONLY,
    P_WILD_BONUS,
    P_WILD_RULE,
    P_WIN_FILTER,
    P_WIN_SHAPES,
    PAIR_258,
    PAIR_ANY,
    SCORING_CHANGSHA,
    SCORING_GUOBIAO,
    SCORING_HEBEI,
    SCORING_JIPINGHU,
    SCORING_RIICHI,
    SCORING_SICHUAN,
    SCORING_TABLE,
    SHAPE_ALL_258_FREE,
    SHAPE_ALL_HONORS_FREE,
    SHAPE_SEVEN_PAIRS,
    SHAPE_STANDARD,
    SHAPE_THIRTEEN_ORPHANS,
    SHAPE_WILD_FIFTH,
    SHAPE_WILD_SIMPLES,
    SUIT_ALL_THREE,
    SUIT_MISSING_ONE,
    TERMINAL_OR_HONOR,
    WILD_NONE,
    WIN_FILTER_SMALL_WIN_258_PAIR,
)
from mjsim.scoring.fan_table import (
    C_KIND,
    C_PAT0,
    C_QUAL,
    C_VALUE,
    H_BASE,
    KIND_ADD,
    KIND_MUL,
    KIND_POST,
    MAX_WHEN,
)
from mjsim.scoring.patterns import NO_WILD as PAT_NO_WILD
from mjsim.scoring.patterns import NO_WILD_USED as PAT_NO_WILD_USED
from mjsim.scoring.patterns import READY as PAT_READY
from mjsim.scoring.patterns import READY_FIRST_DISCARD as PAT_READY_FIRST_DISCARD
from mjsim.scoring.patterns import READY_HIDDEN as PAT_READY_HIDDEN
from mjsim.scoring.patterns import WILD_PAIR as PAT_WILD_PAIR
from mjsim.scoring.patterns import WILD_PUNG as PAT_WILD_PUNG
from mjsim.scoring.patterns import WIN as PAT_WIN

BIG = 1000
#: live waits break shanten ties from this shanten down (0 = ready ... 2 = two from ready)
UKEIRE_MAX_SHANTEN = 2
#: the same in fan-rich mode (:func:`fan_rich`), where each shanten covers the costly special shapes
UKEIRE_MAX_SHANTEN_RICH = 0
#: tied discards from which the live-wait loop first bounds every draw once (:func:`_useful_draws`:
#: one table row per draw, repaid by the draws it rules out in each tie)
UKEIRE_FILTER_TIES = 3
#: fan-rich mode for a scoring family without a known plain-win value: ``min_fan`` from here up
FAN_RICH_DEFAULT_MIN = 8
#: 5**j: the change of a group's base-5 table code when its j-th kind changes by one
_POW5 = np.array([5**j for j in range(9)], dtype=np.int64)
#: entries of the min-plus row scratch of 4 and of 16 groups (int64[4 or 16, 2, MAX_M])
_ROWS4 = 4 * 2 * MAX_M
_ROWS16 = 16 * 2 * MAX_M
#: the structure-free win shapes (将一色 / 风一色: every tile of one class, no melds needed)
FREE_SHAPES = SHAPE_ALL_258_FREE | SHAPE_ALL_HONORS_FREE
#: wild plans (:func:`plan_slacks`): a hand the fan table pays for how the wilds are (not) used
PLAN_NATURAL = 0  # no wild stands for another tile (南昌 德国, ``no_wild_used``)
PLAN_NO_WILD = 1  # no wild in the hand at all (安庆 无钻, ``no_wild``)
PLAN_WILD_PAIR = 2  # two wilds as the pair (福州 金雀, ``wild_pair``)
PLAN_WILD_PUNG = 3  # three wilds as their own pung (福州 金龙, ``wild_pung``)
N_PLANS = 4
#: the most shanten steps a wild plan may trade for its value (each doubling of the hand's
#: value is worth one step, :func:`plan_slacks`)
PLAN_SLACK_MAX = 2


@nb.njit(cache=True)
def plain_win_value(r):
    """What a plain win (no special item) is worth in the rules' scoring family, in the units
    ``min_fan`` is compared with (:func:`mjsim.engine.settle.qualifying_value`); -1 for a family
    not listed here.

    hebei: the base ``score_values[0]`` (placeholder table, ``mjsim.variants.hebei``);
    changsha: 1 (one small win, ``changsha_value``: "小胡"); sichuan: 0 fan (平胡 "0"),
    guangdong_jipinghu: 0 fan (鸡和 "鸡和0"); a table-driven variant (``scoring="table"``):
    its table's base plus its qualifying rows valuing the win alone (wuhan 屁胡 1); guobiao: 1 (the usual one-fan items of an
    ordinary hand; 无番和's 8 fan is an exception, not the rule)."""
    fam = r.params[P_SCORING]
    if fam == SCORING_HEBEI:
        return np.int64(r.score_table[0])
    if fam == SCORING_CHANGSHA or fam == SCORING_GUOBIAO:
        return np.int64(1)
    if fam == SCORING_SICHUAN or fam == SCORING_JIPINGHU:
        return np.int64(0)
    if fam == SCORING_TABLE:
        # a hand with no item: the table's base and its qualifying rows on "win" alone
        v = np.int64(r.fan_header[H_BASE])
        for i in range(r.fan_rows.shape[0]):
            alone = r.fan_rows[i, C_PAT0] == PAT_WIN
            for j in range(1, MAX_WHEN):
                if r.fan_rows[i, C_PAT0 + j] >= 0:
                    alone = False
            if alone and r.fan_rows[i, C_KIND] == KIND_ADD and r.fan_rows[i, C_QUAL] != 0:
                v += r.fan_rows[i, C_VALUE]
        return v
    return np.int64(-1)


@nb.njit(cache=True)
def fan_rich(r):
    """Fan-rich mode: the rules' ``min_fan`` is above what a plain win of the scoring family is
    worth (:func:`plain_win_value`), so an ordinary hand usually may not win and the bot aims
    at fan-rich shapes. guobiao (``min_fan=8``): yes; changsha (``min_fan=1``: any small or big
    win is legal): no; every variant with ``min_fan=0``: no. A family not listed in
    :func:`plain_win_value` is fan-rich from ``FAN_RICH_DEFAULT_MIN`` up."""
    mf = r.params[P_MIN_FAN]
    if mf <= 0:
        return False
    plain = plain_win_value(r)
    if plain < 0:
        return mf >= FAN_RICH_DEFAULT_MIN
    return mf > plain


@nb.njit(cache=True, inline="always")
def _pair_rule(r):
    """The pair rule the bot aims at: the rules' ``pair_rule``, except Changsha, whose spec
    says ``"any"`` (big wins take any pair) while an ordinary small win needs a 2-5-8 pair
    ["长沙麻将需要二、五、八做将"]: the bot plays for the 2-5-8 pair there; so it does under the
    small-win filter (``win_filter="small_win_258_pair"``, wuhan 屁胡), whose ordinary wins need
    one."""
    if r.params[P_SCORING] == SCORING_CHANGSHA:
        return np.int64(PAIR_258)
    if r.params[P_WIN_FILTER] == WIN_FILTER_SMALL_WIN_258_PAIR:
        return np.int64(PAIR_258)
    return np.int64(r.params[P_PAIR_RULE])


@nb.njit(cache=True, inline="always")
def visible_counts(s, r, t, p, out):
    """Fill ``out`` (uint8[34]) with the copies of each kind seat ``p`` can see on table ``t``:
    unclaimed river tiles, meld tiles (``add_meld_tiles``; the rows ``meld_kind_shown`` hides
    from ``p`` are skipped: another seat's concealed kong is face down unless the rules show it,
    ``concealed_kong_shown``, riichi; the rule text "暗杠时，4只牌牌面向下…唯在牌局完结后…都需打开供
    对手查阅"; the observations hide it through the same predicate; ``p``'s own concealed kongs
    count) and honours set aside as flowers (放风, ``honors_are_flowers``), capped at 4. The other
    seats' face-down concealed kongs are hidden information and are not counted."""
    acc = out  # counted in place: at most 4 copies of a kind exist, far below the uint8 limit
    acc[:] = 0
    for q in range(s.hands.shape[1]):
        n = s.pv[t, q, PV_N_RIVER]
        for i in range(min(n, s.river.shape[2])):
            if (s.river_flags[t, q, i] & RF_CLAIMED) == 0:
                k = s.river[t, q, i]
                if k < 34:
                    acc[k] += 1
        for m in range(s.melds.shape[2]):
            mt = s.melds[t, q, m, 0]
            if mt == MELD_NONE or not meld_kind_shown(r, mt, q, p):
                continue  # an empty row adds nothing; another seat's concealed kong is face down
            add_meld_tiles(s, t, q, m, acc)
        if s.pv[t, q, PV_HONOR_FLOWERS] != 0:
            for k in range(27, 34):
                acc[k] += honor_flowers(s, t, q, k)
    for k in range(34):
        if acc[k] > 4:
            acc[k] = 4


@nb.njit(cache=True, inline="always")
def _wilds_on(s, r, t, p):
    if r.params[P_WILD_RULE] == WILD_NONE:
        return False
    return not (r.params[P_WILD_AFTER_READY_ONLY] != 0 and s.pv[t, p, PV_READY] == 0)


@nb.njit(cache=True, inline="always")
def _split(s, r, t, p, c):
    """Natural concealed counts of seat ``p`` into ``c`` (uint8[34]); returns the wilds held:
    the wild kinds held and the held wild flowers (``wild_flower_groups``, ningbo: a turned
    season makes the other seasons wilds that stay in the hand), as the engine's win checks
    count them. A held wild flower is a tile of the hand that ``c`` does not show: without it
    the hand's count is one short (3n+1 where it is 3n+2) and its shanten is of the wrong
    shape. The imagined wild (``imagined_wild``, jiangnan 心皇) is not counted: the bot's
    jiangnan play stays as measured on its page."""
    h = s.hands[t, p]
    nw = 0
    fw = s.tv[t, TV_WILD_FLOWERS]
    if fw != 0:
        for j in range(8):
            if (fw >> j) & 1:
                nw += h[34 + j]
    wild = _wilds_on(s, r, t, p)
    for k in range(34):
        if wild and s.wild[t, k] != 0:
            nw += h[k]
            c[k] = 0
        else:
            c[k] = h[k]
    return nw


@nb.njit(cache=True, inline="always")
def _total(c):
    n = 0
    for k in range(34):
        n += c[k]
    return n


@nb.njit(cache=True)
def _sh(r, c, nw):
    """Shanten of natural counts ``c`` + ``nw`` wilds (3n+1 or 3n+2 tiles) under the rules.

    In fan-rich mode (:func:`fan_rich`; guobiao: "8 fan to win") it is the shanten towards a
    fan-rich hand (:func:`_rich_shanten`): an ordinary hand far from 8 fan is worth nothing to
    aim at."""
    tot = _total(c) + nw
    nm = (tot - 1) // 3 if tot % 3 == 1 else (tot - 2) // 3
    if fan_rich(r):
        return _rich_shanten(r, c, nm, nw)
    return shanten(c, nm, nw, _pair_rule(r), r.params[P_HONOR_CHOWS], r.params[P_WIN_SHAPES])


#: ``codes`` slots of :func:`_one_kind_prep` (int64[N_CODES]): the 4 group codes, then
OK_MODE = 4  # what to add to the standard shanten: OKM_STD / OKM_PAIRS / OKM_ANY
OK_FULL = 5  # seven pairs (OKM_PAIRS): pairs of the prepared hand (a four counts twice)
OK_HALF = 6  # kinds held an odd number of times
OK_DELTA = 7  # the change of the one kind (+1 / -1)
N_CODES = 8
OKM_STD = 0  # the standard shanten is the answer (no other shape applies)
OKM_PAIRS = 1  # standard + seven pairs (a four counts as two pairs), updated for the one kind
OKM_ANY = 2  # other shapes: shanten_given_standard


@nb.njit(cache=True, inline="always")
def _one_kind_prep(r, c, nw, wild_on, delta, codes):
    """Set up :func:`_sh_one_kind` for hands that differ from ``c`` in one kind by ``delta``
    (+1 a draw, -1 a discard): fills ``codes`` (int64[N_CODES], the ``OK_*`` slots); returns
    their meld count, or -1 where the fast path does not apply (wilds, fan-rich mode, no
    standard shape, bad counts): then use :func:`_sh`."""
    shapes = r.params[P_WIN_SHAPES]
    if nw != 0 or wild_on or fan_rich(r) or (shapes & SHAPE_STANDARD) == 0:
        return -1
    tot = _total(c) + delta
    nm = (tot - 1) // 3 if tot % 3 == 1 else (tot - 2) // 3  # as _sh
    if nm < 0 or nm >= MAX_M:
        return -1
    full = 0
    half = 0
    for k in range(34):
        ck = c[k]
        if ck > 4:
            return -1
        full += ck // 2
        half += ck % 2
    for g in range(4):
        codes[g] = group_code(c, g)
    # as shanten_given_standard: seven pairs count for 4 melds and 13/14 tiles only
    mode = OKM_ANY
    if (shapes & ~(SHAPE_STANDARD | SHAPE_SEVEN_PAIRS)) == 0:
        mode = OKM_STD
        if (shapes & SHAPE_SEVEN_PAIRS) != 0 and nm == 4 and (tot == 13 or tot == 14):
            mode = OKM_PAIRS
    codes[OK_MODE] = mode
    codes[OK_FULL] = full
    codes[OK_HALF] = half
    codes[OK_DELTA] = delta
    return nm


@nb.njit(cache=True, inline="always")
def _sh_one_kind(r, c, x, nm, codes, others, have):
    """``_sh(r, c, 0)`` of the hand ``c`` that differs from the prepared one
    (:func:`_one_kind_prep`) in kind ``x`` only: the three other groups' part of the standard
    distance is computed once per group (``others[g]``, ``have[g]``), the changed group costs
    one table row, and seven pairs (the only other shape of most variants) is updated from the
    prepared hand's pair counts. The same number as :func:`_sh` (``tests/test_greedy_fast.py``)."""
    g = x // 9 if x < 27 else 3
    pr = _pair_rule(r)
    hc = r.params[P_HONOR_CHOWS]
    if not have[g]:
        others_distance(codes, g, nm, pr, hc, others[g])
        have[g] = True
    code = codes[g] + codes[OK_DELTA] * _POW5[x - 9 * g]  # = group_code(c, g)
    d = distance_with_group(g, code, others[g], nm, pr, hc)
    std = BIG
    if d < BIG:
        std = max(d - 1, -1)  # standard_shanten without wilds
    mode = codes[OK_MODE]
    if mode == OKM_STD:
        return std
    if mode == OKM_PAIRS:
        # seven_pairs_shanten_quads of c (no wilds) from the prepared hand's counts
        new = np.int64(c[x])
        old = new - codes[OK_DELTA]
        full = codes[OK_FULL] - old // 2 + new // 2
        half = codes[OK_HALF] - old % 2 + new % 2
        if full > 7:
            full = 7
        sp = 13 - 2 * full - min(half, 7 - full)
        return min(std, sp)
    return shanten_given_standard(c, nm, 0, pr, hc, r.params[P_WIN_SHAPES], std)


@nb.njit(cache=True)
def _rich_shanten(r, c, nm, nw):
    """Shanten towards the fan-rich shapes the rules allow: the special shapes (seven pairs,
    thirteen orphans, knitted / knitted straight, shisanlan: guobiao 24/88/12/12 fan) and a
    full flush (a standard hand from one suit's tiles only: guobiao 清一色 24 fan)."""
    shapes = r.params[P_WIN_SHAPES]
    pr = _pair_rule(r)
    hc = r.params[P_HONOR_CHOWS]
    rich = shapes & ~SHAPE_STANDARD
    best = BIG
    if rich != 0:
        best = shanten(c, nm, nw, pr, hc, rich)
    if shapes & SHAPE_STANDARD:
        cs = stack_empty(34, np.uint8)
        cs[:] = 0
        for su in range(3):
            n = 0
            for k in range(9 * su, 9 * su + 9):
                cs[k] = c[k]
                n += c[k]
            if n > 0:
                d = standard_distance(cs, nm, pr, hc) - nw - 1
                if d < -1:
                    d = -1
                if d < best:
                    best = d
            for k in range(9 * su, 9 * su + 9):
                cs[k] = 0
    return best


@nb.njit(cache=True, inline="always")
def _near(c, x, all_kinds, honor_chow, orphans):
    """Can drawing kind ``x`` lower the shanten? False when it holds no copy or neighbour
    within two in its suit and is not a terminal/honour needed by thirteen orphans (this skips
    the rare seven-pairs case of a hand with fewer than seven distinct kinds)."""
    if all_kinds or c[x] > 0:
        return True
    if orphans and (x >= 27 or x % 9 == 0 or x % 9 == 8):
        return True
    if x >= 27:
        return honor_chow != 0
    r9 = x % 9
    return (
        (r9 >= 1 and c[x - 1] > 0)
        or (r9 >= 2 and c[x - 2] > 0)
        or (r9 <= 7 and c[x + 1] > 0)
        or (r9 <= 6 and c[x + 2] > 0)
    )


@nb.njit(cache=True, inline="always")
def ukeire(
    s, r, t, c, nw, sh, visible, void, wild_on, codes, others, have, dg, pre_nm, rest, have_rest,
    useful,
):  # fmt: skip
    """Live waits of a 3n+1 hand (natural counts ``c``, ``nw`` wilds, shanten ``sh``): the
    unseen copies of every kind whose draw lowers the shanten (void-suit kinds excluded).
    ``codes``, ``others``, ``have``: scratch of :func:`_sh_one_kind` (int64[N_CODES],
    int64[4, 2, MAX_M], bool[4]); ``codes`` is overwritten, and the caller clears ``have``
    except for the groups whose ``others`` it filled for this hand (kept only if the meld count
    of the prepared hand is ``pre_nm``).

    ``dg >= 0``: ``c`` is the caller's 3n+2 hand less one tile of group ``dg`` (a tied discard
    of :func:`_best_discard`); then ``others[g]`` of another group ``g`` is the min-plus of the
    two groups other than ``g`` and ``dg`` (``rest[4 * min + max]``, computed once per caller
    hand: they are the same for every tile of ``dg`` taken out, flags in ``have_rest``;
    int64[16, 2, MAX_M], bool[16]) with group ``dg`` (:func:`mjsim.kernels.standard.add_group`):
    one min-plus step instead of two. ``dg < 0``: no sharing (``rest`` is not used).

    ``useful`` (bool[34], read only when ``dg >= 0``): the draws that may lower the shanten of
    the caller's 3n+2 hand less any one tile (:func:`_useful_draws`); the other draws are not
    evaluated."""
    shapes = r.params[P_WIN_SHAPES]
    hc = r.params[P_HONOR_CHOWS]
    pr = _pair_rule(r)
    simple = SHAPE_STANDARD | SHAPE_SEVEN_PAIRS | SHAPE_THIRTEEN_ORPHANS
    all_kinds = (shapes & ~simple) != 0 or hc != 0 or nw > 0
    orphans = (shapes & SHAPE_THIRTEEN_ORPHANS) != 0
    total = 0
    wild_counted = False
    nm = _one_kind_prep(r, c, nw, wild_on, 1, codes)
    if nm != pre_nm:
        have[:] = False
        dg = -1
    for x in range(34):
        if void >= 0 and x < 27 and x // 9 == void:
            continue
        left = 4 - np.int64(c[x]) - np.int64(visible[x])
        if left <= 0:
            continue
        if wild_on and s.wild[t, x] != 0:
            if not wild_counted:
                wild_counted = True
                if _sh(r, c, nw + 1) < sh:
                    for y in range(34):
                        if s.wild[t, y] != 0:
                            lw = 4 - np.int64(visible[y])
                            if lw > 0:
                                total += lw
            continue
        if c[x] >= 4 or not _near(c, x, all_kinds, hc, orphans):
            continue
        if dg >= 0 and not useful[x]:
            continue
        if nm >= 0 and dg >= 0:
            g = x // 9 if x < 27 else 3
            if not have[g] and g != dg:
                i = 4 * min(g, dg) + max(g, dg)
                if not have_rest[i]:
                    rest_distance(codes, g, dg, nm, pr, hc, rest[i])
                    have_rest[i] = True
                og = others[g]
                ri = rest[i]
                for p in range(2):
                    for m in range(nm + 1):
                        og[p, m] = ri[p, m]
                add_group(dg, codes[dg], nm, pr, hc, og)
                have[g] = True
        c[x] += 1
        v = _sh_one_kind(r, c, x, nm, codes, others, have) if nm >= 0 else _sh(r, c, nw)
        c[x] -= 1
        if v < sh:
            total += left
    return total


@nb.njit(cache=True, inline="always")
def _uke_bound(r, c, visible, void, useful):
    """An upper bound of :func:`ukeire` of the 3n+1 hand ``c`` without wilds (``wild_on``
    false, ``nw == 0``): the unseen copies of every draw the live-wait loop would evaluate
    (same filters: void suit, copies left, ``_near``, ``useful``), as if each lowered the
    shanten. ``useful``: the caller's filter of :func:`_useful_draws` (all True when not
    computed); a draw it rules out never lowers the shanten, whether ukeire reads it or not."""
    shapes = r.params[P_WIN_SHAPES]
    hc = r.params[P_HONOR_CHOWS]
    simple = SHAPE_STANDARD | SHAPE_SEVEN_PAIRS | SHAPE_THIRTEEN_ORPHANS
    all_kinds = (shapes & ~simple) != 0 or hc != 0
    orphans = (shapes & SHAPE_THIRTEEN_ORPHANS) != 0
    total = 0
    for x in range(34):
        if void >= 0 and x < 27 and x // 9 == void:
            continue
        left = 4 - np.int64(c[x]) - np.int64(visible[x])
        if left <= 0 or c[x] >= 4 or not useful[x]:
            continue
        if _near(c, x, all_kinds, hc, orphans):
            total += left
    return total


@nb.njit(cache=True, inline="always")
def _useful_draws(r, c, nm, sh, void, codes, others, have, useful):
    """``useful[x]`` (bool[34]) = drawing ``x`` may lower the shanten below ``sh`` of the 3n+1
    hand ``c`` less any one tile ``k`` (``c``: a 3n+2 hand prepared by :func:`_one_kind_prep`
    with ``delta = -1``, meld count ``nm >= 0``, codes in ``codes``; ``others`` / ``have``: its
    rows, filled here where missing). Exact filter of the live-wait loop, from one table row per
    draw for all tied discards: the distance (tiles to add) never rises when a tile is added,
    so that of ``c - k + x`` is at least that of ``c + x`` (15 tiles for a 14-tile ``c``), and
    the same holds for the seven-pairs count; a draw whose bound is not below ``sh`` cannot
    lower the shanten after any discard. Kinds held four times stay True (``c + x`` has no
    table code; drawing back a discarded fourth copy is counted by :func:`ukeire` as it is),
    kinds of the void suit and kinds :func:`_near` rules out are False (never evaluated).
    Only for ``codes[OK_MODE]`` ``OKM_STD`` / ``OKM_PAIRS`` (no bound for the other shapes)."""
    pr = _pair_rule(r)
    hc = r.params[P_HONOR_CHOWS]
    shapes = r.params[P_WIN_SHAPES]
    simple = SHAPE_STANDARD | SHAPE_SEVEN_PAIRS | SHAPE_THIRTEEN_ORPHANS
    all_kinds = (shapes & ~simple) != 0 or hc != 0
    orphans = (shapes & SHAPE_THIRTEEN_ORPHANS) != 0
    pairs = codes[OK_MODE] == OKM_PAIRS
    for x in range(34):
        if c[x] >= 4:
            useful[x] = True
            continue
        useful[x] = False
        if void >= 0 and x < 27 and x // 9 == void:
            continue
        if not _near(c, x, all_kinds, hc, orphans):
            continue  # not near c, so not near c - k (ukeire skips it)
        g = x // 9 if x < 27 else 3
        if not have[g]:
            others_distance(codes, g, nm, pr, hc, others[g])
            have[g] = True
        d = distance_with_group(g, codes[g] + _POW5[x - 9 * g], others[g], nm, pr, hc)
        lb = BIG
        if d < BIG:
            lb = max(d - 1, -1)
        if pairs:
            old = np.int64(c[x])
            new = old + 1
            full = codes[OK_FULL] - old // 2 + new // 2
            half = codes[OK_HALF] - old % 2 + new % 2
            if full > 7:
                full = 7
            lb = min(lb, 13 - 2 * full - min(half, 7 - full))
        useful[x] = lb < sh


@nb.njit(cache=True)
def stays_concealed(s, r, t, p):
    """Stay concealed: the rules let only a concealed hand win on a discard
    (``open_hand_self_draw_only``; beijing "吃碰后只能自摸，不能捉铳。门清可以捉铳") and seat ``p``
    has opened nothing yet (a concealed kong keeps the hand concealed, "暗杠算门清"). The greedy
    bot then declines every call (chow, pung, exposed kong): a call gains one shanten step at
    most, and the opened hand loses the discards of three seats as winning tiles (and, where
    the fan table values ``concealed_hand``, that item as well)."""
    if r.params[P_OPEN_HAND_SELF_DRAW_ONLY] == 0:
        return False
    for m in range(s.melds.shape[2]):
        mt = s.melds[t, p, m, 0]
        if mt != MELD_NONE and mt != MELD_CONCEALED_KONG:
            return False
    return True


@nb.njit(cache=True)
def free_shapes_open(s, r, t, p):
    """The structure-free win shapes (``win_shapes`` ``all_258_free`` / ``all_honors_free``:
    rizhao 将一色 / 风一色, "手上全部是258的牌，再抓到任意一张258就可以和牌") seat ``p``'s melds still
    allow: every meld a pung or kong of the shape's class, no chow. A ``SHAPE_*`` bit mask (0:
    none)."""
    shapes = r.params[P_WIN_SHAPES] & FREE_SHAPES
    if shapes == 0:
        return 0
    winds = r.params[P_FREE_HONORS] != 0
    out = 0
    for shape in (SHAPE_ALL_258_FREE, SHAPE_ALL_HONORS_FREE):
        if (shapes & shape) == 0:
            continue
        ok = True
        for m in range(s.melds.shape[2]):
            mt = s.melds[t, p, m, 0]
            if mt == MELD_NONE:
                continue
            if mt == MELD_CHOW or mt == MELD_HONOR_CHOW:
                ok = False
            elif not free_kind(np.int64(s.melds[t, p, m, 1]), shape, winds):
                ok = False
        if ok:
            out |= shape
    return out


@nb.njit(cache=True)
def free_shanten(r, c, nw, free):
    """Shanten of natural counts ``c`` + ``nw`` wilds towards the structure-free shapes of the
    mask ``free`` (:func:`free_shapes_open`): with ``d`` concealed natural tiles outside the
    shape's class, ``d`` for a 3n+1 hand (each draw of the class replaces one, then any tile of
    the class wins) and ``d - 1`` for a 3n+2 hand (-1: complete). ``BIG`` when ``free`` is 0.
    These shapes are checked by the engine, not by :func:`mjsim.kernels.shanten.shanten`, so
    the bot takes this minimum with it."""
    best = np.int64(BIG)
    if free == 0:
        return best
    winds = r.params[P_FREE_HONORS] != 0
    tot = _total(c) + nw
    for shape in (SHAPE_ALL_258_FREE, SHAPE_ALL_HONORS_FREE):
        if (free & shape) == 0:
            continue
        d = np.int64(0)
        for k in range(34):
            if c[k] != 0 and not free_kind(k, shape, winds):
                d += c[k]
        if tot % 3 == 2:
            d -= 1
        if d < best:
            best = d
    return best


@nb.njit(cache=True, inline="always")
def _free_fits(k, free, winds_only):
    """Kind ``k`` fits one of the structure-free shapes of the mask ``free``."""
    if (free & SHAPE_ALL_258_FREE) != 0 and free_kind(k, SHAPE_ALL_258_FREE, winds_only):
        return True
    return (free & SHAPE_ALL_HONORS_FREE) != 0 and free_kind(k, SHAPE_ALL_HONORS_FREE, winds_only)


@nb.njit(cache=True)
def plan_slacks(r, out):
    """The wild plans the fan table pays for: fills ``out`` (int64[N_PLANS], ``PLAN_*`` order)
    with the shanten steps each plan may trade for its value, -1 for a plan no row pays, and
    returns True when some plan is paid. A row on the plan's pattern (``no_wild_used`` 德国,
    ``no_wild`` 无钻, ``wild_pair`` 金雀, ``wild_pung`` 金龙) multiplying the value by ``v``
    (``KIND_MUL``) is worth ``floor(log2 v)`` steps; one adding ``v`` (``KIND_ADD`` /
    ``KIND_POST``) ``floor(log2((plain + v) / plain))`` steps, ``plain`` the plain win's value
    (:func:`plain_win_value`, at least 1); one step less for the plans that give up the wilds'
    freedom (``PLAN_NATURAL``, ``PLAN_NO_WILD``: a held wild completes any wait, worth about a
    doubling of the chance to win by itself); between 0 and ``PLAN_SLACK_MAX``. One step per
    doubling: one more shanten step costs a greedy hand about half its chance to win. A plan
    with 0 steps only breaks ties (anqing's 无钻 ×2, nanchang's 德国 ×2); fuzhou's 金雀 (+60 on
    a core of 5) and 金龙 (+120) get the most."""
    out[:] = -1
    rows = r.fan_rows
    plain = max(plain_win_value(r), np.int64(1))
    paid = False
    for i in range(rows.shape[0]):
        pat = rows[i, C_PAT0]
        j = -1
        if pat == PAT_NO_WILD_USED:
            j = PLAN_NATURAL
        elif pat == PAT_NO_WILD:
            j = PLAN_NO_WILD
        elif pat == PAT_WILD_PAIR:
            j = PLAN_WILD_PAIR
        elif pat == PAT_WILD_PUNG:
            j = PLAN_WILD_PUNG
        if j < 0:
            continue
        kind = rows[i, C_KIND]
        v = np.int64(rows[i, C_VALUE])
        if kind == KIND_MUL:
            ratio = v
        elif kind == KIND_ADD or kind == KIND_POST:
            ratio = (plain + v) // plain
        else:
            continue
        steps = np.int64(0)
        while ratio >= 2:
            ratio //= 2
            steps += 1
        if j == PLAN_NATURAL or j == PLAN_NO_WILD:
            steps -= 1  # the wilds' freedom (any tile completes a wait) is given up too
        steps = min(max(steps, np.int64(0)), np.int64(PLAN_SLACK_MAX))
        if steps > out[j]:
            out[j] = steps
        paid = True
    return paid


@nb.njit(cache=True)
def plan_shanten(r, c, nw, wc, slack):
    """The best wild plan of the hand ``c`` (natural counts) + ``nw`` wilds, whose kinds are
    ``wc`` (uint8[34]: the wild tiles held, by kind): the minimum over the plans paid
    (``slack[j] >= 0``, :func:`plan_slacks`) of the plan's shanten less its slack; ``BIG`` when
    none applies. The plans' shanten:

    - ``PLAN_NATURAL`` (德国: no wild stands for another tile): the wild tiles as their own kind;
    - ``PLAN_NO_WILD`` (无钻: no wild in the hand): the wild tiles as dead tiles to shed;
    - ``PLAN_WILD_PAIR`` (金雀, two wilds or more): two wilds are the pair, the rest makes the
      sets (the standard shape; the pair is stood for by two tiles of an honour kind not held,
      which only a pung with a wild could use otherwise);
    - ``PLAN_WILD_PUNG`` (金龙, three wilds or more): three wilds are one set, the rest makes
      the other sets and the pair.

    The caller asks only for a hand that holds a wild before its discard; ``PLAN_NATURAL``
    then applies while a wild is left, ``PLAN_NO_WILD`` also to the hand that has shed its last
    wild (``nw == 0``).

    The plans' shanten is the same measure as the ordinary one it is compared with (:func:`_sh`):
    in fan-rich mode (:func:`fan_rich`) the shanten towards the fan-rich shapes
    (:func:`_rich_shanten`), there ``PLAN_WILD_PAIR`` does not apply (its honour stand-in pair
    is outside every flush). An ordinary shanten there would be a distance to a hand that
    usually may not win, and it would always look shorter than the fan-rich one: a wild plan
    would decide every discard of a hand holding a wild and shed the wild (ningbo's 硬糊, 1 台
    of the 4 a win needs)."""
    tot = _total(c) + nw
    nm = (tot - 1) // 3 if tot % 3 == 1 else (tot - 2) // 3
    pr = _pair_rule(r)
    hc = r.params[P_HONOR_CHOWS]
    shapes = r.params[P_WIN_SHAPES] & ~FREE_SHAPES
    std = SHAPE_STANDARD | (shapes & (SHAPE_WILD_SIMPLES | SHAPE_WILD_FIFTH))
    rich = fan_rich(r)
    best = np.int64(BIG)
    if nw > 0 and slack[PLAN_NATURAL] >= 0:
        for k in range(34):
            c[k] += wc[k]
        if rich:
            v = _rich_shanten(r, c, nm, 0)
        else:
            v = shanten(c, nm, 0, pr, hc, shapes & ~(SHAPE_WILD_SIMPLES | SHAPE_WILD_FIFTH))
        for k in range(34):
            c[k] -= wc[k]
        best = min(best, v - slack[PLAN_NATURAL])
    if slack[PLAN_NO_WILD] >= 0:  # also once the last wild is shed: the plan's own hand
        if rich:
            v = _rich_shanten(r, c, nm, 0)
        else:
            v = shanten(c, nm, 0, pr, hc, shapes & ~(SHAPE_WILD_SIMPLES | SHAPE_WILD_FIFTH))
        best = min(best, v - slack[PLAN_NO_WILD])
    if rich:
        if nw >= 3 and nm >= 1 and slack[PLAN_WILD_PUNG] >= 0:
            v = _rich_shanten(r, c, nm - 1, nw - 3)
            best = min(best, v - slack[PLAN_WILD_PUNG])
        return best
    if nw >= 2 and slack[PLAN_WILD_PAIR] >= 0:
        h = -1
        for k in range(33, 26, -1):
            if c[k] == 0 and wc[k] == 0:
                h = k
                break
        if h >= 0:
            c[h] += 2
            v = shanten(c, nm, nw - 2, PAIR_ANY, hc, std)
            c[h] -= 2
            best = min(best, v - slack[PLAN_WILD_PAIR])
    if nw >= 3 and nm >= 1 and slack[PLAN_WILD_PUNG] >= 0:
        v = shanten(c, nm - 1, nw - 3, pr, hc, std)
        best = min(best, v - slack[PLAN_WILD_PUNG])
    return best


@nb.njit(cache=True, inline="always")
def _void_suit(s, r, t, p, c):
    """The suit to shed: the chosen void (``PV_MISSING``), or with ``suit_rule ==
    "missing_one"`` the suit with the fewest concealed tiles while all three are held; else -1."""
    m = s.pv[t, p, PV_MISSING]
    if m >= 0:
        return m
    if r.params[P_SUIT_RULE] != SUIT_MISSING_ONE:
        return -1
    best = -1
    best_n = 1000
    present = 0
    for su in range(3):
        n = 0
        for k in range(9 * su, 9 * su + 9):
            n += c[k]
        for i in range(s.melds.shape[2]):
            mk = s.melds[t, p, i, 1]
            if s.melds[t, p, i, 0] != MELD_NONE and 9 * su <= mk < 9 * su + 9:
                n += 100  # a melded suit is kept
        if n > 0:
            present += 1
            if n < best_n:
                best_n = n
                best = su
    if present < 3:
        return -1
    return best


@nb.njit(cache=True)
def _fan_potential(s, t, p, c):
    """A coarse fan-richness score of concealed ``c`` + melds: the most tiles of one suit
    (flush-like hands) plus two per honour pair or better."""
    best = 0
    for su in range(3):
        n = 0
        for k in range(9 * su, 9 * su + 9):
            n += c[k]
        for i in range(s.melds.shape[2]):
            mk = s.melds[t, p, i, 1]
            if s.melds[t, p, i, 0] != MELD_NONE and 9 * su <= mk < 9 * su + 9:
                n += 3
        if n > best:
            best = n
    for k in range(27, 34):
        if c[k] >= 2:
            best += 2
    return best


@nb.njit(cache=True, inline="always")
def _isolation(c, k):
    """Higher = more isolated (better to discard): honours and tiles without neighbours."""
    if k >= 27:
        return 10 - 3 * np.int64(c[k])
    r9 = k % 9
    n = 3 * (np.int64(c[k]) - 1)
    if r9 >= 1:
        n += 2 * c[k - 1]
    if r9 >= 2:
        n += c[k - 2]
    if r9 <= 7:
        n += 2 * c[k + 1]
    if r9 <= 6:
        n += c[k + 2]
    edge = 1 if (r9 == 0 or r9 == 8) else 0
    return 8 - n + edge


@nb.njit(cache=True, inline="always")
def _is258(k):
    return k < 27 and (k % 9 == 1 or k % 9 == 4 or k % 9 == 7)


@nb.njit(cache=True)
def _last_needed(s, r, t, p, c, k):
    """1 when discarding kind ``k`` (already taken out of the natural counts ``c``) gives up the
    last tile of what a win must hold: a suit under ``suit_rule="all_three"`` (三门齐, yingkou
    "万，饼，条，都要有") or a 1, 9 or honour under ``terminal_rule="terminal_or_honor"`` (yingkou
    "还不能断幺九"); melds count. A hand without it is at least one exchange further from a
    legal win than its shanten says."""
    prm = r.params
    need_suit = prm[P_SUIT_RULE] == SUIT_ALL_THREE and k < 27
    need_term = prm[P_TERMINAL_RULE] == TERMINAL_OR_HONOR and (k >= 27 or k % 9 == 0 or k % 9 == 8)
    if not (need_suit or need_term):
        return 0
    lo = 9 * (k // 9) if k < 27 else 0
    suit_left = False
    term_left = False
    for x in range(34):
        if c[x] == 0:
            continue
        if need_suit and lo <= x < lo + 9:
            suit_left = True
        if x >= 27 or x % 9 == 0 or x % 9 == 8:
            term_left = True
    for i in range(s.melds.shape[2]):
        mt = s.melds[t, p, i, 0]
        if mt == MELD_NONE:
            continue
        mk = np.int64(s.melds[t, p, i, 1])
        if need_suit and lo <= mk < lo + 9:
            suit_left = True
        if mk >= 27 or mk % 9 == 0 or mk % 9 == 8 or (mt == MELD_CHOW and mk % 9 == 6):
            term_left = True
    if need_suit and not suit_left:
        return 1
    if need_term and not term_left:
        return 1
    return 0


@nb.njit(cache=True)
def _best_discard(s, r, t, p, c, nw, mask, visible, void, out, need_uke, stop_above):
    """Best discard of a 3n+2 hand among the kinds with ``mask[k]`` or ``mask[READY+k]``.

    Live waits break shanten ties only when the shanten is at most ``UKEIRE_MAX_SHANTEN``
    (further from ready the isolation tie-break is as good and far cheaper) or ``need_uke``.
    Writes ``out[0] = shanten after it, out[1] = its live waits`` (0 when not computed);
    returns the kind (-1 if none).

    ``stop_above`` (``BIG``: off): outside fan-rich mode, stop at the first tie whose live
    waits exceed it; ``out[1]`` then only says whether the best live waits exceed it (and the
    returned kind is not the best): what :func:`_react_action` needs to compare a call with
    passing.
    """
    wild_on = _wilds_on(s, r, t, p)
    h = s.hands[t, p]
    has_void = False
    if void >= 0:
        for k in range(9 * void, 9 * void + 9):
            if h[k] > 0 and (mask[k] or mask[READY_DISCARD + k]):
                has_void = True
    shk = stack_empty(34, np.int64)
    shk[:] = BIG
    best_sh = BIG
    codes = stack_empty(N_CODES, np.int64)
    others = stack_empty(_ROWS4, np.int64).reshape((4, 2, MAX_M))
    have = stack_empty(4, np.bool_)
    have[:] = False
    nm = _one_kind_prep(r, c, nw, wild_on, -1, codes)
    free = free_shapes_open(s, r, t, p)
    slack = stack_empty(N_PLANS, np.int64)
    plans = wild_on and nw > 0 and plan_slacks(r, slack)
    wc = stack_empty(34, np.uint8)
    ps = stack_empty(34, np.int64)
    ps[:] = BIG
    if plans:
        for k in range(34):
            wc[k] = h[k] if s.wild[t, k] != 0 else 0
    for k in range(34):
        if not (mask[k] or mask[READY_DISCARD + k]):
            continue
        if has_void and not (k < 27 and k // 9 == void):
            continue
        if wild_on and s.wild[t, k] != 0:
            shk[k] = BIG - 1  # keep wilds unless nothing else can go
            if plans and slack[PLAN_NO_WILD] >= 0:
                wc[k] -= 1  # 无钻: shedding a wild is how the plan goes on
                ps[k] = plan_shanten(r, c, nw - 1, wc, slack)
                wc[k] += 1
        else:
            c[k] -= 1
            shk[k] = _sh_one_kind(r, c, k, nm, codes, others, have) if nm >= 0 else _sh(r, c, nw)
            if free != 0:
                shk[k] = min(shk[k], free_shanten(r, c, nw, free))
            shk[k] += _last_needed(s, r, t, p, c, k)
            if plans:
                ps[k] = plan_shanten(r, c, nw, wc, slack)
            c[k] += 1
        if shk[k] < best_sh:
            best_sh = shk[k]
    if best_sh == BIG:
        out[0] = BIG
        out[1] = 0
        return -1
    plan_mode = False
    if plans:
        # a wild plan (德国 / 无钻 / 金雀 / 金龙) whose shanten less its slack is below the
        # ordinary shanten decides the discard; otherwise it breaks the ordinary ties
        best_ps = np.int64(BIG)
        for k in range(34):
            if shk[k] < BIG and ps[k] < best_ps:
                best_ps = ps[k]
        if best_ps < best_sh:
            plan_mode = True
            for k in range(34):
                if shk[k] < BIG:
                    shk[k] = ps[k]
            best_sh = best_ps
    n_ties = 0
    for k in range(34):
        if shk[k] == best_sh:
            n_ties += 1
    rich = fan_rich(r)
    max_sh = UKEIRE_MAX_SHANTEN_RICH if rich else UKEIRE_MAX_SHANTEN
    use_uke = not plan_mode and (need_uke or (n_ties > 1 and best_sh <= max_sh))
    pair258 = _pair_rule(r) == PAIR_258
    n258 = 0
    if pair258:
        for k in range(27):
            if _is258(k) and c[k] >= 2:
                n258 += 1
    best = -1
    b_fp = -1
    b_uke = -1
    b_keep = 0
    b_iso = -1000
    if use_uke:
        # live-wait scratch; a tied discard of group G keeps others[G] of the loop above (the
        # other groups are those of this hand), see ukeire
        others_u = stack_empty(_ROWS4, np.int64).reshape((4, 2, MAX_M))
        have_u = stack_empty(4, np.bool_)
        have_u[:] = False
        rest = stack_empty(_ROWS16, np.int64).reshape((16, 2, MAX_M))
        have_rest = stack_empty(16, np.bool_)
        have_rest[:] = False
        useful = stack_empty(34, np.bool_)
        useful[:] = True
        if nm >= 0 and codes[OK_MODE] != OKM_ANY and n_ties >= UKEIRE_FILTER_TIES:
            _useful_draws(r, c, nm, best_sh, void, codes, others, have, useful)
    else:
        others_u = others
        have_u = have
        rest = others
        have_rest = have
        useful = have
    # a tie whose bound on live waits (_uke_bound) cannot beat the best so far is not evaluated
    prune = use_uke and not rich and not wild_on and nw == 0 and best_sh < BIG - 1
    for k in range(34):
        if shk[k] != best_sh:
            continue
        keep = 0
        if pair258 and _is258(k) and c[k] == 2 and n258 == 1:
            keep = 1
        iso = _isolation(c, k)
        if prune and best >= 0:
            c[k] -= 1
            ub = _uke_bound(r, c, visible, void, useful)
            c[k] += 1
            # uke <= ub: not better when ub < b_uke, nor when ub == b_uke and the later keys
            # lose; and no stop: uke <= b_uke <= stop_above (else the loop has stopped)
            if ub < b_uke or (
                ub == b_uke and not (keep < b_keep or (keep == b_keep and iso > b_iso))
            ):
                continue
        fp = 0
        uke = 0
        if best_sh < BIG - 1:
            # a wild (tied here only when a plan decides) leaves the natural counts as they are
            nat = np.int64(0 if (wild_on and s.wild[t, k] != 0) else 1)
            c[k] -= nat
            if rich:
                fp = _fan_potential(s, t, p, c)
            elif plans and not plan_mode and ps[k] < BIG:
                fp = -ps[k]  # the tie the wild plan likes best
            if use_uke:
                dg = -1
                have_u[:] = False
                if nm >= 0:
                    dg = k // 9 if k < 27 else 3
                    if have[dg]:
                        for q in range(2):
                            for m in range(nm + 1):
                                others_u[dg, q, m] = others[dg, q, m]
                        have_u[dg] = True
                uke = ukeire(
                    s, r, t, c, nw, best_sh, visible, void, wild_on, codes, others_u, have_u,
                    dg, nm, rest, have_rest, useful,
                )  # fmt: skip
            c[k] += nat
        better = False
        if best < 0:
            better = True
        elif fp != b_fp:
            better = fp > b_fp
        elif uke != b_uke:
            better = uke > b_uke
        elif keep != b_keep:
            better = keep < b_keep
        else:
            better = iso > b_iso
        if better:
            best = k
            b_fp = fp
            b_uke = uke
            b_keep = keep
            b_iso = iso
        if not rich and uke > stop_above:
            break  # live waits come first in the order: b_uke == uke > stop_above
    out[0] = best_sh
    out[1] = b_uke
    return best


@nb.njit(cache=True)
def valued_ready_kind(r):
    """Which ready declaration a table-driven spec pays for: 1 = the first ready kind
    (``READY_DISCARD + k``), 2 = the second (``READY_SHOWN + k``), 0 = neither. A kind is worth
    the largest value of a fan-table row on its ready pattern (``ready_hidden``, ``ready_shown``,
    ``ready_shown_self_draw_only``, in ``READY_MODE_*`` order) or on ``ready``; the greedy bot
    declares the kind worth more, when it is worth something (明楼 / 明打 / 明摸 tables)."""
    rows = r.fan_rows
    best = np.int64(0)
    kind = 0
    for m in range(2):
        code = r.params[P_READY_MODE0 + m]
        if code < 0:
            continue
        v = np.int64(0)
        for i in range(rows.shape[0]):
            pat = rows[i, C_PAT0]
            if (pat == PAT_READY_HIDDEN + code or pat == PAT_READY) and rows[i, C_VALUE] > v:
                v = rows[i, C_VALUE]
        if v > best:
            best = v
            kind = m + 1
    return kind


@nb.njit(cache=True)
def values_first_ready(r):
    """True when a row of the spec's fan table values ``ready_first_discard`` (天听 / 扣听):
    the greedy bot then declares ready with its first discard whenever that is legal."""
    rows = r.fan_rows
    for i in range(rows.shape[0]):
        if rows[i, C_PAT0] == PAT_READY_FIRST_DISCARD and rows[i, C_VALUE] > 0:
            return True
    return False


@nb.njit(cache=True)
def _turn_action(s, r, t, p, mask):
    c = stack_empty(34, np.uint8)
    nw = _split(s, r, t, p, c)
    visible = stack_empty(34, np.uint8)
    visible_counts(s, r, t, p, visible)
    void = _void_suit(s, r, t, p, c)
    out = stack_empty(2, np.int64)
    out[:] = 0
    k = _best_discard(s, r, t, p, c, nw, mask, visible, void, out, False, np.int64(BIG))
    best_sh = out[0]
    if r.params[P_KONG_ONLY_TILES] != 0:
        for x in range(34):
            # a kong-only tile (红中, 皮子) blocks the win and is worth a doubling set aside
            if mask[KONG + x] and is_kong_only(r.params, s.wild[t], x):
                return KONG + x
    # own-turn kongs that do not raise the shanten
    for x in range(34):
        if not mask[KONG + x] or fan_rich(r):
            continue
        if void >= 0 and x < 27 and x // 9 == void:
            continue
        if c[x] == 0:  # a wild kind: keep the wilds
            continue
        rm = 4 if c[x] >= 4 else 1
        c[x] -= rm
        v = _sh(r, c, nw)
        c[x] += rm
        if v <= best_sh:
            return KONG + x
    if k < 0:
        for a in range(34):
            if mask[a]:
                return a
        for a in range(mask.shape[0]):
            if mask[a]:
                return a
        return -1
    if (
        mask[READY_DISCARD + k]
        and s.tv[t, TV_FIRST_ROUND] != 0
        and s.pv[t, p, PV_N_RIVER] == 0
        and values_first_ready(r)
    ):
        return READY_DISCARD + k  # 扣听 / 天听: the declaration itself is the item
    kind = valued_ready_kind(r)
    if kind == 2 and mask[READY_SHOWN + k]:
        return READY_SHOWN + k
    if kind == 1 and mask[READY_DISCARD + k]:
        return READY_DISCARD + k
    if mask[READY_DISCARD + k]:
        prm = r.params
        if (
            not mask[k]
            or prm[P_MUST_BE_READY] != 0
            or prm[P_WILD_AFTER_READY_ONLY] != 0
            or prm[P_SCORING] == SCORING_RIICHI
        ):
            return READY_DISCARD + k
    return k


@nb.njit(cache=True)
def _react_action(s, r, t, p, mask):
    if fan_rich(r):
        return PASS  # stay concealed: the fan-rich shapes need it (see _rich_shanten)
    if stays_concealed(s, r, t, p):
        return PASS  # only a concealed hand may win on a discard
    k = np.int64(s.tv[t, TV_TILE])
    c = stack_empty(34, np.uint8)
    nw = _split(s, r, t, p, c)
    void = _void_suit(s, r, t, p, c)
    if void >= 0 and k < 27 and k // 9 == void:
        return PASS
    if c[k] == 0 and s.wild[t, k] != 0:
        if r.params[P_WILD_BONUS] != 0:
            # 精 bonus (wild_bonus): every wild held at the end of the hand, melded ones too,
            # is paid by each other seat: a pung or kong of wilds is three or four more
            if mask[EXPOSED_KONG]:
                return EXPOSED_KONG
            if mask[PUNG]:
                return PUNG
        return PASS  # never meld wild tiles
    free = free_shapes_open(s, r, t, p)
    if free != 0 and free_shanten(r, c, nw, free) <= _sh(r, c, nw):
        # the structure-free hand (将一色 / 风一色) is the aim: a pung of its class is a free
        # draw; any other call breaks it
        if mask[PUNG] and _free_fits(k, free, r.params[P_FREE_HONORS] != 0):
            return PUNG
        return PASS
    visible = stack_empty(34, np.uint8)
    visible_counts(s, r, t, p, visible)
    s0 = _sh(r, c, nw)
    if mask[EXPOSED_KONG]:
        c[k] -= 3
        v = _sh(r, c, nw)
        c[k] += 3
        if v <= s0:
            return EXPOSED_KONG
    if not (mask[PUNG] or mask[CHOW_LOW] or mask[CHOW_MID] or mask[CHOW_HIGH]):
        return PASS
    codes = stack_empty(N_CODES, np.int64)
    others = stack_empty(_ROWS4, np.int64).reshape((4, 2, MAX_M))
    have = stack_empty(4, np.bool_)
    have[:] = False
    wild_on = _wilds_on(s, r, t, p)
    none = np.int64(-1)  # no sharing (an int64, not a literal: one compiled signature)
    # the live waits of passing (the threshold a same-shanten call must beat) are computed
    # when a call first needs them; -1: not yet (live waits are >= 0)
    best_u = none
    best_a = PASS
    best_sh = s0
    out = stack_empty(2, np.int64)
    out[:] = 0
    full = stack_empty(N_ACTIONS, np.bool_)  # a mask: bool[N_ACTIONS], as ``mask``
    full[:] = False
    opts = (PUNG, CHOW_LOW, CHOW_MID, CHOW_HIGH)
    for i in range(4):
        a = opts[i]
        if not mask[a]:
            continue
        later = False  # another call option follows (it compares with this one's live waits)
        for j in range(i + 1, 4):
            if mask[opts[j]]:
                later = True
        x = k
        y = k
        if a != PUNG and k >= 27:
            # an honour chow (honor_chows): the two honours it takes from the hand
            x, y, _ = honor_chow_tiles(k, a - CHOW_LOW)
            if x < 0:
                continue
        elif a == CHOW_LOW:
            x = k + 1
            y = k + 2
        elif a == CHOW_MID:
            x = k - 1
            y = k + 1
        elif a == CHOW_HIGH:
            x = k - 2
            y = k - 1
        c[x] -= 1
        c[y] -= 1
        v = _sh(r, c, nw)  # 3n+2 tiles: the shanten after the best discard
        if v < best_sh and not later:
            best_sh = v  # nothing left to compare with: a lower shanten decides
            best_a = a
        elif v <= best_sh:
            if v == best_sh and best_u < 0:
                c[x] += 1
                c[y] += 1
                best_u = ukeire(
                    s, r, t, c, nw, s0, visible, void, wild_on, codes, others, have, none, none,
                    others, have, have,
                )  # fmt: skip
                c[x] -= 1
                c[y] -= 1
            for q in range(34):
                full[q] = c[q] > 0 or (nw > 0 and s.wild[t, q] != 0 and s.hands[t, p, q] > 0)
            # the last option at the same shanten only asks "more live waits than best_u?"
            stop = best_u if (v == best_sh and not later) else np.int64(BIG)
            _best_discard(s, r, t, p, c, nw, full, visible, void, out, True, stop)
            u1 = out[1]
            if v < best_sh or u1 > best_u:
                best_sh = v
                best_u = u1
                best_a = a
        c[x] += 1
        c[y] += 1
    return best_a


@nb.njit(cache=True)
def greedy_action(s, r, t, mask):
    """The greedy bot's action for the current player of table ``t`` (``mask``: bool[N_ACTIONS],
    at least one True). Deterministic (uses no RNG). Returns a legal action id."""
    if mask[WIN]:
        return WIN
    if mask[BET]:
        return BET  # pre-hand stakes (pre_hand_bet): never stake (no 炮子, no 坐庄 / 拉庄)
    if s.tv[t, TV_PHASE] == PH_EXCHANGE:
        return PASS  # opening exchange (opening_exchange): keep the dealt hand
    if mask[DECLARE + 5]:
        return DECLARE + 5  # fuzhou 抢金 (grab_wild): taking the turned gold is a win
    if mask[DECLARE + 2]:
        # ningbo 杠花 (flower_replacement="action"): a held flower is worth nothing in the hand;
        # exposing it scores it and draws a replacement
        return DECLARE + 2
    if mask[DECLARE]:
        # an opening-hand small win (Changsha 起手小胡) is paid like a small self-draw: declare it
        return DECLARE
    if mask[NINE_TERMINALS]:
        # riichi 九種九牌: abort the hand unless 11+ different terminals and honours make thirteen
        # orphans (at most two tiles from ready) worth playing for
        if terminal_honor_kinds(s, t, s.tv[t, TV_SEAT]) < 11:
            return NINE_TERMINALS
    if mask[DECLARE + 1]:
        # the roaming seabed tile (Changsha 海底漫游): take it only when ready, since a taker who
        # cannot win exposes it and pays if another seat wins on it (海底炮)
        p = s.tv[t, TV_SEAT]
        c = stack_empty(34, np.uint8)
        nw = _split(s, r, t, p, c)
        if _sh(r, c, nw) <= 0:
            return DECLARE + 1
        return PASS
    if s.tv[t, TV_PHASE] == PH_REACT:
        p = s.tv[t, TV_ASK0 + s.tv[t, TV_REACT_POS]]
        if mask[PASS]:
            only_pass = True
            for a in range(mask.shape[0]):
                if mask[a] and a != PASS:
                    only_pass = False
            if only_pass:
                return PASS
        a = _react_action(s, r, t, p, mask)
        if mask[a]:
            return a
        return PASS
    p = s.tv[t, TV_SEAT]
    # pre-play void-suit choice: the suit with the fewest tiles
    best_su = -1
    best_n = 1000
    n_players = r.params[P_N_PLAYERS]
    for su in range(3):
        if mask[CHOOSE_SUIT + su]:
            n = 0
            for k in range(9 * su, 9 * su + 9):
                n += s.hands[t, p, k]
            if n < best_n:
                best_n = n
                best_su = su
    if best_su >= 0 and n_players > 0:
        return CHOOSE_SUIT + best_su
    for g in range(4):
        if mask[SPECIAL_KONG + g]:
            return SPECIAL_KONG + g  # special_kongs: a set (and a kong) from the dealt hand
    for j in range(7):
        if mask[FENG + j]:
            return FENG + j  # 放风 / 补风: honours out, fresh tiles in, +1 per 补风
    return _turn_action(s, r, t, p, mask)
