"""Where numba keeps mjsim's compiled kernels: one directory per exact set of mjsim sources.

Numba's ``cache=True`` keys each function's on-disk cache on ITS OWN source file (path,
modification time, size). A caller in another module therefore keeps its stale compiled copy
of a callee after an upgrade or an edit of the callee's module: the caller's file did not
change, so numba loads the old machine code, with the old callee inlined (wrong results, not an
error). :func:`configure` closes that hole at the package boundary: unless the user chose a
cache directory, numba's cache directory becomes

    ``<mjsim cache>/numba/<mjsim version>-<hash of the compiled modules' sources>``
    (plus ``-O<level>`` under a non-default ``NUMBA_OPT``)

where ``<mjsim cache>`` is ``$MJSIM_CACHE_DIR`` or else ``~/.cache/mjsim`` (the lookup-table
cache of :mod:`mjsim.kernels.tables` lives there too). The hash covers every module that
compiled code can depend on (:func:`compiled_closure`: each module that imports numba and every
mjsim module it imports, directly or not), by module name and content. Any change of one of
them gives a new, empty directory (one cold compile, minutes), so no compiled code built from
other sources can ever be loaded; an edit of a pure-Python module outside it (the command line,
rule studies, arenas, statistics) keeps the compiled code. Older hash directories are pruned:
the :data:`KEEP` most recently used stay, and so does any used within :data:`GRACE` seconds.

Compiled code is keyed by content, not by where the sources live: inside that directory each
kernel is filed under its module's name (``mjsim.engine.step/...``), not under a hash of its
absolute path as numba does by default (:class:`ContentCacheLocator`). A second clone, a moved
checkout, an editable install and a wheel of the same sources therefore share one compiled
cache.

Switches (environment variables, read when ``mjsim`` is first imported):

- ``NUMBA_CACHE_DIR`` set by the user: it is respected unchanged (numba's own behaviour).
- ``MJSIM_NUMBA_CACHE=per-file``: numba's default per-file ``__pycache__`` caching (no hashing,
  no pruning; for developers iterating on one kernel, who accept the stale-callee risk).
- ``MJSIM_NUMBA_LINK_ONLY=0``: numba's eager code generation for every specialisation instead
  of the default link-only callees (:func:`mjsim._jit.link_only_callees`, half the cold
  compile); the directory name gets ``-eager``.

The chosen directory is also exported as ``NUMBA_CACHE_DIR`` so that subprocesses and Ray
workers share it; ``MJSIM_NUMBA_CACHE_AUTO`` records that mjsim (not the user) set it, so a
child process with other sources still computes its own directory.

The CPU target (``MJSIM_NUMBA_CPU``; numba's cache index is keyed by the CPU name and features,
so code compiled for one CPU never loads on another):

- ``host``: machine code tuned for this machine's CPU (numba's default).
- ``generic``: numba's generic CPU of this architecture (``NUMBA_CPU_NAME=generic``, exported
  for child processes), in ``<version>-<hash>-generic``: a cache that any machine of the same
  architecture, Python and numba version loads, built once (``mjsim compile --portable``) and
  shipped in a wheel (``mjsim/_precompiled/``) or to cluster nodes.
- ``auto`` (the default): ``host``, unless the host directory holds no compiled code while a
  generic cache exists (shipped, or compiled here earlier): then ``generic``. A shipped cache
  (:data:`SHIPPED`, same directory name, same numba, Python and machine) is copied into the
  empty generic directory on the first import. ``mjsim compile`` makes host-tuned code, which
  ``auto`` prefers from then on.

A ``NUMBA_CPU_NAME`` set by the user is respected (``generic`` uses the generic directory).
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import re
import shutil
import sys
import tempfile
import time
import warnings
from collections.abc import Iterable
from pathlib import Path

#: environment variable selecting the mode (``hashed``, the default, or ``per-file``)
MODE_ENV = "MJSIM_NUMBA_CACHE"
#: marker: ``NUMBA_CACHE_DIR`` holds a directory that mjsim chose (not the user)
AUTO_ENV = "MJSIM_NUMBA_CACHE_AUTO"
#: hash directories kept after pruning (the current one included)
KEEP = 2
#: seconds since its last use during which a hash directory is never pruned (one hour)
GRACE = 3600.0
#: length of the hex source hash in the directory name
HASH_CHARS = 16

#: the directory chosen by :func:`configure` in this process (``None``: numba's default / user's)
CACHE_DIR: Path | None = None
#: environment variable: ``0`` turns off the link-only compilation of callees (mjsim/_jit.py)
LINK_ONLY_ENV = "MJSIM_NUMBA_LINK_ONLY"
#: environment variable choosing the CPU target: ``auto`` (default), ``host`` or ``generic``
CPU_ENV = "MJSIM_NUMBA_CPU"
#: marker: ``NUMBA_CPU_NAME`` holds a value that mjsim chose (not the user)
CPU_AUTO_ENV = "MJSIM_NUMBA_CPU_AUTO"
#: the CPU target chosen by :func:`configure` in this process (``host`` or ``generic``)
CPU = "host"
#: compiled caches shipped with the package (a wheel built with one), one directory per name
SHIPPED = Path(__file__).resolve().parent / "_precompiled"
#: the file describing a shipped or exported cache (:func:`cache_manifest`)
MANIFEST = "mjsim-cache.json"


def link_only_enabled() -> bool:
    """Whether callees called only from jitted code are compiled to LLVM IR for linking, without
    machine code of their own (:func:`mjsim._jit.link_only_callees`): half the cold compile.
    ON unless ``MJSIM_NUMBA_LINK_ONLY=0`` (or ``false`` / ``no`` / ``off``), which restores
    numba's eager code generation for every specialisation (docs/performance.md, "Compile
    time"). Link-only callees are cached as bitcode, so the two
    modes use different cache directories (eager mode adds ``-eager``)."""
    return os.environ.get(LINK_ONLY_ENV, "1").strip().lower() not in ("0", "false", "no", "off")


def source_roots() -> list[Path]:
    """Directories holding the sources of ``mjsim``, ``mjsim.envs`` and ``mjsim.agents``.

    In a wheel install ``envs`` and ``agents`` are inside the ``mjsim`` directory; in the
    editable (source tree) layout they sit next to it (``package-dir`` in pyproject.toml)."""
    pkg = Path(__file__).resolve().parent
    roots = [pkg]
    for sub in ("envs", "agents"):
        inner = pkg / sub
        if inner.is_dir():
            real = inner.resolve()  # a real subdirectory is hashed with mjsim; a link is not
            if real != inner:
                roots.append(real)
        elif (pkg.parent / sub / "__init__.py").is_file():
            roots.append(pkg.parent / sub)
    return roots


def module_files(roots: Iterable[Path]) -> dict[str, Path]:
    """Every ``*.py`` file below ``roots`` by its module name (``mjsim.engine.step``).

    ``roots`` are :func:`source_roots`: the first is the ``mjsim`` package, the others are
    ``envs`` and ``agents``, installed as ``mjsim.envs`` and ``mjsim.agents`` whether they sit
    beside ``mjsim/`` (editable layout) or inside it (wheel): a module has the same name, hence
    the same hash and cache entry, in both layouts."""
    roots = [Path(r) for r in roots]
    linked = {r.name for r in roots[1:]}  # envs/agents given as roots of their own
    out: dict[str, Path] = {}
    for i, root in enumerate(roots):
        prefix = ["mjsim"] if i == 0 else ["mjsim", root.name]
        for p in sorted(root.rglob("*.py")):
            parts = p.relative_to(root).with_suffix("").parts
            if "__pycache__" in parts:
                continue
            if i == 0 and parts and parts[0] in linked:
                continue  # a link to another root: named from that root
            name = ".".join(prefix + [x for x in parts if x != "__init__"])
            out[name] = p
    return out


_FROM = re.compile(r"^[ \t]*from[ \t]+(mjsim[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)", re.M)
_IMPORT = re.compile(r"^[ \t]*import[ \t]+(mjsim[\w.]*)", re.M)
_QUOTED = re.compile(r"[\"'](mjsim(?:\.\w+)+)[\"']")
_NUMBA = re.compile(r"^[ \t]*(?:import|from)[ \t]+numba\b", re.M)


def _references(text: str, known: Iterable[str]) -> set[str]:
    """mjsim modules a source text names: imports at any depth (inside functions too) and
    module names in strings (lazy ``importlib`` tables)."""
    known = set(known)
    found = set()
    for m in _FROM.finditer(text):
        base = m.group(1)
        found.add(base)
        for item in re.sub(r"#[^\n]*", "", m.group(2)).strip("()").split(","):
            name = item.strip().split(" ")[0]
            if name:
                found.add(f"{base}.{name}")
    found.update(m.group(1) for m in _IMPORT.finditer(text))
    found.update(m.group(1) for m in _QUOTED.finditer(text))
    out = set()
    for name in found:
        parts = name.split(".")
        for k in range(1, len(parts) + 1):  # a package's __init__ runs on import
            prefix = ".".join(parts[:k])
            if prefix in known:
                out.add(prefix)
    return out


#: packages of presentation code (the hand viewer's HTML, table images, the ``mjsim play``
#: server) that compiled code never calls. Display methods of modules inside the closure
#: (``Game._repr_html_``, the envs' ``render``) import them on use; they are not followed, so
#: editing them keeps the compiled cache. None of them may import numba (a test checks).
PRESENTATION = ("mjsim.view",)
#: packages of data that compiled code reads only as arrays of fixed types: the fan tables and
#: payment records (``mjsim.scoring.tables``) reach the kernels through
#: ``CompiledRules.fan_rows`` and the other table arrays, never as code, so adding or editing a
#: table neither compiles anything nor invalidates the compiled cache. None of them may import
#: numba (a test checks).
DATA = ("mjsim.scoring.tables",)


def _presentation(name: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in (*PRESENTATION, *DATA))


def compiled_closure(files: dict[str, Path]) -> list[str]:
    """The modules whose sources compiled code can depend on, sorted: every module that imports
    numba, and every mjsim module it names (imports at any depth, module names in strings),
    transitively, except the presentation packages (:data:`PRESENTATION`) and the data packages
    (:data:`DATA`). Modules outside it
    (the command line, rule studies, statistics, the viewer) are plain Python that no kernel
    sees; editing them keeps the compiled cache."""
    texts = {name: p.read_text(encoding="utf-8", errors="replace") for name, p in files.items()}
    stack = [
        name for name, text in texts.items() if _NUMBA.search(text) and not _presentation(name)
    ]
    seen: set[str] = set()
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        seen.add(name)
        stack.extend(r for r in _references(texts[name], texts) - seen if not _presentation(r))
    return sorted(seen)


def source_hash(roots: Iterable[Path]) -> str:
    """Hex digest (:data:`HASH_CHARS` characters) of the sources of :func:`compiled_closure`.

    The digest covers each module's name and bytes, in sorted order, so it changes with any
    edit, addition, removal or rename of a module compiled code can reach, and never with
    modification times or with where the sources are."""
    files = module_files(roots)
    h = hashlib.blake2b(digest_size=16)
    for name in compiled_closure(files):
        h.update(f"{name}\0".encode())
        h.update(files[name].read_bytes())
        h.update(b"\0")
    return h.hexdigest()[:HASH_CHARS]


def base_dir() -> Path:
    """``$MJSIM_CACHE_DIR`` if set, else ``~/.cache/mjsim`` (as :mod:`mjsim.kernels.tables`)."""
    env = os.environ.get("MJSIM_CACHE_DIR")
    return Path(env) if env else Path.home() / ".cache" / "mjsim"


def prune(
    parent: Path,
    current: Path,
    keep: int = KEEP,
    grace: float = GRACE,
    spare: Iterable[Path] = (),
) -> list[Path]:
    """Delete old hash directories in ``parent``: all but the ``keep`` most recently used
    ones (``current`` always counts as kept), sparing any used within the last ``grace`` seconds
    and those in ``spare`` (the other CPU target's directory of the same sources).

    The grace period protects concurrent users of other sources (several checkouts or
    environments on one machine would otherwise delete each other's fresh caches on every
    import). Returns the deleted directories. Errors are ignored: pruning only saves disk."""
    try:
        spared = {current, *spare}
        dirs = [d for d in parent.iterdir() if d.is_dir() and d not in spared]
    except OSError:
        return []

    def used(d: Path) -> float:
        try:
            return d.stat().st_mtime
        except OSError:
            return 0.0

    dirs.sort(key=used, reverse=True)
    now = time.time()
    gone = []
    for d in dirs[max(keep - 1, 0) :]:
        if now - used(d) < grace:
            continue
        shutil.rmtree(d, ignore_errors=True)
        if not d.exists():
            gone.append(d)
    return gone


def cache_dir_for(version: str, roots: Iterable[Path] | None = None, cpu: str = "host") -> Path:
    """The hashed directory for these sources: ``<base_dir()>/numba/<version>-<hash>``.

    A non-default ``NUMBA_OPT`` adds ``-O<level>``: numba's cache index does not record the
    optimisation level, so code compiled at another level must not share the directory.
    Eager mode (``MJSIM_NUMBA_LINK_ONLY=0``, :func:`link_only_enabled`) adds ``-eager``: the
    default link-only cache holds callees as bitcode, eager mode holds machine code.
    ``cpu="generic"`` adds ``-generic`` (the portable CPU target, module docstring)."""
    digest = source_hash(source_roots() if roots is None else roots)
    opt = "".join(ch for ch in os.environ.get("NUMBA_OPT", "") if ch.isalnum())
    suffix = f"-O{opt}" if opt and opt != "3" else ""
    if not link_only_enabled():
        suffix += "-eager"  # eager mode's cache holds machine code for every callee
    if cpu == "generic":
        suffix += "-generic"  # code for numba's generic CPU: portable within the architecture
    return base_dir() / "numba" / f"{version}-{digest}{suffix}"


def holds_compiled_code(path: Path) -> bool:
    """Whether the cache directory ``path`` holds any numba index file (compiled code)."""
    try:
        return any(True for _ in Path(path).glob("*/*.nbi"))
    except OSError:
        return False


def cache_manifest(cpu: str) -> dict[str, str]:
    """What a compiled cache needs from the machine that loads it: numba and Python versions,
    operating system, architecture and CPU target (written beside an exported cache as
    :data:`MANIFEST`; a shipped cache is adopted only where every field matches)."""
    from importlib.metadata import version

    return {
        "numba": version("numba"),
        "python": f"{sys.version_info[0]}.{sys.version_info[1]}",
        "platform": sys.platform,
        "machine": platform.machine(),
        "cpu": cpu,
    }


def shipped_cache(name: str, cpu: str = "generic") -> Path | None:
    """The cache shipped with the package for the directory ``name`` (:data:`SHIPPED`), if it
    exists and its manifest matches this machine (:func:`cache_manifest`), else ``None``."""
    src = SHIPPED / name
    try:
        manifest = json.loads((src / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    try:
        here = cache_manifest(cpu)
    except Exception:  # noqa: BLE001 - no numba metadata: nothing shipped can be checked
        return None
    if any(manifest.get(k) != v for k, v in here.items()) or not holds_compiled_code(src):
        return None
    return src


def adopt(src: Path, dst: Path) -> bool:
    """Copy the compiled cache ``src`` into the cache directory ``dst`` if ``dst`` holds no
    compiled code yet; returns whether it did. The copy is made beside ``dst`` and renamed into
    place, so a concurrent process sees either nothing or the whole cache. Errors are ignored
    (numba then compiles as usual)."""
    if holds_compiled_code(dst):
        return False
    tmp = dst.with_name(f"{dst.name}.adopting-{os.getpid()}")
    try:
        shutil.copytree(src, tmp, ignore=shutil.ignore_patterns(MANIFEST, "*.tmp.*", SAVE_LOCK))
        if dst.is_dir() and not any(dst.iterdir()):
            dst.rmdir()
        os.replace(tmp, dst)  # fails if another process filled dst meanwhile: it wins
        return True
    except OSError:
        return False
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def choose_cpu(host_dir: Path, generic_dir: Path) -> str:
    """The CPU target of this process, ``host`` or ``generic`` (module docstring).

    Raises:
        ValueError: ``MJSIM_NUMBA_CPU`` is not ``auto``, ``host`` or ``generic``.
    """
    user = os.environ.get("NUMBA_CPU_NAME", "")
    if user and user != os.environ.get(CPU_AUTO_ENV):
        return "generic" if user.strip().lower() == "generic" else "host"  # the user's choice
    choice = os.environ.get(CPU_ENV, "auto").strip().lower() or "auto"
    if choice not in ("auto", "host", "generic"):
        raise ValueError(f"{CPU_ENV}={choice!r}: expected 'auto' (default), 'host' or 'generic'")
    if choice != "auto":
        return choice
    if holds_compiled_code(host_dir):
        return "host"
    if holds_compiled_code(generic_dir) or shipped_cache(generic_dir.name) is not None:
        return "generic"
    return "host"


def _set_cpu(cpu: str) -> None:
    """Make numba compile for ``cpu`` (``generic``: ``NUMBA_CPU_NAME=generic``, no extra CPU
    features) in this process and its children, unless the user set ``NUMBA_CPU_NAME``. Takes
    effect if numba has compiled nothing yet in this process (import mjsim first)."""
    global CPU
    CPU = cpu
    user = os.environ.get("NUMBA_CPU_NAME", "")
    if user and user != os.environ.get(CPU_AUTO_ENV):
        return
    if cpu == "generic":
        os.environ["NUMBA_CPU_NAME"] = os.environ[CPU_AUTO_ENV] = "generic"
        os.environ["NUMBA_CPU_FEATURES"] = ""
        name, features = "generic", ""
    else:  # host: drop a generic target inherited from a parent mjsim process
        if user:
            for k in ("NUMBA_CPU_NAME", "NUMBA_CPU_FEATURES", CPU_AUTO_ENV):
                os.environ.pop(k, None)
        name, features = None, None
    config = sys.modules.get("numba.core.config")
    if config is not None:
        config.CPU_NAME, config.CPU_FEATURES = name, features


def configure(version: str) -> Path | None:
    """Point numba's cache at the hashed directory and choose the CPU target (see the module
    docstring; :func:`choose_cpu`), adopting a shipped cache into an empty generic directory.

    Must run before any mjsim kernel is decorated (``mjsim/__init__.py`` calls it first).
    Returns the directory, or ``None`` when the user's ``NUMBA_CACHE_DIR`` or
    ``MJSIM_NUMBA_CACHE=per-file`` leaves numba's behaviour unchanged.

    Raises:
        ValueError: ``MJSIM_NUMBA_CACHE`` is set to something other than ``hashed`` or
            ``per-file``, or ``MJSIM_NUMBA_CPU`` to something other than ``auto``, ``host`` or
            ``generic``.
    """
    mode = os.environ.get(MODE_ENV, "hashed").strip().lower() or "hashed"
    if mode not in ("hashed", "per-file"):
        raise ValueError(f"{MODE_ENV}={mode!r}: expected 'hashed' (default) or 'per-file'")
    user_dir = os.environ.get("NUMBA_CACHE_DIR", "")
    if user_dir and user_dir != os.environ.get(AUTO_ENV):
        return None  # the user's choice
    if mode == "per-file":
        if user_dir:  # inherited from a parent mjsim process in hashed mode
            _set(None)
        return None
    try:
        host = cache_dir_for(version)
    except OSError as e:  # unreadable sources: keep numba's default rather than fail the import
        warnings.warn(f"mjsim: numba cache left at numba's default ({e})", stacklevel=2)
        return None
    generic = host.with_name(host.name + "-generic")
    cpu = choose_cpu(host, generic)
    path = generic if cpu == "generic" else host
    for cand in (path, Path(tempfile.gettempdir()) / "mjsim-cache" / "numba" / path.name):
        try:
            cand.mkdir(parents=True, exist_ok=True)
            os.utime(cand)  # "last used", for pruning
        except OSError:
            continue
        if cpu == "generic":
            shipped = shipped_cache(cand.name)
            if shipped is not None:
                adopt(shipped, cand)
        prune(cand.parent, cand, spare=[cand.with_name(d.name) for d in (host, generic)])
        _set_cpu(cpu)
        _set(cand)
        install_locator()
        return cand
    return None  # nothing writable: numba falls back to its own locations


def _locator_class():
    """numba's cache locator for mjsim's kernels (built lazily: numba is imported by then)."""
    from numba.core.caching import UserProvidedCacheLocator

    class ContentCacheLocator(UserProvidedCacheLocator):
        """Files a kernel of mjsim under ``<CACHE_DIR>/<its module's name>/`` instead of under
        a hash of its source directory's absolute path (numba's default), so the cache is keyed
        by content (the directory's source hash and numba's own content stamp of the file) and
        shared by every checkout or install of the same sources. Kernels of other packages and
        caches the user chose (``NUMBA_CACHE_DIR``) keep numba's locators."""

        def __init__(self, py_func, py_file):
            super().__init__(py_func, py_file)
            self._cache_path = os.path.join(str(CACHE_DIR), module_subpath(py_func.__module__))

        @classmethod
        def from_function(cls, py_func, py_file):
            module = getattr(py_func, "__module__", "") or ""
            if CACHE_DIR is None or not (module == "mjsim" or module.startswith("mjsim.")):
                return None
            return super().from_function(py_func, py_file)

    return ContentCacheLocator


