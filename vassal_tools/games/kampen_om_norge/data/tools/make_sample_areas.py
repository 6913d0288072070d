"""Generate the SAMPLE area geometry of Kampen om Norge: map.json (area and sea-zone polygons).

Why: the rulebook (kampen-om-norge.txt) lost its printed board. It names 32 of the 44 land
areas and states some adjacencies; the polygons here are drawn by the project so the map keeps
Norway's shape recognisable. Everything in map.json is ``sample``.

How: each area has a seed at the approximate latitude/longitude of its town (typed from
memory, APPROXIMATE); the seeds' Voronoi cells are clipped to a coarse outline of Norway, and
sea-zone seeds' cells to the sea. Coordinates are board pixels (equirectangular, x scaled by
cos 65 degrees). Adjacency is NOT taken from here: adjacency.csv holds it (from the rule text
where it speaks); where two drawn areas touch but are not adjacent the map draws an
impassable mountain border (2.3 Impassable Areas).

Usage: python vassal_tools/games/kampen_om_norge/data/tools/make_sample_areas.py [--check]
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from shapely.geometry import MultiPoint, Point, Polygon, box
from shapely.ops import unary_union, voronoi_diagram

HERE = Path(__file__).resolve().parent.parent
OUT = HERE / "map.json"
SCALE = 150.0  # pixels per degree of latitude
LON0, LAT1 = 1.0, 71.6
COS = math.cos(math.radians(65))
WIDTH, HEIGHT = 2040, 2230  # the projection of the frame below (checked in build)

# Coarse outline of mainland Norway (lon, lat), clockwise from the south tip; APPROXIMATE.
NORWAY = [
    (7.05, 57.98), (6.4, 58.2), (5.9, 58.45), (5.5, 58.9), (5.3, 59.3), (5.0, 59.8), (4.9, 60.4),
    (4.9, 61.0), (5.0, 61.6), (5.1, 62.2), (6.0, 62.55), (7.0, 62.9), (7.6, 63.15), (8.6, 63.6),
    (9.6, 64.1), (10.8, 64.6), (12.0, 65.5), (12.9, 66.4), (14.0, 67.3), (15.2, 68.1), (16.0, 69.0),
    (17.6, 69.5), (18.6, 69.9), (20.5, 70.2), (23.7, 70.8), (25.8, 71.1), (28.5, 70.9), (31.1, 70.4),
    (30.0, 69.7), (28.9, 69.0), (25.7, 68.9), (21.0, 69.1), (20.0, 68.5), (18.7, 68.4), (17.0, 67.5),
    (15.5, 66.6), (14.6, 65.6), (13.9, 64.6), (12.5, 63.9), (12.2, 63.1), (12.2, 62.3), (12.5, 61.3),
    (12.8, 60.6), (12.4, 60.0), (11.8, 59.6), (11.4, 59.05), (10.95, 59.15), (10.65, 59.6),
    (10.75, 59.85), (10.5, 59.8), (10.45, 59.3), (9.9, 59.0), (9.2, 58.8), (8.6, 58.35), (8.0, 58.1),
]
# Sweden, Finland and Russia to the board's east edge; Denmark (impassable, 2.3); APPROXIMATE.
EAST = [(11.4, 59.05), (12.4, 60.0), (12.8, 60.6), (12.5, 61.3), (12.2, 62.3), (12.2, 63.1),
        (12.5, 63.9), (13.9, 64.6), (14.6, 65.6), (15.5, 66.6), (17.0, 67.5), (18.7, 68.4),
        (20.0, 68.5), (21.0, 69.1), (25.7, 68.9), (28.9, 69.0), (30.0, 69.7), (31.1, 70.4),
        (35.0, 70.2), (35.0, 56.5), (12.5, 56.5), (11.9, 57.7), (11.2, 58.4)]
DENMARK = [(8.1, 56.5), (8.1, 57.0), (8.6, 57.1), (9.9, 57.6), (10.6, 57.75), (10.6, 56.5)]

# Land areas: (name, lon, lat). The first 32 are named in the text (2.3, 3, examples);
# the last 12 are not named there: their names and places are sample.
AREAS = [
    ("Oslo", 10.75, 59.95), ("Horten", 10.2, 59.35), ("Kristiansand", 7.7, 58.35), ("Egersund", 6.3, 58.6),
    ("Stavanger", 5.9, 59.0), ("Haugesund", 5.7, 59.6), ("Bergen", 5.6, 60.4), ("Voss", 6.6, 60.65),
    ("Hallingdal", 8.6, 60.6), ("Hønefoss", 10.0, 60.25), ("Kongsberg", 9.5, 59.65), ("Gjøvik", 10.45, 60.85),
    ("Hamar", 11.2, 60.8), ("Kongsvinger", 12.0, 60.2), ("Østfold", 11.3, 59.4), ("Tynset", 10.9, 62.2),
    ("Oppdal", 9.8, 62.65), ("Dombås", 9.1, 62.05), ("Åndalsnes", 7.7, 62.5), ("Ålesund", 6.3, 62.35),
    ("Kristiansund", 8.2, 63.05), ("Trondheim", 10.5, 63.35), ("Steinkjer", 11.7, 64.0), ("Mosjøen", 13.3, 65.8),
    ("Tysfjord", 16.5, 67.95), ("Narvik", 17.4, 68.5), ("Harstad", 16.5, 68.85), ("Bjørnfjell", 17.9, 68.2),
    ("Gratangen", 17.3, 68.85), ("Bardufoss", 18.6, 69.05), ("Tromsø", 19.0, 69.6), ("Finnmark", 25.0, 70.0),
    ("Telemark", 8.4, 59.45), ("Arendal", 8.6, 58.75), ("Setesdal", 7.3, 59.05), ("Valdres", 9.2, 61.05),
    ("Gudbrandsdalen", 9.9, 61.5), ("Elverum", 11.7, 61.2), ("Sogn", 6.3, 61.25), ("Nordfjord", 6.3, 61.85),
    ("Namsos", 12.3, 64.65), ("Mo i Rana", 14.2, 66.4), ("Bodø", 14.9, 67.25), ("Lyngen", 20.6, 69.6),
]
SEA_ZONES = [
    ("Sea Zone I", 10.6, 58.9), ("Sea Zone II", 8.3, 57.8), ("Sea Zone III", 4.6, 58.8),
    ("Sea Zone IV", 4.0, 60.6), ("Sea Zone V", 5.0, 62.7), ("Sea Zone VI", 8.8, 64.6),
    ("Sea Zone VII", 14.0, 69.5), ("Sea Zone VIII", 1.8, 65.5),
]
# The Raiding Ships box (5.1 "Skip på raid"), in the open sea of the board's north-west (sample).
RAID_BOX = (60, 60, 360, 140)


def xy(lon: float, lat: float) -> tuple[float, float]:
    return ((lon - LON0) * SCALE * COS + 20, (LAT1 - lat) * SCALE + 20)


def poly(points: list[tuple[float, float]]) -> Polygon:
    return Polygon([xy(*p) for p in points]).buffer(0)


def ints(geom: Polygon) -> list[list[int]]:
    simple = geom.simplify(1.0)
    return [[round(x), round(y)] for x, y in list(simple.exterior.coords)[:-1]]


def largest(geom):
    parts = list(getattr(geom, "geoms", [geom]))
    return max(parts, key=lambda g: g.area)


def cells(seeds: list[tuple[str, float, float]], inside, taken=None) -> dict[str, Polygon]:
    points = {name: Point(xy(lon, lat)) for name, lon, lat in seeds}
    frame = box(-500, -500, WIDTH + 500, HEIGHT + 500)
    diagram = voronoi_diagram(MultiPoint(list(points.values())), envelope=frame)
    found = {}
    for cell in diagram.geoms:
        name = next(n for n, p in points.items() if cell.contains(p))
        piece = largest(cell.intersection(inside))
        # Integer vertices make neighbouring cells share their border exactly.
        found[name] = Polygon(ints(piece))
    return found


def build() -> dict:
    board = box(0, 0, WIDTH, HEIGHT)
    norway = poly(NORWAY)
    land = unary_union([norway, poly(EAST), poly(DENMARK)])
    sea = board.difference(land).difference(box(*RAID_BOX[:2], RAID_BOX[0] + RAID_BOX[2], RAID_BOX[1] + RAID_BOX[3]))
    areas = cells(AREAS, norway)
    seas = cells(SEA_ZONES, sea)
    assert max(x for x, _ in norway.exterior.coords) < WIDTH and max(y for _, y in norway.exterior.coords) < HEIGHT
    return {
        "source": "sample: polygons drawn by the project (kampen-om-norge.txt has no printed map); "
                  "tools/make_sample_areas.py",
        "board": {"name": "Kampen om Norge", "width": WIDTH, "height": HEIGHT},
        "outline": ints(norway),
        "impassable": [ints(largest(poly(EAST).intersection(board))), ints(poly(DENMARK))],
        "areas": {name: ints(areas[name]) for name, _, _ in AREAS},
        "sea_zones": {name: ints(seas[name]) for name, _, _ in SEA_ZONES},
        "boxes": {"Skip på raid": [[RAID_BOX[0], RAID_BOX[1]], [RAID_BOX[0] + RAID_BOX[2], RAID_BOX[1]],
                                   [RAID_BOX[0] + RAID_BOX[2], RAID_BOX[1] + RAID_BOX[3]],
                                   [RAID_BOX[0], RAID_BOX[1] + RAID_BOX[3]]]},
    }


def main() -> int:
    text = json.dumps(build(), ensure_ascii=False, indent=1) + "\n"
    if "--check" in sys.argv:
        return 0 if OUT.read_text(encoding="utf-8") == text else 1
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
