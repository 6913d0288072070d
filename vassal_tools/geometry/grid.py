"""What every grid offers, so boards, zones and maps can hold any of them."""

from __future__ import annotations

from typing import Protocol

Point = tuple[int, int]


class Grid(Protocol):
    """HexGrid, SquareGrid, RegionGrid and ZonedGrid all answer these; points are board-local."""

    size: tuple[int, int]

    def snap(self, x: int, y: int, force: bool = False, center_only: bool = False) -> Point:
        """Where a piece dropped at (x, y) ends up (VASSAL's ``snapTo``)."""
        ...

    def location_name(self, x: int, y: int) -> str | None:
        """VASSAL's name for the point as given; None when the grid names nothing."""
        ...

    def hex_at(self, x: int, y: int) -> str | None:
        """The name of the cell (hex, square, zone, region) a piece dropped here lands in."""
        ...

    def point_of_location(self, name: str) -> Point | None:
        """VASSAL's ``getLocation(name)``: the board-local point a location name stands for; None
        where VASSAL throws BadCoords (the name fits no cell, zone or region)."""
        ...
