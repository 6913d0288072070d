"""Time the Norway 1940 scenario: a cold module build, the audit of a long record and of a long log.

    python bench/norway1940.py [--entries 1000] [--steps 1000]

The build draws the area map and the 172 counters and writes the module into an empty cache and
output folder. The record is a legal game of ``--entries`` entries: turns of actions activating
each unit once, land-based air searching (1-4) before attacking ships, refit rolls read off the
tables and victory points for eliminated units. The log is written with the project's log writer
against the built module from its opening save: air units moving to bases in Norway, searching with a
declared air-naval-search roll before each attack on a sea zone, and the turn tracker stepping
through the phases. Prints the seconds each takes and the findings (0 for these games).
Targets (issue 12): build <= 10 s, audit of a 1,000-step log <= 2 s.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from vassal_tools.builder.area_module import (
    area_archive,
    area_game,
    assemble_areas,
    build_area_module,
    tracker_info,
    write_area_setup,
)
from vassal_tools.builder.turns import TRACKER_ID, tracker_state
from vassal_tools.formats.archive import write_archive
from vassal_tools.formats.files import open_file
from vassal_tools.games.norway_1940.data import DATA
from vassal_tools.replay.logwriter import LogWriter
from vassal_tools.report.audit import audit_file
from vassal_tools.rules import audit

GROUPS = 4  # air actions a turn, of four units each: 44 entries a turn, 23 turns for 1,000 entries
# Eight flights a turn (34 steps): 30 turns hold a 1,000-step log.
FLIGHTS = [("ger-ju-88-1", "Bergen"), ("ger-ju-88-2", "Stavanger"), ("ger-me-110-1", "Kristiansand"),
           ("ger-me-110-2", "Bergen"), ("ger-ju-87", "Stavanger"), ("ger-ju-52-1", "Kristiansand"),
           ("ger-ju-52-2", "Bergen"), ("ger-ju-52-3", "Stavanger")]


def units() -> dict:
    out: dict = {}
    for i in range(4):
        out[f"g{i}"] = {"class": "land", "nationality": "german", "type": "infantry", "size": "regiment"}
        out[f"n{i}"] = {"class": "land", "nationality": "norwegian", "type": "infantry", "size": "brigade"}
    for i in range(GROUPS * 4):
        out[f"a{i}"] = {"class": "air", "nationality": "german", "type": "Ju-88"}
    for i in range(400):
        out[f"s{i}"] = {"class": "naval", "nationality": "british", "type": "DD"}
    return out


def entries(count: int) -> list[dict]:
    out: list[dict] = [{"place": f"g{i}", "at": "Oslo"} for i in range(4)]
    out += [{"place": f"a{i}", "at": "Bergen"} for i in range(GROUPS * 4)]
    out += [{"place": f"n{i}", "at": "Trondheim"} for i in range(4)]
    turn, ship = 2, 0  # from Turn 2: the opening places are a snapshot, not the set-up
    while len(out) < count:
        out.append({"turn": f"Turn {turn}", "phase": "actions"})
        out.append({"action": {"side": "german", "kind": "ground", "units": ["g0", "g1", "g2", "g3"]}})
        out += [{"move": f"g{i}", "to": "Trondheim" if turn % 2 else "Oslo"} for i in range(4)]
        for group in range(GROUPS):
            air = [f"a{group * 4 + i}" for i in range(4)]
            out.append({"action": {"side": "german", "kind": "air", "units": air}})
            out.append({"place": f"s{ship}", "at": "Sea Zone 41"})
            for i, unit in enumerate(air):
                out.append({"roll": {"for": "air-naval-search", "side": "german", "unit": unit, "zone": "Sea Zone 41",
                                     "result": 1 + (turn + i) % 4}})
            out.append({"attack": {"hex": "Sea Zone 41", "attackers": air, "target": [f"s{ship}"]}})
            out += [{"remove": f"s{ship}"}, {"vp": {"side": "german", "add": 2, "for": [f"s{ship}"]}}]
            ship += 1
        out.append({"action": {"side": "allied", "kind": "refit", "units": ["n0"]}})
        out.append({"roll": {"for": "refit", "target": ["n0"], "result": 2, "outcome": "refit"}})
        turn += 1
    return out[:count]


def write_log(root: Path, steps: int) -> tuple[Path, Path]:
    """The built module and a log of ``steps`` steps played on it from the opening save."""
    area_map = area_game(DATA)
    assembly = assemble_areas(area_map, root / "cache")
    module = write_archive(area_archive(assembly), root / "norway-1940.vmod")
    opening = write_area_setup(DATA, root / "start.vsav", cache=root / "cache")
    info = tracker_info(area_map)
    writer = LogWriter(open_file(opening), assembly.locator.point, "Gerd", "gerd-pw")
    writer.step(writer.seat("Germany"))
    done, turn = 1, 0
    while done < steps:
        turn = turn % 30 + 1
        for phase in ("action-roll", "actions"):
            writer.step(writer.turn(TRACKER_ID, tracker_state(info, f"Turn {turn}", phase)))
            done += 1
        for unit, base in FLIGHTS:
            if done + 4 > steps:
                break
            writer.step(writer.move(unit, base))
            writer.step(writer.chat("roll air-naval-search in Sea Zone 40"))
            writer.step(writer.roll("air-naval-search", 1 + turn % 4))
            writer.step(writer.chat(f"attack Sea Zone 40 with {unit}"))
            done += 4
    return module, writer.save(root / "game.vlog")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--steps", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        path = build_area_module(DATA, Path(tmp) / "out", cache=Path(tmp) / "cache")
        built = time.perf_counter() - start
        size = path.stat().st_size
        module, log = write_log(Path(tmp) / "log", args.steps)
        start = time.perf_counter()
        log_result = audit_file(log, module)
        log_time = time.perf_counter() - start
    record = {"format": "vassal-tools/record@1", "game": "norway-1940", "units": units(),
              "entries": entries(args.entries)}
    start = time.perf_counter()
    found = audit(record)
    audited = time.perf_counter() - start
    print(f"module cold build: {built:.2f} s ({size:,} bytes; target 10 s)")
    print(f"audit of a {len(record['entries']):,}-entry record: {audited:.2f} s, {len(found)} findings")
    print(f"audit of a {args.steps:,}-step log against the built module: {log_time:.2f} s, "
          f"{len(log_result.findings)} findings (target 2 s)")
    for finding in [*found[:5], *log_result.findings[:5]]:
        print("  ", finding.rule, finding.message)
    return 0


if __name__ == "__main__":
    sys.exit(main())
