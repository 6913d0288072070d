"""Generate the SAMPLE Operational Map terrain: hexes.csv and hexsides.csv.

Why: the printed Operational Map of Invasion: Norway did not survive in the
rulebook text. The text pins a few dozen hexes (named places, fjord, lake and
border hexes, ferries, a sea hexside); every other hex needs a plausible stand-in
that is clearly marked ``sample``. This script makes that stand-in reproducible,
so a maintainer can change the outline or a rule fact and regenerate instead of
editing two thousand rows by hand. Once a real transcription of the map exists,
edit hexes.csv and hexsides.csv directly and retire this script.

How:

1. The grid is pinned to real geography by the fit of ``scripts/fit_map.py``
   (:func:`vassal_tools.gamedata.geography.fit_game`: least squares over the places whose
   hex the rulebook numbers, 1.5 to 11.5.1) and ``geo/`` (GSHHG land and lakes).
2. Every hex is classified: sea (half its area or more real sea, and joined to the open
   sea), Norway or Sweden (east of ``BORDER``; Swedish waters off the map's seas, the
   Baltic's, are Sweden too), coast (real sea in it: ``sea`` beside an all-sea hex, else
   ``fjord``), lake symbol (real lake in it), zone, weather from real geography and the
   rules; its roughest terrain (1.2) from hand-typed regions (SAMPLE). Fjord, lake and
   river hexsides follow hand-typed lines (APPROXIMATE, projected through the fit).
3. ``RULEBOOK_HEXES`` and ``RULEBOOK_SIDES`` (facts the text gives, with rule
   numbers) override the sample; every place of places.csv is kept on land, every
   port on the water.
4. Roads, highways and railroads join places by cheapest land paths; rivers,
   lakes, fjords and sea straits give hexside features.
5. Self-checks: each rulebook fact holds, and each port can be reached by sea
   through partial-sea/fjord hexes from an all-sea hex (9.1.1). A failed check
   stops the script without writing.

Usage (from anywhere)::

    python module_src/invasion_norway/tools/make_sample_map.py          # write the CSVs
    python module_src/invasion_norway/tools/make_sample_map.py --check  # exit 1 if they differ

The map extent and hex adjacency come from game.toml ``[operational_map]``.
"""

from __future__ import annotations

import argparse
import csv
import heapq
import io
import math
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

import numpy as np
from shapely import make_valid
from shapely import transform as reshaped
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union
from shapely.prepared import prep

from vassal_tools.gamedata import MapGrid, hex_name, parse_hex
from vassal_tools.gamedata.geography import COAST_HEX, LAKE_HEX, GridFit, fit_game, water_of_hexes

HERE = Path(__file__).resolve().parent.parent

LatLon = tuple[float, float]
PlanePoint = tuple[float, float]

# ------------------------------------------------------------------------------------------
# 1. The fit and the real land and water: geo.toml and geo/ (scripts/fit_map.py reports the fit).

WATER_SOURCE = "GSHHG: water through the fit of scripts/fit_map.py, approximate"

# ------------------------------------------------------------------------------------------
# 2. Lines. All APPROXIMATE, typed by hand at roughly the resolution of a hex
# (16 nautical miles); only hexside features follow them.

# The Swedish border, as a chain of hexes (north to south). Named hexes are the
# rulebook's border hexes (11.2.3); "lat,lon" waypoints are approximate border points
# that fill the gaps. Consecutive hexes of the chain are linked by the border.
BORDER: list[str | LatLon] = [
    "0601", "0602", "0504", "0604", "0704", "0705", "0804", "0805", "1007",
    (66.6, 15.6), "1710", (65.2, 14.3), "2412", (64.0, 13.95), (63.3, 12.15), (62.6, 12.25),
    "3515", "3815", (61.4, 12.6), (60.9, 12.55), (60.3, 12.5), (59.9, 12.15), (59.55, 11.85),
    "5118", "5119", "5219",
]

# Waypoints are hexes ("4720"), midpoints of two hexes' centres ("5120/5121") so the
# water runs along their hexside, or lat/lon. Ends at ports are the ports' hexes.
Waypoint = str | LatLon

