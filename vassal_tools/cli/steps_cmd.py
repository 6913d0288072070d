"""``vassal-tools steps LOG``: what happened in each step of a log, in words or as JSON."""

from __future__ import annotations

import json
from pathlib import Path

import click

from . import main


@main.command("steps")
@click.argument("log", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--module", "module_path", type=click.Path(dir_okay=False, path_type=Path),
              help="The game's module: name every place by the map's own grid, and the turn and phase "
                   "by its turn tracker, as VASSAL shows them.")
@click.option("--allow-mismatch", is_flag=True,
              help="Use --module even if it is not the module the log was played with (a warning comes first).")
@click.option("--json", "as_json", is_flag=True, help="A JSON list of steps with their commands as objects.")
def steps_cmd(log: Path, module_path: Path | None, allow_mismatch: bool, as_json: bool) -> None:
    """List the steps of LOG, numbered, each in words (or as JSON)."""
    from ..report.steps import read_steps

    report = read_steps(log, module_path, allow_mismatch=allow_mismatch)
    if as_json:
        for warning in report.warnings:
            click.echo(f"vassal-tools: {warning}", err=True)
        click.echo(json.dumps(report.json(), ensure_ascii=False, indent=1))
        return
    for warning in report.warnings:
        click.echo(warning)
    if not report.stream.steps:
        click.echo(f"{log}: no logged steps (a saved game, not a log)", err=True)
    lines = report.lines()
    if lines:
        click.echo("\n".join(lines))  # one write: a long log's lines one by one cost a flush each
