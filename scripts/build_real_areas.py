"""Cut an area game's board from its real geography (maintainer tool, not needed at run time).

    python scripts/build_real_areas.py vassal_tools/games/kampen_om_norge/data [--check]

reads the folder's ``geo.toml`` ([projection], [frame], [areas], [sea], [boxes]) and ``geo/``
(made by scripts/extract_geodata.py) and writes ``map.json`` (the format gamedata/areadata.py
reads) and the drawn neighbours of ``adjacency.csv``:

* land: GSHHG's land, split along WDBII's national border (each piece goes to the country of its
  nearest gazetteer town); Norway is closed by ``close_km`` (fjords and sounds narrower than twice
  that become part of the land areas, so an area holds its islands and both shores of a fjord);
* each land area is the union of the Voronoi cells of its seeds (``[areas]``: the town it is named
  after first, which must lie inside it, then shaping seeds), clipped to closed Norway: the part
  holding its town;
* the sea is the board less the land areas, the other countries (impassable) and the boxes, cut
  the same way by the sea zones' seeds; islands left out of every land area fall in their sea zone;
* every polygon is simplified together (shapely's coverage simplification keeps shared borders
  shared) and rounded to whole pixels;
* the real land, lakes and border (for the drawing) and the projection (for ``locate --lonlat``).

``adjacency.csv``: rows whose source or note says ``drawn neighbours`` are replaced by the pairs of
land areas (and, with ``--sea``, land and sea) the new polygons make touch; every other row is
kept as it is. The report says which towns lie inside their areas and which of the other rows
(the rulebook's adjacencies) the polygons make hold. ``--check`` exits 1 if a file would change.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box, shape
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union, voronoi_diagram

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vassal_tools.formats.archive import atomic_write  # noqa: E402
from vassal_tools.gamedata.tables import csv_text  # noqa: E402
from vassal_tools.geometry.projection import TransverseMercator  # noqa: E402

#: Two polygons border each other when they share this much outline (pixels), as the tests ask.
TOUCH_PX = 3.0
DRAWN = "drawn neighbours"


class Frame:
    """Latitude and longitude to board pixels: the projection, then kilometres to pixels."""

    def __init__(self, doc: dict):
        self.projection = TransverseMercator(**doc["projection"])
        f = doc["frame"]
        self.west, self.north, self.kpp = float(f["west_km"]), float(f["north_km"]), float(f["km_per_pixel"])
        self.size = (round((float(f["east_km"]) - self.west) / self.kpp),
                     round((self.north - float(f["south_km"])) / self.kpp))

    def pixel(self, lat: float, lon: float) -> tuple[float, float]:
        east, north = self.projection.km(lat, lon)
        return (east - self.west) / self.kpp, (self.north - north) / self.kpp

    def to_pixels(self, geometry: BaseGeometry) -> BaseGeometry:
        def move(lonlat: np.ndarray) -> np.ndarray:
            return np.array([self.pixel(lat, lon) for lon, lat in lonlat]).reshape(-1, 2)
        return shapely.transform(geometry, move)

    def board_geography(self) -> dict:
        """The projection and km-to-pixel matrix a module carries (geometry/projection.py)."""
        k = 1 / self.kpp
        return {"projection": vars(self.projection),
                "km_to_pixel": [[k, 0.0], [0.0, -k], [-self.west * k, self.north * k]]}


def parts(geometry: BaseGeometry) -> list[Polygon]:
    return [g for g in getattr(geometry, "geoms", [geometry]) if isinstance(g, Polygon) and not g.is_empty]


def lines(geometry: BaseGeometry) -> list[LineString]:
    return [g for g in getattr(geometry, "geoms", [geometry]) if isinstance(g, LineString) and not g.is_empty]


def ring(polygon: Polygon) -> list[list[int]]:
    return [[round(x), round(y)] for x, y in list(polygon.exterior.coords)[:-1]]


def read_towns(folder: Path) -> list[dict[str, str]]:
    with open(folder / "geo" / "towns.csv", encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def seed_point(frame: Frame, towns: dict[str, dict[str, str]], seed: object, where: str) -> Point:
    if isinstance(seed, str):
        town = towns.get(seed)
        if town is None:
            sys.exit(f"build_real_areas: geo.toml {where}: no town {seed!r} in geo/towns.csv")
        return Point(frame.pixel(float(town["lat"]), float(town["lon"])))
    lat, lon = seed  # type: ignore[misc]
    return Point(frame.pixel(float(lat), float(lon)))


def cells(seeds: dict[str, list[Point]], envelope: Polygon) -> dict[str, BaseGeometry]:
    """Each name's union of the Voronoi cells of its seeds."""
    owner = [(name, p) for name, points in seeds.items() for p in points]
    diagram = voronoi_diagram(MultiPoint([p for _, p in owner]), envelope=envelope)
    found: dict[str, list[BaseGeometry]] = {name: [] for name in seeds}
    for cell in diagram.geoms:
        name = next(n for n, p in owner if cell.intersects(p))
        found[name].append(cell)
    return {name: unary_union(shapes).intersection(envelope) for name, shapes in found.items()}


