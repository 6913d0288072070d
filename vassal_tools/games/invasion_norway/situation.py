"""What the rules derive from where the units are: occupied hexes, ZOCs, control,
and the hexes a side's lines of supply may not enter.

Recomputed only when the position changes (its ``version``), so a combat phase
with many attacks pays for one ZOC computation, not one per attack.
"""

from __future__ import annotations

from collections import defaultdict

from ...record import Unit
from ...rules.position import Position
from .data import NorwayGame
from .terrain import Terrain
from .units import UnitKinds

SIDES = ("german", "allied")


def enemy(side: str) -> str:
    return "allied" if side == "german" else "german"


class Situation:
    """Derived facts of one Position for the Invasion: Norway rules."""

    def __init__(self, position: Position, game: NorwayGame, terrain: Terrain, kinds: UnitKinds):
        self.position = position
        self.game = game
        self.terrain = terrain
        self.kinds = kinds
        self._version = -1
        self._land: dict[str, dict[str, list[str]]] = {}
        self._defended: dict[str, set[str]] = {}
        self._zoc: dict[str, set[str]] = {}
        self._blocked: dict[str, frozenset[str]] = {}
        self._hostile: dict[tuple, frozenset[str]] = {}

    def unit(self, uid: str) -> Unit:
        return self.position.units[uid]

    # -- occupation

    def _refresh(self) -> None:
        if self._version == self.position.version:
            return
        self._version = self.position.version
        land: dict[str, dict[str, list[str]]] = {s: defaultdict(list) for s in SIDES}
        defended: dict[str, set[str]] = {s: set() for s in SIDES}
        battalions: dict[str, set[str]] = {s: set() for s in SIDES}
        hexes = self.game.hexes
        for loc, ids in self.position.occupied():
            if loc not in hexes:
                continue
            for uid in ids:
                u = self.unit(uid)
                if not self.kinds.is_land(u) or u.side is None:
                    continue
                land[u.side][loc].append(uid)
                if self.kinds.has_defense(u):
                    defended[u.side].add(loc)
                if self.kinds.is_battalion(u):
                    battalions[u.side].add(loc)
        projection = self.terrain.zoc
        self._land = land
        self._defended = defended
        self._zoc = {s: projection.zoc(battalions[s]) for s in SIDES}
        self._blocked = {}

    def land_units(self, side: str) -> dict[str, list[str]]:
        """Hex -> the side's land units there (SPs and markers are not land units)."""
        self._refresh()
        return self._land[side]

    def defended(self, side: str) -> set[str]:
        """Hexes holding a land unit of the side with a Defense Factor greater than zero."""
        self._refresh()
        return self._defended[side]

    def zoc(self, side: str) -> set[str]:
        """Hexes in the ZOC of the side's battalions (11.1.3)."""
        self._refresh()
        return self._zoc[side]

    def blocked(self, side: str) -> frozenset[str]:
        """Hexes a line of supply of ``side`` may not enter (13.3.3): enemy units with a
        Defense Factor, and enemy ZOCs not negated by a friendly unit with one."""
        self._refresh()
        found = self._blocked.get(side)
        if found is None:
            other = enemy(side)
            found = frozenset(self._defended[other] | (self._zoc[other] - self._defended[side]))
            self._blocked[side] = found
        return found

    def situation_key(self, side: str) -> tuple:
        """Changes whenever :meth:`blocked` or the thaw may: a cache key for supply searches."""
        return (side, self.position.version, self.position.turn)

    # -- control (1.6)

    def controller(self, hex_: str) -> str:
        """Who controls a hex: as last set, else the Allies (1.6: all hexes start Allied)."""
        return self.position.control.get(hex_, "allied")

    def control_key(self) -> frozenset:
        """Who controls what, as last set: changes whenever control does (a cache key)."""
        return frozenset(self.position.control.items())

    def hostile(self, side: str, shown_only: bool = False) -> frozenset[str]:
        """Hexes ``side`` does not control (1.6): its lines of supply may not enter them.
        ``shown_only``: only those whose control the record set (a unit took it, a control entry)."""
        key = (side, shown_only, self.control_key())
        found = self._hostile.get(key)
        if found is None:
            if shown_only:
                found = frozenset(h for h, s in self.position.control.items() if s != side and h in self.game.hexes)
            else:
                found = frozenset(h for h in self.game.hexes if self.controller(h) != side)
            if len(self._hostile) > 8:
                self._hostile.clear()
            self._hostile[key] = found
        return found

    def enemy_defended_at(self, side: str, hex_: str) -> bool:
        self._refresh()
        return hex_ in self._defended[enemy(side)]
