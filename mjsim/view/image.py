"""A picture of the table as an RGB array: the envs' ``render_mode="rgb_array"``.

Drawn with Pillow from the same table picture as the HTML viewer
(:func:`mjsim.view.model.picture`), in Latin letters only (``5m``, ``E``, ``C``), so no CJK font
is needed: four seat panels around a centre with the wall count, the indicator and wild tiles.
Frames have one fixed size, as video recorders want.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from mjsim.view import model

#: size of every frame, pixels
WIDTH, HEIGHT = 960, 720
_FELT = (30, 91, 60)
_PANEL = (24, 74, 49)
_TEXT = (243, 241, 231)
_GOLD = (245, 197, 66)
_FACE = (251, 248, 238)
_EDGE = (120, 116, 100)
_BACK = (46, 125, 87)
_SUIT_COLOUR = {0: (192, 40, 30), 1: (31, 78, 156), 2: (28, 122, 58)}
_HONOR = ("E", "S", "W", "N", "Wh", "Gr", "Rd")
_HONOR_COLOUR = [(27, 27, 47)] * 4 + [(31, 78, 156), (28, 122, 58), (192, 40, 30)]


def _fonts() -> dict[int, Any]:
    from PIL import ImageFont

    out = {}
    for size in (9, 11, 13, 16):
        try:
            out[size] = ImageFont.load_default(size=size)
        except TypeError:  # Pillow < 10.1: one bitmap size
            out[size] = ImageFont.load_default()
    return out


_FONT_CACHE: dict[int, Any] = {}


def _font(size: int) -> Any:
    if not _FONT_CACHE:
        _FONT_CACHE.update(_fonts())
    return _FONT_CACHE[min(_FONT_CACHE, key=lambda s: abs(s - size))]


def _tile(draw: Any, x: float, y: float, w: float, h: float, k: int, *, mark: Any = None) -> None:
    box = [x, y, x + w, y + h]
    if k < 0:
        draw.rounded_rectangle(box, radius=3, fill=_BACK, outline=(29, 77, 54))
        return
    draw.rounded_rectangle(box, radius=3, fill=_FACE, outline=mark or _EDGE, width=2 if mark else 1)
    if k < 27:
        label, colour = str(k % 9 + 1), _SUIT_COLOUR[k // 9]
        suit = "mps"[k // 9]
    elif k < 34:
        label, colour, suit = _HONOR[k - 27], _HONOR_COLOUR[k - 27], ""
    else:
        label, colour, suit = f"f{k - 33}", (160, 82, 45), ""
    big = _font(max(9, int(h * 0.45)))
    draw.text((x + w / 2, y + h * 0.42), label, fill=colour, font=big, anchor="mm")
    if suit:
        draw.text(
            (x + w / 2, y + h * 0.8),
            suit,
            fill=colour,
            font=_font(max(9, int(h * 0.3))),
            anchor="mm",
        )


def _panel(draw: Any, pic: dict[str, Any], p: int, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    st = pic["seats"][p]
    toact = pic["to_act"] == p
    draw.rounded_rectangle(box, radius=8, fill=_PANEL, outline=_GOLD if toact else None, width=2)
    wind = model.WINDS[st["wind"]]
    head = f"seat {p}  {wind}" + ("  dealer" if p == pic["dealer"] else "")
    head += "  READY" if st["ready"] else ""
    head += f"  void {'mps'[st['void']]}" if st["void"] >= 0 else ""
    head += f"  WON {st['value']}" if st["won"] else ""
    draw.text((x0 + 8, y0 + 5), head, fill=_GOLD if st["won"] else _TEXT, font=_font(13))
    draw.text((x1 - 8, y0 + 5), str(st["score"]), fill=_TEXT, font=_font(13), anchor="ra")
    wild = set(pic.get("wild") or [])
    # the hand and the melds on one row
    tiles: list[tuple[int, Any]] = []
    if "hidden" in st:
        tiles += [(-1, None)] * st["hidden"]
    else:
        tiles += [(k, _GOLD if k in wild else None) for k in st["hand"]]
        if st["drawn"] >= 0:
            tiles += [(-2, None), (st["drawn"], _GOLD if st["drawn"] in wild else None)]
    for m in st["melds"]:
        tiles.append((-2, None))
        tiles += [(k, None) for k in m["tiles"]]
    if st["flowers"]:
        tiles.append((-2, None))
        tiles += [(k, None) for k in st["flowers"]]
    slots = sum(0.4 if k == -2 else 1 for k, _ in tiles) or 1
    tw = min(26.0, (x1 - x0 - 16) / slots)
    th = tw * 4 / 3
    x, y = x0 + 8, y0 + 24
    for k, mark in tiles:
        if k == -2:
            x += tw * 0.4
            continue
        _tile(draw, x, y, tw - 1, th, k, mark=mark)
        x += tw
    # the discards, wrapped
    rw = 20.0
    rh = rw * 4 / 3
    per_row = max(1, int((x1 - x0 - 16) // rw))
    ry = y + th + 8
    for i, (k, flags, _by) in enumerate(st["river"]):
        cx = x0 + 8 + (i % per_row) * rw
        cy = ry + (i // per_row) * (rh + 2)
        if cy + rh > y1 - 2:
            break
        mark = (255, 90, 78) if flags & model.RIVER_FLAGS["won"] else None
        _tile(draw, cx, cy, rw - 1, rh, k, mark=mark)
        if flags & model.RIVER_FLAGS["claimed"]:
            draw.line([cx, cy + rh, cx + rw - 1, cy], fill=(90, 90, 90), width=2)


def picture_image(pic: dict[str, Any], *, title: str = "", bottom: int = 0) -> np.ndarray:
    """``uint8[HEIGHT, WIDTH, 3]``: a table picture (:func:`mjsim.view.model.picture`, or a
    :func:`~mjsim.view.model.seat_view` of one) drawn with seat ``bottom`` at the bottom.
    ``ImportError`` saying how to install Pillow if it is missing."""
    try:
        from PIL import Image, ImageDraw
    except ImportError as e:  # pragma: no cover - Pillow is a dependency
        raise ImportError("render_mode='rgb_array' draws with Pillow: pip install pillow") from e
    img = Image.new("RGB", (WIDTH, HEIGHT), _FELT)
    draw = ImageDraw.Draw(img)
    n = len(pic["seats"])
    side_w, top_h = 300, 170
    boxes = {
        "bottom": (6, HEIGHT - top_h, WIDTH - 6, HEIGHT - 6),
        "top": (6, 6, WIDTH - 6, top_h - 6),
        "left": (6, top_h, side_w, HEIGHT - top_h - 6),
        "right": (WIDTH - side_w, top_h, WIDTH - 6, HEIGHT - top_h - 6),
    }
    names = (
        ["bottom", "top"]
        if n == 2
        else ["bottom", "right", "left"]
        if n == 3
        else ["bottom", "right", "top", "left"]
    )
    for p in range(n):
        _panel(draw, pic, p, boxes[names[(p - bottom) % n]])
    # the centre
    cx0, cy0 = side_w + 10, top_h + 4
    lines = [title] if title else []
    lines.append(f"{model.WINDS[pic['round_wind']]} round, dealer seat {pic['dealer']}")
    lines.append(f"wall {pic['wall']} ({pic['draws_left']} to draw)")
    if pic["phase"] not in ("turn", "react"):
        lines.append(f"phase: {pic['phase']}")
    if pic["to_act"] >= 0:
        lines.append(f"seat {pic['to_act']} to act")
    y = cy0
    for ln in lines:
        draw.text((cx0, y), ln, fill=_TEXT, font=_font(13))
        y += 18
    row: list[tuple[str, list[int]]] = []
    if pic["indicator"] >= 0:
        row.append(("indicator", [pic["indicator"]]))
    if pic.get("wild"):
        row.append(("wild", list(pic["wild"])))
    if pic["treasure"] >= 0:
        row.append(("treasure", [pic["treasure"]]))
    if pic.get("react"):
        row.append((f"claim? from seat {pic['react']['from']}", [pic["react"]["tile"]]))
    for label, ks in row:
        draw.text((cx0, y + 6), label, fill=_TEXT, font=_font(11))
        x = cx0 + 110
        for k in ks[:8]:
            _tile(draw, x, y, 21, 28, k, mark=_GOLD if label == "wild" else None)
            x += 23
        y += 34
    res = pic.get("result")
    if res:
        if res["winners"]:
            txt = "won: " + ", ".join(f"seat {p} ({res['values'][p]})" for p in res["winners"])
        else:
            txt = "drawn hand"
        draw.text((cx0, y + 4), txt, fill=_GOLD, font=_font(13))
        pays = "  ".join(f"{p}: {v:+d}" for p, v in enumerate(res["pay"]))
        draw.text((cx0, y + 24), "payments " + pays, fill=_TEXT, font=_font(13))
    return np.asarray(img, dtype=np.uint8).copy()


def table_image(
    state: Any,
    spec: Any,
    rules: Any = None,
    t: int = 0,
    *,
    view: int | None = None,
    title: str = "",
) -> np.ndarray:
    """``uint8[HEIGHT, WIDTH, 3]`` picture of table ``t`` of an engine ``state`` under
    ``spec``: as seat ``view`` sees it (at the bottom; the others' concealed tiles face down),
    or every hand open with ``view=None``. ``rules`` (``spec.compile()``) adds the draws left."""
    from mjsim.engine.state import PV_PAY

    pic = model.picture(state, spec, rules, t)
    if pic["phase"] == "done":
        before = [st["score"] - int(state.pv[t, p, PV_PAY]) for p, st in enumerate(pic["seats"])]
        pic["result"] = model.result_of(state, spec, before, t)
    if view is not None:
        pic = model.seat_view(pic, view)
    return picture_image(pic, title=title, bottom=0 if view is None else view)
