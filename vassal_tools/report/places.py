"""Where a record LOC is drawn: its map and outline, found through the module's own grids.

The reverse of :class:`vassal_tools.replay.locations.Locations`: a zone whose
name resolves to the LOC is outlined by its polygon (the largest such zone, so a
box is outlined whole rather than its Ready half); a hex by the polygon VASSAL
tests containment with (vassal-formats.md 6.2.2), on the hex grid that names it.
Outlines are in map coordinates.
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import BadInput
from ..geometry.hexgrid import HexGrid
from ..geometry.zonedgrid import ZonedGrid
from ..replay.locations import Locations

Point = tuple[int, int]


class Outline(NamedTuple):
    map: str
    points: list[Point]

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return min(xs), min(ys), max(xs), max(ys)


class Places:
    """LOC -> :class:`Outline`, cached."""

    def __init__(self, locations: Locations):
        self.locations = locations
        self.geometry = locations.geometry
        self._found: dict[str, Outline | None] = {}

    def outline(self, loc: str | None) -> Outline | None:
        if loc is None or self.geometry is None:
            return None
        if loc not in self._found:
            self._found[loc] = self._zone(loc) or self._hex(loc)
        return self._found[loc]

    def _maps(self):
        for name in self.geometry.map_names():
            try:
                yield name, self.geometry.map(name)
            except BadInput:
                continue

    def _zone(self, loc: str) -> Outline | None:
        best, area = None, -1
        for name, map_ in self._maps():
            for placed in map_.boards:
                grid = placed.board.grid
                for zone in getattr(grid, "zones", ()) if isinstance(grid, ZonedGrid) else ():
                    if self.locations.zone_loc(zone) != loc:
                        continue
                    points = [placed.to_map(x, y) for x, y in zone.polygon.points]
                    x0, y0, x1, y1 = Outline(name, points).bounds
                    if (x1 - x0) * (y1 - y0) > area:
                        best, area = Outline(name, points), (x1 - x0) * (y1 - y0)
        return best

    def _hex(self, loc: str) -> Outline | None:
        for name, map_ in self._maps():
            for placed in map_.boards:
                for grid in _hex_grids(placed.board.grid):
                    centre = _centre_of(grid, loc)
                    if centre is None:
                        continue
                    x, y = placed.to_map(*centre)
                    if self.locations.loc(name, x, y) != loc:
                        continue
                    return Outline(name, [placed.to_map(*p) for p in _hex_polygon(grid, centre)])
        return None


def _hex_grids(grid):
    if isinstance(grid, HexGrid):
        yield grid
    elif isinstance(grid, ZonedGrid):
        for zone in grid.zones:
            if isinstance(zone.own_grid, HexGrid):
                yield zone.own_grid
        if isinstance(grid.background, HexGrid):
            yield grid.background


def _centre_of(grid: HexGrid, name: str) -> Point | None:
    try:
        point = grid.point_of_location(name)
    except (ValueError, IndexError):
        return None
    return None if point is None else grid.snap(*point, force=True, center_only=True)


def _hex_polygon(grid: HexGrid, centre: Point) -> list[Point]:
    if grid.sideways:
        cx, cy = centre[1], centre[0]
        return [(y, x) for x, y in grid.polygon(cx, cy)]
    return list(grid.polygon(*centre))
