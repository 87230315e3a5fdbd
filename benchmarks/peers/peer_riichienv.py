"""riichienv (Rust core): 4-player Riichi, one hand (game_mode 0 = YON_IKKYOKU), random legal actions.

API (riichienv README / ``_riichienv.pyi``): ``RiichiEnv(game_mode, skip_mjai_logging, seed)``,
``reset() -> {player: Observation}``, ``step({player: Action}) -> {player: Observation}``,
``done()``, ``Observation.legal_actions()``. Like their ``RandomAgent``, each player that
receives an observation picks uniformly among ``legal_actions()``.

Counts: ``steps`` = ``env.step`` calls; ``decisions`` = actions chosen (one per observed player
per step, including pass-only choices the API asks for). The mjai event log is turned off
(``skip_mjai_logging=True``; it halves throughput) - set ``{"log": true}`` to keep it.

Red fives: riichienv deals one red five of each suit (0m / 0p / 0s, tile ids 16 / 52 / 88) in
every game mode (its modes are named ``4p-red-single``, ``4p-red-east``, ...) and has no option
to turn them off; its mjai log shows ``5mr`` / ``5pr`` / ``5sr``.

``{"encode": true}`` (the per-step Python API row, measure ``riichienv_obs``): each observed
player's ``Observation.encode()`` (the (74, 34) float32 feature tensor a policy reads) is turned
into a numpy array before its action is chosen, as a single-env RL loop does.
"""

from __future__ import annotations

import random
import time

import numpy as np
from riichienv import RiichiEnv

VERSION_OF = "riichienv"


def setup(config: dict) -> dict:
    env = RiichiEnv(game_mode=0, skip_mjai_logging=not config.get("log", False), seed=0)
    return {
        "env": env,
        "rng": random.Random(config.get("seed", 0)),
        "encode": bool(config.get("encode", False)),
    }


def measure(ctx: dict, seconds: float) -> dict:
    env, rng, encode = ctx["env"], ctx["rng"], ctx["encode"]
    hands = steps = decisions = 0
    t0 = time.perf_counter()
    while True:
        obs = env.reset()
        while not env.done():
            actions = {}
            for p, o in obs.items():
                if encode:
                    np.frombuffer(o.encode(), dtype=np.float32).reshape(74, 34)
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
        "decisions/step": decisions / steps,
        "hands": hands,
    }
