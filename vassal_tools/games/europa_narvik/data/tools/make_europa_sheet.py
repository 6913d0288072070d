"""Write hexes.csv, hexsides.csv and operational_grid.json of Europa Narvik (run once by a maintainer).

europa-narvik.txt 4B: two maps "covering Norway, Sweden, and the immediate area on a ground scale of
16 miles per hex"; the text numbers no hex (its numbers read ``X:X``). The sheet is the grid that
``geo.toml [grid]`` lays on real geography (51 columns by 56 rows, north at the top, Alta in row 1,
the Skagerrak at the bottom; ``geo/``, written by scripts/extract_geodata.py): each hex's water comes
from GSHHG (all sea, coast ``sea`` or ``fjord``, lake; scripts/fit_map.py --write rewrites it the same
way; Europa knows no inlet: every hex with sea water is a partial sea hex, coast ``sea``, 17),
a hex where places.csv puts a place stays land, a land hex in Sweden or Finland (24: "Sweden and
Finland are neutrals"; geography.geojson's country land, cut by WDBII's borders) is that neutral's
(terrain ``sweden`` or ``finland``, zone Sweden or Finland: the hex's centre in it, or a coastal hex's
land mostly in it), and a port's hex (17, 26: Alta) or Elvegaardsmoen's
(17) is a partial sea hex whatever share of sea it holds, lake hexsides (13D) are the hexsides whose midpoint lies in a GSHHG lake (the railroad hexsides,
which scripts/fit_map.py --write lays along geo/rails.csv, are kept), border hexes are those
WDBII's national border crosses. What the text does not give stays ``sample``: the land terrain (by
distance from open sea: clear within two hexes, rough at three, mountain further inland), the A
weather line (17A: rows 1-23, north of about 65 N) and the seas' limits (17D: the North Sea south of
62 N and west of 7.5 E; the straits east of it; the Norwegian Sea north of it; the Baltic east of
Sweden). Usage: python tools/make_europa_sheet.py (from the data folder).
"""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

import numpy as np
from shapely import make_valid, transform
from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry
from shapely.prepared import prep

from vassal_tools.gamedata.geography import (
    LAKE_HEX,
    Geography,
    GridFit,
    coast_class,
    country_of_hexes,
    load_geography,
    water_of_hexes,
)
from vassal_tools.gamedata.hexes import MapGrid, parse_hex

HERE = Path(__file__).resolve().parent.parent
GRID = MapGrid(1, 51, 1, 56)
A_LINE_LAST_ROW = 23  # sample: rows 1-23 (north of about 65 N) are on or north of the A weather line
NORTH_SEA_NORTH = 62.0  # 17D: the North Sea; sample: its northern limit (Stad), its eastern (Lindesnes)
NORTH_SEA_EAST = 7.5
BALTIC_WEST = 14.0  # sample: sea hexes east of Sweden's mountains are the Baltic and the Gulf of Bothnia
#: 24: "Sweden and Finland are neutrals": the country's ISO code -> its hexes' terrain and zone.
NEUTRALS = {"SE": ("sweden", "Sweden"), "FI": ("finland", "Finland")}
NEUTRAL = ("24: a neutral's hex; WDBII: the borders put its centre in {name} (a coastal hex: most of its land), "
           "through the grid of geo.toml, approximate; sample: where the grid lies")
WATER = ("GSHHG: water through the grid of geo.toml (all sea from half the hex, coast from 8%, lake from 10%), "
         "approximate")


def inland(fit: GridFit, sea: set[str]) -> dict[str, int]:
    """Each hex's distance in hexes from the nearest all-sea hex (breadth first)."""
    distance = {name: 0 for name in sea}
    frontier = sorted(sea)
    while frontier:
        following = []
        for name in frontier:
            for near in fit.grid.neighbours(name):
                if near not in distance:
                    distance[near] = distance[name] + 1
                    following.append(near)
        frontier = following
    return distance


def land_terrain(steps: int) -> str:
    return "clear" if steps <= 2 else "rough" if steps == 3 else "mountain"


def sea_zone(fit: GridFit, name: str) -> str:
    u, v = fit.grid.centre(name)
    east, north = fit.similarity.invert(u, v)
    lat, lon = latlon(fit, east, north)
    if lon >= BALTIC_WEST and lat < 66.0:
        return "Baltic"
    if lat < NORTH_SEA_NORTH:
        return "North Sea" if lon < NORTH_SEA_EAST else "Skagerrak"
    return "Norwegian Sea"


def latlon(fit: GridFit, east: float, north: float) -> tuple[float, float]:
    """The inverse of the spherical transverse Mercator (close enough to sort seas)."""
    radius = 6371.0
    p = fit.projection
    d = north / radius + math.radians(p.origin_latitude)
    lat = math.asin(math.sin(d) / math.cosh(east / radius))
    lon = p.central_meridian + math.degrees(math.atan2(math.sinh(east / radius), math.cos(d)))
    return math.degrees(lat), lon


