"""Fast checks of the benchmark helpers in benchmarks/common.py (no peer install, no timing claims)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCH))

import common  # noqa: E402
from common import Row, Stat  # noqa: E402


def test_stat_of_median_min_max():
    s = Stat.of([3.0, 1.0, 2.0, 10.0])
    assert (s.median, s.min, s.max, s.n) == (2.5, 1.0, 10.0, 4)
    assert s.samples == (3.0, 1.0, 2.0, 10.0)
    with pytest.raises(ValueError, match="at least one"):
        Stat.of([])
    with pytest.raises(ValueError, match="non-finite"):
        Stat.of([1.0, float("nan")])


def test_row_ratio_means_mjsim_better_above_one():
    fast, slow = Stat.of([200.0]), Stat.of([50.0])
    assert Row("a", "c", "hands/s", mjsim=fast, peer="p", peer_stat=slow).ratio == 4.0
    # times / memory: lower is better, ratio is peer/mjsim
    r = Row("a", "c", "s", mjsim=Stat.of([0.5]), peer_stat=Stat.of([2.0]), higher_is_better=False)
    assert r.ratio == 4.0
    assert Row("a", "c", "hands/s", mjsim=fast).ratio is None
    assert Row("a", "c", "hands/s", mjsim=fast, peer_stat=Stat.of([0.0])).ratio is None
    assert Row("a", "c", "u", mjsim=fast, peer_stat=slow).to_dict()["ratio"] == 4.0


def test_interleave_alternates_and_warms_up():
    calls: list[str] = []

    def make(name: str, value: float):
        def fn() -> float:
            calls.append(name)
            return value

        return fn

    out = common.interleave({"A": make("A", 1.0), "B": make("B", 2.0)}, repeats=3)
    assert calls == ["A", "B"] * 4  # one warm-up round, then A B A B A B
    assert out["A"].median == 1.0 and out["A"].n == 3
    assert out["B"].median == 2.0
    with pytest.raises(RuntimeError, match="'bad'"):
        common.interleave({"bad": lambda: 1 / 0}, repeats=1, warmup=False)
    with pytest.raises(ValueError):
        common.interleave({"A": make("A", 1.0)}, repeats=0)


def test_measure_rate_counts_units_over_time():
    rate = common.measure_rate(lambda: 1000, min_seconds=0.01)
    assert rate > 1000  # 1000 units take far less than a second


def test_machine_info_fields():
    info = common.machine_info()
    for key in ("cpu", "logical_cores", "mem_gib", "python", "numpy", "numba", "utc"):
        assert key in info
    assert info["logical_cores"] >= 1
    text = common.machine_markdown(info)
    assert text.startswith("- Machine: ") and "Python" in text


def test_peak_rss_self_and_child():
    assert common.peak_rss_bytes() > 1 << 20
    # a child that touches ~120 MiB must report at least that much, the parent's RSS aside
    code = "b = bytearray(120 * 2**20); b[::4096] = b'x' * len(b[::4096]); print('{\"ok\": 1}')"
    res = common.run_subprocess([sys.executable, "-c", code], timeout=60)
    assert res.returncode == 0 and res.last_json() == {"ok": 1}
    assert res.peak_rss >= 120 * 2**20
    spin = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.3: pass"
    busy = common.run_subprocess([sys.executable, "-c", spin], timeout=60)
    assert 0.3 <= busy.cpu_seconds <= busy.seconds + 0.05  # the command's own CPU time
    small = common.run_subprocess([sys.executable, "-c", "pass"], timeout=60)
    assert small.peak_rss < res.peak_rss
    # the caller's own size must not leak into the child's figure (fork + exec high-water mark)
    ballast = bytearray(200 * 2**20)
    ballast[::4096] = b"x" * len(ballast[::4096])
    assert common.peak_rss_bytes() > 200 * 2**20
    small2 = common.run_subprocess([sys.executable, "-c", "pass"], timeout=60)
    assert small2.peak_rss < 60 * 2**20
    del ballast
    fail = common.run_subprocess([sys.executable, "-c", "import sys; sys.exit(3)"], timeout=60)
    assert fail.returncode == 3
    with pytest.raises(ValueError, match="no JSON"):
        small.last_json()
    with pytest.raises(TimeoutError):
        common.run_subprocess([sys.executable, "-c", "import time; time.sleep(5)"], timeout=0.3)


def test_formatting():
    assert common.format_rate(1234567.0) == "1.23M"
    assert common.format_rate(680.4) == "680"
    assert common.format_rate(None) == "-"
    assert common.format_bytes(3 * 2**20) == "3 MiB"
    rows = [
        Row(
            "selfplay",
            "hebei, 1 thread",
            "hands/s",
            mjsim=Stat.of([2e4, 3e4, 2.5e4]),
            peer="riichienv 0.4.11",
            peer_stat=Stat.of([680.0, 700.0, 650.0]),
        ),
        Row("envs", "benchmarks/envs.py", "-", status="missing", note="not written yet"),
    ]
    md = common.rows_markdown(rows)
    assert "| selfplay | hebei, 1 thread | hands/s | 25k (20k-30k) | riichienv 0.4.11 |" in md
    assert "36.8x" in md  # 25000 / 680
    assert "[missing] not written yet" in md
    assert "riichienv" in common.rows_text(rows)


def test_write_block_preserves_other_sections(tmp_path):
    p = tmp_path / "RESULTS.md"
    p.write_text("# Results\n\n## Kernels\n\nk figures\n\n## Self-play\n\ns figures\n")
    common.write_block("run_all", "first", p)
    common.write_block("run_all-peers", "peers v1", p, after="run_all")
    common.write_block("run_all", "second", p)
    common.write_block("run_all-peers", "peers v2", p, after="run_all")
    text = p.read_text()
    assert text.startswith("# Results\n\n## Kernels\n\nk figures\n\n## Self-play\n\ns figures\n")
    assert "first" not in text and "peers v1" not in text
    assert text.index("second") < text.index("peers v2")
    assert text.count("<!-- run_all:begin -->") == 1
    with pytest.raises(ValueError):
        common.write_block("bad name", "x", p)


def test_write_heading_section_replaces_only_its_section(tmp_path):
    p = tmp_path / "RESULTS.md"
    p.write_text("# R\n\n## Kernels\n\nold\n\n### detail\n\nold too\n\n## Self-play\n\nkeep\n")
    common.write_block("run_all", "block", p)
    common.write_heading_section("## Kernels", "new", p)
    common.write_heading_section("## Scoring (guobiao)", "added", p)
    text = p.read_text()
    assert "old" not in text and "new" in text and "keep" in text and "block" in text
    assert text.index("## Kernels") < text.index("## Self-play")
    assert text.rstrip().endswith("added")
    # a section directly before a run_all block stops at the block's marker
    common.write_heading_section("## Self-play", "replaced", p)
    assert "<!-- run_all:begin -->\nblock\n<!-- run_all:end -->" in p.read_text()
    with pytest.raises(ValueError):
        common.write_heading_section("Kernels", "x", p)


@settings(max_examples=40, deadline=None)
@given(
    before=st.text(st.characters(codec="utf-8", exclude_characters="<"), max_size=200),
    after=st.text(st.characters(codec="utf-8", exclude_characters="<"), max_size=200),
    body=st.text(st.characters(codec="utf-8", exclude_characters="<\r"), max_size=100),
)
def test_write_block_property(tmp_path_factory, before, after, body):
    p = tmp_path_factory.mktemp("res") / "RESULTS.md"
    block = "<!-- run_all:begin -->\nold\n<!-- run_all:end -->"
    p.write_text(before + block + after, newline="")
    common.write_block("run_all", body, p)
    text = p.read_bytes().decode()
    new_block = f"<!-- run_all:begin -->\n{body.rstrip()}\n<!-- run_all:end -->"
    assert text == before + new_block + after


def test_peers_requirements_parse():
    import peers

    reqs = peers.requirement_lines()
    names = {peers._dist_name(r) for r in reqs}
    assert {"riichienv", "pymahjong", "rlcard", "mahjax", "jax", "mahjong", "pymahjonggb"} <= names
    assert all("==" in r for r in reqs)  # every peer pinned
    assert peers._dist_name("jax[cpu]==0.4.30") == "jax"
    ok, why = peers.peer_available("riichienv", status={})
    assert not ok and "riichienv" in why
    ok, why = peers.peer_available(
        "rlcard_aec", status={"rlcard==1.2.0": "ok", "pettingzoo==1.27.0": "failed: x"}
    )
    assert not ok and "pettingzoo" in why
    with pytest.raises(ValueError, match="unknown peer"):
        peers.run_peer_once("nope")


def test_vector_env_bytes_per_table_snippet(capsys):
    """run_all's memory area: bytes of state per table of the vector env (no compile, no step):
    the engine state arrays alone are a lower bound, and the parts add up."""
    import json as _json

    import numpy as np
    import run_all

    from mjsim.engine.state import new_state

    exec("import json\n" + run_all._VECTOR_SNIPPET.format(n=4, variant="hebei"), {})
    out = _json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    state_per_table = sum(a.nbytes for a in new_state(1, rec_cap=0))
    assert out["bytes_per_table"] >= state_per_table > 0
    assert np.isclose(sum(out["parts"].values()) / 4, out["bytes_per_table"], rtol=0.01)


def test_profile_names_and_elf_symbols() -> None:
    """benchmarks/profile_selfplay.py: numba's mangled names shorten to ``module.function``, and
    the ELF reader finds the function symbols (and their sizes) of an object llvmlite emits."""
    import llvmlite.binding as llvm
    import profile_selfplay as ps

    mangled = "_ZN5mjsim6engine4core10legal_maskB3v12B40c8tJTIeFIjxB2IKSgI4CrvEx5Arrayb"
    assert ps.short_name(mangled) == "core.legal_mask"
    assert ps.short_name("_ZN6agents6greedy13_best_discardB2v9B4xxxxE") == "greedy._best_discard"
    assert ps.short_name("NRT_incref") == "NRT_incref"
    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    mod = llvm.parse_assembly(
        "define i64 @f(i64 %x) {\n  %y = add i64 %x, 1\n  ret i64 %y\n}\n"
        "define i64 @g(i64 %x) {\n  %y = mul i64 %x, 3\n  ret i64 %y\n}\n"
    )
    tm = llvm.Target.from_default_triple().create_target_machine(codemodel="default")
    if tm.triple.split("-")[0] != "x86_64" and "aarch64" not in tm.triple:
        pytest.skip("64-bit target only")
    syms = ps.elf_functions(tm.emit_object(mod))
    assert set(syms) == {"f", "g"} and all(size > 0 for size in syms.values())


def test_first_use_targets_are_the_packages_entry_points():
    """``compile_time.py --first-use`` runs the first use that ``mjsim compile`` runs
    (``python -m mjsim.precompile TARGET``), besides the README's main job and mjsim compile."""
    import compile_time

    args, label = compile_time.first_use_command("aec")
    assert args == ["-m", "mjsim.precompile", "aec"] and "AEC" in label
    assert compile_time.first_use_command("score")[0][-1] == "score:sichuan"
    assert compile_time.first_use_command("compile")[0] == ["-m", "mjsim.cli", "compile"]
    for name in compile_time.ALL_TARGETS:
        compile_time.first_use_command(name)
    with pytest.raises(SystemExit, match="unknown compile target 'gym-greedy'.*main-job"):
        compile_time.first_use_command("gym-greedy")
    row = compile_time._row_text("game", 12.34, 56.7, 300 * 2**20, 0, "Game: 40 s")
    assert row.split() == ["game", "12.3", "56.7", "300", "0", "Game:", "40", "s"]


