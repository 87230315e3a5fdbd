"""Learning curves of the MaskablePPO recipe: mean points per hand against random and greedy bots
over training decisions, on the same fixed deals at every evaluation.

    pip install -e ".[rl]"
    nice -n 19 python benchmarks/learning_curves.py --variant sichuan --minutes 15

Trains ``examples/sb3_maskable_ppo.py``'s model (MahjongSB3VecEnv, planes-norm-v0, 3 random
in-kernel bots as training opponents, torch on 1 thread) for ``--minutes`` of wall time and
evaluates it every ``--every`` decisions - and once before training - with
``mjsim.envs.evaluation.evaluate``: seat 0, ``--eval-episodes`` one-hand episodes on the deals
of seeds ``--eval-seed`` ..., against 3 random and against 3 greedy bots (deterministic
policy). A uniformly random policy on the same deals is the baseline. Writes
``docs/training_curves.png`` and ``docs/training_curves.csv`` and prints the table.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "examples"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="sichuan")
    ap.add_argument("--minutes", type=float, default=15.0, help="training wall time")
    ap.add_argument("--every", type=int, default=20_000, help="decisions between evaluations")
    ap.add_argument("--eval-episodes", type=int, default=512)
    ap.add_argument("--eval-seed", type=int, default=1_000_000)
    ap.add_argument("--num-envs", type=int, default=16)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--png", default=str(REPO / "docs" / "training_curves.png"))
    ap.add_argument("--csv", default=str(REPO / "docs" / "training_curves.csv"))
    a = ap.parse_args(argv)

    import sb3_maskable_ppo as recipe
    import torch
    from mjsim.envs.evaluation import random_policy
    from mjsim.envs.sb3 import sb3_policy
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(1)
    ra = recipe.parse(
        [
            "--variant", a.variant,
            "--num-envs", str(a.num_envs),
            "--eval-episodes", str(a.eval_episodes),
            "--eval-seed", str(a.eval_seed),
            "--seed", str(a.seed),
        ]
    )  # fmt: skip
    model, env = recipe.make_model(ra)
    rows: list[dict[str, float]] = []
    t_train = 0.0

    def record(steps: int) -> None:
        ev = recipe.evaluate_both(sb3_policy(model), ra)
        row = {"decisions": steps, "train_seconds": round(t_train, 1)}
        for opp, e in ev.items():
            row[f"vs_{opp}"] = e.mean
            row[f"vs_{opp}_se"] = e.stderr
        rows.append(row)
        print(
            f"{steps:8d} decisions  {t_train / 60:5.1f} min  vs random {ev['random']}  "
            f"vs greedy {ev['greedy']}",
            flush=True,
        )

    baseline = recipe.evaluate_both(random_policy(a.seed), ra)
    print(f"random policy: vs random {baseline['random']}  vs greedy {baseline['greedy']}")
    record(0)
    deadline = a.minutes * 60

    class Every(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.next = a.every
            self.t0 = time.perf_counter()

        def _on_step(self) -> bool:
            nonlocal t_train
            if self.num_timesteps >= self.next:
                t_train += time.perf_counter() - self.t0
                record(self.num_timesteps)
                self.next += a.every
                self.t0 = time.perf_counter()
            return t_train + time.perf_counter() - self.t0 < deadline

    model.learn(total_timesteps=10**9, callback=Every())
    env.close()

    with open(a.csv, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    x = [r["decisions"] for r in rows]
    for opp, colour in (("random", "tab:blue"), ("greedy", "tab:red")):
        y = [r[f"vs_{opp}"] for r in rows]
        se = [r[f"vs_{opp}_se"] for r in rows]
        ax.errorbar(x, y, yerr=se, color=colour, marker="o", ms=3, capsize=2,
                    label=f"MaskablePPO vs 3 {opp} bots")  # fmt: skip
        ax.axhline(baseline[opp].mean, color=colour, ls="--", lw=1,
                   label=f"random policy vs 3 {opp} bots")  # fmt: skip
    ax.axhline(0, color="grey", lw=0.5)
    ax.set(
        xlabel="training decisions of the learner (trained against 3 random bots)",
        ylabel="mean points per hand (seat 0)",
        title=f"{a.variant}: {a.eval_episodes} fixed deals per point (seed {a.eval_seed}), ± 1 s.e.",
    )
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(a.png, dpi=110)
    print(f"wrote {a.png} and {a.csv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
