"""The module builder: ``build_module`` turns a game folder into a .vmod VASSAL can load.

Built from the small game in tests/data/build/mini_game (same formats as
module_src/invasion_norway), and checked with the project's own readers: the
archive opens with ``vassal_tools.open``, pieces decode with the trait codecs and
at-start stacks are located through the module's own grids (geometry.from_module).
"""

from __future__ import annotations

import csv
import json
import shutil
import zipfile
from pathlib import Path

import pytest

import vassal_tools
from conftest import DATA, load_vectors
from kits.module_places import expected_places, marker_of, place_of
from vassal_tools.builder.module import build_module
from vassal_tools.formats.pieces import parse_definition
from vassal_tools.formats.sequence import decode
from vassal_tools.formats.traits import Embellishment, Marker, Prototype
from vassal_tools.gamedata import load_game
from vassal_tools.geometry.from_module import ModuleGeometry

MINI = DATA / "build" / "mini_game"


@pytest.fixture(scope="module")
def built(mini_game_module) -> Path:
    return mini_game_module


@pytest.fixture(scope="module")
def module(built):
    return vassal_tools.open(built)


@pytest.fixture(scope="module")
def game():
    return load_game(MINI)


def palette_slots(module):
    """The counters' slots (the Control markers the builder adds are not counters of the game)."""
    return [s for s in module.buildfile.piece_slots if s.palette_path and "UnitId" in marker_of(s)]


def test_the_module_opens_with_our_reader(built, module):
    assert built.name == "mini-norway.vmod"
    assert module.kind == "module"
    assert module.name == "Mini Norway"
    assert module.metadata.name == "Mini Norway"
    assert module.metadata.vassal_version >= "3.5"  # VASSAL then reads buildFile.xml (1.1)
    assert module.buildfile_entry == "buildFile.xml"


def test_one_palette_slot_per_counter_of_the_countermix(module, game):
    ids = [marker_of(slot)["UnitId"] for slot in palette_slots(module)]
    assert sorted(ids) == sorted(game.units)


def test_a_control_marker_per_side_in_the_markers_tab(module, game):
    # 1.6: control is marked on the map; the replay reads Type=Control and the Side (replay/markers.py).
    slots = [s for s in module.buildfile.piece_slots if s.palette_path and "UnitId" not in marker_of(s)]
    assert {marker_of(s)["Side"] for s in slots} == set(game.info.sides)
    for slot in slots:
        assert marker_of(slot) == {"Class": "marker", "Type": "Control", "Side": marker_of(slot)["Side"]}
        assert slot.palette_path[:4] == ["Counters", "Sides", "Markers", "Control"]
        piece = parse_definition(slot.text)[1]
        assert piece.basic.gpid == slot.gpid and piece.first(Embellishment).image_list


def test_gpids_are_unique_and_below_next_piece_slot_id(module):
    gpids = [int(slot.gpid) for slot in module.buildfile.piece_slots]
    assert len(set(gpids)) == len(gpids)
    assert max(gpids) < module.buildfile.next_piece_slot_id


def test_marker_properties_carry_the_unit_data(module):
    rows = {r["id"]: r for r in csv.DictReader((MINI / "units.csv").open(encoding="utf-8"))}
    for slot in palette_slots(module):
        props = marker_of(slot)
        row = rows[props["UnitId"]]
        assert props == {
            "UnitId": row["id"], "Side": row["side"], "Nationality": row["nationality"], "Class": row["class"],
            "Type": row["type"], "Size": row["size"], "Formation": row["formation"],
            "Steps": row["steps"] or row["points"],
        }


def test_slot_names_palette_path_and_basic_piece(module, game):
    for slot in palette_slots(module):
        unit = game.units[marker_of(slot)["UnitId"]]
        piece = parse_definition(slot.text)[1]
        assert piece.basic.name == unit.name
        assert piece.basic.gpid == slot.gpid  # VASSAL's PieceId of a slot's piece (2.6)
        if unit.side:
            side = game.info.sides[unit.side].name
            nationality = game.info.nationalities[unit.nationality].name
            assert slot.palette_path[:4] == ["Counters", "Sides", side, nationality]
        else:
            assert slot.palette_path[:3] == ["Counters", "Sides", "Markers"]