def test_step_api_rows_pair_each_mjsim_loop_with_each_peer(monkeypatch):
    """run_all's riichi area: the per-step API rows interleave mjsim's loops with the peer
    sessions (one warm-up round, then ``repeats`` samples each), one Row per (loop, peer), ratio
    mjsim/peer in steps/s; a peer that fails to start is reported by name, never skipped."""
    import peers
    import run_all

    calls: list[str] = []

    class FakeSession:
        def __init__(self, measure_id: str, config=None, timeout: float = 0.0) -> None:
            self.measure_id = measure_id
            self.header = {"version": "9.9"}

        def __enter__(self):
            if self.measure_id == "riichienv_obs":
                raise RuntimeError("riichienv not installed")
            return self

        def measure(self, seconds: float) -> dict:
            calls.append(self.measure_id)
            return {
                "steps/s": 1000.0,
                "decisions/s": 1100.0,
                "decisions/step": 1.1,
                "hands/s": 9.0,
                "cpu_share": 0.5,
            }

        def close(self) -> None:
            pass

    def loop(name: str, rate: float):
        def fn(seconds: float) -> dict:
            calls.append(name)
            return {"steps/s": rate, "hands/s": rate / 100}

        return fn

    monkeypatch.setattr(peers, "PeerSession", FakeSession)
    rows = run_all.step_api_rows(
        "riichi", 2, 0.01, mjsim_loops={"aec": loop("aec", 4000.0), "gym": loop("gym", 2500.0)}
    )
    assert calls == ["aec", "gym", "riichienv"] * 3  # warm-up round + 2 repeats, interleaved
    by = {(r.extra["mjsim_loop"], r.extra["peer_id"]): r for r in rows}
    assert set(by) == {(m, p) for m in ("aec", "gym") for p in run_all.STEP_PEERS}
    assert by["aec", "riichienv"].ratio == 4.0 and by["gym", "riichienv"].ratio == 2.5
    assert by["aec", "riichienv"].peer == "riichienv 9.9"
    assert "1.10 per step" in by["aec", "riichienv"].note
    assert "/ peer 0.50" in by["aec", "riichienv"].note  # the worker's own CPU share
    failed = by["aec", "riichienv_obs"]
    assert failed.status == "peer failed" and "not installed" in failed.note
    assert failed.peer_stat is None and failed.ratio is None
    assert all(r.area == "riichi" and r.unit == "steps/s" for r in rows)


