"""Environment benchmark: PettingZoo AEC, Gymnasium and vector-env steps/s, beside RLCard.

    python benchmarks/envs.py [--quick] [--no-write] [--variant hebei]

Measures, in one run, interleaved A B A B after a warm-up (``benchmarks/common.py``):

* ``mahjong_v0`` AEC (wrapped exactly like PettingZoo's classic envs) with random masked
  actions, vs RLCard's mahjong through PettingZoo AEC (``rlcard_aec``, PettingZoo's former
  ``mahjong_v4`` rebuilt; ``benchmarks/peers/peer_rlcard.py``): one step = one decision.
* ``mahjong_v0`` raw env (no wrappers) vs RLCard's own API (``rlcard_raw``).
* Gymnasium ``mjsim/Mahjong-v0`` (one learner, in-kernel random opponents): learner steps/s;
  each includes the opponents' decisions up to the learner's next one.
* ``MahjongVectorEnv`` at N = 1, 64, 1024, 4096 with ``planes-v0`` (1 thread, and 2 threads
  at N >= 64), and N = 1024 with ``planes-v1`` / ``planes-v2``: env-steps/s (N learner steps
  per call), random masked actions drawn by a jitted helper, ``copy=False``.
* The vector env in self-play (``opponents=None``: every seat's decision is an env step, the
  unit of pgx's and mjx's batched envs) at N = 1024 and 4096, 1 and 2 threads, ``planes-v0``;
  and with riichi rules at N = 1024 beside mahjax's batched env (``jax.jit(jax.vmap(step))``
  over 1,024 tables on CPU JAX, ``benchmarks/peers/peer_mahjax.py``; not with ``--quick``).
* The vector env's memory per table (``MahjongVectorEnv.state_nbytes``), and its engine
  decisions/s beside ``mjsim.simulate``'s self-play loop in the same run (the share of the
  engine's speed the env keeps).

Writes the "## Envs" section of ``benchmarks/RESULTS.md`` only (unless ``--no-write``).
"""

from __future__ import annotations

import os
import sys
import time

import numba as nb
import numpy as np
from common import (
    Row,
    Stat,
    bench_parser,
    command_line,
    interleave,
    machine_info,
    report,
)

AREA = "envs"
VARIANT = "hebei"


# not cache=True: numba's disk cache records the module name this file was imported under
# (run_all: mjsim_bench_<area>; scripts: __main__ or a bare import) and a later run under
# another name failed to load it ("No module named 'mjsim_bench_envs'"); compiling it takes <1 s
@nb.njit
def _random_masked(masks, state, out):
    """One uniformly random legal action per row of ``masks`` (bool[N, A]) (xorshift64 in
    ``state[0]``); rows without a legal action get 0."""
    x = state[0]
    for t in range(masks.shape[0]):
        n = 0
        for a in range(masks.shape[1]):
            if masks[t, a]:
                n += 1
        if n == 0:
            out[t] = 0
            continue
        x ^= x << np.uint64(13)
        x ^= x >> np.uint64(7)
        x ^= x << np.uint64(17)
        j = np.int64(x % np.uint64(n))
        for a in range(masks.shape[1]):
            if masks[t, a]:
                if j == 0:
                    out[t] = a
                    break
                j -= 1
    state[0] = x


def _aec_rate(env, rng, seconds: float) -> float:
    steps = 0
    t0 = time.perf_counter()
    while True:
        env.reset()
        for _agent in env.agent_iter():
            obs, _r, term, trunc, _i = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return steps / dt


def _gym_rate(env, rng, seconds: float) -> float:
    steps = 0
    obs, _ = env.reset()
    t0 = time.perf_counter()
    while True:
        for _ in range(256):
            legal = np.flatnonzero(obs["action_mask"])
            obs, _r, done, _t, _i = env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            if done:
                obs, _ = env.reset()
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return steps / dt


