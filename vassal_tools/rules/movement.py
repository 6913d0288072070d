"""Movement costs over a hex map: how many Movement Points a path costs, and what is in reach.

The map is turned once into a :class:`CostGraph` per movement class (for each hex,
its neighbours and what it costs to enter each one from it, terrain and hexside
included); after that every "within N MPs" question is a capped Dijkstra search
over plain dicts and tuples, fast enough to ask thousands of times per audit.

Costs follow the usual wargame convention: the hex a unit starts in costs nothing,
each hex entered costs what entering it costs. Hexes that may not be entered at
all (prohibited terrain, enemy units, unnegated enemy ZOCs on a supply line) are
passed to :func:`reach` as ``blocked``.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass

INF = math.inf


@dataclass(frozen=True)
class CostGraph:
    """For each hex, ``(neighbour, cost to enter it from here)`` pairs; impassable steps left out."""

    move_class: str
    edges: Mapping[str, tuple[tuple[str, float], ...]]

    def cost(self, a: str, b: str) -> float:
        """The cost of stepping from ``a`` into adjacent ``b`` (INF if not allowed)."""
        for hex_, cost in self.edges.get(a, ()):
            if hex_ == b:
                return cost
        return INF


def build_graph(move_class: str, hexes: Iterable[str], neighbours: Callable[[str], Iterable[str]],
                step_cost: Callable[[str, str], float]) -> CostGraph:
    """A CostGraph from a neighbour function and the cost of each single step."""
    edges: dict[str, tuple[tuple[str, float], ...]] = {}
    for a in hexes:
        steps = []
        for b in neighbours(a):
            cost = step_cost(a, b)
            if cost < INF:
                steps.append((b, cost))
        edges[a] = tuple(steps)
    return CostGraph(move_class, edges)


def reach(graph: CostGraph, start: str, cap: float, blocked: Collection[str] = frozenset()) -> dict[str, float]:
    """Every hex reachable from ``start`` for at most ``cap`` MPs, with its cheapest cost.

    ``start`` itself costs 0 and is always included; a blocked hex is never entered.
    """
    best = {start: 0.0}
    heap = [(0.0, start)]
    edges = graph.edges
    while heap:
        cost, hex_ = heapq.heappop(heap)
        if cost > best.get(hex_, INF):
            continue
        for nxt, step in edges.get(hex_, ()):
            total = cost + step
            if total > cap or nxt in blocked:
                continue
            if total < best.get(nxt, INF):
                best[nxt] = total
                heapq.heappush(heap, (total, nxt))
    return best


def path_cost(graph: CostGraph, start: str, goal: str, cap: float = INF,
              blocked: Collection[str] = frozenset()) -> float:
    """The cheapest cost from ``start`` to ``goal`` (INF if not within ``cap``)."""
    if start == goal:
        return 0.0
    return reach(graph, start, cap, blocked).get(goal, INF)
