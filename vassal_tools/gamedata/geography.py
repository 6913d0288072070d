"""A game's real geography: the public geodata its map is drawn from, and the fit that pins the
map's grid to the places its rules number.

A game folder may hold ``geo.toml`` and ``geo/`` (written by ``scripts/extract_geodata.py``:
GSHHG land and lakes, WDBII rivers and borders, GeoNames towns and hand-given ``approximate``
places, each with its source). ``geo.toml`` also declares the map's projection and which real
place each rulebook place is, where the names differ (``[rule_places] Salangen = "Sjøvegan"``).

The fit: the rules number some places' hexes (Narvik 1940: Narvik 0919, Bogen 0216, ...). A
similarity (scale, rotation, origin) from projected kilometres to the hex plane of
:meth:`MapGrid.centre <vassal_tools.gamedata.hexes.MapGrid.centre>` (adjacent centres one apart)
is fitted to them by least squares; each place's residual is in hexes, and the hex that holds
any real position follows. A game whose text numbers no hex (Europa Narvik) lays its grid down
instead (``geo.toml [grid]``: the rules' scale, a rotation and where the projection's origin
falls): its places then go in the hexes that hold their real positions, and each one's residual
is the distance from its hex's centre to its real position.
"""

from __future__ import annotations

import csv
import hashlib
import json
import math
import tomllib
from collections import deque
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from shapely import make_valid
from shapely import transform as reshaped
from shapely.geometry import Point, Polygon, shape
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union
from shapely.prepared import prep

from ..errors import BadInput
from ..geometry.projection import TransverseMercator
from .hexes import MapGrid, hex_name
from .sources import citations
from .vocabulary import fold_place


@dataclass(frozen=True)
class Town:
    """A real place: a GeoNames town or one given by hand (``approximate``)."""

    name: str
    lat: float
    lon: float
    source: str


@dataclass(frozen=True)
class RailLine:
    """A rail line of 1940 (``geo/rails.csv``): its stations in the order it runs, each a real place."""

    name: str
    stations: tuple[Town, ...]
    source: str


@dataclass(frozen=True)
class Similarity:
    """``plane = scale * R(rotation) * (east, -north) + offset``: km east and south to the hex
    plane, whose rows grow southwards."""

    scale: float
    rotation: float  # radians
    offset: tuple[float, float]

    def apply(self, east: float, north: float) -> tuple[float, float]:
        c, s = math.cos(self.rotation), math.sin(self.rotation)
        x, y = east, -north
        return (self.scale * (c * x - s * y) + self.offset[0], self.scale * (s * x + c * y) + self.offset[1])

    def invert(self, u: float, v: float) -> tuple[float, float]:
        c, s = math.cos(self.rotation), math.sin(self.rotation)
        x, y = u - self.offset[0], v - self.offset[1]
        return ((c * x + s * y) / self.scale, -(-s * x + c * y) / self.scale)


def fit_similarity(sources: Sequence[tuple[float, float]], targets: Sequence[tuple[float, float]]) -> Similarity:
    """The least-squares similarity from (east, north) km to plane points (Umeyama's method
    without reflection: the plane's y grows south, so north is negated first)."""
    if len(sources) < 2:
        raise ValueError("a fit needs at least two places")
    a = np.array([(e, -n) for e, n in sources], dtype=float)
    b = np.array(targets, dtype=float)
    ma, mb = a.mean(axis=0), b.mean(axis=0)
    ca, cb = a - ma, b - mb
    # complex numbers make a 2-D similarity one least-squares coefficient: b = z * a
    za, zb = ca[:, 0] + 1j * ca[:, 1], cb[:, 0] + 1j * cb[:, 1]
    z = np.vdot(za, zb) / np.vdot(za, za)
    scale, rotation = float(abs(z)), float(np.angle(z))
    c, s = math.cos(rotation), math.sin(rotation)
    offset = (float(mb[0] - scale * (c * ma[0] - s * ma[1])), float(mb[1] - scale * (s * ma[0] + c * ma[1])))
    return Similarity(scale, rotation, offset)


