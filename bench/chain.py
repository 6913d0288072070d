"""Time ``chain`` on a PBEM game of the Invasion: Norway module: 20 logs of 200 steps each.

    python bench/chain.py [--logs 20] [--steps 200] [--keep DIR]

Builds the module (art cached in the output folder), writes the campaign's opening
save, then a game of ``--logs`` logs with the project's log writer, each starting
from the save of the position the last one reached; a step is a unit moved to a
hex, a dice roll, a chat line or a counter turned over, in turn. Prints the time to
write the game and the time ``build_chain`` takes to read, replay and compare the
logs with the module's names (the issue's target: 3 s or less), and the chain's
verdict (whole).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from vassal_tools.builder.module import VASSAL_VERSION, assemble, module_archive, setup_stream
from vassal_tools.builder.savegame import write_save
from vassal_tools.demo import game_source
from vassal_tools.formats.archive import write_archive
from vassal_tools.formats.files import open_file
from vassal_tools.games.play import build_chain
from vassal_tools.replay.logwriter import LogWriter

UNITS = ["ger-138-gj-1", "ger-138-gj-2", "ger-138-gj-3", "ger-139-gj-1", "ger-139-gj-2", "ger-139-gj-3"]
HEXES = ["4332", "4432", "4331", "4431", "4333", "4433"]
PLAYERS = (("Anna", "anna-pw"), ("Bert", "bert-pw"))


def write_game(folder: Path, logs: int, steps: int) -> tuple[Path, list[Path]]:
    assembly = assemble(game_source(), scenario="campaign", cache=folder / ".art-cache")
    module = write_archive(module_archive(assembly), folder / "invasion-norway.vmod")
    start = write_save(folder / "start.vsav", setup_stream(assembly), moduledata=assembly.moduledata,
                       module_version=assembly.version, vassal_version=VASSAL_VERSION, description="start",
                       date_saved=0)

    place = assembly.locator.point

    paths = []
    for n in range(logs):
        writer = LogWriter(open_file(start), place, *PLAYERS[n % 2])
        for k in range(steps):
            action = k % 4
            unit = UNITS[(n + k) % len(UNITS)]
            if action == 0:
                writer.step(writer.move(unit, HEXES[(n * 7 + k) % len(HEXES)]))
            elif action == 1:
                writer.step(writer.roll("Naval Detection", (n + k) % 10))
            elif action == 2:
                writer.step(writer.chat(f"log {n + 1}, step {k + 1}"))
            else:
                writer.step(writer.flip(unit, 1 + (k // 4) % 2))
        paths.append(writer.save(folder / f"{n + 1:02d}.vlog"))
        start = writer.save_position(folder / f"{n + 1:02d}-end.vsav")
    return module, paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=int, default=20)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--keep", type=Path, default=None, help="write the game here and keep it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        began = time.perf_counter()
        module, paths = write_game(folder, args.logs, args.steps)
        written = time.perf_counter() - began
        began = time.perf_counter()
        chain = build_chain(paths, module)
        took = time.perf_counter() - began
    print(f"game written: {args.logs} logs x {args.steps} steps in {written:.2f} s")
    print(f"chain: {took:.2f} s for {args.logs} logs ({took / args.logs * 1000:.0f} ms a log); target <= 3 s; "
          f"{'whole' if chain.whole else 'NOT whole'}")


if __name__ == "__main__":
    main()
