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


def _opening_stacks(save) -> list[tuple[str, int, int, list]]:
    """Each stack (or lone piece) of the opening save: map, point and its pieces."""
    pieces, stacks = {}, []
    for add in cmd.walk(save.commands):
        if isinstance(add, cmd.AddPiece) and add.type != "stack":
            pieces[add.id] = add.piece()
    stacked = set()
    for add in cmd.walk(save.commands):
        if isinstance(add, cmd.AddPiece) and add.type == "stack":
            fields = add.state.split(";")
            members = [pieces[i] for i in fields[3:] if i in pieces]
            stacked.update(i for i in fields[3:] if i in pieces)
            stacks.append((fields[0], int(fields[1]), int(fields[2]), members))
    stacks += [(p.basic.map, p.basic.x, p.basic.y, [p]) for i, p in pieces.items() if i not in stacked]
    return stacks


def test_weather_markers_sit_centred_in_the_box_of_their_weather(built):
    # 3.1.3: a marker per section on its Weather Track, in the box of the weather of the first turn
    # (3.1.1: April #2 pre-determined); the boxes are the module's zones "weather-<section>/<weather>".
    assembly, module, save = built
    grid = ModuleGeometry(module).map("Strategic Map").boards[0].board.grid
    zones = {z.name: z.polygon.bounds for z in grid.zones}
    first = next(t for t in assembly.game.info.turns if t.name == assembly.scenario.first_turn)
    found = {}
    for map_name, x, y, members in _opening_stacks(save):
        for piece in members:
            if piece.marker_properties.get("UnitId", "").startswith("mk-weather-"):
                found[piece.marker_properties["UnitId"]] = (map_name, x, y)
    assert sorted(found) == ["mk-weather-central", "mk-weather-north", "mk-weather-south"]
    for unit, (map_name, x, y) in found.items():
        section = unit.removeprefix("mk-weather-")
        x0, y0, x1, y1 = zones[f"weather-{section}/{first.weather[section]}"]
        assert map_name == "Strategic Map"
        assert abs(x - (x0 + x1) / 2) <= 1 and abs(y - (y0 + y1) / 2) <= 1, (unit, x, y, (x0, y0, x1, y1))


def test_weather_markers_show_the_weather_of_their_box(built):
    # The marker's face is its weather's (a sun only for Clear): one face per state, the first turn's shown.
    assembly, module, save = built
    states = list(assembly.game.info.weather_states)
    first = next(t for t in assembly.game.info.turns if t.name == assembly.scenario.first_turn)
    shown = {}
    for _map, _x, _y, members in _opening_stacks(save):
        for piece in members:
            unit = piece.marker_properties.get("UnitId", "")
            if unit.startswith("mk-weather-"):
                (face,) = [t for t in piece.layers if t.name == "Face"]
                assert len(face.level_images) == len(states)
                faces = [module.image_bytes(name) for name in face.level_images]
                assert len(set(faces)) == len(states)  # four different faces
                shown[unit.removeprefix("mk-weather-")] = states[face.level]
    assert shown == dict(first.weather)


def test_no_opening_stack_runs_off_its_map_or_grows_into_a_tower(built):
    # VASSAL fans an unexpanded stack unexSepX, unexSepY per piece: the campaign's pools (79 German
    # units, 48 German aircraft in Germany) are laid out in their boxes as several stacks.
    _assembly, module, save = built
    geometry = ModuleGeometry(module)
    sep_x, sep_y = 4, 4  # the module's StackMetrics
    largest = 0
    for map_name, x, y, members in _opening_stacks(save):
        width, height = geometry.map(map_name).size
        fan = len(members) - 1
        half = 40  # half a counter at most
        assert 0 <= x - half and x + half + sep_x * fan <= width, (map_name, x, y, len(members))
        assert 0 <= y - half - sep_y * fan and y + half <= height, (map_name, x, y, len(members))
        largest = max(largest, len(members))
    assert largest <= 30
