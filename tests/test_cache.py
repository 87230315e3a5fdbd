"""Numba cache safety (mjsim._cache): one cache directory per exact set of mjsim sources.

The bug it prevents: numba's ``cache=True`` keys a function's cache on its own file only, so a
caller kept a stale compiled callee after the callee's module changed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numba
import pytest

import mjsim
from mjsim import _cache

ENV_KEYS = (
    "NUMBA_CACHE_DIR",
    _cache.AUTO_ENV,
    _cache.MODE_ENV,
    "MJSIM_CACHE_DIR",
    "NUMBA_OPT",
    _cache.LINK_ONLY_ENV,
    "NUMBA_CPU_NAME",
    "NUMBA_CPU_FEATURES",
    _cache.CPU_ENV,
    _cache.CPU_AUTO_ENV,
)


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    """No user cache settings; the environment, numba's config and the module state restored
    afterwards (configure exports variables that were not set before)."""
    for k in ENV_KEYS:
        monkeypatch.setenv(k, "")  # recorded (as unset) so that monkeypatch removes it again
        monkeypatch.delenv(k)
    monkeypatch.setenv("MJSIM_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(numba.core.config, "CACHE_DIR", numba.core.config.CACHE_DIR)
    monkeypatch.setattr(_cache, "CACHE_DIR", _cache.CACHE_DIR)
    monkeypatch.setattr(_cache, "CPU", _cache.CPU)
    monkeypatch.setattr(_cache, "SHIPPED", tmp_path / "shipped")
    for name in ("CPU_NAME", "CPU_FEATURES"):
        monkeypatch.setattr(numba.core.config, name, getattr(numba.core.config, name))
    return tmp_path


def copy_package(dst: Path) -> list[Path]:
    """A copy of the installed sources in the editable layout (mjsim/, envs/, agents/)."""
    roots = _cache.source_roots()
    ignore = shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc", "*.pyc")
    out = []
    for i, r in enumerate(roots):
        name = "mjsim" if i == 0 else r.name
        shutil.copytree(r, dst / name, ignore=ignore)
        out.append(dst / name)
    return out


def test_source_roots_cover_envs_and_agents():
    roots = _cache.source_roots()
    names = {p.name for r in roots for p in r.rglob("*.py")}
    assert {"__init__.py", "selfplay.py", "_cache.py"} <= names
    for sub in ("mjsim.envs", "mjsim.agents"):
        mod = __import__(sub, fromlist=["x"])
        here = Path(mod.__file__).resolve().parent
        assert any(here == r or r in here.parents for r in roots), sub


def test_hash_changes_with_any_source_edit_only(tmp_path):
    roots = copy_package(tmp_path)
    h0 = _cache.source_hash(roots)
    assert len(h0) == _cache.HASH_CHARS and h0 == _cache.source_hash(roots)
    # compiled artefacts and modification times do not count
    (roots[0] / "__pycache__").mkdir(exist_ok=True)
    (roots[0] / "__pycache__" / "x.py").write_text("junk")
    os.utime(roots[0] / "tiles.py", (0, 0))
    assert _cache.source_hash(roots) == h0
    # an edit in a callee module (the stale-callee case), in envs/, a new jitted module, a
    # module of constants that jitted code imports: all change it
    seen = {h0}
    for path, text in [
        (roots[0] / "engine" / "step.py", "\n# edited\n"),
        (roots[1] / "__init__.py", "\n# edited\n"),
        (roots[0] / "kernels" / "new_module.py", "import numba\nX = 1\n"),
        (roots[0] / "rules" / "params.py", "\n# edited\n"),
    ]:
        with open(path, "a") as f:
            f.write(text)
        h = _cache.source_hash(roots)
        assert h not in seen
        seen.add(h)
    # plain-Python modules that no compiled code reaches keep the compiled cache
    for name in ("cli.py", "study.py", "arena.py", "stats.py"):
        with open(roots[0] / name, "a") as f:
            f.write("\n# edited\n")
        assert _cache.source_hash(roots) == h


def test_compiled_closure_follows_imports_and_lazy_tables():
    files = _cache.module_files(_cache.source_roots())
    closure = set(_cache.compiled_closure(files))
    # jitted modules, what they import (constants are baked into machine code), packages
    assert {"mjsim.engine.step", "mjsim.rules.params", "mjsim.kernels", "mjsim"} <= closure
    assert {"mjsim.envs.kernels", "mjsim.agents.greedy"} <= closure
    # modules named only in a lazy import table (strings) count as imported
    assert "mjsim.kernels.standard" in closure
    assert not {"mjsim.cli", "mjsim.study", "mjsim.arena", "mjsim.precompile"} & closure


def test_presentation_code_is_outside_the_closure():
    # the viewer is named by Game._repr_html_ and the envs' render, yet editing it keeps the
    # compiled cache; none of it may import numba (compiled code never calls it)
    files = _cache.module_files(_cache.source_roots())
    view = {name for name in files if name == "mjsim.view" or name.startswith("mjsim.view.")}
    assert {"mjsim.view.html", "mjsim.view.model", "mjsim.view.play"} <= view
    assert not view & set(_cache.compiled_closure(files))
    for name in view:
        assert not _cache._NUMBA.search(files[name].read_text(encoding="utf-8")), name
    game = files["mjsim.engine.game"].read_text(encoding="utf-8")
    assert "mjsim.view" in game  # named inside the closure, not followed


def test_hash_is_the_same_in_the_wheel_layout(tmp_path):
    """envs/ and agents/ beside mjsim/ (editable) or inside it (wheel): same modules, same
    hash, hence one compiled cache for both."""
    editable = copy_package(tmp_path / "editable")
    wheel = tmp_path / "wheel" / "mjsim"
    shutil.copytree(editable[0], wheel)
    for r in editable[1:]:
        shutil.copytree(r, wheel / r.name)
    assert set(_cache.module_files([wheel])) == set(_cache.module_files(editable))
    assert _cache.source_hash([wheel]) == _cache.source_hash(editable)


def test_configure_picks_hashed_dir_and_exports_it(clean_env, monkeypatch):
    d = _cache.configure(mjsim.__version__)
    assert d == _cache.cache_dir_for(mjsim.__version__) and d.is_dir()
    assert d.parent == clean_env / "cache" / "numba"
    assert d.name == f"{mjsim.__version__}-{_cache.source_hash(_cache.source_roots())}"
    assert os.environ["NUMBA_CACHE_DIR"] == str(d) == os.environ[_cache.AUTO_ENV]
    assert numba.core.config.CACHE_DIR == str(d)
    # a child (or a re-import) that inherited mjsim's own choice recomputes, same sources: same
    assert _cache.configure(mjsim.__version__) == d
    # code optimised at another level lives apart (numba's index does not record the level)
    monkeypatch.setenv("NUMBA_OPT", "0")
    assert _cache.configure(mjsim.__version__) == d.with_name(d.name + "-O0")
    # link-only callees (the default) and numba's eager mode never share a directory: the
    # link-only cache holds callees as bitcode without machine code
    monkeypatch.delenv("NUMBA_OPT")
    assert _cache.link_only_enabled()
    for off in ("0", "false", "off"):
        monkeypatch.setenv(_cache.LINK_ONLY_ENV, off)
        assert not _cache.link_only_enabled()
        assert _cache.configure(mjsim.__version__) == d.with_name(d.name + "-eager")
    monkeypatch.setenv(_cache.LINK_ONLY_ENV, "1")
    assert _cache.configure(mjsim.__version__) == d


def test_user_choice_and_per_file_mode_are_respected(clean_env, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(clean_env / "mine"))
    assert _cache.configure(mjsim.__version__) is None
    assert os.environ["NUMBA_CACHE_DIR"] == str(clean_env / "mine")
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setenv(_cache.MODE_ENV, "per-file")
    assert _cache.configure(mjsim.__version__) is None
    assert "NUMBA_CACHE_DIR" not in os.environ
    monkeypatch.setenv(_cache.MODE_ENV, "sometimes")
    with pytest.raises(ValueError, match="MJSIM_NUMBA_CACHE='sometimes'"):
        _cache.configure(mjsim.__version__)


def test_has_compiled(clean_env):
    """(The compile notice itself watches numba's compile events: tests/test_compile_notice.py.)"""
    from mjsim import selfplay

    d = _cache.configure(mjsim.__version__)
    pattern = "selfplay._run_slice-*.nbi"
    src = selfplay.__name__
    assert _cache.has_compiled(src, pattern) is False
    # another module's kernels do not count; any checkout's kernels of this module do
    (d / "mjsim.engine").mkdir()
    (d / "mjsim.engine" / "selfplay._run_slice-119.py311.nbi").write_bytes(b"")
    assert _cache.has_compiled(src, pattern) is False
    sub = d / _cache.module_subpath(src)
    sub.mkdir()
    (sub / "selfplay._run_slice-119.py311.nbi").write_bytes(b"")
    assert _cache.has_compiled(src, pattern) is True
    _cache._set(None)  # not managed by mjsim: unknown
    assert _cache.has_compiled(src, pattern) is None


def test_prune_keeps_the_newest_two_and_recently_used(tmp_path):
    parent = tmp_path / "numba"
    dirs = []
    for i in range(5):
        d = parent / f"0.1.0-{i:016x}"
        d.mkdir(parents=True)
        os.utime(d, (1000 + i, 1000 + i))
        dirs.append(d)
    now = time.time()
    os.utime(dirs[1], (now, now))  # both used lately (other checkouts): dirs[1] is the newest,
    os.utime(dirs[2], (now - 60, now - 60))  # dirs[2] is spared by the grace period alone
    gone = _cache.prune(parent, dirs[0])  # the current one survives although oldest
    assert sorted(gone) == [dirs[3], dirs[4]]
    assert sorted(parent.iterdir()) == dirs[:3]
    assert _cache.prune(parent, dirs[0], grace=0) == [dirs[2]]


def test_editing_a_copy_of_the_package_changes_the_cache_dir(tmp_path):
    """End to end in fresh interpreters: ``import mjsim`` from a copy, edit, import again."""
    copy_package(tmp_path / "src")
    env = {k: v for k, v in os.environ.items() if k not in ENV_KEYS}
    env.update(PYTHONPATH=str(tmp_path / "src"), MJSIM_CACHE_DIR=str(tmp_path / "cache"))
    code = "import os, mjsim; print(mjsim.__file__); print(os.environ['NUMBA_CACHE_DIR'])"

    def cache_dir() -> Path:
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True
        )
        assert out.returncode == 0, out.stderr
        where, d = out.stdout.split()
        assert Path(where).resolve().is_relative_to((tmp_path / "src").resolve())
        return Path(d)

    dirs = [cache_dir()]
    assert cache_dir() == dirs[0]  # same sources, same directory
    for i in range(2):
        time.sleep(0.05)  # distinct modification times for pruning
        with open(tmp_path / "src" / "mjsim" / "selfplay.py", "a") as f:
            f.write(f"\n# edit {i}\n")
        dirs.append(cache_dir())
    assert len(set(dirs)) == 3
    assert all(d.parent == tmp_path / "cache" / "numba" for d in dirs)
    # all three were used within the grace period: none pruned yet (see the prune test)
    assert sorted((tmp_path / "cache" / "numba").iterdir()) == sorted(dirs)


