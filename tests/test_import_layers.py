"""Data flows one way: kernels -> rules -> scoring -> variants -> engine -> self-play / envs /
agents -> the command line. A module may import modules of its own layer or of a lower one,
never of a higher one; the engine and the rules never import a named variant (only the registry
``mjsim.variants``, by id). Imports inside functions count too (a late import is still a
dependency). The layer of a module is the longest prefix in :data:`LAYERS`.

One kind of call goes up on purpose: the display protocols. Jupyter calls ``_repr_html_`` on a
``Game``, a ``Record`` or a ``ScoreResult`` and Gymnasium / PettingZoo call an env's ``render``;
those methods hand the object to the presentation code (``mjsim.view``, plain Python outside the
compiled closure) and nothing else in them may reach a higher layer (:data:`DISPLAY_HOOKS`).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: (layer, module prefixes), lowest first
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "kernels",
        (
            "mjsim",  # the package itself only (__init__: the numba cache and jit set-up)
            "mjsim._cache",
            "mjsim._compile_notice",
            "mjsim._jit",
            "mjsim._stack",
            "mjsim._text",
            "mjsim.actions",
            "mjsim.kernels",
            "mjsim.melds",
            "mjsim.tiles",
        ),
    ),
    ("rules", ("mjsim.rules",)),
    ("scoring", ("mjsim.scoring",)),
    ("variants", ("mjsim.variants",)),
    ("engine", ("mjsim.engine",)),
    # _args: the argument checks shared by self-play, the envs and the command line
    # outcome: a finished hand as Python values, read by the envs and the boundary; mjai: records
    # to and from mjai event streams, read by the mjai agent and the command line
    (
        "play",
        (
            "mjsim.selfplay",
            "mjsim.games",
            "mjsim.envs",
            "mjsim.agents",
            "mjsim._args",
            "mjsim.outcome",
            "mjsim.mjai",
        ),
    ),
    (
        "boundary",
        (
            "mjsim.__main__",
            "mjsim.arena",
            "mjsim.cli",
            "mjsim.distributed",
            "mjsim.docs_gen",
            "mjsim.hand",
            "mjsim.precompile",
            "mjsim.results",
            "mjsim.soak",
            "mjsim.specdoc",
            "mjsim.stats",
            "mjsim.study",
            "mjsim.view",
        ),
    ),
)

#: layers that may import the variant registry ``mjsim.variants`` but no variant module
NO_NAMED_VARIANT = ("rules", "scoring", "engine")
#: the registry: ids to specs (``mjsim.variants``) and a spec's canonical label
#: (``mjsim.variants.label``, what records and result files name their rules by); no variant
REGISTRY = ("mjsim.variants", "mjsim.variants.label")
#: methods called by a display protocol (module docstring), and what they may import from above
DISPLAY_HOOKS = ("_repr_html_", "render")
PRESENTATION = "mjsim.view"


def module_files() -> dict[str, Path]:
    """Every module of mjsim, envs and agents by its installed name (``mjsim.envs.kernels``)."""
    out = {}
    for root, prefix in (
        (ROOT / "mjsim", "mjsim"),
        (ROOT / "envs", "mjsim.envs"),
        (ROOT / "agents", "mjsim.agents"),
    ):
        for p in sorted(root.rglob("*.py")):
            parts = p.relative_to(root).with_suffix("").parts
            if "__pycache__" in parts:
                continue
            name = ".".join([prefix, *[x for x in parts if x != "__init__"]])
            out[name] = p
    return out


def layer_of(module: str) -> int:
    """Index in :data:`LAYERS` of the longest prefix of ``module`` (the package ``mjsim`` itself
    matches only itself, so a new top-level module must be placed); ``KeyError`` if none."""
    best, depth = None, -1
    for i, (_name, prefixes) in enumerate(LAYERS):
        for pre in prefixes:
            below = pre != "mjsim" and module.startswith(pre + ".")
            if (module == pre or below) and pre.count(".") > depth:
                best, depth = i, pre.count(".")
    if best is None:
        raise KeyError(module)
    return best


def imports_of(path: Path, module: str, known: set[str]) -> list[tuple[int, str]]:
    """``(line, imported mjsim module)`` of every import in the file, at any depth; ``from a import
    b`` counts ``a.b`` when that is a module, else ``a``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names if a.name.split(".")[0] == "mjsim"]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            if base.split(".")[0] != "mjsim":
                continue
            for a in node.names:
                sub = f"{base}.{a.name}"
                out.append((node.lineno, sub if sub in known else base))
    return out


def display_hook_lines(path: Path) -> set[int]:
    """Lines of the imports inside a method named in :data:`DISPLAY_HOOKS`."""
    out: set[int] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and node.name in DISPLAY_HOOKS:
            out |= {n.lineno for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)}
    return out


