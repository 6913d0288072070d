"""VASSAL's ZonedGrid and Zone: polygon zones over a background grid (vassal-formats.md 6.6).

Zones are tested in buildFile order and the first containing zone wins. Containment
is ``java.awt.Polygon.contains`` (even-odd, left/top edges inside, right/bottom
outside), reproduced operation for operation. A zone names a point with its own
format, filled from its own grid or, with ``useParentGrid``, the background grid.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from shapely.geometry import LinearRing

from ..errors import BadInput
from ..formats.formatted import compile_format, render
from ..formats.java import parse_java_int
from ..formats.sequence import decode
from .attributes import Attributes
from .grid import Grid, Point
from .regiongrid import RegionGrid


def parse_path(path: str, source: str | None = None, where: str = "Zone") -> list[Point]:
    """A zone ``path`` attribute, ``x,y;x,y;...`` in board-local ints, as a point list."""
    points = []
    for i, pair in enumerate(p for p in path.split(";") if p.strip()):
        xy = pair.split(",")
        try:
            if len(xy) != 2:
                raise ValueError
            points.append((parse_java_int(xy[0].strip()), parse_java_int(xy[1].strip())))
        except ValueError:
            raise BadInput(source, f"zone path point {i + 1} {pair!r} is not 'x,y' in integers", where) from None
    return points


def polygon_problem(points: Sequence[Point]) -> str | None:
    """Why a zone polygon can never work as drawn, or None if it is a simple polygon."""
    if len(points) < 3:
        return f"zone polygon has {len(points)} point(s); at least 3 are needed"
    if len(set(points)) < 3:
        return "zone polygon has fewer than 3 distinct points"
    if not LinearRing(points).is_simple:
        return "zone polygon crosses itself"
    return None


class JavaPolygon:
    """An integer polygon with ``java.awt.Polygon.contains`` semantics."""

    def __init__(self, points: Sequence[Point]):
        self.points = list(points)
        if self.points:
            xs = [p[0] for p in self.points]
            ys = [p[1] for p in self.points]
            self.bounds = (min(xs), min(ys), max(xs), max(ys))
        else:
            self.bounds = (0, 0, 0, 0)
        # Edges from the last vertex to the first, then consecutively; horizontal ones never count.
        pts = self.points
        self._edges = [(pts[i - 1], pts[i]) for i in range(len(pts)) if pts[i - 1][1] != pts[i][1]]

    def contains(self, x: int, y: int) -> bool:
        if len(self.points) < 3:
            return False
        min_x, min_y, max_x, max_y = self.bounds
        if not (min_x <= x < max_x and min_y <= y < max_y):
            return False
        hits = 0
        for (ax, ay), (bx, by) in self._edges:
            if x >= max(ax, bx):
                continue
            if not (min(ay, by) <= y < max(ay, by)):
                continue
            if x < min(ax, bx):
                hits += 1
                continue
            # (x1, y1) is the end with the smaller y; same operation order as Java.
            (x1, y1), (x2, y2) = ((ax, ay), (bx, by)) if ay < by else ((bx, by), (ax, ay))
            if x - x1 < (y - y1) / (y1 - y2) * (x1 - x2):
                hits += 1
        return hits % 2 == 1


class Zone:
    """A named polygon with its own location format and optionally its own grid."""

    def __init__(
        self,
        name: str,
        points: Sequence[Point],
        location_format: str = "$name$",
        grid: Grid | None = None,
        use_parent_grid: bool = False,
        strict: bool = True,
        source: str | None = None,
        where: str = "",
        properties: Mapping[str, str] | None = None,
    ):
        """``strict`` refuses polygons that cannot be meant (under 3 points, self-crossing).

        VASSAL itself accepts them (a self-crossing zone uses the even-odd rule), so
        module readers pass ``strict=False`` and report :attr:`problem` as a warning.
        """
        self.name = name
        self.polygon = JavaPolygon(points)
        self.problem = polygon_problem(self.polygon.points)
        if strict and self.problem:
            raise BadInput(source, self.problem, where or f"zone {name!r}")
        self.location_format = location_format
        self.own_grid = grid
        self.use_parent_grid = use_parent_grid
        self.parent_grid: Grid | None = None  # set by the ZonedGrid that holds the zone
        self._parts = compile_format(location_format, frozenset({"name", "gridLocation"}), False, properties)

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str], grid: Grid | None = None, strict: bool = True,
                        source: str | None = None, where: str = "Zone",
                        properties: Mapping[str, str] | None = None) -> Zone:
        a = Attributes(attrs, source, where)
        name = a.text("name", "")
        where = f"{where} {name!r}" if name else where
        return cls(name, parse_path(a.text("path", ""), source, where), a.text("locationFormat", "$name$"),
                   grid, a.boolean("useParentGrid", False), strict, source, where, properties)

    def __repr__(self) -> str:
        return f"Zone({self.name!r}, {len(self.polygon.points)} points)"

    @property
    def size(self) -> tuple[int, int]:
        """The container size a zone grid numbers against: the polygon's bounding box."""
        min_x, min_y, max_x, max_y = self.polygon.bounds
        return max_x - min_x, max_y - min_y

    @property
    def grid(self) -> Grid | None:
        return self.parent_grid if self.use_parent_grid else self.own_grid

    def contains(self, x: int, y: int) -> bool:
        return self.polygon.contains(x, y)

    def grid_location(self, x: int, y: int) -> str | None:
        grid = self.grid
        return None if grid is None else grid.location_name(x, y)

    def location_name(self, x: int, y: int) -> str:
        """The zone's format, un-localised: an unknown ``$foo$`` gives ``foo``."""
        return render(self._parts, {"name": self.name, "gridLocation": self.grid_location(x, y)})

    def snap(self, x: int, y: int, force: bool = False, center_only: bool = False) -> Point:
        """A zone without a grid leaves the point where it is (no fall-through)."""
        grid = self.grid
        return (x, y) if grid is None else grid.snap(x, y, force, center_only)

    def _name_pattern(self) -> tuple[re.Pattern | None, int]:
        """VASSAL's ``Zone.getLocation`` reading of the format: literals, ``$name$`` as the zone's
        name, ``$gridLocation$`` (with a grid) as a group; any other ``$property$`` matches nothing."""
        tokens = decode(self.location_format, "$")
        regex, groups, is_property = "", 0, True
        for i, token in enumerate(tokens):
            is_property = not is_property
            if not token:
                continue
            if not is_property or i == len(tokens) - 1:
                regex += re.escape(token)
            elif token == "name":
                regex += re.escape(self.name)
            elif token == "gridLocation" and self.grid is not None:
                regex += "(.*)"
                groups += 1
        return (re.compile(regex) if regex else None), groups

    def point_of_location(self, name: str) -> Point | None:
        """VASSAL's ``Zone.getLocation(name)``: the point the zone's format gives that name, or None.

        With ``$gridLocation$`` the last one is read by the zone's grid and must fall in the
        zone; without it the name is the zone's, and the point its vertices' mean (Java int
        division), or its first vertex when the mean lies outside (a concave zone).
        """
        pattern, groups = self._name_pattern()
        match = pattern.fullmatch(name) if pattern is not None else None
        if match is None:
            return None
        if groups:
            grid = self.grid
            point = None if grid is None else grid.point_of_location(match.group(groups))
            return point if point is not None and self.contains(*point) else None
        points = self.polygon.points
        if not points:
            return 0, 0
        n = len(points)
        x, y = _java_div(sum(p[0] for p in points), n), _java_div(sum(p[1] for p in points), n)
        return (x, y) if self.contains(x, y) else points[0]

    def region_location(self, name: str) -> Point | None:
        """VASSAL's ``Zone.getRegionLocation``: the origin of the zone grid's region of that name."""
        grid = self.grid
        return grid.point_of_location(name) if isinstance(grid, RegionGrid) else None


