"""riichienv (Rust core): 4-player Riichi, one hand (game_mode 0 = YON_IKKYOKU), random legal actions.

API (riichienv README / ``_riichienv.pyi``): ``RiichiEnv(game_mode, skip_mjai_logging, seed)``,
``reset() -> {player: Observation}``, ``step({player: Action}) -> {player: Observation}``,
``done()``, ``Observation.legal_actions()``. Like their ``RandomAgent``, each player that
receives an observation picks uniformly among ``legal_actions()``.

Counts: ``steps`` = ``env.step`` calls; ``decisions`` = actions chosen (one per observed player
per step, including pass-only choices the API asks for). The mjai event log is turned off
(``skip_mjai_logging=True``; it halves throughput) - set ``{"log": true}`` to keep it.
"""

from __future__ import annotations

import random
import time

from riichienv import RiichiEnv

VERSION_OF = "riichienv"


def setup(config: dict) -> dict:
    env = RiichiEnv(game_mode=0, skip_mjai_logging=not config.get("log", False), seed=0)
    return {"env": env, "rng": random.Random(config.get("seed", 0))}


def measure(ctx: dict, seconds: float) -> dict:
    env, rng = ctx["env"], ctx["rng"]
    hands = steps = decisions = 0
    t0 = time.perf_counter()
    while True:
        obs = env.reset()
        while not env.done():
            actions = {}
            for p, o in obs.items():
                actions[p] = rng.choice(o.legal_actions())
            decisions += len(actions)
            obs = env.step(actions)
            steps += 1
        hands += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            break
    return {
        "hands/s": hands / dt,
        "steps/s": steps / dt,
        "decisions/s": decisions / dt,
        "steps/hand": steps / hands,
        "hands": hands,
    }
