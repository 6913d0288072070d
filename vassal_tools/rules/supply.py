"""Lines of supply: "within N Movement Points of a movement class, along a line that may
not enter certain hexes".

:class:`SupplyLines` answers such questions for a game whose cost graphs are built
once. The hexes a line may not enter (enemy units, unnegated enemy ZOCs...) depend
on the moment; the caller passes them together with a ``situation`` key that
changes whenever they do, and searches are cached under that key, so the many
questions asked about one unchanged situation (every SP of every attack of a
combat phase) cost one search per starting hex.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping
from dataclasses import dataclass

from .movement import INF, CostGraph, reach


@dataclass(frozen=True)
class SupplyLine:
    """The answer to one question: found or not, and what the line costs."""

    found: bool
    cost: float

    def __bool__(self) -> bool:
        return self.found


class SupplyLines:
    """Capped searches over per-class cost graphs, cached per situation."""

    def __init__(self, graphs: Mapping[str, CostGraph]):
        self.graphs = graphs
        self._cache: dict[tuple, dict[str, float]] = {}
        self._situation: Hashable = None

    def reach(self, start: str, move_class: str, cap: float, blocked: Collection[str],
              situation: Hashable) -> dict[str, float]:
        """Hexes within ``cap`` MPs of ``start`` (start excluded from the cost, the end included)."""
        if situation != self._situation:
            self._cache.clear()
            self._situation = situation
        key = (start, move_class, cap)
        found = self._cache.get(key)
        if found is None:
            graph = self.graphs[move_class]
            found = reach(graph, start, cap, blocked) if start in graph.edges else {start: 0.0}
            self._cache[key] = found
        return found

    def line(self, start: str, goals: Collection[str], move_class: str, cap: float,
             blocked: Collection[str], situation: Hashable) -> SupplyLine:
        """Is any of ``goals`` within ``cap`` MPs of ``start``? The cheapest one's cost."""
        reached = self.reach(start, move_class, cap, blocked, situation)
        best = min((reached[g] for g in goals if g in reached), default=INF)
        return SupplyLine(best < INF, best)