def part_holding(geometry: BaseGeometry, point: Point) -> Polygon | None:
    for part in parts(geometry):
        if part.buffer(0.5).contains(point):
            return part
    return None


class Geography:
    """The real land, lakes and border in board pixels, the land split into Norway and the rest."""

    def __init__(self, folder: Path, frame: Frame, towns: list[dict[str, str]]):
        doc = json.loads((folder / "geo" / "geography.geojson").read_text(encoding="utf-8"))
        board = box(0, 0, *frame.size).buffer(40, join_style="mitre")
        by_kind: dict[str, list[BaseGeometry]] = {"land": [], "lake": [], "border": []}
        islands_in_lakes = []
        for feature in doc["features"]:
            kind = feature["properties"]["kind"]
            if kind not in by_kind:
                continue
            geometry = frame.to_pixels(shape(feature["geometry"]))
            if kind != "border" and not geometry.is_valid:  # simplification can leave a ring touching itself
                geometry = geometry.buffer(0)
            if feature["properties"].get("level") == 3:
                islands_in_lakes.append(geometry)
            else:
                by_kind[kind].append(geometry)
        self.land = unary_union(by_kind["land"]).intersection(board)
        self.lakes = unary_union(by_kind["lake"]).difference(unary_union(islands_in_lakes)).intersection(board)
        self.border = unary_union(by_kind["border"]).intersection(board)
        self.norway = self._norway(towns, frame)
        self.foreign = self.land.difference(self.norway)

    def _norway(self, towns: list[dict[str, str]], frame: Frame) -> BaseGeometry:
        """The pieces of land the border cuts off whose nearest town is Norwegian."""
        points = [Point(frame.pixel(float(t["lat"]), float(t["lon"]))) for t in towns]
        countries = [t["country"] for t in towns]
        tree = shapely.STRtree(points)
        cut = self.border.buffer(1.5)
        mine = []
        for piece in parts(self.land.difference(cut)):
            nearest = tree.nearest(piece.representative_point())
            if countries[int(nearest)] == "NO":
                mine.append(piece)
        return unary_union(mine).buffer(2.0).intersection(self.land)


def snapped_together(rings: dict[str, list[list[int]]]) -> dict[str, list[list[int]]]:
    """Rounding leaves neighbours' shared borders a fraction of a pixel apart where a border meets
    a third polygon: snap each polygon's vertices and edges to its neighbours' vertices (within
    1.5 px), so that shared borders share their vertices, where the result stays valid."""
    found = dict(rings)
    for name in rings:
        own = Polygon(found[name])
        others = [Polygon(found[n]) for n in found if n != name]
        near = [p for p in others if p.distance(own) < 2.0]
        if not near:
            continue
        points = MultiPoint([c for p in near for c in p.exterior.coords])
        moved = shapely.snap(own, points, 1.5)
        if isinstance(moved, Polygon) and moved.is_valid and not moved.is_empty:
            found[name] = ring(moved)
    return found


