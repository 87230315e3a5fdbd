"""Where numba keeps mjsim's compiled kernels: one directory per exact set of mjsim sources.

Numba's ``cache=True`` keys each function's on-disk cache on ITS OWN source file (path,
modification time, size). A caller in another module therefore keeps its stale compiled copy
of a callee after an upgrade or an edit of the callee's module: the caller's file did not
change, so numba loads the old machine code, with the old callee inlined (wrong results, not an
error). :func:`configure` closes that hole at the package boundary: unless the user chose a
cache directory, numba's cache directory becomes

    ``<mjsim cache>/numba/<mjsim version>-<hash of every .py file of mjsim, mjsim.envs and
    mjsim.agents>`` (plus ``-O<level>`` under a non-default ``NUMBA_OPT``)

where ``<mjsim cache>`` is ``$MJSIM_CACHE_DIR`` or else ``~/.cache/mjsim`` (the lookup-table
cache of :mod:`mjsim.kernels.tables` lives there too). Any change of any source file gives a
new, empty directory (one cold compile, minutes), so no compiled code built from other sources
can ever be loaded. Older hash directories are pruned: the :data:`KEEP` most recently used
stay, and so does any used within :data:`GRACE` seconds.

Switches (environment variables, read when ``mjsim`` is first imported):

- ``NUMBA_CACHE_DIR`` set by the user: it is respected unchanged (numba's own behaviour).
- ``MJSIM_NUMBA_CACHE=per-file``: numba's default per-file ``__pycache__`` caching (no hashing,
  no pruning; for developers iterating on one kernel, who accept the stale-callee risk).
- ``MJSIM_NUMBA_LINK_ONLY=1``: opt-in link-only callees (:func:`mjsim._jit.link_only_callees`;
  half the cold compile, experimental; the directory name gets ``-linkonly``). By default numba
  generates code eagerly for every specialisation.

The chosen directory is also exported as ``NUMBA_CACHE_DIR`` so that subprocesses and Ray
workers share it; ``MJSIM_NUMBA_CACHE_AUTO`` records that mjsim (not the user) set it, so a
child process with other sources still computes its own directory.
"""

from __future__ import annotations

import hashlib
import os
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


def link_only_enabled() -> bool:
    """Whether callees called only from jitted code are compiled to LLVM IR for linking, without
    machine code of their own (:func:`mjsim._jit.link_only_callees`). OFF unless
    ``MJSIM_NUMBA_LINK_ONLY=1``: it halves a cold compile. The session-6 CI run of the full
    suite with it crashed (segmentation fault in numba's run-time linker, mutual recursion in the
    tests' brute force); session 7 found and fixed the cause (docs/engine.md "Compile time
    (session 7)"), and it stays opt-in until a full cold-cache suite run with it passes. Such
    callees are cached as bitcode, so the two modes use different cache directories."""
    return os.environ.get(LINK_ONLY_ENV, "0").strip().lower() in ("1", "true", "yes", "on")


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


def source_hash(roots: Iterable[Path]) -> str:
    """Hex digest (:data:`HASH_CHARS` characters) of every ``*.py`` file below ``roots``.

    The digest covers each file's path relative to its root and its bytes, in sorted order, so
    it changes with any edit, addition, removal or rename and never with modification times."""
    h = hashlib.blake2b(digest_size=16)
    for i, root in enumerate(roots):
        root = Path(root)
        files = sorted(
            p for p in root.rglob("*.py") if "__pycache__" not in p.relative_to(root).parts
        )
        for p in files:
            rel = p.relative_to(root).as_posix()
            h.update(f"{i}:{rel}\0".encode())
            h.update(p.read_bytes())
            h.update(b"\0")
    return h.hexdigest()[:HASH_CHARS]