FJORDS: dict[str, list[Waypoint]] = {
    # 9.0.1: 4820 4920 5020 5120 partial-fjord; Oscarborg 4921 and Horten 5121 face them.
    "Oslofjord": ["5420", "5320/5321", "5220/5221", "5120/5121", "5020/5121", "4920/4921",
                  "4820/4921", "4720/4821", "4720"],
    # 3.3.2: 2717 2718 2817 2818 are the cross-hatched inner fjord; 7.1.5: 2722 all-sea.
    "Trondheimsfjord": ["2722", "2821/2822", "2920/2921", "2919/3019", "2818/2918", "2718/2817", "2717"],
    "Iddefjord": ["5420", "5319/5320", "5219"],
    "Drammensfjord": ["4921", "4821"],
    "Ofotfjord": [(68.35, 15.9), (68.42, 16.6), (68.44, 17.2), "0505"],
    "Lyngenfjord": [(69.95, 20.0), (69.6, 20.25), (69.35, 20.25)],
    "Malangen": [(69.5, 18.1), (69.35, 18.6)],
    "Tysfjord": [(68.2, 15.7), (68.1, 16.3)],
    "Saltfjord": [(67.25, 14.2), (67.2, 15.0)],
    "Ranfjord": [(66.3, 13.0), (66.3, 13.7), "1611"],
    "Vefsnfjord": [(65.95, 12.5), (65.9, 13.0), "1813"],
    "Namsenfjord": [(64.45, 10.8), (64.47, 11.2), "2517"],
    "Romsdalsfjord": [(62.85, 6.7), (62.7, 7.1), (62.62, 7.5), "3325"],
    "Storfjord": [(62.4, 6.0), (62.3, 6.6), (62.15, 7.1)],
    "Nordfjord": [(61.95, 5.15), (61.9, 5.9), (61.85, 6.6)],
    "Sognefjord": [(61.05, 4.9), (61.1, 5.8), (61.15, 6.6), (61.2, 7.3)],
    "Hardangerfjord": [(59.8, 5.3), (60.1, 5.9), (60.3, 6.4), (60.45, 6.8)],
    "Boknafjord": [(59.2, 5.4), (59.15, 5.75), (59.25, 6.1)],
}

# Major lakes lie along hexsides (1.2.1). Mjosa separates Hamar from Gjovik.
LAKES: dict[str, list[Waypoint]] = {
    "Mjosa": ["4120/4220", "4219/4220", "4319/4320", "4419/4420", "4419/4519"],
    "Femunden": ["3517", "3816"],
    "Randsfjorden": [(60.75, 10.3), (60.4, 10.4)],
    "Tyrifjorden": [(60.1, 10.15), (59.95, 10.2)],
    "Tinnsjo": [(59.95, 8.9), (59.75, 8.95)],
    "Snasavatnet": [(64.25, 11.8), (64.15, 12.2)],
    "Selbusjoen": [(63.25, 10.8), (63.2, 11.15)],
}

# What a hexside crossed by these lines cites: fjords and lakes are real water, their lines typed by
# hand through the fit (approximate); the rivers stay sample.
LINE_SOURCES = {"fjord": "approximate: the fjord's line, real positions typed by hand through the fit",
                "lake": "approximate: the lake's line, real positions typed by hand through the fit",
                "river": "sample"}
# A sea hexside: GSHHG's sea under the middle of two land hexes' centres (a strait).
SEA_SIDE_SOURCE = "GSHHG: sea between the two hexes' centres, through the fit, approximate"

RIVERS: dict[str, list[Waypoint]] = {
    "Glomma": [(62.7, 11.2), (62.0, 11.0), (61.3, 11.1), (60.85, 11.45), (60.3, 11.85),
               (60.0, 11.6), (59.6, 11.2), (59.25, 10.95)],
    "Gudbrandsdalslagen": [(62.05, 9.0), (61.75, 9.6), (61.45, 10.1), (61.15, 10.4)],
    "Gaula": [(62.6, 11.1), (62.95, 10.6), (63.3, 10.3)],
    "Namsen": [(64.9, 13.0), (64.55, 12.3), (64.45, 11.6)],
    "Drammenselva": [(60.15, 10.1), (59.9, 10.0), (59.75, 10.15)],
    "Numedalslagen": [(59.75, 9.55), (59.4, 9.9), (59.1, 10.05)],
    "Otra": [(58.9, 7.7), (58.5, 7.9), (58.2, 8.0)],
    "Malselva": [(68.7, 18.6), (68.95, 18.5), (69.15, 18.3)],
    "Rauma": [(62.1, 8.8), (62.3, 8.1), (62.5, 7.75)],
}

