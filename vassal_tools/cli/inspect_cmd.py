"""``vassal-tools inspect FILE``: what a module, save or log is and holds."""

from __future__ import annotations

import json

import click

from ..report.inspect import render_text
from . import main


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def inspect(file, as_json):
    """Describe FILE: module name, maps and grids, palette; or a game's module, pieces, players, steps."""
    import vassal_tools

    from ..report.summary import summarize

    info = summarize(vassal_tools.open(file))
    if as_json:
        click.echo(json.dumps(info, indent=2, ensure_ascii=False))
    else:
        click.echo(render_text(info))
