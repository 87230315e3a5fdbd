"""One command that measures mjsim beside every peer, in the same run.

    python benchmarks/run_all.py [--quick] [--only AREA[,AREA...]] [--no-write]

Areas (run in this order; ``--only`` picks some):

* ``kernels``, ``scoring``, ``selfplay``, ``envs``, ``bots``, ``floor`` - the per-area modules
  ``benchmarks/<area>.py`` through the protocol of ``benchmarks/common.py`` (``run(quick) ->
  list[Row]``). A module that does not exist yet is reported ``missing``; one without
  ``run()`` is run as a script in a subprocess (exit code, wall time, peak RSS reported); one
  that raises is reported ``failed`` with the error. Nothing is skipped silently.
* ``peers`` - every peer of ``benchmarks/peers.py`` in its own venv, paired with mjsim's
  counterpart and interleaved A B A B ... (>= 3 repeats, median and min-max): self-play hands/s
  and decisions/s (riichienv, pymahjong, RLCard raw, mahjax CPU), PettingZoo AEC steps/s
  (RLCard through AEC), shanten/s and hand scoring/s (``mahjong``, ``pymahjonggb``); the
  Riichi self-play peers are in ``riichi``.
* ``riichi`` - Riichi like with like, red fives on both sides: ``mjsim.simulate('riichi')``
  beside riichienv, pymahjong and mahjax (``red_mahjong``), hands/s and decisions/s; and the
  per-step Python API of a single-env RL loop: mjsim's PettingZoo AEC env and Gymnasium env
  (riichi, one env, random legal action from the mask) beside ``RiichiEnv.step`` (random legal
  action per observed player; with and without ``Observation.encode()``), steps/s.
* ``memory`` - peak RSS per configuration, each configuration in its own subprocess
  (``wait4`` rusage), and bytes of state per table of the vector env when it exists.
* ``scaling`` - hands/s at 1 and 2 threads and batch sizes 1..4096 through ``mjsim.simulate``;
  writes ``benchmarks/scaling.png``.
* ``startup`` - cold start (first import + compile with an empty ``NUMBA_CACHE_DIR``, in a
  subprocess) and warm start (same, cache populated), beside the peers' import + setup time.

Prints one table and rewrites this script's blocks of ``benchmarks/RESULTS.md``
(``<!-- run_all:begin -->`` header and one ``<!-- run_all-<area>:begin -->`` block per area),
preserving every other section. Benchmarks are not tests: CI never runs this.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import shlex
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import peers  # noqa: E402
from common import (  # noqa: E402
    BENCH_DIR,
    RESULTS_MD,
    Row,
    Stat,
    format_bytes,
    machine_info,
    machine_markdown,
    measure_rate,
    rows_markdown,
    rows_text,
    run_subprocess,
    write_block,
)

MODULE_AREAS = ("kernels", "scoring", "selfplay", "envs", "bots", "floor")
OWN_AREAS = ("peers", "riichi", "memory", "scaling", "startup")
#: areas that run a peer from benchmarks/.peers-venv
PEER_AREAS = ("selfplay", "envs", "peers", "riichi")
#: the Riichi self-play peers, measured in the ``riichi`` area (not in ``peers``)
RIICHI_PEERS = ("riichienv", "pymahjong", "mahjax")
#: what each Riichi peer deals (checked in its code and docs; see benchmarks/peers/peer_*.py)
RED_FIVES = {
    "riichienv": "riichienv deals one red five per suit in every game mode (4p-red-*), no option",
    "pymahjong": "pymahjong's wall holds one red five per suit (0m/0p/0s), no option",
    "mahjax": "mahjax red_mahjong: one red five per suit (no_red_mahjong, ~2x faster, has none)",
}
ALL_AREAS = MODULE_AREAS + OWN_AREAS
# mjsim variants tried, in order, as the self-play counterpart of the Riichi peers:
# like with like when a Riichi variant exists, else the engine's reference variant.
SELFPLAY_VARIANTS = ("riichi", "hebei")


# --------------------------------------------------------------------------- module areas


def _load_module(area: str) -> Any:
    path = BENCH_DIR / f"{area}.py"
    spec = importlib.util.spec_from_file_location(f"mjsim_bench_{area}", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    # registered under its name before it runs: numba records the module of each cached kernel
    # (benchmarks/envs.py has its own) and re-imports it by that name when it loads the kernel
    # from the disk cache; an unregistered module is recorded as '<dynamic>', which no later run
    # can import (the second run_all on a machine failed with "No module named '<dynamic>'")
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def run_module_area(area: str, quick: bool) -> list[Row]:
    """Run ``benchmarks/<area>.py`` via its ``run(quick)``; report missing/failed modules."""
    path = BENCH_DIR / f"{area}.py"
    if not path.exists():
        return [Row(area, f"benchmarks/{area}.py", "-", status="missing", note="not written yet")]
    try:
        mod = _load_module(area)
    except Exception as exc:
        return [Row(area, f"import benchmarks/{area}.py", "-", status="failed", note=repr(exc))]
    run = getattr(mod, "run", None)
    if run is None:
        return [_run_as_script(area, path, quick)]
    try:
        rows = list(run(quick=quick))
    except Exception as exc:
        tb = traceback.format_exc(limit=3).strip().splitlines()[-1]
        return [
            Row(area, f"benchmarks/{area}.py run()", "-", status="failed", note=tb or repr(exc))
        ]
    bad = [r for r in rows if not isinstance(r, Row)]
    if bad:
        return [
            Row(
                area,
                f"benchmarks/{area}.py run()",
                "-",
                status="failed",
                note=f"run() returned {type(bad[0]).__name__}, expected common.Row",
            )
        ]
    if not rows:
        return [Row(area, f"benchmarks/{area}.py run()", "-", status="failed", note="no rows")]
    return rows


def _run_as_script(area: str, path: Path, quick: bool) -> Row:
    args = [sys.executable, str(path)]
    try:
        res = run_subprocess(args, timeout=600 if quick else 1800)
    except TimeoutError as exc:
        return Row(area, f"python benchmarks/{area}.py", "s", status="failed", note=str(exc))
    status = "ok" if res.returncode == 0 else "failed"
    tail = (res.stderr.strip().splitlines() or [""])[-1][:160]
    return Row(
        area,
        f"python benchmarks/{area}.py (as a script)",
        "s",
        mjsim=Stat.of([res.seconds]),
        status=status,
        note=(
            f"module has no run(quick); exit {res.returncode}, peak RSS "
            f"{format_bytes(res.peak_rss)}; figures in its own RESULTS.md section"
            + (f"; {tail}" if status != "ok" else "")
        ),
    )


# --------------------------------------------------------------------------- mjsim counterparts


class Unavailable(Exception):
    """mjsim has no such feature yet (the lazy import or the call failed)."""


def _simulate_fn() -> Callable[..., Any]:
    try:
        import mjsim

        return mjsim.simulate
    except Exception as exc:
        raise Unavailable(
            f"mjsim.simulate not available yet ({type(exc).__name__}: {exc})"
        ) from exc


def _decisions_of(result: Any) -> int | None:
    names = getattr(getattr(result, "dtype", None), "names", None) or ()
    for name in ("decisions", "n_decisions", "turns"):
        if name in names:
            return int(result[name].sum())
    return None


def pick_selfplay_variant() -> str:
    """First of SELFPLAY_VARIANTS that ``mjsim.simulate`` accepts; raises Unavailable."""
    simulate = _simulate_fn()
    errors = []
    for variant in SELFPLAY_VARIANTS:
        try:
            simulate(variant, 4, seed=0, threads=1)
            return variant
        except Exception as exc:
            errors.append(f"{variant}: {type(exc).__name__}: {exc}")
    raise Unavailable("mjsim.simulate failed for every variant: " + "; ".join(errors)[:300])


def mjsim_selfplay(variant: str, threads: int = 1) -> Callable[[float], dict[str, float]]:
    """A measurer ``f(seconds) -> {"hands/s", "decisions/s"}`` over ``mjsim.simulate``."""
    simulate = _simulate_fn()
    state = {"n": 256, "seed": 1}

    def measure(seconds: float) -> dict[str, float]:
        hands = decisions = 0
        have_dec = True
        t0 = time.perf_counter()
        while True:
            n = state["n"]
            res = simulate(variant, n, seed=state["seed"], threads=threads)
            state["seed"] += 1
            hands += n
            d = _decisions_of(res)
            if d is None:
                have_dec = False
            else:
                decisions += d
            dt = time.perf_counter() - t0
            if dt >= seconds:
                break
            if dt < seconds / 8:
                state["n"] = min(n * 2, 1 << 20)
        out = {"hands/s": hands / dt}
        if have_dec:
            out["decisions/s"] = decisions / dt
        return out

    return measure


def mjsim_aec(variant: str, **env_kwargs: Any) -> Callable[[float], dict[str, float]]:
    """A measurer for mjsim's PettingZoo AEC env (``env_kwargs``: its options, e.g.
    ``mask_dtype="bool"``): random masked actions, steps/s."""
    try:
        from mjsim.envs import mahjong_v0
    except Exception as exc:
        raise Unavailable(f"mjsim.envs.mahjong_v0 not available yet ({exc})") from exc

    env = mahjong_v0.env(variant=variant, **env_kwargs)
    rng = random.Random(0)

    def measure(seconds: float) -> dict[str, float]:
        steps = hands = 0
        t0 = time.perf_counter()
        while True:
            env.reset(seed=rng.randrange(1 << 30))
            for _agent in env.agent_iter():
                obs, _r, term, trunc, _info = env.last()
                if term or trunc:
                    action = None
                else:
                    # the peer's choice (peers/peer_riichienv.py): rng.choice(legal actions)
                    action = rng.choice(obs["action_mask"].nonzero()[0].tolist())
                    steps += 1
                env.step(action)
            hands += 1
            dt = time.perf_counter() - t0
            if dt >= seconds:
                break
        return {"steps/s": steps / dt, "hands/s": hands / dt}

    return measure


def mjsim_gym(variant: str) -> Callable[[float], dict[str, float]]:
    """A measurer for mjsim's Gymnasium env (one learner, in-kernel random opponents): a random
    legal action from ``obs["action_mask"]`` per step; learner steps/s and hands/s."""
    try:
        from mjsim.envs import MahjongEnv
    except Exception as exc:
        raise Unavailable(f"mjsim.envs.MahjongEnv not available yet ({exc})") from exc

    env = MahjongEnv(variant)
    rng = random.Random(0)
    state = {"obs": env.reset(seed=0)[0]}

    def measure(seconds: float) -> dict[str, float]:
        steps = hands = 0
        obs = state["obs"]
        t0 = time.perf_counter()
        while True:
            for _ in range(64):
                # the peer's choice (peers/peer_riichienv.py): rng.choice(legal actions)
                action = rng.choice(obs["action_mask"].nonzero()[0].tolist())
                obs, _r, term, trunc, _i = env.step(action)
                steps += 1
                if term or trunc:
                    obs = env.reset()[0]
                    hands += 1
            dt = time.perf_counter() - t0
            if dt >= seconds:
                break
        state["obs"] = obs
        return {"steps/s": steps / dt, "hands/s": hands / dt}

    return measure


def mjsim_shanten() -> Callable[[float], dict[str, float]]:
    """``mjsim.shanten`` called once per hand from Python on the peer's kind of hands."""
    try:
        import numpy as np

        import mjsim

        shanten = mjsim.shanten
    except Exception as exc:
        raise Unavailable(f"mjsim.shanten not available yet ({exc})") from exc
    sys.path.insert(0, str(BENCH_DIR / "peers"))
    from _hands import random_hands

    pool = [np.array(h, dtype=np.uint8) for h in random_hands(2000, 13, 0)]
    shanten(pool[0])

    def measure(seconds: float) -> dict[str, float]:
        done = 0
        t0 = time.perf_counter()
        while True:
            for h in pool:
                shanten(h)
            done += len(pool)
            dt = time.perf_counter() - t0
            if dt >= seconds:
                break
        return {"shanten/s": done / dt}

    return measure


