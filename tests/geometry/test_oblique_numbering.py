"""VASSAL 3.8's ObliqueHexGridNumbering (#14582): slanted hex rows, read from a module's buildFile.

Every expected name below was worked out by hand from the Java of
``VASSAL.build.module.map.boardPicker.board.mapgrid.ObliqueHexGridNumbering`` and its
parent ``HexGridNumbering`` (vassal-formats.md 6.2.6, 6.3, 6.3.5), not from our output:

* ``getRawColumn(p) = (int) floor((x - x0) / dx + 0.5)``;
  ``getRawRow(p)``: ``nx = Math.round((x - x0) / dx)``, then ``Math.round((y - y0) / dy)`` for even
  ``nx`` or ``Math.round((y - y0 - dy/2) / dy)`` for odd ``nx`` (Java ``%``: -1 % 2 is -1, odd);
* ``getColumn`` flips the raw column by ``maxColumns = floor(W / dy + 0.5)`` when hDescend
  (``maxRows = floor(H / dx + 0.5)`` when vDescend and sideways);
* ``HexGridNumbering.getRow``: the raw row, +1 when stagger and the raw column is odd;
* ``ObliqueHexGridNumbering.getRow = stagger ? column/2 + row : row - column/2 + 1``, with
  ``column/2`` Java's int division (toward zero: -3/2 is -1) and ``row`` the parent's row;
* ``getName``: ``first`` is ``charAt(0)`` of its attribute, ``hType``/``vType`` too
  (``Alphabetic`` is 'A'); booleans are ``Boolean.valueOf`` (only "true", any case, no spaces).

All grids: dx=48, dy=56, y0=28; board 2400 x 2200 (width/height attributes, no image).
"""

from __future__ import annotations

import zipfile

import pytest
from click.testing import CliRunner
from lxml import etree

from vassal_tools.cli import main
from vassal_tools.formats.files import open_file
from vassal_tools.geometry.from_module import ModuleGeometry

OBLIQUE = "ObliqueHexGridNumbering"
SIZE = (2400, 2200)
EDGE = (40, 25)  # the map's edge: a board point (x, y) is the map point (x + 40, y + 25)
GRID = {"dx": "48.0", "dy": "56.0", "x0": "30", "y0": "28"}
NUMBERING = {"first": "H", "sep": "", "hType": "N", "hLeading": "1", "hOff": "1", "hDescend": "false",
             "vType": "N", "vLeading": "1", "vOff": "1", "vDescend": "false", "stagger": "true",
             "locationFormat": "$gridLocation$"}

# (map, grid attributes, numbering attributes, board point, VASSAL's name, how it was worked out)
CASES = [
    ("up", {}, {}, (2046, 1764), "4353",
     "raw col floor(2016/48+.5)=42, nx=42 even: row round(1736/56)=31; 42/2+31=52 -> 43,53"),
    ("up", {}, {}, (2070, 1764), "4454",
     "raw col floor(2040/48+.5)=43, nx=round(42.5)=43 odd: round(1708/56=30.5)=31, stagger +1=32; 43/2+32=53"),
    ("flat", {}, {"stagger": "false"}, (2046, 1764), "4312", "row 31 - 42/2 + 1 = 11 -> 43,12"),
    ("flat", {}, {"stagger": "false"}, (2070, 1764), "4412", "no stagger: row 31; 31 - 43/2 + 1 = 11 -> 44,12"),
    ("hdesc", {}, {"hDescend": "true"}, (2046, 1764), "0232",
     "maxColumns floor(2400/56+.5)=43: column 43-42=1; 1/2+31=31 -> 02,32"),
    ("hdesc", {}, {"hDescend": "true"}, (2070, 1764), "0133",
     "column 43-43=0; raw col 43 odd, not vDescend: 31+1=32; 0/2+32=32 -> 01,33"),
    ("left", {"x0": "130"}, {}, (0, 100), "-0202",
     "raw col floor(-130/48+.5)=-3, nx=round(-2.708)=-3 odd: round(44/56)=1, stagger 2; "
     "Java -3/2=-1 (not -2): -1+2=1 -> -02,02"),
    ("left-flat", {"x0": "130"}, {"stagger": "false"}, (0, 100), "-0204",
     "row 1 (no stagger); 1 - (-3/2) + 1 = 1 + 1 + 1 = 3 -> -02,04"),
    ("side", {"sideways": "true"}, {}, (1764, 2046), "4353",
     "sideways: (x, y) taken as (2046, 1764): same as the first case"),
    ("side-vdesc", {"sideways": "true"}, {"vDescend": "true"}, (1764, 2046), "0534",
     "maxRows floor(2200/48+.5)=46: column 46-42=4; row 31; 4/2+31=33 -> 05,34"),
    ("vdesc", {}, {"vDescend": "true"}, (2070, 1764), "4436",
     "maxRows floor(2200/48+.5)=46: row 46-31=15; raw col 43 odd, vDescend: 15-1=14; 43/2+14=35 -> 44,36"),
    ("side-hdesc", {"sideways": "true"}, {"hDescend": "true"}, (1764, 2070), "4433",
     "as (2070, 1764): col 43; maxColumns floor(2400/56+.5)=43: row 43-31=12; odd col, hDescend: 11; "
     "43/2+11=32 -> 44,33"),
    ("words", {}, {"first": "Vertical first", "hType": "Alphabetic", "vType": "Numerical", "sep": "-"},
     (2046, 1764), "53-RR",
     "first 'V', hType 'A': column 42+1=43 -> 'R' (43 mod 26 = 17) twice (43//26+1); row 52+1=53 first"),
    ("words-h", {}, {"first": "Horizontal first", "hType": "Numerical", "vType": "Alphabetic", "vOff": "0"},
     (2046, 1764), "43AAA",
     "first 'H', vType 'A': column 43 -> '43'; row 52+0=52 -> 'A' (52 mod 26 = 0) three times (52//26+1)"),
    ("spaced", {}, {"stagger": " true"}, (2046, 1764), "4312",
     "Boolean.valueOf(\" true\") is false: the other slant, as the 'flat' case"),
    ("upper", {}, {"stagger": "TRUE"}, (2046, 1764), "4353", "Boolean.valueOf(\"TRUE\") is true"),
]


