"""The area games' boards cut from real geography (issue 22): every town an area is named after
lies inside its polygon at its real (GeoNames, or hand-given `approximate`) position, a real
position is named by the area there (`locate --lonlat`'s projection), and no counter of the
opening set-up sits on an area's name or its victory-city, mobilization-point or airfield symbol."""

from __future__ import annotations

import csv
import json
import tomllib
from pathlib import Path

import pytest
from shapely.geometry import Point, Polygon, box

from conftest import ROOT
from vassal_tools.art.areamap import draw_area_map
from vassal_tools.builder.area_module import area_assembly, stack_box
from vassal_tools.geometry.projection import BoardGeography

GAMES = {"kampen-om-norge": ROOT / "vassal_tools" / "games" / "kampen_om_norge" / "data",
         "norway-1940": ROOT / "vassal_tools" / "games" / "norway_1940" / "data"}


def towns(folder: Path) -> dict[str, tuple[float, float]]:
    """Name -> (lat, lon), Norway's town first where a name is also another country's (Alta)."""
    with open(folder / "geo" / "towns.csv", encoding="utf-8", newline="") as handle:
        rows = sorted(csv.DictReader(handle), key=lambda row: row["country"] != "NO")
    found: dict[str, tuple[float, float]] = {}
    for row in rows:
        found.setdefault(row["name"], (float(row["lat"]), float(row["lon"])))
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_town_an_area_is_drawn_around_lies_inside_it(game):
    folder = GAMES[game]
    board = json.loads((folder / "map.json").read_text(encoding="utf-8"))
    geography = BoardGeography.from_json(board["geography"])
    seeds = tomllib.loads((folder / "geo.toml").read_text(encoding="utf-8"))["areas"]
    places = towns(folder)
    assert set(seeds) <= set(board["areas"])
    outside = []
    for area, listed in seeds.items():
        town = listed[0]
        x, y = geography.pixel(*places[town])
        if not Polygon(board["areas"][area]).contains(Point(x, y)):
            outside.append((area, town))
    assert not outside


@pytest.mark.parametrize(("game", "lat", "lon", "area"), [
    ("kampen-om-norge", 68.438, 17.427, "Narvik"),  # GeoNames' Narvik
    ("kampen-om-norge", 59.913, 10.746, "Oslo"),
    ("kampen-om-norge", 62.075, 9.128, "Dombås"),
    ("kampen-om-norge", 66.0, 4.0, "Sea Zone VIII"),  # the open Norwegian Sea
    ("norway-1940", 60.155, -1.149, "Shetland Islands"),  # Lerwick
    ("norway-1940", 62.010, -6.772, "Faroe Islands"),  # Tórshavn
    ("norway-1940", 63.430, 10.395, "Trondheim"),
])
def test_a_real_position_falls_in_the_area_there(game, lat, lon, area):
    board = json.loads((GAMES[game] / "map.json").read_text(encoding="utf-8"))
    x, y = BoardGeography.from_json(board["geography"]).pixel(lat, lon)
    polygons = {name: Polygon(points) for group in ("areas", "sea_zones") for name, points in board[group].items()}
    assert [name for name, polygon in polygons.items() if polygon.contains(Point(x, y))] == [area]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_opening_stack_on_the_map_sits_on_a_label_or_symbol(game, tmp_path):
    # On the map (land areas and sea zones); a pool's box holds stacks of up to 48 pieces, taller
    # than the box, over its own name.
    assembly = area_assembly(GAMES[game], cache=tmp_path)
    _, labels = draw_area_map(assembly.area_map)
    kinds = {shape.name: shape.kind for shape in assembly.area_map.shapes}
    names = [(label.area, box(*label.box)) for label in labels]
    stacks = [(stack.spot.name, stack_box(*stack.spot.local, len(stack.units))) for stack in assembly.stacks
              if kinds[stack.spot.name] in ("land", "sea")]
    assert len(stacks) > 6
    covered = [(at, area) for at, counters in stacks for area, label in names if counters.intersects(label)]
    assert not covered  # every area has room for its opening stack beside its name (Kampen om Norge's Narvik too)
    on_top = [(a, b) for i, (a, one) in enumerate(stacks) for b, other in stacks[i + 1:] if one.intersects(other)]
    assert not on_top  # nor on another stack


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_opening_stack_lies_wholly_inside_its_area_clear_of_every_label(game, tmp_path):
    # A stack half over its neighbour's area reads as standing there (Kampen om Norge's Narvik stood 56% over
    # Harstad's area): each opening stack on the map, as VASSAL draws it at 100% (a 48-px counter, each piece
    # 4 px right and up), lies inside its own area's polygon, off every area's name and symbols.
    assembly = area_assembly(GAMES[game], cache=tmp_path)
    _, labels = draw_area_map(assembly.area_map)
    polygons = {shape.name: Polygon(shape.points) for shape in assembly.area_map.shapes if shape.kind in ("land", "sea")}
    stacks = [(stack.spot.name, stack_box(*stack.spot.local, len(stack.units))) for stack in assembly.stacks
              if stack.spot.name in polygons]
    assert len(stacks) > 6
    outside = {at: round(covers.difference(polygons[at]).area / covers.area, 2) for at, covers in stacks
               if not polygons[at].contains(covers)}
    assert outside == {}
    assert [(at, label.area) for at, covers in stacks for label in labels if covers.intersects(box(*label.box))] == []