# Terrain regions (roughest terrain wins, 1.2): mountain > rough > forest > clear. Land
# outside every region is rough; regions are tested mountain, clear, forest.
MOUNTAIN_REGIONS: list[list[LatLon]] = [
    [(59.3, 6.8), (60.0, 6.7), (60.9, 6.9), (61.5, 7.3), (62.2, 7.7), (62.75, 8.6), (62.65, 9.9),
     (62.2, 10.1), (61.7, 9.5), (61.1, 8.9), (60.5, 8.4), (60.0, 8.0), (59.5, 7.7), (59.2, 7.2)],
    [(64.3, 13.5), (65.3, 13.6), (66.3, 14.3), (67.3, 15.4), (68.1, 16.7), (68.6, 17.6),
     (69.0, 19.2), (69.6, 20.6), (69.2, 21.0), (68.3, 18.6), (67.2, 16.4), (66.0, 15.0), (64.9, 14.6), (64.2, 14.2)],
]
CLEAR_REGIONS: list[list[LatLon]] = [
    [(59.15, 10.55), (59.1, 11.3), (59.6, 11.45), (60.35, 11.35), (60.35, 10.8), (59.9, 10.45), (59.5, 10.3)],
    [(60.55, 10.85), (60.95, 10.85), (60.95, 11.55), (60.55, 11.55)],
    [(58.5, 5.55), (58.97, 5.5), (58.97, 5.9), (58.5, 6.0)],
    [(63.3, 10.15), (63.55, 10.05), (64.1, 11.3), (63.75, 11.55), (63.3, 10.7)],
]
FOREST_REGIONS: list[list[LatLon]] = [
    [(59.3, 11.7), (60.0, 12.6), (61.0, 12.5), (62.3, 12.1), (62.7, 11.0), (62.0, 10.2),
     (61.2, 10.0), (60.5, 9.4), (59.6, 9.1), (59.0, 9.4), (59.1, 10.4)],
    [(58.2, 7.3), (58.9, 9.4), (59.4, 8.9), (58.9, 7.2)],
    [(63.2, 10.8), (64.5, 11.4), (64.8, 13.0), (63.6, 12.1)],
]

# ------------------------------------------------------------------------------------------
# 3. What the rulebook says about single hexes and hexsides.

@dataclass(frozen=True)
class HexFact:
    hex: str
    rule: str
    what: str
    terrain: str = ""  # force this land terrain
    coast: str = ""  # force sea / fjord
    lake: bool = False
    border: bool = False
    sea: bool = False  # an all-sea hex
    land: bool = False  # a land hex (Norway)


RULEBOOK_HEXES: list[HexFact] = [
    HexFact("0203", "5.1.3", "Bardufoss airbase", land=True),
    HexFact("3018", "7.8.1", "Vaernes, Rough", terrain="rough", land=True),
    HexFact("3019", "7.1.5", "Trondheim port", land=True),
    HexFact("2722", "7.1.5", "all-sea hex next to Trondheim's approaches", sea=True),
    HexFact("3325", "7.2.5", "Andalsnes port", land=True),
    HexFact("3622", "13.4", "Dombaas", land=True),
    HexFact("4332", "6.1.1", "Bergen port", land=True),
    HexFact("4333", "6.4.3", "hex flown through to Bergen", sea=True),
    HexFact("4334", "1.1", "Scapa Flow edge hex", sea=True),
    HexFact("4233", "6.4.3", "Scapa Flow edge hex", sea=True),
    HexFact("4433", "6.4.3", "Scapa Flow edge hex", sea=True),
    HexFact("5825", "7.2.5", "Germany edge hex", sea=True),
    HexFact("4720", "11.1.1", "Oslo", coast="fjord", land=True),
    HexFact("4820", "9.0.1", "partial-fjord hex, Fornebu (7.2.5)", coast="fjord", land=True),
    HexFact("4920", "9.0.1", "partial-fjord hex", coast="fjord", land=True),
    HexFact("5020", "9.0.1", "partial-fjord hex, Moss (11.5.1)", coast="fjord", land=True),
    HexFact("5120", "9.0.1", "partial-fjord hex", coast="fjord", land=True),
    HexFact("4921", "9.0.1", "Oscarborg battery", coast="fjord", land=True),
    HexFact("5121", "9.0.1", "Horten battery", coast="fjord", land=True),
    HexFact("4821", "11.5.1", "Lysaker", land=True),
    HexFact("4519", "11.5.1", "Eidsvoll", land=True),
    HexFact("4320", "11.5.1", "Gjovik", land=True),
    HexFact("2717", "3.3.2", "cross-hatched Trondheim Fjord", coast="fjord", land=True),
    HexFact("2718", "3.3.2", "cross-hatched Trondheim Fjord", coast="fjord", land=True),
    HexFact("2817", "3.3.2", "cross-hatched Trondheim Fjord", coast="fjord", land=True),
    HexFact("2818", "3.3.2", "cross-hatched Trondheim Fjord", coast="fjord", land=True),
    HexFact("3522", "5.1.4", "lake symbol", lake=True, land=True),
    HexFact("3823", "5.1.4", "lake symbol", lake=True, land=True),
    HexFact("5229", "5.1.4", "lake symbol", lake=True, land=True),
    HexFact("3517", "11.2.2", "ferry", lake=True, land=True),
    HexFact("3816", "11.2.2", "ferry", lake=True, land=True),
    HexFact("5118", "11.2.3", "border hex, lake in its centre", lake=True, border=True, land=True),
    HexFact("5219", "11.2.3", "border hex, fjord in its centre", coast="fjord", border=True, land=True),
    HexFact("0601", "11.2.3", "border hex, lake", lake=True, border=True, land=True),
    HexFact("0602", "11.2.3", "border hex, lake", lake=True, border=True, land=True),
    HexFact("0805", "11.2.3", "border hex, lake", lake=True, border=True, land=True),
    HexFact("1007", "11.2.3", "border hex, lake", lake=True, border=True, land=True),
    HexFact("1710", "11.2.3", "border hex, lake", lake=True, border=True, land=True),
    HexFact("2412", "11.2.3", "border hex, lake", lake=True, border=True, land=True),
    HexFact("0504", "11.2.3", "border hex", border=True, land=True),
    HexFact("0604", "11.2.3", "border hex", border=True, land=True),
    HexFact("0704", "11.2.3", "border hex", border=True, land=True),
    HexFact("0705", "11.2.3", "border hex", border=True, land=True),
    HexFact("0804", "11.2.3", "border hex", border=True, land=True),
    HexFact("0202", "11.6.1", "links to Finnmark #1", land=True),
    HexFact("0302", "11.6.1", "links to Finnmark for Mountain units", land=True),
    HexFact("0402", "11.6.1", "links to Finnmark for Mountain units", land=True),
    HexFact("0502", "11.6.1", "links to Finnmark for Mountain units", land=True),
    HexFact("5132", "11.1.3", "across a sea hexside from 5032", coast="sea", land=True),
    HexFact("5032", "11.1.3", "across a sea hexside from 5132", coast="sea", land=True),
]


