"""Run backends for the command line: the local chunked runner and the optional Ray backend.

Both split a run into hand-index ranges and call :func:`mjsim.simulate` with ``first_hand`` on
each; a row depends only on ``(seed, hand index)``, so the merged result is identical for any
chunk size, thread count, shard count and backend.

- ``local``: chunks in this process, a tqdm progress bar with ETA. The first use compiles (or
  loads) the self-play loop with its notice on the bar (:func:`mjsim.selfplay.warm_up`); Ctrl-C
  then stops at once. During the hands, Ctrl-C (``KeyboardInterrupt``; the command line turns
  SIGTERM into :class:`Terminated`, the same path) lets the chunk in flight finish and returns
  every finished hand; a second one drops that chunk and returns the hands finished before it.
- ``ray``: shards over a Ray cluster (``ray.init(address=...)``; a local one if no address and
  none is running). Ray is an optional extra (``pip install ray``). Workers load the head's
  compiled code instead of compiling it: on the head's machine they share its cache directory
  (``NUMBA_CACHE_DIR`` is inherited, and they would compute the same one); when the cluster has
  other nodes, the head's cache goes into the object store once (:func:`cache_bundle`) and a
  worker whose cache lacks the self-play loop unpacks it before its first hand
  (:func:`adopt_bundle`). Machine code is keyed by the CPU it was compiled for: across CPUs
  that differ, run the head with the portable cache (``mjsim compile --portable``,
  ``MJSIM_NUMBA_CPU=generic``; workers get the head's CPU target).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from mjsim._args import (
    check_int,
    check_match_start,
    check_whole_matches,
    resolve_threads,
    seat_agents,
)
from mjsim.rules.spec import RuleSpec

BACKENDS = ("local", "ray")


class Terminated(KeyboardInterrupt):
    """SIGTERM (a batch scheduler, ``timeout``) as an interrupt: the ``mjsim`` command's handler
    raises it in the main thread, so a run keeps its finished hands as on Ctrl-C."""


@dataclass
class RunResult:
    """Rows of a run (``RESULT_DTYPE``, hands ``first_hand ..`` in order) and whether it was
    interrupted before all ``requested`` hands were played."""

    rows: np.ndarray
    requested: int
    interrupted: bool = False


def _spec(variant: str | RuleSpec, overrides: dict[str, Any]) -> RuleSpec:
    from mjsim import variants
    from mjsim.rules.spec import check_playable

    spec = variants.get(variant, **overrides)
    check_playable(spec)
    return spec


def default_chunk(n_hands: int, threads: int) -> int:
    """Hands per compiled call for a progress bar: about 1% of the run, between 256 * threads
    and 20000."""
    return int(min(20_000, max(256 * threads, n_hands // 100)))


def run(
    variant: str | RuleSpec,
    n_hands: int,
    agents: Sequence[str],
    seed: int = 0,
    threads: int | None = None,
    *,
    backend: str = "local",
    address: str | None = None,
    progress: bool = False,
    chunk: int | None = None,
    first_hand: int = 0,
    desc: str = "hands",
    match_hands: int = 1,
    **overrides: Any,
) -> RunResult:
    """Play hands ``first_hand .. first_hand + n_hands - 1`` on ``backend``.

    Args:
        variant: registered id or ``RuleSpec``; ``overrides``: spec fields (strings allowed).
        agents: in-kernel agent name per seat (``mjsim.agents.policies.AGENT_IDS``), or a
            name / shorter list repeated as in :func:`mjsim.simulate`.
        seed, threads: as for :func:`mjsim.simulate` (threads per process / per Ray task).
        backend: ``"local"`` or ``"ray"``; ``address``: Ray cluster address (``None`` = a local
            Ray instance, or the one already initialised).
        progress: show a tqdm bar with ETA (stderr).
        chunk: hands per compiled call (local) or per Ray task; default :func:`default_chunk`.
        match_hands: hands per match (as for :func:`mjsim.simulate`: dealer succession, the
            prevailing wind, honba, deposits and running scores carry from hand to hand within a
            match); chunks and Ray shards are rounded to whole matches, so the rows are the
            same on every backend and chunk size.

    Returns:
        :class:`RunResult`; on Ctrl-C or :class:`Terminated` during the hands (local) the
        chunk in flight is let finish (a second interrupt drops it) and the rows of the
        finished chunks come with ``interrupted=True``.

    Raises:
        ValueError: bad backend / counts (``n_hands`` not an integer >= 0, ``threads`` not
            1..1024, ...) / variant / agent / ``match_hands`` (< 1, or ``first_hand`` or
            ``n_hands`` not a multiple of it); ImportError (with the install hint)
        for ``backend="ray"`` without Ray.
        KeyboardInterrupt: at once, for Ctrl-C during the first use's compile of the loop
            (before any hand is played).
    """
    if backend not in BACKENDS:
        raise ValueError(f"backend={backend!r} is not one of {BACKENDS}")
    n_hands = check_int("n_hands", n_hands, 0)
    spec = _spec(variant, overrides)
    threads = resolve_threads(threads)
    chunk = default_chunk(n_hands, threads) if chunk is None else check_int("chunk", chunk, 1)
    match_hands = check_int("match_hands", match_hands, 1)
    first_hand = check_int("first_hand", first_hand, 0)
    check_match_start(first_hand, match_hands)
    check_whole_matches(n_hands, match_hands)  # before any shard plays
    chunk = -(-chunk // match_hands) * match_hands  # whole matches per chunk / shard
    agents = seat_agents(agents, spec.n_players)  # ValueError listing the known agents
    if backend == "ray":
        return _run_ray(
            spec, n_hands, agents, seed, threads, address, progress, chunk, first_hand, match_hands
        )
    return _run_local(
        spec, n_hands, agents, seed, threads, progress, chunk, first_hand, desc, match_hands
    )


class _NoBar:
    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def update(self, n: int) -> None:
        return None


def _bar(total: int, progress: bool, desc: str) -> Any:
    """A tqdm bar with ETA on stderr (a silent stand-in without tqdm or ``progress``)."""
    if not progress:
        return _NoBar()
    try:
        from tqdm import tqdm
    except ImportError:
        return _NoBar()
    return tqdm(total=total, unit="hand", desc=desc, smoothing=0.1)


def _say(bar: Any, text: str) -> None:
    """Print a line on stderr above the progress bar (or plainly without one)."""
    if hasattr(bar, "write"):
        bar.write(text, file=sys.stderr)
    else:
        print(text, file=sys.stderr, flush=True)


def _notice_display(bar: Any) -> Any:
    """The compile notice on the progress bar: its lines above it, the elapsed time of the
    compile in its status (the bar's own clock runs too), so it never sits at 0 with no time."""
    from mjsim import _compile_notice

    class BarDisplay(_compile_notice.Display):
        def line(self, text: str) -> None:
            _say(bar, text)

        def status(self, text: str) -> None:
            _set_status(bar, text.removeprefix("mjsim: "))

    return BarDisplay()


def _finish_chunk(call: Any, m: int, bar: Any) -> tuple[np.ndarray | None, bool]:
    """Wait for the chunk ``call`` (a :class:`mjsim._compile_notice.Call` playing ``m`` hands).

    The first Ctrl-C / SIGTERM lets it finish ("finishing the hands in flight"); a second one
    abandons it. Returns ``(rows or None if abandoned, whether an interrupt came)``; the chunk's
    own exception is raised."""
    from mjsim import _compile_notice

    stopping = False
    while call.running:
        try:
            call.wait_slice()
        except KeyboardInterrupt as e:
            if stopping:
                _say(bar, "mjsim: stopping… (the chunk in flight is dropped)")
                _compile_notice.abandon(call)
                return None, True
            stopping = True
            how = "SIGTERM" if isinstance(e, Terminated) else "Ctrl-C"
            _say(
                bar,
                f"mjsim: {how}: finishing the hands in flight (chunk of {m})… "
                "press Ctrl-C again to abort",
            )
    return call.wait(), stopping


def _set_status(bar: Any, text: str) -> None:
    if hasattr(bar, "set_postfix_str"):
        bar.set_postfix_str(text)


def _restart_clock(bar: Any, done: int) -> None:
    """Count the first chunk's ``done`` hands and restart the bar's clock after it: the first
    chunk compiles (or loads) the game loop, which the rate and the ETA must not include (a
    cold compile showed an ETA of 9:37:06 at 0%, then a rate from the compile time)."""
    if not hasattr(bar, "reset"):
        bar.update(done)
        return
    bar.reset(total=bar.total)  # n = 0, clock and rate estimate restarted
    bar.set_postfix_str("")
    bar.n = bar.last_print_n = bar.initial = done  # the rate counts hands after this point
    bar.refresh()


def run_chunks(
    spec: RuleSpec,
    agents: Sequence[str],
    total: int,
    chunk: int,
    play: Callable[[int, int], Any],
    *,
    progress: bool,
    desc: str,
    name: str,
) -> tuple[list[Any], bool]:
    """The local chunk loop of ``mjsim simulate`` and ``mjsim games``: ``total`` units (hands,
    games) played ``chunk`` at a time by ``play(lo, m)`` (units ``lo .. lo + m - 1``), with a
    progress bar (``progress``, labelled ``desc``).

    The self-play loop of ``spec`` and ``agents`` is compiled or loaded first
    (:func:`mjsim.selfplay.warm_up`; its notice on the bar; Ctrl-C meanwhile stops at once) and
    the bar's clock restarted after it. Each chunk runs in a worker thread named ``name``, so the
    main thread answers Ctrl-C / SIGTERM: the first lets the chunk in flight finish, a second
    drops it (:func:`_finish_chunk`); an interrupt between chunks stops too.

    Returns:
        ``(results, interrupted)``: what ``play`` returned for each finished chunk, in order,
        and whether an interrupt stopped the loop before ``total`` units.
    """
    from mjsim import _compile_notice
    from mjsim.selfplay import warm_up

    results: list[Any] = []
    interrupted = False
    with _bar(total, progress, desc) as bar:
        # the loop compiles (first use of these sources: minutes) or loads before any hand is
        # played, its notice and elapsed time on the bar; Ctrl-C meanwhile stops at once
        with _compile_notice.shown_by(_notice_display(bar)) if progress else nullcontext():
            warm_up(spec, agents)
        _restart_clock(bar, 0)  # the rate and the ETA leave out the compile
        try:
            for lo in range(0, total, chunk):
                m = min(chunk, total - lo)
                # in a worker thread: the main thread answers Ctrl-C / SIGTERM meanwhile
                call = _compile_notice.Call(partial(play, lo, m), name=name)
                call.start()
                res, stop = _finish_chunk(call, m, bar)
                if res is not None:
                    results.append(res)
                    bar.update(m)
                if stop:
                    interrupted = True
                    break
        except KeyboardInterrupt:
            interrupted = True
    return results, interrupted


def _run_local(
    spec: RuleSpec,
    n_hands: int,
    agents: list[str],
    seed: int,
    threads: int,
    progress: bool,
    chunk: int,
    first_hand: int,
    desc: str,
    match_hands: int = 1,
) -> RunResult:
    from mjsim import selfplay

    def play(lo: int, m: int) -> np.ndarray:
        return selfplay.simulate(
            spec,
            m,
            agents,
            seed,
            threads,
            chunk=m,
            first_hand=first_hand + lo,
            match_hands=match_hands,
        )

    parts, interrupted = run_chunks(
        spec, agents, n_hands, chunk, play, progress=progress, desc=desc, name="mjsim chunk"
    )
    rows = np.concatenate(parts) if parts else np.zeros(0, dtype=selfplay.RESULT_DTYPE)
    return RunResult(rows, n_hands, interrupted)


def _shard(
    spec: RuleSpec,
    lo: int,
    m: int,
    agents: list[str],
    seed: int,
    threads: int,
    match_hands: int,
    cache: tuple[str, list[Any]] | None = None,
) -> Any:
    from mjsim.selfplay import simulate

    if cache is not None:
        adopt_bundle(*cache)
    return lo, simulate(
        spec, m, agents, seed, threads, chunk=m, first_hand=lo, match_hands=match_hands
    )


#: the compiled self-play loop in a cache directory (whether a worker needs the head's cache)
_LOOP = ("mjsim.selfplay", "selfplay._run_slice-*.nbi")


def cache_bundle() -> tuple[str, bytes] | None:
    """This process's compiled cache for shipping to cluster nodes: ``(directory name, tar of
    its index and data files)``, or ``None`` when mjsim does not manage numba's cache here
    (``NUMBA_CACHE_DIR`` set by the user, ``MJSIM_NUMBA_CACHE=per-file``) or it holds no
    compiled code. Uncompressed: about the size of the directory (tens of MB)."""
    import io
    import tarfile

    from mjsim import _cache

    d = _cache.CACHE_DIR
    if d is None or not _cache.holds_compiled_code(d):
        return None
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for path in sorted(d.glob("*/*.nb[ic]")):
            tar.add(path, arcname=str(path.relative_to(d)))
    return d.name, buf.getvalue()


def adopt_bundle(name: str, data: list[Any]) -> bool:
    """In a worker process: unpack a :func:`cache_bundle` into this process's cache directory
    before anything compiles, if it is the same directory (same sources, CPU target and
    settings) and does not hold the compiled self-play loop yet. ``data``: a one-item list
    holding the tar's bytes or a Ray ``ObjectRef`` to them (fetched only when needed). Data
    files go in before index files, each renamed into place, so a concurrent process never
    sees an index without its code. Returns whether it unpacked; errors leave numba to compile.
    """
    import io
    import os
    import shutil
    import tarfile
    import tempfile
    from pathlib import Path

    from mjsim import _cache

    d = _cache.CACHE_DIR
    if d is None or d.name != name or _cache.has_compiled(*_LOOP):
        return False
    blob = data[0]
    if not isinstance(blob, bytes | bytearray):
        import ray

        blob = ray.get(blob)
    tmp = Path(tempfile.mkdtemp(prefix=f"{name}.unpacking-", dir=d.parent))
    try:
        with tarfile.open(fileobj=io.BytesIO(blob)) as tar:
            safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}  # 3.11.4+
            tar.extractall(tmp, **safe)
        files = sorted(tmp.glob("*/*.nb[ic]"), key=lambda p: p.suffix == ".nbi")
        for f in files:  # .nbc (code) first, then .nbi (index)
            (d / f.parent.name).mkdir(exist_ok=True)
            os.replace(f, d / f.parent.name / f.name)
        return True
    except (OSError, tarfile.TarError):
        return False
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _other_nodes(ray: Any) -> bool:
    """Whether the Ray cluster has live nodes other than this process's (whose workers share
    this machine's cache directory)."""
    try:
        here = ray.get_runtime_context().get_node_id()
        return any(n.get("Alive") and n.get("NodeID") != here for n in ray.nodes())
    except Exception:  # noqa: BLE001 - an older Ray without these: ship to be safe
        return True


