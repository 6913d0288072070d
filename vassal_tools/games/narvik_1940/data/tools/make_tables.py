"""Write hexes.csv, hexsides.csv and operational_grid.json of Narvik 1940 (run once by a maintainer).

The text gives no map: every hex is `sample` clear terrain; the railroad from Narvik (0919) to
Bjornfjell (2020) follows a sample path of adjacent hexes (12.4 names its two ends); the ferry joins
Narvik and Ankenes (12.5). Usage: python tools/make_tables.py (from the data folder).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

from vassal_tools.gamedata.hexes import MapGrid

HERE = Path(__file__).resolve().parent.parent
GRID = MapGrid(1, 24, 1, 30)
NARVIK, BJORNFJELL, ANKENES = "0919", "2020", "0821"


def rail_path(start: str, end: str) -> list[str]:
    path = [start]
    while path[-1] != end:
        path.append(min(GRID.neighbours(path[-1]), key=lambda h: (GRID.distance(h, end), h)))
    return path


def main() -> None:
    with (HERE / "hexes.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["hex", "terrain", "coast", "lake", "border", "zone", "weather", "source"])
        for h in GRID.hexes():
            w.writerow([h, "clear", "none", "no", "no", "Narvik Map", "narvik", "2.1: XXYY; sample: terrain"])
    path = rail_path(NARVIK, BJORNFJELL)
    with (HERE / "hexsides.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["hex_a", "hex_b", "feature", "source", "note"])
        for a, b in zip(path, path[1:]):
            w.writerow([a, b, "railroad", "12.4: the railroad joins Narvik and Bjornfjell; sample: its path", ""])
        w.writerow([NARVIK, ANKENES, "ferry", "12.5: German ferry between Narvik and Ankenes; sample: Ankenes hex", ""])
    width, height = 40 + 23 * 56 + 60, 40 + 29 * 64 + 80
    grid = {
        "source": "narvik-1940.txt 2.1: hexes numbered XXYY (column, row); sample: size and spacing",
        "board": {"name": "Operational Map", "width": width, "height": height},
        "HexGrid": {"dx": "56.0", "dy": "64.0", "x0": "40", "y0": "40", "sideways": "false", "snapTo": "true",
                    "edgesLegal": "false", "cornersLegal": "false"},
        "HexGridNumbering": {"first": "H", "sep": "", "hType": "N", "vType": "N", "hLeading": "1",
                             "vLeading": "1", "hOff": "1", "vOff": "1", "hDescend": "false", "vDescend": "false",
                             "stagger": "false", "locationFormat": "$gridLocation$"},
    }
    (HERE / "operational_grid.json").write_text(json.dumps(grid, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
