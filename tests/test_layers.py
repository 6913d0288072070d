"""The package graph: data flows one way (README "Layout"), read from every module's imports.

formats -> geometry -> gamedata -> record -> replay -> rules -> art -> pack -> game -> games ->
builder -> report -> desk -> demo / cli, with release beside (formats, geometry, gamedata only). art draws from
the game data alone and sits below the packs, which may use it. ``pack`` is the pack contract
(``pack/__init__.py``: GamePack, BoardKind; ``pack/hexpack.py``); a game's own package
(``games/<game>/``, layer ``game``) imports only the contract and the engine below; ``games`` is the
registry (``games/__init__.py``, which names each game's package and loads it by that name,
:data:`vassal_tools.games.KNOWN_GAMES`) and the verbs that find a game by id (``games/play.py``). The
builder and the report sit above: they look a game up and hand the layers below what they need.

Imports only a type checker sees (the body of ``if TYPE_CHECKING:``) are not imports at run time
and are left out; everything else that loads a module is one: ``import``, ``from package import submodule``, ``importlib.import_module("...")`` and
a registry's string naming a module. A private name (``_x``) of another module is reached neither by
``from m import _x`` nor by ``m._x``.

Each file is parsed once (:func:`scan`); the tests at the end plant each kind of violation in a small
package written to a temporary folder and see the checks report it. ``.importlinter`` holds the same
table as import-linter contracts (``lint-imports`` in .ci/run); ``python tests/test_layers.py``
prints it from ALLOWED, and a test keeps the two equal.
"""

from __future__ import annotations

import ast
import functools
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "vassal_tools"

# package -> the packages it may import (besides itself)
ALLOWED: dict[str, set[str]] = {
    "errors": set(),
    "fonts": set(),  # the shipped font files and their lookup
    "formats": {"errors"},
    "geometry": {"errors", "fonts", "formats"},
    "gamedata": {"errors", "fonts", "formats", "geometry"},
    "record": {"errors", "fonts", "formats", "geometry", "gamedata"},
    "replay": {"errors", "fonts", "formats", "geometry", "gamedata", "record"},
    "rules": {"errors", "fonts", "formats", "geometry", "gamedata", "record", "replay"},
    "art": {"errors", "fonts", "formats", "geometry", "gamedata"},
    # the pack contract (GamePack, BoardKind, HexPack): what a game's package offers
    "pack": {"errors", "fonts", "formats", "geometry", "gamedata", "record", "replay", "rules", "art"},
    # a game's package: the engine below and the contract; nothing but the registry loads it
    "game": {"errors", "fonts", "formats", "geometry", "gamedata", "record", "replay", "rules", "art", "pack"},
    # the registry (names each game's package), games.play (finds a game and hands it down)
    "games": {"errors", "fonts", "formats", "geometry", "gamedata", "record", "replay", "rules", "art", "pack", "game"},
    "builder": {"errors", "fonts", "formats", "geometry", "gamedata", "record", "replay", "rules", "art", "pack", "games"},
    "report": {"errors", "fonts", "formats", "geometry", "gamedata", "record", "replay", "rules", "art", "pack", "games",
               "builder"},
    "release": {"errors", "fonts", "formats", "geometry", "gamedata"},
    # the PBEM desk: one received log checked whole, a watched folder, a league's SQLite archive, Dask
    "desk": {"errors", "fonts", "formats", "geometry", "gamedata", "record", "replay", "rules", "art", "pack", "games",
             "builder", "report", "root"},  # root: the toolkit's version keys a league's results
    "demo": {"errors", "fonts", "formats", "geometry", "gamedata", "record", "replay", "rules", "art", "pack", "games",
             "builder", "report"},
    "cli": {"errors", "fonts", "formats", "geometry", "gamedata", "record", "replay", "rules", "art", "pack", "games",
            "builder", "report", "release", "demo", "desk", "root"},
    "root": {"errors", "formats"},  # vassal_tools/__init__.py
}


@dataclass(frozen=True)
class Use:
    """One way a module loads another module of the package at run time, or reaches a private name
    of it."""

    module: str  # the module loaded (or whose private name is reached)
    line: int
    local: bool  # inside a function: runs when called, not when the module is imported
    how: str  # "import", "import_module" (importlib) or "registry" (a string naming a module)
    private: str = ""  # the private name reached in it ("_x"), if any


@dataclass(frozen=True)
class Tree:
    """The modules of one package on disk."""

    package: str
    files: dict[str, Path]  # dotted module name -> its file
    packages: frozenset[str]  # the dotted names that are packages (an __init__.py)

    def layer(self, module: str) -> str:
        """The layer of a dotted module name: its top package under the root, ``game`` for a game's
        own package (``games/<game>/``), ``root`` for the package itself."""
        parts = module.split(".")[1:]
        if not parts:
            return "root"
        if parts[0] == "games" and len(parts) > 1 and f"{self.package}.games.{parts[1]}" in self.packages:
            return "game"
        return parts[0]

    @functools.cached_property
    def uses(self) -> dict[str, list[Use]]:
        """Every module's uses of the others, each file parsed once."""
        return {module: _Reader(self, module).read() for module in self.files}


