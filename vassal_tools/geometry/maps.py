"""Maps: boards laid out by a board-picker layout, snapping and naming map points (7).

A map's boards come from a layout: the BoardPicker command of a save or log, the
``<setup>`` of the module's BoardPicker, or VASSAL's single-board rule (5.6). Each
board's position is the edge margin plus the widths of the boards to its left in
the same row and the heights of the boards above it in the same column.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..errors import BadInput
from ..formats.sequence import decode
from .board import Board, PlacedBoard
from .grid import Point

OFFBOARD = "offboard"  # VASSAL's English text for a point on no board


class BoardCell(NamedTuple):
    """One entry of a board layout: which board goes in which (column, row) cell."""

    board: str
    column: int
    row: int
    reversed: bool = False


class Location(NamedTuple):
    """What a map says about a point: the board under it, its name and where it snaps."""

    board: str | None
    name: str
    snapped: Point


def parse_board_layout(token: str, source: str | None = None) -> tuple[str, list[BoardCell]]:
    """A BoardPicker command or ``<setup>`` text -> (map id, cells) (5.4, 5.6).

    The text is a TAB list: ``<mapId>BoardPicker``, then per board ``name[/rev]``,
    column, row. The name part is itself a ``/`` list when reversed.
    """
    tokens = decode(token.strip("\r\n"), "\t")
    head = tokens[0]
    if not head.endswith("BoardPicker"):
        raise BadInput(source, f"not a board layout (expected '<map>BoardPicker', got {head[:40]!r})")
    cells = []
    rest = tokens[1:]
    for i in range(0, len(rest) - len(rest) % 3, 3):
        name_parts = decode(rest[i], "/")
        try:
            column, row = int(rest[i + 1]), int(rest[i + 2])
        except ValueError:
            raise BadInput(source, f"board layout cell {rest[i + 1]!r},{rest[i + 2]!r} is not two integers",
                           f"layout of {head[:-len('BoardPicker')]!r}") from None
        cells.append(BoardCell(name_parts[0], column, row, len(name_parts) > 1 and name_parts[1] == "rev"))
    return head[: -len("BoardPicker")], cells


def place_boards(cells: Sequence[BoardCell], boards: Mapping[str, Board], edge: tuple[int, int],
                 source: str | None = None, map_name: str = "") -> list[PlacedBoard]:
    """Positions of the boards of a layout, in layout order (7).

    x = edge width + widths of the boards left of it in the same row;
    y = edge height + heights of the boards above it in the same column.
    """
    by_cell: dict[tuple[int, int], Board] = {}
    chosen = []
    for cell in cells:
        board = boards.get(cell.board)
        if board is None:
            known = ", ".join(sorted(boards)) or "none"
            raise BadInput(source, f"layout names board {cell.board!r}, which the map does not define (boards: {known})",
                           f"map {map_name!r}")
        by_cell[(cell.column, cell.row)] = board
        chosen.append((cell, board))
    placed = []
    for cell, board in chosen:
        x = edge[0] + sum(b.size[0] for (c, r), b in by_cell.items() if r == cell.row and c < cell.column)
        y = edge[1] + sum(b.size[1] for (c, r), b in by_cell.items() if c == cell.column and r < cell.row)
        placed.append(PlacedBoard(board, x, y, cell.reversed))
    return placed


@dataclass
class Deck:
    """A deck's map position; a point exactly on it is named after the deck (7)."""

    name: str
    x: int
    y: int


class Map:
    """A VASSAL map: placed boards, edge margins and decks; all points map coordinates."""

    def __init__(self, name: str, boards: Sequence[PlacedBoard], edge: tuple[int, int] = (0, 0),
                 decks: Iterable[Deck] = ()):
        self.name = name
        self.boards = list(boards)
        self.edge = edge
        self.decks = {(d.x, d.y): d.name for d in decks}

    @classmethod
    def from_layout(cls, name: str, boards: Mapping[str, Board], cells: Sequence[BoardCell],
                    edge: tuple[int, int] = (0, 0), decks: Iterable[Deck] = (),
                    source: str | None = None) -> Map:
        return cls(name, place_boards(cells, boards, edge, source, name), edge, decks)

    def __repr__(self) -> str:
        return f"Map({self.name!r}, boards={[b.name for b in self.boards]}, edge={self.edge})"

    @property
    def size(self) -> tuple[int, int]:
        """Union of the board rectangles plus the edge margin once more right and below."""
        if not self.boards:
            return 2 * self.edge[0], 2 * self.edge[1]
        right = max(b.x + b.width for b in self.boards)
        bottom = max(b.y + b.height for b in self.boards)
        return right + self.edge[0], bottom + self.edge[1]

    def board(self, name: str) -> PlacedBoard | None:
        for placed in self.boards:
            if placed.name == name:
                return placed
        return None

    def find_board(self, x: int, y: int) -> PlacedBoard | None:
        """The first board, in layout order, whose half-open rectangle holds the point."""
        for placed in self.boards:
            if placed.x <= x < placed.x + placed.board.size[0] and placed.y <= y < placed.y + placed.board.size[1]:
                return placed
        return None

    def location_name(self, x: int, y: int) -> str:
        """VASSAL's ``Map.locationName``: a deck exactly here, else the board grid's name, else offboard."""
        return self._name_on(self.find_board(x, y), x, y)

    def _name_on(self, placed: PlacedBoard | None, x: int, y: int) -> str:
        deck = self.decks.get((x, y)) if self.decks else None
        if deck is not None:
            return deck
        if placed is None:
            return OFFBOARD
        name = placed.location_name(x, y)
        return OFFBOARD if name is None else name

    def snap(self, x: int, y: int) -> Point:
        """VASSAL's ``Map.snapTo`` (7): snap on the board under the point, re-snap on a board
        the result lands on, and pull a point snapped one pixel off the board back onto it."""
        return self._snap_on(self.find_board(x, y), x, y)

    def _snap_on(self, first: PlacedBoard | None, x: int, y: int) -> Point:
        if first is None:
            return x, y
        sx, sy = first.snap(x, y)
        if first.contains(sx, sy):
            return sx, sy
        other = self.find_board(sx, sy)
        if other is not None:
            sx, sy = other.snap(sx, sy)
            if self.find_board(sx, sy) is not None:
                return sx, sy
        lx, ly = sx - first.x, sy - first.y
        if lx == first.width:
            lx -= 1
        elif lx == -1:
            lx = 0
        if ly == first.height:
            ly -= 1
        elif ly == -1:
            ly = 0
        return lx + first.x, ly + first.y

    def hex_at(self, x: int, y: int) -> str:
        """The name VASSAL would show for a piece dropped at (x, y): the name of the snapped point."""
        return self.location_name(*self.snap(x, y))

    def locate(self, x: int, y: int) -> Location:
        """Board under the point, its name, and where a piece dropped there would snap."""
        placed = self.find_board(x, y)
        return Location(None if placed is None else placed.name, self._name_on(placed, x, y), self._snap_on(placed, x, y))

    def locate_many(self, points: Iterable[Point]) -> list[Location]:
        locate = self.locate
        return [locate(x, y) for x, y in points]
