"""Labels of the Operational Map do not collide (issue 13 point 3: HORDALAND near Voss,
and "Bergen / Kvarven" over the next row's hex numbers). Boxes are computed here from the
grid and the style (maps.toml), not read back from the drawing code."""

from __future__ import annotations

import csv
from collections import defaultdict

import pytest
from shapely.geometry import Polygon
from shapely.geometry import box as shapely_box
from shapely.ops import unary_union

from conftest import ROOT
from vassal_tools.art.canvas import Canvas
from vassal_tools.art.colours import parse
from vassal_tools.art.map_data import map_data
from vassal_tools.art.map_style import load_map_style
from vassal_tools.art.operational import (
    KEY_LINE,
    draw_operational_panel,
    key_entries,
    label_point,
    place_names,
    zone_label,
)

GAME = ROOT / "module_src" / "invasion_norway"
SKIPPED_KINDS = ("map_edge_group", "frozen_fjord", "mobilization_center")  # not labelled by name


@pytest.fixture(scope="module")
def board():
    data = map_data(GAME)
    style = load_map_style()
    return data, style, data.layout, Canvas((8, 8), 1, (255, 255, 255), 1)


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def number_box(canvas, layout, style, name: str):
    """Where a hex's number is printed: centred, hex.number_offset above the centre."""
    h = layout.hex_height
    size = h * style.number("hex.number_size")
    x, y = layout.centre(name)
    top = y - h * style.number("hex.number_offset") - size / 2
    half = canvas.text_width(name, "condensed", size) / 2
    return x - half, top, x + half, top + size


def named_hexes(data) -> dict[str, list[str]]:
    names: dict[str, list[str]] = defaultdict(list)
    for place in data.places:
        if place.get("hex") and place.get("kind") not in SKIPPED_KINDS and place["name"] not in names[place["hex"]]:
            names[place["hex"]].append(place["name"])
    return names


def test_place_names_cover_no_hex_number(board):
    data, style, layout, canvas = board
    h = layout.hex_height
    size = h * style.number("places.label_size")
    hexes = [row["hex"] for row in data.hexes if row.get("hex")]
    numbers = {name: number_box(canvas, layout, style, name) for name in hexes}
    clashes = []
    for hex_name, names in named_hexes(data).items():
        cx, cy = layout.centre(hex_name)
        for box in place_names(canvas, (cx, cy), names, size, (0, 0, 0), (255, 255, 255), h):
            near = [n for n, nbox in numbers.items() if abs(nbox[1] - box[1]) < 2 * h and overlap(box, nbox)]
            clashes += [f"{' / '.join(names)} ({hex_name}) over {n}" for n in near]
    assert not clashes


def test_bergen_and_kvarven_are_named_within_their_hex(board):
    data, style, layout, canvas = board
    h = layout.hex_height
    cx, cy = layout.centre("4332")
    boxes = place_names(canvas, (cx, cy), named_hexes(data)["4332"], h * style.number("places.label_size"),
                        (0, 0, 0), (255, 255, 255), h)
    left, top, right, bottom = Polygon(layout.polygon("4332")).bounds
    assert len(boxes) == 2  # one name a line: together they are wider than the hex
    assert all(left < b[0] and b[2] < right and top < b[1] and b[3] < bottom for b in boxes)


def hex_range(text: str) -> list[str]:
    """An edge group's ``hexes`` in places.csv: "4033-4734" is XX 40 to 47 by YY 33 to 34
    (the row's own note), else a list of hexes."""
    first, dash, last = text.strip().partition("-")
    if not dash:
        return text.replace(",", " ").split()
    return [f"{x:02d}{y:02d}" for x in range(int(first[:2]), int(last[:2]) + 1)
            for y in range(int(first[2:]), int(last[2:]) + 1)]


