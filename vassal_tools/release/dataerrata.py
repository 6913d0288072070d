"""Apply an errata file's data entries to a game kept as data (``vassal-tools errata``).

An entry names a unit (units.csv ``id``), a unit type (units.csv ``type``: every unit
of it), a hex (hexes.csv ``hex``) or a zone (zones.csv ``name``), and the columns to
set (docs/errata-format.md). Applying the file:

* changes exactly the asked-for cells: every other byte of each CSV stays as it was
  (the cell is spliced into its line, quoted only when CSV needs it);
* bumps the module version (``version`` in game.toml: the file's ``module_version``,
  else the last number of the current one plus one);
* appends a section to the game's ``CHANGELOG.md`` for people: each change with its
  old and new value and its citation, and the ``[[note]]`` errata that change only
  the rules' text;
* writes nothing until everything is checked: the whole file is worked out in memory,
  ``check`` (the game loader, given by the caller) reads a copy of the new data, and
  only then is each file replaced atomically.

A cell already holding the asked-for value is reported as such, not changed. The
counters a later ``build`` redraws are those of the changed units: the builder's art
cache redraws a counter only when its data changed.
"""

from __future__ import annotations

import csv
import io
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import BadInput
from ..formats.archive import atomic_write
from .errata import Entry, Errata

#: Which file and key column each data kind edits.
TABLES = {"unit": ("units.csv", "id"), "unit_type": ("units.csv", "type"), "hex": ("hexes.csv", "hex"),
          "zone": ("zones.csv", "name")}
GAME_FILE = "game.toml"
CHANGELOG = "CHANGELOG.md"
DEFAULT_VERSION = "0.1"  # what the builder calls a game.toml without a version
_VERSION_LINE = re.compile(r'^version\s*=\s*"([^"]*)"\s*$', re.M)


@dataclass
class CellChange:
    entry: Entry
    file: str
    row: int  # spreadsheet row: the header is row 1
    key: str  # the row's key value (unit id, hex, zone name)
    column: str
    old: str
    new: str

    def to_json(self) -> dict[str, Any]:
        return {"entry": self.entry.number, "cite": self.entry.cite, "file": self.file, "row": self.row,
                "key": self.key, "column": self.column, "old": self.old, "new": self.new}


@dataclass
class DataErrata:
    """What applying an errata file to a game folder does (nothing is written until :meth:`write`)."""

    game_dir: Path
    errata: Errata
    changes: list[CellChange] = field(default_factory=list)
    unchanged: list[CellChange] = field(default_factory=list)  # cells that already held the value
    old_version: str = DEFAULT_VERSION
    new_version: str = DEFAULT_VERSION
    files: dict[str, bytes] = field(default_factory=dict)  # file name -> new bytes

    @property
    def units(self) -> list[str]:
        """The units whose counters change (their art is redrawn by the next build)."""
        return list(dict.fromkeys(c.key for c in self.changes if c.file == "units.csv"))

    def to_json(self) -> dict[str, Any]:
        return {"game": str(self.game_dir), "errata": self.errata.source,
                "version": {"old": self.old_version, "new": self.new_version},
                "changes": [c.to_json() for c in self.changes],
                "already_so": [c.to_json() for c in self.unchanged],
                "notes": [{"cite": n.cite, "note": n.note} for n in self.errata.notes],
                "counters": self.units, "files": sorted(self.files)}

    def write(self, check: Callable[[Path], object] | None = None) -> None:
        """Check a copy of the new data with ``check`` (it raises BadInput), then replace each file atomically."""
        if check is not None:
            with tempfile.TemporaryDirectory() as tmp:
                copy = Path(tmp) / self.game_dir.name
                shutil.copytree(self.game_dir, copy, symlinks=True)
                for name, data in self.files.items():
                    (copy / name).write_bytes(data)
                try:
                    check(copy)
                except BadInput as err:
                    fault = str(err).replace(str(copy), str(self.game_dir))  # name the real folder
                    raise BadInput(self.errata.source, f"the errata would make the game data invalid: {fault}") \
                        from None
        for name, data in self.files.items():
            atomic_write(self.game_dir / name, data)


