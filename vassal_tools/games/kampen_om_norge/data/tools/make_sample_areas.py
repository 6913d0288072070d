"""Regenerate this game's board (map.json) and the drawn neighbours of adjacency.csv from real
geography: a thin front to scripts/build_real_areas.py, which reads ../geo.toml and ../geo/
(made by scripts/extract_geodata.py). The rulebook prints no map: where each area ends is sample,
drawn around the real towns it is named after, on the real coast and border.

Usage: python vassal_tools/games/kampen_om_norge/data/tools/make_sample_areas.py [--check]
(a maintainer tool: it needs the repository's scripts/ folder; `--check` exits 1 if a file differs)
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent
ROOT = DATA.parents[3]

if __name__ == "__main__":
    sys.argv = [str(ROOT / "scripts" / "build_real_areas.py"), str(DATA), *sys.argv[1:]]
    runpy.run_path(sys.argv[0], run_name="__main__")
