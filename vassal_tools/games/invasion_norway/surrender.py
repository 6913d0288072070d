"""Norwegian surrender (13.4, 13.4.1), judged at the end of the Norwegian Surrender Phase.

A Norwegian land unit on the Operational Map is in supply if it traces a line of
at most eight Leg MPs (eight Mountain MPs, for mountain units, to a mobilization
center or Dombaas) to friendly Dombaas (3622), a friendly mobilization center, or
a railroad hex joined to one of those by railroad hexes free of enemy units with
a Defense Factor and of enemy ZOCs (13.4); or if an Allied SP expended in the
phase is within its 13.3.2 range; or if a Leader saves it (13.4.1: an infantry or
ski battalion, one unit per Leader, three per scenario). A unit out of supply surrenders: one still
on the map when the phase ends is a finding.
"""

from __future__ import annotations

from collections import deque

from ...record import Entry, Remove
from ...rules.engine import Audit
from .rules import Check, InvasionNorwayRules


class Surrender(Check):
    """13.4 and 13.4.1."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.saved: set[str] = set()  # units a Leader has saved (13.4.1)
        self.assigned: dict[str, str] = {}  # a Leader (marker id, or "name:" his name) -> his one unit

    def start_phase(self, audit: Audit) -> None:
        self.expended: dict[str, str] = {}

    def before(self, audit: Audit, entry: Entry) -> None:
        if audit.position.phase == "norwegian-surrender" and isinstance(entry, Remove):
            u = audit.units[entry.unit]
            loc = audit.position.loc(entry.unit)
            if self.kinds.is_sp(u) and u.side == "allied" and loc is not None:
                self.expended[entry.unit] = loc

    def end_phase(self, audit: Audit) -> None:
        if audit.position.phase != "norwegian-surrender":
            return
        s = self.cfg["surrender"]
        rail = self.rail_net(audit)
        centres = self.centres(audit)
        for hex_, ids in sorted(self.rules.situation.land_units("allied").items()):
            for uid in sorted(ids):
                u = audit.units[uid]
                if not self.kinds.is_norwegian(u) or self.kinds.is_truck(u):
                    continue
                if self.supplied(audit, uid, hex_, centres, rail):
                    continue
                if self.leader(audit, uid, hex_):
                    continue
                audit.report(self.rules.rule(s["rule"]),
                             f"Norwegian {uid} in {hex_} is out of supply: no line of {s['range']} MPs to friendly "
                             f"Dombaas, a friendly mobilization center or a connected railroad, and no SP or "
                             f"Leader; it must surrender"
                             f"{self.rules.assumed_friendly('allied', [hex_], 'leg', s['range'], audit.position.turn)}",
                             where=hex_, units=[uid],
                             samples=self.rules.terrain.samples)

    def centres(self, audit: Audit) -> set[str]:
        """Friendly (Allied) Dombaas and mobilization centers."""
        sit = self.rules.situation
        hexes = set(self.game.mobilization_centers) | {self.cfg["surrender"]["dombaas"]}
        return {h for h in hexes if sit.controller(h) == "allied"}

    def rail_net(self, audit: Audit) -> set[str]:
        """Railroad hexes joined to a friendly center by railroad, avoiding enemy units and ZOCs."""
        sit, terrain = self.rules.situation, self.rules.terrain
        bad = sit.defended("german") | sit.zoc("german")
        rails: dict[str, list[str]] = {}
        for key, features in terrain.sides.items():
            if "railroad" in features:
                a, b = tuple(key)
                rails.setdefault(a, []).append(b)
                rails.setdefault(b, []).append(a)
        start = [h for h in self.centres(audit) if h in rails and h not in bad]
        seen, queue = set(start), deque(start)
        while queue:
            hex_ = queue.popleft()
            for nxt in rails.get(hex_, ()):
                if nxt not in seen and nxt not in bad:
                    seen.add(nxt)
                    queue.append(nxt)
        return seen

    def supplied(self, audit: Audit, uid: str, hex_: str, centres: set[str], rail: set[str]) -> bool:
        s, pos = self.cfg["surrender"], audit.position
        lines = self.rules.supply_line
        mountain = self.kinds.is_mountain(audit.units[uid])
        if lines("allied", hex_, centres | rail, "leg", s["range"], pos.turn):
            return True
        if mountain and lines("allied", hex_, centres, "mountain", s["range"], pos.turn):
            return True
        sps = [self.game.hex_of(loc) for loc in self.expended.values()]
        reach = self.cfg["supply"]["range"]
        return bool(sps) and bool(lines("allied", hex_, sps, "mountain" if mountain else "leg", reach, pos.turn))

    def leader(self, audit: Audit, uid: str, hex_: str) -> bool:
        """13.4.1: a Leader saves one infantry or ski battalion, three per scenario. "He only
        affects that single unit": once assigned he cannot be transferred, so a Leader
        (a marker in the hex, or the unit's ``leader``) saves only the unit he was first given to."""
        s = self.cfg["surrender"]
        u = audit.units[uid]
        if uid in self.saved:
            return True  # immune to surrender for the rest of the scenario
        if not self.kinds.type_in(u, s["leader_types"]) or not self.kinds.is_battalion(u):
            return False
        free = [f"name:{u.leader}"] if u.leader else []
        free += [other for other in audit.position.at(hex_)
                 if audit.units[other].unit_class == "marker" and (audit.units[other].type or "").lower() == "leader"]
        free = [leader for leader in free if leader not in self.assigned]
        if not free:
            return False
        self.assigned[free[0]] = uid
        self.saved.add(uid)
        if len(self.saved) > s["leaders"]:
            audit.report(self.rules.rule(s["leader_rule"]),
                         f"a Leader saves {uid}, but only {s['leaders']} Norwegian units per scenario may "
                         f"be assigned Leaders", where=hex_, units=[uid], excess=len(self.saved) - s["leaders"])
        return True
