"""Time ``vassal-tools audit LOG --module MODULE`` on a long log: replay, record, rule checks.

    python bench/audit_log.py [--steps 2000] [--built] [--keep DIR]

Writes a log of the test module (tests/kits/mini_module.py: the Invasion: Norway
maps, turn tracker and counters with unit Marker properties) that plays every
phase of every turn with the turn tracker: land units move in each movement and
motorized phase (motorized moves are checked against supply, 11.3), naval stacks
move in the naval phases, detection dice are rolled, units are reduced and
eliminated in combat phases, Norwegian units stand in the Norwegian Surrender
Phase (its supply check runs every turn), weather changes each turn. Then times,
best of 3: opening the log, replaying it into a record, and auditing the record;
and the same through the command line entry point (text report). The target is
3 s or less for 2,000 steps. Attacks and defences are declared in chat each combat
phase (docs/record-format.md, "Declarations in chat"), so attack and defence supply
are checked every turn too.

``--built`` uses the module vassal_tools builds from module_src/invasion_norway
instead, with the campaign's opening save (every counter of the scenario on the
maps): the log is that save followed by moves of the units standing on hexes,
back and forth between their hex and the next one, the tracker passing every
phase, and die rolls. Building is not timed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from kits.mini_module import LogWriter, build_mini_module  # noqa: E402
from vassal_tools.report.audit import audit_file  # noqa: E402

SUPPLY = ["ger-sp-1", "ger-sp-2"]
LAND = ["ger-159-ir-1", "ger-159-ir-2", "ger-159-ir-3", "ger-193-ir-1", "ger-193-ir-2", "ger-193-ir-3"]
MOTORIZED = ["ger-mot-1"]
NORWEGIAN = ["nor-ir1-1", "nor-ir1-2", "nor-ir2-1", "nor-ir2-2"]
NAVAL = ["ger-ca-hipper", "ger-cl-koln", "ger-cl-konigsberg"]
HEXES = ["4530", "4531", "4532", "4631", "4632", "4731"]
SEAS = ["Skagerrak", "Norwegian Leads"]
WEATHER = ["clear", "cloudy", "foul", "clear"]


def write_log(path: Path, module: Path, steps: int) -> int:
    """A log of at least ``steps`` steps; returns how many it has."""
    writer = LogWriter("April #5", "weather")
    units = [u for u in LAND + MOTORIZED if u in writer.units]
    for i, unit in enumerate(units):
        writer.setup(unit, HEXES[i % len(HEXES)])
    for unit in (u for u in NORWEGIAN if u in writer.units):
        writer.setup(unit, "4318")
    for unit in (u for u in NAVAL if u in writer.units):
        writer.setup(unit, SEAS[0])
    supply = [u for u in SUPPLY if u in writer.units]
    for unit in supply:
        writer.setup(unit, HEXES[0])
    writer.begin()
    where = {u: HEXES[i % len(HEXES)] for i, u in enumerate(units)}
    sea = 0
    turn_index = writer.info.turn_names.index("April #5")
    while len(writer.steps) < steps:
        turn = writer.info.turn_names[turn_index % len(writer.info.turn_names)]
        for phase in writer.info.phase_order():
            writer.step(writer.phase(turn, phase))
            if phase == "weather":
                writer.step(writer.set_weather("south", WEATHER[turn_index % len(WEATHER)]))
            elif phase.endswith("naval-detection"):
                writer.step(writer.roll("naval-detection", turn_index % 10, "Bert"))
            elif phase == "german-naval-movement":
                sea = 1 - sea
                writer.step(writer.move_stack(NAVAL[0], SEAS[sea]))
            elif phase in ("german-land-movement", "german-motorized-movement", "allied-land-movement"):
                movers = MOTORIZED if phase.endswith("motorized-movement") else units
                for unit in movers:
                    here = HEXES.index(where[unit])
                    where[unit] = HEXES[(here + 1) % len(HEXES)]
                    writer.step(writer.walk(unit, where[unit]))
            elif phase == "german-land-combat":
                # Declared attacks with their SPs: the attack supply check (13.3) runs each turn.
                attacker = units[turn_index % len(units)]
                target = next(h for h in HEXES if h != where[attacker])
                declared = f"attack {target} with {attacker}" + (f" supply {supply[0]}" if supply else "")
                writer.step(writer.chat("Anna", declared))
                writer.step(writer.chat("Bert", f"defend {target}" + (f" supply {supply[-1]}" if supply else "")))
                writer.step(writer.flip(units[turn_index % len(units)], 2))
                writer.step(writer.flip(units[turn_index % len(units)], 1))
        turn_index += 1
    writer.write(path, module)
    return len(writer.steps)


def write_built_log(folder: Path, steps: int) -> tuple[Path, Path, int]:
    """The built module, and a log of its campaign opening save followed by ``steps`` steps."""
    from vassal_tools.builder.module import assemble, module_archive, setup_stream
    from vassal_tools.builder.savegame import write_save
    from vassal_tools.formats.archive import write_archive
    from vassal_tools.formats.files import open_file
    from vassal_tools.formats.sequence import decode, encode
    from vassal_tools.replay.replayer import Replayer
    from vassal_tools.report.render import geometry_of

    game_dir = HERE.parent / "module_src" / "invasion_norway"
    assembly = assemble(game_dir, scenario="campaign")
    module = write_archive(module_archive(assembly), folder / "invasion-norway.vmod")
    stream = setup_stream(assembly)
    meta = dict(moduledata=assembly.moduledata, module_version="0.1", vassal_version="3.7.0", date_saved=0)
    save = write_save(folder / "start.vsav", stream, description="start", **meta)
    state = Replayer(save).restore()
    info, grid = assembly.game.info, assembly.game.grid
    geometry = geometry_of(open_file(module), state)
    hexes = {}
    for piece in state.units():
        props = piece.piece.marker_properties
        name = geometry.location_name(*piece.spot) if piece.spot.map else None
        if props.get("Class") == "land" and name and name.isdigit():
            hexes[piece.id] = name
    movers = list(hexes)[:40]
    where = {pid: state[pid].spot for pid in movers}
    home = {pid: hexes[pid] for pid in movers}
    away = {pid: next(n for n in grid.neighbours(home[pid]) if n in assembly.game.hexes) for pid in movers}
    tracker = decode(state.turns["TurnTracker0"], "|")[1]
    tokens: list[str] = []
    turn = 0
    while len(tokens) < steps:
        for phase in info.phase_order():
            tokens.append("LOG\t" + "TURNTurnTracker0\t" + _tracker(info, tracker, turn, phase))
            if "detection" in phase:
                tokens.append(f"LOG\tCHAT*** Naval Detection = {turn % 10} *** &lt;Bert&gt;")
            if phase.endswith("land-movement") or phase.endswith("motorized-movement"):
                for pid in movers[: 12 if "land" in phase else 4]:
                    target = away[pid] if (turn % 2 == 0) else home[pid]
                    spot = assembly.locator.spot(target)
                    old = where[pid]
                    tokens.append(f"LOG\tM/{pid}/{spot.map}/{spot.x}/{spot.y}/null/{old.map}/{old.x}/{old.y}/null/pw")
                    where[pid] = spot
        turn += 1
    text = stream + "".join("\x1b" + encode([t], "\x1b") for t in tokens[:steps])
    log = write_save(folder / "long.vlog", text, description="long", **meta)
    return module, log, min(len(tokens), steps)


def _tracker(info, state: str, turn: int, phase: str) -> str:
    """The tracker's state at ``phase`` of the ``turn``-th turn after the opening one."""
    from vassal_tools.builder.turns import tracker_state
    from vassal_tools.formats.sequence import decode

    opening = int(decode(state, ";")[0])
    return tracker_state(info, info.turn_names[(opening + turn) % len(info.turn_names)], phase)


