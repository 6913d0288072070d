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
from ..formats.outputs import WRITE_ELSEWHERE, refuse_overwriting
from ..report.output import RENDERERS, formats, render, renderer
from . import main
from .choices import TableChoice

_MODULE = click.option("--module", "module", type=click.Path(dir_okay=False, path_type=Path),
                       help="The module (.vmod) the log was played with.")
_MAPPING = click.option("--mapping", type=click.Path(dir_okay=False, path_type=Path), default=None,
                        help="JSON file naming the units (and locations, players) of a module whose pieces "
                             "carry no unit Marker properties.")
_GAME = click.option("--game", default=None, help="Rule pack id (default: from the mapping file or the module name).")
_ALLOW = click.option("--allow-mismatch", is_flag=True,
                      help="Read the log even if --module is not the module it was played with (its name, "
                           "maps or pieces differ); the report then starts with a warning.")


def _mapping(path: Path | None):
    from ..replay.units import read_mapping

    return read_mapping(path) if path is not None else None


def _need_module(module: Path | None, log: Path) -> Path:
    if module is None:
        raise BadInput(log, "a log is read against its module: give --module MODULE.vmod")
    return module


def _warn(warnings) -> None:
    for line in warnings:
        said = "" if line.startswith(("WARNING:", "note:")) else "note: "
        click.echo(f"vassal-tools: {said}{line}", err=True)


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
@_ALLOW
def record_cmd(log: Path, module: Path | None, output: Path | None, mapping: Path | None, game: str | None,
               allow_mismatch: bool) -> None:
    """Write the game record (vassal-tools/record@1 JSON) of LOG."""
    from ..games.play import record_log

    recorded = record_log(log, _need_module(module, log), _mapping(mapping), game, allow_mismatch=allow_mismatch)
    _write_text(json.dumps(recorded.data, indent=1, ensure_ascii=False) + "\n", output, log)
    if output is not None:  # on standard output the record says them already (its "warnings")
        _warn(recorded.warnings)


@main.command("position")
@click.argument("log", type=click.Path(dir_okay=False, path_type=Path))
@_MODULE
@click.option("--step", "step", type=click.IntRange(min=0), required=True,
              help="Step number (0: the position the log starts from).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None)
@click.option("--format", "fmt", type=TableChoice(RENDERERS["position"]), default="json", show_default=True,
              help="json: a record of place entries; text: the stacks by hex or zone, units by their counters.")
@click.option("--place", default=None, metavar="LOC", help="Text: only this hex, zone or box (or the places in zone LOC).")
@_MAPPING
@_GAME
@_ALLOW
def position_cmd(log: Path, module: Path | None, step: int, output: Path | None, fmt: str, place: str | None,
                 mapping: Path | None, game: str | None, allow_mismatch: bool) -> None:
    """Print the position after a step of LOG as a record of place entries, or as text."""
    from ..games.play import position_at

    recorded = position_at(log, _need_module(module, log), step, _mapping(mapping), game,
                           allow_mismatch=allow_mismatch)
    _write_text(render("position", fmt, recorded, place), output, log)
    _warn(recorded.warnings)


@main.command("audit")
# A path type (strings kept as given, globs too) so that the shared check keeps -o off each.
@click.argument("sources", metavar="LOG_OR_RECORD|DIR|GLOB...", nargs=-1, required=True, type=click.Path())
@_MODULE
@click.option("--format", "fmt", type=TableChoice(keys=lambda: formats("audit", "archive")), default="text",
              show_default=True, help="csv: an archive's summary table only.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the report here (default: standard output).")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Audit an archive in this many processes (default 1; never more than its logs or the cores).")
@click.option("--pages", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Archive: write each log's audit report and replay page into this folder (default with "
                   "--format html: the index's folder).")
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Archive: keep each log's result in this SQLite file, and audit only the logs it does not "
                   "hold for this module and toolkit version.")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Archive: send the audits to this Dask scheduler (tcp://host:8786) instead of --jobs "
                   "processes (pip install 'vassal-tools[cluster]').")
