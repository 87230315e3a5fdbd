"""``mjsim play``: a person plays one seat against the built-in bots in a local web page.

:class:`PlaySession` holds the table (a :class:`mjsim.engine.Game`): the bots of the other seats
move at once, the person's decisions come from the page. :func:`serve` serves the page and a
small JSON API on ``127.0.0.1`` with the standard library's ``http.server``:

- ``GET /``: the page (the viewer's script in play mode);
- ``GET /api/state``: the table as the person's seat sees it, the legal actions (from the
  action mask, as buttons), the prompt, the log, and at the end the scoring breakdown;
- ``POST /api/act`` ``{"action": id}``: the person's decision (refused with a message naming
  the legal ones if it is not legal);
- ``POST /api/new``: the next hand of the match (scores and dealer carry over);
- ``GET /view``: the finished hands of the session in the hand viewer.

Each finished hand is appended to the session's record file (JSON lines, one hand after the
other) for ``mjsim view``.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from mjsim.actions import action_name
from mjsim.actions import decode as decode_action
from mjsim.variants.label import variant_label
from mjsim.view import model

_SUITS = ("characters m", "dots p", "bamboo s")


def _chow_tiles(block: str, k: int) -> str:
    if k < 0 or k >= 27:
        return ""
    lo = {"low": k, "mid": k - 1, "high": k - 2}[block.rsplit("_", 1)[1]]
    return "".join(model.tile_label(x) for x in (lo, lo + 1, lo + 2))


def action_label(action: int, tile: int = -1) -> tuple[str, int, bool]:
    """A button for action ``action``: ``(label, kind discarded or -1, primary)``; ``tile`` is the
    tile under reaction (names the tiles of a chow or pung)."""
    block, k = decode_action(action)
    t = model.tile_label(tile) if 0 <= tile < 42 else ""
    if block == "discard":
        return f"discard {model.tile_label(k)}", k, False
    if block == "win":
        return "win 和", -1, True
    if block == "pass":
        return "pass", -1, False
    if block == "pung":
        return f"pung {t}".strip(), -1, False
    if block == "exposed_kong":
        return f"kong {t}".strip(), -1, False
    if block.startswith("chow_ready"):
        return f"chow {_chow_tiles(block, tile)} + ready", -1, False
    if block.startswith("chow"):
        return f"chow {_chow_tiles(block, tile)}", -1, False
    if block == "kong":
        return f"kong {model.tile_label(k)}", -1, False
    if block == "kong_dice":
        return f"kong {model.tile_label(k)} (dice)", -1, False
    if block == "ready_discard":
        return f"ready 听 + discard {model.tile_label(k)}", -1, False
    if block == "ready_shown":
        return f"shown ready + discard {model.tile_label(k)}", -1, False
    if block == "choose_suit":
        return f"void {_SUITS[k]}", -1, False
    if block == "declare":
        return f"declare {k}", -1, False
    if block == "bet":
        return f"bet {k}", -1, False
    if block == "feng":
        return f"put out {model.tile_label(k)}", -1, False
    return block.replace("_", " "), -1, False


def _second_person(text: str, seat: int) -> str:
    """``"seat 2 discards 5m"`` -> ``"you discard 5m"`` for the person's own seat."""
    head = f"seat {seat} "
    if not text.startswith(head):
        return text
    verb, _, rest = text[len(head) :].partition(" ")
    verb = {"passes": "pass"}.get(verb, verb[:-1] if verb.endswith("s") else verb)
    return f"you {verb} {rest.replace(' and discards ', ' and discard ')}".rstrip()


