"""Map art: boards drawn from the data, with the zones and boxes the module builder needs."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest
from PIL import Image
from shapely.geometry import Point, Polygon

from conftest import DATA, ROOT
from vassal_tools.art import maps as maps_module
from vassal_tools.art.colours import parse
from vassal_tools.art.map_data import map_data, read_csv
from vassal_tools.art.map_style import load_map_style
from vassal_tools.art.maps import map_painters, render_maps
from vassal_tools.errors import BadInput

FIXTURE = DATA / "art" / "map"
STYLE = load_map_style()


@pytest.fixture(scope="module")
def arts(tmp_path_factory):
    return render_maps(FIXTURE, tmp_path_factory.mktemp("maps"))


@pytest.fixture(scope="module")
def operational(arts):
    return Image.open(arts["Operational Map"].image_path).convert("RGB")


def _close(a, b, tolerance=24) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_every_map_is_drawn(arts):
    assert set(arts) == set(map_painters(STYLE, map_data(FIXTURE)))
    assert {"Operational Map", "Strategic Map", "Airbase Display", "Turn Record Track"} <= set(arts)
    for art in arts.values():
        with Image.open(art.image_path) as image:
            assert image.size == art.size


def test_output_is_deterministic_and_cached(tmp_path, monkeypatch):
    a = render_maps(FIXTURE, tmp_path / "a")
    b = render_maps(FIXTURE, tmp_path / "b")
    for name in a:
        assert a[name].image_path.read_bytes() == b[name].image_path.read_bytes(), name

    def refuse(*args):
        raise AssertionError("an unchanged map was redrawn")

    monkeypatch.setattr(maps_module, "_draw", refuse)
    again = render_maps(FIXTURE, tmp_path / "a")
    assert again == a  # same sizes, zones (in order) and boxes from the manifest


def test_hexes_are_filled_with_their_terrain(operational):
    data = map_data(FIXTURE)
    places = {p["hex"] for p in data.places if p.get("hex")}
    checked, wrong = 0, []
    for row in data.hexes:
        if row["hex"] in places or row["terrain"] not in ("clear", "forest", "rough", "mountain", "sea"):
            continue
        x, y = data.layout.centre(row["hex"])
        # Low in the hex: clear of its number (above the centre) and of the band between two rows
        # of numbers where zone names go (0.1 hex heights below a row's centres; a name shrunk to
        # fit a narrow zone lies there). Zone names at full size may still cover a few hexes (a
        # tenth of this small map), hence "nearly all".
        h = data.layout.hex_height
        if operational.getpixel((round(x), round(y + 0.4 * h))) != parse(STYLE.get(f"terrain.{row['terrain']}")):
            wrong.append(row["hex"])
        checked += 1
    assert checked > 50 and len(wrong) <= checked // 10, wrong


def _along(p, q, distance):
    length = math.dist(p, q)
    return (p[0] + (q[0] - p[0]) * distance / length, p[1] + (q[1] - p[1]) * distance / length)


def test_hexside_features_are_drawn_where_the_data_puts_them(operational):
    layout = map_data(FIXTURE).layout
    river = parse(STYLE.get("features.river.colour"))
    p, q = layout.side("0405", "0505")
    mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    assert _close(operational.getpixel((round(mid[0]), round(mid[1]))), river)
    road = parse(STYLE.get("features.road.colour"))
    a, b = layout.centre("0304"), layout.centre("0404")
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    assert _close(operational.getpixel((round(mid[0]), round(mid[1]))), road)


def test_weather_section_line_is_dotted_white(operational):
    # 3.0: Troms (north section) meets Trondelag (central) between 0604 and 0704.
    layout = map_data(FIXTURE).layout
    p, q = layout.side("0604", "0704")
    x, y = _along(p, q, 1.5)
    assert _close(operational.getpixel((round(x), round(y))), (255, 255, 255), 40)


def test_operational_zones_contain_their_hexes(arts):
    data = map_data(FIXTURE)
    zones = {name: Polygon(ring) for name, ring in arts["Operational Map"].zones.items()}
    assert set(zones) == {row["zone"] for row in data.hexes}
    for row in data.hexes:
        centre = Point(data.layout.centre(row["hex"]))
        inside = [name for name, poly in zones.items() if poly.contains(centre)]
        assert inside == [row["zone"]], row["hex"]


def test_gunfire_support_boxes_for_operational_sea_zones(arts):
    zones = read_csv(FIXTURE / "zones.csv")
    sea = {z["name"] for z in zones if z["kind"] == "sea" and z["operational_map"] == "yes"}
    gunfire = {b["id"]: b for b in map_data(FIXTURE).boxes if b["kind"] == "gunfire_support"}
    assert {b["place"] for b in gunfire.values()} == sea
    panel = arts["Operational Map Panel"]
    assert set(panel.boxes) == set(gunfire)
    width, height = panel.size
    for x, y, w, h in panel.boxes.values():
        assert 0 <= x and x + w <= width and 0 <= y and y + h <= height


def test_operational_board_is_exactly_the_grid_board(arts):
    # VASSAL sizes a board by its image and counts descending hex numbers from its width.
    assert arts["Operational Map"].size == map_data(FIXTURE).layout.size


def test_strategic_map_has_every_zone_with_subzones_first(arts):
    art = arts["Strategic Map"]
    zones = read_csv(FIXTURE / "zones.csv")
    assert [z for z in art.zones] and {z["name"] for z in zones} == set(art.zones)
    order = list(art.zones)
    for z in zones:
        if z["parent"]:
            assert order.index(z["name"]) < order.index(z["parent"]), z["name"]
            child, parent = Polygon(art.zones[z["name"]]), Polygon(art.zones[z["parent"]])
            assert parent.contains(child)
    # Weather Tracks (3.1.3): a box per section and state.
    assert "weather-north/stormy" in art.boxes and "weather-south/clear" in art.boxes
    # Airbase zones have Ready and Flown holding boxes (6.4.5), inside the zone.
    assert {"zone-scapa-flow", "zone-scapa-flow/ready", "zone-scapa-flow/flown"} <= set(art.boxes)
    x, y, w, h = art.boxes["zone-scapa-flow/flown"]
    assert Polygon(art.zones["Scapa Flow"]).contains(Polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)]))


def test_strategic_zone_rectangles_do_not_overlap(arts):
    art = arts["Strategic Map"]
    top = {z["name"]: Polygon(art.zones[z["name"]]) for z in read_csv(FIXTURE / "zones.csv") if not z["parent"]}
    names = sorted(top)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert top[a].intersection(top[b]).area == 0, (a, b)


def test_airbase_display_and_turn_track_boxes(arts):
    boxes = arts["Airbase Display"].boxes
    expected = {"airbase-bardufoss/ready", "airbase-bardufoss/flown", "airbase-vaernes/ready", "carrier-ark-royal/flown", "carrier-glorious/ready"}
    assert expected <= set(boxes)
    turns = arts["Turn Record Track"].boxes
    assert list(turns) == ["turn-april-2", "turn-april-3", "turn-april-4", "turn-april-5", "turn-april-6", "turn-may-1"]


def test_only_and_unknown_map(tmp_path):
    arts = render_maps(FIXTURE, tmp_path, only=["Turn Record Track"])
    assert list(arts) == ["Turn Record Track"]
    with pytest.raises(BadInput, match="no such map: Moon"):
        render_maps(FIXTURE, tmp_path, only=["Moon"])


def _copy_fixture(tmp_path: Path) -> Path:
    folder = tmp_path / "src"
    shutil.copytree(FIXTURE, folder)
    return folder


def test_hexside_with_unknown_hex_names_the_file(tmp_path):
    folder = _copy_fixture(tmp_path)
    with (folder / "hexsides.csv").open("a", encoding="utf-8") as handle:
        handle.write("0101,9999,river\n")
    with pytest.raises(BadInput, match="9999") as err:
        render_maps(folder, tmp_path / "out", only=["Operational Map"])
    assert "hexsides.csv" in str(err.value)


def test_missing_grid_is_reported(tmp_path):
    folder = _copy_fixture(tmp_path)
    (folder / "operational_grid.json").unlink()
    with pytest.raises(BadInput, match="operational grid"):
        render_maps(folder, tmp_path / "out", only=["Operational Map"])


def test_bad_style_names_the_field(tmp_path):
    templates = tmp_path / "templates"
    templates.mkdir()
    text = (Path(maps_module.__file__).resolve().parents[2] / "templates" / "maps.toml").read_text(encoding="utf-8")
    (templates / "maps.toml").write_text(text.replace('forest = "#a9c58f"', 'forest = "greenish"'), encoding="utf-8")
    with pytest.raises(BadInput, match="terrain.forest") as err:
        render_maps(FIXTURE, tmp_path / "out", only=["Operational Map"], templates=templates)
    assert "maps.toml" in str(err.value)


def test_zone_path_is_a_zoned_grid_path(arts):
    art = arts["Strategic Map"]
    path = art.zone_path("Troms")
    points = [tuple(int(v) for v in p.split(",")) for p in path.split(";")]
    assert points == art.zones["Troms"] and len(points) == 4


GAME = ROOT / "module_src" / "invasion_norway"


@pytest.mark.skipif(not (GAME / "boxes.csv").exists(), reason="module_src boxes.csv not written yet")
def test_every_box_of_boxes_csv_is_drawn(tmp_path):
    # Scenarios set units up in boxes by id: each must be somewhere on a map.
    names = [n for n in map_painters(STYLE) if n != "Operational Map"]
    drawn = set()
    for art in render_maps(GAME, tmp_path, only=names).values():
        drawn |= set(art.boxes)
    assert {b["id"] for b in read_csv(GAME / "boxes.csv")} <= drawn


@pytest.mark.skipif(not (GAME / "operational_grid.json").exists(), reason="module_src map data not written yet")
def test_invasion_norway_operational_map(tmp_path):
    art = render_maps(GAME, tmp_path, only=["Operational Map"])["Operational Map"]
    hexes = read_csv(GAME / "hexes.csv")
    assert set(art.zones) == {h["zone"] for h in hexes}
    with Image.open(art.image_path) as image:
        assert image.size == map_data(GAME).layout.size == (art.size[0], art.size[1])
