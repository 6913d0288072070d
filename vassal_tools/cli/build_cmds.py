"""``vassal-tools build`` and ``vassal-tools setup``: a game's module and its scenarios' opening saves.

Both draw (or reuse) the art in a cache folder, by default the user's cache, so a
second run after a small data change redraws only what changed.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from ..formats.obfuscation import DEFAULT_FORM, FORMS
from . import main
from .choices import TableChoice

_GAME = click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
_CACHE = click.option("--cache", type=click.Path(file_okay=False, path_type=Path), default=None,
                      help="Folder for the drawn art, reused by later builds (default: the user's cache).")


@contextmanager
def _progress(quiet: bool):
    """A rich progress bar on stderr, fed through the builder's progress(stage, done, total)."""
    if quiet:
        yield lambda stage, done, total: None
        return
    # No auto-refresh: its thread must not run while the builder forks its map worker.
    bar = Progress(TextColumn("{task.description:<26}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                   TimeElapsedColumn(), console=Console(stderr=True), transient=True, auto_refresh=False)
    with bar:
        task = bar.add_task("Building", total=1)

        def report(stage: str, done: int, total: int) -> None:
            bar.update(task, description=stage, completed=done, total=total, refresh=True)

        yield report


@main.command()
@_GAME
@click.option("-o", "--output", "outdir", type=click.Path(file_okay=False, path_type=Path), required=True,
              help="Folder to write the .vmod into.")
@click.option("--scenario", default=None, help="Scenario (id or title) whose set-up becomes the at-start stacks "
              "(default: the first).")
@_CACHE
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
def build(game_dir: Path, outdir: Path, scenario: str | None, cache: Path | None, quiet: bool) -> None:
    """Build the VASSAL module (.vmod) of the game in GAME_DIR."""
    from ..builder.game import build_game, build_notes

    with _progress(quiet) as progress:
        path = build_game(game_dir, outdir, scenario=scenario, cache=cache, progress=progress)
    click.echo(str(path))
    for note in build_notes(game_dir):
        click.echo(note)


@main.command()
@_GAME
@click.option("--scenario", default=None,
              help="The scenario (id or title); may be left out when the game has one set-up (an area game's).")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The .vsav file to write.")
@_CACHE
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@click.option("--form", type=TableChoice(FORMS), default=DEFAULT_FORM, show_default=True,
              help="How the stream is stored: vcsk opens in every VASSAL; vobs only in 3.8 and later.")
def setup(game_dir: Path, scenario: str | None, out: Path, cache: Path | None, quiet: bool, form: str) -> None:
    """Write the opening saved game (.vsav) of a scenario of the game in GAME_DIR."""
    from ..builder.game import setup_game

    with _progress(quiet) as progress:
        path = setup_game(game_dir, scenario, out, cache=cache, progress=progress, form=form)
    click.echo(str(path))
