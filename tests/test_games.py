"""Whole games (``mjsim.games``): where a game of ``match="east"`` / ``"east_south"`` ends
(South 4, bust, agari yame, tenpai yame, the West extension) on scripted hand rows, the
placement points (uma / oka, ties) on worked examples, and seeded self-play games whose final
points and placement points add up.
"""

from __future__ import annotations

import numpy as np
import pytest

import mjsim
from mjsim.games import END_NAMES, decode, game_length, game_rows, placements
from mjsim.selfplay import RESULT_DTYPE

TENHOU = mjsim.variants.get("riichi")
WRC = mjsim.variants.get("riichi_wrc")


def rows(*hands: tuple[int, int, int, tuple[int, int, int, int]], exhaustive: bool = False):
    """Hand rows ``(round_wind, dealer, winners, pays)``; a hand without winners is an
    exhaustive draw (``draws_left`` 0) when ``exhaustive``."""
    out = np.zeros(len(hands), dtype=RESULT_DTYPE)
    for i, (rw, dealer, winners, pays) in enumerate(hands):
        out[i]["round_wind"] = rw
        out[i]["dealer"] = dealer
        out[i]["winners"] = winners
        out[i]["draws_left"] = 0 if (exhaustive or winners) else 5
        for p in range(4):
            out[i][f"pay{p}"] = pays[p]
    return out


Z = (0, 0, 0, 0)


def schedule(n: int):
    """(round_wind, dealer) of ``n`` hands where the deal passes every hand."""
    rw, d = 0, 0
    out = []
    for _ in range(n):
        out.append((rw, d))
        d += 1
        if d == 4:
            d, rw = 0, rw + 1
    return out


def test_a_game_ends_when_the_deal_passes_after_south_4() -> None:
    pays = [(-8000, 8000, 0, 0)] + [Z] * 8  # seat 1 has 33,000 from the first hand on
    r = rows(*[(rw, d, 2 if i == 0 else 0, pays[i]) for i, (rw, d) in enumerate(schedule(9))])
    assert game_length(r, TENHOU) == (8, "last_round")
    east = mjsim.variants.get("riichi", match="east")
    assert game_length(r, east) == (4, "last_round")