PKG = "VASSAL.build.module.map.boardPicker"


def element(parent, tag: str, attrs: dict) -> etree._Element:
    return etree.SubElement(parent, tag, {k: str(v) for k, v in attrs.items()})


def hex_board(root, map_name: str, grid: dict, numbering: dict, numbering_element: str) -> None:
    """A map with one board of SIZE whose HexGrid has the numbering element given."""
    game_map = element(root, "VASSAL.build.module.Map", {"mapName": map_name, "edgeWidth": EDGE[0],
                                                         "edgeHeight": EDGE[1]})
    picker = element(game_map, f"{PKG}.BoardPicker", {})
    board = element(picker, f"{PKG}.Board", {"name": "board", "width": SIZE[0], "height": SIZE[1]})
    hex_grid = element(board, f"{PKG}.board.HexGrid", grid)
    element(hex_grid, numbering_element, numbering)


def write_module(path, root) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("buildFile.xml", etree.tostring(root, xml_declaration=True, encoding="UTF-8"))


def _module(path) -> None:
    root = etree.Element("VASSAL.build.GameModule", {"name": "Oblique", "version": "1", "VassalVersion": "3.8.0"})
    made = set()
    for name, grid, numbering, _, _, _ in CASES:
        if name in made:
            continue
        made.add(name)
        hex_board(root, name, {**GRID, **grid}, {**NUMBERING, **numbering}, f"{PKG}.board.mapgrid.{OBLIQUE}")
    write_module(path, root)


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("oblique") / "oblique.vmod"
    _module(path)
    return path


@pytest.mark.parametrize("name, grid, numbering, point, expected, derivation", CASES,
                         ids=[f"{c[0]}-{c[3][0]},{c[3][1]}" for c in CASES])
def test_locate_names_points_as_vassal_does(module_path, name, grid, numbering, point, expected, derivation):
    x, y = point[0] + EDGE[0], point[1] + EDGE[1]
    result = CliRunner().invoke(main, ["locate", str(module_path), "--map", name, f"{x},{y}"])
    assert result.exit_code == 0, result.output
    assert result.output.rstrip("\n").split("\t")[2] == expected, (derivation, result.output)


def test_the_element_is_matched_by_vassals_class_name(tmp_path):
    """Only VASSAL's own class slants; a module's custom class of the same simple name is not VASSAL's."""
    root = etree.Element("VASSAL.build.GameModule", {"name": "Custom", "version": "1"})
    hex_board(root, "m", GRID, NUMBERING, "com.example.ObliqueHexGridNumbering")
    path = tmp_path / "custom.vmod"
    write_module(path, root)
    geometry = ModuleGeometry(open_file(path))
    [located] = geometry.map("m").locate_many([(2046 + EDGE[0], 1764 + EDGE[1])])
    assert located.name == "4353"  # computed as VASSAL's class of that name (the first case above) ...
    # ... and said, since the module's own class may compute otherwise.
    assert any("com.example.ObliqueHexGridNumbering" in w for w in geometry.warnings), geometry.warnings


# -- a game's grid definition keyed by the element name: the module gets that element ---------------

def _definition():
    from vassal_tools.geometry.definition import grid_definition

    return grid_definition({"HexGrid": GRID, OBLIQUE: NUMBERING, "size": list(SIZE)}, "operational_grid.json")


def test_a_grid_definition_keyed_oblique_names_hexes_slanted():
    grid = _definition().hex_grid()
    assert grid.location_name(2046, 1764) == "4353"  # the first case above, worked out there
    assert grid.location_name(0, 100) == "0003"  # raw col -1, row 1+1=2; Java -1/2=0: 0+2=2 -> 00,03


def test_the_module_built_from_it_has_vassals_oblique_element():
    from vassal_tools.builder.boards import BoardPlan

    plan = BoardPlan("Operational Map", "map.png", SIZE, hexes=_definition())
    tags = [element.tag for element in plan.component().element.iter() if isinstance(element.tag, str)]
    assert "VASSAL.build.module.map.boardPicker.board.mapgrid.ObliqueHexGridNumbering" in tags
    assert not any(tag.endswith(".HexGridNumbering") for tag in tags)
    assert plan.geometry().grid.location_name(2070, 1764) == "4454"


def test_a_definition_with_two_numberings_is_refused():
    from vassal_tools.errors import BadInput
    from vassal_tools.geometry.definition import grid_definition

    with pytest.raises(BadInput, match="two numberings"):
        grid_definition({"HexGrid": GRID, OBLIQUE: NUMBERING, "HexGridNumbering": NUMBERING, "size": [10, 10]})
