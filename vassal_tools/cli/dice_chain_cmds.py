"""``vassal-tools chain`` (does each log of a PBEM game start where the last one ended?) and
``vassal-tools dice`` (dice statistics per player and roll kind)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..errors import BadInput
from ..formats.archive import atomic_write, same_file
from . import main


def _refuse_inputs(output: Path, inputs: list[Path]) -> None:
    for path in inputs:
        if same_file(output, path):
            raise BadInput(output, "refusing to overwrite an input file (write elsewhere)")


@main.command("chain")
@click.argument("logs", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--module", "module", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The game's module: name places through its grids (and units, for a game with a rule pack).")
@click.option("--sort", "by_time", is_flag=True, help="Order the logs by the time in their metadata.")
@click.option("--json", "as_json", is_flag=True, help="The chain as JSON.")
@click.option("--html", "as_html", is_flag=True, help="The chain as one HTML page (with -o).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the report here (default: standard output).")
def chain_cmd(logs: tuple[Path, ...], module: Path | None, by_time: bool, as_json: bool, as_html: bool,
              output: Path | None) -> None:
    """Check that each of LOGS starts where the one before it ended.

    Reports every difference by piece and place, turns replayed from the same start (with both
    logs' dice), gaps and logs of another game. Exit code 0 when the chain is whole, 1 when it
    is not, 2 on bad input.
    """
    from ..games.play import build_chain
    from ..report.chain import chain_html, chain_json, chain_text

    if as_json and as_html:
        raise BadInput(None, "give --json or --html, not both")
    if as_html and output is None:
        raise BadInput(None, "--html writes a file: give -o FILE")
    inputs = list(logs) + ([module] if module else [])
    if output is not None:
        _refuse_inputs(output, inputs)
    chain = build_chain(logs, module, sort=by_time)
    text = chain_json(chain) if as_json else chain_html(chain) if as_html else chain_text(chain)
    if output is None:
        click.echo(text, nl=False)
    else:
        atomic_write(output, text.encode("utf-8"))
    sys.exit(0 if chain.whole else 1)


@main.command("dice")
@click.argument("logs", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="The statistics as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="One CSV row per player and roll kind.")
@click.option("--html", "as_html", is_flag=True, help="An HTML report with charts, written into -o DIR.")
@click.option("-o", "--output", type=click.Path(path_type=Path), default=None,
              help="With --html a folder (index.html is written in it); else a file (default: standard output).")
@click.option("--faces", default=None, metavar="LOW-HIGH",
              help="The die's faces (1-6, 0-9; at most 1000) instead of inferring them from the rolls.")
@click.option("--module", "module", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The game's module: each button's die (nSides, plus) instead of inferring it.")
@click.option("--db", type=click.Path(dir_okay=False, exists=True, path_type=Path), default=None,
              help="A league database (audit --db): the dice of every log it holds, besides LOGS.")
def dice_cmd(logs: tuple[str, ...], as_json: bool, as_csv: bool, as_html: bool, output: Path | None,
             faces: str | None, module: Path | None, db: Path | None) -> None:
    """Dice statistics of LOGS (files, folders or globs) per player and roll kind.

    Counts, face counts, mean against expectation, a chi-square test of uniformity with its
    p-value and a verdict in words, the longest streaks. Several logs add up; undone rolls are
    counted apart.
    """
    from ..desk.league import league_rolls
    from ..formats.paths import game_files
    from ..replay.chain import open_module
    from ..replay.logged_rolls import rolls_of_logs
    from ..report.dice_report import dice_csv, dice_json, dice_text, write_dice_html
    from ..report.dice_statistics import button_dice, dice_report, parse_die

    if sum((as_json, as_csv, as_html)) > 1:
        raise BadInput(None, "give one of --json, --csv, --html")
    if as_html and output is None:
        raise BadInput(None, "--html writes a folder: give -o DIR")
    if not logs and db is None:
        raise BadInput(None, "give the LOGS (files, folders or globs), or --db LEAGUE.sqlite")
    die = parse_die(faces) if faces is not None else None
    paths = game_files(logs)
    buttons = button_dice(open_module(module)) if module is not None else None
    rolls = league_rolls(db) if db is not None else []
    report = dice_report(rolls + rolls_of_logs(paths), list(dict.fromkeys(r.log for r in rolls)) + [str(p) for p in paths],
                         die, buttons)
    if as_html:
        assert output is not None
        click.echo(f"dice report: {write_dice_html(report, output, paths + ([module] if module else []))}")
        return
    text = dice_json(report) if as_json else dice_csv(report) if as_csv else dice_text(report)
    if output is None:
        click.echo(text, nl=False)
    else:
        _refuse_inputs(output, paths + ([module] if module else []))
        atomic_write(output, text.encode("utf-8"))
