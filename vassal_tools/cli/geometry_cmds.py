"""``vassal-tools locate`` and ``vassal-tools grid``: a module's grids, point by point or drawn."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..formats.archive import atomic_write
from ..geometry.points import (
    grid_png,
    location_json,
    location_lines,
    lonlat_points,
    open_geometry,
    parse_lonlat,
    parse_point,
    read_points,
)
from . import main


# Points like "-5,-20" look like options to click: let them through as arguments.
@main.command("locate", context_settings={"ignore_unknown_options": True})
@click.argument("module", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("xy", nargs=-1)
@click.option("--map", "map_name", required=True, help="The map's name (mapName in the buildFile).")
@click.option("--points", "points_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A file of points, one 'x,y' per line (map coordinates).")
@click.option("--lonlat", "positions", multiple=True, metavar="LAT,LON",
              help="A real position in degrees (north, east): the location there, on a map drawn from "
                   "real geography. May be given several times.")
@click.option("--game", "game_path", type=click.Path(dir_okay=False, path_type=Path),
              help="A saved game or log whose board layout to use.")
@click.option("--allow-mismatch", is_flag=True,
              help="Use --game even if it was not played with MODULE (a warning comes first).")
@click.option("--json", "as_json", is_flag=True, help="A JSON list of objects instead of lines.")
def locate_cmd(module: Path, xy: tuple[str, ...], map_name: str, points_file: Path | None,
               positions: tuple[str, ...], game_path: Path | None, allow_mismatch: bool, as_json: bool) -> None:
    """Name map points X,Y (or real positions, --lonlat) of MODULE's map as VASSAL does:
    board, location, snapped point."""
    points = [parse_point(text, "command line", f"point {i + 1}") for i, text in enumerate(xy)]
    if points_file is not None:
        points.extend(read_points(points_file))
    real = [parse_lonlat(text, "command line", f"--lonlat {i + 1}") for i, text in enumerate(positions)]
    if not points and not real:
        raise click.UsageError("give points as X,Y arguments, with --points FILE or with --lonlat LAT,LON")
    geometry = open_geometry(module, game_path, allow_mismatch=allow_mismatch)
    if real:
        points.extend(lonlat_points(geometry, map_name, real, str(module)))
    locations = geometry.map(map_name).locate_many(points)
    _warn(geometry.warnings)
    if as_json:
        click.echo(json.dumps(location_json(points, locations), ensure_ascii=False))
    else:
        click.echo("\n".join(location_lines(points, locations)))


def _warn(warnings) -> None:
    """What VASSAL accepts but a maintainer should fix (a zone of two points...), on stderr."""
    for warning in warnings:
        said = "" if warning.startswith(("WARNING:", "note:")) else "warning: "
        click.echo(f"vassal-tools: {said}{warning}", err=True)


@main.command("grid")
@click.argument("module", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--map", "map_name", required=True, help="The map's name (mapName in the buildFile).")
@click.option("--board", "board_name", help="Draw only this board, in its own pixels.")
@click.option("--game", "game_path", type=click.Path(dir_okay=False, path_type=Path),
              help="A saved game or log whose board layout to use.")
@click.option("--allow-mismatch", is_flag=True,
              help="Use --game even if it was not played with MODULE (a warning comes first).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The PNG file to write.")
def grid_cmd(module: Path, map_name: str, board_name: str | None, game_path: Path | None, allow_mismatch: bool,
             output: Path) -> None:
    """Draw MODULE's map (or one board) with its grid, zones, regions and every location name."""
    geometry = open_geometry(module, game_path, allow_mismatch=allow_mismatch)
    png, (width, height) = grid_png(geometry, map_name, board_name)
    _warn(geometry.warnings)
    atomic_write(output, png, protect=(module, game_path))
    boards = f"board {board_name!r}" if board_name else f"{len(geometry.map(map_name).boards)} board(s)"
    click.echo(f"{output}: {width}x{height} px, map {map_name!r}, {boards}")
