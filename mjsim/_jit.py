"""``@internal``: a jitted helper that is compiled for ONE signature, whatever its callers pass.

Numba compiles a separate specialisation of a jitted function for every distinct argument type
its callers use, and a literal constant is its own type (``_end_hand(s, r, t, 0, 2, -1)`` and
``_end_hand(s, r, t, w, k, -1)`` are two compilations). Each specialisation links and re-optimises
everything it calls, so in the engine — where a scorer sits below many levels of helpers — cold
compilation grew several-fold (the self-play loop had 442 specialisations of 215 functions).

``@internal`` replaces ``@nb.njit(cache=True)`` on helpers that are called only from jitted code:
the body is compiled once (``cache=True``) and the name is bound to a thin ``inline="always"``
wrapper that converts every signed integer (or integer literal) argument to ``int64`` and every
boolean to ``bool`` before the call. The wrapper is inlined into each caller at the untyped-IR
level, so it adds no specialisation and no run-time cost. Unsigned integers (tile counts, RNG
keys) and arrays pass through unchanged. Do not use it on functions called from Python: the
wrapper itself is not cached.

:func:`canonical_calls` does the same for every other mjsim kernel, at the level of numba's
dispatcher: installed once by ``import mjsim``, it types a call from jitted code to a jitted
function of mjsim (``mjsim.*``, ``mjsim.envs.*``, ``mjsim.agents.*``) with its literal arguments
widened to their plain types and its narrow signed integers to ``int64``. Before it, a single
``aec_step(s, r, 0, ...)`` in the env kernels recompiled the whole engine below it
(``apply_action``, ``_resolve``, ``legal_mask``, ...) for ``Literal[int](0)``: 213 extra
specialisations of 161 functions, about a fifth of the compiled code and of CI's time.

:func:`link_only_callees` (also installed by :func:`canonical_calls`) stops numba from
optimising and generating machine code for every callee together with everything below it:
a specialisation that only jitted code calls is kept as LLVM IR and linked into its callers;
the function Python calls is optimised and generated once, whole. See docs/performance.md,
"Compile time".
"""

from __future__ import annotations

import inspect
import threading
import weakref

import numba as nb
import numpy as np
from numba import types
from numba.extending import overload

from mjsim._cache import link_only_enabled


def _canon(x):
    return x


@overload(_canon, inline="always")
def _canon_overload(x):
    if isinstance(x, types.Boolean):
        return lambda x: np.bool_(x)
    if isinstance(x, types.Integer) and (x.signed or isinstance(x, types.Literal)):
        return lambda x: np.int64(x)
    return lambda x: x


def _canon_type(t):
    """The numba type a jit-to-jit call argument is compiled for (literal -> plain type,
    signed integer -> ``int64``); other types unchanged."""
    t = types.unliteral(t)
    if isinstance(t, types.Integer) and t.signed and t.bitwidth < 64:
        return types.int64
    return t


def canonical_calls() -> None:
    """Make numba compile mjsim's kernels once per plain signature when jitted code calls them.

    Patches ``numba.core.dispatcher.Dispatcher.get_call_template`` (idempotent): for a callee
    whose ``py_func.__module__`` is ``mjsim`` or below, the argument types of the call are
    canonicalised by :func:`_canon_type` before numba looks up or compiles the specialisation;
    the caller's literal / narrow values are converted at the call (numba's implicit casts), so
    results are unchanged. Functions of other packages keep numba's behaviour. Calls from Python
    are typed from the values (``int`` is already ``int64``) and are not affected.
    """
    from numba.core.dispatcher import Dispatcher

    if getattr(Dispatcher.get_call_template, "_mjsim_canonical", False):
        return
    original = Dispatcher.get_call_template

    def get_call_template(self, args, kws):
        module = getattr(self.py_func, "__module__", "") or ""
        if module == "mjsim" or module.startswith("mjsim."):
            args = tuple(_canon_type(a) for a in args)
            kws = {k: _canon_type(v) for k, v in kws.items()}
        stack = _link_stack()
        stack.append(True)  # the callee is compiled for linking only (link_only_callees)
        try:
            return original(self, args, kws)
        finally:
            stack.pop()

    get_call_template._mjsim_canonical = True
    Dispatcher.get_call_template = get_call_template
    keep_writes()
    inline_refcounts()
    link_only_callees()