class PlaySession:
    """One person (``seat``) against bots (``agents``: one name per other seat, in seat order)
    at a table of ``spec``, dealt from ``seed``; finished hands are appended to ``out``.

    ``ValueError`` for a bad seat, an agent list of the wrong length or an unknown agent name
    (naming the known ones)."""

    def __init__(
        self,
        spec: Any,
        seat: int = 0,
        agents: list[str] | None = None,
        seed: int = 0,
        out: str | Path | None = None,
    ) -> None:
        from mjsim.agents import make_agent
        from mjsim.engine import Game

        n = spec.n_players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"--seat {seat!r}: a seat 0..{n - 1} of this {n}-player table")
        names = list(agents) if agents else ["greedy"]
        if len(names) == 1:
            names = names * (n - 1)
        if len(names) != n - 1:
            raise ValueError(
                f"--agents: {len(names)} names for the {n - 1} bot seats; give one name (every "
                "bot) or one per bot seat in seat order"
            )
        self.spec = spec
        self.seat = seat
        self.bots: dict[int, Any] = {}
        self.names: list[str] = []
        it = iter(names)
        for p in range(n):
            if p == seat:
                self.names.append("you")
            else:
                name = next(it)
                self.bots[p] = make_agent(name)
                self.names.append(f"{name} (seat {p})")
        self.seed = int(seed)
        self.out = Path(out) if out is not None else None
        self.lock = threading.Lock()
        self.game = Game(spec, seed=self.seed)
        self.records: list[Any] = []
        self._begin()

    # ---------------------------------------------------------------- the table
    def _begin(self) -> None:
        self.tracker = model.Tracker(self.game.n_players)
        self.log: list[str] = []
        self._shown = 0  # events already in the log
        self._saved = False
        self._take_in()
        self._run_bots()

    def _take_in(self) -> None:
        """Log and track the events produced since the last call."""
        from mjsim.engine.state import TV_REC_N, decode_event

        g = self.game
        n = int(g.state.tv[0, TV_REC_N])
        decoded = [decode_event(int(e)) for e in g.state.rec[0, self._shown : n]]
        self.tracker.update(g.state, decoded)
        pic = self.tracker.picture(g.state, g.spec, g.rules)
        for kind, seat, arg in decoded:
            text, public = self.tracker.words(pic, kind, seat, arg)
            words = public if public is not None and seat != self.seat else text
            self.log.append(_second_person(words, self.seat))
        self._shown = n
        self.tracker.next_decision(g.state)
        if g.done and not self._saved:
            self._save()

    def _step(self, action: int) -> None:
        self.game.step(int(action))
        self._take_in()

    def _run_bots(self) -> None:
        g = self.game
        while not g.done and g.current_player != self.seat:
            p = g.current_player
            self._step(int(self.bots[p].act(g, g.legal_mask())))

    def _save(self) -> None:
        from mjsim.engine.records import to_jsonl

        rec = self.game.record
        self.records.append(rec)
        self._saved = True
        if self.out is not None:
            self.out.parent.mkdir(parents=True, exist_ok=True)
            with self.out.open("a", encoding="utf-8") as f:
                f.write(to_jsonl(rec))

    # ---------------------------------------------------------------- the page's calls
    def act(self, action: Any) -> dict[str, Any]:
        """Apply the person's ``action`` (an id) and let the bots move; the new state.
        ``ValueError`` naming the legal actions if it is not the person's turn or not legal."""
        with self.lock:
            g = self.game
            if g.done:
                raise ValueError("the hand is over: start the next hand")
            if g.current_player != self.seat:
                raise ValueError(f"seat {g.current_player} is to act, not you")
            before = len(self.log)
            self._step(action)  # Game.step names an illegal action and the legal ones
            self._run_bots()
            return self._state(len(self.log) - before)

    def new_hand(self) -> dict[str, Any]:
        """Deal the next hand of the match (carry-over of scores, dealer, wind)."""
        with self.lock:
            if not self.game.done:
                raise ValueError("the hand is still in play")
            self.game.next_hand()
            self._begin()
            return self._state(len(self.log))

    def state(self) -> dict[str, Any]:
        """The table as the person sees it, the legal actions and the prompt (JSON-ready)."""
        with self.lock:
            return self._state(0)

    def _state(self, fresh: int) -> dict[str, Any]:
        g = self.game
        pic = self.tracker.picture(g.state, g.spec, g.rules)
        result_html = ""
        if g.done:
            from mjsim.view.html import result_html as breakdown

            pic["result"] = model.result_of(
                g.state, g.spec, self.game.record.scores, wins=self.tracker.wins
            )
            result_html = breakdown(pic["result"], self.names)
        view = model.seat_view(pic, self.seat)
        legal = []
        prompt = ""
        tile = pic["react"]["tile"] if pic["react"] else -1
        if not g.done and g.current_player == self.seat:
            for a in g.legal_actions():
                label, discard, primary = action_label(a, tile)
                legal.append(
                    {
                        "id": a,
                        "name": action_name(a),
                        "label": label,
                        "discard": discard,
                        "primary": primary,
                    }
                )
            if pic["phase"] == "react" and pic["react"]:
                who = self.names[pic["react"]["from"]]
                prompt = f"{who} discarded {model.tile_label(tile)}: claim it?"
            elif pic["phase"] == "turn":
                prompt = "your turn: click a tile to discard it, or choose"
            elif pic["phase"] == "choose_suit":
                prompt = "choose the suit to void (定缺)"
            else:
                prompt = f"your decision ({pic['phase'].replace('_', ' ')})"
        elif g.done:
            prompt = "the hand is over"
        last = None
        if self.log and pic["seats"]:
            # the newest discard on the table, marked
            from mjsim.engine.state import EV_ACT, TV_REC_N, decode_event

            n = int(g.state.tv[0, TV_REC_N])
            for e in g.state.rec[0, :n][::-1]:
                kind, seat, arg = decode_event(int(e))
                if kind == EV_ACT and decode_action(arg)[0] in ("discard", "ready_discard"):
                    river = pic["seats"][seat]["river"]
                    last = [seat, len(river) - 1] if river else None
                    break
        rec = self.game.record
        return {
            "you": self.seat,
            "names": self.names,
            "hand_no": rec.hand_no,
            "picture": view,
            "legal": legal,
            "prompt": prompt,
            "log": self.log,
            "fresh": fresh,
            "last": last,
            "done": g.done,
            "result_html": result_html,
            "record_path": str(self.out) if (g.done and self.out is not None) else "",
            "subtitle": f"you are seat {self.seat} · hand {rec.hand_no} · seed {self.seed}",
        }

    # ---------------------------------------------------------------- pages
    def page(self) -> str:
        """The play page (one self-contained HTML document)."""
        from mjsim.view import assets, tiles
        from mjsim.view.html import _json, _tile_table

        data = {
            "mode": "play",
            "title": f"mjsim play · {variant_label(self.spec)}",
            "tiles": _tile_table(),
            "names": self.names,
        }
        script = assets.JS.replace("__ROOT__", "mjv-play")
        return (
            '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<title>mjsim play</title><link rel="icon" href="data:,">'
            "<style>body{margin:0;padding:12px;background:#123726}</style></head><body>"
            f'<div class="mjv" id="mjv-play">{tiles.symbols()}<style>{assets.CSS}</style>'
            f'<script type="application/json" class="mjv-data">{_json(data)}</script>'
            f'<div class="mjv-app">loading…</div><script>{script}</script></div>'
            "</body></html>\n"
        )

    def viewer_page(self) -> str:
        """The finished hands of the session in the hand viewer (the hand in play is not shown:
        it would open the other seats' hands)."""
        from mjsim.view.html import page_html

        with self.lock:
            recs = list(self.records)
        if not recs:
            return (
                '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
                '<title>mjsim play</title><link rel="icon" href="data:,"></head><body>'
                "<p>No hand is finished yet: the viewer shows the hands of this session once "
                'they are over. <a href="/">Back to the table</a></p></body></html>\n'
            )
        return page_html(recs, names=self.names, hand=len(recs) - 1, at="end")