def main() -> None:
    geography = load_geography(HERE)
    assert geography is not None and geography.design is not None
    fit = geography.laid(GRID, geography.design, ())
    water = water_of_hexes(fit, geography)
    with (HERE / "places.csv").open(encoding="utf-8", newline="") as f:
        places = list(csv.DictReader(f))
    placed = {row["hex"] for row in places if row["hex"]}
    partial = {row["hex"] for row in places if row["kind"] == "port" or row["name"] == "Elvegaardsmoen"}
    sea = {name for name, w in water.items() if w.all_sea and name not in placed}
    steps = inland(fit, sea)
    countries = country_of_hexes(fit, geography)
    with (HERE / "hexes.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["hex", "terrain", "coast", "lake", "border", "zone", "weather", "source"])
        for name in GRID.hexes():
            here = water[name]
            coast = "sea" if name in partial or coast_class(here, [water[n] for n in GRID.neighbours(name)]) != "none" \
                else "none"
            weather = "a-north" if parse_hex(name)[1] <= A_LINE_LAST_ROW else "a-south"
            if name in sea:
                zone = sea_zone(fit, name)
                source = f"17D: the North Sea; sample: its limits; {WATER}" if zone == "North Sea" \
                    else f"sample: the sea's name; {WATER}"
                w.writerow([name, "sea", "none", "no", "no", zone, weather, source])
            else:
                rule = "17: a partial sea hex; " if name in partial else ""
                terrain, zone = NEUTRALS.get(countries.get(name, ""), (land_terrain(steps.get(name, 99)), "Norway"))
                source = f"{NEUTRAL.format(name=zone)}; {WATER}" if zone != "Norway" and name not in placed \
                    else f"{rule}sample: terrain (by distance from the sea); {WATER}"
                if zone != "Norway" and name in placed:
                    terrain, zone = land_terrain(steps.get(name, 99)), "Norway"
                coast = coast if zone == "Norway" else "none"  # a neutral's hex is no partial sea hex: none enter it
                w.writerow([name, terrain, coast, "yes" if here.lake >= LAKE_HEX else "no",
                            "yes" if here.border else "no", zone, weather, source])
    lakes = prep(fit_lakes(fit, geography))
    with (HERE / "hexsides.csv").open(encoding="utf-8", newline="") as f:  # scripts/fit_map.py --write lays these
        railroads = [row for row in csv.DictReader(f) if row["feature"] == "railroad"]
    with (HERE / "hexsides.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["hex_a", "hex_b", "feature", "source", "note"])
        for name in GRID.hexes():
            for near in GRID.neighbours(name):
                if near <= name or name in sea or near in sea:
                    continue
                (ua, va), (ub, vb) = GRID.centre(name), GRID.centre(near)
                if lakes.contains(Point((ua + ub) / 2, (va + vb) / 2)):
                    w.writerow([name, near, "lake", "13D: lake hexsides; GSHHG: a lake under the hexside's middle",
                                ""])
        for row in railroads:
            w.writerow([row["hex_a"], row["hex_b"], row["feature"], row["source"], row["note"]])
    # Regular hexes (dx = dy * sqrt(3) / 2): the board's hexes are then the grid's own, and a real position
    # lies in the same hex on the board as in the data.
    dx = 64.0 * 3 ** 0.5 / 2
    width, height = round(40 + 50 * dx + 60), 40 + 55 * 64 + 80
    grid = {
        "source": "europa-narvik.txt 4B: a hex grid numbered on each map, 16 miles a hex (geo.toml [grid]); "
                  "sample: the pixel size and spacing",
        "board": {"name": "Narvik Map", "width": width, "height": height},
        "HexGrid": {"dx": repr(dx), "dy": "64.0", "x0": "40", "y0": "40", "sideways": "false", "snapTo": "true",
                    "edgesLegal": "false", "cornersLegal": "false"},
        "HexGridNumbering": {"first": "H", "sep": "", "hType": "N", "vType": "N", "hLeading": "1",
                             "vLeading": "1", "hOff": "1", "vOff": "1", "hDescend": "false", "vDescend": "false",
                             "stagger": "false", "locationFormat": "$gridLocation$"},
    }
    (HERE / "operational_grid.json").write_text(json.dumps(grid, indent=2) + "\n", encoding="utf-8")


def fit_lakes(fit: GridFit, geography: Geography) -> BaseGeometry:
    """The lakes in the grid's plane."""
    return make_valid(transform(geography.lakes, lambda lonlat: np.array(
        [fit.plane(lat, lon) for lon, lat in lonlat]).reshape(-1, 2)))


if __name__ == "__main__":
    main()
