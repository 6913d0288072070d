"""Land combat: declarations (12.0), judged on each ``attack`` in a Land Combat Phase, and the
retreats and advances after (12.2.3, 12.3).

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

from ...record import Attack, Entry, Move, Steps
from ...rules.engine import Audit
from ...rules.position import UnitState
from .rules import Check, InvasionNorwayRules
from .situation import enemy


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


class CombatMoves(Check):
    """12.2.3 and 12.3, for the moves of a Land Combat Phase:

    - "Trucks, SPs, and ASPs cannot Retreat" (nor advance: only units that fought may);
    - a unit that fought in the phase and moves into a hex an enemy unit of its combat held is
      advancing (12.3: "The first hex advanced into must have been occupied by an enemy unit
      that was eliminated or retreated"; "Enemy ZOCs are ignored"), and is not judged further;
    - any other move of a unit that fought is a retreat: not into a hex an enemy unit with a
      Defense Factor holds ("A unit cannot Retreat into a hex that it cannot enter by Land
      Movement", 11.2.1), nor "into an enemy ZOC hex unless the hex is occupied by a friendly
      land unit with a Defense Factor greater than zero".

    Only where a move ends is judged (a retreat's path and length, from the CRT, are not in the
    record). Which hexes a ZOC reaches rests on sample terrain (hexes.csv): findings say so."""

    def __init__(self, rules: InvasionNorwayRules) -> None:
        super().__init__(rules)
        self.fought: dict[str, set[str]] = {}  # unit -> hexes its enemies in its combats held

    def start_phase(self, audit: Audit) -> None:
        self.fought = {}

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        c = self.cfg["land_combat"]
        if audit.position.phase not in c["phases"]:
            return
        if isinstance(entry, Attack) and not entry.overrun:
            self.declared(audit, entry)
            return
        if not isinstance(entry, Move):
            return
        start = previous.loc if previous is not None and not previous.removed else None
        if start not in self.game.hexes or entry.to not in self.game.hexes:
            return
        u = audit.units[entry.unit]
        rule = self.rules.rule(c["retreat_rule"])
        if u.unit_class == "supply" or self.kinds.is_truck(u):
            audit.report(rule, f"{entry.unit} moves from {start} to {entry.to} in a Land Combat "
                         f"Phase; trucks, SPs and ASPs cannot retreat", where=entry.to, units=[entry.unit], case="cannot")
            return
        enemies = self.fought.get(entry.unit)
        if enemies is None or u.side is None:
            return  # not in a combat of this phase
        sit = self.rules.situation
        if sit.enemy_defended_at(u.side, entry.to):
            audit.report(rule, f"{entry.unit} moves into {entry.to}, a hex an enemy unit with a "
                         f"Defense Factor holds, after its combat", where=entry.to, units=[entry.unit], case="enemy")
        elif entry.to in enemies:
            return  # advancing (12.3): enemy ZOCs are ignored
        elif entry.to in sit.zoc(enemy(u.side)) and not any(
                o != entry.unit and self.kinds.has_defense(audit.units[o]) for o in sit.land_units(u.side).get(entry.to, ())):
            audit.report(rule, f"{entry.unit} retreats into {entry.to}, in an enemy ZOC, where no "
                         f"friendly land unit with a Defense Factor stands", where=entry.to, units=[entry.unit],
                         samples=self.cfg["land_movement"]["zoc_sample"], case="zoc")

    def declared(self, audit: Audit, entry: Attack) -> None:
        """Who fought whom: the attackers face the attacked hex, its defenders the attackers' hexes."""
        pos = audit.position
        attackers = [uid for uid in entry.attackers if uid in audit.units]
        side = audit.units[attackers[0]].side if attackers else None
        defenders = [uid for uid in pos.at(entry.hex) if audit.units[uid].side not in (None, side)
                     and self.kinds.is_land(audit.units[uid])]
        from_hexes = {h for h in (pos.loc(uid) for uid in attackers) if h}
        for uid in attackers:
            self.fought.setdefault(uid, set()).add(entry.hex)
        for uid in defenders:
            self.fought.setdefault(uid, set()).update(from_hexes)


class StepLosses(Check):
    """12.2.1: "A land unit that has Attack and/or Defense Factors printed on both sides of its counter
    has two steps. All other land units have only one step." The steps of a land unit are its
    counter's (units.csv ``steps``: two where both sides print factors, one for the rest, and one for
    the breakdown batteries, the Exception): a ``steps`` entry that gives a land unit more is a finding.
    Which steps a combat result removes is read off the CRT, which is not in the text."""

    def after(self, audit: Audit, entry: Entry, previous: UnitState | None) -> None:
        if not isinstance(entry, Steps):
            return
        u = audit.units[entry.unit]
        if not self.kinds.is_land(u) or u.steps is None or entry.to <= u.steps:
            return
        audit.report(self.rules.rule(self.cfg["land_combat"]["steps_rule"]),
                     f"{entry.unit} is given {entry.to} steps; it has {u.steps} "
                     f"({'factors on both sides of its counter' if u.steps == 2 else 'one step'})",
                     where=audit.position.loc(entry.unit), units=[entry.unit], excess=entry.to - u.steps,
                     case="" if u.steps == 2 else "battery" if (u.size or "").lower() == "battery" else "one")
