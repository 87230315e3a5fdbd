"""Records and replay: identical final state, every bad record rejected with the event named."""

from __future__ import annotations

import numpy as np
import pytest

import mjsim
from mjsim.engine import Game, from_jsonl, render_record, to_jsonl
from mjsim.engine.state import EV_ACT, decode_event, encode_event


def play(seed: int) -> Game:
    rng = np.random.default_rng(seed)
    g = Game("hebei", seed=seed)
    while not g.done:
        g.step(int(rng.choice(g.legal_actions())))
    return g


def same_state(a: Game, b: Game) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a.state, b.state, strict=True))


@pytest.mark.parametrize("seed", range(8))
def test_replay_rebuilds_the_identical_final_state(seed: int) -> None:
    g = play(seed)
    rec = g.record
    assert same_state(mjsim.replay(rec), g)
    text = to_jsonl(rec)
    back = from_jsonl(text)
    assert np.array_equal(back.events, rec.events) and back.wall == rec.wall
    assert same_state(mjsim.replay(text), g)


def test_record_holds_every_pass_and_payment() -> None:
    g = play(3)
    kinds = [decode_event(e)[0] for e in g.record.events]
    names = render_record(g.record)
    assert kinds[0] == 1 and kinds[-1] == 9  # deal ... end
    assert names.count(" pay ") == 4
    acts = [decode_event(e) for e in g.record.events if decode_event(e)[0] == EV_ACT]
    assert len(acts) == int(g.state.tv[0, 27])  # every decision, passes included


def test_truncated_record_is_rejected() -> None:
    rec = play(1).record
    rec.events = rec.events[: len(rec.events) // 2]
    with pytest.raises(ValueError, match="truncated at event"):
        mjsim.replay(rec)


def test_reordered_record_is_rejected() -> None:
    rec = play(2).record
    ev = rec.events.copy()
    acts = [i for i, e in enumerate(ev) if decode_event(e)[0] == EV_ACT]
    i, j = acts[3], acts[4]
    ev[i], ev[j] = ev[j], ev[i]
    rec.events = ev
    with pytest.raises(ValueError, match=rf"event {min(i, j)} "):
        mjsim.replay(rec)


def test_tampered_action_is_rejected() -> None:
    rec = play(4).record
    ev = rec.events.copy()
    i = next(i for i, e in enumerate(ev) if decode_event(e)[0] == EV_ACT)
    _, seat, arg = decode_event(ev[i])
    ev[i] = encode_event(EV_ACT, seat, 107)  # "win" instead
    rec.events = ev
    with pytest.raises(ValueError, match=rf"event {i} .*illegal here; legal:"):
        mjsim.replay(rec)


def test_tampered_payment_and_extra_event_are_rejected() -> None:
    rec = play(5).record
    ev = rec.events.copy()
    k = len(ev) - 3
    kind, seat, arg = decode_event(ev[k])
    ev[k] = encode_event(kind, seat, arg + 1)
    rec.events = ev
    with pytest.raises(ValueError, match=rf"event {k} .*does not match"):
        mjsim.replay(rec)
    rec = play(5).record
    rec.events = np.append(rec.events, rec.events[-1])
    with pytest.raises(ValueError, match="after the end of the hand"):
        mjsim.replay(rec)


def test_tampered_wall_is_rejected() -> None:
    rec = play(6).record
    rec.wall = rec.wall[:-1] + [0]
    with pytest.raises(ValueError, match="record header"):
        mjsim.replay(rec)
    # line numbers are 1-based and count blank lines, as an editor shows them
    with pytest.raises(ValueError, match="line 1 "):
        from_jsonl("not json\n")
    with pytest.raises(ValueError, match="line 2 "):
        from_jsonl("\nnot json\n")
    text = to_jsonl(play(6).record)
    bad_at = [i for i, ln in enumerate(text.splitlines(), 1) if '"ev": "draw"' in ln][0]
    with pytest.raises(ValueError, match=f"line {bad_at} .*teleport"):
        from_jsonl(text.replace('"ev": "draw"', '"ev": "teleport"', 1))
    lines = text.splitlines()
    lines[5] = "{broken"  # the 6th line
    with pytest.raises(ValueError, match="record line 6 is not a valid event"):
        from_jsonl("\n".join(lines))