def areas(data, style) -> list[tuple[str, list[str], float, bool]]:
    """(label, member hexes, label size, whether a zone's) of every zone and every Map Edge Hex Group (1.1)."""
    h = data.layout.hex_height
    by_zone: dict[str, list[str]] = defaultdict(list)
    for row in data.hexes:
        if row.get("hex") and row.get("zone"):
            by_zone[row["zone"]].append(row["hex"])
    out = [(zone.upper(), members, h * style.number("zones.label_size"), True) for zone, members in by_zone.items()]
    known = {row["hex"] for row in data.hexes}
    for place in data.places:
        if place.get("kind") == "map_edge_group":
            label = f"{place['name']} = {place.get('omp', '')}".rstrip(" =")
            members = [n for n in hex_range(place.get("hexes", "")) if n in known]
            out.append((label, members, h * style.number("edge_groups.label_size"), False))
    return out


def test_zone_and_edge_group_names_cover_no_place_and_no_hex_number(board):
    data, style, layout, canvas = board
    h = layout.hex_height
    taken = {name: shapely_box(*Polygon(layout.polygon(name)).bounds).bounds for name in named_hexes(data)}
    hexes = [row["hex"] for row in data.hexes if row.get("hex")]
    rows = sorted({layout.centre(name)[1] for name in hexes})
    numbers = {name: number_box(canvas, layout, style, name) for name in hexes}
    checked = []
    for text, members, size, zone in areas(data, style):
        shape = unary_union([Polygon(layout.polygon(n)) for n in members]).intersection(shapely_box(0, 0, *layout.size))
        shape = max(getattr(shape, "geoms", [shape]), key=lambda g: g.area)  # its largest part on the board
        if zone:  # a zone's name shrinks to fit a narrow zone (a strip of sea off the coast)
            x, y, size = zone_label(canvas, shape, text, size, h, list(taken.values()), rows)
        else:
            x, y = label_point(shape, canvas.text_width(text, "condensed_bold", size), size, h, list(taken.values()), rows)
        width = canvas.text_width(text, "condensed_bold", size)
        label = (x - width / 2, y - size / 2, x + width / 2, y + size / 2)
        covered = [n for n, box in taken.items() if overlap(label, box)]
        assert not covered, f"{text} over the places of {covered}"
        assert shape.contains(shapely_box(*label)), f"{text} leaves its area or the board"
        over_numbers = [n for n, box in numbers.items() if overlap(label, box)]
        assert not over_numbers, f"{text} over hex numbers {over_numbers}"
        checked.append(text)
    assert "HORDALAND" in checked and "4229" in taken  # Voss's hex (its real position's) was covered before
    assert any(text.startswith("Scapa Flow = ") for text in checked)  # it lay over Bergen's neighbours' numbers


def test_the_key_explains_every_tint_and_line_the_map_draws(board):
    """Expectations read from the game's tables: hexes.csv terrains, hexsides.csv features,
    places.csv edge groups and frozen fjord, and the zone and weather borders (3.0)."""
    data, style, _layout, _canvas = board
    entries = key_entries(data, style)
    fills = {e.colour for e in entries if e.kind == "fill"}
    terrains = {row["terrain"] for row in csv_rows("hexes.csv")} - {""}
    assert {parse(style.get(f"terrain.{t}")) for t in terrains} <= fills
    features = {row["feature"] for row in csv_rows("hexsides.csv")} - {""}
    assert {e.feature for e in entries if e.kind == "line"} == features
    groups = [row for row in csv_rows("places.csv") if row["kind"] == "map_edge_group"]
    assert len([e for e in entries if "Map Edge Hex Group" in e.label]) == len(groups) > 0
    assert {"hatch", "border", "weather", "coast", "lake"} <= {e.kind for e in entries}


def test_the_panel_is_tall_enough_for_the_whole_key(board):
    data, style, _layout, _canvas = board
    panel = draw_operational_panel(data, style)
    gunfire = [row for row in csv_rows("boxes.csv") if row["kind"] == "gunfire_support"]
    needed = len(gunfire) * style.number("operational.box_height") + len(key_entries(data, style)) * KEY_LINE
    assert panel.canvas.size[1] > needed


def csv_rows(name: str) -> list[dict]:
    with (GAME / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))
