"""Naming rules and worked examples stated in vassal-formats.md sections 6.2-6.3 and 6.6."""

from __future__ import annotations

import math

import pytest

from vassal_tools.formats.formatted import compile_format, render
from vassal_tools.formats.java import jdiv, jround
from vassal_tools.geometry.hexgrid import HexGrid
from vassal_tools.geometry.numbering import HexGridNumbering, index_name
from vassal_tools.geometry.zonedgrid import JavaPolygon


@pytest.mark.parametrize("value,kind,leading,expected", [
    (5, "N", 1, "05"), (12, "N", 1, "12"), (123, "N", 1, "123"), (0, "N", 1, "00"), (-5, "N", 1, "-05"),
    (5, "N", 2, "005"), (50, "N", 2, "050"), (7, "N", 0, "7"),
    (0, "A", 0, "A"), (25, "A", 0, "Z"), (26, "A", 0, "AA"), (27, "A", 0, "BB"), (52, "A", 0, "AAA"), (-1, "A", 0, "-B"),
])
def test_index_names(value, kind, leading, expected):  # 6.3.2
    assert index_name(value, kind, leading) == expected


def _fmt(fmt: str, values: dict, localized: bool, properties=None) -> str:
    return render(compile_format(fmt, frozenset(values), localized, properties), values)


@pytest.mark.parametrize("fmt,expected", [
    ("Hex $column$/$row$ [$gridLocation$]", "Hex 03/07 [0307]"),
    ("cost $5", "cost 5"),          # a name needs a following token, else it is text
    ("a$$b", "ab"),                 # empty tokens still advance the alternation
    ("\\$$row$", "$07"),            # \$ is a literal dollar (SequenceEncoder escape)
    ("$unknown$-$row$", "-07"),     # localised: an unknown name gives nothing
])
def test_location_format_localised(fmt, expected):  # 6.3.3
    assert _fmt(fmt, {"gridLocation": "0307", "row": "07", "column": "03"}, True) == expected


def test_zone_format_unlocalised_and_module_properties():  # 6.3.3, 6.6
    values = {"name": "Track", "gridLocation": "3"}
    assert _fmt("$name$ $gridLocation$", values, False) == "Track 3"
    assert _fmt("$foo$:$name$", values, False) == "foo:Track"
    assert _fmt("$Turn$ $name$", values, False, {"Turn": "7"}) == "7 Track"
    assert _fmt("$name$ $gridLocation$", {"name": "Box A", "gridLocation": None}, False) == "Box A "


def test_java_rounding_helpers():  # section 0
    assert (jround(-2.5), jround(2.5), jround(0.49999999999999994)) == (-2, 3, 0)
    assert (jdiv(-7, 2), jdiv(7, -2), jdiv(7, 2)) == (-3, -3, 3)


def test_worked_examples_of_6_3_1():
    grid = HexGrid(dx=48.0, dy=56.0, x0=30, y0=28, numbering=HexGridNumbering(), size=(3000, 2000))
    assert grid.location_name(2046, 1764) == "4332" and grid.snap(2046, 1764) == (2046, 1764)
    assert grid.snap(2070, 1764) == (2046, 1764)
    assert grid.location_name(2070, 1764) == "4433"  # its own name differs...
    assert grid.hex_at(2070, 1764) == "4332"          # ...from the hex that contains it
    assert grid.location_name(100, 100) == "0203"


def test_hex_polygon_example_of_6_2_2():
    grid = HexGrid(dx=48.0, dy=56.0)
    assert grid.polygon(78, 112) == ((46, 112), (62, 84), (95, 84), (111, 112), (95, 141), (62, 141))


def test_dy_resets_a_default_dx():  # 6.2: attributes applied alphabetically, dy resets dx
    grid = HexGrid.from_attributes({"dx": "55.42562584220407", "dy": "80.0"}, None)
    assert grid.dx == pytest.approx(math.sqrt(3) / 2 * 80)
    assert HexGrid.from_attributes({"dx": "55.0", "dy": "80.0"}, None).dx == 55.0
    assert HexGrid.from_attributes({"dy": "72.0"}, None).dx == math.sqrt(3) / 2 * 72


def test_java_polygon_half_open_edges():  # 6.6: left/top edges inside, right/bottom outside
    square = JavaPolygon([(100, 100), (300, 100), (300, 250), (100, 250)])
    assert square.contains(100, 100) and square.contains(299, 249)
    assert not square.contains(300, 150) and not square.contains(150, 250)
    assert not JavaPolygon([(0, 0), (10, 10)]).contains(5, 5)