def coast_seeds(path: Path, land_zones: dict[str, Polygon], sea: BaseGeometry) -> dict[str, list[Point]]:
    """Points every 4 px along the coast of each land area that borders one sea zone (areas.csv's
    sea_zones), as that zone's seeds: the zones then meet the coast where the areas do."""
    with open(path, encoding="utf-8", newline="") as handle:
        listed = {row["name"]: [z for z in row["sea_zones"].split(";") if z] for row in csv.DictReader(handle)}
    found: dict[str, list[Point]] = {}
    for name, zone in land_zones.items():
        if len(listed.get(name, [])) != 1:
            continue
        for line in lines(shapely.line_merge(zone.exterior.intersection(sea.buffer(1.0)))):
            steps = max(1, int(line.length // 4))
            found.setdefault(listed[name][0], []).extend(
                line.interpolate(i / steps, normalized=True) for i in range(steps + 1))
    return found


def island(geo: Geography, frame: Frame, centre: Point, radius: float, board: Polygon) -> Polygon:
    """An island group's zone: the hull of the land within ``radius`` of its centre, grown 24 px (room for its name);
    by the board's edge it reaches the edge (so the sea zone round it has no hole)."""
    hull = unary_union([p for p in parts(geo.land) if p.distance(centre) < radius]).convex_hull.buffer(24)
    x0, y0, x1, y1 = hull.bounds
    if x0 < 40:
        hull = unary_union([hull, box(0, y0 + 10, x0 + 1, y1 - 10)]).convex_hull
    return Polygon(max(parts(hull.intersection(board)), key=lambda p: p.area).exterior)


def adopt(zones: dict[str, Polygon], leftovers: list[Polygon]) -> None:
    """A piece of a cell cut off from its seed's part joins the zone it shares most outline with
    (else it stays out: an island at sea falls in its sea zone)."""
    for piece in sorted(leftovers, key=lambda p: -p.area):
        shared = {name: zone.intersection(piece.buffer(0.01)).length for name, zone in zones.items()}
        best = max(shared, key=lambda n: shared[n])
        if shared[best] > TOUCH_PX:
            merged = unary_union([zones[best], piece])
            zones[best] = Polygon(max(parts(merged), key=lambda p: p.area).exterior)


def build(folder: Path, check: bool) -> int:
    doc = tomllib.loads((folder / "geo.toml").read_text(encoding="utf-8"))
    frame = Frame(doc)
    town_rows = read_towns(folder)
    towns: dict[str, dict[str, str]] = {}
    for row in sorted(town_rows, key=lambda r: r["country"] != "NO"):  # Alta is a Swedish town too
        towns.setdefault(row["name"], row)
    geo = Geography(folder, frame, town_rows)
    width, height = frame.size
    board = box(0, 0, width, height)
    close = float(doc["frame"]["close_km"]) / frame.kpp
    # Closing leaves a wide fjord behind a narrow mouth as a hole: fill it, it is the areas' too.
    closed = unary_union([Polygon(p.exterior) for p in parts(geo.norway.buffer(close).buffer(-close))])
    closed = closed.difference(geo.foreign).intersection(board)

    seeds = {name: [seed_point(frame, towns, s, f"[areas] {name!r}") for s in listed]
             for name, listed in doc["areas"].items()}
    named = {name: listed[0] for name, listed in doc["areas"].items()}
    land_zones: dict[str, Polygon] = {}
    report: list[str] = []
    leftovers: list[Polygon] = []
    for name, cell in cells(seeds, board).items():
        piece = part_holding(cell.intersection(closed), seeds[name][0])
        if piece is None:
            report.append(f"OUTSIDE: {name}'s town {named[name]!r} is not on its land")
            piece = max(parts(cell.intersection(closed)), key=lambda p: p.area)
        land_zones[name] = Polygon(piece.exterior)
        leftovers += [p for p in parts(cell.intersection(closed).difference(piece))]
    adopt(land_zones, leftovers)
    for name, (lat, lon, radius) in doc.get("islands", {}).items():
        land_zones[name] = island(geo, frame, Point(frame.pixel(lat, lon)), radius / frame.kpp, board)
        seeds[name], named[name] = [Point(frame.pixel(lat, lon))], name
    boxes = {name: box(*map(float, rect)) for name, rect in doc.get("boxes", {}).items()}
    impassable = [Polygon(p.exterior) for p in sorted(parts(geo.foreign.intersection(board)),
                                                      key=lambda p: -p.area) if p.area > 4000]
    # A zone has no holes: a box is cut out of the sea up to the board's top edge (a margin round it).
    margins = [box(b.bounds[0] - 20, 0, b.bounds[2] + 20, b.bounds[3] + 20) for b in boxes.values()]
    sea = board.difference(unary_union(list(land_zones.values()) + impassable + margins))
    if "sea_bottom_px" in doc["frame"]:  # a strip under the map for boxes: no sea zone there
        sea = sea.intersection(box(0, 0, width, float(doc["frame"]["sea_bottom_px"])))
    sea_seeds = {name: [seed_point(frame, towns, s, f"[sea] {name!r}") for s in listed]
                 for name, listed in doc["sea"].items()}
    if doc["frame"].get("sea_by_coast"):  # areas.csv's sea_zones: each area's coast seeds its one zone
        for name, zone in coast_seeds(folder / "areas.csv", land_zones, sea).items():
            sea_seeds[name] += zone
    sea_zones: dict[str, Polygon] = {}
    leftovers = []
    for name, cell in cells(sea_seeds, board).items():
        piece = part_holding(cell.intersection(sea), sea_seeds[name][0])
        if piece is None:
            sys.exit(f"build_real_areas: {name}'s first seed is not at sea")
        sea_zones[name] = Polygon(piece.exterior)
        leftovers += [p for p in parts(cell.intersection(sea).difference(piece))]
    adopt(sea_zones, leftovers)

    names = list(land_zones) + list(sea_zones) + [f"impassable {i}" for i in range(len(impassable))]
    # Snapped to a common fine grid first, so that neighbours' shared edges have the same vertices
    # and the coverage simplification keeps them shared.
    fine = shapely.set_precision(list(land_zones.values()) + list(sea_zones.values()) + impassable, 0.05)
    simple = fine
    # Snap rounding to whole pixels keeps each polygon valid; shared vertices snap alike.
    snapped = shapely.set_precision(simple, 1.0)
    rings = {name: ring(max(parts(g), key=lambda p: p.area)) for name, g in zip(names, snapped, strict=True)}
    rings = snapped_together(rings)
    polygons = {name: Polygon(points) for name, points in rings.items()}
    for name in land_zones:
        point = seeds[name][0]
        inside = polygons[name].contains(point)
        report.append(f"{'inside ' if inside else 'OUTSIDE'}: {named[name]} in {name}")

    out = {
        "source": f"real geography: {doc['frame'].get('source', 'geo/ (GSHHG, WDBII, GeoNames)')}; areas cut "
                  "by scripts/build_real_areas.py from geo.toml's seeds (sample: the rulebook has no map)",
        "board": {"name": doc["frame"]["board"], "width": width, "height": height},
        "geography": frame.board_geography(),
        "outline": ring(shapely.set_precision(max(parts(closed), key=lambda p: p.area).simplify(1.2), 1.0)),
        "impassable": [rings[f"impassable {i}"] for i in range(len(impassable))],
        "areas": {name: rings[name] for name in land_zones},
        "sea_zones": {name: rings[name] for name in sea_zones},
        "boxes": {name: ring(b) for name, b in boxes.items()},
        "land": drawn_rings(geo.land.intersection(board.buffer(10)), 0.8, 6.0),
        "lakes": drawn_rings(geo.lakes.intersection(board), 0.8, 10.0),
        "border": [[[round(x), round(y)] for x, y in line.simplify(0.8).coords]
                   for line in lines(shapely.line_merge(geo.border.intersection(board)))],
    }
    text = map_text(out)
    touching = touching_pairs(polygons, list(land_zones), list(sea_zones))
    # Areas whose every neighbour the text gives: a drawn neighbour beyond them is a ridge (no border).
    whole = set(doc.get("text", {}).get("every_neighbour", []))
    ridges = {pair for pair in touching if pair & whole and pair <= set(land_zones)}
    # The borders drawn: between land areas, or (scope "all") between any two areas and sea zones.
    scope = set(land_zones) | (set(sea_zones) if doc["frame"].get("scope") == "all" else set())
    adjacency, held = adjacency_text(folder / "adjacency.csv", touching, scope, ridges)
    # 2.3 (Kampen om Norge): "A land area by a fjord is considered adjacent to the sea zone next to it":
    # the real water inside an area (a fjord the closing made part of it) borders the zone at its mouth.
    by_fjord = fjord_pairs(polygons, list(land_zones), list(sea_zones), out["land"])
    report += held + sea_report(folder / "areas.csv", coast_pairs(polygons, list(land_zones), list(sea_zones)) | by_fjord,
                                set(sea_zones))
    inside = sum(line.startswith("inside") for line in report)
    holds = sum(line.startswith("holds") for line in held)
    print("\n".join(report))
    print(f"{folder}: towns inside their areas {inside}/{len(land_zones)}, "
          f"the text's adjacencies that hold {holds}/{sum(line.startswith(('holds', 'FAILS')) for line in held)}, map.json {len(text.encode()) / 1e6:.2f} MB")
    changed = [name for name, new in (("map.json", text), ("adjacency.csv", adjacency))
               if (folder / name).read_text(encoding="utf-8") != new]
    if check:
        return 1 if changed else 0
    atomic_write(folder / "map.json", text.encode("utf-8"))
    atomic_write(folder / "adjacency.csv", adjacency.encode("utf-8"))
    return 0


#: A land area borders a sea zone along a coast at least this long (px): a shorter touch is where
#: two areas' coasts meet, facing the next area's zone.
COAST_PX = 12.0


def coast_pairs(polygons: dict[str, Polygon], land: list[str], sea: list[str]) -> set[frozenset[str]]:
    """(land area, sea zone) pairs whose shared coast is at least COAST_PX long."""
    return {frozenset((a, z)) for a in land for z in sea
            if polygons[a].buffer(1.5).intersection(polygons[z].boundary).length >= COAST_PX}


#: Water inside an area smaller than this (px²) is a speck of the drawing, no fjord.
FJORD_MIN_AREA = 30.0


def fjord_pairs(polygons: dict[str, Polygon], land: list[str], sea: list[str],
                drawn_land: list[list[list[int]]]) -> set[frozenset[str]]:
    """(land area, sea zone) pairs joined by a fjord, for the areas that touch no sea zone: a piece
    of real water inside the land areas (their polygons less the drawn real land: a fjord the
    closing made part of them), which may run through several areas, joins each area it lies in
    to the zones at its mouth."""
    ground = unary_union([shapely.make_valid(Polygon(r)) for r in drawn_land if len(r) >= 3])
    coast = coast_pairs(polygons, land, sea)
    inland = [name for name in land if not any(frozenset((name, zone)) in coast for zone in sea)]
    mouths: dict[str, set[str]] = {name: set() for name in inland}
    for water in parts(unary_union([polygons[name] for name in land]).difference(ground)):
        if water.area < FJORD_MIN_AREA:
            continue
        for name in inland:
            if polygons[name].intersection(water).area >= FJORD_MIN_AREA:
                mouths[name] |= {zone for zone in sea if polygons[zone].distance(water) <= 1.5}
    # "the sea zone next to it": of the zones its fjords open onto, the one nearest the area
    return {frozenset((name, min(zones, key=lambda z: (polygons[z].distance(polygons[name]), z))))
            for name, zones in mouths.items() if zones}


def sea_report(path: Path, touching: set[frozenset[str]], sea: set[str]) -> list[str]:
    """areas.csv's sea_zones (the zones a land area borders), where it has them, against the drawing."""
    with open(path, encoding="utf-8", newline="") as handle:
        rows = [row for row in csv.DictReader(handle) if "sea_zones" in row and row["kind"] == "land"]
    found = []
    for row in rows:
        listed = {z for z in row["sea_zones"].split(";") if z}
        drawn = {z for z in sea if frozenset((row["name"], z)) in touching}
        if listed != drawn:
            found.append(f"sea: {row['name']} lists {sorted(listed)}, drawn beside {sorted(drawn)}")
    return found


def drawn_rings(geometry: BaseGeometry, tolerance: float, min_area: float) -> list[list[list[int]]]:
    """Outer rings of the parts worth drawing (GSHHG land has no holes: lakes are their own polygons)."""
    found = []
    for part in parts(geometry.simplify(tolerance)):
        if part.area >= min_area:
            points = ring(part)
            if len(points) >= 3:
                found.append(points)
    return found


def map_text(doc: dict) -> str:
    """One key a line (the drawing's rings are long), polygons compact."""
    body = ",\n".join(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False, separators=(',', ':'))}"
                      for k, v in doc.items())
    return "{\n" + body + "\n}\n"


