"""The first use of each compiled entry point, and ``mjsim compile``: all of them ahead of time.

An *entry point* is jitted code that Python calls: the self-play loop, ``Game``'s kernels, the
PettingZoo AEC environment, the vector (and Gymnasium) environment, the in-kernel bots called
from Python, the builders of the lookup tables, and one scorer per scoring family. Its first use on sources this machine has not
compiled yet compiles it (seconds to minutes, once; then numba's disk cache, see
:mod:`mjsim._cache`). :data:`ENTRY_POINTS` defines that first use once: a few lines of the
public API that compile everything the entry point needs (a short hand, one step, one scored
win). ``mjsim compile`` and ``benchmarks/compile_time.py --first-use`` both run these.

:func:`compile_all` runs the chosen first uses ahead of time, each in a fresh process
(``spawn``), several at once (``jobs``, default every core). Entry points that reach the
engine wait for the self-play loop when callees are compiled link-only (the default,
:func:`mjsim._cache.link_only_enabled`): the loop types the whole engine once and caches every
callee, which the others then load instead of typing it again; the scorers compile beside it
meanwhile. A second run finds everything in the cache and says so ("already compiled").

``portable=True`` compiles for numba's generic CPU of this architecture
(``MJSIM_NUMBA_CPU=generic``, see :mod:`mjsim._cache`): a cache that another machine of the
same architecture, Python and numba version can load (:func:`export_cache` copies it out for
a wheel or a cluster).

This module is plain Python outside the compiled closure (it never imports numba by name):
editing it keeps everyone's compiled cache.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: the win each scoring family's first use scores (mpsz hand with the winning tile, self-drawn):
#: four pungs and a pair in one suit, a legal win in every family (no honours: sichuan's
#: 108-tile families have none)
SCORE_HAND = ("11122233344455m", "5m")
#: the variant keywords a scorer requires, by variant (tianjin: the turned wild indicator; the
#: hand holds no honour, so no wild)
SCORE_CONTEXT: dict[str, dict[str, Any]] = {"tianjin": {"wild_indicator": "7z"}}
#: variant whose rules the engine entry points play first: it stands for every table-driven
#: variant (one compiled engine per scorer, :mod:`mjsim.rules.scorer`)
DEFAULT_VARIANT = "hebei"


@dataclass(frozen=True)
class EntryPoint:
    """One Python-called entry point and its first use.

    Attributes:
        name: the target name (``mjsim compile --targets``): ``simulate``, ``game``, ``aec``,
            ``gym``, ``vector``, ``agent``, ``tables``, or ``score:VARIANT``.
        what: what compiles, for messages (``"the self-play game loop and its in-kernel bots"``).
        code: compiled-code identity: entry points with the same ``code`` compile the same
            kernels (``gym`` is a one-table ``vector``), so ``mjsim compile`` runs one of them.
        engine: reaches the engine below the self-play loop (waits for ``simulate`` when callees
            are link-only).
        use: the first use, ``use(variant)``.
    """

    name: str
    what: str
    code: str
    engine: bool
    use: Callable[[str], None] = field(repr=False, compare=False)


def _use_simulate(variant: str) -> None:
    """The self-play loop: eight hands with greedy and random bots (one compiled loop plays
    every variant, agent and thread count)."""
    import mjsim

    mjsim.simulate(variant, 8, ("greedy", "random"), seed=0, threads=1)


def _use_game(variant: str) -> None:
    """``Game``: one hand with the first legal action at every decision."""
    from mjsim.engine import Game

    g = Game(variant, seed=0)
    while not g.done:
        g.step(g.legal_actions()[0])


def _use_aec(variant: str) -> None:
    """The README's PettingZoo AEC loop: one hand, random legal actions."""
    import numpy as np

    from mjsim.envs import mahjong_v0

    env = mahjong_v0.env(variant=variant)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _agent in env.agent_iter():
        obs, _reward, term, trunc, _info = env.last()
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
    env.close()