def test_a_second_checkout_of_the_same_sources_loads_the_compiled_code(tmp_path):
    """Compiled code is keyed by content: a kernel compiled from one copy of the sources is
    loaded, not compiled again, by a copy at another path (a second clone, a moved checkout)."""
    env = {k: v for k, v in os.environ.items() if k not in ENV_KEYS}
    env.update(MJSIM_CACHE_DIR=str(tmp_path / "cache"))
    code = (
        "import mjsim; from mjsim.engine.rng import splitmix64; splitmix64(7); "
        "print(splitmix64.stats.cache_hits.get(splitmix64.signatures[0], 0), "
        "len(splitmix64.stats.cache_misses))"
    )
    seen = []
    for where in ("first", "second"):
        copy_package(tmp_path / where)
        env["PYTHONPATH"] = str(tmp_path / where)
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True
        )
        assert out.returncode == 0, out.stderr
        seen.append(tuple(int(x) for x in out.stdout.split()))
    assert seen[0] == (0, 1)  # compiled (a miss) in the first copy
    assert seen[1] == (1, 0)  # loaded from the cache in the second, at another path


# ------------------------------------------------------------------ CPU target, shipped caches
def _fake_compiled(d: Path) -> None:
    """A cache directory that holds compiled code (one numba index file)."""
    (d / "mjsim.engine").mkdir(parents=True, exist_ok=True)
    (d / "mjsim.engine" / "rng.splitmix64-10.py311.nbi").write_bytes(b"index")
    (d / "mjsim.engine" / "rng.splitmix64-10.py311.1.nbc").write_bytes(b"code")


