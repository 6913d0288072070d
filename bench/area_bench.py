"""What the area games' benchmarks share (bench/kampen.py, bench/norway1940.py): the built module and
its opening save for a log written with the project's log writer, and the run that times a cold build,
the audit of that log and the audit of a long record, printing the figures against issue 12's targets
(build <= 10 s, audit of a 1,000-step log <= 2 s)."""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from vassal_tools.builder.area_module import (
    TrackerInfo,
    area_archive,
    area_assembly,
    area_game,
    build_area_module,
    tracker_info,
    write_area_setup,
)
from vassal_tools.formats.archive import write_archive
from vassal_tools.formats.files import SavedGame, open_file
from vassal_tools.gamedata.areas import AreaMap
from vassal_tools.games.play import audit
from vassal_tools.replay.logwriter import LogWriter
from vassal_tools.report.audit import audit_file

WriteLog = Callable[[Path, int], tuple[Path, Path]]  # (folder, steps) -> (module, log)


@dataclass
class LogStart:
    """A module built into a folder, and a log writer seated as Germany on its opening save."""

    module: Path
    area_map: AreaMap
    info: TrackerInfo  # the turn tracker's turns and phases
    writer: LogWriter


def start_log(data: Path, root: Path) -> LogStart:
    area_map = area_game(data)
    if area_map is None:
        raise SystemExit(f"{data} is not an area game's data folder")
    assembly = area_assembly(data, root / "cache")
    module = write_archive(area_archive(assembly), root / f"{area_map.game}.vmod")
    opening = write_area_setup(data, root / "start.vsav", cache=root / "cache")
    save = open_file(opening)
    assert isinstance(save, SavedGame)  # write_area_setup writes a saved game
    writer = LogWriter(save, assembly.locator.point, "Gerd", "gerd-pw")
    writer.step(writer.seat("Germany"))
    return LogStart(module, area_map, tracker_info(area_map), writer)


def run(doc: str, data: Path, game: str, units: dict, entries: Callable[[int], list[dict]],
        write_log: WriteLog) -> int:
    """Parse ``--entries``/``--steps``, time the three, print the figures and the first findings."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--steps", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        path = build_area_module(data, Path(tmp) / "out", cache=Path(tmp) / "cache")
        built = time.perf_counter() - start
        size = path.stat().st_size
        module, log = write_log(Path(tmp) / "log", args.steps)
        start = time.perf_counter()
        log_result = audit_file(log, module)
        log_time = time.perf_counter() - start
    record = {"format": "vassal-tools/record@1", "game": game, "units": units, "entries": entries(args.entries)}
    start = time.perf_counter()
    found = audit(record)
    audited = time.perf_counter() - start
    print(f"module cold build: {built:.2f} s ({size:,} bytes; target 10 s)")
    print(f"audit of a {len(record['entries']):,}-entry record: {audited:.2f} s, {len(found)} findings "
          "(target 2 s for 1,000 steps)")
    print(f"audit of a {args.steps:,}-step log against the built module: {log_time:.2f} s, "
          f"{len(log_result.findings)} findings (target 2 s)")
    for finding in [*found[:5], *log_result.findings[:5]]:
        print("  ", finding.rule, finding.message)
    return 0
