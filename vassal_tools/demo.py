"""The main job, end to end, on Invasion: Norway: ``vassal-tools demo``.

1. Build the module from ``module_src/invasion_norway`` (counters, maps, grids, palettes).
2. Write the campaign's opening save.
3. Play a short sample game on it as two PBEM players would, written as a real
   VASSAL log: a German cruiser group sails and the Allies intercept it with more
   ships than their detection roll allows (rule 6.2); German mountain troops
   overstack Bergen (rule 11.1.1).
4. Audit the log against the rules and write the reports (text, JSON, HTML).
5. Write the log's replay page (step controls, the findings on the map).
6. Write the dice report of the sample game (``dice/index.html``).

Everything is written into one output folder; nothing else is touched.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .errors import BadInput
from .games import pack_for

GAME = "invasion-norway"
SCENARIO = "campaign"
Progress = Callable[[str], None]


@dataclass
class DemoResult:
    module: Path
    opening: Path
    log: Path
    report_html: Path
    report_json: Path
    report_text: str
    findings: int
    replay_html: Path


def game_source() -> Path:
    """The Invasion: Norway data folder shipped with the package (``module_src/invasion_norway``)."""
    pack = pack_for(GAME)
    if pack is None:
        raise BadInput(None, f"the game {GAME!r} is not installed")
    return pack.data_folder


def run_demo(outdir: str | os.PathLike, progress: Progress = lambda message: None) -> DemoResult:
    """Build, play, audit and report into ``outdir`` (created if needed)."""
    from .builder.module import (
        assemble,
        module_archive,
        module_file_name,
        write_opening,
    )
    from .formats.archive import atomic_write, write_archive
    from .formats.files import open_file
    from .replay.logged_rolls import rolls_of_log
    from .report.audit import audit_file
    from .report.dice_report import write_dice_html
    from .report.dice_statistics import button_dice, dice_report
    from .report.output import audit_report
    from .report.replay_page import replay_page

    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    source = game_source()

    progress(f"building the module from {source}")
    assembly = assemble(source, scenario=SCENARIO, cache=out / ".art-cache")
    module = write_archive(module_archive(assembly), out / module_file_name(assembly.game))

    progress("writing the campaign's opening save")
    assert assembly.scenario is not None  # assemble found SCENARIO (or refused)
    opening = write_opening(assembly, out / "campaign-start.vsav")

    progress("playing a sample game")
    log = play_sample_game(open_file(opening), assembly, out / "sample-game.vlog")

    progress("auditing the log")
    result = audit_file(log, module)
    text = audit_report(result, "text")
    report_json = atomic_write(out / "audit.json", audit_report(result, "json").encode("utf-8"))
    report_html = atomic_write(out / "audit.html", audit_report(result, "html").encode("utf-8"))
    atomic_write(out / "audit.txt", text.encode("utf-8"))

    progress("writing the dice report")
    write_dice_html(dice_report(rolls_of_log(log), [str(log)], buttons=button_dice(open_file(module))), out / "dice")

    progress("writing the replay page")
    replay_html = atomic_write(out / "replay.html", replay_page(log, result.module or module, audit=result).encode("utf-8"))
    return DemoResult(module, opening, log, report_html, report_json, text, len(result.findings), replay_html)


def play_sample_game(opening, assembly, path: Path) -> Path:
    """The sample game: an interception with too many ships, then an overstacked Bergen."""
    from .builder.turns import TRACKER_ID, tracker_state
    from .replay.logwriter import LogWriter

    info = assembly.game.info

    place = assembly.locator.point

    def phase(turn: str, name: str) -> list[str]:
        return writer.turn(TRACKER_ID, tracker_state(info, turn, name))

    anna = ("Anna", "anna-pw")
    bert = ("Bert", "bert-pw")

    def as_player(who: tuple[str, str]) -> None:
        writer.player, writer.password = who

    writer = LogWriter(opening, place, *anna)
    turn = assembly.scenario.first_turn
    writer.step(writer.seat("German"))
    as_player(bert)
    writer.step(writer.seat("Allied"))

    # German naval movement: a cruiser group sails into the North Sea. The Allies
    # declare a detection attempt, roll, and intercept with five cruisers, more
    # than the difference between their NDV and the roll allows (6.2).
    as_player(anna)
    writer.step(phase(turn, "german-naval-movement"))
    for ship in ("ger-ca-hipper", "ger-cl-koln"):
        writer.step(writer.move(ship, "North Sea"))
    as_player(bert)
    writer.step(writer.chat("detect naval North Sea target Hipper, Koln"))
    writer.step(writer.roll("Naval Detection", 3))
    writer.step(writer.chat("intercept naval North Sea with Berwick, York, Devonshire, Suffolk, Glasgow"))

    # German land movement: five mountain infantry battalions end their move in
    # Bergen, one more than the four infantry battalions a hex may hold (11.1.1).
    as_player(anna)
    writer.step(phase(turn, "german-land-movement"))
    for unit in ("ger-138-gj-1", "ger-138-gj-2", "ger-138-gj-3", "ger-139-gj-1", "ger-139-gj-2"):
        writer.step(writer.move(unit, "4332"))
    writer.step(writer.chat("Bergen is ours."))
    writer.step(phase(turn, "german-air-missions"))
    as_player(bert)
    writer.step(writer.chat("Your move, Anna."))
    return writer.save(path)
