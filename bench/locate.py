"""Timing of the geometry code: prints figures, asserts nothing.

1. Naming every point of ../shared/vectors/hexgrid.json (``HexGrid.location_name``),
   plus snapping them and naming the hex that contains each.
2. ``vassal-tools locate --points`` on 100,000 random points of The Longest Day's
   Normandy map (hex grid with zones), run as the real command, and the same through
   ``Map.locate_many`` in-process.

Run from the repository root: ``python bench/locate.py``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT))

from vassal_tools.formats.files import open_file  # noqa: E402
from vassal_tools.geometry.from_module import ModuleGeometry, board_layouts  # noqa: E402
from vassal_tools.geometry.hexgrid import HexGrid  # noqa: E402
from vassal_tools.geometry.numbering import NUMBERING_CLASSES  # noqa: E402

MODULE = SHARED / "corpus" / "modules" / "tld__TheLongestDay_tmp.vmod"
LOG = SHARED / "corpus" / "logs" / "tld__0606-1.vlog"
N_POINTS = 100_000


def best_of(runs: int, work) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def bench_hex_vectors() -> None:
    configs = json.loads((SHARED / "vectors" / "hexgrid.json").read_text())["configs"]
    jobs = []
    for config in configs:
        numbering = dict(config["numbering"])
        cls = NUMBERING_CLASSES[numbering.pop("class")]
        grid = HexGrid.from_attributes(config["grid"], numbering, tuple(config["board_size"]), cls)
        jobs.append((grid, [(row[0], row[1]) for row in config["points"]]))
    total = sum(len(points) for _, points in jobs)

    def names():
        for grid, points in jobs:
            grid.names(points)

    def snaps():
        for grid, points in jobs:
            snap = grid.snap
            for x, y in points:
                snap(x, y)

    def hexes():
        for grid, points in jobs:
            hex_at = grid.hex_at
            for x, y in points:
                hex_at(x, y)

    for label, work in (("location_name", names), ("snap", snaps), ("hex_at (snap + name)", hexes)):
        seconds = best_of(3, work)
        print(f"hexgrid.json, {total} points, {len(jobs)} configs: {label:22s} {seconds:.3f} s "
              f"({seconds / total * 1e6:.2f} us/point)")


def bench_locate() -> None:
    if not MODULE.exists():
        print(f"skipped locate: {MODULE} absent")
        return
    rng = random.Random(1)
    game_map = ModuleGeometry(open_file(MODULE), board_layouts(open_file(LOG).stream)).map("Normandy")
    width, height = game_map.size
    points = [(rng.randrange(-50, width + 50), rng.randrange(-50, height + 50)) for _ in range(N_POINTS)]

    seconds = best_of(3, lambda: game_map.locate_many(points))
    print(f"Map.locate_many, Normandy ({width}x{height}), {N_POINTS} points: {seconds:.3f} s")

    with tempfile.TemporaryDirectory() as tmp:
        points_file = Path(tmp) / "points.txt"
        points_file.write_text("".join(f"{x},{y}\n" for x, y in points))
        command = [sys.executable, "-c", "from vassal_tools.cli import main; main()", "locate", str(MODULE), "--map", "Normandy",
                   "--game", str(LOG), "--points", str(points_file)]
        start = time.perf_counter()
        result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
        seconds = time.perf_counter() - start
        lines = result.stdout.count("\n")
        status = "ok" if result.returncode == 0 and lines == N_POINTS else f"FAILED ({result.stderr.strip()[:200]})"
        print(f"vassal-tools locate --points, {N_POINTS} points, whole command: {seconds:.2f} s, {status}")


if __name__ == "__main__":
    bench_hex_vectors()
    bench_locate()
