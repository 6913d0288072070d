"""VASSAL's SquareGrid and its numbering (vassal-formats.md 6.4).

Snapping works on half-cell indices so that edges and corners are reachable; rows
are named with a *truncating* formula (points just above ``y0`` are row 0, not -1)
while columns use floor, exactly as VASSAL does.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from ..formats.java import jround
from .attributes import Attributes, require_positive
from .grid import Point
from .numbering import SquareGridNumbering


class SquareGrid:
    """A rectangular grid on a board (or zone) of ``size`` pixels, with an optional numbering."""

    def __init__(
        self,
        dx: float = 48.0,
        dy: float = 48.0,
        x0: int = 24,
        y0: int = 24,
        snap_to: bool = True,
        edges_legal: bool = False,
        corners_legal: bool = False,
        manhattan: bool = False,
        numbering: SquareGridNumbering | None = None,
        size: tuple[int, int] = (0, 0),
        source: str | None = None,
        where: str = "SquareGrid",
    ):
        require_positive(dx, "dx", source, where)
        require_positive(dy, "dy", source, where)
        self.dx = dx
        self.dy = dy
        self.x0 = x0
        self.y0 = y0
        self.snap_to = snap_to
        self.edges_legal = edges_legal
        self.corners_legal = corners_legal
        self.manhattan = manhattan
        self.numbering = numbering
        self.size = size
        width, height = size
        self._max_columns = int(width / dx + 0.5)
        self._max_rows = int(height / dy + 0.5)

    @classmethod
    def from_attributes(
        cls,
        attrs: Mapping[str, str] | None,
        numbering_attrs: Mapping[str, str] | None = None,
        size: tuple[int, int] = (0, 0),
        source: str | None = None,
        where: str = "SquareGrid",
        properties: Mapping[str, str] | None = None,
    ) -> SquareGrid:
        """Build from buildFile attribute strings; ``snapscale`` is not an attribute here."""
        a = Attributes(attrs, source, where)
        numbering = None
        if numbering_attrs is not None:
            numbering = SquareGridNumbering.from_attributes(numbering_attrs, source, where + "/numbering", properties)
        return cls(
            dx=a.double("dx", 48.0),
            dy=a.double("dy", 48.0),
            x0=a.integer("x0", 24),
            y0=a.integer("y0", 24),
            snap_to=a.boolean("snapTo", True),
            edges_legal=a.boolean("edgesLegal", False),
            corners_legal=a.boolean("cornersLegal", False),
            manhattan=a.text("range", "Metric") == "Manhattan",
            numbering=numbering,
            size=size,
            source=source,
            where=where,
        )

    def __repr__(self) -> str:
        return f"SquareGrid(dx={self.dx!r}, dy={self.dy!r}, x0={self.x0}, y0={self.y0}, size={self.size})"

    def snap(self, x: int, y: int, force: bool = False, center_only: bool = False) -> Point:
        """VASSAL's ``snapTo(p, force, onlyCenter)`` (6.4)."""
        if not self.snap_to and not force:
            return x, y
        dx, dy = self.dx, self.dy
        ox = x - self.x0
        oy = y - self.y0
        nx = jround(ox / (dx / 2))
        ny = jround(oy / (dy / 2))
        # With both corners and edges legal every half-grid point is a snap target,
        # even for onlyCenter: a VASSAL quirk kept on purpose.
        if not (self.corners_legal and self.edges_legal):
            if self.corners_legal and not center_only:
                nx = 2 * jround(ox / dx) if ny % 2 == 0 else 1 + 2 * jround(ox / dx - 0.5)
            elif self.edges_legal and not center_only:
                if ny % 2 == 0:
                    if nx % 2 == 0:
                        nx = 2 * jround(ox / dx)
                else:
                    nx = 2 * jround(ox / dx)
            else:
                nx = 2 * jround(ox / dx)
                ny = 2 * jround(oy / dy)
        return self.x0 + jround(nx * dx / 2), self.y0 + jround(ny * dy / 2)

    def snap_to_cell(self, x: int, y: int) -> Point:
        """The centre of the cell a point is in, whatever the snap settings."""
        nx = 2 * jround((x - self.x0) / self.dx)
        ny = 2 * jround((y - self.y0) / self.dy)
        return self.x0 + jround(nx * self.dx / 2), self.y0 + jround(ny * self.dy / 2)

    def column_row(self, x: int, y: int) -> tuple[int, int]:
        """The numbering's (column, row) of a point, before offsets."""
        n = self.numbering
        if n is None:
            raise ValueError("this SquareGrid has no numbering")
        col = math.floor((x - self.x0) / self.dx + 0.5)
        row = int((y - self.y0) / self.dy + 0.5)
        if n.h_descend:
            col = self._max_columns - col
        if n.v_descend:
            row = self._max_rows - row
        return col, row

    def location_name(self, x: int, y: int) -> str | None:
        """VASSAL's ``locationName(p)`` of the point as given."""
        if self.numbering is None:
            return None
        return self.numbering.name(*self.column_row(x, y))

    def hex_at(self, x: int, y: int) -> str | None:
        """The name of the cell containing (x, y) (named ``hex_at`` for a uniform grid API)."""
        if self.numbering is None:
            return None
        return self.location_name(*self.snap_to_cell(x, y))

    def range(self, a: Point, b: Point) -> int:
        """VASSAL's grid range between two points: Metric (max) or Manhattan (sum) of cell steps."""
        dcol = math.floor(abs(b[0] - a[0]) / self.dx + 0.5)
        drow = math.floor(abs(b[1] - a[1]) / self.dy + 0.5)
        return dcol + drow if self.manhattan else max(dcol, drow)

    def cells(self, left: int, top: int, right: int, bottom: int):
        """(outline, centre) of every cell centred in the rectangle, board-local."""
        dx, dy = self.dx, self.dy
        for col in range(math.floor((left - self.x0) / dx) - 1, math.ceil((right - self.x0) / dx) + 2):
            for row in range(math.floor((top - self.y0) / dy) - 1, math.ceil((bottom - self.y0) / dy) + 2):
                cx, cy = self.x0 + jround(col * dx), self.y0 + jround(row * dy)
                if left <= cx < right and top <= cy < bottom:
                    hx, hy = dx / 2, dy / 2
                    outline = [(cx - hx, cy - hy), (cx + hx, cy - hy), (cx + hx, cy + hy), (cx - hx, cy + hy)]
                    yield outline, (cx, cy)

    def point_of_location(self, name: str) -> Point | None:
        """The cell centre a location name stands for, or None if it does not fit the numbering."""
        if self.numbering is None:
            return None
        parsed = self.numbering.parse(name)
        if parsed is None:
            return None
        col, row = parsed
        if self.numbering.h_descend:
            col = self._max_columns - col
        if self.numbering.v_descend:
            row = self._max_rows - row
        return self.x0 + int(col * self.dx), self.y0 + int(row * self.dy)
