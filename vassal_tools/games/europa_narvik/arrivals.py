"""Units coming into play and landing by sea (europa-narvik.txt 15, 16, 17A, 17C, 18C, 19A, 20), judged
through the record.

A unit a record brings from a box (``Germany``, ``Staging Box``, ``England``, an off-map airbase) into a hex
in a movement or exploitation phase lands by sea. 17A: German units go from the staging box to "any port"
(from the reinforcement chart straight to Norway only on Turn 1, 19A); "Supply counters may not be moved
during a phase that they land at a port." 18C: "The German player may not transport any unit by sea into a
port that has a naval interdiction counter adjacent to or at the port." 19A: on Turn 1 the assault wave (the
movement phase) "may consist of up to fifteen battalion equivalents, but these may be only infantry, mountain
infantry, and/or headquarters units"; the follow-up wave (the exploitation phase) up to fourteen of any type,
which "may not otherwise move that phase, and may not make opposed landings". 17C: Allied units "are
transported to ports ... may make no other movement that phase ... only ... to ports that are not occupied by
a German ground unit" (opposed landings only from the landing craft). 16: "German air units appear at the
Hamburg off-map airbase"; 15: Allied air units at Hatston Field, Bomber Command's at Bomber Command, "and may
never use any other airbase"; "On turn 2 and thereafter, Norwegian reinforcements are immediately eliminated
if their hex of appearance is occupied by an enemy ground unit." 20: the naval regiment appears "during the
German reinforcement phase of turn 2, but they may not move in that player turn".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...record import Entry, Move, Place, Remove
from ...record.entries import Unit
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import OPEN_GRID, is_hex, split_hex
from .rules import Check, EuropaRules, is_ground, phasing
from .terrain import LAKES_AND_COAST, WATER


class Arrivals(Check):
    def __init__(self, rules: EuropaRules):
        super().__init__(rules)
        self.a: Mapping[str, Any] = self.cfg["arrivals"]
        self.bomber_command: set[str] = set()  # air units seen at the Bomber Command airbase (15)
        # 17A: (turn, port) -> German units that landed there solely occupied by enemy units (an opposed landing)
        self.opposed: dict[tuple[str | None, str], set[str]] = {}
        self.reset()

    def naval(self, audit: Audit, unit: Unit, came_from: str | None, to: str) -> None:
        """18: "Naval units are placed during the movement phase of their turn of appearance in any full or
        partial sea hex of the North Sea ... Each Allied movement phase, these units may be moved"."""
        side, kind = phasing(audit)
        if not is_hex(to) and to not in self.pack.sheet.sea_zones:
            return
        where = []
        if (side, kind) != ("allied", "movement") and unit.side == "allied":
            where.append(f"in the {audit.position.phase}: naval units are placed and moved in the Allied movement phase")
        sheet = self.pack.sheet
        known = sheet.known(to)
        if known is not None and sheet.terrain(to) != "sea" and sheet.data.hexes[known].coast != "sea":
            where.append(f"{to} is no full or partial sea hex")
        if where:
            audit.report(self.rule(self.a["naval_rule_sea"]), f"{unit.name or unit.id} comes to {to} "
                         f"{'; '.join(where)}", where=to, units=[unit.id],
                         samples=(WATER,) if known is not None else ())

    def lake_airfield(self, audit: Audit, unit: Unit, came_from: str | None, to: str) -> None:
        """13D: placed where "a friendly ground unit occupies ... and which is either adjacent to a lake hexside
        or within two hexes of a partial sea hex. Once placed, it may not be moved." """
        rule = self.rule(self.a["lake_rule"])
        if is_hex(came_from) and came_from != to:
            audit.report(rule, f"{unit.name or unit.id} moved from {came_from} to {to}: once placed, a lake airfield "
                         "may not be moved", where=to, units=[unit.id], case="placed")
            return
        sheet, known = self.pack.sheet, self.pack.sheet.known(to)
        if known is None or audit.position.phase is None:
            return
        data = sheet.data
        lake = any(s.feature == "lake" and known in (s.a, s.b) for s in data.hexsides)
        coast = any(h.coast == "sea" and OPEN_GRID.distance(known, name) <= self.a["lake_sea_hexes"]
                    for name, h in data.hexes.items())
        if not lake and not coast:
            audit.report(rule, f"{unit.name or unit.id} placed in {to}, neither adjacent to a lake hexside nor within "
                         "two hexes of a partial sea hex", where=to, units=[unit.id],
                         samples=(LAKES_AND_COAST,), case="placed")

    def breakdowns(self, audit: Audit) -> None:
        """23: a unit removed and units of its formation placed in its hex in one phase broke down (or were
        reassembled): "only during a friendly reinforcement or movement phase"."""
        side, kind = phasing(audit)
        if kind in self.a["breakdown_phases"] or kind is None:
            return
        for loc, placed in sorted(self.broken_down.items()):
            for unit in placed:
                parent = [u for u in self.removed.get(loc, []) if u.formation and u.formation == unit.formation
                          and u.side == unit.side and u.id != unit.id]
                if parent:
                    audit.report(self.rule(self.a["breakdown_rule"]), f"{unit.name or unit.id} placed in {loc} as "
                                 f"{parent[0].name or parent[0].id} leaves it, in the {audit.position.phase}: a unit "
                                 "breaks down or is reassembled only during a friendly reinforcement or movement "
                                 "phase", where=loc, units=[unit.id, parent[0].id])
                    break

    def reset(self) -> None:
        self.broken_down: dict[str, list[Unit]] = {}  # hex -> land units placed in it this phase
        self.removed: dict[str, list[Unit]] = {}      # hex -> land units removed from it this phase
        self.landed: dict[str, str] = {}   # unit -> the hex it landed in by sea this phase
        self.waves: dict[str, float] = {}  # Turn 1: battalion equivalents of the wave this phase
        self.appeared: dict[str, str] = {}  # Norwegian reinforcements placed this reinforcement phase -> hex

    def start_phase(self, audit: Audit) -> None:
        self.reset()

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Remove) and is_hex(audit.position.loc(entry.unit)) \
                and audit.units[entry.unit].unit_class == "land":
            self.removed.setdefault(audit.position.loc(entry.unit) or "", []).append(audit.units[entry.unit])
        if isinstance(entry, Move) and is_hex(audit.position.loc(entry.unit)) and is_hex(entry.to):
            self.moved_on(audit, entry)

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, (Place, Move)) or audit.position.phase is None:
            return
        came_from = previous.loc if previous is not None else None
        to = entry.at if isinstance(entry, Place) else entry.to
        unit = audit.units[entry.unit]
        if unit.unit_class == "naval":
            self.naval(audit, unit, came_from, to)
            return
        if unit.unit_class == "marker" and unit.type == "lake-airfield":
            self.lake_airfield(audit, unit, came_from, to)
            return
        if unit.unit_class == "land" and isinstance(entry, Place) and is_hex(to):
            self.broken_down.setdefault(to, []).append(unit)
        if unit.unit_class == "air":
            if isinstance(entry, Place) or not came_from:
                self.air_appears(audit, unit, to)
            return
        if is_hex(came_from) or not is_hex(to) or str(came_from or "").startswith("hq:"):
            return
        side, kind = phasing(audit)
        if kind == "reinforcement":
            self.appears(audit, unit, to)
        elif kind in ("movement", "exploitation") and unit.unit_class in ("land", "supply") and came_from:
            self.lands(audit, unit, str(came_from), to, kind)

    # -- coming into play

    def air_appears(self, audit: Audit, unit: Unit, to: str) -> None:
        if phasing(audit)[1] != "reinforcement":
            return
        bases = self.a["german_air"] if unit.side == "german" else self.a["allied_air"]
        if to not in bases:
            rule = self.a["german_rule"] if unit.side == "german" else self.a["allied_rule"]
            audit.report(self.rule(rule), f"{unit.name or unit.id} appears at {to}: {unit.side} air units appear at "
                         f"{' or '.join(b.removeprefix('airbase:') for b in bases)}", where=to, units=[unit.id])

    def appears(self, audit: Audit, unit: Unit, to: str) -> None:
        if unit.nationality == "norwegian" and audit.position.turn != self.cfg["rolls"]["first_turn"]:
            self.appeared[unit.id] = to
        self.naval_troops(audit, unit, to)

    def naval_troops(self, audit: Audit, unit: Unit, to: str) -> None:
        """20: the naval regiment comes into play in the German reinforcement phase of Turn 2 only."""
        if (unit.formation or "").lower() != self.a["naval_formation"].lower():
            return
        if audit.position.turn != self.a["naval_turn"] or audit.position.phase != "german-reinforcement":
            audit.report(self.rule(self.a["naval_rule"]), f"{unit.name or unit.id} of the naval regiment comes into "
                         f"play in {audit.position.turn} {audit.position.phase}: it appears during the German "
                         "reinforcement phase of turn 2", where=to, units=[unit.id])

    def moved_on(self, audit: Audit, entry: Move) -> None:
        """A move from hex to hex by a unit that may not move again (17A, 17C, 19A, 20)."""
        unit = audit.units.get(entry.unit)
        side, kind = phasing(audit)
        if unit is None or kind not in ("movement", "exploitation", "reinforcement"):
            return
        name = unit.name or unit.id
        if (unit.formation or "").lower() == self.a["naval_formation"].lower() \
                and audit.position.turn == self.a["naval_turn"] and side == "german":
            audit.report(self.rule(self.a["naval_rule"]), f"{name} of the naval regiment moves in the German player "
                         "turn of turn 2: they may not move in that player turn", where=entry.to, units=[unit.id])
        if entry.unit not in self.landed:
            return
        if unit.unit_class == "supply" and unit.side == "german" and not unit.get("special"):
            rule, why = self.a["german_sea_rule"], "supply counters may not be moved during a phase that they land"
        elif audit.position.turn == self.cfg["rolls"]["first_turn"] and kind == "exploitation" and side == "german":
            rule, why = self.a["wave_rule"], "units of the follow-up wave may not otherwise move that phase"
        elif unit.side == "allied" and unit.nationality != "norwegian" and unit.unit_class == "land" \
                and not self.landing_craft(audit, entry.unit):
            rule, why = self.a["allied_sea_rule"], "a unit transported by sea may make no other movement that phase"
        else:
            return
        audit.report(self.rule(rule), f"{name} moves on from {self.landed[entry.unit]}, where it landed this phase: "
                     f"{why}", where=entry.to, units=[unit.id])

    def landing_craft(self, audit: Audit, uid: str) -> bool:
        """17C: units the landing craft lands may move up to half their rating after landing."""
        loc = audit.position.loc(uid) or ""
        return any(audit.units[u].unit_class == "naval" and str(audit.units[u].type).upper() == "LC"
                   for u in audit.position.at(loc))

    # -- landing by sea

    def lands(self, audit: Audit, unit: Unit, came_from: str, to: str, kind: str) -> None:
        side = phasing(audit)[0]
        self.landed[unit.id] = to
        if unit.side == "german" and side == "german":
            self.german_lands(audit, unit, came_from, to, kind)
        elif unit.side == "allied" and unit.nationality != "norwegian" and side == "allied" and unit.unit_class == "land":
            self.allied_lands(audit, unit, to)

    def german_lands(self, audit: Audit, unit: Unit, came_from: str, to: str, kind: str) -> None:
        name, sheet = unit.name or unit.id, self.pack.sheet
        first = audit.position.turn == self.cfg["rolls"]["first_turn"]
        from_chart = came_from.lower() == self.a["chart"].lower()
        if from_chart and not first:
            audit.report(self.rule(self.a["german_sea_rule"]), f"{name} goes from the reinforcement chart straight to "
                         f"{to}: by sea, units are placed in a port from the staging box (straight from the chart "
                         "only on the first turn, 19A)", where=to, units=[unit.id])
        if sheet.is_port(to) is False:
            audit.report(self.rule(self.a["german_sea_rule"]), f"{name} lands in {to}, which is no port: units in the "
                         "staging box may be placed in any port", where=to, units=[unit.id],
                         samples=("sample: the sheet's ports",))
        blockers = self.interdiction(audit, to)
        if blockers:
            audit.report(self.rule(self.a["interdiction_rule"]), f"{name} lands in {to} by sea with the naval "
                         f"interdiction counter {', '.join(blockers)} at or adjacent to the port", where=to,
                         units=[unit.id, *blockers])
        if first and from_chart:
            self.wave(audit, unit, to, kind)
        others = [audit.units[u] for u in audit.position.at(to) if u != unit.id and is_ground(audit.units[u])]
        landed_with = self.opposed.get((audit.position.turn, to), set())
        if unit.unit_class == "land" and any(u.side != "german" for u in others) and \
                all(u.side != "german" or u.id in landed_with for u in others):
            self.opposed.setdefault((audit.position.turn, to), set()).add(unit.id)  # 17A: an opposed landing

    def interdiction(self, audit: Audit, to: str) -> list[str]:
        parts = split_hex(to)
        if parts is None:
            return []
        found = []
        for loc, ids in audit.position.occupied():
            other = split_hex(loc)
            if other is None or other[0] != parts[0]:
                continue
            if OPEN_GRID.distance(other[1], parts[1]) <= 1:
                found += [u for u in ids if audit.units[u].unit_class == "naval"
                          and str(audit.units[u].type).lower() == "interdiction" and audit.units[u].side != "german"]
        return sorted(found)

    def equivalents(self, unit: Unit) -> float:
        """17A: "A headquarters, supply counter, or battalion each equals one battalion equivalent. A company
        equals one third"; a regiment two to four (23: sample)."""
        if unit.unit_class == "supply" or unit.type == "hq":
            return 1.0
        return float(self.a["equivalents"].get(str(unit.size or "battalion"), 1.0))

    def wave(self, audit: Audit, unit: Unit, to: str, kind: str) -> None:
        """19A: the assault wave (movement phase) and the follow-up wave (exploitation phase) of Turn 1."""
        name = unit.name or unit.id
        limit = self.a["assault_wave"] if kind == "movement" else self.a["follow_up_wave"]
        before = self.waves.get(kind, 0.0)
        self.waves[kind] = before + self.equivalents(unit)
        what = "assault" if kind == "movement" else "follow-up"
        if before <= limit < self.waves[kind]:
            audit.report(self.rule(self.a["wave_rule"]), f"the {what} wave reaches {self.waves[kind]:g} battalion "
                         f"equivalents with {name}: it may consist of up to {limit}", where=to, units=[unit.id],
                         samples=("sample: battalion equivalents of a regiment",)
                         if unit.size == "regiment" else ())
        if kind == "movement" and (unit.unit_class == "supply" or unit.type not in self.a["assault_types"]):
            audit.report(self.rule(self.a["wave_rule"]), f"{name} ({unit.type or unit.unit_class}) lands with the "
                         "assault wave, which may be only infantry, mountain infantry and headquarters units",
                         where=to, units=[unit.id])
        if kind == "exploitation":
            others = [audit.units[u] for u in audit.position.at(to) if u != unit.id and is_ground(audit.units[u])]
            if any(u.side != "german" for u in others) and not any(u.side == "german" for u in others):
                audit.report(self.rule(self.a["wave_rule"]), f"{name} lands in {to}, held by enemy units alone: "
                             "the follow-up wave may not make opposed landings", where=to, units=[unit.id])

    def allied_lands(self, audit: Audit, unit: Unit, to: str) -> None:
        name, sheet = unit.name or unit.id, self.pack.sheet
        if self.landing_craft(audit, unit.id):
            return  # 17C: the landing craft lands in any partial sea hex, opposed landings allowed
        if sheet.is_port(to) is False:
            audit.report(self.rule(self.a["allied_sea_rule"]), f"{name} lands in {to}, which is no port: Allied units "
                         "are transported to ports", where=to, units=[unit.id], samples=("sample: the sheet's ports",))
        germans = sorted(u for u in audit.position.at(to) if is_ground(audit.units[u])
                         and audit.units[u].side == "german")
        if germans:
            audit.report(self.rule(self.a["allied_sea_rule"]), f"{name} lands in {to}, where German ground units are "
                         f"({', '.join(germans)}): only to ports not occupied by a German ground unit", where=to,
                         units=[unit.id])

    # -- the end of a phase

    def end_phase(self, audit: Audit) -> None:
        side, kind = phasing(audit)
        self.breakdowns(audit)
        if side == "german" and kind in ("movement", "combat"):
            self.opposed_landings(audit, kind)
        if kind == "reinforcement":
            for uid, loc in sorted(self.appeared.items()):
                germans = [u for u in audit.position.at(loc) if is_ground(audit.units[u])
                           and audit.units[u].side == "german"]
                if audit.position.loc(uid) == loc and germans:
                    audit.report(self.rule(self.a["allied_rule"]), f"{audit.units[uid].name or uid} appears in {loc}, "
                                 "occupied by an enemy ground unit: on turn 2 and thereafter such a Norwegian "
                                 "reinforcement is immediately eliminated", where=loc, units=[uid])
        if kind in ("air", None):
            self.bomber_command_bases(audit)

    def opposed_landings(self, audit: Audit, kind: str) -> None:
        """17A: "German artillery units may not make opposed landings unless accompanied by a non-artillery unit";
        "if any enemy unit remains in the hex after results are implemented, all surviving German units must be
        returned to the reinforcement chart"."""
        rule = self.rule(self.a["german_sea_rule"])
        for (turn, loc), landed in sorted(self.opposed.items(), key=lambda item: str(item[0])):
            if turn != audit.position.turn:
                continue
            here = sorted(u for u in landed if audit.position.loc(u) == loc)
            if kind == "movement" and landed and all(audit.units[u].type in self.a["artillery_types"] for u in landed):
                audit.report(rule, f"{', '.join(sorted(landed))} land at {loc}, held by enemy units alone: German "
                             "artillery units may not make opposed landings unless accompanied by a non-artillery "
                             "unit", where=loc, units=sorted(landed))
            enemy = [u for u in audit.position.at(loc) if is_ground(audit.units[u]) and audit.units[u].side != "german"]
            if kind == "combat" and enemy and here:
                audit.report(rule, f"{', '.join(here)} still at {loc} after the combat phase of their opposed landing, "
                             "with enemy units there: all surviving German units must be returned to the "
                             "reinforcement chart", where=loc, units=here)

    def bomber_command_bases(self, audit: Audit) -> None:
        """15: "Allied Bomber Command air units appear at the Bomber Command airbase and may never use any
        other airbase"."""
        base = self.a["bomber_command"]
        self.bomber_command.update(u for u in audit.position.at(base) if audit.units[u].unit_class == "air")
        away = {uid: audit.position.loc(uid) for uid in self.bomber_command
                if audit.position.on_map(uid) and audit.position.loc(uid) != base}
        for uid in sorted(audit.standing("15 bomber command", away)):
            audit.report(self.rule(self.a["allied_rule"]), f"{audit.units[uid].name or uid}, a Bomber Command air "
                         f"unit, is at {away[uid]} at the end of the air phase: it may never use any other airbase",
                         where=away[uid], units=[uid])
