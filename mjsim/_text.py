"""Text tables whose columns line up on a terminal, Chinese names included.

A CJK character (East Asian width "W" or "F": 清一色, 红中赖子杠) takes two terminal columns, so
``str.ljust`` / ``f"{s:<28}"``, which count characters, misalign every row holding one.
:func:`width` counts columns (``unicodedata.east_asian_width``; combining marks and zero-width
characters count 0), and :func:`ljust`, :func:`rjust` and :func:`columns` pad by it. Every table
the command line prints goes through them.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Sequence


def width(text: str) -> int:
    """Terminal columns of ``text``: 2 for wide and full-width characters (East Asian width W or
    F: CJK ideographs, full-width forms, 🀄), 0 for combining marks, zero-width joiners and
    variation selectors, 1 otherwise."""
    n = 0
    for ch in text:
        if unicodedata.combining(ch) or ch in "\u200b\u200c\u200d\ufe0e\ufe0f":
            continue
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n


def ljust(text: str, cols: int) -> str:
    """``text`` padded with spaces on the right to ``cols`` terminal columns."""
    return text + " " * max(cols - width(text), 0)


def rjust(text: str, cols: int) -> str:
    """``text`` padded with spaces on the left to ``cols`` terminal columns."""
    return " " * max(cols - width(text), 0) + text


def columns(rows: Sequence[Sequence[str]], align: str = "", gap: int = 2) -> list[str]:
    """``rows`` of cells as lines whose columns line up: each column as wide (in terminal
    columns) as its widest cell, ``gap`` spaces between columns, trailing spaces stripped.

    ``align`` gives one letter per column, ``"l"`` (left) or ``"r"`` (right); columns beyond it
    are left-aligned. ``ValueError`` for rows of different lengths or another letter."""
    if not rows:
        return []
    n = len(rows[0])
    if any(len(r) != n for r in rows):
        raise ValueError(f"columns: rows of different lengths {sorted({len(r) for r in rows})}")
    if set(align) - {"l", "r"}:
        raise ValueError(f"columns: align={align!r} must hold only 'l' and 'r'")
    align = align.ljust(n, "l")
    widths = [max(width(r[j]) for r in rows) for j in range(n)]
    pad = " " * gap
    return [
        pad.join(
            rjust(c, w) if align[j] == "r" else ljust(c, w)
            for j, (c, w) in enumerate(zip(r, widths, strict=True))
        ).rstrip()
        for r in rows
    ]


def did_you_mean(word: str, choices: Iterable[str], n: int = 3) -> str:
    """``"; did you mean sichuan_xuezhan?"``: the choices closest to ``word`` (case-insensitive
    difflib ratio >= 0.6, and within 0.1 of the best one, at most ``n``, best first), or ``""``
    when none is close. Appended to "unknown ..." messages by every boundary that takes a name
    (variant ids, RuleSpec fields, agents, scorers)."""
    key = str(word).lower()
    scored = []
    for c in dict.fromkeys(choices):
        m = difflib.SequenceMatcher(None, key, c.lower())
        if m.real_quick_ratio() >= 0.6 and m.quick_ratio() >= 0.6 and m.ratio() >= 0.6:
            scored.append((-m.ratio(), c))
    if not scored:
        return ""
    scored.sort()
    best = -scored[0][0]
    names = [c for r, c in scored[:n] if -r >= best - 0.1]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return f"; did you mean {listed}?"
