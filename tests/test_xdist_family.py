"""The test-run scheduler (``tests/xdist_family.py``): while one worker compiles a family, the
other is handed only tests it can start at once; every test is sent exactly once."""

from __future__ import annotations

from pathlib import Path

from xdist_family import FamilyScheduling

FAMILY = {"tests/test_e.py": "E", "tests/test_f.py": "F"}  # the rest: no family


class _Config:
    rootpath = Path("/r")

    def getvalue(self, name):
        return {"tx": ["2*popen"]}[name]

    def getoption(self, name):
        return {"maxschedchunk": None}[name]


class _Node:
    def __init__(self, name):
        self.name, self.sent, self.shutting_down = name, [], False
        self.gateway = type("Gateway", (), {"id": name})()

    def send_runtest_some(self, indices):
        self.sent.extend(indices)

    def shutdown(self):
        self.shutting_down = True


def _family(path: str) -> str | None:
    return FAMILY.get(str(Path(path).relative_to("/r")))


def _sched(prerequisites=lambda fam: ()):
    coll = ["tests/test_e.py::t0"]  # the head: worker a compiles family E first
    coll += [f"tests/test_k.py::t{i}" for i in range(6)]
    coll += [f"tests/test_e.py::t{i}" for i in range(1, 5)]
    coll += [f"tests/test_f.py::t{i}" for i in range(4)]
    s = FamilyScheduling(_Config(), family=_family, prerequisites=prerequisites)
    a, b = _Node("a"), _Node("b")
    for n in (a, b):
        s.add_node(n)
        s.add_node_collection(n, coll)
    s.schedule()
    return s, a, b, coll


def _run_b_while_a_compiles(s, a, b):
    """Worker b finishes tests one after the other while a is in its first test."""
    done = 0
    while len(s.node2pending[b]) > 0 and done < 50:
        s.mark_test_complete(b, s.node2pending[b][0])
        done += 1


def test_other_worker_skips_the_family_being_compiled():
    s, a, b, coll = _sched()
    assert a.sent[0] == 0 and len(a.sent) == 2  # one test at a time (plus one queued)
    _run_b_while_a_compiles(s, a, b)
    fams = [_family(f"/r/{coll[i].split('::')[0]}") for i in b.sent]
    # b ran the no-family tests and compiled family F itself, never waiting for a's compile
    assert b.sent[:6] == [2, 3, 4, 5, 6, 11]
    assert "E" not in fams[: fams.index("F") + 4] and fams.count("F") == 4
    # once a's compile is done, family E goes to either worker
    s.mark_test_complete(a, 0)
    while s.has_pending:
        for n in (a, b):
            if s.node2pending[n]:
                s.mark_test_complete(n, s.node2pending[n][0])
    assert sorted(a.sent + b.sent) == list(range(len(coll)))


def test_prerequisite_blocks_every_dependent_family():
    s, a, b, coll = _sched(prerequisites=lambda fam: ("E",) if fam != "E" else ())
    _run_b_while_a_compiles(s, a, b)
    # F waits for E: b gets the no-family tests, then (nothing else can start at once) the first
    # pending test (E's, it will wait on the lock), not F's first as without the prerequisite
    assert b.sent[:6] == [2, 3, 4, 5, 6, 7]
    assert sorted(a.sent + b.sent + s.pending) == list(range(len(coll)))
