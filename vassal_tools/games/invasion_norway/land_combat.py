"""Land combat declarations (12.0), judged on each ``attack`` in a Land Combat Phase.

12.0: "a friendly land unit can attack enemy land units located in any adjacent hex(es)";
"No unit may attack or be attacked more than once per Land Combat Phase." An attacker on
the Operational Map whose hex is not next to the hex it attacks, or a unit (or a hex: "All
of the enemy units stacked in a hex must be attacked as a group in a single Land Combat")
in a second attack of the phase, is a finding. Overruns (11.7: any number of times) and
assaults from the sea or air happen in other phases and are not judged here. Whether the
attacker "could enter by Land Movement" the hex it attacks needs the Terrain Effects Chart
(sample) and is not judged.
"""

from __future__ import annotations

from ...record import Attack, Entry
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check, InvasionNorwayRules


class CombatDeclarations(Check):
    """12.0: attacks on adjacent hexes, each unit and each hex in one combat a phase."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.attacked: set[str] = set()
        self.attackers: set[str] = set()

    def start_phase(self, audit: Audit) -> None:
        self.attacked, self.attackers = set(), set()

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        c = self.cfg["land_combat"]
        if not isinstance(entry, Attack) or entry.overrun or audit.position.phase not in c["phases"]:
            return
        rule = self.rules.rule(c["rule"])
        target = self.game.hex_of(entry.hex)
        far = []
        for uid in entry.attackers:
            at = self.game.hex_of(audit.position.loc(uid))
            if at is not None and target is not None and at != target \
                    and target not in self.rules.terrain.neighbours.get(at, ()):
                far.append(uid)
        if far:
            audit.report(rule, f"the attack on {entry.hex} includes units not adjacent to it ({', '.join(far)}); a "
                         f"land unit attacks enemy units in adjacent hexes", where=entry.hex, units=far)
        again = [uid for uid in entry.attackers if uid in self.attackers]
        if again:
            audit.report(rule, f"a second attack this Land Combat Phase by {', '.join(again)}; no unit may attack "
                         f"more than once per Land Combat Phase", where=entry.hex, units=again)
        if entry.hex in self.attacked:
            audit.report(rule, f"{entry.hex} is attacked a second time in this Land Combat Phase; its units are "
                         f"attacked as a group, once per Land Combat Phase", where=entry.hex)
        self.attackers.update(entry.attackers)
        self.attacked.add(entry.hex)
