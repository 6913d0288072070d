"""Every case of the grid vectors (computed by VASSAL's own classes) through vassal_tools.geometry.

One test per config; a failure lists how many points differ and the first few.
"""

from __future__ import annotations

import json
from functools import cache

import pytest

from conftest import VECTORS, load_vectors
from vassal_tools.geometry.board import Board
from vassal_tools.geometry.hexgrid import HexGrid
from vassal_tools.geometry.maps import BoardCell, Map
from vassal_tools.geometry.numbering import NUMBERING_CLASSES
from vassal_tools.geometry.regiongrid import Region, RegionGrid
from vassal_tools.geometry.squaregrid import SquareGrid
from vassal_tools.geometry.zonedgrid import Zone, ZonedGrid, parse_path


@cache
def vectors(name: str):
    """Each vector file parsed once for the whole module (hexgrid.json is large)."""
    return load_vectors(name)


def _config_params(name: str):
    path = VECTORS / name
    if not path.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{path} absent"))]
    configs = json.loads(path.read_text(encoding="utf-8"))["configs"]
    return [pytest.param(i, id=f"config{i}") for i in range(len(configs))]


def _report(mismatches: list, total: int) -> str:
    return f"{len(mismatches)} of {total} points differ; first: " + "; ".join(map(str, mismatches[:5]))


def hex_grid_of(config: dict) -> HexGrid:
    numbering = dict(config["numbering"])
    numbering_class = NUMBERING_CLASSES[numbering.pop("class")]
    return HexGrid.from_attributes(config["grid"], numbering, tuple(config["board_size"]), numbering_class)


@pytest.mark.parametrize("index", _config_params("hexgrid.json"))
def test_hexgrid_config(index):
    config = vectors("hexgrid.json")["configs"][index]
    grid = hex_grid_of(config)
    mismatches = []
    for row in config["points"]:
        r = dict(zip(config["columns"], row))
        x, y = r["x"], r["y"]
        centre = grid.snap(x, y, center_only=True)
        expected = ((r["snapTo_x"], r["snapTo_y"]), (r["snapCenter_x"], r["snapCenter_y"]),
                    (r["grid_rawColumn"], r["grid_rawRow"]), (r["numbering_column"], r["numbering_row"]),
                    r["locationName(point)"], r["locationName(snapCenter)"])
        got = (grid.snap(x, y), centre, (grid.raw_column(x, y), grid.raw_row(x, y)), grid.column_row(x, y),
               grid.location_name(x, y), grid.location_name(*centre))
        if got != expected:
            mismatches.append(((x, y), expected, got))
    assert not mismatches, _report(mismatches, len(config["points"]))


@pytest.mark.parametrize("index", _config_params("squaregrid.json"))
def test_squaregrid_config(index):
    config = vectors("squaregrid.json")["configs"][index]
    grid = SquareGrid.from_attributes(config["grid"], config["numbering"], tuple(config["board_size"]))
    mismatches = []
    for row in config["points"]:
        r = dict(zip(config["columns"], row))
        x, y = r["x"], r["y"]
        expected = ((r["snapTo_x"], r["snapTo_y"]), (r["snapCenter_x"], r["snapCenter_y"]),
                    (r["numbering_column"], r["numbering_row"]), r["locationName(point)"])
        got = (grid.snap(x, y), grid.snap(x, y, center_only=True), grid.column_row(x, y), grid.location_name(x, y))
        if got != expected:
            mismatches.append(((x, y), expected, got))
    assert not mismatches, _report(mismatches, len(config["points"]))


