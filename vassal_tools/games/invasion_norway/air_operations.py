"""When air units may fly, which missions, and what air transports carry (7.0, 7.1.6, 2.0,
7.2.1, 7.4.2, 7.7, 7.8, 7.8.3, 7.8.4).

7.0: "Each air unit may fly one mission per turn, except during Storm weather, when
no air operations are allowed." A mission is judged in the weather of the sections
of its base and of its target (the Weather Effects Table is not in the text, so
which section the storm must be in is read as either). 7.1.6: after its mission an
air unit "cannot conduct another Air Mission for the rest of the turn"; 5.1.2's
emergency transfer is no mission (the record writes it as a move).

The land units a mission names are its cargo: an air transport carries
"non-Motorized infantry and Mountain artillery units" (7.7); a parachute assault
"Only airborne infantry units" (7.8), or a mountain infantry company in one of the
two Mountain Troop Parachute Assaults, none "before the May #1 turn" (7.8.3).
Which unit types are infantry is the pack's reading (pack.toml ``[air_cargo]``).
"""

from __future__ import annotations

from collections import deque

from ...record import Entry, Intercept, Mission
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check, InvasionNorwayRules


class AirOperations(Check):
    """7.0: no air operations in Storm; 7.1.6: one mission per air unit per turn."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.turn: str | None = None
        self.flown: set[str] = set()  # air units that flew a mission this turn

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Mission):
            return
        pos, a = audit.position, self.cfg["air_operations"]
        if pos.turn != self.turn:
            self.turn, self.flown = pos.turn, set()
        air = [uid for uid in entry.units if audit.units[uid].unit_class == "air"]
        places = [entry.target] + [entry.origin or pos.loc(uid) for uid in air]
        storms = sorted({loc for loc in places if loc and self.rules.weather(audit, self.game.section(loc))
                         in a["storm"]})
        if storms:
            audit.report(self.rules.rule(a["storm_rule"]),
                         f"a {entry.kind} mission flies in Storm weather ({', '.join(storms)}); no air operations "
                         f"are allowed in Storm", where=entry.target or storms[0], units=air)
        again = [uid for uid in air if uid in self.flown]
        if again:
            audit.report(self.rules.rule(a["once_rule"]),
                         f"{', '.join(again)} already flew a mission in {pos.turn}; an air unit flies one mission "
                         f"per turn", where=entry.target, units=again)
        self.flown.update(air)


class MissionKinds(Check):
    """Who flies which mission, when and where: 7.2.1 (air transport and assaults are the German
    player's only), 7.4.2 (no naval bombing in the Scotland, England and Germany zones), 2.0
    (missions in a friendly Air Mission Phase; in the Naval Segment, as interceptions and the
    air support of amphibious assaults, 6.2.1 and 7.6.1), 7.6.1 (air support only in an Air
    Mission Phase or a Naval Movement Phase), 7.5 (installation bombing only against a hex with an
    enemy airbase, railroad, port, coast artillery battery or supply stack)."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.rail: frozenset[str] | None = None  # hexes a railroad runs through, read on first use

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Mission):
            return
        k, c = self.cfg["mission_kinds"], self.cfg["air_cargo"]
        air = [uid for uid in entry.units if audit.units[uid].unit_class == "air"]
        german_only = c["transport_kinds"] + c["supply_drop_kinds"] + c["parachute_kinds"] + c["assault_kinds"]
        if entry.kind in german_only and entry.side != "german":
            audit.report(self.rules.rule(k["german_only_rule"]), f"the {entry.side.capitalize()} player flies a "
                         f"{entry.kind} mission; air transport and parachute or air transport assault missions are the German "
                         f"player's only", where=entry.target, units=air)
        zone = self.rules.zone_root(self.game.zone_of(entry.target)) if entry.target else None
        if entry.kind in k["naval_bombing_kinds"] and zone in k["no_naval_bombing_zones"]:
            audit.report(self.rules.rule(k["naval_bombing_rule"]), f"a naval bombing mission against a target in "
                         f"{zone}; none may be flown against targets in the Scotland, England and Germany zones",
                         where=entry.target, units=air)
        phase = audit.position.phase
        if phase is not None and phase not in k["air_phases"][entry.side] and phase not in k["naval_phases"]:
            audit.report(self.rules.rule(k["phase_rule"]), f"a {entry.side.capitalize()} {entry.kind} mission in the {phase} "
                         f"phase; air missions are flown in a friendly Air Mission Phase (or, as interceptions "
                         f"and air support of amphibious assaults, in the Naval Segment)", where=entry.target,
                         units=air)
        if entry.kind in k["air_support_kinds"] and phase is not None and phase not in k["air_support_phases"]:
            audit.report(self.rules.rule(k["air_support_rule"]), f"an air support mission in the {phase} phase; "
                         f"air support is flown in an Air Mission Phase (land combats, parachute and air transport "
                         f"assaults) or a Naval Movement Phase (amphibious assaults)", where=entry.target, units=air)
        if entry.kind in k["installation_kinds"] and entry.target is not None:
            self.installation(audit, entry, air)

    def installation(self, audit: Audit, entry: Mission, air: list[str]) -> None:
        """7.5: "The target of an Installation Bombing mission is a hex containing an enemy airbase,
        railroad, port, coast artillery battery, or a stack of SP and/or ASP markers." Judged on the
        Operational Map (a Strategic Map zone's installations are its flag's)."""
        k, target = self.cfg["mission_kinds"], entry.target or ""
        hex_ = self.game.hex_of(target)
        if hex_ is None:
            return
        enemy_hex = not self.rules.controls(entry.side, hex_)
        base = self.game.airbase(target) if target.startswith("airbase:") else self.game.airbase_in(hex_)
        if enemy_hex and (base is not None or hex_ in self.game.ports or hex_ in self.rail_hexes()):
            return
        for uid in audit.position.at(hex_):
            u = audit.units[uid]
            if u.side != entry.side and (u.unit_class == "supply" or self.kinds.type_in(u, k["battery_types"])):
                return
        audit.report(self.rules.rule(k["installation_rule"]), f"an installation bombing mission against {target}, "
                     f"which holds no enemy airbase, railroad, port, coast artillery battery or SP/ASP stack",
                     where=target, units=air)

    def rail_hexes(self) -> frozenset[str]:
        """Hexes a railroad runs through (hexsides.csv: the railroad hexsides' two hexes)."""
        if self.rail is None:
            rail = self.cfg["mission_kinds"]["railroad_features"]
            self.rail = frozenset(h for side in self.game.data.hexsides if side.feature in rail
                                  for h in (side.a, side.b))
        return self.rail


