"""The Kampen om Norge module, built from its data by ``vassal-tools build``: its board is drawn
from the areas' polygons and carries a ZonedGrid with one Zone per area, so VASSAL names every
point of an area after that area. The points are checked through the built module, read back
with our reader and named by :mod:`vassal_tools.geometry` (VASSAL's ZonedGrid naming)."""

from __future__ import annotations

import random
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from shapely.geometry import Point, Polygon, box

import vassal_tools
from vassal_tools.art.areamap import draw_area_map
from vassal_tools.cli import main
from vassal_tools.games.kampen_om_norge import KampenPack
from vassal_tools.games.kampen_om_norge.data import DATA, load_kampen
from vassal_tools.geometry.from_module import maps_from_module

BOARD = "Kampen om Norge"


def build(out: Path, cache: Path) -> Path:
    result = CliRunner().invoke(main, ["build", str(DATA), "-o", str(out), "--cache", str(cache)])
    assert result.exit_code == 0, result.output
    return out / "kampen-om-norge.vmod"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("kampen-build")
    return build(root / "a", root / "cache")


def test_the_module_builds_byte_identical_twice(built, tmp_path):
    again = build(tmp_path / "b", tmp_path / "cache")  # a cold cache: drawn again
    assert again.read_bytes() == built.read_bytes()


def test_the_module_opens_and_every_image_it_names_is_in_it(built):
    module = vassal_tools.open(built)
    assert module.name == "Kampen om Norge"
    with zipfile.ZipFile(built) as zf:
        names = set(zf.namelist())
        build_file = zf.read("buildFile.xml").decode("utf-8")
    images = {n for n in names if n.startswith("images/")}
    assert images
    for image in images:
        assert f'image="{image[len("images/"):]}"' in build_file
    for needed in ("Åndalsnes", "Bjørnfjell", "Sea Zone VIII", "Skip på raid"):
        assert f'name="{needed}"' in build_file  # a Zone named as the text spells the area


def test_every_area_is_named_by_its_own_zone_in_the_module(built):
    game = load_kampen()
    the_map = maps_from_module(vassal_tools.open(built))[BOARD]
    rng = random.Random(12)
    for name, points in game.board.areas.items():
        polygon = Polygon(points)
        centroid = polygon.centroid
        spots = [(centroid.x, centroid.y)] if polygon.contains(centroid) else []
        x0, y0, x1, y1 = polygon.bounds
        while len(spots) < 6:
            x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
            if polygon.buffer(-1).contains(Point(x, y)):
                spots.append((x, y))
        for x, y in spots:
            assert the_map.location_name(round(x), round(y)) == name, (name, x, y)


def test_every_land_area_has_a_zone_and_outside_norway_is_none():
    game = load_kampen()
    assert len([a for a in game.areas.values() if a.kind == "land"]) == 44
    sweden = Polygon(game.board.impassable[0])
    # Vertices are whole pixels: a sliver of a few square pixels along the border is rounding.
    assert not any(Polygon(p).intersection(sweden).area > 50 for p in game.board.areas.values())


def test_labels_sit_inside_their_areas_without_collisions():
    area_map = KampenPack().area_map()
    _, labels = draw_area_map(area_map)
    assert {label.area for label in labels} == {s.name for s in area_map.shapes}
    boxes = {}
    for label in labels:
        assert label.inside, label
        rect = box(*label.box)
        assert Polygon(area_map.shape(label.area).points).contains(rect), label.area
        boxes[label.area] = rect
    names = sorted(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not boxes[a].intersects(boxes[b]), (a, b)


def test_drawn_neighbours_are_the_datas_or_marked_impassable():
    # Every pair of land areas the data says border each other touch on the drawn board.
    game = load_kampen()
    polygons = {n: Polygon(p) for n, p in game.board.areas.items()}
    for border in game.borders:
        if game.areas[border.a].kind == game.areas[border.b].kind == "land":
            assert polygons[border.a].intersection(polygons[border.b]).length > 3, (border.a, border.b)