def _vector_rate(env, seconds: float) -> float:
    n = env.num_envs
    acts = np.zeros(n, np.int64)
    st = np.array([0x9E3779B97F4A7C15], np.uint64)
    _obs, info = env.reset(seed=0)
    masks = info["action_mask"]
    calls = 0
    t0 = time.perf_counter()
    while True:
        for _ in range(max(1, 2048 // n)):
            _random_masked(masks, st, acts)
            _obs, _r, _te, _tr, info = env.step(acts)
            masks = info["action_mask"]
            calls += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return calls * n / dt


def _peer(measure_id: str, config: dict | None = None, name: str = "RLCard"):
    """(session, label) for a peer, or (None, error text)."""
    try:
        import peers

        s = peers.PeerSession(measure_id, config)
        s.__enter__()
        return s, f"{name} {s.header.get('version', '')}".strip()
    except Exception as exc:  # noqa: BLE001 - reported as "peer failed"
        return None, f"{type(exc).__name__}: {exc}"[:300]


def run(quick: bool = False, variant: str = VARIANT) -> list[Row]:
    """Measure every env interface (and RLCard beside the AEC and raw loops)."""
    import mjsim.envs as E

    seconds = 0.5 if quick else 2.0
    repeats = 1 if quick else 3
    rows: list[Row] = []
    rng = np.random.default_rng(0)

    # ---- AEC (wrapped) vs RLCard via PettingZoo
    aec = E.mahjong_v0.env(variant)
    aec.reset(seed=0)
    raw = E.mahjong_v0.raw_env(variant)
    raw.reset(seed=0)
    for api, env, peer_id, config, compared in (
        (
            "aec",
            aec,
            "rlcard_aec",
            f"AEC {variant} (PettingZoo wrappers), random masked actions",
            "PettingZoo AEC loop (agent_iter/last/step, 3 standard wrappers): RLCard mahjong "
            f"(PettingZoo's former mahjong_v4) vs mjsim mahjong_v0 ({variant}); 1 step = 1 decision",
        ),
        (
            "raw",
            raw,
            "rlcard_raw",
            f"raw_env {variant} (no wrappers), random masked actions",
            "each library's own single-table API: RLCard env.step vs mjsim mahjong_v0.raw_env "
            "(AEC without wrappers); 1 step = 1 decision",
        ),
    ):
        session, label = _peer(peer_id)
        fns = {"mjsim": lambda env=env: _aec_rate(env, rng, seconds)}
        if session is not None:
            fns["peer"] = lambda s=session: s.measure(seconds)["steps/s"]
        try:
            st = interleave(fns, repeats=repeats)
        finally:
            if session is not None:
                session.close()
        rows.append(
            Row(
                area=AREA,
                config=config,
                unit="steps/s",
                mjsim=st["mjsim"],
                peer=label if session is not None else f"RLCard ({peer_id})",
                peer_stat=st.get("peer"),
                compared=compared,
                note="" if session is not None else label,
                status="ok" if session is not None else "peer failed",
            )
        )
        _ = api

    # ---- Gymnasium single learner
    import gymnasium

    g = gymnasium.make("mjsim/Mahjong-v0", variant=variant, opponents="random", seat=0)
    g.reset(seed=0)
    st = interleave({"mjsim": lambda: _gym_rate(g.unwrapped, rng, seconds)}, repeats=repeats)
    rows.append(
        Row(
            area=AREA,
            config=f"Gymnasium mjsim/Mahjong-v0 {variant}, 1 learner vs 3 in-kernel random bots",
            unit="learner steps/s",
            mjsim=st["mjsim"],
            compared="no peer: one learner step includes the bots' decisions until the "
            "learner's next one",
        )
    )

    # ---- vector env
    configs = [
        (1, 1, "planes-v0"),
        (64, 1, "planes-v0"),
        (64, 2, "planes-v0"),
        (1024, 1, "planes-v0"),
        (1024, 2, "planes-v0"),
        (4096, 1, "planes-v0"),
        (4096, 2, "planes-v0"),
        (1024, 1, "planes-v1"),
        (1024, 1, "planes-v2"),
    ]
    selfplay = [(1024, 1), (1024, 2), (4096, 1), (4096, 2)]
    if quick:
        selfplay = [(1024, 1)]
    dps = _decisions_per_step(variant)
    for n, threads, obs in [*configs, *((n, t, None) for n, t in selfplay)]:
        mode = "random masked actions"
        if obs is None:  # self-play: every seat's decision is a step
            obs, mode = "planes-v0", "self-play (opponents=None), random masked actions"
            v = E.MahjongVectorEnv(variant, n, opponents=None, copy=False, threads=threads)
            what = "One env step = one decision of any seat (self-play; pgx's unit)"
            note = "1.0 engine decision per env step"
        else:
            v = E.MahjongVectorEnv(variant, n, obs=obs, copy=False, threads=threads)
            what = "One env step = one learner decision + the bots' decisions up to the next one"
            note = f"{dps:.1f} engine decisions per env step"
        st = interleave({"mjsim": lambda v=v: _vector_rate(v, seconds)}, repeats=repeats)
        v.close()
        rows.append(
            Row(
                area=AREA,
                config=f"MahjongVectorEnv {variant}, N={n}, {obs}, {threads} thread(s), {mode}",
                unit="env-steps/s",
                mjsim=st["mjsim"],
                compared=f"no peer; aim >= 500,000 env-steps/s. {what}",
                note=note,
            )
        )
    # ---- batched self-play beside mahjax (pgx-style JAX env, jit(vmap) on CPU), riichi rules
    if not quick:
        rows.append(_selfplay_vs_mahjax(E, seconds, repeats))
    # ---- the engine's ceiling: decisions/s of the vector env (env-steps/s x decisions per env
    # step) beside mjsim.simulate's self-play (random bots, 1 thread) in the same run
    v = E.MahjongVectorEnv(variant, 1024, copy=False, threads=1)
    st = interleave(
        {
            "mjsim": lambda: _vector_rate(v, seconds) * dps,
            "peer": lambda: _engine_rate(variant, seconds),
        },
        repeats=repeats,
    )
    rows.append(
        Row(
            area=AREA,
            config=f"MahjongVectorEnv {variant}, N=1024, planes-v0, 1 thread: engine decisions/s "
            "(env-steps/s x decisions per env step)",
            unit="decisions/s",
            mjsim=st["mjsim"],
            peer="mjsim.simulate, random bots, 1 thread (same run)",
            peer_stat=st["peer"],
            compared="the vector env's decisions/s vs the engine's own self-play loop: ratio = "
            "share of the engine's speed the env keeps (encoding, masks, autoreset, Python)",
            note=f"{dps:.1f} engine decisions per env step",
        )
    )
    b = v.state_nbytes()
    rows.append(
        Row(
            area=AREA,
            config=f"MahjongVectorEnv {variant}, planes-v0: memory per table",
            unit="bytes/table",
            mjsim=Stat.of([float(b["per_table"])]),
            compared="state_nbytes(): engine state + bookkeeping + observation + mask buffers",
            note=f"state {b['state'] // 1024} B, obs {b['observation'] // 1024} B, mask "
            f"{b['mask'] // 1024} B, bookkeeping {b['bookkeeping'] // 1024} B per table",
        )
    )
    return rows


def _selfplay_vs_mahjax(E, seconds: float, repeats: int, n: int = 1024) -> Row:
    """The self-play vector env (riichi, ``planes-v0``, 1 thread) and mahjax's batched env
    (``benchmarks/peers/peer_mahjax.py`` with ``batch = n``: one ``jax.jit(jax.vmap(step))``
    call per batch step), both one decision per table-step with random legal actions."""
    session, label = _peer("mahjax", {"batch": n}, "mahjax (CPU)")
    v = E.MahjongVectorEnv("riichi", n, opponents=None, copy=False, threads=1)
    fns = {"mjsim": lambda: _vector_rate(v, seconds)}
    if session is not None:
        fns["peer"] = lambda s=session: s.measure(seconds)["steps/s"]
    try:
        st = interleave(fns, repeats=repeats)
    finally:
        v.close()
        if session is not None:
            session.close()
    return Row(
        area=AREA,
        config=f"MahjongVectorEnv riichi, N={n}, planes-v0, 1 thread(s), self-play "
        "(opponents=None), random masked actions",
        unit="env-steps/s",
        mjsim=st["mjsim"],
        peer=label if session is not None else "mahjax (CPU)",
        peer_stat=st.get("peer"),
        compared=f"batched self-play, one decision per table-step, random legal actions: "
        f"mjsim's vector env (riichi, planes-v0) vs mahjax red_mahjong, jax.jit(jax.vmap) "
        f"over a batch of {n} on CPU JAX (its step computes its own observation; XLA may use "
        "both cores)",
        note="" if session is not None else label,
        status="ok" if session is not None else "peer failed",
    )


def _engine_rate(variant: str, seconds: float) -> float:
    """Engine decisions/s of ``mjsim.simulate`` (random bots, 1 thread, 64 hands per call)."""
    import mjsim

    dec = 0
    k = 0
    t0 = time.perf_counter()
    while True:
        res = mjsim.simulate(variant, 64, seed=k, threads=1)
        dec += int(res["decisions"].sum())
        k += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return dec / dt


def _decisions_per_step(variant: str, n: int = 256, steps: int = 200) -> float:
    """Mean engine decisions (learner's + bots', ``TV_N_DECISIONS``) per vector env step."""
    import mjsim.envs as E

    from mjsim.engine.state import TV_N_DECISIONS

    v = E.MahjongVectorEnv(variant, n, copy=False, threads=1)
    acts = np.zeros(n, np.int64)
    st = np.array([0x9E3779B97F4A7C15], np.uint64)
    _obs, info = v.reset(seed=1)
    total = 0
    env_steps = 0
    for _ in range(steps):
        before = v._state.tv[:, TV_N_DECISIONS].astype(np.int64)
        _random_masked(info["action_mask"], st, acts)
        live = info["action_mask"].any(1)
        _obs, _r, _te, _tr, info = v.step(acts)
        after = v._state.tv[:, TV_N_DECISIONS].astype(np.int64)
        total += int(np.where(live & (after >= before), after - before, 0).sum())
        env_steps += int(live.sum())
    return total / max(env_steps, 1)


def main(argv: list[str] | None = None) -> int:
    ap = bench_parser(__doc__)
    ap.add_argument("--variant", default=VARIANT)
    a = ap.parse_args(argv)
    info = machine_info()
    rows = run(quick=a.quick, variant=a.variant)
    intro = (
        f"Written by `benchmarks/envs.py`. Command: `{command_line('envs.py', argv)}`. "
        "Random masked actions; medians of interleaved repeats, min-max in brackets; ratio > 1 "
        "= mjsim faster."
    )
    report("## Envs", intro, rows, write=not a.no_write, info=info)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.exit(main())

__all__ = ["AREA", "Stat", "run"]