def test_a_game_from_another_first_dealer_ends_after_its_last_dealer() -> None:
    # the first dealer is seat 2: the last hand of South is dealt by seat 1
    sch = [(i // 4, (2 + i) % 4) for i in range(9)]
    pays = [(-8000, 8000, 0, 0)] + [Z] * 8
    r = rows(*[(rw, d, 2 if i == 0 else 0, pays[i]) for i, (rw, d) in enumerate(sch)])
    assert game_length(r, TENHOU, first_dealer=2) == (8, "last_round")
    # ties are placed by seat order from the first dealer
    assert placements([25000] * 4, TENHOU, first_dealer=2)[0] == [3, 4, 1, 2]


def test_nobody_at_30000_after_south_4_plays_the_west_round_as_sudden_death() -> None:
    sch = schedule(13)
    r = rows(*[(rw, d, 0, Z) for rw, d in sch])
    assert game_length(r, TENHOU) == (12, "extension_end")  # West 4 over
    win = [(rw, d, 4 if i == 9 else 0, (0, 0, 6000, -6000) if i == 9 else Z) for i, (rw, d) in
           enumerate(sch)]  # fmt: skip
    assert game_length(rows(*win), TENHOU) == (10, "extension_target")
    off = mjsim.variants.get("riichi", west_extension=False)
    assert game_length(r, off) == (8, "last_round")


def test_a_seat_below_zero_ends_the_game() -> None:
    r = rows(*[(rw, d, 1 if i == 2 else 0, (26000, 0, 0, -26000) if i == 2 else Z)
               for i, (rw, d) in enumerate(schedule(9))])  # fmt: skip
    assert game_length(r, TENHOU) == (3, "bust")
    assert game_length(r, mjsim.variants.get("riichi", bust=False)) == (8, "last_round")
    zero = rows(*[(rw, d, 1 if i == 2 else 0, (25000, 0, 0, -25000) if i == 2 else Z)
                  for i, (rw, d) in enumerate(schedule(9))])  # fmt: skip
    assert game_length(zero, TENHOU) == (8, "last_round")  # exactly 0 plays on


def test_the_last_dealer_first_after_a_win_ends_the_game() -> None:
    # seat 3 (the South 4 dealer) wins South 4 with 37,000: the deal would stay with it
    sch = schedule(8) + [(1, 3), (2, 0)]
    pays = [Z] * 7 + [(-4000, -4000, -4000, 12000), (-4000, -4000, -4000, 12000), Z]
    r = rows(*[(rw, d, 8 if i in (7, 8) else 0, pays[i]) for i, (rw, d) in enumerate(sch)])
    assert game_length(r, TENHOU) == (8, "agari_yame")
    assert game_length(r, mjsim.variants.get("riichi", agari_yame=False)) == (9, "last_round")
    # second after the win: plays on
    behind = [(0, 0, 0, 0)] * 0 + [(13000, 0, 0, -13000)] + [Z] * 6 + list(pays[7:])
    r2 = rows(*[(rw, d, 8 if i in (7, 8) else (1 if i == 0 else 0), behind[i])
                for i, (rw, d) in enumerate(sch)])  # fmt: skip
    assert game_length(r2, TENHOU) == (9, "last_round")


def test_the_last_dealer_first_and_ready_at_the_draw_ends_the_game() -> None:
    sch = schedule(8) + [(1, 3), (2, 0)]
    pays = [(-3000, -3000, -3000, 9000)] + [Z] * 9  # seat 3 first with 34,000
    r = rows(*[(rw, d, 8 if i == 0 else 0, pays[i]) for i, (rw, d) in enumerate(sch)],
             exhaustive=True)  # fmt: skip
    assert game_length(r, TENHOU) == (8, "tenpai_yame")
    assert game_length(r, mjsim.variants.get("riichi", tenpai_yame=False)) == (9, "last_round")


def test_a_match_without_a_game_end_is_refused() -> None:
    with pytest.raises(ValueError, match="match"):
        game_length(rows((0, 0, 0, Z)), mjsim.variants.get("riichi", **_hands_only()))
    with pytest.raises(ValueError, match="match"):
        mjsim.variants.get("hebei", bust=True)
    with pytest.raises(ValueError, match="uma"):
        mjsim.variants.get("riichi", uma=(10000, 0, 0, 0))


def _hands_only() -> dict:
    return dict(
        match="hands", bust=False, agari_yame=False, tenpai_yame=False, west_extension=False
    )


def test_tenhou_placement_points_worked_example() -> None:
    # 25,000 start, 30,000 returned (oka 20,000 to the first), uma 10-20
    place, pp = placements([38000, 27000, 20000, 15000], TENHOU)
    assert place == [1, 2, 3, 4]
    assert pp == [48.0, 7.0, -20.0, -35.0]
    assert sum(pp) == 0
    # a tie: the seat nearer the first dealer places higher
    place, pp = placements([20000, 30000, 30000, 20000], TENHOU)
    assert place == [3, 1, 2, 4]
    assert pp == [-20.0, 40.0, 10.0, -30.0]


def test_wrc_placement_points_share_the_uma_of_a_tie() -> None:
    # 30,000 start and return (no oka), uma 15/5/-5/-15; seats 1 and 2 share 2nd and 3rd
    place, pp = placements([40000, 30000, 30000, 20000], WRC)
    assert place == [1, 2, 2, 4]
    assert pp == [25.0, 0.0, 0.0, -25.0]


def test_deposits_left_at_the_end_go_to_the_first() -> None:
    # seat 2 declared riichi in the last hand (its stick stays on the table)
    sch = schedule(9)
    pays = [(-8000, 8000, 0, 0)] + [Z] * 6 + [(0, 0, -1000, 0), Z]
    r = rows(*[(rw, d, 2 if i == 0 else 0, pays[i]) for i, (rw, d) in enumerate(sch)])
    hands, games = game_rows(r, TENHOU, 9)
    g = games[0]
    assert (g["hands"], END_NAMES[g["end"]], g["deposits_left"]) == (8, "last_round", 1000)
    assert [int(g[f"points{p}"]) for p in range(4)] == [17000, 34000, 24000, 25000]
    assert len(hands) == 8


@pytest.mark.parametrize(("variant", "match"), [("riichi", "east_south"), ("riichi_wrc", "east")])
def test_seeded_games_add_up(variant: str, match: str) -> None:
    hands, games = mjsim.play_games(
        variant, 3, agents=["greedy", "random", "greedy", "random"], seed=5, threads=1,
        match=match,
    )  # fmt: skip
    spec = mjsim.variants.get(variant, match=match)
    assert len(games) == 3 and (hands["error"] == 0).all()
    assert set(decode(games)["end"]) <= set(END_NAMES)
    assert int(games["hands"].sum()) == len(hands)
    for g in games:
        pts = [int(g[f"points{p}"]) for p in range(4)]
        assert sum(pts) == 4 * spec.start_points
        assert sorted(int(g[f"place{p}"]) for p in range(4)) == [1, 2, 3, 4]
        assert abs(sum(float(g[f"placement{p}"]) for p in range(4))) < 1e-9
        assert END_NAMES[g["end"]] != "unfinished"
        played = hands[g["first_row"] : g["first_row"] + g["hands"]]
        assert played["round_wind"][0] == 0 and played["dealer"][0] == 0
        assert (played["round_wind"] <= (2 if match == "east_south" else 1)).all()


def test_the_compiled_game_end_codes_are_the_end_names() -> None:
    from mjsim.engine import game_end as ge

    codes = {
        "last_round": ge.END_LAST_ROUND,
        "bust": ge.END_BUST,
        "agari_yame": ge.END_AGARI_YAME,
        "tenpai_yame": ge.END_TENPAI_YAME,
        "extension_target": ge.END_EXTENSION_TARGET,
        "extension_end": ge.END_EXTENSION_END,
    }
    assert codes == {k: END_NAMES.index(k) for k in codes}


@pytest.mark.parametrize(
    ("variant", "overrides"),
    [
        ("riichi", {}),
        ("riichi", {"match": "east"}),
        ("riichi", {"agari_yame": False, "west_extension": False}),
        ("riichi_wrc", {}),
        ("riichi_mahjongsoul", {"match": "east"}),
    ],
)
def test_the_loop_stops_each_match_where_the_rules_end_its_game(variant, overrides) -> None:
    """play_games stops each match in the compiled loop (mjsim.engine.game_end); the same
    matches played to max_hands and cut by game_length (the Python rules) give the same games
    and hands, and the rows after a game's end are not played."""
    spec = mjsim.variants.get(variant, **overrides)
    m = mjsim.games.MAX_HANDS[spec.match]
    agents = ["random", "greedy", "random", "greedy"]
    hands, games = mjsim.play_games(spec, 24, agents, seed=9, threads=2)
    full = mjsim.simulate(spec, 24 * m, agents, seed=9, threads=2, match_hands=m)
    ref_hands, ref_games = game_rows(full, spec, m)
    assert (games == ref_games).all()
    assert (hands == ref_hands).all()
    assert set(decode(games)["end"]) - {"unfinished"}
    stopped = mjsim.simulate(
        spec, 2 * m, agents, seed=9, threads=1, match_hands=m, stop_at_game_end=True
    )
    for g in range(2):
        rows = stopped[g * m : (g + 1) * m]
        k = int(games[g]["hands"])
        assert (rows["decisions"][:k] > 0).all() and (rows["decisions"][k:] == 0).all()
        assert rows[["pay0", "pay1", "pay2", "pay3"]][k:].tolist() == [(0, 0, 0, 0)] * (m - k)
        assert (rows["winners"][k:] == 0).all()


def test_a_stop_where_the_rules_go_on_is_an_error() -> None:
    # a game whose rows say the loop stopped after 2 hands although the rules go on
    r = rows(*[(rw, d, 0, Z) for rw, d in schedule(9)])
    r["decisions"] = [50, 50] + [0] * 7
    with pytest.raises(RuntimeError, match="stopped the match after 2 hands"):
        game_rows(r, TENHOU, 9, stopped=True)