def keep_writes() -> None:
    """Stop numba's dead-code elimination from deleting a write into an array (numba bugs).

    Numba's ``ir_utils.remove_dead`` (run by the typed ``InlineOverloads`` pass whenever it
    inlined an ``@overload(inline="always")``: in mjsim every caller of an :func:`internal`
    function, through :func:`_canon`) deletes ``x[i] = v`` (and an array's ``x += y``) when ``x``
    is not live afterwards and its alias analysis (``ir_utils.find_potential_aliases``) does not
    tie ``x`` to an argument. That analysis is unsound in two ways, both silent wrong results
    (docs/engine.md "numba inline='always'"):

    - it is ORDER-DEPENDENT: it walks the blocks once in the order of the ``func_ir.blocks``
      dict and records ``x = b.attr`` as an argument alias only if ``b`` is already known to be
      one. ``InlineOverloads`` appends the tail of a block it splits at the end of the dict, so
      ``s_copy = s`` (the parameter binding of a function inlined by ``@njit(inline="always")``)
      is visited after the later blocks of the inlined body: an inlined ``_add_river`` once
      lost ``s.river[t, p, i] = k`` in ``_wild_kong``, ``_kong_tile`` and ``_grab_dealer``;
    - a container returned by a call is never an alias (``s, r = borrow(s, r)``): a later
      ``s.pv[w, q, PV_SCORE] = 0`` with a variable index is deleted in any function where
      ``InlineOverloads`` inlined something.

    The patched analysis repeats numba's walk until its result no longer grows (a fixed point:
    the result of a walk in any order) and then counts every ``SetItem`` target and every
    in-place operand as an argument alias, so a write is never removed as dead (writes into a
    truly dead local array are left to LLVM). It only ever keeps statements that numba would
    have deleted. Installed by :func:`canonical_calls` (idempotent; patches
    ``numba.core.ir_utils`` and the parfors modules that imported the function).
    ``tests/test_jit_aliases.py`` holds both reproducers and fails if a numba upgrade turns this
    into a no-op while the bugs remain.
    """
    import sys

    from numba.core import ir, ir_utils

    original = getattr(ir_utils, "find_potential_aliases", None)
    if original is None or getattr(original, "_mjsim_keep_writes", False):
        return  # another numba: tests/test_jit_aliases.py fails if the bugs are still there

    def size(alias_map, arg_aliases):
        return len(arg_aliases), len(alias_map), sum(len(v) for v in alias_map.values())

    def find_potential_aliases(blocks, args, typemap, func_ir, alias_map=None, arg_aliases=None):
        alias_map, arg_aliases = original(blocks, args, typemap, func_ir, alias_map, arg_aliases)
        while True:
            before = size(alias_map, arg_aliases)
            alias_map, arg_aliases = original(
                blocks, args, typemap, func_ir, alias_map, arg_aliases
            )
            if size(alias_map, arg_aliases) == before:
                break
        if not isinstance(arg_aliases, set):
            # parfor lowering passes a dict (``arg_aliases = {}``) and only prints it: numba's
            # own walk never adds to it there, and ``.add`` would raise (every ``prange``
            # kernel with an array write failed to compile, e.g. mjsim.kernels.batched)
            return alias_map, arg_aliases
        for block in blocks.values():
            for stmt in block.body:
                if isinstance(stmt, ir.SetItem):
                    arg_aliases.add(stmt.target.name)
                elif (
                    isinstance(stmt, ir.Assign)
                    and isinstance(stmt.value, ir.Expr)
                    and stmt.value.op == "inplace_binop"
                ):
                    arg_aliases.add(stmt.value.lhs.name)
        return alias_map, arg_aliases

    find_potential_aliases._mjsim_keep_writes = True
    ir_utils.find_potential_aliases = find_potential_aliases
    for name in ("numba.parfors.parfor", "numba.parfors.array_analysis"):
        mod = sys.modules.get(name)
        if mod is not None and getattr(mod, "find_potential_aliases", None) is original:
            mod.find_potential_aliases = find_potential_aliases