@_MAPPING
@_GAME
@_ALLOW
def audit_cmd(sources: tuple[str, ...], module: Path | None, fmt: str, output: Path | None, jobs: int | None,
              pages: Path | None, db: Path | None, scheduler: str | None, mapping: Path | None, game: str | None,
              allow_mismatch: bool) -> None:
    """Check a log (with --module) or a game record against the rules; or a whole archive.

    Several files, a folder (its .vlog files) or a glob audit an archive in a process
    pool and print one summary table (text, CSV, JSON or an HTML index linking each
    log's report and replay page). Exit code 0 when no rule is broken, 1 when there
    are findings (or, for an archive, a log could not be audited), 2 on bad input.
    """
    archive = db is not None or scheduler is not None or jobs is not None
    if len(sources) > 1 or archive or Path(sources[0]).is_dir() or any(c in sources[0] for c in "*?["):
        _audit_archive(sources, module, fmt, output, jobs or 1, pages, db, scheduler)
        return
    source = Path(sources[0])
    if fmt not in RENDERERS["audit"]:
        raise BadInput(source, f"--format {fmt} is the summary table of an archive: give a folder or several logs")
    from ..report.audit import audit_file

    result = audit_file(source, module, _mapping(mapping), game, allow_mismatch=allow_mismatch)
    report = renderer("audit", fmt, source)
    _write_text(report.render(result), output, source)
    if not report.holds_warnings:
        _warn(result.warnings)  # on stderr too, where a reader of the report sees them
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
@_ALLOW
def render_cmd(log: Path, module: Path | None, step: int, output: Path, map_name: str | None, around: str | None,
               mapping: Path | None, game: str | None, allow_mismatch: bool) -> None:
    """Draw a map of LOG as it was after a step, from the module's own images."""
    from ..report.render import render_step

    warnings: list[str] = []
    image = render_step(log, _need_module(module, log), step, map_name=map_name, around=around,
                        mapping=_mapping(mapping), game=game, allow_mismatch=allow_mismatch, warnings=warnings)
    _warn(warnings)
    atomic_write(output, image, protect=log)


def _audit_archive(sources: tuple[str, ...], module: Path | None, fmt: str, output: Path | None, jobs: int,
                   pages: Path | None, db: Path | None, scheduler: str | None) -> None:
    from rich.console import Console
    from rich.progress import Progress

    from ..desk.league import audit_some
    from ..report.archive import archive_root, find_logs

    table = renderer("archive", fmt, sources[0])
    logs = find_logs(sources)
    if not logs:
        raise BadInput(sources[0], "no logs found (a folder is searched for .vlog files)")
    refuse_overwriting(output, {f"log {log}": log for log in logs}, WRITE_ELSEWHERE + " (-o)")
    refuse_overwriting(db, {f"log {log}": log for log in logs} | ({"module": module} if module else {}),
                       WRITE_ELSEWHERE + " (--db)")
    if module is None:
        raise BadInput(logs[0], "an archive's logs are audited against their module: give --module MODULE.vmod")
    if pages is None and table.links_pages and output is not None:
        pages = output.parent if str(output.parent) else Path(".")
    if pages is not None:
        pages.mkdir(parents=True, exist_ok=True)
    # No auto-refresh: its thread must not run while the pool forks its workers.
    with Progress(transient=True, console=Console(stderr=True), auto_refresh=False) as bar:
        task = bar.add_task(f"auditing {len(logs)} logs", total=len(logs))

        def advance(row) -> None:
            bar.advance(task)
            bar.refresh()

        rows = audit_some(logs, module, jobs, pages, advance, archive_root(sources), db, scheduler)
    _write_text(table.render(rows, output.parent if output else None), output, module)
    sys.exit(0 if all(row.status == "clean" for row in rows) else 1)
