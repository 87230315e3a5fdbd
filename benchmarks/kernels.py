"""Hand-kernel benchmark: win checks/s, shanten/s, waits/s beside the ``mahjong`` package.

    python benchmarks/kernels.py [--quick] [--no-write]

Measures, in one run, interleaved (mjsim, peer, mjsim, peer ...; >= 3 repeats, median and
min-max; see ``benchmarks/common.py``):

* the standard win check (``mjsim.kernels.standard.is_standard_win``) on random 14-tile hands,
  beside ``mahjong.agari.Agari().is_agari`` (the peer's win check) and the peer's shanten;
* shanten (``mjsim.kernels.shanten.shanten`` with the Riichi shapes: standard, seven different
  pairs, thirteen orphans = exactly the peer's definition) on random 13-tile hands, beside
  ``mahjong.shanten.Shanten().calculate_shanten``;
* waits (``mjsim.kernels.waits.waits``, 34 win checks each) on random 13-tile hands one swap
  from ready, beside the peer's shanten (the peer has no waits function);
* each of them in a jitted single-thread loop, batched (``mjsim.kernels.batched``,
  ``numba.prange``) on 1 thread and on all cores, and called once per hand from Python;
* cold start (empty numba cache, in a subprocess: import + first call of every kernel), warm
  start (same subprocess, cache populated) and the table build (empty table cache).

Hands are drawn from a 136-tile wall with a fixed seed. Writes the "## Kernels" section of
``benchmarks/RESULTS.md`` (only that section).
"""

from __future__ import annotations

import sys
import tempfile

import numba
import numpy as np
from common import (
    Row,
    Stat,
    bench_parser,
    command_line,
    interleave,
    machine_info,
    measure_rate,
    report,
    run_subprocess,
)

AREA = "kernels"

# ------------------------------------------------------------------------------------- hands


def random_hands(rng: np.random.Generator, n: int, n_tiles: int) -> np.ndarray:
    """uint8[n, 34]: ``n`` hands of ``n_tiles`` tiles drawn from a 136-tile wall."""
    keys = rng.random((n, 136))
    idx = np.argpartition(keys, n_tiles, axis=1)[:, :n_tiles] // 4
    out = np.zeros((n, 34), dtype=np.uint8)
    for i in range(n):
        out[i] = np.bincount(idx[i], minlength=34)
    return out


def near_ready_hands(rng: np.random.Generator, n: int) -> np.ndarray:
    """uint8[n, 34]: 13-tile hands one tile swap from ready or ready (a complete hand minus one
    tile, then one random swap): the hands whose waits a game actually asks for."""
    out = np.zeros((n, 34), dtype=np.uint8)
    i = 0
    while i < n:
        c = np.zeros(34, dtype=np.int64)
        for _ in range(4):
            if rng.random() < 0.6:
                s, k = rng.integers(3), rng.integers(7)
                c[9 * s + k : 9 * s + k + 3] += 1
            else:
                c[rng.integers(34)] += 3
        c[rng.integers(34)] += 2
        if c.max() > 4:
            continue
        c[rng.choice(np.flatnonzero(c))] -= 1
        if rng.random() < 0.5:
            c[rng.choice(np.flatnonzero(c))] -= 1
            c[rng.choice(np.flatnonzero(c < 4))] += 1
        out[i] = c
        i += 1
    return out


# ------------------------------------------------------------------------------------- mjsim


def _kernels():  # type: ignore[no-untyped-def]
    from mjsim.kernels import SHAPE_STANDARD, SHAPES_RIICHI
    from mjsim.kernels.batched import batch_is_win, batch_shanten, batch_waits
    from mjsim.kernels.shanten import shanten
    from mjsim.kernels.standard import is_standard_win
    from mjsim.kernels.waits import waits

    @numba.njit(cache=True)
    def loop_win(h: np.ndarray) -> int:
        s = 0
        for i in range(h.shape[0]):
            s += is_standard_win(h[i], 4, 0, 0, 0)
        return s

    @numba.njit(cache=True)
    def loop_shanten(h: np.ndarray, shapes: int) -> int:
        s = 0
        for i in range(h.shape[0]):
            s += shanten(h[i], 4, 0, 0, 0, shapes)
        return s

    @numba.njit(cache=True)
    def loop_waits(h: np.ndarray, shapes: int) -> int:
        out = np.zeros(34, dtype=np.bool_)
        s = 0
        for i in range(h.shape[0]):
            s += waits(h[i], 4, 0, 0, 0, shapes, out)
        return s

    return {
        "loop_win": loop_win,
        "loop_shanten": loop_shanten,
        "loop_waits": loop_waits,
        "batch_is_win": batch_is_win,
        "batch_shanten": batch_shanten,
        "batch_waits": batch_waits,
        "is_standard_win": is_standard_win,
        "shanten": shanten,
        "SHAPES_RIICHI": SHAPES_RIICHI,
        "SHAPE_STANDARD": SHAPE_STANDARD,
    }


def _rate(fn, units: int, min_seconds: float) -> float:  # type: ignore[no-untyped-def]
    def once() -> float:
        fn()
        return units

    return measure_rate(once, min_seconds)


