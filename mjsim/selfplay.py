"""Vectorised self-play: many hands inside one compiled loop with in-kernel agents.

``mjsim.simulate("hebei", 100_000)`` -> one row per hand (numpy structured array; pass it to
``pandas.DataFrame``). By default hands are independent deals: hand ``i`` is dealt from the RNG key
``(seed, i)`` with dealer ``i % n_players`` and no carry-over. With ``match_hands=m > 1`` the run is
played as matches of ``m`` hands: the first hand of each match is dealt by seat 0 with the
prevailing wind East and scores cleared, later hands carry the dealer, prevailing wind, repeat
counter, multiplier and running scores that the engine computed at settlement (dealer succession
and ``round_wind_rule`` of the spec; guobiao: 4 rounds x 4 hands, see
:func:`mjsim.variants.guobiao.competition_schedule`). Either way the result for a seed is
identical for any thread count and any chunk size (matches are never split between workers).

Seats and players: ``agents[p]`` is player ``p``'s agent, and player ``p`` sits at seat ``p``
in the first hand of a match. Where the variant moves players between rounds (guobiao: East and
South, West and North swap before the West round; :mod:`mjsim.engine.seating`) the loop seats
each player's agent at its new seat; the engine itself only knows seats. Every per-seat column
(``pay0``, ``value0``, ``winners`` ...) stays per seat; ``player0..3`` say who sat where, and
:func:`mjsim.stats.per_player` reads any per-seat column per player.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numba as nb
import numpy as np

from mjsim import _compile_notice
from mjsim._args import (
    check_int,
    check_match_start,
    check_whole_matches,
    resolve_threads,
    seat_agents,
)
from mjsim.actions import N_ACTIONS
from mjsim.agents.policies import agent_id, choose_action_counted
from mjsim.agents.random import n_legal
from mjsim.engine import board, deal, invariants, legal, step
from mjsim.engine.borrow import borrow
from mjsim.engine.game_end import game_end
from mjsim.engine.rng import hand_key
from mjsim.engine.seating import seat_players, seating_table
from mjsim.engine.state import (
    ERR_ILLEGAL,
    ERR_INVARIANT,
    PH_DONE,
    PV_PAY,
    PV_SCORE,
    PV_VALUE,
    TV_DEALER,
    TV_ERROR,
    TV_FIRST_DEALER,
    TV_N_DECISIONS,
    TV_N_DRAWS,
    TV_N_KONGS,
    TV_NEXT_DEALER,
    TV_NEXT_ROUND_WIND,
    TV_PHASE,
    TV_REPEAT,
    TV_ROUND_WIND,
    TV_WIN_FROM,
    TV_WIN_KIND,
    TV_WIN_TILE,
    TV_WINNERS,
    new_state,
)
from mjsim.engine.wall import draws_left
from mjsim.rules.scorer import kind_of_array
from mjsim.rules.spec import RuleSpec, check_playable

N_TOP_ITEMS = 6

#: hand termination under ``check``: a hand still in play after ``step_bound`` decisions is
#: stopped as ``ERR_INVARIANT``. Per seat, two decisions per tile of the set plus this many
#: (the longest hands of the registered variants take ~130 decisions, a tenth of the bound)
STEP_BOUND_PER_TILE = 2
STEP_BOUND_EXTRA = 32

#: dtype of a result row (all fields scalar so that ``pandas.DataFrame(result)`` works)
RESULT_DTYPE = np.dtype(
    [
        ("hand", np.int64),
        ("dealer", np.int8),
        ("round_wind", np.int8),  # prevailing wind 0..3 = E S W N
        ("repeat", np.int16),  # dealer-repeat counter carried into the hand (连庄)
        ("winners", np.uint8),  # bitmask of winning seats
        ("n_winners", np.int8),
        ("win_kind", np.int8),  # 0 none (drawn hand), 1 self-draw, 2 discard, 3 robbing a kong
        ("discarder", np.int8),  # discarder / robbed konger, -1 otherwise
        ("win_tile", np.int8),  # -1 on a drawn hand
        ("value", np.int32),  # hand value of the first winner (family unit)
        *[(f"value{p}", np.int32) for p in range(4)],
        *[(f"pay{p}", np.int32) for p in range(4)],
        *[(f"item{i}", np.int16) for i in range(N_TOP_ITEMS)],  # first winner's item ids, -1 pad
        *[(f"item{i}_n", np.int16) for i in range(N_TOP_ITEMS)],  # their counts
        ("decisions", np.int32),  # actions applied (passes included)
        ("draws", np.int32),  # tiles drawn after the deal (replacements included)
        ("kongs", np.int8),
        ("tiles_left", np.int16),  # tiles in the live wall at the end (reserve included)
        ("draws_left", np.int16),  # tiles that could still be drawn (mjsim.engine.wall)
        *[(f"player{p}", np.int8) for p in range(4)],  # the player sitting at seat p
        ("error", np.int8),  # 0 ok; see mjsim.engine.state.ERROR_NAMES
    ]
)


@nb.njit(cache=True)
def step_bound(n_players, n_tiles):
    """Decisions (actions applied, passes included) a hand of ``n_players`` seats over a set of
    ``n_tiles`` tiles may take before ``check`` calls it non-terminating:
    ``n_players * (STEP_BOUND_PER_TILE * n_tiles + STEP_BOUND_EXTRA)`` (1216 for 4 seats and 136
    tiles). Every turn starts with a draw or a claim and every claim takes a discard, so a hand
    that ends takes far fewer."""
    return n_players * (STEP_BOUND_PER_TILE * n_tiles + STEP_BOUND_EXTRA)


@nb.njit(cache=True)
def play_hand(s, r, t, agents, mask, check):
    """Play table ``t`` to the end with in-kernel ``agents`` (int64[4] ids per seat).

    With ``check``, every step verifies: the hand has taken fewer than :func:`step_bound`
    decisions, the mask is not empty, ``legal_mask``'s count matches it, the chosen action is
    in it, and :func:`mjsim.engine.invariants.check_invariants` holds (else ``ERR_ILLEGAL`` /
    ``ERR_INVARIANT``). Returns the table's error code."""
    bound = np.int64(0)
    if check:
        n_tiles = np.int64(0)
        for k in range(r.tile_counts.shape[0]):
            n_tiles += r.tile_counts[k]
        bound = step_bound(np.int64(r.params[0]), n_tiles)
    while True:
        p = legal.current_player(s, t)
        if p < 0:
            break
        if check and s.tv[t, TV_N_DECISIONS] >= bound:
            s.tv[t, TV_ERROR] = ERR_INVARIANT  # the hand does not end (hand termination)
            break
        n = legal.legal_mask(s, r, t, mask)
        if n == 0:
            s.tv[t, TV_ERROR] = ERR_INVARIANT
            break
        if check and n != n_legal(mask):
            s.tv[t, TV_ERROR] = ERR_INVARIANT  # legal_mask's count is what the random bot uses
            break
        a = choose_action_counted(agents[p], s, r, t, mask, n)
        if check and (a < 0 or not mask[a]):
            s.tv[t, TV_ERROR] = ERR_ILLEGAL
            break
        step.apply_action(s, r, t, a)
        if check and invariants.check_invariants(s, r, t) != 0:
            s.tv[t, TV_ERROR] = ERR_INVARIANT
            break
    return s.tv[t, TV_ERROR]