def inline_refcounts() -> None:
    """Let LLVM's full optimisation inline numba's ``NRT_incref`` / ``NRT_decref``.

    Numba defines both in its runtime module with the ``noinline`` attribute, so that its
    reference-count pruning pass (run after the cheap ``O0`` module pipeline, which inlines only
    ``alwaysinline`` functions) sees them as calls. The attribute then also stops the later full
    ``O3`` pipeline from inlining them: every array argument of every helper call costs two real
    calls, even on the borrowed views of the self-play loop (:mod:`mjsim.engine.borrow`) whose
    null meminfo makes them no-ops (about 8% of a random-bot decision, docs/performance.md). Without the attribute the pruning is unchanged (the ``O0`` pipeline
    still does not inline them) and the full pipeline inlines each into a null test plus the
    atomic update. Installed by :func:`canonical_calls` (patches
    ``numba.core.runtime.nrtdynmod``; idempotent). Effective only if numba's runtime is compiled
    after it, i.e. before the process compiles its first jitted function (``import mjsim`` first,
    as the package does before any kernel); otherwise numba's definitions stay as they are.
    Semantics are unchanged (inlining preserves them), so are the compiled results.
    """
    from numba.core.runtime import nrtdynmod

    if getattr(nrtdynmod, "_mjsim_inline_refcounts", False):
        return
    names = {"_define_nrt_incref": "NRT_incref", "_define_nrt_decref": "NRT_decref"}
    if not all(hasattr(nrtdynmod, f) for f in names):  # another numba: keep its behaviour
        return
    for fname, symbol in names.items():
        original = getattr(nrtdynmod, fname)

        def define(module, atomic, _original=original, _symbol=symbol):
            _original(module, atomic)
            module.get_global(_symbol).attributes.discard("noinline")

        setattr(nrtdynmod, fname, define)
    nrtdynmod._mjsim_inline_refcounts = True


def internal(fn):
    """Decorator: compile ``fn`` once (cached) and bind its name to a canonicalising wrapper.

    The compiled body is available as ``wrapper.impl``. Raises ``TypeError`` for functions with
    ``*args``, ``**kwargs`` or default values (the generated wrapper could not forward them).
    """
    sig = inspect.signature(fn)
    for p in sig.parameters.values():
        if p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) or p.default is not p.empty:
            raise TypeError(f"@internal: {fn.__qualname__} parameter {p.name!r} is not plain")
    impl = nb.njit(cache=True)(fn)
    names = list(sig.parameters)
    src = "def {}({}):\n    return _impl({})\n".format(
        fn.__name__, ", ".join(names), ", ".join(f"_canon({n})" for n in names)
    )
    env = {"_impl": impl, "_canon": _canon}
    exec(compile(src, fn.__code__.co_filename, "exec"), env)  # noqa: S102 - generated forwarder
    wrapper = nb.njit(inline="always")(env[fn.__name__])
    wrapper.impl = impl
    wrapper.__doc__ = fn.__doc__
    return wrapper


# --------------------------------------------------------------------------- link-only callees
_TLS = threading.local()


def _link_stack() -> list:
    st = getattr(_TLS, "stack", None)
    if st is None:
        st = _TLS.stack = []
    return st


def _linking() -> bool:
    st = getattr(_TLS, "stack", None)
    return bool(st) and st[-1]


_UNRESOLVED = ".numba.unresolved$"  # numba's RuntimeLinker.PREFIX (calls within a recursion)


def _unresolved_targets(module) -> set[str]:
    """Symbols that code in ``module`` calls through numba's run-time-resolved pointers
    ``.numba.unresolved$<symbol>``: numba lowers a call to a function of a recursive cycle that
    is still being compiled that way (the callee's library is NOT linked into the caller; the
    run-time linker fills the pointer once a module in the JIT engine defines the symbol)."""
    n = len(_UNRESOLVED)
    return {g.name[n:] for g in module.global_variables if g.name.startswith(_UNRESOLVED)}


class LinkOnlyEntry:
    """Entry point of a specialisation compiled for jitted callers only (no machine code yet).

    It keys the specialisation in numba's implementation registry like a compiled function
    would; :func:`link_only_callees` replaces it by the real entry point (code generation then)
    the first time Python calls that signature. Calling it directly is an error."""

    __slots__ = ("library", "fndesc", "env", "__weakref__")

    def __init__(self, library, fndesc, env) -> None:
        self.library = library
        self.fndesc = fndesc
        self.env = env

    def __call__(self, *args, **kws):
        raise RuntimeError(f"{self.fndesc.qualname}: compiled for jitted callers only")

    def __repr__(self) -> str:
        return f"<link-only {self.fndesc.qualname}>"