@dataclass(frozen=True)
class SideFact:
    a: str
    b: str
    feature: str
    rule: str
    what: str


RULEBOOK_SIDES: list[SideFact] = [
    SideFact("5032", "5132", "sea", "11.1.3", "ZOCs do not cross this sea hexside"),
    SideFact("0504", "0604", "swedish_border", "11.2.3", "the border connects them"),
    SideFact("0704", "0705", "swedish_border", "11.2.3", "the detour from 0704 to 0804"),
    SideFact("0705", "0804", "swedish_border", "11.2.3", "the detour from 0704 to 0804"),
    SideFact("3517", "3816", "ferry", "11.2.2", "ferry example"),
]
# 11.2.3: the border does NOT connect 0704 and 0804; checked below.

# ------------------------------------------------------------------------------------------
# 4. Sample networks: places of places.csv (or hexes) in order along each line;
# "border" is the border hex nearest the stop before it (lines into Sweden, 15.6).

RAILROADS: dict[str, list[str]] = {
    "Dovre line": ["Lysaker", "Oslo", "Eidsvoll", "Hamar", "Lillehammer", "Otta", "Dombaas", "Storen", "Trondheim"],
    "Rauma line": ["Dombaas", "Andalsnes"],
    "Roros line": ["Hamar", "Elverum", "Roros", "Storen"],
    "Ostfold line": ["Oslo", "Moss", "Fredrikstad", "Halden"],
    "Drammen line": ["Lysaker", "Drammen", "Kongsberg"],
    "Vestfold line": ["Drammen", "Horten", "Larvik"],
    "Sorland line": ["Kongsberg", "Kristiansand"],
    "Gjovik line": ["Oslo", "Honefoss", "Gjovik"],
    "Bergen line": ["Bergen", "Voss", "Honefoss"],
    "Jaeren line": ["Stavanger", "Egersund"],
    "Kongsvinger line": ["Oslo", "Kongsvinger", "border"],
    "Meraker line": ["Trondheim", "Vaernes", "border"],
    "Nordland line": ["Trondheim", "Steinkjer", "Namsos"],
    "Ofoten line": ["Narvik", "border"],
}
HIGHWAYS: dict[str, list[str]] = {
    "Oslo - Trondheim": ["Oslo", "Eidsvoll", "Hamar", "Lillehammer", "Otta", "Dombaas", "Storen", "Trondheim"],
    "Oslo - Kristiansand": ["Oslo", "Drammen", "Larvik", "Arendal", "Kristiansand"],
}
ROADS: dict[str, list[str]] = {
    "Romsdal": ["Dombaas", "Andalsnes", "Molde", "Kristiansund"],
    "Sunnmore": ["Andalsnes", "Alesund"],
    "Trondelag north": ["Trondheim", "Steinkjer", "Namsos"],
    "Nordland": ["Steinkjer", "Mosjoen", "Mo", "Bodo"],
    "Ofoten": ["Narvik", "Setermoen", "Bardufoss"],
    "Osterdalen": ["Elverum", "Roros", "Storen"],
    "Glomdal": ["Eidsvoll", "Kongsvinger", "Elverum"],
    "Ostfold": ["Oslo", "Moss", "Fredrikstad", "Halden"],
    "Vestfold": ["Drammen", "Horten"],
    "Telemark": ["Drammen", "Kongsberg"],
    "Sorlandet west": ["Kristiansand", "Egersund", "Stavanger"],
    "Vestlandet": ["Stavanger", "Haugesund", "Bergen", "Voss"],
    "Valdres": ["Honefoss", "Voss"],
    "Toten": ["Eidsvoll", "Gjovik", "Lillehammer"],
    "Trondheim airfield": ["Trondheim", "Vaernes"],
    "Oslo airfields": ["Oslo", "Kjeller", "Gardermoen", "Eidsvoll"],
    "Fornebu": ["Oslo", "Fornebu"],
    "Sola": ["Stavanger", "Sola"],
    "Kjevik": ["Kristiansand", "Kjevik"],
    "Narvik north": ["Narvik", "Harstad"],
}
SAMPLE_FERRIES: list[tuple[str, str]] = [("5020", "5121"), ("0406", "0307"), ("3226", "3325")]

