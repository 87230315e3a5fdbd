"""MaskablePPO (sb3-contrib) for one learner seat against in-kernel bots, then an evaluation
against random and greedy opponents on the same deals.

    pip install -e ".[rl]"
    python examples/sb3_maskable_ppo.py --variant sichuan --steps 100000

- The env is ``mjsim.envs.MahjongSB3VecEnv``: ``--num-envs`` tables stepped in one compiled
  call, a Stable-Baselines3 ``VecEnv`` with same-step autoreset (every transition is a real
  decision) and ``env_method("action_masks")``, which MaskablePPO reads before each step so it
  samples legal actions only.
- Observations ``planes-norm-v0`` (float32 in [0, 1]) and the int8 mask, both fed to
  ``MultiInputPolicy``; no ``VecNormalize`` needed (if you add one, give it
  ``norm_obs_keys=["observation"]`` so the mask is never rescaled).
- Rewards: the learner's points (``--shaping`` adds the opt-in shanten shaping; the evaluation
  always counts raw points).
- Evaluation: ``mjsim.envs.evaluation.evaluate`` plays ``--eval-episodes`` one-hand episodes on
  fixed deals (seed ``--eval-seed``) against 3 random and against 3 greedy bots, for a
  uniformly random policy and for the trained one (deterministic), so the two rows differ by
  the policy only. Prints mean points per hand with its standard error.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

try:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import VecMonitor
except ImportError as exc:  # optional dependencies: the rl extra
    raise SystemExit('this example needs the rl extra: pip install -e ".[rl]"') from exc

from mjsim.envs import MahjongSB3VecEnv
from mjsim.envs.evaluation import evaluate, random_policy
from mjsim.envs.sb3 import sb3_policy


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="sichuan")
    ap.add_argument("--opponents", default="random", help="training opponents (in-kernel bots)")
    ap.add_argument("--obs", default="planes-norm-v0")
    ap.add_argument("--num-envs", type=int, default=16)
    ap.add_argument("--steps", type=int, default=50_000, help="training decisions in all")
    ap.add_argument("--n-steps", type=int, default=128, help="rollout length per table")
    ap.add_argument("--shaping", action="store_true", help="add shanten reward shaping")
    ap.add_argument("--eval-episodes", type=int, default=256)
    ap.add_argument("--eval-seed", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", default=None, help="save the model to this path (.zip)")
    return ap.parse_args(argv)


def make_model(a: argparse.Namespace) -> tuple[MaskablePPO, Any]:
    """The vectorised env and a MaskablePPO over it."""
    env = MahjongSB3VecEnv(
        a.variant,
        a.num_envs,
        opponents=a.opponents,
        obs=a.obs,
        reward_shaping="shanten" if a.shaping else None,
        threads=1,
    )
    env.seed(a.seed)
    env = VecMonitor(env)  # episode returns and lengths in infos[i]["episode"]
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=a.n_steps,
        batch_size=min(256, a.n_steps * a.num_envs),
        n_epochs=4,
        gamma=0.995,
        gae_lambda=0.95,
        ent_coef=0.01,
        learning_rate=3e-4,
        policy_kwargs={"net_arch": [128, 128]},
        seed=a.seed,
        device="cpu",
        verbose=0,
    )
    return model, env


def evaluate_both(act: Any, a: argparse.Namespace) -> dict[str, Any]:
    """Mean points per hand of ``act`` against random and against greedy bots, fixed deals."""
    return {
        opp: evaluate(
            act,
            a.variant,
            opponents=opp,
            episodes=a.eval_episodes,
            seed=a.eval_seed,
            obs=a.obs,
        )
        for opp in ("random", "greedy")
    }


def main(argv: list[str] | None = None) -> dict[str, dict[str, Any]]:
    a = parse(argv)
    torch.set_num_threads(1)
    model, env = make_model(a)
    results = {"random policy": evaluate_both(random_policy(a.seed), a)}
    t0 = time.perf_counter()
    model.learn(total_timesteps=a.steps)
    dt = time.perf_counter() - t0
    print(
        f"{a.variant}: {model.num_timesteps} decisions in {dt:.0f} s ({model.num_timesteps / dt:.0f}/s)"
    )
    results["MaskablePPO"] = evaluate_both(sb3_policy(model), a)
    print(f"mean points per hand of seat 0, {a.eval_episodes} fixed deals (seed {a.eval_seed}):")
    print(f"{'policy':>15}  {'vs random':>22}  {'vs greedy':>22}")
    for name, row in results.items():
        cells = [f"{row[o].mean:+.3f} ± {row[o].stderr:.3f}" for o in ("random", "greedy")]
        print(f"{name:>15}  {cells[0]:>22}  {cells[1]:>22}")
    if a.save:
        model.save(a.save)
    env.close()
    return results


if __name__ == "__main__":
    main()