def read_tree(root: Path, package: str = "vassal_tools") -> Tree:
    """The modules of ``root/package``."""
    files, packages = {}, set()
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
            packages.add(".".join(parts))
        files[".".join(parts)] = path
    return Tree(package, files, frozenset(packages))


def _type_checking(test: ast.expr) -> bool | None:
    """True for ``TYPE_CHECKING`` (or ``typing.TYPE_CHECKING``), False for ``not TYPE_CHECKING``."""
    if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING" or \
            isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING":
        return True
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and _type_checking(test.operand):
        return False
    return None


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


class _Reader:
    """One module's uses of the package (see :class:`Use`), from one parse of its file."""

    def __init__(self, tree: Tree, module: str):
        self.tree, self.module = tree, module
        self.package_parts = module.split(".") if module in tree.packages else module.split(".")[:-1]
        self.aliases: dict[str, str] = {}  # a name bound by an import -> the module it names
        self.found: dict[tuple[str, int, int, str], Use] = {}  # one per module, place and name
        self.import_arguments: set[int] = set()  # ids of the strings import_module was called with

    def read(self) -> list[Use]:
        syntax = ast.parse(self.tree.files[self.module].read_text(encoding="utf-8"))
        self.bind_aliases(syntax)
        self.visit(syntax, local=False)
        return list(self.found.values())

    def absolute(self, level: int, name: str | None) -> str:
        if not level:
            return name or ""
        base = self.package_parts[: len(self.package_parts) - (level - 1)]
        return ".".join(base + ([name] if name else []))

    def ours(self, module: str) -> bool:
        return module == self.tree.package or module.startswith(self.tree.package + ".")

    def add(self, module: str, node: ast.AST, local: bool, how: str = "import", private: str = "") -> None:
        line, column = getattr(node, "lineno", 0), getattr(node, "col_offset", 0)
        self.found.setdefault((module, line, column, private), Use(module, line, local, how, private))

    def bind_aliases(self, syntax: ast.Module) -> None:
        for node in ast.walk(syntax):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if self.ours(alias.name):
                        self.aliases[alias.asname or alias.name.split(".")[0]] = \
                            alias.name if alias.asname else alias.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom):
                target = self.absolute(node.level, node.module)
                for alias in node.names:
                    if f"{target}.{alias.name}" in self.tree.files:
                        self.aliases[alias.asname or alias.name] = f"{target}.{alias.name}"

    def visit(self, node: ast.AST, local: bool) -> None:
        if isinstance(node, ast.If) and (checking := _type_checking(node.test)) is not None:
            # Only the branch that runs counts: the else of ``if TYPE_CHECKING`` runs, its body does not.
            for child in node.orelse if checking else node.body:
                self.visit(child, local)
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            local = True
        if isinstance(node, ast.Import):
            for alias in node.names:
                if self.ours(alias.name):
                    self.add(alias.name, node, local)
        elif isinstance(node, ast.ImportFrom):
            self.import_from(node, local)
        elif isinstance(node, ast.Call):
            self.import_call(node, local)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in self.import_arguments:
            # A string naming a submodule ("vassal_tools.games.x", "vassal_tools.x:name"): a registry's
            # entry, loaded by that name. (Every module's import loads the package itself.)
            named = node.value.split(":")[0]
            if named.startswith(self.tree.package + ".") and named in self.tree.files and \
                    re.fullmatch(r"[\w.]+(:\w+)?", node.value):
                self.add(named, node, local, "registry")
        elif isinstance(node, ast.Attribute) and _private(node.attr):
            owner = self.module_named(node.value)
            if owner and owner != self.module:
                self.add(owner, node, local, "import", node.attr)
        for child in ast.iter_child_nodes(node):
            self.visit(child, local)

    def import_from(self, node: ast.ImportFrom, local: bool) -> None:
        target = self.absolute(node.level, node.module)
        if not self.ours(target):
            return
        for alias in node.names:
            submodule = f"{target}.{alias.name}"
            if submodule in self.tree.files:
                self.add(submodule, node, local)
            else:
                self.add(target, node, local, private=alias.name if _private(alias.name) else "")

    def import_call(self, node: ast.Call, local: bool) -> None:
        """``importlib.import_module("m")``, ``import_module(".m", package)``, ``__import__("m")``."""
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name not in ("import_module", "__import__") or not node.args:
            return
        arg = node.args[0]
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            dotted = arg.value.lstrip(".")
            target = self.absolute(len(arg.value) - len(dotted), dotted) if arg.value.startswith(".") else dotted
            if self.ours(target):
                self.add(target, node, local, "import_module")
                self.import_arguments.add(id(arg))

    def module_named(self, node: ast.expr) -> str | None:
        """The module an expression names through the imports' aliases (``m``, ``vassal_tools.x.y``)."""
        if isinstance(node, ast.Name):
            return self.aliases.get(node.id)
        if isinstance(node, ast.Attribute):
            owner = self.module_named(node.value)
            if owner and f"{owner}.{node.attr}" in self.tree.files:
                return f"{owner}.{node.attr}"
        return None


