"""Real geography under a hex map: sea, land, lakes, rivers, the national border and the towns,
drawn from a game's ``geo/`` data (:mod:`vassal_tools.gamedata.geography`) through the fit that
pins its grid to the places its rules number. The hexes' own terrain, outlines and the rules'
places are drawn over this by the map's drawer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from shapely import STRtree, get_parts, make_valid
from shapely import transform as reshaped
from shapely.geometry import GeometryCollection, Polygon, box
from shapely.geometry.base import BaseGeometry

from ..gamedata.geography import Geography, GridFit
from ..gamedata.vocabulary import fold_place
from ..geometry.projection import BoardGeography
from .canvas import Canvas
from .hexmap import HexLayout
from .map_style import MapStyle

PointF = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class RealMap:
    """A game's geography and its fit, in one board's pixels."""

    def __init__(self, geography: Geography, fit: GridFit, layout: HexLayout):
        self.geography, self.fit, self.layout = geography, fit, layout
        # The hex plane (MapGrid.centre) and the board's pixels differ by an affine map: solved
        # by least squares from every hex's two centres.
        names = [n for n in fit.grid.hexes() if layout.grid.point_of_location(n) is not None]
        plane = np.array([(*fit.grid.centre(n), 1.0) for n in names])
        pixels = np.array([layout.centre(n) for n in names])
        self.affine, *_ = np.linalg.lstsq(plane, pixels, rcond=None)

    @property
    def digest(self) -> str:
        """What the drawing depends on besides the tables: the geodata and the fit."""
        return self.geography.digest + repr(self.fit.similarity)

    def board_geography(self) -> BoardGeography:
        """The projection and the km-to-pixel matrix a module carries for ``locate --lonlat``."""
        s = self.fit.similarity
        c, n = s.scale * np.cos(s.rotation), s.scale * np.sin(s.rotation)
        # plane = [east, north, 1] @ similarity (north negated: rows grow south); pixel = [plane, 1] @ affine
        similarity = np.array([[c, n, 0.0], [n, -c, 0.0], [s.offset[0], s.offset[1], 1.0]])
        rows = similarity @ self.affine
        return BoardGeography(self.fit.projection, tuple((float(a), float(b)) for a, b in rows))  # type: ignore[arg-type]

    def pixel(self, lat: float, lon: float) -> PointF:
        u, v = self.fit.plane(lat, lon)
        x, y = np.array([u, v, 1.0]) @ self.affine
        return float(x), float(y)

    def land_in(self, cells: dict[str, list[PointF]]) -> dict[str, BaseGeometry]:
        """Each cell (a hex's polygon in pixels) cut to the real land in it, so that a hex's own
        terrain stops at the shore and leaves its fjords and sea showing. The land is first cut
        into tiles of about four hexes, so each cell meets a few small pieces, not the coast."""
        land = self.to_pixels(self.geography.land)
        width, height = self.layout.size
        tile = 4 * self.layout.hex_height
        pieces: list[BaseGeometry] = []
        for x in np.arange(-tile, width + tile, tile):
            for y in np.arange(-tile, height + tile, tile):
                part = land.intersection(box(x, y, x + tile, y + tile))
                pieces.extend(g for g in get_parts(get_parts(part)) if g.geom_type == "Polygon" and not g.is_empty)
        tree = STRtree(pieces)
        found: dict[str, BaseGeometry] = {}
        for name, ring in cells.items():
            cell = Polygon(ring)
            parts = [cell.intersection(pieces[i]) for i in tree.query(cell, predicate="intersects")]
            found[name] = GeometryCollection([g for g in parts if not g.is_empty])
        return found

    def to_pixels(self, shape: BaseGeometry) -> BaseGeometry:
        def move(lonlat: np.ndarray) -> np.ndarray:
            planes = np.array([(*self.fit.plane(lat, lon), 1.0) for lon, lat in lonlat]).reshape(-1, 3)
            return planes @ self.affine
        # simplified rings that touch may cross once projected: repaired, as GEOS cannot clip invalid shapes
        return make_valid(reshaped(shape, move))


def draw_real_geography(c: Canvas, real: RealMap, style: MapStyle, skip_towns: Callable[[str], bool],
                        land_terrain: Callable[[], None] = lambda: None,
                        stacks: Sequence[Box] = ()) -> list[Box]:
    """Land on the sea, ``land_terrain`` (the hexes' own terrain) on it, lakes, rivers and the
    border, then the gazetteer's towns (but those ``skip_towns`` says the map names already, by
    folded name), each name beside its dot on the side no opening stack (``stacks``) covers, or
    left out where both sides are covered; the boxes (left, top, right, bottom) the town names
    cover, for later labels to keep clear of."""
    width, height = real.layout.size
    board = box(-50, -50, width + 50, height + 50)
    land = real.to_pixels(real.geography.land).intersection(board)
    c.geometry(land, fill=style.colour("terrain.clear"))
    land_terrain()
    lakes = real.to_pixels(real.geography.lakes).intersection(board)
    if not lakes.is_empty:
        c.geometry(lakes, fill=style.colour("terrain.lake"))
    for kind, lines in (("river", real.geography.rivers), ("border", real.geography.borders)):
        for line in _lines(real.to_pixels(lines).intersection(board)):
            c.line(list(line.coords), style.colour(f"geography.{kind}.colour"), style.number(f"geography.{kind}.width"))
    ruled = {fold_place(town) for town in real.geography.rule_places.values()}
    return _towns(c, real, style, lambda name: skip_towns(name) or name in ruled, stacks)


def _lines(shape: BaseGeometry) -> list:
    return [g for g in getattr(shape, "geoms", [shape]) if g.geom_type == "LineString" and not g.is_empty]


#: Gazetteer towns are drawn on maps this fine (km a hex) or finer; coarser maps show the rules' places only.
TOWN_MAP_KM_PER_HEX = 5.0


def _towns(c: Canvas, real: RealMap, style: MapStyle, skip: Callable[[str], bool], stacks: Sequence[Box]) -> list[Box]:
    width, height = real.layout.size
    covered: list[Box] = []
    if real.fit.km_per_hex > TOWN_MAP_KM_PER_HEX:
        return covered
    h = real.layout.hex_height
    ink = style.colour("places.town")
    for town in real.geography.towns:
        x, y = real.pixel(town.lat, town.lon)
        if not (0 <= x < width and 0 <= y < height) or skip(fold_place(town.name)):
            continue
        size = 0.17 * h
        span = c.text_width(town.name, "condensed", size)
        sides = [(x + 0.07 * h, "left"), (x - 0.07 * h - span, "left")]
        clear = [(left, align) for left, align in sides
                 if not any(_overlap((left, y - size / 2, left + span, y + size / 2), s) for s in stacks)]
        if any(_overlap((x - 0.05 * h, y - 0.05 * h, x + 0.05 * h, y + 0.05 * h), s) for s in stacks) or not clear:
            continue  # under a stack: the dot and its name would be hidden
        c.circle((x, y), 0.045 * h, fill=ink, outline=(255, 255, 255), width=h * 0.01)
        left, top, w, tall = c.text((clear[0][0], y - size / 2, span + 2, size), town.name, "condensed", size, ink,
                                    align="left", fit=False, halo=(255, 255, 255))
        covered.append((min(x - 0.05 * h, left), top, max(x + 0.05 * h, left + w), top + tall))
    return covered
