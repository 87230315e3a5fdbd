"""HTML of the hand viewer: records, games and scores as self-contained HTML.

Every block carries its own tiles (inline SVG symbols), stylesheet and script, and loads
nothing from the network: a saved page opens anywhere, a notebook cell shows it inline.
"""

from __future__ import annotations

import html
import json
import uuid
from collections.abc import Iterable, Sequence
from typing import Any

from mjsim.tiles import CHINESE_NAMES, ENGLISH_NAMES, MPSZ_NAMES
from mjsim.view import assets, model, tiles


def _esc(x: Any) -> str:
    return html.escape(str(x), quote=True)


def _tile_table() -> list[list[str]]:
    return [[MPSZ_NAMES[k], CHINESE_NAMES[k], ENGLISH_NAMES[k]] for k in range(42)]


def _json(data: Any) -> str:
    # inside <script>: no "<" at all ("</script>", "<!--" would change how HTML parses it);
    # in JSON a "<" can only be inside a string, where \u003c means the same
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def _seat_names(n: int, names: Sequence[str] | None) -> list[str]:
    if names is None:
        return [f"seat {p}" for p in range(n)]
    if len(names) != n:
        raise ValueError(f"names: {len(names)} names for {n} seats")
    return [str(x) for x in names]


# ------------------------------------------------------------------------------ scoring
def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else str(v)


