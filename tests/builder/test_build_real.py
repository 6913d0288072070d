"""The Invasion: Norway module built from module_src/invasion_norway, end to end.

One build (art drawn into a session cache), then the checks users depend on: every
counter of units.csv has a palette slot, every image is in the archive, and every
unit of the campaign's set-up, in the module's at-start stacks and in the opening
save, is where the scenario puts it, as the module's own grids name it.
"""

from __future__ import annotations

import pytest

import vassal_tools
from conftest import ROOT
from kits.module_places import place_of
from vassal_tools.builder.module import assemble, module_archive, setup_stream
from vassal_tools.builder.savegame import write_save
from vassal_tools.errors import BadInput
from vassal_tools.formats import commands as cmd
from vassal_tools.formats.archive import write_archive
from vassal_tools.formats.pieces import parse_definition
from vassal_tools.geometry.from_module import ModuleGeometry

GAME = ROOT / "module_src" / "invasion_norway"


@pytest.fixture(scope="module")
def built(tmp_path_factory, art_cache):
    if not (GAME / "game.toml").exists():
        pytest.skip("module_src/invasion_norway is absent")
    assembly = assemble(GAME, cache=art_cache)
    out = tmp_path_factory.mktemp("real")
    module = write_archive(module_archive(assembly), out / "invasion-norway.vmod")
    save = write_save(out / "start.vsav", setup_stream(assembly), moduledata=assembly.moduledata,
                      module_version=assembly.version, description="test", vassal_version="3.7.0", date_saved=0)
    return assembly, vassal_tools.open(module), vassal_tools.open(save)


def where(geometry, map_name: str, x: int, y: int) -> str:
    """The hex or zone (a box's zone is named by the box id) at a map point."""
    return place_of(geometry.map(map_name), x, y)[0]


def lands_at(found: str, at: str) -> bool:
    # A box is entered at one of its sections: its zone is "<box id>/<section>".
    return found == at or found.startswith(at + "/")


def test_every_counter_has_one_palette_slot(built):
    assembly, module, _ = built
    props = [parse_definition(s.text)[1].marker_properties for s in module.buildfile.piece_slots if s.palette_path]
    assert sorted(p["UnitId"] for p in props if "UnitId" in p) == sorted(assembly.game.units)
    # ...and the builder's Control markers, one per side (1.6; build/play_markers.py).
    assert sorted(p["Side"] for p in props if p.get("Type") == "Control") == ["allied", "german"]


def test_every_image_is_in_the_archive(built):
    _, module, _ = built
    referenced = {board.image for m in module.buildfile.maps for board in m.boards}
    for slot in module.buildfile.piece_slots:
        referenced |= set(parse_definition(slot.text)[1].images)
    assert referenced <= set(module.images())


def test_at_start_stacks_and_opening_save_place_every_unit_as_the_scenario_says(built):
    assembly, module, save = built
    geometry = ModuleGeometry(module)
    assert geometry.warnings == []
    wanted = {p.unit: p.at for p in assembly.scenario.setup}
    in_module = {}
    for map_ in module.buildfile.maps:
        for stack in map_.setup_stacks:
            board = geometry.map(map_.identifier).board(stack.owning_board)
            place = where(geometry, map_.identifier, board.x + stack.x, board.y + stack.y)
            for slot in stack.piece_slots:
                in_module[parse_definition(slot.text)[1].marker_properties["UnitId"]] = place
    in_save = {}
    for add in cmd.walk(save.commands):
        if isinstance(add, cmd.AddPiece) and add.type != "stack":
            piece = add.piece()
            in_save[piece.marker_properties["UnitId"]] = where(geometry, piece.basic.map, piece.basic.x, piece.basic.y)
    for placed in (in_module, in_save):
        assert set(placed) == set(wanted)
        wrong = {u: (placed[u], at) for u, at in wanted.items() if not lands_at(placed[u], at)}
        assert wrong == {}


def test_a_hex_outside_the_board_is_refused(built):
    assembly, _, _ = built
    with pytest.raises(BadInput, match="'5899'"):
        assembly.locator.spot("5899")