def ray_available() -> bool:
    """True if ``import ray`` works."""
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def _run_ray(
    spec: RuleSpec,
    n_hands: int,
    agents: list[str],
    seed: int,
    threads: int,
    address: str | None,
    progress: bool,
    chunk: int,
    first_hand: int,
    match_hands: int = 1,
    ship_cache: bool | None = None,
) -> RunResult:
    """The Ray backend (:func:`run`). ``ship_cache``: put the head's compiled cache in the
    object store for the workers (:func:`adopt_bundle`); default: when the cluster has nodes
    other than this one's."""
    try:
        import ray
    except ImportError:
        raise ImportError(
            "--backend ray needs Ray: pip install 'mjsim[ray]' (or pip install ray)"
        ) from None
    from mjsim.selfplay import RESULT_DTYPE

    if not ray.is_initialized():
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    task = ray.remote(num_cpus=1)(_shard)
    cache = None
    if ship_cache if ship_cache is not None else _other_nodes(ray):
        from mjsim import _cache

        bundle = cache_bundle()
        if bundle is not None:  # one copy in the object store, fetched by workers that need it
            cache = (bundle[0], [ray.put(bundle[1])])
            # the workers choose the head's CPU target, hence the same cache directory
            task = task.options(runtime_env={"env_vars": {_cache.CPU_ENV: _cache.CPU}})
    pending = [
        task.remote(
            spec,
            first_hand + lo,
            min(chunk, n_hands - lo),
            agents,
            seed,
            threads,
            match_hands,
            cache,
        )
        for lo in range(0, n_hands, chunk)
    ]
    done: dict[int, np.ndarray] = {}
    interrupted = False
    with _bar(n_hands, progress, "hands (ray)") as bar:
        try:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                lo, rows = ray.get(ready[0])
                done[lo] = rows
                bar.update(len(rows))
        except KeyboardInterrupt:
            interrupted = True
            for ref in pending:
                ray.cancel(ref, force=True)
    # keep the finished prefix only when interrupted (hand indices stay contiguous)
    parts = []
    lo = first_hand
    while lo in done:
        parts.append(done[lo])
        lo += len(done[lo])
    if not interrupted and lo != first_hand + n_hands:
        raise RuntimeError("ray backend: shards missing from the merge")
    rows = np.concatenate(parts) if parts else np.zeros(0, dtype=RESULT_DTYPE)
    return RunResult(rows, n_hands, interrupted)


