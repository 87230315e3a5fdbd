"""Throughput of mjsim's envs under Stable-Baselines3: MahjongSB3VecEnv vs SB3's vector envs of
single MahjongEnv tables.

    pip install -e ".[rl]"
    python benchmarks/sb3.py            # writes the "## Stable-Baselines3" section of RESULTS.md
    python benchmarks/sb3.py --quick --no-write

Two measurements, each interleaved (A B A B ...) with the median and min-max of the repeats:

- stepping through SB3's ``VecEnv`` API the way sb3-contrib's MaskablePPO does it: every step
  reads the masks (``get_action_masks(env)``, one ``env_method("action_masks")`` call), picks a
  uniformly random legal action per table and calls ``env.step``; decisions of the learner per
  second (same-step autoreset everywhere, so every step is a decision);
- ``MaskablePPO.learn`` (``MultiInputPolicy``, 2048 decisions per rollout, 4 epochs): decisions
  per second of training, the policy's forward and backward passes included.

mjsim: ``MahjongSB3VecEnv`` (N tables in one compiled call, one thread). Peers: SB3's
``SubprocVecEnv`` (one process per table, the usual way to parallelise Gymnasium envs) and
``DummyVecEnv`` (the tables stepped one after another in the calling process), each over
``MahjongEnv`` tables with the same variant, encoder (``planes-norm-v0``) and opponents (3
random in-kernel bots). torch runs on 1 thread.
"""

from __future__ import annotations

import os
import sys
import time

import numpy as np
from common import Row, Stat, bench_parser, command_line, interleave, machine_info, report

AREA = "sb3"
VARIANT = "sichuan"
OBS = "planes-norm-v0"


def _single(variant: str):
    def make():
        from mjsim.envs import MahjongEnv

        return MahjongEnv(variant, opponents="random", obs=OBS)

    return make


def make_env(kind: str, n: int, variant: str = VARIANT):
    """``kind`` = ``"mjsim"`` (MahjongSB3VecEnv), ``"subproc"`` or ``"dummy"`` over ``n``
    tables, seeded 0."""
    if kind == "mjsim":
        from mjsim.envs import MahjongSB3VecEnv

        env = MahjongSB3VecEnv(variant, n, opponents="random", obs=OBS, threads=1)
    elif kind == "subproc":
        from stable_baselines3.common.vec_env import SubprocVecEnv

        env = SubprocVecEnv([_single(variant)] * n)
    elif kind == "dummy":
        from stable_baselines3.common.vec_env import DummyVecEnv

        env = DummyVecEnv([_single(variant)] * n)
    else:
        raise ValueError(f"kind={kind!r}")
    env.seed(0)
    return env


def step_rate(env, seconds: float) -> float:
    """Decisions per second stepping ``env`` with random legal actions, masks read as
    MaskablePPO reads them."""
    from sb3_contrib.common.maskable.utils import get_action_masks

    rng = np.random.default_rng(0)
    env.reset()
    steps = 0
    t0 = time.perf_counter()
    while True:
        for _ in range(16):
            m = get_action_masks(env)
            env.step(np.argmax(rng.random(m.shape) * m, axis=1))
            steps += env.num_envs
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return steps / dt


def learn_rate(env, decisions: int) -> float:
    """Decisions per second of ``MaskablePPO.learn`` on ``env`` (2048 per rollout)."""
    from sb3_contrib import MaskablePPO

    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=max(1, 2048 // env.num_envs),
        batch_size=256,
        n_epochs=4,
        seed=0,
        device="cpu",
        verbose=0,
    )
    t0 = time.perf_counter()
    model.learn(total_timesteps=decisions)
    return model.num_timesteps / (time.perf_counter() - t0)


def run(quick: bool = False, variant: str = VARIANT) -> list[Row]:
    import torch

    torch.set_num_threads(1)
    repeats = 1 if quick else 3
    seconds = 0.5 if quick else 2.0
    rows: list[Row] = []
    envs = {
        ("mjsim", 16): make_env("mjsim", 16, variant),
        ("mjsim", 64): make_env("mjsim", 64, variant),
        ("subproc", 2): make_env("subproc", 2, variant),
        ("subproc", 16): make_env("subproc", 16, variant),
        ("dummy", 16): make_env("dummy", 16, variant),
    }
    try:
        stats = interleave(
            {f"{k}-{n}": (lambda e=e: step_rate(e, seconds)) for (k, n), e in envs.items()},
            repeats=repeats,
        )
        what = f"{variant}, {OBS}, random legal actions through the VecEnv API (masks as MaskablePPO reads them)"
        for n in (16, 64):
            for peer_kind, pn in (("subproc", 2), ("subproc", 16), ("dummy", 16)):
                rows.append(
                    Row(
                        AREA,
                        f"MahjongSB3VecEnv N={n} vs {_name(peer_kind)} of {pn} MahjongEnv: {what}",
                        "decisions/s",
                        mjsim=stats[f"mjsim-{n}"],
                        peer=f"{_name(peer_kind)} x{pn}",
                        peer_stat=stats[f"{peer_kind}-{pn}"],
                    )
                )
        decisions = 2048 if quick else 8192
        learn = interleave(
            {
                name: (lambda k=k, n=n: learn_rate(envs[(k, n)], decisions))
                for name, (k, n) in (
                    ("mjsim-16", ("mjsim", 16)),
                    ("subproc-16", ("subproc", 16)),
                    ("dummy-16", ("dummy", 16)),
                )
            },
            repeats=max(1, repeats - 1),
            warmup=False,
        )
        for peer in ("subproc-16", "dummy-16"):
            kind = peer.split("-")[0]
            rows.append(
                Row(
                    AREA,
                    f"MaskablePPO.learn, 16 tables: MahjongSB3VecEnv vs {_name(kind)} of 16 "
                    f"MahjongEnv ({variant}, {OBS}, MultiInputPolicy 64x64, 2048 decisions per "
                    "rollout, 4 epochs, torch 1 thread)",
                    "decisions/s",
                    mjsim=learn["mjsim-16"],
                    peer=f"{_name(kind)} x16",
                    peer_stat=learn[peer],
                )
            )
    finally:
        for e in envs.values():
            e.close()
    return rows


def _name(kind: str) -> str:
    return {"subproc": "SubprocVecEnv", "dummy": "DummyVecEnv"}[kind]


def main(argv: list[str] | None = None) -> int:
    ap = bench_parser(__doc__)
    ap.add_argument("--variant", default=VARIANT)
    a = ap.parse_args(argv)
    info = machine_info()
    rows = run(quick=a.quick, variant=a.variant)
    import sb3_contrib
    import stable_baselines3
    import torch

    intro = (
        f"Written by `benchmarks/sb3.py`. Command: `{command_line('sb3.py', argv)}`. "
        f"Stable-Baselines3 {stable_baselines3.__version__}, sb3-contrib "
        f"{sb3_contrib.__version__}, torch {torch.__version__} (1 thread). Decisions of the "
        "learner seat per second (every step is one: same-step autoreset in all three); "
        "medians of interleaved repeats, min-max in brackets; ratio > 1 = MahjongSB3VecEnv "
        "faster. SubprocVecEnv runs one process per table on the machine's cores."
    )
    report("## Stable-Baselines3", intro, rows, write=not a.no_write, info=info)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.exit(main())

__all__ = ["AREA", "Stat", "run"]