@dataclass(frozen=True)
class GridDesign:
    """A grid laid on the projection, not fitted (``geo.toml [grid]``): ``km_per_hex`` from the
    rules' scale, turned ``rotation_degrees``, the projection's origin on column
    ``origin_column``'s line at row ``origin_row`` (in :meth:`MapGrid.centre`'s plane)."""

    km_per_hex: float
    rotation_degrees: float
    origin_column: float
    origin_row: float
    source: str

    @classmethod
    def from_toml(cls, table: dict) -> GridDesign:
        return cls(float(table["km_per_hex"]), float(table.get("rotation_degrees", 0.0)),
                   float(table["origin_column"]), float(table["origin_row"]), str(table["source"]))

    @property
    def similarity(self) -> Similarity:
        return Similarity(1 / self.km_per_hex, math.radians(self.rotation_degrees),
                          (self.origin_column * 3 ** 0.5 / 2, self.origin_row))


@dataclass(frozen=True)
class Pin:
    """A place whose hex the rules number, its real position, and how far apart they are."""

    name: str
    hex: str
    town: Town
    residual: float  # hexes between the numbered hex's centre and the fitted real position
    real_hex: str | None  # the hex that holds the real position


@dataclass(frozen=True)
class GridFit:
    grid: MapGrid
    projection: TransverseMercator
    similarity: Similarity
    pins: tuple[Pin, ...]

    @property
    def km_per_hex(self) -> float:
        return 1 / self.similarity.scale

    @property
    def rotation_degrees(self) -> float:
        return math.degrees(self.similarity.rotation)

    def plane(self, lat: float, lon: float) -> tuple[float, float]:
        return self.similarity.apply(*self.projection.km(lat, lon))

    def hex_at(self, lat: float, lon: float) -> str | None:
        """The hex of the grid whose centre is nearest the real position; None off the map."""
        return self.hex_of_plane(*self.plane(lat, lon))

    def hex_of_plane(self, u: float, v: float) -> str | None:
        """The hex of the grid whose centre is nearest a point of the hex plane; None off the map."""
        column = round(u / (3 ** 0.5 / 2))
        best: tuple[float, str] | None = None
        for xx in range(column - 1, column + 2):
            for yy in range(math.floor(v) - 1, math.floor(v) + 3):
                if xx < 0 or yy < 0:
                    continue
                name = hex_name(xx, yy)
                cu, cv = self.grid.centre(name)
                gap = math.hypot(cu - u, cv - v)
                if best is None or gap < best[0]:
                    best = (gap, name)
        if best is None or not self.grid.contains(best[1]):
            return None
        return best[1]


@dataclass(frozen=True)
class Geography:
    """What ``geo/`` holds, ready to draw and to fit."""

    land: BaseGeometry
    lakes: BaseGeometry
    rivers: BaseGeometry
    borders: BaseGeometry
    towns: tuple[Town, ...]
    projection: TransverseMercator
    rule_places: dict[str, str]  # the rulebook's name -> the town it is
    digest: str = ""  # of the files it was read from
    design: GridDesign | None = None  # the grid as laid down, where the text numbers no hex
    rails: tuple[RailLine, ...] = ()
    countries: dict[str, BaseGeometry] | None = None  # ISO code -> its land (geo.toml [countries] land)

    def towns_named(self, name: str) -> list[Town]:
        """Every real place a rulebook or gazetteer name may mean (spellings folded)."""
        wanted = fold_place(self.rule_places.get(name, name))
        return [town for town in self.towns if fold_place(town.name) == wanted]

    def town(self, name: str) -> Town | None:
        """The one real place a name means; None where none, or several, go by it (GeoNames has
        many a "Mo": geo.toml's [rule_places] says which one, "Mo i Rana")."""
        found = self.towns_named(name)
        return found[0] if len(found) == 1 else None

    def fit(self, grid: MapGrid, numbered: Iterable[tuple[str, str]]) -> GridFit:
        """Fit ``grid`` to the places the rules number: (place name, hex) pairs."""
        pairs = [(name, hexname, town) for name, hexname in numbered
                 if (town := self.town(name)) is not None]
        similarity = fit_similarity([self.projection.km(t.lat, t.lon) for _, _, t in pairs],
                                    [grid.centre(h) for _, h, _ in pairs])
        fit = GridFit(grid, self.projection, similarity, ())
        pins = []
        for name, hexname, town in pairs:
            u, v = fit.plane(town.lat, town.lon)
            cu, cv = grid.centre(hexname)
            pins.append(Pin(name, hexname, town, math.hypot(u - cu, v - cv), fit.hex_at(town.lat, town.lon)))
        return GridFit(grid, self.projection, similarity, tuple(pins))

    def laid(self, grid: MapGrid, design: GridDesign, placed: Iterable[tuple[str, str]]) -> GridFit:
        """``grid`` laid down as ``design`` says; ``placed`` (place name, hex) pairs whose real
        position is known become its pins, each with its residual."""
        fit = GridFit(grid, self.projection, design.similarity, ())
        pins = []
        for name, hexname in placed:
            town = self.town(name)
            if town is None:
                continue
            u, v = fit.plane(town.lat, town.lon)
            cu, cv = grid.centre(hexname)
            pins.append(Pin(name, hexname, town, math.hypot(u - cu, v - cv), fit.hex_at(town.lat, town.lon)))
        return GridFit(grid, self.projection, design.similarity, tuple(pins))