def _batched(fn, hands: np.ndarray, shapes: int, threads: int, min_s: float) -> float:  # type: ignore[no-untyped-def]
    def call() -> None:
        old = numba.get_num_threads()
        numba.set_num_threads(threads)
        try:
            fn(hands, 4, 0, 0, 0, shapes)
        finally:
            numba.set_num_threads(old)

    return _rate(call, hands.shape[0], min_s)


# ------------------------------------------------------------------------------------- peer


def _peer():  # type: ignore[no-untyped-def]
    from importlib.metadata import version

    from mahjong.agari import Agari
    from mahjong.shanten import Shanten

    agari = Agari()
    calc = Shanten()
    return f"mahjong {version('mahjong')}", agari.is_agari, calc.calculate_shanten


# ------------------------------------------------------------------------------------- cold start

_COLD_SNIPPET = r"""
import json, time
t0 = time.perf_counter()
import numpy as np
from mjsim.kernels import tables
t_tables = time.perf_counter() - t0
from mjsim.kernels.standard import is_standard_win, standard_shanten
from mjsim.kernels.shanten import shanten, is_win
from mjsim.kernels.waits import waits
from mjsim.kernels.decompose import decompose
from mjsim.kernels.batched import batch_is_win, batch_shanten
t_import = time.perf_counter() - t0
c = np.zeros(34, dtype=np.uint8); c[:9] = 1; c[9:12] = 1; c[20] = 2
is_standard_win(c, 4, 0, 0, 0); shanten(c, 4, 0, 0, 0, 71); is_win(c, 4, 0, 0, 0, 71)
out = np.zeros(34, dtype=np.bool_); c[20] = 1; waits(c, 4, 0, 0, 0, 71, out); c[20] = 2
decompose(c, 4, 0, 0, 0, np.zeros((8, 6, 3), dtype=np.int8))
h = np.zeros((4, 34), dtype=np.uint8); batch_is_win(h, 4, 0, 0, 0, 1); batch_shanten(h, 4, 0, 0, 0, 1)
print(json.dumps({"import_s": t_import, "tables_s": t_tables, "total_s": time.perf_counter() - t0,
                  "build_s": tables.BUILD_SECONDS}))
"""


def _subprocess(env: dict[str, str]) -> dict[str, float]:
    """The snippet's JSON line, run in a fresh interpreter with ``env`` added to this one's."""
    res = run_subprocess([sys.executable, "-c", _COLD_SNIPPET], env=env, timeout=1800)
    if res.returncode != 0:
        raise RuntimeError(f"cold-start subprocess failed: {res.stderr[-800:]}")
    return res.last_json()


def startup_rows(quick: bool) -> list[Row]:
    rows = []
    with tempfile.TemporaryDirectory() as nb, tempfile.TemporaryDirectory() as tb:
        cold = _subprocess({"NUMBA_CACHE_DIR": nb})  # tables from the usual cache
        warm = [_subprocess({"NUMBA_CACHE_DIR": nb}) for _ in range(1 if quick else 3)]
        build = _subprocess({"NUMBA_CACHE_DIR": nb, "MJSIM_CACHE_DIR": tb})
    rows.append(
        Row(
            AREA,
            "cold start: import + first call of every kernel, empty numba cache",
            "s",
            Stat.of([cold["total_s"]]),
            higher_is_better=False,
            note="compiles every kernel once (subprocess)",
        )
    )
    rows.append(
        Row(
            AREA,
            "warm start: same, numba cache populated",
            "s",
            Stat.of([w["total_s"] for w in warm]),
            higher_is_better=False,
            note="tables memory-mapped from the disk cache",
        )
    )
    rows.append(
        Row(
            AREA,
            "table build (empty table cache), once per machine",
            "s",
            Stat.of([build["build_s"] or float("nan")]),
            higher_is_better=False,
            note="60 MB of per-suit tables; includes compiling the builders",
        )
    )
    return rows


# ------------------------------------------------------------------------------------- run


