"""How long ``lint`` takes: every corpus module, then a module that places many at-start stacks
by grid location. Prints figures, asserts nothing. Target: 2 s or less for any real module
under 30 MB (issue 20).

1. Each module of ../shared/corpus/MANIFEST.json that is present (the largest is named):
   ``lint_module`` in this process, the best of ``--repeat`` runs, wall and CPU time, with
   the module's size and how many findings of each severity it gives.
2. Kassala's board given 40 zones (no background grid) and 600 at-start stacks placed by grid
   location, a third of them at names no zone takes: VASSAL's SetupStack reads each name back
   through the grid (``ZonedGrid.getLocation``); a lint that searched the board for the name
   instead would sample it point by point for every stack it cannot find.

Run: ``python bench/lint.py [--repeat N]`` (the code of the checkout on PYTHONPATH is timed).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from lxml import etree

from vassal_tools.formats.files import open_file
from vassal_tools.release.lint import lint_module

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
KASSALA = CORPUS / "modules" / "kassala__Kassala.vmod"
PKG = "VASSAL.build.module.map"
ZONES, STACKS = 40, 600


def best(repeat: int, job) -> tuple[float, float]:
    """The best wall-clock and CPU time of ``repeat`` runs (the machine may be shared)."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        job()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def corpus_modules() -> list[Path]:
    manifest = json.loads((CORPUS / "MANIFEST.json").read_text(encoding="utf-8"))
    paths = [CORPUS / f["local_path"] for f in manifest["files"] if f.get("kind") == "module"]
    return sorted((p for p in paths if p.exists()), key=lambda p: p.stat().st_size)


def many_stacks(folder: Path) -> Path:
    """Kassala with a zoned board and many at-start stacks placed by grid location."""
    module = open_file(KASSALA)
    game_map = module.buildfile.maps[0]
    board = game_map.boards[0].element
    for grid in list(board):
        board.remove(grid)
    zoned = etree.SubElement(board, f"{PKG}.boardPicker.board.ZonedGrid")
    for i in range(ZONES):
        x, y = 40 + (i % 8) * 240, 40 + (i // 8) * 480
        etree.SubElement(zoned, f"{PKG}.boardPicker.board.mapgrid.Zone",
                         {"name": f"Box {i}", "path": f"{x},{y};{x + 200},{y};{x + 200},{y + 200};{x},{y + 200}"})
    template = game_map.setup_stacks[0].element
    parent = template.getparent()
    for i in range(STACKS):
        stack = etree.SubElement(parent, template.tag, dict(template.attrib))
        stack.set("name", f"stack {i}")
        stack.set("useGridLocation", "true")
        stack.set("location", f"Box {i % ZONES}" if i % 3 else f"Box {ZONES + i}")
    out = folder / "many-stacks.vmod"
    module.save(out)
    return out


def line(label: str, path: Path, repeat: int) -> str:
    findings = Counter(f.severity for f in lint_module(path))
    wall, cpu = best(repeat, lambda: lint_module(path))
    counts = ", ".join(f"{n} {s}" for s, n in sorted(findings.items())) or "no findings"
    return f"{label:<58} {path.stat().st_size / 1e6:6.1f} MB {wall:6.2f} s wall {cpu:6.2f} s CPU  ({counts})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    modules = corpus_modules()
    if not modules:
        print(f"no corpus modules in {CORPUS}: place the shared corpus beside the checkout", file=sys.stderr)
        return 2
    for path in modules:
        label = path.name + (" (largest)" if path == modules[-1] else "")
        print(line(label, path, args.repeat))
    if KASSALA.exists():
        with tempfile.TemporaryDirectory() as tmp:
            path = many_stacks(Path(tmp))
            print(line(f"Kassala, {ZONES} zones, {STACKS} stacks by grid location", path, args.repeat))
    return 0


if __name__ == "__main__":
    sys.exit(main())
