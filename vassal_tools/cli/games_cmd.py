"""``vassal-tools games``: the rule packs, their checks and the rules they cite."""

from __future__ import annotations

import click

from ..games.listing import pack_summaries
from . import main


@main.command()
def games() -> None:
    """List every game's rule pack, with its checks and the rules they cite."""
    for pack in pack_summaries():
        click.echo(f"{pack.id}  {pack.title}" + (f"  ({pack.rulebook})" if pack.rulebook else ""))
        for name, rules in pack.checks:
            click.echo(f"  {name}: {', '.join(rules)}")
        for note in pack.notes:
            click.echo(f"  note: {note}")
