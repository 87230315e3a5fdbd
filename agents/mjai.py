"""``MjaiAgent``: an external mjai bot (a subprocess speaking JSON lines) as an mjsim Agent.

The bot is any program that reads mjai events on its standard input and writes its answers on
its standard output (the protocol of mjai.app, https://github.com/smly/mjai.app README
"Protocol", on Mortal's event schema; :mod:`mjsim.mjai` lists the events). At each decision of
its seat the adapter sends the events of the hand that the seat may see since its last
message (its own tiles only: the others' dealt tiles and draws are ``"?"``) and reads one
answer:

- ``protocol="batch"`` (the default, mjai.app): one line holding a JSON array of the new events;
  the bot answers each line with one JSON object;
- ``protocol="lines"`` (the original mjai server's style): one event a line, each answered by
  one line (``{"type":"none"}`` where the bot has nothing to do); the answer to the last event
  is the decision.

Answers map to mjsim actions (:mod:`mjsim.actions`): ``dahai`` = discard, ``reach`` (the adapter
then sends the bot its ``reach`` event and reads the ``dahai``) = riichi discard, ``chi`` (by
its ``consumed`` tiles) / ``pon`` / ``daiminkan`` = the calls, ``ankan`` / ``kakan`` = own-turn
kong, ``hora`` = win, ``ryukyoku`` = nine terminals (九種九牌), ``none`` = pass. An answer that is
not JSON, not an mjai action, names another seat or a bad tile, or maps to an illegal action
raises :class:`MjaiBotError` (a ``ValueError``) naming the bot, the seat, the answer and the
legal actions; no answer within ``timeout`` seconds, or a bot that exits, raises it too.

Where the events come from: a :class:`mjsim.engine.Game` observation (``play_hand``,
``mjsim arena`` with the default ``obs="game"``) is read through ``Game.record`` (the Game must
record: the default, and what the arena does); in the AEC env (``mjsim.envs.mahjong_v0``) pass
``env=`` (the env before its first ``reset()``): the adapter makes the env's table record its
events and reads them at each decision. Scores are sent as ``mjsim score + start_points``.

Games: a Game object is one mjai game (``start_game`` ... ``end_game``); the hands of an env
episode are the kyoku of one game. The end of a hand (``hora`` / ``ryukyoku``, ``end_kyoku``)
is sent when the adapter next acts or closes; in the env, where the table deals the next hand
in place, the bot gets ``end_kyoku`` without the hand's outcome (but the last hand's outcome at
``close()``).

A ``{seat}`` in the command is replaced by the bot's seat (mjai.app bots take it as their first
argument); the process is then restarted when a new game seats the bot elsewhere. ``close()``
(or ``with MjaiAgent(...) as bot:``) ends the game, closes the bot's input and waits for it
(terminated after ``timeout``); a process left open is ended when the agent is collected or
Python exits.

Example (``mjsim arena riichi --agents mybots:tsumogiri,greedy,greedy,greedy``)::

    # mybots.py
    from mjsim.agents.mjai import MjaiAgent

    def tsumogiri():
        return MjaiAgent(["python", "tsumogiri_bot.py", "{seat}"], name="tsumogiri")
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
import weakref
from collections.abc import Sequence
from typing import Any

import numpy as np

from mjsim import mjai
from mjsim.actions import (
    CHOW_HIGH,
    CHOW_LOW,
    CHOW_MID,
    DISCARD,
    EXPOSED_KONG,
    KONG,
    NINE_TERMINALS,
    PASS,
    PUNG,
    READY_DISCARD,
    WIN,
    action_name,
)

PROTOCOLS = ("batch", "lines")
#: mjai answer types the adapter maps to mjsim actions
ANSWERS = (
    "dahai",
    "reach",
    "chi",
    "pon",
    "daiminkan",
    "ankan",
    "kakan",
    "hora",
    "ryukyoku",
    "none",
)


class MjaiBotError(ValueError):
    """An mjai bot's answer that cannot be played, a timeout or a bot that exited."""


