"""Air missions: at most eight air points (7.2.2), Denmark (5.1), and air supply (13.2.1).

To fly a mission an air unit not in automatic supply (13.1: German units in
Germany, and Denmark after the Invasion Turn; Allied units in England, Scotland
and Scapa Flow, or on carriers; Norwegian units) expends one ASP per two air
points or fraction flown, each ASP within four Leg MPs of the airbase (the port,
for seaplanes). A mission names its ASPs in ``"supply"``; without that key, the
ASPs of the flying side removed since the phase's previous mission are taken as
its expenditure.
"""

from __future__ import annotations

import math
from collections import Counter

from ...record import Entry, Mission, Move, Remove
from ...rules.engine import Audit
from ...rules.findings import counted
from ...rules.position import UnitState
from .rules import Check, InvasionNorwayRules


class AirMissions(Check):
    """7.2.2 a: a stack of up to eight air points; 5.1: no missions from Denmark before April #5;
    8.7.1 (5.1.4 Allied Carriers): a damaged carrier conducts no air operations until repaired."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, Move) and audit.units[entry.unit].unit_class == "air":
            self.damaged_carrier(audit, [entry.unit], entry.to, "lands on")
        if not isinstance(entry, Mission):
            return
        bases: dict[str | None, list[str]] = {}
        for uid in entry.units:
            if audit.units[uid].unit_class == "air":
                bases.setdefault(entry.origin or audit.position.loc(uid), []).append(uid)
        for base, ids in bases.items():
            self.damaged_carrier(audit, ids, base, "take off from" if len(ids) > 1 else "takes off from")
        a = self.cfg["air"]
        air = [uid for uid in entry.units if audit.units[uid].unit_class == "air"]
        if entry.kind in a["night_kinds"]:
            self.night_bombing(audit, entry, air)
        points = sum(audit.position.strength(uid) for uid in air)
        if points > a["max_mission_points"]:
            audit.report(self.rules.rule(a["mission_rule"]),
                         f"{points} air points fly one {entry.kind} mission; at most {a['max_mission_points']} may fly one "
                         "mission",
                         where=entry.target, units=air, excess=points - a["max_mission_points"])
        german = [uid for uid in air if audit.units[uid].side == "german"
                  and self.base_zone(audit, entry, uid) == "Denmark"]
        if german and not self.rules.after_invasion(audit.position.turn):
            audit.report(self.rules.rule(self.cfg["airbase"]["rule"]),
                         "German air units may not fly missions from Denmark before the April #5 turn",
                         where="Denmark", units=german)

    def night_bombing(self, audit: Audit, entry: Mission, air: list[str]) -> None:
        """7.5.2: "Wellington, Whitley, and Hampden air units may bomb airbases and ports (only) at night"."""
        a = self.cfg["air"]
        rule = self.rules.rule(a["night_rule"])
        others = [uid for uid in air if not self.kinds.type_is(audit.units[uid], self.cfg["airbase"]["night_bombers"])]
        if others:
            audit.report(rule, "only Wellington, Whitley and Hampden units may fly a night bombing mission",
                         where=entry.target, units=others, excess=len(others))
        target = entry.target
        if target is not None and not self.installation(target):
            audit.report(rule, f"a night bombing mission may bomb only airbases and ports; {target} is neither",
                         where=target, units=air)

    def installation(self, loc: str) -> bool:
        """An airbase or a port: named as one, or a hex or zone that holds one."""
        game = self.game
        hex_ = game.hex_of(loc)
        return bool(game.airbase(loc) or (hex_ is not None and (game.airbase_in(hex_) or hex_ in game.ports))
                    or loc in game.ports)

    def damaged_carrier(self, audit: Audit, air: list[str], loc: str | None, what: str) -> None:
        carrier = self.rules.carrier_unit(audit, loc)
        if carrier is not None and self.rules.damaged(audit, carrier):
            name = audit.units[carrier].name or carrier
            audit.report(self.rules.rule(self.cfg["airbase"]["carrier_rule"]),
                         f"{', '.join(air)} {what} {name}, which is damaged: a damaged carrier cannot conduct "
                         f"air operations until it is repaired", where=loc, units=air + [carrier])

    def base_zone(self, audit: Audit, entry: Mission, uid: str) -> str | None:
        return self.rules.zone_root(self.game.zone_of(entry.origin or audit.position.loc(uid)))


class AirSupply(Check):
    """13.2.1: ASPs for every mission flown by air units not in automatic supply."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.spent: Counter = Counter()

    def start_phase(self, audit: Audit) -> None:
        self.pending: list[str] = []
        self.removed: dict[str, str] = {}

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Remove) and self.kinds.is_asp(audit.units[entry.unit]):
            loc = audit.position.loc(entry.unit)
            if loc is not None:
                self.removed[entry.unit] = loc
                self.pending.append(entry.unit)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, Mission):
            declared = list(entry.supply) if entry.supply is not None else self.pending
            self.pending = []
            self.mission(audit, entry, declared)

    def mission(self, audit: Audit, entry: Mission, declared: list[str]) -> None:
        s, pos = self.cfg["supply"], audit.position
        rule = self.rules.rule(s["air_rule"])
        bases = {}
        for uid in entry.units:
            u = audit.units[uid]
            base = entry.origin or pos.loc(uid)
            if u.unit_class == "air" and not self.rules.auto_supplied(u, base, pos.turn):
                bases[uid] = base
        if not bases:
            return
        points = sum(pos.strength(uid) for uid in bases)
        needed = math.ceil(points / s["air_points_per_asp"])
        if len(declared) < needed:
            audit.report(rule, f"{points} air points not in automatic supply fly this {entry.kind} mission: "
                               f"{counted(needed, 'ASP')} needed, {len(declared)} expended",
                         where=entry.origin, units=sorted(bases), excess=needed - len(declared), case="asps")
        for asp in declared:
            self.expend(audit, entry, asp, set(bases.values()), rule)

    def expend(self, audit: Audit, entry: Mission, asp: str, bases: set, rule: str) -> None:
        pos, s = audit.position, self.cfg["supply"]
        u = audit.units[asp]
        loc = pos.loc(asp) or self.removed.get(asp)
        if not self.kinds.is_asp(u) or u.side != entry.side:
            audit.report(rule, f"{asp} is not a {entry.side} ASP", where=loc, units=[asp])
            return
        if loc is None:
            audit.report(rule, f"ASP {asp} is not on the map", units=[asp])
            return
        if self.spent[asp] >= pos.strength(asp):
            audit.report(rule, f"ASP {asp} is already expended", where=loc, units=[asp], excess=1)
            return
        self.spent[asp] += 1
        known = [base for base in bases if base is not None]
        if known and not any(self.in_range(audit, entry.side, loc, base) for base in known):
            audit.report(rule, f"ASP {asp} at {loc} is not within {s['air_range']} Leg MPs of the airbase "
                               f"the mission flies from", where=loc, units=[asp],
                         samples=self.rules.terrain.samples)

    def in_range(self, audit: Audit, side: str, asp_loc: str, base: str) -> bool:
        start, goal = self.game.hex_of(base), self.game.hex_of(asp_loc)
        if start is None or goal is None:
            return self.game.zone_of(base) == self.game.zone_of(asp_loc)
        # 13.2.1 b asks only for four Leg MPs: terrain counts, enemy units and ZOCs do not.
        return self.rules.supply_line(side, start, [goal], "leg",
                                      self.cfg["supply"]["air_range"], audit.position.turn, blocking=False).found
