"""Train a small masked policy against in-kernel random opponents (torch CPU, a few minutes).

    pip install torch==2.13.0          # optional extra: mjsim[torch]
    python examples/train_masked_policy.py --minutes 4 --variant hebei --png curve.png

Actor-critic (advantage = discounted return - value baseline, entropy bonus) on
``mjsim.envs.MahjongVectorEnv``: N tables stepped in one jitted call, ``planes-v1``
observations (int8[53, 34]: ``planes-v0`` + which decision is asked; ``--obs planes-v0`` for
the 41-plane layout, ``--obs planes-v2`` for int8[58, 34] with standing tiles, the treasure
tile and chow-ready), illegal actions masked out of the softmax with the env's legal mask. Prints one line per iteration (mean episode reward of the learner in the variant's points
and its win rate over the episodes finished in that iteration, read from the outcome the env
puts in the ``info`` of an episode's last step) and saves the learning curve.

With Gymnasium's next-step autoreset, the step after an episode's last one only resets the
table; those transitions are dropped from the loss.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

try:
    import torch
    from torch import nn
except ImportError as exc:  # torch is an optional extra
    raise SystemExit("this example needs torch: pip install torch==2.13.0") from exc

from mjsim.envs import MahjongVectorEnv, get_encoder

from mjsim.actions import N_ACTIONS

LEARNER = 0  # the learner's seat at every table


class Policy(nn.Module):
    """MLP over the flattened planes -> (masked logits, value)."""

    def __init__(self, n_planes: int, hidden: int = 256) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Flatten(),
            nn.Linear(n_planes * 34, hidden),
            nn.ReLU(),
            nn.Linear(hidden, hidden),
            nn.ReLU(),
        )
        self.pi = nn.Linear(hidden, N_ACTIONS)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body(obs.float() / 4.0)
        logits = self.pi(h).masked_fill(~mask, -1e9)
        return logits, self.v(h).squeeze(-1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="hebei")
    ap.add_argument("--obs", default="planes-v1", choices=["planes-v0", "planes-v1", "planes-v2"])
    ap.add_argument("--num-envs", type=int, default=64)
    ap.add_argument("--horizon", type=int, default=64, help="steps per table per iteration")
    ap.add_argument("--minutes", type=float, default=4.0)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--gamma", type=float, default=0.99)
    ap.add_argument("--entropy", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--png", default="train_masked_policy.png")
    a = ap.parse_args()

    torch.manual_seed(a.seed)
    torch.set_num_threads(1)
    env = MahjongVectorEnv(
        a.variant, a.num_envs, opponents="random", seat=LEARNER, obs=a.obs, copy=True
    )
    net = Policy(get_encoder(a.obs).n_planes)
    opt = torch.optim.Adam(net.parameters(), lr=a.lr)
    obs, info = env.reset(seed=a.seed)
    N, T = a.num_envs, a.horizon
    ep_ret = np.zeros(N)
    skip = np.zeros(N, bool)  # next transition of this table is a reset step
    curve: list[tuple[float, float, float, int]] = []
    t_start = time.time()
    it = 0
    print(f"{a.variant}: {N} tables, horizon {T}, learner seat 0 vs 3 random bots")
    print(" iter  minutes  episodes  mean_reward  win_rate  env_steps/s")
    while time.time() - t_start < a.minutes * 60:
        t0 = time.time()
        O, R, D, V = [], [], [], []
        logps, ents = [], []
        finished, wins = [], 0
        for _ in range(T):
            o = torch.from_numpy(obs["observation"])
            m = torch.from_numpy(info["action_mask"])
            valid = torch.from_numpy(~skip)
            m_safe = m.clone()
            m_safe[~m.any(1), 0] = True  # reset steps: any action is ignored
            logits, v = net(o, m_safe)
            dist = torch.distributions.Categorical(logits=logits)
            act = dist.sample()
            obs, rew, term, _trunc, info = env.step(act.numpy())
            logps.append(dist.log_prob(act) * valid)
            ents.append(dist.entropy() * valid)
            V.append(v * valid)
            R.append(torch.from_numpy(rew * ~skip).float())
            D.append(torch.from_numpy(term | skip).float())
            ep_ret += rew * ~skip
            # the step that ends a table's episode carries its outcome in info (winners,
            # win_kind, payments, items...; docs/observations.md "The outcome of an episode")
            for t in np.flatnonzero(term):
                finished.append(ep_ret[t])
                wins += int(LEARNER in info["winners"][t])
                ep_ret[t] = 0.0
            skip = term.copy()
            O.append(valid)
        # discounted returns within episodes (bootstrap from the value at the horizon)
        with torch.no_grad():
            o = torch.from_numpy(obs["observation"])
            m = torch.from_numpy(info["action_mask"]).clone()
            m[~m.any(1), 0] = True
            _, last_v = net(o, m)
        ret = last_v * torch.from_numpy(~skip).float()
        returns = []
        for k in reversed(range(T)):
            ret = R[k] + a.gamma * ret * (1.0 - D[k])
            returns.append(ret)
        returns = torch.stack(returns[::-1])
        values = torch.stack(V)
        valid = torch.stack(O).float()
        adv = (returns - values).detach()
        n_valid = valid.sum().clamp(min=1.0)
        loss_pi = -(torch.stack(logps) * adv).sum() / n_valid
        loss_v = (((returns - values) ** 2) * valid).sum() / n_valid
        loss_ent = -torch.stack(ents).sum() / n_valid
        loss = loss_pi + 0.5 * loss_v + a.entropy * loss_ent
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(net.parameters(), 1.0)
        opt.step()
        it += 1
        mins = (time.time() - t_start) / 60
        mean_r = float(np.mean(finished)) if finished else float("nan")
        wr = wins / len(finished) if finished else float("nan")
        sps = N * T / (time.time() - t0)
        curve.append((mins, mean_r, wr, len(finished)))
        print(f"{it:5d}  {mins:7.2f}  {len(finished):8d}  {mean_r:11.3f}  {wr:8.3f}  {sps:11.0f}")

    # smoothed summary: first vs last quarter of the run (episode-weighted)
    arr = np.array([(c[1], c[2], c[3]) for c in curve if c[3] > 0])
    q = max(1, len(arr) // 4)
    for name, part in (("first quarter", arr[:q]), ("last quarter", arr[-q:])):
        w = part[:, 2]
        print(
            f"{name}: mean reward {np.average(part[:, 0], weights=w):.3f}, "
            f"win rate {np.average(part[:, 1], weights=w):.3f} over {int(w.sum())} episodes"
        )
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        x = np.array([c[0] for c in curve])
        y = np.array([c[1] for c in curve])
        wr = np.array([c[2] for c in curve])
        k = max(1, len(y) // 20)
        smooth = np.convolve(np.nan_to_num(y), np.ones(k) / k, mode="valid")
        fig, ax = plt.subplots(1, 2, figsize=(10, 4))
        ax[0].plot(x, y, alpha=0.3, label="per iteration")
        ax[0].plot(x[k - 1 :], smooth, label=f"moving mean ({k})")
        ax[0].set(xlabel="minutes", ylabel="mean episode reward (points)", title=a.variant)
        ax[0].legend()
        ax[1].plot(x, wr, alpha=0.3)
        ax[1].plot(x[k - 1 :], np.convolve(np.nan_to_num(wr), np.ones(k) / k, mode="valid"))
        ax[1].set(xlabel="minutes", ylabel="learner win rate", title="vs 3 random bots")
        fig.tight_layout()
        fig.savefig(a.png, dpi=100)
        print(f"saved {a.png}")
    except ImportError:
        print("matplotlib not installed: no PNG")


if __name__ == "__main__":
    main()
