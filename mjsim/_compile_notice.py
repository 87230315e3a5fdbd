"""Say so when a first use compiles, and keep Ctrl-C answering while it does.

The first call of a jitted entry point on sources this machine has not compiled yet (an empty
cache, or any edit of mjsim's compiled modules: ``mjsim/_cache.py``) compiles for seconds to
minutes. :func:`first_use` runs such a call (``work``) in a worker thread and watches numba's
``numba:compile`` events, which numba fires only when it compiles, never when it loads code from
its disk cache. At the first event it prints one line on stderr naming what compiles and that
it happens once::

    mjsim: compiling the self-play game loop and its in-kernel bots (first use of these sources
    on this machine; once, then cached in ~/.cache/mjsim/numba/0.1.0-...)

then, on a terminal, the elapsed time on one line updated every second, and at the end
``mjsim: compiled ... in 3 min 38 s`` (on a pipe or a log file only the first and last lines).
Nothing is printed when the code loads from the cache. ``quiet=True``, ``MJSIM_QUIET=1`` or the
command line's ``--quiet`` silence it (:func:`is_quiet`).

Python handles a signal only between bytecodes of the main thread, and a compile is long C
calls: a compile in the main thread could not answer Ctrl-C for minutes. Here the main thread
waits for the worker in short slices (:class:`Call`), so Ctrl-C raises
``KeyboardInterrupt`` at once ("stopping…"); the abandoned worker is a daemon thread that the
interpreter does not wait for (:func:`abandoned`; the ``mjsim`` command exits without it).
A key loaded once in a process is not watched again: later calls run ``work`` directly.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")

#: environment variable: a value other than ``""`` / ``0`` / ``false`` / ``no`` / ``off``
#: silences the compile notices
QUIET_ENV = "MJSIM_QUIET"
#: seconds the waiting thread blocks at a time (how soon it answers Ctrl-C)
SLICE = 0.1

_loaded: set[str] = set()  # keys whose first use finished in this process
_abandoned: list[Call] = []  # workers left running after an interrupt
_compiles = 0  # numba:compile events seen in first-use workers
_listening = False
_quiet: bool | None = None  # silenced() override
_local = threading.local()  # .inside: a first-use worker; .display: a Display override


def is_quiet(quiet: bool | None = None) -> bool:
    """Whether compile notices are silenced: ``quiet`` if given, else the innermost
    :func:`silenced` scope, else the environment variable ``MJSIM_QUIET``."""
    if quiet is not None:
        return bool(quiet)
    if _quiet is not None:
        return _quiet
    return os.environ.get(QUIET_ENV, "").strip().lower() not in ("", "0", "false", "no", "off")


@contextmanager
def silenced(quiet: bool = True) -> Iterator[None]:
    """Within the block, compile notices follow ``quiet`` (the command line's ``--quiet``)."""
    global _quiet
    before, _quiet = _quiet, bool(quiet)
    try:
        yield
    finally:
        _quiet = before


def loaded(key: str) -> bool:
    """Whether the first use ``key`` already finished in this process."""
    return key in _loaded


def abandoned() -> bool:
    """Whether a worker left running by an interrupt (a compile, a chunk of hands) is still
    running: the process should then exit without waiting for it (``os._exit``)."""
    return any(call.running for call in _abandoned)


def abandon(call: Call) -> None:
    """Record ``call`` as left running after an interrupt (see :func:`abandoned`)."""
    _abandoned.append(call)


def fmt_seconds(seconds: float) -> str:
    """``"4.2 s"``, ``"38 s"``, ``"3 min 38 s"``."""
    if seconds < 10:
        return f"{seconds:.1f} s"
    s = int(round(seconds))
    return f"{s} s" if s < 60 else f"{s // 60} min {s % 60:02d} s"


def cache_place() -> str:
    """Where compiled code is kept, for the notice."""
    from mjsim import _cache

    if _cache.CACHE_DIR is not None:
        path = str(_cache.CACHE_DIR)
        home = os.path.expanduser("~")
        return "~" + path[len(home) :] if home != "/" and path.startswith(home + os.sep) else path
    return os.environ.get("NUMBA_CACHE_DIR") or "numba's cache (__pycache__)"


class Display:
    """Where a notice goes: ``line`` prints a whole line, ``status`` shows the ticking elapsed
    time (stderr: one line rewritten with ``\\r``, only on a terminal). Subclasses route both
    elsewhere (``mjsim simulate``'s progress bar)."""

    def __init__(self) -> None:
        self._width = 0

    def line(self, text: str) -> None:
        self._clear()
        print(text, file=sys.stderr, flush=True)

    def status(self, text: str) -> None:
        if not _isatty(sys.stderr):
            return
        pad = " " * max(0, self._width - len(text))
        sys.stderr.write(f"\r{text}{pad}")
        sys.stderr.flush()
        self._width = len(text)

    def _clear(self) -> None:
        if self._width:
            sys.stderr.write("\r" + " " * self._width + "\r")
            self._width = 0


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


@contextmanager
def shown_by(display: Display) -> Iterator[None]:
    """Within the block (in this thread), notices go to ``display``."""
    before = getattr(_local, "display", None)
    _local.display = display
    try:
        yield
    finally:
        _local.display = before


class Call(threading.Thread):
    """``fn()`` in a daemon thread; :meth:`wait` returns its value or raises its exception,
    waiting in :data:`SLICE` second slices so that the waiting thread's Ctrl-C is handled at
    once (the ``KeyboardInterrupt`` leaves ``fn`` running).

    The slices wait on an event, not on ``Thread.join``: in Python 3.11 a ``join`` interrupted
    by Ctrl-C marks the still running thread as stopped (its ``is_alive()`` turns False)."""

    def __init__(self, fn: Callable[[], Any], name: str) -> None:
        super().__init__(name=name, daemon=True)
        self._fn = fn
        self._finished = threading.Event()
        self.value: Any = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.value = self._fn()
        except BaseException as e:  # handed to the waiting thread
            self.error = e
        finally:
            self._finished.set()

    @property
    def running(self) -> bool:
        """Started and not finished."""
        return self.ident is not None and not self._finished.is_set()

    def wait_slice(self) -> bool:
        """Wait at most :data:`SLICE` seconds; whether ``fn`` has finished."""
        return self._finished.wait(SLICE)

    def wait(self, tick: Callable[[], None] | None = None) -> Any:
        """Wait for ``fn``; ``tick()`` after every slice (and once at the end)."""
        while not self.wait_slice():
            if tick is not None:
                tick()
        if tick is not None:
            tick()
        if self.error is not None:
            err, self.error = self.error, None
            raise err
        return self.value


def _listen() -> None:
    """Count ``numba:compile`` events of first-use workers (registered once)."""
    global _listening
    if _listening:
        return
    from numba.core import event

    class _Counter(event.Listener):
        def on_start(self, ev: Any) -> None:
            global _compiles
            if getattr(_local, "inside", False):
                _compiles += 1

        def on_end(self, ev: Any) -> None:
            pass

    event.register("numba:compile", _Counter())
    _listening = True


def _inside(work: Callable[[], T]) -> T:
    _local.inside = True
    return work()


def first_use(key: str, what: str, work: Callable[[], T], *, quiet: bool | None = None) -> T:
    """``work()``, the first time ``key`` is used in this process: in a worker thread, with
    the compile notice (module docstring) if numba compiles meanwhile.

    Args:
        key: names the compiled code ``work`` loads (``"selfplay"``, ``"envs.aec"``...):
            once a call with this key finished, later ones run ``work`` directly.
        what: what compiles, for the notice (``"the self-play game loop"``).
        work: the first call of the jitted entry points (or :func:`compile_for` of them).
        quiet: silence the notice (default: :func:`is_quiet`).

    Returns:
        ``work()``'s value; its exception is raised here.

    Raises:
        KeyboardInterrupt: Ctrl-C (or the command line's SIGTERM) while waiting: raised at
            once, "stopping…" printed if the notice was; the compile goes on in its daemon
            thread (:func:`abandoned`) and nothing of it is cached.
    """
    if key in _loaded or getattr(_local, "inside", False):
        return work()  # loaded, or nested in a first use that shows the notice
    _listen()
    silent = is_quiet(quiet)
    display = getattr(_local, "display", None) or Display()
    seen = _compiles
    t0 = time.monotonic()
    state = {"shown": False, "second": -1}

    def tick() -> None:
        if silent:
            return
        elapsed = time.monotonic() - t0
        if not state["shown"] and _compiles != seen:
            state["shown"] = True
            display.line(
                f"mjsim: compiling {what} (first use of these sources on this machine; once, "
                f"then cached in {cache_place()})"
            )
        if state["shown"] and int(elapsed) != state["second"]:
            state["second"] = int(elapsed)
            display.status(f"mjsim: compiling... {fmt_seconds(elapsed)}")

    call = Call(lambda: _inside(work), name=f"mjsim first use: {key}")
    call.start()
    try:
        value = call.wait(tick)
    except KeyboardInterrupt:
        if call.running:
            abandon(call)
        if state["shown"]:
            took = fmt_seconds(time.monotonic() - t0)
            display.line(f"mjsim: stopping… (compile of {what} abandoned after {took})")
        raise
    except BaseException:
        if state["shown"]:
            display.line(f"mjsim: compiling {what} failed")
        raise
    if state["shown"]:
        display.line(f"mjsim: compiled {what} in {fmt_seconds(time.monotonic() - t0)}")
    _loaded.add(key)
    return value


def compile_for(dispatcher: Any, *args: Any) -> None:
    """Compile (or load from the cache) the jitted ``dispatcher`` for the types of ``args``
    without running it: the specialisation a later ``dispatcher(*args)`` uses (``args`` are
    typed as numba types a call's arguments, e.g. a Python ``int`` as ``int64``)."""
    from numba import typeof
    from numba.core.typing.typeof import Purpose

    dispatcher.compile(tuple(typeof(a, Purpose.argument) for a in args))
