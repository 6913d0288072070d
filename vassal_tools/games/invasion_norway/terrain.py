"""The Operational Map as movement costs and ZOC projections (11.1.3, 11.2, 3.3.1).

Built once per game (and per set of thawed zones, since the Thaw changes what
Leg and Mountain units may cross) from hexes.csv and hexsides.csv, with the
Terrain Effects Chart values of pack.toml. The chart did not survive in the
rulebook text: the values the text gives are used as given, the others are
the pack's ``[movement.sample]`` values, and :attr:`Terrain.samples` names them so
that findings which relied on a line of supply can say so.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from ...rules.movement import INF, CostGraph, build_graph
from ...rules.zoc import ZocProjection, build_projection
from .data import NorwayGame

ROADS = ("road", "highway", "railroad")
WATER = ("lake", "fjord", "sea")


class Terrain:
    """Cost graphs per movement class and thaw state, and the ZOC projection of the map."""

    def __init__(self, game: NorwayGame, movement: Mapping[str, Any]):
        self.game = game
        self.movement = movement
        self.sides: dict[frozenset, set[str]] = defaultdict(set)
        self.ferries: dict[str, set[str]] = defaultdict(set)
        for side in game.data.hexsides:
            if side.feature == "ferry":
                self.ferries[side.a].add(side.b)
                self.ferries[side.b].add(side.a)
            else:
                self.sides[frozenset((side.a, side.b))].add(side.feature)
        self.land = [h for h, info in game.hexes.items() if info.is_land]
        grid = game.data.grid
        self.neighbours = {h: tuple(grid.neighbours(h)) for h in game.hexes}
        self._graphs: dict[tuple[str, frozenset], CostGraph] = {}

    @property
    def samples(self) -> tuple[str, ...]:
        """What a finding relying on a movement cost should say it relied on."""
        return ("Terrain Effects Chart movement costs (pack.toml [movement.sample])",)

    def features(self, a: str, b: str) -> set[str]:
        return self.sides.get(frozenset((a, b)), set())

    # -- ZOCs (11.1.3)

    @cached_property
    def zoc(self) -> ZocProjection:
        """Where a battalion projects its ZOC: adjacent Clear hexes, and hexes linked by road,
        highway or railroad; never across Lake or Fjord hexsides except along those, nor
        across Sea hexsides (11.1.3 and its exceptions)."""
        hexes = self.game.hexes

        def projects(a: str, b: str) -> bool:
            target = hexes[b]
            if not target.is_land:
                return False
            features = self.features(a, b)
            if "sea" in features:
                return False
            if features & set(ROADS):
                return True
            return target.terrain == "clear" and not features & {"lake", "fjord"}

        return build_projection(self.land, lambda h: self.neighbours[h], projects)

    # -- movement costs (11.2)

    def graph(self, move_class: str, thawed: frozenset[str]) -> CostGraph:
        """Entering costs for a movement class with the Thaw begun in ``thawed`` zones."""
        relevant = thawed & self._thaw_zones
        key = (move_class, relevant)
        graph = self._graphs.get(key)
        if graph is None:
            graph = self._build(move_class, relevant)
            self._graphs[key] = graph
        return graph

    @cached_property
    def _thaw_zones(self) -> frozenset[str]:
        return frozenset(self.game.thaw_turns)

    def _build(self, move_class: str, thawed: frozenset[str]) -> CostGraph:
        """Build the graph; with some zones thawed, patch the unthawed one where the Thaw matters."""
        def neighbours(h: str):
            return set(self.neighbours[h]) | self.ferries.get(h, set())

        def cost(a: str, b: str) -> float:
            return self.step_cost(move_class, a, b, thawed)

        if not thawed:
            return build_graph(move_class, self.land, neighbours, cost)
        base = self.graph(move_class, frozenset())
        changed = build_graph(move_class, [h for h in self._thaw_sensitive if h in base.edges], neighbours, cost)
        return CostGraph(move_class, {**base.edges, **changed.edges})

    @cached_property
    def _thaw_sensitive(self) -> frozenset[str]:
        """Hexes some step out of which costs more or less once the Thaw begins: across a lake
        hexside, along a road or highway (motorized units, 3.3.1), by ferry (11.2.2)."""
        out = set(self.ferries)
        for key, features in self.sides.items():
            if features & {"lake", "road", "highway"}:
                out.update(key)
        return frozenset(out)

    def step_cost(self, move_class: str, a: str, b: str, thawed: frozenset[str]) -> float:
        """MPs to enter ``b`` from ``a`` (adjacent, or linked by a ferry); INF if prohibited."""
        hexes = self.game.hexes
        target = hexes[b]
        if not target.is_land:  # all-sea hexes, and Sweden (11.2.3)
            return INF
        adjacent = b in self.neighbours[a]
        features = self.features(a, b) if adjacent else set()
        best = INF
        if b in self.ferries.get(a, ()):
            best = self._ferry_cost(move_class, features, target.zone, thawed)
        if not adjacent or "sea" in features:
            return best
        if hexes[a].border and target.border and "swedish_border" not in features:
            return best  # 11.2.3: border hexes connect only where the border links them
        roads = [f for f in ROADS if f in features]
        if roads:
            # 11.2: along a road, highway or railroad only its cost counts.
            return min(best, *(self._road_cost(move_class, f, target.zone, thawed) for f in roads))
        return min(best, self._open_cost(move_class, features, target.terrain, target.zone, thawed))

    def _ferry_cost(self, move_class: str, features: set[str], zone: str, thawed: frozenset[str]) -> float:
        if "lake" in features and zone not in thawed:
            return INF  # 11.2.2 Exception: no ferries across lakes before the Thaw
        return self.movement["ferry"].get(move_class, INF)

    def _road_cost(self, move_class: str, road: str, zone: str, thawed: frozenset[str]) -> float:
        m, sample = self.movement, self.movement["sample"]
        if move_class == "motorized":
            if road == "road":  # 3.3.1
                if zone in thawed:
                    north = zone in m["road_motorized_thaw_north_zones"]
                    return m["road_motorized_thaw_north"] if north else m["road_motorized_thaw"]
                return m["road_motorized"]
            if road == "highway" and zone in thawed:
                return m["highway_motorized_thaw"]  # 3.3.1
        return sample[road].get(move_class, INF)

    def _open_cost(self, move_class: str, features: set[str], terrain: str, zone: str,
                   thawed: frozenset[str]) -> float:
        sample = self.movement["sample"]
        if "fjord" in features:
            return INF  # 11.2.2: fjord hexsides only by ferry
        extra = 0.0
        if "lake" in features:
            # 3.3.1: Leg and Mountain units cross frozen lakes until the Thaw.
            if zone in thawed or move_class not in sample["frozen_lake"]:
                return INF
            extra += sample["frozen_lake"][move_class]
        if "river" in features:
            extra += sample["river"].get(move_class, 0)
        return sample["terrain"][move_class].get(terrain, INF) + extra