def layer_breaks(tree: Tree, module: str) -> list[str]:
    """The uses of ``module`` that ALLOWED does not let its layer make."""
    here = tree.layer(module)
    return [f"line {use.line}: {use.module} ({use.how})" for use in tree.uses[module]
            if tree.layer(use.module) != here and tree.layer(use.module) not in ALLOWED.get(here, set())]


def private_reaches(tree: Tree, module: str) -> list[str]:
    """The private names ``module`` takes from other modules."""
    return [f"line {use.line}: {use.private} of {use.module}" for use in tree.uses[module]
            if use.private and use.module != module]


def game_loaders(tree: Tree) -> list[str]:
    """Modules that load a game's package other than its own modules and the registry (which names
    it as a string and imports it by that name)."""
    offenders = []
    for module, uses in tree.uses.items():
        for use in uses:
            if tree.layer(use.module) == "game" and use.module.split(".")[:3] != module.split(".")[:3] \
                    and not (tree.layer(module) == "games" and use.how in ("registry", "import_module")):
                offenders.append(f"{module} line {use.line}: {use.module} ({use.how})")
    return offenders


def cycle_breakers(tree: Tree) -> list[str]:
    """Imports inside functions that would close a cycle if they were at module level."""
    graph = {module: {use.module for use in uses if not use.local and not use.private}
             for module, uses in tree.uses.items()}

    @functools.cache
    def reachable(start: str) -> frozenset[str]:
        seen, todo = {start}, [start]
        while todo:
            for nxt in graph.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return frozenset(seen)

    return [f"{module} line {use.line}: {use.module}" for module, uses in tree.uses.items()
            for use in uses if use.local and not use.private and module in reachable(use.module)]


TREE = read_tree(PACKAGE.parent)
MODULES = sorted(TREE.files)


def layer(module: str) -> str:
    return TREE.layer(module)


def test_the_layers_cover_every_package():
    assert {TREE.layer(module) for module in MODULES} <= set(ALLOWED)


def module_id(module: str) -> str:
    """The test id of a module: its file under vassal_tools/."""
    return str(TREE.files[module].relative_to(PACKAGE))


# Breaks the code has until the pack contract (issue 21, branch r2-contract) lands: the registry in
# games/__init__.py names the packs by string while each pack imports the registry to register.
# strict: once fixed, these fail as XPASS, and the entry goes.
UNTIL_THE_PACK_CONTRACT: dict[str, str] = {}  # known breaks, each a strict xfail: none


@pytest.mark.parametrize("module", [
    pytest.param(m, marks=pytest.mark.xfail(reason=UNTIL_THE_PACK_CONTRACT[m], strict=True))
    if m in UNTIL_THE_PACK_CONTRACT else m for m in MODULES], ids=module_id)
def test_imports_follow_the_layers(module):
    wrong = layer_breaks(TREE, module)
    assert not wrong, f"{TREE.layer(module)} may not import these: {wrong}"


@pytest.mark.parametrize("module", MODULES, ids=module_id)
def test_no_private_name_is_imported_from_another_module(module):
    assert not private_reaches(TREE, module)


def test_a_game_package_is_loaded_by_the_registry_only():
    """Only the game's own modules import it; everything else finds it by id (games.pack_for)."""
    assert not game_loaders(TREE)


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


def test_no_function_local_import_stands_in_for_a_cycle():
    """An import inside a function must not be one that would close a cycle at module level."""
    assert not cycle_breakers(TREE)


# Each kind of violation, planted in a small package the checks read: a check that misses one fails here.

def plant(root: Path, sources: dict[str, str]) -> Tree:
    """A package ``vassal_tools`` under ``root``: the packages the plants need, and ``sources``
    (path under the package -> text)."""
    for package in ("", "formats", "record", "report", "games", "games/invasion_norway"):
        (root / "vassal_tools" / package).mkdir(parents=True, exist_ok=True)
        (root / "vassal_tools" / package / "__init__.py").write_text("", encoding="utf-8")
    for path, text in {"record/reader.py": "_cache = {}\n", "report/page.py": "", **sources}.items():
        (root / "vassal_tools" / path).write_text(text, encoding="utf-8")
    return read_tree(root)


