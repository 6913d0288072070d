"""A hex grid definition kept as data: the HexGrid and HexGridNumbering attributes and the board size.

A game's source folder keeps its map grid as JSON (``operational_grid.json``): the
attributes exactly as a buildFile writes them (vassal-formats.md 2.3, 6.2-6.3) and
the size of the board they number, since a descending numbering counts from the
board's size. The module builder writes these attributes into the buildFile; the
map art draws the hexes with the grid they define.

Accepted shapes: ``{"grid": {...}, "numbering": {...}, "size": [w, h]}``, or with the
keys ``HexGrid``, ``HexGridNumbering`` and ``board: {"width", "height"}``. Values may
be JSON strings, numbers or booleans; other keys (sources, notes) are documentation.
A map numbered along slanted rows (VASSAL 3.8) keys its numbering by that element's
name, ``ObliqueHexGridNumbering``, and the module gets that element.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import BadInput
from .hexgrid import HexGrid
from .numbering import NUMBERING_CLASSES, HexGridNumbering

_GRID_KEYS = ("grid", "HexGrid", "hexgrid", "attributes")
# Key -> the numbering element it stands for (its VASSAL class's simple name).
_NUMBERING_KEYS = {"numbering": "HexGridNumbering", "HexGridNumbering": "HexGridNumbering",
                   "ObliqueHexGridNumbering": "ObliqueHexGridNumbering"}


@dataclass(frozen=True)
class HexGridDefinition:
    """HexGrid and HexGridNumbering attributes as VASSAL writes them, and the board size."""

    grid: dict[str, str]
    numbering: dict[str, str]
    size: tuple[int, int]
    numbering_element: str = "HexGridNumbering"  # the simple class name of the numbering element

    @property
    def numbering_class(self) -> type[HexGridNumbering]:
        found = NUMBERING_CLASSES[self.numbering_element]
        assert issubclass(found, HexGridNumbering)
        return found

    def hex_grid(self, defaults: Mapping[str, str] = {}, numbering_defaults: Mapping[str, str] = {}) -> HexGrid:
        """The grid these attributes define (``defaults`` fill what the file leaves out)."""
        return HexGrid.from_attributes({**defaults, **self.grid}, {**numbering_defaults, **self.numbering},
                                       size=self.size, numbering_class=self.numbering_class)


def read_grid_definition(path: str | Path) -> HexGridDefinition:
    """Read a grid definition file; BadInput naming the file and the fault."""
    path = Path(path)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BadInput(path, "file not found (a map's hex grid definition)") from None
    except (OSError, UnicodeDecodeError, ValueError) as err:
        raise BadInput(path, f"not readable JSON: {err}") from None
    return grid_definition(doc, str(path))


def grid_definition(doc: Any, source: str = "grid") -> HexGridDefinition:
    """A definition from already parsed JSON (see the module docstring for its shapes)."""
    if not isinstance(doc, Mapping):
        raise BadInput(source, "expected a JSON object with the HexGrid, its numbering and the board size")
    grid = _table(doc, source, _GRID_KEYS, "HexGrid")
    present = [key for key in _NUMBERING_KEYS if key in doc]
    if len(present) > 1:
        raise BadInput(source, f"two numberings ({', '.join(present)}): keep the one the map uses", present[1])
    numbering = _table(doc, source, tuple(_NUMBERING_KEYS), "HexGridNumbering")
    element = _NUMBERING_KEYS[present[0]]
    return HexGridDefinition(_strings(grid), _strings(numbering), _size(doc, source), element)


def _table(doc: Mapping[str, Any], source: str, keys: tuple[str, ...], what: str) -> Mapping[str, Any]:
    for key in keys:
        if key in doc:
            if not isinstance(doc[key], Mapping):
                raise BadInput(source, f"'{key}' must be an object of {what} attributes", key)
            return doc[key]
    raise BadInput(source, f"no '{keys[0]}' object of {what} attributes")


def _size(doc: Mapping[str, Any], source: str) -> tuple[int, int]:
    size = doc.get("size")
    board = doc.get("board")
    if size is None and isinstance(board, Mapping):
        size = board
    if isinstance(size, Mapping):
        size = [size.get("width"), size.get("height")]
    if isinstance(size, (list, tuple)) and len(size) == 2 and all(isinstance(v, int) and v > 0 for v in size):
        return size[0], size[1]
    raise BadInput(source, f"the board size must be a width and height in pixels, not {size!r}", "size")


def _strings(attrs: Mapping[str, Any]) -> dict[str, str]:
    """Attribute values as a buildFile writes them: booleans as true/false, numbers as text."""
    def text(value: Any) -> str:
        return ("true" if value else "false") if isinstance(value, bool) else str(value)

    return {str(k): text(v) for k, v in attrs.items()}