def draws_real_geography(folder: Path) -> bool:
    """Whether a game folder's board is drawn from its geography: it has ``geo.toml`` and its
    ``[map] draw`` is not false (Invasion: Norway's is, until its data is rewritten from the fit).
    Read before anything heavier is loaded."""
    toml = folder / "geo.toml"
    if not toml.is_file():
        return False
    try:
        return bool(tomllib.loads(toml.read_text(encoding="utf-8")).get("map", {}).get("draw", True))
    except tomllib.TOMLDecodeError as error:
        raise BadInput(toml, f"not TOML: {error}") from None


def load_geography(folder: Path) -> Geography | None:
    """The geography of a game folder, or None where it has no ``geo.toml``."""
    toml = folder / "geo.toml"
    if not toml.is_file():
        return None
    doc = tomllib.loads(toml.read_text(encoding="utf-8"))
    try:
        projection = TransverseMercator(**doc["projection"])
        features = json.loads((folder / "geo" / "geography.geojson").read_text(encoding="utf-8"))["features"]
        with open(folder / "geo" / "towns.csv", encoding="utf-8", newline="") as handle:
            towns = tuple(Town(row["name"], float(row["lat"]), float(row["lon"]), row["source"])
                          for row in csv.DictReader(handle))
    except (KeyError, TypeError, ValueError, OSError) as error:
        raise BadInput(toml, f"the geography is not readable: {error}") from None

    def union(kind: str) -> BaseGeometry:
        return unary_union([shape(f["geometry"]) for f in features if f["properties"]["kind"] == kind])

    rails_csv = folder / "geo" / "rails.csv"
    read = [toml, folder / "geo" / "geography.geojson", folder / "geo" / "towns.csv"]
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in read + [rails_csv] if p.is_file())).hexdigest()[:16]
    try:
        design = GridDesign.from_toml(doc["grid"]) if "grid" in doc else None
    except (KeyError, TypeError, ValueError) as error:
        raise BadInput(toml, f"[grid] is not readable: {error}") from None
    return Geography(union("land"), union("lake"), union("river"), union("border"), towns, projection,
                     dict(doc.get("rule_places", {})), digest, design, read_rails(rails_csv),
                     {f["properties"]["country"]: shape(f["geometry"]) for f in features
                      if f["properties"]["kind"] == "country"})


def read_rails(path: Path) -> tuple[RailLine, ...]:
    """The rail lines of ``geo/rails.csv`` (none where the file is absent), stations in order."""
    if not path.is_file():
        return ()
    lines: dict[str, list[tuple[int, Town, str]]] = {}
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            for row in csv.DictReader(handle):
                lines.setdefault(row["line"], []).append(
                    (int(row["order"]), Town(row["station"], float(row["lat"]), float(row["lon"]), row["source"]),
                     row["line_source"]))
    except (KeyError, TypeError, ValueError) as error:
        raise BadInput(path, f"a rail line is not readable: {error}") from None
    return tuple(RailLine(name, tuple(town for _, town, _ in sorted(rows, key=lambda r: r[0])), rows[0][2])
                 for name, rows in lines.items())