def module_subpath(module: str) -> str:
    """The subdirectory of the cache directory holding the kernels of ``module``
    (``mjsim.engine.step`` -> ``mjsim.engine``: numba names each file after the source file's
    base name and the function, so one directory per package keeps the names unique)."""
    return module.rpartition(".")[0] or module


def install_locator() -> None:
    """Put :class:`ContentCacheLocator` first in numba's locator list and serialise numba's
    cache writes between processes (:func:`locked_save`); idempotent."""
    from numba.core import caching

    impl = getattr(caching, "CacheImpl", None) or caching._CacheImpl  # renamed in numba 0.61
    classes = impl._locator_classes
    if not any(getattr(c, "__name__", "") == "ContentCacheLocator" for c in classes):
        classes.insert(0, _locator_class())
    cls = caching.IndexDataCacheFile
    if not getattr(cls.save, "_mjsim_locked", False):
        cls.save = locked_save(cls.save)


#: the lock file, in each cache subdirectory, that serialises numba's index updates
SAVE_LOCK = ".mjsim-save.lock"


def locked_save(save):  # type: ignore[no-untyped-def]
    """numba's ``IndexDataCacheFile.save`` under an exclusive lock of its directory.

    numba saves a compiled function by reading the function's index, choosing a data file name
    not in it, writing the index, then the data. Two processes saving specialisations of one
    function at once (``mjsim compile`` compiles the engine for several scorers in parallel;
    test workers; Ray workers on one node) can both choose the same data file: one entry is
    lost, or, in the worst interleaving, the index names one signature's code and the file holds
    the other's. Holding ``fcntl.flock`` on :data:`SAVE_LOCK` in the directory around the whole
    read-modify-write makes each save see the previous one. Loading needs no lock (each file is
    replaced atomically). Without ``fcntl`` (Windows) saves are not locked."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        return save

    def save_locked(self, key, data):  # type: ignore[no-untyped-def]
        try:
            fd = os.open(os.path.join(self._cache_path, SAVE_LOCK), os.O_CREAT | os.O_RDWR, 0o644)
        except OSError:
            return save(self, key, data)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            return save(self, key, data)
        finally:
            os.close(fd)  # releases the lock

    save_locked._mjsim_locked = True  # type: ignore[attr-defined]
    return save_locked


def has_compiled(module: str, pattern: str) -> bool | None:
    """Whether the current cache directory already holds numba index files matching ``pattern``
    (a glob such as ``"selfplay._run_slice-*.nbi"``) for kernels of the module ``module``
    (``"mjsim.selfplay"``), i.e. whether that kernel will load instead of compiling; a cache
    filled by another checkout or install of the same sources counts. ``None`` when mjsim does
    not manage the directory (``NUMBA_CACHE_DIR`` set by the user, or
    ``MJSIM_NUMBA_CACHE=per-file``): then nothing is known."""
    if CACHE_DIR is None:
        return None
    try:
        return any(True for _ in CACHE_DIR.glob(f"{module_subpath(module)}/{pattern}"))
    except OSError:
        return None


def _set(path: Path | None) -> None:
    """Export ``path`` as numba's cache dir (env for numba's import and children; config if
    numba is already imported)."""
    global CACHE_DIR
    CACHE_DIR = path
    if path is None:
        os.environ.pop("NUMBA_CACHE_DIR", None)
        os.environ.pop(AUTO_ENV, None)
    else:
        os.environ["NUMBA_CACHE_DIR"] = str(path)
        os.environ[AUTO_ENV] = str(path)
    config = sys.modules.get("numba.core.config")
    if config is not None:
        config.CACHE_DIR = "" if path is None else str(path)
