"""Zones of control: which hexes a side's units exert a ZOC into.

Into which neighbours a unit in a hex projects its ZOC depends only on the map
(terrain of the neighbour, the hexside between), so a game computes that once as
a :class:`ZocProjection`. Which hexes are in a side's ZOC at a moment is then the
union of the projections of the hexes its ZOC-exerting units occupy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class ZocProjection:
    """For each hex, the hexes a ZOC-exerting unit there projects a ZOC into."""

    into: Mapping[str, tuple[str, ...]]

    def zoc(self, occupied: Iterable[str]) -> set[str]:
        """All hexes in the ZOC of units occupying the given hexes."""
        out: set[str] = set()
        into = self.into
        for hex_ in occupied:
            out.update(into.get(hex_, ()))
        return out


def build_projection(hexes: Iterable[str], neighbours: Callable[[str], Iterable[str]],
                     projects: Callable[[str, str], bool]) -> ZocProjection:
    """A ZocProjection from the game's rule for one hex projecting into an adjacent one."""
    return ZocProjection({a: tuple(b for b in neighbours(a) if projects(a, b)) for a in hexes})
