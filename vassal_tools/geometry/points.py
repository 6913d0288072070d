"""Map points as the user gives them (``x,y`` on the command line or in a file), the module's
geometry they are read against, and the located points as lines or JSON (``vassal-tools locate``),
and a drawn grid as PNG bytes (``vassal-tools grid``)."""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from typing import TypeVar

from ..errors import BadInput
from ..formats.kinds import open_game, open_module
from ..formats.match import require_match
from .from_module import ModuleGeometry, board_layouts
from .maps import Location
from .projection import ENTRY as GEOGRAPHY_ENTRY
from .projection import read_geography

N = TypeVar("N", int, float)
JAVA_INT_MIN, JAVA_INT_MAX = -(2**31), 2**31 - 1


def open_geometry(module_path: str | os.PathLike, game_path: str | os.PathLike | None = None, *,
                  allow_mismatch: bool = False) -> ModuleGeometry:
    """The module's geometry, with the board layout of a save or log when one is given: a game
    of this module (:mod:`..formats.match`), unless ``allow_mismatch``, which warns first."""
    module = open_module(module_path)
    if game_path is None:
        return ModuleGeometry(module, {})
    game = open_game(game_path)
    said = require_match(game, module, allow_mismatch)
    geometry = ModuleGeometry(module, board_layouts(game.stream))
    geometry.warnings[:0] = said
    return geometry


def lonlat_points(geometry: ModuleGeometry, map_name: str, positions: list[tuple[float, float]],
                  source: str) -> list[tuple[int, int]]:
    """Map points of real positions (lat, lon) on a map whose board the module drew from real
    geography (its ``geography.json``); BadInput where the module has none for that map."""
    archive = geometry.module.archive
    boards = read_geography(archive.read(GEOGRAPHY_ENTRY), source) if GEOGRAPHY_ENTRY in archive else {}
    placed = [(b, boards[b.board.name]) for b in geometry.map(map_name).boards if b.board.name in boards]
    if not placed:
        raise BadInput(source, f"map {map_name!r} was not drawn from real geography: the module has no "
                               f"{GEOGRAPHY_ENTRY} for its boards, so real positions cannot be placed on it")
    board, real = placed[0]
    points = []
    for lat, lon in positions:
        x, y = real.pixel(lat, lon)
        points.append((board.x + round(x), board.y + round(y)))
    return points


def _pair(text: str, number: Callable[[str], N], source: str, where: str, what: str) -> tuple[N, N]:
    """Two numbers separated by a comma; BadInput saying what was expected otherwise."""
    parts = text.strip().split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        return number(parts[0]), number(parts[1])
    except ValueError:
        raise BadInput(source, f"{text.strip()!r} is not {what}", where) from None


def parse_point(text: str, source: str, where: str) -> tuple[int, int]:
    """``x,y`` in map pixels (Java ints) -> a point; BadInput naming the place otherwise."""
    x, y = _pair(text, int, source, where, "a point 'x,y' in whole pixels")
    if not (JAVA_INT_MIN <= x <= JAVA_INT_MAX and JAVA_INT_MIN <= y <= JAVA_INT_MAX):
        raise BadInput(source, f"{text.strip()!r} is outside the range of a Java int", where)
    return x, y


def parse_lonlat(text: str, source: str, where: str) -> tuple[float, float]:
    """``LAT,LON`` in degrees (north and east positive) -> (lat, lon); BadInput otherwise."""
    lat, lon = _pair(text, float, source, where, "a position 'LAT,LON' in degrees")
    if not (-90 <= lat <= 90 and -180 <= lon <= 180):
        raise BadInput(source, f"{text.strip()!r} is no position on Earth (latitude -90..90, longitude -180..180)",
                       where)
    return lat, lon


def read_points(path: str | os.PathLike) -> list[tuple[int, int]]:
    """One ``x,y`` per line; blank lines and ``#`` comments are skipped."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
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




def grid_png(geometry: ModuleGeometry, map_name: str, board_name: str | None = None) -> tuple[bytes, tuple[int, int]]:
    """The map (or one board) drawn with its grids and names, as PNG bytes, and its size."""
    from .overlay import draw_map  # Pillow and shapely drawing only when asked for

    game_map = geometry.map(map_name)
    try:
        image = draw_map(game_map, geometry.module.image_bytes, board_name)
    except ValueError as err:
        raise BadInput(geometry.module.path, str(err), f"map {map_name!r}") from None
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, "PNG")
    return buffer.getvalue(), image.size
