"""Toy: what a non-inlined call costs when the engine state is passed (a) ``nt``: as the
``State`` + ``CompiledRules`` NamedTuples (numba explodes them into 144 scalar parameters),
(b) ``sr``: as two ``numba.experimental.structref`` pointers (state, rules) holding the same 15
arrays, (c) ``addr``: as one int64 address of an ``envs.kernels`` header whose ``carray`` views
each callee rebuilds. No engine code runs; the profiles in benchmarks/RESULTS.md.

Every callee runs the same body (a few reads / writes of ``tv``, ``pv``, ``hands``, ``params``
plus a never-taken branch touching every array, so that LLVM does not inline the callee) on
borrowed (meminfo-less) views, as the vector env does: ``nt`` / ``sr`` / ``addr`` call it 8
times per iteration from a loop, ``chain_*`` as a nested chain of 4 functions (each passes the
state it received on to the next); ``inl`` runs the body inlined (the work alone). Prints ns
per call, best of ``--repeat``, and the excess over ``inl``.

    nice -n 19 python benchmarks/structref_toy.py [--n 2000000] [--repeat 7]
    MJSIM_CACHE_DIR=$(mktemp -d) nice -n 19 python benchmarks/structref_toy.py --ir

``--ir`` (fresh cache only) lists the jitted functions each driver still calls, their parameter
counts and the atomic read-modify-writes (NRT reference counts) in the driver's module.
"""

from __future__ import annotations

import argparse
import re
import time

import numba as nb
import numpy as np
from mjsim.envs.kernels import (
    H_RULES,
    SLOT,
    STATE_LAYOUT,
    _v1,
    _v2,
    _v3,
    _v4,
    _voidptr,
    header_state,
    make_header,
)
from numba.core import types
from numba.experimental import structref
from numba.extending import overload

import mjsim  # noqa: F401  (installs mjsim._jit's numba patches first, as the engine runs)
from mjsim.engine.state import State
from mjsim.rules.spec import CompiledRules

B = 1024
N_CALLS = 8  # calls per iteration


# ---- (b) the StructRef: one pointer to a struct of the 15 array fields
@structref.register
class StateRefType(types.StructRef):
    def preprocess_fields(self, fields):
        return tuple((name, types.unliteral(typ)) for name, typ in fields)


@structref.register
class RulesRefType(types.StructRef):
    def preprocess_fields(self, fields):
        return tuple((name, types.unliteral(typ)) for name, typ in fields)


class StateRef(structref.StructRefProxy):
    pass


class RulesRef(structref.StructRefProxy):
    pass


structref.define_proxy(StateRef, StateRefType, list(State._fields))
structref.define_proxy(RulesRef, RulesRefType, list(CompiledRules._fields))


@nb.njit(inline="always")
def _body(s, r, t, k):
    p = k & 3
    x = np.int64(s.tv[t, k]) + s.pv[t, p, k] + s.hands[t, p, k] + r.params[k]
    s.tv[t, k + 1] = x & 0xFFFF
    if x < 0:  # never taken: the body stays above LLVM's inlining threshold
        for j in range(34):
            for q in range(4):
                s.hands[t, q, j] += s.wall[t, j] ^ s.river[t, q, j] ^ s.melds[t, q, j % 6, 1]
                s.items[t, q, j] += s.pv[t, q, j] * r.score_table[j & 31] + s.rec[t, 0]
                s.river_flags[t, q, j] |= s.wild[t, j] + r.tile_counts[j] + r.wild[j]
                s.rng[t, q] += np.uint64(s.items[t, q, j + 1])
        for q in range(4):  # more cold code, still never run
            m = s.melds[t, q]
            for i in range(m.shape[0]):
                if m[i, 0] == 2:
                    s.pv[t, q, m[i, 1] & 63] += s.wall[t, i] * 3
                elif m[i, 0] == 3:
                    s.tv[t, m[i, 2] & 127] -= s.river[t, q, i] // 7
                else:
                    s.rec[t, 0] ^= m[i, 2] + r.params[q + 7]
    return x