def _legal_text(mask: np.ndarray) -> str:
    return ", ".join(action_name(int(a)) for a in np.flatnonzero(mask))


def _shutdown(proc: subprocess.Popen, timeout: float) -> None:
    """Close the bot's input, wait ``timeout`` seconds, then terminate (and kill) it."""
    if proc.poll() is not None:
        return
    try:
        if proc.stdin is not None:
            proc.stdin.close()
    except OSError:
        pass
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.terminate()
        try:
            proc.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class _EnvTable:
    """Reads the hand in play of an AEC env's table as a record (``env=``)."""

    def __init__(self, env: Any) -> None:
        from mjsim.engine.state import REC_CAP, new_state

        raw = getattr(env, "unwrapped", env)
        state = getattr(raw, "state_arrays", None)
        spec = getattr(raw, "spec", None)
        if state is None or spec is None or not hasattr(raw, "_make_header"):
            raise TypeError(
                f"MjaiAgent(env=...): {type(env).__name__} is not an mjsim AEC env "
                "(mjsim.envs.mahjong_v0.env)"
            )
        if state.rec.shape[1] == 0:
            if getattr(raw, "agents", None):
                raise ValueError(
                    "MjaiAgent(env=...): give the env before its first reset() (the adapter "
                    "makes its table record the hand's events from the deal on)"
                )
            raw._state = new_state(1, REC_CAP)  # the same arrays with a record
            raw._make_header()
        self.raw = raw
        self.spec = spec.to_dict()
        self.variant = getattr(raw, "variant", "")

    def record(self) -> Any:
        from mjsim.engine.records import Record
        from mjsim.engine.state import (
            PV_SCORE,
            TV_DEALER,
            TV_HAND_NO,
            TV_MULT,
            TV_RC_POT_IN,
            TV_REC_N,
            TV_REPEAT,
            TV_ROUND_WIND,
            TV_WALL_LEN,
        )

        s = self.raw.state_arrays
        tv = s.tv[0]
        n = int(tv[TV_REC_N])
        return Record(
            spec=self.spec,
            seed=int(getattr(self.raw, "_seed", 0) or 0),
            hand_no=int(tv[TV_HAND_NO]),
            dealer=int(tv[TV_DEALER]),
            round_wind=int(tv[TV_ROUND_WIND]),
            repeat=int(tv[TV_REPEAT]),
            mult=int(tv[TV_MULT]),
            scores=[int(x) for x in s.pv[0, :4, PV_SCORE]],
            wall=[int(x) for x in s.wall[0, : int(tv[TV_WALL_LEN])]],
            events=s.rec[0, :n].copy(),
            deposits=int(tv[TV_RC_POT_IN]),
            variant=str(self.variant),
        )


