"""Supply counters as pieces (europa-narvik.txt 11B1d, 11C), judged through the record.

11B1d: "German units may carry supply counters. Each bttn can carry 1 supply counter. A German Regt. may carry as
many supply counters as there are bttns in the unit." A counter moved from hex to hex in a movement or
exploitation phase goes with German units that make the same move that phase; more counters than they can carry
is the finding (21: a truck carries one battalion equivalent, a supply counter being one, 17A). The special
counter "may move independently" (11C). 11C: "If a Norwegian or Allied ground unit is in a hex containing a
German supply counter but no German ground unit that supply counter is immediately destroyed"; "If a German
ground unit is in a hex that contains an Allied supply base but no other Norwegian or Allied ground units, the
base is captured": one still on the map at the end of the phase is the finding. 11C: the special counter is
received "On game turn two ... during the German reinforcement phase".
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from ...record import Entry, Move, Place
from ...record.entries import Unit
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import is_hex
from .rules import Check, EuropaRules, is_ground, phasing


class SupplyCounters(Check):
    def __init__(self, rules: EuropaRules):
        super().__init__(rules)
        self.c: Mapping[str, Any] = self.cfg["counters"]
        self.carried: dict[tuple[str, str], list[str]] = defaultdict(list)   # (from, to) -> counters moved
        self.carriers: dict[tuple[str, str], list[str]] = defaultdict(list)  # (from, to) -> German units moved
        self.misplaced: set[str] = set()  # bases placed among German ground units (11B3 judges the placement)

    def start_phase(self, audit: Audit) -> None:
        self.carried.clear()
        self.carriers.clear()

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        unit = audit.units.get(getattr(entry, "unit", ""))
        if unit is None or not isinstance(entry, (Place, Move)) or audit.position.phase is None:
            return
        came_from = previous.loc if previous is not None else None
        to = entry.at if isinstance(entry, Place) else entry.to
        if unit.unit_class == "supply" and unit.type == "base" and any(
                is_ground(audit.units[u]) and audit.units[u].side == "german" for u in audit.position.at(to)):
            self.misplaced.add(unit.id)
        if unit.unit_class == "supply" and unit.get("special") and not is_hex(came_from) and is_hex(to):
            self.special_arrives(audit, unit, to)
        if not isinstance(entry, Move) or not is_hex(came_from) or not is_hex(to) or came_from == to \
                or phasing(audit)[1] not in ("movement", "exploitation") or came_from is None:
            return
        if unit.unit_class == "supply" and unit.side == "german" and not unit.get("special"):
            self.carried[(came_from, to)].append(unit.id)
        elif unit.unit_class == "land" and unit.side == "german":
            self.carriers[(came_from, to)].append(unit.id)

    def special_arrives(self, audit: Audit, unit: Unit, to: str) -> None:
        if audit.position.turn != self.c["special_turn"] or audit.position.phase != "german-reinforcement":
            audit.report(self.rule(self.c["capture_rule"]), f"the special supply counter {unit.name or unit.id} comes "
                         f"into play in {audit.position.turn} {audit.position.phase}: it is received on game turn "
                         "two, during the German reinforcement phase", where=to, units=[unit.id])

    def capacity(self, unit: Unit) -> float:
        if unit.type == "truck":
            return 1.0
        return float(self.c["carry"].get(str(unit.size or ""), 0))

    def end_phase(self, audit: Audit) -> None:
        for (origin, to), counters in sorted(self.carried.items()):
            carriers = [audit.units[u] for u in self.carriers.get((origin, to), [])]
            room = sum(self.capacity(u) for u in carriers)
            if len(counters) > room:
                audit.report(self.rule(self.c["carry_rule"]), f"{len(counters)} supply counter(s) move from {origin} to "
                             f"{to} with German units that carry {room:g}: each battalion can carry one (a regiment one "
                             "per battalion), and a counter does not move by itself", where=to,
                             units=[*counters, *(u.id for u in carriers)], excess=len(counters) - room,
                             samples=("sample: battalions in a regiment",)
                             if any(u.size == "regiment" for u in carriers) else ())
        self.captured(audit)

    def captured(self, audit: Audit) -> None:
        """11C: supplies left in a hex of enemy ground units alone are destroyed or captured at once."""
        left: dict[str, tuple[str, list[str]]] = {}
        for loc, ids in audit.position.occupied():
            if not is_hex(loc):
                continue
            sides = {audit.units[u].side for u in ids if is_ground(audit.units[u])}
            counters = sorted(u for u in ids if audit.units[u].unit_class == "supply" and audit.units[u].side == "german")
            bases = sorted(u for u in ids if audit.units[u].unit_class == "supply" and audit.units[u].type == "base"
                           and u not in self.misplaced)
            if counters and "allied" in sides and "german" not in sides:
                left[f"{loc} counters"] = ("German supply counters in a hex with Norwegian or Allied ground units and "
                                           "no German ground unit are immediately destroyed", counters)
            if bases and "german" in sides and "allied" not in sides:
                left[f"{loc} bases"] = ("an Allied supply base in a hex with German ground units and no Norwegian or "
                                        "Allied ground unit is captured (removed; three German supply counters, one "
                                        "less for each bombing hit)", bases)
            hits = [u for u in bases if audit.position.hits.get(loc, 0) >= self.c["base_hits"]]
            if hits:
                left[f"{loc} bombed"] = (f"an Allied supply base with {self.c['base_hits']} hits is destroyed and "
                                         "removed from play", hits)
        for key in sorted(audit.standing("11C captured supplies", left)):
            text, units = left[key]
            loc = key.split(" ")[0]
            rule = self.c["bombed_rule"] if key.endswith("bombed") else self.c["capture_rule"]
            audit.report(self.rule(rule), f"{', '.join(units)} still in {loc} at the end of the "
                         f"{audit.position.phase or 'set-up'}: {text}", where=loc, units=units)