def _handler(session: PlaySession) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib name
            pass  # quiet: the command prints the address once

        def _send(self, code: int, body: str, ctype: str) -> None:
            data = body.encode("utf-8")
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(data)

        def _json(self, obj: Any, code: int = 200) -> None:
            self._send(code, json.dumps(obj, ensure_ascii=False), "application/json; charset=utf-8")

        def do_GET(self) -> None:  # noqa: N802 - stdlib name
            path = self.path.split("?", 1)[0]
            if path in ("/", "/index.html"):
                self._send(200, session.page(), "text/html; charset=utf-8")
            elif path == "/api/state":
                self._json(session.state())
            elif path == "/favicon.ico":
                self.send_response(204)
                self.end_headers()
            elif path == "/view":
                self._send(200, session.viewer_page(), "text/html; charset=utf-8")
            else:
                self._send(404, "not found", "text/plain; charset=utf-8")

        def do_POST(self) -> None:  # noqa: N802 - stdlib name
            path = self.path.split("?", 1)[0]
            size = int(self.headers.get("Content-Length") or 0)
            try:
                body = json.loads(self.rfile.read(size) or b"{}")
            except json.JSONDecodeError:
                body = {}
            try:
                if path == "/api/act":
                    self._json(session.act(body.get("action")))
                elif path == "/api/new":
                    self._json(session.new_hand())
                else:
                    self._send(404, "not found", "text/plain; charset=utf-8")
            except ValueError as e:
                self._json({"error": str(e)}, 400)

    return Handler


def serve(session: PlaySession, host: str = "127.0.0.1", port: int = 0) -> ThreadingHTTPServer:
    """A started HTTP server for ``session`` on ``host:port`` (``port=0``: a free port; read
    ``server.server_address``), serving in a daemon thread; stop it with ``server.shutdown()``."""
    server = ThreadingHTTPServer((host, port), _handler(session))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="mjsim-play", daemon=True).start()
    return server
