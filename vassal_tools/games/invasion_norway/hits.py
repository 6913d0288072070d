"""Hit effects (10.1): on ships that are moving, ports, airbases and coast artillery batteries.

10.1.1: "If a ship (not a two-point naval unit) is damaged while moving, it must immediately stop
moving in the zone where it was damaged." A ship of the moving side whose steps drop (but not to
zero) in its Naval Movement Phase and that moves again in that phase is a finding.

10.1.2: "A port can accumulate a number of hits equal to its Unloading Capacity. Each hit on a port
reduces its Unloading Capacity by one and eliminates one Supply Point stacked in the hex (if any)."
10.1.3: "An airbase can accumulate a number of hits equal to its Airbase Capacity. Each hit on an
airbase reduces its Airbase Capacity by one and eliminates one air point based there." (Exception:
a frozen lake airbase reduced to zero loses all its air points.) A ``hits`` entry past the
installation's capacity is a finding; so is a phase that ends with fewer supply points (air points)
eliminated from those in the hex (based there) when the hits came than the hits added, or than
there were. Which air point each hit takes (odd hits the defender's, even the attacker's) is the
players' choice: any is legal. The capacities are places.csv's, mostly sample: findings say so.
The reduced capacities themselves are judged under 5.1 and 5.2.2.

10.1.5: "A coast artillery battery can accumulate a number of hits equal to its Naval Attack Factor
plus one." A battery's hits are written on ``battery:NAME`` (a fixed battery of places.csv) or
``battery:UNIT`` (a mobile one); more than its Naval Attack Factor plus one is a finding. That a
battery reduced below zero "can no longer fire" belongs to its fire (9.1), not judged here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...record import Entry, Hits, Move, Steps
from ...rules.engine import Audit
from ...rules.position import UnitState
from .data import Airbase
from .rules import NAVAL_MOVEMENT, Check, InvasionNorwayRules


@dataclass
class _Due:
    """Units a hit must eliminate by the end of the phase: ``count`` points of ``units`` (id -> points then)."""

    rule: str
    case: str
    loc: str
    count: int
    units: dict[str, int] = field(default_factory=dict)


class HitEffects(Check):
    """10.1.1, 10.1.2, 10.1.3 and 10.1.5."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.hits_before = 0
        self.sources = {(p.kind, p.hex or p.name): p.source for p in self.game.data.places}

    def start_phase(self, audit: Audit) -> None:
        self.damaged: dict[str, str] = {}  # ship damaged while moving -> where
        self.due: list[_Due] = []

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Hits):
            self.hits_before = audit.position.hits.get(entry.loc, 0)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, Hits) and entry.to > self.hits_before:
            self.hit(audit, entry, entry.to - self.hits_before)
        elif isinstance(entry, Steps) and previous is not None:
            self.ship_damaged(audit, entry, previous)
        elif isinstance(entry, Move) and entry.unit in self.damaged:
            where = self.damaged.pop(entry.unit)
            audit.report(self.rules.rule(self.cfg["hits"]["ship_rule"]),
                         f"{entry.unit} was damaged while moving in {where} and moves on to {entry.to}; a damaged "
                         f"ship stops moving in the zone where it was damaged", where=where, units=[entry.unit])

    # -- 10.1.1

    def ship_damaged(self, audit: Audit, entry: Steps, previous: UnitState) -> None:
        u = audit.units[entry.unit]
        side = NAVAL_MOVEMENT.get(audit.position.phase or "")
        before = previous.steps if previous.steps is not None else (u.steps or 2)
        if (side is None or u.side != side or not self.kinds.is_naval(u) or self.kinds.is_point_unit(u)
                or not 0 < entry.to < before or previous.loc is None):
            return
        self.damaged[entry.unit] = previous.loc

    # -- 10.1.2, 10.1.3

    def hit(self, audit: Audit, entry: Hits, added: int) -> None:
        h = self.cfg["hits"]
        if entry.loc in self.game.batteries:
            naf = self.game.batteries[entry.loc]
            if naf is not None:
                name = entry.loc.partition(":")[2]
                fixed = ("coast_artillery", self.game.hex_of(entry.loc) or "")
                self.limit(audit, entry, h["battery_rule"], naf + 1, f"{name}'s Naval Attack Factor ({naf}) plus one",
                           ["the battery's Naval Attack Factor (places.csv, sample)"]
                           if "sample" in self.sources.get(fixed, "") else [])
            return
        port = self.game.ports.get(entry.loc) if entry.loc in self.game.hexes else None
        if port is not None and port.unloading is not None:
            self.limit(audit, entry, h["port_rule"], port.unloading, f"{port.name}'s Unloading Capacity",
                       self.sample("port", entry.loc))
            sps = {uid: audit.position.strength(uid) for uid in audit.position.at(entry.loc)
                   if self.kinds.is_sp(audit.units[uid])}
            self.owe(h["port_rule"], "supply", entry.loc, added, sps)
            return
        base = self.game.airbase(entry.loc) if not entry.loc.isdigit() else self.game.airbase_in(entry.loc)
        if base is None or base.kind in ("zone", "carrier"):
            return
        a = self.cfg["airbase"]
        capacity = base.capacity if base.kind != "frozen_lake" else a["frozen_lake_capacity"]
        if base.loc == f"airbase:{a['bardufoss']}" and not self.rules.bardufoss_upgraded:
            capacity = a["bardufoss_capacity_before_upgrade"]  # 5.1.3: one until upgraded
        if capacity is None:
            return
        hits = self.base_hits(audit, base)
        self.limit(audit, entry, h["airbase_rule"], capacity, f"{base.loc}'s Airbase Capacity",
                   self.sample("airbase", base.hex or ""), hits)
        based = {uid: audit.position.strength(uid) for loc in {base.loc, base.hex} if loc
                 for uid in audit.position.at(loc) if audit.units[uid].unit_class == "air"}
        if base.kind == "frozen_lake" and hits >= capacity:
            self.owe(h["airbase_rule"], "frozen-lake", base.loc, sum(based.values()), based)
        else:
            self.owe(h["airbase_rule"], "air", base.loc, added, based)

    def base_hits(self, audit: Audit, base: Airbase) -> int:
        hits = audit.position.hits.get(base.loc, 0)
        if base.hex and base.hex not in self.game.ports:
            hits += audit.position.hits.get(base.hex, 0)  # a hit on the hex of an airbase without a port
        return hits

    def limit(self, audit: Audit, entry: Hits, rule: str, capacity: int, what: str, samples: list[str],
              hits: int | None = None) -> None:
        hits = entry.to if hits is None else hits
        if hits > capacity:
            audit.report(self.rules.rule(rule), f"{entry.loc} has {hits} hits, more than {what} of {capacity}; "
                         f"it can accumulate no more hits than that", where=entry.loc, excess=hits - capacity,
                         samples=samples)

    def owe(self, rule: str, case: str, loc: str, count: int, units: dict[str, int]) -> None:
        count = min(count, sum(units.values()))
        if count > 0:
            self.due.append(_Due(rule, case, loc, count, units))

    def sample(self, kind: str, hex_: str) -> list[str]:
        source = self.sources.get((kind, hex_), "")
        return [f"the {kind}'s capacity in {hex_} (places.csv, sample)"] if "sample" in source else []

    def end_phase(self, audit: Audit) -> None:
        pos = audit.position
        for due in self.due:
            lost = sum(points - (pos.strength(uid) if pos.on_map(uid) else 0) for uid, points in due.units.items())
            if lost < due.count:
                what = "supply points" if due.case == "supply" else "air points"
                audit.report(self.rules.rule(due.rule),
                             f"{due.count} {what} at {due.loc} are eliminated by its hits, but {lost} were by the "
                             f"end of the phase", where=due.loc, units=sorted(due.units), excess=due.count - lost,
                             case=due.case)
        self.due = []
