"""Hex arithmetic in a game's own hex numbers, derived from the VASSAL grid that names them.

Rules say "4333 lies between 4334 and 4332" or "2722 is four hexes from 3019": the
arithmetic has to use the numbering printed on the map. Rather than assume a
layout, :class:`HexMap` asks the :class:`~.hexgrid.HexGrid` itself:

* a hex is identified by VASSAL's raw index (nx, ny): its centre is the grid's
  centre of that index, and its name is the grid's ``location_name`` of that centre;
* a name is read back through the numbering and checked by naming the result, so
  ``name -> hex -> name`` always round-trips or fails loudly;
* neighbours are found geometrically, by snapping the points one hex step away
  from a centre, exactly as a piece dropped there would snap;
* distance, rings, ranges and lines use cube coordinates of the raw index. VASSAL's
  raw layout is always "odd columns half a hex down" in the unrotated frame, whatever
  the sideways, stagger, descending or offset options do to the printed numbers.
  The tests check that the cube neighbours equal the geometric ones on whole grids.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from .hexgrid import HexGrid

Index = tuple[int, int]  # VASSAL's raw (nx, ny)
Cube = tuple[int, int, int]


def cube(index: Index) -> Cube:
    """Cube coordinates of a raw index in VASSAL's odd-columns-down layout."""
    nx, ny = index
    q = nx
    r = ny - (nx - (nx & 1)) // 2
    return q, r, -q - r


def from_cube(c: Cube) -> Index:
    q, r, _ = c
    return q, r + (q - (q & 1)) // 2


def cube_distance(a: Cube, b: Cube) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def _cube_round(q: float, r: float, s: float) -> Cube:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return int(rq), int(rr), int(rs)


_CUBE_STEPS: tuple[Cube, ...] = ((1, 0, -1), (1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0), (0, 1, -1))


