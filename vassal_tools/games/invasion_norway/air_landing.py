"""Where air units go after a mission or an interception (7.1, 7.2.4, 6.4.3, 6.4.5), and when
Air Combat is fought (7.3).

7.1 (its 7.1.1): "An air unit flies a mission by moving from its base to a target hex or zone
within its range ..., performing its mission ..., and moving (again, within its range) back to a
friendly airbase." 6.4.5: an interceptor "must land at any friendly airbase within its range
(using whichever Movement Allowance it used for the Interception)" and "cannot Intercept again or
conduct an Air Mission for the rest of the turn". 7.2.4: a Double-Range Mission "may move up to
twice its printed Operational Movement Allowance. However, it may not move a second time ... the
air unit must land at an airbase in the hex where it conducted its mission". 6.4.3: interceptors
"can move up to their full Strategic or Operational Movement Allowance", the SMA against a target
in a Strategic Map zone, the OMA against one in a hex. An interception is an Air Interception
(6.4) where an air mission of the phase has its target in that zone; air points that intercept
ships (6.2.1) fly an air mission and land as after one.

Where an air unit lands is where it stands at the end of the phase of its mission, if the record
moved it after the mission (a record that does not move it does not show the flight back); that
the base is friendly-controlled is 5.1's, judged by the basing check at the phase's end. Its
range back is counted from the target as 7.1.3 and 7.1.4 count it: SMPs from a Strategic Map
target, OMPs from an Operational Map target to a base in a hex. A flight back from a hex to a
Strategic Map zone is not counted (7.1.4: air units "never use Operational Movement Points to move
from the Operational Map to the Strategic Map", and 7.1.3 counts only flights to a zone target).
A mission whose target lies beyond the unit's OMA is a Double-Range Mission (the optional 7.2.5,
by agreement only, is not assumed). The SMA and OMA are the units' factors (units.csv, some
sample), the edge groups and zone borders the game data's: findings say so.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...record import Entry, Intercept, Mission, Move, Place, Remove, Roll
from ...rules.engine import Audit
from ...rules.position import UnitState
from .air_operations import omp_cost, smp_cost
from .rules import Check, InvasionNorwayRules


@dataclass
class Flight:
    """An air unit between its mission (or interception) and its landing."""

    side: str
    target: str  # the mission's target, or the interception's hex or zone
    rule: str  # the rule its landing answers to
    double: bool = False  # a Double-Range Mission (7.2.4)
    moved: bool = False  # the record moved it since


class AirLanding(Check):
    """7.1, 7.2.4: the flight back after a mission; 6.4.3: interceptors within range; 6.4.5:
    interceptors land within range and fly no more that turn."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.turn: str | None = None
        self.flights: dict[str, Flight] = {}
        self.intercepted: set[str] = set()  # air units that intercepted this turn
        self.based: dict[str, str | None] = {}  # where each air unit stood when the phase began
        self.targets: set[str | None] = set()  # the zones of this phase's air missions' targets

    def start_phase(self, audit: Audit) -> None:
        pos = audit.position
        if pos.turn != self.turn:
            self.turn, self.intercepted = pos.turn, set()
        self.flights, self.targets = {}, set()
        self.based = {uid: pos.loc(uid) for uid, u in audit.units.items() if u.unit_class == "air"}

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, Mission):
            self.mission(audit, entry)
        elif isinstance(entry, Intercept):
            self.intercept(audit, entry)
        elif isinstance(entry, (Move, Place)) and entry.unit in self.flights:
            self.flights[entry.unit].moved = True
        elif isinstance(entry, Remove):
            self.flights.pop(entry.unit, None)

    def air(self, audit: Audit, units) -> list[str]:
        return [uid for uid in units if audit.units[uid].unit_class == "air"]

    # -- taking off

    def mission(self, audit: Audit, entry: Mission) -> None:
        c, pos = self.cfg["air_landing"], audit.position
        air = self.air(audit, entry.units)
        again = sorted(uid for uid in air if uid in self.intercepted)
        if again:
            audit.report(self.rules.rule(c["intercept_rule"]), f"{', '.join(again)} intercepted in {pos.turn} and "
                         f"fly a {entry.kind} mission; an interceptor cannot intercept again or conduct an air mission "
                         f"for the rest of the turn", where=entry.target, units=again, case="again")
        if entry.target is None:
            return
        self.targets.add(self.game.zone_of(entry.target))
        target_hex = self.game.hex_of(entry.target)
        for uid in air:
            at = entry.origin or self.based.get(uid) or pos.loc(uid)
            double = False
            if target_hex is not None and at is not None and not at.startswith("carrier:"):
                cost, oma = omp_cost(self.rules, at, target_hex), float(audit.units[uid].get("oma") or 0)
                double = cost is not None and bool(oma) and cost > oma
            self.flights[uid] = Flight(entry.side, entry.target, c["double_rule"] if double else c["mission_rule"],
                                       double)

    def intercept(self, audit: Audit, entry: Intercept) -> None:
        c, pos = self.cfg["air_landing"], audit.position
        air = self.air(audit, entry.air)
        zone = self.game.zone_of(entry.zone)
        if entry.naval or zone not in self.targets:
            # Air points intercepting ships fly an air mission (6.2.1): they land as after one (7.1).
            for uid in air:
                self.flights[uid] = Flight(entry.side, entry.zone, c["mission_rule"])
            return
        again = sorted(uid for uid in air if uid in self.intercepted)
        if again:
            audit.report(self.rules.rule(c["intercept_rule"]), f"{', '.join(again)} intercepted already in "
                         f"{pos.turn}; an interceptor cannot intercept again or conduct an air mission for the rest "
                         f"of the turn", where=entry.zone, units=again, case="again")
        target_hex = self.game.hex_of(entry.zone)
        for uid in air:
            u = audit.units[uid]
            at = self.based.get(uid) or pos.loc(uid)
            if at is not None and not at.startswith("carrier:"):
                if target_hex is not None:
                    cost, most, unit = omp_cost(self.rules, at, target_hex), float(u.get("oma") or 0), "OMA"
                else:
                    cost, most, unit = smp_cost(self.rules, at, entry.zone), float(u.get("sma") or 0), "SMA"
                if cost is not None and most and cost > most:
                    audit.report(self.rules.rule(c["range_rule"]), f"{uid} intercepts in {entry.zone}, {cost:g} "
                                 f"{'OMPs' if target_hex else 'SMPs'} from {at}, beyond its {unit} ({most:g})",
                                 where=entry.zone, units=[uid], excess=cost - most, samples=c["sample"])
            self.intercepted.add(uid)
            self.flights[uid] = Flight(entry.side, entry.zone, c["intercept_rule"])

    # -- landing, at the end of the phase

    def end_phase(self, audit: Audit) -> None:
        for uid, flight in sorted(self.flights.items()):
            state = audit.position.state.get(uid)
            if not flight.moved or state is None or state.removed or state.loc is None:
                continue
            self.landing(audit, uid, flight, state.loc)
        self.flights = {}

    def landing(self, audit: Audit, uid: str, flight: Flight, loc: str) -> None:
        c = self.cfg["air_landing"]
        rule = self.rules.rule(flight.rule)
        hex_ = self.game.hex_of(loc)
        base = self.game.airbase(loc) or (self.game.airbase_in(hex_) if hex_ else None)
        if base is None:
            audit.report(rule, f"{uid} ends its flight at {loc}, no airbase; it must land at a friendly airbase "
                         f"within range", where=loc, units=[uid])
            return
        target_hex = self.game.hex_of(flight.target)
        if flight.double:
            if hex_ != target_hex:
                audit.report(rule, f"{uid} flew a Double-Range Mission to {flight.target} (beyond its OMA) and "
                             f"lands at {loc}; it must land at an airbase in the target's hex", where=loc,
                             units=[uid], samples=c["sample"])
            return
        u = audit.units[uid]
        cost: float | None
        if target_hex is not None and hex_ is not None:
            cost, most, what = float(self.game.data.grid.distance(target_hex, hex_)), float(u.get("oma") or 0), "OMA"
        elif target_hex is None:
            found = smp_cost(self.rules, flight.target, loc)
            cost, most, what = (None if found is None else float(found)), float(u.get("sma") or 0), "SMA"
        else:
            return  # from a hex back to a Strategic Map zone: not counted (see the module's note)
        if cost is not None and most and cost > most:
            audit.report(rule, f"{uid} flies back {cost:g} {'OMPs' if what == 'OMA' else 'SMPs'} from "
                         f"{flight.target} to {loc}, beyond its {what} ({most:g})", where=loc, units=[uid],
                         excess=cost - most, samples=c["sample"])


class AirCombat(Check):
    """7.3: "Air Combat occurs whenever an Air Mission is Intercepted during the Naval or
    Operations Segment": an Air Combat roll (``air-combat``) in a phase where no air unit has
    intercepted (nor an Air Combat mission, 7.2.1, been flown) is a finding. The sixteen points
    of one Air Combat are the eight of 7.2.2 and the eight of 6.4.1, judged there."""

    def start_phase(self, audit: Audit) -> None:
        self.fought = False

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        c = self.cfg["air_landing"]
        if isinstance(entry, Intercept) and entry.air:
            self.fought = True
        elif isinstance(entry, Mission) and entry.kind in c["air_combat_kinds"]:
            self.fought = True
        elif isinstance(entry, Roll) and entry.purpose == c["air_combat_roll"] and not self.fought:
            audit.report(self.rules.rule(c["air_combat_rule"]), f"an Air Combat roll in the "
                         f"{audit.position.phase or 'set-up'} phase, where no air mission was intercepted; air "
                         f"combat occurs whenever an air mission is intercepted", where=entry.zone,
                         units=list(entry.target) or ([entry.unit] if entry.unit else []))
