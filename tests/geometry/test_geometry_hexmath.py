"""Hex maths in a game's own numbering, derived from the VASSAL grid (geometry/hexmath.py).

The Invasion: Norway tests read the grid the module is built from
(module_src/invasion_norway/operational_grid.json) and check it against facts the
rulebook states, cited by rule number of ``invasion-norway.txt``.
"""

from __future__ import annotations

import itertools
import json

import pytest

from conftest import ROOT
from vassal_tools.geometry.hexgrid import HexGrid
from vassal_tools.geometry.hexmath import HexMap
from vassal_tools.geometry.numbering import HexGridNumbering, ObliqueHexGridNumbering

OPERATIONAL_GRID = ROOT / "module_src" / "invasion_norway" / "operational_grid.json"

# Every numbering option that changes which names sit next to each other.
LAYOUTS = [
    pytest.param(sideways, stagger, h_descend, v_descend, h_off, numbering,
                 id=f"{'side' if sideways else 'up'}-{'stag' if stagger else 'flat'}-h{int(h_descend)}v{int(v_descend)}-off{h_off}-{numbering.__name__[:3]}")
    for sideways, stagger, h_descend, v_descend, h_off, numbering in itertools.product(
        (False, True), (True, False), (False, True), (False, True), (0, 1), (HexGridNumbering, ObliqueHexGridNumbering))
]


def small_map(sideways=False, stagger=True, h_descend=False, v_descend=False, h_off=1, numbering=HexGridNumbering,
              sep=".") -> HexMap:
    options = HexGridNumbering(h_descend=h_descend, v_descend=v_descend, stagger=stagger, h_off=h_off, sep=sep)
    kwargs = {f.name: getattr(options, f.name) for f in options.__dataclass_fields__.values() if f.name != "properties"}
    grid = HexGrid(dx=48.0, dy=56.0, x0=30, y0=28, sideways=sideways, numbering=numbering(**kwargs), size=(640, 520))
    return HexMap(grid)


@pytest.mark.parametrize("sideways,stagger,h_descend,v_descend,h_off,numbering", LAYOUTS)
def test_cube_neighbours_equal_geometric_neighbours(sideways, stagger, h_descend, v_descend, h_off, numbering):
    """Neighbours found by snapping one hex step away agree with cube arithmetic, on every hex."""
    hexmap = small_map(sideways, stagger, h_descend, v_descend, h_off, numbering)
    hexes = hexmap.hexes()
    assert len(hexes) > 80
    for name in hexes:
        assert sorted(hexmap.neighbours(name)) == sorted(hexmap.ring(name, 1)), name
        assert all(hexmap.distance(name, other) == 1 for other in hexmap.neighbours(name))


@pytest.mark.parametrize("sideways,stagger,h_descend,v_descend,h_off,numbering", LAYOUTS)
def test_names_round_trip(sideways, stagger, h_descend, v_descend, h_off, numbering):
    hexmap = small_map(sideways, stagger, h_descend, v_descend, h_off, numbering)
    hexes = hexmap.hexes()
    assert len(set(hexes)) == len(hexes), "two hexes share a name"
    for name in hexes:
        fresh = HexMap(hexmap.grid)  # no cache: the name is read back through the numbering
        assert fresh.name_of(fresh.index(name)) == name
        assert fresh.name_at(*fresh.column_row(name)) == name
        # The hex containing its own centre is itself, and VASSAL's getLocation lands there too.
        assert fresh.hex_at(*fresh.centre(name)) == name
        assert fresh.hex_at(*hexmap.grid.point_of_location(name)) == name


def test_alphabetic_names_read_back():
    options = dict(h_type="A", h_leading=0, h_off=0, sep="-", first="V")
    grid = HexGrid(dx=40.0, dy=46.0, numbering=HexGridNumbering(**options), size=(1300, 500))
    hexmap = HexMap(grid)
    names = hexmap.hexes()
    assert {"01-A", "01-Z", "01-AA"} <= set(names)  # 26 -> AA: letters double, not base 26
    assert hexmap.column_row("01-AA") == (26, 1)
    assert hexmap.distance("01-Z", "01-AA") == 1


