"""What the hex games' benches share (bench/games.py, bench/europa.py): a log of the opening save in
which the tracker walks every phase of every turn and some units step to a neighbouring hex and back
in the phases the game moves in, and the timed run: a cold module build, then audit of that log.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable, Mapping
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
from vassal_tools.replay.logwriter import LogWriter
from vassal_tools.report.audit import audit_file


def write_log(data: Path, folder: Path, steps: int, *, seat: str, walkers: Mapping[str, tuple[str, str]],
              moves_in: Callable[[str], bool], rounds: int, landed: Mapping[str, str] | None = None,
              ) -> tuple[Path, Path, int]:
    """The module, and a log of its campaign opening of about ``steps`` steps: ``landed`` units moved
    once, then every phase of every turn, each walker stepping away and back ``rounds`` times in the
    phases ``moves_in`` accepts."""
    assembly = assemble(data, scenario="campaign", cache=folder / "cache")
    module = write_archive(module_archive(assembly), folder / module_file_name(assembly.game))
    opening = write_opening(assembly, folder / "start.vsav")
    info = assembly.game.info
    writer = LogWriter(open_file(opening), assembly.locator.point, "Bench", "bench-pw")
    count = writer.step(writer.seat(seat))
    for unit, hex_ in (landed or {}).items():
        count = writer.step(writer.move(unit, hex_))
    turn = 0
    while count < steps:
        name = info.turn_names[turn % len(info.turn_names)]
        for phase in info.phase_order():
            count = writer.step(writer.turn(TRACKER_ID, tracker_state(info, name, phase)))
            if moves_in(phase):
                for _ in range(rounds):
                    for unit, (home, away) in walkers.items():
                        writer.step(writer.move(unit, away))
                        count = writer.step(writer.move(unit, home))
        turn += 1
    return writer.save(folder / "bench.vlog"), module, count


def best_of(runs: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def run(game: str, data: Path, log_of: Callable[[Path, int], tuple[Path, Path, int]]) -> None:
    """Print the cold build and the audit of a log of ``--steps`` steps (targets: 10 s and 2 s)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        built = build_module(data, folder / "dist", cache=folder / "cold-cache")
        cold = time.perf_counter() - start
        print(f"{game} module build (cold cache): {cold:.2f} s  ({built.stat().st_size:,} bytes)  target <= 10 s")
        log, module, steps = log_of(folder, args.steps)
        findings: list[int] = []
        seconds = best_of(3, lambda: findings.append(len(audit_file(log, module).findings)))
        print(f"{game} audit of a {steps:,}-step log: {seconds:.2f} s (best of 3; {findings[-1]} findings)  "
              "target <= 2 s")
