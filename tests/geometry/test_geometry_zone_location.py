"""A location name back to its point in a ZonedGrid, as VASSAL's ZonedGrid/Zone.getLocation do
(an at-start stack placed by grid location lands there)."""

from __future__ import annotations

from vassal_tools.geometry.hexgrid import HexGrid
from vassal_tools.geometry.numbering import HexGridNumbering
from vassal_tools.geometry.regiongrid import Region, RegionGrid
from vassal_tools.geometry.squaregrid import SquareGrid
from vassal_tools.geometry.zonedgrid import Zone, ZonedGrid

SQUARE_NUMBERING = {"hLeading": "0", "vLeading": "0", "first": "H", "sep": "-"}


def _grid() -> ZonedGrid:
    # The zones of the shared zonedgrid vectors: a zone named by its name, a track with its own
    # square grid, a triangle named by the background hex grid.
    background = HexGrid.from_attributes({"dx": "55.4256", "dy": "64.0", "x0": "0", "y0": "32"}, {}, (1200, 900),
                                         HexGridNumbering)
    box = Zone.from_attributes({"name": "Box A", "path": "100,100;300,100;300,250;100,250"})
    track = Zone.from_attributes({"name": "Track", "path": "350,50;700,50;700,150;350,150",
                                  "locationFormat": "$name$ $gridLocation$"})
    track.own_grid = SquareGrid.from_attributes({"dx": "50.0", "dy": "100.0", "x0": "375", "y0": "100"},
                                                SQUARE_NUMBERING, track.size)
    triangle = Zone.from_attributes({"name": "Tri", "path": "800,100;1000,400;750,420",
                                     "locationFormat": "$gridLocation$", "useParentGrid": "true"})
    return ZonedGrid([box, track, triangle], background, (1200, 900))


def test_a_zone_named_by_its_name_stands_for_the_mean_of_its_corners():
    assert _grid().point_of_location("Box A") == (200, 175)


def test_a_concave_zone_whose_mean_lies_outside_stands_for_its_first_corner():
    # A U shape: the mean of its corners (50, 37) falls in the notch.
    zone = Zone.from_attributes({"name": "U", "path": "0,0;20,0;20,60;80,60;80,0;100,0;100,80;0,80"})
    assert ZonedGrid([zone]).point_of_location("U") == (0, 0)


def test_a_zone_with_its_own_grid_reads_the_grid_part_of_the_name_and_keeps_it_inside():
    grid = _grid()
    # The numbering counts from 1 (VASSAL's default offsets): column 4 is x0 + 3 dx.
    point = grid.point_of_location("Track 4-1")
    assert point == (525, 100) and grid.location_name(*point) == "Track 4-1"
    assert grid.point_of_location("Track 10-1") is None  # square 10 lies beyond the track's polygon


def test_a_name_no_zone_takes_falls_to_the_background_grid_else_is_unknown():
    grid = _grid()
    assert grid.point_of_location("0609") == (277, 512)
    assert grid.point_of_location("Box B") is None
    assert ZonedGrid(grid.zones).point_of_location("0609") is None


def test_a_region_of_a_zones_region_grid_is_found_by_its_own_name():
    regions = RegionGrid([Region("Harbour", 40, 40), Region("Quay", 70, 30)])
    zone = Zone.from_attributes({"name": "Port", "path": "0,0;100,0;100,100;0,100"})
    zone.own_grid = regions
    grid = ZonedGrid([zone])
    assert grid.point_of_location("Port") == (50, 50)
    # The zone reports only "Port", so getLocation does not know "Quay"; a stack still finds it.
    assert grid.point_of_location("Quay") is None and grid.region_location("Quay") == (70, 30)
