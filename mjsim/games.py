"""Whole games: a match played until the rules end it, with final points and placements.

``mjsim.play_games("riichi", 100)`` (:func:`play_games`) plays 100 games of the spec's ``match`` (``"east"``: the
East round; ``"east_south"``: East and South) and returns ``(hands, games)``: the hand rows of
:func:`mjsim.simulate` that belong to the games, and one row per game (``GAME_DTYPE``) with its
number of hands, why it ended, each seat's final points, place and placement points.

How a game ends (RuleSpec fields, each a published rule; docs/variants/riichi.md):

- ``bust``: after a hand that leaves a seat below 0 points (``start_points`` + its score);
- the deal passes after the last dealer's hand of the last round (East 4, or South 4);
- ``agari_yame`` / ``tenpai_yame``: after that hand, when its dealer won (or was ready at an
  exhaustive draw) and is first (with ``west_extension``: and has ``target_points``), although
  the dealer would deal again;
- ``west_extension``: when no seat has ``target_points`` after the last round, the next round
  is played until a hand leaves a seat with ``target_points`` or more, or that round is over.

Deposits left on the table when the game ends go to the first. Placement points, in thousands
of points: ``(points - return_points) / 1000 + uma[place] / 1000``, plus the oka
``(return_points - start_points) * n / 1000`` for the first; ties by seat order from the first
dealer (``placement_ties="seat_order"``) or shared (``"split"``: the tied seats share the uma of
their places and the oka). They sum to 0 over the seats of a game.

The hands are played by the compiled self-play loop as matches of ``max_hands`` hands
(:func:`mjsim.simulate` with ``match_hands``: the first hand dealt by seat 0, East, scores
cleared; the carry-over of dealer, prevailing wind, honba, deposits and scores) that stop where
their game ends (``stop_at_game_end``: the loop's compiled form of these rules,
:mod:`mjsim.engine.game_end`, checked after every hand); the rows of a match after its game's
end are not played. Each match is then cut where :func:`game_length` says its game ends, and
the two must agree (a ``RuntimeError`` otherwise). Hand ``i`` of game ``g`` is dealt from the
RNG key ``(seed, g * max_hands + i)``, so the games depend on ``max_hands``. A game still going
after ``max_hands`` hands is reported with ``end = "unfinished"``. Plain Python over the result
rows: nothing here is compiled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from mjsim._args import check_int
from mjsim.rules.spec import RuleSpec

#: why a game ended (column ``end`` of :data:`GAME_DTYPE`)
END_NAMES = (
    "last_round",  # the deal passed after the last hand of the last round
    "bust",  # a seat below 0 points
    "agari_yame",  # the last dealer won and is first
    "tenpai_yame",  # the last dealer was ready at the exhaustive draw and is first
    "extension_target",  # in the extension round a seat reached target_points
    "extension_end",  # the extension round is over
    "unfinished",  # still going after max_hands hands
)
END_CODES = {name: i for i, name in enumerate(END_NAMES)}

#: ``episode`` values of the environments (``"game"``: one whole game per episode)
EPISODES = ("hands", "game")
#: ``game_reward`` values of the environments (:func:`game_rewards`)
GAME_REWARDS = ("hand", "points", "placement", "rank")

#: rounds of each ``match`` value: the prevailing winds 0 .. n - 1 (E, S)
MATCH_ROUNDS = {"east": 1, "east_south": 2}
#: default ``max_hands`` of :func:`play_games` per ``match``
MAX_HANDS = {"east": 20, "east_south": 36}

#: the hand-row fields :func:`game_length` reads (a subset of ``mjsim.selfplay.RESULT_DTYPE``)
HAND_DTYPE = np.dtype(
    [
        ("round_wind", np.int8),
        ("dealer", np.int8),
        ("winners", np.uint8),
        ("draws_left", np.int16),  # 0 after an exhaustive draw
        *[(f"pay{p}", np.int32) for p in range(4)],
    ]
)

#: dtype of a game row
GAME_DTYPE = np.dtype(
    [
        ("game", np.int64),
        ("first_row", np.int64),  # index of the game's first hand in the hand rows
        ("hands", np.int16),
        ("end", np.int8),  # END_NAMES
        ("deposits_left", np.int32),  # deposits on the table at the end, given to the first
        *[(f"points{p}", np.int32) for p in range(4)],  # final points of seat p
        *[(f"place{p}", np.int8) for p in range(4)],  # 1 = first
        *[(f"placement{p}", np.float64) for p in range(4)],  # placement points (thousands)
    ]
)


def placements(
    points: Sequence[int], spec: RuleSpec, first_dealer: int = 0
) -> tuple[list[int], list[float]]:
    """Places (1 = first) and placement points (thousands) of final ``points`` (per seat),
    under ``spec``'s ``return_points``, ``uma`` and ``placement_ties``.

    Ties: ``seat_order`` places the seat nearer ``first_dealer`` in turn order higher; ``split`` gives tied seats the
    same (highest) place and the mean of the uma of the places they cover, and shares the oka
    when they tie for first. Raises ``ValueError`` for a number of points other than
    ``spec.n_players``."""
    n = spec.n_players
    if len(points) != n:
        raise ValueError(f"points: {len(points)} values for {n} seats")
    pts = [int(x) for x in points]
    ret = spec.return_points or spec.start_points
    oka = (ret - spec.start_points) * n
    uma = list(spec.uma) if spec.uma else [0] * n
    order = sorted(range(n), key=lambda p: (-pts[p], (p - first_dealer) % n))
    place = [0] * n
    bonus = [0.0] * n
    i = 0
    while i < n:
        j = i + 1
        if spec.placement_ties == "split":
            while j < n and pts[order[j]] == pts[order[i]]:
                j += 1
        share = (sum(uma[i:j]) + (oka if i == 0 else 0)) / (j - i)
        for k in range(i, j):
            place[order[k]] = i + 1
            bonus[order[k]] = share
        i = j
    return place, [(pts[p] - ret + bonus[p]) / 1000 for p in range(n)]


def game_length(rows: np.ndarray, spec: RuleSpec, first_dealer: int = 0) -> tuple[int, str]:
    """``(hands, end)``: how many of ``rows`` (the hand rows of one match, in order, from its
    first hand dealt by ``first_dealer`` in the East round; the fields of :data:`HAND_DTYPE`)
    the game
    of ``spec.match`` takes, and why it ends (:data:`END_NAMES`). The row after a hand tells its successor's dealer and prevailing
    wind; ``"unfinished"`` (with ``len(rows)``) when the rows end first. Raises ``ValueError``
    for ``match="hands"``."""
    if spec.match not in MATCH_ROUNDS:
        raise ValueError(
            f"RuleSpec.match={spec.match!r} has no game end; use 'east' or 'east_south'"
        )
    n = spec.n_players
    last_round = MATCH_ROUNDS[spec.match] - 1
    target = spec.target_points
    score = np.full(n, spec.start_points, dtype=np.int64)
    table = 0  # deposits on the table
    for i in range(len(rows)):
        row = rows[i]
        pays = np.array([int(row[f"pay{p}"]) for p in range(n)], dtype=np.int64)
        score += pays
        table -= int(pays.sum())
        if spec.bust and (score < 0).any():
            return i + 1, "bust"
        if i + 1 == len(rows):
            break
        nxt = rows[i + 1]
        rw, dealer = int(row["round_wind"]), int(row["dealer"])
        nrw, ndealer = int(nxt["round_wind"]), int(nxt["dealer"])
        reached = int(score.max()) >= target if target > 0 else True
        if rw > last_round:  # the extension round
            if reached:
                return i + 1, "extension_target"
            if nrw != rw:
                return i + 1, "extension_end"
            continue
        if rw < last_round or dealer != (first_dealer + n - 1) % n:
            continue
        # the last hand of the last round (its dealer, the last in seat order, must be ahead
        # of every other seat to be first)
        if ndealer == dealer and nrw == rw:  # the dealer would deal again
            top = all(score[dealer] > score[q] for q in range(n) if q != dealer)
            ok = top and (reached or not spec.west_extension)
            if spec.agari_yame and ok and (int(row["winners"]) >> dealer) & 1:
                return i + 1, "agari_yame"
            exhaustive = int(row["winners"]) == 0 and int(row["draws_left"]) == 0
            if spec.tenpai_yame and ok and exhaustive:
                return i + 1, "tenpai_yame"
            continue
        if spec.west_extension and not reached:
            continue  # into the next round
        return i + 1, "last_round"
    return len(rows), "unfinished"


def game_result(
    scores: Sequence[int], spec: RuleSpec, first_dealer: int, end: str, hands: int
) -> dict[str, Any]:
    """The result of a finished game, as the environments report it (``info["game"]``):
    ``first_dealer``, ``end`` (:data:`END_NAMES`), ``hands``, and per seat the final
    ``points`` (``start_points`` + ``scores``, the running scores, with the deposits left on
    the table given to the first), ``places`` and ``placement`` points (:func:`placements`)."""
    n = spec.n_players
    pts = [spec.start_points + int(x) for x in scores[:n]]
    fd = int(first_dealer)
    top = min(range(n), key=lambda q: (-pts[q], (q - fd) % n))
    pts[top] += n * spec.start_points - sum(pts)  # deposits left go to the first
    place, pp = placements(pts, spec, fd)
    return {
        "first_dealer": fd,
        "end": end,
        "hands": int(hands),
        "points": pts,
        "places": place,
        "placement": pp,
    }


def game_rewards(result: dict[str, Any], spec: RuleSpec, game_reward: str) -> list[float] | None:
    """Each seat's reward at the end of a game under the environments' ``game_reward``
    (:data:`GAME_REWARDS`): ``"points"`` final points - ``start_points``, ``"placement"``
    placement points (thousands), ``"rank"`` ``(n + 1) / 2 - place``; ``None`` for ``"hand"``
    (each hand's points are paid as they happen). ``ValueError`` for another value."""
    n = spec.n_players
    if game_reward == "hand":
        return None
    if game_reward == "points":
        return [float(x - spec.start_points) for x in result["points"]]
    if game_reward == "placement":
        return [float(x) for x in result["placement"]]
    if game_reward == "rank":
        return [(n + 1) / 2 - x for x in result["places"]]
    raise ValueError(f"game_reward={game_reward!r}; valid: {', '.join(GAME_REWARDS)}")


def check_game_episode(spec: RuleSpec, episode: str, game_reward: str, hands: int) -> None:
    """The environments' ``episode`` / ``game_reward`` / ``hands`` options: ``ValueError``
    naming the option for an unknown value, ``episode="game"`` with a spec without a game end
    or with ``hands != 1``, or a ``game_reward`` other than ``"hand"`` without
    ``episode="game"``."""
    if episode not in EPISODES:
        raise ValueError(f"episode={episode!r}; valid: {', '.join(EPISODES)}")
    if game_reward not in GAME_REWARDS:
        raise ValueError(f"game_reward={game_reward!r}; valid: {', '.join(GAME_REWARDS)}")
    if episode == "game":
        if spec.match not in MATCH_ROUNDS:
            raise ValueError(
                f"episode='game' needs a spec with match='east' or 'east_south' (got "
                f"match={spec.match!r}; set it with match=...)"
            )
        if hands != 1:
            raise ValueError(f"hands={hands!r}: episode='game' plays whole games (hands=1)")
    elif game_reward != "hand":
        raise ValueError(f"game_reward={game_reward!r} needs episode='game'")


def game_rows(
    hands: np.ndarray, spec: RuleSpec, max_hands: int, stopped: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """Cut the hand rows of matches of ``max_hands`` hands (``mjsim.simulate(...,
    match_hands=max_hands)``) into games: ``(hands of the games, game rows)``.

    ``stopped``: the rows come from ``simulate(..., stop_at_game_end=True)``; then every
    game must end exactly where the loop stopped its match (its first row with ``decisions``
    0), else ``RuntimeError`` (the compiled rules and :func:`game_length` disagree)."""
    n = spec.n_players
    n_games = len(hands) // max_hands
    games = np.zeros(n_games, dtype=GAME_DTYPE)
    keep = []
    first = 0
    for g in range(n_games):
        rows = hands[g * max_hands : (g + 1) * max_hands]
        length, end = game_length(rows, spec)
        played = rows[:length]
        if stopped:
            idle = rows["decisions"] == 0
            first_stop = int(np.argmax(idle)) if idle.any() else len(rows)
            if first_stop != length or not idle[length:].all():
                raise RuntimeError(
                    f"game {g}: the compiled loop stopped the match after {first_stop} hands, "
                    f"the rules (game_length) end the game after {length} ({end})"
                )
        pts = [spec.start_points + int(played[f"pay{p}"].sum()) for p in range(n)]
        left = n * spec.start_points - sum(pts)  # deposits left go to the first
        top = min(range(n), key=lambda p: (-pts[p], p))
        pts[top] += left
        place, pp = placements(pts, spec)
        row = games[g]
        row["game"] = g
        row["first_row"] = first
        row["hands"] = length
        row["end"] = END_CODES[end]
        row["deposits_left"] = left
        for p in range(n):
            row[f"points{p}"] = pts[p]
            row[f"place{p}"] = place[p]
            row[f"placement{p}"] = pp[p]
        keep.append(played)
        first += length
    out = np.concatenate(keep) if keep else hands[:0]
    return out, games


def play_games(
    variant: str | RuleSpec = "riichi",
    n_games: int = 100,
    agents: str | Sequence[str | int] = "random",
    seed: int = 0,
    threads: int | None = None,
    *,
    max_hands: int | None = None,
    first_game: int = 0,
    check: bool = False,
    quiet: bool | None = None,
    **overrides: Any,
) -> tuple[np.ndarray, np.ndarray]:
    """Play ``n_games`` whole games of ``variant``'s ``match`` with in-kernel agents.

    Args:
        variant, agents, seed, threads, check, quiet, overrides: as :func:`mjsim.simulate`.
        n_games: number of games, an integer >= 0.
        max_hands: hands dealt per game at most (default :data:`MAX_HANDS` of the match); a
            game still going then is reported ``end="unfinished"``. Game ``g`` is match ``g``
            of ``mjsim.simulate(..., match_hands=max_hands)``, so its hands depend on it.
        first_game: index of the first game (runs can be split into game ranges).

    Returns:
        ``(hands, games)``: the hand rows (``mjsim.selfplay.RESULT_DTYPE``) of the games in
        order, and one row per game (:data:`GAME_DTYPE`; ``first_row`` and ``hands`` locate
        its hand rows; ``end`` indexes :data:`END_NAMES`).

    Raises:
        ValueError: bad arguments, or a spec with ``match="hands"`` (no game end).
        RuntimeError: the compiled loop stopped a match elsewhere than :func:`game_length`
            ends its game (a defect: the two forms of the rules disagree).
    """
    from mjsim import variants
    from mjsim.selfplay import simulate

    spec = variants.get(variant, **overrides)
    if spec.match not in MATCH_ROUNDS:
        raise ValueError(
            f"match={spec.match!r}: play_games needs match='east' or 'east_south' "
            "(set it with match=...)"
        )
    n_games = check_int("n_games", n_games, 0)
    first_game = check_int("first_game", first_game, 0)
    m = MAX_HANDS[spec.match] if max_hands is None else check_int("max_hands", max_hands, 1)
    hands = simulate(
        spec,
        n_games * m,
        agents=agents,
        seed=seed,
        threads=threads,
        check=check,
        first_hand=first_game * m,
        match_hands=m,
        stop_at_game_end=True,
        quiet=quiet,
    )
    out, games = game_rows(hands, spec, m, stopped=True)
    games["game"] = np.arange(first_game, first_game + n_games)
    return out, games


def decode(games: np.ndarray) -> Any:
    """Game rows (:data:`GAME_DTYPE`) as a ``pandas.DataFrame`` with ``end`` by name
    (:data:`END_NAMES`)."""
    import pandas as pd

    df = pd.DataFrame(games)
    df["end"] = [END_NAMES[int(x)] for x in games["end"]]
    return df


def _mean_se(x: np.ndarray) -> tuple[float, float]:
    """Mean and standard error (``std(ddof=1) / sqrt(n)``; 0 for one sample, NaN for none)."""
    a = np.asarray(x, dtype=np.float64)
    if a.size == 0:
        return float("nan"), float("nan")
    se = float(a.std(ddof=1) / np.sqrt(a.size)) if a.size > 1 else 0.0
    return float(a.mean()), se


def summarize_games(games: np.ndarray, spec: RuleSpec, agents: Sequence[str]) -> dict[str, Any]:
    """Per-seat figures of game rows (:data:`GAME_DTYPE`) of ``spec``, JSON-ready.

    Returns ``{"games", "mean_hands": [mean, se], "ends": {end name: count}, "seats": [...]}``;
    each seat's entry holds its ``agent``, ``points`` and ``placement`` (``[mean, standard
    error]``: final points, placement points in thousands), ``place`` (mean place, ``[mean,
    se]``) and ``places`` (``[share, se]`` of each place 1 .. n, ``se = sqrt(p (1 - p) / n)``).
    Seat ``p``'s figures are those of the game rows' ``points{p}`` / ``place{p}`` /
    ``placement{p}`` (seat 0 deals the first hand), played by ``agents[p]``."""
    n = spec.n_players
    g = len(games)
    ends = {name: int((games["end"] == i).sum()) for i, name in enumerate(END_NAMES)}
    seats = []
    for p in range(n):
        place = games[f"place{p}"].astype(np.int64)
        shares = []
        for k in range(1, n + 1):
            share = float((place == k).mean()) if g else float("nan")
            shares.append([share, float(np.sqrt(share * (1 - share) / g)) if g else float("nan")])
        seats.append(
            {
                "seat": p,
                "agent": str(agents[p]),
                "points": list(_mean_se(games[f"points{p}"])),
                "placement": list(_mean_se(games[f"placement{p}"])),
                "place": list(_mean_se(place)),
                "places": shares,
            }
        )
    return {
        "games": g,
        "mean_hands": list(_mean_se(games["hands"])),
        "ends": {k: v for k, v in ends.items() if v},
        "seats": seats,
    }


def format_games(summary: dict[str, Any], title: str = "") -> str:
    """A plain-text report of :func:`summarize_games` (``mean ± standard error``)."""
    from mjsim._text import columns

    def pm(ms: list[float], d: int) -> str:
        m, se = ms
        return "n/a" if m != m else f"{m:.{d}f} ± {se:.{d}f}"

    lines = [title] if title else []
    g = summary["games"]
    lines.append(f"games: {g}   hands per game: {pm(summary['mean_hands'], 2)}")
    lines.append("")
    n = len(summary["seats"])
    head = ["seat", "agent", "mean points", "mean placement", "mean place"]
    head += [f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'}"
             for k in range(1, n + 1)]  # fmt: skip
    table = [head]
    for s in summary["seats"]:
        row = [str(s["seat"]), s["agent"], pm(s["points"], 0), pm(s["placement"], 2)]
        row.append(pm(s["place"], 3))
        row += [f"{100 * s['places'][k][0]:.1f}% ± {100 * s['places'][k][1]:.1f}%"
                for k in range(n)]  # fmt: skip
        table.append(row)
    lines += columns(table, "ll" + "r" * (len(head) - 2))
    lines.append("(mean ± standard error; placement points in thousands: uma and oka included;")
    lines.append(" places: share of the games)")
    lines.append("")
    lines.append("game ends:")
    ends = [[f"{name}:", str(c), f"{100 * c / g:.1f}%" if g else "n/a"]
            for name, c in summary["ends"].items()]  # fmt: skip
    lines += ["  " + line for line in columns(ends, "lrr")]
    return "\n".join(lines)
