"""Tile kinds, the four text notations, and validated count vectors.

Tile kinds (the index used by every count vector in mjsim)::

    0-8    1m-9m   characters 万 (man)
    9-17   1p-9p   dots 筒/饼 (pin)
    18-26  1s-9s   bamboo 条/索 (sou)
    27-30  1z-4z   winds: East South West North (东 南 西 北)
    31-33  5z-7z   dragons: White Green Red (白 发 中)
    34-41  1f-8f   flowers: spring summer autumn winter plum orchid chrysanthemum bamboo
                   (春 夏 秋 冬 梅 兰 菊 竹), one copy of each

A hand is a ``uint8`` count vector of shape ``(34,)`` (``(42,)`` where flowers matter), each entry
0-4 (flowers 0-1). The 144-tile set with one copy per flower is the one the rule texts describe
(seed ``000_3745a2e79ff0ee91.txt``: "外加春夏秋冬梅兰竹菊各1张共8张，一共136+8=144张" and
"春夏秋冬梅兰竹菊每个计一朵花").

Notations (all parse to the same kinds; ``notation="auto"`` detects which one a string uses):

``"mpsz"``
    Tenhou's compact notation: digits followed by a suit letter, ``"123m456p789s1122z"``.
    ``0m/0p/0s`` is a red five: it counts as a five, and :func:`parse_hand_with_red` also reports
    it in a separate ``red`` count. ``1f``-``8f`` are the flowers (mjsim extension).
    Whitespace between groups is allowed.
``"chinese"``
    Chinese tile names: ``一万 九筒 三条 东 南 西 北 中 发 白 春 夏 秋 冬 梅 兰 菊 竹``, also
    萬; 饼/餅; 索/條; 發/東; 红中/紅中, 白板, 发财/發財, 东风/東風 ...; arabic digits (``1万``);
    separated by spaces or not separated at all.
``"botzone"``
    Botzone's Chinese Standard Mahjong codes: ``W1-W9`` characters, ``B1-B9`` dots, ``T1-T9``
    bamboo, ``F1-F4`` East South West North, ``J1 J2 J3`` = Red Green White (note the order),
    ``H1-H8`` flowers in Botzone's order 春 夏 秋 冬 梅 兰 竹 菊 (so ``H7`` = bamboo = kind 41 and
    ``H8`` = chrysanthemum = kind 40; source: Botzone's own viewer, ``ailab-pku/botzone-local``
    ``botzone/online/viewer/chinesestandardmahjong.py``: ``'春夏秋冬'`` for H1-H4 and
    ``'梅蘭竹菊'`` for H5-H8). Space separated.
``"glyph"``
    Unicode Mahjong Tiles block: U+1F000-U+1F003 winds, U+1F004 Red, U+1F005 Green,
    U+1F006 White, U+1F007-U+1F00F 1-9m, U+1F010-U+1F018 1-9s (bamboo), U+1F019-U+1F021 1-9p
    (dots), U+1F022-U+1F025 plum orchid bamboo chrysanthemum, U+1F026-U+1F029 spring summer
    autumn winter. Variation selectors U+FE0E/U+FE0F are ignored.

All text is NFKC-normalised first, so full-width forms (``１２３ｍ``) and the Kangxi-radical
look-alikes found in scraped rule texts (``⼀`` U+2F00 for 一, ``⽵`` U+2F75 for 竹) are read as the
ordinary characters.

Every parser raises :class:`ValueError` naming the offending token: an unknown token, a fifth copy
of a kind, a second copy of a flower, or a flower where a 34-kind hand was asked for.

The lookup arrays (``IS_TERMINAL``, ``IS_HONOR``, ``IS_TERMINAL_OR_HONOR``, ``SUIT_OF``,
``RANK_OF``) are plain numpy arrays of length 42, readable from ``numba.njit`` code as globals.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = [
    "N_KINDS",
    "N_KINDS_WITH_FLOWERS",
    "N_SUIT_KINDS",
    "N_FLOWERS",
    "MAX_COPIES",
    "MAN",
    "PIN",
    "SOU",
    "HONOR",
    "FLOWER",
    "EAST",
    "SOUTH",
    "WEST",
    "NORTH",
    "WHITE",
    "GREEN",
    "RED",
    "SPRING",
    "SUMMER",
    "AUTUMN",
    "WINTER",
    "PLUM",
    "ORCHID",
    "CHRYSANTHEMUM",
    "BAMBOO_FLOWER",
    "WINDS",
    "DRAGONS",
    "SUIT_LETTERS",
    "SUIT_NAMES",
    "SUIT_OF",
    "RANK_OF",
    "IS_TERMINAL",
    "IS_HONOR",
    "IS_TERMINAL_OR_HONOR",
    "IS_FLOWER",
    "is_terminal",
    "is_honor",
    "is_terminal_or_honor",
    "MPSZ_NAMES",
    "ENGLISH_NAMES",
    "CHINESE_NAMES",
    "BOTZONE_CODES",
    "GLYPHS",
    "NOTATIONS",
    "Notation",
    "tile_name",
    "kind_from_name",
    "detect_notation",
    "parse_tiles",
    "parse_tiles_with_red",
    "parse_hand",
    "parse_hand_with_red",
    "format_tiles",
    "format_hand",
    "as_counts",
    "validate_counts",
    "validate_red",
]

# --------------------------------------------------------------------------------------------
# Kinds and lookup arrays
# --------------------------------------------------------------------------------------------

N_KINDS = 34
N_KINDS_WITH_FLOWERS = 42
N_SUIT_KINDS = 27
N_FLOWERS = 8
MAX_COPIES = 4  # copies of each suit/honour kind; flowers have exactly one copy

MAN = 0  # first kind of the characters suit (1m)
PIN = 9  # first kind of the dots suit (1p)
SOU = 18  # first kind of the bamboo suit (1s)
HONOR = 27  # first honour kind (East)
FLOWER = 34  # first flower kind (spring)

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WHITE, GREEN, RED = 31, 32, 33
SPRING, SUMMER, AUTUMN, WINTER = 34, 35, 36, 37
PLUM, ORCHID, CHRYSANTHEMUM, BAMBOO_FLOWER = 38, 39, 40, 41

WINDS: tuple[int, ...] = (EAST, SOUTH, WEST, NORTH)
DRAGONS: tuple[int, ...] = (WHITE, GREEN, RED)

#: Tenhou suit letter of suit index 0-4 (``SUIT_OF`` values).
SUIT_LETTERS = "mpszf"
#: English name of suit index 0-4.
SUIT_NAMES: tuple[str, ...] = ("characters", "dots", "bamboo", "honors", "flowers")


def _build_lookups() -> tuple[NDArray[np.int8], NDArray[np.int8]]:
    suit = np.empty(N_KINDS_WITH_FLOWERS, dtype=np.int8)
    rank = np.empty(N_KINDS_WITH_FLOWERS, dtype=np.int8)
    for k in range(N_KINDS_WITH_FLOWERS):
        if k < N_SUIT_KINDS:
            suit[k], rank[k] = k // 9, k % 9 + 1
        elif k < N_KINDS:
            suit[k], rank[k] = 3, k - HONOR + 1
        else:
            suit[k], rank[k] = 4, k - FLOWER + 1
    return suit, rank


#: ``int8[42]``: suit index of each kind (0 characters, 1 dots, 2 bamboo, 3 honours, 4 flowers).
#: ``int8[42]``: rank of each kind (1-9 for suits, 1-7 for honours as in 1z-7z, 1-8 for flowers).
SUIT_OF, RANK_OF = _build_lookups()
#: ``bool[42]``: a 1 or a 9 of a suit.
IS_TERMINAL = (SUIT_OF < 3) & ((RANK_OF == 1) | (RANK_OF == 9))
#: ``bool[42]``: a wind or a dragon (flowers are bonus tiles, not honours).
IS_HONOR = SUIT_OF == 3
#: ``bool[42]``: a terminal or an honour (幺九牌).
IS_TERMINAL_OR_HONOR = IS_TERMINAL | IS_HONOR
#: ``bool[42]``: a flower.
IS_FLOWER = SUIT_OF == 4
for _arr in (SUIT_OF, RANK_OF, IS_TERMINAL, IS_HONOR, IS_TERMINAL_OR_HONOR, IS_FLOWER):
    _arr.setflags(write=False)

# Lower-case names used in the project brief; the very same read-only arrays.
is_terminal = IS_TERMINAL
is_honor = IS_HONOR
is_terminal_or_honor = IS_TERMINAL_OR_HONOR

# --------------------------------------------------------------------------------------------
# Names per kind in every notation (index = kind)
# --------------------------------------------------------------------------------------------

_CN_DIGITS = "一二三四五六七八九"
_HONOR_EN = ("East Wind", "South Wind", "West Wind", "North Wind")
_HONOR_EN += ("White Dragon", "Green Dragon", "Red Dragon")
_FLOWER_EN = ("Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Chrysanthemum", "Bamboo")
_HONOR_CN = "东南西北白发中"
_FLOWER_CN = "春夏秋冬梅兰菊竹"

MPSZ_NAMES: tuple[str, ...] = tuple(
    f"{RANK_OF[k]}{SUIT_LETTERS[SUIT_OF[k]]}" for k in range(N_KINDS_WITH_FLOWERS)
)
ENGLISH_NAMES: tuple[str, ...] = (
    tuple(f"{r} Characters" for r in range(1, 10))
    + tuple(f"{r} Dots" for r in range(1, 10))
    + tuple(f"{r} Bamboo" for r in range(1, 10))
    + _HONOR_EN
    + _FLOWER_EN
)
CHINESE_NAMES: tuple[str, ...] = (
    tuple(f"{d}万" for d in _CN_DIGITS)
    + tuple(f"{d}筒" for d in _CN_DIGITS)
    + tuple(f"{d}条" for d in _CN_DIGITS)
    + tuple(_HONOR_CN)
    + tuple(_FLOWER_CN)
)
# Botzone: F1-F4 = E S W N; J1 J2 J3 = Red Green White; H1-H8 = 春夏秋冬梅兰竹菊.
_BOTZONE_HONOR = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")
_BOTZONE_FLOWER = ("H1", "H2", "H3", "H4", "H5", "H6", "H8", "H7")
BOTZONE_CODES: tuple[str, ...] = (
    tuple(f"W{r}" for r in range(1, 10))
    + tuple(f"B{r}" for r in range(1, 10))
    + tuple(f"T{r}" for r in range(1, 10))
    + _BOTZONE_HONOR
    + _BOTZONE_FLOWER
)
_GLYPH_HONOR = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
# our flower order spring summer autumn winter plum orchid chrysanthemum bamboo
_GLYPH_FLOWER = (0x1F026, 0x1F027, 0x1F028, 0x1F029, 0x1F022, 0x1F023, 0x1F025, 0x1F024)
GLYPHS: tuple[str, ...] = tuple(
    [chr(0x1F007 + r) for r in range(9)]  # characters
    + [chr(0x1F019 + r) for r in range(9)]  # dots (circles)
    + [chr(0x1F010 + r) for r in range(9)]  # bamboo
    + [chr(c) for c in _GLYPH_HONOR]
    + [chr(c) for c in _GLYPH_FLOWER]
)

Notation = Literal["mpsz", "chinese", "botzone", "glyph"]
NOTATIONS: tuple[str, ...] = ("mpsz", "chinese", "botzone", "glyph")

# --------------------------------------------------------------------------------------------
# Token tables for the parsers
# --------------------------------------------------------------------------------------------

_CN_NUMBER = {d: i + 1 for i, d in enumerate(_CN_DIGITS)}
_CN_NUMBER.update({str(i): i for i in range(1, 10)})
_CN_SUIT = {"万": MAN, "萬": MAN, "筒": PIN, "饼": PIN, "餅": PIN, "条": SOU, "索": SOU, "條": SOU}
_CN_SINGLE: dict[str, int] = {}
for _k, _names in (
    (EAST, ("东", "東", "东风", "東風")),
    (SOUTH, ("南", "南风", "南風")),
    (WEST, ("西", "西风", "西風")),
    (NORTH, ("北", "北风", "北風")),
    (WHITE, ("白", "白板")),
    (GREEN, ("发", "發", "发财", "發財")),
    (RED, ("中", "红中", "紅中")),
    (SPRING, ("春",)),
    (SUMMER, ("夏",)),
    (AUTUMN, ("秋",)),
    (WINTER, ("冬",)),
    (PLUM, ("梅",)),
    (ORCHID, ("兰", "蘭")),
    (CHRYSANTHEMUM, ("菊",)),
    (BAMBOO_FLOWER, ("竹",)),
):
    for _n in _names:
        _CN_SINGLE[_n] = _k
_CN_TOKEN = re.compile(
    "([" + "".join(_CN_NUMBER) + "])([" + "".join(_CN_SUIT) + "])"
    "|(" + "|".join(sorted(_CN_SINGLE, key=len, reverse=True)) + ")"
)
_BOTZONE_KIND = {code: k for k, code in enumerate(BOTZONE_CODES)}
_BOTZONE_TOKEN = re.compile(r"[A-Za-z]+[0-9]*|[0-9]+")
_GLYPH_KIND = {g: k for k, g in enumerate(GLYPHS)}
_GLYPH_OTHER = {"\U0001f02a": "joker tile U+1F02A", "\U0001f02b": "tile back U+1F02B"}
_VARIATION_SELECTORS = "\ufe0e\ufe0f"
_MPSZ_GROUP = re.compile(r"([0-9]+)([mpszf])")
_SEPARATORS = re.compile(r"[\s,;，、|]+")

_NAME_KIND: dict[str, int] = {}
for _k in range(N_KINDS_WITH_FLOWERS):
    for _n in (MPSZ_NAMES[_k], ENGLISH_NAMES[_k], BOTZONE_CODES[_k], GLYPHS[_k]):
        _NAME_KIND[_n.lower()] = _k
for _k, _n in enumerate(_HONOR_EN):
    _NAME_KIND[_n.split()[0].lower()] = HONOR + _k  # "east", "white", "red", ...
_NAME_KIND.update({"0m": MAN + 4, "0p": PIN + 4, "0s": SOU + 4})


def _label(kind: int) -> str:
    return f"{MPSZ_NAMES[kind]} ({ENGLISH_NAMES[kind]})"


def check_copies_in(a, a_what: str, b, b_what: str, name=None) -> None:  # type: ignore[no-untyped-def]
    """Refuse a fifth copy across two count vectors (``a`` + ``b``, indexed by kind, the first 34
    read): ``ValueError`` "fifth copy of <name>: 2 in hand + 3 visible = 5 copies (max 4)"
    for the first kind over 4, with ``a_what`` / ``b_what`` describing each source and
    ``name`` (default :func:`tile_name`) naming the kind."""
    x = np.asarray(a)[:34].astype(np.int64)
    y = np.asarray(b)[:34].astype(np.int64)
    over = np.flatnonzero(x + y > 4)
    if over.size:
        k = int(over[0])
        label = (name or tile_name)(k)
        raise ValueError(
            f"fifth copy of {label}: {int(x[k])} {a_what} + {int(y[k])} {b_what} = "
            f"{int(x[k] + y[k])} copies (max 4)"
        )


def tile_name(kind: int) -> str:
    """English name of a tile kind, e.g. ``tile_name(4) == "5 Characters"``, ``tile_name(33)
    == "Red Dragon"``, ``tile_name(41) == "Bamboo"`` (the bamboo flower).

    Raises ``ValueError`` if ``kind`` is not an integer in 0-41.
    """
    if isinstance(kind, bool) or not isinstance(kind, int | np.integer):
        raise ValueError(f"tile kind must be an integer 0-41, got {kind!r}")
    if not 0 <= int(kind) < N_KINDS_WITH_FLOWERS:
        raise ValueError(f"tile kind must be 0-41, got {kind}")
    return ENGLISH_NAMES[int(kind)]


def kind_from_name(name: str) -> int:
    """Kind (0-41) of one tile written in any notation or as its English name.

    Accepts ``"5m"``, ``"0p"`` (red five -> 13), ``"五万"``, ``"红中"``, ``"J1"``, ``"🀄"``,
    ``"Red Dragon"``, ``"red"``, ``"Plum"`` ... (case-insensitive for the Latin forms).

    Raises ``ValueError`` naming ``name`` if it is not exactly one known tile.
    """
    if not isinstance(name, str):
        raise ValueError(f"tile name must be a string, got {name!r}")
    key = name.strip().replace("\ufe0e", "").replace("\ufe0f", "")
    kind = _NAME_KIND.get(key.lower())
    if kind is not None:
        return kind
    try:
        kinds = parse_tiles(key, check_copies=False)
    except ValueError:
        kinds = []
    if len(kinds) == 1:
        return kinds[0]
    raise ValueError(f"unknown tile name {name!r}")


# --------------------------------------------------------------------------------------------
# Tokenisers: text -> list of (kind, is_red, token)
# --------------------------------------------------------------------------------------------

_Token = tuple[int, bool, str]


def _bad_token(text: str, pos: int) -> str:
    """The whitespace-delimited chunk of ``text`` starting at ``pos`` (for error messages)."""
    m = re.compile(r"\S+").match(text, pos)
    return m.group(0) if m else text[pos:]


def _tokens_mpsz(text: str) -> list[_Token]:
    out: list[_Token] = []
    pos, n = 0, len(text)
    while pos < n:
        if text[pos].isspace():
            pos += 1
            continue
        m = _MPSZ_GROUP.match(text, pos)
        if m is None:
            tok = _bad_token(text, pos)
            if re.fullmatch(r"[0-9]+", tok):
                raise ValueError(
                    f"unknown tile token {tok!r}: digits without a suit letter m/p/s/z/f"
                )
            raise ValueError(f"unknown tile token {tok!r} in mpsz text {text!r}")
        digits, suit = m.group(1), m.group(2)
        s = SUIT_LETTERS.index(suit)
        if digits == "10":  # a rank ten ("8m9m10m"), not 1 and a red five
            raise ValueError(
                f"unknown tile token '10{suit}': "
                + (
                    f"ranks are 1-9 (0 = red five); for 1{suit} and a red five write 1{suit}0{suit}"
                    if s < 3
                    else ("honours are 1z-7z" if s == 3 else "flowers are 1f-8f")
                )
            )
        for d in digits:
            r = int(d)
            tok = f"{d}{suit}"
            red = r == 0 and s < 3
            if red:
                r = 5
            if s < 3 and not 1 <= r <= 9:
                raise ValueError(f"unknown tile token {tok!r}")
            if s == 3 and not 1 <= r <= 7:
                raise ValueError(f"unknown tile token {tok!r}: honours are 1z-7z")
            if s == 4 and not 1 <= r <= 8:
                raise ValueError(f"unknown tile token {tok!r}: flowers are 1f-8f")
            base = (MAN, PIN, SOU, HONOR, FLOWER)[s]
            out.append((base + r - 1, red, tok))
        pos = m.end()
    return out


def _tokens_chinese(text: str) -> list[_Token]:
    out: list[_Token] = []
    pos, n = 0, len(text)
    while pos < n:
        sep = _SEPARATORS.match(text, pos)
        if sep is not None:
            pos = sep.end()
            continue
        m = _CN_TOKEN.match(text, pos)
        if m is None:
            tok = text[pos : pos + 2] if text[pos] in _CN_NUMBER else text[pos]
            raise ValueError(f"unknown tile token {tok!r} in Chinese text {text!r}")
        if m.group(3) is not None:
            out.append((_CN_SINGLE[m.group(3)], False, m.group(0)))
        else:
            kind = _CN_SUIT[m.group(2)] + _CN_NUMBER[m.group(1)] - 1
            out.append((kind, False, m.group(0)))
        pos = m.end()
    return out


def _tokens_botzone(text: str) -> list[_Token]:
    out: list[_Token] = []
    pos, n = 0, len(text)
    while pos < n:
        sep = _SEPARATORS.match(text, pos)
        if sep is not None:
            pos = sep.end()
            continue
        # letters then digits: "W1W2" (no separator) reads as "W1", "W2"
        m = _BOTZONE_TOKEN.match(text, pos)
        tok = m.group(0) if m else _bad_token(text, pos)
        kind = _BOTZONE_KIND.get(tok.upper())
        if kind is None:
            if (
                not tok[:1].isalpha()
                or not m
                or m.end() < len(text)
                and not (
                    text[m.end()].isspace() or text[m.end()].isalpha() or text[m.end()] in ",;"
                )
            ):
                tok = _bad_token(text, pos)  # "1m", "W1+": the whole chunk, not its first part
            raise ValueError(
                f"unknown tile token {tok!r} in Botzone text {text!r}: Botzone codes are "
                "W1-W9 B1-B9 T1-T9 F1-F4 J1-J3 H1-H8"
            )
        out.append((kind, False, tok))
        pos += len(tok)
    return out


def _tokens_glyph(text: str) -> list[_Token]:
    out: list[_Token] = []
    for i, ch in enumerate(text):
        if ch.isspace() or ch in _VARIATION_SELECTORS or ch in ",;":
            continue
        kind = _GLYPH_KIND.get(ch)
        if kind is None:
            what = _GLYPH_OTHER.get(ch) or f"{unicodedata.name(ch, 'unnamed')}, U+{ord(ch):04X}"
            run = re.compile(r"[^\s,;\U0001F000-\U0001F02F]+").match(text, i)
            if run is not None and len(run.group(0)) > 1:
                what += f", starting {run.group(0)!r}"
            raise ValueError(
                f"unknown tile token {ch!r} ({what}) in glyph text {text!r}: glyph text holds "
                "one tile character (U+1F000-U+1F029) per tile"
            )
        out.append((kind, False, ch))
    return out


_TOKENIZERS = {
    "mpsz": _tokens_mpsz,
    "chinese": _tokens_chinese,
    "botzone": _tokens_botzone,
    "glyph": _tokens_glyph,
}


def detect_notation(text: str) -> str:
    """Guess the notation of ``text``: one of ``"mpsz"``, ``"chinese"``, ``"botzone"``,
    ``"glyph"``.

    Rules, in order: any character in U+1F000-U+1F02F -> ``"glyph"``; any CJK ideograph ->
    ``"chinese"``; first non-blank character a letter -> ``"botzone"``; otherwise ``"mpsz"``
    (this includes the empty string).
    """
    if not isinstance(text, str):
        raise ValueError(f"tile text must be a string, got {type(text).__name__}")
    text = unicodedata.normalize("NFKC", text)
    if any(0x1F000 <= ord(c) <= 0x1F02F for c in text):
        return "glyph"
    if any("\u3400" <= c <= "\u9fff" for c in text):
        return "chinese"
    stripped = text.lstrip()
    if stripped and stripped[0].isalpha():
        return "botzone"
    return "mpsz"


#: why :func:`detect_notation` chose a notation (for error messages)
_DETECTED_BECAUSE = {
    "glyph": "the text holds a tile glyph",
    "chinese": "the text holds a CJK character",
    "botzone": "the text starts with a letter",
    "mpsz": "the text starts with no letter, glyph or CJK character",
}


def _tokenize(text: str, notation: str) -> list[_Token]:
    if not isinstance(text, str):
        raise ValueError(f"tile text must be a string, got {type(text).__name__}")
    text = unicodedata.normalize("NFKC", text)
    auto = notation == "auto"
    if auto:
        notation = detect_notation(text)
    tokenizer = _TOKENIZERS.get(notation)
    if tokenizer is None:
        raise ValueError(f"unknown notation {notation!r}; expected 'auto' or one of {NOTATIONS}")
    if not auto:
        return tokenizer(text)
    try:
        return tokenizer(text)
    except ValueError as exc:
        if not str(exc).startswith("unknown tile token"):
            raise
        raise ValueError(
            f"{exc} (notation {notation!r} detected: {_DETECTED_BECAUSE[notation]}; one text "
            "uses one notation, or pass notation=)"
        ) from None


def _check_copies(tokens: Sequence[_Token], flowers: bool) -> None:
    seen = np.zeros(N_KINDS_WITH_FLOWERS, dtype=np.int64)
    for kind, _red, tok in tokens:
        if kind >= FLOWER:
            if not flowers:
                raise ValueError(
                    f"flower tile {tok!r} ({ENGLISH_NAMES[kind]}) in a 34-kind hand; "
                    "pass flowers=True to allow flowers"
                )
            if seen[kind] >= 1:
                raise ValueError(
                    f"second copy of flower {tok!r} ({ENGLISH_NAMES[kind]}): "
                    "each flower exists once"
                )
        elif seen[kind] >= MAX_COPIES:
            raise ValueError(f"fifth copy of {_label(kind)} at token {tok!r}")
        seen[kind] += 1


# --------------------------------------------------------------------------------------------
# Public parsers
# --------------------------------------------------------------------------------------------


def parse_tiles_with_red(
    text: str, notation: str = "auto", *, flowers: bool = True, check_copies: bool = True
) -> tuple[list[int], list[bool]]:
    """Parse a tile sequence, keeping the order and the red-five marks.

    Returns ``(kinds, red)``: two lists of equal length, ``kinds[i]`` in 0-41 and ``red[i]``
    True where the token was a red five (``0m/0p/0s``; only mpsz can write red fives).
    See :func:`parse_tiles` for the arguments and errors.
    """
    tokens = _tokenize(text, notation)
    if check_copies:
        _check_copies(tokens, flowers)
    elif not flowers:
        _reject_flowers(tokens)
    return [t[0] for t in tokens], [t[1] for t in tokens]


def _reject_flowers(tokens: Sequence[_Token]) -> None:
    for kind, _red, tok in tokens:
        if kind >= FLOWER:
            raise ValueError(
                f"flower tile {tok!r} ({ENGLISH_NAMES[kind]}) where only kinds 0-33 are "
                "allowed; pass flowers=True to allow flowers"
            )


def parse_tiles(
    text: str, notation: str = "auto", *, flowers: bool = True, check_copies: bool = True
) -> list[int]:
    """Parse a tile sequence (a wall, a discard row, a meld) into kinds, order preserved.

    Args:
        text: tiles in one notation, e.g. ``"123m55z"``, ``"一万 二万 中"``, ``"W1 W2 J1"``,
            ``"🀇🀈🀄"``. Red fives ``0m/0p/0s`` give kind 5m/5p/5s.
        notation: ``"auto"`` (see :func:`detect_notation`), ``"mpsz"``, ``"chinese"``,
            ``"botzone"`` or ``"glyph"``.
        flowers: allow flower kinds 34-41.
        check_copies: reject a fifth copy of a kind and a second copy of a flower (a sequence
            of physical tiles never holds more).

    Returns:
        ``list[int]`` of kinds in text order.

    Raises:
        ValueError: an unknown token or notation, a fifth copy ("fifth copy of 5m (5
            Characters)"), a second copy of a flower, a flower when ``flowers=False``, a rank
            ten written as one group (``"8m9m10m"``: "'10m': ranks are 1-9 (0 = red five)"; 1m
            and a red 5m are ``"1m0m"`` or ``"01m"``). The message names the offending token.
    """
    return parse_tiles_with_red(text, notation, flowers=flowers, check_copies=check_copies)[0]


def parse_hand_with_red(
    text: str, notation: str = "auto", flowers: bool = False
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """Parse a hand into ``(counts, red)``.

    ``counts`` is ``uint8[34]`` (``uint8[42]`` with ``flowers=True``) where each red five counts
    as a five; ``red`` is ``uint8[3]``: the number of red fives per suit (m, p, s). Only the
    mpsz notation writes red fives (``"0m"``); other notations give ``red == 0``.

    Raises ``ValueError`` as :func:`parse_hand`.
    """
    tokens = _tokenize(text, notation)
    _check_copies(tokens, flowers)
    counts = np.zeros(N_KINDS_WITH_FLOWERS if flowers else N_KINDS, dtype=np.uint8)
    red = np.zeros(3, dtype=np.uint8)
    for kind, is_red, _tok in tokens:
        counts[kind] += 1
        if is_red:
            red[SUIT_OF[kind]] += 1
    return counts, red


def parse_hand(text: str, notation: str = "auto", flowers: bool = False) -> NDArray[np.uint8]:
    """Parse a hand in any notation into a count vector.

    Args:
        text: the tiles, e.g. ``"123m456p789s1122z"``, ``"一万二万三万 东东"``,
            ``"W1 W2 W3 F1 F1"``, ``"🀇🀈🀉🀀🀀"``. The order of the tiles does not matter.
        notation: ``"auto"`` (see :func:`detect_notation`) or one of :data:`NOTATIONS`.
        flowers: return a 42-kind vector that may hold flowers (kinds 34-41); with ``False`` a
            flower is an error.

    Returns:
        ``uint8`` array of shape ``(34,)`` (``(42,)`` with ``flowers=True``), counts 0-4
        (flowers 0-1). A red five ``0m`` counts as a five (see :func:`parse_hand_with_red`).

    Raises:
        ValueError: an unknown token (named), a fifth copy of a kind ("fifth copy of 5m (5
            Characters)"), a second copy of a flower, or a flower when ``flowers=False``.
    """
    return parse_hand_with_red(text, notation, flowers)[0]


# --------------------------------------------------------------------------------------------
# Validation and formatting
# --------------------------------------------------------------------------------------------


_COPY_LIMIT = np.array([MAX_COPIES] * N_KINDS + [1] * N_FLOWERS, dtype=np.int64)
_COPY_LIMIT.setflags(write=False)


def validate_counts(counts: ArrayLike, flowers: bool | None = None) -> NDArray[np.uint8]:
    """Check a count vector and return it as a new ``uint8`` array.

    Args:
        counts: 1-D array-like of integers, length 34, or 42 when flowers are allowed.
        flowers: ``False`` requires length 34; ``True`` accepts 42 (or 34, padded with zero
            flowers to 42); ``None`` accepts either length and keeps it.

    Raises:
        ValueError: not 1-D, wrong length, a non-integer dtype (float, bool, object...), a
            negative count, more than 4 copies of a kind (named), more than 1 of a flower.
    """
    arr = np.asarray(counts)
    if arr.dtype.kind not in "iu":  # signed or unsigned integers; not bool, float, object
        raise ValueError(f"count vector must have an integer dtype, got {arr.dtype}")
    if arr.ndim != 1:
        raise ValueError(f"count vector must be 1-D, got shape {arr.shape}")
    allowed = (N_KINDS,) if flowers is False else (N_KINDS, N_KINDS_WITH_FLOWERS)
    if arr.shape[0] not in allowed:
        want = " or ".join(str(a) for a in allowed)
        raise ValueError(f"count vector must have length {want}, got length {arr.shape[0]}")
    limit = _COPY_LIMIT[: arr.shape[0]]
    if arr.min() < 0 or (arr > limit).any():  # one cheap pass; the messages below are the slow path
        for k in range(arr.shape[0]):
            n = int(arr[k])
            if n < 0:
                raise ValueError(f"negative count {n} for {_label(k)}")
            if k >= FLOWER and n > 1:
                raise ValueError(f"{n} copies of flower {_label(k)}: each flower exists once")
            if n > MAX_COPIES:
                raise ValueError(f"{n} copies of {_label(k)}: at most {MAX_COPIES} exist")
    out = arr.astype(np.uint8)
    if flowers and out.shape[0] == N_KINDS:
        out = np.concatenate([out, np.zeros(N_FLOWERS, dtype=np.uint8)])
    return out


def as_counts(hand: str | ArrayLike, flowers: bool = False) -> NDArray[np.uint8]:
    """A validated ``uint8`` count vector from a string (any notation) or an array-like.

    This is the boundary every public mjsim function uses for hand arguments.

    Args:
        hand: tile text (parsed with ``notation="auto"``) or an array-like of counts.
        flowers: ``False`` -> shape ``(34,)``, flowers rejected; ``True`` -> shape ``(42,)``
            (a length-34 vector is padded with zero flowers).

    Returns:
        A new ``uint8`` array of shape ``(34,)`` or ``(42,)``.

    Raises:
        ValueError: see :func:`parse_hand` and :func:`validate_counts`.
    """
    if isinstance(hand, str):
        return parse_hand(hand, "auto", flowers)
    return validate_counts(hand, flowers)


def _kinds_of_counts(counts: NDArray[np.uint8]) -> list[int]:
    return [k for k in range(counts.shape[0]) for _ in range(int(counts[k]))]


def _check_kinds(kinds: Iterable[int]) -> list[int]:
    out = []
    for k in kinds:
        if isinstance(k, bool) or not isinstance(k, int | np.integer):
            raise ValueError(f"tile kind must be an integer 0-41, got {k!r}")
        if not 0 <= int(k) < N_KINDS_WITH_FLOWERS:
            raise ValueError(f"tile kind must be 0-41, got {int(k)}")
        out.append(int(k))
    return out


def _format_mpsz(kinds: Sequence[int], red: Sequence[bool]) -> str:
    parts: list[str] = []
    digits = ""
    suit = -1
    for k, is_red in zip(kinds, red, strict=True):
        s = int(SUIT_OF[k])
        if s != suit and digits:
            parts.append(digits + SUIT_LETTERS[suit])
            digits = ""
        suit = s
        digits += "0" if is_red else str(int(RANK_OF[k]))
    if digits:
        parts.append(digits + SUIT_LETTERS[suit])
    return "".join(parts)


def format_tiles(
    kinds: Iterable[int], notation: str = "mpsz", *, red: Iterable[bool] | None = None
) -> str:
    """Write a tile sequence in one notation, order preserved.

    Args:
        kinds: tile kinds 0-41, e.g. ``[0, 1, 2, 33]``.
        notation: ``"mpsz"`` (consecutive tiles of one suit share a letter: ``"123m7z"``),
            ``"chinese"`` / ``"botzone"`` (space separated), ``"glyph"`` (no separator).
        red: optional flags, same length as ``kinds``, marking red fives (mpsz writes ``0``).

    Returns:
        A string that :func:`parse_tiles` reads back to the same ``kinds``.

    Raises:
        ValueError: a kind outside 0-41, an unknown notation, a red flag on a tile that is not a
            suited five, or ``red`` of the wrong length.
    """
    ks = _check_kinds(kinds)
    flags = [False] * len(ks) if red is None else [bool(r) for r in red]
    if len(flags) != len(ks):
        raise ValueError(f"red has {len(flags)} flags for {len(ks)} tiles")
    for k, r in zip(ks, flags, strict=True):
        if r and not (SUIT_OF[k] < 3 and RANK_OF[k] == 5):
            raise ValueError(f"{_label(k)} marked red: only 5m, 5p, 5s have red copies")
    if notation == "mpsz":
        return _format_mpsz(ks, flags)
    if notation == "chinese":
        return " ".join(CHINESE_NAMES[k] for k in ks)
    if notation == "botzone":
        return " ".join(BOTZONE_CODES[k] for k in ks)
    if notation == "glyph":
        return "".join(GLYPHS[k] for k in ks)
    raise ValueError(f"unknown notation {notation!r}; expected one of {NOTATIONS}")


def format_hand(counts: ArrayLike, notation: str = "mpsz", *, red: ArrayLike | None = None) -> str:
    """Write a count vector in one notation, tiles in kind order.

    Args:
        counts: integer array-like of shape ``(34,)`` or ``(42,)``.
        notation: one of :data:`NOTATIONS`; mpsz gives e.g. ``"123m456p789s1122z"``.
        red: optional ``uint8[3]`` red fives per suit (m, p, s), written as ``0`` in mpsz just
            before the plain fives (``"055m"``); ignored by the other notations.

    Returns:
        A string that :func:`parse_hand` reads back to ``counts``.

    Raises:
        ValueError: a count vector of the wrong length, dtype, a negative count or too many
            copies (see :func:`validate_counts`); ``red`` not of length 3, or more red fives
            than fives.
    """
    c = validate_counts(counts)
    kinds = _kinds_of_counts(c)
    flags = [False] * len(kinds)
    if red is not None:
        r = validate_red(red, c)
        for s in range(3):
            n = int(r[s])
            if n:
                first = kinds.index(s * 9 + 4)
                for i in range(first, first + n):
                    flags[i] = True
    if notation not in NOTATIONS:
        raise ValueError(f"unknown notation {notation!r}; expected one of {NOTATIONS}")
    return format_tiles(kinds, notation, red=flags if notation == "mpsz" else None)


def validate_red(red: ArrayLike, counts: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """Check a red-five vector ``uint8[3]`` against ``counts``; return it as ``uint8``."""
    arr = np.asarray(red)
    if arr.shape != (3,) or arr.dtype.kind not in "iu":
        raise ValueError(f"red must be an integer array of shape (3,), got {arr!r}")
    for s in range(3):
        five = s * 9 + 4
        if not 0 <= int(arr[s]) <= int(counts[five]):
            raise ValueError(
                f"{int(arr[s])} red fives of {SUIT_NAMES[s]} but {int(counts[five])} copies of "
                f"{_label(five)}"
            )
    return arr.astype(np.uint8)
