"""``vassal-tools games``: the games the toolkit knows, with their checks and the rules they cite;
``--coverage [GAME]``: every rule of each rulebook with its status (judged, not judgeable, ...)."""

from __future__ import annotations

import click

from . import main
from .choices import TableChoice


def _game_ids() -> list[str]:
    from ..games import pack_ids

    return pack_ids()


@main.command("games")
@click.option("--coverage", is_flag=True, help="Every rule of each game's rulebook with its status, and the counts.")
@click.argument("game", required=False, type=TableChoice(keys=_game_ids))
def games_cmd(coverage: bool, game: str | None) -> None:
    """List the known games with their checks and the rules they cite (GAME: that game only)."""
    if coverage:
        from ..report.coverage import coverage_lines, coverages

        for table in coverages(game):
            for line in coverage_lines(table):
                click.echo(line)
        return
    from ..games.listing import list_games

    for listing in list_games():
        if game is None or listing.id == game:
            for line in listing.lines():
                click.echo(line)
