"""``RuleSpec``: everything a variant decides, as one frozen, validated dataclass.

A spec is data. :meth:`RuleSpec.compile` turns it into :class:`CompiledRules`, a ``NamedTuple`` of
numpy arrays that the ONE jitted game loop in :mod:`mjsim.engine` reads (``params`` indexed by the
``P_*`` constants of :mod:`mjsim.rules.params`). Field names are stable: rule studies set them on
the command line (``--set allow_chow=true``, see :func:`mjsim.variants.parse_override`).

Rule sources: ``/work/shared/rules/variants_A.md`` §0.3 ("Engine-level feature list the variants
need") and ``variants_B.md`` §37 (variant matrix); each variant module cites its own seed phrases.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from mjsim.rules import params as P

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
    c[33] = 4  # 红中 Red dragon x4 (variants_A.md §0.4: "3×36+4 = 112")
    return tuple(c)


def _preset_84() -> tuple[int, ...]:
    c = [0] * N_KINDS_FLOWERS
    for s in range(3):
        for r in range(1, 8):  # ranks 2..8 (variants_A.md §5.1: "only 2–8 of 万, 饼, 条: 84 tiles")
            c[9 * s + r] = 4
    return tuple(c)


def _preset_100() -> tuple[int, ...]:
    c = list(_preset())
    for k in range(9):  # no characters (variants_B.md §15, Qingyuan)
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


class CompiledRules(NamedTuple):
    """The numba-ready form of a :class:`RuleSpec`.

    - ``params``: ``int64[NP]``, indexed by ``mjsim.rules.params.P_*``;
    - ``tile_counts``: ``uint8[42]``, copies of each kind in the wall (34 kinds + 8 flowers);
    - ``wild``: ``uint8[34]``, 1 for a fixed wild kind (``wild_rule == "fixed"``);
    - ``score_table``: ``int64[32]``, the scoring family's values (``RuleSpec.score_values``,
      zero-padded; each family documents its layout).
    """

    params: np.ndarray
    tile_counts: np.ndarray
    wild: np.ndarray
    score_table: np.ndarray


def _enum(name: str, value: Any, codes: dict[str, int]) -> None:
    if value not in codes:
        raise ValueError(f"RuleSpec.{name}={value!r} is not one of {sorted(codes)}")


@dataclass(frozen=True)
class RuleSpec:
    """Everything a variant decides. Frozen; validated on construction (``ValueError`` names the field).

    Fields are grouped as in a rulebook: table, calls, wild tiles, winning, end of the wall,
    dealer and carry-over, scoring. Each comment gives the meaning and the allowed values.
    """

    # ---- identity
    name: str = "custom"  # variant id this spec came from (informational)

    # ---- table and tiles
    n_players: int = 4  # seats at the table: 2, 3 or 4
    tile_set: str = "136"  # preset: "108" | "112" | "136" | "144" | "84" | "100"
    tile_counts: tuple[int, ...] | None = None  # optional explicit copies per kind (42 ints, 0-4
    # per kind, 0-1 per flower); overrides tile_set when given
    flowers: str = "none"  # "none" | "bonus" (set aside, replaced from the tail, scored) |
    # "scoring" (same handling; only the scorer differs); needs flower tiles in the set
    hand_size: int = 13  # tiles in a non-dealer's hand after the deal: 13 or 16 (dealer +1)

    # ---- calls
    allow_chow: bool = True  # claim a discard to make a sequence
    chow_left_only: bool = True  # chow only from the previous seat (上家); needs allow_chow
    allow_pung: bool = True  # claim a discard to make a pung, from any seat
    allow_exposed_kong: bool = True  # claim a discard with three in hand (明杠)
    allow_added_kong: bool = True  # add a drawn or held fourth tile to one's pung (加杠)
    allow_concealed_kong: bool = True  # four in hand (暗杠)
    no_kong_after_pung: bool = False  # a pung may not later be upgraded to an added kong if the
    # fourth tile was already held when the pung was claimed (碰后不能杠 reading: never upgrade)
    forbid_chow_same_discard: bool = False  # after a chow, may not discard the claimed kind nor the
    # kind completing the same sequence at the other end (no 吃完打同张 / 换张)
    ready_locks_hand: bool = True  # after declaring ready the seat discards only its drawn tile

    # ---- wild tiles
    wild_rule: str = "none"  # "none" | "fixed" | "indicator" | "indicator_next"
    wild_tiles: tuple[int, ...] = ()  # wild kinds (0-33) for wild_rule == "fixed"
    wild_after_ready_only: bool = False  # wilds count as wild only for a seat that declared ready

    # ---- winning
    win_shapes: tuple[str, ...] = ("standard", "seven_pairs")  # subset of WIN_SHAPE_NAMES
    pair_rule: str = "any"  # "any" | "258" (pair must be a 2, 5 or 8 of a suit) | "not28"
    honor_chows: str = "none"  # "none" | "winds" | "dragons" | "both": honour sequences allowed
    suit_rule: str = "none"  # "none" | "missing_one" | "all_three" | "one_suit_8"
    must_open: bool = False  # a win needs at least one exposed meld
    must_have_pung: bool = False  # a win needs a pung/kong (meld or concealed triplet)
    must_have_terminal: bool = False  # a win needs a terminal or honour tile (幺九)
    must_be_ready: bool = False  # only a seat that declared ready may win
    min_fan: int = 0  # minimum hand value (scorer units) for WIN to be legal; >= 0
    self_draw_only: bool = False  # no discard wins
    allow_ready: bool = False  # declaring ready (报听) is an action (READY_DISCARD)
    missed_win_lockout: str = "until_next_draw"  # "none" | "until_next_draw" | "whole_hand":
    # a seat that passes a discard win may not win on a discard until its next draw / this hand
    # | "same_tile_until_move": only on the passed kind, until the seat draws or calls (漏和)
    # | "same_tile_until_next_draw": only on the passed kind, until the seat's next draw (漏胡)
    multi_winner: str = "all"  # "all" (every claimant wins) | "nearest" (head bump: first in turn
    # order after the discarder)
    rob_kong: str = "added"  # "none" | "added" | "added_and_concealed"
    # ---- riichi (helper riichi): declaration, furiten, dora, drawn hands (G46, G49, G68)
    ready_requires_closed: bool = False  # declaring ready needs a hand without exposed melds
    ready_deposit: int = 0  # points the declarer puts on the table (riichi 1000); the first
    # winner of the hand takes them; on a drawn hand they stay on the table (not carried over)
    own_discard_furiten: bool = False  # no discard win while any wait is among one's own
    # discards; a missed win after declaring ready locks discard wins for the rest of the hand
    dora: bool = False  # dora indicators in the dead wall (1 + 1 per kong; ura dora for a ready
    # winner) passed to the scorer; needs wall_reserve >= 14 and scoring="riichi"
    dealer_stays_if_ready: bool = False  # exhaustive draw: the dealer stays iff ready (tenpai)
    noten_penalty: int = 0  # exhaustive draw: non-ready seats pay this total to the ready seats

    # ---- end of the wall
    wall_reserve: int = 0  # tiles kept back: normal draws stop when only this many remain
    reserve_per_kong: int = 0  # extra tiles kept back per kong declared in the hand
    reserve_whole_stacks: bool = False  # count the reserve in whole stacks of two tiles: normal
    # draws continue while floor(remaining / 2) > (reserve / 2) (hebei: a single leftover tile
    # does not count as a stack)

    # ---- pre-play choices and long hands
    missing_suit_choice: bool = False  # each seat chooses a suit to void before play (定缺)
    blood_battle: bool = False  # play on after a win until n_players - 1 seats have won (血战)
    forced_win_tiles: int = 0  # live wall <= this many tiles: a seat that can win must win (mask
    # = WIN only; sichuan "最后四张自动胡" = 4); not applied with missing_suit_choice (003, "定缺规则中
    # 最后四张可以不胡"); 0 = off

    # ---- dealer and carry-over between hands
    dealer_rotation: str = "winner_stays"  # "winner_stays" | "rotate" | "winner_deals" |
    # "discarder_deals" | "random"
    dealer_stays_on_draw: bool = True  # an exhaustive draw keeps the dealer
    draw_multiplier: int = 1  # after a drawn hand the next hand's payments are multiplied by this
    # (cumulative while draws repeat; 1 = no carry-over)
    count_dealer_repeats: bool = False  # keep a dealer-repeat counter (连庄) for the scorer

    # ---- scoring and settlement
    scoring: str = "hebei"  # scoring/settlement family id (see mjsim.rules.params.SCORING_CODES)
    score_values: tuple[int, ...] = ()  # the family's table of values (layout per family)
    kong_payment_timing: str = "at_end"  # "immediate" | "at_end" | "void_on_draw" | "winner_only"

    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    # free-form notes for variant authors (not compiled)

    def __post_init__(self) -> None:
        # normalise sequences given as lists (from JSON / the command line)
        for name in ("tile_counts", "wild_tiles", "win_shapes", "score_values"):
            v = getattr(self, name)
            if isinstance(v, list):
                object.__setattr__(self, name, tuple(v))
        self.validate()

    # ------------------------------------------------------------------ validation
    def counts(self) -> tuple[int, ...]:
        """Copies per kind (42 ints) of the tile set in use."""
        if self.tile_counts is not None:
            return tuple(int(x) for x in self.tile_counts)
        return TILE_SETS[self.tile_set]

    def validate(self) -> None:
        """Raise ``ValueError`` naming the field if the spec is impossible."""
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
        if self.hand_size not in (13, 16):
            raise ValueError(f"RuleSpec.hand_size={self.hand_size!r} must be 13 or 16")
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
        # ---- riichi (helper riichi)
        for name in ("ready_deposit", "noten_penalty"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"RuleSpec.{name}={v!r} must be an integer >= 0")
        if (self.ready_requires_closed or self.ready_deposit) and not self.allow_ready:
            raise ValueError("RuleSpec.ready_requires_closed / ready_deposit need allow_ready=True")
        if self.dora and (self.scoring != "riichi" or self.wall_reserve < 14):
            raise ValueError(
                "RuleSpec.dora=True needs scoring='riichi' and wall_reserve >= 14 (dead wall)"
            )
        if self.rob_kong != "none" and self.self_draw_only:
            raise ValueError("RuleSpec.rob_kong must be 'none' when self_draw_only=True")
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
        if self.wall_reserve + 4 * self.reserve_per_kong >= wall:
            raise ValueError(
                f"RuleSpec.wall_reserve={self.wall_reserve} (+{self.reserve_per_kong} per kong) "
                f"is larger than the {wall}-tile wall left after the deal"
            )
        if not isinstance(self.forced_win_tiles, int) or self.forced_win_tiles < 0:
            raise ValueError(
                f"RuleSpec.forced_win_tiles={self.forced_win_tiles!r} must be an integer >= 0"
            )
        if self.blood_battle and self.n_players < 3:
            raise ValueError("RuleSpec.blood_battle=True needs at least 3 players")
        _enum("dealer_rotation", self.dealer_rotation, P.DEALER_CODES)
        if not isinstance(self.draw_multiplier, int) or self.draw_multiplier < 1:
            raise ValueError(f"RuleSpec.draw_multiplier={self.draw_multiplier!r} must be >= 1")
        _enum("scoring", self.scoring, P.SCORING_CODES)
        if len(self.score_values) > 32:
            raise ValueError("RuleSpec.score_values holds at most 32 values")
        _enum("kong_payment_timing", self.kong_payment_timing, P.KONG_PAY_CODES)

    # ------------------------------------------------------------------ helpers
    def replace(self, **overrides: Any) -> RuleSpec:
        """A new validated spec with some fields changed (unknown field -> ``ValueError``)."""
        valid = field_names()
        for k in overrides:
            if k not in valid:
                raise ValueError(f"unknown RuleSpec field {k!r}; valid fields: {', '.join(valid)}")
        return dataclasses.replace(self, **overrides)

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
        valid = field_names()
        for k in d:
            if k not in valid:
                raise ValueError(f"unknown RuleSpec field {k!r}; valid fields: {', '.join(valid)}")
        return cls(**d)

    def compile(self) -> CompiledRules:
        """The numba-ready arrays (see :class:`CompiledRules`)."""
        counts = np.array(self.counts(), dtype=np.uint8)
        p = np.zeros(P.NP, dtype=np.int64)
        p[P.P_N_PLAYERS] = self.n_players
        p[P.P_HAND_SIZE] = self.hand_size
        p[P.P_N_TILES] = int(counts.sum())
        p[P.P_FLOWERS] = P.FLOWER_CODES[self.flowers]
        p[P.P_ALLOW_CHOW] = self.allow_chow
        p[P.P_CHOW_LEFT_ONLY] = self.chow_left_only
        p[P.P_ALLOW_PUNG] = self.allow_pung
        p[P.P_ALLOW_EXPOSED_KONG] = self.allow_exposed_kong
        p[P.P_ALLOW_ADDED_KONG] = self.allow_added_kong
        p[P.P_ALLOW_CONCEALED_KONG] = self.allow_concealed_kong
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
        # ---- riichi (helper riichi)
        p[P.P_READY_REQUIRES_CLOSED] = self.ready_requires_closed
        p[P.P_READY_DEPOSIT] = self.ready_deposit
        p[P.P_OWN_DISCARD_FURITEN] = self.own_discard_furiten
        p[P.P_DORA] = self.dora
        p[P.P_DEALER_STAYS_IF_READY] = self.dealer_stays_if_ready
        p[P.P_NOTEN_PENALTY] = self.noten_penalty
        p[P.P_WALL_RESERVE] = self.wall_reserve
        p[P.P_RESERVE_PER_KONG] = self.reserve_per_kong
        p[P.P_RESERVE_WHOLE_STACKS] = self.reserve_whole_stacks
        p[P.P_MISSING_SUIT_CHOICE] = self.missing_suit_choice
        p[P.P_BLOOD_BATTLE] = self.blood_battle
        p[P.P_FORCED_WIN_TILES] = self.forced_win_tiles
        p[P.P_DEALER_ROTATION] = P.DEALER_CODES[self.dealer_rotation]
        p[P.P_DEALER_STAYS_ON_DRAW] = self.dealer_stays_on_draw
        p[P.P_DRAW_MULTIPLIER] = self.draw_multiplier
        p[P.P_COUNT_DEALER_REPEATS] = self.count_dealer_repeats
        p[P.P_SCORING] = P.SCORING_CODES[self.scoring]
        p[P.P_KONG_PAYMENT_TIMING] = P.KONG_PAY_CODES[self.kong_payment_timing]
        wild = np.zeros(N_KINDS, dtype=np.uint8)
        for k in self.wild_tiles:
            wild[int(k)] = 1
        p[P.P_N_WILD_KINDS] = int(wild.sum())
        table = np.zeros(32, dtype=np.int64)
        table[: len(self.score_values)] = self.score_values
        return CompiledRules(p, counts, wild, table)


def field_names() -> list[str]:
    """The RuleSpec field names, in declaration order (``extra`` excluded)."""
    return [f.name for f in dataclasses.fields(RuleSpec) if f.name != "extra"]


#: Fields that validate but that the engine does not play yet (``check_playable`` rejects them).
def check_playable(spec: RuleSpec) -> None:
    """Raise ``NotImplementedError`` naming a field whose value the engine cannot play yet."""
    unsupported = []
    if spec.wild_rule in ("indicator", "indicator_next"):
        unsupported.append(f"wild_rule={spec.wild_rule!r}")
    if unsupported:
        raise NotImplementedError(
            "the engine does not play these rule values yet: " + ", ".join(unsupported)
        )
