"""A scenario's opening save (``write_setup``): a real VASSAL saved game of the set-up.

The save is read back with the project's readers: the command decoder, the trait
decoder and the module's own geometry, and compared with the scenario data of
tests/data/build/mini_game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import vassal_tools
from conftest import DATA
from kits.module_places import expected_places, place_of
from vassal_tools.builder.module import write_setup
from vassal_tools.formats import commands as cmd
from vassal_tools.formats.pieces import parse_definition
from vassal_tools.formats.sequence import decode
from vassal_tools.formats.traits import Prototype
from vassal_tools.gamedata import load_game
from vassal_tools.geometry.from_module import ModuleGeometry, board_layouts

MINI = DATA / "build" / "mini_game"
ESC = "\x1b"


@pytest.fixture(scope="module")
def module(mini_game_module):
    return vassal_tools.open(mini_game_module)


@pytest.fixture(scope="module")
def save_path(tmp_path_factory, art_cache) -> Path:
    return write_setup(MINI, "opening", tmp_path_factory.mktemp("save") / "start.vsav", cache=art_cache)


@pytest.fixture(scope="module")
def save(save_path):
    return vassal_tools.open(save_path)


@pytest.fixture(scope="module")
def game():
    return load_game(MINI)


def top_level(save) -> list[str]:
    return decode(save.stream, ESC)


def added(save) -> list[cmd.AddPiece]:
    return [c for c in cmd.walk(save.commands) if isinstance(c, cmd.AddPiece)]


def unit_pieces(save):
    """(AddPiece, decoded piece) of every unit, in stream order."""
    out = []
    for add in added(save):
        if add.type != "stack":
            out.append((add, add.piece()))
    return out


def test_it_is_an_obfuscated_saved_game_with_metadata(save_path, save, module):
    assert save.kind == "save"
    assert save.obfuscated
    assert save.archive.names() == ["savedGame", "savedata", "moduledata"]
    assert save.archive.read("moduledata") == module.archive.read("moduledata")
    assert save.metadata.version == module.version


def test_stream_skeleton(save):
    tokens = top_level(save)
    assert tokens[0] == "begin_save"
    assert tokens[1] == ""  # the 3.x version check encodes to nothing (5.2)
    assert tokens[2].startswith(ESC + "+/")  # the NullCommand of AddPieces
    assert tokens[-1] == "end_save"
    assert "SETUP_STACK\t" in tokens[3:-1]


def test_every_map_shows_all_its_boards_side_by_side(save, module):
    layouts = board_layouts(save.stream)
    assert list(layouts) == [m.identifier for m in module.buildfile.maps]
    for map_ in module.buildfile.maps:
        cells = [(c.board, c.column, c.row, c.reversed) for c in layouts[map_.identifier]]
        assert cells == [(b.name, i, 0, False) for i, b in enumerate(map_.boards)]
    # The Operational Map's box panel is a second board beside the hexes.
    assert [b.name for b in module.buildfile.map("Operational Map").boards] == [
        "Operational Map", "Operational Map Panel"]


def test_every_set_up_unit_is_added_once_with_its_slot_gpid(save, module, game):
    slots = {parse_definition(s.text)[1].marker_properties.get("UnitId"): s.gpid
             for s in module.buildfile.piece_slots if s.palette_path}
    seen = []
    for add, piece in unit_pieces(save):
        unit = piece.marker_properties["UnitId"]
        seen.append(unit)
        basic = piece.basic
        assert basic.gpid == slots[unit]
        assert basic.properties == {"UniqueID": add.id}
        assert not piece.find(Prototype)  # prototypes are expanded in a game (2.6)
    assert sorted(seen) == sorted(p.unit for p in game.scenarios["opening"].setup)
    ids = [a.id for a in added(save)]
    assert len(set(ids)) == len(ids)


def test_stacks_list_their_units_bottom_to_top_at_their_position(save, game):
    pieces = {add.id: piece for add, piece in unit_pieces(save)}
    expected: dict[str, list[str]] = {}
    for placement in game.scenarios["opening"].setup:
        expected.setdefault(placement.at, []).append(placement.unit)
    stacks = []
    for add in added(save):
        if add.type == "stack":
            state = decode(add.state, ";")
            members = state[3:-1]
            assert state[-1].startswith("@@")
            for member in members:
                basic = pieces[member].basic
                assert (basic.map, str(basic.x), str(basic.y)) == tuple(state[:3])
            stacks.append([pieces[m].marker_properties["UnitId"] for m in members])
    assert sorted(stacks) == sorted(expected.values())


def test_pieces_come_by_map_id_members_before_their_stacks(save, module):
    map_ids = {m.identifier: m.map_id for m in module.buildfile.maps}
    order = []
    for add in added(save):
        if add.type == "stack":
            order.append((map_ids[decode(add.state, ";")[0]], 1))
        else:
            order.append((map_ids[add.piece().basic.map], 0))
    assert order == sorted(order)  # Map0 < Map1 < ..., and within a map units then stacks


def test_pieces_land_where_the_scenario_says(save, module, game):
    geometry = ModuleGeometry(module)
    found = {}
    for _, piece in unit_pieces(save):
        basic = piece.basic
        found[piece.marker_properties["UnitId"]] = place_of(geometry.map(basic.map), basic.x, basic.y)
    assert found == expected_places(game.scenarios["opening"])


def test_weather_and_turn_start_where_the_scenario_starts(save, game):
    commands = list(cmd.walk(save.commands))
    weather = {c.name: c.value for c in commands if isinstance(c, cmd.GlobalPropertyRestore)}
    assert weather == {"WeatherNorth": "foul", "WeatherSouth": "cloudy"}
    [turn] = [c for c in commands if isinstance(c, cmd.TurnState)]
    assert turn.tracker_id == "TurnTracker0"
    current_level, turn_level = decode(turn.state, "|")
    fields = decode(turn_level, ";")
    assert current_level == "0"
    assert game.info.turn_names[int(fields[0])] == game.scenarios["opening"].first_turn
    assert decode(fields[3], ",") == ["true"] * len(game.info.turn_names)
    segments = fields[4:]
    assert len(segments) == len(game.info.segments)
    for state, segment in zip(segments, game.info.segments):
        assert decode(state, ";") == ["0", "0", "0", ",".join(["true"] * len(segment.phases))]


def test_the_same_scenario_writes_the_same_bytes(save_path, tmp_path, art_cache):
    again = write_setup(MINI, "Mini opening", tmp_path / "again.vsav", cache=art_cache)  # by title
    assert again.read_bytes() == save_path.read_bytes()
