"""VASSAL's HexGrid: snapping to hex centres, sides and vertices, and naming points (6.2, 6.3).

All formulas work in an *unrotated* frame where columns run along x and odd
columns sit half a hex lower. A ``sideways`` grid transposes every point first
and the result back, so its ``x0``/``dx`` act on the screen's y axis.

Java's integer casts, ``Math.round`` and the float32 hex polygon are reproduced
exactly (see :mod:`.javamath`); names are computed from the point as given, the way
VASSAL does, and :meth:`HexGrid.hex_at` names the hex that contains a point.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from ..formats.java import f32, jround
from .attributes import Attributes, require_positive
from .grid import Point
from .numbering import HexGridNumbering

DEFAULT_DY = 64.0
DEFAULT_DX = math.sqrt(3) / 2 * DEFAULT_DY  # 55.42562584220407

# Neighbour cells tried when the rectangular candidate's polygon misses the point,
# in VASSAL's order, for even and odd columns (6.2.3 step 4).
_EVEN_TRIES = ((-1, -1), (-1, 0), (1, -1), (1, 0))
_ODD_TRIES = ((-1, 0), (-1, 1), (1, 0), (1, 1))


class HexGrid:
    """A hex grid on a board (or zone) of ``size`` pixels, with an optional numbering."""

    def __init__(
        self,
        dx: float = DEFAULT_DX,
        dy: float = DEFAULT_DY,
        x0: int = 0,
        y0: int = 32,
        sideways: bool = False,
        snap_to: bool = True,
        edges_legal: bool = False,
        corners_legal: bool = False,
        snapscale: int = 0,
        numbering: HexGridNumbering | None = None,
        size: tuple[int, int] = (0, 0),
        source: str | None = None,
        where: str = "HexGrid",
    ):
        require_positive(dx, "dx", source, where)
        require_positive(dy, "dy", source, where)
        self.dx = dx
        self.dy = dy
        self.x0 = x0
        self.y0 = y0
        self.sideways = sideways
        self.snap_to = snap_to
        self.edges_legal = edges_legal
        self.corners_legal = corners_legal
        self.snapscale = snapscale
        self.numbering = numbering
        self.size = size
        self._polygons: dict[Point, tuple] = {}
        self._precompute()

    @classmethod
    def from_attributes(
        cls,
        attrs: Mapping[str, str] | None,
        numbering_attrs: Mapping[str, str] | None = None,
        size: tuple[int, int] = (0, 0),
        numbering_class: type[HexGridNumbering] = HexGridNumbering,
        source: str | None = None,
        where: str = "HexGrid",
        properties: Mapping[str, str] | None = None,
    ) -> HexGrid:
        """Build from buildFile attribute strings, applying them as VASSAL does.

        Attributes are applied in alphabetical order, and setting ``dy`` resets ``dx``
        to ``sqrt(3)/2 * dy`` while ``dx`` still holds exactly its default: so
        ``dx="55.42562584220407" dy="80.0"`` gives dx = 69.28... (6.2).
        ``numbering_attrs`` None means the grid has no numbering (names are None).
        """
        a = Attributes(attrs, source, where)
        dx = a.double("dx", DEFAULT_DX)
        dy = a.double("dy", DEFAULT_DY)
        if "dy" in a and dx == DEFAULT_DX:
            dx = math.sqrt(3) / 2 * dy
        numbering = None
        if numbering_attrs is not None:
            numbering = numbering_class.from_attributes(numbering_attrs, source, where + "/numbering", properties)
        return cls(
            dx=dx,
            dy=dy,
            x0=a.integer("x0", 0),
            y0=a.integer("y0", 32),
            sideways=a.boolean("sideways", False),
            snap_to=a.boolean("snapTo", True),
            edges_legal=a.boolean("edgesLegal", False),
            corners_legal=a.boolean("cornersLegal", False),
            snapscale=a.integer("snapscale", 0),
            numbering=numbering,
            size=size,
            source=source,
            where=where,
        )

    def _precompute(self) -> None:
        dx, dy = self.dx, self.dy
        self._half_dy_int = int(dy / 2)
        # Float32 constants of the hex polygon (6.2.2): they do not depend on the centre.
        fdx, fdy = f32(dx), f32(dy)
        self._r = f32(f32(2 * fdx) / 3)
        self._hr = f32(0.5 * self._r)
        self._hy = f32(0.5 * fdy)
        n = self.numbering
        width, height = self.size
        # Yes, height / dx and width / dy: VASSAL crosses them (6.3.1, 8.9).
        self._max_rows = math.floor(height / dx + 0.5)
        self._max_columns = math.floor(width / dy + 0.5)
        if n is not None:
            if self.sideways:
                self._col_flip = self._max_rows if n.v_descend else None
                self._row_flip = self._max_columns if n.h_descend else None
                self._stagger_step = -1 if n.h_descend else 1
            else:
                self._col_flip = self._max_columns if n.h_descend else None
                self._row_flip = self._max_rows if n.v_descend else None
                self._stagger_step = -1 if n.v_descend else 1
            if not n.stagger:
                self._stagger_step = 0

    def __repr__(self) -> str:
        return (f"HexGrid(dx={self.dx!r}, dy={self.dy!r}, x0={self.x0}, y0={self.y0}, "
                f"sideways={self.sideways}, size={self.size})")

    # -- hex centres and polygons (unrotated frame) ----------------------------------------

    def centre(self, nx: int, ny: int) -> Point:
        """Unrotated centre of raw hex (nx, ny) (6.2.1); see :meth:`hex_centre` for screen."""
        cx = int(self.dx * nx + self.x0)
        if nx % 2 == 0:
            return cx, int(self.dy * ny + self.y0)
        return cx, int(self.dy * ny + self._half_dy_int + self.y0)

    def hex_centre(self, nx: int, ny: int) -> Point:
        """Board-local screen point of raw hex (nx, ny)'s centre."""
        cx, cy = self.centre(nx, ny)
        return (cy, cx) if self.sideways else (cx, cy)

    def polygon(self, cx: int, cy: int) -> tuple[Point, ...]:
        """The six integer vertices VASSAL uses to test containment (unrotated frame, 6.2.2)."""
        fx, fy = float(cx), float(cy)
        r, hr, hy = self._r, self._hr, self._hy
        x1 = jround(f32(fx - r))
        x2 = jround(f32(fx - hr))
        x3 = jround(f32(fx + hr)) + 1
        x4 = jround(f32(fx + r)) + 1
        ym = jround(fy)
        y2 = jround(f32(fy - hy))
        y5 = jround(f32(fy + hy)) + 1
        return ((x1, ym), (x2, y2), (x3, y2), (x4, ym), (x3, y5), (x2, y5))

    def _contains(self, cx: int, cy: int, x: int, y: int) -> bool:
        """java.awt.geom.Area insideness of (x, y) in the hex polygon centred at (cx, cy)."""
        key = (cx, cy)
        poly = self._polygons.get(key)
        if poly is None:
            if len(self._polygons) > 200_000:
                self._polygons.clear()
            poly = self._polygons[key] = self.polygon(cx, cy)
        (x1, ym), (x2, y2), (x3, _), (x4, _), (_, y5), _ = poly
        if not (x1 <= x < x4 and y2 <= y < y5):
            return False
        # Crossings of a ray to +x with the four slanted edges, each taken top->bottom.
        inside = False
        for xa, ya, xb, yb in ((x2, y2, x1, ym), (x1, ym, x2, y5), (x3, y2, x4, ym), (x4, ym, x3, y5)):
            if ya <= y < yb and x < xa + (y - ya) * (xb - xa) / (yb - ya):
                inside = not inside
        return inside

    # -- snapping -----------------------------------------------------------------------------

    def _hex_point(self, x: int, y: int) -> Point:
        """Snap an unrotated point to its hex centre (6.2.3), with snapscale refinement."""
        dx, dy, x0, y0 = self.dx, self.dy, self.x0, self.y0
        nx = math.floor((x - x0 + dx / 2) / dx)
        if nx % 2 == 0:
            ny = math.floor((y - y0 + dy / 2) / dy)
            tries = _EVEN_TRIES
        else:
            ny = math.floor((y - y0) / dy)
            tries = _ODD_TRIES
        cx, cy = self.centre(nx, ny)
        if not self._contains(cx, cy, x, y):
            for ox, oy in tries:
                tx, ty = self.centre(nx + ox, ny + oy)
                if self._contains(tx, ty, x, y):
                    cx, cy = tx, ty
                    break
        if self.snapscale > 0:
            cx = self._refine(x - cx, cx, dx)
            cy = self._refine(y - cy, cy, dy)
        return cx, cy

    def _refine(self, d: float, c: int, spacing: float) -> int:
        """Snapscale: pull a centre toward the point in steps of spacing/(2*snapscale)."""
        s = self.snapscale
        step = 0.5 * spacing / s
        k = jround(d / step)
        k = max(1 - s, min(s - 1, k))
        return c + jround(k * step)

    def _transpose(self, x: int, y: int) -> Point:
        return (y, x) if self.sideways else (x, y)

    def snap_to_hex(self, x: int, y: int) -> Point:
        """The centre of the hex containing (x, y), board-local."""
        ux, uy = self._transpose(x, y)
        cx, cy = self._hex_point(ux, uy)
        return self._transpose(cx, cy)

    def _side_point(self, x: int, y: int) -> Point:
        dx, dy, x0, y0 = self.dx, self.dy, self.x0, self.y0
        k = math.floor((x - x0 + dx / 4) * 2 / dx)
        sx = int(dx / 2 * k + x0)
        if k % 2 == 0:
            sy = int(dy / 2 * math.floor((y - y0 + dy / 4) * 2 / dy) + y0)
        else:
            sy = int(dy / 2 * math.floor((y - y0) * 2 / dy) + int(dy / 4) + y0)
        return sx, sy

    def _vertex_point(self, x: int, y: int) -> Point:
        dx, dy, x0, y0 = self.dx, self.dy, self.x0, self.y0
        m = math.floor((y - y0 + dy / 4) * 2 / dy)
        vy = int(dy / 2 * m + y0)
        if m % 2 == 0:
            vx = int(2 * dx / 3 * int(math.floor(x - x0 + dx / 3) * 3 / (2 * dx)) + x0)
        else:
            vx = int(2 * dx / 3 * int(math.floor(x - x0 + dx / 3 + dx / 3) * 3 / (2 * dx)) - int(dx / 3) + x0)
        return vx, vy

    def _with_centre_check(self, ux: int, uy: int, target: Point) -> Point:
        """With snapscale, a hex centre at least as close (Manhattan) beats a side/vertex."""
        if self.snapscale > 0:
            hx, hy = self._hex_point(ux, uy)
            if abs(ux - hx) + abs(uy - hy) <= abs(ux - target[0]) + abs(uy - target[1]):
                return hx, hy
        return target

    def snap_to_side(self, x: int, y: int) -> Point:
        """The nearest hexside midpoint (6.2.4), board-local."""
        ux, uy = self._transpose(x, y)
        return self._transpose(*self._with_centre_check(ux, uy, self._side_point(ux, uy)))

    def snap_to_vertex(self, x: int, y: int) -> Point:
        """The nearest hex vertex (6.2.4), board-local."""
        ux, uy = self._transpose(x, y)
        return self._transpose(*self._with_centre_check(ux, uy, self._vertex_point(ux, uy)))

    def snap(self, x: int, y: int, force: bool = False, center_only: bool = False) -> Point:
        """VASSAL's ``snapTo(p, force, centerOnly)`` (6.2.5), board-local in and out."""
        if not self.snap_to and not force:
            return x, y
        centre = self.snap_to_hex(x, y)
        if center_only:
            return centre
        if self.edges_legal and self.corners_legal:
            side = self.snap_to_side(x, y)
            vertex = self.snap_to_vertex(x, y)
            dist_side = (x - side[0]) ** 2 + (y - side[1]) ** 2
            dist_vertex = (x - vertex[0]) ** 2 + (y - vertex[1]) ** 2
            candidate = side if dist_side < dist_vertex else vertex
        elif self.edges_legal:
            candidate = self.snap_to_side(x, y)
        elif self.corners_legal:
            candidate = self.snap_to_vertex(x, y)
        else:
            return centre
        if (centre[0] - candidate[0]) ** 2 + (centre[1] - candidate[1]) ** 2 <= 2:
            return centre
        return candidate

    # -- raw indices and names -------------------------------------------------------------

    def raw_column(self, x: int, y: int) -> int:
        """``floor((x - x0)/dx + 0.5)`` on the unrotated point (6.2.6)."""
        ux = y if self.sideways else x
        return math.floor((ux - self.x0) / self.dx + 0.5)

    def raw_row(self, x: int, y: int) -> int:
        """Math.round of the row offset, half a hex lower in odd columns (6.2.6)."""
        ux, uy = self._transpose(x, y)
        if jround((ux - self.x0) / self.dx) % 2 == 0:
            return jround((uy - self.y0) / self.dy)
        return jround((uy - self.y0 - self.dy / 2) / self.dy)

    def column_row(self, x: int, y: int) -> tuple[int, int]:
        """The numbering's (column, row) of a point, before offsets (6.3.1, 6.3.5)."""
        n = self.numbering
        if n is None:
            raise ValueError("this HexGrid has no numbering")
        if self.sideways:
            x, y = y, x
        dx, x0 = self.dx, self.x0
        raw_col = math.floor((x - x0) / dx + 0.5)
        if jround((x - x0) / dx) % 2 == 0:
            row = jround((y - self.y0) / self.dy)
        else:
            row = jround((y - self.y0 - self.dy / 2) / self.dy)
        col = raw_col if self._col_flip is None else self._col_flip - raw_col
        if self._row_flip is not None:
            row = self._row_flip - row
        if raw_col % 2:  # the stagger test uses the raw column, before descending
            row += self._stagger_step
        return col, n.slant(col, row)

    def location_name(self, x: int, y: int) -> str | None:
        """VASSAL's ``locationName(p)``: the name of the point as given, not snapped."""
        if self.numbering is None:
            return None
        col, row = self.column_row(x, y)
        return self.numbering.name(col, row)

    def hex_at(self, x: int, y: int) -> str | None:
        """The name of the hex containing (x, y): the name of its snapped centre."""
        if self.numbering is None:
            return None
        cx, cy = self.snap_to_hex(x, y)
        return self.location_name(cx, cy)

    def names(self, points) -> list[str | None]:
        """``location_name`` of many points; the per-point work is the same, only call overhead goes."""
        name = self.location_name
        return [name(x, y) for x, y in points]

    # -- enumeration, for drawing and hex maths ---------------------------------------------

    def indices_in(self, left: int, top: int, right: int, bottom: int):
        """Raw (nx, ny) of every hex whose centre lies in [left, right) x [top, bottom), board-local."""
        if self.sideways:
            left, top, right, bottom = top, left, bottom, right
        nx_lo = math.floor((left - self.x0) / self.dx) - 1
        nx_hi = math.ceil((right - self.x0) / self.dx) + 1
        ny_lo = math.floor((top - self.y0) / self.dy) - 1
        ny_hi = math.ceil((bottom - self.y0) / self.dy) + 1
        for nx in range(nx_lo, nx_hi + 1):
            for ny in range(ny_lo, ny_hi + 1):
                cx, cy = self.centre(nx, ny)
                if left <= cx < right and top <= cy < bottom:
                    yield nx, ny

    def cells(self, left: int, top: int, right: int, bottom: int):
        """(outline, centre) of every hex centred in the rectangle, board-local screen points.

        The outline is VASSAL's containment polygon, so a drawing shows exactly where
        a dropped piece changes hex.
        """
        for nx, ny in self.indices_in(left, top, right, bottom):
            cx, cy = self.centre(nx, ny)
            outline = [self._transpose(x, y) for x, y in self.polygon(cx, cy)]
            yield outline, self._transpose(cx, cy)

    # -- reverse: name -> point ------------------------------------------------------------

    def raw_index_of(self, column: int, row: int) -> tuple[int, int]:
        """Raw (nx, ny) of a numbering (column, row): 6.3.1 run backwards."""
        n = self.numbering
        if n is None:
            raise ValueError("this HexGrid has no numbering")
        row = n.unslant(column, row)
        raw_col = column if self._col_flip is None else self._col_flip - column
        if raw_col % 2:
            row -= self._stagger_step
        raw_row = row if self._row_flip is None else self._row_flip - row
        return raw_col, raw_row

    def point_of_location(self, name: str) -> Point | None:
        """VASSAL's ``getLocation(name)``: the centre point a location name stands for (6.3.4).

        Its rounding differs slightly from snapping (``trunc(col*dx) + x0``), as in VASSAL.
        None when the name does not fit the numbering. For an oblique numbering this is the
        hex so named; VASSAL's own ``getLocation`` does not undo the slant
        (ObliqueHexGridNumbering keeps HexGridNumbering's ``getCenterPoint``), so VASSAL puts
        a name typed into an at-start stack on the hex a plain numbering names so.
        """
        if self.numbering is None:
            return None
        parsed = self.numbering.parse(name)
        if parsed is None:
            return None
        nx, ny = self.raw_index_of(*parsed)
        x = int(nx * self.dx) + self.x0
        if nx % 2 == 0:
            y = int(ny * self.dy) + self.y0
        else:
            y = int(ny * self.dy + self.dy / 2) + self.y0
        return self._transpose(x, y)