def mjsim_score_api(variant: str) -> Callable[[float], dict[str, float]]:
    """``mjsim.score(variant, ...)`` called once per hand from Python on the peers' hands.

    The same 1,000 concealed standard winning hands as the scoring peers (``_hands.py``, seed 0),
    self-draw and discard wins alternating; riichi hands are declared riichi (as the ``mahjong``
    peer's ``HandConfig(is_riichi=True)``) so every hand has a yaku. Hands below guobiao's 8-fan
    minimum are scored too (``valid=False``), as the peer's rejected calls are timed.
    """
    try:
        import numpy as np

        import mjsim

        score = mjsim.score
    except Exception as exc:
        raise Unavailable(f"mjsim.score not available yet ({exc})") from exc
    sys.path.insert(0, str(BENCH_DIR / "peers"))
    from _hands import random_winning_hands

    extra = {"riichi": True} if variant == "riichi" else {}
    pool = [
        (np.array(c, dtype=np.uint8), int(w), bool(i % 2))
        for i, (c, w) in enumerate(random_winning_hands(1000, 0))
    ]
    score(variant, pool[0][0], win_tile=pool[0][1], self_drawn=True, **extra)

    def measure(seconds: float) -> dict[str, float]:
        done = 0
        t0 = time.perf_counter()
        while True:
            for counts, win, tsumo in pool:
                score(variant, counts, win_tile=win, self_drawn=tsumo, **extra)
            done += len(pool)
            dt = time.perf_counter() - t0
            if dt >= seconds:
                break
        return {"hands/s": done / dt}

    return measure