def rail_path(fit: GridFit, line: RailLine, fixed: dict[str, str] | None = None,
              sea: Collection[str] = ()) -> list[str]:
    """The hexes a rail line runs through, in order, each next to the one before: the line drawn
    straight from station to station through the fit. ``fixed`` gives a station at an end of the
    line (by name) the hex the rules put it in (Narvik 1940 12.4: the railroad joins Narvik 0919 and
    Bjornfjell 2020): the line then runs on from that hex's centre to the station's real position.
    ``sea``: the all-sea hexes, which a rail line never enters (it follows land): a station whose
    real position falls in one sits in the land hex nearest it, and where the straight line crosses
    open water the path goes round it by the fewest land hexes."""
    fixed = fixed or {}
    points = [_on_land(fit, fit.plane(t.lat, t.lon), sea) for t in line.stations]
    first, last = line.stations[0].name, line.stations[-1].name
    if first in fixed:
        points.insert(0, fit.grid.centre(fixed[first]))
    if last in fixed:
        points.append(fit.grid.centre(fixed[last]))
    path: list[str] = []
    for (ua, va), (ub, vb) in zip(points, points[1:], strict=False):
        steps = max(2, math.ceil(math.hypot(ub - ua, vb - va) * 20))
        for i in range(steps + 1):
            u, v = ua + (ub - ua) * i / steps, va + (vb - va) * i / steps
            name = fit.hex_of_plane(u, v)
            if name is None or name in sea or (path and path[-1] == name):
                continue
            if path and name not in fit.grid.neighbours(path[-1]):
                path += _land_route(fit.grid, path[-1], name, sea)[1:-1]
            path.append(name)
    return path


def _on_land(fit: GridFit, point: tuple[float, float], sea: Collection[str]) -> tuple[float, float]:
    """``point``, or where it falls in an all-sea hex the centre of the land hex nearest it."""
    here = fit.hex_of_plane(*point)
    if here is None or here not in sea:
        return point
    ring, seen = [here], {here}
    while ring:
        ring = sorted({n for h in ring for n in fit.grid.neighbours(h)} - seen)
        seen.update(ring)
        land = [h for h in ring if h not in sea]
        if land:
            return min((fit.grid.centre(h) for h in land),
                       key=lambda c: (c[0] - point[0]) ** 2 + (c[1] - point[1]) ** 2)
    return point


def _land_route(grid: MapGrid, start: str, goal: str, sea: Collection[str]) -> list[str]:
    """The fewest hexes from ``start`` to ``goal`` stepping on land only (both ends included);
    ``[start, goal]`` where no land route joins them."""
    came: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            route = [here]
            while (before := came[route[-1]]) is not None:
                route.append(before)
            return route[::-1]
        for near in sorted(grid.neighbours(here)):
            if near not in came and near not in sea:
                came[near] = here
                queue.append(near)
    return [start, goal]


# -- water of each hex -------------------------------------------------------------------------

#: A hex is all sea from this share of sea water, and has a coast from this share.
SEA_HEX = 0.5
COAST_HEX = 0.08
LAKE_HEX = 0.1


@dataclass(frozen=True)
class HexWater:
    """What real geography says of one hex: its shares of sea and lake water, and its class."""

    hex: str
    sea: float
    lake: float
    border: bool

    @property
    def all_sea(self) -> bool:
        return self.sea >= SEA_HEX


def hex_outline(grid: MapGrid, name: str) -> list[tuple[float, float]]:
    """The hexagon of ``name`` in the plane of :meth:`MapGrid.centre` (columns are vertical
    lines of hexes one apart, so the hexes are flat-topped with a radius of 1/sqrt(3))."""
    u, v = grid.centre(name)
    radius = 1 / 3 ** 0.5
    return [(u + radius * math.cos(math.radians(a)), v + radius * math.sin(math.radians(a)))
            for a in range(0, 360, 60)]


