"""Set-up zones (narvik-1940.txt 3.1, 3.2; 18.2; 22.1), judged on a record that starts at GT 1.

3.1: German at-start units (no reinforcement code) on hexes within 15 hexes of Bjornfjell (2020),
not counting 2020; the railroad artillery on a railroad hex; R units and air strikes in the German
Random Reinforcements display. 3.2: British at-start units in Harstad and/or in or adjacent to
Bogen (0216); Norwegian at-start units in Bardufoss and/or in or adjacent to Salangen (1801);
French, Polish and Norwegian S units in the Allied Scheduled Reinforcements display; Allied R units
and strikes in the (errata: random half of the) scheduled display. 18.2: Auchinleck starts in the
Allied Scheduled Reinforcements display. 22.1: German OPT(A) units set up as at-start units; for each,
the Allies may add one optional unit to their start force (set up as their at-start units); other
Allied optional units stay out of play or in the pool (22.3).
Units a record does not place are not judged.
"""

from __future__ import annotations

from ...record import Entry, Place
from ...record.entries import Unit
from ...rules.engine import Audit
from ...rules.findings import counted
from ...rules.position import UnitState
from .catalogue import is_hex
from .rules import Check, NarvikRules

SCHEDULED = "Allied Scheduled Reinforcements"
RANDOM = {"german": ("German Random Reinforcements",), "allied": ("Allied Random Reinforcements", SCHEDULED)}


class SetUp(Check):
    """Where each unit placed before the first phase of GT 1 may be."""

    def __init__(self, rules: NarvikRules):
        super().__init__(rules)
        self.judged = False
        self.start_force: list[str] = []      # Allied OPT units set up with the at-start units (22.1)
        self.german_options: list[str] = []   # German OPT(A) units deployed (22.1)

    def end_phase(self, audit: Audit) -> None:
        if not self.judged or audit.position.phase is not None or len(self.start_force) <= len(self.german_options):
            return
        audit.report(self.rule("22.1"), f"{counted(len(self.start_force), 'Allied optional unit')} set up with the start force "
                     f"for {counted(len(self.german_options), 'German OPT(A) unit')} deployed: one for each", units=self.start_force,
                     excess=len(self.start_force) - len(self.german_options))

    def start(self, audit: Audit) -> None:
        self.judged = self.rules.first_turn(audit.record) == self.cfg["setup"]["first_turn"]

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not self.judged or audit.position.phase is not None or not isinstance(entry, Place):
            return
        unit = audit.units[entry.unit]
        if unit.unit_class == "marker":
            return
        fault, rule, samples = self.fault(audit, unit, entry.at)
        if fault:
            audit.report(self.rule(rule), f"{unit.name or unit.id} set up in {entry.at}: {fault}", where=entry.at,
                         units=[unit.id], samples=samples, case=set_up_case(fault))

    def fault(self, audit: Audit, unit: Unit, at: str) -> tuple[str, str, tuple[str, ...]]:
        s = self.cfg["setup"]
        code = str(unit.get("code") or "").upper()
        rule = s["german_rule"] if unit.side == "german" else s["allied_rule"]
        if unit.side is None:
            return "", rule, ()  # a marker of no side has no set-up place
        if unit.type == "leader" and unit.side == "allied":
            return ("" if at == SCHEDULED else f"Auchinleck starts in the {SCHEDULED} display"), "18.2", ()
        if unit.unit_class == "strike" or code == "R":
            boxes = RANDOM[unit.side]
            return ("" if at in boxes else f"a random reinforcement starts in the {boxes[0]} display"), rule, ()
        if code == "S" or (unit.side == "allied" and unit.nationality in ("french", "polish")):
            return ("" if at == SCHEDULED else f"a scheduled reinforcement starts in the {SCHEDULED} display"), rule, ()
        if code == "OPT" and unit.side == "allied" and (is_hex(at) or at in self.cfg["setup"]["british_boxes"]):
            # 22.1: for each German OPT(A) unit deployed, the Allies add one optional unit to their start
            # force (counted when the set-up ends), set up as their at-start units (3.2).
            self.start_force.append(unit.id)
            return self.allied(unit, at)
        if code == "OPT" and unit.side == "allied":
            return "", "22.3", ()  # out of play, or in the pool (22.3): not judged
        if code == "OPT" and not is_hex(at):
            return "", rule, ()  # 22.1: an OPT(A) unit the Germans do not select stays out of play (22.2: OPT(B) later)
        if code == "OPT":
            self.german_options.append(unit.id)
        if unit.side == "german":
            return self.german(audit, unit, at)
        return self.allied(unit, at)

    def german(self, audit: Audit, unit: Unit, at: str) -> tuple[str, str, tuple[str, ...]]:
        s, places, samples = self.cfg["setup"], self.cfg["places"], self.cfg["samples"]
        rule = s["german_rule"]
        if not is_hex(at):
            return "German at-start units are placed on hexes of the map", rule, ()
        grid = self.pack.data.grid
        distance = grid.distance(at, places["bjornfjell"])
        if distance > s["german_radius"]:
            return (f"{distance} hexes from Bjornfjell ({places['bjornfjell']}), more than "
                    f"{s['german_radius']}", rule, (samples["grid"],))
        if unit.type == "railroad_artillery" and at not in self.pack.railroad_hexes:
            return "the railroad artillery must be placed on a railroad hex", s["railroad_rule"], (samples["railroad"],)
        return "", rule, ()

    def allied(self, unit: Unit, at: str) -> tuple[str, str, tuple[str, ...]]:
        s, places = self.cfg["setup"], self.cfg["places"]
        if unit.nationality == "norwegian":
            town, name, boxes = places["salangen"], "Salangen", s["norwegian_boxes"]
        else:
            town, name, boxes = places["bogen"], "Bogen", s["british_boxes"]
        if at in boxes or at == town:
            return "", s["allied_rule"], ()
        if is_hex(at) and self.pack.data.grid.adjacent(at, town):
            return "", s["allied_rule"], ()
        return (f"{unit.nationality} at-start units go in {' or '.join(boxes)} or in or adjacent to {name} "
                f"({town})", s["allied_rule"], (self.cfg["samples"]["grid"],) if is_hex(at) else ())


def set_up_case(fault: str) -> str:
    """Which sentence of 3.1/3.2 decides a set-up fault (explain.toml's cases): the railroad artillery's
    railroad hex, the displays of random and scheduled reinforcements; "" for the at-start units' places."""
    for words, case in (("railroad", "railroad"), ("random reinforcement", "random"),
                        ("scheduled reinforcement", "scheduled")):
        if words in fault:
            return case
    return ""