def test_reduced_side_is_a_layer_flipped_by_name(module, game):
    for slot in palette_slots(module):
        piece = parse_definition(slot.text)[1]
        unit = game.units[marker_of(slot)["UnitId"]]
        layer = piece.first(Embellishment)
        two_sided = unit.id in {"ger-gj-1", "ger-ir-1", "ger-bb-1", "ger-me109-1", "nor-ir-1", "brit-sg-1", "brit-cv-1"}
        if unit.unit_class == "marker" and unit.type == "Weather":  # a face per weather state, turned by name
            assert len(layer.level_images) == len(game.info.weather_states) and layer.up_command == "Worse weather"
            continue
        assert len(layer.level_images) == (2 if two_sided else 1), unit.id
        assert layer.always_active
        assert (layer.increase_keystroke is not None and layer.increase_keystroke.name == "Flip") == two_sided
        assert layer.scale == 0.5  # counters are drawn at twice their size
        # The same read by position, as VASSAL reads emb2 (vassal-formats.md 4.4.2, fields 1-33).
        fields = decode(layer.type[len("emb2;"):], ";")
        assert len(fields) == 33
        assert decode(fields[15], ",") == layer.level_images  # 16 imageNames
        assert fields[18] == "Face" and fields[24] == "1"  # 19 name, 25 version (named keys)
        assert fields[25] == "true" and fields[30] == "0.5"  # 26 alwaysActive, 31 scale
        assert fields[27] == ("57344,0,Flip" if two_sided else "")  # 28 increaseKeyStroke
        assert layer.state == "1"  # level 1, active


def test_pieces_use_prototypes_that_exist(module, game):
    defined = {p.name for p in module.buildfile.prototypes}
    for slot in module.buildfile.piece_slots:
        piece = parse_definition(slot.text)[1]
        wanted = [t.name for t in piece.find(Prototype)]
        unit = game.units.get(piece.marker_properties.get("UnitId"))
        assert wanted == [unit.unit_class.capitalize() if unit else "Marker"]
        assert set(wanted) <= defined


def test_every_image_referenced_is_in_the_archive(module):
    stored = set(module.images())
    referenced = set()
    for slot in module.buildfile.piece_slots:
        referenced |= set(parse_definition(slot.text)[1].images)
    for proto in module.buildfile.prototypes:
        referenced |= set(parse_definition(proto.text)[1].images)
    for map_ in module.buildfile.maps:
        referenced |= {board.image for board in map_.boards if board.image}
    assert referenced
    assert referenced <= stored


def test_trait_types_have_the_fields_vassal_reads(module):
    """Each trait's type has exactly the field count of VASSAL's own default type (4.4)."""
    defaults = {}
    for entry in load_vectors("pieces_commands.json")["trait_defaults"]:
        default = entry.get("myGetType") or entry.get("getType")
        prefix = default.split(";", 1)[0] + ";"
        defaults[prefix] = len(decode(default[len(prefix):], ";"))
    texts = [s.text for s in module.buildfile.piece_slots] + [p.text for p in module.buildfile.prototypes]
    seen = set()
    for text in texts:
        for trait in parse_definition(text)[1].traits:
            prefix = trait.prefix
            seen.add(prefix)
            if isinstance(trait, Marker):
                assert len(trait.keys) == len(trait.values_list) == len(decode(trait.state, ","))
            elif prefix == "prototype;":
                assert len(decode(trait.type[len(prefix):], ";")) == 1
            else:
                assert len(decode(trait.type[len(prefix):], ";")) == defaults[prefix], prefix
    assert {"emb2;", "mark;", "prototype;", "piece;", "delete;"} <= seen


def test_at_start_stacks_land_where_the_scenario_says(module, game):
    geometry = ModuleGeometry(module)
    assert geometry.warnings == []
    where = {}
    for map_ in module.buildfile.maps:
        board_map = geometry.map(map_.identifier)
        for stack in map_.setup_stacks:
            assert stack.owning_board in [b.name for b in map_.boards] and not stack.use_grid_location
            board = board_map.board(stack.owning_board)
            x, y = board.x + stack.x, board.y + stack.y  # SetupStack x, y are board-relative (7)
            assert board_map.snap(x, y) == (x, y) or board_map.hex_at(x, y) == board_map.location_name(x, y)
            for slot in stack.piece_slots:
                where[marker_of(slot)["UnitId"]] = place_of(board_map, x, y)
    assert where == expected_places(game.scenarios["opening"])


