"""Audit: list every array write that numba's dead-code elimination deletes in mjsim's kernels.

Run from a cold cache (a fresh ``MJSIM_CACHE_DIR``; cached functions are not recompiled, so
they are not audited): ``nice -n 19 python tests/audit_dce.py`` (about 11 CPU-minutes). It
compiles the self-play loop, ``Game``'s entry points, the in-kernel bots and both environments,
records every ``SetItem`` / in-place statement that ``numba.core.ir_utils.remove_dead_block``
drops, and prints them with the function and source line (docs/engine.md "numba
inline='always'"). With ``mjsim._jit.keep_writes`` installed (``import mjsim``) it must print 0;
without it, numba's order-dependent alias analysis can delete live writes. Not collected by
pytest (too slow for the suite; ``tests/test_jit_aliases.py`` is the quick regression test).
"""

from __future__ import annotations

import collections
import time

from numba.core import ir, ir_utils

DROPPED: dict[tuple[str, str, int], str] = collections.OrderedDict()
_remove_dead_block = ir_utils.remove_dead_block


def _writes(block):
    return [
        st
        for st in block.body
        if isinstance(st, ir.SetItem)
        or (
            isinstance(st, ir.Assign)
            and isinstance(st.value, ir.Expr)
            and st.value.op == "inplace_binop"
        )
    ]


def _recording_remove_dead_block(block, *args):
    before = _writes(block)
    result = _remove_dead_block(block, *args)
    func_ir = args[-2]
    kept = {id(st) for st in block.body}
    for st in before:
        if id(st) not in kept:
            key = (func_ir.func_id.func_qualname, st.loc.filename, st.loc.line)
            DROPPED.setdefault(key, str(st))
    return result


def main() -> None:
    ir_utils.remove_dead_block = _recording_remove_dead_block
    import numpy as np
    from mjsim.agents import KernelAgent
    from mjsim.envs import MahjongVectorEnv, mahjong_v0

    import mjsim
    from mjsim.engine import Game

    t0 = time.process_time()
    mjsim.simulate("hebei", 4, ("greedy", "random") * 2, seed=0, threads=1, check=True)
    g = Game("hebei", seed=0)
    for _ in range(500):
        if g.done:
            g.next_hand()
            break
        g.step(g.legal_actions()[0])
    g = Game("hebei", seed=0, record=False)
    for name in ("greedy", "random"):
        KernelAgent(name).act(g, g.legal_mask())
    env = mahjong_v0.env(variant="hebei")
    env.reset(seed=0)
    for _ in range(8):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    vec = MahjongVectorEnv("hebei", 2)
    vec.reset(seed=0)
    vec.step(np.array([int(np.flatnonzero(m)[0]) for m in vec.action_masks()]))
    patched = getattr(ir_utils.find_potential_aliases, "_mjsim_keep_writes", False)
    print(f"compiled in {time.process_time() - t0:.0f} CPU-s; keep_writes installed: {patched}")
    print(f"{len(DROPPED)} writes deleted by numba's remove_dead")
    for (fn, path, line), st in DROPPED.items():
        print(f"  {fn}  {path}:{line}  {st}")


if __name__ == "__main__":
    main()
