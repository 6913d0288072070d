"""The Operational Map's hex numbering XXYY: extent, neighbours, distance (by :mod:`vassal_tools.geometry.hexmath`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..geometry.hexmath import Cube, cube, cube_distance
from .terms import HEX_PATTERN


def parse_hex(name: str) -> tuple[int, int]:
    """``"4332" -> (43, 32)``; ValueError unless the name is four digits."""
    if not HEX_PATTERN.match(name):
        raise ValueError(f"{name!r} is not a hex number XXYY")
    return int(name[:2]), int(name[2:])


def hex_name(xx: int, yy: int) -> str:
    return f"{xx:02d}{yy:02d}"


@dataclass(frozen=True)
class MapGrid:
    """The XXYY numbering of the Operational Map: which hexes exist and which touch.

    Columns XX hold hexes YY in a line. A hex in an odd column touches, in each
    neighbouring column, the hexes ``YY + o`` for ``o`` in ``odd_offsets``; in an even
    column, ``even_offsets`` (game.toml ``[operational_map]``).
    """

    xx_min: int
    xx_max: int
    yy_min: int
    yy_max: int
    odd_offsets: tuple[int, int] = (-1, 0)
    even_offsets: tuple[int, int] = (0, 1)

    def __post_init__(self) -> None:
        if {self.odd_offsets, self.even_offsets} != {(-1, 0), (0, 1)}:
            raise ValueError("neighbour offsets must be [-1, 0] for one column parity and [0, 1] for the other")

    def contains(self, name: str) -> bool:
        try:
            xx, yy = parse_hex(name)
        except ValueError:
            return False
        return self.xx_min <= xx <= self.xx_max and self.yy_min <= yy <= self.yy_max

    def hexes(self) -> Iterator[str]:
        """Every hex of the map, column by column."""
        for xx in range(self.xx_min, self.xx_max + 1):
            for yy in range(self.yy_min, self.yy_max + 1):
                yield hex_name(xx, yy)

    def _offsets(self, xx: int) -> tuple[int, int]:
        return self.odd_offsets if xx % 2 else self.even_offsets

    def neighbours(self, name: str) -> list[str]:
        """The adjacent hexes that are on the map."""
        xx, yy = parse_hex(name)
        cells = [(xx, yy - 1), (xx, yy + 1)]
        cells += [(xx + dx, yy + o) for dx in (-1, 1) for o in self._offsets(xx)]
        out = [hex_name(x, y) for x, y in cells if x >= 0 and y >= 0]
        return [h for h in out if self.contains(h)]

    def adjacent(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1

    def _cube(self, name: str) -> Cube:
        # The hex maths is geometry.hexmath's, in VASSAL's raw layout (odd columns half a hex
        # towards higher rows). "Odd columns touch YY-1 and YY" is that layout with the column
        # parity flipped: count columns from one further left (a shift that keeps distances).
        xx, yy = parse_hex(name)
        return cube((xx + 1 if self.odd_offsets == (-1, 0) else xx, yy))

    def distance(self, a: str, b: str) -> int:
        """Hexes stepped from ``a`` to ``b``."""
        return cube_distance(self._cube(a), self._cube(b))

    def centre(self, name: str) -> tuple[float, float]:
        """The hex centre in a plane where adjacent centres are 1 apart (x along XX, y along YY)."""
        xx, yy = parse_hex(name)
        half = sum(self._offsets(1)) / 2  # odd columns sit half a hex this way in y
        return xx * 3 ** 0.5 / 2, yy + (half if xx % 2 else 0.0)

    def expand(self, text: str) -> tuple[str, ...]:
        """Hexes of a ``hexes`` field: names separated by spaces, or ``AABB-CCDD``.

        A range covers columns AA..CC and rows BB..DD, e.g. ``4033-4734`` is XX 40-47 by
        YY 33-34.
        """
        text = text.strip()
        if "-" in text:
            first, _, last = text.partition("-")
            (x1, y1), (x2, y2) = parse_hex(first.strip()), parse_hex(last.strip())
            if x1 > x2 or y1 > y2:
                raise ValueError(f"range {text!r} runs backwards")
            return tuple(hex_name(x, y) for x in range(x1, x2 + 1) for y in range(y1, y2 + 1))
        names = tuple(text.split())
        for name in names:
            parse_hex(name)
        return names