def base_dir() -> Path:
    """``$MJSIM_CACHE_DIR`` if set, else ``~/.cache/mjsim`` (as :mod:`mjsim.kernels.tables`)."""
    env = os.environ.get("MJSIM_CACHE_DIR")
    return Path(env) if env else Path.home() / ".cache" / "mjsim"


def prune(parent: Path, current: Path, keep: int = KEEP, grace: float = GRACE) -> list[Path]:
    """Delete old hash directories in ``parent``: all but the ``keep`` most recently used
    ones (``current`` always counts as kept), sparing any used within the last ``grace`` seconds.

    The grace period protects concurrent users of other sources (several checkouts or
    environments on one machine would otherwise delete each other's fresh caches on every
    import). Returns the deleted directories. Errors are ignored: pruning only saves disk."""
    try:
        dirs = [d for d in parent.iterdir() if d.is_dir() and d != current]
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


def cache_dir_for(version: str, roots: Iterable[Path] | None = None) -> Path:
    """The hashed directory for these sources: ``<base_dir()>/numba/<version>-<hash>``.

    A non-default ``NUMBA_OPT`` adds ``-O<level>``: numba's cache index does not record the
    optimisation level, so code compiled at another level must not share the directory.
    Opt-in link-only mode (``MJSIM_NUMBA_LINK_ONLY=1``, :func:`link_only_enabled`) adds
    ``-linkonly``: its cache holds callees as bitcode."""
    digest = source_hash(source_roots() if roots is None else roots)
    opt = "".join(ch for ch in os.environ.get("NUMBA_OPT", "") if ch.isalnum())
    suffix = f"-O{opt}" if opt and opt != "3" else ""
    if link_only_enabled():
        suffix += "-linkonly"  # the cache of link-only mode holds callees as bitcode
    return base_dir() / "numba" / f"{version}-{digest}{suffix}"


def configure(version: str) -> Path | None:
    """Point numba's cache at the hashed directory (see the module docstring).

    Must run before any mjsim kernel is decorated (``mjsim/__init__.py`` calls it first).
    Returns the directory, or ``None`` when the user's ``NUMBA_CACHE_DIR`` or
    ``MJSIM_NUMBA_CACHE=per-file`` leaves numba's behaviour unchanged.

    Raises:
        ValueError: ``MJSIM_NUMBA_CACHE`` is set to something other than ``hashed`` or
            ``per-file``.
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
        path = cache_dir_for(version)
    except OSError as e:  # unreadable sources: keep numba's default rather than fail the import
        warnings.warn(f"mjsim: numba cache left at numba's default ({e})", stacklevel=2)
        return None
    for cand in (path, Path(tempfile.gettempdir()) / "mjsim-cache" / "numba" / path.name):
        try:
            cand.mkdir(parents=True, exist_ok=True)
            os.utime(cand)  # "last used", for pruning
        except OSError:
            continue
        prune(cand.parent, cand)
        _set(cand)
        return cand
    return None  # nothing writable: numba falls back to its own locations


def has_compiled(py_file: str | Path, pattern: str) -> bool | None:
    """Whether the current cache directory already holds numba index files matching ``pattern``
    (a glob such as ``"selfplay._run_slice-*.nbi"``) for kernels of the source file ``py_file``,
    i.e. whether that kernel will load instead of compiling. Numba keeps each source directory's
    kernels in a subdirectory named after that directory's absolute path, so a cache filled by
    another checkout of the same sources does not count. ``None`` when mjsim does not manage the
    directory (``NUMBA_CACHE_DIR`` set by the user, or ``MJSIM_NUMBA_CACHE=per-file``): then
    nothing is known."""
    if CACHE_DIR is None:
        return None
    try:
        from numba.core.caching import _CacheLocator

        sub = _CacheLocator.get_suitable_cache_subpath(str(py_file))
    except (ImportError, AttributeError):  # numba moved it: any source directory
        sub = "*"
    try:
        return any(True for _ in CACHE_DIR.glob(f"{sub}/{pattern}"))
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
