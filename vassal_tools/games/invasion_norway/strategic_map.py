"""The Scotland sub-zones (1.3).

1.3: "The Scotland land zone is divided into three sub-zones, each of which borders on a different
sea zone. ... However, a naval unit based in the Scotland zone may only enter the sea zone which the
sub-zone that it occupies borders on." A record may write a whole move as one entry, so a move from a
sub-zone to a far sea zone is judged by cost: it is a finding when the fewest Strategic Movement
Points (8.1: one per sea zone entered) from the sub-zone through the sea zone it borders exceed the
naval unit's SMA, so the unit must have left by another sub-zone's sea zone. Which sub-zone borders
which sea zone, and the zone borders, are the game data's (zone_adjacency.csv, sample): findings say
so.
"""

from __future__ import annotations

from collections import deque

from ...record import Entry, Move
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check


class ScotlandSubZones(Check):
    """1.3: a naval unit leaves a Scotland sub-zone by the sea zone it borders."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        s = self.cfg["strategic_map"]
        if not isinstance(entry, Move) or previous is None or previous.loc is None:
            return
        u = audit.units[entry.unit]
        start = self.game.zones.get(previous.loc)
        if not self.kinds.is_naval(u) or start is None or start.parent != s["divided_zone"]:
            return
        goal = self.game.zone_of(entry.to)
        if goal is None or goal not in self.game.zones or self.game.zones[goal].kind != "sea":
            return
        cost, sma = self.sea_cost(start.name, goal), float(u.get("sma") or 0)
        if cost is None or not sma or cost <= sma:
            return
        own = ", ".join(sorted(self.game.zone_borders.get(start.name, ())))
        audit.report(self.rules.rule(s["rule"]), f"{entry.unit} sails from {start.name} to {goal}: through {own}, "
                     f"the sea zone its sub-zone borders, that is {cost} SMPs, beyond its SMA ({sma:g}); it left by "
                     f"another sub-zone's sea zone", where=entry.to, units=[entry.unit], excess=cost - sma,
                     samples=s["sample"])

    def sea_cost(self, start: str, goal: str) -> int | None:
        """SMPs from a sub-zone to a sea zone, entering sea zones only (8.1)."""
        zones, borders = self.game.zones, self.game.zone_borders
        seen, queue = {start: 0}, deque([start])
        while queue:
            zone = queue.popleft()
            if zone == goal:
                return seen[zone]
            for nxt in borders.get(zone, ()):
                if nxt not in seen and zones[nxt].kind == "sea":
                    seen[nxt] = seen[zone] + 1
                    queue.append(nxt)
        return None