def _use_gym(variant: str) -> None:
    """``gymnasium.make("mjsim/Mahjong-v0")`` with greedy opponents: one episode."""
    import gymnasium
    import numpy as np

    import mjsim.envs  # noqa: F401 - registers mjsim/Mahjong-v0

    env = gymnasium.make("mjsim/Mahjong-v0", variant=variant, opponents="greedy", seat=0)
    obs, _info = env.reset(seed=0)
    done = False
    while not done:
        obs, _reward, done, _truncated, _info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    env.close()


def _use_vector(variant: str) -> None:
    """``MahjongVectorEnv``: two tables, reset and one step."""
    import numpy as np

    from mjsim.envs import MahjongVectorEnv

    vec = MahjongVectorEnv(variant, 2)
    obs, _info = vec.reset(seed=0)
    vec.step(np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]))
    vec.close()


def _use_agent(variant: str) -> None:
    """The in-kernel bots called from Python (``KernelAgent.act`` on a ``Game``)."""
    from mjsim.agents import KernelAgent
    from mjsim.engine import Game

    g = Game(variant, seed=0, record=False)
    for name in ("greedy", "random"):
        KernelAgent(name).act(g, g.legal_mask())


def _use_score(variant: str) -> None:
    """``mjsim.score``: one win of the variant's scoring family."""
    import mjsim

    hand, tile = SCORE_HAND
    mjsim.score(variant, hand, win_tile=tile, self_drawn=True, **SCORE_CONTEXT.get(variant, {}))


def _use_tables(variant: str) -> None:
    """The builders of the kernels' lookup tables (:mod:`mjsim.kernels.tables`): they run when
    a machine has no tables file yet (``<mjsim cache>/tables-v*.npy``), seconds with their
    compiled code at hand; compiled here so that a shipped cache holds them."""
    from mjsim.kernels.tables import build_tables

    build_tables()


#: the entry points by target name (``score:VARIANT`` are made by :func:`entry_point`)
ENTRY_POINTS: dict[str, EntryPoint] = {
    e.name: e
    for e in (
        EntryPoint(
            "simulate", "the self-play game loop and its in-kernel bots", "selfplay", True,
            _use_simulate,
        ),
        EntryPoint("game", "Game's deal, masks and steps", "game", True, _use_game),
        EntryPoint("aec", "the PettingZoo AEC environment", "aec", True, _use_aec),
        EntryPoint(
            "vector", "the vector environment's batched step", "vector", True, _use_vector
        ),
        EntryPoint(
            "gym", "the Gymnasium environment (greedy opponents)", "vector", True, _use_gym
        ),
        EntryPoint(
            "agent", "the in-kernel bots called from Python", "agent", True, _use_agent
        ),
        EntryPoint("tables", "the lookup tables' builders", "tables", False, _use_tables),
    )
}  # fmt: skip

#: targets of ``mjsim compile`` by default (``gym`` is ``vector``'s compiled code)
DEFAULT_TARGETS = ("simulate", "game", "aec", "vector", "agent", "tables", "score")


def _score_variants() -> list[str]:
    from mjsim.scoring.api import known_variants
    from mjsim.variants import names

    return [v for v in names() if v in set(known_variants())]


def representatives(variants: Sequence[str] = ()) -> list[str]:
    """One variant per scorer (:mod:`mjsim.rules.scorer`), in order: the first of ``variants``
    with each scorer, or by default :data:`DEFAULT_VARIANT` and then the first registered
    variant of each other scorer. The engine is compiled once per scorer, so these are the
    variants whose engine entry points cover every variant given (or every registered one)."""
    from mjsim import variants as registry

    out: list[str] = []
    seen: set[str] = set()
    for v in variants or (DEFAULT_VARIANT, *registry.names()):
        kind = registry.get(v).scorer_kind()
        if kind not in seen:
            seen.add(kind)
            out.append(v)
    return out


def _engine_entry_point(base: EntryPoint, variant: str) -> EntryPoint:
    """``base`` (an engine target) compiled for ``variant``'s scorer: ``TARGET:VARIANT``."""
    from mjsim import variants as registry

    names = registry.names()
    if variant not in names:
        from mjsim._args import did_you_mean

        raise ValueError(
            f"{base.name}:{variant}: unknown variant {variant!r}{did_you_mean(variant, names)}; "
            f"known: {', '.join(names)}"
        )
    kind = registry.get(variant).scorer_kind()
    return EntryPoint(
        f"{base.name}:{variant}",
        f"{base.what} ({kind} scorer)",
        f"{base.code}:{kind}",
        True,
        base.use,
    )