class HexMap:
    """Hex maths on one board's hex grid, in the names the grid's numbering gives.

    ``grid`` must have a numbering; its ``size`` is the board size, used by
    :meth:`on_board` and :meth:`hexes` (a hex is on the board when its centre is).
    """

    def __init__(self, grid: HexGrid):
        if grid.numbering is None:
            raise ValueError("hex maths needs a HexGrid with a numbering")
        self.grid = grid
        self.numbering = grid.numbering
        self._names: dict[Index, str] = {}
        self._indices: dict[str, Index] = {}

    # -- identity: name <-> raw index <-> centre ---------------------------------------------

    def name_of(self, index: Index) -> str:
        """The grid's name for the hex with raw index (nx, ny)."""
        name = self._names.get(index)
        if name is None:
            name = self.numbering.name(*self.grid.column_row(*self.grid.hex_centre(*index)))
            self._names[index] = name
            self._indices.setdefault(name, index)
        return name

    def index(self, name: str) -> Index:
        """The raw (nx, ny) of a hex name; ValueError if the grid never gives that name."""
        found = self._indices.get(name)
        if found is not None:
            return found
        parsed = self.numbering.parse(name)
        if parsed is not None:
            candidate = self.grid.raw_index_of(*parsed)
            if self.name_of(candidate) == name:
                return candidate
        for candidate in self._board_indices():  # formats that cannot be read back
            if self.name_of(candidate) == name:
                return candidate
        raise ValueError(f"{name!r} is not a hex name of this grid")

    def centre(self, name: str) -> tuple[int, int]:
        """Board-local pixel centre of a hex, where a piece snapped into it sits."""
        return self.grid.hex_centre(*self.index(name))

    def column_row(self, name: str) -> tuple[int, int]:
        """The printed (column, row) numbers of a hex name, e.g. ``"4332" -> (43, 32)``.

        Alphabetic parts count A=0, ..., Z=25, AA=26 as VASSAL does.
        """
        col, row = self.grid.column_row(*self.centre(name))
        n = self.numbering
        return col + n.h_off, row + n.v_off

    def name_at(self, column: int, row: int) -> str:
        """The hex name for printed (column, row) numbers: the inverse of :meth:`column_row`."""
        n = self.numbering
        return self.name_of(self.grid.raw_index_of(column - n.h_off, row - n.v_off))

    def hex_at(self, x: int, y: int) -> str:
        """The name of the hex containing a board-local point."""
        return self.numbering.name(*self.grid.column_row(*self.grid.snap_to_hex(x, y)))

    # -- the board ---------------------------------------------------------------------------

    def on_board(self, name: str) -> bool:
        x, y = self.centre(name)
        width, height = self.grid.size
        return 0 <= x < width and 0 <= y < height

    def _board_indices(self) -> Iterator[Index]:
        """Raw indices of every hex whose centre lies on the board."""
        width, height = self.grid.size
        return self.grid.indices_in(0, 0, width, height)

    def hexes(self) -> list[str]:
        """Names of all hexes whose centre lies on the board."""
        return [self.name_of(i) for i in self._board_indices()]

    # -- adjacency ---------------------------------------------------------------------------

    def neighbours(self, name: str) -> list[str]:
        """The six adjacent hexes, found by snapping the points one hex step away.

        Ordered clockwise on the screen, starting from the one nearest "north" (up).
        """
        return [self.name_of(i) for i in self._geometric_neighbours(self.index(name))]

    def _geometric_neighbours(self, index: Index) -> list[Index]:
        grid = self.grid
        cx, cy = grid.hex_centre(*index)
        # One hex step in each of the six directions, in the unrotated frame, then
        # turned to the screen like every other sideways quantity.
        steps = ((0.0, -grid.dy), (grid.dx, -grid.dy / 2), (grid.dx, grid.dy / 2),
                 (0.0, grid.dy), (-grid.dx, grid.dy / 2), (-grid.dx, -grid.dy / 2))
        found = []
        for ux, uy in steps:
            sx, sy = (uy, ux) if grid.sideways else (ux, uy)
            px, py = grid.snap_to_hex(math.floor(cx + sx + 0.5), math.floor(cy + sy + 0.5))
            found.append((grid.raw_column(px, py), grid.raw_row(px, py)))

        def bearing(i: Index) -> float:
            x, y = grid.hex_centre(*i)
            return math.atan2(x - cx, cy - y) % (2 * math.pi)

        return sorted(found, key=bearing)

    def adjacent(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1

    def distance(self, a: str, b: str) -> int:
        """Hexes stepped to get from ``a`` to ``b`` (0 for the same hex)."""
        return cube_distance(cube(self.index(a)), cube(self.index(b)))

    def hexside(self, a: str, b: str) -> tuple[str, str]:
        """A stable id for the side shared by two adjacent hexes: their names, sorted."""
        if not self.adjacent(a, b):
            raise ValueError(f"{a} and {b} are not adjacent, so they share no hexside")
        return (a, b) if a <= b else (b, a)

    def hexside_point(self, a: str, b: str) -> tuple[int, int]:
        """Board-local point of the middle of the side between two adjacent hexes."""
        self.hexside(a, b)
        (ax, ay), (bx, by) = self.centre(a), self.centre(b)
        return self.grid.snap_to_side((ax + bx) // 2, (ay + by) // 2)

    # -- areas and lines ---------------------------------------------------------------------

    def ring(self, name: str, radius: int) -> list[str]:
        """Hexes exactly ``radius`` steps away (the hex itself for radius 0)."""
        if radius == 0:
            return [name]
        q, r, s = cube(self.index(name))
        # Start ``radius`` steps out in direction 4, then walk the six sides of the ring.
        dq, dr, ds = _CUBE_STEPS[4]
        q, r, s = q + dq * radius, r + dr * radius, s + ds * radius
        out = []
        for dq, dr, ds in _CUBE_STEPS:
            for _ in range(radius):
                out.append(self.name_of(from_cube((q, r, s))))
                q, r, s = q + dq, r + dr, s + ds
        return out

    def within(self, name: str, radius: int, on_board_only: bool = True) -> list[str]:
        """Hexes at most ``radius`` steps away, nearest first, the hex itself included."""
        out = []
        for k in range(radius + 1):
            out.extend(self.ring(name, k))
        if on_board_only:
            out = [h for h in out if self.on_board(h)]
        return out

    def line(self, a: str, b: str) -> list[str]:
        """The hexes a straight line from ``a``'s centre to ``b``'s passes through, both ends included.

        Cube-coordinate line drawing; a tiny nudge settles lines that run exactly
        along a hexside the same way every time.
        """
        ca, cb = cube(self.index(a)), cube(self.index(b))
        n = cube_distance(ca, cb)
        if n == 0:
            return [a]
        eps = (1e-6, 2e-6, -3e-6)
        out = []
        for i in range(n + 1):
            t = i / n
            q = ca[0] + (cb[0] - ca[0]) * t + eps[0]
            r = ca[1] + (cb[1] - ca[1]) * t + eps[1]
            s = ca[2] + (cb[2] - ca[2]) * t + eps[2]
            out.append(self.name_of(from_cube(_cube_round(q, r, s))))
        return out
