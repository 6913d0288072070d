"""Reading the CSV tables: columns, typed cells, row-and-field error messages."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from ..errors import BadInput
from .sources import citations


def _text(value: str) -> str:
    return value


def parse_int(value: str) -> int | None:
    if value == "":
        return None
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"{value!r} is not a whole number") from None


def parse_bool(value: str) -> bool:
    if value in ("", "no"):
        return False
    if value == "yes":
        return True
    raise ValueError(f"{value!r} is not yes or no")


def _capacity(value: str) -> int | None:
    """A capacity: blank or 0 for none, a number, or ``unlimited`` (``None``)."""
    if value == "unlimited":
        return None
    number = parse_int(value)
    if number is not None and number < 0:
        raise ValueError(f"{value!r} is negative")
    return number or 0


def _words(value: str) -> tuple[str, ...]:
    return tuple(v.strip() for v in value.split("|") if v.strip())


@dataclass(frozen=True)
class Column:
    name: str
    parse: Callable[[str], Any] = _text
    required: bool = False
    attribute: str = ""  # the record field, when it differs from the column name


def _col(name: str, parse: Callable[[str], Any] = _text, required: bool = False, attribute: str = "") -> Column:
    return Column(name, parse, required, attribute or name)


_INT_UNIT_COLUMNS = (
    "steps", "points", "attack", "defense", "movement", "support", "armor", "naval_attack",
    "naval_defense", "aa", "gunfire", "sma", "oma", "air_combat", "air_support",
    "installation_bombing", "naval_bombing", "r_attack", "r_defense", "r_movement", "r_support",
    "r_naval_attack", "r_naval_defense", "r_aa", "r_gunfire", "r_sma", "r_oma", "r_air_combat",
)

UNIT_COLUMNS = (
    _col("id", required=True), _col("name", required=True), _col("side"), _col("nationality"),
    _col("formation"), _col("class", required=True, attribute="unit_class"), _col("type", required=True),
    _col("size"), _col("move_class"),
    *(_col(name, parse_int) for name in _INT_UNIT_COLUMNS),
    _col("torpedo", parse_bool), _col("night_bomber", parse_bool), _col("carrier", parse_bool), _col("seaplane", parse_bool),
    _col("back"), _col("reinforcement"), _col("withdrawal"), _col("vassal_only", parse_bool),
    _col("source", required=True), _col("note"),
)
HEX_COLUMNS = (
    _col("hex", required=True), _col("terrain", required=True), _col("coast", required=True),
    _col("lake", parse_bool), _col("border", parse_bool), _col("zone", required=True),
    _col("weather", required=True), _col("source", required=True),
)
HEXSIDE_COLUMNS = (
    _col("hex_a", required=True, attribute="a"), _col("hex_b", required=True, attribute="b"),
    _col("feature", required=True), _col("source", required=True), _col("note"),
)
PLACE_COLUMNS = (
    _col("name", required=True), _col("kind", required=True), _col("hex"), _col("zone"),
    _col("capacity", parse_int), _col("hexes"), _col("aliases", _words), _col("source", required=True), _col("note"),
)
ZONE_COLUMNS = (
    _col("name", required=True), _col("kind", required=True), _col("parent"), _col("label"),
    _col("operational_map", parse_bool), _col("flag"),
    _col("airbase_capacity", _capacity), _col("port_capacity", _capacity),
    _col("weather", required=True), _col("source", required=True), _col("note"),
)
ZONE_BORDER_COLUMNS = (
    _col("zone_a", required=True, attribute="a"), _col("zone_b", required=True, attribute="b"),
    _col("source", required=True), _col("note"),
)
BOX_COLUMNS = (
    _col("id", required=True), _col("name", required=True), _col("kind", required=True),
    _col("place"), _col("capacity", _capacity), _col("sections", _words),
    _col("source", required=True), _col("note"),
)


@dataclass(frozen=True)
class Row:
    """A parsed CSV row: its spreadsheet row number and its values by column name."""

    number: int
    values: dict[str, Any]

    def where(self, column: str) -> str:
        return f"row {self.number}, field '{column}'"


def csv_text(columns: list[str], rows: Iterable[dict[str, str]]) -> str:
    """A game folder's table as text: the header, then the rows, one line each ending in "\\n"
    (the tables are kept in git: the same rows always give the same bytes)."""
    table = io.StringIO()
    writer = csv.DictWriter(table, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return table.getvalue()


def read_csv(path: Path) -> list[dict[str, str]]:
    """Rows of a CSV file with a header as plain text, cells stripped; BadInput if unreadable.

    For readers that take a game folder's tables as they are (the art of a partial
    folder); :func:`read_table` parses and checks them.
    """
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            return [{k.strip(): (v or "").strip() for k, v in row.items() if k} for row in csv.DictReader(handle)]
    except FileNotFoundError:
        raise BadInput(path, "file not found") from None
    except (OSError, UnicodeDecodeError, csv.Error) as err:
        raise BadInput(path, f"not a readable CSV file: {err}") from None


def read_table(path: Path, columns: tuple[Column, ...]) -> list[Row]:
    """Rows of a CSV file, parsed by ``columns``; BadInput on any malformed field."""
    try:
        with path.open(newline="", encoding="utf-8") as stream:
            reader = csv.reader(stream)
            header = next(reader, None)
            if header is None:
                raise BadInput(path, "the file is empty; it needs a header row")
            header = [h.strip() for h in header]
            by_name = {c.name: c for c in columns}
            for name in header:
                if name not in by_name:
                    raise BadInput(path, f"unknown column {name!r}", "row 1")
            for column in columns:
                if column.required and column.name not in header:
                    raise BadInput(path, f"required column {column.name!r} is missing", "row 1")
            rows = []
            for number, cells in enumerate(reader, start=2):
                if not any(c.strip() for c in cells):
                    continue
                if len(cells) != len(header):
                    raise BadInput(path, f"{len(cells)} fields where the header has {len(header)}", f"row {number}")
                rows.append(_parse_row(path, number, header, cells, columns))
            return rows
    except (OSError, UnicodeDecodeError, csv.Error) as err:
        raise BadInput(path, f"cannot read: {err}") from None


def _parse_row(path: Path, number: int, header: list[str], cells: list[str], columns: tuple[Column, ...]) -> Row:
    raw = dict(zip(header, (c.strip() for c in cells)))
    values: dict[str, Any] = {}
    for column in columns:
        text = raw.get(column.name, "")
        where = f"row {number}, field '{column.name}'"
        if column.required and not text:
            raise BadInput(path, f"required field {column.name!r} is empty", where)
        try:
            values[column.name] = column.parse(text)
        except ValueError as err:
            raise BadInput(path, str(err), where) from None
    if "source" in values:
        try:
            citations(values["source"])
        except ValueError as err:
            raise BadInput(path, str(err), f"row {number}, field 'source'") from None
    return Row(number, values)


def rows_to_records(rows: list[Row], record: type, columns: tuple[Column, ...], extra: tuple[str, ...] = ()) -> list[Any]:
    """The rows as records; the game's own columns (``extra``, see :mod:`.extra`) in the record's ``extra``."""
    names = {f.name for f in fields(record)}
    attribute = {c.name: c.attribute for c in columns}
    out = []
    for row in rows:
        values = {attribute[k]: v for k, v in row.values.items() if k in attribute and attribute[k] in names}
        if extra:
            values["extra"] = {k: row.values[k] for k in extra if k in row.values}
        out.append(record(**values))
    return out


def unique(path: Path, rows: list[Row], key: Callable[[Row], Any], column: str, what: str) -> None:
    seen: dict[Any, int] = {}
    for row in rows:
        k = key(row)
        if k in seen:
            raise BadInput(path, f"duplicate {what} {k!r} (first in row {seen[k]})", row.where(column))
        seen[k] = row.number


def check_cell(path: Path, row: Row, column: str, ok: bool, what: str) -> None:
    if not ok:
        raise BadInput(path, what, row.where(column))


def one_of(path: Path, row: Row, column: str, allowed: Iterable[str], what: str) -> None:
    value = row.values[column]
    allowed = tuple(allowed)
    check_cell(path, row, column, value in allowed, f"unknown {what} {value!r}")


