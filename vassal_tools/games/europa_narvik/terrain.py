"""The sample sheet as the checks read it: terrain, ports, airfields, and lines of supply in MPs.

europa-narvik.txt gives no map and no terrain effects chart: one MP a clear hex (7) and a road hex
(9B), mountain hexes closed to combat/motorized units and 1 MP for mountain units south of the A
weather line (11A) are the text's; every other cost, and every hex's terrain, is a sample
(``pack.toml`` [terrain]). The sheet is numbered XXYY like the module's grid; a hex a record names on
a printed map (``10B:1234``) is not the sheet's: its terrain is clear (sample: one MP a hex) and
whether it is a port or full sea is unknown, so nothing is judged on it. Hexes of two different
printed maps have no known path between them.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping
from typing import Any

from ...gamedata import NEUTRAL_FLAG, GameData
from .catalogue import OPEN_GRID, split_hex

# What a finding judged from the sheet's water relies on: real geography, not a sample (GSHHG's
# coast and lakes through the grid geo.toml lays down; hexes.csv terrain ``sea``, coast ``sea``,
# hexsides.csv ``lake``), approximate at 16 miles a hex.
FULL_SEA = "approximate: the sheet's full sea hexes (GSHHG)"
WATER = "approximate: the sheet's full and partial sea hexes (GSHHG)"
LAKES_AND_COAST = "approximate: the sheet's lake hexsides and partial sea hexes (GSHHG)"


class Sheet:
    """Terrain and paths of the sample sheet, with the costs of pack.toml."""

    def __init__(self, data: GameData, config: Mapping[str, Any]):
        self.data = data
        self.costs: Mapping[str, Any] = config["terrain"]
        self.ports = {p.hex for p in data.places if p.kind == "port"}
        self.airfields = {p.hex for p in data.places if p.kind == "airbase"}
        self.roads = {frozenset((s.a, s.b)) for s in data.hexsides if s.feature in ("road", "railroad")}
        self.sea_zones = {z.name for z in data.zones.values() if z.kind == "sea"}
        self.neutral_zones = {z.name for z in data.zones.values() if z.flag == NEUTRAL_FLAG}

    def hex_of(self, loc: str | None) -> str | None:
        """The XXYY of a hex LOC, whatever its map (the number a path is traced by)."""
        parts = split_hex(loc)
        return parts[1] if parts else None

    def known(self, loc: str | None) -> str | None:
        """The sheet's hex of a LOC: a bare XXYY the sheet holds; None for a printed map's hex or any other LOC."""
        parts = split_hex(loc)
        return parts[1] if parts is not None and parts[0] is None and parts[1] in self.data.hexes else None

    def neutral(self, loc: str | None) -> str | None:
        """The neutral (24: Sweden, Finland) whose hex a LOC is, from the sheet's real borders; None
        for any other hex, a printed map's hex or any other LOC."""
        hex_ = self.data.hexes.get(self.known(loc) or "")
        return hex_.zone if hex_ is not None and hex_.zone in self.neutral_zones else None

    def terrain(self, loc: str) -> str:
        hex_ = self.data.hexes.get(self.known(loc) or "")
        return hex_.terrain if hex_ is not None else "clear"

    def is_port(self, loc: str | None) -> bool | None:
        """Whether a hex is a port (17); None when the sheet does not hold it."""
        hex_ = self.known(loc)
        return None if hex_ is None else hex_ in self.ports

    def is_full_sea(self, loc: str | None) -> bool | None:
        """A full sea hex, or a sea named as a whole (the North Sea, 17D); None when unknown."""
        if loc in self.sea_zones:
            return True
        hex_ = self.known(loc)
        return None if hex_ is None else self.terrain(hex_) == "sea"

    def north_of_a(self, loc: str) -> bool:
        hex_ = self.data.hexes.get(self.known(loc) or "")
        return hex_ is not None and hex_.weather == "a-north"

    def enter_cost(self, src: str, dst: str, move_class: str, on_sheet: bool = True) -> float | None:
        """MPs to enter ``dst`` from ``src`` for a unit of that class; None where it may not go. Off the
        sheet (a printed map's hexes) every hex is clear (sample)."""
        if not on_sheet:
            return 1.0
        ground = self.terrain(dst)
        if ground == "sea":
            return None
        if frozenset((self.known(src), self.known(dst))) in self.roads:
            return 1.0  # 9B: one MP a road hex, whatever the terrain
        if ground == "mountain":
            if move_class == "motorized":
                return None  # 11A: a combat/motorized unit may not trace through a mountain hex
            if move_class == "mountain" and not self.north_of_a(dst):
                return 1.0  # 11A: a mountain battalion, 1 MP a mountain hex south of the A line
        return float(self.costs.get(ground, 1))

    def reach(self, source: str, limit: float, move_class: str, blocked: Callable[[str], bool]) -> dict[str, float]:
        """Sheet hex (XXYY) -> least MPs from the hex ``source``, up to ``limit``; blocked hexes are never entered."""
        start = self.hex_of(source)
        if start is None or blocked(start):
            return {}
        on_sheet = self.known(source) is not None
        best = {start: 0.0}
        queue = [(0.0, start)]
        while queue:
            cost, hex_ = heapq.heappop(queue)
            if cost > best[hex_]:
                continue
            for near in OPEN_GRID.neighbours(hex_):
                step = self.enter_cost(hex_, near, move_class, on_sheet)
                if step is None or blocked(near):
                    continue
                total = cost + step
                if total <= limit and total < best.get(near, float("inf")):
                    best[near] = total
                    heapq.heappush(queue, (total, near))
        return best


def same_map(a: str, b: str) -> bool:
    """Whether a path between two hex LOCs can be known (no two different printed maps)."""
    pa, pb = split_hex(a), split_hex(b)
    return pa is not None and pb is not None and (pa[0] is None or pb[0] is None or pa[0] == pb[0])