# --------------------------------------------------------------------------- peers area

#: peer label -> import + setup (+ JIT compile) seconds seen in this run (for "startup")
PEER_SETUP_S: dict[str, float] = {}
#: peer id -> (label, peak RSS bytes of its worker process) seen in this run (for "memory")
PEER_RSS: dict[str, tuple[str, int]] = {}


def _compared(spec: peers.PeerSpec, variant: str | None) -> str:
    v = variant or "the mjsim variant"
    if spec.counterpart == "selfplay":
        if spec.id.startswith("rlcard"):
            return (
                f"RLCard Chinese mahjong hands (no scoring) vs mjsim {v} hands: different rules, "
                "same loop of draw/discard/call decisions"
            )
        if variant == "riichi":
            red = RED_FIVES.get(spec.id)
            if red:
                return (
                    f"Riichi hands vs mjsim riichi hands, red fives on both sides ({red}; mjsim "
                    f"riichi red_fives={_red_fives('riichi')}): like with like"
                )
            return "Riichi hands vs mjsim riichi hands: like with like"
        return (
            f"Riichi hands vs {v} hands: different rules, same loop of draw/discard/call decisions"
        )
    if spec.counterpart == "aec":
        return f"PettingZoo AEC loop: RLCard mahjong vs mjsim mahjong_v0 ({v})"
    if spec.counterpart == "shanten":
        return "13-tile shanten (standard, seven pairs, thirteen orphans), one Python call per hand"
    if spec.counterpart == "scoring_riichi":
        return (
            "Riichi yaku/han/fu/points of one hand per Python call, same 1,000 hands (riichi "
            "declared, self-draw and discard wins alternating): like with like"
        )
    return (
        "MCR (guobiao) fans of one hand per Python call, same 1,000 hands: the peer takes tile "
        "names, mjsim.score parses/validates counts and returns items and payments; the jitted "
        "batch figure is in the scoring area"
    )


def _counterpart_desc(spec: peers.PeerSpec, variant: str | None) -> str:
    v = variant or "?"
    return {
        "selfplay": f"mjsim.simulate('{v}', random bots, threads=1)",
        "aec": f"mjsim.envs.mahjong_v0.env(variant='{v}'), random masked actions",
        "shanten": "mjsim.shanten(counts) per hand",
        "scoring_riichi": "mjsim.score('riichi', counts, riichi=True) per hand",
        "scoring_guobiao": "mjsim.score('guobiao', counts) per hand",
    }[spec.counterpart]


def _counterpart(spec: peers.PeerSpec, variant: str | None) -> Callable[[float], dict] | None:
    """mjsim's measurer for a peer, or raise Unavailable / return None (no counterpart)."""
    if spec.counterpart == "selfplay":
        if variant is None:
            raise Unavailable("mjsim.simulate not available yet")
        return mjsim_selfplay(variant, threads=1)
    if spec.counterpart == "aec":
        return mjsim_aec(variant or "hebei")
    if spec.counterpart == "step":
        return None  # the riichi area's per-step rows pair it
    if spec.counterpart == "shanten":
        return mjsim_shanten()
    if spec.counterpart == "scoring_riichi":
        return mjsim_score_api("riichi")
    if spec.counterpart == "scoring_guobiao":
        return mjsim_score_api("guobiao")
    return None


def run_peers_area(quick: bool) -> list[Row]:
    """Each peer interleaved with its mjsim counterpart (A B A B ...), medians of the repeats."""
    repeats, seconds = (1, 1.0) if quick else (3, 2.0)
    status = peers.ensure_venv(verbose=True)
    rows: list[Row] = []
    for req, st in status.items():
        if st != "ok":
            rows.append(Row("peers", f"install {req}", "-", status="peer failed", note=st[:200]))
    try:
        variant: str | None = pick_selfplay_variant()
        variant_note = ""
    except Unavailable as exc:
        variant, variant_note = None, str(exc)
    for spec in peers.PEERS.values():
        if spec.id in RIICHI_PEERS or spec.counterpart == "step":
            continue  # the riichi area's
        rows.extend(_one_peer(spec, variant, variant_note, repeats, seconds))
    return rows