class AirCargo(Check):
    """7.7: what air transports carry; 7.8: airborne infantry only in parachute assaults;
    7.8.3: two Mountain Troop Parachute Assaults, none before May #1."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.mountain_drops = 0

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Mission):
            return
        c = self.cfg["air_cargo"]
        if entry.target is not None:
            self.target(audit, entry)
        cargo = [uid for uid in entry.units if audit.units[uid].unit_class == "land"]
        if not cargo:
            return
        if entry.kind in c["parachute_kinds"]:
            self.parachute(audit, entry, cargo)
        elif entry.kind in c["transport_kinds"]:
            wrong = [uid for uid in cargo if not self.kinds.type_in(audit.units[uid], c["transport_types"])]
            if wrong:
                audit.report(self.rules.rule(c["transport_rule"]),
                             "air transports carry only non-motorized infantry and mountain artillery units",
                             where=entry.target, units=wrong, samples=c["sample"])
        elif entry.kind in c["supply_drop_kinds"]:
            audit.report(self.rules.rule(c["supply_drop_rule"]), "only SPs and ASPs are dropped by parachute from an "
                         "air transport", where=entry.target, units=cargo)
        elif entry.kind in c["assault_kinds"]:
            wrong = [uid for uid in cargo if not self.kinds.type_in(audit.units[uid], c["assault_types"])]
            if wrong:
                audit.report(self.rules.rule(c["assault_rule"]),
                             "only non-motorized infantry units may take part in an air transport assault",
                             where=entry.target, units=wrong, samples=c["sample"])

    def target(self, audit: Audit, entry: Mission) -> None:
        """Where each kind of mission may go: 7.7.1 an air transport "is flown to and lands at a
        friendly airbase"; 7.7.3 supply dropped "into any hex occupied by a friendly land unit";
        7.8 "Only a hex that contains a port, an airfield, or a friendly land unit with a Defense
        Factor greater than zero may be the target of an Parachute Assault"; 7.8.4 "Air transports
        may attempt to land only at enemy-controlled airbases"; 7.9 transfers to a friendly base."""
        c, side, target = self.cfg["air_cargo"], entry.side, entry.target or ""
        base = self.game.airbase(target) or self.game.airbase_in(self.game.hex_of(target) or "")
        hex_ = self.game.hex_of(target)
        friends = [uid for uid in self.rules.situation.land_units(side).get(hex_ or "", ())]
        why, rule = None, None
        if entry.kind in c["transport_kinds"] + c["transfer_kinds"] and (base is None or not self.rules.controls(
                side, base.loc)):
            rule = c["transport_target_rule"] if entry.kind in c["transport_kinds"] else c["transfer_rule"]
            why = "an air transport or transfer lands at a friendly-controlled airbase"
        elif entry.kind in c["supply_drop_kinds"] and not friends:
            rule, why = c["supply_drop_rule"], "supply is dropped only into a hex a friendly land unit occupies"
        elif entry.kind in c["parachute_kinds"] and hex_ is not None and base is None \
                and hex_ not in self.game.ports and not any(self.kinds.has_defense(audit.units[u]) for u in friends):
            rule, why = c["parachute_rule"], ("a parachute assault's target holds a port, an airfield or a friendly "
                                              "land unit with a Defense Factor")
        elif entry.kind in c["assault_kinds"] and (base is None or self.rules.controls(side, base.loc)):
            rule, why = c["assault_rule"], "an air transport assault lands only at an enemy-controlled airbase"
        if rule is not None:
            audit.report(self.rules.rule(rule), f"the {entry.kind} mission to {target}: {why}", where=target,
                         units=[uid for uid in entry.units if audit.units[uid].unit_class == "air"])

    def parachute(self, audit: Audit, entry: Mission, cargo: list[str]) -> None:
        c = self.cfg["air_cargo"]
        mountain = [uid for uid in cargo if self.kinds.type_in(audit.units[uid], c["mountain_types"])
                    and self.kinds.is_small(audit.units[uid])]
        wrong = [uid for uid in cargo if uid not in mountain
                 and not self.kinds.type_in(audit.units[uid], c["parachute_types"])]
        if wrong:
            audit.report(self.rules.rule(c["parachute_rule"]),
                         "only airborne infantry units may be transported in a parachute assault "
                         "(and mountain infantry companies under 7.8.3)", where=entry.target, units=wrong)
        if not mountain:
            return
        rule = self.rules.rule(c["mountain_rule"])
        if not self.rules.turn_at_least(audit.position.turn, c["mountain_from"]):
            audit.report(rule, f"mountain infantry companies jump in {audit.position.turn}; no Mountain Troop "
                         f"Parachute Assault may be conducted before the {c['mountain_from']} turn",
                         where=entry.target, units=mountain)
            return
        self.mountain_drops += 1
        if self.mountain_drops > c["mountain_per_game"]:
            audit.report(rule, f"Mountain Troop Parachute Assault number {self.mountain_drops}; the German player "
                         f"may conduct {c['mountain_per_game']} per game", where=entry.target, units=mountain,
                         excess=self.mountain_drops - c["mountain_per_game"])


