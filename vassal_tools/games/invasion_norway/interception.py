"""Detection and interception (6.1-6.4), night bombing (7.5.2) and the die (1.4.6).

A detection roll is judged against the rolling side's NDV (naval) or ADV (air) in
the zone of the roll (the zone that holds a hex), with the variable NDVs of
6.1.1 and the modifiers in effect: weather (the modifier charts are not in the
text: only Cloudy +1 to naval detection is given, by 6.2 Example #1; the others
are samples) and Antiaircraft Cruisers (6.3.2). An interception then needs a
successful detection by that side in that zone, and the interceptors must fit the
margin: two per point, two at zero; at most one air mission of eight points and
one naval stack of six units; naval units within two SMPs, none that moved or
already intercepted in the naval segment.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...record import Entry, Intercept, Mission, Move, Roll, Unit
from ...rules.detection import Detection, Modifier, interceptors_allowed
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import NAVAL_DETECTION, NAVAL_MOVEMENT, NAVAL_SEGMENT, Check, InvasionNorwayRules

DETECTION = {"naval-detection": "naval", "air-detection": "air"}


def detection_names_its_side(roll: Mapping[str, Any]) -> tuple[str, str] | None:
    """A record's detection roll says which side rolls (6.1.3, 6.3.1: the detecting player's NDV or ADV)."""
    if roll["side"] is None and roll["purpose"] in DETECTION:
        return "a detection roll needs the 'side' that rolls", "side"
    return None


@dataclass
class Detected:
    """A detection roll and what has intercepted after it."""

    roll: Roll
    kind: str  # naval or air
    loc: str
    detection: Detection | None
    used: int = 0
    naval_stack: bool = False
    air_mission: bool = False
    targets: set[str] = field(default_factory=set)


class Interception(Check):
    """1.4.6, 6.1.1-6.1.3, 6.2-6.2.4, 6.3.1-6.3.2, 6.4.1-6.4.2, 7.5.2, 7.2.2 b."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.segment: tuple | None = None
        self.moved: set[str] = set()  # naval units that moved in their own Naval Movement Phase
        self.intercepted: dict[str, str] = {}  # unit -> phase it intercepted in, this naval segment

    def start_phase(self, audit: Audit) -> None:
        pos = audit.position
        if pos.phase in NAVAL_SEGMENT:
            key = (pos.turn,)
            if self.segment != key or pos.phase == NAVAL_SEGMENT[0]:
                self.segment, self.moved, self.intercepted = key, set(), {}
        self.detections: list[Detected] = []
        self.attempted: dict[str, set[str]] = {"german": set(), "allied": set()}
        self.missions: list[Mission] = []
        self.air_interceptors: set[str] = set()
        self.entered: dict[str, set[str]] = {}  # naval unit -> the zones it entered in this phase (6.1.2)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if isinstance(entry, Roll):
            self.roll(audit, entry)
        elif isinstance(entry, Intercept):
            self.intercept(audit, entry)
        elif isinstance(entry, Mission):
            self.missions.append(entry)
        elif isinstance(entry, Move):
            self.naval_move(audit, entry)

    def rule(self, key: str) -> str:
        return self.rules.rule(self.cfg["detection"][key])

    # -- moves in the naval segment (6.2.4)

    def naval_move(self, audit: Audit, entry: Move) -> None:
        pos = audit.position
        u = audit.units[entry.unit]
        if not self.kinds.is_naval(u) or pos.phase not in NAVAL_SEGMENT:
            return
        zone = self.game.zone_of(entry.to)
        if zone is not None:
            self.entered.setdefault(entry.unit, set()).add(zone)
        if NAVAL_MOVEMENT.get(pos.phase) == u.side:
            self.moved.add(entry.unit)
        phase = self.intercepted.get(entry.unit)
        if phase is not None and phase != pos.phase:
            audit.report(self.rule("restrictions_rule"),
                         f"{entry.unit} intercepted in the {phase} phase and may not move again in this "
                         f"Naval Segment", where=entry.to, units=[entry.unit])

    # -- rolls

    def roll(self, audit: Audit, entry: Roll) -> None:
        d = self.cfg["detection"]
        low, high = d["die"]
        if not entry.single:
            # Every roll of the game is one d10 (1.4.6): a list of dice is not a roll it makes.
            audit.report(self.rule("die_rule"), f"a {entry.purpose} roll of {len(entry.dice)} dice "
                         f"{list(entry.dice)}: the game rolls one die, reading {low} to {high}",
                         where=entry.zone, units=entry.target)
            return
        if not low <= entry.result <= high:
            audit.report(self.rule("die_rule"), f"a die roll of {entry.result}: the die reads {low} to {high}",
                         where=entry.zone, units=entry.target, excess=entry.result - high if entry.result > high
                         else low - entry.result)
            return
        kind = DETECTION.get(entry.purpose)
        if kind is None:
            return
        loc = entry.zone or self.target_loc(audit, entry)
        if loc is None:
            return
        if kind == "naval":
            self.naval_when(audit, entry, loc)
            self.once_per_phase(audit, entry)
        else:
            self.air_roll_target(audit, entry, loc)
        detection = self.resolve(audit, entry, kind, loc)
        self.detections.append(Detected(entry, kind, loc, detection, targets=set(entry.target)))
        if detection is not None and entry.detected is not None and entry.detected != detection.detected:
            said = "detected" if entry.detected else "not detected"
            audit.report(self.rule("naval_rule" if kind == "naval" else "air_rule"),
                         f"the roll is declared {said}, but {detection.describe()} is "
                         f"{'' if detection.detected else 'not '}a detection",
                         where=loc, units=entry.target, samples=detection.samples())

    def naval_when(self, audit: Audit, entry: Roll, loc: str) -> None:
        """6.1.2: a Naval Detection is attempted against stacks at sea in the Naval Detection Phase,
        or, in the Naval Movement Phase or during Interception movement, against a moving stack "in
        each zone it enters"; naval units in ports are detected without a roll. A roll outside the
        Naval Segment, or in a Naval Movement Phase against a stack that entered no LOC of the
        roll's zone in that phase, is a finding."""
        phase, zone = audit.position.phase, self.game.zone_of(loc)
        if phase is None or not entry.target:
            return
        case = ""
        if phase not in NAVAL_SEGMENT:
            why, case = f"in the {phase} phase, outside the Naval Segment", "segment"
        elif phase in NAVAL_MOVEMENT and not any(zone in self.entered.get(uid, ()) for uid in
                                                  self.stack_of(audit, entry.target)):
            why = f"against naval units that entered no LOC of {zone or loc} in this Naval Movement Phase"
        else:
            return
        audit.report(self.rule("when_rule"), f"a naval detection roll {why}; a moving stack may be detected in "
                     f"each zone it enters, stacks at sea in the Naval Detection Phase", where=loc,
                     units=entry.target, case=case)

    def target_loc(self, audit: Audit, entry: Roll) -> str | None:
        for uid in entry.target:
            loc = audit.position.loc(uid)
            if loc is not None:
                return loc
        return None

    def once_per_phase(self, audit: Audit, entry: Roll) -> None:
        """6.2.4: one attempt per enemy stack at sea in each Naval Detection Phase."""
        if entry.side is None or NAVAL_DETECTION.get(audit.position.phase or "") != entry.side:
            return
        seen = self.attempted[entry.side]
        stack = self.stack_of(audit, entry.target)
        again = sorted(stack & seen)
        if again:
            audit.report(self.rule("restrictions_rule"),
                         "a second detection attempt against the same naval stack in this Naval Detection Phase",
                         where=entry.zone, units=again)
        seen.update(stack)

    def stack_of(self, audit: Audit, units) -> set[str]:
        """The units named, with the rest of their stacks (same ``stack`` name, same place)."""
        pos = audit.position
        out = set(units)
        for uid in units:
            name, loc = pos.stack(uid), pos.loc(uid)
            if name is not None and loc is not None:
                out.update(other for other in pos.at(loc) if pos.stack(other) == name)
        return out

    def mission_of(self, units) -> Mission | None:
        for mission in reversed(self.missions):
            if set(mission.units) & set(units):
                return mission
        return None

    def air_roll_target(self, audit: Audit, entry: Roll, loc: str) -> None:
        """7.5.2: night bombing is never detected; 7.2.2 b: detection only where the target is;
        6.4.2: interceptors are not detected."""
        a = self.cfg["air"]
        mission = self.mission_of(entry.target)
        if mission is not None and mission.kind in a["night_kinds"]:
            audit.report(self.rules.rule(a["night_rule"]), "a night bombing mission cannot be detected",
                         where=loc, units=entry.target)
        elif mission is not None and mission.target is not None:
            if self.game.zone_of(mission.target) != self.game.zone_of(loc):
                audit.report(self.rules.rule(a["mission_rule"]),
                             f"an air mission may only be detected where its target is ({mission.target}), "
                             f"not in {loc}", where=loc, units=entry.target)
        caught = sorted(set(entry.target) & self.air_interceptors)
        if caught:
            audit.report(self.rule("interceptor_rule"),
                         "fighters performing Air Interception cannot themselves be detected",
                         where=loc, units=caught)

    # -- the arithmetic

    def resolve(self, audit: Audit, entry: Roll, kind: str, loc: str) -> Detection | None:
        if entry.side is None:  # the record reader requires a side for detection rolls
            return None
        value = self.value(audit, entry.side, kind, loc)
        if value is None:
            zone = self.game.zones.get(self.game.zone_of(loc) or "")
            # 6.3 Exception: Germany, England and Scotland have no ADVs (no bombing there, 7.4.2).
            if kind == "air" and zone is not None and zone.flag in ("german", "allied") and not zone.operational_map:
                audit.report(self.rule("no_adv_rule"), f"{zone.name} has no ADV: air missions there cannot be "
                             f"detected", where=loc, units=entry.target)
            return None
        zone_name = self.game.zone_of(loc) or loc
        label = f"{'NDV' if kind == 'naval' else 'ADV'} {value} ({zone_name}, {entry.side.capitalize()})"
        return Detection(entry.result, value, tuple(self.modifiers(audit, entry, kind, loc)), label)

    def value(self, audit: Audit, side: str, kind: str, loc: str) -> int | None:
        zone = self.game.zones.get(self.game.zone_of(loc) or "")
        if zone is None:
            return None
        if zone.kind == "holding" and zone.parent:
            zone = self.game.zones[zone.parent]
        own = zone.extra  # zones.csv's NDV and ADV columns, this game's own (game.toml [extra])
        value = own[f"{side}_{'ndv' if kind == 'naval' else 'adv'}"]
        if value is None:
            return None
        if kind == "naval" and own["ndv_bonus"] and self.holds(audit, side, own["ndv_bonus_place"]):
            value += own["ndv_bonus"]  # 6.1.1
        return value

    def holds(self, audit: Audit, side: str, place: str) -> bool:
        """6.1.1: control of the place that raises an NDV (Bardufoss only once upgraded); the
        Allied player controls none in Norway, for NDVs, until the end of the Invasion Turn."""
        d = self.cfg["detection"]
        if side == "allied" and not self.rules.turn_at_least(audit.position.turn, d["allied_ndv_control_from"]):
            return False
        try:
            spot = next(p for p in self.game.data.places if p.name == place and p.hex)
        except StopIteration:
            return False
        if place == self.cfg["airbase"]["bardufoss"] and not self.rules.bardufoss_upgraded:
            return False
        return self.rules.situation.controller(spot.hex) == side

    def modifiers(self, audit: Audit, entry: Roll, kind: str, loc: str):
        d = self.cfg["detection"]
        section = self.game.section(loc)
        state = self.rules.weather(audit, section)
        table = d["naval_weather"] if kind == "naval" else d["air_weather"]
        if state and table.get(state):
            yield Modifier(table[state], f"{state} weather", sample=state not in table["given"])
        if kind == "air" and entry.side == "allied" and self.cla_present(audit, entry, loc):
            yield Modifier(d["cla_modifier"], "Antiaircraft Cruiser (6.3.2)")

    def cla_present(self, audit: Audit, entry: Roll, loc: str) -> bool:
        """6.3.2: an undamaged CLA in port in the target hex, or in the attacked stack at sea."""
        pos = audit.position
        mission = self.mission_of(entry.target)
        at_sea = loc in self.game.zones and self.game.zones[loc].kind == "sea"
        if at_sea and (mission is None or "naval" not in mission.kind):
            return False
        if not at_sea and (loc not in self.game.ports or not self.game.ports[loc].operational):
            return False
        return any(self.is_cla(audit.units[uid]) and not self.rules.damaged(audit, uid) for uid in pos.at(loc))

    def is_cla(self, u: Unit) -> bool:
        return u.side == "allied" and self.kinds.naval_type(u) == "CLA"

    # -- interceptions

    def find(self, side: str, loc: str) -> Detected | None:
        zone = self.game.zone_of(loc)
        for det in reversed(self.detections):
            if det.roll.side == side and (det.loc == loc or self.game.zone_of(det.loc) == zone):
                return det
        return None

    def night_mission_at(self, loc: str) -> Mission | None:
        zone = self.game.zone_of(loc)
        for mission in reversed(self.missions):
            if mission.kind in self.cfg["air"]["night_kinds"] and mission.target is not None and (
                    mission.target == loc or self.game.zone_of(mission.target) == zone):
                return mission
        return None

    def intercept(self, audit: Audit, entry: Intercept) -> None:
        det = self.find(entry.side, entry.zone)
        rule = self.rule("interception_rule" if entry.naval or det is None or det.kind == "naval"
                         else "air_interception_rule")
        units = list(entry.naval) + list(entry.air)
        if det is None:
            night = self.night_mission_at(entry.zone)
            if night is not None:
                audit.report(self.rules.rule(self.cfg["air"]["night_rule"]),
                             "a night bombing mission cannot be intercepted", where=entry.zone, units=units)
            else:
                audit.report(rule, f"{entry.side} intercepts in {entry.zone} without a detection roll there",
                             where=entry.zone, units=units)
            return
        if det.detection is not None and not det.detection.detected:
            audit.report(rule, f"the detection failed ({det.detection.describe()}): no interception",
                         where=entry.zone, units=units, samples=det.detection.samples())
            return
        if det.kind == "naval":
            self.naval_interception(audit, entry, det)
        else:
            self.air_interception(audit, entry, det)

    def naval_interception(self, audit: Audit, entry: Intercept, det: Detected) -> None:
        d, pos = self.cfg["detection"], audit.position
        ships = [uid for uid in entry.naval if self.kinds.is_naval(audit.units[uid])]
        points = sum(pos.strength(uid) for uid in entry.air)
        samples = det.detection.samples() if det.detection else ()
        if ships and det.naval_stack or entry.air and det.air_mission:
            audit.report(self.rule("multiple_rule"), "only one naval stack and one air mission may intercept each "
                         "time a stack is detected", where=entry.zone, units=list(entry.naval) + list(entry.air))
        det.naval_stack |= bool(ships)
        det.air_mission |= bool(entry.air)
        det.used += len(ships) + points
        if det.detection is not None:
            allowed = interceptors_allowed(det.detection.margin, d["per_point"], d["at_zero"])
            if det.used > allowed:
                audit.report(self.rule("interception_rule"),
                             det.detection.in_words(allowed, det.used, "interceptors (naval units and air points)"),
                             where=entry.zone, units=list(entry.naval) + list(entry.air),
                             excess=det.used - allowed, samples=samples)
        if len(ships) > d["max_naval_interceptors"]:
            audit.report(self.rule("naval_stack_rule"), f"{len(ships)} naval units intercept as one stack; at most "
                         f"{d['max_naval_interceptors']}", where=entry.zone, units=ships,
                         excess=len(ships) - d["max_naval_interceptors"])
        if points > d["max_air_interceptors"]:
            audit.report(self.rule("air_mission_rule"), f"{points} air points intercept in one air mission; at most "
                         f"{d['max_air_interceptors']}", where=entry.zone, units=list(entry.air),
                         excess=points - d["max_air_interceptors"])
        self.range(audit, entry, ships)
        self.once(audit, entry, ships, list(entry.air))

    def range(self, audit: Audit, entry: Intercept, ships: list[str]) -> None:
        """6.2 Note, 6.2.2: naval interceptors within two Strategic Movement Points."""
        limit = self.cfg["detection"]["naval_intercept_smp"]
        target = self.game.zone_of(entry.zone)
        far = [uid for uid in ships if self.smp(audit.position.loc(uid), target) > limit]
        if far:
            audit.report(self.rule("naval_stack_rule"), f"naval units more than {limit} SMPs from {target} intercept "
                         f"there", where=entry.zone, units=far)

    def smp(self, loc: str | None, target: str | None) -> float:
        """Strategic Movement Points from a naval unit's LOC to a sea zone: one per sea zone entered."""
        start = self.game.zone_of(loc)
        if start is None or target is None:
            return 0  # not on either map as we know it: nothing to judge
        if start == target:
            return 0
        zones = self.game.zones
        seen, queue = {start: 0}, deque([start])
        while queue:
            zone = queue.popleft()
            for nxt in self.game.zone_borders.get(zone, ()):
                if nxt in seen or zones[nxt].kind != "sea":
                    continue
                seen[nxt] = seen[zone] + 1
                if nxt == target:
                    return seen[nxt]
                queue.append(nxt)
        return float("inf")

    def once(self, audit: Audit, entry: Intercept, ships: list[str], planes: list[str]) -> None:
        """6.2.4: once per Naval Segment, and no naval unit that has moved."""
        rule = self.rule("restrictions_rule")
        pos = audit.position
        if pos.phase not in NAVAL_SEGMENT:
            return
        moved = sorted(uid for uid in ships if uid in self.moved)
        if moved:
            audit.report(rule, "naval units that have moved in this Naval Segment cannot intercept",
                         where=entry.zone, units=moved)
        again = sorted(uid for uid in ships + planes if uid in self.intercepted)
        if again:
            audit.report(rule, "a unit may perform Naval Interception only once per Naval Segment",
                         where=entry.zone, units=again)
        for uid in ships + planes:
            self.intercepted.setdefault(uid, pos.phase)

    def air_interception(self, audit: Audit, entry: Intercept, det: Detected) -> None:
        d, pos = self.cfg["detection"], audit.position
        rule = self.rule("air_interception_rule")
        wrong = [uid for uid in entry.naval] + [uid for uid in entry.air
                                                if not self.kinds.is_fighter(audit.units[uid])]
        if wrong:
            audit.report(rule, "only fighter points intercept a detected air mission", where=entry.zone,
                         units=wrong)
        fighters = [uid for uid in entry.air if self.kinds.is_fighter(audit.units[uid])]
        self.air_interceptors.update(fighters)
        det.used += sum(pos.strength(uid) for uid in fighters)
        if det.detection is None:
            return
        allowed = interceptors_allowed(det.detection.margin, d["per_point"], d["at_zero"], d["max_air_interceptors"])
        if det.used > allowed:
            audit.report(rule, det.detection.in_words(allowed, det.used, "fighter points"),
                         where=entry.zone, units=fighters, excess=det.used - allowed,
                         samples=det.detection.samples())
