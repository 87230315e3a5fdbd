"""Per-suit lookup tables for the standard-shape kernels, built once and cached on disk.

Each suit (9 kinds) is encoded in base 5: ``code = sum(counts[9*s + j] * 5**j)`` (5**9 codes);
the honours (7 kinds, 27-33) likewise (5**7 codes). For every code the tables hold:

- ``DIST[code, pv, m]`` (suits) / ``DIST[hc, code, p, m]`` (honours): the least number of tiles
  that must be ADDED to the group's tiles so that a subset of them forms exactly ``m`` melds plus
  (if a pair is asked for) one pair inside the group, with at most 4 copies of a kind in that
  target (the target is a "complete group" ``H``; the cost is ``|H minus hand|``). ``m`` = 0-5.
  Suit pair variants ``pv``: 0 no pair, 1 any pair, 2 a 2/5/8 pair, 3 a pair that is not a 2 or 8.
  Honour ``p``: 0 no pair, 1 a pair; ``hc`` = the honour-chow flags (0-3).
- ``MINW[code, pv]`` / ``MINW[hc, code, p]``: the least number of wild tiles that complete ALL
  of the group's tiles into melds (+ the pair), or ``INF`` if impossible with at most 5 melds.
- ``WIN[code]`` / ``WIN[hc, code]``: one byte, bit ``pv`` set when ``MINW[.., pv] == 0`` (the
  group is complete without wilds); a compact copy of the zero-wild case for the hot win check
  (2 MB instead of 8 MB keeps random-hand lookups in cache).

Shanten then is a min-plus combination of the four groups' ``DIST`` vectors (see
:mod:`mjsim.kernels.standard`); the overlap formulation is exact, including the four-copy limit.

The tables total about 60 MB. They are built by jitted builders (about 2-5 s on one core) on
first use and cached as ``tables-v{TABLE_VERSION}.npy`` in ``$MJSIM_CACHE_DIR`` (default
``~/.cache/mjsim``), else (not writable) a temporary directory; later processes memory-map it.

The jitted kernels reach the tables through a linker symbol (``mjsim_tables_v2``) registered
with llvmlite when this module is imported: numba would otherwise freeze a global array into
the compiled code (and into its on-disk cache). The kernel signatures therefore carry no table
argument, and numba's ``cache=True`` stays valid across processes because the symbol is
resolved when the cached code is loaded. A layout change that is not a pure append must
change the symbol name (a stale cached caller then fails loudly at link time instead of
reading wrong offsets).
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import llvmlite.binding as ll
import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

TABLE_VERSION = 2
SYMBOL = "mjsim_tables_v2"

INF = 60  # "impossible" marker stored in the uint8 tables; sums of 4 stay far below 255
MAX_M = 6  # meld counts 0..5
N_SUIT = 5**9
N_HON = 5**7

SUIT_DIST_OFF = 0
SUIT_DIST_SIZE = N_SUIT * 4 * MAX_M
SUIT_MINW_OFF = SUIT_DIST_OFF + SUIT_DIST_SIZE
SUIT_MINW_SIZE = N_SUIT * 4
HON_DIST_OFF = SUIT_MINW_OFF + SUIT_MINW_SIZE
HON_DIST_SIZE = 4 * N_HON * 2 * MAX_M
HON_MINW_OFF = HON_DIST_OFF + HON_DIST_SIZE
HON_MINW_SIZE = 4 * N_HON * 2
SUIT_WIN_OFF = HON_MINW_OFF + HON_MINW_SIZE
SUIT_WIN_SIZE = N_SUIT
HON_WIN_OFF = SUIT_WIN_OFF + SUIT_WIN_SIZE
HON_WIN_SIZE = 4 * N_HON
TOTAL_SIZE = HON_WIN_OFF + HON_WIN_SIZE

BUILD_SECONDS: float | None = None  # set when this process built the tables (not loaded them)
TABLE_PATH: Path | None = None


# ----------------------------------------------------------------------------------------------
# builders
# ----------------------------------------------------------------------------------------------


@numba.njit(cache=True)
def _build_suit_dist() -> np.ndarray:
    """Digit DP from the 9 kind down to the 1 kind; returns uint8[5**9, 3, 6].

    Pair variants here: 0 none, 1 a 2/5/8 pair, 2 a pair that is not 2 or 8.
    State entering kind i: ``a`` chows started at i-1, ``b`` chows started at i-2.
    """
    # level 9 (past the last kind): only the empty state with nothing left to place
    nxt = np.full((1, 5, 5, 3, MAX_M), INF, dtype=np.uint8)
    nxt[0, 0, 0, 0, 0] = 0
    for i in range(8, -1, -1):
        ncodes = 5 ** (9 - i)
        na = 1 if i == 0 else 5
        nb = 1 if i <= 1 else 5
        cur = np.full((ncodes, na, nb, 3, MAX_M), INF, dtype=np.uint8)
        is258 = i == 1 or i == 4 or i == 7
        is28 = i == 1 or i == 7
        zmax_base = 4 if i <= 6 else 0
        for code in range(ncodes):
            ci = code % 5
            rest = code // 5
            for a in range(na):
                for b in range(nb):
                    if a + b > 4:
                        continue
                    zmax = min(zmax_base, 4 - a - b)
                    for z in range(zmax + 1):
                        for x in range(2):
                            for y in range(2):
                                h = a + b + z + 3 * x + 2 * y
                                if h > 4:
                                    continue
                                cost = h - ci if h > ci else 0
                                for pv in range(3):
                                    if y == 1:
                                        if pv == 0:
                                            continue
                                        if pv == 1 and not is258:
                                            continue
                                        if pv == 2 and is28:
                                            continue
                                        npv = 0
                                    else:
                                        npv = pv
                                    for m in range(x + z, MAX_M):
                                        v = cost + nxt[rest, z, a, npv, m - x - z]
                                        if v < cur[code, a, b, pv, m]:
                                            cur[code, a, b, pv, m] = v
        nxt = cur
    return nxt[:, 0, 0, :, :].copy()


@numba.njit(cache=True)
def _honor_group_dist(nk: int, chows: np.ndarray, out: np.ndarray) -> None:
    """Brute force over every target group of ``nk`` honour kinds.

    ``chows``: int64[n_chow, nk] 0/1 membership of each honour-chow type. ``out``:
    uint8[5**nk, 2, 6] filled with the least additions (the DIST definition above).
    """
    nch = chows.shape[0]
    ncodes = 5**nk
    digits = np.zeros((ncodes, nk), dtype=np.int64)
    for code in range(ncodes):
        c = code
        for k in range(nk):
            digits[code, k] = c % 5
            c //= 5
    out[:] = INF
    ntypes = nk + nch  # pungs then chows
    h = np.zeros(nk, dtype=np.int64)
    mult = np.zeros(ntypes, dtype=np.int64)
    # enumerate multiplicities of each meld type with total <= 5 (odometer)
    while True:
        m = 0
        for t in range(ntypes):
            m += mult[t]
        if m < MAX_M:
            for k in range(nk):
                h[k] = 3 * mult[k]
            for t in range(nch):
                for k in range(nk):
                    h[k] += mult[nk + t] * chows[t, k]
            ok = True
            for k in range(nk):
                if h[k] > 4:
                    ok = False
            if ok:
                for pk in range(-1, nk):
                    if pk >= 0:
                        if h[pk] + 2 > 4:
                            continue
                        h[pk] += 2
                    p = 0 if pk < 0 else 1
                    for code in range(ncodes):
                        cost = 0
                        for k in range(nk):
                            d = h[k] - digits[code, k]
                            if d > 0:
                                cost += d
                        if cost < out[code, p, m]:
                            out[code, p, m] = cost
                    if pk >= 0:
                        h[pk] -= 2
        # next multiplicity vector
        t = 0
        while t < ntypes:
            mult[t] += 1
            if mult[t] <= 5:
                break
            mult[t] = 0
            t += 1
        if t == ntypes:
            break


@numba.njit(cache=True)
def _minplus_groups(d1: np.ndarray, d2: np.ndarray, n1: int, out: np.ndarray) -> None:
    """Combine two honour sub-groups: out[c1 + 5**n1 * c2] = min-plus(d1[c1], d2[c2])."""
    base = 5**n1
    for c1 in range(d1.shape[0]):
        for c2 in range(d2.shape[0]):
            code = c1 + base * c2
            for p in range(2):
                for m in range(MAX_M):
                    best = INF
                    for p1 in range(p + 1):
                        for m1 in range(m + 1):
                            v = d1[c1, p1, m1] + d2[c2, p - p1, m - m1]
                            if v < best:
                                best = v
                    out[code, p, m] = best


@numba.njit(cache=True)
def _minw_from_dist(dist: np.ndarray, sizes: np.ndarray, npv: int, out: np.ndarray) -> None:
    """MINW[code, pv] = min over m of DIST[code, pv, m] where DIST covers all tiles exactly."""
    for code in range(dist.shape[0]):
        t = sizes[code]
        for pv in range(npv):
            p = 0 if pv == 0 else 1
            best = INF
            for m in range(MAX_M):
                d = dist[code, pv, m]
                if d < INF and d == 3 * m + 2 * p - t and d < best:
                    best = d
            out[code, pv] = best


def _digit_sums(n_digits: int) -> np.ndarray:
    codes = np.arange(5**n_digits, dtype=np.int64)
    sizes = np.zeros_like(codes)
    for _ in range(n_digits):
        sizes += codes % 5
        codes //= 5
    return sizes


def build_tables() -> np.ndarray:
    """Build every table into one flat ``uint8[TOTAL_SIZE]`` buffer (see the module docstring)."""
    buf = np.empty(TOTAL_SIZE, dtype=np.uint8)
    d3 = _build_suit_dist()  # (N_SUIT, 3, 6): none, 258, not28
    suit = np.empty((N_SUIT, 4, MAX_M), dtype=np.uint8)
    suit[:, 0] = d3[:, 0]
    suit[:, 1] = np.minimum(d3[:, 1], d3[:, 2])  # every kind is a 2/5/8 or not a 2/8
    suit[:, 2] = d3[:, 1]
    suit[:, 3] = d3[:, 2]
    buf[SUIT_DIST_OFF : SUIT_DIST_OFF + SUIT_DIST_SIZE] = suit.ravel()
    minw = np.empty((N_SUIT, 4), dtype=np.uint8)
    _minw_from_dist(suit, _digit_sums(9), 4, minw)
    buf[SUIT_MINW_OFF : SUIT_MINW_OFF + SUIT_MINW_SIZE] = minw.ravel()

    wind_chows = np.array([[1, 1, 1, 0], [1, 1, 0, 1], [1, 0, 1, 1], [0, 1, 1, 1]], dtype=np.int64)
    dragon_chows = np.array([[1, 1, 1]], dtype=np.int64)
    hon = np.empty((4, N_HON, 2, MAX_M), dtype=np.uint8)
    hon_minw = np.empty((4, N_HON, 2), dtype=np.uint8)
    sizes7 = _digit_sums(7)
    for hc in range(4):
        wd = np.empty((5**4, 2, MAX_M), dtype=np.uint8)
        dd = np.empty((5**3, 2, MAX_M), dtype=np.uint8)
        _honor_group_dist(4, wind_chows if hc & 1 else wind_chows[:0], wd)
        _honor_group_dist(3, dragon_chows if hc & 2 else dragon_chows[:0], dd)
        _minplus_groups(wd, dd, 4, hon[hc])
        _minw_from_dist(hon[hc], sizes7, 2, hon_minw[hc])
    buf[HON_DIST_OFF : HON_DIST_OFF + HON_DIST_SIZE] = hon.ravel()
    buf[HON_MINW_OFF : HON_MINW_OFF + HON_MINW_SIZE] = hon_minw.ravel()
    bits = np.zeros(N_SUIT, dtype=np.uint8)
    for pv in range(4):
        bits |= (minw[:, pv] == 0).astype(np.uint8) << pv
    buf[SUIT_WIN_OFF : SUIT_WIN_OFF + SUIT_WIN_SIZE] = bits
    hbits = np.zeros((4, N_HON), dtype=np.uint8)
    for p in range(2):
        hbits |= (hon_minw[:, :, p] == 0).astype(np.uint8) << p
    buf[HON_WIN_OFF : HON_WIN_OFF + HON_WIN_SIZE] = hbits.ravel()
    return buf


# ----------------------------------------------------------------------------------------------
# disk cache and symbol registration
# ----------------------------------------------------------------------------------------------


def _cache_dirs() -> list[Path]:
    """``$MJSIM_CACHE_DIR`` if set (it replaces ``~/.cache/mjsim``), then a temp-dir fallback."""
    env = os.environ.get("MJSIM_CACHE_DIR")
    first = Path(env) if env else Path.home() / ".cache" / "mjsim"
    return [first, Path(tempfile.gettempdir()) / "mjsim-cache"]


def _load_or_build() -> np.ndarray:
    global BUILD_SECONDS, TABLE_PATH
    name = f"tables-v{TABLE_VERSION}.npy"
    for d in _cache_dirs():
        path = d / name
        if path.is_file():
            try:
                arr = np.load(path, mmap_mode="r")
                if arr.dtype == np.uint8 and arr.shape == (TOTAL_SIZE,):
                    TABLE_PATH = path
                    return arr
            except (OSError, ValueError):
                pass
    t0 = time.perf_counter()
    buf = build_tables()
    BUILD_SECONDS = time.perf_counter() - t0
    for d in _cache_dirs():
        try:
            d.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=d, suffix=".npy.tmp")
            with os.fdopen(fd, "wb") as f:
                np.save(f, buf)
            os.chmod(tmp, 0o644)
            os.replace(tmp, d / name)
            TABLE_PATH = d / name
            for old in d.glob("tables-v*.npy"):  # tables of older layouts
                if old.name != name:
                    old.unlink(missing_ok=True)
            break
        except OSError:
            continue
    return buf


TABLES: np.ndarray = _load_or_build()
ll.add_symbol(SYMBOL, TABLES.ctypes.data)
# Layout v2 only appended tables to v1, so code compiled against v1 (possibly still sitting in
# numba's on-disk cache of a caller whose source did not change) reads valid offsets.
for _legacy in ("mjsim_tables_v1",):
    ll.add_symbol(_legacy, TABLES.ctypes.data)


@intrinsic
def tables_ptr(typingctx):  # type: ignore[no-untyped-def]
    """``uint8*`` to the start of the table buffer (resolved through the linker symbol)."""
    sig = types.CPointer(types.uint8)()

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        mod = builder.module
        gv = mod.globals.get(SYMBOL)
        if gv is None:
            gv = ir.GlobalVariable(mod, ir.IntType(8), name=SYMBOL)
            gv.linkage = "external"
        return builder.bitcast(gv, ir.IntType(8).as_pointer())

    return sig, codegen


@numba.njit(cache=True)
def tables() -> np.ndarray:
    """The table buffer as a ``uint8[TOTAL_SIZE]`` array view (for use inside kernels)."""
    return numba.carray(tables_ptr(), (TOTAL_SIZE,))
