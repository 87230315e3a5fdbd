"""RLCard mahjong (pure Python, Chinese mahjong without scoring), random legal actions.

``{"api": "raw"}``: RLCard's own env (``rlcard.make("mahjong")``, ``reset() -> (state,
player)``, ``step(action) -> (state, next_player)``, ``is_over()``; legal actions are the keys
of ``state["legal_actions"]``) - the loop of RLCard's ``examples/mahjong_random.py`` without
trajectory bookkeeping.

``{"api": "aec"}``: the same game through the PettingZoo AEC API. PettingZoo removed
``pettingzoo.classic.mahjong_v4`` in 1.22.3; every release that still has it (<= 1.22.2)
requires Python < 3.11, so it cannot be installed here. We rebuild ``mahjong_v4`` exactly as
PettingZoo defined it - a subclass of ``pettingzoo.classic.rlcard_envs.rlcard_base.RLCardBase``
(still shipped in current PettingZoo) with ``("mahjong", 4, (6, 34, 4))``, wrapped in
``TerminateIllegalWrapper(illegal_reward=-1)``, ``AssertOutOfBoundsWrapper`` and
``OrderEnforcingWrapper`` - and drive it with the standard ``agent_iter()`` / ``last()`` /
``step()`` loop, choosing uniformly among the ``action_mask``'s legal actions.

Counts: ``steps`` = decisions = actions applied (one acting player per step in RLCard).
"""

from __future__ import annotations

import random
import time

import rlcard

VERSION_OF = "rlcard"


def make_aec_env():
    """PettingZoo's former ``mahjong_v4.env()`` rebuilt on current PettingZoo (see module doc)."""
    from pettingzoo.classic.rlcard_envs.rlcard_base import RLCardBase
    from pettingzoo.utils import wrappers

    class MahjongV4(RLCardBase):
        metadata = {
            "render_modes": [],
            "name": "mahjong_v4",
            "is_parallelizable": False,
        }

        def __init__(self, render_mode=None):
            super().__init__("mahjong", 4, (6, 34, 4))
            self.render_mode = render_mode

    env = MahjongV4()
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    env = wrappers.OrderEnforcingWrapper(env)
    return env


def setup(config: dict) -> dict:
    seed = config.get("seed", 0)
    if config["api"] == "raw":
        env = rlcard.make("mahjong", {"seed": seed})
    elif config["api"] == "aec":
        env = make_aec_env()
        env.reset(seed=seed)
    else:
        raise ValueError(f"api must be 'raw' or 'aec', got {config['api']!r}")
    return {
        "api": config["api"],
        "env": env,
        "rng": random.Random(seed),
    }


def _raw_hand(env, rng) -> int:
    state, _ = env.reset()
    steps = 0
    while not env.is_over():
        state, _ = env.step(rng.choice(list(state["legal_actions"])))
        steps += 1
    return steps


def _aec_hand(env, rng) -> int:
    env.reset()
    steps = 0
    for _agent in env.agent_iter():
        obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            action = None
        else:
            # the same choice as mjsim's AEC loop (run_all.py mjsim_aec)
            action = rng.choice(obs["action_mask"].nonzero()[0].tolist())
            steps += 1
        env.step(action)
    return steps


def measure(ctx: dict, seconds: float) -> dict:
    env = ctx["env"]
    hands = steps = 0
    t0 = time.perf_counter()
    while True:
        if ctx["api"] == "raw":
            steps += _raw_hand(env, ctx["rng"])
        else:
            steps += _aec_hand(env, ctx["rng"])
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