def test_distance_line_and_range_properties():
    hexmap = small_map()
    hexes = hexmap.hexes()
    for a, b in itertools.islice(itertools.combinations(hexes[::7], 2), 400):
        d = hexmap.distance(a, b)
        assert d == hexmap.distance(b, a)
        line = hexmap.line(a, b)
        assert line[0] == a and line[-1] == b and len(line) == d + 1
        assert all(hexmap.distance(p, q) == 1 for p, q in zip(line, line[1:]))
    middle = hexmap.hex_at(320, 260)
    for radius in range(4):
        around = hexmap.within(middle, radius)
        assert len(around) == 3 * radius * (radius + 1) + 1
        assert all(hexmap.distance(middle, h) <= radius for h in around)


def test_hexside_id_is_stable_and_needs_adjacency():
    hexmap = small_map(sep="")
    a = hexmap.hex_at(320, 260)
    for b in hexmap.neighbours(a):
        assert hexmap.hexside(a, b) == hexmap.hexside(b, a) == tuple(sorted((a, b)))
        x, y = hexmap.hexside_point(a, b)
        (ax, ay), (bx, by) = hexmap.centre(a), hexmap.centre(b)
        assert abs(x - (ax + bx) / 2) <= 2 and abs(y - (ay + by) / 2) <= 2
    far = hexmap.ring(a, 2)[0]
    with pytest.raises(ValueError):
        hexmap.hexside(a, far)


def test_unknown_names_are_refused():
    hexmap = small_map()
    for bad in ("", "x", "0102", "99.99.99"):
        with pytest.raises(ValueError):
            hexmap.index(bad)


# --- Invasion: Norway Operational Map -------------------------------------------------------


@pytest.fixture(scope="module")
def norway() -> HexMap:
    spec = json.loads(OPERATIONAL_GRID.read_text(encoding="utf-8"))
    size = tuple(spec["size"])
    return HexMap(HexGrid.from_attributes(spec["grid"], spec["numbering"], size))


def test_norway_names_every_hex_xxyy_in_range(norway):
    spec = json.loads(OPERATIONAL_GRID.read_text(encoding="utf-8"))["hexes"]
    expected = {f"{c:02d}{r:02d}" for c in range(spec["first_column"], spec["last_column"] + 1)
                for r in range(spec["first_row"], spec["last_row"] + 1)}
    hexes = norway.hexes()
    assert len(hexes) == len(expected) == spec["count"]
    assert set(hexes) == expected


def test_norway_rule_distances(norway):
    # 6.4.3 example: Skuas fly 4334 -> 4333 -> 4332, and could have entered at 4233 or 4433.
    assert norway.adjacent("4334", "4333") and norway.adjacent("4333", "4332")
    assert norway.line("4334", "4332") == ["4334", "4333", "4332"]
    for start in ("4233", "4433", "4334"):
        assert norway.distance(start, "4332") == 2
    # 7.1.5 example: from 2722 a Skua spends four OMPs to reach Trondheim 3019.
    assert norway.distance("2722", "3019") == 4
    # 7.2.5 example: twenty-five Operational Map hexes from Germany edge hex 5825 to Andalsnes 3325.
    assert norway.distance("5825", "3325") == 25


def test_norway_geography(norway):
    """XX grows north -> south and YY east -> west (5.1.3, 6.1.1, 7.1.5, 11.1.1 places)."""
    bardufoss, oslo, bergen, trondheim = (norway.centre(h) for h in ("0203", "4720", "4332", "3019"))
    assert bardufoss[1] < trondheim[1] < min(bergen[1], oslo[1])  # y grows southwards
    assert bardufoss[0] > oslo[0] > bergen[0]  # north Norway lies east; Bergen is west of Oslo


def test_norway_rail_example_is_not_a_connected_path(norway):
    """11.5.1 example #1 lists 4720, 4719, 4620 and 4519 as rail hexes. With the adjacency the
    6.4.3/7.1.5 facts force, 4519 touches none of the other three (a rulebook inconsistency;
    4720-4619-4519 is the connected way). Oslo is 4720 in 11.1.1 but 4719 in 11.5.1."""
    assert norway.adjacent("4720", "4719") and norway.adjacent("4720", "4620")
    assert not norway.adjacent("4719", "4620")
    assert all(not norway.adjacent("4519", h) for h in ("4720", "4719", "4620"))
    assert norway.adjacent("4720", "4619") and norway.adjacent("4619", "4519")