def run(quick: bool = False) -> list[Row]:
    repeats = 1 if quick else 3
    min_s = 0.3 if quick else 1.5
    rng = np.random.default_rng(2026)
    n = 20_000 if quick else 200_000
    h14 = random_hands(rng, n, 14)
    h13 = random_hands(rng, n, 13)
    ready = near_ready_hands(rng, n // 10)
    k = _kernels()
    riichi = k["SHAPES_RIICHI"]
    std = k["SHAPE_STANDARD"]
    cores = numba.config.NUMBA_NUM_THREADS
    peer_name, is_agari, peer_shanten = _peer()
    np_h14 = [row.tolist() for row in h14[:2000]]
    np_h13 = [row.tolist() for row in h13[:2000]]

    def peer_rate(fn, hands) -> float:  # type: ignore[no-untyped-def]
        def once() -> float:
            for row in hands:
                fn(row)
            return len(hands)

        return measure_rate(once, min_s)

    # compile everything outside the timed region
    k["loop_win"](h14[:4])
    k["loop_shanten"](h13[:4], riichi)
    k["loop_waits"](ready[:4], std)
    for name in ("batch_is_win", "batch_shanten", "batch_waits"):
        k[name](h13[:4], 4, 0, 0, 0, std)
    k["is_standard_win"](h14[0], 4, 0, 0, 0)
    k["shanten"](h13[0], 4, 0, 0, 0, riichi)

    py_h14 = list(h14[:20000])
    py_h13 = list(h13[:20000])

    def py_loop(fn, hands, *args) -> float:  # type: ignore[no-untyped-def]
        def once() -> float:
            for row in hands:
                fn(row, *args)
            return len(hands)

        return measure_rate(once, min_s)

    configs = [
        (
            "standard win check, 14-tile hands, jitted loop, 1 thread",
            "wins checked/s",
            lambda: _rate(lambda: k["loop_win"](h14), n, min_s),
            "is_agari",
            lambda: peer_rate(is_agari, np_h14),
            "same question (is this 14-tile hand complete?), peer in pure Python",
        ),
        (
            "standard win check, batched (prange), 1 thread",
            "wins checked/s",
            lambda: _batched(k["batch_is_win"], h14, std, 1, min_s),
            "is_agari",
            lambda: peer_rate(is_agari, np_h14),
            "same question; per-core figure",
        ),
        (
            f"standard win check, batched (prange), {cores} threads",
            "wins checked/s",
            lambda: _batched(k["batch_is_win"], h14, std, cores, min_s),
            "is_agari",
            lambda: peer_rate(is_agari, np_h14),
            "same question; mjsim on all cores, peer on one",
        ),
        (
            "standard win check, called per hand from Python",
            "wins checked/s",
            lambda: py_loop(k["is_standard_win"], py_h14, 4, 0, 0, 0),
            "is_agari",
            lambda: peer_rate(is_agari, np_h14),
            "same question, both called once per hand from Python",
        ),
        (
            "shanten (standard + 7 different pairs + 13 orphans), 13 tiles, jitted loop, 1 thread",
            "shanten/s",
            lambda: _rate(lambda: k["loop_shanten"](h13, riichi), n, min_s),
            "calculate_shanten",
            lambda: peer_rate(peer_shanten, np_h13),
            "identical definition (zero mismatches on 100k hands, tests/test_shanten.py)",
        ),
        (
            "shanten, batched (prange), 1 thread",
            "shanten/s",
            lambda: _batched(k["batch_shanten"], h13, riichi, 1, min_s),
            "calculate_shanten",
            lambda: peer_rate(peer_shanten, np_h13),
            "identical definition; per-core figure",
        ),
        (
            f"shanten, batched (prange), {cores} threads",
            "shanten/s",
            lambda: _batched(k["batch_shanten"], h13, riichi, cores, min_s),
            "calculate_shanten",
            lambda: peer_rate(peer_shanten, np_h13),
            "identical definition; mjsim on all cores, peer on one",
        ),
        (
            "shanten, called per hand from Python",
            "shanten/s",
            lambda: py_loop(k["shanten"], py_h13, 4, 0, 0, 0, riichi),
            "calculate_shanten",
            lambda: peer_rate(peer_shanten, np_h13),
            "identical definition, both called once per hand from Python",
        ),
        (
            "waits (standard shape, 34 tries), near-ready 13-tile hands, jitted loop, 1 thread",
            "hands/s",
            lambda: _rate(lambda: k["loop_waits"](ready, std), ready.shape[0], min_s),
            "calculate_shanten",
            lambda: peer_rate(peer_shanten, np_h13),
            "different work: the peer has no waits function; its shanten/s for scale",
        ),
        (
            f"waits, batched (prange), {cores} threads",
            "hands/s",
            lambda: _batched(k["batch_waits"], ready, std, cores, min_s),
            "calculate_shanten",
            lambda: peer_rate(peer_shanten, np_h13),
            "different work (see above)",
        ),
    ]
    rows = []
    for config, unit, ours, peer_fn_name, theirs, compared in configs:
        stats = interleave({"mjsim": ours, "peer": theirs}, repeats=repeats, warmup=False)
        rows.append(
            Row(
                AREA,
                config,
                unit,
                stats["mjsim"],
                f"{peer_name} {peer_fn_name}",
                stats["peer"],
                compared=compared,
                note=f"ns/hand per thread: {1e9 / stats['mjsim'].median:.0f}"
                if "1 thread" in config
                else "",
            )
        )
    rows.extend(startup_rows(quick))
    return rows


def main() -> None:
    args = bench_parser(__doc__).parse_args()
    info = machine_info()
    rows = run(quick=args.quick)
    intro = (
        f"Command: `{command_line('kernels.py')}`. Ratios > 1 mean mjsim is faster. Hands: "
        "random draws from a 136-tile wall (fixed seed); the waits rows use hands one swap "
        "from ready. `ns/hand per thread` is the inverse of the 1-thread median."
    )
    report("## Kernels", intro, rows, write=not args.no_write, info=info)


if __name__ == "__main__":
    main()
