"""``vassal-tools record``, ``position``, ``audit`` and ``render``: logs as game records, checked and drawn.

* ``record LOG --module MODULE -o game.json``: the game record of a log.
* ``position LOG --module MODULE --step N``: the state after step N, as a record of places.
* ``audit LOG_OR_RECORD [--module MODULE] [--format text|json|html] [-o OUT]``: the rule
  pack's findings; exit code 0 when clean, 1 with findings, 2 on bad input.
* ``render LOG --module MODULE --step N -o board.png``: a map at a step, from the module's images.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ..errors import BadInput
from ..formats.archive import atomic_write
from . import main

_MODULE = click.option("--module", "module", type=click.Path(dir_okay=False, path_type=Path),
                       help="The module (.vmod) the log was played with.")
_MAPPING = click.option("--mapping", type=click.Path(dir_okay=False, path_type=Path), default=None,
                        help="JSON file naming the units (and locations, players) of a module whose pieces "
                             "carry no unit Marker properties.")
_GAME = click.option("--game", default=None, help="Rule pack id (default: from the mapping file or the module name).")


def _mapping(path: Path | None):
    from ..replay.units import read_mapping

    return read_mapping(path) if path is not None else None


def _need_module(module: Path | None, log: Path) -> Path:
    if module is None:
        raise BadInput(log, "a log is read against its module: give --module MODULE.vmod")
    return module


def _warn(warnings) -> None:
    for line in warnings:
        click.echo(f"vassal-tools: note: {line}", err=True)


def _write_text(text: str, output: Path | None, protect: Path) -> None:
    if output is None:
        click.echo(text, nl=False)
    else:
        atomic_write(output, text.encode("utf-8"), protect=protect)


@main.command("record")
@click.argument("log", type=click.Path(dir_okay=False, path_type=Path))
@_MODULE
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the record here (default: standard output).")
@_MAPPING
@_GAME
def record_cmd(log: Path, module: Path | None, output: Path | None, mapping: Path | None, game: str | None) -> None:
    """Write the game record (vassal-tools/record@1 JSON) of LOG."""
    from ..replay.recorder import record_log

    recorded = record_log(log, _need_module(module, log), _mapping(mapping), game)
    _write_text(json.dumps(recorded.data, indent=1, ensure_ascii=False) + "\n", output, log)
    _warn(recorded.warnings)


@main.command("position")
@click.argument("log", type=click.Path(dir_okay=False, path_type=Path))
@_MODULE
@click.option("--step", "step", type=click.IntRange(min=0), required=True,
              help="Step number (0: the position the log starts from).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None)
@click.option("--format", "fmt", type=click.Choice(["json", "text"]), default="json", show_default=True,
              help="json: a record of place entries; text: the stacks by hex or zone, units by their counters.")
@click.option("--place", default=None, metavar="LOC", help="Text: only this hex, zone or box (or the places in zone LOC).")
@_MAPPING
@_GAME
def position_cmd(log: Path, module: Path | None, step: int, output: Path | None, fmt: str, place: str | None,
                 mapping: Path | None, game: str | None) -> None:
    """Print the position after a step of LOG as a record of place entries, or as text."""
    from ..replay.recorder import position_at
    from ..report.position_text import position_text

    recorded = position_at(log, _need_module(module, log), step, _mapping(mapping), game)
    if fmt == "text":
        text = position_text(recorded.record, place)
    else:
        text = json.dumps(recorded.data, indent=1, ensure_ascii=False) + "\n"
    _write_text(text, output, log)
    _warn(recorded.warnings)


@main.command("audit")
@click.argument("source", metavar="LOG_OR_RECORD", type=click.Path(dir_okay=False, path_type=Path))
@_MODULE
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the report here (default: standard output).")
@_MAPPING
@_GAME
def audit_cmd(source: Path, module: Path | None, fmt: str, output: Path | None, mapping: Path | None,
              game: str | None) -> None:
    """Check a log (with --module) or a game record against the rules.

    Exit code 0 when no rule is broken, 1 when there are findings, 2 on bad input.
    """
    from ..report.audit import audit_file
    from ..report.text import json_report, text_report

    result = audit_file(source, module, _mapping(mapping), game)
    if fmt == "json":
        text = json_report(result.findings, source=result.source, game=result.record.game, warnings=result.warnings)
    elif fmt == "html":
        from ..report.html import html_report

        text = html_report(result)
    else:
        text = text_report(result.findings, result.warnings)
    _write_text(text, output, source)
    if fmt != "json":
        _warn(result.warnings)  # the report holds them too
    sys.exit(1 if result.findings else 0)


@main.command("render")
@click.argument("log", type=click.Path(dir_okay=False, path_type=Path))
@_MODULE
@click.option("--step", "step", type=click.IntRange(min=0), required=True, help="Step number (0: the start).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The PNG file to write.")
@click.option("--map", "map_name", default=None, help="Which map (default: the module's first).")
@click.option("--around", default=None, metavar="LOC",
              help="Crop the picture around this hex, zone or box and outline it (a record LOC, or VASSAL's own "
                   "location name for a module no rule pack knows).")
@_MAPPING
@_GAME
def render_cmd(log: Path, module: Path | None, step: int, output: Path, map_name: str | None, around: str | None,
               mapping: Path | None, game: str | None) -> None:
    """Draw a map of LOG as it was after a step, from the module's own images."""
    from ..report.render import render_step

    image = render_step(log, _need_module(module, log), step, map_name=map_name, around=around,
                        mapping=_mapping(mapping), game=game)
    atomic_write(output, image, protect=log)
