"""Time Europa Narvik (vassal_tools/games/europa_narvik): a cold module build and a 1,000-step log audit.

    python bench/europa.py [--steps 1000]

Builds the module with an empty art cache (cold), then writes a log of the campaign's opening save with
the project's log writer: German units and a supply counter land in Norway, and every turn the tracker
walks the ten phases while, in each movement phase, German and Norwegian units step back and forth between
their hex and the next one (so stacking, the German and Allied supply lines and air basing are judged
every turn); then times ``audit`` of that log against the module (replay, record, the pack's checks),
best of 3. Targets (issue 11): build <= 10 s, audit <= 2 s.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from vassal_tools.builder.module import (
    assemble,
    build_module,
    module_archive,
    module_file_name,
    write_opening,
)
from vassal_tools.builder.turns import TRACKER_ID, tracker_state
from vassal_tools.formats.archive import write_archive
from vassal_tools.formats.files import open_file
from vassal_tools.games.europa_narvik import DATA_DIR
from vassal_tools.replay.logwriter import LogWriter
from vassal_tools.report.audit import audit_file

LANDED = {"ger-sup-1": "0618", "ger-138-i": "0621", "ger-138-ii": "0720", "ger-139-i": "0816"}
WALKERS = {"ger-138-i": ("0621", "0622"), "ger-138-ii": ("0720", "0721"), "ger-139-i": ("0816", "0817"),
           "nor-i-16": ("0402", "0403"), "nor-i-12": ("0614", "0615"), "nor-hmkg": ("1830", "1829")}


def write_log(folder: Path, steps: int) -> tuple[Path, Path, int]:
    assembly = assemble(DATA_DIR, scenario="campaign", cache=folder / "cache")
    module = write_archive(module_archive(assembly), folder / module_file_name(assembly.game))
    opening = write_opening(assembly, folder / "start.vsav")
    info = assembly.game.info
    writer = LogWriter(open_file(opening), assembly.locator.point, "Bench", "bench-pw")
    count = writer.step(writer.seat("German"))
    for unit, hex_ in LANDED.items():
        count = writer.step(writer.move(unit, hex_))
    turn = 0
    while count < steps:
        name = info.turn_names[turn % len(info.turn_names)]
        for phase in info.phase_order():
            count = writer.step(writer.turn(TRACKER_ID, tracker_state(info, name, phase)))
            if phase.endswith("movement"):
                for _ in range(4):
                    for unit, (home, away) in WALKERS.items():
                        writer.step(writer.move(unit, away))
                        count = writer.step(writer.move(unit, home))
        turn += 1
    return writer.save(folder / "bench.vlog"), module, count


def best_of(runs: int, work) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        built = build_module(DATA_DIR, folder / "dist", cache=folder / "cold-cache")
        cold = time.perf_counter() - start
        print(f"europa-narvik module build (cold cache): {cold:.2f} s  ({built.stat().st_size:,} bytes)  "
              "target <= 10 s")
        log, module, steps = write_log(folder, args.steps)
        findings: list[int] = []
        seconds = best_of(3, lambda: findings.append(len(audit_file(log, module).findings)))
        print(f"europa-narvik audit of a {steps:,}-step log: {seconds:.2f} s (best of 3; {findings[-1]} findings)  "
              "target <= 2 s")


if __name__ == "__main__":
    main()