@nb.njit(nogil=True, cache=True)
def _run_slice(
    s, w, r, seed, first_hand, lo, hi, agents, check, cols, pays, values, items, match_hands,
    seating, stop_at_game_end,
):  # fmt: skip
    """Play hands ``first_hand + lo .. first_hand + hi - 1`` on table ``w`` (releases the GIL).

    ``match_hands > 1``: hand ``h`` is hand ``h % match_hands`` of a match; its first hand is
    dealt by seat 0 (prevailing wind East, scores cleared), the others by :func:`mjsim.engine.deal.next_hand`
    (the carry-over of the previous hand, which this slice must contain). ``agents``: int64[4]
    agent id of each player; ``seating``: int64[4, 4]
    (:func:`mjsim.engine.seating.seating_table`): each hand, player ``players[seat]`` (from the
    hand's prevailing wind and the match's first dealer) plays at ``seat``.

    ``stop_at_game_end`` (with ``match_hands > 1``): a match stops after the hand where its game
    ends (:func:`mjsim.engine.game_end.game_end`); its later rows are not played: ``decisions``
    0, no winner, no payment, ``dealer`` / ``round_wind`` of the hand that would have come
    next."""
    s, r = borrow(s, r)  # no reference counting of the state in the loop (engine/borrow.py)
    n_players = r.params[0]
    mask = np.zeros(N_ACTIONS, dtype=np.bool_)
    players = np.zeros(4, dtype=np.int64)
    seat_agents = np.zeros(4, dtype=np.int64)
    over = False  # the match's game ended (stop_at_game_end)
    next_dealer = np.int64(0)
    next_wind = np.int64(0)
    for i in range(lo, hi):
        hand = first_hand + i
        if match_hands > 1 and hand % match_hands == 0:
            over = False
        if over:  # a row after the game's end: not played
            for c in range(cols.shape[1]):
                cols[i, c] = 0
            cols[i, 0] = next_dealer
            cols[i, 3] = -1
            cols[i, 4] = -1
            cols[i, 11] = -1
            cols[i, 12] = next_wind
            for q in range(n_players):
                cols[i, 15 + q] = players[q]
                pays[i, q] = 0
                values[i, q] = 0
            for j in range(items.shape[1]):
                items[i, j, 0] = -1
                items[i, j, 1] = 0
            continue
        # non-literal constants: the same compiled signature of reset_table as Game's
        z = np.int64(0)
        if match_hands <= 1:
            dealer = np.int64(hand % n_players)
            for q in range(s.pv.shape[1]):
                s.pv[w, q, PV_SCORE] = 0  # an independent hand: every seat at start_points
            deal.reset_table(
                s, r, w, hand_key(seed, hand), hand, dealer, z, z, z + 1, np.bool_(True), z, z
            )
        elif hand % match_hands == 0:
            for q in range(s.pv.shape[1]):
                s.pv[w, q, PV_SCORE] = 0
            deal.reset_table(
                s, r, w, hand_key(seed, hand), hand, z, z, z, z + 1, np.bool_(True), z, z
            )
        else:
            deal.next_hand(s, r, w, hand_key(seed, hand))
        tv = s.tv[w]
        seat_players(seating, tv[TV_ROUND_WIND], tv[TV_FIRST_DEALER], n_players, players)
        for q in range(n_players):
            seat_agents[q] = agents[players[q]]
            cols[i, 15 + q] = players[q]
        play_hand(s, r, w, seat_agents, mask, check)
        cols[i, 0] = tv[TV_DEALER]
        cols[i, 1] = tv[TV_WINNERS]
        cols[i, 2] = tv[TV_WIN_KIND]
        cols[i, 3] = tv[TV_WIN_FROM]
        cols[i, 4] = tv[TV_WIN_TILE]
        cols[i, 5] = tv[TV_N_DECISIONS]
        cols[i, 6] = tv[TV_N_DRAWS]
        cols[i, 7] = tv[TV_N_KONGS]
        cols[i, 8] = board.remaining(s, w)
        cols[i, 9] = tv[TV_ERROR]
        cols[i, 10] = 1 if tv[TV_PHASE] == PH_DONE else 0
        first = -1
        for q in range(n_players):
            pays[i, q] = s.pv[w, q, PV_PAY]
            values[i, q] = s.pv[w, q, PV_VALUE]
        if tv[TV_WINNERS] != 0:
            frm = tv[TV_WIN_FROM]
            for j in range(n_players):
                q = (frm + 1 + j) % n_players if frm >= 0 else j
                if (tv[TV_WINNERS] >> q) & 1:
                    first = q
                    break
        m = 0
        for j in range(items.shape[1]):
            items[i, j, 0] = -1
            items[i, j, 1] = 0
        if first >= 0:
            for it in range(s.items.shape[2]):
                c = s.items[w, first, it]
                if c != 0 and m < items.shape[1]:
                    items[i, m, 0] = it
                    items[i, m, 1] = c
                    m += 1
        cols[i, 11] = first
        cols[i, 12] = tv[TV_ROUND_WIND]
        cols[i, 13] = tv[TV_REPEAT]
        cols[i, 14] = draws_left(s, r, w)
        if stop_at_game_end and match_hands > 1 and game_end(s, r, w) >= 0:
            over = True
            next_dealer = np.int64(tv[TV_NEXT_DEALER])
            next_wind = np.int64(tv[TV_NEXT_ROUND_WIND])
    return 0