def _ship(name: str, **manifest: str) -> Path:
    """A compiled cache shipped with the package for the directory ``name``."""
    d = _cache.SHIPPED / name
    _fake_compiled(d)
    fields = {**_cache.cache_manifest("generic"), **manifest}
    (d / _cache.MANIFEST).write_text(json.dumps(fields))
    return d


def test_the_cpu_target_choice(clean_env, monkeypatch):
    host = _cache.cache_dir_for(mjsim.__version__)
    generic = _cache.cache_dir_for(mjsim.__version__, cpu="generic")
    assert generic == host.with_name(host.name + "-generic")
    assert _cache.choose_cpu(host, generic) == "host"  # nothing anywhere: this machine's CPU
    _ship(generic.name)
    assert _cache.choose_cpu(host, generic) == "generic"  # an empty cache and a shipped one
    _fake_compiled(host)
    assert _cache.choose_cpu(host, generic) == "host"  # code compiled here comes first
    monkeypatch.setenv(_cache.CPU_ENV, "generic")
    assert _cache.choose_cpu(host, generic) == "generic"
    monkeypatch.setenv(_cache.CPU_ENV, "fastest")
    with pytest.raises(ValueError, match="MJSIM_NUMBA_CPU='fastest': expected 'auto'"):
        _cache.choose_cpu(host, generic)
    monkeypatch.setenv(_cache.CPU_ENV, "host")
    monkeypatch.setenv("NUMBA_CPU_NAME", "generic")  # the user's own choice wins
    assert _cache.choose_cpu(host, generic) == "generic"
    monkeypatch.setenv("NUMBA_CPU_NAME", "skylake")
    assert _cache.choose_cpu(host, generic) == "host"


