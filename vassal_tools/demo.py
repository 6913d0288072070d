"""The main job, end to end, on a game whose pack has a sample game: ``vassal-tools demo [--game GAME]``.

1. Build the module from the game's data folder (counters, maps, grids, palettes, dice buttons).
2. Write the opening save of the sample game's scenario (an area game's one set-up).
3. Play the pack's sample game on it as two PBEM players would, written as a real VASSAL log,
   the dice rolled with the module's buttons (Invasion: Norway's, the default: an interception
   with more ships than the detection roll allows, an overstacked hex;
   ``games/invasion_norway/sample_game.py``; each game's ``sample_game.py`` says what its holds).
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
from typing import TYPE_CHECKING

from .errors import BadInput
from .games import ids_in_registry_order, pack_for
from .pack import GamePack, SampleGame

if TYPE_CHECKING:
    from .builder.game import BuiltToPlay

Progress = Callable[[str], None]
# The PBEM players of the sample games, one per seat (a game of three sides seats the third).
PLAYERS = (("Anna", "anna-pw"), ("Bert", "bert-pw"), ("Cleo", "cleo-pw"))


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
    dice_html: Path


def demo_games() -> list[str]:
    """The games with a sample game, in the registry's order (the first is the demo's default)."""
    return [game for game in ids_in_registry_order() if _sample_of(pack_for(game)) is not None]


def demo_pack(game: str | None = None) -> GamePack:
    """The pack of ``game`` (its id); without one, the first game with a sample game."""
    if game is None:
        games = demo_games()
        if not games:
            raise BadInput(None, "no installed game has a sample game to play")
        game = games[0]
    pack = pack_for(game)
    if pack is None or _sample_of(pack) is None:
        raise BadInput(None, f"no sample game of {game!r} (games with one: {', '.join(demo_games())})", "--game")
    return pack


def _sample_of(pack: GamePack | None) -> SampleGame | None:
    return None if pack is None else pack.sample_game


def sample_game(game: str | None = None) -> SampleGame:
    """The sample game of ``game`` (by default the demo's)."""
    sample = demo_pack(game).sample_game
    assert sample is not None  # demo_pack gives only a pack with one
    return sample


def game_source(game: str | None = None) -> Path:
    """The data folder of ``game`` (by default the demo's), shipped with its package."""
    return Path(demo_pack(game).data_folder)


def run_demo(outdir: str | os.PathLike, progress: Progress = lambda message: None, game: str | None = None) -> DemoResult:
    """Build, play, audit and report the sample game of ``game`` (the default's) into ``outdir``."""
    from .builder.game import build_to_play
    from .formats.archive import atomic_write
    from .formats.files import open_file
    from .replay.logged_rolls import rolls_of_log
    from .report.audit import audit_file
    from .report.dice_report import write_dice_html
    from .report.dice_statistics import button_dice, dice_report
    from .report.output import audit_report
    from .report.replay_page import replay_page

    out = Path(outdir)
    source = game_source(game)
    sample = sample_game(game)

    progress(f"building the module from {source} and its opening save")
    built = build_to_play(source, out, sample.SCENARIO or None, cache=out / ".art-cache")

    progress("playing a sample game")
    log = play_sample_game(built, sample, out / "sample-game.vlog")

    progress("auditing the log")
    result = audit_file(log, built.module)
    text = audit_report(result, "text")
    report_json = atomic_write(out / "audit.json", audit_report(result, "json").encode("utf-8"))
    report_html = atomic_write(out / "audit.html", audit_report(result, "html").encode("utf-8"))
    atomic_write(out / "audit.txt", text.encode("utf-8"))

    progress("writing the dice report")
    dice = write_dice_html(dice_report(rolls_of_log(log), [str(log)], buttons=button_dice(open_file(built.module))),
                           out / "dice")

    progress("writing the replay page")
    page = replay_page(log, result.module or built.module, audit=result)
    replay_html = atomic_write(out / "replay.html", page.encode("utf-8"))
    return DemoResult(built.module, built.opening, log, report_html, report_json, text, len(result.findings),
                      replay_html, Path(dice))


def play_sample_game(built: BuiltToPlay, sample: SampleGame, path: Path) -> Path:
    """The sample game, written as a log on the opening save of ``built``."""
    from .builder.turns import TRACKER_ID
    from .formats.files import SavedGame, open_file
    from .replay.logwriter import LogWriter

    opening = open_file(built.opening)
    if not isinstance(opening, SavedGame):
        raise BadInput(built.opening, "the opening save is no saved game")
    writer = LogWriter(opening, built.point, *PLAYERS[0])

    def phase_steps(phase: str, turn: str | None = None) -> list[str]:
        return writer.turn(TRACKER_ID, built.tracker(turn or built.first_turn, phase))

    sample.play(writer, phase_steps, PLAYERS)
    return writer.save(path)
