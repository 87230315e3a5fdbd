"""The one discrete action space shared by every variant.

======================  =========  ===============================================================
block                   ids        meaning
======================  =========  ===============================================================
``DISCARD + k``         0-33       discard one tile of kind ``k``
``KONG + k``            34-67      own-turn kong of kind ``k``: concealed (4 in hand) or added
                                   (upgrade an exposed pung with the fourth tile); on a
                                   kong-only kind (``kong_only_tiles``: wuhan 红中, anqing 发/白)
                                   it sets one tile aside and draws a replacement from the tail
``READY_DISCARD + k``   68-101     declare ready (报听) and discard kind ``k``
``CHOW_LOW``            102        chow the discard as the LOWEST tile of the sequence (k, k+1, k+2)
``CHOW_MID``            103        chow the discard as the MIDDLE tile (k-1, k, k+1)
``CHOW_HIGH``           104        chow the discard as the HIGHEST tile (k-2, k-1, k)
                                   (a discarded honour under ``honor_chows``: 102/103/104 leave
                                   out the lowest / middle / highest of the other three winds; a
                                   dragon takes the other two dragons with 102 only)
``PUNG``                105        pung the discard
``EXPOSED_KONG``        106        kong the discard with three in hand
``WIN``                 107        win: self-draw on one's own turn, or on the discard / the kong
                                   tile under reaction
``PASS``                108        decline every option of a reaction window
``CHOOSE_SUIT + s``     109-111    pre-play choice of the suit to void (定缺): 0 = m, 1 = p, 2 = s
``DECLARE + i``         112-119    variant declarations (opening small wins, seabed choice, ...;
                                   ``NINE_TERMINALS = DECLARE + 4``: riichi 九種九牌)
``KONG_DICE + k``       120-153    own-turn kong of kind ``k`` whose replacement is chosen by the
                                   dice (Changsha 开杠 as opposed to 补张; legal only when ready)
``READY_SHOWN + k``     154-187    declare a shown ready (明楼 / 明摸 / 明打: the hand is exposed)
                                   and discard kind ``k``
``CHOW_READY_LOW``      188        chow the discard as the lowest tile and declare ready at once
``CHOW_READY_MID``      189        (吃听, Harbin: ``chow_ready_any_seat``, from any seat; the
``CHOW_READY_HIGH``     190        claimer's next action must be a ``READY_DISCARD + k``), as the
                                   middle / the highest tile
(reserved)              191        unused; never legal
``BET + k``             192-196    pre-hand stake of ``k`` (``pre_hand_bet``):
                                   shaanxi 下炮子 ``k`` = 0-4 炮子; tianjin the dealer 坐庄
                                   (``k`` = 1) or not (0), a non-dealer 拉庄 ``k`` = 0-2 times;
                                   ``BET + 0`` is the pass
``SPECIAL_KONG + g``    197-200    expose a special kong from the dealt hand (``special_kongs``,
                                   changchun): 0 旋风杠 (E S W N), 1 喜杠 (白 发 中),
                                   2 幺蛋 (1m 1p 1s), 3 九蛋 (9m 9p 9s); a later copy of a
                                   group kind is added to it with ``KONG + k``
``FENG + j``            201-207    put honour ``27 + j`` out face up with a replacement from the
                                   tail (``honor_set_exposure``, weihai 放风 / 补风)
======================  =========  ===============================================================

``N_ACTIONS == 208``. The legality mask of a live decision always has at least one ``True``;
``PASS`` is legal wherever a seat may decline (discard reactions, robbing-a-kong window).
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

DISCARD = 0
KONG = 34
READY_DISCARD = 68
CHOW_LOW = 102
CHOW_MID = 103
CHOW_HIGH = 104
PUNG = 105
EXPOSED_KONG = 106
WIN = 107
PASS = 108
CHOOSE_SUIT = 109
DECLARE = 112
N_DECLARE = 8
NINE_TERMINALS = DECLARE + 4  # riichi 九種九牌: declare an abortive draw (riichi_aborts)
KONG_DICE = 120
READY_SHOWN = 154
CHOW_READY_LOW = 188
CHOW_READY_MID = 189
CHOW_READY_HIGH = 190
BET = 192  # pre-hand stakes (pre_hand_bet): BET + k, k = 0..N_BET - 1; BET + 0 = no stake
N_BET = 5
SPECIAL_KONG = 197  # special kongs (special_kongs): SPECIAL_KONG + g, g = 0..3
N_SPECIAL_KONG = 4
FENG = 201  # 放风 / 补风 (honor_set_exposure): FENG + j puts honour 27 + j out
N_FENG = 7
N_ACTIONS = 208

_SUITS = "mps"
_HONORS = ("E", "S", "W", "N", "P", "F", "C")  # 1z..7z: East South West North White Green Red


def _kind_name(k: int) -> str:
    if k < 27:
        return f"{k % 9 + 1}{_SUITS[k // 9]}"
    return f"{k - 26}z"


def _parse_kind(tok: str) -> int:
    tok = tok.strip()
    m = re.fullmatch(r"([1-9])([mpsz])", tok)
    if m:
        r, s = int(m.group(1)), m.group(2)
        if s == "z":
            if r > 7:
                raise ValueError(f"bad tile {tok!r}: honours are 1z-7z")
            return 26 + r
        return 9 * _SUITS.index(s) + r - 1
    if tok.isdigit() and 0 <= int(tok) < 34:
        return int(tok)
    raise ValueError(f"bad tile {tok!r}: expected e.g. '5m', '7z' or a kind 0-33")


def encode_discard(kind: int) -> int:
    """Action id of discarding ``kind`` (0-33)."""
    return DISCARD + _check_kind(kind)


def encode_kong(kind: int) -> int:
    """Action id of an own-turn (concealed or added) kong of ``kind``."""
    return KONG + _check_kind(kind)


def encode_bet(k: int) -> int:
    """Action id of a pre-hand stake of ``k`` (0..N_BET-1; ``pre_hand_bet``)."""
    if isinstance(k, bool) or not 0 <= int(k) < N_BET:
        raise ValueError(f"bet {k!r} outside 0..{N_BET - 1}")
    return BET + int(k)


def encode_ready_discard(kind: int) -> int:
    """Action id of declaring ready while discarding ``kind``."""
    return READY_DISCARD + _check_kind(kind)


def _check_kind(kind: int) -> int:
    if not 0 <= int(kind) < 34:
        raise ValueError(f"tile kind {kind!r} outside 0-33")
    return int(kind)


def decode(action: int) -> tuple[str, int]:
    """``(block name, argument)``; e.g. ``decode(5) == ("discard", 5)``, ``decode(108) == ("pass", -1)``.

    Raises ``ValueError`` for an id outside ``0..N_ACTIONS-1``.
    """
    a = int(action)
    if a < 0 or a >= N_ACTIONS:
        raise ValueError(f"action {action!r} outside 0..{N_ACTIONS - 1}")
    if a < KONG:
        return "discard", a
    if a < READY_DISCARD:
        return "kong", a - KONG
    if a < CHOW_LOW:
        return "ready_discard", a - READY_DISCARD
    if a < CHOOSE_SUIT:
        return (
            ("chow_low", "chow_mid", "chow_high", "pung", "exposed_kong", "win", "pass")[
                a - CHOW_LOW
            ],
            -1,
        )
    if a < DECLARE:
        return "choose_suit", a - CHOOSE_SUIT
    if a < KONG_DICE:
        return "declare", a - DECLARE
    if a < READY_SHOWN:
        return "kong_dice", a - KONG_DICE
    if a < CHOW_READY_LOW:
        return "ready_shown", a - READY_SHOWN
    if a <= CHOW_READY_HIGH:
        return ("chow_ready_low", "chow_ready_mid", "chow_ready_high")[a - CHOW_READY_LOW], -1
    if a >= FENG:
        return "feng", 27 + a - FENG
    if a >= SPECIAL_KONG:
        return "special_kong", a - SPECIAL_KONG
    if a >= BET:
        return "bet", a - BET
    return "reserved", -1


def action_name(action: int) -> str:
    """Readable name: ``"discard 5m"``, ``"kong 1z"``, ``"ready_discard 9s"``, ``"pung"``,
    ``"choose_suit p"``, ``"declare 0"``, ``"bet 2"``."""
    block, arg = decode(action)
    if block in ("discard", "kong", "ready_discard", "kong_dice", "ready_shown", "feng"):
        return f"{block} {_kind_name(arg)}"
    if block == "choose_suit":
        return f"choose_suit {_SUITS[arg]}"
    if block in ("declare", "bet", "special_kong"):
        return f"{block} {arg}"
    return block


def action_from_name(name: str) -> int:
    """Inverse of :func:`action_name` (case-insensitive); ``ValueError`` on a bad name."""
    parts = name.strip().lower().split()
    if not parts:
        raise ValueError("empty action name")
    block = parts[0]
    simple = {
        "chow_low": CHOW_LOW,
        "chow_mid": CHOW_MID,
        "chow_high": CHOW_HIGH,
        "pung": PUNG,
        "exposed_kong": EXPOSED_KONG,
        "win": WIN,
        "pass": PASS,
        "chow_ready_low": CHOW_READY_LOW,
        "chow_ready_mid": CHOW_READY_MID,
        "chow_ready_high": CHOW_READY_HIGH,
        "reserved": CHOW_READY_HIGH + 1,
    }
    if block in simple and len(parts) == 1:
        return simple[block]
    bases = {
        "discard": DISCARD,
        "kong": KONG,
        "ready_discard": READY_DISCARD,
        "kong_dice": KONG_DICE,
        "ready_shown": READY_SHOWN,
        "feng": FENG - 27,
    }
    if block in bases and len(parts) == 2:
        base = bases[block]
        k = _parse_kind(parts[1])
        if block == "feng" and k < 27:
            raise ValueError(f"bad action name {name!r}: feng takes an honour 1z-7z")
        return base + k
    if block == "choose_suit" and len(parts) == 2 and parts[1] in ("m", "p", "s"):
        return CHOOSE_SUIT + _SUITS.index(parts[1])
    if block == "declare" and len(parts) == 2 and parts[1].isdigit() and int(parts[1]) < N_DECLARE:
        return DECLARE + int(parts[1])
    if block == "bet" and len(parts) == 2 and parts[1].isdigit() and int(parts[1]) < N_BET:
        return BET + int(parts[1])
    if (
        block == "special_kong"
        and len(parts) == 2
        and parts[1].isdigit()
        and int(parts[1]) < N_SPECIAL_KONG
    ):
        return SPECIAL_KONG + int(parts[1])
    raise ValueError(
        f"bad action name {name!r}; expected e.g. 'discard 5m', 'kong 1z', 'ready_discard 9s', "
        "'chow_low', 'pung', 'exposed_kong', 'win', 'pass', 'choose_suit p', 'declare 0', 'bet 0', 'special_kong 0', 'feng 1z'"
    )


ACTION_NAMES: tuple[str, ...] = tuple(action_name(a) for a in range(N_ACTIONS))


def check_action(value: Any, name: str = "action") -> int:
    """An action id from Python: an ``int``, a numpy integer or a 0-d integer array, as ``int``.

    Raises ``ValueError`` naming ``name`` for anything else (a float such as ``1.5`` was
    silently truncated to action 1; a string raised ``int()``'s own message)."""
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value[()]
    if not isinstance(value, int | np.integer) or isinstance(value, bool | np.bool_):
        raise ValueError(
            f"{name}={value!r} must be an integer action id, not {type(value).__name__}"
        )
    return int(value)