def water_of_hexes(fit: GridFit, geography: Geography) -> dict[str, HexWater]:
    """Each hex's sea and lake shares and whether the national border crosses it."""
    def to_plane(shape_: BaseGeometry) -> BaseGeometry:
        return reshaped(shape_, lambda lonlat: np.array([fit.plane(lat, lon) for lon, lat in lonlat]).reshape(-1, 2))

    # simplified rings that touch may cross once projected: repaired, as GEOS cannot cut invalid shapes
    land, lakes = make_valid(to_plane(geography.land)), make_valid(to_plane(geography.lakes))
    borders = to_plane(geography.borders)
    land_prepared, lakes_prepared, borders_prepared = prep(land), prep(lakes), prep(borders)
    found = {}
    for name in fit.grid.hexes():
        cell = Polygon(hex_outline(fit.grid, name))
        on_land = cell.intersection(land).area if land_prepared.intersects(cell) else 0.0
        in_lakes = cell.intersection(lakes).area if lakes_prepared.intersects(cell) else 0.0
        found[name] = HexWater(name, round(1 - on_land / cell.area, 3), round(in_lakes / cell.area, 3),
                               borders_prepared.intersects(cell))
    return found


def country_of_hexes(fit: GridFit, geography: Geography) -> dict[str, str]:
    """The hexes that lie in a country of ``geography.countries``, each with its ISO code: the
    country that holds the hex's centre, or, a centre off land (a coastal hex), the one that holds
    more than half of the hex's land. Hexes in no such country are left out."""
    def to_plane(shape_: BaseGeometry) -> BaseGeometry:
        return make_valid(reshaped(shape_, lambda lonlat: np.array(
            [fit.plane(lat, lon) for lon, lat in lonlat]).reshape(-1, 2)))

    countries = {code: to_plane(land) for code, land in (geography.countries or {}).items()}
    prepared = {code: prep(land) for code, land in countries.items()}
    land = make_valid(to_plane(geography.land))
    found = {}
    for name in fit.grid.hexes():
        centre = Point(fit.grid.centre(name))
        holder = next((code for code, p in prepared.items() if p.contains(centre)), None)
        if holder is None and not land.contains(centre):
            cell = Polygon(hex_outline(fit.grid, name))
            ground = cell.intersection(land).area
            for code, country in countries.items():
                if ground > 0 and prepared[code].intersects(cell) and cell.intersection(country).area > ground / 2:
                    holder = code
        if holder is not None:
            found[name] = holder
    return found


def coast_class(water: HexWater, neighbours: Iterable[HexWater]) -> str:
    """``sea`` for a land hex on open water (an all-sea hex beside it), ``fjord`` for one on
    water too narrow to fill a hex (an inlet), ``none`` otherwise."""
    if water.all_sea or water.sea < COAST_HEX:
        return "none"
    return "sea" if any(n.all_sea for n in neighbours) else "fjord"


def numbered_places(places: Iterable) -> list[tuple[str, str]]:
    """(name, hex) of the places whose hex a rule gives: a rule citation of the place's source
    covers its hex (``3.2: Bogen (hex 0216)``, ``6.1.1: hex``) and no sample one does
    (``12.5: Ankenes; sample: its hex``). These pin the map to real geography. Each name once."""
    seen: set[str] = set()
    found = []
    for place in places:
        if not place.hex or place.name in seen:
            continue
        covering = [c for c in citations(place.source) if "hex" in c.note.lower() or place.hex in c.note]
        if any(c.rule for c in covering) and not any(not c.rule for c in covering):
            seen.add(place.name)
            found.append((place.name, place.hex))
    return found


def fit_game(root: Path, grid: MapGrid, places: Iterable) -> tuple[Geography, GridFit] | None:
    """A game folder's geography and its grid's fit to the numbered places (or the grid as its
    ``geo.toml [grid]`` lays it down, every place with a real position a pin), or None where the
    folder has no geography; too few numbered places with a real position to fit are bad input."""
    geography = load_geography(root)
    if geography is None:
        return None
    if geography.design is not None:  # the text numbers no hex: the grid is laid down, not fitted
        placed = [(place.name, place.hex) for place in places if place.hex]
        return geography, geography.laid(grid, geography.design, dict(placed).items())
    numbered = [(name, hexname) for name, hexname in numbered_places(places) if geography.town(name)]
    if len(numbered) < 2:
        raise BadInput(root / "geo.toml", f"the map needs two numbered places with a real position to fit; "
                                          f"it has {len(numbered)}")
    return geography, geography.fit(grid, numbered)