def _one_peer(
    spec: peers.PeerSpec, variant: str | None, variant_note: str, repeats: int, seconds: float
) -> list[Row]:
    print(f"[run_all] peers: {spec.id}", file=sys.stderr)
    mj_note = ""
    try:
        mj = _counterpart(spec, variant)
    except Unavailable as exc:
        mj, mj_note = None, str(exc) or variant_note
    mj_samples: list[dict] = []
    peer_samples: list[dict] = []
    header: dict[str, Any] = {}
    peer_err = ""
    peak = None
    try:
        with peers.PeerSession(spec.id) as sess:
            header = sess.header
            if mj is not None:
                mj(min(seconds, 0.5))  # warm-up: numba compile / caches
            sess.measure(min(seconds, 0.5))  # warm-up
            for _ in range(repeats):  # A B A B ...
                if mj is not None:
                    try:
                        mj_samples.append(_with_cpu_share(mj, seconds))
                    except Exception as exc:
                        mj, mj_note = None, f"mjsim side failed: {type(exc).__name__}: {exc}"
                peer_samples.append(sess.measure(seconds))
        peak = sess.peak_rss
    except Exception as exc:
        peer_err = f"{type(exc).__name__}: {exc}"[:300]
    label = f"{spec.label} {header.get('version', '')}".strip()
    if header.get("setup_s") is not None:
        PEER_SETUP_S[label] = float(header["setup_s"])
    if peak:
        PEER_RSS[spec.id] = (label, peak)
    units = ["hands/s", "decisions/s"] if spec.counterpart == "selfplay" else [spec.unit]
    if spec.counterpart == "aec":
        units = ["steps/s"]
    rows = []
    for unit in units:
        pvals = [s[unit] for s in peer_samples if s.get(unit) is not None]
        mvals = [s[unit] for s in mj_samples if unit in s]
        notes = []
        if peer_err:
            notes.append(f"peer: {peer_err}")
        if not mvals:
            notes.append(mj_note or "mjsim counterpart reports no " + unit)
        if unit == units[0] and header:
            notes.append(f"peer setup (import+compile) {header.get('setup_s', 0):.2f} s")
            if peak:
                notes.append(f"peer peak RSS {format_bytes(peak)}")
            shares = [f"peer {_median_of(peer_samples, 'cpu_share'):.2f}"]
            if mj_samples:
                shares.insert(0, f"mjsim {_median_of(mj_samples, 'cpu_share'):.2f}")
            notes.append("CPU share " + " / ".join(shares))
        if spec.id == "riichienv" and unit == "decisions/s" and peer_samples:
            sph = peer_samples[-1].get("steps/hand")
            notes.append(
                f"riichienv steps/s = {_fmt_median(peer_samples, 'steps/s')}, {sph:.0f}/hand"
            )
        status = "ok"
        if peer_err:
            status = "peer failed"
        elif not mvals:
            status = "not available yet" if "not available" in " ".join(notes) else "ok"
        rows.append(
            Row(
                area="peers",
                config=f"{spec.what} | mjsim: {_counterpart_desc(spec, variant)}",
                unit=unit,
                mjsim=Stat.of(mvals) if mvals else None,
                peer=label,
                peer_stat=Stat.of(pvals) if pvals else None,
                compared=_compared(spec, variant),
                note="; ".join(notes),
                status=status,
                extra={"peer_id": spec.id, "peak_rss": peak, "setup_s": header.get("setup_s")},
            )
        )
    return rows


# --------------------------------------------------------------------------- riichi area


def _red_fives(variant: str) -> tuple[int, ...] | str:
    """The ``red_fives`` field (m, p, s) of a variant's spec, or "?" if it cannot be read."""
    try:
        from mjsim import variants

        return tuple(int(x) for x in variants.get(variant).red_fives)
    except Exception:  # noqa: BLE001 - only a note
        return "?"


def run_riichi_area(quick: bool) -> list[Row]:
    """Riichi like with like (red fives on both sides): self-play beside the Riichi peers, then
    the per-step Python API rows (:func:`step_api_rows`)."""
    repeats, seconds = (1, 1.0) if quick else (3, 2.0)
    needed = [*RIICHI_PEERS, *STEP_PEERS]
    status = peers.ensure_venv(verbose=True, only=needed)
    wanted = {pkg for pid in needed for pkg in peers.PEERS[pid].packages}
    rows: list[Row] = [
        Row("riichi", f"install {req}", "-", status="peer failed", note=st[:200])
        for req, st in status.items()
        if st != "ok" and peers._dist_name(req) in wanted
    ]
    for pid in RIICHI_PEERS:
        for row in _one_peer(peers.PEERS[pid], "riichi", "", repeats, seconds):
            row.area = "riichi"
            rows.append(row)
    rows.extend(step_api_rows("riichi", repeats, seconds))
    return rows


#: the peer loops the per-step API rows pair with mjsim's AEC and Gymnasium envs
STEP_PEERS = ("riichienv", "riichienv_obs")


def step_loop_contenders(variant: str) -> dict[str, Callable[[float], dict]]:
    """mjsim's single-env RL loops: ``{"aec": ..., "aec_bool": ..., "gym": ...}`` measurers
    (steps/s, hands/s); ``aec_bool`` is the AEC env with ``mask_dtype="bool"``."""
    return {
        "aec": mjsim_aec(variant),
        "aec_bool": mjsim_aec(variant, mask_dtype="bool"),
        "gym": mjsim_gym(variant),
    }