@nb.njit(inline="always")
def _header_at(addr):
    return nb.carray(_voidptr(addr), (H_RULES + 4) * SLOT, np.int64)


def _unpack(x, y):
    """``(s, r)`` from what a callee received: the NamedTuples or StructRefs themselves, or the
    views of the header at address ``x`` (form (c), ``y`` unused)."""


@nb.njit(inline="always")
def _views(h):
    """``envs.kernels.header_state``, inlined: that function is a call of its own (returning
    15 arrays), which made form (c) cost ~75 ns per call instead of ~8."""
    s = State(
        _v2(h, 0, np.uint8),
        _v3(h, 1, np.uint8),
        _v4(h, 2, np.int8),
        _v3(h, 3, np.uint8),
        _v3(h, 4, np.uint8),
        _v2(h, 5, np.int32),
        _v3(h, 6, np.int32),
        _v2(h, 7, np.uint8),
        _v2(h, 8, np.uint64),
        _v3(h, 9, np.int32),
        _v2(h, 10, np.int32),
    )
    r = CompiledRules(
        _v1(h, 11, np.int64), _v1(h, 12, np.uint8), _v1(h, 13, np.uint8), _v1(h, 14, np.int64)
    )
    return s, r


@overload(_unpack, inline="always")
def _unpack_overload(x, y):
    if isinstance(x, types.Integer):
        return lambda x, y: _views(_header_at(x))
    return lambda x, y: (x, y)


# ---- the callees (not inlined by LLVM: checked by --ir), compiled once per form
@nb.njit(cache=True)
def call(x, y, t, k):
    s, r = _unpack(x, y)
    return _body(s, r, t, k)


# a nested chain of N_CHAIN functions: each callee calls the next, so every call re-passes the
# state it received (as apply_action -> _resolve -> _draw_turn -> _take do). Written out: a
# self-recursive cached function segfaults when numba loads it from its cache (numba issue
# #6061, still in numba 0.68.1).
N_CHAIN = 4


@nb.njit(cache=True)
def chain4(x, y, t):
    s, r = _unpack(x, y)
    return _body(s, r, t, 3)


@nb.njit(cache=True)
def chain3(x, y, t):
    s, r = _unpack(x, y)
    return _body(s, r, t, 2) + chain4(x, y, t)


@nb.njit(cache=True)
def chain2(x, y, t):
    s, r = _unpack(x, y)
    return _body(s, r, t, 1) + chain3(x, y, t)


@nb.njit(cache=True)
def chain1(x, y, t):
    s, r = _unpack(x, y)
    return _body(s, r, t, 0) + chain2(x, y, t)


@nb.njit(cache=True)
def _loop(x, y, n, chained):
    acc = np.int64(0)
    for i in range(n):
        t = i & (B - 1)
        if chained:
            acc += chain1(x, y, t)
        else:
            for k in range(N_CALLS):
                acc += call(x, y, t, k)
    return acc


@nb.njit(cache=True)
def _loop_inlined(h, n):
    s, r = _views(h)
    acc = np.int64(0)  # the body inlined: the work alone
    for i in range(n):
        for k in range(N_CALLS):
            acc += _body(s, r, i & (B - 1), k)
    return acc


FORMS = ("inl", "nt", "sr", "addr")


@nb.njit(cache=True)
def drive(h, n, form, chained):
    """``n`` iterations on the arrays of header ``h``; ``form`` indexes ``FORMS``."""
    s, r = header_state(h)
    if form == 1:
        return _loop(s, r, n, chained)
    if form == 2:
        es = StateRef(
            s.wall, s.hands, s.melds, s.river, s.river_flags, s.tv, s.pv, s.wild, s.rng, s.items,
            s.rec,
        )  # fmt: skip
        return _loop(es, RulesRef(r.params, r.tile_counts, r.wild, r.score_table), n, chained)
    if form == 3:
        return _loop(h.ctypes.data, 0, n, chained)
    return _loop_inlined(h, n)


