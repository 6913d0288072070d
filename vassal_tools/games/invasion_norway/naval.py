"""Naval movement: stacks of at most six units (8.1.1), and the Unloading Capacity of ports (5.2.2).

A moving stack is the naval units of one side that move with the same ``stack``
name in a Naval Movement Phase and stand together after a move. Cargo unloaded
in a port is every land unit, SP and ASP of the moving side that arrives in a
port during its Naval Movement Phase; how many ships and points unloaded it is
counted as the fewest of the naval units that entered that port in the phase
whose Weight Capacity (8.5) carries that cargo. The cargo weights come from the
Transport Chart, which is not in the text: findings say so.
"""

from __future__ import annotations

import math
from collections import defaultdict

from ...record import Entry, Intercept, Move, Place
from ...rules.engine import Audit
from ...rules.findings import counted
from ...rules.position import UnitState
from .rules import NAVAL_MOVEMENT, NAVAL_SEGMENT, Check, InvasionNorwayRules


class NavalStacks(Check):
    """8.1.1: no more than six naval units (not points) move in one stack, and "additional
    units may not be picked up in zones that a moving stack enters"; 8.1.2: stacks at sea combine
    only "if ... neither of them has moved" (two stacks that moved into a zone and leave it as one
    are combined; a stack that leaves as two has split, which 8.1.2 allows)."""

    def start_phase(self, audit: Audit) -> None:
        self.reported: set[str] = set()
        self.moved_to: dict[str, str] = {}  # naval unit -> where its last move this phase took it
        # (stack, place it leaves) -> the units leaving with it, and whether each had moved there
        self.departures: dict[tuple[str, str], dict[str, bool]] = defaultdict(dict)
        self.came_with: dict[str, str | None] = {}  # naval unit -> the stack its last move this phase was in
        # (stack, place it leaves) -> the stacks its units that had moved there came with (8.1.2)
        self.joined: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Move):
            return
        side = NAVAL_MOVEMENT.get(audit.position.phase or "")
        u = audit.units[entry.unit]
        if side != u.side or not self.kinds.is_naval(u):
            return
        start = previous.loc if previous is not None else None
        if entry.stack is not None and start is not None:
            departing = self.departures[(entry.stack, start)]
            departing.setdefault(entry.unit, self.moved_to.get(entry.unit) == start)
            came = self.came_with.get(entry.unit) if self.moved_to.get(entry.unit) == start else None
            if came is not None:
                self.joined[(entry.stack, start)].setdefault(entry.unit, came)
        self.moved_to[entry.unit] = entry.to
        self.came_with[entry.unit] = entry.stack
        if entry.stack is None:
            return
        pos = audit.position
        group = sorted(uid for uid in pos.at(entry.to) if uid in pos.moved and pos.stack(uid) == entry.stack
                       and audit.units[uid].side == side and self.kinds.is_naval(audit.units[uid]))
        limit = self.cfg["naval"]["max_stack_units"]
        if len(group) > limit and entry.stack not in self.reported:
            self.reported.add(entry.stack)
            audit.report(self.rules.rule(self.cfg["naval"]["stack_rule"]),
                         f"stack {entry.stack!r} moves {len(group)} naval units together; at most {limit} may "
                         f"move in one stack", where=entry.to, units=group, excess=len(group) - limit)

    def end_phase(self, audit: Audit) -> None:
        """A stack leaving a place with units that moved there and units that had not moved
        picked the latter up in a zone it entered (8.1.2 combines only stacks that have not moved)."""
        for (stack, place), departing in self.departures.items():
            if any(departing.values()) and not all(departing.values()):
                waiting = sorted(uid for uid, moved in departing.items() if not moved)
                audit.report(self.rules.rule(self.cfg["naval"]["stack_rule"]),
                             f"the moving stack {stack!r} picks up {', '.join(waiting)} in {place}, a zone it "
                             f"entered; additional units may not be picked up there", where=place, units=waiting)
        for (stack, place), came in self.joined.items():
            stacks = sorted(set(came.values()))
            if len(stacks) > 1:
                audit.report(self.rules.rule(self.cfg["naval"]["combine_rule"]),
                             f"the moving stacks {', '.join(map(repr, stacks))} leave {place} combined as {stack!r}; "
                             f"stacks combine only when neither has moved", where=place, units=sorted(came))


