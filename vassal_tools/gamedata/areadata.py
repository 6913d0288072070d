"""Reading an area game's data files: its CSV tables (each row citing its rulebook in ``source``)
and its board (``map.json``: a polygon per area, sea zone and box, in board pixels).

Shared by the area games (Kampen om Norge, Norway 1940); each game says what a valid ``source`` is.
Any fault raises :class:`~vassal_tools.errors.BadInput` naming file and row.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import BadInput
from ..geometry.projection import BoardGeography
from .areas import RailTrack, RealGround
from .geography import read_rails

Points = tuple[tuple[int, int], ...]
GROUPS = ("areas", "sea_zones", "boxes")  # map.json's polygons, by kind


def csv_rows(path: Path, columns: tuple[str, ...],
             source_fault: Callable[[str], str | None]) -> Iterable[tuple[str, dict[str, str]]]:
    """Each row of a CSV file with exactly these columns, with where it is (``row N``);
    ``source_fault`` says what is wrong with a row's ``source`` field, or None."""
    try:
        with path.open(encoding="utf-8", newline="") as stream:
            reader = csv.DictReader(stream)
            if tuple(reader.fieldnames or ()) != columns:
                raise BadInput(path, f"columns are {reader.fieldnames}, expected {list(columns)}", "row 1")
            for number, row in enumerate(reader, start=2):
                where = f"row {number}"
                if None in row or any(v is None for v in row.values()):
                    raise BadInput(path, "wrong number of fields", where)
                fault = source_fault(row["source"])
                if fault:
                    raise BadInput(path, fault, f"{where}, field 'source'")
                yield where, row
    except (OSError, UnicodeDecodeError) as err:
        raise BadInput(path, f"not a readable CSV file: {err}") from None


@dataclass(frozen=True)
class DrawnBoard:
    """map.json read: the board's name and size, a polygon per named place, impassable land."""

    name: str
    size: tuple[int, int]
    polygons: Mapping[str, Points]
    impassable: tuple[Points, ...]
    source: str
    doc: Mapping[str, Any]  # the whole file, for what a game adds (Kampen's outline)
    real: RealGround | None = None  # the real land, lakes and border, where map.json carries them


def polygon(path: Path, value: Any, where: str) -> Points:
    if not isinstance(value, list) or len(value) < 3:
        raise BadInput(path, "a polygon needs three or more [x, y] points", where)
    return tuple((int(x), int(y)) for x, y in value)


def read_board(path: Path, names: Iterable[str]) -> DrawnBoard:
    """The board of map.json; every name needs a polygon, and every polygon a name."""
    known = list(names)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise BadInput(path, f"not a readable JSON file: {err}") from None
    polygons: dict[str, Points] = {}
    for key in GROUPS:
        for name, value in doc.get(key, {}).items():
            if name not in known:
                raise BadInput(path, f"polygon of unknown area {name!r}", f"{key}.{name}")
            polygons[name] = polygon(path, value, f"{key}.{name}")
    missing = [name for name in known if name not in polygons]
    if missing:
        raise BadInput(path, f"no polygon for {', '.join(missing)}")
    board = doc["board"]
    return DrawnBoard(board["name"], (int(board["width"]), int(board["height"])), polygons,
                      tuple(polygon(path, p, f"impassable[{i}]") for i, p in enumerate(doc.get("impassable", []))),
                      doc.get("source", ""), doc, real_ground(path, doc))


def real_ground(path: Path, doc: Mapping[str, Any]) -> RealGround | None:
    """map.json's real geography (scripts/build_real_areas.py writes it); None for a drawn board."""
    if "land" not in doc:
        return None
    def rings(key: str, least: int) -> tuple[Points, ...]:
        found = []
        for i, value in enumerate(doc.get(key, [])):
            if not isinstance(value, list) or len(value) < least:
                raise BadInput(path, f"needs {least} or more [x, y] points", f"{key}[{i}]")
            found.append(tuple((int(x), int(y)) for x, y in value))
        return tuple(found)
    geography = doc.get("geography")
    if geography is not None and not isinstance(geography, dict):
        raise BadInput(path, "geography is not an object", "geography")
    return RealGround(rings("land", 3), rings("lakes", 3), rings("border", 2), geography,
                      rail_tracks(path.parent / "geo" / "rails.csv", geography))


def rail_tracks(path: Path, geography: Mapping[str, Any] | None) -> tuple[RailTrack, ...]:
    """The rail lines of ``geo/rails.csv`` beside map.json (none where it is absent), each station
    at the board pixel of its real position (map.json's projection)."""
    lines = read_rails(path)
    if not lines:
        return ()
    if geography is None:
        raise BadInput(path, "rail lines need map.json's geography (its projection) to be drawn")
    try:
        board = BoardGeography.from_json(dict(geography))
    except (KeyError, TypeError, ValueError) as err:
        raise BadInput(path.parent.parent / "map.json", f"geography is not readable: {err}", "geography") from None
    return tuple(RailTrack(line.name, line.source, tuple(t.name for t in line.stations),
                           tuple(board.pixel(t.lat, t.lon) for t in line.stations)) for line in lines)