def test_riichi_area_peers_are_known_and_say_their_red_fives():
    """Every Riichi peer the riichi area runs is a peer measure the worker knows, and states
    what it deals (red fives on both sides is the point of the comparison)."""
    import peers
    import run_all

    sys.path.insert(0, str(BENCH / "peers"))
    import worker

    for pid in (*run_all.RIICHI_PEERS, *run_all.STEP_PEERS):
        assert pid in peers.PEERS and pid in worker.MEASURES
    assert set(run_all.RED_FIVES) == set(run_all.RIICHI_PEERS)
    assert worker.MEASURES["mahjax"][1]["env_id"] == "red_mahjong"
    assert "riichi" in run_all.ALL_AREAS and "riichi" in run_all.PEER_AREAS


def test_aec_budget_kernel_hand_plays_the_envs_hand():
    """benchmarks/aec_budget.py's "kernel" loops play the same hands as the AEC env's loop: a
    hand through the compiled step entry alone takes as many steps as the same seed's hand
    through ``last()`` / ``step()`` with the same (first legal) choices, and leaves the same
    scores."""
    import aec_budget
    from mjsim.envs import mahjong_v0

    from mjsim.engine.state import PV_SCORE

    def first(mask):
        return int(mask.argmax())

    for seed in (0, 7, 123):
        env = mahjong_v0.env(variant="riichi")
        env.reset(seed=seed)
        n = 0
        for _agent in env.agent_iter():
            obs, _r, term, trunc, _i = env.last()
            if term or trunc:
                env.step(None)
                continue
            n += 1
            env.step(first(obs["action_mask"]))
        scores = env.unwrapped.state_arrays.pv[0, :4, PV_SCORE].tolist()
        fast = mahjong_v0.env(variant="riichi")
        assert aec_budget.kernel_hand(fast, seed, first) == n
        assert fast.unwrapped.state_arrays.pv[0, :4, PV_SCORE].tolist() == scores