def touching_pairs(polygons: dict[str, Polygon], land: list[str], sea: list[str]) -> set[frozenset[str]]:
    names = land + sea
    found = set()
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if polygons[a].intersection(polygons[b]).length > TOUCH_PX:
                found.add(frozenset((a, b)))
    return found


def adjacency_text(path: Path, touching: set[frozenset[str]], land: set[str],
                   ridges: set[frozenset[str]]) -> tuple[str, list[str]]:
    """adjacency.csv with its drawn neighbours (land-land) replaced by the touching pairs; and
    whether each other land-land row holds."""
    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        columns = list(reader.fieldnames or [])
        rows = list(reader)
    kept, held = [], []
    listed = set()
    for row in rows:
        pair = frozenset((row["area_a"], row["area_b"]))
        both_land = pair <= land
        if both_land and DRAWN in (row.get("source", "") + row.get("note", "")):
            continue
        kept.append(row)
        if both_land:
            listed.add(pair)
            held.append(f"{'holds' if pair in touching else 'FAILS'}: {row['area_a']} - {row['area_b']} "
                        f"({row['source']})")
    order = [row["area_a"] for row in rows]
    drawn = sorted((tuple(sorted(pair, key=lambda n: (order.index(n) if n in order else 99, n)))
                    for pair in touching if pair <= land and pair not in listed | ridges),
                   key=lambda ab: (order.index(ab[0]) if ab[0] in order else 99, ab))
    template = next(row for row in rows if DRAWN in (row.get("source", "") + row.get("note", "")))
    new = []
    for a, b in drawn:
        row = dict.fromkeys(columns, "")
        row.update({"area_a": a, "area_b": b})
        for column in columns:
            if column not in ("area_a", "area_b"):
                row[column] = template[column]
        new.append(row)
    held += [f"ridge: {' - '.join(sorted(pair))} touch, not a border (the text gives every neighbour)"
             for pair in sorted(ridges - listed, key=sorted)]
    return csv_text(columns, merged(kept, new, land)), held


def merged(kept: list[dict[str, str]], new: list[dict[str, str]], land: set[str]) -> Iterable[dict[str, str]]:
    """The land borders (the text's and the drawn ones), then every other row as it was."""
    ground = [row for row in kept if {row["area_a"], row["area_b"]} <= land]
    yield from ground + new
    yield from (row for row in kept if not {row["area_a"], row["area_b"]} <= land)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game_folder", type=Path)
    parser.add_argument("--check", action="store_true", help="exit 1 if map.json or adjacency.csv would change")
    args = parser.parse_args(argv)
    return build(args.game_folder, args.check)


if __name__ == "__main__":
    sys.exit(main())
