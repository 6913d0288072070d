"""How fast ``vassal-tools build`` makes the Invasion: Norway module, cold and after small edits.

Copies the game folder to a temporary folder (so the source is never touched), then
times, in this process (the maps are drawn in a worker process):

1. a cold build: empty art cache, every counter (both sides) and map drawn;
2. a warm rebuild of the same data (nothing redrawn);
3. a rebuild after one unit's change (its name in units.csv), which redraws that unit;
4. the scenario's opening save.

Targets: cold build <= 10 s, one-unit rebuild <= 2 s (issue 4). If no map shows a
location the scenario names, the build fails with that message; the bench then
says so and measures the module without at-start stacks (scenarios left out).

Run: ``python bench/build.py [GAME_DIR] [--keep DIR]``.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

from vassal_tools.builder.module import build_module, write_setup
from vassal_tools.errors import BadInput

HERE = Path(__file__).resolve().parent
DEFAULT_GAME = HERE.parent / "module_src" / "invasion_norway"


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (the map worker)."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def timed(label: str, action):
    """Run ``action``; print wall-clock and CPU seconds (CPU shows the cost when the machine is shared)."""
    start, cpu = time.perf_counter(), cpu_seconds()
    result = action()
    seconds = time.perf_counter() - start
    print(f"{label:<36} {seconds:6.2f} s wall {cpu_seconds() - cpu:6.2f} s CPU")
    return result, seconds


def change_one_unit(game: Path) -> str:
    """Rename the first land unit of units.csv (its counter must be redrawn); its id."""
    path = game / "units.csv"
    rows = list(csv.DictReader(path.open(encoding="utf-8", newline="")))
    unit = next(r for r in rows if r["class"] == "land")
    unit["name"] += "*"
    out = io.StringIO()
    writer = csv.DictWriter(out, list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")
    return unit["id"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", type=Path, default=DEFAULT_GAME)
    parser.add_argument("--keep", type=Path, help="work in this folder and keep it (default: a temporary one)")
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="vassal-build-bench-"))
    game, cache, dist = work / "game", work / "cache", work / "dist"
    shutil.rmtree(work / "game", ignore_errors=True)
    shutil.rmtree(cache, ignore_errors=True)
    shutil.copytree(args.game, game)
    try:
        try:
            path, cold = timed("cold build (all art drawn)", lambda: build_module(game, dist, cache=cache))
        except BadInput as err:
            print(f"the scenario cannot be set up: {err}")
            print("measuring without scenarios (no at-start stacks)")
            shutil.rmtree(game / "scenarios")
            (game / "scenarios").mkdir()
            shutil.rmtree(cache, ignore_errors=True)
            path, cold = timed("cold build (all art drawn)", lambda: build_module(game, dist, cache=cache))
        size = path.stat().st_size / 1e6
        _, warm = timed("rebuild, nothing changed", lambda: build_module(game, dist, cache=cache))
        unit = change_one_unit(game)
        _, one = timed(f"rebuild, unit {unit} changed", lambda: build_module(game, dist, cache=cache))
        if any((game / "scenarios").glob("*.toml")):
            timed("opening save of the first scenario", lambda: write_setup(game, None, dist / "start.vsav", cache=cache))
        print(f"module: {path.name}, {size:.1f} MB; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print(f"targets: cold <= 10 s ({'met' if cold <= 10 else 'MISSED'}), "
              f"one-unit rebuild <= 2 s ({'met' if one <= 2 else 'MISSED'})")
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
