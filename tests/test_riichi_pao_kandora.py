"""Riichi pao 責任払い and the kan dora timing in the engine, on scripted deals (deal order:
docs/engine.md; ``tail[k]`` is ``wall[135 - k]``: the replacements first, ``tail[4]`` the dora
indicator ``wall[131]``, ``tail[5]`` the first kan dora indicator ``wall[130]``).

Pao (Tenhou): seat 1 has laid down the white and green dragon pungs and pungs the dealer's red
dragon, so the dealer is liable for its 大三元: a self-draw is paid by the dealer alone (32,000
and the honba), a discard win on a third seat's tile is split half and half (the liable seat
pays the honba), a discard win on the dealer's own tile is paid by the dealer as usual.

Kan dora (Tenhou, ``kan_dora_timing="after_discard"``): a concealed kong's indicator counts at
once (a win on its replacement tile counts it); an exposed or added kong's is turned by the
konger's next discard (a win on the replacement tile does not count it, a discard win on that
discard does); ``"immediate"`` counts every kan dora at once.
"""

from __future__ import annotations

import pytest
from helpers import make_wall

import mjsim
from mjsim.actions import EXPOSED_KONG, KONG, PASS, PUNG, WIN
from mjsim.engine import Game
from mjsim.engine.state import PV_N_EXPOSED, PV_N_MELDS, PV_RC_PAO, TV_REPEAT
from mjsim.melds import MELD_KONG, MELD_PUNG
from mjsim.scoring.riichi_yaku import Y_DAISANGEN, Y_DORA, Y_RINSHAN

pytestmark = pytest.mark.usefixtures("game_compiled")

V = "riichi"
HAKU, HATSU, CHUN = 31, 32, 33


def drawn(g: Game) -> int:
    return int(g.state.tv[0, 20])


def react(g: Game, winner: int | None = None) -> None:
    """Answer the open reaction windows: ``winner`` wins, every other seat passes."""
    while g.phase == "react":
        g.step(WIN if g.current_player == winner else PASS)


def _pao_game(spec, draws: str, honba: int = 2) -> Game:
    """Seat 1 holds white and green pungs (laid down) + 7z 7z 3m 4m 5p 5p 9s; the dealer
    discards 7z, seat 1 pungs it (the third dragon set: the dealer is liable) and discards 9s,
    waiting on 2m / 5m. ``draws``: seats 2, 3, 0, 1 draw them in turn, each discarding what it
    draws."""
    w = make_wall(
        {0: "1379m13579p1357s", 1: "555z666z77z34m55p9s"},
        "7z",
        draws=draws,
        avoid="5m2m7z9s",
    )
    g = Game(spec, wall=w)
    st = g.state
    for i, k in enumerate((HAKU, HATSU)):
        st.hands[0, 1, k] -= 3
        st.melds[0, 1, i] = (MELD_PUNG, k, 2)
    st.pv[0, 1, PV_N_MELDS] = 2
    st.pv[0, 1, PV_N_EXPOSED] = 2
    st.tv[0, TV_REPEAT] = honba
    g.step(CHUN)  # the dealer discards the red dragon
    assert g.phase == "react" and g.current_player == 1
    g.step(PUNG)
    react(g)
    assert g.current_player == 1 and g.phase == "turn"
    g.step(26)  # seat 1 discards 9s
    return g


def _play_until_win(g: Game, winner: int) -> None:
    """Every seat discards the tile it draws; ``winner`` wins on 5m (by self-draw or on the
    discard)."""
    for _ in range(12):
        if g.phase == "done":
            return
        if g.phase == "react":
            react(g, winner)
            continue
        if g.current_player == winner and drawn(g) == 4:
            g.step(WIN)
            continue
        g.step(drawn(g))
    raise AssertionError("the scripted hand did not end")


def test_pao_is_marked_on_the_claim_of_the_third_dragon_set() -> None:
    g = _pao_game(V, "9s9s9s5m")
    assert int(g.state.pv[0, 1, PV_RC_PAO]) == (1 + 0) | (1 << 4)  # the dealer, 大三元
    off = _pao_game(mjsim.variants.get(V, pao=()), "9s9s9s5m")
    assert int(off.state.pv[0, 1, PV_RC_PAO]) == 0


