"""Where a step of the PettingZoo AEC env goes, against ``RiichiEnv.step`` in the same rounds.

    python benchmarks/aec_budget.py [--variant riichi] [--rounds 12] [--seconds 1.0]
        [--no-peer] [--calls]

Each round runs, one after the other, for ``--seconds`` each: RiichiEnv's ``step`` loop (the
``riichienv`` measure of ``benchmarks/peers.py``, in its worker process) and four loops of this
process over the same variant:

- ``aec``: the AEC loop of ``run_all.mjsim_aec`` (``env.last()``, a random legal action from
  ``obs["action_mask"]``, ``env.step``);
- ``aec_bool``: the same with ``mask_dtype="bool"``;
- ``kernel+choice``: the env's ``reset`` per hand, then only its compiled step entry and the same
  choice code on a copy of the mask (no ``last()``, no ``agent_iter``, no Python of ``step``, no
  hand end): what the loop would cost if the env's Python took no time;
- ``kernel only``: the same with the first legal action (no choice code).

Per loop it prints the median rate, the CPU share, the per-round ratio against the peer of the
same round (median and interquartile range), the ratio per CPU second, and the CPU-us per step;
the differences between the loops are the env's Python and the choice code. ``--calls`` adds
the cost of one call of the step entry (with an illegal action: it returns after the legality
test) against a jitted function of two ints, and of the observation encoder's entry.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import peers  # noqa: E402
import run_all  # noqa: E402
from mjsim.envs.kernels import CODE_ENDED  # noqa: E402


def kernel_hand(env, seed: int, choose: Callable[[np.ndarray], int]) -> int:  # type: ignore[no-untyped-def]
    """One hand of the AEC ``env`` (PettingZoo ``raw_env`` or ``env``) dealt from ``seed``, played
    through its compiled step entry alone (no ``last()``, no Python of ``step``):
    ``choose(mask)`` (the int8 mask as observations show it) picks each action. Returns the
    number of steps, which is the number of decisions of the same hand played through the env's
    own loop with the same choices."""
    env.reset(seed=seed)
    h, sc, step, mask = env._h, env._sc, env._kstep, env._mask8
    steps = 0
    while True:
        steps += 1
        if step(h, sc, choose(mask)) & CODE_ENDED:
            return steps


def kernel_loop(variant: str, first: bool) -> Callable[[float], dict[str, float]]:
    """The AEC env's reset per hand, then its step entry alone (:func:`kernel_hand`) with the
    loop's choice code on a copy of the mask (``first``: the first legal action instead)."""
    from mjsim.envs import mahjong_v0

    env = mahjong_v0.env(variant=variant)
    rng = random.Random(0)

    def choose(mask: np.ndarray) -> int:
        return rng.choice(mask.copy().nonzero()[0].tolist())

    def first_legal(mask: np.ndarray) -> int:
        return int(mask.argmax())

    pick = first_legal if first else choose

    def measure(seconds: float) -> dict[str, float]:
        steps = 0
        t0 = time.perf_counter()
        while True:
            steps += kernel_hand(env, rng.randrange(1 << 30), pick)
            if time.perf_counter() - t0 >= seconds:
                break
        return {"steps/s": steps / (time.perf_counter() - t0)}

    return measure


def call_costs(variant: str, n: int = 100_000) -> None:
    """CPU-us of one call: the step entry (header, scorer marker, int) with an illegal action,
    a jitted function of two ints through its entry, the encoder entry (header, marker, int,
    planes, int)."""
    import numba as nb
    from mjsim.envs import mahjong_v0
    from mjsim.envs.kernels import entry_point

    env = mahjong_v0.env(variant=variant)
    env.reset(seed=3)
    h, sc, step, encode = env._h, env._sc, env._kstep, env._kencode
    bad = int(np.flatnonzero(~env._mask)[0])
    planes = np.empty_like(env._obs_buf)
    version = env._version

    @nb.njit
    def two_ints(x, y):  # type: ignore[no-untyped-def]
        return x + y

    two_ints(1, 2)
    ints = entry_point(two_ints, 1, 2)
    cases = {
        "step entry, illegal action (h, sc, a)": lambda: step(h, sc, bad),
        "jitted f(int, int) entry": lambda: ints(5, bad),
        "encoder entry (h, sc, seat, planes, version)": lambda: encode(h, sc, 1, planes, version),
        "planes.copy()": planes.copy,
    }
    for name, fn in cases.items():
        best = []
        for _ in range(5):
            t = time.process_time()
            timeit.timeit(fn, number=n)
            best.append((time.process_time() - t) / n * 1e6)
        print(f"{name}: {np.median(best):.3f} CPU-us per call")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="riichi")
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--no-peer", action="store_true", help="mjsim's loops only")
    ap.add_argument("--calls", action="store_true", help="also the cost of one kernel call")
    args = ap.parse_args()
    loops = {
        "aec": run_all.mjsim_aec(args.variant),
        "aec_bool": run_all.mjsim_aec(args.variant, mask_dtype="bool"),
        "kernel+choice": kernel_loop(args.variant, first=False),
        "kernel only": kernel_loop(args.variant, first=True),
    }
    sess = None
    if not args.no_peer:
        sess = peers.PeerSession("riichienv")
        sess.__enter__()
        print(f"peer: riichienv {sess.header.get('version', '')}")
    try:
        for fn in loops.values():
            fn(0.5)  # warm-up (compile or cache load)
        if sess is not None:
            sess.measure(0.5)
        rates: dict[str, list[float]] = {k: [] for k in loops}
        shares: dict[str, list[float]] = {k: [] for k in loops}
        peer: list[float] = []
        peer_share: list[float] = []
        loads = []
        for _ in range(args.rounds):
            loads.append(os.getloadavg()[0])
            if sess is not None:
                p = sess.measure(args.seconds)
                peer.append(p["steps/s"])
                peer_share.append(p.get("cpu_share", float("nan")))
            for k, fn in loops.items():
                o = run_all._with_cpu_share(fn, args.seconds)
                rates[k].append(o["steps/s"])
                shares[k].append(o["cpu_share"])
    finally:
        if sess is not None:
            sess.close()
    print(
        f"{args.rounds} rounds of {args.seconds:g} s, load(1 min) {min(loads):.1f}-{max(loads):.1f}"
    )
    if peer:
        pr, ps = np.array(peer), np.array(peer_share)
        print(
            f"RiichiEnv.step: {np.median(pr) / 1e3:.1f}k steps/s, CPU share {np.nanmedian(ps):.2f}"
        )
    for k in loops:
        x, c = np.array(rates[k]), np.array(shares[k])
        line = (
            f"{k:<14} {np.median(x) / 1e3:.1f}k steps/s, CPU share {np.median(c):.2f}, "
            f"{np.median(c / x) * 1e6:.2f} CPU-us/step"
        )
        if peer:
            ratio = x / pr
            q1, q3 = np.percentile(ratio, [25, 75])
            per_cpu = np.nanmedian((x / c) / (pr / ps))
            line += (
                f"; vs RiichiEnv.step {np.median(ratio):.2f}x (IQR {q1:.2f}-{q3:.2f}),"
                f" per CPU second {per_cpu:.2f}x"
            )
        print(line)
    if args.calls:
        call_costs(args.variant)


if __name__ == "__main__":
    main()
