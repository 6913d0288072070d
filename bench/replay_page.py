"""Size and time to interactive of ``vassal-tools replay`` on a 2,000-step Invasion: Norway log.

    python bench/replay_page.py [--steps 2000] [--keep DIR]

Builds the module vassal_tools makes from module_src/invasion_norway and the
campaign's opening save (as ``vassal-tools demo`` does), then writes a log with
the project's log writer (vassal_tools/replay/logwriter.py): the turn tracker
passing every phase of every turn, German and Allied units on hexes moving to a
neighbouring hex and back in the movement phases, naval detection rolls and chat.
Building is not timed.

Prints: the log's steps, the page's size (target <= 15 MB), the time to write the
page, and the time to interactive in headless Chromium (/usr/bin/chromium through
Playwright: from navigation until the first step's board is drawn with every image in
view decoded and a click on "next" has drawn the next step; target <= 2 s), median of 5.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from vassal_tools.builder.module import assemble, module_archive, setup_stream
from vassal_tools.builder.savegame import source_date_ms, write_save
from vassal_tools.builder.turns import TRACKER_ID, tracker_state
from vassal_tools.demo import game_source, sample_game
from vassal_tools.formats.archive import write_archive
from vassal_tools.formats.files import open_file
from vassal_tools.replay.logwriter import LogWriter
from vassal_tools.replay.replayer import Replayer
from vassal_tools.report.render import geometry_of
from vassal_tools.report.replay_page import write_replay_page

CHROMIUM = "/usr/bin/chromium"
MOVERS = 40


def norway_game(folder: Path) -> tuple[Path, LogWriter, Iterator[list[str]]]:
    """The built module, a log writer on the campaign's opening save, and the game's actions, endless.

    Each action is one step's commands, made when asked for (from the writer's state then).
    """
    assembly = assemble(game_source(), scenario=sample_game().SCENARIO, cache=folder / ".art-cache")
    module = write_archive(module_archive(assembly), folder / "invasion-norway.vmod")
    opening = write_save(folder / "campaign-start.vsav", setup_stream(assembly), moduledata=assembly.moduledata,
                         module_version=assembly.version, vassal_version="3.7.0", description="opening",
                         date_saved=source_date_ms())
    state = Replayer(opening).restore()
    geometry = geometry_of(open_file(module), state)
    info, grid = assembly.game.info, assembly.game.grid
    home: dict[str, str] = {}
    for piece in state.units():
        props = piece.piece.marker_properties
        name = geometry.location_name(*piece.spot) if piece.spot.map else None
        if props.get("Class") == "land" and props.get("UnitId") and name and name.isdigit():
            home[props["UnitId"]] = name
    movers = list(home)[:MOVERS]
    away = {u: next(n for n in grid.neighbours(home[u]) if n in assembly.game.hexes) for u in movers}

    place = assembly.locator.point

    writer = LogWriter(open_file(opening), place, "Anna", "anna-pw")

    def actions() -> Iterator[list[str]]:
        yield writer.seat("German")
        writer.player, writer.password = "Bert", "bert-pw"
        yield writer.seat("Allied")
        for turn in itertools.count():
            turn_name = info.turn_names[turn % len(info.turn_names)]
            for phase in info.phase_order():
                yield writer.turn(TRACKER_ID, tracker_state(info, turn_name, phase))
                if "detection" in phase:
                    yield writer.roll("Naval Detection", 1 + turn % 6)
                if phase.endswith("land-movement"):
                    for unit in movers:
                        yield writer.move(unit, away[unit] if turn % 2 == 0 else home[unit])
                    yield writer.chat(f"{turn_name}: {phase} done")

    return module, writer, actions()


def write_long_log(folder: Path, steps: int) -> tuple[Path, Path, int]:
    """The built module and a log of ``steps`` steps after the campaign's opening save."""
    module, writer, actions = norway_game(folder)
    for action in itertools.islice(actions, steps):
        writer.step(action)
    return module, writer.save(folder / "long.vlog"), len(writer.steps)


# Interactive: the board of the page's first step drawn, every image it shows decoded, and a
# click on "next" has drawn the next step the same way. Both clocks stop there: the wall clock
# from just before navigating, the page's own performance.now() from its navigation start.
NEXT_DRAWN = """() => replay.whenDrawn().then(() => new Promise((done) =>
  requestAnimationFrame(() => done([replay.step, performance.now()]))))"""


def time_to_interactive(page: Path, repeat: int = 3) -> list[tuple[float, float, float]]:
    """Each run's wall time to interactive, the page's own clock then (s), and the load average
    before the run; each run in a fresh tab of one browser."""
    from playwright.sync_api import sync_playwright

    runs = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for _ in range(repeat):
            tab = browser.new_page(viewport={"width": 1400, "height": 900})
            load = os.getloadavg()[0]
            start = time.perf_counter()
            tab.goto(page.resolve().as_uri(), wait_until="commit")
            tab.wait_for_selector("html[data-ready=true]", timeout=60_000)
            first = tab.evaluate("replay.step")
            tab.click("#next")
            step, own = tab.evaluate(NEXT_DRAWN)
            wall = time.perf_counter() - start
            if step != first + 1:
                raise SystemExit(f"{page}: 'next' went from step {first} to {step}")
            runs.append((wall, own / 1000, load))
            tab.evaluate("replay.go(replay.last); replay.go(1000); replay.go(0)")  # every step reachable
            tab.close()
        browser.close()
    return runs


def main_thread_cpu(page: Path) -> float:
    """CPU seconds the page's renderer main thread spends from navigation to interactive (one run,
    traced: Chromium's thread times), a figure other work on the machine barely changes."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        tab = browser.new_page(viewport={"width": 1400, "height": 900})
        trace = Path(folder) / "trace.json"
        browser.start_tracing(page=tab, path=str(trace), categories=["toplevel", "disabled-by-default-devtools.timeline"])
        tab.goto(page.resolve().as_uri(), wait_until="commit")
        tab.wait_for_selector("html[data-ready=true]", timeout=120_000)
        tab.click("#next")
        tab.evaluate(NEXT_DRAWN)
        browser.stop_tracing()
        browser.close()
        events = json.loads(trace.read_text())["traceEvents"]
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    return sum(e.get("tdur", 0) for e in events if e.get("ph") == "X" and e.get("name") == "RunTask"
               and threads.get((e["pid"], e["tid"])) == "CrRendererMain") / 1e6


def median_runs(runs: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    """The medians of the wall times, the page's clock and the load averages."""
    return (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs),
            statistics.median(r[2] for r in runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--keep", type=Path, default=None, help="folder to keep the module, log and page in")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="replay-page-"))
    folder.mkdir(parents=True, exist_ok=True)
    module, log, steps = write_long_log(folder, args.steps)
    page = folder / "long.html"
    start = time.perf_counter()
    write_replay_page(log, module, page)
    written = time.perf_counter() - start
    size = page.stat().st_size / 1e6
    print(f"log: {steps} steps, {log.stat().st_size / 1e6:.2f} MB; module {module.stat().st_size / 1e6:.1f} MB")
    print(f"page: {size:.2f} MB (target <= 15 MB), written in {written:.2f} s (audit + one replay)")
    if not Path(CHROMIUM).exists():
        print("no /usr/bin/chromium: time to interactive not measured")
        return
    wall, own, load = median_runs(time_to_interactive(page, 5))
    print(f"time to interactive, median of 5: {wall:.2f} s from navigation (page's own clock {own:.2f} s; "
          f"target <= 2 s; load average {load:.1f})")


if __name__ == "__main__":
    main()
