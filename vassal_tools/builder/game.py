"""One build entry point for every game: a game folder's module and opening save, made by the builder
of the board kind the game's pack declares (:class:`~vassal_tools.games.BoardKind`).

    from vassal_tools.builder.game import build_game, setup_game
    build_game("module_src/narvik_1940", "dist")        # a hex game: builder.module
    build_game("module_src/kampen_om_norge", "dist")    # an area game: builder.area_module
    setup_game("module_src/kampen_om_norge", None, "start.vsav")
    played = build_to_play("module_src/narvik_1940", "out", "campaign")   # both, and how to play on them

A folder's game.toml ``id`` picks the pack; a folder no pack claims is a hex game's data.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import BadInput
from ..formats.archive import write_archive
from ..formats.obfuscation import DEFAULT_FORM, Form
from ..games import BoardKind
from ..games.folders import area_pack_at, board_kind_at
from .area_module import (
    area_archive,
    area_assembly,
    build_area_module,
    tracker_info,
    write_area_opening,
    write_area_setup,
)
from .module import (
    STAGES,
    Progress,
    assemble,
    build_module,
    module_archive,
    module_file_name,
    write_opening,
    write_setup,
)
from .turns import tracker_state

__all__ = ["BuiltToPlay", "build_game", "build_notes", "build_to_play", "setup_game"]


def _quiet(stage: str, done: int, total: int) -> None:
    pass


def _build_hex(game_dir: Path, outdir: Path, scenario: str | None, cache: Path | None, progress: Progress) -> Path:
    return build_module(game_dir, outdir, scenario=scenario, cache=cache, progress=progress)


def _build_areas(game_dir: Path, outdir: Path, scenario: str | None, cache: Path | None,
                 progress: Progress) -> Path:
    total = len(STAGES)
    progress(STAGES[1], 1, total)
    path = build_area_module(game_dir, outdir, cache=cache)
    progress(STAGES[-1], total, total)
    return path


def _setup_hex(game_dir: Path, scenario: str | None, out: Path, cache: Path | None, progress: Progress,
               form: Form) -> Path:
    return write_setup(game_dir, scenario, out, cache=cache, progress=progress, form=form)


def _setup_areas(game_dir: Path, scenario: str | None, out: Path, cache: Path | None, progress: Progress,
                 form: Form) -> Path:
    _check_area_scenario(game_dir, scenario)
    return write_area_setup(game_dir, out, cache=cache, form=form)


BUILDERS: dict[BoardKind, Callable[[Path, Path, str | None, Path | None, Progress], Path]] = {
    BoardKind.HEX: _build_hex, BoardKind.AREA: _build_areas}
SETUPS: dict[BoardKind, Callable[[Path, str | None, Path, Path | None, Progress, Form], Path]] = {
    BoardKind.HEX: _setup_hex, BoardKind.AREA: _setup_areas}


def build_game(game_dir: str | os.PathLike, outdir: str | os.PathLike, *, scenario: str | None = None,
               cache: Path | None = None, progress: Progress | None = None) -> Path:
    """Build the ``.vmod`` of the game in ``game_dir`` into ``outdir``; its path."""
    build = BUILDERS[board_kind_at(game_dir)]
    return build(Path(game_dir), Path(outdir), scenario, cache, progress or _quiet)


def setup_game(game_dir: str | os.PathLike, scenario: str | None, out: str | os.PathLike, *,
               cache: Path | None = None, progress: Progress | None = None, form: Form = DEFAULT_FORM) -> Path:
    """Write the opening save of a scenario of the game in ``game_dir`` to the file ``out``."""
    setup = SETUPS[board_kind_at(game_dir)]
    return setup(Path(game_dir), scenario, Path(out), cache, progress or _quiet, form)


def _check_area_scenario(game_dir: Path, scenario: str | None) -> None:
    """An area game has one set-up, named by the game's title or id; any other name is bad input
    (a hex game's unknown scenario is refused the same way)."""
    pack = area_pack_at(game_dir)
    if pack is None or scenario is None:
        return
    title = pack.listed_name()
    if " ".join(scenario.split()).casefold() not in {title.casefold(), pack.id.casefold()}:
        raise BadInput(game_dir, f"no scenario {scenario!r} (scenarios: {title!r}, the game's one set-up)",
                       "--scenario")


def build_notes(game_dir: str | os.PathLike) -> list[str]:
    """What a maintainer should read after a build: the scanned map's fit (gamedata.scan)."""
    from ..gamedata.scan import scan_report

    if board_kind_at(game_dir) is not BoardKind.HEX:
        return []
    report = scan_report(Path(game_dir))
    return [report] if report else []


@dataclass(frozen=True)
class BuiltToPlay:
    """A game's module and opening save, built side by side, and what a log writer needs to play on
    them: where a data location lies (``point``), the turn the save opens on and the turn tracker's
    state at any phase of any turn."""

    module: Path
    opening: Path
    point: Callable[[str], tuple[str, int, int]]
    first_turn: str
    tracker: Callable[[str, str | None], str]  # (turn, phase) -> the tracker's saved state


def build_to_play(game_dir: str | os.PathLike, outdir: str | os.PathLike, scenario: str | None = None, *,
                  cache: Path | None = None) -> BuiltToPlay:
    """Build the module of the game in ``game_dir`` and the opening save of ``scenario`` (a hex game's;
    an area game has its one set-up) into ``outdir``, assembling the game once, whatever its board kind."""
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    if board_kind_at(game_dir) is BoardKind.AREA:
        _check_area_scenario(Path(game_dir), scenario)
        areas = area_assembly(game_dir, cache)
        module = write_archive(area_archive(areas), out / f"{areas.area_map.game}.vmod")
        opening = write_area_opening(areas, out / "start.vsav")
        info = tracker_info(areas.area_map)
        return BuiltToPlay(module, opening, areas.locator.point, areas.area_map.first_turn,
                           lambda turn, phase: tracker_state(info, turn, phase))
    hexes = assemble(game_dir, scenario=scenario, cache=cache)
    if hexes.scenario is None:
        raise BadInput(Path(game_dir) / "scenarios", "the game has no scenario (scenarios/*.toml)")
    module = write_archive(module_archive(hexes), out / module_file_name(hexes.game))
    opening = write_opening(hexes, out / f"{hexes.scenario.id}-start.vsav")
    return BuiltToPlay(module, opening, hexes.locator.point, hexes.scenario.first_turn,
                       lambda turn, phase: tracker_state(hexes.game.info, turn, phase))
