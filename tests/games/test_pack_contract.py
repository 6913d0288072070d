"""The pack contract (games.GamePack): every game declares what it offers, its board kind is checked,
and a sixth game is one package plus one registry line.

The sixth game is the toy (tests/toy_game), copied as a package of its own and named in one line of
the registry (KNOWN_GAMES); nothing else of the toolkit changes, and every verb works on it: the
games listing, build, setup, record and audit.
"""

from __future__ import annotations

import ast
import json
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import vassal_tools
from conftest import TESTS
from vassal_tools.builder.module import assemble, module_archive, module_file_name, write_opening
from vassal_tools.builder.turns import TRACKER_ID, tracker_state
from vassal_tools.cli import main
from vassal_tools.formats.archive import write_archive
from vassal_tools.formats.files import open_file
from vassal_tools.games import (
    KNOWN_GAMES,
    BoardKind,
    GamePack,
    checked,
    pack_for,
    pack_ids,
    register,
    registered,
)
from vassal_tools.replay.logwriter import LogWriter

PACKAGE = TESTS.parent / "vassal_tools"
TOY = TESTS / "toy_game"
TOY_ID = "toy-skirmish"
AREA_GAMES = {"kampen-om-norge", "norway-1940"}


def run(*args) -> object:
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("game", sorted(KNOWN_GAMES))
def test_every_known_game_is_a_game_pack_of_a_declared_board_kind(game):
    pack = pack_for(game)
    assert isinstance(pack, GamePack) and pack.id == game
    assert pack.board_kind is (BoardKind.AREA if game in AREA_GAMES else BoardKind.HEX)
    if pack.board_kind is BoardKind.AREA:
        assert pack.area_map().game == game and pack.at(pack.data_folder).id == game


@pytest.mark.parametrize("game", sorted(KNOWN_GAMES))
def test_a_games_rules_families_are_the_checks_it_composes_and_lists(game):
    pack = pack_for(game)
    rules = pack.rules()
    assert rules.families == len(rules.checks) == len(pack.checks) > 0


class HalfAreaGame(GamePack):
    """An area game that forgot its board."""

    id = "half-area"
    board_kind = BoardKind.AREA
    data_folder = TOY / "data"
    vocabulary = catalogue = None  # type: ignore[assignment]

    def rules(self):  # type: ignore[override]
        raise AssertionError("never called")


def test_a_pack_of_a_kind_without_what_the_kind_needs_is_refused():
    with pytest.raises(TypeError, match="area game half-area does not give area_map, at"):
        register(HalfAreaGame())
    with pytest.raises(TypeError, match="is no GamePack"):
        checked(object())
    assert "half-area" not in pack_ids()


def test_a_pack_registered_for_a_while_leaves_the_registry_as_it_was():
    from toy_game import PACK

    before = pack_ids()
    with registered(PACK):
        assert pack_for(TOY_ID) is PACK and TOY_ID in pack_ids()
    assert pack_ids() == before and pack_for(TOY_ID) is None


def test_no_code_outside_the_contract_probes_a_pack():
    """A pack's members are declared (pack/__init__.py); nothing reads one with getattr/hasattr."""
    probes = []
    for path in PACKAGE.rglob("*.py"):
        if path.relative_to(PACKAGE).as_posix() == "pack/__init__.py":  # the contract itself
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id in ("getattr", "hasattr") and node.args and "pack" in ast.unparse(node.args[0]):
                probes.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert probes == []