def step_api_rows(
    variant: str,
    repeats: int,
    seconds: float,
    mjsim_loops: dict[str, Callable[[float], dict]] | None = None,
    peer_ids: tuple[str, ...] = STEP_PEERS,
) -> list[Row]:
    """The per-step Python API of a single-env RL loop, mjsim vs ``RiichiEnv.step``, same run.

    Contenders (interleaved A B C D, one warm-up each): mjsim's PettingZoo AEC env and its
    Gymnasium env (``variant``, one env, a random legal action drawn from the action mask each
    step; the Gymnasium step includes the in-kernel random opponents' decisions up to the
    learner's next one) and the peers ``peer_ids`` (``riichienv``: ``RiichiEnv.step`` with a
    random legal action per observed player; ``riichienv_obs``: the same after
    ``Observation.encode()``). One Row per (mjsim loop, peer) pair, unit steps/s.
    ``mjsim_loops`` replaces :func:`step_loop_contenders` (the smoke test passes stand-ins).
    """
    loops: dict[str, Callable[[float], dict]] = {}
    notes: dict[str, str] = {}
    if mjsim_loops is None:
        try:
            mjsim_loops = step_loop_contenders(variant)
        except Unavailable as exc:
            mjsim_loops, notes["mjsim"] = {}, str(exc)
    loops.update(mjsim_loops)
    sessions: dict[str, peers.PeerSession] = {}
    labels: dict[str, str] = {}
    for pid in peer_ids:
        sess = peers.PeerSession(pid)
        try:
            sess.__enter__()
        except Exception as exc:  # noqa: BLE001 - reported as "peer failed"
            sess.close()
            notes[pid] = f"{type(exc).__name__}: {exc}"[:300]
            continue
        sessions[pid] = sess
        labels[pid] = f"{peers.PEERS[pid].label} {sess.header.get('version', '')}".strip()
        loops[pid] = sess.measure
    samples: dict[str, list[dict]] = {k: [] for k in loops}
    try:
        for rnd in range(repeats + 1):  # a warm-up round (numba compile, caches), then A B C D
            for key, fn in list(loops.items()):
                if rnd == 0:
                    try:
                        fn(min(seconds, 0.5))
                    except Exception as exc:  # noqa: BLE001 - reported in the row
                        notes[key] = f"{type(exc).__name__}: {exc}"[:300]
                        del loops[key]
                    continue
                try:  # a peer's worker reports its own CPU share; mjsim's is this process's
                    samples[key].append(
                        fn(seconds) if key in sessions else _with_cpu_share(fn, seconds)
                    )
                except Exception as exc:  # noqa: BLE001 - reported in the row
                    notes[key] = f"{type(exc).__name__}: {exc}"[:300]
                    del loops[key]
    finally:
        for sess in sessions.values():
            sess.close()
    what = {
        "aec": f"mjsim.envs.mahjong_v0.env(variant='{variant}') AEC loop: env.last(), random "
        "legal action from obs['action_mask'], env.step",
        "aec_bool": f"mjsim.envs.mahjong_v0.env(variant='{variant}', mask_dtype='bool') AEC "
        "loop: env.last(), random legal action from obs['action_mask'] (np.bool_), env.step",
        "gym": f"mjsim.envs.MahjongEnv('{variant}') Gymnasium loop (in-kernel random "
        "opponents): random legal action from obs['action_mask'], env.step",
    }
    rows = []
    for mk in mjsim_loops or {"aec": None, "aec_bool": None, "gym": None}:
        mvals = [s_["steps/s"] for s_ in samples.get(mk, [])]
        for pid in peer_ids:
            pvals = [s_["steps/s"] for s_ in samples.get(pid, [])]
            note = [notes[k] for k in ("mjsim", mk, pid) if k in notes]
            if samples.get(mk):
                note.append(f"mjsim hands/s {_fmt_median(samples[mk], 'hands/s')}")
            if samples.get(pid):
                note.append(
                    f"peer decisions/s {_fmt_median(samples[pid], 'decisions/s')} "
                    f"({_median_of(samples[pid], 'decisions/step'):.2f} per step), "
                    f"hands/s {_fmt_median(samples[pid], 'hands/s')}"
                )
                shares = [f"peer {_median_of(samples[pid], 'cpu_share'):.2f}"]
                if samples.get(mk):
                    shares.insert(0, f"mjsim {_median_of(samples[mk], 'cpu_share'):.2f}")
                note.append("CPU share " + " / ".join(shares))
            compared = (
                "one decision per AEC step vs one RiichiEnv.step (every observed player acts)"
                if mk.startswith("aec")
                else "one learner step (opponents in the kernel) vs one RiichiEnv.step"
            )
            if pid == "riichienv_obs":
                compared += (
                    "; the peer also encodes each observation to numpy (mjsim's envs build "
                    "their observation planes at every step in every row)"
                )
            rows.append(
                Row(
                    area="riichi",
                    config=f"{what.get(mk, mk)} | peer: {peers.PEERS[pid].what}",
                    unit="steps/s",
                    mjsim=Stat.of(mvals) if mvals else None,
                    peer=labels.get(pid, peers.PEERS[pid].label),
                    peer_stat=Stat.of(pvals) if pvals else None,
                    compared=f"per-step Python API, single env, red fives on both sides: "
                    f"{compared}",
                    note="; ".join(note),
                    status="peer failed" if pid in notes else ("ok" if mvals else "failed"),
                    extra={"peer_id": pid, "mjsim_loop": mk},
                )
            )
    return rows


def _with_cpu_share(fn: Callable[[float], dict], seconds: float) -> dict:
    w0, c0 = time.perf_counter(), time.process_time()
    out = dict(fn(seconds))
    out["cpu_share"] = (time.process_time() - c0) / max(time.perf_counter() - w0, 1e-9)
    return out


def _median_of(samples: list[dict], key: str) -> float:
    vals = [s[key] for s in samples if s.get(key) is not None]
    return Stat.of(vals).median if vals else float("nan")


def _fmt_median(samples: list[dict], key: str) -> str:
    from common import format_rate

    vals = [s[key] for s in samples if s.get(key) is not None]
    return format_rate(Stat.of(vals).median) if vals else "-"


# --------------------------------------------------------------------------- memory area

_SNIPPET_HEAD = "import json, sys, time\nt0 = time.perf_counter()\n"

MEMORY_CONFIGS: dict[str, str] = {
    "python + import numpy (baseline)": "import numpy\n",
    "import mjsim (no compile)": "import mjsim\n",
    "mjsim.simulate {variant} 1,000 hands, random bots, 1 thread": (
        "import mjsim\nmjsim.simulate('{variant}', 1000, seed=0, threads=1)\n"
    ),
    "mjsim.simulate {variant} 20,000 hands, random bots, all threads": (
        "import mjsim\nmjsim.simulate('{variant}', 20000, seed=0)\n"
    ),
    "mjsim.simulate {variant} 1,000 hands, greedy bots, all threads": (
        "import mjsim\nmjsim.simulate('{variant}', 1000, ['greedy'] * 4, seed=0)\n"
    ),
    "MahjongVectorEnv {variant}, 1,024 tables, reset + 200 steps (random legal actions)": (
        "import numpy as np\nfrom mjsim.envs import MahjongVectorEnv\n"
        "env = MahjongVectorEnv('{variant}', 1024)\nobs, info = env.reset(seed=0)\n"
        "rng = np.random.default_rng(0)\n"
        "for _ in range(200):\n"
        "    m = info['action_mask']\n"
        "    a = (rng.random(m.shape) * m).argmax(axis=1)\n"
        "    obs, r, term, trunc, info = env.step(a)\n"
    ),
}

