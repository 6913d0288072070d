"""Grid numberings: how a column and row index become a location name (vassal-formats.md 6.3, 6.4).

The grids compute the (column, row) index of a point; a numbering turns the pair
into text: each index is offset, written numerically with leading zeros or
alphabetically with doubled letters, joined by a separator in the configured order,
and placed in the location format. The reverse (:meth:`GridNumbering.parse`) reads
a name back into the index pair, as VASSAL's ``getLocation`` does.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Self

from ..errors import BadInput
from ..formats.formatted import Part, compile_format, only_slot, render
from ..formats.java import jdiv
from .attributes import Attributes

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# An alphabetic index repeats its letter n // 26 + 1 times; past this a name is
# megabytes long and comes only from a point absurdly far off the board.
MAX_ALPHA_REPEAT = 10_000

_SUPPLIED = frozenset({"gridLocation", "row", "column"})


def index_name(value: int, kind: str, leading: int) -> str:
    """One index as text (6.3.2): ``N`` pads to ``leading + 1`` digits, ``A`` doubles letters.

    >>> index_name(5, "N", 1), index_name(-5, "N", 1), index_name(27, "A", 0)
    ('05', '-05', 'BB')
    """
    sign = "-" if value < 0 else ""
    n = abs(value)
    if kind == "A":
        repeat = n // 26 + 1
        if repeat > MAX_ALPHA_REPEAT:
            raise BadInput(None, f"grid index {value} is too large to name alphabetically")
        return sign + _LETTERS[n % 26] * repeat
    # VASSAL tests n < 10**L, appends a zero and decrements L each time, so the
    # failing test also uses up one L; the net effect is padding to L + 1 digits.
    digits = str(n)
    return sign + digits.rjust(leading + 1, "0") if leading > 0 else sign + digits


def parse_index(text: str, kind: str) -> int:
    """The index a name part stands for: inverse of :func:`index_name` (offset not removed)."""
    sign = -1 if text.startswith("-") else 1
    body = text.lstrip("-")
    if kind == "A":
        return sign * ((len(body) - 1) * 26 + _LETTERS.index(body[0]))
    return sign * int(body)


class _NumberingCaches:
    # Set in GridNumbering.__post_init__; declared outside the dataclass so they are not fields.
    _parts: tuple[Part, ...]
    _slot: str | None
    _names: dict[tuple[str, int], str]


@dataclass(frozen=True)
class GridNumbering(_NumberingCaches):
    """Options shared by hex and square numberings; defaults are VASSAL's (6.3 table)."""

    first: str = "H"
    sep: str = ""
    h_type: str = "N"
    v_type: str = "N"
    h_leading: int = 1
    v_leading: int = 1
    h_off: int = 1
    v_off: int = 1
    h_descend: bool = False
    v_descend: bool = False
    location_format: str = "$gridLocation$"
    properties: Mapping[str, str] | None = field(default=None, compare=False, repr=False)

    # Attribute name -> (field, reader, default) shared by both numbering classes.
    @classmethod
    def _read_options(cls, a: Attributes) -> dict:
        return dict(
            first=a.letter("first", "H"),
            sep=a.text("sep", ""),
            h_type=a.letter("hType", "N"),
            v_type=a.letter("vType", "N"),
            h_leading=a.integer("hLeading", 1),
            v_leading=a.integer("vLeading", 1),
            h_off=a.integer("hOff", 1),
            v_off=a.integer("vOff", 1),
            h_descend=a.boolean("hDescend", False),
            v_descend=a.boolean("vDescend", False),
            location_format=a.text("locationFormat", "$gridLocation$"),
        )

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str] | None, source: str | None = None,
                        where: str = "", properties: Mapping[str, str] | None = None) -> Self:
        """Build from a buildFile numbering element's attribute strings."""
        a = Attributes(attrs, source, where)
        return cls(**cls._read_options(a), properties=properties)

    def __post_init__(self) -> None:
        # Caches live outside the frozen fields: compiled format and index names.
        parts = compile_format(self.location_format, _SUPPLIED, True, self.properties)
        object.__setattr__(self, "_parts", parts)
        object.__setattr__(self, "_slot", only_slot(parts))
        object.__setattr__(self, "_names", {})

    def column_name(self, column: int) -> str:
        return self._cached(column + self.h_off, self.h_type, self.h_leading, "h")

    def row_name(self, row: int) -> str:
        return self._cached(row + self.v_off, self.v_type, self.v_leading, "v")

    def _cached(self, value: int, kind: str, leading: int, axis: str) -> str:
        key = (axis, value)
        names = self._names
        name = names.get(key)
        if name is None:
            name = names[key] = index_name(value, kind, leading)
        return name

    def name(self, column: int, row: int) -> str:
        """The location name of a (column, row) index pair, before any grid offsets."""
        col_name = self.column_name(column)
        row_name = self.row_name(row)
        if self.first == "H":
            grid_location = col_name + self.sep + row_name
        else:
            grid_location = row_name + self.sep + col_name
        slot = self._slot
        if slot == "gridLocation":
            return grid_location
        values = {"gridLocation": grid_location, "row": row_name, "column": col_name}
        if slot is not None:
            return values[slot]
        return render(self._parts, values)

    # -- reverse: name -> index ------------------------------------------------------------

    def _index_pattern(self, kind: str, leading: int) -> str:
        if kind == "A":
            return "-?(?:" + "|".join(f"{c}+" for c in _LETTERS) + ")"
        return f"-?[0-9]{{{leading + 1},}}"

    def _name_regex(self) -> re.Pattern:
        cached = getattr(self, "_regex", None)
        if cached is not None:
            return cached
        col_pattern = self._index_pattern(self.h_type, self.h_leading)
        row_pattern = self._index_pattern(self.v_type, self.v_leading)

        def col(i: int) -> str:
            return f"(?P<c{i}>{col_pattern})"

        def row(i: int) -> str:
            return f"(?P<r{i}>{row_pattern})"

        pieces = []
        for i, part in enumerate(self._parts):
            if isinstance(part, str):
                pieces.append(re.escape(part))
            elif part[0] == "column":
                pieces.append(col(i))
            elif part[0] == "row":
                pieces.append(row(i))
            else:
                first, second = (col, row) if self.first == "H" else (row, col)
                pieces.append(first(i) + re.escape(self.sep) + second(i))
        regex = re.compile("".join(pieces))
        object.__setattr__(self, "_regex", regex)
        return regex

    def parse(self, name: str) -> tuple[int, int] | None:
        """The (column, row) index a location name stands for, or None if it is not one.

        Offsets are removed, so ``parse(name(c, r)) == (c, r)``. A format with no
        column or no row part cannot be reversed and gives None.
        """
        match = self._name_regex().fullmatch(name)
        if match is None:
            return None
        cols = {parse_index(v, self.h_type) for k, v in match.groupdict().items() if k[0] == "c"}
        rows = {parse_index(v, self.v_type) for k, v in match.groupdict().items() if k[0] == "r"}
        if len(cols) != 1 or len(rows) != 1:
            return None
        return cols.pop() - self.h_off, rows.pop() - self.v_off


