"""Per-unit rolls and what may follow them (europa-narvik.txt 10F, 13A, 19D).

10F: a Norwegian unit may retreat before combat on a roll of 1 or 2; a disrupted unit or a headquarters
that has absorbed no unit only on a 1; the Guards (HMKG) always; Norwegian units only, in the German
combat phase, never an HQ that has absorbed units nor a unit absorbed by one. A unit that retreats (moves in that
combat phase after its roll) on another roll is a finding. 13A: an air unit escaping a captured
airfield flies away on 1-3 and is eliminated on 4-6: one that moves after a 4-6 is a finding. 19D: air
landings are attempted on the first turn only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...record import Entry, Move, Roll
from ...record.entries import Unit
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check, EuropaRules, phasing


class UnitRolls(Check):
    def __init__(self, rules: EuropaRules):
        super().__init__(rules)
        self.r: Mapping[str, Any] = self.cfg["rolls"]
        self.rolled: dict[str, tuple[str, int]] = {}  # unit -> (what for, die) this phase

    def start_phase(self, audit: Audit) -> None:
        self.rolled = {}

    def before(self, audit: Audit, entry: Entry) -> None:
        if isinstance(entry, Roll) and entry.purpose == "air-landing" and audit.position.turn is not None \
                and audit.position.turn != self.r["first_turn"]:
            audit.report(self.rule(self.r["air_landing_rule"]), f"an air landing roll in {audit.position.turn}: "
                         "only on the first turn may German air units land at enemy airbases", where=entry.zone)
        if isinstance(entry, Roll) and entry.unit and entry.single:
            self.rolled[entry.unit] = (entry.purpose, entry.dice[0])

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Move) or entry.unit not in self.rolled or entry.to.startswith("hq:"):
            return
        purpose, die = self.rolled.pop(entry.unit)
        unit = audit.units[entry.unit]
        name = unit.name or unit.id
        if purpose == "retreat-before-combat" and phasing(audit)[1] == "combat":
            if self.r["guards"] in {(unit.name or "").upper(), unit.id.upper()}:
                return  # 10F: the Guards may always retreat before combat
            fault = self.retreat_fault(audit, unit, die, previous)
            if fault:
                audit.report(self.rule(self.r["retreat_rule"]), f"{name} retreats before combat: {fault}",
                             where=entry.to, units=[unit.id], case=retreat_case(fault))
        elif purpose == "escape" and die in self.r["escape_lost"]:
            audit.report(self.rule(self.r["escape_rule"]), f"{name} flies to {entry.to} after an escape roll of {die}: "
                         "on 4, 5 or 6 the air unit is eliminated", where=entry.to, units=[unit.id])

    def retreat_fault(self, audit: Audit, unit: Unit, die: int, previous: UnitState | None) -> str:
        """10F: Norwegian units only, at the German combat phase; none absorbed by, or an HQ that absorbed,
        units; 1-2, or 1 for a disrupted unit or an HQ with nothing absorbed. 19F: on the first turn 1-2 is a
        choice and any other roll a must."""
        if unit.nationality != "norwegian":
            return "only Norwegian units retreat before combat"
        if phasing(audit)[0] != "german":
            return "Norwegian units retreat before combat at the start of the German combat phase only"
        if previous is not None and str(previous.loc or "").startswith("hq:"):
            return "units absorbed by a headquarters stand and fight"
        if unit.type == "hq" and (audit.position.at(f"hq:{unit.id}") or audit.position.at(f"hq:{unit.name}")):
            return "a headquarters that has absorbed units stands and fights"
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
