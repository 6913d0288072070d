"""Hex positions for drawing, from a VASSAL HexGrid definition.

:class:`HexLayout` answers "where is hex 3018 and what is its outline" in board pixels,
using :mod:`vassal_tools.geometry` for the centre of a location name, so the art lines up
with where VASSAL snaps pieces. Outlines are the true hexagons around those centres
(VASSAL's containment polygon adds a pixel on two sides, which drawing does not want).
"""

from __future__ import annotations

import math
from pathlib import Path

from ..errors import BadInput
from ..geometry.definition import HexGridDefinition, read_grid_definition
from ..geometry.hexgrid import HexGrid

PointF = tuple[float, float]
BoxF = tuple[float, float, float, float]  # left, top, right, bottom

#: px each piece of an unexpanded stack is drawn right and up from the one below: VASSAL's StackMetrics
#: unexSepX, unexSepY, which the builder gives every map.
STACK_STEP = (4, 4)
#: px around a stack that a label keeps clear of.
STACK_MARGIN = 3


def stack_box(centre: PointF, pieces: int, size: tuple[int, int]) -> BoxF:
    """The board pixels an unexpanded stack of ``pieces`` counters of ``size`` centred on ``centre``
    covers at 100%: the bottom counter, each piece above it :data:`STACK_STEP` right of and above
    the one under it, and :data:`STACK_MARGIN`."""
    (x, y), (width, height) = centre, size
    right, up = (step * (pieces - 1) for step in STACK_STEP)
    m = STACK_MARGIN
    return x - width / 2 - m, y - height / 2 - up - m, x + width / 2 + right + m, y + height / 2 + m


class HexLayout:
    """Centres and outlines of named hexes on one board."""

    def __init__(self, grid: HexGrid, size: tuple[int, int]):
        if grid.numbering is None:
            raise BadInput(None, "the hex grid has no numbering: hexes cannot be found by name")
        self.grid = grid
        self.size = size
        self._centres: dict[str, PointF] = {}

    def centre(self, name: str) -> PointF:
        """Board pixel centre of hex ``name``; BadInput if the grid cannot place the name."""
        found = self._centres.get(name)
        if found is None:
            point = self.grid.point_of_location(name)
            if point is None:
                raise BadInput(None, f"hex {name!r} is not a location of the grid")
            found = self._centres[name] = (float(point[0]), float(point[1]))
        return found

    def polygon(self, name: str) -> list[PointF]:
        """The six corners of hex ``name``, clockwise from the leftmost (unrotated frame)."""
        x, y = self.centre(name)
        g = self.grid
        r, hy = 2 * g.dx / 3, g.dy / 2
        ux, uy = (y, x) if g.sideways else (x, y)
        corners = [(ux - r, uy), (ux - r / 2, uy - hy), (ux + r / 2, uy - hy), (ux + r, uy), (ux + r / 2, uy + hy), (ux - r / 2, uy + hy)]
        return [(b, a) for a, b in corners] if g.sideways else corners

    def side(self, a: str, b: str) -> tuple[PointF, PointF]:
        """The edge hexes ``a`` and ``b`` share: the two corners of ``a`` nearest ``b``'s centre."""
        bx, by = self.centre(b)
        corners = sorted(self.polygon(a), key=lambda p: (p[0] - bx) ** 2 + (p[1] - by) ** 2)
        return corners[0], corners[1]

    def adjacent(self, a: str, b: str) -> bool:
        """Whether two hexes touch (their centres are one hex apart)."""
        (ax, ay), (bx, by) = self.centre(a), self.centre(b)
        spacing = min(self.grid.dy, self.grid.dx / math.cos(math.radians(30)))
        return math.hypot(ax - bx, ay - by) <= spacing * 1.1

    @property
    def hex_height(self) -> float:
        """Flat-to-flat size of a hex (its smallest extent): scales symbols and text."""
        return self.grid.dy


def read_grid(path: str | Path) -> HexLayout:
    """A layout from a grid definition file (``operational_grid.json``)."""
    return _layout(read_grid_definition(path))


def _layout(definition: HexGridDefinition) -> HexLayout:
    return HexLayout(definition.hex_grid(), definition.size)