def entry_point(target: str) -> EntryPoint:
    """The entry point named ``target``: a key of :data:`ENTRY_POINTS`, ``score:VARIANT``, or
    an engine target for one variant's scorer, ``TARGET:VARIANT`` (``simulate:guobiao``).

    Raises:
        ValueError: an unknown target or variant, naming the known ones.
    """
    if target in ENTRY_POINTS:
        return ENTRY_POINTS[target]
    base_name, _, variant = target.partition(":")
    if base_name in ENTRY_POINTS and ENTRY_POINTS[base_name].engine and variant:
        return _engine_entry_point(ENTRY_POINTS[base_name], variant)
    if target.startswith("score:"):
        variant = target.partition(":")[2]
        known = _score_variants()
        if variant not in known:
            from mjsim._args import did_you_mean

            raise ValueError(
                f"{target!r}: no scorer for variant {variant!r}{did_you_mean(variant, known)}; "
                f"variants with a scorer: {', '.join(known)}"
            )
        from mjsim import variants

        family = variants.get(variant).scoring
        what = f"the {family} scorer" + ("" if family == variant else f" ({variant})")
        return EntryPoint(target, what, f"scoring:{family}", False, _use_score)
    known = ", ".join([*ENTRY_POINTS, "score", "score:VARIANT"])
    raise ValueError(f"unknown compile target {target!r}; known: {known}")


def variant_of(target: str, variants: Sequence[str] = ()) -> str:
    """The variant a target's first use plays or scores: ``score:VARIANT``'s or
    ``TARGET:VARIANT``'s own, else the first of ``variants``, else :data:`DEFAULT_VARIANT`."""
    if ":" in target:
        return target.partition(":")[2]
    return variants[0] if variants else DEFAULT_VARIANT


def plan(targets: Sequence[str] = (), variants: Sequence[str] = ()) -> list[EntryPoint]:
    """The entry points to compile for ``targets`` (default :data:`DEFAULT_TARGETS`) and
    ``variants`` (default: every variant with a scorer), in order, one per compiled code.

    ``score`` stands for ``score:VARIANT`` of each variant's scoring family (one variant per
    family: the others share its kernels); an engine target stands for ``TARGET:VARIANT`` of
    one variant per scorer (:func:`representatives`: the engine is compiled once per scorer
    and plays every variant of that scorer).

    Raises:
        ValueError: an unknown target or variant (named, with the known ones).
    """
    from mjsim import variants as registry

    names = registry.names()
    for v in variants:
        if v not in names:
            from mjsim._args import did_you_mean

            raise ValueError(
                f"unknown variant {v!r}{did_you_mean(v, names)}; known: {', '.join(names)}"
            )
    scored = _score_variants()
    out: list[EntryPoint] = []
    seen: set[str] = set()
    for t in targets or DEFAULT_TARGETS:
        if t == "score":
            expanded = [f"score:{v}" for v in (variants or scored) if v in scored]
        elif t in ENTRY_POINTS and ENTRY_POINTS[t].engine:
            expanded = [f"{t}:{v}" for v in representatives(variants)]
        else:
            expanded = [t]
        for name in expanded:
            ep = entry_point(name)
            if ep.code not in seen:
                seen.add(ep.code)
                out.append(ep)
    return out


# ------------------------------------------------------------------------- one first use
def _compile_events() -> Callable[[], int]:
    """Start counting numba's ``numba:compile`` events in this process (fired only when numba
    compiles, never when it loads from its cache); returns the counter. numba is imported by
    name through importlib so that this module stays outside the compiled closure."""
    event = importlib.import_module("numba.core.event")
    count = [0]

    class _Counter(event.Listener):
        def on_start(self, ev: Any) -> None:
            count[0] += 1

        def on_end(self, ev: Any) -> None:
            pass

    event.register("numba:compile", _Counter())
    return lambda: count[0]