def plan_data_errata(errata: Errata, game_dir: str | os.PathLike) -> DataErrata:
    """Work out every change of the errata's data entries to ``game_dir``; BadInput for any entry at fault."""
    game_dir = Path(game_dir)
    if not (game_dir / GAME_FILE).is_file():
        raise BadInput(game_dir, f"not a game folder: it has no {GAME_FILE}")
    for entry in errata.entries:
        if not entry.is_data:
            raise BadInput(errata.source, f"a {entry.target.kind!r} entry changes a module's pieces; errata changes a "
                           "game kept as data (use 'vassal-tools patch' for a module)", entry.label)
    result = DataErrata(game_dir, errata)
    tables: dict[str, _Table] = {}
    for entry in errata.entries:
        file, key_column = TABLES[entry.target.kind]
        table = tables.get(file) or tables.setdefault(file, _Table.read(game_dir / file))
        rows = table.rows_where(key_column, entry.target.name or "")
        if not rows:
            raise BadInput(errata.source, f"no row of {file} has {key_column} {entry.target.name!r}", entry.label)
        for column, value in entry.set.items():
            if column not in table.header:
                raise BadInput(errata.source, f"{file} has no column {column!r}", entry.label)
            if column == key_column:
                raise BadInput(errata.source, f"{column!r} names the row; an erratum does not change it", entry.label)
            text = _cell_text(value)
            for row in rows:
                old = table.cell(row, column)
                change = CellChange(entry, file, row + 2, table.cell(row, table.header[0]), column, old, text)
                if old == text:
                    result.unchanged.append(change)
                else:
                    table.set_cell(row, column, text)
                    result.changes.append(change)
    for file, table in tables.items():
        if table.changed:
            result.files[file] = table.to_bytes()
    game_toml = (game_dir / GAME_FILE).read_bytes()
    result.old_version = _version(game_toml)
    result.new_version = errata.module_version or _next_version(result.old_version)
    result.files[GAME_FILE] = _with_version(game_toml, result.new_version)
    changelog = game_dir / CHANGELOG
    before = changelog.read_bytes() if changelog.exists() else b"# Changelog\n"
    if not before.endswith(b"\n"):
        before += b"\n"
    result.files[CHANGELOG] = before + changelog_section(result).encode("utf-8")
    return result


def changelog_section(result: DataErrata) -> str:
    """The changelog's new section: the version, the errata's source, each change and note with its citation."""
    errata = result.errata
    lines = ["", f"## {result.new_version}" + (f": {errata.title}" if errata.title else ""), ""]
    if errata.publication:
        lines += [f"From {errata.publication}.", ""]
    for entry in errata.entries:
        mine = [c for c in result.changes if c.entry is entry]
        kept = [c for c in result.unchanged if c.entry is entry]
        what = entry.note or f"{entry.target}"
        lines.append(f"- {what} ({entry.cite})")
        for change in mine:
            lines.append(f"  - {change.file} {change.key}: {change.column} {change.old or '(empty)'} -> "
                         f"{change.new or '(empty)'}")
        if kept and not mine:
            lines.append("  - the data already had it")
    for note in errata.notes:
        lines.append(f"- Rules text only, no data changed: {note.note} ({note.cite})")
    return "\n".join(lines) + "\n"


# -- CSV cells ----------------------------------------------------------------------------------