def result_html(result: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """The scoring breakdown at the end of a hand (:func:`mjsim.view.model.result_of`): who
    won and how, each winner's items in Chinese and English with their values, and the
    payments and scores of every seat."""
    n = len(result["pay"])
    names = _seat_names(n, names)
    winners = result["winners"]
    out = ['<div class="mjv-result">']
    how = {
        "self_draw": "self-draw 自摸",
        "discard": "discard 点炮",
        "rob_kong": "robbing a kong 抢杠",
    }
    if not winners:
        out.append("<h4>Drawn hand 荒庄: nobody won</h4>")
    else:
        out.append(f"<h4>{', '.join(_esc(names[w['seat']]) for w in result['wins'])} won 和</h4>")
    for w in result["wins"]:
        p, tile = w["seat"], w["tile"]
        tile_txt = f" on {MPSZ_NAMES[tile]} {CHINESE_NAMES[tile]}" if 0 <= tile < 42 else ""
        src = f" from {_esc(names[w['from']])}" if 0 <= w["from"] < n else ""
        rows = result["items"].get(str(p), [])
        out.append(
            f'<table class="mjv-t mjv-items" data-seat="{p}"><caption>{_esc(names[p])}: '
            f"{how.get(w['kind'], w['kind'])}{tile_txt}{src} · hand value {w['value']}</caption>"
            '<tr><th>item</th><th>English</th><th class="n">value</th><th class="n">×</th></tr>'
        )
        for zh, en, value, count in rows:
            v = "" if value is None else str(value)
            out.append(
                f'<tr><td>{_esc(zh)}</td><td>{_esc(en)}</td><td class="n">{v}</td>'
                f'<td class="n">{count}</td></tr>'
            )
        if not rows:
            out.append('<tr><td colspan="4">no items recorded</td></tr>')
        out.append("</table>")
    out.append('<table class="mjv-t mjv-pay"><tr><th></th>')
    out.extend(f'<th class="n">{_esc(names[p])}</th>' for p in range(n))
    out.append("</tr>")
    for label, key, fmt in (
        ("score before", "before", str),
        ("payment", "pay", _signed),
        ("score after", "after", str),
    ):
        out.append(f"<tr><td>{label}</td>")
        out.extend(f'<td class="n">{fmt(int(v))}</td>' for v in result[key])
        out.append("</tr>")
    out.append("</table></div>")
    return "".join(out)


def score_html(result: Any) -> str:
    """A :class:`mjsim.scoring.ScoreResult` as an HTML table: items in Chinese and English,
    value of one occurrence, count, the total, whether it meets the minimum, and the payments
    per seat (how Jupyter shows a result)."""
    rows = "".join(
        f'<tr><td>{_esc(zh)}</td><td>{_esc(en)}</td><td class="n">{value}</td>'
        f'<td class="n">{count}</td></tr>'
        for _id, en, zh, value, count in result.items
    )
    if not rows:
        rows = '<tr><td colspan="4">no items</td></tr>'
    pays = "".join(f'<td class="n">{_signed(int(v))}</td>' for v in result.payments)
    heads = "".join(f'<th class="n">seat {p}</th>' for p in range(len(result.payments)))
    valid = "" if result.valid else " · below the minimum: not a legal win"
    qual = (
        f" ({result.qualifying_total} toward the minimum)"
        if result.qualifying_total != result.total
        else ""
    )
    return (
        f"<style>{assets.CSS}</style>"
        '<div class="mjv" style="background:none;color:inherit;padding:0">'
        '<div class="mjv-result">'
        f"<h4>{_esc(result.variant)}: {result.total} {_esc(result.unit)}{qual}{valid}</h4>"
        '<table class="mjv-t mjv-items"><tr><th>item</th><th>English</th>'
        f'<th class="n">value</th><th class="n">×</th></tr>{rows}</table>'
        f'<table class="mjv-t mjv-pay"><tr><th></th>{heads}</tr><tr><td>payment</td>{pays}</tr>'
        "</table></div></div>"
    )


# ------------------------------------------------------------------------------ viewers
def _hand_data(record: Any, names: Sequence[str] | None) -> dict[str, Any]:
    hd = model.hand_model(record)
    final = hd["pictures"][hd["events"][-1]["pic"]] if hd["events"] else None
    if final is not None and final.get("result"):
        hd["result_html"] = result_html(final["result"], names)
    return hd


def _block(data: dict[str, Any], fallback: str = "") -> str:
    rid = "mjv-" + uuid.uuid4().hex[:12]
    script = assets.JS.replace("__ROOT__", rid)
    return (
        f'<div class="mjv" id="{rid}">{tiles.symbols()}<style>{assets.CSS}</style>'
        f'<script type="application/json" class="mjv-data">{_json(data)}</script>'
        f'<div class="mjv-app">{fallback}</div><script>{script}</script></div>'
    )


def _title(hd: dict[str, Any]) -> str:
    return f"{hd['variant']} · hand {hd['hand_no']}"


def hands_html(
    records: Iterable[Any],
    *,
    hand: int = 0,
    seat: int | None = None,
    at: str | int = 0,
    names: Sequence[str] | None = None,
    title: str | None = None,
) -> str:
    """One viewer block over several hands of one table (a hand selector when more than one).

    ``hand``: the hand shown first (index in ``records``); ``seat``: start in that seat's view
    (``None``: every hand open); ``at``: the event shown first (0 = the deal, ``"end"``);
    ``names``: how the seats are called (default ``seat 0`` ...). ``ValueError`` for an empty
    list, a bad index or a record the engine does not reproduce."""
    recs = list(records)
    if not recs:
        raise ValueError("no hand to show")
    if not 0 <= hand < len(recs):
        raise ValueError(f"hand {hand} out of range: {len(recs)} hand(s) (0..{len(recs) - 1})")
    hands = [_hand_data(r, names) for r in recs]
    n = hands[0]["n_players"]
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat={seat!r} must be a seat 0..{n - 1} or None")
    data = {
        "mode": "view",
        "title": title or _title(hands[hand]),
        "tiles": _tile_table(),
        "names": _seat_names(n, names),
        "hands": hands,
        "hand": hand,
        "view": seat,
        "at": at,
    }
    last = hands[hand]
    fallback = _esc(f"{_title(last)}: the viewer needs JavaScript")
    return _block(data, fallback)


def record_html(
    record: Any,
    *,
    seat: int | None = None,
    at: str | int = 0,
    names: Sequence[str] | None = None,
) -> str:
    """A record (a :class:`~mjsim.engine.records.Record` or its JSON-lines text) as one
    self-contained HTML block: the table as the players see it (hands, melds with who supplied
    them, discards with claimed tiles marked, flowers, wild or 宝 indicators, the wall count,
    scores), a step control and a slider over every event, passes included, a toggle between one
    seat's view and every hand open, and the scoring breakdown at the end.

    ``seat``: start in that seat's view; ``at``: the event shown first (``0`` = the deal,
    ``"end"``). ``ValueError`` if the engine does not reproduce the record."""
    from mjsim.engine.records import from_jsonl

    rec = from_jsonl(record) if isinstance(record, str) else record
    return hands_html([rec], seat=seat, at=at, names=names)


def game_html(game: Any, *, seat: int | None = None) -> str:
    """A :class:`mjsim.engine.Game`'s hand so far in the viewer, at its last event (the whole
    hand when over). A game made with ``record=False`` shows its table now only."""
    rec = game.record
    if len(rec.events) == 0:
        pic = model.picture(game.state, game.spec, game.rules)
        hd = {
            "variant": rec.variant,
            "rules_version": rec.rules_version,
            "seed": game.seed,
            "hand_no": rec.hand_no,
            "n_players": game.n_players,
            "hand_size": game.spec.hand_size,
            "dealer": game.dealer,
            "round_wind": game.round_wind,
            "scores": [int(x) for x in rec.scores],
            "done": game.done,
            "pictures": [pic],
            "start": 0,
            "events": [],
        }
        data = {
            "mode": "view",
            "title": _title(hd) + " (not recorded: the table now)",
            "tiles": _tile_table(),
            "names": _seat_names(game.n_players, None),
            "hands": [hd],
            "hand": 0,
            "view": seat,
            "at": 0,
        }
        return _block(data)
    return hands_html([rec], seat=seat, at="end")


def page_html(records: Iterable[Any], *, title: str | None = None, **kwargs: Any) -> str:
    """A whole HTML page (``<!doctype html>`` ...) holding :func:`hands_html` of ``records``:
    what ``mjsim view`` writes."""
    recs = list(records)
    body = hands_html(recs, title=title, **kwargs)
    head_title = title or (f"mjsim · {len(recs)} hands" if len(recs) > 1 else "mjsim hand")
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{_esc(head_title)}</title><link rel="icon" href="data:,">'
        "<style>body{margin:0;padding:12px;background:#123726}</style></head>"
        f"<body>{body}</body></html>\n"
    )