def best(fn, repeat: int = 3) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--built", action="store_true", help="use the built module and its campaign save")
    parser.add_argument("--keep", type=Path, default=None, help="folder to keep the log and module in")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="audit-log-"))
    folder.mkdir(parents=True, exist_ok=True)
    if args.built:
        module, log, count = write_built_log(folder, args.steps)
    else:
        module = build_mini_module(folder / "invasion-norway.vmod")
        log = folder / "long.vlog"
        count = write_log(log, module, args.steps)
    seconds, result = best(lambda: audit_file(log, module))
    print(f"log: {count} steps, {log.stat().st_size / 1e6:.2f} MB; record: {len(result.record.entries)} entries; "
          f"findings: {len(result.findings)}")
    print(f"audit (open log + replay + record + rules), best of 3: {seconds:.2f} s  (target <= 3 s)")

    from click.testing import CliRunner

    from vassal_tools.cli import main as cli

    runner = CliRunner()
    cli_seconds, outcome = best(lambda: runner.invoke(cli, ["audit", str(log), "--module", str(module)]))
    print(f"vassal-tools audit (text report), best of 3: {cli_seconds:.2f} s, exit code {outcome.exit_code}")
    html_seconds, _ = best(lambda: runner.invoke(cli, ["audit", str(log), "--module", str(module), "--format",
                                                       "html", "-o", str(folder / "report.html")]), 1)
    print(f"vassal-tools audit --format html: {html_seconds:.2f} s")


if __name__ == "__main__":
    main()