class _Table:
    """A CSV file as lines, each row's cells as their raw text, so one cell changes and no other byte."""

    def __init__(self, path: Path, lines: list[str], header: list[str], cells: list[list[str]], rows: list[list[str]]):
        self.path = path
        self.lines = lines  # header line first, each with its line ending
        self.header = header
        self.raw = cells  # raw cell texts of each data line
        self.values = rows  # decoded values of each data line
        self.changed = False

    @classmethod
    def read(cls, path: Path) -> _Table:
        try:
            text = path.read_bytes().decode("utf-8")
        except FileNotFoundError:
            raise BadInput(path, "no such file") from None
        except UnicodeDecodeError as err:
            raise BadInput(path, f"not UTF-8 text (byte {err.start})") from None
        lines = text.splitlines(keepends=True)
        if not lines:
            raise BadInput(path, "empty: no header row")
        header = next(csv.reader([lines[0]]))
        cells, rows = [], []
        for number, line in enumerate(lines[1:], 2):
            raw = _split_cells(line.rstrip("\r\n"))
            values = next(csv.reader([line]), [])
            if raw is None or [_decode(c) for c in raw] != values:
                raise BadInput(path, "a row spans lines or its quoting is unusual: edit it by hand", f"row {number}")
            cells.append(raw)
            rows.append(values)
        return cls(path, lines, header, cells, rows)

    def rows_where(self, column: str, value: str) -> list[int]:
        index = self.header.index(column)
        return [i for i, row in enumerate(self.values) if index < len(row) and row[index] == value]

    def cell(self, row: int, column: str) -> str:
        values = self.values[row]
        index = self.header.index(column)
        return values[index] if index < len(values) else ""

    def set_cell(self, row: int, column: str, text: str) -> None:
        index = self.header.index(column)
        raw, values = self.raw[row], self.values[row]
        while len(raw) <= index:  # a short row gets empty cells up to the column
            raw.append("")
            values.append("")
        raw[index], values[index] = _encode(text), text
        line = self.lines[row + 1]
        ending = line[len(line.rstrip("\r\n")):]
        self.lines[row + 1] = ",".join(raw) + ending
        self.changed = True

    def to_bytes(self) -> bytes:
        return "".join(self.lines).encode("utf-8")


def _split_cells(line: str) -> list[str] | None:
    """The raw text of each cell of one CSV line (quotes kept); None for an unterminated quote."""
    cells, start, quoted = [], 0, False
    for i, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == "," and not quoted:
            cells.append(line[start:i])
            start = i + 1
    if quoted:
        return None
    cells.append(line[start:])
    return cells


def _decode(raw: str) -> str:
    return next(csv.reader([raw]), [""])[0] if raw else ""


def _encode(text: str) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow([text])
    return out.getvalue()


def _cell_text(value: Any) -> str:
    """An errata value as the data writes it: booleans yes/no, numbers as written."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


# -- the version ---------------------------------------------------------------------------------


def _top_level(text: str) -> int:
    """Where game.toml's first table starts: the top-level keys are before it."""
    first_table = re.search(r"^\[", text, re.M)
    return len(text) if first_table is None else first_table.start()


def _version(game_toml: bytes) -> str:
    text = game_toml.decode("utf-8")
    found = _VERSION_LINE.search(text, 0, _top_level(text))
    return found.group(1) if found else DEFAULT_VERSION


def _next_version(version: str) -> str:
    """``1.2`` -> ``1.3``, ``0.1`` -> ``0.2``; a version ending in no number gets ``.1``."""
    found = re.search(r"(\d+)(\D*)$", version)
    if found is None:
        return version + ".1"
    return version[:found.start(1)] + str(int(found.group(1)) + 1) + found.group(2)


def _with_version(game_toml: bytes, version: str) -> bytes:
    """game.toml with its top-level ``version`` set: that line replaced, or one added after ``title``."""
    text = game_toml.decode("utf-8")
    top = _top_level(text)
    line = f'version = "{version}"'
    found = _VERSION_LINE.search(text, 0, top)
    if found is not None:
        return (text[:found.start()] + line + text[found.end():]).encode("utf-8")
    title = re.compile(r"^title\s*=.*$", re.M).search(text, 0, top)
    if title is not None:
        return (text[:title.end()] + "\n" + line + text[title.end():]).encode("utf-8")
    return (line + "\n" + text).encode("utf-8")


def errata_text(result: DataErrata, written: bool) -> str:
    """What ``vassal-tools errata`` prints: each change, what was already so, the notes, the files."""
    lines = [f"{result.game_dir}: version {result.old_version} -> {result.new_version}"]
    for change in result.changes:
        lines.append(f"  {change.file} row {change.row} {change.key}: {change.column} {change.old or '(empty)'!s} -> "
                     f"{change.new or '(empty)'} ({change.entry.cite})")
    for change in result.unchanged:
        lines.append(f"  already so: {change.file} row {change.row} {change.key}: {change.column} = {change.new} "
                     f"({change.entry.cite})")
    for note in result.errata.notes:
        lines.append(f"  note, rules text only: {note.cite}")
    if result.units:
        lines.append(f"  counters to redraw: {', '.join(result.units)}")
    verb = "wrote" if written else "would write"
    lines.append(f"  {verb}: {', '.join(sorted(result.files))}")
    return "\n".join(lines)
