"""Single-file PPO in the style of CleanRL's ``ppo.py``, on ``MahjongVectorEnv`` (torch only).

    pip install -e ".[rl]"      # or only torch: pip install torch==2.13.0
    python examples/cleanrl_ppo.py --variant sichuan --total-timesteps 200000

One learner seat per table against in-kernel bots; ``--num-envs`` tables stepped in one compiled
call. ``autoreset_mode="same_step"``: the step that ends a table's episode already returns the
next episode's first observation, so every stored transition is a real decision and the usual
CleanRL bookkeeping (``next_done``, GAE over the rollout) applies unchanged; hands always end
by a win or a draw (``terminated``, never ``truncated``), so no final-observation bootstrap is
needed. Illegal actions are masked out of the categorical distribution with the env's int8
mask. Observations ``planes-norm-v0`` (float32 in [0, 1]). At the end the policy is evaluated
against random and greedy bots on fixed deals (``mjsim.envs.evaluation.evaluate``).
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

LEARNER = 0  # the learner's seat at every table


def parse(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="sichuan")
    ap.add_argument("--opponents", default="random")
    ap.add_argument("--obs", default="planes-norm-v0")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--total-timesteps", type=int, default=100_000)
    ap.add_argument("--num-envs", type=int, default=32)
    ap.add_argument("--num-steps", type=int, default=64, help="rollout length per table")
    ap.add_argument("--learning-rate", type=float, default=3e-4)
    ap.add_argument("--gamma", type=float, default=0.995)
    ap.add_argument("--gae-lambda", type=float, default=0.95)
    ap.add_argument("--num-minibatches", type=int, default=4)
    ap.add_argument("--update-epochs", type=int, default=4)
    ap.add_argument("--clip-coef", type=float, default=0.2)
    ap.add_argument("--ent-coef", type=float, default=0.01)
    ap.add_argument("--vf-coef", type=float, default=0.5)
    ap.add_argument("--max-grad-norm", type=float, default=0.5)
    ap.add_argument("--eval-episodes", type=int, default=256)
    ap.add_argument("--eval-seed", type=int, default=1_000_000)
    return ap.parse_args(argv)


def layer_init(layer: nn.Linear, std: float = np.sqrt(2), bias: float = 0.0) -> nn.Linear:
    nn.init.orthogonal_(layer.weight, std)
    nn.init.constant_(layer.bias, bias)
    return layer


class Agent(nn.Module):
    """Actor and critic MLPs over the flattened planes; logits of illegal actions masked."""

    def __init__(self, n_inputs: int, hidden: int = 128) -> None:
        super().__init__()
        self.critic = nn.Sequential(
            nn.Flatten(),
            layer_init(nn.Linear(n_inputs, hidden)),
            nn.Tanh(),
            layer_init(nn.Linear(hidden, hidden)),
            nn.Tanh(),
            layer_init(nn.Linear(hidden, 1), std=1.0),
        )
        self.actor = nn.Sequential(
            nn.Flatten(),
            layer_init(nn.Linear(n_inputs, hidden)),
            nn.Tanh(),
            layer_init(nn.Linear(hidden, hidden)),
            nn.Tanh(),
            layer_init(nn.Linear(hidden, N_ACTIONS), std=0.01),
        )

    def get_value(self, x: torch.Tensor) -> torch.Tensor:
        return self.critic(x)

    def get_action_and_value(
        self, x: torch.Tensor, mask: torch.Tensor, action: torch.Tensor | None = None
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        logits = self.actor(x).masked_fill(~mask, -1e8)
        probs = Categorical(logits=logits)
        if action is None:
            action = probs.sample()
        return action, probs.log_prob(action), probs.entropy(), self.critic(x)


def main(argv: list[str] | None = None) -> dict[str, float]:
    args = parse(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(args.seed)
    N, T = args.num_envs, args.num_steps
    batch_size = N * T
    minibatch_size = batch_size // args.num_minibatches
    num_iterations = max(1, args.total_timesteps // batch_size)

    envs = MahjongVectorEnv(
        args.variant,
        N,
        opponents=args.opponents,
        seat=LEARNER,
        obs=args.obs,
        autoreset_mode="same_step",
    )
    shape = envs.single_observation_space["observation"].shape
    agent = Agent(int(np.prod(shape)))
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-5)

    obs = torch.zeros((T, N, *shape))
    masks = torch.zeros((T, N, N_ACTIONS), dtype=torch.bool)
    actions = torch.zeros((T, N), dtype=torch.long)
    logprobs = torch.zeros((T, N))
    rewards = torch.zeros((T, N))
    dones = torch.zeros((T, N))
    values = torch.zeros((T, N))

    global_step = 0
    start = time.time()
    o, info = envs.reset(seed=args.seed)
    next_obs = torch.as_tensor(o["observation"], dtype=torch.float32)
    next_mask = torch.as_tensor(info["action_mask"]).bool()
    next_done = torch.zeros(N)
    returns_seen: list[float] = []
    wins_seen: list[bool] = []
    ep_return = np.zeros(N)
    for iteration in range(1, num_iterations + 1):
        frac = 1.0 - (iteration - 1.0) / num_iterations
        optimizer.param_groups[0]["lr"] = frac * args.learning_rate
        for step in range(T):
            global_step += N
            obs[step] = next_obs
            masks[step] = next_mask
            dones[step] = next_done
            with torch.no_grad():
                action, logprob, _, value = agent.get_action_and_value(next_obs, next_mask)
                values[step] = value.flatten()
            actions[step] = action
            logprobs[step] = logprob
            o, reward, terminated, truncated, info = envs.step(action.numpy())
            done = terminated | truncated
            rewards[step] = torch.as_tensor(reward, dtype=torch.float32)
            next_obs = torch.as_tensor(o["observation"], dtype=torch.float32)
            next_mask = torch.as_tensor(info["action_mask"]).bool()
            next_done = torch.as_tensor(done, dtype=torch.float32)
            ep_return += reward
            returns_seen.extend(ep_return[done].tolist())
            ep_return[done] = 0.0
            # the finished tables' outcomes (winners, win_kind, payments, items...) are in
            # info["final_info"] with same-step autoreset (docs/observations.md)
            for t in np.flatnonzero(done):
                wins_seen.append(LEARNER in info["final_info"]["winners"][t])

        # bootstrap value and GAE (CleanRL's ppo.py)
        with torch.no_grad():
            next_value = agent.get_value(next_obs).reshape(1, -1)
            advantages = torch.zeros_like(rewards)
            lastgaelam = 0
            for t in reversed(range(T)):
                if t == T - 1:
                    nextnonterminal = 1.0 - next_done
                    nextvalues = next_value
                else:
                    nextnonterminal = 1.0 - dones[t + 1]
                    nextvalues = values[t + 1]
                delta = rewards[t] + args.gamma * nextvalues * nextnonterminal - values[t]
                lastgaelam = delta + args.gamma * args.gae_lambda * nextnonterminal * lastgaelam
                advantages[t] = lastgaelam
            returns = advantages + values

        b_obs = obs.reshape((-1, *shape))
        b_masks = masks.reshape((-1, N_ACTIONS))
        b_logprobs = logprobs.reshape(-1)
        b_actions = actions.reshape(-1)
        b_advantages = advantages.reshape(-1)
        b_returns = returns.reshape(-1)
        b_inds = np.arange(batch_size)
        for _epoch in range(args.update_epochs):
            rng.shuffle(b_inds)
            for lo in range(0, batch_size, minibatch_size):
                mb = b_inds[lo : lo + minibatch_size]
                _, newlogprob, entropy, newvalue = agent.get_action_and_value(
                    b_obs[mb], b_masks[mb], b_actions[mb]
                )
                ratio = (newlogprob - b_logprobs[mb]).exp()
                mb_adv = b_advantages[mb]
                mb_adv = (mb_adv - mb_adv.mean()) / (mb_adv.std() + 1e-8)
                pg_loss = torch.max(
                    -mb_adv * ratio,
                    -mb_adv * torch.clamp(ratio, 1 - args.clip_coef, 1 + args.clip_coef),
                ).mean()
                v_loss = 0.5 * ((newvalue.view(-1) - b_returns[mb]) ** 2).mean()
                loss = pg_loss - args.ent_coef * entropy.mean() + args.vf_coef * v_loss
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                optimizer.step()
        recent = returns_seen[-500:]
        sps = int(global_step / (time.time() - start))
        mean = float(np.mean(recent)) if recent else float("nan")
        won = float(np.mean(wins_seen[-500:])) if wins_seen else float("nan")
        print(f"iteration {iteration}/{num_iterations}  steps {global_step}  {sps} steps/s  "
              f"last {len(recent)} episodes: mean return {mean:+.3f}, won {won:.1%}")  # fmt: skip

    def act(o: dict[str, np.ndarray], m: np.ndarray) -> np.ndarray:
        with torch.no_grad():
            x = torch.as_tensor(o["observation"], dtype=torch.float32)
            logits = agent.actor(x).masked_fill(~torch.as_tensor(m).bool(), -1e8)
            return logits.argmax(1).numpy()

    out = {}
    for opp in ("random", "greedy"):
        ev = evaluate(
            act,
            args.variant,
            opponents=opp,
            episodes=args.eval_episodes,
            seed=args.eval_seed,
            obs=args.obs,
        )
        print(f"vs {opp}: {ev}")
        out[opp] = ev.mean
    envs.close()
    return out


if __name__ == "__main__":
    main()