def test_a_shipped_cache_is_adopted_into_an_empty_cache(clean_env, monkeypatch):
    """A wheel's cache for these sources: copied into the empty generic directory on the first
    import, with numba's generic CPU exported for this process and its children; a child told
    to use the host CPU drops the inherited generic one."""
    name = _cache.cache_dir_for(mjsim.__version__, cpu="generic").name
    _ship(name)
    d = _cache.configure(mjsim.__version__)
    assert d.name == name and _cache.CPU == "generic"
    assert (d / "mjsim.engine" / "rng.splitmix64-10.py311.1.nbc").read_bytes() == b"code"
    assert not (d / _cache.MANIFEST).exists()
    assert os.environ["NUMBA_CPU_NAME"] == os.environ[_cache.CPU_AUTO_ENV] == "generic"
    assert os.environ["NUMBA_CPU_FEATURES"] == ""
    assert (numba.core.config.CPU_NAME, numba.core.config.CPU_FEATURES) == ("generic", "")
    assert not [p for p in d.parent.iterdir() if ".adopting-" in p.name]
    # never copied over code that is there: the shipped cache changed, the adopted one stays
    (_cache.SHIPPED / name / "mjsim.engine" / "rng.splitmix64-10.py311.1.nbc").write_bytes(b"x")
    assert _cache.configure(mjsim.__version__) == d
    assert (d / "mjsim.engine" / "rng.splitmix64-10.py311.1.nbc").read_bytes() == b"code"
    monkeypatch.setenv(_cache.CPU_ENV, "host")
    host = _cache.configure(mjsim.__version__)
    assert host.name + "-generic" == name and _cache.CPU == "host"
    assert "NUMBA_CPU_NAME" not in os.environ and numba.core.config.CPU_NAME is None


@pytest.mark.parametrize("field", ["numba", "python", "machine", "cpu"])
def test_a_shipped_cache_for_another_machine_is_ignored(clean_env, field):
    name = _cache.cache_dir_for(mjsim.__version__, cpu="generic").name
    _ship(name, **{field: "other"})
    assert _cache.shipped_cache(name) is None
    d = _cache.configure(mjsim.__version__)
    assert _cache.CPU == "host" and not d.name.endswith("-generic")
    assert "NUMBA_CPU_NAME" not in os.environ