def every_import(path: Path) -> set[str]:
    """Each module of vassal_tools a file imports, anywhere in it (module level, in a function, under
    TYPE_CHECKING), as a dotted name; relative imports resolved."""
    package = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)[:-1]  # a.b of a/b/c.py, a/b/__init__.py
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            found |= {target} | {f"{target}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return {name for name in found if name.startswith("vassal_tools")}


@pytest.mark.parametrize("layer", ["formats", "geometry", "gamedata", "replay", "rules", "art"])
def test_no_layer_below_the_games_imports_them_at_all(layer):
    # record/ is handed its game by issue 21's record part (its reader still looks the pack up).
    found = {f"{path.relative_to(PACKAGE)}: {name}" for path in (PACKAGE / layer).rglob("*.py")
             for name in every_import(path) if name == "vassal_tools.games" or name.startswith("vassal_tools.games.")}
    assert found == set()


def test_a_game_package_imports_only_the_contract_of_the_games_layer():
    """The registry loads the packs by name; a pack never imports the registry back (no cycle)."""
    contract = {"vassal_tools.pack", "vassal_tools.pack.hexpack"}
    found = set()
    for game in KNOWN_GAMES.values():
        folder = PACKAGE.parent / game.replace(".", "/")
        for path in folder.rglob("*.py"):
            for name in every_import(path):
                owner = name.split(".")[:3]
                if owner[:2] == ["vassal_tools", "games"] and ".".join(owner) != game and \
                        not any(name == c or name.startswith(c + ".") for c in contract):
                    found.add(f"{path.relative_to(PACKAGE)}: {name}")
    assert found == set()


def test_the_toolkit_has_no_line_for_the_toy():
    said = [str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
            if "toy" in path.read_text(encoding="utf-8").lower()]
    assert said == []


@pytest.fixture(scope="module")
def sixth(tmp_path_factory):
    """The toy copied as a package of its own (``toy_skirmish``) and one line added to KNOWN_GAMES;
    undone after the module's tests."""
    root = tmp_path_factory.mktemp("sixth-game")
    shutil.copytree(TOY, root / "toy_skirmish", ignore=shutil.ignore_patterns("__pycache__"))
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(root))
        patch.setitem(KNOWN_GAMES, TOY_ID, "toy_skirmish")  # the one shared line a sixth game adds
        yield root / "toy_skirmish"
        sys.modules.pop("toy_skirmish", None)


def test_the_sixth_game_is_its_package_and_one_registry_line(sixth):
    assert set(KNOWN_GAMES) == {"invasion-norway", "narvik-1940", "kampen-om-norge", "norway-1940",
                                "europa-narvik", TOY_ID}
    pack = pack_for(TOY_ID)
    assert type(pack).__module__ == "toy_skirmish" and pack.data_folder == sixth / "data"


def test_the_sixth_game_is_listed(sixth):
    out = run("games").output
    assert f"{TOY_ID}: Toy Skirmish" in out and "  stacking [1.1]: at most two units" in out


@pytest.fixture(scope="module")
def played(sixth, tmp_path_factory):
    """The sixth game built and set up by the CLI, and a log played from its opening save."""
    out = tmp_path_factory.mktemp("sixth-built")
    data = sixth / "data"
    built = run("build", data, "-o", out, "-q")
    assert built.exit_code == 0, built.output
    setup = run("setup", data, "-o", out / "start.vsav", "-q")
    assert setup.exit_code == 0, setup.output
    assembly = assemble(data, scenario="skirmish", cache=out / "cache")
    (out / "play").mkdir()
    module = write_archive(module_archive(assembly), out / "play" / module_file_name(assembly.game))
    opening = write_opening(assembly, out / "play" / "start.vsav")
    writer = LogWriter(open_file(opening), assembly.locator.point, "Rita", "rita-pw")
    writer.step(writer.seat("Red"))
    writer.step(writer.turn(TRACKER_ID, tracker_state(assembly.game.info, "Dawn", "red-move")))
    writer.step(writer.move("red-2", "0303"))
    writer.step(writer.turn(TRACKER_ID, tracker_state(assembly.game.info, "Dawn", "blue-move")))
    return out, module, writer.save(out / "game.vlog")


def test_the_sixth_game_builds_and_sets_up(played):
    out = played[0]
    assert vassal_tools.open(out / "toy-skirmish.vmod").name == "Toy Skirmish"
    assert (out / "start.vsav").stat().st_size > 0


def test_the_sixth_game_is_recorded_and_audited(played, tmp_path):
    _, module, log = played
    recorded = run("record", log, "--module", module, "-o", tmp_path / "game.json")
    assert recorded.exit_code == 0, recorded.output
    record = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert record["game"] == TOY_ID and {"move": "red-2", "to": "0303", "step": 3} in record["entries"]
    audited = run("audit", tmp_path / "game.json", "--format", "json")
    assert audited.exit_code == 1, audited.output
    report = json.loads(audited.output)
    # Red's second company joins both blue companies in 0303: three units, one over the toy's limit of two.
    assert [(f["rule"], f["where"], f["excess"]) for f in report["findings"]] == [("toy 1.1", "0303", 1)]
    assert report["checked"]["families"] == 1
