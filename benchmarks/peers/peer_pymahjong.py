"""pymahjong (C++ core): 4-player Riichi, one hand, random legal actions.

API (``pymahjong/test.py``, their own random-play test): ``MahjongEnv()``, ``reset(oya,
game_wind)``, ``is_over()``, ``get_curr_player_id()``, ``get_valid_actions(nhot=True)``,
``get_obs(player)``, ``step(player, action)``. The env skips decisions that have a single
option, so ``steps`` = ``decisions`` = choices with >= 2 options. Like their test we build the
acting player's observation at every decision (``{"obs": false}`` drops it).

Red fives: pymahjong's C++ wall always holds one red five of each suit (``0m`` / ``0p`` / ``0s``
in ``Table.yama``; discarding one is a separate action, 34-36), with no option to turn them off.
Its deal is shuffled from a seed that ``reset`` takes from the clock unless given one, and in
1.1.2 ``reset(seed=...)`` fails (``Table`` has ``set_seed`` but no ``seed``), so the hands
started within one second share their deal (the random actions still differ).
"""

from __future__ import annotations

import time

import numpy as np
from pymahjong import MahjongEnv

VERSION_OF = "pymahjong"


def setup(config: dict) -> dict:
    return {
        "env": MahjongEnv(),
        "rng": np.random.default_rng(config.get("seed", 0)),
        "obs": config.get("obs", True),
    }


def measure(ctx: dict, seconds: float) -> dict:
    env, rng, want_obs = ctx["env"], ctx["rng"], ctx["obs"]
    hands = steps = 0
    t0 = time.perf_counter()
    while True:
        env.reset(oya=hands % 4, game_wind="east")
        while not env.is_over():
            p = env.get_curr_player_id()
            mask = env.get_valid_actions(nhot=True)
            if want_obs:
                env.get_obs(p)
            legal = np.flatnonzero(mask)
            env.step(p, int(legal[rng.integers(len(legal))]))
            steps += 1
        hands += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            break
    return {
        "hands/s": hands / dt,
        "steps/s": steps / dt,
        "decisions/s": steps / dt,
        "steps/hand": steps / hands,
        "hands": hands,
    }