# Zones of land hexes: the nearest seed. Places of places.csv are seeds of their own
# zone; these extra seeds shape the sample zone borders.
EXTRA_ZONE_SEEDS: dict[str, list[str]] = {
    "Troms": ["0108", "0210", "0305", "0608"],
    "Nordland": ["0809", "1010", "1211", "1413", "1913", "2113", "2314", "1310"],
    "Trondelag": ["2515", "2716", "2916", "3116", "3317", "2819", "2419"],
    "Romsdal": ["3124", "3227", "3423", "3026"],
    "Oppland": ["3721", "3920", "4023", "3625", "4220"],
    "Hordaland": ["3830", "4130", "4429", "4627", "4827", "5227", "4129"],
    "Sorlandet": ["5323", "5424", "5525", "5625", "5328", "5025", "5126", "5226"],
    "Ostlandet": ["4117", "4517", "4916", "5017", "5118", "5022", "5123"],
}

# Sea zones of all-sea hexes, by the first matching rule (sample).
def sea_zone(xx: int, yy: int) -> str:
    if xx <= 18:
        return "Northern Norwegian Sea"
    if xx <= 26:
        return "Central Norwegian Sea"
    if xx <= 37:
        return "Southern Norwegian Sea"
    if xx <= 52 and yy >= 27:  # west of Norway's southern tip; east of it lies the Oslofjord's mouth
        return "Norwegian Leads"
    if yy >= 28:
        return "Jutland"
    return "Skagerrak" if yy >= 19 else "Kattegat"



# ------------------------------------------------------------------------------------------
# geometry helpers


class Plane:
    """Hex plane geometry of the map: centres, hexagons, the hex at a point."""

    def __init__(self, grid: MapGrid, fit: GridFit):
        self.grid = grid
        self.fit = fit
        self.radius = 1 / math.sqrt(3)  # centre to corner when adjacent centres are 1 apart

    def centre(self, name: str) -> PlanePoint:
        return self.grid.centre(name)

    def hexagon(self, name: str) -> Polygon:
        x, y = self.centre(name)
        r = self.radius
        return Polygon([(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a))) for a in range(0, 360, 60)])

    def nearest(self, p: PlanePoint) -> str:
        """The hex (on or off the map) whose centre is nearest to ``p``."""
        x, y = p
        best: tuple[float, str] | None = None
        xx0 = round(x / (math.sqrt(3) / 2))
        for xx in range(max(xx0 - 1, 0), xx0 + 2):
            shift = self.centre(hex_name(xx, 0))[1]  # where row 0 of this column would sit
            for yy in range(max(round(y - shift) - 1, 0), round(y - shift) + 2):
                name = hex_name(xx, yy)
                cx, cy = self.centre(name)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if best is None or d < best[0]:
                    best = (d, name)
        assert best is not None
        return best[1]

    def point(self, waypoint: Waypoint) -> PlanePoint:
        """A waypoint in the plane: a hex centre, the midpoint of two hexes, or lat/lon."""
        if isinstance(waypoint, tuple):
            return self.fit.plane(*waypoint)
        if "/" in waypoint:
            a, b = (self.centre(w) for w in waypoint.split("/"))
            return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        return self.centre(waypoint)

    def polygon(self, outline: list[LatLon]) -> Polygon:
        return Polygon([self.fit.plane(*ll) for ll in outline]).buffer(0)

    def shape(self, real: BaseGeometry) -> BaseGeometry:
        """A shape in (lon, lat) in the plane; simplified rings that touch may cross once
        projected: repaired."""
        return make_valid(reshaped(real, lambda lonlat: np.array(
            [self.fit.plane(lat, lon) for lon, lat in lonlat]).reshape(-1, 2)))

    def line(self, waypoints: list[Waypoint]) -> LineString:
        return LineString([self.point(w) for w in waypoints])

    def path(self, a: str, b: str) -> list[str]:
        """Hexes along the straight line from ``a`` to ``b``, each adjacent to the next."""
        (x1, y1), (x2, y2) = self.centre(a), self.centre(b)
        steps = max(1, int(math.hypot(x2 - x1, y2 - y1) * 8))
        out = [a]
        for i in range(1, steps + 1):
            t = i / steps
            h = self.nearest((x1 + (x2 - x1) * t, y1 + (y2 - y1) * t))
            if h != out[-1]:
                if self.grid.distance(out[-1], h) > 1:  # the line grazed a corner
                    out.append(_common_neighbour(self.grid, out[-1], h))
                out.append(h)
        return out