def test_hexes_are_named_by_the_grid_definition(module):
    """Every hex of the data has a centre on the Operational Map that VASSAL names after it."""
    geometry = ModuleGeometry(module)
    board_map = geometry.map("Operational Map")
    grid = json.loads((MINI / "operational_grid.json").read_text())["HexGrid"]
    dx, dy, x0, y0 = float(grid["dx"]), float(grid["dy"]), int(grid["x0"]), int(grid["y0"])
    for column in range(4):
        for row in range(5):
            x = x0 + int(column * dx)
            y = y0 + int(row * dy + (dy / 2 if column % 2 else 0))
            assert board_map.hex_at(x, y) == f"{column + 1:02d}{row + 1:02d}"


def test_turn_tracker_holds_the_sequence_of_play(module, game):
    [tracker] = module.buildfile.turn_trackers
    [turns] = tracker.levels
    assert turns.items == list(game.info.turn_names)
    assert [level.name for level in turns.levels] == [s.name for s in game.info.segments]
    for level, segment in zip(turns.levels, game.info.segments):
        assert level.items == [game.info.phases[p].name for p in segment.phases]
        assert level.property_name == "Phase"


def test_dice_roll_one_d10_read_0_to_9_per_named_roll(module, game):
    buttons = module.buildfile.dice_buttons
    assert [b.name for b in buttons] == [r.name for r in game.info.die_rolls.values()]
    for button in buttons:
        sides, plus, dice = (int(button.get(k)) for k in ("nSides", "plus", "nDice"))
        # VASSAL adds ``plus`` to each die rolled 1..nSides (5.8).
        assert (dice, 1 + plus, sides + plus) == (1, 0, 9)


def test_weather_is_a_global_property_per_section(module):
    found = {p.name: p.initial_value for p in module.buildfile.global_properties if p.container_id == "Module"}
    # April #2, the first turn, has pre-determined weather (game.toml).
    assert found == {"WeatherNorth": "foul", "WeatherSouth": "cloudy"}


def test_player_sides(module):
    assert module.buildfile.player_sides == ["German", "Allied"]


def test_the_same_data_builds_the_same_bytes(built, tmp_path):
    # A fresh cache redraws everything: still the same file, byte for byte.
    again = build_module(MINI, tmp_path / "dist", cache=tmp_path / "cache")
    assert again.read_bytes() == built.read_bytes()
    with zipfile.ZipFile(again) as zf:
        assert {info.date_time for info in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        names = zf.namelist()
    assert names[:2] == ["buildFile.xml", "moduledata"]
    assert names[2:] == sorted(names[2:])


def test_one_changed_unit_redraws_only_that_unit(tmp_path, art_cache):
    game_dir = tmp_path / "game"
    shutil.copytree(MINI, game_dir)
    cache = tmp_path / "cache"
    shutil.copytree(art_cache, cache)  # as left by an earlier build of the same data
    first = build_module(game_dir, tmp_path / "a", cache=cache)
    stamps = {p.name: p.stat().st_mtime_ns for p in (cache / "counters").glob("*.png")}
    text = (game_dir / "units.csv").read_text(encoding="utf-8")
    (game_dir / "units.csv").write_text(text.replace("ger-ir-1,I/159,", "ger-ir-1,I/160,"), encoding="utf-8")
    second = build_module(game_dir, tmp_path / "b", cache=cache)
    redrawn = {n for n, t in stamps.items() if (cache / "counters" / n).stat().st_mtime_ns != t}
    assert redrawn == {"ger-ir-1.png", "ger-ir-1_back.png"}
    with zipfile.ZipFile(first) as a, zipfile.ZipFile(second) as b:
        changed = {n for n in a.namelist() if a.read(n) != b.read(n)}
    assert changed == {"buildFile.xml", "images/ger-ir-1.png", "images/ger-ir-1_back.png"}


def test_progress_is_reported(tmp_path, art_cache):
    seen = []
    build_module(MINI, tmp_path, cache=art_cache, progress=lambda stage, done, total: seen.append((done, total)))
    assert seen[0] == (0, 5) and seen[-1] == (5, 5)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
