"""Generate the SAMPLE geometry of the Norway 1940 scenario: map.json and adjacency.csv.

Why: norway-1940-scenario.txt is a scenario sheet without its map. It names eight land areas
(Oslo, Kristiansand, Bergen, Trondheim, Narvik, Finnmark, Hegra, Stavanger), the Faroe and
Shetland Islands, two off-map bases, five numbered sea zones (35, 36, 41; 40, 45) and the boxes of
reinforcements. The polygons here are drawn by the project so that Norway's shape stays
recognisable; everything in map.json and adjacency.csv is ``sample``.

How: a coarse outline of Norway (board pixels, APPROXIMATE) is cut into the eight areas by
rectangular regions; each sea zone is its region of the sea minus the land; the boxes sit in a
strip under the map. Two areas border each other where their drawn polygons share an edge; the
off-map bases border the sea zones listed in OFFMAP (sample).

Usage: python vassal_tools/games/norway_1940/data/tools/make_norway_areas.py [--check]
"""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

from shapely.geometry import Polygon, box
from shapely.geometry.polygon import orient
from shapely.ops import unary_union

HERE = Path(__file__).resolve().parent.parent
MAP, ADJACENCY = HERE / "map.json", HERE / "adjacency.csv"
WIDTH, HEIGHT, MAP_BOTTOM = 1600, 1400, 1100

# Mainland Norway, clockwise from the south tip (APPROXIMATE).
NORWAY = [(1080, 1070), (990, 1020), (930, 960), (890, 890), (875, 810), (890, 720), (940, 640), (1000, 570),
          (1060, 500), (1110, 430), (1170, 350), (1230, 270), (1300, 190), (1380, 120), (1470, 70), (1600, 40),
          (1600, 190), (1480, 200), (1400, 240), (1330, 320), (1280, 420), (1250, 520), (1230, 640),
          (1240, 760), (1270, 880), (1260, 980), (1200, 1040)]
# Sweden and Finland to the board's east edge (impassable, drawn grey).
EAST = [(1600, 190), (1480, 200), (1400, 240), (1330, 320), (1280, 420), (1250, 520), (1230, 640), (1240, 760),
        (1270, 880), (1260, 980), (1320, 1000), (1420, 1020), (1600, 1000)]
# The region of the board each land area takes of Norway.
REGIONS = {
    "Finnmark": box(1420, 0, 1600, 400),
    "Narvik": box(1100, 0, 1420, 420),
    "Trondheim": box(0, 420, 1165, 650),
    "Hegra": box(1165, 420, 1420, 650),
    "Bergen": box(0, 650, 1080, 820),
    "Stavanger": box(0, 820, 1080, 960),
    "Kristiansand": Polygon([(0, 960), (1080, 960), (1150, 1100), (0, 1100)]),
    "Oslo": Polygon([(1080, 650), (1420, 650), (1420, 1100), (1150, 1100), (1080, 960)]),
}
ISLANDS = {
    "Faroe Islands": Polygon([(0, 250), (110, 235), (150, 280), (140, 340), (70, 360), (0, 350)]),
    "Shetland Islands": Polygon([(420, 600), (480, 590), (510, 640), (500, 720), (450, 735), (415, 690)]),
}
SEA_REGIONS = {
    "Sea Zone 35": box(0, 0, 760, 660),
    "Sea Zone 36": box(760, 0, WIDTH, 380),
    "Sea Zone 41": box(760, 380, WIDTH, 660),
    "Sea Zone 40": box(0, 660, 1000, MAP_BOTTOM),
    "Sea Zone 45": box(1000, 660, WIDTH, MAP_BOTTOM),
}
# Boxes under the map: two rows, leaving the bottom-right corner to the legend.
ROWS = [
    ["British Off Map base", "German Off Map base", "Norwegian Reinforcement Pool", "Allied Reinforcement Pool",
     "German Reinforcement Pool"],
    ["Allied Special Reinforcements", "German Special Reinforcements", "carrier:Furious", "carrier:Ark Royal",
     "carrier:Glorious", "carrier:Graf Zeppelin"],
]
# The sea zones each off-map base borders (sample: 27.3 places German ships adjacent to the German base;
# the French ships set up in the British base "or adjacent sea zones", read as the British list's 35, 36, 41).
OFFMAP = {"British Off Map base": ["Sea Zone 35", "Sea Zone 36", "Sea Zone 41"], "German Off Map base": ["Sea Zone 40", "Sea Zone 45"]}


def points(polygon: Polygon) -> list[list[int]]:
    ring = orient(polygon.simplify(0.5), 1.0).exterior.coords[:-1]
    return [[round(x), round(y)] for x, y in ring]


def single(shape, name: str) -> Polygon:
    parts = list(getattr(shape, "geoms", [shape]))
    largest = max(parts, key=lambda p: p.area)
    if any(p.area > 40 for p in parts if p is not largest) or largest.interiors:
        raise SystemExit(f"{name}: not one polygon without holes")
    return largest


def build() -> tuple[dict, str]:
    norway, east = Polygon(NORWAY), Polygon(EAST).difference(Polygon(NORWAY))
    land = {name: single(norway.intersection(region), name) for name, region in REGIONS.items()}
    land.update(ISLANDS)
    solid = unary_union([norway, east, *ISLANDS.values()])
    sea = {name: single(region.difference(solid), name) for name, region in SEA_REGIONS.items()}
    boxes = {}
    for row, names in enumerate(ROWS):
        top, width = MAP_BOTTOM + 10 + row * 150, 1260 // len(names)
        for i, name in enumerate(names):
            boxes[name] = box(10 + i * width, top, (i + 1) * width, top + 135)
    drawn = {**land, **sea}
    rows = []
    names = list(drawn)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if drawn[a].buffer(1.5).intersection(drawn[b].buffer(1.5)).area > 20:
                rows.append([a, b, "sample: drawn neighbours"])
    rows += [[base, zone, "sample: an off-map base's sea zones"] for base, zones in OFFMAP.items() for zone in zones]
    doc = {
        "source": "sample: polygons drawn by the project (norway-1940-scenario.txt has no map); "
                  "tools/make_norway_areas.py",
        "board": {"name": "Norway 1940", "width": WIDTH, "height": HEIGHT},
        "impassable": [points(east)],
        "areas": {name: points(p) for name, p in land.items()},
        "sea_zones": {name: points(p) for name, p in sea.items()},
        "boxes": {name: points(p) for name, p in boxes.items()},
    }
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["area_a", "area_b", "source"])
    writer.writerows(rows)
    return doc, out.getvalue()


def main() -> int:
    doc, adjacency = build()
    text = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    if "--check" in sys.argv:
        same = MAP.read_text(encoding="utf-8") == text and ADJACENCY.read_text(encoding="utf-8") == adjacency
        print("map.json and adjacency.csv are up to date" if same else "map.json or adjacency.csv differs")
        return 0 if same else 1
    MAP.write_text(text, encoding="utf-8")
    ADJACENCY.write_text(adjacency, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