def _common_neighbour(grid: MapGrid, a: str, b: str) -> str:
    xa, ya = parse_hex(a)
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            n = hex_name(xa + dx, ya + dy)
            if grid.distance(a, n) == 1 and grid.distance(n, b) == 1:
                return n
    raise ValueError(f"{a} and {b} have no common neighbour")


# ------------------------------------------------------------------------------------------
# the generator


@dataclass
class HexRow:
    terrain: str = "sea"
    coast: str = "none"
    lake: bool = False
    border: bool = False
    zone: str = ""
    weather: str = ""
    facts: list[str] = field(default_factory=list)

    @property
    def land(self) -> bool:
        return self.terrain not in ("sea", "sweden")

    def source(self) -> str:
        return "; ".join(self.facts + [WATER_SOURCE, "sample"])


class SampleMap:
    """Builds the hex and hexside rows of the sample map."""

    def __init__(self, root: Path):
        self.root = root
        game = tomllib.loads((root / "game.toml").read_text(encoding="utf-8"))
        m = game["operational_map"]
        self.grid = MapGrid(m["xx_min"], m["xx_max"], m["yy_min"], m["yy_max"],
                            tuple(m["odd_column_neighbour_offsets"]), tuple(m["even_column_neighbour_offsets"]))
        self.places = _read_csv(root / "places.csv")
        self.zone_weather = {z["name"]: z["weather"] for z in _read_csv(root / "zones.csv")}
        fitted = fit_game(root, self.grid, [SimpleNamespace(**p) for p in self.places])
        if fitted is None:
            raise SystemExit(f"{root}: no geo.toml to pin the map to real geography")
        self.geography, fit = fitted
        self.plane = Plane(self.grid, fit)
        self.water = water_of_hexes(fit, self.geography)
        self.hexes: dict[str, HexRow] = {h: HexRow() for h in self.grid.hexes()}
        self.sides: dict[tuple[str, str, str], str] = {}  # (a, b, feature) -> source
        self.place_hex = {p["name"]: p["hex"] for p in self.places if p["hex"]}

    # -- classification --------------------------------------------------------------------

    def build(self) -> None:
        self._land_and_sea()
        self._sweden()
        self._terrain()
        self._coasts()
        self._facts()
        self._zones()
        self._lake_symbols()
        self._water_sides()
        self._networks()
        self._side_facts()

    def _land_and_sea(self) -> None:
        """Land where real land covers more than half the hex (GSHHG), and where a place is."""
        self.land_shape = self.plane.shape(self.geography.land)
        for name, row in self.hexes.items():
            if not self.water[name].all_sea:
                row.terrain = "rough"
        for p in self.places:  # every named place is on land
            if p["hex"]:
                self.hexes[p["hex"]].terrain = "rough"
        # The sea the game's sea zones hold is the open sea off the map's west edge and what
        # it reaches; other all-sea hexes are the Baltic's (Sweden, below) or a wide inner
        # fjord's (land, its coast a fjord).
        todo = [n for n, row in self.hexes.items() if row.terrain == "sea" and parse_hex(n)[1] == self.grid.yy_max]
        self.open_sea = set(todo)
        while todo:
            here = todo.pop()
            for n in self.grid.neighbours(here):
                if n not in self.open_sea and self.hexes[n].terrain == "sea":
                    self.open_sea.add(n)
                    todo.append(n)

    def _sweden(self) -> None:
        """Chain the border hexes and make land east of the chain Sweden."""
        chain: list[str] = []
        for waypoint in BORDER:
            h = waypoint if isinstance(waypoint, str) else self.plane.nearest(self.plane.point(waypoint))
            chain += self.plane.path(chain[-1], h)[1:] if chain else [h]
        self.border_chain = chain
        first, last = self.plane.centre(chain[0]), self.plane.centre(chain[-1])
        far = 1000.0
        # East of the chain: from off the map's east edge, down the chain, then south
        # off the map along the last hex's row.
        # Half a hex west of that row, so the hexes in it are Swedish.
        outline = [(first[0], -far)] + [self.plane.centre(h) for h in chain] + [(far, last[1] + 0.5), (far, -far)]
        sweden = prep(Polygon(outline).buffer(0))
        on_chain = set(chain)
        for name, row in self.hexes.items():
            if name in on_chain:
                row.border = True
                row.terrain = "rough"
            elif (row.land or name not in self.open_sea) and sweden.contains(Point(self.plane.centre(name))):
                row.terrain = "sweden"
            elif not row.land and name not in self.open_sea:
                row.terrain = "rough"
        for a, b in zip(chain, chain[1:]):
            self._side(a, b, "swedish_border", "11.2.3: the border links consecutive border hexes; sample: course")

    def _terrain(self) -> None:
        regions = [
            ("mountain", [self.plane.polygon(o) for o in MOUNTAIN_REGIONS]),
            ("clear", [self.plane.polygon(o) for o in CLEAR_REGIONS]),
            ("forest", [self.plane.polygon(o) for o in FOREST_REGIONS]),
        ]
        prepared = [(t, prep(unary_union(shapes))) for t, shapes in regions]
        for name, row in self.hexes.items():
            if not row.land:
                continue
            p = Point(self.plane.centre(name))
            row.terrain = next((t for t, shape in prepared if shape.contains(p)), "rough")

    def _coasts(self) -> None:
        """A Norwegian land hex with real sea in it is coastal: ``sea`` beside an all-sea hex,
        else ``fjord`` (water too narrow to fill a hex)."""
        for name, row in self.hexes.items():
            if not row.land or self.water[name].sea < COAST_HEX:
                continue
            row.coast = "sea" if any(self.hexes[n].terrain == "sea" for n in self.grid.neighbours(name)) else "fjord"
        for p in self.places:  # ports lie on the water
            if p["kind"] == "port" and self.hexes[p["hex"]].coast == "none":
                self.hexes[p["hex"]].coast = "sea"

    def _facts(self) -> None:
        for f in RULEBOOK_HEXES:
            row = self.hexes[f.hex]
            if f.sea:
                row.terrain, row.coast = "sea", "none"
            if f.land and not row.land:
                row.terrain = "rough"
            if f.terrain:
                row.terrain = f.terrain
            if f.coast:
                row.coast = f.coast
            row.lake |= f.lake
            row.border |= f.border
            row.facts.append(f"{f.rule}: {f.what}")

    def _zones(self) -> None:
        seeds: list[tuple[str, PlanePoint]] = []
        for p in self.places:
            if p["hex"] and p["zone"]:
                seeds.append((p["zone"], self.plane.centre(p["hex"])))
        for zone, names in EXTRA_ZONE_SEEDS.items():
            seeds += [(zone, self.plane.centre(h)) for h in names]
        pinned = {p["hex"]: p["zone"] for p in self.places if p["hex"] and p["zone"]}
        for name, row in self.hexes.items():
            xx, yy = parse_hex(name)
            if row.terrain == "sweden":
                row.zone = "Sweden"
                row.weather = "north" if xx <= 25 else "central" if xx <= 37 else "south"
                continue
            if not row.land:
                row.zone = sea_zone(xx, yy)
            else:
                c = self.plane.centre(name)
                row.zone = pinned.get(name) or min(seeds, key=lambda s: (s[1][0] - c[0]) ** 2 + (s[1][1] - c[1]) ** 2)[0]
            row.weather = self.zone_weather[row.zone]

    def _lake_symbols(self) -> None:
        """1.2.1: a lake symbol where real lake water covers a tenth of the hex (GSHHG)."""
        for name, row in self.hexes.items():
            if row.land and self.water[name].lake >= LAKE_HEX:
                row.lake = True

    def _land_pairs(self):
        for name, row in self.hexes.items():
            if not row.land:
                continue
            for n in self.grid.neighbours(name):
                if name < n and self.hexes[n].land:
                    yield name, n

    def _water_sides(self) -> None:
        lines = [("fjord", self.plane.line(w)) for w in FJORDS.values()]
        lines += [("lake", self.plane.line(w)) for w in LAKES.values()]
        lines += [("river", self.plane.line(w)) for w in RIVERS.values()]
        land = prep(self.land_shape)
        for a, b in self._land_pairs():
            segment = LineString([self.plane.centre(a), self.plane.centre(b)])
            for feature, line in lines:
                if segment.crosses(line):
                    self._side(a, b, feature, LINE_SOURCES[feature])
                    break
            mid = segment.interpolate(0.5, normalized=True)
            if not land.contains(mid) and not (self.hexes[a].border or self.hexes[b].border):
                self._side(a, b, "sea", SEA_SIDE_SOURCE)

    def _networks(self) -> None:
        for feature, lines in (("railroad", RAILROADS), ("highway", HIGHWAYS), ("road", ROADS)):
            for stops in lines.values():
                hexes = [self.place_hex.get(s, s) for s in stops]
                hexes = [self._nearest_border(hexes[i - 1]) if h == "border" else h for i, h in enumerate(hexes)]
                for a, b in zip(hexes, hexes[1:]):
                    path = self._route(a, b)
                    for x, y in zip(path, path[1:]):
                        self._side(x, y, feature, "sample")
        for a, b in SAMPLE_FERRIES:
            self._side(a, b, "ferry", "sample")

    def _nearest_border(self, near: str) -> str:
        return min(self.border_chain, key=lambda h: self.grid.distance(h, near))

    def _route(self, start: str, goal: str) -> list[str]:
        """The cheapest path over Norwegian land (valleys are cheap, mountains dear)."""
        cost = {"clear": 1.0, "forest": 1.3, "rough": 1.6, "mountain": 3.0}
        water = {(s[0], s[1]) for s in self.sides if s[2] in ("fjord", "sea", "lake")}
        best = {start: 0.0}
        came: dict[str, str] = {}
        queue = [(0.0, start)]
        while queue:
            d, here = heapq.heappop(queue)
            if here == goal:
                break
            if d > best[here]:
                continue
            for n in self.grid.neighbours(here):
                row = self.hexes[n]
                if not row.land and n != goal:
                    continue
                step = cost.get(row.terrain, 2.0) + (4.0 if (min(here, n), max(here, n)) in water else 0.0)
                if d + step < best.get(n, math.inf):
                    best[n], came[n] = d + step, here
                    heapq.heappush(queue, (d + step, n))
        if goal not in best:
            raise SystemExit(f"no land route from {start} to {goal}")
        path = [goal]
        while path[-1] != start:
            path.append(came[path[-1]])
        return path[::-1]

    def _side_facts(self) -> None:
        for f in RULEBOOK_SIDES:
            self._side(f.a, f.b, f.feature, f"{f.rule}: {f.what}", replace=True)

    def _side(self, a: str, b: str, feature: str, source: str, replace: bool = False) -> None:
        if not (self.grid.contains(a) and self.grid.contains(b)):
            return
        key = (min(a, b), max(a, b), feature)
        if replace or key not in self.sides:
            self.sides[key] = source

    # -- checks ----------------------------------------------------------------------------

    def check(self) -> list[str]:
        """Faults against the rulebook facts and the naval reachability of every port."""
        faults = []
        for f in RULEBOOK_HEXES:
            row = self.hexes[f.hex]
            if (f.sea and row.land) or (f.land and not row.land):
                faults.append(f"{f.hex}: {f.what} ({f.rule}) is {row.terrain}")
            if f.border and not row.border:
                faults.append(f"{f.hex}: should be a border hex ({f.rule})")
        for f in RULEBOOK_SIDES:
            if (min(f.a, f.b), max(f.a, f.b), f.feature) not in self.sides:
                faults.append(f"{f.a}|{f.b}: missing {f.feature} ({f.rule})")
        if ("0704", "0804", "swedish_border") in self.sides:
            faults.append("0704|0804: the border must not link them (11.2.3)")
        if ("4319", "4320", "lake") not in self.sides:
            faults.append("Hamar 4319 and Gjovik 4320 should face each other across Mjosa")
        for p in self.places:
            if p["kind"] == "port" and not self._reachable_by_sea(p["hex"]):
                faults.append(f"port {p['name']} ({p['hex']}) cannot be reached from an all-sea hex")
            if p["hex"] and not self.hexes[p["hex"]].land:
                faults.append(f"{p['name']} ({p['hex']}) is not on land")
        return faults

    def _reachable_by_sea(self, port: str) -> bool:
        seen, todo = {port}, [port]
        while todo:
            here = todo.pop()
            for n in self.grid.neighbours(here):
                row = self.hexes[n]
                if row.terrain == "sea":
                    return True
                if n not in seen and row.land and row.coast != "none":
                    seen.add(n)
                    todo.append(n)
        return False

    # -- output ----------------------------------------------------------------------------

    def hexes_csv(self) -> str:
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["hex", "terrain", "coast", "lake", "border", "zone", "weather", "source"])
        for name in sorted(self.hexes):
            r = self.hexes[name]
            w.writerow([name, r.terrain, r.coast, _yes(r.lake), _yes(r.border), r.zone, r.weather, r.source()])
        return out.getvalue()

    def hexsides_csv(self) -> str:
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["hex_a", "hex_b", "feature", "source", "note"])
        for (a, b, feature), source in sorted(self.sides.items()):
            w.writerow([a, b, feature, source, ""])
        return out.getvalue()


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as stream:
        return [{k: (v or "").strip() for k, v in row.items()} for row in csv.DictReader(stream)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the files on disk instead of writing")
    parser.add_argument("--root", type=Path, default=HERE, help="the game folder (default: this script's)")
    args = parser.parse_args(argv)
    sample = SampleMap(args.root)
    sample.build()
    faults = sample.check()
    if faults:
        print("\n".join(faults), file=sys.stderr)
        return 1
    outputs = {"hexes.csv": sample.hexes_csv(), "hexsides.csv": sample.hexsides_csv()}
    if args.check:
        stale = [n for n, text in outputs.items()
                 if not (args.root / n).exists() or (args.root / n).read_text(encoding="utf-8") != text]
        if stale:
            print("out of date: " + ", ".join(stale), file=sys.stderr)
            return 1
        return 0
    for name, text in outputs.items():
        (args.root / name).write_text(text, encoding="utf-8")
    land = sum(r.land for r in sample.hexes.values())
    print(f"{len(sample.hexes)} hexes ({land} Norwegian land), {len(sample.sides)} hexside features")
    return 0


if __name__ == "__main__":
    sys.exit(main())