def first_use(target: str, variant: str | None = None) -> dict[str, Any]:
    """Run the first use of ``target`` in this process (see :func:`entry_point`); returns
    ``{"target", "variant", "seconds", "compiled"}``: wall seconds and whether numba compiled
    anything (``False``: everything loaded from the cache).

    Raises what the first use raises (``ValueError`` for an unknown target or variant)."""
    ep = entry_point(target)
    variant = variant or variant_of(target)
    import mjsim  # noqa: F401 - configures numba's cache before numba compiles anything

    events = _compile_events()
    t0 = time.perf_counter()
    ep.use(variant)
    return {
        "target": target,
        "variant": variant,
        "seconds": time.perf_counter() - t0,
        "compiled": events() > 0,
    }


def _child(target: str, variant: str, queue: Any) -> None:
    """A ``mjsim compile`` worker process: one first use, its result on ``queue``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's: it stops us
    os.environ["MJSIM_QUIET"] = "1"  # the parent shows the progress
    try:
        queue.put(first_use(target, variant))
    except BaseException as e:  # reported by the parent
        queue.put({"target": target, "error": f"{type(e).__name__}: {e}"})


# ------------------------------------------------------------------------- mjsim compile
@dataclass
class Outcome:
    """What :func:`compile_all` did for one entry point: ``status`` is ``"compiled"``,
    ``"cached"`` (loaded: already compiled), ``"failed"`` (``error`` says why) or
    ``"stopped"`` (interrupted); ``seconds``: wall seconds of its first use."""

    target: str
    what: str
    status: str
    seconds: float = 0.0
    error: str = ""


def compile_all(
    entry_points: Sequence[EntryPoint],
    *,
    variants: Sequence[str] = (),
    jobs: int | None = None,
    portable: bool = False,
    on_start: Callable[[EntryPoint], None] | None = None,
    on_done: Callable[[Outcome], None] | None = None,
    tick: Callable[[dict[str, float]], None] | None = None,
) -> list[Outcome]:
    """Compile (or load) ``entry_points`` ahead of time, each first use in a fresh process.

    Args:
        entry_points: from :func:`plan`.
        variants: the variant an engine entry point without one of its own plays (the first;
            default :data:`DEFAULT_VARIANT`); :func:`plan` names one per scorer.
        jobs: processes at once (default: every core this process may use).
        portable: compile for numba's generic CPU of this architecture
            (``MJSIM_NUMBA_CPU=generic``); default: for this machine's CPU (``host``).
        on_start, on_done: called as an entry point starts / ends (progress display).
        tick: called about ten times a second with ``{target: seconds running}``.

    Returns:
        One :class:`Outcome` per entry point, in the order given.

    Raises:
        KeyboardInterrupt: Ctrl-C (or SIGTERM through the command line): every worker process
            is killed at once, nothing it was compiling is cached.
        ValueError: ``jobs`` < 1.
    """
    import multiprocessing
    import queue as queue_mod

    from mjsim._cache import link_only_enabled

    jobs = _default_jobs() if jobs is None else int(jobs)
    if jobs < 1:
        raise ValueError(f"jobs={jobs!r}: expected at least 1 process")
    ctx = multiprocessing.get_context("spawn")
    results: Any = ctx.Queue()
    # with link-only callees the engine entry points load what the self-play loop of the same
    # scorer cached (``simulate:VARIANT`` with the same compiled code)
    gates: dict[str, str] = {}
    if link_only_enabled():
        for ep in entry_points:
            if ep.name == "simulate" or ep.name.startswith("simulate:"):
                gates[ep.code.partition(":")[2]] = ep.name
    pending = list(entry_points)
    running: dict[str, tuple[Any, float, EntryPoint]] = {}
    outcomes: dict[str, Outcome] = {}
    exited: dict[str, float] = {}  # when a worker was first seen ended without a result
    saved = {k: os.environ.get(k) for k in ("MJSIM_NUMBA_CPU",)}
    # the children's CPU target (mjsim._cache): this machine's, or the portable generic one
    os.environ["MJSIM_NUMBA_CPU"] = "generic" if portable else "host"

    def startable(ep: EntryPoint) -> bool:
        gate = gates.get(ep.code.partition(":")[2]) if ep.engine else None
        return not (gate and ep.name != gate and gate not in outcomes)

    def finish(name: str, out: Outcome) -> None:
        proc, _t0, _ep = running.pop(name)
        proc.join(5)
        outcomes[name] = out
        if on_done is not None:
            on_done(out)

    try:
        while pending or running:
            for ep in [e for e in pending if startable(e)]:
                if len(running) >= jobs:
                    break
                pending.remove(ep)
                proc = ctx.Process(
                    target=_child,
                    args=(ep.name, variant_of(ep.name, variants), results),
                    name=f"mjsim compile {ep.name}",
                    daemon=True,
                )
                proc.start()
                running[ep.name] = (proc, time.monotonic(), ep)
                if on_start is not None:
                    on_start(ep)
            try:
                msg = results.get(timeout=0.1)
            except queue_mod.Empty:
                msg = None
            if msg is not None and msg["target"] in running:
                ep = running[msg["target"]][2]
                if "error" in msg:
                    out = Outcome(ep.name, ep.what, "failed", error=msg["error"])
                else:
                    status = "compiled" if msg["compiled"] else "cached"
                    out = Outcome(ep.name, ep.what, status, msg["seconds"])
                finish(ep.name, out)
            now = time.monotonic()
            for name, (proc, t0, ep) in list(running.items()):
                if proc.is_alive():
                    continue
                # an exit without a result: a crash, or (exit code 0) a result still in transit
                ended = exited.setdefault(name, now)
                if proc.exitcode != 0 or now - ended > 10:
                    why = f"its process ended with exit code {proc.exitcode} and no result"
                    finish(name, Outcome(name, ep.what, "failed", now - t0, why))
            if tick is not None:
                tick({name: now - t0 for name, (_p, t0, _e) in running.items()})
    except BaseException:
        for proc, _t0, _ep in running.values():
            proc.kill()  # at once: a compile is long C calls that no signal handler interrupts
        for proc, _t0, _ep in running.values():
            proc.join(5)
        raise
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        results.close()
    return [outcomes[ep.name] for ep in entry_points]


def _default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


# ------------------------------------------------------------------------- shipping a cache
#: the file describing an exported cache (numba, Python, machine, CPU target, sources)
MANIFEST = "mjsim-cache.json"


def export_cache(into: str | os.PathLike[str], *, portable: bool) -> Path:
    """Copy the compiled cache of these sources into ``into/<directory name>/`` with a manifest
    (:data:`MANIFEST`): what :mod:`mjsim._cache` needs to adopt it on another machine (a wheel's
    ``mjsim/_precompiled/``, a cluster node). Returns the new directory.

    Raises:
        ValueError: numba's cache is not managed by mjsim here (``NUMBA_CACHE_DIR`` set by the
            user, or ``MJSIM_NUMBA_CACHE=per-file``), or the cache holds no compiled code.
    """
    import mjsim
    from mjsim import _cache

    cpu = "generic" if portable else "host"
    src = _cache.cache_dir_for(mjsim.__version__, cpu=cpu)
    if _cache.CACHE_DIR is None:
        raise ValueError(
            "--into: numba's cache is not managed by mjsim in this process (NUMBA_CACHE_DIR set "
            "by the user, or MJSIM_NUMBA_CACHE=per-file): nothing to export"
        )
    if not _cache.holds_compiled_code(src):
        raise ValueError(f"--into: {src} holds no compiled code: compile it first")
    dst = Path(into) / src.name
    tmp = dst.with_name(dst.name + ".partial")
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(src, tmp, ignore=shutil.ignore_patterns("*.tmp.*", _cache.SAVE_LOCK))
    (tmp / MANIFEST).write_text(json.dumps(_cache.cache_manifest(cpu), indent=1) + "\n")
    shutil.rmtree(dst, ignore_errors=True)
    os.replace(tmp, dst)
    return dst


if __name__ == "__main__":  # python -m mjsim.precompile TARGET [VARIANT]: one first use, here
    print(json.dumps(first_use(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)))
