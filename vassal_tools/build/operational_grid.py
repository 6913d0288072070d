"""The Operational Map's grid definition: ``operational_grid.json`` (written by the geometry work).

It holds the HexGrid and HexGridNumbering attributes VASSAL reads (vassal-formats.md
2.3, 6.2-6.3) and the size of the board they number: a descending numbering counts
from the board's size, so the hexes are named right only on a board of that size.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from ..errors import BadInput


@dataclass(frozen=True)
class HexGridDef:
    """A hex grid as attribute strings: HexGrid, HexGridNumbering, and the hex area size."""

    grid: dict[str, str]
    numbering: dict[str, str]
    size: tuple[int, int]


def read_grid_definition(path: Path) -> HexGridDef:
    """``operational_grid.json``: HexGrid and HexGridNumbering attributes and the hex area size.

    Both shapes the project uses are read: ``{"HexGrid": {...}, "HexGridNumbering":
    {...}, "board": {"width", "height"}}`` and ``{"grid", "numbering", "size": [w, h]}``.
    Values may be JSON strings, numbers or booleans; they are written as VASSAL
    writes attribute values. Other keys (sources, notes) are documentation.
    """
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BadInput(path, "file not found (the Operational Map's hex grid definition)") from None
    except (OSError, UnicodeDecodeError, ValueError) as err:
        raise BadInput(path, f"not readable JSON: {err}") from None
    if not isinstance(doc, dict):
        raise BadInput(path, "expected a JSON object with the HexGrid, its numbering and the board size")
    grid = _table(doc, path, "HexGrid", "grid")
    numbering = _table(doc, path, "HexGridNumbering", "numbering")
    return HexGridDef(_strings(grid), _strings(numbering), _size(doc, path))


def _table(doc: Mapping[str, Any], path: Path, *keys: str) -> Mapping[str, Any]:
    for key in keys:
        if key in doc:
            if not isinstance(doc[key], dict):
                raise BadInput(path, f"'{key}' must be an object of VASSAL attributes", key)
            return doc[key]
    raise BadInput(path, f"no '{keys[0]}' object of VASSAL attributes")


def _size(doc: Mapping[str, Any], path: Path) -> tuple[int, int]:
    board = doc.get("board")
    size = [board.get("width"), board.get("height")] if isinstance(board, dict) else doc.get("size")
    if not (isinstance(size, list) and len(size) == 2 and all(isinstance(v, int) and v > 0 for v in size)):
        raise BadInput(path, f"the board size must be a width and height in pixels, not {size!r}", "board")
    return size[0], size[1]


def _strings(attrs: Mapping[str, Any]) -> dict[str, str]:
    def text(value: Any) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    return {str(k): text(v) for k, v in attrs.items()}