class AirRanges(Check):
    """7.1.2: "An air unit may not fly to a target in excess of these ranges", counted as 7.1.3
    (one SMP per Strategic Map zone entered, from the zone of its base) and 7.1.4 (one OMP per
    hex; from a Strategic Map base, the OMPs its Map Edge Hex Group lists, then one per hex).
    On the Operational Map a Double-Range Mission (7.2.4) reaches twice the OMA, so only a target
    beyond that is a finding there. The SMA and OMA are the units' printed factors and the edge
    groups the game data's (some sample): findings say so. Carrier launches (7.1.5) are not
    judged: where the CV's air units start is the player's choice of sea hex."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Mission) or entry.target is None:
            return
        r = self.cfg["air_range"]
        for uid in entry.units:
            u = audit.units[uid]
            base = entry.origin or audit.position.loc(uid)
            if u.unit_class != "air" or base is None or base.startswith("carrier:"):
                continue
            target_hex = self.game.hex_of(entry.target)
            if target_hex is not None:
                cost, most, allowance = self.omp(base, target_hex), 2 * float(u.get("oma") or 0), "twice its OMA"
            else:
                cost, most, allowance = self.smp(base, entry.target), float(u.get("sma") or 0), "its SMA"
            if cost is None or not most or cost <= most:
                continue
            audit.report(self.rules.rule(r["rule"]), f"{uid} flies {cost:g} {'OMPs' if target_hex else 'SMPs'} from "
                         f"{base} to {entry.target}, beyond {allowance} ({most:g})", where=entry.target, units=[uid],
                         excess=cost - most, samples=r["sample"])

    def omp(self, base: str, target: str) -> float | None:
        return omp_cost(self.rules, base, target)

    def smp(self, base: str, target: str) -> float | None:
        return smp_cost(self.rules, base, target)


def omp_cost(rules: InvasionNorwayRules, base: str, target: str) -> float | None:
    """7.1.4: OMPs from a base to an Operational Map hex; None where the data cannot say."""
    game = rules.game
    grid = game.data.grid
    base_hex = game.hex_of(base)
    if base_hex is not None:
        return grid.distance(base_hex, target)
    zone = rules.zone_root(game.zone_of(base))
    edges = [p for p in game.data.places if p.kind == "map_edge_group" and p.name == zone]
    costs = [float(p.extra["omp"]) + grid.distance(h, target) for p in edges if p.extra.get("omp") is not None
             for h in p.hexes if h in game.hexes]
    return min(costs) if costs else None


def smp_cost(rules: InvasionNorwayRules, base: str, target: str) -> int | None:
    """7.1.3: Strategic Map zones entered from the base's zone to the target's."""
    game = rules.game
    start, goal = game.zone_of(base), game.zone_of(target)
    borders = game.zone_borders
    if start is None or goal is None:
        return None
    start = start if borders.get(start) else rules.zone_root(start)
    goal = goal if borders.get(goal) else rules.zone_root(goal)
    seen, queue = {start: 0}, deque([start])
    while queue:
        zone = queue.popleft()
        if zone == goal:
            return seen[zone]
        for nxt in borders.get(zone or "", ()):
            if nxt not in seen:
                seen[nxt] = seen[zone] + 1
                queue.append(nxt)
    return None


class Consolidation(Check):
    """1.5: "Before resolving any type of combat involving air units ... each player must
    consolidate his units into the minimum possible number of counters": two one-point units of
    exactly the same type and nationality in one combat mission (or one interception) are a
    finding. Exception #1 (seaplane Ju-52s, carrier Gladiators) holds since their types differ;
    Exception #2 lets bombers split against ships, so naval bombing is not judged; nor are
    missions that fight no combat (transport, transfer)."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        c = self.cfg["consolidation"]
        if isinstance(entry, Mission) and entry.kind in c["combat_kinds"]:
            air, where = list(entry.units), entry.target
        elif isinstance(entry, Intercept):
            air, where = list(entry.air), entry.zone
        else:
            return
        singles: dict[tuple[str, str], list[str]] = {}
        for uid in air:
            u = audit.units[uid]
            if u.unit_class == "air" and audit.position.strength(uid) == 1:
                singles.setdefault((u.nationality or "", u.type or ""), []).append(uid)
        for (_, kind), ids in sorted(singles.items()):
            if len(ids) > 1:
                audit.report(self.rules.rule(c["rule"]), f"{len(ids)} one-point {kind} units fly into combat "
                             f"unconsolidated ({', '.join(ids)}); points of the same type and nationality are "
                             f"consolidated into the fewest counters before combat", where=where, units=ids,
                             excess=len(ids) - (len(ids) + 1) // 2)