#: name -> (form, chained)
DRIVERS = {
    "inl": (0, False),
    "nt": (1, False),
    "sr": (2, False),
    "addr": (3, False),
    "chain_nt": (1, True),
    "chain_sr": (2, True),
    "chain_addr": (3, True),
}


def make_arrays() -> list[np.ndarray]:
    """The 15 arrays of ``STATE_LAYOUT`` with the engine's shapes (``B`` tables), zeroed."""
    shapes = [
        (B, 144),
        (B, 4, 42),
        (B, 4, 6, 3),
        (B, 4, 48),
        (B, 4, 48),
        (B, 128),
        (B, 4, 64),
        (B, 34),
        (B, 4),
        (B, 4, 96),
        (B, 1),
        (192,),
        (42,),
        (34,),
        (32,),
    ]
    return [np.zeros(sh, dt) for sh, (dt, _) in zip(shapes, STATE_LAYOUT, strict=True)]


def _short(mangled: str) -> str:
    """The function's own name in a numba-mangled symbol (``_ZN<len><name>...B...``)."""
    names, i = [], 3
    while i < len(mangled) and mangled[i].isdigit():
        j = i
        while mangled[j].isdigit():
            j += 1
        n = int(mangled[i:j])
        names.append(mangled[j : j + n])
        i = j + n
    return names[-1] if names else mangled[:40]


def ir_report() -> None:
    """Each jitted function that ``drive``'s optimised module still calls (LLVM did not inline
    it), one line per specialisation: parameter count and atomic read-modify-writes (NRT
    reference counts) in its body. Needs a fresh cache (numba keeps no IR of cached code)."""
    (ir,) = drive.inspect_llvm().values()
    called = set(re.findall(r"call [^@]*@(_ZN[^(]*)\(", ir))
    for m in re.finditer(r"^define [^@]*@(_ZN[^(]*)\((.*)\).*\n(?:.*\n)*?}", ir, re.M):
        name = m.group(1)
        if name in called and _short(name) != "drive":
            print(
                f"{_short(name):8s} {m.group(2).count(',') + 1:4d} parameters, "
                f"{m.group(0).count('atomicrmw'):3d} atomicrmw"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=2_000_000)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--ir", action="store_true")
    a = ap.parse_args()
    t0 = time.perf_counter()
    results = {}  # each form from zeroed arrays: the same sums and writes
    for name, (form, chained) in DRIVERS.items():
        arrays = make_arrays()
        acc = drive(make_header(arrays, STATE_LAYOUT, 0), 5000, form, chained)
        results[name] = (int(acc), int(arrays[5].astype(np.int64).sum()))
    hits = sum(drive.stats.cache_hits.values())
    print(f"compile or cache load: {time.perf_counter() - t0:.1f} s (cache hits: {hits})")
    for group in (["inl", "nt", "sr", "addr"], ["chain_nt", "chain_sr", "chain_addr"]):
        if len({results[g] for g in group}) != 1:
            raise SystemExit(f"the forms disagree: { {g: results[g] for g in group} }")
    arrays = make_arrays()
    h = make_header(arrays, STATE_LAYOUT, 0)
    best = dict.fromkeys(DRIVERS, np.inf)
    for _ in range(a.repeat):  # interleaved
        for name, (form, chained) in DRIVERS.items():
            t = time.perf_counter()
            drive(h, a.n, form, chained)
            best[name] = min(best[name], time.perf_counter() - t)
    work = best["inl"] / (a.n * N_CALLS) * 1e9  # the body alone, per call
    for name in DRIVERS:
        ns = best[name] / (a.n * (N_CHAIN if name.startswith("chain") else N_CALLS)) * 1e9
        print(f"{name:10s} {ns:6.2f} ns/call   (over inl: {ns - work:+.2f})")
    if a.ir:
        ir_report()


if __name__ == "__main__":
    main()
