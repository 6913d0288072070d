"""``vassal-tools mapping MODULE --game GAME -o mapping.json``: draft the mapping of a module
vassal_tools did not build (docs/mapping-format.md)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from . import main


@main.command("mapping")
@click.argument("module", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--game", required=True, help="The game the module is of (see vassal-tools games).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The draft mapping file (JSON) to write.")
def mapping_cmd(module: Path, game: str, output: Path) -> None:
    """Draft a mapping of MODULE's pieces to the units of GAME, each with a confidence and reason."""
    from ..formats.archive import atomic_write
    from ..games.play import draft_for_module
    from ..replay.mapping_draft import summary_lines

    draft = draft_for_module(module, game)
    text = json.dumps(draft, indent=1, ensure_ascii=False) + "\n"
    atomic_write(output, text.encode("utf-8"), protect=module)
    for line in summary_lines(draft):
        click.echo(line)
    click.echo(str(output))
