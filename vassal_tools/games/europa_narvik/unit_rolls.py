"""Per-unit rolls and what may follow them (europa-narvik.txt 10F, 19F, 13A, 19D).

10F: "If Norwegian ground units are the only friendly units in a hex under attack, then they may attempt to
retreat before combat": a Norwegian unit may retreat on a roll of 1 or 2; a disrupted unit or a headquarters
that has absorbed no unit only on a 1; the Guards (HMKG) always; in the German combat phase, never an HQ that
has absorbed units nor a unit absorbed by one. A unit that retreats (moves in that combat phase after its roll)
when it may not is a finding; and "Once a unit rolls to retreat, it must retreat and may not stay in the hex":
one that made its roll and is still in its hex at the next roll, attack or the end of the phase is a finding
too, unless it could not retreat (every hex next to it sea on the sheet, or held by enemy ground units with a
defense strength; 19F). 19F: in the first player turn 1-2 is a choice and any other roll a must. 13A: an air
unit escaping a captured airfield flies away on 1-3 and is eliminated on 4-6: one that moves after a 4-6 is a
finding. 19D: air landings on the first turn only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...record import Attack, Entry, Move, Roll
from ...record.entries import Unit
from ...rules.engine import Audit
from ...rules.position import UnitState
from .catalogue import OPEN_GRID, split_hex
from .rules import Check, EuropaRules, hex_loc, is_ground, phasing


class UnitRolls(Check):
    def __init__(self, rules: EuropaRules):
        super().__init__(rules)
        self.r: Mapping[str, Any] = self.cfg["rolls"]
        self.rolled: dict[str, tuple[str, int]] = {}  # unit -> (what for, die) this phase
        self.must_retreat: dict[str, str] = {}  # unit -> the hex it rolled to retreat from (10F, 19F)
        self.landings: set[str] = set()  # airbases an air landing was tried at (19D: one attempt each)
        self.failed: dict[str, str | None] = {}  # airbase -> the unit whose landing failed this phase

    def start_phase(self, audit: Audit) -> None:
        self.rolled = {}
        self.must_retreat = {}

    def end_phase(self, audit: Audit) -> None:
        self.stayed(audit)
        self.failed_landings(audit)

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Roll) and entry.purpose == "air-landing":
            self.air_landing(audit, entry)
        if isinstance(entry, (Roll, Attack)) and phasing(audit)[1] == "combat":
            self.stayed(audit)
        if isinstance(entry, Roll) and entry.unit and entry.single:
            self.rolled[entry.unit] = (entry.purpose, entry.dice[0])
            if entry.purpose == "retreat-before-combat" and phasing(audit)[1] == "combat":
                self.retreat_roll(audit, entry.unit, entry.dice[0])

    def air_landing(self, audit: Audit, entry: Roll) -> None:
        """19D: on the first turn only, in the German air phase; "there may be no enemy ground units present on
        the airbase"; "Only one landing attempt may be made on a enemy airbase"; on 1-3 the airbase is German
        controlled, on 4-6 "the air unit attempting to land is destroyed" and the others in the hex return."""
        rule = self.rule(self.r["air_landing_rule"])
        if audit.position.turn is not None and audit.position.turn != self.r["first_turn"]:
            audit.report(rule, f"an air landing roll in {audit.position.turn}: only on the first turn may German air "
                         "units land at enemy airbases", where=entry.zone)
            return
        zone = hex_loc(entry.zone)
        if zone is None:
            return
        if audit.position.phase != "german-air":
            audit.report(rule, f"an air landing roll in the {audit.position.phase}: the attempt is made during the "
                         "air return phase of the German turn", where=entry.zone)
        enemy = sorted(u for u in audit.position.at(zone) if is_ground(audit.units[u])
                       and audit.units[u].side != "german")
        if enemy:
            audit.report(rule, f"an air landing at {zone} with enemy ground units there ({', '.join(enemy)}): there "
                         "may be no enemy ground units present on the airbase", where=entry.zone)
        if zone in self.landings:
            audit.report(rule, f"a second air landing attempt at {zone}: only one landing attempt may be made on an "
                         "enemy airbase", where=entry.zone)
        self.landings.add(zone)
        if entry.dice and entry.dice[0] in self.r["air_landing_success"]:
            self.rules.control[zone] = "german"
        elif entry.dice:
            self.failed[zone] = entry.unit

    def failed_landings(self, audit: Audit) -> None:
        """19D: after a 4-6 the unit is destroyed and the other German air units in the hex return to base."""
        for zone, uid in sorted(self.failed.items()):
            there = sorted({u for u in (*audit.position.at(zone), *audit.position.at(f"airbase:{zone}"))
                            if audit.units[u].unit_class == "air" and audit.units[u].side == "german"}
                           | ({uid} if uid is not None and audit.position.on_map(uid) else set()))
            if there:
                audit.report(self.rule(self.r["air_landing_rule"]), f"{', '.join(there)} still on the map at the end "
                             f"of the air phase after a failed air landing at {zone}: the air unit attempting to land is destroyed and "
                             "other German air units in the hex must return to a friendly airbase", where=zone,
                             units=there)
        self.failed = {}

    def retreat_roll(self, audit: Audit, uid: str, die: int) -> None:
        """A roll that lets (10F) or makes (19F) the unit retreat: it must, before any other roll or attack."""
        unit = audit.units.get(uid)
        loc = audit.position.loc(uid)
        if unit is None or loc is None or split_hex(loc) is None or self.is_guards(unit):
            return  # 10F: the Guards have the option of standing or retreating
        if self.retreat_fault(audit, unit, die, None, loc):
            return  # a unit that may not retreat is not made to
        first = audit.position.turn == self.r["first_turn"]
        if not first or die not in self.r["retreat"]:
            self.must_retreat[uid] = loc

    def stayed(self, audit: Audit) -> None:
        for uid, loc in sorted(self.must_retreat.items()):
            if audit.position.loc(uid) == loc and self.can_retreat(audit, audit.units[uid], loc):
                first = audit.position.turn == self.r["first_turn"]
                rule = self.r["first_turn_retreat_rule"] if first else self.r["retreat_rule"]
                why = ("on any roll but 1 or 2 the unit must retreat before combat" if first else
                       "once a unit rolls to retreat, it must retreat and may not stay in the hex")
                audit.report(self.rule(rule), f"{audit.units[uid].name or uid} stays in {loc} after its roll to "
                             f"retreat before combat: {why}", where=loc, units=[uid],
                             samples=("sample: the sheet's terrain next to the hex",), case="" if first else "must")
        self.must_retreat = {}

    def can_retreat(self, audit: Audit, unit: Unit, loc: str) -> bool:
        """10D2: to an adjacent hex not occupied by an enemy ground unit with a defense strength, never into sea."""
        parts = split_hex(loc)
        if parts is None:
            return False
        mapname, hex_ = parts
        for near in OPEN_GRID.neighbours(hex_):
            there = f"{mapname}:{near}" if mapname else near
            if mapname is None and self.pack.sheet.terrain(there) == "sea" and near in self.pack.data.hexes:
                continue
            enemy = [u for u in audit.position.at(there) if audit.units[u].unit_class == "land"
                     and audit.units[u].side != unit.side and (audit.units[u].get("defense") or 0) > 0]
            if not enemy:
                return True
        return False

    def is_guards(self, unit: Unit) -> bool:
        return self.r["guards"] in {(unit.name or "").upper(), unit.id.upper()}

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Move) or entry.unit not in self.rolled or entry.to.startswith("hq:"):
            return
        purpose, die = self.rolled.pop(entry.unit)
        unit = audit.units[entry.unit]
        name = unit.name or unit.id
        if purpose == "retreat-before-combat" and phasing(audit)[1] == "combat":
            self.must_retreat.pop(entry.unit, None)
            if self.is_guards(unit):
                return  # 10F: the Guards may always retreat before combat
            fault = self.retreat_fault(audit, unit, die, previous, previous.loc if previous is not None else None)
            if fault:
                audit.report(self.rule(self.r["retreat_rule"]), f"{name} retreats before combat: {fault}",
                             where=entry.to, units=[unit.id], case=retreat_case(fault))
        elif purpose == "escape" and die in self.r["escape_lost"]:
            audit.report(self.rule(self.r["escape_rule"]), f"{name} flies to {entry.to} after an escape roll of {die}: "
                         "on 4, 5 or 6 the air unit is eliminated", where=entry.to, units=[unit.id])

    def retreat_fault(self, audit: Audit, unit: Unit, die: int, previous: UnitState | None, loc: str | None) -> str:
        """10F: Norwegian units only, the only friendly units in the hex, at the German combat phase; none
        absorbed by, or an HQ that absorbed, units; 1-2, or 1 for a disrupted unit or an HQ with nothing
        absorbed. 19F: on the first turn 1-2 is a choice and any other roll a must."""
        if unit.nationality != "norwegian":
            return "only Norwegian units retreat before combat"
        if phasing(audit)[0] != "german":
            return "Norwegian units retreat before combat at the start of the German combat phase only"
        if previous is not None and str(previous.loc or "").startswith("hq:"):
            return "units absorbed by a headquarters stand and fight"
        if unit.type == "hq" and (audit.position.at(f"hq:{unit.id}") or audit.position.at(f"hq:{unit.name}")):
            return "a headquarters that has absorbed units stands and fights"
        allies = sorted(u for u in audit.position.at(loc or "") if audit.units[u].side == unit.side
                        and audit.units[u].unit_class == "land" and audit.units[u].nationality != "norwegian")
        if allies:
            return (f"{', '.join(allies)} {'is' if len(allies) == 1 else 'are'} in the hex too: Norwegian units "
                    "retreat before combat only when they are the only friendly units in the hex")
        if audit.position.turn == self.r["first_turn"]:
            return ""
        limited = unit.type == "hq" or self.rules.marked(unit.id, "disrupted")
        allowed = self.r["retreat_disrupted"] if limited else self.r["retreat"]
        if die not in allowed:
            return f"a roll of {die}; it may on {' or '.join(map(str, allowed))}"
        return ""


def retreat_case(fault: str) -> str:
    """Which sentence of 10F decides a retreat's fault (explain.toml's cases): the die roll, or the
    headquarters that stand and fight; "" for the rule's first sentence (who may retreat, and when)."""
    if fault.startswith("a roll of"):
        return "roll"
    return "absorbed" if "stand" in fault else ""
