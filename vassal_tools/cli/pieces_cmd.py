"""``vassal-tools pieces MODULE``: every piece slot of a module with what its piece is made of."""

from __future__ import annotations

import json
from pathlib import Path

import click

from . import main


@main.command("pieces")
@click.argument("module", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "fmt", flag_value="json", help="Print a JSON list of slots.")
@click.option("--csv", "fmt", flag_value="csv",
              help="Print CSV; lists are joined with ' | ', properties written key=value.")
@click.option("--expand", is_flag=True, help="Expand prototypes first, as VASSAL does when it places a piece.")
def pieces_cmd(module: Path, fmt: str | None, expand: bool) -> None:
    """List every piece slot of MODULE: palette path, entry name, gpid, names, images,
    prototypes used and Marker / Dynamic Property values."""
    from ..report.pieces import module_rows, pieces_table, render_csv

    rows = module_rows(module, expand)
    if fmt == "json":
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
    elif fmt == "csv":
        click.echo(render_csv(rows), nl=False)
    else:
        from rich.console import Console

        console = Console(highlight=False)
        if not console.is_terminal:  # piped: do not squeeze the table into 80 columns
            console = Console(highlight=False, width=200)
        console.print(pieces_table(rows, expand))
