"""The tiles as inline SVG: one ``<symbol>`` per kind (0-41) and one for the back.

Drawn from shapes and text only, so a page needs no image file and no network: dots are
circles, bamboo are sticks, characters, winds, dragons and flowers are their Chinese characters
(the page's own CJK font), and every face has a small Latin index in its corner (``5``, ``E``,
``C``) that reads without a CJK font. A tile is ``<svg class="t"><use href="#mjt-K"/></svg>``;
:func:`symbols` gives the definitions once per page.
"""

from __future__ import annotations

W, H = 30, 40  # the viewBox of a tile face
_BLUE, _GREEN, _RED, _INK = "#1f4e9c", "#1c7a3a", "#c0281e", "#1b1b2f"
_NUMERALS = "一二三四五六七八九"
_WINDS = "東南西北"
_WIND_INDEX = "ESWN"
_FLOWERS = "春夏秋冬梅蘭菊竹"
_CJK = "'Noto Serif CJK SC','Noto Sans CJK SC','Source Han Serif SC','SimSun','PingFang SC','Hiragino Sans GB','Microsoft YaHei','WenQuanYi Micro Hei',serif"

# dot centres (x, y, radius) for 1..9 dots
_DOTS: dict[int, list[tuple[float, float, float]]] = {
    1: [(15, 20, 9.5)],
    2: [(15, 11, 5.6), (15, 29, 5.6)],
    3: [(8, 9, 4.6), (15, 20, 4.6), (22, 31, 4.6)],
    4: [(9, 12, 5), (21, 12, 5), (9, 28, 5), (21, 28, 5)],
    5: [(8.5, 10, 4.4), (21.5, 10, 4.4), (15, 20, 4.4), (8.5, 30, 4.4), (21.5, 30, 4.4)],
    6: [(9.5, 8, 4), (20.5, 8, 4), (9.5, 20, 4), (20.5, 20, 4), (9.5, 32, 4), (20.5, 32, 4)],
    7: [(7, 6.5, 3.4), (15, 10, 3.4), (23, 13.5, 3.4)]
    + [(10, 24, 3.6), (20, 24, 3.6), (10, 33, 3.6), (20, 33, 3.6)],
    8: [(10, y, 3.6) for y in (6.5, 15, 23.5, 32)] + [(20, y, 3.6) for y in (6.5, 15, 23.5, 32)],
    9: [(x, y, 3.5) for y in (8, 20, 32) for x in (7.5, 15, 22.5)],
}
_DOT_COLOURS: dict[int, list[str]] = {
    1: [_RED],
    2: [_GREEN, _BLUE],
    3: [_BLUE, _RED, _GREEN],
    4: [_BLUE, _GREEN, _GREEN, _BLUE],
    5: [_BLUE, _GREEN, _RED, _GREEN, _BLUE],
    6: [_GREEN, _GREEN, _RED, _RED, _RED, _RED],
    7: [_GREEN] * 3 + [_RED] * 4,
    8: [_BLUE] * 8,
    9: [_BLUE] * 3 + [_RED] * 3 + [_GREEN] * 3,
}
# bamboo sticks (x centre, y centre, colour) for 2..9 (1 is a bird)
_STICKS: dict[int, list[tuple[float, float, str]]] = {
    2: [(15, 11, _GREEN), (15, 29, _GREEN)],
    3: [(15, 11, _GREEN), (9, 29, _GREEN), (21, 29, _GREEN)],
    4: [(9, 11, _GREEN), (21, 11, _GREEN), (9, 29, _GREEN), (21, 29, _GREEN)],
    5: [(8, 11, _GREEN), (22, 11, _GREEN), (15, 20, _RED), (8, 29, _GREEN), (22, 29, _GREEN)],
    6: [(x, y, _GREEN) for y in (11, 29) for x in (7, 15, 23)],
    7: [(15, 7, _RED)] + [(x, y, _GREEN) for y in (20, 32) for x in (7, 15, 23)],
    8: [(x, y, _GREEN) for y in (11, 29) for x in (5.5, 11.5, 18.5, 24.5)],
    9: [(x, y, _RED if x == 15 else _GREEN) for y in (8, 20, 32) for x in (7, 15, 23)],
}


def _face(body: str, index: str = "", index_colour: str = "#777") -> str:
    frame = (
        f'<rect x="0.6" y="0.6" width="{W - 1.2}" height="{H - 1.2}" rx="3.5" '
        'fill="#fbf8ee" stroke="#8d8a7c" stroke-width="1.2"/>'
    )
    corner = (
        f'<text x="2.4" y="7.2" font-size="6.2" font-family="sans-serif" font-weight="700" '
        f'fill="{index_colour}">{index}</text>'
        if index
        else ""
    )
    return frame + body + corner


