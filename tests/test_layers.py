"""The package graph: data flows one way (README "Layout"), read from every module's imports.

formats -> geometry -> games -> record -> replay / rules -> report, and
module_src -> games -> art -> builder; the CLI and the demo on top. A game's own package
(``games/<game>/``) is a plug-in: it may use the engine below the report, and nothing but the
registry (by name, at run time) loads it. Imports only a type checker sees (``if TYPE_CHECKING:``)
are not imports at run time and are left out.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "vassal_tools"

BELOW_GAMES = {"errors", "formats", "fonts", "geometry", "gamedata"}
# package -> the packages it may import (besides itself)
ALLOWED: dict[str, set[str]] = {
    "errors": set(),
    "fonts": set(),  # the shipped font files and their lookup
    "formats": {"errors"},
    "geometry": {"errors", "formats", "fonts"},
    "gamedata": {"errors", "formats", "fonts", "geometry"},
    "games": BELOW_GAMES,
    "record": BELOW_GAMES | {"games"},
    "replay": BELOW_GAMES | {"games", "record"},
    "rules": BELOW_GAMES | {"games", "record"},
    "report": BELOW_GAMES | {"games", "record", "replay", "rules"},
    "art": BELOW_GAMES | {"games"},
    "builder": BELOW_GAMES | {"games", "art"},
    "release": {"errors", "formats", "fonts", "geometry", "gamedata"},
    "game": BELOW_GAMES | {"games", "record", "replay", "rules"},  # games/<game>/
    "demo": {"errors", "formats", "fonts", "geometry", "gamedata", "games", "record", "replay", "rules", "report", "art", "builder"},
    "cli": {"errors", "formats", "fonts", "geometry", "gamedata", "games", "record", "replay", "rules", "report", "art", "builder",
            "release", "demo", "root"},
    "root": {"errors", "formats"},  # vassal_tools/__init__.py
}


def module_name(path: Path) -> tuple[str, bool]:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts.pop()
    return ".".join(parts), is_package


def layer(module: str) -> str:
    """The layer of a dotted module name of vassal_tools."""
    parts = module.split(".")[1:]
    if not parts:
        return "root"
    if parts[0] == "games" and len(parts) > 1 and (PACKAGE / "games" / parts[1]).is_dir():
        return "game"
    return parts[0]


def type_checking_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


def in_function(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return True
    return False


@functools.cache
def imports(path: Path, local: bool | None = None) -> list[tuple[str, list[str], int]]:
    """(imported module, names imported from it, line) for each run-time import of vassal_tools;
    ``local``: only those inside functions (True) or only those at module level (False)."""
    module, is_package = module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if type_checking_only(node, parents) or (local is not None and in_function(node, parents) != local):
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] == "vassal_tools":
                found.append((target, [alias.name for alias in node.names], node.lineno))
        elif isinstance(node, ast.Import):
            found += [(alias.name, [], node.lineno) for alias in node.names if alias.name.split(".")[0] == "vassal_tools"]
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_the_layers_cover_every_package():
    assert {layer(module_name(path)[0]) for path in MODULES} <= set(ALLOWED)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_follow_the_layers(path):
    here = layer(module_name(path)[0])
    wrong = [f"line {line}: {target}" for target, _, line in imports(path)
             if layer(target) != here and layer(target) not in ALLOWED[here]]
    assert not wrong, f"{here} may not import these: {wrong}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_private_name_is_imported_from_another_module(path):
    private = [f"line {line}: {name} from {target}" for target, names, line in imports(path)
               for name in names if name.startswith("_") and not name.startswith("__")]
    assert not private


def test_a_game_package_is_loaded_by_the_registry_only():
    """Only the game's own modules import it; everything else finds it by id (games.pack_for)."""
    offenders = []
    for path in MODULES:
        module = module_name(path)[0]
        for target, _, line in imports(path):
            if layer(target) == "game" and target.split(".")[:3] != module.split(".")[:3]:
                offenders.append(f"{module} line {line}: {target}")
    assert not offenders


def test_layer_of_names_what_the_tests_rely_on():
    # The check above is only as good as the layer names: pin a few by hand.
    assert layer("vassal_tools.games.invasion_norway.rules") == "game"
    assert layer("vassal_tools.gamedata.tables") == "gamedata"
    assert layer("vassal_tools.games") == "games"
    assert layer("vassal_tools.record.reader") == "record"
    assert layer("vassal_tools") == "root"


def test_the_allowed_graph_has_no_cycle():
    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})) for nxt in ALLOWED[start])

    assert [name for name in ALLOWED if reaches(name, name, set())] == []


def imported_modules(target: str, names: list[str]) -> list[str]:
    """The modules an import statement loads: the target, and any of its names that are modules."""
    modules = [target]
    for name in names:
        dotted = f"{target}.{name}"
        if (PACKAGE.parent / dotted.replace(".", "/")).with_suffix(".py").is_file() or \
                (PACKAGE.parent / dotted.replace(".", "/") / "__init__.py").is_file():
            modules.append(dotted)
    return modules


def test_no_function_local_import_stands_in_for_a_cycle():
    """An import inside a function must not be one that would close a cycle at module level."""
    graph: dict[str, set[str]] = {}
    for path in MODULES:
        graph[module_name(path)[0]] = {m for target, names, _ in imports(path, local=False)
                                       for m in imported_modules(target, names)}

    @functools.cache
    def reachable(start: str) -> set[str]:
        seen, todo = {start}, [start]
        while todo:
            for nxt in graph.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    breakers = [f"{module_name(path)[0]} line {line}: {target}"
                for path in MODULES for target, names, line in imports(path, local=True)
                if module_name(path)[0] in set().union(*(reachable(m) for m in imported_modules(target, names)))]
    assert not breakers
