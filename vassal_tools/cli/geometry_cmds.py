"""``vassal-tools locate`` and ``vassal-tools grid``: a module's grids, point by point or drawn."""

from __future__ import annotations

import io
import json
from pathlib import Path

import click

from ..errors import BadInput
from ..formats.archive import atomic_write
from ..formats.files import Module, open_file
from ..geometry.from_module import ModuleGeometry, board_layouts
from ..geometry.maps import Location
from . import main

JAVA_INT_MIN, JAVA_INT_MAX = -(2**31), 2**31 - 1


def open_geometry(module_path: Path, game_path: Path | None) -> ModuleGeometry:
    """The module's geometry, with the board layout of a save or log when one is given."""
    module = open_file(module_path)
    if not isinstance(module, Module):
        raise BadInput(module_path, f"is a {module.kind}, not a module")
    layouts = {}
    if game_path is not None:
        game = open_file(game_path)
        stream = getattr(game, "stream", None)
        if stream is None:
            raise BadInput(game_path, f"is a {game.kind}, not a saved game or log")
        layouts = board_layouts(stream)
    return ModuleGeometry(module, layouts)


def parse_point(text: str, source: str, where: str) -> tuple[int, int]:
    """``x,y`` in map pixels (Java ints) -> a point; BadInput naming the place otherwise."""
    parts = text.strip().split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = int(parts[0]), int(parts[1])
    except ValueError:
        raise BadInput(source, f"{text.strip()!r} is not a point 'x,y' in whole pixels", where) from None
    if not (JAVA_INT_MIN <= x <= JAVA_INT_MAX and JAVA_INT_MIN <= y <= JAVA_INT_MAX):
        raise BadInput(source, f"{text.strip()!r} is outside the range of a Java int", where)
    return x, y


def read_points(path: Path) -> list[tuple[int, int]]:
    """One ``x,y`` per line; blank lines and ``#`` comments are skipped."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise BadInput(path, f"cannot read: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise BadInput(path, "is not UTF-8 text") from None
    points = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0]
        if line.strip():
            points.append(parse_point(line, str(path), f"line {number}"))
    return points


def location_lines(points, locations: list[Location]) -> list[str]:
    """``x,y<TAB>board<TAB>name<TAB>snap_x,snap_y``; ``-`` for no board."""
    return [
        f"{x},{y}\t{loc.board if loc.board is not None else '-'}\t{loc.name}\t{loc.snapped[0]},{loc.snapped[1]}"
        for (x, y), loc in zip(points, locations)
    ]


def location_json(points, locations: list[Location]) -> list[dict]:
    return [
        {"x": x, "y": y, "board": loc.board, "location": loc.name, "snap_x": loc.snapped[0], "snap_y": loc.snapped[1]}
        for (x, y), loc in zip(points, locations)
    ]


# Points like "-5,-20" look like options to click: let them through as arguments.
@main.command("locate", context_settings={"ignore_unknown_options": True})
@click.argument("module", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("xy", nargs=-1)
@click.option("--map", "map_name", required=True, help="The map's name (mapName in the buildFile).")
@click.option("--points", "points_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A file of points, one 'x,y' per line (map coordinates).")
@click.option("--game", "game_path", type=click.Path(dir_okay=False, path_type=Path),
              help="A saved game or log whose board layout to use.")
@click.option("--json", "as_json", is_flag=True, help="A JSON list of objects instead of lines.")
def locate_cmd(module: Path, xy: tuple[str, ...], map_name: str, points_file: Path | None,
               game_path: Path | None, as_json: bool) -> None:
    """Name map points X,Y of MODULE's map as VASSAL does: board, location, snapped point."""
    points = [parse_point(text, "command line", f"point {i + 1}") for i, text in enumerate(xy)]
    if points_file is not None:
        points.extend(read_points(points_file))
    if not points:
        raise click.UsageError("give points as X,Y arguments or with --points FILE")
    geometry = open_geometry(module, game_path)
    game_map = geometry.map(map_name)
    locations = game_map.locate_many(points)
    _warn(geometry.warnings)
    if as_json:
        click.echo(json.dumps(location_json(points, locations), ensure_ascii=False))
    else:
        click.echo("\n".join(location_lines(points, locations)))


def _warn(warnings) -> None:
    """What VASSAL accepts but a maintainer should fix (a zone of two points...), on stderr."""
    for warning in warnings:
        click.echo(f"vassal-tools: warning: {warning}", err=True)


@main.command("grid")
@click.argument("module", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--map", "map_name", required=True, help="The map's name (mapName in the buildFile).")
@click.option("--board", "board_name", help="Draw only this board, in its own pixels.")
@click.option("--game", "game_path", type=click.Path(dir_okay=False, path_type=Path),
              help="A saved game or log whose board layout to use.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The PNG file to write.")
def grid_cmd(module: Path, map_name: str, board_name: str | None, game_path: Path | None, output: Path) -> None:
    """Draw MODULE's map (or one board) with its grid, zones, regions and every location name."""
    from ..geometry.overlay import draw_map  # Pillow drawing only when asked for

    geometry = open_geometry(module, game_path)
    game_map = geometry.map(map_name)
    try:
        image = draw_map(game_map, geometry.module.image_bytes, board_name)
    except ValueError as err:
        raise BadInput(module, str(err), f"map {map_name!r}") from None
    _warn(geometry.warnings)
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, "PNG")
    atomic_write(output, buffer.getvalue(), protect=module)
    click.echo(f"{output}: {image.size[0]}x{image.size[1]} px, map {map_name!r}"
               + (f", board {board_name!r}" if board_name else f", {len(game_map.boards)} board(s)"))