def test_an_upward_import_in_the_else_of_type_checking_is_caught(tmp_path):
    tree = plant(tmp_path, {"formats/low.py": (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from ..record import reader\n"  # only a type checker sees it
        "else:\n"
        "    from vassal_tools.report import page\n")})
    assert layer_breaks(tree, "vassal_tools.formats.low") == ["line 5: vassal_tools.report.page (import)"]


def test_an_import_module_of_a_higher_layer_is_caught(tmp_path):
    tree = plant(tmp_path, {"formats/low.py": (
        "import importlib\n"
        "def page():\n"
        "    return importlib.import_module('vassal_tools.report.page')\n")})
    assert layer_breaks(tree, "vassal_tools.formats.low") == ["line 3: vassal_tools.report.page (import_module)"]


def test_a_game_package_imported_from_its_parent_by_the_record_is_caught(tmp_path):
    tree = plant(tmp_path, {"record/words.py": "from vassal_tools.games import invasion_norway\n"})
    assert layer_breaks(tree, "vassal_tools.record.words") == ["line 1: vassal_tools.games.invasion_norway (import)"]
    assert game_loaders(tree) == ["vassal_tools.record.words line 1: vassal_tools.games.invasion_norway (import)"]


def test_a_registry_string_naming_a_game_outside_the_registry_is_caught(tmp_path):
    tree = plant(tmp_path, {"record/packs.py": "PACKS = {'invasion-norway': 'vassal_tools.games.invasion_norway'}\n"})
    assert game_loaders(tree) == ["vassal_tools.record.packs line 1: vassal_tools.games.invasion_norway (registry)"]


def test_a_private_attribute_through_a_module_alias_is_caught(tmp_path):
    tree = plant(tmp_path, {"report/html.py": (
        "import vassal_tools.record.reader as reader\n"
        "from vassal_tools.record import reader as also\n"
        "import vassal_tools.record.reader\n"
        "def cached():\n"
        "    return reader._cache, also._cache, vassal_tools.record.reader._cache, reader.__name__\n")})
    assert private_reaches(tree, "vassal_tools.report.html") == [
        "line 5: _cache of vassal_tools.record.reader"] * 3


def test_a_private_name_imported_from_another_module_is_caught(tmp_path):
    tree = plant(tmp_path, {"report/html.py": "from ..record.reader import _cache\n"})
    assert private_reaches(tree, "vassal_tools.report.html") == ["line 1: _cache of vassal_tools.record.reader"]


def test_a_function_local_import_closing_a_cycle_is_caught(tmp_path):
    tree = plant(tmp_path, {"record/words.py": "def page():\n    from ..report import page\n",
                            "report/page.py": "from vassal_tools.record import words\n"})
    assert cycle_breakers(tree) == ["vassal_tools.record.words line 2: vassal_tools.report.page"]


def layer_expressions(tree: Tree) -> dict[str, list[str]]:
    """Each layer's modules as import-linter module expressions."""
    found: dict[str, list[str]] = {}
    for module in sorted(tree.files):
        name, parent = tree.layer(module), module.rpartition(".")[0]
        whole = name not in ("games", "root")  # a package all of one layer (games/ holds the game packages)
        if whole and parent and tree.layer(parent) == name:
            continue  # its parent's ".**" covers it
        found.setdefault(name, []).extend([module, f"{module}.**"] if whole and module in tree.packages else [module])
    return found


def importlinter_config(tree: Tree) -> str:
    """ALLOWED as import-linter contracts: one per layer, forbidding the layers it may not import."""
    expressions = layer_expressions(tree)
    text = ["# ALLOWED of tests/test_layers.py as import-linter contracts (`lint-imports`, run by .ci/run).",
            "# Written by `python tests/test_layers.py > .importlinter`; a test keeps the two equal.",
            "[importlinter]", "root_package = vassal_tools", "exclude_type_checking_imports = True", ""]
    for name, allowed in ALLOWED.items():
        forbidden = [e for other in ALLOWED if other != name and other not in allowed for e in expressions.get(other, [])]
        if name not in expressions or not forbidden:
            continue
        text += [f"[importlinter:contract:{name}]",
                 f"name = {name} imports only {', '.join(sorted(allowed)) or 'itself'}",
                 "type = forbidden", "as_packages = False", "allow_indirect_imports = True",
                 "source_modules =", *(f"    {e}" for e in expressions[name]),
                 "forbidden_modules =", *(f"    {e}" for e in forbidden), ""]
    return "\n".join(text)


def test_the_import_linter_contracts_are_the_allowed_table():
    written = (PACKAGE.parent / ".importlinter").read_text(encoding="utf-8")
    assert written == importlinter_config(TREE), "regenerate: python tests/test_layers.py > .importlinter"


if __name__ == "__main__":
    sys.stdout.write(importlinter_config(TREE))