class MjaiAgent:
    """An mjsim :class:`~mjsim.agents.Agent` played by an external mjai bot (module docstring).

    ``command``: the bot's command line, a list of arguments or one string split as a shell
    would (``"python bot.py {seat}"``); ``{seat}`` is replaced by the bot's seat. ``name``: how
    messages and the arena name it (default: the command). ``timeout``: seconds to wait for
    each answer (and for the bot to exit on ``close()``), > 0; ``start_timeout``: for the
    answer to ``start_game``, where a bot may load its model (default 60). ``protocol``:
    ``"batch"`` or ``"lines"``. ``env``: an AEC env (``mjsim.envs.mahjong_v0``) whose
    observations this agent gets, before its first ``reset()``. ``cwd``: the bot's working
    directory.
    ``start_points``: added to mjsim's scores in ``start_kyoku``. ``stderr``: where the bot's
    standard error goes (default: this process's).

    ``act(observation, mask)`` returns the action id of the bot's answer; ``MjaiBotError`` as
    described in the module docstring, ``TypeError`` for an observation it cannot read.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        name: str | None = None,
        timeout: float = 10.0,
        start_timeout: float = 60.0,
        protocol: str = "batch",
        env: Any = None,
        cwd: str | None = None,
        start_points: int = mjai.START_POINTS,
        stderr: Any = None,
    ) -> None:
        args = shlex.split(command) if isinstance(command, str) else [str(a) for a in command]
        if not args:
            raise ValueError("MjaiAgent: empty command")
        for key, value in (("timeout", timeout), ("start_timeout", start_timeout)):
            if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
                raise ValueError(f"MjaiAgent: {key}={value!r} must be a number of seconds > 0")
        if protocol not in PROTOCOLS:
            raise ValueError(f"MjaiAgent: protocol={protocol!r}; valid: {', '.join(PROTOCOLS)}")
        self.command = args
        self.name = name or " ".join(args)
        self.timeout = float(timeout)
        self.start_timeout = float(start_timeout)
        self.protocol = protocol
        self.cwd = cwd
        self.start_points = int(start_points)
        self._stderr = stderr
        self._env = _EnvTable(env) if env is not None else None
        self._proc: subprocess.Popen | None = None
        self._proc_seat: int | None = None
        self._lines: queue.Queue = queue.Queue()
        self._finalizer: Any = None
        # the game and hand in play
        self._table: Any = None  # the Game object, or the env table
        self._seat: int | None = None
        self._hand: tuple[Any, ...] | None = None
        self._sent = 0  # events of the hand in play already sent
        self._last_record: Any = None

    def __repr__(self) -> str:
        return f"MjaiAgent({self.name!r})"

    # ------------------------------------------------------------------ the subprocess
    def _start(self, seat: int) -> None:
        args = [a.replace("{seat}", str(seat)) for a in self.command]
        try:
            proc = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                cwd=self.cwd,
                text=True,
                encoding="utf-8",
                bufsize=1,
            )
        except OSError as e:
            raise MjaiBotError(f"mjai bot {self.name!r}: cannot start {args!r}: {e}") from None
        lines: queue.Queue = queue.Queue()

        def pump(out: Any, q: queue.Queue) -> None:
            for line in out:
                q.put(line)
            q.put(None)  # end of output

        threading.Thread(target=pump, args=(proc.stdout, lines), daemon=True).start()
        self._proc, self._proc_seat, self._lines = proc, seat, lines
        self._finalizer = weakref.finalize(self, _shutdown, proc, self.timeout)

    def _stop(self) -> None:
        if self._proc is not None:
            if self._finalizer is not None:
                self._finalizer.detach()
            _shutdown(self._proc, self.timeout)
        self._proc = None
        self._proc_seat = None

    def _send(self, line: str, seat: int, what: str) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        try:
            self._proc.stdin.write(line + "\n")
            self._proc.stdin.flush()
        except OSError as e:
            raise MjaiBotError(
                f"mjai bot {self.name!r} at seat {seat}: cannot send {what} ({e}); "
                f"exit code {self._proc.poll()}"
            ) from None

    def _read(self, seat: int, what: str, timeout: float | None = None) -> str:
        wait = self.timeout if timeout is None else timeout
        try:
            line = self._lines.get(timeout=wait)
        except queue.Empty:
            raise MjaiBotError(
                f"mjai bot {self.name!r} at seat {seat}: no answer within {wait:g} s to {what}"
            ) from None
        if line is None:
            code = self._proc.wait() if self._proc is not None else None
            raise MjaiBotError(
                f"mjai bot {self.name!r} at seat {seat}: the bot exited (code {code}) "
                f"before answering {what}"
            )
        return line.strip()

    def _exchange(
        self, events: list[dict[str, Any]], seat: int, timeout: float | None = None
    ) -> str:
        """Send ``events`` by the protocol and return the answer to the last one."""
        last = mjai.dumps(events[-1:]).strip()
        if self.protocol == "batch":
            self._send(json.dumps(events, separators=(",", ":")), seat, f"events up to {last}")
            return self._read(seat, f"events up to {last}", timeout)
        answer = ""
        for e in events:
            text = json.dumps(e, separators=(",", ":"))
            self._send(text, seat, text)
            answer = self._read(seat, text, timeout)
        return answer

    # ------------------------------------------------------------------ the hand's events
    def _record(self, observation: Any) -> tuple[Any, Any]:
        """``(table, record so far)`` of the hand the observation belongs to."""
        if self._env is not None:
            return self._env, self._env.record()
        state = getattr(observation, "state", None)
        if state is not None and hasattr(observation, "record"):
            if state.rec.shape[1] == 0:
                raise TypeError(
                    f"mjai bot {self.name!r}: the Game does not record its events "
                    "(Game(..., record=False)); MjaiAgent reads the hand from Game.record"
                )
            return observation, observation.record
        raise TypeError(
            f"MjaiAgent {self.name!r} got a {type(observation).__name__} observation: it plays "
            "on a mjsim.engine.Game (play_hand, mjsim arena with obs='game') or, in the AEC "
            "env, with MjaiAgent(..., env=env)"
        )

    @staticmethod
    def _key(rec: Any) -> tuple[Any, ...]:
        return (int(rec.seed), int(rec.hand_no), tuple(int(k) for k in rec.wall[:64]))

    def _finish_hand(self, end_game: bool) -> None:
        """Send the rest of the hand in play (its outcome when the table still holds it),
        ``end_kyoku`` and, with ``end_game``, ``end_game``."""
        if self._hand is None or self._proc is None or self._seat is None:
            return
        seat = self._seat
        rec = self._last_record
        if self._table is not None:
            table = self._table
            now = table.record() if isinstance(table, _EnvTable) else table.record
            if self._key(now) == self._hand:
                rec = now  # the finished hand, with its outcome
        events = mjai.seat_view(
            mjai.record_to_mjai(rec, start_points=self.start_points, extension=False), seat
        )
        tail = events[self._sent :]
        if not tail or tail[-1]["type"] != "end_kyoku":
            tail.append({"type": "end_kyoku"})
        self._hand = None
        self._sent = 0
        self._exchange(tail, seat)  # answered with none
        if end_game:
            self._table = None
            self._exchange([{"type": "end_game"}], seat)

    def _start_game(self, seat: int) -> None:
        if "{seat}" in " ".join(self.command) and self._proc_seat not in (None, seat):
            self._stop()
        if self._proc is None or self._proc.poll() is not None:
            self._start(seat)
        names = [str(i) for i in range(4)]
        start = {"type": "start_game", "id": seat, "names": names}
        self._exchange([start], seat, self.start_timeout)  # a bot may load its model here

    def act(self, observation: Any, mask: np.ndarray) -> int:
        """The bot's answer to the events since its last one, as a legal action id."""
        table, rec = self._record(observation)
        if isinstance(table, _EnvTable):
            from mjsim.engine import legal

            seat = int(legal.current_player(table.raw.state_arrays, 0))
        else:
            seat = int(observation.current_player)
        key = self._key(rec)
        if self._hand != key or table is not self._table:  # a duplicate wall: a new Game
            if self._hand is not None:
                continues = (
                    table is self._table
                    and int(rec.hand_no) == self._hand[1] + 1
                    and seat == self._seat
                )
                self._finish_hand(end_game=not continues)
            if self._table is None or self._proc is None or self._proc.poll() is not None:
                self._start_game(seat)
            self._table, self._seat, self._hand, self._sent = table, seat, key, 0
        elif seat != self._seat:
            raise MjaiBotError(
                f"mjai bot {self.name!r} plays seat {self._seat} of this hand and was asked "
                f"for seat {seat}: one MjaiAgent plays one seat (make one per seat; the arena "
                "does from a class or a factory)"
            )
        self._last_record = rec
        events = mjai.seat_view(
            mjai.record_to_mjai(rec, start_points=self.start_points, extension=False), seat
        )
        new = events[self._sent :]
        if not new:
            raise MjaiBotError(f"mjai bot {self.name!r} at seat {seat}: asked with no new event")
        self._sent = len(events)
        answer = self._exchange(new, seat)
        return self._action(answer, seat, mask)

    # ------------------------------------------------------------------ the answer
    def _action(self, answer: str, seat: int, mask: np.ndarray) -> int:
        def bad(why: str) -> MjaiBotError:
            return MjaiBotError(
                f"mjai bot {self.name!r} at seat {seat}: answer {answer[:200]!r} {why}; "
                f"legal: {_legal_text(mask)}"
            )

        try:
            obj = json.loads(answer)
        except json.JSONDecodeError:
            raise bad("is not JSON") from None
        if not isinstance(obj, dict) or obj.get("type") not in ANSWERS:
            raise bad(f"is not an mjai action (one of {', '.join(ANSWERS)})")
        t = obj["type"]
        if t != "none" and "actor" in obj and obj["actor"] != seat:
            raise bad(f"is for seat {obj['actor']!r}")

        def tile(key: str) -> int:
            try:
                return mjai.tile_from_mjai(obj.get(key), f"its {key}")
            except ValueError as e:
                raise bad(f"has a bad tile: {e}") from None

        if t == "none":
            a = PASS
        elif t == "dahai":
            a = DISCARD + tile("pai")
        elif t == "reach":
            if not mask[READY_DISCARD : READY_DISCARD + 34].any():
                raise bad("declares riichi where no riichi discard is legal")
            reply = self._exchange([{"type": "reach", "actor": seat}], seat)
            self._sent += 1  # the reach event, first of the events the riichi discard makes
            try:
                d = json.loads(reply)
            except json.JSONDecodeError:
                d = None
            if not isinstance(d, dict) or d.get("type") != "dahai":
                answer = f"{answer} then {reply}"
                raise bad("is a reach not followed by a dahai")
            obj = d
            a = READY_DISCARD + tile("pai")
            answer = f"{answer} then {reply}"
        elif t in ("chi", "pon", "daiminkan"):
            k = tile("pai")
            if t == "pon":
                a = PUNG
            elif t == "daiminkan":
                a = EXPOSED_KONG
            else:
                consumed = obj.get("consumed")
                if not isinstance(consumed, list) or len(consumed) != 2:
                    raise bad("is a chi without two consumed tiles")
                pair = sorted(_tile_of(x, bad) for x in consumed)
                offs = {
                    (k + 1, k + 2): CHOW_LOW,
                    (k - 1, k + 1): CHOW_MID,
                    (k - 2, k - 1): CHOW_HIGH,
                }
                if tuple(pair) not in offs:
                    raise bad("is a chi whose tiles make no sequence")
                a = offs[tuple(pair)]
        elif t == "ankan":
            consumed = obj.get("consumed")
            if not isinstance(consumed, list) or not consumed:
                raise bad("is an ankan without its consumed tiles")
            a = KONG + _tile_of(consumed[0], bad)
        elif t == "kakan":
            a = KONG + tile("pai")
        elif t == "hora":
            a = WIN
        else:  # ryukyoku: nine terminals
            a = NINE_TERMINALS
        if not mask[a]:
            raise bad(f"is {action_name(a)}, which is illegal here")
        return int(a)

    # ------------------------------------------------------------------ lifecycle
    def close(self) -> None:
        """End the game in play (its last events, ``end_kyoku``, ``end_game``), close the bot's
        input and wait for it to exit (terminated after ``timeout``). Idempotent."""
        try:
            if self._proc is not None and self._proc.poll() is None and self._hand is not None:
                self._finish_hand(True)
        except MjaiBotError:
            pass
        finally:
            self._hand = None
            self._table = None
            self._stop()

    def __enter__(self) -> MjaiAgent:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _tile_of(name: Any, bad: Any) -> int:
    try:
        return mjai.tile_from_mjai(name)
    except ValueError as e:
        raise bad(f"has a bad tile: {e}") from None