def test_prune_spares_the_other_cpu_target_of_the_same_sources(tmp_path):
    parent = tmp_path / "numba"
    host, generic, old = (parent / n for n in ("0.1.0-aa", "0.1.0-aa-generic", "0.1.0-bb"))
    for i, d in enumerate((generic, old, host)):
        d.mkdir(parents=True)
        os.utime(d, (1000 + i, 1000 + i))
    assert _cache.prune(parent, host, keep=1, grace=0, spare=[generic]) == [old]
    assert sorted(parent.iterdir()) == [host, generic]


def test_a_portable_cache_shipped_in_the_package_loads_without_compiling(tmp_path):
    """End to end with a real (tiny) kernel: compiled for numba's generic CPU from one copy of
    the sources and exported (``mjsim compile --portable --into``), shipped inside another
    copy's ``mjsim/_precompiled``, then loaded by a fresh process with an empty cache there; a
    process that insists on this machine's CPU compiles (the index is keyed by the CPU)."""
    base = {k: v for k, v in os.environ.items() if k not in ENV_KEYS}
    call = (
        "import os, mjsim; from mjsim.engine.rng import splitmix64; splitmix64(7); "
        "print(splitmix64.stats.cache_hits.get(splitmix64.signatures[0], 0), "
        "len(splitmix64.stats.cache_misses), os.environ.get('NUMBA_CPU_NAME'))"
    )
    export = "from mjsim.precompile import export_cache; export_cache({!r}, portable=True)"

    def run(where: str, cache: str, code: str, **extra: str) -> str:
        env = {
            **base,
            "PYTHONPATH": str(tmp_path / where),
            "MJSIM_CACHE_DIR": str(tmp_path / cache),
        }
        env.update(extra)
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True
        )
        assert out.returncode == 0, out.stderr
        return out.stdout.strip()

    copy_package(tmp_path / "build")
    assert run("build", "c0", call, **{_cache.CPU_ENV: "generic"}) == "0 1 generic"
    run("build", "c0", export.format(str(tmp_path / "exported")), **{_cache.CPU_ENV: "generic"})
    (name,) = [p.name for p in (tmp_path / "exported").iterdir()]
    assert name.endswith("-generic")
    roots = copy_package(tmp_path / "user")
    shutil.copytree(tmp_path / "exported", roots[0] / "_precompiled")
    assert run("user", "c1", call) == "1 0 generic"  # adopted and loaded: no compile
    assert run("user", "c1", call) == "1 0 generic"
    assert run("user", "c2", call, **{_cache.CPU_ENV: "host"}) == "0 1 None"


def test_fan_tables_are_data_outside_the_closure():
    # the rules name the tables (RuleSpec.fan_table) and the scorers' adapters read them, yet a
    # table reaches compiled code only as CompiledRules arrays: editing one keeps the compiled
    # cache; none of them may import numba
    files = _cache.module_files(_cache.source_roots())
    data = {name for name in files if name.startswith("mjsim.scoring.tables")}
    assert {"mjsim.scoring.tables", "mjsim.scoring.tables.hebei"} <= data
    assert not data & set(_cache.compiled_closure(files))
    for name in data:
        assert not _cache._NUMBA.search(files[name].read_text(encoding="utf-8")), name


def _save_many(path: str, writer: int, n: int) -> None:
    """A process saving ``n`` entries into one numba index (as compiles of one function do)."""
    from numba.core.caching import IndexDataCacheFile

    import mjsim  # noqa: F401 - installs the locked save

    f = IndexDataCacheFile(path, "fn", ("stamp", 1))
    for j in range(n):
        f.save((writer, j), f"{writer}-{j}")


def test_concurrent_saves_into_one_index_lose_nothing(tmp_path):
    """Four processes save 40 specialisations each of one function at once: every entry is in
    the index afterwards and loads its own data (numba alone, without the lock, loses entries
    and can index one signature's data under another's)."""
    import multiprocessing

    from numba.core.caching import IndexDataCacheFile

    assert IndexDataCacheFile.save._mjsim_locked
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_save_many, args=(str(tmp_path), w, 40)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    f = IndexDataCacheFile(str(tmp_path), "fn", ("stamp", 1))
    for w in range(4):
        for j in range(40):
            assert f.load((w, j)) == f"{w}-{j}"
