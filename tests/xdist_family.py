"""xdist scheduling that keeps both workers busy while one of them compiles a family.

Almost all of a cold run is numba compiling the entry points of a few compile families
(``conftest.compile_family``); a worker compiles a family's entry points before its first test
of that family, under a file lock (``conftest._warm``). xdist's ``--dist load`` knows nothing of
this. It sends each worker a chunk of about an eighth of the suite at the start and refills in
chunks, so (session-7 measurement, cold cache) the worker that began with the self-play compile
held 138 quick kernel tests behind it while the other worker ran out of those, was handed a
self-play test and waited on the lock for the rest of the engine compile, idle.

``FamilyScheduling`` is ``--dist load`` with two changes:

* tests go out one at a time (each worker holds the test it runs plus one: ``maxschedchunk`` 1
  unless given), so no worker keeps work queued behind a long compile;
* a worker is not handed a test whose family (or a family it must wait for,
  ``prerequisites``) another worker is still compiling: it gets the first pending test that it
  can start at once (collection order otherwise), and waits on the lock only when no such test
  is left. A family counts as compiled when its first test (the one that ran the warm-up)
  completes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from xdist.scheduler import LoadScheduling


class FamilyScheduling(LoadScheduling):
    """``--dist load`` that steers workers away from families another worker is compiling.

    ``family(path)`` gives a test file's compile family (``None``: no family); ``prerequisites
    (family)`` the families whose warm-up that family's warm-up waits for first."""

    def __init__(
        self,
        config,
        log=None,
        *,
        family: Callable[[str], str | None],
        prerequisites: Callable[[str], tuple[str, ...]],
    ) -> None:
        super().__init__(config, log)
        if self.maxschedchunk is None:
            self.maxschedchunk = 1
        self._family_of_path = family
        self._prerequisites = prerequisites
        self._families: list[str | None] | None = None
        self._owner: dict[str, object] = {}  # family -> the node compiling it
        self._first: dict[int, str] = {}  # item index of each family's first test -> family
        self._compiled: set[str] = set()

    def _family(self, index: int) -> str | None:
        if self._families is None:
            root = Path(str(self.config.rootpath))
            by_path: dict[str, str | None] = {}
            fams = []
            for nodeid in self.collection:
                path = nodeid.split("::", 1)[0]
                if path not in by_path:
                    by_path[path] = self._family_of_path(str(root / path))
                fams.append(by_path[path])
            self._families = fams
        return self._families[index]

    def _blocked(self, node, index: int) -> bool:
        fam = self._family(index)
        if fam is None:
            return False
        for f in (*self._prerequisites(fam), fam):
            owner = self._owner.get(f)
            if owner is not None and owner is not node and f not in self._compiled:
                return True
        return False

    def _send_tests(self, node, num: int) -> None:
        chosen = []
        for _ in range(num):
            if not self.pending:
                break
            pick = next(
                (i for i, idx in enumerate(self.pending) if not self._blocked(node, idx)), 0
            )
            idx = self.pending.pop(pick)
            fam = self._family(idx)
            if fam is not None and fam not in self._owner:
                self._owner[fam] = node
                self._first[idx] = fam
            chosen.append(idx)
        if chosen:
            self.node2pending[node].extend(chosen)
            node.send_runtest_some(chosen)

    def mark_test_complete(self, node, item_index: int, duration: float = 0) -> None:
        if item_index in self._first:
            self._compiled.add(self._first[item_index])
        super().mark_test_complete(node, item_index, duration)

    def remove_node(self, node):
        # a crashed worker's unfinished compiles are nobody's: the next worker to get one does it
        for fam, owner in list(self._owner.items()):
            if owner is node and fam not in self._compiled:
                del self._owner[fam]
                self._first = {i: f for i, f in self._first.items() if f != fam}
        return super().remove_node(node)