def test_pao_self_draw_is_paid_by_the_liable_seat_alone() -> None:
    g = _pao_game(V, "9s9s9s5m")
    _play_until_win(g, 1)
    assert int(g.state.tv[0, 24]) == 1  # self-draw
    assert g.state.items[0, 1, Y_DAISANGEN] == 1
    # non-dealer yakuman: 32,000, + 2 honba x 300, all from the dealer
    assert g.payments.tolist() == [-32600, 32600, 0, 0]
    off = _pao_game(mjsim.variants.get(V, pao=()), "9s9s9s5m")
    _play_until_win(off, 1)
    assert off.payments.tolist() == [-16200, 32600, -8200, -8200]


def test_pao_discard_win_from_a_third_seat_is_split_half_and_half() -> None:
    g = _pao_game(V, "5m")  # seat 2 draws 5m and discards it
    _play_until_win(g, 1)
    assert int(g.state.tv[0, 24]) == 2 and int(g.state.tv[0, 25]) == 2  # seat 2's discard
    assert g.payments.tolist() == [-16600, 32600, -16000, 0]
    assert sum(g.payments.tolist()) == 0
    off = _pao_game(mjsim.variants.get(V, pao=()), "5m")
    _play_until_win(off, 1)
    assert off.payments.tolist() == [0, 32600, -32600, 0]


def test_pao_discard_win_from_the_liable_seat_is_paid_as_usual() -> None:
    g = _pao_game(V, "9s9s5m")  # the dealer draws 5m third and discards it
    _play_until_win(g, 1)
    assert int(g.state.tv[0, 24]) == 2 and int(g.state.tv[0, 25]) == 0
    assert g.payments.tolist() == [-32600, 32600, 0, 0]


def test_pao_options_are_checked() -> None:
    assert mjsim.variants.get(V).pao == ("daisangen", "daisuushii")
    assert mjsim.variants.get(V, pao=("suukantsu",)).compile().params[196] == 4
    with pytest.raises(ValueError, match="pao"):
        mjsim.variants.get(V, pao=("sanankou",))
    with pytest.raises(ValueError, match="pao"):
        mjsim.variants.get("hebei", pao=("daisangen",))


# ---- kan dora timing

# tail: the replacement, three spare replacements, the indicator 9p (dora 1p), the first kan
# dora indicator 1m (dora 2m: every winner below holds one 2m)
TAIL = "7s8m8m8m9p1m"
LATE = mjsim.variants.get(V)
AT_ONCE = mjsim.variants.get(V, kan_dora_timing="immediate")


def _open_kong_game(spec, tail: str = TAIL, hands: dict[int, str] | None = None) -> Game:
    """The dealer discards East; seat 1 (1z 1z 1z 2m 3m 4m 5p 6p 7p 5s 5s 8s 9s) calls an
    exposed kong and draws the replacement ``tail[0]``."""
    w = make_wall(
        {0: "1379m13579p1357s", 1: "111z234m567p55s89s", **(hands or {})}, "1z", tail=tail
    )
    g = Game(spec, wall=w)
    g.step(27)  # the dealer discards East
    assert g.phase == "react" and g.current_player == 1
    g.step(EXPOSED_KONG)
    react(g)
    assert g.current_player == 1 and g.phase == "turn"
    return g


@pytest.mark.parametrize(("spec", "dora"), [(LATE, 0), (AT_ONCE, 1)])
def test_exposed_kong_dora_does_not_count_for_a_win_on_its_replacement(spec, dora) -> None:
    g = _open_kong_game(spec)
    assert drawn(g) == 24  # 7s: 234m 567p 789s 55s + the kong
    g.step(WIN)
    assert g.state.items[0, 1, Y_RINSHAN] == 1
    assert g.state.items[0, 1, Y_DORA] == dora


@pytest.mark.parametrize("spec", [LATE, AT_ONCE])
def test_exposed_kong_dora_counts_for_a_win_on_the_kongers_discard(spec) -> None:
    # seat 2 (all simples) waits on 4s / 7s and holds 2m; seat 1 discards its replacement 4s
    g = _open_kong_game(spec, tail="4s8m8m8m9p1m", hands={2: "234m456p678s33p56s"})
    assert drawn(g) == 21
    g.step(21)
    react(g, 2)
    assert g.phase == "done" and int(g.state.tv[0, 23]) == 1 << 2
    assert g.state.items[0, 2, Y_DORA] == 1