#: blocks per worker and chunk in :func:`simulate` (dynamic scheduling: more blocks, less idle
#: time at the end of a chunk; each block is one compiled call)
BLOCKS_PER_WORKER = 8


def _block_hands(m: int, threads: int, match_hands: int) -> int:
    """Hands per block of a chunk of ``m`` hands: about ``m / (threads * BLOCKS_PER_WORKER)``,
    a multiple of ``match_hands`` (a match is never split), at least one match."""
    blk = max(1, m // (threads * BLOCKS_PER_WORKER))
    return max(match_hands, blk // match_hands * match_hands)


def _run_blocks(blocks, blk, s, w, rules, seed, first, m, *rest) -> None:
    """One worker of :func:`simulate`: take block numbers from the shared counter ``blocks``
    (``itertools.count``: ``next`` is atomic under the GIL) and play each block's hands on
    table ``w`` with :func:`_run_slice` (which releases the GIL) until the chunk's ``m`` hands
    are taken."""
    while True:
        lo = next(blocks) * blk
        if lo >= m:
            return
        _run_slice(s, w, rules, seed, first, lo, min(m, lo + blk), *rest)


#: first-use key and notice text of the self-play loop (mjsim._compile_notice)
LOOP_KEY = "selfplay"
LOOP_WHAT = "the self-play game loop and its in-kernel bots"


def _load_loop(s, rules, ids, check, match_hands, seating, quiet, stop_at_game_end=False) -> None:
    """Compile (first use of these sources on this machine: minutes, once, then cached) or load
    :func:`_run_slice` for :func:`simulate`'s argument types, by a call that plays no hands, in
    a worker thread behind the compile notice (:func:`mjsim._compile_notice.first_use`), so the
    worker threads of a run never compile and Ctrl-C answers during the compile. The loop is
    compiled once per scorer (:mod:`mjsim.rules.scorer`), so the key names it."""
    key = f"{LOOP_KEY}:{kind_of_array(rules.scorer)}"
    if _compile_notice.loaded(key):
        return
    cols = np.zeros((0, 19), dtype=np.int64)
    pays = np.zeros((0, 4), dtype=np.int64)
    values = np.zeros((0, 4), dtype=np.int64)
    items = np.zeros((0, N_TOP_ITEMS, 2), dtype=np.int64)
    z = np.int64(0)
    args = (ids, check, cols, pays, values, items, match_hands, seating, bool(stop_at_game_end))
    _compile_notice.first_use(
        key, LOOP_WHAT, lambda: _run_slice(s, 0, rules, z, z, 0, 0, *args), quiet=quiet
    )


def warm_up(
    variant: str | RuleSpec = "hebei",
    agents: str | Sequence[str | int] = "random",
    *,
    quiet: bool | None = None,
    **overrides: Any,
) -> None:
    """Compile or load the self-play loop now, as :func:`simulate`'s first call does by itself:
    on sources this machine has not compiled yet it prints what compiles and the elapsed time
    on stderr (``quiet=True`` or ``MJSIM_QUIET=1``: nothing). One compiled loop serves every
    variant of a scorer (every table-driven variant shares one), agent and thread count.
    Raises what :func:`simulate` raises for bad arguments."""
    from mjsim import variants

    spec = variants.get(variant, **overrides)
    if _compile_notice.loaded(f"{LOOP_KEY}:{spec.scorer_kind()}"):
        return
    check_playable(spec)
    ids = np.zeros(4, dtype=np.int64)
    for p, a in enumerate(seat_agents(agents, spec.n_players)):
        ids[p] = agent_id(a)
    s = new_state(1, rec_cap=0)
    _load_loop(s, spec.compile(), ids, False, 1, seating_table(spec), quiet)


def simulate(
    variant: str | RuleSpec = "hebei",
    n_hands: int = 1000,
    agents: str | Sequence[str | int] = "random",
    seed: int = 0,
    threads: int | None = None,
    *,
    check: bool = False,
    chunk: int = 1 << 16,
    first_hand: int = 0,
    match_hands: int = 1,
    stop_at_game_end: bool = False,
    quiet: bool | None = None,
    **overrides: Any,
) -> np.ndarray:
    """Play ``n_hands`` independent hands of ``variant`` with in-kernel agents.

    The first call in a process on sources this machine has not compiled yet compiles the loop
    (minutes, once, then cached on disk) and says so on stderr with the elapsed time
    (:func:`warm_up`); Ctrl-C answers at once meanwhile.

    Args:
        variant: a registered id (``mjsim.variants.names()``) or a ``RuleSpec``.
        n_hands: number of hands (rows of the result), an integer >= 0 (Python or numpy;
            a float such as ``1e5`` raises ``ValueError``).
        agents: one in-kernel agent per player (names from
            ``mjsim.agents.policies.AGENT_IDS``); player ``p`` starts at seat ``p`` and keeps
            it except where a match moves players (guobiao, see the module docstring). A string
            is split on commas like the command line's ``--agents`` (``"greedy"``: every
            player; the default ``"random"`` fills every seat of a 2-, 3- or 4-player spec);
            a shorter list repeats when its length divides the player count
            (:func:`mjsim._args.seat_agents`).
        seed: run seed; hand ``i`` uses the RNG key ``(seed, i)`` and dealer ``i % n_players``.
        threads: worker threads, 1..1024 (default ``None``: ``os.cpu_count()``); each runs a
            GIL-free compiled slice of the hands on its own table. The result does not depend
            on it.
        check: verify the legal mask and the invariants (tile conservation, hand sizes,
            zero-sum payments, a scoring reading of every win) at every step inside the loop, and stop a hand that takes
            :func:`step_bound` decisions (slower; a failing hand gets ``error`` 1 or 5, see
            :mod:`mjsim.soak` for a run that names the invariant and writes a replayable record).
        chunk: hands per compiled call (memory stays bounded).
        first_hand: index of the first hand: rows are hands ``first_hand .. first_hand +
            n_hands - 1`` of the run (so a run can be split into index ranges and merged).
        match_hands: hands per match (default 1: independent hands). With ``m > 1`` hand ``h``
            is hand ``h % m`` of match ``h // m``: the first hand of a match is dealt by seat 0
            in the East round with scores cleared, every later one carries the previous hand's
            dealer succession, prevailing wind (``round_wind_rule``), repeat counter and
            multiplier. Rows then carry the match's ``dealer``, ``round_wind`` and ``repeat``
            (guobiao with ``match_hands=16``: the competition schedule, 4 rounds x 4 hands,
            no dealer repeat, players 0/1 and 2/3 swap seats for the West and North rounds:
            ``player0..3`` of hands 8-15 are ``1, 0, 3, 2``). ``first_hand`` and ``n_hands``
            must be multiples of ``m`` (every match plays all its hands; ``n_hands=10,
            match_hands=16`` raises ``ValueError`` naming both, like the command line).
        stop_at_game_end: with ``match_hands > 1`` and a spec with a game end (``match="east"``
            / ``"east_south"``): each match stops after the hand where its game ends
            (:mod:`mjsim.engine.game_end`, as :func:`mjsim.games.game_length`); the match's later
            rows are not played (``decisions`` 0, no winner or payment; ``dealer`` and
            ``round_wind`` of the hand that would have come next). :func:`mjsim.play_games`
            plays with it. A row's deal still depends only on ``(seed, hand)``.
        quiet: no compile notice (default: ``MJSIM_QUIET``, see
            :func:`mjsim._compile_notice.is_quiet`).
        overrides: RuleSpec fields, as for :func:`mjsim.variants.get`.

    Returns:
        structured array of ``RESULT_DTYPE``, one row per hand: per-seat outcomes (``pay0``,
        ``value0``, ``winners`` bits ...), ``player0..3`` (the player at each seat),
        ``tiles_left`` (live wall at the end, reserve included) and ``draws_left`` (tiles that
        could still have been drawn, :func:`mjsim.engine.wall.draws_left`).

    Raises:
        ValueError: bad variant / override / agent / counts; NotImplementedError: rule values
        the engine does not play yet.
    """
    from mjsim import variants

    spec = variants.get(variant, **overrides)
    check_playable(spec)
    n_hands = check_int("n_hands", n_hands, 0)
    seed = check_int("seed", seed, 0)
    agents = seat_agents(agents, spec.n_players)
    ids = np.zeros(4, dtype=np.int64)
    for p, a in enumerate(agents):
        ids[p] = agent_id(a)
    rules = spec.compile()
    seating = seating_table(spec)
    threads = resolve_threads(threads)
    first_hand = check_int("first_hand", first_hand, 0)
    match_hands = check_int("match_hands", match_hands, 1)
    chunk = check_int("chunk", chunk, 1)
    check_match_start(first_hand, match_hands)
    check_whole_matches(n_hands, match_hands)  # a partial last match is refused, as by the CLI
    if match_hands > 1:
        # chunks and worker slices hold whole matches only
        chunk = max(match_hands, int(chunk) - int(chunk) % match_hands)
    out = np.zeros(n_hands, dtype=RESULT_DTYPE)
    s = new_state(threads, rec_cap=0)
    stop_at_game_end = bool(stop_at_game_end)
    _load_loop(s, rules, ids, check, match_hands, seating, quiet, stop_at_game_end)
    with ThreadPoolExecutor(max_workers=threads) as pool:
        for start in range(0, n_hands, chunk):
            m = min(chunk, n_hands - start)
            cols = np.zeros((m, 19), dtype=np.int64)
            pays = np.zeros((m, 4), dtype=np.int64)
            values = np.zeros((m, 4), dtype=np.int64)
            items = np.zeros((m, N_TOP_ITEMS, 2), dtype=np.int64)
            # dynamic blocks: each worker (table ``w``) takes the next block of hands until the
            # chunk is done, so a worker that drew short hands does not idle at the end of the
            # chunk while the other finishes a static half (a hand's result does not depend on
            # the table or worker that plays it: its deal comes from (seed, hand))
            blk = _block_hands(m, threads, match_hands)
            blocks = itertools.count()
            jobs = [
                pool.submit(
                    _run_blocks,
                    blocks,
                    blk,
                    s,
                    w,
                    rules,
                    np.int64(seed),
                    np.int64(first_hand + start),
                    m,
                    ids,
                    check,
                    cols,
                    pays,
                    values,
                    items,
                    match_hands,
                    seating,
                    stop_at_game_end,
                )
                for w in range(min(threads, -(-m // blk)))
            ]
            for j in jobs:
                j.result()
            o = out[start : start + m]
            o["hand"] = np.arange(first_hand + start, first_hand + start + m)
            o["dealer"] = cols[:, 0]
            o["round_wind"] = cols[:, 12]
            o["repeat"] = cols[:, 13]
            o["winners"] = cols[:, 1]
            o["n_winners"] = [int(x).bit_count() for x in cols[:, 1]]
            o["win_kind"] = cols[:, 2]
            o["discarder"] = cols[:, 3]
            o["win_tile"] = cols[:, 4]
            o["decisions"] = cols[:, 5]
            o["draws"] = cols[:, 6]
            o["kongs"] = cols[:, 7]
            o["tiles_left"] = cols[:, 8]
            o["draws_left"] = cols[:, 14]
            o["error"] = cols[:, 9]
            first = cols[:, 11]
            o["value"] = np.where(first >= 0, values[np.arange(m), np.maximum(first, 0)], 0)
            for p in range(4):
                o[f"player{p}"] = cols[:, 15 + p] if p < spec.n_players else p
                o[f"pay{p}"] = pays[:, p]
                o[f"value{p}"] = values[:, p]
            for i in range(N_TOP_ITEMS):
                o[f"item{i}"] = items[:, i, 0]
                o[f"item{i}_n"] = items[:, i, 1]
    return out
