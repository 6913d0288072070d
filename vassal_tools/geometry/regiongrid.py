"""VASSAL's RegionGrid: irregular named points, named by nearest origin (vassal-formats.md 6.5).

VASSAL keeps regions in a ``HashMap<Point, Region>`` and, on equal distances, keeps
the first region in that map's iteration order. We reproduce that order (Point's
hash, HashMap's bucket spreading and resizing) so ties break as they do in VASSAL.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .attributes import Attributes
from .grid import Point

_INT_MASK = 0xFFFFFFFF
_LONG_MASK = 0xFFFFFFFFFFFFFFFF


@dataclass(frozen=True)
class Region:
    name: str
    x: int
    y: int

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str], source: str | None = None, where: str = "Region") -> Region:
        a = Attributes(attrs, source, where)
        return cls(a.text("name", ""), a.integer("originx", 0), a.integer("originy", 0))


def _double_bits(value: float) -> int:
    return struct.unpack("<q", struct.pack("<d", value))[0]


def java_point_hash(x: int, y: int) -> int:
    """``java.awt.geom.Point2D.hashCode()`` as an unsigned 32-bit value."""
    bits = (_double_bits(float(x)) ^ (_double_bits(float(y)) * 31)) & _LONG_MASK
    return ((bits & _INT_MASK) ^ (bits >> 32)) & _INT_MASK


def java_hashmap_order(keys: Iterable[Point]) -> list[Point]:
    """Distinct keys in the iteration order of a ``java.util.HashMap`` filled in this order.

    Buckets are visited in index order and, within a bucket, in insertion order
    (HashMap's resize split keeps that order). Growth follows HashMap.putVal: a bin
    reaching 9 entries in a table smaller than 64 doubles the table (instead of
    becoming a tree), then the size passing 3/4 of the capacity doubles it. Tree bins
    (9+ colliding origins in a table of 64+) are not modelled.
    """
    order: list[Point] = []
    spread: dict[Point, int] = {}
    capacity = 16
    for key in keys:
        if key in spread:
            continue  # put() on an existing key replaces the value in place
        h = java_point_hash(*key)
        spread[key] = h ^ (h >> 16)
        order.append(key)
        if capacity < 64 and _bin_size(order, spread, capacity, key) >= 9:
            capacity *= 2
        if len(order) > capacity * 3 // 4:
            capacity *= 2
    return sorted(order, key=lambda k: spread[k] & (capacity - 1))  # stable: insertion order kept


def _bin_size(keys: Sequence[Point], spread: dict[Point, int], capacity: int, key: Point) -> int:
    index = spread[key] & (capacity - 1)
    return sum(1 for k in keys if spread[k] & (capacity - 1) == index)


class RegionGrid:
    """Named points; every location is named after the nearest region, on or off the board."""

    def __init__(self, regions: Sequence[Region], snap_to: bool = True, size: tuple[int, int] = (0, 0)):
        by_origin: dict[Point, Region] = {}
        for region in regions:
            by_origin[(region.x, region.y)] = region  # a duplicate origin overwrites
        self.regions = [by_origin[k] for k in java_hashmap_order((r.x, r.y) for r in regions)]
        self.snap_to = snap_to
        self.size = size

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str] | None, regions: Sequence[Region],
                        size: tuple[int, int] = (0, 0), source: str | None = None,
                        where: str = "RegionGrid") -> RegionGrid:
        """Build from buildFile attributes; note the lower-case ``snapto`` attribute."""
        a = Attributes(attrs, source, where)
        return cls(regions, snap_to=a.boolean("snapto", True), size=size)

    def __repr__(self) -> str:
        return f"RegionGrid({len(self.regions)} regions)"

    def nearest(self, x: int, y: int) -> Region | None:
        """The region whose origin is nearest; on a tie the first in VASSAL's order."""
        best = None
        best_dist = None
        for region in self.regions:
            dist = (x - region.x) ** 2 + (y - region.y) ** 2
            if best_dist is None or dist < best_dist:
                best, best_dist = region, dist
        return best

    def snap(self, x: int, y: int, force: bool = False, center_only: bool = False) -> Point:
        if not self.snap_to and not force:
            return x, y
        region = self.nearest(x, y)
        if region is None:  # no regions
            return x, y
        return region.x, region.y

    def location_name(self, x: int, y: int) -> str | None:
        """The nearest region's name, wherever the point is; None only without regions."""
        region = self.nearest(x, y)
        return None if region is None else region.name

    def hex_at(self, x: int, y: int) -> str | None:
        return self.location_name(x, y)

    def point_of_location(self, name: str) -> Point | None:
        for region in self.regions:
            if region.name == name:
                return region.x, region.y
        return None
