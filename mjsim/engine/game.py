"""``Game``: one table in Python, over the same jitted loop the batched self-play uses."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from mjsim import _compile_notice
from mjsim.actions import N_ACTIONS, action_from_name, action_name
from mjsim.engine import board, deal, legal, step
from mjsim.engine.records import Record, render_table
from mjsim.engine.rng import hand_key
from mjsim.engine.seating import players_at_seats
from mjsim.engine.state import (
    ERROR_NAMES,
    PH_DONE,
    PHASE_NAMES,
    PV_PAY,
    PV_SCORE,
    PV_VALUE,
    REC_CAP,
    TV_DEALER,
    TV_DICE0,
    TV_DICE1,
    TV_ERROR,
    TV_FIRST_DEALER,
    TV_HAND_NO,
    TV_LEVEL,
    TV_MULT,
    TV_NEXT_DEALER,
    TV_NEXT_LEVEL,
    TV_NEXT_MULT,
    TV_NEXT_REPEAT,
    TV_NEXT_ROUND_WIND,
    TV_NEXT_STAKE,
    TV_NEXT_STREAK,
    TV_PHASE,
    TV_RC_POT,
    TV_RC_POT_IN,
    TV_REC_N,
    TV_RED_POS,
    TV_REPEAT,
    TV_ROUND_WIND,
    TV_STAKE,
    TV_WALL_LEN,
    TV_WIN_FROM,
    TV_WIN_KIND,
    TV_WIN_TILE,
    TV_WINNERS,
    WIN_KIND_NAMES,
    State,
    new_state,
)
from mjsim.engine.wall import draws_left
from mjsim.rules.spec import CompiledRules, RuleSpec, check_playable

#: first-use key and notice text of Game's kernels (mjsim._compile_notice)
GAME_KEY = "engine.game"
GAME_WHAT = "the Game table's deal, legal-mask and step kernels"


def _kind_label(k: int) -> str:
    try:
        from mjsim.tiles import tile_name

        return f"{tile_name(k)} (kind {k})"
    except Exception:  # noqa: BLE001
        return f"kind {k}"


def validate_wall(spec: RuleSpec, wall: str | Sequence[int]) -> list[int]:
    """A scripted wall as a list of kinds; it must be exactly the spec's tile multiset.

    ``wall``: a string in any notation of :mod:`mjsim.tiles` or a sequence of kinds 0-41.
    Raises ``ValueError`` naming a bad token, a surplus tile or a missing tile.
    """
    if isinstance(wall, str):
        from mjsim.tiles import parse_tiles

        kinds = parse_tiles(wall, flowers=True, check_copies=False)
    else:
        kinds = []
        for i, k in enumerate(wall):
            if not isinstance(k, int | np.integer) or not 0 <= int(k) < 42:
                raise ValueError(f"wall[{i}]={k!r} is not a tile kind 0-41")
            kinds.append(int(k))
    want = spec.counts()
    have = Counter(kinds)
    for k in range(42):
        if have.get(k, 0) > want[k]:
            raise ValueError(
                f"wall has {have[k]} copies of {_kind_label(k)} but the tile set "
                f"{spec.tile_set!r} has {want[k]} (surplus tile)"
            )
    for k in range(42):
        if have.get(k, 0) < want[k]:
            raise ValueError(
                f"wall has {have.get(k, 0)} copies of {_kind_label(k)} but the tile set "
                f"{spec.tile_set!r} has {want[k]} (missing tile)"
            )
    return kinds


def validate_red(spec: RuleSpec, kinds: Sequence[int], red: Iterable[int]) -> list[int]:
    """The wall positions of the red fives of a scripted wall ``kinds``, checked: each a
    position of ``kinds`` holding a five, no position twice, and per suit as many as
    ``spec.red_fives``. Returns them sorted. ``ValueError`` naming the bad position or suit."""
    out: list[int] = []
    for pos in red:
        if not isinstance(pos, int | np.integer) or not 0 <= int(pos) < len(kinds):
            raise ValueError(f"red position {pos!r} is not a wall position 0..{len(kinds) - 1}")
        pos = int(pos)
        if kinds[pos] not in (4, 13, 22):
            raise ValueError(
                f"red position {pos} holds {_kind_label(kinds[pos])}, not a five (5m 5p 5s)"
            )
        if pos in out:
            raise ValueError(f"red position {pos} given twice")
        out.append(pos)
    for suit, five in enumerate((4, 13, 22)):
        have = sum(1 for pos in out if kinds[pos] == five)
        want = spec.red_fives[suit]
        if have != want:
            raise ValueError(
                f"the wall marks {have} red 5{'mps'[suit]} but the spec has red_fives="
                f"{spec.red_fives} ({want} red 5{'mps'[suit]})"
            )
    return sorted(out)


class Game:
    """One table of one variant: ``step`` through a hand, inspect it, get its record.

    ``Game(variant_or_spec, seed=0, *, wall=None, dealer=0, round_wind=0, hand_no=0,
    record=True, first_dealer=None, quiet=None, **overrides)``: ``variant_or_spec`` is a
    registered id or a ``RuleSpec``; ``overrides`` are spec fields (see
    :func:`mjsim.variants.get`); ``wall`` fixes the tile order for a scripted deal (validated).
    Under ``red_fives`` the red copies of a scripted wall are the ``0m / 0p / 0s`` it writes, or
    the wall positions ``red`` lists, or else the first fives of each suit in wall order
    (:func:`validate_red`).
    The hand's RNG is ``(seed, hand_no)``.
    ``first_dealer`` (default: ``dealer``) is the dealer of the match's first hand: with
    ``round_wind_rule="advance_after_cycle"`` the prevailing wind advances when the deal returns
    to it (:meth:`next_hand`).

    On sources this machine has not compiled yet, the first ``Game`` of a process compiles the
    deal, legal-mask and step kernels (about half a minute, once, then cached) and says so on
    stderr with the elapsed time; ``quiet=True`` (or ``MJSIM_QUIET=1``) silences it.

    Deal order (``docs/engine.md``): seats from the dealer take ``hand_size`` consecutive tiles
    each from ``wall[0]``, then the dealer takes one more; replacements come from the end.

    Raises ``ValueError`` for a bad variant, override or wall, ``NotImplementedError`` for rule
    values the engine does not play yet.
    """

    def __init__(
        self,
        variant_or_spec: str | RuleSpec = "hebei",
        seed: int = 0,
        *,
        wall: str | Sequence[int] | None = None,
        red: Sequence[int] | None = None,
        dealer: int = 0,
        round_wind: int = 0,
        hand_no: int = 0,
        record: bool = True,
        first_dealer: int | None = None,
        quiet: bool | None = None,
        **overrides: Any,
    ) -> None:
        from mjsim import variants

        self.spec: RuleSpec = variants.get(variant_or_spec, **overrides)
        check_playable(self.spec)
        self.rules: CompiledRules = self.spec.compile()
        self.n_players: int = self.spec.n_players
        if not 0 <= dealer < self.n_players:
            raise ValueError(f"dealer={dealer!r} must be a seat 0..{self.n_players - 1}")
        if not 0 <= round_wind < 4:
            raise ValueError(f"round_wind={round_wind!r} must be 0..3")
        if first_dealer is None:
            first_dealer = dealer
        if not 0 <= first_dealer < self.n_players:
            raise ValueError(
                f"first_dealer={first_dealer!r} must be a seat 0..{self.n_players - 1}"
            )
        self.first_dealer = int(first_dealer)
        if not isinstance(seed, int | np.integer) or seed < 0:
            raise ValueError(f"seed={seed!r} must be an integer >= 0")
        self.seed = int(seed)
        self.state: State = new_state(1, REC_CAP if record else 0)
        self._mask = np.zeros(N_ACTIONS, dtype=np.bool_)
        self._fixed_wall = None if wall is None else validate_wall(self.spec, wall)
        self._fixed_red: list[int] = []
        if red is not None:
            if wall is None:
                raise ValueError("red= (the wall positions of the red fives) needs wall=")
            self._fixed_red = validate_red(self.spec, self._fixed_wall, red)
        elif isinstance(wall, str) and any(self.spec.red_fives):
            from mjsim.tiles import parse_tiles_with_red

            marks = parse_tiles_with_red(wall, flowers=True, check_copies=False)[1]
            if any(marks):
                written = [i for i, m in enumerate(marks) if m]
                self._fixed_red = validate_red(self.spec, self._fixed_wall, written)
        elif isinstance(wall, str) and "0" in wall:
            from mjsim.tiles import parse_tiles_with_red

            if any(parse_tiles_with_red(wall, flowers=True, check_copies=False)[1]):
                raise ValueError(
                    "the wall writes red fives (0m/0p/0s) but the spec has red_fives=(0, 0, 0)"
                )
        key = f"{GAME_KEY}:{self.spec.scorer_kind()}"  # one compiled engine per scorer
        if not _compile_notice.loaded(key):
            _compile_notice.first_use(key, GAME_WHAT, self._compile_kernels, quiet=quiet)
        self._start(hand_no, dealer, round_wind, 0, 1)

    def _compile_kernels(self) -> None:
        """Compile (or load) the kernels a table's deal, masks and steps call, for the argument
        types :meth:`_start`, :meth:`legal_mask` and :meth:`step` pass, without running them."""
        s, r, m, cf = self.state, self.rules, self._mask, _compile_notice.compile_for
        cf(hand_key, 0, 0)
        cf(deal.reset_table, s, r, 0, np.uint64(0), 0, 0, 0, 0, 1, True, 0, 0)
        cf(legal.current_player, s, 0)
        cf(legal.legal_mask, s, r, 0, m)
        cf(step.step, s, r, 0, 0, m)

    # ------------------------------------------------------------------ lifecycle
    def _start(
        self,
        hand_no: int,
        dealer: int,
        round_wind: int,
        repeat: int,
        mult: int,
        streak: int = 0,
        deposits: int = 0,
        level: int = 0,
        stake: int = 0,
    ) -> None:
        s = self.state
        self._scores_before = [int(x) for x in s.pv[0, : self.n_players, PV_SCORE]]
        shuffle = self._fixed_wall is None
        if not shuffle:
            s.wall[0, :] = 0
            s.wall[0, : len(self._fixed_wall)] = self._fixed_wall
            if self._fixed_red:  # else the deal keeps the last hand's or marks the first fives
                s.tv[0, TV_RED_POS : TV_RED_POS + 12] = 0
                seen = [0, 0, 0]
                for pos in self._fixed_red:
                    suit = (4, 13, 22).index(self._fixed_wall[pos])
                    s.tv[0, TV_RED_POS + 4 * suit + seen[suit]] = pos + 1
                    seen[suit] += 1
        deal.reset_table(
            s,
            self.rules,
            0,
            np.uint64(hand_key(self.seed, hand_no)),
            hand_no,
            dealer,
            round_wind,
            repeat,
            mult,
            shuffle,
            self.first_dealer,
            streak,
        )
        # carried in (mjsim.engine.carry): deposits (carry_deposits), 上楼 level, dealer stake
        s.tv[0, TV_RC_POT] = deposits
        s.tv[0, TV_RC_POT_IN] = deposits
        s.tv[0, TV_LEVEL] = s.tv[0, TV_NEXT_LEVEL] = level
        s.tv[0, TV_STAKE] = s.tv[0, TV_NEXT_STAKE] = stake
        # the whole wall: the deal's flower replacements have already taken tiles from the tail
        self._wall_at_start = [int(x) for x in s.wall[0, : int(s.tv[0, TV_WALL_LEN])]]

    def next_hand(self) -> None:
        """Start the next hand with the carry-over (dealer, prevailing wind, repeat counter,
        multiplier, draw streak, deposits left on the table under ``carry_deposits``, scores): the engine's ``TV_NEXT_*`` values of the finished hand.

        A scripted wall is reused. ``ValueError`` if the current hand is not over."""
        if not self.done:
            raise ValueError("the current hand is not over")
        tv = self.state.tv[0]
        self._start(
            int(tv[TV_HAND_NO]) + 1,
            int(tv[TV_NEXT_DEALER]),
            int(tv[TV_NEXT_ROUND_WIND]),
            int(tv[TV_NEXT_REPEAT]),
            int(tv[TV_NEXT_MULT]),
            int(tv[TV_NEXT_STREAK]),
            int(tv[TV_RC_POT]) if self.spec.carry_deposits else 0,
            int(tv[TV_NEXT_LEVEL]),
            int(tv[TV_NEXT_STAKE]),
        )

    # ------------------------------------------------------------------ decisions
    @property
    def current_player(self) -> int:
        """Seat to decide, or -1 when the hand is over."""
        return int(legal.current_player(self.state, 0))

    def legal_mask(self) -> np.ndarray:
        """``bool[N_ACTIONS]`` legal actions of the current player (all False when done)."""
        m = np.zeros(N_ACTIONS, dtype=np.bool_)
        legal.legal_mask(self.state, self.rules, 0, m)
        return m

    def legal_actions(self) -> list[int]:
        """Legal action ids of the current player, ascending."""
        return [int(a) for a in np.flatnonzero(self.legal_mask())]

    def legal_action_names(self) -> list[str]:
        """Names of the legal actions (see :func:`mjsim.actions.action_name`)."""
        return [action_name(a) for a in self.legal_actions()]

    def step(self, action: int | str) -> None:
        """Apply ``action`` (an id or a name like ``"discard 5m"``) for the current player.

        Raises ``ValueError`` naming the action and listing the legal ones (names and ids) if it
        is illegal or out of range (``"action 999 out of range 0..207; seat 0 to act, legal: ..."``),
        if it is not an integer or a name (``None``, a float), or if the hand is over."""
        from mjsim.actions import check_action

        if self.done:
            raise ValueError(f"the hand is over; action {action!r} not applied")
        m = self.legal_mask()

        def refuse(what: str) -> ValueError:
            legal = ", ".join(f"{action_name(int(x))} ({int(x)})" for x in np.flatnonzero(m))
            return ValueError(f"{what}; seat {self.current_player} to act, legal: {legal}")

        if isinstance(action, str):
            a = action_from_name(action)
        else:
            try:
                a = check_action(action)
            except ValueError as e:
                raise refuse(str(e)) from None
        if not 0 <= a < N_ACTIONS:
            raise refuse(f"action {a} out of range 0..{N_ACTIONS - 1}")
        if not m[a]:
            raise refuse(f"illegal action {action_name(a)} (id {a})")
        err = step.step(self.state, self.rules, 0, a, self._mask)
        if err != 0:
            raise RuntimeError(f"engine error {ERROR_NAMES[err]} after {action_name(a)}")

    # ------------------------------------------------------------------ read access
    @property
    def done(self) -> bool:
        """The hand is over (win or exhaustive draw)."""
        return int(self.state.tv[0, TV_PHASE]) == PH_DONE

    @property
    def phase(self) -> str:
        """``"turn"``, ``"react"``, ``"choose_suit"`` or ``"done"``."""
        return PHASE_NAMES[int(self.state.tv[0, TV_PHASE])]

    @property
    def error(self) -> int:
        """The table's error code (0 = none)."""
        return int(self.state.tv[0, TV_ERROR])

    @property
    def payments(self) -> np.ndarray:
        """``int32[n_players]`` payments of this hand (positive = received)."""
        return self.state.pv[0, : self.n_players, PV_PAY].copy()

    @property
    def scores(self) -> np.ndarray:
        """``int32[n_players]`` running scores across hands."""
        return self.state.pv[0, : self.n_players, PV_SCORE].copy()

    @property
    def winners(self) -> list[int]:
        """Winning seats (empty on a drawn hand or while in play)."""
        w = int(self.state.tv[0, TV_WINNERS])
        return [p for p in range(self.n_players) if (w >> p) & 1]

    @property
    def win_kind(self) -> str:
        """``"none"``, ``"self_draw"``, ``"discard"`` or ``"rob_kong"``."""
        return WIN_KIND_NAMES[int(self.state.tv[0, TV_WIN_KIND])]

    @property
    def win_from(self) -> int:
        """Discarder / robbed konger, -1 for self-draw or no win."""
        return int(self.state.tv[0, TV_WIN_FROM])

    @property
    def win_tile(self) -> int:
        return int(self.state.tv[0, TV_WIN_TILE])

    @property
    def values(self) -> np.ndarray:
        """``int32[n_players]`` hand value of each winner (0 for non-winners)."""
        return self.state.pv[0, : self.n_players, PV_VALUE].copy()

    @property
    def items(self) -> np.ndarray:
        """``int32[n_players, N_ITEMS]`` scoring-item counts of each winner."""
        return self.state.items[0, : self.n_players].copy()

    @property
    def hands(self) -> np.ndarray:
        """``uint8[n_players, 42]`` concealed counts (+ flowers set aside), a copy."""
        return self.state.hands[0, : self.n_players].copy()

    @property
    def melds(self) -> np.ndarray:
        """``int8[n_players, MAX_MELDS, 3]`` meld rows, a copy."""
        return self.state.melds[0, : self.n_players].copy()

    @property
    def dealer(self) -> int:
        return int(self.state.tv[0, TV_DEALER])

    @property
    def round_wind(self) -> int:
        """Prevailing wind of this hand, 0..3 = East South West North."""
        return int(self.state.tv[0, TV_ROUND_WIND])

    @property
    def seat_winds(self) -> list[int]:
        """Seat wind of each seat, ``(seat - dealer) % n_players`` (0 = East), as the scorer
        receives it (``F_SEAT_WIND``)."""
        d = self.dealer
        return [(p - d) % self.n_players for p in range(self.n_players)]

    @property
    def dice(self) -> tuple[int, int]:
        """The hand's opening dice roll (each 1..6), drawn from the table's counter-based RNG."""
        return int(self.state.tv[0, TV_DICE0]), int(self.state.tv[0, TV_DICE1])

    @property
    def tiles_left(self) -> int:
        """Tiles in the live wall (:func:`mjsim.engine.board.remaining`: ``tail - head``, an
        indicator out of play not counted), the reserve kept back (``wall_reserve``) included:
        a hebei hand ends with 13 tiles left; see :attr:`draws_left`."""
        return int(board.remaining(self.state, 0))

    @property
    def draws_left(self) -> int:
        """Tiles that can still be drawn before the hand is drawn (normal draws and their
        flower / kong replacements) if no further kong enlarges the reserve; equals
        :attr:`tiles_left` without a reserve (:func:`mjsim.engine.wall.draws_left`)."""
        return int(draws_left(self.state, self.rules, 0))

    @property
    def players_at_seats(self) -> tuple[int, ...]:
        """``players[seat]``: the player (numbered by seat in the match's first hand) sitting at
        each seat in this hand. The engine's arrays, payments and scores are per seat; guobiao
        players change seats before the West round (:mod:`mjsim.engine.seating`)."""
        tv = self.state.tv[0]
        return players_at_seats(self.spec, int(tv[TV_ROUND_WIND]), int(tv[TV_FIRST_DEALER]))

    @property
    def red_positions(self) -> list[int]:
        """The wall positions of this hand's red fives (``red_fives``), sorted; ``[]`` if none."""
        slots = self.state.tv[0, TV_RED_POS : TV_RED_POS + 12]
        return sorted(int(x) - 1 for x in slots if x > 0)

    @property
    def record(self) -> Record:
        """The hand's :class:`~mjsim.engine.records.Record` so far, with the rules' canonical
        name (``variant``) and mjsim's version (``rules_version``)."""
        from mjsim import __version__
        from mjsim.variants.label import variant_label

        tv = self.state.tv[0]
        n = int(tv[TV_REC_N])
        return Record(
            spec=self.spec.to_dict(),
            seed=self.seed,
            hand_no=int(tv[TV_HAND_NO]),
            dealer=int(tv[TV_DEALER]),
            round_wind=int(tv[TV_ROUND_WIND]),
            repeat=int(tv[TV_REPEAT]),
            mult=int(tv[TV_MULT]),
            deposits=int(tv[TV_RC_POT_IN]),
            level=int(tv[TV_LEVEL]),
            stake=int(tv[TV_STAKE]),
            scores=list(self._scores_before),
            wall=list(self._wall_at_start),
            red=self.red_positions,
            events=self.state.rec[0, :n].copy(),
            variant=variant_label(self.spec),
            rules_version=__version__,
        )

    def render(
        self, unicode: bool = True, *, seat: int | None = None, all_hands: bool = False
    ) -> str:
        """Text picture of the table (unicode tile glyphs unless ``unicode=False``).

        By default it is the view of the seat to act (``seat=None``): its concealed tiles, and
        for the other seats what the table shows (the number of concealed tiles, melds with a
        concealed kong face down unless the rules lay it face up, flowers and honours set
        aside, discards). ``seat=k`` draws seat ``k``'s view; ``all_hands=True`` (or a finished hand,
        whose hands are laid open) shows every hand. ``ValueError`` for a seat outside
        ``0..n_players-1``."""
        if seat is None:
            seat = None if self.done else self.current_player
        elif not isinstance(seat, int | np.integer) or not 0 <= seat < self.n_players:
            raise ValueError(f"seat={seat!r} must be a seat 0..{self.n_players - 1} or None")
        return render_table(
            self.state,
            self.n_players,
            0,
            unicode,
            draws_left=self.draws_left,
            view=None if all_hands else seat,
            concealed_kong_shown=self.spec.concealed_kong_shown,
        )

    def _repr_html_(self) -> str:
        """The hand so far in the hand viewer, at its last event (:func:`mjsim.view.game_html`):
        how Jupyter shows a ``Game``."""
        from mjsim.view import game_html

        return game_html(self)

    def __repr__(self) -> str:
        return (
            f"Game({self.spec.name!r}, phase={self.phase}, current_player={self.current_player}, "
            f"tiles_left={self.tiles_left})"
        )
