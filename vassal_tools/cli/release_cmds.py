"""A maintainer's release verbs: ``diff``, ``patch``, ``refresh``, ``orphans``, ``lint``.

Each calls :mod:`vassal_tools.release` and prints its result; the library does the work.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TypedDict

import click

from . import main


class _PathOptions(TypedDict):
    dir_okay: bool
    path_type: type


_FILE = _PathOptions(dir_okay=False, path_type=Path)
_ALLOW = click.option("--allow-mismatch", is_flag=True,
                      help="Go on even if --module is not a version of the module the game was played with "
                           "(its name or maps differ); the report then starts with a warning.")


def _json(data) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


@main.command("diff")
@click.argument("old", type=click.Path(**_FILE))
@click.argument("new", type=click.Path(**_FILE))
@click.option("--json", "as_json", is_flag=True, help="Print the release notes as JSON.")
@click.option("--html", "as_html", is_flag=True, help="Write an HTML page with old and new images side by side.")
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path), help="Folder for --html.")
def diff_cmd(old: Path, new: Path, as_json: bool, as_html: bool, output: Path | None) -> None:
    """Release notes: what changed from module OLD to module NEW (pieces, traits, properties,
    prototypes, maps, boards, grids, at-start stacks, global properties, images, files).
    Exit 0 when equal, 1 when different."""
    from ..errors import BadInput
    from ..release.diff import diff_modules
    from ..release.text import diff_text

    if as_html and output is None:
        raise BadInput(None, "--html needs -o DIR: the folder to write the release notes into")
    if as_json and as_html:
        raise BadInput(None, "give --json or --html, not both")
    diff = diff_modules(old, new)
    if as_html:
        from ..release.html import write_html

        page = write_html(diff, output)
        click.echo(f"wrote {page}")
    elif as_json:
        _json(diff.report)
    else:
        click.echo(diff_text(diff.report))
    sys.exit(0 if diff.equal else 1)


@main.command("patch")
@click.argument("module", type=click.Path(**_FILE))
@click.argument("errata", type=click.Path(**_FILE))
@click.option("-o", "--output", required=True, type=click.Path(**_FILE), help="The new module to write.")
@click.option("--set-version", "version", help="Give the new module this version (buildFile and moduledata).")
@click.option("--json", "as_json", is_flag=True, help="Print what was changed as JSON.")
def patch_cmd(module: Path, errata: Path, output: Path, version: str | None, as_json: bool) -> None:
    """Apply ERRATA.toml (pieces, prototypes, images; see docs/errata-format.md) to MODULE,
    writing a new module; everything else stays byte-identical."""
    from ..release.patch import patch_module
    from ..release.text import patch_text

    result = patch_module(module, errata, output, module_version=version).to_json()
    if as_json:
        _json(result)
    else:
        click.echo(patch_text(result))


@main.command("refresh")
@click.argument("game", type=click.Path(**_FILE))
@click.option("--module", "module", required=True, type=click.Path(**_FILE), help="The new module version.")
@click.option("-o", "--output", required=True, type=click.Path(**_FILE), help="The refreshed save or log to write.")
@click.option("--old-module", type=click.Path(**_FILE),
              help="The module the game was played with: keeps Marker values the game changed and lets "
                   "Dynamic Property values the game never changed take the new module's.")
@click.option("--no-name-match", is_flag=True, help="Match pieces by gpid only, never by name.")
@click.option("--add-missing", is_flag=True,
              help="Create the at-start stack pieces and deck cards of the module the game lacks (VASSAL #12927); "
                   "without it they are only listed.")
@click.option("--only-whole", is_flag=True,
              help="With --add-missing: only stacks and decks the game has none of (never re-create a piece "
                   "the game removed from a stack or deck it still has).")
@_ALLOW
@click.option("--json", "as_json", is_flag=True, help="Print the per-piece report as JSON.")
def refresh_cmd(game: Path, module: Path, output: Path, old_module: Path | None, no_name_match: bool,
                add_missing: bool, only_whole: bool, allow_mismatch: bool, as_json: bool) -> None:
    """Refresh the pieces of a save or log (GAME) with their definitions in the new module,
    keeping position, stack order and state, and its decks' settings with the module's
    DrawPiles; unmatched pieces are kept and listed, missing ones listed or added."""
    from ..errors import BadInput
    from ..release.refresh import refresh_game
    from ..release.text import refresh_text

    if only_whole and not add_missing:
        raise BadInput(None, "--only-whole narrows --add-missing: give both, or neither")
    result = refresh_game(game, module, output, by_name=not no_name_match, old_module=old_module,
                          add_missing=add_missing, whole_only=only_whole, allow_mismatch=allow_mismatch).to_json()
    if as_json:
        _json(result)
    else:
        click.echo(refresh_text(result))


@main.command("orphans")
@click.argument("game", type=click.Path(**_FILE))
@click.option("--module", "module", required=True, type=click.Path(**_FILE), help="The module to match against.")
@click.option("--no-name-match", is_flag=True, help="Match pieces by gpid only, never by name.")
@_ALLOW
@click.option("--json", "as_json", is_flag=True, help="Print the pieces as JSON.")
def orphans_cmd(game: Path, module: Path, no_name_match: bool, allow_mismatch: bool, as_json: bool) -> None:
    """List the pieces of GAME that match no definition of MODULE by gpid or name: exactly the
    ones a refresh would keep as they are. Exit 0 when there are none, 1 when there are."""
    from ..release.refresh import orphans
    from ..release.text import orphans_text

    pieces = [p.to_json() for p in orphans(game, module, by_name=not no_name_match, allow_mismatch=allow_mismatch)]
    if as_json:
        _json(pieces)
    else:
        click.echo(orphans_text(str(game), str(module), pieces))
    sys.exit(1 if pieces else 0)


@main.command("lint")
@click.argument("module", type=click.Path(**_FILE))
@click.option("--module", "base", type=click.Path(**_FILE),
              help="For an extension: the module it extends, whose prototypes and images it may use.")
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
def lint_cmd(module: Path, base: Path | None, as_json: bool) -> None:
    """Check MODULE (or an extension): missing and unused images, gpids, prototypes, at-start
    stacks, grids, names, hotkey clashes and VASSAL's own validation. Exit 1 when there are
    errors or warnings."""
    from ..release.lint import lint_module
    from ..release.text import lint_text

    findings = [f.to_json() for f in lint_module(module, base)]
    if as_json:
        _json(findings)
    else:
        click.echo(lint_text(str(module), findings))
    sys.exit(1 if any(f["severity"] in ("error", "warning") for f in findings) else 0)


@main.command("errata")
@click.argument("errata", type=click.Path(**_FILE))
@click.option("--game", "game_dir", required=True, type=click.Path(file_okay=False, exists=True, path_type=Path),
              help="The game's data folder (module_src/<game>).")
@click.option("-o", "--output", "outdir", type=click.Path(file_okay=False, path_type=Path),
              help="Then build the new module into this folder (only the counters the errata touch are redrawn).")
@click.option("--cache", type=click.Path(file_okay=False, path_type=Path), help="The build's art cache.")
@click.option("--dry-run", is_flag=True, help="Show what would change; write nothing.")
@click.option("--json", "as_json", is_flag=True, help="Print the changes as JSON.")
def errata_cmd(errata: Path, game_dir: Path, outdir: Path | None, cache: Path | None, dry_run: bool,
               as_json: bool) -> None:
    """Apply ERRATA.toml's unit, unit type, hex and zone entries to the game data in GAME_DIR: only
    the named cells change, the module version is bumped and CHANGELOG.md gets a section."""
    from ..builder.game import build_game
    from ..games.folders import check_game_folder
    from ..release.dataerrata import errata_text, plan_data_errata
    from ..release.errata import read_errata

    result = plan_data_errata(read_errata(errata), game_dir)
    if not dry_run:
        result.write(check=check_game_folder)
    if as_json:
        _json(result.to_json())
    else:
        click.echo(errata_text(result, written=not dry_run))
    if outdir is not None and not dry_run:
        click.echo(str(build_game(game_dir, outdir, cache=cache)))