def test_regiongrid_vectors():
    data = load_vectors("regiongrid.json")
    regions = [Region(r["name"], r["originx"], r["originy"]) for r in data["regions"]]
    grid = RegionGrid(regions, snap_to=str(data["snapto"]).lower() == "true")
    mismatches = []
    for row in data["points"]:
        r = dict(zip(data["columns"], row))
        expected = ((r["snapTo_x"], r["snapTo_y"]), r["locationName"])
        got = (grid.snap(r["x"], r["y"]), grid.location_name(r["x"], r["y"]))
        if got != expected:
            mismatches.append(((r["x"], r["y"]), expected, got))
    assert not mismatches, _report(mismatches, len(data["points"]))


def zoned_grid_of(data: dict) -> ZonedGrid:
    size = tuple(data["board_size"])
    # The file describes its background grid in words: HexGrid dx 55.4256 dy 64, default numbering.
    bg = data["background_grid"]
    background = HexGrid.from_attributes({k: bg[k] for k in ("dx", "dy", "x0", "y0")}, {}, size)
    zones = []
    for spec in data["zones_in_order"]:
        points = parse_path(spec["path"])
        zone = Zone(spec["name"], points, spec["locationFormat"], None, spec["useParentGrid"] == "true")
        if spec["grid"] in ("square", "hex"):
            attrs = dict(spec["grid_attrs"])
            numbering = {k: v for k, v in attrs.pop("numbering").items() if k != "others"}
            cls = SquareGrid if spec["grid"] == "square" else HexGrid
            zone.own_grid = cls.from_attributes(attrs, numbering, zone.size)
        zones.append(zone)
    return ZonedGrid(zones, background, size)


def test_zonedgrid_vectors():
    data = load_vectors("zonedgrid.json")
    grid = zoned_grid_of(data)
    mismatches = []
    for row in data["points"]:
        r = dict(zip(data["columns"], row))
        x, y = r["x"], r["y"]
        zone = grid.find_zone(x, y)
        expected = (r["zone"], (r["snapTo_x"], r["snapTo_y"]), r["locationName"])
        got = (zone.name if zone else None, grid.snap(x, y), grid.location_name(x, y))
        if got != expected:
            mismatches.append(((x, y), expected, got))
    assert not mismatches, _report(mismatches, len(data["points"]))


# map_boards.json gives the two grids but not which board carries which; SW is the
# only square-grid board consistent with the points (every other assignment fails).
MAP_BOARD_GRIDS = {"NW": "hex", "NE": "hex", "SW": "square", "SE": "hex"}


def map_of(data: dict) -> Map:
    boards, cells = {}, []
    for spec in data["boards"]:
        size = tuple(spec["bounds"][2:])
        kind = MAP_BOARD_GRIDS[spec["name"]]
        attrs = {k: v for k, v in data["grids"][kind].items() if k != "numbering"}
        grid = (HexGrid if kind == "hex" else SquareGrid).from_attributes(attrs, {}, size)
        boards[spec["name"]] = Board(spec["name"], size, grid)
        cells.append(BoardCell(spec["name"], spec["relpos"][0], spec["relpos"][1], spec["reversed"]))
    edge = (data["map"]["edgeWidth"], data["map"]["edgeHeight"])
    return Map.from_layout(data["map"]["mapName"], boards, cells, edge)


def test_map_board_placement_and_size():
    data = vectors("map_boards.json")
    game_map = map_of(data)
    assert [list(b.bounds) for b in game_map.boards] == [spec["bounds"] for spec in data["boards"]]
    assert list(game_map.size) == data["map"]["mapSize"]


def test_map_vectors():
    data = vectors("map_boards.json")
    game_map = map_of(data)
    mismatches = []
    for row in data["points"]:
        r = dict(zip(data["columns"], row))
        x, y = r["map_x"], r["map_y"]
        board = game_map.find_board(x, y)
        expected = (r["board"], (r["map.snapTo_x"], r["map.snapTo_y"]), r["map.locationName"])
        got = (board.name if board else None, game_map.snap(x, y), game_map.location_name(x, y))
        if got != expected:
            mismatches.append(((x, y), expected, got))
    assert not mismatches, _report(mismatches, len(data["points"]))