def backward_imports() -> list[str]:
    files = module_files()
    known = set(files)
    bad: list[str] = []
    for module, path in files.items():
        mine = layer_of(module)
        hooks = display_hook_lines(path)
        for line, target in imports_of(path, module, known):
            if target not in known:
                continue
            shown = target == PRESENTATION or target.startswith(PRESENTATION + ".")
            if line in hooks and shown:
                continue
            theirs = layer_of(target)
            where = f"{path.relative_to(ROOT)}:{line}: {module} ({LAYERS[mine][0]}) imports"
            if theirs > mine:
                bad.append(f"{where} {target} ({LAYERS[theirs][0]})")
            elif (
                LAYERS[mine][0] in NO_NAMED_VARIANT
                and target.startswith("mjsim.variants.")
                and target not in REGISTRY
                and target != module
            ):
                bad.append(f"{where} the named variant {target}")
    return sorted(set(bad))


def test_every_module_has_a_layer() -> None:
    missing = []
    for module in module_files():
        try:
            layer_of(module)
        except KeyError:
            missing.append(module)
    assert not missing, f"modules without a layer in LAYERS: {missing}"


def test_no_backward_import() -> None:
    bad = backward_imports()
    assert not bad, "imports against the data flow:\n" + "\n".join(bad)


def test_engine_reaches_variants_only_by_the_id_it_is_given() -> None:
    """Behaviour comes from the spec, never from a variant's name: the rules, scorers and engine
    use the registry only to turn an id given by the caller into a spec (``variants.get``,
    ``variants.names``), never to look a module up (``variants.module(spec.name)``)."""
    bad = []
    for module, path in module_files().items():
        if LAYERS[layer_of(module)][0] not in NO_NAMED_VARIANT:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "variants"
                and node.attr not in ("get", "names")
            ):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: variants.{node.attr}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(
    ("source", "target", "ok"),
    [
        ("mjsim.engine.step", "mjsim.scoring.sichuan", True),
        ("mjsim.scoring.sichuan", "mjsim.engine.state", False),
        ("mjsim.rules.spec", "mjsim.engine.state", False),
        ("mjsim.kernels.shanten", "mjsim.rules.params", False),
        ("mjsim.envs.kernels", "mjsim.agents.policies", True),
        ("mjsim.cli", "mjsim.selfplay", True),
    ],
)
def test_layer_order(source: str, target: str, ok: bool) -> None:
    """The order itself, on known pairs: a checker that accepted everything would fail here."""
    assert (layer_of(target) <= layer_of(source)) is ok


def test_checker_finds_a_backward_import(tmp_path: Path) -> None:
    f = tmp_path / "x.py"
    f.write_text("def f():\n    from mjsim.engine.state import TV_HEAD\n    return TV_HEAD\n")
    known = {"mjsim.engine.state", "mjsim.engine"}
    assert imports_of(f, "mjsim.rules.x", known) == [(2, "mjsim.engine.state")]


def test_display_hooks_only_reach_the_presentation(tmp_path: Path) -> None:
    """A ``_repr_html_`` may import ``mjsim.view``; the same import anywhere else, or anything
    else above its layer inside a ``_repr_html_``, is a backward import."""
    f = tmp_path / "x.py"
    f.write_text(
        "class A:\n"
        "    def _repr_html_(self):\n"
        "        from mjsim.view import game_html\n"
        "        from mjsim.cli import main\n"
        "        return game_html(self)\n"
        "def show(a):\n"
        "    from mjsim.view import game_html\n"
        "    return game_html(a)\n"
    )
    known = {"mjsim.view", "mjsim.cli"}
    hooks = display_hook_lines(f)
    found = sorted(imports_of(f, "mjsim.engine.x", known))
    assert found == [(3, "mjsim.view"), (4, "mjsim.cli"), (7, "mjsim.view")]
    assert [line for line, _ in found if line in hooks] == [3, 4]  # cli: checked as usual


def module_level_imports(path: Path, module: str, known: set[str]) -> set[str]:
    """The mjsim modules ``module`` imports when it is itself imported: statements of the module
    body (also inside ``try`` and ``if``, not under ``TYPE_CHECKING``), not inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    body: list[ast.stmt] = []
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        if isinstance(node, ast.If | ast.Try):
            body += node.body + node.orelse
        else:
            body.append(node)
    lines = {n.lineno for n in body if isinstance(n, ast.Import | ast.ImportFrom)}
    return {t for line, t in imports_of(path, module, known) if line in lines and t != module}


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle() -> None:
    """No module imports, while it is being imported, a module that imports it back (directly or
    through others). Imports inside functions are left out: the display hooks and the lazy
    registries (``mjsim.score`` finding a family's scorer) import on first use."""
    files = module_files()
    known = set(files)
    graph = {m: module_level_imports(p, m, known) for m, p in files.items()}
    assert import_cycles(graph) == []


def test_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_cycles(graph) == [["a", "b", "c"]]