@dataclass(frozen=True)
class SquareGridNumbering(GridNumbering):
    """SquareGridNumbering: the shared options, no stagger (6.4)."""


@dataclass(frozen=True)
class HexGridNumbering(GridNumbering):
    """HexGridNumbering: adds ``stagger`` (odd columns numbered one row on) (6.3)."""

    stagger: bool = True

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str] | None, source: str | None = None,
                        where: str = "", properties: Mapping[str, str] | None = None) -> HexGridNumbering:
        a = Attributes(attrs, source, where)
        return cls(**cls._read_options(a), stagger=a.boolean("stagger", True), properties=properties)

    def slant(self, column: int, row: int) -> int:
        """The row as named; plain hex numbering names the row as computed."""
        return row

    def unslant(self, column: int, row: int) -> int:
        return row


@dataclass(frozen=True)
class ObliqueHexGridNumbering(HexGridNumbering):
    """Rows slanted along a hex diagonal (6.3.5); ``stagger`` picks the slant direction."""

    def slant(self, column: int, row: int) -> int:
        if self.stagger:
            return jdiv(column, 2) + row
        return row - jdiv(column, 2) + 1

    def unslant(self, column: int, row: int) -> int:
        if self.stagger:
            return row - jdiv(column, 2)
        return row + jdiv(column, 2) - 1


# VASSAL's numbering classes by simple name; a buildFile element is named by the full name.
NUMBERING_CLASSES: dict[str, type[GridNumbering]] = {
    "HexGridNumbering": HexGridNumbering,
    "ObliqueHexGridNumbering": ObliqueHexGridNumbering,
    "SquareGridNumbering": SquareGridNumbering,
}
NUMBERING_PACKAGE = "VASSAL.build.module.map.boardPicker.board.mapgrid."


def numbering_class(element: str, default: type[GridNumbering]) -> tuple[type[GridNumbering], bool]:
    """The numbering class a buildFile element names, and whether it is VASSAL's own.

    VASSAL builds the class the element names: only ``...mapgrid.ObliqueHexGridNumbering``
    is its slanted numbering. A module's own class (``com.example.ObliqueHexGridNumbering``)
    is computed as VASSAL's class of the same simple name, or as DEFAULT, and reported.
    """
    simple = element.rsplit(".", 1)[-1]
    if element.startswith(NUMBERING_PACKAGE) and simple in NUMBERING_CLASSES:
        return NUMBERING_CLASSES[simple], True
    return NUMBERING_CLASSES.get(simple, default), False
