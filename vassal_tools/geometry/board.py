"""Boards: a named image of some size with a grid, and a board placed on a map (7).

A :class:`Board` is the buildFile definition; a :class:`PlacedBoard` is one copy of
it at a map position, possibly reversed (rotated 180 degrees). Grids work in
board-local coordinates; the placed board converts map points in and out.
"""

from __future__ import annotations

from dataclasses import dataclass

from .grid import Grid, Point


@dataclass
class Board:
    """A board definition: ``size`` is the image's pixel size, or width/height without an image."""

    name: str
    size: tuple[int, int]
    grid: Grid | None = None
    image: str = ""
    reversible: bool = False

    def location_name(self, x: int, y: int) -> str | None:
        """Board-local point -> name, or None (no grid, or a grid without numbering)."""
        return None if self.grid is None else self.grid.location_name(x, y)

    def snap(self, x: int, y: int, force: bool = False, center_only: bool = False) -> Point:
        return (x, y) if self.grid is None else self.grid.snap(x, y, force, center_only)


@dataclass
class PlacedBoard:
    """A board at map position (x, y); ``reversed`` boards are turned 180 degrees."""

    board: Board
    x: int
    y: int
    reversed: bool = False

    @property
    def name(self) -> str:
        return self.board.name

    @property
    def width(self) -> int:
        return self.board.size[0]

    @property
    def height(self) -> int:
        return self.board.size[1]

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """(x, y, width, height) on the map."""
        return self.x, self.y, self.width, self.height

    def contains(self, x: int, y: int) -> bool:
        """Half-open, like java.awt.Rectangle: the right and bottom edges are outside."""
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height

    def to_local(self, x: int, y: int) -> Point:
        lx, ly = x - self.x, y - self.y
        if self.reversed:
            return self.width - lx, self.height - ly
        return lx, ly

    def to_map(self, lx: int, ly: int) -> Point:
        if self.reversed:
            lx, ly = self.width - lx, self.height - ly
        return lx + self.x, ly + self.y

    def location_name(self, x: int, y: int) -> str | None:
        """Map point -> name from the board's grid, or None."""
        return self.board.location_name(*self.to_local(x, y))

    def snap(self, x: int, y: int) -> Point:
        """Map point -> snapped map point through the board's grid."""
        if self.board.grid is None:
            return x, y
        return self.to_map(*self.board.grid.snap(*self.to_local(x, y)))
