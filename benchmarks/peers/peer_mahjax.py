"""mahjax (JAX, pgx-style API) on CPU: 4-player Riichi, one hand (``round_mode="single"``).

API (mahjax README): ``mahjax.make(env_id, round_mode=...)``; ``env.init(key)``,
``env.step(state, action, key)``; ``state.legal_action_mask``, ``state.terminated``,
``state.truncated``; batched with ``jax.jit(jax.vmap(...))``.

One jitted call advances ``batch`` tables by one step each: a uniform random legal action per
table (``jax.random.categorical`` over the masked logits), ``env.step``, and tables that
finished are replaced by fresh ``env.init`` states (``lax.cond`` skips the init when no table
finished). ``steps/s`` counts table-steps (batch x calls); ``hands/s`` counts finished tables.
Compilation happens in ``setup`` and is reported as ``setup_s``, not in the rates.
Config: ``env_id`` (default ``"red_mahjong"``: standard 4-player Riichi with red fives, the
rule set of mahjax's README example and the one mjsim's ``riichi`` plays; ``"no_red_mahjong"``
has no red fives and is about 2x faster per mahjax's README), ``batch`` (default 1).
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import mahjax  # noqa: E402

VERSION_OF = "mahjax"


def setup(config: dict) -> dict:
    env_id = config.get("env_id", "red_mahjong")
    batch = int(config.get("batch", 1))
    env = mahjax.make(env_id, round_mode="single")
    init_v = jax.vmap(env.init)
    step_v = jax.vmap(env.step)

    def advance(state, key):
        k_act, k_step, k_init = jax.random.split(key, 3)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        action = jax.random.categorical(k_act, logits, axis=-1)
        state = step_v(state, action, jax.random.split(k_step, batch))
        done = state.terminated | state.truncated

        def refill(s):
            fresh = init_v(jax.random.split(k_init, batch))

            def pick(f, x):
                return jnp.where(done.reshape(done.shape + (1,) * (x.ndim - 1)), f, x)

            return jax.tree_util.tree_map(pick, fresh, s)

        state = jax.lax.cond(done.any(), refill, lambda s: s, state)
        return state, done.sum()

    advance_j = jax.jit(advance)
    key = jax.random.PRNGKey(config.get("seed", 0))
    key, sub = jax.random.split(key)
    state = jax.jit(init_v)(jax.random.split(sub, batch))
    key, sub = jax.random.split(key)
    state, n = advance_j(state, sub)  # compile
    jax.block_until_ready(state)
    return {"advance": advance_j, "state": state, "key": key, "batch": batch}


def measure(ctx: dict, seconds: float) -> dict:
    advance, state, key, batch = ctx["advance"], ctx["state"], ctx["key"], ctx["batch"]
    calls = 0
    done_total = 0
    t0 = time.perf_counter()
    while True:
        for _ in range(16):
            key, sub = jax.random.split(key)
            state, n = advance(state, sub)
            done_total += n  # stays a device array: no host sync inside the loop
            calls += 1
        jax.block_until_ready(state)
        dt = time.perf_counter() - t0
        if dt >= seconds:
            break
    hands = int(done_total)
    dt = time.perf_counter() - t0
    ctx["state"], ctx["key"] = state, key
    return {
        "hands/s": hands / dt,
        "steps/s": calls * batch / dt,
        "decisions/s": calls * batch / dt,
        "steps/hand": (calls * batch / hands) if hands else None,
        "hands": hands,
        "batch": batch,
    }
