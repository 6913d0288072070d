"""The main job, end to end, on the game whose pack has a sample game: ``vassal-tools demo``.

1. Build the module from the game's data folder (counters, maps, grids, palettes).
2. Write the opening save of the sample game's scenario.
3. Play the pack's short sample game on it as two PBEM players would, written as a real
   VASSAL log (Invasion: Norway's: an interception with more ships than the detection roll
   allows, an overstacked hex; ``games/invasion_norway/sample_game.py``).
4. Audit the log against the rules and write the reports (text, JSON, HTML).
5. Write the log's replay page (step controls, the findings on the map).
6. Write the dice report of the sample game (``dice/index.html``).

Everything is written into one output folder; nothing else is touched.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from .errors import BadInput
from .games import pack_for, pack_ids

if TYPE_CHECKING:
    from .replay.logwriter import LogWriter

Progress = Callable[[str], None]
PLAYERS = (("Anna", "anna-pw"), ("Bert", "bert-pw"))  # the two PBEM players of the sample game


class SampleGame(Protocol):
    """What a pack's ``sample_game`` gives the demo: the scenario it is played from, and the
    game itself (``phase(id)``: the steps that start a phase of the scenario's first turn)."""

    SCENARIO: str

    def play(self, writer: LogWriter, phase: Callable[[str], list[str]], players: Sequence[tuple[str, str]]) -> None: ...


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


def demo_pack() -> Any:
    """The first game (by id) whose pack has a sample game."""
    for game in pack_ids():
        pack = pack_for(game)
        if pack is not None and pack.sample_game is not None:
            return pack
    raise BadInput(None, "no installed game has a sample game to play")


def sample_game() -> SampleGame:
    """The demo's sample game (its pack's)."""
    return demo_pack().sample_game


def game_source() -> Path:
    """The data folder of the demo's game, shipped with its package."""
    return Path(demo_pack().data_folder)


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
    assembly = assemble(source, scenario=sample_game().SCENARIO, cache=out / ".art-cache")
    module = write_archive(module_archive(assembly), out / module_file_name(assembly.game))

    progress("writing the campaign's opening save")
    assert assembly.scenario is not None  # assemble found the sample game's scenario (or refused)
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
    """The pack's sample game, written as a log on the opening save of its scenario."""
    from .builder.turns import TRACKER_ID, tracker_state
    from .replay.logwriter import LogWriter

    info = assembly.game.info
    turn = assembly.scenario.first_turn
    writer = LogWriter(opening, assembly.locator.point, *PLAYERS[0])

    def phase(name: str) -> list[str]:
        return writer.turn(TRACKER_ID, tracker_state(info, turn, name))

    sample_game().play(writer, phase, PLAYERS)
    return writer.save(path)
