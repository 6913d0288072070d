"""``vassal-tools check LOG``: a log received, checked whole (chain, audit, dice, replay page);
``check --watch FOLDER``: each log that lands in a folder, checked once it is whole."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..errors import BadInput
from . import main


@main.command("check")
@click.argument("log", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--module", "module", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The module (.vmod) the log was played with (default: the one its metadata names, beside the "
                   "log or in --modules / $VASSAL_TOOLS_MODULES).")
@click.option("--modules", "folders", multiple=True, type=click.Path(file_okay=False, path_type=Path),
              help="A folder of modules to look in (may be repeated).")
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The folder for the pages (default: LOG.check beside the log).")
@click.option("--watch", "watched", type=click.Path(file_okay=False, exists=True, path_type=Path), default=None,
              help="Check each new log that lands in this folder, until stopped (Ctrl-C).")
@click.option("--interval", type=click.FloatRange(min=0.05), default=1.0, show_default=True,
              help="With --watch: seconds between looks at the folder.")
@click.option("--settle", type=click.FloatRange(min=0.0), default=2.0, show_default=True,
              help="With --watch: seconds a log must stay unchanged before it is read.")
@click.option("--allow-mismatch", is_flag=True,
              help="Check the log even if --module is not the module it was played with (the audit then starts "
                   "with the differences).")
def check_cmd(log: Path | None, module: Path | None, folders: tuple[Path, ...], output: Path | None,
              watched: Path | None, interval: float, settle: float, allow_mismatch: bool) -> None:
    """Check LOG as received: does it start where the game's last log ended, what breaks the rules,
    are the dice fair so far; one page links the chain, audit, dice and replay.

    The game's earlier logs are found beside LOG. Exit code 0 when all is well, 1 when something
    needs a look, 2 on bad input.
    """
    from ..desk.check import check_log

    if watched is not None:
        if log is not None or output is not None:
            raise BadInput(None, "--watch checks the logs that land in its folder: give no LOG and no -o")
        _watch(watched, module, folders, interval, settle, allow_mismatch)
        return
    if log is None:
        raise BadInput(None, "give a LOG to check, or --watch FOLDER")
    result = check_log(log, module, folders, output, allow_mismatch=allow_mismatch)
    click.echo(f"{log.name}: {result.verdict()}")
    click.echo(f"  pages: {result.pages['index']}")
    sys.exit(result.exit_code)


def _watch(folder: Path, module: Path | None, folders: tuple[Path, ...], interval: float, settle: float,
           allow_mismatch: bool) -> None:
    from ..desk.check import check_log
    from ..desk.watch import watch

    def handle(path: Path) -> None:
        try:
            result = check_log(path, module, folders, allow_mismatch=allow_mismatch)
        except BadInput as err:
            click.echo(f"{path.name}: bad input: {err}", err=True)
            return
        click.echo(f"{path.name}: {result.verdict()}  ({result.pages['index']})")

    try:
        watch(folder, handle, interval, settle,
              started=lambda: click.echo(f"watching {folder} for new logs (Ctrl-C to stop)"))
    except KeyboardInterrupt:
        click.echo("stopped")