def stations_in_pixels(folder: Path) -> dict[str, list[tuple[str, tuple[float, float]]]]:
    """geo/rails.csv's lines, each station in order at the board pixel of its real position (map.json's projection)."""
    geography = BoardGeography.from_json(json.loads((folder / "map.json").read_text(encoding="utf-8"))["geography"])
    with open(folder / "geo" / "rails.csv", encoding="utf-8", newline="") as handle:
        rows = sorted(csv.DictReader(handle), key=lambda row: (row["line"], int(row["order"])))
    found: dict[str, list[tuple[str, tuple[float, float]]]] = {}
    for row in rows:
        found.setdefault(row["line"], []).append((row["station"], geography.pixel(float(row["lat"]), float(row["lon"]))))
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_rail_line_of_1940_is_drawn_through_its_real_stations(game):
    # The board shows the real rail lines of April 1940 (geo/rails.csv, stations from GeoNames or `approximate`):
    # at each station's real position, and halfway to the next, the board has the hex maps' railroad ink
    # (where no name is printed over it).
    import io

    from PIL import Image

    from vassal_tools.builder.area_module import area_game

    folder = GAMES[game]
    lines = stations_in_pixels(folder)
    assert {"Ofoten line", "Dovre line", "Bergen line", "Nordland line", "Sørland line"} <= set(lines)
    area_map = area_game(folder)
    assert area_map is not None
    png, labels = draw_area_map(area_map)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    rail = tomllib.loads((ROOT / "vassal_tools" / "templates" / "maps.toml").read_text(encoding="utf-8"))
    colour = rail["features"]["railroad"]["colour"]
    ink = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    named = [box(*label.box).buffer(3) for label in labels]
    checked, missing = 0, []
    for line, stations in lines.items():
        points = [(name, at) for name, at in stations]
        points += [(f"{a}-{b}", ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2))
                   for (a, pa), (b, pb) in zip(stations, stations[1:], strict=False)]
        for name, (x, y) in points:
            if not (2 <= x < image.width - 2 and 2 <= y < image.height - 2) or any(n.contains(Point(x, y)) for n in named):
                continue
            checked += 1
            near = {image.getpixel((round(x) + dx, round(y) + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
            if ink not in near:
                missing.append((line, name))
    assert checked > 40
    assert missing == []


def drawn_sea_zones(board: dict) -> dict[str, set[str]]:
    """Each land area's sea zones as the board draws them: a zone along at least 12 px of its coast;
    an area with no such coast, the zone its fjords open onto nearest it (kampen-om-norge.txt 2.3: "A land
    area by a fjord is considered adjacent to the sea zone next to it"; a fjord is the real water inside
    the land areas' polygons)."""
    from shapely import make_valid
    from shapely.ops import unary_union

    areas = {name: Polygon(points) for name, points in board["areas"].items()}
    zones = {name: Polygon(points) for name, points in board["sea_zones"].items()}
    found = {name: {z for z, zone in zones.items() if area.buffer(1.5).intersection(zone.boundary).length >= 12}
             for name, area in areas.items()}
    ground = unary_union([make_valid(Polygon(r)) for r in board["land"] if len(r) >= 3])
    fjords = [w for w in getattr(unary_union(list(areas.values())).difference(ground), "geoms", [])
              if w.area >= 30]
    for name in [n for n, near in found.items() if not near]:
        mouths = {z for w in fjords if areas[name].intersection(w).area >= 30
                  for z, zone in zones.items() if zone.distance(w) <= 1.5}
        found[name] = {min(mouths, key=lambda z: (zones[z].distance(areas[name]), z))} if mouths else set()
    return found


def test_each_areas_sea_zones_are_the_drawn_ones():
    # areas.csv's sea_zones (where the cards and reinforcements may go, 4.3) against the board cut from the
    # real coast: Narvik by the Ofotfjord and Oslo by the Oslofjord border their zones through the fjord
    folder = GAMES["kampen-om-norge"]
    board = json.loads((folder / "map.json").read_text(encoding="utf-8"))
    with open(folder / "areas.csv", encoding="utf-8", newline="") as handle:
        listed = {row["name"]: {z for z in row["sea_zones"].split(";") if z}
                  for row in csv.DictReader(handle) if row["kind"] == "land"}
    drawn = drawn_sea_zones(board)
    assert {name: (zones, drawn[name]) for name, zones in listed.items() if zones != drawn[name]} == {}
    assert drawn["Narvik"] == {"Sea Zone VII"} and drawn["Oslo"] == {"Sea Zone I"} and drawn["Voss"] == {"Sea Zone IV"}


def test_every_box_holds_its_opening_stack_clear_of_every_name(tmp_path):
    # Norway 1940's off-map bases and pools hold stacks of 4 to 48 pieces: each box is sized for its
    # stack (a 48-px counter, 4 px a piece more right and up), which lies wholly inside it and off its name.
    assembly = area_assembly(GAMES["norway-1940"], cache=tmp_path)
    _, labels = draw_area_map(assembly.area_map)
    boxes = {shape.name: Polygon(shape.points) for shape in assembly.area_map.shapes if shape.kind == "box"}
    stacks = [(stack.spot.name, len(stack.units), stack_box(*stack.spot.local, len(stack.units)))
              for stack in assembly.stacks if stack.spot.name in boxes]
    assert max(count for _, count, _ in stacks) == 48 and len(stacks) == 7
    assert [(at, count) for at, count, covers in stacks if not boxes[at].contains(covers)] == []
    assert [(at, label.area) for at, _, covers in stacks for label in labels if covers.intersects(box(*label.box))] == []


def test_locate_names_the_area_at_a_real_position_in_the_built_module(tmp_path):
    from click.testing import CliRunner

    from vassal_tools.builder.area_module import build_area_module
    from vassal_tools.cli import main

    module = build_area_module(GAMES["kampen-om-norge"], tmp_path / "out", cache=tmp_path / "cache")
    done = CliRunner().invoke(main, ["locate", str(module), "--map", "Kampen om Norge",
                                     "--lonlat", "68.438,17.427", "--lonlat", "60.393,5.324"])
    assert done.exit_code == 0, done.output
    assert [line.split("\t")[2] for line in done.output.splitlines()] == ["Narvik", "Bergen"]
