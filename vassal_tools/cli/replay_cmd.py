"""``vassal-tools replay LOG --module MODULE -o game.html``: a log as a page with step controls.

The page is one self-contained HTML file (report/replay_page.py): the board at
every step drawn from the module's images, first/previous/next/last/play, a
slider, the keyboard arrows, jumps to each turn and phase, the log's words, the
audit's findings on the map, and ``#step=N`` links.
"""

from __future__ import annotations

from pathlib import Path

import click

from ..replay.units import read_mapping
from ..report.replay_page import write_replay_page
from . import main


@main.command("replay")
@click.argument("log", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--module", "module", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The module (.vmod) the log was played with.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The HTML file to write.")
@click.option("--mapping", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="JSON file naming the units of a module whose pieces carry no unit Marker properties.")
@click.option("--game", default=None, help="Rule pack id (default: from the mapping file or the module name).")
@click.option("--allow-mismatch", is_flag=True,
              help="Draw the log even if --module is not the module it was played with (its name, maps or pieces "
                   "differ); the page's notes then start with a warning.")
def replay_cmd(log: Path, module: Path, output: Path, mapping: Path | None, game: str | None,
               allow_mismatch: bool) -> None:
    """Write LOG as one offline HTML page that steps through the game on the module's own board."""
    units = read_mapping(mapping) if mapping is not None else None
    written = write_replay_page(log, module, output, units, game, allow_mismatch=allow_mismatch)
    click.echo(f"{written} ({written.stat().st_size / 1e6:.1f} MB)")