@pytest.mark.parametrize("spec", [LATE, AT_ONCE])
def test_concealed_kong_dora_counts_at_once(spec) -> None:
    w = make_wall({0: "1111z234m567p55s8s"}, "9s", tail=TAIL)
    g = Game(spec, wall=w)
    g.step(KONG + 27)
    react(g)
    assert g.current_player == 0 and drawn(g) == 24
    g.step(WIN)
    assert g.state.items[0, 0, Y_RINSHAN] == 1
    assert g.state.items[0, 0, Y_DORA] == 1


@pytest.mark.parametrize(("spec", "dora"), [(LATE, 0), (AT_ONCE, 1)])
def test_added_kong_dora_does_not_count_for_a_win_on_its_replacement(spec, dora) -> None:
    # seat 1 pungs the dealer's East, discards 9s, draws the fourth East, adds it and wins on
    # the replacement 6s (234m 567p 678s 55s + the kong)
    w = make_wall(
        {0: "1379m13579p1357s", 1: "11z234m567p55s789s"},
        "1z",
        draws="9m9m9m1z",
        tail="6s8m8m8m9p1m",
        avoid="6s",
    )
    g = Game(spec, wall=w)
    g.step(27)
    assert g.phase == "react" and g.current_player == 1
    g.step(PUNG)
    react(g)
    g.step(26)  # 9s
    for _ in range(6):
        react(g)
        if g.current_player == 1 and drawn(g) == 27:
            break
        g.step(drawn(g))
    assert g.current_player == 1 and drawn(g) == 27
    g.step(KONG + 27)
    react(g)
    assert g.current_player == 1 and drawn(g) == 23
    g.step(WIN)
    assert g.state.items[0, 1, Y_RINSHAN] == 1
    assert g.state.items[0, 1, Y_DORA] == dora


def test_pao_for_the_fourth_wind_set() -> None:
    # seat 1 has laid down East, South and West pungs and pungs the dealer's North: 大四喜
    def game(spec) -> Game:
        w = make_wall({0: "1379m13579p1357s", 1: "111z222z333z44z55p"}, "4z")
        g = Game(spec, wall=w)
        st = g.state
        for i, k in enumerate((27, 28, 29)):
            st.hands[0, 1, k] -= 3
            st.melds[0, 1, i] = (MELD_PUNG, k, 2)
        st.pv[0, 1, PV_N_MELDS] = 3
        st.pv[0, 1, PV_N_EXPOSED] = 3
        g.step(30)  # the dealer discards North
        assert g.phase == "react" and g.current_player == 1
        g.step(PUNG)
        react(g)
        return g

    assert int(game(V).state.pv[0, 1, PV_RC_PAO]) == (1 + 0) | (2 << 4)
    only_dragons = mjsim.variants.get(V, pao=("daisangen",))
    assert int(game(only_dragons).state.pv[0, 1, PV_RC_PAO]) == 0


def test_suukantsu_pao_is_an_option_off_by_default() -> None:
    # seat 1 has three kongs laid down and holds 4p 4p 4p 5p: the dealer's 4p is its fourth
    # kong (an exposed kong of a discard)
    def game(spec) -> Game:
        w = make_wall({0: "1379m13579p1357s"}, "4p", avoid="4p")
        g = Game(spec, wall=w)
        st = g.state
        st.hands[0, 1, :] = 0
        st.hands[0, 1, 12] = 3  # 4p
        st.hands[0, 1, 13] = 1  # 5p
        for i, k in enumerate((18, 19, 20)):  # 1s 2s 3s kongs
            st.melds[0, 1, i] = (MELD_KONG, k, 2)
        st.pv[0, 1, PV_N_MELDS] = 3
        st.pv[0, 1, PV_N_EXPOSED] = 3
        g.step(12)  # the dealer discards 4p
        assert g.phase == "react" and g.current_player == 1 and g.legal_mask()[EXPOSED_KONG]
        g.step(EXPOSED_KONG)
        react(g)
        return g

    assert int(game(V).state.pv[0, 1, PV_RC_PAO]) == 0
    on = mjsim.variants.get(V, pao=("daisangen", "daisuushii", "suukantsu"))
    assert int(game(on).state.pv[0, 1, PV_RC_PAO]) == (1 + 0) | (4 << 4)
