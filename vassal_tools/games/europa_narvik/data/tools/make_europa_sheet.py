"""Write hexes.csv, hexsides.csv and operational_grid.json of Europa Narvik (run once by a maintainer).

europa-narvik.txt prints no map (its hex numbers read ``X:X``): the sheet below is a sample Norway of
24 columns by 30 rows, north at the top. Full sea west of column 4 (the North Sea south of row 16,
17D), a coast of partial-sea hexes (17: ports are Norwegian cities in partial-sea hexes), clear
valleys, rough and mountain bands, a few lake hexsides (13D) and a road along the coast; rows 1-10
lie on or north of the A weather line (17A), the rest south of it. Every terrain is ``sample``.
Usage: python tools/make_europa_sheet.py (from the data folder).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

from vassal_tools.gamedata.hexes import MapGrid, hex_name

HERE = Path(__file__).resolve().parent.parent
GRID = MapGrid(1, 24, 1, 30)
A_LINE_LAST_ROW = 10  # sample: rows 1-10 are on or north of the A weather line
COAST_COLUMN = 4
SOUTH_COAST_ROW = 30
LAKES = (("1012", "1013"), ("1112", "1113"), ("0818", "0918"))  # sample lake hexsides


def terrain(xx: int, yy: int) -> tuple[str, str]:
    """(terrain, coast) of a hex: sea west of the coast column, partial sea along the coasts."""
    if xx < COAST_COLUMN:
        return "sea", "none"
    if xx == COAST_COLUMN or yy == SOUTH_COAST_ROW:
        return "clear", "sea"
    if xx >= 20:
        return "mountain", "none"  # the mountains along the Swedish border (sample)
    if xx in (9, 10) or (yy % 7 == 0 and xx > 12):
        return "rough", "none"
    if 14 <= xx <= 16:
        return "mountain", "none"
    return "clear", "none"


def zone(xx: int, yy: int) -> str:
    if xx < COAST_COLUMN:
        return "North Sea" if yy > 16 else "Norwegian Sea"
    return "Norway"


def main() -> None:
    lake_hexes = {h for pair in LAKES for h in pair}
    with (HERE / "hexes.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["hex", "terrain", "coast", "lake", "border", "zone", "weather", "source"])
        for h in GRID.hexes():
            xx, yy = int(h[:2]), int(h[2:])
            ground, coast = terrain(xx, yy)
            weather = "a-north" if yy <= A_LINE_LAST_ROW else "a-south"
            source = "17D: the North Sea; sample: the hex" if zone(xx, yy) == "North Sea" else "sample: terrain"
            w.writerow([h, ground, coast, "yes" if h in lake_hexes else "no", "yes" if xx == 24 else "no",
                        zone(xx, yy), weather, source])
    with (HERE / "hexsides.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["hex_a", "hex_b", "feature", "source", "note"])
        for a, b in LAKES:
            w.writerow([a, b, "lake", "13D: lake hexsides; sample: where", ""])
        for yy in range(1, GRID.yy_max):
            a, b = hex_name(5, yy), hex_name(5, yy + 1)
            w.writerow([a, b, "road", "9B: roads; sample: the coast road", ""])
    width, height = 40 + 23 * 56 + 60, 40 + 29 * 64 + 80
    grid = {
        "source": "europa-narvik.txt 4B: a hex grid numbered on each map; sample: size and spacing",
        "board": {"name": "Narvik Map", "width": width, "height": height},
        "HexGrid": {"dx": "56.0", "dy": "64.0", "x0": "40", "y0": "40", "sideways": "false", "snapTo": "true",
                    "edgesLegal": "false", "cornersLegal": "false"},
        "HexGridNumbering": {"first": "H", "sep": "", "hType": "N", "vType": "N", "hLeading": "1",
                             "vLeading": "1", "hOff": "1", "vOff": "1", "hDescend": "false", "vDescend": "false",
                             "stagger": "false", "locationFormat": "$gridLocation$"},
    }
    (HERE / "operational_grid.json").write_text(json.dumps(grid, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