def item_table(spec: RuleSpec) -> tuple[tuple[Any, ...], ...] | None:
    """The rows of the spec's scoring-family item table, each starting with (item id, English
    name, Chinese name) and, in most families, the value of one occurrence (riichi: the han of
    a closed and of an open hand); ``None`` for a family without a table
    (:func:`mjsim.outcome.spec_item_rows`: a table-driven spec's fan table rows, else one
    family -> table map for the CLI, the viewer and the
    envs' outcome)."""
    from mjsim.outcome import spec_item_rows

    return spec_item_rows(spec)


def item_names(spec: RuleSpec) -> tuple[str, ...] | None:
    """Scoring-item names of the spec's family, indexed by item id: the family's item table
    (``"English 中文"``, :func:`item_table`), else a variant / scoring module's ``ITEM_NAMES``;
    ``None`` if neither exists. (The table comes first: hebei's ``ITEM_NAMES`` are identifiers
    such as ``basic_win``, its table has the display names.)"""
    import importlib

    rows = item_table(spec)
    if rows is not None:
        out = [f"item {i}" for i in range(max(int(r[0]) for r in rows) + 1)]
        for r in rows:
            out[int(r[0])] = f"{r[1]} {r[2]}"
        return tuple(out)
    for mod in (
        f"mjsim.variants.{spec.name}",
        f"mjsim.variants.{spec.scoring}",
        f"mjsim.scoring.{spec.scoring}",
    ):
        try:
            m = importlib.import_module(mod)
        except ImportError:
            continue
        names = getattr(m, "ITEM_NAMES", None)
        if names is not None:
            return tuple(names)
    return None
