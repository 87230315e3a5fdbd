"""A PettingZoo AEC training loop in which every seat receives every reward (torch only).

    pip install -e ".[rl]"
    python examples/pettingzoo_multiagent.py --variant sichuan --episodes 400

One shared policy plays all four agents of ``mahjong_v0``. The standard AEC loop
(``for agent in env.agent_iter(): obs, reward, ... = env.last()``) already delivers each agent
everything it earned since its previous turn - including what OTHER agents' steps did to it: the
points it pays when another seat wins on its discard, kong payments, the settlement of a
drawn hand - and, once the hand is over, visits every agent one last time with
``termination=True`` and its final reward. So each agent's trajectory is its own decisions, and
the reward of a decision is what ``env.last()`` returns at that agent's next visit. The return
of a decision is the agent's rewards from it to the end of the hand (Monte Carlo); one
actor-critic update per batch of hands. At the end the policy takes seat 0 against random and
greedy bots on fixed deals (``mjsim.envs.evaluation.evaluate``).

Why PettingZoo's "SB3: Action Masked PPO" (Connect Four) tutorial does not carry over to four
players: its wrapper turns the AEC env into one Gymnasium env whose ``step(action)`` returns the
NEXT agent's observation with the reward of the agent that just acted, read right after that
agent's own step (``_cumulative_rewards[current_agent]``), and ends when the game ends. In
two-player Connect Four that is enough, because the only reward is the winner's +1 on its
winning move. In mahjong most points change hands on another seat's step: the discarder who
deals in pays on the winner's step, everyone pays a self-drawn win or a kong, and a hand's end
pays all four seats at once - none of that reaches the learner, which sees only the winner's
gain, and the episode stops before the losers are visited. SB3 also chains the four agents'
decisions into one trajectory, crediting each step with the next agent's value. And the
tutorial's "win rate" compares player_0 with player_1 only, which means nothing at a table of
four where most hands have one winner and three losers (or none). Use this loop, the
single-learner Gymnasium env (the other seats played by bots inside the compiled step, every
payment of the learner in its reward), or self-play on the vector env
(``examples/selfplay_vector.py``).
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

from mjsim.envs import mahjong_v0
from mjsim.envs.evaluation import evaluate

from mjsim.actions import N_ACTIONS


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="sichuan")
    ap.add_argument("--obs", default="planes-norm-v0")
    ap.add_argument("--episodes", type=int, default=200, help="hands to train on")
    ap.add_argument("--batch", type=int, default=8, help="hands per update")
    ap.add_argument("--lr", type=float, default=1e-3)
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


def play_hand(
    env, net: Net, seed: int
) -> tuple[list[tuple[np.ndarray, np.ndarray, int, float]], dict[str, float]]:
    """One hand with ``net`` at every seat. Returns every decision as ``(observation, mask,
    action, return)`` - the return is the acting agent's rewards from that decision to the
    end of the hand - and each agent's points of the hand."""
    env.reset(seed=seed)
    trajectories: dict[str, list[list]] = {a: [] for a in env.possible_agents}
    points = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _info = env.last()
        points[agent] += reward
        if trajectories[agent]:  # what the agent earned since its previous decision
            trajectories[agent][-1][3] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = obs["action_mask"].astype(bool)
        with torch.no_grad():
            dist, _ = net(torch.as_tensor(obs["observation"][None]), torch.as_tensor(mask[None]))
        action = int(dist.sample())
        trajectories[agent].append([obs["observation"], mask, action, 0.0])
        env.step(action)
    decisions = []
    for steps in trajectories.values():
        ret = 0.0
        for step in reversed(steps):  # Monte Carlo return, undiscounted
            ret += step[3]
            decisions.append((step[0], step[1], step[2], ret))
    return decisions, points


def main(argv: list[str] | None = None) -> dict[str, float]:
    a = parse(argv)
    torch.manual_seed(a.seed)
    torch.set_num_threads(1)
    env = mahjong_v0.env(a.variant, obs=a.obs)
    env.reset(seed=a.seed)
    shape = env.observation_space(env.possible_agents[0])["observation"].shape
    net = Net(int(np.prod(shape)))
    opt = torch.optim.Adam(net.parameters(), lr=a.lr)
    t0 = time.time()
    hand = 0
    while hand < a.episodes:
        batch, totals = [], []
        for _ in range(min(a.batch, a.episodes - hand)):
            decisions, points = play_hand(env, net, a.seed + hand)
            batch += decisions
            totals.append(sum(points.values()))
            hand += 1
        x = torch.as_tensor(np.stack([d[0] for d in batch]))
        m = torch.as_tensor(np.stack([d[1] for d in batch]))
        act = torch.as_tensor([d[2] for d in batch])
        ret = torch.as_tensor([d[3] for d in batch], dtype=torch.float32)
        dist, v = net(x, m)
        adv = (ret - v).detach()
        loss = -(dist.log_prob(act) * adv).mean() + 0.5 * ((ret - v) ** 2).mean()
        loss = loss - a.ent_coef * dist.entropy().mean()
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(net.parameters(), 0.5)
        opt.step()
        print(f"{hand} hands, {len(batch)} decisions in the last batch, "
              f"{hand / (time.time() - t0):.1f} hands/s")  # fmt: skip
    env.close()

    def act_fn(o: dict[str, np.ndarray], mk: np.ndarray) -> np.ndarray:
        with torch.no_grad():
            dist, _ = net(torch.as_tensor(o["observation"]), torch.as_tensor(mk).bool())
            return dist.probs.argmax(1).numpy()

    out = {}
    for opp in ("random", "greedy"):
        ev = evaluate(
            act_fn, a.variant, opponents=opp, episodes=a.eval_episodes, seed=a.eval_seed, obs=a.obs
        )
        print(f"seat 0 vs 3 {opp} bots: {ev}")
        out[opp] = ev.mean
    return out


if __name__ == "__main__":
    main()
