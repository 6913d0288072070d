"""``vassal-tools demo [--game GAME]``: build a game's module, play its sample PBEM game, audit it, write the reports."""

from __future__ import annotations

from pathlib import Path

import click

from . import main


@main.command()
@click.option("-o", "--output", "outdir", type=click.Path(file_okay=False, path_type=Path), default=Path("demo-output"),
              show_default=True, help="Folder for the module, the saves and the reports.")
@click.option("--game", default=None, metavar="GAME",
              help="The game (its id, as `vassal-tools games` lists it); default: the first game the registry lists.")
def demo(outdir: Path, game: str | None) -> None:
    """Build a game's module (Invasion: Norway's unless --game), write its sample game's log, audit it
    and write the reports, the replay page and the dice page."""
    from ..demo import run_demo

    result = run_demo(outdir, progress=lambda message: click.echo(f"- {message}", err=True), game=game)
    click.echo(result.report_text, nl=False)
    click.echo(f"\nmodule        {result.module}")
    click.echo(f"opening save  {result.opening}")
    click.echo(f"sample log    {result.log}")
    click.echo(f"audit         {result.report_html} (open in a browser), {result.report_json}")
    click.echo(f"replay        {result.replay_html} (step through the game in a browser)")
    click.echo(f"dice          {result.dice_html}")
    click.echo(f"{result.findings} finding{'s' if result.findings != 1 else ''} in the sample game")
