"""``vassal-tools games``: the games the toolkit knows, with their checks and the rules they cite."""

from __future__ import annotations

import click

from . import main


@main.command("games")
def games_cmd() -> None:
    """List the known games with their checks and the rules they cite."""
    from ..games.listing import list_games

    for game in list_games():
        for line in game.lines():
            click.echo(line)