class Unloading(Check):
    """5.2.2: the ships and points that unload in a port in one Naval Movement Phase."""

    def start_phase(self, audit: Audit) -> None:
        self.side = NAVAL_MOVEMENT.get(audit.position.phase or "")
        self.cargo: dict[str, list[str]] = defaultdict(list)
        self.ships: dict[str, set[str]] = defaultdict(set)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if self.side is None:
            return
        loc = self.rules.arrived(entry, previous)
        if loc is None or loc not in self.game.ports or not isinstance(entry, (Place, Move)):
            return
        u = audit.units[entry.unit]
        if u.side != self.side:
            return
        if self.kinds.is_naval(u):
            self.ships[loc].add(entry.unit)
        elif u.unit_class in ("land", "supply"):
            self.cargo[loc].append(entry.unit)

    def end_phase(self, audit: Audit) -> None:
        if self.side is None:
            return
        for loc, cargo in sorted(self.cargo.items()):
            port = self.game.ports[loc]
            if port.unloading is None:
                continue
            capacity = port.unloading - audit.position.hits.get(loc, 0)
            used = self.carriers_needed(audit, cargo, self.ships.get(loc, set()))
            if used > capacity:
                hits = audit.position.hits.get(loc, 0)
                audit.report(self.rules.rule(self.cfg["port"]["unloading_rule"]),
                             f"unloading {counted(len(cargo), 'unit')} (land units, SPs and ASPs) in {port.name} ({loc}) takes at "
                             f"least {used} ships or naval points, over its Unloading Capacity of {port.unloading}"
                             f"{f' less {hits} hits' if hits else ''}",
                             where=loc, units=sorted(cargo), excess=used - max(capacity, 0),
                             samples=self.cfg["naval"]["sample"])

    def weight(self, audit: Audit, uid: str) -> tuple[float, bool]:
        """Cargo weight of a unit (Transport Chart, sample values), and whether it is an ASP."""
        w = self.cfg["naval"]["weight"]
        u = audit.units[uid]
        if self.kinds.is_asp(u):
            return w["ASP"] * audit.position.strength(uid), True
        if u.unit_class == "supply":
            return w["SP"] * audit.position.strength(uid), False
        if self.kinds.is_truck(u):
            return w["truck"], False
        if self.kinds.is_small(u):
            return w["small"], False
        return w["step"] * audit.position.strength(uid), False

    def carriers_needed(self, audit: Audit, cargo: list[str], ships: set[str]) -> int:
        """The fewest ships and points of those that entered the port whose capacity carries the cargo.

        Points are counted one by one (a two-point DD unit is two points, 5.2.2). If the
        recorded ships cannot carry it all, the rest is taken to have come in the
        roomiest carriers there are (DD points), so the count never overstates.
        """
        n = self.cfg["naval"]
        general, asp = 0.0, 0.0
        for uid in cargo:
            weight, is_asp = self.weight(audit, uid)
            if is_asp:
                asp += weight
            else:
                general += weight
        slots: list[tuple[float, bool]] = []  # (capacity, carries only ASPs)
        for uid in ships:
            u = audit.units[uid]
            kind = self.kinds.naval_type(u)
            if kind in n["no_transport_types"]:
                continue
            if self.kinds.is_point_unit(u):
                cap = n["capacity"].get(kind, n["capacity"]["ship"])
                slots += [(cap, kind == "AO")] * audit.position.strength(uid)
            else:
                slots.append((n["capacity"]["ship"], False))
        used = 0
        for cap, asp_only in sorted(slots, key=lambda s: (s[1], -s[0])):
            if general <= 0 and asp <= 0:
                break
            if asp_only:
                if asp > 0:
                    asp -= cap
                    used += 1
                continue
            take = min(cap, general)
            general -= take
            asp -= cap - take
            used += 1
        if general > 0 or asp > 0:
            # The fewest further carriers: DD points for general cargo, tankers for ASPs.
            used += math.ceil(max(general, 0) / n["capacity"]["DD"] + max(asp, 0) / max(n["capacity"].values()))
        return used


class NavalPhases(Check):
    """8.1: "Except for units that perform Naval Retreat during a Land Combat Phase, naval units
    may only move during the Naval Segment", each side's in its own Naval Movement Phase (2.0:
    3.c-d); in the other phases of the segment a naval unit moves only to intercept (6.2.2),
    which 6.2.4 judges. The Reinforcement and Repair Segments move ships too (4.1, 4.3; 2.0: 6
    "Remove naval units remaining in Naval Gunfire boxes", recombining stacks): not judged.
    Only moves to a place of the maps (a hex, a zone, a box of one) are judged."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.segment: str | None = None  # the turn whose Naval Segment is under way
        self.intercepted: set[str] = set()  # naval units that intercepted in it
        self.reported: set[str] = set()  # units found moving in the phase (one finding each)

    def start_phase(self, audit: Audit) -> None:
        turn = audit.position.turn if (audit.position.phase or "") in NAVAL_SEGMENT else None
        if turn != self.segment:
            self.segment, self.intercepted = turn, set()
        self.reported = set()

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, Intercept):
            self.intercepted.update(entry.naval)
            return
        if not isinstance(entry, Move) or entry.unit in self.reported or entry.unit in self.intercepted:
            return
        phase = audit.position.phase
        u = audit.units[entry.unit]
        if phase is None or not self.kinds.is_naval(u) or NAVAL_MOVEMENT.get(phase) == u.side:
            return
        if phase in self.cfg["naval"]["moves_also_in"]:
            return
        if entry.to not in self.game.hexes and self.game.zone_of(entry.to) is None:
            return
        self.reported.add(entry.unit)
        where = ("in the enemy's Naval Movement Phase" if phase in NAVAL_MOVEMENT else
                 "in a Naval Detection Phase" if phase in NAVAL_SEGMENT else "outside the Naval Segment")
        audit.report(self.rules.rule(self.cfg["naval"]["phase_rule"]),
                     f"{entry.unit} moves {where} ({phase}); a naval unit moves in its own Naval Movement "
                     f"Phase (or to intercept, or to retreat from combat)", where=entry.to, units=[entry.unit])


class FrozenFjord(Check):
    """3.3.2: "No naval unit of any kind may enter the cross-hatched portion of Trondheim Fjord
    (that is, hexes 2717, 2718, 2817, and 2818) until after the Thaw has begun in the fjord"
    (the Turn Record Track: April #8, game.toml ``[[thaw]]``)."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        f = self.cfg["frozen_fjord"]
        loc = self.rules.arrived(entry, previous)
        if loc not in f["hexes"] or not isinstance(entry, (Move, Place)):
            return
        if audit.units[entry.unit].unit_class != "naval" or self.game.thawed(f["zone"], audit.position.turn):
            return
        audit.report(self.rules.rule(f["rule"]), f"{entry.unit} enters {loc}, in the frozen part of Trondheim Fjord, "
                     f"before the Thaw begins there", where=loc, units=[entry.unit])
