"""Self-play on the vector env: one policy plays every seat of ``--num-envs`` tables (torch only).

    pip install -e ".[rl]"
    python examples/selfplay_vector.py --variant sichuan --iterations 50

``MahjongVectorEnv(opponents=None)`` makes every seat's decision an env step: the step returns
the observation and mask of the seat to act (``info["current_player"]``) and the points change
of EVERY seat (``rewards`` is ``float[N, n_players]``): a hand's settlement pays the winner and
charges the others on the same step, whoever acted. So the trajectory of a table interleaves
four players, and the credit must follow each seat: here the return of a decision is the sum
of the acting seat's rewards from that step to the end of the hand (Monte Carlo, undiscounted,
one hand per episode), and a decision of a hand still in play when the rollout stops is left
out of that update. ``autoreset_mode="same_step"``: a finished table starts its next hand in
the same step, so no step is wasted. One PPO-style clipped update per rollout, the value head
as a baseline. At the end the policy takes seat 0 against random and greedy bots on fixed deals
(``mjsim.envs.evaluation.evaluate``).

Stable-Baselines3 cannot run this directly: it keeps one trajectory per table and credits each
step's reward to the previous step of the same table, which here is another seat's decision.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

try:
    import torch
    from torch import nn
    from torch.distributions import Categorical
except ImportError as exc:  # torch is an optional extra
    raise SystemExit('this example needs torch: pip install -e ".[rl]"') from exc

from mjsim.envs import MahjongVectorEnv
from mjsim.envs.evaluation import evaluate

from mjsim.actions import N_ACTIONS


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="sichuan")
    ap.add_argument("--obs", default="planes-norm-v0")
    ap.add_argument("--num-envs", type=int, default=32)
    ap.add_argument("--num-steps", type=int, default=256, help="rollout length per table")
    ap.add_argument("--iterations", type=int, default=20)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--ent-coef", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--eval-episodes", type=int, default=256)
    ap.add_argument("--eval-seed", type=int, default=1_000_000)
    return ap.parse_args(argv)


class Net(nn.Module):
    """Shared body, masked policy head and value head over the flattened planes."""

    def __init__(self, n_inputs: int, hidden: int = 128) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Flatten(), nn.Linear(n_inputs, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh()
        )  # fmt: skip
        self.pi = nn.Linear(hidden, N_ACTIONS)
        self.v = nn.Linear(hidden, 1)

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> tuple[Categorical, torch.Tensor]:
        h = self.body(x)
        return Categorical(logits=self.pi(h).masked_fill(~mask, -1e8)), self.v(h).squeeze(-1)


def seat_returns(
    rewards: np.ndarray, terminated: np.ndarray, seats: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Per decision: the acting seat's rewards summed from its step to the end of its hand,
    and whether that hand ended within the rollout.

    ``rewards``: ``float[T, N, n_players]`` (every seat's points change per step),
    ``terminated``: ``bool[T, N]``, ``seats``: ``int[T, N]`` (the seat that acted). Returns
    ``(returns float[T, N], complete bool[T, N])``."""
    T, N, n = rewards.shape
    running = np.zeros((N, n))
    finished = np.zeros(N, bool)
    out = np.zeros((T, N))
    complete = np.zeros((T, N), bool)
    rows = np.arange(N)
    for k in reversed(range(T)):
        end = terminated[k]
        running[end] = 0.0  # later rewards belong to the next hand of that table
        finished |= end
        running += rewards[k]
        out[k] = running[rows, seats[k]]
        complete[k] = finished
    return out, complete


def main(argv: list[str] | None = None) -> dict[str, float]:
    a = parse(argv)
    torch.manual_seed(a.seed)
    torch.set_num_threads(1)
    env = MahjongVectorEnv(
        a.variant, a.num_envs, opponents=None, obs=a.obs, autoreset_mode="same_step"
    )
    N, T, n = a.num_envs, a.num_steps, env.n_players
    shape = env.single_observation_space["observation"].shape
    net = Net(int(np.prod(shape)))
    opt = torch.optim.Adam(net.parameters(), lr=a.lr)
    o, info = env.reset(seed=a.seed)
    t0 = time.time()
    for it in range(1, a.iterations + 1):
        obs = np.zeros((T, N, *shape), np.float32)
        masks = np.zeros((T, N, N_ACTIONS), bool)
        seats = np.zeros((T, N), np.int64)
        acts = np.zeros((T, N), np.int64)
        logps = np.zeros((T, N), np.float32)
        rew = np.zeros((T, N, n))
        term = np.zeros((T, N), bool)
        for k in range(T):
            obs[k] = o["observation"]
            masks[k] = info["action_mask"].astype(bool)
            seats[k] = info["current_player"]
            with torch.no_grad():
                dist, _ = net(torch.as_tensor(obs[k]), torch.as_tensor(masks[k]))
                act = dist.sample()
            acts[k] = act.numpy()
            logps[k] = dist.log_prob(act).numpy()
            o, rew[k], term[k], _, info = env.step(acts[k])
        ret, ok = seat_returns(rew, term, seats)
        sel = torch.as_tensor(ok.reshape(-1))
        x = torch.as_tensor(obs.reshape(-1, *shape))[sel]
        m = torch.as_tensor(masks.reshape(-1, N_ACTIONS))[sel]
        b_act = torch.as_tensor(acts.reshape(-1))[sel]
        b_logp = torch.as_tensor(logps.reshape(-1))[sel]
        b_ret = torch.as_tensor(ret.reshape(-1), dtype=torch.float32)[sel]
        for _ in range(a.epochs):
            dist, v = net(x, m)
            adv = (b_ret - v).detach()
            adv = (adv - adv.mean()) / (adv.std() + 1e-8)
            ratio = (dist.log_prob(b_act) - b_logp).exp()
            pg = -torch.min(adv * ratio, adv * ratio.clamp(1 - a.clip, 1 + a.clip)).mean()
            loss = pg + 0.5 * ((b_ret - v) ** 2).mean() - a.ent_coef * dist.entropy().mean()
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 0.5)
            opt.step()
        hands = int(term.sum())
        print(f"iteration {it}: {hands} hands, {int(ok.sum())}/{T * N} decisions used, "
              f"{T * N * it / (time.time() - t0):.0f} decisions/s")  # fmt: skip

    def act_fn(o: dict[str, np.ndarray], mk: np.ndarray) -> np.ndarray:
        with torch.no_grad():
            x = torch.as_tensor(o["observation"], dtype=torch.float32)
            dist, _ = net(x, torch.as_tensor(mk).bool())
            return dist.probs.argmax(1).numpy()

    out = {}
    for opp in ("random", "greedy"):
        ev = evaluate(
            act_fn, a.variant, opponents=opp, episodes=a.eval_episodes, seed=a.eval_seed, obs=a.obs
        )
        print(f"seat 0 vs 3 {opp} bots: {ev}")
        out[opp] = ev.mean
    env.close()
    return out


if __name__ == "__main__":
    main()