_VECTOR_SNIPPET = """
import numpy as np
from mjsim.envs import MahjongVectorEnv
n = {n}
env = MahjongVectorEnv('{variant}', {n})
if hasattr(env, 'state_nbytes'):  # the env's own accounting (envs/vector.py)
    parts = {{k: int(v) for k, v in env.state_nbytes().items()}}
    per_table = parts.pop('per_table')
    how = 'MahjongVectorEnv.state_nbytes()'
else:  # fallback: numpy arrays with leading dimension n reachable from the env
    seen, parts = set(), {{}}
    def walk(obj, name, depth=0):
        if id(obj) in seen or depth > 4:
            return
        seen.add(id(obj))
        if isinstance(obj, np.ndarray):
            if obj.ndim >= 1 and obj.shape[0] == n:
                parts[name] = parts.get(name, 0) + obj.nbytes
            return
        if isinstance(obj, dict):
            items = obj.items()
        elif isinstance(obj, (list, tuple)):
            items = enumerate(obj)
        elif hasattr(obj, '__dict__'):
            items = vars(obj).items()
        else:
            return
        for k, v in items:
            walk(v, name if depth else str(k), depth + 1)
    walk(env, 'env')
    per_table = sum(parts.values()) / n
    how = 'nbytes of the arrays with leading dimension n reachable from the env'
print(json.dumps({{"bytes_per_table": per_table, "parts": parts, "how": how}}))
"""


def _mjsim_subprocess(code: str, timeout: float = 1800) -> tuple[int, float, str]:
    try:
        res = run_subprocess([sys.executable, "-c", _SNIPPET_HEAD + code], timeout=timeout)
    except TimeoutError as exc:
        return -1, timeout, f"timed out: {exc}"[:200]
    err = "" if res.returncode == 0 else (res.stderr.strip().splitlines() or ["?"])[-1][:200]
    return res.peak_rss, res.seconds, err


def run_memory_area(quick: bool, variant: str | None) -> list[Row]:
    rows = []
    v = variant or "hebei"
    for name, code in MEMORY_CONFIGS.items():
        if quick and ("20,000" in name or "1,024" in name):
            continue
        cfg = name.format(variant=v)
        if "simulate" in code and variant is None:
            rows.append(
                Row("memory", cfg, "MiB", status="not available yet", note="mjsim.simulate")
            )
            continue
        rss, secs, err = _mjsim_subprocess(code.format(variant=v))
        rows.append(
            Row(
                "memory",
                cfg,
                "MiB",
                mjsim=None if err else Stat.of([rss / 2**20]),
                status="failed" if err else "ok",
                note=err or f"peak RSS of its own subprocess; ran {secs:.1f} s",
                higher_is_better=False,
            )
        )
    # bytes of state per table in the vector env
    for n in (64, 1024) if not quick else (64,):
        cfg = f"vector env state, {n} tables ({v})"
        try:
            res = run_subprocess(
                [sys.executable, "-c", "import json\n" + _VECTOR_SNIPPET.format(n=n, variant=v)],
                timeout=1800,
            )
        except TimeoutError as exc:
            rows.append(Row("memory", cfg, "bytes/table", status="failed", note=str(exc)[:200]))
            continue
        if res.returncode != 0:
            tail = (res.stderr.strip().splitlines() or ["?"])[-1][:200]
            st = "not available yet" if "MahjongVectorEnv" in res.stderr else "failed"
            rows.append(Row("memory", cfg, "bytes/table", status=st, note=tail))
            continue
        out = res.last_json()
        bpt = out["bytes_per_table"]
        parts = ", ".join(f"{k} {v / n:.0f}" for k, v in out["parts"].items())
        rows.append(
            Row(
                "memory",
                cfg,
                "bytes/table",
                mjsim=Stat.of([bpt]),
                note=f"{out['how']}: {parts} (bytes/table); constructor only, no step",
                higher_is_better=False,
            )
        )
    # peers: one subprocess per peer configuration (the peers area's workers when it ran)
    for spec in peers.PEERS.values():
        if spec.counterpart == "step":
            continue  # the same process as its self-play measure
        if spec.id in PEER_RSS:
            label, rss = PEER_RSS[spec.id]
            rows.append(
                Row(
                    "memory",
                    f"peer: {spec.what}",
                    "MiB",
                    peer=label,
                    peer_stat=Stat.of([rss / 2**20]),
                    note="peak RSS of the peer's worker process in the peers area "
                    "(import + setup + all repeats)",
                    higher_is_better=False,
                )
            )
            continue
        res = peers.run_peer_once(spec.id, repeats=1, seconds=1.0)
        if "error" in res:
            rows.append(
                Row(
                    "memory",
                    spec.what,
                    "MiB",
                    peer=spec.label,
                    status="peer failed",
                    note=res["error"][:200],
                )
            )
            continue
        rows.append(
            Row(
                "memory",
                f"peer: {spec.what}",
                "MiB",
                peer=f"{spec.label} {res['version']}",
                peer_stat=Stat.of([res["peak_rss"] / 2**20]),
                note="peak RSS of the peer's own subprocess (import + setup + 1 s of work)",
                higher_is_better=False,
            )
        )
    return rows


# --------------------------------------------------------------------------- scaling area

BATCH_SIZES = (1, 4, 16, 64, 256, 1024, 4096)