def link_only_callees() -> None:
    """Generate machine code only for what Python calls; compile callees as LLVM IR to link.

    Numba finalises every specialisation it compiles: it links the final modules of all its
    callees into its own, runs the O3 module pipeline over the result and generates machine
    code for it (``CPUCodeLibrary.finalize``). A callee used only from jitted code therefore
    costs a full optimisation and code generation of itself AND of everything below it, once
    per level of the call tree: the engine's entry points re-optimise the same scorers and rule
    helpers dozens of times, and numba's cache holds a machine-code copy of each closure.

    Installed by :func:`canonical_calls` unless ``MJSIM_NUMBA_LINK_ONLY=0`` (the default;
    :func:`mjsim._cache.link_only_enabled`), for numba's CPU JIT target: a specialisation
    compiled because jitted code calls it (a nested compile,
    through ``Dispatcher.get_call_template``) keeps its LLVM IR after the per-function passes,
    linked with its callees' IR, without the module pipeline and without machine code
    (:class:`LinkOnlyEntry` stands for its entry point); numba's cache stores it as bitcode.
    The function Python calls (``selfplay._run_slice``, ``mjsim.engine.step.step`` from ``Game``, the env
    kernels) links that IR and runs the O3 pipeline and code generation once over the whole
    call tree, as numba would at its own level. A link-only specialisation that Python calls
    later is optimised and generated then (and re-cached as machine code). Results are the same
    (LLVM's optimisations preserve semantics); only where the optimiser runs changes.

    Two rules keep numba's run-time linker sound (without them the CI run of the
    full suite once crashed with a segmentation fault; docs/performance.md): before a module enters the JIT engine, numba's
    runtime library (NRT) gets its machine code (``_runtime_first``), and so does every
    link-only library defining a target of the module's run-time-resolved (recursive) calls
    (:func:`_unresolved_targets`), as in eager numba.
    """
    if not link_only_enabled():
        return
    from numba.core import codegen, compiler_lock, cpu, dispatcher, environment

    Lib = codegen.JITCodeLibrary
    if getattr(Lib, "_mjsim_link_only", False):
        return
    needed = (
        (codegen.CPUCodeLibrary, "_optimize_final_module"),
        (codegen.CPUCodeLibrary, "_finalize_final_module"),
        (codegen.CPUCodeLibrary, "_finalize_dynamic_globals"),
        (codegen.CPUCodeLibrary, "_get_module_for_linking"),
        (codegen.JITCPUCodegen, "set_env"),
        (cpu.CPUContext, "get_executable"),
        (dispatcher.Dispatcher, "add_overload"),
        (dispatcher.Dispatcher, "compile"),
    )
    if not all(hasattr(c, a) for c, a in needed):  # another numba: keep its behaviour
        return
    lock = compiler_lock.global_compiler_lock
    orig_get_executable = cpu.CPUContext.get_executable
    orig_add_overload = dispatcher.Dispatcher.add_overload
    orig_compile = dispatcher.Dispatcher.compile
    orig_set_env = codegen.JITCPUCodegen.set_env
    orig_get_pointer = Lib.get_pointer_to_function
    orig_serialize = Lib.serialize_using_object_code
    orig_unserialize = Lib._unserialize.__func__
    orig_asm = Lib.get_asm_str
    orig_finalize_final = Lib._finalize_final_module
    #: mangled name -> link-only library defining it (for run-time-resolved recursive calls)
    link_only_symbols: dict[str, weakref.ref] = {}

    def finalize(self):
        # CPUCodeLibrary.finalize without the module passes and the machine code
        compiler_lock.require_global_compiler_lock()
        self._codegen._check_llvm_bugs()
        self._raise_if_finalized()
        seen = set()
        for library in self._linking_libraries:
            if library not in seen:
                self._reload_init.update(library._reload_init)
                seen.add(library)
                self._final_module.link_in(library._get_module_for_linking(), preserve=True)
        self._finalize_dynamic_globals()
        self._mjsim_lazy = True
        self._finalized = True

    def materialise(self):
        """Module passes and machine code of a link-only library (once)."""
        if not getattr(self, "_mjsim_lazy", False):
            return
        with lock:
            if not self._mjsim_lazy:
                return
            self._mjsim_lazy = False
            if not self._object_caching_enabled:
                self.enable_object_caching()
            self._optimize_final_module()
            self._final_module.verify()
            self._dynamic_globals = []
            self._finalize_final_module()
            # environments of every function linked in (numba sets them per library)
            for gv in self._final_module.global_variables:
                if gv.name.startswith("_ZN08NumbaEnv"):
                    env = environment.lookup_environment(gv.name)
                    if env is not None:
                        orig_set_env(self._codegen, gv.name, env)

    def _finalize_final_module(self):
        # Before this library's module enters the JIT engine (see docs/performance.md, "Compile
        # time"): (1) numba's runtime library (NRT) gets its machine code. It was compiled
        # after the patch, so it is link-only too, and numba asks for its
        # ``nrt_unresolved_abort`` from inside another library's ``_finalize_specific``, after
        # that module entered the engine and before its run-time pointers were mapped: NRT's
        # ``finalize_object`` then generated that half-linked module (the segmentation fault this avoids).
        # (2) Every link-only library that defines a target of this module's run-time-resolved
        # pointers (recursion) gets its machine code: numba fills a pointer only from a symbol
        # in the engine, and those libraries are not linked into their callers (so nothing
        # finalised them either: numba's get_executable would have).
        _runtime_first(self)
        for name in sorted(_unresolved_targets(self._final_module)):
            ref = link_only_symbols.get(name)
            lib = ref() if ref is not None else None
            if lib is not None and lib is not self:
                with lock:
                    lib._ensure_finalized()
                    materialise(lib)
        orig_finalize_final(self)

    def get_pointer_to_function(self, name):
        self._ensure_finalized()
        materialise(self)
        return orig_get_pointer(self, name)

    def get_asm_str(self):
        self._ensure_finalized()
        materialise(self)
        return orig_asm(self)

    def serialize_using_object_code(self):
        self._ensure_finalized()
        if getattr(self, "_mjsim_lazy", False):
            return (self.name, "bitcode", self._final_module.as_bitcode())
        return orig_serialize(self)

    def _unserialize(cls, codegen_, state):
        name, kind, data = state
        if kind != "bitcode":
            return orig_unserialize(cls, codegen_, state)
        import llvmlite.binding as ll

        self = codegen_.create_library(name)
        self._final_module = ll.parse_bitcode(data)
        self._finalize_dynamic_globals()
        self._mjsim_lazy = True
        self._mjsim_resave = True  # machine code made later is worth caching
        self._finalized = True
        return self

    def set_env(self, env_name, env):
        if not self._engine.is_symbol_defined(env_name):
            return  # link-only code: set when a caller's machine code is made (materialise)
        orig_set_env(self, env_name, env)

    def get_executable(self, library, fndesc, env):
        if _linking() and isinstance(library, Lib):
            if not library._finalized or getattr(library, "_mjsim_lazy", False):
                link_only_symbols[fndesc.mangled_name] = weakref.ref(library)
                return LinkOnlyEntry(library, fndesc, env)
        return orig_get_executable(self, library, fndesc, env)

    def add_overload(self, cres):
        if isinstance(cres.entry_point, LinkOnlyEntry):
            self.overloads[tuple(cres.signature.args)] = cres  # not callable from Python yet
            return
        orig_add_overload(self, cres)

    def _materialise_overload(disp, cres):
        e = cres.entry_point
        real = orig_get_executable(disp.targetctx, e.library, e.fndesc, e.env)
        disp.targetctx.insert_user_function(real, e.fndesc, [e.library])
        cres = cres._replace(entry_point=real)
        orig_add_overload(disp, cres)
        e.library._mjsim_resave = False
        disp._cache.save_overload(tuple(cres.signature.args), cres)
        return real

    def compile(self, sig):
        if _linking():
            return orig_compile(self, sig)
        from numba.core import sigutils

        args, _ = sigutils.normalize_signature(sig)
        args = tuple(args)
        with lock:
            existing = self.overloads.get(args)
            if existing is not None and isinstance(existing.entry_point, LinkOnlyEntry):
                return _materialise_overload(self, existing)
            entry = orig_compile(self, sig)
            cres = self.overloads.get(args)
            if cres is not None and getattr(cres.library, "_mjsim_resave", False):
                cres.library._mjsim_resave = False  # loaded as bitcode, now machine code
                self._cache.save_overload(args, cres)
            return entry

    def _runtime_first(library):
        from numba.core.runtime import rtsys

        nrt = getattr(rtsys, "_library", None)
        if nrt is not None and nrt is not library and getattr(nrt, "_mjsim_lazy", False):
            materialise(nrt)

    Lib.finalize = finalize
    Lib._finalize_final_module = _finalize_final_module
    Lib.get_pointer_to_function = get_pointer_to_function
    Lib.get_asm_str = get_asm_str
    Lib.serialize_using_object_code = serialize_using_object_code
    Lib._unserialize = classmethod(_unserialize)
    codegen.JITCPUCodegen.set_env = set_env
    cpu.CPUContext.get_executable = get_executable
    dispatcher.Dispatcher.add_overload = add_overload
    dispatcher.Dispatcher.compile = compile
    Lib._mjsim_link_only = True
