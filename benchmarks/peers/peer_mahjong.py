"""The ``mahjong`` package (pure Python, Riichi): shanten and Riichi hand scoring.

``{"what": "shanten"}``: ``Shanten.calculate_shanten(tiles_34)`` (standard form, seven pairs
and thirteen orphans all considered - the package default) on random 13-tile hands dealt from
a shuffled wall. Rate: shanten/s.

``{"what": "score"}``: ``HandCalculator().estimate_hand_value(tiles_136, win_tile, config=
HandConfig(is_riichi=True, is_tsumo=...))`` on random concealed standard winning hands (4 sets
+ pair; riichi declared so every hand has a yaku; self-draw and discard wins alternate).
Rate: hands scored/s (yaku, han, fu and points).
"""

from __future__ import annotations

import time

from _hands import random_hands, random_winning_hands
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.shanten import Shanten

VERSION_OF = "mahjong"


def _to_136(counts: list[int]) -> list[int]:
    return [k * 4 + c for k in range(34) for c in range(counts[k])]


def setup(config: dict) -> dict:
    what = config["what"]
    seed = config.get("seed", 0)
    if what == "shanten":
        return {"what": what, "pool": random_hands(2000, 13, seed)}
    if what == "score":
        pool = []
        for i, (counts, win) in enumerate(random_winning_hands(1000, seed)):
            tiles = _to_136(counts)
            win136 = next(t for t in tiles if t // 4 == win)
            pool.append((tiles, win136, HandConfig(is_riichi=True, is_tsumo=bool(i % 2))))
        return {"what": what, "pool": pool, "calc": HandCalculator()}
    raise ValueError(f"what must be 'shanten' or 'score', got {what!r}")


def measure(ctx: dict, seconds: float) -> dict:
    pool = ctx["pool"]
    done = 0
    errors = 0
    t0 = time.perf_counter()
    if ctx["what"] == "shanten":
        calc = Shanten.calculate_shanten
        while True:
            for counts in pool:
                calc(counts)
            done += len(pool)
            dt = time.perf_counter() - t0
            if dt >= seconds:
                break
        return {"shanten/s": done / dt, "calls": done}
    hc = ctx["calc"]
    while True:
        for tiles, win, cfg in pool:
            if hc.estimate_hand_value(tiles, win, config=cfg).error:
                errors += 1
        done += len(pool)
        dt = time.perf_counter() - t0
        if dt >= seconds:
            break
    return {"hands/s": done / dt, "calls": done, "error_fraction": errors / done}