def run_scaling_area(quick: bool, variant: str | None, plot: bool = True) -> list[Row]:
    """hands/s vs batch size (hands per ``simulate`` call) at 1 and 2 threads; PNG plot
    (``benchmarks/scaling.png``, unless ``plot`` is False)."""
    if variant is None:
        return [
            Row(
                "scaling",
                "mjsim.simulate",
                "hands/s",
                status="not available yet",
                note="mjsim.simulate not available yet; no scaling.png written",
            )
        ]
    simulate = _simulate_fn()
    threads_list = (1, 2)
    sizes = BATCH_SIZES if not quick else (1, 64, 4096)
    repeats = 1 if quick else 3
    rows: list[Row] = []
    curves: dict[int, list[tuple[int, Stat]]] = {t: [] for t in threads_list}
    for t in threads_list:
        simulate(variant, 8, seed=0, threads=t)  # compile / warm
    for b in sizes:
        samples: dict[int, list[float]] = {t: [] for t in threads_list}
        for rep in range(repeats):
            for t in threads_list:  # interleave 1 thread / 2 threads
                seed = [1000 + rep]

                def call(t: int = t, b: int = b, seed: list[int] = seed) -> int:
                    simulate(variant, b, seed=seed[0], threads=t)
                    seed[0] += 7919
                    return b

                samples[t].append(measure_rate(call, min_seconds=0.5 if quick else 1.0))
        for t in threads_list:
            st = Stat.of(samples[t])
            curves[t].append((b, st))
            rows.append(
                Row("scaling", f"{variant}, {b} hands per call, {t} thread(s)", "hands/s", mjsim=st)
            )
    png = BENCH_DIR / "scaling.png"
    if not plot:
        return rows
    try:
        _plot_scaling(curves, variant, png)
        rows[-1].note = f"plot: {png.name}"
    except Exception as exc:
        rows[-1].note = f"plot failed: {exc}"
    return rows


def _plot_scaling(curves: dict[int, list[tuple[int, Stat]]], variant: str, png: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5.5, 3.6), dpi=110)
    for t, pts in curves.items():
        xs = [b for b, _ in pts]
        med = [s.median for _, s in pts]
        lo = [s.median - s.min for _, s in pts]
        hi = [s.max - s.median for _, s in pts]
        ax.errorbar(xs, med, yerr=[lo, hi], marker="o", capsize=3, label=f"{t} thread(s)")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("hands per simulate() call")
    ax.set_ylabel("hands/s (median, min-max)")
    load = os.getloadavg()[0]
    ax.set_title(
        f"mjsim.simulate('{variant}'), random bots (load {load:.1f} on {os.cpu_count()} cores)"
    )
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(png)
    plt.close(fig)


# --------------------------------------------------------------------------- startup area

_STARTUP_SNIPPET = """
import json, time
t0 = time.perf_counter()
import mjsim
t1 = time.perf_counter()
{call}
t2 = time.perf_counter()
print(json.dumps({{"import_s": t1 - t0, "first_call_s": t2 - t1}}))
"""


def run_startup_area(
    quick: bool, variant: str | None, repeats: int = 3, timeout: float = 5400
) -> list[Row]:
    """Cold (empty NUMBA_CACHE_DIR) and warm (cache filled) start, each in a fresh subprocess
    (``timeout`` seconds each: a cold compile takes many minutes on a loaded 2-core machine)."""
    repeats = 1 if quick else repeats
    if variant is not None:
        call, what = (
            f"mjsim.simulate('{variant}', 1, seed=0, threads=1)",
            f"simulate {variant} 1 hand",
        )
    else:
        call, what = "pass", "no simulate yet: import only"
    code = _STARTUP_SNIPPET.format(call=call)
    cold: list[float] = []
    warm: list[float] = []
    imp: list[float] = []
    cpu: dict[int, list[float]] = {id(cold): [], id(warm): []}
    err = ""
    for _ in range(repeats):
        with tempfile.TemporaryDirectory(prefix="mjsim-numba-cache-") as cache:
            env = {"NUMBA_CACHE_DIR": cache}
            for bucket in (cold, warm):  # cold then warm on the same (now filled) cache
                res = run_subprocess([sys.executable, "-c", code], env=env, timeout=timeout)
                if res.returncode != 0:
                    err = (res.stderr.strip().splitlines() or ["?"])[-1][:200]
                    break
                out = res.last_json()
                bucket.append(res.seconds)
                cpu[id(bucket)].append(res.cpu_seconds)
                if bucket is warm:
                    imp.append(out["import_s"])
        if err:
            break
    rows = []
    # peers' cold start: import + setup (+ JIT compile for mahjax), from one-shot runs
    # (reuse the peers area's figures when it ran; mahjax's compile takes minutes on 2 cores)
    peer_setup: dict[str, float] = {
        k: v for k, v in PEER_SETUP_S.items() if k.startswith(("mahjax", "riichienv"))
    }
    for pid in ("mahjax", "riichienv") if not quick else ("riichienv",):
        label = peers.PEERS[pid].label
        if any(k.startswith(label) for k in peer_setup):
            continue
        res = peers.run_peer_once(pid, repeats=1, seconds=0.2)
        if "error" not in res:
            peer_setup[f"{label} {res['version']}"] = res["setup_s"]
    if err:
        return [Row("startup", f"cold start ({what})", "s", status="failed", note=err)]
    # pair with mahjax when measured: like mjsim, it compiles its game loop on first use
    first_peer = next(
        ((k, v) for k, v in peer_setup.items() if k.startswith("mahjax")),
        next(iter(peer_setup.items()), None),
    )
    rows.append(
        Row(
            "startup",
            f"cold: python -c 'import mjsim; {what}', empty NUMBA_CACHE_DIR",
            "s",
            mjsim=Stat.of(cold),
            peer=first_peer[0] if first_peer else "",
            peer_stat=Stat.of([first_peer[1]]) if first_peer else None,
            compared="whole process wall time vs the peer's import + setup (+ JIT compile)",
            note=f"CPU time of the process {Stat.of(cpu[id(cold)]).median:.0f} s (wall time "
            "is inflated by the other jobs on the machine); "
            + "; ".join(f"{k}: import+setup {v:.2f} s" for k, v in peer_setup.items()),
            higher_is_better=False,
        )
    )
    rows.append(
        Row(
            "startup",
            f"warm: same command, numba cache filled ({what})",
            "s",
            mjsim=Stat.of(warm),
            note=f"of which import mjsim {Stat.of(imp).median:.2f} s; CPU time "
            f"{Stat.of(cpu[id(warm)]).median:.1f} s",
            higher_is_better=False,
        )
    )
    return rows