def _java_div(a: int, b: int) -> int:
    """Java int division: truncates toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


class ZonedGrid:
    """Zones in buildFile order over an optional background grid."""

    def __init__(self, zones: Sequence[Zone], background: Grid | None = None, size: tuple[int, int] = (0, 0)):
        self.zones = list(zones)
        self.background = background
        self.size = size
        for zone in self.zones:
            zone.parent_grid = background

    def __repr__(self) -> str:
        return f"ZonedGrid({len(self.zones)} zones, background={self.background!r})"

    def find_zone(self, x: int, y: int) -> Zone | None:
        """The first zone, in buildFile order, that contains the point."""
        for zone in self.zones:
            if zone.polygon.contains(x, y):
                return zone
        return None

    def location_name(self, x: int, y: int) -> str | None:
        zone = self.find_zone(x, y)
        if zone is not None:
            name = zone.location_name(x, y)
            if name is not None:
                return name
        return None if self.background is None else self.background.location_name(x, y)

    def snap(self, x: int, y: int, force: bool = False, center_only: bool = False) -> Point:
        zone = self.find_zone(x, y)
        if zone is not None:
            return zone.snap(x, y, force, center_only)
        if self.background is None:
            return x, y
        return self.background.snap(x, y, force, center_only)

    def hex_at(self, x: int, y: int) -> str | None:
        """The name of the snapped point: the cell, hex or zone a piece dropped here lands in."""
        sx, sy = self.snap(x, y, force=True, center_only=True)
        return self.location_name(sx, sy)

    def point_of_location(self, name: str) -> Point | None:
        """VASSAL's ``ZonedGrid.getLocation``: the first zone whose point for the name lies in it,
        else the background grid's point, else None."""
        for zone in self.zones:
            point = zone.point_of_location(name)
            if point is not None and zone.contains(*point):
                return point
        return None if self.background is None else self.background.point_of_location(name)

    def region_location(self, name: str) -> Point | None:
        """VASSAL's ``ZonedGrid.getRegionLocation``: a region of a zone's region grid by its own
        name (an at-start stack may name one even when the zone reports only its own name)."""
        for zone in self.zones:
            point = zone.region_location(name)
            if point is not None and zone.contains(*point):
                return point
        return None

    @property
    def problems(self) -> list[str]:
        return [f"zone {z.name!r}: {z.problem}" for z in self.zones if z.problem]