def _dots(n: int) -> str:
    out = []
    for (x, y, r), c in zip(_DOTS[n], _DOT_COLOURS[n], strict=True):
        out.append(
            f'<circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="{c}" stroke-width="1.5"/>'
            f'<circle cx="{x}" cy="{y}" r="{r * 0.42:.2f}" fill="{c}"/>'
        )
    if n == 1:
        out.append(
            f'<circle cx="15" cy="20" r="6.3" fill="none" stroke="{_BLUE}" stroke-width="1"/>'
        )
    return "".join(out)


def _stick(x: float, y: float, c: str, h: float = 10.5) -> str:
    return (
        f'<rect x="{x - 1.9}" y="{y - h / 2}" width="3.8" height="{h}" rx="1.6" fill="{c}"/>'
        f'<line x1="{x - 2.1}" y1="{y}" x2="{x + 2.1}" y2="{y}" stroke="#fbf8ee" stroke-width="0.8"/>'
    )


def _bamboo(n: int) -> str:
    if n == 1:  # the bird of 1 bamboo, simplified
        return (
            f'<ellipse cx="15" cy="23" rx="7" ry="9" fill="{_GREEN}"/>'
            f'<circle cx="15" cy="11" r="4.2" fill="{_RED}"/>'
            '<circle cx="16.2" cy="10.2" r="1" fill="#fbf8ee"/>'
            f'<path d="M11 30 L6 37 L15 33 L24 37 L19 30 Z" fill="{_BLUE}"/>'
            f'<path d="M18.5 11 L22 12.3 L18.5 13.2 Z" fill="{_INK}"/>'
        )
    h = 8 if n in (7, 9) else 10.5
    return "".join(_stick(x, y, c, h) for x, y, c in _STICKS[n])


def _text(ch: str, colour: str, size: float = 21, y: float = 28) -> str:
    return (
        f'<text x="15" y="{y}" font-size="{size}" text-anchor="middle" font-family="{_CJK}" '
        f'font-weight="700" fill="{colour}">{ch}</text>'
    )


def face_svg(k: int) -> str:
    """The SVG body (inside a ``0 0 30 40`` viewBox) of tile kind ``k`` (0-41)."""
    if k < 9:
        body = _text(_NUMERALS[k], _INK, 15, 17) + _text("萬", _RED, 15, 35)
        return _face(body, str(k + 1))
    if k < 18:
        return _face(_dots(k - 8), str(k - 8))
    if k < 27:
        return _face(_bamboo(k - 17), str(k - 17))
    if k < 31:
        return _face(_text(_WINDS[k - 27], _INK), _WIND_INDEX[k - 27])
    if k == 31:  # white dragon: an empty frame
        body = (
            f'<rect x="6" y="7" width="18" height="26" rx="2" fill="none" stroke="{_BLUE}" '
            'stroke-width="2"/>'
            f'<rect x="9" y="10" width="12" height="20" rx="1" fill="none" stroke="{_BLUE}" '
            'stroke-width="0.8"/>'
        )
        return _face(body, "P")
    if k == 32:
        return _face(_text("發", _GREEN), "F", _GREEN)
    if k == 33:
        return _face(_text("中", _RED), "C", _RED)
    j = k - 34
    colour = _BLUE if j < 4 else (_RED, _GREEN, "#a0522d", _GREEN)[j - 4]
    return _face(_text(_FLOWERS[j], colour, 18, 27), str(j % 4 + 1), colour)


BACK_SVG = (
    f'<rect x="0.6" y="0.6" width="{W - 1.2}" height="{H - 1.2}" rx="3.5" fill="#2e7d57" '
    'stroke="#1d4d36" stroke-width="1.2"/>'
    f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="2" fill="none" stroke="#8fc9a8" '
    'stroke-width="0.8"/>'
)


def symbols() -> str:
    """A hidden ``<svg>`` defining ``#mjt-0`` .. ``#mjt-41`` and ``#mjt-back``."""
    parts = [
        f'<symbol id="mjt-{k}" viewBox="0 0 {W} {H}">{face_svg(k)}</symbol>' for k in range(42)
    ]
    parts.append(f'<symbol id="mjt-back" viewBox="0 0 {W} {H}">{BACK_SVG}</symbol>')
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute" '
        'aria-hidden="true"><defs>' + "".join(parts) + "</defs></svg>"
    )