# --------------------------------------------------------------------------- report


def _peer_versions() -> str:
    st = peers.install_status()
    if not st:
        return "peers venv not created"
    return ", ".join(f"{req} ({'ok' if s == 'ok' else 'FAILED'})" for req, s in st.items())


def area_markdown(area: str, rows: list[Row], command: str, info: dict[str, Any]) -> str:
    lines = [
        f"### run_all: {area}",
        "",
        f"Command: `{command}` - {info['utc']}, load(1 min) {info['load1']} at start.",
        "",
        rows_markdown(rows),
    ]
    pairs = sorted({(r.peer, r.compared) for r in rows if r.compared})
    if pairs:
        lines += ["", "What each pair compares:", ""]
        lines += [f"- {p or 'mjsim'}: {c}" for p, c in pairs]
    if area == "scaling" and (BENCH_DIR / "scaling.png").exists():
        lines += ["", "![hands/s vs batch size](scaling.png)"]
    return "\n".join(lines)


def header_markdown(command: str, info: dict[str, Any]) -> str:
    return "\n".join(
        [
            "## All benchmarks side by side (`benchmarks/run_all.py`)",
            "",
            "Written by `benchmarks/run_all.py`; each area below is rewritten only when that area "
            "is run (`--only AREA`). Figures are medians of interleaved repeats (A B A B ...) "
            "with the min-max spread in brackets; ratio = mjsim/peer for rates and peer/mjsim "
            "for times and memory, so > 1 always means mjsim is better. Peers run in "
            "`benchmarks/.peers-venv` (see `benchmarks/README.md`), one core each.",
            "",
            f"Last command: `{command}`",
            "",
            machine_markdown(info),
            f"- Peers: {_peer_versions()}",
        ]
    )


def _has_block(name: str) -> bool:
    return RESULTS_MD.exists() and f"<!-- {name}:begin -->" in RESULTS_MD.read_text()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Run every mjsim benchmark beside its peers.")
    ap.add_argument("--quick", action="store_true", help="1 short repeat per figure (smoke run)")
    ap.add_argument("--only", default="", help=f"comma-separated areas of: {', '.join(ALL_AREAS)}")
    ap.add_argument("--no-write", action="store_true", help="do not rewrite RESULTS.md")
    ap.add_argument("--json", default="", help="also dump all rows to this JSON file")
    ap.add_argument(
        "--cold-repeats",
        type=int,
        default=3,
        help="cold/warm start repeats (each cold start recompiles everything: minutes)",
    )
    ap.add_argument(
        "--cold-timeout",
        type=float,
        default=5400,
        help="seconds allowed to one cold-start subprocess (default 5400)",
    )
    args = ap.parse_args(argv)
    areas = [a for a in args.only.split(",") if a] or list(ALL_AREAS)
    unknown = [a for a in areas if a not in ALL_AREAS]
    if unknown:
        ap.error(f"unknown areas {unknown}; known: {', '.join(ALL_AREAS)}")
    command = "python benchmarks/run_all.py " + " ".join(
        shlex.quote(a) for a in (argv or sys.argv[1:])
    )
    command = command.strip()
    info = machine_info()
    print(machine_markdown(info), flush=True)
    variant: str | None = None
    if any(a in OWN_AREAS for a in areas):
        try:
            variant = pick_selfplay_variant()
        except Unavailable as exc:
            print(f"[run_all] {exc}", file=sys.stderr)
    if any(a in PEER_AREAS for a in areas):
        # create / complete the peers' venv before the first area that runs a peer (envs runs
        # RLCard): on a fresh machine it does not exist yet, and a peer missing for that reason
        # is not a failed install. A requirement that fails here is reported by the peers area.
        peer_areas = {a for a in areas if a in PEER_AREAS}
        only = [*RIICHI_PEERS, *STEP_PEERS] if peer_areas == {"riichi"} else None
        try:
            peers.ensure_venv(verbose=True, only=only)
        except RuntimeError as exc:
            print(f"[run_all] {exc}", file=sys.stderr)
    all_rows: dict[str, list[Row]] = {}
    for area in areas:
        print(f"[run_all] === {area}", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        try:
            if area in MODULE_AREAS:
                rows = run_module_area(area, args.quick)
            elif area == "peers":
                rows = run_peers_area(args.quick)
            elif area == "riichi":
                rows = run_riichi_area(args.quick)
            elif area == "memory":
                rows = run_memory_area(args.quick, variant)
            elif area == "scaling":
                rows = run_scaling_area(args.quick, variant, plot=not args.no_write)
            else:
                rows = run_startup_area(args.quick, variant, args.cold_repeats, args.cold_timeout)
        except Exception as exc:  # never lose the other areas to one failure
            rows = [Row(area, "run_all area", "-", status="failed", note=f"{exc!r}"[:300])]
        all_rows[area] = rows
        print(f"[run_all] {area} took {time.perf_counter() - t0:.0f} s", file=sys.stderr)
        print(rows_text(rows), file=sys.stderr, flush=True)
        if not args.no_write:  # write each area as soon as it is done
            _write_results(command, info, {area: rows})
    flat = [r for rows in all_rows.values() for r in rows]
    print()
    print(rows_text(flat))
    if args.json:
        Path(args.json).write_text(json.dumps([r.to_dict() for r in flat], indent=1, default=str))
    if not args.no_write:
        print(f"\nwrote {RESULTS_MD.relative_to(BENCH_DIR.parent)}")
    return 0


def _write_results(command: str, info: dict[str, Any], area_rows: dict[str, list[Row]]) -> None:
    """Rewrite the header block and the given areas' blocks of RESULTS.md (others untouched)."""
    write_block("run_all", header_markdown(command, info), RESULTS_MD)
    prev = "run_all"
    for area in ALL_AREAS:  # keep the area blocks in a fixed order after the header
        if area in area_rows:
            body = area_markdown(area, area_rows[area], command, info)
            write_block(f"run_all-{area}", body, RESULTS_MD, after=prev)
        prev = f"run_all-{area}" if _has_block(f"run_all-{area}") else prev


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
